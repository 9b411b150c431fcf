"""Help over the table: how to play a rule set on one screen, and the list of keys.

:class:`HelpScene` is a sheet of paper over the dimmed table with the rule set's
:class:`~game.engine.profile.Guide`: the goal, the numbered steps beside a drawn diagram
of the table (:mod:`game.ui.diagram`) whose arrows carry the same numbers, what else a
new player must know, and how to move cards. :class:`KeysScene` lists every key and mouse
gesture the table answers to. Both close with a click, Esc or Enter, and change nothing
in the game beneath.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..engine import RULE_IDS, RULESETS, profile_of
from ..records.scoring import HINT_PENALTY
from . import theme
from .app import App, Scene
from .diagram import (
    INK,
    LABEL_INK,
    PAPER,
    PAPER_EDGE,
    Diagram,
    blocks_height,
    diagram_size,
    draw_blocks,
    draw_diagram,
)
from .drawn import Kind
from .keys import is_question_mark
from .widgets import fitting_px, record_button, ui_scale, wrap

#: the words at the foot of a sheet, quieter than its text
FOOT_INK = (90, 90, 80)
#: how a player moves cards, in every rule set
HOW_TO_MOVE = ("Drag a card to where it goes, or click it and then click where it goes. "
               "Double-click a card (or right-click it) to send it to its foundation.")


def when_stuck(hints: bool) -> str:
    """Where a new player finds help on the table later: the hint (and what it costs)
    unless the options turned hints off, undo, and this sheet again (the Help button may
    be in the bar's "⋯" menu: F1 always works)."""
    hint = (f"Hint (H) shows a good move, for −{HINT_PENALTY} points; " if hints
            else "Hints are turned off in the options; ")
    return f"Stuck? {hint}Undo (U) takes a move back. F1 brings this page back."


#: the keys that close the help (any click closes it too)
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_F1)


def _dim(surface: pygame.Surface) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))


def _line_h(px: int) -> int:
    """The height of a line of the list of keys: a line's whole drawn height and a gap,
    so one line's accents never touch the next line's letters."""
    f = theme.font(px)
    return max(f.get_linesize(), f.get_height()) + max(1, px // 8)


def _paper(surface: pygame.Surface, rect: pygame.Rect, px: int) -> None:
    radius = max(6, px // 2)
    shadow = rect.move(round(px * 0.3), round(px * 0.35))
    pygame.draw.rect(surface, (10, 36, 22), shadow, border_radius=radius)
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    pygame.draw.rect(surface, PAPER_EDGE, rect, width=2, border_radius=radius)


class HelpScene(Scene):
    """How to play one rule set, over the table: a click, Esc or Enter closes it."""

    opaque = False
    escape_goes_back = True

    def __init__(self, app: App, rules: str, keys: Sequence[tuple[str, str]] = ()) -> None:
        """How to play ``rules``; ``keys``, the table's list of keys, is what ? opens in
        the help's place (none: the foot does not offer it)."""
        super().__init__(app)
        self.keys = list(keys)
        if rules not in RULESETS:
            raise ValueError(f"unknown rule set {rules!r}: choose one of {', '.join(RULE_IDS)}")
        self.rules = rules
        self.profile = profile_of(rules)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.diagram_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.px = 16
        #: what the last frame drew: the diagram, and each block of text's rectangle
        self.diagram: Diagram | None = None
        self.text_boxes: list[pygame.Rect] = []
        self.rules_button = theme.Button("Full rules", self.open_rules, hint="R")
        self.resize(app.size)

    # ----- layout ---------------------------------------------------------------------------

    def _blocks(self) -> list[tuple[int, str, bool]]:
        """The text, as (step number or 0, words, bold) blocks in reading order."""
        guide = self.profile.guide
        blocks: list[tuple[int, str, bool]] = [(0, guide.goal, True)]
        blocks += [(n, s.words, False) for n, s in enumerate(guide.steps, start=1)]
        blocks += [(0, note, False) for note in guide.notes]
        blocks.append((0, HOW_TO_MOVE, False))
        blocks.append((0, when_stuck(self.app.settings.hints), False))
        return blocks

    def _text_height(self, px: int, width: int) -> int:
        return blocks_height(self._blocks(), px, width)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the sheet out for the window: the diagram beside the text in a wide window,
        above it in a tall one; the text as large as fits the sheet."""
        w, h = size
        s = ui_scale(size)
        margin = max(12, round(min(w, h) * 0.04))
        panel_w = min(w - 2 * margin, round(1500 * s))
        # a tall window gets a tall sheet (the diagram then stands above the text)
        panel_h = min(h - 2 * margin, max(round(1000 * s), round(panel_w * 1.4)))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (w // 2, h // 2)
        pad = max(10, round(min(panel_w, panel_h) * 0.035))
        self.title_px = max(16, round(30 * s))
        self.foot_px = max(11, round(15 * s))
        top = self.panel.top + pad + round(self.title_px * 1.5)
        button_h = round(self.foot_px * 2.2)
        bottom = self.panel.bottom - pad - button_h - round(self.foot_px * 0.6)
        button_w = theme.font(self.foot_px, True).size(self.rules_button.label)[0] + 2 * self.foot_px
        self.rules_button.rect = pygame.Rect(0, 0, button_w, button_h)
        self.rules_button.rect.bottomright = (self.panel.right - pad, self.panel.bottom - pad)
        inner = pygame.Rect(self.panel.left + pad, top, panel_w - 2 * pad, bottom - top)
        wide = inner.width > inner.height * 1.3
        if wide:
            dw = round(inner.width * 0.54)
            self.diagram_rect = pygame.Rect(inner.left, inner.top, dw, inner.height)
            self.text_rect = pygame.Rect(inner.left + dw + pad, inner.top, inner.width - dw - pad,
                                         inner.height)
        else:
            dh = round(inner.height * 0.42)
            self.diagram_rect = pygame.Rect(inner.left, inner.top, inner.width, dh)
            self.text_rect = pygame.Rect(inner.left, inner.top + dh + pad, inner.width,
                                         inner.height - dh - pad)
        px = max(11, round(21 * s), 0 if wide else round(inner.width / 48))
        while px > 10 and self._text_height(px, self.text_rect.width) > self.text_rect.height:
            px -= 1
        self.px = px
        if not wide:
            # the text takes what it needs, the diagram what it needs of the rest, and the
            # sheet shrinks round them both
            need = self._text_height(px, self.text_rect.width)
            room = inner.height - need - pad
            diagram_h = min(room, diagram_size(self.profile, size, inner.width, room, px)[1])
            spare = room - diagram_h
            self.panel.height -= spare
            self.panel.centery = h // 2
            top = self.panel.top + pad + round(self.title_px * 1.5)
            self.diagram_rect = pygame.Rect(inner.left, top, inner.width, diagram_h)
            self.text_rect = pygame.Rect(inner.left, self.diagram_rect.bottom + pad, inner.width, need)
            self.rules_button.rect.bottomright = (self.panel.right - pad, self.panel.bottom - pad)

    # ----- input ----------------------------------------------------------------------------

    def close(self) -> None:
        """Back to the game."""
        if self.app.top is self:
            self.app.pop()

    def open_keys(self) -> None:
        """The list of keys, in the help's place (Esc returns to the game)."""
        if self.app.top is self:
            self.app.swap("keys", rows=self.keys)

    def open_rules(self) -> None:
        """The full rules of this rule set, in the help's place (Back returns to the game)."""
        if self.app.top is self:
            self.app.swap("rules", rules=self.rules)

    def handle_event(self, event: pygame.event.Event) -> None:
        """R or the button opens the full rules, ? the list of keys; any other click, Esc,
        Enter, Space or F1 closes the help."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.open_rules()
            elif self.keys and is_question_mark(event):
                self.open_keys()
            elif event.key in CLOSE_KEYS:
                self.close()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.rules_button.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (1, 3):
            if not self.rules_button.handle(event):
                self.close()

    # ----- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table, the sheet, its title, the diagram, the text and the keys."""
        drawn = self.app.drawn
        _dim(surface)
        drawn.add(Kind.SHADE, surface.get_rect(), "the dimmed table")
        _paper(surface, self.panel, self.px)
        drawn.add(Kind.PANEL, self.panel, "how to play: the sheet")
        pad = self.diagram_rect.left - self.panel.left
        title = theme.text(surface, f"How to play {self.profile.title}", self.title_px,
                   (self.panel.left + pad, self.panel.top + pad), LABEL_INK, bold=True)
        self.diagram = draw_diagram(surface, self.diagram_rect, self.profile, self.app.size, self.px)
        self.text_boxes = self._draw_text(surface)
        drawn.add(Kind.TEXT, title, "how to play: title")
        self.diagram.record(drawn, "how to play: the diagram")
        for n, box in enumerate(self.text_boxes):
            drawn.add(Kind.TEXT, box, f"how to play: block {n + 1}")
        button = self.rules_button.rect
        foot = "Esc, Enter or a click: back to the game   ·   R: the full rules" + (
            "   ·   ?: every key" if self.keys else "")
        room = button.left - pad - (self.panel.left + pad)
        foot_px = fitting_px(foot, self.foot_px, room, 10)
        drawn.add(Kind.TEXT, theme.text(surface, foot, foot_px, (self.panel.left + pad, button.centery),
                                        FOOT_INK, anchor="midleft"), "how to play: the keys")
        self.rules_button.draw(surface, self.foot_px, self.app.palette)
        record_button(drawn, self.rules_button, self.foot_px, "how to play: Full rules")

    def _draw_text(self, surface: pygame.Surface) -> list[pygame.Rect]:
        return draw_blocks(surface, self._blocks(), self.text_rect, self.px)


class KeysScene(Scene):
    """Every key and mouse gesture the screen beneath (the table, the replay viewer)
    answers to, in two columns over it: a click, Esc, Enter, F1 or ? closes it."""

    opaque = False
    escape_goes_back = True

    def __init__(self, app: App, rows: Sequence[tuple[str, str]], back_to: str = "the game") -> None:
        """The list of ``rows`` over the screen the sheet's foot calls ``back_to``."""
        super().__init__(app)
        #: (keys, what they do); a row with no keys is a heading
        self.rows = list(rows)
        self.back_to = back_to
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.px = 16
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """The sheet as large as the list needs at the largest type that fits the window,
        a long description wrapped onto more lines (rather than the whole list made small
        for the one line)."""
        w, h = size
        s = ui_scale(size)
        # a sheet to read: never the smallest type where the window has the room
        px = max(15, round(19 * s))
        margin = max(12, round(min(w, h) * 0.04))
        while True:
            line_h = _line_h(px)
            keys_w = max(theme.font(px, True).size(k)[0] for k, _ in self.rows)
            what_w = max(theme.font(px).size(d)[0] for _, d in self.rows)
            # the descriptions' column: as wide as the longest, or what the window leaves
            room = min(what_w, w - 2 * margin - keys_w - px * 5)
            lines = [wrap(d, px, room) if k and room > 0 else [d] for k, d in self.rows]
            width = keys_w + max(theme.font(px).size(line)[0] for part in lines for line in part) + px * 5
            headings = sum(1 for k, _ in self.rows if not k)
            height = round(line_h * (sum(len(part) for part in lines) + 0.6 * headings + 5))
            # a description column narrower than a dozen letters reads worse than smaller type
            if px <= 10 or (room >= px * 12 and width <= w - 2 * margin and height <= h - 2 * margin):
                break
            px -= 1
        self.px = px
        self.keys_w = keys_w
        self.lines = lines
        self.panel = pygame.Rect(0, 0, min(width, w - 2 * margin), min(height, h - 2 * margin))
        self.panel.center = (w // 2, h // 2)

    def close(self) -> None:
        """Back to the game."""
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click, Esc, Enter, Space or ? closes the list."""
        if (event.type == pygame.KEYDOWN and (event.key in CLOSE_KEYS or is_question_mark(event))) or \
                (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) in (1, 3)):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table and the sheet of keys."""
        drawn = self.app.drawn
        _dim(surface)
        drawn.add(Kind.SHADE, surface.get_rect(), "the dimmed table")
        px = self.px
        _paper(surface, self.panel, px)
        drawn.add(Kind.PANEL, self.panel, "keys: the sheet")
        line_h = _line_h(px)
        x = self.panel.left + round(px * 1.5)
        y = self.panel.top + round(line_h * 0.8)
        title = theme.text(surface, "Keys and mouse", round(px * 1.3), (x, y), LABEL_INK, bold=True)
        drawn.add(Kind.TEXT, title, "keys: title")
        y += round(line_h * 1.8)
        for (keys, what), lines in zip(self.rows, self.lines, strict=True):
            if not keys:
                # a heading
                y += round(line_h * 0.4)
                heading = theme.text(surface, what, px, (x, y), LABEL_INK, bold=True)
                drawn.add(Kind.TEXT, heading, f"keys: {what}")
                y += round(line_h * 1.2)
                continue
            drawn.add(Kind.TEXT, theme.text(surface, keys, px, (x, y), LABEL_INK, bold=True), f"keys: {keys}")
            for n, line in enumerate(lines):
                box = theme.text(surface, line, px, (x + self.keys_w + px * 2, y), INK)
                drawn.add(Kind.TEXT, box, f"keys: {keys}: {what}" + (f" (line {n + 1})" if n else ""))
                y += line_h
        foot = theme.text(surface, f"Esc, Enter or a click: back to {self.back_to}", max(10, round(px * 0.8)),
                          (self.panel.centerx, self.panel.bottom - round(line_h * 0.4)), FOOT_INK,
                          anchor="midbottom")
        drawn.add(Kind.TEXT, foot, "keys: how to close")

