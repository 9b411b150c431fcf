"""Where did I go wrong? The last position of a player's line from which the deal could
still be won, and the move that lost it.

Once a game is over its stock may be seen, so the full-information solver
(:func:`~game.search.solver.solve`) may judge the positions of the line: position ``k``
is the one after the player's first ``k`` moves (``0`` is the deal). Along one line
winnability is monotone: position ``k + 1`` is reached from position ``k``, so if it
can be won, so can position ``k``. There is one boundary: the last winnable position
``k``, after which move ``k + 1`` lost the game. The analysis narrows it down from both
sides with the solver's answers ("won" with a winning line, "lost" proved, "unknown"
when a check's budget ran out):

- The end first (free when no legal move is left), then back from it with steps that
  double (the last positions are small and prove lost quickly; each proof of a later
  position is a part of the proof of an earlier one), until a position is won; then
  halving the stretch between the last won and the first lost position.
- As soon as a step back is left undecided (a long line lost early: its late positions
  are large and seldom proved lost within a check), the deal itself is checked next. A
  deal that can be won gives a winnable position at once, so the halving can begin and
  the answer is at least a range, instead of the budget going on ever larger positions
  from the back and the verdict saying nothing.
- A won position's winning line often begins with the player's own next moves; the
  positions along that common start are won too, for free.
- "unknown" is never taken for an answer: the stretch that holds it is split around it,
  and when every position left undecided has been tried at one budget, they are tried
  again with twice the budget, while the whole budget lasts. What is left undecided is
  reported as a range ("one of your moves a to b"), never as a guess.
- An analysis left undecided may go on for another spell (:meth:`Analyser.more`,
  :meth:`AnalysisJob.longer`): what it decided and its winning line are kept, and a
  position left undecided is asked again only with more than it was given before.

Each check gives a quarter of its budget to the solver's depth-first search alone
(:data:`COMPLETE_PLAN`), which is complete in every rule set and proves small
positions lost at once, then the rest to the rule set's own searches (which in some rule
sets can only win).

:func:`analyse` runs the whole analysis in the calling thread; :class:`AnalysisJob`
runs it in a process of its own, for a screen that must keep drawing: it reports
:class:`Progress`, can be cancelled at once (even in the middle of a search) and gives
the same :class:`Analysis` as :func:`analyse` with the same budget of positions.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.rulesets import game_from_layout
from ..engine.state import Game, Move
from .knowledge import drop_returns
from .solver import DEFAULT_MAX_NODES, LOST, NO_TIME_LIMIT, UNKNOWN, WON, solve

#: the verdicts of an analysis (:attr:`Analysis.verdict`)
WON_GAME = "won"  # the line ends won: no move lost the game
STILL_WINNABLE = "winnable"  # the line's last position can still be won
NEVER = "never"  # the deal is proved lost: no play could have won it
FOUND = "found"  # the last winnable position and the move that lost the game
UNDECIDED = "undecided"  # the budget ran out (or the analysis was stopped) first
VERDICTS = (WON_GAME, STILL_WINNABLE, NEVER, FOUND, UNDECIDED)

#: the whole analysis's budget in seconds, unless told otherwise
DEFAULT_SECONDS = 60.0
#: what one check may spend in the first round, as a share of the whole budget; each
#: further round (the positions left undecided, tried again) doubles it
FIRST_SHARE = 1 / 8
#: the share of a check's budget that goes to the complete search alone, first
COMPLETE_SHARE = 0.25
#: the solver's search that proves positions lost in every rule set (it is complete)
COMPLETE_PLAN = ("dfs",)

#: a search that is stopped is given a few hundred positions at least, so a budget
#: almost spent still asks the solver a real question
MIN_CHECK_NODES = 200
#: what is left of a job's time when its process starts after the whole budget has gone
#: (a budget is never zero)
MIN_SECONDS = 1e-3


@dataclass(frozen=True)
class Budget:
    """What an analysis may spend in all: ``seconds`` of the machine's time and, when
    given, ``nodes`` positions searched. With a node budget and time to spare, the
    analysis is the same on every machine and every run (the solver's answers are pure
    functions of the position and its node budget when time does not bind)."""

    seconds: float = DEFAULT_SECONDS
    nodes: int | None = None

    def __post_init__(self) -> None:
        if not self.seconds > 0 or not math.isfinite(self.seconds):
            raise ValueError("an analysis needs a positive number of seconds")
        if self.nodes is not None and self.nodes <= 0:
            raise ValueError("an analysis needs a positive number of positions")


@dataclass(frozen=True)
class Check:
    """One question put to the solver: can the position after ``step`` moves be won?
    ``status`` is its answer (``won``, ``lost`` or ``unknown``)."""

    step: int
    status: str
    nodes: int
    #: how long it took, which no two runs agree on: not compared
    seconds: float = field(compare=False)


@dataclass(frozen=True)
class Progress:
    """How far an analysis is: ``fraction`` done (0 to 1, never going down), the
    position being checked (``step`` moves into the line; None between checks) and a
    phrase for a person (``checking the position after move 57``)."""

    fraction: float
    step: int | None
    words: str


@dataclass(frozen=True)
class Analysis:
    """Where a line of play was lost.

    ``verdict`` is one of :data:`VERDICTS`. ``last_winnable`` is the last position known
    to be winnable (moves into the line; None when none is known) and ``line`` a winning
    line from it, in notation; ``first_lost`` is the first position known to be lost
    (None when none is known). With the verdict ``found`` they are next to each other,
    and move ``first_lost`` of the line lost the game (:attr:`losing_move`).
    """

    start: Game = field(repr=False, compare=False)
    moves: tuple[str, ...]
    verdict: str
    last_winnable: int | None
    first_lost: int | None
    line: tuple[str, ...]
    checks: tuple[Check, ...]
    budget: Budget
    seconds: float = field(compare=False)  # (how long it took: no two runs agree on it)
    nodes: int
    stopped: bool = False  # cancelled before the budget ran out

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"an analysis's verdict is one of {', '.join(VERDICTS)}, not {self.verdict!r}")

    @property
    def exact(self) -> bool:
        """The analysis has a definite answer (every verdict but ``undecided``)."""
        return self.verdict != UNDECIDED

    @property
    def losing_move(self) -> int | None:
        """The number (1-based) of the move that lost the game, when it was found."""
        return self.first_lost if self.verdict == FOUND else None

    @property
    def shows_the_way(self) -> bool:
        """The answer tells the player how the game could still have been won: it names
        the move that lost it, or gives a winning line from one of their positions. (That
        the deal was lost from the start, or that nothing was decided, tells them none.)"""
        return bool(self.line) or self.losing_move is not None

    def position(self, step: int) -> Game:
        """The position after the line's first ``step`` moves (with its history)."""
        game = self.start.clone()
        for text in self.moves[:step]:
            game.play_text(text)
        return game

    def move_words(self, number: int) -> str:
        """The line's move ``number`` (1-based) in words: ``9♥ to Row 3, pile 2``."""
        game = self.position(number - 1)
        return _move_words(game, game.parse_move(self.moves[number - 1]))

    def line_words(self) -> list[str]:
        """The winning line in words, one entry per move (empty when there is none)."""
        if self.last_winnable is None:
            return []
        game = self.position(self.last_winnable)
        words = []
        for text in self.line:
            move = game.parse_move(text)
            words.append(_move_words(game, move))
            game.play(move)
        return words

    def sentence(self) -> str:
        """The verdict in a player's words, with no notation."""
        total = len(self.moves)
        lo, hi = self.last_winnable, self.first_lost
        if self.verdict == WON_GAME:
            return "This game was won: no move lost it."
        if self.verdict == NEVER:
            return ("No play could have won this deal: the solver proved it lost from the start, "
                    "so no move of yours lost it.")
        # the winning line by its length: the command line prints it next, the table's
        # panel offers to watch it
        line = self._line_of()
        if self.verdict == STILL_WINNABLE:
            where = "from the deal" if total == 0 else f"from where it stopped, after move {total}"
            return f"The game can still be won {where}: {line} wins."
        if self.verdict == FOUND:
            assert lo is not None and hi is not None
            better = self.line_words()[:1]
            # the line starts where the move that lost was played (not at move ``lo``)
            at = "from the deal" if lo == 0 else f"after move {lo}"
            instead = f"played in its place, {better[0]} wins, with {line}" if better else f"{line} wins"
            return (f"Your move {hi} ({self.move_words(hi)}) was the last one that mattered: "
                    f"{instead} {at}.")
        why = "the analysis was stopped" if self.stopped else "the budget ran out"
        if lo is not None and hi is not None:
            return (f"One of your moves {lo + 1} to {hi} lost the game; {why} before the solver "
                    f"could tell which. From {_where(lo)}, {line} wins.")
        if lo is not None:
            return (f"From {_where(lo)}, {line} wins; whether the game could still be won where it "
                    f"stopped, after move {total}, was not decided ({why}).")
        if hi is not None:
            # the end is lost (at the end, trivially: no legal move is left): say what the
            # search of the positions before it found, and what it cost
            lost = (f"No legal move was left after your move {hi}" if hi == total else
                    f"The game was already lost after move {hi}")
            return (f"{lost}; whether it could have been won before that was not decided: "
                    f"{self._unsettled(hi)} ({why}).")
        return f"Whether this game could have been won was not decided ({why})."

    def _line_of(self) -> str:
        """The winning line as the sentences name it: ``a line of 257 moves``."""
        n = len(self.line)
        return f"a line of {n:,} move{'s' if n != 1 else ''}"

    def _unsettled(self, below: int) -> str:
        """What the search of the positions before ``below`` found, when none was decided:
        ``a search of 1,234,567 positions, from the deal and 7 later points of your game,
        found no win and proved none lost``."""
        tried = {c.step for c in self.checks if c.status == UNKNOWN and c.step < below}
        if not tried:
            return "no position before it was searched"
        later = len(tried) - (0 in tried)
        points = f"{later} {'later ' if 0 in tried else ''}point{'s' if later != 1 else ''} of your game"
        where = points if 0 not in tried else "the deal" if not later else f"the deal and {points}"
        return f"a search of {self.nodes:,} positions, from {where}, found no win and proved none lost"

    def to_json(self) -> dict[str, Any]:
        """Everything the analysis found, as JSON-ready data (``analyse --json``)."""
        losing = self.losing_move
        return {
            "rules": self.start.rules,
            "game": self.start.game,
            "moves": len(self.moves),
            "verdict": self.verdict,
            "sentence": self.sentence(),
            "last_winnable": self.last_winnable,
            "first_lost": self.first_lost,
            "losing_move": losing,
            "losing_move_text": self.moves[losing - 1] if losing is not None else None,
            "losing_move_words": self.move_words(losing) if losing is not None else None,
            "line": list(self.line),
            "line_words": self.line_words(),
            "checks": [{"step": c.step, "status": c.status, "nodes": c.nodes, "seconds": round(c.seconds, 3)}
                       for c in self.checks],
            "seconds": round(self.seconds, 3),
            "nodes": self.nodes,
            # null seconds: positions alone bound it (as ``--positions`` without ``--budget``)
            "budget": {"seconds": None if self.budget.seconds >= NO_TIME_LIMIT else self.budget.seconds,
                       "nodes": self.budget.nodes},
            "stopped": self.stopped,
        }


def _where(step: int) -> str:
    """A position of the line as the sentences name it."""
    return "the deal" if step == 0 else f"move {step}"


def _move_words(game: Game, move: Move) -> str:
    """A move of ``game``'s position in words, as the replay viewer says it: the card it
    moves, where from and where to (two packs hold two of each card), a stock card by its
    face (the game is over, so the stock may be seen)."""
    return game.profile.move_words(move.src, move.dst, game.piles[move.src][-1])


def _wins(game: Game, line: Sequence[str]) -> bool:
    """Whether ``line`` is legal from ``game``'s position and ends won (on a copy)."""
    copy = game.clone()
    try:
        for text in line:
            copy.play_text(text)
    except ValueError:
        return False
    return copy.is_won()


def without_loops(game: Game, line: Sequence[str]) -> tuple[str, ...]:
    """``line`` with every stretch that comes back to a position it already passed taken
    out (a search's line may wander: a card moved there and back), and then every move
    that a later move takes straight back (:func:`~.knowledge.drop_returns`), so that a
    player reads and watches no move that leads nowhere. Positions count as the same
    only when every pile is, card for card: the moves after a loop name places, so a
    position equal up to interchangeable places would not do. Each shortening is kept
    only when its line still wins (it always should)."""
    copy = game.clone()
    path = [(copy.key(), *(tuple(pile) for pile in copy.piles))]  # the position after kept[:i]
    seen = {path[0]: 0}
    kept: list[tuple[Move, str]] = []  # each move kept, with its notation
    for text in line:
        move = copy.parse_move(text)
        copy.play(move)
        position = (copy.key(), *(tuple(pile) for pile in copy.piles))
        back = seen.get(position)
        if back is None:
            kept.append((move, text))
            seen[position] = len(path)
            path.append(position)
        else:  # here before: the stretch since then is dropped, and its positions forgotten
            for dropped in path[back + 1:]:
                del seen[dropped]
            del path[back + 1:]
            del kept[back:]
    shorter = tuple(text for _, text in kept)
    if not _wins(game, shorter):
        return tuple(line)
    # then each move a later one takes straight back, nothing touching either place
    # between (a card moved to another pile, the stock turned, the card moved back: not
    # a loop, since the stock moved)
    fewer = tuple(text for _, text in drop_returns(kept, lambda pair: pair[0]))
    return fewer if _wins(game, fewer) else shorter


#: an :class:`Analyser`'s findings as plain data: the last winnable and first lost steps,
#: the winning line, the checks (step, status, nodes, seconds), nodes and seconds spent
Snapshot = tuple[int, int, tuple[str, ...], tuple[tuple[int, str, int, float], ...], int, float]


class Analyser:
    """One analysis, steppable: :meth:`steps` yields after each check, :meth:`result`
    gives the :class:`Analysis` at any time (a range while it is not done) and
    :meth:`progress` may be read from another thread.

    ``start`` is the position the line starts from (a deal, or any position that the
    whole deal is known of) and ``moves`` the line in notation; raises ValueError (an
    :class:`~game.engine.state.IllegalMove`) when a move is not legal in its turn, or
    when ``start`` is a player's view whose stock is unknown. ``on_check`` is told the
    step of each position before it is checked.
    """

    def __init__(self, start: Game, moves: Sequence[str], budget: Budget | None = None,
                 *, on_check: Callable[[int], None] | None = None) -> None:
        if start.is_view:
            raise ValueError("the analysis needs the whole deal, not a player's view")
        self.start = start.clone()
        self.moves = tuple(moves)
        self.budget = budget or Budget()
        self.on_check = on_check
        end = self.start.clone()
        for text in self.moves:
            end.play_text(text)
        self.won_game = end.is_won()
        #: the last position known winnable (-1: none) and the first known lost
        #: (``len(moves) + 1``: none); the boundary lies in between
        self.lo = -1
        self.hi = len(self.moves) + 1
        self.line: tuple[str, ...] = ()
        self.checks: list[Check] = []
        self.nodes = 0
        self.seconds = 0.0
        self.stopped = False
        self._began: float | None = None
        #: the positions searched before this spell (:meth:`more`)
        self._spell_nodes = 0
        self._done = self.won_game
        #: what :meth:`progress` reads from other threads, replaced whole: (fraction
        #: decided, step being checked)
        self._state: tuple[float, int | None] = (0.0, None)
        self._shown = 0.0
        if not self.won_game and not end.legal_moves():
            self.checks.append(Check(len(self.moves), LOST, 0, 0.0))
            self.hi = len(self.moves)

    # ----- the search for the boundary ------------------------------------------------

    def steps(self) -> Iterator[None]:
        """Check positions until the boundary is found, the budget is spent or
        :attr:`stopped` is set; yields after each check."""
        if self._done:
            return
        self._began = time.perf_counter()
        self._spell_nodes = self.nodes
        seconds_before = self.seconds
        level = 0
        tried = self._tried_enough(level)  # the positions left unknown at this level
        gap = 1
        try:
            while self.lo + 1 < self.hi and not self.stopped:
                step = self._next(tried, gap)
                if step is None:
                    if FIRST_SHARE * 2 ** level >= 1:
                        break  # a check of this round could already spend all that is left
                    level += 1
                    tried = self._tried_enough(level)
                    continue
                seconds, nodes = self._check_budget(level)
                if seconds <= 0 or nodes <= 0:
                    break
                if step in self._asked_as_hard(seconds, nodes):  # what is left would only repeat it
                    tried.add(step)
                    continue
                if self.lo < 0 and self.hi <= len(self.moves) and step != 0:
                    gap *= 2  # a step back from the first lost position: the next goes twice as far
                self._state = (self._state[0], step)
                if self.on_check is not None:
                    self.on_check(step)
                status = self._check(step, seconds, nodes)
                if status == UNKNOWN:
                    tried.add(step)
                self._state = (self._decided(), None)
                yield
        finally:
            self._done = True
            self.seconds = seconds_before + time.perf_counter() - self._began
            self._state = (self._decided(), None)

    def more(self, budget: Budget) -> None:
        """Begin another spell of the analysis with ``budget`` (its own, on top of what was
        spent): :meth:`steps` then goes on from what is known (the positions decided, the
        winning line, the checks left undecided and how hard each was tried), never from
        scratch. Nothing happens to an analysis already decided."""
        if self.won_game or self.lo + 1 >= self.hi:
            self._done = True
            self._state = (self._decided(), None)
            return
        self.budget = budget
        self._spell_nodes = self.nodes
        self.stopped = False
        self._done = False
        self._began = None
        self._shown = self._decided()
        self._state = (self._shown, None)

    def _tried_enough(self, level: int) -> set[int]:
        """The undecided positions that a check of round ``level`` could not search
        further than an earlier check of them already did: asking again would only
        repeat it. An analysis's first round has none; a later spell skips what the
        spells before it tried as hard."""
        return self._asked_as_hard(*self._check_budget(level))

    def _asked_as_hard(self, seconds: float, nodes: int) -> set[int]:
        """The undecided positions an earlier check searched about as hard as a check of
        ``seconds`` and ``nodes`` would (two thirds of the time, or as many positions)."""
        return {c.step for c in self.checks
                if c.status == UNKNOWN and self.lo < c.step < self.hi
                and (c.seconds * 1.5 >= seconds or c.nodes >= nodes)}

    def _next(self, tried: set[int], gap: int) -> int | None:
        """The position to check next, or None when every undecided one was tried at
        this level: the end of the line first; while no position is known winnable,
        ``gap`` positions back from the first lost one (the gaps double); then the
        middle of the longest stretch of untried positions (the later middle, whose
        proofs are smaller)."""
        lo, hi = self.lo, self.hi
        end = len(self.moves)
        if hi == end + 1 and end not in tried:
            return end
        if lo < 0:
            if tried and 0 not in tried:
                return 0  # the steps back no longer prove cheaply: is the deal winnable at all?
            target = max(0, hi - gap)
            for step in (*range(target, -1, -1), *range(target + 1, hi)):
                if step not in tried:
                    return step
            return None
        best: tuple[int, int] | None = None
        edges = [lo, *sorted(s for s in tried if lo < s < hi), hi]
        for low, high in itertools.pairwise(edges):
            if high - low > 1 and (best is None or high - low >= best[1] - best[0]):
                best = (low, high)
        if best is None:
            return None
        return (best[0] + best[1] + 1) // 2

    def _left(self) -> tuple[float, int]:
        """The seconds and positions left of the whole budget."""
        began = self._began if self._began is not None else time.perf_counter()
        seconds = self.budget.seconds - (time.perf_counter() - began)
        spent = self.nodes - self._spell_nodes
        nodes = (self.budget.nodes - spent) if self.budget.nodes is not None else DEFAULT_MAX_NODES
        return seconds, nodes

    def _check_budget(self, level: int) -> tuple[float, int]:
        """What one check of round ``level`` may spend: the round's share of the whole
        budget, or what is left of it if that is less."""
        share = FIRST_SHARE * 2 ** level
        seconds, nodes = self._left()
        seconds = min(seconds, self.budget.seconds * share)
        if self.budget.nodes is not None:
            nodes = min(nodes, max(MIN_CHECK_NODES, int(self.budget.nodes * share)))
        return seconds, nodes

    def _check(self, step: int, seconds: float, nodes: int) -> str:
        """Ask the solver about the position after ``step`` moves and learn from the
        answer; the status it gave."""
        position = self.start.clone()
        for text in self.moves[:step]:
            position.play_text(text)
        first = solve(position, max_nodes=max(1, int(nodes * COMPLETE_SHARE)),
                            max_seconds=seconds * COMPLETE_SHARE, plan=COMPLETE_PLAN)
        result = first
        if first.status == UNKNOWN and nodes - first.nodes > 0 and seconds - first.seconds > 0:
            result = solve(position, max_nodes=nodes - first.nodes, max_seconds=seconds - first.seconds)
        spent = first.nodes + (result.nodes if result is not first else 0)
        took = first.seconds + (result.seconds if result is not first else 0.0)
        status = result.status
        if spent == 0:  # the budget was gone before the search began: nothing was asked
            return UNKNOWN
        line: tuple[str, ...] = ()
        if status == WON:
            if _wins(position, result.moves):
                line = without_loops(position, result.moves)
            else:
                status = UNKNOWN  # never trusted without replaying it
        self.checks.append(Check(step, status, spent, took))
        self.nodes += spent
        if status == LOST:
            self.hi = min(self.hi, step)
        elif status == WON:
            # the player's next moves that the winning line begins with keep it won
            common = 0
            for mine, its in zip(self.moves[step:], line, strict=False):
                if mine != its:
                    break
                common += 1
            if step + common > self.lo:
                self.lo = step + common
                self.line = line[common:]
        return status

    # ----- what it found ------------------------------------------------------------

    def _decided(self) -> float:
        """The share of the line's positions decided, on a log scale (each halving of
        the undecided stretch counts the same)."""
        if self._done and (self.won_game or self.lo + 1 >= self.hi):
            return 1.0
        undecided = max(0, self.hi - self.lo - 1)
        return 1.0 - math.log2(1 + undecided) / math.log2(2 + len(self.moves))

    def progress(self) -> Progress:
        """How far the analysis is (safe to call from another thread)."""
        decided, step = self._state
        fraction = decided
        if self._done:
            fraction = 1.0
        elif self._began is not None:
            spent = (time.perf_counter() - self._began) / self.budget.seconds
            if self.budget.nodes is not None:
                spent = max(spent, (self.nodes - self._spell_nodes) / self.budget.nodes)
            fraction = min(0.99, max(decided, spent))
        fraction = self._shown = max(self._shown, fraction)
        checked = sum(1 for c in self.checks if c.nodes > 0)  # (the end with no move is no search)
        if step is None:
            if self._done:
                words = "done"
            else:
                words = f"{checked} position{'s' if checked != 1 else ''} checked" if checked else "starting"
        elif step == 0:
            words = "checking the deal"
        else:
            words = f"checking the position after move {step}"
        return Progress(fraction, step, words)

    # ----- across processes (:class:`AnalysisJob`) -----------------------------------

    def _snapshot(self) -> Snapshot:
        """What the analysis has found so far, as plain data for a pipe."""
        checks = tuple((c.step, c.status, c.nodes, c.seconds) for c in self.checks)
        return (self.lo, self.hi, self.line, checks, self.nodes, self.seconds)

    def _take(self, snapshot: Snapshot) -> None:
        """Know what another analyser of the same line has found (its :meth:`_snapshot`)."""
        self.lo, self.hi, self.line, checks, self.nodes, self.seconds = snapshot
        self.checks = [Check(*c) for c in checks]

    def result(self) -> Analysis:
        """What is known now, as an :class:`Analysis`."""
        end = len(self.moves)
        lo, hi = self.lo, self.hi
        if self.won_game:
            verdict = WON_GAME
        elif lo + 1 < hi:
            verdict = UNDECIDED
        elif lo < 0:
            verdict = NEVER
        elif lo == end:
            verdict = STILL_WINNABLE
        else:
            verdict = FOUND
        return Analysis(start=self.start.clone(), moves=self.moves, verdict=verdict,
                        last_winnable=lo if lo >= 0 else None, first_lost=hi if hi <= end else None,
                        line=self.line, checks=tuple(self.checks), budget=self.budget,
                        seconds=self.seconds, nodes=self.nodes,
                        stopped=self.stopped and verdict == UNDECIDED)


def analyse(start: Game, moves: Sequence[str], budget: Budget | None = None) -> Analysis:
    """Find where the line ``moves`` from ``start`` was lost, in the calling thread
    (see :class:`Analyser` for the arguments and errors)."""
    analyser = Analyser(start, moves, budget)
    for _ in analyser.steps():
        pass
    return analyser.result()




# ----- in the background ---------------------------------------------------------------


class AnalysisJob:
    """An analysis in a process of its own, for a screen that must keep drawing.

    Build it (the line is checked here: ValueError for a bad one), :meth:`start` it,
    then read :meth:`progress` and :attr:`done` from the frame loop and take
    :meth:`result` once done. The searches run in another process, so they never hold
    this one's interpreter lock or its garbage collector (a thread of searches stalls a
    frame now and then by a tenth of a second and more); a thread here only listens to
    the pipe. :meth:`cancel` ends the process at once; the result is then what had been
    found (verdict ``undecided`` unless it was already decided). The process gets the
    start position as its docs/rules.md layout and the moves in notation, and sends back
    plain data.

    :meth:`longer` makes the job that looks again, longer, once this one is done: it goes
    on from what this one found (see :meth:`Analyser.more`).
    """

    #: how long :meth:`cancel` and a finished job wait for the process to be gone
    JOIN_SECONDS = 5.0

    def __init__(self, start: Game, moves: Sequence[str], budget: Budget | None = None, *,
                 known: Snapshot | None = None) -> None:
        #: the analysis as far as the process has told it: progress and result read it
        self._mirror = Analyser(start, moves, budget)
        #: what an earlier spell of the same analysis found, to go on from
        self._known = known
        if known is not None:
            self._mirror._take(known)
            self._mirror.more(self._mirror.budget)
        self._layout = self._mirror.start.to_layout()
        self._cancelled = threading.Event()
        self._finished = threading.Event()
        self._error: str | None = None
        self._process: multiprocessing.process.BaseProcess | None = None

    def start(self) -> AnalysisJob:
        """Start the analysis in its process (once); returns the job."""
        mirror = self._mirror
        mirror._began = time.perf_counter()
        if mirror._done or self._cancelled.is_set():  # a line that ends won: nothing to search
            self._finished.set()
            return self
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no window, no threads
        receive, send = context.Pipe(duplex=False)
        budget = mirror.budget
        self._process = context.Process(
            target=_analyse_in_process, name="analyse", daemon=True,
            args=(send, self._layout, mirror.moves, budget.seconds, budget.nodes, time.time(), self._known))
        self._process.start()
        send.close()
        threading.Thread(target=self._listen, args=(receive,), name="analyse", daemon=True).start()
        return self

    def longer(self, budget: Budget) -> AnalysisJob:
        """A job (not started) that goes on with this one's analysis for another spell of
        ``budget``, from everything this one found; this one must be done."""
        if not self.done:
            raise RuntimeError("an analysis looks longer only once it has stopped")
        mirror = self._mirror
        return AnalysisJob(mirror.start, mirror.moves, budget, known=mirror._snapshot())

    @property
    def done(self) -> bool:
        """The analysis has ended (found, out of budget, cancelled or failed)."""
        return self._finished.is_set()

    def progress(self) -> Progress:
        """How far the analysis is; never blocks."""
        return self._mirror.progress()

    def cancel(self) -> None:
        """Stop the analysis now; returns once its process is gone and the job is done."""
        self._mirror.stopped = True
        self._cancelled.set()
        process = self._process
        if process is None:  # never started: nothing runs, and nothing will
            self._mirror._done = True
            self._finished.set()
            return
        if process.is_alive():
            process.terminate()
            process.join(self.JOIN_SECONDS)
        self._finished.wait(self.JOIN_SECONDS)  # the listener's last word

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the analysis ends, at most ``timeout`` seconds; whether it did."""
        return self._finished.wait(timeout)

    def result(self) -> Analysis | None:
        """The analysis once done (None before); raises RuntimeError if its process
        failed or ended without a word."""
        if not self._finished.is_set():
            return None
        if self._error is not None:
            raise RuntimeError(self._error)
        return self._mirror.result()

    def _listen(self, receive: Any) -> None:
        """Take what the process sends until it is done or gone."""
        mirror = self._mirror
        ended = False
        try:
            while not ended:
                try:
                    message = receive.recv()
                except (EOFError, OSError):
                    break  # the process is gone (cancelled, or it failed)
                kind = message[0]
                if kind == "check":
                    mirror._state = (mirror._state[0], message[1])
                elif kind in ("checked", "done"):
                    mirror._take(message[1])
                    mirror._state = (mirror._decided(), None)
                    ended = kind == "done"
                else:  # "error"
                    self._error = f"the analysis failed: {message[1]}"
                    ended = True
        finally:
            receive.close()
            process = self._process
            if process is not None:
                process.join(self.JOIN_SECONDS)
                if not ended and not self._cancelled.is_set():
                    self._error = f"the analysis ended without an answer (exit status {process.exitcode})"
            mirror._done = True
            mirror._state = (mirror._decided(), None)
            self._finished.set()

    @property
    def pid(self) -> int | None:
        """The process's id while it runs (None before it starts or with nothing to search)."""
        return self._process.pid if self._process is not None else None


def _analyse_in_process(send: Any, layout: dict[str, Any], moves: tuple[str, ...], seconds: float,
                        nodes: int | None, started: float, known: Snapshot | None = None) -> None:
    """The process of an :class:`AnalysisJob`: analyse, telling the job each step.

    ``seconds`` count from ``started`` (the wall clock when the job started), not from
    this process's own start: a fresh interpreter takes a while to import the game, far
    longer on a busy machine, and the player was promised an answer within ``seconds``
    of asking. ``known`` is what earlier spells of the analysis found (None: none)."""
    try:
        waited = min(max(0.0, time.time() - started), seconds)
        budget = Budget(max(seconds - waited, MIN_SECONDS), nodes)
        analyser = Analyser(game_from_layout(layout), moves, budget,
                            on_check=lambda step: send.send(("check", step)))
        if known is not None:
            analyser._take(known)
            analyser.more(budget)
        for _ in analyser.steps():
            send.send(("checked", analyser._snapshot()))
        send.send(("done", analyser._snapshot()))
    except Exception as err:  # the job reports it: a process has no one else to tell
        send.send(("error", f"{type(err).__name__}: {err}"))
    finally:
        send.close()
