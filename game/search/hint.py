"""Hints: the moves of a position ranked, each with a short reason for the player.

The hint sees only what the player sees (``Game.player_view``: face-down stock cards are
unknown). It searches shallowly with iterative deepening inside a node and time budget:
the value of a line is the best evaluation (:mod:`game.search.evaluate`) reachable along
it, because in a patience game the player may stop pursuing a line at any point.

In Square, Union Square and Lady Cadogan a move that brings a stock card into play
(turning it, dealing it into a space, refilling the waste) ends the line there: what
comes next depends on a card nobody has seen, so the position is valued with that card
unknown plus (in the Square games, where a turned card may go straight up) the chance,
counted over the cards still unseen (two packs minus every visible card), that it goes
to a foundation at once. In ``constitution`` a stock card only fills Row 4 and then
spaces until it is seen, so the search goes on with it unknown and of no use (a
pessimistic line). The search never looks at the real stock, so shuffling it cannot change a hint.

A transposition table on the position hash remembers what each position was worth at
each depth, and the current line is checked so the search never goes round a cycle.
Positions the game has already been through count as worth nothing new (the hint never
suggests going back to where the player was), which also keeps the demo player from
looping.

When the best moves look exactly alike at the deepest depth finished for all moves,
they alone are searched deeper (:func:`_break_ties`). Where a Row 1 place of
``constitution`` must be filled, the whole search gets :data:`BASE_FILL_FACTOR` times
its positions: the card chosen is a pile's base for a long time, such positions are few
in a game, and the fills each forces below make even one move deep cost many positions.
In ``constitution`` the hint's positions are also worth less by each seen card below Row
1 that no Row 1 run could take (:func:`~.evaluate.homeless_cards`): where the
foundations wait for cards still in the stock, what tells a good base from a bad one
lies many stock cards away, beyond any search of the player's view, and a high base that
takes a long run of the cards below keeps the stock flowing where a low one does not.

Then the best moves are looked at whole: where every position a move leads to can be
seen within a few hundred (an end game, a corner with few moves), a reachability search
proves the move lost, or lost unless unseen stock cards help, and it sinks below the
moves that still have a way on (:func:`_settle_the_best`); a move the search found
lost is checked the same way, so that its reason can say so. Once the stock is empty the
player sees every card, and the solver's own searches look for a win from the position
and from each of the best moves (:func:`_play_out`): a line found is a win for sure,
and its first move goes first. While a few stock cards are still unseen, the player
knows which cards they are but not their order: the best moves are played out on
guessed orders (every order, when few enough; :func:`_bet_on_guesses`), and a move that
fewer guesses prove lost goes first. In Lady Cadogan, while more cards are unseen, a
best move that lets the waste's top card fall into Row 4 and that the complete search
proves lost on each of a few guessed orders (a lock that no order of the cards opens)
goes below the next best move that is not (:func:`_shun_the_doomed`). The guesses are
made from the cards not in sight, never from the stock.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.cards import UNKNOWN, card_pretty, full_pack
from ..engine.profile import Layout
from ..engine.rows import row_of
from ..engine.state import Game, Move, Transfer
from .cadogan_core import Core
from .cadogan_proof import CadoganProof
from .depth_first import DepthFirst, Narrowing, Steps, bounded
from .evaluate import FOUNDATION_CARD, HOMELESS_CARD, LOSS, STUCK, WIN, evaluate, homeless_cards
from .knowledge import PositionHash, forced_move, foundation_wants, ordered_moves

#: how many times its node budget the hint searches where a Row 1 place must be filled
#: (``constitution``): the card chosen becomes a pile's base for a long time, and which
#: base is better often shows only a move or two beyond what the usual budget reaches
#: (the fills themselves forcing chains of fills below)
BASE_FILL_FACTOR = 3
#: the evaluations of positions searched lately, by rule set (with `` homeless`` after
#: it where the hint's count of :func:`~.evaluate.homeless_cards` is in them) and exact
#: position key (:meth:`~game.search.knowledge.PositionHash.exact_key`): the searches of
#: the moves of one game overlap, and a search that deepens meets its shallower positions
#: again
_EVALUATED: dict[str, dict[int, float]] = {}
_EVALUATED_LIMIT = 200_000
#: a position the game has already been through: worth less than any fresh one
REPEAT_PENALTY = 500.0
#: what :meth:`_HintSearch.closure` may answer
WON_LINE, DEAD, DEAD_BLIND = "won", "dead", "dead unless the stock helps"
#: the stock turn's answer where no other move gains anything within the search (they
#: rank below it: :func:`_rank_shuffles_below_stock`), so that its reason says why it
#: comes before a move that looks as useful
NOTHING_ELSE = "nothing else gains"
#: the answer for a move that comes back to the position itself (in Union Square, a
#: pile's only card into an empty pile): it ranks last, and says so
NO_CHANGE = "changes nothing"
#: the answer for a move back to a position the game has already been through (worth
#: :data:`REPEAT_PENALTY` less than a fresh one), so that its reason says why it ranks low
BACK = "back"
#: positions the reachability searches of one hint may see in all, and each of them
CLOSURE_NODES = 600
CLOSURE_LIMIT = 150
#: where the stock holds at most :data:`END_STOCK` cards, each reachability search of
#: the best moves may see :data:`END_CLOSURE_LIMIT` positions: near the end of a game
#: the corners a move leads into are larger than the usual limit yet still small (a
#: ``constitution`` drop of 4♣ with 13 cards in the stock, lost: 260 positions), and
#: such positions are few in a game
END_STOCK = 16
END_CLOSURE_LIMIT = 300
#: a move into a position lost for sure is worth about LOSS; one lost unless the stock's
#: unknown cards help, about this
BLIND_LOSS = LOSS / 2
#: positions the end-game search (:func:`_play_out`) may see, once the player sees
#: every card, and the best moves it searches from, beside the position itself
END_GAME_NODES = 8000
END_GAME_MOVES = 4
#: the winning lines the end-game search found, by rule set: the exact key of each
#: position along a line (:meth:`~.knowledge.PositionHash.exact_key`) and its move
_WON_LINES: dict[str, dict[int, Move]] = {}
_WON_LINES_LIMIT = 50_000
#: positions the hint may search on past its budget to tell apart the best moves when
#: they look exactly equal (:func:`_break_ties`)
TIE_NODES = 200
TIE_MARGIN = 0.05
#: at most this many equal moves (more are usually one card into any of many places,
#: which a deeper search tells apart no better, at a cost the budget has not got)
TIE_MOVES = 4
#: the hint plays the best moves out on guessed orders of the unseen stock cards
#: (:func:`_bet_on_guesses`) when there are at most this many of them, on this many
#: orders, trying this many moves, each guess within this many positions
GUESS_CARDS = 8
GUESSES = 6
GUESS_MOVES = 4
GUESS_NODES = 300
#: how far the move that wins the most guesses goes above the best move's value
GUESS_LEAD = 1.0
#: in Lady Cadogan, while more stock cards are unseen than :data:`GUESS_CARDS`, the best
#: moves are played out on this many guessed orders of them, each within this many
#: positions of the complete search alone, at most this many moves
#: (:func:`_shun_the_doomed`)
DOOM_GUESSES = 3
DOOM_NODES = 1500
DOOM_MOVES = 3
#: how far apart the seeds of one position's guesses are (any large odd number)
_GUESS_SEED_STEP = 0x9E3779B97F4A7C15


@dataclass(frozen=True)
class Hint:
    """One suggested move, its value and why it is good, in a player's words."""

    move: Move
    score: float
    reason: str
    #: the reason without its first part, which only restates the move (``plays 2♣ to
    #: the foundation``): for a screen that has already named the move in words
    why: str = ""
    #: the move ranked before this one that reaches the same position (the same card into
    #: a suit's other foundation, or into another space), or None: its *twin*
    twin_of: Move | None = None
    #: a move that can never be a mistake, a safe drop or a safe climb's first move (first
    #: for that reason, whatever the scores: :func:`_safe_first`)
    safe: bool = False
    #: the move comes back to the position itself (:data:`NO_CHANGE`); its twins are the
    #: other such moves, whatever card they move
    changes_nothing: bool = False


#: hints whose scores are this close are as good as each other, as far as the search
#: can tell (a card on a foundation is worth 100)
AS_GOOD = 0.05


def as_good_as(ranked: list[Hint], index: int) -> list[int]:
    """The indexes of the other hints of ``ranked`` (best first, as :func:`hints`
    answers) that score as well as hint ``index``, to within :data:`AS_GOOD`: the search
    cannot tell which of them is better, and the player should know that the first of
    them is first only by the order of a tie. They lie next to it, in order. A move that
    can never be a mistake (:attr:`Hint.safe`) ties with none: it is first for that."""
    hint = ranked[index]
    if hint.safe:
        return []
    return [i for i, h in enumerate(ranked)
            if i != index and not h.safe and abs(h.score - hint.score) <= AS_GOOD]


def numbers_words(numbers: list[int]) -> str:
    """Hint numbers as a player reads them: ``hint 2``, ``hints 2 and 3``, ``hints 2–5``
    (numbers next to each other, in order), else ``hints 2, 4 and 7``."""
    if len(numbers) == 1:
        return f"hint {numbers[0]}"
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"hints {numbers[0]}–{numbers[-1]}"
    return "hints " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


class _Budget(Exception):
    """The node or time budget ran out in the middle of a depth."""


class _HintSearch:
    """One hint search over a private copy of the player's view."""

    def __init__(self, view: Game, max_nodes: int, max_ms: float | None, history: set[int],
                 chains: bool = False, climbs: bool = True) -> None:
        # ``view`` is played on and always restored
        self.game = view
        self.hash = PositionHash(view)
        self.max_nodes = max_nodes
        self.deadline = math.inf if max_ms is None else time.perf_counter() + max_ms / 1000.0
        self.nodes = 0
        #: the positions the reachability searches (:meth:`closure`) saw
        self.closure_nodes = 0
        self.history = history
        self.table: dict[int, tuple[int, float]] = {}
        self.path: set[int] = set()
        self.unseen = _unseen_cards(view)
        # Only in the Square games can a card from the stock go straight to a foundation
        # (the profile's ``reveal_bonus``). In ``constitution`` an unknown card is inert
        # (nothing builds on it and it builds on nothing; it only fills spaces), so the
        # search goes on through a Row 4 fill as if the new card were of no use, and
        # every leaf is checked for being stuck (``through_reveals``). In Lady Cadogan
        # that pessimism would make turning the stock look worthless, and in the Square
        # games an unknown top card would read as a neighbour of the Ace.
        self.reveal_bonus = view.profile.search.reveal_bonus
        self.through_reveals = view.profile.search.through_reveals
        #: with ``chains``, in ``constitution``, each position's value loses
        #: :data:`~.evaluate.HOMELESS_CARD` for each card of :func:`~.evaluate.homeless_cards`
        self.homeless = HOMELESS_CARD if chains and view.profile.fills_owed else 0.0
        self.evaluated = _EVALUATED.setdefault(view.rules + (" homeless" if self.homeless else ""), {})
        #: In ``constitution`` a fill opens a space one row lower that must be filled in
        #: turn: with ``chains``, the fills after the first are each made with the card
        #: the row's order puts first (:func:`~.knowledge.ordered_moves`: a card a
        #: foundation wants, else the lowest) at no depth, so the chain a fill forces is
        #: one step and the search sees what the filled place does next
        self.chains = chains
        #: In Lady Cadogan a card a foundation wants climbs home one row a move: with
        #: ``chains`` and ``climbs``, its next step up (:meth:`_climbing`) costs no depth,
        #: so that even a search one move deep sees a card of Row 4 reach the foundation
        self.climbs = (chains and climbs and view.profile.layout is Layout.ROWS
                       and not view.profile.fills_owed)

    def play(self, move: Move) -> list[Transfer]:
        """Play one of the position's legal moves (as the search always does)."""
        transfers = self.game.play_legal(move)
        self.hash.played(transfers)
        return transfers

    def undo(self) -> None:
        self.game.undo()
        self.hash.undone()

    def leaf_value(self, transfers: list[Transfer]) -> float:
        """The value of the position just reached by ``transfers`` without searching on."""
        game = self.game
        # the same position place by place has the same evaluation to the last bit
        key = self.hash.exact_key()
        value = self.evaluated.get(key)
        if value is None:
            value = evaluate(game, mobility=None if self.through_reveals else 0)
            if self.homeless and STUCK < value < WIN:
                value -= self.homeless * homeless_cards(game)
            if len(self.evaluated) >= _EVALUATED_LIMIT:
                self.evaluated.clear()
            self.evaluated[key] = value
        if value >= WIN or value <= STUCK:
            return value
        if self.reveal_bonus and any(t.src == game.stock for t in transfers):
            value += FOUNDATION_CARD * self._chance_playable()
        return value

    def _chance_playable(self) -> float:
        """The chance that the card just dealt from the stock goes to a foundation now."""
        if not self.unseen:
            return 0.0
        wants = foundation_wants(self.game)
        hits = sum(self.unseen.get(c, 0) for c in wants)
        return hits / sum(self.unseen.values())

    def value(self, transfers: list[Transfer], depth: int) -> float:
        """The best value reachable within ``depth`` more moves from here."""
        game = self.game
        if self.nodes >= self.max_nodes or time.perf_counter() > self.deadline:
            raise _Budget
        self.nodes += 1
        stand = self.leaf_value(transfers)
        if self.hash.key() in self.history:
            return stand - REPEAT_PENALTY
        if stand >= WIN or stand <= STUCK:
            return stand
        climb, moves = self._climbing(transfers) if self.climbs else (None, None)
        if depth == 0 and climb is None:
            return stand
        if not self.through_reveals and any(t.src == game.stock or t.card == UNKNOWN for t in transfers):
            return stand
        key = self.hash.key()
        known = self.table.get(key)
        if known is not None and known[0] >= depth:
            return known[1]
        if moves is None:
            moves = game.legal_moves()
        if not moves:
            return LOSS + stand / 1000.0
        forced = forced_move(game, moves)
        candidates = [forced] if forced is not None else ordered_moves(game, moves)
        # a forced foundation move costs no depth: it is not a decision; nor does a fill
        # that a fill before it forced, of the card needed soonest (``chains``), nor a
        # climbing card's next step (``climbs``: its only move where no depth is left)
        free = forced is not None
        if not free and self.chains:
            owed = game.owed_space()
            if owed is not None and row_of(owed):
                candidates = candidates[:1]
                free = True
        if climb is not None and not free:
            candidates = [climb] if depth == 0 else [climb] + [m for m in candidates if m != climb]
        best = LOSS - 1.0
        # every move searched, and each lost: then so is this position, however good it
        # looks (a player cannot stop here: the game goes on, or ends lost)
        lost = True
        self.path.add(key)
        try:
            for move in candidates:
                child = self.play(move)
                try:
                    if self.hash.key() in self.path:
                        lost = False
                        continue
                    child_value = self.value(child, depth - (not free and move != climb)) - 0.01
                    best = max(best, child_value)
                    if child_value > STUCK:
                        lost = False
                finally:
                    self.undo()
        finally:
            self.path.discard(key)
        if not lost:
            best = max(best, stand)
        self.table[key] = (depth, best)
        return best

    def _climbing(self, transfers: list[Transfer]) -> tuple[Move | None, list[Move] | None]:
        """The next step of the card the last move took up a row (Lady Cadogan), or None:
        its move onto the row above (the first such pile in the search's order) or home,
        when a foundation wants the card; and the legal moves, when it had to work them
        out (else None), so that :meth:`value` does not work them out again."""
        game = self.game
        moved = transfers[0]
        if moved.dst in game.foundations or moved.src in (game.stock, game.waste):
            return None, None
        if moved.card not in foundation_wants(game):
            return None, None
        moves = game.legal_moves()
        ups = [m for m in moves if m.src == moved.dst]
        if not ups:
            return None, moves
        home = [m for m in ups if m.dst in game.foundations]
        return (home or ordered_moves(game, ups) or ups)[0], moves

    def closure(self, limit: int) -> str | None:
        """Whether every position reachable from here was seen within ``limit`` new ones.

        A reachability search (each position once, a safe drop played alone, since it
        keeps every win open): :data:`WON_LINE` when it reaches a won position; :data:`DEAD`
        when it saw them all and none is won, so the position is lost; :data:`DEAD_BLIND`
        the same, but some stock card came into play unknown and was taken to be of no
        use (``through_reveals``), so it is lost unless those cards help; None when the
        limit or the budget ran out first, or (where the search stops at a stock card)
        a stock card would come into play or has just come, still unknown."""
        game = self.game
        stock = game.stock
        if not self.through_reveals and game.piles[stock]:
            # the stock can be turned (or deals) until it is empty, and the search stops
            # at a stock card: it could never finish
            return None
        seen = {self.hash.key()}
        # a card the move just brought from the stock, still unknown: nothing moves it in
        # the view, though it may well move when it is seen
        blind = any(UNKNOWN in pile for i, pile in enumerate(game.piles) if i != stock)
        if blind and not self.through_reveals:
            return None
        played = 0
        stack = [self._closure_moves()]
        answer: str | None = None
        try:
            while stack:
                move = next(stack[-1], None)
                if move is None:
                    stack.pop()
                    if stack:
                        self.undo()
                        played -= 1
                    continue
                transfers = self.play(move)
                played += 1
                key = self.hash.key()
                if key in seen:
                    self.undo()
                    played -= 1
                    continue
                if any(t.src == stock for t in transfers):
                    if not self.through_reveals:
                        return None
                    blind = True
                seen.add(key)
                if len(seen) > limit or time.perf_counter() > self.deadline:
                    return None
                if game.is_won():
                    answer = WON_LINE
                    return answer
                stack.append(self._closure_moves())
            return DEAD_BLIND if blind else DEAD
        finally:
            self.closure_nodes += len(seen) - 1
            for _ in range(played):
                self.undo()

    def _closure_moves(self) -> Iterator[Move]:
        moves = self.game.legal_moves()
        forced = forced_move(self.game, moves)
        return iter([forced] if forced is not None else moves)


def _unseen_cards(view: Game) -> dict[int, int]:
    """The cards the player has not seen, with how many of each (two packs minus the
    visible ones); their order is unknown."""
    counts: dict[int, int] = {}
    for c in full_pack(view.max_rank) * 2:
        counts[c] = counts.get(c, 0) + 1
    for pile in view.piles:
        for c in pile:
            if c != UNKNOWN:
                counts[c] -= 1
    return {c: n for c, n in counts.items() if n > 0}


def history_keys(game: Game) -> set[int]:
    """The position hashes (of the player's view) of every position the game went
    through before this one, walking its history backwards on a copy."""
    copy = game.player_view()
    stock = copy.stock
    hasher = PositionHash(copy)
    keys: set[int] = set()
    for step in reversed(game.history):
        piles = copy.piles
        for t in reversed(step.transfers):
            piles[t.dst].pop()
            piles[t.src].append(UNKNOWN if t.src == stock else t.card)
        # the engine keeps the small extra state (owed fill, Square's dealt counts) of
        # each step for undo; put it back the same way undo does
        copy._restore(step.saved)
        hasher.moved(step.transfers)
        keys.add(hasher.key())
    return keys


def hints(game: Game, *, max_nodes: int | None = None, max_ms: float | None = 50.0,
          avoid_repeats: bool = False, twins: bool = True, safe_first: bool = True,
          climbs: bool = True, no_ops_last: bool = True, counter: list[int] | None = None) -> list[Hint]:
    """Every legal move of ``game``, best first, with a reason a player understands.

    Searches the player's view only (never the stock's order). Iterative deepening stops
    at the node budget (``max_nodes``; by default the rule set's ``hint_nodes``) or the
    time budget; each move keeps the value of the deepest search that
    finished for all moves. A move that only shuffles cards (no gain within the search)
    ranks below turning the stock when the stock can be turned, but for one that lets the
    card a foundation takes next fall from the waste into Row 4 (Lady Cadogan, with
    ``climbs``), which the turn would bury in the waste. With ``avoid_repeats``,
    moves that go straight back to a position the game has already been through are left
    out. With ``max_ms=None`` only the node budget bounds the search, and the hints are a
    pure function of the position, its history and ``max_nodes``. With ``twins=False`` a
    move that reaches the same position as a better-ranked one (the same card into another
    space) is left out, so that asking for the next hint shows something new.
    With ``safe_first`` a foundation move that can never be a mistake
    (:func:`~game.search.knowledge.forced_move`) comes first, with the best value of any
    move (see :func:`_safe_first`). ``climbs=False`` leaves out Lady Cadogan's free steps
    of a climbing card (:meth:`_HintSearch._climbing`). A move that comes back to this
    very position (up to interchangeable places) ranks last, saying it changes nothing;
    ``no_ops_last=False`` searches it as any other move. When ``counter`` is given, the
    positions searched are added to ``counter[0]``. ``game`` is not changed.
    """
    view = game.player_view()
    history = history_keys(game) if game.history else set()
    answers: dict[Move, str] = {}
    same_as: dict[Move, Move] = {}
    ranked = rank_moves(view, history, max_nodes=max_nodes, max_ms=max_ms, avoid_repeats=avoid_repeats,
                        twins=twins, answers=answers, counter=counter, same_as=same_as, climbs=climbs,
                        no_ops_last=no_ops_last)
    safe: set[Move] = set()
    if safe_first:
        ranked, safe = _safe_first(view, ranked)
    return [_hint(view, m, gain, safe=m in safe, answer=answers.get(m), twin_of=same_as.get(m))
            for m, gain in ranked]


def _safe_first(view: Game, ranked: list[tuple[Move, float]]) -> tuple[list[tuple[Move, float]], set[Move]]:
    """``ranked`` with the provably safe moves first, and the moves so promoted.

    The search gives such a move no free ply at the root (inside it, a forced move costs
    no depth), so a build that leaves the drop for the next move can score higher. By the
    dominance argument of :mod:`game.search.knowledge`, every line open before the drop is
    still open after it, so the drop is worth at least the best move's value: it is ranked
    first with that value, and so is the same card into its suit's other foundation (the
    same position up to the order of the two foundations). Every safe drop of the
    position is so promoted and called safe (two 2s when the Aces are home), in the
    order the search ranked them. Where there is no such drop,
    the first move of a safe climb (:func:`_safe_climb`, Lady Cadogan) goes first the
    same way.
    """
    if not ranked:
        return ranked, set()
    # every safe drop, each from its own place (each is safe by itself: the argument is
    # about the position before it), in the order the search ranked them
    drops: list[Move] = []
    left = [m for m, _ in ranked]
    while (forced := forced_move(view, left)) is not None:
        drops.append(forced)
        left = [m for m in left if m.src != forced.src]
    top = ranked[0][1]
    if not drops:
        climb = _safe_climb(view)
        gains = dict(ranked)
        if climb is None or climb not in gains:
            return ranked, set()
        return [(climb, max(gains[climb], top)), *((m, g) for m, g in ranked if m != climb)], {climb}
    order = {m.src: n for n, m in enumerate(drops)}
    safe = {m for m, _ in ranked if m.src in order and m.dst in view.foundations}
    first = sorted(((m, max(gain, top)) for m, gain in ranked if m in safe),
                   key=lambda mg: (order[mg[0].src], mg[0] not in drops))
    return first + [(m, gain) for m, gain in ranked if m not in safe], safe


def _safe_climb(view: Game) -> Move | None:
    """In Lady Cadogan, the first move of a *safe climb*, or None: a card of Rows 2–4 that
    a foundation takes, that nothing can build on and whose suit's other foundation is
    high enough (the safe drop's conditions), and that can climb to Row 1 now through
    piles that take it or lie empty, and go home. Played whole, the climb never gives up
    a won position, whatever the stock holds (:mod:`.cadogan_proof` says why), so it is
    as safe as the safe drop; each of its moves is the next one's first move again."""
    profile = view.profile
    if profile.layout is not Layout.ROWS or profile.fills_owed:
        return None
    climb = Core.from_game(view).safe_climb()
    return None if climb is None else Core.engine_move(view, climb[0])


def rank_moves(position: Game, history: set[int], *, max_nodes: int | None = None,
               max_ms: float | None = 50.0, avoid_repeats: bool = False,
               counter: list[int] | None = None, twins: bool = True,
               answers: dict[Move, str] | None = None,
               same_as: dict[Move, Move] | None = None, climbs: bool = True,
               no_ops_last: bool = False) -> list[tuple[Move, float]]:
    """The moves of ``position`` best first, each with its gain over the position now.

    ``history`` holds the position hashes (:class:`PositionHash` of positions like this
    one) already played through. The hint passes a player's view; the solver's probe
    passes the whole deal. ``position`` is played on and restored. When ``counter`` is
    given, the positions searched are added to ``counter[0]``. ``max_nodes`` bounds the
    positions searched (by default the rule set's ``hint_nodes``). Moves that reach the same
    position as another up to interchangeable places (a card into one space or another)
    are its *twins*: searched once, they share its value and follow it in the ranking, or
    are left out with ``twins=False``; ``same_as``, when given, receives each twin's
    searched move. With ``no_ops_last`` a move that comes back to ``position`` itself
    is not searched but ranked below every other (:func:`_rank_no_ops_last`), its twins
    with it. When ``answers`` is given (the hint gives it; the
    solver's probe does not, so the solver's lines stay as they are), the search takes a
    chain of forced fills as one step, searches :data:`BASE_FILL_FACTOR` times as many
    positions where a Row 1 place must be filled, counts the cards below Row 1 that no
    Row 1 run could take against a ``constitution`` position (:func:`~.evaluate.homeless_cards`;
    the solver's searches and the probe keep :func:`~.evaluate.evaluate` alone), equal
    best moves are searched deeper
    (:func:`_break_ties`), and the best moves are also looked at whole
    (:func:`_settle_the_best`, :func:`_play_out`, :func:`_bet_on_guesses`): a move into
    a dead corner sinks below the others, and ``answers`` receives what those searches
    proved of each move.
    """
    moves = position.legal_moves()
    if not moves:
        return []
    if max_nodes is None:
        max_nodes = position.profile.search.hint_nodes
    owed = position.owed_space()
    if answers is not None and owed is not None and not row_of(owed):
        max_nodes *= BASE_FILL_FACTOR
    search = _HintSearch(position, max_nodes, max_ms, history, chains=answers is not None,
                         climbs=climbs)
    try:
        return _rank(search, position, moves, history, avoid_repeats, twins, answers, same_as, no_ops_last)
    finally:
        if counter is not None:
            counter[0] += search.nodes + search.closure_nodes


def _rank(search: _HintSearch, position: Game, moves: list[Move], history: set[int],
          avoid_repeats: bool, twins: bool, answers: dict[Move, str] | None,
          same_as: dict[Move, Move] | None = None, no_ops_last: bool = False) -> list[tuple[Move, float]]:
    order = ordered_moves(position, moves)
    order += [m for m in moves if m not in order]
    # Moves that reach the same position up to interchangeable places (a card into any of
    # several spaces) are searched once; the others share that move's value.
    same_as = {} if same_as is None else same_as
    first_by_key: dict[int, Move] = {}
    kept = []
    # moves that come back to this very position up to interchangeable places: the
    # first of them stands for the others (its twins), ranked below every other move
    here = search.hash.key() if no_ops_last else None
    no_ops: list[Move] = []
    back: list[Move] = []
    for move in order:
        search.play(move)
        key = search.hash.key()
        search.undo()
        if key == here:
            no_ops.append(move)
            continue
        if key in history:
            if avoid_repeats:
                continue
            back.append(move)
        if key in first_by_key:
            same_as[move] = first_by_key[key]
            continue
        first_by_key[key] = move
        kept.append(move)
    order = kept
    values = {m: 0.0 for m in order}
    immediate: dict[Move, float] = {}
    done = -1  # the deepest depth finished for every move
    for depth in range(0, 8):
        current: dict[Move, float] = {}
        try:
            _value_each(search, order, depth, current)
        except _Budget:
            if depth == 0:
                values.update(current)
            break
        values = current
        done = depth
        if depth == 0:
            immediate = dict(current)
        order.sort(key=lambda m: (-values[m], -immediate.get(m, LOSS)))
        if all(v >= WIN or v <= STUCK for v in values.values()):
            break
    if done >= 0 and answers is not None and position.profile.layout is Layout.ROWS:
        _break_ties(search, order, values, immediate, done)
    for move, twin in same_as.items():
        values[move] = values.get(twin, LOSS)
        if twin in immediate:
            immediate[move] = immediate[twin]
    base = evaluate(position, len(moves))
    if search.homeless:
        base -= search.homeless * homeless_cards(position)
    _rank_shuffles_below_stock(position, values, base, search.climbs)
    if answers is not None:
        if not _play_out(search, order, values, answers):
            _settle_the_best(search, order, values, immediate, answers)
            _bet_on_guesses(search, order, values, immediate, answers)
            _shun_the_doomed(search, order, values, immediate, answers)
        _name_the_lost(search, order, values, answers)
        _say_when_nothing_else_gains(position, values, base, answers)
        for move in back:
            answers.setdefault(move, BACK)
        for move, twin in same_as.items():
            values[move] = values.get(twin, LOSS)
            if twin in answers:
                answers[move] = answers[twin]
    if no_ops:
        _rank_no_ops_last(no_ops, values, base, answers, same_as)
        order.append(no_ops[0])
    if twins:
        order += list(same_as)
    # equal lines: the move that gains more at once comes first, then the searched one
    # before its twins
    ranked = sorted(order, key=lambda m: (-values.get(m, LOSS), -immediate.get(m, LOSS), m in same_as))
    return [(m, values.get(m, LOSS) - base) for m in ranked]


def _rank_no_ops_last(no_ops: list[Move], values: dict[Move, float], base: float,
                      answers: dict[Move, str] | None, same_as: dict[Move, Move]) -> None:
    """Value the moves that change nothing below every other move (or at the position's
    own value where there is none), the first standing for the others as their twins,
    and answer :data:`NO_CHANGE` for them."""
    first = no_ops[0]
    values[first] = min([*values.values(), base]) - 1.0
    for move in no_ops[1:]:
        same_as[move] = first
        values[move] = values[first]
    if answers is not None:
        for move in no_ops:
            answers[move] = NO_CHANGE


def _value_each(search: _HintSearch, moves: list[Move], depth: int, into: dict[Move, float]) -> None:
    """Value each of ``moves`` searched ``depth`` deep into ``into``, in order. When the
    budget runs out (:class:`_Budget` propagates) ``into`` holds the moves finished so
    far, which the first depth of a hint still uses."""
    for move in moves:
        child = search.play(move)
        try:
            into[move] = search.value(child, depth)
        finally:
            search.undo()


def _break_ties(search: _HintSearch, order: list[Move], values: dict[Move, float],
                immediate: dict[Move, float], done: int) -> None:
    """When the best moves look exactly equal at ``done``, the deepest depth finished for
    every move, search those moves alone deeper, within :data:`TIE_NODES` more
    positions, and order them by the deepest depth finished for all of them.

    Equal moves are often the same kind of move with different cards (which wanted card
    takes a space): the difference shows a move or two further, where the whole
    search's budget does not reach. The tied moves stay above every other move, since
    no other move was searched as deep. Only in the Constitution sets: in the Square
    sets it took a third of the hint's time and changed no hinted run of the bench's
    keep-won figure."""
    if len(order) < 2:
        return
    first = order[0]
    tie = (values[first], immediate.get(first, LOSS))
    if tie[0] >= WIN or tie[0] <= STUCK:
        return
    tied = [m for m in order if values[m] >= tie[0] - TIE_MARGIN]
    if not 2 <= len(tied) <= TIE_MOVES:
        return
    search.max_nodes = search.nodes + TIE_NODES
    deeper: dict[Move, float] | None = None
    for depth in range(done + 1, done + 4):
        current: dict[Move, float] = {}
        try:
            _value_each(search, tied, depth, current)
        except _Budget:
            break
        deeper = current
    if deeper is None:
        return
    for move in tied:
        values[move] = deeper[move]
    order.sort(key=lambda m: (-values[m], -immediate.get(m, LOSS)))


def _play_out(search: _HintSearch, order: list[Move], values: dict[Move, float],
              answers: dict[Move, str]) -> bool:
    """When the player sees every card (the stock is empty), look for a win with the
    solver's own searches, within :data:`END_GAME_NODES` positions (or by the
    deadline): from the position, and from each of the best :data:`END_GAME_MOVES`
    moves, side by side. A line found is a win for sure: its first move goes first with
    the value of a win (True). A move whose search sees every position it leads to
    without a win is lost for sure, and sinks below the others.

    With no card unseen the player's view is the whole deal, so searching it is as
    honest as the shallow search. The shallow search cannot tell apart moves whose
    difference shows only many moves later (which card climbs to an empty place first,
    which one waits), and in end games that is where a won game is thrown away; the
    search from each best move finds a win after it even where the search from the
    position would try the others first. A line found is remembered, position by
    position, so the next hints along it cost nothing."""
    view = search.game
    if any(UNKNOWN in pile for pile in view.piles):
        return False
    lines = _WON_LINES.setdefault(view.rules, {})
    known = lines.get(search.hash.exact_key())
    if known is not None and known in values:
        values[known] = WIN
        answers[known] = WON_LINE
        return True
    full = view.clone()
    full.is_view = False
    alive = [m for m in order if values.get(m, LOSS) > STUCK and answers.get(m) != DEAD]
    tried: list[Move | None] = [None, *alive[:END_GAME_MOVES]]
    share = END_GAME_NODES // len(tried)
    running: list[tuple[Move | None, Game, list[_Search]]] = []
    for move in tried:
        start = full.clone()
        if move is not None:
            start.play_legal(move)
        running.append((move, start, _complete_searches(start, share)))
    while running:
        for entry in list(running):
            move, start, searches = entry
            answer, line = _turn(searches)
            if answer is None:
                if not searches:
                    running.remove(entry)
                continue
            running.remove(entry)
            if answer and move is None:
                won = start.parse_move(line[0])
                if won in values:
                    _remember(lines, full, won, line[1:])
                    values[won] = WIN
                    answers[won] = WON_LINE
                    return True
            elif answer and move is not None:
                _remember(lines, full, move, line)
                values[move] = WIN
                answers[move] = WON_LINE
                return True
            elif move is None:
                # every position reachable from here was seen: no move wins
                return False
            else:
                answers[move] = DEAD
                values[move] = LOSS + 100
        if time.perf_counter() > search.deadline:
            return False
    return False


_Search = tuple[DepthFirst | Narrowing, Steps]


def _complete_searches(full: Game, nodes: int) -> list[_Search]:
    """The solver's searches for a win of ``full`` (a whole deal, nothing unknown),
    sharing ``nodes`` positions: the narrowed searches (:class:`~.depth_first.Narrowing`:
    fills of spaces with the cards needed soonest), which go deep at once, beside a
    complete search in the Constitution sets (Lady Cadogan's own, with safe climbs,
    :class:`~.cadogan_proof.CadoganProof`, a quarter for the narrowed ones; in
    ``constitution`` the depth-first search, half and half); else the depth-first
    search."""
    if any("proof" in stage for stage, _ in full.profile.search.stages):
        # the narrowed searches win the easy end games within a hundred positions or
        # wander; the complete one wins the others
        searches: list[DepthFirst | Narrowing] = [Narrowing(full.clone(), nodes // 4),
                                                  CadoganProof(full.clone(), nodes - nodes // 4)]
    elif full.profile.layout is Layout.ROWS:
        share = nodes // 2
        searches = [Narrowing(full.clone(), share), DepthFirst(full.clone(), share)]
    else:
        searches = [DepthFirst(full.clone(), nodes)]
    return [(s, bounded(s) if isinstance(s, DepthFirst) else s.steps()) for s in searches]


def _turn(searches: list[_Search]) -> tuple[bool | None, list[str]]:
    """One turn of each of ``searches``, removing those that end: (True, the winning
    line) when one wins, (False, []) when a complete one saw every position it leads to
    without a win, else (None, []); the caller gives up when none is left."""
    for entry in list(searches):
        search, steps = entry
        try:
            next(steps)
        except StopIteration as stop:
            searches.remove(entry)
            if stop.value and search.win:
                return True, search.win
            if stop.value is False:
                return False, []
    return None, []


def _search_for_win(full: Game, nodes: int, deadline: float) -> tuple[bool | None, list[str]]:
    """The solver's searches (:func:`_complete_searches`) on ``full`` within ``nodes``
    positions or until ``deadline``: True and a winning line, False when every
    reachable position was seen without a win, None when the budget ran out first."""
    if full.is_won():
        return True, []
    searches = _complete_searches(full, nodes)
    while searches:
        answer, line = _turn(searches)
        if answer is not None:
            return answer, line
        if time.perf_counter() > deadline:
            break
    return None, []


def _remember(lines: dict[int, Move], full: Game, first: Move, rest: list[str]) -> None:
    """Remember a winning line from ``full`` (its first move, then ``rest`` in
    notation) position by position: each position's exact key (as the player sees it,
    every card seen) and the line's move from there."""
    if len(lines) >= _WON_LINES_LIMIT:
        lines.clear()
    copy = full.clone()
    hasher = PositionHash(copy)
    move = first
    for text in [None, *rest]:
        if text is not None:
            move = copy.parse_move(text)
        lines[hasher.exact_key()] = move
        hasher.moved(copy.play(move))


def _guesses(view: Game) -> tuple[list[list[int]], bool]:
    """Orders the unseen stock cards may lie in, when there are at most
    :data:`GUESS_CARDS` of them and at least one: every order when there are at most
    :data:`GUESSES` (True: the list is complete), else :data:`GUESSES` shuffles seeded
    by the position, so the same position always gets the same guesses (False). The
    orders are made from the cards the player has not seen (two packs minus every
    visible card), never from the stock itself."""
    unseen = _unseen_list(view)
    if not unseen or len(unseen) > GUESS_CARDS or len(unseen) != len(view.piles[view.stock]):
        return [], False
    if math.factorial(len(unseen)) <= 4 * GUESSES:
        orders = sorted(set(itertools.permutations(unseen)))
        if len(orders) <= GUESSES:
            return [list(o) for o in orders], True
    seed = PositionHash(view).exact_key()
    return [_shuffled(unseen, seed, i) for i in range(GUESSES)], False


def _unseen_list(view: Game) -> list[int]:
    """The cards the player has not seen (:func:`_unseen_cards`), each copy once, in card
    order: what a guessed order of the stock is made from."""
    return [c for c, n in sorted(_unseen_cards(view).items()) for _ in range(n)]


def _shuffled(cards: list[int], seed: int, i: int) -> list[int]:
    """The ``i``-th guessed order of ``cards`` for the position whose exact key is ``seed``."""
    out = list(cards)
    random.Random(seed + i * _GUESS_SEED_STEP).shuffle(out)
    return out


def _with_stock(view: Game, cards: list[int]) -> Game:
    """``view`` (or any position) as a whole deal whose stock is ``cards`` (a guess, its
    top card last): a copy, the cards copied too."""
    full = view.clone()
    full.piles[full.stock] = list(cards)
    full.is_view = False
    return full


def _guessed_deal(view: Game, cards: list[int], move: Move) -> Game:
    """``view`` as a whole deal, its stock ``cards`` (a guess), with ``move`` played."""
    full = _with_stock(view, cards)
    full.play_legal(move)
    return full


def _bet_on_guesses(search: _HintSearch, order: list[Move], values: dict[Move, float],
                    immediate: dict[Move, float], answers: dict[Move, str]) -> None:
    """When few stock cards are unseen, play the best move out on guessed orders of them
    (:func:`_guesses`); if some guess proves it lost, try the next best moves the same
    way and put first the one that the fewest guesses prove lost (then the one that wins
    the most).

    Near the end the shallow search sees moves as equal whose difference shows only
    when the last stock cards come: which card waits in a space, which goes home. A
    move lost whatever order the cards come in (every order is tried when there are few
    enough) is lost for sure, and one lost in more guessed orders is a worse bet on the
    real one. Each move and guess gets :data:`GUESS_NODES` positions of the solver's
    searches; in end games they prove a lost move lost within a few dozen, so the
    usual case, a best move that no guess proves lost, costs little. At most
    :data:`GUESS_MOVES` moves (not already proved lost) are tried, the best first."""
    view = search.game
    orders, _ = _guesses(view)
    if not orders:
        return
    alive = [m for m in order
             if values.get(m, LOSS) > STUCK and answers.get(m) not in (DEAD, DEAD_BLIND)]
    alive.sort(key=lambda m: (-values.get(m, LOSS), -immediate.get(m, LOSS)))
    # per move tried: (guesses that prove it lost, guesses it wins, negated)
    results: dict[Move, tuple[int, int]] = {}
    for move in alive[:GUESS_MOVES]:
        lost = won = 0
        for cards in orders:
            answer, _ = _search_for_win(_guessed_deal(view, cards, move), GUESS_NODES, search.deadline)
            lost += answer is False
            won += answer is True
            if time.perf_counter() > search.deadline:
                break
        results[move] = (lost, -won)
        if not lost or time.perf_counter() > search.deadline:
            break
    if not results:
        return
    top = alive[0]
    best = min(results, key=results.__getitem__)  # the best ranked among equals
    if results[best] < results[top]:
        values[best] = values[top] + GUESS_LEAD


def _shun_the_doomed(search: _HintSearch, order: list[Move], values: dict[Move, float],
                     immediate: dict[Move, float], answers: dict[Move, str]) -> None:
    """In Lady Cadogan, while many stock cards are unseen: a best move that lets the
    waste's top card fall into Row 4 and that the complete search proves lost on every one
    of :data:`DOOM_GUESSES` guessed orders of them goes below the first of the next best
    moves that is not (at most :data:`DOOM_MOVES` moves tried).

    The waste's card that falls into Row 4 may close the only way a pile could open; the
    shallow search sees the card the move gains, not the lock. Such a lock proves the
    move lost within some 150-1,400 positions whatever order the unseen cards come in
    (docs/search.md, "The hint in Lady Cadogan"), while a move that is not lost uses up
    its positions on the first guess, and the look stops there. Other moves are not
    looked at this way: the locks seen were all of this kind, and the look would triple
    the hint's time. The guesses are made from the cards the player has not seen (as
    :func:`_guesses` makes them), never from the stock."""
    view = search.game
    if not any("proof" in stage for stage, _ in view.profile.search.stages):
        return
    unseen = _unseen_list(view)
    if len(unseen) <= GUESS_CARDS or len(unseen) != len(view.piles[view.stock]):
        return
    alive = [m for m in order
             if values.get(m, LOSS) > STUCK and answers.get(m) not in (DEAD, DEAD_BLIND)]
    alive.sort(key=lambda m: (-values.get(m, LOSS), -immediate.get(m, LOSS)))
    seed = PositionHash(view).exact_key()
    for tried, move in enumerate(alive[:DOOM_MOVES]):
        if not _fills_from_the_waste(view, move):
            if tried:
                values[move] = values[alive[0]] + GUESS_LEAD
            return
        for i in range(DOOM_GUESSES):
            if time.perf_counter() > search.deadline:
                return
            if not _proved_lost(_guessed_deal(view, _shuffled(unseen, seed, i), move), DOOM_NODES):
                if tried:
                    values[move] = values[alive[0]] + GUESS_LEAD
                return


def _fills_from_the_waste(view: Game, move: Move) -> bool:
    """Whether ``move`` lets the waste's top card fall into Row 4 (it empties a Row 4
    pile, which the waste fills at once)."""
    transfers = view.play_legal(move)
    try:
        return any(t.auto and t.src == view.waste for t in transfers)
    finally:
        view.undo()


def _proved_lost(full: Game, nodes: int) -> bool:
    """Whether Lady Cadogan's complete search proves ``full`` (a whole deal) lost within
    ``nodes`` positions."""
    steps = bounded(CadoganProof(full, nodes))
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value is False


def _settle_the_best(search: _HintSearch, order: list[Move], values: dict[Move, float],
                     immediate: dict[Move, float], answers: dict[Move, str]) -> None:
    """Look at the best moves whole: a move into a corner small enough to see all of
    (:meth:`_HintSearch.closure`) is lost for sure, or lost unless the stock helps, and
    never worth a move that still has a way on; or it wins. The best move is checked,
    then, while it turns out lost, the next best, within :data:`CLOSURE_NODES` positions;
    a lost move's value sinks below every move that is not. Each move's search may see
    :data:`CLOSURE_LIMIT` positions, or :data:`END_CLOSURE_LIMIT` near the end of a game
    (at most :data:`END_STOCK` cards in the stock)."""
    left = CLOSURE_NODES
    view = search.game
    limit = END_CLOSURE_LIMIT if len(view.piles[view.stock]) <= END_STOCK else CLOSURE_LIMIT
    checked: set[Move] = set()
    while left > 0:
        best = max((m for m in order if m not in checked),
                   key=lambda m: (values.get(m, LOSS), immediate.get(m, LOSS)), default=None)
        if best is None or values.get(best, LOSS) <= STUCK:
            return
        checked.add(best)
        child = search.play(best)
        try:
            before = search.closure_nodes
            answer = search.closure(min(limit, left))
            left -= search.closure_nodes - before
            stand = search.leaf_value(child)
        finally:
            search.undo()
        if answer is None:
            return
        answers[best] = answer
        if answer == WON_LINE:
            values[best] = max(values.get(best, LOSS), WIN)
            return
        # lost moves keep their order among themselves, by how good they look
        values[best] = (LOSS + 100 if answer == DEAD else BLIND_LOSS) + max(-100.0, min(100.0, stand / 100.0))


def _name_the_lost(search: _HintSearch, order: list[Move], values: dict[Move, float],
                   answers: dict[Move, str]) -> None:
    """Record what the reachability search proves of the moves the search already found
    lost (so that their reasons can say so), within :data:`CLOSURE_LIMIT` positions in all;
    their values stay as they are."""
    left = CLOSURE_LIMIT
    for move in order:
        if left <= 0:
            return
        if move in answers or values.get(move, LOSS) > STUCK:
            continue
        search.play(move)
        try:
            before = search.closure_nodes
            answer = search.closure(left)
            left -= search.closure_nodes - before + 1
        finally:
            search.undo()
        if answer in (DEAD, DEAD_BLIND):
            answers[move] = answer


#: a move whose line reaches no more than this above the position now gains nothing
NO_GAIN = 1.0


def _stock_turn(view: Game) -> Move | None:
    """The move that turns the stock onto the waste, in a rule set that has a waste."""
    return view.move_table[view.stock][view.waste] if view.waste >= 0 else None


def _gains_nothing(view: Game, move: Move, value: float, base: float) -> bool:
    """``move``, worth ``value`` (the position now ``base``), moves cards within the table
    and gains nothing (:data:`NO_GAIN`)."""
    return move.dst not in view.foundations and value <= base + NO_GAIN


def _say_when_nothing_else_gains(view: Game, values: dict[Move, float], base: float,
                                 answers: dict[Move, str]) -> None:
    """Answer :data:`NOTHING_ELSE` for the stock turn when every other move gains nothing
    (:func:`_gains_nothing`, as :func:`_rank_shuffles_below_stock` tells) and the
    searches proved nothing of the turn."""
    turn = _stock_turn(view)
    if turn is None or turn not in values or turn in answers:
        return
    others = [m for m in values if m != turn]
    if others and all(_gains_nothing(view, m, values[m], base) for m in others):
        answers[turn] = NOTHING_ELSE


def _rank_shuffles_below_stock(view: Game, values: dict[Move, float], base: float,
                               players: bool = False) -> None:
    """Cap the value of moves that gain nothing just below the stock turn's.

    Moving cards about without gain can go on for ever in the Square games; the stock,
    turned once through, is what brings new cards, so a player who sees no gain turns it.
    The player's hint in Lady Cadogan (``players``; not the demo's, nor the solver's
    greedy lines, whose games were measured without it) caps no move that lets the card
    a foundation takes next fall from the waste into Row 4.
    """
    turn = _stock_turn(view)
    if turn is None or turn not in values:
        return
    cap = values[turn] - 0.5
    # (in Lady Cadogan a move that lets the card a foundation takes next fall from the
    # waste into Row 4 is no shuffle: the turn would bury that card in the waste)
    wanted = players and _wanted_on_the_waste(view)
    for move, value in values.items():
        if move != turn and _gains_nothing(view, move, value, base) and not (
                wanted and _fills_from_the_waste(view, move)):
            values[move] = min(value, cap)


def _wanted_on_the_waste(view: Game) -> bool:
    """Lady Cadogan: the waste's top card is one a foundation takes next."""
    if view.profile.layout is not Layout.ROWS or view.profile.fills_owed or not view.piles[view.waste]:
        return False
    return view.piles[view.waste][-1] in foundation_wants(view)


# ----- reasons ------------------------------------------------------------------------

def _hint(view: Game, move: Move, gain: float, *, safe: bool, answer: str | None,
          twin_of: Move | None = None) -> Hint:
    """The hint for ``move``, with its reason whole and without the move restated."""
    parts = reason_parts(view, move, gain, safe=safe, answer=answer)
    return Hint(move, round(gain, 2), ", ".join(parts), ", ".join(parts[1:]), twin_of, safe,
                answer == NO_CHANGE)


def reason_parts(view: Game, move: Move, gain: float, *, safe: bool = False,
                 answer: str | None = None) -> list[str]:
    """Why ``move`` is worth playing (or not), in a player's words: cards as ``8♣``,
    places as ``Row 2, pile 4``, ``pile 11``, ``the waste``; never move notation.

    Each part is a claim about the position that holds (``tests/search/test_hint_reasons.py``
    checks every one against the position): ``frees 5♥ for the foundation`` only when a
    foundation can take 5♥ next, from where it now lies on top; ``so 3♣ can follow`` only
    for a card on top of a pile that a foundation takes after this move and did not
    before. ``safe`` says it is a foundation move that can never be a mistake, or the
    first move of a climb home that never is (:func:`_safe_climb`); ``answer``
    is what the reachability search (:meth:`_HintSearch.closure`) proved of the move.
    """
    game = view.clone()
    profile = game.profile
    words = profile.place_words
    src, dst = move
    before = [list(p) for p in game.piles]
    moving = before[src][-1] if before[src] else UNKNOWN
    owed_before = game.owed_space()
    playable_before = _playable(game)
    transfers = game.play(move)
    piles = game.piles
    playable_after = _playable(game)
    newly_at = [(p, c) for p, c in playable_after if (p, c) not in playable_before]
    newly = [c for _, c in newly_at]
    parts: list[str] = []
    if src == game.stock:
        if dst == game.waste:
            parts.append("turns the next stock card onto the waste")
        else:
            parts.append(f"deals the next stock card into {profile.space_words(dst)}")
    elif dst in game.foundations:
        parts.append(f"plays {card_pretty(moving)} to the foundation")
        if safe:
            parts.append("always safe")
        follow = list(dict.fromkeys(newly))
        if follow:
            parts.append(f"so {' and '.join(card_pretty(c) for c in follow[:2])} can follow")
    else:
        if owed_before is not None:
            parts.append(f"fills {profile.space_words(dst)} with {card_pretty(moving)} from {words(src)}")
        elif not before[dst]:
            parts.append(f"moves {card_pretty(moving)} into {profile.space_words(dst)}")
        else:
            parts.append(f"builds {card_pretty(moving)} on {card_pretty(before[dst][-1])}")
            way = game.direction(dst)
            if way and not view.direction(dst):
                parts.append(f"{words(dst)} now builds {'up' if way > 0 else 'down'}")
        if safe:
            parts.append("the first step of a climb home that is always safe")
        # the card the move uncovered, if it is still on top of its pile
        uncovered = (before[src][-2] if len(before[src]) >= 2 and len(piles[src]) == len(before[src]) - 1
                     else None)
        if uncovered is not None and (src, uncovered) in newly_at:
            parts.append(f"frees {card_pretty(uncovered)} for the foundation")
        elif uncovered is not None and uncovered != UNKNOWN and uncovered in foundation_wants(game):
            parts.append(f"uncovers {card_pretty(uncovered)}, which a foundation needs next")
        if (dst, moving) in newly_at:
            parts.append(f"then {card_pretty(moving)} can go to the foundation")
    if answer == NO_CHANGE:
        return [*parts[:1], "which changes nothing: the same piles, only in other places"]
    space = game.owed_space()
    if space is not None:
        parts.append(f"opens a space in {words(space)} that a card from "
                     f"{profile.short_place_words(game.fill_sources()[0])} must fill")
    elif src in game.tableau and not piles[src]:
        parts.append(f"opens a space in {words(src)}")
    for t in transfers[1:]:
        if not t.auto:
            continue
        if t.src == game.stock and t.dst == game.waste:
            parts.append("the next stock card turns onto the waste")
        elif t.src == game.stock:
            parts.append(f"a stock card fills {words(t.dst)}")
        elif t.card != UNKNOWN:
            parts.append(f"{card_pretty(t.card)} from {words(t.src)} fills {words(t.dst)}")
    if game.is_won():
        parts.append("wins the game")
    elif gain >= WIN / 2:
        parts.append("leads to a win")
    elif not game.legal_moves():
        # the view does not know a card the move brings out of the stock: whether it
        # can be played shows only when it is seen
        if any(pile and pile[-1] == UNKNOWN for i, pile in enumerate(piles) if i != game.stock):
            parts.append("the game goes on only if the card it brings can be played")
        else:
            parts.append("leaves no legal move")
    elif answer == NOTHING_ELSE:
        parts.append("no other move gains anything in sight")
    elif answer == BACK:
        parts.append("goes back to a position this game has been in")
    elif answer == DEAD:
        parts.append("leaves no way to win")
    elif answer == DEAD_BLIND:
        parts.append("leads to a dead end unless the stock brings a card that helps")
    return parts


def _playable(game: Game) -> list[tuple[int, int]]:
    """The cards on top of their places that a foundation can take next, with their
    places, in place order;
    where a fill is owed (``constitution``), once the fills are made: a fill never takes a
    card from a place that feeds the foundations, so which card fills does not matter
    (the filled places themselves are left out)."""
    touched: set[int] = set()
    if game.owed_space() is not None:
        game = game.clone()
        while game.owed_space() is not None:
            fills = game.legal_moves()
            if not fills:
                break
            touched.update(p for t in game.play(fills[0]) for p in (t.src, t.dst))
    piles = game.piles
    out: list[tuple[int, int]] = []
    for m in game.legal_moves():
        if m.dst in game.foundations and m.src not in touched and (m.src, piles[m.src][-1]) not in out:
            out.append((m.src, piles[m.src][-1]))
    return out
