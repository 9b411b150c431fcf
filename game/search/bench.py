"""Search figures for ``main.py bench``: hint speed, solver speed and strength, per rule set."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..engine.rulesets import RULE_IDS, new_game
from ..engine.state import Game
from .demo import SCREEN_MS, SCREEN_NODES, clear_plan_cache, demo_move
from .depth_first import DepthFirst
from .hint import hints
from .solver import solve

TITLE = "search"


def mid_game_positions(rules: str, count: int, seed: int = 2026) -> list[Game]:
    """``count`` positions reached by seeded random play, 20 to 60 moves into seeded deals."""
    rng = random.Random(seed)
    positions: list[Game] = []
    deal = 0
    while len(positions) < count:
        deal += 1
        game = new_game(rules, rng.randrange(1, 32000))
        for _ in range(rng.randint(20, 60)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        if game.legal_moves():
            positions.append(game)
    return positions


def _milliseconds(call: Callable[[Game], object], games: list[Game]) -> list[float]:
    """How long ``call`` takes on each of ``games``, in milliseconds."""
    times = []
    for game in games:
        start = time.perf_counter()
        call(game)
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def _fresh_demo_move(game: Game) -> None:
    """The demo player's move at its on-screen budgets, its plan made afresh."""
    clear_plan_cache()
    demo_move(game, max_nodes=SCREEN_NODES, max_ms=SCREEN_MS)


#: positions of each depth-first search that :func:`core_positions_per_second` times
CORE_NODES = 30_000


def core_positions_per_second(rules: str, deals: int) -> int:
    """Positions per second of CPU time of the solver's complete depth-first search on
    its lean core (:class:`~.depth_first.DepthFirst`), over deals 1 to ``deals``, each
    searched to :data:`CORE_NODES` positions or to its end. CPU time, so that other
    processes on the machine change the figure less than they would a clock's."""
    nodes = 0
    seconds = 0.0
    for number in range(1, deals + 1):
        search = DepthFirst(new_game(rules, number), CORE_NODES)
        start = time.process_time()
        for _ in search.steps():
            if search.starved:
                break
        seconds += time.process_time() - start
        nodes += search.nodes
    return round(nodes / seconds) if seconds else 0


def run(quick: bool = False) -> dict[str, dict[str, Any]]:
    """For each rule set: hint median and maximum milliseconds over mid-game positions
    (200, or 25 if quick); the demo player's move at its on-screen budgets over 50 other
    mid-game positions (10 if quick), each planned afresh (the plan cache cleared), so the
    worst case of the pause between two demo moves; then the solver on deals 1–20 at 2 s
    each (1–3 at 1 s if quick): positions per second of its complete searches (the time
    and positions of the searches that prove nothing left out; 0 where it runs none, as in
    Lady Cadogan), positions per second of all its searches (Lady Cadogan's beams among
    them), and the share decided and won; and the depth-first search's positions per second
    of CPU time on its own (:func:`core_positions_per_second`, deals 1–5, 1–2 if quick)."""
    positions = 25 if quick else 200
    demo_positions = 10 if quick else 50
    deals = 3 if quick else 20
    budget = 1.0 if quick else 2.0
    out: dict[str, dict[str, Any]] = {}
    for rules in RULE_IDS:
        times = _milliseconds(hints, mid_game_positions(rules, positions))
        demo_times = _milliseconds(_fresh_demo_move, mid_game_positions(rules, demo_positions, seed=2027))
        nodes = all_nodes = 0
        seconds = all_seconds = 0.0
        won = lost = 0
        for number in range(1, deals + 1):
            result = solve(new_game(rules, number), max_seconds=budget)
            all_nodes += result.nodes
            all_seconds += result.seconds
            nodes += result.nodes
            nodes -= result.probe_nodes
            seconds += result.seconds - result.probe_seconds
            won += result.status == "won"
            lost += result.status == "lost"
        out[rules] = {
            "hint_positions": positions,
            "hint_median_ms": round(statistics.median(times), 2),
            "hint_max_ms": round(max(times), 2),
            "demo_move_median_ms": round(statistics.median(demo_times), 2),
            "demo_move_max_ms": round(max(demo_times), 2),
            "solver_deals": deals,
            "solver_budget_s": budget,
            "solver_positions_per_s": round(nodes / seconds) if seconds else 0,
            "solver_all_positions_per_s": round(all_nodes / all_seconds) if all_seconds else 0,
            "solver_decided_pct": round(100.0 * (won + lost) / deals, 1),
            "solver_won_pct": round(100.0 * won / deals, 1),
            "core_positions_per_s": core_positions_per_second(rules, 2 if quick else 5),
        }
    return out
