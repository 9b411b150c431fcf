"""The example moves in the rules texts the game shows (``assets/rules``) obey the rules
they illustrate (docs/rules.md): British Square's once said 6♦ could go onto 8♦."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "assets" / "rules"
CARD = r"(10|[2-9JQKA])([♠♥♦♣])"
EXAMPLE = re.compile(rf"{CARD} onto {CARD}(?: or {CARD})?")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
RED = {"♥", "♦"}


def _rank(text: str) -> int:
    return RANKS.get(text) or int(text)


def _examples() -> list[tuple[str, str, tuple[str, ...]]]:
    found = []
    for path in sorted(RULES.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for match in EXAMPLE.finditer(line):
                found.append((path.stem, line, match.groups()))
    return found


def test_the_rules_texts_have_examples_to_check() -> None:
    assert {rules for rules, _, _ in _examples()} == {"constitution", "constitution-cadogan", "square",
                                                       "union-square"}


@pytest.mark.parametrize(("rules", "line", "cards"), _examples(),
                         ids=[f"{r}-{''.join(c or '' for c in cards)}" for r, _, cards in _examples()])
def test_every_example_move_is_legal(rules: str, line: str, cards: tuple[str, ...]) -> None:
    rank, suit = _rank(cards[0]), cards[1]
    targets = [(_rank(cards[i]), cards[i + 1]) for i in (2, 4) if cards[i] is not None]
    for onto_rank, onto_suit in targets:
        if "foundation" in line:
            assert (suit, rank) == (onto_suit, onto_rank + 1), line  # up by suit
        elif rules.startswith("constitution"):
            assert rank == onto_rank - 1 and (suit in RED) != (onto_suit in RED), line  # down, other colour
        else:
            assert suit == onto_suit and abs(rank - onto_rank) == 1, line  # same suit, a rank either way
