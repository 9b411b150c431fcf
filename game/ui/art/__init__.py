"""Card artwork drawn by the program: faces, courts, backs, empty-place outlines and the
table.

Everything is drawn with pygame's shape primitives at a multiple of the requested size
and reduced with ``smoothscale``, so the images are crisp and anti-aliased at every card
size from about 40x56 up to 240x336 and beyond; nothing is enlarged from a bitmap. Suit
symbols are polygons and circles, never font glyphs; only the rank letters and digits
come from the bundled DejaVu fonts (``assets/fonts``).

- ``ink``: the inks, the paper, the fonts and the blank card;
- ``shapes``: the four suit symbols;
- ``geometry``: where the indices, pips and portrait go on each face at each size;
- ``faces``: drawing a face; ``courts``: the twelve court portraits;
- ``backs``: the backs and the empty-place outlines; ``felt``: the table;
- ``cache``: :class:`CardArt`, which draws each image once per size and keeps it.

Nothing here needs a display mode: surfaces are converted for fast blitting only when
one is set (``pygame.display.get_surface()`` is not None), so the package also works
headless, before the window exists.
"""

from __future__ import annotations

from .backs import BACK_STYLES
from .cache import CardArt
from .felt import table_surface
from .geometry import SMALL_FACE_BELOW, face_geometry, index_depth
from .ink import CARD_ASPECT, FONT_DIR, card_size_for_width, suit_colour
from .shapes import draw_suit

__all__ = [
    "BACK_STYLES",
    "CARD_ASPECT",
    "FONT_DIR",
    "SMALL_FACE_BELOW",
    "CardArt",
    "card_size_for_width",
    "draw_suit",
    "face_geometry",
    "index_depth",
    "suit_colour",
    "table_surface",
]
