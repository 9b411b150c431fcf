"""A lean copy of a Lady Cadogan position for the solver's own searches.

The engine's :class:`~game.engine.cadogan.Cadogan` keeps every rule set's bookkeeping
(history, transfers, notation); a solver that plays and takes back millions of moves
wants less. :class:`Core` holds the same position as plain lists: the 32 piles of the
four rows (index ``row * 8 + column``), the eight foundations' top ranks, the waste and
the stock, and an incremental key equal for positions equal up to the order of a row's
piles and of a suit's two foundations. Its moves are ``(src, dst)`` pairs of small ints
(:data:`WASTE`, :data:`STOCK`, ``FOUNDATION + f``), turned into engine moves by
:meth:`Core.engine_move`; the tests replay every line it wins in the engine.
"""

from __future__ import annotations

import random

from ..engine.cards import ALTERNATE_BELOW, JACK
from ..engine.rows import FIRST
from ..engine.state import Game, Move

WASTE = 32
STOCK = 33
FOUNDATION = 40
MASK = (1 << 64) - 1

_rng = random.Random(0x5EED_CAD0)
#: key terms: a card at a depth of a pile of a row; of the waste; the stock's size; a
#: foundation of a suit at a height (the two of a suit add up, so their order is lost)
_Z_PILE = [[[_rng.getrandbits(64) for _ in range(64)] for _ in range(16)] for _ in range(4)]
_Z_WASTE = [[_rng.getrandbits(64) for _ in range(64)] for _ in range(64)]
_Z_STOCK = [_rng.getrandbits(64) for _ in range(64)]
_Z_FOUNDATION = [[_rng.getrandbits(64) for _ in range(16)] for _ in range(4)]
_SIG_STOCK = _rng.getrandbits(64)
_SIG_WASTE = _rng.getrandbits(64)
#: a Row 1 top's term in :meth:`Core.diverse_signature`, by card code: its rank and
#: colour only (the two suits of a colour play alike on Row 1); an empty pile's is 64
_SIG_TOP_TERM = [_rng.getrandbits(64) for _ in range(32)]
_SIG_TOP = [_SIG_TOP_TERM[((c & 15) << 1) | (c >> 5)] for c in range(64)] + [_SIG_TOP_TERM[0]]

#: the four cards (ranks one lower, other colour, two packs: two codes) that build on a card
BELOW = ALTERNATE_BELOW


class Core:
    """A Lady Cadogan position with make/unmake moves and an incremental key."""

    __slots__ = ("fkey", "found", "key", "piles", "stock", "waste")

    def __init__(self, piles: list[list[int]], found: list[int], waste: list[int], stock: list[int]) -> None:
        self.piles = piles
        self.found = found
        self.waste = waste
        self.stock = stock
        self.fkey = sum(_Z_FOUNDATION[f >> 1][h] for f, h in enumerate(found))
        self.key = self._full_key()

    @classmethod
    def from_game(cls, game: Game) -> Core:
        p = game.piles
        return cls([list(p[FIRST + i]) for i in range(32)], [p[f][-1] & 15 for f in range(8)],
                   list(p[game.waste]), list(p[game.stock]))

    def copy(self) -> Core:
        other = Core.__new__(Core)
        other.piles = [p[:] for p in self.piles]
        other.found = self.found[:]
        other.waste = self.waste[:]
        other.stock = self.stock[:]
        other.key = self.key
        other.fkey = self.fkey
        return other

    def _full_key(self) -> int:
        k = 0
        for i, pile in enumerate(self.piles):
            z = _Z_PILE[i >> 3]
            for d, c in enumerate(pile):
                k += z[d][c]
        for d, c in enumerate(self.waste):
            k += _Z_WASTE[d][c]
        k += _Z_STOCK[len(self.stock)]
        for f, h in enumerate(self.found):
            k += _Z_FOUNDATION[f >> 1][h]
        return k & MASK

    def signature(self) -> int:
        """The foundations (each suit's two heights, in either order) and the sizes of
        the stock and the waste, as one number (what a beam keeps few positions of)."""
        return self.fkey + len(self.stock) * _SIG_STOCK + len(self.waste) * _SIG_WASTE

    def diverse_signature(self) -> int:
        """:meth:`signature` and Row 1's tops (rank and colour, in any order): a beam
        keeping few positions per this one keeps positions whose Row 1 takes different
        cards, the way out of a Row 1 jammed with cards the foundations do not want."""
        s = self.signature()
        top = _SIG_TOP
        for pile in self.piles[:8]:
            s += top[pile[-1]] if pile else top[64]
        return s

    def home(self) -> int:
        """Cards on the foundations (88 when won)."""
        return sum(self.found)

    def won(self) -> bool:
        return sum(self.found) == 88

    # ----- moves --------------------------------------------------------------------

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move (a card into an empty pile: the row's first empty pile only,
        the others giving the same key)."""
        piles = self.piles
        found = self.found
        out: list[tuple[int, int]] = []
        want: dict[int, int] = {}
        for f in range(8):
            h = found[f]
            if h < JACK:
                c = ((f >> 1) << 4) | (h + 1)
                if c not in want:
                    want[c] = f
        for i in range(8):
            pile = piles[i]
            if pile:
                home = want.get(pile[-1])
                if home is not None:
                    out.append((i, FOUNDATION + home))
        for row in range(3):
            base = row * 8
            builds: dict[int, list[int]] = {}
            empty = -1
            for t in range(base, base + 8):
                pile = piles[t]
                if pile:
                    for w in BELOW[pile[-1]]:
                        if w in builds:
                            builds[w].append(t)
                        else:
                            builds[w] = [t]
                elif empty < 0:
                    empty = t
            for s in range(base + 8, base + 16):
                pile = piles[s]
                if pile:
                    targets = builds.get(pile[-1])
                    if targets:
                        for t in targets:
                            out.append((s, t))
                    if empty >= 0:
                        out.append((s, empty))
        waste = self.waste
        if waste:
            top = waste[-1]
            below = BELOW
            empty = -1
            for t in range(24, 32):
                pile = piles[t]
                if pile:
                    if top in below[pile[-1]]:
                        out.append((WASTE, t))
                elif empty < 0:
                    empty = t
            if empty >= 0:
                out.append((WASTE, empty))
        if self.stock:
            out.append((STOCK, WASTE))
        return out

    def play(self, src: int, dst: int) -> int:
        """Play a legal move; returns what :meth:`undo` needs (the automatic fills made:
        1 = a Row 4 pile refilled from the waste, 2 = the waste refilled from the stock)."""
        piles = self.piles
        waste = self.waste
        stock = self.stock
        key = self.key
        auto = 0
        if src == STOCK:
            c = stock.pop()
            key += _Z_WASTE[len(waste)][c] + _Z_STOCK[len(stock)] - _Z_STOCK[len(stock) + 1]
            waste.append(c)
            self.key = key & MASK
            return 0
        if src == WASTE:
            c = waste.pop()
            key -= _Z_WASTE[len(waste)][c]
        else:
            pile = piles[src]
            c = pile.pop()
            key -= _Z_PILE[src >> 3][len(pile)][c]
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            h = self.found[f]
            zf = _Z_FOUNDATION[f >> 1]
            change = zf[h + 1] - zf[h]
            key += change
            self.fkey += change
            self.found[f] = h + 1
        else:
            pile = piles[dst]
            key += _Z_PILE[dst >> 3][len(pile)][c]
            pile.append(c)
        if src >= 24 and src < 32 and not piles[src] and waste:
            w = waste.pop()
            key += _Z_PILE[3][0][w] - _Z_WASTE[len(waste)][w]
            piles[src].append(w)
            auto = 1
        if not waste and stock:
            s = stock.pop()
            key += _Z_WASTE[0][s] + _Z_STOCK[len(stock)] - _Z_STOCK[len(stock) + 1]
            waste.append(s)
            auto |= 2
        self.key = key & MASK
        return auto

    def undo(self, src: int, dst: int, auto: int) -> None:
        """Take back the move ``(src, dst)`` that :meth:`play` answered ``auto`` for."""
        piles = self.piles
        waste = self.waste
        stock = self.stock
        key = self.key
        if src == STOCK:
            c = waste.pop()
            stock.append(c)
            key -= _Z_WASTE[len(waste)][c] + _Z_STOCK[len(stock) - 1] - _Z_STOCK[len(stock)]
            self.key = key & MASK
            return
        if auto & 2:
            s = waste.pop()
            stock.append(s)
            key -= _Z_WASTE[0][s] + _Z_STOCK[len(stock) - 1] - _Z_STOCK[len(stock)]
        if auto & 1:
            w = piles[src].pop()
            key -= _Z_PILE[3][0][w] - _Z_WASTE[len(waste)][w]
            waste.append(w)
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            h = self.found[f] - 1
            self.found[f] = h
            c = ((f >> 1) << 4) | (h + 1)
            zf = _Z_FOUNDATION[f >> 1]
            change = zf[h + 1] - zf[h]
            key -= change
            self.fkey -= change
        else:
            pile = piles[dst]
            c = pile.pop()
            key -= _Z_PILE[dst >> 3][len(pile)][c]
        if src == WASTE:
            key += _Z_WASTE[len(waste)][c]
            waste.append(c)
        else:
            pile = piles[src]
            key += _Z_PILE[src >> 3][len(pile)][c]
            pile.append(c)
        self.key = key & MASK

    # ----- notation -------------------------------------------------------------------

    @staticmethod
    def engine_move(game: Game, move: tuple[int, int]) -> Move:
        """The engine's move for one of ours, in ``game``'s numbering."""
        src, dst = move
        s = game.stock if src == STOCK else game.waste if src == WASTE else FIRST + src
        if dst >= FOUNDATION:
            d = dst - FOUNDATION
        elif dst == WASTE:
            d = game.waste
        else:
            d = FIRST + dst
        return game.move_table[s][d]
