"""Every rule set's how-to-play guide names real parts of its table, and says what its
rules say."""

from __future__ import annotations

import pytest

from game.engine import RULE_IDS, new_game, profile_of


@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_guides_arrows_join_parts_of_its_own_table(rules: str) -> None:
    profile = profile_of(rules)
    parts = {profile.part_of(i) for i in range(len(profile.places))}
    guide = profile.guide
    assert guide.goal and len(guide.steps) >= 3
    for step in guide.steps:
        assert step.words.endswith(".")
        for src, dst in step.arrows:
            assert src in parts and dst in parts, (src, dst)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_guides_card_count_and_top_card_are_the_rule_sets(rules: str) -> None:
    game = new_game(rules, 1)
    assert f"all {game.card_count} cards" in profile_of(rules).guide.goal
    top = "Jack" if game.max_rank == 11 else "King"
    assert f"to {top}" in profile_of(rules).guide.goal


def test_only_the_constitution_sets_feed_the_foundations_from_row_1_alone() -> None:
    for rules in RULE_IDS:
        sources = {src for step in profile_of(rules).guide.steps for src, dst in step.arrows
                   if dst == "foundations"}
        assert sources == ({"row 1"} if profile_of(rules).layout.value == "rows" else {"tableau", "waste"})


def test_the_automatic_fills_are_marked_as_the_rules_own_moves() -> None:
    automatic = {rules: [a for s in profile_of(rules).guide.steps if s.automatic for a in s.arrows]
                 for rules in RULE_IDS}
    assert automatic["constitution"] == [("stock", "row 4")]
    assert automatic["square"] == automatic["union-square"] == []
