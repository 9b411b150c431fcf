"""Solve a range of deals with a budget in positions instead of seconds, so that the
outcome is the same on every machine, however busy.

Usage::

    python tools/solve_positions.py RULES A-B [--nodes N]

One line a deal (``game,status,positions,seconds``), then the counts. ``solve --range``
cuts each deal at a time (10 s by default); this cuts it at ``--nodes`` positions
(1,000,000 by default: about what 10 s of one core searches on a quiet machine), and the
solver's work is one fixed sequence, so a deal decided here is decided by ``solve``
whenever that many positions fit in its time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.rulesets import new_game
from game.search.batch import parse_range
from game.search.solver import solve


def main(argv: list[str] | None = None) -> int:
    """Solve every deal of the range; print one line each and the counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rules")
    parser.add_argument("range", help="game numbers, as solve --range takes them (1-1000)")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="positions per deal")
    args = parser.parse_args(argv)
    counts: dict[str, int] = {}
    start = time.perf_counter()
    for number in parse_range(args.range):
        result = solve(new_game(args.rules, number), max_nodes=args.nodes, max_seconds=float("inf"))
        counts[result.status] = counts.get(result.status, 0) + 1
        print(f"{number},{result.status},{result.nodes},{result.seconds:.2f}", flush=True)
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("won", "lost", "unknown"))
    print(f"# {summary} in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
