"""The demo player on the table: it plays by itself through the real loop, counts as help,
and hands the game back the moment the player clicks or presses a key."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import demo_thinkers
import pygame
import pytest

from game.engine import new_game
from game.search import demo as demo_module
from game.session.positions import lost_position, near_won_position
from game.ui.app import App
from game.ui.demo_scene import PAUSES, DemoScene
from game.ui.dialogs import Dialog
from game.ui.table import TableScene
from tests.search.test_dead_end import CONSTITUTION_35

#: one frame of the real loop (seconds)
FRAME = 1 / 60


def _table(app: App, game: object) -> TableScene:
    scene = TableScene(app, game)  # type: ignore[arg-type]
    app.push(scene)
    return scene


def _run_until(app: App, ui: SimpleNamespace, done: object, limit: int = 6000) -> None:
    """Run frames until ``done()``; a frame while the demo thinks lasts at least 1/60 s
    (its process thinks in real time, and the loop alone runs far faster than that)."""
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        ui.step(app)
        top = app.top
        if isinstance(top, DemoScene) and top.thinking is not None:
            top.thinking.wait(FRAME)
    raise AssertionError("the demo never got there")


def _fast_demo(ui: SimpleNamespace, app: App, table: TableScene) -> DemoScene:
    """The demo started on ``table`` (its cards at rest), at its fastest."""
    ui.settle(app, table)
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    return demo


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_the_demo_wins_a_near_won_position_and_the_win_dialog_follows(
        ui: SimpleNamespace, app: App, rules: str) -> None:
    game, _ = near_won_position(rules)
    table = _table(app, game)
    demo = _fast_demo(ui, app, table)
    _run_until(app, ui, lambda: app.top is not demo)
    assert table.game.is_won()
    assert demo.moves >= 1
    # every demo move is counted as help in the game's record
    assert table.session.recorder.hints == demo.moves
    _run_until(app, ui, lambda: isinstance(app.top, Dialog))
    ui.check_drawn(table)


def test_a_click_takes_the_game_over_and_the_demo_plays_no_more(ui: SimpleNamespace, app: App) -> None:
    table = _table(app, new_game("union-square", "1"))
    ui.settle(app, table)
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    _run_until(app, ui, lambda: len(table.game.history) >= 3)
    ui.click(app, (5, app.size[1] - 5))
    assert app.top is table
    played = len(table.game.history)
    for _ in range(120):
        ui.step(app)
    assert len(table.game.history) == played
    assert "demo" in table.message.lower()
    ui.settle(app, table)
    ui.check_drawn(table)


def test_the_banner_says_what_the_demos_last_move_did(ui: SimpleNamespace, app: App) -> None:
    """In the hint's words, beside how to take over; before the first move, how to take
    over alone."""
    from game.search.hint import reason_parts
    from game.ui.drawn import Kind

    table = _table(app, new_game("union-square", "1"))
    demo = _fast_demo(ui, app, table)
    ui.step(app)

    def banner() -> str:
        [box] = [b for b in app.drawn.of(Kind.TEXT) if b.name.startswith("the demo's banner")]
        return box.name

    assert "Demo playing" in banner() and "take over" in banner()
    _run_until(app, ui, lambda: len(table.game.history) >= 2)
    played = table.game.moves_played
    before = new_game("union-square", "1")
    for move in played[:-1]:
        before.play(move)
    assert demo.said == ", ".join(reason_parts(before.player_view(), played[-1], 0.0)[:2])
    ui.step(app)
    first = demo.said.split(", ")[0]
    assert f"Demo: {first}" in banner() and "any key takes over" in banner()


def test_speed_keys_change_the_pace_and_any_other_key_takes_over(ui: SimpleNamespace, app: App) -> None:
    table = _table(app, new_game("constitution", "3"))
    ui.settle(app, table)
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    before = demo.speed
    ui.post_key(pygame.K_MINUS)
    ui.step(app)
    assert demo.speed == before - 1 and app.top is demo
    ui.post_key(pygame.K_EQUALS)
    ui.post_key(pygame.K_EQUALS)
    ui.step(app)
    assert demo.speed == before + 1 and app.top is demo
    ui.post_key(pygame.K_LSHIFT)
    ui.step(app)
    assert app.top is demo
    ui.post_key(pygame.K_u)  # a real key: the game is the player's again (and U undoes)
    ui.step(app)
    assert app.top is table


def test_a_game_lost_under_the_demo_shows_the_lost_dialog_once_handed_back(
        ui: SimpleNamespace, app: App) -> None:
    table = _table(app, lost_position(new_game("square", "2")))
    demo = DemoScene(app, table)
    app.push(demo)  # before the deal has landed: the table cannot show its dialog itself
    _run_until(app, ui, lambda: app.top is not demo)
    assert "no moves left" in table.message.lower()
    _run_until(app, ui, lambda: isinstance(app.top, Dialog))
    assert table.session.finished


def test_the_demo_hands_a_dead_end_back_at_once_and_its_dialog_follows(
        ui: SimpleNamespace, app: App) -> None:
    """In a dead end the demo would shuffle Row 1's cards to and fro (a hostile review saw
    it go on to move 86): it hands the game back without a move, and "No way to win"
    follows."""
    game = new_game("constitution", "35")
    for text in CONSTITUTION_35:
        game.play(game.parse_move(text))
    table = _table(app, game)
    demo = DemoScene(app, table)
    app.push(demo)  # before the deal has landed: the table cannot show its dialog itself
    _run_until(app, ui, lambda: app.top is not demo)
    assert demo.moves == 0 and len(table.game.history) == len(CONSTITUTION_35)
    assert "no way to win" in table.message.lower()
    _run_until(app, ui, lambda: isinstance(app.top, Dialog))
    top = app.top
    assert isinstance(top, Dialog) and top.title == "No way to win"


def test_the_demo_is_not_started_on_a_finished_game(ui: SimpleNamespace, app: App) -> None:
    table = _table(app, lost_position(new_game("square", "2")))
    ui.settle(app, table)
    while app.top is not table:
        app.pop()
    table.start_demo()
    assert app.top is table


def test_the_demo_key_and_button_start_it(ui: SimpleNamespace, app: App) -> None:
    table = _table(app, new_game("square", "5"))
    ui.settle(app, table)
    ui.post_key(pygame.K_p)
    ui.step(app)
    assert isinstance(app.top, DemoScene)
    ui.post_key(pygame.K_ESCAPE)
    ui.step(app)
    assert app.top is table
    button = next(b for b in table.hud.buttons if b.label == "Demo")
    ui.click(app, button.rect.center)
    assert isinstance(app.top, DemoScene)


def _button(table: TableScene, label: str) -> tuple[int, int]:
    return next(b for b in table.hud.buttons if b.label == label).rect.center


def _demo_on(ui: SimpleNamespace, app: App, rules: str, number: str,
             moves: int) -> tuple[TableScene, DemoScene]:
    """A table of the deal with the demo playing on it, fastest, until it made ``moves``."""
    table = _table(app, new_game(rules, number))
    ui.settle(app, table)
    ui.click(app, _button(table, "Demo"))
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    _run_until(app, ui, lambda: demo.moves >= moves)
    return table, demo


def test_a_click_on_undo_during_the_demo_stops_it_and_undoes(ui: SimpleNamespace, app: App) -> None:
    table, demo = _demo_on(ui, app, "union-square", "1", 3)
    played = list(table.game.moves_played)
    last_step = table.session.undo_steps[-1]
    ui.click(app, _button(table, "Undo"))
    assert app.top is table and demo.thinking is None
    assert table.game.moves_played == played[:len(played) - last_step]
    ui.step(app, 60)
    assert len(table.game.history) == len(played) - last_step, "the demo plays no more"
    ui.settle(app, table)
    ui.check_drawn(table)


def test_a_click_on_hint_during_the_demo_stops_it_and_shows_a_hint(ui: SimpleNamespace, app: App) -> None:
    table, _ = _demo_on(ui, app, "constitution", "3", 1)
    played = len(table.game.history)
    ui.click(app, _button(table, "Hint"))
    assert app.top is table and table.session.hint is not None
    ui.step(app, 60)
    assert len(table.game.history) == played


def test_the_demo_leaves_the_score_alone(ui: SimpleNamespace, app: App) -> None:
    table = _table(app, new_game("constitution", "1"))
    ui.settle(app, table)
    # The player scores first: a card to a foundation.
    g = table.game
    to_foundation = next(m for m in g.legal_moves() if m.dst in g.foundations)
    ui.perform(app, table, to_foundation)
    ui.settle(app, table)
    score = table.score.total
    assert score > 0
    on_foundations = sum(len(g.piles[f]) for f in g.foundations)
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    _run_until(app, ui, lambda: sum(len(g.piles[f]) for f in g.foundations) >= on_foundations + 2
               and demo.moves >= 4)
    ui.settle(app, table)
    assert table.score.total == score and round(table.hud.shown_score) == score
    assert table.session.assisted
    ui.press(app, pygame.K_ESCAPE)  # only stops the demo
    assert app.top is table and table.score.total == score


def test_the_frames_keep_coming_while_the_demo_thinks(ui: SimpleNamespace, app: App, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    gate = tmp_path / "gate"  # the worker's plan is made once this file exists
    asked = tmp_path / "gate.asked"
    monkeypatch.setenv(demo_thinkers.GATE, str(gate))
    monkeypatch.setattr(demo_module, "_THINK", demo_thinkers.slow_move)
    table = _table(app, new_game("union-square", "2"))
    ui.settle(app, table)
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    try:
        frames = app.frames
        ui.step(app, 90)
        for _ in range(3000):  # the worker process starts, then is asked
            # the note is created before it is written: wait for what it says
            if asked.exists() and asked.read_text():
                break
            ui.step(app)
            time.sleep(0.002)
        assert app.frames >= frames + 90, "every frame ran while the demo was thinking"
        assert asked.read_text() == "0\n"
        assert demo.thinking is not None and not demo.thinking.done
        assert demo.moves == 0 and not table.game.history
        # A click takes over at once, without waiting for the plan, and ends the process.
        worker = demo_module._worker
        assert worker is not None
        ui.click(app, (5, app.size[1] - 5))
        assert app.top is table and not table.game.history
        assert not worker.process.is_alive()
        # Started again, it plays once the plan is made.
        table.start_demo()
        again = app.top
        assert isinstance(again, DemoScene)
        again.set_speed(len(PAUSES))
        ui.step(app, 5)
        assert again.moves == 0
        gate.touch()
        _run_until(app, ui, lambda: again.moves >= 1, limit=1200)
        assert len(table.game.history) >= 1
    finally:
        gate.touch()
        demo_module.stop_thinking()


def test_a_search_that_fails_in_the_process_is_reported_and_the_game_handed_back(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(demo_module, "_THINK", demo_thinkers.failing_move)
    table = _table(app, new_game("constitution", "4"))
    ui.settle(app, table)
    table.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    try:
        _run_until(app, ui, lambda: app.top is not demo, limit=1200)
        assert app.top is table and not table.game.history
        assert "ValueError: no search today (0 moves)" in table.message
        assert demo_module._worker is None
    finally:
        demo_module.stop_thinking()


def _gone(pid: int) -> bool:
    """No process ``pid`` runs (a zombie left to its parent counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_the_demo_process_ends_when_the_demo_stops_and_when_the_app_quits(
        ui: SimpleNamespace, app: App) -> None:
    table, demo = _demo_on(ui, app, "union-square", "1", 2)
    worker = demo_module._worker
    assert worker is not None and worker.process.is_alive()
    pid = worker.process.pid
    assert pid is not None and not _gone(pid)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is table and demo.thinking is None
    assert demo_module._worker is None and _gone(pid)
    # the demo again, one process for all its moves; then the window closes
    ui.click(app, _button(table, "Demo"))
    again = app.top
    assert isinstance(again, DemoScene)
    again.set_speed(len(PAUSES))
    _run_until(app, ui, lambda: again.moves >= 2)
    worker = demo_module._worker
    assert worker is not None and worker.process.is_alive() and worker._asked >= 2
    pid = worker.process.pid
    assert pid is not None
    app.quit()
    assert not app.running
    assert demo_module._worker is None and _gone(pid)


def test_a_click_on_the_demo_button_only_stops_the_demo(ui: SimpleNamespace, app: App) -> None:
    table, _ = _demo_on(ui, app, "union-square", "3", 1)
    played = len(table.game.history)
    ui.click(app, _button(table, "Demo"))
    assert app.top is table
    ui.step(app, 30)
    assert app.top is table and len(table.game.history) == played


def _demo_to_the_win_dialog(ui: SimpleNamespace, app: App, table: TableScene) -> Dialog:
    """Press P on the table, let the demo play at full speed to the win, and return the
    win dialog that follows."""
    ui.settle(app, table)
    ui.press(app, pygame.K_p)
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    _run_until(app, ui, lambda: app.top is not demo)
    assert table.game.is_won() and demo.moves >= 1
    _run_until(app, ui, lambda: isinstance(app.top, Dialog))
    dialog = app.top
    assert isinstance(dialog, Dialog)
    return dialog


def test_a_game_the_demo_wins_is_counted_as_won_by_the_demo_not_as_the_players_win(
        ui: SimpleNamespace, app: App) -> None:
    """The player plays most of a real deal, then lets the demo finish it: the win is the
    demo's. It raises no win rate, ends the player's streak, and the dialog says so."""
    from game.records.stats import DEMO_WON, GameResult, Statistics, load_statistics, save_statistics
    from game.records.store import Store
    from tests.session.helpers import CONSTITUTION_1_WIN

    store = Store(app.data_dir)
    before = Statistics()
    before["constitution"].add(GameResult("won", 80, 300.0, game="900"))
    assert save_statistics(store, before)
    table = _table(app, new_game("constitution", "1"))
    ui.settle(app, table)
    for text in CONSTITUTION_1_WIN[:-6]:
        table.play(table.game.parse_move(text))
    dialog = _demo_to_the_win_dialog(ui, app, table)
    assert dialog.title == "Won with the demo"
    assert any("won by the demo, not as your win" in line for line in dialog.lines)
    stats = load_statistics(store)["constitution"]
    assert (stats.played, stats.won, stats.won_by_demo) == (2, 1, 1)
    assert (stats.current_streak, stats.best_streak, stats.win_percent) == (0, 1, 50.0)
    assert [r.result for r in stats.recent] == ["won", DEMO_WON]


def test_the_games_clock_runs_while_the_demo_plays_it(ui: SimpleNamespace, app: App,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """The time the demo plays is the game's time (the demo scene over the table does not
    stop it as a dialog does); away from the window it stops, and runs again when back."""
    gate = tmp_path / "gate"  # the demo thinks until the test ends: the clock alone is watched
    monkeypatch.setenv(demo_thinkers.GATE, str(gate))
    monkeypatch.setattr(demo_module, "_THINK", demo_thinkers.slow_move)
    table = _table(app, new_game("union-square", "3"))
    ui.settle(app, table)
    ui.click(app, ui.top_point(table, table.game.stock))  # one stock turn, as the player
    ui.settle(app, table)
    try:
        ui.press(app, pygame.K_p)
        assert isinstance(app.top, DemoScene)
        elapsed = table.session.elapsed
        ui.step(app, 60)
        assert table.session.elapsed == pytest.approx(elapsed + 60 * FRAME, abs=0.05)
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        ui.step(app)
        elapsed = table.session.elapsed
        ui.step(app, 60)
        assert table.session.elapsed == elapsed, "away from the window, the clock stops"
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
        ui.step(app)
        assert isinstance(app.top, DemoScene)
        ui.step(app, 60)
        assert table.session.elapsed == pytest.approx(elapsed + 61 * FRAME, abs=0.05)
    finally:
        gate.touch()
        demo_module.stop_thinking()


def test_the_demo_waits_while_the_window_is_away(ui: SimpleNamespace, app: App) -> None:
    """The game's clock stops while the window is away; the demo played on there, so a
    game of 283 moves was recorded as played in 1 s. Now it waits, and plays on when the
    player is back."""
    game, _ = near_won_position("constitution")
    table = _table(app, game)
    demo = _fast_demo(ui, app, table)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    ui.step(app)
    moves = len(table.game.history)
    for _ in range(240):  # 4 s of frames: the fastest demo plays a move in well under that
        ui.step(app)
        if demo.thinking is not None:
            demo.thinking.wait(FRAME)
    assert len(table.game.history) == moves and app.top is demo
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    _run_until(app, ui, lambda: len(table.game.history) > moves)


def test_a_win_counted_as_the_players_stays_so_in_the_dialog_when_the_demo_wins_it_again(
        ui: SimpleNamespace, app: App) -> None:
    """Won by hand (counted as the player's win), undone from the dialog, then won again
    by the demo: the game is counted once, as first won, and the dialog said "Won with
    the demo" beside the player's streak."""
    from game.records.stats import load_statistics
    from game.records.store import Store
    from tests.session.helpers import CONSTITUTION_1_WIN

    table = _table(app, new_game("constitution", "1"))
    ui.settle(app, table)
    for text in CONSTITUTION_1_WIN:
        table.play(table.game.parse_move(text))
    _run_until(app, ui, lambda: isinstance(app.top, Dialog))
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "You won!"
    ui.press(app, pygame.K_u)
    assert app.top is table and not table.game.is_won()
    again = _demo_to_the_win_dialog(ui, app, table)
    assert table.session.demo_played and again.title == "You won!"
    assert not any("won by the demo" in line for line in again.lines)
    stats = load_statistics(Store(app.data_dir))["constitution"]
    assert (stats.played, stats.won, stats.won_by_demo, stats.current_streak) == (1, 1, 0, 1)


def test_a_turn_of_the_wheel_leaves_the_demo_playing(ui: SimpleNamespace, app: App) -> None:
    """pygame sends the wheel as presses of buttons 4 and 5 too: one notch stopped the
    demo as a click does (hostile review 29)."""
    table = _table(app, new_game("union-square", "1"))
    demo = _fast_demo(ui, app, table)
    for button in (4, 5):
        ui.click(app, (app.size[0] // 2, app.size[1] // 2), button=button)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    ui.step(app)
    assert app.top is demo
    played = len(table.game.history)
    _run_until(app, ui, lambda: len(table.game.history) > played)
    ui.click(app, (5, app.size[1] - 5))
    assert app.top is table
