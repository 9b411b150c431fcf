"""The bar's "⋯" menu: the buttons the bar has no room for, in a column under the "⋯"
button while it is open, out of reach while it is closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import theme
from .drawn import Kind

if TYPE_CHECKING:
    from .table import TableScene

#: the order in which buttons move into the "⋯" menu when the bar has no room for them:
#: the ones a player needs least during play first (every one has a key as well); a
#: button not named here goes before all of these
OVERFLOW_ORDER = ("Rules", "Help", "Options", "Demo", "Restart", "New deal", "Redo", "Hint", "Menu", "Undo")
#: the label of the button that opens the menu of the buttons the bar has no room for
MORE = "⋯"


class MoreButton(theme.Button):
    """The "⋯" button: opens the menu of the buttons the bar has no room for. While the
    menu is open, a press anywhere but on the menu closes it and does nothing else."""

    def __init__(self, menu: OverflowMenu) -> None:
        super().__init__(MORE, menu.toggle, hint="More buttons")
        self.menu = menu

    def handle(self, event: pygame.event.Event) -> bool:
        """Close the open menu on a press outside it; otherwise a button's handling."""
        menu = self.menu
        if menu.open and event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos) \
                and not any(b.rect.collidepoint(event.pos) for b in menu.overflow):
            menu.close()
            return True
        return super().handle(event)


class OverflowMenu:
    """The "⋯" button and the menu it opens, of one table's bar."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.more = MoreButton(self)
        #: the buttons the bar has no room for, shown in the menu
        self.overflow: list[theme.Button] = []
        self.open = False
        #: the size of the buttons' type, once the bar is laid out
        self.button_px: int | None = None

    def toggle(self) -> None:
        """Open the menu of the buttons the bar has no room for, or close it."""
        self.table.sound("click")
        self.open = not self.open and bool(self.overflow)
        self.place()

    def close(self) -> None:
        """Close the menu (nothing happens when it is closed)."""
        if self.open:
            self.open = False
            self.place()

    def place(self) -> None:
        """The buttons of the menu in a column under the "⋯" while it is open; out of
        reach (an empty rect) while it is closed."""
        for button in self.overflow:
            button.rect = pygame.Rect(0, 0, 0, 0)
            button.hover = button.pressed = False
        if not self.open or self.button_px is None:
            return
        f = theme.font(self.button_px, bold=True)
        pad = round(self.button_px * 0.9)
        w = max(f.size(b.label)[0] for b in self.overflow) + 2 * pad
        h = self.more.rect.height
        gap = max(4, h // 8)
        right = self.more.rect.right
        y = self.table.layout.hud.bottom + gap * 2
        for button in self.overflow:
            button.rect = pygame.Rect(right - w, y, w, h)
            y += h + gap

    def draw(self, surface: pygame.Surface) -> None:
        """The menu, while it is open: the buttons the bar has no room for."""
        if not self.open or not self.overflow or self.button_px is None:
            return
        palette = self.table.app.palette
        area = self.overflow[0].rect.unionall([b.rect for b in self.overflow[1:]])
        pad = max(6, self.more.rect.height // 5)
        theme.panel(surface, area.inflate(2 * pad, 2 * pad), palette, radius=pad * 2)
        for button in self.overflow:
            button.draw(surface, self.button_px, palette)
            self.table.app.drawn.add(Kind.BUTTON, button.rect, button.label)
