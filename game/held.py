"""Following a name to a file one step at a time, on descriptors, so that no name swapped
meanwhile can lead anywhere unchecked.

A check by name and an open by name are two steps: between them, someone who may write
in a folder on the way can swap a name for a symbolic link to anything. :func:`hold`
walks the name itself, one part at a time, each opened relative to the folder held
before it without following a link (Linux's ``O_PATH | O_NOFOLLOW``): a link is checked
(:func:`game.paths.foreign_link`) and its text read from the very link opened, and what
is reached is held, never looked up by name again. Reading or writing then goes through
what is held (``/proc/self/fd``, ``dir_fd``).

Where this cannot be done (no ``O_PATH``, no ``/proc``), :data:`SUPPORTED` is False and
the callers check by name, as before. Pure Python: nothing here imports a layer.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator

from .paths import foreign_link

_O_PATH = getattr(os, "O_PATH", 0)
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
#: the descriptors of this process by number, through which a held file is opened
_FDS = "/proc/self/fd"
#: a name can be walked this way here
SUPPORTED = bool(_O_PATH) and os.path.isdir(_FDS)
#: the most symbolic links a name may go through, as Linux allows (MAXSYMLINKS)
MAX_LINKS = 40


class ForeignLink(OSError):
    """A symbolic link on the way is not to be followed (:func:`game.paths.foreign_link`)."""


def hold(start: int, name: str, *, follow_last: bool = True, make: bool = False) -> int:
    """An ``O_PATH`` descriptor of what ``name`` leads to from the folder held by
    ``start`` (an absolute ``name`` starts at ``/``). Every symbolic link on the way is
    checked and followed here, on descriptors; the last part's link only when
    ``follow_last``. A missing part of ``name`` itself is made a folder, in the folder
    held before it, when ``make`` (as ``mkdir -p`` would: never a part of a link's text,
    so a link to nothing makes nothing, and never beyond a link not to follow). Raises
    ForeignLink, or the OSError of the part that failed (FileNotFoundError when a part
    is missing). The caller closes the descriptor."""
    here = os.open("/" if name.startswith("/") else ".", _O_PATH | _O_DIRECTORY | _O_CLOEXEC,
                   dir_fd=None if name.startswith("/") else start)
    todo = name.split("/")[::-1]
    #: how many of the last parts in ``todo`` are ``name``'s own (the others, a link's)
    own = len(todo)
    links = 0
    try:
        while todo:
            part = todo.pop()
            mine = len(todo) < own
            own = min(own, len(todo))
            if part in ("", "."):
                continue
            try:
                there = os.open(part, _O_PATH | _O_NOFOLLOW | _O_CLOEXEC, dir_fd=here)
            except FileNotFoundError:
                if not (make and mine) or part == "..":
                    raise
                make_folder_in(here, part)
                there = os.open(part, _O_PATH | _O_NOFOLLOW | _O_CLOEXEC, dir_fd=here)
            info = os.fstat(there)
            if not stat.S_ISLNK(info.st_mode) or not (todo or follow_last):
                os.close(here)
                here = there
                continue
            try:
                if foreign_link(info.st_uid, os.fstat(here).st_uid):
                    raise ForeignLink(f"{part} is a symbolic link that another user may have made; "
                                      "it is not followed")
                links += 1
                if links > MAX_LINKS:
                    raise ForeignLink(f"{part}: too many symbolic links on the way")
                target = os.readlink("", dir_fd=there)  # the text of the very link opened
            finally:
                os.close(there)
            if target.startswith("/"):
                os.close(here)
                here = os.open("/", _O_PATH | _O_DIRECTORY | _O_CLOEXEC)
            todo.extend(target.split("/")[::-1])
        return here
    except BaseException:
        os.close(here)
        raise


#: the mode of a folder the program makes (the data folder, ``recent``, and any folder on
#: the way to the data folder): the XDG base directory specification's, since the file
#: names say which games were played when
FOLDER_MODE = 0o700


def running_as_root() -> bool:
    """The program runs as root (POSIX): what it makes in someone else's folder must then
    be given to that folder's owner, or the owner can no longer change it."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def make_folder_in(where: int | None, name: str) -> None:
    """Make the folder ``name`` in the folder held by ``where`` (a path when None), unless
    something has that name (FileExistsError is swallowed), with :data:`FOLDER_MODE`; as
    root, the new folder is given the owner and group of the folder it is made in (root
    playing with a user's HOME made root's folders in that user's home: the user could
    then make nothing there). The owner is set by the name just made, without following a
    link: one put there meanwhile is changed itself, never what it leads to."""
    try:
        os.mkdir(name, FOLDER_MODE, dir_fd=where)
    except FileExistsError:
        return
    if running_as_root():
        parent = folder_info(where, os.path.dirname(os.path.abspath(name)))
        with contextlib.suppress(OSError):
            os.chown(name, parent.st_uid, parent.st_gid, dir_fd=where, follow_symlinks=False)


def folder_info(where: int | None, folder: str | os.PathLike[str]) -> os.stat_result:
    """The status of the folder held by ``where``, or of the folder named ``folder`` where
    names are not walked on descriptors (``where`` None): whose what is made in it is."""
    return os.fstat(where) if where is not None else os.stat(folder)


def own_as(fd: int, mode: int | None, like: os.stat_result | None) -> None:
    """Give the open file ``fd`` the ``mode`` (None: as made) and, as root, the owner and
    group of ``like`` (the file it replaces, or the folder it is made in), on the
    descriptor, never through a name. Root replacing a user's settings or statistics made
    them root's, mode 0600, and the user could no longer read them."""
    if mode is not None and hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    if like is not None and running_as_root():
        with contextlib.suppress(OSError):
            os.fchown(fd, like.st_uid, like.st_gid)


def reopen(held: int, flags: int) -> int:
    """Open what the ``O_PATH`` descriptor ``held`` holds, with ``flags`` (never by its name)."""
    return os.open(f"{_FDS}/{held}", flags | _O_CLOEXEC)


def hold_path(path: str | os.PathLike[str], *, make: bool = False) -> int:
    """:func:`hold` of a whole path, from ``/`` (or from the current folder for a relative
    one): every link on the way is checked, the data folder's own path too, so that a
    folder its owner swapped for a link while the program runs leads nowhere new. With
    ``make``, missing folders of the path are made on the way (see :func:`hold`)."""
    text = os.fspath(path)
    start = os.open("/" if text.startswith("/") else ".", _O_PATH | _O_DIRECTORY | _O_CLOEXEC)
    try:
        return hold(start, text, make=make)
    finally:
        os.close(start)


def make_folders(path: str | os.PathLike[str]) -> None:
    """Make the folder ``path`` and every missing folder on its way (``mkdir -p``), each
    in the folder held before it, every link on the way checked as :func:`hold` checks
    it: a link that is not to be followed is never gone through, so nothing is made
    where it leads (raises ForeignLink). Where names cannot be walked so
    (:data:`SUPPORTED` is False), the folders are made by name."""
    if not SUPPORTED:
        os.makedirs(path, mode=FOLDER_MODE, exist_ok=True)
        return
    fd = hold_path(path, make=True)
    try:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):
            raise FileExistsError(17, "it is there and not a folder", os.fspath(path))
    finally:
        os.close(fd)


@contextlib.contextmanager
def held_folder(root: str | os.PathLike[str], folder: str) -> Iterator[int]:
    """An ``O_PATH`` descriptor of the folder ``folder`` of ``root`` (``""``: ``root``
    itself), to make, look at and rename files in with ``dir_fd`` (which needs no read
    permission on the folder, as making a file by name needs none). Every link on the
    way is checked, ``root``'s own path included (:func:`hold_path`). Raises ForeignLink
    or the OSError of the part that failed."""
    fd = hold_path(os.path.join(root, folder) if folder else root)
    try:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):
            raise NotADirectoryError(20, "not a folder", folder)
        yield fd
    finally:
        os.close(fd)


def fsync_folder(held: int) -> None:
    """Make a rename in the folder held by ``held`` durable, where the folder may be read
    (an ``O_PATH`` descriptor cannot be synced itself); nothing otherwise."""
    with contextlib.suppress(OSError):
        fd = reopen(held, os.O_RDONLY | _O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def fsync_folder_at(folder: str | os.PathLike[str]) -> None:
    """Make a rename in ``folder`` durable, by its name (POSIX; elsewhere a folder cannot
    be opened), where it may be read; nothing otherwise. Only a folder is opened: a name
    swapped for a FIFO or a device is not."""
    if os.name != "posix":
        return
    flags = os.O_RDONLY | _O_DIRECTORY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(folder, flags | _O_CLOEXEC)
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.fsync(fd)
    os.close(fd)


def temporary_file(where: int, name: str) -> tuple[int, str]:
    """A new, empty file (mode 0600) in the folder held by ``where``, open to write: made,
    never opened if it was there (``O_EXCL``); ``name`` holds ``{}`` where a random part
    goes. Its fd and name there."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC
    for _ in range(100):
        made = name.format(os.urandom(4).hex())
        try:
            return os.open(made, flags, 0o600, dir_fd=where), made
        except FileExistsError:
            continue
    raise FileExistsError(17, "no free name for a temporary file", name)


class Changed(Exception):
    """A name changed under an atomic write (:func:`replace_with`): why, in words."""


def replace_with(where: int | None, target: str, data: bytes, temporary: tuple[int, str], *,
                 prepare: Callable[[int], None] | None = None) -> None:
    """Replace ``target`` with ``data`` atomically, through the new temporary file
    ``temporary`` (its fd, open to write, and its name): both names are in the folder held
    by ``where``, or paths when ``where`` is None.

    The data is written, ``prepare`` gets the open file (to set its mode and owner on the
    descriptor, never through a name), and it is fsynced. Then the temporary name must
    still hold the very file written, and ``target`` must be a regular file or nothing
    (:class:`Changed` otherwise: someone else may write in that folder), and the rename
    is made. On any failure the temporary name is removed (the name only: a link put
    there is not followed) and the error goes on. The caller makes the rename durable
    (the folder's fsync)."""
    fd, tmp = temporary
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if prepare is not None:
                prepare(handle.fileno())
            os.fsync(handle.fileno())
            ours = os.fstat(handle.fileno())
            now_tmp = os.stat(tmp, dir_fd=where, follow_symlinks=False)
            if (now_tmp.st_dev, now_tmp.st_ino) != (ours.st_dev, ours.st_ino):
                raise Changed("its temporary file was replaced while it was written "
                              "(someone else can write in that folder)")
        try:
            now = os.stat(target, dir_fd=where, follow_symlinks=False)
        except FileNotFoundError:
            pass
        else:
            if not stat.S_ISREG(now.st_mode):
                raise Changed("it changed into something that is not a regular file")
        os.replace(tmp, target, src_dir_fd=where, dst_dir_fd=where)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=where)
        raise
