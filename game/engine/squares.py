"""What the two British Square rule sets share: four foundations that go up from the
Ace to the King and then down from the other King to the other Ace, a stock turned
once onto a waste, and PySolFC game 35's deal."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import KING, SUIT_NAMES, card, card_pretty, rank_of
from .state import FOUNDATION, STOCK, TABLEAU, WASTE, Game, Move, Place


def square_places(prefix: str, count: int) -> tuple[Place, ...]:
    """f1…f4, the tableau (``c1``… or ``p1``…), then w and s."""
    places = [Place(i, f"f{i + 1}", FOUNDATION, 0, i) for i in range(4)]
    for i in range(count):
        row, col = divmod(i, 4) if prefix == "p" else (0, i)
        places.append(Place(4 + i, f"{prefix}{i + 1}", TABLEAU, row, col))
    places.append(Place(len(places), "w", WASTE))
    places.append(Place(len(places), "s", STOCK))
    return tuple(places)


def foundation_need(suit: int, height: int) -> int:
    """The card a foundation of ``suit`` holding ``height`` cards takes next (0 if full)."""
    if height < KING:
        return card(suit, height + 1)
    if height < 2 * KING:
        return card(suit, 2 * KING - height)
    return 0


class SquareGame(Game):
    """Four switchback foundations (A…K, K…A), a stock and a waste."""

    card_count = 104
    max_rank = KING
    foundations = range(0, 4)

    def safe_drop(self, moves: Iterable[Move]) -> Move | None:
        """The first of ``moves`` that plays a card ``c`` of rank ``r`` to a foundation in
        its downward half (King down to Ace): safe by the argument of
        :meth:`Game.safe_drop`. A suit has one foundation, and the cards of the suit
        still in play are one copy each of ranks ``r`` and below, which must go up in
        that order, ``c`` first: nothing else needs its place. Both copies of every
        higher card are on the foundation, so only the card below ``c`` can be built on
        it; a line that built it on ``c`` can play it to the foundation instead (it
        takes it as soon as ``c`` is there), and likewise whatever the line builds on a
        card gone up early, since again only the next card down can be. In the upward
        half the second copy of the card below may need ``c`` as a base, so nothing is
        safe there.
        """
        piles = self.piles
        foundations = self.foundations
        for m in moves:
            if m.dst in foundations and len(piles[m.dst]) >= KING:
                return m
        return None

    def foundation_sequence(self, suit: int) -> list[int]:
        """Ace up to King, then King down to Ace, of the suit."""
        up = [card(suit, r) for r in range(1, KING + 1)]
        return up + up[::-1]

    def foundation_direction(self, index: int, count: int | None = None) -> int:
        """Up (+1) from the Ace until the King is on (one to twelve cards), then down
        (-1): from thirteen cards on the next card is the other King and the ranks below
        it; 0 when empty (it takes the Ace) or full (26 cards)."""
        height = len(self.piles[index]) if count is None else count
        if 0 < height < KING:
            return 1
        if KING <= height < 2 * KING:
            return -1
        return 0

    def _foundation_reason(self, moving: int, f: int) -> str | None:
        """None if ``moving`` fits foundation ``f``, else why not."""
        suit = f
        if moving >> 4 != suit:
            return f"{self._words(f)} takes only {SUIT_NAMES[suit]}"
        need = foundation_need(suit, len(self.piles[f]))
        if need == 0:
            return f"{self._words(f)} is complete"
        if moving != need:
            return f"{self._words(f)} needs {card_pretty(need)} next"
        return None

    @staticmethod
    def _suit_build_reason(moving: int, onto: int, direction_text: str) -> str:
        """Why ``moving`` may not build on ``onto`` (same suit, one rank, the direction)."""
        refused = f"{card_pretty(moving)} cannot go on {card_pretty(onto)}"
        if moving >> 4 != onto >> 4:
            return f"{refused} (it needs a card of the same suit)"
        if abs(rank_of(moving) - rank_of(onto)) != 1:
            return f"{refused} (it needs one rank higher or lower)"
        return f"{refused} ({direction_text})"

    def _foundation_targets(self) -> dict[int, int]:
        """For each card a foundation takes now, that foundation."""
        piles = self.piles
        out = {}
        for f in range(4):
            need = foundation_need(f, len(piles[f]))
            if need:
                out[need] = f
        return out


def neighbours(top: int) -> tuple[int, ...]:
    """The same-suit cards one rank either side of ``top`` (no wrap between King and Ace)."""
    rank = top & 15
    if rank == 1:
        return (top + 1,)
    if rank == KING:
        return (top - 1,)
    return (top - 1, top + 1)
