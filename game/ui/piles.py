"""How a pile looks, the same on every screen: the table, the replay viewer and pictures.

:class:`PileRenderer` draws a position at a :class:`~game.ui.layout.TableLayout`: the
felt with every place's outline, a faint lane where each fanned pile grows, the suit of
each foundation and the layout's words (row names, "Foundations"), the resting cards
(fanned or squared up, the stock as a thick back), the cards in flight with their
shadows, the direction of each Square column or Union Square pile, the stock's and
waste's names with their counts, and the marks a screen puts on places: glows, legal
targets, the keyboard focus, the space owed a fill, the hint (its card, its place and an
arrow routed between the piles). The marks are drawn by its
:class:`~game.ui.pile_marks.PileMarks`, the hint by its
:class:`~game.ui.hint_arrow.HintArrow`, and the visible card indices are worked out by
its :class:`~game.ui.pile_indices.IndexBoxes`.

The felt and the resting cards are drawn once into a layer and only drawn again when
what rests changes, so a frame with cards in the air costs a blit and the flights. What
a frame shows that a player reads (each visible card index, the words, the badges) is
recorded in the app's :class:`~game.ui.drawn.DrawnBoxes` when one is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from ..cache import BoundedCache
from ..engine import Game, Move
from ..engine.state import FOUNDATION
from . import theme
from .anim import MOVE, Animator
from .art import CardArt, draw_suit
from .drawn import Box, DrawnBoxes, Kind
from .hint_arrow import HintArrow
from .layout import Label, TableLayout
from .pile_indices import IndexBoxes
from .pile_marks import PileMarks
from .theme import Palette

#: how much larger the card in hand is drawn
DRAG_SCALE = 1.05
#: the most words kept drawn at once (labels, figures)
TEXT_CACHE = 400
#: the most layouts whose felt is kept drawn
BACKGROUNDS = 3

Colour = tuple[int, int, int]


def ease_out(t: float) -> float:
    """Quick at first, gentle at the end (0 → 0, 1 → 1)."""
    return 1 - (1 - min(1.0, max(0.0, t))) ** 2


class PileRenderer:
    """Draws the piles of a position at a layout (see the module docstring)."""

    def __init__(self, art: CardArt, layout: TableLayout, palette: Palette,
                 drawn: DrawnBoxes | None = None) -> None:
        self.art = art
        self.layout = layout
        #: the colours it draws with (the app's, given again when it changes)
        self.palette = palette
        #: where each frame's readable boxes are recorded (the app's), or None
        self.drawn = drawn
        #: the visible corner indices of the resting cards, as drawn into the layer
        #: (recorded again every frame the layer is used)
        self.indices = IndexBoxes(art)
        #: the words on the felt, as drawn into the layer
        self._label_boxes: list[Box] = []
        #: every card drawn in a place: (card code, place index, rect), bottom to top per
        #: place; the cards under the top of a squared-up pile share its rect
        self.card_positions: list[tuple[int, int, pygame.Rect]] = []
        self._text_cache: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._glow_cache: dict[tuple[int, int, Colour, int], pygame.Surface] = {}
        self._shapes: dict[tuple[Any, ...], pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        #: the felt with its outlines and words, per layout (:meth:`TableLayout.key`: a
        #: window resized back and forth draws each once, and the rows laid out again for
        #: a long pile are drawn afresh at the same window size), with the boxes of its words
        self._backgrounds: BoundedCache[tuple[object, ...], tuple[pygame.Surface, list[Box]]] = \
            BoundedCache(BACKGROUNDS)
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        #: the picture of a glide (:meth:`gliding_layer`), drawn into again each frame
        self._glide_surface: pygame.Surface | None = None
        self._held: tuple[int, tuple[int, int], pygame.Surface] | None = None
        #: the marks on places (targets, "Fill", directions, counts) and the hint
        self.marks = PileMarks(self, self._shapes)
        self.hint = HintArrow(self)

    # ----- keeping up with the window, the art and the palette ------------------------------

    def set_layout(self, layout: TableLayout) -> None:
        """Draw at ``layout`` from now on."""
        old_card = self.layout.card
        self.layout = layout
        if layout.card != old_card:
            # Card images are cached per size; keep only the new size's, so resizing
            # the window many times does not pile up images of every size in memory.
            # The faces of the old size stand in, scaled, until refine() has drawn the
            # new ones a few at a time: the piles show at the new size at once.
            self.art.change_size(layout.card)
            self._glow_cache.clear()
            self._shapes.clear()
            self._held = None
        self._background = None
        self._layer_key = None

    def draw_stretched(self, surface: pygame.Surface) -> bool:
        """The last picture of the felt and the cards, stretched over ``surface`` (while
        the window is being resized); False when nothing was drawn yet."""
        if self._layer is None:
            return False
        surface.blit(pygame.transform.scale(self._layer, surface.get_size()), (0, 0))
        return True

    def redraw(self) -> None:
        """Draw the felt and the resting cards afresh next time (options may have changed)."""
        self._background = None
        self._backgrounds.clear()
        self._layer_key = None

    def release(self) -> None:
        """Let go of every picture drawn (the felt, the resting cards, the marks' shapes
        and words): the table is no longer shown. Drawing again makes them afresh."""
        self.redraw()
        self._layer = self._glide_surface = None
        self._held = None
        self._glow_cache.clear()
        self._shapes.clear()
        self._text_cache.clear()

    def forget_cards(self) -> None:
        """Draw the resting cards afresh next time (the felt under them stays)."""
        self._layer_key = None

    def refine(self, seconds: float) -> None:
        """Spend about ``seconds`` drawing crisp faces where scaled ones stand in."""
        if self.art.refining and self.art.refine(seconds):
            self.forget_cards()

    def set_palette(self, palette: Palette) -> None:
        """Draw in ``palette`` from now on: what was drawn in the old one is forgotten."""
        self.palette = palette
        self.redraw()
        self._glow_cache.clear()
        self._shapes.clear()
        self._text_cache.clear()

    # ----- geometry -------------------------------------------------------------------------

    def slot_rect(self, game: Game, place: int, slot: int) -> pygame.Rect:
        """Where card number ``slot`` of ``place`` lies (the pile as the engine has it)."""
        count = max(slot + 1, len(game.piles[place]))
        base = self.layout.bases[place]
        return base.move(0, round(slot * self.layout.pile_step(place, count)))

    def top_rect(self, game: Game, place: int) -> pygame.Rect:
        """Where the top card of ``place`` lies (its base when empty)."""
        return self.slot_rect(game, place, max(0, len(game.piles[place]) - 1))

    def locator(self, game: Game) -> Callable[[int, int], tuple[float, float]]:
        """The corner of a slot, for the animator's flights."""
        def locate(place: int, slot: int) -> tuple[float, float]:
            r = self.slot_rect(game, place, slot)
            return (float(r.x), float(r.y))
        return locate

    def drawn_top(self, piles: list[list[int]], place: int) -> pygame.Rect:
        """The top card of ``place`` as drawn from ``piles`` (its base when empty)."""
        n = len(piles[place])
        return self.layout.card_rects(place, n)[-1] if n else self.layout.bases[place]

    # ----- the felt and the resting cards ---------------------------------------------------

    def layer(self, game: Game, piles: list[list[int]]) -> pygame.Surface:
        """The felt with every resting card of ``piles``; drawn again only when what
        rests changes."""
        lay = self.layout
        key = (lay.size, tuple(map(tuple, piles)), self.art.large_faces)
        self.marks.badges = []
        self.marks.texts = []
        self.marks.tips = {}
        if self._layer is not None and key == self._layer_key and self._layer.get_size() == lay.size:
            self._record_layer()
            return self._layer
        layer = self._layer = _felt_under(self._layer, self._background_surface(game))
        art = self.art
        size = lay.card
        positions: list[tuple[int, int, pygame.Rect]] = []
        for index, pile in enumerate(piles):
            if not pile:
                continue
            if lay.steps[index] == 0:
                rect = lay.bases[index]
                positions.extend((c, index, rect) for c in pile)
                self._squared(layer, index == game.stock, pile, rect)
                continue
            rects = lay.card_rects(index, len(pile))
            for c, rect in zip(pile, rects, strict=True):
                layer.blit(art.quick_face(c, size), rect)
                positions.append((c, index, rect))
        self.card_positions = positions
        self.indices.boxes = self.indices.visible(lay, game, piles)
        self._layer_key = key
        self._record_layer()
        return layer

    def gliding_layer(self, game: Game, piles: list[list[int]], old: TableLayout, t: float) -> pygame.Surface:
        """The felt with every resting card of ``piles`` on its way, ``t`` (0 … 1) of it,
        from where layout ``old`` had it to where this layout has it: the rows laid out
        again for a long pile glide into their new places rather than jump. The cards are
        drawn at this layout's size; the picture is made afresh each frame (it is never
        the resting layer, which is drawn once the glide is over). The felt of ``old``
        fades into this layout's as they go."""
        lay = self.layout
        surface = self._glide_surface = _felt_under(self._glide_surface, self._background_surface(game))
        # the old felt fades as the cards leave it, so no outline stands empty beside them
        if old.size == lay.size:
            felt, _ = self._felt_of(game, old)
            felt.set_alpha(round(255 * (1 - t)))
            surface.blit(felt, (0, 0))
            felt.set_alpha(None)
        size = lay.card

        def along(a: pygame.Rect, b: pygame.Rect) -> tuple[int, int]:
            return round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t)

        for index, pile in enumerate(piles):
            if not pile:
                continue
            if lay.steps[index] == 0:
                at = along(old.bases[index], lay.bases[index])
                self._squared(surface, index == game.stock, pile, pygame.Rect(at, size))
                continue
            for c, a, b in zip(pile, old.card_rects(index, len(pile)), lay.card_rects(index, len(pile)),
                               strict=True):
                surface.blit(self.art.quick_face(c, size), along(a, b))
        if self.drawn is not None:  # the felt's words; the indices are on their way
            self.drawn.boxes.extend(self._label_boxes)
        return surface

    def _squared(self, surface: pygame.Surface, stock: bool, pile: list[int], rect: pygame.Rect) -> None:
        """A squared-up pile at ``rect``: the stock's backs with an edge as deep as the
        stock is thick, or the top card with the edge of the one under it."""
        size = self.layout.card
        if stock:
            back = self.art.back(size)
            for d in range(min(4, (len(pile) + 11) // 12), 0, -1):
                surface.blit(back, rect.move(-d, -d))
            surface.blit(back, rect)
            return
        if len(pile) > 1:
            surface.blit(self.art.quick_face(pile[-2], size), rect.move(-2, -2))
        surface.blit(self.art.quick_face(pile[-1], size), rect)

    def _record_layer(self) -> None:
        """Record the resting cards' indices and the felt's words for this frame."""
        # The boxes are made once per layer and never changed, so they go in as they
        # are (a frame has about a hundred).
        if self.drawn is not None:
            self.drawn.boxes.extend(self._label_boxes)
            self.drawn.boxes.extend(self.indices.boxes)

    @property
    def label_boxes(self) -> list[Box]:
        """Where the felt's words (the places' names) were drawn, as the layer shows them."""
        return self._label_boxes

    def index_box(self, code: int, rect: pygame.Rect, *, bottom: bool = False) -> pygame.Rect | None:
        """Where the corner index of card ``code`` drawn at ``rect`` is (:meth:`IndexBoxes.index_box`)."""
        return self.indices.index_box(code, rect, bottom=bottom)

    def _background_surface(self, game: Game) -> pygame.Surface:
        """The felt with each place's outline, a lane where each pile fans, each
        foundation's suit and the layout's words."""
        if self._background is None:
            self._background, self._label_boxes = self._felt_of(game, self.layout)
        return self._background

    def _felt_of(self, game: Game, lay: TableLayout) -> tuple[pygame.Surface, list[Box]]:
        """The felt of layout ``lay`` with the boxes of its words, drawn once per layout
        (kept in :attr:`_backgrounds`)."""
        kept = self._backgrounds.get(lay.key())
        if kept is None:
            kept = self._backgrounds.put(lay.key(), self._draw_background(game, lay))
        return kept

    def _draw_background(self, game: Game, lay: TableLayout) -> tuple[pygame.Surface, list[Box]]:
        palette = self.palette
        surf = palette.felt(lay.size).copy()
        outline = self.art.outline(lay.card, palette.place_edge)
        # (a drawn line never thinner than 2 px: a thinner one is smoothed into the felt)
        line = max(2, round(lay.card[0] * palette.place_line / 100)) if palette.place_line else 0
        radius = max(4, round(lay.card[0] * 0.065))
        lanes: dict[tuple[int, int], pygame.Surface] = {}
        for place in game.places:
            # Where a pile fans, a faint lane shows the room it grows into (Row 1's gap
            # above Row 2 in Constitution is that room).
            area = lay.areas[place.index]
            if lay.steps[place.index] and area.height > lay.card[1]:
                lane = lanes.get(area.size)
                if lane is None:
                    lane = lanes[area.size] = pygame.Surface(area.size, pygame.SRCALPHA)
                    pygame.draw.rect(lane, (0, 0, 0, 34), lane.get_rect(), border_radius=radius)
                surf.blit(lane, area)
        for place in game.places:
            rect = lay.bases[place.index]
            surf.blit(outline, rect)
            if line:
                pygame.draw.rect(surf, palette.place_edge[:3], rect, width=line, border_radius=radius)
            if place.kind == FOUNDATION:
                draw_suit(surf, game.foundation_suit(place.index), rect.center, lay.card[0] * 0.42,
                          palette.felt_ink)
        boxes = []
        for label in lay.labels:
            image = self.fitted(label, palette.felt_ink)
            rect = _aligned(image.get_rect(), label)
            surf.blit(image, rect)
            boxes.append(Box(Kind.TEXT, rect, label.text))
        return surf, boxes

    def fitted(self, label: Label, colour: Colour, room: int = 0) -> pygame.Surface:
        """``label``'s words in the theme's font, at its size or smaller so that they fit
        its box (less ``room`` pixels kept free beside them)."""
        palette = self.palette
        px = palette.scaled(label.px)
        bold = palette.high_contrast
        image = self.text(label.text, px, colour, bold)
        while px > 8 and (image.get_width() > label.rect.width - room
                          or image.get_height() > label.rect.height):
            px -= 1
            image = self.text(label.text, px, colour, bold)
        return image

    def text(self, words: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """``words`` drawn in the theme's font (cached)."""
        key = (words, px, colour, bold)
        image = self._text_cache.get(key)
        if image is None:
            if len(self._text_cache) > TEXT_CACHE:
                self._text_cache.clear()
            image = theme.font(px, bold).render(words, True, colour)
            self._text_cache[key] = image
        return image

    # ----- cards above the layer --------------------------------------------------------------

    def card_image(self, game: Game, place: int, card: int) -> pygame.Surface:
        """A card as it shows at ``place``: the stock's face down, every other face up."""
        size = self.layout.card
        return self.art.back(size) if place == game.stock else self.art.quick_face(card, size)

    def draw_flights(self, surface: pygame.Surface, game: Game, anim: Animator) -> None:
        """The cards in the air, each with a shadow that falls further the higher it flies;
        a card leaving the stock turns face up on the way (face down going back)."""
        art = self.art
        size = self.layout.card
        stock = game.stock
        locate = self.locator(game)
        for flight in anim.in_air():
            x, y = flight.position(locate)
            # The shadow is back under a card as it lands (a card just leaving or landing
            # casts none worth drawing).
            drop = size[0] * 0.08 * math.sin(math.pi * flight.progress())
            if drop >= 1:
                self.shadow(surface, (x, y), drop + 1, 110)
            if (flight.src == stock) != (flight.dst == stock) and flight.kind == MOVE:
                turn = flight.progress() if flight.src == stock else 1.0 - flight.progress()
                image = art.back(size) if turn < 0.5 else art.quick_face(flight.card, size)
                width = max(1, round(size[0] * abs(math.cos(math.pi * turn))))
                image = pygame.transform.scale(image, (width, size[1]))
                surface.blit(image, (round(x + (size[0] - width) / 2), round(y)))
            elif flight.src == stock and flight.dst == stock:
                surface.blit(art.back(size), (round(x), round(y)))
            else:
                surface.blit(art.quick_face(flight.card, size), (round(x), round(y)))

    def draw_held(self, surface: pygame.Surface, game: Game, place: int, card: int,
                  corner: tuple[int, int]) -> None:
        """The card in hand, a little larger than on the table, high above its shadow."""
        size = self.layout.card
        held = self._held
        if held is None or held[0] != card or held[1] != size:
            big = (round(size[0] * DRAG_SCALE), round(size[1] * DRAG_SCALE))
            held = self._held = (card, size, pygame.transform.smoothscale(
                self.card_image(game, place, card), big))
        image = held[2]
        grow = ((image.get_width() - size[0]) // 2, (image.get_height() - size[1]) // 2)
        self.shadow(surface, (corner[0], corner[1]), max(6, size[0] * 0.12), 120)
        surface.blit(image, (corner[0] - grow[0], corner[1] - grow[1]))

    def draw_lifted(self, surface: pygame.Surface, game: Game, piles: list[list[int]], place: int,
                    lift: float) -> None:
        """The top card of ``place`` raised ``lift`` (0 … 1) of the way, its shadow below."""
        rect = self.top_rect(game, place) if self.layout.steps[place] else self.layout.bases[place]
        rise = self.layout.card[1] * 0.035 * ease_out(lift)
        self.shadow(surface, (rect.x, rect.y - rise), 2 + rise, round(130 * lift))
        surface.blit(self.card_image(game, place, piles[place][-1]), (rect.x, round(rect.y - rise)))

    def draw_settling(self, surface: pygame.Surface, game: Game, piles: list[list[int]],
                      settling: Iterable[tuple[int, int, float]]) -> None:
        """Cards that just landed: (place, slot, share of the settling done); their
        shadow shrinks under them."""
        for place, slot, t in settling:
            if slot >= len(piles[place]):
                continue
            rect = self.slot_rect(game, place, slot) if self.layout.steps[place] else self.layout.bases[place]
            self.shadow(surface, rect.topleft, 3 * (1 - t), round(150 * (1 - t)))

    def draw_arrivals(self, surface: pygame.Surface, arrivals: Iterable[tuple[int, float]]) -> None:
        """Foundations a card just reached: (place, share of the flare done); the
        foundation flares and a few sparks fly off."""
        palette = self.palette
        for place, t in arrivals:
            rect = self.layout.bases[place]
            self.glow(surface, rect, palette.glow, round(230 * (1 - t) ** 1.5))
            reach = rect.width * (0.45 + 0.5 * ease_out(t))
            dot = max(2, round(rect.width * 0.045 * (1 - t)))
            for i in range(8):
                a = i * math.pi / 4 + 0.4
                x = rect.centerx + math.cos(a) * reach
                y = rect.centery + math.sin(a) * reach * 1.2
                pygame.draw.circle(surface, palette.highlight, (round(x), round(y)), dot)

    # ----- marks on places --------------------------------------------------------------------

    def glow_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the glow around ``rect`` (:meth:`glow`) reaches."""
        width = max(3, round(rect.width * 0.06))
        return rect.inflate(4 * width, 4 * width)

    def glow(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour, alpha: int = 255) -> None:
        """A soft rounded frame around ``rect``."""
        width = max(3, round(rect.width * 0.06))
        key = (rect.width, rect.height, colour, width)
        glow = self._glow_cache.get(key)
        if glow is None:
            glow = self._glow_cache[key] = _glow(rect.size, colour, width)
        glow.set_alpha(alpha)
        surface.blit(glow, (rect.x - width * 2, rect.y - width * 2))

    def shadow(self, surface: pygame.Surface, corner: tuple[float, float], offset: float,
               alpha: int) -> None:
        """The shadow of a card whose top-left corner is at ``corner``, cast ``offset``
        pixels down (and half that right): further for a card held higher."""
        size = self.layout.card
        drop = max(0, round(offset))
        key = ("shadow", size, drop)
        image = self._shapes.get(key)
        if image is None:
            image = self._shapes[key] = _shadow(size, drop)
        spread = max(3, size[0] // 12)
        image.set_alpha(alpha)
        surface.blit(image, (round(corner[0]) - spread, round(corner[1]) - spread))

    def target(self, surface: pygame.Surface, rect: pygame.Rect, aimed: bool) -> None:
        """A legal destination's tint and frame (:meth:`PileMarks.target`)."""
        self.marks.target(surface, rect, aimed)

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The keyboard focus around a card or a place: a ring on a black edge."""
        palette = self.palette
        rect = rect.inflate(8, 8)
        radius = max(6, self.layout.card[0] // 10)
        width = palette.focus_line
        pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), width=width + 4, border_radius=radius + 2)
        pygame.draw.rect(surface, palette.focus, rect, width=width, border_radius=radius)

    def draw_owed(self, surface: pygame.Surface, game: Game, piles: list[list[int]], pulse: float, *,
                  sources: bool = True) -> None:
        """A space owed a fill glows and says "Fill" (:meth:`PileMarks.owed`)."""
        self.marks.owed(surface, game, piles, pulse, sources=sources)

    def draw_directions(self, surface: pygame.Surface, game: Game, piles: list[list[int]]) -> None:
        """Each column's or pile's direction (:meth:`PileMarks.directions`)."""
        self.marks.directions(surface, game, piles)

    def draw_counts(self, surface: pygame.Surface, game: Game, piles: list[list[int]]) -> None:
        """The stock's and the waste's names with their counts (:meth:`PileMarks.counts`)."""
        self.marks.counts(surface, game, piles)

    def draw_hint(self, surface: pygame.Surface, game: Game, move: Move) -> None:
        """The hint: its card and its place glow, joined by an arrow (see :class:`HintArrow`)."""
        self.hint.draw(surface, game, move)


def _felt_under(surface: pygame.Surface | None, background: pygame.Surface) -> pygame.Surface:
    """``surface`` with ``background`` drawn over all of it, or a copy of ``background``
    where there is none of its size yet (a picture drawn into again each time)."""
    if surface is None or surface.get_size() != background.get_size():
        return background.copy()
    surface.blit(background, (0, 0))
    return surface


def _aligned(rect: pygame.Rect, label: Label) -> pygame.Rect:
    """``rect`` (the size of the words) placed in ``label``'s box as it says."""
    box = label.rect
    if label.align == "right":
        return rect.move_to(midright=box.midright)
    if label.align == "left":
        return rect.move_to(midleft=box.midleft)
    return rect.move_to(center=box.center)


def _glow(size: tuple[int, int], colour: Colour, width: int) -> pygame.Surface:
    """A soft rounded frame a little larger than a card, for highlights."""
    pad = width * 2
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, round(size[0] * 0.08))
    for i in range(pad, 0, -1):
        alpha = round(200 * (1 - i / (pad + 1)) ** 2)
        rect = pygame.Rect(pad - i, pad - i, size[0] + 2 * i, size[1] + 2 * i)
        pygame.draw.rect(surf, (*colour, alpha), rect, width=2, border_radius=radius + i)
    inner = pygame.Rect(pad, pad, *size)
    pygame.draw.rect(surf, (*colour, 46), inner, border_radius=radius)
    pygame.draw.rect(surf, (*colour, 255), inner, width=max(2, width // 2), border_radius=radius)
    return surf


def _shadow(size: tuple[int, int], drop: int) -> pygame.Surface:
    """A card's soft dark shadow cast ``drop`` pixels down (and half that right), with a
    hole where the card itself lies."""
    spread = max(3, size[0] // 12)
    surf = pygame.Surface((size[0] + 2 * spread + drop, size[1] + 2 * spread + drop), pygame.SRCALPHA)
    radius = max(4, round(size[0] * 0.08))
    shift = (drop // 2, drop)
    for i in range(spread, -1, -1):
        alpha = round(150 * (1 - i / (spread + 1)) ** 2)
        rect = pygame.Rect(spread - i + shift[0], spread - i + shift[1], size[0] + 2 * i, size[1] + 2 * i)
        pygame.draw.rect(surf, (0, 0, 0, alpha), rect, border_radius=radius + i)
    # The card covers its own place: clearing it keeps the shadow off a card drawn
    # beneath (a lifted card's own resting image, a card that just landed).
    pygame.draw.rect(surf, (0, 0, 0, 0), pygame.Rect(spread, spread, *size), border_radius=radius)
    return surf
