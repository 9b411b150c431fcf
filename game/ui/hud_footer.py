"""The footer strip below the cards: a pill with words the bar had no room for (or the
current hint), wrapped rather than cut, kept drawn by its words and size."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..cache import BoundedCache
from ..engine.words import move_words
from ..search.hint import as_good_as, numbers_words
from . import theme
from .drawn import Kind
from .widgets import fitting_px, wrap

if TYPE_CHECKING:
    from .table import TableScene

#: the most footer pictures kept drawn (the words shown lately: each is a strip as wide
#: as the window, so a long game of hints must not keep every one)
FOOTER_CACHE = 16
#: the smallest type the footer uses, for words that need three lines in its strip
MIN_PX = 9

#: a drawn footer: the picture, and each line of its words with where it is in the picture
FooterPicture = tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]


class Footer:
    """The footer of one table, with its pictures kept by words and size."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: the footer's pictures by words and size, with where each line of the words is
        self._pictures: BoundedCache[tuple[str, tuple[int, int]], FooterPicture] = BoundedCache(FOOTER_CACHE)
        #: where the pill was drawn last (empty when it had nothing to say)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def clear(self) -> None:
        """Forget the drawn pictures (the palette or the options may have changed)."""
        self._pictures.clear()

    def text(self, toast: str) -> str:
        """What the footer says now: a message or status the bar had no room for (its
        ``toast``), else the current hint's move and reason."""
        table = self.table
        session = table.session
        if toast and (table.message or not session.hint_list):
            return toast
        if session.hint_list and not table.anim.busy:
            h = session.hint_list[session.hint_index]
            count = len(session.hint_list)
            which = f"Hint {session.hint_index + 1} of {count}" if count > 1 else "Hint"
            tied = as_good_as(session.hint_list, session.hint_index)
            if tied:
                which += f" (as good as {numbers_words([i + 1 for i in tied])})"
            words = move_words(table.game, h.move, notation=table.app.settings.show_notation)
            # the reason's first part says the move again: the words before it name it
            return f"{which}: {words} — {h.why}" if h.why else f"{which}: {words}"
        return toast

    def draw(self, surface: pygame.Surface, words: str, toast: str) -> pygame.Rect:
        """A pill with ``words``, fading out with their message (in the highlight colour
        when they are the bar's ``toast``). Words too long for one line get smaller type,
        then more lines, never an ellipsis; the pill stays in the strip the layout keeps
        for it (its type gets smaller still where the lines would not fit), so that it
        never covers a card. Returns where the pill was drawn (an empty rect when there
        was nothing to say)."""
        table = self.table
        palette = table.app.palette
        foot = table.layout.footer
        self.rect = pygame.Rect(0, 0, 0, 0)
        if not words or foot.height <= 0:
            return self.rect
        key = (words, foot.size)
        cached = self._pictures.get(key)
        if cached is None:
            room = foot.width - 2 * foot.height
            px = palette.scaled(max(11, round(foot.height * 0.55)))
            # Smaller type before more lines: the reason of a hint is worth reading whole.
            px = fitting_px(words, px, room, 11)
            f = theme.font(px)
            lines = wrap(words, px, room) if f.size(words)[0] > room else [words]
            while px > MIN_PX and f.get_linesize() * len(lines) + round(px * 0.5) > foot.height:
                px -= 1
                f = theme.font(px)
                lines = wrap(words, px, room) if f.size(words)[0] > room else [words]
            colour = palette.highlight if words == toast else palette.ink
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
            cached = self._pictures.put(key, (image, rects))
        image, rects = cached
        fade = 1.0
        if table.message and words == table.message and table.message_left < 0.4:
            fade = max(0.0, table.message_left / 0.4)
        image.set_alpha(round(255 * fade))
        where = image.get_rect(midbottom=foot.midbottom)
        surface.blit(image, where)
        for rect, line in rects:
            table.app.drawn.add(Kind.TEXT, rect.move(where.topleft), f"footer: {line}")
        self.rect = where
        return where
