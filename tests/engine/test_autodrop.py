"""The auto-drop option's safe foundation moves (game/engine/autodrop.py)."""

from __future__ import annotations

import pytest

from game.engine import RULE_IDS, game_from_layout, new_game
from game.engine.autodrop import safe_foundation_move

from .helpers import layout, position


def safe_text(game: object) -> str | None:
    move = safe_foundation_move(game)  # type: ignore[arg-type]
    return None if move is None else game.move_text(move)  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_a_two_is_always_safe(rules: str) -> None:
    assert safe_text(position(rules, {"r1c1": "9D 2C"})) in ("r1c1-f1", "r1c1-f2")


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_a_card_is_safe_when_every_card_that_could_build_on_it_is_on_the_foundations(rules: str) -> None:
    # 5H is a base only for 4C and 4S: safe once all four black foundations reach the 4
    # (the other hearts foundation has reached the 4 too: see the next test)
    safe = position(rules, {"r1c1": "9D 5H"}, foundations=[4, 5, 4, 6, 4, 4, 1, 1])
    assert safe_text(safe) in ("r1c1-f5", "r1c1-f6")
    unsafe = position(rules, {"r1c1": "9D 5H"}, foundations=[4, 3, 4, 6, 4, 4, 1, 1])
    assert safe_text(unsafe) is None
    assert "r1c1-f5" in unsafe.legal_texts()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_a_card_is_not_safe_while_its_other_copy_needs_the_same_foundation_place(rules: str) -> None:
    # every black 4 is up, but the hearts foundations stand at 4 and 1: the 5H that goes
    # up takes the place the other 5H needs, which must wait for 2H, 3H and 4H
    waiting = position(rules, {"r1c1": "9D 5H"}, foundations=[4, 5, 4, 6, 4, 1, 1, 1])
    assert "r1c1-f5" in waiting.legal_texts()
    assert safe_text(waiting) is None


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_auto_drop_never_plays_the_drop_that_loses_issue_30s_position(rules: str) -> None:
    # hearts foundations at 6 and 4, both 7H on Row 1 (r1c1 on JH, r1c2 alone), the 5H
    # and 6H on Row 2: r1c1-f5 leaves no legal move, r1c2-f5 wins
    game = position(rules, {"r1c1": "JH 7H", "r1c2": "7H", "r1c3": "9H", "r1c4": "9H",
                            "r1c5": "10H", "r1c6": "10H", "r1c7": "JH", "r1c8": "JD",
                            "r2c1": "5H", "r2c2": "6H", "r2c3": "8H", "r2c4": "8H", "r2c5": "10D"},
                    foundations=[11, 11, 11, 11, 6, 4, 11, 9], rest_to_stock=False)
    assert {"r1c1-f5", "r1c2-f5"} <= set(game.legal_texts())
    assert safe_text(game) is None
    lost = game.clone()
    lost.play_text("r1c1-f5")
    assert lost.legal_moves() == []


def test_constitution_leaves_a_drop_that_opens_a_space_to_the_player() -> None:
    game = position("constitution", {"r1c1": "2C", "r2c1": "9D"})
    assert safe_text(game) is None
    assert "r1c1-f1" in game.legal_texts()
    cadogan = position("constitution-cadogan", {"r1c1": "2C", "r2c1": "9D"})
    assert safe_text(cadogan) in ("r1c1-f1", "r1c1-f2")


def test_constitution_drops_nothing_while_a_fill_is_owed() -> None:
    base = layout("constitution", {"r1c2": "9D 2C", "r2c2": "5H"})
    game = game_from_layout({**base, "owed": "r1c1"})
    assert safe_text(game) is None


@pytest.mark.parametrize("rules", ["square", "union-square"])
def test_square_sets_drop_only_in_the_downward_half(rules: str) -> None:
    place = "c1" if rules == "square" else "p1"
    upward = position(rules, {place: "KC"}, foundations=[12, 0, 0, 0])
    assert f"{place}-f1" in upward.legal_texts() and safe_text(upward) is None
    downward = position(rules, {place: "KC"}, foundations=[13, 0, 0, 0])
    assert safe_text(downward) == f"{place}-f1"
    ace = position(rules, {place: "AS"})
    assert safe_text(ace) is None


@pytest.mark.parametrize("rules", RULE_IDS)
def test_safe_move_is_always_a_legal_foundation_move(rules: str) -> None:
    for number in ("1", "2", "3", "617"):
        game = new_game(rules, number)
        for _ in range(120):
            move = safe_foundation_move(game)
            moves = game.legal_moves()
            if move is not None:
                assert move in moves and move.dst in game.foundations
            if not moves:
                break
            game.play(move or moves[len(game.history) * 7 % len(moves)])
