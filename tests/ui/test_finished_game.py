"""What a finished game promises and the other UI tests did not yet prove: every HUD
button and play key, the end-of-game dialogs' choices, the celebration, a visible
keyboard focus, the words and counts on the felt, the command line's windows, the
shipped fonts, and the real display path under Xvfb."""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game import cli
from game.cli.window import SCREENSHOT_SCENES
from game.engine import RULE_IDS, Transfer, new_game
from game.engine.cards import SUIT_SYMBOLS
from game.records.scoring import UNDO_PENALTY, score_replay, time_bonus
from game.records.stats import load_statistics
from game.session.positions import lost_position, near_won_position
from game.ui import anim, screenshots, theme, widgets
from game.ui import table as table_module
from game.ui.anim import FLIGHT_SECONDS, Animator
from game.ui.app import App, Scene
from game.ui.art import FONT_DIR
from game.ui.dialogs import Dialog
from game.ui.menu import MenuScene
from game.ui.table import TableScene
from game.ui.widgets import DIRECTION_HEADINGS

ROOT = Path(__file__).resolve().parents[2]


def _button(scene: TableScene, label: str) -> theme.Button:
    return next(b for b in scene.hud.buttons if b.label == label)


def _press(ui: SimpleNamespace, app: App, button: theme.Button) -> None:
    ui.click(app, button.rect.center)


def _press_and_confirm(ui: SimpleNamespace, app: App, scene: TableScene, label: str) -> None:
    """Press a HUD button that asks first (a game is in progress) and answer yes."""
    _press(ui, app, _button(scene, label))
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    _press(ui, app, dialog.buttons[-1])
    ui.settle(app, scene)


# ----- the HUD's buttons and the play keys --------------------------------------------------


@pytest.mark.slow
def test_every_hud_button_works_with_the_mouse(ui: SimpleNamespace, app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    game, moves = near_won_position("constitution")
    start = copy.deepcopy(game.piles)
    scene = ui.open_table(app, game)
    for text in moves[:2]:
        ui.perform(app, scene, game.parse_move(text))
        ui.settle(app, scene)
    after = copy.deepcopy(game.piles)
    labels = [b.label for b in scene.hud.buttons]
    for label in ("Undo", "Redo", "Restart", "New deal", "Menu"):
        assert label in labels
    _press(ui, app, _button(scene, "Undo"))
    ui.settle(app, scene)
    assert len(game.history) == 1
    _press(ui, app, _button(scene, "Redo"))
    ui.settle(app, scene)
    assert game.piles == after and len(game.history) == 2
    ui.check_drawn(scene)
    # Restart asks first (a game in progress), then deals the same cards again.
    _press_and_confirm(ui, app, scene, "Restart")
    assert app.top is scene and scene.game.piles == start and not scene.game.history
    ui.check_drawn(scene)
    # New deal after a move asks too, then deals another game.
    ui.perform(app, scene, scene.game.parse_move(moves[0]))
    ui.settle(app, scene)
    before = scene.game
    _press_and_confirm(ui, app, scene, "New deal")
    assert scene.game is not before and not scene.game.history
    ui.check_drawn(scene)
    # Menu on a fresh deal goes straight back to the menu below.
    _press(ui, app, _button(scene, "Menu"))
    ui.step(app)
    assert app.top is menu


def test_undo_and_redo_buttons_are_greyed_out_when_there_is_nothing_to_do(
        ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("square")
    scene = ui.open_table(app, game)
    assert not _button(scene, "Undo").enabled and not _button(scene, "Redo").enabled
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.settle(app, scene)
    assert _button(scene, "Undo").enabled and not _button(scene, "Redo").enabled
    ui.post_key(pygame.K_u)
    ui.settle(app, scene)
    assert not _button(scene, "Undo").enabled and _button(scene, "Redo").enabled


def test_d_turns_the_stock(ui: SimpleNamespace, app: App) -> None:
    game = new_game("square", 2026)
    scene = ui.open_table(app, game)
    stock, waste = len(game.piles[game.stock]), len(game.piles[game.waste])
    ui.post_key(pygame.K_d)
    ui.settle(app, scene)
    assert game.moves_played == [game.parse_move("s-w")]
    assert (len(game.piles[game.stock]), len(game.piles[game.waste])) == (stock - 1, waste + 1)
    ui.check_drawn(scene)


def test_r_asks_then_restarts_the_deal(ui: SimpleNamespace, app: App) -> None:
    game, moves = near_won_position("union-square")
    start = copy.deepcopy(game.piles)
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(moves[0]))
    ui.settle(app, scene)
    ui.post_key(pygame.K_r)
    ui.step(app)
    assert isinstance(app.top, Dialog)
    ui.post_key(pygame.K_ESCAPE)  # keep playing
    ui.step(app)
    assert app.top is scene and len(scene.game.history) == 1
    ui.post_key(pygame.K_r)
    ui.step(app)
    ui.post_key(pygame.K_RIGHT)
    ui.post_key(pygame.K_RETURN)
    ui.settle(app, scene)
    assert app.top is scene and scene.game.piles == start and not scene.game.history
    ui.check_drawn(scene)


# ----- the end of a game ----------------------------------------------------------------------


def _win(ui: SimpleNamespace, app: App, rules: str) -> TableScene:
    game, moves = near_won_position(rules)
    scene = ui.open_table(app, game)
    for text in moves:
        ui.perform(app, scene, game.parse_move(text))
    ui.settle(app, scene)
    assert game.is_won()
    return scene


def test_the_win_dialog_offers_undo_restart_new_deal_and_menu(ui: SimpleNamespace, app: App) -> None:
    scene = _win(ui, app, "square")
    ui.step(app, round(table_module.WIN_DIALOG_DELAY / ui.FRAME) + 5)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "You won!"
    labels = [b.label for b in dialog.buttons]
    assert {"Undo", "Restart", "New deal", "Menu"} <= set(labels)
    first = scene.session.score.total
    assert f"Score {first:,} (time bonus +" in "\n".join(dialog.lines)
    _press(ui, app, next(b for b in dialog.buttons if b.label == "Undo"))
    ui.settle(app, scene)
    assert app.top is scene and not scene.game.is_won()
    # won again by a redo: the dialog's score is the bar's, and says what the first win scored
    scene.redo()
    ui.settle(app, scene)
    ui.step(app, round(table_module.WIN_DIALOG_DELAY / ui.FRAME) + 5)
    dialog = app.top
    assert isinstance(dialog, Dialog) and scene.game.is_won()
    now = scene.session.score.total
    assert now < first
    assert f"Score {now:,} (time bonus +" in "\n".join(dialog.lines)
    assert f"; first won with {first:,}" in "\n".join(dialog.lines)


def test_undoing_the_winning_move_takes_its_time_bonus_back_and_a_new_win_earns_its_own(
        ui: SimpleNamespace, app: App) -> None:
    """The winning move earned the time bonus: undoing it takes the bonus back with the
    move's cards (the bar shows a game not won without it); winning again, minutes later,
    earns the bonus of the new time of play, once, and the dialog says that one."""
    game, moves = near_won_position("constitution")
    scene = ui.open_table(app, game)
    for text in moves[:-1]:
        ui.perform(app, scene, game.parse_move(text))
    ui.settle(app, scene)
    before = scene.score.total
    ui.perform(app, scene, game.parse_move(moves[-1]))
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "You won!"
    first_bonus = scene.score.bonus
    assert first_bonus == time_bonus(scene.session.elapsed) > 0
    earned = scene.score.total - first_bonus - before
    assert earned > 0
    _press(ui, app, next(b for b in dialog.buttons if b.label == "Undo"))
    ui.settle(app, scene)
    assert app.top is scene and not game.is_won()
    assert scene.score.total == before - UNDO_PENALTY, "the undo takes back all the winning move earned"
    ui.step(app, 120)  # the bar's figure runs to the score
    assert scene.hud.shown_score == scene.score.total
    # five minutes of thought, then the same winning move again (a redo)
    scene.clock += 300.0
    ui.press(app, pygame.K_y, pygame.KMOD_CTRL)
    ui.settle(app, scene)
    dialog = ui.wait_for_dialog(app)
    assert game.is_won() and dialog.title == "You won!"
    second_bonus = time_bonus(scene.session.elapsed)
    assert second_bonus < first_bonus and scene.score.bonus == second_bonus
    assert scene.score.total == before - UNDO_PENALTY + earned + second_bonus
    assert f"Score {scene.score.total:,} (time bonus +{second_bonus:,})" in dialog.lines[2]
    # once: the dialog coming again (a saved replay) adds nothing
    assert scene.session.conclude().points[0].events == ()
    assert scene.score.total == before - UNDO_PENALTY + earned + second_bonus


def test_new_deal_after_a_win_undone_says_the_win_is_counted_not_that_a_game_is_abandoned(
        ui: SimpleNamespace, app: App) -> None:
    """The win was counted when it came: a new deal after an undo counts nothing more, so
    its question says that, not "will be abandoned" (hostile review 18)."""
    from tests.session.helpers import CONSTITUTION_1_WIN

    game = new_game("constitution", 1)
    scene = ui.open_table(app, game)
    for text in CONSTITUTION_1_WIN:
        scene.play(game.parse_move(text))
        scene.anim.finish()
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "You won!" and scene.session.recorded
    _press(ui, app, next(b for b in dialog.buttons if b.label == "Undo"))
    ui.settle(app, scene)
    words = ui.asked(app, pygame.K_n, "Start a new deal?")
    assert "counted in your statistics when it ended" in words and "abandoned" not in words
    ui.press(app, pygame.K_RETURN)
    ui.settle(app, scene)
    stats = load_statistics(scene.store)["constitution"]
    assert (stats.played, stats.won, stats.abandoned) == (1, 1, 0)


@pytest.mark.parametrize(("key", "mod"), [(pygame.K_u, 0), (pygame.K_z, pygame.KMOD_CTRL)])
def test_the_undo_keys_do_what_the_win_dialogs_undo_does(ui: SimpleNamespace, app: App, key: int,
                                                          mod: int) -> None:
    """U and Ctrl+Z over "You won!" take the winning move back, as its Undo button does."""
    scene = _win(ui, app, "square")
    ui.step(app, round(table_module.WIN_DIALOG_DELAY / ui.FRAME) + 5)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "You won!"
    played = len(scene.game.history)
    ui.press(app, key, mod)
    ui.settle(app, scene)
    assert app.top is scene and dialog not in app.scenes
    assert len(scene.game.history) == played - 1 and not scene.game.is_won()


def test_the_lost_dialog_offers_undo_restart_new_deal_and_menu(ui: SimpleNamespace, app: App) -> None:
    game = lost_position(new_game("square", 2))
    scene = ui.open_table(app, game)
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No more moves"
    assert {"Undo", "Restart", "New deal", "Menu"} <= {b.label for b in dialog.buttons}
    _press(ui, app, next(b for b in dialog.buttons if b.label == "Restart"))
    ui.settle(app, scene)
    assert app.top is scene and not scene.game.history


@pytest.mark.parametrize("rules", ["square", "constitution"])
def test_the_lost_dialog_gives_the_score_and_where_a_square_game_ranks(
        ui: SimpleNamespace, app: App, rules: str) -> None:
    """Every lost game's dialog gives its score; English Square's, played for the score,
    also where it enters the high scores (as the game is counted, when it is left)."""
    scene = ui.open_table(app, lost_position(new_game(rules, 2)))
    ui.step(app)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No more moves"
    score = scene.session.score.total
    said = [line for line in dialog.lines if line.startswith("Score ")]
    if rules == "square":
        assert said == [f"Score {score:,}: #1 in the British Square high scores when you leave this game"]
    else:
        assert said == [f"Score {score:,}"]


def test_lost_position_tries_other_players_until_one_loses() -> None:
    # the first random player never loses game 1 of Constitution; a later one does
    game = lost_position(new_game("constitution", 1))
    assert game.is_lost() and game.history


@pytest.mark.slow
def test_a_win_starts_the_celebration_on_the_felt_below_the_hud(
        ui: SimpleNamespace, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _win(ui, app, "constitution")
    ui.step(app, 2)
    celebration = scene.effects.celebration
    assert celebration is not None and not celebration.done
    # Let the celebration paint the whole window: only the felt below the HUD shows it,
    # and the HUD is the same picture with or without it.
    hud = scene.layout.hud
    samples = [(x, y) for x in range(0, hud.width, 5) for y in range(hud.top, hud.bottom, 3)]
    monkeypatch.setattr(anim.Celebration, "draw", lambda self, surface, image: None)
    app.draw()
    plain = [app.screen.get_at(p) for p in samples]
    paint = (255, 0, 255)
    monkeypatch.setattr(anim.Celebration, "draw", lambda self, surface, image: surface.fill(paint))
    app.draw()
    below = [app.screen.get_at((x, hud.bottom + 5))[:3] for x in range(0, hud.width, 7)]
    assert all(c == paint for c in below)
    assert [app.screen.get_at(p) for p in samples] == plain
    monkeypatch.undo()
    for _ in range(3000):
        if scene.effects.celebration is None:
            break
        ui.step(app)
    assert scene.effects.celebration is None  # it ends by itself


# ----- keyboard focus and the words on the felt ------------------------------------------------


def _focus_pixels(app: App, rect: pygame.Rect) -> int:
    ring = rect.inflate(16, 16)
    window = app.screen.get_rect()
    count = 0
    for x in range(ring.left, ring.right):
        for y in (ring.top + i for i in range(ring.height)):
            if window.collidepoint(x, y) and not rect.inflate(-12, -12).collidepoint(x, y) \
                    and app.screen.get_at((x, y))[:3] == app.palette.focus:
                count += 1
    return count


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_keyboard_focus_is_drawn_around_its_place_and_follows_the_keys(
        ui: SimpleNamespace, app: App, high_contrast: bool) -> None:
    app.settings.high_contrast = high_contrast
    game = new_game("constitution", 2026)
    scene = ui.open_table(app, game)
    ui.post_key(pygame.K_TAB)
    ui.step(app, 2)
    assert app.palette.high_contrast == high_contrast
    assert scene.gestures.focus_visible
    first = scene.gestures.focus
    rect = scene.layout.card_rects(first, len(game.piles[first]))[-1]
    drawn = _focus_pixels(app, rect)
    assert drawn >= 2 * (rect.width + rect.height)  # a ring all the way round
    ui.post_key(pygame.K_RIGHT)
    ui.step(app, 2)
    second = scene.gestures.focus
    assert second != first
    moved = scene.layout.card_rects(second, len(game.piles[second]))[-1]
    assert _focus_pixels(app, moved) >= 2 * (moved.width + moved.height)
    assert _focus_pixels(app, rect) < drawn // 4


def test_square_writes_each_columns_direction_above_it(ui: SimpleNamespace, app: App,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = near_won_position("square")
    scene = ui.open_table(app, game)
    headings: list[int | None] = []
    real = widgets.direction_heading
    monkeypatch.setattr(widgets, "direction_heading",
                        lambda d, *a, **k: headings.append(d) or real(d, *a, **k))
    ui.step(app)
    want = [game.direction(c) if game.piles[c] else None for c in game.tableau]
    assert headings == want
    assert len(set(headings)) >= 2  # this position has columns going different ways
    # each heading's words are drawn in its slot: the words' colour is found there
    for index, d in zip(game.tableau, headings, strict=True):
        slot = scene.layout.direction_slots[index]
        colour = DIRECTION_HEADINGS[d][1]
        area = app.screen.subsurface(slot)
        found = sum(1 for x in range(slot.width) for y in range(slot.height)
                    if area.get_at((x, y))[:3] == colour)
        assert found > 10, (index, d)


def test_stock_and_waste_show_how_many_cards_they_hold(ui: SimpleNamespace, app: App,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("union-square", 2026)
    scene = ui.open_table(app, game)
    pills: list[str] = []
    real = widgets.pill
    monkeypatch.setattr(widgets, "pill", lambda words, *a, **k: pills.append(words) or real(words, *a, **k))
    ui.step(app)
    stock, waste = len(game.piles[game.stock]), len(game.piles[game.waste])
    assert str(stock) in pills and str(waste) in pills
    pills.clear()
    ui.post_key(pygame.K_d)
    ui.settle(app, scene)
    assert str(stock - 1) in pills and str(waste + 1) in pills


# ----- motion timings -------------------------------------------------------------------------


def test_a_flight_lasts_150_to_250_ms_and_follows_the_speed_setting() -> None:
    assert 0.15 <= FLIGHT_SECONDS <= 0.25
    piles: list[list[int]] = [[], [5]]
    for speed, seconds in ((1.0, FLIGHT_SECONDS), (2.0, FLIGHT_SECONDS / 2), (0.5, FLIGHT_SECONDS * 2)):
        animator = Animator()
        end = animator.queue_transfers([Transfer(0, 1, 5, False)], piles, speed=speed)
        assert end == pytest.approx(seconds)
    # A chain of fills: one after another, never together.
    animator = Animator()
    chain = [Transfer(0, 1, 5, False), Transfer(0, 1, 6, False)]
    end = animator.queue_transfers(chain, [[], [5, 6]], speed=1.0)
    assert end == pytest.approx(2 * FLIGHT_SECONDS)
    assert animator.queue_transfers([Transfer(0, 1, 5, False)], piles, speed=0.0) == 0.0  # off


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_deal_is_animated_out_of_the_stock(ui: SimpleNamespace, app: App, rules: str) -> None:
    game = new_game(rules, 31)
    scene = TableScene(app, game)
    app.push(scene)
    ui.step(app)
    assert scene.anim.busy
    flying = scene.anim.flights
    assert flying and all(f.src == game.stock for f in flying)
    dealt = sum(len(game.piles[i]) for i in game.tableau)
    assert len(flying) >= dealt - 1
    ui.settle(app, scene)
    ui.check_drawn(scene)


# ----- the command line's windows ---------------------------------------------------------------


def test_no_command_opens_the_menu_and_play_opens_the_deal(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    stacks: list[list[Scene]] = []
    monkeypatch.setattr(App, "run", lambda self: stacks.append(list(self.scenes)))
    monkeypatch.setattr(sys, "argv", ["main.py"])
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli.main([]) == 0
    assert [type(s) for s in stacks[-1]] == [MenuScene]
    assert cli.main(["play", "square", "77", "--data-dir", str(tmp_path / "d")]) == 0
    menu, table = stacks[-1]
    assert isinstance(menu, MenuScene) and isinstance(table, TableScene)
    assert table.game.rules == "square" and table.game.game == "77"


def test_play_over_a_saved_game_in_progress_asks_before_giving_it_up(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``play RULES GAME`` is a new game like the menu's: over a saved game with moves it
    asks first, over the menu, and nothing is counted or replaced until it is answered."""
    from game.records.replay import Replay, ReplayMove
    from game.records.saves import load_saved_game, save_game
    from game.records.store import Store

    data = tmp_path / "d"
    store = Store(data)
    played = new_game("constitution", "5")
    played.play(played.legal_moves()[0])
    save_game(store, Replay(rules="constitution", game="5",
                            moves=(ReplayMove(played.move_text(played.moves_played[0]), 1.0),), seconds=2.0))
    stacks: list[list[Scene]] = []
    monkeypatch.setattr(App, "run", lambda self: stacks.append(list(self.scenes)))
    assert cli.main(["play", "square", "7", "--data-dir", str(data)]) == 0
    menu, ask = stacks[-1]
    assert isinstance(menu, MenuScene) and isinstance(ask, Dialog)
    assert ask.title == "Give up your game?"
    assert "British Constitution #5, 1 move)" in " ".join(ask.lines)
    assert menu.rules == "square"
    saved = load_saved_game(store)
    assert saved is not None and saved.game == "5"
    assert load_statistics(store)["constitution"].abandoned == 0


@pytest.mark.slow
@pytest.mark.parametrize("scene", sorted(SCREENSHOT_SCENES))
def test_the_screenshot_command_photographs_every_scene(tmp_path: Path, scene: str) -> None:
    out = tmp_path / f"{scene}.png"
    code = cli.main(["screenshot", str(out), "--scene", scene, "--size", "800x600",
                     "--frames", "4", "--data-dir", str(tmp_path / "data")])
    assert code == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (800, 600)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 800, 20) for y in range(0, 600, 20)}
    assert len(colours) > 20  # a drawn scene, not a blank window


def test_the_hint_and_demo_screenshots_show_them_at_work(app: App) -> None:
    from game.ui.demo_scene import DemoScene

    args = argparse.Namespace(rules="constitution", game="7", moves="")
    screenshots.screenshot_scene(app, "hint", args)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.session.hint_list
    assert scene.hud.footer_text().startswith("Hint 1 of ")
    app.scenes.clear()
    screenshots.screenshot_scene(app, "demo", argparse.Namespace(rules="union-square", game="3", moves=""))
    demo = app.top
    assert isinstance(demo, DemoScene)
    table = app.scenes[-2]
    assert isinstance(table, TableScene)
    for _ in range(120):  # two seconds of frames: the demo thinks in a process, in real time
        app.step(1 / 60)
        if demo.thinking is not None:
            demo.thinking.wait(1 / 60)
    assert table.game.history  # the demo has played
    demo.take_over()  # (which ends the demo's process)


# ----- what the game ships ----------------------------------------------------------------------


def test_the_shipped_fonts_have_the_suit_symbols_and_their_licence() -> None:
    fonts = sorted(FONT_DIR.glob("*.ttf"))
    assert fonts
    assert (FONT_DIR / "LICENSE-DejaVu.txt").read_text().strip()
    pygame.font.init()
    for path in fonts:
        font = pygame.font.Font(str(path), 24)
        for symbol in SUIT_SYMBOLS:
            assert font.metrics(symbol)[0] is not None, f"{path.name} lacks {symbol}"


# ----- the real display path --------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("xvfb-run") is None and not os.environ.get("REQUIRE_XVFB"),
                    reason="xvfb-run is not installed (apt-get install xvfb)")
def test_a_real_x_window_under_xvfb_at_three_sizes(tmp_path: Path) -> None:
    """The same screenshot command, in a real window on an X server (not the dummy driver)."""
    for size in ("800x600", "1280x800", "2560x1440"):
        out = tmp_path / f"table-{size}.png"
        run = subprocess.run(
            ["xvfb-run", "-a", "-s", "-screen 0 2600x1500x24", sys.executable, "main.py",
             "screenshot", str(out), "--real-window", "--scene", "table", "--rules", "square",
             "--size", size, "--frames", "10", "--data-dir", str(tmp_path / "data")],
            cwd=ROOT, env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "x11",
                           "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path)},
            capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode == 0, run.stderr
        picture = pygame.image.load(str(out))
        assert picture.get_size() == tuple(int(n) for n in size.split("x"))


def test_a_screenshot_after_moves_shows_the_score_they_earned(app: App) -> None:
    moves = " ".join((ROOT / "tests" / "data" / "wins" / "constitution-1.txt").read_text().split()[:120])
    args = argparse.Namespace(rules="constitution", game="1", moves=moves)
    screenshots.screenshot_scene(app, "table", args)
    scene = app.top
    assert isinstance(scene, TableScene) and len(scene.game.history) == 120
    assert scene.score.total == score_replay(scene.session.recorder.replay()) > 0
    assert scene.hud.shown_score == scene.score.total  # no count-up from 0 in the picture


def test_a_game_played_on_after_its_win_is_not_closed_without_a_word(ui: SimpleNamespace, app: App) -> None:
    """The win was counted; undone and played on, the game cannot be saved (it would be
    counted again), so closing the window asks first, as for a game that could not be
    saved, and the statistics keep the one win."""
    from game.search.solver import solve

    game = new_game("union-square", 1)
    line = solve(game, max_nodes=400_000, max_seconds=600).moves
    assert line
    game.play_all(line[:-1])
    scene = ui.open_table(app, game)
    ui.perform(app, scene, game.parse_move(line[-1]))
    ui.settle(app, scene)
    ui.step(app, round(table_module.WIN_DIALOG_DELAY / ui.FRAME) + 5)
    assert isinstance(app.top, Dialog) and app.top.title == "You won!"
    assert scene.session.recorded
    ui.press(app, pygame.K_u)
    ui.settle(app, scene)
    assert app.top is scene and not scene.game.is_won()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.step(app, 2)
    dialog = app.top
    assert app.running and isinstance(dialog, Dialog) and dialog.title == "Your game could not be saved"
    assert any("counted in your statistics" in line for line in dialog.lines)
    assert dialog.buttons[1].label == "Close anyway"
    ui.click(app, dialog.buttons[1].rect.center)
    assert not app.running
    stats = load_statistics(scene.store)["union-square"]
    assert (stats.played, stats.won) == (1, 1)


def test_with_animation_off_a_win_bounces_no_cards(ui: SimpleNamespace, app: App) -> None:
    """Options says that Off puts every card in place at once; a win still played ten
    seconds of bouncing cards (hostile review 29). The dialog comes as before."""
    app.settings.animation_speed = 0
    scene = _win(ui, app, "constitution")
    ui.step(app, 2)
    assert scene.effects.celebration is None
    assert ui.wait_for_dialog(app).title == "You won!"
    assert scene.effects.celebration is None


def test_the_celebrations_trails_fade_out_rather_than_vanish() -> None:
    """The trails covered the felt until the last card left, then were gone in one frame
    (hostile review 29): they fade out over TRAILS_FADE seconds."""
    felt, white = (10, 80, 40), (250, 250, 250)
    card = pygame.Surface((40, 56))
    card.fill(white)
    celebration = anim.Celebration((400, 300), [(1, (180.0, 20.0))], (40, 56), seed=3)
    screen = pygame.Surface((400, 300))

    def frame() -> None:
        screen.fill(felt)
        celebration.draw(screen, lambda c: card)

    # the card's first place (it leaves at once), which its trail keeps covered
    celebration.update(1 / 60)
    frame()
    spot = (200, 48)
    assert screen.get_at(spot)[:3] == white
    frames = 0
    while not celebration.over:
        celebration.update(1 / 60)
        frame()
        frames += 1
        assert frames < 2000
    assert screen.get_at(spot)[:3] == white and not celebration.done
    for _ in range(round(anim.TRAILS_FADE * 60 / 2)):
        celebration.update(1 / 60)
    frame()
    half = screen.get_at(spot)[:3]
    assert all(f < h < w for f, h, w in zip(felt, half, white, strict=True) if f != w), half
    while not celebration.done:
        celebration.update(1 / 60)
    frame()
    assert screen.get_at(spot)[:3] == felt
