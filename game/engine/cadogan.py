"""British Constitution as Lady Cadogan gives it and PySolFC plays it (game 391).

Every place of all four rows is a pile built down in alternating colours, each row from
the row directly below only, and Row 4 from the waste. An empty pile in Rows 1–3 may be
filled with any top card of the row below; an empty pile in Row 4 is filled at once from
the waste, and an empty waste at once from the stock. The stock is turned one card at a
time onto the waste, once through.
"""

from __future__ import annotations

from .cards import ALTERNATE_BELOW, HEARTS, JACK
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
from .rows import FIRST, RowsGame, row_of, row_places, row_range
from .state import Move, Transfer

ROW1 = row_range(0)
ROW4 = row_range(3)

#: the waste and the stock refilling Row 4 as Row 1 empties down the first column
NEAR_WON = NearWon(
    foundations=(9, 11, 11, 11, 10, 11, 10, 11),
    places={"r1c1": ("10C",), "r4c1": ("JC",), "w": ("JH",), "s": ("JD",)},
    moves="r1c1-f1 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 r1c1-f1 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 "
          "r1c1-f5 r4c1-r3c1 r3c1-r2c1 r2c1-r1c1 r1c1-f7",
)

PROFILE = RuleProfile(
    rules="constitution-cadogan",
    title="British Constitution (Lady Cadogan)",
    summary="Every row builds down in alternate colours from the row below; Row 4 from the waste.",
    guide=Guide(
        goal="Move all 88 cards to the eight foundations, building each up by suit from "
             "Ace to Jack. The Kings and Queens are left out.",
        steps=(
            GuideStep("Only the top card of a Row 1 pile goes to a foundation of its suit, "
                      "one rank higher (5♥ onto 4♥).",
                      (("row 1", "foundations"),)),
            GuideStep("Every pile builds down in alternate colours (9♠ onto 10♥), with the "
                      "top card of a pile in the row just below it.",
                      (("row 2", "row 1"), ("row 3", "row 2"), ("row 4", "row 3"))),
            GuideStep("Row 4 builds with the top card of the waste.",
                      (("waste", "row 4"),)),
            GuideStep("Turn the next stock card onto the waste whenever you like. The "
                      "stock is gone through once.",
                      (("stock", "waste"),)),
            GuideStep("An empty pile of Rows 1–3 may take any top card of the row below.",
                      (("row 3", "row 2"),), into_space=True),
            GuideStep("An empty pile of Row 4 is filled from the waste by itself.",
                      (("waste", "row 4"),), automatic=True, into_space=True),
        ),
    ),
    short_title="Lady Cadogan",
    tab_name="Lady Cadogan",
    emblem_suit=HEARTS,
    layout=Layout.ROWS,
    built_rows=4,
    places=row_places(with_waste=True),
    search=SearchProfile(
        # first the complete search for a few positions: it decides the small
        # positions of the end of a game, won or lost, and a deal whose Row 1 can never
        # empty (lost at its first position); then three narrow beams, which win most
        # deals for a few ten thousand positions; then the solver's beam searches for
        # most of the budget, then the narrowed searches beside the complete search,
        # which goes on from where it stopped, up to a million positions (the README's
        # table); then the demo player's way with the whole deal in sight (replan), and
        # the narrowed and complete searches again (game.search.solver,
        # game.search.cadogan_beam and game.search.cadogan_proof explain why)
        stages=((("proof",), 5_000), (("quick",), 60_000), (("beams",), 800_000),
                (("narrowing", "resume"), 135_000), (("replan",), 10_000_000),
                (("narrowing", "resume"), None)),
        evaluation=Evaluation(row_distance=2.0, stock_card=8.0, row1_run=0.5, waste_blocked=1.0),
        # of the fills of empty places in Rows 1-3, only the one that takes the card
        # needed soonest
        narrowings=({0: 1, 1: 1, 2: 1},),
        jitter=80.0,
        # a cheaper lookahead than the standard planners: every turn of the stock shows a
        # card, and each is followed by a planning search
        planner_lines=((True, 300, 1500), (False, 100, 1500)),
        demo_plan=DemoPlan(nodes=60_000, searches=("beams",), quick_beams=True, long_looks=12),
    ),
    levels=LevelsBuild(search=1000, nodes=120_000, method="solve", ladder=(50, 200, 800)),
    near_won=NEAR_WON,
)


class Cadogan(RowsGame):
    """British Constitution (Lady Cadogan): four rows of alternating-colour piles."""

    profile = PROFILE
    rules = PROFILE.rules
    title = PROFILE.title
    summary = PROFILE.summary
    places = PROFILE.places
    waste = len(places) - 2
    stock = len(places) - 1

    @classmethod
    def _deal_piles(cls, game: str) -> list[list[int]]:
        return cls._deal_rows(game, waste=True)

    def legal_moves(self) -> list[Move]:
        piles = self.piles
        table = self.move_table
        moves: list[Move] = []
        to_foundation: dict[int, list[int]] = {}
        for f in range(8):
            top = piles[f][-1]
            if top & 15 < JACK:
                to_foundation.setdefault(top + 1, []).append(f)
        for s in ROW1:
            pile = piles[s]
            if pile:
                for f in to_foundation.get(pile[-1], ()):
                    moves.append(table[s][f])
        for row in range(3):
            targets = row_range(row)
            sources = row_range(row + 1)
            builds: dict[int, list[int]] = {}
            empty: list[int] = []
            for t in targets:
                pile = piles[t]
                if pile:
                    for wanted in ALTERNATE_BELOW[pile[-1]]:
                        builds.setdefault(wanted, []).append(t)
                else:
                    empty.append(t)
            for s in sources:
                pile = piles[s]
                if pile:
                    row_moves = table[s]
                    for t in builds.get(pile[-1], ()):
                        moves.append(row_moves[t])
                    for t in empty:
                        moves.append(row_moves[t])
        waste = piles[self.waste]
        if waste:
            from_waste = table[self.waste]
            top = waste[-1]
            for t in ROW4:
                pile = piles[t]
                # an empty Row 4 pile is refilled at once in play; a hand-made layout
                # may still hold one, and then the waste may fill it
                if not pile or top in ALTERNATE_BELOW[pile[-1]]:
                    moves.append(from_waste[t])
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
        if not piles[src]:
            return f"{name(src)} is empty"
        moving = piles[src][-1]
        if dst in self.foundations:
            if src not in ROW1:
                return "only the top cards of Row 1 go to the foundations"
            return self._foundation_reason(moving, dst)
        if dst in self.tableau:
            row = row_of(dst)
            if row == 3:
                if src != self.waste:
                    return "Row 4 takes cards only from the waste"
            elif src not in row_range(row + 1):
                return f"Row {row + 1} takes cards only from Row {row + 2}"
            if not piles[dst]:
                return None
            onto = piles[dst][-1]
            if not self._fits_alternate(moving, onto):
                return self._build_reason(moving, onto, alternate=True)
            return None
        if dst == self.waste:
            return "only the stock turns onto the waste"
        return "nothing goes back to the stock"

    def _apply(self, move: Move) -> list[Transfer]:
        src, dst = move
        piles = self.piles
        moving = piles[src].pop()
        piles[dst].append(moving)
        transfers = [Transfer(src, dst, moving, False)]
        if src == self.stock:
            return transfers
        waste = piles[self.waste]
        if src >= FIRST + 24 and src < FIRST + 32 and not piles[src] and waste:
            c = waste.pop()
            piles[src].append(c)
            transfers.append(Transfer(self.waste, src, c, True))
        if not waste and piles[self.stock]:
            c = piles[self.stock].pop()
            waste.append(c)
            transfers.append(Transfer(self.stock, self.waste, c, True))
        return transfers
