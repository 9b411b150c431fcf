"""The command line as a program: whatever the command, where its output goes never ends
it in a traceback (a reader that has gone away, an output that cannot show ♠♥♦♣)."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import PACKAGES, build_parser, main, plain_if_needed

ROOT = Path(__file__).resolve().parents[1]

#: one quick run of each kind of command that prints to standard output
COMMANDS = [
    ["--help"],
    ["hint", "--help"],
    ["hint", "constitution", "1", "--ms", "20"],
    ["solve", "constitution", "1", "--budget", "1"],
    pytest.param(["demo", "constitution", "1"], marks=pytest.mark.slow),
    ["bench", "--help"],
    ["levels", "check", "--help"],
    ["deal", "union-square", "5"],
]


def _environment(**extra: str) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **extra}


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_into_a_closed_pipe_ends_quietly(command: list[str]) -> None:
    """``main.py hint … | head -1``: the reader goes away; no traceback, status 0."""
    child = subprocess.Popen([sys.executable, "main.py", *command], cwd=ROOT, env=_environment(),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # no reader left before the child writes a byte
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 0, err
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err


@pytest.mark.parametrize("command", [["solve", "union-square", "--range", "1-2", "--positions", "20000"],
                                     ["demo", "union-square", "--range", "1-1"]], ids=" ".join)
def test_a_range_into_a_closed_pipe_still_writes_its_csv(command: list[str], tmp_path: Path) -> None:
    """``main.py solve … --range … --out F.csv | head -2``: the table cannot be printed,
    but the CSV is written before it, so no row is lost."""
    out = tmp_path / "rows.csv"
    child = subprocess.Popen([sys.executable, "main.py", *command, "--out", str(out)], cwd=ROOT,
                             env=_environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=300) == 0, err
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("rules,game,status") and len(lines) == 1 + int(command[3][-1])
    assert all(line.startswith("union-square,") and ",won," in line for line in lines[1:])


@pytest.mark.parametrize("stderr", ["gone", "full", "closed"])
def test_a_range_whose_progress_cannot_be_shown_still_writes_its_csv(stderr: str, tmp_path: Path) -> None:
    """``solve … --range … --out F.csv 2>&1 | head -1`` (standard error's reader gone after
    the first line of the progress bar), ``2>/dev/full`` and ``2>&-``: the progress bar is
    not worth the run. It stops, the run goes on, the CSV is written, the status is 0 and
    no traceback is left (the bar's failed write ended the run, the CSV unwritten)."""
    out = tmp_path / "rows.csv"
    command = [sys.executable, "main.py", "solve", "union-square", "--range", "1-3", "--positions",
               "20000", "--out", str(out)]
    if stderr == "gone":
        child = subprocess.Popen(command, cwd=ROOT, env=_environment(TERM="dumb"), stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        assert child.stderr is not None
        child.stderr.readline()  # the bar's first line; then its reader goes away
        child.stderr.close()
        status = child.wait(timeout=300)
    elif stderr == "full":
        with open("/dev/full", "w") as full:
            status = subprocess.run(command, cwd=ROOT, env=_environment(), stdout=subprocess.DEVNULL,
                                    stderr=full, timeout=300).returncode
    else:
        status = subprocess.run(command, cwd=ROOT, env=_environment(), stdout=subprocess.DEVNULL,
                                stderr=None, timeout=300, preexec_fn=lambda: os.close(2)).returncode
    assert status == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("rules,game,status") and len(lines) == 4
    assert all(line.startswith("union-square,") for line in lines[1:])


def test_a_failing_command_keeps_its_status_when_its_message_cannot_be_shown() -> None:
    """``deal constitution abc 2>&1 | true``: the error message finds no reader, and the
    status stays the usage error's 2 (it was 0, as for a reader gone from the output)."""
    child = subprocess.Popen([sys.executable, "main.py", "deal", "constitution", "abc"], cwd=ROOT,
                             env=_environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert child.stdout is not None
    child.stdout.close()
    assert child.wait(timeout=60) == 2


def test_hint_on_an_output_without_suit_symbols_writes_suit_letters() -> None:
    """A file written in a legacy code page (Windows) cannot hold ♠: letters instead of a crash."""
    done = subprocess.run([sys.executable, "main.py", "hint", "constitution", "1", "--ms", "20"], cwd=ROOT,
                          capture_output=True, env=_environment(PYTHONIOENCODING="cp1252"), timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    out = done.stdout.decode("cp1252")
    # the 2♠ drop is among the hints (its rank depends on how far 20 ms of search sees)
    assert " r1c3-f3 " in out and "plays 2S to the foundation" in out
    assert "?" not in out


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_help_on_an_output_without_suit_symbols_is_whole(encoding: str) -> None:
    done = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True,
                          env=_environment(PYTHONIOENCODING=encoding), timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.decode(encoding).startswith("usage: main.py")


def test_a_stream_that_cannot_show_suits_gets_letters_and_a_utf8_one_is_left_alone() -> None:
    raw = io.BytesIO()
    legacy = io.TextIOWrapper(raw, encoding="cp1252")
    plain = plain_if_needed(legacy)
    assert plain.write("10♣ on J♥ — then Q♠… ✓\n") == 23
    plain.flush()
    assert raw.getvalue() == b"10C on JH - then QS... ?\n"
    assert plain_if_needed(plain) is plain, "made plain once, not again on a second run"
    modern = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert plain_if_needed(modern) is modern


def test_every_package_with_commands_is_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``levels build`` is what the levels' own messages tell a person to run."""
    packages = {path.parent.name for path in (ROOT / "game").glob("*/commands.py")}
    assert "levels" in packages and packages == set(PACKAGES)
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    listed = capsys.readouterr().out
    for command in ("deal", "hint", "replay", "levels", "screenshot", "bench"):
        assert f"\n    {command} " in listed or f"\n    {command}\n" in listed
    assert build_parser().parse_args(["levels", "check", "--rules", "square"]).func is not None


class _ClosedPipe(io.StringIO):
    """Standard output whose reader has gone, as Windows reports it (EINVAL)."""

    def write(self, text: str) -> int:
        raise OSError(errno.EINVAL, "Invalid argument")


def test_a_closed_pipe_on_windows_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "platform", "win32")
    assert main(["deal", "constitution", "1"]) == 0


def test_einval_elsewhere_is_a_real_error(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # only Windows reports a closed pipe this way: anywhere else it is not hidden
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["deal", "constitution", "1"]) == 1
    assert capsys.readouterr().err == "error: could not write to standard output: Invalid argument\n"


class _FullDisk(io.StringIO):
    """Standard output on a full disk: every write fails with ENOSPC."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_on_standard_output_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main(["deal", "constitution", "1"]) == 1
    assert capsys.readouterr().err == "error: could not write to standard output: the disk is full\n"


WON = ROOT / "tests" / "records" / "data" / "constitution-1-won.replay"

#: one run of each kind of command that prints its result on standard output
INTO_DEV_FULL = [
    ["analyse", str(WON), "--positions", "1000"],
    ["analyse", str(WON), "--positions", "1000", "--json"],
    ["replay", "--check", str(WON)],
    ["deal", "union-square", "5"],
    ["hint", "constitution", "1", "--ms", "20"],
    ["solve", "constitution", "1", "--positions", "100"],
    ["levels", "check", "--rules", "square"],
    ["--help"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("command", INTO_DEV_FULL, ids=" ".join)
def test_every_command_onto_a_full_disk_says_so_in_one_line(command: list[str], buffered: bool) -> None:
    """``main.py analyse FILE > /dev/full``: the text cannot be written, and the command
    says so as ``solve --out -`` does, with status 1, whether the text is held back until
    the end (buffered) or written as it is printed."""
    env = _environment(PYTHONUNBUFFERED="" if buffered else "1")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "main.py", *command], cwd=ROOT, env=env, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.endswith("error: could not write to standard output: the disk is full\n"), done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


class _BrokenPipe(io.StringIO):
    """Standard output whose reader has gone, as every system reports it (EPIPE)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def test_standard_output_s_guard_tells_a_full_disk_from_a_closed_pipe() -> None:
    from game.cli import GuardedOutput, StandardOutputError

    kept = io.StringIO()
    GuardedOutput(kept).writelines(["a\n", "b\n"])
    assert kept.getvalue() == "a\nb\n"
    with pytest.raises(StandardOutputError):
        GuardedOutput(_FullDisk()).writelines(["a\n"])
    with pytest.raises(StandardOutputError):
        GuardedOutput(_FullDisk()).write("a")
    with pytest.raises(BrokenPipeError):
        GuardedOutput(_BrokenPipe()).writelines(["a\n"])


def test_counts_are_told_in_the_singular_for_one() -> None:
    from game.console import counted

    assert [counted(n, "move") for n in (0, 1, 2, 1000)] == ["0 moves", "1 move", "2 moves", "1,000 moves"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", [["screenshot", "-", "--frames", "1"],
                                     ["screenshot", "/dev/full", "--frames", "1"],
                                     ["levels", "chart", "/dev/full"]], ids=" ".join)
def test_a_picture_onto_a_full_disk_ends_with_status_1_as_every_write_that_fails(command: list[str]) -> None:
    """The picture was made, its write failed: status 1 (as ``solve --out /dev/full`` and
    standard output onto a full disk), not 2, which says the command was refused before
    any work."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "main.py", *command], cwd=ROOT, env=_environment(),
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "the disk is full" in done.stderr and "Traceback" not in done.stderr


def test_bench_measures_a_section_given_twice_once_and_refuses_search_options_without_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--only records --only records`` ran the section twice, and the search section's
    options beside an --only that leaves it out were ignored without a word (hostile
    command-line review 31): they are refused, as --jobs is with one game."""
    from game.records import bench as records_bench

    runs: list[bool] = []
    monkeypatch.setattr(records_bench, "run", lambda quick: runs.append(quick) or {"constitution": {"x": 1}})
    assert main(["bench", "--only", "records", "--only", "records", "--json"]) == 0
    assert runs == [False] and list(json.loads(capsys.readouterr().out)) == ["machine", "records"]
    for argv in (["--rules", "square"], ["--hint-runs", "3"], ["--hint-seed", "5"], ["--demo-games", "2"]):
        assert main(["bench", "--only", "records", *argv]) == 2
        err = capsys.readouterr().err
        assert err == f"error: {argv[0]} serves the search section only, which --only records leaves out\n"
    assert runs == [False]
