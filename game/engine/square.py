"""British Square, English layout (docs/rules.md, ``square``).

Sixteen cards in four overlapped columns; only each column's top is available. A card
builds on a column top of its suit one rank higher or lower, keeping the column's
direction, which the first built card fixes and which lasts while a built card is on
top. An empty column is filled only from the waste or straight from the stock.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from .cards import CLUBS
from .deals import square_pack
from .profile import Evaluation, Guide, GuideStep, Layout, LevelsBuild, NearWon, RuleProfile, SearchProfile
from .squares import SquareGame, neighbours, square_places
from .state import LayoutError, Move, Transfer

COLUMNS = range(4, 8)

#: a stock card played straight into an empty column
NEAR_WON = NearWon(
    foundations=(24, 25, 24, 26),
    places={"c1": ("AC", "2C"), "c2": ("AH",), "c3": ("2H",), "s": ("AS",)},
    moves="c1-f1 c1-f1 c3-f3 c2-f3 s-c1 c1-f2",
)

PROFILE = RuleProfile(
    rules="square",
    title="British Square",
    summary="Build columns up or down by suit; fill spaces only from the waste or stock. Seldom if ever won.",
    guide=Guide(
        goal="Move all 104 cards to the four foundations, one per suit: up from Ace to "
             "King, then down again from the second King to the second Ace. The ▲ or ▼ "
             "beside a foundation says which way it is going.",
        steps=(
            GuideStep("The top card of a column, or of the waste, goes to its foundation "
                      "when it fits.",
                      (("tableau", "foundations"), ("waste", "foundations"))),
            GuideStep("Build on a column's top card with the same suit, one rank up or down "
                      "(6♦ onto 7♦ or 5♦). The first card built decides whether the column "
                      "goes up or down; the words above each column say which.",
                      (("tableau", "tableau"), ("waste", "tableau"))),
            GuideStep("Turn the stock onto the waste, one card at a time, whenever you like. "
                      "The stock is gone through once.",
                      (("stock", "waste"),)),
            GuideStep("Fill an empty column, when you choose, with the waste's top card or "
                      "the next stock card, never with a card from another column.",
                      (("waste", "tableau"), ("stock", "tableau")), into_space=True),
        ),
    ),
    short_title="British Square",
    tab_name="British Square",
    emblem_suit=CLUBS,
    layout=Layout.SQUARE_COLUMNS,
    places=square_places("c", 4),
    dealt_counts=True,
    # no deal of games 1-1000 is known to be winnable (the layered proof decides them),
    # so there is no deal of the day to offer
    daily_deal=False,
    # and its games are played for the score: a lost game's enters the high-score table
    scores_at_end=True,
    search=SearchProfile(
        # the layered search alone (game.search.square_proof): it is complete
        stages=((("layers",), None),),
        evaluation=Evaluation(waste_blocked=1.2, wrong_direction=1.5, space=12.0),
        reveal_bonus=True,
    ),
    levels=LevelsBuild(search=1000, nodes=5_000, method="solve", ladder=(50, 200, 800)),
    near_won=NEAR_WON,
)


class Square(SquareGame):
    """British Square (English): four columns that keep their building direction."""

    profile = PROFILE
    rules = PROFILE.rules
    title = PROFILE.title
    summary = PROFILE.summary
    places = PROFILE.places
    tableau = COLUMNS
    waste = 8
    stock = 9

    def __init__(self, piles: list[list[int]], game: str) -> None:
        super().__init__(piles, game)
        #: per column, how many cards at its bottom were dealt or filled (not built)
        self.dealt = [len(piles[c]) for c in COLUMNS]

    @classmethod
    def _deal_piles(cls, game: str) -> list[list[int]]:
        talon = square_pack(game)
        piles: list[list[int]] = [[] for _ in cls.places]
        for i in range(16):
            piles[COLUMNS[i % 4]].append(talon.pop())
        piles[cls.stock] = talon
        return piles

    def _save(self) -> Any:
        return tuple(self.dealt)

    def _restore(self, saved: Any) -> None:
        self.dealt = list(saved)

    def direction(self, column: int) -> int:
        """+1 building up, -1 building down, 0 free (no built card on top)."""
        pile = self.piles[column]
        if len(pile) <= self.dealt[column - 4]:
            return 0
        return 1 if pile[-1] > pile[-2] else -1

    def place_state(self, index: int) -> int:
        """A column's count of dealt (or filled) cards at its bottom; 0 elsewhere."""
        return self.dealt[index - 4] if index in COLUMNS else 0

    def _wanted(self, column: int) -> tuple[int, ...]:
        pile = self.piles[column]
        top = pile[-1]
        if len(pile) > self.dealt[column - 4]:
            nxt = top + (top - pile[-2])
            return (nxt,) if 1 <= nxt & 15 <= 13 else ()
        return neighbours(top)

    def legal_moves(self) -> list[Move]:
        piles = self.piles
        table = self.move_table
        moves: list[Move] = []
        to_foundation = self._foundation_targets()
        builds: dict[int, list[int]] = {}
        empty: list[int] = []
        for t in COLUMNS:
            if piles[t]:
                for wanted in self._wanted(t):
                    builds.setdefault(wanted, []).append(t)
            else:
                empty.append(t)
        for s in (4, 5, 6, 7, self.waste):
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
        if piles[self.waste]:
            for t in empty:
                moves.append(table[self.waste][t])
        if piles[self.stock]:
            row = table[self.stock]
            moves.append(row[self.waste])
            for t in empty:
                moves.append(row[t])
        return moves

    def why_illegal(self, move: Move) -> str | None:
        src, dst = move
        piles = self.piles
        name = self._words
        if src == dst:
            return "a card cannot move onto its own place"
        if src == self.stock:
            if not piles[src]:
                return "the stock is empty"
            if dst == self.waste:
                return None
            if dst in COLUMNS:
                if piles[dst]:
                    return f"{name(dst)} is not empty (the stock fills only spaces)"
                return None
            return "the stock is turned onto the waste or into an empty column"
        if src not in COLUMNS and src != self.waste:
            return f"cards never leave {name(src)}"
        if not piles[src]:
            return f"{name(src)} is empty"
        moving = piles[src][-1]
        if dst in self.foundations:
            return self._foundation_reason(moving, dst)
        if dst in COLUMNS:
            if not piles[dst]:
                if src != self.waste:
                    return ("an empty column is filled only from the waste or the stock, "
                            f"never from {name(src)}")
                return None
            onto = piles[dst][-1]
            if moving not in self._wanted(dst):
                way = "up" if self.direction(dst) > 0 else "down"
                return self._suit_build_reason(moving, onto, f"that column is being built {way}")
            return None
        return f"nothing can be put on {name(dst)}"

    def _apply(self, move: Move) -> list[Transfer]:
        src, dst = move
        piles = self.piles
        moving = piles[src].pop()
        target = piles[dst]
        if dst >= 4 and dst < 8 and not target:
            self.dealt[dst - 4] = 1
        target.append(moving)
        if 4 <= src < 8:
            left = len(piles[src])
            if left < self.dealt[src - 4]:
                self.dealt[src - 4] = left
        return [Transfer(src, dst, moving, False)]

    def _layout_extras(self) -> dict[str, Any]:
        return {"dealt": list(self.dealt)}

    def _extras_from_layout(self, layout: dict[str, Any]) -> None:
        dealt = layout.get("dealt")
        if dealt is None:
            self.dealt = [len(self.piles[c]) for c in COLUMNS]
            return
        if (not isinstance(dealt, list) or len(dealt) != 4
                or not all(isinstance(d, int) and not isinstance(d, bool) for d in dealt)):
            raise LayoutError("dealt: expected four whole numbers")
        for i, d in enumerate(dealt):
            pile = self.piles[COLUMNS[i]]
            if not (min(1, len(pile)) <= d <= len(pile)):
                raise LayoutError(f"dealt: c{i + 1} has {len(pile)} cards, so {d} cannot be dealt there")
            built = pile[d - 1:] if d else []
            steps = {b - a for a, b in pairwise(built)}
            if len(built) > 1 and steps not in ({1}, {-1}):
                raise LayoutError(f"dealt: the built cards of c{i + 1} are not a run of one suit")
        self.dealt = list(dealt)

    def key(self) -> bytes:
        """As Game.key, with each column's dealt count, so directions are part of it."""
        columns = sorted(bytes([self.dealt[c - 4]]) + bytes(self.piles[c]) for c in COLUMNS)
        parts = [bytes(len(self.piles[f]) for f in self.foundations), *columns,
                 bytes(self.piles[self.waste]), bytes(self.piles[self.stock])]
        return b"\xff".join(parts)
