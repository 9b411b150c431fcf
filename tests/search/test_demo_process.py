"""The demo's worker process (:class:`game.search.demo.BackgroundMove`): it rebuilds the
exact game from its start and moves, so its move is the one the demo player makes here,
and it does not outlive the program that started it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import pytest

from game.engine import Game, new_game
from game.search import demo
from game.search.demo import BackgroundMove, demo_move, stop_thinking

#: without a time limit the demo's move is a pure function of the position and budgets
BUDGET = {"max_nodes": 120, "max_ms": None}


def _worker_move(game: Game) -> object:
    thinking = BackgroundMove(game, **BUDGET)  # type: ignore[arg-type]
    assert thinking.wait(120), "the worker never answered"
    return thinking.move()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_the_worker_makes_the_move_the_demo_makes_here(rules: str) -> None:
    game = new_game(rules, "7")
    try:
        for _ in range(6):
            here = demo_move(game, **BUDGET)  # type: ignore[arg-type]
            assert _worker_move(game) == here
            if here is None:
                break
            game.play(here)
        # an undone move leaves history and redo list behind: the same move still
        game.undo()
        assert _worker_move(game) == demo_move(game, **BUDGET)  # type: ignore[arg-type]
        assert demo._worker is not None and demo._worker._asked >= 2, "one process for every move"
    finally:
        stop_thinking()
    assert demo._worker is None


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_no_worker_outlives_a_program_that_ends_while_it_thinks() -> None:
    script = textwrap.dedent("""
        from game.engine import new_game
        from game.search import demo

        if __name__ == "__main__":
            thinking = demo.BackgroundMove(new_game("constitution", "1"), max_nodes=10**7, max_ms=None)
            print(demo._worker.process.pid, flush=True)
            # ends at once, the worker deep in a search
    """)
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                           cwd=os.getcwd(), env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert child.returncode == 0, child.stderr
    pid = int(child.stdout.split()[0])
    deadline = time.monotonic() + 10
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(pid)
