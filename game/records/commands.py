"""Command-line tools of the records: ``replay FILE [--check]`` and ``stats [RULES]``."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..console import counted, fail, is_terminal, warn
from ..engine.echo import shown

if TYPE_CHECKING:
    from ..engine.state import Game
    from .replay import Replay
    from .stats import RuleStats, Statistics

#: opens the replay viewer on a replay file with a data folder, until its window closes,
#: and returns the exit status: the command line hands it in, since the records never
#: import the window
ReplayViewer = Callable[[Path, "Path | None"], int]


#: the FILE that names standard input (a file of that name is ``./-``). The name is
#: compared as typed, never as a Path: ``Path("./-")`` is ``Path("-")``.
STDIN = "-"


def read_replay(name: str) -> Replay:
    """The replay in the file named ``name``, or on standard input for ``-`` exactly as
    typed (as in ``analyse - < FILE.replay``; ``./-`` is the file); raises ReplayError (a
    ValueError) for a file that is missing, damaged or of an unknown rule set, and for
    ``-`` when standard input is a terminal (where a read would wait for typing that never
    comes) or closed. At most one byte past the size limit is ever read."""
    from .replay import MAX_REPLAY_BYTES, ReplayError, load_replay, parse_replay_bytes

    if name == "":
        raise ReplayError("no file name given")
    if name != STDIN:
        return load_replay(name)
    stream = sys.stdin
    if stream is None or getattr(stream, "buffer", None) is None:
        raise ReplayError("standard input is closed: give the replay file's name")
    if is_terminal(stream):
        raise ReplayError("standard input is a terminal: pipe a replay in (- < FILE.replay) "
                          "or give the file's name")
    try:
        data = stream.buffer.read(MAX_REPLAY_BYTES + 1)
    except (OSError, ValueError) as err:
        raise ReplayError(f"standard input cannot be read: {err}") from None
    if not data.lstrip(b"\xef\xbb\xbf").strip():
        raise ReplayError("standard input is empty: pipe a replay in (- < FILE.replay)")
    if len(data) > MAX_REPLAY_BYTES:  # only one byte past the limit was read: its size is unknown
        raise ReplayError(f"it is more than the {MAX_REPLAY_BYTES:,} bytes allowed")
    return parse_replay_bytes(data)


def line_of_play(name: str) -> tuple[Game, list[str], str]:
    """A replay file as ``analyse`` reads it (``-``: standard input): the deal, the moves
    in notation and a heading (``British Constitution #3: lost, 43 moves``); raises
    ReplayError (a ValueError) for a file that is missing, damaged or of an unknown rule
    set."""
    replay = read_replay(name)
    heading = f"{replay.title} #{replay.game}: {replay.result}, {counted(len(replay.moves), 'move')}"
    return replay.opening(), replay.move_texts, heading


#: what ``--data-dir`` says of itself to a command that only reads the folder (``stats``,
#: ``screenshot``), which keeps nothing there
READS_DATA_DIR_HELP = ("the data folder to read the saves, replays, statistics and settings from "
                       "(default: the user data directory); nothing is written there")


def add_data_dir_argument(parser: argparse.ArgumentParser, *, reads_only: bool = False) -> None:
    """``--data-dir DIR``: where saves, replays, statistics and settings live (``reads_only``:
    a command that only reads them says so). The name is kept as typed (an empty one is not
    ``.``), for :func:`data_dir_path` to check."""
    parser.add_argument("--data-dir", default=None, metavar="DIR",
                        help=READS_DATA_DIR_HELP if reads_only else
                        "keep saves, replays, statistics and settings here "
                        "(default: the user data directory)")


def data_dir_path(typed: str | None) -> Path | None:
    """The folder ``--data-dir`` names, ``~`` and ``~user`` expanded; None for the default.

    Raises ValueError with a one-line message when the name cannot hold the game's files:
    an empty name (it would be taken as the current folder), ``~user`` of no known user, a
    path through a file, a name too long, a folder that may not be looked into. A folder
    that does not exist yet is fine: it is made when something is saved.
    """
    from ..output import reason

    if typed is None:
        return None
    what = f"--data-dir {shown(typed) if typed else repr(typed)}"
    if not typed:
        raise ValueError(f"{what}: no folder name given (write --data-dir . for the current folder)")
    expanded = os.path.expanduser(typed)
    if expanded.startswith("~"):
        home = re.split(r"[/\\]", typed, maxsplit=1)[0]
        known = f"there is no user {shown(home[1:])}" if home != "~" else "HOME is not set"
        raise ValueError(f"{what}: {shown(home)} names no home folder ({known})")
    path = Path(expanded)
    if path.parts and path.parts[0].startswith("~"):
        path = Path.cwd() / path  # a folder named ~x here (./~x), never user x's home
    for place in (path, *path.parents):
        try:
            if place.exists():
                if not place.is_dir():
                    raise ValueError(f"{what}: {shown(place)} is not a folder")
                return path
        except OSError as err:  # a name too long, a folder that may not be looked into
            raise ValueError(f"{what}: {reason(err)}") from None
    return path


def absent_data_dir(typed: str | None, path: Path | None) -> str | None:
    """Why the folder ``--data-dir`` named (``typed``, found at ``path`` by
    :func:`data_dir_path`) holds nothing to read, or None: it does not exist, or is a
    symbolic link to nothing or a loop of links. The game makes its folder when it first
    saves there, so this is no error for a command that plays; for one that only reads
    (``stats``, ``screenshot``) it is most likely a mistyped name, whose empty records would
    look like records wiped. None for the default folder (no game saved yet)."""
    if typed is None or path is None:
        return None
    try:
        if path.is_dir():
            return None
        linked = path.is_symlink()
    except OSError:  # a loop of links, say: it leads to no folder either
        linked = True
    what = f"--data-dir {shown(typed)}"
    if linked:
        return f"{what}: it is a symbolic link that leads to no folder"
    return f"{what}: there is no such folder"


def register(subparsers: argparse._SubParsersAction, *, view_replay: ReplayViewer) -> None:
    """Add the records' subcommands; ``replay FILE`` opens its window with ``view_replay``."""
    replay = subparsers.add_parser(
        "replay",
        help="watch a replay file (or check it with --check)",
        description="Open a replay file in the replay viewer. With --check, read the file, "
        "check every move against the rules and print a summary or the error (with its line), "
        "without opening a window; the exit status is 0 for a good replay, 2 otherwise. "
        "--check reads FILE - from standard input, as analyse does (a file named - is ./-), "
        "and reads no data folder (it takes no --data-dir).",
    )
    replay.add_argument("file", metavar="FILE", help="a .replay file (- for standard input, with --check)")
    replay.add_argument("--check", action="store_true", help="check the file and print the result")
    add_data_dir_argument(replay)
    replay.set_defaults(func=partial(run_replay_command, view_replay=view_replay))

    stats = subparsers.add_parser(
        "stats",
        help="print the statistics",
        description="Print the statistics of every rule set, or of one with its last results. "
        "The data folder is only read; a --data-dir that names no folder is an error (status 2), "
        "not a table of zeros.",
    )
    stats.add_argument("rules", nargs="?", metavar="RULES", help="only this rule set")
    add_data_dir_argument(stats, reads_only=True)
    stats.set_defaults(func=run_stats)


def run_replay_command(args: argparse.Namespace, *, view_replay: ReplayViewer) -> int:
    """``replay FILE [--check] [--data-dir DIR]``: the file and the folder are checked
    here, before ``view_replay`` opens the window."""
    from .replay import ReplayError

    if args.check and args.data_dir is not None:  # an option that does not apply is refused
        return fail("--data-dir does not go with --check, which reads the replay file alone "
                    "(the viewer, without --check, takes it)")
    if args.file == STDIN and not args.check:
        return fail("-: the replay viewer opens a replay file by its name; standard input (-) "
                    "serves replay --check and analyse")
    try:
        replay = read_replay(args.file)
    except ReplayError as err:
        return fail(f"{shown(args.file)}: {err}")
    if args.check:
        print(check_summary(args.file, replay))
        return 0
    try:
        data_dir = data_dir_path(args.data_dir)
    except ValueError as err:
        return fail(str(err))
    return view_replay(Path(args.file), data_dir)


def check_summary(name: str, replay: Replay) -> str:
    """What ``replay --check`` prints for a good replay.

    Loading already refused a replay whose moves contradict its result, so the summary
    says what the moves reach, which is the recorded result.
    """
    from .replay import LOST, WON, format_seconds, result_of

    final = replay.play_out()
    reached = result_of(final)
    if reached == WON:
        outcome = "the moves win the game"
    elif reached == LOST:
        outcome = "no legal move is left after the last move"
    else:
        count = len(final.legal_moves())
        outcome = f"after the last move {count} legal move{'s are' if count != 1 else ' is'} left"
    made = f"program {replay.program or 'unknown'}"
    if replay.started:
        made += f", started {replay.started}"
    return "\n".join([
        f"{shown(name)}: a valid replay",
        f"  rules:   {replay.rules} ({replay.title})",
        f"  game:    {replay.game}",
        f"  made by: {made}",
        f"  moves:   {len(replay.moves)}, play time {format_seconds(replay.seconds)}, "
        f"hints {replay.hints}, undos {replay.undos}",
        f"  result:  {replay.result} ({outcome})",
    ])


def nearest_named(path: Path) -> Path:
    """``path``, or its nearest folder above it that is there (a link to nothing, or a
    loop of links, counts as there)."""
    while not os.path.lexists(path) and path != path.parent:
        path = path.parent
    return path


def default_data_dir_problem() -> str | None:
    """Why the default data folder cannot hold the game's files (a file, a link to
    nothing or a loop of links on its way, as an odd ``XDG_DATA_HOME`` may give:
    ``the data folder … cannot be made: … is not a folder``), or no home folder is known
    at all (no ``HOME``, and no entry in the user database), or None. Nothing is made or
    written outside it to find out."""
    from ..output import reason
    from ..records.store import default_data_dir, default_data_dir_unknown

    unknown = default_data_dir_unknown()
    if unknown is not None:
        return f"no data folder can be used: {unknown}"
    folder = default_data_dir()
    place = nearest_named(folder)
    try:
        if os.path.isdir(place):
            return None
        why = "is a symbolic link to nothing" if os.path.islink(place) else "is not a folder"
    except OSError as err:
        why = f"cannot be looked into ({reason(err)})"
    return f"the data folder {shown(folder)} cannot be made: {shown(place)} {why}"


def default_data_dir_unwritable() -> str | None:
    """Why no file could be saved in the default data folder (it, or the folder it would
    be made in, is read-only or not this user's), or None; as :func:`default_data_dir_problem`,
    nothing is made or written to find out (the system is asked, ``access``)."""
    from ..records.store import default_data_dir

    folder = default_data_dir()
    place = nearest_named(folder)
    if not os.path.isdir(place) or os.access(place, os.W_OK | os.X_OK):
        return None
    what = "written in" if place == folder else "made"
    return (f"the data folder {shown(folder)} cannot be {what}: no file can be made in {shown(place)} "
            "(permission denied, or a read-only disk)")


def run_stats(args: argparse.Namespace) -> int:
    """``stats [RULES] [--data-dir DIR]``: a ``--data-dir`` that names no folder is an
    error (status 2), and a statistics file that cannot be read one of status 1 (left as
    it is), not a table of zeros."""
    from ..engine import RULE_IDS, UnknownRulesError, rules_class
    from .stats import load_statistics
    from .store import Store

    rules_ids: tuple[str, ...] = RULE_IDS
    if args.rules is not None:
        try:
            rules_ids = (rules_class(args.rules).rules,)
        except UnknownRulesError as err:
            return fail(str(err))
    try:
        folder = data_dir_path(args.data_dir)
    except ValueError as err:
        return fail(str(err))
    absent = absent_data_dir(args.data_dir, folder)
    if absent:  # not a table of zeros, which would look like statistics wiped
        return fail(f"{absent}, so nothing has been recorded there (check the name)")
    if folder is None and (problem := default_data_dir_problem()):
        return fail(f"{problem}, so nothing has been recorded there")
    store = Store(folder, read_only=True)
    stats = load_statistics(store)
    problems = store.take_warnings()
    if problems:  # the counts are not the file's: no table of zeros, as if they were wiped
        for warning in problems[:-1]:
            warn(warning)
        return fail(f"{problems[-1]}; no statistics are shown, since they could not be read", 1)
    text = stats_table(stats, rules_ids)
    if len(rules_ids) == 1:
        text += "\n\n" + recent_table(stats[rules_ids[0]])
    print(text)
    return 0


def _win_percent(stats: RuleStats) -> str:
    """The win rate to a tenth, never 100.0 with a game not won nor 0.0 with a game won
    (">99.9", "<0.1"); "-" before the first game."""
    if not stats.played:
        return "-"
    text = f"{stats.win_percent:.1f}"
    if text == "100.0" and stats.won < stats.played:
        return ">99.9"
    if text == "0.0" and stats.won:
        return "<0.1"
    return text


def stats_table(stats: Statistics, rules_ids: tuple[str, ...]) -> str:
    """The statistics as a text table: one column per rule set."""
    from .replay import format_seconds

    rows: list[tuple[str, list[str]]] = []

    def row(label: str, values: list[str]) -> None:
        rows.append((label, values))

    chosen = [stats[r] for r in rules_ids]
    row("played", [str(s.played) for s in chosen])
    row("won", [str(s.won) for s in chosen])
    row("won by the demo", [str(s.won_by_demo) for s in chosen])
    row("lost", [str(s.lost) for s in chosen])
    row("abandoned", [str(s.abandoned) for s in chosen])
    row("win %", [_win_percent(s) for s in chosen])
    row("current streak", [str(s.current_streak) for s in chosen])
    row("best streak", [str(s.best_streak) for s in chosen])
    row("best time without help", [format_seconds(s.best_time) if s.best_time is not None else "-"
                                   for s in chosen])
    row("fewest moves without help", [str(s.fewest_moves) if s.fewest_moves is not None else "-"
                                      for s in chosen])
    row("wins without hints or undo", [str(s.clean_wins) for s in chosen])
    label_width = max(len(label) for label, _ in rows)
    widths = [max(len(r), *(len(values[i]) for _, values in rows)) for i, r in enumerate(rules_ids)]
    lines = [" " * label_width + "".join(f"  {r:>{w}}" for r, w in zip(rules_ids, widths, strict=True))]
    for label, values in rows:
        lines.append(f"{label:<{label_width}}" + "".join(
            f"  {v:>{w}}" for v, w in zip(values, widths, strict=True)))
    return "\n".join(lines)


def recent_table(rule_stats: RuleStats) -> str:
    """The last results of one rule set, newest first."""
    from .replay import format_seconds

    if not rule_stats.recent:
        return "no game ended yet"
    n = len(rule_stats.recent)
    lines = ["the last game:" if n == 1 else f"the last {n} games, newest first:"]
    for r in reversed(rule_stats.recent):
        help_used = (f"{_count(r.hints, 'hint')}, {_count(r.undos, 'undo')}" if r.hints or r.undos
                     else "no help")
        # the date is the game's start, UTC, as a person reads it: 2026-11-22 03:15
        date = r.date[:16].replace("T", " ") if r.date else "-"
        lines.append(f"  {date:16}  #{r.game:<20}  {r.result:<15}  {_count(r.moves, 'move'):>10}  "
                     f"{format_seconds(r.seconds):>8}  {help_used}")
    return "\n".join(lines)


def _count(n: int, thing: str) -> str:
    """``1 move``, ``2 moves``."""
    return f"{n} {thing}{'s' if n != 1 else ''}"
