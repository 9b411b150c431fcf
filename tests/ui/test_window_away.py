"""The play clock and the window's focus, kept by the app whatever scene is on top: a
dialog that opens or closes by itself while the window is away (the "No more moves"
after the last move's cards land, the demo stopping) does not lose the window's state.
Everything through the real loop with posted events; the table's clock is its own time,
advanced by the frames."""

from __future__ import annotations

from types import SimpleNamespace

import demo_thinkers
import pygame
import pytest

from game.engine import new_game
from game.search import demo as demo_module
from game.session.positions import lost_position
from game.ui.app import App
from game.ui.demo_scene import PAUSES, DemoScene
from game.ui.table import TableScene

#: the window's events for going away and coming back: losing the focus, minimising
AWAY_AND_BACK = [(pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                 (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)]


def _window(ui: SimpleNamespace, app: App, kind: int) -> None:
    pygame.event.post(pygame.event.Event(kind))
    ui.step(app)


def _one_move_from_lost(ui: SimpleNamespace, app: App) -> tuple[TableScene, str]:
    """A table one move from a lost game (its cards down), and that move."""
    lost = lost_position(new_game("constitution", 5))
    moves = [lost.move_text(h.move) for h in lost.history]
    game = new_game("constitution", 5)
    game.play_all(moves[:-1])
    assert not game.is_lost()
    return ui.open_table(app, game), moves[-1]


@pytest.mark.parametrize(("away", "back"), AWAY_AND_BACK, ids=["focus", "minimised"])
def test_the_lost_dialog_opening_while_away_does_not_lose_the_window_state(
        ui: SimpleNamespace, app: App, away: int, back: int) -> None:
    table, last = _one_move_from_lost(ui, app)
    table.play(table.game.parse_move(last))
    _window(ui, app, away)  # while the last move's cards fly
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "No more moves"
    _window(ui, app, back)
    played = len(table.game.history)
    ui.press(app, pygame.K_RETURN)  # Undo, focused first
    ui.settle(app, table)
    assert app.top is table and len(table.game.history) == played - 1
    elapsed = table.session.elapsed
    ui.step(app, 60)
    assert table.session.elapsed > elapsed + 0.9, "the clock runs again after the undo"
    _window(ui, app, away)
    elapsed = table.session.elapsed
    ui.step(app, 600)  # ten seconds elsewhere
    assert abs(table.session.elapsed - elapsed) < 0.05, "time away is not play"
    _window(ui, app, back)
    ui.step(app, 60)
    assert table.session.elapsed > elapsed + 0.9


@pytest.mark.parametrize(("away", "back"), AWAY_AND_BACK, ids=["focus", "minimised"])
def test_the_demo_waits_while_away_and_stopping_by_itself_when_back_leaves_the_clock_running(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch, away: int, back: int) -> None:
    """While the window is away the demo waits (no move, the clock stopped, the demo still
    on top); back, it goes on, and when it stops by itself (its search fails) the table is
    the player's with the clock running."""
    monkeypatch.setattr(demo_module, "_THINK", demo_thinkers.failing_move)
    table = ui.open_table(app, new_game("constitution", "4"))
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    _window(ui, app, away)
    elapsed = table.session.elapsed
    try:
        ui.step(app, 600)
        assert app.top is demo and not table.game.history, "away, the demo waits"
        assert abs(table.session.elapsed - elapsed) < 0.05, "the window is away: the clock stops"
        _window(ui, app, back)
        for _ in range(1200):
            if app.top is not demo:
                break
            ui.step(app)
            if demo.thinking is not None:
                demo.thinking.wait(ui.FRAME)
        assert app.top is table, "the demo stopped by itself (its search failed)"
    finally:
        demo_module.stop_thinking()
    elapsed = table.session.elapsed
    ui.step(app, 60)
    assert table.session.elapsed > elapsed + 0.9, "the window is back: the clock runs"


def test_the_window_is_back_only_when_restored_and_focused_and_a_table_opened_meanwhile_waits(
        ui: SimpleNamespace, screen_app: App) -> None:
    """Minimised (which also takes the focus away), the window is back when it has both
    been restored and got the focus again; a table pushed while it is away starts with its
    clock stopped."""
    app = screen_app
    assert not app.away
    _window(ui, app, pygame.WINDOWFOCUSLOST)
    _window(ui, app, pygame.WINDOWMINIMIZED)
    table = TableScene(app, new_game("constitution", "4242"))
    app.push(table)
    ui.step(app)
    elapsed = table.session.elapsed
    ui.step(app, 120)
    assert abs(table.session.elapsed - elapsed) < 0.05, "a table opened while away waits"
    _window(ui, app, pygame.WINDOWRESTORED)
    assert app.away, "restored but still without the focus"
    ui.step(app, 120)
    assert abs(table.session.elapsed - elapsed) < 0.05
    _window(ui, app, pygame.WINDOWFOCUSGAINED)
    assert not app.away
    ui.step(app, 60)
    assert table.session.elapsed > elapsed + 0.9
    # under a dialog the window coming back does not start the clock; closing it does
    _window(ui, app, pygame.WINDOWMINIMIZED)
    ui.press(app, pygame.K_o)
    assert not isinstance(app.top, TableScene)
    _window(ui, app, pygame.WINDOWRESTORED)
    elapsed = table.session.elapsed
    ui.step(app, 60)
    assert abs(table.session.elapsed - elapsed) < 0.05
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table
    ui.step(app, 60)
    assert table.session.elapsed > elapsed + 0.9
