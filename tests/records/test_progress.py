"""Level progress, high scores and daily results: unlocking, stars, tables, the file."""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path

import pytest

from game.records.progress import (
    PROGRESS_FILE,
    TABLE_SIZE,
    HighScore,
    LevelRecord,
    Progress,
    load_progress,
    save_progress,
)
from game.records.store import Store

DAY = datetime.date(2026, 11, 22)


def entry(score: int, game: str = "17") -> HighScore:
    return HighScore(score=score, game=game, date="2026-11-22", moves=280, seconds=612.5)


def test_winning_levels_unlocks_the_next_and_keeps_the_best_stars() -> None:
    progress = Progress()
    assert progress.unlocked("constitution") == 1
    assert progress.stars("constitution", 1) == 0
    assert progress.best_score("constitution", 1) is None
    assert progress.record_level_win("constitution", 1, 2, 900, 280, 700.0, "17") is True
    assert progress.unlocked("constitution") == 2
    assert progress.stars("constitution", 1) == 2
    # winning level 1 again unlocks nothing more; fewer stars do not lower the best
    assert progress.record_level_win("constitution", 1, 1, 1200, 300, 650.0, "17") is False
    assert progress.stars("constitution", 1) == 2
    assert progress.best_score("constitution", 1) == 1200
    record = progress.level_record("constitution", 1)
    assert (record.best_moves, record.best_seconds) == (280, 650.0)
    assert progress.record_level_win("constitution", 2, 3, 1500, 250, 500.0, "23") is True
    assert progress.unlocked("constitution") == 3
    assert progress.stars("constitution", 2) == 3
    # other rule sets are untouched
    assert progress.unlocked("square") == 1


def test_a_locked_level_cannot_be_won_and_stars_are_one_to_three() -> None:
    progress = Progress()
    with pytest.raises(ValueError, match="not playable"):
        progress.record_level_win("union-square", 2, 3, 100, 10, 10.0, "5")
    with pytest.raises(ValueError, match="stars"):
        progress.record_level_win("union-square", 1, 0, 100, 10, 10.0, "5")
    with pytest.raises(ValueError, match="unknown rule set"):
        progress.unlocked("patience")


def test_a_level_won_with_help_opens_the_next_and_keeps_nothing_else() -> None:
    progress = Progress()
    with pytest.raises(ValueError, match="not playable"):
        progress.record_level_won_with_help("constitution", 2)
    assert progress.record_level_won_with_help("constitution", 1) is True
    assert progress.unlocked("constitution") == 2
    assert progress.stars("constitution", 1) == 0 and progress.best_score("constitution", 1) is None
    assert progress.level_record("constitution", 1) == LevelRecord()
    # again, or a level below the highest open one: nothing more opens
    assert progress.record_level_won_with_help("constitution", 1) is False
    assert progress.unlocked("constitution") == 2
    # stars earned later count as ever
    assert progress.record_level_win("constitution", 1, 3, 900, 280, 700.0, "1") is False
    assert progress.stars("constitution", 1) == 3


def test_high_score_tables_keep_the_best_ten_best_first() -> None:
    progress = Progress()
    ranks = [progress.add_score("square", entry(s, str(s))) for s in (500, 900, 700)]
    assert ranks == [1, 1, 2]
    assert [e.score for e in progress.high_scores("square")] == [900, 700, 500]
    # an equal score goes below the older one
    assert progress.add_score("square", entry(700, "99")) == 3
    for s in range(1000, 1010):
        progress.add_score("square", entry(s))
    table = progress.high_scores("square")
    assert len(table) == TABLE_SIZE
    assert [e.score for e in table] == list(range(1009, 999, -1))
    assert progress.add_score("square", entry(10)) is None
    # a level's table is its own
    assert progress.add_score("square", entry(42), level=3) == 1
    assert [e.score for e in progress.high_scores("square", 3)] == [42]
    assert progress.high_scores("square", 4) == []


def test_the_same_win_is_entered_once_even_after_a_reload(tmp_path: Path) -> None:
    # a level win writes the high scores before the statistics count the game; a program
    # killed in between and continued records the same win again: it keeps its one entry
    store = Store(tmp_path)
    progress = Progress()
    for s in (900, 500):
        progress.add_score("square", entry(s, str(s)))
    win = entry(700, "12345")
    assert progress.add_score("square", win) == 2
    assert progress.add_score("square", win, level=4) == 1
    assert save_progress(store, progress)
    again = load_progress(store)
    assert again.add_score("square", win) == 2
    assert again.add_score("square", win, level=4) == 1
    assert [e.score for e in again.high_scores("square")] == [900, 700, 500]
    assert len(again.high_scores("square", 4)) == 1
    # another win with the same score is a new entry, below the older one
    assert again.add_score("square", entry(700, "12346")) == 3


def test_daily_wins_are_kept_per_date() -> None:
    progress = Progress()
    assert not progress.daily_won("constitution", DAY)
    progress.record_daily_win("constitution", DAY)
    progress.record_daily_win("constitution", DAY)
    assert progress.daily_won("constitution", DAY)
    assert not progress.daily_won("constitution", DAY + datetime.timedelta(days=1))
    assert not progress.daily_won("square", DAY)


def test_progress_is_saved_and_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path)
    progress = Progress()
    progress.record_level_win("constitution-cadogan", 1, 3, 1234, 300, 800.25, "8")
    progress.add_score("constitution-cadogan", entry(1234, "8"))
    progress.add_score("constitution-cadogan", entry(1234, "ms40000"), level=1)
    progress.record_daily_win("union-square", DAY)
    assert save_progress(store, progress)
    again = load_progress(store)
    assert again.unlocked("constitution-cadogan") == 2
    assert again.stars("constitution-cadogan", 1) == 3
    assert again.high_scores("constitution-cadogan") == progress.high_scores("constitution-cadogan")
    assert again.high_scores("constitution-cadogan", 1)[0].game == "ms40000"
    assert again.daily_won("union-square", DAY)
    assert store.warnings == []


def test_no_file_gives_fresh_progress(tmp_path: Path) -> None:
    store = Store(tmp_path)
    progress = load_progress(store)
    assert progress.unlocked("square") == 1
    assert store.warnings == []


@pytest.mark.parametrize("content", [
    "{not json",
    json.dumps({"kind": "statistics", "version": 1}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"poker": {}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"unlocked": 0}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"levels": {"5": {"stars": 2}}}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"levels": {"1": {"stars": 4}}}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"scores": [
        {"score": 1, "game": "1", "date": "2026-11-22", "moves": 1, "seconds": 1.0},
        {"score": 5, "game": "1", "date": "2026-11-22", "moves": 1, "seconds": 1.0}]}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"scores": [
        {"score": 1, "game": "abc", "date": "2026-11-22", "moves": 1, "seconds": 1.0}]}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"daily": ["2026-13-40"]}}}),
])
def test_a_damaged_file_is_moved_aside_with_a_message(tmp_path: Path, content: str) -> None:
    store = Store(tmp_path)
    (tmp_path / PROGRESS_FILE).write_text(content, encoding="utf-8")
    progress = load_progress(store)
    assert progress.unlocked("square") == 1
    assert progress.high_scores("square") == []
    assert not (tmp_path / PROGRESS_FILE).exists()
    assert len(list(tmp_path.glob(f"{PROGRESS_FILE}.bad-*"))) == 1
    assert len(store.warnings) == 1 and PROGRESS_FILE in store.warnings[0]


def test_a_file_of_a_newer_version_is_left_for_it(tmp_path: Path) -> None:
    """Progress a newer version of the game wrote is not damaged: this version starts from
    nothing, says so, and never writes over it (the newer one still finds it)."""
    store = Store(tmp_path)
    newer = json.dumps({"kind": "progress", "version": 99, "what": "only it knows"})
    (tmp_path / PROGRESS_FILE).write_text(newer, encoding="utf-8")
    progress = load_progress(store)
    assert progress.unlocked("square") == 1
    [warning] = store.take_warnings()
    assert "written by a newer version of the game" in warning
    assert save_progress(store, progress) is False
    assert "not saved" in " ".join(store.take_warnings())
    assert (tmp_path / PROGRESS_FILE).read_text(encoding="utf-8") == newer
    assert [p.name for p in tmp_path.iterdir()] == [PROGRESS_FILE]


def _score_file(**changes: object) -> str:
    score = {"score": 1, "game": "1", "date": "2026-11-22", "moves": 1, "seconds": 1.0, **changes}
    return json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"scores": [score]}}})


@pytest.mark.parametrize("content", [
    *[_score_file(game=game) for game in ("\x1b]0;pwned\x07", "1\x9b", "1\x00", "\udc80", "#1", "01", "١",
                                         "1\u202e", " 1", "ms5", 1)],
    *[_score_file(date=date) for date in ("2026-11-22\x1b[31m", "2026-W47-7", "20261122", "2026-11-22 ",
                                         "２０２６-11-22", "2026-11-22T00:00:00Z", "2026-02-30")],
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"daily": ["2026-W47-7"]}}}),
    json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"daily": ["20261122"]}}}),
    *[json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"unlocked": 2, "levels": {
        key: {"stars": 1}}}}}) for key in ("١", "01", "+1", " 1", "1\x00", "²")],
    *[json.dumps({"kind": "progress", "version": 1, "rules": {"square": {"level_scores": {key: []}}}})
      for key in ("١", "01", "1\x1b")],
])
def test_text_fields_are_exactly_what_the_program_writes(tmp_path: Path, content: str) -> None:
    test_a_damaged_file_is_moved_aside_with_a_message(tmp_path, content)
    assert all(warning.isprintable() for warning in Store(tmp_path).warnings)


def test_every_text_the_program_writes_is_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path)
    progress = Progress()
    progress.add_score("square", HighScore(score=5, game="ms40000", date="2026-02-28", moves=3, seconds=2.0))
    progress.add_score("square", HighScore(score=4, game="99999999999999999999", date="2026-11-22", moves=3,
                                           seconds=2.0), level=12)
    progress.record_daily_win("square", DAY)
    assert save_progress(store, progress)
    again = load_progress(store)
    assert again.high_scores("square") == progress.high_scores("square")
    assert again.high_scores("square", 12) == progress.high_scores("square", 12)
    assert again.daily_won("square", DAY) and store.warnings == []


def test_a_failed_save_warns_and_keeps_the_old_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = Store(blocker)
    assert save_progress(store, Progress()) is False
    assert "not saved" in store.warnings[0]


def test_an_older_progress_file_is_brought_up_to_date_by_the_progress_migrations(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file is at version 1 so far; this plays a future version 2 that renamed
    ``unlocked``, to show load_progress reads through its migration table."""
    from game.records import progress as progress_module

    store = Store(tmp_path)
    progress = Progress()
    progress.record_level_win("square", 1, 2, 900, 150, 400.0, "12")
    assert save_progress(store, progress)
    document = json.loads((tmp_path / PROGRESS_FILE).read_text())
    document["rules"]["square"]["open_to"] = document["rules"]["square"].pop("unlocked")
    (tmp_path / PROGRESS_FILE).write_text(json.dumps(document))

    def rename_back(d: dict) -> dict:
        for raw in d["rules"].values():
            raw["unlocked"] = raw.pop("open_to", 1)
        return d

    monkeypatch.setattr(progress_module, "PROGRESS_VERSION", 2)
    monkeypatch.setitem(progress_module.PROGRESS_MIGRATIONS, 1, rename_back)
    loaded = load_progress(store)
    assert store.warnings == []
    assert (loaded.unlocked("square"), loaded.stars("square", 1)) == (2, 2)
    assert save_progress(store, loaded)
    assert json.loads((tmp_path / PROGRESS_FILE).read_text())["version"] == 2


def test_a_progress_file_older_than_any_migration_is_moved_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.records import progress as progress_module

    store = Store(tmp_path)
    progress = Progress()
    progress.record_level_win("square", 1, 2, 900, 150, 400.0, "12")
    assert save_progress(store, progress)
    monkeypatch.setattr(progress_module, "PROGRESS_VERSION", 2)
    assert load_progress(store).unlocked("square") == 1
    assert "schema version 1 is too old to be read" in store.warnings[0]
    assert len(list(tmp_path.glob(f"{PROGRESS_FILE}.bad-*"))) == 1


# ----- what is written can always be read back -----------------------------------------------


def _three_levels_won() -> Progress:
    progress = Progress()
    for number in (1, 2, 3):
        progress.record_level_win("union-square", number, 3, 100, 50, 100.0, str(number))
        progress.add_score("union-square", entry(100 + number, str(number)))
    return progress


def test_values_beyond_the_file_are_kept_at_their_bound_and_read_back(tmp_path: Path) -> None:
    from game.records.replay import MAX_SECONDS
    from game.records.scoring import MAX_SCORE

    progress = _three_levels_won()
    huge = HighScore(score=10**12 + 521, game="9", date="2026-11-22", moves=10**13, seconds=1e9)
    assert progress.add_score("union-square", huge) == 1
    assert progress.add_score("union-square", huge, level=3) == 1
    assert progress.add_score("union-square", dataclasses.replace(huge, score=-10**13)) == 5
    assert progress.record_level_win("union-square", 4, 3, 10**12, 10**13, float("inf"), "4") is True
    store = Store(tmp_path)
    assert save_progress(store, progress) and store.warnings == []
    again = load_progress(store)
    assert store.warnings == [] and again.unlocked("union-square") == 5
    best = again.high_scores("union-square")[0]
    assert (best.score, best.moves, best.seconds) == (MAX_SCORE, 10**12, MAX_SECONDS)
    assert again.high_scores("union-square", 3)[0] == best
    assert again.high_scores("union-square")[-1].score == -MAX_SCORE
    record = again.level_record("union-square", 4)
    assert (record.best_score, record.best_moves, record.best_seconds) == (MAX_SCORE, 10**12, MAX_SECONDS)


def test_a_level_the_file_cannot_hold_gets_no_table(tmp_path: Path) -> None:
    from game.records.progress import MAX_LEVEL

    progress = _three_levels_won()
    with pytest.raises(ValueError, match="level 10001 has no high-score table"):
        progress.add_score("union-square", entry(5), level=MAX_LEVEL + 1)
    store = Store(tmp_path)
    assert save_progress(store, progress)
    assert load_progress(store).unlocked("union-square") == 4 and store.warnings == []


def test_progress_the_program_would_refuse_is_never_written(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert save_progress(store, _three_levels_won())
    before = (tmp_path / PROGRESS_FILE).read_text()
    broken = _three_levels_won()
    broken.rules["square"].scores.append(entry(10, game="#12\x1b[2J"))
    assert save_progress(store, broken) is False
    [warning] = store.take_warnings()
    assert warning.startswith("the level progress was not saved: square.scores[0].game: not a game number")
    assert (tmp_path / PROGRESS_FILE).read_text() == before
    assert load_progress(store).unlocked("union-square") == 4 and store.warnings == []
