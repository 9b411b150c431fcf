"""A play session without a screen: moves and their automatic drops, undo and redo in the
player's steps, the score and its undo, hints and their charges, the demo's moves, and
what is refused with the reason."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Game, new_game
from game.engine.cards import card_pretty
from game.records.replay import IN_PROGRESS, WON
from game.records.scoring import FOUNDATION_POINTS, HINT_PENALTY, STREAK_STEP, UNDO_PENALTY, score_replay
from game.session.positions import lost_position, near_won_position
from tests.records.helpers import FakeClock
from tests.session.helpers import CONSTITUTION_1_WIN, make_session

#: a square position where c1-f1 lets three more cards drop by themselves (each in a
#: foundation's downward half): 10 + (10 + 5) + (10 + 10) + (10 + 15) points as a streak
SQUARE_CHAIN = ["c1-f1", "c1-f1", "c3-f3", "c2-f3"]
SQUARE_CHAIN_POINTS = 4 * FOUNDATION_POINTS + STREAK_STEP * (1 + 2 + 3)


def test_a_move_brings_its_automatic_drops_in_one_outcome(tmp_path: Path) -> None:
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game, auto_drop=True)
    outcome = session.play(game.parse_move("c1-f1"))
    assert [game.move_text(m) for m in game.moves_played] == SQUARE_CHAIN
    assert outcome.moved and outcome.result == IN_PROGRESS
    # the transfers to animate are every engine step's, in the order they were made
    assert list(outcome.transfers) == [t for step in game.history for t in step.transfers]
    assert [p.place for p in outcome.points] == [m.dst for m in game.moves_played]
    assert sum(p.total for p in outcome.points) == session.score.total == SQUARE_CHAIN_POINTS
    assert session.undo_steps == [4]


def test_without_the_option_nothing_drops_by_itself(tmp_path: Path) -> None:
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game, auto_drop=False)
    outcome = session.play(game.parse_move("c1-f1"))
    assert [game.move_text(m) for m in game.moves_played] == ["c1-f1"]
    assert len(outcome.points) == 1 and session.undo_steps == [1]


def test_undo_takes_back_the_move_with_its_drops_and_redo_plays_them_again(tmp_path: Path) -> None:
    game, _ = near_won_position("square")
    start = copy.deepcopy(game.piles)
    session = make_session(tmp_path, game, auto_drop=True)
    played = session.play(game.parse_move("c1-f1"))
    after = copy.deepcopy(game.piles)
    undone = session.undo()
    assert undone.moved and not game.history and game.piles == start
    # the same cards fly back, last first
    assert [(t.src, t.dst, t.card) for t in undone.transfers] == \
        [(t.dst, t.src, t.card) for t in reversed(played.transfers)]
    assert session.recorder.undos == 1, "one undo for the player, however many drops"
    assert session.redo_steps == [4] and session.undo_steps == []
    redone = session.redo()
    assert redone.moved and game.piles == after
    assert [game.move_text(m) for m in game.moves_played] == SQUARE_CHAIN
    assert session.undo_steps == [4] and session.redo_steps == []


def test_undo_never_drops_again(tmp_path: Path) -> None:
    game, _ = near_won_position("constitution-cadogan")
    session = make_session(tmp_path, game, auto_drop=True)
    drop = game.parse_move("r1c1-f1")
    assert game.why_illegal(drop) is None, "10C could drop; it waits for the player's move"
    session.play(game.parse_move("r4c1-r3c1"))
    assert game.moves_played == [game.parse_move("r4c1-r3c1"), drop]
    session.undo()
    assert not game.history and len(game.piles[0]) == 9
    assert game.why_illegal(drop) is None, "the drop could be made again, and was not"


def test_two_player_steps_undo_separately(tmp_path: Path) -> None:
    game, _ = near_won_position("union-square")
    session = make_session(tmp_path, game, auto_drop=True)
    session.play(game.parse_move("p1-f1"))  # with three drops
    session.play(game.parse_move("s-w"))  # with one drop
    assert session.undo_steps == [4, 2] and len(game.history) == 6
    session.undo()
    assert len(game.history) == 4
    session.undo()
    assert not game.history
    assert session.recorder.undos == 2


def test_a_new_move_forgets_what_could_be_redone(tmp_path: Path) -> None:
    game = new_game("union-square", "5")
    session = make_session(tmp_path, game)
    first, second = game.legal_moves()[:2]
    session.play(first)
    session.undo()
    assert session.redo_steps == [1]
    session.play(second)
    assert session.redo_steps == [] and session.redo().refused == "Nothing to redo"


def test_points_are_scored_at_the_time_of_play_and_taken_back_by_undo(tmp_path: Path) -> None:
    clock = FakeClock()
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game, auto_drop=True, clock=clock)
    session.play(game.parse_move("c1-f1"))
    assert session.score.total == SQUARE_CHAIN_POINTS
    clock.advance(30)
    undone = session.undo()
    (points,) = undone.points
    assert points.place is None
    assert [(e.points, e.label) for e in points.events] == [(-UNDO_PENALTY, "undo"),
                                                            (-SQUARE_CHAIN_POINTS, "taken back")]
    assert session.score.total == -UNDO_PENALTY
    # a redo earns the cards again as they were first scored: undo and redo never earn points
    redone = session.redo()
    assert sum(p.total for p in redone.points) == SQUARE_CHAIN_POINTS
    assert session.score.total == SQUARE_CHAIN_POINTS - UNDO_PENALTY


def test_a_streak_ends_when_cards_come_slowly(tmp_path: Path) -> None:
    clock = FakeClock()
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game, clock=clock)
    session.play(game.parse_move("c1-f1"))
    clock.advance(60)
    second = session.play(game.parse_move("c1-f1"))
    assert [p.total for p in second.points] == [FOUNDATION_POINTS]
    clock.advance(1)
    third = session.play(game.parse_move("c3-f3"))
    assert [p.total for p in third.points] == [FOUNDATION_POINTS + STREAK_STEP]


def test_each_hint_shown_is_counted_and_charged(tmp_path: Path) -> None:
    game = new_game("square", "9")
    session = make_session(tmp_path, game)
    first = session.next_hint()
    assert not first.refused and not first.moved
    assert session.hint is not None and session.hint_list and session.hint_index == 0
    (points,) = first.points
    assert points.place is None and points.total == -HINT_PENALTY
    assert session.recorder.hints == 1 and session.score.total == -HINT_PENALTY
    if len(session.hint_list) > 1:
        session.next_hint()
        assert session.hint_index == 1
        assert session.recorder.hints == 2 and session.score.total == -2 * HINT_PENALTY
    # a move puts the position's hints away
    session.play(session.hint.move)
    assert session.hint_list is None and session.hint is None
    charged = session.score.total
    session.next_hint()
    assert session.score.total == charged - HINT_PENALTY


def test_going_round_the_hints_again_costs_nothing_more(tmp_path: Path) -> None:
    """Each hint costs once in a position: past the last, the first and those after it
    come round again for free (each cost 25 points more, and counted as another hint)."""
    session = make_session(tmp_path, new_game("constitution", "1"))
    session.next_hint()
    assert session.hint_list is not None
    n = len(session.hint_list)
    assert n >= 2
    for _ in range(n - 1):
        session.next_hint()
    assert session.hint_index == n - 1
    assert session.recorder.hints == n and session.score.total == -n * HINT_PENALTY
    for i in range(2 * n):
        again = session.next_hint()
        assert session.hint_index == i % n and not again.points
    assert session.recorder.hints == n and session.score.total == -n * HINT_PENALTY
    # a new position's hints cost again
    session.play(session.hint.move)
    session.next_hint()
    assert session.recorder.hints == n + 1
    # back in the first position (an undo), its hints were seen: they cost nothing more
    charged = session.score.total
    session.undo()
    assert session.score.total == charged - UNDO_PENALTY
    for _ in range(n):
        assert not session.next_hint().points
    assert session.recorder.hints == n + 1 and session.score.total == charged - UNDO_PENALTY


def test_hints_turned_off_or_with_no_move_cost_nothing(tmp_path: Path) -> None:
    off = make_session(tmp_path, new_game("square", "9"), hints=False)
    outcome = off.next_hint()
    assert outcome.refused == "Hints are turned off in the options" and not outcome.points
    assert off.recorder.hints == 0 and off.score.total == 0
    lost = make_session(tmp_path, lost_position(new_game("square", "2")))
    outcome = lost.next_hint()
    assert outcome.refused == "No move to suggest"
    assert lost.recorder.hints == 0 and lost.score.total == 0


def test_a_demo_move_is_help_that_neither_costs_nor_earns_points(tmp_path: Path) -> None:
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game)
    assert not session.assisted
    outcome = session.play_demo_move(game.parse_move("c1-f1"))
    assert outcome.moved and game.piles[game.place_index("f1")]
    assert session.recorder.hints == 1, "the record counts it as help"
    assert session.assisted
    assert outcome.points == () and session.score.total == 0
    # Undoing it costs the undo, and takes back nothing the player earned.
    session.undo()
    assert session.score.total == -UNDO_PENALTY
    # A hint shown afterwards is charged once, the demo's move never.
    session.next_hint()
    assert session.score.total == -UNDO_PENALTY - HINT_PENALTY


def test_a_redone_demo_move_stays_unscored(tmp_path: Path) -> None:
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game, auto_drop=True)
    session.play_demo_move(game.parse_move("c1-f1"))  # the move and its three drops
    assert session.score.total == 0
    session.undo()
    redone = session.redo()
    assert redone.points == () and session.score.total == -UNDO_PENALTY, "undo and redo earn nothing"


def test_a_redo_scores_the_move_as_it_was_first_scored_not_at_the_time_of_the_redo(
        tmp_path: Path) -> None:
    """A slow single card, undone and redone straight after a quick one, would
    otherwise join its streak."""
    clock = FakeClock()
    game, _ = near_won_position("square")
    session = make_session(tmp_path, game, clock=clock)
    session.play(game.parse_move("c1-f1"))
    clock.advance(20)
    session.play(next(m for m in game.legal_moves() if m.dst in game.foundations))  # no streak
    before = session.score.total
    assert before == 2 * FOUNDATION_POINTS
    session.undo()
    session.undo()
    clock.advance(20)
    session.redo()
    clock.advance(1)
    session.redo()
    assert session.score.total == before - 2 * UNDO_PENALTY


def test_a_game_with_redos_scores_as_its_replay(tmp_path: Path) -> None:
    """The redone moves keep their first times in the record, so the replay scores them as
    the game did."""
    clock = FakeClock()
    game = new_game("constitution", "1")
    session = make_session(tmp_path, game, clock=clock)
    for text in CONSTITUTION_1_WIN[:150]:
        clock.advance(1.5)
        session.play(game.parse_move(text))
    for _ in range(40):
        session.undo()
    clock.advance(30)
    for _ in range(40):
        clock.advance(0.5)
        session.redo()
    assert score_replay(session.recorder.replay()) == session.score.total


@pytest.fixture(scope="module")
def farm_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("farm")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(demo_every=st.integers(1, 4), steps=st.lists(st.tuples(st.booleans(), st.floats(0, 6)),
                                                    max_size=60))
def test_undo_and_redo_over_demo_moves_never_raise_the_score(
        farm_data: Path, demo_every: int, steps: list[tuple[bool, float]]) -> None:
    """Whatever undos and redos follow a game where the demo played some of the moves, the
    score never rises above what it was before the first undo."""
    clock = FakeClock()
    game = new_game("constitution", "1")
    session = make_session(farm_data, game, clock=clock)
    for i, text in enumerate(CONSTITUTION_1_WIN[:120]):
        clock.advance(0.5)
        move = game.parse_move(text)
        session.play_demo_move(move) if i % demo_every == 0 else session.play(move)
    before = session.score.total
    undos = 0
    for undo, seconds in steps:
        clock.advance(seconds)
        undos += bool((session.undo() if undo else session.redo()).moved and undo)
        assert session.score.total <= before
    while session.redo().moved:
        assert session.score.total <= before
    assert session.score.total == before - UNDO_PENALTY * undos


def test_illegal_moves_are_refused_with_the_reason_and_change_nothing(tmp_path: Path) -> None:
    game = new_game("constitution", "77")
    session = make_session(tmp_path, game)
    legal = set(game.legal_moves())
    illegal = next(game.move_table[s][d] for s in game.tableau for d in game.tableau
                   if s != d and game.piles[s] and game.move_table[s][d] not in legal)
    piles = copy.deepcopy(game.piles)
    outcome = session.try_move(illegal.src, illegal.dst)
    assert outcome.refused == game.why_illegal(illegal) and not outcome.moved
    assert game.piles == piles and not game.history
    assert session.undo().refused == "Nothing to undo"
    assert session.redo().refused == "Nothing to redo"
    assert session.turn_stock().refused == "The stock fills Row 4 by itself; it is never turned"


def test_a_card_aimed_at_the_wrong_twin_foundation_goes_to_the_right_one(tmp_path: Path) -> None:
    game, _ = near_won_position("constitution")
    session = make_session(tmp_path, game)
    src = game.place_index("r1c1")
    right = next(m.dst for m in session.moves_from(src) if m.dst in game.foundations)
    wrong = next(f for f in game.foundations if f != right
                 and game.foundation_suit(f) == game.foundation_suit(right))
    assert game.why_illegal(game.move_table[src][wrong]) is not None
    assert session.move_between(src, wrong).dst == right
    outcome = session.try_move(src, wrong)
    assert outcome.moved and game.moves_played == [game.move_table[src][right]]


def test_a_card_aimed_at_another_suits_foundation_is_refused(tmp_path: Path) -> None:
    # it went home all the same (found by hostile review 22): 2 of hearts let go on a
    # clubs foundation played it to hearts'
    game, _ = near_won_position("constitution")
    session = make_session(tmp_path, game)
    src = game.place_index("r1c1")
    right = next(m.dst for m in session.moves_from(src) if m.dst in game.foundations)
    other = next(f for f in game.foundations if game.foundation_suit(f) != game.foundation_suit(right))
    assert session.move_between(src, other).dst == other
    outcome = session.try_move(src, other)
    assert outcome.refused and not outcome.moved and not game.history


def test_send_to_foundation_plays_the_foundation_move_or_says_none_takes_it(tmp_path: Path) -> None:
    game, _ = near_won_position("union-square")
    session = make_session(tmp_path, game)
    p1, p4 = game.place_index("p1"), game.place_index("p4")
    assert session.send_to_foundation(p1).moved
    assert game.moves_played == [game.parse_move("p1-f1")]
    empty = session.send_to_foundation(p4)
    assert not empty.moved and not empty.refused, "an empty pile: nothing to say"
    session.try_move(game.place_index("p2"), p4)  # AH alone on p4, its foundation not ready
    refused = session.send_to_foundation(p4)
    assert refused.refused == "No foundation takes A♥ now" and not refused.moved


def test_send_to_foundation_gives_the_one_reason_every_foundation_gives(tmp_path: Path) -> None:
    """In Constitution a Row 2 card never goes home: "No foundation takes 2♦ now" said
    nothing of why, where a 2♦'s foundation stood ready for it."""
    game = new_game("constitution", "1")
    session = make_session(tmp_path, game)
    refused = session.send_to_foundation(game.place_index("r2c7"))
    assert refused.refused == "Only the top cards of Row 1 go to the foundations" and not game.history


def test_the_stock_turns_when_the_rules_allow(tmp_path: Path) -> None:
    game = new_game("square", "2026")
    session = make_session(tmp_path, game)
    outcome = session.turn_stock()
    assert outcome.moved and game.moves_played == [game.parse_move("s-w")]


def test_the_last_move_says_the_game_is_won(tmp_path: Path) -> None:
    game, moves = near_won_position("union-square")
    session = make_session(tmp_path, game)
    outcomes = [session.play(game.parse_move(m)) for m in moves]
    assert [o.result for o in outcomes] == [IN_PROGRESS] * (len(moves) - 1) + [WON]
    assert session.result == WON and session.over and not session.in_progress


def test_a_double_click_while_a_fill_is_owed_fills_with_a_card_that_may_or_says_why_not(
        tmp_path: Path) -> None:
    """While a space must be filled, a double-click (``send_to_foundation``) on a card that
    may fill it fills it; on any other card it gives the reason a drag would, never "No
    foundation takes 2♣ now" for a card a foundation would take but for the owed fill."""
    game = new_game("constitution", "12345678901234567890")
    game.play_text("r2c2-r1c8")
    session = make_session(tmp_path, game, auto_drop=False)
    owed = game.owed_space()
    assert owed is not None
    row1 = [p for p in range(len(game.piles)) if game.place_name(p).startswith("r1c") and game.piles[p]]
    assert "r1c1" in [game.place_name(p) for p in row1]
    for place in row1:
        refused = session.send_to_foundation(place)
        assert not refused.moved
        assert refused.refused == "The space in Row 2, pile 2 must be filled first, with a card from Row 3"
    assert game.owed_space() == owed and len(game.history) == 1
    source = game.fill_sources()[0]
    card = game.piles[source][-1]
    filled = session.send_to_foundation(source)
    assert filled.moved and not filled.refused
    assert game.piles[owed][-1] == card and game.owed_space() != owed
    assert game.move_text(game.moves_played[-1]) == f"{game.place_name(source)}-{game.place_name(owed)}"


def test_finish_plays_every_card_home_as_one_step_when_nothing_else_is_needed(tmp_path: Path) -> None:
    """Once the stock is gone and every card left can go home in turn, "finish" plays them
    all (a player's single step: one undo takes it back); before that it is refused."""
    game, _ = near_won_position("union-square")
    session = make_session(tmp_path, game, auto_drop=False)
    assert game.piles[game.stock] and session.finish_line() == []
    refused = session.finish()
    assert not refused.moved and refused.refused == "Not every card can go home yet"
    session.play(game.parse_move("s-w"))
    before = copy.deepcopy(game.piles)
    line = session.finish_line()
    assert line and all(m.dst in game.foundations for m in line)
    assert session.finish_line() == line  # worked out once per position
    score = session.score.total
    finished = session.finish()
    assert finished.moved and game.is_won() and finished.result == WON
    assert game.moves_played[-len(line):] == line
    earned = session.score.total - score
    assert earned == sum(p.total for p in finished.points) >= len(line) * FOUNDATION_POINTS
    session.undo()
    assert game.piles == before and not game.is_won()


def _home_alone_wins(game: Game) -> bool:
    """Whether foundation moves alone, in any order the game offers, win it."""
    trial = game.clone()
    while (home := next((m for m in trial.legal_moves() if m.dst in trial.foundations), None)):
        trial.play(home)
    return trial.is_won()


def test_there_is_no_finish_while_a_card_needs_a_build_first(tmp_path: Path) -> None:
    game, _ = near_won_position("union-square")
    game.play_text("s-w")
    # a build that buries a card the foundations need under another: only a build undoes it
    blocked = None
    for move in game.legal_moves():
        if move.dst not in game.foundations:
            trial = game.clone()
            trial.play(move)
            if not _home_alone_wins(trial):
                blocked = trial
                break
    assert blocked is not None and not blocked.piles[blocked.stock]
    assert any(m.dst in blocked.foundations for m in blocked.legal_moves()), "some cards can go home"
    session = make_session(tmp_path, blocked, auto_drop=False)
    assert session.finish_line() == [] and not session.finish().moved


@pytest.mark.parametrize("rules", ["constitution", "constitution-cadogan", "square", "union-square"])
def test_send_to_foundation_on_the_stock_never_names_its_face_down_card(tmp_path: Path, rules: str) -> None:
    """A right-click or double-click on the stock once said "No foundation takes 7♦ now",
    naming the hidden card. Square 17's and Union Square 47's stock tops are aces."""
    for number in ("7", "17", "47"):
        game = new_game(rules, number)
        session = make_session(tmp_path / number, game)
        top = game.piles[game.stock][-1]
        outcome = session.send_to_foundation(game.stock)
        assert not outcome.moved and not game.history
        assert outcome.refused, "the player is told why nothing happened"
        assert card_pretty(top) not in outcome.refused and "foundation" in outcome.refused
