"""Levels: campaigns of deals proved winnable, ordered easy to hard, with par; the winnable
deals and the daily deal. Pure Python, never imports pygame.

The campaign files live in the repository's ``levels/`` folder, made by ``main.py levels
build`` (:mod:`game.levels.build`) and checked by ``main.py levels check``.
"""

from .campaign import Campaign, Level, LevelsError, clear_cache, load_campaign
from .daily import daily_game, random_winnable, winnable_numbers

__all__ = ["Campaign", "Level", "LevelsError", "clear_cache", "daily_game", "load_campaign",
           "random_winnable", "winnable_numbers"]
