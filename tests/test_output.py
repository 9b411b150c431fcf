"""Outputs a person names (``--out``, ``screenshot OUT``, ``levels chart OUT``): only the
user's own regular file is ever replaced; devices, FIFOs and ``-`` are written as streams;
everything else is refused before any work, with the reason."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import output as output_module
from game.output import (
    DEVICE,
    FIFO,
    FILE,
    STDOUT,
    Output,
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


def _full_node(tmp_path: Path, name: str) -> Path:
    """A stand-in for /dev/full under tmp_path (1,7: every write fails, the disk is full),
    or skip."""
    node = tmp_path / name
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except (OSError, AttributeError):
        pytest.skip("cannot make a device node here")
    return node


def _disk_full(*args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_rows_that_cannot_be_saved_go_to_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """The review's defect 7: ``solve … --out /full-disk/r.csv`` ended with "the disk is
    full" and every row computed was lost. The rows go to standard output instead (the
    table to standard error, so that standard output holds the CSV alone), the error says
    so, and the status stays 1; the old file is kept."""
    from game import cli

    path = tmp_path / "r.csv"
    path.write_text("old and complete")
    monkeypatch.setattr(output_module.os, "fsync", _disk_full)
    solve = ["solve", "union-square", "--range", "1-3", "--positions", "2000", "--out", str(path)]
    assert cli.main(solve) == 1
    monkeypatch.undo()
    said = capfd.readouterr()
    rows = said.out.splitlines()
    assert rows[0] == "rules,game,status,moves,nodes,seconds,on_foundations,line" and len(rows) == 4
    assert all(row.startswith(f"union-square,{n},") for n, row in enumerate(rows[1:], 1))
    assert "deals           3" in said.err
    assert said.err.endswith(f"error: could not save {path}: the disk is full; the CSV went to standard "
                             "output instead\n")
    assert path.read_text() == "old and complete" and _leftovers(tmp_path) == []


def test_rows_that_a_device_refuses_go_to_standard_output_unless_it_is_that(tmp_path: Path) -> None:
    """``--out /dev/full`` (a stand-in): the rows go to standard output; ``--out -`` with
    standard output full has nowhere else to go; both full: the error says so."""
    full = _full_node(tmp_path, "full.csv")
    solve = [sys.executable, "main.py", "demo", "union-square", "--range", "1-2", "--out"]
    done = subprocess.run([*solve, str(full)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout.startswith("rules,game,status")
    assert len(done.stdout.splitlines()) == 3  # the table went to standard error
    assert done.stderr.endswith(f"error: could not save {full}: the disk is full; the CSV went to standard "
                                "output instead\n")
    for out in ("-", str(full)):
        with open(full, "w") as stdout:
            done = subprocess.run([*solve, out], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE, text=True,
                                  timeout=120)
        assert done.returncode == 1
        last = done.stderr.splitlines()[-1]
        assert last in (f"error: could not save {out}: the disk is full",  # standard output itself
                        "error: could not write to standard output: the disk is full")
    other = _full_node(tmp_path, "other.csv")
    with open(full, "w") as stdout:
        done = subprocess.run([*solve, str(other)], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert done.returncode == 1
    assert (f"error: could not save {other}: the disk is full; nor could the CSV be written to standard "
            "output (the disk is full)") in done.stderr
    assert stat.S_ISCHR(os.lstat(full).st_mode) and stat.S_ISCHR(os.lstat(other).st_mode)


def test_a_picture_that_cannot_be_saved_is_not_poured_onto_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    """Binary bytes are not rescued: a picture is made again in seconds, and standard
    output may be a terminal."""
    path = tmp_path / "shot.png"
    out = check_output(str(path), suffix=".png")
    monkeypatch.setattr(output_module.os, "fsync", _disk_full)
    with pytest.raises(OutputError, match=r"shot\.png: the disk is full$"):
        write_output(out, b"\x89PNG bytes")
    monkeypatch.undo()
    assert capfdbinary.readouterr().out == b"" and not path.exists()


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


def test_a_link_whose_name_has_no_extension_writes_only_a_file_of_the_same_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The review's defect 1: the target had to end with the link's own extension, which
    for ``results`` is '', so ``results`` linked to ``victim.conf`` was replaced with CSV.
    A name without an extension tells nothing of the file's kind: the link is written
    through only to a file of the very same name (``results`` to ``../runs/results``)."""
    from game import cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "etc").mkdir()
    victims = {tmp_path / "victim.conf": "setting = 1\n", tmp_path / "etc" / "hostname": "vm\n",
               tmp_path / ".bashrc": "alias x=y\n", tmp_path / "etc" / "results.csv": "rows\n"}
    for victim, text in victims.items():
        victim.write_text(text)
    link = tmp_path / "results"
    for victim in victims:
        link.symlink_to(victim)
        with pytest.raises(OutputError, match=r"it is a symbolic link to .*, a file of another name, and its "
                                              r"own name has no extension to tell what that file is"):
            check_output("results")
        assert cli.main(["demo", "union-square", "--range", "1-1", "--out", "results"]) == 2
        assert "a file of another name" in capsys.readouterr().err
        link.unlink()
    assert {victim: victim.read_text() for victim in victims} == victims
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "results").write_text("old")
    link.symlink_to("runs/results")
    out = check_output("results")
    link.unlink()
    link.symlink_to(tmp_path / "victim.conf")  # changed after the check: looked at again
    with pytest.raises(OutputError, match="a file of another name"):
        write_output(out, b"rows")
    link.unlink()
    link.symlink_to("runs/results")
    write_output(check_output("results"), b"rows")
    assert (tmp_path / "runs" / "results").read_bytes() == b"rows" and link.is_symlink()
    assert {victim: victim.read_text() for victim in victims} == victims


def test_the_file_type_follows_the_name(tmp_path: Path) -> None:
    assert check_output(str(tmp_path / "shot.PNG"), suffix=".png").kind == FILE
    for name in ("shot.txt", "shot", "shot.png.tga"):
        with pytest.raises(OutputError, match=r"written as PNG: give a name ending in \.png"):
            check_output(str(tmp_path / name), what="screenshot", suffix=".png")
    assert list(tmp_path.iterdir()) == []


# ----- symbolic links along the way ---------------------------------------------------

needs_root = pytest.mark.skipif(not IS_ROOT, reason="a link of another user is made by root (os.lchown)")


def _links_of_another_user(tmp_path: Path) -> dict[str, Path]:
    """The places of the review: a victim file and folder, a link to each that user 1000
    left (``evil-b.csv``, ``evildir``), and the running user's own link to the first."""
    victim = tmp_path / "victim-b.csv"
    victim.write_text("kept")
    victimdir = tmp_path / "victimdir"
    victimdir.mkdir()
    (victimdir / "report.csv").write_text("kept too")
    evil = tmp_path / "evil-b.csv"
    evil.symlink_to(victim)
    evildir = tmp_path / "evildir"
    evildir.symlink_to(victimdir)
    for link in (evil, evildir):
        os.lchown(link, 1000, 1000)
    mine = tmp_path / "mylink.csv"
    mine.symlink_to(evil)
    return {"victim": victim, "victimdir": victimdir, "evil": evil, "evildir": evildir, "mine": mine}


def _untouched(places: dict[str, Path]) -> None:
    assert places["victim"].read_text() == "kept"
    assert sorted(p.name for p in places["victimdir"].iterdir()) == ["report.csv"]
    assert (places["victimdir"] / "report.csv").read_text() == "kept too"


@needs_root
def test_every_link_of_a_chain_must_be_the_users_own(tmp_path: Path) -> None:
    """The review's defect 2: only the first link of a chain had its owner checked, so
    the user's own ``mylink.csv`` to another user's ``evil-b.csv`` wrote the victim."""
    places = _links_of_another_user(tmp_path)
    for name in (places["mine"], places["evil"]):
        with pytest.raises(OutputError, match=r"a symbolic link that another user \(uid 1000\) made"):
            check_output(str(name))
    with pytest.raises(OutputError, match=r"^--out .*mylink\.csv: .*evil-b\.csv is a symbolic link that "
                                          r"another user \(uid 1000\) made; nothing is written through it$"):
        check_output(str(places["mine"]))
    _untouched(places)


@needs_root
def test_a_chain_that_became_another_users_after_the_check_is_not_written(tmp_path: Path) -> None:
    places = _links_of_another_user(tmp_path)
    mine = tmp_path / "later.csv"
    mine.symlink_to(tmp_path / "own.csv")
    (tmp_path / "own.csv").write_text("mine")
    out = check_output(str(mine))
    mine.unlink()
    mine.symlink_to(places["evil"])
    with pytest.raises(OutputError, match=r"could not save .*later\.csv: .*evil-b\.csv is a symbolic link "
                                          r"that another user \(uid 1000\) made"):
        write_output(out, b"rows")
    _untouched(places)


@needs_root
def test_a_folder_link_another_user_left_is_not_followed(tmp_path: Path) -> None:
    """The review's defect 3: ``/tmp/evildir`` -> ``victimdir``, left by another user:
    ``--out /tmp/evildir/report.csv`` replaced victimdir/report.csv and ``screenshot
    /tmp/evildir/new.png`` made a file there. Refused before any work, nothing made."""
    places = _links_of_another_user(tmp_path)
    evildir = places["evildir"]
    said = r"evildir is a symbolic link that another user \(uid 1000\) made; nothing is written through it"
    for name, suffix in ((evildir / "report.csv", None), (evildir / "new.png", ".png"),
                         (evildir / "." / "new.csv", None),
                         (tmp_path / "victimdir" / ".." / "evildir" / "x.csv", None)):
        with pytest.raises(OutputError, match=said):
            check_output(str(name), suffix=suffix)
    if os.path.isdir("/proc/self/root"):  # a link of the user's own (/proc/self/root is "/") first
        with pytest.raises(OutputError, match=said):
            check_output(f"/proc/self/root{evildir}/report.csv")
    for folder, who in ((evildir, ": it"), (evildir / "levels", "/evildir")):
        with pytest.raises(OutputError, match=f"{who} is a symbolic link that another user"):
            check_output_folder(folder)
    (tmp_path / "dir").mkdir()
    out = check_output(str(tmp_path / "dir" / "report.csv"))
    (tmp_path / "dir").rmdir()
    (tmp_path / "dir").symlink_to(evildir)  # the user's own link, to another user's
    with pytest.raises(OutputError, match=said):
        write_output(out, b"rows")
    _untouched(places)


@needs_root
def test_solve_and_screenshot_refuse_another_users_links_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The review's commands: refused at once, status 2, no deal solved, nothing made."""
    from game import cli

    places = _links_of_another_user(tmp_path)
    evildir = places["evildir"]
    solve = ["solve", "union-square", "--range", "1-1", "--positions", "2000", "--out"]
    for argv in ([*solve, str(places["mine"])], [*solve, str(evildir / "report.csv")],
                 ["demo", "union-square", "--range", "1-1", "--out", str(evildir / "report.csv")],
                 ["screenshot", str(evildir / "new.png"), "--frames", "1"],
                 ["levels", "build", "--rules", "square", "--count", "1", "--out", str(evildir / "levels")]):
        assert cli.main(argv) == 2, argv
        said = capsys.readouterr()
        assert said.out == "" and "another user (uid 1000) made" in said.err
        assert "won" not in said.err  # no progress bar: no deal was played
    _untouched(places)


@needs_root
def test_a_user_follows_their_own_links_and_roots_and_no_one_elses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule for every link on the way, seen by user 1000 (the running user's id is
    made 1000): its own links and root's links are followed, root's in a folder of user
    1000 too (an admin's ``~/Documents``: a user cannot make a link of root's, and what
    root set up gives them no more than their own rights); user 1001's link is not."""
    real = tmp_path / "real"
    real.mkdir()
    own = tmp_path / "own"
    own.symlink_to(real)
    os.lchown(own, 1000, 1000)
    roots = tmp_path / "roots"  # root's, in tmp_path, which is root's
    roots.symlink_to(real)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    os.chown(theirs, 1000, 1000)
    admins = theirs / "Documents"  # root's link in the user's folder
    admins.symlink_to(real)
    planted = tmp_path / "planted"
    planted.symlink_to(real)
    os.lchown(planted, 1001, 1001)
    monkeypatch.setattr(output_module.os, "geteuid", lambda: 1000)
    assert check_output(str(own / "a.csv")).path == real.resolve() / "a.csv"
    assert check_output(str(roots / "a.csv")).path == real.resolve() / "a.csv"
    assert check_output(str(admins / "a.csv")).path == real.resolve() / "a.csv"
    with pytest.raises(OutputError, match=r"planted is a symbolic link that another user \(uid 1001\) made"):
        check_output(str(planted / "a.csv"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc/self/fd on this system")
def test_an_open_pipe_named_through_dev_fd_is_written_as_a_fifo() -> None:
    """``solve --out >(gzip > deals.csv.gz)`` names ``/dev/fd/63``: links of /proc
    (``/proc/self`` is ``1234``, ``/proc/1234/fd/63`` is ``pipe:[5678]``), the last naming
    no path. The pipe is written; the links, the system's and the user's own, pass."""
    code = ("import sys; from game.output import check_output, write_output; "
            "out = check_output(sys.argv[1]); print(out.kind, file=sys.stderr); write_output(out, b'rows')")
    read, write = os.pipe()
    try:
        proc = subprocess.Popen([sys.executable, "-c", code, f"/dev/fd/{write}"], cwd=ROOT, pass_fds=(write,),
                                stderr=subprocess.PIPE, text=True)
    finally:
        os.close(write)
    with os.fdopen(read, "rb") as pipe:
        received = pipe.read()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert err.strip() == FIFO and received == b"rows"


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc/self/fd on this system")
def test_dev_fd_open_on_a_regular_file_is_refused_as_a_link_of_another_name(tmp_path: Path) -> None:
    """``--out /dev/fd/3 3>log.csv``: the name ``3`` says nothing of the file's kind (see
    docs/command-line.md); the file's own name is asked for, the file kept."""
    log = tmp_path / "log.csv"
    log.write_text("kept")
    code = "import sys; from game.output import check_output; check_output(sys.argv[1])"
    with open(log, "ab") as handle:
        fd = handle.fileno()
        done = subprocess.run([sys.executable, "-c", code, f"/dev/fd/{fd}"], cwd=ROOT, pass_fds=(fd,),
                              capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "a file of another name" in done.stderr
    assert log.read_text() == "kept"


def test_links_in_the_folders_are_followed_as_the_system_follows_them(tmp_path: Path) -> None:
    """The user's own links, relative and absolute, with ``..`` after a link (the folder
    above where the link leads, as the system takes it): the file written is the one the
    system would open."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "up").symlink_to("a/b")
    (tmp_path / "abs").symlink_to(tmp_path / "a")
    for name in (tmp_path / "up" / ".." / "b" / "deals.csv", tmp_path / "abs" / "b" / "deals.csv"):
        out = check_output(str(name))
        assert out.path == (tmp_path / "a" / "b" / "deals.csv").resolve()
        write_output(out, str(name).encode())
        assert (tmp_path / "a" / "b" / "deals.csv").read_bytes() == str(name).encode()
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    with pytest.raises(OutputError, match="loop"):
        check_output(str(loop / "x.csv"))


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


def _device_node(node: Path, kind: int, major: int, minor: int) -> Path:
    """A device node made at ``node`` (``kind`` ``stat.S_IFCHR`` or ``stat.S_IFBLK``), or
    skip the test where none can be made."""
    try:
        os.mknod(node, kind | 0o600, os.makedev(major, minor))
    except (OSError, AttributeError):
        pytest.skip("cannot make a device node here")
    return node


def _tty_node(tmp_path: Path) -> Path:
    """A stand-in for /dev/tty under tmp_path (the same device numbers, 5,0), or skip."""
    return _device_node(tmp_path / "tty.csv", stat.S_IFCHR, 5, 0)


def test_a_device_that_cannot_be_opened_is_refused_before_any_work(tmp_path: Path) -> None:
    """The review's defect 5: with no controlling terminal, ``solve … --out /dev/tty``
    passed the check and failed after all the work ("No such device or address"). The
    device is opened when it is checked."""
    node = _tty_node(tmp_path)
    code = "import sys; from game.output import check_output; check_output(sys.argv[1])"
    done = subprocess.run([sys.executable, "-c", code, str(node)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, start_new_session=True)  # a new session has no terminal
    assert done.returncode != 0 and "OutputError" in done.stderr
    assert "the device cannot be opened for writing (there is no such device)" in done.stderr
    solve = ["solve", "union-square", "--range", "1-3", "--positions", "2000", "--out", str(node)]
    done = subprocess.run([sys.executable, "main.py", *solve], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, start_new_session=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"error: --out {node}: the device cannot be opened for writing (there is no such "
                           "device)\n")  # no progress bar: refused before the first deal
    assert stat.S_ISCHR(os.lstat(node).st_mode)


@pytest.mark.parametrize("device", ["/dev/urandom", "/dev/random", "/dev/mem", "/dev/port", "/dev/kmsg",
                                    "/dev/ptmx"])
def test_a_device_that_keeps_what_it_is_given_is_refused_unopened(
        device: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only terminals and the devices that keep nothing (/dev/null, /dev/zero, /dev/full)
    are outputs: root's ``--out /dev/mem`` would write into the machine's memory. Any
    other device is refused before it is opened (opening a watchdog arms it); and
    ``/dev/ptmx``, which opens a new terminal that nobody reads, is not a terminal."""
    if not os.path.exists(device) or not stat.S_ISCHR(os.stat(device).st_mode):
        pytest.skip(f"no {device} here")
    if not sys.platform.startswith("linux"):
        pytest.skip("device numbers are Linux's")
    from game.output import OutputError, check_output

    real_open = os.open
    opened: list[str] = []

    def spy(path: object, *args: object, **kwargs: object) -> int:
        opened.append(os.fspath(path))  # type: ignore[arg-type]
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(output_module.os, "open", spy)
    with pytest.raises(OutputError, match="neither a terminal nor one that drops what it is given"):
        check_output(device)
    assert device not in opened
    for sink in ("/dev/null", "/dev/full"):
        if os.path.exists(sink):
            check_output(sink)


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


def _written_in_a_thread(out: Output, data: bytes) -> list[BaseException | None]:
    """``data`` written to ``out`` in a thread of its own, waited on for 30 s at most (a
    write that hangs fails the test, not the run): None when written, else the error."""
    outcome: list[BaseException | None] = []

    def write() -> None:
        try:
            write_output(out, data)
            outcome.append(None)
        except OutputError as err:
            outcome.append(err)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(30)
    assert not writer.is_alive(), "the write into the FIFO hangs"
    return outcome


@needs_fifo
def test_a_fifo_nobody_reads_is_refused_instead_of_waiting_for_ever(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    monkeypatch.setattr(output_module, "FIFO_WAIT", 0.2)
    outcome = _written_in_a_thread(check_output(str(fifo)), b"data")
    assert len(outcome) == 1 and isinstance(outcome[0], OutputError)
    assert "no program read the FIFO" in str(outcome[0])
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@needs_fifo
def test_a_fifo_whose_reader_never_reads_is_given_up_not_waited_on_for_ever(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's defect 6: ``(sleep 40 < f.png &)``, then ``screenshot f.png`` hung
    until killed: a reader opened the FIFO, so the open went through, but never read."""
    fifo = tmp_path / "f.png"
    os.mkfifo(fifo)
    monkeypatch.setattr(output_module, "FIFO_STALL", 0.3, raising=False)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # open, and never read
    try:
        # more than a pipe holds
        outcome = _written_in_a_thread(check_output(str(fifo), suffix=".png"), b"x" * 1_000_000)
    finally:
        os.close(reader)
    assert len(outcome) == 1 and isinstance(outcome[0], OutputError)
    assert re.fullmatch(r"could not save .*f\.png: the program reading the FIFO took none of the bytes for "
                        r"0\.3 s \([\d,]+ of 1,000,000 bytes written into it\)", str(outcome[0]))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@needs_fifo
def test_a_fifo_whose_reader_is_slow_but_reads_is_written_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The time limit is on a reader taking nothing, not on the whole write."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    monkeypatch.setattr(output_module, "FIFO_STALL", 0.5, raising=False)
    data = bytes(range(256)) * 2000
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb", buffering=0) as handle:
            got = b""
            while chunk := handle.read(65536):
                got += chunk
                time.sleep(0.1)  # slow: more than the time limit in all
            received.append(got)

    reader = threading.Thread(target=read)
    reader.start()
    write_output(check_output(str(fifo)), data)
    reader.join(30)
    assert received == [data]


def test_dash_is_standard_output(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    out = check_output("-")
    assert out.kind == STDOUT and out.is_stdout
    print("before", flush=True)
    write_output(out, b"\x89PNG bytes")
    assert capfdbinary.readouterr().out == b"before\n\x89PNG bytes"


def _terminal() -> tuple[int, int]:
    """A pseudo-terminal of the test's own (its master and its terminal end), or skip."""
    try:
        import pty

        return pty.openpty()
    except (ImportError, OSError):
        pytest.skip("no pseudo-terminals here")


@contextlib.contextmanager
def _shown_on(master: int) -> Iterator[list[bytes]]:
    """What is written onto the terminal of ``master``, read as it comes (a terminal holds
    little: a writer nobody reads from would wait), whole once the block ends."""
    shown: list[bytes] = []

    def read() -> None:
        with contextlib.suppress(OSError):  # EIO: every other end is closed
            while chunk := os.read(master, 65536):
                shown.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    yield shown
    reader.join(10)
    os.close(master)


@pytest.mark.parametrize("argv", [["screenshot", "-", "--frames", "1"], ["levels", "chart", "-"],
                                  ["screenshot", "/dev/stdout", "--frames", "1"]],
                         ids=["screenshot", "levels chart", "/dev/stdout"])
def test_a_picture_is_not_written_onto_a_terminal(argv: list[str]) -> None:
    """The review's defect 4: ``screenshot -`` and ``levels chart -`` poured the PNG's bytes
    (control sequences among them) onto the terminal. Refused before any work, as
    ``analyse -`` refuses to read a terminal."""
    master, terminal = _terminal()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with _shown_on(master) as shown:
        try:
            done = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, stdout=terminal,
                                  stderr=subprocess.PIPE, text=True, timeout=120, env=env)
        finally:
            os.close(terminal)
    assert done.returncode == 2 and shown == []
    what, name = ("levels chart", argv[2]) if argv[0] == "levels" else ("screenshot", argv[1])
    assert done.stderr == (f"error: {what} {name}: standard output is a terminal, where a PNG shows as "
                           "garbage: redirect it (> picture.png) or give a file's name\n")


def test_a_picture_is_not_written_onto_a_terminal_named_as_a_device(tmp_path: Path) -> None:
    """A terminal named as a device (``screenshot /dev/pts/3``, here through a link to the
    test's own terminal) is refused a picture; text it takes."""
    master, terminal = _terminal()
    link = tmp_path / "terminal.png"
    link.symlink_to(os.ttyname(terminal))
    with _shown_on(master) as shown:
        try:
            said = r"^screenshot .*terminal\.png: it is a terminal, where a PNG shows as garbage: give a f"
            with pytest.raises(OutputError, match=said):
                check_output(str(link), what="screenshot", suffix=".png")
            out = check_output(str(link))  # text is written onto a terminal
            assert out.kind == DEVICE
            write_output(out, b"rows\n")
        finally:
            os.close(terminal)
    assert b"".join(shown).replace(b"\r", b"") == b"rows\n"


@pytest.mark.skipif(os.name != "posix", reason="a shell closes standard output")
@pytest.mark.parametrize("argv", [["solve", "union-square", "--range", "1-2", "--out", "-"],
                                  ["screenshot", "-", "--frames", "1"]], ids=["solve", "screenshot"])
def test_a_closed_standard_output_is_refused_before_any_work(argv: list[str]) -> None:
    """``>&-``: Python has no standard output at all (sys.stdout is None); the write at the
    end of the work ended in a traceback."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, "main.py", *argv], cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    what = "--out" if argv[0] == "solve" else "screenshot"
    assert (done.returncode, done.stderr) == (2, f"error: {what} -: standard output is closed\n")


def _closed_stdout(argv: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, str(ROOT / "main.py"), *argv],
                          cwd=cwd, stderr=subprocess.PIPE, text=True, timeout=120, env=env)


@pytest.mark.skipif(os.name != "posix", reason="a shell closes standard output")
@pytest.mark.parametrize("argv", [["solve", "union-square", "--range", "1-2"],
                                  ["demo", "union-square", "--range", "1-1"]], ids=["solve", "demo"])
def test_a_range_with_nowhere_for_its_results_is_refused_before_any_work(argv: list[str]) -> None:
    """``>&-`` and no ``--out``: the work would be lost (it ended in a traceback after it)."""
    done = _closed_stdout(argv)
    assert (done.returncode, done.stderr) == (
        2, "error: standard output is closed, so the results would be lost: give --out FILE.csv\n")


@pytest.mark.skipif(os.name != "posix", reason="a shell closes standard output")
@pytest.mark.parametrize("argv", [["deal", "constitution", "5"],
                                  ["solve", "union-square", "1", "--positions", "50"], ["--version"]],
                         ids=["deal", "solve", "version"])
def test_a_command_that_prints_into_a_closed_standard_output_says_it_could_not(argv: list[str]) -> None:
    """It ended with status 0 and nothing printed, as if all was well."""
    done = _closed_stdout(argv)
    assert (done.returncode, done.stderr) == (1, "error: could not write to standard output: it is closed\n")


@pytest.mark.skipif(os.name != "posix", reason="a shell closes standard output")
def test_a_range_into_a_closed_standard_output_keeps_its_csv(tmp_path: Path) -> None:
    done = _closed_stdout(["solve", "union-square", "--range", "1-2", "--positions", "50",
                           "--out", str(tmp_path / "rows.csv")])
    assert done.returncode == 1
    assert done.stderr.endswith("error: could not write to standard output: it is closed\n")
    assert "Traceback" not in done.stderr
    assert len((tmp_path / "rows.csv").read_text().splitlines()) == 3


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
    path = _device_node(tmp_path / "disk.png", stat.S_IFBLK, 7, 0)
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
        with pytest.raises(OutputError, match=reason) as refused:
            check_output_folder(bad)
        # the why alone too, for a caller that names the folder its own way (--data-dir)
        assert reason in refused.value.why and str(refused.value).endswith(f": {refused.value.why}")
    if os.path.isdir("/proc/self"):
        with pytest.raises(OutputError, match="no file can be made in /proc"):
            check_output_folder("/proc/lv")


def test_a_temporary_file_swapped_for_a_link_never_lets_its_target_be_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone who can write in the output's folder swaps the temporary file for a link
    to another file while it is written: the mode (and, as root, the owner) is set on
    the file written, never through the name, so the link's target keeps its own; the
    output is refused, and the link is neither renamed over the output nor followed."""
    folder = tmp_path / "shared"
    folder.mkdir()
    target = folder / "shot.png"
    target.write_bytes(b"old picture")
    target.chmod(0o644)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"secret")
    victim.chmod(0o600)
    before = os.stat(victim)
    output = check_output(str(target))
    real_fsync = os.fsync
    swapped: list[str] = []

    def swap_then_fsync(fd: int) -> None:
        for name in os.listdir(folder):
            if name.endswith(".tmp") and not swapped:
                os.replace(folder / name, folder / f"{name}.moved")
                os.symlink(victim, folder / name)
                swapped.append(name)
        real_fsync(fd)

    monkeypatch.setattr(output_module.os, "fsync", swap_then_fsync)
    with pytest.raises(OutputError, match="replaced while it was written"):
        write_output(output, b"new picture")
    assert swapped, "the temporary file was never seen"
    after = os.stat(victim)
    assert (stat.S_IMODE(after.st_mode), after.st_uid, after.st_gid) == (0o600, before.st_uid, before.st_gid)
    assert victim.read_bytes() == b"secret"
    assert target.read_bytes() == b"old picture" and not target.is_symlink()


@needs_fifo
def test_a_fifo_swapped_for_a_link_to_a_device_while_waiting_is_never_opened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The FIFO has no reader yet; while the program waits for one, the folder's owner
    swaps it for a link to a device (/dev/random here): the link is never followed and
    nothing is written to the device (the review's root-to-any-device defect)."""
    fifo = tmp_path / "out.png"
    os.mkfifo(fifo)
    output = check_output(str(fifo))
    real_open = os.open
    opened: list[str] = []

    def spy(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if os.fspath(path) == str(fifo) and not opened:  # type: ignore[arg-type]
            opened.append("swapped")
            fifo.unlink()
            fifo.symlink_to("/dev/null")  # a device, as an attacker's would be
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(output_module.os, "open", spy)
    monkeypatch.setattr(output_module, "FIFO_WAIT", 0.3)
    with pytest.raises(OutputError, match="changed into"):
        write_output(output, b"picture")
    assert opened == ["swapped"] and fifo.is_symlink()


@needs_root
def test_a_folder_swapped_for_another_users_link_after_the_last_look_takes_no_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``out/results.csv`` is looked at last just before the write, in a plain folder;
    right then its folder is swapped for a link (of user 65534) to a folder of root's:
    nothing is written there, not even a temporary file (the write followed the folder
    by name before)."""
    victim = tmp_path / "rootonly"
    victim.mkdir(mode=0o700)
    out = tmp_path / "out"
    out.mkdir()
    output = check_output(str(out / "results.csv"))
    real_classify = output_module._classify

    def classify_then_swap(*args: object, **kwargs: object) -> Output:
        looked = real_classify(*args, **kwargs)  # type: ignore[arg-type]
        os.replace(out, tmp_path / "out-moved")
        out.symlink_to(victim)
        os.lchown(out, 65534, 65534)
        return looked

    monkeypatch.setattr(output_module, "_classify", classify_then_swap)
    with pytest.raises(OutputError, match="symbolic link that another user may have made"):
        write_output(output, b"rows\n")
    assert list(victim.iterdir()) == []
