"""A lean copy of a Union Square position for the solver's searches.

:class:`GridCore` holds the position as plain lists: the sixteen piles, the four
foundations' heights (0-26: Ace up to King, then King down to Ace), the waste and the
stock, with make/unmake moves and an incremental key (:mod:`.lean`). Its moves are
``(src, dst)`` pairs of small ints (:data:`WASTE`, :data:`STOCK`, ``FOUNDATION + f``),
turned into engine moves by :meth:`GridCore.engine_move`. The rules are the engine's
(:mod:`game.engine.union_square`): a pile takes its suit one rank up or down, in the
direction its bottom two cards fix; an empty pile takes any available card.
"""

from __future__ import annotations

from ..engine.cards import KING
from ..engine.profile import Evaluation
from ..engine.squares import foundation_need, neighbours
from ..engine.state import Game, Move
from .evaluate import FOUNDATION_CARD
from .lean import (
    MASK,
    MIX,
    SEQUENCES,
    blocked,
    chain,
    pack,
    square_distances,
    square_weights,
    unpack,
    zobrist_rows,
)

PILES = 16
WASTE = 16
STOCK = 17
FOUNDATION = 20
#: the engine's index of pile 0 (``p1``)
FIRST = 4
#: the card each foundation takes next, by suit and height (0 when complete)
NEED = [[foundation_need(s, h) for h in range(2 * KING + 1)] for s in range(4)]
#: the cards that build on a pile of one card: its suit's neighbours
NEIGHBOURS = [neighbours(c) if 1 <= c & 15 <= KING else () for c in range(64)]

_Z = zobrist_rows(0x0_5EED_0035)
_Z_PILE = _Z.pile[0]
_Z_WASTE = _Z.waste
_Z_STOCK = _Z.stock
#: a foundation's height (each foundation is a suit of its own)
_Z_HEIGHT = _Z.pile[1][:4]


class GridCore:
    """A Union Square position with make/unmake moves and an incremental key."""

    __slots__ = ("found", "hs", "key", "piles", "stock", "waste")
    #: moves to a foundation are ``(src, foundation + f)``
    foundation = FOUNDATION
    #: cards in play (all home when won)
    cards = 104

    def __init__(self, piles: list[list[int]], found: list[int], waste: list[int], stock: list[int]) -> None:
        self.piles = piles
        self.found = found
        self.waste = waste
        self.stock = stock
        #: per pile, the hashes of its first 0, 1, 2 … cards (:func:`.lean.chain`); the
        #: pile's term in the key is that of all its cards
        self.hs: list[list[int]] = [[0] for _ in range(PILES)]
        self.key = self._full_key()

    @classmethod
    def from_game(cls, game: Game) -> GridCore:
        """The core of an engine position of Union Square."""
        p = game.piles
        return cls([list(p[FIRST + i]) for i in range(PILES)], [len(p[f]) for f in range(4)],
                   list(p[game.waste]), list(p[game.stock]))

    def copy(self) -> GridCore:
        """An independent copy."""
        other = GridCore.__new__(GridCore)
        other.piles = [p[:] for p in self.piles]
        other.found = self.found[:]
        other.waste = self.waste[:]
        other.stock = self.stock[:]
        other.hs = [h[:] for h in self.hs]
        other.key = self.key
        return other

    def _full_key(self) -> int:
        k = 0
        for i, pile in enumerate(self.piles):
            hs = self.hs[i] = chain(pile, _Z_PILE)
            k += hs[-1]
        for d, c in enumerate(self.waste):
            k += _Z_WASTE[d][c]
        k += _Z_STOCK[len(self.stock)]
        for f, h in enumerate(self.found):
            k += _Z_HEIGHT[f][h]
        return k & MASK

    def snapshot(self) -> bytes:
        """The position, packed (:meth:`from_snapshot` unpacks it)."""
        return pack([*self.piles, self.waste], bytes([*self.found, len(self.stock)]))

    @classmethod
    def from_snapshot(cls, snap: bytes, stock: list[int]) -> GridCore:
        """The position :meth:`snapshot` packed (``stock`` is the whole stock of the
        search's start)."""
        piles, extra = unpack(snap)
        return cls(piles[:PILES], list(extra[:4]), piles[PILES], stock[:extra[4]])

    def evaluation(self, weights: Evaluation) -> float:
        """:func:`~.evaluate.evaluate` of the position, without mobility."""
        w = square_weights(self.found)
        cost = 0.0
        spaces = 0
        for pile in self.piles:
            if len(pile) < 2:
                spaces += not pile
                continue
            cost += blocked(pile, w)
            if _away(pile, self.found):
                cost += weights.wrong_direction * (len(pile) - 1)
        cost += weights.waste_blocked * blocked(self.waste, w)
        return FOUNDATION_CARD * sum(self.found) + weights.space * spaces - cost

    def home(self) -> int:
        """Cards on the foundations (104 when won)."""
        return sum(self.found)

    def won(self) -> bool:
        """All 104 cards are home."""
        return sum(self.found) == 104

    # ----- moves --------------------------------------------------------------------

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move, in the engine's order, but for moves whose position another
        gives too: a card goes into the first empty pile only, and a pile's only card
        never into an empty pile."""
        piles = self.piles
        found = self.found
        want = {NEED[f][found[f]]: FOUNDATION + f for f in range(4)}
        builds: dict[int, list[int]] = {}
        empty = -1
        for t in range(PILES):
            pile = piles[t]
            if pile:
                top = pile[-1]
                if len(pile) >= 2:
                    nxt = top + pile[1] - pile[0]
                    wanted: tuple[int, ...] = (nxt,) if 1 <= nxt & 15 <= KING else ()
                else:
                    wanted = NEIGHBOURS[top]
                for w in wanted:
                    if w in builds:
                        builds[w].append(t)
                    else:
                        builds[w] = [t]
            elif empty < 0:
                empty = t
        out: list[tuple[int, int]] = []
        for s in range(PILES):
            pile = piles[s]
            if pile:
                c = pile[-1]
                f = want.get(c)
                if f is not None:
                    out.append((s, f))
                targets = builds.get(c)
                if targets:
                    for t in targets:
                        if t != s:
                            out.append((s, t))
                if empty >= 0 and len(pile) > 1:
                    out.append((s, empty))
        waste = self.waste
        if waste:
            c = waste[-1]
            f = want.get(c)
            if f is not None:
                out.append((WASTE, f))
            targets = builds.get(c)
            if targets:
                for t in targets:
                    out.append((WASTE, t))
            if empty >= 0:
                out.append((WASTE, empty))
        if self.stock:
            out.append((STOCK, WASTE))
        return out

    def forced(self, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The engine's safe drop among ``moves`` (``SquareGame.safe_drop``: a card to a
        foundation in its downward half), or None."""
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
            return (key + _Z_WASTE[len(self.waste)][stock[-1]] + _Z_STOCK[len(stock) - 1]
                    - _Z_STOCK[len(stock)]) & MASK
        if src == WASTE:
            waste = self.waste
            c = waste[-1]
            key -= _Z_WASTE[len(waste) - 1][c]
        else:
            pile = self.piles[src]
            c = pile[-1]
            h = self.hs[src]
            key += h[len(pile) - 1] - h[len(pile)]
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            height = self.found[f]
            zf = _Z_HEIGHT[f]
            key += zf[height + 1] - zf[height]
        else:
            n = len(self.piles[dst])
            old = self.hs[dst][n]
            x = old + _Z_PILE[n][c]
            x = ((x ^ (x >> 32)) * MIX) & MASK
            key += (x ^ (x >> 32)) - old
        return key & MASK

    def play(self, src: int, dst: int) -> int:
        """Play a legal move (the token for :meth:`undo` is always 0: no move fills
        anything by itself)."""
        hs = self.hs
        key = self.key
        if src == STOCK:
            stock = self.stock
            waste = self.waste
            c = stock.pop()
            key += _Z_WASTE[len(waste)][c] + _Z_STOCK[len(stock)] - _Z_STOCK[len(stock) + 1]
            waste.append(c)
            self.key = key & MASK
            return 0
        if src == WASTE:
            waste = self.waste
            c = waste.pop()
            key -= _Z_WASTE[len(waste)][c]
        else:
            pile = self.piles[src]
            c = pile.pop()
            h = hs[src]
            n = len(pile)
            key += h[n] - h[n + 1]
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            height = self.found[f]
            zf = _Z_HEIGHT[f]
            key += zf[height + 1] - zf[height]
            self.found[f] = height + 1
        else:
            pile = self.piles[dst]
            h = hs[dst]
            n = len(pile)
            old = h[n]
            x = old + _Z_PILE[n][c]
            x = ((x ^ (x >> 32)) * MIX) & MASK
            x ^= x >> 32
            if n + 1 < len(h):
                h[n + 1] = x
            else:
                h.append(x)
            key += x - old
            pile.append(c)
        self.key = key & MASK
        return 0

    def undo(self, src: int, dst: int, token: int) -> None:
        """Take back the move ``(src, dst)`` last played."""
        hs = self.hs
        key = self.key
        if src == STOCK:
            stock = self.stock
            waste = self.waste
            c = waste.pop()
            stock.append(c)
            key -= _Z_WASTE[len(waste)][c] + _Z_STOCK[len(stock) - 1] - _Z_STOCK[len(stock)]
            self.key = key & MASK
            return
        if dst >= FOUNDATION:
            f = dst - FOUNDATION
            height = self.found[f] - 1
            self.found[f] = height
            c = NEED[f][height]
            zf = _Z_HEIGHT[f]
            key -= zf[height + 1] - zf[height]
        else:
            pile = self.piles[dst]
            c = pile.pop()
            h = hs[dst]
            n = len(pile)
            key += h[n] - h[n + 1]
        if src == WASTE:
            waste = self.waste
            key += _Z_WASTE[len(waste)][c]
            waste.append(c)
        else:
            pile = self.piles[src]
            h = hs[src]
            n = len(pile)
            old = h[n]
            x = old + _Z_PILE[n][c]
            x = ((x ^ (x >> 32)) * MIX) & MASK
            x ^= x >> 32
            if n + 1 < len(h):
                h[n + 1] = x
            else:
                h.append(x)
            key += x - old
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
        out._restore(None)
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
        is better), from the position before it: the cards buried in piles and in the
        waste, by how soon they are needed, the piles built away from their foundations,
        the empty piles. A card going home adds its 100 points and its pile's change, the
        other cards' urgencies left as they were (enough to order moves by)."""
        w = square_weights(self.found)
        piles = self.piles
        found = self.found
        waste = self.waste
        wb = weights.waste_blocked
        wd = weights.wrong_direction
        space = weights.space
        sums: dict[int, float] = {}
        out: list[float] = []
        for s, t in moves:
            if s == STOCK:
                out.append(-wb * sum(w[x] for x in waste))
                continue
            if s == WASTE:
                c = waste[-1]
                if WASTE not in sums:
                    sums[WASTE] = sum(w[x] for x in waste)
                value = wb * (sums[WASTE] - w[c])
            else:
                pile = piles[s]
                c = pile[-1]
                if len(pile) == 1:
                    value = space
                else:
                    if s not in sums:
                        sums[s] = sum(w[x] for x in pile)
                    value = sums[s] - w[c]
                    if _away(pile, found):
                        value += wd
            if t >= FOUNDATION:
                value += FOUNDATION_CARD
            else:
                target = piles[t]
                if not target:
                    value -= space
                else:
                    if t not in sums:
                        sums[t] = sum(w[x] for x in target)
                    value -= sums[t]
                    if len(target) == 1:
                        if (c > target[0]) == (found[c >> 4] < KING):
                            value -= wd
                    elif _away(target, found):
                        value -= wd
            out.append(value)
        return out

    def ranks(self, moves: list[tuple[int, int]]) -> list[int]:
        """Each move's rank in :func:`game.search.knowledge.ordered_moves`'s order (lower goes
        first): home first, then a move that uncovers a card the foundations take, a pile's
        only card, a waste card onto a pile; a move into an empty pile last but the stock."""
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


def _away(pile: list[int], found: list[int]) -> bool:
    """Whether a pile of two or more cards is built away from its suit's foundation (up
    while the foundation still wants the low cards first, or down after)."""
    return (pile[1] > pile[0]) == (found[pile[-1] >> 4] < KING)
