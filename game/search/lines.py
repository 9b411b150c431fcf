"""The solver's searches that prove nothing: greedy lines of play.

- :class:`Probe`, one greedy line with the hint's lookahead, seeing the whole deal or
  only what a player sees, and, with a planning budget, a short depth-first search of
  the whole deal (:class:`~.depth_first.DepthFirst`) from each position where a stock
  card shows (:class:`Planner` is the demo player's way of playing so);
- :class:`Lines`, several such lines of different lookahead and sight one after
  another, and :class:`PlannerLines`, the rule set's planners one after another.

A line wins or sticks; when it sticks it proves nothing, since other moves might have
won. The lookahead is the hint's search (:func:`~.hint.rank_moves`) on the engine's
position, so a line that sees only the player's view plays what the demo player would.
"""

from __future__ import annotations

import time

from ..engine.state import Game
from .depth_first import DepthFirst, OneAfterAnother, Steps, bounded
from .hint import rank_moves
from .knowledge import PositionHash

#: the probe's lookahead per move (positions of the hint's search)
PROBE_NODES = 300


class Probe:
    """The greedy probe as a search that takes turns (see :func:`probe`): one line, each
    move the best of :func:`~game.search.hint.rank_moves` with ``per_move`` positions of
    lookahead. With ``view`` the lookahead sees only the player's view, as the hint and
    the demo player do (the line is then the demo player's game at that budget, where it
    does not plan), otherwise the whole deal. With ``plan_nodes``, before the first move
    and after each move that brought a stock card into play, a depth-first search of the
    whole deal within that many positions (:meth:`_plan`; see :class:`Planner`)."""

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
            per_move = self.per_move
            if self.max_nodes - self.nodes < per_move:
                # a move chosen with a shorter lookahead could differ from the one a
                # larger budget plays, and a smaller budget must cut the line, not change it
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
        search = DepthFirst(game, min(self.plan_nodes, self.max_nodes - self.nodes))
        won = yield from bounded(search)
        self.planned += search.nodes
        self.nodes += search.nodes
        if won:
            self.win = [game.move_text(m) for m in game.moves_played] + search.win
        return bool(won)


class Planner(Probe):
    """The demo player's way of playing, seeing the whole deal: the line of the best hint
    on the player's view (:data:`PLANNER_HINT_NODES` positions a move), and a depth-first
    search of the whole deal (:data:`PLANNER_PLAN_NODES` positions) from the start and
    from each position where a stock card has just come into play; a win of any of those
    searches is a win of the deal. Each search starts where the line's play has taken
    the game, so together they reach positions that a search from the start reaches only
    after a great many others (tests/search/test_solver.py has a deal the planner wins
    where the searches from the start wander). Like the probe, it proves nothing when it
    ends."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        super().__init__(game, max_nodes, PLANNER_HINT_NODES, view=True, plan_nodes=PLANNER_PLAN_NODES)


#: the planner's budgets (:class:`Planner`): the hint's lookahead per move, as the demo
#: player's, and the depth-first search from each position where a stock card has shown
PLANNER_HINT_NODES = 1000
PLANNER_PLAN_NODES = 3500


#: the greedy lines of the "lines" search, played one after another from the same position
#: while its budget lasts: (whether the line sees only the player's view, lookahead
#: positions per move, positions of each planning search: 0 for none, see :class:`Probe`).
#: In Lady Cadogan one line wins a deal or sticks within a few seconds, most stick in one
#: or two, and lines of different budgets and sight win quite different deals, so many
#: cheap lines win more deals than one long search.
LINES: tuple[tuple[bool, int, int], ...] = (
    (True, 300, 0), (False, 100, 0), (True, 150, 0), (False, 300, 0), (False, 200, 0), (True, 600, 0),
    (True, 1000, 0), (False, 500, 0),
)

#: the standard lines of the "plans" search (the same fields as :data:`LINES`), for a
#: rule set whose profile names none (``search.planner_lines``): first the planner
#: (:class:`Planner`), then two planners that see the whole deal (planning twice as far;
#: a cheaper lookahead) and two on the player's view (a longer lookahead; planning twice
#: as far). A planner's line ends long before the stage's budget, and where it sticks a
#: planner of other sight and reach often wins (docs/search.md, "Greedy lines").
PLANNERS: tuple[tuple[bool, int, int], ...] = (
    (True, PLANNER_HINT_NODES, PLANNER_PLAN_NODES), (False, 1000, 3000), (False, 300, 1500),
    (True, 2000, 1500), (True, 1000, 3000),
)


class Lines(OneAfterAnother):
    """The lines of :data:`LINES` one after another (each a :class:`Probe` on a fresh copy
    of the position), sharing one node budget; True as soon as one ends won. Like the
    probe, it proves nothing when every line sticks."""

    lines = LINES

    def steps(self) -> Steps:
        for view, per_move, plan_nodes in self.lines:
            left = self._next_budget()
            if left <= 0:
                break
            line = self.current = Probe(self.game.clone(), left, per_move, view, plan_nodes)
            if (yield from line.steps()):
                self.win = line.win
                return True
        return None


class PlannerLines(Lines):
    """The rule set's planner lines (its profile's, or :data:`PLANNERS`), as
    :class:`Lines` plays its own."""

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
    runner = Probe(game.clone(), max_nodes)
    steps = runner.steps()
    for _ in steps:
        if time.perf_counter() > deadline:
            break
    return [runner.game.move_text(m) for m in runner.game.moves_played], runner.nodes
