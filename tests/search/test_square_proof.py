"""English Square's layered search and its waste-unwinding test (game/search/square_proof)."""

from __future__ import annotations

import random

import pytest

from game.engine import new_game
from game.engine.cards import RANK_TEXT, SUIT_LETTERS
from game.engine.square import COLUMNS, Square
from game.search.solver import solve
from game.search.square_proof import SEQUENCES, SquareLayers, _moves, cannot_unwind, state_of

from .layouts import square_layout
from .test_solver import replays_to_win, run_line


def _name(card: int) -> str:
    return RANK_TEXT[card & 15] + SUIT_LETTERS[card >> 4]


def _stock(game: Square) -> bytes:
    return bytes(reversed(game.piles[game.stock]))


def _test(game: Square) -> bool:
    return cannot_unwind(*state_of(game), _stock(game))


def _queens_on_jacks(queens: list[str]) -> Square:
    """Every suit home up to the Ten; the waste holds both copies of every Jack under
    ``queens``; every other card is dealt into the columns."""
    jacks = ["JC", "JS", "JH", "JD"] * 2
    rest = []
    for s in range(4):
        rest += [_name(c) for c in SEQUENCES[s][10:]]
    for card in jacks + queens:
        rest.remove(card)
    columns = [rest[i::4] for i in range(4)]
    game = square_layout("square", dict.fromkeys(range(4), 10), columns, waste=jacks + queens)
    assert isinstance(game, Square)
    return game


def test_five_queens_over_the_jacks_need_a_fifth_column() -> None:
    # before a Jack leaves the waste the Queens above it are in columns (no Queen can go
    # home before its Jack): two clubs and two spades need two columns each
    assert _test(_queens_on_jacks(["QC", "QC", "QS", "QS", "QH"]))
    assert run_line(SquareLayers(_queens_on_jacks(["QC", "QC", "QS", "QS", "QH"]), 1000)) is False


@pytest.mark.parametrize("queens", [["QC", "QC", "QS", "QH"], ["QC", "QS", "QH", "QD"],
                                    ["QC", "QC", "QS", "QS"]])
def test_four_columns_are_enough_for_four_runs(queens: list[str]) -> None:
    assert not _test(_queens_on_jacks(queens))


def test_a_dealt_copy_counts_as_free_for_the_foundation() -> None:
    # the same five Queens, but with a Jack of clubs dealt on a column top instead of
    # under them: clubs can go home, so only three columns are needed
    game = _queens_on_jacks(["QC", "QC", "QS", "QS", "QH"])
    layout = game.to_layout()
    layout["waste"].remove("JC")
    layout["tableau"][0].append("JC")
    layout.pop("dealt", None)
    moved = Square.from_layout(layout)
    assert not _test(moved)


def _split_runs(buried: list[str], dealt_too: list[str]) -> Square:
    """Every suit home up to the Ten. The waste holds ``buried``, both copies of every
    Jack, then the second copies of 6C 9C 6S 9S 9H on top (none can go home before its
    Jack); every other card is dealt into the columns, ``dealt_too`` on top of them."""
    jacks = ["JC", "JS", "JH", "JD"] * 2
    above = ["6C", "9C", "6S", "9S", "9H"]
    rest = []
    for s in range(4):
        rest += [_name(c) for c in SEQUENCES[s][10:]]
    for card in buried + jacks + above + dealt_too:
        rest.remove(card)
    columns = [rest[i::4] for i in range(4)]
    columns[0] += dealt_too
    game = square_layout("square", dict.fromkeys(range(4), 10), columns, waste=buried + jacks + above)
    assert isinstance(game, Square)
    return game


def test_a_rank_with_no_copy_left_splits_a_run() -> None:
    # before the top Jack leaves, 6C and 9C are in columns, and one run could hold both
    # only with an 8C between them: one 8C is home and the other under the Jacks. So
    # clubs need two columns, spades two, hearts one: five
    assert _test(_split_runs(["8C", "8S"], []))
    # with the second 8C dealt instead, one clubs run can hold 6C 7C 8C 9C: four columns
    assert not _test(_split_runs(["8S"], ["8C"]))


def _reverse_played(seed: int, steps: int) -> tuple[Square, list[str]]:
    """A position built backwards from the finished game, with the winning line that
    undoes it. Each step undoes one move: a foundation's top card goes back to the waste,
    onto a column as a dealt card (when nothing is built there) or as a built card (where
    it may be built), a column's top built card back to the waste, or the waste's top
    card back to the stock."""
    rng = random.Random(seed)
    heights = [26] * 4
    dealt: list[list[int]] = [[], [], [], []]
    built: list[list[int]] = [[], [], [], []]
    waste: list[int] = []
    stock: list[int] = []
    line: list[str] = []

    def builds_on(column: int, card: int) -> bool:
        pile = dealt[column] + built[column]
        if not pile or pile[-1] >> 4 != card >> 4 or abs(pile[-1] - card) != 1:
            return False
        # the first card built on an empty column stands as a filled card: free to go
        # either way; otherwise the card below a built top fixes the direction
        base = len(dealt[column]) or 1
        return len(pile) <= base or card - pile[-1] == pile[-1] - pile[-2]

    for _ in range(steps):
        roll = rng.random()
        if waste and roll < 0.2:
            stock.append(waste.pop())
            line.append("s-w")
            continue
        undo_builds = [c for c in range(4) if built[c]]
        if undo_builds and roll < 0.4:
            column = rng.choice(undo_builds)
            waste.append(built[column].pop())
            line.append(f"w-c{column + 1}")
            continue
        suit = rng.choice([s for s in range(4) if heights[s]])
        heights[suit] -= 1
        card = SEQUENCES[suit][heights[suit]]
        onto = [c for c in range(4) if builds_on(c, card)]
        bare = [c for c in range(4) if not built[c]]
        if onto and rng.random() < 0.5:
            column = rng.choice(onto)
            built[column].append(card)
        elif bare and rng.random() < 0.3:
            column = rng.choice(bare)
            dealt[column].append(card)
        else:
            waste.append(card)
            line.append(f"w-f{suit + 1}")
            continue
        line.append(f"c{column + 1}-f{suit + 1}")
    layout = square_layout("square", dict(enumerate(heights)),
                           [[_name(c) for c in dealt[i] + built[i]] for i in range(4)],
                           waste=[_name(c) for c in waste], stock=[_name(c) for c in stock]).to_layout()
    layout["dealt"] = [len(d) if d or not b else 1 for d, b in zip(dealt, built, strict=True)]
    game = Square.from_layout(layout)
    line.reverse()
    return game, line


@pytest.mark.parametrize("seed", range(80))
def test_the_test_never_rules_out_a_position_on_a_winning_line(seed: int) -> None:
    game, line = _reverse_played(seed, 110)
    for text in line:
        assert not _test(game), f"ruled out a won position before {text}"
        game.play(game.parse_move(text))
    assert game.is_won()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_the_search_wins_what_can_be_won_and_the_line_replays(seed: int) -> None:
    game, _ = _reverse_played(1000 + seed, 36)
    search = SquareLayers(game.clone(), 2_000_000)
    assert run_line(search) is True
    assert replays_to_win(game, search.win)


@pytest.mark.slow
def test_the_search_agrees_with_the_depth_first_search_on_small_positions() -> None:
    # random small endgames: the depth-first search (no unwinding test) decides each;
    # the layered search must give the same answer
    rng = random.Random(7)
    answers = {"won": 0, "lost": 0}
    for _ in range(60):
        heights = [rng.randint(20, 26) for _ in range(4)]
        left = [c for s in range(4) for c in SEQUENCES[s][heights[s]:]]
        rng.shuffle(left)
        cut = sorted(rng.sample(range(len(left) + 1), 5))
        parts = [left[a:b] for a, b in zip([0, *cut], [*cut, len(left)], strict=True)]
        game = square_layout("square", dict(enumerate(heights)), [[_name(c) for c in p] for p in parts[:4]],
                             waste=[_name(c) for c in parts[4]], stock=[_name(c) for c in parts[5]])
        plain = solve(game, plan=("dfs",), max_seconds=30)
        if plain.status == "unknown":
            continue
        layered = solve(game, plan=("layers",), max_seconds=30)
        assert layered.status == plain.status
        if layered.status == "won":
            assert replays_to_win(game, layered.moves)
        answers[plain.status] += 1
    assert answers["won"] >= 5 and answers["lost"] >= 5, answers


@pytest.mark.slow
@pytest.mark.parametrize("number", [10, 11])
def test_a_child_the_search_does_not_test_passes_when_its_parent_does(number: int) -> None:
    # the search skips the test after moves that cannot make it fail (see _moves)
    game = new_game("square", number)
    assert isinstance(game, Square)
    stock = _stock(game)
    todo = [state_of(game)]
    seen = set(todo)
    checked = 0
    while todo and checked < 3000:
        state = todo.pop()
        turned = sum(state[0]) + sum(len(c) - 1 for c in state[1]) + len(state[2]) - 16
        if cannot_unwind(*state, stock, turned):
            continue
        for child, check in _moves(state):
            if not check:
                checked += 1
                assert not cannot_unwind(*child, stock, turned)
            if child not in seen:
                seen.add(child)
                todo.append(child)
        if turned < len(stock):
            child = (state[0], state[1], state[2] + stock[turned:turned + 1])
            if child not in seen:
                seen.add(child)
                todo.append(child)
    assert checked >= 500


def _columns_needed(heights: tuple[int, ...], columns: tuple[bytes, ...], waste: bytes, off_waste: bytes,
                    turned: bytes) -> int:
    """Point 2 of square_proof's argument counted afresh: the runs that the cards must
    stand in at the moment the waste's ``off_waste`` cards (and the stock's ``turned``)
    have left, with no count carried over from an earlier moment."""
    avail = [0] * 64  # may be home: dealt, built, off the waste or turned
    held = [0] * 64  # must be home or in a column: built, off the waste or turned
    room = [0] * 64  # copies neither home now nor still in the waste
    for s in range(4):
        for r in range(1, 14):
            c = s * 16 + r
            room[c] = 2 - (heights[s] >= r) - (heights[s] >= 27 - r)
    for c in waste:
        room[c] -= 1
    for c in off_waste:
        room[c] += 1
    for column in columns:
        for c in column[1:column[0] + 1]:
            avail[c] += 1
        for c in column[column[0] + 1:]:
            avail[c] += 1
            held[c] += 1
    for c in off_waste + turned:
        avail[c] += 1
        held[c] += 1
    homed = [0] * 64  # the places the foundations can fill since now, per card
    for s in range(4):
        h = heights[s]
        while h < 26 and avail[SEQUENCES[s][h]] > homed[SEQUENCES[s][h]]:
            homed[SEQUENCES[s][h]] += 1
            h += 1
    total = 0
    for s in range(4):
        most = 0
        for r in range(1, 14):
            c = s * 16 + r
            if held[c] - homed[c] <= 0 and room[c] <= 0:
                total += most  # no copy can stand in a column: the rank breaks the runs
                most = 0
            else:
                most = max(most, held[c] - homed[c])
        total += most
    return total


def _plain_cannot_unwind(heights: tuple[int, ...], columns: tuple[bytes, ...], waste: bytes, stock: bytes,
                         start: int) -> bool:
    """The waste test as the module's docstring argues it, every count made afresh at
    each moment: before each waste card leaves, turn the fewest stock cards that keep
    the cards above it within four columns."""
    turned = start
    for i in range(len(waste) - 1, -1, -1):
        while _columns_needed(heights, columns, waste, waste[i + 1:], stock[start:turned]) > 4:
            if turned >= len(stock):
                return True
            turned += 1
    return False


@pytest.mark.parametrize("number", [1, *(pytest.param(n, marks=pytest.mark.slow) for n in (4, 9))])
def test_the_waste_test_agrees_with_its_argument_counted_afresh(number: int,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # cannot_unwind is written flat and incremental for speed; every position the
    # layered search asks it about must get the answer of the plain count
    import game.search.square_proof as square_proof

    asked: list[tuple[tuple[int, ...], tuple[bytes, ...], bytes, bytes, int]] = []
    flat = square_proof.cannot_unwind

    def recorded(heights: tuple[int, ...], columns: tuple[bytes, ...], waste: bytes, stock: bytes,
                 start: int = 0) -> bool:
        asked.append((heights, columns, waste, stock, start))
        return flat(heights, columns, waste, stock, start)

    monkeypatch.setattr(square_proof, "cannot_unwind", recorded)
    assert run_line(SquareLayers(new_game("square", number), 4000)) is not True
    answers = [flat(*a) for a in asked]
    assert answers == [_plain_cannot_unwind(*a) for a in asked]
    assert len(answers) >= 100 and 0 < sum(answers) < len(answers)


@pytest.mark.parametrize("number", [1, 5, 8])
def test_the_solver_proves_english_square_deals_lost(number: int) -> None:
    result = solve(new_game("square", number), max_seconds=30)
    assert result.status == "lost"
    assert result.moves == []


def test_the_layered_search_is_for_english_square_only() -> None:
    with pytest.raises(ValueError, match="British Square"):
        SquareLayers(new_game("union-square", 1), 100)


def _every_position(game: Square, limit: int) -> tuple[bool, int] | None:
    """Every position reachable from ``game``, searched plainly and independently of the
    layered search: the engine's own legal moves, a stack, and a set of the positions
    seen, with no move forced and no position ruled out. A position is each column's
    cards and dealt count (no two columns taken for the same), the waste's cards, and the
    foundations' and the stock's sizes (their cards follow from those). Returns whether a
    won position is among them and how many there are, or None past ``limit`` positions."""
    game = game.clone()
    piles = game.piles

    def key() -> bytes:
        return b"\xff".join([bytes(len(piles[f]) for f in game.foundations), bytes(game.dealt),
                             bytes([len(piles[game.stock])]), *(bytes(piles[c]) for c in COLUMNS),
                             bytes(piles[game.waste])])

    seen = {key()}
    won = game.is_won()
    stack = [iter(game.legal_moves())]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        game.play(move)
        here = key()
        if here in seen:
            game.undo()
            continue
        seen.add(here)
        if len(seen) > limit:
            return None
        won = won or game.is_won()
        stack.append(iter(game.legal_moves()))
    return won, len(seen)


@pytest.mark.slow
def test_the_layered_search_agrees_with_a_plain_search_of_every_position_on_endgames() -> None:
    # random small endgames, won and lost, with a stock to turn: the plain search of
    # every position decides each, and the layered search (with its waste test and its
    # forced moves) must say the same
    rng = random.Random(11)
    answers = {True: 0, False: 0}
    for _ in range(40):
        heights = [rng.randint(19, 26) for _ in range(4)]
        left = [c for s in range(4) for c in SEQUENCES[s][heights[s]:]]
        rng.shuffle(left)
        cut = sorted(rng.choices(range(len(left) + 1), k=5))
        parts = [left[a:b] for a, b in zip([0, *cut], [*cut, len(left)], strict=True)]
        game = square_layout("square", dict(enumerate(heights)), [[_name(c) for c in p] for p in parts[:4]],
                             waste=[_name(c) for c in parts[4]], stock=[_name(c) for c in parts[5]])
        assert isinstance(game, Square)
        plain = _every_position(game, 40_000)
        if plain is None:
            continue
        search = SquareLayers(game.clone(), 10_000_000)
        assert run_line(search) is plain[0]
        if plain[0]:
            assert replays_to_win(game, search.win)
        answers[plain[0]] += 1
    assert answers[True] >= 5 and answers[False] >= 5, answers


@pytest.mark.slow
def test_the_solver_agrees_with_a_plain_search_of_every_position_on_the_smallest_deal() -> None:
    # of games 1-200, deal 59 reaches the fewest positions (about 700,000; the next,
    # deal 126, about 1.3 million): few enough to search every one plainly
    game = new_game("square", 59)
    assert isinstance(game, Square)
    plain = _every_position(game, 2_000_000)
    assert plain is not None
    result = solve(game, max_seconds=60)
    assert result.status == ("won" if plain[0] else "lost")
