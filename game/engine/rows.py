"""What the two British Constitution rule sets share: eight foundations from Ace to Jack,
four rows of eight places, and PySolFC game 391's deal."""

from __future__ import annotations

from typing import Any

from .cards import JACK, RANK_NAMES, card, rank_of
from .deals import constitution_pack
from .state import FOUNDATION, STOCK, TABLEAU, WASTE, Game, Place

ROWS, COLUMNS = 4, 8
FIRST = 8  # the index of r1c1


def row_places(with_waste: bool) -> tuple[Place, ...]:
    """f1…f8, r1c1…r4c8, then (Cadogan) w, then s."""
    places = [Place(i, f"f{i + 1}", FOUNDATION, 0, i) for i in range(8)]
    for row in range(ROWS):
        for col in range(COLUMNS):
            index = FIRST + row * COLUMNS + col
            places.append(Place(index, f"r{row + 1}c{col + 1}", TABLEAU, row + 1, col))
    if with_waste:
        places.append(Place(len(places), "w", WASTE))
    places.append(Place(len(places), "s", STOCK))
    return tuple(places)


def row_of(index: int) -> int:
    """The row (0 for Row 1 … 3 for Row 4) of a tableau index."""
    return (index - FIRST) >> 3


def row_range(row: int) -> range:
    """The tableau indexes of a row (0 for Row 1)."""
    start = FIRST + row * COLUMNS
    return range(start, start + COLUMNS)


class RowsGame(Game):
    """Eight foundations (two per suit, Ace to Jack) and four rows of eight."""

    card_count = 88
    foundation_minimum = 1
    max_rank = JACK
    foundations = range(0, 8)
    tableau = range(FIRST, FIRST + ROWS * COLUMNS)

    @classmethod
    def _deal_rows(cls, game: str, waste: bool) -> list[list[int]]:
        talon = constitution_pack(game)
        piles: list[list[int]] = [[] for _ in cls.places]
        for index in list(cls.foundations) + list(cls.tableau):
            piles[index].append(talon.pop())
        if waste:
            piles[cls.waste].append(talon.pop())
        piles[cls.stock] = talon
        return piles

    def foundation_sequence(self, suit: int) -> list[int]:
        """Ace up to Jack of the suit."""
        return [card(suit, r) for r in range(1, JACK + 1)]

    def _foundation_reason(self, moving: int, f: int) -> str | None:
        """None if ``moving`` fits foundation ``f``, else why not."""
        pile = self.piles[f]
        suit = self.foundation_suit(f)
        if moving >> 4 != suit:
            return f"{self.place_name(f)} takes only {'CSHD'[suit]} cards"
        top = pile[-1]
        if rank_of(top) == JACK:
            return f"{self.place_name(f)} is complete (it ends at the Jack)"
        if moving != top + 1:
            return f"{self.place_name(f)} needs the {RANK_NAMES[rank_of(top) + 1]} next"
        return None

    def _tableau_layout(self, piles: list[list[str]]) -> list[Any]:
        return [piles[r * COLUMNS:(r + 1) * COLUMNS] for r in range(ROWS)]

    def _tableau_from_layout(self, tableau: Any) -> list[Any]:
        if not isinstance(tableau, list) or len(tableau) != ROWS:
            raise ValueError("four rows expected")
        out: list[Any] = []
        for row in tableau:
            if not isinstance(row, list) or len(row) != COLUMNS:
                raise ValueError("eight places a row expected")
            out.extend(row)
        return out

    def _interchangeable_groups(self) -> list[range]:
        return [range(f, f + 2) for f in range(0, 8, 2)] + [row_range(r) for r in range(ROWS)]
