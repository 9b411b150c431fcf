"""What the search knows about the four rule sets beyond their legal moves.

What lives here, shared by the solver and the hint:

- :func:`foundation_wants`: which cards the foundations take right now.
- :func:`forced_move`: a foundation move that provably never hurts, so a search may play
  it without trying the alternatives: the rule set's own safe drop
  (:meth:`~game.engine.state.Game.safe_drop`, which auto-drop plays too; the argument
  per rule family is there, and it holds with full information too).
- :func:`is_dead`: a position that provably cannot be won (the relaxation argument of
  :func:`rows_closure_placeable`), so a search need not go on from it; it can say so
  only for hand-made positions (:func:`may_become_dead`).
- :func:`ordered_moves`: the legal moves, most promising first, with pointless ones left
  out (only moves whose result is a position the search reaches anyway).
- :class:`PositionHash`: the incremental position key the searches share.

A counterexample search checks :func:`forced_move` and :func:`is_dead` against an
exhaustive search on random small end games of every rule set (in the Constitution sets
with each suit's two foundations at random heights): ``tests/search/test_knowledge.py``.

The rule-set differences these need come from the game's profile
(:class:`~game.engine.profile.RuleProfile`) and its typed methods, never from its class.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import TypeVar

from ..engine.cards import JACK, is_red
from ..engine.profile import Layout
from ..engine.rows import row_of, row_range
from ..engine.squares import foundation_need
from ..engine.state import Game, Move, Transfer

#: what :func:`drop_returns` keeps or drops: a move, or a move with its notation
T = TypeVar("T")

ROW1 = row_range(0)


def foundation_wants(game: Game) -> dict[int, int]:
    """For each card some foundation takes now, how many foundations take it (1 or 2)."""
    piles = game.piles
    wants: dict[int, int] = {}
    if game.profile.layout is Layout.ROWS:
        for f in game.foundations:
            top = piles[f][-1]
            if top & 15 < JACK:
                wants[top + 1] = wants.get(top + 1, 0) + 1
    else:
        for f in game.foundations:
            need = foundation_need(f, len(piles[f]))
            if need:
                wants[need] = 1
    return wants


def forced_move(game: Game, moves: Iterable[Move]) -> Move | None:
    """A foundation move among ``moves`` that can never be a mistake, or None (the rule
    set's :meth:`~game.engine.state.Game.safe_drop`)."""
    return game.safe_drop(moves)


def is_dead(game: Game) -> bool:
    """True when the position provably cannot be won (a cheap test, often False).

    The Constitution sets (see :func:`rows_closure_placeable`): some card can never reach
    its foundation even in a relaxed game where only "frozen" Row 1 cards keep their
    places. The Square sets have no such test (False).
    """
    if game.profile.layout is not Layout.ROWS:
        return False
    return rows_closure_placeable(game) < game.card_count


def may_become_dead(game: Game) -> bool:
    """Whether :func:`is_dead` can ever say True for this position or one reached from it.

    Never when every Row 1 pile is its bottom card with a run built down in alternating
    colours on it, as in every position reached from a deal of either Constitution rule
    set (a Row 1 pile starts as one card; it takes only such a build or, when empty, one
    card; it loses only its top). Then the relaxation places every card: say it stops
    with cards left, and take an unplaced card of the lowest rank left, ``m``. Its suit
    has both copies of every lower rank up (there is no unplaced card below ``m``), so
    one of that suit's foundations takes it, and a copy that is not placed lies in a Row
    1 pile under an unplaced gate. Every card above it in a run is of lower rank, so that
    gate ranks below ``m``: a contradiction. A search from such a position may therefore
    skip the test, which would cost it more than a tenth of its time and prove nothing;
    hand-made positions (a layout may put any cards in Row 1) keep it. The Square sets
    have no such test.
    """
    if game.profile.layout is not Layout.ROWS:
        return False
    piles = game.piles
    for i in ROW1:
        pile = piles[i]
        for below, above in pairwise(pile):
            if above & 15 != (below & 15) - 1 or is_red(above) == is_red(below):
                return True
    return False


def frozen_in_row1(game: Game, c: int) -> bool:
    """Whether a Row 1 card ``c`` can only ever leave its pile for a foundation.

    Lady Cadogan: always (Row 1 takes cards only from Row 2). ``constitution``: a Row 1
    card leaves otherwise only by building on another Row 1 top one rank higher of the
    other colour; a Jack has none (the Queens are out of play), and a card whose four such
    cards (two suits, two packs) are all on the foundations has none any more, for good.
    """
    rank = c & 15
    return rank >= JACK or rank < _frozen_below(game)[(c >> 5) & 1]


def _frozen_below(game: Game) -> tuple[int, int]:
    """For black and for red cards: Row 1 cards below this rank are frozen (and Jacks)."""
    if not game.profile.row1_builds_on_row1:
        return (JACK, JACK)
    piles = game.piles
    # a black card of rank r is frozen when every red foundation has reached r + 1
    red = min(piles[f][-1] & 15 for f in range(4, 8))
    black = min(piles[f][-1] & 15 for f in range(4))
    return (red, black)


_FROZEN: dict[tuple[int, int], list[bool]] = {}


def rows_closure_placeable(game: Game) -> int:
    """How many cards could reach the foundations in a relaxed game (an upper bound).

    The relaxation: every card may go to its foundation whenever the foundation takes
    it, except that a card under a frozen Row 1 card (:func:`frozen_in_row1`) waits
    until the foundations hold more copies of that frozen card than they do now (either
    copy may be the one that went up: the relaxation does not ask which), and a frozen
    card waits for the frozen cards above it in the same way. Every real line of play is
    also a line of the relaxed game (cards reach a foundation only from a Row 1 top, and
    a frozen card leaves its pile only for a foundation, so a card under it cannot move
    before one more copy of the frozen card is up), so if fewer than all cards can be
    placed in the relaxed game, the real position is lost.

    The relaxed game needs no search: placing a card never stops another card from
    being placed later (the foundations of a suit hold ranks up to their two tops, so
    what they take next depends only on which cards are up, and what a placed card
    frees depends only on which cards are up too), so playing every placeable card until
    none is left places the most cards possible. Waiting for *that* copy instead would
    break this: with both copies of a card frozen over different cards, which copy goes
    up first is a choice, and the greedy play could choose the copy that frees nothing.
    """
    piles = game.piles
    below = _frozen_below(game)
    frozen = _FROZEN.get(below)
    if frozen is None:
        frozen = _FROZEN[below] = [(c & 15) >= JACK or (c & 15) < below[(c >> 5) & 1]
                                   for c in range(64)]
    # each suit's two foundation heights, lower first (how many copies of a card are up
    # is how many of them have reached its rank), now and at the start
    tops = [sorted((piles[2 * s][-1] & 15, piles[2 * s + 1][-1] & 15)) for s in range(4)]
    start = [tuple(pair) for pair in tops]
    avail = [0] * 64
    gates: dict[int, list[int]] = {}  # card -> Row 1 piles whose topmost waiting frozen card it is
    gate_index = [-1] * len(piles)

    def open_down(t: int, g: int) -> None:
        """Free pile ``t``'s cards from index ``g`` down to its next frozen card that
        still waits (no more copies of it are up than at the start), which becomes the
        pile's gate."""
        pile = piles[t]
        while g >= 0:
            c = pile[g]
            rank = c & 15
            if frozen[c] and sum(h >= rank for h in tops[c >> 4]) <= sum(h >= rank for h in start[c >> 4]):
                gate_index[t] = g
                gates.setdefault(c, []).append(t)
                return
            avail[c] += 1
            g -= 1

    for i, pile in enumerate(piles):
        if i < 8 or not pile:
            continue
        if i in ROW1:
            open_down(i, len(pile) - 1)
        else:
            for c in pile:
                avail[c] += 1
    placed = sum(a + b for a, b in tops)
    progress = True
    while progress:
        progress = False
        for suit in range(4):
            pair = tops[suit]
            for which in (0, 1):
                while pair[which] < JACK and (which == 1 or pair[0] < pair[1]):
                    c = suit * 16 + pair[which] + 1
                    where = gates.pop(c, None)
                    if where:
                        # a copy of c goes up: every pile it gated lets go of its
                        # copy of c and of what lies under it
                        pair[which] += 1
                        avail[c] += len(where) - 1
                        for t in where:
                            open_down(t, gate_index[t] - 1)
                    elif avail[c]:
                        avail[c] -= 1
                        pair[which] += 1
                    else:
                        break
                    placed += 1
                    progress = True
    return placed


def ordered_moves(game: Game, moves: list[Move]) -> list[Move]:
    """``moves`` without the pointless ones, most promising first (for a depth-first search).

    Left out, because the position they reach is one another move reaches too, up to
    the order of interchangeable places (so ``Game.key`` is the same):

    - moving the only card of a Union Square pile into an empty pile;
    - moving a card into a second empty place of the same kind (Square's columns, Union
      Square's piles, one row of Lady Cadogan) when a move of the same card into the first
      is kept.
    """
    wants = foundation_wants(game)
    piles = game.piles
    foundations = game.foundations
    stock = game.stock
    scored: list[tuple[int, int, Move]] = []
    profile = game.profile
    layout = profile.layout
    union = layout is Layout.UNION_GRID
    square = layout is Layout.SQUARE_COLUMNS
    rows = layout is Layout.ROWS
    constitution = rows and profile.fills_owed
    cadogan = rows and not profile.fills_owed
    owed_space = game.owed_space()
    owed = -1 if owed_space is None else owed_space
    into_empty: set[tuple[int, int]] = set()  # (source, kind of place) already moved into a space
    for i, m in enumerate(moves):
        src, dst = m
        if dst not in foundations and not piles[dst] and dst != game.waste:
            kind = (src, row_of(dst) if rows else 0)
            if kind in into_empty:
                continue
            into_empty.add(kind)
        if src == stock:
            score = -100
        elif dst in foundations:
            score = 1000
        else:
            pile = piles[src]
            score = 0
            if len(pile) >= 2:
                under = pile[-2]
                if under in wants:
                    score += 400
            elif pile:
                if union and not piles[dst]:
                    continue
                score += 60
            if union or square:
                if not piles[dst]:
                    score -= 30
                elif src == game.waste:
                    score += 20
            elif constitution:
                if src in ROW1:
                    score += 10
                elif row_of(src) == 1 and owed < 0:
                    score += 30
                if owed >= 0 and pile:
                    c = pile[-1]
                    if c in wants:
                        score += 300
                    score += 20 - (c & 15)
            elif cadogan:
                if dst in ROW1:
                    score += 40
                if not piles[dst]:
                    score -= 20
        scored.append((-score, i, m))
    scored.sort()
    return [m for _, _, m in scored]


def symmetry_classes(game: Game) -> list[int]:
    """For each place, a class number; places of one class are interchangeable.

    The same grouping as ``Game.key``: the two foundations of a suit and the places of
    one row (Constitution sets), the columns of Square, the sixteen Union Square piles.
    Every other place is a class of its own.
    """
    classes = list(range(len(game.places)))
    if game.profile.layout is Layout.ROWS:
        for f in game.foundations:
            classes[f] = f - f % 2
        for t in game.tableau:
            classes[t] = 100 + row_of(t)
    else:
        for t in game.tableau:
            classes[t] = 100
    return classes


_MASK = (1 << 64) - 1
#: what an owed fill in Row 1, 2 or 3 (or none, 4) adds to a ``constitution`` key: fixed
#: 64-bit constants (the fractional digits of pi), the same in every process
_OWED_HASH = (0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0,
              0x082EFA98EC4E6C89, 0x452821E638D01377)
#: the exact key weighs place i's hash by the i-th of these odd 64-bit numbers, so that
#: the same cards in another place of the same class make another key
_PLACE_WEIGHT = tuple(((i + 1) * 0x9E3779B97F4A7C15 | 1) & _MASK for i in range(256))


def _touched(transfers: Iterable[Transfer]) -> set[int]:
    """The places a move's transfers took cards from or put cards on."""
    return {p for t in transfers for p in (t.src, t.dst)}


class PositionHash:
    """An incremental position hash for a search that plays and undoes moves.

    Equal for positions equal up to interchangeable places (like ``Game.key``), as a
    sum of one hash per place, each of its class and cards (and, in Square, of how many
    of a column's cards were dealt, which fixes its direction). After a move only the
    places its transfers touched are hashed again, so the key costs a couple of
    microseconds instead of a full ``Game.key``; a search that takes its moves back
    (``played``, then ``undone``) gets the old hashes back without hashing at all. Two
    different positions share a 64-bit key with odds of about one in 10^19 per pair. The
    key depends only on the position, never on the process (PYTHONHASHSEED), so every
    search is repeatable. :meth:`exact_key` also tells interchangeable places apart.
    """

    MASK = _MASK

    def __init__(self, game: Game) -> None:
        self.game = game
        self.classes = symmetry_classes(game)
        #: the positions of the rule set differ by more than their cards: by how many of
        #: a column's cards were dealt (Square), by which space is owed a fill
        self.dealt_counts = game.profile.dealt_counts
        self.fills_owed = game.profile.fills_owed
        self.place_hash = [self._hash_place(i) for i in range(len(game.places))]
        self.total = sum(self.place_hash)
        self.exact = sum(h * _PLACE_WEIGHT[i] for i, h in enumerate(self.place_hash)) & _MASK
        # for each move recorded by ``played`` and not yet ``undone``: the totals and the
        # hashes of the places it changed, as they were before it
        self._before: list[tuple[int, int, list[tuple[int, int]]]] = []

    def _hash_place(self, index: int) -> int:
        game = self.game
        extra = 0
        if self.dealt_counts and index in game.tableau:
            extra = game.place_state(index)
        # The interpreter's hash of a tuple of small ints is the same in every process
        # (unlike that of bytes or str, which PYTHONHASHSEED changes), so searches are
        # repeatable; the splitmix64 finaliser spreads it over all 64 bits, so that a sum
        # of them behaves like a sum of random numbers.
        x = hash((self.classes[index], extra, *game.piles[index])) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ (x >> 31)

    def update(self, places: Iterable[int]) -> None:
        """Places whose cards (or Square dealt counts) changed: hash them again."""
        self._rehash(set(places))

    def moved(self, transfers: Iterable[Transfer]) -> None:
        """A move was played or undone with these transfers: hash again the places they
        touched (each once, however many transfers it took part in)."""
        self._rehash(_touched(transfers))

    def played(self, transfers: Iterable[Transfer]) -> None:
        """Like :meth:`moved`, for a move the search will take back: remember the hashes
        it replaces, so that :meth:`undone` puts them back without hashing again."""
        places = _touched(transfers)
        ph = self.place_hash
        self._before.append((self.total, self.exact, [(i, ph[i]) for i in places]))
        self._rehash(places)

    def undone(self) -> None:
        """The move last recorded by :meth:`played` was undone (and every move played
        after it was undone before): its places' hashes are what they were."""
        self.total, self.exact, before = self._before.pop()
        ph = self.place_hash
        for i, h in before:
            ph[i] = h

    def _rehash(self, places: set[int]) -> None:
        ph = self.place_hash
        for i in places:
            new = self._hash_place(i)
            change = new - ph[i]
            self.total += change
            self.exact = (self.exact + change * _PLACE_WEIGHT[i]) & _MASK
            ph[i] = new

    def key(self) -> int:
        """The key of the current position."""
        total = self.total
        if self.fills_owed:
            owed = self.game.owed_space()
            total += _OWED_HASH[4 if owed is None else row_of(owed)]
        return total & _MASK

    def exact_key(self) -> int:
        """A key of the current position place by place: unlike :meth:`key`, positions
        that differ only by which of two interchangeable places holds which cards get
        different keys. For remembering what depends on the order of the places (the
        evaluation adds its terms place by place, and floating-point sums depend on
        their order)."""
        total = self.exact
        if self.fills_owed:
            owed = self.game.owed_space()
            total += (1 if owed is None else owed + 2) * _OWED_HASH[0]
        return total & _MASK


def drop_returns(line: Sequence[T], move_of: Callable[[T], Move]) -> list[T]:
    """``line`` (of moves, or of anything ``move_of`` gives the move of: a move with its
    notation) less each move that a later move of it takes straight back (from where it
    went to where it came from) while no move between touches either place. The
    solver's lines carry such pairs (a card moved to another pile, the stock turned, the
    card moved back), and a player shown them would wonder what they were for. Only the
    places are compared: the caller plays the shorter line to check that it is legal and
    still gets where the whole line does (an automatic fill may tie two moves that name
    other places)."""
    out = list(line)
    ends = [(move.src, move.dst) for move in map(move_of, out)]
    i = 0
    while i < len(out):
        src, dst = ends[i]
        # the first later move that touches either place: the return, if it is one
        j = next((j for j in range(i + 1, len(out)) if {src, dst} & set(ends[j])), None)
        if j is not None and ends[j] == (dst, src):
            for k in (j, i):
                del out[k]
                del ends[k]
            i = max(0, i - 1)  # the move before may now meet its own return
        else:
            i += 1
    return out
