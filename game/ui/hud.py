"""The table's heads-up display: the bar at the top, the points that float up when the
score changes, and the footer strip below the cards.

The bar is laid out by its width, the same way in every rule set: the title over the
game number on the left (shortened with "…" when the bar is narrow; pointing at it
shows it whole, a click copies it), the score over the moves and the clock next, a
status line in the room left over, and the buttons on the right. Buttons the bar has no
room for move into a "⋯" menu, the least needed first. A status that does not fit the
bar whole goes to the footer, which wraps it rather than cut it.

The bar is drawn into a surface again only when something it shows changes; the score's
number is drawn every frame on top, since it counts towards a new total after points are
earned. Every text, button and pop-up drawn is recorded in the frame's drawn boxes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import RULE_IDS, rules_class
from ..engine.cards import card_pretty
from ..engine.words import fill_words, move_words
from ..session import Points
from . import theme
from .art import face_geometry
from .drawn import Box, Kind
from .piles import ease_out
from .tooltips import Tooltips
from .widgets import fit_text, pill, wrap

if TYPE_CHECKING:
    from .table import TableScene

#: seconds a "+12" stays in the air after points are earned
POPUP_SECONDS = 1.1
#: how quickly the shown score counts towards the real one (share of the gap per second)
TICK_RATE = 9.0
#: the most footer pictures kept drawn
FOOTER_CACHE = 300
#: the order in which buttons move into the "⋯" menu when the bar has no room for them:
#: the ones a player needs least during play first (every one has a key as well); a
#: button not named here goes before all of these
OVERFLOW_ORDER = ("Rules", "Help", "Options", "Demo", "Restart", "New deal", "Redo", "Hint", "Menu", "Undo")
#: the label of the button that opens the menu of the buttons the bar has no room for
MORE = "⋯"
#: the narrowest room in which the bar shows a status; a narrower one sends it to the footer
STATUS_ROOM = 200
#: the widest moves count and clock the bar keeps room for, so nothing moves as they grow
STATS_TEMPLATE = "Moves 8888  ·  88:88"
#: the widest score the bar keeps room for
SCORE_TEMPLATE = "−888888"
#: digits kept at each end of a game number shortened with "…"
MIN_NUMBER_DIGITS = 3


#: a drawn footer: the picture, and each line of its words with where it is in the picture
FooterPicture = tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]


@dataclass
class Popup:
    """Points just earned or lost, floating up from where they were earned and fading.

    ``place`` is the foundation they were earned on (None for the score itself)."""

    words: str
    colour: tuple[int, int, int]
    place: int | None
    age: float = 0.0


@dataclass
class BarPlan:
    """Where the bar's parts go at one size, in the bar's own coordinates."""

    px_big: int
    px_small: int
    button_px: int
    title: str
    number: str
    line1: int
    line2: int
    left: int
    stats_x: int
    status: pygame.Rect


class MoreButton(theme.Button):
    """The "⋯" button: opens the menu of the buttons the bar has no room for. While the
    menu is open, a press anywhere but on the menu closes it and does nothing else."""

    def __init__(self, hud: Hud) -> None:
        super().__init__(MORE, hud.toggle_menu, hint="More buttons")
        self.hud = hud

    def handle(self, event: pygame.event.Event) -> bool:
        """Close the open menu on a press outside it; otherwise a button's handling."""
        hud = self.hud
        if hud.menu_open and event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos) \
                and not any(b.rect.collidepoint(event.pos) for b in hud.overflow):
            hud.close_menu()
            return True
        return super().handle(event)


class Hud:
    """The bar, the floating points and the footer of one table."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: the table's buttons, in the bar's order
        self.actions = [theme.Button(label, self._clicking(action), hint=keys)
                        for label, action, keys in self._button_specs()]
        self.more = MoreButton(self)
        #: every button that takes the mouse: the "⋯" first, so that it sees a press
        #: before the others (a press beside its open menu closes it)
        self.buttons: list[theme.Button] = [self.more, *self.actions]
        #: the buttons the bar has no room for, shown in the "⋯" menu
        self.overflow: list[theme.Button] = []
        self.menu_open = False
        self.number_rect = pygame.Rect(0, 0, 0, 0)
        #: the pointer is over the game number (which a click copies)
        self.number_hover = False
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        #: a status the bar had no room for: the footer shows it
        self.toast = ""
        #: the score shown: it counts towards the session's score
        self.shown_score = 0.0
        self.popups: list[Popup] = []
        self.plan: BarPlan | None = None
        self._surface: pygame.Surface | None = None
        self._key: Any = None
        #: what the cached bar drew (in the window), recorded again every frame
        self._bar_boxes: list[Box] = []
        #: the footer's pictures by words and size, with where each line of the words is
        self._footers: dict[tuple[str, tuple[int, int]], FooterPicture] = {}
        self.tooltips = Tooltips()

    def _button_specs(self) -> list[tuple[str, Callable[[], None], str]]:
        """The buttons: label, the table's action, shortcut keys."""
        t = self.table
        specs: list[tuple[str, Callable[[], None], str]] = [
            ("Hint", t.hint, "H"),
            ("Demo", t.start_demo, "P"),
            ("Undo", t.undo, "U / Ctrl+Z"),
            ("Redo", t.redo, "Ctrl+Y / Ctrl+Shift+Z"),
            ("Restart", t.exits.ask_restart, "R"),
            ("New deal", t.exits.ask_new_deal, "N"),
            # how to play on one screen, which opens the full rules
            ("Help", t.help.show_help, "F1"),
            ("Options", t.exits.show_options, "O"),
            ("Menu", t.exits.pause_to_menu, "Esc"),
        ]
        return specs

    def _clicking(self, action: Callable[[], None]) -> Callable[[], None]:
        """A button's action, with the button's click sound first (and the "⋯" menu
        closed, when the button was in it)."""
        def press() -> None:
            self.close_menu()
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

    # ----- the "⋯" menu -------------------------------------------------------------------

    def toggle_menu(self) -> None:
        """Open the menu of the buttons the bar has no room for, or close it."""
        self.table.sound("click")
        self.menu_open = not self.menu_open and bool(self.overflow)
        self._place_overflow()

    def close_menu(self) -> None:
        """Close the "⋯" menu (nothing happens when it is closed)."""
        if self.menu_open:
            self.menu_open = False
            self._place_overflow()

    def _place_overflow(self) -> None:
        """The buttons of the "⋯" menu in a column under it while it is open; out of reach
        (an empty rect) while it is closed."""
        for button in self.overflow:
            button.rect = pygame.Rect(0, 0, 0, 0)
            button.hover = button.pressed = False
        if not self.menu_open or self.plan is None:
            return
        f = theme.font(self.plan.button_px, bold=True)
        pad = round(self.plan.button_px * 0.9)
        w = max(f.size(b.label)[0] for b in self.overflow) + 2 * pad
        h = self.more.rect.height
        gap = max(4, h // 8)
        right = self.more.rect.right
        y = self.table.layout.hud.bottom + gap * 2
        for button in self.overflow:
            button.rect = pygame.Rect(right - w, y, w, h)
            y += h + gap

    # ----- laying the bar out -------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the bar and the footer afresh (the palette or the options may have changed)."""
        self._key = None
        self._footers.clear()
        self._plan_bar()

    def relayout(self) -> None:
        """Lay the bar out for the table's layout: texts, buttons, the "⋯" menu."""
        self.menu_open = False
        self.redraw()

    def _plan_bar(self) -> None:
        """Decide what the bar shows where at its width (see the module docstring)."""
        table = self.table
        palette = table.app.palette
        g = table.game
        hud = table.layout.hud
        width, height = hud.size
        # Type follows the bar's height, but a narrow window (a tall one's bar is tall
        # and narrow) gets smaller type, so the bar's parts keep their room.
        unit = min(height, width * 0.055)
        px_big = palette.scaled(max(13, round(unit * 0.3)))
        px_small = palette.scaled(max(11, round(unit * 0.25)))
        button_px = max(12, round(unit * 0.3))
        edge = max(8, round(unit * 0.22))
        gap = max(12, round(px_big * 1.1))
        big, small = theme.font(px_big, bold=True), theme.font(px_small)
        small_bold = theme.font(px_small, bold=True)
        # The buttons, with the widths their labels need.
        bf = theme.font(button_px, bold=True)
        pad = round(button_px * (0.8 if width >= 1100 else 0.55))
        bh = min(round(height * 0.62), round(button_px * 2.3))
        bgap = max(4, round(button_px * 0.35))
        widths = {b.label: bf.size(b.label)[0] + 2 * pad for b in self.actions}
        more_w = max(bh, bf.size(MORE)[0] + 2 * pad)
        # The title and the number: the shortest forms they may take, and the longest.
        suffix = ""
        if table.level is not None:
            suffix = f" · Level {table.level.number}"
        elif table.daily is not None:
            suffix = " · Daily deal"
        titles = [g.title + suffix, g.profile.short_title + suffix]
        number = f"#{g.game}"
        shortest = _shortened(number, MIN_NUMBER_DIGITS)
        # The room is kept for the longest title of any rule set, so that the bar has the
        # same parts in the same places whichever is played.
        profiles = [rules_class(rules).profile for rules in RULE_IDS]
        left_min = max(max(big.size(p.short_title + suffix)[0] for p in profiles), small.size(shortest)[0])
        left_want = max(max(big.size(p.title + suffix)[0] for p in profiles), small.size(number)[0])
        label_w = small.size("Score ")[0]
        stats_w = max(small_bold.size(STATS_TEMPLATE)[0], label_w + big.size(SCORE_TEMPLATE)[0])
        room = width - 2 * edge
        fixed = left_min + gap + stats_w + gap
        shown = list(self.actions)
        hidden: list[theme.Button] = []

        def buttons_w() -> int:
            parts = [widths[b.label] for b in shown] + ([more_w] if hidden else [])
            return sum(parts) + bgap * max(0, len(parts) - 1)

        named = [b.label for b in self.actions if b.label not in OVERFLOW_ORDER]
        for label in [*named, *OVERFLOW_ORDER]:
            if fixed + buttons_w() <= room:
                break
            button = next((b for b in shown if b.label == label), None)
            if button is not None:
                shown.remove(button)
                hidden.append(button)
        # The left block gets what it wants from what is left, the status the rest.
        # (Where even the shortest title has no room, it is cut: never over the score.)
        left_w = min(left_min + max(0, min(left_want - left_min, room - fixed - buttons_w())),
                     room - fixed + left_min - buttons_w())
        title = next((t for t in titles if big.size(t)[0] <= left_w), None)
        if title is None:
            title = fit_text(titles[-1], px_big, left_w, bold=True)
        shown_number = number
        digits = len(g.game)
        while small.size(shown_number)[0] > left_w and digits > MIN_NUMBER_DIGITS:
            digits -= 1
            shown_number = _shortened(number, digits)
        # Lines: the big line over the small one, centred in the bar.
        h1, h2 = big.get_height(), small.get_height()
        space = max(1, round(height * 0.04))
        line1 = max(0, (height - h1 - space - h2) // 2)
        line2 = line1 + h1 + space
        stats_x = edge + left_w + gap
        # The buttons, from the right edge.
        x = width - edge
        y = (height - bh) // 2
        in_bar = [*shown, self.more] if hidden else shown
        for button in reversed(in_bar):
            w = more_w if button is self.more else widths[button.label]
            x -= w
            button.rect = pygame.Rect(x, y, w, bh)
            x -= bgap
        if not hidden:
            self.more.rect = pygame.Rect(0, 0, 0, 0)
        buttons_left = in_bar[0].rect.left if in_bar else width - edge
        status_x = stats_x + stats_w + gap
        # in the menu, the buttons keep the bar's order
        self.overflow = [b for b in self.actions if any(b is h for h in hidden)]
        self.plan = BarPlan(px_big, px_small, button_px, title, shown_number, line1, line2, edge, stats_x,
                            pygame.Rect(status_x, 0, max(0, buttons_left - gap - status_x), height))
        self.score_rect = pygame.Rect(stats_x + label_w, line1, big.size(SCORE_TEMPLATE)[0], h1)
        self.menu_open = self.menu_open and bool(hidden)
        self._place_overflow()

    # ----- the score ----------------------------------------------------------------------

    def show_points(self, points: Points) -> None:
        """Show a change of the score: "+10" rising above the foundation it was earned on
        (or just under the bar, below the score); the shown number counts towards the new
        total."""
        palette = self.table.app.palette
        events = points.events
        if not any(e.points for e in events):
            return
        total = points.total
        # One figure per change; a streak or a penalty says what it was.
        words = f"+{total}" if total >= 0 else f"−{-total}"
        labels = [e.label for e in events if e.label != "foundation" and e.points]
        if labels:
            # "streak x3" is said "×3", short enough for the foundation's width
            words += " " + labels[0].replace("streak x", "×")
        colour = palette.highlight if total >= 0 else palette.warn
        self.popups = [p for p in self.popups if p.place != points.place]
        self.popups.append(Popup(words, colour, points.place))
        del self.popups[:-8]
        if self.table.speed == 0:
            self.shown_score = float(self.table.score.total)

    def update(self, dt: float) -> None:
        """Age the floating points; count the shown score towards the real one; close the
        "⋯" menu when something opened over the table (a key's dialog, the demo); time the
        pointer's rest on a button for its tooltip."""
        if self.menu_open and self.table.app.top is not self.table:
            self.close_menu()
        self.tooltips.update(dt, self.buttons)
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
        """The bar, the score's number, the floating points, the footer, and what the
        pointer opened (the "⋯" menu, the game number whole)."""
        hud = self.table.layout.hud
        surface.blit(self._bar(), hud)
        # The bar's boxes are made when it is drawn: the frame takes them as they are.
        self.table.app.drawn.boxes.extend(self._bar_boxes)
        self._draw_score(surface)
        words = self._draw_footer(surface)
        self._draw_popups(surface, words)
        self._draw_menu(surface)
        self._draw_number_tip(surface)
        if self.plan is not None and not self.menu_open:
            self.tooltips.draw(surface, self.plan.button_px, self.table.app.palette, self.table.app.drawn)

    def status(self) -> str:
        """What the bar says when there is no message: the fill owed, the card held, the
        hint shown."""
        table = self.table
        g = table.game
        notation = table.app.settings.show_notation
        if g.owed_space() is not None:
            return fill_words(g, notation=notation)
        selected = table.gestures.selected
        if selected is not None and g.piles[selected]:
            top = g.piles[selected][-1]
            what = "the stock card" if selected == g.stock else card_pretty(top)
            return f"Holding {what}: choose where it goes (Esc to put it back)"
        session = table.session
        if session.hint_list:
            h = session.hint_list[session.hint_index]
            more = " (H for the next)" if len(session.hint_list) > 1 else ""
            return (f"Hint {session.hint_index + 1} of {len(session.hint_list)}: "
                    f"{move_words(g, h.move, notation=notation, short=True)}{more}")
        return ""

    def _refresh_buttons(self) -> None:
        table = self.table
        g = table.game
        for button in self.actions:
            if button.label == "Undo":
                button.enabled = bool(g.history)
            elif button.label == "Redo":
                button.enabled = bool(g.future)
            elif button.label == "Hint":
                button.enabled = bool(table.app.settings.hints)
            elif button.label == "Demo":
                button.enabled = not table.session.finished

    def status_lines(self, words: str) -> list[str]:
        """``words`` as the bar shows them: one line, or two where one is too long; none
        where the bar has no room for them whole (the footer shows them then)."""
        plan = self.plan
        if plan is None or not words or plan.status.width < STATUS_ROOM:
            return []
        room = plan.status.width
        if theme.font(plan.px_small).size(words)[0] <= room:
            return [words]
        lines = wrap(words, plan.px_small, room)
        # wrap() cuts a word longer than the room: such words are not shown whole here
        return lines if len(lines) <= 2 and " ".join(lines).split() == words.split() else []

    def _bar(self) -> pygame.Surface:
        """The bar at the top: title, game number, score, moves, time, status, buttons.

        Drawn again only when one of those changes. A status the bar has no room for
        whole shows in the footer below the cards instead.
        """
        palette = self.table.app.palette
        table = self.table
        g = table.game
        seconds = int(table.session.elapsed)
        for notice in table.session.take_notices():
            table.say(notice)
        self._refresh_buttons()
        status = table.message or self.status()
        if self.plan is None:
            self._plan_bar()
        plan = self.plan
        assert plan is not None
        key = (table.layout.size, g.game, len(g.history), seconds, status, palette.high_contrast,
               self.number_hover, self.menu_open,
               tuple((b.hover, b.pressed, b.enabled, tuple(b.rect)) for b in self.buttons))
        if self._surface is not None and key == self._key:
            return self._surface
        hud = table.layout.hud
        surf = pygame.Surface(hud.size, pygame.SRCALPHA)
        surf.fill(palette.hud)
        pygame.draw.line(surf, (*palette.gold, 255 if palette.high_contrast else 160), (0, hud.height - 1),
                         (hud.width, hud.height - 1), 2 if palette.high_contrast else 1)
        boxes: list[tuple[Kind, pygame.Rect, str]] = []
        title = theme.text(surf, plan.title, plan.px_big, (plan.left, plan.line1), colour=palette.gold,
                           bold=True)
        boxes.append((Kind.TEXT, title, "title"))
        number = theme.text(surf, plan.number, plan.px_small, (plan.left, plan.line2),
                            colour=palette.highlight if self.number_hover else palette.ink)
        boxes.append((Kind.TEXT, number, "game number"))
        if self.number_hover:
            # pointed at: underlined like a link, since a click copies it
            pygame.draw.line(surf, palette.highlight, (number.left, number.bottom - 1),
                             (number.right, number.bottom - 1), 1)
        self.number_rect = number.inflate(8, 6).move(hud.topleft)
        # The score: its word is drawn here, its number every frame by _draw_score (it
        # counts up when points are earned).
        label = theme.text(surf, "Score", plan.px_small, (plan.stats_x, self.score_rect.centery),
                           colour=palette.ink_dim, anchor="midleft")
        boxes.append((Kind.TEXT, label, "score label"))
        minutes, secs = divmod(seconds, 60)
        moves = theme.text(surf, f"Moves {len(g.history)}  ·  {minutes}:{secs:02d}", plan.px_small,
                           (plan.stats_x, plan.line2), colour=palette.ink, bold=True)
        boxes.append((Kind.TEXT, moves, "moves and time"))
        lines = self.status_lines(status)
        self.toast = status if status and not lines else ""
        room = plan.status
        if len(lines) == 1:
            rect = theme.text(surf, lines[0], plan.px_small, (room.x, room.centery), colour=palette.highlight,
                              anchor="midleft")
            boxes.append((Kind.TEXT, rect, f"status: {lines[0]}"))
        else:
            for line, y in zip(lines, (plan.line1, plan.line2), strict=False):
                rect = theme.text(surf, line, plan.px_small, (room.x, y), colour=palette.highlight)
                boxes.append((Kind.TEXT, rect, f"status: {line}"))
        for button in self.buttons:
            if button.rect.width and not any(button is b for b in self.overflow):
                button.draw(surf, plan.button_px, palette)
                boxes.append((Kind.BUTTON, button.rect.move(-hud.x, -hud.y), button.label))
        self._surface, self._key = surf, key
        self._bar_boxes = [Box(kind, rect.move(hud.topleft), name) for kind, rect, name in boxes
                           if rect.width > 0 and rect.height > 0]
        return surf

    def _draw_score(self, surface: pygame.Surface) -> None:
        """The score's number in its slot (brighter while it counts)."""
        palette = self.table.app.palette
        table = self.table
        plan = self.plan
        assert plan is not None
        total = round(self.shown_score)
        counting = total != table.score.total
        words = str(total) if total >= 0 else f"−{-total}"
        colour = palette.highlight if counting else palette.gold
        image = table.renderer.text(words, plan.px_big, colour, True)
        rect = self.score_rect.move(table.layout.hud.topleft)
        at = image.get_rect(midleft=(rect.x, rect.centery))
        surface.blit(image, at)
        table.app.drawn.add(Kind.TEXT, at, "score")

    def _draw_popups(self, surface: pygame.Surface, footer: pygame.Rect) -> None:
        """The points just earned, floating up and fading: each where it covers no card
        (but its own foundation's middle, when the felt has no room), no other pop-up, not
        the bar and not the ``footer``'s words. The newest are placed first; one with
        nowhere to go is not drawn."""
        if not self.popups:
            return
        table = self.table
        palette = table.app.palette
        px = palette.scaled(max(11, round(table.layout.card[1] * 0.13)))
        cards = [rect for _, _, rect in table.card_positions]
        placed: list[pygame.Rect] = [footer] if footer.width else []
        for popup in reversed(self.popups):
            image = pill(popup.words, px, popup.colour, palette.pill, palette)
            path = self._popup_path(popup, image.get_size(), cards, placed)
            if path is None:
                continue
            start, end = path
            t = popup.age / POPUP_SECONDS
            rect = start.move(0, round((end.y - start.y) * ease_out(t)))
            image.set_alpha(round(255 * min(1.0, 3.0 * (1.0 - t))))
            surface.blit(image, rect)
            image.set_alpha(None)
            placed.append(start.union(end))
            table.app.drawn.add(Kind.POPUP, rect, popup.words)

    def _popup_path(self, popup: Popup, size: tuple[int, int], cards: list[pygame.Rect],
                    placed: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Rect] | None:
        """Where a pop-up of ``size`` starts and ends its rise: the first of its places
        (above its foundation, then over the foundation's middle; under the bar below the
        score, then at the end of the footer) whose whole path is free."""
        table = self.table
        lay = table.layout
        window = pygame.Rect((0, 0), lay.size)
        top = lay.hud.bottom + 3
        rise = round(lay.card[1] * 0.3)
        start = pygame.Rect((0, 0), size)
        tries: list[tuple[pygame.Rect, int, list[pygame.Rect]]] = []
        if popup.place is not None:
            base = lay.bases[popup.place]
            start.midbottom = (base.centerx, base.top - 3)
            tries.append((start.copy(), rise, cards))
            band = self._middle_band(popup.place)
            if band is not None and band.height >= size[1]:
                start.midbottom = (base.centerx, band.bottom)
                others = [c for c in cards if not base.contains(c)]
                tries.append((start.copy(), band.height - size[1], others))
        else:
            score = self.score_rect.move(lay.hud.topleft)
            start.midtop = (score.centerx, top + rise)
            tries.append((start.copy(), rise, cards))
            foot = lay.footer
            if foot.height > 0:
                start.midright = (foot.right - foot.height, foot.centery)
                tries.append((start.copy(), 0, []))
        for first, reach, obstacles in tries:
            for up in (min(reach, first.top - top), 0):
                end = first.move(0, -max(0, up))
                path = first.union(end)
                if path.top >= top and window.contains(path) and path.collidelist(obstacles) < 0 \
                        and path.collidelist(placed) < 0:
                    return first, end
        return None

    def _middle_band(self, place: int) -> pygame.Rect | None:
        """The band across the top card of ``place`` between its indices (below the
        top-left one, above the turned one), where a pop-up covers no index; None when the
        place is empty."""
        table = self.table
        game, lay = table.game, table.layout
        pile = game.piles[place]
        if not pile:
            return None
        rect = table.renderer.top_rect(game, place) if lay.steps[place] else lay.bases[place]
        geo = face_geometry(pile[-1], lay.card, table.app.art.large_index)
        top = math.ceil(max(geo.ranks[0].bottom, geo.suits[0].bottom)) + 2
        bottom = (math.floor(min(geo.ranks[1].top, geo.suits[1].top)) - 2 if len(geo.ranks) > 1
                  else rect.height - 3)
        return pygame.Rect(rect.x, rect.y + top, rect.width, max(0, bottom - top))

    def _draw_menu(self, surface: pygame.Surface) -> None:
        """The "⋯" menu, while it is open: the buttons the bar has no room for."""
        if not self.menu_open or not self.overflow or self.plan is None:
            return
        palette = self.table.app.palette
        area = self.overflow[0].rect.unionall([b.rect for b in self.overflow[1:]])
        pad = max(6, self.more.rect.height // 5)
        theme.panel(surface, area.inflate(2 * pad, 2 * pad), palette, radius=pad * 2)
        for button in self.overflow:
            button.draw(surface, self.plan.button_px, palette)
            self.table.app.drawn.add(Kind.BUTTON, button.rect, button.label)

    def _draw_number_tip(self, surface: pygame.Surface) -> None:
        """The game number whole, under the bar, while the pointer is on it (the bar may
        show it shortened), with what a click does."""
        if not self.number_hover or self.plan is None:
            return
        palette = self.table.app.palette
        lay = self.table.layout
        px = self.plan.px_small
        image = theme.font(px).render(f"Game {self.table.game.game}  ·  click to copy", True, palette.ink)
        box = image.get_rect().inflate(px, round(px * 0.6))
        box.topleft = (self.number_rect.left, lay.hud.bottom + 4)
        box.clamp_ip(pygame.Rect((0, 0), lay.size))
        theme.panel(surface, box, palette, radius=max(4, box.height // 3))
        at = image.get_rect(center=box.center)
        surface.blit(image, at)
        self.table.app.drawn.add(Kind.TEXT, at, "game number whole")

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
            words = move_words(table.game, h.move, notation=table.app.settings.show_notation)
            return f"{which}: {words} — {h.reason}"
        return self.toast

    def _draw_footer(self, surface: pygame.Surface) -> pygame.Rect:
        """The footer strip below the cards: a pill with the footer text, fading out
        with its message. Words too long for one line get smaller type, then more lines
        (the pill grows upwards), never an ellipsis. Returns where the pill was drawn
        (an empty rect when there was nothing to say)."""
        palette = self.table.app.palette
        table = self.table
        words = self.footer_text()
        foot = table.layout.footer
        if not words or foot.height <= 0:
            return pygame.Rect(0, 0, 0, 0)
        key = (words, foot.size)
        cached = self._footers.get(key)
        if cached is None:
            room = foot.width - 2 * foot.height
            px = palette.scaled(max(11, round(foot.height * 0.55)))
            # Smaller type before more lines: the reason of a hint is worth reading whole.
            while px > 11 and theme.font(px).size(words)[0] > room:
                px -= 1
            f = theme.font(px)
            lines = wrap(words, px, room) if f.size(words)[0] > room else [words]
            colour = palette.highlight if words == self.toast else palette.ink
            step = f.get_linesize()
            text_w = max(f.size(line)[0] for line in lines)
            height = max(foot.height, step * len(lines) + round(px * 0.5))
            image = pygame.Surface((text_w + round(foot.height * 1.2), height), pygame.SRCALPHA)
            theme.panel(image, image.get_rect(), palette, radius=min(height, foot.height) // 2)
            rects: list[tuple[pygame.Rect, str]] = []
            y = (height - step * len(lines)) // 2
            for line in lines:
                text = f.render(line, True, colour)
                at = text.get_rect(midtop=(image.get_width() // 2, y + (step - text.get_height()) // 2))
                image.blit(text, at)
                rects.append((at, line))
                y += step
            if len(self._footers) > FOOTER_CACHE:
                self._footers.clear()
            cached = self._footers[key] = (image, rects)
        image, rects = cached
        fade = 1.0
        if table.message and words == table.message and table.message_left < 0.4:
            fade = max(0.0, table.message_left / 0.4)
        image.set_alpha(round(255 * fade))
        where = image.get_rect(midbottom=foot.midbottom)
        surface.blit(image, where)
        for rect, line in rects:
            table.app.drawn.add(Kind.TEXT, rect.move(where.topleft), f"footer: {line}")
        return where


def _shortened(number: str, digits: int) -> str:
    """``number`` ("#" and digits) with only ``digits`` digits kept at each end, "…"
    between, when it is longer than that."""
    body = number[1:]
    if len(body) <= 2 * digits + 1:
        return number
    return f"#{body[:digits]}…{body[-digits:]}"
