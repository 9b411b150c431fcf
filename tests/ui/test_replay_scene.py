"""The replay scene: play and pause, step, speed, jump to a move, take over; and
``run_replay`` for ``main.py replay FILE``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from game.engine import RULE_IDS, new_game
from game.records.replay import Recorder, Replay
from game.records.settings import Settings
from game.ui import replay_scene
from game.ui.app import App, Scene
from game.ui.replay_scene import SPEEDS, ReplayScene, run_replay


@pytest.fixture
def replay_app(tmp_path: Path) -> Iterator[App]:
    """A headless app with a plain scene below, running."""
    app = App(size=(1280, 800), data_dir=tmp_path, settings=Settings(), headless=True)
    app.running = True
    app.push(Scene(app))
    pygame.event.clear()
    yield app
    pygame.event.clear()


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    step(app)


def type_text(app: App, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def recorded(rules: str = "square", number: str = "2024", moves: int = 12) -> Replay:
    game = new_game(rules, number)
    t = iter(range(0, 100_000, 2))
    recorder = Recorder(game, clock=lambda: float(next(t)))
    for _ in range(moves):
        legal = game.legal_texts()
        plays = [m for m in legal if not m.startswith("s-")] or legal
        recorder.play(game.parse_move(plays[-1]))
    return recorder.replay()


def open_replay(app: App, replay: Replay) -> ReplayScene:
    scene = ReplayScene(app, replay)
    app.push(scene)
    step(app)
    return scene


def settle(app: App, scene: ReplayScene) -> None:
    for _ in range(600):
        if not scene.anim.busy:
            return
        step(app)
    raise AssertionError("the cards never landed")


def positions(replay: Replay) -> list[list[list[int]]]:
    """The piles after each step of the replay, from the deal on."""
    game = replay.opening()
    out = [[list(p) for p in game.piles]]
    for text in replay.move_texts:
        game.play_text(text)
        out.append([list(p) for p in game.piles])
    return out


def test_arrows_step_forward_and_back_through_the_moves(replay_app: App) -> None:
    replay = recorded()
    expected = positions(replay)
    scene = open_replay(replay_app, replay)
    assert scene.player.step == 0 and scene.game.piles == expected[0]
    for n in range(1, 4):
        key(replay_app, pygame.K_RIGHT)
        assert scene.player.step == n and scene.game.piles == expected[n]
    assert scene.anim.busy, "the move flies"
    settle(replay_app, scene)
    key(replay_app, pygame.K_LEFT)
    assert scene.player.step == 2 and scene.game.piles == expected[2]
    key(replay_app, pygame.K_END)
    assert scene.player.at_end and scene.game.piles == expected[-1]
    key(replay_app, pygame.K_RIGHT)
    assert scene.player.at_end
    key(replay_app, pygame.K_HOME)
    assert scene.player.at_start and scene.game.piles == expected[0]
    key(replay_app, pygame.K_PAGEDOWN)
    assert scene.player.step == 10


def test_space_plays_and_pauses_at_the_chosen_speed(replay_app: App) -> None:
    scene = open_replay(replay_app, recorded(moves=20))
    key(replay_app, pygame.K_SPACE)
    assert scene.playing
    step(replay_app, 150)
    played = scene.player.step
    assert 1 <= played <= 3, "about one move a second at 1 move/s"
    key(replay_app, pygame.K_SPACE)
    assert not scene.playing
    step(replay_app, 120)
    assert scene.player.step == played, "paused"
    type_text(replay_app, "++")
    assert SPEEDS[scene.speed_index] == ("4 moves/s", 4.0, False)
    key(replay_app, pygame.K_SPACE)
    step(replay_app, 120)
    assert scene.player.step >= played + 5, "faster playback"
    key(replay_app, pygame.K_END)
    key(replay_app, pygame.K_SPACE)
    assert scene.player.step == 0 and scene.playing, "play at the end starts from the deal"


def test_playing_to_the_end_stops(replay_app: App) -> None:
    scene = open_replay(replay_app, recorded(moves=4))
    scene.speed.set(len(SPEEDS) - 1)
    key(replay_app, pygame.K_SPACE)
    step(replay_app, 240)
    assert scene.player.at_end and not scene.playing


def test_typing_a_move_number_jumps_there(replay_app: App) -> None:
    replay = recorded()
    scene = open_replay(replay_app, replay)
    type_text(replay_app, "7")
    assert scene.goto.focused and scene.goto.value == "7"
    key(replay_app, pygame.K_RETURN)
    assert scene.player.step == 7
    assert scene.game.piles == positions(replay)[7]
    scene.goto.set_text("")
    type_text(replay_app, "99")
    key(replay_app, pygame.K_RETURN)
    assert scene.player.step == 7
    assert "12 moves" in scene.message
    scene.goto.set_text("x")
    key(replay_app, pygame.K_RETURN)
    assert "move number" in scene.message


def test_the_timeline_jumps_where_it_is_clicked_and_dragged(replay_app: App) -> None:
    scene = open_replay(replay_app, recorded())
    line = scene.timeline.rect
    click(replay_app, (line.x + line.width // 2, line.centery))
    assert scene.player.step == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(line.x + line.width // 2, line.centery),
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(line.right + 40, line.centery), rel=(5, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(line.right + 40, line.centery), button=1))
    step(replay_app)
    assert scene.player.at_end


def test_the_buttons_work_with_the_mouse(replay_app: App) -> None:
    scene = open_replay(replay_app, recorded())
    click(replay_app, scene.icons["forward"].rect.center)
    click(replay_app, scene.icons["forward"].rect.center)
    assert scene.player.step == 2
    click(replay_app, scene.icons["back"].rect.center)
    assert scene.player.step == 1
    click(replay_app, scene.icons["end"].rect.center)
    assert scene.player.at_end
    click(replay_app, scene.icons["start"].rect.center)
    assert scene.player.at_start
    click(replay_app, scene.icons["play"].rect.center)
    assert scene.playing
    click(replay_app, scene.menu_button.rect.center)
    assert scene not in replay_app.scenes


def test_take_over_continues_as_a_new_game(replay_app: App) -> None:
    table = pytest.importorskip("game.ui.table")
    replay = recorded()
    scene = open_replay(replay_app, replay)
    scene.jump(5)
    type_text(replay_app, "t")
    top = replay_app.scenes[-1]
    assert isinstance(top, table.TableScene) and scene not in replay_app.scenes
    assert top.game.rules == replay.rules and top.game.game == replay.game
    assert [top.game.move_text(m) for m in top.game.moves_played] == replay.move_texts[:5]
    assert top.game.piles == positions(replay)[5]


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_rule_set_draws_at_every_size(replay_app: App, rules: str) -> None:
    scene = open_replay(replay_app, recorded(rules, "77", 6))
    key(replay_app, pygame.K_END)
    for size in ((800, 600), (2560, 1440), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        step(replay_app, 2)
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
    assert run_replay(bad, tmp_path) == 2
    assert "line 3" in capsys.readouterr().err
    assert run_replay(tmp_path / "missing.replay", tmp_path) == 2


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

    monkeypatch.setattr(replay_scene, "App", ShortApp)
    assert run_replay(path, tmp_path) == 0
    app = opened[0]
    assert isinstance(app.scenes[0], MenuScene)
    top = app.scenes[-1]
    assert isinstance(top, ReplayScene) and top.replay == replay


def test_a_replay_without_moves_is_shown_and_nothing_breaks(replay_app: App) -> None:
    scene = open_replay(replay_app, recorded("constitution-cadogan", "9", 0))
    assert scene.player.length == 0
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_END, pygame.K_SPACE, pygame.K_PAGEDOWN):
        key(replay_app, k)
    step(replay_app, 30)
    assert scene.player.step == 0
    type_text(replay_app, "0")
    key(replay_app, pygame.K_RETURN)
    assert scene.message == ""


def test_as_played_keeps_the_recorded_times(replay_app: App) -> None:
    replay = recorded(moves=6)
    times = [m.seconds for m in replay.moves]
    scene = open_replay(replay_app, replay)
    scene.speed.set(1)
    assert scene.as_played and scene.rate == 4.0
    key(replay_app, pygame.K_SPACE)
    frames_to_first = int(times[0] / 4.0 * 60)
    step(replay_app, max(0, frames_to_first - 3))
    assert scene.player.step == 0, "the first move waits for its recorded time"
    step(replay_app, 6)
    assert scene.player.step == 1
    gap = (times[1] - times[0]) / 4.0
    assert scene.wait_left() == pytest.approx(gap, abs=0.1)
    step(replay_app, int((times[-1] - times[0]) / 4.0 * 60) + 10)
    assert scene.player.at_end and not scene.playing


def test_going_back_in_the_scene_is_undo_not_a_replay_from_the_deal(replay_app: App,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    replay = recorded(moves=12)
    expected = positions(replay)
    scene = open_replay(replay_app, replay)
    key(replay_app, pygame.K_END)
    game = scene.game
    played: list[object] = []
    real_play = game.play
    monkeypatch.setattr(game, "play", lambda move: played.append(move) or real_play(move))
    monkeypatch.setattr(Replay, "opening", lambda self: pytest.fail("the deal was dealt again"))
    key(replay_app, pygame.K_LEFT)
    assert scene.player.step == 11 and scene.game.piles == expected[11]
    key(replay_app, pygame.K_PAGEUP)
    assert scene.player.step == 1 and scene.game.piles == expected[1]
    key(replay_app, pygame.K_HOME)
    assert scene.player.at_start and scene.game.piles == expected[0]
    assert played == [] and scene.game is game
