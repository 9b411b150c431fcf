"""Card flights: eased moves of single cards, chained in a queue, and the win celebration.

The engine has always already made the move when a flight starts; a flight only says
how the screen gets there. :meth:`Animator.display_piles` turns the engine's piles into
what should be drawn now: a card still waiting for its flight is drawn where it came
from, a card in the air is drawn by the animator alone, and a landed card is simply part
of its pile again. Flights of one batch have the same duration and start in order, so
they also land in order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine import Transfer

if TYPE_CHECKING:
    from .layout import TableLayout

#: the normal duration of one card's flight, in seconds (divided by the speed setting)
FLIGHT_SECONDS = 0.2
#: the deal: each card's flight, and the time between two cards leaving the stock
DEAL_SECONDS = 0.16
DEAL_STAGGER = 0.018

MOVE, RETURN = "move", "return"

Point = tuple[float, float]
#: where card ``slot`` of place ``index`` is drawn now: (place, slot) -> top-left corner
Locator = Callable[[int, int], Point]


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing (0 → 0, 1 → 1)."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and end (0 → 0, 1 → 1)."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Glide:
    """The resting cards on their way from where layout ``start`` had them to where the
    table's layout has them now (the rows laid out again for a long pile), over
    ``duration`` seconds."""

    start: TableLayout
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0 at the start, 1 once the cards are in their new places."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


@dataclass
class Flight:
    """One card travelling from one place to another.

    ``src_slot`` and ``dst_slot`` are the card's positions in those piles (0 is the
    bottom), so the end points follow the layout if the window is resized meanwhile.
    ``start`` overrides the starting corner (a card dropped by the mouse flies from where
    it was let go). A ``RETURN`` flight goes back to its own place (an illegal drop).
    """

    card: int
    src: int
    src_slot: int
    dst: int
    dst_slot: int
    delay: float
    duration: float
    kind: str = MOVE
    start: Point | None = None
    elapsed: float = 0.0
    #: no landing sound (the deal has one sound of its own)
    quiet: bool = False

    @property
    def started(self) -> bool:
        """The card has left its place."""
        return self.elapsed >= self.delay

    @property
    def landed(self) -> bool:
        """The card has arrived."""
        return self.elapsed >= self.delay + self.duration

    def progress(self) -> float:
        """0 at take-off, 1 on landing."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def position(self, locate: Locator) -> Point:
        """The card's top-left corner now."""
        a = self.start if self.start is not None else locate(self.src, self.src_slot)
        b = locate(self.dst, self.dst_slot)
        t = ease_out_cubic(self.progress()) if self.kind == RETURN else ease_in_out(self.progress())
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        # A short flight stays flat; a long one rises a little, as a hand lifts a card.
        lift = min(40.0, math.hypot(b[0] - a[0], b[1] - a[1]) * 0.08)
        return (x, y - lift * math.sin(math.pi * t))


class Animator:
    """The queue of flights; time advances only through :meth:`update`."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []

    @property
    def busy(self) -> bool:
        """Some card has not landed yet."""
        return bool(self.flights)

    @property
    def moving(self) -> bool:
        """Some card of a move (or the deal) has not landed yet; a card flying back to its
        own place (an illegal drop) changes no place, so it does not count."""
        return any(f.kind != RETURN for f in self.flights)

    def update(self, dt: float) -> list[Flight]:
        """Advance every flight by ``dt`` seconds; return those that landed now."""
        landed = []
        for flight in self.flights:
            flight.elapsed += dt
            if flight.landed:
                landed.append(flight)
        if landed:
            self.flights = [f for f in self.flights if not f.landed]
        return landed

    def finish(self) -> None:
        """Land every card at once (before the player acts, or when skipping)."""
        self.flights.clear()

    def in_air(self) -> list[Flight]:
        """The flights whose card is travelling now."""
        return [f for f in self.flights if f.started]

    def queue_transfers(self, transfers: Iterable[Transfer], piles: list[list[int]], *,
                        speed: float, start: Point | None = None, after: float = 0.0,
                        seconds: float = FLIGHT_SECONDS) -> float:
        """Queue ``transfers`` (just made by the engine) one after the other.

        ``piles`` are the engine's piles *after* the transfers. The first card may start
        from ``start`` (a drop). Returns when the last card lands (seconds from now);
        nothing is queued when ``speed`` is 0 (animation off).
        """
        transfers = list(transfers)
        if speed <= 0 or not transfers:
            return after
        sizes = [len(p) for p in piles]
        for t in reversed(transfers):
            sizes[t.dst] -= 1
            sizes[t.src] += 1
        duration = seconds / speed
        delay = after
        for i, t in enumerate(transfers):
            sizes[t.src] -= 1
            self.flights.append(Flight(t.card, t.src, sizes[t.src], t.dst, sizes[t.dst],
                                       delay, duration, start=start if i == 0 else None))
            sizes[t.dst] += 1
            delay += duration
        return delay

    def queue_deal(self, piles: list[list[int]], order: Iterable[int], stock: int, *,
                   speed: float) -> None:
        """Fly every card of the places in ``order`` out of the stock, round by round
        (the first card of every place, then the second…), as a dealer deals."""
        if speed <= 0:
            return
        order = list(order)
        base = len(piles[stock])
        deal = [(place, slot) for slot in range(max((len(piles[p]) for p in order), default=0))
                for place in order if slot < len(piles[place])]
        duration = DEAL_SECONDS / speed
        stagger = DEAL_STAGGER / speed
        # Cards still to leave sit on top of the stock, the first to leave on top.
        for i, (place, slot) in enumerate(deal):
            self.flights.append(Flight(piles[place][slot], stock, base + len(deal) - 1 - i,
                                       place, slot, i * stagger, duration, quiet=True))

    def fly_back(self, card: int, place: int, slot: int, start: Point, *, speed: float) -> None:
        """An illegal drop: the card returns to its own place."""
        if speed <= 0:
            return
        self.flights.append(Flight(card, place, slot, place, slot, 0.0,
                                   FLIGHT_SECONDS * 0.9 / speed, kind=RETURN, start=start,
                                   quiet=True))

    def display_piles(self, piles: list[list[int]]) -> list[list[int]]:
        """What to draw in each place now, given the engine's ``piles`` (not changed).

        A card waiting for its flight is put back where it came from; a card in the air
        is left out (the animator draws it).
        """
        out = [list(p) for p in piles]
        for flight in reversed(self.flights):
            pile = out[flight.dst]
            if pile and pile[-1] == flight.card:
                pile.pop()
            elif flight.card in pile:
                del pile[len(pile) - 1 - pile[::-1].index(flight.card)]
            if flight.kind == MOVE and not flight.started:
                out[flight.src].append(flight.card)
        return out


class Celebration:
    """Cards leap off the foundations one by one and bounce away across the table,
    leaving trails, as on the classic patience programs; a few sparks burst above."""

    def __init__(self, size: tuple[int, int], cards: list[tuple[int, Point]],
                 card_size: tuple[int, int], seed: int = 1, dark: bool = False) -> None:
        self.size = size
        self.card_size = card_size
        self.rng = random.Random(seed)
        self.waiting = list(cards)  # (card, start corner), the next to leave last
        self.bouncing: list[list[float]] = []  # card, x, y, vx, vy
        self.sparks: list[list[float]] = []  # x, y, vx, vy, life, hue
        self.clock = 0.0
        self.next_launch = 0.0
        self.next_burst = 0.3
        self.trails = pygame.Surface(size)
        key = _KEY_DARK if dark else _KEY
        self.trails.fill(key)
        self.trails.set_colorkey(key)
        #: seconds the trails have been fading, once the cards are gone
        self.faded = 0.0

    @property
    def over(self) -> bool:
        """Every card has left the screen and every spark is out: the trails fade."""
        return not self.waiting and not self.bouncing and not self.sparks

    @property
    def done(self) -> bool:
        """The cards have gone and their trails have faded away."""
        return self.over and self.faded >= TRAILS_FADE

    def update(self, dt: float) -> None:
        """Advance the cards and sparks by ``dt`` seconds."""
        self.clock += dt
        if self.over:
            self.faded += dt
            return
        w, h = self.size
        cw, ch = self.card_size
        while self.waiting and self.clock >= self.next_launch:
            card, (x, y) = self.waiting.pop()
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(0.18, 0.42) * w
            self.bouncing.append([card, x, y, vx, -self.rng.uniform(0.1, 0.6) * h])
            self.next_launch += 0.11
        gravity = 2.2 * h
        for b in self.bouncing:
            b[4] += gravity * dt
            b[1] += b[3] * dt
            b[2] += b[4] * dt
            if b[2] + ch > h:
                b[2] = h - ch
                b[4] = -b[4] * 0.72
        self.bouncing = [b for b in self.bouncing if -cw < b[1] < w]
        if self.clock >= self.next_burst and (self.waiting or self.bouncing):
            self.next_burst += 0.45
            cx = self.rng.uniform(0.2, 0.8) * w
            cy = self.rng.uniform(0.15, 0.45) * h
            hue = self.rng.uniform(0, 360)
            for i in range(36):
                a = 2 * math.pi * i / 36
                v = self.rng.uniform(0.12, 0.24) * h
                self.sparks.append([cx, cy, math.cos(a) * v, math.sin(a) * v, 1.0, hue])
        for s in self.sparks:
            s[3] += 0.35 * h * dt
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[4] -= dt * 0.9
        self.sparks = [s for s in self.sparks if s[4] > 0]

    def draw(self, surface: pygame.Surface, image: Callable[[int], pygame.Surface]) -> None:
        """Draw trails, bouncing cards and sparks; ``image(card)`` gives a card's face."""
        for card, x, y, _vx, _vy in self.bouncing:
            self.trails.blit(image(int(card)), (round(x), round(y)))
        # the trails fade out once the cards are gone, rather than vanish in a frame
        self.trails.set_alpha(round(255 * max(0.0, 1.0 - self.faded / TRAILS_FADE)) if self.over else None)
        surface.blit(self.trails, (0, 0))
        colour = pygame.Color(0)
        for x, y, _vx, _vy, life, hue in self.sparks:
            colour.hsva = (hue, 70, 100, 100)
            r = max(1, round(3 * life))
            pygame.draw.circle(surface, colour, (round(x), round(y)), r)


#: seconds the celebration's trails take to fade once its cards have gone
TRAILS_FADE = 0.8
#: the trails' transparent colour: close to the felt, so a card's soft corners blend well
_KEY = (29, 105, 57)
_KEY_DARK = (15, 17, 20)
