"""The solver's searches on lean positions (:mod:`.lean`): depth-first, best-first and
the narrowed depth-first searches.

Each search plays on a core of its own (make/unmake, an incremental key) and puts every
position it reaches in a set of keys, never searching a position twice. A position is
*reached* (and counted against the node budget) when a move first leads to it: its
parent plays each of its moves, and a move to a key not yet seen adds the key. That is
a reachability search: if a won position can be reached, it is found, and when a
complete search (:class:`DepthFirst`, :class:`BestFirst`) runs out of positions without
a win, every reachable position has been seen, which proves the position lost.

- :class:`DepthFirst` goes on from the last position reached, trying a position's moves
  best first by how much each changes the evaluation (:mod:`.evaluate`, as the core
  values it), ties in :func:`~.knowledge.ordered_moves`'s order;
- :class:`BestFirst` always goes on from the best-looking position reached so far;
- :class:`Narrow` is the depth-first search with the fills of spaces narrowed to the
  cards the foundations need soonest (the Constitution sets), and :class:`Narrowing`
  many short such searches one after another. They prove nothing.

A foundation move that the rule set's safe drop allows (:meth:`~game.engine.state.Game.safe_drop`,
the core's ``forced``) is played without trying the others, and positions that
:func:`~.knowledge.is_dead` proves lost are not searched on (only hand-made positions can
be: :func:`~.knowledge.may_become_dead`).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Generator, Iterator
from typing import Any, Protocol

from ..engine.state import Game
from .knowledge import is_dead, may_become_dead
from .lean import LeanCore, core_class, core_of

#: a search's generator yields between turns and returns True (won), False (lost) or
#: None (it ends without proving anything)
Steps = Generator[None, None, bool | None]
#: positions a search takes in one turn before the next search's turn
TURN = 256

CoreMove = tuple[int, int]
#: what :meth:`DepthFirst._children` (and any expansion :meth:`DepthFirst._walk` is
#: handed) answers when the node budget is too small
STARVED: list[Any] = []



def bounded(search: DepthFirst) -> Steps:
    """Run a search's steps until it answers, or None when it starves (its node budget
    is spent)."""
    steps = search.steps()
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        if search.starved:
            return None
        yield


def line_text(game: Game, core: LeanCore, moves: list[CoreMove]) -> list[str]:
    """A core's moves from ``game``'s position, in notation (each checked by the engine)."""
    copy = game.clone()
    out = []
    for m in moves:
        move = core.engine_move(copy, m)
        out.append(copy.move_text(move))
        copy.play(move)
    return out


class DepthFirst:
    """The complete depth-first search: the core, the set of keys reached and the node
    budget. ``steps()`` yields every :data:`TURN` positions and returns True (won:
    ``win`` holds the line) or False (proved lost). When it has reached ``max_nodes``
    positions and needs another, it yields with ``starved`` set instead, and goes on
    if ``max_nodes`` is raised (:func:`bounded` runs a search until then): stopped and
    resumed, it searches exactly what it would have searched at once."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        self.game = game
        self.core = core_of(game)
        self.weights = game.profile.search.evaluation
        self.seen: set[int] = {self.core.key}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.win: list[str] = []
        #: the moves from the start to the position the search is at, with their tokens
        self.path: list[tuple[CoreMove, int]] = []
        # every position the search reaches is reached from this one
        self.dead_test = may_become_dead(game)
        #: a narrowed search's random draws, when it has a seed: each move's value is
        #: shaken by up to ``shake`` (the profile's ``jitter``), and ties between equally
        #: needed fills are drawn
        self.random: random.Random | None = None
        self.shake = 0.0
        #: the last step waits for a larger node budget
        self.starved = False
        #: a position whose moves the budget cut short: the moves, the next to try, and
        #: those that reached new positions so far
        self._partial: tuple[list[CoreMove], int, list[CoreMove]] | None = None

    def steps(self) -> Steps:
        return self._walk(self._children, self.path)

    def _walk(self, expand: Callable[[], list[Any] | None], path: list[tuple[Any, Any]],
              enter: Callable[[Any], Any] | None = None,
              leave: Callable[[Any, Any], None] | None = None) -> Steps:
        """The depth-first walk of :meth:`steps`, whatever a search's children are:
        ``expand`` reaches the children of the position the search is at and answers
        those to go into, best first (None: one is won; :data:`STARVED`: the budget ran
        out on the way, and the next call goes on where it stopped); ``path`` holds the
        children entered from the start, each with what taking it back needs. A child is
        a core move, played and taken back by the core itself (this is the solver's
        hottest loop: no call between), unless ``enter`` and ``leave`` are given
        (several moves as one step in :mod:`.cadogan_proof`): ``enter(child)`` plays it
        and answers a token, ``leave(child, token)`` takes it back."""
        core = self.core
        play = core.play
        undo = core.undo
        if core.won():
            return True
        while (children := expand()) is STARVED:
            yield from self._starve()
        if children is None:
            return True
        # the children not yet entered: of the position the search is at (``left``), and
        # of each position on the way to it (``stack``)
        left = iter(children)
        stack: list[Iterator[Any]] = []
        turn = self.nodes + TURN
        while True:
            for child in left:  # noqa: B007 - takes the next child to enter, if any
                break
            else:
                # every child of this position entered: back to the one before it
                if path:
                    child, token = path.pop()
                    if leave is None:
                        undo(child[0], child[1], token)
                    else:
                        leave(child, token)
                if not stack:
                    return False
                left = stack.pop()
                continue
            path.append((child, play(child[0], child[1]) if enter is None else enter(child)))
            while (children := expand()) is STARVED:
                yield from self._starve()
            if children is None:
                return True
            stack.append(left)
            left = iter(children)
            if self.nodes >= turn:
                turn = self.nodes + TURN
                yield

    def _starve(self) -> Generator[None, None, None]:
        """Yield, ``starved``, until the node budget is raised."""
        self.starved = True
        yield
        self.starved = False

    def _children(self) -> list[CoreMove] | None:
        """Reach the positions the moves from here lead to; return the moves to those not
        reached before, best first (the forced one alone), or None when one is won
        (``win`` holds the line), or :data:`STARVED` when the node budget ran out on
        the way (the next call, with a larger budget, goes on where this one stopped)."""
        core = self.core
        if self._partial is not None:
            candidates, start, new = self._partial
            self._partial = None
        else:
            moves = core.moves()
            if not moves or (self.dead_test and is_dead(core.to_game(self.game))):
                return []
            forced = core.forced(moves)
            candidates = [forced] if forced is not None else self._select(moves)
            start = 0
            new = []
        seen = self.seen
        found = core.foundation
        child_key = core.child_key
        nodes = self.nodes
        limit = self.max_nodes
        tight = nodes + len(candidates) - start > limit
        for i in range(start, len(candidates)):
            move = candidates[i]
            key = child_key(*move)
            if key not in seen:
                if tight and nodes >= limit:
                    self.nodes = nodes
                    self._partial = (candidates, i, new)
                    return STARVED
                seen.add(key)
                nodes += 1
                if move[1] >= found and core.home() + 1 == core.cards:
                    self.nodes = nodes
                    self.win = line_text(self.game, core, [m for m, _ in self.path] + [move])
                    return None
                new.append(move)
        self.nodes = nodes
        if len(new) < 2:
            return new
        return self._order(new)

    def _select(self, moves: list[CoreMove]) -> list[CoreMove]:
        """The moves worth trying (all of them: a narrowed search leaves some out)."""
        return moves

    def _order(self, moves: list[CoreMove]) -> list[CoreMove]:
        """``moves`` best first: by the value of each (shaken, with a seed), then by rank.
        The ranks are only asked for when two values tie (after a shake, all but never):
        the order is the same, at a third of the cost."""
        core = self.core
        values = core.values(moves, self.weights)
        draws = self.random
        if draws is not None:
            shake = self.shake
            uniform = draws.uniform
            values = [v - uniform(0.0, shake) for v in values]
        if len(set(values)) == len(values):
            order = sorted(range(len(moves)), key=values.__getitem__, reverse=True)
            return [moves[i] for i in order]
        ranks = core.ranks(moves)
        order = sorted(range(len(moves)), key=lambda i: (-values[i], ranks[i], i))
        return [moves[i] for i in order]


class Narrow(DepthFirst):
    """The depth-first search with the fills of spaces narrowed. In ``constitution`` an
    owed space in a row of ``limits`` is filled only with the card of the row below that
    the foundations need soonest (by :func:`~.lean.card_distances`), or with one of the
    ``limit`` most needed; in Lady Cadogan, where filling is a choice, of the moves that
    fill an empty place only the one taking the card needed soonest is tried. Among
    equally needed cards it takes the one the moves' ranks put first, or, with a
    ``seed``, one at random; with a seed it also shakes the order of every move,
    taking from each move's value a random amount up to the rule set's ``jitter``. It
    proves nothing when it ends without a win, since the fills it leaves out might win.

    A space costs the complete search a choice of up to eight cards at each row it
    passes (in ``constitution`` one card leaving Row 2 makes up to 64 positions that
    differ only in what waits in Rows 3 and 4), and on the hard deals the complete
    searches spend their whole budget on those choices at one stage of the game.
    Narrowed, the search goes deep at once (see :class:`Narrowing`).
    """

    def __init__(self, game: Game, max_nodes: int, limits: dict[int, int] | None = None,
                 seed: int | None = None) -> None:
        super().__init__(game, max_nodes)
        search = game.profile.search
        #: the row of a space (0 for Row 1) -> how many cards of the row below may fill it
        self.limits = search.narrowings[0] if limits is None else limits
        self.random = None if seed is None else random.Random(seed)
        self.shake = search.jitter
        #: whether a fill was ever left out (if not, an end without a win is a complete search's)
        self.pruned = False

    def steps(self) -> Steps:
        won = yield from super().steps()
        return True if won else None

    def _select(self, moves: list[CoreMove]) -> list[CoreMove]:
        """Leave out the fills that take a card needed later than the ``limit`` different
        cards needed soonest (ties drawn with a seed, else in rank order: the ranks are
        only asked for when two fills tie)."""
        core = self.core
        found = core.fill_cards(moves, self.limits)
        if found is None:
            return moves
        fills, limit = found
        piles = core.piles
        distance = core.distances()
        cards = [piles[moves[i][0]][-1] for i in fills]
        # a fill's place in the order is its card's distance, then its draw, then its rank
        # (then its index); distance plus draw, when no two tie, orders exactly as that
        # (the draw is below 1, and rounding a sum never reverses an order), so the ranks
        # and the pairs are only made for a tie
        if self.random is not None:
            draw = self.random.random
            draws = [draw() for _ in cards]
            sums = [distance[c] + r for c, r in zip(cards, draws, strict=True)]
        else:
            draws = [0.0] * len(cards)
            sums = [float(distance[c]) for c in cards]
        distinct = len(set(sums)) == len(sums)
        if limit == 1 and distinct:
            best = fills[sums.index(min(sums))]
            if len(fills) == 1:
                return moves
            self.pruned = True
            if len(fills) == len(moves):
                return [moves[best]]
            others = set(fills)
            return [m for i, m in enumerate(moves) if i == best or i not in others]
        if distinct:
            keyed = sorted((x, 0.0, 0, j) for j, x in enumerate(sums))
        else:
            ranks = core.ranks([moves[i] for i in fills])
            keyed = sorted((distance[c], r, rank, j)
                           for j, (c, r, rank) in enumerate(zip(cards, draws, ranks, strict=True)))
        kept: set[int] = set()
        taken: set[int] = set()
        for _, _, _, j in keyed:
            card = cards[j]
            if card not in taken:
                taken.add(card)
                kept.add(fills[j])
                if len(kept) == limit:
                    break
        if len(kept) == len(fills):
            return moves
        self.pruned = True
        dropped = set(fills) - kept
        return [m for i, m in enumerate(moves) if i not in dropped]


class Counted(Protocol):
    """A search that counts the positions it searched."""

    nodes: int


class OneAfterAnother:
    """Searches run one after another on fresh copies of the position, sharing one node
    budget (:class:`Narrowing`, the solver's lines): ``nodes`` counts the positions of
    those ended and of the one running (``current``)."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.done = 0  # positions searched by the searches already ended
        self.current: Counted | None = None
        self.win: list[str] = []

    @property
    def nodes(self) -> int:
        return self.done + (self.current.nodes if self.current is not None else 0)

    def _next_budget(self) -> int:
        """End the search that ran last (its positions count as done); the positions left
        for the next."""
        self.done = self.nodes
        self.current = None
        return self.max_nodes - self.done

    def steps(self) -> Steps:
        """Run the searches in turn; True as soon as one wins (``win``), None otherwise."""
        raise NotImplementedError


class Narrowing(OneAfterAnother):
    """Narrowed depth-first searches (:class:`Narrow`) one after another, each within
    the rule set's ``search.narrow_nodes`` positions, through every narrowing of the rule set's profile
    (``search.narrowings``; see :class:`Narrow`'s ``limits``) in turn: first in the
    search's order, then again with ties drawn at random and every move's value shaken
    (seeds 1, 2, …), until one wins, the budget is spent, or a search ends without
    having left out any fill (every other would search the same positions). Like the
    lines, it proves nothing.

    On the hard deals a narrowed search either wins quickly or wanders for good, and
    which narrowing and which order wins differs from deal to deal, so many short
    searches win more than one long one; shaking the whole order, not only the ties,
    wins far more (docs/search.md, "Narrowed searches", has the measurements).
    """

    def steps(self) -> Steps:
        run = 0
        narrowings = self.game.profile.search.narrowings
        # on the hard deals a narrowed search wins within a few thousand positions or
        # wanders for good, so many short restarts win more than a few long ones
        # (docs/search.md, "Narrowed searches", has the measurements)
        length = self.game.profile.search.narrow_nodes
        while (left := self._next_budget()) > 0:
            limits = narrowings[run % len(narrowings)]
            seed = run // len(narrowings) or None
            run += 1
            search = self.current = Narrow(self.game, min(length, left), limits, seed)
            won = yield from bounded(search)
            if won:
                self.win = search.win
                return True
            if not search.pruned and not search.starved:
                return None
            yield  # a turn's end between two searches, so that a deadline is seen
        return None


class BestFirst(DepthFirst):
    """The same reachability search, but always going on from the best-looking position
    reached so far (by the evaluation) instead of the last one.

    A position waiting to be searched is kept as the position it came from, packed (the
    core's ``snapshot``, one for all its children), and the move from there; each
    remembers the position it came from and the move, so a win is read back along those
    links. When no position is left waiting, every reachable position has been searched:
    the position is lost, as for the depth-first search.
    """

    def steps(self) -> Steps:
        core = self.core
        if core.won():
            return True
        make = core_class(self.game).from_snapshot
        stock = list(core.stock)
        weights = self.weights
        found = core.foundation
        start = core.key
        parents: dict[int, tuple[int, CoreMove] | None] = {start: None}
        # a waiting position is its parent packed and the move from there (None for the
        # start): a position is packed once, when its children are pushed, not once a child
        heap: list[tuple[float, int, int, bytes, CoreMove | None]] = [(0.0, 0, start, core.snapshot(), None)]
        counter = 0
        seen = self.seen
        turn = TURN
        while heap:
            value, _, key, snap, reached_by = heapq.heappop(heap)
            core = self.core = make(snap, stock)
            if reached_by is not None:
                core.play(*reached_by)
            moves = core.moves()
            if not moves or (self.dead_test and is_dead(core.to_game(self.game))):
                continue
            forced = core.forced(moves)
            candidates = [forced] if forced is not None else moves
            new: list[CoreMove] = []
            for move in candidates:
                child = core.child_key(*move)
                if child not in seen:
                    while self.nodes >= self.max_nodes:
                        yield from self._starve()
                    seen.add(child)
                    self.nodes += 1
                    parents[child] = (key, move)
                    if move[1] >= found and core.home() + 1 == core.cards:
                        self.win = line_text(self.game, self.core, _line(parents, child))
                        return True
                    new.append(move)
            if not new:
                continue
            base = -value
            deltas = core.values(new, weights)
            before = None
            here = core.snapshot()
            for move, delta in zip(new, deltas, strict=True):
                src, dst = move
                token = core.play(src, dst)
                if dst >= found:
                    # a card home changes every card's urgency: value the child in full
                    if before is None:
                        core.undo(src, dst, token)
                        before = core.evaluation(weights)
                        token = core.play(src, dst)
                    delta = core.evaluation(weights) - before
                counter += 1
                heapq.heappush(heap, (-(base + delta), counter, core.key, here, move))
                core.undo(src, dst, token)
            if self.nodes >= turn:
                turn = self.nodes + TURN
                yield
        return False


def _line(parents: dict[int, tuple[int, CoreMove] | None], key: int) -> list[CoreMove]:
    """The moves from the start to the position of ``key``, along the parent links."""
    line = []
    while (link := parents[key]) is not None:
        key, move = link
        line.append(move)
    line.reverse()
    return line
