"""Search figures for ``main.py bench``: hint speed and strength, solver speed and strength,
per rule set."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.rulesets import RULE_IDS, new_game, profile_of
from ..engine.state import Game
from .batch import wilson_interval
from .dead_end import dead_end
from .demo import SCREEN_MS, SCREEN_NODES, clear_plan_cache, demo_move, play_demo
from .depth_first import DepthFirst
from .hint import hints
from .solver import solve

TITLE = "search"

#: hinted moves per run, and runs per rule set (``--quick``: fewer; ``bench --hint-runs``: any)
KEEP_WON_MOVES = 40
KEEP_WON_RUNS = 20
KEEP_WON_QUICK_RUNS = 4
#: the full-information solver that picks the won starts: a node budget, so that its
#: answers are a pure function of the position (the seconds are only a guard against a
#: very slow machine)
START_NODES = 200_000
START_SECONDS = 120.0
#: the same solver judging the ends of the runs, further: the same searches cut later, so
#: an end it decides within :data:`START_NODES` gets the same answer, and an end early in
#: a hard deal (Lady Cadogan's wins there take up to a few hundred thousand positions)
#: gets one too
JUDGE_NODES = 2_000_000
JUDGE_SECONDS = 1200.0
#: demo games per rule set, games 1, 2, … (``--quick``: fewer; ``bench --demo-games``: any)
DEMO_GAMES = 10
DEMO_QUICK_GAMES = 2


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


def random_game_positions(rules: str, count: int, seed: int = 2028) -> list[Game]:
    """``count`` positions, each one after a move of seeded random games played to their
    end (no legal move left, or 300 moves): every stage of a game, the end included."""
    rng = random.Random(seed)
    positions: list[Game] = []
    while len(positions) < count:
        game = new_game(rules, rng.randrange(1, 32000))
        for _ in range(300):
            moves = game.legal_moves()
            if not moves or len(positions) >= count:
                break
            game.play(rng.choice(moves))
            positions.append(game.clone())
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


#: positions of each search that :func:`core_positions_per_second` and
#: :func:`solver_positions_per_cpu_second` time
CORE_NODES = 30_000


def core_positions_per_second(rules: str, deals: int) -> int:
    """Positions per second of CPU time of the complete depth-first search on its lean
    core (:class:`~.depth_first.DepthFirst`), over deals 1 to ``deals``, each searched to
    :data:`CORE_NODES` positions or to its end. CPU time, so that other processes on
    the machine change the figure less than they would a clock's. It is a figure of the
    core: the solver runs this search first in ``constitution`` and Union Square, but
    Lady Cadogan's solver runs its beams, its proof and its narrowed searches instead
    (on the same core), and English Square's its layered search, which has no core
    (:func:`solver_positions_per_cpu_second` times what the solver runs)."""
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


def solver_positions_per_cpu_second(rules: str, deals: int) -> int:
    """Positions per second of CPU time of the solver itself (:func:`~.solver.solve`,
    every search of the rule set's stages, as ``solve --positions`` runs them: its
    setting up, its greedy lines and beams included) over deals 1 to ``deals``, each to
    :data:`CORE_NODES` positions or to its answer. Bounded by positions, so the work
    timed is the same on every machine."""
    nodes = 0
    seconds = 0.0
    for number in range(1, deals + 1):
        game = new_game(rules, number)
        start = time.process_time()
        result = solve(game, max_nodes=CORE_NODES, max_seconds=JUDGE_SECONDS)
        seconds += time.process_time() - start
        nodes += result.nodes
    return round(nodes / seconds) if seconds else 0


def has_won_deals(rules: str) -> bool:
    """Whether the rule set's deals are won often enough to start hinted runs from: those
    whose profile offers a daily deal, which the levels build draws from deals it proved
    winnable (English Square's layout is practically never winnable, and offers none)."""
    return profile_of(rules).daily_deal


def won_start(rules: str, number: int, rng: random.Random) -> Game | None:
    """Deal ``number`` played along the solver's winning line for a seeded number of
    moves (from the deal up to :data:`KEEP_WON_MOVES` before the end), so a position the
    solver proved won, with its history; None when the solver does not win the deal."""
    game = new_game(rules, number)
    result = solve(game, max_nodes=START_NODES, max_seconds=START_SECONDS)
    if result.status != "won":
        return None
    for text in result.moves[: rng.randrange(max(1, len(result.moves) - KEEP_WON_MOVES))]:
        game.play_text(text)
    return game


def judge(game: Game) -> str:
    """The full-information solver's answer for ``game`` at the judge's budget
    (:data:`JUDGE_NODES`): "won", "lost", or "unknown" when even that does not decide."""
    return solve(game, max_nodes=JUDGE_NODES, max_seconds=JUDGE_SECONDS).status


def hinted_run(game: Game, moves: int = KEEP_WON_MOVES) -> Game:
    """``game`` after up to ``moves`` moves, each the hint's first (as the table shows it:
    twins left out, the node budget alone bounding it, so the run is repeatable); the run
    stops early when the game is over."""
    for _ in range(moves):
        ranked = hints(game, max_ms=None, twins=False)
        if not ranked:
            break
        game.play(ranked[0].move)
    return game


#: the seed of the keep-won figure's runs (which deals, and how far into each, they start)
KEEP_WON_SEED = 2030


def keep_won(rules: str, runs: int, seed: int = KEEP_WON_SEED) -> dict[str, Any]:
    """The hint's keep-won figure for ``rules``: ``runs`` hinted runs of
    :data:`KEEP_WON_MOVES` moves, each from a solver-won position of one of the deals 1,
    2, 3 … (a deal the solver does not win is skipped), judged at the end by the
    full-information solver. A run whose end the solver cannot decide within its budget
    counts as not kept (and is reported). Deterministic: fixed deals, seed and budgets.
    ``hint_keep_won_ci95_pct`` is the figure's 95% (Wilson) interval: with 20 runs a
    single lost run moves it by 5 points, so the interval says how far it can be trusted.
    ``hint_keep_won_runs`` says how many runs were made (fewer than ``runs`` only if the
    solver won too few of the deals tried)."""
    rng = random.Random(f"{seed}-{rules}")
    kept = undecided = done = 0
    number = 0
    # a bound on the deals tried, in case the solver's budget wins too few of them
    while done < runs and number < 5 * runs + 20:
        number += 1
        game = won_start(rules, number, rng)
        if game is None:
            continue
        end = hinted_run(game)
        status = "won" if end.is_won() else judge(end)
        kept += status == "won"
        undecided += status == "unknown"
        done += 1
    low, high = wilson_interval(kept, done)
    return {"hint_keep_won_runs": done, "hint_keep_won_pct": round(100.0 * kept / done, 1) if done else None,
            "hint_keep_won_ci95_pct": [round(100.0 * low, 1), round(100.0 * high, 1)] if done else None,
            "hint_keep_won_undecided": undecided}


def demo_games(rules: str, games: int) -> dict[str, Any]:
    """The demo player's win rate over games 1 to ``games`` of ``rules``, played as
    ``main.py demo`` plays them (bounded by positions only, so the games are the same on
    every machine), and the processor time a game took on average: the time this process
    spent, not the wall clock, so that other programs on the machine barely change it;
    and the positions its plans searched a game on average, which no load changes."""
    clear_plan_cache()
    won = 0
    cpu = 0.0
    positions = 0
    for number in range(1, games + 1):
        start = time.process_time()
        result = play_demo(rules, str(number), max_ms=None)
        cpu += time.process_time() - start
        won += result.won
        positions += result.plan_positions
    return {"demo_games": games, "demo_win_pct": round(100.0 * won / games, 1) if games else None,
            "demo_cpu_s_per_game": round(cpu / games, 2) if games else None,
            "demo_plan_positions_per_game": round(positions / games) if games else None}


def run(quick: bool = False, hint_runs: int | None = None,
        demo_count: int | None = None, hint_seed: int = KEEP_WON_SEED,
        rule_sets: Sequence[str] = RULE_IDS) -> dict[str, dict[str, Any]]:
    """For each rule set: hint median and maximum milliseconds over mid-game positions
    (200, or 25 if quick); the demo player's move at its on-screen budgets over 50 other
    mid-game positions (10 if quick), each planned afresh (the plan cache cleared), so the
    worst case of the pause between two demo moves; the check for a dead end that the
    table makes after each move (:func:`~.dead_end.dead_end`, at its on-screen budget)
    over the positions of seeded random games (4,000, 500 if quick), its median and
    maximum milliseconds and the share of them it finds dead; then the solver on deals 1–20 at 2 s
    each (1–3 at 1 s if quick): positions per second of its complete searches (the time
    and positions of the searches that prove nothing left out; 0 where it runs none, as in
    Lady Cadogan), positions per second of all its searches (Lady Cadogan's beams among
    them), and the share decided and won; the depth-first search's positions per second
    of CPU time on its own (:func:`core_positions_per_second`, deals 1–5, 1–2 if quick)
    and the solver's, all its searches (:func:`solver_positions_per_cpu_second`, deals
    1–20, 1–5 if quick); and in the rule sets whose deals are won, the hint's keep-won figure
    (:func:`keep_won`) over ``hint_runs`` runs (by default :data:`KEEP_WON_RUNS`, or
    :data:`KEEP_WON_QUICK_RUNS` if quick), its runs drawn with ``hint_seed``; last the demo
    player's win rate and processor seconds a game over games 1 to ``demo_count``
    (:func:`demo_games`; by default :data:`DEMO_GAMES`, or :data:`DEMO_QUICK_GAMES` if
    quick). Only the rule sets ``rule_sets`` are measured (by default all), in their
    usual order."""
    positions = 25 if quick else 200
    dead_end_positions = 500 if quick else 4000
    demo_positions = 10 if quick else 50
    deals = 3 if quick else 20
    budget = 1.0 if quick else 2.0
    if hint_runs is None:
        hint_runs = KEEP_WON_QUICK_RUNS if quick else KEEP_WON_RUNS
    if demo_count is None:
        demo_count = DEMO_QUICK_GAMES if quick else DEMO_GAMES
    out: dict[str, dict[str, Any]] = {}
    for rules in [r for r in RULE_IDS if r in rule_sets]:
        times = _milliseconds(hints, mid_game_positions(rules, positions))
        demo_times = _milliseconds(_fresh_demo_move, mid_game_positions(rules, demo_positions, seed=2027))
        played = random_game_positions(rules, dead_end_positions)
        dead_times = _milliseconds(dead_end, played)
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
            "dead_end_positions": dead_end_positions,
            "dead_end_median_ms": round(statistics.median(dead_times), 3),
            "dead_end_max_ms": round(max(dead_times), 2),
            "dead_end_pct": round(100.0 * sum(map(dead_end, played)) / dead_end_positions, 1),
            "solver_deals": deals,
            "solver_budget_s": budget,
            "solver_positions_per_s": round(nodes / seconds) if seconds else 0,
            "solver_all_positions_per_s": round(all_nodes / all_seconds) if all_seconds else 0,
            "solver_decided_pct": round(100.0 * (won + lost) / deals, 1),
            "solver_won_pct": round(100.0 * won / deals, 1),
            "core_positions_per_s": core_positions_per_second(rules, 2 if quick else 5),
            "solver_cpu_positions_per_s": solver_positions_per_cpu_second(rules, 5 if quick else 20),
        }
        if has_won_deals(rules):
            out[rules].update(keep_won(rules, hint_runs, hint_seed))
        else:
            out[rules].update({"hint_keep_won_runs": 0, "hint_keep_won_pct": None,
                               "hint_keep_won_ci95_pct": None, "hint_keep_won_undecided": 0})
        out[rules].update(demo_games(rules, demo_count))
    return out
