"""Cards as small integers.

Both packs hold the same 52 cards, and the copies are interchangeable for every rule,
so a card is just its suit and rank: ``code = suit * 16 + rank``. Suits follow PySolFC's
order (0 clubs, 1 spades, 2 hearts, 3 diamonds); ranks run 1 (Ace) to 13 (King).
Code 0 is a card the player cannot see (a face-down stock card in the player's view).
"""

from __future__ import annotations

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3
SUITS = (CLUBS, SPADES, HEARTS, DIAMONDS)
SUIT_LETTERS = "CSHD"
SUIT_SYMBOLS = "♣♠♥♦"
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_TEXT = ("?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "?", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
)

UNKNOWN = 0


def card(suit: int, rank: int) -> int:
    """The code of the card of that suit and rank."""
    return suit * 16 + rank


def suit_of(code: int) -> int:
    """The suit of a card code (0 clubs, 1 spades, 2 hearts, 3 diamonds)."""
    return code >> 4


def rank_of(code: int) -> int:
    """The rank of a card code (1 Ace … 13 King; 0 for an unknown card)."""
    return code & 15


def is_red(code: int) -> bool:
    """Hearts and diamonds are red; clubs and spades are black."""
    return code >> 4 >= HEARTS


def card_text(code: int) -> str:
    """A card in the notation of docs/rules.md: ``AC``, ``10H``, ``QS``; ``??`` if unknown."""
    if code == UNKNOWN:
        return "??"
    return RANK_TEXT[code & 15] + SUIT_LETTERS[code >> 4]


def card_pretty(code: int) -> str:
    """A card with its suit symbol, for people: ``10♥``."""
    if code == UNKNOWN:
        return "??"
    return RANK_TEXT[code & 15] + SUIT_SYMBOLS[code >> 4]


def parse_card(text: str) -> int:
    """Read ``AC``, ``10h``, ``qs`` (also ``T`` for ten). Raises ValueError with the reason."""
    t = text.strip().upper()
    if len(t) < 2 or t[-1] not in SUIT_LETTERS:
        raise ValueError(f"{text!r} is not a card (write rank then suit, like 10H or QS)")
    rank_part = "10" if t[:-1] == "T" else t[:-1]
    try:
        rank = RANK_TEXT.index(rank_part, 1)
    except ValueError:
        raise ValueError(f"{text!r} is not a card (unknown rank {t[:-1]!r})") from None
    return card(SUIT_LETTERS.index(t[-1]), rank)


def rank_with_article(rank: int) -> str:
    """``an Ace``, ``a 7``, ``an 8``, ``a Jack`` — for reasons shown to a player."""
    name = RANK_NAMES[rank]
    return ("an " if name[0] in "A8" else "a ") + name


def full_pack(max_rank: int) -> list[int]:
    """One pack in PySolFC's order (suit by suit, rank ascending), ranks 1..max_rank."""
    return [card(s, r) for s in SUITS for r in range(1, max_rank + 1)]


def _alternate_below() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = []
    for code in range(64):
        rank = code & 15
        if code >> 4 > 3 or rank < 2 or rank > 13:
            table.append(())
            continue
        others = (HEARTS, DIAMONDS) if not is_red(code) else (CLUBS, SPADES)
        table.append(tuple(card(s, rank - 1) for s in others))
    return tuple(table)


#: For each card code, the two cards one rank lower of the other colour (what builds on it).
ALTERNATE_BELOW = _alternate_below()
