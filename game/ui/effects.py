"""The table's small motions around the cards, which only decorate what the session did:
the movable card under the pointer lifts, a card that lands settles with a shrinking
shadow, a foundation flares when a card reaches it, and a win sets the cards bouncing.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

import pygame

from ..engine import Game, Transfer
from ..engine.cards import rank_of, suit_of
from .anim import MOVE, RETURN, Celebration, Flight
from .art import CardArt
from .layout import TableLayout
from .piles import PileRenderer
from .theme import Palette

#: seconds a movable card takes to lift under the pointer (and to settle back)
LIFT_SECONDS = 0.08
#: seconds the shadow of a card that just landed takes to shrink away
SETTLE_SECONDS = 0.18
#: seconds a foundation glows after a card arrives on it
ARRIVAL_SECONDS = 0.45


class TableEffects:
    """The lift, the landings, the arrivals and the celebration of one table."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Nothing lifted, landing, flaring or celebrating."""
        #: how far the hovered movable card is lifted (0 resting … 1 lifted)
        self.lift = 0.0
        self.lift_place: int | None = None
        #: cards that just landed: [place, slot, age in seconds]
        self.settling: list[list[float]] = []
        #: foundations a card just arrived on: [place, age in seconds]
        self.arrivals: list[list[float]] = []
        self.celebration: Celebration | None = None

    def update(self, dt: float, lift: int | None) -> None:
        """Lift the card of place ``lift`` (or let the lifted one down when None); age
        the landings and the arrivals."""
        if lift is not None and lift != self.lift_place:
            self.lift_place, self.lift = lift, 0.0
        step = dt / LIFT_SECONDS
        self.lift = min(1.0, self.lift + step) if lift is not None else max(0.0, self.lift - step)
        if self.lift == 0.0 and lift is None:
            self.lift_place = None
        for item in self.settling:
            item[2] += dt
        self.settling = [s for s in self.settling if s[2] < SETTLE_SECONDS]
        for item in self.arrivals:
            item[1] += dt
        self.arrivals = [a for a in self.arrivals if a[1] < ARRIVAL_SECONDS]

    def update_celebration(self, dt: float) -> None:
        """Move the celebration's cards on; it ends by itself."""
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None

    def landed(self, flights: Iterable[Flight], foundations: Container[int]) -> None:
        """Flights just ended: their cards settle, and a foundation a move reached flares."""
        for flight in flights:
            if flight.kind == RETURN or not flight.quiet:
                self.settling.append([flight.dst, flight.dst_slot, 0.0])
            if flight.kind == MOVE and not flight.quiet and flight.dst in foundations:
                self.arrivals.append([flight.dst, 0.0])

    def arrived(self, transfers: Iterable[Transfer], foundations: Container[int]) -> None:
        """Cards reached foundations without flying (animation off): those flare."""
        self.arrivals.extend([t.dst, 0.0] for t in transfers if t.dst in foundations)

    def celebrate(self, game: Game, layout: TableLayout, palette: Palette) -> None:
        """A won game: the foundations' cards leave from the top down, one foundation after
        another in turn, and bounce across the felt."""
        launch: list[tuple[int, tuple[float, float]]] = []
        for f in game.foundations:
            corner = layout.bases[f].topleft
            launch.extend((c, (float(corner[0]), float(corner[1]))) for c in game.piles[f])
        launch.sort(key=lambda item: (-rank_of(item[0]), suit_of(item[0])))
        launch = launch[:52]
        launch.reverse()
        self.celebration = Celebration(layout.size, launch, layout.card, seed=sum(map(ord, game.game)),
                                       dark=palette.high_contrast)

    def draw_settling(self, surface: pygame.Surface, renderer: PileRenderer, game: Game,
                      piles: list[list[int]]) -> None:
        """The shadows of the cards that just landed."""
        renderer.draw_settling(surface, game, piles,
                               [(int(p), int(s), age / SETTLE_SECONDS) for p, s, age in self.settling])

    def draw_lift_and_arrivals(self, surface: pygame.Surface, renderer: PileRenderer, game: Game,
                               piles: list[list[int]], busy: bool) -> None:
        """The lifted card (unless cards are flying) and the flaring foundations."""
        place = self.lift_place
        if place is not None and self.lift > 0 and piles[place] and not busy:
            renderer.draw_lifted(surface, game, piles, place, self.lift)
        renderer.draw_arrivals(surface, [(int(p), age / ARRIVAL_SECONDS) for p, age in self.arrivals])

    def draw_celebration(self, surface: pygame.Surface, art: CardArt, layout: TableLayout) -> None:
        """The bouncing cards, on the felt only: the HUD above stays readable (its bar lets
        the felt show through, so it would not hide the trails by itself)."""
        if self.celebration is None:
            return
        size = layout.card
        top = layout.hud.bottom
        surface.set_clip(pygame.Rect(0, top, layout.size[0], layout.size[1] - top))
        self.celebration.draw(surface, lambda c: art.quick_face(c, size))
        surface.set_clip(None)
