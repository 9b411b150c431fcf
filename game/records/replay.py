"""Replays: a game as text a person can read, edit and share, checked move by move.

A replay is a header (rule set, game number, program version, result…), then the moves in
the notation of docs/rules.md with the play time of each, then ``end``::

    # British patience replay
    version: 1
    program: 0.1.0
    rules: constitution
    game: 123456
    started: 2026-11-22T03:15:00Z
    time: 754.2
    result: won
    hints: 2
    undos: 5
    moves:
    1 r2c1-r1c8 0.8
    2 r3c4-r2c1 2.1
    end

Only the line of play that led to the end is written (undone moves are not); ``hints``
and ``undos`` count what the player used. :func:`parse_replay` refuses anything it cannot
vouch for with :class:`ReplayError` ``line N: reason`` and never returns half a replay.

:class:`~game.records.recorder.Recorder` records a game as it is played;
:class:`~game.records.recorder.ReplayPlayer` plays a replay forward and back.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import NamedTuple

from .. import __version__
from ..engine import (
    Game,
    GameNumberError,
    IllegalMove,
    UnknownRulesError,
    new_game,
    parse_game_number,
    rules_class,
)
from .store import FileRefused, decode_text, printable, read_limited_text, too_big

REPLAY_VERSION = 1
MAX_REPLAY_BYTES = 1_000_000
MAX_MOVES = 50_000
#: no time (a move's, or the game's) may exceed this many seconds of play (115 days)
MAX_SECONDS = 10_000_000
#: hints and undos are counted up to this
MAX_COUNT = 999_999_999
MAX_LINE = 200
TITLE_LINE = "# British patience replay"

WON, LOST, ABANDONED, IN_PROGRESS = "won", "lost", "abandoned", "in progress"
RESULTS = (WON, LOST, ABANDONED, IN_PROGRESS)

_HEADER_KEYS = ("version", "program", "rules", "game", "started", "time", "result", "hints", "undos")
_HEADER_LINE = re.compile(r"([a-z]+)\s*:\s*(.*)")
_MOVE_LINE = re.compile(r"(\S+)\s+(\S+)(?:\s+(\S+))?")
_NUMBER = re.compile(r"[0-9]{1,9}")
_SECONDS = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,3})?")
_STARTED = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: what a summary looks for: the end of the header, then the ``end`` line and the lines that
#: do not begin with a digit (each pattern begins with a line end, which is found fast)
_MOVES_LINE = re.compile(r"^[ \t]*moves:", re.MULTILINE)
_END_LINE = re.compile(r"\n[ \t]*end[ \t]*\r?(?=\n|\Z)")
_OTHER_LINE = re.compile(r"\n(?![0-9])")
#: the longest canonical game number: ``ms`` and the digits of the largest ms number
_GAME_NUMBER_CHARS = 24
_PROGRAM = re.compile(r"[A-Za-z0-9.+_-]{1,40}")
#: refused anywhere in a line: C0 controls but the tab, DEL, C1 controls, the Unicode line
#: and paragraph separators, a byte-order mark after the start, and lone surrogates
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]")


class ReplayError(ValueError):
    """A replay that cannot be loaded; the message is ``line N: reason`` (or the reason).

    The reason is made :func:`~game.records.store.printable`: it may quote the file (a bad
    move token, say), and it is printed on a terminal and drawn on the screen.
    """

    def __init__(self, reason: str, line: int | None = None, *, newer: bool = False) -> None:
        reason = printable(reason)
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.line = line
        self.reason = reason
        #: a newer version of the game wrote the replay: it is not damaged, only unknown here
        self.newer = newer


class ReplayMove(NamedTuple):
    """One move of the line of play, in notation, and its time in seconds of play."""

    text: str
    seconds: float


@dataclass(frozen=True)
class Replay:
    """A whole game: the deal, the moves that were played and how it ended.

    ``seconds`` is the play time of the whole game (it keeps running after the last move
    until the game ends or is saved); each move's ``seconds`` is its time since the start.
    ``started`` is the UTC start as ISO 8601 (``""`` when unknown).
    """

    rules: str
    game: str
    moves: tuple[ReplayMove, ...] = ()
    result: str = IN_PROGRESS
    seconds: float = 0.0
    hints: int = 0
    undos: int = 0
    started: str = ""
    program: str = __version__

    @property
    def title(self) -> str:
        """The rule set's name as shown to the player."""
        return rules_class(self.rules).title

    @property
    def move_texts(self) -> list[str]:
        """The moves in notation."""
        return [m.text for m in self.moves]

    @property
    def begun(self) -> bool:
        """A move was played in the game, even if every one was undone since: its line of
        play has a move, or a move was taken back. Given up, a begun game counts as
        abandoned; one never begun is not counted (see :attr:`PlaySession.begun
        <game.session.session.PlaySession.begun>`, the same for a game being played)."""
        return bool(self.moves) or self.undos > 0

    @property
    def clean(self) -> bool:
        """No hint and no undo was used."""
        return self.hints == 0 and self.undos == 0

    def opening(self) -> Game:
        """The deal, before any move."""
        return new_game(self.rules, self.game)

    def play_out(self) -> Game:
        """The game after every move (with its history, so each move can be undone)."""
        game = self.opening()
        game.play_all(self.move_texts)
        return game

    def with_result(self, result: str) -> Replay:
        """The same game with another result (e.g. ``abandoned`` when the player gives up)."""
        if result not in RESULTS:
            raise ValueError(f"unknown result {result!r}: one of {', '.join(RESULTS)}")
        return dataclasses.replace(self, result=result)

    def describe(self) -> str:
        """One line for a list: ``British Constitution #123456 — won, 143 moves, 12:34``."""
        return (f"{self.title} #{self.game} — {self.result}, {len(self.moves)} moves, "
                f"{format_seconds(self.seconds)}")

    def to_text(self) -> str:
        """The replay file's text (see the module docstring and docs/replay-format.md)."""
        lines = [
            TITLE_LINE,
            f"version: {REPLAY_VERSION}",
        ]
        if self.program:
            lines.append(f"program: {self.program}")
        lines += [f"rules: {self.rules}", f"game: {self.game}"]
        if self.started:
            lines.append(f"started: {self.started}")
        lines += [
            f"time: {_seconds_text(self.seconds)}",
            f"result: {self.result}",
            f"hints: {self.hints}",
            f"undos: {self.undos}",
            "moves:",
        ]
        lines += [f"{n} {m.text} {_seconds_text(m.seconds)}" for n, m in enumerate(self.moves, 1)]
        lines.append("end")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ReplaySummary:
    """What a list of replay files shows, read without playing the moves: the header's
    rule set, game, result and start, the number of move lines and the play time.

    Only the header is checked (as :func:`parse_replay` checks it); the moves are counted,
    not played, so :func:`load_replay` may still refuse the file (a move that breaks the
    rules, a result the moves do not reach). ``result`` is None when the header gives none
    (it is then what the moves reach, known only once they are played).
    """

    rules: str
    game: str
    result: str | None
    started: str
    moves: int
    seconds: float

    @property
    def title(self) -> str:
        """The rule set's name as shown to the player."""
        return rules_class(self.rules).title


#: seconds in a day: from a day on, a time is said in days and hours, not on a clock
DAY = 86_400


def format_seconds(seconds: float) -> str:
    """Play time as a clock: ``0:07``, ``12:34``, ``1:02:03``; from a day on, in days and
    hours (``115 d 17 h``), as no one reads a clock of thousands of hours."""
    if seconds >= DAY:
        return format_duration(seconds)
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_duration(seconds: float) -> str:
    """A length of time in words, to the two largest units: ``7 s``, ``2 min 5 s``,
    ``3 h 20 min``, ``1 d 4 h``, ``115 d 17 h`` (whole units, rounded down). Days
    are ``d``, so a time of days is no wider than its clock was and fits where it did."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, DAY)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min {secs} s"
    return f"{secs} s"


def _seconds_text(seconds: float) -> str:
    """Seconds as written in a file: at least one decimal, at most three (what is read back)."""
    text = f"{seconds:.3f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def result_of(game: Game) -> str:
    """``won``, ``lost`` (no legal move left) or ``in progress`` for a position."""
    if game.is_won():
        return WON
    if game.is_lost():
        return LOST
    return IN_PROGRESS


def paced_replay(rules: str, game: str, texts: Sequence[str], *, result: str = IN_PROGRESS,
                 pace: float = 1.0) -> Replay:
    """A replay of the moves ``texts`` (notation) of deal ``game`` of ``rules`` that no
    clock timed (a line the analysis found, moves given on the command line): one move
    every ``pace`` seconds, made up."""
    moves = tuple(ReplayMove(text, round(pace * n, 1)) for n, text in enumerate(texts, 1))
    return Replay(rules=rules, game=game, moves=moves, result=result,
                  seconds=moves[-1].seconds if moves else 0.0)


# ----- reading ----------------------------------------------------------------------------


def load_replay(path: Path | str) -> Replay:
    """Read and check a replay file; raises ReplayError (never half a replay).

    The file must be a regular UTF-8 file of at most MAX_REPLAY_BYTES (checked before it
    is read).
    """
    try:
        text = read_limited_text(Path(path), MAX_REPLAY_BYTES)
    except FileNotFoundError:
        raise ReplayError("there is no such file") from None
    except FileRefused as err:
        raise ReplayError(str(err)) from None
    return parse_replay(text)


def summarize_replay(path: Path | str) -> ReplaySummary:
    """The :class:`ReplaySummary` of a replay file, without playing its moves; raises
    ReplayError for a file that cannot be read or whose header is wrong.

    It costs the reading of the file and a look at each line, whatever the number of
    moves, so a list of many long replays is quick to show.
    """
    try:
        text = read_limited_text(Path(path), MAX_REPLAY_BYTES)
    except FileNotFoundError:
        raise ReplayError("there is no such file") from None
    except FileRefused as err:
        raise ReplayError(str(err)) from None
    return summarize_replay_text(text)


def summarize_replay_text(text: str) -> ReplaySummary:
    """:func:`summarize_replay` for a replay's text already read; raises ReplayError."""
    return _Parser(text).summarize()


def parse_replay_bytes(data: bytes) -> Replay:
    """:func:`parse_replay` for the bytes of a file (UTF-8); raises ReplayError."""
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(too_big(len(data), MAX_REPLAY_BYTES))
    try:
        text = decode_text(data)
    except FileRefused as err:
        raise ReplayError(str(err)) from None
    return parse_replay(text)


def parse_replay(text: str) -> Replay:
    """The replay a text describes, every move checked in turn against the rules.

    Raises ReplayError naming the line and the reason for anything wrong: an unknown or
    repeated header, a bad rule set, game number, version, count or time, a move that is
    not legal in its turn (``line 14: r2c3-r1c5: 7H cannot go on 9S …``), a result the
    moves do not reach, a file cut short (no ``end`` line).
    """
    return _Parser(text).parse()


class _Parser:
    """One reading of a replay text, line by line."""

    def __init__(self, text: str) -> None:
        if len(text) > MAX_REPLAY_BYTES:
            raise ReplayError(too_big(len(text), MAX_REPLAY_BYTES, "characters"))
        self.text = text.removeprefix("\ufeff")
        self.header: dict[str, tuple[str, int]] = {}

    @functools.cached_property
    def lines(self) -> list[str]:
        """The lines of the text (a last empty one, after the final line end, left out)."""
        return _split_lines(self.text)

    def _cut_in_line(self) -> bool:
        """The last line has no line end: if there is no 'end' either, the file was cut in
        the middle of that line."""
        last = self.text[self.text.rfind("\n") + 1:].rstrip("\r")
        return last != "" and "\r" not in last and not any(line.strip() == "end" for line in self.lines)

    def _begun_as_replay(self) -> bool:
        """Whether the text began as a replay does: a header line was read, or the last
        line is the beginning of the first (``versi``). A line of text that is not a
        replay at all (``hello``, ``{"a": 1}``) is not one "cut short in the middle"."""
        first = f"version: {REPLAY_VERSION}"
        return bool(self.header) or first.startswith(" ".join(self.lines[-1].split()).lower())

    def parse(self) -> Replay:
        """The replay, or ReplayError for the first problem (a line cut in half says so)."""
        try:
            return self._parse()
        except ReplayError as err:
            if (err.line == len(self.lines) and "cut short" not in err.reason and self._cut_in_line()
                    and self._begun_as_replay()):
                raise ReplayError(f"the file was cut short in the middle of this line ({err.reason})",
                                  err.line, newer=err.newer) from None
            raise

    def summarize(self) -> ReplaySummary:
        """The header, checked, and the move lines counted (see :class:`ReplaySummary`).

        Only the header is split into lines; after ``moves:`` the text is searched by
        regular expressions, so even the longest replay is summed up in a few milliseconds.
        """
        found = _MOVES_LINE.search(self.text)
        if found is None:
            lines = self.lines
        else:
            line_end = self.text.find("\n", found.end())
            lines = _split_lines(self.text[: line_end if line_end != -1 else len(self.text)])
        body = _Lines(lines)
        self._read_header(body, len(lines))
        start = sum(len(line) + 1 for line in lines[: body.position]) - 1  # the "\n" of 'moves:'
        end = _END_LINE.search(self.text, max(start, 0))
        stop = end.start() if end else len(self.text)
        moves = self._count_move_lines(max(start, 0), stop)
        header = {key: value for key, (value, _) in self.header.items()}
        seconds = 0.0
        if "time" in header:
            seconds = float(header["time"])
        elif moves:
            last = self.text[self.text.rfind("\n", start, stop) + 1:stop].split()
            if len(last) == 3 and _SECONDS.fullmatch(last[2]):
                seconds = float(last[2])
        return ReplaySummary(rules=header["rules"], game=header["game"], result=header.get("result"),
                             started=header.get("started", ""), moves=moves, seconds=seconds)

    def _count_move_lines(self, start: int, stop: int) -> int:
        """How many lines after the line end at ``start`` (up to ``stop``) begin with a
        digit, maybe after spaces: every line, less the few others (comments, blanks)."""
        text = self.text
        count = text.count("\n", start, stop)
        for other in _OTHER_LINE.finditer(text, start, stop):
            end = text.find("\n", other.end(), stop)
            if not "0" <= text[other.end():end if end != -1 else stop].lstrip(" \t")[:1] <= "9":
                count -= 1
        return count

    def _read_header(self, body: _Lines, count: int) -> None:
        """Check the header lines, up to and with ``moves:`` (``count`` lines in all)."""
        number = 0
        for number, line in body:
            if line.startswith("moves:"):
                if line != "moves:":
                    raise ReplayError("write 'moves:' alone on its line", number)
                break
            self._header_line(number, line)
        else:
            if not self.text.strip():
                raise ReplayError("the file is empty: it holds no replay (cut short, or never written)", 1)
            raise ReplayError("the file ends before its 'moves:' line (it was cut short)", max(count, 1))
        for key in ("version", "rules", "game"):
            if key not in self.header:
                raise ReplayError(f"the header has no '{key}:' line", number)

    def _parse(self) -> Replay:
        body = _Lines(self.lines)
        self._read_header(body, len(self.lines))
        game = self._new_game()
        moves: list[ReplayMove] = []
        last_time = 0.0
        for number, line in body:
            if line == "end":
                break
            if len(moves) >= MAX_MOVES:
                raise ReplayError(f"more than {MAX_MOVES} moves", number)
            move = self._move_line(number, line, game, len(moves) + 1, last_time)
            moves.append(move)
            last_time = move.seconds
        else:
            raise ReplayError("the file ends before its 'end' line (it was cut short)", len(self.lines))
        for number, line in body:
            raise ReplayError(f"nothing may follow 'end' (found {_quote(line)})", number)
        return self._replay(game, moves, last_time)

    def _header_line(self, number: int, line: str) -> None:
        match = _HEADER_LINE.fullmatch(line)
        if not match:
            if not self.header:
                raise ReplayError(f"a replay begins with 'version: {REPLAY_VERSION}' "
                                  f"(found {_quote(line)})", number)
            raise ReplayError(f"not a header line 'name: value' (found {_quote(line)})", number)
        key, value = match.group(1), match.group(2).strip()
        if not self.header and key != "version":
            raise ReplayError(f"a replay begins with 'version: {REPLAY_VERSION}' (found {_quote(line)})",
                              number)
        if key == "moves":
            raise ReplayError("write 'moves:' alone on its line, with no space before the colon", number)
        if key not in _HEADER_KEYS:
            raise ReplayError(f"unknown header {key!r} (known: {', '.join(_HEADER_KEYS)})", number)
        if key in self.header:
            raise ReplayError(f"'{key}:' is given twice (first on line {self.header[key][1]})", number)
        if key == "version":
            self._check_version(value, number)
        elif key == "rules":
            value = self._check_rules(value, number)
        elif key == "game":
            value = self._check_game(value, number)
        else:
            self._check_value(key, value, number)
        self.header[key] = (value, number)

    @staticmethod
    def _check_version(value: str, number: int) -> None:
        digits = value.lstrip("0")
        if not (value.isascii() and value.isdigit()) or not digits:
            raise ReplayError(f"the version must be a whole number from 1 (found {_quote(value)})", number)
        if len(digits) > 9 or int(digits) > REPLAY_VERSION:  # (a number of any length is a version)
            said = digits if len(digits) <= 20 else digits[:20] + "…"
            raise ReplayError(f"replay version {said} is newer than this program reads "
                              f"(up to {REPLAY_VERSION}); a newer version of the game wrote it",
                              number, newer=True)

    @staticmethod
    def _check_rules(value: str, number: int) -> str:
        try:
            return rules_class(value).rules
        except UnknownRulesError as err:
            raise ReplayError(str(err), number) from None

    @staticmethod
    def _check_game(value: str, number: int) -> str:
        if len(value) > 40:
            raise ReplayError("the game number is far too long (at most 20 digits)", number)
        try:
            return parse_game_number(value)
        except GameNumberError as err:
            raise ReplayError(str(err), number) from None

    @staticmethod
    def _check_value(key: str, value: str, number: int) -> None:
        if key == "time":
            _read_seconds(value, number, "the game's time")
        elif key == "result" and value not in RESULTS:
            raise ReplayError(f"unknown result {_quote(value)} (one of: {', '.join(RESULTS)})", number)
        elif key in ("hints", "undos") and not _NUMBER.fullmatch(value):
            raise ReplayError(f"'{key}:' must be a whole number from 0 to {MAX_COUNT} "
                              f"(found {_quote(value)})", number)
        elif key == "started" and not is_utc_time(value):
            raise ReplayError(f"'started:' must be a UTC time like 2026-11-22T03:15:00Z "
                              f"(found {_quote(value)})", number)
        elif key == "program" and not _PROGRAM.fullmatch(value):
            raise ReplayError(f"'program:' must be a version like {__version__} "
                              f"(found {_quote(value)})", number)

    def _new_game(self) -> Game:
        return rules_class(self.header["rules"][0]).deal(self.header["game"][0])

    @staticmethod
    def _move_line(number: int, line: str, game: Game, expected: int, last_time: float) -> ReplayMove:
        match = _MOVE_LINE.fullmatch(line)
        if not match:
            example = f"{game.places[game.tableau[0]].name}-{game.places[game.foundations[0]].name}"
            raise ReplayError(f"a move line is 'NUMBER MOVE TIME', like '{expected} {example} 12.5' "
                              f"(found {_quote(line)})", number)
        count, text, seconds_text = match.groups()
        if not _NUMBER.fullmatch(count) or int(count) != expected:
            raise ReplayError(f"move number {_quote(count)} where {expected} was expected", number)
        try:
            move = game.parse_move(text)
            game.play(move)
        except IllegalMove as err:
            raise ReplayError(str(err), number) from None
        text = game.move_text(move)
        if seconds_text is None:
            return ReplayMove(text, last_time)
        seconds = _read_seconds(seconds_text, number, "the move's time")
        if seconds < last_time:
            raise ReplayError(f"the time {seconds_text} is earlier than the move before "
                              f"({_seconds_text(last_time)})", number)
        return ReplayMove(text, seconds)

    def _replay(self, game: Game, moves: list[ReplayMove], last_time: float) -> Replay:
        """The replay, once the result and the game's time agree with the moves."""
        header = {key: value for key, (value, _) in self.header.items()}
        seconds = last_time
        if "time" in self.header:
            value, line = self.header["time"]
            seconds = float(value)
            if seconds < last_time:
                raise ReplayError(f"the game's time {value} is less than the last move's "
                                  f"({_seconds_text(last_time)})", line)
        reached = result_of(game)
        result = reached
        if "result" in self.header:
            result, line = self.header["result"]
            if result == WON and reached != WON:
                raise ReplayError("the result says won, but the moves do not win the game", line)
            if result == LOST and reached == WON:
                raise ReplayError("the result says lost, but the moves win the game", line)
            if result == LOST and reached != LOST:
                raise ReplayError("the result says lost, but legal moves remain after the last move", line)
            if result in (ABANDONED, IN_PROGRESS) and reached == WON:
                raise ReplayError(f"the result says {result}, but the moves win the game", line)
        return Replay(rules=game.rules, game=game.game, moves=tuple(moves), result=result, seconds=seconds,
                      hints=int(header.get("hints", "0")), undos=int(header.get("undos", "0")),
                      started=header.get("started", ""), program=header.get("program", ""))


class _Lines:
    """The meaningful lines of a text with their numbers: comments and blanks skipped,
    control characters and over-long lines refused. One iterator shared by every phase."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = lines
        self._next = 0

    @property
    def position(self) -> int:
        """The index of the next line to read."""
        return self._next

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> tuple[int, str]:
        while self._next < len(self._lines):
            number = self._next + 1
            line = self._lines[self._next]
            line = line[:-1] if line.endswith("\r") else line  # one CR of a CR LF, never two
            self._next += 1
            if "\r" in line:
                raise ReplayError("a carriage return alone ends a line here; lines must end with "
                                  "\\n or \\r\\n", number)
            if len(line) > MAX_LINE:
                raise ReplayError(f"the line is longer than {MAX_LINE} characters", number)
            bad = _CONTROL.search(line)
            if bad:
                if bad.group() == "\ufeff":
                    raise ReplayError("a byte-order mark (U+FEFF) may only begin the file, once", number)
                raise ReplayError(f"a control character (U+{ord(bad.group()):04X}) is not allowed", number)
            line = line.strip()
            if line and not line.startswith("#"):
                return number, line
        raise StopIteration


def _split_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _read_seconds(text: str, line: int, what: str) -> float:
    if not _SECONDS.fullmatch(text) or float(text) > MAX_SECONDS:
        raise ReplayError(f"{what} must be a number of seconds from 0 to {MAX_SECONDS}, like 12.5 "
                          f"(found {_quote(text)})", line)
    return float(text)


def is_utc_time(text: object) -> bool:
    """Whether ``text`` is a UTC time exactly as the program writes one:
    ``2026-11-22T03:15:00Z`` (a real date and time)."""
    if not isinstance(text, str) or not _STARTED.fullmatch(text):
        return False
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return False
    return True


def is_date(text: object) -> bool:
    """Whether ``text`` is a calendar date exactly as the program writes one: ``2026-11-22``."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def is_game_number(text: object) -> bool:
    """Whether ``text`` is a game number exactly as the program writes one (``12345``,
    ``ms40000``): the canonical form :func:`~game.engine.parse_game_number` gives, and
    nothing else (no ``#``, spaces, leading zeros or other digits)."""
    if not isinstance(text, str) or not 0 < len(text) <= _GAME_NUMBER_CHARS or not text.isascii():
        return False
    try:
        return parse_game_number(text) == text
    except GameNumberError:
        return False


def _quote(text: str) -> str:
    """A piece of the file in quotes for a message: odd characters escaped, cut if long."""
    quoted = repr(text)
    return quoted if len(quoted) <= 44 else quoted[:40] + "…" + quoted[0]
