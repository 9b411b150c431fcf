"""Lady Cadogan: a complete search that can prove a position lost.

The beam searches (:mod:`.cadogan_beam`) win most deals and prove nothing; this search
visits every position that might still be won, so when it runs out of positions the
position is lost. It is the depth-first reachability search of :mod:`.depth_first` on
the lean core (:mod:`.cadogan_core`), with a transposition table of keys equal for
positions equal up to the order of a row's piles and of a suit's two foundations, and
for the two packs' copies of a card (a card is its code, whichever pack it came from).
The game needs no cycle check: every move takes one card one step nearer the
foundations (stock, waste, Row 4 … Row 1, foundation), so no position comes back.

**Fewer choices, every one of them sound.** At each position the search tries, in turn:

1. the safe drop (:meth:`~.cadogan_core.Core.forced`, the engine's ``safe_drop``, whose
   argument is in :meth:`game.engine.rows.RowsGame.safe_drop`), alone;
2. else a *safe climb* (:meth:`~.cadogan_core.Core.safe_climb`), alone: a card ``x`` on
   top of a pile of Row 2 or Row 3 (or of Row 4 with a card under it), which a
   foundation takes now and which meets the safe drop's conditions (nothing can build
   on it: the four cards one rank lower of the other colour are home; and the suit's
   other foundation stands at ``x``'s rank − 1 or higher), and which can climb to Row 1
   now: every row above it has a pile whose top takes it, or an empty pile. The climb
   moves ``x`` up one row at a time onto those piles and then home, which leaves every
   pile of the rows it crossed as it was. Why this never loses a won position: take
   a winning line ``L``. Play the climb first, then ``L`` without ``x``'s own moves.
   Nothing in ``L`` builds on ``x`` (the cards that could are home), so no move of
   ``L`` lands on a pile while ``x`` lies on it, nor takes a card from under it; the
   piles ``x`` crossed are as ``L`` found them; ``x`` leaves no Row 4 pile empty (so no
   automatic fill takes another waste card), and leaving its pile only uncovers a
   card or empties a place of Rows 2–4, which only adds moves. On the foundations the
   safe drop's argument holds as it is: if the other foundation is above ``x``'s rank −
   1, the other copy of ``x`` is already home and nothing else goes onto ``x``'s
   foundation first; if it stands at ``x``'s rank − 1 too, the two are alike and swap
   names in ``L``. So ``L`` stays legal and wins;
3. else every legal move (a card into an empty pile of a row only into the row's first,
   a card two foundations take only onto the first: the others give the same key).

A position :func:`~.knowledge.is_dead` proves lost is not searched on (only hand-made
positions can be, as for every search of :mod:`.depth_first`), nor one whose Row 1 is
locked (:func:`row1_locked`, below). Steps 1 and 2 only narrow the choices where some
winning line survives, and the positions left out are lost, so the search stays
complete: when it ends without a win, the position it started from is lost.

**Row 1 locked.** A pile built down in alternating colours keeps one *class*: a card's
colour and the parity of its rank change together from one card to the next, so
``colour xor (rank & 1)`` is the same for every card of a run. Row 1 gives cards to the
foundations only, so a Row 1 pile empties only when its last card goes home, and until
some pile of Row 1 empties, a card enters Row 1 only onto a Row 1 card one rank higher
of the other colour: one of its own class, and of a higher rank. When every pile of
Row 1 holds the cards of one class (as play leaves them, with bases of ranks 3 and up),
the other class's cards can never enter it, and every base needs one of them home
first (its own rank − 1): no pile of Row 1 ever empties, and the deal is lost from its
first position (games 240, 587, 618 and 793). :func:`row1_locked` is the general test.
"""

from __future__ import annotations

from ..engine.state import Game
from .cadogan_core import Core
from .depth_first import STARVED, CoreMove, DepthFirst, Steps, line_text
from .knowledge import is_dead


def row1_locked(piles: list[list[int]], found: list[int]) -> bool:
    """Whether no pile of Row 1 can ever empty (then the position is lost: its cards
    never all go home): every Row 1 pile holds cards, and none can be the first to empty.

    Why. Take any line from here up to the first moment some Row 1 pile ``P`` empties.
    Until then every Row 1 pile keeps its bottom card, and a card ``x`` enters Row 1
    only onto a Row 1 top one rank above it of the other colour: a card of ``x``'s class
    that is in Row 1 now or entered it before ``x``, so (by induction) ``x``'s rank is
    below the highest rank of its class in Row 1 now (``reach``). Row 1 cards leave for
    the foundations only, so every card of ``P`` goes home by that moment, and a card of
    rank ``r`` of suit ``s`` goes home onto a foundation at ``r - 1``: every rank of
    ``s`` from above its higher foundation now up to ``r - 1`` goes home first, one copy
    of each. Only Row 1 tops go home, so such a copy is in Row 1 now (not at the bottom
    of another pile, whose bottom card stays until after that moment), or it is outside
    Row 1 now (two copies less those in Row 1: none is home, being above both
    foundations) and enters Row 1, which needs its rank below its class's ``reach``. If
    some needed rank has no such copy, ``P`` cannot be the first pile to empty; if no
    pile can, none ever empties."""
    row1 = piles[:8]
    # per class (colour xor rank parity), the highest rank in Row 1
    reach = [0, 0]
    for pile in row1:
        if not pile:
            return False
        for c in pile:
            k = (c >> 5) ^ (c & 1)
            if c & 15 > reach[k]:
                reach[k] = c & 15
    # per card code: copies in Row 1, and copies in Row 1 not at the bottom of a pile
    placed = [0] * 64
    loose = [0] * 64
    for pile in row1:
        for c in pile:
            placed[c] += 1
        for c in pile[1:]:
            loose[c] += 1
    top = [max(found[2 * s], found[2 * s + 1]) for s in range(4)]
    for pile in row1:
        need = top[:]
        for c in pile:
            s = c >> 4
            if (c & 15) - 1 > need[s]:
                need[s] = (c & 15) - 1
        if all((c := (s << 4) | r) in pile or loose[c]
               or (placed[c] < 2 and r < reach[(c >> 5) ^ (c & 1)])
               for s in range(4) for r in range(top[s] + 1, need[s] + 1)):
            return False
    return True


#: a step of the search: the moves played one after another as one (a safe climb is
#: several; everything else is one)
Step = tuple[CoreMove, ...]


class CadoganProof(DepthFirst):
    """The complete search for Lady Cadogan, with safe climbs (the module's docstring
    says why it proves a position lost when it ends without a win). It counts, stops
    and resumes at its node budget as :class:`~.depth_first.DepthFirst` does, so the
    solver runs it as a complete search (``proof`` in a profile's stages)."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        super().__init__(game, max_nodes)
        if not isinstance(self.core, Core):
            raise ValueError("the Lady Cadogan proof plays Lady Cadogan only")
        #: the same core, as Lady Cadogan's (its safe climbs)
        self.cadogan: Core = self.core
        #: the steps from the start to the position the search is at, with each move's
        #: token for taking it back
        self.steps_path: list[tuple[Step, list[int]]] = []
        self._pending: tuple[list[Step], int, list[Step]] | None = None
        #: :func:`row1_locked`'s answers by Row 1's piles and the foundations (the sum
        #: of their terms in the core's key): most moves change neither
        self._locks: dict[int, bool] = {}

    def _locked(self) -> bool:
        """:func:`row1_locked` of the position the search is at (remembered)."""
        core = self.cadogan
        piles = core.piles
        if not all(piles[:8]):
            return False
        hs = core.hs
        key = core.fkey + sum(hs[i][len(piles[i])] for i in range(8))
        answer = self._locks.get(key)
        if answer is None:
            answer = self._locks[key] = row1_locked(piles, core.found)
        return answer

    def steps(self) -> Steps:
        return self._walk(self._expand, self.steps_path, self._enter, self._leave)

    def _enter(self, step: Step) -> list[int]:
        """Play a step's moves; their tokens."""
        play = self.core.play
        return [play(m[0], m[1]) for m in step]

    def _leave(self, step: Step, tokens: list[int]) -> None:
        """Take back a step that :meth:`_enter` answered ``tokens`` for."""
        undo = self.core.undo
        for move, token in zip(reversed(step), reversed(tokens), strict=True):
            undo(move[0], move[1], token)

    def _expand(self) -> list[Step] | None:
        """Reach the positions the steps from here lead to; the steps to those not reached
        before, best first; None when one is won (``win`` holds the line); :data:`STARVED`
        when the node budget ran out on the way (the next call goes on where this one
        stopped)."""
        core = self.cadogan
        if self._pending is not None:
            candidates, start, new = self._pending
            self._pending = None
        else:
            moves = core.moves()
            if (not moves or self._locked()
                    or (self.dead_test and is_dead(core.to_game(self.game)))):
                return []
            forced = core.forced(moves)
            if forced is not None:
                candidates = [(forced,)]
            else:
                climb = core.safe_climb()
                candidates = [climb] if climb is not None else [(m,) for m in moves]
            start = 0
            new = []
        seen = self.seen
        for i in range(start, len(candidates)):
            step = candidates[i]
            if len(step) == 1:
                key = core.child_key(*step[0])
            else:
                tokens = [core.play(m[0], m[1]) for m in step[:-1]]
                key = core.child_key(*step[-1])
                for move, token in zip(reversed(step[:-1]), reversed(tokens), strict=True):
                    core.undo(move[0], move[1], token)
            if key in seen:
                continue
            if self.nodes >= self.max_nodes:
                self._pending = (candidates, i, new)
                return STARVED
            seen.add(key)
            self.nodes += 1
            if step[-1][1] >= core.foundation and core.home() + 1 == core.cards:
                line = [m for s, _ in self.steps_path for m in s] + list(step)
                self.win = line_text(self.game, core, line)
                return None
            new.append(step)
        if len(new) < 2:
            return new
        order = self._order([s[0] for s in new])
        by_first = {s[0]: s for s in new}
        return [by_first[m] for m in order]

