"""``main.py analyse FILE.replay``: a lost replay names the move that lost it and prints a
winning line that replays to a win; a deal never winnable says so; a missing, damaged or
unknown-rules file gets a message and status 2."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine import new_game
from game.records.recorder import Recorder
from game.session.positions import lost_position
from tests.search.lost_lines import LOST_LINES, LostLine, lost_replay

ROOT = Path(__file__).resolve().parents[2]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def lost_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The lost replay of each rule set, written as the game writes them."""
    folder = tmp_path_factory.mktemp("replays")
    files = {}
    for rules in ("constitution", "square"):
        path = folder / f"{rules}-lost.replay"
        path.write_text(lost_replay(LOST_LINES[rules]).to_text(), encoding="utf-8")
        files[rules] = path
    return files


def test_a_lost_replay_names_the_move_that_lost_it(lost_files: dict[str, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = lost_files["constitution"]
    status, out, err = _run(["analyse", str(path)], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("British Constitution #3: lost, ")
    found = re.fullmatch(r"Your move (\d+) \((.+?)\) was the last one that mattered: "
                         r"played in its place, (.+) wins, with a line of (\d+) moves "
                         r"(?:after move (\d+)|from the deal)\.", lines[1])
    assert found, lines[1]
    losing, words, better, start = int(found[1]), found[2], found[3], int(found[5] or 0)
    # the line's length is the one the lines after it print
    assert f"{int(found[4])} moves:" in lines[2], lines[2]
    assert start == losing - 1
    # the move it names is the replay's move, in the profile's words
    moves = [line.split()[1] for line in path.read_text(encoding="utf-8").splitlines()
             if re.match(r"\d+ ", line)]
    before = new_game("constitution", 3)
    before.play_all(moves[:start])
    move = before.parse_move(moves[start])
    assert words == before.profile.move_words(move.src, move.dst, before.piles[move.src][-1])
    assert " from " in words
    # the winning line printed, move by move, replays to a win from there
    assert re.fullmatch(rf"The winning line after move {start}, \d+ moves:", lines[2])
    rows = [re.fullmatch(r"\s+(\d+)\. (.+?)\s+(\S+)", line) for line in lines[3:-1]]
    assert rows and all(rows)
    assert rows[0] is not None and rows[0][2] == better, "the move named instead is the line's first"
    game = before.clone()
    for number, row in enumerate(rows, start + 1):
        assert row is not None and int(row[1]) == number
        played = game.parse_move(row[3])
        assert row[2] == game.profile.move_words(played.src, played.dst, game.piles[played.src][-1])
        game.play(played)
    assert game.is_won()
    assert re.fullmatch(r"\(\d+ positions? of the line checked, [\d,]+ searched in [\d.]+ s\)", lines[-1])


def test_the_json_of_an_analysis(lost_files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["analyse", str(lost_files["constitution"]), "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    assert data["verdict"] == "found" and data["losing_move"] == data["last_winnable"] + 1
    game = new_game(data["rules"], data["game"])
    moves = [line.split()[1] for line in lost_files["constitution"].read_text(encoding="utf-8").splitlines()
             if re.match(r"\d+ ", line)]
    assert data["losing_move_text"] == moves[data["losing_move"] - 1]
    game.play_all(moves[: data["last_winnable"]] + data["line"])
    assert game.is_won()


def test_a_deal_never_winnable(lost_files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["analyse", str(lost_files["square"])], capsys)
    assert status == 0
    assert out.splitlines()[1] == ("No play could have won this deal: the solver proved it lost "
                                   "from the start, so no move of yours lost it.")


@pytest.mark.parametrize("damage, reason", [
    (lambda text: text[: len(text) // 2], "cut short"),
    (lambda text: text.replace("rules: constitution", "rules: klondike"), "unknown rule set 'klondike'"),
    (lambda text: re.sub(r"(?m)^5 \S+", "5 r9c9-f1", text), "there is no place 'r9c9'"),
    (lambda text: "\x00\x01garbage", "line"),
])
def test_a_damaged_file_gets_a_message_and_status_2(lost_files: dict[str, Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    damage: object, reason: str) -> None:
    assert callable(damage)
    bad = tmp_path / "bad.replay"
    bad.write_text(damage(lost_files["constitution"].read_text(encoding="utf-8")), encoding="utf-8")
    status, out, err = _run(["analyse", str(bad)], capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {bad}: ") and reason in err and "Traceback" not in err


def test_a_missing_file_a_folder_and_a_bad_budget(tmp_path: Path, lost_files: dict[str, Path],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["analyse", str(tmp_path / "nothing.replay")], capsys)
    assert status == 2 and "there is no such file" in err
    status, _, err = _run(["analyse", str(tmp_path)], capsys)
    assert status == 2 and err == f"error: {tmp_path}: it is a folder, not a regular file\n"
    link = tmp_path / "link"
    link.symlink_to(tmp_path, target_is_directory=True)
    status, _, err = _run(["analyse", str(link)], capsys)
    assert status == 2 and "it is a folder, not a regular file" in err
    for budget in ("0", "-3", "nan", "inf"):
        status, _, err = _run(["analyse", str(lost_files["constitution"]), "--budget", budget], capsys)
        assert status == 2 and "--budget must be a positive number of seconds" in err


@pytest.mark.parametrize("name", ["x" * 300 + ".replay", "/".join(["x" * 9] * 500) + ".replay"],
                         ids=["300-char name", "5000-char path"])
def test_a_file_name_too_long_is_a_one_line_error_as_with_replay_check(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / name)
    errors = []
    for command in (["analyse", path], ["replay", "--check", path]):
        status, out, err = _run(command, capsys)
        assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < 300
        errors.append(err)
    assert errors[0] == errors[1] and "the name is too long" in errors[0]


def test_the_command_runs_as_a_program(tmp_path: Path) -> None:
    bad = tmp_path / "bad.replay"
    bad.write_bytes(b"# British patience replay\nversion: 1\nrules: constitution\n")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "analyse", str(bad)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def test_a_terminal_sees_the_progress_and_then_a_clean_line(lost_files: dict[str, Path]) -> None:
    pty = pytest.importorskip("pty")
    leader, follower = pty.openpty()
    try:
        command = [sys.executable, str(ROOT / "main.py"), "analyse", str(lost_files["constitution"])]
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=follower, text=True, cwd=ROOT,
                              timeout=120)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0 and "was the last one that mattered" in done.stdout
    progress = shown.decode()
    assert re.search(r"analysing +\d+%  checking the position after move \d+", progress), progress
    assert progress.endswith("\r" + " " * 60 + "\r")  # the progress line is wiped at the end
    assert "analysing" not in done.stdout


def test_positions_make_the_analysis_the_same_on_every_machine(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # a random player's long Union Square game, lost long before its end (the analysis
    # checks the deal as soon as the steps back from the end stay undecided)
    lost = lost_position(new_game("union-square", 1))
    recorder = Recorder(new_game("union-square", 1), clock=iter(range(10 ** 6)).__next__)
    for step in lost.history:
        recorder.play(step.move)
    path = tmp_path / "long.replay"
    path.write_text(recorder.replay().to_text(), encoding="utf-8")
    runs = []
    for _ in range(2):
        status, out, err = _run(["analyse", str(path), "--positions", "40000", "--json"], capsys)
        assert status == 0 and err == ""
        data = json.loads(out)
        runs.append({key: value for key, value in data.items() if key not in ("seconds", "checks")})
        runs[-1]["checks"] = [{k: v for k, v in c.items() if k != "seconds"} for c in data["checks"]]
    assert runs[0] == runs[1]
    data = runs[0]
    assert data["nodes"] <= 40_000 and data["budget"] == {"nodes": 40_000, "seconds": None}, \
        "positions alone bound it: no time limit, said as null"
    assert data["last_winnable"] is not None and "not decided" not in data["sentence"]
    game = new_game("union-square", 1)
    game.play_all([lost.move_text(s.move) for s in lost.history][: data["last_winnable"]] + data["line"])
    assert game.is_won()
    for bad in ("0", "-5", "1000000001", "1e5", "2.5"):
        status, out, err = _run(["analyse", str(path), "--positions", bad], capsys)
        assert status == 2 and out == "" and "--positions must be a whole number from 1 to" in err


def test_a_budget_too_short_to_search_shows_no_check(lost_files: dict[str, Path],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = str(lost_files["constitution"])
    status, out, err = _run(["analyse", path, "--budget", "0.001", "--json"], capsys)
    assert status == 0 and err == ""
    data = json.loads(out)
    # a check is a search: only the end, lost with no legal move, is decided without one
    assert all(check["nodes"] > 0 for check in data["checks"] if check["step"] != data["moves"])
    assert data["nodes"] == sum(check["nodes"] for check in data["checks"])
    status, out, _ = _run(["analyse", path, "--budget", "0.001"], capsys)
    # (another run, which may have searched a little or nothing; it may say how to look longer)
    last = [line for line in out.splitlines() if line.startswith("(")][-1]
    searched = r"\([1-9]\d* positions? of the line checked, [1-9][\d,]* searched in [\d.]+ s\)"
    assert (re.fullmatch(searched, last)
            or re.fullmatch(r"\(no position of the line was searched, in [\d.]+ s\)", last)), last


def test_an_undecided_analysis_says_how_to_look_longer(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "early.replay"  # a Lady Cadogan line lost early: undecided in 2,000 positions
    path.write_text(lost_replay(LostLine("constitution-cadogan", 1, seed=0)).to_text(), encoding="utf-8")
    status, out, _ = _run(["analyse", str(path), "--positions", "2000"], capsys)
    assert status == 0 and "not decided" in out
    # twice 2,000 positions would decide no more: at least the default look is asked for
    assert out.splitlines()[-1] == "To look longer, run it again with --positions 1000000."
    status, out, _ = _run(["analyse", str(path), "--positions", "2000", "--budget", "0.5"], capsys)
    assert out.splitlines()[-1] == "To look longer, run it again with --positions 1000000 --budget 60."
    status, out, _ = _run(["analyse", str(path), "--positions", "2000", "--json"], capsys)
    assert "look longer" not in out and json.loads(out)["verdict"] == "undecided"


def test_the_example_in_the_command_line_page_is_what_analyse_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/command-line.md shows ``analyse`` on the lost Lady Cadogan line: the lines it
    shows are the program's own, but for the time taken and the lines left out (``…``)."""
    page = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    section = page.split("## `analyse`", 1)[1]
    shown = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    path = tmp_path / "cadogan-lost.replay"
    path.write_text(lost_replay(LOST_LINES["constitution-cadogan"]).to_text(), encoding="utf-8")
    status, out, _ = _run(["analyse", str(path)], capsys)
    assert status == 0
    printed = out.splitlines()
    cut = shown.index("  …")
    assert shown[:cut] == printed[:cut]
    untimed = re.compile(r" in [\d.]+ s\)$")
    assert untimed.sub("", shown[-1]) == untimed.sub("", printed[-1])


def test_a_longer_look_doubles_a_budget_past_the_default() -> None:
    from game.search.analyse import Budget
    from game.search.commands import _longer
    from game.search.solver import NO_TIME_LIMIT

    assert _longer(Budget(seconds=NO_TIME_LIMIT, nodes=3_000_000), True) == "--positions 6000000"
    assert _longer(Budget(seconds=100.0, nodes=None), False) == "--budget 200"
    assert _longer(Budget(seconds=0.001, nodes=None), False) == "--budget 60"
    assert _longer(Budget(seconds=NO_TIME_LIMIT, nodes=1), True) == "--positions 1000000"


def test_a_longer_look_raises_the_limit_that_ran_out() -> None:
    # found by the hostile review of session 31: "--budget 1e12 --positions 10" was told
    # to run again with "--budget 2e+12", where the positions had run out
    from game.search.analyse import Budget
    from game.search.commands import MAX_ANALYSIS_POSITIONS, _longer

    assert _longer(Budget(seconds=1e12, nodes=10), True) == "--positions 1000000 --budget 1000000000000"
    # the positions raised to a real look need the default time at least
    assert _longer(Budget(seconds=0.5, nodes=2_000), True) == "--positions 1000000 --budget 60"
    # the time ran out: it doubles, the positions stay as given
    assert _longer(Budget(seconds=90.0, nodes=5_000_000), False) == "--positions 5000000 --budget 180"
    assert _longer(Budget(seconds=2.5, nodes=None), False) == "--budget 60"
    assert _longer(Budget(seconds=75.5, nodes=None), False) == "--budget 151"
    assert _longer(Budget(seconds=40.25, nodes=None), False) == "--budget 80.5"
    # past the most positions analyse takes there is no longer look to offer
    assert _longer(Budget(seconds=60.0, nodes=MAX_ANALYSIS_POSITIONS), True) is None
    assert _longer(Budget(seconds=60.0, nodes=MAX_ANALYSIS_POSITIONS), False) == \
        f"--positions {MAX_ANALYSIS_POSITIONS} --budget 120"


@pytest.mark.parametrize("data", [b"", b"\n \n", b"\xef\xbb\xbf", b"\xef\xbb\xbf\r\n"])
def test_an_empty_standard_input_is_told_as_empty(data: bytes, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, err = _run(["analyse", "-"], capsys)
    assert status == 2 and out == ""
    assert "standard input is empty" in err and "cut short" not in err


def test_a_position_asked_again_with_a_larger_budget_is_one_position_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game given up before its first move has one position, the deal: asked three times
    with growing budgets, it was reported as "3 positions of the line checked"."""
    from game.records.replay import Replay

    path = tmp_path / "zero.replay"
    path.write_text(Replay(rules="union-square", game="3", result="abandoned", seconds=5.0).to_text(),
                    encoding="utf-8")
    status, out, _ = _run(["analyse", str(path), "--positions", "3000", "--json"], capsys)
    assert status == 0
    assert len(json.loads(out)["checks"]) > 1, "the deal is asked more than once"
    status, out, _ = _run(["analyse", str(path), "--positions", "3000"], capsys)
    assert status == 0
    assert re.search(r"^\(1 position of the line checked, [\d,]+ searched in [\d.]+ s\)$", out, re.M), out
