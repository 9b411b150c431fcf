"""Where did I go wrong? on the table, through the real loop: the lost game's dialog offers
it, the analysis runs in its own process while frames go on with its progress shown, the
answer names the move in the player's words, the replay viewer plays the winning line
from the position before it to a win, and "Stop" ends the analysis at once; the replay
viewer of a lost game offers the same analysis."""

from __future__ import annotations

import os
import re
import time
from types import SimpleNamespace

import pygame
import pytest

from game.search.analyse import Analyser, Budget, analyse
from game.ui import bench, dialogs
from game.ui.app import App
from game.ui.dialogs import ANALYSIS_TITLE, AnalysisDialog, Dialog
from game.ui.drawn import Kind
from game.ui.replay_scene import ReplayScene
from tests.search.lost_lines import LOST_LINES, LostLine, lost_replay


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
    sentence = " ".join(analysis.lines)
    assert sentence == expected.sentence()
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
    ui.click(app, viewer.icons["end"].rect.center)
    assert viewer.game.is_won()
    ui.click(app, viewer.menu_button.rect.center)
    back = app.top
    assert isinstance(back, Dialog) and back.title == "No more moves"
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
    assert " ".join(analysis.lines) == expected.sentence()  # the whole line's, wherever the viewer stood
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
    assert " ".join(analysis.lines) == expected[0].sentence()
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
    assert " ".join(analysis.lines) == expected[1].sentence()
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
    assert " ".join(analysis.lines) == stopped.sentence()
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
