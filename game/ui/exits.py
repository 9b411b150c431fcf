"""Leaving the table or its game: asking first when a game in progress would be given
up, dealing the same game again, a new deal or the next level, pausing the game for the
menu, and going to the levels screen, the rules or the options.

Giving a game up ends it in its play session (counted as abandoned, or lost when no move
was left) before the table is left, so every way out writes the same records. Going to
the menu (the Menu button, Esc) gives nothing up: the game is paused and kept as the
saved game in progress, and the menu is handed the table so that "Continue" returns to
it as it was, undo steps and all; the game counts as abandoned only when a new deal
replaces it. A practice game taken over from the winning line of the player's own game
in progress (the analysis of a dead end) sits on a table over that game: leaving it for
the menu returns to the player's game, which the menu keeps, and a new deal from it gives
the player's game up. The other screens are asked of the app by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..engine.words import game_named
from ..session.ending import game_lost
from .app import KeepsPausedGame

if TYPE_CHECKING:
    from .table import TableScene


#: what giving up a game in progress does to the statistics, as Restart and New deal say it
COUNTED_ABANDONED = "counted as abandoned in your statistics: a run of wins ends."


class TableExits:
    """The ways out of one table, and the questions asked before them."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def ask_restart(self) -> None:
        """Restart, asking first if that would throw away a game in progress."""
        words = ("The moves you made will be lost (a practice game is not counted)."
                 if self.table.session.practice
                 else f"The moves you made will be lost, and this game is {COUNTED_ABANDONED}")
        self._confirm_then("Restart this deal?", words, "Restart", self.restart)

    def own_game_below(self, *, lost_too: bool = False) -> TableScene | None:
        """Under this practice game, the table of the player's own game in progress (the
        analysis of its dead end showed a winning line, which was taken over): the game
        the menu keeps to continue when this one is left, and the one a new deal gives
        up; with ``lost_too``, also a lost game not counted yet (the lost dialog's
        analysis); else None."""
        table = self.table
        app = table.app
        if not table.session.practice or table not in app.scenes:
            return None
        for scene in reversed(app.scenes[:app.scenes.index(table)]):
            if scene.name == "table":
                below = cast("TableScene", scene)
                own = below.session
                if (below.keep_records and not own.practice and not own.recorded
                        and (own.in_progress or (lost_too and own.game.is_lost()))):
                    return below
        return None

    def own_game_named(self) -> str | None:
        """The player's own game in progress under this practice game
        (:meth:`own_game_below`), as the player knows it, or None."""
        below = self.own_game_below()
        return _named(below) if below is not None else None

    def ask_new_deal(self) -> None:
        """New deal, asking first if a game is in progress."""
        session = self.table.session
        below = self.own_game_below()
        own = _named(below) if below is not None else session.saved_game_kept_from_practice()
        words = ("This game was counted in your statistics when it ended: the moves played since "
                 "will be lost." if session.recorded and not session.practice
                 else f"The game in progress will be {COUNTED_ABANDONED}" if not session.practice
                 else "This practice game will end (it is not counted)." if own is None
                 else f"This practice game will end (it is not counted), and your game ({own}) will be "
                      "counted as abandoned." if below is not None
                 else f"This practice game will end (it is not counted), and your saved game ({own}) "
                      "will be counted as abandoned when the new deal is saved in its place.")
        # a new deal is a random one: it leaves the level or the daily deal
        if session.level is not None:
            words = f"You leave level {session.level.number} for a random deal. {words}"
        elif session.daily is not None:
            words = f"You leave the daily deal for a random one. {words}"
        self._confirm_then("Start a new deal?", words, "New deal", self.new_deal)

    def pause_to_menu(self) -> None:
        """Menu or Esc: pause the game and show the menu, which offers "Continue".

        Nothing is given up: a game in progress is kept as the saved game (as closing the
        window keeps it), so it is counted only when a new deal replaces it; a lost game
        is counted as lost, a won one was counted when it was won. The clock stops
        while the table is away.
        """
        table = self.table
        app = table.app
        session = table.session
        table.gestures.cancel()
        own_table = self.own_game_below()
        if own_table is not None:
            self._back_to_own_game(own_table)
            return
        own = session.saved_game_kept_from_practice() if session.in_progress else None
        if own is not None:
            # a practice game is never saved over the player's own game: leaving it for the
            # menu ends it (nothing is counted), so that "Continue" is their game again
            app.show("confirm", title="Leave this practice game?",
                     words=f"It is not saved: your saved game ({own}) stays yours to continue.",
                     yes="Leave it", action=self._leave_practice)
            return
        session.pause()
        session.quit()
        table.paused_for_menu = True  # the menu keeps it: dropping the table gives nothing up
        problems = session.take_notices()  # the game may not have been saved
        app.tell(problems)
        unsaved = game_lost(problems)
        keep = not session.over and table.keep_records
        below = app.under(table)
        if below is not None and below.name == "menu":
            app.back_to(below)
        else:
            below = app.start("menu", rules=table.game.rules)
        if keep and isinstance(below, KeepsPausedGame):
            g = table.game
            below.hold(table, (g.rules, g.game, len(g.history)), unsaved=unsaved, practice=session.practice)

    def _back_to_own_game(self, below: TableScene, then: Callable[[], object] | None = None) -> None:
        """Leave this practice game for the player's own game under it, which the menu
        keeps to continue (then ``then``, if given); asking first while the practice
        game is in progress, since it is not kept."""
        def leave() -> None:
            table = self.table
            table.session.end()  # a practice game: nothing is counted
            table.tell_notices()
            below.exits.pause_to_menu()
            if then is not None:
                then()

        if not self.table.session.in_progress:
            leave()
            return
        words = f"It is not saved: your game ({_named(below)}) is kept for you to continue."
        self.table.app.show("confirm", title="Leave this practice game?", words=words, yes="Leave it",
                            action=leave)

    def _leave_practice(self) -> None:
        """The practice game ends (never counted) and the menu shows the player's own saved
        game to continue."""
        table = self.table
        table.session.end()
        table.app.start("menu", rules=table.game.rules)

    def show_options(self) -> None:
        """Open the options over the table; "Back" returns to the game as it was."""
        table = self.table
        table.gestures.cancel()
        table.app.show("options")

    def restart(self) -> None:
        """Back to the start of this deal (a fresh game of the same position); the game
        given up is counted as abandoned (or lost, if no move was left)."""
        self.table.take(self.table.session.restart())

    def new_deal(self) -> None:
        """A new random deal of the same rule set (one proved winnable when the option
        "winnable deals only" is on); it is no longer a level or a daily deal. After a
        practice game that is over (won or lost), the player is asked first when their own
        saved game would be replaced by the new deal."""
        table = self.table
        below = self.own_game_below()
        own = _named(below) if below is not None else table.session.saved_game_kept_from_practice()
        if own is not None and not table.session.in_progress:
            words = (f"Your game ({own}) will be counted as abandoned." if below is not None
                     else f"Your saved game ({own}) will be counted as abandoned when the new deal is "
                          "saved in its place.")
            table.app.show("confirm", title="Start a new deal?", words=words, yes="New deal",
                           action=self._new_deal_now)
            return
        self._new_deal_now()

    def _new_deal_now(self) -> None:
        table = self.table
        below = self.own_game_below(lost_too=True)
        if below is not None:
            # the player's own game under this practice one is replaced (a lost one is
            # counted now, not when the table is dropped at last): it and the screens over
            # it (its dialog) leave the stack, so nothing is left to ask about it later
            below.give_up()
            app = table.app
            for scene in app.scenes[app.scenes.index(below):app.scenes.index(table)]:
                app.remove(scene)
        old = table.session
        left = (f"You left level {old.level.number}: a random deal" if old.level is not None
                else "You left the daily deal: a random deal" if old.daily is not None else "")
        session, note = old.new_deal()
        table.take(session)
        # (said whether or not a question came first: a level left before its first move
        # asks nothing)
        words = "; ".join(w for w in (left, note) if w)
        if words:
            table.say(words)

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
        own = self.own_game_below()
        if own is not None:
            self._back_to_own_game(own, then=lambda: app.show("levels", rules=rules))
            return
        table.session.end()
        table.tell_notices()
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
        own = self.own_game_below()
        if own is not None:
            self._back_to_own_game(own)
            return
        table.session.end()
        table.tell_notices()
        below = app.under(table)
        if below is not None and below.name == "menu":
            app.back_to(below)
            return
        app.start("menu")


def _named(table: TableScene) -> str:
    """The game on ``table`` as the player knows it: "British Constitution #35, 69 moves"."""
    g = table.game
    return game_named(g.title, g.game, len(g.history))
