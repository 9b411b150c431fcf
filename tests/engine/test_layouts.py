"""Layouts as JSON (docs/rules.md): round trips, and bad layouts refused with LayoutError."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import RULE_IDS, LayoutError, game_from_layout, new_game, rules_class

from .helpers import layout

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "golden"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_layout_reads_back_to_itself(path: Path) -> None:
    golden = json.loads(path.read_text())
    game = game_from_layout(golden)
    again = game.to_layout()
    assert all(again[k] == v for k, v in golden.items())
    assert game.key() == new_game(golden["rules"], golden["game"]).key()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_json_text_round_trip_mid_game(rules: str) -> None:
    game = new_game(rules, "9999999")
    for _ in range(25):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[len(moves) // 2])
    text = json.dumps(game.to_layout())
    back = rules_class(rules).from_layout(json.loads(text))
    assert back.to_layout() == game.to_layout()
    assert back.key() == game.key()
    assert back.legal_moves() == game.legal_moves()


def test_constitution_owed_and_square_dealt_survive_the_round_trip() -> None:
    game = new_game("constitution", "1")
    game.play_text("r2c5-r1c5")
    saved = game.to_layout()
    assert saved["owed"] == "r2c5"
    back = game_from_layout(saved)
    assert back.legal_texts() == game.legal_texts() == [f"r3c{i}-r2c5" for i in range(1, 9)]
    square = game_from_layout(layout("square", {"c1": "2C 6H 5H"}, dealt=[2, 0, 0, 0]))
    assert square.to_layout()["dealt"] == [2, 0, 0, 0]
    assert game_from_layout(square.to_layout()).direction(4) == -1


def bad(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(base)
    out.update(changes)
    return out


def refused(layout_: Any, *words: str) -> str:
    with pytest.raises(LayoutError) as info:
        game_from_layout(layout_)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


@pytest.mark.parametrize("rules", RULE_IDS)
def test_missing_card_is_refused(rules: str) -> None:
    base = new_game(rules, "1").to_layout()
    gone = base["stock"][0]
    refused(bad(base, stock=base["stock"][1:]), "missing", gone)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_duplicate_card_is_refused(rules: str) -> None:
    base = new_game(rules, "1").to_layout()
    refused(bad(base, stock=[*base["stock"], "5H"]), "too many 5H")
    swapped = bad(base, stock=["5H", *base["stock"][1:]])
    if base["stock"][0] != "5H":
        refused(swapped, "too many 5H", "missing")


def test_wrong_rules_are_refused() -> None:
    base = new_game("square", "1").to_layout()
    with pytest.raises(LayoutError, match="for 'square', not 'union-square'"):
        rules_class("union-square").from_layout(base)
    message = refused(bad(base, rules="klondike"), "klondike")
    for rules in RULE_IDS:
        assert rules in message
    refused({k: v for k, v in base.items() if k != "rules"})
    refused(["not", "a", "layout"], "JSON object")
    with pytest.raises(LayoutError):
        rules_class("square").from_layout("text")  # type: ignore[arg-type]


@pytest.mark.parametrize("card", ["ZZ", "1H", "10X", "", "H5", "11C"])
def test_bad_card_text_is_refused_naming_the_place(card: str) -> None:
    base = new_game("union-square", "1").to_layout()
    broken = bad(base)
    broken["tableau"][2] = [card]
    refused(broken, "p3", "not a card")


def test_card_that_is_not_text_is_refused() -> None:
    base = new_game("constitution", "1").to_layout()
    broken = bad(base)
    broken["tableau"][0][0] = [5]
    refused(broken, "r1c1", "expected a list of cards")


def test_bad_game_number_in_a_layout_is_refused() -> None:
    base = new_game("square", "1").to_layout()
    refused(bad(base, game="0"), "game number")
    refused(bad(base, game="abc"), "game number")


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
@pytest.mark.parametrize("change", ["three rows", "seven places", "not a list", "flat"])
def test_constitution_tableau_of_the_wrong_shape_is_refused(rules: str, change: str) -> None:
    base = new_game(rules, "1").to_layout()
    broken = bad(base)
    if change == "three rows":
        broken["tableau"] = broken["tableau"][:3]
    elif change == "seven places":
        broken["tableau"][1] = broken["tableau"][1][:7]
    elif change == "not a list":
        broken["tableau"] = "r1c1"
    else:
        broken["tableau"] = [pile for row in broken["tableau"] for pile in row]
    refused(broken, "tableau")


@pytest.mark.parametrize(("rules", "count"), [("square", 3), ("square", 5), ("union-square", 15),
                                              ("union-square", 4)])
def test_square_tableau_with_the_wrong_number_of_places_is_refused(rules: str, count: int) -> None:
    base = new_game(rules, "1").to_layout()
    piles = (base["tableau"] * 2)[:count]
    refused(bad(base, tableau=piles), "tableau")


@pytest.mark.parametrize("rules", RULE_IDS)
def test_wrong_foundations_stock_or_waste_shapes_are_refused(rules: str) -> None:
    base = new_game(rules, "1").to_layout()
    refused(bad(base, foundations=base["foundations"][:-1]), "foundations")
    refused(bad(base, foundations="AC"), "foundations")
    refused(bad(base, stock=None), "stock")
    refused(bad(base, stock="5H"), "stock")
    refused(bad(base, waste=None), "waste")


def test_waste_in_constitution_is_refused() -> None:
    base = new_game("constitution", "1").to_layout()
    top = base["stock"][-1]
    refused(bad(base, stock=base["stock"][:-1], waste=[top]), "no waste")


def test_foundation_out_of_order_or_of_the_wrong_suit_is_refused() -> None:
    base = layout("square", {"c1": "2C"}, foundations=[3, 0, 0, 0])
    broken = bad(base)
    broken["foundations"][0] = ["AC", "3C", "2C"]
    refused(broken, "f1", "built in order")
    base = layout("constitution", {"r1c1": "2C"})
    broken = bad(base)
    broken["foundations"][0], broken["foundations"][2] = ["AS"], ["AC"]
    refused(broken, "f1", "built in order")


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_constitution_foundation_without_its_ace_is_refused(rules: str) -> None:
    """Each of the eight foundations starts with its Ace (docs/rules.md: set-up), so a layout
    with an empty foundation is not a position of these rule sets."""
    broken = layout(rules, {"r1c1": "9D AC"}, foundations=[0, 1, 1, 1, 1, 1, 1, 1])
    refused(broken, "f1")


def test_constitution_row_2_to_4_place_with_two_cards_is_refused() -> None:
    """Rows 2, 3 and 4 hold at most one card per place (docs/rules.md)."""
    refused(layout("constitution", {"r1c1": "9D", "r2c3": "5H 6H"}), "r2c3")


@pytest.mark.parametrize(("owed", "words"), [
    ("r9c9", ("owed", "no place")), ("r4c1", ("owed", "Rows 1 to 3")), ("r1c2", ("owed", "r1c2")),
    ("f1", ("owed",)), ("s", ("owed",)), (5, ("owed",)), ("", ("owed",)),
])
def test_bad_owed_is_refused(owed: object, words: tuple[str, ...]) -> None:
    base = layout("constitution", {"r1c2": "9S", "r2c2": "5H", "r3c1": "7C", "r4c1": "2S"})
    refused(bad(base, owed=owed), *words)


@pytest.mark.parametrize(("dealt", "words"), [
    ([1, 1, 1], ("dealt", "four whole numbers")),
    ("1111", ("dealt", "four whole numbers")),
    ([1, 1, 1, True], ("dealt", "four whole numbers")),
    ([1, 1, 1, 1.0], ("dealt", "four whole numbers")),
    ([4, 1, 1, 1], ("dealt", "c1")),
    ([0, 1, 1, 1], ("dealt", "c1")),
    ([1, 1, 1, 1], ("dealt", "run")),
    ([2, 1, 1, -1], ("dealt", "c4")),
])
def test_bad_dealt_is_refused(dealt: object, words: tuple[str, ...]) -> None:
    base = layout("square", {"c1": "2C 6H 5H", "c2": "9S", "c3": "3D", "c4": "JC"})
    refused(bad(base, dealt=dealt), *words)


def test_owed_space_with_nothing_below_to_fill_it_is_refused() -> None:
    """docs/rules.md: if the row below has no card, the space stays empty for good, so no fill
    can be owed there."""
    base = layout("constitution", {"r1c2": "9S", "r2c2": "5H", "r3c1": "7C"})
    assert game_from_layout(bad(base, owed="r2c1")).legal_texts() == ["r3c1-r2c1"]
    refused(bad(base, owed="r3c2"), "owed")
