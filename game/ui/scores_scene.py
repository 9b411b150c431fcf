"""The high scores: the top 10 won games of each rule set, and of each of its levels,
with score, game number, date, moves and time."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..engine import RULE_IDS, RULESETS, profile_of
from ..levels import LevelsError, load_campaign
from ..records.progress import TABLE_SIZE, HighScore, Progress, load_progress
from ..records.replay import format_seconds
from ..records.scoring import SCORING_RULES
from . import theme
from .app import App
from .drawn import Kind
from .rule_tabs import RuleTabsScene
from .tooltips import draw_tip, tip_box
from .widgets import Choice, draw_key_hint, drawn_text, fit_middle, fit_text, stacked_scale, text_px, wrap

#: the columns of the table, each as wide as its widest cell and lined up on its right
COLUMNS = ("#", "Score", "Game", "Date", "Moves", "Time")
#: the column that gives up room when a window is too narrow for every cell whole
GAME = COLUMNS.index("Game")


def row_texts(rank: int, entry: HighScore) -> list[str]:
    """The cells of one row of the table: numbers with thousands separators, as the
    statistics show them, and a minus sign as the table's score shows it."""
    return [str(rank), f"{entry.score:,}".replace("-", "−"), f"#{entry.game}", entry.date, f"{entry.moves:,}",
            format_seconds(entry.seconds)]


def natural_widths(entries: Sequence[HighScore], px: int) -> list[int]:
    """How wide each column is at text size ``px`` with every cell whole: its heading's
    width or its widest cell's (the first row and the headings are bold)."""
    widths = [theme.font(px, True).size(heading)[0] for heading in COLUMNS]
    for rank, entry in enumerate(entries, 1):
        font = theme.font(px, rank == 1)
        widths = [max(w, font.size(text)[0]) for w, text in zip(widths, row_texts(rank, entry), strict=True)]
    return widths


def column_edges(widths: Sequence[int], left: int, room: int, least_gap: int) -> tuple[list[int], list[int]]:
    """Where each column's right edge stands and how wide it may be, for columns of
    ``widths`` from ``left`` across ``room`` pixels: the room to spare shared out between
    them; where there is none, at least ``least_gap`` between them and the Game column
    made narrower (its numbers lose their middle digits)."""
    gaps = len(widths) - 1
    fitted = list(widths)
    spare = room - sum(widths)
    if spare < least_gap * gaps:
        fitted[GAME] = max(0, widths[GAME] - (least_gap * gaps - spare))
        spare = least_gap * gaps
    gap = spare / gaps
    edges, x = [], float(left)
    for i, w in enumerate(fitted):
        x += w + (gap if i else 0)
        edges.append(round(x))
    return edges, fitted


class ScoresScene(RuleTabsScene):
    """One high-score table at a time: a rule set (tabs; Page Up / Page Down) and "all
    games" or one level (◀ ▶)."""

    name = "scores"
    back_width = 5.0
    tabs_after_back = 0.8
    switch_keys = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)

    def __init__(self, app: App, rules: str | None = None, level: int | None = None) -> None:
        super().__init__(app, rules if rules in RULESETS else RULE_IDS[0])
        self.store = app.store()
        self.progress: Progress = load_progress(self.store)
        app.tell(self.store.take_warnings())
        self.level = level
        self.which = Choice("Table", ["All games"], 0, self._choose)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        #: the height of a row of the table and the size of its words
        self.line = self.cell_px = 0
        #: the pointer, and the game numbers drawn cut last frame: where, and whole
        self.pointer: tuple[int, int] | None = None
        self.cut_numbers: list[tuple[pygame.Rect, str]] = []
        self._options()
        self.resize(app.size)
        self.ring.focus(self.which)

    # ----- what is shown -------------------------------------------------------------------

    def _options(self) -> None:
        """The tables the chooser offers: all games, then every level of the campaign (or
        every level with a score, when the campaign cannot be read)."""
        try:
            count = len(load_campaign(self.rules).levels)
        except LevelsError:
            count = 0
        with_scores = self.progress.rules[self.rules].level_scores
        count = max(count, max(with_scores, default=0))
        self.levels: list[int | None] = [None, *range(1, count + 1)]
        self.which.options = ["All games", *[f"Level {n}" for n in range(1, count + 1)]]
        if self.level not in self.levels:
            self.level = None
        self.which.index = self.levels.index(self.level)

    def _choose(self, index: int) -> None:
        self.level = self.levels[index]

    @property
    def entries(self) -> list[HighScore]:
        """The table shown, best first."""
        return self.progress.high_scores(self.rules, self.level)

    def show(self, rules: str, level: int | None = None) -> None:
        """Show another rule set's table (all games, or ``level``)."""
        if rules not in RULESETS:
            return
        self.rules = rules
        self.level = level
        self._options()

    # ----- layout ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window of ``size``."""
        self.size = size
        w, h = size
        self.px = px = text_px(size, stacked_scale(size))
        bar = self.layout_bar()
        choice_y = self.title_y + round(px * 2.6)
        top = choice_y + round(px * 2.3) + round(px * 0.9)
        height = max(10, h - round(px * 2.0) - top)
        self.line = min(round(px * 2.0), (height - px) // (TABLE_SIZE + 1))
        self.cell_px = max(10, min(px, round(self.line * 0.5)))
        # as wide as the widest table of any rule set or level needs, so that the table
        # keeps its width from tab to tab and a game number shows whole where it can
        tables = [self.progress.high_scores(rules, level) for rules in RULE_IDS
                  for level in (None, *self.progress.rules[rules].level_scores)]
        each = [natural_widths(table, self.cell_px) for table in tables]
        widths = [max(column) for column in zip(*each, strict=True)]
        needed = sum(widths) + round(self.cell_px * 1.6) * (len(COLUMNS) - 1) + 2 * px
        width = min(bar.width, max(round(px * 44), needed))
        self.which.rect = pygame.Rect((w - width) // 2, choice_y, width, round(px * 2.3))
        self.table_rect = pygame.Rect((w - width) // 2, top, width, height)
        self.ring.set_items([self.back_button, *self.tabs, self.which], [0] * 6)

    # ----- events ---------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
        """◀ ▶ (Left/Right) choose the table wherever the focus is."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.ring.current is not self.which:
            self.which.handle_key(event)
            return True
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """The pointer on a game number drawn cut shows it whole."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        return False

    # ----- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, tabs, the chooser and the table."""
        palette = self.app.palette
        self.draw_bar(surface)
        self.draw_title(surface, f"High scores — {RULESETS[self.rules].title}")
        self.which.draw(surface, self.px, palette)
        self.which.record(self.app.drawn, "Table")
        self._draw_table(surface)
        keys = draw_key_hint(surface, "PgUp/PgDn: rule set   ·   ← →: all games or a level   ·   Esc: back",
                             self.px, self.size, self.size[1] - round(self.px * 1.0), palette)
        self.app.drawn.add(Kind.TEXT, keys, "the keys")

    def _draw_table(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        drawn = self.app.drawn
        px = self.px
        line = self.line
        r = self.table_rect.copy()
        r.height = min(r.height, line * (TABLE_SIZE + 1) + px)
        theme.panel(surface, r, palette, radius=max(8, px // 2))
        cell_px = self.cell_px
        inner = r.inflate(-2 * px, 0)
        y = r.y + px // 2 + line // 2
        entries = self.entries
        edges, room = column_edges(natural_widths(entries, cell_px), inner.x, inner.width, cell_px)
        for heading, right in zip(COLUMNS, edges, strict=True):
            drawn_text(drawn, f"column: {heading}", surface, heading, cell_px, (right, y), palette.gold,
                       bold=True, anchor="midright")
        pygame.draw.line(surface, palette.edge, (inner.x, y + line // 2), (inner.right, y + line // 2), 1)
        self.cut_numbers = []
        if not entries:
            # British Square is played for the score: a lost game's enters the table too
            words = ("No scores yet: every finished game's score gets on the table."
                     if profile_of(self.rules).scores_at_end and self.level is None
                     else "No scores yet: win a game to get on the table.")
            drawn_text(drawn, "no scores yet", surface, fit_text(words, px, inner.width), px,
                       (r.centerx, y + line * 2), palette.ink_dim, anchor="center")
            y += line * 4
            drawn_text(drawn, "scoring: heading", surface, "How a game is scored", cell_px, (inner.x, y),
                       palette.gold, bold=True, anchor="midleft")
            bullet = theme.font(cell_px).size("•  ")[0]
            for rule in SCORING_RULES:
                for n, part in enumerate(wrap(rule, cell_px, inner.width - bullet)):
                    y += line if n == 0 else round(line * 0.8)
                    if y + line // 2 > r.bottom:
                        return
                    if n == 0:
                        drawn_text(drawn, "scoring: •", surface, "•", cell_px, (inner.x, y), palette.ink,
                                   anchor="midleft")
                    drawn_text(drawn, f"scoring: {part}", surface, part, cell_px, (inner.x + bullet, y),
                               palette.ink, anchor="midleft")
            return
        for rank, entry in enumerate(entries, 1):
            y += line
            if rank % 2 == 0:
                band = pygame.Rect(inner.x, y - line // 2, inner.width, line)
                pygame.draw.rect(surface, palette.strip, band, border_radius=line // 4)
            colour = palette.gold if rank == 1 else palette.ink
            for text, heading, right, width in zip(row_texts(rank, entry), COLUMNS, edges, room, strict=True):
                # a window too narrow for the whole game number shows its first and last
                # digits, and the whole number under the pointer
                shown = (fit_middle if heading == "Game" else fit_text)(text, cell_px, width, bold=rank == 1)
                box = drawn_text(drawn, f"row {rank}: {heading} {shown}", surface, shown, cell_px, (right, y),
                                 colour, bold=rank == 1, anchor="midright")
                if shown != text:
                    self.cut_numbers.append((box, text))
        self._draw_whole_number(surface)

    def _draw_whole_number(self, surface: pygame.Surface) -> None:
        """The whole game number of the cut one under the pointer, just above it."""
        pointer = self.pointer
        for box, text in self.cut_numbers:
            if pointer is not None and box.inflate(0, self.line - box.height).collidepoint(pointer):
                tip = tip_box(text, self.cell_px)
                tip.midbottom = (box.centerx, box.top - 2)
                tip.clamp_ip(surface.get_rect())
                draw_tip(surface, text, self.cell_px, tip, self.app.palette, self.app.drawn,
                         f"whole number: {text}")
