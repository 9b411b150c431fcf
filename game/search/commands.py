"""Command-line tools of the search: ``hint``, ``solve``, ``demo`` and ``analyse``."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TextIO

from ..console import counted, fail, is_closed, is_terminal, is_whole_within, whole_or_text
from ..engine.commands import add_game_arguments, game_from_arguments
from ..engine.deals import GameNumberError, GameRangeError, parse_game_number
from ..engine.echo import shown
from ..engine.rulesets import RULE_IDS, UnknownRulesError, rules_class

if TYPE_CHECKING:
    from ..engine.state import Game, Move
    from ..output import Output, OutputError
    from .analyse import Analysis, Budget
    from .batch import DealRow, Interrupted, WorkerDied
    from .hint import Hint


#: reads a line of play from a file for ``analyse``: the position it starts from, its moves
#: in notation and a heading for the output (``British Constitution #3: lost, 43 moves``);
#: raises ValueError with a message for a person. It takes the FILE as typed (``-`` is
#: standard input, ``./-`` a file). The command line hands it in (the replay file is the
#: records' to read, and the search never imports them).
LineReader = Callable[[str], "tuple[Game, list[str], str]"]


def register(subparsers: argparse._SubParsersAction, *, read_line: LineReader) -> None:
    """Add the search's subcommands; ``analyse FILE`` reads its file with ``read_line``."""
    hint = subparsers.add_parser(
        "hint", help="the moves of a position ranked, with reasons",
        description="Rank the legal moves of a position as the in-game hint does (it sees "
        "only what the player sees) and say why each is good. Each line gives the move (the "
        "moves that reach the same position in brackets), what it gains by the hint's "
        "reckoning (a card home counts 100; a card left blocking one the foundations need "
        "soon counts against), and why.")
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
    solve.add_argument("--budget", type=float, default=None, metavar="S",
                       help="seconds per deal (default 10, or no limit with --positions)")
    solve.add_argument("--positions", type=whole_or_text, default=None, metavar="N",
                       help="at most N positions per deal: the answer is then the same on every "
                       "machine, however fast or busy (about 100,000 positions take a second)")
    solve.set_defaults(func=run_solve)

    demo = subparsers.add_parser(
        "demo", help="let the demo player play a deal or a range of deals honestly",
        description="Play a deal with the demo player, which sees only what a player sees, "
        "and print how it ended and its moves; or play a range of deals and print its win "
        "rate.")
    demo.add_argument("rules", metavar="RULES", help="rule set: " + ", ".join(RULE_IDS))
    demo.add_argument("game", metavar="GAME", nargs="?",
                      help="game number, 1 to 10^20-1 (PySolFC numbering); or use --range")
    _range_arguments(demo)
    demo.set_defaults(func=run_demo)

    analyse = subparsers.add_parser(
        "analyse", help="where did I go wrong? the move that lost a replayed game",
        description="Read a replay file and find, with the solver (which sees the whole deal: "
        "the game is over), the last position of the line from which the deal could still be "
        "won, the move that lost it and a winning line from there; or that no play could have "
        "won the deal. The exit status is 0 when the file was analysed (whatever the verdict), "
        "2 for a missing or damaged file.")
    analyse.add_argument("file", metavar="FILE", help="a .replay file (- for standard input)")
    analyse.add_argument("--budget", type=float, default=None, metavar="S",
                         help="seconds for the whole analysis (default 60, or no limit with "
                         "--positions); what is left undecided is reported as a range of moves")
    analyse.add_argument("--positions", type=whole_or_text, default=None, metavar="N",
                         help="at most N positions searched in all: the analysis is then the same "
                         "on every machine, however fast or busy")
    analyse.add_argument("--json", action="store_true",
                         help="print the analysis as one JSON object")
    analyse.set_defaults(func=partial(run_analyse, read_line=read_line))


def _range_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--range", dest="deals", metavar="A-B",
                        help="game numbers A to B, each written as GAME is (1-1000, #1,001-#2,000)")
    parser.add_argument("--jobs", type=whole_or_text, default=None, metavar="N",
                        help="with --range: processes to use (default 1)")
    parser.add_argument("--out", metavar="FILE.csv",
                        help="with --range: write one row per deal to this CSV file (- for standard output)")


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
    lines = [(h, game.move_text(h.move) + _or_twins([game.move_text(t) for t in twins], h.changes_nothing))
             for h, twins in _with_twins(ranked)]
    width = max(len(text) for _, text in lines)
    for number, (h, text) in enumerate(lines, 1):
        print(f"{number:>2}. {text:<{width}}  {_score_words(h.score):>9}  {h.reason}")
    return 0


def _score_words(score: float) -> str:
    """A hint's score as ``hint`` prints it: the search's gain (``+12.5``), or ``win``
    and ``lost`` where its line reaches a won or a lost game (the search's values for
    those are a million off, which reads as nothing a player can use)."""
    from .evaluate import LOSS, WIN

    if score >= WIN / 2:
        return "win"
    if score <= LOSS / 2:
        return "lost"
    return f"{score:+.1f}"


#: the twins a line of ``hint`` names; more are counted ("and 46 more")
TWINS_NAMED = 4


def _or_twins(texts: list[str], changes_nothing: bool = False) -> str:
    """The twins of a hint after its move: " (or r1c3-f4)", " (or p1-p12, p1-p13)", or,
    where a card can go into many equal places (Union Square's empty piles), the first
    :data:`TWINS_NAMED` and how many more, so the line stays short. The twins of a move
    that changes nothing (:attr:`Hint.changes_nothing`) move other cards: they are only
    counted, as such."""
    if not texts:
        return ""
    if changes_nothing:
        return f" (or any of {len(texts)} more that change nothing)"
    if len(texts) <= TWINS_NAMED + 1:
        return f" (or {', '.join(texts)})"
    return f" (or {', '.join(texts[:TWINS_NAMED])} and {len(texts) - TWINS_NAMED} more)"


def _with_twins(ranked: list[Hint]) -> list[tuple[Hint, list[Move]]]:
    """The hints in their order, each twin (:attr:`Hint.twin_of`) listed with the move it
    is a twin of rather than as a hint of its own."""
    out: list[tuple[Hint, list[Move]]] = []
    where: dict[Move, int] = {}
    for h in ranked:
        if h.twin_of is not None and h.twin_of in where:
            out[where[h.twin_of]][1].append(h.move)
        else:
            where[h.move] = len(out)
            out.append((h, []))
    return out


def _one_or_range(args: argparse.Namespace) -> str | None:
    """Why the arguments are neither one game nor a range of them, or None.

    GAME and --range exclude each other; --jobs and --out serve a range only, so with one
    game they are refused rather than ignored. A GAME written like a range (``12-13``,
    ``#1,001-#1,002``) is refused as every command refuses it, with the --range that
    names those games."""
    if args.deals is None and args.game is None:
        return "give one game number, or a range of them with --range 1-1000"
    moves: str = getattr(args, "moves", "")
    if args.deals is not None and (args.game is not None or moves):
        # (solve takes --moves; demo always starts from the deal)
        game = "a game number (with --moves)" if hasattr(args, "moves") else "a game number"
        return f"give either {game} or --range, not both"
    if args.deals is None:
        unused = [name for name, value in (("--jobs", args.jobs), ("--out", args.out)) if value is not None]
        if unused:
            return f"{' and '.join(unused)} {'serves' if len(unused) == 1 else 'serve'} --range only, " \
                   "not one game"
        try:
            parse_game_number(args.game)
        except GameRangeError as err:
            return f"{err}; {_range_instead(args.game)}"
        except GameNumberError:
            pass  # said where the game is dealt
    return None


def _range_instead(text: str) -> str:
    """The --range a GAME written like a range names: ``for games 12 to 13 write --range
    12-13``, the bounds as the table's title writes them."""
    parts = text.split("-")
    if len(parts) == 2:
        try:
            first, last = (parse_game_number(part) for part in parts)
        except GameNumberError:
            pass
        else:
            return f"for games {first} to {last} write --range {first}-{last}"
    return "for a range of games write --range A-B"


def _check_batch(args: argparse.Namespace) -> tuple[list[str], Output | None] | str:
    """The game numbers of --range and the checked --out, or why they cannot be used."""
    from ..output import OutputError, check_output
    from .batch import parse_range

    if args.jobs is not None and not is_whole_within(args.jobs, 1, 256):
        return "--jobs must be a whole number from 1 to 256"
    try:
        numbers = parse_range(args.deals)
    except ValueError as err:
        return f"--range {err}"
    try:
        out = None if args.out is None else check_output(args.out, what="--out")
    except OutputError as err:
        return str(err)
    if out is None and is_closed(sys.stdout):
        # refused before the work, which would be lost (with --out, the rows are kept)
        return "standard output is closed, so the results would be lost: give --out FILE.csv"
    return numbers, out


def run_solve(args: argparse.Namespace) -> int:
    """``solve RULES GAME [--moves]`` or ``solve RULES --range A-B [--jobs] [--budget] [--out]``."""
    from .batch import Interrupted, WorkerDied, format_table, progress_stream, run_deals, solve_deal, summary

    problem = _one_or_range(args)
    if problem:
        return fail(problem)
    budget = _solve_budget(args)
    if isinstance(budget, str):
        return fail(budget)
    seconds, positions = budget
    if args.deals is None:
        from .solver import UNKNOWN, solve

        game = game_from_arguments(args)
        if isinstance(game, str):
            return fail(game)
        result = solve(game, max_seconds=seconds, max_nodes=positions)
        print(f"{game.title} game {game.game}: {result.status} "
              f"({result.nodes:,} positions, {result.seconds:.2f} s)")
        if result.moves:
            print(" ".join(result.moves))
        if result.status == UNKNOWN:
            print("The budget ran out first: a larger --budget or --positions may decide it "
                  "(a few deals take minutes).")
        return 0
    try:
        rules = rules_class(args.rules).rules
    except UnknownRulesError as err:
        return fail(str(err))
    checked = _check_batch(args)
    if isinstance(checked, str):
        return fail(checked)
    numbers, out = checked
    try:
        rows = run_deals(solve_deal, rules, numbers, jobs=args.jobs or 1, budget=seconds,
                         positions=positions, progress=progress_stream())
    except Interrupted as stop:
        return _keep_interrupted(out, rules, stop, len(numbers))
    except WorkerDied as died:
        return _keep_after_death(out, rules, died, len(numbers))
    return _finish_range(out, rules, rows, format_table(
        f"solver, {rules}, deals {_range_title(numbers)}, {_budget_title(args, positions)}", summary(rows)))


#: what ``solve`` and ``analyse`` say of a --budget that is not a time
BAD_SECONDS = "--budget must be a positive number of seconds"


def _bad_seconds(value: float) -> str:
    """Why ``value`` is no --budget: :data:`BAD_SECONDS`, and what it read as when that
    was no number of seconds at all (``1e309`` is infinite)."""
    return BAD_SECONDS if math.isfinite(value) else f"{BAD_SECONDS} ({value:g} is not a number of seconds)"


def _is_seconds(value: float) -> bool:
    """A --budget that is a time: positive and finite (not 0, inf or nan)."""
    return value > 0 and math.isfinite(value)


def _solve_budget(args: argparse.Namespace) -> tuple[float, int] | str:
    """The seconds and positions each deal may take, or why ``--budget`` / ``--positions``
    cannot be used. Without either, 10 s; ``--positions`` alone sets no time limit, so the
    answer depends on the deal and N only, never on the machine."""
    from .solver import DEFAULT_MAX_NODES, NO_TIME_LIMIT

    if args.budget is not None and not _is_seconds(args.budget):
        return _bad_seconds(args.budget)
    if args.positions is not None and not is_whole_within(args.positions, 1, DEFAULT_MAX_NODES):
        return f"--positions must be a whole number from 1 to {DEFAULT_MAX_NODES:,}"
    if args.positions is None:
        return (10.0 if args.budget is None else args.budget), DEFAULT_MAX_NODES
    return (NO_TIME_LIMIT if args.budget is None else args.budget), args.positions


def _budget_title(args: argparse.Namespace, positions: int) -> str:
    """What bounded each deal, for the table's title: ``10 s each``, ``1,000,000 positions
    each`` or both."""
    parts = [] if args.budget is None and args.positions is not None else [f"{args.budget or 10.0:g} s"]
    if args.positions is not None:
        parts.append(f"{positions:,} positions")
    return " and ".join(parts) + " each"


def run_demo(args: argparse.Namespace) -> int:
    """``demo RULES GAME`` or ``demo RULES --range A-B [--jobs] [--out]``."""
    from .batch import Interrupted, WorkerDied, demo_deal, format_table, progress_stream, run_deals, summary

    try:
        rules = rules_class(args.rules).rules
    except UnknownRulesError as err:
        return fail(str(err))
    problem = _one_or_range(args)
    if problem:
        return fail(problem)
    if args.deals is None:
        from .demo import play_demo

        try:
            number = parse_game_number(args.game)
        except GameNumberError as err:
            return fail(str(err))
        result = play_demo(rules, number, max_ms=None)
        print(f"{'won' if result.won else 'lost'} in {counted(len(result.moves), 'move')}, "
              f"{result.on_foundations} cards on the foundations ({result.seconds:.1f} s)")
        print(" ".join(result.moves))
        return 0
    checked = _check_batch(args)
    if isinstance(checked, str):
        return fail(checked)
    numbers, out = checked
    try:
        rows = run_deals(demo_deal, rules, numbers, jobs=args.jobs or 1, progress=progress_stream())
    except Interrupted as stop:
        return _keep_interrupted(out, rules, stop, len(numbers))
    except WorkerDied as died:
        return _keep_after_death(out, rules, died, len(numbers))
    return _finish_range(out, rules, rows, format_table(
        f"demo player, {rules}, deals {_range_title(numbers)}", summary(rows), nodes=False))


def _range_title(numbers: list[str]) -> str:
    """The range as the table's title names it: ``1-1000`` (cleaned, never as typed)."""
    return numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


def _report_stream(out: Output | None) -> TextIO:
    """Where the table goes: standard output, unless the CSV goes there (then standard
    error, so that standard output holds the CSV alone)."""
    return sys.stderr if out is not None and out.is_stdout else sys.stdout


def _finish_range(out: Output | None, rules: str, rows: list[DealRow], table: str) -> int:
    """A range's end: the CSV of ``--out`` written first, so that a table that cannot be
    printed (``| head`` closing the pipe) loses no row, then the table; 0, or 1 with the
    reason when the CSV could not be written. The table is printed all the same, so the
    run is not lost, and the rows went to standard output: the table then goes to
    standard error, so that standard output holds the CSV alone. The reason is told even
    when the table cannot be printed (standard output full too)."""
    problem = _csv_problem(out, rules, rows)
    stream = sys.stderr if problem is not None and problem.rescued else _report_stream(out)
    try:
        print(table, file=stream)
        stream.flush()
    finally:
        if problem is not None:
            print(f"error: {problem}", file=sys.stderr)
    return 0 if problem is None else 1


def _write_rows(out: Output | None, rules: str, rows: list[DealRow]) -> int:
    """Write the CSV of ``--out`` (if given); 0, or 1 with the reason when it could not be
    written."""
    problem = _csv_problem(out, rules, rows)
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    return 0


def _csv_problem(out: Output | None, rules: str, rows: list[DealRow]) -> OutputError | None:
    """Write the CSV of ``--out`` (if given): None, or the error saying why it could not be
    written (and whether the rows went to standard output instead)."""
    if out is None:
        return None
    from ..output import OutputError
    from .batch import write_csv

    try:
        write_csv(out, rules, rows)
    except OutputError as err:
        return err
    return None


def _keep_interrupted(out: Output | None, rules: str, stop: Interrupted, total: int) -> int:
    """Ctrl+C (or SIGTERM, or SIGHUP) during a range: the rows of the deals finished so far
    are kept (:func:`_keep_finished`), and the status is 128 + the signal's number (130 for
    Ctrl+C)."""
    _keep_finished(out, rules, stop.results, total, "interrupted")
    return stop.status


def _keep_after_death(out: Output | None, rules: str, died: WorkerDied, total: int) -> int:
    """A worker process died during a range (killed, out of memory): the run stops, the
    rows finished so far are kept (:func:`_keep_finished`), and the status is 1 with the
    reason."""
    _keep_finished(out, rules, died.results, total, "stopped")
    return fail(str(died), 1)


def _keep_finished(out: Output | None, rules: str, rows: list[DealRow], total: int, why: str) -> None:
    """A range cut short (``why``: ``interrupted``): the rows of the deals finished so far
    are written to --out as a whole run's are (the old file replaced at once), and one line
    says how many. Without --out there is nothing to keep, and nothing is said."""
    if out is not None and _write_rows(out, rules, rows) == 0:
        print(f"{why}: {len(rows)} row{'' if len(rows) == 1 else 's'} of {total} written to {out.shown}",
              file=sys.stderr)


def run_analyse(args: argparse.Namespace, *, read_line: LineReader) -> int:
    """``analyse FILE [--budget S] [--positions N] [--json]``."""
    from .analyse import Analyser

    budget = _analyse_budget(args)
    if isinstance(budget, str):
        return fail(budget)
    try:
        start, moves, heading = read_line(args.file)
        analyser = Analyser(start, moves, budget)
    except ValueError as err:
        return fail(f"{shown(args.file)}: {err}")
    bar = sys.stderr if not args.json and is_terminal(sys.stderr) else None

    def show(_step: int | None = None) -> None:
        if bar is not None:
            progress = analyser.progress()
            bar.write(f"\ranalysing {progress.fraction:4.0%}  {progress.words:<45}")
            bar.flush()

    analyser.on_check = show  # before each check, which may take a while
    try:
        for _ in analyser.steps():
            show()
    finally:
        if bar is not None:
            bar.write("\r" + " " * 60 + "\r")
            bar.flush()
    analysis = analyser.result()
    if args.json:
        data = analysis.to_json()
        data["file"] = args.file
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(heading)
    print(analysis.sentence())
    print(analysis_lines(analysis))
    if not analysis.exact:
        budget = analysis.budget
        longer = _longer(budget, budget.nodes is not None and analysis.nodes >= budget.nodes)
        print(f"To look longer, run it again with {longer}." if longer else
              f"It searched {analysis.nodes:,} positions, the most analyse searches.")
    return 0


def _longer(budget: Budget, positions_ran_out: bool) -> str | None:
    """The options of a longer analysis than one with ``budget`` (``--budget 120``): the
    limit that ran out doubled, and at least the default look (:data:`LONGER_POSITIONS`,
    the default seconds: twice a budget too small to decide anything decides nothing
    either); the other as it was given (but a time limit at least the default seconds
    where the positions are raised, which take time). None when the positions that ran
    out were the most ``analyse`` takes."""
    from .analyse import DEFAULT_SECONDS
    from .solver import NO_TIME_LIMIT

    if positions_ran_out and budget.nodes is not None and budget.nodes >= MAX_ANALYSIS_POSITIONS:
        return None
    words = []
    if budget.nodes is not None:
        nodes = budget.nodes
        if positions_ran_out:
            nodes = min(max(nodes * 2, LONGER_POSITIONS), MAX_ANALYSIS_POSITIONS)
        words.append(f"--positions {nodes}")
    if budget.nodes is None or budget.seconds != NO_TIME_LIMIT:
        seconds = max(budget.seconds if positions_ran_out else budget.seconds * 2, DEFAULT_SECONDS)
        words.append(f"--budget {int(seconds) if seconds == int(seconds) else f'{seconds:g}'}")
    return " ".join(words)


#: the fewest positions that ``analyse`` suggests when it asks for a longer look: about
#: what its default minute searches on this machine in a hard deal
LONGER_POSITIONS = 1_000_000


#: the most positions ``analyse --positions`` takes (days of searching: a typing slip, past it)
MAX_ANALYSIS_POSITIONS = 1_000_000_000


def _analyse_budget(args: argparse.Namespace) -> Budget | str:
    """The whole analysis's budget from ``--budget`` and ``--positions``, or why they
    cannot be used. Without either, 60 s; ``--positions`` alone sets no time limit, so the
    analysis depends on the line and N only, never on the machine (as with ``solve``)."""
    from .analyse import DEFAULT_SECONDS, Budget
    from .solver import NO_TIME_LIMIT

    if args.budget is not None and not _is_seconds(args.budget):
        return _bad_seconds(args.budget)
    if args.positions is not None and not is_whole_within(args.positions, 1, MAX_ANALYSIS_POSITIONS):
        return f"--positions must be a whole number from 1 to {MAX_ANALYSIS_POSITIONS:,}"
    if args.budget is not None:
        seconds = args.budget
    else:
        seconds = DEFAULT_SECONDS if args.positions is None else NO_TIME_LIMIT
    return Budget(seconds=seconds, nodes=args.positions)


def analysis_lines(analysis: Analysis) -> str:
    """The winning line in moves (in words, with the notation that ``deal --moves`` takes)
    and what the analysis cost."""
    lines = []
    if analysis.line:
        start = analysis.last_winnable or 0
        where = "from the deal" if start == 0 else f"after move {start}"
        lines.append(f"The winning line {where}, {counted(len(analysis.line), 'move')}:")
        width = len(str(start + len(analysis.line)))
        words = analysis.line_words()
        word_width = max(len(w) for w in words)
        for number, (text, said) in enumerate(zip(analysis.line, words, strict=True), start + 1):
            lines.append(f"  {number:>{width}}. {said:<{word_width}}  {text}")
    # the end that has no legal move is lost without a search: it is no check
    # a position asked again with a larger budget is one position checked
    checks = len({check.step for check in analysis.checks if check.nodes > 0})
    if checks:
        lines.append(f"({checks} position{'s' if checks != 1 else ''} of the line checked, "
                     f"{analysis.nodes:,} searched in {analysis.seconds:.1f} s)")
    else:
        lines.append(f"(no position of the line was searched, in {analysis.seconds:.1f} s)")
    return "\n".join(lines)


