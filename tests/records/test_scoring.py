"""Arcade scoring: the arithmetic of a scripted game, stars against par, and a replay's score."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine import new_game
from game.records.recorder import Recorder
from game.records.replay import load_replay
from game.records.scoring import (
    FOUNDATION_POINTS,
    HINT_PENALTY,
    MAX_SCORE,
    UNDO_PENALTY,
    Score,
    ScoreEvent,
    score_replay,
    stars,
    time_bonus,
)
from tests.records.helpers import DATA, STARTED, FakeClock


def test_a_scripted_game_adds_up() -> None:
    score = Score()
    # one card at 2 s: 10 points, no streak yet
    assert score.foundation(1, 2.0) == [ScoreEvent(10, "foundation")]
    # a second card 3 s later continues the streak: 10 + 5
    assert score.foundation(1, 5.0) == [ScoreEvent(10, "foundation"), ScoreEvent(5, "streak x2")]
    # a move that sends two cards at 7 s: 20 + (10 + 15) as the 3rd and 4th of the streak
    assert score.foundation(2, 7.0) == [ScoreEvent(20, "foundation"), ScoreEvent(25, "streak x4")]
    # 20 s later the streak is over
    assert score.foundation(1, 27.0) == [ScoreEvent(10, "foundation")]
    assert score.hint() == [ScoreEvent(-HINT_PENALTY, "hint")]
    assert score.undo() == [ScoreEvent(-UNDO_PENALTY, "undo")]
    assert score.total == 10 + 15 + 45 + 10 - 25 - 15
    # a win after 400 s earns 200000 // 400 = 500
    assert score.win(400.0) == [ScoreEvent(500, "time bonus")]
    assert score.win(400.0) == []
    assert score.total == 40 + 500


def test_the_streak_bonus_is_capped() -> None:
    score = Score()
    score.foundation(15, 1.0)
    # cards 2 to 11 earn 5, 10 … 50 (275 in all), cards 12 to 15 earn 50 each
    assert score.total == 15 * FOUNDATION_POINTS + 275 + 4 * 50


def test_undo_takes_back_what_the_move_earned_and_redo_cannot_farm_points() -> None:
    score = Score()
    score.foundation(1, 1.0)
    score.foundation(1, 2.0)  # 10 + 5
    before = score.total
    events = score.undo(cards_back=1)
    assert events == [ScoreEvent(-UNDO_PENALTY, "undo"), ScoreEvent(-15, "taken back")]
    assert score.total == before - 15 - UNDO_PENALTY
    # the redo at the same time earns exactly the same again: the undo only cost its penalty
    score.foundation(1, 2.0)
    assert score.total == before - UNDO_PENALTY
    for _ in range(5):
        score.undo(cards_back=1)
        score.foundation(1, 2.0)
    assert score.total == before - 6 * UNDO_PENALTY


def test_undoing_the_winning_move_takes_its_time_bonus_back() -> None:
    score = Score()
    score.foundation(1, 100.0)
    before = score.total
    score.foundation(1, 200.0)  # the winning move
    assert score.win(200.0) == [ScoreEvent(1000, "time bonus")]
    assert score.bonus == 1000
    events = score.undo(cards_back=1)
    assert events == [ScoreEvent(-UNDO_PENALTY, "undo"), ScoreEvent(-1000, "time bonus taken back"),
                      ScoreEvent(-10, "taken back")]
    assert score.total == before - UNDO_PENALTY and not score.won and score.bonus == 0
    # the redo earns the move's points again; the new win its own time's bonus, once
    assert score.redo() == [ScoreEvent(10, "redone")]
    assert score.win(400.0) == [ScoreEvent(500, "time bonus")]
    assert score.win(400.0) == []
    assert score.total == before - UNDO_PENALTY + 10 + 500


def test_a_won_score_keeps_its_time_bonus_in_json() -> None:
    score = Score()
    score.foundation(1, 1.0)
    score.win(400.0)
    again = Score.from_json(score.to_json())
    assert again.bonus == 500 and again.to_json() == score.to_json()
    assert again.undo(1) == score.undo(1)
    assert "bonus" not in score.to_json(), "a score not won has no time bonus to keep"
    with pytest.raises(ValueError, match="time bonus"):
        Score.from_json({"total": 500, "bonus": 500})


def test_the_score_survives_json() -> None:
    score = Score()
    score.foundation(2, 3.0)
    score.hint()
    again = Score.from_json(score.to_json())
    assert again.to_json() == score.to_json()
    assert again.foundation(1, 4.0) == score.foundation(1, 4.0)
    assert again.undo(1) == score.undo(1)


@pytest.mark.parametrize("raw", [None, [], {"total": "9"}, {"total": 1, "bogus": 2},
                                 {"earned": [[1, 2]]}, {"won": 1}, {"last": -1.0}])
def test_a_bad_score_object_is_refused(raw: object) -> None:
    with pytest.raises(ValueError):
        Score.from_json(raw)


def test_time_bonus_counts_at_least_a_minute() -> None:
    assert time_bonus(10.0) == time_bonus(60.0) == 200_000 // 60
    assert time_bonus(600.0) == 333


@pytest.mark.parametrize(("moves", "seconds", "hints", "undos", "expected"), [
    (300, 700.0, 0, 0, 3),   # within par on both, clean
    (300, 700.0, 1, 0, 2),   # a hint costs the third star
    (300, 700.0, 0, 2, 2),   # so does an undo
    (301, 700.0, 0, 0, 2),   # over par on moves, within on time
    (300, 701.0, 0, 0, 2),   # within on moves, over on time
    (301, 701.0, 0, 0, 1),   # over on both: still a win
])
def test_stars_against_par(moves: int, seconds: float, hints: int, undos: int, expected: int) -> None:
    assert stars(moves, seconds, 300, 700, hints=hints, undos=undos) == expected


def test_a_live_score_equals_the_score_of_its_replay() -> None:
    """The table feeds Score from the engine's transfers; score_replay recomputes it."""
    won = load_replay(DATA / "constitution-1-won.replay")
    clock = FakeClock()
    game = new_game(won.rules, won.game)
    recorder = Recorder(game, clock=clock, started=STARTED)
    score = Score()
    foundations = set(game.foundations)
    for i, move in enumerate(won.moves):
        clock.advance(0.7 if i % 3 else 2.9)
        if i == 10:
            recorder.note_hint()
            score.hint()
        transfers = recorder.play(game.parse_move(move.text))
        score.foundation(sum(t.dst in foundations for t in transfers), recorder.elapsed)
        if i == 20:  # take a foundation move back and play it again
            undone = recorder.undo()
            score.undo(sum(t.src in foundations for t in undone))
            redone = recorder.redo()
            score.foundation(sum(t.dst in foundations for t in redone), recorder.elapsed)
    assert game.is_won()
    score.win(recorder.elapsed)
    replay = recorder.replay()
    assert replay.hints == 1 and replay.undos == 1
    assert score_replay(replay) == score.total
    assert score.total > 88 * FOUNDATION_POINTS - HINT_PENALTY - UNDO_PENALTY


def test_a_replay_that_is_not_won_gets_no_time_bonus() -> None:
    replay = load_replay(DATA / "constitution-1-won.replay")
    clock = FakeClock()
    recorder = Recorder(new_game(replay.rules, replay.game), clock=clock, started=STARTED)
    live = Score()
    foundations = set(recorder.game.foundations)
    for move in replay.moves[:30]:
        clock.advance(1.0)
        transfers = recorder.play(recorder.game.parse_move(move.text))
        live.foundation(sum(t.dst in foundations for t in transfers), recorder.elapsed)
    partial = recorder.replay()
    assert partial.result != "won"
    assert score_replay(partial) == live.total
    home = sum(len(recorder.game.piles[f]) for f in foundations) - 8  # the aces start there
    assert live.total >= home * FOUNDATION_POINTS


def test_a_replay_whose_times_were_made_up_earns_no_streak_bonus() -> None:
    """The analysis's winning line is paced a second a move, as if played; taken over,
    its streaks were scored as though the player had made them."""
    replay = load_replay(DATA / "constitution-1-won.replay")
    game = new_game(replay.rules, replay.game)
    foundations = set(game.foundations)
    home = 0
    for move in replay.moves[:30]:
        home += sum(1 for t in game.play_text(move.text) if t.dst in foundations and t.src not in foundations)
    partial = dataclasses.replace(replay, moves=tuple(m._replace(seconds=float(i))
                                                      for i, m in enumerate(replay.moves[:30], 1)),
                                  result="in progress", hints=0, undos=0)
    assert home >= 2
    assert score_replay(partial, timed=False) == home * FOUNDATION_POINTS
    assert score_replay(partial) > home * FOUNDATION_POINTS, "a second apart, the same moves make streaks"
    # and an undo takes back exactly what such a move earned
    score = Score()
    score.foundation(2, 1.0, streaks=False)
    score.foundation(1, 1.5, streaks=False)
    assert score.total == 3 * FOUNDATION_POINTS and score.streak == 0
    score.undo(1)
    assert score.total == 2 * FOUNDATION_POINTS - UNDO_PENALTY


# ----- the bounds of what a file holds ------------------------------------------------------


def test_a_total_stays_within_what_a_file_holds() -> None:
    score = Score()
    score.total = MAX_SCORE - 5
    score.foundation(2, 1.0)
    assert score.total == MAX_SCORE
    score.win(60.0)
    assert score.total == MAX_SCORE
    assert Score.from_json(score.to_json()).total == MAX_SCORE
    score.total = -MAX_SCORE + 10
    score.hint()
    score.undo()
    assert score.total == -MAX_SCORE
    assert Score.from_json(score.to_json()).total == -MAX_SCORE
    score.total = 10**12
    assert score.total == MAX_SCORE


@pytest.mark.parametrize("raw", [{"total": MAX_SCORE + 1}, {"total": -MAX_SCORE - 1}, {"total": 10**12 - 1},
                                 {"streak": MAX_SCORE + 1}, {"earned": [[1, MAX_SCORE + 1, 0, 1.0]]}])
def test_a_score_beyond_what_any_file_holds_is_refused(raw: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"is not a whole number from .* to 1,000,000"):
        Score.from_json(raw)
