"""Small positions with a known answer, built as RULES.md layouts (all cards present,
most of them on the foundations)."""

from __future__ import annotations

from typing import Any

from game.engine import Game, game_from_layout
from game.engine.cards import JACK, KING, RANK_TEXT, SUIT_LETTERS


def _name(suit: int, rank: int) -> str:
    return RANK_TEXT[rank] + SUIT_LETTERS[suit]


def rows_layout(rules: str, heights: dict[int, int], row1: list[list[str]], *,
                extra: dict[str, Any] | None = None) -> Game:
    """A Constitution-set position: foundation ``f`` (0-7) holds Ace up to rank
    ``heights.get(f, JACK)``; Row 1 piles as given (bottom to top); everything else empty."""
    foundations = [[_name(f // 2, r) for r in range(1, heights.get(f, JACK) + 1)] for f in range(8)]
    rows = [[[] for _ in range(8)] for _ in range(4)]
    for i, pile in enumerate(row1):
        rows[0][i] = pile
    layout: dict[str, Any] = {"rules": rules, "game": "1", "foundations": foundations,
                              "tableau": rows, "waste": [], "stock": []}
    layout.update(extra or {})
    return game_from_layout(layout)


def square_layout(rules: str, heights: dict[int, int], tableau: list[list[str]], *,
                  waste: list[str] | None = None, stock: list[str] | None = None) -> Game:
    """A Square-set position: foundation ``f`` (0-3) holds the first ``heights.get(f, 26)``
    cards of its A…K, K…A sequence; the tableau piles as given (padded with empty ones)."""
    foundations = []
    for f in range(4):
        sequence = [_name(f, r) for r in range(1, KING + 1)]
        sequence += sequence[::-1]
        foundations.append(sequence[: heights.get(f, 26)])
    count = 4 if rules == "square" else 16
    piles = [list(p) for p in tableau] + [[] for _ in range(count - len(tableau))]
    return game_from_layout({"rules": rules, "game": "1", "foundations": foundations,
                             "tableau": piles, "waste": waste or [], "stock": stock or []})
