"""``main.py bench``: the project's benchmark, one section per package.

The engine, the search, the records and the screen each have a ``bench`` module with
``TITLE`` and ``run(quick) -> {row: {metric: value}}``. The command prints a table, or
with ``--json`` one JSON object ``{section: {row: {metric: value}}}``. It belongs to the
command line since its screen section opens a (headless) window.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from typing import Any

from ..engine import RULE_IDS
from ..engine.echo import quoted

#: the sections, by the name ``--only`` takes
SECTIONS = ("engine", "search", "records", "ui")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``bench`` subcommand."""
    bench = subparsers.add_parser("bench", help="measure speed and strength: engine, search, records, screen",
                                  description="Run the project's benchmarks and print a table.")
    bench.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    bench.add_argument("--quick", action="store_true", help="fewer deals and frames (a rough check)")
    bench.add_argument("--only", choices=SECTIONS, action="append", help="run only these sections")
    bench.add_argument("--rules", type=_rule_set, action="append", metavar="R",
                       help="the search section's rule sets (default: all four): "
                            f"{', '.join(RULE_IDS)}; give it again for more")
    bench.add_argument("--hint-runs", type=_positive, metavar="N",
                       help="hinted runs per rule set for the search section's keep-won figure "
                            "(default 20, 4 with --quick)")
    bench.add_argument("--hint-seed", type=_positive, metavar="N",
                       help="seed of the keep-won figure's runs (default 2030): another seed starts "
                            "them from other positions")
    bench.add_argument("--demo-games", type=_positive, metavar="N",
                       help="demo games per rule set (games 1 to N) for the search section's demo "
                            "win rate and processor seconds a game (default 10, 2 with --quick)")
    bench.set_defaults(func=run_bench)


#: the most hinted runs or demo games per rule set a bench takes: some days of one core
#: (a demo game of 1-10,000 takes seconds, a hinted run about 1.5 s); more is a typing slip
MOST_RUNS = 10_000


def _positive(text: str) -> int:
    """A whole number from 1 to :data:`MOST_RUNS`, or argparse's clear error."""
    try:
        value = int(text) if len(text) <= 12 else 0
    except ValueError:
        value = 0
    if not 1 <= value <= MOST_RUNS:
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not a whole number from 1 to {MOST_RUNS} (digits only)")
    return value


def _rule_set(text: str) -> str:
    """A rule set's id, typed as every command takes it (``Square``, `` square``), or
    argparse's clear error."""
    from ..engine import UnknownRulesError, rules_class

    try:
        return rules_class(text).rules
    except UnknownRulesError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


#: the options of the search section alone, by their attribute and as typed
SEARCH_OPTIONS = (("rules", "--rules"), ("hint_runs", "--hint-runs"), ("hint_seed", "--hint-seed"),
                  ("demo_games", "--demo-games"))


def collect(only: list[str] | None, quick: bool, hint_runs: int | None = None,
            demo_count: int | None = None, hint_seed: int | None = None,
            rules: list[str] | None = None) -> dict[str, Any]:
    """Run every section (or those named) and gather the figures; ``hint_runs``,
    ``hint_seed`` and ``demo_count`` go to the search section (its hint keep-won and demo
    figures), and ``rules``, the rule sets it measures (None: all)."""
    # imported here, not at start-up: the search's and the screen's benches are heavy
    from ..engine import bench as engine_bench
    from ..records import bench as records_bench
    from ..search import bench as search_bench
    from ..ui import bench as ui_bench

    modules = {"engine": engine_bench, "search": search_bench, "records": records_bench, "ui": ui_bench}
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    for name in only or SECTIONS:
        module = modules[name]
        print(f"bench: running {name}…", file=sys.stderr, flush=True)
        options: dict[str, Any] = {}
        if name == "search":
            given = (("hint_runs", hint_runs), ("demo_count", demo_count), ("hint_seed", hint_seed),
                     ("rule_sets", rules))
            options.update({key: value for key, value in given if value is not None})
        results[module.TITLE] = module.run(quick=quick, **options)
    return results


def run_bench(args: argparse.Namespace) -> int:
    """``bench [--json] [--quick] [--only SECTION] [--rules R] [--hint-runs N] [--hint-seed N]
    [--demo-games N]``. A section or a rule set given twice is measured once; an option
    of the search section with ``--only`` naming other sections is refused, not ignored."""
    from ..console import fail

    only = list(dict.fromkeys(args.only)) if args.only else None
    unused = [typed for name, typed in SEARCH_OPTIONS if getattr(args, name) is not None]
    if only is not None and "search" not in only and unused:
        return fail(f"{' and '.join(unused)} {'serves' if len(unused) == 1 else 'serve'} the search "
                    f"section only, which --only {' --only '.join(only)} leaves out")
    rules = list(dict.fromkeys(args.rules)) if args.rules else None
    results = collect(only, args.quick, args.hint_runs, args.demo_games, args.hint_seed, rules)
    if args.json:
        print(json.dumps(results))
        return 0
    for section, rows in results.items():
        if section == "machine":
            continue
        print(f"\n== {section} ==")
        metrics: list[str] = []
        for row in rows.values():
            for metric in row:
                if metric not in metrics:
                    metrics.append(metric)
        width = max(len(r) for r in rows) + 2
        for metric in metrics:
            line = f"{metric:<30}" + "".join(
                f"{_fmt(rows[r].get(metric)):>{width}}" for r in rows)
            if metric == metrics[0]:
                print(" " * 30 + "".join(f"{r:>{width}}" for r in rows))
            print(line)
    return 0


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list | tuple):  # an interval: low-high
        return "-".join(f"{v:.1f}" for v in value)
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
