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
not want yet and jams. To keep the beam from filling up with positions that differ only in the
arrangement of a few cards, at most ``per_signature`` positions of one signature (the
foundations and the sizes of the stock and the waste) are kept per potential. The
deals no beam of that kind wins are lost in the opening: Row 1 fills with tops of the
wrong colour or rank for the cards the foundations want next, and every position the
beam keeps has that same Row 1. A *diverse* beam adds Row 1's tops (rank and colour) to
the signature and keeps one position of each, so its positions hold different Row 1s,
and it wins deals the other beams leave unknown.

A beam either wins or runs out of positions ("stuck"); it proves nothing, since the
positions it dropped might have won. Different beams win different deals, so
:class:`Beams` runs many one after another (:data:`SCHEDULE`): the first as is, then
with a small random amount added to each evaluation (a different seed each time), one
counting Row 1's distance from the wanted cards, and wider diverse ones. The solver
gives them most of its positions and its narrowed searches the rest (Lady Cadogan's
profile); docs/search.md has the measurements ("Lady Cadogan").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeVar

from ..engine.profile import Layout
from ..engine.state import Game
from .cadogan_core import FOUNDATION, STOCK, WASTE, Core


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights. A card's cost is its urgency (``urgency / (distance +
    urgency_shift)``, the distance being how many cards its foundation needs before it)
    times its steps: the cards on it plus ``row`` per row below Row 1; in the waste
    ``waste0`` plus ``waste_depth`` per card on it; in the stock ``stock``. An empty pile
    is worth ``empty`` (by row), a card on a foundation ``home``; ``jam`` weighs
    :meth:`Evaluator.jam`."""

    row: float = 2.0
    waste0: float = 8.0
    waste_depth: float = 2.0
    stock: float = 10.0
    empty: tuple[float, float, float, float] = (30.0, 15.0, 8.0, 2.0)
    home: float = 100.0
    urgency: float = 12.0
    urgency_shift: float = 2.0
    jam: float = 0.0


class Evaluator:
    """Evaluates positions with :class:`Weights`, pile by pile, so that a child whose
    move touched two piles is evaluated from its parent's pile costs."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self.urgency = [weights.urgency / (d + weights.urgency_shift) for d in range(16)]
        self.cache: dict[tuple[int, ...], list[float]] = {}
        #: by row: an empty pile's cost, and the steps below Row 1 (:meth:`pile_cost`)
        self.empty_cost = [-e for e in weights.empty]
        self.row_steps = [weights.row * row for row in range(4)]

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
            return self.empty_cost[row]
        depth = len(pile) - 1 + self.row_steps[row]
        cost = 0.0
        for x in pile:
            cost += w[x] * depth
            depth -= 1
        return cost

    def rest_parts(self, waste: list[int], stock: list[int], w: list[float]) -> tuple[float, float, float]:
        """The cost of a waste, the urgencies of its cards added up, and the urgencies
        of a stock's cards added up."""
        p = self.weights
        step = p.waste_depth
        depth = p.waste0 + step * (len(waste) - 1)
        waste_cost = 0.0
        waste_sum = 0.0
        for x in waste:
            waste_sum += w[x]
            waste_cost += w[x] * depth
            depth -= step
        stock_sum = 0.0
        for x in stock:
            stock_sum += w[x]
        return waste_cost, waste_sum, stock_sum

    def rest_cost(self, c: Core, w: list[float]) -> float:
        """The cost of the waste and the stock."""
        waste_cost, _, stock_sum = self.rest_parts(c.waste, c.stock, w)
        return waste_cost + self.weights.stock * stock_sum

    def children(self, c: Core, costs: list[float]) -> Callable[[int, int, int], float]:
        """A function valuing the children of position ``c`` (whose piles' costs are
        ``costs``) before their moves are played: called with a legal move of ``c`` and
        what ``Core.play`` would answer for it (:meth:`Core.child`), it equals
        ``full(c)[0]`` for the child (up to rounding), but works out only the piles the
        move touches, and the waste's and the stock's costs from the cards that leave or
        join them. A beam looks at every child of the positions it keeps and goes on from
        a few, so it plays none of the others; only a move to a foundation, which changes
        every card's weight, is played here (and taken back) to be valued in full."""
        p = self.weights
        found = c.found
        w = self.card_weights(found)
        piles = c.piles
        waste = c.waste
        stock = c.stock
        first, step, per_stock = p.waste0, p.waste_depth, p.stock
        waste_cost, waste_sum, stock_sum = self.rest_parts(waste, stock, w)
        rest = waste_cost + per_stock * stock_sum
        total = sum(costs)
        home = p.home * sum(found)
        pile_cost = self.pile_cost
        full = self.full
        jam = self.jam_of
        # the jam counts only with a weight, and a move that neither goes to a
        # foundation nor onto Row 1 leaves it as it is here
        jams = bool(p.jam)
        same_jam = jam(piles, found) if jams else 0.0

        def value(src: int, dst: int, auto: int) -> float:
            if dst >= FOUNDATION or (auto & 2 and not waste):
                # (an empty waste with cards in the stock is no position a move leaves)
                c.play(src, dst)
                v = full(c)[0]
                c.undo(src, dst, auto)
                return v
            t = total
            if src < 32:
                pile = piles[src]
                card = pile[-1]
                if len(pile) > 1:
                    left = pile[:-1]
                elif auto & 1:
                    left = [waste[-1]]  # the emptied Row 4 pile takes the waste's top
                else:
                    left = []
                t += pile_cost(left, src >> 3, w) - costs[src]
            elif src == WASTE:
                card = waste[-1]
            else:
                card = 0
            onto: list[int] = []
            if dst < 32:
                onto = piles[dst] + [card]
                t += pile_cost(onto, dst >> 3, w) - costs[dst]
            if src == STOCK:
                x = w[stock[-1]]
                r = waste_cost + step * waste_sum + first * x + per_stock * (stock_sum - x)
            elif src == WASTE or auto & 1:
                # the waste's top leaves it (for ``dst``, or to refill ``src``)
                y = w[waste[-1]]
                cost = waste_cost - first * y - step * (waste_sum - y)
                turned = stock_sum
                if auto & 2:
                    # the waste is left empty and takes the stock's top
                    x = w[stock[-1]]
                    cost = first * x
                    turned -= x
                r = cost + per_stock * turned
            else:
                r = rest
            if jams and dst < 8:
                row1 = piles[:8]
                row1[dst] = onto
                return home - t - r - jam(row1, found)
            return home - t - r - same_jam

        return value

    def child_costs(self, c: Core, costs: list[float], move: tuple[int, int]) -> list[float]:
        """The piles' costs of ``c``, reached by ``move`` from a position whose piles'
        costs were ``costs``."""
        src, dst = move
        if dst >= FOUNDATION:
            return self.full(c)[1]
        w = self.card_weights(c.found)
        out = costs[:]
        if src < 32:
            out[src] = self.pile_cost(c.piles[src], src >> 3, w)
        if dst < 32:
            out[dst] = self.pile_cost(c.piles[dst], dst >> 3, w)
        return out

    def full(self, c: Core) -> tuple[float, list[float]]:
        """The position's value (higher is better) and its piles' costs."""
        w = self.card_weights(c.found)
        costs = [self.pile_cost(c.piles[i], i >> 3, w) for i in range(32)]
        return self.weights.home * sum(c.found) - sum(costs) - self.rest_cost(c, w) - self.jam(c), costs

    def jam(self, c: Core) -> float:
        """:meth:`jam_of` the position."""
        return self.jam_of(c.piles, c.found)

    def jam_of(self, piles: list[list[int]], found: list[int]) -> float:
        """How far Row 1 is from taking the cards the foundations want next, when it
        has no empty pile: for each such card with no copy in Row 1, ``jam`` times the
        cards that must first be built on a Row 1 top before one takes it (0 when a top
        takes it now; a top of rank ``r + k`` of the right colour needs ``k - 1``; 6 when
        no top leads to it). Until a card goes home no Row 1 pile can empty, so in a
        deal whose Row 1 holds no low card this is the way to the first cards home.
        ``piles`` are Row 1's piles first (any after them are not looked at), ``found``
        the foundations' heights."""
        if not self.weights.jam:
            return 0.0
        tops = []
        for i in range(8):
            pile = piles[i]
            if not pile:
                return 0.0
            tops.append(pile[-1])
        cost = 0
        wanted = set()
        for f in range(8):
            if found[f] < 11:
                wanted.add(((f >> 1) << 4) | (found[f] + 1))
        for code in wanted:
            r = code & 15
            red = code >> 5
            best = 6
            for t in tops:
                k = (t & 15) - r
                # the card k ranks up has the other colour when k is odd
                if k > 0 and ((t >> 5) != red) == (k & 1 == 1) and k - 1 < best:
                    best = k - 1
            if best and any(code in piles[i] for i in range(8)):
                continue
            cost += best
        return self.weights.jam * cost


def potential(c: Core) -> int:
    """The steps the cards still have to make: 1 from Row 1 … 4 from Row 4, 5 from the
    waste, 6 from the stock (0 when won)."""
    p = 0
    for i, pile in enumerate(c.piles):
        p += ((i >> 3) + 1) * len(pile)
    return p + 5 * len(c.waste) + 6 * len(c.stock)


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

# a candidate: (value, parent position, parent's pile costs, move, parent's line link,
# its signature)
_Candidate = tuple[float, Core, list[float], tuple[int, int] | None, object, int]


def beam_steps(root: Core, width: int, per_signature: int, weights: Weights, counter: Counter,
               jitter: float = 0.0, seed: int = 0, diverse: bool = False) -> BeamSteps:
    """One beam search from ``root`` (never changed): see the module docstring. With a
    ``jitter``, each evaluation gets a random amount up to it (drawn from ``seed``);
    ``diverse`` counts positions per :meth:`Core.signature` plus
    :meth:`Core.row1_signature` instead of the signature alone."""
    draw = random.Random(seed).random
    counter.dropped = False
    ev = Evaluator(weights)
    start = root.copy()
    value, costs = ev.full(start)
    top = potential(start)
    levels: dict[int, dict[int, _Candidate]] = {top: {start.key: (value, start, costs, None, None, 0)}}
    for p in range(top, -1, -1):
        found = levels.pop(p, None)
        if not found:
            continue
        ranked = sorted(found.values(), key=_value, reverse=True)
        chosen: list[tuple[Core, _Candidate]] = []
        kept: dict[int, int] = {}
        for candidate in ranked:
            sig = candidate[5]
            n = kept.get(sig, 0)
            if n >= per_signature:
                continue
            kept[sig] = n + 1
            st = candidate[1]
            move = candidate[3]
            if move is not None:
                st = st.after(*move)
            chosen.append((st, candidate))
            if len(chosen) >= width:
                break
        if len(chosen) < len(ranked):
            counter.dropped = True
        near = [levels.setdefault(p - 1, {}), levels.setdefault(p - 2, {}), levels.setdefault(p - 3, {})]
        for st, (_, _, parent_costs, move, link, _) in chosen:
            line = (link, move) if move is not None else link
            if st.won():
                return _unwind(line)
            costs = parent_costs if move is None else ev.child_costs(st, parent_costs, move)
            child = ev.children(st, costs)
            # Row 1's part of a diverse signature, the same for a child whose move
            # leaves Row 1 as it is
            row1 = st.row1_signature() if diverse else 0
            for m in st.moves():
                src, dst = m
                # a child is looked at without playing its move (but a move to a
                # foundation, which the evaluation plays and takes back)
                key, auto, sig = st.child(src, dst)
                # the fills count: a move lowers the potential by 1, 2 or 3
                bucket = near[(auto & 1) + (auto >> 1)]
                if key in bucket:
                    continue
                if counter.nodes >= counter.limit:
                    return None
                counter.nodes += 1
                value = child(src, dst, auto)
                if diverse:
                    sig += row1 if src >= 8 and dst >= 8 else st.row1_signature_after(src, dst)
                if jitter:
                    value += jitter * draw()
                bucket[key] = (value, st, costs, m, line, sig)
        yield
    return None


#: a candidate's value (its first field), looked up in C when the candidates are sorted
_value = itemgetter(0)


def _unwind(link: Any) -> list[tuple[int, int]]:
    """The moves of a line kept as nested ``(earlier, move)`` links."""
    line: list[tuple[int, int]] = []
    while link is not None:
        link, move = link
        line.append(move)
    line.reverse()
    return line


@dataclass(frozen=True)
class Beam:
    """One beam of :data:`SCHEDULE`: its width, the jitter added to its evaluations,
    its weights, and how many positions of one signature it keeps per potential (of
    :meth:`Core.signature` plus :meth:`Core.row1_signature` when ``diverse``)."""

    width: int
    weights: Weights
    jitter: float = 50.0
    per_signature: int = 2
    diverse: bool = False


WEIGHTS = Weights()
#: the weights of the second beam: Row 1's distance from the wanted cards counts
JAMMED = Weights(jam=30.0)
#: the beams :class:`Beams` runs, over and over. The first pass's first beam runs
#: without jitter; every other beam draws its jitter from a seed of its own. Games
#: 1-1000 (the solver's 10 s, two deals at a time on two cores): four beams of 10, every
#: other one with ``JAMMED``, and one of 40, none diverse: 985 won; this schedule: 990;
#: with a plain beam of 40 between the diverse ones: 986 (the deals near the time limit
#: differ from run to run by a few).
SCHEDULE: tuple[Beam, ...] = (
    Beam(10, WEIGHTS), Beam(10, JAMMED),
    Beam(40, WEIGHTS, per_signature=1, diverse=True), Beam(100, WEIGHTS, per_signature=1, diverse=True))


class Beams:
    """The solver's search for Lady Cadogan: beams one after another (:data:`SCHEDULE`)
    until one wins or the node budget is spent. Proves nothing when it ends."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        if game.profile.layout is not Layout.ROWS or game.profile.fills_owed:
            # the lean position holds four rows of piles filled by choice, and a waste
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
            for beam in SCHEDULE:
                if self.counter.nodes >= self.counter.limit:
                    return None
                line = yield from beam_steps(root, beam.width, beam.per_signature, beam.weights,
                                             self.counter, beam.jitter if seed else 0.0, seed,
                                             beam.diverse)
                self.beams += 1
                seed += 1
                if line is not None:
                    self.win = _notation(game, line)
                    return True
                if not self.counter.dropped and self.counter.nodes < self.counter.limit:
                    return False
                yield
        return None


def _notation(game: Game, line: list[tuple[int, int]]) -> list[str]:
    """A line of the lean core's moves from ``game``'s position, in notation."""
    copy = game.clone()
    return [copy.move_text(Core.engine_move(copy, m)) for m in line]


#: what a beam's generator returns (:func:`_finish`)
_T = TypeVar("_T")


def _finish(steps: Generator[None, None, _T], end: float | None) -> tuple[_T | None, bool]:
    """Run a beam (or beams) to its end: what it returns (a winning line, or whether one
    was found), and whether the clock passed ``end`` (a :func:`time.perf_counter` time)
    first, which stops it with None."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, False
        if end is not None and time.perf_counter() > end:
            return None, True


#: the demo player's quick beams (:func:`quick_win`), tried in turn on a guessed deal
#: before :class:`Beams`: narrow beams of a few thousand positions each (a tenth to a
#: half of the first beam of :data:`SCHEDULE`); each wins guesses the ones before it
#: leave, and together they win nearly every guess that beam wins (docs/search.md, "The
#: demo player's plans")
QUICK: tuple[Beam, ...] = (Beam(2, JAMMED), Beam(3, WEIGHTS), Beam(5, WEIGHTS))


class QuickBeams(Beams):
    """The solver's first look at a Lady Cadogan deal: the beams of :data:`QUICK`, once
    each and without jitter (the demo player's :func:`quick_win`). They win most deals for a
    half to a fifth of the positions of :class:`Beams`' first beam; where none wins, the
    solver's next stage goes on with :class:`Beams`. Proves nothing."""

    def steps(self) -> Generator[None, None, bool | None]:
        """True when a beam wins (``win`` holds the line), None when none does."""
        root = Core.from_game(self.game)
        for beam in QUICK:
            if self.counter.nodes >= self.counter.limit:
                break
            line = yield from beam_steps(root, beam.width, beam.per_signature, beam.weights,
                                         self.counter, diverse=beam.diverse)
            self.beams += 1
            if line is not None:
                self.win = _notation(self.game, line)
                return True
            yield
        return None


def quick_win(game: Game, max_nodes: int, max_seconds: float | None = None) -> tuple[list[str] | None, int]:
    """The beams of :data:`QUICK` from ``game``'s position, one after another and without
    jitter (:class:`QuickBeams`), until one wins or ``max_nodes`` positions (or
    ``max_seconds``) are spent: the winning line in notation, or None, and the positions
    they evaluated. Cheap where a win is easy to find; proves nothing."""
    quick = QuickBeams(game, max_nodes)
    end = None if max_seconds is None else time.perf_counter() + max_seconds
    won, _ = _finish(quick.steps(), end)
    return (quick.win if won else None), quick.nodes


#: the beam of :func:`jittered_win`: narrow, and shaken by the jitter of :class:`Beam`
JITTERED = Beam(5, WEIGHTS)


def jittered_win(game: Game, max_nodes: int,
                 max_seconds: float | None = None) -> tuple[list[str] | None, int]:
    """Beams of :data:`JITTERED`, one after another, each with a jitter drawn from a seed
    of its own (1, 2 …), from ``game``'s position until one wins or ``max_nodes``
    positions (or ``max_seconds``) are spent: the winning line in notation, or None, and
    the positions they evaluated. Where the quick beams and the first beams of
    :data:`SCHEDULE` all jam, one of many shaken narrow beams often gets through: at four
    cards of game 138 where the demo player's plans failed, these won a guess in
    29,000-54,000 positions where :class:`Beams` needed 46,000-240,000 or more
    (docs/search.md, "The demo player's plans"). Proves nothing."""
    counter = Counter(max_nodes)
    root = Core.from_game(game)
    end = None if max_seconds is None else time.perf_counter() + max_seconds
    seed = 0
    while counter.nodes < counter.limit:
        seed += 1
        steps = beam_steps(root, JITTERED.width, JITTERED.per_signature, JITTERED.weights, counter,
                           JITTERED.jitter, seed, JITTERED.diverse)
        line, late = _finish(steps, end)
        if late:
            return None, counter.nodes
        if line is not None:
            return _notation(game, line), counter.nodes
        if not counter.dropped:
            break  # the beam kept every position it met: no shaking finds more
    return None, counter.nodes
