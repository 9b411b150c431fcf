"""Files a person asks a command to write: the CSV of ``solve``/``demo --out``, the
campaign files of ``levels build --out DIR``, the PNG of ``screenshot`` and ``levels chart``.

The name given may be anything, and the program may run as root, so nothing but the
user's own regular file is ever replaced:

- The output is checked before the work starts (:func:`check_output`), so a name that
  cannot be written is refused at once with the reason, not after minutes of work; it is
  looked at again when it is written (:func:`write_output`).
- A regular file, new or old, is written atomically: a temporary file in the same folder,
  flushed to the disk, renamed over the name. A new file gets the mode the user's umask
  gives (``0666 & ~umask``: 0644 with the usual umask); a file replaced keeps its mode,
  and its owner when root replaces it.
- Every symbolic link on the way (among the name's folders, the name itself, and each
  link a link leads to) is followed only when it is the user's own or root's (root
  follows only its own, in folders of root's: :func:`game.paths.foreign_link`); any
  other is refused, however much the user running the command may write. The program
  follows the links itself, one name at a time as the system does, so it keeps the
  system's rule against links in shared folders (Linux's protected_symlinks) itself,
  and more strictly: in every folder, not only ``/tmp``.
- A symbolic link to a regular file: the file it points to is replaced as above, and the
  link stays a link, but only when that file is of the kind the name says: its name ends
  as the output's kind needs (``.png`` for a picture) or else as the link's does
  (``.csv``…), and a link whose name has no extension leads to a file of its very name.
  So a link ``shot.png`` to ``/etc/hostname``, or ``results`` to ``victim.conf`` or to
  ``/etc/passwd``, is refused.
- ``-``, and a name that is this process's own standard output or error
  (``/dev/stdout``, ``/dev/fd/2``), is written to that stream.
- A picture (an output whose name must end in ``.png``) is never written onto a terminal,
  where its bytes would show as garbage and could work the terminal's control sequences:
  ``-`` or a device that is one is refused, when checked and when written.
- The only devices written are terminals and the devices that keep nothing
  (:data:`SINKS`: ``/dev/null``, ``/dev/zero``, ``/dev/full``); any other character device
  (``/dev/mem``, ``/dev/port``, a serial line, ``/dev/urandom``, ``/dev/ptmx``) is refused,
  root or not, and on Linux before it is opened (opening a watchdog arms it, a tape's
  rewinds it): a terminal is known there by its device number.
- A character device (``/dev/null``, a terminal) and a FIFO are written as a stream:
  opened for writing, never created, truncated, renamed or removed. A device is opened
  when it is checked too, so one that cannot be (``/dev/tty`` with no terminal) is
  refused before the work. A FIFO is opened without waiting for a reader: when no program
  has it open for reading within :data:`FIFO_WAIT` seconds the output is refused, since a
  write into a FIFO that nobody reads would wait for ever; and it is written without
  waiting either, so when its reader takes none of the bytes for :data:`FIFO_STALL`
  seconds (it opened the FIFO and never reads) the write is given up with an error.
- Text that took long to make (``solve --out``'s CSV: ``write_output(…, rescue=…)``) and
  cannot be saved is written to standard output instead, unless that is the output that
  failed; the error says where it went. A picture is not (it is made again in seconds).
- Refused, with the reason: an empty name; a folder (or a name ending in ``/``); a block
  device (a disk: an image written onto it would destroy what it holds); a socket; a
  symbolic link to nothing; a folder that does not exist; a path through a file; a folder
  where no file can be made (read-only, ``/proc``); a read-only file (one the user may not
  write, or that nobody may write: root is refused it too).

Pure Python: the commands that draw a PNG make its bytes first and hand them here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from . import held
from .console import is_closed, is_terminal
from .engine.echo import shown
from .paths import foreign_link

#: how long a FIFO may go without a reader before the output is refused, in seconds
FIFO_WAIT = 5.0

#: how long the reader of a FIFO may take none of the bytes before the write is given up,
#: in seconds (a slow reader is waited on as long as it takes some now and then)
FIFO_STALL = 30.0

#: the kinds of output
STDOUT, STDERR, DEVICE, FIFO, FILE = "standard output", "standard error", "device", "FIFO", "file"

#: the endings of outputs whose bytes are not text (a picture): never written onto a terminal
BINARY_SUFFIXES = (".png",)


class OutputError(OSError):
    """An output that cannot be written: the message names it and says why. Nothing was
    replaced."""

    #: whether the bytes went to standard output instead (see write_output's ``rescue``)
    rescued = False
    #: why, without the name (the message's end), where the one who raised it tells
    #: (:func:`check_output_folder`), for a caller that names the output its own way
    why = ""


class _Refused(Exception):
    """Why a name cannot be written (the message is completed by the caller)."""


@dataclass(frozen=True)
class Output:
    """A checked output: what the name is, and where the bytes go."""

    name: str  # as the person gave it
    kind: str  # STDOUT, STDERR, DEVICE, FIFO or FILE
    #: FILE: the regular file to replace (symbolic links followed); DEVICE, FIFO: what to
    #: open (the name's own path, or the name itself for an open file of /proc: /dev/fd/N)
    path: Path | None
    #: the ending a file's name must have (".png"), as check_output was given it
    suffix: str | None = None

    @property
    def binary(self) -> bool:
        """Whether the bytes are not text (a PNG), so a terminal is refused them."""
        return self.suffix in BINARY_SUFFIXES

    @property
    def is_stdout(self) -> bool:
        """Whether the bytes go to standard output, so a command prints its messages to
        standard error instead."""
        return self.kind == STDOUT

    @property
    def shown(self) -> str:
        """The name as a message shows it (cut short, odd characters escaped)."""
        return shown(self.name)


def check_output(name: str | os.PathLike[str], *, what: str = "--out", suffix: str | None = None) -> Output:
    """The output ``name`` names, checked before any work: raises OutputError with the
    reason when it cannot be written (see the module's docstring).

    ``what`` names the argument in the message; ``suffix`` (``".png"``) is the ending a
    file's name must have, since the file type follows it (devices, FIFOs and standard
    output take the bytes whatever their name).
    """
    text = os.fspath(name)
    try:
        output = _classify(text, suffix)
        if output.kind == FILE:
            assert output.path is not None
            _probe(output.path.parent)
        elif output.kind == DEVICE:
            assert output.path is not None
            os.close(_open_device(output.path, binary=output.binary, check=True))
        else:
            _check_stream(output)
    except _Refused as why:
        raise OutputError(f"{what} {shown(text)}: {why}") from None
    return output


def write_output(output: Output, data: bytes, *, rescue: str | None = None) -> None:
    """Write ``data`` to a checked output; raises OutputError (nothing replaced).

    The name is looked at again first, so a name that became something else during the
    work (a folder, a device) is treated as what it is now.

    ``rescue`` names text that took long to make (``"the CSV"``): when it cannot be saved,
    it is written to standard output instead, unless standard output is the output that
    failed, and the error says so (its ``rescued`` is then True); a picture is not
    rescued (it is made again in seconds, and standard output may be a terminal).
    """
    try:
        _write(output, data)
    except OutputError as err:
        if rescue is None:
            raise
        raise _rescued(err, output, data, rescue) from None


def _write(output: Output, data: bytes) -> None:
    """Write ``data`` to a checked output, looked at again first; raises OutputError."""
    now = output
    try:
        now = _classify(output.name, output.suffix)
        if now.kind in (STDOUT, STDERR):
            _check_stream(now)
            _write_stream(sys.stdout if now.kind == STDOUT else sys.stderr, data)
        elif now.kind == FILE:
            assert now.path is not None
            _replace(now.path, data)
        else:
            assert now.path is not None
            _write_special(now.path, now.kind, data, binary=now.binary)
    except _Refused as why:
        raise OutputError(f"could not save {output.shown}: {why}") from None
    except OSError as err:
        if isinstance(err, BrokenPipeError) and now.kind == STDOUT:
            raise  # the reader of standard output went away: the command line ends quietly
        raise OutputError(f"could not save {output.shown}: {reason(err)}") from None


def _rescued(err: OutputError, output: Output, data: bytes, rescue: str) -> OutputError:
    """The error of a failed write, after ``data`` is written to standard output if that
    is not the output that failed."""
    if output.kind == STDOUT or _is_stdout(output.name) or is_closed(sys.stdout):
        return err
    try:
        _write_stream(sys.stdout, data)
    except Exception as failed:  # an OSError, or the command line's StandardOutputError around one
        cause = getattr(failed, "error", failed)
        why = reason(cause) if isinstance(cause, OSError) else str(cause)
        return OutputError(f"{err}; nor could {rescue} be written to standard output ({why})")
    saved = OutputError(f"{err}; {rescue} went to standard output instead")
    saved.rescued = True
    return saved


def _is_stdout(name: str) -> bool:
    """Whether ``name`` is now this process's standard output (``/dev/stdout``)."""
    try:
        return os.path.samestat(os.stat(name), os.fstat(1))
    except (OSError, ValueError):
        return False


def check_output_folder(name: str | os.PathLike[str], *, what: str = "--out") -> Path:
    """A folder that files will be written into (``levels build --out DIR``), checked
    before any work: an existing folder (or a link to one) where a file can be made, or a
    new one whose parent is such a folder. Nothing is made; raises OutputError."""
    text = os.fspath(name)
    try:
        if not text:
            raise _Refused("no folder name given")
        path = Path(text)
        try:
            info = os.stat(path)
        except FileNotFoundError:
            if os.path.islink(path):
                raise _Refused("it is a symbolic link to a folder that does not exist") from None
            _check_parent(text)
            new = _followed(text, None)
            _probe(new.parent)
            return new
        except OSError as err:
            raise _Refused(_path_reason(text, err)) from None
        real = _followed(text, info)
        if not stat.S_ISDIR(info.st_mode):
            raise _Refused("it is not a folder")
        _probe(real)
        return path
    except _Refused as refused:
        error = OutputError(f"{what} {shown(text)}: {refused}")
        error.why = str(refused)
        raise error from None


def make_output_folder(path: Path) -> None:
    """Make a folder checked by :func:`check_output_folder` if it is not there yet;
    raises OutputError."""
    try:
        path.mkdir(exist_ok=True)
    except OSError as err:
        raise OutputError(f"could not make the folder {shown(path)}: {reason(err)}") from None
    if not path.is_dir():
        raise OutputError(f"could not make the folder {shown(path)}: something else is there")


# ----- what a name is --------------------------------------------------------------


def _classify(text: str, suffix: str | None) -> Output:
    """What the name ``text`` is now, as an Output; raises _Refused."""
    if text == "":
        raise _Refused("no file name given")
    if text == "-":
        return Output(text, STDOUT, None, suffix)
    try:
        info = os.stat(text)
    except FileNotFoundError:
        if os.path.islink(text):
            raise _Refused("it is a symbolic link to a file that does not exist") from None
        return _new_file(text, suffix)
    except OSError as err:
        raise _Refused(_path_reason(text, err)) from None
    for fd, kind in ((1, STDOUT), (2, STDERR)):
        with contextlib.suppress(OSError):
            if os.path.samestat(info, os.fstat(fd)):
                return Output(text, kind, None, suffix)
    # every symbolic link on the way is checked before anything is opened or made
    real = _followed(text, info)
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise _Refused("it is a folder (give the name of a file in it)")
    if stat.S_ISCHR(mode):
        return Output(text, DEVICE, real, suffix)
    if stat.S_ISFIFO(mode):
        return Output(text, FIFO, real, suffix)
    if stat.S_ISBLK(mode):
        raise _Refused("it is a block device (a disk); nothing is written onto one")
    if not stat.S_ISREG(mode):
        raise _Refused("it is not a regular file (a socket, say); nothing is written there")
    _check_suffix(text, suffix)
    if os.path.islink(text):
        _check_link(text, real, suffix)
    # root may write any file, so its mode is asked too: a file nobody may write is kept
    if not os.access(real, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise _Refused("the file is read-only")
    return Output(text, FILE, real, suffix)


def _new_file(text: str, suffix: str | None) -> Output:
    """A name that does not exist yet: its folder must exist and be a folder."""
    if text.endswith(("/", os.sep)) or os.path.basename(text) in ("", ".", ".."):
        raise _Refused("it names a folder (give the name of a file)")
    _check_suffix(text, suffix)
    _check_parent(text)
    return Output(text, FILE, _followed(text, None), suffix)


def _check_parent(text: str) -> None:
    """The folder a new name ``text`` would be made in must exist and be a folder; raises
    _Refused (the folder named as given)."""
    parent = os.path.dirname(text) or os.curdir
    try:
        info = os.stat(parent)
    except FileNotFoundError:
        raise _Refused(f"the folder {shown(parent)} does not exist") from None
    except OSError as err:
        raise _Refused(_path_reason(parent, err)) from None
    if not stat.S_ISDIR(info.st_mode):
        raise _Refused(f"{shown(parent)} is not a folder")


#: the most symbolic links a name may go through, as Linux allows (MAXSYMLINKS)
MAX_LINKS = 40


def _followed(text: str, info: os.stat_result | None) -> Path:
    """The path ``text`` leads to, with no symbolic link left in it, every link on the way
    checked by :func:`_check_link_owner`: the links among its folders, the name itself and
    each link a link leads to. ``info`` is what os.stat says the name is (None: nothing is
    there yet); what the links lead to must be that very thing, or the name changed while
    it was looked at. For a pipe or socket opened by this process and named through /proc
    (``/dev/fd/63`` of ``>(…)``), which has no path, the name itself. Raises _Refused.

    The program follows the links itself here (as os.path.realpath did), so it applies
    the system's rule against links in shared folders (Linux's protected_symlinks) itself,
    more strictly and in every folder: see :func:`_check_link_owner`.
    """
    if os.name != "posix":  # no owners to ask: the links as the system follows them
        return Path(os.path.realpath(text))
    reached = _walk(text)
    if reached is None:
        if info is None or stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode):
            raise _Refused("it leads through /proc to an open file with no name; give the file's own name")
        return Path(text)
    try:
        now: os.stat_result | None = os.stat(reached)
    except FileNotFoundError:
        now = None
    except OSError as err:
        raise _Refused(_path_reason(reached, err)) from None
    if (now is None) != (info is None) or (now is not None and info is not None
                                           and not os.path.samestat(now, info)):
        raise _Refused(f"its symbolic links lead to {shown(reached)}, which is not what the name is "
                       "(it changed while it was looked at, or it is an open file whose name is gone)")
    return Path(reached)


def _walk(text: str) -> str | None:
    """Follow the name ``text`` one name at a time as the system does (``..`` after a link
    is the folder above where the link leads), checking each symbolic link before it is
    followed; the path reached, or None for an open file of /proc with no path. Raises
    _Refused."""
    try:
        here = "/" if text.startswith("/") else os.getcwd()
    except OSError as err:
        raise _Refused(f"the current folder cannot be found ({reason(err)})") from None
    todo = text.split("/")[::-1]
    links = 0
    while todo:
        part = todo.pop()
        if part in ("", "."):
            continue
        if part == "..":
            here = os.path.dirname(here)
            continue
        path = os.path.join(here, part)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            if any(rest not in ("", ".") for rest in todo):
                raise _Refused(f"the folder {shown(path)} does not exist") from None
            return path
        except OSError as err:
            raise _Refused(_path_reason(path, err)) from None
        if stat.S_ISLNK(info.st_mode):
            links += 1
            if links > MAX_LINKS:
                raise _Refused("its symbolic links go round in a loop")
            _check_link_owner(path, info, here, named=links == 1 and not todo)
            try:
                target = os.readlink(path)
            except OSError as err:
                raise _Refused(_path_reason(path, err)) from None
            if _no_path(target, here, info):
                # an open pipe or socket of /proc/PID/fd ("pipe:[1234]"): no path goes on
                if todo:
                    raise _Refused(f"{shown(path)} is an open file, not a folder")
                return None
            if target.startswith("/"):
                here = "/"
            todo.extend(target.split("/")[::-1])
            continue
        if todo and not stat.S_ISDIR(info.st_mode):
            raise _Refused(f"{shown(path)} is a file, not a folder")
        here = path
    return here


def _no_path(target: str, folder: str, info: os.stat_result) -> bool:
    """Whether a link's text ``target`` names no path: a link of /proc to an open pipe or
    socket (``pipe:[1234]``), where ``/proc/self``'s ``1234`` is a folder beside it."""
    if target.startswith("/") or os.path.lexists(os.path.join(folder, target.split("/")[0])):
        return False
    try:
        return info.st_dev == os.stat("/proc").st_dev
    except OSError:
        return False


def _check_link_owner(path: str, info: os.stat_result, folder: str, *, named: bool) -> None:
    """A symbolic link at ``path``, in ``folder``, is followed only by the rule of
    :func:`game.paths.foreign_link`: the user's own or root's; for root, only root's own
    in a folder of root's (``/bin``, ``/dev/stdout``). Anyone else's link may lead
    wherever that user chose. ``named``: the link is the name as given (the message says
    "it"). Raises _Refused."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:
        return
    owner = info.st_uid
    try:
        folder_owner = os.lstat(folder).st_uid
    except OSError:
        folder_owner = -1
    if not foreign_link(owner, folder_owner):
        return
    who = "it" if named else shown(path)
    if owner == geteuid():
        raise _Refused(f"{who} is a symbolic link in a folder of another user, who may have "
                       "put it there; nothing is written through it")
    raise _Refused(f"{who} is a symbolic link that another user (uid {owner}) made; nothing is "
                   "written through it")


def _check_link(text: str, real: Path, suffix: str | None) -> None:
    """A symbolic link ``text`` to the regular file ``real`` is written through only when
    that file is of the kind the link's name says: its name ends with the ending the output
    needs (``suffix``: ``.png``) or, without one, with the link's own extension (``.csv``);
    a link whose name has no extension says nothing of the kind, so the file must have the
    link's very name (``results`` to ``../runs/results``). Case is not minded. Raises
    _Refused."""
    name = os.path.basename(text).lower()
    wanted = suffix or os.path.splitext(name)[1]
    if wanted and not real.name.lower().endswith(wanted):
        raise _Refused(f"it is a symbolic link to {shown(real)}, which is not a {wanted} file; nothing "
                       "is written through it (give the file's own name)")
    if not wanted and real.name.lower() != name:
        raise _Refused(f"it is a symbolic link to {shown(real)}, a file of another name, and its own name "
                       "has no extension to tell what that file is; nothing is written through it (give "
                       "the file's own name)")


def _check_suffix(text: str, suffix: str | None) -> None:
    if suffix is not None and not os.path.basename(text).lower().endswith(suffix):
        raise _Refused(f"the file is written as {suffix[1:].upper()}: give a name ending in {suffix}")


def _path_reason(text: str, err: OSError) -> str:
    """Why a name cannot even be looked at; a path through a file names that file."""
    if err.errno == errno.ENOTDIR:
        for place in reversed(Path(text).parents):
            if place.exists() and not place.is_dir():
                return f"{shown(place)} is a file, not a folder"
    if err.errno == errno.ELOOP:
        return "its symbolic links go round in a loop"
    return reason(err)


def _probe(folder: Path) -> None:
    """Make and remove a temporary file in ``folder``: the one sure test that a file can
    be made there (permissions, a read-only disk, ``/proc``, root's exceptions)."""
    with _folder_held(folder) as where:
        try:
            fd, tmp = _temporary(where, folder, ".check-")
        except OSError as err:
            # ENOENT for a folder that exists: a file system that takes no new files (/proc)
            why = "it takes no new files" if err.errno == errno.ENOENT else reason(err)
            raise _Refused(f"no file can be made in {shown(folder)} ({why})") from None
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=where)


def reason(err: OSError) -> str:
    """Why a file could not be looked at, made or written, in a few words for a person
    (``the disk is full``, ``the name is too long``)."""
    if err.errno == errno.ENOSPC:
        return "the disk is full"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if err.errno == errno.EROFS:
        return "the disk is read-only"
    if err.errno == errno.ENAMETOOLONG:
        return "the name is too long"
    if err.errno in (errno.ENXIO, errno.ENODEV):  # /dev/tty with no terminal, a device unplugged
        return "there is no such device"
    return err.strerror or str(err)


# ----- writing ---------------------------------------------------------------------


def _write_stream(stream: TextIO, data: bytes) -> None:
    """Bytes onto standard output or error, after the text already written there."""
    stream.flush()
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        binary.write(data)
        binary.flush()
    else:  # a text stream with no bytes behind it (output captured in memory)
        stream.write(data.decode("utf-8", errors="replace"))
        stream.flush()


#: how a device or a FIFO is opened: for writing, never as this process's terminal
_STREAM_FLAGS = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


#: why a picture is not written onto a terminal (after "standard output is a terminal")
_GARBAGE = "where a PNG shows as garbage"


def _check_stream(output: Output) -> None:
    """Standard output or error must be open (``>&-`` closes it), and takes a picture only
    when it is not a terminal; raises _Refused."""
    if output.kind not in (STDOUT, STDERR):
        return
    stream = sys.stdout if output.kind == STDOUT else sys.stderr
    if is_closed(stream):
        raise _Refused(f"{output.kind} is closed")
    if output.binary and is_terminal(stream):
        raise _Refused(f"{output.kind} is a terminal, {_GARBAGE}: redirect it (> picture.png) or give a "
                       "file's name")


#: the devices that take what is written and keep none of it: the only devices but terminals
#: an output may be (``/dev/full`` fails every write, as a full disk does)
SINKS = ("/dev/null", "/dev/zero", "/dev/full")


def _sinks() -> set[int]:
    """The device numbers of :data:`SINKS` on this system (those it has)."""
    found = set()
    for name in SINKS:
        with contextlib.suppress(OSError):
            info = os.stat(name)
            if stat.S_ISCHR(info.st_mode):
                found.add(info.st_rdev)
    return found


#: why a device is refused
_NOT_A_SINK = ("it is a device that is neither a terminal nor one that drops what it is given "
               "(/dev/null); nothing is written onto a memory or hardware device")

#: Linux's device numbers of terminals: the virtual consoles (major 4, minors below 64),
#: ``/dev/tty`` and ``/dev/console`` (5, 0 and 1) and the pseudo-terminals (136–143);
#: ``/dev/ptmx`` (5, 2) is not one: opening it makes a new terminal that nobody reads
_TERMINAL_MAJORS = range(136, 144)


def _may_open(info: os.stat_result) -> bool:
    """A character device may be opened to be written (and then checked on the open
    file): one of :data:`SINKS`, or on Linux a terminal by its device number. Any other
    device is refused before it is opened, since opening some does something already (a
    watchdog is armed, a tape rewound). Elsewhere device numbers mean other things, and
    the open file alone tells."""
    if not stat.S_ISCHR(info.st_mode):
        return False
    if info.st_rdev in _sinks() or not sys.platform.startswith("linux"):
        return True
    major, minor = os.major(info.st_rdev), os.minor(info.st_rdev)
    return (major == 4 and minor < 64) or (major == 5 and minor in (0, 1)) or major in _TERMINAL_MAJORS


def _open_device(path: Path, *, binary: bool, check: bool = False) -> int:
    """Open a character device for writing, as it is checked (``check``: without waiting,
    should it be a line that waits for a carrier) and as it is written, so that a device
    that cannot be opened (``/dev/tty`` with no terminal, one the user may not write), or a
    terminal for a picture, is refused before any work; raises _Refused."""
    try:
        named, no_follow = _identity(path)
    except OSError as err:
        raise _Refused(f"the device cannot be looked at ({reason(err)})") from None
    if not _may_open(named):
        raise _Refused(_NOT_A_SINK)
    try:
        fd = os.open(path, _STREAM_FLAGS | no_follow | (os.O_NONBLOCK if check else 0))
    except OSError as err:
        raise _Refused(f"the device cannot be opened for writing ({reason(err)})") from None
    problem = None
    info = os.fstat(fd)
    if not (stat.S_ISCHR(info.st_mode) and os.path.samestat(info, named) and info.st_rdev == named.st_rdev):
        # what was opened must be what was checked
        problem = "it changed into something that is not the device it was"
    elif binary and os.isatty(fd):
        problem = f"it is a terminal, {_GARBAGE}: give a file's name"
    elif not os.isatty(fd) and info.st_rdev not in _sinks():
        problem = _NOT_A_SINK
    if problem is not None:
        os.close(fd)
        raise _Refused(problem)
    return fd


def _write_special(path: Path, kind: str, data: bytes, *, binary: bool) -> None:
    """Write onto a device or into a FIFO, as a stream: nothing is created or truncated."""
    fd = _open_fifo(path, _STREAM_FLAGS) if kind == FIFO else _open_device(path, binary=binary)
    try:
        # what was opened must still be what was checked: never a file opened in its place
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
            raise _Refused("it changed into something that is not a device or a FIFO")
        if kind == FIFO:
            _write_fifo(fd, data)
        else:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
    except BrokenPipeError:
        raise _Refused("the program reading it closed it before the end") from None
    finally:
        os.close(fd)


def _write_fifo(fd: int, data: bytes) -> None:
    """Write into a FIFO opened without blocking, waiting for its reader to take more, but
    never more than FIFO_STALL seconds at a time: a reader that opened it and never reads
    (``sleep 40 < f.png``) would otherwise hold the program for ever. Raises _Refused."""
    view = memoryview(data)
    last = time.monotonic()  # when the reader last took some
    while view:
        try:
            view = view[os.write(fd, view):]
            last = time.monotonic()
            continue
        except BlockingIOError:  # the pipe is full: the reader has not taken what it holds
            pass
        left = last + FIFO_STALL - time.monotonic()
        if left <= 0:
            raise _Refused(f"the program reading the FIFO took none of the bytes for {FIFO_STALL:g} s "
                           f"({len(data) - len(view):,} of {len(data):,} bytes written into it)")
        select.select([], [fd], [], left)


def _open_fifo(path: Path, flags: int) -> int:
    """Open a FIFO for writing once a program reads it, waiting at most FIFO_WAIT seconds;
    it stays open without blocking (see :func:`_write_fifo`). It must be the very FIFO
    looked at first: the name is never followed if it became a link meanwhile (to a
    device, say), and what was opened is checked to be that FIFO."""
    try:
        named, no_follow = _identity(path)
    except OSError as err:
        raise _Refused(f"the FIFO cannot be looked at ({reason(err)})") from None
    if not stat.S_ISFIFO(named.st_mode):
        raise _Refused("it changed into something that is not a FIFO")
    deadline = time.monotonic() + FIFO_WAIT
    while True:
        try:
            fd = os.open(path, flags | no_follow | os.O_NONBLOCK)
            break
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise _Refused("it changed into a symbolic link") from None
            if err.errno != errno.ENXIO:  # ENXIO: nobody has it open for reading
                raise
            if time.monotonic() >= deadline:
                raise _Refused(f"no program read the FIFO within {FIFO_WAIT:g} s") from None
            time.sleep(0.05)
    if not os.path.samestat(os.fstat(fd), named):
        os.close(fd)
        raise _Refused("it changed into something that is not the FIFO it was")
    return fd


def _identity(path: Path) -> tuple[os.stat_result, int]:
    """What the link-free ``path`` (see :func:`_followed`) is, and the flag that opens it
    without following a link put there since (``O_NOFOLLOW``). The one link such a path
    may be is /proc's to this process's own open pipe (``/dev/fd/63``, which has no other
    name): no one else can change it, so it is followed."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        if not str(path).startswith(("/proc/", "/dev/fd/")):
            raise _Refused("it changed into a symbolic link")
        return os.stat(path), 0
    return info, getattr(os, "O_NOFOLLOW", 0)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def _folder_held(folder: Path) -> Iterator[int | None]:
    """A descriptor open on ``folder`` (a path with no link in it: :func:`_followed`),
    reached from ``/`` one name at a time on descriptors (:func:`game.held.hold`), so
    that a folder on the way swapped for a link after the check leads nowhere new (a
    link met then is checked as every link is); None where that cannot be done. Raises
    _Refused for another user's link."""
    if not held.SUPPORTED or not folder.is_absolute():
        yield None
        return
    try:
        top = os.open("/", os.O_PATH | os.O_DIRECTORY)
        try:
            fd = held.hold(top, str(folder))  # (an O_PATH descriptor: no read permission needed)
        finally:
            os.close(top)
    except held.ForeignLink as err:
        raise _Refused(f"a folder on the way changed: {err}") from None
    except OSError as err:
        raise _Refused(f"the folder {shown(str(folder))} cannot be reached ({reason(err)})") from None
    try:
        yield fd
    finally:
        os.close(fd)


def _temporary(where: int | None, folder: Path, prefix: str) -> tuple[int, str]:
    """A new temporary file (mode 0600) in the folder held by ``where`` (or ``folder``
    by its name), open to write, and its name there."""
    if where is None:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
        return fd, tmp
    return held.temporary_file(where, prefix.replace("{", "{{").replace("}", "}}") + "{}.tmp")


def _replace(target: Path, data: bytes) -> None:
    """Replace the regular file ``target`` (or make it) atomically with ``data``, in its
    folder held on a descriptor where that can be done (:func:`_folder_held`)."""
    with _folder_held(target.parent) as where:
        _replace_in(where, target, data)


def _replace_in(where: int | None, target: Path, data: bytes) -> None:
    folder = target.parent
    name: str | Path = target.name if where is not None else target
    try:
        old: os.stat_result | None = os.stat(name, dir_fd=where, follow_symlinks=where is None)
    except FileNotFoundError:
        old = None
    if old is not None and stat.S_ISLNK(old.st_mode):  # (a link put in its place since the check)
        raise _Refused("it changed into a symbolic link")
    mode = stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~_umask()
    # the mode and owner are set on the open file, never through its name: in a folder
    # someone else may write, the name could be swapped for a link by then, and a chmod
    # or chown by name (as root) would change whatever it leads to
    try:
        held.replace_with(where, str(name), data, _temporary(where, folder, f".{target.name}."),
                          prepare=lambda fd: held.own_as(fd, mode, old))
    except held.Changed as err:
        raise _Refused(str(err)) from None
    if where is not None:
        held.fsync_folder(where)
    else:
        held.fsync_folder_at(folder)

