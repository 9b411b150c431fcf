"""Dialogs over the table: the win, no more moves, "abandon this game?", and "Where did I
go wrong?" (:class:`AnalysisDialog`).

Each is a :class:`Dialog` scene (``opaque = False``, so the table stays visible and keeps
animating below). Buttons work with the mouse, and from the keyboard with Left/Right or
Tab to move the focus and Enter/Space to choose; Esc chooses the cancel action. The end
of a game's dialogs read the table through :class:`FinishedTable`, what they need of it.

"No more moves" can be folded into a bar at the bottom of the window ("Hide", or the C
key), so the final position can be studied with nothing over it; the bar keeps the title,
the first choice (Undo) and "Show", which opens the dialog again. While it is folded the
table below takes every click and key the bar does not (its buttons, its keys: Undo,
Restart, Help…), and the dialog closes as soon as the table no longer shows the position
it spoke of (a move undone, a new deal).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from ..console import counted, grouped
from ..engine import Game
from ..records.progress import load_progress
from ..records.replay import WON, Replay, format_seconds, paced_replay
from ..records.stats import load_statistics
from ..records.store import Store
from ..search.analyse import UNDECIDED, Analysis, AnalysisJob, Budget
from . import theme
from .app import Scene
from .badges import draw_stars
from .drawn import Kind
from .keys import is_undo_key
from .layout import table_layout
from .notices import told
from .widgets import ANALYSIS_TITLE, fit_text, record_button, unbroken, wrap

if TYPE_CHECKING:
    from ..session import PlaySession
    from .app import App, SceneName


class Exits(Protocol):
    """The ways out of the table, or to its next game, that the end of a game offers."""

    def go_to_menu(self) -> None:
        """Leave the table for the menu."""

    def go_to_levels(self) -> None:
        """Leave the table for the levels screen."""

    def new_deal(self) -> None:
        """Deal a new game of the same rule set."""

    def play_next_level(self) -> None:
        """Deal the next level of the campaign."""

    def restart(self) -> None:
        """Deal the same game again."""

    def own_game_named(self) -> str | None:
        """Under a practice game, the player's own game in progress that a new deal
        counts as abandoned, named; else None."""


class FooterWords(Protocol):
    """What a folded dialog needs of the table's bar: the footer's words, which its own
    bar covers and so shows."""

    def footer_text(self) -> str:
        """What the table's footer says now."""
        ...


class FinishedTable(Protocol):
    """What the dialogs at the end of a game need of the table they stand over: its play
    session, and the table's actions their buttons choose."""

    @property
    def session(self) -> PlaySession:
        """The game that ended, with its records."""
        ...

    @property
    def exits(self) -> Exits:
        """The ways out of the table."""
        ...

    def save_replay(self) -> None:
        """Save the finished game as a replay (the dialog comes back saying where)."""

    def undo(self) -> None:
        """Take back the last move."""

    @property
    def hud(self) -> FooterWords:
        """The table's bar and footer (the folded dialog's bar covers the footer)."""
        ...


class Dialog(Scene):
    """A panel with a title, a few lines of text and a row of buttons."""

    opaque = False
    only_on_top = True

    def __init__(self, app: App, title: str, lines: list[str],
                 choices: list[tuple[str, Callable[[], None]]], *,
                 cancel: Callable[[], None] | None = None, dim: int = 140,
                 accent: tuple[int, int, int] | None = None, stars: int | None = None,
                 foldable: bool = False,
                 table_bottom: Callable[[tuple[int, int]], int] | None = None,
                 current: Callable[[], bool] | None = None,
                 says: Callable[[], str] | None = None,
                 shortcuts: dict[str, Callable[[pygame.event.Event], bool]] | None = None) -> None:
        super().__init__(app)
        #: the keys that choose a button, by its label: the table's own keys for what the
        #: button does (U and Ctrl+Z for Undo), so that they do it over the dialog too
        self.shortcuts = shortcuts or {}
        #: what the scene below says at the window's foot now (the table's footer: a
        #: message its top bar had no room for), which the folded bar covers: the bar
        #: shows it in its title's place while it lasts
        self.says = says
        #: whether the scene below still shows what the dialog speaks of (None: always);
        #: once it does not (the table undid a move while the dialog was folded), the
        #: dialog closes
        self.current = current
        #: where the table under the dialog ends, for a window size: the folded bar stays
        #: below it (None: the bar takes its natural height at the window's foot)
        self.table_bottom = table_bottom
        self.title = title
        #: the dialog's lines as given, and as shown (each wrapped to the panel's width)
        self.lines = lines
        self.shown_lines = list(lines)
        #: stars earned (0–3) drawn as a row of three under the title, None for no row
        self.stars = stars
        self.dim = dim
        #: the title's and the edge's colour (the theme's gold unless told)
        self.accent = accent
        self.cancel = cancel
        self.buttons = [theme.Button(label, self._chooser(action)) for label, action in choices]
        self.focus = 0
        #: the dialog can fold into a bar (so the table under it can be seen), and is folded
        self.foldable = foldable
        self.folded = False
        self.fold_button = theme.Button("Hide (C)", self.toggle_fold)
        self.show_button = theme.Button("Show (C)", self.toggle_fold)
        #: the folded bar: the title, the first choice (a button of its own) and "Show"
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.bar_buttons = [theme.Button(label, self._chooser(action)) for label, action in choices[:1]]
        self.bar_buttons.append(self.show_button)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shade: pygame.Surface | None = None
        self.resize(app.size)

    def focus_on(self, label: str) -> None:
        """Put the keyboard's focus on the button ``label`` (if there is one)."""
        labels = [b.label for b in self.buttons]
        if label in labels:
            self.focus = labels.index(label)
            self._mark_focus()

    def _chooser(self, action: Callable[[], None]) -> Callable[[], None]:
        def choose() -> None:
            if self.app.top is self:
                self.app.pop()
            action()
        return choose

    @property
    def lets_input_through(self) -> bool:
        """Folded, the dialog hands the scene below (the table) what its bar does not take."""
        return self.folded

    def toggle_fold(self) -> None:
        """Fold the dialog into its bar, or open it again from the bar."""
        if not self.foldable:
            return
        self.folded = not self.folded
        self.focus = 0
        self._mark_focus()
        # the table below takes input while the dialog is folded, as if on top again
        below = self.app.under(self)
        if below is not None and self.app.top is self:
            if self.folded:
                below.resume()
            else:
                below.pause()

    def _active(self) -> list[theme.Button]:
        """The buttons shown now, in focus order."""
        if self.folded:
            return self.bar_buttons
        return [*self.buttons, self.fold_button] if self.foldable else self.buttons

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and lay out its buttons (and the folded bar's)."""
        w, h = size
        self.px = max(14, round(min(w, h * 1.6) * 0.017))
        # room above the title for the "Hide" button in the panel's corner
        top = round(self.px * 1.9) if self.foldable else 0
        widest = max((theme.font(self.px).size(line)[0] for line in self.lines), default=0)
        # each button with its width, measured once for the panel's width and the rows
        f = theme.font(self.px, bold=True)
        sized = [(button, f.size(button.label)[0] + 2 * self.px) for button in self.buttons]
        row = sum(bw for _, bw in sized) + self.px * (len(sized) - 1)
        # a line longer than a comfortable measure (or the window) is wrapped, never cut
        measure = max(round(self.px * 40), row + 4 * self.px)
        width = min(w - 40, max(round(self.px * 30), row + 4 * self.px, min(widest + 4 * self.px, measure)))
        room = width - 4 * self.px
        rows = self._button_rows(sized, room)
        self.shown_lines = [part for line in self.lines
                            for part in (wrap(line, self.px, room) if line.strip() else [line])]
        title_h = theme.font(round(self.px * 2.0), bold=True).get_linesize()
        line_h = theme.font(self.px).get_linesize()
        height = round(top + self.px * 1.3 + title_h + self.px * 0.9
                       + len(self.shown_lines) * (line_h + self.px * 0.6)
                       + self.px * 1.0 + (self.px * 2.4 + self.px * 0.6) * len(rows) - self.px * 0.6
                       + self.px * 1.2
                       + (self._star_size() + self.px * 0.8 if self.stars is not None else 0))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        bh = round(self.px * 2.4)
        gap = self.px
        y = self.panel.bottom - bh - round(self.px * 1.2) - (len(rows) - 1) * (bh + round(self.px * 0.6))
        for line in rows:
            total = sum(bw for _, bw in line) + gap * (len(line) - 1)
            x = self.panel.centerx - total // 2
            for button, bw in line:
                button.rect = pygame.Rect(x, y, bw, bh)
                x += bw + gap
            y += bh + round(self.px * 0.6)
        self._lay_fold(size)
        self._shade = None
        self._mark_focus()

    def _small_px(self) -> int:
        return max(12, round(self.px * 0.8))

    def _lay_fold(self, size: tuple[int, int]) -> None:
        """The "Hide" button in the panel's top right corner; the folded bar along the
        bottom of the window: the title on the left, the first choice and "Show" on the
        right."""
        small = theme.font(self._small_px(), bold=True)
        pad = round(self.px * 0.6)
        fw = small.size(self.fold_button.label)[0] + 2 * pad
        self.fold_button.rect = pygame.Rect(self.panel.right - fw - pad, self.panel.top + pad, fw,
                                            round(self.px * 1.6))
        w, h = size
        margin = round(self.px * 0.4)
        bar_h = round(self.px * 3.0)
        if self.table_bottom is not None:
            # the bar keeps to the strip under the cards, so the whole final position
            # stays in sight: its words shrink with it (never below a readable size)
            room = h - self.table_bottom(size) - 2
            margin = min(margin, max(1, room // 12))
            bar_h = max(min(bar_h, room - 2 * margin), 12 * 2 + 8)
        self.bar_px = max(11, min(self.px, round(bar_h / 2.6)))
        self.bar = pygame.Rect(margin, h - bar_h - margin, w - 2 * margin, bar_h)
        f = theme.font(self.bar_px, bold=True)
        bh = min(round(self.bar_px * 2.1), bar_h - 4)
        x = self.bar.right - round(self.bar_px * 0.6)
        for button in reversed(self.bar_buttons):
            bw = f.size(button.label)[0] + 2 * self.bar_px
            x -= bw
            button.rect = pygame.Rect(x, self.bar.centery - bh // 2, bw, bh)
            x -= self.bar_px

    def _star_size(self) -> int:
        return round(self.px * 3.2)

    def _button_rows(self, sized: list[tuple[theme.Button, int]],
                     room: int) -> list[list[tuple[theme.Button, int]]]:
        """The buttons, each ``sized`` with its width, in rows of at most ``room`` pixels:
        one row where they fit, else as few rows as hold them, as even in width as they go
        (six buttons as three and three, not five and one)."""

        def split(limit: int) -> list[list[tuple[theme.Button, int]]]:
            rows: list[list[tuple[theme.Button, int]]] = [[]]
            used = 0
            for button, bw in sized:
                if rows[-1] and used + self.px + bw > limit:
                    rows.append([])
                    used = 0
                used += (self.px if rows[-1] else 0) + bw
                rows[-1].append((button, bw))
            return rows

        rows = split(room)
        if len(rows) == 1:
            return rows
        # the narrowest limit that needs no more rows than the widest does
        limit = max(bw for _, bw in sized)
        while len(split(limit)) > len(rows):
            limit += self.px
        return split(limit)

    def _mark_focus(self) -> None:
        for button in (*self.buttons, self.fold_button, *self.bar_buttons):
            button.focused = False
        active = self._active()
        if active:
            active[self.focus % len(active)].focused = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons by mouse; focus and choice by keyboard; C folds and unfolds. Folded,
        what the bar does not take goes to the scene below."""
        active = self._active()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for button in active:
                if button.handle(event):
                    return
            on_bar = event.type == pygame.MOUSEBUTTONDOWN and self.bar.collidepoint(event.pos)
            if self.folded and not on_bar:
                self._pass_down(event)
        elif event.type == pygame.KEYDOWN:
            key = event.key
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if key == pygame.K_c and self.foldable:
                self.toggle_fold()
                return
            if self.folded and key not in _DIALOG_KEYS:
                self._pass_down(event)
                return
            chosen = next((b for b in self.buttons if self.shortcuts.get(b.label, _never)(event)), None)
            if chosen is not None:
                chosen.action()
                return
            if key in (pygame.K_RIGHT, pygame.K_DOWN) or (key == pygame.K_TAB and not shift):
                self.focus = (self.focus + 1) % len(active)
            elif key in (pygame.K_LEFT, pygame.K_UP) or key == pygame.K_TAB:
                self.focus = (self.focus - 1) % len(active)
            elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                active[self.focus % len(active)].action()
                return
            elif key == pygame.K_ESCAPE:
                self.app.pop()
                if self.cancel is not None:
                    self.cancel()
                return
            self._mark_focus()

    def update(self, dt: float) -> None:
        """A folded dialog goes once the table no longer shows what it speaks of, however
        that came about (a restart or a new deal confirmed in a dialog over it, too)."""
        if self.folded and self.current is not None and not self.current():
            self.app.remove(self)

    def _pass_down(self, event: pygame.event.Event) -> None:
        """Give ``event`` to the scene below (the folded dialog's table); the dialog
        closes if the table no longer shows what it speaks of."""
        below = self.app.under(self)
        if below is None:
            return
        below.handle_event(event)
        if self.app.top is self and self.current is not None and not self.current():
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Shade the table, then the panel, words and buttons (folded: only the bar)."""
        palette = self.app.palette
        accent = palette.gold if self.accent is None else self.accent
        drawn = self.app.drawn
        if self.folded:
            self._draw_bar(surface, accent)
            return
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, self.dim))
        surface.blit(self._shade, (0, 0))
        if self.dim > 0:
            drawn.add(Kind.SHADE, surface.get_rect(), "the dimmed window")
        shadow = self.panel.move(0, round(self.px * 0.5))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=18)
        theme.panel(surface, self.panel, palette, radius=18, fill=palette.dialog, edge=accent)
        drawn.add(Kind.PANEL, self.panel, f"the dialog {self.title!r}")
        y = self.panel.top + round(self.px * (3.2 if self.foldable else 1.3))
        title = theme.text(surface, self.title, round(self.px * 2.0), (self.panel.centerx, y),
                           colour=accent, bold=True, anchor="midtop")
        drawn.add(Kind.TEXT, title, "dialog title")
        y = title.bottom + round(self.px * 0.9)
        if self.stars is not None:
            size = self._star_size()
            draw_stars(surface, pygame.Rect(self.panel.centerx - 2 * size, y, 4 * size, size),
                       self.stars, palette)
            y += size + round(self.px * 0.8)
        for line in self.shown_lines:
            rect = theme.text(surface, line, self.px, (self.panel.centerx, y), colour=palette.ink,
                              anchor="midtop")
            if line.strip():
                drawn.add(Kind.TEXT, rect, f"dialog line {line!r}")
            y = rect.bottom + round(self.px * 0.6)
        for button in self.buttons:
            button.draw(surface, self.px, palette)
            record_button(drawn, button, self.px, f"dialog {button.label}")
        if self.foldable:
            self.fold_button.draw(surface, self._small_px(), palette)
            record_button(drawn, self.fold_button, self._small_px(), "dialog hide")

    def _draw_bar(self, surface: pygame.Surface, accent: tuple[int, int, int]) -> None:
        """The folded dialog: a bar along the bottom, nothing shaded (the bar is opaque:
        it shows what the table's footer under it says itself)."""
        palette = self.app.palette
        bar = self.bar
        theme.panel(surface, bar, palette, radius=bar.height // 3, fill=(*palette.dialog[:3], 255),
                    edge=accent)
        self.app.drawn.add(Kind.BAR, bar, f"the folded dialog {self.title!r}")
        bar_px = self.bar_px
        room = bar.width - round(bar_px * 1.2) - sum(b.rect.width + bar_px for b in self.bar_buttons)
        said = self.says() if self.says is not None else ""
        words = said or self.title
        px = round(bar_px * 1.3)
        while px > 11 and (theme.font(px, bold=True).size(words)[0] > room
                           or theme.font(px, bold=True).get_height() > bar.height - 2):
            px -= 1
        title = theme.text(surface, fit_text(words, px, room, bold=True), px,
                           (bar.x + round(bar_px * 0.8), bar.centery),
                           colour=palette.ink if said else accent, bold=True, anchor="midleft")
        self.app.drawn.add(Kind.TEXT, title, f"dialog says {said!r}" if said else "dialog title")
        for button in self.bar_buttons:
            button.draw(surface, bar_px, palette)
            record_button(self.app.drawn, button, bar_px, f"dialog {button.label}")


#: the keys a dialog answers to itself (C too, when it folds): folded, it hands the
#: others to the table below
_DIALOG_KEYS = frozenset({pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_TAB,
                          pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_ESCAPE})


def _never(event: pygame.event.Event) -> bool:
    return False


#: the end of a game's dialogs answer to the table's Undo keys as their Undo button
END_SHORTCUTS: dict[str, Callable[[pygame.event.Event], bool]] = {"Undo": is_undo_key}


def win_dialog(app: App, table: FinishedTable) -> Dialog:
    """"You won!" with the game's figures, the score and any new high score (won again
    after an undo, the first win's, which is the one recorded); in level mode the stars
    earned and "Next level". Choices: the next level or a new deal, save replay, restart,
    undo, the levels screen, menu."""
    session = table.session
    g = session.game
    record = session.win_record
    level = session.level
    title = f"Level {level.number} won!" if level is not None else "You won!"
    if session.daily is not None:
        title = "Daily deal won!"
    # the computer's win, not the player's, as the statistics counted it: as it was first won
    demo = record.demo if record is not None else session.demo_played
    # (read once: it reads the player's progress)
    following = session.next_level_open()
    if demo:
        title = "Won with the demo"
    lines = [f"{g.title} · game #{g.game}",
             f"{counted(len(g.history), 'move')} in {format_seconds(session.elapsed)}"]
    stars = None
    if record is not None:
        # the score as the bar shows it, with the time bonus in it; after an undo and a
        # redo of the winning move it is lower than at the first win (the undo's penalty
        # stays, and the bonus is the new time's), which the records keep
        now = session.score.total
        score = f"Score {grouped(now)}"
        if session.score.bonus:
            score += f" (time bonus +{session.score.bonus:,})"
        # won again (an undo, then a redo): the records hold the first win's score, and
        # its ranks are that score's, said as such
        again = now != record.score
        if again:
            score += f"; first won with {grouped(record.score)}"
        lines.append(score)
        if level is not None:
            # a win with help earns no stars: no row of empty ones either
            stars = None if record.assisted else record.stars
            if stars:
                lines.append(_stars_words(stars, level.par_moves, level.par_seconds,
                                          moves=len(g.history), seconds=session.elapsed,
                                          helps=session.recorder.hints + session.recorder.undos))
            if stars and record.kept_stars:
                best = "" if record.kept_score is None else f" and {grouped(record.kept_score)}"
                lines.append(f"The level keeps your best: {counted(record.kept_stars, 'star')}{best}")
            if record.unlocked and following is not None:
                lines.append(f"Level {level.number + 1} is unlocked")
            elif record.unlocked:
                lines.append("That was the last level of this campaign!")
        ranked = f"The first win's {grouped(record.score)} is high score" if again else "New high score:"
        if level is not None and record.level_rank is not None:
            lines.append(f"{ranked} #{record.level_rank} on level {level.number}")
        if record.rank is not None:
            lines.append(f"{ranked} #{record.rank} of all {g.profile.short_title} games")
        if record.practice:
            lines.append("A practice game, taken over from a replay: your statistics do not "
                         "count it, and it earns no high score")
        elif record.assisted:
            lines.append(_assisted_line(session, demo=record.demo))
        lines.extend(map(told, record.notes))
    lines.extend(_record_lines(session))
    lines.extend(_replay_lines(table))
    first: list[tuple[str, Callable[[], None]]] = [("New deal", table.exits.new_deal)]
    if following is not None:
        first = [("Next level", table.exits.play_next_level)]
    last: list[tuple[str, Callable[[], None]]] = [("Menu", table.exits.go_to_menu)]
    if level is not None:
        last = [("Levels", table.exits.go_to_levels), *last]
    return Dialog(app, title, lines,
                  [*first, *_save_choice(table), ("Restart", table.exits.restart),
                   ("Undo", table.undo), *last],
                  dim=60, stars=stars, shortcuts=END_SHORTCUTS)


def _stars_words(stars: int, par_moves: int, par_seconds: float, *, moves: int, seconds: float,
                 helps: int) -> str:
    """Why a won level earned its ``stars`` (:func:`game.records.scoring.stars`), against
    its par, for a win in ``moves`` and ``seconds`` with ``helps`` hints and undos."""
    par = f"par ({counted(par_moves, 'move')} in {format_seconds(par_seconds)})"
    if stars >= 3:
        return f"Three stars: within {par}, with no hint or undo"
    if stars == 2:
        if moves <= par_moves and seconds <= par_seconds and helps:
            return f"Two stars: within {par}, but with hints or undos; three need none"
        which = "moves" if moves <= par_moves else "time"
        return f"Two stars: within {par} on {which}; three need both, with no hint or undo"
    return f"One star: over {par}; two need par on moves or on time"


def _assisted_line(session: PlaySession, *, demo: bool) -> str:
    """What an assisted win did not earn, in the player's words (a win the demo played
    in, ``demo``, is not counted as the player's at all)."""
    lost = ["no high score"]
    way_only = session.helped_by_the_way_only
    if session.level is not None:
        # a level won with the way the analysis showed still opens the next (its line
        # above says so)
        lost.append("no stars" if way_only else "no stars, and the next level stays as it was")
    if session.daily is not None:
        lost.append("the daily deal is not counted as won")
    if demo:
        return ("The demo played in this game: your statistics count it as won by the demo, not "
                "as your win, and it ends your winning streak; " + "; ".join(lost))
    if way_only:
        return "You played it knowing the way the analysis of its loss showed: " + "; ".join(lost)
    return "The demo, a replay or the analysis helped in this game: " + "; ".join(lost)


def _record_lines(session: PlaySession) -> list[str]:
    """The rule set's best time and the winning streak, once the win is counted in the
    statistics (a game that is not a real deal is not). A win with help is never the
    best time, whatever its time."""
    if not session.recorded:
        return []
    # a store of its own: a damaged file's warning is the statistics screen's to report
    stats = load_statistics(Store(session.store.root, read_only=True))[session.game.rules]
    if stats.best_time is None:
        return []
    best = f"Best time {format_seconds(stats.best_time)}"
    if abs(stats.best_time - session.elapsed) < 0.5 and not session.recorder.hints:
        best += " (this game)"
    streak = f"{counted(stats.current_streak, 'win')} in a row"
    if stats.best_streak > stats.current_streak:
        streak += f" (best {stats.best_streak:,})"
    return [f"{best} · {streak}"]


def _replay_lines(table: FinishedTable) -> list[str]:
    saved = table.session.replay_saved
    return [saved] if saved else []


def _save_choice(table: FinishedTable) -> list[tuple[str, Callable[[], None]]]:
    """"Save replay", until it has been saved (a real deal only)."""
    if table.session.replay_saved or not table.session.recordable:
        return []
    return [("Save replay", table.save_replay)]


def lost_dialog(app: App, table: FinishedTable) -> Dialog:
    """"No more moves": undo, restart this deal, new deal (the levels screen in level
    mode) or menu (Esc just closes it); "Hide" (or C) folds it into a bar so the final
    position can be studied."""
    session = table.session
    g = session.game
    lines = ["No legal move is left in this position.", *_how_far(session), _lost_score(session),
             *_replay_lines(table)]
    if session.practice:
        lines.insert(4, "A practice game, taken over from a replay: your statistics do not count it")
    elif session.level is not None and g.history and not session.way_shown:
        lines.append("Asking “Where did I go wrong?” costs this level its stars for good; "
                     "a win still opens the next level")
    if session.level is not None:
        leave: list[tuple[str, Callable[[], None]]] = [("Levels", table.exits.go_to_levels)]
    else:
        leave = [("New deal", table.exits.new_deal)]
    choices: list[tuple[str, Callable[[], None]]] = [
        ("Undo", table.undo), ("Restart", table.exits.restart), *leave, *_save_choice(table),
        ("Menu", table.exits.go_to_menu)]
    if g.history:  # after "Undo", which keeps the focus
        choices.insert(1, (ANALYSIS_TITLE, lambda: _analyse(app, table)))
    moves = len(g.history)

    def current() -> bool:
        """The table still shows this lost position (folded, the dialog lets the table's
        own buttons and keys undo, restart or deal again)."""
        return table.session is session and g.is_lost() and len(g.history) == moves

    return Dialog(app, "No more moves", lines, choices, accent=LOST_ACCENT, foldable=True,
                  table_bottom=partial(table_bottom, g.rules), current=current,
                  says=lambda: table.hud.footer_text(), shortcuts=END_SHORTCUTS)


def dead_end_dialog(app: App, table: FinishedTable) -> Dialog:
    """"No way to win": moves are left, but none can ever bring a card home (the table
    asks :meth:`PlaySession.dead_end` after each move). The game goes on by the rules, so the
    dialog says what leaving it counts, and offers the analysis, an undo, a restart, a new
    deal (the levels screen in level mode), to save the replay (of the game so far, as
    the lost game's dialog does), or to keep playing (Esc)."""
    session = table.session
    g = session.game
    lines = ["Whatever you move, no card can reach the foundations any more and no new card can "
             "come into play: this deal cannot be won from here.",
             *_how_far(session), _lost_score(session)]
    below = table.exits.own_game_named()
    own = session.saved_game_kept_from_practice()
    if session.practice:
        lines.append("A practice game, taken over from a replay: your statistics do not count it"
                     + (f"; a new deal counts your game ({below}) as abandoned" if below
                        else f"; a new deal counts your saved game ({own}) as abandoned" if own else ""))
    elif session.keep_records and session.recordable:
        other = "the levels screen" if session.level is not None else "a new deal"
        lines.append("Moves are still legal, so the game is not over: the menu keeps it to continue, "
                     f"and a restart or {other} counts it as abandoned.")
    leave: tuple[str, Callable[[], None]] = (("Levels", table.exits.go_to_levels) if session.level is not None
                                             else ("New deal", table.exits.new_deal))
    lines += _replay_lines(table)
    choices: list[tuple[str, Callable[[], None]]] = [
        ("Undo", table.undo), ("Restart", table.exits.restart), leave, *_save_choice(table),
        ("Keep playing", lambda: None)]
    if g.history:  # after "Undo", which keeps the focus, as in the lost game's dialog
        choices.insert(1, (ANALYSIS_TITLE, lambda: _analyse(app, table, below="dead end")))
    moves = len(g.history)

    def current() -> bool:
        """The table still shows this position (folded, the dialog lets the table's own
        buttons and keys play on, undo, restart or deal again)."""
        return table.session is session and len(g.history) == moves and not session.over

    return Dialog(app, "No way to win", lines, choices, accent=LOST_ACCENT, foldable=True,
                  table_bottom=partial(table_bottom, g.rules), current=current,
                  says=lambda: table.hud.footer_text(), shortcuts=END_SHORTCUTS)


def _how_far(session: PlaySession) -> list[str]:
    """The game (its title and number, or its level) and how far it got: the moves and
    the cards home, which every rule set's score counts (the Square sets are seldom won
    and played for it). Two lines: on one, after a long title and a 20-digit game number,
    it would wrap at 800 px and leave a word alone on the next line."""
    g = session.game
    where = f"level {session.level.number}" if session.level is not None else f"game #{g.game}"
    return [f"{g.title} · {where}",
            f"{counted(len(g.history), 'move')} · {g.cards_home()} of {g.card_count} cards home"]


def _lost_score(session: PlaySession) -> str:
    """The lost game's score (or the score of a game in a dead end); in a rule set played
    for the score (English Square), where it enters the high scores when the game is
    counted, as the player leaves it."""
    g = session.game
    score = session.score.total
    said = f"Score {grouped(score)}"
    # (a data folder this copy of the game only reads keeps no score: no place is claimed)
    if (g.profile.scores_at_end and session.keep_records and session.recordable and not session.assisted
            and not session.store.read_only):
        rank = load_progress(Store(session.store.root, read_only=True)).rank_of(g.rules, score)
        if rank is not None:
            # entered as the player leaves the game: an undo first would withdraw it
            said += f": #{rank} in the {g.profile.short_title} high scores when you leave this game"
    return said


def table_bottom(rules: str, size: tuple[int, int]) -> int:
    """The lowest point of the places of ``rules``' table in a window of ``size`` (their
    areas, which hold every card a pile may grow to)."""
    lay = table_layout(rules, size)
    return max(rect.bottom for rect in (*lay.areas, *lay.bases))


def _analyse(app: App, table: FinishedTable, below: SceneName = "lost") -> None:
    """Open the analysis over the lost game's dialog (or the dialog named ``below``), which
    comes back when it closes, its focus on "Where did I go wrong?"; its answer is the
    session's to weigh as help (:meth:`PlaySession.analysis_shown`)."""
    shown = app.show(below, table=table)
    # back on the dialog, the focus is where it was, not on "Undo", where an Enter would
    # take back the game's last move
    if isinstance(shown, Dialog):
        shown.focus_on(ANALYSIS_TITLE)
    app.show("analysis", game=table.session.game, answered=table.session.analysis_shown)


def confirm_dialog(app: App, title: str, words: str, yes: str, action: Callable[[], None],
                   no: str = "Keep playing") -> Dialog:
    """Ask before something that cannot be taken back (abandoning a game in progress,
    quitting); Esc, Enter (its first button has the focus) or ``no`` does nothing."""
    return Dialog(app, title, [words], [(no, lambda: None), (yes, action)])


# ----- Where did I go wrong? -------------------------------------------------------------

LOST_ACCENT = (235, 150, 110)
#: the analysis's budget on screen, in seconds (the player can stop it sooner)
ANALYSIS_SECONDS = 30.0
#: the most positions the analysis searches on screen (None: only its time bounds it)
ANALYSIS_POSITIONS: int | None = None
#: each "Look longer" searches twice as long as the spell before it, up to this long: a
#: spell can only give one position as long as it lasts, so a longer one can go further
LONGEST_SPELL = 240.0
#: what the panel says while the analysis runs (the progress bar is drawn under it)
LOOKING = "Looking for the last move that mattered…"
#: seconds between two moves of the winning line's replay, as if played
LINE_PACE = 1.0

#: what an analysis is asked: the rule set, the game number, the line's moves and the
#: budget it was first given
AnalysisKey = tuple[str, str, tuple[str, ...], Budget]
#: each window's last analysis answered, by what it was asked, with its job (done) and the
#: budget of the spell that found the answer: asked again for the same line (after
#: watching its winning line, whose "Back" leads to the lost game's dialog, not to the
#: panel), the panel shows that answer at once, its "Look longer" going on from it, rather
#: than searching again from nothing for 30 s and more (maybe to another answer: a budget
#: of time is not the same search twice)
_ANSWERED: weakref.WeakKeyDictionary[App, tuple[AnalysisKey, AnalysisJob, Budget]] = \
    weakref.WeakKeyDictionary()


def line_of_play(game: Game) -> tuple[Game, list[str]]:
    """The deal ``game`` started from (every game on the table starts from its deal) and
    the moves of its line of play, in notation."""
    return type(game).deal(game.game), [game.move_text(step.move) for step in game.history]


def winning_replay(analysis: Analysis) -> Replay:
    """The line of play up to the last winnable position, then the winning line, as a won
    replay for the replay viewer."""
    texts = [*analysis.moves[: analysis.last_winnable or 0], *analysis.line]
    return paced_replay(analysis.start.rules, analysis.start.game, texts, result=WON, pace=LINE_PACE)


def spell_words(seconds: float) -> str:
    """A spell of the analysis as a player reads it: ``30 s``, ``1 min``, ``4 min``."""
    return f"{seconds:.0f} s" if seconds < 60 else f"{seconds / 60:.0f} min"


def _after_the_answer(analysis: Analysis) -> str:
    """What the analysis panel says below its answer: where the line its sentence speaks
    of is, and what knowing the way costs (a later game of the deal is helped)."""
    words = []
    if analysis.line:
        words.append("“Watch the winning line” plays it move by move.")
    if analysis.shows_the_way:
        words.append("With the way known, playing this deal again counts as help: no high score, "
                     "best time or stars.")
    return " ".join(words)


class AnalysisDialog(Dialog):
    """Where did I go wrong? The analysis of a lost game (:mod:`game.search.analyse`) runs
    in a process of its own while this panel shows its progress, so no frame waits for it;
    then the move that lost the game in the player's words, with "Watch the winning line"
    (the replay viewer, at the position before that move) and "Close". "Stop" or Esc ends
    the analysis at once. The same line asked about again in the same window (after its
    winning line was watched) gets the answer already found at once (:data:`_ANSWERED`).

    When the spell ran out before the answer was exact (a range, or not even that),
    "Look longer" goes on for a spell twice as long (up to :data:`LONGEST_SPELL`) from
    everything found so far, with the same progress bar; its "Stop" shows what is known
    then, without closing the panel. The answer's keyboard focus is on "Watch the winning
    line" when there is one, so Enter never starts another spell by chance.

    ``answered`` hears each answer as it is shown (the lost game's session: an answer that
    shows the way is help to whoever plays on)."""

    def __init__(self, app: App, game: Game, seconds: float | None = None,
                 positions: int | None = None, *,
                 answered: Callable[[Analysis], None] | None = None) -> None:
        start, moves = line_of_play(game)
        self.answered = answered
        #: the budget of the spell that runs, or ran last: :data:`ANALYSIS_SECONDS` and
        #: :data:`ANALYSIS_POSITIONS` unless told (positions, when given, bound each spell
        #: too and double with it: the same answers on every machine)
        self.budget = Budget(seconds=ANALYSIS_SECONDS if seconds is None else seconds,
                             nodes=ANALYSIS_POSITIONS if positions is None else positions)
        #: what this panel was asked, which its answer is kept under (:data:`_ANSWERED`)
        self.key: AnalysisKey = (game.rules, game.game, tuple(moves), self.budget)
        earlier = _ANSWERED.get(app)
        known = None
        if earlier is not None and earlier[0] == self.key:
            _, known, self.budget = earlier
        self.job = known or AnalysisJob(start, moves, self.budget).start()
        self.analysis: Analysis | None = None
        self.failure = ""
        # two blank lines keep the room where the progress bar and its words are drawn
        super().__init__(app, ANALYSIS_TITLE, [LOOKING, " ", " "],
                         [("Stop", self.job.cancel)], cancel=self.job.cancel, accent=LOST_ACCENT)
        if known is not None:
            self._answer()

    def look_longer(self) -> None:
        """Go on with the analysis for a longer spell, from what it found (the panel stays,
        with its progress bar again)."""
        if self.app.top is not self or self.analysis is None or self.analysis.exact:
            return
        self.budget = self._next_budget()
        self.job = self.job.longer(self.budget).start()
        self.analysis = None
        self.lines = [f"Looking on for {spell_words(self.budget.seconds)}, from what was found…", " ", " "]
        self.buttons = [theme.Button("Stop", self.stop)]
        self.cancel = self.job.cancel
        self.focus = 0
        self.resize(self.app.size)

    def _next_budget(self) -> Budget:
        """The next spell's budget: twice the last one's, up to :data:`LONGEST_SPELL`."""
        nodes = self.budget.nodes
        return Budget(seconds=min(self.budget.seconds * 2, max(LONGEST_SPELL, self.budget.seconds)),
                      nodes=None if nodes is None else nodes * 2)

    def stop(self) -> None:
        """Stop a longer look and show what is known (the panel stays open)."""
        if self.app.top is not self:
            return
        self.job.cancel()
        if self.analysis is None and not self.failure:
            self._answer()

    def update(self, dt: float) -> None:
        """Show the answer once the analysis has one (the job never blocks the frame)."""
        if self.analysis is None and not self.failure and self.job.done:
            self._answer()

    def _answer(self) -> None:
        try:
            analysis = self.job.result()
        except RuntimeError as err:
            self.failure = str(err)
            self._show([self.failure], [])
            return
        assert analysis is not None
        self.analysis = analysis
        _ANSWERED[self.app] = (self.key, self.job, self.budget)
        if self.answered is not None:
            self.answered(analysis)
        watch = [("Watch the winning line", self._chooser(self.watch))] if analysis.line else []
        longer = []
        if analysis.verdict == UNDECIDED:  # the panel stays open for the next spell
            longer = [(f"Look longer ({spell_words(self._next_budget().seconds)})", self.look_longer)]
        # the keyboard's focus on the natural next step: the winning line when there is
        # one (Enter must not start another spell of search), else the first choice
        after = _after_the_answer(analysis)
        self._show(self._wrapped(analysis.sentence()) + (self._wrapped(after) if after else []),
                   [*longer, *watch], focus=len(longer) if watch else 0)

    def _show(self, lines: list[str], first: list[tuple[str, Callable[[], None]]], focus: int = 0) -> None:
        """The answer's ``lines``, with the buttons ``first`` (their actions as they are)
        and "Close"; the keyboard's focus on the button at ``focus``."""
        self.lines = lines
        self.buttons = [theme.Button(label, action)
                        for label, action in [*first, ("Close", self._chooser(lambda: None))]]
        self.focus = focus
        self.cancel = None
        self.resize(self.app.size)

    def _wrapped(self, sentence: str) -> list[str]:
        w, h = self.app.size
        px = max(14, round(min(w, h * 1.6) * 0.017))
        return wrap(unbroken(sentence), px, min(w - 40 - 4 * px, round(px * 34)))

    def watch(self) -> None:
        """The replay viewer on the winning line, at the last winnable position."""
        if self.analysis is not None and self.analysis.line:
            turn = self.analysis.last_winnable or 0
            self.app.show("replay", replay=winning_replay(self.analysis), at=turn,
                          heading="your line, then the winning line", turn=turn)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel and, while the analysis runs, its progress bar and what it checks."""
        super().draw(surface)
        if self.analysis is not None or self.failure:
            return
        progress = self.job.progress()
        palette = self.app.palette
        px = self.px
        line_h = theme.font(px).get_linesize() + round(px * 0.6)
        top = (self.panel.top + round(px * 1.3) + theme.font(round(px * 2.0), bold=True).get_linesize()
               + round(px * 0.9) + line_h + round(px * 0.2))
        bar = pygame.Rect(self.panel.left + 2 * px, top, self.panel.width - 4 * px, round(px * 0.9))
        pygame.draw.rect(surface, palette.ink, bar, width=1, border_radius=4)
        filled = bar.inflate(-4, -4)
        filled.width = round(filled.width * progress.fraction)
        if filled.width > 0:
            pygame.draw.rect(surface, palette.gold, filled, border_radius=3)
        words = theme.text(surface, progress.words, round(px * 0.85),
                           (bar.centerx, bar.bottom + round(px * 0.4)), colour=palette.ink, anchor="midtop")
        self.app.drawn.add(Kind.TEXT, words, "the analysis's progress")

    def wants_quit(self) -> bool:
        """The window is closing: the analysis's process ends with it."""
        self.job.cancel()
        return True
