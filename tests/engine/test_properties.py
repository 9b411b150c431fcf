"""Invariants of random legal play in every rule set (hypothesis).

Random play can cycle (stock turns aside, cards can shuttle between places), so games are
capped at MAX_MOVES moves. Deals are drawn from the whole range of game numbers, so both
generators are used.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import RULE_IDS, Game, Transfer, game_from_layout, new_game
from game.engine.cadogan import Cadogan
from game.engine.cards import ALTERNATE_BELOW, card_text
from game.engine.constitution import Constitution
from game.engine.rows import row_of, row_range
from game.engine.square import Square
from game.engine.union_square import UnionSquare

from .helpers import two_packs

MAX_MOVES = 150
DEALS = st.integers(min_value=1, max_value=10**20 - 1)
RANDOMS = st.randoms(use_true_random=False)
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def apply_transfers(piles: list[list[int]], transfers: list[Transfer]) -> list[list[int]]:
    """The piles after the transfers, each taking the top card of its source."""
    out = [list(p) for p in piles]
    for t in transfers:
        assert out[t.src], f"transfer from empty place {t.src}"
        assert out[t.src][-1] == t.card, "a transfer must take the top card of its source"
        out[t.dst].append(out[t.src].pop())
    return out


def check_legality_agrees(game: Game) -> None:
    """legal_moves has no duplicates and why_illegal(m) is None exactly for its moves."""
    moves = game.legal_moves()
    assert len(moves) == len(set(moves)), "legal_moves offers a move twice"
    offered = set(moves)
    for row in game.move_table:
        for move in row:
            allowed = game.why_illegal(move) is None
            assert allowed == (move in offered), (
                f"{game.move_text(move)}: offered={move in offered} but why_illegal="
                f"{game.why_illegal(move)!r} in {game.to_layout()}")


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS)
def test_legal_moves_and_why_illegal_agree_on_every_move_of_the_table(
        rules: str, deal: int, rng: random.Random) -> None:
    game = new_game(rules, deal)
    for step in range(MAX_MOVES):
        moves = game.legal_moves()
        if step % 3 == 0 or not moves:
            check_legality_agrees(game)
        if not moves:
            assert game.is_won() or game.is_lost()
            break
        game.play(rng.choice(moves))


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS)
def test_cards_are_never_created_or_lost_and_transfers_match_the_pile_changes(
        rules: str, deal: int, rng: random.Random) -> None:
    game = new_game(rules, deal)
    packs = Counter(two_packs(rules))
    assert Counter(c for p in game.piles for c in p) == packs
    for _ in range(MAX_MOVES):
        moves = game.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        before = [list(p) for p in game.piles]
        transfers = game.play(move)
        assert transfers[0] == Transfer(move.src, move.dst, before[move.src][-1], False)
        assert all(t.auto for t in transfers[1:])
        assert apply_transfers(before, transfers) == game.piles
        assert game.card_total() == game.card_count
        assert Counter(c for p in game.piles for c in p) == packs
        assert all(game.piles[f] == before[f] or game.piles[f][:-1] == before[f]
                   for f in game.foundations), "a foundation lost a card"


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS, undo_share=st.floats(min_value=0, max_value=1))
def test_undo_restores_every_earlier_position_exactly_and_redo_returns(
        rules: str, deal: int, rng: random.Random, undo_share: float) -> None:
    game = new_game(rules, deal)
    seen = [(game.to_layout(), game.key(), game.legal_texts())]
    for _ in range(MAX_MOVES):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        seen.append((game.to_layout(), game.key(), game.legal_texts()))
    played = game.moves_played
    steps = round(undo_share * len(played))
    for back in range(1, steps + 1):
        transfers = game.undo()
        assert transfers or not played
        assert (game.to_layout(), game.key(), game.legal_texts()) == seen[-1 - back]
    for forward in range(steps, 0, -1):
        game.redo()
        assert (game.to_layout(), game.key(), game.legal_texts()) == seen[-forward]
    assert game.moves_played == played
    assert game.redo() == []


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS)
def test_undo_transfers_are_the_played_transfers_reversed(
        rules: str, deal: int, rng: random.Random) -> None:
    game = new_game(rules, deal)
    for _ in range(MAX_MOVES // 3):
        moves = game.legal_moves()
        if not moves:
            break
        before = [list(p) for p in game.piles]
        transfers = game.play(rng.choice(moves))
        after = [list(p) for p in game.piles]
        back = game.undo()
        assert back == [Transfer(t.dst, t.src, t.card, t.auto) for t in reversed(transfers)]
        assert apply_transfers(after, back) == game.piles == before
        assert game.redo() == transfers
    while game.undo():
        pass
    assert game.to_layout() == new_game(rules, deal).to_layout()


@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS)
def test_layout_json_round_trip_gives_the_same_position(rules: str, deal: int, rng: random.Random) -> None:
    game = new_game(rules, deal)
    for _ in range(rng.randrange(MAX_MOVES)):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    copy = type(game).from_layout(game.to_layout())
    assert copy.to_layout() == game.to_layout()
    assert copy.key() == game.key()
    assert copy.legal_moves() == game.legal_moves()
    assert copy.piles == game.piles
    assert game.clone().key() == game.key()


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS)
def test_player_view_hides_only_the_stock_and_keeps_the_legal_moves(
        rules: str, deal: int, rng: random.Random) -> None:
    game = new_game(rules, deal)
    for step in range(MAX_MOVES):
        if step % 10 == 0:
            view = game.player_view()
            assert view.is_view and not game.is_view
            assert view.piles[view.stock] == [0] * len(game.piles[game.stock])
            for i, pile in enumerate(game.piles):
                if i != game.stock:
                    assert view.piles[i] == pile
            assert view.legal_moves() == game.legal_moves()
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))


def is_suit_run(cards: list[int]) -> bool:
    """Same suit, each card one rank from the last, all in one direction."""
    steps = {b - a for a, b in pairwise(cards)}
    return len(cards) < 2 or steps in ({1}, {-1})


def check_rule_set_invariants(game: Game) -> None:
    """What the rules of each set keep true in every reachable position."""
    piles = game.piles
    for f in game.foundations:
        sequence = game.foundation_sequence(game.foundation_suit(f))
        assert piles[f] == sequence[:len(piles[f])], "foundation out of order"
    if isinstance(game, Constitution):
        assert all(len(piles[t]) <= 1 for t in game.tableau if row_of(t) > 0), "Rows 2-4 hold one card"
        assert all(piles[t] or not piles[game.stock] for t in row_range(3)), "Row 4 space with a stock"
        for t in row_range(0):
            pile = piles[t]
            assert all(b in ALTERNATE_BELOW[a] for a, b in pairwise(pile))
        if game.owed >= 0:
            assert not piles[game.owed]
            assert any(piles[s] for s in game.fill_sources())
            assert all(m.dst == game.owed and m.src in game.fill_sources() for m in game.legal_moves())
    elif isinstance(game, Cadogan):
        assert piles[game.waste] or not piles[game.stock], "an empty waste is refilled at once"
        assert all(piles[t] or not piles[game.waste] for t in row_range(3)), "empty Row 4 pile"
        for t in game.tableau:
            pile = piles[t]
            assert all(b in ALTERNATE_BELOW[a] for a, b in pairwise(pile))
    elif isinstance(game, Square):
        for i, c in enumerate(game.tableau):
            dealt = game.dealt[i]
            assert min(1, len(piles[c])) <= dealt <= len(piles[c])
            assert is_suit_run(piles[c][max(dealt - 1, 0):])
    elif isinstance(game, UnionSquare):
        assert all(is_suit_run(piles[p]) for p in game.tableau)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(deal=DEALS, rng=RANDOMS)
def test_rule_set_invariants_hold_during_random_play(rules: str, deal: int, rng: random.Random) -> None:
    game = new_game(rules, deal)
    for _ in range(MAX_MOVES):
        check_rule_set_invariants(game)
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    check_rule_set_invariants(game)


def random_layout(rules: str, rng: random.Random) -> dict[str, object]:
    """A hand-made position: random foundation heights, the other cards spread at random
    over the tableau, waste and stock (Rows 2-4 of ``constitution`` hold one card at most;
    ``constitution-cadogan`` gets its automatic fills, so the position could be reached)."""
    cls = new_game(rules, "1")
    constitution = rules in ("constitution", "constitution-cadogan")
    heights = [rng.randint(1, 11) if constitution else rng.randint(0, 26) for _ in cls.foundations]
    foundation_cards = [cls.foundation_sequence(cls.foundation_suit(f))[:h]
                        for f, h in zip(cls.foundations, heights, strict=True)]
    rest = Counter(two_packs(rules))
    rest.subtract(Counter(c for pile in foundation_cards for c in pile))
    cards = sorted(rest.elements())
    rng.shuffle(cards)
    piles: list[list[int]] = []
    for t in cls.tableau:
        most = 1 if rules == "constitution" and t >= 16 else 4
        piles.append([cards.pop() for _ in range(min(len(cards), rng.randint(0, most)))])
    waste = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 3)))] if cls.waste >= 0 else []
    stock = cards
    if rules == "constitution-cadogan":
        if not waste and stock:
            waste.append(stock.pop())
        for pile in piles[24:]:
            if not pile and waste:
                pile.append(waste.pop())
            if not waste and stock:
                waste.append(stock.pop())
    def text(pile: list[int]) -> list[str]:
        return [card_text(c) for c in pile]

    tableau: list[object] = [text(p) for p in piles]
    if constitution:
        tableau = [tableau[r * 8:(r + 1) * 8] for r in range(4)]
    return {"rules": rules, "game": "1", "foundations": [text(p) for p in foundation_cards],
            "tableau": tableau, "waste": text(waste), "stock": text(stock)}


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
@PROPERTY
@given(rng=RANDOMS)
def test_legal_moves_and_why_illegal_agree_on_hand_made_positions(rules: str, rng: random.Random) -> None:
    game = game_from_layout(random_layout(rules, rng))
    check_legality_agrees(game)
    for _ in range(20):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        check_legality_agrees(game)
