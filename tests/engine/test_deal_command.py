"""The ``deal`` command: a position as text or JSON with its legal moves, and clear errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.engine import RULE_IDS, new_game

ROOT = Path(__file__).resolve().parent.parent.parent


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["deal", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_text_shows_constitution_rows_labels_suits_and_legal_moves(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "constitution", "1")
    assert status == 0 and err == ""
    assert "British Constitution — game 1" in out
    for label in ("Row 1", "Row 2", "Row 3", "Row 4", "c1", "c8", "f1", "f8"):
        assert label in out
    assert all(symbol in out for symbol in "♣♠♥♦")
    assert "Stock 48 cards" in out
    legal = new_game("constitution", "1").legal_texts()
    assert f"Legal moves ({len(legal)}): " + " ".join(legal) in out
    assert "\x1b[" not in out  # no colour when not writing to a terminal


@pytest.mark.parametrize(("rules", "labels"), [
    ("constitution-cadogan", ("Row 1", "Row 4", "f8", "Waste")),
    ("square", ("c1", "c4", "f4", "Waste", "Stock 88 cards")),
    ("union-square", ("p1", "p16", "f4", "Waste", "Stock 87 cards")),
])
def test_deal_text_shows_the_places_of_every_rule_set(
        capsys: pytest.CaptureFixture[str], rules: str, labels: tuple[str, ...]) -> None:
    status, out, _ = run(capsys, rules, "123456")
    assert status == 0
    for label in labels:
        assert label in out
    assert "Legal moves (" in out


def test_deal_plays_the_moves_first_and_shows_an_owed_fill(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "constitution", "1", "--moves", "r2c5-r1c5")
    assert status == 0
    assert "A fill is owed: r2c5 must be filled with a card from Row 3." in out
    assert "Legal moves (8): " + " ".join(f"r3c{i}-r2c5" for i in range(1, 9)) in out


@pytest.mark.parametrize("rules", RULE_IDS)
def test_deal_json_is_the_layout_plus_legal(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    status, out, _ = run(capsys, rules, "#12,345", "--json")
    assert status == 0
    data = json.loads(out)
    game = new_game(rules, "12345")
    assert data["legal"] == game.legal_texts()
    assert {k: v for k, v in data.items() if k != "legal"} == game.to_layout()


def test_deal_json_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "square", "1", "--json", "--moves", "s-w s-w")
    assert status == 0
    data = json.loads(out)
    assert len(data["waste"]) == 2 and len(data["stock"]) == 86
    assert "s-w" in data["legal"]


def test_deal_bad_move_exits_2_with_the_move_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "constitution", "1", "--moves", "r2c5-r1c5 r2c3-r1c5")
    assert status == 2 and out == ""
    assert err.startswith("error: move 2 of --moves, r2c3-r1c5: ")
    assert "must be filled first" in err


def test_deal_malformed_move_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "union-square", "1", "--moves", "xyz")
    assert status == 2
    assert err.startswith("error: move 1 of --moves, xyz: not a move")


@pytest.mark.parametrize("number", ["0", "abc", "100000000000000000000", "ms0", "-3"])
def test_deal_bad_game_number_exits_2(capsys: pytest.CaptureFixture[str], number: str) -> None:
    status, out, err = run(capsys, "square", number)
    assert status == 2 and out == ""
    assert err.startswith(f"error: game number {number!r}")


def test_deal_with_thousands_of_digits_is_refused_in_a_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "constitution", "1" * 5000)
    assert status == 2 and out == ""
    assert err.startswith("error: game number '1111") and "at most 99999999999999999999" in err
    assert len(err) < 200 and err.count("\n") == 1


def test_deal_unknown_rules_exits_2_listing_the_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "klondike", "1")
    assert status == 2
    assert err.startswith("error: unknown rule set 'klondike'")
    assert all(rules in err for rules in RULE_IDS)


def test_main_py_deal_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "main.py", "deal", "union-square", "1", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["rules"] == "union-square" and data["legal"] == new_game("union-square", "1").legal_texts()
    done = subprocess.run([sys.executable, "main.py", "deal", "square", "0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "error: game number '0'" in done.stderr


def test_deal_text_lists_the_moves_in_place_order_and_has_no_trailing_spaces(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game("union-square", "123456")
    game.play_all("p5-f1 p16-p5 p14-p16 p4-p14 p10-p4 w-p1 p13-p3")
    status, out, _ = run(capsys, "union-square", "123456", "--moves",
                         "p5-f1 p16-p5 p14-p16 p4-p14 p10-p4 w-p1 p13-p3")
    assert status == 0
    assert all(line == line.rstrip() for line in out.splitlines())
    [listed] = [line for line in out.splitlines() if line.startswith("Legal moves (")]
    moves = listed.split(": ", 1)[1].split()
    assert sorted(moves) == game.legal_texts()
    # p2 before p10, as a person counts, not as text sorts
    assert moves.index("p2-p10") < moves.index("p11-p10") and moves[-1] == "s-w"
    assert "Waste empty\n" in out
    assert "(each pile runs down the page from its bottom card to its top card)" in out


def test_deal_text_of_a_fresh_constitution_deal_has_no_pile_note(capsys: pytest.CaptureFixture[str]) -> None:
    """Every place holds one card, so there is nothing to read downwards."""
    status, out, _ = run(capsys, "constitution", "617")
    assert status == 0 and "runs down the page" not in out


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_deal_into_a_closed_pipe_ends_quietly(extra: list[str]) -> None:
    """``main.py deal … | head -1``: the reader goes away; no traceback, no complaint."""
    child = subprocess.Popen([sys.executable, "main.py", "deal", "union-square", "5", *extra],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # no reader left before the child writes a byte
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err and err == ""


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_deal_on_an_output_without_suit_symbols_writes_suit_letters(encoding: str) -> None:
    """A file written in a legacy code page (Windows) cannot hold ♣: letters instead of a crash."""
    done = subprocess.run([sys.executable, "main.py", "deal", "constitution", "1"], cwd=ROOT,
                          capture_output=True, env={**os.environ, "PYTHONIOENCODING": encoding}, timeout=60)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    out = done.stdout.decode(encoding)
    assert out.startswith("British Constitution - game 1\n")
    assert "Foundations  f1 AC   f2 AC   f3 AS" in out
    assert "?" not in out
    legal = new_game("constitution", "1").legal_texts()
    assert f"Legal moves ({len(legal)}): " + " ".join(legal) in out
