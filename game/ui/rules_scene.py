"""The rules of a rule set, set like a page of a book and scrolled with the wheel, the
arrow keys, PageUp/PageDown and Home/End.

The words come from ``assets/rules/<rule set>.md``: ``#`` and ``##`` headings, paragraphs,
``-`` list items, ``**bold**`` and ``*stressed*`` words. Suit symbols come from the DejaVu
font; words with ♥ or ♦ are printed red.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from .. import paths
from ..engine import RULE_IDS, RULESETS, profile_of
from . import theme
from .app import App
from .diagram import Diagram, blocks_height, diagram_size, draw_blocks, draw_diagram, step_blocks
from .drawn import Kind
from .rule_tabs import RuleTabsScene
from .widgets import draw_key_hint, is_portrait, stacked_scale

RULES_DIR = paths.RULES

PAPER = (250, 245, 230)
PAPER_EDGE = (196, 170, 110)
INK = (34, 34, 38)
HEAD_INK = (22, 70, 44)
STRESS_INK = (110, 60, 20)
SUIT_RED = (196, 24, 36)


@dataclass(frozen=True)
class Block:
    """One block of the page: ``kind`` is "h1", "h2", "p" or "li"; ``spans`` are
    (words, style) pairs with style "", "bold" or "stress"."""

    kind: str
    spans: tuple[tuple[str, str], ...]


_SPAN = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")


def _spans(line: str) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for part in _SPAN.split(line):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            out.append((part[2:-2], "bold"))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            out.append((part[1:-1], "stress"))
        else:
            out.append((part, ""))
    return tuple(out)


def parse_rules(text: str) -> list[Block]:
    """Split the Markdown-like rules text into headings, paragraphs and list items.

    Lines of one paragraph (or one list item) are joined; a blank line ends it.
    """
    blocks: list[Block] = []
    kind = ""
    lines: list[str] = []

    def flush() -> None:
        nonlocal kind, lines
        if lines:
            blocks.append(Block(kind or "p", _spans(" ".join(lines))))
        kind, lines = "", []

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Block("h2", _spans(line[3:].strip())))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("h1", _spans(line[2:].strip())))
        elif line.startswith(("- ", "* ")):
            flush()
            kind, lines = "li", [line[2:].strip()]
        else:
            if not kind:
                kind = "p"
            lines.append(line)
    flush()
    return blocks


def load_rules_text(rules: str) -> str:
    """The rules text of a rule set; a short note naming the file if it cannot be read."""
    path = RULES_DIR / f"{rules}.md"
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        title = RULESETS[rules].title if rules in RULESETS else rules
        return f"# {title}\n\n{RULESETS[rules].summary if rules in RULESETS else ''}\n\n" \
               f"The full rules could not be read from {path.name}: {err}."


@dataclass(frozen=True)
class Word:
    """One word placed on the page."""

    x: int
    y: int
    words: str
    px: int
    bold: bool
    colour: tuple[int, int, int]


def layout_blocks(blocks: list[Block], width: int, px: int) -> tuple[list[Word], int]:
    """Place every word of ``blocks`` in lines no wider than ``width``; returns the words
    and the height of the whole text."""
    placed: list[Word] = []
    y = 0
    for n, block in enumerate(blocks):
        size = {"h1": round(px * 1.7), "h2": round(px * 1.2)}.get(block.kind, px)
        bold_all = block.kind in ("h1", "h2")
        if block.kind == "h2" and n > 0:
            y += round(px * 0.9)
        indent = round(px * 1.6) if block.kind == "li" else 0
        line_h = round(size * 1.45)
        if block.kind == "li":
            placed.append(Word(round(px * 0.45), y, "•", size, True, HEAD_INK))
        x = indent
        space = theme.font(size).size(" ")[0]
        for word, style, spaced in _tokens(block.spans):
            bold = bold_all or style == "bold"
            w = theme.font(size, bold).size(word)[0]
            start = x + (space if spaced and x > indent else 0)
            if start + w > width and x > indent:
                y += line_h
                start = indent
            colour = HEAD_INK if bold_all else (STRESS_INK if style == "stress" else INK)
            if "♥" in word or "♦" in word:
                colour = SUIT_RED
            placed.append(Word(start, y, word, size, bold, colour))
            x = start + w
        y += line_h
        if block.kind == "li":
            y += round(px * 0.15)
        elif block.kind == "h1":
            y += round(px * 0.3)
        elif block.kind == "p":
            y += round(px * 0.55)
    return placed, y


def _tokens(spans: tuple[tuple[str, str], ...]) -> list[tuple[str, str, bool]]:
    """The words of a block with their style and whether a space comes before each
    (a bold word followed by a comma keeps the comma against it)."""
    out: list[tuple[str, str, bool]] = []
    spaced = False
    for words, style in spans:
        for part in re.split(r"(\s+)", words):
            if not part:
                continue
            if part.isspace():
                spaced = True
                continue
            out.append((part, style, spaced))
            spaced = False
    return out


class RulesScene(RuleTabsScene):
    """The rules of one rule set, scrollable, with tabs for the other three."""

    name = "rules"

    def __init__(self, app: App, rules: str) -> None:
        if rules not in RULESETS:
            raise ValueError(f"unknown rule set {rules!r}: choose one of {', '.join(RULE_IDS)}")
        super().__init__(app, rules)
        self.blocks = parse_rules(load_rules_text(rules))
        self.scroll = 0
        self.content_h = 0
        self.page = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.thumb = pygame.Rect(0, 0, 0, 0)
        self.dragging: int | None = None
        self.content: pygame.Surface | None = None
        #: every word and label on the page, where it stands on the page (not the window)
        self.content_texts: list[tuple[pygame.Rect, str]] = []
        #: the diagram of the table drawn on the page (its rectangles are the page's)
        self.diagram: Diagram | None = None
        self.resize(app.size)
        self.ring.focus(self.back_button)

    def show(self, rules: str) -> None:
        """Switch to the rules of another rule set, from the top."""
        if rules != self.rules:
            self.rules = rules
            self.blocks = parse_rules(load_rules_text(rules))
            self.scroll = 0
            self._render()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the page out again: text wraps to the new width and scales with the window."""
        old = self.scroll / self.content_h if self.content_h else 0.0
        self.size = size
        w, h = size
        self.px = px = max(13, round(20 * stacked_scale(size)))
        bar = self.layout_bar()
        page_w = min(bar.width, round(px * 44))
        top = bar.bottom + round(px * 0.9)
        bottom = h - round(px * 2.0)
        self.page = pygame.Rect((w - page_w) // 2, top, page_w, bottom - top)
        pad = round(px * 1.6)
        self.view = self.page.inflate(-2 * pad, -pad)
        self.view.width -= round(px * 0.6)
        self.ring.set_items([self.back_button, *self.tabs], [0] * 5)
        self._render()
        self.scroll = round(old * self.content_h)
        self._clamp()

    def _render(self) -> None:
        """The page: the title and its introduction, the diagram of the table with its
        numbered steps (the same as the how-to-play help's), then the rest of the rules."""
        width, px = self.view.width, self.px
        split = next((i for i, b in enumerate(self.blocks) if b.kind == "h2"), len(self.blocks))
        head, head_h = layout_blocks(self.blocks[:split], width, px)
        profile = profile_of(self.rules)
        # the diagram no taller than it is wide (over half the page's width in a wide window,
        # where the table is wide too); a tall window's table is tall, and so is its diagram
        tall = is_portrait(self.size)
        wanted = min(round(width * (1.4 if tall else 0.55)), max(px * 12, round(self.view.height * 0.62)))
        diagram_h = diagram_size(profile, self.app.size, width, wanted, px)[1]
        gap = round(px * 0.9)
        steps = step_blocks(profile)
        steps_h = blocks_height(steps, px, width)
        rest, rest_h = layout_blocks(self.blocks[split:], width, px)
        # the rest opens with a heading, which stands apart from the steps as from any text
        rest_top = head_h + diagram_h + gap + steps_h + (gap if rest else 0)
        height = rest_top + rest_h
        self.content_h = height
        surf = pygame.Surface((max(1, width), max(1, height)))
        surf.fill(PAPER)
        self.diagram = draw_diagram(surf, pygame.Rect(0, head_h, width, diagram_h), profile, self.app.size,
                                    px)
        # the arrows' numbers, said in words under the diagram
        said = draw_blocks(surf, steps, pygame.Rect(0, head_h + diagram_h + gap, width, steps_h), px)
        texts = [(rect, f"diagram: {words}") for words, rect in self.diagram.labels]
        for arrow, badge in zip(self.diagram.arrows, self.diagram.badges, strict=True):
            if all(badge != rect for rect, _ in texts):  # a badge two arrows share is one number
                texts.append((badge, f"diagram: step {arrow.step}"))
        texts += [(rect, f"step {n}") for n, rect in enumerate(said, start=1)]
        for word, dy in [(w, 0) for w in head] + [(w, rest_top) for w in rest]:
            image = theme.font(word.px, word.bold).render(word.words, True, word.colour)
            texts.append((surf.blit(image, (word.x, word.y + dy)), word.words))
        self.content = surf
        self.content_texts = texts
        self._clamp()

    @property
    def line_h(self) -> int:
        """The height of a line of the rules' body text, the step the text scrolls by."""
        return round(self.px * 1.45)

    @property
    def max_scroll(self) -> int:
        """How far the text can scroll."""
        return max(0, self.content_h - self.view.height)

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    def scroll_by(self, dy: int) -> None:
        """Scroll the text by ``dy`` pixels (positive is down), kept in range."""
        self.scroll += dy
        self._clamp()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Scrolling keys and wheel, ←/→ for the other rule sets, Esc back."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(getattr(event, "y", 0)) * 3 * self.line_h)
        else:
            super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """The scrolling keys: ↑ ↓, Page Up and Down (and Space), Home and End."""
        line = self.line_h
        scrolls = {pygame.K_UP: -2 * line, pygame.K_DOWN: 2 * line,
                   pygame.K_PAGEUP: -(self.view.height - line),
                   pygame.K_PAGEDOWN: self.view.height - line, pygame.K_SPACE: self.view.height - line,
                   pygame.K_HOME: -self.content_h, pygame.K_END: self.content_h}
        if event.key in scrolls:
            self.scroll_by(scrolls[event.key])
            return True
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """The scroll bar's thumb and track; the wheel's button events (4, 5) are passed
        over, as MOUSEWHEEL scrolls."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) in (4, 5):
            return True
        return self._scrollbar_mouse(event)

    def _scrollbar_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            track = self._track()
            if self.thumb.collidepoint(event.pos):
                self.dragging = event.pos[1] - self.thumb.y
                return True
            if track.inflate(8, 0).collidepoint(event.pos) and self.max_scroll:
                page = self.view.height - self.line_h
                self.scroll_by(page if event.pos[1] > self.thumb.centery else -page)
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            track = self._track()
            room = track.height - self.thumb.height
            if room > 0:
                t = (event.pos[1] - self.dragging - track.y) / room
                self.scroll = round(t * self.max_scroll)
                self._clamp()
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging is not None:
            self.dragging = None
            return True
        return False

    def _track(self) -> pygame.Rect:
        width = max(6, round(self.px * 0.45))
        return pygame.Rect(self.page.right - width - round(self.px * 0.5), self.view.y,
                           width, self.view.height)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the tab bar, the page of rules and its scroll bar."""
        palette = self.app.palette
        self.draw_bar(surface)
        px = self.px
        shadow = self.page.move(round(px * 0.3), round(px * 0.35))
        pygame.draw.rect(surface, (10, 36, 22), shadow, border_radius=max(6, px // 2))
        pygame.draw.rect(surface, PAPER, self.page, border_radius=max(6, px // 2))
        pygame.draw.rect(surface, PAPER_EDGE, self.page, width=2, border_radius=max(6, px // 2))
        drawn = self.app.drawn
        if self.content is not None:
            area = pygame.Rect(0, self.scroll, self.view.width, self.view.height)
            surface.blit(self.content, self.view.topleft, area)
            # what shows of the page's words through its window
            for rect, words in self.content_texts:
                drawn.add(Kind.TEXT, rect.move(self.view.x, self.view.y - self.scroll).clip(self.view),
                          f"page: {words}")
        self._draw_fades(surface)
        self._draw_scrollbar(surface)
        keys = draw_key_hint(surface, "↑ ↓  PgUp PgDn  Home End: scroll   ·   ← →: other rule sets   ·   "
                             "Esc: back", px, self.size, self.page.bottom + round(px * 1.0), palette)
        drawn.add(Kind.TEXT, keys, "the keys")

    def mark_tab(self, surface: pygame.Surface, r: pygame.Rect) -> pygame.Rect:
        """The shown rule set's tab: gold, underlined; returns where its name was drawn."""
        palette = self.app.palette
        name = super().mark_tab(surface, r)
        pygame.draw.line(surface, palette.gold, (r.x + r.height // 3, r.bottom + 4),
                         (r.right - r.height // 3, r.bottom + 4), max(2, self.px // 6))
        return name

    def _draw_fades(self, surface: pygame.Surface) -> None:
        """Soft edges where text continues above or below the page's window."""
        fade_h = round(self.px * 1.2)
        for at_top, show in ((True, self.scroll > 0), (False, self.scroll < self.max_scroll)):
            if not show:
                continue
            fade = pygame.Surface((self.view.width, fade_h), pygame.SRCALPHA)
            for i in range(fade_h):
                t = i / fade_h
                alpha = round(255 * ((1 - t) if at_top else t))
                pygame.draw.line(fade, (*PAPER, alpha), (0, i), (self.view.width, i))
            y = self.view.y if at_top else self.view.bottom - fade_h
            surface.blit(fade, (self.view.x, y))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if not self.max_scroll:
            self.thumb = pygame.Rect(0, 0, 0, 0)
            return
        track = self._track()
        pygame.draw.rect(surface, (226, 216, 190), track, border_radius=track.width // 2)
        th = max(track.width * 3, round(track.height * self.view.height / self.content_h))
        ty = track.y + round((track.height - th) * self.scroll / self.max_scroll)
        self.thumb = pygame.Rect(track.x, ty, track.width, th)
        colour = (120, 100, 60) if self.dragging is not None else (160, 136, 84)
        pygame.draw.rect(surface, colour, self.thumb, border_radius=track.width // 2)
