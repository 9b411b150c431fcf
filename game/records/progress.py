"""Level progress, high scores and daily results, kept in ``progress.json`` in the data directory.

- **Levels**: per rule set, the highest playable level (level 1 is always playable; winning
  the highest playable level unlocks the next one, so after the last level it is one past
  the end) and, per level, the best stars (0–3) and best score earned.
- **High scores**: per rule set a table of the best :data:`TABLE_SIZE` (10) scores of won
  games, and one per level; each entry has the score, game number, date, moves and time.
  Best first; an entry equal to an older one goes below it.
- **Daily deals**: per rule set the dates whose daily deal was won (the last
  :data:`DAILY_KEPT` of them).

The file is versioned JSON written atomically through :class:`~game.records.store.Store`;
a file that cannot be read or whose contents are wrong is moved aside with a message and
the game goes on with empty progress.
"""

from __future__ import annotations

import datetime
import itertools
import math
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import RULE_IDS
from .replay import MAX_SECONDS, is_date, is_game_number
from .scoring import MAX_SCORE, within_score
from .store import Migration, SaveError, Store

PROGRESS_FILE = "progress.json"
PROGRESS_KIND = "progress"
PROGRESS_VERSION = 1
#: ``{v: f}``: f turns a version v file into a version v + 1 one (none yet: every file is at 1)
PROGRESS_MIGRATIONS: dict[int, Migration] = {}
TABLE_SIZE = 10
DAILY_KEPT = 400
#: more levels than any campaign has (a campaign file of more is refused)
MAX_LEVEL = 10_000
#: the most moves a score or a level's best may hold
_MAX_MOVES = 10**12
_LEVEL_KEY = re.compile(r"[1-9][0-9]{0,4}")


@dataclass
class HighScore:
    """One entry of a high-score table."""

    score: int
    game: str
    date: str  # ISO date, 2026-11-22
    moves: int
    seconds: float


@dataclass
class LevelRecord:
    """The best a player did on one level."""

    stars: int = 0
    best_score: int | None = None
    best_moves: int | None = None
    best_seconds: float | None = None


@dataclass
class RuleProgress:
    """One rule set's progress."""

    unlocked: int = 1
    levels: dict[int, LevelRecord] = field(default_factory=dict)
    scores: list[HighScore] = field(default_factory=list)
    level_scores: dict[int, list[HighScore]] = field(default_factory=dict)
    daily: list[str] = field(default_factory=list)  # ISO dates, oldest first


class Progress:
    """Level progress, high scores and daily results of every rule set."""

    def __init__(self) -> None:
        self.rules: dict[str, RuleProgress] = {r: RuleProgress() for r in RULE_IDS}

    def _of(self, rules: str) -> RuleProgress:
        try:
            return self.rules[rules]
        except KeyError:
            raise ValueError(f"unknown rule set {rules!r} (one of: {', '.join(RULE_IDS)})") from None

    def unlocked(self, rules: str) -> int:
        """The highest playable level number (at least 1)."""
        return self._of(rules).unlocked

    def stars(self, rules: str, level: int) -> int:
        """The most stars earned on a level (0 when it was never won)."""
        record = self._of(rules).levels.get(level)
        return record.stars if record else 0

    def best_score(self, rules: str, level: int) -> int | None:
        """The best score of a won level, None when it was never won."""
        record = self._of(rules).levels.get(level)
        return record.best_score if record else None

    def level_record(self, rules: str, level: int) -> LevelRecord:
        """Everything kept about a level (a fresh record when it was never won)."""
        return self._of(rules).levels.get(level) or LevelRecord()

    def record_level_win(self, rules: str, level: int, stars: int, score: int, moves: int,
                         seconds: float, game: str) -> bool:
        """Count a won level: keep the best stars, score, moves and time, and unlock the next
        level when this was the highest playable one. True when a level was unlocked.

        ``game`` is the level's game number; it is kept in the level's high-score table by
        :meth:`add_score`, not here. Raises ValueError for a locked or invalid level.
        """
        del game
        progress = self._playable(rules, level)
        if not 1 <= stars <= 3:
            raise ValueError(f"a won level earns 1 to 3 stars, not {stars}")
        score, moves, seconds = within_score(score), _moves(moves), _within_time(seconds)
        record = progress.levels.setdefault(level, LevelRecord())
        record.stars = max(record.stars, stars)
        record.best_score = score if record.best_score is None else max(record.best_score, score)
        record.best_moves = moves if record.best_moves is None else min(record.best_moves, moves)
        record.best_seconds = seconds if record.best_seconds is None else min(record.best_seconds, seconds)
        return self._unlock_after(progress, level)

    def record_level_won_with_help(self, rules: str, level: int) -> bool:
        """Count a level won with help that still lets the campaign go on (the way the
        analysis of its lost game showed, played by hand): no stars, score, moves or time
        are kept, but the next level is unlocked when this was the highest playable one.
        True when a level was unlocked. Raises ValueError for a locked or invalid level."""
        return self._unlock_after(self._playable(rules, level), level)

    def _playable(self, rules: str, level: int) -> RuleProgress:
        """The rule set's progress, where ``level`` can be played (else ValueError)."""
        progress = self._of(rules)
        if not 1 <= level <= min(progress.unlocked, MAX_LEVEL):
            raise ValueError(f"level {level} of {rules} is not playable yet "
                             f"(levels 1–{progress.unlocked} are)")
        return progress

    @staticmethod
    def _unlock_after(progress: RuleProgress, level: int) -> bool:
        """Unlock the level after ``level`` if that was the highest playable one."""
        if level == progress.unlocked and level < MAX_LEVEL:
            progress.unlocked = level + 1
            return True
        return False

    def high_scores(self, rules: str, level: int | None = None) -> list[HighScore]:
        """The high-score table of a rule set (or of one of its levels): best first, at most 10."""
        progress = self._of(rules)
        table = progress.scores if level is None else progress.level_scores.get(level, [])
        return list(table)

    def add_score(self, rules: str, entry: HighScore, level: int | None = None) -> int | None:
        """Put a won game's score into the table; its rank (1–10), or None when it is not
        good enough for the table.

        The same win is never entered twice: an entry equal to one already in the table
        (same score, game, date, moves and seconds — a win recorded again after the
        program was killed before it counted the game) keeps the rank it has. A score,
        moves or time beyond what the file holds is entered at that bound. Raises
        ValueError for a level number the file cannot hold.
        """
        progress = self._of(rules)
        if level is not None and not 1 <= level <= MAX_LEVEL:
            raise ValueError(f"level {level} has no high-score table (levels are 1–{MAX_LEVEL:,})")
        entry = HighScore(score=within_score(entry.score), game=entry.game, date=entry.date,
                          moves=_moves(entry.moves), seconds=_within_time(entry.seconds))
        table = progress.scores if level is None else progress.level_scores.setdefault(level, [])
        if entry in table:
            return table.index(entry) + 1
        rank = _place(table, entry.score)
        if rank is None:
            return None
        table.insert(rank - 1, entry)
        del table[TABLE_SIZE:]
        return rank

    def rank_of(self, rules: str, score: int) -> int | None:
        """Where ``score`` would enter the rule set's high-score table now (1–10), or None
        when it is not good enough; the table is not changed."""
        return _place(self._of(rules).scores, within_score(score))

    def daily_won(self, rules: str, day: datetime.date) -> bool:
        """Whether the daily deal of ``day`` was won."""
        return day.isoformat() in self._of(rules).daily

    def record_daily_win(self, rules: str, day: datetime.date) -> None:
        """Count the daily deal of ``day`` as won."""
        daily = self._of(rules).daily
        text = day.isoformat()
        if text not in daily:
            daily.append(text)
            daily.sort()
            del daily[:-DAILY_KEPT]


def load_progress(store: Store) -> Progress:
    """The progress on disk; empty progress when there is none, or when the file is damaged
    (it is then moved aside with a warning)."""
    document = store.read_json(PROGRESS_FILE, PROGRESS_KIND, PROGRESS_VERSION, PROGRESS_MIGRATIONS)
    progress = Progress()
    if document is None:
        return progress
    try:
        by_rules = document.get("rules", {})
        if not isinstance(by_rules, dict):
            raise ValueError("'rules' is not an object")
        for rules, raw in by_rules.items():
            if rules not in progress.rules:
                raise ValueError(f"unknown rule set {rules!r}")
            progress.rules[rules] = _rule_progress_from_json(raw, rules)
    except ValueError as err:
        store.set_aside(PROGRESS_FILE, f"{err}; level progress and high scores start again")
        return Progress()
    return progress


def save_progress(store: Store, progress: Progress) -> bool:
    """Write the progress atomically; False (with a warning) when that failed.

    The data is checked as :func:`load_progress` will check it before it is written, so a
    file the program would refuse (and move aside, with every level and score in it) is
    never written: the previous file is kept instead, with a warning.
    """
    data = {"rules": {rules: _rule_progress_to_json(p) for rules, p in progress.rules.items()}}
    try:
        for rules, raw in data["rules"].items():
            _rule_progress_from_json(raw, rules)
    except ValueError as err:
        store.warn(f"the level progress was not saved: {err}")
        return False
    try:
        store.write_json(PROGRESS_FILE, PROGRESS_KIND, PROGRESS_VERSION, data)
    except SaveError as err:
        store.warn(f"the level progress was not saved: {err}")
        return False
    return True


def _rule_progress_to_json(p: RuleProgress) -> dict[str, Any]:
    return {
        "unlocked": p.unlocked,
        "levels": {str(n): asdict(r) for n, r in sorted(p.levels.items())},
        "scores": [asdict(e) for e in p.scores],
        "level_scores": {str(n): [asdict(e) for e in t] for n, t in sorted(p.level_scores.items())},
        "daily": list(p.daily),
    }


def _rule_progress_from_json(raw: Any, rules: str) -> RuleProgress:
    if not isinstance(raw, dict):
        raise ValueError(f"{rules}: not an object")
    unknown = set(raw) - {"unlocked", "levels", "scores", "level_scores", "daily"}
    if unknown:
        raise ValueError(f"{rules}: unknown field {sorted(unknown)[0]!r}")
    progress = RuleProgress(unlocked=_count(raw.get("unlocked", 1), f"{rules}.unlocked", 1, MAX_LEVEL))
    levels = _object(raw.get("levels", {}), f"{rules}.levels")
    for key, value in levels.items():
        number = _level_key(key, f"{rules}.levels")
        if number > progress.unlocked:
            raise ValueError(f"{rules}.levels: level {number} was won but is not unlocked")
        progress.levels[number] = _level_record(value, f"{rules}.levels.{key}")
    progress.scores = _table(raw.get("scores", []), f"{rules}.scores")
    for key, value in _object(raw.get("level_scores", {}), f"{rules}.level_scores").items():
        progress.level_scores[_level_key(key, f"{rules}.level_scores")] = _table(
            value, f"{rules}.level_scores.{key}")
    daily = raw.get("daily", [])
    if not isinstance(daily, list) or len(daily) > DAILY_KEPT:
        raise ValueError(f"{rules}.daily: not a list of at most {DAILY_KEPT} dates")
    for day in daily:
        _date(day, f"{rules}.daily")
    progress.daily = sorted(set(daily))
    return progress


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: not an object")
    return value


def _level_key(key: str, where: str) -> int:
    """A level number as the program writes it (``"12"``): ASCII digits, no leading zero."""
    if not _LEVEL_KEY.fullmatch(key) or not 1 <= int(key) <= MAX_LEVEL:
        raise ValueError(f"{where}: {key!r} is not a level number")
    return int(key)


def _count(value: Any, where: str, low: int = 0, high: int = _MAX_MOVES) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{where}: not a whole number from {low} to {high}")
    return value


def _moves(moves: int) -> int:
    return max(0, min(moves, _MAX_MOVES))


def _within_time(seconds: float) -> float:
    return max(0.0, min(seconds, float(MAX_SECONDS))) if math.isfinite(seconds) else float(MAX_SECONDS)


def _seconds(value: Any, where: str) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise ValueError(f"{where}: not a time in seconds")
    return float(value)


def _date(value: Any, where: str) -> str:
    if not is_date(value):
        raise ValueError(f"{where}: {value!r} is not a date like 2026-11-22")
    return str(value)


def _level_record(raw: Any, where: str) -> LevelRecord:
    raw = _object(raw, where)
    unknown = set(raw) - set(LevelRecord.__dataclass_fields__)
    if unknown:
        raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    record = LevelRecord(stars=_count(raw.get("stars", 0), f"{where}.stars", 0, 3))
    if raw.get("best_score") is not None:
        record.best_score = _count(raw["best_score"], f"{where}.best_score", -MAX_SCORE, MAX_SCORE)
    if raw.get("best_moves") is not None:
        record.best_moves = _count(raw["best_moves"], f"{where}.best_moves")
    if raw.get("best_seconds") is not None:
        record.best_seconds = _seconds(raw["best_seconds"], f"{where}.best_seconds")
    return record


def _table(raw: Any, where: str) -> list[HighScore]:
    if not isinstance(raw, list) or len(raw) > TABLE_SIZE:
        raise ValueError(f"{where}: not a list of at most {TABLE_SIZE} scores")
    table = []
    for i, item in enumerate(raw):
        entry_where = f"{where}[{i}]"
        item = _object(item, entry_where)
        if set(item) != set(HighScore.__dataclass_fields__):
            raise ValueError(f"{entry_where}: a score needs exactly score, game, date, moves, seconds")
        game = item["game"]
        if not is_game_number(game):
            raise ValueError(f"{entry_where}.game: not a game number")
        table.append(HighScore(score=_count(item["score"], f"{entry_where}.score", -MAX_SCORE, MAX_SCORE),
                               game=game, date=_date(item["date"], f"{entry_where}.date"),
                               moves=_count(item["moves"], f"{entry_where}.moves"),
                               seconds=_seconds(item["seconds"], f"{entry_where}.seconds")))
    if any(a.score < b.score for a, b in itertools.pairwise(table)):
        raise ValueError(f"{where}: the scores are not best first")
    return table


def _place(table: list[HighScore], score: int) -> int | None:
    """The rank (1–:data:`TABLE_SIZE`) a new ``score`` takes in ``table``, after the
    equal scores already there; None when it falls off the table."""
    rank = next((i for i, e in enumerate(table) if score > e.score), len(table))
    return rank + 1 if rank < TABLE_SIZE else None
