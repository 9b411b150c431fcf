"""With the time limit out of the way, the solver and the demo player are pure functions
of the position and their node budgets: the same in a second run and in another process
whose string hashing is seeded differently (PYTHONHASHSEED)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import new_game
from game.search.demo import demo_move, play_demo
from game.search.knowledge import PositionHash
from game.search.solver import solve

ROOT = Path(__file__).resolve().parents[2]
CASES = [("constitution", "5", 3000), ("constitution-cadogan", "7", 4000),
         ("square", "2", 4000), ("union-square", "4", 3000)]
DEMO_MOVES = 25


def outcomes() -> dict[str, list[object]]:
    """Every case's position key, solver result and a short node-bounded demo game."""
    out: dict[str, list[object]] = {}
    for rules, number, nodes in CASES:
        game = new_game(rules, number)
        result = solve(game, max_nodes=nodes, max_seconds=1e6)
        demo = play_demo(rules, number, max_moves=DEMO_MOVES, max_nodes=150, max_ms=None)
        out[rules] = [str(PositionHash(game).key()), result.status, result.moves, result.nodes,
                      result.probe_nodes, demo.moves, demo.on_foundations]
    return out


@pytest.mark.slow
def test_same_answers_twice_and_in_another_process() -> None:
    first = outcomes()
    assert first == outcomes()
    script = ("import json; from tests.search.test_determinism import outcomes; "
              "print(json.dumps(outcomes()))")
    for seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=600, check=True)
        assert json.loads(done.stdout) == json.loads(json.dumps(first))


def test_node_budget_bounds_the_solver() -> None:
    for rules, number, nodes in CASES:
        result = solve(new_game(rules, number), max_nodes=nodes, max_seconds=1e6)
        assert result.nodes <= nodes
        assert result.probe_nodes <= result.nodes


def test_demo_move_without_a_time_limit_is_repeatable() -> None:
    game = new_game("square", 9)
    for _ in range(10):
        move = demo_move(game, max_nodes=120, max_ms=None)
        assert move is not None
        assert move == demo_move(game, max_nodes=120, max_ms=None)
        game.play(move)
