"""A drawn diagram of a rule set's table, for the how-to-play help and the rules screen.

The diagram is the real table: the places stand where :func:`~game.ui.layout.table_layout`
puts them in the player's window, scaled down, as small card shapes (a pile as a few
fanned cards, the stock as a back, each foundation with its suit). Each part of the table
is labelled ("Foundations", "Row 2", "Stock"…) beside it, and the arrows of the rule
set's :class:`~game.engine.profile.Guide` show where cards go, each numbered with its
step and coloured as the step's number in the text (dashed when the rules make the move
by themselves). It is drawn on paper, in the colours of the rules page, in either palette.

:func:`draw_diagram` answers with a :class:`Diagram` of what it drew where, so tests (and
the screens) can check that nothing spills out or overlaps.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from ..engine import RuleProfile
from ..engine.state import FOUNDATION, STOCK
from . import theme
from .art import draw_suit, suit_colour
from .drawn import DrawnBoxes, Kind
from .layout import TableLayout, fan_step, table_layout

PAPER = (250, 245, 230)
SUIT_RED = (196, 24, 36)
PAPER_EDGE = (196, 170, 110)
INK = (34, 34, 38)
LABEL_INK = (22, 70, 44)
CARD = (255, 255, 252)
CARD_EDGE = (120, 112, 96)
BACK = (44, 74, 140)
BACK_LINE = (120, 150, 210)
#: the inside of an empty place, a shade darker than the paper
SPACE = (236, 228, 206)
#: the colour of each step's number and arrows, in step order (dark enough on paper and
#: on the white cards, and apart from each other and from the red of hearts)
STEP_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 102, 178), (204, 92, 0), (0, 128, 64), (136, 48, 160), (150, 110, 0), (0, 120, 130))
#: the most cards a pile shows in the diagram
PILE_CARDS = 3

Point = tuple[float, float]


def step_colour(number: int) -> tuple[int, int, int]:
    """The colour of step ``number`` (1 for the first)."""
    return STEP_COLOURS[(number - 1) % len(STEP_COLOURS)]


@dataclass
class Arrow:
    """One arrow drawn: the step it belongs to (1 for the first), the places it joins and
    where it starts and ends."""

    step: int
    src: int
    dst: int
    start: Point
    end: Point
    automatic: bool


@dataclass
class Diagram:
    """What :func:`draw_diagram` drew: every place's cards, the labels and the arrows."""

    rect: pygame.Rect
    #: place index → the rectangles of the cards drawn for it, bottom to top
    cards: dict[int, list[pygame.Rect]] = field(default_factory=dict)
    #: (words, rect) of each part's label
    labels: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    #: the numbered badge of each arrow, in the order of ``arrows``
    badges: list[pygame.Rect] = field(default_factory=list)
    #: the places drawn empty: each where an arrow of a step that fills a space ends
    spaces: set[int] = field(default_factory=set)

    def record(self, drawn: DrawnBoxes, name: str) -> None:
        """Record the words the diagram drew: each part's label and each step's number."""
        for words, rect in self.labels:
            drawn.add(Kind.TEXT, rect, f"{name}: {words}")
        seen: list[pygame.Rect] = []
        for arrow, badge in zip(self.arrows, self.badges, strict=True):
            if badge not in seen:  # a badge two arrows of a step share is one number
                seen.append(badge)
                drawn.add(Kind.TEXT, badge, f"{name}: step {arrow.step}")

    def drawn(self) -> pygame.Rect:
        """The rectangle covering everything drawn."""
        rects = [r for rs in self.cards.values() for r in rs] + [r for _, r in self.labels]
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(self.rect.topleft, (0, 0))


def diagram_size(profile: RuleProfile, table_size: tuple[int, int], width: int,
                 height: int, text_px: int = 0) -> tuple[int, int]:
    """The size the diagram of ``profile`` takes when it is fitted into ``width`` ×
    ``height`` (it keeps the table's proportions, so it may use less of one side); its
    labels no larger than ``text_px`` when that is given."""
    lay = table_layout(profile.rules, table_size, footer=False)
    block = _block(lay)
    px = label_px(width, height, text_px)
    scale = _scale(block, width, height, px)
    return (min(width, round(block.width * scale) + 2 * _side(px)),
            min(height, round(block.height * scale) + 2 * _top(px)))


def label_px(width: int, height: int, text_px: int = 0) -> int:
    """The size of the diagram's labels for a diagram of ``width`` × ``height``, no
    larger than the text beside it (``text_px``, when given)."""
    px = max(11, min(32, round(min(width / 34, height / 18))))
    return max(11, min(px, text_px)) if text_px else px


def _side(px: int) -> int:
    """The margin left and right of the places, for labels beside them."""
    return round(px * 4.2)


def _top(px: int) -> int:
    """The margin above and below the places, for labels over and under them."""
    return round(px * 1.6)


def _shown(lay: TableLayout, index: int) -> pygame.Rect:
    """What the diagram shows of place ``index``: its base, and a pile's few fanned cards
    (not all the room the table leaves it to grow)."""
    base = lay.bases[index]
    if not lay.steps[index]:
        return base
    room = lay.areas[index].bottom - base.bottom
    return base.union(base.move(0, min(room, (PILE_CARDS - 1) * fan_step(lay.card))))


def _block(lay: TableLayout) -> pygame.Rect:
    shown = [_shown(lay, i) for i in range(len(lay.bases))]
    return shown[0].unionall(shown[1:])


def _scale(block: pygame.Rect, width: int, height: int, px: int) -> float:
    return max(0.05, min((width - 2 * _side(px)) / block.width, (height - 2 * _top(px)) / block.height))


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, profile: RuleProfile,
                 table_size: tuple[int, int], text_px: int = 0) -> Diagram:
    """Draw the diagram of ``profile``'s table, as laid out in a window of ``table_size``,
    centred in ``rect`` of ``surface`` (on paper: the caller draws the paper); its labels
    no larger than ``text_px`` when that is given."""
    lay = table_layout(profile.rules, table_size, footer=False)
    block = _block(lay)
    px = label_px(rect.width, rect.height, text_px)
    scale = _scale(block, rect.width, rect.height, px)
    out = Diagram(rect.copy())
    origin = (rect.centerx - block.width * scale / 2, rect.centery - block.height * scale / 2)

    def place(r: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(round(origin[0] + (r.x - block.x) * scale),
                           round(origin[1] + (r.y - block.y) * scale),
                           max(4, round(r.width * scale)), max(6, round(r.height * scale)))

    card_w, card_h = place(lay.bases[0]).size
    step = max(3.0, fan_step(lay.card) * scale)
    for index in range(len(profile.places)):
        base = place(lay.bases[index])
        area = place(_shown(lay, index))
        count = 1
        if lay.steps[index]:
            count = 1 + max(0, min(PILE_CARDS - 1, round((area.bottom - base.bottom) / step)))
        out.cards[index] = [base.move(0, round(i * step)) for i in range(count)]
    badge_px = max(10, round(px * 0.85))
    paths = _plan_arrows(profile, out, card_h, badge_px)
    for index, rects in out.cards.items():
        if index in out.spaces:
            _draw_space(surface, rects[0], card_w)
        else:
            _draw_place(surface, profile, index, rects, card_w)
    _draw_arrows(surface, paths, out, card_h, badge_px)
    _draw_labels(surface, profile, out, px, _path_boxes(paths, badge_px))
    return out


def _draw_place(surface: pygame.Surface, profile: RuleProfile, index: int, rects: list[pygame.Rect],
                card_w: int) -> None:
    kind = profile.places[index].kind
    radius = max(2, card_w // 9)
    for r in rects:
        pygame.draw.rect(surface, BACK if kind == STOCK else CARD, r, border_radius=radius)
        pygame.draw.rect(surface, CARD_EDGE, r, width=1, border_radius=radius)
        if kind != STOCK and kind != FOUNDATION:
            # the corner index of a face-up card, as a short stroke
            bar = max(2, card_w // 6)
            pygame.draw.line(surface, CARD_EDGE, (r.x + bar // 2 + 1, r.y + bar // 2 + 1),
                             (r.x + bar // 2 + 1, r.y + bar + bar // 2), max(1, card_w // 20))
    top = rects[-1]
    if kind == STOCK:
        inner = top.inflate(-max(4, card_w // 4), -max(4, card_w // 4))
        pygame.draw.rect(surface, BACK_LINE, inner, width=max(1, card_w // 24), border_radius=radius)
    elif kind == FOUNDATION:
        suit = (index - profile.places[0].index) * 4 // sum(1 for p in profile.places if p.kind == FOUNDATION)
        draw_suit(surface, suit, top.center, top.height * 0.36, suit_colour(suit))


def _draw_space(surface: pygame.Surface, r: pygame.Rect, card_w: int) -> None:
    """An empty place: a dashed outline on the paper, as a space waiting for a card."""
    corners = [(float(r.left), float(r.top)), (float(r.right - 1), float(r.top)),
               (float(r.right - 1), float(r.bottom - 1)), (float(r.left), float(r.bottom - 1)),
               (float(r.left), float(r.top))]
    pygame.draw.rect(surface, SPACE, r, border_radius=max(2, card_w // 9))
    for dash in _dashes(corners, max(3.0, card_w / 8)):
        pygame.draw.lines(surface, CARD_EDGE, False, dash, max(1, card_w // 24))


def _parts(profile: RuleProfile, out: Diagram) -> dict[str, list[int]]:
    parts: dict[str, list[int]] = {}
    for index in out.cards:
        parts.setdefault(profile.part_of(index), []).append(index)
    return parts


def _draw_labels(surface: pygame.Surface, profile: RuleProfile, out: Diagram, px: int,
                 avoid: list[pygame.Rect]) -> None:
    """Each part's name beside its places: above them when there is room, else to the
    left, below or to the right; never over a card, an arrow or another label (a row's
    name tries the left first, where a reader of the rows looks)."""
    taken = [r.inflate(2, 2) for rs in out.cards.values() for r in rs] + avoid
    bounds = out.rect
    for part, indexes in _parts(profile, out).items():
        words = profile.part_words(part)
        box = out.cards[indexes[0]][0].unionall([r for i in indexes for r in out.cards[i]])
        found: tuple[pygame.Rect, int] | None = None
        # the label's size, then a smaller one where the full size finds no room
        for size in (px, max(10, round(px * 0.8)), max(9, round(px * 0.65))):
            for label in _label_tries(box, theme.font(size, True).size(words), max(3, size // 3),
                                      row=part.startswith("row")):
                if bounds.contains(label) and label.collidelist(taken) < 0:
                    found = (label, size)
                    break
            if found is not None:
                break
        if found is None:
            continue  # no room anywhere: the places speak for themselves
        label, size = found
        surface.blit(theme.font(size, True).render(words, True, LABEL_INK), label)
        taken.append(label.inflate(size * 2, 2))
        out.labels.append((words, label))


def _label_tries(box: pygame.Rect, size: tuple[int, int], gap: int, *, row: bool) -> list[pygame.Rect]:
    """Where a label of ``size`` may stand beside ``box``, best first: above it, left of
    it, below it, right of it (a row's name left first, where a reader of the rows looks),
    then above or below it running out past either end."""
    tries = [pygame.Rect((0, 0), size) for _ in range(8)]
    tries[0].midbottom = (box.centerx, box.top - gap)
    tries[1].midright = (box.left - gap, box.centery)
    tries[2].midtop = (box.centerx, box.bottom + gap)
    tries[3].midleft = (box.right + gap, box.centery)
    tries[4].bottomright = (box.right, box.top - gap)
    tries[5].bottomleft = (box.left, box.top - gap)
    tries[6].topright = (box.right, box.bottom + gap)
    tries[7].topleft = (box.left, box.bottom + gap)
    if row:
        tries.insert(0, tries.pop(1))
    return tries


def _centre(r: pygame.Rect) -> Point:
    return (float(r.centerx), float(r.centery))


@dataclass
class _Path:
    points: list[Point]
    colour: tuple[int, int, int]
    dashed: bool
    badge: Point
    number: int


def _plan_arrows(profile: RuleProfile, out: Diagram, card_h: int, badge_px: int) -> list[_Path]:
    """The guide's arrows: each between the nearest pair of places of its two parts that
    keeps apart from the arrows already planned (a place at an arrow's end is avoided,
    and an arrow leaving or reaching a place the way another already does). The steps
    that fill a space are planned first: the place each of their arrows ends on is drawn
    empty (:attr:`Diagram.spaces`, a pile of no cards), so no other arrow touches it,
    and none of them ends where another of them starts. The paths come back in step
    order."""
    parts = _parts(profile, out)
    ends: dict[int, list[float]] = {}
    starts: dict[int, int] = {}
    paths: list[_Path] = []
    steps = sorted(enumerate(profile.guide.steps, start=1), key=lambda step: not step[1].into_space)
    for number, guide_step in steps:
        for src_part, dst_part in guide_step.arrows:
            sources = [i for i in parts.get(src_part, []) if i not in out.spaces]
            targets = [i for i in parts.get(dst_part, []) if i not in out.spaces
                       and not (guide_step.into_space and i in starts)]
            # a space right beside the card that fills it would leave the arrow no length
            pair = _nearest_pair(out, sources, targets, ends, card_h,
                                 apart=card_h * 1.2 if guide_step.into_space else 0.0)
            if pair is None:
                continue
            src, dst = pair
            if guide_step.into_space:
                out.spaces.add(dst)
                out.cards[dst] = out.cards[dst][:1]
            a = _centre(out.cards[src][-1])
            b = _centre(out.cards[dst][-1])
            ends.setdefault(src, []).append(math.atan2(b[1] - a[1], b[0] - a[0]))
            ends.setdefault(dst, []).append(math.atan2(a[1] - b[1], a[0] - b[0]))
            if guide_step.into_space:
                # a fill leaves from its card's edge on the side of the space: the card's
                # middle stays clear for the other steps' arrows and numbers (the stock
                # and the waste each send one to a space and others elsewhere)
                a = _towards_edge(out.cards[src][-1], b, inset=badge_px * 0.9)
            if src_part == dst_part:
                points = _arc(a, b, card_h * 0.7)
            else:
                # the point goes a little way into the card it names, so it shows whole
                length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
                pull = min(card_h * 0.22, length / 3)
                points = [a, (b[0] - (b[0] - a[0]) / length * pull, b[1] - (b[1] - a[1]) / length * pull)]
            # the step's number stands on the card that moves, where the arrow starts (a
            # second arrow from the same card has its number a little way along it, far
            # enough that it never touches a number already placed)
            apart = 2 * (round(badge_px * 0.8) + 2) + 1
            clear = partial(_clear, paths=paths, apart=apart)

            distance = starts.get(src, 0) * badge_px * 2.4
            badge = _along(points, distance)
            while distance < _length(points) and not clear(badge):
                distance += badge_px * 0.4
                badge = _along(points, distance)
            if _length(points) < apart and src_part != dst_part:
                # an arrow no longer than its number is wide would be hidden under it (the
                # stock to the waste beside it): the number stands behind the card it leaves
                badge = _behind(points, apart, partial(_clear_of_start, start=points[0], clear=clear,
                                                       away=1.3 * badge_px))
            # an arrow too short to find a clear place shares the number of its own step
            # that stands in the way: one badge, drawn in one place, numbers both
            same = [p.badge for p in paths if p.number == number
                    and max(abs(badge[0] - p.badge[0]), abs(badge[1] - p.badge[1])) < apart]
            if same:
                badge = same[0]
            elif not clear(badge):
                # another step's number stands in the way: this one goes back from the
                # arrow's start, behind the card it leaves, until it is clear
                badge = _behind(points, apart, clear)
            starts[src] = starts.get(src, 0) + 1
            paths.append(_Path(points, step_colour(number), guide_step.automatic, badge, number))
            out.arrows.append(Arrow(number, src, dst, a, points[-1], guide_step.automatic))
    order = sorted(range(len(paths)), key=lambda k: paths[k].number)
    out.arrows[:] = [out.arrows[k] for k in order]
    return [paths[k] for k in order]


def _draw_arrows(surface: pygame.Surface, paths: list[_Path], out: Diagram, card_h: int,
                 badge_px: int) -> None:
    """The planned arrows, then their numbers over every line."""
    width = max(2, round(card_h * 0.06))
    for path in paths:
        _draw_path(surface, path.points, path.colour, width, dashed=path.dashed)
    for path in paths:
        out.badges.append(_badge(surface, str(path.number), path.badge, badge_px, path.colour))


def _towards_edge(card: pygame.Rect, target: Point, inset: float) -> Point:
    """The point of ``card`` on the way from its centre to ``target``, ``inset`` pixels
    inside its edge (its centre when the card is too small for that)."""
    cx, cy = _centre(card)
    dx, dy = target[0] - cx, target[1] - cy
    length = math.hypot(dx, dy)
    if not length:
        return cx, cy
    # how far along the direction the edge is: the nearer of the two sides it meets
    reach = min(card.width / 2 / abs(dx) if dx else math.inf, card.height / 2 / abs(dy) if dy else math.inf)
    t = max(0.0, reach - inset / length)
    return cx + dx * t, cy + dy * t


def _path_boxes(paths: list[_Path], badge_px: int) -> list[pygame.Rect]:
    """Small boxes along every arrow and round every number, for the labels to avoid."""
    boxes = []
    for path in paths:
        for (x0, y0), (x1, y1) in itertools.pairwise(path.points):
            steps = max(1, round(math.hypot(x1 - x0, y1 - y0) / 6))
            for k in range(steps + 1):
                t = k / steps
                boxes.append(pygame.Rect(round(x0 + (x1 - x0) * t) - 3, round(y0 + (y1 - y0) * t) - 3, 6, 6))
        r = badge_px
        boxes.append(pygame.Rect(round(path.badge[0]) - r, round(path.badge[1]) - r, 2 * r, 2 * r))
    return boxes


def _nearest_pair(out: Diagram, sources: list[int], targets: list[int], ends: dict[int, list[float]],
                  card_h: int, apart: float = 0.0) -> tuple[int, int] | None:
    """The pair of a source and a target place whose arrow costs least: its length, more
    for places other arrows already end at or leave the same way; pairs nearer than
    ``apart`` (the source's centre to the target's bottom card, where an arrow into a
    space ends) only where there is no other."""
    best: tuple[int, int] | None = None
    best_cost = math.inf
    for s in sources:
        for t in targets:
            if s == t:
                continue
            a, b = _centre(out.cards[s][-1]), _centre(out.cards[t][-1])
            cost = math.hypot(a[0] - b[0], a[1] - b[1])
            base = _centre(out.cards[t][0])  # where the arrow ends if the place is drawn empty
            if math.hypot(a[0] - base[0], a[1] - base[1]) < apart:
                cost += 1e6
            cost += 3 * card_h * (len(ends.get(s, [])) + len(ends.get(t, [])))
            for place, angle in ((s, math.atan2(b[1] - a[1], b[0] - a[0])),
                                 (t, math.atan2(a[1] - b[1], a[0] - b[0]))):
                for other in ends.get(place, []):
                    apart = abs((angle - other + math.pi) % (2 * math.pi) - math.pi)
                    if apart < math.radians(30):
                        cost += 6 * card_h
            if cost < best_cost:
                best, best_cost = (s, t), cost
    return best


def _clear(at: Point, paths: list[_Path], apart: int) -> bool:
    """No number of ``paths`` stands within ``apart`` pixels (across or down) of ``at``."""
    return all(max(abs(at[0] - p.badge[0]), abs(at[1] - p.badge[1])) >= apart for p in paths)


def _clear_of_start(at: Point, start: Point, clear: Callable[[Point], bool], away: float) -> bool:
    """``at`` is ``clear`` and at least ``away`` pixels from an arrow's ``start``."""
    return clear(at) and math.hypot(at[0] - start[0], at[1] - start[1]) >= away


def _behind(points: list[Point], step: float, clear: Callable[[Point], bool]) -> Point:
    """The first point back from the start of ``points`` (against its first segment's
    direction, ``step`` pixels at a time) that is ``clear``; the start itself if none of
    the first few is."""
    (x0, y0), (x1, y1) = points[0], points[1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    for k in range(1, 6):
        at = (x0 - dx * step * k / 2, y0 - dy * step * k / 2)
        if clear(at):
            return at
    return points[0]


def _length(points: list[Point]) -> float:
    """The length of the polyline ``points``."""
    return sum(math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in itertools.pairwise(points))


def _along(points: list[Point], distance: float) -> Point:
    """The point ``distance`` pixels along the polyline ``points`` (its end if shorter)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg >= distance > 0:
            t = distance / seg
            return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        distance -= seg
        if distance <= 0:
            return (x0, y0)
    return points[-1]


def _arc(a: Point, b: Point, rise: float) -> list[Point]:
    """Points of a curve from ``a`` to ``b`` bowing upward (cards moving between two
    places of the same part)."""
    cx, cy = (a[0] + b[0]) / 2, min(a[1], b[1]) - rise
    pts = []
    for i in range(17):
        t = i / 16
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t * t * b[1]))
    return pts


def _draw_path(surface: pygame.Surface, points: list[Point], colour: tuple[int, int, int], width: int,
               *, dashed: bool) -> None:
    """A line through ``points`` with an arrowhead at the end, over a white halo so it
    reads across the cards."""
    head = width * 4.0
    ex, ey = points[-1]
    px_, py_ = points[-2]
    length = math.hypot(ex - px_, ey - py_) or 1.0
    ux, uy = (ex - px_) / length, (ey - py_) / length
    body = [*points[:-1], (ex - ux * head * 0.8, ey - uy * head * 0.8)]
    segments = _dashes(body, width * 3.0) if dashed else [body]
    for halo, w, c in ((True, width + 4, (255, 255, 255)), (False, width, colour)):
        for seg in segments:
            if len(seg) >= 2:
                pygame.draw.lines(surface, c, False, seg, w)
        if halo:
            _head(surface, (ex, ey), ux, uy, head + 3, c)
        else:
            _head(surface, (ex, ey), ux, uy, head, c)


def _head(surface: pygame.Surface, tip: Point, ux: float, uy: float, size: float,
          colour: tuple[int, int, int]) -> None:
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    nx, ny = -uy * size * 0.55, ux * size * 0.55
    pygame.draw.polygon(surface, colour, [tip, (bx + nx, by + ny), (bx - nx, by - ny)])


def _dashes(points: list[Point], dash: float) -> list[list[Point]]:
    """The polyline ``points`` cut into dashes ``dash`` long with gaps as long."""
    out: list[list[Point]] = []
    current: list[Point] = []
    on, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > 1e-6:
            take = min(left, seg - pos)
            t0, t1 = pos / seg, (pos + take) / seg
            a = (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)
            b = (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)
            if on:
                if not current:
                    current.append(a)
                current.append(b)
            pos += take
            left -= take
            if left <= 1e-6:
                if on and current:
                    out.append(current)
                    current = []
                on, left = not on, dash
    if on and current:
        out.append(current)
    return out


def _badge(surface: pygame.Surface, words: str, centre: Point, px: int,
           colour: tuple[int, int, int]) -> pygame.Rect:
    """A round badge with a step's number."""
    radius = round(px * 0.8)
    c = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, (255, 255, 255), c, radius + 2)
    pygame.draw.circle(surface, colour, c, radius)
    image = theme.font(px, True).render(words, True, (255, 255, 255))
    surface.blit(image, image.get_rect(center=c))
    return pygame.Rect(c[0] - radius - 2, c[1] - radius - 2, 2 * radius + 4, 2 * radius + 4)


def number_badge(surface: pygame.Surface, number: int, centre: Point, px: int) -> pygame.Rect:
    """The badge of step ``number``, as on the diagram's arrows (for the steps' text)."""
    return _badge(surface, str(number), centre, px, step_colour(number))



# ----- the guide's words -------------------------------------------------------------------

#: a block of a guide's text: (its step's number, or 0 for none; the words; bold)
Block = tuple[int, str, bool]


def wrap_words(words: str, px: int, width: int, *, bold: bool = False) -> list[str]:
    """``words`` broken into lines no wider than ``width`` at ``px`` (a word wider than
    the line stands alone on its line)."""
    f = theme.font(px, bold)
    lines: list[str] = []
    line = ""
    for word in words.split():
        trial = f"{line} {word}" if line else word
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


#: a card of a red suit in the text (``5♥``, ``10♦``), printed red
_RED_CARD = re.compile(r"((?:10|[2-9AJQK])[♥♦])")


def draw_line(surface: pygame.Surface, line: str, px: int, pos: tuple[int, int], *,
              colour: tuple[int, int, int] = INK, bold: bool = False) -> int:
    """One line of text at ``pos`` (top left), cards of the red suits in red; returns its
    width."""
    f = theme.font(px, bold)
    x = pos[0]
    for part in _RED_CARD.split(line):
        if part:
            image = f.render(part, True, SUIT_RED if _RED_CARD.fullmatch(part) else colour)
            surface.blit(image, (x, pos[1]))
            x += image.get_width()
    return x - pos[0]


def step_blocks(profile: RuleProfile) -> list[Block]:
    """The guide's numbered steps, as blocks of text."""
    return [(n, s.words, False) for n, s in enumerate(profile.guide.steps, start=1)]


def blocks_height(blocks: list[Block], px: int, width: int) -> int:
    """The height :func:`draw_blocks` takes for ``blocks`` at ``px`` in ``width``."""
    indent = round(px * 2.0)
    line_h = theme.font(px).get_linesize()
    total = 0
    for number, words, bold in blocks:
        lines = wrap_words(words, px, width - (indent if number else 0), bold=bold)
        total += len(lines) * line_h + round(px * 0.55)
    return total


def draw_blocks(surface: pygame.Surface, blocks: list[Block], rect: pygame.Rect,
                px: int) -> list[pygame.Rect]:
    """Draw ``blocks`` one under the other from the top of ``rect``, a step's words after
    its numbered badge (the colour of its arrows); returns each block's rectangle."""
    line_h = theme.font(px).get_linesize()
    indent = round(px * 2.0)
    y = rect.top
    boxes = []
    for number, words, bold in blocks:
        left = rect.left + (indent if number else 0)
        lines = wrap_words(words, px, rect.right - left, bold=bold)
        if number:
            number_badge(surface, number, (rect.left + indent * 0.4, y + line_h / 2), round(px * 0.85))
        widest = 0
        for i, line in enumerate(lines):
            widest = max(widest, draw_line(surface, line, px, (left, y + i * line_h), bold=bold))
        boxes.append(pygame.Rect(left, y, widest, len(lines) * line_h))
        y += len(lines) * line_h + round(px * 0.55)
    return boxes
