"""The hint's reasons: every claim in them is checked against the position it describes,
and they are written in a player's words (cards as ``8♣``, places as ``Row 2, pile 4``,
``pile 11``, ``the waste``), never in move notation."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from game.engine import RULE_IDS, Game, new_game
from game.engine.cards import card_pretty, full_pack, parse_card
from game.engine.profile import Layout
from game.engine.state import Transfer
from game.search.hint import Hint, _safe_climb, hints, history_keys
from game.search.knowledge import PositionHash, foundation_wants
from game.search.solver import solve

from .layouts import rows_layout, square_layout

CARD = r"(?:10|[A2-9JQK])[♣♠♥♦]"
PLACE = r"Row \d, pile \d|pile \d+|column \d|the waste|the stock|foundation \d"


def _card(text: str) -> int:
    return next(c for c in full_pack(13) if card_pretty(c) == text)


def _place(game: Game, words: str) -> int:
    named = [i for i in range(len(game.piles)) if game.profile.place_words(i) == words]
    assert len(named) == 1, words
    return named[0]


def _foundation_ready(game: Game) -> dict[int, int]:
    """Card -> the place it lies on top of, for every card a foundation takes from there
    now; where a fill is owed, after the fills (each time the first choice)."""
    game = game.clone()
    while game.owed_space() is not None and game.legal_moves():
        game.play(game.legal_moves()[0])
    return {game.piles[m.src][-1]: m.src for m in game.legal_moves() if m.dst in game.foundations}


class _Claims:
    """Checks one hint's reason, claim by claim, against the full position ``game``."""

    def __init__(self, game: Game, hint: Hint, ranked: list[Hint] | None = None) -> None:
        self.game = game
        self.hint = hint
        self.ranked = [hint] if ranked is None else ranked
        self.before = game.clone()
        self.after = game.clone()
        self.transfers: list[Transfer] = self.after.play(hint.move)
        self.moving = self.before.piles[hint.move.src][-1]
        self.kinds: list[str] = []

    def check(self) -> str:
        """Every claim of the reason checked; the text left over (which must be only
        separators) is returned."""
        text = self.hint.reason
        for name, pattern, test in self.rules():
            for match in list(re.finditer(pattern, text)):
                assert test(*match.groups()), f"{name!r} is false in {self.hint.reason!r}"
                self.kinds.append(name)
            text = re.sub(pattern, "", text)
        return text

    def rules(self) -> list[tuple[str, str, Callable[..., bool]]]:
        g, b, a = self.game, self.before, self.after
        src, dst = self.hint.move
        ready_before, ready_after = _foundation_ready(b), _foundation_ready(a)
        autos = [t for t in self.transfers[1:] if t.auto]

        def plays(card: str) -> bool:
            return dst in g.foundations and self.moving == _card(card)

        def follow(first: str, second: str | None = None) -> bool:
            cards = [_card(c) for c in (first, second) if c]
            # on top of a place, taken by a foundation now, and not before this move
            return all(c in ready_after and c not in ready_before for c in cards)

        def frees(card: str) -> bool:
            return a.piles[src][-1:] == [_card(card)] and ready_after.get(_card(card)) == src

        def uncovers(card: str) -> bool:
            return a.piles[src][-1:] == [_card(card)] and _card(card) in foundation_wants(a)

        def then(card: str) -> bool:
            return _card(card) == self.moving and ready_after.get(self.moving) == dst

        def builds(card: str, onto: str) -> bool:
            return _card(card) == self.moving and b.piles[dst][-1:] == [_card(onto)]

        def into(card: str | None, place: str) -> bool:
            return (not b.piles[dst] and _place(g, place) == dst
                    and (card is None or _card(card) == self.moving))

        def space_opens(place: str) -> bool:
            # the place is empty right after the move (a fill the player owes comes next)
            return not a.piles[_place(g, place)] or any(t.dst == _place(g, place) for t in autos)

        def stock_fills(place: str) -> bool:
            return any(t.src == g.stock and t.dst == _place(g, place) for t in autos)

        def card_fills(card: str, source: str, place: str) -> bool:
            return any(t.card == _card(card) and t.src == _place(g, source) and t.dst == _place(g, place)
                       for t in autos)

        def direction(place: str, way: str) -> bool:
            index = _place(g, place)
            return a.direction(index) == (1 if way == "up" else -1) and not b.direction(index)

        def wins(_: str) -> bool:
            return a.is_won()

        def only_if(_: str) -> bool:
            # every legal move left moves a card that the move brought from the stock
            brought = {t.dst for t in self.transfers if t.src == g.stock}
            return bool(brought) and all(m.src in brought for m in a.legal_moves())

        def leads(_: str) -> bool:
            return a.is_won() or solve(a, max_nodes=200_000, max_seconds=60).status == "won"

        def dead(_: str) -> bool:
            return solve(a, max_nodes=200_000, max_seconds=60).status == "lost"

        def dead_end(_: str) -> bool:
            return not a.is_won()

        def nothing_else(_: str) -> bool:
            # every other move stays within the table and scores no more than a point
            # above the position now
            others = [h for h in self.ranked if h.move != self.hint.move]
            return ((src, dst) == (g.stock, g.waste) and bool(others)
                    and all(h.move.dst not in g.foundations and h.score <= 1.0 for h in others))

        def climb(_: str) -> bool:
            # the solver's safe climb (its argument: game.search.cadogan_proof) starts so
            return self.hint.safe and _safe_climb(b) == self.hint.move

        def no_change(_: str) -> bool:
            # the same position up to which of the interchangeable places holds which pile
            # (a lone card into an empty place; a card onto its twin's copy)
            return (sorted(map(tuple, a.piles)) == sorted(map(tuple, b.piles))
                    and PositionHash(a).key() == PositionHash(b).key())

        def back(_: str) -> bool:
            # the position after the move is one the game went through before this one
            return PositionHash(a.player_view()).key() in history_keys(g)

        return [
            ("plays", rf"^plays ({CARD}) to the foundation", plays),
            ("back", r"goes back to a position this game has been in()", back),
            ("changes nothing", r"which changes nothing: the same piles, only in other places()", no_change),
            ("always safe", r", (always safe)", lambda _: dst in g.foundations),
            ("can follow", rf"so ({CARD})(?: and ({CARD}))? can follow", follow),
            ("frees", rf"frees ({CARD}) for the foundation", frees),
            ("uncovers", rf"uncovers ({CARD}), which a foundation needs next", uncovers),
            ("then", rf"then ({CARD}) can go to the foundation", then),
            ("builds", rf"^builds ({CARD}) on ({CARD})", builds),
            ("fills", rf"^fills the space in ({PLACE}) with ({CARD}) from ({PLACE})",
             lambda p, c, source: into(c, p) and _place(g, source) == src),
            ("moves into", rf"^moves ({CARD}) into (?:the space in|the empty) ({PLACE})", into),
            ("deals", rf"^deals the next stock card into (?:the space in|the empty) ({PLACE})",
             lambda p: src == g.stock and into(None, p)),
            ("turns", r"^(turns) the next stock card onto the waste",
             lambda _: (src, dst) == (g.stock, g.waste)),
            ("now builds", rf"({PLACE}) now builds (up|down)", direction),
            ("must fill", rf"opens a space in ({PLACE}) that a card from (Row \d) must fill",
             lambda p, row: space_opens(p) and a.owed_space() == _place(g, p)
             and a.profile.short_place_words(a.fill_sources()[0]) == row),
            ("opens", rf"opens a space in ({PLACE})", space_opens),
            ("stock fills", rf"a stock card fills ({PLACE})", stock_fills),
            ("card fills", rf"({CARD}) from ({PLACE}) fills ({PLACE})", card_fills),
            ("stock turns", r"(the) next stock card turns onto the waste",
             lambda _: any((t.src, t.dst) == (g.stock, g.waste) for t in autos)),
            ("wins", r"wins the game()", wins),
            ("leads to a win", r"leads to a win()", leads),
            ("no way to win", r"leaves no way to win()", dead),
            ("no legal move", r"leaves no legal move()", lambda _: not a.legal_moves()),
            ("only if", r"the game goes on only if the card it brings can be played()", only_if),
            ("dead end", r"leads to a dead end unless the stock brings a card that helps()", dead_end),
            ("nothing else", r"no other move gains anything in sight()", nothing_else),
            ("climb", r"the first step of a climb home that is always safe()", climb),
        ]


def _check_all(game: Game, ranked: list[Hint]) -> list[str]:
    kinds: list[str] = []
    for hint in ranked:
        claims = _Claims(game, hint, ranked)
        left = claims.check()
        assert re.fullmatch(r"[, ]*", left), f"unchecked words {left!r} in {hint.reason!r}"
        kinds += claims.kinds
    return kinds


def _random_positions(rules: str, count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out = []
    number = 0
    while len(out) < count:
        number += 1
        game = new_game(rules, 300 + number)
        for _ in range(rng.randint(5, 90)):
            legal = game.legal_moves()
            # foundation moves more often than chance, so that positions get on
            drops = [m for m in legal if m.dst in game.foundations]
            if not legal:
                break
            game.play(rng.choice(drops) if drops and rng.random() < 0.7 else rng.choice(legal))
        if game.legal_moves():
            out.append(game)
    return out


NOTATION = re.compile(r"\b(?:r\d+c\d+|p\d+|c\d|f\d|s-w|w-\w+)\b")


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_claim_of_every_reason_holds_in_positions_of_real_deals(rules: str) -> None:
    kinds: list[str] = []
    for game in _random_positions(rules, 12, seed=7):
        ranked = hints(game, max_nodes=120, max_ms=None)
        assert all(not NOTATION.search(h.reason) for h in ranked), [h.reason for h in ranked]
        kinds += _check_all(game, ranked)
    # the positions reach the usual claims, so the check above checked something
    usual = {"builds"} | ({"turns"} if rules != "constitution" else {"fills"})
    assert usual <= set(kinds), sorted(set(kinds))


#: Union Square game 27 after these moves: 10♠ lies alone in pile 1, and seven piles
#: are empty
_LONE_CARDS = ("s-w p16-p1 p7-f2 p9-p16 p6-p7 p2-p9 p3-p2 p10-p14 p14-p6 p12-p3 p7-p12 p13-f1 "
               "p9-p10 p4-p7 p6-p4 p5-p6 p12-p9 p2-f2 p15-p5 s-w p11-p12 p10-p11 p12-p13 p3-p2 "
               "p13-p3 p16-p15 p7-p10 p15-f4 p14-p4 p1-p16")


def test_a_move_that_changes_nothing_ranks_last_and_says_so() -> None:
    """A pile's only card into an empty pile leaves the position as it was: it is no hint
    to give before any move that does something (it scored as high as the best, since
    the best move still follows it), and its twins (every lone card into every empty
    pile) are one hint, not fifty."""
    game = new_game("union-square", 27)
    for text in _LONE_CARDS.split():
        game.play_text(text)
    ranked = hints(game, max_ms=None)
    nothing = [h for h in ranked if "changes nothing" in h.reason]
    assert len(nothing) >= 20 and ranked[-len(nothing):] == nothing
    assert all(h.twin_of == nothing[0].move for h in nothing[1:])
    assert all(h.score < other.score for h in nothing for other in ranked[:-len(nothing)])
    assert nothing[0].reason.startswith(("moves ", "builds "))
    # the move that takes the last one back says why it ranks so low
    [undo] = [h for h in ranked if game.move_text(h.move) == "p16-p1"]
    assert undo.reason.endswith("goes back to a position this game has been in")
    _check_all(game, ranked)
    shown = hints(game, max_ms=None, twins=False)
    assert sum("changes nothing" in h.reason for h in shown) == 1 and shown[-1].reason == nothing[0].reason
    # the demo's hints search them as any other move, as its measured games did
    demo = hints(game, max_ms=None, avoid_repeats=True, safe_first=False, no_ops_last=False)
    assert not [h for h in demo if "changes nothing" in h.reason]
    assert {h.move for h in nothing} <= {h.move for h in demo}


def test_so_x_can_follow_never_names_a_card_already_home() -> None:
    # clubs at A and 3: 2♣ goes onto the Ace; the 3♣ on the other foundation is home,
    # and the 3♣ on Row 1 (under J♥) cannot follow
    rest = [rank + "C" for rank in ("4", "5", "6", "7", "8", "9", "10", "J")]
    game = rows_layout("constitution", {0: 1, 1: 3, 4: 9}, [["3C", "JH"], ["2C"], ["10H"], rest, rest])
    drop = next(h for h in hints(game) if game.move_text(h.move) == "r1c2-f1")
    assert "follow" not in drop.reason
    _check_all(game, [drop])
    # once 3♣ is on top of Row 1, it can follow
    game = rows_layout("constitution", {0: 1, 1: 3, 4: 9}, [["JH", "3C"], ["2C"], ["10H"], rest, rest])
    drop = next(h for h in hints(game) if game.move_text(h.move) == "r1c2-f1")
    assert f"so {card_pretty(parse_card('3C'))} can follow" in drop.reason
    _check_all(game, [drop])


def test_so_x_can_follow_never_names_a_card_of_rows_2_to_4() -> None:
    # 9♥ goes up; 10♥ lies in Row 2, where no foundation takes it
    rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    rows[0][0] = ["9H"]
    rows[1][0] = ["10H"]
    rows[1][1] = ["JH"]
    game = rows_layout("constitution", {4: 8, 5: 11}, [], extra={"tableau": rows})
    drop = next(h for h in hints(game) if game.move_text(h.move) == "r1c1-f5")
    assert "follow" not in drop.reason
    assert "opens a space in Row 1, pile 1 that a card from Row 2 must fill" in drop.reason
    _check_all(game, [drop])


def _cadogan(rows: dict[tuple[int, int], list[str]], heights: dict[int, int], waste: list[str],
             stock: list[str] | None = None) -> Game:
    tableau: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    for (row, col), pile in rows.items():
        tableau[row][col] = pile
    return rows_layout("constitution-cadogan", heights, [],
                       extra={"tableau": tableau, "waste": waste, "stock": stock or []})


def test_cadogan_never_says_frees_for_a_card_no_foundation_can_take_from_there() -> None:
    # 9♠ leaves Row 2 for Row 1's 10♥: the 5♥ under it is what hearts need, but only
    # Row 1 feeds the foundations, so it is "uncovered", not "freed"
    rest = ["JS", "10S", "JH", "9H", "8H", "7H", "6H", "10D"]
    game = _cadogan({(0, 0): ["JD", "10H"], (1, 0): ["5H", "9S"], (0, 1): ["JH"], (3, 7): rest},
                    {4: 4, 5: 10, 7: 9, 2: 8}, waste=[])
    build = next(h for h in hints(game) if game.move_text(h.move) == "r2c1-r1c1")
    assert "frees" not in build.reason
    assert f"uncovers {card_pretty(parse_card('5H'))}, which a foundation needs next" in build.reason
    _check_all(game, [build])


def test_cadogan_names_the_waste_card_that_fills_row_4() -> None:
    # 8♣ leaves Row 4 for Row 3's 9♥: the waste's 7♦ fills Row 4 at once, and a stock
    # card is turned onto the empty waste
    clubs_and_hearts = ["JC", "10C", "9C", "JH", "10H"]
    game = _cadogan({(2, 0): ["9H"], (3, 0): ["8C"], (0, 0): ["JH"], (0, 1): clubs_and_hearts},
                    {0: 7, 1: 11, 4: 8, 5: 10, 6: 6},
                    waste=["7D"], stock=["JD", "10D", "9D", "8D"])
    build = next(h for h in hints(game) if game.move_text(h.move) == "r4c1-r3c1")
    seven = card_pretty(parse_card("7D"))
    assert f"{seven} from the waste fills Row 4, pile 1" in build.reason
    assert "a stock card fills" not in build.reason
    assert "the next stock card turns onto the waste" in build.reason
    _check_all(game, [build])


def test_constitution_says_a_stock_card_fills_row_4() -> None:
    rows: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    rows[0][0] = ["JH", "10H"]
    rows[1][0] = ["9S"]
    rows[2][0] = ["9H"]
    rows[3][0] = ["8H"]
    game = rows_layout("constitution", {4: 7, 5: 11, 2: 8, 3: 11}, [],
                       extra={"tableau": rows, "stock": ["JS", "10S"]})
    game.play_text("r2c1-r1c1")  # a fill of Row 2 is owed now
    ranked = hints(game)
    fill = next(h for h in ranked if game.move_text(h.move) == "r3c1-r2c1")
    nine = card_pretty(parse_card("9H"))
    assert fill.reason.startswith(f"fills the space in Row 2, pile 1 with {nine}")
    assert "that a card from Row 4 must fill" in fill.reason
    game.play_text("r3c1-r2c1")
    fill = hints(game)[0]
    assert "a stock card fills Row 4, pile 1" in fill.reason
    _check_all(game, [fill])


def test_square_reasons_name_piles_and_columns_as_players_do() -> None:
    second = [rank + "C" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    run = ["KC", "QC", "JC", "10C", "9C", "8C"]
    game = square_layout("union-square", {0: 4}, [["5C", "6C"], ["7C"], run], stock=second)
    ranked = hints(game)
    into = [h for h in ranked if game.move_text(h.move) == "p1-p11"]
    six = card_pretty(parse_card("6C"))
    assert into and into[0].reason.startswith(f"moves {six} into the empty pile 11")
    assert all(not NOTATION.search(h.reason) for h in ranked)
    _check_all(game, ranked)
    column = square_layout("square", {0: 4}, [["5C", "6C"], ["7C"], run], stock=second)
    ranked = hints(column)
    assert all(not NOTATION.search(h.reason) for h in ranked)
    assert any("the empty column 4" in h.reason for h in ranked)
    _check_all(column, ranked)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_profile_names_spaces_in_the_rule_sets_words(rules: str) -> None:
    game = new_game(rules, 1)
    profile = game.profile
    first = game.tableau[0]
    expected = {Layout.ROWS: "the space in Row 1, pile 1", Layout.SQUARE_COLUMNS: "the empty column 1",
                Layout.UNION_GRID: "the empty pile 1"}[profile.layout]
    assert profile.space_words(first) == expected


def test_a_move_that_ends_the_game_lost_says_so() -> None:
    # the contested-copy shape: r1c1-f5 leaves no legal move
    from .layouts import contested_copy

    game = contested_copy("constitution-cadogan")
    ranked = hints(game, max_ms=None)
    bad = next(h for h in ranked if game.move_text(h.move) == "r1c1-f5")
    assert "leaves no legal move" in bad.reason
    kinds = _check_all(game, ranked)
    assert "no legal move" in kinds


#: Lady Cadogan 9, one card left in the stock: turning it is the only move, and the view
#: cannot know whether the card it brings (8♠, which goes on 9♥ in Row 4) can be played
CADOGAN_9_LAST_CARD = (
    "r4c8-r3c6 s-w r1c6-f1 r2c3-r1c6 r3c2-r2c3 r4c6-r3c2 r3c4-r2c2 r4c5-r3c4 r4c2-r3c7 s-w "
    "r4c2-r3c1 r2c2-r1c4 r4c7-r3c3 r4c1-r3c1 r4c7-r3c8 s-w r4c7-r3c7 s-w r4c7-r3c8 s-w "
    "r4c2-r3c3 r2c8-r1c4 r2c5-r1c4 r3c6-r2c8 r3c7-r2c5 r3c8-r2c4 s-w w-r4c5 r4c8-r3c8 w-r4c8 "
    "w-r4c7 s-w s-w w-r4c1 s-w s-w w-r4c3 " + "s-w " * 15 + "w-r4c6 " + "s-w " * 8
    + "w-r4c3 r4c3-r3c4 s-w s-w s-w s-w w-r4c8 r4c8-r3c7")


def test_turning_the_last_unseen_card_claims_no_dead_end() -> None:
    game = new_game("constitution-cadogan", 9)
    for text in CADOGAN_9_LAST_CARD.split():
        game.play_text(text)
    assert len(game.piles[game.stock]) == 1
    ranked = hints(game, max_ms=None)
    turn = next(h for h in ranked if game.move_text(h.move) == "s-w")
    assert "leaves no legal move" not in turn.reason
    assert "no way to win" not in turn.reason
    assert "the game goes on only if the card it brings can be played" in turn.reason
    # the view's reachability search does not take the unknown card for a dead one
    assert turn.score > -1000
    after = game.clone()
    after.play(turn.move)
    assert after.legal_moves(), "the card it brings can be played here"
    assert "only if" in _check_all(game, ranked)


def test_a_move_into_a_dead_corner_says_there_is_no_way_to_win() -> None:
    # the contested copy with J♣ free to wander up from Row 4: after r1c1-f5 the game
    # goes on for a few moves, but no line wins; r1c2-f5 still wins
    tableau: list[list[list[str]]] = [[[] for _ in range(8)] for _ in range(4)]
    tableau[0] = [["JH", "7H"], ["7H"], ["9H"], ["9H"], ["10H"], ["10H"], ["JH"], ["JD"]]
    tableau[1][:5] = [["5H"], ["6H"], ["8H"], ["8H"], ["10D"]]
    tableau[3][7] = ["JC"]
    game = rows_layout("constitution-cadogan", {4: 6, 5: 4, 7: 9, 0: 10}, [], extra={"tableau": tableau})
    ranked = hints(game, max_ms=None)
    reasons = {game.move_text(h.move): h.reason for h in ranked}
    assert game.move_text(ranked[0].move) == "r1c2-f5" and "leads to a win" in reasons["r1c2-f5"]
    assert game.move_text(ranked[-1].move) == "r1c1-f5"
    assert reasons["r1c1-f5"].endswith("leaves no way to win") and game.legal_moves()
    kinds = _check_all(game, ranked)
    assert {"no way to win", "leads to a win", "moves into", "opens"} <= set(kinds)


def _ten_of_hearts_climbs() -> Game:
    """Lady Cadogan: the hearts foundations at 9 and 9, every black 9 home; a 10♥ on a
    10♠ in Row 3, pile 1, Row 2 empty, J♠ alone in Row 1, pile 1; the other 10♥ alone in
    Row 4 (its climb would empty a Row 4 pile); two J♥ in Row 1."""
    return _cadogan({(0, 0): ["JS"], (0, 1): ["JH"], (0, 2): ["JH"], (2, 0): ["10S", "10H"],
                     (3, 0): ["10H"]}, {2: 9, 4: 9, 5: 9}, waste=[])


def test_a_safe_climb_is_the_first_hint_and_says_it_is_always_safe() -> None:
    # the 10♥ of Row 3 can climb: into Row 2's empty pile, onto J♠ and home, and nothing
    # can build on it (the black 9s are home) nor needs its foundation first
    game = _ten_of_hearts_climbs()
    first = hints(game)[0]
    assert game.move_text(first.move) == "r3c1-r2c1"
    assert first.safe
    assert "the first step of a climb home that is always safe" in first.reason
    assert "always safe" in first.why
    _check_all(game, [first])
    # and the climb goes on: each step is the next position's first hint
    game.play(first.move)
    second = hints(game)[0]
    assert game.move_text(second.move) == "r2c1-r1c1" and second.safe


def test_the_demo_player_is_not_handed_the_climb_first() -> None:
    # the demo and the replanning search ask without ``safe_first``: what is safe is
    # theirs to find, and the climb is not promoted for them
    game = _ten_of_hearts_climbs()
    assert not any(h.safe for h in hints(game, safe_first=False))


@pytest.mark.parametrize(("rules", "number", "moves"), [
    ("constitution-cadogan", 3, "r2c5-r1c4 r3c5-r2c5 r2c3-r1c3"),
    ("union-square", 3, "p13-f4 p1-p9 p6-p15 p4-p12")])
def test_the_stock_turn_says_when_no_other_move_gains_anything(rules: str, number: int, moves: str) -> None:
    # positions the hints themselves lead to: the turn ranks first, every other move a
    # move within the table that gains nothing the search sees
    game = new_game(rules, number)
    for text in moves.split():
        game.play_text(text)
    ranked = hints(game, max_ms=None, twins=False)
    assert game.move_text(ranked[0].move) == "s-w"
    assert ranked[0].reason.endswith("no other move gains anything in sight")
    assert "nothing else" in _check_all(game, ranked)
