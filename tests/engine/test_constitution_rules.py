"""British Constitution (``constitution``): one test per rule sentence of docs/rules.md,
the legal side and the illegal side."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, Transfer, new_game
from game.engine.cards import JACK, QUEEN, parse_card, rank_of
from game.engine.constitution import Constitution

from .helpers import legal, position, reason

R = "constitution"


def idx(game: Constitution, name: str) -> int:
    return game.place_index(name)


# ----- set-up ------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["1", "617", "32000"])
def test_setup_88_cards_aces_on_foundations_one_card_per_place_48_in_stock(number: str) -> None:
    game = new_game(R, number)
    assert game.card_total() == 88
    assert all(rank_of(c) <= JACK for pile in game.piles for c in pile)
    assert not any(rank_of(c) >= QUEEN for pile in game.piles for c in pile)
    aces = [parse_card(a) for a in ("AC", "AC", "AS", "AS", "AH", "AH", "AD", "AD")]
    assert [game.piles[f] for f in game.foundations] == [[a] for a in aces]
    assert all(len(game.piles[t]) == 1 for t in game.tableau)
    assert len(game.piles[game.stock]) == 48
    assert game.waste == -1
    assert game.owed == -1


def test_foundations_two_per_suit_clubs_spades_hearts_diamonds() -> None:
    game = new_game(R, "1")
    assert [game.foundation_suit(f) for f in game.foundations] == [0, 0, 1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize("number", ["1", "2", "123456", "99999999999999999999"])
def test_pysolfc_waste_card_stays_on_top_of_the_constitution_stock(number: str) -> None:
    plain = new_game(R, number)
    cadogan = new_game("constitution-cadogan", number)
    assert plain.piles[plain.stock][-1] == cadogan.piles[cadogan.waste][-1]
    assert plain.piles[plain.stock][:-1] == cadogan.piles[cadogan.stock]
    assert [plain.piles[t] for t in plain.tableau] == [cadogan.piles[t] for t in cadogan.tableau]


# ----- 1. to a foundation --------------------------------------------------------------

def test_row1_top_goes_to_a_foundation_of_its_suit_one_rank_higher() -> None:
    game = position(R, {"r1c1": "9D 2C", "r1c2": "3C"})
    assert legal(game, "r1c1-f1") and legal(game, "r1c1-f2")
    assert "the ♠ foundation takes only spades" in reason(game, "r1c1-f3")
    assert "the ♣ foundation needs 2♣ next" in reason(game, "r1c2-f1")
    game.play_text("r1c1-f1")
    assert legal(game, "r1c2-f1")
    assert not legal(game, "r1c2-f2")


@pytest.mark.parametrize("source", ["r2c1", "r3c1", "r4c1"])
def test_only_row1_tops_go_to_the_foundations(source: str) -> None:
    game = position(R, {"r1c1": "9D", source: "2C"})
    assert reason(game, f"{source}-f1") == "only the top cards of Row 1 go to the foundations"


def test_stock_cards_never_go_to_a_foundation() -> None:
    game = position(R, {"r1c1": "9D"}, stock_top="2C")
    assert "stock cards enter play only" in reason(game, "s-f1")
    assert "stock cards enter play only" in reason(game, "s-r1c1")
    assert "stock cards enter play only" in reason(game, "s-r4c2")


def test_foundation_ends_at_the_jack() -> None:
    game = position(R, {"r1c1": "10C"}, foundations=[11, 9, 1, 1, 1, 1, 1, 1])
    assert "complete" in reason(game, "r1c1-f1")
    assert legal(game, "r1c1-f2")


# ----- 2. building on Row 1 --------------------------------------------------------------

def test_illegal_build_message_names_the_move_and_the_needed_card() -> None:
    game = position(R, {"r1c5": "9S", "r2c3": "7H"})
    with pytest.raises(IllegalMove) as info:
        game.play_text("r2c3-r1c5")
    assert str(info.value) == "r2c3-r1c5: 7♥ cannot go on 9♠ (it needs an 8 of the other colour)"
    assert info.value.move_text == "r2c3-r1c5"


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_a_card_refused_on_a_two_is_told_nothing_goes_there(rules: str) -> None:
    """The reason said "it needs an Ace of the other colour", but every Ace starts on a
    foundation: nothing ever builds on a 2."""
    game = position(rules, {"r1c5": "2H", "r2c3": "9D"})
    assert reason(game, "r2c3-r1c5") == "nothing can go on 2♥: every Ace is on a foundation"


def test_row1_builds_down_in_alternate_colours_one_rank_lower() -> None:
    game = position(R, {"r1c5": "9S", "r2c1": "8H", "r2c2": "8D", "r2c3": "8S", "r2c4": "8C",
                        "r2c5": "10H", "r2c6": "7D", "r2c7": "9D"})
    assert legal(game, "r2c1-r1c5") and legal(game, "r2c2-r1c5")
    for bad in ("r2c3", "r2c4", "r2c5", "r2c6", "r2c7"):
        assert not legal(game, f"{bad}-r1c5")
    assert "8♠ cannot go on 9♠" in reason(game, "r2c3-r1c5")


def test_row1_top_may_build_on_another_row1_pile() -> None:
    game = position(R, {"r1c1": "5C 8D", "r1c2": "9C", "r1c3": "9D"})
    assert legal(game, "r1c1-r1c2")
    assert not legal(game, "r1c1-r1c3")
    assert reason(game, "r1c2-r1c2") == "a card cannot move onto its own place"
    game.play_text("r1c1-r1c2")
    assert game.piles[idx(game, "r1c2")] == [parse_card("9C"), parse_card("8D")]
    assert game.owed == -1  # r1c1 still holds 5C: no space opened


def test_row2_card_may_build_on_row1() -> None:
    game = position(R, {"r1c1": "9S", "r2c4": "8H", "r3c1": "5D"})
    assert legal(game, "r2c4-r1c1")
    game.play_text("r2c4-r1c1")
    assert game.owed == idx(game, "r2c4")


@pytest.mark.parametrize("source", ["r3c2", "r4c2"])
def test_rows_3_and_4_never_build_on_row1(source: str) -> None:
    game = position(R, {"r1c1": "9S", source: "8H"})
    assert reason(game, f"{source}-r1c1") == "Row 1 is built only from Row 1 and Row 2"


@pytest.mark.parametrize("target", ["r2c1", "r3c1", "r4c1"])
def test_nothing_builds_on_rows_2_3_4(target: str) -> None:
    game = position(R, {"r1c1": "9S 8H", target: "9C", "r2c2": "8D"})
    source = "r2c2" if target != "r2c1" else "r1c1"
    assert f"Row {target[1]} is never built on" in reason(game, f"{source}-{target}")


def test_nothing_goes_back_to_the_stock() -> None:
    game = position(R, {"r1c1": "9S"})
    assert reason(game, "r1c1-s") == "nothing goes back to the stock"


# ----- 3. spaces and owed fills ---------------------------------------------------------

def _chain() -> Constitution:
    game = position(R, {"r1c1": "2C", "r1c2": "10S", "r1c3": "2S", "r2c1": "5H", "r2c2": "6S",
                        "r3c1": "3D", "r3c2": "4D", "r4c1": "7C", "r4c2": "7D"}, stock_top="9H")
    assert isinstance(game, Constitution)
    return game


def test_space_in_row1_must_be_filled_from_row2_and_only_its_fills_are_legal() -> None:
    game = _chain()
    game.play_text("r1c1-f1")
    assert game.owed == idx(game, "r1c1")
    assert game.legal_texts() == ["r2c1-r1c1", "r2c2-r1c1"]
    assert "must be filled first" in reason(game, "r1c3-f3")  # legal before the space opened
    assert "with a card from Row 2" in reason(game, "r3c1-r1c1")
    assert "must be filled first" in reason(game, "r4c1-r1c1")
    assert "must be filled first" in reason(game, "r2c1-r1c2")


def test_player_chooses_which_card_of_the_row_below_fills_the_space() -> None:
    for choice, other in (("r2c1", "r2c2"), ("r2c2", "r2c1")):
        game = _chain()
        game.play_text("r1c1-f1")
        game.play_text(f"{choice}-r1c1")
        assert game.owed == idx(game, choice)
        assert game.piles[idx(game, other)]


def test_fills_chain_down_to_row4_which_the_stock_fills_by_itself() -> None:
    game = _chain()
    game.play_all("r1c1-f1 r2c2-r1c1")
    assert game.legal_texts() == ["r3c1-r2c2", "r3c2-r2c2"]
    assert list(game.fill_sources()) == list(range(idx(game, "r3c1"), idx(game, "r3c8") + 1))
    game.play_text("r3c1-r2c2")
    assert game.owed == idx(game, "r3c1")
    assert game.legal_texts() == ["r4c1-r3c1", "r4c2-r3c1"]
    stock_before = len(game.piles[game.stock])
    transfers = game.play_text("r4c2-r3c1")
    seven_d, nine_h = parse_card("7D"), parse_card("9H")
    assert transfers == [Transfer(idx(game, "r4c2"), idx(game, "r3c1"), seven_d, False),
                         Transfer(game.stock, idx(game, "r4c2"), nine_h, True)]
    assert game.owed == -1
    assert game.piles[idx(game, "r4c2")] == [nine_h]
    assert len(game.piles[game.stock]) == stock_before - 1


def test_undo_of_the_last_fill_takes_back_the_automatic_stock_fill() -> None:
    game = _chain()
    game.play_all("r1c1-f1 r2c2-r1c1 r3c1-r2c2")
    before = game.to_layout()
    game.play_text("r4c2-r3c1")
    back = game.undo()
    assert [t.auto for t in back] == [True, False]
    assert game.to_layout() == before
    assert game.owed == idx(game, "r3c1")


def test_space_left_by_a_row2_card_is_owed_from_row3() -> None:
    game = position(R, {"r1c1": "9S", "r2c4": "8H", "r3c1": "5D", "r3c7": "JC", "r4c1": "2H"})
    game.play_text("r2c4-r1c1")
    assert game.legal_texts() == ["r3c1-r2c4", "r3c7-r2c4"]
    assert "must be filled first" in reason(game, "r4c1-r2c4")


def test_row1_pile_with_cards_left_opens_no_space() -> None:
    game = position(R, {"r1c1": "9S 2C", "r2c1": "4D"})
    game.play_text("r1c1-f1")
    assert game.owed == -1


def test_row1_space_stays_empty_for_good_when_row2_is_empty() -> None:
    game = position(R, {"r1c1": "2C", "r1c2": "5H 8D", "r1c3": "9C", "r3c1": "7S", "r4c1": "6S"})
    game.play_text("r1c1-f1")
    assert game.owed == -1
    assert not game.piles[idx(game, "r1c1")]
    assert "can no longer be filled" in reason(game, "r1c2-r1c1")
    assert reason(game, "r2c1-r1c1") == "Row 2, pile 1 is empty"
    game.play_text("r1c2-r1c3")
    assert all(m.dst != idx(game, "r1c1") for m in game.legal_moves())


def test_row2_space_stays_empty_when_row3_is_empty() -> None:
    game = position(R, {"r1c1": "9S", "r2c4": "8H", "r4c1": "2H"})
    game.play_text("r2c4-r1c1")
    assert game.owed == -1
    assert not game.piles[idx(game, "r2c4")]
    assert "never built on" in reason(game, "r4c1-r2c4")


def test_row3_space_stays_empty_when_row4_is_empty_even_with_a_stock() -> None:
    game = position(R, {"r1c1": "9S", "r2c4": "8H", "r3c2": "5D"}, stock_top="6C")
    stock = list(game.piles[game.stock])
    game.play_all("r2c4-r1c1 r3c2-r2c4")
    assert game.owed == -1
    assert not game.piles[idx(game, "r3c2")]
    assert game.piles[game.stock] == stock


def test_row4_space_stays_empty_when_the_stock_is_empty() -> None:
    game = position(R, {"r1c1": "2C", "r2c1": "3C", "r3c1": "4C", "r4c1": "5C",
                        "r1c2": "JC 10C 9C 8C 7C 6C"},
                    foundations=[1, 11, 11, 11, 11, 11, 11, 11], rest_to_stock=False)
    assert not game.piles[game.stock]
    game.play_all("r1c1-f1 r2c1-r1c1 r3c1-r2c1")
    transfers = game.play_text("r4c1-r3c1")
    assert len(transfers) == 1
    assert game.owed == -1
    assert not game.piles[idx(game, "r4c1")]
    assert game.card_total() == 88


def test_rows_3_and_4_cards_move_only_to_fill_an_owed_space() -> None:
    game = position(R, {"r1c1": "2C", "r1c2": "9S", "r2c1": "4D", "r3c1": "8H", "r4c1": "8D",
                        "r4c2": "2S"})
    assert not legal(game, "r3c1-r1c2") and not legal(game, "r4c1-r1c2")
    assert not legal(game, "r4c2-f3")
    game.play_all("r1c1-f1 r2c1-r1c1")
    assert legal(game, "r3c1-r2c1")
    assert not legal(game, "r4c1-r2c1")


def test_row1_pile_emptied_by_a_build_on_another_row1_pile_owes_a_fill_from_row2() -> None:
    game = position(R, {"r1c1": "8D", "r1c2": "9C", "r2c3": "5H", "r2c4": "4S", "r3c1": "7C"})
    assert legal(game, "r1c1-r1c2")
    game.play_text("r1c1-r1c2")
    assert game.owed == idx(game, "r1c1")
    assert game.legal_texts() == ["r2c3-r1c1", "r2c4-r1c1"]
    assert "must be filled first" in reason(game, "r1c2-f1")
    game.undo()
    assert game.owed == -1 and game.piles[idx(game, "r1c1")] == [parse_card("8D")]
