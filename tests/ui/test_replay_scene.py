"""The replay scene: play and pause, step, speed, jump to a move, take over (an assisted
game: no high score, no clean win, no best time, also once saved and continued); and
``view_replay`` for ``main.py replay FILE``."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.cli.window import view_replay
from game.engine import RULE_IDS, new_game
from game.records.progress import load_progress
from game.records.recorder import Recorder
from game.records.replay import WON, Replay
from game.records.saves import load_game_extras, load_saved_game
from game.records.settings import Settings
from game.records.stats import load_statistics
from game.records.store import Store
from game.ui import replay_scene, scenes, theme, widgets
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.drawn import Kind
from game.ui.help_scene import KeysScene
from game.ui.keys import REPLAY_KEYS
from game.ui.menu import MenuScene
from game.ui.replay_scene import AS_PLAYED_SPEEDS, STEADY_SPEEDS, ReplayScene
from game.ui.table import TableScene
from tests.session.helpers import CONSTITUTION_1_WIN


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


def test_esc_with_a_notice_showing_closes_it_and_leaves_the_viewer(ui: SimpleNamespace,
                                                                    screen_app: App) -> None:
    """As on the other screens whose Esc goes back (tests/ui/test_notices.py): the first
    Esc must not seem to do nothing because a notice band took it."""
    below = screen_app.top
    open_replay(ui, screen_app, recorded())
    screen_app.tell(["the settings were not saved: the disk is full"])
    ui.step(screen_app, 2)
    assert any(box.name.startswith("notice: ") for box in screen_app.drawn.of(Kind.TEXT))
    ui.press(screen_app, pygame.K_ESCAPE)
    ui.step(screen_app, 2)
    assert screen_app.top is below
    assert not any(box.name.startswith("notice: ") for box in screen_app.drawn.of(Kind.TEXT))


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
    assert STEADY_SPEEDS[scene.speed_index] == ("4 moves/s", 4.0) and not scene.as_played
    ui.press(screen_app, pygame.K_SPACE)
    ui.step(screen_app, 120)
    assert scene.player.step >= played + 5, "faster playback"
    ui.press(screen_app, pygame.K_END)
    ui.press(screen_app, pygame.K_SPACE)
    assert scene.player.step == 0 and scene.playing, "play at the end starts from the deal"


def test_space_plays_and_pauses_whatever_button_has_the_focus(ui: SimpleNamespace, screen_app: App) -> None:
    """The key line says "Space: play/pause"; with the focus on "Take over" Space took the
    replay over (a practice game), and on "Back" it left the viewer."""
    scene = open_replay(ui, screen_app, won_without_times())
    for button in (scene.take_over_button, scene.menu_button):
        scene.ring.focus(button)
        ui.press(screen_app, pygame.K_SPACE)
        assert screen_app.top is scene and scene.playing
        ui.press(screen_app, pygame.K_SPACE)
        assert screen_app.top is scene and not scene.playing
    # Enter presses the focused button
    ui.press(screen_app, pygame.K_RETURN)
    assert screen_app.top is not scene


def test_playing_to_the_end_stops(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded(moves=4))
    scene.speed.set(len(STEADY_SPEEDS) - 1)
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


def test_the_move_number_field_is_cleared_after_a_jump(ui: SimpleNamespace, screen_app: App) -> None:
    """After a jump the field is empty again (and keeps the focus), so the next number
    typed is read alone, not after the last one; a number refused stays, to be mended."""
    replay = recorded()
    scene = open_replay(ui, screen_app, replay)
    ui.type_text(screen_app, "7")
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 7
    assert scene.goto.focused and scene.goto.value == ""
    ui.step(screen_app)
    assert [b.name for b in screen_app.drawn.boxes if b.name.startswith("go to move:")] == \
        ["go to move: Move no."], "the field shows its placeholder again"
    ui.type_text(screen_app, "3")
    assert scene.goto.value == "3"
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 3 and scene.game.piles == positions(replay)[3]
    # the emptied field keeps the focus, but the arrows, Home and End step the replay
    ui.press(screen_app, pygame.K_RIGHT)
    assert scene.player.step == 4
    ui.press(screen_app, pygame.K_LEFT)
    ui.press(screen_app, pygame.K_LEFT)
    assert scene.player.step == 2
    ui.press(screen_app, pygame.K_END)
    assert scene.player.step == 12
    ui.press(screen_app, pygame.K_HOME)
    assert scene.player.step == 0
    ui.type_text(screen_app, "3")
    ui.press(screen_app, pygame.K_RETURN)
    ui.type_text(screen_app, "99")
    ui.press(screen_app, pygame.K_RETURN)
    # a number past the end is cleared, so the next number typed is not added to it
    assert scene.player.step == 3 and scene.goto.value == "" and scene.goto.focused
    assert scene.message == "This replay has 12 moves; type 0 to 12."
    ui.type_text(screen_app, "5")
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 5 and scene.message == ""


# superscript two, circled one, Arabic-Indic three
@pytest.mark.parametrize("typed", ["\u00b2", "\u2460", "\u0663"])
def test_a_non_ascii_digit_is_not_a_move_number(ui: SimpleNamespace, screen_app: App, typed: str) -> None:
    scene = open_replay(ui, screen_app, recorded())
    ui.type_text(screen_app, typed)
    assert not scene.goto.focused, "only the ASCII digits start a move number"
    ui.type_text(screen_app, "3")
    ui.type_text(screen_app, typed)
    assert scene.goto.focused and scene.goto.value == "3", "the field takes ASCII digits only"


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



def test_the_buttons_with_nothing_to_do_are_dimmed(ui: SimpleNamespace, screen_app: App) -> None:
    """At the deal "start" and "back" are dimmed (their icons too), at the last move
    "forward" and "end"; in between all four are lit. Tab passes the dimmed ones by; one
    that has the focus when it dims keeps it."""
    scene = open_replay(ui, screen_app, recorded())
    palette = screen_app.palette

    def lit() -> dict[str, bool]:
        return {name: scene.icons[name].enabled for name in ("start", "back", "forward", "end")}

    def icon_colours(name: str) -> set[tuple[int, int, int]]:
        rect = scene.icons[name].rect
        return {tuple(screen_app.screen.get_at((x, y)))[:3] for x in range(rect.x, rect.right)
                for y in range(rect.y, rect.bottom)}

    assert lit() == {"start": False, "back": False, "forward": True, "end": True}
    assert palette.ink_dim in icon_colours("back") and palette.ink not in icon_colours("back")
    assert palette.ink in icon_colours("forward")
    ui.click(screen_app, scene.icons["back"].rect.center)  # does nothing
    assert scene.player.at_start
    ui.press(screen_app, pygame.K_RIGHT)
    assert all(lit().values())
    ui.click(screen_app, scene.icons["end"].rect.center)
    assert lit() == {"start": True, "back": True, "forward": False, "end": False}
    assert palette.ink_dim in icon_colours("end") and palette.ink not in icon_colours("end")
    assert scene.ring.current is scene.icons["end"], "the focus stays where the click put it"
    ui.press(screen_app, pygame.K_TAB)
    assert scene.ring.current is scene.speed, "Tab leaves the dimmed button"
    ui.press(screen_app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.ring.current is scene.icons["play"], "and passes the dimmed ones by"
    ui.press(screen_app, pygame.K_HOME)
    assert lit() == {"start": False, "back": False, "forward": True, "end": True}


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


def test_restart_of_a_game_taken_over_says_it_is_not_counted(ui: SimpleNamespace, screen_app: App) -> None:
    """A game taken over from a replay is practice: Restart's question says nothing of
    the statistics' abandoned games or a run of wins, which it does not touch."""
    table = pytest.importorskip("game.ui.table")
    scene = open_replay(ui, screen_app, recorded())
    scene.jump(5)
    ui.type_text(screen_app, "t")
    top = screen_app.scenes[-1]
    assert isinstance(top, table.TableScene) and top.session.practice
    ui.settle(screen_app, top)
    words = ui.asked(screen_app, pygame.K_r, "Restart this deal?")
    assert "practice game is not counted" in words and "abandoned" not in words


def test_after_a_jump_by_number_the_replays_keys_still_work(ui: SimpleNamespace, screen_app: App) -> None:
    """The field keeps the focus after a jump, but takes digits only: "+" and "−" change
    the speed and T takes over, as they do before a number is typed (T went into the
    field, and nothing was taken over)."""
    table = pytest.importorskip("game.ui.table")
    replay = recorded()
    scene = open_replay(ui, screen_app, replay)
    ui.type_text(screen_app, "5")
    ui.press(screen_app, pygame.K_RETURN)
    assert scene.player.step == 5 and scene.goto.focused
    speed = scene.speed.index
    ui.type_text(screen_app, "-")
    assert scene.speed.index == speed - 1 and scene.goto.value == ""
    ui.type_text(screen_app, "x")
    assert scene.goto.value == ""
    ui.type_text(screen_app, "t")
    top = screen_app.scenes[-1]
    assert isinstance(top, table.TableScene) and scene not in screen_app.scenes
    assert top.game.piles == positions(replay)[5]


def won_without_times() -> Replay:
    """Constitution #1 won, every move at 0:00 and no help counted: a replay edited by
    hand may say anything of its times and hints."""
    game = new_game("constitution", "1")
    recorder = Recorder(game, clock=lambda: 0.0)
    for text in CONSTITUTION_1_WIN:
        recorder.play(game.parse_move(text))
    replay = recorder.replay()
    assert replay.result == WON and replay.hints == 0 and replay.seconds == 0.0
    return replay


def play_to_the_win(ui: SimpleNamespace, app: App, table: TableScene, moves: list[str]) -> Dialog:
    """Play ``moves`` on ``table`` with the mouse; the dialog of the win they make."""
    for text in moves:
        ui.settle(app, table)
        ui.perform(app, table, table.game.parse_move(text))
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "You won!" and table.game.is_won()
    return dialog


def assert_won_in_practice(app: App, table: TableScene, dialog: Dialog) -> None:
    """The win is a practice game's: no high score, no best time, no streak, and the
    statistics count nothing (neither the win nor the game), as the dialog says."""
    assert table.session.practice and table.session.assisted and table.session.recorder.hints >= 1
    assert not [line for line in dialog.lines if "New high score" in line]
    assert ("A practice game, taken over from a replay: your statistics do not count it, "
            "and it earns no high score") in dialog.lines
    assert not [line for line in dialog.lines if line.startswith("Best time") or "in a row" in line]
    store = Store(app.data_dir)
    assert load_progress(store).high_scores("constitution") == []
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.won, stats.best_time, stats.current_streak) == (0, 0, None, 0)
    assert stats.recent == [] and load_saved_game(store) is None


def test_a_replay_taken_over_before_its_last_move_and_won_is_a_practice_game(
        ui: SimpleNamespace, screen_app: App) -> None:
    replay = won_without_times()
    scene = open_replay(ui, screen_app, replay)
    ui.click(screen_app, scene.icons["end"].rect.center)
    ui.click(screen_app, scene.icons["back"].rect.center)
    settle(ui, screen_app, scene)
    before_last = len(CONSTITUTION_1_WIN) - 1
    assert scene.player.step == before_last
    ui.click(screen_app, scene.take_over_button.rect.center)
    table = screen_app.top
    assert isinstance(table, TableScene) and scene not in screen_app.scenes
    assert table.session.assisted and table.session.recorder.hints == 1
    assert table.message == (f"Playing on after move {before_last}: "
                             "practice, not counted in your statistics, no high score")
    dialog = play_to_the_win(ui, screen_app, table, CONSTITUTION_1_WIN[-1:])
    assert_won_in_practice(screen_app, table, dialog)


def test_a_game_taken_over_stays_practice_when_saved_and_continued(ui: SimpleNamespace,
                                                                   screen_app: App) -> None:
    # the winning line the analysis shows: the viewer takes it over the same way
    replay = won_without_times()
    at = len(CONSTITUTION_1_WIN) - 3
    scene = ReplayScene(screen_app, replay, at=at, heading="your line, then the winning line")
    screen_app.push(scene)
    ui.step(screen_app)
    ui.type_text(screen_app, "t")
    table = screen_app.top
    assert isinstance(table, TableScene) and table.session.assisted
    ui.settle(screen_app, table)
    ui.perform(screen_app, table, table.game.parse_move(CONSTITUTION_1_WIN[at]))
    ui.settle(screen_app, table)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(screen_app)
    assert not screen_app.running
    store = Store(screen_app.data_dir)
    saved = load_saved_game(store)
    assert saved is not None and len(saved.moves) == at + 1 and saved.hints == 1
    assert load_game_extras(store, saved)["assisted"] is True
    # The next run continues it from the menu: still assisted, and its win says so.
    later = App(size=(1280, 800), data_dir=screen_app.data_dir, settings=Settings(help_seen=RULE_IDS),
                scenes=scenes.SCENES, headless=True)
    later.running = True
    menu = ui.open_menu(later)
    ui.click(later, menu.continue_button.rect.center)
    again = later.top
    assert isinstance(again, TableScene) and again.session.assisted
    assert again.session.recorder.hints == 1
    dialog = play_to_the_win(ui, later, again, CONSTITUTION_1_WIN[at + 1:])
    assert_won_in_practice(later, again, dialog)


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


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (800, 1000), (800, 1280), (1080, 1920),
                                  (2560, 1440)])
@pytest.mark.parametrize("heading", ["", "your line, then the winning line"])
def test_the_header_shows_the_whole_game_number_at_every_size(ui: SimpleNamespace, screen_app: App,
                                                              size: tuple[int, int], heading: str) -> None:
    """The header's title keeps every digit of a 20-digit game number and lies clear of
    the result, inside the header, in every rule set: on one line where there is room,
    else on two (a tall window's header is high; its title was cut after the rule set's
    name at 800 x 1280)."""
    number = "12345678901234567890"
    screen_app.resize(size)
    for rules in RULE_IDS:
        replay = recorded(rules, number, moves=3)
        scene = ReplayScene(screen_app, replay, heading=heading)
        screen_app.push(scene)
        ui.step(screen_app)
        plan = scene.header_plan()
        assert plan.title == f"Replay · {replay.title} · #{number}", (rules, size)
        boxes = {b.name: b.rect for b in screen_app.drawn.of(Kind.TEXT)}
        title, result = boxes["replay title"], boxes["replay result"]
        # the box drawn is the whole title's at its size: nothing was cut
        assert title.width == theme.font(plan.px, True).size(plan.title)[0]
        hud = scene.layout.hud
        assert hud.contains(title) and hud.contains(result) and not title.colliderect(result), (rules, size)
        assert plan.px >= 12
        screen_app.pop()


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


def test_a_replay_of_one_move_says_1_move(ui: SimpleNamespace, screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded("constitution-cadogan", "9", 1))
    assert scene.player.length == 1
    assert " · 1 move · " in scene.summary()


def test_as_played_keeps_the_recorded_times(ui: SimpleNamespace, screen_app: App) -> None:
    replay = recorded(moves=6)
    times = [m.seconds for m in replay.moves]
    scene = open_replay(ui, screen_app, replay)
    ui.type_text(screen_app, "a++")
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


def test_plus_and_minus_are_always_faster_and_slower(ui: SimpleNamespace, screen_app: App) -> None:
    """"−" from 0.5 moves/s went on to "4× as played" (33 moves in 5 s on some
    replays) and "+" from there went slower: the speeds as played sat at the slow end
    of the steady ones. "+" and "−" now step through one list, slowest first, and stop
    at its ends; "A" switches to the speeds as played and back, to the speed last
    chosen in each."""
    scene = open_replay(ui, screen_app, recorded())
    rates = [scene.rate]
    for _ in range(len(STEADY_SPEEDS) + 1):
        ui.type_text(screen_app, "-")
        assert not scene.as_played
        rates.append(scene.rate)
    assert rates == sorted(rates, reverse=True) and rates[-1] == rates[-2] == 0.5
    rates = [scene.rate]
    for _ in range(len(STEADY_SPEEDS) + 1):
        ui.type_text(screen_app, "+")
        assert not scene.as_played
        rates.append(scene.rate)
    assert rates == sorted(rates) and rates[-1] == rates[-2] == 8.0
    assert len(set(rates)) == len(STEADY_SPEEDS)
    ui.type_text(screen_app, "--")
    steady = scene.rate
    ui.type_text(screen_app, "a")
    assert scene.as_played and scene.rate == AS_PLAYED_SPEEDS[0][1]
    assert scene.speed.options == [name for name, _ in AS_PLAYED_SPEEDS]
    times = [scene.rate]
    for _ in range(len(AS_PLAYED_SPEEDS)):
        ui.type_text(screen_app, "+")
        times.append(scene.rate)
    assert times == sorted(times) and times[-1] == times[-2] and len(set(times)) == len(AS_PLAYED_SPEEDS)
    ui.type_text(screen_app, "A")
    assert not scene.as_played and scene.rate == steady
    assert scene.speed.options == [name for name, _ in STEADY_SPEEDS]
    ui.type_text(screen_app, "a")
    assert scene.as_played and scene.rate == times[-1], "the speed as played last chosen"


def test_the_as_played_switch_shows_its_state_and_answers_the_mouse(ui: SimpleNamespace,
                                                                   screen_app: App) -> None:
    scene = open_replay(ui, screen_app, recorded())
    names = [b.name for b in screen_app.drawn.boxes]
    assert any(n.startswith("Pace") for n in names) and not scene.as_played
    assert scene.timing.label == "Pace: steady"
    ui.click(screen_app, scene.timing.rect.center)
    assert scene.as_played and scene.timing.label == "Pace: as played"
    ui.click(screen_app, scene.timing.rect.center)
    assert not scene.as_played


def test_a_replay_with_no_times_is_not_played_as_played(ui: SimpleNamespace, screen_app: App) -> None:
    """Every move at 0 s (times left out): "as played" would play the whole replay in one
    frame. The switch says why it stays off, and Space plays at the steady speed."""
    game = new_game("constitution", "5")
    recorder = Recorder(game, clock=lambda: 0.0)
    for _ in range(8):
        recorder.play(game.parse_move(game.legal_texts()[0]))
    scene = open_replay(ui, screen_app, recorder.replay())
    ui.type_text(screen_app, "a")
    assert not scene.as_played and "no times" in scene.message
    ui.click(screen_app, scene.timing.rect.center)
    assert not scene.as_played and scene.timing.label == "Pace: steady"
    ui.press(screen_app, pygame.K_SPACE)
    ui.step(screen_app, 5)
    assert 0 <= scene.player.step <= 1, "a steady speed, not every move at once"



def test_the_winning_line_is_not_played_as_played(ui: SimpleNamespace, screen_app: App) -> None:
    """The analysis's winning line was never played: its times are made up (one move a
    second), so "as played" would only be the steady 1 move/s under another name. The
    switch (A, or a click) says so and stays off."""
    replay = recorded("constitution", "5", moves=8)
    scene = ReplayScene(screen_app, replay, heading="your line, then the winning line", turn=4)
    screen_app.push(scene)
    ui.step(screen_app)
    ui.type_text(screen_app, "a")
    assert not scene.as_played and "never played" in scene.message
    assert scene.speed.options == [name for name, _ in STEADY_SPEEDS]
    ui.click(screen_app, scene.timing.rect.center)
    assert not scene.as_played and scene.timing.label == "Pace: steady"
    # a replay of a game played keeps its times
    played = open_replay(ui, screen_app, replay)
    ui.type_text(screen_app, "a")
    assert played.as_played and not played.message


def test_the_speed_box_keeps_its_arrows_together_in_a_wide_window(ui: SimpleNamespace,
                                                                  screen_app: App) -> None:
    """At 3000 x 600 the speed's box stretched over 2,500 pixels, its arrows a screen
    apart; it stops at a width its words fill, and still takes the room it has at 800."""
    screen_app.resize((3000, 600))
    scene = open_replay(ui, screen_app, recorded())
    assert scene.speed.rect.width <= replay_scene.SPEED_BOX_PX * scene.px < 1000
    screen_app.resize((800, 600))
    ui.step(screen_app)
    assert scene.speed.rect.right + round(scene.px * 0.6) == scene.goto.rect.x


@pytest.mark.parametrize("size", [(800, 600), (800, 1400), (3000, 600), (1280, 800)])
def test_the_viewer_shows_its_keys_in_a_line_at_every_size(ui: SimpleNamespace, screen_app: App,
                                                           size: tuple[int, int]) -> None:
    """Every other screen draws a line of its keys; the viewer drew none. Its line lies
    in the bar under the controls, inside the window, and always names F1 and ?."""
    screen_app.resize(size)
    scene = open_replay(ui, screen_app, recorded("constitution", "12345678901234567890", 6))
    keys = [b.rect for b in screen_app.drawn.of(Kind.TEXT) if b.name == "the keys"]
    assert len(keys) == 1, f"no key line at {size}"
    line = keys[0]
    assert scene.bar.contains(line) and pygame.Rect((0, 0), size).contains(line)
    assert "F1 or ?" in scene.key_line()
    for item in scene.ring.items:
        assert not item.rect.colliderect(line), f"{item.rect} overlaps the key line at {size}"
    assert line.top >= max(item.rect.bottom for item in scene.ring.items)
    words = scene.key_line()
    small = max(10, round(scene.px * 0.72))
    assert theme.font(small).size(words)[0] <= size[0] - 40, "the line is whole, not cut"


def test_f1_and_question_mark_list_the_viewers_keys(ui: SimpleNamespace, screen_app: App) -> None:
    """F1 and ? did nothing in the viewer. Each now opens the list of its keys over it,
    pausing playback; Esc closes the list, back to the viewer where it was."""
    scene = open_replay(ui, screen_app, recorded(moves=20))
    ui.press(screen_app, pygame.K_SPACE)
    ui.step(screen_app, 70)
    assert scene.playing
    step = scene.player.step
    ui.press(screen_app, pygame.K_F1)
    legend = screen_app.top
    assert isinstance(legend, KeysScene) and legend.rows == list(REPLAY_KEYS)
    assert legend.back_to == "the replay" and not scene.playing
    ui.step(screen_app, 120)
    assert scene.player.step == step, "paused under the list"
    ui.press(screen_app, pygame.K_ESCAPE)
    assert screen_app.top is scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_LSHIFT,
                                         unicode="?"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="?"))
    ui.step(screen_app)
    assert isinstance(screen_app.top, KeysScene)
    ui.press(screen_app, pygame.K_ESCAPE)
    assert screen_app.top is scene and scene.player.step == step
    # the list names every key the key line does
    listed = " ".join(keys for keys, _ in REPLAY_KEYS)
    for key in ("Space", "←", "→", "PgUp", "PgDn", "Home", "End", "+", "−", "A", "T", "Esc", "F1", "?"):
        assert key in listed


def test_take_over_is_refused_where_the_game_is_won(ui: SimpleNamespace, screen_app: App) -> None:
    """"T" at the end of a won replay took over a won game: the player got "You won!"
    and a score for no move of theirs. There it now says why nothing is taken over
    (T, or the button), and a step back takes over as before."""
    replay = won_without_times()
    scene = open_replay(ui, screen_app, replay)
    ui.press(screen_app, pygame.K_END)
    ui.type_text(screen_app, "t")
    assert screen_app.top is scene
    assert scene.message.startswith("Nothing to take over: the game is won here")
    ui.step(screen_app)
    said = [b for b in screen_app.drawn.of(Kind.TEXT) if b.name == "the move in words"]
    assert said and said[0].rect.right <= screen_app.size[0]
    scene.message = ""
    ui.click(screen_app, scene.take_over_button.rect.center)
    assert screen_app.top is scene and "won here" in scene.message
    ui.press(screen_app, pygame.K_LEFT)
    assert scene.message == "", "the reason goes with the position it was for"
    settle(ui, screen_app, scene)
    ui.type_text(screen_app, "t")
    table = screen_app.top
    assert isinstance(table, TableScene) and not table.game.is_won()
    assert len(table.game.history) == len(replay.moves) - 1


def long_waits(*times: float) -> Replay:
    """A replay of constitution 7 whose moves were made at ``times`` (seconds)."""
    game = new_game("constitution", "7")
    now = [0.0]
    recorder = Recorder(game, clock=lambda: now[0])
    for t in times:
        now[0] = t
        recorder.play(game.parse_move(game.legal_texts()[0]))
    return recorder.replay()


@pytest.mark.parametrize(("times", "wait", "played"), [
    ((0.5, 10_000_000.0), "115 d 17 h", "115 d 17 h"),
    ((0.5, 4000.5), "1 h 6 min", "1:06:40"),
    ((0.5, 150.5), "2 min 30 s", "2:30"),
])
def test_a_long_wait_as_played_is_said_readably(ui: SimpleNamespace, screen_app: App,
                                                times: tuple[float, ...], wait: str, played: str) -> None:
    """A wait of 10,000,000 s showed "Next move in 9999998 s" and the header
    "2777:46:40": long times are said in days and hours, minutes and seconds."""
    scene = open_replay(ui, screen_app, long_waits(*times))
    assert scene.summary().endswith(f" · {played}")
    ui.type_text(screen_app, "a")
    ui.press(screen_app, pygame.K_SPACE)
    for _ in range(120):
        if scene.player.step:
            break
        ui.step(screen_app)
    assert scene.player.step == 1 and scene.playing
    assert scene.step_words() == f"Next move in {wait}"
    boxes = {b.name: b.rect for b in screen_app.drawn.of(Kind.TEXT)}
    assert scene.layout.hud.contains(boxes["replay result"])


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


def _practice_game_left_with_esc(ui: SimpleNamespace, screen_app: App) -> None:
    """From the menu: game 1's replay taken over after move 40, move 41 played, then Esc."""
    screen_app.start("menu", rules="constitution")
    ui.step(screen_app)
    scene = open_replay(ui, screen_app, won_without_times())
    scene.jump(40)
    ui.type_text(screen_app, "t")
    table = screen_app.top
    assert isinstance(table, TableScene) and table.session.practice
    ui.settle(screen_app, table)
    ui.perform(screen_app, table, table.game.parse_move(CONSTITUTION_1_WIN[40]))
    ui.settle(screen_app, table)
    ui.press(screen_app, pygame.K_ESCAPE)


def test_leaving_a_practice_game_for_the_menu_gives_back_the_players_own_saved_game(
        ui: SimpleNamespace, screen_app: App) -> None:
    """The player's own game (constitution 2) is saved; a replay taken over and left for
    the menu (Esc) is not saved over it, so the menu held the practice game and offered
    it as "Continue", leaving no way back to the player's game, which the next new deal
    counted as abandoned. Esc now asks, and leaving ends the practice game: "Continue"
    is the player's own game again, and nothing was counted."""
    store = Store(screen_app.data_dir)
    own = ui.open_table(screen_app, new_game("constitution", "2"))
    ui.perform(screen_app, own, own.game.legal_moves()[0])
    ui.settle(screen_app, own)
    ui.press(screen_app, pygame.K_ESCAPE)
    saved = load_saved_game(store)
    assert saved is not None and saved.game == "2"
    _practice_game_left_with_esc(ui, screen_app)
    ask = screen_app.top
    assert isinstance(ask, Dialog) and ask.title == "Leave this practice game?"
    assert "your saved game (British Constitution #2) stays yours to continue" in " ".join(ask.lines)
    ui.click(screen_app, next(b for b in ask.buttons if b.label == "Leave it").rect.center)
    ui.step(screen_app)
    menu = screen_app.top
    assert menu.name == "menu"
    assert menu.continue_button.hint.endswith("#2 · 1 move")  # type: ignore[attr-defined]
    again = load_saved_game(store)
    assert again is not None and again.game == "2" and again.moves == saved.moves
    assert load_statistics(store)["constitution"].played == 0


def test_a_practice_game_given_up_from_the_menu_is_not_said_to_count(
        ui: SimpleNamespace, screen_app: App) -> None:
    """A practice game left for the menu is "Continue practice"; a new deal from the menu
    ends it, and the question said it would be counted as abandoned, which it never is."""
    store = Store(screen_app.data_dir)
    _practice_game_left_with_esc(ui, screen_app)
    menu = screen_app.top
    assert isinstance(menu, MenuScene) and menu.continue_button.label == "Continue practice"
    ui.click(screen_app, menu.random_button.rect.center)
    ask = screen_app.top
    assert isinstance(ask, Dialog) and ask.title == "Leave your practice game?"
    assert " ".join(ask.lines) == ("Your practice game (British Constitution #1, 41 moves) ends here. "
                                   "Practice games are not counted in your statistics.")
    ui.click(screen_app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    ui.step(screen_app)
    fresh = screen_app.top
    assert isinstance(fresh, TableScene) and not fresh.session.practice and not fresh.game.history
    assert load_statistics(store)["constitution"].played == 0


def test_a_new_deal_after_a_practice_game_is_won_asks_before_it_replaces_the_saved_game(
        ui: SimpleNamespace, screen_app: App) -> None:
    """The practice game is over, so no game is in progress and "New deal" asked
    nothing; the new deal, once saved, counted the player's own game as abandoned. It
    asks now."""
    store = Store(screen_app.data_dir)
    own = ui.open_table(screen_app, new_game("constitution", "2"))
    ui.perform(screen_app, own, own.game.legal_moves()[0])
    ui.settle(screen_app, own)
    ui.press(screen_app, pygame.K_ESCAPE)
    screen_app.start("menu", rules="constitution")
    ui.step(screen_app)
    scene = open_replay(ui, screen_app, won_without_times())
    scene.jump(len(CONSTITUTION_1_WIN) - 1)
    ui.type_text(screen_app, "t")
    table = screen_app.top
    assert isinstance(table, TableScene) and table.session.practice
    won = play_to_the_win(ui, screen_app, table, CONSTITUTION_1_WIN[-1:])
    ui.click(screen_app, next(b for b in won.buttons if b.label == "New deal").rect.center)
    ask = screen_app.top
    assert isinstance(ask, Dialog) and ask.title == "Start a new deal?"
    assert "Your saved game (British Constitution #2) will be counted as abandoned" in " ".join(ask.lines)
    saved = load_saved_game(store)
    assert saved is not None and saved.game == "2" and load_statistics(store)["constitution"].played == 0


def test_a_drag_on_the_timeline_ends_when_the_button_is_up_though_its_release_never_came(
        ui: SimpleNamespace, screen_app: App) -> None:
    """The window lost the pointer mid-drag, so the release never came: moving the mouse
    with no button down went on seeking (hostile review 29)."""
    scene = open_replay(ui, screen_app, recorded())
    line = scene.timeline.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(line.x + line.width // 2, line.centery),
                                         button=1))
    ui.step(screen_app)
    assert scene.player.step == 6 and scene.timeline.dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(line.right - 2, line.centery), rel=(5, 0),
                                         buttons=(0, 0, 0)))
    ui.step(screen_app)
    assert scene.player.step == 6 and not scene.timeline.dragging
    # a real drag still seeks
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(line.x + 2, line.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(line.right + 40, line.centery), rel=(5, 0),
                                         buttons=(1, 0, 0)))
    ui.step(screen_app)
    assert scene.player.at_end
