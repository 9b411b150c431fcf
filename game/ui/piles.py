"""How a pile looks, the same on every screen: the table, the replay viewer and pictures.

:class:`PileRenderer` draws a position at a :class:`~game.ui.layout.TableLayout`: the
felt with every place's outline and its name where a player needs one (the stock, the
waste, the suit of each foundation, the layout's row labels), the resting cards (fanned
or squared up, the stock as a thick back), the cards in flight with their shadows, the
direction of each Square column or Union Square pile, the stock's and waste's counts,
and the marks a screen puts on places: glows, legal targets, the keyboard focus, the
space owed a fill, the hint's arrow.

The felt and the resting cards are drawn once into a layer and only drawn again when
what rests changes, so a frame with cards in the air costs a blit and the flights.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from ..engine import Game, Move
from ..engine.state import FOUNDATION, STOCK, WASTE
from . import theme, widgets
from .anim import MOVE, Animator
from .art import CardArt, draw_suit
from .layout import TableLayout
from .theme import Palette

#: how much larger the card in hand is drawn
DRAG_SCALE = 1.05
#: the most words kept drawn at once (labels, figures)
TEXT_CACHE = 400

Colour = tuple[int, int, int]


def ease_out(t: float) -> float:
    """Quick at first, gentle at the end (0 → 0, 1 → 1)."""
    return 1 - (1 - min(1.0, max(0.0, t))) ** 2


def arrow_head(surface: pygame.Surface, tip: tuple[float, float], ux: float, uy: float, size: float,
               colour: Colour) -> None:
    """A filled triangle pointing along (ux, uy) with its point at ``tip``."""
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    px, py = -uy * size * 0.6, ux * size * 0.6
    points = [tip, (bx + px, by + py), (bx - px, by - py)]
    pygame.draw.polygon(surface, (20, 20, 20), points, width=0)
    inner = [(tip[0] - ux * 2, tip[1] - uy * 2), (bx + px * 0.8, by + py * 0.8),
             (bx - px * 0.8, by - py * 0.8)]
    pygame.draw.polygon(surface, colour, inner)


class PileRenderer:
    """Draws the piles of a position at a layout (see the module docstring)."""

    def __init__(self, art: CardArt, layout: TableLayout, palette: Palette) -> None:
        self.art = art
        self.layout = layout
        #: the colours it draws with (the app's, given again when it changes)
        self.palette = palette
        #: every card drawn in a place: (card code, place index, rect), bottom to top per
        #: place; the cards under the top of a squared-up pile share its rect
        self.card_positions: list[tuple[int, int, pygame.Rect]] = []
        self._text_cache: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._glow_cache: dict[tuple[int, int, Colour, int], pygame.Surface] = {}
        self._shapes: dict[tuple[Any, ...], pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        self._held: tuple[int, tuple[int, int], pygame.Surface] | None = None

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
        self.redraw()

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
        self._layer_key = None

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
        key = (lay.size, tuple(map(tuple, piles)))
        if self._layer is not None and key == self._layer_key and self._layer.get_size() == lay.size:
            return self._layer
        background = self._background_surface(game)
        if self._layer is None or self._layer.get_size() != background.get_size():
            self._layer = background.copy()
        else:
            self._layer.blit(background, (0, 0))
        layer = self._layer
        art = self.art
        size = lay.card
        positions: list[tuple[int, int, pygame.Rect]] = []
        back = art.back(size)
        for index, pile in enumerate(piles):
            if not pile:
                continue
            if lay.steps[index] == 0:
                rect = lay.bases[index]
                positions.extend((c, index, rect) for c in pile)
                if index == game.stock:
                    depth = min(4, (len(pile) + 11) // 12)
                    for d in range(depth, 0, -1):
                        layer.blit(back, rect.move(-d, -d))
                    layer.blit(back, rect.move(0, 0))
                else:
                    if len(pile) > 1:
                        layer.blit(art.quick_face(pile[-2], size), rect.move(-2, -2))
                    layer.blit(art.quick_face(pile[-1], size), rect)
                continue
            rects = lay.card_rects(index, len(pile))
            for c, rect in zip(pile, rects, strict=True):
                layer.blit(art.quick_face(c, size), rect)
                positions.append((c, index, rect))
        self.card_positions = positions
        self._layer_key = key
        return layer

    def _background_surface(self, game: Game) -> pygame.Surface:
        """The felt with each place's outline, the words for stock and waste, each
        foundation's suit and the layout's labels."""
        palette = self.palette
        if self._background is not None:
            return self._background
        lay = self.layout
        surf = palette.felt(lay.size).copy()
        outline = self.art.outline(lay.card, palette.place_edge)
        line = round(lay.card[0] * palette.place_line / 100)
        px = palette.scaled(max(10, round(lay.card[1] * 0.12)))
        for place in game.places:
            rect = lay.bases[place.index]
            surf.blit(outline, rect)
            if line:
                pygame.draw.rect(surf, palette.place_edge[:3], rect, width=line,
                                 border_radius=max(4, round(lay.card[0] * 0.065)))
            if place.kind == FOUNDATION:
                draw_suit(surf, game.foundation_suit(place.index), rect.center, lay.card[0] * 0.42,
                          palette.felt_ink)
            elif place.kind in (STOCK, WASTE):
                word = "Stock" if place.kind == STOCK else "Waste"
                image = self.text(word, px, palette.felt_ink, True)
                surf.blit(image, image.get_rect(center=rect.center))
        for words, centre, label_px in lay.labels:
            image = self.text(words, palette.scaled(label_px), palette.felt_ink, palette.high_contrast)
            surf.blit(image, image.get_rect(center=centre))
        self._background = surf
        return surf

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
        """A legal destination: a tint, and corner brackets (a shape, so it never depends
        on seeing the colour); the one the card would drop on now gets a full frame."""
        palette = self.palette
        colour = palette.target
        self.glow(surface, rect, colour, 255 if aimed else 150)
        arm = max(8, rect.width // 4)
        line = max(3, rect.width // 18) + (1 if palette.high_contrast else 0)
        box = rect.inflate(line * 2 + 4, line * 2 + 4)
        corners = ((box.topleft, 1, 1), (box.topright, -1, 1), (box.bottomleft, 1, -1),
                   (box.bottomright, -1, -1))
        for width, ink in ((line + 4, (0, 0, 0)), (line, colour)):
            for (x, y), sx, sy in corners:
                x, y = x - (sx < 0), y - (sy < 0)
                pygame.draw.line(surface, ink, (x, y), (x + sx * arm, y), width)
                pygame.draw.line(surface, ink, (x, y), (x, y + sy * arm), width)
        if aimed:
            pygame.draw.rect(surface, (0, 0, 0), box.inflate(4, 4), width=line + 4,
                             border_radius=max(6, rect.width // 10))
            pygame.draw.rect(surface, colour, box, width=line, border_radius=max(6, rect.width // 10))

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The keyboard focus around a card or a place: a ring on a black edge."""
        palette = self.palette
        rect = rect.inflate(8, 8)
        radius = max(6, self.layout.card[0] // 10)
        width = palette.focus_line
        pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), width=width + 4, border_radius=radius + 2)
        pygame.draw.rect(surface, palette.focus, rect, width=width, border_radius=radius)

    def draw_owed(self, surface: pygame.Surface, game: Game, piles: list[list[int]], pulse: float) -> None:
        """A space owed a fill glows (``pulse`` 0 … 1) and says "Fill"; the cards that
        may fill it glow with an arrow."""
        palette = self.palette
        owed = game.owed_space()
        if owed is None:
            return
        lay = self.layout
        self.glow(surface, lay.bases[owed], palette.glow, round(150 + 105 * pulse))
        px = palette.scaled(max(11, lay.card[1] // 7))
        label = widgets.pill("Fill", px, palette.glow, palette.pill, palette)
        surface.blit(label, label.get_rect(center=lay.bases[owed].center))
        for s in game.fill_sources():
            if piles[s]:
                top = self.drawn_top(piles, s)
                self.glow(surface, top, palette.glow, 170)
                arrow_head(surface, (top.centerx, top.top - 3), 0, -1, max(6, lay.card[0] // 7), palette.glow)

    def draw_directions(self, surface: pygame.Surface, game: Game, piles: list[list[int]]) -> None:
        """Where the layout has a slot for each column's direction (square columns), the
        direction written there; otherwise a badge on each pile whose direction is fixed
        (none where no pile has a direction)."""
        palette = self.palette
        direction = game.direction
        lay = self.layout
        px = max(11, round(lay.card[1] * 0.12))
        for index, slot in lay.direction_slots.items():
            heading = direction(index) if game.piles[index] else None
            image = widgets.direction_heading(heading, px, slot.size, palette)
            surface.blit(image, image.get_rect(center=slot.center))
        if lay.direction_slots:
            return
        radius = max(8, lay.card[0] // 7)
        for index in game.tableau:
            d = direction(index) if len(piles[index]) >= 2 else 0
            if d:
                base = lay.bases[index]
                surface.blit(self._badge(d, radius), (base.right - 2 * radius - 4, base.top + 2))

    def _badge(self, direction: int, radius: int) -> pygame.Surface:
        """A round badge with an arrow up (blue) or down (orange) (cached)."""
        palette = self.palette
        key = ("badge", direction, radius)
        image = self._shapes.get(key)
        if image is None:
            image = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            centre = (radius + 1, radius + 1)
            colour = (40, 120, 200) if direction > 0 else (200, 90, 40)
            pygame.draw.circle(image, colour, centre, radius)
            pygame.draw.circle(image, (255, 255, 255), centre, radius, 2 if palette.high_contrast else 1)
            tip = (centre[0], centre[1] - direction * radius * 0.6)
            arrow_head(image, tip, 0, -direction, radius * 1.1, (255, 255, 255))
            self._shapes[key] = image
        return image

    def draw_counts(self, surface: pygame.Surface, game: Game, piles: list[list[int]]) -> None:
        """How many cards the stock and the waste hold (``piles`` as drawn), in a pill at
        the foot of each."""
        palette = self.palette
        lay = self.layout
        px = palette.scaled(max(11, round(lay.card[1] * 0.12)))
        for index in (game.stock, game.waste):
            if index >= 0:
                rect = lay.bases[index]
                image = widgets.pill(str(len(piles[index])), px, palette.gold, palette.pill, palette)
                surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.bottom - round(px * 0.3))))

    def draw_hint(self, surface: pygame.Surface, game: Game, move: Move) -> None:
        """The hint: an arrow from the card to where it goes."""
        palette = self.palette
        a = self.top_rect(game, move.src).center
        n = len(game.piles[move.dst])
        b = (self.slot_rect(game, move.dst, n).center if self.layout.steps[move.dst]
             else self.layout.bases[move.dst].center)
        width = max(4, self.layout.card[0] // 14) + (2 if palette.high_contrast else 0)
        pygame.draw.line(surface, (0, 0, 0), a, b, width + 4)
        pygame.draw.line(surface, palette.glow, a, b, width)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        arrow_head(surface, b, dx / length, dy / length, width * 4, palette.glow)
        pygame.draw.circle(surface, (0, 0, 0), a, width * 1.5 + 2)
        pygame.draw.circle(surface, palette.glow, a, width * 1.5)


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
