"""The screens that show one rule set at a time (rules, statistics, levels, high scores)
share their top: a Back button, then a tab for each rule set, the shown one filled with
gold. Two keys step to the previous and the next rule set; Esc or Backspace goes back.
"""

from __future__ import annotations

from functools import partial

import pygame

from ..engine import RULE_IDS, RULESETS, profile_of
from . import theme
from .app import App, Scene
from .drawn import Kind
from .theme import Button
from .widgets import FocusRing, fit_text, focus_glow, record_button, ui_scale

#: the name on the shown rule set's gold tab
SHOWN_TAB_INK = (28, 40, 30)


def tab_name(rules: str, unknown: str = "") -> str:
    """A rule set's short name, as its tab says it (``unknown`` for an id that is no rule
    set's, such as one a damaged file names)."""
    return profile_of(rules).tab_name if rules in RULESETS else unknown


class RuleTabsScene(Scene):
    """A screen about one rule set at a time, with Back and the rule-set tabs along the top.

    A screen lays the bar out with :meth:`layout_bar` and draws it with :meth:`draw_bar`;
    its own keys and mouse use go in :meth:`handle_key` and :meth:`handle_mouse`.
    """

    #: the Back button's width and the room after it, in units of the text size
    back_width = 6.0
    tabs_after_back = 1.2
    #: the keys for the previous and the next rule set
    switch_keys = (pygame.K_LEFT, pygame.K_RIGHT)
    escape_goes_back = True

    def __init__(self, app: App, rules: str) -> None:
        super().__init__(app)
        self.rules = rules
        self.tabs = [Button(tab_name(r), partial(self.show, r)) for r in RULE_IDS]
        self.back_button = Button("Back", self.back)
        self.ring = FocusRing()
        self.size = app.size
        self.px = 20
        #: where a title under the bar stands
        self.title_y = 0

    def show(self, rules: str) -> None:
        """Show another rule set."""
        raise NotImplementedError

    def back(self) -> None:
        """Return to the screen below."""
        self.app.pop()

    def step_rules(self, step: int) -> None:
        """Show the rule set ``step`` tabs on (wrapping round)."""
        i = RULE_IDS.index(self.rules) + step
        self.show(RULE_IDS[i % len(RULE_IDS)])

    # ----- layout ------------------------------------------------------------------------

    def layout_bar(self, end: Button | None = None) -> pygame.Rect:
        """Place Back and the tabs along the top of the window at text size ``self.px``,
        and ``end`` (a button of the screen's own, drawn by :meth:`draw_bar`), if any, at
        the bar's right end, as wide as its label; returns the bar, whose sides are the
        screen's margins."""
        w = self.size[0]
        s = ui_scale(self.size)
        px = self.px
        margin = round(24 * s)
        bar = pygame.Rect(margin, round(16 * s), w - 2 * margin, round(px * 2.3))
        keep = 0
        if end is not None:
            end_w = theme.font(round(px * 0.85), bold=True).size(end.label)[0] + 2 * px
            end.rect = pygame.Rect(bar.right - end_w, bar.y, end_w, bar.height)
            keep = end_w + round(px * 0.8)
        gap = round(px * 0.4)
        back_w = round(px * self.back_width)

        def tab_width(back_w: int) -> int:
            tab_x = bar.x + back_w + round(px * self.tabs_after_back)
            return min(round(px * 10), (bar.right - keep - tab_x - 3 * gap) // 4)

        if tab_width(back_w) - round(px * 0.6) < self._longest_tab_name(round(px * 0.85)):
            # the tabs would need smaller type: Back gives up its spare width first
            label_w = theme.font(round(px * 0.9), bold=True).size(self.back_button.label)[0]
            back_w = min(back_w, label_w + 2 * px)
        tab_w = tab_width(back_w)
        self.back_button.rect = pygame.Rect(bar.x, bar.y, back_w, bar.height)
        tab_x = self.back_button.rect.right + round(px * self.tabs_after_back)
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(tab_x + i * (tab_w + gap), bar.y, tab_w, bar.height)
        self.title_y = bar.bottom + round(px * 0.8)
        return bar

    # ----- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc or Backspace goes back and ``switch_keys`` step through the rule sets; other
        keys go to :meth:`handle_key`, then to the focus ring; the mouse goes to
        :meth:`handle_mouse`, then to the buttons."""
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif key in self.switch_keys:
                self.step_rules(1 if key == self.switch_keys[1] else -1)
            elif not self.handle_key(event):
                self.ring.handle_key(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if not self.handle_mouse(event):
                self.ring.handle_mouse(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key of the screen's own, before the focus ring; True when it was used."""
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """A mouse event of the screen's own, before the buttons; True when it was used."""
        return False

    # ----- drawing -----------------------------------------------------------------------

    def draw_bar(self, surface: pygame.Surface, *extra: Button) -> None:
        """Felt, then Back, the tabs and the ``extra`` buttons of the bar, with the keyboard
        focus on whichever of them has it."""
        palette = self.app.palette
        surface.blit(palette.felt(self.size), (0, 0))
        drawn = self.app.drawn
        tab_px = self.tab_px()
        for tab, rules in zip(self.tabs, RULE_IDS, strict=True):
            tab.draw(surface, tab_px, palette)
            if rules == self.rules:
                label = self.mark_tab(surface, tab.rect)
                box = drawn.add(Kind.BUTTON, tab.rect, f"tab {tab.label}")
                drawn.add(Kind.TEXT, label, f"the label of tab {tab.label}", box)
            else:
                record_button(drawn, tab, tab_px, f"tab {tab.label}")
        # the bar's own buttons shrink their type with the tabs', so the bar reads as one
        back_px, extra_px = self.bar_px(0.9, tab_px), self.bar_px(0.85, tab_px)
        self.back_button.draw(surface, back_px, palette)
        record_button(drawn, self.back_button, back_px)
        for button in extra:
            button.draw(surface, extra_px, palette)
            record_button(drawn, button, extra_px)
        for b in (self.back_button, *extra, *self.tabs):
            if b.focused:
                focus_glow(surface, b.rect, max(4, b.rect.height // 4), palette)

    def tab_px(self) -> int:
        """The size of the tabs' names: the bar's usual size, smaller where the tabs are
        too narrow for every name to fit whole (a narrow window, a bar with more buttons)."""
        size = round(self.px * 0.85)
        room = min(tab.rect.width for tab in self.tabs) - round(self.px * 0.6)
        while size > 10 and self._longest_tab_name(size) > room:
            size -= 1
        return size

    def bar_px(self, share: float, tab_px: int) -> int:
        """The size of a bar button's label that is ``share`` of the text size where the
        tabs' names have their usual size: as much smaller as they are (``tab_px``,
        :meth:`tab_px`), where they are set smaller (Back and "Reset…" never dwarf the
        tabs beside them)."""
        usual = round(self.px * 0.85)
        return max(10, round(self.px * share * tab_px / usual))

    def _longest_tab_name(self, px: int) -> int:
        """The width of the longest tab name at ``px``."""
        return max(theme.font(px, True).size(tab.label)[0] for tab in self.tabs)

    def mark_tab(self, surface: pygame.Surface, r: pygame.Rect) -> pygame.Rect:
        """Mark the tab of the rule set shown: filled with gold, its name dark on it (a
        gold outline is the keyboard focus's alone, so the two never look alike). Returns
        where the name was drawn."""
        palette = self.app.palette
        pygame.draw.rect(surface, palette.gold, r, border_radius=max(4, r.height // 4))
        px = self.tab_px()
        return theme.text(surface, fit_text(tab_name(self.rules), px, r.width - px // 2, bold=True), px,
                          r.center, colour=SHOWN_TAB_INK, bold=True, anchor="center")

    def draw_title(self, surface: pygame.Surface, words: str) -> int:
        """The screen's title in gold, centred at ``title_y``; returns its text size."""
        palette = self.app.palette
        big = round(self.px * 1.5)
        title = theme.text(surface, fit_text(words, big, self.size[0] - 2 * self.px, bold=True), big,
                           (self.size[0] // 2, self.title_y), colour=palette.gold, bold=True, anchor="midtop")
        self.app.drawn.add(Kind.TEXT, title, f"title: {words}")
        return big
