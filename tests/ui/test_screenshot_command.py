"""``screenshot``, ``menu`` and ``play`` on the command line: where the picture may go (a
one-line error for every place it cannot), PNG only, sizes the game can lay out, options a
scene does not use, ``--data-dir`` checked, SIGTERM during the frames."""

from __future__ import annotations

import argparse
import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from game import cli
from game import output as output_module
from game.cli import window as ui_commands
from game.records.store import SHARED
from game.ui.app import App
from game.ui.table import TableScene

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _shot(tmp_path: Path, out: str, *extra: str) -> list[str]:
    return ["screenshot", out, "--scene", "menu", "--size", "800x600", "--frames", "2",
            "--data-dir", str(tmp_path / "data"), *extra]


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], status: int = 2) -> str:
    assert cli.main(argv) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1, captured.err
    return captured.err


@pytest.mark.parametrize("place, reason", [
    ("", "no file name given"),
    ("/proc/x.png", "no file can be made in /proc"),
    ("folder", "it is a folder"),
    ("folder/", "it is a folder"),
    ("plain/x.png", "plain is a file, not a folder"),
    ("missing/x.png", "the folder missing does not exist"),
    ("x.txt", "give a name ending in .png"),
    ("x", "give a name ending in .png"),
])
def test_a_picture_that_cannot_be_written_is_a_one_line_error(
        place: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    if place.startswith("/proc") and not os.path.isdir("/proc/self"):
        pytest.skip("no /proc here")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    (tmp_path / "plain").write_text("a file")
    err = _refused(capsys, _shot(tmp_path, place))
    assert reason in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "plain"]
    assert not list((tmp_path / "folder").iterdir())


@pytest.mark.skipif(IS_ROOT, reason="root may write into a read-only folder")
def test_a_read_only_folder_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert "no file can be made" in _refused(capsys, _shot(tmp_path, str(folder / "x.png")))
    finally:
        folder.chmod(0o755)


def test_a_screenshot_as_a_program_never_ends_in_a_traceback(tmp_path: Path) -> None:
    for place in ("/proc/x.png", str(tmp_path), ""):
        done = subprocess.run([sys.executable, "main.py", *_shot(tmp_path, place)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("error: screenshot ") and done.stderr.count("\n") == 1, done.stderr


def test_the_picture_is_a_png_with_the_users_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "Shot.PNG"
    old = os.umask(0o022)
    try:
        assert cli.main(_shot(tmp_path, str(out))) == 0
    finally:
        os.umask(old)
    assert out.read_bytes().startswith(PNG)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert capsys.readouterr().out.startswith(f"saved {out} (800x600, scene menu)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Shot.PNG"]


def test_a_read_only_picture_is_refused_as_root_too(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.png"
    old.write_bytes(b"kept")
    old.chmod(0o444)
    link = tmp_path / "link.png"
    link.symlink_to(old)
    for name in (old, link):
        assert "the file is read-only" in _refused(capsys, _shot(tmp_path, str(name)))
    assert old.read_bytes() == b"kept" and link.is_symlink()


def test_a_link_to_a_file_elsewhere_is_written_as_solve_out_writes_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One policy for every output (docs/command-line.md): a symbolic link to a regular
    file writes the file it points to, and stays a link; nothing is left beside either."""
    elsewhere = tmp_path / "elsewhere"
    here = tmp_path / "here"
    elsewhere.mkdir()
    here.mkdir()
    for name in ("shot.png", "deals.csv"):
        (elsewhere / name).write_bytes(b"old")
        (here / name).symlink_to(elsewhere / name)
    assert cli.main(_shot(tmp_path, str(here / "shot.png"))) == 0
    assert cli.main(["solve", "square", "--range", "1-1", "--positions", "10",
                     "--out", str(here / "deals.csv")]) == 0
    capsys.readouterr()
    assert (elsewhere / "shot.png").read_bytes().startswith(PNG)
    assert (elsewhere / "deals.csv").read_text().startswith("rules,game,status")
    for name in ("shot.png", "deals.csv"):
        assert os.readlink(here / name) == str(elsewhere / name)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["deals.csv", "shot.png"]
    assert sorted(p.name for p in here.iterdir()) == ["deals.csv", "shot.png"]


def test_a_link_to_a_file_of_another_kind_is_refused_and_the_file_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The defect as it was found: ``screenshot sys.png`` with ``sys.png`` a link to
    ``/etc/hostname``, run as root, wrote the picture over the system's file. A link is
    written through only to a file of the kind its name says (here, a stand-in for it)."""
    system = tmp_path / "etc"
    system.mkdir()
    for name, out in (("hostname", "sys.png"), ("passwd", "deals.csv")):
        (system / name).write_text("vm\n")
        (tmp_path / out).symlink_to(system / name)
    said = _refused(capsys, _shot(tmp_path, str(tmp_path / "sys.png")))
    assert "is a symbolic link to" in said and "not a .png file" in said
    assert cli.main(["solve", "square", "--range", "1-1", "--positions", "10",
                     "--out", str(tmp_path / "deals.csv")]) == 2
    assert "not a .csv file; nothing is written through it" in capsys.readouterr().err
    assert (system / "hostname").read_text() == "vm\n" and (system / "passwd").read_text() == "vm\n"
    assert sorted(p.name for p in system.iterdir()) == ["hostname", "passwd"]


@pytest.mark.skipif(not IS_ROOT, reason="a link of another user is made by root")
def test_a_link_another_user_made_is_refused_as_root(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A link left in a shared folder (``/tmp``) by someone else, aimed at a file of the
    right kind that root may write, is not written through."""
    target = tmp_path / "precious.png"
    target.write_bytes(b"kept")
    link = tmp_path / "shot.png"
    link.symlink_to(target)
    os.lchown(link, 4321, 4321)
    said = _refused(capsys, _shot(tmp_path, str(link)))
    assert "a symbolic link that another user (uid 4321) made" in said
    assert target.read_bytes() == b"kept" and link.is_symlink()


def test_the_picture_goes_into_a_fifo_to_its_reader(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read)
    reader.start()
    assert cli.main(_shot(tmp_path, str(fifo))) == 0
    reader.join(10)
    assert not reader.is_alive() and received and received[0].startswith(PNG)
    assert pygame.image.load(str(_saved(tmp_path, received[0]))).get_size() == (800, 600)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def _saved(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "copy.png"
    path.write_bytes(data)
    return path


def test_a_fifo_nobody_reads_does_not_hang_the_screenshot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    (tmp_path / "data").mkdir()
    monkeypatch.setattr(output_module, "FIFO_WAIT", 0.2)
    # made, then not written: status 1, as every write that fails after the work
    assert "no program read the FIFO" in _refused(capsys, _shot(tmp_path, str(fifo)), status=1)


def test_dash_sends_the_png_to_standard_output(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    done = subprocess.run([sys.executable, "main.py", *_shot(tmp_path, "-")], cwd=ROOT,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(PNG)
    assert done.stderr.decode().startswith("saved the picture to standard output (800x600, scene menu)")


@pytest.mark.parametrize("command", [["screenshot", "x.png"], ["menu"], ["play", "constitution", "1"]])
@pytest.mark.parametrize("size", ["640x480", "799x600", "800x599", "8000x600", "big",
                                  "\uff18\uff10\uff10x600", "+800x600"])
def test_a_size_the_game_cannot_lay_out_is_refused(
        command: list[str], size: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        cli.main([*command, "--size", size])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "800x600" in err or "is not a size like 1280x800" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("frames", ["0", "100001", "999999999999"])
def test_frames_out_of_range_are_refused_before_a_window_opens(
        frames: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A trillion frames ran until the command was killed."""
    out = tmp_path / "x.png"
    err = _refused(capsys, ["screenshot", str(out), "--frames", frames, "--data-dir", str(tmp_path)])
    assert err == "error: --frames must be a whole number from 1 to 100,000\n"
    assert not out.exists()


@pytest.mark.parametrize("scene, options", [
    ("options", ["--rules", "square"]),
    ("options", ["--game", "5"]),
    ("menu", ["--moves", "r1c1-f1"]),
    ("win", ["--game", "5"]),
    ("stats", ["--game", "5", "--moves", "x"]),
])
def test_an_option_the_scene_does_not_use_is_refused(
        scene: str, options: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    err = _refused(capsys, ["screenshot", str(out), "--scene", scene, *options])
    assert f"the {scene} scene does not use --{options[0][2:]}" in err
    assert not out.exists()


def test_an_unknown_rule_set_is_cut_short_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    err = _refused(capsys, ["screenshot", str(out), "--rules", "x" * 5000, "--data-dir", str(tmp_path)])
    assert "unknown rule set 'xxxx" in err and len(err) < 200
    assert not out.exists()


def test_sigterm_during_the_frames_stops_them_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """SIGTERM arrives on the fifth of a hundred thousand frames."""
    frames: list[int] = []
    real_step = App.step

    def step(self: App, dt: float) -> None:
        frames.append(1)
        if len(frames) == 5:
            os.kill(os.getpid(), signal.SIGTERM)
        real_step(self, dt)

    monkeypatch.setattr(App, "step", step)
    (tmp_path / "data").mkdir()
    before = signal.getsignal(signal.SIGTERM)
    out = tmp_path / "x.png"
    argv = ["screenshot", str(out), "--scene", "menu", "--size", "800x600", "--frames", "100000",
            "--data-dir", str(tmp_path / "data")]
    err = _refused(capsys, argv, status=143)
    assert "stopped by SIGTERM" in err and len(frames) == 5
    assert not out.exists() and not list(tmp_path.glob("*.tmp"))
    assert signal.getsignal(signal.SIGTERM) == before  # the command's handler is gone


@pytest.mark.parametrize("argv", [["play", "square", "#1,001-#1,002"], ["play", "constitution", "12-13"],
                                  ["screenshot", "x.png", "--game", "#12-#13", "--frames", "1"]])
def test_a_game_written_like_a_range_is_refused_before_a_window_opens(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the window opened"))
    err = _refused(capsys, argv)
    assert err.startswith("error: game number ") and "reads as a range of games" in err
    assert list(tmp_path.iterdir()) == []


# ----- --data-dir for the window commands --------------------------------------------


@pytest.mark.parametrize("command", [["menu"], ["play", "constitution", "1"],
                                     ["screenshot", "x.png", "--frames", "1"]])
def test_a_data_dir_that_is_a_file_is_refused(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(App, "run", lambda self: None)
    (tmp_path / "file").write_text("kept")
    err = _refused(capsys, [*command, "--data-dir", str(tmp_path / "file" / "sub")])
    assert "is not a folder" in err
    assert (tmp_path / "file").read_text() == "kept" and not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("command", [["menu"], ["play", "constitution", "1"],
                                     ["screenshot", "x.png", "--scene", "replay", "--frames", "1"]])
@pytest.mark.parametrize("name", ["x" * 300, "/".join(["x" * 9] * 500)],
                         ids=["300-char name", "5000-char path"])
def test_a_data_dir_whose_name_is_too_long_is_a_one_line_error(
        command: list[str], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the window opened"))
    err = _refused(capsys, [*command, "--data-dir", str(tmp_path / name)])
    assert err.startswith("error: --data-dir ") and "the name is too long" in err and len(err) < 300
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["menu"], ["play", "constitution", "1"], ["replay", "{replay}"]])
def test_a_data_dir_where_nothing_can_be_saved_gets_a_message(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The replay viewer is told too (it was not: hostile command-line review 31), and the
    message names the folder as it was given, beside the one that takes no file (it named
    /proc alone, as if --data-dir /proc had been typed)."""
    if not os.path.isdir("/proc/self"):
        pytest.skip("no /proc here")
    replay = tmp_path / "game.replay"
    replay.write_text("version: 1\nrules: constitution\ngame: 1\nmoves:\n1 r1c2-f5 1.0\nend\n")
    apps: list[App] = []
    monkeypatch.setattr(App, "run", lambda self: apps.append(self))
    command = [str(replay) if word == "{replay}" else word for word in command]
    assert cli.main([*command, "--data-dir", "/proc/british-patience-test/x"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("warning: --data-dir /proc/british-patience-test/x: no file can be made in /proc ")
    assert err.endswith(": nothing will be saved\n") and err.count("\n") == 1, err
    assert any("nothing will be saved" in message for message in apps[0].notices.waiting)


@pytest.mark.parametrize("kind", ["a link to nothing", "a loop of links", "a default under a file"])
def test_a_data_folder_that_can_never_be_made_gets_a_message(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A ``--data-dir`` that is a symbolic link to nothing or a loop of links, and a
    default data folder under a file (``XDG_DATA_HOME`` naming a file), are told at the
    start, as a folder where nothing can be saved is; nothing is made anywhere."""
    apps: list[App] = []
    monkeypatch.setattr(App, "run", lambda self: apps.append(self))
    given: list[str] = []
    if kind == "a link to nothing":
        (tmp_path / "data").symlink_to(tmp_path / "gone")
        given = ["--data-dir", str(tmp_path / "data")]
    elif kind == "a loop of links":
        (tmp_path / "one").symlink_to(tmp_path / "two")
        (tmp_path / "two").symlink_to(tmp_path / "one")
        given = ["--data-dir", str(tmp_path / "one")]
    else:
        (tmp_path / "a file").write_text("not a folder")
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "a file"))
    before = sorted(os.listdir(tmp_path))
    assert cli.main(["menu", *given]) == 0
    err = capsys.readouterr().err
    assert "nothing will be saved" in err, err
    assert any("nothing will be saved" in message for message in apps[0].notices.waiting)
    assert sorted(os.listdir(tmp_path)) == before and not (tmp_path / "gone").exists()
    # that one message says it all: no file's own "could not be read (... Not a
    # directory)" beside it, as each file under the folder that cannot be gave
    assert err.count("\n") == 1 and "Not a directory" not in err, err


def test_a_screenshot_tries_no_write_in_its_data_dir(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A picture only reads the data folder (tests/ui/test_screenshot_data_folder.py), so
    it is not told that nothing will be saved there, as ``menu`` is: it makes no file to
    find out (it did, and removed it), and draws."""
    if not os.path.isdir("/proc/self"):
        pytest.skip("no /proc here")
    out = tmp_path / "x.png"
    data = tmp_path / "data"
    data.mkdir()
    before = os.stat(data).st_mtime_ns
    for folder in ("/proc/british-patience-test", str(data)):
        assert cli.main(["screenshot", str(out), "--frames", "1", "--data-dir", folder]) == 0
        # (only that /proc has no such folder: test_a_data_dir_that_does_not_exist_is_told)
        assert "nothing will be saved" not in capsys.readouterr().err
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not os.path.exists("/proc/british-patience-test")
    assert os.stat(data).st_mtime_ns == before and not list(data.iterdir())


def test_screenshot_defaults_fill_only_what_the_scene_uses() -> None:
    for scene, options in ui_commands.SCENE_OPTIONS.items():
        assert scene in ui_commands.SCREENSHOT_SCENES
        assert set(options) <= set(ui_commands.SCREENSHOT_DEFAULTS)
    assert set(ui_commands.SCENE_OPTIONS) == set(ui_commands.SCREENSHOT_SCENES)


def test_a_second_copy_of_the_game_on_one_data_folder_saves_nothing_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Another running copy holds the data folder: this window reads it and writes
    nothing (no log, no settings, no saved game over the other's), and says so."""
    fcntl = pytest.importorskip("fcntl")
    from game.records.store import LOCK_FILE

    data = tmp_path / "data"
    data.mkdir()
    other = os.open(data / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    apps: list[App] = []
    monkeypatch.setattr(App, "run", lambda self: apps.append(self))
    try:
        assert cli.main(["play", "constitution", "1", "--data-dir", str(data)]) == 0
        app = apps[0]
        err = capsys.readouterr().err
        assert "another copy of the game is using the data folder" in err
        assert app.only_reads == SHARED and app.store().read_only
        assert any("another copy of the game" in notice.lower() for notice in app.notices.waiting)
        table = app.top
        assert isinstance(table, TableScene)
        table.session.play(table.game.legal_moves()[0])
        table.session.quit()
        assert any("another copy of the game" in n for n in table.session.take_notices())
        assert sorted(p.name for p in data.iterdir()) == [LOCK_FILE], "nothing written"
    finally:
        os.close(other)


# ----- --moves -----------------------------------------------------------------------


@pytest.mark.parametrize("scene", ["table", "replay", "help"])
@pytest.mark.parametrize("moves, said", [
    ("r1c2-f5 bogus", "error: move 2 of --moves, bogus: not a move"),
    ("r1c2-f5 r1c2-f5", "error: move 2 of --moves, r1c2-f5: "),
    ("xyz r1c2-f5", "error: move 1 of --moves, xyz: not a move"),
])
def test_a_move_of_moves_that_fails_is_named_as_deal_names_it(
        scene: str, moves: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``screenshot --moves "r1c2-f5 r1c2-f5"`` said ``error: r1c2-f5: …``, so which of
    the two failed was not told; it says what ``deal`` says, before a window opens."""
    monkeypatch.setattr(ui_commands, "open_window", lambda *a, **k: pytest.fail("the window opened"))
    err = _refused(capsys, ["screenshot", str(tmp_path / "x.png"), "--scene", scene, "--moves", moves])
    assert err.startswith(said), err
    assert cli.main(["deal", "constitution", "1", "--moves", moves]) == 2
    assert capsys.readouterr().err == err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("scene", ["table", "replay"])
def test_the_pictures_themselves_name_the_move_that_failed(scene: str, app: App) -> None:
    """The scenes play ``--moves`` with the command line's own function too, for whoever
    sets a picture up without the command line."""
    from game.ui.screenshots import screenshot_scene

    args = argparse.Namespace(rules="constitution", game="1", moves="r1c2-f5 r1c2-f5")
    with pytest.raises(ValueError, match=r"^move 2 of --moves, r1c2-f5: "):
        screenshot_scene(app, scene, args)


@pytest.mark.parametrize("kind", ["missing", "a link to nothing", "a loop of links", "empty"])
def test_a_data_dir_that_does_not_exist_is_told(kind: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A picture only reads its data folder, as ``stats`` does: a mistyped name would
    picture records that look wiped, so it is told on standard error; the picture is still
    taken, as a picture of a game with nothing recorded may be what was meant. An empty
    folder that is there is said nothing of."""
    data = tmp_path / "data"
    if kind == "a link to nothing":
        data.symlink_to(tmp_path / "gone")
    elif kind == "a loop of links":
        data.symlink_to(tmp_path / "other")
        (tmp_path / "other").symlink_to(data)
    elif kind == "empty":
        data.mkdir()
    before = sorted(os.listdir(tmp_path))
    out = tmp_path / "x.png"
    argv = ["screenshot", str(out), "--scene", "stats", "--frames", "1", "--data-dir", str(data)]
    assert cli.main(argv) == 0
    lines = capsys.readouterr().err.splitlines()
    if kind == "empty":
        assert lines == []
    else:
        why = ("there is no such folder" if kind == "missing"
               else "it is a symbolic link that leads to no folder")
        assert lines[0] == f"warning: --data-dir {data}: {why}; the picture shows nothing recorded"
        # (a loop of links is told again of each file it cannot open: "too many levels of links")
        assert len(lines) == 1 or kind == "a loop of links"
    assert out.read_bytes().startswith(PNG)
    assert sorted(os.listdir(tmp_path)) == sorted([*before, "x.png"])


@pytest.mark.parametrize("scene, paced", [("demo", True), ("table", False)])
def test_the_demos_frames_keep_to_the_clock_and_no_others_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scene: str, paced: bool) -> None:
    """The demo plans in another process, in real time: a screenshot of it runs its frames
    at 60 a second, so that --frames 400 shows the moves 400 frames of play make (at full
    speed none was made yet); other scenes run their frames at once."""
    slept: list[float] = []
    wait = ui_commands._wait

    def recorded(seconds: float) -> None:
        slept.append(seconds)
        wait(seconds)

    monkeypatch.setattr(ui_commands, "_wait", recorded)
    assert cli.main(_shot(tmp_path, str(tmp_path / "shot.png"), "--scene", scene, "--rules", "union-square",
                          "--frames", "120")) == 0
    if paced:
        assert len(slept) == 120
        # each sleep is what is left of its frame's 1/60 s (the frame's own time comes off
        # it), so 120 frames last 2 s of the clock
        assert all(0.0 <= s <= 1 / 60 + 1e-6 for s in slept) and 0.0 < sum(slept) <= 2.0 + 1e-6
    else:
        assert slept == []
