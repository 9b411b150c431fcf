"""The replay scene: play and pause, step, speed, jump to a move, take over; and
``view_replay`` for ``main.py replay FILE``."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.cli.window import view_replay
from game.engine import RULE_IDS, new_game
from game.records.recorder import Recorder
from game.records.replay import Replay
from game.ui import scenes, widgets
from game.ui.app import App
from game.ui.replay_scene import SPEEDS, ReplayScene


def recorded(rules: str = "square", number: str = "2024", moves: int = 12) -> Replay:
    game = new_game(rules, number)
    t = iter(range(0, 100_000, 2))
    recorder = Recorder(game, clock=lambda: float(next(t)))
    for _ in range(moves):
        legal = game.legal_texts()
        plays = [m for m in legal if not m.startswith("s-")] or legal
        recorder.play(game.parse_move(plays[-1]))
    return recorder.replay()


def open_replay(ui: SimpleNamespace, app: App, replay: Replay) -> ReplayScene:
    scene = ReplayScene(app, replay)
    app.push(scene)
    ui.step(app)
    return scene


def settle(ui: SimpleNamespace, app: App, scene: ReplayScene) -> None:
    for _ in range(600):
        if not scene.anim.busy:
            return
        ui.step(app)
    raise AssertionError("the cards never landed")


def positions(replay: Replay) -> list[list[list[int]]]:
    """The piles after each step of the replay, from the deal on."""
    game = replay.opening()
    out = [[list(p) for p in game.piles]]
    for text in replay.move_texts:
        game.play_text(text)
        out.append([list(p) for p in game.piles])
    return out


def test_arrows_step_forward_and_back_through_the_moves(ui: SimpleNamespace, screen_app: App) -> None:
    replay = recorded()
    expected = positions(replay)
    scene = open_replay(ui, screen_app, replay)
    assert scene.player.step == 0 and scene.game.piles == expected[0]
    for n in range(1, 4):
        ui.press(screen_app, pygame.K_RIGHT)
        assert scene.player.step == n and scene.game.piles == expected[n]
    assert scene.anim.busy, "the move flies"
    settle(ui, screen_app, scene)
    ui.press(screen_app, pygame.K_LEFT)
    assert scene.player.step == 2 and scene.game.piles == expected[2]
    ui.press(screen_app, pygame.K_END)
    assert scene.player.at_end and scene.game.piles == expected[-1]
    ui.press(screen_app, pygame.K_RIGHT)
    assert scene.player.at_end
    ui.press(screen_app, pygame.K_HOME)
    assert scene.player.at_start and scene.game.piles == expected[0]
    ui.press(screen_app, pygame.K_PAGEDOWN)
    assert scene.player.step == 10


def test_space_plays_and_pauses_at_the_chosen_speed(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded(moves=20))
    ui.press(screen_app, pygame.K_SPACE)
    assert scene.playing
    ui.step(screen_app, 150)
    played = scene.player.step
    assert 1 <= played <= 3, "about one move a second at 1 move/s"
    ui.press(screen_app, pygame.K_SPACE)
    assert not scene.playing
    ui.step(screen_app, 120)
    assert scene.player.step == played, "paused"
    ui.type_text(screen_app, "++")
    assert SPEEDS[scene.speed_index] == ("4 moves/s", 4.0, False)
    ui.press(screen_app, pygame.K_SPACE)
    ui.step(screen_app, 120)
    assert scene.player.step >= played + 5, "faster playback"
    ui.press(screen_app, pygame.K_END)
    ui.press(screen_app, pygame.K_SPACE)
    assert scene.player.step == 0 and scene.playing, "play at the end starts from the deal"


def test_playing_to_the_end_stops(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded(moves=4))
    scene.speed.set(len(SPEEDS) - 1)
    ui.press(screen_app, pygame.K_SPACE)
    ui.step(screen_app, 240)
    assert scene.player.at_end and not scene.playing


def test_typing_a_move_number_jumps_there(ui: SimpleNamespace, screen_app: App) -> None:
    replay = recorded()
    scene = open_replay(ui, screen_app, replay)
    ui.type_text(screen_app, "7")
    assert scene.goto.focused and scene.goto.value == "7"
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 7
    assert scene.game.piles == positions(replay)[7]
    scene.goto.set_text("")
    ui.type_text(screen_app, "99")
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 7
    assert "12 moves" in scene.message
    scene.goto.set_text("x")
    ui.press(screen_app, pygame.K_RETURN)
    assert "move number" in scene.message


# superscript two, circled one, Arabic-Indic three
@pytest.mark.parametrize("typed", ["\u00b2", "\u2460", "\u0663"])
def test_a_non_ascii_digit_is_not_a_move_number(ui: SimpleNamespace, screen_app: App, typed: str) -> None:
    scene = open_replay(ui, screen_app, recorded())
    ui.type_text(screen_app, typed)
    assert not scene.goto.focused, "only the ASCII digits start a move number"
    ui.type_text(screen_app, "3")
    ui.type_text(screen_app, typed)
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 0
    assert "move number" in scene.message


def test_the_timeline_jumps_where_it_is_clicked_and_dragged(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded())
    line = scene.timeline.rect
    ui.click(screen_app, (line.x + line.width // 2, line.centery))
    assert scene.player.step == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(line.x + line.width // 2, line.centery),
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(line.right + 40, line.centery), rel=(5, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(line.right + 40, line.centery), button=1))
    ui.step(screen_app)
    assert scene.player.at_end


def test_the_buttons_work_with_the_mouse(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded())
    ui.click(screen_app, scene.icons["forward"].rect.center)
    ui.click(screen_app, scene.icons["forward"].rect.center)
    assert scene.player.step == 2
    ui.click(screen_app, scene.icons["back"].rect.center)
    assert scene.player.step == 1
    ui.click(screen_app, scene.icons["end"].rect.center)
    assert scene.player.at_end
    ui.click(screen_app, scene.icons["start"].rect.center)
    assert scene.player.at_start
    ui.click(screen_app, scene.icons["play"].rect.center)
    assert scene.playing
    ui.click(screen_app, scene.menu_button.rect.center)
    assert scene not in screen_app.scenes


def test_take_over_continues_as_a_new_game(ui: SimpleNamespace, screen_app: App) -> None:
    table = pytest.importorskip("game.ui.table")
    replay = recorded()
    scene = open_replay(ui, screen_app, replay)
    scene.jump(5)
    ui.type_text(screen_app, "t")
    top = screen_app.scenes[-1]
    assert isinstance(top, table.TableScene) and scene not in screen_app.scenes
    assert top.game.rules == replay.rules and top.game.game == replay.game
    assert [top.game.move_text(m) for m in top.game.moves_played] == replay.move_texts[:5]
    assert top.game.piles == positions(replay)[5]


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_rule_set_draws_at_every_size(ui: SimpleNamespace, screen_app: App, rules: str) -> None:
    scene = open_replay(ui, screen_app, recorded(rules, "77", 6))
    ui.press(screen_app, pygame.K_END)
    for size in ((800, 600), (2560, 1440), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        ui.step(screen_app, 2)
        window = pygame.Rect((0, 0), size)
        assert window.contains(scene.bar)
        for index in range(len(scene.game.piles)):
            assert not scene.layout.areas[index].colliderect(scene.bar), "the table stays above the controls"
        rects = [item.rect for item in scene.ring.items]
        for i, a in enumerate(rects):
            assert window.contains(a) and scene.bar.contains(a)
            for b in rects[i + 1:]:
                assert not a.colliderect(b), f"{a} overlaps {b} at {size}"


def test_run_replay_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.replay"
    bad.write_text("version: 1\nrules: square\ngame: 0\nmoves:\nend\n", encoding="utf-8")
    assert view_replay(bad, tmp_path) == 2
    assert "line 3" in capsys.readouterr().err
    assert view_replay(tmp_path / "missing.replay", tmp_path) == 2


def test_run_replay_opens_the_replay_over_the_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menu import MenuScene

    path = tmp_path / "game.replay"
    replay = recorded()
    path.write_text(replay.to_text(), encoding="utf-8")
    opened: list[App] = []

    class ShortApp(App):
        def run(self, max_frames: int | None = None) -> None:
            opened.append(self)
            super().run(max_frames=5)

    monkeypatch.setattr(scenes, "App", ShortApp)
    assert view_replay(path, tmp_path) == 0
    app = opened[0]
    assert isinstance(app.scenes[0], MenuScene)
    top = app.scenes[-1]
    assert isinstance(top, ReplayScene) and top.replay == replay


def test_a_replay_without_moves_is_shown_and_nothing_breaks(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded("constitution-cadogan", "9", 0))
    assert scene.player.length == 0
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_END, pygame.K_SPACE, pygame.K_PAGEDOWN):
        ui.press(screen_app, k)
    ui.step(screen_app, 30)
    assert scene.player.step == 0
    ui.type_text(screen_app, "0")
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.message == ""


def test_as_played_keeps_the_recorded_times(ui: SimpleNamespace, screen_app: App) -> None:
    replay = recorded(moves=6)
    times = [m.seconds for m in replay.moves]
    scene = open_replay(ui, screen_app, replay)
    scene.speed.set(1)
    assert scene.as_played and scene.rate == 4.0
    ui.press(screen_app, pygame.K_SPACE)
    frames_to_first = int(times[0] / 4.0 * 60)
    ui.step(screen_app, max(0, frames_to_first - 3))
    assert scene.player.step == 0, "the first move waits for its recorded time"
    ui.step(screen_app, 6)
    assert scene.player.step == 1
    gap = (times[1] - times[0]) / 4.0
    assert scene.wait_left() == pytest.approx(gap, abs=0.1)
    ui.step(screen_app, int((times[-1] - times[0]) / 4.0 * 60) + 10)
    assert scene.player.at_end and not scene.playing


def test_going_back_in_the_scene_is_undo_not_a_replay_from_the_deal(ui: SimpleNamespace, screen_app: App,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    replay = recorded(moves=12)
    expected = positions(replay)
    scene = open_replay(ui, screen_app, replay)
    ui.press(screen_app, pygame.K_END)
    game = scene.game
    played: list[object] = []
    real_play = game.play
    monkeypatch.setattr(game, "play", lambda move: played.append(move) or real_play(move))
    monkeypatch.setattr(Replay, "opening", lambda self: pytest.fail("the deal was dealt again"))
    ui.press(screen_app, pygame.K_LEFT)
    assert scene.player.step == 11 and scene.game.piles == expected[11]
    ui.press(screen_app, pygame.K_PAGEUP)
    assert scene.player.step == 1 and scene.game.piles == expected[1]
    ui.press(screen_app, pygame.K_HOME)
    assert scene.player.at_start and scene.game.piles == expected[0]
    assert played == [] and scene.game is game


def test_stock_and_waste_counts_follow_the_replay(ui: SimpleNamespace, screen_app: App,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("square", "2024")
    recorder = Recorder(game, clock=lambda: 0.0)
    for _ in range(3):
        recorder.play(game.parse_move("s-w"))
    pills: list[str] = []
    real = widgets.pill
    monkeypatch.setattr(widgets, "pill", lambda words, *a, **k: pills.append(words) or real(words, *a, **k))
    scene = open_replay(ui, screen_app, recorder.replay())
    assert "88" in pills and "0" in pills  # the deal: all 88 in the stock, the waste empty
    ui.press(screen_app, pygame.K_END)
    settle(ui, screen_app, scene)
    pills.clear()
    ui.step(screen_app)
    assert "85" in pills and "3" in pills
