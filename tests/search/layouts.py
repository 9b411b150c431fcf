"""Small positions with a known answer, built as docs/rules.md layouts (all cards present,
most of them on the foundations)."""

from __future__ import annotations

import random
from typing import Any

from game.engine import Game, game_from_layout
from game.engine.cards import JACK, KING, RANK_TEXT, SUIT_LETTERS, card_text
from game.search.knowledge import PositionHash


def _name(suit: int, rank: int) -> str:
    return RANK_TEXT[rank] + SUIT_LETTERS[suit]


def rows_layout(rules: str, heights: dict[int, int], row1: list[list[str]], *,
                extra: dict[str, Any] | None = None) -> Game:
    """A Constitution-set position: foundation ``f`` (0-7) holds Ace up to rank
    ``heights.get(f, JACK)``; Row 1 piles as given (bottom to top); everything else empty."""
    foundations = [[_name(f // 2, r) for r in range(1, heights.get(f, JACK) + 1)] for f in range(8)]
    rows = [[[] for _ in range(8)] for _ in range(4)]
    for i, pile in enumerate(row1):
        rows[0][i] = pile
    layout: dict[str, Any] = {"rules": rules, "game": "1", "foundations": foundations,
                              "tableau": rows, "waste": [], "stock": []}
    layout.update(extra or {})
    return game_from_layout(layout)


def square_layout(rules: str, heights: dict[int, int], tableau: list[list[str]], *,
                  waste: list[str] | None = None, stock: list[str] | None = None) -> Game:
    """A Square-set position: foundation ``f`` (0-3) holds the first ``heights.get(f, 26)``
    cards of its A…K, K…A sequence; the tableau piles as given (padded with empty ones)."""
    foundations = []
    for f in range(4):
        sequence = [_name(f, r) for r in range(1, KING + 1)]
        sequence += sequence[::-1]
        foundations.append(sequence[: heights.get(f, 26)])
    count = 4 if rules == "square" else 16
    piles = [list(p) for p in tableau] + [[] for _ in range(count - len(tableau))]
    return game_from_layout({"rules": rules, "game": "1", "foundations": foundations,
                             "tableau": piles, "waste": waste or [], "stock": stock or []})


def contested_copy(rules: str) -> Game:
    """A position of both Constitution sets where a safe-looking drop loses: hearts
    foundations at 6 and 4, the two 7♥ on Row 1, one on J♥ (``r1c1``) and one alone
    (``r1c2``), the 5♥ and 6♥ that the lower foundation needs on Row 2. Nothing can
    build on a 7♥ (the black 6s are up), yet only ``r1c2-f5`` wins (in 19 moves): it
    frees a place in Row 1 for the 5♥ and 6♥. ``r1c1-f5`` takes the place the other 7♥
    needed and leaves no legal move."""
    rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    rows[0] = [["JH", "7H"], ["7H"], ["9H"], ["9H"], ["10H"], ["10H"], ["JH"], ["JD"]]
    rows[1][:5] = [["5H"], ["6H"], ["8H"], ["8H"], ["10D"]]
    return rows_layout(rules, {4: 6, 5: 4, 7: 9}, [], extra={"tableau": rows})


def random_endgame(rules: str, rng: random.Random, in_play: int) -> Game:
    """A small hand-made end of a game: one to three suits not yet home, about
    ``in_play`` of their cards left in play (each foundation at a random height, so
    that in the Constitution sets a suit's two foundations often differ), the cards
    dealt at random over the places (Row 1 piles need not be runs, half of them go
    from high to low ranks; in ``constitution`` the rows fill from the top), the stock
    known."""
    rows = rules.startswith("constitution")
    sequences = []
    for suit in range(4):
        up = [suit * 16 + r for r in range(1, (JACK if rows else KING) + 1)]
        sequences.append([up, up] if rows else [up + up[::-1]])
    heights = [[len(seq) for seq in sequences[s]] for s in range(4)]
    cards: list[int] = []
    left = in_play
    for suit in rng.sample(range(4), rng.randint(1, 3)):
        for i, seq in enumerate(sequences[suit]):
            if left > 0:
                heights[suit][i] = rng.randint(max(len(seq) - left, 1 if rows else 0), len(seq))
                cards += seq[heights[suit][i]:]
                left -= len(seq) - heights[suit][i]
    rng.shuffle(cards)
    places = 32 if rows else 4 if rules == "square" else 16
    piles: list[list[int]] = [[] for _ in range(places)]
    waste: list[int] = []
    stock: list[int] = []
    if rules == "constitution":
        # as play leaves them: a space only where the rows below are empty (it stays
        # empty for good). Either only some Row 1 places hold cards, or the cards go
        # first to Row 1's places, then to Rows 2, 3 and 4 in turn, then to the stock,
        # two in five onto a Row 1 pile instead
        used = rng.randint(1, 8)
        spaces = rng.sample(range(8), used) + (list(range(8, 32)) if used == 8 else [])
        for c in cards:
            if spaces and (spaces[0] < 8 or rng.random() < 0.6):
                piles[spaces.pop(0)].append(c)
            elif used < 8 or rng.random() < 0.67:
                piles[rng.choice([i for i in range(8) if piles[i]])].append(c)
            else:
                stock.append(c)
        cards = []
    for c in cards:
        where = rng.random()
        if where < 0.5:
            # Row 1, or a Square column, or one of the first eight Union Square piles
            piles[rng.randrange(8 if rows or places == 16 else 4)].append(c)
        elif rows and where < 0.85:
            # Lady Cadogan's Rows 2 to 4, Row 2 most often
            piles[rng.choice((8, 8, 8, 16, 24)) + rng.randrange(8)].append(c)
        elif where < 0.9:
            waste.append(c)
        else:
            stock.append(c)
    if rows:
        # half the Row 1 piles high to low, as the runs built in play are
        for pile in piles[:8]:
            if rng.random() < 0.5:
                pile.sort(key=lambda c: -(c & 15))

    def names(pile: list[int]) -> list[str]:
        return [card_text(c) for c in pile]

    foundations = [names(seq[:h]) for s in range(4) for seq, h in zip(sequences[s], heights[s], strict=True)]
    tableau: list[Any] = [names(p) for p in piles]
    if rows:
        tableau = [tableau[r * 8:(r + 1) * 8] for r in range(4)]
    layout: dict[str, Any] = {"rules": rules, "game": "1", "foundations": foundations,
                              "tableau": tableau, "waste": names(waste), "stock": names(stock)}
    if rules == "square":
        layout["dealt"] = [_random_dealt(p, rng) for p in piles]
    return game_from_layout(layout)


def _random_dealt(column: list[int], rng: random.Random) -> int:
    """How many of a Square column's cards were dealt: at least all but its top run (a
    suit's cards one rank apart in one direction), at random."""
    run = 1
    while run < len(column) and column[-run] - column[-run - 1] == column[-1] - column[-2] in (1, -1):
        run += 1
    return rng.randint(len(column) - run + 1, len(column)) if column else 0


def winnable(game: Game, limit: int = 300_000) -> bool | None:
    """Whether ``game`` can be won, by an exhaustive search of every position reachable
    from it (no forced moves, no pruning, no dead-position test); None when there are
    more than ``limit``."""
    g = game.clone()
    if g.is_won():
        return True
    hasher = PositionHash(g)
    seen = {hasher.key()}
    stack = [iter(g.legal_moves())]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                g.undo()
                hasher.undone()
            continue
        hasher.played(g.play_legal(move))
        key = hasher.key()
        if key in seen:
            g.undo()
            hasher.undone()
            continue
        seen.add(key)
        if g.is_won():
            return True
        if len(seen) > limit:
            return None
        stack.append(iter(g.legal_moves()))
    return False


def thrown_away_base() -> Game:
    """A ``constitution`` position of deal 13 (the solver's winning line played 58 moves,
    then the hint's first move 25 times): the hint drops 4♠ (``r1c7-f4``), which loses,
    where building it on 5♦ (``r1c7-r1c1``) still wins. The 4♠ is the only black 4 the
    3♦ of ``r1c3`` can go onto, and moving that 3♦ opens the Row 1 space through which
    the buried 2♦s (in the stock) can climb. The stock is the deal's real one."""
    return game_from_layout({
        "rules": "constitution", "game": "13",
        "foundations": [["AC", "2C", "3C", "4C"], ["AC"], ["AS", "2S", "3S", "4S", "5S", "6S"],
                        ["AS", "2S", "3S"], ["AH", "2H"], ["AH"], ["AD"], ["AD"]],
        "tableau": [
            [["5D"], ["10S", "9D"], ["3D"], ["9S", "8H", "7C", "6D", "5C", "4H"], ["9H", "8C", "7H"], ["4H"],
             ["5H", "4S"], ["6S", "5H"]],
            [["7D"], ["6H"], ["8C"], ["9C"], ["5C"], ["JS"], ["7H"], ["9S"]],
            [["8D"], ["9D"], ["JS"], ["JH"], ["8H"], ["7D"], ["8D"], ["2H"]],
            [["JC"], ["10H"], ["10D"], ["10H"], ["10C"], ["JD"], ["10D"], ["JC"]]],
        "waste": [],
        "stock": ["3H", "10C", "9C", "6H", "4C", "4D", "7S", "6C", "9H", "4D", "2D", "6C", "7S", "2C", "JD",
                  "3C", "8S", "2D", "8S", "3D", "5D", "10S", "5S", "3H", "JH", "6D", "7C"]})
