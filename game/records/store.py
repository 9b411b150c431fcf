"""Where the game keeps its files, and how it writes and reads them safely.

Every write goes to a temporary file in the same folder, is flushed to the disk and then
renamed over the old file (``os.replace`` is atomic), so a crash or a kill at any instant
leaves either the old file or the new one, complete. Every read is limited in size and
checked; a file that cannot be read is moved aside to ``NAME.bad-<UTC time>`` with a
message (in :attr:`Store.warnings` for the screen, and in the log), and the program goes
on with defaults.

The data folder is untrusted too: any name in it may be a symbolic link, a FIFO, a device
or a folder, and any text in it may hold control characters. So nothing is ever deleted,
moved aside or written over but a regular file, and never through a symbolic link below
the data folder (the folder itself may be a link: the player chose it): a link, a FIFO, a
device or a folder where the game keeps a file is left as it is, with a message; the log
is opened only as a regular file of its own; and every message quotes what it prints
(:func:`printable`), so a terminal, the screen and the log never receive a control
character from a file.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from .. import held
from ..engine.echo import escaped
from ..output import reason as _why
from ..paths import foreign_link

APP_NAME = "british-patience"
#: no file the game reads may be larger than this (a long replay is about 20 kB)
MAX_FILE_BYTES = 1_000_000
LOG_NAME = "log.txt"
_LOG_BYTES = 200_000
#: a message longer than this is cut (a file's contents quoted whole could fill a screen)
MAX_MESSAGE = 400
#: the end of the name of every temporary file an atomic write makes: the program's mark
TEMPORARY_SUFFIX = f".{APP_NAME}.tmp"
#: the temporary file of an atomic write of NAME: ``.NAME.<8 random hex digits>.british-patience.tmp``
TEMPORARY_NAME = re.compile(rf"\.(?P<name>.+)\.[0-9a-f]{{8}}{re.escape(TEMPORARY_SUFFIX)}", re.DOTALL)
#: a temporary file younger than this may be a write in progress (of another instance)
STALE_SECONDS = 60.0

log = logging.getLogger(__name__)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class SaveError(OSError):
    """A file could not be written; the message says which and why. The old file is intact."""


#: the folders (data folder, name) whose foreign link :meth:`Store.files` refused and said so
_REFUSED_FOLDERS: set[tuple[str, str]] = set()


class FileRefused(ValueError):
    """A file that is not read: too large, not a regular file, not UTF-8, not the JSON expected."""


#: what the player is told of a file this user may not read
UNREADABLE_KEPT = ("this user may not read it (another user's, perhaps root's), so it was left as "
                   "it is and nothing is saved over it")


class FileUnreadable(FileRefused):
    """A file this user may not read (permission denied): not damaged, only someone else's
    (root's, after root played with this user's data folder)."""


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str, limit: int | None = MAX_MESSAGE) -> str:
    """``text`` safe to show on a terminal, the screen or one line of the log.

    Every character that is not printable is written as Python's ``repr`` writes it
    (``\\n``, ``\\x1b``, ``\\x9b``, ``\\u202e``…): line ends, escape and C1 control
    sequences, bidirectional overrides; a byte of a file name that is not UTF-8 (a lone
    surrogate ``\\udce9`` in Python) as the byte, ``\\xe9``. Ordinary letters of any
    script are kept. The text is cut to ``limit`` characters with ``…``.
    """
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else _ESCAPES.get(ch) or escaped(ch) for ch in text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def display_name(name: str) -> str:
    """A file name as a person may read it: its bytes as UTF-8 (a byte that is not shown as
    U+FFFD), control characters escaped by :func:`printable`."""
    return printable(os.fsencode(name).decode("utf-8", "replace"), limit=None)


#: the data folder when no usable one is known (:func:`default_data_dir_unknown`): a
#: folder under a file, so nothing is ever made there and nothing is read from it
NO_DATA_DIR = Path("/dev/null") / APP_NAME


def _platform_data_dir() -> tuple[Path | None, str]:
    """The user data folder platformdirs gives, or None and why there is none."""
    import platformdirs

    try:
        text = platformdirs.user_data_dir(APP_NAME, appauthor=False)
    except (RuntimeError, KeyError, OSError) as err:
        # no HOME and no entry in the user database (a container's arbitrary user)
        return None, f"no home folder is known ({printable(str(err))})"
    folder = Path(text)
    if not folder.is_absolute():
        # an old platformdirs with no home gives "~/.local/share/…" as it is, and a
        # relative XDG_DATA_HOME gives a folder under the current one: neither is used
        return None, f"the data folder it gives, {printable(text)}, is not a whole path from /"
    return folder, ""


def default_data_dir() -> Path:
    """The user data directory platformdirs gives for this game; :data:`NO_DATA_DIR` when
    there is none that can be used (no home folder known, or a relative path), where
    nothing is saved (:func:`default_data_dir_unknown` says why)."""
    folder, _ = _platform_data_dir()
    return folder if folder is not None else NO_DATA_DIR


def default_data_dir_unknown() -> str | None:
    """Why there is no default data folder (see :func:`default_data_dir`), or None."""
    folder, why = _platform_data_dir()
    return why if folder is None else None


def utc_stamp(moment: datetime | None = None) -> str:
    """A UTC time for file names: ``20261122-031500``."""
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")


def utc_iso(moment: datetime | None = None) -> str:
    """A UTC time as ISO 8601 to the second: ``2026-11-22T03:15:00Z``."""
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


#: said of a file that could not be written over: the old one is still whole
_UNCHANGED = " (the previous file is unchanged)"


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that the file is always whole.

    The text goes to a temporary file in the same folder (named as :data:`TEMPORARY_NAME`
    says), is flushed and fsynced, and is renamed over ``path``; the folder is then
    fsynced so the rename itself is durable. Only a regular file is written over: when
    ``path`` is a symbolic link, a FIFO, a device or a folder, it is left as it is.
    Raises SaveError with a clear message (that, a full disk, no permission…); the old
    file, if any, is then untouched and the temporary file is removed.
    """
    path = Path(path)
    data = text.encode("utf-8")
    existed = True
    old: os.stat_result | None = None
    try:
        old = info = os.lstat(path)
    except FileNotFoundError:
        existed = False
    except OSError as err:
        raise SaveError(f"could not save {path}: {_why(err)}") from err
    else:
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"could not save {path}: it is {file_kind(info.st_mode)}, and only a regular "
                            "file is written over (it was left as it is)")
    try:
        os.makedirs(path.parent, mode=held.FOLDER_MODE, exist_ok=True)
        fd, tmp_name = _temporary_file(path)
        like = old if old is not None else os.stat(path.parent)
    except OSError as err:
        raise SaveError(f"could not save {path}: {_why(err)}") from err
    mode = stat.S_IMODE(old.st_mode) if old is not None else None
    try:
        held.replace_with(None, str(path), data, (fd, str(tmp_name)),
                          prepare=lambda handle: held.own_as(handle, mode, like))
    except held.Changed as err:
        raise SaveError(f"could not save {path}: {err}{_UNCHANGED * existed}") from None
    except OSError as err:
        raise SaveError(f"could not save {path}: {_why(err)}{_UNCHANGED * existed}") from err
    held.fsync_folder_at(path.parent)


def _held_write(root: Path, name: str, text: str) -> None:
    """:func:`atomic_write_text` of the data folder's ``name``, in its folder held on a
    descriptor (:func:`game.held.held_folder`): every link below the data folder is
    checked and followed on descriptors, and the temporary file is made, written and
    renamed in that very folder, never by a name that could be swapped meanwhile.
    Raises SaveError."""
    path = root / name
    folder, _, base = name.rpartition("/")
    data = text.encode("utf-8")
    try:
        held.make_folders(root)
        if folder:
            _make_folder(root, folder)
        with held.held_folder(root, folder) as where:
            existed = True
            old: os.stat_result | None = None
            try:
                old = info = os.stat(base, dir_fd=where, follow_symlinks=False)
            except FileNotFoundError:
                existed = False
            else:
                if not stat.S_ISREG(info.st_mode):
                    raise SaveError(f"could not save {path}: it is {file_kind(info.st_mode)}, and only a "
                                    "regular file is written over (it was left as it is)")
            # the file keeps the mode and (as root) the owner of the one it replaces; a
            # new one gets the owner of its folder
            mode = stat.S_IMODE(old.st_mode) if old is not None else None
            like = old if old is not None else os.fstat(where)
            try:
                held.replace_with(where, base, data, _held_temporary_file(where, base),
                                  prepare=lambda fd: held.own_as(fd, mode, like))
            except held.Changed as err:
                raise SaveError(f"could not save {path}: {err}{_UNCHANGED * existed}") from None
            except OSError as err:
                raise SaveError(f"could not save {path}: {_why(err)}{_UNCHANGED * existed}") from err
            held.fsync_folder(where)
    except SaveError:
        raise
    except held.ForeignLink as err:
        raise SaveError(f"could not save {path}: {err}") from err
    except OSError as err:
        raise SaveError(f"could not save {path}: {_why(err)}") from err


def _held_temporary_file(where: int, base: str) -> tuple[int, str]:
    """A new, empty temporary file for an atomic write of ``base`` in the folder held by
    ``where``, opened to write (made, never opened if it was there), and its name."""
    return held.temporary_file(where, f".{base.replace('{', '{{').replace('}', '}}')}.{{}}{TEMPORARY_SUFFIX}")


def _make_folder(root: Path, folder: str) -> None:
    """Make the data folder's ``folder`` (one level: ``recent``) if nothing has that name."""
    with held.held_folder(root, "") as where:
        held.make_folder_in(where, folder)


def _temporary_file(path: Path) -> tuple[int, Path]:
    """A new, empty temporary file beside ``path`` for an atomic write of it, opened to write
    (made, never opened if it was there: ``O_EXCL``), and its path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}{TEMPORARY_SUFFIX}")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", str(path.parent))


def json_problem(err: ValueError | RecursionError) -> str:
    """Why a text is not JSON, in a player's words: where it goes wrong, not the parser's
    own wording (``Expecting value: line 1 column 1 (char 0)``)."""
    if isinstance(err, json.JSONDecodeError):
        return f"it is not valid JSON (line {err.lineno}, column {err.colno})"
    if isinstance(err, RecursionError):
        return "it is not valid JSON (nested too deeply)"
    if "digits" in str(err):  # Python reads no whole number of more than 4,300 digits
        return "it holds a number with thousands of digits, which no count of the game has"
    return "it is not valid JSON"


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words: ``a symbolic link``, ``a FIFO``…"""
    kinds = ((stat.S_ISREG, "a regular file"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
             (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
             (stat.S_ISSOCK, "a socket"))
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def read_limited_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes.

    The size and type are checked before the file is opened (a FIFO or a device is never
    opened: see :func:`open_regular`), and again on the open file; at most ``limit + 1``
    bytes are ever read, so a huge file is never loaded into memory. Raises
    FileNotFoundError when the file does not exist, FileRefused (with the reason, and the
    line of a bad byte) otherwise.
    """
    path = Path(path)
    try:
        fd = open_regular(path, limit)
    except FileNotFoundError:
        raise
    except PermissionError as err:
        raise FileUnreadable(f"cannot be opened: {_why(err)}") from None
    except OSError as err:
        raise FileRefused(f"cannot be opened: {_why(err)}") from None
    return _read_open(fd, limit)


def _read_open(fd: int, limit: int) -> str:
    """The UTF-8 text of the open regular file ``fd`` (closed here), at most ``limit`` bytes."""
    try:
        with os.fdopen(fd, "rb") as handle:
            _check_readable(os.fstat(handle.fileno()), limit)
            data = handle.read(limit + 1)
    except OSError as err:
        raise FileRefused(f"cannot be read: {_why(err)}") from None
    if len(data) > limit:
        raise FileRefused(f"it is more than the {limit:,} bytes allowed")
    return decode_text(data)


def open_regular(path: Path, limit: int, *, follow: bool = True) -> int:
    """A descriptor open to read the regular file ``path`` (of at most ``limit`` bytes),
    following a symbolic link unless ``follow`` is False; FileRefused otherwise.

    A FIFO or a device is never opened, even when the name is swapped for one between
    the look and the open (someone else may write in the folder): on Linux the name is
    first taken hold of without opening what it names (``O_PATH``), that very file is
    looked at, and only a regular file is then opened, through the hold
    (``/proc/self/fd``). Elsewhere the name is looked at, then opened without waiting,
    and the caller looks again at the open file."""
    if held.SUPPORTED:
        return _open_held(os.open(path, _O_PATH | _O_CLOEXEC | (0 if follow else _O_NOFOLLOW)), limit)
    _check_readable(path.stat() if follow else path.lstat(), limit)
    return os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC | (0 if follow else _O_NOFOLLOW))


def _open_held(hold: int, limit: int) -> int:
    """The regular file held by the ``O_PATH`` descriptor ``hold`` (closed here) of at most
    ``limit`` bytes, opened to read through the hold (never by its name); FileRefused for
    anything else, which is never opened."""
    try:
        _check_readable(os.fstat(hold), limit)
        return held.reopen(hold, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY)
    finally:
        os.close(hold)


def _check_readable(info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused("it is a folder, not a regular file")
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("it is not a regular file")
    if info.st_size > limit:
        raise FileRefused(too_big(info.st_size, limit))


def too_big(size: int, limit: int, unit: str = "bytes") -> str:
    """``it is 1,000,001 bytes, more than the 1,000,000 allowed``."""
    return f"it is {size:,} {unit}, more than the {limit:,} allowed"


def decode_text(data: bytes) -> str:
    """Bytes as UTF-8 text (one leading byte-order mark is dropped; a second one is
    refused); FileRefused names the line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise FileRefused(f"line {line}: it is not UTF-8 text (byte {err.start + 1})") from None
    text = text.removeprefix("\ufeff")
    if text.startswith("\ufeff"):
        raise FileRefused("line 1: it begins with two byte-order marks (U+FEFF)")
    return text


_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_NOCTTY = getattr(os, "O_NOCTTY", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_O_PATH = getattr(os, "O_PATH", 0)  # Linux: a hold on a name that does not open the file
#: folders are opened and their files removed by descriptor, so nothing is reached through a
#: symbolic link swapped in meanwhile (POSIX); elsewhere each name is checked just before
_BY_DESCRIPTOR = bool(_O_NOFOLLOW and _O_DIRECTORY and os.open in os.supports_dir_fd
                      and os.unlink in os.supports_dir_fd and os.stat in os.supports_dir_fd
                      and os.scandir in os.supports_fd)


#: why a store that a command opens only to read (``stats``, ``screenshot``) writes nothing
READS_ONLY = "this command only reads the data folder"


@dataclass(frozen=True)
class FileInfo:
    """A regular file of a folder of the data directory: its name and its status."""

    name: str
    info: os.stat_result

    @property
    def modified(self) -> float:
        """When it was last written (seconds since the epoch)."""
        return self.info.st_mtime


class Store:
    """The data directory: versioned JSON and replay files, read and written safely.

    ``Store(None)`` uses the platformdirs user data directory; tests and ``--data-dir``
    pass their own. Nothing is created until something is written. Problems that the
    player should know about (a file moved aside, a save that failed) are appended to
    :attr:`warnings` (the screen shows them, see :meth:`take_warnings`) and logged.
    """

    def __init__(self, data_dir: Path | str | None = None, *, read_only: bool = False,
                 why_read_only: str = READS_ONLY) -> None:
        self.root = Path(data_dir).expanduser() if data_dir is not None else default_data_dir()
        self.warnings: list[str] = []
        #: a command that only reads (``stats``), or a window while another copy of the
        #: game holds the folder (:func:`hold_data_folder`): it writes nothing and moves
        #: nothing aside
        self.read_only = read_only
        #: why it only reads, for the messages of what it does not write
        self.why_read_only = why_read_only
        #: the files a newer version of the game wrote: left as they are, never written over
        self.newer: set[str] = set()
        #: the files this user may not read (permission denied): someone else's, not
        #: damaged, so this store neither moves them aside nor writes over or removes them
        self.unreadable: set[str] = set()

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r})"

    def path(self, name: str) -> Path:
        """The path of a file (or folder) in the data directory."""
        return self.root / name

    def warn(self, message: str) -> None:
        """Tell the player something went wrong (on screen and in the log). The message
        is made :func:`printable`, since it may quote a file."""
        message = printable(message)
        self.warnings.append(message)
        log.warning("%s", message)

    def take_warnings(self) -> list[str]:
        """The warnings not yet shown, oldest first; the list is emptied."""
        taken, self.warnings = self.warnings, []
        return taken

    def foreign_link(self, name: str) -> str | None:
        """Why a symbolic link on the way from the data folder to ``name`` is not followed
        (:func:`game.paths.foreign_link`: another user's link, or root's own in another
        user's folder, when root plays on that user's data folder), or None. The data
        folder itself may be a link: the player chose it."""
        if not hasattr(os, "geteuid"):
            return None
        here = self.root
        parts = Path(name).parts
        for n, part in enumerate(parts):
            path = here / part
            try:
                info = os.lstat(path)
                if stat.S_ISLNK(info.st_mode) and foreign_link(info.st_uid, os.stat(here).st_uid):
                    return (f"{printable('/'.join(parts[:n + 1]))} is a symbolic link that another "
                            "user may have made; it is not followed")
            except OSError:
                return None
            here = path
        return None

    def _open_root(self, flags: int) -> int:
        """The data folder opened with ``flags``: where it can be, reached from ``/`` one
        name at a time with every link checked (:func:`game.held.hold_path`), so that a
        data folder swapped for another user's link while the program runs is refused
        (NotADirectoryError), never followed."""
        if not held.SUPPORTED:
            return os.open(self.root, flags)
        try:
            hold = held.hold_path(self.root)
        except held.ForeignLink as err:
            raise NotADirectoryError(errno.ENOTDIR, str(err), str(self.root)) from None
        try:
            return held.reopen(hold, flags)
        finally:
            os.close(hold)

    def read_text(self, name: str, limit: int = MAX_FILE_BYTES) -> str:
        """The text of the data folder's file ``name`` (see :func:`read_limited_text`),
        refused (FileRefused) when a link on the way is another user's
        (:meth:`foreign_link`). Where it can be (:data:`game.held.SUPPORTED`), the name
        is followed one part at a time on descriptors (:func:`game.held.hold`), so a
        link swapped in after the check is never followed.

        A symbolic link of that name that leads to nothing is refused too, not taken for
        a missing file: the file it was made to reach (on a drive not mounted, say) is
        not there, and what the game would save in its place is not saved (only a regular
        file is written over), so the player is told at once, not at the first save."""
        try:
            if not held.SUPPORTED:
                problem = self.foreign_link(name)
                if problem is not None:
                    raise FileRefused(problem)
                try:
                    return read_limited_text(self.path(name), limit)
                except FileNotFoundError:
                    self._refuse_link_to_nothing(name)
                    raise
            try:
                fd = _open_held(held.hold_path(self.path(name)), limit)
            except FileNotFoundError:
                self._refuse_link_to_nothing(name)
                raise
            except held.ForeignLink as err:
                raise FileRefused(str(err)) from None
            except PermissionError as err:
                raise FileUnreadable(f"cannot be opened: {_why(err)}") from None
            except OSError as err:
                raise FileRefused(f"cannot be opened: {_why(err)}") from None
            return _read_open(fd, limit)
        except FileUnreadable:
            # someone else's file, not a damaged one: never moved aside, written over or
            # removed (:meth:`set_aside` says so)
            self.unreadable.add(name)
            raise
        except FileRefused:
            if not self._root_is_folder():
                # a data folder that can never be (under a file, a link to nothing, a
                # loop of links) holds nothing: no file to report or move aside (the
                # game says once that nothing will be saved)
                raise FileNotFoundError(errno.ENOENT, "the data folder is not a folder",
                                        str(self.path(name))) from None
            raise

    def _refuse_link_to_nothing(self, name: str) -> None:
        """Raise FileRefused when the data folder's ``name`` is itself a symbolic link
        (that, as it was not found, leads to nothing)."""
        try:
            linked = stat.S_ISLNK(os.lstat(self.path(name)).st_mode)
        except (OSError, ValueError):
            return
        if linked:
            raise FileRefused("it is a symbolic link that leads to nothing")

    def _root_is_folder(self) -> bool:
        """Whether the data folder's own path leads to a folder (missing is not)."""
        try:
            return os.path.isdir(self.root)
        except (OSError, ValueError):
            return False

    def write_text(self, name: str, text: str) -> Path:
        """Write a file of the data directory atomically; raises SaveError (also for a
        store that only reads, for a file a newer version of the game wrote, and through
        another user's link: :meth:`foreign_link`)."""
        path = self.path(name)
        if self.read_only:
            raise SaveError(f"could not save {path}: {self.why_read_only}")
        if name in self.newer:
            raise SaveError(f"could not save {path}: a newer version of the game wrote it, and this "
                            "version does not write over it (it was left as it is)")
        if name in self.unreadable:
            raise SaveError(f"could not save {path}: {UNREADABLE_KEPT}")
        if held.SUPPORTED:
            _held_write(self.root, name, text)
            return path
        problem = self.foreign_link(name)
        if problem is not None:
            raise SaveError(f"could not save {path}: {problem}")
        atomic_write_text(path, text)
        return path

    def write_json(self, name: str, kind: str, version: int, data: Mapping[str, Any]) -> Path:
        """Write ``data`` as JSON with ``kind`` and ``version`` first; atomic, raises SaveError.

        A ``kind`` file of a newer schema than ``version`` in its place is never written
        over, even by a store that did not read it (each window's scene makes its own
        store): the newer version of the game that wrote it still reads it."""
        found = self._newer_schema(name, kind, version)
        if found is not None:
            self.newer.add(name)
            raise SaveError(f"could not save {self.path(name)}: a newer version of the game wrote it "
                            f"(schema {found}), and this version does not write over it (it was left "
                            "as it is)")
        document = {"kind": kind, "version": version, **data}
        return self.write_text(name, json.dumps(document, indent=1, ensure_ascii=False) + "\n")

    def _newer_schema(self, name: str, kind: str, version: int) -> int | None:
        """The schema of file ``name`` where it is a ``kind`` file newer than ``version``;
        else None (also when it is missing, damaged or cannot be read: what to do with
        such a file is :meth:`read_json`'s to say, when it is read)."""
        try:
            document = json.loads(self.read_text(name))
        except (OSError, FileRefused, ValueError, RecursionError):
            return None
        if not isinstance(document, dict) or document.get("kind") != kind:
            return None
        found = document.get("version")
        return found if type(found) is int and found > version else None

    def read_json(self, name: str, kind: str, version: int,
                  migrations: Mapping[int, Migration] | None = None) -> dict[str, Any] | None:
        """The JSON object of file ``name``, at schema ``version``, or None.

        None means the file does not exist, or could not be read and was moved aside
        (with a warning). A file of a newer schema is left where it is, with a warning, and
        this store will not write over it (:attr:`newer`): the newer version that wrote
        it still reads it. An object of an older version goes through ``migrations``:
        ``migrations[v]`` turns a version ``v`` object into a version ``v + 1`` one.
        The caller still checks the contents and calls :meth:`set_aside` if they are wrong.
        """
        try:
            text = self.read_text(name)
        except FileNotFoundError:
            return None
        except FileRefused as err:
            self.set_aside(name, str(err))
            return None
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as err:
            self.set_aside(name, json_problem(err))
            return None
        if not isinstance(document, dict):
            self.set_aside(name, "it is not a JSON object")
            return None
        found_kind = document.get("kind")
        if found_kind != kind:
            # the kind it names, when it names one a player can recognise (a file of this
            # game's of another sort copied over this one)
            other = (f": it says it is a {printable(found_kind)} file"
                     if isinstance(found_kind, str) and found_kind.strip() else "")
            self.set_aside(name, f"it is not a {kind} file{other}")
            return None
        found = document.get("version")
        if type(found) is not int or found < 1:
            self.set_aside(name, "it has no valid schema version")
            return None
        if found > version:
            self.leave_newer(name, f"was written by a newer version of the game (schema {found}; this one "
                                   f"reads up to {version})")
            return None
        while found < version:
            step = (migrations or {}).get(found)
            if step is None:
                self.set_aside(name, f"schema version {found} is too old to be read")
                return None
            try:
                document = step(document)
            except (KeyError, TypeError, ValueError) as err:
                self.set_aside(name, f"it could not be brought up to date from version {found} ({err})")
                return None
            found += 1
            document["version"] = found
            log.info("%s: migrated to schema version %d", name, found)
        return document

    def files(self, folder: str = "", *, through_link: bool = False) -> list[FileInfo]:
        """The regular files of the data directory (``folder`` ``""``) or of one of its
        folders, in no order; a symbolic link, FIFO, device or folder in it is left out.

        A ``folder`` that is a symbolic link is read through only when ``through_link``
        (to list what is there); [] when it is missing or cannot be read.
        """
        if through_link:
            problem = self.foreign_link(folder)
            if problem is not None:
                if (str(self.root), folder) not in _REFUSED_FOLDERS:  # said once a run, not at each listing
                    _REFUSED_FOLDERS.add((str(self.root), folder))
                    self.warn(f"{problem}: what it holds is not listed")
                return []
        try:
            with self._open_folder(folder, through_link) as where:
                if where is None:
                    return []
                with os.scandir(where) as entries:
                    found = []
                    for entry in entries:
                        info = entry.stat(follow_symlinks=False)
                        if stat.S_ISREG(info.st_mode):
                            found.append(FileInfo(entry.name, info))
                    return found
        except OSError:
            return []

    def remove_files(self, folder: str, names: Iterable[str]) -> int:
        """Delete files of the data directory (``folder`` ``""``) or of one of its own
        folders; how many were removed.

        Only a regular file is ever removed, and only from a real folder: when ``folder``
        is a symbolic link (to anywhere) nothing is removed, and a name that is a link, a
        FIFO, a device or a folder is left alone. A store that only reads removes
        nothing.
        """
        if self.read_only:
            return 0
        removed = 0
        try:
            with self._open_folder(folder, through_link=False) as where:
                if where is None:
                    return 0
                for name in names:
                    try:
                        _remove_regular(where, name)
                    except (OSError, FileRefused):
                        continue
                    removed += 1
        except OSError:
            return removed
        return removed

    def remove(self, name: str) -> str | None:
        """Delete one file of the data directory, as :meth:`remove_files` does (a regular
        file only); None when it is gone (or was not there), else why it is still there
        (``it is a FIFO, ...``), for the caller's message. A store that only reads, or a
        file a newer version of the game wrote (:attr:`newer`), deletes nothing."""
        if self.read_only:
            return self.why_read_only
        if name in self.newer:
            return "a newer version of the game wrote it (it was left as it is)"
        if name in self.unreadable:
            return UNREADABLE_KEPT
        try:
            with self._open_folder("", through_link=False) as where:
                if where is None:
                    return None
                _remove_regular(where, name)
        except FileNotFoundError:
            return None
        except FileRefused as err:
            return f"{err}, and only a regular file is deleted (it was left as it is)"
        except OSError as err:
            return _why(err)
        return None

    @contextlib.contextmanager
    def _open_folder(self, folder: str, through_link: bool) -> Iterator[int | Path | None]:
        """A descriptor (or, without descriptors, the checked path) of a folder of the data
        directory; None when it does not exist or is a symbolic link not to be followed."""
        path = self.root / folder if folder else self.root
        if not _BY_DESCRIPTOR:
            try:
                info = os.stat(path) if through_link or not folder else os.lstat(path)
            except FileNotFoundError:
                yield None
                return
            yield path if stat.S_ISDIR(info.st_mode) else None
            return
        flags = os.O_RDONLY | _O_DIRECTORY | _O_CLOEXEC
        try:
            root = self._open_root(flags)
        except (FileNotFoundError, NotADirectoryError):
            yield None
            return
        try:
            if not folder:
                yield root
                return
            try:
                fd = _open_below(root, folder, flags, through_link)
            except (FileNotFoundError, NotADirectoryError):
                yield None  # missing, or a file, or a symbolic link (ELOOP is an OSError too)
                return
            except OSError as err:
                if err.errno == errno.ELOOP:
                    log.info("%s is a symbolic link: nothing is removed through it", printable(folder))
                    yield None
                    return
                raise
            try:
                yield fd
            finally:
                os.close(fd)
        finally:
            os.close(root)

    def remove_stale_temporary_files(self, folder: str, owns: Callable[[str], bool],
                                     older_than: float = STALE_SECONDS) -> int:
        """Remove the temporary files that atomic writes left behind when the program was
        killed during them, in the data directory (``folder`` ``""``) or one of its own
        folders: only those whose name is one :func:`atomic_write_text` makes
        (:data:`TEMPORARY_NAME`, the program's mark at its end) for a file ``owns`` names
        as one of the program's own, and older than ``older_than`` seconds (a write in
        progress is left alone); only as :meth:`remove_files` removes: regular files, never
        through a symbolic link. Returns how many were removed."""
        now = time.time()
        stale = []
        for found in self.files(folder):
            match = TEMPORARY_NAME.fullmatch(found.name)
            if match and owns(match.group("name")) and now - found.modified > older_than:
                stale.append(found.name)
        removed = self.remove_files(folder, stale) if stale else 0
        if removed:
            log.info("removed %d temporary file%s left by a write that was cut short",
                     removed, "s" * (removed != 1))
        return removed

    def leave_newer(self, name: str, said: str) -> None:
        """File ``name`` ``said`` so (a newer version of the game wrote it): it is not
        damaged, so it stays where that version reads it, and this store neither writes
        over it nor deletes it (:attr:`newer`); the player is told."""
        self.newer.add(name)
        self.warn(f"{name} {said}: it was left as it is, and this version will not change it")

    def set_aside(self, name: str, reason: str) -> Path | None:
        """Move a file that cannot be used to ``NAME.bad-<UTC time>`` and warn about it.

        Only a regular file is moved: a symbolic link, a FIFO, a device or a folder of that
        name is left as it is (warned). A store that only reads (:attr:`read_only`) moves
        nothing: it warns that the file was left as it is. Returns the new path, or None if
        the file was not moved (also warned).
        """
        path = self.path(name)
        if self.read_only:
            self.warn(f"{name} could not be read ({reason}); it was left as it is")
            return None
        if name in self.unreadable:
            self.warn(f"{name} could not be read ({reason}): {UNREADABLE_KEPT}")
            return None
        if held.SUPPORTED:
            return self._set_aside_held(name, reason)
        try:
            info = os.lstat(path)
        except OSError as err:
            self.warn(f"{name} could not be read ({reason}) and could not be moved aside ({_why(err)})")
            return None
        if not stat.S_ISREG(info.st_mode):
            self.warn(f"{name} could not be read ({reason}); it is {file_kind(info.st_mode)}, not a plain "
                      "file, so it was left as it is")
            return None
        stamp = utc_stamp()
        target = path.with_name(f"{path.name}.bad-{stamp}")
        n = 1
        while os.path.lexists(target):
            n += 1
            target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        try:
            os.replace(path, target)
        except OSError as err:
            self.warn(f"{name} could not be read ({reason}) and could not be moved aside ({_why(err)})")
            return None
        self.warn(f"{name} could not be read ({reason}); it was kept as {target.name}")
        return target

    def _set_aside_held(self, name: str, reason: str) -> Path | None:
        """:meth:`set_aside` in the file's folder held on a descriptor (every link on the
        way checked, the data folder's own path too: :func:`game.held.held_folder`)."""
        folder, _, base = name.rpartition("/")
        try:
            with held.held_folder(self.root, folder) as where:
                info = os.stat(base, dir_fd=where, follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode):
                    self.warn(f"{name} could not be read ({reason}); it is {file_kind(info.st_mode)}, "
                              "not a plain file, so it was left as it is")
                    return None
                stamp = utc_stamp()
                target, n = f"{base}.bad-{stamp}", 1
                while _exists_in(where, target):
                    n += 1
                    target = f"{base}.bad-{stamp}-{n}"
                os.replace(base, target, src_dir_fd=where, dst_dir_fd=where)
        except OSError as err:
            self.warn(f"{name} could not be read ({reason}) and could not be moved aside ({_why(err)})")
            return None
        self.warn(f"{name} could not be read ({reason}); it was kept as {target}")
        return self.path(name).with_name(target)


def _open_below(root: int, folder: str, flags: int, through_link: bool) -> int:
    """The data folder's ``folder`` opened with ``flags`` from the data folder open on
    ``root``. A link in its place is followed only when ``through_link``, and then, where
    names can be walked (:data:`game.held.SUPPORTED`), on descriptors with the link
    checked (:func:`game.held.hold`, ForeignLink): a link swapped in after the caller's
    look at it leads nowhere unchecked. Otherwise ELOOP (an OSError) for a link."""
    if not through_link:
        return os.open(folder, flags | _O_NOFOLLOW, dir_fd=root)
    if not held.SUPPORTED:
        return os.open(folder, flags, dir_fd=root)
    hold = held.hold(root, folder)
    try:
        return held.reopen(hold, flags)
    finally:
        os.close(hold)


def _exists_in(where: int, name: str) -> bool:
    """Something has the name ``name`` in the folder held by ``where`` (a link too)."""
    try:
        os.stat(name, dir_fd=where, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def _remove_regular(where: int | Path, name: str) -> None:
    """Delete the file ``name`` of an open folder (a descriptor, or its checked path) when
    it is a regular file; FileRefused (saying what it is) when it is not, OSError when it
    cannot be removed (FileNotFoundError when it is not there)."""
    if isinstance(where, int):
        info = os.stat(name, dir_fd=where, follow_symlinks=False)
    else:
        info = os.lstat(where / name)
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"it is {file_kind(info.st_mode)}")
    if isinstance(where, int):
        os.unlink(name, dir_fd=where)
    else:
        os.unlink(where / name)


class LogFile(logging.Handler):
    """``log.txt``: one line per message, never more, written only to a regular file.

    Every record is made :func:`printable` whole, so no text from a file (a settings key, a
    replay line, a file name) can start a line of its own or send a control sequence to
    whoever reads the log. At ``limit`` bytes the file rolls over to ``log.txt.1`` (a
    rename over a regular file of that name, or none). When the file
    cannot be written any more, or ``log.txt.1`` is not a regular file (a link, a FIFO…),
    logging stops quietly: the game goes on.
    """

    def __init__(self, path: Path, limit: int = _LOG_BYTES) -> None:
        super().__init__()
        self.path = path
        #: as :class:`logging.FileHandler` names its file, so a second open_log finds it
        self.baseFilename = str(path)
        self.limit = limit
        #: the log's folder, held for the handler's life where it can be (every link on
        #: the way checked once, :func:`_hold_folder`): the file is opened and rolled
        #: over in that very folder, never through its path, which its owner could swap
        #: for a link meanwhile; None: by name
        self.folder = _hold_folder(path.parent)
        try:
            self.stream: BinaryIO | None = open_log_file(path, self.folder)
        except BaseException:
            self._release_folder()
            raise

    def emit(self, record: logging.LogRecord) -> None:
        """Write one record as one line."""
        if self.stream is None:
            return
        try:
            data = (printable(self.format(record), limit=None) + "\n").encode("utf-8")
            if self.stream.tell() + len(data) > self.limit:
                self._roll_over()
            if self.stream is not None:
                self.stream.write(data)
                self.stream.flush()
        except (OSError, FileRefused):
            self._stop()

    def _roll_over(self) -> None:
        self._stop()
        name, older = self.path.name, self.path.name + ".1"
        if self.folder is None:
            name, older = str(self.path), str(self.path.with_name(older))
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.stat(older, dir_fd=self.folder, follow_symlinks=False).st_mode):
                return  # only a regular file is written over: the log stops here
        os.replace(name, older, src_dir_fd=self.folder, dst_dir_fd=self.folder)
        self.stream = open_log_file(self.path, self.folder)

    def _stop(self) -> None:
        if self.stream is not None:
            with contextlib.suppress(OSError):
                self.stream.close()
            self.stream = None

    def close(self) -> None:
        """Close the file (logging.shutdown calls this at exit)."""
        self.acquire()
        try:
            self._stop()
            self._release_folder()
        finally:
            self.release()
        super().close()

    def _release_folder(self) -> None:
        if self.folder is not None:
            with contextlib.suppress(OSError):
                os.close(self.folder)
            self.folder = None


def _hold_folder(folder: Path) -> int | None:
    """An ``O_PATH`` descriptor of the data folder ``folder``, every link on the way to it
    checked (:func:`game.held.hold_path`), to make and rename files in with ``dir_fd``;
    None where names cannot be walked so (:data:`game.held.SUPPORTED`): the caller then
    goes by name. Raises ForeignLink (a link another user may have made), or OSError
    (NotADirectoryError when it is not a folder)."""
    if not held.SUPPORTED:
        return None
    fd = held.hold_path(folder)
    if not stat.S_ISDIR(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotADirectoryError(errno.ENOTDIR, "it is not a folder", str(folder))
    return fd


def open_log_file(path: Path, where: int | None = None) -> BinaryIO:
    """``path`` opened to append (its name in the folder held by ``where``, when given),
    only when it is (or is made as) a regular file with no other name: a symbolic link is
    never followed, a FIFO or a device never opened (and one opened in a race is closed at
    once), a hard link to a file elsewhere refused. Raises FileRefused with the reason, or
    OSError."""
    name = path.name if where is not None else str(path)
    new = False
    try:
        info = os.stat(name, dir_fd=where, follow_symlinks=False)
    except FileNotFoundError:
        new = True
    else:
        if stat.S_ISLNK(info.st_mode):
            raise FileRefused("it is a symbolic link")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("it is not a regular file")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | _O_NOFOLLOW | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC
    try:
        fd = os.open(name, flags, 0o600, dir_fd=where)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise FileRefused("it is a symbolic link") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("it is not a regular file")
        if info.st_nlink != 1:
            raise FileRefused("it has other names (a hard link): it may be a file outside the data folder")
        if new:  # (as root, a new log is its folder's owner's)
            held.own_as(fd, None, held.folder_info(where, path.parent))
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "ab")


def open_log(store: Store, level: int = logging.INFO) -> Path | None:
    """Send the game's log messages to ``log.txt`` in the data directory (kept small).

    Returns the log file's path, or None when it cannot be opened (the game goes on; a
    ``log.txt`` that is a link, a FIFO, a device or a hard link is refused with a warning).
    """
    path = store.path(LOG_NAME)
    root = logging.getLogger("game")
    for existing in root.handlers:
        if getattr(existing, "baseFilename", None) in (str(path), str(path.absolute())):
            return path
    try:
        held.make_folders(store.root)
        handler = LogFile(path, _LOG_BYTES)
    except (FileRefused, held.ForeignLink) as err:
        store.warn(f"{LOG_NAME} is not used: {err}; the game goes on without a log")
        return None
    except OSError as err:
        log.warning("the log file %s cannot be opened: %s", printable(str(path)), _why(err))
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(min(root.level or level, level))
    return path


#: the file a running window of the game holds locked, so that a second copy of the game
#: on the same data folder knows it is the second (never deleted: an unlocked file is free)
LOCK_FILE = "instance.lock"
#: what a second copy's window says of the data folder it does not write
SHARED = "another copy of the game is using the data folder, so this window saves nothing"
#: the locked files this process holds, open until it ends (the lock goes with it)
_held: list[int] = []


def _open_lock(path: Path) -> int:
    """The lock file open to read and write: made anew, or an old one that is a regular
    file. On Linux (with ``/proc``) it is made or found in the data folder held on a
    descriptor (:func:`_hold_folder`: a folder on the way swapped for another user's link
    leads nowhere), and an old one is first taken hold of without opening it (``O_PATH``),
    so that a FIFO or a device put there, even in a race, is never opened; FileRefused
    says what it is instead (ForeignLink: a link on the way is not followed)."""
    flags = os.O_RDWR | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC
    where = _hold_folder(path.parent)
    name = path.name if where is not None else str(path)
    try:
        try:  # new: a plain file (as root, its folder's owner's)
            fd = os.open(name, flags | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW, 0o600, dir_fd=where)
        except FileExistsError:
            pass
        else:
            held.own_as(fd, None, held.folder_info(where, path.parent))
            return fd
        if where is None:
            return os.open(name, flags | _O_NOFOLLOW)
        hold = os.open(name, _O_PATH | _O_NOFOLLOW | _O_CLOEXEC, dir_fd=where)  # (a link is held as a link)
        try:
            mode = os.fstat(hold).st_mode
            if not stat.S_ISREG(mode):
                raise FileRefused(file_kind(mode))
            return held.reopen(hold, flags)
        finally:
            os.close(hold)
    finally:
        if where is not None:
            os.close(where)


def hold_data_folder(store: Store) -> bool | None:
    """Take the data folder for this process: an advisory lock on :data:`LOCK_FILE`,
    held until the process ends (a crash or a kill lets it go, so a stale lock is never
    left). True when taken (or held already); False when another running copy of the
    game holds it; None when it cannot be told (no such lock on this system, a folder
    where no file can be made, a ``instance.lock`` that is a link, a FIFO or a device,
    which is not opened where ``/proc`` is mounted: see :func:`_open_lock`): the game
    then goes on as one copy would.

    Two windows on one data folder would each save over the other's game in progress,
    statistics and progress, and the second to close would count the first's game as
    given up; the second copy opens its store read-only instead (see :data:`SHARED`)."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks of this kind
        return None
    path = store.path(LOCK_FILE)
    for fd in _held:
        with contextlib.suppress(OSError):
            if os.path.samestat(os.fstat(fd), os.stat(path)):
                return True
    unheld = (f"{LOCK_FILE} is {{}}, not a plain file, so it was left as it is; a second copy of the "
              "game on this data folder would not be noticed")
    try:
        held.make_folders(store.root)
        fd = _open_lock(path)
    except FileRefused as err:
        store.warn(unheld.format(err))
        return None
    except held.ForeignLink as err:
        store.warn(f"{LOCK_FILE} was not made: {err}; a second copy of the game on this data folder "
                   "would not be noticed")
        return None
    except OSError as err:
        if os.path.islink(path):
            store.warn(unheld.format("a symbolic link"))
        elif os.path.isdir(path):
            store.warn(unheld.format("a folder"))
        else:
            log.info("the data folder cannot be locked (%s): going on as the only copy", _why(err))
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            store.warn(unheld.format("a FIFO or a device"))
            return None
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as err:
        os.close(fd)
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        return None
    _held.append(fd)
    return True
