"""Tests for the program-drawn card art (game/ui/art/), run headless."""

from __future__ import annotations

import math
import os
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
from game.ui.art import CARD_ASPECT, CardArt, draw_suit, face_geometry, table_surface
from game.ui.art.courts import court_style
from game.ui.art.ink import PAPER

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

SMALL = (50, 70)
STANDARD_MIN = art.card_size_for_width(art.SMALL_FACE_BELOW)
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


def test_smallest_standard_card_has_a_corner_index_top_left_and_bottom_right() -> None:
    """The double-ended standard face, down to the narrowest card that gets it (smaller
    cards get the large-index face: see test_small_cards_get_the_large_index_face)."""
    deck = CardArt()
    w, h = STANDARD_MIN
    corner = pygame.Rect(2, 2, w * 24 // 100, h * 34 // 100)
    opposite = pygame.Rect(w - corner.right, h - corner.bottom, corner.width, corner.height)
    for suit in SUITS:
        for rank in range(1, 14):
            surf = deck.face(card(suit, rank), STANDARD_MIN)
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
    art.felt._TABLE_CACHE.clear()
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


def _ink(face: pygame.Surface) -> pygame.Mask:
    """The printed pixels of a face: neither paper nor the card's grey edge."""
    w, h = face.get_size()
    paper = pygame.mask.from_threshold(face, (*PAPER, 255), (60, 60, 60, 255))
    ink = pygame.mask.from_surface(face, 200)
    ink.erase(paper, (0, 0))
    inside = pygame.Surface((w, h))
    inside.fill((0, 0, 0))
    pygame.draw.rect(inside, (255, 255, 255), inside.get_rect().inflate(-6, -6),
                     border_radius=round(0.065 * w))
    return ink.overlap_mask(pygame.mask.from_threshold(inside, (255, 255, 255), (1, 1, 1, 255)),
                            (0, 0))


def _index_blobs(face: pygame.Surface) -> list[pygame.Rect]:
    """The boxes of the inked shapes in the top quarter against a side of the card: the
    top-left index (and the large-index face's suit at the top right), not the pips
    inside it, nor a portrait's frame (it spans the card)."""
    w, h = face.get_size()
    boxes = []
    for blob in _ink(face).connected_components(4):
        box = blob.get_bounding_rects()[0]
        if box.top < 0.25 * h and box.width < 0.5 * w and (box.left < 0.2 * w or box.right > 0.8 * w):
            boxes.append(box)
    return boxes


def _lowest_index_ink(face: pygame.Surface, code: int, large_index: bool) -> int:
    """The lowest row of ink near the top index boxes (0 when there is none)."""
    size = face.get_size()
    geo = face_geometry(code, size, large_index)
    near = _boxes_mask(size, [geo.ranks[0], geo.suits[0]], max(1.0, 0.015 * size[0]))
    found = _ink(face).overlap_mask(near, (0, 0)).get_bounding_rects()
    return max((r.bottom - 1 for r in found), default=0)


@pytest.mark.slow
@pytest.mark.parametrize("large_index", [False, True])
@pytest.mark.parametrize("width", [40, 56, 69, 70, 88, 125, 180])
def test_index_depth_is_where_the_corner_index_ends(width: int, large_index: bool) -> None:
    """``index_depth`` says how much of a covered card a fan must show: every face's
    top index ends above it, and some index reaches its last few pixels, so it is not
    a loose guess."""
    cards = CardArt(large_index=large_index)
    size = art.card_size_for_width(width)
    depth = art.index_depth(width, large_index=large_index) * size[1]
    lowest = 0
    for suit in SUITS:
        for rank in range(1, KING + 1):
            code = card(suit, rank)
            lowest = max(lowest, _lowest_index_ink(cards.face(code, size), code, large_index))
    assert lowest <= depth + 1  # within a pixel of smoothing
    assert lowest >= depth - max(3, 0.04 * size[1])


def test_the_large_index_never_reaches_deeper_than_the_standard_one() -> None:
    """The layout spaces fans by ``index_depth(width)``; with the large index on, every
    covered card's index must still show whole, and it fits the top 30 % of the card."""
    for width in range(40, 241):
        large = art.index_depth(width, large_index=True)
        assert large <= art.index_depth(width) + 1e-9, width
        assert large <= 0.3, width


def _boxes_mask(size: tuple[int, int], boxes: list[pygame.FRect], grow: float) -> pygame.Mask:
    surf = pygame.Surface(size)
    surf.fill((0, 0, 0))
    for box in boxes:
        pygame.draw.rect(surf, (255, 255, 255), pygame.Rect(
            math.floor(box.x - grow), math.floor(box.y - grow),
            math.ceil(box.width + 2 * grow) + 1, math.ceil(box.height + 2 * grow) + 1))
    return pygame.mask.from_threshold(surf, (255, 255, 255), (1, 1, 1, 255))


@pytest.mark.parametrize("large_index", [False, True])
def test_pips_never_touch_the_indices_at_any_size(large_index: bool) -> None:
    """At every card width the game uses, the pips (and a court's portrait) keep clear
    of every corner index, with a gap that grows with the card, and stay on the card."""
    for width in range(44, 241):
        size = art.card_size_for_width(width)
        card_box = pygame.FRect(0, 0, *size)
        gap = max(2.0, 0.04 * width)
        for suit in SUITS:
            for rank in range(1, KING + 1):
                geo = face_geometry(card(suit, rank), size, large_index)
                indices = geo.index_boxes()
                assert indices and all(card_box.contains(b) for b in indices), (width, suit, rank)
                inner = [(p.box, gap) for p in geo.pips]
                if geo.frame is not None:
                    inner += [(piece, max(1.5, 0.02 * width))
                              for piece in _frame_pieces(geo.frame, geo.notch)]
                assert inner, (width, suit, rank)
                for box, clear in inner:
                    assert card_box.contains(box), (width, suit, rank, box)
                    for index in indices:
                        assert not box.inflate(2 * clear, 2 * clear).colliderect(index), \
                            (width, suit, rank, box, index)


def _frame_pieces(frame: pygame.FRect, notch: pygame.FRect | None) -> list[pygame.FRect]:
    """A portrait frame as rectangles: the whole frame, or the frame without the corner
    cut for the index and its turned twin."""
    if notch is None:
        return [frame]
    w = frame.right + frame.left
    h = frame.bottom + frame.top
    return [
        pygame.FRect(notch.right, frame.top, frame.right - notch.right, notch.height),
        pygame.FRect(frame.left, notch.bottom, frame.width, h - 2 * notch.bottom),
        pygame.FRect(frame.left, h - notch.bottom, w - notch.right - frame.left, notch.height),
    ]


@pytest.mark.parametrize("large_index", [False, True])
@pytest.mark.parametrize("width", [44, 56, 70, 88, 140, 240])
def test_the_ink_stays_in_the_geometry(width: int, large_index: bool) -> None:
    """What is drawn is what ``face_geometry`` says: every inked pixel lies in an index
    box, a pip's box or the portrait's frame (so the geometry tests above are about the
    real faces), and there is paper between the pips and the indices."""
    size = art.card_size_for_width(width)
    cards = CardArt(large_index=large_index)
    for suit in SUITS:
        for rank in range(1, KING + 1):
            code = card(suit, rank)
            face = cards.face(code, size)
            geo = face_geometry(code, size, large_index)
            boxes = geo.index_boxes() + [p.box for p in geo.pips]
            if geo.frame is not None:
                boxes += _frame_pieces(geo.frame, geo.notch)
            allowed = _boxes_mask(size, boxes, 1.5)
            ink = _ink(face)
            assert ink.count() > 0
            stray = ink.count() - ink.overlap_area(allowed, (0, 0))
            assert stray == 0, (width, suit, rank, stray)


def test_small_cards_get_the_large_index_face() -> None:
    """Below SMALL_FACE_BELOW pixels every card shows a big rank top left and a big suit
    top right, both in the top 30 % (what a fanned pile shows of a covered card), and
    a big suit symbol below; from that width up, the standard face."""
    assert 60 <= art.SMALL_FACE_BELOW <= 80
    for width in range(40, art.SMALL_FACE_BELOW):
        size = art.card_size_for_width(width)
        geo = face_geometry(card(CLUBS, 4), size)
        assert geo.large
        [rank_box], [suit_box] = geo.ranks, geo.suits
        assert rank_box.bottom <= 0.3 * size[1] and suit_box.bottom <= 0.3 * size[1]
        assert rank_box.right < suit_box.left
        assert geo.cap >= 0.3 * width and suit_box.height >= 0.29 * width
        [symbol] = geo.pips
        assert symbol.box.height >= 0.5 * width and symbol.box.top > suit_box.bottom
    standard = face_geometry(card(CLUBS, 4), STANDARD_MIN)
    assert not standard.large and len(standard.pips) == 4 and len(standard.ranks) == 2
    # Drawn so: the rank's ink top left and the suit's ink top right, in the band.
    deck = CardArt()
    for width in (44, 50, 56, 64):
        size = art.card_size_for_width(width)
        for code in (card(CLUBS, 10), card(SPADES, 8), card(HEARTS, QUEEN)):
            blobs = _index_blobs(deck.face(code, size))
            assert any(b.right < width / 2 for b in blobs) and any(b.left > width / 2 for b in blobs)
            assert all(b.bottom <= 0.3 * size[1] + 1 for b in blobs)
            left = max((b for b in blobs if b.right < width / 2), key=lambda b: b.height)
            assert left.height >= 0.28 * width, (width, code)


def test_large_index_option_changes_the_face_at_every_size() -> None:
    standard, large = CardArt(), CardArt(large_index=True)
    assert not standard.large_index and large.large_index
    for size in (MEDIUM, LARGE, (80, 112)):
        for code in (card(CLUBS, 7), card(HEARTS, 1), card(SPADES, KING)):
            a, b = standard.face(code, size), large.face(code, size)
            assert _difference(a, b) > 0.05, (size, code)
            rank = max(_index_blobs(b), key=lambda r: r.height)
            assert rank.height >= 0.28 * size[0] > 2 * 0.165 * size[0] * 0.8
    # Small cards have the large index anyway.
    assert _difference(standard.face(card(CLUBS, 7), SMALL), large.face(card(CLUBS, 7), SMALL)) == 0
    standard.set_options(large_index=True)
    assert standard.large_index
    assert _difference(standard.face(card(CLUBS, 7), MEDIUM), large.face(card(CLUBS, 7), MEDIUM)) == 0


@pytest.mark.parametrize("size", [SMALL, (80, 112), MEDIUM])
def test_court_faces_differ_between_suits_and_ranks(size: tuple[int, int]) -> None:
    """Each of the twelve courts is its own: the two black suits' (and the two red
    suits') Kings, Queens and Jacks differ in their portraits, not only in the emblem."""
    deck = CardArt()
    frames = {}
    for suit in SUITS:
        for rank in (JACK, QUEEN, KING):
            geo = face_geometry(card(suit, rank), size)
            assert geo.frame is not None
            f = geo.frame
            inside = pygame.Rect(round(f.x), round(f.y + f.height * 0.5), round(f.width),
                                 round(f.height * 0.5))
            frames[suit, rank] = deck.face(card(suit, rank), size).subsurface(inside).copy()
    keys = list(frames)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert _difference(frames[a], frames[b]) > 0.05, (size, a, b)
    styles = {(s, r): court_style(r, s, art.suit_colour(s)) for s in SUITS for r in (JACK, QUEEN, KING)}
    assert len({st.item for st in styles.values()}) >= 10
    for rank in (JACK, QUEEN, KING):
        for pair in ((CLUBS, SPADES), (HEARTS, DIAMONDS)):
            a, b = (styles[s, rank] for s in pair)
            assert a.robe == b.robe and a.panel != b.panel and a.item != b.item and a.hair != b.hair


def test_small_courts_read_as_courts() -> None:
    """On a small card a court keeps a framed, coloured bust under its big index (not a
    blob): many colours, a gold crown or cap band, and no second index in the frame."""
    deck = CardArt()
    for suit in SUITS:
        for rank in (JACK, QUEEN, KING):
            face = deck.face(card(suit, rank), SMALL)
            geo = face_geometry(card(suit, rank), SMALL)
            assert geo.frame is not None and geo.frame.top >= geo.depth
            f = geo.frame
            bust = face.subsurface(pygame.Rect(round(f.x) + 1, round(f.y) + 1, round(f.width) - 2,
                                               round(f.height) - 2))
            colours = {(c.r // 40, c.g // 40, c.b // 40) for c in _pixels(bust)}
            assert len(colours) >= 12, (suit, rank)
            gold = [c for c in _pixels(bust) if c.r > 200 and 140 < c.g < 200 and c.b < 90]
            assert len(gold) >= 6, (suit, rank)
            assert len(_index_blobs(face)) == 2  # the rank and the suit, nothing else up there


def test_faces_are_drawn_for_each_size_not_scaled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every size gets its own drawing (the renderer is called for it), and it is
    sharper than the same face enlarged from a smaller drawing."""
    calls: list[tuple[int, tuple[int, int]]] = []
    real = art.cache.render_face

    def spy(code: int, size: tuple[int, int], *args: bool) -> pygame.Surface:
        calls.append((code, size))
        return real(code, size, *args)

    monkeypatch.setattr(art.cache, "render_face", spy)
    deck = CardArt()
    code = card(SPADES, 9)
    small, big = deck.face(code, (80, 112)), deck.face(code, (160, 224))
    assert calls == [(code, (80, 112)), (code, (160, 224))]
    enlarged = pygame.transform.smoothscale(small, (160, 224))

    def soft(surf: pygame.Surface) -> int:
        """Pixels half-way between ink and paper: the blur of the edges."""
        return sum(1 for c in _pixels(surf, pygame.Rect(4, 4, 152, 216)) if 70 < c.r < 200)

    assert soft(big) < 0.7 * soft(enlarged)


def test_the_face_cache_keeps_a_few_sizes() -> None:
    deck = CardArt()
    code = card(HEARTS, 3)
    first = deck.face(code, (60, 84))
    for width in range(61, 61 + art.cache.FACE_SIZES_KEPT + 2):
        deck.face(code, art.card_size_for_width(width))
    assert len(deck.face_sizes) == art.cache.FACE_SIZES_KEPT
    assert (60, 84) not in deck.face_sizes
    assert deck.face(code, (60, 84)) is not first  # drawn again when asked for again
    assert deck.face_sizes[-1] == (60, 84)


