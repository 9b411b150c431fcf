"""Statistics add up after any mixed sequence of wins, losses and abandoned games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import RULE_IDS
from game.records.replay import ABANDONED, LOST, WON, Replay, ReplayMove
from game.records.stats import (
    DEMO_WON,
    RECENT_RESULTS,
    STATS_FILE,
    GameResult,
    RuleStats,
    Statistics,
    load_statistics,
    record_result,
    result_from_replay,
    save_statistics,
)
from game.records.store import Store


def _replay(rules: str, result: str, moves: int, seconds: float, hints: int, undos: int) -> Replay:
    # the statistics read only the counts, so the moves need not be real ones here
    fake = tuple(ReplayMove("s-w", 0.0) for _ in range(moves))
    return Replay(rules=rules, game="7", moves=fake, result=result, seconds=seconds, hints=hints,
                  undos=undos, started="2026-11-22T03:15:00Z")


games = st.lists(st.tuples(
    st.sampled_from(RULE_IDS),
    st.sampled_from([WON, LOST, ABANDONED]),
    st.integers(1, 400),
    st.floats(0, 100_000).map(lambda s: round(s, 1)),
    st.integers(0, 3),
    st.integers(0, 3),
    st.booleans(),  # the demo played in it
), max_size=70)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games)
def test_statistics_add_up_after_a_mixed_sequence(tmp_path_factory, sequence):
    store = Store(tmp_path_factory.mktemp("data"))
    for rules, result, moves, seconds, hints, undos, demo in sequence:
        record_result(store, _replay(rules, result, moves, seconds, hints, undos), demo=demo)
    stats = load_statistics(store)
    assert store.warnings == []
    # a win the demo played in is the demo's, counted apart
    sequence = [(r, DEMO_WON if demo and result == WON else result, *rest)
                for r, result, *rest, demo in sequence]
    for rules in RULE_IDS:
        mine = [g for g in sequence if g[0] == rules]
        s = stats[rules]
        wins = [g for g in mine if g[1] == WON]
        assert s.played == len(mine) == s.won + s.won_by_demo + s.lost + s.abandoned
        assert s.won == len(wins)
        assert s.won_by_demo == sum(g[1] == DEMO_WON for g in mine)
        assert s.lost == sum(g[1] == LOST for g in mine)
        assert s.abandoned == sum(g[1] == ABANDONED for g in mine)
        assert s.win_percent == (100 * len(wins) / len(mine) if mine else 0.0)
        streak = best = 0
        for g in mine:
            streak = streak + 1 if g[1] == WON else 0
            best = max(best, streak)
        assert (s.current_streak, s.best_streak) == (streak, best)
        unhelped = [g for g in wins if g[4] == 0]  # a win with hints sets neither
        assert s.best_time == (min(g[3] for g in unhelped) if unhelped else None)
        assert s.fewest_moves == (min(g[2] for g in unhelped) if unhelped else None)
        assert s.clean_wins == sum(g[4] == 0 and g[5] == 0 for g in wins)
        assert [r.result for r in s.recent] == [g[1] for g in mine][-RECENT_RESULTS:]
        series = s.win_percent_series()
        assert len(series) == len(s.recent)
        if series:
            assert series[-1] == pytest.approx(s.win_percent)


def test_win_percent_series_continues_from_older_games():
    s = RuleStats()
    for result in [WON] * 60 + [LOST] * 40:
        s.add(GameResult(result=result, moves=1, seconds=1.0))
    series = s.win_percent_series()
    assert len(series) == RECENT_RESULTS
    assert series[0] == pytest.approx(100 * 51 / 51)  # game 51 of 100: still all wins
    assert series[9] == pytest.approx(100 * 60 / 60)
    assert series[10] == pytest.approx(100 * 60 / 61)
    assert series[-1] == pytest.approx(60.0)


def test_only_ended_games_count():
    with pytest.raises(ValueError):
        RuleStats().add(GameResult(result="in progress", moves=3, seconds=1.0))


def test_the_file_round_trips_and_names_its_version(tmp_path):
    store = Store(tmp_path)
    record_result(store, _replay("square", WON, 120, 300.5, 0, 0))
    on_disk = json.loads((tmp_path / STATS_FILE).read_text())
    assert on_disk["kind"] == "statistics" and on_disk["version"] == 2
    assert on_disk["rules"]["square"]["won"] == 1
    stats = load_statistics(store)
    again = Store(tmp_path / "copy")
    save_statistics(again, stats)
    assert load_statistics(again) == stats


def test_a_win_with_help_sets_no_best_time_nor_fewest_moves_and_a_win_without_does(tmp_path):
    store = Store(tmp_path)
    # a hint, the demo's move or a replay taken over: each is a hint in the record
    record_result(store, _replay("square", WON, 90, 2.0, 1, 0))
    s = load_statistics(store)["square"]
    assert store.warnings == [], "a helped win alone is a sound file"
    assert (s.won, s.clean_wins, s.best_time, s.fewest_moves) == (1, 0, None, None)
    record_result(store, _replay("square", WON, 130, 400.0, 0, 2))  # undo is not help
    s = load_statistics(store)["square"]
    assert (s.won, s.clean_wins, s.best_time, s.fewest_moves) == (2, 0, 400.0, 130)
    record_result(store, _replay("square", WON, 100, 350.0, 0, 0))
    record_result(store, _replay("square", WON, 80, 1.0, 3, 0))  # quicker and shorter, with help
    s = load_statistics(store)["square"]
    assert store.warnings == []
    assert (s.won, s.clean_wins, s.best_time, s.fewest_moves) == (4, 1, 350.0, 100)


@pytest.mark.parametrize("damage", [
    lambda d: d["rules"]["square"].update(won=-1),
    lambda d: d["rules"]["square"].update(won="many"),
    lambda d: d["rules"]["square"].update(best_streak=5),
    lambda d: d["rules"]["square"].update(best_time=None),
    lambda d: d["rules"]["square"].update(fewest_moves=None),
    lambda d: d["rules"]["square"].update(best_time=None, fewest_moves=None, clean_wins=0),
    lambda d: d["rules"]["square"].update(best_time=float("inf")),
    lambda d: d["rules"]["square"].update(surprise=1),
    lambda d: d["rules"]["square"]["recent"].append({"result": "won"}),
    lambda d: d["rules"]["square"]["recent"][0].update(result="maybe"),
    lambda d: d["rules"].update(klondike={}),
    lambda d: d.update(rules=[]),
    lambda d: d.update(ended_save="not a digest"),
])
def test_damaged_statistics_are_moved_aside_and_start_again(tmp_path, damage):
    _damaged_statistics_are_refused(tmp_path, damage)


#: text fields as the program never writes them: each is refused like a bad number
HOSTILE_TEXTS = [
    "\x1b]0;pwned\x07", "7\x1b[2J", "\x9b31m", "7\x85", "7\x00", "\ud800", "7\u202e", "#7", "007", " 7",
    "7 ", "٧", "7\n", "x" * 41, "ms5", 7, None,
]
HOSTILE_DATES = [
    "2026-11-22T03:15:00Z\x1b[31m", "2026-11-22", "2026-11-22T03:15:00", "2026-13-22T03:15:00Z",
    "2026-11-22T03:15:00+00:00", "２０２６-11-22T03:15:00Z", "2026-11-22T03:15:00Z\n", "\x00", 20261122,
]


@pytest.mark.parametrize("game", HOSTILE_TEXTS)
def test_a_recent_game_number_is_exactly_what_the_program_writes(tmp_path, game):
    _damaged_statistics_are_refused(tmp_path, lambda d: d["rules"]["square"]["recent"][0].update(game=game))


@pytest.mark.parametrize("date", HOSTILE_DATES)
def test_a_recent_date_is_exactly_what_the_program_writes(tmp_path, date):
    _damaged_statistics_are_refused(tmp_path, lambda d: d["rules"]["square"]["recent"][0].update(date=date))


def test_what_the_program_writes_is_read_back_even_without_a_game_or_a_date(tmp_path):
    store = Store(tmp_path)
    stats = Statistics()
    stats["square"].add(GameResult("lost", 3, 4.0))
    stats["square"].add(GameResult("won", 3, 4.0, game="ms40000", date="2026-11-22T03:15:00Z"))
    stats["square"].add(GameResult("won", 3, 4.0, game="99999999999999999999"))
    assert save_statistics(store, stats)
    assert load_statistics(store) == stats and store.warnings == []


def _damaged_statistics_are_refused(tmp_path, damage):
    store = Store(tmp_path)
    record_result(store, _replay("square", WON, 120, 300.5, 0, 0))
    record_result(store, _replay("constitution", LOST, 80, 200.0, 1, 0))
    document = json.loads((tmp_path / STATS_FILE).read_text())
    damage(document)
    (tmp_path / STATS_FILE).write_text(json.dumps(document))
    stats = load_statistics(store)
    assert stats == Statistics()
    assert len(store.warnings) == 1 and "statistics.json could not be read" in store.warnings[0]
    assert [p for p in tmp_path.iterdir() if p.name.startswith(STATS_FILE + ".bad-")]


def test_a_count_names_the_save_it_ends_and_a_count_without_a_save_keeps_that_name(tmp_path):
    from game.records.stats import save_digest

    store = Store(tmp_path)
    assert load_statistics(store).ended_save is None
    digest = save_digest("version: 1\nrules: square\n")
    assert len(digest) == 64 and digest != save_digest("version: 1\nrules: square\n ")
    record_result(store, _replay("square", WON, 120, 300.5, 0, 0), ended_save=digest)
    assert load_statistics(store).ended_save == digest
    record_result(store, _replay("square", LOST, 20, 30.0, 0, 0))
    stats = load_statistics(store)
    assert stats.ended_save == digest and stats["square"].played == 2 and store.warnings == []


def test_totals_add_the_rule_sets():
    stats = Statistics()
    stats["square"].add(GameResult(WON, 10, 5.0))
    stats["constitution"].add(GameResult(LOST, 10, 5.0))
    stats["constitution"].add(GameResult(ABANDONED, 10, 5.0))
    stats["union-square"].add(GameResult(DEMO_WON, 10, 5.0, hints=3))
    total = stats.total()
    assert (total.played, total.won, total.won_by_demo, total.lost, total.abandoned,
            total.clean_wins) == (4, 1, 1, 1, 1, 1)


def test_an_older_statistics_file_is_brought_up_to_date_by_the_statistics_migrations(tmp_path, monkeypatch):
    """This plays a future version 3 that renamed ``abandoned``, to show load_statistics
    reads through its migration table, one version after another."""
    from game.records import stats as stats_module

    store = Store(tmp_path)
    record_result(store, _replay("square", ABANDONED, 10, 20.0, 0, 0))
    document = json.loads((tmp_path / STATS_FILE).read_text())
    document["rules"]["square"]["given_up"] = document["rules"]["square"].pop("abandoned")
    (tmp_path / STATS_FILE).write_text(json.dumps(document))

    def rename_back(d):
        for raw in d["rules"].values():
            raw["abandoned"] = raw.pop("given_up", 0)
        return d

    monkeypatch.setattr(stats_module, "STATS_VERSION", 3)
    monkeypatch.setitem(stats_module.STATS_MIGRATIONS, 2, rename_back)
    stats = load_statistics(store)
    assert store.warnings == []
    assert (stats["square"].played, stats["square"].abandoned) == (1, 1)


def _version_1_file(tmp_path, rules: dict) -> None:
    """A statistics file as version 1 of the program wrote it: no count of games won by
    the demo (it counted them among the wins)."""
    (tmp_path / STATS_FILE).write_text(json.dumps({"kind": "statistics", "version": 1, "rules": rules}))


def test_a_version_1_file_is_read_with_no_game_won_by_the_demo_and_written_back_as_version_2(tmp_path):
    won = {"result": WON, "moves": 90, "seconds": 300.0, "hints": 0, "undos": 0, "game": "7",
           "date": "2026-11-22T03:15:00Z"}
    _version_1_file(tmp_path, {"square": {"won": 2, "lost": 1, "abandoned": 0, "current_streak": 1,
                                          "best_streak": 1, "best_time": 300.0, "fewest_moves": 90,
                                          "clean_wins": 2, "recent": [won]}})
    store = Store(tmp_path)
    stats = load_statistics(store)
    assert store.warnings == []
    square = stats["square"]
    assert (square.won, square.won_by_demo, square.lost, square.played) == (2, 0, 1, 3)
    # counted on: the file is written back at version 2, with the new count
    record_result(store, _replay("square", WON, 50, 40.0, 1, 0), demo=True)
    on_disk = json.loads((tmp_path / STATS_FILE).read_text())
    assert on_disk["version"] == 2 and on_disk["rules"]["square"]["won_by_demo"] == 1
    assert on_disk["rules"]["constitution"]["won_by_demo"] == 0


@pytest.mark.parametrize("rules", [[], "square", {"square": 3},
                                   # version 1 had no such count, and took a field it did not
                                   # know for damage: the migration does not make it a count
                                   {"square": {"won": 0, "lost": 0, "abandoned": 0, "current_streak": 0,
                                               "best_streak": 0, "clean_wins": 0, "won_by_demo": 5}}])
def test_a_version_1_file_that_is_wrong_is_still_reported_as_damaged_after_its_migration(tmp_path, rules):
    _version_1_file(tmp_path, rules)
    store = Store(tmp_path)
    assert load_statistics(store) == Statistics()
    assert len(store.warnings) == 1 and "could not be read" in store.warnings[0]
    assert any(p.name.startswith(f"{STATS_FILE}.bad-") for p in tmp_path.iterdir())


def test_a_win_the_demo_played_in_counts_apart_raises_no_win_rate_and_ends_the_streak():
    s = RuleStats()
    s.add(GameResult(WON, 100, 200.0))
    s.add(GameResult(WON, 100, 190.0))
    assert (s.current_streak, s.best_streak) == (2, 2)
    s.add(result_from_replay(_replay("square", WON, 80, 12.0, 40, 0), demo=True))
    assert (s.won, s.won_by_demo, s.lost, s.abandoned, s.played) == (2, 1, 0, 0, 3)
    assert s.current_streak == 0 and s.best_streak == 2, "the demo's win ends the streak"
    assert s.win_percent == pytest.approx(200 / 3)
    assert (s.best_time, s.fewest_moves, s.clean_wins) == (190.0, 100, 2)
    assert [r.result for r in s.recent] == [WON, WON, DEMO_WON]
    assert s.win_percent_series() == pytest.approx([100.0, 100.0, 200 / 3])
    s.add(GameResult(WON, 100, 180.0))
    assert (s.current_streak, s.best_streak) == (1, 2)
    # the demo's help in a game that was lost or given up changes nothing: lost is lost
    for result, field in ((LOST, "lost"), (ABANDONED, "abandoned")):
        before = getattr(s, field)
        s.add(result_from_replay(_replay("square", result, 80, 12.0, 40, 0), demo=True))
        assert getattr(s, field) == before + 1 and s.won_by_demo == 1


def test_a_file_claiming_more_recent_games_won_by_the_demo_than_it_counts_is_damaged(tmp_path):
    store = Store(tmp_path)
    record_result(store, _replay("square", WON, 80, 12.0, 40, 0), demo=True)
    document = json.loads((tmp_path / STATS_FILE).read_text())
    assert document["rules"]["square"]["won_by_demo"] == 1
    assert document["rules"]["square"]["recent"][0]["result"] == DEMO_WON
    document["rules"]["square"]["won_by_demo"] = 0
    document["rules"]["square"]["lost"] = 1
    (tmp_path / STATS_FILE).write_text(json.dumps(document))
    assert load_statistics(store) == Statistics()
    assert "more recent games won by the demo" in store.warnings[0]


def test_statistics_on_a_full_disk_keep_the_old_file_and_say_so(tmp_path, monkeypatch):
    import errno

    from game.records import store as store_module

    store = Store(tmp_path)
    record_result(store, _replay("union-square", WON, 100, 300.0, 0, 0))

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module.os, "replace", full)
    record_result(store, _replay("union-square", LOST, 50, 100.0, 0, 0))
    [warning] = store.take_warnings()
    assert warning.startswith("the statistics were not saved: ") and "the disk is full" in warning
    monkeypatch.undo()
    s = load_statistics(store)["union-square"]
    assert (s.played, s.won, s.lost) == (1, 1, 0)


# ----- what is written can always be read back -----------------------------------------------


def test_counts_at_their_limit_stay_there_and_the_file_is_read_back(tmp_path):
    from game.records.stats import MAX_TALLY

    store = Store(tmp_path)
    stats = Statistics()
    square = stats["square"]
    square.won = square.best_streak = square.current_streak = square.clean_wins = MAX_TALLY
    square.lost = square.abandoned = MAX_TALLY
    square.best_time, square.fewest_moves = 100.0, 30
    assert save_statistics(store, stats)
    for result in (WON, WON, LOST, ABANDONED):
        assert record_result(store, _replay("square", result, 20, 50.0, 0, 0))
    again = load_statistics(store)
    assert store.warnings == []
    square = again["square"]
    assert (square.won, square.lost, square.abandoned, square.best_streak, square.clean_wins) == \
        (MAX_TALLY,) * 5
    assert square.current_streak == 0 and len(square.recent) == 4


def test_a_result_beyond_what_the_file_holds_is_kept_at_its_bounds(tmp_path):
    from game.records.replay import MAX_COUNT, MAX_SECONDS

    store = Store(tmp_path)
    assert record_result(store, _replay("constitution", LOST, 3, 1e12, 10**10, 10**10))
    assert record_result(store, _replay("constitution", WON, 3, 1e12, 0, 0))
    stats = load_statistics(store)
    assert store.warnings == []
    lost, won = stats["constitution"].recent
    assert (lost.seconds, lost.hints, lost.undos) == (MAX_SECONDS, MAX_COUNT, MAX_COUNT)
    assert won.seconds == stats["constitution"].best_time == MAX_SECONDS


def test_statistics_the_program_would_refuse_are_never_written(tmp_path):
    store = Store(tmp_path)
    assert record_result(store, _replay("square", WON, 20, 50.0, 0, 0))
    before = (tmp_path / STATS_FILE).read_text()
    stats = load_statistics(store)
    stats["square"].best_streak = 5
    assert save_statistics(store, stats) is False
    [warning] = store.take_warnings()
    assert warning == ("the statistics were not saved: square: the best streak is longer than the "
                       "number of wins")
    assert (tmp_path / STATS_FILE).read_text() == before
    assert load_statistics(store)["square"].won == 1 and store.warnings == []
