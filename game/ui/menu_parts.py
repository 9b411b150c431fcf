"""The main menu's parts: its rule-set cards and list lines, the fans of cards beside
its title and in its empty list, and the drawing of its title, error and lists (the
:class:`~game.ui.menu.MenuScene` lays them out and handles the keys)."""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Sequence

import pygame

from ..engine import RULESETS, profile_of
from ..engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card
from ..records.replay import ABANDONED, LOST, WON, format_seconds
from ..records.saves import MAX_LISTED, ReplayEntry
from ..records.store import display_name
from . import theme
from .art import CardArt, card_size_for_width, draw_suit, suit_colour
from .drawn import DrawnBoxes, Kind
from .rule_tabs import tab_name
from .theme import Colour, Palette
from .widgets import Control, fit_numbered, fit_text, fitting_px, focus_glow, ui_scale, wrap

#: a picture and where it goes
Placed = tuple[pygame.Surface, pygame.Rect]

#: The cards of the two decorative fans beside the title.
LEFT_FAN = (card(HEARTS, 13), card(SPADES, 12), card(DIAMONDS, 11), card(CLUBS, 1))
RIGHT_FAN = (card(CLUBS, 13), card(HEARTS, 12), card(SPADES, 11), card(DIAMONDS, 1))

RED_INK = (214, 64, 58)


#: the mark of a listed file that cannot be read (the others are marked by their result)
UNREADABLE = "unreadable"


def mark_colour(mark: str, palette: Palette) -> Colour | None:
    """The colour of the dot before a listed game, by its mark (no dot for a result the
    file does not give)."""
    return {WON: palette.legal, LOST: palette.danger, UNREADABLE: palette.danger,
            ABANDONED: (150, 160, 150)}.get(mark)


def entry_texts(entry: ReplayEntry, *, dated: bool = False) -> tuple[str, str, str]:
    """The name, detail and mark (:func:`mark_colour`) of a replay file in a menu list,
    from its summary (the moves are checked when it is opened): a file found damaged
    when it was opened says so, not the result its header claims. ``dated`` (the saved
    replays, which may hold several games of one deal): the detail ends with the day the
    game was begun (:func:`started_words`) instead of its play time, where it is known."""
    summary = entry.summary
    if summary is None:
        return display_name(entry.path.name), "cannot be read", UNREADABLE
    if entry.damaged is not None:
        return tab_name(summary.rules, summary.title), f"#{summary.game} · damaged", UNREADABLE
    result = summary.result or "result not given"
    played = format_seconds(summary.seconds)
    if dated:
        # (a play time where the day is not known, said as such: "0:04" read as a time of day)
        played = started_words(summary.started) or f"played {played}"
    detail = f"#{summary.game} · {result} · {played}"
    return tab_name(summary.rules, summary.title), detail, result


def started_words(started: str, today: datetime.date | None = None) -> str:
    """When a game was begun (a replay's ``started``, UTC in ISO 8601), in local time as a
    list shows it: ``today 19:25``, ``29 Nov 19:25`` this year, ``29 Nov 2025`` before;
    empty when it is not known (or not a time a clock can show: a hand-made header's
    year 1 or 9999, which the local time zone takes out of range)."""
    try:
        when = datetime.datetime.fromisoformat(started.replace("Z", "+00:00"))
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
        local = when.astimezone()
    except (ValueError, OverflowError, OSError):
        return ""
    today = today or datetime.date.today()
    if local.date() == today:
        return f"today {local:%H:%M}"
    day = f"{local.day} {local:%b}"
    return f"{day} {local:%H:%M}" if local.year == today.year else f"{day} {local.year}"


class RuleCard(Control):
    """One rule set in the menu's list: its suit, name and one-line description."""

    def __init__(self, rules: str, choose: Callable[[str], None]) -> None:
        super().__init__()
        self.rules = rules
        self.title = RULESETS[rules].title
        self.summary = RULESETS[rules].summary
        self.choose = choose
        self.selected = False
        #: the suit in the cards' four-colour inks (the option of that name)
        self.four_colour = False

    def activate(self) -> None:
        """Make this the chosen rule set."""
        self.choose(self.rules)

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """A card-like strip, gold-edged when chosen."""
        r = self.rect
        self.texts = []
        radius = max(6, r.height // 8)
        fill = (palette.strip_selected if self.selected else
                palette.strip_hover if self.hover else palette.strip)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, palette.edge, r, width=2 if self.selected else 1,  # gold: focus only
                         border_radius=radius)
        emblem = min(r.height - 2 * (px // 2), round(px * 2.6))
        badge = pygame.Rect(0, 0, emblem, emblem)
        badge.midleft = (r.x + px * 3 // 4, r.centery)
        pygame.draw.ellipse(surface, (250, 247, 236) if self.selected else (214, 220, 206), badge)
        suit = profile_of(self.rules).emblem_suit
        # the cards' own inks when the four-colour deck is chosen (clubs green, diamonds blue)
        ink = suit_colour(suit, True) if self.four_colour else \
            RED_INK if suit in (HEARTS, DIAMONDS) else (26, 26, 30)
        draw_suit(surface, suit, badge.center, emblem * 0.58, ink)
        x = badge.right + px * 3 // 4
        width = r.right - x - px // 2
        title_px, titles, small, lines, block = self._fit(px, width, r.height)
        y = r.centery - block // 2
        for title in titles:
            self._text(surface, fit_text(title, title_px, width, bold=True), title_px, (x, y),
                       colour=palette.gold if self.selected else palette.ink, bold=True)
            y += _title_step(px)
        y += round(px * 0.05)
        for line in lines:
            self._text(surface, line, small, (x, y), colour=palette.ink_dim)
            y += round(small * 1.22)
        if self.focused:
            focus_glow(surface, r, radius, palette)

    def _fit(self, px: int, width: int, height: int) -> tuple[int, list[str], int, list[str], int]:
        """The name's size and lines, the description's size and lines, and the height of
        the two, for a card ``width`` wide and ``height`` high at text size ``px``.

        The name keeps the size of the other cards' names where it can: whole on one line,
        or else in two at its bracket ("British Constitution" over "(Lady Cadogan)") when
        the description still fits at 11 pixels or more. Else it is drawn down to four
        fifths of that size, and only then wrapped."""
        def description(title_lines: int, least: int, *,
                        anyway: bool = False) -> tuple[int, list[str], int] | None:
            """The description's size, lines and the block's height, down to ``least``
            pixels; None where it does not fit even so (the smallest, ``anyway``)."""
            title_h = title_lines * _title_step(px) + round(px * 0.05)
            small = max(11, round(px * 0.85))
            while True:
                lines = wrap(self.summary, small, width)
                block = title_h + len(lines) * round(small * 1.22)
                if block <= height - px // 2 or (anyway and small <= least):
                    return small, lines, block
                if small <= least:
                    return None
                small -= 1

        def fits(words: str, size: int) -> bool:
            return theme.font(size, True).size(words)[0] <= width

        if fits(self.title, px):
            found = description(1, 10)
            if found is not None:
                return px, [self.title], *found
        name, bracket, rest = self.title.partition(" (")
        if bracket and fits(name, px) and fits("(" + rest, px):
            found = description(2, 11)
            if found is not None:
                return px, [name, "(" + rest], *found
        title_px = fitting_px(self.title, px, width, px * 0.8, bold=True)
        titles = [self.title]
        if not fits(self.title, title_px):
            titles = wrap(self.title, title_px, width, bold=True)[:2]
        found = description(len(titles), 10, anyway=True)
        assert found is not None
        return title_px, titles, *found


def _title_step(px: int) -> int:
    """From one line of a game's name to the next: a fifth more than the text size, or
    the bold font's own height where that is more (small sizes)."""
    return max(round(px * 1.2), theme.font(px, True).size("(Ag)")[1] + 1)


class Entry(Control):
    """A line in the recent games or replays list: two texts and an action."""

    def __init__(self, main: str, detail: str, action: Callable[[], None], mark: str = "") -> None:
        super().__init__()
        self.main = main
        self.detail = detail
        self.action = action
        self.mark = mark

    def activate(self) -> None:
        """Open the game or replay."""
        self.action()

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """Its result mark, its name and its detail, on a strip that lights up on hover."""
        r = self.rect
        self.texts = []
        radius = max(4, r.height // 5)
        if self.hover or self.focused:
            pygame.draw.rect(surface, palette.strip_selected, r, border_radius=radius)
        x = r.x + px // 2
        colour = mark_colour(self.mark, palette)
        small = detail_px(px)
        two_lines = r.height >= px * TWO_LINE_STRIP
        # two lines (a tall window's menu, or names and details too long to stand side by
        # side): the pair in the middle of the strip, the mark level with the name, which
        # it leads
        name_h = theme.font(px).size(self.main)[1]
        top = r.centery - (name_h + theme.font(small).size(self.detail)[1]) // 2
        # the mark's room is kept where there is none, so the names stand in one column
        mark = pygame.Rect(0, 0, px // 2 + 2, px // 2 + 2)
        mark.midleft = (x, top + name_h // 2 if two_lines else r.centery)
        if colour is not None:
            # a file that cannot be opened has a ring, so that it never reads as a lost game
            pygame.draw.ellipse(surface, colour, mark, max(2, px // 7) if self.mark == UNREADABLE else 0)
        x = r.x + name_left(px)
        if two_lines:
            # the detail under the name, each as wide as the strip
            width = r.right - x - px // 2
            self._text(surface, fit_text(self.main, px, width), px, (x, top),
                       anchor="topleft", colour=palette.ink)
            self._text(surface, fit_numbered(self.detail, small, width), small,
                       (x, top + name_h), anchor="topleft", colour=palette.ink_dim)
        else:
            # the detail takes what room the name leaves, and half the strip at least
            name_w = theme.font(px).size(self.main)[0]
            left = r.right - px // 2 - (x + name_w + px)
            detail_w = min(max(r.width // 2, left), theme.font(small).size(self.detail)[0])
            self._text(surface, fit_text(self.main, px, r.right - x - detail_w - px), px,
                       (x, r.centery), anchor="midleft", colour=palette.ink)
            self._text(surface, fit_numbered(self.detail, small, detail_w), small,
                       (r.right - px // 2, r.centery), colour=palette.ink_dim, anchor="midright")
        if self.focused:
            focus_glow(surface, r, radius, palette)

    def two_line_height(self, px: int) -> int:
        """The height its name over its detail take at ``px``."""
        return theme.font(px).size(self.main)[1] + theme.font(detail_px(px)).size(self.detail)[1]

    def whole_on_one_line(self, px: int, width: int) -> bool:
        """Whether its name and its detail both show whole side by side on a strip
        ``width`` wide at text size ``px`` (otherwise the detail, a date or a long game
        number, loses its end: the list then gives each entry two lines)."""
        name_w = theme.font(px).size(self.main)[0]
        detail_w = theme.font(detail_px(px)).size(self.detail)[0]
        return name_left(px) + name_w + px + detail_w + px // 2 <= width


def name_left(px: int) -> int:
    """How far a listed game's name stands from its strip's left edge at ``px``: a margin,
    the result mark (``px // 2 + 2`` wide) and a margin."""
    return px // 2 + (px // 2 + 2) + px // 2


#: the least height of an entry's strip, in text sizes, that holds the detail under the
#: name (a one-line strip is lower)
TWO_LINE_STRIP = 1.8


def detail_px(px: int) -> int:
    """The size of a listed game's detail, under or beside its name at ``px``."""
    return max(10, round(px * 0.8))


class ListWindow:
    """The lines of a list longer than its room: ``rows`` of its ``count`` lines from
    ``top`` show, and a line under them says which and holds ▲ and ▼ to page the list."""

    def __init__(self) -> None:
        self.top = 0
        self.rows = 0
        self.count = 0
        #: where the line under the list and its ▲ and ▼ were laid out (empty: no line)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.up_rect = pygame.Rect(0, 0, 0, 0)
        self.down_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def more(self) -> bool:
        """Whether the list is longer than its room (the line under it shows)."""
        return self.count > self.rows

    def fit(self, count: int, rows: int) -> None:
        """A list of ``count`` lines in ``rows`` lines of room: every line when they fit,
        else one line fewer (for the line that says which show), keeping ``top`` in range."""
        self.count = count
        self.rows = count if count <= rows else max(1, rows - 1)
        self.scroll(0)

    def shows(self, index: int) -> bool:
        """Whether line ``index`` is in the window."""
        return self.top <= index < self.top + self.rows

    def scroll(self, step: int) -> bool:
        """Move the window ``step`` lines down (up when negative), kept in range; whether
        it moved."""
        top = max(0, min(self.count - self.rows, self.top + step))
        moved, self.top = top != self.top, top
        return moved

    def reveal(self, index: int) -> None:
        """Move the window the least that brings line ``index`` into it."""
        if index < self.top:
            self.scroll(index - self.top)
        elif index >= self.top + self.rows:
            self.scroll(index - self.top - self.rows + 1)

    def words(self) -> str:
        """What the line under the list says: which lines show, of how many (the newest
        :data:`~game.records.saves.MAX_LISTED` at most are listed: then it says so)."""
        of = f"the newest {self.count}" if self.count >= MAX_LISTED else str(self.count)
        return f"{self.top + 1}–{self.top + self.rows} of {of}"

    def layout(self, rect: pygame.Rect) -> None:
        """Lay the line under the list out in ``rect`` (an empty rect where it does not show),
        its ▲ and ▼ square at its right end."""
        self.rect = pygame.Rect(rect) if self.more else pygame.Rect(0, 0, 0, 0)
        side = self.rect.height
        self.down_rect = pygame.Rect(self.rect.right - side, self.rect.y, side, side)
        self.up_rect = self.down_rect.move(-side - max(2, side // 4), 0)
        if not self.more:
            self.up_rect = self.down_rect = pygame.Rect(0, 0, 0, 0)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on ▲ or ▼ pages the list; whether it was on one of them."""
        for rect, step in ((self.up_rect, -self.rows), (self.down_rect, self.rows)):
            if rect.collidepoint(pos):
                self.scroll(step)
                return True
        return False

    def draw(self, surface: pygame.Surface, px: int, palette: Palette, drawn: DrawnBoxes, name: str) -> None:
        """The line: which lines show, then ▲ and ▼, each dim where the list ends that way."""
        if not self.more:
            return
        small = max(10, round(px * 0.8))
        r = self.rect
        said = theme.text(surface, self.words(), small, (r.x + px // 2, r.centery), colour=palette.ink_dim,
                          anchor="midleft")
        drawn.add(Kind.TEXT, said, f"{name}: {self.words()}")
        for rect, sign, can in ((self.up_rect, "▲", self.top > 0),
                                (self.down_rect, "▼", self.top + self.rows < self.count)):
            radius = max(3, rect.height // 4)
            pygame.draw.rect(surface, palette.strip, rect, border_radius=radius)
            pygame.draw.rect(surface, palette.edge, rect, width=1, border_radius=radius)
            mark = theme.text(surface, sign, small, rect.center, colour=palette.gold if can else palette.edge,
                              anchor="center")
            box = drawn.add(Kind.BUTTON, rect, f"{name}: {sign}")
            drawn.add(Kind.TEXT, mark, f"{name}: {sign}: {sign}", box)


def title_fans(art: CardArt, size: tuple[int, int], title_rect: pygame.Rect,
               scale: float | None = None) -> list[Placed]:
    """The two fans of court cards either side of the title, for a window of ``size``
    (``scale``: the menu's own, else :func:`ui_scale`)."""
    fans: list[Placed] = []
    w = size[0]
    s = ui_scale(size) if scale is None else scale
    cw = round(min(74 * s, w * 0.06))
    card_size = card_size_for_width(cw)
    cy = title_rect.centery + round(4 * s)
    for side, cards in ((-1, LEFT_FAN), (1, RIGHT_FAN)):
        cx = w // 2 + side * round(w * 0.36)
        for i, code in enumerate(cards):
            angle = (i - (len(cards) - 1) / 2) * 14.0
            image = pygame.transform.rotozoom(art.face(code, card_size), -angle, 1.0)
            dx = math.sin(math.radians(angle)) * card_size[1] * 0.7
            dy = (1 - math.cos(math.radians(angle))) * card_size[1] * 0.7
            rect = image.get_rect(center=(round(cx + dx), round(cy + dy)))
            fans.append((image, rect))
    return fans


def empty_fan(art: CardArt, room: pygame.Rect) -> list[Placed]:
    """Card backs spread in ``room`` (the empty space of the lists before any game is
    finished); none when they would not fit."""
    cw = round(min(room.width * 0.26, room.height / 1.4 * 0.6))
    if cw < 30:
        return []
    card_size = card_size_for_width(cw)
    back = art.back(card_size)
    centre = (room.centerx, room.centery + card_size[1] // 6)
    fan: list[Placed] = []
    for i in range(5):
        angle = (i - 2) * 13.0
        image = pygame.transform.rotozoom(back, -angle, 1.0)
        dx = math.sin(math.radians(angle)) * card_size[1] * 1.1
        dy = (1 - math.cos(math.radians(angle))) * card_size[1] * 1.1
        fan.append((image, image.get_rect(center=(round(centre[0] + dx), round(centre[1] + dy)))))
    return fan if all(room.contains(rect) for _, rect in fan) else []


def draw_title(surface: pygame.Surface, palette: Palette, title_rect: pygame.Rect,
               size: tuple[int, int], fans: Sequence[Placed], drawn: DrawnBoxes,
               scale: float | None = None) -> None:
    """The fans, the two lines of the title with their shadow, and the suits between two
    gold rules under it (``scale``: the menu's own, else :func:`ui_scale`)."""
    for image, rect in fans:
        surface.blit(image, rect)
    r = title_rect
    s = ui_scale(size) if scale is None else scale
    # the title keeps clear of the fans either side of it (in a narrow window too)
    big = fitting_px("British Constitution", round(50 * s), size[0] * 0.56, 12, bold=True)
    cx = r.centerx
    y = r.y + round(14 * s)
    for line in ("British Constitution", "& British Square"):
        theme.text(surface, line, big, (cx + 3, y + 3), colour=(8, 30, 18), bold=True, anchor="midtop")
        drawn.add(Kind.TEXT, theme.text(surface, line, big, (cx, y), colour=palette.gold, bold=True,
                                        anchor="midtop"), f"title: {line}")
        y += round(big * 1.18)
    sy = y + round(big * 0.35)
    suit_h = round(26 * s)
    spacing = round(40 * s)
    for i, suit in enumerate((SPADES, HEARTS, CLUBS, DIAMONDS)):
        x = cx + (i - 1.5) * spacing
        ink = RED_INK if suit in (HEARTS, DIAMONDS) else (245, 242, 230)
        draw_suit(surface, suit, (x, sy), suit_h, ink)
    line_w = round(120 * s)
    for side in (-1, 1):
        x0 = cx + side * (2 * spacing + round(8 * s))
        pygame.draw.line(surface, palette.gold, (x0, sy), (x0 + side * line_w, sy), max(1, round(2 * s)))


def draw_error(surface: pygame.Surface, error: str, rect: pygame.Rect, px: int, drawn: DrawnBoxes) -> None:
    """The menu's error (a wrong game number, a damaged file) wrapped into ``rect``, its
    last line cut short when it does not fit."""
    if not error:
        return
    small = max(10, round(px * 0.8))
    lines = wrap(error, small, rect.width)
    max_lines = max(1, rect.height // round(small * 1.2))
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], fit_text(" ".join(lines[max_lines - 1:]), small, rect.width)]
    y = rect.y
    for line in lines:
        said = theme.text(surface, line, small, (rect.x, y), colour=(255, 150, 130))
        drawn.add(Kind.TEXT, said, f"error: {line}")
        y += round(small * 1.2)


def draw_lists(surface: pygame.Surface, palette: Palette, px: int, lists_rect: pygame.Rect,
               headings_y: tuple[int, int], entries: Sequence[Entry], replay_entries: Sequence[Entry],
               fan: Sequence[Placed], drawn: DrawnBoxes, replay_window: ListWindow) -> None:
    """The recent games and the saved replays under their headings (at ``headings_y``),
    the lines laid out and shown, and under the replays the line that pages them when they
    do not all fit; words in place of an empty list, and the fan of backs."""
    recent_y, replay_y = headings_y
    small = max(10, round(px * 0.85))
    lr = lists_rect
    drawn.add(Kind.TEXT, theme.text(surface, "Recent games", small, (lr.x, recent_y + px * 0.3),
                                    colour=palette.ink_dim, bold=True), "Recent games")
    shown = [e for e in entries if e.enabled]
    for e in shown:
        e.draw(surface, px, palette)
        e.record(drawn, f"recent game {e.main}")
    if not shown:
        drawn.add(Kind.TEXT, theme.text(surface, "No games yet: deal one!", small,
                                        (lr.x + px // 2, recent_y + round(px * 1.75) + px * 0.3),
                                        colour=palette.ink_dim), "no recent games")
    drawn.add(Kind.TEXT, theme.text(surface, "Saved replays", small, (lr.x, replay_y + px * 0.3),
                                    colour=palette.ink_dim, bold=True), "Saved replays")
    replays = [e for e in replay_entries if e.enabled]
    for e in replays:
        e.draw(surface, px, palette)
        e.record(drawn, f"replay {e.main}")
    replay_window.draw(surface, px, palette, drawn, "more replays")
    if not replays:
        msg = wrap("Save a replay when a game ends to watch it here.", small, lr.width - px)
        y = replay_y + round(px * 1.75) + px * 0.3
        for line in msg[:2]:
            said = theme.text(surface, line, small, (lr.x + px // 2, y), colour=palette.ink_dim)
            drawn.add(Kind.TEXT, said, f"no replays: {line}")
            y += round(small * 1.25)
    for image, rect in fan:
        surface.blit(image, rect)
