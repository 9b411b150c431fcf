"""Records figures for ``main.py bench``: checking a replay, saving a game, stepping a replay."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from typing import Any

from ..engine import RULE_IDS, new_game
from .recorder import Recorder, ReplayPlayer
from .replay import Replay, parse_replay
from .saves import load_saved_game, save_game
from .store import Store

TITLE = "records"
#: the length of the replays measured (a long game; most end well before this)
MOVES = 300


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _long_replay(rules: str, rng: random.Random) -> Replay:
    """A replay of up to MOVES random legal moves (random play can cycle, so it is long)."""
    clock = _Clock()
    recorder = Recorder(new_game(rules, rng.randint(1, 10**9)), clock=clock)
    while len(recorder.game.history) < MOVES:
        moves = recorder.game.legal_moves()
        if not moves:
            break
        clock.now += rng.uniform(0.2, 5.0)
        recorder.play(rng.choice(moves))
    return recorder.replay()


def run(quick: bool = False) -> dict[str, dict[str, Any]]:
    """For each rule set: parse+check time per move, save and load of the game in progress
    (atomic, fsynced), and replay stepping back and forth."""
    rounds = 3 if quick else 20
    out: dict[str, dict[str, Any]] = {}
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        for rules in RULE_IDS:
            replay = _long_replay(rules, rng)
            text = replay.to_text()
            moves = len(replay.moves)
            parse_times, save_times, load_times, step_times = [], [], [], []
            for _ in range(rounds):
                t0 = time.perf_counter()
                parse_replay(text)
                t1 = time.perf_counter()
                save_game(store, replay)
                t2 = time.perf_counter()
                load_saved_game(store)
                t3 = time.perf_counter()
                player = ReplayPlayer(replay)
                t4 = time.perf_counter()
                player.jump(moves)
                player.jump(0)
                t5 = time.perf_counter()
                parse_times.append(t1 - t0)
                save_times.append(t2 - t1)
                load_times.append(t3 - t2)
                step_times.append((t5 - t4) / max(1, 2 * moves))
            out[rules] = {
                "moves": moves,
                "file_kb": round(len(text.encode()) / 1000, 1),
                "check_per_move_us": round(statistics.median(parse_times) / max(1, moves) * 1e6, 1),
                "save_game_ms": round(statistics.median(save_times) * 1e3, 2),
                "load_saved_game_ms": round(statistics.median(load_times) * 1e3, 2),
                "replay_step_us": round(statistics.median(step_times) * 1e6, 1),
            }
    return out
