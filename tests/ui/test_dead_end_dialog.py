""""No way to win": a move into a dead end (moves are left, none can ever bring a card
home) is told at once, once, with the analysis offered; the game stays in progress by the
rules: the menu keeps it, and a restart or a new deal counts it as abandoned. Through the
real loop with posted events."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.records.progress import load_progress
from game.records.replay import ABANDONED, IN_PROGRESS
from game.records.saves import is_practice, list_recent_games, list_replays, load_saved_game
from game.records.stats import load_statistics
from game.search import dead_end as dead_ends
from game.search.dead_end import DeadEndLook
from game.session.positions import dead_end_position
from game.ui.app import App
from game.ui.dialogs import AnalysisDialog, Dialog
from game.ui.replay_scene import ReplayScene
from game.ui.table import TableScene
from game.ui.widgets import ANALYSIS_TITLE
from tests.search.test_dead_end import CONSTITUTION_35, SQUARE_6


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
    assert labels == ["Undo", ANALYSIS_TITLE, "Restart", "New deal", "Save replay", "Keep playing"]
    home = table.game.cards_home()
    assert "cannot be won from here" in dialog.lines[0]
    assert dialog.lines[1] == "British Constitution · game #35"
    assert dialog.lines[2] == f"69 moves · {home} of 88 cards home" and 0 < home < 88
    assert dialog.lines[3] == f"Score {table.session.score.total:,}"
    assert dialog.lines[4].endswith("the menu keeps it to continue, and a restart or a new deal counts "
                                    "it as abandoned.")
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


def test_the_hint_in_a_dead_end_played_on_in_shows_it_again_with_the_analysis(ui: SimpleNamespace,
                                                                             app: App) -> None:
    """Once the player keeps playing, no hint can help, and the dialog with the analysis
    never came back: H charged 25 points to say the move "leaves no way to win". Now H
    shows the dialog again, at no cost; out of the dead end it is a hint again."""
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    ui.click(app, dialog.buttons[-1].rect.center)  # Keep playing
    ui.perform(app, table, table.game.legal_moves()[0])
    ui.settle(app, table)
    assert app.top is table
    score, hints = table.session.score.total, table.session.recorder.hints
    ui.press(app, pygame.K_h)
    again = app.top
    assert isinstance(again, Dialog) and again.title == "No way to win"
    assert ANALYSIS_TITLE in [b.label for b in again.buttons]
    assert (table.session.score.total, table.session.recorder.hints) == (score, hints)
    ui.click(app, again.buttons[-1].rect.center)  # Keep playing
    # out of it again (two undos), and H at once, before the look after the undo answers:
    # a hint, not "No way to win" (the position can be won)
    for _ in range(2):
        ui.press(app, pygame.K_u)
    ui.press(app, pygame.K_h)
    assert app.top is table and len(table.game.history) == 68
    assert table.session.recorder.hints == hints + 1


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


def _practice_over_it(ui: SimpleNamespace, app: App, table: TableScene, at: int = 45) -> TableScene:
    """The way the analysis's "Watch the winning line" goes, without its search: a replay
    viewer over the "No way to win" dialog, taken over at move ``at`` (a practice game on
    a table over the player's own game, which is still in progress under it)."""
    viewer = ReplayScene(app, table.session.recorder.replay())
    app.push(viewer)
    ui.step(app)
    viewer.jump(at)
    viewer.take_over()
    ui.step(app)
    practice = app.top
    assert isinstance(practice, TableScene) and practice is not table and practice.session.practice
    assert [s.name for s in app.scenes] == ["table", "dead end", "table"]
    ui.settle(app, practice)
    return practice


def _practice_begun(ui: SimpleNamespace, app: App) -> tuple[TableScene, TableScene]:
    """The player's game in its dead end, and a practice game over it with a move made."""
    table = _one_move_before(ui, app)
    _into_the_dead_end(ui, app, table)
    practice = _practice_over_it(ui, app, table)
    practice.play(practice.game.legal_moves()[0])
    ui.settle(app, practice)
    return table, practice


@pytest.mark.parametrize("leave", ["Esc", "Menu button"])
def test_leaving_a_practice_game_over_it_for_the_menu_keeps_the_players_own_game(
        ui: SimpleNamespace, app: App, leave: str) -> None:
    """The menu replaces every screen: the player's own game in progress under the
    practice game was dropped with it, neither saved nor counted (found by a hostile
    review). Now the practice game is left, after a question, and the menu keeps the
    player's game to continue, saved as it was."""
    table, practice = _practice_begun(ui, app)
    if leave == "Esc":
        ui.press(app, pygame.K_ESCAPE)
    else:
        ui.click(app, next(b for b in practice.hud.buttons if b.label == "Menu").rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Leave this practice game?"
    assert "your game (British Constitution #35, 69 moves) is kept for you to continue" in ask.lines[0]
    ui.click(app, next(b for b in ask.buttons if b.label == "Leave it").rect.center)
    menu = app.top
    assert menu is not None and menu.name == "menu" and len(app.scenes) == 1
    saved = load_saved_game(table.store)
    assert saved is not None and (saved.game, len(saved.moves)) == ("35", 69)
    assert not is_practice(table.store, saved)
    stats = load_statistics(table.store)["constitution"]
    assert stats.played == 0 and not list_recent_games(table.store)
    ui.click(app, menu.continue_button.rect.center)  # type: ignore[attr-defined]
    assert app.top is table and len(table.game.history) == 69 and table.session.in_progress


def test_a_practice_game_not_begun_goes_to_the_menu_without_a_question(ui: SimpleNamespace, app: App) -> None:
    """Taken over at the deal, before any move: nothing of it would be lost."""
    table = _one_move_before(ui, app)
    _into_the_dead_end(ui, app, table)
    _practice_over_it(ui, app, table, at=0)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is not None and app.top.name == "menu"
    saved = load_saved_game(table.store)
    assert saved is not None and (saved.game, len(saved.moves)) == ("35", 69)


def test_a_new_deal_from_a_practice_game_over_it_counts_the_players_game_as_abandoned(
        ui: SimpleNamespace, app: App) -> None:
    table, practice = _practice_begun(ui, app)
    ui.press(app, pygame.K_n)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Start a new deal?"
    assert "your game (British Constitution #35, 69 moves) will be counted as abandoned" in ask.lines[0]
    ui.click(app, next(b for b in ask.buttons if b.label == "New deal").rect.center)
    ui.settle(app, practice)
    assert app.top is practice and not practice.session.practice and practice.game.game != "35"
    assert app.scenes == [practice], "the game given up and its dialog are gone from under it"
    stats = load_statistics(table.store)["constitution"]
    assert (stats.played, stats.abandoned) == (1, 1)
    [entry] = list_recent_games(table.store)
    assert entry.replay is not None and entry.replay.result == ABANDONED and len(entry.replay.moves) == 69
    # the new deal, left for the menu, is the saved game; the old one is not counted twice
    practice.play(practice.game.legal_moves()[0])
    ui.settle(app, practice)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is not None and app.top.name == "menu"
    assert load_statistics(table.store)["constitution"].played == 1
    saved = load_saved_game(table.store)
    assert saved is not None and saved.game == practice.game.game


def test_closing_the_window_over_a_practice_game_asks_then_saves_the_players_own_game(
        ui: SimpleNamespace, app: App) -> None:
    """The practice game is never saved in the place of the player's game under it: the
    window asks first, as it does when the player's game was saved before (it saved the
    practice game, then the player's game over it, silently: a hostile review)."""
    table, _ = _practice_begun(ui, app)
    app.quit()
    ask = app.top
    assert app.running and isinstance(ask, Dialog) and ask.title == "Your game could not be saved"
    assert "your game (British Constitution #35, 69 moves) is saved to continue" in ask.lines[0]
    ui.click(app, next(b for b in ask.buttons if b.label == "Close anyway").rect.center)
    assert not app.running
    saved = load_saved_game(table.store)
    assert saved is not None and (saved.game, len(saved.moves)) == ("35", 69)
    assert not is_practice(table.store, saved)


def test_a_game_in_progress_dropped_from_the_screen_is_counted(ui: SimpleNamespace, app: App) -> None:
    """Whatever drops a table with a game in progress (not paused for the menu, which
    keeps it) counts the game as abandoned: a game never vanishes uncounted."""
    table = _one_move_before(ui, app)
    app.start("menu")
    stats = load_statistics(table.store)["constitution"]
    assert (stats.played, stats.abandoned) == (1, 1)


def test_a_square_dead_end_gives_its_score_folds_to_play_on_and_scores_when_left(
        ui: SimpleNamespace, app: App) -> None:
    """British Square is played for the score: the dialog says where the score enters the
    high scores, as a lost game's does; folded (C), the table plays on under it, and the
    dialog goes once the position changes; the game, left for a new deal in its dead end,
    enters the high scores."""
    game = new_game("square", "6")
    for text in SQUARE_6[:-1]:
        game.play(game.parse_move(text))
    table = ui.open_table(app, game)
    assert app.top is table
    ui.perform(app, table, table.game.parse_move(SQUARE_6[-1]))
    ui.settle(app, table)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No way to win" and dialog.foldable
    score = table.session.score.total
    assert dialog.lines[3] == (f"Score {score:,}: #1 in the British Square high scores when you leave "
                               "this game")
    ui.press(app, pygame.K_c)
    assert dialog.folded and app.top is dialog
    ui.perform(app, table, table.game.legal_moves()[0])
    ui.settle(app, table)
    assert app.top is table and len(table.game.history) == len(SQUARE_6) + 1, "played under the bar"
    ui.press(app, pygame.K_n)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Start a new deal?"
    ui.click(app, next(b for b in ask.buttons if b.label == "New deal").rect.center)
    ui.settle(app, table)
    assert table.game.game != "6"
    assert load_statistics(table.store)["square"].abandoned == 1
    [entry] = load_progress(table.store).high_scores("square")
    assert (entry.game, entry.score, entry.moves) == ("6", score, len(SQUARE_6) + 1)


def test_a_practice_game_over_it_that_walks_into_the_dead_end_again_says_what_a_new_deal_costs(
        ui: SimpleNamespace, app: App) -> None:
    """Its "New deal" asks nothing (the dialog is the question): the dialog itself says
    that the player's own game under it will be counted as abandoned."""
    table = _one_move_before(ui, app)
    _into_the_dead_end(ui, app, table)
    practice = _practice_over_it(ui, app, table, at=len(CONSTITUTION_35) - 1)
    dialog = _into_the_dead_end(ui, app, practice)
    assert dialog.lines[4] == ("A practice game, taken over from a replay: your statistics do not count "
                               "it; a new deal counts your game (British Constitution #35, 69 moves) as "
                               "abandoned")
    ui.click(app, next(b for b in dialog.buttons if b.label == "New deal").rect.center)
    ui.settle(app, practice)
    assert load_statistics(table.store)["constitution"].abandoned == 1


def test_a_new_deal_from_a_practice_game_over_it_then_closing_the_window_asks_nothing(
        ui: SimpleNamespace, app: App) -> None:
    """The player's game given up for the new deal is no longer under it to be asked
    about ("This game was counted… this game is lost", and the window stayed open)."""
    table, practice = _practice_begun(ui, app)
    ui.press(app, pygame.K_n)
    ui.click(app, next(b for b in app.top.buttons if b.label == "New deal").rect.center)  # type: ignore[union-attr]
    ui.settle(app, practice)
    practice.play(practice.game.legal_moves()[0])
    ui.settle(app, practice)
    app.quit()
    assert not app.running
    saved = load_saved_game(table.store)
    assert saved is not None and saved.game == practice.game.game
    assert load_statistics(table.store)["constitution"].played == 1


@pytest.mark.parametrize("key", [pygame.K_r, pygame.K_n])
def test_a_folded_dialog_goes_when_a_confirmed_restart_or_new_deal_replaces_the_position(
        ui: SimpleNamespace, app: App, key: int) -> None:
    """The restart or the new deal is confirmed in a dialog over the folded one, so it is
    not an input the folded dialog passes down: it stayed, speaking of 69 moves over a
    fresh deal (a hostile review)."""
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    ui.press(app, pygame.K_c)
    assert dialog.folded
    ui.press(app, key)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title in ("Restart this deal?", "Start a new deal?")
    ui.click(app, ask.buttons[-1].rect.center)
    ui.settle(app, table)
    assert app.scenes == [table] and not table.game.history


def test_a_square_dead_end_left_for_the_menu_scores_when_the_menu_deals_another_game(
        ui: SimpleNamespace, app: App) -> None:
    game = new_game("square", "6")
    for text in SQUARE_6[:-1]:
        game.play(game.parse_move(text))
    table = ui.open_table(app, game)
    ui.perform(app, table, table.game.parse_move(SQUARE_6[-1]))
    ui.settle(app, table)
    score = table.session.score.total
    ui.press(app, pygame.K_ESCAPE)  # the dialog: keep playing
    ui.press(app, pygame.K_ESCAPE)  # the table: to the menu, which keeps the game
    menu = app.top
    assert menu is not None and menu.name == "menu"
    assert not load_progress(table.store).high_scores("square")
    menu.start_random()  # type: ignore[attr-defined]
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    ui.click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    assert load_statistics(table.store)["square"].abandoned == 1
    [entry] = load_progress(table.store).high_scores("square")
    assert (entry.game, entry.score) == ("6", score)


def test_it_saves_the_replay_of_the_game_so_far_and_says_where(ui: SimpleNamespace, app: App) -> None:
    table = _one_move_before(ui, app)
    dialog = _into_the_dead_end(ui, app, table)
    labels = [b.label for b in dialog.buttons]
    assert labels[-2:] == ["Save replay", "Keep playing"]
    ui.click(app, next(b for b in dialog.buttons if b.label == "Save replay").rect.center)
    again = app.top
    assert isinstance(again, Dialog) and again is not dialog and again.title == "No way to win"
    assert "Save replay" not in [b.label for b in again.buttons]
    # the focus is not back on "Undo", where a second Enter would take the last move back
    assert again.buttons[again.focus].label == "Keep playing"
    assert [b.label for b in again.buttons if b.focused] == ["Keep playing"], "the ring is where Enter acts"
    assert any(line.startswith("Replay saved as") for line in again.lines)
    (saved,) = list_replays(table.store)
    assert saved.replay is not None and saved.replay.result == IN_PROGRESS
    end = saved.replay.play_out()
    assert end.to_layout() == table.game.to_layout() and len(end.history) == len(CONSTITUTION_35)
    # the game is still in progress by the rules: keep playing goes back to it
    ui.click(app, again.buttons[-1].rect.center)
    assert app.top is table and table.session.in_progress


def test_a_dead_end_that_takes_frames_to_see_is_told_and_no_frame_waits_for_it(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine so busy that the look gets through 32 positions a frame: Union Square's
    dead end (64 positions) is told a few frames after its cards land, not never; a
    position changed meanwhile drops the look at the old one."""
    monkeypatch.setattr(dead_ends, "DEAD_END_MS", 0.0)
    answers: list[bool | None] = []
    whole = DeadEndLook.run

    def counted(look: DeadEndLook, max_ms: float | None = 0.0) -> bool | None:
        answers.append(whole(look, max_ms))
        return answers[-1]

    monkeypatch.setattr(DeadEndLook, "run", counted)
    game = dead_end_position(new_game("union-square", "12345678901234567890"))
    answers.clear()  # finding the position asked too
    table = ui.open_table(app, game)
    for _ in range(100):
        if isinstance(app.top, Dialog):
            break
        assert table.dead_end_look is not None, "the look stopped without telling"
        ui.step(app)
    assert isinstance(app.top, Dialog) and app.top.title == "No way to win"
    assert answers[0] is None and answers[-1] is True and set(answers) == {None, True}, \
        "one frame's slice did not see it all; later frames' did"
    # a look under way when a move is taken back is dropped, the dialog not shown
    app.pop()
    table.dead_end_told = False
    table.result_due = True
    ui.step(app)
    assert table.dead_end_look is not None and app.top is table
    table.game.undo()
    table._look_on_for_dead_end()
    assert table.dead_end_look is None and app.top is table
