"""What a player new to the game meets on the table and the menu (review 30c): a message
about one card never stands over what the bar says about the card taken up after it; the
how-to-play sheet says where help is once it is closed."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import RULE_IDS, new_game
from game.records.scoring import HINT_PENALTY
from game.ui.app import App
from game.ui.help_scene import HelpScene
from game.ui.table import TableScene


def _refused_then(ui: SimpleNamespace, app: App) -> tuple[TableScene, int]:
    """British Constitution game 1, where Row 1, pile 1's 9♦ has no move and pile 2's 2♥
    may go home: a click on 9♦ says so; the place of 2♥."""
    table = ui.open_table(app, new_game("constitution", 1))
    g = table.game
    nine, two = g.place_index("r1c1"), g.place_index("r1c2")
    assert not table.session.moves_from(nine) and table.session.moves_from(two)
    ui.click(app, ui.top_point(table, nine))
    assert table.message == "9♦ has no move now"
    return table, two


def test_a_card_clicked_after_one_with_no_move_is_what_the_bar_talks_of(ui: SimpleNamespace,
                                                                        app: App) -> None:
    table, two = _refused_then(ui, app)
    ui.click(app, ui.top_point(table, two))
    assert table.gestures.selected == two
    assert table.message == "", "the words about 9♦ would read as if about the 2♥ taken up"
    assert table.hud.status().startswith("Holding 2♥: choose where it goes")


def test_a_card_picked_up_by_keyboard_after_one_with_no_move(ui: SimpleNamespace, app: App) -> None:
    table, two = _refused_then(ui, app)
    table.gestures.focus_visible = True
    table.gestures.focus = two
    ui.press(app, pygame.K_SPACE)
    assert table.gestures.selected == two
    assert table.message == ""
    assert table.hud.status().startswith("Holding 2♥")


def test_a_card_dragged_after_a_refusal_hides_the_refusal(ui: SimpleNamespace, app: App) -> None:
    table, two = _refused_then(ui, app)
    a = ui.top_point(table, two)
    b = (a[0], a[1] + 200)
    ui.post_mouse(pygame.MOUSEBUTTONDOWN, a)
    ui.post_mouse(pygame.MOUSEMOTION, b, rel=(0, 200))
    ui.step(app)
    assert table.gestures.drag is not None
    assert table.message == ""


@pytest.mark.parametrize("rules", RULE_IDS)
def test_how_to_play_says_where_help_is_once_it_is_closed(ui: SimpleNamespace, app: App, rules: str) -> None:
    """The sheet a new player sees on a first game, and closes, says what to do when
    stuck (the hint, and what it costs; undo) and how to see it again: at 800x600 the
    Help button is in the bar's "⋯" menu."""
    app.resize((800, 600))
    table = ui.open_table(app, new_game(rules, 1))
    table.help.show_help()
    ui.step(app)
    sheet = app.top
    assert isinstance(sheet, HelpScene)
    words = " ".join(w for _, w, _ in sheet._blocks())
    assert f"Hint (H) shows a good move, for −{HINT_PENALTY} points" in words
    assert "Undo (U) takes a move back" in words
    assert "F1 brings this page back" in words
    blocks = [b.rect for b in app.drawn.boxes if b.name.startswith("how to play: block")]
    assert blocks[-1] == sheet.text_boxes[-1], "drawn, as the last block"
    # and F1 does bring it back
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    ui.press(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)


def test_how_to_play_promises_no_hint_when_hints_are_off(ui: SimpleNamespace, app: App) -> None:
    app.settings.hints = False
    table = ui.open_table(app, new_game("square", 1))
    table.help.show_help()
    ui.step(app)
    sheet = app.top
    assert isinstance(sheet, HelpScene)
    words = " ".join(w for _, w, _ in sheet._blocks())
    assert "Hint (H)" not in words and "Hints are turned off in the options" in words
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    ui.press(app, pygame.K_h)
    assert table.message == "Hints are turned off in the options"


def test_enter_on_a_rule_set_goes_on_to_the_deal(ui: SimpleNamespace, app: App) -> None:
    """The menu opens on the chosen rule set: Enter there ("Enter: choose") used to do
    nothing to see. It chooses and takes the focus on to "Deal a random game", so Enter
    twice deals a game, of the rule set the arrows went to."""
    menu = ui.open_menu(app)
    assert menu.ring.current is menu.rule_cards[0] and menu.rule_cards[0].selected
    ui.press(app, pygame.K_RETURN)
    assert menu.ring.current is menu.random_button
    assert app.top is menu and menu.rules == RULE_IDS[0]
    # back up to another rule set: Space chooses it and goes on in the same way
    menu.ring.focus(menu.rule_cards[3])
    ui.press(app, pygame.K_SPACE)
    assert menu.rules == "union-square" and menu.ring.current is menu.random_button
    ui.press(app, pygame.K_RETURN)
    top = app.top
    assert isinstance(top, TableScene) and top.game.rules == "union-square"


def test_a_click_on_a_rule_set_still_leaves_the_focus_on_it(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app)
    ui.click(app, menu.rule_cards[2].rect.center)
    assert menu.rules == "square" and menu.ring.current is menu.rule_cards[2]
    assert app.top is menu
