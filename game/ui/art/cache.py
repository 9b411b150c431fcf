"""The card images of a game, drawn once per size and kept: :class:`CardArt`."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Final

import pygame
from pygame.typing import ColorLike

from game.engine.cards import ACE, CLUBS, DIAMONDS, KING, UNKNOWN, rank_of, suit_of

from .backs import BACK_STYLES, render_back, render_outline
from .faces import render_face
from .ink import check_size, display_ready, finish

#: The most card sizes whose faces are kept at once (the table's, a menu's, a preview's).
FACE_SIZES_KEPT: Final = 4

FaceKey = tuple[int, int, int, bool, bool, bool]


class CardArt:
    """Renders and caches card images per card size.

    Faces, backs and outlines are drawn on first use for each size (and colour, for
    outlines) and then returned from the cache; the returned surfaces are shared, so
    callers must not draw on them. Faces of at most ``FACE_SIZES_KEPT`` sizes are kept:
    asking for another size forgets the faces of the size least recently asked for.
    """

    def __init__(self, *, back_style: int = 0, four_colour: bool = False,
                 large_index: bool = False) -> None:
        """Start with a back design (0 blue lattice, 1 red), the two- or four-colour inks
        and the standard or the large-index face (small cards always get the latter)."""
        self._check_back(back_style)
        self.back_style = back_style
        self.four_colour = four_colour
        self.large_index = large_index
        #: the large-index face for cards of every size, while a table holds it (see
        #: :meth:`holding_large`): not an option, and drawn only inside that table
        self.held_large = False
        self._faces: dict[FaceKey, pygame.Surface] = {}
        #: the sizes in self._faces, the one asked for most recently last
        self._face_sizes: OrderedDict[tuple[int, int], None] = OrderedDict()
        self._backs: dict[tuple[int, int, int, bool], pygame.Surface] = {}
        self._outlines: dict[tuple[int, int, tuple[int, int, int, int], bool], pygame.Surface] = {}
        #: faces of an earlier size, kept after change_size() to stand in (scaled) for
        #: the new size's until refine() has drawn those
        self._sources: dict[int, pygame.Surface] = {}
        self._rough: dict[FaceKey, pygame.Surface] = {}
        self._pending: list[tuple[int, tuple[int, int]]] = []

    @property
    def large_faces(self) -> bool:
        """Every face is the large-index one, whatever its size: the option is on, or a
        table holds it (small cards get it in any case)."""
        return self.large_index or self.held_large

    @contextmanager
    def holding_large(self, hold: bool) -> Iterator[None]:
        """Within the block, faces of every size are the large-index one when ``hold``:
        a table whose cards got small enough for it during a game keeps it for the rest of
        the game, so the deck does not change its look each time the cards grow or shrink
        across the size where the face changes."""
        before = self.held_large
        self.held_large = hold
        try:
            yield
        finally:
            self.held_large = before

    @staticmethod
    def _check_back(style: int) -> None:
        if not 0 <= style < BACK_STYLES:
            raise ValueError(f"back_style must be 0..{BACK_STYLES - 1}, not {style!r}")

    def _face_key(self, code: int, size: Sequence[int]) -> FaceKey:
        if not (0 <= suit_of(code) <= 3 and ACE <= rank_of(code) <= KING):
            raise ValueError(f"not a card code: {code!r}")
        w, h = check_size(size)
        return (code, w, h, self.four_colour and suit_of(code) in (CLUBS, DIAMONDS),
                self.large_faces, display_ready())

    def _keep_size(self, size: tuple[int, int]) -> None:
        """Note that faces of ``size`` are in use; forget the faces of the size least
        recently used when more than ``FACE_SIZES_KEPT`` sizes are kept."""
        self._face_sizes[size] = None
        self._face_sizes.move_to_end(size)
        while len(self._face_sizes) > FACE_SIZES_KEPT:
            old, _ = self._face_sizes.popitem(last=False)
            self._faces = {k: v for k, v in self._faces.items() if (k[1], k[2]) != old}

    def face(self, code: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of card ``code`` at ``size`` (width, height); the back for UNKNOWN."""
        if code == UNKNOWN:
            return self.back(size)
        key = self._face_key(code, size)
        surf = self._faces.get(key)
        if surf is None:
            self._keep_size((key[1], key[2]))
            surf = finish(render_face(code, (key[1], key[2]), self.four_colour, self.large_faces))
            self._faces[key] = surf
        return surf

    def quick_face(self, code: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``code`` at ``size`` without waiting: the crisp face if it is drawn;
        after :meth:`change_size`, the card's face of the earlier size smoothly scaled
        (a few tenths of a millisecond instead of several milliseconds), its crisp face
        queued for :meth:`refine`; otherwise the crisp face, drawn now."""
        if code == UNKNOWN:
            return self.back(size)
        key = self._face_key(code, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._rough.get(key)
        if surf is not None:
            return surf
        source = self._sources.get(code)
        if source is None:
            return self.face(code, size)
        surf = pygame.transform.smoothscale(source, (key[1], key[2]))
        self._rough[key] = surf
        self._pending.append((code, (key[1], key[2])))
        return surf

    def change_size(self, size: tuple[int, int]) -> None:
        """The cards are drawn at ``size`` from now on: images of other sizes are dropped,
        except the faces, kept as stand-ins for :meth:`quick_face` until :meth:`refine`
        has drawn every face asked for at the new size."""
        w, h = check_size(size)
        for key, surf in self._faces.items():
            known = self._sources.get(key[0])
            # The largest face of the card stands in best (a menu's small one is blurry).
            if (key[1], key[2]) != (w, h) and (known is None or known.get_width() < key[1]):
                self._sources[key[0]] = surf
        self._faces = {k: v for k, v in self._faces.items() if (k[1], k[2]) == (w, h)}
        self._face_sizes = OrderedDict((s, None) for s in self._face_sizes if s == (w, h))
        self._backs = {k: v for k, v in self._backs.items() if (k[1], k[2]) == (w, h)}
        self._outlines = {k: v for k, v in self._outlines.items() if (k[0], k[1]) == (w, h)}
        self._rough.clear()
        self._pending.clear()

    @property
    def face_sizes(self) -> list[tuple[int, int]]:
        """The sizes whose faces are kept, the one asked for most recently last."""
        return list(self._face_sizes)

    @property
    def refining(self) -> bool:
        """Some faces are still shown scaled from an earlier size."""
        return bool(self._pending)

    def refine(self, seconds: float) -> int:
        """Draw crisply the faces :meth:`quick_face` stood in for, for about ``seconds``
        (at least one); returns how many were drawn (the caller redraws what shows them)."""
        start = time.perf_counter()
        done = 0
        while self._pending and (done == 0 or time.perf_counter() - start < seconds):
            code, size = self._pending.pop()
            self._rough.pop(self._face_key(code, size), None)
            self.face(code, size)
            done += 1
        if not self._pending:
            self._sources.clear()
            self._rough.clear()
        return done

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card at ``size`` in the current back style."""
        w, h = check_size(size)
        key = (self.back_style, w, h, display_ready())
        surf = self._backs.get(key)
        if surf is None:
            surf = finish(render_back(self.back_style, (w, h)))
            self._backs[key] = surf
        return surf

    def outline(self, size: tuple[int, int], colour: ColorLike) -> pygame.Surface:
        """A rounded-rectangle outline with a faint fill, marking an empty place.

        ``colour`` may carry alpha; the fill inside uses a sixth of it.
        """
        w, h = check_size(size)
        c = pygame.Color(colour)
        key = (w, h, (c.r, c.g, c.b, c.a), display_ready())
        surf = self._outlines.get(key)
        if surf is None:
            surf = finish(render_outline((w, h), c))
            self._outlines[key] = surf
        return surf

    def set_options(
        self, *, back_style: int | None = None, four_colour: bool | None = None,
        large_index: bool | None = None,
    ) -> None:
        """Change the back style, the four-colour or the large-index option; this empties
        the cache."""
        if back_style is not None:
            self._check_back(back_style)
            self.back_style = back_style
        if four_colour is not None:
            self.four_colour = four_colour
        if large_index is not None:
            self.large_index = large_index
        self.clear()

    def clear(self) -> None:
        """Forget every cached image (for instance after the card size changes)."""
        self._faces.clear()
        self._face_sizes.clear()
        self._backs.clear()
        self._outlines.clear()
        self._sources.clear()
        self._rough.clear()
        self._pending.clear()

