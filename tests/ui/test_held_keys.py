"""Keys held down: pygame sends a held key as presses again and again, with nothing to
mark them. The keys that move a focus, scroll or delete repeat; a held key that acts
(Space, Enter, Esc, U…) acts once. Through the real loop with posted events: a key down
posted again before its release is the key held."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.session.positions import near_won_position
from game.ui.app import REPEAT_DELAY, REPEAT_INTERVAL, App
from game.ui.dialogs import Dialog
from game.ui.menu import MenuScene
from game.ui.options import OptionsScene


def hold(app: App, key: int, presses: int, ui: SimpleNamespace) -> None:
    """Hold ``key`` down for ``presses`` presses (the first and its repeats), frames between."""
    for _ in range(presses):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        ui.step(app)


def release(app: App, key: int, ui: SimpleNamespace) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    ui.step(app)


def test_held_keys_repeat(app: App) -> None:
    assert pygame.key.get_repeat() == (REPEAT_DELAY, REPEAT_INTERVAL)
    assert 0 < REPEAT_INTERVAL < REPEAT_DELAY


def test_a_held_arrow_moves_the_focus_on_and_a_held_space_acts_once(ui: SimpleNamespace, app: App) -> None:
    game, _ = near_won_position("square")
    table = ui.open_table(app, game)
    hands = table.gestures
    ui.press(app, pygame.K_TAB)  # the focus shows, on the first column
    start = hands.focus
    hold(app, pygame.K_RIGHT, 3, ui)
    release(app, pygame.K_RIGHT, ui)
    places = [start]
    for _ in range(3):
        places.append(table.layout.neighbour(places[-1], (1, 0)))
    assert hands.focus == places[-1] != start
    hands.focus = game.tableau[0]
    hold(app, pygame.K_SPACE, 4, ui)
    assert hands.selected == game.tableau[0], "the card picked up is not put down again"
    release(app, pygame.K_SPACE, ui)
    ui.press(app, pygame.K_SPACE)  # pressed again: put back
    assert hands.selected is None and not game.history


def test_esc_held_on_the_table_goes_to_the_menu_and_no_further(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    game, _ = near_won_position("constitution")
    ui.open_table(app, game)
    for _ in range(4):  # the press, then the key repeating
        hold(app, pygame.K_ESCAPE, 1, ui)
        assert app.top is menu and not isinstance(app.top, Dialog) and app.running


def test_backspace_held_deletes_on_and_stops_at_a_screen_it_left(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    field = menu.number_input
    menu.ring.focus(field)
    ui.type_text(app, "12345")
    hold(app, pygame.K_BACKSPACE, 3, ui)
    release(app, pygame.K_BACKSPACE, ui)
    assert field.value == "12"
    app.push(OptionsScene(app))
    ui.step(app)
    hold(app, pygame.K_BACKSPACE, 4, ui)  # leaves the options; the menu's field keeps its digits
    assert isinstance(app.top, MenuScene) and field.value == "12"
    release(app, pygame.K_BACKSPACE, ui)
    ui.press(app, pygame.K_BACKSPACE)
    assert field.value == "1"


def test_a_held_key_that_types_a_character_acts_once_in_the_replay_viewer(ui: SimpleNamespace,
                                                                         screen_app: App) -> None:
    """SDL sends a held key's character again with each press: + held went through every
    speed and A held switched "As played" on and off by chance. The character a dropped
    press types is dropped with it; one typed on its own still counts."""
    from tests.ui.test_replay_scene import open_replay, recorded

    scene = open_replay(ui, screen_app, recorded())
    for _ in range(5):  # A held: a press and its character, then the repeats
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
        ui.step(screen_app)
    release(screen_app, pygame.K_a, ui)
    assert scene.as_played
    speed = scene.speed_index
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_EQUALS, mod=pygame.KMOD_SHIFT,
                                             unicode="+"))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="+"))
        ui.step(screen_app)
    release(screen_app, pygame.K_EQUALS, ui)
    assert scene.speed_index == speed + 1
    ui.type_text(screen_app, "+")  # typed with no key press seen (an input method's): counted
    assert scene.speed_index == speed + 2
