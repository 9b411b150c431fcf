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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..console import grouped
from ..engine import RULE_IDS, rules_class
from ..engine.cards import card_pretty
from ..engine.profile import RuleProfile
from ..engine.words import fill_words, move_words
from ..session import Points
from . import theme
from .drawn import Box, Kind
from .hud_footer import Footer
from .hud_menu import MORE, OVERFLOW_ORDER, OverflowMenu
from .layout import BAR_UNIT_PER_WIDTH
from .popups import POPUP_SECONDS, Popup, PopupPlacer, points_popup
from .tooltips import Tooltips
from .widgets import fit_text, fitting_px, wrap

if TYPE_CHECKING:
    from .table import TableScene

#: how quickly the shown score counts towards the real one (share of the gap per second)
TICK_RATE = 9.0
#: the narrowest room in which the bar shows a status; a narrower one sends it to the footer
STATUS_ROOM = 200
#: the widest moves count and clock the bar keeps room for, so nothing moves as they grow
STATS_TEMPLATE = "Moves 8,888  ·  88:88"
#: the widest score the bar keeps room for
SCORE_TEMPLATE = "−888,888"
#: digits kept at each end of a game number shortened with "…"
MIN_NUMBER_DIGITS = 3


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
    #: the game number's text size: the small lines', or a little smaller where that
    #: keeps every digit
    number_px: int = 0


#: the footer's button that plays every card home once nothing else is needed
FINISH_LABEL = "Finish: every card home (F)"


def _profiles() -> list[RuleProfile]:
    """Every rule set's profile (the bar keeps room for the longest title of any)."""
    return [rules_class(rules).profile for rules in RULE_IDS]


@dataclass(frozen=True)
class _BarType:
    """The bar's type sizes and the room its parts need, at one ``unit`` of type."""

    px_big: int
    px_small: int
    button_px: int
    edge: int
    gap: int
    bh: int
    bgap: int
    widths: dict[str, int]
    more_w: int
    left_min: int
    stats_w: int
    label_w: int
    #: every button fits in the bar beside the title and the status
    all_fit: bool

    @classmethod
    def at(cls, unit: float, width: int, height: int, suffix: str, number: str,
           scaled: Callable[[int], int], actions: Sequence[theme.Button]) -> _BarType:
        px_big = scaled(max(13, round(unit * 0.3)))
        px_small = scaled(max(11, round(unit * 0.25)))
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
        widths = {b.label: bf.size(b.label)[0] + 2 * pad for b in actions}
        more_w = max(bh, bf.size(MORE)[0] + 2 * pad)
        # The title and the number in the shortest forms they may take; the room is kept
        # for the longest title of any rule set, so that the bar has the same parts in the
        # same places whichever is played.
        shortest = _shortened(number, MIN_NUMBER_DIGITS)
        left_min = max(max(big.size(p.short_title + suffix)[0] for p in _profiles()), small.size(shortest)[0])
        label_w = small.size("Score ")[0]
        stats_w = max(small_bold.size(STATS_TEMPLATE)[0], label_w + big.size(SCORE_TEMPLATE)[0])
        buttons = sum(widths.values()) + bgap * max(0, len(widths) - 1)
        all_fit = left_min + 2 * gap + stats_w + buttons <= width - 2 * edge
        return cls(px_big, px_small, button_px, edge, gap, bh, bgap, widths, more_w, left_min, stats_w,
                   label_w, all_fit)


class Hud:
    """The bar, the floating points and the footer of one table."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: the table's buttons, in the bar's order
        self.actions = [theme.Button(label, self._clicking(action), hint=keys)
                        for label, action, keys in self._button_specs()]
        #: the "⋯" button and the menu of the buttons the bar has no room for
        self.menu = OverflowMenu(table)
        #: "Finish": shown in the footer's strip while every card left can go home by
        #: itself (:meth:`~game.session.session.PlaySession.finish_line`), hidden otherwise
        self.finish = theme.Button(FINISH_LABEL, self._clicking(table.finish), hint="F")
        #: every button that takes the mouse: the "⋯" first, so that it sees a press
        #: before the others (a press beside its open menu closes it)
        self.buttons: list[theme.Button] = [self.menu.more, *self.actions, self.finish]
        self.number_rect = pygame.Rect(0, 0, 0, 0)
        #: the pointer is over the game number (which a click copies)
        self.number_hover = False
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        #: a status the bar had no room for: the footer shows it
        self.toast = ""
        #: the score shown: it counts towards the session's score
        self.shown_score = 0.0
        self.popups: list[Popup] = []
        self._placer = PopupPlacer(table)
        self.plan: BarPlan | None = None
        self._surface: pygame.Surface | None = None
        self._key: Any = None
        #: what the cached bar drew (in the window), recorded again every frame
        self._bar_boxes: list[Box] = []
        self.footer = Footer(table)
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

    @property
    def more(self) -> theme.Button:
        """The "⋯" button."""
        return self.menu.more

    @property
    def overflow(self) -> list[theme.Button]:
        """The buttons the bar has no room for, shown in the "⋯" menu."""
        return self.menu.overflow

    @property
    def menu_open(self) -> bool:
        """Whether the "⋯" menu is open."""
        return self.menu.open

    def close_menu(self) -> None:
        """Close the "⋯" menu (nothing happens when it is closed)."""
        self.menu.close()

    # ----- laying the bar out -------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the bar and the footer afresh (the palette or the options may have changed)."""
        self._key = None
        self.footer.clear()
        self._plan_bar()

    def release(self) -> None:
        """Let go of the bar's and the footer's pictures (the table is no longer shown);
        drawing again makes them afresh."""
        self._surface = None
        self._key = None
        self.footer.clear()

    def relayout(self) -> None:
        """Lay the bar out for the table's layout: texts, buttons, the "⋯" menu."""
        self.menu.open = False
        self.redraw()

    def _plan_bar(self) -> None:
        """Decide what the bar shows where at its width (see the module docstring)."""
        table = self.table
        palette = table.app.palette
        g = table.game
        hud = table.layout.hud
        width, height = hud.size
        suffix = ""
        if table.level is not None:
            suffix = f" · Level {table.level.number}"
        elif table.daily is not None:
            suffix = " · Daily deal"
        titles = [g.title + suffix, g.profile.short_title + suffix]
        number = f"#{g.game}"
        # Type follows the bar's height, but a narrow window (a tall one's bar is tall
        # and narrow) gets smaller type, so the bar's parts keep their room; and where the
        # buttons would not all fit, type up to a fifth smaller, before any goes into "⋯".
        unit = min(height, width * BAR_UNIT_PER_WIDTH)
        sizes = next((t for k in (1.0, 0.95, 0.9, 0.85, 0.8)
                      if (t := _BarType.at(unit * k, width, height, suffix, number, palette.scaled,
                                           self.actions)).all_fit),
                     None) or _BarType.at(unit, width, height, suffix, number, palette.scaled, self.actions)
        px_big, px_small, button_px = sizes.px_big, sizes.px_small, sizes.button_px
        edge, gap = sizes.edge, sizes.gap
        big, small = theme.font(px_big, bold=True), theme.font(px_small)
        bh, bgap, widths, more_w = sizes.bh, sizes.bgap, sizes.widths, sizes.more_w
        left_min, stats_w, label_w = sizes.left_min, sizes.stats_w, sizes.label_w
        left_want = max(max(big.size(p.title + suffix)[0] for p in _profiles()), small.size(number)[0])
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
        # the number whole where a text up to three pixels smaller holds it (it is shared
        # and typed again), then shortened in its middle
        number_px = fitting_px(number, px_small, left_w, max(10, px_small - 3))
        if theme.font(number_px).size(number)[0] > left_w:
            number_px = px_small
        number_font = theme.font(number_px)
        shown_number = number
        digits = len(g.game)
        while number_font.size(shown_number)[0] > left_w and digits > MIN_NUMBER_DIGITS:
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
        self.menu.overflow = [b for b in self.actions if any(b is h for h in hidden)]
        self.plan = BarPlan(px_big, px_small, button_px, title, shown_number, line1, line2, edge, stats_x,
                            pygame.Rect(status_x, 0, max(0, buttons_left - gap - status_x), height),
                            number_px)
        self.score_rect = pygame.Rect(stats_x + label_w, line1, big.size(SCORE_TEMPLATE)[0], h1)
        self.menu.button_px = button_px
        self.menu.open = self.menu.open and bool(hidden)
        self.menu.place()

    # ----- the score ----------------------------------------------------------------------

    def show_points(self, points: Points) -> None:
        """Show a change of the score: "+10" rising above the foundation it was earned on
        (or just under the bar, below the score); the shown number counts towards the new
        total."""
        popup = points_popup(points, self.table.app.palette)
        if popup is None:
            return
        self.popups = [p for p in self.popups if p.place != points.place]
        self.popups.append(popup)
        del self.popups[:-8]
        if self.table.speed == 0:
            self.shown_score = float(self.table.score.total)

    def update(self, dt: float) -> None:
        """Age the floating points; count the shown score towards the real one; close the
        "⋯" menu when something opened over the table (a key's dialog, the demo); time the
        pointer's rest on a button for its tooltip."""
        if self.menu_open and not self.table.app.gets_input(self.table):
            self.close_menu()
        self.tooltips.update(dt, self.bar_buttons)
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
        finishing = self.finish_ready()
        # while the demo plays, its banner stands in the footer's strip and says what it
        # does: the table's own words there are not the player's business
        top = self.table.app.top
        demo = top is not None and top.name == "demo"
        quiet = demo or (finishing and not self.table.message)
        words = self.footer.draw(surface, "" if quiet else self.footer_text(), self.toast)
        self._draw_finish(surface, finishing and not words.width)
        self._placer.draw(surface, self.popups, self.score_rect.move(hud.topleft), words)
        self.menu.draw(surface)
        self._draw_number_tip(surface)
        if self.plan is not None and not self.menu_open:
            self.tooltips.draw(surface, self.plan.button_px, self.table.app.palette, self.table.app.drawn)

    def status(self) -> str:
        """What the bar says when there is no message: the fill owed, the card held, that
        the game is lost, the hint shown."""
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
        if g.is_lost() and not table.result_due and table.app.top is table:
            # the game's dialog was closed (not folded into its bar, which says so): say
            # how to bring it back
            return "No more moves: H for the game's end and where it went wrong"
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
        self._refresh_buttons()
        status = table.message or self.status()
        if self.plan is None:
            self._plan_bar()
        plan = self.plan
        assert plan is not None
        key = (table.layout.size, g.game, len(g.history), seconds, status, palette.high_contrast,
               self.number_hover, self.menu_open,
               tuple((b.hover, b.pressed, b.enabled, tuple(b.rect)) for b in self.bar_buttons))
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
        number = theme.text(surf, plan.number, plan.number_px or plan.px_small, (plan.left, plan.line2),
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
        moves = theme.text(surf, f"Moves {len(g.history):,}  ·  {minutes}:{secs:02d}", plan.px_small,
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
        for button in self.bar_buttons:
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
        words = grouped(total)
        colour = palette.highlight if counting else palette.gold
        image = table.renderer.text(words, plan.px_big, colour, True)
        rect = self.score_rect.move(table.layout.hud.topleft)
        at = image.get_rect(midleft=(rect.x, rect.centery))
        surface.blit(image, at)
        table.app.drawn.add(Kind.TEXT, at, "score")

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

    @property
    def bar_buttons(self) -> list[theme.Button]:
        """The buttons the bar draws: "⋯" and the actions (not the footer's "Finish")."""
        return [self.menu.more, *self.actions]

    def finish_ready(self) -> bool:
        """Every card left can go home in turn, and nothing is flying: "Finish" is offered."""
        table = self.table
        return (not table.anim.busy and not table.game.is_won() and table.app.top is table
                and bool(table.session.finish_line()))

    def _draw_finish(self, surface: pygame.Surface, shown: bool) -> None:
        """The "Finish" button in the middle of the footer's strip, when ``shown``."""
        button = self.finish
        foot = self.table.layout.footer
        if not shown or foot.height <= 0:
            button.rect = pygame.Rect(0, 0, 0, 0)
            button.hover = button.pressed = False
            return
        px = max(11, round(foot.height * 0.5))
        width = theme.font(px, bold=True).size(button.label)[0] + 2 * px
        button.rect = pygame.Rect(0, 0, width, foot.height - 4)
        button.rect.midbottom = (foot.centerx, foot.bottom - 2)
        button.draw(surface, px, self.table.app.palette)
        self.table.app.drawn.add(Kind.BUTTON, button.rect, button.label)

    def footer_text(self) -> str:
        """What the footer says now: a message or status the bar had no room for, else
        the current hint's move and reason."""
        return self.footer.text(self.toast)


def _shortened(number: str, digits: int) -> str:
    """``number`` ("#" and digits) with only ``digits`` digits kept at each end, "…"
    between, when it is longer than that."""
    body = number[1:]
    if len(body) <= 2 * digits + 1:
        return number
    return f"#{body[:digits]}…{body[-digits:]}"
