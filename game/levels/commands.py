"""Command-line tools of the levels: ``levels build``, ``levels check`` and ``levels chart``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..console import fail
from ..engine.echo import shown
from ..engine.rulesets import RULE_IDS, UnknownRulesError, rules_class

if TYPE_CHECKING:
    from .campaign import Campaign

#: draws the campaigns' difficulty curves (None: a file that could not be read) as PNG
#: bytes: the command line hands it in, since the levels never import the window
ChartDrawer = Callable[[Mapping[str, "Campaign | str | None"]], bytes]


def register(subparsers: argparse._SubParsersAction, *, draw_chart: ChartDrawer) -> None:
    """Add ``levels`` and its subcommands; ``levels chart`` draws with ``draw_chart``."""
    levels = subparsers.add_parser(
        "levels", help="build, check or chart the level campaigns",
        description="The campaigns of proved-winnable deals (the files the game ships with): build "
        "them from the solver, check that every stored solution still wins, or draw their "
        "difficulty curves.")
    levels.set_defaults(func=lambda args: _usage(levels))
    actions = levels.add_subparsers(dest="levels_command", metavar="ACTION")

    build = actions.add_parser(
        "build", help="search deals with the solver and write the campaign files <rules>.json",
        description="Try game numbers 1, 2, 3 … with the solver on a node budget (so the result "
        "does not depend on the machine's speed), measure each winnable deal's difficulty with "
        "the honest demo player, and write a campaign ordered from easy to hard. The same "
        "arguments always give the same files. Exit status 1 when a campaign gets no level "
        "(its file is written all the same: it records the search).")
    build.add_argument("--rules", metavar="R",
                       help="one rule set (default: all four): " + ", ".join(RULE_IDS))
    build.add_argument("--count", type=int, default=None, metavar="N",
                       help="levels per campaign (default 24)")
    build.add_argument("--search", type=int, default=None, metavar="M",
                       help="try game numbers 1..M (default per rule set)")
    build.add_argument("--nodes", type=int, default=None, metavar="N",
                       help="the solver's budget in positions per deal (default per rule set)")
    build.add_argument("--method", choices=("solve", "probe"), default=None,
                       help="the whole solver, or its greedy probe alone (default per rule set)")
    build.add_argument("--pool", type=int, default=None, metavar="N",
                       help="measure the first N winnable deals (default 2 × --count)")
    build.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="processes to use (default 1); the files do not depend on it")
    build.add_argument("--out", default=None, metavar="DIR",
                       help="the folder to write the files into (needed: name the game's own levels "
                       "folder, shown by an error without it, to rebuild the campaigns it ships with)")
    build.set_defaults(func=run_build)

    check = actions.add_parser(
        "check", help="replay every level's solution in the current engine",
        description="Replay every stored solution from its deal; one line per rule set. "
        "Exit status 1 when any level fails (each failure is printed with its reason).")
    check.add_argument("--rules", metavar="R", help="one rule set (default: all four)")
    check.add_argument("--folder", type=Path, default=None, metavar="DIR",
                       help="read the files from here (default: the campaigns the game ships with)")
    check.set_defaults(func=run_check)

    chart = actions.add_parser(
        "chart", help="draw the difficulty curve of every campaign as a PNG",
        description="Draw each campaign's difficulty by level (one panel per rule set) into a PNG.")
    chart.add_argument("out", metavar="OUT.png", help="the image to write (- for standard output)")
    chart.add_argument("--folder", type=Path, default=None, metavar="DIR",
                       help="read the files from here (default: the campaigns the game ships with)")
    chart.set_defaults(func=partial(run_chart, draw_chart=draw_chart))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _rules_list(value: str | None) -> list[str] | str:
    if value is None:
        return list(RULE_IDS)
    try:
        return [rules_class(value).rules]
    except UnknownRulesError as err:
        return str(err)


def run_build(args: argparse.Namespace) -> int:
    """``levels build [--rules R] [--count N] [--search M] [--nodes N] [--pool N] [--jobs N] [--out DIR]``.

    The folder and every file to be written are checked before the first deal is searched.
    """
    from ..output import OutputError, check_output, check_output_folder, make_output_folder
    from ..search.batch import WorkerDied
    from .build import build_campaign, make_plan
    from .campaign import LEVELS_DIR, campaign_path, write_campaign_text

    rules_list = _rules_list(args.rules)
    if isinstance(rules_list, str):
        return fail(rules_list)
    if args.out is None:
        # never by default: the campaigns the game ships with would be written over
        return fail(f"name the folder to write with --out DIR; the campaigns the game plays are in "
                    f"{LEVELS_DIR} (name that folder to rebuild them)")
    if not 1 <= args.jobs <= 256:
        return fail("--jobs must be a whole number from 1 to 256")
    try:
        plans = [make_plan(r, count=args.count, search=args.search, nodes=args.nodes, pool=args.pool,
                           method=args.method) for r in rules_list]
    except ValueError as err:
        return fail(str(err))
    if args.out == "-":
        return fail("--out -: a campaign is a file written into a folder, which standard output "
                    "is not: name the folder")
    try:
        folder = check_output_folder(args.out, what="--out")
        if folder.exists():
            for plan in plans:
                check_output(campaign_path(plan.rules, folder), what="--out")
    except OutputError as err:
        return fail(str(err))
    status = 0
    for plan in plans:
        try:
            result = build_campaign(plan, jobs=args.jobs, stream=sys.stderr)
        except WorkerDied as died:
            return fail(f"{plan.rules}: {died}; nothing was written", 1)
        path = campaign_path(plan.rules, folder)
        try:
            make_output_folder(folder)
        except OutputError as err:
            # (the build took long: its campaign goes to standard output, as a run's rows do)
            print(result.text, end="")
            return fail(f"{err}; the {plan.rules} campaign went to standard output instead", 1)
        try:
            write_campaign_text(path, result.text, rescue=f"the {plan.rules} campaign")
        except OutputError as err:
            return fail(str(err), 1 if err.rescued else 2)
        r = result.results
        print(f"{plan.rules}: searched {plan.search:,} numbers "
              f"({plan.method}, {plan.nodes:,} positions each): "
              f"won {r['won']:,}, lost {r['lost']:,}, unknown {r['unknown']:,}; "
              f"{result.levels} level{'' if result.levels == 1 else 's'} -> {_where(path)} "
              f"({result.seconds:.0f} s)")
        if result.levels == 0:
            print(f"error: {plan.rules}: no level: none of the {plan.search:,} game numbers searched was "
                  "proved winnable, so the campaign is empty (its file records the search)", file=sys.stderr)
            status = 1
        sys.stdout.flush()
    return status


def _missing_folder(folder: Path | None) -> str | None:
    """Why ``--folder`` cannot hold campaigns (it does not exist, or is not a folder), said
    once rather than once for each rule set; None when it is a folder (or not given)."""
    if folder is None:
        return None
    try:
        if folder.is_dir():
            return None
        return f"--folder {folder}: {'it is not a folder' if folder.exists() else 'there is no such folder'}"
    except OSError as err:
        return f"--folder {folder}: it cannot be read ({err.strerror or err})"


def _where(path: Path) -> str:
    """A file as the build's report names it: relative to here when it is below here."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def run_check(args: argparse.Namespace) -> int:
    """``levels check [--rules R] [--folder DIR]``: exit status 1 on any failure."""
    from .check import check_all

    rules_list = _rules_list(args.rules)
    if isinstance(rules_list, str):
        return fail(rules_list)
    problem = _missing_folder(args.folder)
    if problem is not None:
        return fail(problem)
    reports = check_all(args.folder, rules_list)
    for report in reports:
        print(report.line())
        for detail in report.details():
            print(f"  {detail}")
    return 0 if all(r.ok for r in reports) else 1


def run_chart(args: argparse.Namespace, *, draw_chart: ChartDrawer) -> int:
    """``levels chart OUT.png [--folder DIR]``: the output is checked before anything is
    drawn, and written through :mod:`game.output`."""
    from ..output import OutputError, check_output, write_output
    from .campaign import Campaign, LevelsError, campaign_path, load_campaign

    problem = _missing_folder(args.folder)
    if problem is not None:
        return fail(problem)
    try:
        out = check_output(args.out, what="levels chart", suffix=".png")
    except OutputError as err:
        return fail(str(err))
    # each rule set's campaign; where there is none, None (no file) or why it was not read
    campaigns: dict[str, Campaign | str | None] = {}
    for rules in RULE_IDS:
        try:
            campaigns[rules] = load_campaign(rules, args.folder)
        except LevelsError as err:
            print(f"warning: {err}", file=sys.stderr)
            there = os.path.lexists(campaign_path(rules, args.folder))
            campaigns[rules] = "the levels file could not be read" if there else None
    if not any(isinstance(campaign, Campaign) for campaign in campaigns.values()):
        where = shown(args.folder) if args.folder is not None else "the game's levels folder"
        return fail(f"levels chart: no levels file could be read in {where}, so there is nothing to draw", 1)
    try:
        write_output(out, draw_chart(campaigns))
    except OutputError as err:
        return fail(str(err), 1)  # the work was done: a write that fails is status 1
    print(f"saved {'the chart to standard output' if out.is_stdout else out.shown}",
          file=sys.stderr if out.is_stdout else sys.stdout)
    return 0
