"""``levels build``: reproducible files, and the formulas of difficulty, par and the pick."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.levels import clear_cache, load_campaign
from game.levels.build import (
    Measured,
    choice_bits,
    demo_scores,
    difficulty,
    make_plan,
    par_seconds,
    pick,
    solve_number,
)
from game.levels.campaign import LEVELS_DIR
from game.levels.check import check_campaign
from tests.levels.helpers import CONSTITUTION_1_WIN, run

ROOT = Path(__file__).resolve().parents[2]
TINY = ("build", "--rules", "constitution", "--search", "4", "--count", "2", "--pool", "3", "--nodes", "3000")


@pytest.mark.slow
def test_the_same_arguments_build_the_same_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Once in this process, once in another with another hash seed and two jobs."""
    first, second = tmp_path / "a", tmp_path / "b"
    assert run(*TINY, "--out", str(first)) == 0
    assert "constitution: searched 4 numbers" in capsys.readouterr().out
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(ROOT))
    code = "import sys; from tests.levels.helpers import run; sys.exit(run(*sys.argv[1:]))"
    subprocess.run([sys.executable, "-c", code, *TINY, "--jobs", "2", "--out", str(second)],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=600)
    a = (first / "constitution.json").read_bytes()
    assert a == (second / "constitution.json").read_bytes()
    clear_cache()
    campaign = load_campaign("constitution", first)
    assert campaign.searched == 4
    assert len(campaign.levels) == 2
    assert campaign.winnable == ["1", "2", "3", "4"]
    assert campaign.build["nodes"] == 3000
    assert check_campaign("constitution", first).ok


def _measured(demo: list[tuple[bool, int]], nodes: int = 300, moves: int = 300) -> Measured:
    return Measured("7", ["m"] * moves, nodes, demo=demo, cards=88)


def test_difficulty_follows_the_formula() -> None:
    plan = make_plan("constitution", count=2, search=10, nodes=10_000, ladder=(10, 100))
    easy = _measured([(True, 88)])
    assert demo_scores(easy, plan.ladder) == [1.0, 1.0]
    assert difficulty(easy, plan) == 0.0
    # lost at 10 with 44 of 88 cards home (0.45), won at 100; 999 extra positions searched
    middle = _measured([(False, 44), (True, 88)], nodes=1299)
    assert demo_scores(middle, plan.ladder) == [0.45, 1.0]
    expected = 100 * (0.8 * (1 - 1.45 / 2) + 0.2 * 3 / 4.0000434)
    assert difficulty(middle, plan) == pytest.approx(expected, abs=0.05)
    never = _measured([(False, 8), (False, 22)], nodes=10_300)
    assert difficulty(never, plan) > difficulty(middle, plan) > difficulty(easy, plan)
    assert 0 <= difficulty(never, plan) <= 100


def test_par_seconds_is_hicks_law_rounded_up() -> None:
    assert par_seconds(100, 0.0) == 100
    assert par_seconds(100, 10.0) == 110  # 107.5 up to 110
    assert par_seconds(1, 0.0) == 10


def test_choice_bits_count_the_legal_moves_along_the_line() -> None:
    bits = choice_bits("constitution", "1", CONSTITUTION_1_WIN)
    assert len(CONSTITUTION_1_WIN) * 0 < bits < len(CONSTITUTION_1_WIN) * 5


def test_the_pick_spreads_from_easiest_to_hardest() -> None:
    plan = make_plan("constitution", count=3, search=10, nodes=1000, pool=9, ladder=(10,))
    pool = [Measured(str(n), ["m"] * 10, 10, demo=[(False, n * 8)], cards=88) for n in range(1, 10)]
    chosen = pick(pool, plan)
    # more cards home is easier: deal 9 is the easiest, deal 1 the hardest
    assert [m.game for m in chosen] == ["9", "5", "1"]


@pytest.mark.parametrize(("argv", "message"), [
    (("--rules", "poker"), "unknown rule set"),
    (("--count", "0"), "--count"),
    (("--search", "0"), "--search"),
    (("--nodes", "5"), "--nodes"),
    (("--count", "5", "--pool", "2"), "--pool"),
    (("--jobs", "0"), "--jobs"),
])
def test_bad_build_arguments_are_refused(argv: tuple[str, ...], message: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert run("build", *argv, "--out", str(tmp_path / "out")) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_solver_win_is_replayed_before_it_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.search import solver

    assert solve_number("constitution", "1", 3000).status == "won"  # the real line replays
    cut = CONSTITUTION_1_WIN[:-1]  # one move short of the win
    monkeypatch.setattr(solver, "solve", lambda *a, **k: solver.SolveResult("won", cut, 10))
    with pytest.raises(RuntimeError, match="constitution game 1: the solver's winning line does not win"):
        solve_number("constitution", "1", 3000)


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_the_default_build_settings_are_those_the_shipped_campaign_records(rules: str) -> None:
    """``make_plan`` fills in "the shipped campaign's settings": a newcomer's review
    (session 29) found ``constitution`` and ``union-square`` defaulting to 12,000 positions
    a deal where their shipped files record 5,000."""
    shipped = json.loads((LEVELS_DIR / f"{rules}.json").read_text(encoding="utf-8"))["build"]
    assert make_plan(rules).arguments() == shipped
