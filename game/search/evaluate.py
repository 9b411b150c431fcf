"""How good a position looks, from what matters in these games.

One number, higher is better, built from:

- cards on the foundations (the goal; by far the largest term);
- blocked cards: a card with cards on top of it cannot move, and it hurts more the
  sooner its foundation needs it (a low card buried under high ones in a Square pile,
  a foundation card at the bottom of a Row 1 pile or under the waste);
- Constitution's row depth: a card in Row 3 or 4 (or still in the stock) is rows away
  from the foundations, and the sooner it is needed the more that distance costs;
- spaces: an empty Square column or Union Square pile is a free place to park a card;
  a Row 1 pile of ``constitution`` that is empty for good is a lost base;
- Square's column directions: a column built away from its suit's foundation (up when
  the foundation will want the low cards first) buries the cards it will need;
- mobility: a few points per legal move, so that of two otherwise equal positions the
  one with more choices wins.

Unknown cards (code 0, a player's view after a stock card came into play in a search)
count as neither blocked nor needed: the evaluation never guesses what they are.

:func:`homeless_cards` is a term of the hint's own (``constitution``): the cards below Row
1 that no Row 1 run could take. The solver's searches and their cores do without it.
"""

from __future__ import annotations

from ..engine.cards import JACK, KING
from ..engine.profile import Evaluation, Layout
from ..engine.rows import row_range
from ..engine.state import Game

WIN = 1_000_000.0
LOSS = -1_000_000.0
#: the highest value a stuck position can have (LOSS plus its cards home, at most 104,
#: with room to spare): a value at or below it means the position is lost
STUCK = LOSS + 200

FOUNDATION_CARD = 100.0
MOBILITY = 1.0
ROW1 = row_range(0)


def urgency_weight(distance: int) -> float:
    """How much a blocked card costs, by how many foundation cards it waits for."""
    return 12.0 / (distance + 2)


_CACHE_LIMIT = 50_000
_ROWS_CACHE: dict[tuple[int, ...], list[int]] = {}
_SQUARE_CACHE: dict[tuple[int, ...], list[int]] = {}


def rows_distances(game: Game) -> list[int]:
    """For each card code, how many cards its suit's nearer foundation needs before it
    (0: it goes up now). Codes of other ranks or suits read 99."""
    piles = game.piles
    tops = tuple(piles[f][-1] for f in game.foundations)
    cached = _ROWS_CACHE.get(tops)
    if cached is None:
        if len(_ROWS_CACHE) > _CACHE_LIMIT:
            _ROWS_CACHE.clear()
        cached = _ROWS_CACHE[tops] = _rows_distances(game)
    return cached


def _rows_distances(game: Game) -> list[int]:
    piles = game.piles
    distance = [99] * 64
    for suit in range(4):
        tops = sorted(piles[f][-1] & 15 for f in (2 * suit, 2 * suit + 1))
        for rank in range(2, JACK + 1):
            below = [t for t in tops if t < rank]
            if below:
                distance[suit * 16 + rank] = rank - 1 - below[-1]
    return distance


def square_distances(game: Game) -> list[int]:
    """For each card code, how many cards its foundation needs before it (the nearer of
    its two places in the A…K, K…A sequence); 99 for codes that are not cards."""
    heights = tuple(len(game.piles[f]) for f in game.foundations)
    cached = _SQUARE_CACHE.get(heights)
    if cached is None:
        if len(_SQUARE_CACHE) > _CACHE_LIMIT:
            _SQUARE_CACHE.clear()
        cached = _SQUARE_CACHE[heights] = _square_distances(game)
    return cached


def _square_distances(game: Game) -> list[int]:
    piles = game.piles
    distance = [99] * 64
    for suit in range(4):
        height = len(piles[suit])
        for rank in range(1, KING + 1):
            up, down = rank - 1, 2 * KING - rank
            if height <= up:
                d = up - height
            elif height <= down:
                d = down - height
            else:
                d = 99
            distance[suit * 16 + rank] = d
    return distance


def evaluate(game: Game, mobility: int | None = None) -> float:
    """The position's value (higher is better); WIN when won, near LOSS when stuck.

    ``mobility`` is the number of legal moves when the caller already knows it; 0 means
    "do not count" (a search leaf, where the moves are not generated: no mobility term
    and no check for being stuck).
    """
    piles = game.piles
    on_foundations = sum(map(len, map(piles.__getitem__, game.foundations)))
    if on_foundations == game.card_count:
        return WIN
    score = FOUNDATION_CARD * on_foundations
    if game.profile.layout is Layout.ROWS:
        score += _rows_terms(game)
    else:
        score += _square_terms(game)
    if mobility is None:
        mobility = len(game.legal_moves())
        if mobility == 0:
            return LOSS + on_foundations
    return score + MOBILITY * min(mobility, 20)


def _blocked(pile: list[int], distance: list[int], weights: list[float]) -> float:
    """The cost of the cards under the top of a pile: each by how soon it is needed,
    times how many cards lie on it."""
    cost = 0.0
    n = len(pile)
    for i in range(n - 1):
        c = pile[i]
        if c:
            depth = n - 1 - i
            cost += weights[distance[c]] * depth
    return cost


_WEIGHTS = [urgency_weight(d) for d in range(100)]


_WEIGHTS_CACHE: dict[tuple[int, ...], list[float]] = {}
_ROWS = tuple(row_range(r) for r in range(4))


def _card_weights(game: Game) -> list[float]:
    """For each card code, :func:`urgency_weight` of its distance; 0 for unknown cards."""
    piles = game.piles
    tops = tuple([piles[f][-1] for f in game.foundations])
    cached = _WEIGHTS_CACHE.get(tops)
    if cached is None:
        if len(_WEIGHTS_CACHE) > _CACHE_LIMIT:
            _WEIGHTS_CACHE.clear()
        distance = rows_distances(game)
        cached = [_WEIGHTS[distance[c]] for c in range(64)]
        cached[0] = 0.0
        _WEIGHTS_CACHE[tops] = cached
    return cached


def _rows_terms(game: Game) -> float:
    """The Constitution sets' terms: :func:`_constitution_terms` where fills are owed
    (the rows below Row 1 hold one card a place), or Lady Cadogan's: each card by how
    soon it is needed, times the cards on it plus its row's distance from Row 1 (the
    profile's ``row_distance`` a row); Row 1's runs; the waste's buried cards; the stock.
    The weights are the profile's (:class:`~game.engine.profile.Evaluation`). Kept lean,
    like Constitution's (tests/search/test_knowledge.py pins both to a plain definition)."""
    weights = game.profile.search.evaluation
    if game.profile.fills_owed:
        return _constitution_terms(game, weights)
    row_distance = weights.row_distance
    run_bonus = weights.row1_run
    piles = game.piles
    weight = _card_weights(game)  # that of an unknown card is 0
    cost = 0.0
    for row in range(4):
        row_cost = row_distance * row
        for t in _ROWS[row]:
            pile = piles[t]
            if pile:
                depth = len(pile) - 1 + row_cost
                for c in pile:
                    cost += weight[c] * depth
                    depth -= 1
                if not row:
                    cost -= run_bonus * _run_length(pile)
    # the waste's cards under its top, each times the cards on it
    waste = piles[game.waste]
    blocked = 0.0
    depth = len(waste) - 1
    for c in waste[:-1]:
        blocked += weight[c] * depth
        depth -= 1
    cost += weights.waste_blocked * blocked
    cost += weights.stock_card * sum(map(weight.__getitem__, piles[game.stock]))
    return -cost


def _constitution_terms(game: Game, weights: Evaluation) -> float:
    """``constitution``'s terms: Lady Cadogan's card terms (each card by how soon it is
    needed, times the cards on it plus its row's distance from Row 1), read one card a
    place in Rows 2–4, which hold no more; a Row 1 pile empty for good when Row 2 is
    empty; and the stock. Kept lean: the searches evaluate nearly every position they
    reach (tests/search/test_knowledge.py pins it to its plain definition)."""
    row_distance = weights.row_distance
    piles = game.piles
    weight = _card_weights(game)
    cost = 0.0
    for t in ROW1:
        pile = piles[t]
        depth = len(pile) - 1
        for c in pile:
            cost += weight[c] * depth
            depth -= 1
    below = False
    for row in (1, 2, 3):
        row_cost = row_distance * row
        for t in _ROWS[row]:
            pile = piles[t]
            if pile:
                cost += weight[pile[0]] * row_cost
                if row == 1:
                    below = True
    if not below:
        cost += weights.empty_row1 * sum(1 for t in ROW1 if not piles[t])
    # the stock's cards by how soon they are needed (unknown cards weigh 0)
    cost += weights.stock_card * sum(map(weight.__getitem__, piles[game.stock]))
    return -cost


#: what the hint's searches in ``constitution`` take off a position's value for each card
#: of :func:`homeless_cards` (not part of :func:`evaluate`, which the solver's searches
#: and their cores share and which stays as it is)
HOMELESS_CARD = 5.0
_ROW1 = row_range(0)
_RANK_OF = [c & 15 for c in range(64)]
_BELOW_ROW1 = range(row_range(1).start, row_range(3).stop)


def homeless_cards(game: Game) -> int:
    """``constitution``: how many of the seen cards in Rows 2-4 (one a place) the Row 1
    piles could not take, each top taking a run down in alternating colours made of them.

    A card below Row 1 leaves its row only upwards, onto a Row 1 top one rank higher of
    the other colour or into a Row 1 space, and each card that leaves lets one stock
    card into play. While the foundations wait for cards still in the stock, the cards
    they do not want yet can only wait in Row 1, on runs; a card with no Row 1 top that
    could ever reach down to it must wait for a space. So a Row 1 space is best filled
    with a card whose run can take many of the cards below (a Jack, a 10, a 9), not with
    a low card that takes two or three and holds the place until its suit climbs to it.
    A relaxation that needs no search: the cards' order and what lies on them is
    ignored, the tops are served highest first and each card of a run is taken from
    what is left. A build from Row 2 onto a Row 1 top leaves the count as it is (the
    card leaves the rows below and the run it joined is one card shorter). Unknown
    cards (a player's view) count for nothing: the count never guesses what they are."""
    piles = game.piles
    # seen cards below Row 1, by rank and colour (the card's code without its black or
    # red suit bit: rank + 32 for a red card)
    below = [pile[0] & 47 for pile in piles[_BELOW_ROW1.start:_BELOW_ROW1.stop] if pile]
    pool = [0] * 48
    for i in below:
        pool[i] += 1
    # an unknown card (code 0) is counted at 0, where no run looks
    seen = len(below) - pool[0]
    tops = [pile[-1] for pile in piles[_ROW1.start:_ROW1.stop] if pile]
    # highest first, equal ranks in place order (a stable sort, reversed stably)
    tops.sort(key=_RANK_OF.__getitem__, reverse=True)
    taken = 0
    for c in tops:
        i = c & 47
        # the run goes down to a 2: the Aces start the foundations
        while i & 15 > 2:
            # one rank lower, the other colour
            i = (i - 1) ^ 32
            if not pool[i]:
                break
            pool[i] -= 1
            taken += 1
    return seen - taken


def _run_length(pile: list[int]) -> int:
    """How many cards at the top of a pile form a run built down in alternate colours."""
    n = 1
    for i in range(len(pile) - 1, 0, -1):
        upper, lower = pile[i], pile[i - 1]
        if upper & 15 == (lower & 15) - 1 and (upper >> 5) != (lower >> 5):
            n += 1
        else:
            break
    return n


def _square_terms(game: Game) -> float:
    piles = game.piles
    distance = square_distances(game)
    w = _WEIGHTS
    cost = 0.0
    spaces = 0
    weights = game.profile.search.evaluation
    wrong_direction = weights.wrong_direction
    for t in game.tableau:
        pile = piles[t]
        if len(pile) < 2:
            # nothing blocked, and no run to go the wrong way
            if not pile:
                spaces += 1
            continue
        cost += _blocked(pile, distance, w)
        direction = game.direction(t)
        top = pile[-1]
        if direction and top:
            # a run going away from its foundation buries what the foundation wants first
            suit_height = len(piles[top >> 4])
            wants_up = suit_height < KING
            if (direction > 0) == wants_up and len(pile) >= 2:
                cost += wrong_direction * (len(pile) - 1)
    cost += weights.waste_blocked * _blocked(piles[game.waste], distance, w)
    return weights.space * spaces - cost
