"""The deals whose way to a win the player was shown, kept in ``ways-shown.json``.

"Where did I go wrong?" names the move that lost a game and shows a winning line. A game
of that deal played again with the way known is a game with help (a hint, in the
statistics: no clean win, no best time, no high score), however much later it is dealt
again. The game knows it within one run of the program; this file carries it to the next
runs, so that closing the window and dealing the same number again does not make a
shown win the player's own.

The file holds the last :data:`WAYS_KEPT` such deals, oldest first, as
``{"kind": "ways-shown", "version": 1, "deals": [["constitution", "123"], ...]}``. A file
that cannot be read is moved aside with a warning, as every data file is: the deals in it
are then forgotten, which only makes a later game of one of them count as the player's
own again.
"""

from __future__ import annotations

from typing import Any

from ..engine import RULE_IDS
from .replay import is_game_number
from .store import Migration, SaveError, Store

WAYS_FILE = "ways-shown.json"
WAYS_KIND = "ways-shown"
WAYS_VERSION = 1
WAYS_MIGRATIONS: dict[int, Migration] = {}
#: the most deals kept (the oldest are forgotten first)
WAYS_KEPT = 500

Deal = tuple[str, str]


def load_ways_shown(store: Store) -> list[Deal]:
    """The deals (rule set, game number) whose way was shown, oldest first; none when
    there is no file, or it is damaged (moved aside, with a warning)."""
    document = store.read_json(WAYS_FILE, WAYS_KIND, WAYS_VERSION, WAYS_MIGRATIONS)
    if document is None:
        return []
    try:
        return _deals(document)
    except ValueError as err:
        store.set_aside(WAYS_FILE, f"{err}; the deals whose way was shown are forgotten")
        return []


def way_was_shown(store: Store, rules: str, game: str) -> bool:
    """Whether the way to win deal ``game`` of ``rules`` was shown in an earlier game."""
    return (rules, game) in load_ways_shown(store)


def remember_way_shown(store: Store, rules: str, game: str) -> bool:
    """Keep deal ``game`` of ``rules`` among those whose way was shown (as the newest);
    False (with a warning) when the file could not be written."""
    deal = (rules, game)
    deals = [d for d in load_ways_shown(store) if d != deal]
    deals.append(deal)
    del deals[:-WAYS_KEPT]
    try:
        store.write_json(WAYS_FILE, WAYS_KIND, WAYS_VERSION, {"deals": [list(d) for d in deals]})
    except SaveError as err:
        store.warn(f"the deals whose way was shown were not saved: {err}")
        return False
    return True


def _deals(document: dict[str, Any]) -> list[Deal]:
    unknown = set(document) - {"kind", "version", "deals"}
    if unknown:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r}")
    raw = document.get("deals", [])
    if not isinstance(raw, list) or len(raw) > WAYS_KEPT:
        raise ValueError(f"'deals' is not a list of at most {WAYS_KEPT} deals")
    deals: list[Deal] = []
    for i, item in enumerate(raw):
        if (not isinstance(item, list) or len(item) != 2 or item[0] not in RULE_IDS
                or not is_game_number(item[1])):
            raise ValueError(f"deals[{i}] is not a rule set and a game number")
        deals.append((item[0], item[1]))
    return deals
