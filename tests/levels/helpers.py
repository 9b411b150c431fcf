"""Shared pieces of the levels tests: a small campaign file with a real winning line, and
the ``levels`` command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.cli import build_parser
from game.levels.campaign import campaign_to_text

WINS = Path(__file__).resolve().parents[1] / "data" / "wins"
#: a winning line of constitution game 1, found by the solver
CONSTITUTION_1_WIN = (WINS / "constitution-1.txt").read_text(encoding="utf-8").split()


def level(number: int, game: str, solution: list[str], difficulty: float) -> dict[str, Any]:
    """A level object as in a campaign file."""
    return {"number": number, "game": game, "difficulty": difficulty, "par_moves": len(solution),
            "par_seconds": 3 * len(solution), "measured": {"solver_nodes": 300, "demo_won_at": None},
            "solution": " ".join(solution)}


def write_campaign(folder: Path, rules: str = "constitution", *, levels: list[dict[str, Any]] | None = None,
                   winnable: list[str] | None = None) -> Path:
    """Write a campaign file into ``folder``; by default one level, constitution game 1."""
    if levels is None:
        levels = [level(1, "1", CONSTITUTION_1_WIN, 10.0)]
    if winnable is None:
        winnable = sorted({lv["game"] for lv in levels} | {"2", "3", "5", "8"}, key=int)
    searched = max(10, len(winnable))
    text = campaign_to_text(rules, build={"count": len(levels)}, searched=searched,
                            results={"won": len(winnable), "lost": 0, "unknown": searched - len(winnable)},
                            levels=levels, winnable=winnable)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{rules}.json"
    path.write_text(text, encoding="utf-8")
    return path


def run(*argv: str) -> int:
    """Run ``main.py levels …`` in this process; the exit status."""
    args = build_parser().parse_args(["levels", *argv])
    return int(args.func(args))
