"""The high scores: the top 10 won games of each rule set, and of each of its levels,
with score, game number, date, moves and time."""

from __future__ import annotations

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
from .widgets import Choice, draw_key_hint, drawn_text, fit_middle, fit_text, stacked_scale, text_px, wrap

#: the columns of the table: heading, share of the width, alignment
COLUMNS = (("#", 0.07, "midright"), ("Score", 0.17, "midright"), ("Game", 0.2, "midright"),
           ("Date", 0.22, "midright"), ("Moves", 0.14, "midright"), ("Time", 0.14, "midright"))


def row_texts(rank: int, entry: HighScore) -> list[str]:
    """The cells of one row of the table."""
    return [str(rank), str(entry.score), f"#{entry.game}", entry.date, str(entry.moves),
            format_seconds(entry.seconds)]


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
        width = min(bar.width, round(px * 44))
        choice_y = self.title_y + round(px * 2.6)
        self.which.rect = pygame.Rect((w - width) // 2, choice_y, width, round(px * 2.3))
        top = self.which.rect.bottom + round(px * 0.9)
        bottom = h - round(px * 2.0)
        self.table_rect = pygame.Rect((w - width) // 2, top, width, max(10, bottom - top))
        self.ring.set_items([self.back_button, *self.tabs, self.which], [0] * 6)

    # ----- events ---------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
        """◀ ▶ (Left/Right) choose the table wherever the focus is."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.ring.current is not self.which:
            self.which.handle_key(event)
            return True
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
        line = min(round(px * 2.0), (self.table_rect.height - px) // (TABLE_SIZE + 1))
        r = self.table_rect.copy()
        r.height = min(r.height, line * (TABLE_SIZE + 1) + px)
        theme.panel(surface, r, palette, radius=max(8, px // 2))
        cell_px = max(10, min(px, round(line * 0.5)))
        inner = r.inflate(-2 * px, 0)
        y = r.y + px // 2 + line // 2
        edges = []
        x = float(inner.x)
        for _, share, _ in COLUMNS:
            x += inner.width * share / sum(c[1] for c in COLUMNS)
            edges.append(round(x))
        for (heading, _, anchor), right in zip(COLUMNS, edges, strict=True):
            drawn_text(drawn, f"column: {heading}", surface, heading, cell_px, (right, y), palette.gold,
                       bold=True, anchor=anchor)
        pygame.draw.line(surface, palette.edge, (inner.x, y + line // 2), (inner.right, y + line // 2), 1)
        entries = self.entries
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
            for text, (heading, _, anchor), right, left in zip(row_texts(rank, entry), COLUMNS, edges,
                                                               [inner.x, *edges], strict=False):
                # each cell keeps to its column: a long game number loses its middle digits
                room = right - left - px // 2
                text = (fit_middle if heading == "Game" else fit_text)(text, cell_px, room, bold=rank == 1)
                drawn_text(drawn, f"row {rank}: {heading} {text}", surface, text, cell_px, (right, y), colour,
                           bold=rank == 1, anchor=anchor)
