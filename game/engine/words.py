"""Messages about moves and places for the screen, in a player's words.

A player reads cards as ``8♣`` and places as the rule set's profile names them (``Row 2,
pile 4``, ``pile 11``, ``the waste``, ``the ♥ foundation``); the move notation of docs/rules.md
(``r2c3-f5``) is for files and the command line. Someone who writes replays by hand may
ask to see the notation as well: then it follows the words in square brackets, so the
words always come first and read the same either way.
"""

from __future__ import annotations

from .cards import card_pretty
from .state import Game, Move


def sentence(words: str) -> str:
    """``words`` begun with a capital, as a message on its own (the engine's reasons are
    written to follow ``MOVE:`` and begin in lower case)."""
    return words[:1].upper() + words[1:]


def with_notation(words: str, notation: str, show: bool) -> str:
    """``words``, followed by ``[notation]`` when the player shows the notation."""
    return f"{words} [{notation}]" if show and notation else words


def move_words(game: Game, move: Move, *, card: int | None = None, notation: bool = False,
               short: bool = False) -> str:
    """A move of ``game``'s position in words: ``7♥ from Row 2, pile 3 to the ♥ foundation``.

    ``card`` is the card that moves; by default the top card of the move's source, except
    that a stock card is not named (the player has not seen it): ``the next stock card to
    the waste``. A replay, which has seen every card, passes the card it moved. ``short``
    leaves out where a card in sight comes from (``7♥ to the ♥ foundation``), for a line
    with little room whose card the table shows.
    """
    src, dst = move
    if card is None and src != game.stock and game.piles[src]:
        card = game.piles[src][-1]
    if short and card is not None and src != game.stock:
        words = game.profile.card_to_place_words(card, dst)
    else:
        words = game.profile.move_words(src, dst, card)
    return with_notation(words, game.move_text(move), notation)


def refusal_words(game: Game, move: Move, reason: str, *, notation: bool = False) -> str:
    """Why ``move`` was refused, as a message: the engine's reason (which names cards and
    places in a player's words) begun with a capital."""
    return with_notation(sentence(reason), game.move_text(move), notation)


def fill_words(game: Game, *, notation: bool = False) -> str:
    """What the player must do while a fill is owed (``constitution``): ``Fill the space in
    Row 1, pile 4 from Row 2``; empty when no fill is owed."""
    owed = game.owed_space()
    if owed is None:
        return ""
    profile = game.profile
    source = profile.short_place_words(game.fill_sources()[0])
    words = f"Fill the space in {profile.place_words(owed)} from {source}"
    return with_notation(words, game.place_name(owed), notation)


def foundation_words(game: Game, index: int, count: int | None = None) -> str:
    """Which way foundation ``index`` is going when it holds ``count`` cards (by default
    those it holds), the card it takes next and how far along it is: ``The ♣ foundation
    is coming down: 9♣ next (17 of 26 cards)``; empty where it has no direction to tell
    (:meth:`~.state.Game.foundation_direction`)."""
    if count is None:
        count = len(game.piles[index])
    way = game.foundation_direction(index, count)
    if not way:
        return ""
    sequence = game.foundation_sequence(game.foundation_suit(index))
    following = card_pretty(sequence[count])
    if count and sequence[count] == sequence[count - 1]:
        following = f"the second {following}"
    going = "going up" if way > 0 else "coming down"
    return (f"{sentence(game.profile.place_words(index))} is {going}: {following} next "
            f"({count} of {len(sequence)} cards)")


def game_named(title: str, number: str, moves: int, dealt: str = "") -> str:
    """A game as the player knows it: "British Constitution #35, 69 moves"; with what it
    was ``dealt`` as, "British Constitution level 3, #35, 69 moves"."""
    kind = f"{dealt}, " if dealt else ""
    return f"{title} {kind}#{number}, {moves} move{'' if moves == 1 else 's'}"
