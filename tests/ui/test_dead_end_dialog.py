""""No way to win": a move into a dead end (moves are left, none can ever bring a card
home) is told at once, once, with the analysis offered; the game stays in progress by the
rules, and leaving it counts it as abandoned. Through the real loop with posted events."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pygame

from game.engine import new_game
from game.records.replay import ABANDONED
from game.records.saves import list_recent_games
from game.records.stats import load_statistics
from game.ui.app import App
from game.ui.dialogs import AnalysisDialog, Dialog
from game.ui.replay_scene import ReplayScene
from game.ui.table import TableScene
from game.ui.widgets import ANALYSIS_TITLE
from tests.search.test_dead_end import CONSTITUTION_35


def _one_move_before(ui: SimpleNamespace, app: App) -> TableScene:
    game = new_game("constitution", 35)
    for text in CONSTITUTION_35[:-1]:
        game.play(game.parse_move(text))
    table = ui.open_table(app, game)
    assert app.top is table, "not a dead end yet: nothing is said"
    return table


def _into_the_dead_end(ui: SimpleNamespace, app: App, table: TableScene) -> Dialog:
    ui.perform(app, table, table.game.parse_move(CONSTITUTION_35[-1]))
    ui.settle(app, table)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No way to win"
    return dialog


def test_the_move_into_a_dead_end_is_told_once_and_again_after_an_undo(ui: SimpleNamespace, app: App) -> None:
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    labels = [b.label for b in dialog.buttons]
    assert labels == ["Undo", ANALYSIS_TITLE, "Restart", "New deal", "Keep playing"]
    assert "cannot be won from here" in dialog.lines[0] and "game #35 · 69 moves" in dialog.lines[1]
    assert "leaving it counts it as abandoned" in dialog.lines[2]
    assert table.session.in_progress and not table.session.over, "not lost by the rules"
    ui.click(app, dialog.buttons[-1].rect.center)  # Keep playing
    assert app.top is table
    # shuffling on in the dead end says nothing more
    shuffle = table.game.legal_moves()[0]
    ui.perform(app, table, shuffle)
    ui.settle(app, table)
    assert app.top is table and len(table.game.history) == 70
    # out of it (two undos), then into it again: told again
    ui.press(app, pygame.K_u)
    ui.settle(app, table)
    assert app.top is table
    ui.press(app, pygame.K_u)
    ui.settle(app, table)
    assert app.top is table and len(table.game.history) == 68
    _into_the_dead_end(ui, app, table)


def test_undo_from_it_takes_the_move_back(ui: SimpleNamespace, app: App) -> None:
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    assert dialog.buttons[0].focused
    ui.press(app, pygame.K_RETURN)
    ui.settle(app, table)
    assert app.top is table and len(table.game.history) == 68


def test_the_analysis_opens_over_it_and_comes_back_to_it(ui: SimpleNamespace, app: App) -> None:
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    ui.click(app, dialog.buttons[1].rect.center)
    analysis = app.top
    assert isinstance(analysis, AnalysisDialog) and analysis.title == ANALYSIS_TITLE
    ui.step(app, 3)
    ui.press(app, pygame.K_ESCAPE)
    assert analysis.job.done
    back = app.top
    assert isinstance(back, Dialog) and back.title == "No way to win"
    assert app.under(back) is table


def test_a_new_deal_from_it_counts_the_game_as_abandoned(ui: SimpleNamespace, app: App) -> None:
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    ui.click(app, dialog.buttons[3].rect.center)  # New deal
    ui.settle(app, table)
    assert app.top is table and table.game.game != "35" and not table.game.history
    stats = load_statistics(table.store)["constitution"]
    assert (stats.played, stats.lost, stats.abandoned) == (1, 0, 1)
    # its replay, among the recent games, offers the analysis as a lost game's does
    [entry] = list_recent_games(table.store)
    replay = entry.replay
    assert replay is not None and replay.result == ABANDONED and len(replay.moves) == 69
    viewer = ReplayScene(app, replay)
    assert viewer.analyse_button is not None and viewer.analyse_button.label == ANALYSIS_TITLE
    # not a game abandoned before its dead end
    assert ReplayScene(app, dataclasses.replace(replay, moves=replay.moves[:-1])).analyse_button is None
