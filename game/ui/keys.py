"""The keys as the key legend lists them: the table's, beside the buttons' own shortcuts
(which the buttons carry), which the table answers to (:meth:`game.ui.gestures.Gestures.on_key`
most of them); the replay viewer's, which :class:`game.ui.replay_scene.ReplayScene` answers
to; and what tells a key pressed for itself from a modifier or the wheel."""

from __future__ import annotations

import pygame

#: the table's keys beside the buttons' shortcuts, for the key legend (which
#: :meth:`game.ui.gestures.Gestures.on_key` answers, but for C, which the game-over dialogs
#: answer, and − / +, which the demo does). The list fills the sheet at 800×600 with its
#: type at 13 px: a new row there needs a shorter one elsewhere, or the sheet laid out in
#: two columns (tests/ui/test_help.py checks the type size and that every key is listed)
OTHER_KEYS: tuple[tuple[str, str], ...] = (
    ("?", "This list of keys"),
    ("D", "Turn the next stock card"),
    ("F", "Finish: every card home, once nothing else is needed"),
    ("Tab / Shift+Tab", "Focus the next / previous place"),
    ("← ↑ → ↓", "Focus the nearest place that way"),
    ("Space / Enter", "Pick up the focused card, or put it down"),
    ("S", "As a double-click: the focused card (or the one picked up) home, or into the space owed"),
    ("H, then Space", "H focuses the hint's card; Space picks it up (or turns the stock) and focuses "
                      "where it goes, where Space puts it"),
    ("Esc", "With a card picked up: put it back"),
    ("C", "Fold or unfold the game-over panel (“No more moves”, “No way to win”)"),
    ("− / +", "While the demo plays: slower / faster"),
)
#: what the mouse does on the table, for the key legend
MOUSE: tuple[tuple[str, str], ...] = (
    ("Drag", "Move a card"),
    ("Click, then click", "Pick up a card, then put it where it goes"),
    ("Double-click / right-click", "Send a card to its foundation"),
    ("Click the game number", "Copy it"),
)

#: the replay viewer's keys and mouse, for its key legend (a row with no keys is a heading)
REPLAY_KEYS: tuple[tuple[str, str], ...] = (
    ("F1 / ?", "This list of keys"),
    ("Space", "Play or pause"),
    ("← / →", "One move back / on"),
    ("PgUp / PgDn", "Ten moves back / on"),
    ("Home / End", "The deal / the last move"),
    ("− / +", "Slower / faster"),
    ("A", "Pace: as played (the recorded times between moves) or steady"),
    ("0–9, then Enter", "Go to the move of that number"),
    ("T", "Take over: play on from here, as practice"),
    ("Tab / Shift+Tab", "Focus the next / previous control"),
    ("Esc", "Back"),
    ("", "With the mouse"),
    ("Click or drag the timeline", "Go to that move"),
    ("Mouse wheel", "One move back / on"),
)


#: keys held with another, never pressed for themselves
MODIFIER_KEYS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                           pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE))
#: the mouse buttons pygame reports for a turn of the wheel (older code paths send the
#: wheel as presses of these, beside its own MOUSEWHEEL event)
WHEEL_BUTTONS = (4, 5)


def is_a_press(event: pygame.event.Event) -> bool:
    """A key pressed for itself (not a modifier) or a click of a mouse button (not a
    turn of the wheel)."""
    if event.type == pygame.KEYDOWN:
        return event.key not in MODIFIER_KEYS
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) not in WHEEL_BUTTONS


def is_question_mark(event: pygame.event.Event) -> bool:
    """The key press types "?" (Shift+/ on most keyboards, a key of its own on some)."""
    return event.key == pygame.K_QUESTION or getattr(event, "unicode", "") == "?" or (
        event.key == pygame.K_SLASH and bool(int(getattr(event, "mod", 0)) & pygame.KMOD_SHIFT))


def is_undo_key(event: pygame.event.Event) -> bool:
    """The key press is one of Undo's: U, or Ctrl+Z without Shift (Ctrl+Shift+Z redoes)."""
    mod = int(getattr(event, "mod", 0))
    if event.key == pygame.K_z:
        return bool(mod & pygame.KMOD_CTRL) and not mod & pygame.KMOD_SHIFT
    return bool(event.key == pygame.K_u)
