"""Where did I go wrong? The analysis of a lost line of every rule set, checked
independently: the winning line it gives replays to a win from its last winnable position,
and the position after the losing move is proved lost by a plain exhaustive search written
here (no forced moves, no pruning); a deal never winnable; an honest range when the budget
runs out; the background job's progress and cancel."""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from game.engine import new_game
from game.engine.cards import card_pretty
from game.engine.state import Game
from game.records.replay import LOST, Replay
from game.search.analyse import (
    FOUND,
    NEVER,
    STILL_WINNABLE,
    UNDECIDED,
    VERDICTS,
    WON_GAME,
    Analyser,
    Analysis,
    AnalysisJob,
    Budget,
    _analyse_in_process,
    analyse,
    without_loops,
)
from game.search.solver import LOST as SOLVER_LOST
from game.search.solver import WON, solve
from game.session.positions import lost_position
from tests.search.lost_lines import LOST_LINES, LostLine, lost_replay

#: a budget that time never binds, so every analysis here is the same on every machine
NODES = 200_000
BUDGET = Budget(seconds=1e6, nodes=NODES)
#: notation a player should never read: places like r2c4, f5, s-w, and moves like r1c2-f5
NOTATION = re.compile(r"\br\d+c\d+\b|\bf\d+\b|\bs-w\b|\b[a-z]\d*-[a-z]\d*\b")


def position(replay: Replay, step: int) -> Game:
    """The position after the replay's first ``step`` moves, played here from the deal."""
    game = new_game(replay.rules, replay.game)
    for text in replay.move_texts[:step]:
        game.play_text(text)
    return game


def plainly_lost(game: Game, cap: int = 100_000) -> bool | None:
    """An exhaustive search of every position reachable from ``game``, with nothing but
    the engine's legal moves: True when none is won, False when one is, None when more
    than ``cap`` positions are reachable."""
    game = game.clone()
    if game.is_won():
        return False
    seen = {game.key()}
    stack = [iter(sorted(game.legal_moves()))]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        game.play(move)
        if game.is_won():
            return False
        if game.key() in seen:
            game.undo()
            continue
        seen.add(game.key())
        if len(seen) > cap:
            return None
        stack.append(iter(sorted(game.legal_moves())))
    return True


_replays: dict[str, Replay] = {}


def replay_of(rules: str) -> Replay:
    """The lost replay of ``rules`` (made once per test run)."""
    if rules not in _replays:
        _replays[rules] = lost_replay(LOST_LINES[rules])
    return _replays[rules]


@pytest.mark.parametrize("rules", [r for r in LOST_LINES if r != "square"])
def test_the_losing_move_of_a_lost_line_is_found_and_checked_independently(rules: str) -> None:
    replay = replay_of(rules)
    assert replay.result == LOST
    analysis = analyse(replay.opening(), replay.move_texts, BUDGET)
    assert analysis.verdict == FOUND, analysis.sentence()
    k = analysis.last_winnable
    assert k is not None and analysis.first_lost == k + 1 and analysis.losing_move == k + 1
    # from position k, the winning line replays to a win
    won = position(replay, k)
    for text in analysis.line:
        won.play_text(text)
    assert won.is_won()
    # the player's move k + 1 is not the line's first move, and after it nothing wins
    assert analysis.line[0] != replay.move_texts[k]
    assert plainly_lost(position(replay, k + 1)) is True
    # every check the analysis trusted agrees with the boundary
    for check in analysis.checks:
        assert check.status == ("won" if check.step <= k else "lost") or check.status == "unknown"


@pytest.mark.parametrize("rules", [r for r in LOST_LINES if r != "square"])
def test_the_verdict_is_told_in_a_players_words(rules: str) -> None:
    replay = replay_of(rules)
    analysis = analyse(replay.opening(), replay.move_texts, BUDGET)
    k = analysis.last_winnable
    assert k is not None
    before = position(replay, k)
    move = before.parse_move(replay.move_texts[k])
    card = card_pretty(before.piles[move.src][-1])
    # where the card comes from too: two packs hold two of each card
    words = f"{card} from {before.profile.place_words(move.src)} to {before.profile.place_words(move.dst)}"
    where = "from the deal" if k == 0 else f"after move {k}"
    line_words = analysis.line_words()
    assert analysis.line and line_words[0] != words, "the line plays another move than the one that lost"
    assert analysis.sentence() == (f"Your move {k + 1} ({words}) was the last one that mattered: "
                                   f"played in its place, {line_words[0]} wins, with a line of "
                                   f"{len(analysis.line)} moves {where}.")
    assert len(line_words) == len(analysis.line)
    for text in (analysis.sentence(), *line_words):
        assert not NOTATION.search(text), text
    assert " to " in line_words[0]


def test_an_english_square_deal_never_winnable_is_said_so() -> None:
    replay = replay_of("square")
    assert replay.result == LOST and len(replay.moves) > 20
    analysis = analyse(replay.opening(), replay.move_texts, BUDGET)
    assert analysis.verdict == NEVER
    assert analysis.last_winnable is None and analysis.first_lost == 0 and analysis.losing_move is None
    assert "No play could have won this deal" in analysis.sentence()
    assert analysis.line == () and analysis.line_words() == []
    # the layered proof alone, a search the analysis's depth-first check does not use, agrees
    assert solve(replay.opening(), max_nodes=NODES, max_seconds=1e6, plan=("layers",)).status == SOLVER_LOST


def test_a_won_line_and_a_line_that_can_still_be_won() -> None:
    deal = new_game("constitution", 1)
    result = solve(deal, max_nodes=NODES, max_seconds=1e6)
    assert result.status == WON
    won = analyse(deal, result.moves, BUDGET)
    assert won.verdict == WON_GAME and won.checks == () and "won" in won.sentence()
    half = result.moves[: len(result.moves) // 2]
    open_line = analyse(deal, half, BUDGET)
    assert open_line.verdict == STILL_WINNABLE and open_line.last_winnable == len(half)
    end = deal.clone()
    end.play_all([*half, *open_line.line])
    assert end.is_won()
    assert "can still be won" in open_line.sentence()


def test_a_budget_too_small_reports_a_range_never_a_guess() -> None:
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    analysis = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=3_000))
    assert analysis.verdict == UNDECIDED and not analysis.exact and analysis.losing_move is None
    assert analysis.nodes <= 3_000
    lo, hi = analysis.last_winnable, analysis.first_lost
    assert hi is not None and (lo is None or lo + 1 < hi)
    # whatever it says it knows is true: the end is lost, and a winnable position's line wins
    assert plainly_lost(position(replay, hi)) is True
    if lo is not None:
        game = position(replay, lo)
        game.play_all(analysis.line)
        assert game.is_won()
        assert f"One of your moves {lo + 1} to {hi} lost the game" in analysis.sentence()
    else:
        assert "not decided" in analysis.sentence()
    assert not NOTATION.search(analysis.sentence())


def test_the_analysis_is_the_same_on_every_run_with_a_node_budget() -> None:
    replay = replay_of("constitution")
    first = analyse(replay.opening(), replay.move_texts, BUDGET)
    again = analyse(replay.opening(), replay.move_texts, BUDGET)
    assert first == again
    assert first.to_json()["verdict"] == first.verdict in VERDICTS


def test_bad_lines_are_refused() -> None:
    deal = new_game("constitution", 1)
    with pytest.raises(ValueError):
        analyse(deal, ["r1c1-r1c1"], BUDGET)
    with pytest.raises(ValueError):
        analyse(deal.player_view(), [], BUDGET)
    with pytest.raises(ValueError, match="one of won, winnable, never, found, undecided"):
        dataclasses.replace(analyse(deal, [], BUDGET), verdict="maybe")
    with pytest.raises(ValueError):
        Budget(seconds=0)
    with pytest.raises(ValueError):
        Budget(nodes=0)


def test_a_job_gives_what_analyse_gives_with_progress_that_never_goes_down() -> None:
    replay = replay_of("union-square")
    expected = analyse(replay.opening(), replay.move_texts, BUDGET)
    job = AnalysisJob(replay.opening(), replay.move_texts, BUDGET)
    assert job.result() is None and not job.done
    job.start()
    seen: list[float] = []
    while not job.wait(0.005):
        seen.append(job.progress().fraction)
    seen.append(job.progress().fraction)
    assert seen == sorted(seen) and seen[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in seen)
    assert job.progress().words == "done"
    result = job.result()
    assert isinstance(result, Analysis)
    assert result == expected and not result.stopped


def test_a_job_is_cancelled_in_the_middle_of_a_search() -> None:
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    job = AnalysisJob(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=10 ** 9)).start()
    # a check is under way: each may search 1/8 of 10^9 positions, far more than its
    # process can in the moment before the cancel
    while job.progress().step is None:
        assert not job.done
        time.sleep(0.01)
    time.sleep(0.3)
    words = job.progress().words
    assert words == "checking the deal" or re.fullmatch(r"checking the position after move \d+", words)
    pid = job.pid
    assert pid is not None
    job.cancel()
    assert job.wait(10.0), "the job did not stop"
    with pytest.raises(ProcessLookupError):  # its process is gone, searches and all
        os.kill(pid, 0)
    result = job.result()
    assert result is not None and result.verdict == UNDECIDED and result.stopped
    assert "stopped" in result.sentence()
    assert job.progress().fraction == 1.0


def test_a_winning_line_that_comes_back_to_a_position_is_shortened() -> None:
    deal = new_game("constitution", 1)
    line = solve(deal, max_nodes=NODES, max_seconds=1e6).moves
    # the solver's line has no loop here; it has one move that a later one takes back
    base = without_loops(deal, line)
    assert len(base) == len(line) - 2
    # a move there and back, put into the line where the engine allows one
    game = deal.clone()
    for i, text in enumerate(line):
        for move in game.legal_moves():
            before = [list(p) for p in game.piles]
            game.play(move)
            back = [m for m in game.legal_moves() if m.src == move.dst and m.dst == move.src]
            for m in back:
                game.play(m)
                same = [list(p) for p in game.piles] == before
                game.undo()
                if same:
                    there, home = game.move_text(move), game.move_text(m)
                    game.undo()
                    wandering = [*line[:i], there, home, *line[i:]]
                    check = deal.clone()
                    check.play_all(wandering)
                    assert check.is_won()
                    assert without_loops(deal, wandering) == base
                    return
            game.undo()
        game.play_text(text)
    pytest.fail("no move there and back in the whole line")


def test_a_winning_line_loses_the_moves_it_takes_straight_back() -> None:
    """Union Square game 1's winning line (found by the solver once) moves 10♣ from pile
    6 to pile 14 and back again and again, turning the stock between, so no position
    repeats: the line shown to a player drops each such pair and still wins."""
    deal = new_game("union-square", 1)
    line = (Path(__file__).parent.parent / "data" / "wins" / "union-square-1.txt").read_text().split()

    def returns(texts: Sequence[str]) -> int:
        moves = [tuple(text.split("-")) for text in texts]
        count = 0
        for i, (src, dst) in enumerate(moves):
            later = next((m for m in moves[i + 1:] if {src, dst} & set(m)), None)
            count += later == (dst, src)
        return count

    assert returns(line) > 20
    shown = without_loops(deal, line)
    assert returns(shown) == 0 and len(shown) < len(line) - 40
    end = deal.clone()
    end.play_all(list(shown))
    assert end.is_won()


def test_a_job_whose_process_dies_says_so() -> None:
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    job = AnalysisJob(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=10 ** 9)).start()
    while job.progress().step is None:
        time.sleep(0.01)
    assert job.pid is not None
    os.kill(job.pid, signal.SIGKILL)
    assert job.wait(10.0)
    with pytest.raises(RuntimeError, match="ended without an answer"):
        job.result()


def test_a_line_that_ends_won_needs_no_process() -> None:
    deal = new_game("union-square", 1)
    line = solve(deal, max_nodes=NODES, max_seconds=1e6).moves
    job = AnalysisJob(deal, line, BUDGET).start()
    assert job.done and job.pid is None
    result = job.result()
    assert result is not None and result.verdict == WON_GAME


def test_a_line_lost_long_before_its_end_still_gets_a_winnable_position() -> None:
    # A random player's long Union Square game: its late positions are too large to be
    # proved lost within a check, so steps back from the end stay undecided; the deal,
    # checked as soon as one does, is won, and the halving from there finds positions
    # that still win (a range, not "not decided").
    lost = lost_position(new_game("union-square", 1))
    moves = [lost.move_text(step.move) for step in lost.history]
    assert lost.is_lost() and len(moves) > 300
    analysis = analyse(new_game("union-square", 1), moves, Budget(seconds=1e6, nodes=40_000))
    assert analysis.checks[0].step == len(moves) and analysis.checks[1].status == "unknown"
    assert analysis.checks[2].step == 0 and analysis.checks[2].status == WON
    k = analysis.last_winnable
    assert k is not None and k > 0
    game = new_game("union-square", 1)
    game.play_all([*moves[:k], *analysis.line])
    assert game.is_won()
    assert analysis.verdict in (FOUND, UNDECIDED) and "not decided" not in analysis.sentence()


def test_a_jobs_time_counts_from_when_it_was_asked_for() -> None:
    # the job's process may start long after the player asked (a busy machine takes seconds
    # to start an interpreter): its budget is what is left, not a fresh one
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    sent: list[tuple[object, ...]] = []

    class Pipe:
        def send(self, message: tuple[object, ...]) -> None:
            sent.append(message)

        def close(self) -> None:
            sent.append(("closed",))

    layout = replay.opening().to_layout()
    began = time.perf_counter()
    _analyse_in_process(Pipe(), layout, tuple(replay.move_texts), 20.0, None, time.time() - 19.5)
    assert time.perf_counter() - began < 5.0  # half a second was left of the twenty
    assert sent[-2][0] == "done" and sent[-1] == ("closed",)
    # and with the whole budget still there, the same process searches its share of it
    sent.clear()
    _analyse_in_process(Pipe(), layout, tuple(replay.move_texts), 20.0, 3_000, time.time())
    assert sent[-2][0] == "done"
    snapshot = sent[-2][1]
    assert isinstance(snapshot, tuple)
    assert 0 < snapshot[4] <= 3_000  # the positions searched


def _spells(replay: Replay, budgets: list[Budget]) -> list[Analysis]:
    """The analysis of ``replay`` after each spell of ``budgets`` (the first one, then
    :meth:`Analyser.more` with the next), in this thread."""
    analyser = Analyser(replay.opening(), replay.move_texts, budgets[0])
    results = []
    for n, budget in enumerate(budgets):
        if n:
            analyser.more(budget)
        for _ in analyser.steps():
            pass
        results.append(analyser.result())
    return results


def test_looking_longer_goes_on_from_what_was_found() -> None:
    # a Lady Cadogan line lost early: its late positions are large, and a small budget
    # leaves it undecided
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    budgets = [Budget(seconds=1e6, nodes=3_000), Budget(seconds=1e6, nodes=6_000),
               Budget(seconds=1e6, nodes=12_000)]
    first, second, third = _spells(replay, budgets)
    assert first.verdict == UNDECIDED and first.first_lost is not None
    for before, after, budget in ((first, second, budgets[1]), (second, third, budgets[2])):
        # everything found before is kept: its checks, and the boundary only narrows
        assert after.checks[: len(before.checks)] == before.checks
        assert after.nodes - before.nodes <= (budget.nodes or 0)
        assert after.first_lost is not None and after.first_lost <= before.first_lost  # type: ignore[operator]
        if before.last_winnable is not None:
            assert after.last_winnable is not None and after.last_winnable >= before.last_winnable
    assert second.nodes > first.nodes and third.nodes > second.nodes
    # the later spell asks again only where it can search further than before
    for later in (second, third):
        asked: dict[int, int] = {}
        for check in later.checks:
            if check.step in asked:
                assert check.status != "unknown" or check.nodes > asked[check.step]
            if check.status == "unknown":
                asked[check.step] = max(asked.get(check.step, 0), check.nodes)
    # what it says it knows is true: the first lost position is proved lost independently
    assert third.first_lost is not None and plainly_lost(position(replay, third.first_lost)) is True
    # a finished analysis has nothing more to do
    found = replay_of("constitution")
    done = Analyser(found.opening(), found.move_texts, BUDGET)
    for _ in done.steps():
        pass
    decided = done.result()
    done.more(Budget(seconds=1e6, nodes=1_000))
    assert decided.verdict == FOUND
    assert list(done.steps()) == [] and done.result() == decided


def test_a_longer_job_gives_what_looking_longer_gives_in_this_thread() -> None:
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    budgets = [Budget(seconds=1e6, nodes=3_000), Budget(seconds=1e6, nodes=6_000)]
    expected = _spells(replay, budgets)
    job = AnalysisJob(replay.opening(), replay.move_texts, budgets[0]).start()
    assert job.wait(120)
    with pytest.raises(RuntimeError):
        AnalysisJob(replay.opening(), replay.move_texts, budgets[0]).longer(budgets[1])  # not done yet
    assert job.result() == expected[0]
    longer = job.longer(budgets[1])
    assert not longer.done and longer.result() is None
    # its progress starts from what is decided, not from nothing, and never goes down
    assert longer.progress().fraction > 0
    longer.start()
    seen = [longer.progress().fraction]
    # the bar counts this spell's positions against this spell's budget, not the first's too
    assert seen[0] < 0.5
    while not longer.wait(0.005):
        seen.append(longer.progress().fraction)
    seen.append(longer.progress().fraction)
    assert seen == sorted(seen) and seen[-1] == 1.0
    assert longer.result() == expected[1]


def test_a_check_that_searched_nothing_is_not_recorded() -> None:
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    analysis = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e-3))
    end = len(replay.move_texts)
    # the end, with no legal move, is lost without a search; every other check searched
    assert all(c.nodes > 0 for c in analysis.checks if c.step != end)
    assert analysis.nodes == sum(c.nodes for c in analysis.checks)


def test_an_end_lost_for_want_of_moves_is_not_all_it_says() -> None:
    replay = lost_replay(LostLine("constitution-cadogan", 1, seed=0))
    end = len(replay.move_texts)
    nothing = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e-6))
    assert nothing.first_lost == end and nothing.last_winnable is None
    assert nothing.sentence() == (f"No legal move was left after your move {end}; whether it could have "
                                  "been won before that was not decided: no position before it was "
                                  "searched (the budget ran out).")
    little = analyse(replay.opening(), replay.move_texts, Budget(seconds=1e6, nodes=3_000))
    assert little.first_lost is not None and little.first_lost < end and little.last_winnable is None
    searched = {c.step for c in little.checks if c.status == "unknown"}
    assert 0 in searched and len(searched) > 1
    later = len(searched) - 1
    assert little.sentence() == (
        f"The game was already lost after move {little.first_lost}; whether it could have been won "
        f"before that was not decided: a search of {little.nodes:,} positions, from the deal and {later} "
        f"later points of your game, found no win and proved none lost (the budget ran out).")
