"""Render a sheet of the program-drawn card art to a PNG, headless.

Usage::

    python tools/art_sheet.py OUT.png [--sizes 60x84,140x196] [--four-colour] [--large-index]

The sheet shows all 52 faces, both backs, an empty-place outline and a piece of the
table felt at each size, and the time taken to render the 52 faces is printed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.art import CardArt

_BG = (214, 214, 208)
_TEXT = (40, 40, 40)


def _parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        w, _, h = part.strip().lower().partition("x")
        sizes.append((int(w), int(h)))
    return sizes


def _section(art: CardArt, size: tuple[int, int], four_colour: bool, large_index: bool) -> pygame.Surface:
    """All faces of one size in suit rows, then backs, an outline and a felt swatch."""
    from game.engine.cards import SUITS, card
    from game.ui.art import BACK_STYLES, table_surface

    w, h = size
    gap = max(6, w // 8)
    cols = 13
    sheet_w = gap + cols * (w + gap)
    felt_h = h + 4 * _fan_step(h) + 2 * gap
    sheet_h = gap + 4 * (h + gap) + felt_h + gap
    out = pygame.Surface((sheet_w, sheet_h))
    out.fill(_BG)
    for row, suit in enumerate(SUITS):
        for col in range(13):
            out.blit(art.face(card(suit, col + 1), size), (gap + col * (w + gap), gap + row * (h + gap)))
    y = gap + 4 * (h + gap)
    felt = table_surface((sheet_w - 2 * gap, felt_h))
    out.blit(felt, (gap, y))
    x = 2 * gap
    for style in range(BACK_STYLES):
        art.set_options(back_style=style, four_colour=four_colour, large_index=large_index)
        out.blit(art.back(size), (x, y + gap))
        x += w + gap
    out.blit(art.outline(size, (255, 255, 255, 150)), (x, y + gap))
    x += w + gap
    # Short overlapping columns, as cards lie in a patience tableau.
    step = _fan_step(h)
    fans = (
        (card(1, 13), card(2, 12), card(0, 11), card(3, 10), card(1, 9)),
        (card(2, 1), card(3, 2), card(2, 3), card(3, 4), card(2, 5)),
        (card(0, 6), card(1, 7), card(0, 8), card(1, 9), card(1, 1)),
    )
    for fan in fans:
        for i, code in enumerate(fan):
            out.blit(art.face(code, size), (x, y + gap + i * step))
        x += w + gap
    # A fanned row, overlapping sideways.
    for i in range(13):
        out.blit(art.face(card(3 - i % 4, 13 - i), size), (x + i * (w // 3), y + gap))
    return out


def _fan_step(h: int) -> int:
    return max(h // 4, 18)


def main(argv: list[str] | None = None) -> int:
    """Render the sheet to the given PNG path and print the timings."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="PNG file to write")
    ap.add_argument("--sizes", default="60x84,140x196", help="comma-separated WxH sizes")
    ap.add_argument("--four-colour", action="store_true", help="green clubs, blue diamonds")
    ap.add_argument("--large-index", action="store_true", help="the large-index face at every size")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)
    from game.engine.cards import SUITS, card
    from game.output import OutputError, check_output, write_output
    from game.ui.art import CardArt
    from game.ui.png import png_bytes

    try:  # where the sheet goes is checked before it is drawn (see game/output.py)
        out = check_output(args.out, what="art_sheet", suffix=".png")
    except OutputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    pygame.init()
    sizes = _parse_sizes(args.sizes)
    sections = []
    for size in sizes:
        art = CardArt(four_colour=args.four_colour, large_index=args.large_index)
        t0 = time.perf_counter()
        for suit in SUITS:
            for rank in range(1, 14):
                art.face(card(suit, rank), size)
        dt = time.perf_counter() - t0
        print(f"rendered 52 faces at {size[0]}x{size[1]} in {dt * 1000:.0f} ms")
        sections.append(_section(art, size, args.four_colour, args.large_index))
    width = max(s.get_width() for s in sections)
    height = sum(s.get_height() for s in sections)
    sheet = pygame.Surface((width, height))
    sheet.fill(_BG)
    y = 0
    for s in sections:
        sheet.blit(s, (0, y))
        y += s.get_height()
    font = pygame.font.Font(None, 18)
    sheet.blit(font.render("program-drawn card art", True, _TEXT), (4, height - 16))
    try:
        write_output(out, png_bytes(sheet))
    except OutputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"wrote {out.shown} ({width}x{height})", file=sys.stderr if out.is_stdout else sys.stdout)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
