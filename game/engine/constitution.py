"""British Constitution, as Mott-Smith and Morehead give it (docs/rules.md, ``constitution``).

Only Row 1 tops go to the foundations. Row 1 piles are built down in alternating colours
from another Row 1 top or from Row 2. A space in Row 1 or 2 must be filled at once from
the row directly below, the player choosing the card; each fill opens a space one row
lower, and a space in Row 4 is filled from the stock by itself. While a fill is owed,
only the fills of that space are legal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards import ALTERNATE_BELOW, JACK, SPADES
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
from .state import LayoutError, Move, Transfer

ROW1 = row_range(0)
ROW2 = row_range(1)
NO_SPACE = -1

#: owed fills all down the first column, and a fill of Row 4 from the stock
NEAR_WON = NearWon(
    foundations=(8, 11, 11, 11, 9, 11, 11, 11),
    places={"r1c1": ("10H",), "r2c1": ("9C",), "r3c1": ("10C",), "r4c1": ("JC",), "s": ("JH",)},
    moves="r1c1-f5 r2c1-r1c1 r3c1-r2c1 r4c1-r3c1 r1c1-f1 r2c1-r1c1 r3c1-r2c1 r4c1-r3c1 "
          "r1c1-f1 r2c1-r1c1 r3c1-r2c1 r1c1-f1 r2c1-r1c1 r1c1-f5",
)

PROFILE = RuleProfile(
    rules="constitution",
    title="British Constitution",
    summary="Build Row 1 down in alternate colours; every space is filled from the row below.",
    guide=Guide(
        goal="Move all 88 cards to the eight foundations, building each up by suit from "
             "Ace to Jack. The Kings and Queens are left out.",
        steps=(
            GuideStep("The top card of a Row 1 pile goes to a foundation of its suit, one "
                      "rank higher (5♥ onto 4♥). Only Row 1 feeds the foundations.",
                      (("row 1", "foundations"),)),
            GuideStep("Build on Row 1 one rank lower in the other colour (7♣ onto 8♦), "
                      "with the top card of another Row 1 pile or a card of Row 2.",
                      (("row 1", "row 1"), ("row 2", "row 1"))),
            GuideStep("A space must be filled at once with a card you choose from the row "
                      "just below: Row 1 from Row 2, Row 2 from Row 3, Row 3 from Row 4.",
                      (("row 2", "row 1"), ("row 3", "row 2"), ("row 4", "row 3")), into_space=True),
            GuideStep("A space in Row 4 is filled by itself with the next stock card.",
                      (("stock", "row 4"),), automatic=True, into_space=True),
        ),
        notes=("Rows 3 and 4 never build: their cards move only to fill spaces.",),
    ),
    short_title="British Constitution",
    tab_name="Constitution",
    emblem_suit=SPADES,
    layout=Layout.ROWS,
    places=row_places(with_waste=False),
    fills_owed=True,
    row1_builds_on_row1=True,
    built_rows=1,
    search=SearchProfile(
        # the depth-first search first (most wins come within a few hundred positions),
        # then the narrowed searches (they win nearly every deal that it does not within a
        # few hundred thousand positions, and search them fastest), then the complete
        # searches with the best-first one, the planners, and the complete searches again
        # from where they stopped, up to a million positions (the README's table); then
        # the demo player's way with the whole deal in sight (replan), and the complete
        # searches again (game.search.solver explains each stage; docs/search.md,
        # "British Constitution", the measurements)
        stages=((("dfs",), 10_000), (("narrowing",), 600_000), (("resume", "best"), 200_000),
                (("plans",), 100_000), (("resume",), 90_000), (("replan",), 10_000_000),
                (("resume",), None)),
        evaluation=Evaluation(row_distance=2.0, stock_card=4.0, empty_row1=15.0),
        # Rows 2 and 3 filled with the card needed soonest; only Row 3 so; Row 3 so and
        # Row 2 with one of the two needed soonest
        narrowings=({1: 1, 2: 1}, {2: 1}, {1: 2, 2: 1}),
        jitter=20.0,
        narrow_nodes=5_000,
        # three guessed deals a plan: the line most of their wins start with, the card that
        # fills an owed space judged on all three
        demo_plan=DemoPlan(nodes=10_000, searches=("dfs", "narrowing"), samples=3, long_looks=4,
                           judge_fills=True),
        through_reveals=True,
    ),
    levels=LevelsBuild(search=2000, nodes=5_000, method="solve", ladder=(20, 60, 200, 600)),
    near_won=NEAR_WON,
)


class Constitution(RowsGame):
    """British Constitution: owed fills push a space down to Row 4 and the stock."""

    profile = PROFILE
    rules = PROFILE.rules
    title = PROFILE.title
    summary = PROFILE.summary
    places = PROFILE.places
    waste = -1
    stock = len(places) - 1
    lone_drops_safe = False

    def __init__(self, piles: list[list[int]], game: str) -> None:
        super().__init__(piles, game)
        #: the tableau index of the space that must be filled now, or NO_SPACE
        self.owed = NO_SPACE

    @classmethod
    def _deal_piles(cls, game: str) -> list[list[int]]:
        return cls._deal_rows(game, waste=False)

    def _save(self) -> Any:
        return self.owed

    def _restore(self, saved: Any) -> None:
        self.owed = saved

    def owed_space(self) -> int | None:
        """The space that must be filled now, or None."""
        return None if self.owed == NO_SPACE else self.owed

    def fill_sources(self) -> range:
        """The row that may fill the owed space (empty range when nothing is owed)."""
        if self.owed == NO_SPACE:
            return range(0)
        return row_range(row_of(self.owed) + 1)

    def safe_drop(self, moves: Iterable[Move]) -> Move | None:
        """As :meth:`RowsGame.safe_drop`; nothing while a fill is owed."""
        if self.owed != NO_SPACE:
            return None
        return super().safe_drop(moves)

    def legal_moves(self) -> list[Move]:
        piles = self.piles
        table = self.move_table
        owed = self.owed
        if owed != NO_SPACE:
            return [table[s][owed] for s in self.fill_sources() if piles[s]]
        moves: list[Move] = []
        to_foundation: dict[int, list[int]] = {}
        for f in range(8):
            top = piles[f][-1]
            if top & 15 < JACK:
                to_foundation.setdefault(top + 1, []).append(f)
        builds: dict[int, list[int]] = {}
        for t in ROW1:
            pile = piles[t]
            if pile:
                for wanted in ALTERNATE_BELOW[pile[-1]]:
                    builds.setdefault(wanted, []).append(t)
        for s in ROW1:
            pile = piles[s]
            if pile:
                c = pile[-1]
                row = table[s]
                for f in to_foundation.get(c, ()):
                    moves.append(row[f])
                for t in builds.get(c, ()):
                    if t != s:
                        moves.append(row[t])
        for s in ROW2:
            pile = piles[s]
            if pile:
                row = table[s]
                for t in builds.get(pile[-1], ()):
                    moves.append(row[t])
        return moves

    def why_illegal(self, move: Move) -> str | None:
        src, dst = move
        piles = self.piles
        name = self._words
        if src == dst:
            return "a card cannot move onto its own place"
        if self.owed != NO_SPACE:
            sources = self.fill_sources()
            if dst != self.owed or src not in sources:
                return (f"the space in {name(self.owed)} must be filled first, "
                        f"with a card from Row {row_of(self.owed) + 2}")
            if not piles[src]:
                return f"{name(src)} is empty"
            return None
        if src == self.stock:
            return "stock cards enter play only by filling a space in Row 4, by themselves"
        if not piles[src]:
            return f"{name(src)} is empty"
        moving = piles[src][-1]
        if dst in self.foundations:
            if src not in ROW1:
                return "only the top cards of Row 1 go to the foundations"
            return self._foundation_reason(moving, dst)
        if dst in ROW1:
            if src not in ROW1 and src not in ROW2:
                return "Row 1 is built only from Row 1 and Row 2"
            if not piles[dst]:
                return f"{name(dst)} is an empty space that can no longer be filled"
            onto = piles[dst][-1]
            if not self._fits_alternate(moving, onto):
                return self._build_reason(moving, onto, alternate=True)
            return None
        if dst == self.stock:
            return "nothing goes back to the stock"
        if dst in self.tableau:
            return f"Row {row_of(dst) + 1} is never built on; only Row 1 takes cards"
        return "that is not a move of this game"

    def _apply(self, move: Move) -> list[Transfer]:
        src, dst = move
        piles = self.piles
        moving = piles[src].pop()
        piles[dst].append(moving)
        transfers = [Transfer(src, dst, moving, False)]
        if self.owed != NO_SPACE:
            self.owed = NO_SPACE
            self._open_space(src, transfers)
        elif src < FIRST + 8:
            if not piles[src]:
                self._open_space(src, transfers)
        elif src < FIRST + 16:
            self._open_space(src, transfers)
        return transfers

    def _open_space(self, space: int, transfers: list[Transfer]) -> None:
        """A place has just become empty: owe a fill from below, or fill Row 4 from stock."""
        row = row_of(space)
        piles = self.piles
        if row == 3:
            stock = piles[self.stock]
            if stock:
                c = stock.pop()
                piles[space].append(c)
                transfers.append(Transfer(self.stock, space, c, True))
            return
        if any(piles[i] for i in row_range(row + 1)):
            self.owed = space

    def _layout_extras(self) -> dict[str, Any]:
        return {"owed": self.place_name(self.owed)} if self.owed != NO_SPACE else {}

    def _extras_from_layout(self, layout: dict[str, Any]) -> None:
        owed = layout.get("owed")
        if owed is not None:
            try:
                index = self.place_index(str(owed))
            except KeyError as err:
                raise LayoutError(f"owed: {err.args[0]}") from None
            if index not in self.tableau or row_of(index) > 2 or self.piles[index]:
                raise LayoutError(f"owed: {owed} is not an empty place of Rows 1 to 3")
            if not any(self.piles[i] for i in row_range(row_of(index) + 1)):
                raise LayoutError(f"owed: Row {row_of(index) + 2} is empty, so {owed} "
                                  "stays empty for good and no fill is owed")
            self.owed = index
        self._check_spaces()

    def _check_spaces(self) -> None:
        """Rows 2 to 4 hold at most one card a place.

        Spaces a layout leaves unfilled (other than the owed one) are taken as spaces
        that stay empty for good, so hand-made puzzle positions may have them.
        """
        for t in self.tableau:
            if row_of(t) > 0 and len(self.piles[t]) > 1:
                raise LayoutError(f"{self.place_name(t)}: Rows 2 to 4 hold at most one card a place")

    def _key_extra(self) -> Any:
        return row_of(self.owed) if self.owed != NO_SPACE else -1

