"""Positions for tests and pictures: a few moves from a win, lost, or in a dead end.

They are real positions of each rule set, played by the engine: tests drive the table and
the session through them, and ``main.py screenshot`` photographs them.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from ..engine import Game, Move, rules_class
from ..engine.cards import parse_card

#: the keys of a layout that every rule set has (docs/rules.md's JSON)
PLAIN_LAYOUT = ("rules", "game", "foundations", "tableau", "waste", "stock")


def near_won_position(rules: str) -> tuple[Game, list[str]]:
    """A position a few moves from a win, and the moves (in notation) that win it: the
    rule set's :class:`~game.engine.profile.NearWon`, which exercises its special moves.

    Raises ValueError when the rule set has none."""
    cls = rules_class(rules)
    near = cls.profile.near_won
    if near is None:
        raise ValueError(f"{cls.title} has no position near a win to show")
    probe = cls([[] for _ in cls.places], "1")
    for f, height in zip(cls.foundations, near.foundations, strict=True):
        probe.piles[f] = probe.foundation_sequence(probe.foundation_suit(f))[:height]
    for name, cards in near.places.items():
        probe.piles[probe.place_index(name)] = [parse_card(c) for c in cards]
    # What a rule set remembers beyond the cards (how many of a column's cards were
    # dealt) is left out, so the layout takes the cards as dealt where they lie.
    layout = probe.to_layout()
    return cls.from_layout({key: layout[key] for key in PLAIN_LAYOUT}), near.moves.split()


def lost_position(game: Game, seed: int = 7, limit: int = 3000, tries: int = 12) -> Game:
    """Play random legal moves (never straight back) from ``game`` until it is lost,
    with random players of seeds ``seed``, ``seed + 1``… in turn until one loses.

    Returns the lost game (``game`` itself when the first player loses; a copy with the
    moves played otherwise). Raises ValueError if none of ``tries`` players loses
    within ``limit`` moves.
    """
    return _played_until(game, Game.is_lost, seed, limit, tries,
                         "no lost position came up from this deal; pass --moves that lose")


def dead_end_position(game: Game, seed: int = 7, limit: int = 3000, tries: int = 12) -> Game:
    """As :func:`lost_position`, until the game is in a dead end ("No way to win": moves
    are left, and none can ever bring a card home; :func:`game.search.dead_end.dead_end`)."""
    from ..search.dead_end import dead_end

    return _played_until(game, dead_end, seed, limit, tries,
                         "no dead end came up from this deal; pass --moves that lead into one")


def _played_until(game: Game, there: Callable[[Game], bool], seed: int, limit: int, tries: int,
                  failure: str) -> Game:
    """Random players of seeds ``seed``, ``seed + 1``… play from ``game`` (the first one
    on ``game`` itself) until one reaches a position where ``there`` holds."""
    start = copy.deepcopy(game)
    for attempt in range(tries):
        trial = game if attempt == 0 else copy.deepcopy(start)
        rng = random.Random(seed + attempt)
        last: Move | None = None
        for _ in range(limit):
            if there(trial):
                return trial
            if trial.is_lost():
                break
            moves = [m for m in trial.legal_moves()
                     if last is None or (m.src, m.dst) != (last.dst, last.src)]
            if not moves:
                moves = trial.legal_moves()
            if not moves:
                break
            last = rng.choice(moves)
            trial.play(last)
        if there(trial):
            return trial
    raise ValueError(failure)
