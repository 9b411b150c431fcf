"""Leaving the table without losing the game: Menu and Esc pause it for the menu, whose
"Continue" returns to it as it was; the options open over the game and return to it.
Everything through the real loop with posted events."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.records.replay import ABANDONED
from game.records.saves import abandon_saved_game, list_recent_games, load_saved_game
from game.records.stats import GameResult, Statistics, load_statistics, save_statistics
from game.records.store import Store
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.menu import MenuScene
from game.ui.options import OptionsScene
from game.ui.table import TableScene


def _won_before(store: Store, rules: str, wins: int) -> None:
    """Statistics where the player has won ``wins`` games of ``rules`` in a row."""
    stats = Statistics()
    s = stats[rules]
    for n in range(wins):
        s.add(GameResult("won", 80, 300.0, game=str(900 + n)))
    assert save_statistics(store, stats)


def _deal_from_menu(ui: SimpleNamespace, app: App, number: str) -> TableScene:
    """Type a game number on the menu and deal it; the table once its cards are down."""
    ui.type_text(app, number)
    ui.press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene) and table.game.game == number
    ui.settle(app, table)
    return table


def _play(ui: SimpleNamespace, app: App, table: TableScene, count: int) -> None:
    """Make ``count`` moves with the mouse, cards before the stock."""
    for _ in range(count):
        g = table.game
        moves = sorted(g.legal_moves(), key=lambda m: m.src == g.stock)
        ui.perform(app, table, moves[0])
        ui.settle(app, table)


def test_menu_then_continue_keeps_the_game_and_a_new_deal_abandons_it(ui: SimpleNamespace,
                                                                      app: App) -> None:
    store = Store(app.data_dir)
    _won_before(store, "constitution", 2)
    menu = ui.open_menu(app, "constitution")
    table = _deal_from_menu(ui, app, "4242")
    _play(ui, app, table, 3)
    played = list(table.game.moves_played)
    steps = list(table.session.undo_steps)
    score = table.score.total
    for _ in range(30):  # some play time
        ui.step(app)
    elapsed = table.session.elapsed
    assert elapsed > 0.4

    menu_button = next(b for b in table.hud.buttons if b.label == "Menu")
    ui.click(app, menu_button.rect.center)
    assert app.top is menu
    # Nothing was counted; the game is the saved game in progress.
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.current_streak) == (2, 2)
    saved = load_saved_game(store)
    assert saved is not None and saved.game == "4242" and len(saved.moves) == len(played)
    # "Continue" is offered and has the keyboard.
    assert menu.continue_button.enabled and menu.ring.current is menu.continue_button
    for _ in range(120):  # two seconds away: the game's clock does not run
        ui.step(app)
    ui.press(app, pygame.K_RETURN)
    assert app.top is table
    assert table.game.moves_played == played and table.session.undo_steps == steps
    assert table.score.total == score
    assert abs(table.session.elapsed - elapsed) < 0.1
    ui.step(app, 10)
    assert table.session.elapsed > elapsed  # and runs again
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.abandoned, stats.current_streak) == (2, 0, 2)

    # Esc pauses it too; then a new deal from the menu gives the old game up.
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.ring.current is menu.continue_button
    assert load_statistics(store)["constitution"].abandoned == 0
    ui.click(app, menu.random_button.rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    ui.click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    fresh = app.top
    assert isinstance(fresh, TableScene) and fresh is not table
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.abandoned, stats.current_streak, stats.best_streak) == (3, 1, 0, 2)
    assert load_saved_game(store) is None


def test_continue_after_the_game_was_given_up_elsewhere_opens_nothing_stale(ui: SimpleNamespace,
                                                                            app: App) -> None:
    menu = ui.open_menu(app, "square")
    table = _deal_from_menu(ui, app, "31")
    _play(ui, app, table, 2)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.continue_button.enabled
    # Another screen gives the saved game up (as the levels screen does when a level
    # is dealt instead).
    abandon_saved_game(Store(app.data_dir))
    menu.resume()
    assert not menu.continue_button.enabled
    ui.click(app, menu.continue_button.rect.center)
    assert app.top is menu


def test_options_open_over_the_game_and_return_to_it(ui: SimpleNamespace, app: App) -> None:
    menu = ui.open_menu(app, "union-square")
    table = _deal_from_menu(ui, app, "55")
    _play(ui, app, table, 2)
    played = list(table.game.moves_played)
    button = next(b for b in table.hud.buttons if b.label == "Options")
    ui.click(app, button.rect.center)
    options = app.top
    assert isinstance(options, OptionsScene)
    assert app.scenes == [menu, table, options]
    clock = table.session.elapsed
    ui.step(app, 60)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table and table.game.moves_played == played
    assert abs(table.session.elapsed - clock) < 0.1, "the clock stops under the options"
    # The O key opens them as well.
    ui.press(app, pygame.K_o)
    assert isinstance(app.top, OptionsScene)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table and table.game.moves_played == played
    assert isinstance(menu, MenuScene)


def test_a_minimised_or_unfocused_window_stops_the_clock_until_it_is_back(
        app: App, ui: SimpleNamespace) -> None:
    """Time spent in another window is not play: minimising the window or giving another
    window the focus stops the game's clock (as a dialog does), and it runs again when the
    window is back. A dialog's pause is not undone by the window coming back."""
    from game.engine import new_game

    table = ui.open_table(app, new_game("constitution", "4242"))
    ui.step(app, 30)
    for away, back in ((pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                       (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED)):
        pygame.event.post(pygame.event.Event(away))
        ui.step(app)
        elapsed = table.session.elapsed
        ui.step(app, 120)  # two seconds elsewhere
        assert abs(table.session.elapsed - elapsed) < 0.05
        pygame.event.post(pygame.event.Event(back))
        ui.step(app, 10)
        assert table.session.elapsed > elapsed + 0.1
    # a focus lost and found while the options are open leaves the clock stopped under them
    ui.press(app, pygame.K_o)
    assert isinstance(app.top, OptionsScene)
    elapsed = table.session.elapsed
    for event in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
        pygame.event.post(pygame.event.Event(event))
        ui.step(app, 30)
    assert abs(table.session.elapsed - elapsed) < 0.05


#: four moves of constitution game 1, which the player then undoes back to the deal
UNDONE = ["r1c2-f5", "r2c6-r1c2", "r3c6-r2c6", "r4c6-r3c6"]


def _undone_to_the_deal(ui: SimpleNamespace, app: App, table: TableScene | None = None) -> TableScene:
    """Constitution game 1 (or ``table``'s game) with the four moves made with the mouse,
    then undone with U, one by one."""
    if table is None:
        table = ui.open_table(app, new_game("constitution", "1"))
    for text in UNDONE:
        ui.perform(app, table, table.game.parse_move(text))
        ui.settle(app, table)
    assert len(table.game.history) == len(UNDONE)
    for _ in UNDONE:
        ui.press(app, pygame.K_u)
        ui.settle(app, table)
    assert not table.game.history and app.top is table
    return table


@pytest.mark.parametrize(("key", "title"), [(pygame.K_n, "Start a new deal?"),
                                            (pygame.K_r, "Restart this deal?")], ids=["new deal", "restart"])
def test_a_game_undone_back_to_its_deal_is_asked_about_and_counted_abandoned_when_given_up(
        ui: SimpleNamespace, app: App, key: int, title: str) -> None:
    """Undoing every move does not make the game unplayed: leaving it asks first, and
    counts it as abandoned with its replay among the recent games (else every loss could
    be dodged that way). The question says so, and that the run of wins ends (Restart
    said only that the moves would be lost)."""
    store = Store(app.data_dir)
    _won_before(store, "constitution", 2)
    table = _undone_to_the_deal(ui, app)
    words = ui.asked(app, key, title)
    assert "counted as abandoned in your statistics" in words and "a run of wins ends" in words
    ui.press(app, pygame.K_ESCAPE)  # "Keep playing": nothing is given up
    assert app.top is table and table.session.begun
    assert load_statistics(store)["constitution"].played == 2
    ui.press(app, key)
    ui.post_key(pygame.K_RIGHT)
    ui.post_key(pygame.K_RETURN)
    ui.settle(app, table)
    assert app.top is table and not table.game.history and not table.session.begun
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.abandoned, stats.current_streak, stats.best_streak) == (3, 1, 0, 2)
    [entry] = list_recent_games(store)
    assert entry.replay is not None and entry.replay.result == ABANDONED
    assert entry.replay.moves == () and entry.replay.undos == len(UNDONE)
    # the deal dealt next, untouched, is given up without a question and not counted
    ui.press(app, pygame.K_n)
    assert app.top is table and load_statistics(store)["constitution"].played == 3


def test_a_game_undone_back_to_its_deal_is_saved_when_the_window_closes_and_counted_when_given_up(
        ui: SimpleNamespace, app: App) -> None:
    store = Store(app.data_dir)
    _undone_to_the_deal(ui, app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app)
    assert not app.running
    saved = load_saved_game(store)
    assert saved is not None and saved.moves == () and saved.undos == len(UNDONE)
    assert load_statistics(store)["constitution"].played == 0, "a saved game is not counted yet"
    # the next time: "Continue" offers it, and it is a game begun
    app.running = True
    app.scenes.clear()
    menu = ui.open_menu(app, "constitution")
    assert menu.continue_button.enabled and "0 moves" in menu.continue_button.hint
    ui.click(app, menu.continue_button.rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.session.begun and table.session.in_progress
    ui.settle(app, table)
    ui.press(app, pygame.K_n)
    assert isinstance(app.top, Dialog)
    ui.post_key(pygame.K_RIGHT)
    ui.post_key(pygame.K_RETURN)
    ui.settle(app, table)
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.abandoned) == (1, 1) and load_saved_game(store) is None


def test_a_game_undone_back_to_its_deal_and_left_for_the_menu_continues_as_it_was(
        ui: SimpleNamespace, app: App) -> None:
    """Left for the menu with moves, the game is saved; continued and undone back to its
    deal, then left again, it is saved as it is now: "Continue" returns to it, not to
    the save of the moves before they were undone (with the undos forgotten), and a new
    deal from the menu counts it as abandoned."""
    store = Store(app.data_dir)
    menu = ui.open_menu(app, "constitution")
    table = _deal_from_menu(ui, app, "1")
    for text in UNDONE:
        ui.perform(app, table, table.game.parse_move(text))
        ui.settle(app, table)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is menu
    saved = load_saved_game(store)
    assert saved is not None and saved.move_texts == UNDONE
    ui.press(app, pygame.K_RETURN)  # Continue
    assert app.top is table
    for _ in UNDONE:
        ui.press(app, pygame.K_u)
        ui.settle(app, table)
    assert not table.game.history
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.continue_button.enabled
    saved = load_saved_game(store)
    assert saved is not None and saved.moves == () and saved.undos == len(UNDONE)
    ui.press(app, pygame.K_RETURN)
    assert app.top is table and not table.game.history and table.session.begun
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is menu
    ui.click(app, menu.random_button.rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    assert "0 moves" in " ".join(ask.lines)
    ui.click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    assert isinstance(app.top, TableScene) and app.top is not table
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.abandoned) == (1, 1) and load_saved_game(store) is None
    [entry] = list_recent_games(store)
    assert entry.replay is not None and entry.replay.undos == len(UNDONE)
