"""What the two British Constitution rule sets share: eight foundations from Ace to Jack,
four rows of eight places, and PySolFC game 391's deal."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from .cards import JACK, SUIT_NAMES, card, card_pretty, rank_of
from .deals import constitution_pack
from .state import FOUNDATION, STOCK, TABLEAU, WASTE, Game, Move, Place

ROWS, COLUMNS = 4, 8
FIRST = 8  # the index of r1c1


#: the foundations of black suits (clubs, spades) and of red ones (hearts, diamonds)
_BLACK = range(0, 4)
_RED = range(4, 8)


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
    #: whether a drop that takes the last card of a Row 1 pile can be safe (see
    #: :meth:`safe_drop`)
    lone_drops_safe: ClassVar[bool] = True

    def safe_drop(self, moves: Iterable[Move]) -> Move | None:
        """The first of ``moves`` that takes a Row 1 top ``c`` of rank ``r`` to a
        foundation ``F`` safely (the argument of :meth:`Game.safe_drop`). Three things
        must hold:

        1. Nothing can build on ``c``: the cards that could are the four ``r-1`` cards
           of the other colour (two suits, two packs), so all four must be on the
           foundations. A line that moved ``c`` aside in ``constitution`` (onto another
           Row 1 top) changes nothing when those moves are left out, since nothing
           builds on it there either.
        2. Nothing needs ``c``'s place: a suit has two foundations, and the other copy
           of ``c`` may still be in play. If the suit's other foundation ``G`` stands
           below ``r-1``, that copy can only go onto ``F`` too, and the drop takes its
           place: a line that played the other copy onto ``F`` first (and ``c`` onto
           ``G`` once ``G`` came up) is closed. The test position ``contested_copy``
           (``tests/search/layouts.py``) is one: the lone 7♥ must go up first to make
           room in Row 1 for the 5♥ and 6♥ that ``G`` needs, and dropping the other 7♥
           leaves no legal move. So ``G`` must stand at ``r-1`` or higher. Then, if
           ``G`` is above ``r-1``, the other copy is up and ``F`` is the only place for
           ``c``; if ``G`` stands at ``r-1`` too, the two foundations are alike (and a
           line stays a line when they swap names) until each takes its rank-``r``
           card, so name ``F`` the one that takes ``c``. Either way nothing goes onto
           ``F`` before ``c`` does, and the line's moves onto ``F`` stay legal after the
           drop.
        3. The drop opens no choice of its own: in ``constitution`` a drop that empties
           a Row 1 pile forces a chain of fills whose timing is a choice, so only a drop
           that leaves a card under ``c`` is safe there (:attr:`lone_drops_safe`), and
           nothing is dropped while a fill is owed. In Lady Cadogan an empty Row 1 pile
           may be filled or not, so it only adds moves.

        Twos meet the first two at once (the Aces start on the foundations, so both
        foundations of the suit stand at 1 or higher and nothing is left to build on a
        2). A counterexample search backs this up: ``tests/search/test_knowledge.py``
        plays random small end games with each suit's two foundations at random heights
        against an exhaustive search.
        """
        piles = self.piles
        foundations = self.foundations
        lone_ok = self.lone_drops_safe
        for m in moves:
            if m.dst not in foundations:
                continue
            pile = piles[m.src]
            if not lone_ok and len(pile) == 1:
                continue
            c = pile[-1]
            rank = c & 15
            if rank <= 2:
                return m
            # the suit's other foundation (f1/f2, f3/f4…) must take the other copy too
            if piles[m.dst ^ 1][-1] & 15 < rank - 1:
                continue
            # the other colour's four foundations: f1-f4 (black) for a red card, f5-f8 (red)
            # for a black one
            if all(piles[f][-1] & 15 >= rank - 1 for f in (_BLACK if c >> 5 else _RED)):
                return m
        return None

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
            return f"{self._words(f)} takes only {SUIT_NAMES[suit]}"
        top = pile[-1]
        if rank_of(top) == JACK:
            return f"{self._words(f)} is complete (it ends at the Jack)"
        if moving != top + 1:
            return f"{self._words(f)} needs {card_pretty(top + 1)} next"
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
