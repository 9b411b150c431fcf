"""Beam searches for Lady Cadogan: the solver's way of finding wins there.

Every move of Lady Cadogan takes one card one step closer to the foundations (stock to
waste, waste to Row 4, Row 4 to Row 3 … Row 1 to a foundation), and an automatic fill
is such a step too. So a position's *potential*, the steps its cards still have to make
(:func:`potential`), falls by one with every card moved, every winning line from a
position has the same length, and all positions of one potential are equally far from
a win. That makes them fair to compare: :func:`beam_steps` keeps, at each potential, the
``width`` best positions by an evaluation (:class:`Evaluator`) and goes on only from
those, down to potential 0, the won position.

The evaluation weighs each card by how soon its foundation needs it (as
:mod:`game.search.evaluate` does) times the steps and the cards in its way, and, above
all, counts empty piles: a beam without them fills Row 1 with cards the foundations do
not want yet and jams (on games 1-100, a beam of 20 won 32 deals without the term and
50 with it). To keep the beam from filling up with positions that differ only in the
arrangement of a few cards, at most ``per_signature`` positions of one signature (the
foundations and the sizes of the stock and the waste) are kept per potential.

A beam either wins or runs out of positions ("stuck"); it proves nothing, since the
positions it dropped might have won. Different beams win different deals, so
:class:`Beams` runs many one after another: the first as is, then with a small random
amount added to each evaluation (a different seed each time), some wider (see
:data:`SCHEDULE`). On games 1-1000 a single beam of 10 wins 842 deals in 0.45 s on
average, and restarts win most of the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from ..engine.cadogan import Cadogan
from ..engine.state import Game
from .cadogan_core import FOUNDATION, STOCK, WASTE, Core


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights. A card's cost is its urgency (``urgency / (distance +
    urgency_shift)``, the distance being how many cards its foundation needs before it)
    times its steps: the cards on it plus ``row`` per row below Row 1; in the waste
    ``waste0`` plus ``waste_depth`` per card on it; in the stock ``stock``. An empty pile
    is worth ``empty`` (by row), a card on a foundation ``home``."""

    row: float = 2.0
    waste0: float = 8.0
    waste_depth: float = 2.0
    stock: float = 10.0
    empty: tuple[float, float, float, float] = (30.0, 15.0, 8.0, 2.0)
    home: float = 100.0
    urgency: float = 12.0
    urgency_shift: float = 2.0


class Evaluator:
    """Evaluates positions with :class:`Weights`, pile by pile, so that a child whose
    move touched two piles is evaluated from its parent's pile costs."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self.urgency = [weights.urgency / (d + weights.urgency_shift) for d in range(16)]
        self.cache: dict[tuple[int, ...], list[float]] = {}

    def card_weights(self, found: list[int]) -> list[float]:
        """For each card code, its urgency given the foundations' top ranks (0 for a
        card both of whose copies are home)."""
        key = tuple(found)
        w = self.cache.get(key)
        if w is not None:
            return w
        if len(self.cache) > 100_000:
            self.cache.clear()
        w = self.cache[key] = [0.0] * 64
        urgency = self.urgency
        for s in range(4):
            a, b = found[2 * s], found[2 * s + 1]
            if a > b:
                a, b = b, a
            for r in range(a + 1, 12):
                below = b if b < r else a
                w[s * 16 + r] = urgency[r - 1 - below]
        return w

    def pile_cost(self, pile: list[int], row: int, w: list[float]) -> float:
        """The cost of one pile of a row (0 for Row 1); an empty pile's is negative."""
        if not pile:
            return -self.weights.empty[row]
        depth = len(pile) - 1 + self.weights.row * row
        cost = 0.0
        for x in pile:
            cost += w[x] * depth
            depth -= 1
        return cost

    def rest_cost(self, c: Core, w: list[float]) -> float:
        """The cost of the waste and the stock."""
        p = self.weights
        waste = c.waste
        step = p.waste_depth
        depth = p.waste0 + step * (len(waste) - 1)
        cost = 0.0
        for x in waste:
            cost += w[x] * depth
            depth -= step
        s = 0.0
        for x in c.stock:
            s += w[x]
        return cost + p.stock * s

    def children(self, c: Core, costs: list[float]) -> Callable[[int, int, int], float]:
        """A function valuing the children of position ``c`` (whose piles' costs are
        ``costs``): called with a move just played on ``c`` and what ``Core.play``
        answered, it equals ``full(c)[0]`` for the child, but recomputes only the piles
        the move touched (and the waste and stock when they changed)."""
        w = self.card_weights(c.found)
        rest = self.rest_cost(c, w)
        total = sum(costs)
        home = self.weights.home * sum(c.found)
        piles = c.piles
        pile_cost = self.pile_cost
        rest_cost = self.rest_cost
        full = self.full

        def value(src: int, dst: int, auto: int) -> float:
            if dst >= FOUNDATION:
                return full(c)[0]
            t = total
            if src < 32:
                t += pile_cost(piles[src], src >> 3, w) - costs[src]
            if dst < 32:
                t += pile_cost(piles[dst], dst >> 3, w) - costs[dst]
            r = rest_cost(c, w) if auto or src in (STOCK, WASTE) else rest
            return home - t - r

        return value

    def full(self, c: Core) -> tuple[float, list[float]]:
        """The position's value (higher is better) and its piles' costs."""
        w = self.card_weights(c.found)
        costs = [self.pile_cost(c.piles[i], i >> 3, w) for i in range(32)]
        return self.weights.home * sum(c.found) - sum(costs) - self.rest_cost(c, w), costs


def potential(c: Core) -> int:
    """The steps the cards still have to make: 1 from Row 1 … 4 from Row 4, 5 from the
    waste, 6 from the stock (0 when won)."""
    p = 0
    for i, pile in enumerate(c.piles):
        p += ((i >> 3) + 1) * len(pile)
    return p + 5 * len(c.waste) + 6 * len(c.stock)


def signature(c: Core) -> tuple[int, ...]:
    """What a beam keeps few positions of: the foundations (each suit's two heights in
    order) and the sizes of the stock and the waste."""
    f = c.found
    return (min(f[0], f[1]), max(f[0], f[1]), min(f[2], f[3]), max(f[2], f[3]), min(f[4], f[5]),
            max(f[4], f[5]), min(f[6], f[7]), max(f[6], f[7]), len(c.stock), len(c.waste))


class Counter:
    """Positions evaluated, shared by the beams of one search, and their limit; and
    whether the beam running dropped a position (if not, and it ends without a win,
    it searched every position reachable: the position is lost)."""

    def __init__(self, limit: int) -> None:
        self.nodes = 0
        self.limit = limit
        self.dropped = False


#: a beam's generator yields after each potential and returns the winning line, or None
#: when it ran out of positions or of ``Counter.limit``
BeamSteps = Generator[None, None, list[tuple[int, int]] | None]

# a candidate: (value, parent position, parent's pile costs, move, parent's line link)
_Candidate = tuple[float, Core, list[float], tuple[int, int] | None, object]


def beam_steps(root: Core, width: int, per_signature: int, weights: Weights, counter: Counter,
               jitter: float = 0.0, seed: int = 0) -> BeamSteps:
    """One beam search from ``root`` (never changed): see the module docstring. With a
    ``jitter``, each evaluation gets a random amount up to it (drawn from ``seed``)."""
    draw = random.Random(seed).random
    counter.dropped = False
    ev = Evaluator(weights)
    start = root.copy()
    value, costs = ev.full(start)
    top = potential(start)
    levels: dict[int, dict[int, _Candidate]] = {top: {start.key: (value, start, costs, None, None)}}
    for p in range(top, -1, -1):
        found = levels.pop(p, None)
        if not found:
            continue
        ranked = sorted(found.values(), key=_value, reverse=True)
        chosen: list[tuple[Core, _Candidate]] = []
        kept: dict[tuple[int, ...], int] = {}
        for candidate in ranked:
            st = candidate[1]
            move = candidate[3]
            if move is not None:
                st = st.copy()
                st.play(*move)
            sig = signature(st)
            n = kept.get(sig, 0)
            if n >= per_signature:
                continue
            kept[sig] = n + 1
            chosen.append((st, candidate))
            if len(chosen) >= width:
                break
        if len(chosen) < len(ranked):
            counter.dropped = True
        for st, (_, _, parent_costs, move, link) in chosen:
            line = (link, move) if move is not None else link
            if st.won():
                return _unwind(line)
            costs = parent_costs if move is None else ev.full(st)[1]
            child = ev.children(st, costs)
            for m in st.moves():
                src, dst = m
                auto = st.play(src, dst)
                level = p - 1 - (auto & 1) - (auto >> 1)
                key = st.key
                bucket = levels.get(level)
                if bucket is None:
                    bucket = levels[level] = {}
                if key not in bucket:
                    if counter.nodes >= counter.limit:
                        st.undo(src, dst, auto)
                        return None
                    counter.nodes += 1
                    value = child(src, dst, auto)
                    if jitter:
                        value += jitter * draw()
                    bucket[key] = (value, st, costs, m, line)
                st.undo(src, dst, auto)
        yield
    return None


def _value(candidate: _Candidate) -> float:
    return candidate[0]


def _unwind(link: Any) -> list[tuple[int, int]]:
    """The moves of a line kept as nested ``(earlier, move)`` links."""
    line: list[tuple[int, int]] = []
    while link is not None:
        link, move = link
        line.append(move)
    line.reverse()
    return line


#: the beams :class:`Beams` runs, over and over: (width, jitter). The first pass's first
#: beam runs without jitter; every other beam draws its jitter from a seed of its own.
SCHEDULE: tuple[tuple[int, float], ...] = ((10, 50.0), (10, 50.0), (10, 50.0), (10, 50.0), (40, 50.0))
PER_SIGNATURE = 2
WEIGHTS = Weights()


class Beams:
    """The solver's search for Lady Cadogan: beams one after another (:data:`SCHEDULE`)
    until one wins or the node budget is spent. Proves nothing when it ends."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        if not isinstance(game, Cadogan):
            raise ValueError("the beam searches play Lady Cadogan only")
        self.game = game
        self.counter = Counter(max_nodes)
        self.win: list[str] = []
        self.beams = 0

    @property
    def nodes(self) -> int:
        return self.counter.nodes

    @property
    def max_nodes(self) -> int:
        return self.counter.limit

    @max_nodes.setter
    def max_nodes(self, value: int) -> None:
        self.counter.limit = value

    def steps(self) -> Generator[None, None, bool | None]:
        """True when a beam wins (``win`` holds the line), False when a beam that
        dropped no position ends without a win (every reachable position was searched),
        None when the node budget runs out."""
        game = self.game
        root = Core.from_game(game)
        seed = 0
        while self.counter.nodes < self.counter.limit:
            for width, jitter in SCHEDULE:
                if self.counter.nodes >= self.counter.limit:
                    return None
                line = yield from beam_steps(root, width, PER_SIGNATURE, WEIGHTS, self.counter,
                                             jitter if seed else 0.0, seed)
                self.beams += 1
                seed += 1
                if line is not None:
                    copy = game.clone()
                    moves = [Core.engine_move(copy, m) for m in line]
                    self.win = [copy.move_text(m) for m in moves]
                    return True
                if not self.counter.dropped and self.counter.nodes < self.counter.limit:
                    return False
                yield
        return None
