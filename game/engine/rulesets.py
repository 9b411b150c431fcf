"""The four rule sets by their stable ids, and the way to start a game of one."""

from __future__ import annotations

from typing import Any

from .cadogan import Cadogan
from .constitution import Constitution
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
            f"unknown rule set {quoted(rules)}: choose one of {', '.join(RULE_IDS)}"
        ) from None


def profile_of(rules: str) -> RuleProfile:
    """The profile of a rule set id; raises UnknownRulesError listing the four ids."""
    return rules_class(rules).profile


def new_game(rules: str, game: str | int) -> Game:
    """The opening position of game number ``game`` in rule set ``rules``."""
    return rules_class(rules).deal(game)


def game_from_layout(layout: dict[str, Any]) -> Game:
    """A position from the JSON of RULES.md, whatever its rule set."""
    if not isinstance(layout, dict):
        raise LayoutError("a layout must be a JSON object")
    try:
        cls = rules_class(str(layout.get("rules")))
    except UnknownRulesError as err:
        raise LayoutError(str(err)) from None
    return cls.from_layout(layout)
