"""Table geometry (game/ui/layout.py) and card flights (game/ui/anim.py), without a loop."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine import RULE_IDS, Transfer, new_game, rules_class
from game.ui.anim import Animator, Flight, ease_in_out, ease_out_cubic
from game.ui.art import index_depth
from game.ui.layout import table_layout

SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440),
         (800, 1400), (2560, 600)]


@pytest.mark.parametrize(("rules", "size"), list(itertools.product(RULE_IDS, SIZES)))
def test_places_fit_the_window_and_never_overlap(rules: str, size: tuple[int, int]) -> None:
    lay = table_layout(rules, size)
    cls = rules_class(rules)
    window = pygame.Rect((0, 0), size)
    assert len(lay.areas) == len(cls.places)
    for i, area in enumerate(lay.areas):
        assert window.contains(area), cls.places[i].name
        assert area.top >= lay.hud.bottom
        assert area.contains(lay.bases[i])
        assert lay.bases[i].size == lay.card
    for a, b in itertools.combinations(range(len(lay.areas)), 2):
        assert not lay.areas[a].colliderect(lay.areas[b]), (cls.places[a].name, cls.places[b].name)
    slots = list(lay.direction_slots.values())
    for slot in slots:
        assert not any(slot.colliderect(area) for area in lay.areas)
        assert window.contains(slot) and slot.width >= lay.card[0]
    for a, b in itertools.combinations(slots, 2):
        assert not a.colliderect(b)


@pytest.mark.parametrize(("rules", "size"), list(itertools.product(RULE_IDS, SIZES)))
def test_a_short_fan_shows_each_covered_cards_rank_and_suit(rules: str, size: tuple[int, int]) -> None:
    lay = table_layout(rules, size)
    need = index_depth(lay.card[0]) * lay.card[1]
    fanned = [i for i, step in enumerate(lay.steps) if step]
    assert fanned
    for i in fanned:
        assert lay.steps[i] >= need
        two = lay.card_rects(i, 2)
        assert two[1].top - two[0].top >= need  # every place has room for two cards unsqueezed


@pytest.mark.parametrize("rules", RULE_IDS)
def test_cards_grow_with_the_window(rules: str) -> None:
    widths = [table_layout(rules, size).card[0] for size in ((800, 600), (1280, 800), (2560, 1440))]
    assert widths == sorted(widths) and widths[0] < widths[-1]
    assert widths[0] >= 50  # still readable at the smallest window


@pytest.mark.parametrize("rules", RULE_IDS)
def test_long_piles_compress_to_stay_in_their_area(rules: str) -> None:
    lay = table_layout(rules, (800, 600))
    fanned = [i for i, step in enumerate(lay.steps) if step]
    assert fanned
    for i in fanned:
        for count in (1, 2, 5, 13, 26, 40):
            rects = lay.card_rects(i, count)
            assert len(rects) == count
            assert all(lay.areas[i].contains(r) for r in rects)
            tops = [r.top for r in rects]
            assert tops == sorted(tops)
        short = lay.card_rects(i, 2)
        assert short[1].top - short[0].top == lay.steps[i]  # no squeeze when there is room


def test_easing_starts_at_zero_and_ends_at_one() -> None:
    for ease in (ease_in_out, ease_out_cubic):
        assert ease(0) == 0 and ease(1) == 1
        assert ease(-1) == 0 and ease(2) == 1
        assert 0 < ease(0.5) < 1


def test_waiting_cards_stay_where_they_were_until_they_fly() -> None:
    game = new_game("constitution", 5)
    before = [list(p) for p in game.piles]
    transfers = game.play(game.legal_moves()[0])
    anim = Animator()
    anim.queue_transfers(transfers, game.piles, speed=1.0)
    shown = anim.display_piles(game.piles)
    for flight in anim.in_air():  # the first card has just taken off
        shown[flight.src].append(flight.card)
    assert shown == before
    for _ in range(200):
        anim.update(0.01)
        shown = anim.display_piles(game.piles)
        assert sum(map(len, shown)) + len(anim.in_air()) == game.card_total()
    assert not anim.busy
    assert anim.display_piles(game.piles) == game.piles


def test_a_chain_lands_in_order_one_after_another() -> None:
    chain = [Transfer(0, 1, 2, False), Transfer(0, 2, 1, True)]
    after = [[], [2], [1]]
    anim = Animator()
    end = anim.queue_transfers(chain, after, speed=2.0, seconds=0.2)
    assert end == pytest.approx(0.2)
    first, second = anim.flights
    assert (first.delay, second.delay) == (0.0, pytest.approx(0.1))
    assert (first.src_slot, first.dst_slot, second.src_slot, second.dst_slot) == (1, 0, 0, 0)
    anim.update(0.05)
    assert anim.display_piles(after) == [[1], [], []]  # 2 in the air, 1 waiting
    anim.update(0.06)
    assert anim.display_piles(after) == [[], [2], []]  # 2 landed, 1 in the air
    anim.update(0.1)
    assert anim.display_piles(after) == after and not anim.busy


def test_animation_off_queues_nothing() -> None:
    anim = Animator()
    anim.queue_transfers([Transfer(0, 1, 5, False)], [[], [5]], speed=0)
    anim.queue_deal([[5], []], [0], 1, speed=0)
    anim.fly_back(5, 0, 0, (0.0, 0.0), speed=0)
    assert not anim.busy


def test_a_flight_moves_from_its_start_to_its_place() -> None:
    flight = Flight(5, 0, 0, 1, 0, delay=0.0, duration=1.0)

    def locate(place: int, slot: int) -> tuple[float, float]:
        return (0.0, 0.0) if place == 0 else (100.0, 0.0)

    assert flight.position(locate) == pytest.approx((0.0, 0.0))
    flight.elapsed = 1.0
    assert flight.position(locate) == pytest.approx((100.0, 0.0))
    flight.elapsed = 0.5
    x, y = flight.position(locate)
    assert x == pytest.approx(50.0) and y < 0  # a little lift on the way


@pytest.mark.parametrize(("rules", "size"), list(itertools.product(RULE_IDS, SIZES)))
def test_the_names_on_the_felt_cover_no_place_and_stand_beside_what_they_name(
        rules: str, size: tuple[int, int]) -> None:
    from game.ui import theme

    lay = table_layout(rules, size)
    cls = rules_class(rules)
    drawn = []
    for words, centre, px in lay.labels:
        rect = pygame.Rect((0, 0), theme.font(px).size(words))
        rect.center = centre
        assert pygame.Rect((0, 0), size).contains(rect), words
        assert rect.collidelist(lay.areas) < 0, words
        assert rect.collidelist(list(lay.direction_slots.values())) < 0, words
        assert not rect.colliderect(lay.hud) and not rect.colliderect(lay.footer), words
        assert rect.collidelist(drawn) < 0, words
        drawn.append(rect)
    names = {words: pygame.Rect((0, 0), (1, 1)).move(centre) for words, centre, _ in lay.labels}
    places = {"Stock": [cls.stock], "Waste": [cls.waste] if cls.waste >= 0 else [],
              "Foundations": list(cls.foundations)}
    for words, indexes in places.items():
        if words not in names or not indexes:
            continue
        box = lay.bases[indexes[0]].unionall([lay.bases[i] for i in indexes])
        # next to its place: within a card's height of it
        assert box.inflate(lay.card[1] * 2, lay.card[1] * 2).contains(names[words]), words


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "union-square"])
def test_stock_waste_and_foundations_are_named_at_the_usual_sizes(rules: str) -> None:
    for size in [(800, 600), (1280, 800), (2560, 1440)]:
        words = {w for w, _, _ in table_layout(rules, size).labels}
        want = {"Stock", "Foundations"} | ({"Waste"} if rules_class(rules).waste >= 0 else set())
        assert want <= words, (size, want - words)
