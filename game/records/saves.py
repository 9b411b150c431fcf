"""The game in progress, the recent games and the saved replays, in the data directory.

- ``saved-game.replay``: the game the player left when the program quit (a replay whose
  result is ``in progress``), written atomically, offered as "Continue" at the next start.
- ``saved-game.json``: what the replay format does not hold about that game: its arcade
  score, the campaign level it is (level mode) and the day whose daily deal it is. It
  names the game and its number of moves, so it is only used with the save it was written
  with; a missing or damaged one just means a plain game whose score is recomputed.
- ``recent/``: the replays of the last RECENT_GAMES ended games, kept automatically.
- ``replays/``: the replays the player chose to save ("save replay").

A saved game that cannot be read is moved aside (``saved-game.replay.bad-<time>``) with a
warning; a broken file in ``recent/`` or ``replays/`` is listed with its error and left
alone (it is the player's file). The lists hold a summary of each file (its header and
number of moves), so they are quick to show however long the replays are; a replay is
checked move by move when it is opened. Only regular files are listed, and ``recent/`` is
pruned only when it is a real folder of the data directory: nothing is ever deleted
through a symbolic link.
"""

from __future__ import annotations

import datetime
import logging
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..cache import BoundedCache
from ..engine import RULE_IDS
from ..engine.words import game_named
from . import replay as replay_module
from .progress import MAX_LEVEL, PROGRESS_FILE
from .replay import (
    ABANDONED,
    IN_PROGRESS,
    MAX_MOVES,
    MAX_REPLAY_BYTES,
    REPLAY_VERSION,
    Replay,
    ReplayError,
    ReplaySummary,
    is_date,
    is_game_number,
    is_utc_time,
    load_replay,
    parse_replay,
    summarize_replay_text,
)
from .scoring import Score
from .settings import SETTINGS_FILE
from .stats import ENDED, STATS_FILE, load_statistics, record_result, save_digest
from .store import (
    FileInfo,
    FileRefused,
    Migration,
    SaveError,
    Store,
    open_regular,
    utc_stamp,
)
from .ways import WAYS_FILE

SAVED_GAME = "saved-game.replay"
SAVED_EXTRAS = "saved-game.json"
EXTRAS_KIND = "saved-game-extras"
EXTRAS_VERSION = 1
#: ``{v: f}``: f turns a version v file into a version v + 1 one (none yet: every file is at 1)
EXTRAS_MIGRATIONS: dict[int, Migration] = {}
RECENT_DIR = "recent"
REPLAYS_DIR = "replays"
REPLAY_SUFFIX = ".replay"
RECENT_GAMES = 20
#: the files the game keeps in the data directory itself (``log.txt`` is not written whole)
OWN_FILES = frozenset({SAVED_GAME, SAVED_EXTRAS, SETTINGS_FILE, STATS_FILE, PROGRESS_FILE, WAYS_FILE})
_REPLAY_FILE_NAME = re.compile(f"(?P<rules>{'|'.join(map(re.escape, RULE_IDS))})-(?P<game>[a-z0-9]+)"
                               rf"-[0-9]{{8}}-[0-9]{{6}}(?:-[1-9][0-9]*)?{re.escape(REPLAY_SUFFIX)}")
#: at most this many files of a folder are listed (newest first)
MAX_LISTED = 200

log = logging.getLogger(__name__)


class ReplayEntry:
    """A replay file in a list: its path, and its summary or the reason it cannot be read.

    The whole replay is read and checked move by move only when :attr:`replay` or
    :attr:`error` is asked for, so a list of long replays costs their summaries alone.
    """

    def __init__(self, path: Path, summary: ReplaySummary | None, problem: str | None = None, *,
                 stamp: tuple[int, int, int] | None = None, damaged: str | None = None,
                 read: Callable[[], str] | None = None) -> None:
        self.path = path
        #: reads the file's text as the data folder reads it (:meth:`Store.read_text`),
        #: or None: by its path
        self._read = read
        #: the header and the number of moves, None when the file cannot be read
        self.summary = summary
        #: why the summary could not be read (None when it could)
        self.problem = problem
        #: why the moves cannot be played, once a check of this file as it is found so
        #: (None: not known to be damaged); a file whose summary reads well can still be
        #: a friend's file whose moves do not fit its deal
        self.damaged = damaged
        #: the file's (inode, mtime, size) when it was listed
        self._stamp = stamp
        self._checked: tuple[Replay | None, str | None] | None = None

    def __repr__(self) -> str:
        return f"ReplayEntry({self.path.name!r}, {self.summary!r}, {self.problem!r})"

    def _check(self) -> tuple[Replay | None, str | None]:
        if self._checked is None:
            if self.problem is not None:
                self._checked = (None, self.problem)
            else:
                try:
                    replay = (replay_module.parse_replay(self._read()) if self._read is not None
                              else load_replay(self.path))
                    self._checked = (replay, None)
                    self.damaged = None
                except ReplayError as err:
                    self._checked = (None, str(err))
                    self.damaged = str(err)
                    if self._stamp is not None:
                        # the next listing of the unchanged file knows it without a check
                        _summaries.put(self.path, (self._stamp, self._copy()))
        return self._checked

    def check_again(self) -> None:
        """Forget a check that failed, so the next use reads the file as it is now (a
        file put right, or removed, since)."""
        if self._checked is not None and self._checked[0] is None and self.problem is None:
            self._checked = None

    def _copy(self) -> ReplayEntry:
        """This entry as listed again: its summary and what is known of the file, not
        yet checked."""
        return ReplayEntry(self.path, self.summary, self.problem, stamp=self._stamp, damaged=self.damaged,
                           read=self._read)

    @property
    def replay(self) -> Replay | None:
        """The replay, checked move by move (on first use); None when it cannot be loaded."""
        return self._check()[0]

    @property
    def error(self) -> str | None:
        """Why the replay cannot be loaded (checked move by move on first use), or None."""
        return self._check()[1]


# ----- the game in progress -----------------------------------------------------------------


def save_game(store: Store, replay: Replay) -> bool:
    """Save the game in progress (atomically, over the previous save); True when saved.

    The text is checked as :func:`load_saved_game` will check it before it is written, so
    a save that could not be continued is never written. A won game is not saved (it has
    ended: :func:`finish_game` counts it); False, and the previous save is kept. False,
    with a warning, when the save could not be written; the previous save is then intact.
    """
    text = replay.with_result(IN_PROGRESS).to_text()
    problem = unreadable(replay, text)
    if problem is not None:
        if replay.play_out().is_won():
            log.info("a won game is not saved as a game in progress")
        else:
            store.warn(f"the game was not saved: {problem}")
        return False
    try:
        store.write_text(SAVED_GAME, text)
    except SaveError as err:
        store.warn(f"the game was not saved: {err}")
        return False
    return True


def remove_stale_temporary_files(store: Store) -> int:
    """Remove the temporary files that writes of the game's own files left when the program
    was killed during them, in the data directory and its own folders (see
    :meth:`Store.remove_stale_temporary_files`: a file of another name, or one of the
    player's, is never touched); how many were removed."""
    return (store.remove_stale_temporary_files("", OWN_FILES.__contains__)
            + store.remove_stale_temporary_files(RECENT_DIR, is_replay_file_name)
            + store.remove_stale_temporary_files(REPLAYS_DIR, is_replay_file_name))


def begun_game_named(saved: Replay | None, dealt: str = "") -> str | None:
    """The saved game ``saved`` as the player knows it ("British Constitution #5, 2
    moves", with what it was ``dealt`` as: :func:`~game.engine.words.game_named`) when
    another game would give it up counted as abandoned (a move was played in it); None
    when there is none, or it was never begun (not counted)."""
    if saved is None or not saved.begun:
        return None
    return game_named(saved.title, saved.game, len(saved.moves), dealt)


def load_saved_game(store: Store) -> Replay | None:
    """The saved game in progress, checked move by move; None when there is none.

    A save that cannot be read is moved aside with a warning (and None is returned).
    Temporary files left by a save that was killed half-way are removed.
    """
    store.remove_stale_temporary_files("", SAVED_GAME.__eq__)
    try:
        text = store.read_text(SAVED_GAME, MAX_REPLAY_BYTES)
    except FileNotFoundError:
        return None
    except FileRefused as err:
        store.set_aside(SAVED_GAME, f"{err}; it cannot be continued")
        return None
    if save_digest(text) == load_statistics(store).ended_save:
        # the game ended and was counted, and the program stopped before the save was
        # removed: remove it now, so it is not continued and counted a second time (a
        # store that only reads leaves it, without a word, to the copy of the game that
        # writes the folder: it is not continued here either)
        if not store.read_only:
            log.info("the saved game has ended and was counted already: removed")
            clear_saved_game(store)
        return None
    try:
        replay = parse_replay(text)
    except ReplayError as err:
        if err.newer:
            # not damaged: the newer version that wrote it can still continue it
            store.leave_newer(SAVED_GAME, f"was saved by a newer version of the game ({err})")
        else:
            store.set_aside(SAVED_GAME, f"{err}; it cannot be continued")
        return None
    if replay.result != IN_PROGRESS:
        store.set_aside(SAVED_GAME, f"it is not a game in progress (result {replay.result})")
        return None
    return replay


def save_game_extras(store: Store, replay: Replay, *, score: Score, level: int | None = None,
                     daily: datetime.date | None = None, assisted: bool = False, demo: bool = False,
                     practice: bool = False, steps: Sequence[int] | None = None) -> bool:
    """Keep the saved game's score, level and daily deal, whether it is assisted (the
    demo played in it, or it was taken over from a replay), whether the ``demo`` played
    a move of it (its win is then counted as won by the demo), whether it is
    ``practice`` (taken over from a replay: never counted) and its player's ``steps``
    (how many of the moves each undo takes back: a move with its automatic drops is one),
    beside it (atomically); True when written, False with a warning when not (the game
    itself is saved already).

    The steps are kept here, not in the replay (whose format stays as it is), and not
    worked out again from the auto-drop rule when the game goes on: the option may have
    changed since, or during the game.

    They are checked as :func:`load_game_extras` will check them before they are written,
    so a file the program would refuse is never written."""
    data = {"rules": replay.rules, "game": replay.game, "moves": len(replay.moves),
            "score": score.to_json(), "level": level,
            "daily": daily.isoformat() if daily is not None else None, "assisted": assisted,
            "demo": demo, "practice": practice, "started": replay.started or None}
    if steps is not None:
        data["steps"] = list(steps)
    try:
        _extras_from_json(data)
        store.write_json(SAVED_EXTRAS, EXTRAS_KIND, EXTRAS_VERSION, data)
    except (ValueError, SaveError) as err:
        store.warn(f"the saved game's score and level were not saved: {err}")
        return False
    return True


def load_game_extras(store: Store, replay: Replay) -> dict[str, Any]:
    """The score (a :class:`Score`), level number, daily date, "assisted" (the demo
    played in it, or it was taken over from a replay), "demo" (the demo played a move of
    it; False in a file written before this was kept, where it is not known), "practice"
    (taken over from a replay, so never counted; False in a file written before) and "steps"
    (a list: the moves each undo takes back, first to last) saved with ``replay``.

    Keys are present only for what was saved and is sound; {} when the file is missing,
    belongs to another save, or cannot be read (a damaged file, or one holding a value
    out of range, such as a score no game reaches, is moved aside).
    """
    raw = store.read_json(SAVED_EXTRAS, EXTRAS_KIND, EXTRAS_VERSION, EXTRAS_MIGRATIONS)
    if raw is None or (raw.get("rules"), raw.get("game")) != (replay.rules, replay.game):
        return {}
    if raw.get("started") and replay.started and raw.get("started") != replay.started:
        return {}  # another game of the same deal
    same_moves = raw.get("moves") == len(replay.moves)
    # written before the save of more moves that could not be written (a full disk): the
    # game's help is still known, if not its score (the same game: the same start)
    same_start = bool(replay.started) and raw.get("started") == replay.started
    if not same_moves and not same_start:
        return {}
    try:
        extras = _extras_from_json(raw)
    except ValueError as err:
        store.set_aside(SAVED_EXTRAS, f"{err}; the game continues with its score recomputed")
        return {}
    if same_moves:
        return extras
    return {key: extras[key] for key in ("assisted", "demo", "practice")}


def _extras_from_json(raw: dict[str, Any]) -> dict[str, Any]:
    """The extras of a ``saved-game.json`` object, each checked; ValueError says what is wrong."""
    extras: dict[str, Any] = {"score": Score.from_json(raw.get("score"))}
    level = raw.get("level")
    if level is not None:
        if type(level) is not int or not 1 <= level <= MAX_LEVEL:
            raise ValueError(f"the level {level!r} is not a level number")
        extras["level"] = level
    daily = raw.get("daily")
    if daily is not None:
        if not is_date(daily):
            raise ValueError("the daily deal's date is not a date like 2026-11-22")
        extras["daily"] = datetime.date.fromisoformat(daily)
    assisted = raw.get("assisted", False)
    if not isinstance(assisted, bool):
        raise ValueError("'assisted' is not true or false")
    extras["assisted"] = assisted
    demo = raw.get("demo", False)  # a file written before it was kept has none
    if not isinstance(demo, bool) or (demo and not assisted):
        raise ValueError("'demo' is not true or false, or the demo played in a game not assisted")
    extras["demo"] = demo
    practice = raw.get("practice", False)  # a file written before it was kept has none
    if not isinstance(practice, bool) or (practice and not assisted):
        raise ValueError("'practice' is not true or false, or a practice game is not assisted")
    extras["practice"] = practice
    started = raw.get("started")
    if started is not None and not is_utc_time(started):
        raise ValueError("'started' is not a UTC time like 2026-11-22T03:15:09Z")
    steps = raw.get("steps")
    if steps is not None:  # a file written before the steps were kept has none
        if (not isinstance(steps, list) or any(type(n) is not int or n < 1 for n in steps)
                or sum(steps) != raw.get("moves")):
            raise ValueError("the 'steps' are not counts of moves adding up to the game's moves")
        extras["steps"] = steps
    return extras


def clear_saved_game(store: Store) -> None:
    """Forget the saved game (it was continued to its end, or given up), with its extras.
    Only a regular file is deleted: a link, a FIFO, a device or a folder of either name is
    left as it is, with a warning."""
    for name in (SAVED_GAME, SAVED_EXTRAS):
        problem = store.remove(name)
        if problem is not None:
            store.warn(f"{name} could not be removed: {problem}")


def abandon_saved_game(store: Store) -> bool:
    """The player chose another game instead of "Continue": count the saved one as
    abandoned (if a move was ever played in it: :attr:`~.replay.Replay.begun`; never a
    practice game, :func:`is_practice`) and forget it. True when no save is left to
    count; False when the count could not be written (a full disk, a statistics file
    this version may not write: warned), and the save is then kept, so the game is
    neither lost nor left uncounted. A new game must not be saved over it then."""
    replay = load_saved_game(store)
    if replay is None or is_practice(store, replay):
        # a practice game (taken over from a replay) is never counted: it is only forgotten
        clear_saved_game(store)
        return True
    return finish_game(store, replay.with_result(ABANDONED))[0]


def is_practice(store: Store, saved: Replay) -> bool:
    """The saved game ``saved`` is a practice game: one taken over from a replay, which
    the statistics never count (its extras say so)."""
    return load_game_extras(store, saved).get("practice") is True


def forget_practice(store: Store, replay: Replay) -> None:
    """A practice game (taken over from a replay) has ended: nothing is counted, and the
    saved game is forgotten if it is this game's (a save of another game is left)."""
    saved = load_saved_game(store) if _saved_game_of(store, replay) is not None else None
    if saved is not None and is_practice(store, saved):
        clear_saved_game(store)


# ----- ended games ----------------------------------------------------------------------------


def same_game(saved: Replay | ReplaySummary, replay: Replay) -> bool:
    """``replay`` goes on with the game ``saved`` (same deal, same start; a save that does
    not know its start is taken for the same game)."""
    return (saved.rules, saved.game) == (replay.rules, replay.game) and (
        not saved.started or not replay.started or saved.started == replay.started)


def finish_game(store: Store, replay: Replay, *, demo: bool = False) -> tuple[bool, Path | None]:
    """A game has ended (won, lost, or abandoned): count it in the statistics (a win in
    which the demo played, ``demo``, as won by the demo), keep its replay among the
    recent games, forget the saved game if it is this game's. An abandoned game in which
    no move was ever played (not :attr:`~.replay.Replay.begun`) is not counted. Returns
    whether it was counted (an abandoned game never begun needs no count: True) and the
    recent replay's path (None if not kept).

    The count names the save it does away with, so a kill before the save is removed
    leaves a save :func:`load_saved_game` knows as ended: the game counts once whenever
    the program stops, and before the count nothing has changed. When the count cannot
    be written (a full disk: warned), the save is kept for the next start, where the
    game can be continued to its end and counted then; its replay joins the recent games
    only when it is counted, so that a count tried again never leaves a game twice. A
    save of another game is never done away with here: it is counted when the player
    gives it up (:func:`abandon_saved_game`).
    """
    if replay.result not in ENDED:
        raise ValueError(f"a game ends won, lost or abandoned, not {replay.result!r}")
    saved = _saved_game_of(store, replay)
    if replay.result == ABANDONED and not replay.begun:
        if saved is not None:
            clear_saved_game(store)
        return True, None
    if not record_result(store, replay, ended_save=saved, demo=demo):
        return False, None
    path = _write_replay(store, RECENT_DIR, replay)
    _prune(store, RECENT_DIR, RECENT_GAMES)
    if saved is not None:
        clear_saved_game(store)
    return True, path


def _saved_game_of(store: Store, replay: Replay) -> str | None:
    """The digest of the saved game when it is ``replay``'s game (see :func:`same_game`:
    its header tells, so its moves are not played again), else None: no save, one of
    another game, or one whose header cannot be read (which :func:`load_saved_game` moves
    aside or leaves, as it tells)."""
    try:
        text = store.read_text(SAVED_GAME, MAX_REPLAY_BYTES)
        saved = summarize_replay_text(text)
    except (OSError, FileRefused, ReplayError):
        return None
    return save_digest(text) if same_game(saved, replay) else None


def save_replay(store: Store, replay: Replay) -> Path | None:
    """Save a replay among the player's replays ("save replay"); its path, or None (with a
    warning) when it could not be written."""
    return _write_replay(store, REPLAYS_DIR, replay)


def replay_file_name(replay: Replay, when: str | None = None) -> str:
    """``constitution-123456-20261122-031500.replay`` (the time is UTC, now by default)."""
    return f"{replay.rules}-{replay.game}-{when or utc_stamp()}{REPLAY_SUFFIX}"


def is_replay_file_name(name: str) -> bool:
    """Whether ``name`` is one the game gives the replays it writes in ``recent/`` and
    ``replays/``: :func:`replay_file_name`'s, with ``-2``, ``-3``… when that was taken."""
    match = _REPLAY_FILE_NAME.fullmatch(name)
    return match is not None and is_game_number(match.group("game"))


def unreadable(replay: Replay, text: str) -> str | None:
    """Why ``text``, the file written for ``replay``, could not be read back (by
    :func:`~.replay.parse_replay`, the reader of every replay and save), or None: so that
    nothing is written that the program would then refuse."""
    if len(replay.moves) > MAX_MOVES:
        return f"it has {len(replay.moves):,} moves, and a replay holds at most {MAX_MOVES:,}"
    try:
        parse_replay(text)
    except ReplayError as err:
        return str(err)
    return None


def _write_replay(store: Store, folder: str, replay: Replay) -> Path | None:
    text = replay.to_text()
    problem = unreadable(replay, text)
    if problem is not None:
        store.warn(f"the replay was not saved: {problem}")
        return None
    base = replay_file_name(replay)
    name = base
    n = 1
    while os.path.lexists(store.path(folder).joinpath(name)):
        n += 1
        name = base.removesuffix(REPLAY_SUFFIX) + f"-{n}{REPLAY_SUFFIX}"
    try:
        return store.write_text(f"{folder}/{name}", text)
    except SaveError as err:
        store.warn(f"the replay was not saved: {err}")
        return None


def _replay_files(store: Store, folder: str, *, through_link: bool) -> list[FileInfo]:
    """The replay files (regular files named ``*.replay``) of a folder, newest first."""
    files = [f for f in store.files(folder, through_link=through_link) if f.name.endswith(REPLAY_SUFFIX)]
    return sorted(files, key=lambda f: (f.modified, f.name), reverse=True)


def _prune(store: Store, folder: str, keep: int) -> None:
    """Keep the ``keep`` newest replays the game wrote in a folder of the data directory.

    Only the game's own files are removed: regular files with the names it gives
    (:func:`is_replay_file_name`), and not one a newer version of the game wrote (it is
    that version's to keep). A file of another name is the player's and never counted nor
    removed, and a folder that is a symbolic link is never pruned
    (:meth:`Store.remove_files`)."""
    own = [f for f in _replay_files(store, folder, through_link=False) if is_replay_file_name(f.name)]
    old = [f.name for f in own[keep:] if not _newer_version(store.path(folder) / f.name)]
    if old:
        store.remove_files(folder, old)


def _newer_version(path: Path) -> bool:
    """A replay file that a newer version of the game wrote: its first line that is not
    a comment, which every version writes as ``version: N``, gives an N newer than this
    version reads. Only the file's start is read, so a file too long for this version to
    read is told too."""
    try:  # (its size is not asked: only its start is read)
        fd = open_regular(path, 2**63 - 1, follow=False)
    except (OSError, FileRefused):
        return False
    with os.fdopen(fd, "rb") as file:
        start = file.read(4096).removeprefix(b"\xef\xbb\xbf")
    for line in start.split(b"\n")[:-1]:  # whole lines only
        line = line.strip()
        if line and not line.startswith(b"#"):
            match = re.fullmatch(rb"version:\s*([0-9]{1,9})", line)
            return match is not None and int(match.group(1)) > REPLAY_VERSION
    return False


#: summaries already read, by path, with the (inode, mtime, size) they were read at: a
#: summary is small, so a list of long replays costs little memory
_summaries: BoundedCache[Path, tuple[tuple[int, int, int], ReplayEntry]] = BoundedCache(4 * MAX_LISTED)


def _reader(store: Store, name: str) -> Callable[[], str]:
    """Reads the data folder's replay ``name`` as the store reads its files (every link
    on the way checked: :meth:`Store.read_text`); ReplayError when it cannot."""
    def read() -> str:
        try:
            return store.read_text(name, MAX_REPLAY_BYTES)
        except FileNotFoundError:
            raise ReplayError("there is no such file") from None
        except FileRefused as err:
            raise ReplayError(str(err)) from None
    return read


def _entry(path: Path, found: FileInfo, read: Callable[[], str]) -> ReplayEntry:
    """A replay file's entry with its summary; an unchanged file is not read again."""
    stamp = (found.info.st_ino, found.info.st_mtime_ns, found.info.st_size)
    known = _summaries.get(path)
    if known is not None and known[0] == stamp:
        return known[1]._copy()
    try:
        entry = ReplayEntry(path, summarize_replay_text(read()), stamp=stamp, read=read)
    except ReplayError as err:
        entry = ReplayEntry(path, None, str(err), stamp=stamp, read=read)
    _summaries.put(path, (stamp, entry))
    return entry


def _list(store: Store, folder: str, limit: int) -> list[ReplayEntry]:
    files = _replay_files(store, folder, through_link=True)[:max(0, min(limit, MAX_LISTED))]
    return [_entry(store.path(folder) / f.name, f, _reader(store, f"{folder}/{f.name}")) for f in files]


def list_replays(store: Store, limit: int = MAX_LISTED) -> list[ReplayEntry]:
    """The saved replays, newest first, at most ``limit``, each with its summary (a broken
    one has ``summary`` None and ``problem``). Only the summaries are read; an entry's
    replay is checked move by move when it is asked for."""
    return _list(store, REPLAYS_DIR, limit)


def list_recent_games(store: Store, limit: int = RECENT_GAMES) -> list[ReplayEntry]:
    """The recent ended games, newest first, at most ``limit``, as :func:`list_replays`."""
    return _list(store, RECENT_DIR, limit)
