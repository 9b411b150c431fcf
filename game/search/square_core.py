"""A lean copy of an English British Square position for the solver's searches.

:class:`ColumnsCore` holds the position as plain lists: the four columns with how many
of each column's bottom cards were dealt or filled (not built: this fixes the column's
direction), the four foundations' heights (0-26), the waste and the stock, with
make/unmake moves and an incremental key (:mod:`.lean`). Its moves are ``(src, dst)``
pairs of small ints (:data:`WASTE`, :data:`STOCK`, ``FOUNDATION + f``), turned into
engine moves by :meth:`ColumnsCore.engine_move`. The rules are the engine's
(:mod:`game.engine.square`): a column takes its suit one rank up or down, in its
direction while a built card is on top; an empty column is filled only from the waste
or straight from the stock.
"""

from __future__ import annotations

from ..engine.cards import KING
from ..engine.profile import Evaluation
from ..engine.squares import neighbours
from ..engine.state import Game, Move
from .evaluate import FOUNDATION_CARD
from .lean import (
    MASK,
    MIX,
    SEQUENCES,
    blocked,
    mix,
    pack,
    square_distances,
    square_weights,
    unpack,
    zobrist_rows,
)
from .union_core import NEED

COLUMNS = 4
WASTE = 4
STOCK = 5
FOUNDATION = 20
#: the engine's index of column 0 (``c1``)
FIRST = 4
NEIGHBOURS = [neighbours(c) if 1 <= c & 15 <= KING else () for c in range(64)]

_Z = zobrist_rows(0x5EED_0C01)
_Z_PILE = _Z.pile[0]
_Z_WASTE = _Z.waste
_Z_STOCK = _Z.stock
_Z_HEIGHT = _Z.pile[1][:4]
#: a column's dealt count (0 for an empty column, whose term must be 0)
_Z_DEALT = [0, *_Z.pile[2][0][1:]]


class ColumnsCore:
    """An English Square position with make/unmake moves and an incremental key."""

    __slots__ = ("dealt", "found", "key", "mz", "piles", "pz", "stock", "waste")
    #: moves to a foundation are ``(src, foundation + f)``
    foundation = FOUNDATION
    #: cards in play (all home when won)
    cards = 104

    def __init__(self, piles: list[list[int]], dealt: list[int], found: list[int], waste: list[int],
                 stock: list[int]) -> None:
        self.piles = piles
        self.dealt = dealt
        self.found = found
        self.waste = waste
        self.stock = stock
        #: each column's ``(depth, card)`` terms and its dealt count's term added up
        self.pz = [0] * COLUMNS
        #: and ``mix`` of each, the column's term in the key
        self.mz = [0] * COLUMNS
        self.key = self._full_key()

    @classmethod
    def from_game(cls, game: Game) -> ColumnsCore:
        """The core of an engine position of English Square."""
        p = game.piles
        return cls([list(p[FIRST + i]) for i in range(COLUMNS)],
                   [game.place_state(FIRST + i) for i in range(COLUMNS)], [len(p[f]) for f in range(4)],
                   list(p[game.waste]), list(p[game.stock]))

    def copy(self) -> ColumnsCore:
        """An independent copy."""
        other = ColumnsCore.__new__(ColumnsCore)
        other.piles = [p[:] for p in self.piles]
        other.dealt = self.dealt[:]
        other.found = self.found[:]
        other.waste = self.waste[:]
        other.stock = self.stock[:]
        other.pz = self.pz[:]
        other.mz = self.mz[:]
        other.key = self.key
        return other

    def _full_key(self) -> int:
        k = 0
        for i, pile in enumerate(self.piles):
            h = _Z_DEALT[self.dealt[i]]
            for d, c in enumerate(pile):
                h += _Z_PILE[d][c]
            self.pz[i] = h & MASK
            self.mz[i] = mix(self.pz[i])
            k += self.mz[i]
        for d, c in enumerate(self.waste):
            k += _Z_WASTE[d][c]
        k += _Z_STOCK[len(self.stock)]
        for f, h in enumerate(self.found):
            k += _Z_HEIGHT[f][h]
        return k & MASK

    def snapshot(self) -> bytes:
        """The position, packed (:meth:`from_snapshot` unpacks it)."""
        return pack([*self.piles, self.waste], bytes([*self.found, *self.dealt, len(self.stock)]))

    @classmethod
    def from_snapshot(cls, snap: bytes, stock: list[int]) -> ColumnsCore:
        """The position :meth:`snapshot` packed (``stock`` is the whole stock of the
        search's start)."""
        piles, extra = unpack(snap)
        return cls(piles[:COLUMNS], list(extra[4:8]), list(extra[:4]), piles[COLUMNS], stock[:extra[8]])

    def evaluation(self, weights: Evaluation) -> float:
        """:func:`~.evaluate.evaluate` of the position, without mobility."""
        w = square_weights(self.found)
        cost = 0.0
        spaces = 0
        for i, pile in enumerate(self.piles):
            if len(pile) < 2:
                spaces += not pile
                continue
            cost += blocked(pile, w)
            cost += _direction_cost(pile, self.dealt[i], self.found, weights.wrong_direction)
        cost += weights.waste_blocked * blocked(self.waste, w)
        return FOUNDATION_CARD * sum(self.found) + weights.space * spaces - cost

    def home(self) -> int:
        """Cards on the foundations (104 when won)."""
        return sum(self.found)

    def won(self) -> bool:
        """All 104 cards are home."""
        return sum(self.found) == 104

    # ----- moves --------------------------------------------------------------------

    def wanted(self, t: int) -> tuple[int, ...]:
        """The cards column ``t`` (not empty) takes now."""
        pile = self.piles[t]
        top = pile[-1]
        if len(pile) > self.dealt[t]:
            nxt = 2 * top - pile[-2]
            return (nxt,) if 1 <= nxt & 15 <= KING else ()
        return NEIGHBOURS[top]

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move, in the engine's order, but that a card goes into the first
        empty column only (the others give the same key)."""
        piles = self.piles
        found = self.found
        dealt = self.dealt
        # per card, the columns that take it, in order (written out flat: the searches
        # spend much of their time here)
        takes: dict[int, tuple[int, ...]] = {}
        empty = -1
        for t, pile in enumerate(piles):
            if pile:
                top = pile[-1]
                if len(pile) > dealt[t]:
                    nxt = 2 * top - pile[-2]
                    if 1 <= nxt & 15 <= KING:
                        takes[nxt] = (*takes.get(nxt, ()), t)
                else:
                    for nxt in NEIGHBOURS[top]:
                        takes[nxt] = (*takes.get(nxt, ()), t)
            elif empty < 0:
                empty = t
        out: list[tuple[int, int]] = []
        for s, pile in enumerate(piles):
            if pile:
                c = pile[-1]
                f = c >> 4
                if c == NEED[f][found[f]]:
                    out.append((s, FOUNDATION + f))
                for t in takes.get(c, ()):
                    if t != s:
                        out.append((s, t))
        waste = self.waste
        if waste:
            c = waste[-1]
            f = c >> 4
            if c == NEED[f][found[f]]:
                out.append((WASTE, FOUNDATION + f))
            for t in takes.get(c, ()):
                out.append((WASTE, t))
            if empty >= 0:
                out.append((WASTE, empty))
        if self.stock:
            out.append((STOCK, WASTE))
            if empty >= 0:
                out.append((STOCK, empty))
        return out

    def forced(self, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The engine's safe drop among ``moves`` (a card to a foundation in its downward
        half), or None."""
        found = self.found
        for m in moves:
            dst = m[1]
            if dst >= FOUNDATION and found[dst - FOUNDATION] >= KING:
                return m
        return None

    def child_key(self, src: int, dst: int) -> int:
        """The key of the position a legal move leads to, without playing it (as
        :meth:`play` would leave it: the tests compare the two)."""
        key = self.key
        if src == STOCK:
            stock = self.stock
            c = stock[-1]
            key += _Z_STOCK[len(stock) - 1] - _Z_STOCK[len(stock)]
        elif src == WASTE:
            waste = self.waste
            c = waste[-1]
            key -= _Z_WASTE[len(waste) - 1][c]
        else:
            pile = self.piles[src]
            c = pile[-1]
            left = len(pile) - 1
            new = self.pz[src] - _Z_PILE[left][c]
            dealt = self.dealt[src]
            if left < dealt:
                new += _Z_DEALT[left] - _Z_DEALT[dealt]
            new &= MASK
            x = ((new ^ (new >> 32)) * MIX) & MASK
            key += (x ^ (x >> 32)) - self.mz[src]
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            h = self.found[f]
            zf = _Z_HEIGHT[f]
            key += zf[h + 1] - zf[h]
        elif dst == WASTE:
            key += _Z_WASTE[len(self.waste)][c]
        else:
            pile = self.piles[dst]
            new = self.pz[dst] + _Z_PILE[len(pile)][c]
            if not pile:
                new += _Z_DEALT[1]
            new &= MASK
            x = ((new ^ (new >> 32)) * MIX) & MASK
            key += (x ^ (x >> 32)) - self.mz[dst]
        return key & MASK

    def play(self, src: int, dst: int) -> int:
        """Play a legal move; the token for :meth:`undo`: 1 when it filled an empty
        column, plus 2 when it took a dealt card off its column."""
        pz = self.pz
        mz = self.mz
        key = self.key
        token = 0
        if src == STOCK:
            c = self.stock.pop()
            size = len(self.stock)
            key += _Z_STOCK[size] - _Z_STOCK[size + 1]
        elif src == WASTE:
            waste = self.waste
            c = waste.pop()
            key -= _Z_WASTE[len(waste)][c]
        else:
            pile = self.piles[src]
            c = pile.pop()
            new = pz[src] - _Z_PILE[len(pile)][c]
            dealt = self.dealt
            if len(pile) < dealt[src]:
                new += _Z_DEALT[len(pile)] - _Z_DEALT[dealt[src]]
                dealt[src] = len(pile)
                token = 2
            new &= MASK
            pz[src] = new
            x = ((new ^ (new >> 32)) * MIX) & MASK
            x ^= x >> 32
            key += x - mz[src]
            mz[src] = x
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            h = self.found[f]
            zf = _Z_HEIGHT[f]
            key += zf[h + 1] - zf[h]
            self.found[f] = h + 1
        elif dst == WASTE:
            waste = self.waste
            key += _Z_WASTE[len(waste)][c]
            waste.append(c)
        else:
            pile = self.piles[dst]
            new = pz[dst] + _Z_PILE[len(pile)][c]
            if not pile:
                self.dealt[dst] = 1
                new += _Z_DEALT[1]
                token |= 1
            new &= MASK
            pz[dst] = new
            x = ((new ^ (new >> 32)) * MIX) & MASK
            x ^= x >> 32
            key += x - mz[dst]
            mz[dst] = x
            pile.append(c)
        self.key = key & MASK
        return token

    def undo(self, src: int, dst: int, token: int) -> None:
        """Take back the move ``(src, dst)`` that :meth:`play` answered ``token`` for."""
        pz = self.pz
        mz = self.mz
        key = self.key
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            h = self.found[f] - 1
            self.found[f] = h
            c = NEED[f][h]
            zf = _Z_HEIGHT[f]
            key -= zf[h + 1] - zf[h]
        elif dst == WASTE:
            waste = self.waste
            c = waste.pop()
            key -= _Z_WASTE[len(waste)][c]
        else:
            pile = self.piles[dst]
            c = pile.pop()
            new = pz[dst] - _Z_PILE[len(pile)][c]
            if token & 1:
                self.dealt[dst] = 0
                new -= _Z_DEALT[1]
            new &= MASK
            pz[dst] = new
            x = ((new ^ (new >> 32)) * MIX) & MASK
            x ^= x >> 32
            key += x - mz[dst]
            mz[dst] = x
        if src == STOCK:
            self.stock.append(c)
            size = len(self.stock)
            key += _Z_STOCK[size] - _Z_STOCK[size - 1]
        elif src == WASTE:
            waste = self.waste
            key += _Z_WASTE[len(waste)][c]
            waste.append(c)
        else:
            pile = self.piles[src]
            new = pz[src] + _Z_PILE[len(pile)][c]
            if token & 2:
                dealt = self.dealt
                new += _Z_DEALT[len(pile) + 1] - _Z_DEALT[dealt[src]]
                dealt[src] = len(pile) + 1
            new &= MASK
            pz[src] = new
            x = ((new ^ (new >> 32)) * MIX) & MASK
            x ^= x >> 32
            key += x - mz[src]
            mz[src] = x
            pile.append(c)
        self.key = key & MASK

    def distances(self) -> list[int]:
        """For each card code, how many cards its foundation needs before it
        (:func:`.lean.square_distances`)."""
        return square_distances(self.found)

    def fill_cards(self, moves: list[tuple[int, int]],
                   limits: dict[int, int]) -> tuple[list[int], int] | None:
        """None: a space here is filled by choice from anywhere a card is available, and
        no narrowing leaves such fills out (a narrowed search is the depth-first one)."""
        return None

    def to_game(self, game: Game) -> Game:
        """``game`` (a position of this rule set, left unchanged) set to this position, as
        a new engine game."""
        out = game.clone()
        piles = out.piles
        for i, pile in enumerate(self.piles):
            piles[FIRST + i] = pile[:]
        for f in range(4):
            piles[f] = SEQUENCES[f][:self.found[f]]
        piles[out.waste] = self.waste[:]
        piles[out.stock] = self.stock[:]
        out._restore(tuple(self.dealt))
        out.history.clear()
        out.future.clear()
        return out

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
        is better), from the position before it (as :func:`.union_core.values`, with the
        columns' directions fixed by their dealt counts)."""
        w = square_weights(self.found)
        piles = self.piles
        dealt = self.dealt
        found = self.found
        waste = self.waste
        wb = weights.waste_blocked
        wd = weights.wrong_direction
        space = weights.space
        weight = w.__getitem__
        sums: dict[int, float] = {}
        out: list[float] = []
        for s, t in moves:
            if s == STOCK:
                if t == WASTE:
                    if WASTE not in sums:
                        sums[WASTE] = sum(map(weight, waste))
                    out.append(-wb * sums[WASTE])
                else:
                    out.append(-space)
                continue
            if s == WASTE:
                c = waste[-1]
                if WASTE not in sums:
                    sums[WASTE] = sum(map(weight, waste))
                value = wb * (sums[WASTE] - w[c])
            else:
                pile = piles[s]
                c = pile[-1]
                n = len(pile)
                if n == 1:
                    value = space
                else:
                    if s not in sums:
                        sums[s] = sum(map(weight, pile))
                    value = sums[s] - w[c]
                    value += _direction_cost(pile, dealt[s], found, wd)
                    value -= _direction_cost(pile[:-1], min(dealt[s], n - 1), found, wd)
            if t >= FOUNDATION:
                value += FOUNDATION_CARD
            else:
                target = piles[t]
                if not target:
                    value -= space
                else:
                    if t not in sums:
                        sums[t] = sum(map(weight, target))
                    value -= sums[t]
                    value += _direction_cost(target, dealt[t], found, wd)
                    value -= _direction_cost([*target, c], dealt[t], found, wd)
            out.append(value)
        return out

    def ranks(self, moves: list[tuple[int, int]]) -> list[int]:
        """Each move's rank in :func:`game.search.knowledge.ordered_moves`'s order (lower goes
        first), as :func:`.union_core.ranks` gives it."""
        piles = self.piles
        found = self.found
        wants = {NEED[f][found[f]] for f in range(4)}
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
            if not piles[t]:
                score -= 30
            elif s == WASTE:
                score += 20
            out.append(-score)
        return out


def _direction_cost(pile: list[int], dealt: int, found: list[int], wrong: float) -> float:
    """:func:`game.search.evaluate.evaluate`'s cost of a column built away from its
    suit's foundation: ``wrong`` per card but one, while built cards are on top."""
    n = len(pile)
    if n < 2 or n <= dealt:
        return 0.0
    top = pile[-1]
    return wrong * (n - 1) if (top > pile[-2]) == (found[top >> 4] < KING) else 0.0
