"""Where did I go wrong? on the table, through the real loop: the lost game's dialog offers
it, the analysis runs in its own process while frames go on with its progress shown, the
answer names the move in the player's words, the replay viewer plays the winning line
from the position before it to a win, and "Stop" ends the analysis at once; the replay
viewer of a lost game offers the same analysis."""

from __future__ import annotations

import itertools
import os
import re
import time
from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.records.progress import load_progress
from game.records.saves import list_recent_games
from game.records.scoring import score_replay
from game.records.stats import load_statistics
from game.records.store import Store
from game.search.analyse import Analyser, Analysis, Budget, analyse
from game.ui import bench, dialogs
from game.ui.app import App, Scene
from game.ui.dialogs import ANALYSIS_TITLE, AnalysisDialog, Dialog
from game.ui.drawn import Kind
from game.ui.replay_scene import ReplayScene
from game.ui.table import TableScene
from game.ui.widgets import NO_BREAK
from tests.search.lost_lines import LOST_LINES, LostLine, lost_replay

#: what the win dialog says of a win with help
HELPED_WIN = "You played it knowing the way the analysis of its loss showed: no high score"
#: what the panel says below an answer with a winning line: where the line is, and its cost
WAY_SHOWN = ("“Watch the winning line” plays it move by move. With the way known, playing this deal "
             "again counts as help: no high score, best time or stars.")


def _lost_table(ui: SimpleNamespace, app: App, line: LostLine) -> Dialog:
    """The lost game of ``line`` on the table, with its "No more moves" dialog on top."""
    ui.open_table(app, lost_replay(line).play_out())
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No more moves"
    return dialog


def _open_analysis(ui: SimpleNamespace, app: App, lost: Dialog) -> AnalysisDialog:
    assert [b.label for b in lost.buttons[:2]] == ["Undo", ANALYSIS_TITLE]
    ui.click(app, lost.buttons[1].rect.center)
    analysis = app.top
    assert isinstance(analysis, AnalysisDialog) and analysis.title == ANALYSIS_TITLE
    return analysis


def _said(analysis: AnalysisDialog) -> str:
    """The panel's lines as one text (the no-break spaces that keep a place's name on
    one line read as spaces)."""
    return " ".join(analysis.lines).replace(NO_BREAK, " ")


def _answered(ui: SimpleNamespace, app: App, analysis: AnalysisDialog) -> None:
    """Run frames until the analysis answers (the frames go on while it searches)."""
    frames = 0
    while analysis.analysis is None and not analysis.failure:
        ui.step(app)
        frames += 1
        assert frames < 12000, "the analysis never answered"
        time.sleep(0.005)


def test_the_lost_game_is_analysed_and_its_winning_line_watched(ui: SimpleNamespace, app: App) -> None:
    line = LOST_LINES["constitution"]
    replay = lost_replay(line)
    expected = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=200_000))
    assert expected.verdict == "found"
    analysis = _open_analysis(ui, app, _lost_table(ui, app, line))
    assert [b.label for b in analysis.buttons] == ["Stop"]
    # the lost game's dialog waits under it unseen: no edge or button of it peeks out
    lost = app.scenes[-2]
    assert isinstance(lost, Dialog) and lost.title == "No more moves"
    drawn = []
    real_draw = lost.draw
    lost.draw = lambda surface: (drawn.append(1), real_draw(surface))  # type: ignore[method-assign]
    ui.step(app, 3)
    assert drawn == []
    frames = 0
    while analysis.analysis is None:  # the frames go on while the process searches
        ui.step(app)
        frames += 1
        assert frames < 6000, "the analysis never answered"
        time.sleep(0.005)
    assert analysis.job.progress().fraction == 1.0
    sentence = _said(analysis)
    # no line ends inside a place's name or a move's number (UI review 31)
    assert not any(re.search(r"\bRow \d+,$", a)
                   or (re.search(r"\b(?:Row|pile|[Mm]oves?)$", a) and b[:1].isdigit())
                   for a, b in itertools.pairwise(analysis.lines)), analysis.lines
    assert sentence == f"{expected.sentence()} {WAY_SHOWN}"
    assert re.match(r"Your move \d+ \(.+ to .+\) was the last one that mattered", sentence)
    assert [b.label for b in analysis.buttons] == ["Watch the winning line", "Close"]
    ui.click(app, analysis.buttons[0].rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.name == "replay"
    k = expected.last_winnable
    assert k is not None
    player = viewer.player
    assert player.step == k and player.length == k + len(expected.line)
    assert [viewer.game.move_text(s.move) for s in viewer.game.history] == replay.move_texts[:k]
    # the bar names the line for what it is, with no made-up result or time played
    assert viewer.summary() == f"your line, then the winning line · {k + len(expected.line)} moves"
    # the turning point: the player's last move before the line, then the line's moves,
    # each said to be the line's, and a notch on the timeline where it begins
    assert viewer.turn == k
    assert viewer.step_words().startswith(f"Your move {k}, then the winning line: ")
    ui.press(app, pygame.K_RIGHT)
    assert viewer.step_words().startswith(f"Winning line, move 1 of {len(expected.line)} (instead of your "
                                          f"move {k + 1}): ")
    ui.press(app, pygame.K_RIGHT)
    assert viewer.step_words().startswith(f"Winning line, move 2 of {len(expected.line)}: ")
    ui.press(app, pygame.K_LEFT)
    ui.press(app, pygame.K_LEFT)
    ui.press(app, pygame.K_LEFT)
    assert not viewer.step_words().startswith(("Winning line", "Your move"))
    notch_x = viewer.timeline.rect.x + round(viewer.timeline.rect.width * k / player.length)
    notch_top = viewer.timeline.rect.centery - max(8, round(viewer.px * 0.8)) + 1
    assert app.screen.get_at((notch_x, notch_top)) == app.palette.warn
    ui.click(app, viewer.icons["end"].rect.center)
    assert viewer.game.is_won()
    # played again from the end, it starts from the turning point, not the deal
    viewer.toggle_play()
    assert viewer.player.step == k and viewer.playing
    viewer.toggle_play()
    ui.click(app, viewer.menu_button.rect.center)
    back = app.top
    assert isinstance(back, Dialog) and back.title == "No more moves"
    # the focus is back where the player left it, not on "Undo" (the dialog's first
    # button), where an Enter would take back the game's last move (hostile review 29)
    assert back.buttons[back.focus].label == ANALYSIS_TITLE
    ui.step(app)
    assert drawn, "on top again, it is drawn"


def test_stop_ends_the_analysis_at_once(ui: SimpleNamespace, app: App) -> None:
    lost = _lost_table(ui, app, LostLine("constitution-cadogan", 1, seed=0))
    analysis = _open_analysis(ui, app, lost)
    while analysis.job.progress().step is None:
        ui.step(app)
        time.sleep(0.01)
    pid = analysis.job.pid
    assert pid is not None
    ui.step(app, 5)
    assert not analysis.job.done
    ui.click(app, analysis.buttons[0].rect.center)  # "Stop"
    assert analysis.job.done
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    top = app.top
    assert isinstance(top, Dialog) and top.title == "No more moves"


def test_esc_stops_it_too(ui: SimpleNamespace, app: App) -> None:
    lost = _lost_table(ui, app, LostLine("constitution-cadogan", 1, seed=0))
    analysis = _open_analysis(ui, app, lost)
    ui.step(app, 3)
    ui.press(app, pygame.K_ESCAPE)
    assert analysis.job.done and app.top is not analysis


def test_the_replay_of_a_lost_game_offers_it_too(ui: SimpleNamespace, app: App) -> None:
    line = LOST_LINES["constitution"]
    replay = lost_replay(line)
    expected = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=200_000))
    viewer = ReplayScene(app, replay)
    app.push(viewer)
    ui.step(app)
    button = viewer.analyse_button
    assert button is not None and button.label == ANALYSIS_TITLE and button in viewer.ring.items
    for size in ((800, 600), (1080, 1920), (1280, 800)):  # it fits beside the other controls
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        ui.step(app, 2)
        rects = [item.rect for item in viewer.ring.items]
        for i, a in enumerate(rects):
            assert viewer.bar.contains(a)
            assert not any(a.colliderect(b) for b in rects[i + 1:]), f"{a} overlaps at {size}"
    ui.press(app, pygame.K_HOME)
    ui.click(app, button.rect.center)
    analysis = app.top
    assert isinstance(analysis, AnalysisDialog) and analysis.title == ANALYSIS_TITLE
    frames = 0
    while analysis.analysis is None:
        ui.step(app)
        frames += 1
        assert frames < 6000, "the analysis never answered"
        time.sleep(0.005)
    # the whole line's, wherever the viewer stood
    assert _said(analysis) == f"{expected.sentence()} {WAY_SHOWN}"
    ui.click(app, analysis.buttons[-1].rect.center)  # "Close"
    assert app.top is viewer and viewer.player.step == 0
    # only a lost game's replay offers it: not an abandoned one, nor the winning line shown after it
    assert ReplayScene(app, replay.with_result("abandoned")).analyse_button is None
    assert ReplayScene(app, replay, heading="your line, then the winning line").analyse_button is None


def test_the_bench_times_the_frames_of_an_analysis(app: App) -> None:
    figures = bench._analysis_frames(app, "constitution", 1.5)
    assert figures["analysis_frames"] > 0 or figures["analysis_answered"]
    assert 0 < figures["analysis_open_frame_cpu_ms"] and 0 < figures["analysis_open_frame_ms"]
    assert 0 <= figures["analysis_busiest_frame_cpu_ms"]
    assert figures["analysis_longest_frame_ms"] > 0 or figures["analysis_frames"] == 0
    dialog = app.top
    assert isinstance(dialog, AnalysisDialog) and dialog.job.done  # never left searching
    pid = dialog.job.pid
    if pid is not None:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_look_longer_goes_on_from_what_was_found(ui: SimpleNamespace, app: App,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # positions bound each spell, so the answers on screen are those of the analysis
    # here, whatever the machine's load: a Lady Cadogan line lost early, undecided at first
    monkeypatch.setattr(dialogs, "ANALYSIS_SECONDS", 1e6)
    monkeypatch.setattr(dialogs, "ANALYSIS_POSITIONS", 3_000)
    line = LostLine("constitution-cadogan", 1, seed=0)
    replay = lost_replay(line)
    analyser = Analyser(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=3_000))
    expected = []
    for n, nodes in enumerate((3_000, 6_000)):
        if n:
            analyser.more(Budget(seconds=1e6, nodes=nodes))
        for _ in analyser.steps():
            pass
        expected.append(analyser.result())
    assert [e.verdict for e in expected] == ["undecided", "undecided"]
    assert expected[1].checks[: len(expected[0].checks)] == expected[0].checks
    analysis = _open_analysis(ui, app, _lost_table(ui, app, line))
    _answered(ui, app, analysis)
    assert analysis.analysis == expected[0]
    assert _said(analysis) == expected[0].sentence()
    labels = [b.label for b in analysis.buttons]
    assert labels[0].startswith("Look longer (") and labels[-1] == "Close"
    assert ("Watch the winning line" in labels) == bool(expected[0].line)
    ui.click(app, analysis.buttons[0].rect.center)  # "Look longer": the panel stays, searching
    assert app.top is analysis and analysis.analysis is None
    assert [b.label for b in analysis.buttons] == ["Stop"]
    assert analysis.lines[0].startswith("Looking on for ")
    assert analysis.job.progress().fraction > 0  # what was decided stays decided on the bar
    ui.step(app, 2)
    assert any(box.name == "the analysis's progress" for box in app.drawn.of(Kind.TEXT))
    _answered(ui, app, analysis)
    assert analysis.analysis == expected[1], "the second spell goes on from the first"
    assert _said(analysis) == expected[1].sentence()
    # a longer look can be stopped: the panel then says what is known, and offers more
    assert analysis.buttons[0].label.startswith("Look longer (")
    ui.press(app, pygame.K_RETURN)  # the focus is on "Look longer"
    assert app.top is analysis and [b.label for b in analysis.buttons] == ["Stop"]
    while analysis.job.progress().step is None and not analysis.job.done:
        ui.step(app)
        time.sleep(0.01)
    pid = analysis.job.pid
    ui.click(app, analysis.buttons[0].rect.center)  # "Stop"
    assert app.top is analysis and analysis.job.done and analysis.analysis is not None
    if pid is not None:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    stopped = analysis.analysis
    assert stopped.checks[: len(expected[1].checks)] == expected[1].checks
    assert stopped.verdict != "undecided" or "stopped" in stopped.sentence()
    assert _said(analysis) == stopped.sentence()
    ui.click(app, analysis.buttons[-1].rect.center)  # "Close"
    top = app.top
    assert isinstance(top, Dialog) and top.title == "No more moves"


def test_the_answer_puts_the_focus_on_watching_the_winning_line(ui: SimpleNamespace, app: App,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer that offers both a longer look and the winning line puts the keyboard's
    focus on the winning line, the natural next step: Enter opens it, and never starts
    another spell of search by chance (the focus was on "Look longer")."""
    monkeypatch.setattr(dialogs, "ANALYSIS_SECONDS", 1e6)
    monkeypatch.setattr(dialogs, "ANALYSIS_POSITIONS", 10_000)
    line = LostLine("union-square", 1, seed=0)
    replay = lost_replay(line)
    expected = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=10_000))
    assert expected.verdict == "undecided" and expected.line, "both choices are offered"
    analysis = _open_analysis(ui, app, _lost_table(ui, app, line))
    _answered(ui, app, analysis)
    assert analysis.analysis == expected
    labels = [b.label for b in analysis.buttons]
    assert labels[0].startswith("Look longer (") and labels[1:] == ["Watch the winning line", "Close"]
    assert [b.focused for b in analysis.buttons] == [False, True, False]
    ui.press(app, pygame.K_RETURN)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.player.step == expected.last_winnable
    assert analysis.job.done



def test_the_answer_is_there_again_after_its_winning_line_is_watched(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Back from the winning line comes to the lost game's dialog, its focus on "Where did
    I go wrong?": Enter there shows the answer already found at once, "Look longer" going
    on from it, rather than searching again from nothing (30 s on screen, for maybe another
    answer). Another line (a move fewer) is searched afresh."""
    monkeypatch.setattr(dialogs, "ANALYSIS_SECONDS", 1e6)
    monkeypatch.setattr(dialogs, "ANALYSIS_POSITIONS", 10_000)
    line = LostLine("union-square", 1, seed=0)
    replay = lost_replay(line)
    expected = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=10_000))
    assert expected.verdict == "undecided" and expected.line
    analysis = _open_analysis(ui, app, _lost_table(ui, app, line))
    _answered(ui, app, analysis)
    job, labels, lines = analysis.job, [b.label for b in analysis.buttons], analysis.lines
    ui.press(app, pygame.K_RETURN)  # "Watch the winning line"
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    ui.press(app, pygame.K_ESCAPE)
    lost = app.top
    assert isinstance(lost, Dialog) and lost.title == "No more moves"
    ui.press(app, pygame.K_RETURN)  # the focus is on "Where did I go wrong?"
    again = app.top
    assert isinstance(again, AnalysisDialog) and again is not analysis
    assert again.job is job and again.analysis == expected, "no search again"
    assert [b.label for b in again.buttons] == labels and again.lines == lines
    assert [b.focused for b in again.buttons] == [False, True, False]
    ui.click(app, again.buttons[0].rect.center)  # "Look longer", from what was found
    assert [b.label for b in again.buttons] == ["Stop"] and again.job is not job
    assert again.job.progress().fraction > 0
    _answered(ui, app, again)
    assert again.analysis is not None and again.analysis.checks[: len(expected.checks)] == expected.checks
    ui.press(app, pygame.K_ESCAPE)
    # the line a move shorter is another question
    shorter = new_game(replay.rules, replay.game)
    shorter.play_all(list(replay.move_texts[:-1]))
    other = AnalysisDialog(app, shorter)
    assert other.analysis is None and other.job is not job and other.job is not again.job
    other.job.cancel()


# ----- the answer is help for the game it answers ----------------------------------------------


def _lost_on_the_table(ui: SimpleNamespace, app: App, line: LostLine) -> tuple[TableScene, Dialog]:
    """``line`` played move by move on a fresh table of its deal, to its "No more moves"."""
    app.data_dir.mkdir(parents=True)  # type: ignore[union-attr]
    app.push(Scene(app))
    replay = lost_replay(line)
    table = TableScene(app, new_game(replay.rules, replay.game))
    app.push(table)
    lost = ui.play_to_the_end(app, table, replay.move_texts)
    assert lost.title == "No more moves"
    return table, lost


def _shown_the_way(ui: SimpleNamespace, app: App, lost: Dialog,
                   monkeypatch: pytest.MonkeyPatch) -> Analysis:
    """Open the analysis from the lost game's dialog, let it answer with the move that
    lost and the winning line, watch that line to its end and come back to the dialog."""
    monkeypatch.setattr(dialogs, "ANALYSIS_SECONDS", 1e6)
    monkeypatch.setattr(dialogs, "ANALYSIS_POSITIONS", 50_000)
    analysis = _open_analysis(ui, app, lost)
    _answered(ui, app, analysis)
    answer = analysis.analysis
    assert answer is not None and answer.verdict == "found" and answer.line
    ui.click(app, next(b for b in analysis.buttons if b.label == "Watch the winning line").rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    ui.click(app, viewer.icons["end"].rect.center)
    ui.click(app, viewer.menu_button.rect.center)
    back = app.top
    assert isinstance(back, Dialog) and back.title == "No more moves"
    return answer


def test_a_game_played_on_to_a_win_after_the_analysis_showed_the_way_is_a_helped_win(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis's answer (the move that lost, the winning line) is help, as a hint or a
    replay taken over is: undone back to the winnable position and played on with the line
    it showed, the win earns no high score, no best time, no fewest moves and no time
    bonus; the win dialog says why, and the record counts the help (``hints: 1``)."""
    table, lost = _lost_on_the_table(ui, app, LOST_LINES["union-square"])
    answer = _shown_the_way(ui, app, lost, monkeypatch)
    session = table.session
    assert session.recorder.hints == 0 and not session.assisted, "seen, but not yet played on"
    ui.click(app, app.top.buttons[0].rect.center)  # "Undo"
    ui.settle(app, table)
    assert session.assisted and session.recorder.hints == 1
    assert table.message == "You saw how this game is won: playing on with it counts as help"
    while len(table.game.history) > (answer.last_winnable or 0):
        ui.press(app, pygame.K_u)
        ui.settle(app, table)
    for text in answer.line:
        table.play(table.game.parse_move(text))
    won = ui.wait_for_dialog(app)
    assert won.title == "You won!" and table.game.is_won()
    assert session.recorder.hints == 1 and session.score.bonus == 0
    assert not [line for line in won.lines if "New high score" in line or "time bonus" in line]
    assert HELPED_WIN in won.lines
    assert not [line for line in won.lines if "(this game)" in line]
    store = Store(app.data_dir)
    assert load_progress(store).high_scores("union-square") == []
    stats = load_statistics(store)["union-square"]
    assert (stats.won, stats.clean_wins, stats.best_time, stats.fewest_moves) == (1, 0, None, None)
    assert stats.recent[-1].hints == 1
    recent = list_recent_games(store)
    assert len(recent) == 1 and recent[0].summary is not None
    assert "\nhints: 1\n" in recent[0].path.read_text()


def test_an_answer_seen_and_left_is_no_help_but_a_restart_of_the_deal_played_on_is(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis of a lost game is no help to that game when the player leaves it lost:
    it is counted as it was played. The deal restarted and played is: the player has seen
    its winning line."""
    table, lost = _lost_on_the_table(ui, app, LOST_LINES["union-square"])
    _shown_the_way(ui, app, lost, monkeypatch)
    ui.click(app, next(b for b in app.top.buttons if b.label == "Restart").rect.center)
    ui.settle(app, table)
    store = Store(app.data_dir)
    stats = load_statistics(store)["union-square"]
    assert (stats.lost, stats.recent[-1].hints) == (1, 0), "the lost game was played without help"
    session = table.session
    assert not session.game.history and not session.assisted and session.recorder.hints == 0
    first = sorted(session.game.legal_moves())[0]
    ui.perform(app, table, first)
    ui.settle(app, table)
    assert session.assisted and session.recorder.hints == 1
    assert session.score.total >= 0, "the help costs no points"


def test_the_analysis_from_the_replay_viewer_helps_the_deal_dealt_again(ui: SimpleNamespace,
                                                                       app: App) -> None:
    """"Where did I go wrong?" asked in the replay viewer shows the way as it does on the
    table after a loss: the same deal, dealt again while the program runs, is a game
    with help (it was not: only the table's analysis counted)."""
    line = LOST_LINES["constitution"]
    replay = lost_replay(line)
    viewer = ReplayScene(app, replay)
    app.push(viewer)
    ui.step(app)
    assert viewer.analyse_button is not None
    ui.click(app, viewer.analyse_button.rect.center)
    analysis = app.top
    assert isinstance(analysis, AnalysisDialog)
    _answered(ui, app, analysis)
    assert analysis.analysis is not None and analysis.analysis.shows_the_way
    table = ui.open_table(app, replay.opening())
    assert isinstance(table, TableScene) and table.session.way_shown


@pytest.mark.parametrize("leave", ["Esc", "Menu button"])
def test_the_lost_game_is_counted_when_a_game_taken_over_from_its_winning_line_goes_to_the_menu(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch, leave: str) -> None:
    """Lost, analysed, the winning line watched and taken over (a practice game over the
    lost table), then the menu: the menu replaces every screen, and the lost game under
    the practice game is counted as lost with its replay among the recent games (it was
    dropped uncounted)."""
    table, lost = _lost_on_the_table(ui, app, LOST_LINES["union-square"])
    monkeypatch.setattr(dialogs, "ANALYSIS_SECONDS", 1e6)
    monkeypatch.setattr(dialogs, "ANALYSIS_POSITIONS", 50_000)
    analysis = _open_analysis(ui, app, lost)
    _answered(ui, app, analysis)
    ui.click(app, next(b for b in analysis.buttons if b.label == "Watch the winning line").rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    made_up = viewer.player.time_at(viewer.player.step)  # the line's pace, as if played
    assert made_up >= 2
    viewer.take_over()
    ui.step(app)
    practice = app.top
    assert isinstance(practice, TableScene) and practice is not table and practice.session.practice
    assert practice.session.elapsed < 1, "the clock starts at 0, not at the line's made-up time"
    # nor does the score count streaks that only the made-up pace would have made
    taken = viewer.player.take_over(timed=False).replay()
    assert practice.session.score.total == score_replay(taken, timed=False) < score_replay(taken)
    ui.settle(app, practice)
    practice.play(practice.game.legal_moves()[0])
    ui.settle(app, practice)
    store = Store(app.data_dir)
    assert load_statistics(store)["union-square"].played == 0, "not counted yet: the lost game is still open"
    if leave == "Esc":
        ui.press(app, pygame.K_ESCAPE)
    else:
        ui.click(app, next(b for b in practice.hud.buttons if b.label == "Menu").rect.center)
    ui.step(app)
    assert app.top is not None and app.top.name == "menu"
    stats = load_statistics(store)["union-square"]
    assert (stats.played, stats.lost) == (1, 1)
    recent = list_recent_games(store)
    assert len(recent) == 1 and recent[0].summary is not None and recent[0].summary.result == "lost"


def test_a_new_deal_from_a_game_taken_over_from_its_winning_line_counts_the_lost_game_at_once(
        ui: SimpleNamespace, app: App) -> None:
    """N in the practice game over the lost table: the lost game is counted as lost then
    (it stayed under the new deal uncounted until the menu or the window's close), and
    only once, whatever happens to the table later."""
    table, _ = _lost_on_the_table(ui, app, LOST_LINES["union-square"])
    viewer = ReplayScene(app, table.session.recorder.replay())
    app.push(viewer)
    ui.step(app)
    viewer.jump(5)
    viewer.take_over()
    ui.step(app)
    practice = app.top
    assert isinstance(practice, TableScene) and practice is not table and practice.session.practice
    ui.settle(app, practice)
    store = Store(app.data_dir)
    assert load_statistics(store)["union-square"].played == 0
    ui.press(app, pygame.K_n)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Start a new deal?"
    ui.click(app, next(b for b in ask.buttons if b.label == "New deal").rect.center)
    ui.settle(app, practice)
    assert app.top is practice and not practice.session.practice
    stats = load_statistics(store)["union-square"]
    assert (stats.played, stats.lost) == (1, 1)
    practice.play(practice.game.legal_moves()[0])
    ui.settle(app, practice)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is not None and app.top.name == "menu"
    stats = load_statistics(store)["union-square"]
    assert (stats.played, stats.lost) == (1, 1), "counted once"
    assert len(list_recent_games(store)) == 1
