"""The bar's "⋯" menu: the buttons the bar has no room for, in a column under the "⋯"
button while it is open (in more columns where the window is too short for one, always
inside the window), out of reach while it is closed. A press outside it or Esc closes it.
From the keyboard, the arrows and Tab move the focus through it and Enter or Space
presses the focused button; any other key closes it and goes on to the table."""

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
OVERFLOW_ORDER = ("Help", "Options", "Demo", "Restart", "New deal", "Redo", "Hint", "Menu", "Undo")
#: the keys that press the focused button of the open menu
_PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: the label of the button that opens the menu of the buttons the bar has no room for
MORE = "⋯"


class MoreButton(theme.Button):
    """The "⋯" button: opens the menu of the buttons the bar has no room for. While the
    menu is open, a press anywhere but on the menu closes it and does nothing else."""

    def __init__(self, menu: OverflowMenu) -> None:
        super().__init__(MORE, menu.toggle)
        self.menu = menu

    @property
    def tooltip(self) -> str:
        """What its tooltip says: the buttons the menu holds, by name."""
        return "More: " + ", ".join(b.label for b in self.menu.overflow)

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
        #: the panel under the open menu's buttons (empty while it is closed)
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: the button of the menu the keyboard has focused, by its place in ``overflow``
        #: (None until an arrow or Tab is pressed)
        self.focus: int | None = None

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
        """The buttons of the menu in a column under the "⋯" while it is open, in as many
        columns as the window's height below the bar needs, the whole panel inside the
        window; out of reach (an empty rect) while it is closed."""
        self.panel = pygame.Rect(0, 0, 0, 0)
        for button in self.overflow:
            button.rect = pygame.Rect(0, 0, 0, 0)
            button.hover = button.pressed = button.focused = False
        if not self.open:
            self.focus = None
        if not self.open or self.button_px is None:
            return
        f = theme.font(self.button_px, bold=True)
        pad = round(self.button_px * 0.9)
        w = max(f.size(b.label)[0] for b in self.overflow) + 2 * pad
        h = self.more.rect.height
        gap = max(4, h // 8)
        edge = self.edge
        window = pygame.Rect((0, 0), self.table.layout.size)
        top = self.table.layout.hud.bottom + gap * 2
        # as many buttons to a column as fit between the bar and the window's foot
        per_column = max(1, (window.bottom - edge - top + gap) // (h + gap))
        columns = -(-len(self.overflow) // per_column)
        rows = -(-len(self.overflow) // columns)
        block = pygame.Rect(0, top, columns * w + (columns - 1) * gap, rows * h + (rows - 1) * gap)
        block.right = self.more.rect.right
        # the panel stands out of the buttons by ``edge``: it stays inside the window
        block.clamp_ip(window.inflate(-2 * edge, -2 * edge))
        for i, button in enumerate(self.overflow):
            column, row = divmod(i, rows)
            button.rect = pygame.Rect(block.x + column * (w + gap), block.y + row * (h + gap), w, h)
        self.panel = block.inflate(2 * edge, 2 * edge)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key while the menu is open: the arrows and Tab move the focus through its
        buttons (the first press focuses the first button), Enter or Space presses the
        focused one. True when the key was the menu's; any other key closes the menu
        and is the table's (False)."""
        if not self.open:
            return False
        key = event.key
        step = 0
        if key in (pygame.K_DOWN, pygame.K_RIGHT) or (
                key == pygame.K_TAB and not int(getattr(event, "mod", 0)) & pygame.KMOD_SHIFT):
            step = 1
        elif key in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):
            step = -1
        if step or (key in _PRESS_KEYS and self.focus is None):
            count = len(self.overflow)
            self.focus = 0 if self.focus is None else (self.focus + step) % count
            for n, button in enumerate(self.overflow):
                button.focused = n == self.focus
            return True
        if key in _PRESS_KEYS and self.focus is not None:
            button = self.overflow[self.focus]
            if button.enabled:
                button.action()  # (the bar's buttons close the menu first)
            return True
        self.close()
        return False

    @property
    def edge(self) -> int:
        """How far the menu's panel stands out of its buttons."""
        return max(6, self.more.rect.height // 5)

    def draw(self, surface: pygame.Surface) -> None:
        """The menu, while it is open: the buttons the bar has no room for."""
        if not self.open or not self.overflow or self.button_px is None:
            return
        palette = self.table.app.palette
        theme.panel(surface, self.panel, palette, radius=self.edge * 2)
        for button in self.overflow:
            button.draw(surface, self.button_px, palette)
            self.table.app.drawn.add(Kind.BUTTON, button.rect, button.label)
