"""Which deal a session plays: a random one (proved winnable on request), a campaign
level, or a recorded game carried on with what was saved beside it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ..engine import Game, new_game, profile_of, random_playable_number
from ..levels import Level, LevelsError, load_campaign, random_winnable
from ..records.replay import Replay
from ..records.saves import load_game_extras
from ..records.scoring import Score
from ..records.store import Store


def random_deal(rules: str, winnable_only: bool) -> tuple[str, str]:
    """A random game number for a new deal, and what to tell the player about it.

    Any random number is one whose deal has a legal move. With ``winnable_only`` the
    number is one the solver proved winnable; when none is known for the rule set, any
    random number, and a message saying so.
    """
    if winnable_only:
        number = random_winnable(rules)
        if number is not None:
            return number, ""
        name = profile_of(rules).short_title
        return random_playable_number(rules), f"No winnable deal is known for {name}: this is a random deal"
    return random_playable_number(rules), ""


def is_deal(game: Game) -> bool:
    """The position is its game number's deal after the moves of its history (so it can
    be recorded as a replay), not a made-up layout."""
    try:
        fresh = new_game(game.rules, game.game)
        for move in game.moves_played:
            fresh.play(move)
    except (ValueError, KeyError):
        return False
    return fresh.piles == game.piles


def level_after(level: Level) -> Level | None:
    """The campaign level after ``level``, or None (the last one, or no campaign)."""
    try:
        levels = load_campaign(level.rules).levels
    except LevelsError:
        return None
    return levels[level.number] if level.number < len(levels) else None


def level_of(replay: Replay, number: object) -> Level | None:
    """The campaign level ``number`` of the replay's rule set, if it is that replay's deal."""
    if not isinstance(number, int):
        return None
    try:
        levels = load_campaign(replay.rules).levels
    except LevelsError:
        return None
    if 1 <= number <= len(levels) and levels[number - 1].game == replay.game:
        return levels[number - 1]
    return None


@dataclass(frozen=True)
class CarriedOn:
    """A recorded game to continue: its position, and (for the saved game in progress)
    the score, level and daily deal saved beside it."""

    replay: Replay
    game: Game
    level: Level | None = None
    daily: datetime.date | None = None
    score: Score | None = None  # None: recomputed from the replay
    assisted: bool = False  # the demo played in it, or it was taken over from a replay
    demo: bool = False  # the demo played a move of it (its win is counted as won by the demo)
    practice: bool = False  # taken over from a replay: never counted in the statistics
    steps: tuple[int, ...] | None = None  # the player's steps for undo; None: a move each


def carry_on(store: Store, replay: Replay, *, saved: bool = False) -> CarriedOn:
    """Read what is needed to play ``replay`` on: with ``saved`` (the saved game in
    progress) its extras too; a missing or damaged extras file means a plain game."""
    extras = load_game_extras(store, replay) if saved else {}
    score = extras.get("score")
    steps = extras.get("steps")
    return CarriedOn(replay, replay.play_out(), level_of(replay, extras.get("level")),
                     extras.get("daily"), score if isinstance(score, Score) else None,
                     extras.get("assisted") is True, extras.get("demo") is True,
                     extras.get("practice") is True,
                     tuple(steps) if isinstance(steps, list) else None)
