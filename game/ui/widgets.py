"""Widgets the menus share beyond theme.Button: a text field, toggles, choices, sliders,
word-wrapping, and the keyboard focus ring that moves between them.

Every control has ``rect``, ``focused`` and ``enabled``; mouse events go to
``handle_mouse``, keys to ``handle_key`` while it has the focus, and Enter or Space calls
``activate``. theme.Button takes part in the same ring (Enter runs its action).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pygame

from ..cache import BoundedCache
from . import theme
from .drawn import Box, DrawnBoxes, Kind
from .theme import Button, Palette

#: The window size the designs are drawn for; text and spacing scale from it.
DESIGN_SIZE = (1280, 800)
#: a space :func:`wrap` never breaks a line at (the fonts draw it as a space)
NO_BREAK = "\u00a0"

#: what the lost game's dialog and the replay viewer of a lost game offer: the analysis
#: of the line (game.ui.dialogs.AnalysisDialog)
ANALYSIS_TITLE = "Where did I go wrong?"


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than the 1280×800 design a window of ``size`` draws everything."""
    return max(0.6, min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))


#: The design of a tall window (:func:`is_portrait`), whose screens stack their panels.
PORTRAIT_DESIGN_SIZE = (800, 1200)


def is_portrait(size: tuple[int, int]) -> bool:
    """A tall, narrow window (at least 5 high for 4 wide): the screens that can stack their
    panels one over the other do, rather than leave most of the window empty."""
    return size[1] >= 1.25 * size[0]


def stacked_scale(size: tuple[int, int]) -> float:
    """:func:`ui_scale` for a screen laid out for ``size``: measured against the portrait
    design in a tall window (:func:`is_portrait`) where the screen stacks its panels."""
    if not is_portrait(size):
        return ui_scale(size)
    return max(0.6, min(size[0] / PORTRAIT_DESIGN_SIZE[0], size[1] / PORTRAIT_DESIGN_SIZE[1]))


def text_px(size: tuple[int, int], scale: float | None = None) -> int:
    """The size of the body text of the menu screens in a window of ``size``: 19 pixels at
    the design size, never under 12 (``scale``: the screen's own, else :func:`ui_scale`)."""
    return max(12, round(19 * (ui_scale(size) if scale is None else scale)))


def fitting_px(words: str, px: int, room: float, least: float, *, bold: bool = False) -> int:
    """The largest text size from ``px`` down to ``least`` at which ``words`` fit in ``room``
    pixels; the first size not above ``least`` where none does (the caller then cuts or
    wraps them)."""
    while px > least and theme.font(px, bold).size(words)[0] > room:
        px -= 1
    return px


#: the phrases :func:`unbroken` keeps on one line: a place ("Row 2, pile 6", "pile 13", "the
#: ♠ foundation") and a move's number ("move 57", "moves 30 to 57")
_PHRASES = re.compile(r"Row \d+, pile \d+|Row \d+|[Pp]ile \d+|the \S foundation"
                      r"|[Mm]oves? [\d,]+(?: to [\d,]+)?")


def unbroken(text: str) -> str:
    """``text`` with the spaces inside a place's name or a move's number made no-break
    spaces, so that :func:`wrap` never ends a line with "Row" and begins the next with
    "2, pile 6"."""
    return _PHRASES.sub(lambda m: m.group(0).replace(" ", NO_BREAK), text)


def wrap(words: str, px: int, width: int, *, bold: bool = False) -> list[str]:
    """Break ``words`` into lines no wider than ``width`` pixels at font size ``px``.

    A word longer than the whole width is cut so that nothing spills out: after a ``-``,
    ``/`` or ``_``, or before a ``.``, where one fits well into the line (a file name),
    else by characters.
    """
    f = theme.font(px, bold)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        # split at spaces only: a no-break space (:func:`unbroken`) keeps its words together
        for word in filter(None, paragraph.split(" ")):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                # after a dash, slash or underscore, or before a dot (an extension)
                joint = max(max(word.rfind(mark, 0, cut) + 1 for mark in "-/_"), word.rfind(".", 1, cut))
                if joint >= max(2, cut // 3):
                    cut = joint
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def fit_text(words: str, px: int, width: int, *, bold: bool = False) -> str:
    """``words`` shortened with an ellipsis so it fits in ``width`` pixels."""
    f = theme.font(px, bold)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words + "…"


def fit_middle(words: str, px: int, width: int, *, bold: bool = False) -> str:
    """``words`` with its middle cut out for an ellipsis so it fits in ``width`` pixels:
    for a long game number, whose first and last digits tell it from the others."""
    f = theme.font(px, bold)
    if f.size(words)[0] <= width:
        return words
    head, tail = words[: len(words) // 2], words[len(words) // 2:]
    while head and tail and f.size(f"{head}…{tail}")[0] > width:
        if len(head) >= len(tail):
            head = head[:-1]
        else:
            tail = tail[1:]
    return f"{head}…{tail}"


def fit_numbered(words: str, px: int, width: int, *, bold: bool = False) -> str:
    """``words`` in ``width`` pixels, a game number in them (``#`` and digits) losing its
    middle digits first, so the words around it still show whole; cut at the end as
    :func:`fit_text` when that is not enough."""
    f = theme.font(px, bold)
    found = re.search(r"#\d{5,}", words)
    if found is None or f.size(words)[0] <= width:
        return fit_text(words, px, width, bold=bold)
    before, number, after = words[: found.start()], found.group(), words[found.end():]
    room = width - f.size(before + after)[0]
    if f.size("#1…9")[0] > room:
        return fit_text(words, px, width, bold=bold)
    return before + fit_middle(number, px, room, bold=bold) + after


#: a Square column's heading by its direction (1 up, -1 down, 0 either way, None an empty
#: column), in a player's words from longest to shortest, and their colour
DIRECTION_HEADINGS: dict[int | None, tuple[tuple[str, ...], tuple[int, int, int]]] = {
    1: (("▲ builds up", "▲ up", "▲"), (185, 235, 255)),
    -1: (("▼ builds down", "▼ down", "▼"), (255, 215, 185)),
    0: (("▲▼ builds up or down", "▲▼ up or down", "▲▼"), (215, 235, 220)),
    None: (("empty: fill from waste or stock", "empty: waste or stock", "empty", "–"), (215, 235, 220)),
}

_HEADINGS: BoundedCache[tuple[int | None, int, tuple[int, int], bool], pygame.Surface] = BoundedCache(64)


def direction_heading(direction: int | None, px: int, size: tuple[int, int],
                      palette: Palette) -> pygame.Surface:
    """A Square column's heading, ``size`` large: the longest of its words that fits,
    over a thin rule in its colour as wide as most of the column, with no box around it
    (so it reads as a label, not a button). Cached."""
    key = (direction, px, size, palette.high_contrast)
    image = _HEADINGS.get(key)
    if image is None:
        choices, colour = DIRECTION_HEADINGS[direction]
        if palette.high_contrast:
            colour = (255, 255, 255)
        f = theme.font(px, True)
        words = next((c for c in choices if f.size(c)[0] <= size[0]), choices[-1])
        words_image = f.render(words, True, colour)
        w = max(size[0], words_image.get_width())
        rule = 3 if palette.high_contrast else 2
        h = max(size[1], words_image.get_height() + rule + 2)
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        image.blit(words_image, words_image.get_rect(midbottom=(w // 2, h - rule - 2)))
        pygame.draw.rect(image, (*colour, 255 if palette.high_contrast else 150),
                         (w // 8, h - rule, w - w // 4, rule), border_radius=1)
        _HEADINGS.put(key, image)
    return image



_PILLS: BoundedCache[tuple[object, ...], pygame.Surface] = BoundedCache(300)


def pill(words: str, px: int, colour: tuple[int, int, int], fill: tuple[int, int, int], palette: Palette,
         size: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """A rounded label: ``words`` in ``colour`` on ``fill`` with an edge in ``colour``, at
    least ``size`` large (a thicker edge in high contrast). Cached."""
    key = (words, px, colour, fill, size, palette.high_contrast)
    image = _PILLS.get(key)
    if image is None:
        words_image = theme.font(px, True).render(words, True, colour)
        w = max(size[0], words_image.get_width() + px)
        h = max(size[1], words_image.get_height() + round(px * 0.35))
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(image, fill, image.get_rect(), border_radius=h // 2)
        pygame.draw.rect(image, colour, image.get_rect(), width=2 if palette.high_contrast else 1,
                         border_radius=h // 2)
        image.blit(words_image, words_image.get_rect(center=(w // 2, h // 2)))
        _PILLS.put(key, image)
    return image



#: what a key line leaves of the window's width, both sides together
KEY_HINT_SIDES = 40


def draw_key_hint(surface: pygame.Surface, words: str, px: int, size: tuple[int, int], y: int,
                  palette: Palette, *, message: str = "") -> pygame.Rect:
    """The keys a screen answers to, as one dim line centred across a window of ``size`` at
    height ``y``; a ``message`` (a warning) takes the line's place while there is one.
    Returns where it was drawn."""
    colour = palette.ink_dim
    if message:
        words, colour = message, palette.warn
    small = key_hint_px(px)
    return theme.text(surface, fit_text(words, small, size[0] - KEY_HINT_SIDES), small, (size[0] // 2, y),
                      colour=colour, anchor="center")


def key_hint_px(px: int) -> int:
    """The text size of :func:`draw_key_hint`'s line on a screen whose text size is ``px``."""
    return max(10, round(px * 0.72))


def fullest_key_hint(lines: Sequence[str], px: int, width: int) -> str:
    """Of ``lines`` (fullest first), the first that :func:`draw_key_hint` draws whole in a
    window ``width`` wide; the last, cut, if none does."""
    font = theme.font(key_hint_px(px))
    return next((words for words in lines if font.size(words)[0] <= width - KEY_HINT_SIDES), lines[-1])


def focus_glow(surface: pygame.Surface, rect: pygame.Rect, radius: int, palette: Palette) -> None:
    """A bright ring just outside ``rect`` marking the keyboard focus, visible on any colour."""
    pad = max(3, min(6, rect.height // 14))
    outer = rect.inflate(pad * 2, pad * 2)
    halo = outer.inflate(6, 6)
    layer = pygame.Surface(halo.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*palette.focus, 60), layer.get_rect(), border_radius=radius + pad + 3)
    ring = pygame.Rect(3, 3, outer.width, outer.height)
    pygame.draw.rect(layer, (0, 0, 0, 0), ring.inflate(-4, -4), border_radius=radius + pad)
    width = max(2, pad // 2 + 1) + (2 if palette.high_contrast else 0)
    pygame.draw.rect(layer, (*palette.focus, 255), ring, width=width, border_radius=radius + pad)
    surface.blit(layer, halo)


def record_button(drawn: DrawnBoxes, button: Button, px: int, name: str = "") -> Box | None:
    """Record a drawn theme.Button: its box, and its label (at ``px``, as
    :meth:`theme.Button.draw` centres it) as a part of it, so a label wider than its
    button is seen spilling out."""
    box = drawn.add(Kind.BUTTON, button.rect, name or button.label)
    if box is not None:
        label = pygame.Rect((0, 0), theme.font(px, True).size(button.label))
        label.center = button.rect.center
        drawn.add(Kind.TEXT, label, f"the label of {box.name}", box)
    return box


def drawn_text(drawn: DrawnBoxes, name: str, surface: pygame.Surface, words: str, px: int,
               pos: tuple[float, float], colour: theme.Colour, *, bold: bool = False,
               anchor: str = "topleft") -> pygame.Rect:
    """Draw a line of text as :func:`theme.text` does, and record it as ``name``."""
    rect = theme.text(surface, words, px, pos, colour, bold=bold, anchor=anchor)
    drawn.add(Kind.TEXT, rect, name)
    return rect


def _key_mod(event: pygame.event.Event) -> int:
    return int(getattr(event, "mod", 0))


class Control:
    """Base of the focusable controls: a rectangle, focus, hover and enabled state."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.enabled = True
        self.hover = False
        #: the texts the last draw put on the control: (where, what)
        self.texts: list[tuple[pygame.Rect, str]] = []

    def _text(self, surface: pygame.Surface, words: str, px: int, pos: tuple[float, float],
              colour: theme.Colour, *, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        """Draw a line of text on the control (as theme.text) and keep its box."""
        rect = theme.text(surface, words, px, pos, colour, bold=bold, anchor=anchor)
        self.texts.append((rect, words))
        return rect

    def record(self, drawn: DrawnBoxes, name: str) -> None:
        """Record the control as drawn: its box, and each of its texts as a part of it."""
        box = drawn.add(Kind.BUTTON, self.rect, name)
        for rect, words in self.texts:
            drawn.add(Kind.TEXT, rect, f"{name}: {words}", box)

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """React to a mouse event; True when it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
              and self.enabled and self.rect.collidepoint(event.pos)):
            self.click(event.pos)
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """The left button went down on the control."""
        self.activate()

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key while the control has the focus; True when it was used."""
        return False

    def activate(self) -> None:
        """Enter or Space on the focused control."""

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """Draw the control at ``self.rect`` with text of ``px`` pixels."""


Focusable = Control | Button


def _row_back(surface: pygame.Surface, control: Control, palette: Palette) -> int:
    """The rounded strip behind an option row; returns its corner radius."""
    radius = max(4, control.rect.height // 4)
    colour = palette.button_hover if control.hover and control.enabled else palette.strip
    pygame.draw.rect(surface, colour, control.rect, border_radius=radius)
    pygame.draw.rect(surface, palette.edge, control.rect, width=1, border_radius=radius)
    return radius


class Toggle(Control):
    """An on/off option row: its label on the left, a switch on the right."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None]) -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        """Set the value and report a change."""
        if value != self.value:
            self.value = value
            self.on_change(value)

    def activate(self) -> None:
        """Flip the switch."""
        self.set(not self.value)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Left turns it off, Right turns it on."""
        if event.key == pygame.K_LEFT:
            self.set(False)
            return True
        if event.key == pygame.K_RIGHT:
            self.set(True)
            return True
        return False

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """The label and a pill switch, gold when on."""
        radius = _row_back(surface, self, palette)
        r = self.rect
        self.texts = []
        self._text(surface, fit_text(self.label, px, r.width * 2 // 3), px,
                   (r.x + px, r.centery), anchor="midleft", colour=palette.ink)
        sw = pygame.Rect(0, 0, round(px * 3.0), round(px * 1.5))
        sw.midright = (r.right - px, r.centery)
        pygame.draw.rect(surface, palette.gold if self.value else palette.track, sw,
                         border_radius=sw.height // 2)
        knob = sw.height // 2 - 3
        cx = sw.right - sw.height // 2 if self.value else sw.left + sw.height // 2
        pygame.draw.circle(surface, palette.ink, (cx, sw.centery), knob)
        word = "On" if self.value else "Off"
        self._text(surface, word, round(px * 0.8), (sw.left - px // 2, r.centery),
                   colour=palette.ink if self.value else palette.ink_dim, anchor="midright")
        if self.focused:
            focus_glow(surface, r, radius, palette)


class Choice(Control):
    """An option row choosing one of a few named values with ◀ and ▶."""

    def __init__(self, label: str, options: Sequence[str], index: int,
                 on_change: Callable[[int], None], *, wraps: bool = True) -> None:
        super().__init__()
        self.label = label
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        #: past the last option comes the first again (not for a scale, where ◀ at the
        #: smallest must not give the largest)
        self.wraps = wraps
        self.left_rect = pygame.Rect(0, 0, 0, 0)
        self.right_rect = pygame.Rect(0, 0, 0, 0)

    def set(self, index: int) -> None:
        """Choose option ``index`` (wrapping round, or kept within the options when it
        does not :attr:`wraps`) and report a change."""
        if self.wraps:
            index %= len(self.options)
        else:
            index = max(0, min(index, len(self.options) - 1))
        if index != self.index:
            self.index = index
            self.on_change(index)

    def activate(self) -> None:
        """The next option."""
        self.set(self.index + 1)

    def click(self, pos: tuple[int, int]) -> None:
        """The left arrow goes back; anywhere else goes forward."""
        self.set(self.index - 1 if self.left_rect.collidepoint(pos) else self.index + 1)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Left and Right step through the options."""
        if event.key == pygame.K_LEFT:
            self.set(self.index - 1)
            return True
        if event.key == pygame.K_RIGHT:
            self.set(self.index + 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """The label, then ◀ value ▶ on the right."""
        radius = _row_back(surface, self, palette)
        r = self.rect
        self.texts = []
        self._text(surface, fit_text(self.label, px, r.width // 2), px, (r.x + px, r.centery),
                   anchor="midleft", colour=palette.ink)
        box_w = max(px * 9, r.width * 2 // 5)
        box = pygame.Rect(0, 0, box_w, r.height - 8)
        box.midright = (r.right - px // 2, r.centery)
        arrow = box.height
        self.left_rect = pygame.Rect(box.x, box.y, arrow, box.height)
        self.right_rect = pygame.Rect(box.right - arrow, box.y, arrow, box.height)
        for rect, word in ((self.left_rect, "◀"), (self.right_rect, "▶")):
            self._text(surface, word, round(px * 0.9), rect.center, colour=palette.gold, anchor="center")
        self._text(surface, fit_text(self.options[self.index], px, box.width - 2 * arrow), px,
                   box.center, bold=True, anchor="center", colour=palette.ink)
        if self.focused:
            focus_glow(surface, r, radius, palette)


class Slider(Control):
    """An option row with a value on a track: Left/Right step it, the mouse drags it."""

    def __init__(self, label: str, value: float, lo: float, hi: float, step: float,
                 describe: Callable[[float], str], on_change: Callable[[float], None]) -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.lo, self.hi, self.step = lo, hi, step
        self.describe = describe
        self.on_change = on_change
        self.track = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        #: drawn greyed, as an option that does nothing now (the volume with the sound off);
        #: it can still be set, for when it does
        self.dimmed = False

    def set(self, value: float) -> None:
        """Set the value, snapped to the step and kept in range, and report a change."""
        steps = round((value - self.lo) / self.step)
        value = round(min(self.hi, max(self.lo, self.lo + steps * self.step)), 6)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Left and Right move one step; Home and End go to the ends."""
        moves = {pygame.K_LEFT: self.value - self.step, pygame.K_RIGHT: self.value + self.step,
                 pygame.K_HOME: self.lo, pygame.K_END: self.hi}
        if event.key in moves:
            self.set(moves[event.key])
            return True
        return False

    def _from_x(self, x: int) -> None:
        if self.track.width > 0:
            t = (x - self.track.x) / self.track.width
            self.set(self.lo + max(0.0, min(1.0, t)) * (self.hi - self.lo))

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the track sets the value there and starts a drag."""
        if self.track.inflate(self.rect.height // 2, self.rect.height).collidepoint(pos):
            self.dragging = True
            self._from_x(pos[0])

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """Clicks and drags on the track."""
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return super().handle_mouse(event)

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """The label, the track with its knob, and the value in words."""
        radius = _row_back(surface, self, palette)
        r = self.rect
        self.texts = []
        ink = palette.ink_dim if self.dimmed else palette.ink
        self._text(surface, fit_text(self.label, px, r.width * 2 // 5), px, (r.x + px, r.centery),
                   anchor="midleft", colour=ink)
        value_w = px * 5
        self.track = pygame.Rect(0, 0, max(px * 4, r.width * 2 // 5 - value_w), max(4, px // 4))
        self.track.midright = (r.right - px - value_w, r.centery)
        t = (self.value - self.lo) / (self.hi - self.lo) if self.hi > self.lo else 0.0
        filled = self.track.copy()
        filled.width = round(self.track.width * t)
        pygame.draw.rect(surface, palette.track, self.track, border_radius=self.track.height // 2)
        pygame.draw.rect(surface, ink if self.dimmed else palette.gold, filled,
                         border_radius=self.track.height // 2)
        pygame.draw.circle(surface, ink, (filled.right, self.track.centery), round(px * 0.55))
        self._text(surface, self.describe(self.value), round(px * 0.9),
                   (r.right - px, r.centery), bold=True, anchor="midright", colour=ink)
        if self.focused:
            focus_glow(surface, r, radius, palette)


class TextInput(Control):
    """A one-line text field: typing, Backspace/Delete, Home/End, ←/→, Ctrl+V pastes,
    Enter submits."""

    def __init__(self, placeholder: str, on_submit: Callable[[str], None], *,
                 on_change: Callable[[str], None] | None = None, max_len: int = 40) -> None:
        super().__init__()
        self.placeholder = placeholder
        self.on_submit = on_submit
        self.on_change = on_change
        self.max_len = max_len
        self.value = ""
        self.cursor = 0
        self.blink = 0.0

    def set_text(self, value: str) -> None:
        """Replace the whole text, cursor at the end."""
        self.value = value[: self.max_len]
        self.cursor = len(self.value)
        self._changed()

    def _changed(self) -> None:
        self.blink = 0.0
        if self.on_change is not None:
            self.on_change(self.value)

    def insert(self, words: str) -> None:
        """Insert ``words`` at the cursor (line breaks and control characters dropped)."""
        clean = "".join(ch for ch in words if ch.isprintable())
        room = self.max_len - len(self.value)
        clean = clean[: max(0, room)]
        if clean:
            self.value = self.value[: self.cursor] + clean + self.value[self.cursor:]
            self.cursor += len(clean)
            self._changed()

    def activate(self) -> None:
        """Submit the text."""
        self.on_submit(self.value)

    def click(self, pos: tuple[int, int]) -> None:
        """Put the cursor at the end; clicking gives the field the focus (the ring does)."""
        self.cursor = len(self.value)

    def handle_text(self, event: pygame.event.Event) -> bool:
        """A TEXTINPUT event: the typed characters."""
        self.insert(str(getattr(event, "text", "")))
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Editing keys; character keys arrive as TEXTINPUT instead."""
        key = event.key
        if key == pygame.K_BACKSPACE:
            if self.cursor > 0:
                self.value = self.value[: self.cursor - 1] + self.value[self.cursor:]
                self.cursor -= 1
                self._changed()
            return True
        if key == pygame.K_DELETE:
            if self.cursor < len(self.value):
                self.value = self.value[: self.cursor] + self.value[self.cursor + 1:]
                self._changed()
            return True
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if key == pygame.K_RIGHT:
            self.cursor = min(len(self.value), self.cursor + 1)
            return True
        if key == pygame.K_HOME:
            self.cursor = 0
            return True
        if key == pygame.K_END:
            self.cursor = len(self.value)
            return True
        if key == pygame.K_v and _key_mod(event) & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.insert(clipboard_text())
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance the cursor's blink."""
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface: pygame.Surface, px: int, palette: Palette) -> None:
        """The field with its text (or the placeholder) and a blinking cursor when focused."""
        r = self.rect
        radius = max(4, r.height // 5)
        self.texts = []
        pygame.draw.rect(surface, (250, 247, 236), r, border_radius=radius)
        pygame.draw.rect(surface, palette.gold if self.focused else (120, 140, 120), r,
                         width=2, border_radius=radius)
        f = theme.font(px)
        pad = px // 2 + 2
        inner = r.inflate(-2 * pad, 0)
        if self.value:
            image = f.render(self.value, True, (24, 30, 26))
            cursor_x = f.size(self.value[: self.cursor])[0]
            shift = max(0, cursor_x - inner.width + 2)
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip) if clip else inner)
            at = image.get_rect(midleft=(inner.x - shift, r.centery))
            surface.blit(image, at)
            surface.set_clip(clip)
            self.texts.append((at.clip(inner), self.value))
            cx = inner.x - shift + cursor_x
        else:
            # a placeholder too long for the field keeps what follows its comma whole
            # ("e.g. 12345" of "Game number, e.g. 12345"), rather than lose its end
            words = self.placeholder
            if theme.font(px).size(words)[0] > inner.width and ", " in words:
                words = words.split(", ", 1)[1]
            self._text(surface, fit_text(words, px, inner.width), px,
                       (inner.x, r.centery), colour=(130, 136, 128), anchor="midleft")
            cx = inner.x
        if self.focused and self.blink < 0.6:
            pygame.draw.line(surface, (24, 30, 26), (cx, r.centery - px * 0.6),
                             (cx, r.centery + px * 0.6), 2)
        if self.focused:
            focus_glow(surface, r, radius, palette)


def clipboard_text() -> str:
    """The clipboard's text, or "" when there is none or no clipboard."""
    try:
        return str(pygame.scrap.get_text() or "")
    except (pygame.error, AttributeError):
        return ""


class FocusRing:
    """The keyboard focus over a scene's controls, in reading order.

    Tab / Shift+Tab move forward and back; Up and Down move within the same column and
    Left/Right move across columns unless the focused control uses those keys itself;
    Enter or Space activates. ``columns`` gives each control's column number.
    """

    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.columns: list[int] = []
        self.index = 0

    def set_items(self, items: Sequence[Focusable], columns: Sequence[int] | None = None) -> None:
        """Replace the controls, keeping the focus on the same control when it is still there."""
        current = self.current
        self.items = list(items)
        self.columns = list(columns) if columns is not None else [0] * len(self.items)
        self.index = 0
        if current is not None and current in self.items:
            self.index = self.items.index(current)
        elif self.items and not self.items[0].enabled:
            self.index = self._next_enabled(0, 1)
        self._mark()

    @property
    def current(self) -> Focusable | None:
        """The control with the focus."""
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def focus(self, item: Focusable) -> None:
        """Give ``item`` the focus."""
        if item in self.items:
            self.index = self.items.index(item)
            self._mark()

    def _mark(self) -> None:
        for i, item in enumerate(self.items):
            item.focused = i == self.index

    def _next_enabled(self, start: int, step: int) -> int:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (start + step * k) % n
            if self.items[i].enabled:
                return i
        return start

    def move(self, step: int) -> None:
        """Move the focus ``step`` (+1 or -1) controls on, skipping disabled ones."""
        if self.items:
            self.index = self._next_enabled(self.index, step)
            self._mark()

    def move_in_column(self, step: int) -> None:
        """Move up or down within the focused control's column (wrapping round)."""
        if not self.items:
            return
        col = self.columns[self.index]
        same = [i for i, c in enumerate(self.columns) if c == col and self.items[i].enabled]
        if self.index not in same or len(same) < 2:
            self.move(step)
            return
        self.index = same[(same.index(self.index) + step) % len(same)]
        self._mark()

    def move_column(self, step: int) -> bool:
        """Move to the nearest control in the next column left or right; False if none."""
        if not self.items:
            return False
        col = self.columns[self.index] + step
        here = self.items[self.index].rect.centery
        options = [i for i, c in enumerate(self.columns) if c == col and self.items[i].enabled]
        if not options:
            return False
        self.index = min(options, key=lambda i: abs(self.items[i].rect.centery - here))
        self._mark()
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Route a KEYDOWN: the focused control first, then focus movement and Enter."""
        item = self.current
        key = event.key
        if key == pygame.K_TAB:
            self.move(-1 if _key_mod(event) & pygame.KMOD_SHIFT else 1)
            return True
        if isinstance(item, Control) and item.enabled and item.handle_key(event):
            return True
        if key == pygame.K_UP:
            self.move_in_column(-1)
            return True
        if key == pygame.K_DOWN:
            self.move_in_column(1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.move_column(-1 if key == pygame.K_LEFT else 1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and item is not None:
            if isinstance(item, TextInput) and key == pygame.K_SPACE:
                return False
            if item.enabled:
                if isinstance(item, Button):
                    item.action()
                else:
                    item.activate()
            return True
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """Give mouse events to every control; a click also moves the focus there."""
        used = False
        for item in list(self.items):
            took = item.handle(event) if isinstance(item, Button) else item.handle_mouse(event)
            if took and event.type == pygame.MOUSEBUTTONDOWN and item in self.items:
                self.focus(item)
            used = used or took
        return used
