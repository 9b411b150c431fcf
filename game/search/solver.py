"""The solver: can this deal be won? Full information (it sees the stock), so its answer
is a property of the deal, never advice to a player.

Two complete searches over the position graph, and searches that prove nothing:

- :class:`_Search`, depth-first with make/unmake (``play``/``undo`` on one private
  clone), the moves tried best first by the evaluation of the position each leads to
  (:mod:`game.search.evaluate`), ties in :func:`~game.search.knowledge.ordered_moves`
  order;
- :class:`_BestFirst`, which always goes on from the best-looking position seen so far;
- :class:`_Probe`, one greedy line with the hint's lookahead, :class:`_Lines`, several
  such lines of different lookahead and sight one after another, and :class:`_Planner`,
  the demo player's line with a short depth-first search from each position where a
  stock card shows;
- :class:`_Narrow`, the depth-first search with the fills of spaces narrowed to the
  cards the foundations need soonest (the Constitution sets), and :class:`_Narrowing`,
  many short such searches one after another;
- :class:`~game.search.cadogan_beam.Beams`, beam searches on a lean Lady Cadogan
  position of their own (:mod:`game.search.cadogan_beam`), Lady Cadogan's way to wins.

Each complete search puts every position it reaches in a set keyed by its position
hash (:class:`~game.search.knowledge.PositionHash`, equal when ``Game.key()`` is) and
never searches a position twice. That is a reachability search: if a won position can be
reached, it is found, and when a search ends without a win, every reachable position has
been seen, which proves the deal lost. Positions that :func:`~game.search.knowledge.is_dead`
proves lost are not searched on (only hand-made positions can be:
:func:`~game.search.knowledge.may_become_dead`), and forced moves (see
:mod:`game.search.knowledge`) are played without branching. When the budget runs out,
the answer is "unknown": nothing seen before the cut is trusted as a proof.

A rule set's searches (the stages of its profile) run side by side, taking turns every
few hundred positions, so the first to find a win (or to finish) answers for all.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Generator
from dataclasses import dataclass, field

from ..engine.profile import Layout
from ..engine.rows import row_of
from ..engine.state import Game, Move
from .cadogan_beam import Beams
from .evaluate import evaluate, rows_distances
from .hint import rank_moves
from .knowledge import PositionHash, forced_move, is_dead, may_become_dead, ordered_moves
from .square_proof import SquareLayers

WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: the default node budget: far more than ten seconds of search on one core
DEFAULT_MAX_NODES = 50_000_000
#: positions a search takes in one turn before the next search's turn
TURN = 256
PROBE_NODES = 300

#: a search's generator yields between turns and returns True (won), False (lost) or
#: None (it ends without proving anything: the probe)
Steps = Generator[None, None, bool | None]


@dataclass
class SolveResult:
    """What the solver found for a position."""

    status: str  # "won" | "lost" | "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line in notation when won
    nodes: int = 0  # positions searched, the greedy probe's lookahead included
    seconds: float = 0.0
    probe_seconds: float = 0.0  # of which the searches that prove nothing took this long
    probe_nodes: int = 0  # and searched this many positions


class _OutOfBudget(Exception):
    """Raised inside a search when its node budget is spent."""


class _Search:
    """A depth-first search: the private position, the seen set and the node budget."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        self.game = game
        self.hash = PositionHash(game)
        self.seen: set[int] = {self.hash.key()}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.win: list[str] = []
        # every position the search reaches is reached from this one
        self.dead_test = may_become_dead(game)
        #: a narrowed search's random draws, when it has a seed: each move's evaluation
        #: is shaken by up to ``shake`` (the profile's ``jitter``), and ties between
        #: equally needed fills are drawn
        self.random: random.Random | None = None
        self.shake = 0.0

    def _count(self, key: int) -> bool:
        """Add a new position to the seen set; True when it is time to yield a turn."""
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget
        self.seen.add(key)
        self.nodes += 1
        return self.nodes % TURN == 0

    def steps(self) -> Steps:
        """True when a win was found (``self.win`` holds it), False when proved lost;
        raises _OutOfBudget when the node budget is spent first.

        An explicit stack of move iterators, one per position on the current line, so
        that lines thousands of moves long need no recursion.
        """
        game = self.game
        seen = self.seen
        hasher = self.hash
        if game.is_won():
            return True
        stack = [iter(self._candidates())]
        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if stack:
                    game.undo()
                    hasher.undone()
                continue
            hasher.played(game.play_legal(move))
            key = hasher.key()
            if key in seen:
                game.undo()
                hasher.undone()
                continue
            if self._count(key):
                yield
            if game.is_won():
                self.win = [game.move_text(m) for m in game.moves_played]
                return True
            stack.append(iter(self._candidates()))
        return False

    def _candidates(self) -> list[Move]:
        """The moves to try here: the forced one alone, or all in a good order."""
        game = self.game
        moves = game.legal_moves()
        if not moves or (self.dead_test and is_dead(game)):
            return []
        forced = forced_move(game, moves)
        if forced is not None:
            return [forced]
        ordered = self._before_evaluation(ordered_moves(game, moves))
        if len(ordered) < 2:
            return ordered
        scored = []
        draws = self.random
        for i, move in enumerate(ordered):
            game.play_legal(move)
            score = -evaluate(game, 0)
            if draws is not None:
                score += draws.uniform(0.0, self.shake)
            scored.append((score, i, move))
            game.undo()
        scored.sort()
        return [m for _, _, m in scored]

    def _before_evaluation(self, moves: list[Move]) -> list[Move]:
        """The moves worth evaluating (all of them: a narrowed search leaves some out)."""
        return moves


class _Narrow(_Search):
    """The depth-first search with the fills of spaces narrowed. In ``constitution`` an
    owed space in a row of ``limits`` is filled only with the card of the row below that
    the foundations need soonest (by :func:`~game.search.evaluate.rows_distances`), or
    with one of the ``limit`` most needed; in Lady Cadogan, where filling is a choice, of
    the moves that fill an empty place only the one taking the card needed soonest is
    tried (:meth:`_fills`). Among equally needed cards it takes the one the search's order
    puts first, or, with a ``seed``, one at random; with a seed it also shakes the order
    of every move, adding to each move's evaluation a random amount up to the rule set's
    ``jitter`` of its profile (fills left out are dropped before they are evaluated). It proves
    nothing when it ends without a win, since the fills it leaves out might win.

    A space costs the complete search a choice of up to eight cards at each row it
    passes (in ``constitution`` one card leaving Row 2 makes up to 64 positions that
    differ only in what waits in Rows 3 and 4), and on the hard deals the complete
    searches spend their whole budget on those choices at one stage of the game.
    Narrowed, the search goes deep at once (see :class:`_Narrowing`).
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

    def _fills(self, moves: list[Move]) -> tuple[list[Move], int] | None:
        """The moves of ``moves`` that the narrowing may leave out and how many different
        cards of them it keeps, or None. ``constitution``: an owed fill of a row in
        ``limits`` (every move is one). Lady Cadogan, where filling a space is a choice:
        the moves that fill an empty place of a row in ``limits`` from the row below (as
        many cards as the smallest of those rows' limits); every other move is kept."""
        game = self.game
        profile = game.profile
        if profile.fills_owed:
            owed = game.owed_space()
            limit = self.limits.get(row_of(owed)) if owed is not None else None
            return None if limit is None else (moves, limit)
        if profile.layout is not Layout.ROWS:
            return None
        piles = game.piles
        tableau = game.tableau
        fills = [m for m in moves if m.src in tableau and m.dst in tableau and not piles[m.dst]
                 and row_of(m.dst) in self.limits]
        if not fills:
            return None
        return fills, min(self.limits[row_of(m.dst)] for m in fills)

    def _before_evaluation(self, moves: list[Move]) -> list[Move]:
        """Leave out, before they are evaluated, the fills that take a card needed later
        than the ``limit`` cards needed soonest (those tied with them stay, for
        :meth:`_candidates` to choose among once evaluated)."""
        found = self._fills(moves)
        if found is None:
            return moves
        fills, limit = found
        piles = self.game.piles
        distance = rows_distances(self.game)
        needs = sorted(distance[c] for c in {piles[m.src][-1] for m in fills})
        if len(needs) <= limit:
            return moves
        cut = needs[limit - 1]
        dropped = {m for m in fills if distance[piles[m.src][-1]] > cut}
        if not dropped:
            return moves
        self.pruned = True
        return [m for m in moves if m not in dropped]

    def _candidates(self) -> list[Move]:
        moves = super()._candidates()
        found = self._fills(moves)
        if found is None:
            return moves
        fills, limit = found
        if len(fills) <= limit:
            return moves
        kept = self._most_needed(fills, limit)
        return kept if fills is moves else [m for m in moves if m not in fills or m in kept]

    def _most_needed(self, fills: list[Move], limit: int) -> list[Move]:
        """Of ``fills`` (in the search's order), those taking the ``limit`` different
        cards the foundations need soonest, ties in that order or, with a seed, drawn at
        random."""
        piles = self.game.piles
        distance = rows_distances(self.game)
        draw = self.random.random if self.random is not None else _no_draw
        kept: list[Move] = []
        cards: set[int] = set()
        for move in sorted(fills, key=lambda m: (distance[piles[m.src][-1]], draw())):
            card = piles[move.src][-1]
            if card not in cards:
                cards.add(card)
                kept.append(move)
                if len(kept) == limit:
                    self.pruned = True
                    break
        return kept


def _no_draw() -> float:
    """Ties kept in the search's order (a sort key that never differs)."""
    return 0.0


#: the positions of each of :class:`_Narrowing`'s searches. Shorter restarts win more
#: and sooner. Of 20 deals that were hard for ``constitution`` at 10 s (shaken by 12
#: points), 13 were won with 20,000 positions a search, 13 with 10,000 and 14 with 5,000,
#: in 4.1 s on average instead of 5.9 s. Of 40 Lady Cadogan deals left unknown (shaken by
#: 50), none was won with 20,000, 16 with 5,000 and 15 with 3,000; of 40 that it had won
#: in more than 4 s, 40, 39 and 39. Searches lengthened along Luby's sequence (units of
#: 2,000, 5,000 and 10,000 positions) won 14, 10 and 6 of the 40 unknown.
NARROW_NODES = 5_000
# How far a narrowed search with a seed shakes the evaluation of each move, at most, is
# the profile's ``search.jitter`` (evaluation points: a card on a foundation is worth
# 100), so that its restarts try the moves in different orders, not only the tied fills.
# With searches of 5,000 positions: of the 20 hard ``constitution`` deals, shakes of 6,
# 12 and 20 points won 8, 14 and 16 (two of them, 32 and 997, never won before); of the
# 40 Lady Cadogan deals left unknown, 50 and 80 points won 16 and 20, and of 40 others,
# 50, 80 and 120 points won 16, 16 and 18. Yet on games 1-1000 a shake of 120 won 887
# Lady Cadogan deals against 890 with 80 (it lost 5 of 40 deals won in more than 3 s).
# With searches of 20,000 positions: of 16 ``constitution`` deals, 5, 10, 15, 20 and 40
# points won 4, 10, 9, 8 and 8; of 40 Lady Cadogan deals, 12, 25, 50 and 100 points won
# 2, 13, 20, 18.


class _OneAfterAnother:
    """Searches run one after another on fresh copies of the position, sharing one node
    budget (:class:`_Lines`, :class:`_Narrowing`): ``nodes`` counts the positions of
    those ended and of the one running (``current``)."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.done = 0  # positions searched by the searches already ended
        self.current: _Search | _Probe | None = None
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


class _Narrowing(_OneAfterAnother):
    """Narrowed depth-first searches (:class:`_Narrow`) one after another, each within
    :data:`NARROW_NODES` positions, through every narrowing of the rule set's profile
    (``search.narrowings``; see :class:`_Narrow`'s ``limits``) in turn:
    first in the search's order, then again with ties drawn at random and every move's
    evaluation shaken (seeds 1, 2, …; see :class:`_Narrow`), until one wins, the budget
    is spent, or a search ends without having left out any fill (every other would
    search the same positions). Like the lines, it proves nothing.

    On the hard deals a narrowed search either wins within a second or wanders for good,
    and which narrowing and which order wins differs from deal to deal, so many short
    searches win more than one long one. Of the 44 deals of games 1-1000 that the
    complete searches and the planners left unknown at 10 s, the first narrowing alone
    won 23 within 5 s each (most within one), the second 5 of the others, and searches
    with ties drawn at random won some deals no fixed order did (games 35, 271, 785).
    Shaking the whole order, not only the ties, won far more: of the 16 ``constitution``
    deals still unknown at 10 s, 10 (with the narrowed searches given 85% of the time
    after the first 2 s; 2 without the shaking, 4 with a shake of 5 points, 8 with 20 or
    40), among them 132, 249 and 488, which no search had won before. In Lady Cadogan,
    of 40 deals the solver had left unknown, the narrowed searches for the first 2 s won
    8 with a shake of 12 points and 3 without; given half the budget, 14; games 1-1000
    went from 685 wins to 828 with half the budget and a shake of 50. Shorter searches
    (:data:`NARROW_NODES`) and stronger shakes (the profile's ``jitter``) raised games 1-1000 to
    993 wins in ``constitution`` and 890 in Lady Cadogan (where beam searches now come
    first and these have the last 15% of the budget: see the stages below).
    """

    def steps(self) -> Steps:
        run = 0
        narrowings = self.game.profile.search.narrowings
        while (left := self._next_budget()) > 0:
            limits = narrowings[run % len(narrowings)]
            seed = run // len(narrowings) or None
            run += 1
            search = self.current = _Narrow(self.game.clone(), min(NARROW_NODES, left), limits, seed)
            try:
                won = yield from search.steps()
            except _OutOfBudget:
                won = None
            if won:
                self.win = search.win
                return True
            if not search.pruned and search.nodes < search.max_nodes:
                return None
            yield  # a turn's end between two searches, so that a deadline is seen
        return None


class _BestFirst(_Search):
    """The same reachability search, but always going on from the best-looking position
    seen so far (by the evaluation) instead of the deepest one.

    Positions waiting to be searched are kept compactly (their piles as bytes and the
    rule set's small extra state); each remembers the position it came from and the move,
    so a win is read back along those links. When no position is left waiting, every
    reachable position has been searched: the position is lost, as for the depth-first
    search.
    """

    def steps(self) -> Steps:
        game = self.game
        if game.is_won():
            return True
        start = self.hash.key()
        parents: dict[int, tuple[int, Move] | None] = {start: None}
        heap: list[tuple[float, int, int, bytes, object]] = []
        counter = 0
        heapq.heappush(heap, (0.0, counter, start, _pack(game), game._save()))
        seen = self.seen
        hasher = self.hash
        while heap:
            _, _, key, packed, extra = heapq.heappop(heap)
            before, saved = game.piles[:], game._save()
            _unpack(game, packed, extra)
            # the position searched last is often this one's parent or sibling
            hasher.resync(before, saved)
            moves = game.legal_moves()
            if not moves or (self.dead_test and is_dead(game)):
                continue
            forced = forced_move(game, moves)
            candidates = [forced] if forced is not None else ordered_moves(game, moves)
            for move in candidates:
                hasher.played(game.play_legal(move))
                child = hasher.key()
                if child not in seen:
                    if self._count(child):
                        yield
                    parents[child] = (key, move)
                    if game.is_won():
                        line = [move]
                        at = key
                        while (link := parents[at]) is not None:
                            at, back = link
                            line.append(back)
                        line.reverse()
                        self.win = [game.move_text(m) for m in line]
                        return True
                    counter += 1
                    heapq.heappush(heap, (-evaluate(game, 0), counter, child, _pack(game), game._save()))
                game.undo()
                hasher.undone()
        return False


def _pack(game: Game) -> bytes:
    """The piles of a position as one bytes object (255 never is a card)."""
    return b"\xff".join(bytes(p) for p in game.piles)


def _unpack(game: Game, packed: bytes, extra: object) -> None:
    """Put a packed position into ``game`` (its history is dropped)."""
    game.piles[:] = [list(b) for b in packed.split(b"\xff")]
    game._restore(extra)
    game.history.clear()
    game.future.clear()


class _Probe:
    """The greedy probe as a search that takes turns (see :func:`probe`): one line, each
    move the best of :func:`~game.search.hint.rank_moves` with ``per_move`` positions of
    lookahead. With ``view`` the lookahead sees only the player's view, as the hint and
    the demo player do (the line is then the demo player's game at that budget, where it
    does not plan), otherwise the whole deal. With ``plan_nodes``, before the first move
    and after each move that brought a stock card into play, a depth-first search of the
    whole deal within that many positions (:meth:`_plan`; see :class:`_Planner`)."""

    def __init__(self, game: Game, max_nodes: int, per_move: int = PROBE_NODES, view: bool = False,
                 plan_nodes: int = 0) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.per_move = per_move
        self.view = view
        self.plan_nodes = plan_nodes
        self.nodes = 0
        self.planned = 0  # of the nodes, those of the depth-first searches (``plan_nodes``)
        self.win: list[str] = []

    def steps(self) -> Steps:
        """Play the line a move at a time; True when it ends won, None otherwise."""
        game = self.game
        hasher = None if self.view else PositionHash(game)
        # the positions played through: with ``view`` those before this one, by their
        # player's views, as the demo player keeps them (:func:`~game.search.hint.history_keys`)
        seen = set() if hasher is None else {hasher.key()}
        counter = [0]
        stock_left = -1
        while not game.is_won():
            if self.plan_nodes and len(game.piles[game.stock]) != stock_left:
                stock_left = len(game.piles[game.stock])
                if (yield from self._plan()):
                    return True
            per_move = min(self.per_move, self.max_nodes - self.nodes)
            if per_move <= 0:
                return None
            position = game if hasher is not None else game.player_view()
            ranked = rank_moves(position, seen, max_nodes=per_move, max_ms=None, avoid_repeats=True,
                                counter=counter)
            if hasher is None:
                seen.add(PositionHash(position).key())
            self.nodes = counter[0] + self.planned
            if not ranked:
                return None
            transfers = game.play(ranked[0][0])
            if hasher is not None:
                hasher.moved(transfers)
                seen.add(hasher.key())
            yield
        self.win = [game.move_text(m) for m in game.moves_played]
        return True

    def _plan(self) -> Steps:
        """A depth-first search of the whole deal from here, within ``plan_nodes``; True
        (the line so far and the search's win in ``self.win``) when it finds a win. A
        search that ends without one proves only this position lost, not the deal."""
        game = self.game
        search = _Search(game.clone(), min(self.plan_nodes, self.max_nodes - self.nodes))
        try:
            won = yield from search.steps()
        except _OutOfBudget:
            won = False
        self.planned += search.nodes
        self.nodes += search.nodes
        if won:
            self.win = [game.move_text(m) for m in game.moves_played] + search.win
        return bool(won)


class _Planner(_Probe):
    """The demo player's way of playing, seeing the whole deal: the line of the best hint
    on the player's view (:data:`PLANNER_HINT_NODES` positions a move), and a depth-first
    search of the whole deal (:data:`PLANNER_PLAN_NODES` positions) from the start and
    from each position where a stock card has just come into play; a win of any of those
    searches is a win of the deal. Each search starts where the line's play has taken
    the game, so together they reach positions that a search from the start reaches only
    after a great many others (Constitution 732: a win within 6,010 positions, where the
    depth-first search from the start finds none in 100,000). Like the probe, it proves
    nothing when it ends."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        super().__init__(game, max_nodes, PLANNER_HINT_NODES, view=True, plan_nodes=PLANNER_PLAN_NODES)


#: the planner's budgets (:class:`_Planner`): the hint's lookahead per move, as the demo
#: player's, and the depth-first search from each position where a stock card has shown
PLANNER_HINT_NODES = 1000
PLANNER_PLAN_NODES = 1500


#: the greedy lines of the "lines" search, played one after another from the same position
#: while its budget lasts: (whether the line sees only the player's view, lookahead
#: positions per move, positions of each planning search: 0 for none, see :class:`_Probe`).
#: In Lady Cadogan one line wins a deal or sticks within a few seconds, most stick in one
#: or two, and lines of different budgets and sight win quite different deals, so many
#: cheap lines win more deals than one long search.
LINES: tuple[tuple[bool, int, int], ...] = (
    (True, 300, 0), (False, 100, 0), (True, 150, 0), (False, 300, 0), (False, 200, 0), (True, 600, 0),
    (True, 1000, 0), (False, 500, 0),
)

#: the standard lines of the "plans" search (the same fields as :data:`LINES`), for a
#: rule set whose profile names none (``search.planner_lines``): first the planner
#: (:class:`_Planner`), then two planners that see the whole deal (planning twice as far;
#: a cheaper lookahead) and two on the player's view (a longer lookahead; planning twice
#: as far). A planner's line ends within 1-6 s (2 s on average), so in ``constitution``
#: the first leaves its stage half its time; of the 54 deals of games 1-1000 it left
#: unknown, the later lines won 5. Lady Cadogan's profile has a cheaper lookahead (every
#: turn of the stock shows a card, and each is followed by a planning search); on games
#: 1-40 the first alone won 17 deals within 4 s each and the two together 21, where the
#: solver without them won 19.
PLANNERS: tuple[tuple[bool, int, int], ...] = (
    (True, PLANNER_HINT_NODES, PLANNER_PLAN_NODES), (False, 1000, 3000), (False, 300, 1500),
    (True, 2000, 1500), (True, 1000, 3000),
)


class _Lines(_OneAfterAnother):
    """The lines of :data:`LINES` one after another (each a :class:`_Probe` on a fresh copy
    of the position), sharing one node budget; True as soon as one ends won. Like the
    probe, it proves nothing when every line sticks."""

    lines = LINES

    def steps(self) -> Steps:
        for view, per_move, plan_nodes in self.lines:
            left = self._next_budget()
            if left <= 0:
                break
            line = self.current = _Probe(self.game.clone(), left, per_move, view, plan_nodes)
            if (yield from line.steps()):
                self.win = line.win
                return True
        return None


class _PlannerLines(_Lines):
    """The rule set's planner lines (its profile's, or :data:`PLANNERS`), as
    :class:`_Lines` plays its own."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        super().__init__(game, max_nodes)
        lines = game.profile.search.planner_lines
        self.lines = PLANNERS if lines is None else lines


def probe(game: Game, deadline: float, *, max_nodes: int = 10 ** 9) -> tuple[list[str], int]:
    """Play one line greedily with the hint's lookahead, seeing the whole deal.

    Returns the line in notation (a win when it ends won) and the positions its
    lookahead searched. Each move's lookahead is bounded by :data:`PROBE_NODES` only,
    the whole probe by ``max_nodes`` and by ``deadline`` (checked between moves), so when
    the deadline does not bind the line is a pure function of the position and budgets.
    Where the depth-first order wanders, this finds many wins of the games with a waste
    quickly; it proves nothing when it fails.
    """
    runner = _Probe(game.clone(), max_nodes)
    steps = runner.steps()
    for _ in steps:
        if time.perf_counter() > deadline:
            break
    return [runner.game.move_text(m) for m in runner.game.moves_played], runner.nodes


#: the pseudo-search of a stage that goes on with the complete searches (depth-first and
#: best-first) that earlier stages' deadlines paused, from where they stopped
RESUME = "resume"

# The searches each rule set runs, in stages, are its profile's ``search.stages``: each
# stage is the searches that run side by side (taking turns) and the share of the time
# and nodes still left that it may use (the last stage uses all that is left). "dfs" is
# :class:`_Search`, "best" :class:`_BestFirst`, "probe" :class:`_Probe`, "lines"
# :class:`_Lines`, "plan" :class:`_Planner`, "plans" :class:`_PlannerLines`, "narrow"
# :class:`_Narrow`, "narrowing" :class:`_Narrowing`, "layers"
# :class:`~game.search.square_proof.SquareLayers` (English Square only), "beams"
# :class:`~game.search.cadogan_beam.Beams` (Lady Cadogan only); "resume" (:data:`RESUME`)
# goes on with the complete searches earlier stages paused. Union Square's wins mostly
# come at once from the depth-first order, most of the rest from the probe, and the
# planners win the deals where the probe's line sticks (all 5 such deals of games
# 1-1000). In ``constitution`` the depth-first search finds most wins in a few hundred
# positions and the best-first search many of the rest (875 of games 1-1000 within 1 s);
# after 20% of the budget (2 s of the default 10) the narrowed searches
# (:class:`_Narrowing`), given 85% of the rest, win most of the deals they miss, nearly
# all within 3 s (of the 116 deals of games 1-1000 that took the solver more than 1.5 s
# or were left unknown, they alone won 93 within 5 s each before their restarts shook the
# whole order); then the planners (:data:`PLANNERS`) and the two searches going on where
# they stopped share what is left (games 1-1000: 993 won, 2 lost, 5 unknown; 990 won and
# 8 unknown with restarts of 20,000 positions shaken by 12 points; 979 won and 19
# unknown when only ties were drawn at random and the narrowed searches had 60%; 953 won
# and 45 unknown before the narrowed searches). Lady Cadogan: beam searches
# (:class:`~game.search.cadogan_beam.Beams`) for 85% of the budget, then the narrowed
# searches for the rest (games 1-1000: 990 won, 10 unknown, mean 0.75 s; 985 with beams
# of one kind). Every move there takes a card one step nearer the foundations, so
# positions of equal potential are equally far from a win and a beam compares them
# fairly; the complete searches win few deals, and the greedy lines, planners and
# narrowed searches that were its plan before won 890 (the planner lines, narrowings and
# shakes have how they were tuned). English Square: the layered search of
# :mod:`game.search.square_proof` alone. It is complete, and with its test that the waste
# can still be emptied it proves 998 of games 1-1000 lost within 10 s (mean 0.24 s) and
# the other two in 15 and 26 s; before it, the probe and the depth-first search decided
# none of games 1-1000.
_Searcher = _Search | _Probe | _OneAfterAnother | SquareLayers | Beams
_KINDS: dict[str, type[_Searcher]] = {"dfs": _Search, "best": _BestFirst, "probe": _Probe, "lines": _Lines,
                                      "plan": _Planner, "plans": _PlannerLines, "narrow": _Narrow,
                                      "narrowing": _Narrowing, "layers": SquareLayers, "beams": Beams}
#: the searches that prove nothing (the lines and the narrowed searches): their time and
#: positions are counted apart (``probe_seconds``, ``probe_nodes``), and a stage's end
#: drops them instead of pausing them for a "resume"
_LINE_KINDS = (_Probe, _Narrow, _OneAfterAnother, Beams)


def solve(game: Game, *, max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float = 10.0,
          plan: tuple[str, ...] | None = None) -> SolveResult:
    """Decide whether ``game`` can be won from its current position.

    Works on a clone (``game`` is never changed). Returns "won" with the winning moves
    (from this position, in notation), "lost" only when every reachable position was
    searched (by the depth-first or the best-first search: each alone is complete), or
    "unknown" when ``max_nodes`` or ``max_seconds`` ran out first. The rule set's stages
    of searches (its profile's ``search.stages``) run in turn, or the searches of
    ``plan`` side by side when it is given. ``nodes`` counts every position they
    searched, so it never exceeds ``max_nodes``; when ``max_seconds`` does not bind, the
    whole result but its seconds is a pure function of the position and ``max_nodes``.
    Raises ValueError for a player's view, whose stock is unknown, or an unknown plan.
    """
    if game.is_view:
        raise ValueError("the solver needs the whole deal, not a player's view")
    stages = game.profile.search.stages if plan is None else ((plan, 1.0),)
    for number, (stage, _) in enumerate(stages):
        if stage == (RESUME,) and number > 0:
            continue
        if not stage or any(k not in _KINDS for k in stage):
            raise ValueError(f"a plan names searches from {sorted(_KINDS)}, not {stage!r}")
    start = time.perf_counter()
    end = start + max_seconds
    result = SolveResult(UNKNOWN)
    paused: list[_Running] = []
    for number, (stage, share) in enumerate(stages):
        resume = stage == (RESUME,)
        # a stage of lines just before a "resume" with nothing to resume is the last one
        last = number == len(stages) - 1 or (
            stages[-1][0] == (RESUME,) and number == len(stages) - 2 and not paused
            and all(issubclass(_KINDS[k], _LINE_KINDS) for k in stage))
        left = max_nodes - result.nodes
        now = time.perf_counter()
        if left <= 0 or now > end:
            break
        nodes = left if last else int(share * left)
        deadline = end if last else now + share * (end - now)
        if resume:
            running, paused = paused, []
            for search, _ in running:
                # the node budget left, shared: never more than the search had
                search.max_nodes = min(search.max_nodes, search.nodes + max(1, nodes // len(running)))
        else:
            running = _start(game, stage, nodes)
        paused += _run_stage(running, deadline, result)
        if result.status != UNKNOWN or last:
            break
    result.seconds = time.perf_counter() - start
    return result


_Running = tuple[_Searcher, Steps]


def _start(game: Game, kinds: tuple[str, ...], max_nodes: int) -> list[_Running]:
    """The searches of a stage on clones of ``game``, ``max_nodes`` shared equally."""
    share = max(1, max_nodes // len(kinds))
    searches: list[_Searcher] = [_KINDS[k](game.clone(), share) for k in kinds]
    return [(s, s.steps()) for s in searches]


def _run_stage(running: list[_Running], deadline: float, result: SolveResult) -> list[_Running]:
    """Run searches side by side until one answers, all end or ``deadline`` passes; add
    the positions they searched to ``result``. Returns the complete searches the deadline
    paused (a line's search is dropped: it is only worth going on with in its stage)."""
    searches = [s for s, _ in running]
    counted = [s.nodes for s in searches]
    running = list(running)
    while running and result.status == UNKNOWN and time.perf_counter() <= deadline:
        for entry in list(running):
            search, steps = entry
            turn_start = time.perf_counter()
            try:
                next(steps)
                answer = None
                finished = False
            except StopIteration as stop:
                answer = stop.value
                finished = True
            except _OutOfBudget:
                answer = None
                finished = True
            if isinstance(search, _LINE_KINDS):
                result.probe_seconds += time.perf_counter() - turn_start
            if finished:
                running.remove(entry)
                if answer is not None:
                    result.status = WON if answer else LOST
                    result.moves = search.win if answer else []
                    break
    done = [s.nodes - n for s, n in zip(searches, counted, strict=True)]
    result.nodes += sum(done)
    result.probe_nodes += sum(d for s, d in zip(searches, done, strict=True) if isinstance(s, _LINE_KINDS))
    if result.status != UNKNOWN:
        return []
    return [entry for entry in running if not isinstance(entry[0], _LINE_KINDS)]
