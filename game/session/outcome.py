"""What a call on a play session answers: small immutable records the screen acts on.

A :class:`PlaySession` never draws and never waits: each call changes the game at once
and returns an :class:`Outcome` saying what happened (the card transfers to animate, in
order; the score's changes and where they happened; the result), or why nothing did.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Transfer
from ..records.replay import IN_PROGRESS
from ..records.scoring import ScoreEvent


@dataclass(frozen=True)
class Points:
    """One change of the score, and where it happened: the foundation its cards reached,
    or None for the score itself (a hint, an undo, the time bonus)."""

    events: tuple[ScoreEvent, ...]
    place: int | None = None

    @property
    def total(self) -> int:
        """The points of the change (negative for a penalty)."""
        return sum(e.points for e in self.events)


@dataclass(frozen=True)
class Outcome:
    """What one call on the session did.

    ``moved`` is True when the position changed (a move, an undo, a redo): the screen
    then animates ``transfers`` in order. ``points`` are the score's changes in the order
    they happened. ``result`` is ``won``, ``lost`` or ``in progress`` afterwards.
    ``refused`` says, in a player's words, why nothing happened (empty when something did,
    or when there was nothing worth saying). ``note`` is what the player should know of
    what did happen beyond the cards (the game now counts as helped), or empty.
    """

    transfers: tuple[Transfer, ...] = ()
    points: tuple[Points, ...] = ()
    result: str = IN_PROGRESS
    moved: bool = False
    refused: str = ""
    note: str = ""


@dataclass
class WinRecord:
    """What a win added to the player's records, for the win dialog."""

    score: int = 0
    time_bonus: int = 0
    stars: int = 0  # 0 outside level mode
    #: the level's best before this win, when it beat this win's stars: the stars and
    #: score the level keeps (0 and None otherwise)
    kept_stars: int = 0
    kept_score: int | None = None
    unlocked: bool = False  # the win unlocked the next level
    rank: int | None = None  # place in the rule set's high-score table
    level_rank: int | None = None  # place in the level's table
    assisted: bool = False  # the demo, a replay taken over or the analysis helped: no high-score table
    #: the demo had played a move of the game when it was first won: the statistics count
    #: that win as won by the demo (a win undone, then won again, is counted as it was first)
    demo: bool = False
    #: a practice game (taken over from a replay): the statistics do not count it
    practice: bool = False
    notes: list[str] = field(default_factory=list)  # records that could not be saved
