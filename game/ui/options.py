"""The options: animation speed, auto-drop, hints, move notation, winnable deals only, sound
and volume, card back, four-colour suits, large index, high contrast and window size.

Every change takes effect at once and is saved at once (``settings.json`` in the data
directory, written atomically by game.records.settings), so it is kept between runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from ..engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card
from ..records.settings import ANIMATION_SPEED_RANGE, Settings, save_settings
from . import theme
from .app import App, Scene, desktop_room, fits
from .art import BACK_STYLES, card_size_for_width, draw_suit
from .drawn import Kind
from .theme import Button
from .widgets import (
    Choice,
    Control,
    Focusable,
    FocusRing,
    Slider,
    Toggle,
    draw_key_hint,
    fit_text,
    focus_glow,
    is_portrait,
    record_button,
    stacked_scale,
    text_px,
    wrap,
)

#: Window sizes offered, those that fit the desktop (the window's own size is added when it
#: is not among them).
WINDOW_SIZES = [(800, 600), (1024, 768), (1280, 800), (1440, 900), (1600, 900), (1920, 1080),
                (2560, 1440)]

BACK_NAMES = ("Blue lattice", "Red lattice")

#: A sentence about each option, shown beside the list for the focused one.
HELP = {
    "animation_speed": "How fast the cards fly. Off puts every card in place at once.",
    "auto_drop": "Cards that can safely go to the foundations go there by themselves.",
    "hints": "Offer hints: the Hint key suggests a move (it never peeks at the stock).",
    "show_notation": "Moves also in the notation of replay files, like [r2c3-f5], beside the words: "
                     "for writing replays by hand.",
    "winnable_only": "Random deals are only those the solver has shown can be won.",
    "sound": "Sound effects for dealing, moving cards and winning.",
    "volume": "How loud the sound effects are.",
    "card_back": "The design on the backs of the cards.",
    "four_colour": "Clubs green and diamonds blue, so the four suits differ at a glance. Colours in the "
                   "rules stay red and black: blue diamonds count as red, green clubs as black.",
    "large_index": "A big rank and suit across the top of every card, easy to read in a pile.",
    "high_contrast": "A near-black table, thick white outlines, brighter marks and larger text on the table.",
    "window_size": "The size of the window, and the size it opens at next time. You can also drag "
                   "its edges.",
    "defaults": "Put every option back as it was when the game was new.",
    "back": "Back to where you were. Options are saved as you change them.",
}

PREVIEW_CARDS = (card(CLUBS, 1), card(DIAMONDS, 13), card(HEARTS, 12), card(SPADES, 11))


def describe_speed(value: float) -> str:
    """Animation speed in words."""
    if value <= 0:
        return "Off"
    if value == 1:
        return "Normal"
    return f"{value:g}×"


def window_size_choices(size: tuple[int, int],
                        room: tuple[int, int] | None) -> tuple[list[tuple[int, int]], int]:
    """The window sizes offered while the window is ``size``, and which of them it is.

    Only the sizes that fit in ``room`` (the desktop's: :func:`~game.ui.app.desktop_room`;
    None lets every size through), and the size the window is, in its place among them:
    one it was dragged to, or one given on the command line (larger than the desktop,
    maybe: the options show the window as it is rather than change it when they open).
    """
    current = (int(size[0]), int(size[1]))
    sizes = sorted({*(s for s in WINDOW_SIZES if fits(s, room)), current})
    return sizes, sizes.index(current)

#: what "Restore defaults" leaves alone: not an option of this screen but a record of what
#: the player has seen (the first-game help of each rule set)
KEPT_BY_RESTORE = frozenset({"help_seen"})


class OptionsScene(Scene):
    """The options screen; every change is applied and saved at once."""

    name = "options"
    escape_goes_back = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = app.store()
        self.settings = app.settings
        self.ring = FocusRing()
        self.size = app.size
        self.px = 20
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.title_y = 0
        self.back_button = Button("Back", self.back)
        self.defaults_button = Button("Restore defaults", self.restore_defaults)
        self.controls: list[Control] = []
        self.names: list[str] = []
        self._build()
        self.resize(app.size)

    # ----- the controls -------------------------------------------------------------------

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            self.change(name, value)
        return set_value

    def _build(self) -> None:
        s = self.settings
        window_size = Choice("Window size", [], 0, self._choose_size, wraps=False)
        self._show_window_size(window_size)
        lo, hi = ANIMATION_SPEED_RANGE
        volume = Slider("Volume", s.volume, 0.0, 1.0, 0.1, lambda v: f"{round(v * 100)} %",
                        self._setter("volume"))
        volume.dimmed = not s.sound  # the volume of no sound: greyed, still settable
        rows: list[tuple[str, Control]] = [
            ("animation_speed", Slider("Animation speed", s.animation_speed, lo, hi, 0.25, describe_speed,
                                       self._setter("animation_speed"))),
            ("auto_drop", Toggle("Auto-drop safe cards", s.auto_drop, self._setter("auto_drop"))),
            ("hints", Toggle("Hints", s.hints, self._setter("hints"))),
            ("show_notation", Toggle("Show move notation", s.show_notation, self._setter("show_notation"))),
            ("winnable_only", Toggle("Winnable deals only", s.winnable_only, self._setter("winnable_only"))),
            ("sound", Toggle("Sound", s.sound, self._setter("sound"))),
            ("volume", volume),
            ("card_back", Choice("Card back", BACK_NAMES[:BACK_STYLES], s.card_back,
                                 self._setter("card_back"))),
            ("four_colour", Toggle("Four-colour suits", s.four_colour, self._setter("four_colour"))),
            ("large_index", Toggle("Large index", s.large_index, self._setter("large_index"))),
            ("high_contrast", Toggle("High contrast", s.high_contrast, self._setter("high_contrast"))),
            ("window_size", window_size),
        ]
        focused = self.ring.current
        index = self.controls.index(focused) if isinstance(focused, Control) and focused in self.controls \
            else None
        self.names = [name for name, _ in rows]
        self.controls = [control for _, control in rows]
        if index is not None:
            self.ring.focus(self.controls[index])

    def _show_window_size(self, choice: Choice) -> None:
        """The window size option shows the size the window is."""
        self.window_sizes, choice.index = window_size_choices(self.size, desktop_room())
        choice.options = [f"{w} × {h}" for w, h in self.window_sizes]

    def _choose_size(self, index: int) -> None:
        self.change("window_size", self.window_sizes[index])

    def change(self, name: str, value: Any) -> None:
        """Set one option, apply it to the running game and save the settings."""
        setattr(self.settings, name, value)
        if name in ("card_back", "four_colour", "large_index"):
            self.app.art.set_options(back_style=self.settings.card_back,
                                     four_colour=self.settings.four_colour,
                                     large_index=self.settings.large_index)
        if name in ("sound", "volume"):
            self._apply_sound()
            volume = self.controls[self.names.index("volume")]
            if isinstance(volume, Slider):
                volume.dimmed = not self.settings.sound
        if name == "window_size":
            self.app.resize(tuple(value))
        if name == "high_contrast":
            self.app.follow_palette()
        self._save()

    def _apply_sound(self) -> None:
        """Sound on/off and volume take effect at once, with a click to hear the volume."""
        self.app.sounds.set_options(enabled=self.settings.sound, volume=self.settings.volume)
        self.app.sounds.play("click")

    def _save(self) -> None:
        # the window may have been dragged to another size since the game started: the
        # setting saved is the size it is, which is the size the options show (or the
        # nearest one a setting may be), but for a size the game made to fit the desktop
        self.settings.window_size = self.app.window_size_to_keep()
        if not save_settings(self.store, self.settings):
            self.app.tell(self.store.take_warnings() or ["The options could not be saved."])

    def restore_defaults(self) -> None:
        """Every option back to its default; saved at once. The first-game help already
        seen is a record of the player's, not an option, and stays as it is."""
        fresh = Settings()
        for f in dataclasses.fields(Settings):
            if f.name not in KEPT_BY_RESTORE:
                setattr(self.settings, f.name, getattr(fresh, f.name))
        self.app.art.set_options(back_style=self.settings.card_back, four_colour=self.settings.four_colour,
                                 large_index=self.settings.large_index)
        self._apply_sound()
        self._build()
        if tuple(self.settings.window_size) != self.app.size:
            self.app.resize(self.settings.window_size, fit=True)
        else:
            self._layout()
        self._save()
        self.ring.focus(self.defaults_button)

    def back(self) -> None:
        """Close the options."""
        self.app.pop()

    # ----- layout ------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the options out for a window of ``size``, which the window size option shows."""
        self.size = size
        choice = self.controls[self.names.index("window_size")]
        if isinstance(choice, Choice):
            self._show_window_size(choice)
        self._layout()

    def _layout(self) -> None:
        w, h = self.size
        # a tall window puts the preview under the list, measured against the portrait
        # design, so that the options fill it
        portrait = is_portrait(self.size)
        s = stacked_scale(self.size)
        self.px = px = text_px(self.size, s)
        margin = round(28 * s)
        self.title_y = round(22 * s)
        top = self.title_y + round(px * 4.0)
        bottom = h - round(px * 2.0)
        gap = round(20 * s)
        pad = round(px * 0.9)
        n = len(self.controls)
        button_h = round(px * 2.3)
        # in a tall window the preview goes under the list, and takes its height from it
        below = gap + round(px * 15) if portrait else 0
        room = bottom - top - 3 * pad - button_h - below
        step = min(round(px * 2.6), room // n)
        height = 3 * pad + button_h + n * step
        # spare height goes above the title and the panels together, which stay as one
        spare = max(0, (bottom - top - height - below) // 3)
        self.title_y += spare
        top += spare
        if portrait:
            list_w = min(w - 2 * margin, round(px * 34))
            self.list_rect = pygame.Rect((w - list_w) // 2, top, list_w, height)
            self.preview_rect = pygame.Rect(self.list_rect.x, self.list_rect.bottom + gap, list_w,
                                            max(below - gap, bottom - spare - self.list_rect.bottom - gap))
        else:
            list_w = min(round((w - 2 * margin - gap) * 0.58), round(px * 34))
            preview_w = min(w - 2 * margin - gap - list_w, round(px * 24))
            left = (w - list_w - gap - preview_w) // 2
            self.list_rect = pygame.Rect(left, top, list_w, height)
            self.preview_rect = pygame.Rect(self.list_rect.right + gap, top, preview_w, height)
        row_h = step - max(3, round(px * 0.3))
        y = self.list_rect.y + pad
        for control in self.controls:
            control.rect = pygame.Rect(self.list_rect.x + pad, y, self.list_rect.width - 2 * pad, row_h)
            y += step
        by = self.list_rect.bottom - pad - button_h
        half = (self.list_rect.width - 3 * pad) // 2
        self.back_button.rect = pygame.Rect(self.list_rect.x + pad, by, half, button_h)
        self.defaults_button.rect = pygame.Rect(self.back_button.rect.right + pad, by, half, button_h)
        items: list[Focusable] = [*self.controls, self.back_button, self.defaults_button]
        self.ring.set_items(items, [0] * len(items))

    # ----- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows and Tab move and change; Enter toggles; Esc goes back."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if self.ring.current in (self.back_button, self.defaults_button) and \
                    event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.ring.focus(self.defaults_button if event.key == pygame.K_RIGHT else self.back_button)
                return
            self.ring.handle_key(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.ring.handle_mouse(event)

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, the list of options and the preview."""
        palette = self.app.palette
        surface.blit(palette.felt(self.size), (0, 0))
        px = self.px
        w = self.size[0]
        big = round(px * 2.0)
        theme.text(surface, "Options", big, (w // 2 + 2, self.title_y + 2), colour=(8, 30, 18), bold=True,
                   anchor="midtop")
        drawn = self.app.drawn
        drawn.add(Kind.TEXT, theme.text(surface, "Options", big, (w // 2, self.title_y), colour=palette.gold,
                                        bold=True, anchor="midtop"), "title: Options")
        suit_y = self.title_y + round(big * 1.55)
        for i, suit in enumerate((SPADES, HEARTS, CLUBS, DIAMONDS)):
            ink = (214, 64, 58) if suit in (HEARTS, DIAMONDS) else palette.ink
            draw_suit(surface, suit, (w // 2 + (i - 1.5) * px * 1.6, suit_y), px * 0.9, ink)
        theme.panel(surface, self.list_rect, palette, radius=max(8, px // 2))
        theme.panel(surface, self.preview_rect, palette, radius=max(8, px // 2))
        for name, control in zip(self.names, self.controls, strict=True):
            control.draw(surface, px, palette)
            control.record(drawn, name)
        for b in (self.back_button, self.defaults_button):
            b.draw(surface, px, palette)
            record_button(drawn, b, px)
            if b.focused:
                focus_glow(surface, b.rect, max(4, b.rect.height // 4), palette)
        self._draw_preview(surface)
        keys = draw_key_hint(surface, "↑ ↓ Tab: move   ·   ← →: change   ·   Enter: switch   ·   Esc: back",
                             px, self.size, self.size[1] - round(px * 1.0), palette)
        drawn.add(Kind.TEXT, keys, "the keys")

    def _draw_preview(self, surface: pygame.Surface) -> None:
        palette = self.app.palette
        r = self.preview_rect
        px = self.px
        pad = round(px * 0.9)
        heading = theme.text(surface, "Your cards", round(px * 1.1), (r.x + pad, r.y + pad),
                             colour=palette.gold, bold=True)
        self.app.drawn.add(Kind.TEXT, heading, "preview: Your cards")
        cw = min((r.width - 2 * pad) // 3, round((r.height * 0.42) / 1.4))
        size = card_size_for_width(max(30, cw))
        y = r.y + pad + round(px * 2.2)
        back = self.app.art.back(size)
        surface.blit(back, (r.x + pad, y))
        room = r.width - 2 * pad
        cards = 1 + len(PREVIEW_CARDS)
        if cards * size[0] + (cards - 1) * pad <= room:
            # room for every card side by side: the back and the faces evenly apart
            gap = (room - cards * size[0]) / (cards - 1)
            x = r.x + pad + size[0] + gap
            step = size[0] + gap
        else:
            # the faces fanned over each other in what the back leaves
            x = r.x + pad + size[0] + pad
            step = max(8, (r.right - pad - x - size[0]) // (len(PREVIEW_CARDS) - 1))
        for code in PREVIEW_CARDS:
            surface.blit(self.app.art.face(code, size), (round(x), y))
            x += step
        y += size[1] + round(px * 1.2)
        current = self.ring.current
        name = "back" if current is self.back_button else (
            "defaults" if current is self.defaults_button else
            self.names[self.controls.index(current)] if isinstance(current, Control) else "")
        title = ""
        if isinstance(current, Control):
            title = getattr(current, "label", "")
        elif current is not None:
            title = current.label
        drawn = self.app.drawn
        if title:
            drawn.add(Kind.TEXT, theme.text(surface, fit_text(title, px, r.width - 2 * pad, bold=True), px,
                                            (r.x + pad, y), bold=True, colour=palette.ink), "option's name")
            y += round(px * 1.5)
        for line in wrap(HELP.get(name, ""), round(px * 0.9), r.width - 2 * pad):
            if y + px > r.bottom - pad:
                break
            drawn.add(Kind.TEXT, theme.text(surface, line, round(px * 0.9), (r.x + pad, y),
                                            colour=palette.ink_dim), "option's help")
            y += round(px * 1.2)
