"""The rules of the four rule sets: pure Python, never imports pygame."""

from .cards import card_pretty, card_text, parse_card
from .deals import GameNumberError, GameRangeError, parse_game_number, random_game_number
from .profile import Layout, RuleProfile
from .rulesets import (
    RULE_IDS,
    RULESETS,
    UnknownRulesError,
    game_from_layout,
    new_game,
    profile_of,
    random_playable_number,
    rules_class,
)
from .state import Game, IllegalMove, LayoutError, Move, Place, Transfer

__all__ = [
    "RULESETS", "RULE_IDS", "Game", "GameNumberError", "GameRangeError", "IllegalMove", "Layout",
    "LayoutError", "Move", "Place", "RuleProfile", "Transfer", "UnknownRulesError", "card_pretty",
    "card_text", "game_from_layout", "new_game", "parse_card", "parse_game_number", "profile_of",
    "random_game_number", "random_playable_number", "rules_class",
]
