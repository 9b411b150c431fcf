"""British Square, American layout — Union Square as PySolFC plays it (game 35).

Sixteen piles of one card in a 4×4 grid, then one stock card turned to the waste. A pile
takes a card of its suit one rank above or below its top, in the direction its bottom two
cards fix (a pile of one card takes either). An empty pile takes any available card, and
nothing refills it by itself. Stock to waste at any time, once through.
"""

from __future__ import annotations

from .cards import DIAMONDS
from .deals import square_pack
from .profile import (
    DemoPlan,
    Evaluation,
    Guide,
    GuideStep,
    Layout,
    LevelsBuild,
    NearWon,
    RuleProfile,
    SearchProfile,
)
from .squares import SquareGame, neighbours, square_places
from .state import Move, Transfer

PILES = range(4, 20)

#: a turn of the stock onto the waste, and the waste's card home
NEAR_WON = NearWon(
    foundations=(24, 25, 24, 26),
    places={"p1": ("AC", "2C"), "p2": ("AH",), "p3": ("2H",), "s": ("AS",)},
    moves="p1-f1 p1-f1 p3-f3 p2-f3 s-w w-f2",
)

PROFILE = RuleProfile(
    rules="union-square",
    title="British Square (Union Square)",
    summary="Sixteen piles built up or down by suit; any card fills a space.",
    guide=Guide(
        goal="Move all 104 cards to the four foundations, one per suit: up from Ace to "
             "King, then down again from the second King to the second Ace. The ▲ or ▼ "
             "beside a foundation says which way it is going.",
        steps=(
            GuideStep("The top card of a pile, or of the waste, goes to its foundation "
                      "when it fits.",
                      (("tableau", "foundations"), ("waste", "foundations"))),
            GuideStep("Build on a pile's top card with the same suit, one rank up or down "
                      "(10♠ onto J♠ or 9♠). A pile's bottom two cards decide whether it "
                      "goes up or down: the ▲ or ▼ beside the pile says which.",
                      (("tableau", "tableau"), ("waste", "tableau"))),
            GuideStep("Turn the next stock card onto the waste whenever you like. The "
                      "stock is gone through once.",
                      (("stock", "waste"),)),
            GuideStep("An empty pile takes any top card, from the waste or from another "
                      "pile. Nothing fills it by itself.",
                      (("tableau", "tableau"),), into_space=True),
        ),
    ),
    short_title="Union Square",
    tab_name="Union Square",
    emblem_suit=DIAMONDS,
    layout=Layout.UNION_GRID,
    places=square_places("p", 16),
    search=SearchProfile(
        # most wins come at once from the depth-first order, most of the rest from the
        # probe, and the planners win where the probe's line sticks
        stages=((("dfs",), 30_000), (("probe",), 200_000), (("plans",), 400_000), (("resume", "best"), None)),
        evaluation=Evaluation(waste_blocked=1.2, wrong_direction=1.5, space=25.0),
        demo_plan=DemoPlan(nodes=3600, searches=("dfs",)),
        reveal_bonus=True,
        # sixteen piles and a space give some twenty moves, so 300 positions finish one
        # move deep only, short of the two moves that empty a pile of two cards into a
        # space (docs/search.md, "The hint in Union Square: a deeper look")
        hint_nodes=1000,
    ),
    levels=LevelsBuild(search=2000, nodes=5_000, method="solve", ladder=(50, 150, 450, 1350)),
    near_won=NEAR_WON,
)


class UnionSquare(SquareGame):
    """Union Square: a 4×4 grid of piles whose bottom two cards fix their direction."""

    profile = PROFILE
    rules = PROFILE.rules
    title = PROFILE.title
    summary = PROFILE.summary
    places = PROFILE.places
    tableau = PILES
    waste = 20
    stock = 21

    @classmethod
    def _deal_piles(cls, game: str) -> list[list[int]]:
        talon = square_pack(game)
        piles: list[list[int]] = [[] for _ in cls.places]
        for p in PILES:
            piles[p].append(talon.pop())
        piles[cls.waste].append(talon.pop())
        piles[cls.stock] = talon
        return piles

    def direction(self, pile_index: int) -> int:
        """+1 up, -1 down, 0 either (fewer than two cards)."""
        pile = self.piles[pile_index]
        if len(pile) < 2:
            return 0
        return 1 if pile[1] > pile[0] else -1

    def _wanted(self, pile_index: int) -> tuple[int, ...]:
        pile = self.piles[pile_index]
        top = pile[-1]
        if len(pile) >= 2:
            nxt = top + (pile[1] - pile[0])
            return (nxt,) if 1 <= nxt & 15 <= 13 else ()
        return neighbours(top)

    def legal_moves(self) -> list[Move]:
        piles = self.piles
        table = self.move_table
        moves: list[Move] = []
        to_foundation = self._foundation_targets()
        builds: dict[int, list[int]] = {}
        empty: list[int] = []
        for t in PILES:
            if piles[t]:
                for wanted in self._wanted(t):
                    builds.setdefault(wanted, []).append(t)
            else:
                empty.append(t)
        for s in (*PILES, self.waste):
            pile = piles[s]
            if pile:
                c = pile[-1]
                row = table[s]
                f = to_foundation.get(c)
                if f is not None:
                    moves.append(row[f])
                for t in builds.get(c, ()):
                    if t != s:
                        moves.append(row[t])
                for t in empty:
                    moves.append(row[t])
        if piles[self.stock]:
            moves.append(table[self.stock][self.waste])
        return moves

    def why_illegal(self, move: Move) -> str | None:
        src, dst = move
        piles = self.piles
        name = self._words
        if src == dst:
            return "a card cannot move onto its own place"
        if src == self.stock:
            if dst != self.waste:
                return "the stock is turned only onto the waste"
            return None if piles[src] else "the stock is empty"
        if src not in PILES and src != self.waste:
            return f"cards never leave {name(src)}"
        if not piles[src]:
            return f"{name(src)} is empty"
        moving = piles[src][-1]
        if dst in self.foundations:
            return self._foundation_reason(moving, dst)
        if dst in PILES:
            if not piles[dst]:
                return None
            onto = piles[dst][-1]
            if moving in self._wanted(dst):
                return None
            way = "up" if self.direction(dst) > 0 else "down"
            return self._suit_build_reason(moving, onto, f"{name(dst)} is built {way}")
        return f"nothing can be put on {name(dst)}"

    def _apply(self, move: Move) -> list[Transfer]:
        src, dst = move
        moving = self.piles[src].pop()
        self.piles[dst].append(moving)
        return [Transfer(src, dst, moving, False)]
