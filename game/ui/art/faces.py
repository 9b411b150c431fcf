"""Drawing a card's face from its geometry (game/ui/art/geometry.py).

Each face is drawn at four (on very large cards two) times its size with plain
primitives and reduced once with ``smoothscale``: every size gets its own crisp drawing.
"""

from __future__ import annotations

import pygame

from game.engine.cards import ACE, JACK, RANK_TEXT, SPADES, rank_of, suit_of

from .courts import court_style, draw_portrait
from .geometry import FaceGeometry, face_geometry
from .ink import PAPER, RGB, blank_card, fitted_text, suit_colour, supersample
from .shapes import draw_shape


def _scaled(box: pygame.FRect, k: int) -> pygame.FRect:
    return pygame.FRect(box.x * k, box.y * k, box.width * k, box.height * k)


def _draw_rank(surf: pygame.Surface, text: str, box: pygame.FRect, cap: float, ink: RGB,
               *, turned: bool, left: bool) -> None:
    """The rank in ``box`` (supersampled pixels): centred across it on the standard face,
    against its left side on the large-index face; turned through 180 degrees if asked."""
    img = fitted_text(text, max(3, round(cap)), max(1, int(box.width)), max(1, int(box.height)),
                      ink)
    if turned:
        img = pygame.transform.flip(img, True, True)
    x = box.x if left else box.centerx - img.get_width() / 2
    y = box.bottom - img.get_height() if turned else box.y
    surf.blit(img, (round(x), round(y)))


def _draw_pip(surf: pygame.Surface, suit: int, box: pygame.FRect, ink: RGB, flip: bool) -> None:
    draw_shape(surf, suit, box.center, box.height, ink, flip=flip)


def _draw_ace_of_spades(surf: pygame.Surface, box: pygame.FRect, ink: RGB) -> None:
    """The ace of spades' ornamented pip: a spade with a paper inline and a boss."""
    cx, cy = box.center
    h = box.height
    draw_shape(surf, SPADES, (cx, cy), h, ink)
    draw_shape(surf, SPADES, (cx, cy + h * 0.012), h * 0.86, PAPER)
    draw_shape(surf, SPADES, (cx, cy + h * 0.016), h * 0.80, ink)
    pygame.draw.circle(surf, PAPER, (cx, cy - h * 0.03), h * 0.07)
    pygame.draw.circle(surf, ink, (cx, cy - h * 0.03), h * 0.045)


def _draw(surf: pygame.Surface, code: int, geo: FaceGeometry, k: int, ink: RGB) -> None:
    suit, rank = suit_of(code), rank_of(code)
    if geo.frame is not None and rank >= JACK:
        f = _scaled(geo.frame, k)
        frame = pygame.Rect(round(f.x), round(f.y), round(f.width), round(f.height))
        notch = None
        if geo.notch is not None:
            n = _scaled(geo.notch, k)
            notch = pygame.Rect(round(n.x), round(n.y), round(n.width), round(n.height))
        draw_portrait(surf, frame, court_style(rank, suit, ink), geo.width * k * 0.0075,
                      double=not geo.large, notch=notch)
    text = RANK_TEXT[rank]
    for i, box in enumerate(geo.ranks):
        _draw_rank(surf, text, _scaled(box, k), geo.cap * k, ink, turned=i == 1, left=geo.large)
    for i, box in enumerate(geo.suits):
        _draw_pip(surf, suit, _scaled(box, k), ink, i == 1)
    for pip in geo.pips:
        box = _scaled(pip.box, k)
        if rank == ACE and suit == SPADES and not geo.large:
            _draw_ace_of_spades(surf, box, ink)
        else:
            _draw_pip(surf, suit, box, ink, pip.flip)


def render_face(code: int, size: tuple[int, int], four_colour: bool = False,
                large_index: bool = False) -> pygame.Surface:
    """The face of card ``code`` at ``size``, drawn for that size (see the module doc)."""
    w, h = size
    k = supersample(h)
    surf = blank_card(w * k, h * k, k)
    geo = face_geometry(code, size, large_index)
    _draw(surf, code, geo, k, suit_colour(suit_of(code), four_colour))
    return pygame.transform.smoothscale(surf, (w, h))
