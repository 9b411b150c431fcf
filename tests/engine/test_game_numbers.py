"""Game numbers: PySolFC's cleaning, its two generators, and clear errors (docs/rules.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysol_cards.random import LCRandom31, MTRandom

from game.engine import (
    RULE_IDS,
    GameNumberError,
    UnknownRulesError,
    new_game,
    parse_game_number,
    random_game_number,
    random_playable_number,
    rules_class,
)
from game.engine.cards import full_pack
from game.engine.deals import LC_LIMIT, MAX_GAME_NUMBER, MS_MAX, GameRangeError, shuffled_pack


@pytest.mark.parametrize("text", ["#12,345", "12 345", "12_345", "12.345", "1,2,3,4,5",
                                  " #12,345 ", 12345, "12345", "12345-", "#-12345", "12345L"])
def test_punctuation_is_ignored_like_pysolfc(text: object) -> None:
    assert parse_game_number(text) == "12345"  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["12-13", "12-345", "#12-#13", "#1,001-#1,002", " 12 - 13 ", "1-2-3",
                                  "12–13", "12—13"])
def test_a_dash_between_digits_is_a_range_not_one_game(text: str) -> None:
    """PySolFC reads ``12-13`` as game 1213, which is surely not what was meant: refused."""
    with pytest.raises(GameRangeError, match=r"^game number .*: type one game number \(a '-' between digits "
                                             r"reads as a range of games\)$"):
        parse_game_number(text)


@pytest.mark.parametrize("text, number", [("#1,001", "1001"), ("ms123", "123"), ("MS40000", "ms40000"),
                                          ("1_000_000", "1000000"), ("ms 5", "5"), ("Ms 5", "5"),
                                          ("#ms5", "5"), ("ms-5", "5"), ("ms12,345", "12345"),
                                          ("ms 40,000", "ms40000")])
def test_the_forms_of_one_game_number_are_still_read(text: str, number: str) -> None:
    assert parse_game_number(text) == number


@pytest.mark.parametrize("text", ["١٢٣", "１２", "²"])
def test_digits_of_other_scripts_are_refused_naming_the_digits_allowed(text: str) -> None:
    with pytest.raises(GameNumberError, match=r"only the digits 0 to 9 are allowed"):
        parse_game_number(text)


def test_ms_alone_asks_for_its_digits() -> None:
    with pytest.raises(GameNumberError, match=r"^game number ' MS ': an ms number needs its digits"):
        parse_game_number(" MS ")


def test_a_range_of_ms_numbers_is_refused_as_a_range() -> None:
    with pytest.raises(GameRangeError):
        parse_game_number("ms5-ms7")


def test_hash_and_comma_form_deals_the_same_as_the_plain_number() -> None:
    for rules in RULE_IDS:
        assert new_game(rules, "#12,345").to_layout() == new_game(rules, 12345).to_layout()


def test_ms_form_is_the_same_deal_as_the_plain_number() -> None:
    assert parse_game_number("ms5") == "5"
    assert parse_game_number("MS5") == "5"
    for rules in RULE_IDS:
        assert new_game(rules, "ms5").to_layout() == new_game(rules, "5").to_layout()


def test_game_31999_uses_lcrandom31() -> None:
    pack = full_pack(13) * 2
    lc, mt = list(pack), list(pack)
    LCRandom31(31999).shuffle(lc)
    MTRandom(31999).shuffle(mt)
    assert lc != mt
    assert shuffled_pack("31999", 13) == lc


def test_game_32000_uses_mtrandom() -> None:
    pack = full_pack(13) * 2
    lc, mt = list(pack), list(pack)
    LCRandom31(32000).shuffle(lc)
    MTRandom(32000).shuffle(mt)
    assert lc != mt
    assert shuffled_pack("32000", 13) == mt


def test_largest_game_number_works_in_every_rule_set() -> None:
    biggest = 10**20 - 1
    assert parse_game_number(biggest) == str(biggest)
    for rules in RULE_IDS:
        game = new_game(rules, str(biggest))
        assert game.game == str(biggest)
        assert game.card_total() == game.card_count


@pytest.mark.parametrize("bad", [0, "0", -5, 10**20, str(10**20), "abc", "", "   ", "12a", "1e5",
                                 "ms0", f"ms{2**33}", "ms" + "9" * 30, "5ms", "١٢", None,
                                 "1" * 5000, "ms" + "9" * 5000, "0" * 30])
def test_bad_game_numbers_raise_game_number_error_with_a_clear_message(bad: object) -> None:
    with pytest.raises(GameNumberError) as info:
        parse_game_number(bad)  # type: ignore[arg-type]
    message = str(info.value)
    assert message.startswith("game number ")
    assert 20 < len(message) < 200, "the message quotes a long text cut short"
    # the why alone, for a screen that names the number its own way (the menu)
    assert info.value.reason and message.endswith(f": {info.value.reason}")
    for rules in RULE_IDS:
        with pytest.raises(GameNumberError):
            new_game(rules, bad)  # type: ignore[arg-type]


def test_unknown_rules_error_lists_the_four_ids() -> None:
    with pytest.raises(UnknownRulesError) as info:
        new_game("klondike", "1")
    for rules in RULE_IDS:
        assert rules in str(info.value)
    assert "klondike" in str(info.value)
    with pytest.raises(UnknownRulesError):
        rules_class("")
    assert set(RULE_IDS) == {"constitution", "constitution-cadogan", "square", "union-square"}


def test_random_game_numbers_have_16_to_20_digits_and_parse() -> None:
    rng = random.Random(7)
    numbers = [random_game_number(rng) for _ in range(300)] + [random_game_number() for _ in range(20)]
    for number in numbers:
        assert 16 <= len(number) <= 20
        assert parse_game_number(number) == number
    assert len(set(numbers)) == len(numbers)


class _Numbers(random.Random):
    """A generator that hands out the numbers it is given, in turn."""

    def __init__(self, *numbers: int) -> None:
        super().__init__(0)
        self.numbers = list(numbers)

    def randint(self, a: int, b: int) -> int:
        return self.numbers.pop(0)


#: a constitution deal with no legal move at the deal (about one in 900 is)
_LOST_AT_THE_DEAL = 45369947228223995970


def test_a_random_deal_is_never_lost_before_the_first_move() -> None:
    """The random pick skips a deal with no legal move; the number itself still deals it."""
    assert not new_game("constitution", _LOST_AT_THE_DEAL).legal_moves()
    follows = random_game_number(random.Random(3))
    assert new_game("constitution", follows).legal_moves()
    numbers = _Numbers(_LOST_AT_THE_DEAL, _LOST_AT_THE_DEAL, int(follows))
    assert random_playable_number("constitution", numbers) == follows
    # the other rule sets deal it as it comes: it has moves there
    for rules in ("constitution-cadogan", "square", "union-square"):
        assert random_playable_number(rules, _Numbers(_LOST_AT_THE_DEAL)) == str(_LOST_AT_THE_DEAL)


def test_ms_form_above_31999_stays_a_microsoft_deal_of_its_own() -> None:
    assert parse_game_number("ms40000") == "ms40000"
    pack = full_pack(13) * 2
    LCRandom31(40000).shuffle(pack)
    assert shuffled_pack("ms40000", 13) == pack
    assert shuffled_pack("40000", 13) != pack
    assert new_game("square", "ms40000").game == "ms40000"


def test_a_long_text_of_odd_characters_is_quoted_short() -> None:
    text = "0" * 21 + "\x1f" * 12 + "\U0001342f" * 5
    with pytest.raises(GameNumberError) as info:
        parse_game_number(text)
    assert str(info.value).startswith("game number '000000000000000000000\\x1f")
    assert len(str(info.value)) < 200


def test_leading_zeros_do_not_count_however_many() -> None:
    assert parse_game_number("0" * 5000 + "7") == "7"
    assert parse_game_number("ms" + "0" * 5000 + "7") == "7"
    assert parse_game_number("000" + "9" * 20) == str(MAX_GAME_NUMBER)


GAME_TEXTS = st.one_of(
    st.text(max_size=60),
    st.from_regex(r"\A[ #,._-]{0,3}(ms|MS)?[0-9 #,._-]{0,30}L?\Z"),
    st.integers(-10**25, 10**25),
    st.integers(0, 10**30).map(lambda n: "ms" + str(n)),
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(GAME_TEXTS)
def test_any_text_gives_a_game_number_in_range_or_a_clear_game_number_error(text: object) -> None:
    """Never a crash, never a number out of range: a canonical number, or GameNumberError."""
    try:
        number = parse_game_number(text)  # type: ignore[arg-type]
    except GameNumberError as err:
        message = str(err)
        assert message.startswith("game number ") and len(message) < 200
        assert err.reason and message.endswith(f": {err.reason}")
        return
    if number.startswith("ms"):
        assert LC_LIMIT <= int(number[2:]) <= MS_MAX
    else:
        assert 1 <= int(number) <= MAX_GAME_NUMBER and number == str(int(number))
    assert parse_game_number(number) == number
