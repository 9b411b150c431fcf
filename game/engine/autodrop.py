"""The auto-drop option: the foundation move it plays by itself.

A card is dropped only when no other place could ever want it, nor another card its
place on the foundation. With two packs "ever" needs a real argument, so the rule is
strict, and it is the rule set's own (:meth:`~.state.Game.safe_drop`, which the
searches use too; the argument per rule family is in :meth:`.rows.RowsGame.safe_drop`
and :meth:`.squares.SquareGame.safe_drop`):

- Constitution sets: a Row 1 top of rank r, when the four rank r−1 cards of the other
  colour (two suits × two packs), the only cards that could build on it, are all on the
  foundations, and the suit's other foundation has reached rank r−1 too (a suit has two
  foundations, and while the other one is lower, the other copy of the card may need
  the very place this one would take). Twos always (the Aces start on the foundations).
  In ``constitution`` a drop that would empty a Row 1 pile is left to the player, because
  the space it opens forces a chain of fills whose timing is a real decision; nothing is
  dropped while a fill is owed.
- Square sets: only in a foundation's downward half (King down to Ace). There the card
  one rank higher is on the foundation in both copies, and the one rank lower goes
  straight to the foundation once this card is there, so keeping the card in the
  tableau can never help. In the upward half the second copy of the card below may need
  this card as a base, so nothing is dropped.
"""

from __future__ import annotations

from .state import Game, Move


def safe_foundation_move(game: Game) -> Move | None:
    """A foundation move that can never be a mistake, or None."""
    return game.safe_drop(game.legal_moves())
