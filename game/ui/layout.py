"""Where everything on the table goes: pure geometry of a rule set at a window size.

:func:`table_layout` turns (rule set, window size) into a :class:`TableLayout`: the HUD
bar, the card size and, for every place index of the engine, the rectangle of its bottom
card and the area its pile may grow into. Piles that fan downward compress their
overlap so the whole pile stays inside its area, so nothing ever overlaps another place.

Arrangements, one per layout kind of the rule set's profile, as the real games are laid
out:

- rows (both Constitution sets): the eight foundations in a row above the four rows of
  eight; the rows whose places are built on fan downward (Row 1 in ``constitution``,
  every row in Lady Cadogan's). Beside Row 4, the stock that fills it, or the waste that
  feeds it with the stock just above.
- square columns (English British Square): stock and waste at the top left, the four
  foundations at the top right, the four long overlapped columns below with a line for
  each column's direction.
- union grid (Union Square): stock above waste on the left, the 4×4 grid of piles in the
  middle, the four foundations in a column on the right.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..engine import Layout, rules_class
from .art import CARD_ASPECT, index_depth

#: the smallest card width the table will use, whatever the window
MIN_CARD_WIDTH = 40


@dataclass
class TableLayout:
    """The geometry of one table: HUD, card size, and each place's rectangles.

    ``bases[i]`` is where place ``i``'s bottom card sits; ``areas[i]`` is the region its
    pile may occupy (it contains the base); ``steps[i]`` is the normal downward offset
    between fanned cards in pixels (0 for a squared-up pile such as the stock).
    ``labels`` are static words drawn on the felt: (text, centre, pixel size).
    """

    rules: str
    size: tuple[int, int]
    card: tuple[int, int]
    hud: pygame.Rect
    bases: list[pygame.Rect]
    areas: list[pygame.Rect]
    steps: list[int]
    labels: list[tuple[str, tuple[int, int], int]] = field(default_factory=list)
    #: Square only: where each column's direction is written (place index → rect)
    direction_slots: dict[int, pygame.Rect] = field(default_factory=dict)
    #: the strip along the bottom for messages and the hint's reason: no card is ever
    #: there (height 0 when the layout was made without one)
    footer: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def card_rects(self, index: int, count: int) -> list[pygame.Rect]:
        """The rectangles of a pile of ``count`` cards at place ``index``, bottom to top."""
        base = self.bases[index]
        step = self.pile_step(index, count)
        return [base.move(0, round(i * step)) for i in range(count)]

    def pile_step(self, index: int, count: int) -> float:
        """The downward offset between the cards of this pile, compressed to fit its area."""
        step = self.steps[index]
        if step == 0 or count < 2:
            return 0.0
        room = self.areas[index].bottom - self.bases[index].bottom
        return min(float(step), max(0.0, room / (count - 1)))

    def pile_rect(self, index: int, count: int) -> pygame.Rect:
        """The rectangle covering the whole pile (the base when empty): for hit tests."""
        rects = self.card_rects(index, max(1, count))
        return rects[0].union(rects[-1])


def fan_step(card: tuple[int, int]) -> int:
    """The normal offset between fanned cards of this size: enough to show each covered
    card's corner index whole, rank and suit, with a sliver of paper below it."""
    w, h = card
    return round(h * (index_depth(w) + 0.03))


def card_size(width: float) -> tuple[int, int]:
    """A card of (at least MIN_CARD_WIDTH) ``width`` pixels with the standard aspect."""
    w = max(MIN_CARD_WIDTH, int(width))
    return (w, round(w * CARD_ASPECT))


def hud_height(size: tuple[int, int]) -> int:
    """The height of the HUD bar at the top of the window."""
    return max(44, min(76, round(size[1] * 0.068)))


def footer_height(size: tuple[int, int]) -> int:
    """The height of the message strip at the foot of the table."""
    return max(22, min(40, round(size[1] * 0.036)))


def table_layout(rules: str, size: tuple[int, int], *, footer: bool = True) -> TableLayout:
    """The layout of rule set ``rules`` (an id of RULE_IDS) in a window of ``size``,
    with a strip for messages along the bottom unless ``footer`` is False."""
    cls = rules_class(rules)
    n = len(cls.places)
    hud = pygame.Rect(0, 0, size[0], hud_height(size))
    foot_h = footer_height(size) if footer else 0
    margin = max(10, round(min(size) * 0.022))
    # The playing area between the HUD and the footer.
    area = pygame.Rect(margin, hud.bottom + margin, size[0] - 2 * margin,
                       size[1] - hud.bottom - 2 * margin - foot_h)
    lay = TableLayout(rules, size, (0, 0), hud, [pygame.Rect(0, 0, 0, 0)] * n,
                      [pygame.Rect(0, 0, 0, 0)] * n, [0] * n,
                      footer=pygame.Rect(0, size[1] - foot_h - margin // 2, size[0], foot_h))
    kind = cls.profile.layout
    if kind is Layout.ROWS:
        _rows_layout(lay, area, built_rows=cls.profile.built_rows, stock=cls.stock, waste=cls.waste)
    elif kind is Layout.SQUARE_COLUMNS:
        _square_layout(lay, area, stock=cls.stock, waste=cls.waste)
    else:
        _union_layout(lay, area, stock=cls.stock, waste=cls.waste)
    return lay


def _fit(area: pygame.Rect, width_units: float, height_units: float) -> tuple[int, int]:
    """The largest card whose block (in card widths / card heights) fits ``area``."""
    by_width = area.width / width_units
    by_height = area.height / height_units / CARD_ASPECT
    return card_size(min(by_width, by_height))


def _rows_layout(lay: TableLayout, area: pygame.Rect, *, built_rows: int, stock: int,
                 waste: int) -> None:
    """The four rows; the first ``built_rows`` fan downward; beside Row 4 the waste (the
    stock above it) or, without a waste, the stock."""
    gap_x = 0.16  # between columns, in card widths
    side = 0.55  # extra gap before the stock column, in card widths
    label = 0.26  # band between foundations and Row 1, in card heights
    gap_y = 0.09  # between rows, in card heights
    # every row fanned shares the height out; otherwise the fanned rows get the most
    row_heights = [1.4] * 4 if built_rows == 4 else [1.85 if r < built_rows else 1.0 for r in range(4)]
    width_units = 9 + 8 * gap_x + side
    height_units = 1 + label + sum(row_heights) + 3 * gap_y
    w, h = _fit(area, width_units, height_units)
    lay.card = (w, h)
    block_w = round(w * width_units)
    block_h = round(h * height_units)
    x0 = area.x + (area.width - block_w) // 2
    y0 = area.y + max(0, (area.height - block_h) // 3)
    pitch = w * (1 + gap_x)

    def col_x(col: int) -> int:
        return round(x0 + col * pitch + (side * w if col == 8 else 0))

    for f in range(8):
        lay.bases[f] = pygame.Rect(col_x(f), y0, w, h)
        lay.areas[f] = lay.bases[f].copy()
    y = float(y0 + h + round(label * h))
    row_tops = []
    for row in range(4):
        top = round(y)
        row_tops.append(top)
        band = round(row_heights[row] * h)
        for col in range(8):
            index = 8 + row * 8 + col
            base = pygame.Rect(col_x(col), top, w, h)
            lay.bases[index] = base
            lay.areas[index] = pygame.Rect(base.x, top, w, band)
            lay.steps[index] = fan_step((w, h)) if row < built_rows else 0
        y += band + gap_y * h
    stock_rect = pygame.Rect(col_x(8), row_tops[3], w, h)
    if waste >= 0:
        lay.bases[waste] = stock_rect
        lay.areas[waste] = stock_rect.copy()
        lay.bases[stock] = pygame.Rect(col_x(8), row_tops[2], w, h)
        lay.areas[stock] = lay.bases[stock].copy()
    else:
        lay.bases[stock] = stock_rect
        lay.areas[stock] = stock_rect.copy()
    px = max(11, round(h * 0.14))
    mid = lay.bases[0].bottom + round(label * h / 2)
    lay.labels.append(("Foundations", (round(x0 + (8 * pitch - gap_x * w) / 2), mid), px))
    left_room = x0 - area.x
    if left_room >= px * 4:
        names = {0: "Privy Council", 3: "The People"}
        for row, top in enumerate(row_tops):
            centre = (x0 - left_room // 2, top + h // 2)
            lay.labels.append((f"Row {row + 1}", centre, px))
            small = max(10, round(px * 0.8))
            if row in names and left_room >= small * 9:
                lay.labels.append((names[row], (centre[0], centre[1] + round(px * 1.4)), small))


def _square_layout(lay: TableLayout, area: pygame.Rect, *, stock: int, waste: int) -> None:
    gap_x = 0.25
    split = 0.6  # extra gap between the waste and the foundations
    label = 0.42  # band for the direction of each column, in card heights
    column = 3.3  # the columns' area, in card heights
    width_units = 6 + 5 * gap_x + split
    height_units = 1 + label + column
    w, h = _fit(area, width_units, height_units)
    lay.card = (w, h)
    block_w = round(w * width_units)
    block_h = round(h * height_units)
    x0 = area.x + (area.width - block_w) // 2
    y0 = area.y + max(0, (area.height - block_h) // 4)
    pitch = w * (1 + gap_x)
    lay.bases[stock] = pygame.Rect(x0, y0, w, h)
    lay.bases[waste] = pygame.Rect(round(x0 + pitch), y0, w, h)
    for f in range(4):
        lay.bases[f] = pygame.Rect(round(x0 + (2 + f) * pitch + split * w), y0, w, h)
    for i in (stock, waste, 0, 1, 2, 3):
        lay.areas[i] = lay.bases[i].copy()
    # Four columns spread evenly across the block, each with its direction label above it,
    # centred on it and wider than a card where the gap between columns allows (so that
    # the label can use its longer words), but never wider than the window.
    top = y0 + h + round(label * h)
    col_pitch = (block_w - w) / 3
    bottom = min(area.bottom, top + round(column * h))
    slot_w = max(w, round(min(col_pitch * 0.9, w * 1.8)))
    for c in range(4):
        index = 4 + c
        x = round(x0 + c * col_pitch)
        lay.bases[index] = pygame.Rect(x, top, w, h)
        lay.areas[index] = pygame.Rect(x, top, w, bottom - top)
        lay.steps[index] = fan_step((w, h))
        slot = pygame.Rect(0, y0 + h + round(label * h * 0.18), slot_w, round(label * h * 0.64))
        slot.centerx = x + w // 2
        slot.clamp_ip(area)
        lay.direction_slots[index] = slot


def _union_layout(lay: TableLayout, area: pygame.Rect, *, stock: int, waste: int) -> None:
    gap_x = 0.3
    side = 0.7  # gap between the grid and the side columns
    cell = 1.36  # a grid row's height in card heights: room for two cards fanned
    gap_y = 0.1
    width_units = 6 + 3 * gap_x + 2 * side
    height_units = 4 * cell + 3 * gap_y
    w, h = _fit(area, width_units, height_units)
    lay.card = (w, h)
    block_w = round(w * width_units)
    block_h = round(h * height_units)
    x0 = area.x + (area.width - block_w) // 2
    y0 = area.y + max(0, (area.height - block_h) // 3)
    row_pitch = h * (cell + gap_y)
    grid_x = x0 + w + side * w
    for i in range(16):
        row, col = divmod(i, 4)
        index = 4 + i
        top = round(y0 + row * row_pitch)
        x = round(grid_x + col * w * (1 + gap_x))
        lay.bases[index] = pygame.Rect(x, top, w, h)
        lay.areas[index] = pygame.Rect(x, top, w, round(cell * h))
        lay.steps[index] = fan_step((w, h))
    found_x = round(grid_x + 4 * w + 3 * gap_x * w + side * w)
    for f in range(4):
        lay.bases[f] = pygame.Rect(found_x, round(y0 + f * row_pitch), w, h)
        lay.areas[f] = lay.bases[f].copy()
    lay.bases[stock] = pygame.Rect(x0, y0, w, h)
    lay.bases[waste] = pygame.Rect(x0, round(y0 + row_pitch), w, h)
    lay.areas[stock] = lay.bases[stock].copy()
    lay.areas[waste] = lay.bases[waste].copy()
