"""The levels screen: each rule set's campaign of deals proved winnable, as a grid of
tiles from easy to hard. A tile shows the level's number, the stars earned (three star
shapes, filled or hollow), the best score, or a padlock while it is locked. Picking an
unlocked level deals it on the table in level mode; winning it unlocks the next.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import cast

import pygame

from ..console import counted
from ..engine import RULE_IDS, RULESETS, profile_of
from ..levels import Campaign, Level, LevelsError, load_campaign
from ..records.progress import Progress, load_progress
from ..records.replay import format_seconds
from ..records.saves import begun_game_named, is_practice, load_saved_game
from ..session.ending import abandon_saved
from . import theme
from .app import App, KeepsPausedGame, ask_to_give_up
from .badges import draw_padlock, draw_stars
from .drawn import Kind
from .rule_tabs import RuleTabsScene, tab_name
from .theme import Button, Palette
from .widgets import (
    Control,
    Focusable,
    draw_key_hint,
    fit_text,
    focus_glow,
    record_button,
    stacked_scale,
    text_px,
    wrap,
)

#: how a won level earns its stars (:func:`game.records.scoring.stars`), under the totals
STARS_RULE = "★ a win  ·  ★★ within par on moves or on time  ·  ★★★ within both, with no hint or undo"


class LevelTile(Control):
    """One level in the grid."""

    def __init__(self, level: Level, choose: Callable[[Level], None]) -> None:
        super().__init__()
        self.level = level
        self.choose = choose
        self.locked = True
        self.stars = 0
        self.best: int | None = None
        #: the highest unlocked level not yet won: the one to play next
        self.current = False
        #: the game in progress is this level's (choosing it takes that game up)
        self.in_progress = False
        #: won only with help that still opens the next level (no stars: see
        #: :mod:`game.session.ending`)
        self.helped = False
        self._face: pygame.Surface | None = None
        self._face_key: tuple[object, ...] = ()
        #: the words on the cached face, where it draws them (from its top left corner)
        self._face_texts: list[tuple[pygame.Rect, str]] = []

    def activate(self) -> None:
        """Play the level (or say it is locked)."""
        self.choose(self.level)

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """The tile's face (see the module docstring), drawn again only when it changes."""
        key = (self.rect.size, self.locked, self.stars, self.best, self.current, self.in_progress,
               self.helped, palette.high_contrast)
        if self._face is None or key != self._face_key:
            self._face = pygame.Surface((self.rect.width, self.rect.height + self.rect.height // 12),
                                        pygame.SRCALPHA)
            self.texts = []
            self._draw_face(self._face, self.rect.move(-self.rect.x, -self.rect.y), palette)
            self._face_key = key
            self._face_texts = self.texts
        surface.blit(self._face, self.rect)
        # the face's words, where this blit puts them
        self.texts = [(rect.move(self.rect.topleft), words) for rect, words in self._face_texts]

    def _draw_face(self, surface: pygame.Surface, r: pygame.Rect, palette: Palette) -> None:
        radius = max(6, r.width // 10)
        if self.locked:
            fill, edge, width = palette.button_disabled, palette.button_edge_off, 1
        else:
            # the level to play next: a lighter tile with a gold number, never a gold
            # outline, which is the keyboard focus's mark
            fill = palette.strip_selected if self.current else palette.strip
            edge = palette.edge
            width = 2 if self.current else 1
        pygame.draw.rect(surface, palette.shadow, r.move(0, max(2, r.height // 24)), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=width + (1 if palette.high_contrast else 0),
                         border_radius=radius)
        big = max(12, min(round(r.height * 0.3), round(r.width * 0.3)))
        small = max(10, min(round(big * 0.42), round(r.width * 0.14)))
        number_y = r.y + round(r.height * 0.3)
        if self.locked:
            self._text(surface, str(self.level.number), big, (r.centerx, number_y),
                       colour=palette.ink_off, bold=True, anchor="center")
            draw_padlock(surface, (r.centerx, r.y + round(r.height * 0.7)), round(r.height * 0.3),
                         palette.ink_off, palette)
            return
        self._text(surface, str(self.level.number), big, (r.centerx, number_y),
                   colour=palette.gold if self.current else palette.ink, bold=True, anchor="center")
        star_h = round(r.height * 0.2)
        if not self.helped:  # won with help: no stars, not even empty ones
            draw_stars(surface, pygame.Rect(r.x + r.width // 8, r.y + round(r.height * 0.52),
                                            r.width - r.width // 4, star_h), self.stars, palette)
        if self.in_progress:
            words = "In progress"
        elif self.best is not None:
            # with thousands separators, as the high scores list the same score
            words = f"Best {self.best:,}"
        elif self.helped:
            words = "With help"
        else:
            words = "Play next" if self.current else "Not won yet"
        self._text(surface, fit_text(words, small, r.width - small), small,
                   (r.centerx, r.bottom - round(r.height * 0.1)),
                   colour=palette.ink if self.best is not None or self.in_progress or self.helped
                   else palette.ink_dim,
                   anchor="midbottom")


class LevelsScene(RuleTabsScene):
    """The campaigns, one rule set at a time (tabs; Page Up / Page Down)."""

    name = "levels"
    back_width = 5.0
    tabs_after_back = 0.8
    switch_keys = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)

    def __init__(self, app: App, rules: str | None = None) -> None:
        super().__init__(app, rules if rules in RULESETS else RULE_IDS[0])
        self.store = app.store()
        self.progress: Progress = load_progress(self.store)
        app.tell(self.store.take_warnings())
        self.message = ""
        self.scores_button = Button("High scores", self.open_scores)
        #: where the rule set has no levels: a random deal of it, as the menu's Play deals
        self.play_button = Button("Play a deal", self.play_a_deal)
        #: the panel the words about a rule set without levels stand in, and their lines
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.note_lines: list[str] = []
        self.campaign: Campaign | None = None
        self.problem = ""
        self.no_levels = False
        self.tiles: list[LevelTile] = []
        self.grid_rect = pygame.Rect(0, 0, 0, 0)
        self._load()
        self.resize(app.size)
        self._focus_current()

    # ----- what is shown ----------------------------------------------------------------

    def _load(self) -> None:
        """Read the chosen rule set's campaign and make its tiles."""
        try:
            self.campaign = load_campaign(self.rules)
            self.problem = ""
        except LevelsError as err:
            self.campaign = None
            self.problem = f"The levels of {tab_name(self.rules)} cannot be read: {err}"
        levels = self.campaign.levels if self.campaign is not None else []
        #: the campaign has no level: a note about it, not a failure
        self.no_levels = self.campaign is not None and not levels
        if self.campaign is not None and not levels:
            self.problem = (f"{tab_name(self.rules)} has no levels: none of the "
                            f"{self.campaign.searched:,} deals searched was proved winnable.")
            if profile_of(self.rules).scores_at_end:
                self.problem += (" Play it for the score: its high scores count every finished game.")
        self.tiles = [LevelTile(level, self.play) for level in levels]
        self._mark_progress()

    def _mark_progress(self) -> None:
        unlocked = self.progress.unlocked(self.rules)
        menu = next((s for s in self.app.scenes if isinstance(s, KeepsPausedGame)), None)
        busy = menu.level_in_progress(self.rules) if menu is not None else None
        for tile in self.tiles:
            n = tile.level.number
            tile.in_progress = n == busy
            tile.locked = n > unlocked
            tile.stars = self.progress.stars(self.rules, n)
            tile.best = self.progress.best_score(self.rules, n)
            tile.current = n == unlocked and tile.stars == 0
            # the levels are opened in order, each by a win: one below the highest open
            # level without stars was won with help
            tile.helped = n < unlocked and tile.stars == 0

    def _focus_current(self) -> None:
        playable = [t for t in self.tiles if not t.locked]
        current = [t for t in playable if t.current]
        if current or playable:
            self.ring.focus((current or playable)[-1])
        else:
            self.ring.focus(self.play_button if self.no_levels else self.back_button)

    def show(self, rules: str) -> None:
        """Show another rule set's campaign."""
        if rules not in RULESETS:
            return
        self.rules = rules
        self.message = ""
        self._load()
        self._layout()
        self._focus_current()

    def play(self, level: Level) -> None:
        """Deal an unlocked level on the table in level mode; a locked one says why not. The
        game in progress, when it is this level's, is taken up where it was left; another
        that would be counted is given up for it, after asking."""
        unlocked = self.progress.unlocked(self.rules)
        if level.number > unlocked:
            # the level before may be locked too: the one to win is the level to play next
            if level.number - 1 == unlocked:
                self.message = f"Level {level.number} is locked: win level {unlocked} to open it"
            else:
                self.message = (f"Level {level.number} is locked: the levels open one at a time, and "
                                f"level {unlocked}, the one to play next, opens level {unlocked + 1}")
            self.app.sounds.play("illegal")
            return
        menu = self.app.under(self)
        if isinstance(menu, KeepsPausedGame) and menu.in_progress_is(self.rules, level=level.number):
            # the player's game of this very level, left for the menu: taken up as it was
            self.message = ""
            self.app.sounds.play("click")
            menu.continue_game()
            return
        if isinstance(menu, KeepsPausedGame):
            given_up, practice = menu.game_in_progress(), menu.practice_in_progress()
        else:
            saved = load_saved_game(self.store)
            given_up = begun_game_named(saved)
            practice = saved is not None and is_practice(self.store, saved)
        if given_up is None:
            self._play_now(level)
            return
        ask_to_give_up(self.app, given_up, f"Play level {level.number}", lambda: self._play_now(level),
                       practice=practice)

    def _play_now(self, level: Level) -> None:
        """Deal ``level`` on the table, the game in progress given up."""
        menu = self.app.under(self)
        if isinstance(menu, KeepsPausedGame):
            menu.give_up_paused()  # a paused game the menu holds unsaved is counted too
        if load_saved_game(self.store) is not None:
            abandon_saved(self.store)
        self.message = ""
        self.app.sounds.play("click")
        self.app.show("table", level=level)

    def play_a_deal(self) -> None:
        """A rule set without levels: a random deal of it on the table, dealt by the menu
        as its Play button deals (asking first when a game in progress would be given up)."""
        below = next((s for s in self.app.scenes if isinstance(s, KeepsPausedGame)), None)
        if below is None:
            menu = self.app.start("menu", rules=self.rules)
        else:
            self.app.back_to(below)
            menu = below
        cast(KeepsPausedGame, menu).play_random(self.rules)

    def open_scores(self) -> None:
        """The high-score tables of this rule set (of the focused level, if one is)."""
        focused = self.ring.current
        level = focused.level.number if isinstance(focused, LevelTile) else None
        self.app.show("scores", rules=self.rules, level=level)

    def resume(self) -> None:
        """Back from a level: its stars, score and unlocks show at once."""
        self.progress = load_progress(self.store)
        self.app.tell(self.store.take_warnings())
        self._mark_progress()
        self._focus_current()

    # ----- layout -------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window of ``size``."""
        self.size = size
        self._layout()

    def _layout(self) -> None:
        self.px = px = text_px(self.size, stacked_scale(self.size))
        bar = self.layout_bar(self.scores_button)
        # below the title, two lines: the campaign's totals, and how stars are earned
        top = self.title_y + round(px * 4.4)
        bottom = self.size[1] - round(px * 2.2)
        self.grid_rect = pygame.Rect(bar.x, top, bar.width, max(10, bottom - top))
        self._layout_tiles()
        items: list[Focusable] = [self.back_button, *self.tabs, self.scores_button, *self.tiles]
        columns = [-1] * 6 + [self._columns_of(i) for i in range(len(self.tiles))]
        if self.no_levels:
            self._layout_note()
            items.append(self.play_button)
            columns.append(-1)
        self.ring.set_items(items, columns)

    def _layout_note(self) -> None:
        """The panel of a rule set without levels: its words, and under them the button
        that deals it."""
        px = self.px
        width = min(self.grid_rect.width, px * 36)
        lines = self.note_lines = wrap(self.problem, px, width - 2 * px)
        label_w = theme.font(round(px * 0.95), bold=True).size(self.play_button.label)[0] + 3 * px
        button_h = round(px * 2.4)
        height = round(px * 1.3) * len(lines) + button_h + 4 * px
        self.note_rect = pygame.Rect(0, 0, width, height)
        self.note_rect.center = self.grid_rect.center
        self.play_button.rect = pygame.Rect(0, 0, label_w, button_h)
        self.play_button.rect.midbottom = (self.note_rect.centerx, self.note_rect.bottom - round(px * 1.4))

    def _grid_shape(self) -> tuple[int, int]:
        """Columns and rows that give the largest tiles (a little taller than wide)."""
        n = len(self.tiles)
        if n == 0:
            return 1, 1
        area = self.grid_rect
        best, best_size = (n, 1), 0.0
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            side = min(area.width / cols, area.height / rows / 1.1)
            if side > best_size:
                best, best_size = (cols, rows), side
        return best

    def _columns_of(self, index: int) -> int:
        return index % self._grid_shape()[0]

    def _layout_tiles(self) -> None:
        if not self.tiles:
            return
        cols, rows = self._grid_shape()
        area = self.grid_rect
        cell_w = area.width / cols
        cell_h = area.height / rows
        tile_w = min(cell_w * 0.88, cell_h / 1.1 * 0.9, self.px * 9)
        tile_h = tile_w * 1.1
        gap_x = min(cell_w - tile_w, tile_w * 0.25)
        gap_y = min(cell_h - tile_h, tile_h * 0.2)
        total_w = cols * tile_w + (cols - 1) * gap_x
        total_h = rows * tile_h + (rows - 1) * gap_y
        x0 = area.x + (area.width - total_w) / 2
        y0 = area.y + (area.height - total_h) / 2
        for i, tile in enumerate(self.tiles):
            row, col = divmod(i, cols)
            tile.rect = pygame.Rect(round(x0 + col * (tile_w + gap_x)), round(y0 + row * (tile_h + gap_y)),
                                    round(tile_w), round(tile_h))

    # ----- events ---------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
        """S opens the high scores (the arrows move over the grid and Enter plays, through
        the focus ring)."""
        if event.key == pygame.K_s:
            self.open_scores()
            return True
        return False

    # ----- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, tabs, the title with the campaign's totals, the grid and the key hints."""
        palette = self.app.palette
        self.draw_bar(surface, self.scores_button)
        px = self.px
        big = self.draw_title(surface, f"Levels — {RULESETS[self.rules].title}")
        small = max(10, round(px * 0.8))
        drawn = self.app.drawn
        summary = theme.text(surface, fit_text(self._summary(), small, self.size[0] - 2 * px), small,
                             (self.size[0] // 2, self.title_y + round(big * 1.5)), colour=palette.ink_dim,
                             anchor="midtop")
        drawn.add(Kind.TEXT, summary, "summary")
        if self.tiles:
            rule = theme.text(surface, fit_text(STARS_RULE, small, self.size[0] - 2 * px), small,
                              (self.size[0] // 2, summary.bottom + round(small * 0.25)),
                              colour=palette.ink_dim, anchor="midtop")
            drawn.add(Kind.TEXT, rule, "how stars are earned")
        for tile in self.tiles:
            tile.draw(surface, px, palette)
            tile.record(drawn, f"level {tile.level.number}")
            if tile.hover and not tile.locked:
                pygame.draw.rect(surface, palette.gold, tile.rect, width=2,
                                 border_radius=max(6, tile.rect.width // 10))
            if tile.focused:
                focus_glow(surface, tile.rect, max(6, tile.rect.width // 10), palette)
        if self.no_levels:
            # a fact about the game, in a panel, with the way to play it
            theme.panel(surface, self.note_rect, palette, radius=max(8, px // 2))
            y = self.note_rect.top + round(px * 1.4)
            for line in self.note_lines:
                said = theme.text(surface, line, px, (self.note_rect.centerx, y), colour=palette.ink,
                                  anchor="midtop")
                drawn.add(Kind.TEXT, said, f"problem: {line}")
                y += round(px * 1.3)
            button_px = round(px * 0.95)
            self.play_button.draw(surface, button_px, palette)
            record_button(drawn, self.play_button, button_px, "Play a deal")
            if self.play_button.focused:
                focus_glow(surface, self.play_button.rect, max(4, self.play_button.rect.height // 4), palette)
        elif self.problem:
            # an unreadable file is a problem (in the warning colour)
            lines = wrap(self.problem, px, min(self.grid_rect.width, px * 40))
            y = self.grid_rect.centery - len(lines) * round(px * 1.3) // 2
            for line in lines:
                said = theme.text(surface, line, px, (self.grid_rect.centerx, y), colour=palette.warn,
                                  anchor="midtop")
                drawn.add(Kind.TEXT, said, f"problem: {line}")
                y += round(px * 1.3)
        hint = ("Arrows: choose   ·   Enter: play   ·   " if self.tiles else
                "Enter: play a deal   ·   " if self.no_levels else "") + \
            "PgUp/PgDn: rule set   ·   S: high scores   ·   Esc: back"
        keys = draw_key_hint(surface, hint, px, self.size, self.size[1] - round(px * 1.0), palette,
                             message=self.message)
        drawn.add(Kind.TEXT, keys, "the keys")

    def _summary(self) -> str:
        """``12 of 30 levels won · 31 of 90 stars`` and the focused level's par."""
        if self.campaign is None or not self.tiles:
            return ""
        n = len(self.tiles)
        won = sum(1 for t in self.tiles if t.stars or t.helped)
        stars = sum(t.stars for t in self.tiles)
        words = f"{won:,} of {n:,} levels won  ·  {stars:,} of {3 * n:,} stars"
        focused = self.ring.current
        if isinstance(focused, LevelTile):
            level = focused.level
            words += (f"  ·  Level {level.number}: game #{level.game}, "
                      f"par {counted(level.par_moves, 'move')} in {format_seconds(level.par_seconds)}")
        return words
