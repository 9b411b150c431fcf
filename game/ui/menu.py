"""The main menu: choose a rule set, deal a random or numbered game, continue the last
one, play the levels or today's daily deal, replay a recent one, open the rules,
statistics and options, or quit.

The table's Menu button (and Esc) pauses its game and hands the table to the menu
(:meth:`MenuScene.hold`): "Continue" then puts that same table back, as it was. The game
is also the saved game in progress, so "Continue" works as well after a restart of the
program (from the file); and choosing another game instead counts it as abandoned.
"""

from __future__ import annotations

import datetime
import os
from functools import partial

import pygame

from ..console import counted
from ..engine import RULE_IDS, Game, GameNumberError, new_game, parse_game_number, profile_of, rules_class
from ..engine.deals import MAX_GAME_NUMBER, TOO_LONG
from ..engine.echo import quoted
from ..engine.words import game_named, sentence
from ..levels import daily_game
from ..records.progress import load_progress
from ..records.replay import Replay
from ..records.saves import (
    ReplayEntry,
    begun_game_named,
    is_practice,
    list_recent_games,
    list_replays,
    load_game_extras,
    load_saved_game,
    remove_stale_temporary_files,
)
from ..records.store import display_name
from ..session import random_deal
from ..session.ending import abandon_saved
from . import theme
from .app import App, GivesUp, Scene, ask_to_give_up
from .drawn import Kind
from .menu_parts import (
    Entry,
    ListWindow,
    RuleCard,
    draw_error,
    draw_lists,
    draw_title,
    empty_fan,
    entry_texts,
    title_fans,
)
from .notices import told
from .rule_tabs import tab_name
from .theme import Button
from .widgets import (
    Focusable,
    FocusRing,
    TextInput,
    draw_key_hint,
    drawn_text,
    fit_numbered,
    fit_text,
    fitting_px,
    focus_glow,
    is_portrait,
    record_button,
    stacked_scale,
    text_px,
)

#: How many recent games the menu lists at most (the saved replays are all listed, the
#: list paged where the panel has no room for every one).
LISTED = 12
#: the height of a listed game's line, in text sizes: name and detail side by side, or
#: the detail under the name with air between the entries (a tall window's; where that
#: would page the list, the entries stand as close as their strips allow)
ONE_LINE, LOOSE_TWO_LINES = 1.75, 2.75
#: the pixels between two listed games' strips: one line each, two lines each
ENTRY_GAP, TWO_LINE_GAP = 4, 2


#: the most characters of a file's name that the menu's message quotes (a long name would
#: fill the message's lines and leave no room for the reason)
NAME_IN_ERROR = 40

#: the most characters of a typed game number the menu's error quotes (with its quotes):
#: the field above shows it whole, and a longer one left no room for the reason
QUOTED_NUMBER = 12


class MenuScene(Scene):
    """The main menu."""

    name = "menu"

    def __init__(self, app: App, rules: str | None = None) -> None:
        super().__init__(app)
        self.store = app.store()
        remove_stale_temporary_files(self.store)
        self.saved: Replay | None = load_saved_game(self.store)
        self.continue_rules = ""
        #: the paused table to continue, and its (rule set, game number, moves)
        self.paused: Scene | None = None
        self.paused_game: tuple[str, str, int] | None = None
        #: the paused game could not be saved: the held table is all there is of it
        self.paused_unsaved = False
        #: the paused game is a practice game (taken over from a replay)
        self.paused_practice = False
        self.rules = rules or (self.saved.rules if self.saved else RULE_IDS[0])
        self.error = ""
        self.rule_cards = [RuleCard(r, self.choose) for r in RULE_IDS]
        self.random_button = Button("Deal a random game", self.start_random)
        self.number_input = TextInput("Game number, e.g. 12345", self.start_number,
                                      on_change=self._number_changed, max_len=32)
        self.number_button = Button("Play this number", lambda: self.start_number(self.number_input.value))
        self.continue_button = Button("Continue", self.continue_game)
        self.levels_button = Button("Levels", self.open_levels)
        self.daily_button = Button("Daily deal", self.start_daily)
        #: what the menu says about today's daily deal of the chosen rule set
        self.daily_caption = ""
        self.daily_caption_y = 0
        self.rules_button = Button("Rules", self.open_rules)
        self.stats_button = Button("Statistics", self.open_stats)
        self.options_button = Button("Options", self.open_options)
        self.quit_button = Button("Quit", self.app.quit)
        self.entries: list[Entry] = []
        self.replay_entries: list[Entry] = []
        #: which saved replays show when the panel has no room for every one
        self.replay_window = ListWindow()
        self.ring = FocusRing()
        self.size = app.size
        self.px = 20
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.panels: list[tuple[pygame.Rect, str]] = []
        self.fans: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.empty_fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.error_rect = pygame.Rect(0, 0, 0, 0)
        self.lists_rect = pygame.Rect(0, 0, 0, 0)
        #: the pixels between two listed games' strips
        self.list_gap = ENTRY_GAP
        self.portrait = False
        #: where the pointer was last seen
        self.pointer: tuple[int, int] | None = None
        self.replay_heading_y = 0
        self.caption_y = 0
        self.number_label_y = 0
        self.divider_y = 0
        self.recent_heading_y = 0
        self._refresh_records()
        self._refresh_daily()
        self.resize(app.size)
        self._focus_first()

    def _focus_first(self) -> None:
        """The keyboard starts on "Continue" when there is a game to continue, else on
        the chosen rule set."""
        if self.continue_button.enabled:
            self.ring.focus(self.continue_button)
        else:
            self.ring.focus(self.rule_cards[RULE_IDS.index(self.rules)])

    def hold(self, table: Scene, game: tuple[str, str, int], *, unsaved: bool = False,
             practice: bool = False) -> None:
        """Keep the paused ``table`` for "Continue"; ``game`` is its (rule set, game
        number, moves), which the saved game in progress must still match (see
        :meth:`_paused_table`), unless it could not be saved (``unsaved``): then the
        table is kept as it is, and closing the window asks about it as the table does.
        A paused game that could not be saved and is not ``table`` is given up first."""
        if self.paused is not table:
            self.give_up_paused()
        self.paused, self.paused_game = table, game
        self.paused_unsaved = unsaved
        self.paused_practice = practice
        self._refresh_records()
        self.choose(game[0])  # today's daily deal's words too, from the records just read
        self._layout()
        self.ring.focus(self.continue_button)

    def _paused_table(self) -> Scene | None:
        """The held table, while it is still the game in progress: the saved game is
        its game (or, for a deal left before its first move, there is no saved game).
        Anything that replaced or ended the saved game meanwhile lets it go."""
        if self.paused is None or self.paused_game is None:
            return None
        if self.paused_unsaved:
            return self.paused
        rules, number, moves = self.paused_game
        saved = self.saved
        if saved is None:
            still = moves == 0
        else:
            still = (saved.rules, saved.game, len(saved.moves)) == (rules, number, moves)
        if not still:
            self.paused = self.paused_game = None
        return self.paused

    # ----- actions --------------------------------------------------------------------

    def choose(self, rules: str) -> None:
        """Make ``rules`` the rule set that new deals use."""
        self.rules = rules
        for rc in self.rule_cards:
            rc.selected = rc.rules == rules
        self._refresh_daily()

    def _refresh_daily(self) -> None:
        """Today's daily deal of the chosen rule set, and whether it was won."""
        today = datetime.date.today()
        number = daily_game(self.rules, today)
        self.daily_button.enabled = number is not None
        if number is None:
            self.daily_caption = ("No daily deal yet" if profile_of(self.rules).daily_deal
                                  else f"{tab_name(self.rules)} has no daily deal")
            return
        won = load_progress(self.store).daily_won(self.rules, today)
        self.app.tell(self.store.take_warnings())
        going = self.in_progress_is(self.rules, daily=today)
        state = "won ✓" if won else "in progress" if going else "not won yet"
        self.daily_caption = f"Today #{number} · {state}"

    def _number_changed(self, value: str) -> None:
        self.error = ""

    def start_random(self) -> None:
        """Deal a new random game of the chosen rule set (one proved winnable when the
        option "winnable deals only" is on; the table says so if none is known)."""
        number, note = random_deal(self.rules, self.app.settings.winnable_only)
        self._start(number, note=note)

    def play_random(self, rules: str) -> None:
        """Choose ``rules`` and deal a random deal of it (:meth:`start_random`): the levels
        screen of a rule set without levels offers it."""
        self.choose(rules)
        self.start_random()

    def start_daily(self) -> None:
        """Deal today's daily deal of the chosen rule set; when it is the game in progress
        (the player left it for the menu), take it up where it was left."""
        today = datetime.date.today()
        number = daily_game(self.rules, today)
        if number is None:
            self.error = f"There is no daily deal of {tab_name(self.rules)}: no winnable deal is known."
            return
        if self.in_progress_is(self.rules, daily=today):
            self.continue_game()
            return
        self._start(number, daily=today, note=daily_note(today))

    def in_progress_is(self, rules: str, *, daily: datetime.date | None = None,
                       level: int | None = None) -> bool:
        """The game in progress (the paused table's, or the saved one) is the daily deal of
        the day ``daily`` of ``rules``, or its level number ``level``: choosing that deal
        or level again takes the game up rather than giving it up for a fresh copy."""
        if daily is None and level is None:
            return False
        found = self._in_progress()
        if found is None or found[0] != rules:
            return False
        return (daily is not None and found[1] == daily) or (level is not None and found[2] == level)

    def level_in_progress(self, rules: str) -> int | None:
        """The level of ``rules`` whose game is in progress, if one is."""
        found = self._in_progress()
        return found[2] if found is not None and found[0] == rules else None

    def _in_progress(self) -> tuple[str, datetime.date | None, int | None] | None:
        """The game in progress's rule set, daily deal's day and level number (None where
        it is not one), or None when there is none."""
        table = self._paused_table()
        session = getattr(table, "session", None)
        if session is not None:
            return (session.game.rules, session.daily,
                    session.level.number if session.level is not None else None)
        if self.saved is None:
            return None
        extras = load_game_extras(self.store, self.saved)
        self.app.tell(self.store.take_warnings())
        return self.saved.rules, extras.get("daily"), extras.get("level")

    def open_levels(self) -> None:
        """Show the levels of the chosen rule set."""
        self.app.show("levels", rules=self.rules)

    def start_number(self, typed: str) -> None:
        """Deal the typed game number, or show why it is not a game number."""
        try:
            number = parse_game_number(typed)
        except GameNumberError as err:
            self.error = told(number_error(typed, err))
            self.ring.focus(self.number_input)
            return
        self.error = ""
        self._start(number)

    def _start(self, number: str, *, daily: datetime.date | None = None, note: str = "") -> None:
        """Deal game ``number`` on the table; ``note`` is said there. A game in progress
        that would be counted (a move was played in it) is given up for it, after asking:
        "Keep playing" keeps it, and the menu as it was."""
        self.deal(new_game(self.rules, number), daily=daily, note=note)

    def deal(self, game: Game, *, daily: datetime.date | None = None, note: str = "") -> None:
        """Deal ``game`` on the table (``note`` is said there), asking first when a game in
        progress would be given up for it (:meth:`game_in_progress`): "New game" gives it
        up, counted as abandoned; "Keep playing" (or Esc) keeps it, on this menu, where
        "Continue" has the keyboard's focus."""
        given_up = self.game_in_progress()
        if given_up is None:
            self._start_now(game, daily, note)
            return
        self.ring.focus(self.continue_button)
        ask_to_give_up(self.app, given_up, "New game", partial(self._start_now, game, daily, note),
                       practice=self.practice_in_progress())

    def game_in_progress(self) -> str | None:
        """The game in progress that a new one would give up, named as the player knows it
        ("British Constitution #5, 2 moves", "… yesterday's daily deal, #1981, …": what it
        was :func:`dealt_as`), when a move was played in it (one never begun is not
        counted, so giving it up asks nothing); else None."""
        found = self._in_progress()
        dealt = "" if found is None else dealt_as(found[1], found[2])
        if self.paused_unsaved and self.paused_game is not None:
            rules, number, moves = self.paused_game
            return game_named(rules_class(rules).title, number, moves, dealt)
        return begun_game_named(self.saved, dealt)

    def practice_in_progress(self) -> bool:
        """The game :meth:`game_in_progress` names is a practice game (taken over from a
        replay): giving it up counts nothing."""
        if self.paused_unsaved and self.paused_game is not None:
            return self.paused_practice
        return self.saved is not None and is_practice(self.store, self.saved)

    def _start_now(self, game: Game, daily: datetime.date | None, note: str) -> None:
        """Deal ``game`` on the table, the game in progress given up."""
        self.give_up_paused()
        if self.saved is not None:
            abandon_saved(self.store)
            self._refresh_records()
            self._layout()
        self.app.show("table", game=game, daily=daily, note=note)

    def give_up_paused(self) -> None:
        """Another game replaces the paused one. A saved game is counted as abandoned by
        :func:`~game.session.ending.abandon_saved`; a paused game that could not be saved exists only in
        its table, so the table counts it (as abandoned, or lost if no move was left)
        rather than dropping it uncounted."""
        table = self.paused if self.paused_unsaved else None
        self.paused = self.paused_game = None
        self.paused_unsaved = False
        if isinstance(table, GivesUp):
            table.give_up()

    def wants_quit(self) -> bool:
        """The window is closing: a paused game that could not be saved is the held
        table's to ask about (it tries to save it once more, and asks the player to keep
        playing or close anyway); otherwise there is nothing left to save."""
        table = self.paused if self.paused_unsaved else None
        return table.wants_quit() if table is not None else True

    def ask_to_quit(self) -> None:
        """Esc: ask before closing the window (Esc pressed once too often to leave the
        table or a screen must not close the game); "Stay", Enter or Esc again stays."""
        kept = self.game_in_progress()
        if kept and self.paused_unsaved:
            words = (f"Your game in progress ({kept}) could not be saved. Quit tries once more, "
                     "and says so if the game would be lost.")
        elif kept:
            words = f"Your game in progress ({kept}) is kept: Continue takes it up next time."
        else:
            words = "Your statistics, scores and replays are kept."
        self.app.show("confirm", title="Quit the game?", words=words, yes="Quit", action=self.app.quit,
                      no="Stay")

    def continue_game(self) -> None:
        """Back to the game in progress: the paused table as it was left (its clock runs
        again), or the saved game where it was left."""
        table = self._paused_table()
        if table is not None:
            self.paused = self.paused_game = None
            self.app.push(table)
            table.resume()
            return
        replay = load_saved_game(self.store)
        self.app.tell(self.store.take_warnings())
        if replay is None:
            self.error = "The saved game is gone or could not be read."
            self._refresh_records()
            self._layout()
            return
        self.app.show("table", replay=replay, saved=True)

    def open_replay(self, entry: ReplayEntry, line: Entry) -> None:
        """Open a replay file of the lists (``line`` is its line in the list); one that
        cannot be opened says why, and its line says so from then on."""
        entry.check_again()
        replay = entry.replay
        if replay is None:
            name = display_name(entry.path.name)
            if len(name) > NAME_IN_ERROR:  # the reason must show too
                name = name[:NAME_IN_ERROR - 1] + "…"
            if not os.path.lexists(entry.path):
                # removed since the list was made: the list is made again without it
                self.error = f"{name}: the file is no longer there"
                self._refresh_records()
                self._layout_lists()
                return
            self.error = f"{name}: {entry.error}"
            line.main, line.detail, line.mark = entry_texts(entry)
            return
        self.error = ""  # a message about another file is old news
        self.app.show("replay", replay=replay)

    def open_rules(self) -> None:
        """Show the rules of the chosen rule set."""
        self.app.show("rules", rules=self.rules)

    def open_stats(self) -> None:
        """Show the statistics of the chosen rule set."""
        self.app.show("stats", rules=self.rules)

    def open_options(self) -> None:
        """Show the options."""
        self.app.show("options")

    # ----- records ----------------------------------------------------------------------

    def _refresh_records(self) -> None:
        self.saved = load_saved_game(self.store)
        #: the rule set the Continue caption names first, which a narrow caption leaves out
        #: when it is the chosen one ("" when it names none)
        self.continue_rules = ""
        paused = self._paused_table() is not None
        self.continue_button.enabled = self.saved is not None or paused
        if paused and self.paused_unsaved and self.paused_game is not None:
            self.continue_button.label = "Continue"
            rules, number, moves = self.paused_game
            self.continue_button.hint = (f"Not saved: {tab_name(rules)} #{number} · "
                                         f"{counted(moves, 'move')}")
        elif paused and self.saved is None and self.paused_game is not None:
            self.continue_button.label = "Continue"
            rules, number, _ = self.paused_game
            self.continue_button.hint = f"{_which(self._in_progress(), number)} · no moves yet"
            self.continue_rules = rules
        elif self.saved is None:
            self.continue_button.label = "Continue"
            self.continue_button.hint = "No game in progress"
        else:
            self.continue_button.label = "Continue last game"
            self.continue_rules = self.saved.rules
            moves = len(self.saved.moves)
            which = _which(self._in_progress(), self.saved.game, self.saved.title)
            # (a saved game is one begun: "0 moves" where its moves were all undone)
            self.continue_button.hint = f"{which} · {counted(moves, 'move')}"
            if is_practice(self.store, self.saved):  # taken over from a replay: never counted
                self.continue_button.label = "Continue practice"
        self.entries = [self._entry(e) for e in list_recent_games(self.store, LISTED)]
        self.replay_entries = [self._entry(e, dated=True) for e in list_replays(self.store)]
        self.app.tell(self.store.take_warnings())

    def _entry(self, entry: ReplayEntry, *, dated: bool = False) -> Entry:
        main, detail, mark = entry_texts(entry, dated=dated)
        line = Entry(main, detail, lambda: None, mark=mark)
        line.action = partial(self.open_replay, entry, line)
        return line

    def resume(self) -> None:
        """Back from a game or another screen: the saved game, the lists and today's daily
        deal may have changed."""
        self._refresh_records()
        self._refresh_daily()
        self._layout()

    # ----- layout ----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the menu out for a window of ``size``."""
        self.size = size
        self._layout()

    def _layout(self) -> None:
        w, h = self.size
        # a tall window stacks the panels (the games over the other two) and measures its
        # text against the portrait design, so that the menu fills it
        portrait = is_portrait(self.size)
        self.scale = s = stacked_scale(self.size)
        self.px = px = text_px(self.size, s)
        margin = round(24 * s)
        gap = round(18 * s)
        title_h = round(170 * s)
        self.title_rect = pygame.Rect(0, round(8 * s), w, title_h)
        footer = round(34 * s)
        body = pygame.Rect(margin, self.title_rect.bottom + round(6 * s), w - 2 * margin,
                           h - self.title_rect.bottom - round(6 * s) - footer)
        head = round(px * 2.6)
        pad = round(14 * s)
        n = len(self.rule_cards)
        bh = round(px * 2.3)
        gap_b = round(px * 0.5)
        rest = [self.rules_button, self.stats_button, self.options_button, self.quit_button]
        error_h = 3 * round(max(10, round(px * 0.8)) * 1.2)
        natural = (bh + round(px * 1.75) + bh + round(px * 2.0) + bh + round(px * 0.4) + bh
                   + round(px * 0.3) + error_h + round(px * 1.2) + bh + round(px * 1.5)
                   + (len(rest) + 1) // 2 * (bh + gap_b))
        # A tall window would stretch the panels into long empty columns: they keep the
        # height their contents need (the game cards at their natural height, the
        # buttons with a little air), and the title stands over them in the middle of
        # the window.
        card_step = round(px * 7.5)
        need = head + pad + max(n * card_step, natural + 2 * px)
        if portrait:
            left, mid, right = self._stacked_panels(body, head, pad, gap, s, natural)
        else:
            if h > w and body.height > need * 1.15:
                self.title_rect.y += (body.height - need) // 2
                body.height, body.y = need, self.title_rect.bottom + round(6 * s)
            col_w = [0.37, 0.26, 0.37]
            inner_w = body.width - 2 * gap
            xs = [body.x, body.x + round(inner_w * col_w[0]) + gap]
            xs.append(xs[1] + round(inner_w * col_w[1]) + gap)
            widths = [round(inner_w * col_w[0]), round(inner_w * col_w[1]), body.right - xs[2]]
            left, mid, right = (pygame.Rect(xs[i], body.y, widths[i], body.height) for i in range(3))
            # Left: the four rule sets, one under another.
            area = pygame.Rect(left.x + pad, left.y + head, left.width - 2 * pad, left.height - head - pad)
            step = min(area.height // n, card_step)
            for i, rc in enumerate(self.rule_cards):
                rc.rect = pygame.Rect(area.x, area.y + i * step, area.width, step - round(10 * s))
        for rc in self.rule_cards:
            rc.selected = rc.rules == self.rules
        self.panels = [(left, "Choose a game"), (mid, "Play"), (right, "Your games")]

        # Middle: continue, deal, the game number, then the other screens, with a rule
        # between the two groups; from the top of the panel, level with the first game
        # and the first list (the room to spare stays at the bottom, as in the others).
        bx, bw = mid.x + pad, mid.width - 2 * pad
        y = mid.y + head
        self.continue_button.rect = pygame.Rect(bx, y, bw, bh)
        y += bh + round(px * 0.25)
        self.caption_y = y
        y += round(px * 1.5)
        self.random_button.rect = pygame.Rect(bx, y, bw, bh)
        y += bh + round(px * 0.7)
        self.number_label_y = y
        y += round(px * 1.3)
        self.number_input.rect = pygame.Rect(bx, y, bw, bh)
        y += bh + round(px * 0.4)
        self.number_button.rect = pygame.Rect(bx, y, bw, bh)
        y += bh + round(px * 0.3)
        self.error_rect = pygame.Rect(bx, y, bw, error_h)
        y += error_h + round(px * 0.6)
        self.divider_y = y
        y += round(px * 0.6)
        half = (bw - gap_b) // 2
        self.levels_button.rect = pygame.Rect(bx, y, half, bh)
        self.daily_button.rect = pygame.Rect(bx + bw - half, y, half, bh)
        y += bh + round(px * 0.2)
        self.daily_caption_y = y
        y += round(px * 1.3)
        # The other screens two by two, so the column fits the smallest window.
        for i, b in enumerate(rest):
            row, col = divmod(i, 2)
            b.rect = pygame.Rect(bx + col * (bw - half), y + row * (bh + gap_b), half, bh)

        # Right: recent games, then saved replays.
        self.lists_rect = pygame.Rect(right.x + pad, right.y + head, right.width - 2 * pad,
                                      right.height - head - pad)
        self.portrait = portrait
        self.fans = title_fans(self.app.art, self.size, self.title_rect, s)
        self._layout_lists()

    def _list_line(self, room: int) -> tuple[int, int]:
        """The height of a listed game's line in ``room`` pixels of lines, and the pixels
        between two entries' strips: two lines an entry (the detail under the name) in a
        tall window, and wherever an entry's name and detail would not both show whole
        side by side (a date or a long game number cut short); there, as close as every
        entry can stand and still not need paging, down to two lines of text with a
        sliver between them."""
        px = self.px
        entries = [*self.entries, *self.replay_entries]
        if not self.portrait and all(e.whole_on_one_line(px, self.lists_rect.width) for e in entries):
            return round(px * ONE_LINE), ENTRY_GAP
        tight = max((e.two_line_height(px) for e in entries), default=0) + TWO_LINE_GAP
        loose = max(tight, round(px * LOOSE_TWO_LINES))
        if self.portrait:
            return loose, TWO_LINE_GAP
        return max(tight, min(loose, room // max(1, len(entries)))), TWO_LINE_GAP

    def _layout_lists(self) -> None:
        """Lay the lists out in the right panel, and the keyboard's order over every
        control shown. The recent games and the saved replays share the panel's lines:
        each takes what it needs when both fit, else the replays at least half of them,
        paged (:class:`ListWindow`) when they need more."""
        px = self.px
        heading = round(px * 1.75)
        recent, replays = len(self.entries), len(self.replay_entries)
        room = self.lists_rect.height - 2 * heading - round(px * 0.4) - (0 if recent else heading)
        line, self.list_gap = self._list_line(room)
        rows = max(2, room // line)
        if recent + replays <= rows:
            n_rec, n_rep = recent, replays
        else:
            n_rep = min(replays, max(rows - recent, rows // 2))
            n_rec = rows - n_rep
        window = self.replay_window
        window.fit(replays, n_rep)
        y = self.lists_rect.y
        self.recent_heading_y = y
        y += heading
        for i, e in enumerate(self.entries):
            e.enabled = i < n_rec
            e.rect = pygame.Rect(self.lists_rect.x, y, self.lists_rect.width, line - self.list_gap)
            if e.enabled:
                y += line
        if not self.entries:
            y += heading
        self.replay_heading_y = y + round(px * 0.4)
        y = self.replay_heading_y + heading
        for i, e in enumerate(self.replay_entries):
            e.enabled = window.shows(i)
            # a replay out of the window keeps its place in the list's order, and no room
            # on the screen that the pointer could find
            width = self.lists_rect.width if e.enabled else 0
            e.rect = pygame.Rect(self.lists_rect.x, y + (i - window.top) * line, width, line - self.list_gap)
            e.hover = e.enabled and self.pointer is not None and e.rect.collidepoint(self.pointer)
        window.layout(pygame.Rect(self.lists_rect.x, y + window.rows * line, self.lists_rect.width,
                                  min(line - self.list_gap, round(px * 1.5))))

        self.empty_fan = []
        if not self.entries and not self.replay_entries:
            lr, top = self.lists_rect, self.replay_heading_y + round(px * 5.5)
            self.empty_fan = empty_fan(self.app.art, pygame.Rect(lr.x, top, lr.width, lr.bottom - top))
        rest = [self.rules_button, self.stats_button, self.options_button, self.quit_button]
        items: list[Focusable] = [*self.rule_cards, self.continue_button, self.random_button,
                                  self.number_input, self.number_button, self.levels_button,
                                  self.daily_button, *rest,
                                  *[e for e in self.entries if e.enabled],
                                  *[e for e in self.replay_entries if e.enabled]]
        n = len(self.rule_cards)
        middle = 6 + len(rest)
        columns = [0] * n + [1] * middle + [2] * (len(items) - n - middle)
        focused = self.ring.current
        self.ring.set_items(items, columns)
        if focused in self.replay_entries and not focused.enabled and window.rows:
            # the focused replay left the window (paged, or the window resized): the
            # focus goes to the nearest replay shown, not back to the first control
            index = self.replay_entries.index(focused)
            self.ring.focus(self.replay_entries[min(max(index, window.top), window.top + window.rows - 1)])

    def scroll_replays(self, step: int) -> None:
        """Move the saved replays' window ``step`` lines down (up when negative); the
        keyboard's focus on a replay that leaves the window goes to the nearest shown."""
        if self.replay_window.scroll(step):
            self._layout_lists()

    def _replay_key(self, event: pygame.event.Event) -> bool:
        """↑ ↓, Tab and Page Up/Down on a saved replay at the edge of the window go on to
        the replays beyond it, bringing them into the window; whether the key was used."""
        focused = self.ring.current
        if focused not in self.replay_entries or not self.replay_window.more:
            return False
        window = self.replay_window
        index = self.replay_entries.index(focused)
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_TAB: -1 if back else 1,
                 pygame.K_PAGEUP: -window.rows, pygame.K_PAGEDOWN: window.rows}
        step = steps.get(event.key)
        if step is None:
            return False
        target = index + step
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            target = max(0, min(len(self.replay_entries) - 1, target))
        elif window.shows(target) or not 0 <= target < len(self.replay_entries):
            return False  # within the window, or past either end: the ring moves on
        window.reveal(target)
        self._layout_lists()
        self.ring.focus(self.replay_entries[target])
        return True

    def _stacked_panels(self, body: pygame.Rect, head: int, pad: int, gap: int, s: float,
                        play_h: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A tall window's panels: the games across the top, two by two, and under them
        "Play" (whose controls need ``play_h``) beside "Your games", which take the rest of
        the height."""
        px = self.px
        n = len(self.rule_cards)
        rows = (n + 1) // 2
        space = round(10 * s)
        # the games take what "Play" leaves (its buttons with a little air), up to cards
        # half as tall again as they need
        play = head + play_h + pad + 2 * px
        room = body.height - gap - play - head - pad - (rows - 1) * space
        card_h = max(round(px * 6.4), min(round(px * 9.6), room // rows))
        left = pygame.Rect(body.x, body.y, body.width, head + rows * card_h + (rows - 1) * space + pad)
        lower = pygame.Rect(body.x, left.bottom + gap, body.width, body.bottom - left.bottom - gap)
        mid_w = round((lower.width - gap) * 0.46)
        mid = pygame.Rect(lower.x, lower.y, mid_w, lower.height)
        right = pygame.Rect(mid.right + gap, lower.y, lower.right - mid.right - gap, lower.height)
        area = pygame.Rect(left.x + pad, left.y + head, left.width - 2 * pad, left.height - head - pad)
        card_w = (area.width - space) // 2
        for i, rc in enumerate(self.rule_cards):
            row, col = divmod(i, 2)
            rc.rect = pygame.Rect(area.x + col * (card_w + space), area.y + row * (card_h + space),
                                  card_w, card_h)
        return left, mid, right

    # ----- events ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys move the focus and activate; typing a digit goes to the number field."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.number_input.focused and self.number_input.value:
                    self.number_input.set_text("")
                else:
                    self.ask_to_quit()
                return
            if self._chooses_and_goes_on(event):
                return
            if not self._replay_key(event):
                self.ring.handle_key(event)
        elif event.type == pygame.MOUSEWHEEL:
            # the wheel over the lists pages through the saved replays
            pointer = self.pointer if self.pointer is not None else pygame.mouse.get_pos()
            if self.lists_rect.inflate(self.px, self.px).collidepoint(pointer):
                self.scroll_replays(-int(getattr(event, "y", 0)))
        elif (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
              and self.replay_window.more and self.replay_window.click(event.pos)):
            self._layout_lists()
        elif event.type == pygame.TEXTINPUT:
            typed = str(getattr(event, "text", ""))
            if self.number_input.focused:
                self.number_input.handle_text(event)
            elif typed[:1].isdigit() or typed[:1] == "#":
                self.ring.focus(self.number_input)
                self.number_input.handle_text(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEMOTION:
                self.pointer = event.pos
            self.ring.handle_mouse(event)

    def _chooses_and_goes_on(self, event: pygame.event.Event) -> bool:
        """Enter or Space on a rule set chooses it, and the focus goes on to "Deal a random
        game", so that Enter again deals it: a new player who presses Enter on the rule set
        the menu opens on (already chosen) sees where the next step is, rather than nothing
        happen. (A click chooses and leaves the focus on the rule set.)"""
        card = self.ring.current
        if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                or not isinstance(card, RuleCard):
            return False
        card.activate()
        self.ring.focus(self.random_button)
        return True

    def update(self, dt: float) -> None:
        """Blink the text cursor."""
        self.number_input.update(dt)

    # ----- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title and fans, the three panels and the key hints."""
        palette = self.app.palette
        drawn = self.app.drawn
        surface.blit(palette.felt(self.size), (0, 0))
        draw_title(surface, palette, self.title_rect, self.size, self.fans, drawn, self.scale)
        px = self.px
        for rect, heading in self.panels:
            theme.panel(surface, rect, palette, radius=max(8, px // 2))
            drawn.add(Kind.TEXT, theme.text(surface, heading, round(px * 1.15),
                                            (rect.x + round(px * 0.9), rect.y + px * 0.7),
                                            colour=palette.gold, bold=True), f"heading: {heading}")
        for rc in self.rule_cards:
            rc.four_colour = self.app.settings.four_colour
            rc.draw(surface, px, palette)
            rc.record(drawn, f"game card {rc.title}")
        small = max(10, round(px * 0.78))
        cap = self.continue_button.hint
        below = self.continue_button.rect
        # a long caption ("Constitution daily #1879 · no moves yet") is set a little
        # smaller before any of it is cut, and where even that is too wide, it leaves out
        # the rule set's name when that is the one chosen beside it ("Daily #1879 · …")
        least = max(10, round(small * 0.85))
        named = f"{tab_name(self.continue_rules)} " if self.continue_rules == self.rules else ""
        if named and cap.startswith(named) and theme.font(least).size(cap)[0] > below.width:
            cap = sentence(cap[len(named):])
        cap_px = fitting_px(cap, small, below.width, least)
        drawn_text(drawn, f"caption: {self.continue_button.hint}", surface,
                   fit_numbered(cap, cap_px, below.width), cap_px, (below.centerx, self.caption_y),
                   palette.ink_dim, anchor="midtop")
        for b in (self.random_button, self.number_button, self.continue_button, self.levels_button,
                  self.daily_button, self.rules_button, self.stats_button, self.options_button,
                  self.quit_button):
            label_px = fitting_px(b.label, px, b.rect.width - px, 10, bold=True)
            b.draw(surface, label_px, palette)
            record_button(drawn, b, label_px)
            if b.focused:
                focus_glow(surface, b.rect, max(4, b.rect.height // 4), palette)
        daily_w = self.daily_button.rect.right - self.levels_button.rect.x
        drawn.add(Kind.TEXT, theme.text(surface, fit_text(self.daily_caption, small, daily_w), small,
                                        (self.levels_button.rect.x + daily_w // 2, self.daily_caption_y),
                                        colour=palette.ink_dim, anchor="midtop"),
                  f"caption: {self.daily_caption}")
        label_px = round(px * 0.85)
        label = f"Game number ({tab_name(self.rules)})"
        if theme.font(label_px).size(label)[0] > self.number_input.rect.width:
            label = "Game number"
        drawn_text(drawn, label, surface, label, label_px, (self.number_input.rect.x, self.number_label_y),
                   palette.ink_dim)
        self.number_input.draw(surface, px, palette)
        self.number_input.record(drawn, "the game number field")
        line = self.number_button.rect
        pygame.draw.line(surface, palette.edge, (line.x + px, self.divider_y),
                         (line.right - px, self.divider_y), 1)
        draw_error(surface, self.error, self.error_rect, px, drawn)
        draw_lists(surface, palette, px, self.lists_rect, (self.recent_heading_y, self.replay_heading_y),
                   self.entries, self.replay_entries, self.empty_fan, drawn, self.replay_window)
        drawn.add(Kind.TEXT, draw_key_hint(surface, "Tab or arrows: move   ·   Enter: choose   ·   "
                                           "type a number to play it   ·   Esc: quit", px, self.size,
                                           self.size[1] - round(px * 0.9), palette),
                  "the keys")


def dealt_as(daily: datetime.date | None, level: int | None) -> str:
    """What a game in progress was dealt as, for :func:`~game.engine.words.game_named`: a
    level ("level 3") or a daily deal and its day ("yesterday's daily deal"), so that a
    player asked to give it up knows which game it is; "" for any other deal."""
    if level is not None:
        return f"level {level}"
    if daily is None:
        return ""
    ago = (datetime.date.today() - daily).days
    day = "today's" if ago == 0 else "yesterday's" if ago == 1 else f"{daily.day} {daily:%B}'s"
    return f"{day} daily deal"


def daily_note(day: datetime.date) -> str:
    """What the table says as a daily deal opens: what it is."""
    return (f"The daily deal of {day.day} {day:%B %Y}: the same deal for every player today, "
            "and one that can be won")


def _which(found: tuple[str, datetime.date | None, int | None] | None, number: str, title: str = "") -> str:
    """The game in progress (:meth:`MenuScene._in_progress`: its rule set, daily deal's
    day and level) as the menu names it: its rule set and level ("Constitution level 2"),
    or its number ``number``, as a daily deal's ("Constitution daily #1879") or any
    other's ("Constitution #11")."""
    assert found is not None
    rules, daily, level = found
    name = tab_name(rules, title)
    if level is not None:
        return f"{name} level {level}"
    return f"{name} {'daily ' if daily is not None else ''}#{number}"


def number_error(typed: str, err: GameNumberError) -> str:
    """Why ``typed`` is no game number (``err``), as the menu says it: a long one is told by
    its length, not quoted (the field above shows it), and a number too long is told the
    most digits first, the largest number after them, so that the menu's three lines for
    the error hold the reason whole (they ended ``it must be at most 999…``)."""
    if len(quoted(typed)) <= QUOTED_NUMBER or not err.reason:
        return str(err)
    text = typed.strip()
    length = f"{len(text)} digits" if text.isascii() and text.isdigit() else f"{len(text)} characters"
    reason = err.reason
    if reason == TOO_LONG:
        reason = f"it must have at most {len(str(MAX_GAME_NUMBER))} digits (up to {MAX_GAME_NUMBER})"
    return f"game number of {length}: {reason}"
