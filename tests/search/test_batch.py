"""Ranges of deals, the summary table, the CSV file and the search commands."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.search import batch
from game.search.batch import (
    DealRow,
    ProgressBar,
    parse_range,
    run_deals,
    solve_deal,
    summary,
    wilson_interval,
    write_csv,
)


def test_parse_range() -> None:
    assert parse_range("3-6") == ["3", "4", "5", "6"]
    assert parse_range("12") == ["12"]
    for bad in ("0-3", "5-2", "a-b", "1-2-3", ""):
        with pytest.raises(ValueError):
            parse_range(bad)
    # a range written another way is refused: read as one number, "1..3" was game 13
    for other in ("1..3", "1 .. 3", "1…3", "1 3"):
        with pytest.raises(ValueError, match="is not a range of game numbers"):
            parse_range(other)
    assert parse_range("1.000") == ["1000"] and parse_range(" #1,001 - #1,002 ") == ["1001", "1002"]


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 0.0)
    assert wilson_interval(10, 10)[1] == 1.0


def test_summary_counts() -> None:
    rows = [DealRow("1", "won", 10, 100, 0.5), DealRow("2", "lost", 0, 300, 1.5),
            DealRow("3", "unknown", 0, 50, 2.0)]
    figures = summary(rows)
    assert (figures["won"], figures["lost"], figures["unknown"]) == (1, 1, 1)
    assert figures["max_nodes"] == 300
    assert figures["mean_seconds"] == pytest.approx(4.0 / 3)
    assert figures["decided_pct"] == pytest.approx(200 / 3)


def test_csv_is_written_whole(tmp_path) -> None:
    path = tmp_path / "deals.csv"
    write_csv(str(path), "square", [DealRow("1", "won", 10, 100, 0.5)])
    with open(path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert rows == [{"rules": "square", "game": "1", "status": "won", "moves": "10", "nodes": "100",
                     "seconds": "0.500", "on_foundations": "", "line": ""}]
    assert [p.name for p in tmp_path.iterdir()] == ["deals.csv"]


def test_jobs_give_the_same_answers_in_order() -> None:
    rows = run_deals(solve_deal, "constitution", ["3", "1", "2"], jobs=2, budget=5)
    assert [r.game for r in rows] == ["3", "1", "2"]
    assert all(r.status == "won" for r in rows)


def test_hint_command(capsys) -> None:
    assert main(["hint", "constitution", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(" 1. ")


def test_solve_command_range_table(capsys, tmp_path) -> None:
    out_file = tmp_path / "x.csv"
    assert main(["solve", "constitution", "--range", "1-2", "--budget", "5", "--out", str(out_file)]) == 0
    captured = capsys.readouterr()
    assert "won             2" in captured.out
    assert "win %" in captured.out
    # standard error is not a terminal here: a line at each step of the way, no redraws
    lines = captured.err.splitlines()
    assert "\r" not in captured.err and len(lines) == 2 and lines[0].startswith("[") and \
        lines[1].startswith("[" + "#" * ProgressBar.WIDTH + "] 2/2  won 2  lost 0  unknown 0")
    assert out_file.read_text().splitlines()[1].startswith("constitution,1,won,")


def test_a_csv_that_cannot_be_written_loses_no_result(capsys, tmp_path, monkeypatch) -> None:
    taken = tmp_path / "taken.csv"
    real_run_deals = batch.run_deals

    def run_deals_while_a_folder_takes_the_name(*args, **kwargs):
        rows = real_run_deals(*args, **kwargs)
        taken.mkdir()  # a folder where the file should go, made during the run: the write fails
        return rows

    monkeypatch.setattr(batch, "run_deals", run_deals_while_a_folder_takes_the_name)
    assert main(["demo", "square", "--range", "1-2", "--out", str(taken)]) == 1
    captured = capsys.readouterr()
    # the rows on standard output instead, alone; the table and the reason on standard error
    rows = captured.out.splitlines()
    assert rows[0].startswith("rules,game,status") and [r.split(",")[1] for r in rows[1:]] == ["1", "2"]
    assert "deals           2" in captured.err
    assert "error: could not save" in captured.err and "taken.csv" in captured.err
    assert captured.err.endswith("; the CSV went to standard output instead\n")
    assert taken.is_dir() and not list(taken.iterdir())


@pytest.mark.parametrize("argv", [
    ["solve", "nope", "1"],
    ["solve", "square", "--range", "9-1"],
    ["solve", "square"],
    ["solve", "square", "1", "--budget", "0"],
    ["hint", "square", "1", "--moves", "c1-c9"],
    ["demo", "square", "--range", "1-2", "--jobs", "0"],
])
def test_bad_input_is_a_clear_error(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_the_csv_holds_the_winning_line_and_it_replays_to_a_win(tmp_path) -> None:
    from game.engine.rulesets import new_game

    row = solve_deal("constitution", "1", 30.0)
    assert row.status == "won" and len(row.line) == row.moves > 0
    path = tmp_path / "deals.csv"
    write_csv(str(path), "constitution", [row, DealRow("2", "unknown", 0, 50, 2.0)])
    with open(path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[1]["line"] == ""
    game = new_game("constitution", rows[0]["game"])
    for text in rows[0]["line"].split():
        game.play_text(text)
    assert game.is_won()


def test_a_position_budget_gives_the_same_answer_however_long_a_position_takes(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``--positions N`` bounds the work, not the time: the same deal and N give the same
    answer and count on any machine; here a clock that runs 10,000 times too fast stands for a
    slow, busy machine, which must not turn the answer into "unknown"."""
    from game.search import solver

    assert main(["solve", "constitution", "1", "--positions", "300000"]) == 0
    quiet = capsys.readouterr().out.splitlines()
    assert quiet[0].startswith("British Constitution game 1: won (")
    real_clock = solver.time.perf_counter
    start = real_clock()
    monkeypatch.setattr(solver.time, "perf_counter", lambda: start + 10_000 * (real_clock() - start))
    assert main(["solve", "constitution", "1", "--positions", "300000"]) == 0
    busy = capsys.readouterr().out.splitlines()
    def without_seconds(line: str) -> str:
        return re.sub(r", [0-9.]+ s\)$", ")", line)

    assert without_seconds(busy[0]) == without_seconds(quiet[0])  # status and positions searched
    assert busy[1:] == quiet[1:]  # the same winning line
    assert main(["solve", "constitution", "1", "--positions", "300"]) == 0
    assert capsys.readouterr().out.startswith("British Constitution game 1: unknown (300 positions")


def test_a_range_with_a_position_budget_keeps_every_deal_within_it(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.csv"
    assert main(["solve", "constitution", "--range", "1-3", "--positions", "200", "--out", str(path)]) == 0
    assert "deals 1-3, 200 positions each" in capsys.readouterr().out
    with open(path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["game"] for r in rows] == ["1", "2", "3"]
    assert all(0 < int(r["nodes"]) <= 200 for r in rows)
    assert any(r["status"] == "unknown" for r in rows)  # 200 positions decide few deals
    assert main(["solve", "constitution", "--range", "1-2", "--positions", "2000", "--budget", "30"]) == 0
    assert "deals 1-2, 30 s and 2,000 positions each" in capsys.readouterr().out


@pytest.mark.parametrize("extra, reason", [
    (["--positions", "0"], "--positions must be a whole number from 1 to 50,000,000"),
    (["--positions", "-3"], "--positions must be a whole number from 1 to 50,000,000"),
    # not argparse's usage and "invalid int value" (hostile review of session 31)
    (["--positions", "1e5"], "--positions must be a whole number from 1 to 50,000,000"),
    (["--positions", "ten"], "--positions must be a whole number from 1 to 50,000,000"),
    (["--budget", "inf"], "--budget must be a positive number of seconds (inf is not a number of seconds)"),
    (["--budget", "nan"], "--budget must be a positive number of seconds (nan is not a number of seconds)"),
    (["--budget", "-1"], "--budget must be a positive number of seconds"),
    (["--budget", "1e309"], "--budget must be a positive number of seconds (inf is not a number of seconds)"),
])
def test_a_budget_that_cannot_be_used_is_refused(extra: list[str], reason: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "constitution", "1", *extra]) == 2
    assert capsys.readouterr().err.strip() == f"error: {reason}"


def test_the_demo_table_gives_the_mean_of_the_cards_home_that_its_csv_holds(tmp_path, capsys) -> None:
    path = tmp_path / "demo.csv"
    assert main(["demo", "square", "--range", "1-3", "--out", str(path)]) == 0
    with open(path, encoding="utf-8") as handle:
        home = [int(row["on_foundations"]) for row in csv.DictReader(handle)]
    assert len(home) == 3
    found = re.search(r"^  home     mean ([\d.]+) cards$", capsys.readouterr().out, re.MULTILINE)
    assert found and float(found[1]) == pytest.approx(sum(home) / 3, abs=0.05)


def _interrupted_on(calls: int, task: Callable[..., DealRow]) -> Callable[..., DealRow]:
    """``task`` for the first ``calls - 1`` deals, then Ctrl+C (KeyboardInterrupt) mid-deal."""
    count = 0

    def deal(*args: Any) -> DealRow:
        nonlocal count
        count += 1
        if count == calls:
            raise KeyboardInterrupt
        return task(*args)
    return deal


def _quick_demo(rules: str, number: str, budget: float, positions: int | None = None) -> DealRow:
    return DealRow(number, "lost", 3, 0, 0.5, 40, line=("a", "b", "c"))


@pytest.mark.parametrize("command, task", [("solve", "solve_deal"), ("demo", "demo_deal")])
def test_ctrl_c_keeps_the_rows_finished_so_far(command: str, task: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl+C during the third deal of five: the two rows finished are written to --out,
    whole (the old file replaced at once), one line says so, and the status is 130."""
    real = solve_deal if command == "solve" else _quick_demo
    monkeypatch.setattr(batch, task, _interrupted_on(3, real))
    out = tmp_path / "deals.csv"
    out.write_text("an old run\n")
    extra = ["--positions", "100"] if command == "solve" else []
    assert main([command, "square", "--range", "1-5", *extra, "--out", str(out)]) == 130
    rows = list(csv.DictReader(out.open()))
    assert [r["game"] for r in rows] == ["1", "2"] and {r["rules"] for r in rows} == {"square"}
    assert [p.name for p in tmp_path.iterdir()] == ["deals.csv"], "no temporary file is left"
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.endswith(f"\ninterrupted: 2 rows of 5 written to {out}\n")
    assert "Traceback" not in captured.err


def test_ctrl_c_with_out_dash_writes_the_rows_to_standard_output(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(batch, "demo_deal", _interrupted_on(2, _quick_demo))
    assert main(["demo", "square", "--range", "7-9", "--out", "-"]) == 130
    captured = capsys.readouterr()
    assert [r["game"] for r in csv.DictReader(io.StringIO(captured.out))] == ["7"]
    assert captured.err.endswith("\ninterrupted: 1 row of 3 written to -\n")


def test_ctrl_c_without_out_ends_quietly(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(batch, "demo_deal", _interrupted_on(2, _quick_demo))
    assert main(["demo", "square", "--range", "7-9"]) == 130
    assert capsys.readouterr().out == ""


def _stop_after(count: int) -> Callable[[int], None]:
    seen: list[int] = []

    def on_result(result: int) -> None:
        seen.append(result)
        if len(seen) == count:
            raise KeyboardInterrupt
    return on_result


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_hands_on_the_results_finished_in_call_order(jobs: int) -> None:
    calls = [(-n,) for n in range(1, 41)]
    with pytest.raises(batch.Interrupted) as stop:
        batch.run_all(abs, calls, jobs, _stop_after(3))
    assert len(stop.value.results) == 3 and set(stop.value.results) <= set(range(1, 41))
    assert stop.value.results == sorted(stop.value.results)
    assert isinstance(stop.value, KeyboardInterrupt), "whoever does not keep them ends as before"


def test_hint_prints_a_line_to_a_win_or_a_loss_in_words_not_the_search_s_millions() -> None:
    from game.search.commands import _score_words
    from game.search.evaluate import LOSS, WIN

    assert _score_words(WIN - 4991.1) == "win" and _score_words(LOSS + 3000.0) == "lost"
    assert _score_words(12.34) == "+12.3" and _score_words(-510.0) == "-510.0" and _score_words(0.0) == "+0.0"
