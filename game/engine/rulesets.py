"""The four rule sets by their stable ids, and the way to start a game of one."""

from __future__ import annotations

import difflib
import random
import re
from typing import Any

from .cadogan import Cadogan
from .constitution import Constitution
from .deals import random_game_number
from .echo import quoted
from .profile import RuleProfile
from .square import Square
from .state import Game, LayoutError
from .union_square import UnionSquare

RULESETS: dict[str, type[Game]] = {
    cls.rules: cls for cls in (Constitution, Cadogan, Square, UnionSquare)
}
RULE_IDS = tuple(RULESETS)


class UnknownRulesError(ValueError):
    """A rule set id that is not one of the four."""


def rules_class(rules: str) -> type[Game]:
    """The Game class of a rule set id; raises UnknownRulesError listing the four ids."""
    try:
        return RULESETS[rules.strip().lower()]
    except (KeyError, AttributeError):
        raise UnknownRulesError(
            f"unknown rule set {quoted(rules)}{_did_you_mean(rules)}: choose one of {', '.join(RULE_IDS)}"
        ) from None


def _did_you_mean(rules: object) -> str:
    """" (did you mean constitution-cadogan?)" where the text is part of one rule set's id
    alone ("cadogan", "union") or begins one alone ("squar"), or one id is close to it:
    its words joined by anything ("constitution_cadogan", "union square") or a letter or
    two amiss ("consitution"); else nothing."""
    text = rules.strip().lower() if isinstance(rules, str) else ""
    text = "-".join(re.split(r"[\s_.]+", text)) if len(text) >= 3 else ""
    like = [r for r in RULE_IDS if text and text in r]
    if len(like) > 1 and len(text) >= 4:  # "squar": the id it begins, not the one it ends
        like = [r for r in like if r.startswith(text)]
    if not like:
        like = difflib.get_close_matches(text, RULE_IDS, n=2, cutoff=0.8)
    return f" (did you mean {like[0]}?)" if len(like) == 1 else ""


def profile_of(rules: str) -> RuleProfile:
    """The profile of a rule set id; raises UnknownRulesError listing the four ids."""
    return rules_class(rules).profile


def new_game(rules: str, game: str | int) -> Game:
    """The opening position of game number ``game`` in rule set ``rules``."""
    return rules_class(rules).deal(game)


#: how many random numbers :func:`random_playable_number` tries before it gives up the
#: search (about one constitution deal in 900 has no legal move at the deal)
_PLAYABLE_TRIES = 200


def random_playable_number(rules: str, rng: random.Random | None = None) -> str:
    """A random game number (as :func:`random_game_number`) whose deal has a legal move:
    a new random deal is never one that is lost before the player's first move, as about
    one ``constitution`` deal in 900 is. Numbered deals are unchanged; only the random
    pick skips those."""
    cls = rules_class(rules)
    number = random_game_number(rng)
    for _ in range(_PLAYABLE_TRIES):
        if cls.deal(number).legal_moves():
            break
        number = random_game_number(rng)
    return number


def game_from_layout(layout: dict[str, Any]) -> Game:
    """A position from the JSON of docs/rules.md, whatever its rule set."""
    if not isinstance(layout, dict):
        raise LayoutError("a layout must be a JSON object")
    try:
        cls = rules_class(str(layout.get("rules")))
    except UnknownRulesError as err:
        raise LayoutError(str(err)) from None
    return cls.from_layout(layout)
