"""``levels build``: search game numbers for proved-winnable deals, measure how hard each
is, and pick and order a campaign.

The steps, for one rule set:

1. **Search.** Game numbers 1, 2, 3 … ``search`` are given to the solver with a budget
   of ``nodes`` positions each and no time limit that binds, so its answer is a pure
   function of the deal and the budget. ``method`` says which part of the solver:
   ``solve`` is the whole solver (:func:`game.search.solver.solve`, every stage of its
   search, as ``python3 main.py solve`` runs it, with each stage's share of the budget
   taken from the node budget); ``probe`` is its single greedy full-information probe
   alone (:func:`game.search.solver.probe`), which is quicker and finds fewer wins.
   Every number won goes into the ``winnable`` list, with the winning line (replayed from
   the deal to check that it wins).
2. **Measure.** The first ``pool`` winnable numbers are measured:

   - the *demo ladder*: the honest demo player (it sees only what a player sees) plays
     the deal with hints bounded by each node budget of ``ladder`` in turn, smallest
     first, until it wins (its planning on guessed deals is turned off, so that the
     hint budget alone sets its strength). Step k scores ``r_k = 1`` when the demo won
     at that budget or a smaller one, otherwise ``0.9 × (cards it got to the foundations
     / all cards)``; the steps after its first win are counted as wins, not played;
   - the *solver's extra effort*: the positions the solver searched beyond the moves of
     its winning line, ``e = max(0, nodes − moves)``;
   - the *choices along the par line* (for par seconds, below).

   **Difficulty** (0 easy … 100 hard) =
   ``100 × (0.8 × (1 − mean(r_k)) + 0.2 × log10(1 + e) / log10(1 + nodes budget))``,
   rounded to one decimal.
3. **Pick.** The measured deals are sorted by difficulty (ties by game number) and
   ``count`` of them are taken evenly spaced through that order, from the easiest to the
   hardest (all of them when there are no more than ``count``); they are numbered 1, 2, 3 …
4. **Par.** ``par_moves`` is the length of the shortest winning line the build saw (the
   solver's, or the demo player's when it won). ``par_seconds`` follows Hick's law over
   that line: every move costs ``1.0 s + 0.75 s × log2(number of legal moves there)``,
   rounded up to whole ten seconds. The moves and the numbers of choices are measured on
   the deal; the two constants are an assumption about a person's pace, not measured on
   people.

Every step is deterministic, and results are put back in game-number order whatever
``jobs`` is, so the same arguments give the same file byte for byte.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..engine import new_game, profile_of
from ..engine.state import Game
from ..search.batch import ProgressBar, run_all
from .campaign import campaign_to_text

#: the solver is never cut by time during a build: only its node budget counts
NO_TIME_LIMIT = 1e9
#: the demo ladder's weight in the difficulty; the solver's extra effort has the rest
DEMO_WEIGHT = 0.8
#: a lost demo game counts at most this much of a win, for the cards it got home
LOSS_CREDIT = 0.9
#: Hick's law for par seconds: seconds per move, and per bit of choice
MOVE_SECONDS = 1.0
CHOICE_SECONDS = 0.75
PAR_ROUND = 10


@dataclass(frozen=True)
class BuildPlan:
    """What one rule set's build does; everything but ``rules`` is written into the file."""

    rules: str
    count: int  # levels wanted
    search: int  # game numbers 1..search are tried
    nodes: int  # the solver's node budget per deal
    method: str  # "solve" (the whole solver) or "probe" (its greedy probe alone)
    pool: int  # how many winnable deals (the first ones) are measured
    ladder: tuple[int, ...]  # the demo player's hint node budgets, smallest first

    def arguments(self) -> dict[str, Any]:
        """The build's arguments as written in the campaign file (``jobs`` changes nothing)."""
        return {"count": self.count, "search": self.search, "nodes": self.nodes, "method": self.method,
                "pool": self.pool, "ladder": list(self.ladder)}


METHODS = ("solve", "probe")
DEFAULT_COUNT = 24
POOL_FACTOR = 2


def make_plan(rules: str, *, count: int | None = None, search: int | None = None,
              nodes: int | None = None, pool: int | None = None, method: str | None = None,
              ladder: Sequence[int] | None = None) -> BuildPlan:
    """The plan of a rule set's build, the defaults filled in (the shipped campaign's
    settings, from the rule set's profile: ``levels``); raises UnknownRulesError, or
    ValueError for a value out of range."""
    profile = profile_of(rules)
    defaults = profile.levels
    count = DEFAULT_COUNT if count is None else count
    plan = BuildPlan(rules=profile.rules, count=count,
                     search=defaults.search if search is None else search,
                     nodes=defaults.nodes if nodes is None else nodes,
                     method=defaults.method if method is None else method,
                     pool=POOL_FACTOR * count if pool is None else pool,
                     ladder=tuple(defaults.ladder if ladder is None else ladder))
    if not 1 <= plan.count <= 1000:
        raise ValueError("--count must be from 1 to 1000 levels")
    if not 1 <= plan.search <= 1_000_000:
        raise ValueError("--search must be from 1 to 1,000,000 game numbers")
    if not 100 <= plan.nodes <= 10**9:
        raise ValueError("--nodes must be from 100 to 1,000,000,000 positions")
    if plan.method not in METHODS:
        raise ValueError(f"--method must be one of: {', '.join(METHODS)}")
    if not plan.count <= plan.pool <= 100_000:
        raise ValueError("--pool must be at least --count and at most 100,000")
    if not plan.ladder or any(n < 1 for n in plan.ladder) or list(plan.ladder) != sorted(set(plan.ladder)):
        raise ValueError("the demo ladder must be increasing node budgets of at least 1")
    return plan


# ----- the work of one deal (top-level functions, so worker processes can run them) -----


@dataclass
class Solved:
    """The solver's answer for one game number."""

    game: str
    status: str  # "won", "lost" or "unknown"
    moves: list[str]
    nodes: int


def solve_number(rules: str, game: str, nodes: int, method: str = "solve") -> Solved:
    """Solve one deal from its start within ``nodes`` positions, with the whole solver or
    its greedy probe alone (``method``)."""
    from ..search.lines import probe
    from ..search.solver import solve

    deal = new_game(rules, game)
    if method == "probe":
        line, used = probe(deal, math.inf, max_nodes=nodes)
        won = _wins(deal, line)
        return Solved(game, "won" if won else "unknown", line if won else [], used)
    result = solve(deal, max_nodes=nodes, max_seconds=NO_TIME_LIMIT)
    if result.status == "won" and not _wins(deal, result.moves):
        raise RuntimeError(f"{rules} game {game}: the solver's winning line does not win when replayed")
    return Solved(game, result.status, list(result.moves), result.nodes)


def _wins(deal: Game, line: list[str]) -> bool:
    """Whether ``line`` (moves in notation) wins when played from ``deal`` (left unchanged)."""
    copy = deal.clone()
    copy.play_all(line)
    return copy.is_won()


@dataclass
class Measured:
    """What the build measured on one winnable deal."""

    game: str
    solution: list[str]
    solver_nodes: int
    demo: list[tuple[bool, int]] = field(default_factory=list)  # (won, cards home) per ladder step
    demo_line: list[str] | None = None  # the demo's winning line, when it won
    cards: int = 0  # cards in the deal
    par_line_bits: float = 0.0  # Σ log2(legal moves) along the par line


def measure_deal(rules: str, game: str, solution: list[str], solver_nodes: int,
                 ladder: tuple[int, ...]) -> Measured:
    """Play the demo ladder on a deal and count the choices along its par line."""
    from ..search.demo import play_demo

    measured = Measured(game, solution, solver_nodes, cards=new_game(rules, game).card_total())
    for budget in ladder:
        result = play_demo(rules, game, max_nodes=budget, max_ms=None, plan_nodes=0)
        measured.demo.append((result.won, result.on_foundations))
        if result.won:
            measured.demo_line = list(result.moves)
            break
    measured.par_line_bits = choice_bits(rules, game, par_line(measured))
    return measured


def par_line(measured: Measured) -> list[str]:
    """The shortest winning line seen: the demo's when it is shorter than the solver's."""
    if measured.demo_line is not None and len(measured.demo_line) < len(measured.solution):
        return measured.demo_line
    return measured.solution


def choice_bits(rules: str, game: str, line: list[str]) -> float:
    """Σ log2(number of legal moves) over the positions where the moves of ``line`` are played."""
    position = new_game(rules, game)
    bits = 0.0
    for text in line:
        bits += math.log2(max(1, len(position.legal_moves())))
        position.play_text(text)
    return bits


# ----- the formulas ---------------------------------------------------------------------------


def demo_scores(measured: Measured, ladder: tuple[int, ...]) -> list[float]:
    """``r_k`` for each step of the ladder (see the module docstring)."""
    scores = []
    won = False
    for k in range(len(ladder)):
        if k < len(measured.demo):
            step_won, home = measured.demo[k]
            won = won or step_won
            scores.append(1.0 if won else LOSS_CREDIT * home / measured.cards)
        else:
            scores.append(1.0 if won else 0.0)
    return scores


def difficulty(measured: Measured, plan: BuildPlan) -> float:
    """The difficulty, 0..100 (see the module docstring)."""
    demo_part = 1.0 - sum(demo_scores(measured, plan.ladder)) / len(plan.ladder)
    extra = max(0, measured.solver_nodes - len(measured.solution))
    search_part = min(1.0, math.log10(1 + extra) / math.log10(1 + plan.nodes))
    return round(100.0 * (DEMO_WEIGHT * demo_part + (1.0 - DEMO_WEIGHT) * search_part), 1)


def par_seconds(moves: int, bits: float) -> int:
    """Hick's law over a line: ``moves × 1.0 s + bits × 0.75 s``, up to whole ten seconds."""
    seconds = moves * MOVE_SECONDS + bits * CHOICE_SECONDS
    return max(PAR_ROUND, PAR_ROUND * math.ceil(round(seconds, 6) / PAR_ROUND))


def level_json(number: int, measured: Measured, plan: BuildPlan) -> dict[str, Any]:
    """One level as written in the campaign file."""
    won_at = next((plan.ladder[k] for k, (won, _) in enumerate(measured.demo) if won), None)
    par = par_line(measured)
    return {
        "number": number,
        "game": measured.game,
        "difficulty": difficulty(measured, plan),
        "par_moves": len(par),
        "par_seconds": par_seconds(len(par), measured.par_line_bits),
        "measured": {
            "demo_won_at": won_at,
            "demo_cards": max((home for _, home in measured.demo), default=0),
            "cards": measured.cards,
            "solver_nodes": measured.solver_nodes,
            "solver_moves": len(measured.solution),
            "demo_moves": len(measured.demo_line) if measured.demo_line is not None else None,
            "choice_bits": round(measured.par_line_bits, 1),
        },
        "solution": " ".join(measured.solution),
    }


def pick(measured: list[Measured], plan: BuildPlan) -> list[Measured]:
    """``count`` deals evenly spaced from the easiest to the hardest, easy first."""
    order = sorted(measured, key=lambda m: (difficulty(m, plan), len(m.game), m.game))
    if len(order) <= plan.count:
        return order
    if plan.count == 1:
        return [order[0]]
    step = (len(order) - 1) / (plan.count - 1)
    return [order[round(i * step)] for i in range(plan.count)]


# ----- running it ---------------------------------------------------------------------------

@dataclass
class BuildResult:
    """A finished build of one rule set: the file's text and what was found."""

    plan: BuildPlan
    text: str
    results: dict[str, int]
    winnable: int
    levels: int
    seconds: float


def build_campaign(plan: BuildPlan, *, jobs: int = 1, stream: TextIO | None = None) -> BuildResult:
    """Search, measure and pick one rule set's campaign; the campaign file's text."""
    # the whole search package is imported now, so that one build runs one version of it
    from ..search import demo, solver  # noqa: F401

    start = time.perf_counter()
    numbers = [str(n) for n in range(1, plan.search + 1)]
    bar = ProgressBar(f"{plan.rules}: search ", len(numbers), stream)
    solved = run_all(solve_number, [(plan.rules, n, plan.nodes, plan.method) for n in numbers], jobs,
                     lambda s: bar.step(s.status))
    bar.finish()
    results = {status: sum(s.status == status for s in solved) for status in ("won", "lost", "unknown")}
    winners = [s for s in solved if s.status == "won"]
    pool = winners[: plan.pool]
    bar = ProgressBar(f"{plan.rules}: measure", len(pool), stream)
    measured = run_all(measure_deal, [(plan.rules, s.game, s.moves, s.nodes, plan.ladder) for s in pool],
                       jobs, lambda m: bar.step("demo won" if m.demo_line is not None else "demo lost"))
    bar.finish()
    chosen = pick(measured, plan)
    levels = [level_json(i, m, plan) for i, m in enumerate(chosen, 1)]
    text = campaign_to_text(plan.rules, build=plan.arguments(), searched=plan.search, results=results,
                            levels=levels, winnable=[s.game for s in winners])
    return BuildResult(plan, text, results, len(winners), len(levels), time.perf_counter() - start)
