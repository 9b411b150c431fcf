"""The app's notices: what the player must be told whatever screen is on top (a file of the
data folder moved aside or not saved, a data folder where nothing will last).

They are shown over the top scene in a band with the look of the table's footer pill (a
rounded panel, the words in the highlight colour), a few together and the others in turn.
A band goes when its time is up (longer for more words), on a click on it or on Esc (the
press does only that); it is placed clear of every button drawn beneath it, so it never
hides a dialog's answers.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from ..engine.words import sentence
from . import theme
from .drawn import DrawnBoxes, Kind
from .theme import Palette
from .widgets import text_px, wrap

#: the most notices shown together: the others wait their turn
TOGETHER = 3
#: seconds a band stays, at least; and more for each character of its words, up to the most
SECONDS = 6.0
SECONDS_PER_CHARACTER = 0.05
MOST_SECONDS = 20.0
#: seconds a band takes to fade in, and to fade out at the end of its time
FADE_IN = 0.15
FADE_OUT = 0.4
#: what the band says about closing it
CLOSE_WORDS = "Click here or press Esc to close"
#: the mark before each notice
MARK = "⚠"
#: the most notices that wait their turn: past it, one more says how many others there
#: were (each is in the log), so a hostile file cannot queue hours of bands
MOST_WAITING = 12


def told(message: str) -> str:
    """A message as the player is told it: on one line, its spaces folded, begun with a
    capital unless its first word is not a plain word (a file's name keeps its case)."""
    words = " ".join(message.split())
    return sentence(words) if words.split(" ", 1)[0].isalpha() else words


class Notices:
    """The notices waiting and the band showing some of them."""

    def __init__(self) -> None:
        #: notices not yet shown, oldest first
        self.waiting: list[str] = []
        #: notices left out since the waiting list was full (told by its last notice)
        self.left_out = 0
        #: the notices in the band now (none when no band shows)
        self.shown: list[str] = []
        #: seconds the band has been up, and the seconds it stays
        self.age = 0.0
        self.seconds = 0.0
        #: where the band was drawn last (empty when none was)
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: the mouse button whose press closed the band: its release is the band's too
        self._release_of: int | None = None
        self._picture: tuple[tuple[object, ...], pygame.Surface, list[tuple[pygame.Rect, str]]] | None = None

    def tell(self, messages: Iterable[str]) -> None:
        """Add notices (a notice already waiting or shown is not added again). At most
        :data:`MOST_WAITING` wait: past that, the last one waiting says how many more
        there were."""
        for message in messages:
            words = told(message)
            if not words or words in self.waiting or words in self.shown:
                continue
            if self.left_out and self.waiting and self.waiting[-1] == self._more():
                self.left_out += 1  # the list is full already: one more is counted
                self.waiting[-1] = self._more()
            elif len(self.waiting) < MOST_WAITING:
                self.waiting.append(words)
            else:  # the last notice waiting makes way for the count of those left out
                self.left_out = 2
                self.waiting[-1] = self._more()

    def _more(self) -> str:
        """The notice that stands for those left out."""
        return (f"{self.left_out:,} more messages are not shown here: "
                "log.txt in the data folder keeps them all.")

    @property
    def showing(self) -> bool:
        """A band is up."""
        return bool(self.shown)

    def dismiss(self) -> None:
        """Close the band (the next notices waiting show next)."""
        self.shown = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float) -> None:
        """Age the band; close it when its time is up; put up the next notices."""
        if self.shown:
            self.age += dt
            if self.age >= self.seconds:
                self.dismiss()
        if not self.shown and self.waiting:
            self.shown, self.waiting = self.waiting[:TOGETHER], self.waiting[TOGETHER:]
            self.age = 0.0
            self._time()

    def _time(self) -> None:
        """The seconds the band stays: more for more words."""
        characters = sum(len(words) for words in self.shown)
        self.seconds = min(MOST_SECONDS, SECONDS + SECONDS_PER_CHARACTER * characters)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the band or Esc closes it; True when the event was the band's (the
        scene beneath never sees it)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == self._release_of:
            self._release_of = None
            return True
        if not self.shown:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)
                and self.rect.collidepoint(event.pos)):
            self._release_of = event.button
            self.dismiss()
            return True
        return False

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, palette: Palette, drawn: DrawnBoxes,
             avoid: list[pygame.Rect]) -> None:
        """The band over what the frame drew so far, clear of the buttons in ``avoid``
        (fewer notices at a time where a band of them all has no such place); its words
        are recorded in ``drawn``."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        if not self.shown:
            return
        size = surface.get_size()
        image, lines = self._draw_band(size, palette)
        where = self._place(image.get_rect(), size, avoid)
        while where is None and len(self.shown) > 1:
            self.waiting.insert(0, self.shown.pop())
            self._time()
            image, lines = self._draw_band(size, palette)
            where = self._place(image.get_rect(), size, avoid)
        if where is None:
            where = self._least_covering(image.get_rect(), size, avoid)
        fade = min(1.0, self.age / FADE_IN, max(0.0, (self.seconds - self.age) / FADE_OUT))
        image.set_alpha(round(255 * fade))
        surface.blit(image, where)
        self.rect = where
        drawn.add(Kind.PANEL, where, "notices")
        for rect, line in lines:
            drawn.add(Kind.TEXT, rect.move(where.topleft), f"notice: {line}")

    def _draw_band(self, size: tuple[int, int], palette: Palette
                   ) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
        """The band's picture at a window of ``size``, with where each line is in it."""
        key = (tuple(self.shown), len(self.waiting), size, palette.high_contrast)
        if self._picture is not None and self._picture[0] == key:
            return self._picture[1], self._picture[2]
        px = palette.scaled(max(12, round(text_px(size) * 0.9)))
        small = max(11, round(px * 0.78))
        f, mark_font = theme.font(px), theme.font(px, bold=True)
        pad = round(px * 0.9)
        mark_w = mark_font.size(MARK)[0] + round(px * 0.5)
        room = min(size[0] - 2 * pad - 16, round(px * 46)) - 2 * pad - mark_w
        blocks = [wrap(words, px, room) for words in self.shown]
        more = len(self.waiting)
        close = CLOSE_WORDS + (f"  ·  {more} more after this" if more else "")
        step = f.get_linesize()
        gap = round(step * 0.45)
        text_w = max(f.size(line)[0] for block in blocks for line in block)
        width = max(mark_w + text_w, theme.font(small).size(close)[0]) + 2 * pad
        height = pad + sum(step * len(b) for b in blocks) + gap * (len(blocks) - 1) + gap + small + pad
        radius = min(step, height // 2)
        drop = max(2, px // 5)
        image = pygame.Surface((width, height + drop), pygame.SRCALPHA)
        pygame.draw.rect(image, (*palette.shadow, 150), pygame.Rect(0, drop, width, height),
                         border_radius=radius)
        theme.panel(image, pygame.Rect(0, 0, width, height), palette, radius=radius,
                    fill=(*palette.dialog[:3], 255))
        lines: list[tuple[pygame.Rect, str]] = []
        y = pad
        for block in blocks:
            mark = mark_font.render(MARK, True, palette.gold)
            image.blit(mark, mark.get_rect(midleft=(pad, y + step // 2)))
            for line in block:
                rect = theme.text(image, line, px, (pad + mark_w, y + (step - f.get_height()) // 2),
                                  colour=palette.highlight)
                lines.append((rect, line))
                y += step
            y += gap
        rect = theme.text(image, close, small, (width // 2, height - pad), colour=palette.ink_dim,
                          anchor="midbottom")
        lines.append((rect, close))
        self._picture = (key, image, lines)
        return image, lines

    @staticmethod
    def _spots(band: pygame.Rect, size: tuple[int, int]) -> list[pygame.Rect]:
        """The places the band may go, centred across the window, best first: near its
        bottom, near its top, then from the bottom up."""
        margin = max(8, size[1] // 40)
        low, high = size[1] - margin - band.height, margin
        if low < high:  # taller than the window: from its top
            low = high = 0
        return [band.move_to(centerx=size[0] // 2, y=y) for y in (low, high, *range(low, high, -4))]

    def _place(self, band: pygame.Rect, size: tuple[int, int],
               avoid: list[pygame.Rect]) -> pygame.Rect | None:
        """The first of the band's places clear of every button in ``avoid``, or None."""
        return next((spot for spot in self._spots(band, size) if spot.collidelist(avoid) < 0), None)

    def _least_covering(self, band: pygame.Rect, size: tuple[int, int],
                        avoid: list[pygame.Rect]) -> pygame.Rect:
        """The band's place that covers the least of the buttons in ``avoid``."""
        def covered(spot: pygame.Rect) -> int:
            return sum(spot.clip(r).width * spot.clip(r).height for r in avoid)
        return min(self._spots(band, size), key=covered)
