"""The levels screen and level mode through the real loop with posted events: opening the
levels from the menu, a locked level refused, level 1 won by replaying its stored solution
(the last move dragged with the mouse), stars and the unlock shown, and the arcade score."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.levels import load_campaign
from game.records.progress import load_progress, save_progress
from game.records.saves import load_saved_game
from game.records.scoring import FOUNDATION_POINTS, UNDO_PENALTY, score_replay
from game.records.store import Store
from game.search.analyse import FOUND, Analysis, Budget
from game.session.positions import dead_end_position, lost_position
from game.ui import dialogs, theme
from game.ui.app import App
from game.ui.drawn import Kind
from game.ui.levels_scene import LevelsScene
from game.ui.menu import MenuScene
from game.ui.table import TableScene
from game.ui.widgets import KEY_HINT_SIDES, key_hint_px
from tests.levels.helpers import CONSTITUTION_1_WIN, level

#: the games of the test campaign's three levels
LEVEL_GAMES = ("1", "2", "3")


@pytest.fixture
def campaign(use_campaign: Callable[..., Path]) -> Path:
    """A three-level constitution campaign, read instead of the repository's levels. Only
    level 1's solution is replayed by these tests."""
    levels = [level(n, game, CONSTITUTION_1_WIN, 10.0 * n) for n, game in enumerate(LEVEL_GAMES, 1)]
    return use_campaign(levels, [*LEVEL_GAMES, "7", "9"])


def _levels(ui: SimpleNamespace, app: App) -> LevelsScene:
    menu = ui.open_menu(app, "constitution")
    ui.click(app, menu.levels_button.rect.center)
    scene = app.top
    assert isinstance(scene, LevelsScene)
    return scene


def _level_1_but_its_last_move(ui: SimpleNamespace, app: App) -> tuple[LevelsScene, TableScene, str]:
    """Level 1 opened from the levels grid by mouse and played up to its solution's last
    move (returned), the cards at rest: the grid, the table and that move."""
    levels = _levels(ui, app)
    ui.click(app, levels.tiles[0].rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.level is not None and table.level.number == 1
    assert table.game.game == "1"
    ui.settle(app, table)
    *bulk, last = load_campaign("constitution").levels[0].solution
    for text in bulk:
        table.play(table.game.parse_move(text))
    table.anim.finish()
    ui.settle(app, table)
    return levels, table, last


def test_the_levels_open_from_the_menu_by_mouse(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    scene = _levels(ui, app)
    assert scene.rules == "constitution"
    assert [t.level.game for t in scene.tiles] == list(LEVEL_GAMES)
    assert [t.locked for t in scene.tiles] == [False, True, True]
    assert scene.ring.current is scene.tiles[0], "the level to play next has the focus"
    # under the totals, how a level earns its stars
    ui.step(app)
    [rule] = [b for b in app.drawn.of(Kind.TEXT) if b.name == "how stars are earned"]
    [summary] = [b for b in app.drawn.of(Kind.TEXT) if b.name == "summary"]
    assert summary.rect.bottom <= rule.rect.top and rule.rect.bottom <= scene.tiles[0].rect.top


def test_the_levels_open_from_the_menu_by_keyboard(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    menu = ui.open_menu(app, "constitution")
    for _ in range(len(menu.ring.items)):
        if menu.ring.current is menu.levels_button:
            break
        ui.post_key(pygame.K_TAB)
        ui.step(app)
    assert menu.ring.current is menu.levels_button
    ui.post_key(pygame.K_RETURN)
    ui.step(app)
    assert isinstance(app.top, LevelsScene)
    ui.post_key(pygame.K_ESCAPE)
    ui.step(app)
    assert app.top is menu


def test_a_level_over_a_saved_game_in_progress_asks_before_giving_it_up(
        ui: SimpleNamespace, app: App, campaign: Path) -> None:
    from game.records.replay import Replay, ReplayMove
    from game.records.saves import load_saved_game, save_game
    from game.records.stats import load_statistics
    from game.ui.dialogs import Dialog

    store = Store(app.data_dir)
    game = new_game("constitution", "8")
    first = game.move_text(game.legal_moves()[0])
    save_game(store, Replay(rules="constitution", game="8", moves=(ReplayMove(first, 1.0),), seconds=2.0))
    scene = _levels(ui, app)
    ui.click(app, scene.tiles[0].rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Give up your game?"
    assert "British Constitution #8, 1 move)" in " ".join(ask.lines)
    ui.press(app, pygame.K_ESCAPE)
    assert app.top is scene and load_saved_game(store) is not None
    ui.click(app, scene.tiles[0].rect.center)
    ask = app.top
    assert isinstance(ask, Dialog)
    ui.click(app, next(b for b in ask.buttons if b.label == "Play level 1").rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.level is not None and table.level.number == 1
    assert load_saved_game(store) is None
    assert load_statistics(store)["constitution"].abandoned == 1


def test_a_locked_level_cannot_be_started(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    scene = _levels(ui, app)
    locked = scene.tiles[1]
    ui.click(app, locked.rect.center)
    assert app.top is scene
    assert "Level 2 is locked" in scene.message
    # by keyboard too: back to level 1, the arrow moves onto the locked tile, Enter is refused
    ui.post_key(pygame.K_LEFT)
    ui.step(app)
    assert scene.ring.current is scene.tiles[0]
    scene.message = ""
    ui.post_key(pygame.K_RIGHT)
    ui.step(app)
    assert scene.ring.current is locked
    ui.post_key(pygame.K_RETURN)
    ui.step(app)
    assert app.top is scene
    assert "Level 2 is locked" in scene.message


def test_a_locked_level_beyond_the_next_names_the_level_to_win(ui: SimpleNamespace, app: App,
                                                                campaign: Path) -> None:
    """Level 3 locked behind a locked level 2: the message names level 1, the one that
    can be won now, not level 2, which cannot be played either; and it is drawn whole."""
    scene = _levels(ui, app)
    ui.click(app, scene.tiles[2].rect.center)
    assert app.top is scene
    assert scene.message == ("Level 3 is locked: the levels open one at a time, and level 1, the one to play "
                             "next, opens level 2")
    app.resize((800, 600))  # drawn whole, not cut short, in the smallest window
    ui.step(app)
    width = theme.font(key_hint_px(scene.px)).size(scene.message)[0]
    assert width <= app.size[0] - KEY_HINT_SIDES


def test_winning_level_1_unlocks_level_2_and_shows_the_stars(ui: SimpleNamespace, app: App,
                                                              campaign: Path) -> None:
    levels, table, last = _level_1_but_its_last_move(ui, app)
    assert table.score.total > 0
    move = table.game.parse_move(last)
    ui.drag(app, table, move.src, move.dst)
    assert table.game.is_won(), "the last move, dragged with the mouse, wins"
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "Level 1 won!"
    record = table.session.win_record
    assert record is not None and 1 <= record.stars <= 3
    assert dialog.stars == record.stars
    assert record.unlocked
    assert any(line.startswith(f"Score {record.score:,}") for line in dialog.lines)
    assert "Level 2 is unlocked" in dialog.lines
    assert dialog.buttons[0].label == "Next level"
    # why those stars, against the level's par
    words = {3: "Three stars: within par (", 2: "Two stars: within par (", 1: "One star: over par ("}
    assert any(line.startswith(words[record.stars]) for line in dialog.lines)

    progress = load_progress(Store(app.data_dir))
    assert progress.unlocked("constitution") == 2
    assert progress.stars("constitution", 1) == record.stars
    assert progress.best_score("constitution", 1) == record.score
    assert progress.high_scores("constitution", 1)[0].score == record.score

    # "Levels" goes back to the grid, where level 1 shows its stars and level 2 is open
    levels_button = next(b for b in dialog.buttons if b.label == "Levels")
    ui.click(app, levels_button.rect.center)
    assert app.top is levels
    assert levels.tiles[0].stars == record.stars and levels.tiles[0].best == record.score
    assert not levels.tiles[1].locked and levels.tiles[1].current
    assert levels.tiles[2].locked
    assert levels.ring.current is levels.tiles[1]


def test_a_level_won_again_with_fewer_stars_says_the_best_it_keeps(ui: SimpleNamespace, app: App,
                                                                   campaign: Path) -> None:
    # found by the levels review of session 31: a 3-star level won again with a hint said
    # "Two stars…" and nothing of the 3 stars and the best score the level keeps
    store = Store(app.data_dir)
    progress = load_progress(store)
    progress.record_level_win("constitution", 1, 3, 99_999, 300, 100.0, "1")
    assert save_progress(store, progress)
    _, table, last = _level_1_but_its_last_move(ui, app)
    ui.press(app, pygame.K_h)  # a hint: two stars at most
    move = table.game.parse_move(last)
    ui.drag(app, table, move.src, move.dst)
    dialog = ui.wait_for_dialog(app)
    record = table.session.win_record
    assert record is not None and 1 <= record.stars <= 2 and record.score < 99_999
    assert (record.kept_stars, record.kept_score) == (3, 99_999)
    assert "The level keeps your best: 3 stars and 99,999" in dialog.lines
    kept = load_progress(Store(app.data_dir))
    assert kept.stars("constitution", 1) == 3 and kept.best_score("constitution", 1) == 99_999


def test_a_first_win_of_a_level_says_no_best_kept(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    _, table, last = _level_1_but_its_last_move(ui, app)
    ui.press(app, pygame.K_h)
    move = table.game.parse_move(last)
    ui.drag(app, table, move.src, move.dst)
    dialog = ui.wait_for_dialog(app)
    record = table.session.win_record
    assert record is not None and record.stars and record.kept_stars == 0
    assert not any(line.startswith("The level keeps") for line in dialog.lines)


def test_a_level_the_demo_won_shows_no_stars_and_unlocks_nothing(ui: SimpleNamespace, app: App,
                                                                 campaign: Path) -> None:
    _, table, last = _level_1_but_its_last_move(ui, app)
    table.play_demo_move(table.game.parse_move(last))
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "Won with the demo"
    assert ("The demo played in this game: your statistics count it as won by the demo, not as your win, "
            "and it ends your winning streak; no high score; no stars, and the next level stays as it was"
            ) in dialog.lines
    assert dialog.stars is None and "Level 2 is unlocked" not in dialog.lines
    # level 2 stays locked: no button deals it
    assert "Next level" not in [b.label for b in dialog.buttons] and dialog.buttons[0].label == "New deal"
    progress = load_progress(Store(app.data_dir))
    assert progress.unlocked("constitution") == 1 and progress.best_score("constitution", 1) is None


def test_a_level_won_knowing_the_way_its_analysis_showed_opens_the_next_without_stars(
        ui: SimpleNamespace, app: App, campaign: Path) -> None:
    """The deal is known for good once the analysis of its loss showed the way, so every
    later win of it is helped: it earns no stars, but the campaign goes on."""
    levels, table, last = _level_1_but_its_last_move(ui, app)
    moves = tuple(table.game.move_text(step.move) for step in table.game.history)
    answer = Analysis(start=new_game("constitution", "1"), moves=moves[:3], verdict=FOUND, last_winnable=1,
                      first_lost=2, line=moves[1:], checks=(), budget=Budget(seconds=1.0), seconds=0.0,
                      nodes=0)
    table.session.analysis_shown(answer)
    move = table.game.parse_move(last)
    ui.drag(app, table, move.src, move.dst)
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "Level 1 won!" and dialog.stars is None, "no row of empty stars"
    assert ("You played it knowing the way the analysis of its loss showed: no high score; no stars"
            in dialog.lines)
    assert "Level 2 is unlocked" in dialog.lines and dialog.buttons[0].label == "Next level"
    progress = load_progress(Store(app.data_dir))
    assert progress.unlocked("constitution") == 2 and progress.stars("constitution", 1) == 0
    ui.click(app, next(b for b in dialog.buttons if b.label == "Levels").rect.center)
    assert app.top is levels
    won, following = levels.tiles[0], levels.tiles[1]
    assert won.helped and not won.locked and won.stars == 0 and not won.current
    assert not following.locked and following.current and levels.ring.current is following
    assert "With help" in [words for _, words in won.texts]
    assert levels._summary().startswith("1 of 3 levels won  ·  0 of 9 stars")


@pytest.mark.parametrize(("stars", "moves", "seconds", "helps", "words"), [
    (3, 280, 500.0, 0, "Three stars: within par (300 moves in 10:00), with no hint or undo"),
    (2, 280, 500.0, 1, "Two stars: within par (300 moves in 10:00), but with hints or undos; "
                       "three need none"),
    (2, 280, 900.0, 0, "Two stars: within par (300 moves in 10:00) on moves; three need both, "
                       "with no hint or undo"),
    (2, 320, 500.0, 2, "Two stars: within par (300 moves in 10:00) on time; three need both, "
                       "with no hint or undo"),
    (1, 320, 900.0, 0, "One star: over par (300 moves in 10:00); two need par on moves or on time"),
])
def test_the_win_says_why_a_level_earned_its_stars(stars: int, moves: int, seconds: float, helps: int,
                                                    words: str) -> None:
    assert dialogs._stars_words(stars, 300, 600, moves=moves, seconds=seconds, helps=helps) == words
    from game.records.scoring import stars as earned

    assert earned(moves, seconds, 300, 600, hints=helps, undos=0) == stars, "the case is a real one"


def test_next_level_deals_level_2(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    _levels(ui, app)
    level = load_campaign("constitution").levels[0]
    table = TableScene.for_level(app, level)
    app.push(table)
    dialog = ui.play_to_the_end(app, table, level.solution)
    ui.post_key(pygame.K_RETURN)  # the focused first button: Next level
    ui.step(app)
    assert app.top is table and dialog not in app.scenes
    assert table.level is not None and table.level.number == 2
    assert table.game.game == "2" and not table.game.history
    assert table.score.total == 0


def test_a_card_reaching_a_foundation_scores_and_floats_its_points(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", "1")
    table = ui.open_table(app, game)
    first = game.parse_move(CONSTITUTION_1_WIN[0])
    assert first.dst in game.foundations
    ui.drag(app, table, first.src, first.dst)
    assert table.score.total == FOUNDATION_POINTS
    assert table.hud.popups and table.hud.popups[0].words == f"+{FOUNDATION_POINTS}"
    ui.step(app, 2)
    assert table.hud.shown_score < table.score.total, "the HUD's number counts up"
    ui.step(app, 90)
    assert table.hud.shown_score == table.score.total
    assert not table.hud.popups, "the floating points fade away"
    # an undo takes the card's points back and costs the penalty
    ui.post_key(pygame.K_u)
    ui.step(app)
    assert table.score.total == -UNDO_PENALTY


def _level_1_begun(ui: SimpleNamespace, app: App) -> TableScene:
    """Level 1 on the table with the first 12 moves of its solution played."""
    level = load_campaign("constitution").levels[0]
    table = TableScene.for_level(app, level)
    app.push(table)
    ui.settle(app, table)
    for text in level.solution[:12]:
        table.play(table.game.parse_move(text))
    return table


def test_a_new_deal_from_a_level_says_it_leaves_the_level(ui: SimpleNamespace, app: App,
                                                           campaign: Path) -> None:
    table = _level_1_begun(ui, app)
    ui.settle(app, table)
    words = ui.asked(app, pygame.K_n, "Start a new deal?")
    assert words.startswith("You leave level 1 for a random deal. The game in progress will be counted")


def test_a_new_deal_from_a_level_not_begun_says_it_left_it(ui: SimpleNamespace, app: App,
                                                          campaign: Path) -> None:
    """Nothing to give up, so nothing is asked: the table says what happened."""
    table = TableScene.for_level(app, load_campaign("constitution").levels[0])
    app.push(table)
    ui.settle(app, table)
    ui.press(app, pygame.K_n)
    assert app.top is table and table.level is None
    assert table.message.startswith("You left level 1: a random deal")


def test_a_new_deal_from_the_daily_deal_says_it_leaves_it(ui: SimpleNamespace, app: App) -> None:
    import datetime

    table = TableScene(app, new_game("constitution", "1"), daily=datetime.date(2026, 11, 29))
    app.push(table)
    ui.settle(app, table)
    table.play(table.game.parse_move(CONSTITUTION_1_WIN[0]))
    ui.settle(app, table)
    words = ui.asked(app, pygame.K_n, "Start a new deal?")
    assert words.startswith("You leave the daily deal for a random one. The game in progress will be counted")


def test_a_saved_level_game_continues_in_level_mode_with_its_score(ui: SimpleNamespace, app: App,
                                                                   campaign: Path) -> None:
    table = _level_1_begun(ui, app)
    total = table.score.total
    assert total > 0
    assert table.wants_quit()
    replay = load_saved_game(Store(app.data_dir))
    assert replay is not None
    app.scenes.clear()
    menu = ui.open_menu(app, "constitution")
    ui.click(app, menu.continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene)
    assert again.level is not None and again.level.number == 1
    assert again.score.total == total and len(again.game.history) == 12


def test_a_damaged_score_file_continues_with_the_score_recomputed(ui: SimpleNamespace, app: App,
                                                                  campaign: Path) -> None:
    table = _level_1_begun(ui, app)
    table.hint()
    total = table.score.total
    assert table.wants_quit()
    store = Store(app.data_dir)
    store.path("saved-game.json").write_text('{"kind": "saved-game-extras", "version": 1, "rules": '
                                             '"constitution", "game": "1", "moves": 12, "score": 7}')
    replay = load_saved_game(store)
    assert replay is not None
    again = TableScene.from_replay(app, replay, saved=True)
    assert again.level is None, "without its extras the game is a plain one"
    assert again.score.total == total == score_replay(replay)
    assert any(p.name.startswith("saved-game.json.bad") for p in Path(app.data_dir).iterdir())


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (2560, 1440)])
def test_the_score_fits_the_hud_beside_the_buttons(ui: SimpleNamespace, app: App, campaign: Path,
                                                   size: tuple[int, int]) -> None:
    app.resize(size)
    table = TableScene.for_level(app, load_campaign("constitution").levels[0])
    app.push(table)
    ui.settle(app, table)
    hud = table.layout.hud
    assert hud.contains(table.hud.score_rect) and table.hud.score_rect.width > 0
    for button in table.hud.buttons:
        assert not button.rect.colliderect(table.hud.score_rect), button.label
    assert not table.hud.number_rect.colliderect(table.hud.score_rect)


def test_a_lost_level_offers_the_levels_screen(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    # game 5 comes to a loss under the random player of lost_position
    level = dataclasses.replace(load_campaign("constitution").levels[0], game="5")
    levels = LevelsScene(app, "constitution")
    app.push(levels)
    lost = lost_position(new_game("constitution", level.game))
    table = TableScene(app, lost, level=level)
    app.push(table)
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "No more moves"
    labels = [b.label for b in dialog.buttons]
    assert "Levels" in labels and "New deal" not in labels
    # what the analysis would cost is said before it is asked for
    assert ("Asking “Where did I go wrong?” costs this level its stars for good; a win still opens "
            "the next level") in dialog.lines
    ui.click(app, dialog.buttons[labels.index("Levels")].rect.center)
    assert app.top is levels


def test_the_counting_score_does_not_redraw_the_hud(ui: SimpleNamespace, app: App) -> None:
    game = new_game("constitution", "1")
    table = ui.open_table(app, game)
    table.play(game.parse_move(CONSTITUTION_1_WIN[0]))
    table.anim.finish()
    table.session.recorder.pause()  # the clock stands still, so only the score could change the HUD
    ui.step(app)
    hud, key = table.hud._surface, table.hud._key
    shown = []
    for _ in range(5):
        ui.step(app)
        shown.append(table.hud.shown_score)
        assert table.hud._surface is hud and table.hud._key == key
    assert shown[0] < shown[-1] <= table.score.total, "the number counted meanwhile"


def test_english_squares_levels_say_why_there_are_none_and_where_to_play(
        ui: SimpleNamespace, app: App) -> None:
    """The shipped English Square campaign has no level: the screen says why (in plain
    ink: a fact, not a failure) and points to playing for the score."""
    scene = LevelsScene(app, "square")
    app.push(scene)
    ui.step(app)
    said = " ".join(b.name.removeprefix("problem: ") for b in app.drawn.boxes
                    if b.name.startswith("problem: "))
    assert said.startswith("British Square has no levels: none of the 1,000 deals searched was proved")
    assert "for the score" in said and scene.no_levels and not scene.tiles


@pytest.mark.parametrize("by", ["key", "click"])
def test_a_rule_set_without_levels_offers_a_deal_to_play(ui: SimpleNamespace, app: App, by: str) -> None:
    """The screen was one sentence on bare felt: the words stand in a panel with "Play a
    deal" under them, which has the keyboard's focus, and deals a random game of the rule
    set from the menu (Enter, or a click), the menu under the table as after its own Play."""
    menu = app.start("menu", rules="constitution")
    app.show("levels", rules="square")
    ui.step(app)
    scene = app.top
    assert isinstance(scene, LevelsScene) and scene.no_levels
    panel = scene.note_rect
    words = [b.rect for b in app.drawn.boxes if b.name.startswith("problem: ")]
    button = next(b.rect for b in app.drawn.boxes if b.name == "Play a deal")
    assert words and all(panel.contains(w) for w in words) and panel.contains(button)
    assert button.top > max(w.bottom for w in words)
    assert scene.ring.current is scene.play_button
    if by == "key":
        ui.press(app, pygame.K_RETURN)
    else:
        ui.click(app, button.center)
    ui.step(app, 3)
    table = app.top
    assert isinstance(table, TableScene) and table.game.rules == "square" and not table.game.history
    assert isinstance(menu, MenuScene) and menu in app.scenes and menu.rules == "square"


def test_a_level_in_a_dead_end_says_what_its_levels_button_counts(
        ui: SimpleNamespace, app: App, campaign: Path) -> None:
    """The dialog's button is "Levels", not "New deal": its words say so (a hostile review)."""
    level = dataclasses.replace(load_campaign("constitution").levels[0], game="35")
    app.push(LevelsScene(app, "constitution"))
    table = TableScene(app, dead_end_position(new_game("constitution", level.game)), level=level)
    app.push(table)
    dialog = ui.wait_for_dialog(app)
    assert dialog.title == "No way to win"
    assert "Levels" in [b.label for b in dialog.buttons]
    assert dialog.lines[-1].endswith("a restart or the levels screen counts it as abandoned.")


def test_a_level_left_for_the_menu_is_taken_up_again_from_the_levels(
        ui: SimpleNamespace, app: App, campaign: Path) -> None:
    """Level 1 begun, left for the menu, then chosen again on the levels screen: the
    same game comes back where it was, with no question about giving it up; another
    game in progress is still asked about (above)."""
    from game.records.stats import load_statistics
    from game.ui.dialogs import Dialog

    levels = _levels(ui, app)
    ui.click(app, levels.tiles[0].rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.level is not None
    ui.settle(app, table)
    ui.perform(app, table, table.game.legal_moves()[0])
    ui.settle(app, table)
    while isinstance(app.top, (TableScene, LevelsScene)):
        ui.press(app, pygame.K_ESCAPE)  # back to the menu, the game kept
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.continue_button.hint == "Constitution level 1 · 1 move"
    levels = _levels(ui, app)
    assert [t.in_progress for t in levels.tiles] == [True, False, False]
    ui.step(app)
    assert "In progress" in [words for _, words in levels.tiles[0].texts], "the tile says so"
    ui.click(app, levels.tiles[0].rect.center)
    again = app.top
    assert not isinstance(again, Dialog), "it asked to give up the very game asked for"
    assert isinstance(again, TableScene) and again.level is not None and again.level.number == 1
    assert len(again.game.history) == 1
    stats = load_statistics(Store(app.data_dir))["constitution"]
    assert (stats.played, stats.abandoned) == (0, 0)


def test_a_levels_best_score_is_written_as_the_high_scores_write_it(ui: SimpleNamespace,
                                                                    screen_app: App) -> None:
    """A level's tile said "Best 4986" where the high-score table listed the same score
    as "4,986"."""
    from game.records.progress import save_progress

    store = Store(screen_app.data_dir)
    progress = load_progress(store)
    progress.record_level_win("constitution", 1, 2, 4986, 200, 600.0, "1")
    assert save_progress(store, progress)
    levels = LevelsScene(screen_app, "constitution")
    screen_app.push(levels)
    ui.step(screen_app)
    assert levels.tiles[0].best == 4986
    assert "Best 4,986" in [words for _, words in levels.tiles[0].texts]
