"""The difficulty curve of each campaign, drawn as a PNG (``levels chart OUT.png``).

Four panels, one per rule set: each level's difficulty (0–100) as a bar, easy to hard,
with the level numbers below and how many game numbers the build searched. Drawn on an
off-screen surface, so no window (and no display driver) is needed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pygame

from ..engine import RULE_IDS, rules_class
from ..levels.campaign import Campaign
from . import theme
from .png import png_bytes

BACKGROUND = (24, 58, 40)
PANEL = (34, 76, 54)
GRID = (70, 110, 86)
INK = (236, 240, 228)
MUTED = (178, 196, 180)
EASY = (92, 200, 112)
HARD = (222, 92, 80)


def _blend(low: tuple[int, int, int], high: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    t = max(0.0, min(1.0, t))
    return (round(low[0] + (high[0] - low[0]) * t), round(low[1] + (high[1] - low[1]) * t),
            round(low[2] + (high[2] - low[2]) * t))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, rules: str,
               campaign: Campaign | str | None) -> None:
    """One rule set's difficulty curve inside ``rect``; without a campaign, "no levels
    file" (None) or why there is none (a text)."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=12)
    pad = 16
    title = theme.text(surface, rules_class(rules).title, 22, (rect.x + pad, rect.y + pad - 4), INK,
                       bold=True)
    if not isinstance(campaign, Campaign):
        theme.text(surface, campaign or "no levels file", 18, rect.center, colour=MUTED, anchor="center")
        return
    won = campaign.results.get("won", len(campaign.winnable))
    nodes = campaign.build.get("nodes")
    within = f" in {nodes:,} positions each" if isinstance(nodes, int) and nodes > 0 else ""
    theme.text(surface, f"{len(campaign.levels)} levels · {won:,} of {campaign.searched:,} deals proved "
               f"winnable{within}", 14, (rect.x + pad, title.bottom + 6), colour=MUTED)
    plot = pygame.Rect(rect.x + pad + 40, title.bottom + 34, rect.width - 2 * pad - 48,
                       rect.height - (title.bottom - rect.y) - 34 - pad - 26)
    for value in (0, 25, 50, 75, 100):
        y = plot.bottom - round(plot.height * value / 100)
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
        theme.text(surface, str(value), 14, (plot.left - 8, y), colour=MUTED, anchor="midright")
    levels = campaign.levels
    if not levels:
        theme.text(surface, "no proved-winnable deal found", 18, plot.center, colour=MUTED, anchor="center")
        return
    slot = plot.width / len(levels)
    bar = max(2, round(slot * 0.7))
    labelled = _labelled(len(levels))
    points = []
    for i, level in enumerate(levels):
        centre = plot.left + round(slot * (i + 0.5))
        height = max(2, round(plot.height * level.difficulty / 100))
        colour = _blend(EASY, HARD, level.difficulty / 100)
        pygame.draw.rect(surface, colour, (centre - bar // 2, plot.bottom - height, bar, height),
                         border_top_left_radius=3, border_top_right_radius=3)
        points.append((centre, plot.bottom - height))
        if i in labelled:
            theme.text(surface, str(level.number), 14, (centre, plot.bottom + 4), colour=MUTED,
                       anchor="midtop")
    theme.text(surface, "level", 14, (plot.left - 8, plot.bottom + 4), colour=MUTED, anchor="topright")
    if len(points) > 1:
        pygame.draw.lines(surface, INK, False, points, 2)
    for point in points:
        pygame.draw.circle(surface, INK, point, 3)


def _labelled(count: int) -> set[int]:
    """The level indices labelled under the bars: about a dozen, evenly spaced at round
    numbers (every 1, 2, 5, 10, 20, 50 … levels), and always the first and last level;
    a round number half a step or less from either end gives way to it, so no two
    labels stand side by side."""
    step = next(s for s in itertools.chain.from_iterable((m, 2 * m, 5 * m) for m in (10 ** k for k in
                                                                                     itertools.count()))
                if count / s <= 12)
    numbers = {1, count}
    numbers |= {n for n in range(step, count, step) if n - 1 > step / 2 and count - n > step / 2}
    return {n - 1 for n in numbers if n >= 1}


def render_chart(campaigns: Mapping[str, Campaign | str | None],
                 size: tuple[int, int] = (1200, 800)) -> pygame.Surface:
    """The chart of every rule set's campaign, one panel each (2 × 2)."""
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    width, height = size
    header = theme.text(surface, "Difficulty of each level (0 easy – 100 hard)", 26, (24, 16), INK, bold=True)
    gap = 18
    top = header.bottom + 12
    panel_w = (width - 3 * gap) // 2
    panel_h = (height - top - 2 * gap) // 2
    for i, rules in enumerate(RULE_IDS):
        row, col = divmod(i, 2)
        rect = pygame.Rect(gap + col * (panel_w + gap), top + gap // 2 + row * (panel_h + gap),
                           panel_w, panel_h)
        draw_panel(surface, rect, rules, campaigns.get(rules))
    return surface


def chart_png(campaigns: Mapping[str, Campaign | str | None], size: tuple[int, int] = (1200, 800)) -> bytes:
    """The chart as the bytes of a PNG file."""
    return png_bytes(render_chart(campaigns, size))
