"""The hint's marks: its card and the place it goes glow, and an arrow runs from one to
the other, routed through the gaps between the places (and around the felt's words) so
that it crosses as few other cards' indices, words and badges as it can. Where no route
keeps off all of them, what it crosses is drawn again over it: the arrow passes under
an index or a word, which stays readable."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

import pygame

from ..engine import Game, Move

if TYPE_CHECKING:
    from .piles import PileRenderer

Colour = tuple[int, int, int]
#: how much longer than the shortest clear path the arrow may run to keep off other
#: cards' faces
FACE_DETOUR = 1.8


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


class HintArrow:
    """Draws the hint on a :class:`~game.ui.piles.PileRenderer`'s piles, keeping off the
    indices it recorded and the badges its marks drew (the route is cached)."""

    def __init__(self, piles: PileRenderer) -> None:
        self.piles = piles
        self._route_cache: tuple[Any, list[tuple[int, int]]] | None = None

    def draw(self, surface: pygame.Surface, game: Game, move: Move) -> None:
        """The hint: its card and the place it goes glow, and an arrow runs from one to
        the other between the piles, keeping off every other card's index, the words on
        the felt and the badges (:meth:`route`); whatever of those it still crosses is
        put back over it."""
        palette = self.piles.palette
        src = self.piles.top_rect(game, move.src)
        target = self.piles.top_rect(game, move.dst)
        width = max(4, self.piles.layout.card[0] // 14) + (2 if palette.high_contrast else 0)
        points = self.route(game, move, width)
        head = width * 4
        glows = [(self.piles.glow_rect(src), src), (self.piles.glow_rect(target), target)]
        window = surface.get_rect()
        crossed = [box.clip(window) for box in self._crossed(game, move, points, width, head, glows)]
        kept = [(r, surface.subsurface(r).copy()) for r in crossed if r.width > 0 and r.height > 0]
        self.piles.glow(surface, src, palette.glow, 255)
        self.piles.glow(surface, target, palette.glow, 200)
        pygame.draw.lines(surface, (0, 0, 0), False, points, width + 4)
        for p in points[1:-1]:
            pygame.draw.circle(surface, (0, 0, 0), p, (width + 4) // 2)
        pygame.draw.lines(surface, palette.glow, False, points, width)
        for p in points[1:-1]:
            pygame.draw.circle(surface, palette.glow, p, width // 2)
        (ax, ay), (bx, by) = points[-2], points[-1]
        length = math.hypot(bx - ax, by - ay) or 1.0
        arrow_head(surface, (bx, by), (bx - ax) / length, (by - ay) / length, head, palette.glow)
        a = points[0]
        pygame.draw.circle(surface, (0, 0, 0), a, width * 1.5 + 2)
        pygame.draw.circle(surface, palette.glow, a, width * 1.5)
        for rect, pixels in kept:
            surface.blit(pixels, rect)

    def keep_off(self, game: Game, move: Move) -> list[pygame.Rect]:
        """What the hint's arrow must not hide: every card index shown but those of the
        moving card and of where it lands, the felt's words and the badges (a "Fill" on
        the place it lands is reached, not crossed)."""
        src = self.piles.top_rect(game, move.src)
        dst = self._landing(game, move)
        keep = [b.rect for b in self.piles.indices.boxes
                if not b.rect.colliderect(src) and not dst.collidepoint(b.rect.center)]
        keep += [b.rect for b in self.piles.label_boxes]
        keep += list(self.piles.marks.texts)
        keep += [r for r in self.piles.marks.badges if not dst.collidepoint(r.center)]
        return keep

    def _crossed(self, game: Game, move: Move, points: list[tuple[int, int]], width: int,
                 head: int, glows: list[tuple[pygame.Rect, pygame.Rect]]) -> list[pygame.Rect]:
        """The rects of :meth:`keep_off` that the arrow along ``points`` (its line
        ``width`` wide with a dark edge, its head ``head`` long, its round start) touches,
        or a glow of ``glows`` (where it reaches, the card it lights) around another card."""
        reach = (width + 4) // 2 + 1
        ends = [pygame.Rect(0, 0, 2 * head + 2, 2 * head + 2).move_to(center=points[-1]),
                pygame.Rect(0, 0, 3 * width + 6, 3 * width + 6).move_to(center=points[0])]
        crossed = []
        for rect in self.keep_off(game, move):
            near = rect.inflate(2 * reach, 2 * reach)
            lit = any(rect.colliderect(glow) and not rect.colliderect(card) for glow, card in glows)
            lined = any(near.clipline(p, q) for p, q in itertools.pairwise(points))
            if lit or lined or near.collidelist(ends) >= 0:
                crossed.append(rect)
        return crossed

    def _landing(self, game: Game, move: Move) -> pygame.Rect:
        """Where the card of ``move`` will lie."""
        if not self.piles.layout.steps[move.dst]:
            return self.piles.layout.bases[move.dst]
        return self.piles.slot_rect(game, move.dst, len(game.piles[move.dst]))

    def route(self, game: Game, move: Move, width: int) -> list[tuple[int, int]]:
        """The hint arrow's path from the centre of the moving card to the centre of
        where it lands: straight where that crosses nothing of :meth:`keep_off`, else
        the shortest path with the fewest such crossings that turns in the gaps between
        places or beside the felt's words (cached while the position and the badges
        stay)."""
        lay = self.piles.layout
        src = self.piles.top_rect(game, move.src)
        dst = self._landing(game, move)
        a, b = src.center, dst.center
        pad = width // 2 + 3
        # The arrow stops at the landing place's edge: what lies there is reached.
        keep = self.keep_off(game, move)
        avoid = [r.inflate(2 * pad, 2 * pad) for r in keep]
        key = (move, lay.size, a, b, tuple(tuple(r) for r in avoid))
        if self._route_cache is not None and self._route_cache[0] == key:
            return self._route_cache[1]
        room_x, room_y = lay.outline_room
        gaps_x = sorted({r.left - room_x - 2 for r in lay.areas} | {r.right + room_x + 1 for r in lay.areas})
        gaps_y = sorted({r.top - room_y - 2 for r in lay.areas} | {r.bottom + room_y + 1 for r in lay.areas})
        # the felt's words stand in the gaps: the arrow may turn just clear of them too
        words = [b.rect for b in self.piles.label_boxes] + list(self.piles.marks.texts)
        gaps_x = sorted(set(gaps_x) | {r.left - pad - 1 for r in words} | {r.right + pad + 1 for r in words})
        gaps_y = sorted(set(gaps_y) | {r.top - pad - 1 for r in words} | {r.bottom + pad + 1 for r in words})
        window = pygame.Rect((0, 0), lay.size).inflate(-2 * pad, -2 * pad)
        gaps_x = [x for x in gaps_x if window.left <= x <= window.right]
        gaps_y = [y for y in gaps_y if lay.hud.bottom + pad <= y <= window.bottom]

        def near(x: int, rect: pygame.Rect) -> list[int]:
            left = [g for g in gaps_x if g <= rect.left]
            right = [g for g in gaps_x if g >= rect.right]
            return ([max(left)] if left else []) + ([min(right)] if right else [])

        paths: list[list[tuple[int, int]]] = [[a, b]]
        paths += [[a, (x, a[1]), (x, b[1]), b] for x in gaps_x]
        paths += [[a, (a[0], y), (b[0], y), b] for y in gaps_y]
        for x1 in near(a[0], src):
            for x2 in near(b[0], dst):
                paths += [[a, (x1, a[1]), (x1, y), (x2, y), (x2, b[1]), b] for y in gaps_y]

        def length(path: list[tuple[int, int]]) -> float:
            return sum(math.dist(p, q) for p, q in itertools.pairwise(path))

        def crossings(path: list[tuple[int, int]]) -> int:
            return sum(1 for r in avoid if any(r.clipline(p, q) for p, q in itertools.pairwise(path)))

        # Of the paths crossing nothing, one over the felt rather than across other
        # cards' faces, unless it is much longer.
        faces = [lay.pile_rect(i, len(pile)) for i, pile in enumerate(game.piles)
                 if pile and i not in (move.src, move.dst)]

        def over_faces(path: list[tuple[int, int]]) -> int:
            return sum(1 for r in faces if any(r.clipline(p, q) for p, q in itertools.pairwise(path)))

        best: tuple[int, int, float, list[tuple[int, int]]] | None = None
        shortest_clear: float | None = None
        for path in sorted(paths, key=length):
            size = length(path)
            if shortest_clear is not None and (size > FACE_DETOUR * shortest_clear or (best and not best[1])):
                break
            hits = crossings(path)
            if hits == 0 and shortest_clear is None:
                shortest_clear = size
            score = (hits, over_faces(path) if hits == 0 else 0, size, path)
            if best is None or score[:2] < best[:2]:
                best = score
        assert best is not None
        route = [p for i, p in enumerate(best[3]) if i == 0 or p != best[3][i - 1]]
        if len(route) > 1:
            inside = dst.clipline(route[-2], route[-1])
            if inside and inside[0] != route[-2]:
                route[-1] = (round(inside[0][0]), round(inside[0][1]))
        self._route_cache = (key, route)
        return route
