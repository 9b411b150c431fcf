"""A game in progress, below the screen (never imports pygame).

:class:`PlaySession` owns the game, its record, the score, undo and redo in the player's
steps, automatic drops, hints and their charges, the demo's moves and the end of the
game with everything it writes. Each call answers with an :class:`Outcome`, which the
table animates.
"""

from .deals import CarriedOn, carry_on, random_deal
from .outcome import Outcome, Points, WinRecord
from .session import PlaySession, note_way_shown

__all__ = ["CarriedOn", "Outcome", "PlaySession", "Points", "WinRecord", "carry_on", "note_way_shown",
           "random_deal"]
