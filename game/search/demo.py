"""The demo player: plays a game by itself, as honestly as a person.

It sees only the player's view: the face-down stock cards are unknown to it. In
``constitution``, Lady Cadogan and Union Square it plans: it deals the unseen cards into
the stock in a random order (a guess, never a peek), asks the solver for a win of that
guessed deal, and follows the plan until a stock card is revealed; then it keeps the
plan if it still wins its guessed deal with the real card put where it showed, and
otherwise plans again from what it now sees (in Lady Cadogan it first repairs the plan
on that guess from where it breaks: :func:`_repaired`; and where no plan is found, it
searches another guess with other beams, a few times a game: :data:`RESCUES`). In
``constitution`` it makes three guesses and follows the line whose first move most of
the won guesses begin with; where their lines part before the next card shows, it
follows the way there that leaves the most guesses won (:func:`_cross_checked`). The
guesses are seeded by the position they are made in, so the same position always gets
the same guesses. When no plan is found within its budget, and in English
British Square, it plays the best hint (:func:`game.search.hint.hints`). Its results
measure what a careful player could do without peeking at the stock.

On screen the demo thinks in a process of its own (:class:`BackgroundMove`), so the
frames keep coming while it plans and a click that takes the game over is answered at
once.
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.connection  # imported with this module, not in the frame that starts
import multiprocessing.spawn  # the first worker (there they cost it some 15 ms)
import os
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..engine.cards import UNKNOWN
from ..engine.profile import DemoPlan
from ..engine.rulesets import game_from_layout, new_game
from ..engine.state import Game, Move
from .cadogan_beam import jittered_win, quick_win
from .depth_first import OneAfterAnother, Steps
from .hint import _unseen_list, _with_stock, hints
from .knowledge import PositionHash, drop_returns
from .solver import WON, solve

#: more moves than any of these games needs: a demo that gets here is going round in circles
DEFAULT_MAX_MOVES = 1500
#: the demo looks further than the hint: a move every few tens of milliseconds is still
#: quick to watch, and three times the hint's nodes win many more games
DEMO_MAX_NODES = 1000
DEMO_MAX_MS = 200.0
#: the demo's budgets per move on screen (the table's Demo button): small enough that the
#: stall between two moves, cards at rest, is short (``main.py bench`` measures it)
SCREEN_NODES = 1000
SCREEN_MS = 60.0
# Where the demo plans on guessed deals, and how, is each rule set's profile's
# ``search.demo_plan`` (:class:`~game.engine.profile.DemoPlan`): the solver's node budget
# for one plan (one guess), the searches it runs side by side (see
# :func:`game.search.solver.solve`'s ``plan``) and how many guessed deals a plan tries
# (:func:`_plan`). Planning pays where the solver wins fast. In ``constitution`` the
# narrowed search (:class:`game.search.depth_first.Narrowing`, here one narrowed search
# within the budget) finds lines the depth-first search misses, and three guesses, whose
# plans vote, guard against a plan that only works for one order of the unseen cards;
# Lady Cadogan plans with the solver's beam searches
# (:class:`game.search.cadogan_beam.Beams`) and one guess, since a beam plan from the
# deal's start costs half a second, and tries cheap narrow beams first
# (:func:`game.search.cadogan_beam.quick_win`), which win most guesses. docs/search.md
# has the measurements behind these choices ("The demo player's plans").

#: after this many cards in a row where no plan was found, plans are made with the quick
#: beams alone (:func:`_solve_guess`) until one is found
LEAN_AFTER = 1
#: where no plan is found (Lady Cadogan), the demo tries once more on another guessed
#: deal (a *second try*, :func:`_plan_at`), with the quick beams and then many shaken
#: narrow beams (:func:`game.search.cadogan_beam.jittered_win`) within the plan's
#: positions: the deals the demo lost jam in the opening, where plans of the usual kind
#: find no win card after card and the hint plays on long after the deal could still be
#: won, while the shaken beams won such guesses in 29,000-54,000 positions
#: (docs/search.md, "The demo player's plans"). At most this many second tries a game:
#: a lost game spends them all, so they bound what it costs
RESCUES = 12
#: where the second try finds nothing too (or, in a rule set without second tries, the
#: plan made afresh), a *long look* where the demo plan takes them (at most
#: :attr:`DemoPlan.long_looks` a game, never on screen: a lost game spends them all):
#: the solver's own stages (as ``solve`` runs them on a whole deal) on one more guessed
#: deal, within this many positions, which lets the solver's deeper searches untangle
#: an opening that the plans' searches jam in
LONG_LOOK_NODES = 800_000
#: with a time limit per move, a plan may take this many times as long as a hint
PLAN_TIME_FACTOR = 5.0
#: how far apart the seeds of one plan's guesses are (any large odd number)
_SEED_STEP = 0x9E3779B97F4A7C15
_PLAN_CACHE: dict[tuple[int, int, float | None, bool, bool, bool], _Plan | None] = {}
_CACHE_LIMIT = 2000


@dataclass
class DemoResult:
    """How one demo game went."""

    rules: str
    game: str
    won: bool
    moves: list[str] = field(default_factory=list)  # the moves played, in notation
    on_foundations: int = 0  # cards on the foundations at the end
    seconds: float = 0.0
    #: the positions the plans of this game searched (plans already made in this process
    #: for the same positions are not searched again); the same on every machine
    plan_positions: int = 0


def demo_move(game: Game, *, max_nodes: int = DEMO_MAX_NODES, max_ms: float | None = DEMO_MAX_MS,
              plan_nodes: int | None = None) -> Move | None:
    """The demo player's next move in ``game``, or None when no move is left or every move
    only goes back to a position the game has already been through.

    A planned move (see the module) when planning finds a win of the guessed deal within
    ``plan_nodes`` positions a guess (None: those of the rule set's demo plan; 0: never
    plan; a rule set whose profile has no demo plan never plans) and, with ``max_ms``,
    within :data:`PLAN_TIME_FACTOR` times that many
    milliseconds; otherwise the best hint. With ``max_ms=None`` only the node budgets
    bound the searches: the move is then a pure function of the position, its history and
    the budgets."""
    demo_plan = game.profile.search.demo_plan
    if plan_nodes is None:
        plan_nodes = 0 if demo_plan is None else demo_plan.nodes
    if plan_nodes > 0 and demo_plan is not None and not game.is_won():
        plan_seconds = None if max_ms is None else PLAN_TIME_FACTOR * max_ms / 1000.0
        move = planned_move(game, plan_nodes, plan_seconds)
        if move is not None:
            return move
    # In the search's own order: a safe foundation move the hint puts first for the
    # player (``safe_first``) is still there to play after the move the search prefers,
    # and the README's demo results were measured in this order. Without the hint's
    # climbs (DEMO_CLIMBS), and with a move that changes nothing searched as any other.
    ranked = hints(game, max_nodes=max_nodes, max_ms=max_ms, avoid_repeats=True, safe_first=False,
                   climbs=DEMO_CLIMBS, no_ops_last=False)
    return ranked[0].move if ranked else None


class BackgroundMove:
    """The demo player's next move in a position, thought out in a process of its own.

    A thread of searches would hold this process's interpreter lock and stall the frame
    loop by tens of milliseconds and more; the worker process (one, reused from move to
    move, so its plan cache serves the next move and the spawn is paid once a demo) never
    does, and a thread here only listens to its pipe. The position goes to the worker as
    the docs/rules.md layout it started from plus its moves in notation, so the worker rebuilds
    the exact game and its history (it sees what :func:`demo_move` sees here, the whole
    game, and hides the stock the same way). The caller may change its game at once (the
    player takes over); a move nobody asks for any more is simply dropped.
    :func:`stop_thinking` ends the worker (the demo stopped, the program ends); an error
    of the search, or a worker that died, is raised by :meth:`move`, never waited for.
    """

    def __init__(self, game: Game, *, max_nodes: int = SCREEN_NODES,
                 max_ms: float | None = SCREEN_MS) -> None:
        self._position = game.clone()
        #: how many moves the game had when asked: the move is for that position only
        self.moves = len(game.history)
        self._move: str | None = None
        self._error: str | None = None
        self._done = threading.Event()
        start = game.clone()
        for step in reversed(game.history):
            for t in reversed(step.transfers):
                start.piles[t.dst].pop()
                start.piles[t.src].append(t.card)
            start._restore(step.saved)
        texts = [game.move_text(step.move) for step in game.history]
        _worker_for(_THINK).ask(self, (start.to_layout(), texts, game.to_layout(), max_nodes, max_ms))

    def _answer(self, move: str | None, error: str | None) -> None:
        """The worker's word: the move in notation, or what went wrong."""
        self._move, self._error = move, error
        self._done.set()

    @property
    def done(self) -> bool:
        """The move has been chosen (or the search failed, or the worker was stopped)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until :attr:`done`, at most ``timeout`` seconds; whether it is."""
        return self._done.wait(timeout)

    def move(self) -> Move | None:
        """The move chosen (None: no move leads anywhere new). Only once :attr:`done`;
        an error of the search (or a worker that is gone) is raised here as RuntimeError."""
        if not self._done.is_set():
            raise RuntimeError("the demo's move is not chosen yet")
        if self._error is not None:
            raise RuntimeError(self._error)
        return None if self._move is None else self._position.parse_move(self._move)


#: what the worker process calls to think out a move (tests put a slower one here)
_THINK: Callable[..., Move | None] = demo_move
_worker: _Worker | None = None
_worker_lock = threading.Lock()


def _worker_for(think: Callable[..., Move | None]) -> _Worker:
    """The running worker that thinks with ``think``, started if there is none."""
    global _worker
    with _worker_lock:
        if _worker is not None and (_worker.think is not think or not _worker.alive):
            _worker.stop()
            _worker = None
        if _worker is None:
            _worker = _Worker(think)
        return _worker


def stop_thinking() -> None:
    """End the demo's worker process, if one runs, and wait until it is gone; a move
    still being thought out is dropped. The next :class:`BackgroundMove` starts another."""
    global _worker
    with _worker_lock:
        worker, _worker = _worker, None
    if worker is not None:
        worker.stop()


atexit.register(stop_thinking)


class _Worker:
    """One process that thinks out the demo's moves, in the order asked, and a thread
    here that hands each answer to the :class:`BackgroundMove` that asked."""

    #: how long :meth:`stop` waits for the process to be gone
    JOIN_SECONDS = 5.0

    def __init__(self, think: Callable[..., Move | None]) -> None:
        self.think = think
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no window, no threads
        self._answers_in, answers_out = context.Pipe(duplex=False)  # (reading end, writing end)
        requests_in, self._requests = context.Pipe(duplex=False)
        self.process = context.Process(target=_think_in_process, name="demo-move", daemon=True,
                                       args=(requests_in, answers_out, think))
        self.process.start()
        requests_in.close()
        answers_out.close()
        self._waiting: dict[int, BackgroundMove] = {}
        self._lock = threading.Lock()
        self._asked = 0
        self._stopping = False
        self._listener = threading.Thread(target=self._listen, name="demo-move", daemon=True)
        self._listener.start()

    @property
    def alive(self) -> bool:
        """The process runs and has not been told to stop."""
        return not self._stopping and self.process.is_alive()

    def ask(self, asker: BackgroundMove, request: tuple[Any, ...]) -> None:
        """Send a position to think about; ``asker`` gets the answer."""
        with self._lock:
            self._asked += 1
            number = self._asked
            self._waiting[number] = asker
        try:
            self._requests.send((number, *request))
        except (OSError, ValueError) as err:  # the process is gone: said, not waited for
            self._fail(f"the demo's worker process is gone ({err})")

    def _listen(self) -> None:
        """Take the answers until the process is gone."""
        try:
            while True:
                try:
                    kind, number, word = self._answers_in.recv()
                except (EOFError, OSError):
                    break
                with self._lock:
                    asker = self._waiting.pop(number, None)
                if asker is not None:
                    asker._answer(word if kind == "move" else None,
                                  f"the demo's search failed: {word}" if kind == "error" else None)
        finally:
            self._answers_in.close()
            self.process.join(self.JOIN_SECONDS)
            why = ("the demo was stopped" if self._stopping else
                   f"the demo's worker process ended (exit status {self.process.exitcode})")
            self._fail(why)

    def _fail(self, why: str) -> None:
        """Every move still asked for ends with ``why``."""
        with self._lock:
            waiting, self._waiting = self._waiting, {}
        for asker in waiting.values():
            asker._answer(None, why)

    def stop(self) -> None:
        """End the process now (even in the middle of a search) and wait until it is gone."""
        self._stopping = True
        self._requests.close()
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(self.JOIN_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(self.JOIN_SECONDS)
        if self._listener is not threading.current_thread():
            self._listener.join(self.JOIN_SECONDS)


def _think_in_process(requests: Any, answers: Any, think: Callable[..., Move | None]) -> None:
    """The worker process: rebuild each position asked about from its start and moves,
    think out its move and send it back in notation, until the pipe closes. It runs at a
    lower priority than the program that asked: on a busy machine the frame loop gets the
    processor first."""
    if hasattr(os, "nice"):
        os.nice(5)
    try:
        while True:
            try:
                number, start, texts, shown, max_nodes, max_ms = requests.recv()
            except (EOFError, OSError):
                return  # the demo stopped, or the program that asked is gone
            try:
                game = game_from_layout(start)
                for text in texts:
                    game.play_text(text)
                if game.to_layout() != shown:
                    raise ValueError("the position rebuilt from its start and moves is not the one asked")
                move = think(game, max_nodes=max_nodes, max_ms=max_ms)
                answers.send(("move", number, None if move is None else game.move_text(move)))
            except Exception as err:  # the asker raises it: a process has no one else to tell
                answers.send(("error", number, f"{type(err).__name__}: {err}"))
    finally:
        answers.close()


def planned_move(game: Game, plan_nodes: int, plan_seconds: float | None = None) -> Move | None:
    """The next move of a plan made on a guessed deal, or None when there is none.

    A plan is looked at again only where a stock card shows (or at the start), so that
    one plan serves every move until the next card shows. There the plan followed so far
    is kept when it still wins its guessed deal with the cards that showed put where they
    lie (:func:`_kept`), else repaired where the rule set has quick beams
    (:func:`_repaired`); otherwise a plan is made afresh. If the moves played since the
    last card showed are not the plan's (the player took over), a plan is made from the
    position now. When no plan was found where the last card showed, there is none until
    the next card shows.
    """
    played = game.moves_played
    stock = game.stock
    anchors = [0] + [i + 1 for i, step in enumerate(game.history)
                     if any(t.src == stock for t in step.transfers)]
    anchor = anchors[-1]
    plan = _plan_at(game, anchors, plan_nodes, plan_seconds)
    starts = [(anchor, plan)]
    if anchor < len(played):
        starts.append((len(played), None))
    for start, known in starts:
        if known is None and start != anchor:
            known = _guessed_plan(_view_back(game, 0), plan_nodes, plan_seconds)
        if known is None:
            return None  # no plan where the last card showed: hints until the next one
        done = played[start:]
        line = known.moves
        if len(line) > len(done) and line[:len(done)] == done:
            move = line[len(done)]
            if move in game.legal_moves():
                return move
    return None


@dataclass(frozen=True)
class _Plan:
    """A winning line of a guessed deal: its moves from the position it was made for, and
    the guessed stock (the cards in the stock pile's order) that it wins with there."""

    moves: list[Move]
    stock: list[int]


#: the plan followed at each position where a card showed, how many cards in a row, up to
#: that one, found no plan, and how many second tries (:data:`RESCUES`) and long looks
#: (:attr:`DemoPlan.long_looks`) the game has made up to there, keyed by that position's
#: view, the moves that led there and the budgets (see :func:`_plan_at`)
_FOLLOWED: dict[tuple[int, tuple[Move, ...], int, float | None], tuple[_Plan | None, int, int, int]] = {}
#: what the caches answer for a position not planned yet (a plan may be None)
_NOT_PLANNED = _Plan([], [])


def _plan_at(game: Game, anchors: list[int], plan_nodes: int, plan_seconds: float | None) -> _Plan | None:
    """The plan followed from ``anchors[-1]`` (a position where a stock card showed, or the
    start): the plan of the card before, kept when :func:`_kept` says so or repaired
    (:func:`_repaired`), or a plan made afresh there, with the quick beams alone
    (``lean``, :func:`_guessed_plan`) after :data:`LEAN_AFTER` cards in a row without a
    plan: there the rule set's searches, which cost most, have just failed, and the
    next card rarely changes that. While the game has made fewer than :data:`RESCUES`
    second tries (``rescue``: another guessed deal, other beams), one follows a plan made
    afresh that found nothing, and takes the lean plan's place (not with a time limit);
    where it finds nothing too (or, without second tries, where the plan made afresh
    finds nothing), a long look follows while the game has made fewer than the demo
    plan's :attr:`~DemoPlan.long_looks` (``long_look``: one more guessed deal, the
    solver's own stages).
    Without a time limit the earlier plans are worked out
    from the game's start when they are not known yet, so the plan is a pure function of the game's
    history and the budget; with one (on screen) only a plan remembered from the card
    before is kept, so that a game the player played by hand costs one plan, not one a card."""
    played = game.moves_played
    views: dict[int, Game] = {}
    keys: dict[int, tuple[int, tuple[Move, ...], int, float | None]] = {}

    def view(k: int) -> Game:
        if k not in views:
            views[k] = _view_back(game, len(played) - anchors[k])
        return views[k]

    def key(k: int) -> tuple[int, tuple[Move, ...], int, float | None]:
        if k not in keys:
            keys[k] = (PositionHash(view(k)).key(), tuple(played[:anchors[k]]), plan_nodes, plan_seconds)
        return keys[k]

    last = len(anchors) - 1
    first = last
    if plan_seconds is None:
        while first > 0 and key(first) not in _FOLLOWED:
            first -= 1
    entry = _FOLLOWED.get(key(first))
    if entry is not None:
        first += 1
    elif first > 0:
        entry = _FOLLOWED.get(key(first - 1))
    known, misses, rescues, long_looks = entry if entry is not None else (None, 0, 0, 0)
    # no second tries on screen: there a plan is already cut at its time, and a second
    # one would double the pause between two moves
    demo_plan = game.profile.search.demo_plan
    rescue = plan_seconds is None and demo_plan is not None and demo_plan.quick_beams
    # long looks where the demo plan has them (not on screen either): after a second try
    # where there are second tries, else after a plan made afresh that found nothing
    looks = 0 if plan_seconds is not None or demo_plan is None else demo_plan.long_looks
    for k in range(first, last + 1):
        kept = None
        if known is not None:
            replay = _replayed(view(k - 1), known, played[anchors[k - 1]:anchors[k]], view(k))
            if replay is not None:
                kept = _kept(replay)
                if kept is None:
                    kept = _repaired(replay, plan_nodes, plan_seconds)
        second_try = rescue and rescues < RESCUES
        if kept is None and not (second_try and misses >= LEAN_AFTER):
            kept = _guessed_plan(view(k), plan_nodes, plan_seconds, lean=misses >= LEAN_AFTER)
        known = kept
        if known is None and second_try:
            rescues += 1
            known = _guessed_plan(view(k), plan_nodes, plan_seconds, rescue=True)
        if known is None and (second_try or not rescue) and long_looks < looks:
            long_looks += 1
            known = _guessed_plan(view(k), plan_nodes, plan_seconds, long_look=True)
        misses = 0 if known is not None else misses + 1
        if len(_FOLLOWED) >= _CACHE_LIMIT:
            _FOLLOWED.clear()
        _FOLLOWED[key(k)] = (known, misses, rescues, long_looks)
    return known


@dataclass
class _Replay:
    """A plan's remaining moves (``rest``) played on its guessed deal with the cards that
    showed swapped in (:func:`_replayed`): the position reached, the moves that held
    there, the guessed stock, and how many stock cards lay face down before the moves."""
    game: Game
    rest: list[Move]
    held: list[Move]
    cards: list[int]
    face_down: int


def _kept(replay: _Replay) -> _Plan | None:
    """The plan that ``replay`` follows, from where a card showed, when it still wins
    there; else None: its remaining moves must all hold on its guessed deal with the
    real cards swapped in, and win it."""
    won = len(replay.held) == len(replay.rest) and replay.game.is_won()
    return _Plan(replay.rest, replay.cards) if won else None


def _replayed(before: Game, plan: _Plan, done: list[Move], now: Game) -> _Replay | None:
    """``plan``, made in the view ``before``, followed along the moves ``done`` to the view
    ``now`` where a card showed, played on from ``now`` on its guessed deal up to its
    first move that no longer holds there; None when ``done`` is not the plan's or the
    guess went another way.

    The plan's guessed deal is played along ``done``; where the cards that showed differ
    from the ones it guessed, each real card is swapped with its guessed one in the
    guessed stock (the rest of the guess stays, :func:`_swapped`). Only what the player
    has seen enters the guess. :func:`_kept` and :func:`_repaired` both judge the plan by
    this one replay."""
    swapped = _swapped(before, plan, done, now)
    if swapped is None:
        return None
    check, cards = swapped
    face_down = len(check.piles[check.stock])
    rest = plan.moves[len(done):]
    return _Replay(check, rest, _play_while_legal(check, rest), cards, face_down)


def _play_while_legal(game: Game, moves: list[Move]) -> list[Move]:
    """Play ``moves`` on ``game`` up to the first that is illegal there; the moves played."""
    held: list[Move] = []
    for move in moves:
        if game.why_illegal(move) is not None:
            break
        game.play(move)
        held.append(move)
    return held


def _swapped(before: Game, plan: _Plan, done: list[Move], now: Game) -> tuple[Game, list[int]] | None:
    """The view ``now`` with the guessed stock of ``plan`` (made in ``before`` and
    followed along ``done``) in its stock, the cards that showed swapped in (see
    :func:`_kept`), and that stock; None when ``done`` is not the plan's or the guess went
    another way."""
    if plan.moves[:len(done)] != done:
        return None
    guess = _with_stock(before, plan.stock)
    for move in done:
        if guess.why_illegal(move) is not None:
            return None
        guess.play(move)
    stock = now.stock
    if [len(p) for p in now.piles] != [len(p) for p in guess.piles]:
        return None  # the guess went another way (an automatic fill took other cards)
    seen: Counter[int] = Counter()
    guessed: Counter[int] = Counter()
    for i, (real, mine) in enumerate(zip(now.piles, guess.piles, strict=True)):
        if i != stock:
            seen.update(real)
            guessed.update(mine)
    shown = list((seen - guessed).elements())
    wrong = list((guessed - seen).elements())
    cards = list(guess.piles[stock])
    for real_card, guessed_card in zip(shown, wrong, strict=True):
        cards[cards.index(real_card)] = guessed_card
    check = _with_stock(now, cards)  # a copy: the replay below takes cards from it
    return check, cards


def _repaired(replay: _Replay, plan_nodes: int, plan_seconds: float | None) -> _Plan | None:
    """The plan that ``replay`` follows (which :func:`_kept` did not keep) repaired on its
    guessed deal with the cards that showed swapped in, or None when the demo plan has no
    quick beams or they find no win. Its moves are kept up to the first that no longer
    holds on that guess. When those moves show another card, they are the plan, without
    a search: that card is looked at again where it shows, nearer the break (most broken
    plans hold for several cards). Otherwise the quick beams go on from the break, and
    the plan is their winning line after the moves kept."""
    global _plan_positions
    check = replay.game
    demo_plan = check.profile.search.demo_plan
    if demo_plan is None or not demo_plan.quick_beams:
        return None
    if len(check.piles[check.stock]) < replay.face_down:
        return _Plan(replay.held, replay.cards)
    line, nodes = quick_win(check, plan_nodes, plan_seconds)
    _plan_positions += nodes
    if line is None:
        return None
    return _Plan(replay.held + [check.parse_move(m) for m in line], replay.cards)


def _view_back(game: Game, steps: int) -> Game:
    """The player's view of the position ``steps`` decisions ago (no stock card was
    revealed since, so the view is exact)."""
    view = game.player_view()
    piles = view.piles
    for step in reversed(game.history[len(game.history) - steps:]):
        for t in reversed(step.transfers):
            piles[t.dst].pop()
            piles[t.src].append(UNKNOWN if t.src == view.stock else t.card)
        view._restore(step.saved)
    return view


def clear_plan_cache() -> None:
    """Forget the plans made so far (a plan is kept for the position it was made in)."""
    _PLAN_CACHE.clear()
    _FOLLOWED.clear()


def _plan(view: Game, plan_nodes: int, plan_seconds: float | None) -> list[Move] | None:
    """A winning line for ``view`` with its unseen cards dealt at random into the stock,
    or None when the solver finds none (see :func:`_guessed_plan`)."""
    plan = _guessed_plan(view, plan_nodes, plan_seconds)
    return None if plan is None else plan.moves


def _guessed_plan(view: Game, plan_nodes: int, plan_seconds: float | None, *,
                  lean: bool = False, rescue: bool = False, long_look: bool = False) -> _Plan | None:
    """A winning line for ``view`` with its unseen cards dealt at random into the stock,
    and that deal's stock, or None when the solver finds none within ``plan_nodes`` (and
    ``plan_seconds``).

    The demo plan's ``samples`` guesses are tried, each a different random deal of the
    unseen cards (with ``plan_seconds``, each gets an equal share of what is left of it); of
    the lines that win their guess, the one returned starts with the move most of them
    start with (the earliest guess's line among equals). A move that wins several
    guessed deals is a better bet on the real one than the move of a single guess. None
    at once for a rule set whose profile has no demo plan. ``lean``: only the plan's quick
    beams, where it has them (:func:`_solve_guess`). ``rescue``: instead, one guess
    that the plan's own guesses are not (the next seed after theirs), searched by the
    second try's beams within ``plan_nodes``. ``long_look``: instead, one guess that
    neither of those is (the seed after the second try's), searched by the solver's own
    stages within :data:`LONG_LOOK_NODES` (the time, ``plan_seconds``, stays)."""
    demo_plan = view.profile.search.demo_plan
    if demo_plan is None:
        return None
    lean = lean and demo_plan.quick_beams and not rescue and not long_look
    key = (PositionHash(view).key(), plan_nodes, plan_seconds, lean, rescue, long_look)
    # one lookup, not "in" then "[]": a demo thinking on another thread may clear the
    # cache in between
    known = _PLAN_CACHE.get(key, _NOT_PLANNED)
    if known is not _NOT_PLANNED:
        return known
    unseen = _unseen_list(view)
    wins: list[_Plan] = []
    guesses: list[Game] = []
    deadline = None if plan_seconds is None else time.perf_counter() + plan_seconds
    samples = demo_plan.samples
    # the plan's own guesses, then the second try's, then the long look's
    seeds = [samples + 1] if long_look else [samples] if rescue else list(range(samples))
    for done, sample in enumerate(seeds):
        seconds = 1e9 if deadline is None else (deadline - time.perf_counter()) / (len(seeds) - done)
        if seconds <= 0:
            break
        cards = list(unseen)
        random.Random(key[0] + sample * _SEED_STEP).shuffle(cards)
        guess = _with_stock(view, cards)
        if long_look:
            line = _solver_line(guess, LONG_LOOK_NODES, seconds)
        else:
            line = _solve_guess(guess, demo_plan, plan_nodes, seconds, lean=lean, rescue=rescue)
        if line:
            wins.append(_Plan([guess.parse_move(m) for m in line], list(cards)))
        guesses.append(guess)
    plan = None
    if wins:
        votes = Counter(line.moves[0] for line in wins)
        wins.sort(key=lambda line: -votes[line.moves[0]])  # stable: the earliest guess first
        plan = wins[0]
        if len(guesses) > 1 and deadline is None:
            plan = _cross_checked(view, wins, guesses, demo_plan, plan_nodes)
            if demo_plan.judge_fills:
                plan = _fill_judged(view, plan, guesses, demo_plan, plan_nodes)
    if plan is not None:
        plan = _without_returns(view, plan)
    if len(_PLAN_CACHE) >= _CACHE_LIMIT:
        _PLAN_CACHE.clear()
    _PLAN_CACHE[key] = plan
    return plan


def _without_returns(view: Game, plan: _Plan) -> _Plan:
    """``plan`` less each move that a later move of it takes straight back (the same card
    from where it went to where it came from) while no move between touches either
    place: the solver's lines carry such pairs (a card moved to another pile, the stock
    turned, the card moved back), and a demo that plays them looks as if it did not know
    what it was doing. The shortened line is played on the plan's guessed deal: it is
    used only when every move is legal and it ends in the position the whole line ends
    in (so it still wins that deal), else the plan is kept as it was."""
    line = drop_returns(plan.moves, lambda move: move)
    if len(line) == len(plan.moves):
        return plan
    whole, short = _with_stock(view, plan.stock), _with_stock(view, plan.stock)
    for move in plan.moves:
        whole.play(move)
    if len(_play_while_legal(short, line)) < len(line) or short.to_layout() != whole.to_layout():
        return plan
    return _Plan(line, plan.stock)


def _to_next_card(view: Game, plan: _Plan) -> tuple[Move, ...]:
    """The moves of ``plan`` up to the first that shows a stock card (that one included),
    played from ``view`` on its guessed deal: what the player follows of it for sure."""
    guess = _with_stock(view, plan.stock)
    moves: list[Move] = []
    for move in plan.moves:
        moves.append(move)
        if any(t.src == guess.stock for t in guess.play(move)):
            break
    return tuple(moves)


def _cross_checked(view: Game, wins: list[_Plan], guesses: list[Game], demo_plan: DemoPlan,
                   plan_nodes: int) -> _Plan:
    """Of the won guesses' plans ``wins`` (in the vote's order), the one to follow: where
    they go different ways before the next card shows, the one whose moves up to there
    (:func:`_to_next_card`) leave the most of ``guesses`` won, each judged by the plan's
    searches within ``plan_nodes`` positions from there (its own guess counts as won);
    the vote's order breaks ties. Where they all go the same way (most plans), the
    first, with no search.

    The vote alone looks at first moves, but in ``constitution`` a move is mostly one
    step of a chain of owed fills, and which card fills which space is the bet: three
    guesses agreeing on a foundation move may still fill the space it opens three ways.
    """
    ways: dict[tuple[Move, ...], _Plan] = {}
    for plan in wins:
        ways.setdefault(_to_next_card(view, plan), plan)
    if len(ways) < 2:
        return wins[0]
    best, most = wins[0], -1
    for moves, plan in ways.items():
        won = 0
        for guess in guesses:
            if guess.piles[guess.stock] == plan.stock:
                won += 1
                continue
            trial = guess.clone()
            if len(_play_while_legal(trial, list(moves))) < len(moves):
                continue
            if trial.is_won() or _solver_line(trial, plan_nodes, 1e9, demo_plan.searches):
                won += 1
        if won > most:
            best, most = plan, won
    return best


def _fill_judged(view: Game, plan: _Plan, guesses: list[Game], demo_plan: DemoPlan,
                 plan_nodes: int) -> _Plan:
    """``plan``, or a plan that fills a space otherwise: at the first owed fill on its way
    to the next card (:func:`_to_next_card`) where more than one card may fill the space,
    each of those cards is played there on every guess of ``guesses`` (after the way's
    moves before it) and judged by the plan's searches within ``plan_nodes`` positions
    from there (``plan``'s own fill counts as won on its own guess). A card that leaves
    more guesses won than ``plan``'s own is followed, with the line that won the first
    of its guesses; among equals, ``plan``'s own, then the fills' order.

    The three guesses' searches order their moves alike, so their plans nearly always
    fill a space with the same card, and :func:`_cross_checked` never sees the bet. A
    card judged cannot do better once it has lost more guesses than the best so far, so
    where ``plan``'s own fill wins every guess (most plans) no other card is searched.
    """
    way = _to_next_card(view, plan)
    game = _with_stock(view, plan.stock)
    before: list[Move] = []
    for move in way:
        if game.owed_space() is not None:
            fills = {game.piles[move.src][-1]: move}
            for fill in game.legal_moves():
                fills.setdefault(game.piles[fill.src][-1], fill)
            if len(fills) > 1:
                break
        game.play(move)
        before.append(move)
    else:
        return plan
    best, most, best_plan = move, -1, None
    for fill in fills.values():
        won, found = 0, None
        for done, guess in enumerate(guesses):
            if won + len(guesses) - done <= most:
                break  # it can no longer beat the best
            if fill == move and guess.piles[guess.stock] == plan.stock:
                won += 1
                continue
            trial = guess.clone()
            if len(_play_while_legal(trial, [*before, fill])) <= len(before):
                continue
            if trial.is_won():
                won += 1
                continue
            line = _solver_line(trial, plan_nodes, 1e9, demo_plan.searches)
            if line:
                won += 1
                if found is None:
                    found = _Plan([*before, fill, *(trial.parse_move(m) for m in line)],
                                  list(guess.piles[guess.stock]))
        if won > most:
            best, most, best_plan = fill, won, found
    return plan if best == move or best_plan is None else best_plan


def _solve_guess(guess: Game, plan: DemoPlan, plan_nodes: int, seconds: float, *,
                 lean: bool = False, rescue: bool = False) -> list[str] | None:
    """A winning line of the guessed deal ``guess`` in notation, or None: the plan's
    quick beams first (:attr:`DemoPlan.quick_beams`), then its searches (not when
    ``lean``), each within ``plan_nodes`` positions, all within ``seconds``. A second
    try (``rescue``) runs the shaken narrow beams (:func:`jittered_win`) after the quick
    beams instead of the searches, within the ``plan_nodes`` the quick beams left."""
    global _plan_positions
    if plan.quick_beams and "beams" in plan.searches:
        start = time.perf_counter()
        line, nodes = quick_win(guess, plan_nodes, seconds)
        _plan_positions += nodes
        if line or lean:
            return line
        seconds -= time.perf_counter() - start
        if seconds <= 0:
            return None
        if rescue:
            line, more = jittered_win(guess, plan_nodes - nodes, seconds)
            _plan_positions += more
            return line
    return _solver_line(guess, plan_nodes, seconds, plan.searches)


def _solver_line(guess: Game, nodes: int, seconds: float,
                 plan: tuple[str, ...] | None = None) -> list[str] | None:
    """A winning line of the guessed deal ``guess`` in notation found by the solver within
    ``nodes`` positions and ``seconds``, with the searches of ``plan`` side by side or,
    without one, its own stages (a long look; never the replanning search,
    :class:`Replanner`, which is this player's own way); or None. Its positions count
    in :data:`_plan_positions`."""
    global _plan_positions
    result = solve(guess, max_nodes=nodes, max_seconds=seconds, plan=plan, replan=False)
    _plan_positions += result.nodes
    return result.moves if result.status == WON and result.moves else None


#: whether the demo player's hints (and so the replanning search's) see Lady Cadogan's
#: climbs as the player's hint does (``hints(climbs=...)``). Not: with them the demo won
#: 959 of games 1-1000 against 960, and the replanning search, whose lines they change,
#: left game 641 unknown at 50,000,000 positions where it had won it at 7.8 million
#: (docs/search.md, "The hint in Lady Cadogan: climbs")
DEMO_CLIMBS = False

#: the replanning search's long looks a game, at least: its long looks, not its plans, are
#: what wins the deals the other searches leave (``constitution``'s demo plan takes 4, for
#: the demo's time; with 12, the replanning search wins 6 of the 11 deals of 1-10,000 it
#: left unknown with 4, and still all it won: docs/search.md, "After a million positions")
REPLAN_LONG_LOOKS = 12


class Replanner(OneAfterAnother):
    """The demo player's way of playing with the whole deal in sight: a search of the
    solver's (``replan``) that proves nothing.

    Where a stock card shows (and at the start) it plans on the real deal as the demo
    plans on a guessed one, with the same schedule: the demo plan's searches, the quick
    beams alone after :data:`LEAN_AFTER` cards in a row without a plan, second tries
    (:data:`RESCUES`) and long looks (:attr:`~game.engine.profile.DemoPlan.long_looks`,
    but at least :data:`REPLAN_LONG_LOOKS`); but where the demo plan has quick beams
    (Lady Cadogan), its long looks come first, each alone, and the plans and second
    tries only once they are spent.
    A plan found wins the deal: the moves played so far and the plan are the winning line.
    Where none is found it plays the demo's hint (which sees only what a player sees)
    until the next card shows, and plans again. It ends when no move is left, or after
    :data:`DEFAULT_MAX_MOVES` moves.

    Every plan starts from further into the game than the one before, so the plans see
    different openings: on the deals that the solver's other searches leave unknown
    within a million positions, this found the wins that the demo found only with other
    guesses (docs/search.md, "Deals won by a line"). The positions it spends are its
    plans' and its hints' (``done``); a plan gets at most half of what is left, since a
    plan of Lady Cadogan may run two searches of that size. With ``deadline`` (a
    :func:`time.perf_counter` time, which the solver sets to its own end) the plans stop
    there too."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        super().__init__(game, max_nodes)
        self.deadline: float | None = None
        #: positions the solver's stages before this search searched from its start (its
        #: ``solve`` sets it). A long look there is those same stages within
        #: :data:`LONG_LOOK_NODES`: every search of theirs is deterministic and searches
        #: with a smaller budget a first part of what it searches with a larger one, so
        #: from at least that many, the look would find nothing new and is not taken
        self.searched_here = 0
        #: how far each of those stages' searches went, by name (``ran`` in the solver's
        #: :func:`~.solver.solve`): the plan at the start is not made when each of its
        #: searches already went as far there (:func:`_repeats_stages`)
        self.ran_here: dict[str, int] = {}

    def steps(self) -> Steps:
        """Play on and plan: True when a plan wins (``win`` holds the whole line), None
        when the game ends without one or the node budget runs out."""
        game = self.game
        plan = game.profile.search.demo_plan
        if plan is None:
            return None
        played: list[str] = []
        misses = rescues = long_looks = 0
        looks = max(plan.long_looks, REPLAN_LONG_LOOKS)
        while len(played) < DEFAULT_MAX_MOVES:
            if game.is_won():
                self.win = played
                return True
            # a card showed, or the start: plan as the demo does, on the real deal; but in
            # Lady Cadogan the long looks come first, alone: a look begins with the
            # plan's quick beams, and on the 56 deals of 1-10,000 this search is run on,
            # every win but one came from a look, and the one a second try won (7781) the
            # look at the same card wins too (docs/search.md, "After a million positions")
            looks_left = long_looks < looks
            first_looks = plan.quick_beams and looks_left
            second_try = plan.quick_beams and rescues < RESCUES and not looks_left
            line = None
            repeats = not played and _repeats_stages(plan, self.ran_here)
            if not (second_try and misses >= LEAN_AFTER) and not repeats and not first_looks:
                line = self._planned(plan.nodes, partial(_solve_guess, game, plan, lean=misses >= LEAN_AFTER))
            if line is None and second_try:
                rescues += 1
                line = self._planned(plan.nodes, partial(_solve_guess, game, plan, rescue=True))
            looked = not played and self.searched_here >= LONG_LOOK_NODES
            if line is None and looks_left and not looked:
                long_looks += 1
                line = self._planned(LONG_LOOK_NODES, partial(_solver_line, game))
            if line is not None:
                self.win = played + line
                return True
            misses += 1
            yield
            # the demo's hints until the next card shows
            while True:
                if self.nodes >= self.max_nodes or len(played) >= DEFAULT_MAX_MOVES:
                    return None
                counter = [0]
                ranked = hints(game, max_nodes=DEMO_MAX_NODES, max_ms=None, avoid_repeats=True,
                               safe_first=False, climbs=DEMO_CLIMBS, no_ops_last=False, counter=counter)
                self.done += counter[0]
                if not ranked:
                    return None
                played.append(game.move_text(ranked[0].move))
                shown = any(t.src == game.stock for t in game.play(ranked[0].move))
                yield
                if shown or game.is_won():
                    break
        return None

    def _planned(self, nodes: int, search: Callable[[int, float], list[str] | None]) -> list[str] | None:
        """The line ``search`` finds within ``nodes`` positions, or half the positions
        left if fewer (and the time up to ``deadline``), or None; its positions count in
        ``done``."""
        left = (self.max_nodes - self.done) // 2
        seconds = 1e9 if self.deadline is None else self.deadline - time.perf_counter()
        if left <= 0 or seconds <= 0:
            return None
        before = _plan_positions
        line = search(min(nodes, left), seconds)
        self.done += _plan_positions - before
        return line


def _repeats_stages(plan: DemoPlan, ran: dict[str, int]) -> bool:
    """Whether the demo plan's first try (:func:`_solve_guess`, neither lean nor a second
    try) would only search again what the solver's stages searched from the same
    position, as ``ran`` says: its quick beams and each of its searches, side by side
    with an equal share of its positions, went at least as far there (a search of the
    solver's is deterministic, and with fewer positions searches a first part of what it
    searches with more). Lady Cadogan's plan is its quick beams and beams, which the
    stages ran for 60,000 and 800,000 positions before the replanning search."""
    if plan.quick_beams and "beams" in plan.searches and ran.get("quick", 0) < plan.nodes:
        return False
    share = max(1, plan.nodes // len(plan.searches))
    return bool(plan.searches) and all(ran.get(kind, 0) >= share for kind in plan.searches)


#: the positions every plan made in this process searched (:attr:`DemoResult.plan_positions`)
_plan_positions = 0


def play_demo(rules: str, number: str, *, max_moves: int = DEFAULT_MAX_MOVES,
              max_nodes: int = DEMO_MAX_NODES, max_ms: float | None = DEMO_MAX_MS,
              plan_nodes: int | None = None) -> DemoResult:
    """Play deal ``number`` of ``rules`` from the start with the demo player.

    Stops when the game is won, no move is left (or none that leads anywhere new), or
    after ``max_moves`` moves. With ``max_ms=None`` the game played (all but ``seconds``)
    is a pure function of the deal and the budgets.
    Raises UnknownRulesError / GameNumberError for a bad rule set or number.
    """
    start = time.perf_counter()
    positions = _plan_positions
    game = new_game(rules, number)
    while len(game.history) < max_moves:
        move = demo_move(game, max_nodes=max_nodes, max_ms=max_ms, plan_nodes=plan_nodes)
        if move is None:
            break
        game.play(move)
    return DemoResult(game.rules, game.game, game.is_won(),
                      [game.move_text(m) for m in game.moves_played],
                      game.cards_home(),
                      time.perf_counter() - start, _plan_positions - positions)
