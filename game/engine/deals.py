"""Game numbers, exactly as PySolFC turns them into shuffled packs.

See ``docs/pysolfc-deals.md``: a number from 1 to 31999 (or PySolFC's ``msN`` form) seeds the
Microsoft-compatible ``LCRandom31``; a larger number seeds ``MTRandom`` (Python's Mersenne
Twister). The shuffle is pysol-cards' own Fisher–Yates, drawn from the end of the list.
"""

from __future__ import annotations

import random
import re

from pysol_cards.random import LCRandom31, MTRandom

from .cards import ACE, full_pack, rank_of, suit_of
from .echo import quoted

MAX_GAME_NUMBER = 10**20 - 1
LC_LIMIT = 32000
MS_MAX = (1 << 33) - 1

_MS_FORM = re.compile(r"ms([0-9]+)\Z")
_IGNORED = re.compile(r"[\s#\-_.,]")


class GameNumberError(ValueError):
    """A game number that is not a whole number from 1 to 10^20 - 1 (or ``msN``). The
    message names the number typed and says why (``game number '0': it must be at least
    1``); :attr:`reason` is the why alone, for a screen that names the number otherwise."""

    #: why the text is no game number, without the text (the message's end)
    reason: str = ""


class GameRangeError(GameNumberError):
    """A game number written like a range of them (``12-13``): PySolFC ignores the ``-``
    and deals game 1213, which is surely not what was meant, so it is refused."""


def _refused(shown: str, reason: str, kind: type[GameNumberError] = GameNumberError) -> GameNumberError:
    """The error of kind ``kind`` for the quoted text ``shown`` that is no game number,
    and why."""
    error = kind(f"game number {shown}: {reason}")
    error.reason = reason
    return error


#: why a number of more digits than the largest game number has is refused
TOO_LONG = f"it must be at most {MAX_GAME_NUMBER} (20 digits)"


def parse_game_number(text: str | int) -> str:
    """Clean a typed game number as PySolFC does and return its canonical text.

    ``"#12,345"`` gives ``"12345"``; ``"ms5"`` gives ``"5"`` (the same deal here), and
    so do ``"ms 5"`` and ``"#ms5"``, which PySolFC refuses;
    ``"ms40000"`` stays ``"ms40000"`` (a Microsoft-generator deal of its own).
    Raises GameNumberError with a message a player understands; GameRangeError where
    PySolFC differs, for a ``-`` between digits (``12-13``, ``#1,001-#1,002``).
    """
    raw = str(text)
    shown = quoted(raw)
    cleaned = raw.strip()
    if cleaned.startswith("-"):
        raise _refused(shown, "it must be at least 1 (not negative)")
    if cleaned.endswith("L"):
        cleaned = cleaned[:-1]
    cleaned = _IGNORED.sub("", cleaned.lower())
    if not cleaned:
        raise _refused(shown, f"it is empty (type a number from 1 to {MAX_GAME_NUMBER})")
    if _dash_between_digits(raw):
        raise _refused(shown, "type one game number (a '-' between digits reads as a range of games)",
                       GameRangeError)
    # PySolFC reads ``ms5`` alone; ``ms 5``, ``#ms5`` or ``ms12,345`` can only mean the same
    if cleaned == "ms":
        raise _refused(shown, f"an ms number needs its digits (ms1 to ms{MS_MAX})")
    match = _MS_FORM.match(cleaned)
    if match:
        digits = match.group(1).lstrip("0")
        # int() of thousands of digits is refused by Python itself: judge the length first
        if not digits or len(digits) > len(str(MS_MAX)) or int(digits) > MS_MAX:
            raise _refused(shown, f"an ms number must be from ms1 to ms{MS_MAX}")
        n = int(digits)
        return str(n) if n < LC_LIMIT else f"ms{n}"
    if not cleaned.isascii() or not cleaned.isdigit():
        raise _refused(shown, "only the digits 0 to 9 are allowed (spaces, '#', ',', '.' and '_' "
                              "are left out)")
    digits = cleaned.lstrip("0")
    if not digits:
        raise _refused(shown, "it must be at least 1")
    if len(digits) > len(str(MAX_GAME_NUMBER)):
        raise _refused(shown, TOO_LONG)
    return str(int(digits))


#: a ``-`` with a digit somewhere before it and another somewhere after
_DASH_BETWEEN_DIGITS = re.compile(r"\d.*[-\u2013\u2014].*\d", re.DOTALL)


def _dash_between_digits(text: str) -> bool:
    """Whether a ``-`` (or an en or em dash) stands between two digits of ``text``
    (``12-13``, ``#1,001-#1,002``, ``12–13``)."""
    return _DASH_BETWEEN_DIGITS.search(text) is not None


def shuffled_pack(game: str, max_rank: int) -> list[int]:
    """Two packs of ranks 1..max_rank, shuffled for this canonical game number.

    The list is PySolFC's talon, bottom to top: the last card is dealt first.
    """
    cards = full_pack(max_rank) * 2
    if game.startswith("ms"):
        generator: LCRandom31 | MTRandom = LCRandom31(int(game[2:]))
    else:
        n = int(game)
        generator = LCRandom31(n) if n < LC_LIMIT else MTRandom(n)
    generator.shuffle(cards)
    return cards


def constitution_pack(game: str) -> list[int]:
    """PySolFC game 391's talon: 88 cards, the eight aces moved to the top.

    The aces end the list as D D H H S S C C, so the clubs are dealt first. Which pack an
    ace came from does not matter here (copies are interchangeable), so only the suit
    order of PySolFC's ace sort survives.
    """
    pack = shuffled_pack(game, max_rank=11)
    others = [c for c in pack if rank_of(c) != ACE]
    aces = sorted((c for c in pack if rank_of(c) == ACE), key=suit_of, reverse=True)
    return others + aces


def square_pack(game: str) -> list[int]:
    """PySolFC game 35's talon: 104 cards, no reordering after the shuffle."""
    return shuffled_pack(game, max_rank=13)


def random_game_number(rng: random.Random | None = None) -> str:
    """A new game number the way PySolFC picks one: a 16- to 20-digit number."""
    r = rng or random.SystemRandom()
    return str(r.randint(10**15, MAX_GAME_NUMBER))
