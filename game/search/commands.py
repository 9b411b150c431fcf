"""Command-line tools of the search: ``hint``, ``solve`` and ``demo``."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ..cli import fail
from ..engine.commands import add_game_arguments, game_from_arguments
from ..engine.rulesets import RULE_IDS, UnknownRulesError, rules_class

if TYPE_CHECKING:
    from .batch import DealRow


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the search's subcommands."""
    hint = subparsers.add_parser(
        "hint", help="the moves of a position ranked, with reasons",
        description="Rank the legal moves of a position as the in-game hint does (it sees "
        "only what the player sees) and say why each is good.")
    add_game_arguments(hint)
    hint.add_argument("--ms", type=float, default=50.0, help="time budget in milliseconds (default 50)")
    hint.set_defaults(func=run_hint)

    solve = subparsers.add_parser(
        "solve", help="decide whether deals can be won (full information)",
        description="Solve one deal (RULES GAME [--moves]) or a range of deals (RULES --range "
        "1-1000). The solver sees the whole deal; it answers won (with the moves), lost (proved) "
        "or unknown (the budget ran out).")
    add_game_arguments(solve, game_required=False)
    _range_arguments(solve)
    solve.add_argument("--budget", type=float, default=10.0, metavar="S",
                       help="seconds per deal (default 10)")
    solve.set_defaults(func=run_solve)

    demo = subparsers.add_parser(
        "demo", help="let the demo player play a range of deals honestly",
        description="Play deals with the demo player, which sees only what a player sees, "
        "and print its win rate.")
    demo.add_argument("rules", metavar="RULES", help="rule set: " + ", ".join(RULE_IDS))
    demo.add_argument("game", metavar="GAME", nargs="?", help="one game number (or use --range)")
    _range_arguments(demo)
    demo.set_defaults(func=run_demo)


def _range_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--range", dest="deals", metavar="A-B", help="game numbers A to B")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="processes to use (default 1)")
    parser.add_argument("--out", metavar="FILE.csv", help="write one row per deal to this CSV file")


def run_hint(args: argparse.Namespace) -> int:
    """``hint RULES GAME [--moves] [--ms]``."""
    from .hint import hints

    game = game_from_arguments(args)
    if isinstance(game, str):
        return fail(game)
    if not args.ms > 0:
        return fail("--ms must be a positive number of milliseconds")
    ranked = hints(game, max_ms=args.ms)
    if not ranked:
        print("no legal move: the game is " + ("won" if game.is_won() else "lost"))
        return 0
    width = max(len(game.move_text(h.move)) for h in ranked)
    for number, h in enumerate(ranked, 1):
        print(f"{number:>2}. {game.move_text(h.move):<{width}}  {h.score:>+9.1f}  {h.reason}")
    return 0


def _check_batch(args: argparse.Namespace) -> str | None:
    try:
        rules_class(args.rules)
    except UnknownRulesError as err:
        return str(err)
    if args.jobs < 1 or args.jobs > 256:
        return "--jobs must be a whole number from 1 to 256"
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        return f"--out: the folder of {args.out!r} does not exist"
    return None


def run_solve(args: argparse.Namespace) -> int:
    """``solve RULES GAME [--moves]`` or ``solve RULES --range A-B [--jobs] [--budget] [--out]``."""
    from .batch import format_table, parse_range, progress_stream, run_deals, solve_deal, summary

    if not args.budget > 0:
        return fail("--budget must be a positive number of seconds")
    if args.deals is None:
        if args.game is None:
            return fail("give a game number, or a range of them with --range 1-1000")
        from .solver import solve

        game = game_from_arguments(args)
        if isinstance(game, str):
            return fail(game)
        result = solve(game, max_seconds=args.budget)
        print(f"{game.title} game {game.game}: {result.status} "
              f"({result.nodes:,} positions, {result.seconds:.2f} s)")
        if result.moves:
            print(" ".join(result.moves))
        return 0
    if args.game is not None or args.moves:
        return fail("give either a game number or --range, not both")
    problem = _check_batch(args)
    if problem:
        return fail(problem)
    try:
        numbers = parse_range(args.deals)
    except ValueError as err:
        return fail(str(err))
    rules = rules_class(args.rules).rules
    rows = run_deals(solve_deal, rules, numbers, jobs=args.jobs, budget=args.budget,
                     progress=progress_stream())
    print(format_table(f"solver, {rules}, deals {args.deals}, {args.budget:g} s each", summary(rows)))
    return _write_rows(args.out, rules, rows)


def run_demo(args: argparse.Namespace) -> int:
    """``demo RULES GAME`` or ``demo RULES --range A-B [--jobs] [--out]``."""
    from .batch import demo_deal, format_table, parse_range, progress_stream, run_deals, summary

    problem = _check_batch(args)
    if problem:
        return fail(problem)
    rules = rules_class(args.rules).rules
    if (args.deals is None) == (args.game is None):
        return fail("give one game number or a range of them with --range 1-1000")
    try:
        numbers = parse_range(args.deals if args.deals is not None else args.game)
    except ValueError as err:
        return fail(str(err))
    if args.game is not None:
        from .demo import play_demo

        result = play_demo(rules, numbers[0], max_ms=None)
        print(f"{'won' if result.won else 'lost'} in {len(result.moves)} moves, "
              f"{result.on_foundations} cards on the foundations ({result.seconds:.1f} s)")
        print(" ".join(result.moves))
        return 0
    rows = run_deals(demo_deal, rules, numbers, jobs=args.jobs, progress=progress_stream())
    print(format_table(f"demo player, {rules}, deals {args.deals}", summary(rows), nodes=False))
    sys.stdout.flush()
    return _write_rows(args.out, rules, rows)


def _write_rows(path: str | None, rules: str, rows: list[DealRow]) -> int:
    """Write the CSV of ``--out`` (if given); 0, or 1 with the reason when it could not be
    written (the table above is printed all the same, so the run is not lost)."""
    if not path:
        return 0
    from ..records.store import SaveError
    from .batch import write_csv

    try:
        write_csv(path, rules, rows)
    except SaveError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0
