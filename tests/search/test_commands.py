"""``solve`` and ``demo`` on the command line: one reading of game numbers and ranges,
options a command cannot use refused, ``--out`` checked before the work, Ctrl+C."""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.engine.deals import parse_game_number
from game.search.batch import ProgressBar, parse_range

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text, expected", [
    ("3-6", ["3", "4", "5", "6"]),
    (" 7 - 9 ", ["7", "8", "9"]),
    ("#1-#3", ["1", "2", "3"]),
    ("1,000-1,002", ["1000", "1001", "1002"]),
    ("ms5-ms7", ["5", "6", "7"]),
    ("ms40000-ms40001", ["ms40000", "ms40001"]),
    ("#12,345", ["12345"]),
])
def test_a_range_accepts_every_bound_a_game_number_accepts(text: str, expected: list[str]) -> None:
    assert parse_range(text) == expected
    for bound in text.split("-"):
        assert parse_game_number(bound) in expected


@pytest.mark.parametrize("text, reason", [
    ("²-³", "game number '²': only the digits 0 to 9 are allowed"),
    ("１-２", "game number '１': only the digits 0 to 9 are allowed"),
    ("1-" + "7" * 5000, "it must be at most 99999999999999999999"),
    ("5-2", "from a number up to a larger one"),
    ("0-3", "it must be at least 1"),
    ("ms5-ms40000", "not from one to the other"),
    ("1-2-3", "write it like 1-1000"),
    ("1-1000001", "at most 1,000,000 deals"),
])
def test_a_bad_range_gets_a_clear_short_message(text: str, reason: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_range(text)
    message = str(err.value)
    assert reason in message and len(message) < 200 and "int()" not in message


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("argv, reason", [
    (["demo", "constitution", "12-13"], "for games 12 to 13 write --range 12-13"),
    (["solve", "constitution", " 12 - 13 "], "for games 12 to 13 write --range 12-13"),
    (["solve", "union-square", "#1,001-#1,002"], "for games 1001 to 1002 write --range 1001-1002"),
    (["demo", "union-square", "#1,001-#1,002"], "for games 1001 to 1002 write --range 1001-1002"),
    (["demo", "constitution", "#12-#13"], "for games 12 to 13 write --range 12-13"),
    (["solve", "constitution", "1-2-3"], "for a range of games write --range A-B"),
    (["solve", "constitution", "1", "--jobs", "0"], "--jobs serves --range only"),
    (["solve", "constitution", "1", "--jobs", "2"], "--jobs serves --range only"),
    (["demo", "constitution", "1", "--out", "f.csv"], "--out serves --range only"),
    (["solve", "constitution", "1", "--jobs", "2", "--out", "f.csv"], "--jobs and --out serve --range only"),
    (["demo", "constitution", "--range", "1-2", "--jobs", "0"], "--jobs must be a whole number"),
    (["demo", "constitution", "5", "--range", "1-2"], "give either a game number or --range, not both"),
    (["solve", "constitution", "5", "--range", "1-2"], "give either a game number (with --moves) or --range"),
    (["solve", "constitution", "--range", "²-³"], "--range '²-³' is not a range of game numbers"),
    (["solve", "constitution", "--range=-5"], "--range '-5' is not a range of game numbers: it needs a "
                                              "number on each side of the dash (write it like 1-1000)"),
    (["demo", "constitution", "--range", "5-"], "it needs a number on each side of the dash"),
    (["demo", "constitution", "--range", "1-2", "--jobs", "two"], "--jobs must be a whole number from 1"),
    (["demo", "x" * 500, "1"], "unknown rule set 'xxxxxxxx"),
    (["demo", "constitution", "１"], "only the digits 0 to 9 are allowed"),
])
def test_what_a_command_cannot_use_is_refused_not_ignored(
        argv: list[str], reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and reason in err and len(err) < 300
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["deal", "constitution", "12-13"], ["hint", "square", "#12-#13"]])
def test_a_game_written_like_a_range_is_refused_by_every_command(
        argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """PySolFC reads ``12-13`` as game 1213; no command here deals that in its place (the
    window's commands: tests/ui/test_screenshot_command.py)."""
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == ""
    assert err.startswith("error: game number ") and "reads as a range of games" in err
    assert err.count("\n") == 1 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("out", ["folder", "/proc/lv.csv", "missing/x.csv", "plain/x.csv", ""])
def test_an_out_that_cannot_be_written_is_refused_before_any_deal_is_played(
        out: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    if out.startswith("/proc") and not os.path.isdir("/proc/self"):
        pytest.skip("no /proc here")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    (tmp_path / "plain").write_text("x")
    status, printed, err = _run(["solve", "constitution", "--range", "1-1000", "--out", out], capsys)
    assert status == 2 and printed == ""
    assert err.startswith("error: --out ") and err.count("\n") == 1
    assert "[" not in err, "no deal was played"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "plain"]


def test_out_dash_writes_the_csv_to_standard_output_and_the_table_to_standard_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "union-square", "--range", "1-2", "--budget", "5", "--out", "-"]
    status, out, err = _run(argv, capsys)
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["game"] for r in rows] == ["1", "2"] and {r["rules"] for r in rows} == {"union-square"}
    assert "solver, union-square, deals 1-2" in err and "won             2" in err


def test_out_dot_slash_dash_writes_the_file_named_dash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = _run(["solve", "constitution", "--range", "1-1", "--positions", "10", "--out", "./-"],
                          capsys)
    assert status == 0 and "solver, constitution, deals 1" in out and "rules,game" not in out
    assert (tmp_path / "-").read_text().startswith("rules,game,status")


def test_the_csv_gets_the_users_umask(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = os.umask(0o027)
    try:
        assert main(["demo", "square", "--range", "1-1", "--out", str(tmp_path / "d.csv")]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "d.csv").stat().st_mode) == 0o640
    assert (tmp_path / "d.csv").read_text().splitlines()[1].startswith("square,1,lost,")


def test_a_dumb_terminal_gets_progress_lines_without_redraws(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    stream = io.StringIO()
    bar = ProgressBar("search", 25, stream, shown=("won",))
    for _ in range(25):
        bar.step("won")
    bar.finish()
    lines = stream.getvalue().split("\n")
    assert "\r" not in stream.getvalue() and lines[-1] == ""
    assert len(lines) - 1 == 10 and lines[-2].startswith("search [####") and "25/25  won 25" in lines[-2]
    monkeypatch.setenv("TERM", "xterm")
    stream = _Terminal()
    bar = ProgressBar("search", 3, stream)
    for _ in range(3):
        bar.step()
    assert stream.getvalue().count("\r") == 3


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_into_a_file_or_pipe_is_lines_not_redraws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard error sent to a log gets a line at each tenth, not one huge line of
    carriage returns, whatever the terminal type."""
    monkeypatch.setenv("TERM", "xterm")
    stream = io.StringIO()
    bar = ProgressBar("search", 100, stream)
    for _ in range(100):
        bar.step()
    assert "\r" not in stream.getvalue() and len(stream.getvalue().splitlines()) == 10


def answer_ctrl_c() -> None:
    """In the child: Ctrl+C as at a terminal, even where these tests run with SIGINT
    ignored (a shell's background job ignores it, and so would the programs it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.parametrize("whom", ["the command", "the terminal's whole process group"])
def test_ctrl_c_ends_a_demo_over_two_processes_at_once(whom: str) -> None:
    """Ctrl+C stops the workers mid-deal (a deal takes the demo about 15 s), quietly."""
    child = subprocess.Popen([sys.executable, "main.py", "demo", "constitution", "--range", "1-40",
                              "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True, preexec_fn=answer_ctrl_c)
    try:
        time.sleep(2.0)  # the two workers are playing their first deals
        assert child.poll() is None
        if whom == "the command":
            os.kill(child.pid, signal.SIGINT)
        else:
            os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=5)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert out == ""
    if shutil.which("pgrep") is None:
        return
    leftover = subprocess.run(["pgrep", "-s", str(child.pid)], capture_output=True, text=True)
    assert leftover.stdout == "", "a worker process outlived the command"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_or_sighup_to_the_command_stops_its_workers_too(name: str, tmp_path: Path) -> None:
    """SIGTERM or SIGHUP sent to the command alone (as a service manager or a closed
    terminal sends it) stops its workers too, keeps the rows finished in --out, and the
    status says which signal it was; before, the workers ran on with no parent."""
    number = getattr(signal, name)
    out_file = tmp_path / "rows.csv"
    child = subprocess.Popen([sys.executable, "main.py", "demo", "constitution", "--range", "1-40",
                              "--jobs", "2", "--out", str(out_file)], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        time.sleep(2.0)  # the two workers are playing their first deals
        assert child.poll() is None
        os.kill(child.pid, number)
        _, err = child.communicate(timeout=10)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 128 + number, err
    assert "Traceback" not in err, err
    assert out_file.read_text(encoding="utf-8").startswith("rules,game,"), "the rows finished are kept"
    if shutil.which("pgrep") is None:
        return
    time.sleep(0.5)
    leftover = subprocess.run(["pgrep", "-s", str(child.pid)], capture_output=True, text=True)
    assert leftover.stdout == "", "a worker process outlived the command"


@pytest.mark.slow
def test_a_worker_killed_mid_run_stops_the_run_and_keeps_the_rows(tmp_path: Path) -> None:
    """A worker process killed (as the system's out-of-memory killer kills one) loses its
    deal, and the pool would wait for it for ever: the run stops within seconds, says
    why, keeps the rows finished and ends with status 1."""
    if shutil.which("pgrep") is None:
        pytest.skip("no pgrep here")
    out_file = tmp_path / "rows.csv"
    child = subprocess.Popen([sys.executable, "main.py", "demo", "constitution", "--range", "1-40",
                              "--jobs", "2", "--out", str(out_file)], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        workers: list[str] = []
        for _ in range(300):  # both workers running (a loaded machine takes a while to start them)
            time.sleep(0.1)
            found = subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True)
            workers = found.stdout.split()
            if len(workers) == 2:
                break
        assert len(workers) == 2, "the two worker processes did not start"
        time.sleep(1.0)  # playing their first deals
        os.kill(int(workers[0]), signal.SIGKILL)
        _, err = child.communicate(timeout=20)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 1, err
    assert "a worker process ended in the middle of a deal" in err and "Traceback" not in err
    assert out_file.read_text(encoding="utf-8").startswith("rules,game,")
    time.sleep(0.5)
    leftover = subprocess.run(["pgrep", "-s", str(child.pid)], capture_output=True, text=True)
    assert leftover.stdout == "", "a worker process outlived the command"


def test_an_unknown_deal_says_how_to_decide_it(capsys) -> None:
    status, out, _ = _run(["solve", "constitution", "132", "--positions", "1000"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("British Constitution game 132: unknown (1,000 positions")
    assert "a larger --budget or --positions may decide it" in lines[1]


def test_a_decided_deal_says_nothing_of_the_budget(capsys) -> None:
    status, out, _ = _run(["solve", "constitution", "1", "--positions", "100000"], capsys)
    assert status == 0
    assert ": won (" in out and "--budget" not in out


def test_hint_names_a_few_twins_and_counts_the_rest(capsys: pytest.CaptureFixture[str]) -> None:
    """Union Square game 27 after these moves: a lone card can go into any of several
    empty piles (four twins), and any lone card into any of them changes nothing (some
    fifty, which move different cards): a line names at most four twins and counts the
    others, and the moves that change nothing are counted as such, so no line runs on."""
    from game.search.commands import _or_twins
    from tests.search.test_hint_reasons import _LONE_CARDS

    assert main(["hint", "union-square", "27", "--moves", _LONE_CARDS, "--ms", "1000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(re.search(r"\(or w-p\d+, w-p\d+, w-p\d+, w-p\d+\)", line) for line in lines), lines
    last = lines[-1]
    counted = re.search(r"\(or any of (\d+) more that change nothing\)", last)
    assert counted and int(counted.group(1)) > 20 and "which changes nothing" in last, last
    assert max(len(line) for line in lines) < 200
    # five twins or more: four named, the rest counted
    assert _or_twins([f"p1-p{n}" for n in range(2, 9)]) == " (or p1-p2, p1-p3, p1-p4, p1-p5 and 3 more)"
    assert _or_twins(["r1c3-f4"]) == " (or r1c3-f4)" and _or_twins([]) == ""


def test_hint_lists_a_move_with_its_twins_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The same card to either foundation of its suit (or onto either of two equal
    cards) reaches the same position: one line, its twin in brackets, not two hints."""
    assert main(["hint", "constitution", "1", "--ms", "1000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = [line.split()[1] for line in lines]
    assert "r1c3-f3 (or r1c3-f4)" in "\n".join(lines)
    assert "r1c3-f4" not in moves and len(moves) == len(set(moves))
    numbers = [line.split(".")[0].strip() for line in lines]
    assert numbers == [str(n) for n in range(1, len(lines) + 1)]


@pytest.mark.parametrize("argv, usage", [
    (["demo", "constitution", "5", "--budget", "3"], "usage: main.py demo "),
    (["solve", "constitution", "5", "--bogus"], "usage: main.py solve "),
    (["--bogus"], "usage: main.py [-h]"),
    (["levels", "build", "--bogus"], "usage: main.py levels build "),
    (["levels", "--bogus"], "usage: main.py levels [-h]"),
])
def test_an_unknown_option_shows_the_usage_of_the_command_given(
        argv: list[str], usage: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["main.py"])
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage), err
    assert f"error: unrecognized arguments: {argv[-2] if argv[-1] == '3' else argv[-1]}" in err
