"""A lean copy of a Lady Cadogan position for the solver's own searches.

The engine's :class:`~game.engine.cadogan.Cadogan` keeps every rule set's bookkeeping
(history, transfers, notation); a solver that plays and takes back millions of moves
wants less. :class:`Core` holds the same position as plain lists: the 32 piles of the
four rows (index ``row * 8 + column``), the eight foundations' top ranks, the waste and
the stock, and an incremental key equal for positions equal up to the order of a row's
piles and of a suit's two foundations (:mod:`.lean` says how). Its moves are ``(src,
dst)`` pairs of small ints (:data:`WASTE`, :data:`STOCK`, ``FOUNDATION + f``), turned into
engine moves by :meth:`Core.engine_move`; the tests replay every line it wins in the
engine.
"""

from __future__ import annotations

import random
from itertools import compress

from ..engine.cards import ALTERNATE_BELOW, JACK
from ..engine.profile import Evaluation
from ..engine.rows import FIRST
from ..engine.state import Game, Move
from .evaluate import FOUNDATION_CARD
from .lean import (
    MASK,
    MIX,
    card_distances,
    card_weights,
    chain,
    mix,
    other_colour_foundations,
    pack,
    unpack,
    zobrist_rows,
)

WASTE = 32
STOCK = 33
FOUNDATION = 40

_rng = random.Random(0x5EED_CAD0)
#: the key's terms (:mod:`.lean`): a card at a depth of a pile of a row, of the waste,
#: the stock's size, a suit's foundation at a height
_Z = zobrist_rows(0x5EED_CAD1)
_Z_PILE = _Z.pile
_Z_WASTE = _Z.waste
_Z_STOCK = _Z.stock
_Z_FOUNDATION = _Z.foundation
_SIG_STOCK = _rng.getrandbits(64)
_SIG_WASTE = _rng.getrandbits(64)
#: a Row 1 top's term in :meth:`Core.row1_signature`, by card code: its rank and
#: colour only (the two suits of a colour play alike on Row 1); an empty pile's is 64
_SIG_TOP_TERM = [_rng.getrandbits(64) for _ in range(32)]
_SIG_TOP = [_SIG_TOP_TERM[((c & 15) << 1) | (c >> 5)] for c in range(64)] + [_SIG_TOP_TERM[0]]
assert _SIG_TOP[0] == _SIG_TOP[64]  # code 0, no card, is an empty pile's top in ``tops``

#: the four cards (ranks one lower, other colour, two packs: two codes) that build on a card
BELOW = ALTERNATE_BELOW
#: a code no card has (never a pile's top): what :data:`ABOVE` gives for a card nothing
#: takes (a Jack), and for the code 0 of an empty pile
NO_CARD = 63
#: for each card code, the two codes (one rank higher, other colour) it builds on
ABOVE: list[tuple[int, int]] = [(NO_CARD, NO_CARD)] * 64
for _onto in range(64):
    for _c in BELOW[_onto]:
        ABOVE[_c] = (_onto, ABOVE[_c][0]) if ABOVE[_c][0] != NO_CARD else (_onto, NO_CARD)
del _onto, _c
#: :meth:`Core._onto_row` for Rows 1, 2 and 3, by the tops of the row and the next (as
#: bytes; for Row 1, and the foundations' heights), for every core: a pure function of
#: those, remembered up to :data:`_ONTO_LIMIT` of each
_ONTO_ROW1: dict[bytes, tuple[tuple[int, int], ...]] = {}
_ONTO_ROW2: dict[bytes, tuple[tuple[int, int], ...]] = {}
_ONTO_ROW3: dict[bytes, tuple[tuple[int, int], ...]] = {}
_ONTO_LIMIT = 50_000
#: a Row 4 pile holding only card ``c``: its term in the key (a fill from the waste)
_FILL4 = [mix(_Z_PILE[3][0][c]) for c in range(64)]
#: what such a fill adds to the key, by the depth in the waste the card leaves and the card
_FILL_TERM = [[_FILL4[c] - _Z_WASTE[d][c] for c in range(64)] for d in range(len(_Z_WASTE))]
#: :data:`_Z_PILE` by pile (a pile's row's terms)
_Z_OF_PILE = [_Z_PILE[i >> 3] for i in range(32)]


class Core:
    """A Lady Cadogan position with make/unmake moves and an incremental key."""

    __slots__ = ("fbytes", "fkey", "found", "hs", "key", "piles", "saved", "stock", "tops", "wants", "waste")
    #: moves to a foundation are ``(src, foundation + f)``
    foundation = FOUNDATION
    #: cards in play (all home when won)
    cards = 88

    def __init__(self, piles: list[list[int]], found: list[int], waste: list[int], stock: list[int]) -> None:
        self.piles = piles
        self.found = found
        self.waste = waste
        self.stock = stock
        self.fkey = sum(_Z_FOUNDATION[f >> 1][h] for f, h in enumerate(found))
        #: per pile, the hashes of its first 0, 1, 2 … cards (:func:`.lean.chain`); the
        #: pile's term in the key is that of all its cards (entries above may be stale)
        self.hs: list[list[int]] = [[0] for _ in range(32)]
        #: per move played (but a card turned from the stock) and not taken back: the key
        #: before it and the two hashes it overwrote (0 for none), for :meth:`undo`
        self.saved: list[tuple[int, int, int]] = []
        self.key = self._full_key()
        #: each pile's top card (0: empty), kept by every move, so that the moves are
        #: found without looking into the piles (a row's piles that take card ``c`` are
        #: those whose top is in ``ABOVE[c]``)
        self.tops = [pile[-1] if pile else 0 for pile in piles]
        #: per card code, the move's destination that takes it home (``FOUNDATION + f``,
        #: the suit's first foundation that takes it), or 0
        self.wants = [0] * 64
        for suit in range(4):
            self._want(suit)

    def _want(self, suit: int) -> None:
        """Set :attr:`wants` for the cards of ``suit`` from its two foundations (and
        :attr:`fbytes` from them all)."""
        #: the foundations' heights as bytes (what :meth:`moves` looks Row 1's moves up by)
        self.fbytes = bytes(self.found)
        wants = self.wants
        a = self.found[2 * suit]
        b = self.found[2 * suit + 1]
        base = suit << 4
        for rank in range(1, 16):
            wants[base | rank] = 0
        if b < JACK:
            wants[base | (b + 1)] = FOUNDATION + 2 * suit + 1
        if a < JACK:
            wants[base | (a + 1)] = FOUNDATION + 2 * suit

    @classmethod
    def from_game(cls, game: Game) -> Core:
        """The core of an engine position of Lady Cadogan."""
        p = game.piles
        return cls([list(p[FIRST + i]) for i in range(32)], [p[f][-1] & 15 for f in range(8)],
                   list(p[game.waste]), list(p[game.stock]))

    def copy(self) -> Core:
        """An independent copy."""
        return self._sharing(list(map(list.copy, self.piles)), list(map(list.copy, self.hs)), self.saved[:])

    def after(self, src: int, dst: int) -> Core:
        """A new position: this one after the legal move ``(src, dst)`` (this one is left
        as it is). It shares with this one the piles the move does not touch, and
        their hashes, so it is made at a fraction of a :meth:`copy`'s cost; and since
        moves played on either and taken back leave every pile as it was, both stay
        right as long as only moves taken back are played on those piles. It cannot take
        back the moves that led to this one (:meth:`undo` the moves played on it only)."""
        piles = self.piles[:]
        hs = self.hs[:]
        for i in (src, dst):
            if i < 32:
                piles[i] = piles[i][:]
                hs[i] = hs[i][:]
        other = self._sharing(piles, hs, [])
        other.play(src, dst)
        return other

    def _sharing(self, piles: list[list[int]], hs: list[list[int]],
                 saved: list[tuple[int, int, int]]) -> Core:
        """A core of this position with these piles, hashes and saved moves, and copies of
        everything else a move changes."""
        other = Core.__new__(Core)
        other.piles = piles
        other.hs = hs
        other.saved = saved
        other.found = self.found[:]
        other.waste = self.waste[:]
        other.stock = self.stock[:]
        other.key = self.key
        other.fkey = self.fkey
        other.tops = self.tops[:]
        other.wants = self.wants[:]
        other.fbytes = self.fbytes
        return other

    def _full_key(self) -> int:
        k = 0
        for i, pile in enumerate(self.piles):
            hs = self.hs[i] = chain(pile, _Z_PILE[i >> 3])
            k += hs[-1]
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

    def row1_signature(self) -> int:
        """Row 1's tops (rank and colour, in any order) as one number, which a *diverse*
        beam adds to :meth:`signature`: keeping few positions per the sum, it keeps
        positions whose Row 1 takes different cards, the way out of a Row 1 jammed with
        cards the foundations do not want. The same after a move that neither takes a card
        from Row 1 nor puts one there."""
        top = _SIG_TOP  # an empty pile's top is 0, whose term is that of no card (64)
        t = self.tops
        return (top[t[0]] + top[t[1]] + top[t[2]] + top[t[3]]
                + top[t[4]] + top[t[5]] + top[t[6]] + top[t[7]])

    def child(self, src: int, dst: int) -> tuple[int, int, int]:
        """For the legal move ``(src, dst)``, without playing it: the key of the position
        it leads to, what :meth:`play` would answer, and that position's
        :meth:`signature` (as :meth:`play` would leave them: the tests compare)."""
        stock = len(self.stock)
        waste = len(self.waste)
        sig = self.fkey
        auto = 0
        if src == STOCK:
            stock -= 1
            waste += 1
        else:
            if src == WASTE:
                waste -= 1
            elif src >= 24 and waste and len(self.piles[src]) == 1:
                auto = 1
                waste -= 1
            if not waste and stock:
                auto |= 2
                stock -= 1
                waste = 1
            if dst >= FOUNDATION:
                f = dst - FOUNDATION
                height = self.found[f]
                zf = _Z_FOUNDATION[f >> 1]
                sig += zf[height + 1] - zf[height]
        return self.child_key(src, dst), auto, sig + stock * _SIG_STOCK + waste * _SIG_WASTE

    def row1_signature_after(self, src: int, dst: int) -> int:
        """:meth:`row1_signature` after the legal move ``(src, dst)``, without playing
        it."""
        tops = self.tops
        sig = self.row1_signature()
        if dst < 8:
            sig += _SIG_TOP[tops[src]] - _SIG_TOP[tops[dst]]
        if src < 8:
            pile = self.piles[src]
            sig += _SIG_TOP[pile[-2] if len(pile) > 1 else 0] - _SIG_TOP[tops[src]]
        return sig

    def home(self) -> int:
        """Cards on the foundations (88 when won)."""
        return sum(self.found)

    def won(self) -> bool:
        """All 88 cards are home."""
        return sum(self.found) == 88

    def snapshot(self) -> bytes:
        """The position, packed (:meth:`from_snapshot` unpacks it)."""
        return pack([*self.piles, self.waste], bytes([*self.found, len(self.stock)]))

    @classmethod
    def from_snapshot(cls, snap: bytes, stock: list[int]) -> Core:
        """The position :meth:`snapshot` packed (``stock`` is the whole stock of the
        search's start: a position's stock is always its first cards)."""
        piles, extra = unpack(snap)
        return cls(piles[:32], list(extra[:8]), piles[32], stock[:extra[8]])

    def evaluation(self, weights: Evaluation) -> float:
        """:func:`~.evaluate.evaluate` of the position, without mobility."""
        w = card_weights(self.found)
        cost = 0.0
        for i, pile in enumerate(self.piles):
            depth = len(pile) - 1 + weights.row_distance * (i >> 3)
            for c in pile:
                cost += w[c] * depth
                depth -= 1
            if i < 8:
                cost -= weights.row1_run * run_length(pile)
        blocked = 0.0
        depth = len(self.waste) - 1
        for c in self.waste:
            blocked += w[c] * depth
            depth -= 1
        cost += weights.waste_blocked * blocked
        cost += weights.stock_card * sum(w[c] for c in self.stock)
        return FOUNDATION_CARD * sum(self.found) - cost

    # ----- moves --------------------------------------------------------------------

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move, the moves to a foundation first (a card into an empty pile:
        the row's first empty pile only, the others giving the same key; a card two
        foundations take: the first only, likewise)."""
        tops = self.tops
        # the moves onto a row depend only on its tops and the next row's (and those
        # of Row 1 to the foundations on the foundations), and a search meets the same
        # ones again and again (a move changes one or two rows; a card turned from the
        # stock, none): they are looked up by those, and worked out on a miss
        state = bytes(tops)
        key = state[:16] + self.fbytes
        first = _ONTO_ROW1.get(key)
        if first is None:
            first = _remember(_ONTO_ROW1, key, self._onto_row(0))
        key = state[8:24]
        second = _ONTO_ROW2.get(key)
        if second is None:
            second = _remember(_ONTO_ROW2, key, self._onto_row(8))
        key = state[16:]
        third = _ONTO_ROW3.get(key)
        if third is None:
            third = _remember(_ONTO_ROW3, key, self._onto_row(16))
        out = [*first, *second, *third]
        waste = self.waste
        if waste:
            row = state[24:]
            pair = ABOVE[waste[-1]]
            a, b = pair
            if a in row or b in row:
                for t in range(24, 32):
                    if tops[t] in pair:
                        out.append((WASTE, t))
            if 0 in row:
                out.append((WASTE, row.index(0) + 24))
        if self.stock:
            out.append((STOCK, WASTE))
        return out

    def _onto_row(self, base: int) -> tuple[tuple[int, int], ...]:
        """The moves of :meth:`moves` from the row after the one whose first pile is
        ``base`` onto that row, in order; for Row 1 (``base`` 0), after Row 1's moves to
        the foundations."""
        tops = self.tops
        row = tops[base:base + 8]
        out: list[tuple[int, int]] = []
        if not base:
            wants = self.wants
            for i in range(8):
                home = wants[tops[i]]
                if home:
                    out.append((i, home))
        if 0 in row:
            empty = row.index(0) + base
            for s in range(base + 8, base + 16):
                c = tops[s]
                if c:
                    pair = ABOVE[c]
                    a, b = pair
                    if a in row or b in row:
                        for t in range(base, base + 8):
                            if tops[t] in pair:
                                out.append((s, t))
                    out.append((s, empty))
            return tuple(out)
        # no empty pile (and an empty source's code 0 takes nothing: ``ABOVE[0]`` is no card)
        for s in range(base + 8, base + 16):
            pair = ABOVE[tops[s]]
            a, b = pair
            if a in row or b in row:
                for t in range(base, base + 8):
                    if tops[t] in pair:
                        out.append((s, t))
        return tuple(out)

    def forced(self, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The engine's safe drop among ``moves`` (``RowsGame.safe_drop``: here a drop
        that empties a Row 1 pile may be safe too), or None."""
        tops = self.tops
        found = self.found
        for m in moves:
            dst = m[1]
            if dst < FOUNDATION:
                # the moves to a foundation come first
                return None
            c = tops[m[0]]
            rank = c & 15
            if rank <= 2:
                return m
            if found[(dst - FOUNDATION) ^ 1] < rank - 1:
                continue
            need = rank - 1
            for g in other_colour_foundations(c):
                if found[g] < need:
                    break
            else:
                return m
        return None

    def safe_climb(self) -> tuple[tuple[int, int], ...] | None:
        """A card of Rows 2–4 that can climb to Row 1 now and go home safely, as the
        moves that take it there (:mod:`.cadogan_proof` says why they never lose a won
        position), or None. The card is a pile's top that a foundation takes now and
        that meets the safe drop's conditions (:meth:`forced`); a Row 4 card has a card
        under it (so no automatic fill follows); every row above it has a pile whose
        top takes it or an empty pile, and the climb goes onto one of each."""
        tops = self.tops
        wants = self.wants
        found = self.found
        # the piles of Rows 2-4 whose top a foundation takes (few or none: picked out
        # without a step of Python per pile)
        for src in compress(range(8, 32), map(wants.__getitem__, tops[8:])):
            c = tops[src]
            home = wants[c]
            row = src >> 3
            if row == 3 and len(self.piles[src]) < 2:
                continue
            rank = c & 15
            if rank > 2:
                need = rank - 1
                if found[(home - FOUNDATION) ^ 1] < need:
                    continue
                if any(found[g] < need for g in other_colour_foundations(c)):
                    continue
            pair = ABOVE[c]
            a, b = pair
            for base in range(0, row * 8, 8):
                part = tops[base:base + 8]
                if a not in part and b not in part and 0 not in part:
                    break  # this row neither takes the card nor has an empty pile
            else:
                moves = []
                at = src
                for r in range(row - 1, -1, -1):
                    base = r * 8
                    onto = next((t for t in range(base, base + 8) if tops[t] in pair), -1)
                    if onto < 0:
                        onto = tops.index(0, base, base + 8)
                    moves.append((at, onto))
                    at = onto
                moves.append((at, home))
                return tuple(moves)
        return None

    def child_key(self, src: int, dst: int) -> int:
        """The key of the position a legal move leads to, without playing it (as
        :meth:`play` would leave it: the tests compare the two)."""
        key = self.key
        waste = self.waste
        if src < 32:
            piles = self.piles
            hs = self.hs
            pile = piles[src]
            n = len(pile)
            h = hs[src]
            key += h[n - 1] - h[n]
            if dst < 32:
                depth = len(piles[dst])
                old = hs[dst][depth]
                x = old + _Z_OF_PILE[dst][depth][pile[-1]]
                x = ((x ^ (x >> 32)) * MIX) & MASK
                key += (x ^ (x >> 32)) - old
            else:
                zf = _Z_FOUNDATION[(dst - FOUNDATION) >> 1]
                height = self.found[dst - FOUNDATION]
                key += zf[height + 1] - zf[height]
            if waste:
                if n == 1 and src >= 24:
                    # the emptied Row 4 pile takes the waste's top
                    left = len(waste) - 1
                    key += _FILL_TERM[left][waste[left]]
                    if not left and self.stock:
                        stock = self.stock
                        key += _Z_WASTE[0][stock[-1]] + _Z_STOCK[len(stock) - 1] - _Z_STOCK[len(stock)]
                return key & MASK
        elif src == STOCK:
            stock = self.stock
            return (key + _Z_WASTE[len(waste)][stock[-1]] + _Z_STOCK[len(stock) - 1]
                    - _Z_STOCK[len(stock)]) & MASK
        else:
            left = len(waste) - 1
            c = waste[left]
            key -= _Z_WASTE[left][c]
            if dst < 32:
                depth = len(self.piles[dst])
                old = self.hs[dst][depth]
                x = old + _Z_PILE[3][depth][c]
                x = ((x ^ (x >> 32)) * MIX) & MASK
                key += (x ^ (x >> 32)) - old
            else:
                zf = _Z_FOUNDATION[(dst - FOUNDATION) >> 1]
                height = self.found[dst - FOUNDATION]
                key += zf[height + 1] - zf[height]
            if left:
                return key & MASK
        # the waste is left empty: it takes the stock's top
        stock = self.stock
        if stock:
            key += _Z_WASTE[0][stock[-1]] + _Z_STOCK[len(stock) - 1] - _Z_STOCK[len(stock)]
        return key & MASK

    def play(self, src: int, dst: int) -> int:
        """Play a legal move; returns what :meth:`undo` needs (the automatic fills made:
        1 = a Row 4 pile refilled from the waste, 2 = the waste refilled from the stock).
        Except for a card turned from the stock, it also keeps what it overwrites (the
        key and the piles' hashes) for :meth:`undo` on :attr:`saved`."""
        waste = self.waste
        key = self.key
        if src == STOCK:
            stock = self.stock
            c = stock.pop()
            n = len(stock)
            self.key = (key + _Z_WASTE[len(waste)][c] + _Z_STOCK[n] - _Z_STOCK[n + 1]) & MASK
            waste.append(c)
            return 0
        before = key
        tops = self.tops
        auto = 0
        filled = 0
        if src == WASTE:
            c = waste.pop()
            key -= _Z_WASTE[len(waste)][c]
        else:
            pile = self.piles[src]
            c = pile.pop()
            h = self.hs[src]
            n = len(pile)
            key += h[n] - h[n + 1]
            if n:
                tops[src] = pile[-1]
            elif src >= 24 and waste:
                top = tops[src] = waste.pop()
                filled = h[1]
                x = h[1] = _FILL4[top]
                key += x - _Z_WASTE[len(waste)][top]
                pile.append(top)
                auto = 1
            else:
                tops[src] = 0
        if dst < 32:
            pile = self.piles[dst]
            h = self.hs[dst]
            n = len(pile)
            old = h[n]
            x = old + _Z_OF_PILE[dst][n][c]
            x = ((x ^ (x >> 32)) * MIX) & MASK
            x ^= x >> 32
            if n + 1 < len(h):
                above = h[n + 1]
                h[n + 1] = x
            else:
                above = 0
                h.append(x)
            key += x - old
            pile.append(c)
            tops[dst] = c
        else:
            above = 0
            f = dst - FOUNDATION
            height = self.found[f]
            zf = _Z_FOUNDATION[f >> 1]
            change = zf[height + 1] - zf[height]
            key += change
            self.fkey += change
            self.found[f] = height + 1
            self._want(f >> 1)
        if not waste and self.stock:
            stock = self.stock
            s = stock.pop()
            n = len(stock)
            key += _Z_WASTE[0][s] + _Z_STOCK[n] - _Z_STOCK[n + 1]
            waste.append(s)
            auto |= 2
        self.key = key & MASK
        self.saved.append((before, above, filled))
        return auto

    def undo(self, src: int, dst: int, auto: int) -> None:
        """Take back the move ``(src, dst)`` that :meth:`play` answered ``auto`` for, the
        last move played and not taken back. The key and the piles' hashes come back from
        :attr:`saved`: every hash :meth:`play` overwrote is put back, so the hashes of a
        pile's cards below its top, and of those taken off it, stay right."""
        waste = self.waste
        if src == STOCK:
            stock = self.stock
            c = waste.pop()
            stock.append(c)
            n = len(stock)
            self.key = (self.key - (_Z_WASTE[len(waste)][c] + _Z_STOCK[n - 1] - _Z_STOCK[n])) & MASK
            return
        self.key, above, filled = self.saved.pop()
        tops = self.tops
        if auto & 2:
            self.stock.append(waste.pop())
        if dst < 32:
            pile = self.piles[dst]
            c = pile.pop()
            n = len(pile)
            self.hs[dst][n + 1] = above
            tops[dst] = pile[-1] if n else 0
        else:
            f = dst - FOUNDATION
            height = self.found[f] - 1
            self.found[f] = height
            c = ((f >> 1) << 4) | (height + 1)
            zf = _Z_FOUNDATION[f >> 1]
            self.fkey -= zf[height + 1] - zf[height]
            self._want(f >> 1)
        if src == WASTE:
            waste.append(c)
        else:
            pile = self.piles[src]
            if auto & 1:
                waste.append(pile.pop())
                self.hs[src][1] = filled
            pile.append(c)
            tops[src] = c

    def to_game(self, game: Game) -> Game:
        """``game`` (a position of Lady Cadogan, left unchanged) set to this position, as a
        new engine game: for the tests that only the engine's positions answer (a
        hand-made position's dead test)."""
        out = game.clone()
        piles = out.piles
        for i in range(32):
            piles[FIRST + i] = self.piles[i][:]
        for f in range(8):
            piles[f] = [((f >> 1) << 4) | r for r in range(1, self.found[f] + 1)]
        piles[out.waste] = self.waste[:]
        piles[out.stock] = self.stock[:]
        out.history.clear()
        out.future.clear()
        return out

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

    # ----- the depth-first search's order ---------------------------------------

    def values(self, moves: list[tuple[int, int]], weights: Evaluation) -> list[float]:
        """How much each of ``moves`` changes :func:`game.search.evaluate.evaluate` (higher
        is better), from the position before it: each card by how soon it is needed, times
        the cards on it and its row's distance from Row 1; Row 1's runs; the waste's buried
        cards; the stock; and the automatic fills a move makes. A card going home adds its
        100 points and its pile's change, the other cards' urgencies left as they were."""
        w = card_weights(self.found)
        weight = w.__getitem__
        piles = self.piles
        waste = self.waste
        stock = self.stock
        rd = weights.row_distance
        sc = weights.stock_card
        wb = weights.waste_blocked
        run = weights.row1_run
        waste_total = -1.0
        out: list[float] = []
        for s, t in moves:
            if s >= WASTE or (s >= 24 and waste and len(piles[s]) == 1):
                if waste_total < 0.0:
                    waste_total = sum(map(weight, waste))
                if s == STOCK:
                    out.append(sc * w[stock[-1]] - wb * waste_total)
                    continue
            if s == WASTE:
                c = waste[-1]
                value = wb * (waste_total - w[c])
                if len(waste) == 1 and stock:
                    value += sc * w[stock[-1]]
            else:
                pile = piles[s]
                c = pile[-1]
                row = s >> 3
                value = sum(map(weight, pile)) - w[c] + rd * row * w[c]
                if row == 0:
                    value += run * (run_length(pile[:-1]) - run_length(pile))
                elif row == 3 and len(pile) == 1 and waste:
                    y = waste[-1]
                    value -= 3 * rd * w[y] - wb * (waste_total - w[y])
                    if len(waste) == 1 and stock:
                        value += sc * w[stock[-1]]
            if t >= FOUNDATION:
                value += FOUNDATION_CARD
            else:
                value -= sum(map(weight, piles[t])) + rd * (t >> 3) * w[c]
                if t < 8:
                    value += run
            out.append(value)
        return out

    def distances(self) -> list[int]:
        """For each card code, how many cards its suit's nearer foundation needs before
        it (:func:`.lean.card_distances`)."""
        return card_distances(self.found)

    def ranks(self, moves: list[tuple[int, int]]) -> list[int]:
        """Each move's rank in :func:`game.search.knowledge.ordered_moves`'s order (lower goes
        first): home first, then a move that uncovers a card the foundations take, a pile's
        only card, a move onto Row 1; a move into an empty pile later; the stock last."""
        piles = self.piles
        found = self.found
        wants = {((f >> 1) << 4) | (found[f] + 1) for f in range(8) if found[f] < JACK}
        out = []
        for s, t in moves:
            if s == STOCK:
                out.append(100)
                continue
            if t >= FOUNDATION:
                out.append(-1000)
                continue
            pile = self.waste if s == WASTE else piles[s]
            score = 0
            if len(pile) >= 2:
                if pile[-2] in wants:
                    score += 400
            else:
                score += 60
            if t < 8:
                score += 40
            if not piles[t]:
                score -= 20
            out.append(-score)
        return out

    def fill_cards(self, moves: list[tuple[int, int]],
                   limits: dict[int, int]) -> tuple[list[int], int] | None:
        """For a narrowed search: the indexes of the moves that fill an empty place of a row
        of ``limits`` from the row below (filling is a choice here), and how many different
        cards of them to keep (the smallest limit of their rows), or None when there are none."""
        piles = self.piles
        found = [i for i, (s, t) in enumerate(moves)
                 if s < 32 and t < 32 and not piles[t] and (t >> 3) in limits]
        if not found:
            return None
        return found, min(limits[moves[i][1] >> 3] for i in found)


def run_length(pile: list[int]) -> int:
    """How many cards at the top of a pile form a run built down in alternating colours
    (0 for an empty pile)."""
    n = 1 if pile else 0
    for i in range(len(pile) - 1, 0, -1):
        upper, lower = pile[i], pile[i - 1]
        if upper & 15 == (lower & 15) - 1 and (upper >> 5) != (lower >> 5):
            n += 1
        else:
            break
    return n


def _remember(cache: dict[bytes, tuple[tuple[int, int], ...]], key: bytes,
              moves: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Put ``moves`` in one of the caches of :meth:`Core.moves` (emptied when full)."""
    if len(cache) >= _ONTO_LIMIT:
        cache.clear()
    cache[key] = moves
    return moves
