"""Leaving the table or its game: asking first when a game in progress would be given
up, dealing the same game again, a new deal or the next level, and going to the menu,
the levels screen or the rules.

Giving a game up ends it in its play session (counted as abandoned, or lost when no move
was left) before the table is left, so every way out writes the same records. The other
screens are asked of the app by name.
"""

from __future__ import annotations

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
                           self.restart)

    def ask_new_deal(self) -> None:
        """New deal, asking first if a game is in progress."""
        self._confirm_then("Start a new deal?", "The game in progress will be abandoned.",
                           "New deal", self.new_deal)

    def ask_menu(self) -> None:
        """Back to the menu, asking first if a game is in progress."""
        self._confirm_then("Leave this game?", "The game in progress will be abandoned.",
                           "Leave", self.go_to_menu)

    def restart(self) -> None:
        """Back to the start of this deal (a fresh game of the same position); the game
        given up is counted as abandoned (or lost, if no move was left)."""
        self.table.take(self.table.session.restart())

    def new_deal(self) -> None:
        """A new random deal of the same rule set (one proved winnable when the option
        "winnable deals only" is on); it is no longer a level or a daily deal."""
        table = self.table
        session, note = table.session.new_deal()
        table.take(session)
        if note:
            table.say(note)

    def play_next_level(self) -> None:
        """Deal the next level of the campaign (level mode goes on)."""
        session = self.table.session.play_next_level()
        if session is not None:
            self.table.take(session)

    def _confirm_then(self, title: str, words: str, yes: str, action: Callable[[], None]) -> None:
        table = self.table
        table.gestures.cancel()
        if not table.session.in_progress:
            action()
            return
        table.app.show("confirm", title=title, words=words, yes=yes, action=action)

    def go_to_levels(self) -> None:
        """Leave the table for the levels screen of this rule set: the one below it if
        there is one, else a new one over the menu."""
        table = self.table
        app = table.app
        rules = table.game.rules
        table.session.end()
        below = app.under(table)
        if below is not None and below.name == "levels":
            app.back_to(below)
            return
        app.start("menu", rules=rules)
        app.show("levels", rules=rules)

    def go_to_menu(self) -> None:
        """Leave the table for the menu (the one below it if there is one)."""
        table = self.table
        app = table.app
        table.session.end()
        below = app.under(table)
        if below is not None and below.name == "menu":
            app.back_to(below)
            return
        app.start("menu")

    def show_rules(self) -> None:
        """Open the rules of this game over the table."""
        table = self.table
        table.app.show("rules", rules=table.game.rules)
