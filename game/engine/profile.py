"""What differs between the four rule sets, as one profile per rule set.

Each rule module (``constitution.py``, ``cadogan.py``, ``square.py``,
``union_square.py``) defines its :class:`RuleProfile` next to its :class:`~.state.Game`
class, which carries it as ``Game.profile``; :func:`~.rulesets.profile_of` finds one by
rule-set id. Code outside the engine asks the profile (or the typed methods of
:class:`~.state.Game`) instead of asking which rule set it is: the player's names for
places, the titles, the layout kind, whether fills are owed, and the plain data that
tunes the solver, the demo player, the hint, the evaluation and the levels build for
the rule set. That data means something only to the code that reads it (``game.search``,
``game.levels``); here it is just numbers and names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from .cards import SUIT_SYMBOLS, card_pretty
from .state import FOUNDATION, STOCK, TABLEAU, WASTE, Place


class Layout(Enum):
    """The shape of a rule set's tableau, which decides how it is drawn and named."""

    #: four rows of eight places, Row 1 on top (both Constitution sets)
    ROWS = "rows"
    #: four overlapped columns whose direction is fixed while built cards are on top
    #: (English British Square)
    SQUARE_COLUMNS = "square columns"
    #: a 4×4 grid of piles whose bottom two cards fix their direction (Union Square)
    UNION_GRID = "union grid"


#: the parts of the table a guide's arrows join: ``foundations``, ``stock``, ``waste``,
#: ``row 1`` … ``row 4`` (the rows layout) and ``tableau`` (the columns or the piles of
#: the Square sets); :meth:`RuleProfile.part_of` names the part of each place
Part = str


@dataclass(frozen=True)
class GuideStep:
    """One numbered step of a rule set's how-to-play guide: what the player may do, in a
    player's words, and the arrows of the guide's diagram that show it (each from one
    part of the table to another, or to itself: cards move between its places)."""

    words: str
    arrows: tuple[tuple[Part, Part], ...] = ()
    #: the rules do this by themselves (the diagram draws these arrows dashed)
    automatic: bool = False
    #: the step fills an empty place (the diagram draws the place each arrow ends on
    #: empty)
    into_space: bool = False


@dataclass(frozen=True)
class Guide:
    """How to play a rule set on one screen, as a new player needs it: the first-game
    help and the rules screen draw it, with a diagram of the table."""

    #: what wins the game
    goal: str
    #: the moves, numbered on the screen and on the diagram's arrows
    steps: tuple[GuideStep, ...]
    #: what else a new player must know, a line each
    notes: tuple[str, ...] = ()


#: one stage of the solver's plan: the searches that run side by side (their names in
#: :mod:`game.search.solver`) and the positions they may search together (None: all
#: that are left)
Stage = tuple[tuple[str, ...], int | None]
#: one line of the solver's planners: (sees only the player's view, lookahead positions
#: per move, positions of each planning search)
PlannerLine = tuple[bool, int, int]


@dataclass(frozen=True)
class Evaluation:
    """The weights of :func:`game.search.evaluate.evaluate` that differ between rule
    sets (the terms themselves are the evaluation's). A weight a rule set's terms do
    not use stays 0."""

    #: the Constitution sets: what each row between a card and Row 1 costs, times how
    #: soon the card is needed
    row_distance: float = 0.0
    #: what a stock card costs, times how soon it is needed
    stock_card: float = 0.0
    #: ``constitution``: a Row 1 pile empty for good (Row 2 is empty)
    empty_row1: float = 0.0
    #: Lady Cadogan: taken off per card of a Row 1 pile's top run
    row1_run: float = 0.0
    #: the waste's buried cards, times their usual blocked cost
    waste_blocked: float = 0.0
    #: the Square sets: per card of a run built away from its suit's foundation
    wrong_direction: float = 0.0
    #: the Square sets: an empty column or pile, a free place to park a card
    space: float = 0.0


@dataclass(frozen=True)
class DemoPlan:
    """How the demo player plans on guessed deals (:mod:`game.search.demo`)."""

    #: the solver's node budget for one plan (one guessed deal)
    nodes: int
    #: the searches the plan runs side by side (names of the solver's searches)
    searches: tuple[str, ...]
    #: how many guessed deals each plan tries
    samples: int = 1
    #: with the "beams" search (Lady Cadogan's): narrow beams first on each guess
    #: (``game.search.cadogan_beam.quick_win``), which find most plans for a fraction of
    #: the positions; ``searches`` run only where none of them wins
    quick_beams: bool = False
    #: where a plan finds no win (after the second try, with quick beams), a *long look*
    #: (never on screen): the solver's own stages on one more guessed deal, within
    #: ``game.search.demo.LONG_LOOK_NODES`` positions; at most this many a game (0: none;
    #: with quick beams, one after a second try at most, so at most
    #: ``game.search.demo.RESCUES``)
    long_looks: int = 0
    #: where fills are owed (``constitution``): judge every card that may fill the first
    #: space on a plan's way to the next card on every guess, and follow the card that
    #: wins most of them (``game.search.demo._fill_judged``; never on screen)
    judge_fills: bool = False


@dataclass(frozen=True)
class SearchProfile:
    """How ``game.search`` attacks the rule set: plain data its modules read."""

    #: the solver's stages, in order (see :func:`game.search.solver.solve`)
    stages: tuple[Stage, ...]
    #: the evaluation's weights
    evaluation: Evaluation
    #: the narrowed searches' rounds: per round, the row of a space (0 for Row 1) -> how
    #: many cards of the row below may fill it (see ``game.search.depth_first.Narrow``)
    narrowings: tuple[dict[int, int], ...] = ({},)
    #: how far a seeded narrowed search shakes each move's evaluation, at most
    jitter: float = 0.0
    #: the positions of each of the narrowed searches that run one after another (see
    #: ``game.search.depth_first.Narrowing``)
    narrow_nodes: int = 15_000
    #: the lines of the solver's "plans" search; None: the solver's standard planners
    planner_lines: tuple[PlannerLine, ...] | None = None
    #: how the demo player plans; None: it never plans, it plays the best hint
    demo_plan: DemoPlan | None = None
    #: the hint values a move that brings a stock card into play with the chance that
    #: the card goes straight to a foundation (only a Square set's waste feeds them)
    reveal_bonus: bool = False
    #: the hint searches on through a stock card that came into play, unknown and of no
    #: use (``constitution``, where it only fills Row 4 and then spaces until it shows)
    through_reveals: bool = False
    #: the player's hint's node budget (its 50 ms bound it too): as many positions as a
    #: hint looks at, in this rule set
    hint_nodes: int = 300


@dataclass(frozen=True)
class LevelsBuild:
    """The shipped campaign's build settings (:mod:`game.levels.build`)."""

    #: game numbers 1..search are tried
    search: int
    #: the solver's node budget per deal
    nodes: int
    #: "solve" (the whole solver) or "probe" (its greedy probe alone)
    method: str
    #: the demo player's hint node budgets, smallest first
    ladder: tuple[int, ...]


@dataclass(frozen=True)
class NearWon:
    """A real position of the rule set a few moves from a win, which exercises its
    special moves: the tests drive the table and the session through it, and ``main.py
    screenshot --scene win`` photographs it (:func:`game.session.positions.near_won_position`
    builds it)."""

    #: how many cards each foundation holds, in foundation order (the rest are out)
    foundations: tuple[int, ...]
    #: the cards of the other places that hold any, by place name (``r1c1``, ``c2``,
    #: ``s`` the stock, ``w`` the waste), bottom to top
    places: Mapping[str, tuple[str, ...]]
    #: the moves that win it, in notation
    moves: str


@dataclass(frozen=True, eq=False)
class RuleProfile:
    """Everything that differs between rule sets, for one rule set (compared by identity:
    there is one per rule set)."""

    #: the stable id (command line, files)
    rules: str
    #: the name shown in full, and a sentence about the game
    title: str
    summary: str
    #: the name where room is short (the table's heading), and on the rule-set tabs
    short_title: str
    tab_name: str
    #: the suit (0 clubs … 3 diamonds) of the rule set's emblem in the menu
    emblem_suit: int
    layout: Layout
    #: the places, in index order (the same tuple as ``Game.places``)
    places: tuple[Place, ...]
    search: SearchProfile
    levels: LevelsBuild
    #: how to play, on one screen
    guide: Guide
    #: a space must be filled at once from the row below (``constitution``): the game
    #: owes fills (:meth:`~.state.Game.owed_space`, :meth:`~.state.Game.fill_sources`)
    fills_owed: bool = False
    #: a Row 1 top may move onto another Row 1 pile (``constitution``); where it may
    #: not, a Row 1 card leaves its pile only for a foundation
    row1_builds_on_row1: bool = False
    #: the rows layout: how many rows, from Row 1 down, are piles that cards are built
    #: on (the table fans them); the places of the other rows hold one card each
    built_rows: int = 0
    #: how many of a column's cards were dealt (not built) is part of the position, since
    #: it fixes the column's direction (English Square)
    dealt_counts: bool = False
    #: a daily deal is offered (drawn from the deals the levels build proved winnable)
    daily_deal: bool = True
    #: a lost game's score enters the high-score table too: a layout practically never
    #: won, whose games are played for the score (English Square)
    scores_at_end: bool = False
    #: a position a few moves from a win (None: the rule set has none to show)
    near_won: NearWon | None = None

    def place_words(self, index: int) -> str:
        """A place as a player names it: ``Row 2, pile 4``, ``column 2``, ``pile 11``,
        ``the ♠ foundation``, ``the waste``, ``the stock``."""
        place = self.places[index]
        if place.kind == TABLEAU and self.layout is Layout.ROWS:
            return f"Row {place.row}, pile {place.col + 1}"
        return self.short_place_words(index)

    def short_place_words(self, index: int) -> str:
        """A place as the hint's reasons name it: as :meth:`place_words`, but a place of
        the Constitution sets by its row alone (``Row 2``), the row being what matters."""
        place = self.places[index]
        if place.kind == WASTE:
            return "the waste"
        if place.kind == STOCK:
            return "the stock"
        if place.kind == FOUNDATION:
            return f"the {SUIT_SYMBOLS[self.foundation_suit(index)]} foundation"
        if self.layout is Layout.ROWS:
            return f"Row {place.row}"
        first = next(p.index for p in self.places if p.kind == TABLEAU)
        kind = "column" if self.layout is Layout.SQUARE_COLUMNS else "pile"
        return f"{kind} {index - first + 1}"

    def part_of(self, index: int) -> Part:
        """The part of the table place ``index`` belongs to, as a guide's arrows name it:
        ``foundations``, ``stock``, ``waste``, ``row 2`` or ``tableau``."""
        place = self.places[index]
        if place.kind == FOUNDATION:
            return "foundations"
        if place.kind in (STOCK, WASTE):
            return place.kind
        return f"row {place.row}" if self.layout is Layout.ROWS else "tableau"

    def part_words(self, part: Part) -> str:
        """A part of the table as its label on the diagram says it: ``Foundations``,
        ``Row 2``, ``Columns``, ``Piles``, ``Stock``, ``Waste``."""
        if part == "tableau":
            return "Columns" if self.layout is Layout.SQUARE_COLUMNS else "Piles"
        return part[:1].upper() + part[1:]

    def space_words(self, index: int) -> str:
        """An empty tableau place as a player names it: ``the space in Row 2, pile 4``,
        ``the empty pile 11``, ``the empty column 2``."""
        if self.layout is Layout.ROWS:
            return f"the space in {self.place_words(index)}"
        return f"the empty {self.place_words(index)}"

    def card_to_place_words(self, card: int, index: int) -> str:
        """A card going to a place, in words: ``9♥ to Row 3, pile 2``."""
        return f"{card_pretty(card)} to {self.place_words(index)}"

    def move_words(self, src: int, dst: int, card: int | None = None) -> str:
        """A move in a player's words: ``7♥ from Row 2, pile 3 to the ♥ foundation``.

        ``card`` is the card that moves; None when the player cannot see it (the next
        stock card), which is then named by where it comes from: ``the next stock card
        to the waste``.
        """
        if card is None:
            what = "the next stock card" if self.places[src].kind == STOCK else \
                f"the top card of {self.place_words(src)}"
            return f"{what} to {self.place_words(dst)}"
        return f"{card_pretty(card)} from {self.place_words(src)} to {self.place_words(dst)}"

    def foundation_suit(self, index: int) -> int:
        """The suit foundation ``index`` takes: the foundations run clubs, spades, hearts,
        diamonds, one or two of each (what :meth:`~.state.Game.foundation_suit` answers)."""
        return self._foundation_suits[index]

    @cached_property
    def _foundation_suits(self) -> dict[int, int]:
        """:meth:`foundation_suit` of every foundation, worked out once."""
        foundations = [p.index for p in self.places if p.kind == FOUNDATION]
        return {f: i * 4 // len(foundations) for i, f in enumerate(foundations)}
