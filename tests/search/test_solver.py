"""The solver: wins replay to wins in the engine, small positions are answered right,
and "lost" is said only when the whole position graph was searched."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine import new_game
from game.engine.rows import row_of
from game.engine.state import Move
from game.search.demo import play_demo
from game.search.depth_first import BestFirst, DepthFirst, Narrow, Narrowing
from game.search.evaluate import rows_distances
from game.search.knowledge import forced_move
from game.search.lean import core_class, core_of
from game.search.lines import LINES, Probe
from game.search.solver import solve
from game.search.square_proof import SquareLayers

from .layouts import contested_copy, rows_layout, square_layout


def first_moves(search: DepthFirst) -> list[Move]:
    """The moves a depth-first search tries first from its start, best first (each to a
    position not reached before), as engine moves."""
    children = search._children()
    assert children is not None
    return [search.core.engine_move(search.game, m) for m in children]


def replays_to_win(game, moves: list[str]) -> bool:
    copy = game.clone()
    copy.play_all(moves)
    return copy.is_won()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
@pytest.mark.parametrize("plan", [None, ("dfs",), ("best",)])
def test_a_drop_that_takes_the_other_copys_place_is_not_forced(rules: str, plan) -> None:
    # forcing r1c1-f5 (nothing can build on 7H) made the complete searches
    # prove this winnable position lost; only r1c2-f5 wins
    game = contested_copy(rules)
    result = solve(game, max_seconds=30, plan=plan)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)
    lost = game.clone()
    lost.play_text("r1c1-f5")
    assert lost.legal_moves() == []


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_rows_two_cards_left_is_won(rules: str) -> None:
    game = rows_layout(rules, {4: 9}, [["JH", "10H"]])
    result = solve(game, max_seconds=2)
    assert result.status == "won"
    assert result.moves == ["r1c1-f5", "r1c1-f5"]
    assert replays_to_win(game, result.moves)


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_rows_jack_over_ten_is_lost(rules: str) -> None:
    # the Jack can go nowhere (there are no Queens) and it covers the Ten
    game = rows_layout(rules, {4: 9}, [["10H", "JH"]])
    result = solve(game, max_seconds=2)
    assert result.status == "lost"
    assert result.moves == []


def test_constitution_needs_a_build_between_row1_piles() -> None:
    # 10H covers 9S; 9H is under JH. Only building 10H on JS frees 9S ... and the rest.
    game = rows_layout("constitution", {2: 8, 4: 8}, [["9S", "10H"], ["JS"], ["JH", "9H"], ["10S"]])
    result = solve(game, max_seconds=2)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_square_ace_under_two_is_lost_but_union_square_wins_with_a_space() -> None:
    # clubs need 2C then AC; the AC covers the 2C. Square never fills a space from the
    # tableau, Union Square does.
    square = square_layout("square", {0: 24}, [["2C", "AC"]])
    assert solve(square, max_seconds=2).status == "lost"
    union = square_layout("union-square", {0: 24}, [["2C", "AC"]])
    result = solve(union, max_seconds=2)
    assert result.status == "won"
    assert replays_to_win(union, result.moves)


def test_square_uses_the_stock_it_can_see() -> None:
    game = square_layout("square", {0: 24, 3: 25}, [["2C"]], stock=["AD", "AC"])
    result = solve(game, max_seconds=2)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_budget_cut_is_unknown_never_lost() -> None:
    # the layered search proves game 4 lost in about 5,000 positions
    game = new_game("square", 4)
    result = solve(game, max_nodes=2000, max_seconds=5)
    assert result.status == "unknown"
    assert result.moves == []


def test_solver_does_not_touch_the_game() -> None:
    game = new_game("constitution", 3)
    game.play(game.legal_moves()[0])
    before = (game.key(), len(game.history))
    solve(game, max_seconds=2)
    assert (game.key(), len(game.history)) == before


@pytest.mark.parametrize("number", [1, 2, 3])
def test_constitution_deal_wins_replay(number: int) -> None:
    game = new_game("constitution", number)
    result = solve(game, max_seconds=5)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_view_is_refused() -> None:
    with pytest.raises(ValueError):
        solve(new_game("square", 1).player_view())


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_position_hash_matches_the_engine_key(rules: str) -> None:
    """Incremental hashes equal fresh ones, and equal hashes mean equal engine keys."""
    import random

    from game.search.knowledge import PositionHash

    rng = random.Random(7)
    by_hash: dict[int, bytes] = {}
    for number in range(1, 6):
        game = new_game(rules, number)
        hasher = PositionHash(game)
        for _ in range(150):
            moves = game.legal_moves()
            if not moves:
                break
            transfers = game.undo() if game.history and rng.random() < 0.2 else game.play(rng.choice(moves))
            hasher.moved(transfers)
            key = hasher.key()
            assert key == PositionHash(game).key()
            assert by_hash.setdefault(key, game.key()) == game.key()


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_position_hash_puts_back_what_an_undone_move_replaced(rules: str) -> None:
    """A search's moves (``played``) taken back in turn (``undone``), lines of them nested
    as a depth-first search plays them: the key is always the position's own."""
    import random

    from game.search.knowledge import PositionHash

    rng = random.Random(11)
    for number in range(1, 4):
        game = new_game(rules, number)
        for _ in range(40):  # walk some way into the game, then search from there
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        hasher = PositionHash(game)
        start = hasher.key()
        depth = 0
        for _ in range(400):
            moves = game.legal_moves()
            if depth and (not moves or rng.random() < 0.4):
                game.undo()
                hasher.undone()
                depth -= 1
            elif moves:
                hasher.played(game.play_legal(rng.choice(moves)))
                depth += 1
            fresh = PositionHash(game)
            assert hasher.key() == fresh.key() and hasher.exact_key() == fresh.exact_key()
        while depth:
            game.undo()
            hasher.undone()
            depth -= 1
        assert hasher.key() == start == PositionHash(game).key()


def test_exact_key_tells_interchangeable_places_apart() -> None:
    # two Row 2 cards change places: the same position for the rules (one key), but the
    # evaluation adds its terms place by place, so it is remembered by the exact key
    from game.search.knowledge import PositionHash

    game = new_game("constitution", 1)
    r2c1, r2c2 = game.place_index("r2c1"), game.place_index("r2c2")
    assert game.piles[r2c1] != game.piles[r2c2]
    before = PositionHash(game)
    hasher = PositionHash(game)
    game.piles[r2c1], game.piles[r2c2] = game.piles[r2c2], game.piles[r2c1]
    hasher.update([r2c1, r2c2])
    fresh = PositionHash(game)
    assert hasher.key() == fresh.key() == before.key()
    assert hasher.exact_key() == fresh.exact_key() != before.exact_key()


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_hints_are_the_same_with_evaluations_remembered_or_not(rules: str, monkeypatch) -> None:
    # the hint's search remembers evaluations across searches; what it remembers must be
    # exactly what it would compute, or hints (and the demo player's games) would change
    import random

    from game.search import hint
    from game.search.evaluate import evaluate
    from game.search.hint import rank_moves

    leaf_value = hint._HintSearch.leaf_value
    checked = [0]

    def checked_leaf_value(self, transfers):
        # every value looked up is the position's own, to the last bit
        value = leaf_value(self, transfers)
        fresh = evaluate(self.game, mobility=None if self.through_reveals else 0)
        assert self.evaluated[self.hash.exact_key()] == fresh
        checked[0] += 1
        return value

    monkeypatch.setattr(hint._HintSearch, "leaf_value", checked_leaf_value)

    rng = random.Random(3)
    searched = 0
    for number in range(1, 11):
        game = new_game(rules, number)
        for _ in range(10):
            moves = game.legal_moves()
            if moves:
                game.play(rng.choice(moves))
        view = game.player_view()
        hint._EVALUATED.clear()
        cold = rank_moves(view, set(), max_nodes=2000, max_ms=None)
        remembered = len(hint._EVALUATED.get(rules, ()))
        warm = rank_moves(view, set(), max_nodes=2000, max_ms=None)
        hint._EVALUATED.clear()
        assert cold == warm == rank_moves(view, set(), max_nodes=2000, max_ms=None)
        # English Square's lines end at the first stock card: its searches are small
        searched += remembered > (2 if rules == "square" else 30)
    assert searched >= 3  # positions with real searches, not only a leaf or two
    assert checked[0] > 3 * searched


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_best_first_keys_are_those_of_the_positions(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the best-first search keeps its positions packed with their keys; every position it
    # unpacks must have the key of the same position built afresh from the engine's
    game = new_game(rules, 5)
    cls = core_class(game)
    unpack = cls.from_snapshot
    checked = [0]

    def checked_unpack(snap: bytes, stock: list[int]):  # type: ignore[no-untyped-def]
        core = unpack(snap, stock)
        assert core.key == cls.from_game(core.to_game(game)).key
        checked[0] += 1
        return core

    monkeypatch.setattr(cls, "from_snapshot", checked_unpack)
    search = BestFirst(game, 2000)
    for _ in search.steps():
        if search.starved:
            break
    assert search.nodes == 2000
    assert checked[0] > 100


def test_cadogan_dead_position_is_lost_at_once() -> None:
    # both 9H lie in Row 1 under a higher heart: no hearts foundation can pass 8
    from game.search.knowledge import is_dead, may_become_dead

    game = rows_layout("constitution-cadogan", {4: 8, 5: 8},
                       [["9H", "10H"], ["9H", "JH"], ["10H"], ["JH"]])
    assert may_become_dead(game)  # 10H on 9H is no build: the searches keep the test
    assert is_dead(game)
    result = solve(game, max_seconds=2)
    assert result.status == "lost"


def test_constitution_jacks_that_wait_for_each_other_are_lost() -> None:
    # JC covers 5H and JH covers 5C: each Jack can leave Row 1 only for its foundation
    # (there are no Queens to build on), which needs the 5 the other Jack covers
    from game.search.knowledge import is_dead, rows_closure_placeable

    runs = [["10C", "9C", "8C", "7C", "6C"], ["10H", "9H", "8H", "7H", "6H"]]
    lost = rows_layout("constitution", {1: 4, 5: 4}, [["5H", "JC"], ["5C", "JH"], *runs])
    assert is_dead(lost)
    assert rows_closure_placeable(lost) == 88 - 14
    assert solve(lost, max_seconds=5).status == "lost"
    # the same cards with the 5s on top can be won
    won = rows_layout("constitution", {1: 4, 5: 4}, [["JC", "5H"], ["JH", "5C"], *runs])
    assert not is_dead(won)
    result = solve(won, max_seconds=5)
    assert result.status == "won"
    assert replays_to_win(won, result.moves)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan"])
def test_positions_reached_from_a_deal_are_never_dead(rules: str) -> None:
    # may_become_dead's argument: Row 1 stays a run built down on one card, so the
    # relaxation places every card and the searches may skip the test (checked along
    # random games, foundation moves preferred so that they go deep)
    import random

    from game.search.knowledge import may_become_dead, rows_closure_placeable

    rng = random.Random(4)
    checked = 0
    for number in range(1, 41):
        game = new_game(rules, number)
        for _ in range(300):
            assert not may_become_dead(game)
            assert rows_closure_placeable(game) == 88
            checked += 1
            moves = game.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.dst in game.foundations]
            game.play(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(moves))
    assert checked > 3000
    # a hand-made Row 1 that is no run keeps the test
    assert may_become_dead(rows_layout(rules, {0: 9, 4: 10}, [["10C", "JH"], ["JC"]]))
    assert not may_become_dead(rows_layout(rules, {0: 9, 4: 10}, [["JH", "10C"], ["JC"]]))


def test_constitution_card_without_a_base_left_is_frozen() -> None:
    # every red 10 is on the foundations, so each 9S can leave Row 1 only for a spade
    # foundation, which needs one of the 8S the two of them cover
    from game.search.knowledge import frozen_in_row1, is_dead, rows_closure_placeable

    others = [["10S"], ["10S"], ["JS"], ["JS"]]
    game = rows_layout("constitution", {2: 7, 3: 7}, [["8S", "9S"], ["8S", "9S"], *others])
    assert frozen_in_row1(game, game.piles[8][-1])
    assert frozen_in_row1(game, game.piles[10][-1])  # 10S too: the red Jacks are up
    assert rows_closure_placeable(game) == 80
    assert solve(game, max_seconds=5).status == "lost"
    # with a red 10 still in play the 9S may move aside: the relaxation proves nothing
    open_game = rows_layout("constitution", {2: 7, 3: 7, 4: 9},
                            [["8S", "9S"], ["8S", "9S"], *others, ["10H"], ["JH"]])
    assert not frozen_in_row1(open_game, open_game.piles[8][-1])
    assert not is_dead(open_game)
    result = solve(open_game, max_seconds=5)
    assert result.status == "won"
    assert replays_to_win(open_game, result.moves)


@pytest.mark.parametrize("plan", [("dfs",), ("best",), ("best", "probe"), ("probe", "dfs"),
                                  ("lines", "best")])
def test_every_search_answers_small_positions(plan: tuple[str, ...]) -> None:
    # each complete search alone proves a loss and finds a win; the probe and the lines
    # prove nothing
    won = rows_layout("constitution", {2: 8, 4: 8}, [["9S", "10H"], ["JS"], ["JH", "9H"], ["10S"]])
    result = solve(won, max_seconds=5, plan=plan)
    assert result.status == "won"
    assert replays_to_win(won, result.moves)
    lost = square_layout("square", {0: 24}, [["2C", "AC"]])
    assert solve(lost, max_seconds=5, plan=plan).status == "lost"


@pytest.mark.parametrize("plan", [("probe",), ("lines",), ("plan",), ("plans",), ("narrow",), ("narrowing",)])
def test_probe_alone_never_says_lost(plan: tuple[str, ...]) -> None:
    lost = square_layout("square", {0: 24}, [["2C", "AC"]])
    assert solve(lost, max_seconds=5, plan=plan).status == "unknown"
    jack_over_ten = rows_layout("constitution", {4: 9}, [["10H", "JH"]])
    assert solve(jack_over_ten, max_seconds=5, plan=plan).status == "unknown"


@pytest.mark.slow
def test_narrowed_fills_win_where_the_complete_searches_wander() -> None:
    # Constitution 218: the complete searches find no win within 20,000 positions (nor
    # within 10 s); filling Rows 2 and 3 only with the cards the foundations need soonest
    # wins within a few thousand
    game = new_game("constitution", 218)
    assert solve(game, max_nodes=20_000, max_seconds=1e6, plan=("dfs", "best")).status == "unknown"
    result = solve(game, max_nodes=20_000, max_seconds=1e6, plan=("narrow",))
    assert result.status == "won"
    assert replays_to_win(game, result.moves)
    assert result.probe_nodes == result.nodes  # it proves nothing, like a line


def cadogan_with_spaces():
    """A Lady Cadogan position (random moves from a deal) where an empty place of Rows
    1-3 may be filled with any of several different cards, and no move is forced."""
    rng = random.Random(3)
    for number in range(1, 50):
        game = new_game("constitution-cadogan", number)
        for _ in range(300):
            moves = game.legal_moves()
            fills = [m for m in moves if m.src in game.tableau and m.dst in game.tableau
                     and not game.piles[m.dst]]
            if len({game.piles[m.src][-1] for m in fills}) >= 3 and forced_move(game, moves) is None:
                return game, fills
            if not moves:
                break
            game.play(rng.choice(moves))
    raise AssertionError("no such position")


def test_lady_cadogan_narrowed_fill_is_the_card_needed_soonest() -> None:
    game, fills = cadogan_with_spaces()
    distance = rows_distances(game)
    complete = first_moves(DepthFirst(game, 1000))
    for seed in (None, 1, 2):
        narrowed = first_moves(Narrow(game, 1000, seed=seed))
        [kept] = [m for m in narrowed if m in fills]
        assert distance[game.piles[kept.src][-1]] == min(distance[game.piles[m.src][-1]] for m in fills)
        others = [m for m in narrowed if m not in fills]
        # every other move is kept: in the complete search's order, or with a seed in an
        # order shaken by at most JITTER
        if seed is None:
            assert others == [m for m in complete if m not in fills]
        else:
            assert sorted(others) == sorted(m for m in complete if m not in fills)
            assert_shaken_within_jitter(game, others)


def move_values(game, moves):
    """Each move's value, as the depth-first search orders them (lower goes first): how
    much it changes the evaluation (tests/search/test_cores.py checks that against
    ``evaluate``)."""
    core = core_of(game)
    ours = {core.engine_move(game, m): m for m in core.moves()}
    values = core.values([ours[m] for m in moves], game.profile.search.evaluation)
    return {m: -v for m, v in zip(moves, values, strict=True)}


def assert_shaken_within_jitter(game, order) -> None:
    """No move is tried before one whose value is better by more than JITTER."""
    values = move_values(game, order)
    for i, earlier in enumerate(order):
        for later in order[i + 1:]:
            assert values[earlier] <= values[later] + game.profile.search.jitter


def test_a_seeded_narrowed_search_shakes_the_order_of_its_moves() -> None:
    # Constitution 1 after a few moves, where no fill is owed and many moves are legal:
    # without a seed the narrowed search tries them in the complete search's order; with
    # a seed, in orders shaken by at most JITTER, different from seed to seed
    game = new_game("constitution", 1)
    rng = random.Random(5)
    while game.owed >= 0 or len(game.legal_moves()) < 6 or forced_move(game, game.legal_moves()):
        game.play(rng.choice(game.legal_moves()))
    complete = first_moves(DepthFirst(game, 1000))
    assert first_moves(Narrow(game, 1000)) == complete
    orders = set()
    for seed in range(1, 9):
        shaken = first_moves(Narrow(game, 1000, seed=seed))
        assert sorted(shaken) == sorted(complete)
        assert_shaken_within_jitter(game, shaken)
        assert first_moves(Narrow(game, 1000, seed=seed)) == shaken  # the seed decides
        orders.add(tuple(shaken))
    assert len(orders) > 1


@pytest.mark.slow
def test_narrowed_searches_restart_through_the_narrowings() -> None:
    # Constitution 32 is not won within a few narrowed searches: each runs out of its
    # positions (the profile's narrow_nodes), and the next starts on the next narrowing,
    # the first round in the search's order, then with seeds (shaken)
    game = new_game("constitution", 32)
    length = game.profile.search.narrow_nodes
    narrowing = Narrowing(game, 7 * length + 100)
    started: list[Narrow] = []
    for _ in narrowing.steps():
        search = narrowing.current
        if isinstance(search, Narrow) and not any(search is s for s in started):
            started.append(search)
    assert narrowing.win == []
    assert [s.max_nodes for s in started] == [length] * 7 + [100]
    assert sum(s.nodes for s in started) == narrowing.nodes == 7 * length + 100
    rounds = game.profile.search.narrowings
    assert [s.limits for s in started] == [rounds[n % len(rounds)] for n in range(8)]
    assert [s.random is None for s in started] == [n < len(rounds) for n in range(8)]


def owed_fill(row: int):
    """Constitution 1 just after a Row 2 card was built on Row 1 (a fill owed in Row 2),
    and, for ``row`` 2, after that space was filled (a fill owed in Row 3)."""
    game = new_game("constitution", 1)
    build = next(m for m in game.legal_moves() if row_of(m.src) == 1 and row_of(m.dst) == 0)
    game.play(build)
    assert row_of(game.owed) == 1
    if row == 2:
        game.play(game.legal_moves()[0])
        assert row_of(game.owed) == 2
    return game


@pytest.mark.parametrize("row", [1, 2])
def test_a_narrowed_fill_is_the_card_needed_soonest(row: int) -> None:
    game = owed_fill(row)
    distance = rows_distances(game)
    fills = game.legal_moves()
    assert len(fills) == 8
    [kept] = first_moves(Narrow(game, 1000))
    assert kept in fills
    assert distance[game.piles[kept.src][-1]] == min(distance[game.piles[m.src][-1]] for m in fills)
    # only Row 3's fills narrowed; Row 2 from the two cards needed soonest; ties drawn at
    # random: still the card needed soonest; the complete search keeps every fill
    assert len(first_moves(Narrow(game, 1000, {2: 1}))) == (1 if row == 2 else 8)
    two = first_moves(Narrow(game, 1000, {1: 2, 2: 1}))
    assert len(two) == (2 if row == 1 else 1)
    assert len({game.piles[m.src][-1] for m in two}) == len(two)  # two different cards
    for seed in range(1, 6):
        [drawn] = first_moves(Narrow(game, 1000, seed=seed))
        assert distance[game.piles[drawn.src][-1]] == distance[game.piles[kept.src][-1]]
    assert sorted(first_moves(DepthFirst(game, 1000))) == sorted(fills)


def run_line(line: Probe | SquareLayers) -> bool | None:
    steps = line.steps()
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def test_a_view_line_is_the_demo_players_game() -> None:
    # the line that sees only the player's view plays what the demo player would with
    # the same lookahead, when the demo player does not plan (Lady Cadogan)
    game = new_game("constitution-cadogan", 7)
    line = Probe(game.clone(), 10 ** 9, per_move=150, view=True)
    steps = line.steps()
    for _ in range(40):
        next(steps)
    demo = play_demo("constitution-cadogan", "7", max_moves=40, max_nodes=150, max_ms=None, plan_nodes=0)
    assert [line.game.move_text(m) for m in line.game.moves_played] == demo.moves


@pytest.mark.slow
def test_lady_cadogan_lines_win_where_the_first_line_sticks() -> None:
    game = new_game("constitution-cadogan", 60)
    view, per_move, plan_nodes = LINES[0]
    assert run_line(Probe(game.clone(), 10 ** 9, per_move, view, plan_nodes)) is None
    result = solve(game, max_nodes=5_000_000, max_seconds=1e6)  # the default plan
    assert result.status == "won"
    assert replays_to_win(game, result.moves)
    # the lines won it: the complete search ran only its first stage, without a win
    first_stage = game.profile.search.stages[0]
    assert first_stage[0] == ("proof",)
    assert result.nodes - result.probe_nodes == first_stage[1]


@pytest.mark.slow
def test_the_planner_wins_where_searches_from_the_start_wander() -> None:
    # Constitution 150: depth-first searches started along the demo player's line find a
    # win within 20,000 positions; the depth-first and best-first searches from the
    # start do not
    game = new_game("constitution", 150)
    result = solve(game, max_nodes=20_000, max_seconds=1e6, plan=("plan",))
    assert result.status == "won"
    assert replays_to_win(game, result.moves)
    assert result.probe_nodes == result.nodes  # a line's search: it proves nothing
    assert solve(game, max_nodes=20_000, max_seconds=1e6, plan=("dfs",)).status == "unknown"
    assert solve(game, max_nodes=20_000, max_seconds=1e6, plan=("best",)).status == "unknown"


@pytest.mark.slow
def test_later_planners_win_where_the_first_planner_sticks() -> None:
    # Constitution 948: the planner's line ends without a win; the next planner, which
    # sees the whole deal and plans twice as far, wins it
    game = new_game("constitution", 948)
    first = solve(game, max_nodes=200_000, max_seconds=1e6, plan=("plan",))
    assert first.status == "unknown" and first.nodes < 200_000  # the line ended
    result = solve(game, max_nodes=200_000, max_seconds=1e6, plan=("plans",))
    assert result.status == "won"
    assert replays_to_win(game, result.moves)
    assert result.probe_nodes == result.nodes > first.nodes


@pytest.mark.slow
def test_union_square_planner_wins_where_the_probe_sticks() -> None:
    # Union Square 234: the probe's line ends without a win and the depth-first search
    # finds none within 20,000 positions; the planner wins within 10,000, and so does the
    # default plan, which runs it after the probe
    game = new_game("union-square", 234)
    probe = solve(game, max_nodes=100_000, max_seconds=1e6, plan=("probe",))
    assert probe.status == "unknown" and probe.nodes < 100_000  # the line ended
    assert solve(game, max_nodes=20_000, max_seconds=1e6, plan=("dfs",)).status == "unknown"
    assert solve(game, max_nodes=10_000, max_seconds=1e6, plan=("plan",)).status == "won"
    result = solve(game, max_nodes=100_000, max_seconds=1e6)
    assert result.status == "won"
    assert replays_to_win(game, result.moves)


def test_unknown_plan_is_refused() -> None:
    with pytest.raises(ValueError):
        solve(new_game("square", 1), plan=("magic",))


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["constitution", "union-square"])
def test_deal_wins_of_the_default_plans_replay(rules: str) -> None:
    for number in (4, 9):
        game = new_game(rules, number)
        result = solve(game, max_seconds=20)
        assert result.status == "won"
        assert replays_to_win(game, result.moves)


@pytest.mark.slow
def test_a_paused_search_resumes_where_it_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage's node budget stops its complete searches and a "resume" stage goes on with
    them: the answer, the line and the positions counted are those of one uninterrupted
    search, even when the budget ran out in the middle of a position's moves."""
    from game.search import solver

    game = new_game("constitution", 143)  # not won by the depth-first search within 1,001 positions
    whole = solve(game, max_nodes=100_000, max_seconds=1e6, plan=("dfs",))
    assert whole.status == "won" and whole.nodes > 1001
    profile = game.profile
    search = dataclasses.replace(profile.search, stages=((("dfs",), 1001), ((solver.RESUME,), None)))
    monkeypatch.setattr(type(game), "profile", dataclasses.replace(profile, search=search))
    paused: list[int] = []
    run_stage = solver._run_stage

    def spy(running, end, result, ran=None):  # type: ignore[no-untyped-def]
        out = run_stage(running, end, result, ran)
        paused.append(len(out))
        if len(paused) == 1:
            assert result.nodes == 1001  # the stage's budget, to the position
        return out

    monkeypatch.setattr(solver, "_run_stage", spy)
    resumed = solve(game, max_nodes=10 ** 9, max_seconds=1e6)
    assert paused == [1, 0]  # the first stage's budget stopped the search
    assert (resumed.status, resumed.moves, resumed.nodes) == (whole.status, whole.moves, whole.nodes)


def test_resume_is_not_a_search_of_its_own() -> None:
    with pytest.raises(ValueError):
        solve(new_game("constitution", 1), plan=("resume",))


@pytest.mark.parametrize(("rules", "number"), [
    ("constitution", 1), ("constitution", 7), ("square", 4), ("square", 5), ("union-square", 5),
    ("union-square", 8), pytest.param("constitution-cadogan", 1, marks=pytest.mark.slow)])
def test_a_smaller_node_budget_is_never_worse(rules: str, number: int) -> None:
    """The solver's work is one fixed sequence whatever the budget; a budget only cuts
    it. So a deal decided within some positions is decided the same way within any more,
    and the positions counted never exceed the budget. The budgets run from a quarter of
    what the default plan needs to ten times as much."""
    game = new_game(rules, number)
    needed = solve(game, max_nodes=1_000_000, max_seconds=1e6)
    assert needed.status != "unknown"
    budgets = sorted({needed.nodes // 4, needed.nodes // 2, needed.nodes - 1, needed.nodes,
                      needed.nodes + 1, 2 * needed.nodes, 10 * needed.nodes})
    statuses = []
    for budget in budgets:
        result = solve(game, max_nodes=budget, max_seconds=1e6)
        assert result.nodes <= budget
        statuses.append(result.status)
        if result.status == "won":
            assert replays_to_win(game, result.moves)
    decided = statuses.index(needed.status)
    assert budgets[decided] == needed.nodes  # one position fewer is not enough
    assert statuses[:decided] == ["unknown"] * decided
    assert statuses[decided:] == [needed.status] * (len(budgets) - decided)
