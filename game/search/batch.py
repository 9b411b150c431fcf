"""Many deals at once: the solver or the demo player over a range of game numbers,
spread over processes, with a progress bar, a summary table and a CSV of every deal."""

from __future__ import annotations

import contextlib
import csv
import io
import math
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

from ..console import is_terminal
from ..engine.deals import LC_LIMIT, GameNumberError, parse_game_number
from ..engine.echo import quoted
from ..output import Output, check_output, write_output

#: the most deals one command may name
MAX_RANGE = 1_000_000


@dataclass
class DealRow:
    """The outcome of one deal: solver ("won"/"lost"/"unknown") or demo ("won"/"lost")."""

    game: str
    status: str
    moves: int
    nodes: int
    seconds: float
    on_foundations: int | None = None  # demo only: cards on the foundations at the end
    #: the moves played (the solver's winning line, or the demo's game), in notation, so a
    #: table can be checked row by row by replaying them
    line: tuple[str, ...] = ()


#: a range written some other way than ``A-B``: two numbers apart, or joined by ``..`` or ``…``
_RANGE_LOOKALIKE = re.compile(r"[0-9](\s*(\.\.|…)\s*|\s+)[0-9]")


def parse_range(text: str) -> list[str]:
    """``A-B`` (or a single number) as the list of canonical game numbers.

    Each bound is read as every command reads a game number (``#1,000``, `` 12 ``,
    ``ms5``; see :func:`~game.engine.deals.parse_game_number`); numbers of the
    Microsoft generator from 32000 up (``ms40000-ms40010``) make a range of their own.
    Raises ValueError with a reason a person can act on, the text quoted cut short.
    """
    shown = quoted(text)
    parts = str(text).split("-")
    # "1..3", "1…3" or "1 3" read as one number would be game 13
    if len(parts) > 2 or (len(parts) == 1 and _RANGE_LOOKALIKE.search(str(text))):
        raise ValueError(f"{shown} is not a range of game numbers (write it like 1-1000)")
    if len(parts) == 2 and not all(part.strip() for part in parts):
        raise ValueError(f"{shown} is not a range of game numbers: it needs a number on each side "
                         f"of the dash (write it like 1-1000)")
    try:
        bounds = [parse_game_number(part) for part in parts]
    except GameNumberError as err:
        raise ValueError(f"{shown} is not a range of game numbers: {err}") from None
    if len(bounds) == 1:
        return bounds
    first, last = bounds
    prefix = "ms" if first.startswith("ms") else ""
    if last.startswith("ms") != bool(prefix):
        raise ValueError(f"{shown}: a range runs over plain game numbers or over ms numbers from "
                         f"ms{LC_LIMIT}, not from one to the other")
    low, high = int(first.removeprefix("ms")), int(last.removeprefix("ms"))
    if high < low:
        raise ValueError(f"{shown}: a range runs from a number up to a larger one")
    if high - low + 1 > MAX_RANGE:
        raise ValueError(f"{shown}: at most {MAX_RANGE:,} deals at a time")
    return [f"{prefix}{n}" for n in range(low, high + 1)]


def solve_deal(rules: str, number: str, budget: float, positions: int | None = None) -> DealRow:
    """Solve one deal from its start within ``budget`` seconds and, if given, ``positions``
    positions (a top-level function, so worker processes can run it)."""
    from ..engine.rulesets import new_game
    from .solver import DEFAULT_MAX_NODES, solve

    result = solve(new_game(rules, number), max_seconds=budget,
                   max_nodes=DEFAULT_MAX_NODES if positions is None else positions)
    return DealRow(number, result.status, len(result.moves), result.nodes, round(result.seconds, 3),
                   line=tuple(result.moves))


def demo_deal(rules: str, number: str, budget: float, positions: int | None = None) -> DealRow:
    """Play one deal with the demo player (``budget`` and ``positions`` are unused: the
    demo is not cut).

    Its searches are bounded by nodes only, so the game played is the same on every
    machine and every run."""
    del budget, positions
    from .demo import play_demo

    result = play_demo(rules, number, max_ms=None)
    return DealRow(number, "won" if result.won else "lost", len(result.moves), 0,
                   round(result.seconds, 3), result.on_foundations, line=tuple(result.moves))


def run_deals(task: Callable[[str, str, float, int | None], DealRow], rules: str, numbers: list[str], *,
              jobs: int = 1, budget: float = 10.0, positions: int | None = None,
              progress: TextIO | None = None) -> list[DealRow]:
    """Run ``task`` on every deal, ``jobs`` processes at a time, each within ``budget``
    seconds and ``positions`` positions (None: the task's own); rows in game-number order.
    Ctrl+C raises :class:`Interrupted` with the rows of the deals finished before it."""
    bar = ProgressBar("", len(numbers), progress, shown=("won", "lost", "unknown"))
    try:
        return run_all(task, [(rules, n, budget, positions) for n in numbers], jobs,
                       lambda row: bar.step(row.status))
    finally:
        bar.finish()


class Interrupted(KeyboardInterrupt):
    """Ctrl+C (or SIGTERM, or SIGHUP) stopped :func:`run_all`; ``results`` holds those of
    the calls finished before it, in call order. A KeyboardInterrupt still, for whoever
    does not keep them."""

    def __init__(self, results: list[Any], signal_number: int = signal.SIGINT) -> None:
        super().__init__()
        #: the results of the calls that finished, in call order
        self.results = results
        #: the signal that stopped the run
        self.signal_number = signal_number

    @property
    def status(self) -> int:
        """The exit status a program stopped by this signal gives: 128 + its number
        (Ctrl+C 130, SIGTERM 143, SIGHUP 129)."""
        return 128 + self.signal_number


#: the signals that stop a run as Ctrl+C does (the workers stopped, the rows kept); those
#: this system has (Windows has no SIGHUP)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class _Stopped(KeyboardInterrupt):
    """A stop signal arrived in the parent during :func:`run_all`."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number


def _stop(number: int, _frame: object) -> None:
    raise _Stopped(number)


@contextlib.contextmanager
def _stop_signals_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP interrupt the run as Ctrl+C does (so that the workers are
    stopped, not left running with no parent, and the rows finished are kept), while the
    block runs in the main thread; the handlers before are put back after it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, _stop) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


T = TypeVar("T")


def run_all(task: Callable[..., T], calls: list[tuple[Any, ...]], jobs: int,
            on_result: Callable[[T], None] | None = None) -> list[T]:
    """``task(*call)`` for every call, ``jobs`` processes at a time; results in call order.

    ``on_result`` sees each result as it comes (in the order they finish). Ctrl+C ends
    the run at once: the worker processes ignore it (no traceback from each of them) and
    are stopped, whatever deal they were playing, and :class:`Interrupted` (a
    KeyboardInterrupt) goes on up with the results finished so far."""
    results: list[T | None] = [None] * len(calls)
    with _stop_signals_interrupt():
        if jobs <= 1:
            try:
                for i, call in enumerate(calls):
                    result = results[i] = task(*call)
                    if on_result is not None:
                        on_result(result)
            except KeyboardInterrupt as stop:
                raise Interrupted([r for r in results if r is not None], _signal_of(stop)) from None
            return [r for r in results if r is not None]
        pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
        numbered = [(task, i, call) for i, call in enumerate(calls)]
        # the workers' process ids: the pool replaces a worker that dies, losing its call
        workers = {child.pid for child in multiprocessing.active_children()}
        try:
            answers = pool.imap_unordered(_numbered_call, numbered)
            while True:
                try:
                    i, result = answers.next(timeout=WORKER_CHECK_SECONDS)
                except multiprocessing.TimeoutError:
                    _check_workers(workers)
                    continue
                except StopIteration:
                    break
                results[i] = result
                if on_result is not None:
                    on_result(result)
        except KeyboardInterrupt as stop:
            pool.terminate()
            raise Interrupted([r for r in results if r is not None], _signal_of(stop)) from None
        except WorkerDied as died:
            pool.terminate()
            died.results = [r for r in results if r is not None]
            raise
        except BaseException:
            pool.terminate()
            raise
        else:
            pool.close()
        finally:
            pool.join()
        return [r for r in results if r is not None]


#: how often a run over several processes looks whether a worker died
WORKER_CHECK_SECONDS = 1.0


class WorkerDied(Exception):
    """A worker process of :func:`run_all` ended in the middle of the run (killed by the
    system for want of memory, say): its call is lost, and the pool would wait for it
    for ever. ``results`` holds those of the calls finished before, in call order."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.results: list[Any] = []


def _check_workers(workers: set[int | None]) -> None:
    """Raise :class:`WorkerDied` if one of the pool's first workers has ended: they live
    as long as the run, so one that ended was killed or crashed."""
    alive = {child.pid for child in multiprocessing.active_children()}
    if not workers <= alive:
        raise WorkerDied("a worker process ended in the middle of a deal (killed, or out of "
                         "memory?), so the run was stopped")


def _signal_of(stop: KeyboardInterrupt) -> int:
    return stop.number if isinstance(stop, _Stopped) else signal.SIGINT


def _ignore_interrupts() -> None:
    """In a worker: Ctrl+C is the parent's to handle (it stops the workers); SIGTERM and
    SIGHUP end a worker as they would have before the parent's handlers (which a forked
    worker inherits) were set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_DFL)


def _numbered_call(item: tuple[Callable[..., T], int, tuple[Any, ...]]) -> tuple[int, T]:
    """One call in a worker, with its place in the list (results come back in any order)."""
    task, i, call = item
    return i, task(*call)


class ProgressBar:
    """A one-line progress bar on a terminal stream, redrawn with a carriage return: the
    label, the bar, how many are done, a count per status and the time left. Nothing is
    written when ``stream`` is None.

    A stream that cannot redraw a line (a file or a pipe, as when standard error goes to
    a log; a terminal with ``TERM=dumb``, an editor's shell) gets the same line written
    anew at each tenth of the way, and at the end, instead."""

    WIDTH = 24

    def __init__(self, label: str, total: int, stream: TextIO | None, *,
                 shown: tuple[str, ...] = ()) -> None:
        self.label = label
        self.total = total
        self.stream = stream
        self.done = 0
        #: the statuses counted so far; those in ``shown`` are always shown, in that order
        self.counts: dict[str, int] = dict.fromkeys(shown, 0)
        self.start = time.perf_counter()
        self.redraw = os.environ.get("TERM") != "dumb" and is_terminal(stream)

    def step(self, status: str | None = None) -> None:
        """One more item done (with its status, counted on the bar)."""
        self.done += 1
        if status is not None:
            self.counts[status] = self.counts.get(status, 0) + 1
        if self.stream is None:
            return
        if not self.redraw and self.done < self.total and \
                10 * self.done // max(1, self.total) == 10 * (self.done - 1) // max(1, self.total):
            return
        elapsed = time.perf_counter() - self.start
        left = elapsed / self.done * (self.total - self.done)
        filled = self.WIDTH * self.done // max(1, self.total)
        counts = "".join(f"  {k} {v}" for k, v in self.counts.items())
        label = f"{self.label} " if self.label else ""
        line = (f"{label}[{'#' * filled}{'-' * (self.WIDTH - filled)}] "
                f"{self.done}/{self.total}{counts}  left {_clock(left)}")
        self.stream.write(f"\r{line} " if self.redraw else f"{line}\n")
        self.stream.flush()

    def finish(self) -> None:
        """End the bar's line (when anything was drawn)."""
        if self.stream is not None and self.done and self.redraw:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def wilson_interval(wins: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, as fractions (0, 0) for no trials."""
    if total == 0:
        return 0.0, 0.0
    p = wins / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(rows: list[DealRow]) -> dict[str, float]:
    """The table's figures: deals, won, lost, unknown, win % and its 95% interval, decided %,
    mean and max nodes, moves and seconds; and, for the demo's rows, the mean of the cards
    it got home (``mean_on_foundations``, the README table's "cards home")."""
    n = len(rows)
    won = sum(r.status == "won" for r in rows)
    lost = sum(r.status == "lost" for r in rows)
    low, high = wilson_interval(won, n)
    home = [r.on_foundations for r in rows if r.on_foundations is not None]
    extra = {"mean_on_foundations": sum(home) / len(home)} if home else {}
    return {**extra,
        "deals": n, "won": won, "lost": lost, "unknown": n - won - lost,
        "win_pct": 100.0 * won / n if n else 0.0,
        "win_pct_low": 100.0 * low, "win_pct_high": 100.0 * high,
        "decided_pct": 100.0 * (won + lost) / n if n else 0.0,
        "mean_nodes": sum(r.nodes for r in rows) / n if n else 0.0,
        "max_nodes": max((r.nodes for r in rows), default=0),
        "mean_moves": sum(r.moves for r in rows) / n if n else 0.0,
        "mean_seconds": sum(r.seconds for r in rows) / n if n else 0.0,
        "max_seconds": max((r.seconds for r in rows), default=0.0),
    }


def format_table(title: str, figures: dict[str, float], *, nodes: bool = True) -> str:
    """The summary as a small text table."""
    lines = [title,
             f"  deals    {figures['deals']:>8,}",
             f"  won      {figures['won']:>8,}",
             f"  lost     {figures['lost']:>8,}"]
    if nodes:
        lines.append(f"  unknown  {figures['unknown']:>8,}")
    lines.append(f"  win %    {figures['win_pct']:>8.1f}   (95% CI {figures['win_pct_low']:.1f}"
                 f" – {figures['win_pct_high']:.1f})")
    if nodes:
        lines.append(f"  decided  {figures['decided_pct']:>8.1f} %")
        lines.append(f"  nodes    mean {figures['mean_nodes']:,.0f}   max {figures['max_nodes']:,}")
    else:
        lines.append(f"  moves    mean {figures['mean_moves']:,.1f}")
        if "mean_on_foundations" in figures:
            lines.append(f"  home     mean {figures['mean_on_foundations']:,.1f} cards")
    lines.append(f"  seconds  mean {figures['mean_seconds']:.2f}   max {figures['max_seconds']:.2f}")
    return "\n".join(lines)


def write_csv(output: Output | str, rules: str, rows: list[DealRow]) -> None:
    """One line per deal, written to a checked output (a name is checked first); raises
    OutputError (an old file is then unchanged). Rows that cannot be saved go to standard
    output instead, unless that is the output (the error says which)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rules", "game", "status", "moves", "nodes", "seconds", "on_foundations",
                     "line"])
    for r in rows:
        writer.writerow([rules, r.game, r.status, r.moves, r.nodes, f"{r.seconds:.3f}",
                         "" if r.on_foundations is None else r.on_foundations, " ".join(r.line)])
    write_output(check_output(output) if isinstance(output, str) else output,
                 buffer.getvalue().encode("utf-8"), rescue="the CSV")


def progress_stream() -> TextIO:
    """Where the progress bar goes (standard error)."""
    return sys.stderr
