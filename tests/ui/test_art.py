"""Tests for the program-drawn card art (game/ui/art.py), run headless."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pygame
import pytest

from game.engine.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    SUITS,
    UNKNOWN,
    card,
)
from game.ui import art
from game.ui.art import CARD_ASPECT, CardArt, draw_suit, table_surface

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

SMALL = (50, 70)
MEDIUM = (140, 196)
LARGE = (200, 280)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def _pixels(surf: pygame.Surface, rect: pygame.Rect | None = None) -> list[pygame.Color]:
    r = rect or surf.get_rect()
    return [surf.get_at((x, y)) for y in range(r.top, r.bottom) for x in range(r.left, r.right)]


def _is_red(c: pygame.Color) -> bool:
    return c.a > 200 and c.r > 150 and c.g < 90 and c.b < 90


def _is_dark(c: pygame.Color) -> bool:
    return c.a > 200 and c.r < 90 and c.g < 90 and c.b < 90


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Fraction of pixels that differ noticeably between two same-size surfaces."""
    assert a.get_size() == b.get_size()
    pa, pb = _pixels(a), _pixels(b)
    diff = sum(
        1 for x, y in zip(pa, pb, strict=True)
        if abs(x.r - y.r) + abs(x.g - y.g) + abs(x.b - y.b) + abs(x.a - y.a) > 60
    )
    return diff / len(pa)


def test_aspect_constant() -> None:
    assert CARD_ASPECT == pytest.approx(1.4)
    assert art.card_size_for_width(50) == SMALL


def test_face_is_cached_per_size() -> None:
    deck = CardArt()
    a = deck.face(card(HEARTS, 7), MEDIUM)
    assert deck.face(card(HEARTS, 7), MEDIUM) is a
    b = deck.face(card(HEARTS, 7), SMALL)
    assert b is not a
    assert a.get_size() == MEDIUM
    assert b.get_size() == SMALL
    assert deck.face(card(HEARTS, 8), MEDIUM) is not a


@pytest.mark.slow
def test_every_face_renders_at_the_extreme_sizes() -> None:
    deck = CardArt()
    for size in (SMALL, LARGE, (61, 85), (199, 279)):
        for suit in SUITS:
            for rank in range(1, 14):
                surf = deck.face(card(suit, rank), size)
                assert surf.get_size() == size


def test_rounded_corners_are_transparent_and_the_card_is_opaque() -> None:
    deck = CardArt()
    for size in (SMALL, LARGE):
        surf = deck.face(card(SPADES, 5), size)
        w, h = size
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at(corner).a < 40
        centre = surf.get_at((w // 2, h // 2 + h // 7))
        assert centre.a == 255
        # A thin grey border just inside the edge, white paper further in.
        edge = surf.get_at((w // 2, 0))
        assert edge.a > 150 and edge.r < 200
        paper = surf.get_at((w // 2, 4 * h // 10))
        assert paper.r > 240 and paper.g > 240 and paper.b > 230


def test_red_suits_are_red_and_black_suits_are_not() -> None:
    deck = CardArt()
    for rank in (1, 5, 10):
        for suit in (HEARTS, DIAMONDS):
            assert sum(map(_is_red, _pixels(deck.face(card(suit, rank), MEDIUM)))) > 100
        for suit in (CLUBS, SPADES):
            pixels = _pixels(deck.face(card(suit, rank), MEDIUM))
            assert not any(map(_is_red, pixels))
            assert sum(map(_is_dark, pixels)) > 100


def test_four_colour_option_and_set_options_clears_cache() -> None:
    deck = CardArt()
    two = deck.face(card(CLUBS, 6), MEDIUM)
    deck.set_options(four_colour=True)
    four = deck.face(card(CLUBS, 6), MEDIUM)
    assert four is not two
    greens = [c for c in _pixels(four) if c.g > 100 and c.r < 60 and c.b < 100 and c.a > 200]
    assert len(greens) > 100
    blues = [
        c for c in _pixels(deck.face(card(DIAMONDS, 6), MEDIUM))
        if c.b > 150 and c.r < 60 and c.a > 200
    ]
    assert len(blues) > 100
    assert deck.four_colour
    deck.set_options(four_colour=False)
    again = deck.face(card(CLUBS, 6), MEDIUM)
    assert again is not four
    assert _difference(again, two) == 0


@pytest.mark.slow
def test_court_cards_differ_from_each_other_and_from_number_cards() -> None:
    deck = CardArt()
    for suit in SUITS:
        faces = {r: deck.face(card(suit, r), MEDIUM) for r in (10, JACK, QUEEN, KING)}
        for a in (JACK, QUEEN, KING):
            for b in (10, JACK, QUEEN, KING):
                if a != b:
                    assert _difference(faces[a], faces[b]) > 0.08, (suit, a, b)


def test_court_cards_are_more_colourful_than_number_cards() -> None:
    deck = CardArt()

    def colours(surf: pygame.Surface) -> int:
        return len({(c.r // 32, c.g // 32, c.b // 32) for c in _pixels(surf) if c.a == 255})

    for suit in SUITS:
        assert colours(deck.face(card(suit, KING), MEDIUM)) > 2 * colours(
            deck.face(card(suit, 9), MEDIUM)
        )


def test_small_card_has_a_corner_index_top_left_and_bottom_right() -> None:
    deck = CardArt()
    w, h = SMALL
    corner = pygame.Rect(2, 2, w * 24 // 100, h * 34 // 100)
    opposite = pygame.Rect(w - corner.right, h - corner.bottom, corner.width, corner.height)
    for suit in SUITS:
        for rank in range(1, 14):
            surf = deck.face(card(suit, rank), SMALL)
            for rect in (corner, opposite):
                inked = [c for c in _pixels(surf, rect) if c.a == 255 and min(c.r, c.g, c.b) < 140]
                # Rank and suit together cover a good part of the corner.
                assert len(inked) > 25, (suit, rank, rect)


def test_index_is_rotated_in_the_bottom_right() -> None:
    deck = CardArt()
    surf = deck.face(card(SPADES, 7), MEDIUM)
    w, h = MEDIUM
    top_left = surf.subsurface((0, 0, w // 4, h // 4)).copy()
    bottom_right = pygame.transform.flip(
        surf.subsurface((w - w // 4, h - h // 4, w // 4, h // 4)), True, True
    )
    assert _difference(top_left, bottom_right) < 0.03


@pytest.mark.parametrize("rank", range(2, 11))
def test_number_cards_show_the_right_number_of_pips(rank: int) -> None:
    deck = CardArt()
    for suit in SUITS:
        surf = deck.face(card(suit, rank), MEDIUM)
        w, h = MEDIUM
        # Between the two index columns only the pips are printed.
        middle = surf.subsurface((round(w * 0.24), 0, round(w * 0.52), h))
        ink = art.suit_colour(suit)
        mask = pygame.mask.from_threshold(middle, (*ink, 255), (70, 70, 70, 255))
        blobs = [m for m in mask.connected_components() if m.count() > 20]
        assert len(blobs) == rank, (suit, rank)


def test_ace_has_one_big_pip() -> None:
    deck = CardArt()
    for suit in (HEARTS, DIAMONDS, CLUBS):
        surf = deck.face(card(suit, 1), MEDIUM)
        w, h = MEDIUM
        middle = surf.subsurface((round(w * 0.24), 0, round(w * 0.52), h))
        mask = pygame.mask.from_threshold(middle, (*art.suit_colour(suit), 255),
                                          (70, 70, 70, 255))
        blobs = [m for m in mask.connected_components() if m.count() > 20]
        assert len(blobs) == 1
        box = blobs[0].get_bounding_rects()[0]
        assert box.height > 0.35 * w


def test_unknown_code_is_the_back_and_bad_codes_raise() -> None:
    deck = CardArt()
    assert deck.face(UNKNOWN, SMALL) is deck.back(SMALL)
    for bad in (card(0, 14), card(4, 1), card(2, 0) + 16 * 8, -1):
        with pytest.raises(ValueError):
            deck.face(bad, SMALL)
    with pytest.raises(ValueError):
        deck.face(card(HEARTS, 1), (3, 4))
    with pytest.raises(ValueError):
        CardArt(back_style=7)


def test_backs_are_cached_and_the_two_styles_differ() -> None:
    deck = CardArt()
    blue = deck.back(MEDIUM)
    assert deck.back(MEDIUM) is blue
    assert deck.back(SMALL).get_size() == SMALL
    deck.set_options(back_style=1)
    red = deck.back(MEDIUM)
    assert red is not blue
    assert _difference(blue, red) > 0.5

    def mean(surf: pygame.Surface) -> tuple[float, float, float]:
        px = [c for c in _pixels(surf, pygame.Rect(30, 50, 80, 90)) if c.a == 255]
        return (
            sum(c.r for c in px) / len(px),
            sum(c.g for c in px) / len(px),
            sum(c.b for c in px) / len(px),
        )

    br, _bg, bb = mean(blue)
    rr, _rg, rb = mean(red)
    assert bb > br + 30
    assert rr > rb + 30
    # A white margin around the pattern.
    for surf in (blue, red):
        m = surf.get_at((4, MEDIUM[1] // 2))
        assert m.r > 235 and m.g > 235 and m.b > 235


def test_outline_is_cached_by_size_and_colour() -> None:
    deck = CardArt()
    a = deck.outline(MEDIUM, (255, 255, 255, 160))
    assert deck.outline(MEDIUM, (255, 255, 255, 160)) is a
    assert deck.outline(MEDIUM, (255, 255, 0)) is not a
    assert a.get_size() == MEDIUM
    w, h = MEDIUM
    assert a.get_at((w // 2, h // 2)).a < 60  # mostly see-through inside
    assert a.get_at((w // 2, 1)).a > 100  # the line itself
    assert a.get_at((0, 0)).a < 40  # rounded corner
    deck.clear()
    assert deck.outline(MEDIUM, (255, 255, 255, 160)) is not a


def test_draw_suit_draws_each_suit_at_the_given_size() -> None:
    shapes = []
    for suit in SUITS:
        surf = pygame.Surface((80, 80), pygame.SRCALPHA)
        surf.fill((255, 255, 255, 255))
        draw_suit(surf, suit, (40.0, 40.0), 40, (0, 0, 0))
        mask = pygame.mask.from_threshold(surf, (0, 0, 0, 255), (128, 128, 128, 255))
        box = mask.get_bounding_rects()[0]
        assert 37 <= box.height <= 43, suit
        assert abs(box.centery - 40) <= 2
        assert abs(box.centerx - 40) <= 2
        # Anti-aliased: some grey pixels on the edge.
        greys = [c for c in _pixels(surf) if 40 < c.r < 215]
        assert greys, suit
        shapes.append(mask)
    for i in range(4):
        for j in range(i + 1, 4):
            overlap = shapes[i].overlap_area(shapes[j], (0, 0))
            only_one = shapes[i].count() + shapes[j].count() - 2 * overlap
            assert only_one > 0.1 * max(shapes[i].count(), shapes[j].count()), (i, j)
    with pytest.raises(ValueError):
        draw_suit(pygame.Surface((10, 10)), 4, (5, 5), 5, (0, 0, 0))


def test_draw_suit_upside_down_is_the_half_turn() -> None:
    for suit in SUITS:
        up = pygame.Surface((60, 60), pygame.SRCALPHA)
        down = pygame.Surface((60, 60), pygame.SRCALPHA)
        draw_suit(up, suit, (30.0, 30.0), 36, (0, 0, 0))
        draw_suit(down, suit, (30.0, 30.0), 36, (0, 0, 0), upside_down=True)
        assert _difference(pygame.transform.flip(up, True, True), down) < 0.03
        if suit != DIAMONDS:
            assert _difference(up, down) > 0.05


def test_table_surface_is_green_deterministic_and_vignetted() -> None:
    a = table_surface((320, 200))
    assert a.get_size() == (320, 200)
    assert table_surface((320, 200)) is a
    art._TABLE_CACHE.clear()
    b = table_surface((320, 200))
    assert b is not a
    assert _difference(a, b) == 0
    centre = a.get_at((160, 100))
    corner = a.get_at((2, 2))
    assert centre.g > centre.r + 40 and centre.g > centre.b + 20
    assert sum(corner[:3]) < sum(centre[:3])
    # Textured, not flat.
    row = {tuple(a.get_at((x, 100))) for x in range(100, 220)}
    assert len(row) > 5


def test_faces_render_fast() -> None:
    deck = CardArt()
    t0 = time.perf_counter()
    for suit in SUITS:
        for rank in range(1, 14):
            deck.face(card(suit, rank), MEDIUM)
    assert time.perf_counter() - t0 < 1.0


def test_surfaces_are_converted_once_a_display_mode_is_set() -> None:
    pygame.display.quit()  # an earlier test's window would make the first face converted too
    deck = CardArt()
    before = deck.face(card(HEARTS, 12), SMALL)
    pygame.display.set_mode((64, 64))
    try:
        after = deck.face(card(HEARTS, 12), SMALL)
        assert after is not before
        assert after.get_flags() & pygame.SRCALPHA
        assert _difference(before, after) == 0
        assert deck.face(card(HEARTS, 12), SMALL) is after
        assert table_surface((40, 30)).get_size() == (40, 30)
    finally:
        pygame.display.quit()


@pytest.mark.slow
@pytest.mark.parametrize("width", [40, 56, 88, 125, 180])
def test_index_depth_is_where_the_corner_index_ends(width: int) -> None:
    """``index_depth`` says how much of a covered card a fan must show: every face's
    top-left index (the strip left of the pips) ends above it, and some index reaches
    its last few pixels, so it is not a loose guess."""
    cards = CardArt()
    size = art.card_size_for_width(width)
    depth = art.index_depth(width) * size[1]
    lowest = 0
    for suit in SUITS:
        for rank in range(1, KING + 1):
            face = cards.face(card(suit, rank), size)
            for y in range(size[1] // 2):
                for x in range(round(width * 0.04), round(width * 0.2)):
                    c = face.get_at((x, y))
                    if c.a > 200 and c.r + c.g + c.b < 600:
                        lowest = max(lowest, y)
    assert lowest <= depth + 1  # within a pixel of smoothing
    assert lowest >= depth - max(3, 0.04 * size[1])
