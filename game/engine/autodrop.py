"""Which foundation moves are safe to make by themselves (the auto-drop option).

A card is safe to drop only when no other place could ever want it. With two packs
"ever" needs care, so the rules here are deliberately strict:

- Constitution sets: a Row 1 top of rank r may only serve as a base for the rank r−1
  cards of the other colour; when all four of those (two suits × two packs) are already
  on the foundations, nothing can ever build on it. But a suit has two foundations, and
  the other copy of the card may need the same foundation place: so the suit's other
  foundation must also have reached rank r−1 (then either the other copy is up already,
  or both foundations take the card and either copy may go to either). Twos are always
  safe (the Aces start on the foundations). In ``constitution`` a drop that would empty a
  Row 1 pile is left to the player, because the space it opens forces a chain of fills
  whose timing is a real decision; nothing is dropped while a fill is owed.
- Square sets: only in a foundation's downward half (King down to Ace). There the card
  one rank higher is on the foundation in both copies, and the one rank lower goes
  straight to the foundation once this card is there, so keeping the card in the
  tableau can never help. In the upward half the second copy of the card below may need
  this card as a base, so nothing is dropped.
"""

from __future__ import annotations

from .cards import KING, is_red, rank_of
from .constitution import Constitution
from .rows import RowsGame, row_range
from .state import Game, Move


def safe_foundation_move(game: Game) -> Move | None:
    """A foundation move that can never be a mistake, or None."""
    for move in game.legal_moves():
        if move.dst in game.foundations and _is_safe(game, move):
            return move
    return None


def _is_safe(game: Game, move: Move) -> bool:
    moving = game.piles[move.src][-1]
    if isinstance(game, RowsGame):
        if isinstance(game, Constitution):
            if game.owed >= 0:
                return False
            if move.src in row_range(0) and len(game.piles[move.src]) == 1:
                return False
        rank = rank_of(moving)
        if rank <= 2:
            return True
        # the suit's other foundation (f1/f2, f3/f4…) must take the other copy too
        if rank_of(game.piles[move.dst ^ 1][-1]) < rank - 1:
            return False
        for f in game.foundations:
            if is_red(game.foundation_suit(f) * 16 + 1) != is_red(moving):
                if rank_of(game.piles[f][-1]) < rank - 1:
                    return False
        return True
    return len(game.piles[move.dst]) >= KING
