"""Deals proved winnable, for "winnable deals only" and the daily deal.

The daily deal of a rule set that offers one (its profile's ``daily_deal``) is taken from
its campaign file's ``winnable`` list (n numbers) so that it is the same for everyone with
the same levels files:

- days are numbered by their proleptic ordinal (``date.toordinal()``); they go in cycles of
  n days, and cycle c is a shuffle of the whole list seeded by the text ``"<rules>:<c>"``
  (``random.Random`` seeded with a string, which is the same in every process and on every
  platform), so every winnable deal is the daily deal once per cycle;
- when a cycle would start with the deal that ended the one before, its first two deals
  change places, so two consecutive days never have the same deal (when n > 2; two deals
  simply alternate).
"""

from __future__ import annotations

import datetime
import random
from functools import lru_cache
from pathlib import Path

from ..engine import profile_of
from .campaign import LevelsError, load_campaign


def winnable_numbers(rules: str, folder: Path | None = None) -> list[str]:
    """Every game number of ``rules`` proved winnable by the levels build; [] when the levels
    file is missing or damaged. Raises UnknownRulesError for an unknown rule set.
    ``folder`` is where the campaign files are (default: the repository's ``levels/``)."""
    try:
        return load_campaign(rules, folder).winnable
    except LevelsError:
        return []


def random_winnable(rules: str, rng: random.Random | None = None, *,
                    folder: Path | None = None) -> str | None:
    """A random game number proved winnable, None when none is known."""
    numbers = winnable_numbers(rules, folder)
    if not numbers:
        return None
    return (rng or random.Random()).choice(numbers)


def daily_game(rules: str, day: datetime.date, *, folder: Path | None = None) -> str | None:
    """The daily deal of ``rules`` on ``day`` (see the module docstring), None when no
    winnable deal is known or the rule set offers no daily deal (its profile's
    ``daily_deal``). Raises UnknownRulesError for an unknown rule set."""
    profile = profile_of(rules)
    if not profile.daily_deal:
        return None
    numbers = winnable_numbers(profile.rules, folder)
    if not numbers:
        return None
    cycle, position = divmod(day.toordinal(), len(numbers))
    return numbers[_cycle_order(profile.rules, tuple(numbers), cycle)[position]]


@lru_cache(maxsize=16)
def _cycle_order(rules: str, numbers: tuple[str, ...], cycle: int) -> tuple[int, ...]:
    """The order of the winnable list's indices in one cycle of daily deals."""
    order = _shuffled(rules, len(numbers), cycle)
    if len(order) == 2:
        # the swap below would move a cycle's last deal too: two deals simply alternate
        return (0, 1)
    if len(order) > 2 and order[0] == _shuffled(rules, len(numbers), cycle - 1)[-1]:
        order[0], order[1] = order[1], order[0]
    return tuple(order)


def _shuffled(rules: str, n: int, cycle: int) -> list[int]:
    order = list(range(n))
    random.Random(f"{rules}:{cycle}").shuffle(order)
    return order
