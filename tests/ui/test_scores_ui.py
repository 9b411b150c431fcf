"""High scores through the real loop: a won game's score goes into the table and is
announced, the high-score screen shows each rule set's and each level's top 10."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.records.progress import HighScore, load_progress, save_progress
from game.records.scoring import FOUNDATION_POINTS, SCORING_RULES
from game.records.store import Store
from game.ui.app import App
from game.ui.dialogs import Dialog
from game.ui.levels_scene import LevelsScene
from game.ui.scores_scene import ScoresScene, row_texts
from game.ui.table import TableScene
from tests.levels.helpers import CONSTITUTION_1_WIN, level


@pytest.fixture
def campaign(use_campaign: Callable[..., Path]) -> Path:
    """A two-level constitution campaign read instead of the repository's levels."""
    levels = [level(n, game, CONSTITUTION_1_WIN, 10.0 * n) for n, game in enumerate(("1", "2"), 1)]
    return use_campaign(levels, ["1", "2"])


def _win(ui: SimpleNamespace, app: App, table: TableScene) -> Dialog:
    app.push(table)
    return ui.play_to_the_end(app, table, CONSTITUTION_1_WIN)


def test_a_win_goes_into_the_high_score_table_and_is_announced(ui: SimpleNamespace, app: App) -> None:
    table = TableScene(app, new_game("constitution", "1"))
    dialog = _win(ui, app, table)
    record = table.session.win_record
    assert record is not None and record.rank == 1
    assert record.score == table.score.total and record.time_bonus > 0
    assert f"New high score: #1 of all {table.short_title} games" in dialog.lines
    assert dialog.stars is None, "stars are for levels"
    entries = load_progress(Store(app.data_dir)).high_scores("constitution")
    assert len(entries) == 1
    entry = entries[0]
    assert (entry.score, entry.game, entry.moves) == (record.score, "1", len(CONSTITUTION_1_WIN))
    assert not load_progress(Store(app.data_dir)).high_scores("constitution", 1)


def test_a_win_again_after_an_undo_claims_only_the_high_score_recorded(ui: SimpleNamespace, app: App,
                                                                      campaign: Path) -> None:
    """Undo on the win dialog, then a redo, wins again with a lower score (the undo's
    penalty stays): the records keep the first win's score, so the dialog gives that
    score's ranks as the first win's, never as a new high score of this score."""
    from game.levels import load_campaign

    table = TableScene.for_level(app, load_campaign("constitution").levels[0])
    dialog = _win(ui, app, table)
    first = table.score.total
    ui.click(app, next(b for b in dialog.buttons if b.label == "Undo").rect.center)
    ui.settle(app, table)
    assert app.top is table
    ui.press(app, pygame.K_y, pygame.KMOD_CTRL)
    again = ui.wait_for_dialog(app)
    now = table.score.total
    assert now < first
    store = Store(app.data_dir)
    assert [e.score for e in load_progress(store).high_scores("constitution")] == [first]
    assert [e.score for e in load_progress(store).high_scores("constitution", 1)] == [first]
    assert not [line for line in again.lines if "New high score" in line]
    assert f"The first win's {first:,} is high score #1 of all {table.short_title} games" in again.lines
    assert f"The first win's {first:,} is high score #1 on level 1" in again.lines


def test_a_level_win_enters_the_level_table_too(ui: SimpleNamespace, app: App, campaign: Path) -> None:
    from game.levels import load_campaign

    table = TableScene.for_level(app, load_campaign("constitution").levels[0])
    dialog = _win(ui, app, table)
    assert table.session.win_record is not None and table.session.win_record.level_rank == 1
    assert "New high score: #1 on level 1" in dialog.lines
    progress = load_progress(Store(app.data_dir))
    assert progress.high_scores("constitution", 1)[0].score == table.session.win_record.score


def _fill(app: App) -> None:
    store = Store(app.data_dir)
    progress = load_progress(store)
    for i in range(12):
        progress.add_score("constitution", HighScore(100 * i, str(1000 + i), "2026-11-20", 200 + i, 61.0 * i))
    progress.add_score("constitution", HighScore(777, "2", "2026-11-21", 250, 400.0), level=2)
    assert save_progress(store, progress)


def test_the_scores_screen_shows_the_top_10_and_each_level(ui: SimpleNamespace, app: App,
                                                            campaign: Path) -> None:
    _fill(app)
    scene = ScoresScene(app, "constitution")
    app.push(scene)
    ui.step(app)
    shown = scene.entries
    assert [e.score for e in shown] == [1100 - 100 * i for i in range(10)]
    assert row_texts(1, shown[0]) == ["1", "1,100", "#1011", "2026-11-20", "211", "11:11"]
    assert scene.which.options == ["All games", "Level 1", "Level 2"]
    ui.post_key(pygame.K_RIGHT)
    ui.step(app)
    assert scene.level == 1 and scene.entries == []
    ui.click(app, scene.which.right_rect.center)
    assert scene.level == 2 and [e.score for e in scene.entries] == [777]
    ui.post_key(pygame.K_PAGEDOWN)
    ui.step(app)
    assert scene.rules == "constitution-cadogan" and scene.level is None and scene.entries == []
    ui.post_key(pygame.K_ESCAPE)
    ui.step(app)
    assert scene not in app.scenes


def test_the_scores_open_from_the_levels_screen_on_the_focused_level(ui: SimpleNamespace, app: App,
                                                                     campaign: Path) -> None:
    _fill(app)
    levels = LevelsScene(app, "constitution")
    app.push(levels)
    ui.step(app)
    assert levels.ring.current is levels.tiles[0]
    ui.post_key(pygame.K_s)
    ui.step(app)
    scores = app.top
    assert isinstance(scores, ScoresScene) and scores.level == 1
    ui.post_key(pygame.K_ESCAPE)
    ui.step(app)
    ui.click(app, levels.scores_button.rect.center)
    scores = app.top
    assert isinstance(scores, ScoresScene) and scores.level is None
    assert len(scores.entries) == 10


def test_an_empty_table_says_how_a_game_is_scored(ui: SimpleNamespace, app: App,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import scores_scene

    drawn: list[str] = []
    real = scores_scene.theme.text
    monkeypatch.setattr(scores_scene.theme, "text",
                        lambda surface, words, *a, **k: drawn.append(words) or real(surface, words, *a, **k))
    scene = ScoresScene(app, "union-square")
    app.push(scene)
    ui.step(app)
    assert scene.entries == []
    assert "How a game is scored" in drawn
    # every rule whole, wrapped (not cut) where the window is narrow
    start = drawn.index("How a game is scored") + 1
    lines = drawn[start:]
    assert lines.count("•") == len(SCORING_RULES)
    words = " ".join(SCORING_RULES).split()
    assert " ".join(lines).replace("• ", "").split()[:len(words)] == words
    # the rules name the scoring's own numbers
    assert any(str(FOUNDATION_POINTS) in w and "foundation" in w for w in drawn)
    # with scores, the table takes the room instead
    _fill(app)
    drawn.clear()
    scene = ScoresScene(app, "constitution")
    app.push(scene)
    ui.step(app)
    assert "How a game is scored" not in drawn


def _random_deals(app: App, **worst: int) -> list[str]:
    """Ten high scores of 20-digit random deals in the constitution table (``worst``
    gives every entry that score, moves or seconds); their game numbers."""
    store = Store(app.data_dir)
    progress = load_progress(store)
    numbers = [f"{n % 9 + 1}{'7' * 18}{n}" for n in range(10)]
    for i, number in enumerate(numbers):
        entry = HighScore(worst.get("score", 4321 - 37 * i), number, "2026-03-01",
                          worst.get("moves", 270 + i), float(worst.get("seconds", 845 + i)))
        progress.add_score("constitution", entry)
    assert save_progress(store, progress)
    return numbers


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (800, 1280)])
def test_a_random_deals_whole_game_number_is_in_the_table(ui: SimpleNamespace, app: App,
                                                          size: tuple[int, int]) -> None:
    """Every 20-digit game number is drawn whole, so the player can tell which deal
    earned each score, at every window from the smallest up."""
    numbers = _random_deals(app, seconds=35_999)
    app.resize(size)
    scene = ScoresScene(app, "constitution")
    app.push(scene)
    ui.step(app)
    shown = {b.name.split(": Game ")[1] for b in app.drawn.boxes if ": Game " in b.name}
    assert shown == {f"#{n}" for n in numbers}
    assert scene.cut_numbers == []
    panel = scene.table_rect
    assert all(panel.contains(b.rect) for b in app.drawn.boxes if b.name.startswith(("row ", "column: ")))


def test_a_number_cut_for_want_of_room_shows_whole_under_the_pointer(ui: SimpleNamespace, app: App) -> None:
    """The file's largest score, moves and time leave a tall narrow window too little
    room: the number keeps its first and last digits, and the pointer on it shows it
    whole above it."""
    from game.records.replay import MAX_COUNT, MAX_SECONDS
    from game.records.scoring import MAX_SCORE

    numbers = _random_deals(app, score=-MAX_SCORE, moves=MAX_COUNT, seconds=MAX_SECONDS)
    app.resize((800, 1280))
    scene = ScoresScene(app, "constitution")
    app.push(scene)
    ui.step(app)
    assert scene.cut_numbers, "the worst row should not fit at 800 wide"
    box, whole = scene.cut_numbers[3]
    assert whole == f"#{numbers[3]}"
    cell = next(b for b in app.drawn.boxes if b.name.startswith("row 4: Game "))
    assert cell.rect == box and "…" in cell.name
    assert cell.name.removeprefix("row 4: Game ").startswith("#477") and cell.name.endswith("7773")
    assert not [b for b in app.drawn.boxes if b.name.startswith("whole number: ")]
    ui.post_mouse(pygame.MOUSEMOTION, box.center)
    ui.step(app)
    tips = [b for b in app.drawn.boxes if b.name.startswith("whole number: ")]
    assert [b.name for b in tips] == [f"whole number: #{numbers[3]}"]
    assert tips[0].rect.bottom <= box.top and pygame.Rect((0, 0), app.size).contains(tips[0].rect)


def test_a_rows_numbers_read_as_the_statistics_write_them() -> None:
    """Thousands separators, and the minus sign of the table's score (a hyphen was shown)."""
    from game.records.progress import HighScore

    entry = HighScore(score=-1234567, game="99999999999999999999", date="2026-11-20", moves=1000000,
                      seconds=3600.0)
    assert row_texts(2, entry)[:2] == ["2", "−1,234,567"]
    assert row_texts(2, entry)[4] == "1,000,000"
