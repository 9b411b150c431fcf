"""The campaign files ``levels/<rules>.json``: their format, reading and writing.

A campaign file is JSON written by ``levels build`` (see ``docs/levels.md``)::

    {"kind": "levels", "version": 1, "rules": "constitution",
     "build": {...the build's arguments...},
     "searched": 3000,                        # game numbers 1..searched were tried
     "results": {"won": 2990, "lost": 0, "unknown": 10},
     "levels": [{"number": 1, "game": "17", "difficulty": 4.2,
                 "par_moves": 273, "par_seconds": 610,
                 "measured": {...what the difficulty and par were computed from...},
                 "solution": "r1c2-f5 r2c6-r1c2 ..."}, ...],   # easy -> hard
     "winnable": ["1", "2", "3", ...]}        # every number proved winnable

Reading checks everything (schema version, each field's type and range, levels numbered
1, 2, 3 … in order of difficulty, every level's game in ``winnable``) and raises
:class:`LevelsError` naming the file and the reason; nothing is ever half loaded.
"""

from __future__ import annotations

import itertools
import json
import math
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import PROGRAM, paths
from ..cache import BoundedCache
from ..engine import GameNumberError, parse_game_number, rules_class
from ..engine.echo import quoted, shown
from ..output import check_output, write_output
from ..records.progress import MAX_LEVEL
from ..records.store import FileRefused, json_problem, read_limited_text

LEVELS_KIND = "levels"
LEVELS_VERSION = 1
#: the folder of the campaign files the game ships with
LEVELS_DIR = paths.LEVELS
MAX_LEVELS_BYTES = 5_000_000
MAX_SOLUTION_MOVES = 20_000


class LevelsError(ValueError):
    """A campaign file that is missing or damaged: the message names the file and the reason."""


@dataclass(frozen=True)
class Level:
    """One level of a campaign: a deal proved winnable, with its par and difficulty."""

    rules: str  # rule set id
    number: int  # 1-based position in the campaign (1 = easiest)
    game: str  # PySolFC game number (canonical string)
    solution: list[str]  # a winning move list in docs/rules.md notation (the solver's)
    par_moves: int  # par: moves (see docs/levels.md for how it is measured)
    par_seconds: int  # par: seconds
    difficulty: float  # 0..100, higher = harder
    #: the measurements the difficulty and par come from (see :mod:`game.levels.build`)
    measured: Mapping[str, float | int | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Campaign:
    """A rule set's campaign: its levels, easy to hard, and every deal proved winnable."""

    rules: str
    levels: list[Level]  # ordered easy -> hard
    winnable: list[str]  # every game number proved winnable during the build
    searched: int  # how many game numbers the build tried
    results: Mapping[str, int] = field(default_factory=dict)  # the build's won/lost/unknown counts
    build: Mapping[str, Any] = field(default_factory=dict)  # the build's arguments


def campaign_path(rules: str, folder: Path | None = None) -> Path:
    """The file of a rule set's campaign; raises UnknownRulesError."""
    rules = rules_class(rules).rules
    return (LEVELS_DIR if folder is None else Path(folder)) / f"{rules}.json"


#: campaigns read, by (rule set, folder): the four of the game's folder and a few others
#: (a build's, a test's)
_cache: BoundedCache[tuple[str, Path], Campaign] = BoundedCache(16)


def load_campaign(rules: str, folder: Path | None = None) -> Campaign:
    """The campaign of ``rules`` from ``folder`` (default: the repository's ``levels/``).

    Cached per (rules, folder); :func:`clear_cache` forgets. Raises UnknownRulesError for
    an unknown rule set and LevelsError for a missing or damaged file.
    """
    path = campaign_path(rules, folder)
    key = (rules_class(rules).rules, path.resolve())
    return _cache.get_or_make(key, lambda: read_campaign(path, key[0]))


def clear_cache() -> None:
    """Forget every campaign read (after a build rewrote the files)."""
    _cache.clear()


def read_campaign(path: Path, rules: str) -> Campaign:
    """Read and check one campaign file of rule set ``rules``; raises LevelsError."""
    try:
        text = read_limited_text(path, MAX_LEVELS_BYTES)
    except FileNotFoundError:
        raise LevelsError(f"{shown(path)}: the file does not exist (make it with: {PROGRAM} levels build "
                          f"--rules {rules} --out {shown(shlex.quote(str(path.parent)))})") from None
    except FileRefused as err:
        raise LevelsError(f"{shown(path)}: {err}") from None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise LevelsError(f"{shown(path)}: {json_problem(err)}") from None
    try:
        return campaign_from_json(document, rules)
    except ValueError as err:
        raise LevelsError(f"{shown(path)}: {err}") from None


def campaign_from_json(document: Any, rules: str) -> Campaign:
    """A campaign from its JSON object; ValueError says what is wrong."""
    if not isinstance(document, dict):
        raise ValueError("it is not a JSON object")
    if document.get("kind") != LEVELS_KIND:
        raise ValueError(f"it is not a levels file (kind {_quoted(document.get('kind'))})")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise ValueError("it has no valid schema version")
    if version > LEVELS_VERSION:
        raise ValueError(f"it was written by a newer version of the game (schema {version}, "
                         f"this one reads up to {LEVELS_VERSION})")
    if document.get("rules") != rules:
        raise ValueError(f"it holds the levels of {_quoted(document.get('rules'))}, not of {rules!r}")
    searched = document.get("searched")
    if type(searched) is not int or searched < 0:
        raise ValueError("'searched' is not a count of game numbers")
    winnable = document.get("winnable")
    if not isinstance(winnable, list):
        raise ValueError("'winnable' is not a list of game numbers")
    for i, number in enumerate(winnable):
        _check_game(number, f"winnable[{i}]")
    if len(set(winnable)) != len(winnable):
        raise ValueError("'winnable' lists a game number twice")
    raw_levels = document.get("levels")
    if not isinstance(raw_levels, list):
        raise ValueError("'levels' is not a list")
    if len(raw_levels) > MAX_LEVEL:
        raise ValueError(f"'levels' holds {len(raw_levels):,} levels, more than the {MAX_LEVEL:,} "
                         "the level progress keeps")
    known = set(winnable)
    levels = [_level_from_json(raw, rules, i + 1, known) for i, raw in enumerate(raw_levels)]
    for before, after in itertools.pairwise(levels):
        if after.difficulty < before.difficulty:
            raise ValueError(f"level {after.number} is easier than level {before.number} "
                             "(levels go from easy to hard)")
    if len({lv.game for lv in levels}) != len(levels):
        raise ValueError("two levels have the same game number")
    results = document.get("results", {})
    if not isinstance(results, dict) or any(type(v) is not int or v < 0 for v in results.values()):
        raise ValueError("'results' is not an object of counts")
    build = document.get("build", {})
    if not isinstance(build, dict):
        raise ValueError("'build' is not an object")
    return Campaign(rules=rules, levels=levels, winnable=list(winnable), searched=searched,
                    results=dict(results), build=dict(build))


def _quoted(value: Any) -> str:
    """A value read from a campaign file, as a message quotes it: a string in quotes with
    its odd characters escaped, anything else as Python writes it, cut short either way."""
    return quoted(value) if isinstance(value, str) else shown(repr(value), limit=40)


def _check_game(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > 30:
        raise ValueError(f"{where}: not a game number")
    try:
        canonical = parse_game_number(value)
    except GameNumberError as err:
        raise ValueError(f"{where}: {err}") from None
    if canonical != value:
        raise ValueError(f"{where}: {value!r} is not written as the game number {canonical!r}")
    return value


def _level_from_json(raw: Any, rules: str, number: int, winnable: set[str]) -> Level:
    where = f"level {number}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: not an object")
    if raw.get("number") != number:
        raise ValueError(f"{where}: its number is {_quoted(raw.get('number'))} "
                         "(levels are numbered 1, 2, 3 … in order)")
    game = _check_game(raw.get("game"), f"{where}.game")
    if game not in winnable:
        raise ValueError(f"{where}: game {game} is not in the winnable list")
    solution = raw.get("solution")
    if not isinstance(solution, str) or not solution.split():
        raise ValueError(f"{where}.solution: not a list of moves (text, moves separated by spaces)")
    moves = solution.split()
    if len(moves) > MAX_SOLUTION_MOVES:
        raise ValueError(f"{where}.solution: more than {MAX_SOLUTION_MOVES} moves")
    par_moves = raw.get("par_moves")
    if type(par_moves) is not int or not 1 <= par_moves <= MAX_SOLUTION_MOVES:
        raise ValueError(f"{where}.par_moves: not a number of moves")
    par_seconds = raw.get("par_seconds")
    if type(par_seconds) is not int or not 1 <= par_seconds <= 10**7:
        raise ValueError(f"{where}.par_seconds: not a number of seconds")
    difficulty = raw.get("difficulty")
    if not isinstance(difficulty, (int, float)) or isinstance(difficulty, bool) or not (
            math.isfinite(difficulty) and 0 <= difficulty <= 100):
        raise ValueError(f"{where}.difficulty: not a number from 0 to 100")
    measured = raw.get("measured", {})
    if not isinstance(measured, dict) or any(
            v is not None and (type(v) not in (int, float) or not math.isfinite(v))
            for v in measured.values()):
        raise ValueError(f"{where}.measured: not an object of numbers")
    return Level(rules=rules, number=number, game=game, solution=moves, par_moves=par_moves,
                 par_seconds=par_seconds, difficulty=float(difficulty), measured=dict(measured))


def campaign_to_text(rules: str, *, build: Mapping[str, Any], searched: int, results: Mapping[str, int],
                     levels: list[dict[str, Any]], winnable: list[str]) -> str:
    """The text of a campaign file: the same input always gives the same bytes.

    ``levels`` are JSON objects as in the module docstring (``solution`` as one string).
    The winnable list is written compactly, several numbers a line.
    """
    marker = "@@WINNABLE@@"
    document = {"kind": LEVELS_KIND, "version": LEVELS_VERSION, "rules": rules, "build": dict(build),
                "searched": searched, "results": dict(results), "levels": levels, "winnable": marker}
    text = json.dumps(document, indent=1, ensure_ascii=False)
    lines = []
    line: list[str] = []
    for number in winnable:
        line.append(json.dumps(number))
        if len(line) == 16:
            lines.append(", ".join(line))
            line = []
    if line:
        lines.append(", ".join(line))
    compact = "[\n  " + ",\n  ".join(lines) + "\n ]" if lines else "[]"
    return text.replace(json.dumps(marker), compact) + "\n"


def write_campaign_text(path: Path, text: str, *, rescue: str | None = None) -> None:
    """Write a campaign file (see :mod:`game.output`: a regular file is replaced
    atomically) and forget cached campaigns; raises OutputError. ``rescue`` names the
    campaign when it took long to build: one that cannot be saved goes to standard
    output instead (see :func:`~game.output.write_output`)."""
    try:
        write_output(check_output(path, what="--out"), text.encode("utf-8"), rescue=rescue)
    finally:
        clear_cache()
