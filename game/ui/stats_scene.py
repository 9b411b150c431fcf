"""Statistics of each rule set, in pictures: the counts as large figures, a ring of won,
won by the demo, lost and abandoned games, and a chart of the last 50 games with the win
% over time. "Reset…" sets the rule set shown back to zero, once the player confirms."""

from __future__ import annotations

import math

import pygame

from ..console import counted
from ..engine import RULE_IDS, RULESETS
from ..records.replay import ABANDONED, LOST, WON, format_seconds
from ..records.stats import (
    DEMO_WON,
    RECENT_RESULTS,
    RuleStats,
    Statistics,
    load_statistics,
    reset_statistics,
)
from . import theme
from .app import App
from .drawn import Kind
from .rule_tabs import RuleTabsScene, tab_name
from .theme import Button
from .widgets import draw_key_hint, drawn_text, fit_text, fitting_px, stacked_scale, text_px, wrap

#: The colour of each result in the charts.
RESULT_COLOURS = {WON: (92, 200, 112), DEMO_WON: (96, 150, 230), LOST: (222, 92, 80),
                  ABANDONED: (150, 160, 150)}
LINE = (246, 212, 96)
#: the chart's key, right to left
_KEY = (("win % so far", LINE), ("abandoned", RESULT_COLOURS[ABANDONED]), ("lost", RESULT_COLOURS[LOST]),
        (DEMO_WON, RESULT_COLOURS[DEMO_WON]), ("won", RESULT_COLOURS[WON]))


def win_rate_text(won: int, played: int) -> str:
    """The win rate as a player reads it: a whole number where that is exact or near
    enough ("50%", "57%"), one decimal where the whole number would claim every game won
    or none ("99.5%", "0.3%"), and "<0.1%" or ">99.9%" where even that would; "–"
    before the first game."""
    if not played:
        return "–"
    if won in (0, played) or (100 * won) % played == 0:
        return f"{100 * won // played}%"
    percent = 100.0 * won / played
    if 1 <= round(percent) <= 99:
        return f"{percent:.0f}%"
    if 0.1 <= round(percent, 1) <= 99.9:
        return f"{percent:.1f}%"
    return "<0.1%" if percent < 50 else ">99.9%"


def tiles_of(s: RuleStats) -> list[tuple[str, str]]:
    """The large figures: (caption, value)."""
    return [
        ("Played", f"{s.played:,}"),
        ("Won", f"{s.won:,}"),
        ("Win rate", win_rate_text(s.won, s.played)),
        ("Clean wins", f"{s.clean_wins:,}"),
        ("Current streak", f"{s.current_streak:,}"),
        ("Best streak", f"{s.best_streak:,}"),
        ("Best time, no help", format_seconds(s.best_time) if s.best_time is not None else "–"),
        ("Fewest moves, no help", f"{s.fewest_moves:,}" if s.fewest_moves is not None else "–"),
    ]


def hole_text_px(words: str, hole: int) -> int:
    """The text size for ``words`` in the middle of a ring whose hole has radius ``hole``:
    as large as reads well, and small enough that the words stay inside the hole with a
    margin (">99.9%" is the widest the ring shows)."""
    return fitting_px(words, max(10, round(hole * 0.62)), hole * 1.7, 10, bold=True)


class StatsScene(RuleTabsScene):
    """The statistics screen, one rule set at a time (tabs, ← and →)."""

    name = "stats"

    def __init__(self, app: App, rules: str | None = None) -> None:
        super().__init__(app, rules if rules in RULESETS else RULE_IDS[0])
        self.store = app.store()
        self.stats: Statistics = load_statistics(self.store)
        app.tell(self.store.take_warnings())
        self.tiles_rect = pygame.Rect(0, 0, 0, 0)
        self.ring_rect = pygame.Rect(0, 0, 0, 0)
        #: the ring's centre and the radius of its hole, and where the win rate was drawn in it
        self.ring_hole: tuple[tuple[int, int], int] = ((0, 0), 0)
        self.middle_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        #: the chart's key stands under its title, not beside it (:meth:`_legend_below`)
        self.legend_below = False
        self.hover_game: int | None = None
        self.reset_button = Button("Reset…", self.ask_to_reset)
        #: where the chart's "oldest" and "newest" were last drawn (none for a single game)
        self.end_labels: list[pygame.Rect] = []
        self.resize(app.size)
        self.ring.focus(self.back_button)

    @property
    def current(self) -> RuleStats:
        """The statistics shown."""
        return self.stats[self.rules]

    def show(self, rules: str) -> None:
        """Show another rule set's statistics."""
        self.rules = rules
        self.hover_game = None

    def ask_to_reset(self) -> None:
        """Ask before setting the rule set shown back to zero (it cannot be undone); with
        no game counted, the button is greyed out and there is nothing to ask."""
        s = self.current
        if not s.played:
            return
        games = f"{s.played:,} game{'s' if s.played != 1 else ''}"
        counted = f"{games} played, {s.won:,} won, best streak {s.best_streak:,}"
        words = (f"{tab_name(self.rules)}: {counted}. All of it goes back to zero, for good; "
                 "your replays, high scores and saved game are kept.")
        self.app.show("confirm", title="Reset these statistics?", words=words, yes="Reset",
                      action=self.reset, no="Keep them")

    def reset(self) -> None:
        """Set the rule set shown back to zero on disk, and show what is there now."""
        reset_statistics(self.store, self.rules)
        self.stats = load_statistics(self.store)
        self.hover_game = None
        self.app.tell(self.store.take_warnings())
        if self.ring.current is self.reset_button and not self.current.played:
            # the button greys out: the focus goes to this rule set's tab, not a dead control
            self.ring.focus(self.tabs[RULE_IDS.index(self.rules)])

    # ----- layout ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window of ``size``."""
        self.size = size
        self.px = px = text_px(size, stacked_scale(size))
        bar = self.layout_bar(self.reset_button)
        top = bar.bottom + round(px * 3.2)
        bottom = size[1] - round(px * 1.9)
        content = pygame.Rect(bar.x, top, bar.width, bottom - top)
        gap = round(px * 0.9)
        upper_h = round(content.height * 0.42)
        ring_w = min(round(content.width * 0.32), upper_h + round(px * 10))
        self.tiles_rect = pygame.Rect(content.x, content.y, content.width - ring_w - gap, upper_h)
        self.ring_rect = pygame.Rect(self.tiles_rect.right + gap, content.y, ring_w, upper_h)
        self.chart_rect = pygame.Rect(content.x, content.y + upper_h + gap, content.width,
                                      content.height - upper_h - gap)
        if content.height > content.width * 1.1:
            # A tall window: side by side, the tiles would stand as tall empty strips.
            # The tiles take the width at the height their figures need, the ring goes
            # under them in the middle, and the chart takes the rest.
            tiles_h = min(round(content.height * 0.3), round(px * 11))
            ring_h = min(round(content.height * 0.2), round(px * 10))
            self.tiles_rect = pygame.Rect(content.x, content.y, content.width, tiles_h)
            ring_w = min(content.width, ring_h + round(px * 14))
            self.ring_rect = pygame.Rect(content.centerx - ring_w // 2, self.tiles_rect.bottom + gap,
                                         ring_w, ring_h)
            top = self.ring_rect.bottom + gap
            self.chart_rect = pygame.Rect(content.x, top, content.width, content.bottom - top)
        self.legend_below = self._legend_below()
        self.ring.set_items([self.back_button, *self.tabs, self.reset_button], [0] * 6)

    # ----- events -------------------------------------------------------------------------

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """The mouse over the chart names the game under it."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_game = self._game_at(event.pos)
        return False

    # ----- the chart's geometry -------------------------------------------------------------

    def _plot(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The win % plot and the strip of result marks under it."""
        r = self.chart_rect
        px = self.px
        left = r.x + round(px * 3.6)
        right = r.right - round(px * 1.2)
        top = r.y + round(px * (3.8 if self.legend_below else 2.6))
        strip_h = max(10, round(px * 1.1))
        bottom = r.bottom - round(px * 2.6) - strip_h
        plot = pygame.Rect(left, top, max(10, right - left), max(10, bottom - top))
        strip = pygame.Rect(left, plot.bottom + round(px * 0.7), plot.width, strip_h)
        return plot, strip

    def _legend_below(self) -> bool:
        """The chart's key does not fit beside its title (a narrow window): it stands on a
        line of its own under it. Worked out when the screen is laid out."""
        px = self.px
        key_px = max(10, round(px * 0.75))
        font = theme.font(key_px)
        key_w = sum(font.size(label)[0] + key_px + key_px // 3 + px for label, _ in _KEY)
        title_w = theme.font(round(px * 1.05), bold=True).size(f"The last {RECENT_RESULTS} games")[0]
        return title_w + key_w + 2 * px > self.chart_rect.width

    def _slot(self, plot: pygame.Rect, i: int) -> float:
        """The x centre of game ``i`` of the last RECENT_RESULTS."""
        return plot.x + (i + 0.5) * plot.width / RECENT_RESULTS

    def _game_at(self, pos: tuple[int, int]) -> int | None:
        plot, strip = self._plot()
        area = plot.union(strip)
        if not area.collidepoint(pos):
            return None
        i = int((pos[0] - plot.x) * RECENT_RESULTS / plot.width)
        return i if 0 <= i < len(self.current.recent) else None

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, tabs, the figures, the ring and the chart."""
        palette = self.app.palette
        self.reset_button.enabled = self.current.played > 0
        self.draw_bar(surface, self.reset_button)
        self.draw_title(surface, f"Statistics — {RULESETS[self.rules].title}")
        self._draw_tiles(surface)
        self._draw_ring(surface)
        self._draw_chart(surface)
        keys = draw_key_hint(surface, "← →: other rule sets   ·   Tab: move   ·   Esc: back", self.px,
                             self.size, self.size[1] - round(self.px * 0.95), palette)
        self.app.drawn.add(Kind.TEXT, keys, "the keys")

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        r = self.tiles_rect
        px = self.px
        tiles = tiles_of(self.current)
        cols = 4
        rows = math.ceil(len(tiles) / cols)
        gap = round(px * 0.6)
        tw = (r.width - (cols - 1) * gap) // cols
        th = (r.height - (rows - 1) * gap) // rows
        value_px = max(14, min(round(px * 2.0), round(th * 0.42)))
        caption_px = max(10, min(round(px * 0.8), round(th * 0.2)))
        drawn = self.app.drawn
        for i, (caption, value) in enumerate(tiles):
            tile = pygame.Rect(r.x + (i % cols) * (tw + gap), r.y + (i // cols) * (th + gap), tw, th)
            theme.panel(surface, tile, palette, radius=max(6, px // 2), edge=palette.edge)
            colour = palette.gold if caption in ("Win rate", "Best streak") else palette.ink
            # the caption clear of the tile's sides: on two lines where one would crowd them
            room = tw - px
            lines = wrap(caption, caption_px, room)
            head, comma, tail = caption.partition(", ")
            if len(lines) == 2 and comma and all(
                    theme.font(caption_px).size(part)[0] <= room for part in (head + ",", tail)):
                lines = [head + ",", tail]  # "Fewest moves," over "no help"
            small = caption_px if len(lines) <= 2 else fitting_px(caption, caption_px, room, 10)
            if len(lines) > 2:
                lines = [fit_text(caption, small, room)]
            bottom = tile.bottom - round(th * 0.12)
            boxes = []
            for line in reversed(lines):
                boxes.append(theme.text(surface, line, small, (tile.centerx, bottom), colour=palette.ink_dim,
                                        anchor="midbottom"))
                bottom = boxes[-1].top
            drawn.add(Kind.TEXT, boxes[0].unionall(boxes[1:]), f"figure: {' '.join(lines)}")
            # a figure too wide for its tile is drawn smaller, whole (cut only past 12
            # pixels); above its caption, raised where the caption takes two lines
            size = fitting_px(value, value_px, tw - px, 12, bold=True)
            shown = fit_text(value, size, tw - px, bold=True)
            high = theme.font(size, bold=True).get_height()
            y = min(tile.centery - round(th * 0.1), bottom - (high + 1) // 2)
            drawn.add(Kind.TEXT, theme.text(surface, shown, size, (tile.centerx, y), colour=colour, bold=True,
                                            anchor="center"), f"figure: {caption}: {shown}")

    def _draw_ring(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        r = self.ring_rect
        px = self.px
        theme.panel(surface, r, palette, radius=max(8, px // 2))
        s = self.current
        parts = [(WON, s.won), (DEMO_WON, s.won_by_demo), (LOST, s.lost), (ABANDONED, s.abandoned)]
        total = sum(n for _, n in parts)
        small = max(10, round(px * 0.85))
        legend_w = max(theme.font(small).size(f"{result.capitalize()}: {n:,}")[0] for result, n in parts)
        legend_w += small * 2 + px
        radius = max(10, min((r.width - legend_w - 2 * px) // 2, r.height // 2 - px))
        line = round(small * 1.6)
        # a key too wide for a ring beside it (counts in the hundreds of millions made the
        # ring a speck, its win rate spilling out) goes under the ring
        under = radius < min(round(px * 2.4), r.height // 2 - px)
        if under:
            radius = max(10, min(r.width // 2 - px, (r.height - 2 * px - len(parts) * line) // 2 - px // 2))
            centre = (r.centerx, r.y + px + radius)
        else:
            centre = (r.x + px + radius, r.centery)
        thick = max(6, radius // 3)
        _ring(surface, centre, radius, thick, [(RESULT_COLOURS[result], n) for result, n in parts],
              palette.track)
        middle = win_rate_text(s.won, total)
        self.ring_hole = (centre, radius - thick)
        size = hole_text_px(middle, radius - thick)
        if theme.font(size, True).size(middle)[0] <= 2 * (radius - thick):
            self.middle_rect = theme.text(surface, middle, size, centre, colour=palette.ink, bold=True,
                                          anchor="center")
            self.app.drawn.add(Kind.TEXT, self.middle_rect, f"win rate in the ring: {middle}")
        else:  # too small a hole for the words: the tile beside it says the win rate
            self.middle_rect = pygame.Rect(centre, (0, 0))
        if under:
            lx = r.x + px
            ly = centre[1] + radius + px // 2
        else:
            lx = centre[0] + radius + px
            ly = r.centery - round(small * 1.6 * len(parts) / 2)
        for result, n in parts:
            dot = pygame.Rect(lx, ly + small // 4, small, small)
            pygame.draw.rect(surface, RESULT_COLOURS[result], dot, border_radius=small // 3)
            self.app.drawn.add(Kind.TEXT, theme.text(
                surface, fit_text(f"{result.capitalize()}: {n:,}", small, r.right - dot.right - px),
                small, (dot.right + small // 2, ly), colour=palette.ink), f"ring's key: {result}")
            ly += line

    def _draw_chart(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        r = self.chart_rect
        px = self.px
        theme.panel(surface, r, palette, radius=max(8, px // 2))
        recent = self.current.recent
        drawn = self.app.drawn
        drawn.add(Kind.TEXT, theme.text(surface, f"The last {RECENT_RESULTS} games", round(px * 1.05),
                                        (r.x + px, r.y + round(px * 0.6)), colour=palette.gold, bold=True),
                  "chart: title")
        key_px = max(10, round(px * 0.75))
        kx = r.right - px
        key_y = r.y + round(px * (2.1 if self.legend_below else 0.8))
        for label, colour in _KEY:
            rect = theme.text(surface, label, key_px, (kx, key_y), colour=palette.ink_dim, anchor="topright")
            mark = pygame.Rect(0, 0, key_px, key_px)
            mark.midright = (rect.x - key_px // 3, rect.centery)
            pygame.draw.rect(surface, colour, mark, border_radius=key_px // 3)
            drawn.add(Kind.TEXT, rect.union(mark), f"chart: key {label}")  # its colour mark with it
            kx = mark.x - px
        plot, strip = self._plot()
        small = max(10, round(px * 0.72))
        for pct in (0, 25, 50, 75, 100):
            y = plot.bottom - plot.height * pct / 100
            pygame.draw.line(surface, palette.edge, (plot.x, y), (plot.right, y), 1)
            drawn.add(Kind.TEXT, theme.text(surface, f"{pct}%", small, (plot.x - px // 3, y),
                                            colour=palette.ink_dim, anchor="midright"), f"chart: {pct}%")
        if not recent:
            # midway between the 50% and 75% lines, so that no gridline strikes it through
            drawn_text(drawn, "chart: no games yet", surface,
                       "No finished games yet: the chart fills in as you play.", px,
                       (plot.centerx, round(plot.bottom - plot.height * 0.625)), palette.ink_dim,
                       anchor="center")
            return
        series = self.current.win_percent_series()
        points = [(self._slot(plot, i), plot.bottom - plot.height * v / 100) for i, v in enumerate(series)]
        if len(points) > 1:
            fill = [(points[0][0], plot.bottom), *points, (points[-1][0], plot.bottom)]
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*LINE, 40), fill)
            surface.blit(layer, (0, 0))
            pygame.draw.lines(surface, LINE, False, points, max(2, px // 6))
        for x, y in points:
            pygame.draw.circle(surface, LINE, (round(x), round(y)), max(2, px // 5))
        cell = plot.width / RECENT_RESULTS
        for i, game in enumerate(recent):
            x = plot.x + i * cell
            mark = pygame.Rect(round(x + cell * 0.12), strip.y, max(2, round(cell * 0.76)), strip.height)
            pygame.draw.rect(surface, RESULT_COLOURS.get(game.result, (150, 160, 150)), mark,
                             border_radius=max(1, mark.width // 4))
        self.end_labels = []
        below = strip.bottom + px // 3
        end = plot.x + len(recent) * cell
        room = end - plot.x - theme.font(small).size("oldest")[0] - theme.font(small).size("newest")[0]
        if room >= px:
            self.end_labels.append(theme.text(surface, "oldest", small, (plot.x, below),
                                              colour=palette.ink_dim))
            self.end_labels.append(theme.text(surface, "newest", small, (end, below), colour=palette.ink_dim,
                                              anchor="topright"))
        elif len(recent) > 1:
            # too few games to put a word under each end: one label reads along the strip
            self.end_labels.append(theme.text(surface, "oldest → newest", small, (plot.x, below),
                                              colour=palette.ink_dim))
        for where in self.end_labels:
            drawn.add(Kind.TEXT, where, "chart: oldest and newest")
        if self.hover_game is not None and self.hover_game < len(recent):
            self._draw_tip(surface, plot, self.hover_game)

    def _draw_tip(self, surface: pygame.Surface, plot: pygame.Rect, i: int) -> None:
        palette = self.app.palette
        game = self.current.recent[i]
        px = self.px
        x = self._slot(plot, i)
        pygame.draw.line(surface, palette.ink, (x, plot.y), (x, plot.bottom), 1)
        words = (f"#{game.game or '?'} · {game.result} · {counted(game.moves, 'move')} · "
                 f"{format_seconds(game.seconds)}")
        small = max(10, round(px * 0.8))
        w = theme.font(small).size(words)[0] + px
        tip = pygame.Rect(0, 0, w, round(small * 1.9))
        tip.midbottom = (round(x), plot.y + tip.height + px // 2)
        tip.clamp_ip(self.chart_rect)
        theme.panel(surface, tip, palette, radius=6)
        self.app.drawn.add(Kind.TEXT, theme.text(surface, words, small, tip.center, anchor="center",
                                                 colour=palette.ink), f"chart: tip {words}")


def _ring(surface: pygame.Surface, centre: tuple[int, int], radius: int, thick: int,
          parts: list[tuple[tuple[int, int, int], int]], empty: tuple[int, int, int]) -> None:
    """A ring chart: each part a segment in proportion, clockwise from the top; an empty
    ring in ``empty`` when every part is 0. Drawn three times larger and smoothed."""
    k = 3
    side = (radius + 2) * 2 * k
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    c = (side // 2, side // 2)
    total = sum(n for _, n in parts)
    if total == 0:
        pygame.draw.circle(big, empty, c, radius * k, thick * k)
    else:
        start = -math.pi / 2
        for colour, n in parts:
            if n:
                sweep = 2 * math.pi * n / total
                _arc(big, colour, c, radius * k, thick * k, start, start + sweep)
                start += sweep
    small = pygame.transform.smoothscale(big, (side // k, side // k))
    surface.blit(small, small.get_rect(center=centre))


def _arc(surface: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int], radius: int,
         thick: int, start: float, end: float) -> None:
    """A thick ring segment from angle ``start`` to ``end`` (radians, clockwise from the right)."""
    steps = max(2, int(abs(end - start) * radius / 6))
    outer = [(centre[0] + radius * math.cos(start + (end - start) * k / steps),
              centre[1] + radius * math.sin(start + (end - start) * k / steps)) for k in range(steps + 1)]
    inner_r = radius - thick
    inner = [(centre[0] + inner_r * math.cos(start + (end - start) * k / steps),
              centre[1] + inner_r * math.sin(start + (end - start) * k / steps))
             for k in range(steps, -1, -1)]
    pygame.draw.polygon(surface, colour, outer + inner)
