"""The solver: can this deal be won? Full information (it sees the stock), so its answer
is a property of the deal, never advice to a player.

The searches it runs, by name (a rule set's profile names them in ``search.stages``):

- complete searches, which prove a deal lost when they run out of positions: ``dfs``
  (:class:`~.depth_first.DepthFirst`), ``best`` (:class:`~.depth_first.BestFirst`),
  ``proof`` (Lady Cadogan's, :class:`~.cadogan_proof.CadoganProof`) and ``layers``
  (English Square's layered search, :class:`~.square_proof.SquareLayers`); the first
  three play on a lean copy of the position (:mod:`.lean`);
- searches that prove nothing: ``narrow`` and ``narrowing`` (the depth-first search with
  the fills of spaces narrowed, :mod:`.depth_first`), ``probe``, ``lines``, ``plan`` and
  ``plans`` (greedy lines of play, :mod:`.lines`), ``quick`` and ``beams`` (Lady
  Cadogan's beam searches, narrow ones once and then many, :mod:`.cadogan_beam`), and
  ``replan`` (the demo player's way of playing, with the whole deal in sight:
  :class:`~.demo.Replanner`).

**Budgets.** A rule set's stages run one after another; the searches of a stage run
side by side, taking turns every few hundred positions, so the first to find a win (or
to finish) answers for all. Each stage but the last has a number of positions (its
searches share them equally); the last has all the positions left. ``resume`` in a stage
goes on with the complete searches that earlier stages stopped at their budget, beside
the stage's own. So the work the solver does is one fixed sequence, whatever the budget: a budget only says
where the sequence is cut (``max_nodes`` at a number of positions, ``max_seconds`` at a
time). A smaller budget cuts it earlier, so a deal won (or proved lost) within a budget
is won within any larger one, and a machine busy with other work only moves the cut.
When the budget runs out, the answer is "unknown": nothing seen before the cut is
trusted as a proof.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.state import Game
from .cadogan_beam import Beams, QuickBeams
from .cadogan_proof import CadoganProof
from .depth_first import BestFirst, DepthFirst, Narrow, Narrowing, OneAfterAnother, Steps
from .lines import Lines, Planner, PlannerLines, Probe
from .square_proof import SquareLayers

if TYPE_CHECKING:
    from .demo import Replanner

WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: the default node budget: far more than ten seconds of search on one core
DEFAULT_MAX_NODES = 50_000_000
#: the seconds of a budget bounded by positions alone (``--positions`` without ``--budget``,
#: for ``solve`` and ``analyse``): a day, which no search of one game reaches
NO_TIME_LIMIT = 86_400.0

#: the pseudo-search of a stage that goes on with the complete searches (depth-first and
#: best-first) that earlier stages stopped at their budget, from where they stopped
RESUME = "resume"


@dataclass
class SolveResult:
    """What the solver found for a position."""

    status: str  # "won" | "lost" | "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line in notation when won
    nodes: int = 0  # positions searched, the greedy lines' lookahead included
    seconds: float = 0.0
    probe_seconds: float = 0.0  # of which the searches that prove nothing took this long
    probe_nodes: int = 0  # and searched this many positions


_Searcher = DepthFirst | Probe | OneAfterAnother | SquareLayers | Beams


def _replanner(game: Game, max_nodes: int, end: float | None = None, searched: int = 0,
               ran: dict[str, int] | None = None) -> Replanner:
    """The replanning search (:class:`~.demo.Replanner`), its plans stopping at the
    time ``end`` too; ``searched`` is how many positions the stages before it searched
    from this same position (:attr:`~.demo.Replanner.searched_here`), and ``ran`` how
    far each of their searches went (:attr:`~.demo.Replanner.ran_here`). Its module is
    imported when it first runs, since its plans are made by this one's :func:`solve`."""
    from .demo import Replanner

    search = Replanner(game, max_nodes)
    search.deadline = end
    search.searched_here = searched
    search.ran_here = dict(ran or {})
    return search


_KINDS: dict[str, Callable[[Game, int], _Searcher]] = {
    "dfs": DepthFirst, "best": BestFirst, "probe": Probe, "lines": Lines, "plan": Planner,
    "plans": PlannerLines, "narrow": Narrow, "narrowing": Narrowing, "layers": SquareLayers,
    "beams": Beams, "quick": QuickBeams, "proof": CadoganProof, "replan": _replanner}
#: the name of each search's class in :data:`_KINDS`
_KIND_OF: dict[type, str] = {made: name for name, made in _KINDS.items() if isinstance(made, type)}
#: in :func:`solve`'s record of how far each search went (``ran``), a search that ran to
#: its end without an answer: with any budget it would search what it searched
RAN_TO_ITS_END = 1 << 62
#: the search that plays on like the demo player (left out of the stages with
#: ``solve(replan=False)``)
REPLAN = "replan"
#: the searches that prove nothing: their time and positions are counted apart
#: (``probe_seconds``, ``probe_nodes``), and a stage's end drops them instead of keeping
#: them for a "resume"
_LINE_KINDS = (Probe, Narrow, OneAfterAnother, Beams)


def solve(game: Game, *, max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float = 10.0,
          plan: tuple[str, ...] | None = None, replan: bool = True) -> SolveResult:
    """Decide whether ``game`` can be won from its current position.

    Works on copies (``game`` is never changed). Returns "won" with the winning moves
    (from this position, in notation), "lost" only when a complete search ran out of
    positions, or "unknown" when ``max_nodes`` or ``max_seconds`` ran out first. The rule
    set's stages of searches (its profile's ``search.stages``) run in turn, or the
    searches of ``plan`` side by side when it is given. ``nodes`` counts every position
    they searched, so it never exceeds ``max_nodes`` (but for the replanning search's
    last hint, a few thousand positions); when ``max_seconds`` does not bind,
    the whole result but its seconds is a pure function of the position and
    ``max_nodes``. ``replan=False`` leaves the replanning search (``replan``) out of
    the stages: the demo player's plans, which are a part of it, ask the solver so. Raises
    ValueError for a player's view, whose stock is unknown, or an unknown plan.
    """
    if game.is_view:
        raise ValueError("the solver needs the whole deal, not a player's view")
    stages = game.profile.search.stages if plan is None else ((plan, None),)
    if not replan:
        stages = tuple((kept, nodes) for kept, nodes in
                       ((tuple(k for k in stage if k != REPLAN), nodes) for stage, nodes in stages) if kept)
    for number, (stage, _) in enumerate(stages):
        names = [k for k in stage if k != RESUME or number == 0]
        if not stage or len(names) < len(stage) - 1 or any(k not in _KINDS for k in names):
            raise ValueError(f"a plan names searches from {sorted(_KINDS)}, not {stage!r}")
    start = time.perf_counter()
    end = start + max_seconds
    result = SolveResult(UNKNOWN)
    paused: list[_Running] = []
    # how many positions each search has searched from this position, by its name: a
    # search of that name with as many or fewer would search a first part of the same
    ran: dict[str, int] = {}
    for stage, stage_nodes in stages:
        left = max_nodes - result.nodes
        if left <= 0 or time.perf_counter() > end:
            break
        nodes = left if stage_nodes is None else min(stage_nodes, left)
        kinds = tuple(k for k in stage if k != RESUME)
        running = []
        if RESUME in stage:
            running, paused = paused, []
        if not running and not kinds:
            continue
        share = max(1, nodes // (len(running) + len(kinds)))
        for search, _ in running:
            search.max_nodes = search.nodes + share
        running += _start(game, kinds, share * len(kinds), end, result.nodes, ran) if kinds else []
        paused += _run_stage(running, end, result, ran)
        if result.status != UNKNOWN:
            break
    result.seconds = time.perf_counter() - start
    return result


_Running = tuple[_Searcher, Steps]


def _start(game: Game, kinds: tuple[str, ...], max_nodes: int, end: float, searched: int,
           ran: dict[str, int] | None = None) -> list[_Running]:
    """The searches of a stage on copies of ``game``, ``max_nodes`` shared equally; the
    replanning search's plans stop at the time ``end`` too, and it is told that the
    stages before it ``searched`` so many positions, and how far each of their searches
    went (``ran``)."""
    share = max(1, max_nodes // len(kinds))
    searches: list[_Searcher] = [_replanner(game.clone(), share, end, searched, ran) if k == REPLAN
                                 else _KINDS[k](game.clone(), share) for k in kinds]
    return [(s, s.steps()) for s in searches]


def _run_stage(running: list[_Running], end: float, result: SolveResult,
               ran: dict[str, int] | None = None) -> list[_Running]:
    """Run searches side by side until one answers, all end or wait for positions their
    budget does not have, or the time ``end`` passes; add the positions they searched to
    ``result``, and to ``ran`` how far each search went (:data:`RAN_TO_ITS_END` for one
    that ended without an answer before its budget ran out). Returns the complete
    searches that stopped at their budget (a line's search is dropped: it is only worth
    going on with in its stage)."""
    searches = [s for s, _ in running]
    counted = [s.nodes for s in searches]
    running = list(running)
    stopped: list[_Running] = []
    while running and result.status == UNKNOWN and time.perf_counter() <= end:
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
            if isinstance(search, _LINE_KINDS):
                result.probe_seconds += time.perf_counter() - turn_start
            if finished:
                running.remove(entry)
                if answer is None and ran is not None and search.nodes < search.max_nodes:
                    # it ended within its budget, not at it
                    _record(ran, search, RAN_TO_ITS_END)
                if answer is not None:
                    result.status = WON if answer else LOST
                    result.moves = search.win if answer else []
                    break
            elif isinstance(search, DepthFirst) and search.starved:
                running.remove(entry)
                if not isinstance(search, _LINE_KINDS):
                    stopped.append(entry)
    if ran is not None:
        for search in searches:
            _record(ran, search, search.nodes)
    done = [s.nodes - n for s, n in zip(searches, counted, strict=True)]
    result.nodes += sum(done)
    result.probe_nodes += sum(d for s, d in zip(searches, done, strict=True) if isinstance(s, _LINE_KINDS))
    return [] if result.status != UNKNOWN else stopped


def _record(ran: dict[str, int], search: _Searcher, nodes: int) -> None:
    """Note in ``ran`` that ``search`` went this far (the most any search of its name
    went: each starts from the same position and is deterministic)."""
    kind = _KIND_OF.get(type(search))
    if kind is not None:
        ran[kind] = max(ran.get(kind, 0), nodes)
