"""The table's heads-up display: the bar at the top (rule set, game number, moves, time,
score, status and the buttons), the points that float up when the score changes, and the
footer strip below the cards (a message the bar had no room for, or the hint's reason).

The bar is drawn into a surface again only when something it shows changes; the score's
number is drawn every frame on top, since it counts towards a new total after points are
earned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..engine.cards import card_pretty
from ..session import Points
from . import theme
from .piles import ease_out
from .widgets import pill

if TYPE_CHECKING:
    from .table import TableScene

#: seconds a "+12" stays in the air after points are earned
POPUP_SECONDS = 1.1
#: how quickly the shown score counts towards the real one (share of the gap per second)
TICK_RATE = 9.0
#: the most footer pictures kept drawn
FOOTER_CACHE = 300


@dataclass
class Popup:
    """Points just earned or lost, floating up from where they were earned and fading."""

    words: str
    colour: tuple[int, int, int]
    pos: tuple[int, int]
    age: float = 0.0


class Hud:
    """The bar, the floating points and the footer of one table."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.buttons = [theme.Button(label, self._clicking(action), hint=keys)
                        for label, action, keys in self._button_specs()]
        self.number_rect = pygame.Rect(0, 0, 0, 0)
        #: the pointer is over the game number (which a click copies)
        self.number_hover = False
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self._score_px = 14
        #: a status the bar had no room for: the footer shows it
        self.toast = ""
        #: the score shown: it counts towards the session's score
        self.shown_score = 0.0
        self.popups: list[Popup] = []
        self._surface: pygame.Surface | None = None
        self._key: Any = None
        self._footers: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def _button_specs(self) -> list[tuple[str, Callable[[], None], str]]:
        """The buttons: label, the table's action, shortcut keys."""
        t = self.table
        specs: list[tuple[str, Callable[[], None], str]] = [
            ("Hint", t.hint, "H"),
            ("Demo", t.start_demo, "P"),
            ("Undo", t.undo, "U / Ctrl+Z"),
            ("Redo", t.redo, "Ctrl+Y"),
            ("Restart", t.exits.ask_restart, "R"),
            ("New deal", t.exits.ask_new_deal, "N"),
            ("Rules", t.exits.show_rules, ""),
            ("Options", t.exits.show_options, "O"),
            ("Menu", t.exits.pause_to_menu, "Esc"),
        ]
        return specs

    def _clicking(self, action: Callable[[], None]) -> Callable[[], None]:
        """A button's action, with the button's click sound first."""
        def press() -> None:
            self.table.sound("click")
            action()
        return press

    def copy_game_number(self) -> None:
        """Put the game number on the clipboard; it is kept in ``app.clipboard`` as well,
        since the system clipboard may not work (headless, no clipboard support)."""
        table = self.table
        number = table.game.game
        table.app.clipboard = number
        scrap: Any = getattr(pygame, "scrap", None)
        try:
            if scrap is not None and hasattr(scrap, "put_text"):
                scrap.put_text(number)
        except (pygame.error, NotImplementedError, RuntimeError):
            pass
        table.say(f"Game number {number} copied")

    def redraw(self) -> None:
        """Draw the bar and the footer afresh (the palette or the options may have changed)."""
        self._key = None
        self._footers.clear()

    def relayout(self) -> None:
        """Place the buttons along the bar of the table's layout."""
        self.redraw()
        hud = self.table.layout.hud
        px = self._button_px()
        f = theme.font(px, bold=True)
        pad = round(px * (0.9 if hud.width >= 1100 else 0.55))
        gap = max(4, round(px * 0.4))
        h = round(hud.height * 0.62)
        x = hud.right - max(8, round(hud.height * 0.2))
        y = hud.centery - h // 2
        for button in reversed(self.buttons):
            w = f.size(button.label)[0] + 2 * pad
            x -= w
            button.rect = pygame.Rect(x, y, w, h)
            x -= gap

    def _button_px(self) -> int:
        return max(12, round(self.table.layout.hud.height * 0.3))

    # ----- the score ----------------------------------------------------------------------

    def show_points(self, points: Points) -> None:
        """Show a change of the score: "+10" rising from the foundation it was earned on
        (or from under the score); the shown number counts towards the new total."""
        palette = self.table.app.palette
        events = points.events
        if not any(e.points for e in events):
            return
        lay = self.table.layout
        if points.place is not None:
            anchor = lay.bases[points.place].center
        else:
            anchor = (self.score_rect.centerx, lay.hud.bottom + lay.card[1] // 2)
        total = points.total
        # One figure per change; a streak or a penalty says what it was.
        words = f"+{total}" if total >= 0 else f"−{-total}"
        labels = [e.label for e in events if e.label != "foundation" and e.points]
        if labels:
            # "streak x3" is said "×3", short enough for the foundation's width
            words += " " + labels[0].replace("streak x", "×")
        colour = palette.highlight if total >= 0 else palette.warn
        self.popups = [p for p in self.popups if p.pos != anchor]
        self.popups.append(Popup(words, colour, anchor))
        del self.popups[:-8]
        if self.table.speed == 0:
            self.shown_score = float(self.table.score.total)

    def update(self, dt: float) -> None:
        """Age the floating points; count the shown score towards the real one."""
        if self.popups:
            for popup in self.popups:
                popup.age += dt
            self.popups = [p for p in self.popups if p.age < POPUP_SECONDS]
        target = float(self.table.score.total)
        if self.shown_score != target:
            gap = target - self.shown_score
            self.shown_score += gap * min(1.0, dt * TICK_RATE)
            if abs(target - self.shown_score) < 0.5:
                self.shown_score = target

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The bar, the score's number, the floating points and the footer."""
        surface.blit(self._bar(), self.table.layout.hud)
        self._draw_score(surface)
        self._draw_footer(surface)

    def status(self) -> str:
        """What the bar says when there is no message: the fill owed, the card held, the
        hint shown."""
        table = self.table
        g = table.game
        owed = g.owed_space()
        if owed is not None:
            source = g.profile.short_place_words(g.fill_sources()[0])
            return f"Fill the space at {g.place_name(owed)} with a card from {source}"
        selected = table.gestures.selected
        if selected is not None and g.piles[selected]:
            top = g.piles[selected][-1]
            what = "the stock card" if selected == g.stock else card_pretty(top)
            return f"Holding {what}: choose where it goes (Esc to put it back)"
        session = table.session
        if session.hint_list:
            h = session.hint_list[session.hint_index]
            more = " (H for the next)" if len(session.hint_list) > 1 else ""
            return f"Hint {session.hint_index + 1} of {len(session.hint_list)}: {g.move_text(h.move)}{more}"
        return ""

    def _refresh_buttons(self) -> None:
        table = self.table
        g = table.game
        for button in self.buttons:
            if button.label == "Undo":
                button.enabled = bool(g.history)
            elif button.label == "Redo":
                button.enabled = bool(g.future)
            elif button.label == "Hint":
                button.enabled = bool(table.app.settings.hints)
            elif button.label == "Demo":
                button.enabled = not table.session.finished

    def _bar(self) -> pygame.Surface:
        """The bar at the top: rule set, game number, moves, time, status, buttons.

        Drawn again only when one of those changes. Where the window is too narrow for
        a line of status, the status shows in the footer below the cards instead.
        """
        palette = self.table.app.palette
        table = self.table
        g = table.game
        seconds = int(table.session.elapsed)
        for notice in table.session.take_notices():
            table.say(notice)
        self._refresh_buttons()
        status = table.message or self.status()
        key = (table.layout.size, g.game, len(g.history), seconds, status, palette.high_contrast,
               self.number_hover, tuple((b.hover, b.pressed, b.enabled) for b in self.buttons))
        if self._surface is not None and key == self._key:
            return self._surface
        hud = table.layout.hud
        surf = pygame.Surface(hud.size, pygame.SRCALPHA)
        surf.fill(palette.hud)
        pygame.draw.line(surf, (*palette.gold, 255 if palette.high_contrast else 160), (0, hud.height - 1),
                         (hud.width, hud.height - 1), 2 if palette.high_contrast else 1)
        px_big = palette.scaled(max(13, round(hud.height * 0.3)))
        px_small = palette.scaled(max(11, round(hud.height * 0.25)))
        left = max(10, round(hud.height * 0.3))
        right = (self.buttons[0].rect.left if self.buttons else hud.width) - left
        line1 = round(hud.height * 0.12)
        line2 = round(hud.height * 0.56)
        title = g.title if hud.width >= 1500 else g.profile.short_title
        if table.level is not None:
            title += f" · Level {table.level.number}"
        elif table.daily is not None:
            title += " · Daily deal"
        title_rect = theme.text(surf, title, px_big, (left, line1), colour=palette.gold, bold=True)
        self.number_rect = theme.text(surf, f"#{g.game}", px_small, (left, line2),
                                      colour=palette.highlight if self.number_hover else palette.ink)
        if self.number_hover:
            # pointed at: underlined like a link, since a click copies it
            r = self.number_rect
            pygame.draw.line(surf, palette.highlight, (r.left, r.bottom), (r.right, r.bottom), 1)
        self.number_rect.inflate_ip(8, 6)
        minutes, secs = divmod(seconds, 60)
        stats = f"Moves {len(g.history)}  ·  {minutes}:{secs:02d}"
        stats_w = theme.font(px_big, bold=True).size(stats)[0]
        gap = round(hud.height * 0.5)
        if title_rect.right + gap + stats_w <= right:
            stats_rect = theme.text(surf, stats, px_big, (title_rect.right + gap, line1),
                                    colour=palette.ink, bold=True)
            after_number = self.number_rect.right + 4
            hint_px = max(11, px_small - 3)  # smaller is hard to read
            hint_w = theme.font(hint_px).size("click to copy")[0]
            if after_number + hint_w <= right:
                theme.text(surf, "click to copy", hint_px,
                           (after_number, self.number_rect.centery), colour=palette.ink_dim,
                           anchor="midleft")
            status_x = stats_rect.left
        else:
            stats_rect = theme.text(surf, stats, px_small, (self.number_rect.right + gap // 2, line2),
                                    colour=palette.ink, bold=True)
            status_x = stats_rect.right + gap
        # The score: its word is drawn here, its number every frame by _draw_score (it
        # counts up when points are earned), in a slot wide enough for six digits.
        digits_w = theme.font(px_big, bold=True).size("−888888")[0]
        slot_on_line1 = (stats_rect.top == line1 and stats_rect.right + gap
                         + theme.font(px_big).size("Score ")[0] + digits_w <= right)
        label_px = px_big if slot_on_line1 else px_small
        label_w = theme.font(label_px).size("Score ")[0]
        slot_w = label_w + digits_w
        if slot_on_line1:
            slot = pygame.Rect(stats_rect.right + gap, line1, slot_w, stats_rect.height)
        elif stats_rect.top == line1:
            slot = pygame.Rect(stats_rect.left, line2, slot_w, self.number_rect.height)
            status_x = slot.right + gap // 2
        else:
            slot = pygame.Rect(stats_rect.right + gap // 2, line2, slot_w, stats_rect.height)
            status_x = slot.right + gap // 2
        theme.text(surf, "Score", label_px, (slot.x, slot.centery), colour=palette.ink_dim,
                   anchor="midleft")
        self.score_rect = pygame.Rect(slot.x + label_w, slot.y, slot_w - label_w, slot.height)
        self._score_px = px_big
        room = right - status_x
        self.toast = ""
        if status:
            if room >= 200:
                surf.blit(_fit_text(status, px_small, room, palette.highlight),
                          (status_x, line2 if status_x == stats_rect.left or slot.top == line2
                           else line1))
            else:
                self.toast = status
        for button in self.buttons:
            button.draw(surf, self._button_px(), palette)
        self._surface, self._key = surf, key
        return surf

    def _draw_score(self, surface: pygame.Surface) -> None:
        """The score's number in its slot (brighter while it counts), and the points
        just earned floating up and fading."""
        palette = self.table.app.palette
        table = self.table
        total = round(self.shown_score)
        counting = total != table.score.total
        words = str(total) if total >= 0 else f"−{-total}"
        colour = palette.highlight if counting else palette.gold
        image = table.renderer.text(words, self._score_px, colour, True)
        rect = self.score_rect.move(table.layout.hud.topleft)
        surface.blit(image, image.get_rect(midleft=(rect.x, rect.centery)))
        if not self.popups:
            return
        px = palette.scaled(max(12, round(table.layout.card[1] * 0.13)))
        rise = table.layout.card[1] * 0.45
        for popup in self.popups:
            t = popup.age / POPUP_SECONDS
            image = pill(popup.words, px, popup.colour, palette.pill, palette)
            image.set_alpha(round(255 * min(1.0, 3.0 * (1.0 - t))))
            y = round(popup.pos[1] - rise * ease_out(t))
            surface.blit(image, image.get_rect(midbottom=(popup.pos[0], y)))
            image.set_alpha(None)

    def footer_text(self) -> str:
        """What the footer says now: a message or status the bar had no room for, else
        the current hint's move and reason."""
        table = self.table
        session = table.session
        if self.toast and (table.message or not session.hint_list):
            return self.toast
        if session.hint_list and not table.anim.busy:
            h = session.hint_list[session.hint_index]
            count = len(session.hint_list)
            which = f"Hint {session.hint_index + 1} of {count}" if count > 1 else "Hint"
            return f"{which}: {table.game.move_text(h.move)} {h.reason}"
        return self.toast

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The footer strip below the cards: a pill with the footer text, fading out
        with its message."""
        palette = self.table.app.palette
        table = self.table
        words = self.footer_text()
        foot = table.layout.footer
        if not words or foot.height <= 0:
            return
        key = (words, foot.size)
        image = self._footers.get(key)
        if image is None:
            room = foot.width - 2 * foot.height
            px = palette.scaled(max(11, round(foot.height * 0.55)))
            # Smaller type before an ellipsis: the reason of a hint is worth reading whole.
            while px > 11 and theme.font(px).size(words)[0] > room:
                px -= 1
            colour = palette.highlight if words == self.toast else palette.ink
            text = _fit_text(words, px, room, colour)
            box = text.get_rect().inflate(round(foot.height * 1.2), 0)
            box.height = foot.height
            image = pygame.Surface(box.size, pygame.SRCALPHA)
            theme.panel(image, image.get_rect(), palette, radius=box.height // 2)
            image.blit(text, text.get_rect(center=image.get_rect().center))
            if len(self._footers) > FOOTER_CACHE:
                self._footers.clear()
            self._footers[key] = image
        fade = 1.0
        if table.message and words == table.message and table.message_left < 0.4:
            fade = max(0.0, table.message_left / 0.4)
        image.set_alpha(round(255 * fade))
        surface.blit(image, image.get_rect(center=foot.center))


def _fit_text(words: str, px: int, room: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``words`` drawn in ``px`` type, cut with "…" where they are wider than ``room``."""
    f = theme.font(px)
    if f.size(words)[0] > room:
        while words and f.size(words + "…")[0] > room:
            words = words[:-1]
        words += "…"
    return f.render(words, True, colour)
