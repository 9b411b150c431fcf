"""Demo players for the demo's worker process in tests: it is a process of its own, so a
test cannot monkeypatch what it runs; it runs one of these instead (set as
``game.search.demo._THINK``). They are told where to look through the environment, which
the worker inherits."""

from __future__ import annotations

import os
import time
from pathlib import Path

from game.engine import Game, Move
from game.search.demo import demo_move

#: the file whose appearance lets :func:`slow_move` answer (its path)
GATE = "DEMO_TEST_GATE"


def slow_move(game: Game, **budget: float | None) -> Move | None:
    """The real demo move, once the gate file exists (30 s at most); each position asked
    about is noted (its number of moves) in the gate's ``.asked`` file."""
    gate = Path(os.environ[GATE])
    with open(f"{gate}.asked", "a", encoding="utf-8") as asked:
        asked.write(f"{len(game.history)}\n")
    deadline = time.monotonic() + 30
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    return demo_move(game, **budget)  # type: ignore[arg-type]


def failing_move(game: Game, **budget: float | None) -> Move | None:
    """A search that breaks."""
    raise ValueError(f"no search today ({len(game.history)} moves)")
