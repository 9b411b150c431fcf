"""The table's help: how to play, shown by itself on the first game of each rule set and
on F1 or the Help button; and the list of keys on ``?``.

The rule sets whose first-game help was shown are kept in the settings, so each rule
set's help comes by itself once. Positions that are not a player's game (pictures,
benchmarks) never show it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..records.settings import save_settings
from .keys import MOUSE, OTHER_KEYS

if TYPE_CHECKING:
    from .table import TableScene


class TableHelp:
    """The help of one table: the first-game check, the how-to-play sheet and the keys."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: the first-game check was made for this table
        self.checked = False

    def update(self) -> None:
        """On the table's first frame on top: the how-to-play sheet, the first time this
        rule set is played."""
        table = self.table
        if self.checked or table.app.top is not table:
            return
        self.checked = True
        if not table.keep_records:
            return
        app = table.app
        rules = table.game.rules
        if rules in app.settings.help_seen:
            return
        app.settings.help_seen = (*app.settings.help_seen, rules)
        save_settings(table.store, app.settings)
        app.tell(table.store.take_warnings())
        self.show_help()

    def show_help(self) -> None:
        """How to play this rule set, over the table."""
        table = self.table
        table.anim.finish()
        table.gestures.cancel()
        table.app.show("help", rules=table.game.rules, keys=self.legend())

    def legend(self) -> list[tuple[str, str]]:
        """Every key and gesture of the table: the buttons' shortcuts, the other keys (a
        key with two uses on one line), then, under a heading, the mouse."""
        rows = [(button.hint, button.label) for button in self.table.hud.actions if button.hint]
        for keys, what in OTHER_KEYS:
            same = next((n for n, (k, _) in enumerate(rows) if k == keys), None)
            if same is None:
                rows.append((keys, what))
            else:
                rows[same] = (keys, f"{rows[same][1]}; {what[:1].lower()}{what[1:]}")
        return [*rows, ("", "With the mouse"), *MOUSE]

    def show_keys(self) -> None:
        """The list of keys, over the table."""
        table = self.table
        table.anim.finish()
        table.gestures.cancel()
        table.app.show("keys", rows=self.legend())
