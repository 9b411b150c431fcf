"""British Square (English): a complete search that can prove a deal lost.

The depth-first search never finishes a Square deal: the positions reachable from one
number into the millions, because every card may wait on the waste or go onto one of
several columns, and those choices multiply. Nearly all of them are hopeless long before
the stock runs out, and :func:`cannot_unwind` says so cheaply. With it, the search below
visits every position that might still be won, and when it runs out of them the deal is
proved lost.

**The search** goes through the positions in layers, one per number of stock cards
turned: all the moves that do not turn the stock, from every position of the layer,
until no new position appears, then every way of turning the next card (onto the waste,
or straight into an empty column) starts the next layer. A position is its foundations'
heights, its columns as a sorted tuple (their order does not matter) of how many of each
column's cards were dealt or filled and the cards themselves, and the waste's cards
(the same cards in the same order are the same position, whichever copy of a card is
which). A foundation move in a foundation's downward half is played alone when there is
one (:func:`~game.search.knowledge.forced_move` explains why that is safe). Positions
that :func:`cannot_unwind` rules out are not searched on (it runs in every third layer,
:data:`TEST_EVERY`). It is complete: if a won position can be reached from the start,
it is found (and the moves to it are recovered); when every layer has been searched, or
a layer is left empty, every position reachable from the start that :func:`cannot_unwind`
did not rule out was seen, so the position is lost. Most deals of games 1-1000 are
proved lost within a few thousand positions, nearly all within a few seconds.

**Why a position that** :func:`cannot_unwind` **rules out is lost.** Take any winning
line from it. Every card now in the waste must leave it, the top one first: say the
cards from the top are ``w1, w2, …``, and look at the moment just before ``wi`` leaves.

1. ``w1 … w(i-1)`` have left the waste, and every card turned from the stock since now
   lay above them (or went straight into a column), so it has left too. A card that left
   the waste is on a foundation or in a column (a card never goes back to the waste, and
   never leaves a foundation). So is every card now built on a column (above the cards
   dealt to it or filled into it).
2. A column holds, above its dealt or filled cards, one run: cards of one suit, one of
   each rank in an unbroken stretch of ranks. A filled card is of the run's suit too,
   and of another rank. So two copies of one card need two runs; and a rank none of
   whose copies can be in a column then (both are on the foundation now, or still in the
   waste, ``wi`` or below it, or one of each) breaks every run: the cards of a suit on either side of
   it need runs of their own. Counting runs that way, suit by suit, the four suits
   together may need at most four columns.
3. Each foundation is at most as high as the longest start of its sequence (A … K, K … A)
   that the cards not still buried allow: the cards of point 1, the stock cards turned by
   then and every dealt card (a dealt card is counted as free to go home, and never as
   needing a column, which can only make the test say "lost" less often). The cards of
   point 1 that the foundations cannot hold must be in columns, and copies are
   interchangeable, so at least ``(such cards of a rank) - (places for that rank the
   foundations have filled since now)`` of each card are in columns.

The test goes down the waste and, for each ``wi``, turns as few stock cards as it can
(never fewer than for the card above: they stay turned) to keep point 2 possible with
the smallest count of point 3. Taking the fewest loses nothing: a later ``wi`` may
have more turned, never fewer, so the fewest that work leave every later step all its
choices. If even turning the whole stock cannot keep some
``wi``'s moment possible, no winning line exists. (A rank breaks runs only for copies
that are home *now*: point 3's foundations are only an upper bound, so a copy they count
as home may really be in a column.)
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..engine.cards import KING
from ..engine.profile import Layout
from ..engine.square import COLUMNS
from ..engine.squares import neighbours
from ..engine.state import Game, Move

#: the cards of each suit's foundation in order: Ace up to King, then King down to Ace
SEQUENCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 16 + r for r in range(1, KING + 1)) + tuple(s * 16 + r for r in range(KING, 0, -1))
    for s in range(4))
#: a complete foundation
FULL = 2 * KING
#: how many columns hold built cards: the four of the English layout
COLUMN_COUNT = len(COLUMNS)
#: positions the search takes before yielding a turn (as the solver's searches do)
TURN = 256
#: the search runs :func:`cannot_unwind` in every third layer only (on the positions that
#: start it and after the moves it must test): in between, hopeless positions are searched
#: a little longer, which costs less than the tests it saves. Deals 10, 204 and 786: 6.9,
#: 8.3 and 16.2 s testing every layer; 3.3, 4.2 and 8.5 s every third (every fourth: 3.3,
#: 4.1 and 8.2 s; every sixth or eighth was slower again).
TEST_EVERY = 3

#: a position: foundation heights, columns (each ``bytes([dealt]) + cards``, sorted), waste
State = tuple[tuple[int, ...], tuple[bytes, ...], bytes]
Steps = Generator[None, None, bool | None]


def cannot_unwind(heights: tuple[int, ...], columns: tuple[bytes, ...], waste: bytes,
                  stock: bytes, start: int = 0) -> bool:
    """True when the position provably cannot be won: its waste cannot be emptied.

    ``columns`` are ``bytes([dealt]) + cards`` (bottom first), ``waste`` bottom first,
    ``stock[start:]`` the cards still to be turned, in the order they will show. The
    argument is in the module's docstring. (Written out flat, with the tables and
    dictionaries it reads in local names: the search spends most of its time here.)
    """
    # the counts of every card, packed (:data:`_AT`): from the foundations' heights, the
    # waste and the columns, each part remembered, so they are a few additions (the
    # columns' by the four together: a search's positions share few columns)
    counts = _HEIGHT_COUNTS.get(heights)
    if counts is None:
        counts = _height_counts(heights)
    w = _WASTE_COUNTS.get(waste)
    if w is None:
        w = _waste_counts(waste)
    got = _COLUMN_COUNTS.get(columns)
    if got is None:
        got = _column_counts(columns)
    counts += got[0] - w
    # per suit, the dealt counts plus 5 a rank (for the foundations' climbs: :data:`_SEVENS`)
    dealt = got[1]
    # the answer depends on nothing else than these and the stock from ``start`` on, and
    # many positions share them (those whose built cards stand in other columns, say):
    # a third of the calls of game 879's search are answered so. Remembered for one
    # stock and start at a time (a search asks with one start, then the next, and a
    # layer's positions are none of an earlier layer's)
    answers = _ANSWERS
    if _ANSWERS_FOR[0] is not stock or _ANSWERS_FOR[1] != start:
        answers.clear()
        _ANSWERS_FOR[:] = [stock, start]
    elif len(answers) >= _PARTS:
        answers.clear()
    key = (heights, counts, dealt, waste)
    answer = answers.get(key)
    if answer is not None:
        return answer
    mask = _SUIT_MASK
    bits = _SUIT_BITS
    suits = [counts & mask, counts >> bits & mask, counts >> 2 * bits & mask, counts >> 3 * bits]
    lifts = [dealt & mask, dealt >> bits & mask, dealt >> 2 * bits & mask, dealt >> 3 * bits]
    full = FULL
    at = _AT
    nexts = _FOLLOWING
    height = list(heights)
    # per suit, the card its foundation takes next (none, -1, when it is full): a card
    # added below can move a foundation only when it is that card; a foundation takes
    # a card while a copy of it may be home (dealt, built or added) that no place filled
    # since now took: while its held count less 2, plus its dealt count, is above 0
    following = [nexts[0][height[0]], nexts[1][height[1]], nexts[2][height[2]], nexts[3][height[3]]]
    for s in range(4):
        x = following[s]
        if x >= 0 and (suits[s] >> at[x] & 7) + (lifts[s] >> at[x] & 7) >= 8:
            suits[s], h = _climb(suits[s], lifts[s], height[s])
            height[s] = h
            following[s] = nexts[s][h]
    runs_of = _RUNS
    runs = []
    for f in suits:
        try:
            runs.append(runs_of[f])
        except KeyError:
            runs.append(_runs(f))
    freed = _FREED
    sevens = _SEVENS
    up = _UP
    up_span = _UP_SPAN
    down = _DOWN
    down_span = _DOWN_SPAN
    tables = _STOCKS.get(stock)
    if tables is None:
        tables = _stock_tables(stock)
    places, added = tables
    # the places in the stock of the cards the foundations take next, a bit each (the
    # cards are of different suits, so their places never meet and a foundation's move
    # swaps its card's bits for the next one's by two exclusive ors)
    ahead = places[following[0]] | places[following[1]] | places[following[2]] | places[following[3]]
    needed = sum(runs)
    columns_free = COLUMN_COUNT
    # stock cards are turned up to ``turned``, but added to a suit's counts only up to
    # its ``synced``: until all are, the suits' runs only bound the runs from below
    turned = start
    synced = [start] * 4
    for c in reversed(waste):
        # before the waste's next card leaves, the cards above it need at most four
        # columns: turn stock cards (the fewest that do) until they do
        while needed > columns_free:
            while needed > columns_free:
                # a stock card that no foundation takes next cannot bring the runs down
                # (:func:`_stock_tables`): turn them all up to the first that one does,
                # and add those of its suit (its own among them)
                later = ahead >> turned
                if not later:
                    answers[key] = True
                    return True
                t = turned + (later & -later).bit_length() - 1
                x = stock[t]
                s = x >> 4
                sums = added[s]
                turned = t + 1
                f = suits[s] + sums[turned] - sums[synced[s]]
                synced[s] = turned
                # the card is the one its foundation takes next: the foundation takes it
                # and every one after it that a copy is free for (as below: :func:`_climb`
                # written out, as the call costs 7% of the whole search)
                h = height[s]
                lift = lifts[s]
                if h < KING:
                    gaps = ~((f & sevens) + lift) & up[h]
                    r = (gaps & -gaps).bit_length() // 5
                    f -= up_span[h][r]
                    h = r - 1
                if h >= KING:
                    gaps = ~((f & sevens) + lift) & down[h]
                    r = gaps.bit_length() // 5
                    f -= down_span[h][r]
                    h = full - r
                height[s] = h
                x = nexts[s][h]
                ahead ^= places[following[s]] ^ places[x]
                following[s] = x
                suits[s] = f
                try:
                    n = runs_of[f]
                except KeyError:
                    n = _runs(f)
                needed += n - runs[s]
                runs[s] = n
            # few enough runs, counting the other suits' stock cards turned since their
            # last foundation move as not there: add them, and look again
            for s in range(4):
                if synced[s] < turned:
                    sums = added[s]
                    more = sums[turned] - sums[synced[s]]
                    synced[s] = turned
                    if more:
                        f = suits[s] + more
                        suits[s] = f
                        try:
                            n = runs_of[f]
                        except KeyError:
                            n = _runs(f)
                        needed += n - runs[s]
                        runs[s] = n
        s = c >> 4
        f = suits[s] + freed[c]
        if c == following[s]:
            # the foundation takes the card and every one after it that a copy is free
            # for: found for all the ranks at once (:func:`_climb`, written out here)
            h = height[s]
            if h < KING:
                gaps = ~((f & sevens) + lifts[s]) & up[h]
                r = (gaps & -gaps).bit_length() // 5
                f -= up_span[h][r]
                h = r - 1
            if h >= KING:
                gaps = ~((f & sevens) + lifts[s]) & down[h]
                r = gaps.bit_length() // 5
                f -= down_span[h][r]
                h = full - r
            height[s] = h
            x = nexts[s][h]
            ahead ^= places[following[s]] ^ places[x]
            following[s] = x
        suits[s] = f
        try:
            n = runs_of[f]
        except KeyError:
            n = _runs(f)
        needed += n - runs[s]
        runs[s] = n
    answers[key] = False
    return False


#: :func:`cannot_unwind`'s counts, packed: per suit one number, five bits a rank (rank
#: ``r`` from bit ``5 * r``). The low three bits hold 2 more than the card's copies that
#: must be home or in a column (built, or off the waste or the stock) less the places
#: its foundation filled since now: so 0 to 4 (a copy that goes home was free to, so it
#: is at most 2 below). The high two hold the copies that may stand in a column (neither
#: home now nor in the waste at the card it has come down to, 0 to 2). Adding a card to
#: the counts is one addition (:data:`_HELD`, or :data:`_FREED` for a waste card, which
#: leaves a place too), and the number is the key its suit's runs are remembered by.
#: Beside it, per suit and in the same places, the copies dealt to (or filled into) a
#: column, which may go home but need no column. For the parts that the heights, the
#: waste and the columns give, the four suits' numbers stand side by side in one
#: (:data:`_SUIT_BITS` apart), so they add up in one addition a part.
_SUIT_BITS = 5 * (KING + 1)
_SUIT_MASK = (1 << _SUIT_BITS) - 1
_AT = [5 * (c & 15) for c in range(64)]
_HELD = [1 << _AT[c] for c in range(64)]
_FREED = [9 << _AT[c] for c in range(64)]
#: a card's bits in the four suits' numbers side by side
_AT_ALL = [_SUIT_BITS * (c >> 4) + _AT[c] for c in range(64)]
#: for :func:`_climb`: in every rank of a suit's counts, its held count's three bits
#: (7). A copy of a card may go home when its held count less 2 plus its dealt count is
#: at least 1, that is when its three bits plus its dealt count are at least 3: then
#: ``(counts & _SEVENS) + lift`` has the rank's 8 set, where ``lift`` is the suit's dealt
#: counts plus 5 a rank (the sum is at most 4 + 2 + 5 = 11, so it stays within the
#: rank's five bits). :data:`_FIVES_ALL` is the 5s of the four suits side by side.
_SEVENS = sum(7 << 5 * r for r in range(1, KING + 1))
_FIVES_ALL = sum(5 << _AT_ALL[c] for c in range(64) if 1 <= c & 15 <= KING)
#: per height below the King's, the 8s of the ranks above it and of the rank past the
#: King (no copy free there, so a climb up stops), and what the climb from there to each
#: rank takes off the counts: a held copy of every rank before it; per height from the
#: King's, the 8s of the ranks up to the one it takes next and of rank 0 (where a climb
#: down stops), and what the climb from there down to each rank takes off
_UP = [sum(8 << 5 * r for r in range(h + 1, KING + 2)) if h < KING else 0 for h in range(FULL)]
_UP_SPAN = [[sum(1 << 5 * q for q in range(h + 1, r)) for r in range(KING + 2)] for h in range(FULL)]
_DOWN = [sum(8 << 5 * r for r in range(0, FULL - h + 1)) if h >= KING else 0 for h in range(FULL)]
_DOWN_SPAN = [[sum(1 << 5 * q for q in range(r + 1, FULL - h + 1)) for r in range(KING + 1)]
              for h in range(FULL)]


def _climb(counts: int, lift: int, height: int) -> tuple[int, int]:
    """A suit's counts and its foundation's height once the foundation has taken every
    card it can from ``height`` on: each card while a copy of it may go home (dealt, built
    or added) that no place filled since now took. Each rank's copy free to go home is
    a bit (:data:`_SEVENS`), so the first rank without one is found at once: up to the
    King, then down from it. (:func:`cannot_unwind` has this written out in its loop.)"""
    if height < KING:
        gaps = ~((counts & _SEVENS) + lift) & _UP[height]
        r = (gaps & -gaps).bit_length() // 5
        counts -= _UP_SPAN[height][r]
        height = r - 1
    if KING <= height < FULL:
        gaps = ~((counts & _SEVENS) + lift) & _DOWN[height]
        r = gaps.bit_length() // 5
        counts -= _DOWN_SPAN[height][r]
        height = FULL - r
    return counts, height


#: per stock (a search's whole stock), :func:`_stock_tables`
_STOCKS: dict[bytes, tuple[list[int], list[list[int]]]] = {}


def _stock_tables(stock: bytes) -> tuple[list[int], list[list[int]]]:
    """For :func:`cannot_unwind`: per card (and for -1, no card), its places in ``stock``,
    bit ``t`` set for place ``t``; and per suit, per place, the suit's stock cards before
    it added up as held copies (:data:`_HELD`).

    While the runs need more than four columns, the test turns stock cards; and only one
    that a foundation takes next can bring the runs down. Any other adds a held copy
    without moving a foundation, so the copies of its card that must be in a column can
    only go up, and its rank breaks no run (the card itself, in the stock, is a copy that
    may still stand in a column, so the rank has a place): the same stretches, each
    needing as many runs as before or more. So the test turns the cards up to the next
    that a foundation takes next at once; when there is none, the runs stay too many
    until the stock is done. It adds a suit's cards turned so (one difference of these
    sums) when that suit's foundation moves, and the other suits' only once the runs it
    counts without them are few enough, since they can only add runs."""
    places = [0] * 65
    for t, c in enumerate(stock):
        places[c] |= 1 << t
    added = [[0] for _ in range(4)]
    for c in stock:
        for s, sums in enumerate(added):
            sums.append(sums[-1] + (_HELD[c] if c >> 4 == s else 0))
    got = places, added
    _remember(_STOCKS, stock, got, most=16)
    return got


#: the parts of :func:`cannot_unwind`'s counts, remembered (each is shared by many
#: positions of a layer): per foundations' heights, per waste, per columns
_HEIGHT_COUNTS: dict[tuple[int, ...], int] = {}
_WASTE_COUNTS: dict[bytes, int] = {}
_COLUMN_COUNTS: dict[tuple[bytes, ...], tuple[int, int]] = {}
#: :func:`cannot_unwind`'s answers per foundations' heights, counts, dealt counts and
#: waste, for the stock and start in :data:`_ANSWERS_FOR` (forgotten when they change,
#: or when there are :data:`_PARTS`)
_ANSWERS: dict[tuple[tuple[int, ...], int, int, bytes], bool] = {}
_ANSWERS_FOR: list[Any] = [None, -1]
#: the most parts of each kind remembered (beyond, all of that kind are forgotten)
_PARTS = 100_000


def _height_counts(heights: tuple[int, ...]) -> int:
    """The counts with the foundations at ``heights``, no card held and nothing in the
    waste: every card's held count at 0 (its three bits at 2), and its places the copies
    of it that are not home."""
    counts = 0
    for s in range(4):
        h = heights[s]
        for r in range(1, KING + 1):
            room = 2 - (h >= r) - (h >= 2 * KING + 1 - r)
            counts |= (2 | room << 3) << _AT_ALL[s * 16 + r]
    _remember(_HEIGHT_COUNTS, heights, counts)
    return counts


def _waste_counts(waste: bytes) -> int:
    """What the cards in ``waste`` take off the counts: a place each."""
    at = _AT_ALL
    counts = 0
    for c in waste:
        counts += 8 << at[c]
    _remember(_WASTE_COUNTS, waste, counts)
    return counts


def _column_counts(columns: tuple[bytes, ...]) -> tuple[int, int]:
    """What the columns (each ``bytes([dealt]) + cards``) add to the counts: a held copy
    per built card; and the dealt counts, a copy per dealt (or filled) card, plus 5 a
    rank (:data:`_FIVES_ALL`)."""
    at = _AT_ALL
    held = 0
    free = _FIVES_ALL
    for column in columns:
        dealt = column[0] + 1
        for c in column[dealt:]:
            held += 1 << at[c]
        for c in column[1:dealt]:
            free += 1 << at[c]
    got = held, free
    _remember(_COLUMN_COUNTS, columns, got)
    return got


def _remember(cache: dict[Any, Any], key: object, value: object, most: int = _PARTS) -> None:
    """Remember ``value`` for ``key`` in one of this module's caches, forgetting them all
    when there are ``most`` (:data:`_PARTS` for the parts: a search's later layers share
    little with its earliest)."""
    if len(cache) >= most:
        cache.clear()
    cache[key] = value


#: :func:`_runs` of the suits' counts seen so far (a suit's counts are one of a few
#: thousand in a deal's search, and :func:`cannot_unwind` asks for them at every card it
#: goes through)
_RUNS: dict[int, int] = {}


def _runs(counts: int) -> int:
    """The fewest runs that hold the cards of a suit that must be in columns: one per
    copy of the most repeated such card in each stretch of ranks that no rank without a
    copy free to stand in a column breaks (``counts`` as in :data:`_AT`: a rank breaks
    the runs when no copy must be in a column and none may)."""
    total = 0
    most = 0
    for r in range(1, KING + 1):
        x = counts >> 5 * r & 31
        held = (x & 7) - 2
        if held > 0:
            if held > most:
                most = held
        elif x < 8:
            total += most
            most = 0
    total += most
    if len(_RUNS) >= 1_000_000:
        _RUNS.clear()
    _RUNS[counts] = total
    return total


def state_of(game: Game) -> State:
    """The search's position of ``game`` (English Square)."""
    piles = game.piles
    heights = (len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3]))
    columns = tuple(sorted(bytes([game.place_state(c)]) + bytes(piles[c]) for c in COLUMNS))
    return heights, columns, bytes(piles[game.waste])


def _moves(state: State) -> list[tuple[State, bool]]:
    """The positions one move away that do not turn the stock (one alone when a move to
    a foundation's downward half is possible: it is safe), each with whether
    :func:`cannot_unwind` must look at it again.

    It need not after a move to a column of a built card or of the waste's top card:
    then the test of the new position goes through the same steps as its parent's after
    the parent's first card (the test's counts depend only on which cards were added, not
    in what order), so it passes when the parent's did. A move home is tested (a card
    home now is home for sure, which the test uses), and so is a move of a dealt (or
    filled) card: the parent's test may have let it stay in its column while another
    copy filled its foundation place, and built elsewhere it must be home or in a column.

    The columns' own moves, and the columns each waste card would give, depend on the
    columns alone, and a search's positions share very few columns (a few hundred in the
    hundreds of thousands of positions of a long search: the cards wait in the waste), so
    they are worked out once per columns (:func:`_column_moves`) and only the heights and
    the waste are put to them here."""
    heights, columns, waste = state
    known = _COLUMN_MOVES.get(columns)
    if known is None:
        known = _column_moves(columns)
    tops, from_waste, takes = known
    following = _FOLLOWING
    out: list[tuple[State, bool]] = []
    for card, suit, home_columns, children in tops:
        h = heights[suit]
        if following[suit][h] == card:
            result = (_RAISED[heights][suit], home_columns, waste)
            if h >= KING:
                return [(result, True)]
            out.append((result, True))
        for cols, dealt in children:
            out.append(((heights, cols, waste), dealt))
    if waste:
        card = waste[-1]
        rest = waste[:-1]
        suit = card >> 4
        h = heights[suit]
        if following[suit][h] == card:
            result = (_RAISED[heights][suit], columns, rest)
            if h >= KING:
                return [(result, True)]
            out.append((result, True))
        targets = from_waste.get(card)
        if targets is None:
            targets = from_waste[card] = _waste_targets(columns, card, takes)
        for cols in targets:
            out.append(((heights, cols, rest), False))
    return out


#: :func:`_column_moves` per columns (forgotten all at once when there are :data:`_PARTS`)
_COLUMN_MOVES: dict[tuple[bytes, ...], tuple[list[tuple[int, int, tuple[bytes, ...],
                                                         list[tuple[tuple[bytes, ...], bool]]]],
                                             dict[int, list[tuple[bytes, ...]]],
                                             dict[int, tuple[int, ...]]]] = {}


class _Raised(dict[tuple[int, ...], tuple[tuple[int, ...], ...]]):
    """Per foundations' heights, the heights with each suit's one higher (made when first
    asked for, and shared by every position that has them)."""

    def __missing__(self, heights: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        raised = tuple((*heights[:s], heights[s] + 1, *heights[s + 1:]) for s in range(4))
        _remember(self, heights, raised)
        return raised


_RAISED = _Raised()


def _column_moves(columns: tuple[bytes, ...]) -> tuple[
        list[tuple[int, int, tuple[bytes, ...], list[tuple[tuple[bytes, ...], bool]]]],
        dict[int, list[tuple[bytes, ...]]], dict[int, tuple[int, ...]]]:
    """For :func:`_moves`: per column with a card, in order, its top card, the card's
    suit, the columns once it has gone home, and the columns (with whether a dealt card
    moved) after each move of it onto another column, in order; and an empty dictionary
    for the columns after each move of a waste card (:func:`_waste_targets`, filled in as
    the cards come), and :func:`_takes`. Remembered per columns."""
    takes = _takes(columns)
    tops = []
    for i, column in enumerate(columns):
        if len(column) == 1:
            continue
        card = column[-1]
        # the column without its top card (the dealt count never above the cards left)
        size = len(column) - 2
        taken = bytes((size,)) + column[1:-1] if column[0] > size else column[:-1]
        cols = list(columns)
        cols[i] = taken
        home_columns = tuple(sorted(cols))
        children = []
        dealt = size + 1 <= column[0]
        for j in takes.get(card, ()):
            if j != i:
                cols = list(columns)
                cols[j] = columns[j] + _CARD[card]
                cols[i] = taken
                children.append((tuple(sorted(cols)), dealt))
        tops.append((card, card >> 4, home_columns, children))
    got: tuple[list[tuple[int, int, tuple[bytes, ...], list[tuple[tuple[bytes, ...], bool]]]],
               dict[int, list[tuple[bytes, ...]]], dict[int, tuple[int, ...]]] = (tops, {}, takes)
    _remember(_COLUMN_MOVES, columns, got)
    return got


def _takes(columns: tuple[bytes, ...]) -> dict[int, tuple[int, ...]]:
    """Per card, the columns (by place, in order) that take it onto their top."""
    takes: dict[int, tuple[int, ...]] = {}
    for j, column in enumerate(columns):
        size = len(column)
        if size == 1:
            continue
        top = column[-1]
        if size - 1 > column[0]:
            # a column with a built card takes only the next card of its run
            nxt = 2 * top - column[-2]
            if 1 <= nxt & 15 <= KING:
                takes[nxt] = (*takes.get(nxt, ()), j)
        else:
            for c in _NEIGHBOURS[top]:
                takes[c] = (*takes.get(c, ()), j)
    return takes


def _waste_targets(columns: tuple[bytes, ...], card: int,
                   takes: dict[int, tuple[int, ...]]) -> list[tuple[bytes, ...]]:
    """The columns after each move of ``card`` from the waste onto a column that takes it
    (``takes``: :func:`_takes` of the columns) or into an empty one, in the columns'
    order."""
    targets = takes.get(card, ())
    out = []
    for j, column in enumerate(columns):
        if len(column) == 1:
            cols = list(columns)
            cols[j] = _FILLED[card]
            out.append(tuple(sorted(cols)))
        elif j in targets:
            cols = list(columns)
            cols[j] = column + _CARD[card]
            out.append(tuple(sorted(cols)))
    return out


#: per suit and foundation height, the card the foundation takes next (-1 when full)
_FOLLOWING = [(*sequence, -1) for sequence in SEQUENCES]
#: per card code, the cards of its suit one rank either side (no wrap between King and Ace)
_NEIGHBOURS = [neighbours(c) if 1 <= c & 15 <= KING else () for c in range(64)]
#: per card code, the card alone, and a column filled with it (its one card dealt)
_CARD = [bytes((c,)) for c in range(64)]
_FILLED = [bytes((1, c)) for c in range(64)]
#: an empty column
_EMPTY = bytes((0,))
#: the foundations' heights when the game is won
_WON = (FULL,) * 4


def _turns(state: State, card: int) -> list[State]:
    """The positions after turning ``card``: onto the waste, or into an empty column."""
    heights, columns, waste = state
    out: list[State] = [(heights, columns, waste + _CARD[card])]
    # the empty columns are all alike (a column's dealt count is never above its cards,
    # so an empty one's is 0): filling any of them gives the same position
    if _EMPTY in columns:
        cols = list(columns)
        cols[columns.index(_EMPTY)] = _FILLED[card]
        out.append((heights, tuple(sorted(cols)), waste))
    return out


class SquareLayers:
    """The layered complete search of the module's docstring, as one of the solver's
    searches: ``steps()`` yields every :data:`TURN` positions and returns True (won:
    ``win`` holds the moves), False (proved lost) or None (the node budget ran out)."""

    def __init__(self, game: Game, max_nodes: int) -> None:
        if game.profile.layout is not Layout.SQUARE_COLUMNS:
            raise ValueError("the layered search plays British Square (English) only")
        self.game = game
        self.max_nodes = max_nodes
        self.nodes = 0
        self.win: list[str] = []

    def steps(self) -> Steps:
        game = self.game
        if game.is_won():
            return True
        stock = bytes(reversed(game.piles[game.stock]))
        root = state_of(game)
        # per layer, every position seen there and where it was first reached from
        parents: list[dict[State, tuple[int, State] | None]] = [{root: None}]
        if cannot_unwind(*root, stock):
            return False
        layer = [root]
        # the positions counted and the budget in local names (the search's inner loop),
        # the count handed back before every pause and the end, the budget read after
        # every pause (the solver may move it then)
        nodes = self.nodes
        limit = self.max_nodes
        for k in range(len(stock) + 1):
            seen = parents[k]
            testing = k % TEST_EVERY == 0
            following: dict[State, tuple[int, State] | None] = {}
            turning = k < len(stock)
            card = stock[k] if turning else 0
            todo = list(layer)
            while todo:
                state = todo.pop()
                # where this position's children were first reached from (one pair for all)
                mark = (k, state)
                for child, check in _moves(state):
                    if child in seen:
                        continue
                    if nodes >= limit:
                        self.nodes = nodes
                        return None  # a new position, and none left in the budget
                    seen[child] = mark
                    nodes += 1
                    if nodes % TURN == 0:
                        self.nodes = nodes
                        yield
                        limit = self.max_nodes
                    # a child that need not be tested kept its parent's heights, so it is
                    # not won (no position searched is)
                    if check:
                        if child[0] == _WON:
                            self.nodes = nodes
                            self.win = self._line(parents, k, child)
                            return True
                        if testing and cannot_unwind(*child, stock, k):
                            continue
                    todo.append(child)
                if turning:
                    for child in _turns(state, card):
                        if child in following:
                            continue
                        if nodes >= limit:
                            self.nodes = nodes
                            return None
                        following[child] = mark
                        nodes += 1
                        if nodes % TURN == 0:
                            self.nodes = nodes
                            yield
                            limit = self.max_nodes
            self.nodes = nodes
            if k == len(stock):
                break
            parents.append(following)
            if (k + 1) % TEST_EVERY:
                layer = list(following)
            else:
                layer = []
                for tested, state in enumerate(following, 1):
                    if not cannot_unwind(*state, stock, k + 1):
                        layer.append(state)
                    if tested % TURN == 0:
                        yield
                        limit = self.max_nodes
            if not layer:
                return False
        return False

    def _line(self, parents: list[dict[State, tuple[int, State] | None]], k: int, won: State) -> list[str]:
        """The moves from the start to ``won`` (found in layer ``k``), in notation."""
        path = [won]
        step = parents[k][won]
        while step is not None:
            path.append(step[1])
            step = parents[step[0]][step[1]]
        path.reverse()
        game = self.game.clone()
        line: list[Move] = []
        for target in path[1:]:
            for move in game.legal_moves():
                game.play(move)
                if state_of(game) == target:
                    line.append(move)
                    break
                game.undo()
            else:
                raise AssertionError("no move leads to the next position of the won line")
        return [game.move_text(m) for m in line]
