"""``levels chart``: the level axis is labelled at round numbers, ends included."""

from __future__ import annotations

import itertools

import pytest

from game.ui.level_chart import _labelled


@pytest.mark.parametrize("count", [1, 2, 5, 12, 13, 23, 24, 25, 40, 99, 100, 101, 1000])
def test_the_level_axis_is_labelled_evenly_at_round_numbers_with_both_ends(count: int) -> None:
    numbers = sorted(i + 1 for i in _labelled(count))
    assert numbers[0] == 1 and numbers[-1] == count
    assert len(numbers) <= 13
    inner = numbers[1:-1]
    steps = {b - a for a, b in itertools.pairwise(inner)}
    assert len(steps) <= 1, f"evenly spaced inside: {numbers}"
    step = steps.pop() if steps else 1
    assert all(n % step == 0 for n in inner), f"round numbers: {numbers}"
    side_by_side = [(a, b) for a, b in itertools.pairwise(numbers) if b - a == 1]
    assert not side_by_side or count <= 12, f"two labels side by side: {numbers}"


def test_twenty_four_levels_are_labelled_every_second_level_to_the_last() -> None:
    """The chart as it was found skipped 23 (1, 3 … 21, 24)."""
    assert sorted(i + 1 for i in _labelled(24)) == [1, *range(4, 25, 2)]
