"""Engine figures for ``main.py bench``: move generation, play+undo, random games."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from .rulesets import RULE_IDS, new_game

TITLE = "engine"
#: random play can cycle for ever (a card moved back and forth), so a game stops here
MOVE_CAP = 1000


def run(quick: bool = False) -> dict[str, dict[str, Any]]:
    """For each rule set, random legal playouts over seeded deals (100, or 10 if quick)."""
    deals = 10 if quick else 100
    out: dict[str, dict[str, Any]] = {}
    for rules in RULE_IDS:
        rng = random.Random(2026)
        gen_times: list[float] = []
        pairs = 0
        pair_time = 0.0
        games_time = 0.0
        total_moves = 0
        wins = 0
        for number in range(1, deals + 1):
            game = new_game(rules, number)
            start = time.perf_counter()
            moves = game.legal_moves()
            while moves and len(game.history) < MOVE_CAP:
                move = rng.choice(moves)
                game.play(move)
                total_moves += 1
                moves = game.legal_moves()
            games_time += time.perf_counter() - start
            wins += game.is_won()
            # the same game again, step by step, timing each piece on its own
            history = game.moves_played
            replay = new_game(rules, number)
            for move in history:
                t0 = time.perf_counter()
                replay.legal_moves()
                t1 = time.perf_counter()
                replay.play(move)
                replay.undo()
                t2 = time.perf_counter()
                gen_times.append(t1 - t0)
                pair_time += t2 - t1
                pairs += 1
                replay.play(move)
        out[rules] = {
            "deals": deals,
            "legal_moves_median_us": round(statistics.median(gen_times) * 1e6, 2),
            "legal_moves_p99_us": round(sorted(gen_times)[int(len(gen_times) * 0.99)] * 1e6, 2),
            "play_undo_per_s": round(pairs / pair_time),
            "random_games_per_s": round(deals / games_time, 1),
            "moves_per_random_game": round(total_moves / deals, 1),
            "random_wins": wins,
        }
    return out
