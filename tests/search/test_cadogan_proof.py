"""Lady Cadogan's complete search (game.search.cadogan_proof) against a plain exhaustive
search written here on the engine: hand-made end games, random positions reached late in
real deals, and its safe climbs one by one. Every "won" it answers replays to a win, and
every position it proves lost the plain search finds lost too."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from game.engine import game_from_layout, new_game
from game.engine.cards import JACK, card_text
from game.engine.state import Game
from game.search.cadogan_core import Core
from game.search.cadogan_proof import CadoganProof, row1_locked
from game.search.solver import solve
from tests.search.layouts import contested_copy, random_endgame, rows_layout

RULES = "constitution-cadogan"


def plainly_winnable(game: Game, limit: int = 20_000) -> bool | None:
    """Whether ``game`` can be won: every legal move of the engine tried from every
    position reached (played and taken back), each position (all its places, in order)
    searched once. None when more than ``limit`` positions would be needed."""
    game = game.clone()
    seen: set[tuple[tuple[int, ...], ...]] = set()

    def search() -> bool | None:
        if game.is_won():
            return True
        for move in game.legal_moves():
            game.play(move)
            state = tuple(tuple(p) for p in game.piles)
            answer: bool | None = False
            if state not in seen:
                seen.add(state)
                answer = search() if len(seen) <= limit else None
            game.undo()
            if answer is not False:
                return answer
        return False

    return search()


def proof(game: Game, max_nodes: int = 2_000_000) -> bool | None:
    """The complete search's answer: True (won, its line checked), False (proved lost)
    or None (its budget ran out)."""
    search = CadoganProof(game.clone(), max_nodes)
    steps = search.steps()
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            answer = stop.value
            break
        if search.starved:
            return None
    if answer:
        copy = game.clone()
        copy.play_all(search.win)
        assert copy.is_won()
    return answer


@cache
def winning_line(number: int) -> tuple[str, ...]:
    """The winning line of deal ``number`` that the solver's beams (``plan=("beams",)``, not its
    quick look) find: the positions these tests start from stay where they are when the
    solver's stages change."""
    line = solve(new_game(RULES, number), max_nodes=1_000_000, max_seconds=1e6, plan=("beams",)).moves
    assert line
    return tuple(line)


def late_position(number: int, rng: random.Random, back: int, wander: int) -> Game:
    """Deal ``number`` played along the solver's winning line to ``back`` moves before its
    end, then ``wander`` random moves (which may lose it)."""
    game = new_game(RULES, number)
    line = winning_line(number)
    game.play_all(list(line[:max(0, len(line) - back)]))
    for _ in range(wander):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


@pytest.mark.slow
def test_the_proof_agrees_with_a_plain_search_on_hand_made_end_games() -> None:
    rng = random.Random(3031)
    answers = []
    for _ in range(60):
        game = random_endgame(RULES, rng, rng.randint(4, 11))
        plain = plainly_winnable(game)
        if plain is None:
            continue
        assert proof(game) is plain
        answers.append(plain)
    assert answers.count(True) >= 20 and answers.count(False) >= 2


@pytest.mark.slow
def test_the_proof_agrees_with_a_plain_search_late_in_real_deals() -> None:
    answers = []
    for number in (2, 3, 5):
        rng = random.Random(number)
        for back, wander in ((20, 4), (30, 10), (50, 20), (50, 25)):
            game = late_position(number, rng, back, wander)
            plain = plainly_winnable(game)
            if plain is None:
                continue
            assert proof(game) is plain
            answers.append(plain)
    assert answers.count(True) >= 3 and answers.count(False) >= 1


def test_a_position_the_proof_calls_lost_has_no_win() -> None:
    # the position after the drop that takes the other 7H's place
    game = contested_copy(RULES)
    assert proof(game) is True
    game.play_text("r1c1-f5")
    assert proof(game) is False
    assert plainly_winnable(game) is False
    result = solve(game, max_seconds=30)
    assert result.status == "lost"


@pytest.mark.slow
def test_a_safe_climb_keeps_every_won_position_won() -> None:
    # positions where a climb applies, checked one by one: when the position can be
    # won, so can the position after the climb
    rng = random.Random(77)
    climbs = won = 0
    while climbs < 30:
        game = random_endgame(RULES, rng, rng.randint(4, 10))
        core = Core.from_game(game)
        climb = core.safe_climb()
        if climb is None:
            continue
        after = game.clone()
        for move in climb:
            engine_move = Core.engine_move(after, move)
            assert engine_move in after.legal_moves()
            after.play(engine_move)
        plain = plainly_winnable(game)
        if plain is None:
            continue
        climbs += 1
        if plain:
            won += 1
            assert plainly_winnable(after) is True
    assert won >= 10


def run(top: str, length: int, suit: str) -> list[str]:
    """Cards of one suit from Jack down to ``top`` (a hand-made Row 1 pile: each goes home
    once the one above it has)."""
    ranks = ["J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    start = ranks.index(top) - length + 1
    return [r + suit for r in ranks[start:start + length]]


def test_a_climb_takes_a_row_3_card_home_through_rows_2_and_1() -> None:
    # 2H in Row 3 on 9C; Row 2 holds a 3S for it and Row 1 an empty place. The cards
    # not home: one pack's 2H-JH, 3S-JS and 9C-JC
    rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    rows[0][:3] = [run("3", 9, "H"), run("4", 8, "S"), ["JC", "10C"]]
    rows[1][0] = ["3S"]
    rows[2][0] = ["9C", "2H"]
    game = rows_layout(RULES, {0: 8, 2: 2, 4: 1}, [], extra={"tableau": rows})
    core = Core.from_game(game)
    # r3c1-r2c1 (onto 3S), r2c1-r1c4 (the first empty place), r1c4-f5 (the 2H home)
    assert core.safe_climb() == ((16, 8), (8, 3), (3, 44))
    after = game.clone()
    after.play_all(["r3c1-r2c1", "r2c1-r1c4", "r1c4-f5"])
    assert [list(p) for p in after.piles[:8]] != [list(p) for p in game.piles[:8]]
    assert plainly_winnable(game) is True
    assert proof(game) is True


def test_no_climb_for_a_card_something_may_still_build_on() -> None:
    # 3H in Row 2 with empty Row 1 places and its foundation at 2, but the 2S in the
    # waste could still be built on it
    rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    rows[0][:2] = [run("4", 8, "H"), run("3", 9, "S")]
    rows[1][0] = ["3H"]
    game = rows_layout(RULES, {2: 1, 4: 2}, [], extra={"tableau": rows, "waste": ["2S"]})
    assert Core.from_game(game).safe_climb() is None
    # with the 2S home, it climbs
    rows[0][1] = run("3", 9, "S")
    home = rows_layout(RULES, {2: 2, 4: 2}, [], extra={"tableau": rows})
    assert Core.from_game(home).safe_climb() == ((8, 2), (2, 44))


@pytest.mark.slow
def test_the_solver_proves_lost_what_the_beams_cannot() -> None:
    # random play from late in deal 7 until a position is lost with moves left that no
    # beam decides (a beam drops positions, so it proves a position lost only when it
    # never had to); the solver's default stages, which start with the complete search,
    # prove it lost
    rng = random.Random(7)
    for _ in range(25):
        game = late_position(7, rng, 60, 30)
        if not game.legal_moves() or plainly_winnable(game) is not False:
            continue
        if solve(game, max_nodes=100_000, max_seconds=1e6, plan=("beams",)).status == "unknown":
            result = solve(game, max_seconds=1e6)
            assert result.status == "lost"
            first_stage = game.profile.search.stages[0]
            assert first_stage[0] == ("proof",) and first_stage[1] is not None
            assert result.nodes <= first_stage[1]
            return
    pytest.fail("no such position found")


def locked(game: Game) -> bool:
    """:func:`row1_locked` of an engine position."""
    core = Core.from_game(game)
    return row1_locked(core.piles, core.found)


def full_row_1(rng: random.Random) -> Game:
    """A hand-made position with every Row 1 place holding cards: one to three suits
    partly home, their other cards in play. Most often Row 1 holds cards of one class
    only (colour xor rank parity), its bottoms of ranks their suit's foundations do not
    take yet, as a lock needs; else any cards. Some cards lie on top of Row 1's piles in
    any order, the others in Row 2 but for up to four in Rows 3 and 4, the waste and
    the stock."""
    heights = [JACK] * 8
    cards: list[int] = []
    suits = rng.sample(range(4), rng.randint(1, 3))
    for _ in range(rng.randint(14, 24)):
        f = 2 * rng.choice(suits) + rng.randrange(2)
        if heights[f] > 1:
            heights[f] -= 1
            cards.append((f >> 1) << 4 | (heights[f] + 1))
    rng.shuffle(cards)
    one = rng.randrange(2) if rng.random() < 0.8 else None
    if one is not None:
        # first the cards of that class waiting for a card of the other
        top = [max(heights[2 * s], heights[2 * s + 1]) for s in range(4)]
        cards.sort(key=lambda c: (c >> 5) ^ (c & 1) != one or c & 15 < top[c >> 4] + 2)
        rest = cards[8:]
        rng.shuffle(rest)
        cards[8:] = rest
    piles: list[list[int]] = [[c] for c in cards[:8]] + [[] for _ in range(24)]
    waste: list[int] = []
    stock: list[int] = []
    below = rng.randint(0, 4)  # cards below Row 2: the plain search's work grows fast with them
    for c in cards[8:]:
        where = rng.random()
        if where < 0.3 and (one is None or (c >> 5) ^ (c & 1) == one):
            piles[rng.randrange(8)].append(c)
        elif where < 0.8 or not below:
            piles[8 + rng.randrange(8)].append(c)
        else:
            below -= 1
            if where < 0.9:
                piles[rng.choice((16, 24)) + rng.randrange(8)].append(c)
            elif where < 0.95:
                waste.append(c)
            else:
                stock.append(c)

    def names(pile: list[int]) -> list[str]:
        return [card_text(c) for c in pile]

    layout: dict[str, Any] = {
        "rules": RULES, "game": "1",
        "foundations": [names([(f >> 1) << 4 | r for r in range(1, heights[f] + 1)]) for f in range(8)],
        "tableau": [[names(p) for p in piles[r * 8:(r + 1) * 8]] for r in range(4)],
        "waste": names(waste), "stock": names(stock)}
    return game_from_layout(layout)


@pytest.mark.parametrize("number", [240, 587, 618, 793])
def test_a_deal_whose_row_1_is_locked_is_lost_at_once(number: int) -> None:
    # every Row 1 base of one class: the other class never enters Row 1, and every base
    # waits for one of its cards
    game = new_game(RULES, number)
    core = Core.from_game(game)
    bases = [pile[0] for pile in core.piles[:8]]
    assert len({(c >> 5) ^ (c & 1) for c in bases}) == 1 and min(c & 15 for c in bases) >= 3
    assert locked(game)
    result = solve(game, max_nodes=10_000, max_seconds=1e6)
    assert result.status == "lost" and result.nodes == 0


def test_won_deals_are_never_locked() -> None:
    for number in range(1, 21):
        assert not locked(new_game(RULES, number))


def test_a_hand_made_lock_and_the_same_position_unlocked() -> None:
    # hearts at 5 and 5, clubs at 7 and 7, the rest home. Row 1's bases are all of class
    # 1 (8H 10H 9C JC), and each waits for a card of class 0 (7H, 9H or 8C, 10C)
    row1 = [["8H"], ["8H"], ["10H"], ["10H"], ["9C"], ["9C"], ["JC"], ["JC"]]
    rows: list[list[list[str]]] = [row1, [[] for _ in range(8)], [[] for _ in range(8)],
                                   [[] for _ in range(8)]]
    rows[1][:7] = [["7H"], ["9H", "8C"], ["JH", "10C"], ["6H"], ["7H"], ["JH", "10C"], ["9H"]]
    stock = ["6H", "8C"]
    game = rows_layout(RULES, {0: 7, 1: 7, 4: 5, 5: 5}, [],
                       extra={"tableau": rows, "stock": stock})
    assert locked(game)
    assert plainly_winnable(game) is False
    assert proof(game) is False
    # a 7H loose on a Row 1 pile (not at its bottom) may go home before its pile
    # empties: the 8H piles are no longer known to wait for ever
    rows[0][4] = ["9C", "7H"]
    rows[1][0] = []
    assert not locked(rows_layout(RULES, {0: 7, 1: 7, 4: 5, 5: 5}, [],
                                  extra={"tableau": rows, "stock": stock}))


@pytest.mark.slow
def test_a_locked_row_1_is_lost_for_a_plain_search() -> None:
    rng = random.Random(3041)
    answers: dict[tuple[bool, bool], int] = {}
    for _ in range(150):
        game = full_row_1(rng)
        plain = plainly_winnable(game, 5000)
        if plain is None:
            continue
        lock = locked(game)
        assert not (lock and plain)
        if lock or rng.random() < 0.2:
            assert proof(game) is plain
        answers[lock, plain] = answers.get((lock, plain), 0) + 1
    # the lock is tried often, and the positions it leaves open are sometimes won
    assert answers.get((True, False), 0) >= 20 and answers.get((False, True), 0) >= 10
