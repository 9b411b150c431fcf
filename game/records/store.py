"""Where the game keeps its files, and how it writes and reads them safely.

Every write goes to a temporary file in the same folder, is flushed to the disk and then
renamed over the old file (``os.replace`` is atomic), so a crash or a kill at any instant
leaves either the old file or the new one, complete. Every read is limited in size and
checked; a file that cannot be read is moved aside to ``NAME.bad-<UTC time>`` with a
message (in :attr:`Store.warnings` for the screen, and in the log), and the program goes
on with defaults.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import logging
import logging.handlers
import os
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

APP_NAME = "british-patience"
#: no file the game reads may be larger than this (a long replay is about 20 kB)
MAX_FILE_BYTES = 1_000_000
LOG_NAME = "log.txt"
_LOG_BYTES = 200_000

log = logging.getLogger(__name__)

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class SaveError(OSError):
    """A file could not be written; the message says which and why. The old file is intact."""


class FileRefused(ValueError):
    """A file that is not read: too large, not a regular file, not UTF-8, not the JSON expected."""


def default_data_dir() -> Path:
    """The user data directory platformdirs gives for this game."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def utc_stamp(moment: datetime | None = None) -> str:
    """A UTC time for file names: ``20261122-031500``."""
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")


def utc_iso(moment: datetime | None = None) -> str:
    """A UTC time as ISO 8601 to the second: ``2026-11-22T03:15:00Z``."""
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that the file is always whole.

    The text goes to a temporary file in the same folder, is flushed and fsynced, and is
    renamed over ``path``; the folder is then fsynced so the rename itself is durable.
    Raises SaveError with a clear message (a full disk, no permission…); the old file,
    if any, is then untouched and the temporary file is removed.
    """
    path = Path(path)
    data = text.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise SaveError(f"could not save {path}: {_why(err)}") from err
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise SaveError(f"could not save {path}: {_why(err)} (the previous file is unchanged)") from err
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _why(err: OSError) -> str:
    if err.errno == errno.ENOSPC:
        return "the disk is full"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if err.errno == errno.EROFS:
        return "the disk is read-only"
    return err.strerror or str(err)


def read_limited_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes.

    The size is checked before reading, and at most ``limit + 1`` bytes are ever read, so
    a huge file is never loaded into memory. Raises FileNotFoundError when the file does
    not exist, FileRefused (with the reason, and the line of a bad byte) otherwise.
    """
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise
    except OSError as err:
        raise FileRefused(f"cannot be opened: {_why(err)}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused("it is not a regular file")
    if info.st_size > limit:
        raise FileRefused(f"it is {_size_text(info.st_size)}, more than the {_size_text(limit)} allowed")
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise FileRefused(f"cannot be read: {_why(err)}") from None
    if len(data) > limit:
        raise FileRefused(f"it is more than the {_size_text(limit)} allowed")
    return decode_text(data)


def decode_text(data: bytes) -> str:
    """Bytes as UTF-8 text (a leading byte-order mark is dropped); FileRefused names the line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise FileRefused(f"line {line}: it is not UTF-8 text (byte {err.start + 1})") from None
    return text.removeprefix("\ufeff")


def _size_text(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    if size >= 1000:
        return f"{size / 1000:.0f} kB"
    return f"{size} bytes"


class Store:
    """The data directory: versioned JSON and replay files, read and written safely.

    ``Store(None)`` uses the platformdirs user data directory; tests and ``--data-dir``
    pass their own. Nothing is created until something is written. Problems that the
    player should know about (a file moved aside, a save that failed) are appended to
    :attr:`warnings` (the screen shows them, see :meth:`take_warnings`) and logged.
    """

    def __init__(self, data_dir: Path | str | None = None) -> None:
        self.root = Path(data_dir).expanduser() if data_dir is not None else default_data_dir()
        self.warnings: list[str] = []

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r})"

    def path(self, name: str) -> Path:
        """The path of a file (or folder) in the data directory."""
        return self.root / name

    def warn(self, message: str) -> None:
        """Tell the player something went wrong (on screen and in the log)."""
        self.warnings.append(message)
        log.warning("%s", message)

    def take_warnings(self) -> list[str]:
        """The warnings not yet shown, oldest first; the list is emptied."""
        taken, self.warnings = self.warnings, []
        return taken

    def write_text(self, name: str, text: str) -> Path:
        """Write a file of the data directory atomically; raises SaveError."""
        path = self.path(name)
        atomic_write_text(path, text)
        return path

    def write_json(self, name: str, kind: str, version: int, data: Mapping[str, Any]) -> Path:
        """Write ``data`` as JSON with ``kind`` and ``version`` first; atomic, raises SaveError."""
        document = {"kind": kind, "version": version, **data}
        return self.write_text(name, json.dumps(document, indent=1, ensure_ascii=False) + "\n")

    def read_json(self, name: str, kind: str, version: int,
                  migrations: Mapping[int, Migration] | None = None) -> dict[str, Any] | None:
        """The JSON object of file ``name``, at schema ``version``, or None.

        None means the file does not exist, or could not be read and was moved aside
        (with a warning). An object of an older version goes through ``migrations``:
        ``migrations[v]`` turns a version ``v`` object into a version ``v + 1`` one.
        The caller still checks the contents and calls :meth:`set_aside` if they are wrong.
        """
        path = self.path(name)
        try:
            text = read_limited_text(path)
        except FileNotFoundError:
            return None
        except FileRefused as err:
            self.set_aside(name, str(err))
            return None
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as err:
            self.set_aside(name, f"it is not valid JSON ({err})")
            return None
        if not isinstance(document, dict):
            self.set_aside(name, "it is not a JSON object")
            return None
        if document.get("kind") != kind:
            self.set_aside(name, f"it is not a {kind} file (kind {document.get('kind')!r})")
            return None
        found = document.get("version")
        if type(found) is not int or found < 1:
            self.set_aside(name, "it has no valid schema version")
            return None
        if found > version:
            self.set_aside(name, f"it was written by a newer version of the game (schema {found}, "
                                 f"this one reads up to {version})")
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

    def remove_stale_temporary_files(self, name: str, older_than: float = 60.0) -> int:
        """Remove the temporary files a write of ``name`` left behind when the program was
        killed during it (only ones older than ``older_than`` seconds, so a write in
        progress is left alone). Returns how many were removed."""
        path = self.path(name)
        removed = 0
        now = time.time()
        try:
            candidates = list(path.parent.glob(f".{glob.escape(path.name)}.*.tmp"))
        except OSError:
            return 0
        for tmp in candidates:
            try:
                if now - tmp.stat().st_mtime > older_than:
                    tmp.unlink()
                    removed += 1
            except OSError:
                continue
        return removed

    def set_aside(self, name: str, reason: str) -> Path | None:
        """Move a file that cannot be used to ``NAME.bad-<UTC time>`` and warn about it.

        Returns the new path, or None if the file could not be moved (also warned).
        """
        path = self.path(name)
        stamp = utc_stamp()
        target = path.with_name(f"{path.name}.bad-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        try:
            os.replace(path, target)
        except OSError as err:
            self.warn(f"{name} could not be read ({reason}) and could not be moved aside ({_why(err)})")
            return None
        self.warn(f"{name} could not be read ({reason}); it was kept as {target.name}")
        return target


def open_log(store: Store, level: int = logging.INFO) -> Path | None:
    """Send the game's log messages to ``log.txt`` in the data directory (kept small).

    Returns the log file's path, or None when it cannot be opened (the game goes on).
    """
    path = store.path(LOG_NAME)
    root = logging.getLogger("game")
    for existing in root.handlers:
        if isinstance(existing, logging.FileHandler) and Path(existing.baseFilename) == path.absolute():
            return path
    try:
        store.root.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=_LOG_BYTES, backupCount=1,
                                                       encoding="utf-8")
    except OSError as err:
        log.warning("the log file %s cannot be opened: %s", path, _why(err))
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(min(root.level or level, level))
    return path
