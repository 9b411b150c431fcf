"""The daily deal and random winnable deals."""

from __future__ import annotations

import datetime
import itertools
import random
from pathlib import Path

import pytest

from game.levels import clear_cache, daily_game, random_winnable, winnable_numbers
from tests.levels.helpers import write_campaign

DAY = datetime.date(2026, 11, 22)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    clear_cache()


def days(count: int) -> list[datetime.date]:
    return [DAY + datetime.timedelta(days=i) for i in range(count)]


@pytest.mark.parametrize("n", [3, 4, 7, 25])
def test_the_daily_deal_is_stable_and_changes_every_day(tmp_path: Path, n: int) -> None:
    winnable = [str(i) for i in range(1, n + 1)]
    write_campaign(tmp_path, winnable=winnable)
    deals = [daily_game("constitution", d, folder=tmp_path) for d in days(3 * n + 5)]
    assert deals == [daily_game("constitution", d, folder=tmp_path) for d in days(3 * n + 5)]
    assert all(a != b for a, b in itertools.pairwise(deals))
    assert set(deals) == set(winnable)  # every winnable deal comes round
    # each cycle of n days shows each deal once
    first = DAY.toordinal() - DAY.toordinal() % n
    cycle = [daily_game("constitution", datetime.date.fromordinal(first + i), folder=tmp_path)
             for i in range(n)]
    assert sorted(cycle, key=int) == winnable


def test_two_deals_alternate_and_one_deal_repeats(tmp_path: Path) -> None:
    write_campaign(tmp_path, winnable=["1", "2"])
    deals = [daily_game("constitution", d, folder=tmp_path) for d in days(10)]
    assert all(a != b for a, b in itertools.pairwise(deals))
    clear_cache()
    write_campaign(tmp_path, winnable=["1"])
    assert {daily_game("constitution", d, folder=tmp_path) for d in days(5)} == {"1"}


def test_the_daily_deal_is_known_for_a_fixed_date(tmp_path: Path) -> None:
    """The same date gives the same deal in every process: the order comes from a
    string-seeded Random, never from hash()."""
    write_campaign(tmp_path, winnable=[str(i) for i in range(1, 41)])
    assert [daily_game("constitution", d, folder=tmp_path) for d in days(4)] == ["19", "9", "6", "29"]


def test_rule_sets_have_their_own_daily_deal(tmp_path: Path) -> None:
    winnable = [str(i) for i in range(1, 41)]
    write_campaign(tmp_path, winnable=winnable)
    write_campaign(tmp_path, "constitution-cadogan", levels=[], winnable=winnable)
    a = [daily_game("constitution", d, folder=tmp_path) for d in days(10)]
    b = [daily_game("constitution-cadogan", d, folder=tmp_path) for d in days(10)]
    assert a != b


def test_no_winnable_deal_means_no_daily_deal(tmp_path: Path) -> None:
    write_campaign(tmp_path, "square", levels=[], winnable=[])
    assert daily_game("square", DAY, folder=tmp_path) is None
    assert random_winnable("square", folder=tmp_path) is None
    assert daily_game("union-square", DAY, folder=tmp_path / "nowhere") is None


def test_random_winnable_picks_from_the_list(tmp_path: Path) -> None:
    write_campaign(tmp_path)
    numbers = winnable_numbers("constitution", tmp_path)
    rng = random.Random(5)
    picks = {random_winnable("constitution", rng, folder=tmp_path) for _ in range(100)}
    assert picks == set(numbers)


def test_a_rule_set_without_a_daily_deal_has_none_even_with_winnable_deals(tmp_path: Path) -> None:
    # English Square's profile offers no daily deal; Union Square's does
    from game.engine import profile_of

    assert not profile_of("square").daily_deal and profile_of("union-square").daily_deal
    winnable = [str(i) for i in range(1, 11)]
    write_campaign(tmp_path, "square", levels=[], winnable=winnable)
    write_campaign(tmp_path, "union-square", levels=[], winnable=winnable)
    assert daily_game("square", DAY, folder=tmp_path) is None
    assert random_winnable("square", folder=tmp_path) in winnable  # still "winnable deals only"
    assert daily_game("union-square", DAY, folder=tmp_path) in winnable
