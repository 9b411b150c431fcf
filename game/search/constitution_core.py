"""A lean copy of a British Constitution position (owed fills) for the solver's searches.

The engine's game keeps every rule set's bookkeeping (history, transfers, notation); a
search that plays and takes back millions of moves wants less. :class:`OwedCore` holds
the same position as plain lists: the 32 places of the four rows (index ``row * 8 +
column``; Rows 2-4 hold at most one card), the eight foundations' top ranks, the stock
and the owed space, with make/unmake moves and an incremental key (:mod:`.lean` says
what a key must tell apart). Its moves are ``(src, dst)`` pairs of small ints
(``FOUNDATION + f`` for a foundation), turned into engine moves by :meth:`engine_move`.

The rules are the engine's (:mod:`game.engine.constitution`), move for move: a space in
Row 1, 2 or 3 is owed a fill from the row below while that row has a card, and only its
fills are legal then; a space in Row 4 takes the next stock card by itself. The tests
walk deals at random beside the engine and compare moves, keys and undo.
"""

from __future__ import annotations

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
    chain_of,
    other_colour_foundations,
    pack,
    unpack,
    zobrist_rows,
)

FOUNDATION = 40
NO_SPACE = -1
#: what builds on a card: the two cards one rank lower of the other colour
BELOW = ALTERNATE_BELOW

_Z = zobrist_rows(0xC0_57_17_07)
#: what a card builds on: the two cards one rank higher of the other colour (none above
#: a Jack: the Queens are out of play)
ABOVE = [tuple(a for a in range(64) if c in BELOW[a]) for c in range(64)]
#: each card code as a bit, and the cards a card goes onto as bits (for :meth:`OwedCore.moves`)
BIT = [1 << c for c in range(64)]
ONTO = [sum(BIT[a] for a in ABOVE[c]) for c in range(64)]
#: the foundation moves by the foundations' tops (cached, see :func:`_wants`)
_WANTS: dict[tuple[int, ...], dict[int, int]] = {}


def _wants(found: list[int]) -> dict[int, int]:
    """For each card a foundation takes now, the move's target (the first of a suit's
    two foundations that takes it: the other gives the same key)."""
    want: dict[int, int] = {}
    for f in range(8):
        h = found[f]
        if h < JACK:
            c = ((f >> 1) << 4) | (h + 1)
            if c not in want:
                want[c] = FOUNDATION + f
    if len(_WANTS) > 100_000:
        _WANTS.clear()
    _WANTS[tuple(found)] = want
    return want



class OwedCore:
    """A ``constitution`` position with make/unmake moves and an incremental key."""

    __slots__ = ("counts", "found", "hs", "key", "owed", "piles", "stock")
    #: moves to a foundation are ``(src, foundation + f)``
    foundation = FOUNDATION
    #: cards in play (all home when won)
    cards = 88

    def __init__(self, piles: list[list[int]], found: list[int], stock: list[int], owed: int) -> None:
        self.piles = piles
        self.found = found
        self.stock = stock
        self.owed = owed
        #: cards in each row (Row 1's piles count as many as they hold)
        self.counts = [sum(len(piles[i]) for i in range(r * 8, r * 8 + 8)) for r in range(4)]
        #: per pile (Row 1's in ``constitution``), the hashes of its first 0, 1, 2 … cards
        #: (:func:`.lean.chain`); the pile's term in the key is that of all its cards
        self.hs: list[list[int]] = [[0] for _ in range(8)]
        self.key = self._full_key()

    @classmethod
    def from_game(cls, game: Game) -> OwedCore:
        """The core of an engine position of ``constitution``."""
        p = game.piles
        owed = game.owed_space()
        return cls([list(p[FIRST + i]) for i in range(32)], [p[f][-1] & 15 for f in range(8)],
                   list(p[game.stock]), NO_SPACE if owed is None else owed - FIRST)

    def copy(self) -> OwedCore:
        """An independent copy."""
        other = OwedCore.__new__(OwedCore)
        other.piles = [p[:] for p in self.piles]
        other.found = self.found[:]
        other.stock = self.stock[:]
        other.owed = self.owed
        other.counts = self.counts[:]
        other.hs = [h[:] for h in self.hs]
        other.key = self.key
        return other

    def _full_key(self) -> int:
        z = _Z
        k = 0
        for i in range(8):
            hs = self.hs[i] = chain(self.piles[i], z.pile[0])
            k += hs[-1]
        for i in range(8, 32):
            for c in self.piles[i]:
                k += z.cell[i >> 3][c]
        for f, h in enumerate(self.found):
            k += z.foundation[f >> 1][h]
        k += z.stock[len(self.stock)]
        k += z.owed[self.owed >> 3 if self.owed >= 0 else 3]
        return k & MASK

    def snapshot(self) -> bytes:
        """The position, packed (:meth:`from_snapshot` unpacks it)."""
        return pack(self.piles, bytes([*self.found, len(self.stock), self.owed + 1, *self.counts])
                    + self.key.to_bytes(8, "little"))

    @classmethod
    def from_snapshot(cls, snap: bytes, stock: list[int]) -> OwedCore:
        """The position :meth:`snapshot` packed (``stock`` is the whole stock of the
        search's start: a position's stock is always its first cards)."""
        piles, extra = unpack(snap)
        core = cls.__new__(cls)
        core.piles = piles
        core.found = list(extra[:8])
        core.stock = stock[:extra[8]]
        core.owed = extra[9] - 1
        core.counts = list(extra[10:14])
        terms = _Z.pile[0]
        core.hs = [chain_of(piles[i], terms) for i in range(8)]
        core.key = int.from_bytes(extra[14:], "little")
        return core

    def evaluation(self, weights: Evaluation) -> float:
        """:func:`~.evaluate.evaluate` of the position, without mobility."""
        w = card_weights(self.found)
        piles = self.piles
        cost = 0.0
        for i in range(8):
            pile = piles[i]
            depth = len(pile) - 1
            for c in pile:
                cost += w[c] * depth
                depth -= 1
        for i in range(8, 32):
            pile = piles[i]
            if pile:
                cost += w[pile[0]] * weights.row_distance * (i >> 3)
        if not self.counts[1]:
            cost += weights.empty_row1 * sum(1 for i in range(8) if not piles[i])
        cost += weights.stock_card * sum(w[c] for c in self.stock)
        return FOUNDATION_CARD * sum(self.found) - cost

    def home(self) -> int:
        """Cards on the foundations (88 when won)."""
        return sum(self.found)

    def won(self) -> bool:
        """All 88 cards are home."""
        return sum(self.found) == 88

    # ----- moves --------------------------------------------------------------------

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move, in the engine's order (a card that both foundations of its
        suit take goes to the first only: the other gives the same key)."""
        piles = self.piles
        owed = self.owed
        if owed >= 0:
            below = (owed | 7) + 1
            return [(s, owed) for s in range(below, below + 8) if piles[s]]
        want = _WANTS.get(tuple(self.found))
        if want is None:
            want = _wants(self.found)
        on: dict[int, list[int]] = {}  # Row 1's tops: card -> piles
        tops = 0  # and as bits, so that a card with nowhere to go costs one test
        for t in range(8):
            pile = piles[t]
            if pile:
                c = pile[-1]
                tops |= BIT[c]
                if c in on:
                    on[c].append(t)
                else:
                    on[c] = [t]
        out: list[tuple[int, int]] = []
        get = on.get
        for s in range(16):
            pile = piles[s]
            if pile:
                c = pile[-1]
                if s < 8:
                    home = want.get(c)
                    if home is not None:
                        out.append((s, home))
                if ONTO[c] & tops:
                    for a in ABOVE[c]:
                        targets = get(a)
                        if targets:
                            for t in targets:
                                out.append((s, t))
        return out

    def forced(self, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The engine's safe drop among ``moves`` (``RowsGame.safe_drop``: nothing while a
        fill is owed, nor a drop that empties a Row 1 pile), or None."""
        if self.owed >= 0:
            return None
        piles = self.piles
        found = self.found
        for m in moves:
            dst = m[1]
            if dst < FOUNDATION:
                continue
            pile = piles[m[0]]
            if len(pile) == 1:
                continue
            c = pile[-1]
            rank = c & 15
            if rank <= 2:
                return m
            f = dst - FOUNDATION
            if found[f ^ 1] < rank - 1:
                continue
            need = rank - 1
            for g in other_colour_foundations(c):
                if found[g] < need:
                    break
            else:
                return m
        return None

    def child_key(self, src: int, dst: int) -> int:
        """The key of the position a legal move leads to, without playing it (as
        :meth:`play` would leave it: the tests compare the two)."""
        piles = self.piles
        z = _Z
        key = self.key
        pile = piles[src]
        n = len(pile)
        c = pile[-1]
        srow = src >> 3
        if srow == 0:
            h = self.hs[src]
            key += h[n - 1] - h[n]
        else:
            key -= z.cell[srow][c]
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            height = self.found[f]
            zf = z.foundation[f >> 1]
            key += zf[height + 1] - zf[height]
        elif dst < 8:
            depth = len(piles[dst])
            old = self.hs[dst][depth]
            x = old + z.pile[0][depth][c]
            x = ((x ^ (x >> 32)) * MIX) & MASK
            key += (x ^ (x >> 32)) - old
        else:
            key += z.cell[dst >> 3][c]
        before = self.owed
        owed = NO_SPACE
        if before >= 0 or srow == 1 or n == 1:
            if srow == 3:
                stock = self.stock
                if stock:
                    key += z.cell[3][stock[-1]] + z.stock[len(stock) - 1] - z.stock[len(stock)]
            elif self.counts[srow + 1]:
                owed = src
        if owed != before:
            key += z.owed[owed >> 3 if owed >= 0 else 3] - z.owed[before >> 3 if before >= 0 else 3]
        return key & MASK

    def play(self, src: int, dst: int) -> int:
        """Play a legal move; returns what :meth:`undo` needs: the owed space before it
        (plus one), times two, plus one when a stock card filled Row 4."""
        piles = self.piles
        z = _Z
        key = self.key
        before = self.owed
        pile = piles[src]
        c = pile.pop()
        srow = src >> 3
        if srow == 0:
            h = self.hs[src]
            n = len(pile)
            key += h[n] - h[n + 1]
        else:
            key -= z.cell[srow][c]
        self.counts[srow] -= 1
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            height = self.found[f]
            zf = z.foundation[f >> 1]
            key += zf[height + 1] - zf[height]
            self.found[f] = height + 1
        else:
            target = piles[dst]
            drow = dst >> 3
            if drow == 0:
                h = self.hs[dst]
                n = len(target)
                old = h[n]
                x = old + z.pile[0][n][c]
                x = ((x ^ (x >> 32)) * MIX) & MASK
                x ^= x >> 32
                if n + 1 < len(h):
                    h[n + 1] = x
                else:
                    h.append(x)
                key += x - old
            else:
                key += z.cell[drow][c]
            target.append(c)
            self.counts[drow] += 1
        auto = 0
        owed = NO_SPACE
        if before >= 0 or srow == 1 or not pile:
            # a space opened at ``src``: owed a fill from below, or Row 4 from the stock
            if srow == 3:
                stock = self.stock
                if stock:
                    s = stock.pop()
                    pile.append(s)
                    self.counts[3] += 1
                    key += z.cell[3][s] + z.stock[len(stock)] - z.stock[len(stock) + 1]
                    auto = 1
            elif self.counts[srow + 1]:
                owed = src
        if owed != before:
            key += z.owed[owed >> 3 if owed >= 0 else 3] - z.owed[before >> 3 if before >= 0 else 3]
            self.owed = owed
        self.key = key & MASK
        return ((before + 1) << 1) | auto

    def undo(self, src: int, dst: int, token: int) -> None:
        """Take back the move ``(src, dst)`` that :meth:`play` answered ``token`` for."""
        piles = self.piles
        z = _Z
        key = self.key
        before = (token >> 1) - 1
        owed = self.owed
        if owed != before:
            key += z.owed[before >> 3 if before >= 0 else 3] - z.owed[owed >> 3 if owed >= 0 else 3]
            self.owed = before
        pile = piles[src]
        srow = src >> 3
        if token & 1:
            s = pile.pop()
            stock = self.stock
            stock.append(s)
            self.counts[3] -= 1
            key -= z.cell[3][s] + z.stock[len(stock) - 1] - z.stock[len(stock)]
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            height = self.found[f] - 1
            self.found[f] = height
            c = ((f >> 1) << 4) | (height + 1)
            zf = z.foundation[f >> 1]
            key -= zf[height + 1] - zf[height]
        else:
            target = piles[dst]
            c = target.pop()
            drow = dst >> 3
            if drow == 0:
                h = self.hs[dst]
                n = len(target)
                key += h[n] - h[n + 1]
            else:
                key -= z.cell[drow][c]
            self.counts[drow] -= 1
        if srow == 0:
            h = self.hs[src]
            n = len(pile)
            old = h[n]
            x = old + z.pile[0][n][c]
            x = ((x ^ (x >> 32)) * MIX) & MASK
            x ^= x >> 32
            if n + 1 < len(h):
                h[n + 1] = x
            else:
                h.append(x)
            key += x - old
        else:
            key += z.cell[srow][c]
        pile.append(c)
        self.counts[srow] += 1
        self.key = key & MASK

    # ----- for the searches ---------------------------------------------------------

    def to_game(self, game: Game) -> Game:
        """``game`` (a position of the same rule set, left unchanged) set to this
        position, as a new engine game: for the tests that only the engine's positions
        answer (a hand-made position's dead test)."""
        out = game.clone()
        piles = out.piles
        for i in range(32):
            piles[FIRST + i] = self.piles[i][:]
        for f in range(8):
            piles[f] = [((f >> 1) << 4) | r for r in range(1, self.found[f] + 1)]
        piles[out.stock] = self.stock[:]
        out._restore(self.owed + FIRST if self.owed >= 0 else NO_SPACE)
        out.history.clear()
        out.future.clear()
        return out

    @staticmethod
    def engine_move(game: Game, move: tuple[int, int]) -> Move:
        """The engine's move for one of ours, in ``game``'s numbering."""
        src, dst = move
        d = dst - FOUNDATION if dst >= FOUNDATION else FIRST + dst
        return game.move_table[FIRST + src][d]

    # ----- the depth-first search's order ---------------------------------------

    def values(self, moves: list[tuple[int, int]], weights: Evaluation) -> list[float]:
        """How much each of ``moves`` changes :func:`game.search.evaluate.evaluate` (higher
        is better), from the position before it: the cards' costs by how soon they are
        needed and how far they lie from the foundations, the Row 1 piles empty for good,
        the stock. A card going home adds its 100 points and takes its pile's costs along,
        with the other cards' urgencies left as they were (enough to order moves by)."""
        w = card_weights(self.found)
        piles = self.piles
        counts = self.counts
        rd = weights.row_distance
        owed = self.owed
        out: list[float] = []
        if owed >= 0:
            row = owed >> 3
            empty = weights.empty_row1 * sum(1 for i in range(8) if not piles[i])
            for s, _ in moves:
                value = rd * w[piles[s][-1]]
                if row == 0 and counts[1] == 1:
                    value -= empty - weights.empty_row1  # Row 2's last card: Row 1's spaces stay
                elif row == 1 and not counts[1]:
                    value += empty
                elif row == 2 and self.stock:
                    value -= (3 * rd - weights.stock_card) * w[self.stock[-1]]
                out.append(value)
            return out
        sums: dict[int, float] = {}
        for s, t in moves:
            pile = piles[s]
            c = pile[-1]
            if s < 8:
                if s not in sums:
                    sums[s] = sum(w[x] for x in pile)
                value = sums[s] - w[c]
                if len(pile) == 1 and not counts[1]:
                    value -= weights.empty_row1
            else:
                value = rd * w[c]
                if counts[1] == 1:
                    value -= weights.empty_row1 * sum(1 for i in range(8) if not piles[i])
            if t >= FOUNDATION:
                value += FOUNDATION_CARD
            else:
                if t not in sums:
                    sums[t] = sum(w[x] for x in piles[t])
                value -= sums[t]
            out.append(value)
        return out

    def distances(self) -> list[int]:
        """For each card code, how many cards its suit's nearer foundation needs before
        it (:func:`.lean.card_distances`)."""
        return card_distances(self.found)

    def ranks(self, moves: list[tuple[int, int]]) -> list[int]:
        """Each move's rank in :func:`game.search.knowledge.ordered_moves`'s order (lower goes
        first), for the moves that :func:`values` values alike: home first, then a move that
        uncovers a card the foundations take, a Row 2 card, a Row 1 card; of owed fills, a
        card the foundations take, then the lowest."""
        piles = self.piles
        found = self.found
        wants = {((f >> 1) << 4) | (found[f] + 1) for f in range(8) if found[f] < JACK}
        owed = self.owed
        out = []
        for s, t in moves:
            if t >= FOUNDATION:
                out.append(-1000)
                continue
            pile = piles[s]
            score = 0
            if len(pile) >= 2:
                if pile[-2] in wants:
                    score += 400
            else:
                score += 60
            if s < 8:
                score += 10
            elif s < 16 and owed < 0:
                score += 30
            if owed >= 0:
                c = pile[-1]
                if c in wants:
                    score += 300
                score += 20 - (c & 15)
            out.append(-score)
        return out

    def fill_cards(self, moves: list[tuple[int, int]],
                   limits: dict[int, int]) -> tuple[list[int], int] | None:
        """For a narrowed search: the indexes of the moves that fill an owed space of a row of
        ``limits`` (every move then) and how many different cards of them to keep, or None."""
        owed = self.owed
        if owed < 0:
            return None
        limit = limits.get(owed >> 3)
        return None if limit is None else (list(range(len(moves))), limit)
