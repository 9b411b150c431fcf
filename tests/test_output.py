"""Outputs a person names (``--out``, ``screenshot OUT``, ``levels chart OUT``): only the
user's own regular file is ever replaced; devices, FIFOs and ``-`` are written as streams;
everything else is refused before any work, with the reason."""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import output as output_module
from game.output import (
    DEVICE,
    FIFO,
    FILE,
    STDOUT,
    OutputError,
    check_output,
    check_output_folder,
    make_output_folder,
    write_output,
)

ROOT = Path(__file__).resolve().parents[1]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@contextlib.contextmanager
def _umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def _assert_dev_null_is_a_device() -> os.stat_result:
    info = os.lstat("/dev/null")
    assert stat.S_ISCHR(info.st_mode), "/dev/null is not a character device on this machine"
    return info


@contextlib.contextmanager
def _dev_null_guarded() -> Iterator[os.stat_result]:
    """The real /dev/null around a test that writes to it: a character device before and
    after. Should the code under test ever replace it again, root gets the device back
    at once (the test fails all the same), so the machine is not left without it."""
    before = _assert_dev_null_is_a_device()
    try:
        yield before
    finally:
        if IS_ROOT and not stat.S_ISCHR(os.lstat("/dev/null").st_mode):
            os.unlink("/dev/null")
            os.mknod("/dev/null", stat.S_IFCHR | 0o666, before.st_rdev)
            os.chmod("/dev/null", 0o666)
        after = _assert_dev_null_is_a_device()
        assert (after.st_rdev, stat.S_IMODE(after.st_mode)) == (before.st_rdev, stat.S_IMODE(before.st_mode))


# ----- regular files ------------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o022, 0o027, 0o002])
def test_a_new_file_gets_the_mode_of_the_users_umask_not_0600(tmp_path: Path, mask: int) -> None:
    path = tmp_path / "deals.csv"
    with _umask(mask):
        out = check_output(str(path))
        write_output(out, b"rules,game\n")
    assert out.kind == FILE
    assert path.read_bytes() == b"rules,game\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    assert _leftovers(tmp_path) == []


def test_an_old_file_is_replaced_whole_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    path.write_bytes(b"old")
    path.chmod(0o640)
    write_output(check_output(str(path)), b"new and whole")
    assert path.read_bytes() == b"new and whole"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deals.csv"
    path.write_bytes(b"old and complete")
    out = check_output(str(path))

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output_module.os, "fsync", full)
    with pytest.raises(OutputError, match=r"could not save .*deals\.csv: the disk is full"):
        write_output(out, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old and complete"
    assert _leftovers(tmp_path) == []


def test_a_symbolic_link_to_a_file_writes_the_file_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real" / "deals.csv"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    out = check_output(str(link))
    assert out.kind == FILE and out.path == target.resolve()
    write_output(out, b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == b"new"
    assert _leftovers(tmp_path) == [] and _leftovers(target.parent) == []


def test_the_file_type_follows_the_name(tmp_path: Path) -> None:
    assert check_output(str(tmp_path / "shot.PNG"), suffix=".png").kind == FILE
    for name in ("shot.txt", "shot", "shot.png.tga"):
        with pytest.raises(OutputError, match=r"written as PNG: give a name ending in \.png"):
            check_output(str(tmp_path / name), what="screenshot", suffix=".png")
    assert list(tmp_path.iterdir()) == []


# ----- devices, FIFOs and standard output ---------------------------------------------


def test_dev_null_is_written_as_a_device_and_stays_one() -> None:
    """The real /dev/null (as root too): written to, never replaced by a file."""
    with _dev_null_guarded() as before:
        out = check_output("/dev/null")
        assert out.kind == DEVICE
        write_output(out, b"x" * 100_000)
        assert os.lstat("/dev/null").st_ino == before.st_ino


def test_a_link_to_dev_null_is_written_as_the_device(tmp_path: Path) -> None:
    link = tmp_path / "out.csv"
    link.symlink_to("/dev/null")
    with _dev_null_guarded() as before:
        out = check_output(str(link))
        assert out.kind == DEVICE
        write_output(out, b"rows\n")
        assert os.lstat("/dev/null").st_ino == before.st_ino
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


def test_solve_out_dev_null_leaves_dev_null_a_device() -> None:
    """The defect as it was found: ``solve … --out /dev/null`` run as root replaced
    /dev/null with a regular file."""
    with _dev_null_guarded() as before:
        done = subprocess.run([sys.executable, "main.py", "solve", "union-square", "--range", "1-2",
                               "--budget", "2", "--out", "/dev/null"], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert os.lstat("/dev/null").st_ino == before.st_ino
    assert done.returncode == 0, done.stderr
    assert "deals           2" in done.stdout


@needs_fifo
def test_a_fifo_is_written_as_a_stream_to_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    data = bytes(range(256)) * 1000  # more than a pipe holds: the writes wait for the reader

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read)
    reader.start()
    out = check_output(str(fifo))
    assert out.kind == FIFO
    write_output(out, data)
    reader.join(10)
    assert not reader.is_alive() and received == [data]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@needs_fifo
def test_a_fifo_nobody_reads_is_refused_instead_of_waiting_for_ever(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    monkeypatch.setattr(output_module, "FIFO_WAIT", 0.2)
    out = check_output(str(fifo))
    outcome: list[BaseException | None] = []

    def write() -> None:
        try:
            write_output(out, b"data")
            outcome.append(None)
        except OutputError as err:
            outcome.append(err)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(30)
    assert not writer.is_alive(), "the write into a FIFO without a reader hangs"
    assert len(outcome) == 1 and isinstance(outcome[0], OutputError)
    assert "no program read the FIFO" in str(outcome[0])
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_dash_is_standard_output(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    out = check_output("-")
    assert out.kind == STDOUT and out.is_stdout
    print("before", flush=True)
    write_output(out, b"\x89PNG bytes")
    assert capfdbinary.readouterr().out == b"before\n\x89PNG bytes"


def test_dev_stdout_is_this_programs_standard_output_whatever_it_is(tmp_path: Path) -> None:
    """``/dev/stdout`` into a file opened for appending: the bytes follow what was
    printed; the file is not replaced nor truncated."""
    if not os.path.exists("/dev/stdout"):
        pytest.skip("no /dev/stdout on this system")
    code = ("import sys; from game.output import check_output, write_output; "
            "print('printed', flush=True); out = check_output('/dev/stdout'); "
            "print(out.kind, file=sys.stderr); write_output(out, b'written')")
    log = tmp_path / "log.txt"
    log.write_bytes(b"kept\n")
    with open(log, "ab") as handle:
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, stdout=handle,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == STDOUT
    assert log.read_bytes() == b"kept\nprinted\nwritten"


# ----- refused ------------------------------------------------------------------------


def test_a_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "taken.csv"
    folder.mkdir()
    (folder / "inside").write_text("x")
    for name in (str(folder), str(folder) + "/", str(tmp_path / "new") + "/"):
        with pytest.raises(OutputError, match=r"^--out .*: it (is|names) a folder"):
            check_output(name)
    assert sorted(p.name for p in folder.iterdir()) == ["inside"]


def test_links_to_a_folder_or_to_nothing_are_refused(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    to_folder = tmp_path / "a.csv"
    to_folder.symlink_to(tmp_path / "folder")
    dangling = tmp_path / "b.csv"
    dangling.symlink_to(tmp_path / "nowhere" / "b.csv")
    with pytest.raises(OutputError, match="is a folder"):
        check_output(str(to_folder))
    with pytest.raises(OutputError, match="symbolic link to a file that does not exist"):
        check_output(str(dangling))
    assert to_folder.is_symlink() and dangling.is_symlink()
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("name, reason", [
    ("", "no file name given"),
    ("missing/x.csv", "the folder missing does not exist"),
    ("plain/x.csv", "plain is a file, not a folder"),
    ("plain/deeper/x.csv", "plain is a file, not a folder"),
])
def test_places_that_cannot_hold_a_file_are_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, reason: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain").write_text("a file")
    with pytest.raises(OutputError) as err:
        check_output(name)
    assert reason in str(err.value) and "\n" not in str(err.value)
    assert (tmp_path / "plain").read_text() == "a file"


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc on this system")
def test_proc_is_refused_before_any_work() -> None:
    with pytest.raises(OutputError, match=r"no file can be made in /proc"):
        check_output("/proc/lv.csv")


@pytest.mark.skipif(IS_ROOT or os.name != "posix", reason="root may write into a read-only folder")
def test_a_read_only_folder_and_file_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    old = folder / "old.csv"
    old.write_text("old")
    folder.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="no file can be made"):
            check_output(str(folder / "new.csv"))
        with pytest.raises(OutputError, match="no file can be made"):
            check_output(str(old))
    finally:
        folder.chmod(0o755)
    old.chmod(0o444)
    with pytest.raises(OutputError, match="read-only"):
        check_output(str(old))


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_a_read_only_file_is_refused_as_root_too(tmp_path: Path) -> None:
    """Root may write any file, but a file nobody may write is the user's "keep this": it
    is refused, directly or through a link, when checked and again when written."""
    old = tmp_path / "old.csv"
    old.write_text("kept")
    old.chmod(0o444)
    link = tmp_path / "link.csv"
    link.symlink_to(old)
    for name in (old, link):
        with pytest.raises(OutputError, match=r"the file is read-only"):
            check_output(str(name))
    became = tmp_path / "became.csv"
    became.write_text("kept too")
    out = check_output(str(became))
    became.chmod(0o444)
    with pytest.raises(OutputError, match=r"could not save .*became\.csv: the file is read-only"):
        write_output(out, b"new")
    assert old.read_text() == "kept" and became.read_text() == "kept too" and link.is_symlink()
    assert _leftovers(tmp_path) == []


def test_a_socket_is_refused(tmp_path: Path) -> None:
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no Unix sockets here")
    path = tmp_path / "s.csv"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(OutputError, match="not a regular file"):
            check_output(str(path))
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_a_block_device_is_refused_never_written(tmp_path: Path) -> None:
    path = tmp_path / "disk.png"
    try:
        os.mknod(path, stat.S_IFBLK | 0o600, os.makedev(7, 0))
    except (OSError, AttributeError):
        pytest.skip("cannot make a block device node here")
    with pytest.raises(OutputError, match="block device"):
        check_output(str(path))
    assert stat.S_ISBLK(os.lstat(path).st_mode)


def test_a_name_that_became_a_folder_during_the_work_is_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    out = check_output(str(path))
    path.mkdir()
    with pytest.raises(OutputError, match=r"could not save .*deals\.csv: it is a folder"):
        write_output(out, b"data")
    assert path.is_dir() and not list(path.iterdir()) and _leftovers(tmp_path) == []


def test_a_long_name_is_cut_short_in_the_message(tmp_path: Path) -> None:
    name = str(tmp_path / ("x" * 3000) / "y.csv")
    with pytest.raises(OutputError) as err:
        check_output(name)
    assert len(str(err.value)) < 250 and "…" in str(err.value)


# ----- folders of outputs (levels build --out DIR) ------------------------------------


def test_an_output_folder_is_checked_first_and_made_only_when_written(tmp_path: Path) -> None:
    new = check_output_folder(tmp_path / "levels")
    assert not new.exists()
    make_output_folder(new)
    assert new.is_dir()
    assert check_output_folder(new) == new
    (tmp_path / "file").write_text("x")
    for bad, reason in ((tmp_path / "file", "not a folder"), (tmp_path / "no" / "levels", "does not exist"),
                        ("", "no folder name")):
        with pytest.raises(OutputError, match=reason):
            check_output_folder(bad)
    if os.path.isdir("/proc/self"):
        with pytest.raises(OutputError, match="no file can be made in /proc"):
            check_output_folder("/proc/lv")
