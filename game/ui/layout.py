"""Where everything on the table goes: pure geometry of a rule set at a window size.

:func:`table_layout` turns (rule set, window size) into a :class:`TableLayout`: the HUD
bar, the card size and, for every place index of the engine, the rectangle of its bottom
card and the area its pile may grow into, the words that name the places and where the
marks beside the piles go (counts, directions). Piles that fan downward compress their
overlap only when their area is full, so nothing ever overlaps another place.

Every arrangement is computed from the window: the card is the largest whose
arrangement fits with room for each fanned pile to show a few cards at the smallest
step that still shows each covered card's corner index (:data:`FIT_STEP`), and what
height is left over goes to the fanned piles, so that long piles keep their indices
readable where the window allows. Where a rule set can be drawn in more than one shape,
the shape with the larger cards wins. One arrangement per layout kind of the rule set's
profile, as the real games are laid out:

- rows (both Constitution sets): the four rows of eight, Row 1 on top; the rows whose
  places are built on fan downward (Row 1 in ``constitution``, every row in Lady
  Cadogan's). The eight foundations either in a row above the rows or, where that gives
  larger cards (wide windows), in a block of two columns beside them, a suit to a line;
  the stock (and the waste that feeds Row 4) beside Row 4, or under it where that gives
  larger cards (tall narrow windows). Each row's name at its left. Where a pile grows
  longer than its row shows readably, the table asks for a layout made for the rows'
  longest piles: the rows share the height out by need, and the cards get smaller only
  where they must.
- square columns (English British Square): stock and waste at the top left, the four
  foundations at the top right, the four long overlapped columns below with a line for
  each column's direction; the columns reach down to the foot of the window.
- union grid (Union Square): stock above waste on the left, the sixteen piles in the
  middle, the four foundations in a column on the right. The piles stand in four rows
  of four, in two rows of eight where the window is wide, or in one row of sixteen where
  it is wide and short, whichever gives the larger card, so that each pile has the
  height to fan; each pile's number (as the hints name it: "pile 11") and direction
  badge sit in a band above it.

In both Square arrangements each foundation has room for a direction badge just right of
the top of its card (it goes up to the King, then down again): the room is part of the
width the arrangement needs, and the cards stay centred where the badge beside the last
still fits.

"Stock", "Waste" (with their counts) and "Foundations" are written just above what they
name in every arrangement; where a count does not fit beside its name at the size of the
other names (small cards), the band above the stock and the waste is two lines tall and
the count stands under the name (:func:`counted_band`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

import pygame

from ..engine import Layout, rules_class
from .art import CARD_ASPECT, index_depth

#: the smallest card width the table will use, whatever the window
MIN_CARD_WIDTH = 40
#: the largest: beyond it cards only crowd the table's words out of proportion
MAX_CARD_WIDTH = 300
#: the step between fanned cards the arrangements are sized with, in card heights: a
#: little more than the corner index reaches (:func:`game.ui.art.index_depth`, about 0.29)
FIT_STEP = 0.31
#: a fanned pile's area never grows past room for this many cards at the normal step
#: (no pile of any rule set gets longer): what height is left is spread around the table
LONGEST_FAN = 13


@dataclass(frozen=True)
class Label:
    """Words on the felt naming what is beside them: the words, the box they must stay
    in (they are drawn smaller where they would not fit) and their pixel size."""

    text: str
    rect: pygame.Rect
    px: int
    #: where in the box the words stand: "center", "left" or "right" (a row's name,
    #: against the row)
    align: str = "center"


@dataclass
class TableLayout:
    """The geometry of one table: HUD, card size, and each place's rectangles.

    ``bases[i]`` is where place ``i``'s bottom card sits; ``areas[i]`` is the region its
    pile may occupy (it contains the base); ``steps[i]`` is the normal downward offset
    between fanned cards in pixels (0 for a squared-up pile such as the stock).
    ``labels`` are static words drawn on the felt; ``counted`` are the labels of the
    piles whose count is shown with their name (the stock, the waste).
    """

    rules: str
    size: tuple[int, int]
    card: tuple[int, int]
    hud: pygame.Rect
    bases: list[pygame.Rect]
    areas: list[pygame.Rect]
    steps: list[int]
    labels: list[Label] = field(default_factory=list)
    #: the stock's and the waste's name boxes (place index → label), their count beside
    counted: dict[int, Label] = field(default_factory=dict)
    #: Square only: where each column's direction is written (place index → rect)
    direction_slots: dict[int, pygame.Rect] = field(default_factory=dict)
    #: Union Square only: where each pile's direction badge goes, beside its bottom card
    badge_slots: dict[int, pygame.Rect] = field(default_factory=dict)
    #: both Square sets: where each foundation's direction badge goes, just right of
    #: the top of its card (place index → rect)
    foundation_slots: dict[int, pygame.Rect] = field(default_factory=dict)
    #: the strip along the bottom for messages and the hint's reason: no card is ever
    #: there (height 0 when the layout was made without one)
    footer: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: the longest pile of each row of fans it was made for (empty: a fresh deal's layout)
    fans: tuple[int, ...] = ()
    #: how far an outline may stand out of a place's card, sideways and up or down,
    #: without touching the outline of a neighbour (half the narrowest gap between two
    #: places, less two pixels: one for the outline's dark edge, one to keep the edges
    #: apart)
    outline_room: tuple[int, int] = (4, 4)

    def copy(self) -> TableLayout:
        """A copy whose rectangles may be changed without changing this one's."""
        return replace(
            self, hud=self.hud.copy(), bases=[r.copy() for r in self.bases],
            areas=[r.copy() for r in self.areas], steps=list(self.steps),
            labels=[replace(label, rect=label.rect.copy()) for label in self.labels],
            counted={i: replace(label, rect=label.rect.copy()) for i, label in self.counted.items()},
            direction_slots={i: r.copy() for i, r in self.direction_slots.items()},
            badge_slots={i: r.copy() for i, r in self.badge_slots.items()},
            foundation_slots={i: r.copy() for i, r in self.foundation_slots.items()},
            footer=self.footer.copy())

    def key(self) -> tuple[object, ...]:
        """Everything a picture of the felt at this layout depends on (the places'
        rectangles, the card size, the words), as a key to keep that picture by: two
        layouts of one window size differ where the piles were laid out again."""
        return (self.rules, self.size, self.card, tuple(map(tuple, self.bases)),
                tuple(map(tuple, self.areas)), tuple(self.steps),
                tuple((label.text, tuple(label.rect), label.px, label.align) for label in self.labels))

    def neighbour(self, index: int, direction: tuple[int, int]) -> int:
        """Where an arrow key takes the keyboard focus from place ``index``: the nearest
        place that way (``direction`` (0, -1) is up, (1, 0) right…), in line with it
        where one is; ``index`` itself only where no place lies that way at all.

        First the places whose region (:attr:`areas`, the room a fanned pile grows into
        included) lies wholly beyond ``index``'s that way: a foundation level with Row 1
        is not above it. The nearest of those in line (their regions overlap across the
        way) is taken; where none is, the nearest of those out of line by a quarter of a
        card at most (of its width going up or down, its height going sideways: British
        Square's columns do not stand under the places above them); on a tie, the one
        whose card is nearer across. Where none of those is, any place whose card's
        centre lies more than half a card that way (Union Square's waste, left of the
        second row of piles, or a stock in a corner) and at most twice as far across
        (within about 63 degrees of the arrow's way: not a stock at the far end of the
        table below Row 4's first pile) is taken, the nearest counting a step across as
        twice a step ahead, so that the arrow keeps to its way."""
        here, at = self.areas[index], self.bases[index]
        dx, dy = direction
        slack = (self.card[0] if dy else self.card[1]) // 4
        half = (self.card[1] if dy else self.card[0]) / 2
        best, best_key = index, (math.inf, math.inf, math.inf, math.inf)
        for i, area in enumerate(self.areas):
            if i == index:
                continue
            centre = self.bases[i].center
            if dy:
                along = area.top - here.bottom if dy > 0 else here.top - area.bottom
                off = max(0, area.left - here.right, here.left - area.right)
                ahead, across = (centre[1] - at.centery) * dy, abs(centre[0] - at.centerx)
            else:
                along = area.left - here.right if dx > 0 else here.left - area.right
                off = max(0, area.top - here.bottom, here.top - area.bottom)
                ahead, across = (centre[0] - at.centerx) * dx, abs(centre[1] - at.centery)
            if along >= 0 and off <= slack:
                key: tuple[float, float, float, float] = (0 if off == 0 else 1, along, off, across)
            elif ahead > half and across <= 2 * ahead:
                key = (2, ahead + 2 * across, across, 0)
            else:
                continue
            if key < best_key:
                best, best_key = i, key
        return best

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

    def readable_count(self, index: int) -> int:
        """How many cards the pile at ``index`` may hold with every covered card's index
        still whole (a squared-up pile: 1)."""
        if not self.steps[index]:
            return 1
        room = self.areas[index].bottom - self.bases[index].bottom
        return 1 + int(room // min_fan_step(self.card))


def fan_step(card: tuple[int, int]) -> int:
    """The normal offset between fanned cards of this size: enough to show each covered
    card's corner index whole, rank and suit, with a sliver of paper below it."""
    w, h = card
    return round(h * (_depth(w) + 0.03))


def min_fan_step(card: tuple[int, int]) -> int:
    """The smallest offset between fanned cards that still shows each covered card's
    corner index whole."""
    w, h = card
    return math.ceil(h * _depth(w)) + 1


@lru_cache(maxsize=512)
def _depth(width: int) -> float:
    """:func:`index_depth` (kept per width: every layout asks it for every fanned place)."""
    return index_depth(width)


def card_size(width: float) -> tuple[int, int]:
    """A card of (at least MIN_CARD_WIDTH) ``width`` pixels with the standard aspect."""
    w = max(MIN_CARD_WIDTH, int(width))
    return (w, round(w * CARD_ASPECT))


#: the bar's unit of type (about its height) in window widths, at most: a narrow window's
#: bar has smaller type, so that its title, score and buttons keep their room
BAR_UNIT_PER_WIDTH = 0.055


def hud_height(size: tuple[int, int]) -> int:
    """The height of the HUD bar at the top of the window: it follows the window's
    height, but no taller than the type the window's width allows needs (a tall narrow
    window's bar would be a wide dark band round small buttons, and its cards smaller)."""
    return max(44, min(76, round(size[1] * 0.068), round(size[0] * BAR_UNIT_PER_WIDTH)))


#: the least height of the message strip in a narrow window: two lines of the footer's
#: smallest type (11 px, 13 px a line) with the pill's padding, so that a message wrapped
#: onto a second line stays in the strip rather than climbing onto the cards
FOOTER_MIN = 32
#: the width under which a long message or hint takes two lines of the footer (a wider
#: window has room for them on one line; it still keeps room for two lines of a smaller type)
FOOTER_NARROW = 1100


def footer_height(size: tuple[int, int]) -> int:
    """The height of the message strip at the foot of the table."""
    least = FOOTER_MIN if size[0] < FOOTER_NARROW else 22
    return max(least, min(40, round(size[1] * 0.036)))


def label_px(card_h: int) -> int:
    """The size of the words naming places, for cards ``card_h`` pixels tall."""
    return max(11, min(24, round(card_h * 0.11)))


def line_band(px: int) -> int:
    """The height of the band a line of place names of ``px`` takes."""
    return round(px * 1.75)


def label_band(card_h: int) -> int:
    """The height of the band a line of place names takes."""
    return line_band(label_px(card_h))


def text_width(words: str, px: int) -> int:
    """About how wide ``words`` are in the table's font at ``px`` (a layout is made
    without fonts; DejaVu Sans averages under 0.62 em a character)."""
    return math.ceil(len(words) * px * 0.62)


#: the names of the piles whose count is written with their name, each with about how
#: wide it is in bold (as the high-contrast theme draws it), in em (DejaVu Sans Bold
#: measured from 11 px up, rounded up)
COUNTED_WORDS = {"Stock": 3.3, "Waste": 3.55}
#: the names over a stock and a waste
BOTH_COUNTED = ("Stock", "Waste")


def count_gap(px: int) -> int:
    """The room between the stock's or the waste's name and its count beside it."""
    return max(3, px // 3)


def counts_beside(px: int, width: int, names: tuple[str, ...]) -> bool:
    """Whether ``names`` (of the stock and the waste) at ``px`` each fit ``width`` with
    a count of two digits beside them, even in bold as the high-contrast theme draws
    them (a pill of two digits is under 2.5 em wide)."""
    return (max(math.ceil(COUNTED_WORDS[name] * px) for name in names) + count_gap(px)
            + math.ceil(px * 2.5) <= width)


def stacked_band(px: int) -> int:
    """The height of the band the stock's or the waste's name takes with its count
    under it, at ``px`` (a line of words, about 1.2 em, over a pill, about 1.6 em,
    with room for the high-contrast theme's larger type)."""
    return round(px * 3.4) + 1


def counted_band(card_h: int, width: int, names: tuple[str, ...]) -> int:
    """The height of the band above the stock or the waste, ``width`` wide, for its
    name and its count (``names``: the names of both, which stand alike): one line
    where each name and its count fit side by side at the size of the other place
    names, else two, the count under the name (so that neither is drawn smaller than
    the names of the rows)."""
    px = label_px(card_h)
    return label_band(card_h) if counts_beside(px, width, names) else stacked_band(px)


def _fan_room(h: int, cards: int) -> int:
    """The height a pile of ``cards`` fanned at the fitting step takes."""
    return h + math.ceil((cards - 1) * FIT_STEP * h)


def _longest_fan(card: tuple[int, int]) -> int:
    """The most height a fanned pile's area is given."""
    return card[1] + (LONGEST_FAN - 1) * fan_step(card)


def _fan_cards(longest: int, fit: int) -> int:
    """How many cards a row of fans whose longest pile is ``longest`` is given room for
    when the piles have grown: the ``fit`` of a fresh layout, or one more than its
    longest pile once that is longer (so that the next card does not lay the table out
    again)."""
    return longest + 1 if longest > fit else fit


def _largest(fits: Callable[[int], bool], upto: int) -> int:
    """The largest card width from MIN_CARD_WIDTH up to ``upto`` for which ``fits``
    holds (MIN_CARD_WIDTH when none does): every arrangement grows with its card."""
    lo, hi = MIN_CARD_WIDTH, max(MIN_CARD_WIDTH, min(upto, MAX_CARD_WIDTH))
    if not fits(lo):
        return lo
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def table_layout(rules: str, size: tuple[int, int], *, footer: bool = True,
                 fans: tuple[int, ...] = ()) -> TableLayout:
    """The layout of rule set ``rules`` (an id of RULE_IDS) in a window of ``size``,
    with a strip for messages along the bottom unless ``footer`` is False (made once
    per rule set and size; each caller gets its own copy). ``fans``, for the rows of
    both Constitution sets and of Union Square's piles, holds each row's longest pile
    where the piles have grown past what the fresh layout shows readably
    (:func:`longest_in_rows`)."""
    return _made_layout(rules, (size[0], size[1]), footer, tuple(fans)).copy()


def longest_in_rows(layout: TableLayout, piles: list[list[int]]) -> tuple[int, ...] | None:
    """For a layout whose fans stand in rows (both Constitution sets, Union Square's
    grid): the longest pile of each row of fans, top to bottom, where some fanned pile
    of ``piles`` is longer than ``layout`` shows with every index whole (the layout to
    make for them); else None (``layout`` shows them all, or its columns reach the foot
    of the window already)."""
    if rules_class(layout.rules).profile.layout is Layout.SQUARE_COLUMNS:
        return None
    fanned = [i for i, step in enumerate(layout.steps) if step]
    if all(len(piles[i]) <= layout.readable_count(i) for i in fanned):
        return None
    rows: dict[int, int] = {}
    for i in fanned:
        top = layout.bases[i].top
        rows[top] = max(rows.get(top, 0), len(piles[i]))
    return tuple(rows[top] for top in sorted(rows))


@lru_cache(maxsize=32)
def _made_layout(rules: str, size: tuple[int, int], footer: bool, fans: tuple[int, ...] = ()) -> TableLayout:
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
        lay.fans = fans
        _rows_layout(lay, area, built_rows=cls.profile.built_rows, stock=cls.stock, waste=cls.waste,
                     fans=fans)
    elif kind is Layout.SQUARE_COLUMNS:
        _square_layout(lay, area, stock=cls.stock, waste=cls.waste)
    else:
        lay.fans = fans
        _union_layout(lay, area, stock=cls.stock, waste=cls.waste, fans=fans)
    lay.outline_room = _outline_room(lay.bases)
    return lay


def _outline_room(bases: list[pygame.Rect]) -> tuple[int, int]:
    """Half the narrowest gap between two places' cards side by side, and between two
    one above the other, each less two pixels (at least 1)."""
    across = down = 10**6
    for i, a in enumerate(bases):
        for b in bases[i + 1:]:
            dx = max(b.left - a.right, a.left - b.right)
            dy = max(b.top - a.bottom, a.top - b.bottom)
            if dy < 0:
                across = min(across, dx)
            elif dx < 0:
                down = min(down, dy)
    return max(1, across // 2 - 2), max(1, down // 2 - 2)


def _inside(centre: int, width: int, area: pygame.Rect) -> int:
    """How much of a box ``width`` wide centred on ``centre`` lies across ``area``."""
    left = centre - width // 2
    return min(left + width, area.right) - max(left, area.left)


def _counted_band(card: tuple[int, int], centres: list[int], width: int, area: pygame.Rect,
                  names: tuple[str, ...]) -> int:
    """The band the stock's and the waste's names and counts take above their cards,
    the same for both (:func:`counted_band`): their boxes ``width`` wide, centred on
    ``centres`` and cut to ``area``."""
    return max(counted_band(card[1], _inside(centre, width, area), names) for centre in centres)


def _counted(lay: TableLayout, index: int, word: str, width: int, area: pygame.Rect, band: int) -> None:
    """The name (and count) of the stock or the waste in a band ``band`` high just above
    its card (:func:`_counted_band`), ``width`` wide at most, centred on it and cut to
    ``area``."""
    base = lay.bases[index]
    rect = pygame.Rect(0, base.top - band, width, band)
    rect.centerx = base.centerx
    lay.counted[index] = Label(word, rect.clip(area), label_px(base.height))


def badge_size(card_w: int) -> int:
    """The width of a round direction badge beside cards ``card_w`` pixels wide."""
    return max(18, round(card_w * 0.26))


def badge_gap(card_w: int) -> int:
    """How far a foundation's direction badge stands from its card."""
    return max(2, round(card_w * 0.03))


def _foundation_badges(lay: TableLayout, foundations: range) -> None:
    """A slot for each foundation's direction badge, just right of the top of its card."""
    w = lay.card[0]
    d = badge_size(w)
    for f in foundations:
        base = lay.bases[f]
        lay.foundation_slots[f] = pygame.Rect(base.right + badge_gap(w), base.top, d, d)


def _block_left(area: pygame.Rect, cards_w: int, block_w: int) -> int:
    """The left of a block whose cards are ``cards_w`` wide and whose badges beside the
    last of them reach ``block_w``: the cards centred in ``area`` where the badges still
    fit, else as far right as lets them fit (the whole block centred where it is wider
    than the area)."""
    if block_w > area.width:
        return area.x + (area.width - block_w) // 2
    return area.x + min((area.width - cards_w) // 2, area.width - block_w)


def _heading(lay: TableLayout, words: str, over: pygame.Rect, area: pygame.Rect) -> None:
    """``words`` in a band just above ``over``, centred on it."""
    band = label_band(lay.card[1])
    px = label_px(lay.card[1])
    rect = pygame.Rect(0, over.top - band, max(over.width, text_width(words, px)), band)
    rect.centerx = over.centerx
    rect.clamp_ip(area)
    lay.labels.append(Label(words, rect, px))


# ----- the rows (both Constitution sets) --------------------------------------------------------

ROW_NAMES = {0: "Privy Council", 3: "The People"}


def _rows_layout(lay: TableLayout, area: pygame.Rect, *, built_rows: int, stock: int,
                 waste: int, fans: tuple[int, ...] = ()) -> None:
    """The four rows; the first ``built_rows`` fan downward; the foundations above them
    (with the stock and the waste beside Row 4, or, where that gives larger cards as in
    a tall narrow window, in a line under Row 4) or beside them, whichever gives the
    larger card.

    ``fans`` holds the longest pile of each row now (empty: a fresh deal's). Each row
    built on gets room for its longest pile (:func:`_fan_cards`), the rows sharing out
    the height; where that needs more height than the rows have, the cards get smaller,
    so that every covered card's index stays whole."""
    # Where every row is built on, they share the height; where only Row 1 is, it may
    # take more of it. The arrangement for tall windows is made for six cards a row
    # whatever the rows: a tall window has the height for them.
    modes = ("above", "beside", "below")
    # the names written over the stock and the waste, with their counts
    counted_names = BOTH_COUNTED if waste >= 0 else ("Stock",)

    def fit_for(mode: str) -> int:
        return 3 if built_rows == 4 and mode != "below" else 6

    def need(w: int, mode: str) -> tuple[int, int]:
        h = round(w * CARD_ASPECT)
        g, lb, gx = round(0.09 * h), label_band(h), round(0.16 * w)
        bands = [_fan_room(h, fit_for(mode)) if r < built_rows else h for r in range(4)]
        rows_h = sum(bands) + 3 * g
        cols_w = 8 * w + 7 * gx
        # the stock's and the waste's names, with their counts beside them or under them
        counted = counted_band(h, w + gx - 2, counted_names)
        if mode == "below":
            return cols_w, lb + h + g + rows_h + g + counted + h
        cols_w += round(0.5 * w)
        if mode == "above":
            return cols_w + w, lb + h + g + rows_h
        row4 = sum(bands[:3]) + 3 * g
        side_top = max(row4, lb + 4 * h + 4 * g + counted)
        return cols_w + 2 * w + gx, max(rows_h, side_top + h)

    def fits(mode: str) -> Callable[[int], bool]:
        def check(w: int) -> bool:
            need_w, need_h = need(w, mode)
            return need_w <= area.width and need_h <= area.height
        return check

    sizes = {mode: _largest(fits(mode), area.width) for mode in modes}
    # the mode with the largest card (on a tie, the first of them)
    mode = max(modes, key=lambda m: (sizes[m], -modes.index(m)))
    best = sizes[mode]
    fit_cards = fit_for(mode)

    def names(w: int) -> tuple[bool, bool, int, bool]:
        """For cards ``w`` wide: whether the rows' names stand at their left (with the
        names of Rows 1 and 4 under them), how wide they are, and whether they stand in
        bands above the rows instead."""
        h = round(w * CARD_ASPECT)
        px, gx = label_px(h), round(0.16 * w)
        small = max(10, round(px * 0.85))
        need_w, need_h = need(w, mode)
        room = area.width - need_w
        long_names = room >= 2 * (max(text_width("Row 1", px), text_width(ROW_NAMES[0], small)) + gx)
        names_w = (max(text_width("Row 1", px), text_width(ROW_NAMES[0], small)) if long_names
                   else text_width("Row 1", px))
        names_left = room >= names_w + gx
        bands_above = not names_left and area.height - need_h >= 4 * label_band(h)
        return names_left, long_names, names_w, bands_above

    # The rows' names stand at their left where the width allows; else in a band above
    # each row where the height does; where neither does, the cards give up a little of
    # their size.
    for w in range(best, max(MIN_CARD_WIDTH, round(best * 0.85)) - 1, -1):
        names_left, long_names, names_w, bands_above = names(w)
        if names_left or bands_above:
            break

    def rows_room(w: int, bands_above: bool) -> tuple[list[int], int]:
        """The rows' default bands for cards ``w`` wide, and the height the rows built
        on have in all (theirs and what the window has to spare)."""
        h = round(w * CARD_ASPECT)
        bands = [_fan_room(h, fit_cards) if r < built_rows else h for r in range(4)]
        spare = max(0, area.height - need(w, mode)[1] - (4 * label_band(h) if bands_above else 0))
        return bands, sum(bands[:built_rows]) + spare

    def wanted(w: int) -> list[int]:
        """The height each row built on wants for its longest pile (:func:`_fan_cards`),
        every covered index whole."""
        card = (w, round(w * CARD_ASPECT))
        return [card[1] + (_fan_cards(n, fit_cards) - 1) * min_fan_step(card) for n in fans[:built_rows]]

    if fans:
        # Long piles: the rows share out the height by what their piles need; where the
        # rows have not that much height, the cards get smaller until they have.
        while w > MIN_CARD_WIDTH and sum(wanted(w)) > rows_room(w, bands_above)[1]:
            w -= 1
            names_left, long_names, names_w, bands_above = names(w)
    h = round(w * CARD_ASPECT)
    g, lb, gx = round(0.09 * h), label_band(h), round(0.16 * w)
    px = label_px(h)
    small = max(10, round(px * 0.85))
    need_w, need_h = need(w, mode)
    lay.card = (w, h)
    default, total = rows_room(w, bands_above)
    spare = total - sum(default[:built_rows])
    # What height is left goes to the rows built on, as far as their longest pile needs.
    bands = list(default)
    for r in range(built_rows):
        bands[r] = min(max(bands[r], _longest_fan(lay.card)), bands[r] + spare // built_rows)
    if fans and any(want > band for want, band in zip(wanted(w), bands, strict=False)):
        wants = wanted(w)
        left = total - sum(wants)
        for r in range(built_rows):
            if left >= 0:
                bands[r] = wants[r] + left // built_rows
            else:  # even the smallest cards have not the height: each fan gives some up
                bands[r] = h + (wants[r] - h) * (total - built_rows * h) // (sum(wants) - built_rows * h)
    block_h = need_h + sum(bands) - sum(default)
    if bands_above:
        block_h += 4 * lb
    x0 = area.x + max((area.width - need_w) // 2, min(area.width - need_w, names_w + gx))
    y0 = area.y + max(0, (area.height - block_h) // 3)
    pitch = w + gx

    def col_x(col: int) -> int:
        return x0 + col * pitch + (round(0.5 * w) - gx if col >= 8 else 0)

    y = y0
    if mode != "beside":
        y += lb
        for f in range(8):
            lay.bases[f] = pygame.Rect(col_x(f), y, w, h)
        y += h + g
        row = pygame.Rect(col_x(0), lay.bases[0].top, col_x(7) + w - col_x(0), h)
        _heading(lay, "Foundations", row, area)
    row_tops = []
    for r in range(4):
        if bands_above:
            words = f"Row {r + 1}" + (f" · {ROW_NAMES[r]}" if r in ROW_NAMES else "")
            # as wide as its words (the hint's arrow goes round them), never past the row
            tight = min(8 * pitch - gx, text_width(words, px) + px)
            lay.labels.append(Label(words, pygame.Rect(col_x(0), y, tight, lb), px, "left"))
            y += lb
        row_tops.append(y)
        for col in range(8):
            index = 8 + r * 8 + col
            base = pygame.Rect(col_x(col), y, w, h)
            lay.bases[index] = base
            lay.areas[index] = pygame.Rect(base.x, y, w, bands[r])
            lay.steps[index] = fan_step((w, h)) if r < built_rows else 0
        if names_left:
            named = long_names and r in ROW_NAMES
            rect = pygame.Rect(x0 - gx - names_w, y + h // 2 - (lb if named else lb // 2), names_w, lb)
            lay.labels.append(Label(f"Row {r + 1}", rect, px, "right"))
            if named:
                lay.labels.append(Label(ROW_NAMES[r], rect.move(0, lb), small, "right"))
        y += bands[r] + g
    first = waste if waste >= 0 else stock
    label_w = round(w * 1.5) if mode == "above" else pitch - 2
    # the columns the waste and the stock stand in
    columns = {"beside": (8, 9), "below": (6, 7), "above": (8,)}[mode]
    counted = _counted_band(lay.card, [col_x(c) + w // 2 for c in columns], label_w, area, counted_names)
    if mode == "beside":
        top = y0 + lb
        for f in range(8):
            lay.bases[f] = pygame.Rect(col_x(8 + f % 2), top + (f // 2) * (h + g), w, h)
        block = lay.bases[0].union(lay.bases[7])
        _heading(lay, "Foundations", block, area)
        side_top = max(row_tops[3], lay.bases[7].bottom + g + counted)
        # Row 4 takes its cards from the waste (or the stock): it stands next to Row 4.
        lay.bases[first] = pygame.Rect(col_x(8), side_top, w, h)
        if waste >= 0:
            lay.bases[stock] = pygame.Rect(col_x(9), side_top, w, h)
    elif mode == "below":
        # under the right end of Row 4, the stock last
        lay.bases[stock] = pygame.Rect(col_x(7), y + counted, w, h)
        if waste >= 0:
            lay.bases[waste] = pygame.Rect(col_x(6), y + counted, w, h)
    else:
        lay.bases[first] = pygame.Rect(col_x(8), row_tops[3], w, h)
        if waste >= 0:
            lay.bases[stock] = pygame.Rect(col_x(8), row_tops[3] - counted - h - g, w, h)
    for i in range(8):
        lay.areas[i] = lay.bases[i].copy()
    for i in (stock, waste):
        if i >= 0:
            lay.areas[i] = lay.bases[i].copy()
            _counted(lay, i, "Stock" if i == stock else "Waste", label_w, area, counted)


# ----- English British Square --------------------------------------------------------------------

def _square_layout(lay: TableLayout, area: pygame.Rect, *, stock: int, waste: int) -> None:
    """Stock, waste and foundations in a line under their names, each foundation's
    direction badge beside it; the four columns below, each under its direction, reaching
    down to the foot of the area."""
    gap_x, split, heading = 0.25, 0.6, 0.42  # in card widths, widths, heights

    def found_gap(w: int) -> int:
        """Between two foundations: the first one's badge, and room before the next."""
        return max(round(gap_x * w), badge_gap(w) + badge_size(w) + max(6, round(0.1 * w)))

    def cards_width(w: int) -> int:
        return 6 * w + 2 * round(gap_x * w) + round(split * w) + 3 * found_gap(w)

    def names(w: int) -> int:
        """The height of the band of names above the top line of cards (the stock's and
        the waste's with their counts, "Foundations")."""
        h = round(w * CARD_ASPECT)
        return max(label_band(h), counted_band(h, w + round(gap_x * w) - 2, BOTH_COUNTED))

    def need(w: int) -> tuple[int, int]:
        h = round(w * CARD_ASPECT)
        width = cards_width(w) + badge_gap(w) + badge_size(w)
        return width, names(w) + h + round(heading * h) + _fan_room(h, 8)

    w = _largest(lambda w: need(w)[0] <= area.width and need(w)[1] <= area.height, area.width)
    h = round(w * CARD_ASPECT)
    lay.card = (w, h)
    block_w, block_h = need(w)
    cards_w = cards_width(w)
    x0 = _block_left(area, cards_w, block_w)
    pitch = w + round(gap_x * w)
    counted = _counted_band(lay.card, [x0 + w // 2, x0 + pitch + w // 2], pitch - 2, area, BOTH_COUNTED)
    lb = max(label_band(h), counted)
    # The columns take the height down to the foot; only what they could never use
    # stays above the block.
    top_room = max(0, area.height - block_h - (_longest_fan(lay.card) - _fan_room(h, 8)))
    y0 = area.y + top_room // 3 + lb
    lay.bases[stock] = pygame.Rect(x0, y0, w, h)
    lay.bases[waste] = pygame.Rect(x0 + pitch, y0, w, h)
    for f in range(4):
        lay.bases[f] = pygame.Rect(x0 + 2 * pitch + round(split * w) + f * (w + found_gap(w)), y0, w, h)
    for i in (stock, waste, 0, 1, 2, 3):
        lay.areas[i] = lay.bases[i].copy()
    for i in (stock, waste):
        _counted(lay, i, "Stock" if i == stock else "Waste", pitch - 2, area, counted)
    _heading(lay, "Foundations", lay.bases[0].union(lay.bases[3]), area)
    _foundation_badges(lay, range(4))
    # Four columns spread evenly across the block, each with its direction label above it,
    # centred on it and wider than a card where the gap between columns allows (so that
    # the label can use its longer words), but never wider than the window.
    top = y0 + h + round(heading * h)
    col_pitch = (cards_w - w) / 3
    bottom = min(area.bottom, top + _longest_fan(lay.card))
    slot_w = max(w, round(min(col_pitch * 0.9, w * 1.8)))
    for c in range(4):
        index = 4 + c
        x = round(x0 + c * col_pitch)
        lay.bases[index] = pygame.Rect(x, top, w, h)
        lay.areas[index] = pygame.Rect(x, top, w, bottom - top)
        lay.steps[index] = fan_step((w, h))
        slot = pygame.Rect(0, y0 + h + round(heading * h * 0.18), slot_w, round(heading * h * 0.64))
        slot.centerx = x + w // 2
        slot.clamp_ip(area)
        lay.direction_slots[index] = slot


# ----- Union Square ------------------------------------------------------------------------------

def _union_layout(lay: TableLayout, area: pygame.Rect, *, stock: int, waste: int,
                  fans: tuple[int, ...] = ()) -> None:
    """Stock over waste, the sixteen piles in four rows of four, two rows of eight or one
    of sixteen (whichever gives the larger card), the foundations in a column, each with its
    direction badge beside it; a band above each row of piles holds their direction
    badges. ``fans`` holds the longest pile of each
    row of piles now (empty: a fresh deal's): the rows share the height out as in
    :func:`_rows_layout`."""
    gap_x, side, gap_y = 0.2, 0.5, 0.08
    fit_cards = 7
    badge = badge_size

    def beside(w: int) -> int:
        """The width the foundations' badges take beside them."""
        return badge_gap(w) + badge_size(w)

    def need(w: int, cols: int) -> tuple[int, int]:
        h = round(w * CARD_ASPECT)
        rows = 16 // cols
        g, lb = round(gap_y * h), label_band(h)
        width = 2 * w + 2 * round(side * w) + cols * w + (cols - 1) * round(gap_x * w) + beside(w)
        grid_h = rows * (badge(w) + 2 + _fan_room(h, fit_cards)) + (rows - 1) * g
        stock_h = 2 * (counted_band(h, w + round(side * w) - 2, BOTH_COUNTED) + h) + g
        found_h = lb + 4 * h + 3 * g
        return width, max(grid_h, stock_h, found_h)

    def fits(cols: int) -> Callable[[int], bool]:
        return lambda w: need(w, cols)[0] <= area.width and need(w, cols)[1] <= area.height

    # four rows of four, two of eight or (a wide, short window) one of sixteen: the
    # shape with the largest card, the squarer on a tie
    widths = {cols: _largest(fits(cols), area.width) for cols in (4, 8, 16)}
    cols = max(widths, key=lambda c: (widths[c], -c))
    rows = 16 // cols
    w = widths[cols]

    def fans_room(w: int) -> int:
        """The height the rows of piles have for their fans, with cards ``w`` wide."""
        h = round(w * CARD_ASPECT)
        return area.height - rows * (badge(w) + 2) - (rows - 1) * round(gap_y * h)

    longest = [*fans[:rows], *[0] * (rows - len(fans))]

    def wanted(w: int) -> list[int]:
        card = (w, round(w * CARD_ASPECT))
        return [card[1] + (_fan_cards(n, fit_cards) - 1) * min_fan_step(card) for n in longest]

    h = round(w * CARD_ASPECT)
    block_w, block_h = need(w, cols)
    fan = _fan_room(h, fit_cards)
    fan = min(max(fan, _longest_fan((w, h))), fan + (area.height - block_h) // rows)
    bands = [fan] * rows
    if fans and any(want > fan for want in wanted(w)):
        # Long piles: the rows share out the height by what their piles need; where the
        # rows have not that much height, the cards get smaller until they have.
        while w > MIN_CARD_WIDTH and sum(wanted(w)) > fans_room(w):
            w -= 1
        h = round(w * CARD_ASPECT)
        wants = wanted(w)
        left = fans_room(w) - sum(wants)
        bands = [want + max(0, left) // rows if left >= 0 else
                 h + (want - h) * (fans_room(w) - rows * h) // (sum(wants) - rows * h) for want in wants]
        block_w, block_h = need(w, cols)
    lay.card = (w, h)
    g, lb, bb = round(gap_y * h), label_band(h), badge(w) + 2
    grid_h = rows * bb + sum(bands) + (rows - 1) * g
    block_h = max(block_h, grid_h)
    x0 = _block_left(area, block_w - beside(w), block_w)
    y0 = area.y + max(0, (area.height - block_h) // 3)
    grid_x = x0 + w + round(side * w)
    pitch = w + round(gap_x * w)
    for i in range(16):
        row, col = divmod(i, cols)
        index = 4 + i
        top = y0 + sum(bb + band + g for band in bands[:row]) + bb
        x = grid_x + col * pitch
        lay.bases[index] = pygame.Rect(x, top, w, h)
        lay.areas[index] = pygame.Rect(x, top, w, bands[row])
        lay.steps[index] = fan_step((w, h))
        d = badge(w)
        lay.badge_slots[index] = pygame.Rect(x + w - d, top - bb + 1, d, d)
        # the pile's number, as the hints and the notation name it ("pile 11", p11),
        # at the left of its band, clear of the direction badge
        lay.labels.append(Label(str(i + 1), pygame.Rect(x, top - bb, w - d - 2, bb),
                                min(label_px(h), bb - 4), "left"))
    found_x = grid_x + cols * pitch - round(gap_x * w) + round(side * w)
    for f in range(4):
        lay.bases[f] = pygame.Rect(found_x, y0 + lb + f * (h + g), w, h)
        lay.areas[f] = lay.bases[f].copy()
    _heading(lay, "Foundations", lay.bases[0], area)
    _foundation_badges(lay, range(4))
    counted = _counted_band(lay.card, [x0 + w // 2], w + round(side * w) - 2, area, BOTH_COUNTED)
    lay.bases[stock] = pygame.Rect(x0, y0 + counted, w, h)
    lay.bases[waste] = pygame.Rect(x0, y0 + 2 * counted + h + g, w, h)
    for i in (stock, waste):
        lay.areas[i] = lay.bases[i].copy()
        _counted(lay, i, "Stock" if i == stock else "Waste", w + round(side * w) - 2, area, counted)
