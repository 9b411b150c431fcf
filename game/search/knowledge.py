"""What the search knows about the four rule sets beyond their legal moves.

Three things live here, shared by the solver and the hint:

- :func:`foundation_wants`: which cards the foundations take right now.
- :func:`forced_move`: a foundation move that provably never hurts, so a search may play
  it without trying the alternatives (the argument is below, and it holds with full
  information too).
- :func:`ordered_moves`: the legal moves, most promising first, with pointless ones left
  out (only moves whose result is a position the search reaches anyway).

Why a forced move is safe (the dominance argument). Say card ``c`` of rank ``r`` may go
to a foundation and no card can ever be built on it where it lies, nor can it be a
base anything needs. Take any winning line from the position before the drop; play the
drop first and then the same line with ``c``'s own moves left out. Every other move stays
legal, because nothing in the line could have used ``c`` (only a card that builds on it
or its own foundation move would), so the new line is also a win, one move shorter. By
induction on the length of the shortest win, a search that only follows the drop still
finds a win whenever one exists. The conditions per rule set:

- Constitution sets: ``c`` is a Row 1 top; the cards that could build on it are the four
  ``r-1`` cards of the other colour (two suits, two packs). When all four are on the
  foundations (always for twos, whose bases are the Aces), nothing can use ``c``. In
  ``constitution`` a drop that empties a Row 1 pile forces a chain of fills whose timing
  is a choice, and nothing is dropped while a fill is owed, so neither is forced.
- Square sets: only in a foundation's downward half (King down to Ace). Both copies of
  every higher card are then on the foundation, and the card below ``c`` goes straight
  to the foundation once ``c`` is there, so a line that built it on ``c`` can play it to
  the foundation instead. In the upward half the second copy of the card below may need
  ``c`` as a base, so nothing is forced there.

These are exactly the conditions of :mod:`game.engine.autodrop`, which is what the
auto-drop option plays; it is recomputed here from the moves already generated.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cadogan import Cadogan
from ..engine.cards import JACK, KING, is_red
from ..engine.constitution import Constitution
from ..engine.rows import RowsGame, row_of, row_range
from ..engine.square import Square
from ..engine.squares import foundation_need
from ..engine.state import Game, Move
from ..engine.union_square import UnionSquare

ROW1 = row_range(0)


def foundation_wants(game: Game) -> dict[int, int]:
    """For each card some foundation takes now, how many foundations take it (1 or 2)."""
    piles = game.piles
    wants: dict[int, int] = {}
    if isinstance(game, RowsGame):
        for f in game.foundations:
            top = piles[f][-1]
            if top & 15 < JACK:
                wants[top + 1] = wants.get(top + 1, 0) + 1
    else:
        for f in game.foundations:
            need = foundation_need(f, len(piles[f]))
            if need:
                wants[need] = 1
    return wants


def forced_move(game: Game, moves: Iterable[Move]) -> Move | None:
    """A foundation move among ``moves`` that can never be a mistake, or None."""
    piles = game.piles
    foundations = game.foundations
    if isinstance(game, RowsGame):
        if isinstance(game, Constitution) and game.owed >= 0:
            return None
        single_ok = not isinstance(game, Constitution)
        for m in moves:
            if m.dst not in foundations:
                continue
            pile = piles[m.src]
            if not single_ok and len(pile) == 1:
                continue
            c = pile[-1]
            rank = c & 15
            if rank <= 2:
                return m
            red = is_red(c)
            if all(piles[f][-1] & 15 >= rank - 1 for f in foundations
                   if is_red(game.foundation_suit(f) * 16 + 1) != red):
                return m
        return None
    for m in moves:
        if m.dst in foundations and len(piles[m.dst]) >= KING:
            return m
    return None


def is_dead(game: Game) -> bool:
    """True when the position provably cannot be won (a cheap test, often False).

    Lady Cadogan: a Row 1 card leaves only for a foundation. Say both copies of a card
    ``(suit, k)`` are still to be played and each lies in a Row 1 pile under a card of
    the same suit and higher rank. Neither covering card can go up before one of the
    suit's foundations has passed rank ``k``, which takes a copy of ``(suit, k)``, and
    both copies wait under those covering cards. Nothing can move first: the game is lost.
    """
    if not isinstance(game, Cadogan):
        return False
    piles = game.piles
    blocked: dict[int, int] = {}
    for t in ROW1:
        pile = piles[t]
        if len(pile) < 2:
            continue
        highest = [0, 0, 0, 0]
        for c in reversed(pile):
            suit = c >> 4
            if highest[suit] > c & 15:
                blocked[c] = blocked.get(c, 0) + 1
            elif c & 15 > highest[suit]:
                highest[suit] = c & 15
    if not blocked:
        return False
    for c, n in blocked.items():
        if n == 2:
            suit = c >> 4
            tops = (piles[2 * suit][-1] & 15, piles[2 * suit + 1][-1] & 15)
            if max(tops) < c & 15:
                return True
    return False


def ordered_moves(game: Game, moves: list[Move]) -> list[Move]:
    """``moves`` without the pointless ones, most promising first (for a depth-first search).

    Left out: moving the only card of a Union Square pile into an empty pile (the same
    position, up to the order of the piles).
    """
    wants = foundation_wants(game)
    piles = game.piles
    foundations = game.foundations
    stock = game.stock
    scored: list[tuple[int, int, Move]] = []
    union = isinstance(game, UnionSquare)
    square = isinstance(game, Square)
    constitution = isinstance(game, Constitution)
    cadogan = isinstance(game, Cadogan)
    owed = game.owed if isinstance(game, Constitution) else -1
    for i, m in enumerate(moves):
        src, dst = m
        if src == stock:
            score = -100
        elif dst in foundations:
            score = 1000
        else:
            pile = piles[src]
            score = 0
            if len(pile) >= 2:
                under = pile[-2]
                if under in wants:
                    score += 400
            elif pile:
                if union and not piles[dst]:
                    continue
                score += 60
            if union or square:
                if not piles[dst]:
                    score -= 30
                elif src == game.waste:
                    score += 20
            elif constitution:
                if src in ROW1:
                    score += 10
                elif row_of(src) == 1 and owed < 0:
                    score += 30
                if owed >= 0 and pile:
                    c = pile[-1]
                    if c in wants:
                        score += 300
                    score += 20 - (c & 15)
            elif cadogan:
                if dst in ROW1:
                    score += 40
                if not piles[dst]:
                    score -= 20
        scored.append((-score, i, m))
    scored.sort()
    return [m for _, _, m in scored]


def symmetry_classes(game: Game) -> list[int]:
    """For each place, a class number; places of one class are interchangeable.

    The same grouping as ``Game.key``: the two foundations of a suit and the places of
    one row (Constitution sets), the columns of Square, the sixteen Union Square piles.
    Every other place is a class of its own.
    """
    classes = list(range(len(game.places)))
    if isinstance(game, RowsGame):
        for f in game.foundations:
            classes[f] = f - f % 2
        for t in game.tableau:
            classes[t] = 100 + row_of(t)
    else:
        for t in game.tableau:
            classes[t] = 100
    return classes


class PositionHash:
    """An incremental position hash for a search that plays and undoes moves.

    Equal for positions equal up to interchangeable places (like ``Game.key``), as a
    sum of one hash per place, each of its class and cards (and, in Square, of how many
    of a column's cards were dealt, which fixes its direction). After a move or an
    undo only the places its transfers touched are hashed again, so the key costs a
    couple of microseconds instead of a full ``Game.key``. Two different positions
    share a 64-bit key with odds of about one in 10^19 per pair.
    """

    MASK = (1 << 64) - 1

    def __init__(self, game: Game) -> None:
        self.game = game
        self.classes = symmetry_classes(game)
        self.square = isinstance(game, Square)
        self.constitution = isinstance(game, Constitution)
        self.place_hash = [self._hash_place(i) for i in range(len(game.places))]
        self.total = sum(self.place_hash)

    def _hash_place(self, index: int) -> int:
        game = self.game
        extra = 0
        if self.square and index in game.tableau:
            extra = game.dealt[index - 4]  # type: ignore[attr-defined]
        # one bytes object per place, hashed with the interpreter's keyed SipHash: a
        # strong hash, so that a sum of them behaves like a sum of random numbers
        return hash(bytes((self.classes[index], extra, *game.piles[index])))

    def update(self, places: Iterable[int]) -> None:
        """Places whose cards (or Square dealt counts) changed: hash them again."""
        ph = self.place_hash
        for i in set(places):
            new = self._hash_place(i)
            self.total += new - ph[i]
            ph[i] = new

    def key(self) -> int:
        """The key of the current position."""
        total = self.total
        if self.constitution:
            owed = self.game.owed  # type: ignore[attr-defined]
            total += hash(bytes((255, row_of(owed) if owed >= 0 else 4)))
        return total & self.MASK
