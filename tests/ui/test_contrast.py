"""Contrast, measured as WCAG 2 measures it: text and marks against what they are drawn
on, in both themes, at the window sizes players use.

The green felt is textured and lighter towards the middle; words drawn on it are judged
against its lightest patch (an 8 x 8 pixel block, about a letter's size), not its mean,
since a label may sit anywhere. Text needs 4.5:1, outlines and marks 3:1."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.engine import new_game
from game.ui import theme, widgets
from game.ui.app import App
from game.ui.table import TableScene

Colour = tuple[int, int, int]

#: the window sizes looked at: the smallest, a laptop's and a full-HD screen's
SIZES = [(800, 600), (1280, 800), (1920, 1080)]
PALETTES = [theme.NORMAL, theme.HIGH_CONTRAST]
TEXT = 4.5
MARK = 3.0


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Colour) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    r, g, b = colour[:3]
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def ratio(a: Colour, b: Colour) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def over(colour: tuple[int, ...], below: Colour) -> Colour:
    """``colour`` (with alpha, or opaque) laid over ``below``."""
    alpha = colour[3] / 255 if len(colour) > 3 else 1.0
    r, g, b = (round(colour[i] * alpha + below[i] * (1 - alpha)) for i in range(3))
    return (r, g, b)


def _at(picture: pygame.Surface, pos: tuple[int, int]) -> Colour:
    colour = picture.get_at(pos)
    return (colour.r, colour.g, colour.b)


def lightest_felt(palette: theme.Palette, size: tuple[int, int], block: int = 8) -> Colour:
    """The mean colour of the felt's lightest ``block`` x ``block`` patch."""
    felt = palette.felt(size)
    best: Colour = (0, 0, 0)
    for bx in range(0, size[0] - block + 1, block):
        for by in range(0, size[1] - block + 1, block):
            area = pygame.transform.average_color(felt, pygame.Rect(bx, by, block, block))
            colour = (area[0], area[1], area[2])
            if luminance(colour) > luminance(best):
                best = colour
    return best


@pytest.fixture(scope="module")
def lightest() -> dict[tuple[bool, tuple[int, int]], Colour]:
    pygame.init()
    return {(p.high_contrast, size): lightest_felt(p, size) for p in PALETTES for size in SIZES}


#: the palette's colours that words are drawn in on the bare felt: the key lines and the
#: warnings that take their place, the table's labels, points flying up from a move
ON_FELT = ("ink", "ink_dim", "felt_ink", "warn", "highlight")
#: the palette's colours that words are drawn in on a panel or a dialog
ON_PANELS = ("ink", "ink_dim", "gold", "highlight", "legal", "danger", "warn")


@pytest.mark.parametrize("palette", PALETTES, ids=["normal", "high-contrast"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_words_on_the_felt_read(palette: theme.Palette, size: tuple[int, int],
                                lightest: dict[tuple[bool, tuple[int, int]], Colour]) -> None:
    """The key lines under the menu, the options, the levels… were 4.29:1 where the felt
    is mean and 3.5:1 where it is lightest; the table's row and pile names 4.34:1."""
    felt = lightest[(palette.high_contrast, size)]
    poor = {name: round(ratio(getattr(palette, name), felt), 2) for name in ON_FELT
            if ratio(getattr(palette, name), felt) < TEXT}
    assert not poor, f"against the felt's lightest patch {felt}: {poor}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_square_column_headings_read(size: tuple[int, int],
                                     lightest: dict[tuple[bool, tuple[int, int]], Colour]) -> None:
    """The headings over British Square's columns ("▼ builds down" was 3.86:1 beside it,
    3.0:1 where the felt is lightest); high contrast draws them white."""
    felt = lightest[(False, size)]
    poor = {words[0]: round(ratio(colour, felt), 2) for words, colour in widgets.DIRECTION_HEADINGS.values()
            if ratio(colour, felt) < TEXT}
    assert not poor, f"against the felt's lightest patch {felt}: {poor}"


@pytest.mark.parametrize("palette", PALETTES, ids=["normal", "high-contrast"])
def test_words_on_panels_and_dialogs_read(palette: theme.Palette,
                                          lightest: dict[tuple[bool, tuple[int, int]], Colour]) -> None:
    """A lost game in the menu's recent games (danger on a panel) was 4.43:1."""
    felt = lightest[(palette.high_contrast, (1280, 800))]
    for ground_name in ("panel", "dialog", "hud"):
        ground = over(getattr(palette, ground_name), felt)
        poor = {name: round(ratio(getattr(palette, name), ground), 2) for name in ON_PANELS
                if ratio(getattr(palette, name), ground) < TEXT}
        assert not poor, f"on the {ground_name} {ground}: {poor}"


@pytest.mark.parametrize("high_contrast", [False, True], ids=["normal", "high-contrast"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_empty_place_is_outlined_against_the_felt(ui: SimpleNamespace, app: App, high_contrast: bool,
                                                     size: tuple[int, int]) -> None:
    """An empty place's outline, as drawn on the table, stands out 3:1 from the felt
    outside it and from its own inside (it was 2.3:1 in the normal theme: empty
    foundations and spaces were faint)."""
    app.settings.high_contrast = high_contrast
    app.follow_palette()
    app.resize(size)
    game = new_game("square", 3)  # English British Square: every foundation starts empty
    scene = TableScene(app, game)
    scene.keep_records = False
    app.push(scene)
    ui.settle(app, scene)
    app.draw()
    picture = app.screen
    lay = scene.layout
    worst = 21.0
    for index in game.foundations:
        rect = lay.bases[index]
        line = max(2, round(rect.width * 0.02))
        for y in (rect.centery - rect.height // 4, rect.centery + rect.height // 4):
            edge = _at(picture, (rect.x + line // 2, y))
            outside = _at(picture, (rect.x - 3, y))
            inside = _at(picture, (rect.x + line + 3, y))
            worst = min(worst, ratio(edge, outside), ratio(edge, inside))
    assert worst >= MARK, f"{worst:.2f}:1"


@pytest.mark.parametrize("palette", PALETTES, ids=["normal", "high-contrast"])
def test_a_button_that_does_nothing_lies_flat(palette: theme.Palette) -> None:
    # found by the accessibility review of session 31: Redo off differed from Redo on only
    # by its colours (its label 7.2:1 on its fill against 8.5:1); now it has no shadow
    pygame.init()
    background = (1, 2, 3)
    seen = {}
    for enabled in (True, False):
        surface = pygame.Surface((200, 100))
        surface.fill(background)
        button = theme.Button("Redo", lambda: None, rect=pygame.Rect(50, 20, 100, 40), enabled=enabled)
        button.draw(surface, 16, palette)
        # just below the button's bottom edge, in the middle: its shadow, or the background
        seen[enabled] = tuple(surface.get_at((100, button.rect.bottom + 1)))[:3]
    assert seen[True] != background, "an enabled button stands raised on its shadow"
    assert seen[False] == background, "a disabled one casts none"
