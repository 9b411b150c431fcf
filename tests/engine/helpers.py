"""Building positions for the engine tests: hand-made layouts, and legality checked both ways."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine import Game, game_from_layout, rules_class
from game.engine.cards import card_text, full_pack, parse_card

CONSTITUTION_SETS = ("constitution", "constitution-cadogan")


def two_packs(rules: str) -> list[int]:
    """Every card of the rule set (both packs), as codes."""
    return full_pack(rules_class(rules).max_rank) * 2


def cards(text: str) -> list[str]:
    """``"9S 8H"`` -> ``["9S", "8H"]`` (bottom to top)."""
    return text.split()


def _foundation_cards(rules: str, heights: list[int]) -> list[list[str]]:
    cls = rules_class(rules)
    probe = cls([[] for _ in cls.places], "1")
    out = []
    for f, height in zip(cls.foundations, heights, strict=True):
        sequence = probe.foundation_sequence(probe.foundation_suit(f))
        out.append([card_text(c) for c in sequence[:height]])
    return out


def layout(rules: str, places: dict[str, str], *, foundations: list[int] | None = None,
           waste: str = "", stock_top: str = "", rest_to_stock: bool = True,
           **extras: Any) -> dict[str, Any]:
    """A layout of ``rules`` holding the given cards, every other card in the stock.

    ``places`` maps a tableau place name (``r1c5``, ``c2``, ``p7``) to its cards, bottom to
    top. ``foundations`` gives each foundation's height (default: the Aces for the
    Constitution sets, empty for the Square sets). The cards not placed anywhere go to the
    bottom of the stock (sorted), with ``stock_top`` on top of them (its last card is
    dealt next). With ``rest_to_stock=False`` every card must already be placed.
    """
    cls = rules_class(rules)
    if foundations is None:
        foundations = [1 if rules in CONSTITUTION_SETS else 0] * len(cls.foundations)
    found = _foundation_cards(rules, foundations)
    names = [cls.places[t].name for t in cls.tableau]
    tableau: list[list[str]] = [[] for _ in names]
    for name, text in places.items():
        tableau[names.index(name)] = cards(text)
    used = Counter(parse_card(c) for pile in found + tableau for c in pile)
    used.update(parse_card(c) for c in cards(waste) + cards(stock_top))
    rest = Counter(two_packs(rules))
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), f"more than two packs: {-rest}"
    rest_cards = sorted(rest.elements())
    if not rest_to_stock:
        assert not rest_cards, f"unplaced cards: {[card_text(c) for c in rest_cards]}"
    result: dict[str, Any] = {
        "rules": rules,
        "game": "1",
        "foundations": found,
        "tableau": shape_tableau(rules, tableau),
        "waste": cards(waste),
        "stock": [card_text(c) for c in rest_cards] + cards(stock_top),
    }
    result.update(extras)
    return result


def shape_tableau(rules: str, piles: list[list[str]]) -> list[Any]:
    """Flat tableau piles in place order -> the tableau shape of the JSON layout."""
    if rules in CONSTITUTION_SETS:
        return [piles[r * 8:(r + 1) * 8] for r in range(4)]
    return piles


def position(rules: str, places: dict[str, str], **kwargs: Any) -> Game:
    """The Game of :func:`layout`."""
    return game_from_layout(layout(rules, places, **kwargs))


def legal(game: Game, text: str) -> bool:
    """Whether the move ``text`` is legal, checked both ways (they must agree)."""
    move = game.parse_move(text)
    offered = move in game.legal_moves()
    allowed = game.why_illegal(move) is None
    assert offered == allowed, f"{text}: legal_moves says {offered}, why_illegal says {allowed}"
    return offered


def reason(game: Game, text: str) -> str:
    """Why ``text`` is illegal (fails when it is legal)."""
    why = game.why_illegal(game.parse_move(text))
    assert why is not None, f"{text} is legal"
    assert text not in game.legal_texts()
    return why
