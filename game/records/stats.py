"""Statistics per rule set, kept in ``statistics.json`` in the data directory.

What counts:

- A game counts once it has ended: **won** (every card on the foundations), **won by the
  demo** (won, but the demo player made a move of it: see below), **lost** (no legal
  move was left) or **abandoned** (given up — a new game, a restart or another deal
  chosen once a move was played in it, even if every move was undone since; a game given
  up before its first move does not count). ``played = won + won by the demo + lost +
  abandoned``; ``win % = won / played``.
- A game saved when the program quits is not counted until it ends.
- A win in which the demo played any move (one undone since too) is the computer's, not
  the player's: it is counted apart, as won by the demo, raises no win %, and ends the
  streak as an abandoned game does. A lost game the demo played in is lost all the same.
- The **streak** is the number of wins in a row; a loss, an abandoned game or a game won
  by the demo ends it.
- Best time and fewest moves are over won games played without help: a win with a hint
  shown or a replay taken over (each counted as a hint) sets neither, so they are the
  player's own play. Moves are the moves of the line of play (undone moves are not
  counted). A **clean win** is a win without any hint or undo.
- A **practice game**, taken over from a replay (its moves up to the take-over were not
  played in it: the demo's, another player's, a won game's but its last move), is never
  counted: not as won, lost or abandoned, nor among the recent games.
- The last 50 results (a game won by the demo among them, as such) are kept for the
  chart, with the cumulative win % after each.

An ended game that was continued from a save is counted and then its save is removed:
two files, so the count also names the save it ends (``ended_save``, a digest of the
save's text). A save left behind by a kill between the two steps is then known as
counted, and is never continued and counted again.

Version 2 of the file added the count of games won by the demo (``won_by_demo``, and
the result ``won by the demo`` among the recent games); a version 1 file is read with
none (:data:`STATS_MIGRATIONS`). An older version of the program leaves a version 2 file
alone (it was written by a newer version) rather than taking the new count for damage.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import RULE_IDS
from .replay import ABANDONED, LOST, MAX_COUNT, MAX_SECONDS, WON, Replay, is_game_number, is_utc_time
from .store import Migration, SaveError, Store

STATS_FILE = "statistics.json"
STATS_KIND = "statistics"
STATS_VERSION = 2
RECENT_RESULTS = 50
#: how a game can end (a replay's result when it is counted)
ENDED = (WON, LOST, ABANDONED)
#: a win in which the demo played: the statistics count it apart from the player's wins
DEMO_WON = "won by the demo"
#: the results the statistics count (a recent game's)
COUNTED = (WON, DEMO_WON, LOST, ABANDONED)
#: every count (games won, lost, abandoned, streaks, clean wins, fewest moves) is at most
#: this: a count that reaches it stays there, so the file can always be read back
MAX_TALLY = MAX_COUNT
_DIGEST = re.compile(r"[0-9a-f]{64}")


def _count_demo_wins(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: every rule set has won no game by the demo yet (version 1 counted
    such a game among the wins, and what it was is not known now)."""
    by_rules = document.get("rules")
    if isinstance(by_rules, dict):  # anything else is reported when the file is checked
        for rules, raw in by_rules.items():
            if isinstance(raw, dict):
                if "won_by_demo" in raw:  # version 1 has no such count: damage, as it was there
                    raise ValueError(f"{rules}.won_by_demo is not a version 1 count")
                raw["won_by_demo"] = 0
    return document


#: ``{v: f}``: f turns a version v file into a version v + 1 one
STATS_MIGRATIONS: dict[int, Migration] = {1: _count_demo_wins}


@dataclass(frozen=True)
class GameResult:
    """One ended game, for the chart: result, moves, play time, help used, deal and date."""

    result: str
    moves: int
    seconds: float
    hints: int = 0
    undos: int = 0
    game: str = ""
    date: str = ""  # UTC ISO 8601 of the game's start


@dataclass
class RuleStats:
    """The statistics of one rule set."""

    won: int = 0
    won_by_demo: int = 0  # won, but the demo played a move of it: not the player's win
    lost: int = 0
    abandoned: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None  # seconds, of a game won without hints
    fewest_moves: int | None = None  # of a game won without hints
    clean_wins: int = 0  # won without hints or undo
    recent: list[GameResult] = field(default_factory=list)  # oldest first, at most RECENT_RESULTS

    @property
    def played(self) -> int:
        """Won + won by the demo + lost + abandoned."""
        return self.won + self.won_by_demo + self.lost + self.abandoned

    @property
    def win_percent(self) -> float:
        """Wins as a percentage of games played (0.0 before the first game)."""
        return 100.0 * self.won / self.played if self.played else 0.0

    def win_percent_series(self) -> list[float]:
        """The win % after each game of :attr:`recent` (same length, oldest first)."""
        wins_before = self.won - sum(r.result == WON for r in self.recent)
        played_before = self.played - len(self.recent)
        series = []
        for r in self.recent:
            played_before += 1
            wins_before += r.result == WON
            series.append(100.0 * wins_before / played_before)
        return series

    def add(self, result: GameResult) -> None:
        """Count one ended game. A count at :data:`MAX_TALLY` stays there, and a result's
        numbers beyond what the file holds are kept at their bound."""
        if result.result not in COUNTED:
            raise ValueError("only an ended game counts (won, won by the demo, lost or abandoned), "
                             f"not {result.result!r}")
        result = _within_bounds(result)
        if result.result == WON:
            self.won = _one_more(self.won)
            self.current_streak = _one_more(self.current_streak)
            self.best_streak = max(self.best_streak, self.current_streak)
            if result.hints == 0:
                if self.best_time is None or result.seconds < self.best_time:
                    self.best_time = result.seconds
                if self.fewest_moves is None or result.moves < self.fewest_moves:
                    self.fewest_moves = result.moves
                if result.undos == 0:
                    self.clean_wins = _one_more(self.clean_wins)
        else:
            if result.result == LOST:
                self.lost = _one_more(self.lost)
            elif result.result == DEMO_WON:
                self.won_by_demo = _one_more(self.won_by_demo)
            else:
                self.abandoned = _one_more(self.abandoned)
            self.current_streak = 0
        self.recent.append(result)
        del self.recent[:-RECENT_RESULTS]


def _one_more(count: int) -> int:
    return min(count + 1, MAX_TALLY)


def _within_bounds(result: GameResult) -> GameResult:
    """``result`` with its moves, hints and undos at most :data:`MAX_COUNT` and its time
    from 0 to :data:`MAX_SECONDS`, as the file holds them."""
    def count(n: int) -> int:
        return max(0, min(n, MAX_COUNT))

    seconds = max(0.0, min(result.seconds, float(MAX_SECONDS))) if math.isfinite(result.seconds) else 0.0
    return dataclasses.replace(result, moves=count(result.moves), hints=count(result.hints),
                               undos=count(result.undos), seconds=seconds)


@dataclass
class Statistics:
    """Every rule set's statistics (a RuleStats for each id of RULE_IDS)."""

    rules: dict[str, RuleStats] = field(default_factory=lambda: {r: RuleStats() for r in RULE_IDS})
    #: the digest (:func:`save_digest`) of the last saved game whose ending was counted
    ended_save: str | None = None

    def __getitem__(self, rules: str) -> RuleStats:
        return self.rules[rules]

    def total(self) -> RuleStats:
        """All rule sets together (counts only; streaks and recent are left empty)."""
        total = RuleStats()
        for s in self.rules.values():
            total.won += s.won
            total.won_by_demo += s.won_by_demo
            total.lost += s.lost
            total.abandoned += s.abandoned
            total.clean_wins += s.clean_wins
        return total


def result_from_replay(replay: Replay, *, demo: bool = False) -> GameResult:
    """The statistics entry of an ended game; ``demo`` when the demo played a move of it
    (a win is then :data:`DEMO_WON`)."""
    result = DEMO_WON if demo and replay.result == WON else replay.result
    return GameResult(result=result, moves=len(replay.moves), seconds=replay.seconds,
                      hints=replay.hints, undos=replay.undos, game=replay.game, date=replay.started)


def save_digest(text: str) -> str:
    """What names a saved game's file in :attr:`Statistics.ended_save`: its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_statistics(store: Store) -> Statistics:
    """The statistics on disk; fresh ones when there are none or the file is broken (it is
    then moved aside with a warning)."""
    document = store.read_json(STATS_FILE, STATS_KIND, STATS_VERSION, STATS_MIGRATIONS)
    stats = Statistics()
    if document is None:
        return stats
    try:
        by_rules = document.get("rules")
        if not isinstance(by_rules, dict):
            raise ValueError("'rules' is not an object")
        for rules, raw in by_rules.items():
            if rules not in stats.rules:
                raise ValueError(f"unknown rule set {rules!r}")
            stats.rules[rules] = _rule_stats_from_json(raw, rules)
        ended_save = document.get("ended_save")
        if ended_save is not None and not (isinstance(ended_save, str) and _DIGEST.fullmatch(ended_save)):
            raise ValueError("'ended_save' is not a SHA-256 digest")
        stats.ended_save = ended_save
    except ValueError as err:
        # (a store that only reads, as the stats command's, leaves the file and says so)
        store.set_aside(STATS_FILE, str(err) if store.read_only
                        else f"{err}; the statistics start again from zero")
        return Statistics()
    return stats


def save_statistics(store: Store, stats: Statistics) -> bool:
    """Write the statistics atomically; False (with a warning) when that failed.

    The data is checked as :func:`load_statistics` will check it before it is written, so
    a file the program would refuse (and start again from zero) is never written: the
    previous file is kept instead, with a warning.
    """
    data: dict[str, Any] = {"rules": {rules: _rule_stats_to_json(s) for rules, s in stats.rules.items()}}
    if stats.ended_save is not None:
        data["ended_save"] = stats.ended_save
    try:
        for rules, raw in data["rules"].items():
            _rule_stats_from_json(raw, rules)
        if stats.ended_save is not None and not _DIGEST.fullmatch(stats.ended_save):
            raise ValueError("'ended_save' is not a SHA-256 digest")
    except ValueError as err:
        store.warn(f"the statistics were not saved: {err}")
        return False
    try:
        store.write_json(STATS_FILE, STATS_KIND, STATS_VERSION, data)
    except SaveError as err:
        store.warn(f"the statistics were not saved: {err}")
        return False
    return True


def record_result(store: Store, replay: Replay, ended_save: str | None = None, *,
                  demo: bool = False) -> bool:
    """Count an ended game (result won, lost or abandoned) and save; True when the count
    was written, False (with a warning) when it was not (a full disk).

    ``ended_save`` is the digest of the saved game this ending does away with, if any;
    it is written with the count, in the same atomic write. ``demo``: the demo played a
    move of the game, so a win is counted as won by the demo.
    """
    stats = load_statistics(store)
    stats[replay.rules].add(result_from_replay(replay, demo=demo))
    if ended_save is not None:
        stats.ended_save = ended_save
    return save_statistics(store, stats)


def reset_statistics(store: Store, rules: str) -> bool:
    """Set one rule set's statistics back to zero (the others, and which saved game was
    last counted, as they are on disk) and save; True when written, False (with a
    warning) when not. Replays, scores and the saved game are not touched."""
    stats = load_statistics(store)
    stats.rules[rules] = RuleStats()
    return save_statistics(store, stats)


def _rule_stats_to_json(s: RuleStats) -> dict[str, Any]:
    data = asdict(s)
    data["recent"] = [asdict(r) for r in s.recent]
    return data


def _rule_stats_from_json(raw: Any, rules: str) -> RuleStats:
    if not isinstance(raw, dict):
        raise ValueError(f"{rules}: not an object")
    known = {f for f in RuleStats.__dataclass_fields__}
    for key in raw:
        if key not in known:
            raise ValueError(f"{rules}: unknown field {key!r}")

    def count(key: str) -> int:
        value = raw.get(key, 0)
        if type(value) is not int or not 0 <= value <= MAX_TALLY:
            raise ValueError(f"{rules}.{key}: not a count")
        return value

    s = RuleStats(won=count("won"), won_by_demo=count("won_by_demo"), lost=count("lost"),
                  abandoned=count("abandoned"), current_streak=count("current_streak"),
                  best_streak=count("best_streak"), clean_wins=count("clean_wins"))
    best_time = raw.get("best_time")
    if best_time is not None:
        s.best_time = _seconds(best_time, f"{rules}.best_time")
    fewest = raw.get("fewest_moves")
    if fewest is not None:
        if type(fewest) is not int or not 0 <= fewest <= MAX_TALLY:
            raise ValueError(f"{rules}.fewest_moves: not a count")
        s.fewest_moves = fewest
    recent = raw.get("recent", [])
    if not isinstance(recent, list) or len(recent) > RECENT_RESULTS:
        raise ValueError(f"{rules}.recent: not a list of at most {RECENT_RESULTS} results")
    s.recent = [_result_from_json(r, f"{rules}.recent[{i}]") for i, r in enumerate(recent)]
    _check_consistent(s, rules)
    return s


def _result_from_json(raw: Any, where: str) -> GameResult:
    if not isinstance(raw, dict) or set(raw) - set(GameResult.__dataclass_fields__):
        raise ValueError(f"{where}: not a game result")
    result = raw.get("result")
    if result not in COUNTED:
        raise ValueError(f"{where}: unknown result {result!r}")
    counts = []
    for key in ("moves", "hints", "undos"):
        value = raw.get(key, 0)
        if type(value) is not int or not 0 <= value <= MAX_COUNT:
            raise ValueError(f"{where}.{key}: not a count")
        counts.append(value)
    # the texts are what the program writes, exactly: a game number and a UTC time, or ""
    # when unknown; anything else (a control sequence for the terminal, say) is refused
    game = raw.get("game", "")
    if game != "" and not is_game_number(game):
        raise ValueError(f"{where}.game: not a game number")
    date = raw.get("date", "")
    if date != "" and not is_utc_time(date):
        raise ValueError(f"{where}.date: not a UTC time like 2026-11-22T03:15:00Z")
    return GameResult(result=result, moves=counts[0], seconds=_seconds(raw.get("seconds"), where),
                      hints=counts[1], undos=counts[2], game=game, date=date)


def _seconds(value: Any, where: str) -> float:
    if (type(value) not in (int, float) or not math.isfinite(value)
            or not 0 <= value <= MAX_SECONDS):
        raise ValueError(f"{where}: not a time in seconds")
    return float(value)


def _check_consistent(s: RuleStats, rules: str) -> None:
    # a helped win sets no best time, so wins alone do not call for one: a clean win does
    unhelped_win = s.clean_wins > 0 or any(r.result == WON and r.hints == 0 for r in s.recent)
    problems: Iterable[tuple[bool, str]] = (
        (s.best_streak > s.won, "the best streak is longer than the number of wins"),
        (s.current_streak > s.best_streak, "the current streak is longer than the best"),
        (s.clean_wins > s.won, "more clean wins than wins"),
        (s.best_time is not None and s.won == 0, "a best time needs a win"),
        ((s.best_time is None) != (s.fewest_moves is None),
         "a best time needs fewest moves, and fewest moves a best time"),
        (s.best_time is None and unhelped_win, "a win without hints needs a best time"),
        (len(s.recent) > s.played, "more recent results than games played"),
        (sum(r.result == WON for r in s.recent) > s.won, "more recent wins than wins"),
        (sum(r.result == DEMO_WON for r in s.recent) > s.won_by_demo,
         "more recent games won by the demo than games won by the demo"),
    )
    for wrong, what in problems:
        if wrong:
            raise ValueError(f"{rules}: {what}")
