"""Rules every rule set shares: one card moves at a time, foundation cards never leave,
won and lost, and the words of an illegal move."""

from __future__ import annotations

import pytest

from game.engine import RULE_IDS, Game, IllegalMove, new_game

from .helpers import CONSTITUTION_SETS, position


def won_position(rules: str) -> Game:
    height = 11 if rules in CONSTITUTION_SETS else 26
    count = 8 if rules in CONSTITUTION_SETS else 4
    return position(rules, {}, foundations=[height] * count, rest_to_stock=False)


def lost_position(rules: str) -> Game:
    if rules in CONSTITUTION_SETS:
        return position(rules, {"r1c1": "2C 3C", "r1c2": "4C 5C 6C 7C 8C 9C 10C JC"},
                        foundations=[1] + [11] * 7, rest_to_stock=False)
    if rules == "square":
        return position(rules, {"c1": "2C AC"}, foundations=[24, 26, 26, 26], rest_to_stock=False)
    piles = {}
    for s, suit in enumerate("CSHD"):
        runs = ["K Q J", "10 9 8", "7 6 5", "4 3 2 A"]
        for r, run in enumerate(runs):
            piles[f"p{4 * s + r + 1}"] = " ".join(rank + suit for rank in run.split())
    return position(rules, piles, foundations=[13] * 4, rest_to_stock=False)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_won_when_every_card_is_on_the_foundations(rules: str) -> None:
    game = won_position(rules)
    assert game.is_won() and not game.is_lost()
    assert game.legal_moves() == []


@pytest.mark.parametrize("rules", RULE_IDS)
def test_lost_when_no_legal_move_remains(rules: str) -> None:
    game = lost_position(rules)
    assert game.legal_moves() == []
    assert game.is_lost() and not game.is_won()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_fresh_deal_is_neither_won_nor_lost(rules: str) -> None:
    game = new_game(rules, "123456")
    assert not game.is_won() and not game.is_lost()


@pytest.mark.parametrize("rules", RULE_IDS)
def test_only_one_card_moves_for_every_legal_move_of_a_deal(rules: str) -> None:
    game = new_game(rules, "11982")
    for move in game.legal_moves():
        trial = game.clone()
        sizes = [len(p) for p in trial.piles]
        transfers = trial.play(move)
        first = transfers[0]
        assert (first.src, first.dst, first.auto) == (move.src, move.dst, False)
        assert all(t.auto for t in transfers[1:])
        assert len(trial.piles[move.dst]) == sizes[move.dst] + 1
        refills = sum(1 for t in transfers[1:] if t.dst == move.src)
        assert len(trial.piles[move.src]) == sizes[move.src] - 1 + refills
        assert trial.piles[move.dst][-1] == game.piles[move.src][-1]


@pytest.mark.parametrize("rules", RULE_IDS)
def test_foundation_cards_never_leave(rules: str) -> None:
    game = won_position(rules)
    for f in game.foundations:
        for dst in range(len(game.places)):
            why = game.why_illegal(game.move_table[f][dst])
            assert why is not None
    game = new_game(rules, "2")
    for f in game.foundations:
        assert all(game.why_illegal(game.move_table[f][d]) for d in range(len(game.places)))


@pytest.mark.parametrize("rules", RULE_IDS)
def test_illegal_move_message_starts_with_the_move_text_and_gives_a_reason(rules: str) -> None:
    game = new_game(rules, "617")
    offered = set(game.legal_moves())
    for src in range(len(game.places)):
        for dst in range(len(game.places)):
            move = game.move_table[src][dst]
            if move in offered:
                continue
            text = game.move_text(move)
            with pytest.raises(IllegalMove) as info:
                game.play(move)
            assert str(info.value).startswith(f"{text}: ")
            assert len(info.value.reason) > 5
    assert game.history == []


@pytest.mark.parametrize("rules", RULE_IDS)
@pytest.mark.parametrize("text", ["xyz", "r9c1-r1c1", "r1c1", "", "-", "f1-", "c9-f1", "p17-p1",
                                  "r1c1-r1c2-r1c3", "f0-f1", "s w", "1-2", "é-f1"])
def test_malformed_move_text_gives_a_clear_illegal_move(rules: str, text: str) -> None:
    game = new_game(rules, "1")
    with pytest.raises(IllegalMove) as info:
        game.play_text(text)
    message = str(info.value)
    assert message.startswith(text.strip())
    assert "not a move" in message or "there is no place" in message
    assert game.history == []


@pytest.mark.parametrize("text", ["x" * 5000, "r1c1-" + "f" * 5000, "é" * 300 + "-f1"])
def test_a_long_malformed_move_is_quoted_only_in_part(text: str) -> None:
    game = new_game("square", "1")
    with pytest.raises(IllegalMove) as info:
        game.play_text(text)
    assert str(info.value).startswith(text[:40] + "…: ")
    assert len(str(info.value)) < 160


def test_malformed_message_names_the_unknown_place() -> None:
    game = new_game("constitution", "1")
    with pytest.raises(IllegalMove) as info:
        game.play_text("r9c1-r1c1")
    assert str(info.value) == "r9c1-r1c1: there is no place 'r9c1' in British Constitution"
    with pytest.raises(IllegalMove) as info:
        game.play_text("r1c1")
    assert str(info.value).startswith("r1c1: not a move (write FROM-TO, like ")


@pytest.mark.parametrize("rules", RULE_IDS)
def test_play_all_stops_at_the_first_illegal_move(rules: str) -> None:
    game = new_game(rules, "1")
    first = game.legal_texts()[0]
    with pytest.raises(IllegalMove):
        game.play_all(f"{first} f1-f2 {first}")
    assert [game.move_text(m) for m in game.moves_played] == [first]


EXPECTED_PLACES = {
    "constitution": [f"f{i}" for i in range(1, 9)]
    + [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 9)] + ["s"],
    "constitution-cadogan": [f"f{i}" for i in range(1, 9)]
    + [f"r{r}c{c}" for r in range(1, 5) for c in range(1, 9)] + ["w", "s"],
    "square": ["f1", "f2", "f3", "f4", "c1", "c2", "c3", "c4", "w", "s"],
    "union-square": ["f1", "f2", "f3", "f4"] + [f"p{i}" for i in range(1, 17)] + ["w", "s"],
}


@pytest.mark.parametrize("rules", RULE_IDS)
def test_place_names_and_indexes_follow_the_notation(rules: str) -> None:
    game = new_game(rules, "1")
    assert [p.name for p in game.places] == EXPECTED_PLACES[rules]
    assert [p.index for p in game.places] == list(range(len(game.places)))
    kinds = {p.name: p.kind for p in game.places}
    assert all(kinds[game.place_name(f)] == "foundation" for f in game.foundations)
    assert all(kinds[game.place_name(t)] == "tableau" for t in game.tableau)
    assert kinds["s"] == "stock" and game.place_name(game.stock) == "s"
    assert game.waste == (-1 if rules == "constitution" else game.place_index("w"))


def test_union_square_piles_run_row_by_row() -> None:
    game = new_game("union-square", "1")
    grid = [(p.row, p.col) for p in game.places if p.kind == "tableau"]
    assert grid == [(r, c) for r in range(4) for c in range(4)]


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_move_text_reads_back_to_the_same_move(rules: str) -> None:
    game = new_game(rules, "1")
    for row in game.move_table:
        for move in row:
            text = game.move_text(move)
            assert game.parse_move(text) == move
            assert game.parse_move(f"  {text.upper().replace('-', ' - ')} ") == move


@pytest.mark.parametrize("rules", RULE_IDS)
def test_undo_and_redo_with_nothing_to_do_return_nothing(rules: str) -> None:
    game = new_game(rules, "1")
    before = game.to_layout()
    assert game.undo() == [] and game.redo() == []
    assert game.to_layout() == before


@pytest.mark.parametrize("rules", RULE_IDS)
def test_undo_is_unlimited_and_a_new_move_clears_redo(rules: str) -> None:
    game = new_game(rules, "123456")
    start = game.to_layout()
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[-1])
    played = game.moves_played
    while game.undo():
        pass
    assert game.to_layout() == start and game.moves_played == []
    assert len(game.future) == len(played)
    game.play(played[0])  # the move redo would play: the rest of the redo list stays
    assert len(game.future) == len(played) - 1
    game.redo()
    assert game.moves_played == played[:2]
    game.undo()
    other = next(m for m in game.legal_moves() if m != played[1])
    game.play(other)
    assert game.future == [] and game.redo() == []


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_play_legal_does_what_play_does_with_a_legal_move(rules: str) -> None:
    # the searches' unchecked play: for every legal move along random games, the same
    # transfers, position, history and redo list as the checked play
    import random

    rng = random.Random(9)
    for number in range(1, 6):
        checked, fast = new_game(rules, number), new_game(rules, number)
        for _ in range(120):
            moves = checked.legal_moves()
            assert moves == fast.legal_moves()
            if not moves:
                break
            for move in moves:
                assert fast.play_legal(move) == checked.play(move)
                assert fast.key() == checked.key() and fast.moves_played == checked.moves_played
                assert fast.undo() == checked.undo()
            move = rng.choice(moves)
            assert fast.play_legal(move) == checked.play(move)
            if rng.random() < 0.2:  # an undo and a redo through play_legal keep the redo list
                checked.undo()
                fast.undo()
                assert fast.play_legal(move) == checked.play(move)
            assert fast.future == checked.future and fast.key() == checked.key()
