"""Positions for tests and pictures: a few moves from a win, or lost.

They are real positions of each rule set, played by the engine: tests drive the table and
the session through them, and ``main.py screenshot`` photographs them.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from ..engine import Game, Move, rules_class
from ..engine.cards import card_text


def near_won_position(rules: str) -> tuple[Game, list[str]]:
    """A position a few moves from a win, and the moves (in notation) that win it.

    Each exercises its rule set's special moves: owed fills and a stock fill
    (constitution), waste and stock refills (Cadogan), a stock card straight into an
    empty column (square), a stock turn (union-square).
    """
    cls = rules_class(rules)
    probe = cls([[] for _ in cls.places], "1")

    def found(heights: list[int]) -> list[list[str]]:
        return [[card_text(c) for c in probe.foundation_sequence(probe.foundation_suit(f))[:n]]
                for f, n in zip(cls.foundations, heights, strict=True)]

    layout: dict[str, Any] = {"rules": rules, "game": "1", "waste": [], "stock": []}
    if rules == "constitution":
        rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
        rows[0][0], rows[1][0], rows[2][0], rows[3][0] = ["10H"], ["9C"], ["10C"], ["JC"]
        layout.update(foundations=found([8, 11, 11, 11, 9, 11, 11, 11]), tableau=rows, stock=["JH"])
        moves = ("r1c1-f5 r2c1-r1c1 r3c1-r2c1 r4c1-r3c1 r1c1-f1 r2c1-r1c1 r3c1-r2c1 r4c1-r3c1 "
                 "r1c1-f1 r2c1-r1c1 r3c1-r2c1 r1c1-f1 r2c1-r1c1 r1c1-f5")
    elif rules == "constitution-cadogan":
        rows = [[[] for _ in range(8)] for _ in range(4)]
        rows[0][0], rows[3][0] = ["10C"], ["JC"]
        layout.update(foundations=found([9, 11, 11, 11, 10, 11, 10, 11]), tableau=rows,
                      waste=["JH"], stock=["JD"])
        moves = ("r1c1-f1 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 r1c1-f1 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 "
                 "r1c1-f5 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 r1c1-f7")
    elif rules == "square":
        layout.update(foundations=found([24, 25, 24, 26]),
                      tableau=[["AC", "2C"], ["AH"], ["2H"], []], stock=["AS"])
        moves = "c1-f1 c1-f1 c3-f3 c2-f3 s-c1 c1-f2"
    else:
        piles: list[list[str]] = [[] for _ in range(16)]
        piles[0], piles[1], piles[2] = ["AC", "2C"], ["AH"], ["2H"]
        layout.update(foundations=found([24, 25, 24, 26]), tableau=piles, stock=["AS"])
        moves = "p1-f1 p1-f1 p3-f3 p2-f3 s-w w-f2"
    return cls.from_layout(layout), moves.split()


def lost_position(game: Game, seed: int = 7, limit: int = 3000, tries: int = 12) -> Game:
    """Play random legal moves (never straight back) from ``game`` until it is lost,
    with random players of seeds ``seed``, ``seed + 1``… in turn until one loses.

    Returns the lost game (``game`` itself when the first player loses; a copy with the
    moves played otherwise). Raises ValueError if none of ``tries`` players loses
    within ``limit`` moves.
    """
    start = copy.deepcopy(game)
    for attempt in range(tries):
        trial = game if attempt == 0 else copy.deepcopy(start)
        rng = random.Random(seed + attempt)
        last: Move | None = None
        for _ in range(limit):
            if trial.is_lost():
                return trial
            moves = [m for m in trial.legal_moves()
                     if last is None or (m.src, m.dst) != (last.dst, last.src)]
            if not moves:
                moves = trial.legal_moves()
            if not moves:
                break
            last = rng.choice(moves)
            trial.play(last)
        if trial.is_lost():
            return trial
    raise ValueError("no lost position came up from this deal; pass --moves that lose")
