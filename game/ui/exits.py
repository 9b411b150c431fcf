"""Leaving the table: asking first when a game in progress would be given up, and going
to the menu, the levels screen or the rules.

Giving a game up ends it in its play session (counted as abandoned, or lost when no move
was left) before the table is left, so every way out writes the same records.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import TableScene


class TableExits:
    """The ways out of one table, and the questions asked before them."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def ask_restart(self) -> None:
        """Restart, asking first if that would throw away a game in progress."""
        self._confirm_then("Restart this deal?", "The moves you made will be lost.", "Restart",
                           self.table.restart)

    def ask_new_deal(self) -> None:
        """New deal, asking first if a game is in progress."""
        self._confirm_then("Start a new deal?", "The game in progress will be abandoned.",
                           "New deal", self.table.new_deal)

    def ask_menu(self) -> None:
        """Back to the menu, asking first if a game is in progress."""
        self._confirm_then("Leave this game?", "The game in progress will be abandoned.",
                           "Leave", self.go_to_menu)

    def _confirm_then(self, title: str, words: str, yes: str, action: Callable[[], None]) -> None:
        table = self.table
        table.gestures.cancel()
        if not table.session.in_progress:
            action()
            return
        from .dialogs import confirm_dialog

        table.app.push(confirm_dialog(table.app, title, words, yes, action))

    def go_to_levels(self) -> None:
        """Leave the table for the levels screen of this rule set."""
        table = self.table
        app = table.app
        rules = table.game.rules
        table.session.end()
        from .levels_scene import LevelsScene

        below = app.scenes[: app.scenes.index(table)] if table in app.scenes else []
        if below and isinstance(below[-1], LevelsScene):
            while app.top is not below[-1]:
                app.pop()
            below[-1].show(rules)
            return
        from .menu import MenuScene

        app.reset(MenuScene(app, rules))
        app.push(LevelsScene(app, rules))

    def go_to_menu(self) -> None:
        """Leave the table for the menu (the one below it if there is one)."""
        table = self.table
        app = table.app
        table.session.end()
        below = app.scenes[: app.scenes.index(table)] if table in app.scenes else []
        if below and type(below[-1]).__name__ == "MenuScene":
            while app.top is not below[-1]:
                app.pop()
            return
        if importlib.util.find_spec("game.ui.menu") is None:
            app.pop()
            return
        from .menu import MenuScene

        app.reset(MenuScene(app))

    def show_rules(self) -> None:
        """Open the rules of this game over the table."""
        from .rules_scene import RulesScene

        table = self.table
        table.app.push(RulesScene(table.app, table.game.rules))
