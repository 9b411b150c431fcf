"""What every rule set shares: places, moves, transfers, history, notation and layouts.

A rule set is a subclass of :class:`Game` that says where its places are, which moves are
legal (:meth:`Game.legal_moves` and :meth:`Game.why_illegal`, which must agree), what a
move does (:meth:`Game._apply`, returning every card transfer including automatic fills)
and how a game number is dealt. Everything else lives here once.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from .cards import (
    ALTERNATE_BELOW,
    SUIT_LETTERS,
    UNKNOWN,
    card_pretty,
    card_text,
    full_pack,
    parse_card,
    rank_of,
    rank_with_article,
    suit_of,
)
from .deals import parse_game_number

if TYPE_CHECKING:
    from .profile import RuleProfile

FOUNDATION, TABLEAU, WASTE, STOCK = "foundation", "tableau", "waste", "stock"


class Move(NamedTuple):
    """One player decision: a card from one place to another (``s``→``w`` turns the stock)."""

    src: int
    dst: int


class Transfer(NamedTuple):
    """One card going from one place to another, as the screen should animate it.

    ``auto`` is True for a fill the rules made by themselves (not the player's move).
    """

    src: int
    dst: int
    card: int
    auto: bool


@dataclass(frozen=True)
class Place:
    """A place on the table: its notation name, kind, and grid position for drawing."""

    index: int
    name: str
    kind: str
    row: int = 0
    col: int = 0


class IllegalMove(ValueError):
    """A move that cannot be played; the message is ``MOVE: reason``, the move in notation
    and the reason in a player's words (``r2c3-r1c5: 7♥ cannot go on 9♠ …``)."""

    def __init__(self, move_text: str, reason: str) -> None:
        super().__init__(f"{move_text}: {reason}")
        self.move_text = move_text
        self.reason = reason


class LayoutError(ValueError):
    """A layout (JSON) that does not describe a position of its rule set."""


class _Step(NamedTuple):
    move: Move
    transfers: list[Transfer]
    saved: Any


G = TypeVar("G", bound="Game")

_MOVE_TEXT = re.compile(r"^\s*([a-z0-9]+)\s*-\s*([a-z0-9]+)\s*$")


class Game(ABC):
    """A position of one rule set, with its history for undo and redo.

    ``piles[i]`` is place ``i``'s cards, bottom to top. Subclasses set the class
    attributes below and implement the rules.
    """

    #: everything that differs between rule sets (names, layout kind, the search's data)
    profile: ClassVar[RuleProfile]
    rules: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    places: ClassVar[tuple[Place, ...]]
    foundations: ClassVar[range]
    tableau: ClassVar[range]
    waste: ClassVar[int]  # -1 when the rule set has no waste
    stock: ClassVar[int]
    card_count: ClassVar[int]
    #: cards every foundation holds from the deal on (the Constitution sets start with Aces)
    foundation_minimum: ClassVar[int] = 0
    max_rank: ClassVar[int]
    #: every possible Move object, indexed [src][dst], so generating a move allocates nothing
    move_table: ClassVar[tuple[tuple[Move, ...], ...]]
    _place_by_name: ClassVar[dict[str, int]]

    def __init__(self, piles: list[list[int]], game: str) -> None:
        self.piles = piles
        self.game = game
        self.history: list[_Step] = []
        self.future: list[Move] = []
        self.is_view = False

    # ----- set-up ---------------------------------------------------------------------

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "places" in cls.__dict__:
            n = len(cls.places)
            cls.move_table = tuple(tuple(Move(s, d) for d in range(n)) for s in range(n))
            cls._place_by_name = {p.name: p.index for p in cls.places}

    @classmethod
    def deal(cls: type[G], game: str | int) -> G:
        """The opening position of a game number (any form PySolFC accepts)."""
        number = parse_game_number(game)
        return cls(cls._deal_piles(number), number)

    @classmethod
    @abstractmethod
    def _deal_piles(cls, game: str) -> list[list[int]]:
        """The piles of the opening layout for a canonical game number."""

    def clone(self: G) -> G:
        """An independent copy of the position (without history)."""
        other = type(self)([list(p) for p in self.piles], self.game)
        other._restore(self._save())
        other.is_view = self.is_view
        return other

    def player_view(self: G) -> G:
        """The same position as the player sees it: face-down stock cards are unknown."""
        view = self.clone()
        view.piles[self.stock] = [UNKNOWN] * len(self.piles[self.stock])
        view.is_view = True
        return view

    # ----- the rules (subclasses) -----------------------------------------------------

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move in this position."""

    @abstractmethod
    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal here, otherwise the reason in words."""

    @abstractmethod
    def _apply(self, move: Move) -> list[Transfer]:
        """Play a legal move with its automatic fills; return every transfer in order."""

    def owed_space(self) -> int | None:
        """The place whose fill is owed now (only its fills are legal), or None. Only a
        rule set whose profile says ``fills_owed`` ever owes one."""
        return None

    def fill_sources(self) -> range:
        """The places that may fill the owed space (empty when none is owed)."""
        return range(0)

    def direction(self, index: int) -> int:
        """The direction tableau place ``index`` is being built in: +1 up, -1 down, 0
        free (or where the rule set's places have no direction)."""
        return 0

    def foundation_direction(self, index: int, count: int | None = None) -> int:
        """The way foundation ``index`` is going when it holds ``count`` cards (by
        default the cards it holds now): +1 up, -1 down, 0 where a player has nothing to
        be told (an empty or a full foundation, or every foundation of a rule set whose
        foundations only go up)."""
        return 0

    def place_state(self, index: int) -> int:
        """What place ``index`` remembers beyond its cards, as a small number (0 where
        it remembers nothing: in every rule set whose profile has no ``dealt_counts``)."""
        return 0

    def safe_drop(self, moves: Iterable[Move]) -> Move | None:
        """The first of ``moves`` (legal moves of this position) that is a foundation
        move which can never be a mistake, or None: what auto-drop plays by itself, and
        what a search may play without trying the alternatives.

        The argument (dominance): say the card ``c`` may go to foundation ``F``, no card
        can ever be built on it where it lies, nor can it be a base anything needs, and
        no other card needs its place on ``F``. Take any winning line from the position
        before the drop; play the drop first and then the same line with ``c``'s own
        moves left out. Every other move stays legal, because nothing in the line could
        have used ``c`` or its place, so the new line is also a win, one move shorter.
        By induction on the length of the shortest win, a search that only follows the
        drop still finds a win whenever one exists. Each rule family says when its
        conditions hold; a rule set that says nothing drops nothing.
        """
        return None

    def _save(self) -> Any:
        """The small extra state (beyond the piles) that undo must restore."""
        return None

    def _restore(self, saved: Any) -> None:  # noqa: B027 - most rule sets have no extra state
        """Put back what :meth:`_save` returned."""

    # ----- playing --------------------------------------------------------------------

    def play(self, move: Move) -> list[Transfer]:
        """Play a move; return the transfers it made (the move and every automatic fill).

        Raises IllegalMove (with the reason) for a move that is not legal here.
        """
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(self.move_text(move), reason)
        return self.play_legal(move)

    def play_legal(self, move: Move) -> list[Transfer]:
        """:meth:`play` without checking the move again: for a move that
        :meth:`legal_moves` returned for this very position (the searches play millions
        of those, and the check is a few percent of their time). Anything else is
        undefined and may break the position: a player's move always goes through
        :meth:`play`."""
        transfers = self._push(move)
        if self.future and self.future[-1] == move:
            self.future.pop()
        else:
            self.future.clear()
        return transfers

    def _push(self, move: Move) -> list[Transfer]:
        saved = self._save()
        transfers = self._apply(move)
        self.history.append(_Step(move, transfers, saved))
        return transfers

    def undo(self) -> list[Transfer]:
        """Take back the last player decision with its fills.

        Returns the transfers that put the cards back, in order (each reversed), or an
        empty list when there is nothing to undo.
        """
        if not self.history:
            return []
        step = self.history.pop()
        piles = self.piles
        back = []
        for t in reversed(step.transfers):
            piles[t.dst].pop()
            piles[t.src].append(t.card)
            back.append(Transfer(t.dst, t.src, t.card, t.auto))
        self._restore(step.saved)
        self.future.append(step.move)
        return back

    def redo(self) -> list[Transfer]:
        """Play again the last undone decision; empty list when there is none."""
        if not self.future:
            return []
        move = self.future.pop()
        return self._push(move)

    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return sum(len(self.piles[f]) for f in self.foundations)

    def is_won(self) -> bool:
        """All cards are on the foundations."""
        return self.cards_home() == self.card_count

    def is_lost(self) -> bool:
        """Not won, and no legal move is left."""
        return not self.is_won() and not self.legal_moves()

    @property
    def moves_played(self) -> list[Move]:
        """The player decisions that led here from the deal (undone ones excluded)."""
        return [step.move for step in self.history]

    # ----- places and notation ----------------------------------------------------------

    def place_index(self, name: str) -> int:
        """The index of a place given its notation name (``r1c5``, ``f3``, ``w``…)."""
        try:
            return self._place_by_name[name.strip().lower()]
        except KeyError:
            raise KeyError(f"there is no place {name!r} in {self.title}") from None

    def place_name(self, index: int) -> str:
        """The notation name of place ``index``."""
        return self.places[index].name

    def move_text(self, move: Move) -> str:
        """A move in the notation of docs/rules.md: ``r2c3-r1c5``."""
        return f"{self.places[move.src].name}-{self.places[move.dst].name}"

    def parse_move(self, text: str) -> Move:
        """Read a move written in the notation; it is not checked for legality here.

        Raises IllegalMove for text that is not a move of this rule set.
        """
        match = _MOVE_TEXT.match(text.lower())
        shown = text.strip()
        if len(shown) > 40:  # a message quotes a long piece of junk only in part
            shown = shown[:40] + "…"
        if not match:
            raise IllegalMove(shown, "not a move (write FROM-TO, like "
                              f"{self.move_text(self._example_move())})")
        src, dst = match.groups()
        for name in (src, dst):
            if name not in self._place_by_name:
                quoted = repr(name) if len(name) <= 12 else repr(name[:12] + "…")
                raise IllegalMove(shown, f"there is no place {quoted} in {self.title}")
        return self.move_table[self._place_by_name[src]][self._place_by_name[dst]]

    def _example_move(self) -> Move:
        return self.move_table[self.tableau[0]][self.foundations[0]]

    def play_text(self, text: str) -> list[Transfer]:
        """Read a move in notation and play it (raising IllegalMove with the reason)."""
        return self.play(self.parse_move(text))

    def play_all(self, moves: str | list[str]) -> None:
        """Play a whole move list (space separated text or a list), stopping at a bad one."""
        items = moves.split() if isinstance(moves, str) else moves
        for text in items:
            self.play_text(text)

    def legal_texts(self) -> list[str]:
        """The legal moves in notation, sorted like the golden files."""
        return sorted(self.move_text(m) for m in self.legal_moves())

    def top(self, index: int) -> int | None:
        """The top card of a place, or None when it is empty."""
        pile = self.piles[index]
        return pile[-1] if pile else None

    # ----- helpers for the rule modules ---------------------------------------------------

    def foundation_suit(self, index: int) -> int:
        """The suit a foundation takes (two per suit with eight foundations): the
        profile's :meth:`~.profile.RuleProfile.foundation_suit`."""
        return self.profile.foundation_suit(index)

    def _words(self, index: int) -> str:
        """A place as a reason names it, in the player's words (``Row 2, pile 4``)."""
        return self.profile.place_words(index)

    @staticmethod
    def _build_reason(moving: int, onto: int, *, alternate: bool) -> str:
        if alternate:
            needs = rank_of(onto) - 1
            if needs < 1:
                return f"nothing can go on {card_pretty(onto)} (it is an Ace)"
            if needs == 1:
                # the Aces start on the foundations in both sets that build this way
                return f"nothing can go on {card_pretty(onto)}: every Ace is on a foundation"
            return (f"{card_pretty(moving)} cannot go on {card_pretty(onto)} "
                    f"(it needs {rank_with_article(needs)} of the other colour)")
        return f"{card_pretty(moving)} cannot go on {card_pretty(onto)}"

    @staticmethod
    def _fits_alternate(moving: int, onto: int) -> bool:
        return moving in ALTERNATE_BELOW[onto]

    # ----- layouts ----------------------------------------------------------------------

    def to_layout(self) -> dict[str, Any]:
        """The position as the JSON of docs/rules.md (plus rule-set extras, see _layout_extras)."""
        def cards(pile: list[int]) -> list[str]:
            return [card_text(c) for c in pile]

        layout: dict[str, Any] = {
            "rules": self.rules,
            "game": self.game,
            "foundations": [cards(self.piles[f]) for f in self.foundations],
            "tableau": self._tableau_layout([cards(self.piles[t]) for t in self.tableau]),
            "waste": cards(self.piles[self.waste]) if self.waste >= 0 else [],
            "stock": cards(self.piles[self.stock]),
        }
        layout.update(self._layout_extras())
        return layout

    def _tableau_layout(self, piles: list[list[str]]) -> list[Any]:
        return piles

    def _tableau_from_layout(self, tableau: Any) -> list[Any]:
        return list(tableau)

    def _layout_extras(self) -> dict[str, Any]:
        return {}

    def _extras_from_layout(self, layout: dict[str, Any]) -> None:  # noqa: B027 - optional
        """Read the rule set's extra keys; raise LayoutError if they are wrong."""

    @classmethod
    def from_layout(cls: type[G], layout: dict[str, Any]) -> G:
        """A position from the JSON of docs/rules.md; raises LayoutError with the reason."""
        if not isinstance(layout, dict):
            raise LayoutError("a layout must be a JSON object")
        if layout.get("rules") != cls.rules:
            raise LayoutError(f"this layout is for {layout.get('rules')!r}, not {cls.rules!r}")
        try:
            game = parse_game_number(str(layout.get("game", "")))
        except ValueError as err:
            raise LayoutError(str(err)) from None
        n = len(cls.places)
        self = cls([[] for _ in range(n)], game)

        def read(value: Any, where: str) -> list[int]:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise LayoutError(f"{where}: expected a list of cards")
            try:
                return [parse_card(v) for v in value]
            except ValueError as err:
                raise LayoutError(f"{where}: {err}") from None

        founds = layout.get("foundations")
        if not isinstance(founds, list) or len(founds) != len(cls.foundations):
            raise LayoutError(f"foundations: expected {len(cls.foundations)} lists")
        for f, value in zip(cls.foundations, founds, strict=True):
            self.piles[f] = read(value, cls.places[f].name)
        try:
            tableau = self._tableau_from_layout(layout.get("tableau"))
        except (TypeError, ValueError):
            raise LayoutError("tableau: it does not have the shape of this rule set") from None
        if len(tableau) != len(cls.tableau):
            raise LayoutError(f"tableau: expected {len(cls.tableau)} places")
        for t, value in zip(cls.tableau, tableau, strict=True):
            self.piles[t] = read(value, cls.places[t].name)
        waste = read(layout.get("waste", []), "waste")
        if cls.waste >= 0:
            self.piles[cls.waste] = waste
        elif waste:
            raise LayoutError(f"waste: {cls.title} has no waste")
        self.piles[cls.stock] = read(layout.get("stock"), "stock")
        self._check_cards()
        self._extras_from_layout(layout)
        return self

    def _check_cards(self) -> None:
        have = sorted(c for pile in self.piles for c in pile)
        want = sorted(full_pack(self.max_rank) * 2)
        if have != want:
            extra = _multiset_difference(have, want)
            missing = _multiset_difference(want, have)
            parts = []
            if extra:
                parts.append("too many " + " ".join(card_text(c) for c in extra))
            if missing:
                parts.append("missing " + " ".join(card_text(c) for c in missing))
            raise LayoutError(f"the cards are not two full packs ({'; '.join(parts)})")
        for f in self.foundations:
            pile = self.piles[f]
            expected = self.foundation_sequence(self.foundation_suit(f))[: len(pile)]
            if pile != expected or len(pile) < self.foundation_minimum:
                raise LayoutError(f"{self.places[f].name}: not a foundation of "
                                  f"{SUIT_LETTERS[self.foundation_suit(f)]} built in order")

    @abstractmethod
    def foundation_sequence(self, suit: int) -> list[int]:
        """The cards a foundation of this suit takes, in order."""

    def key(self) -> bytes:
        """A position key for hashing: equal for positions that differ only by the
        order of interchangeable places (and, trivially, which pack a card came from)."""
        groups = []
        for group in self._interchangeable_groups():
            groups.append(b"\xfe".join(sorted(bytes(self.piles[i]) for i in group)))
        groups.append(bytes(self.piles[self.stock]))
        if self.waste >= 0:
            groups.append(bytes(self.piles[self.waste]))
        groups.append(repr(self._key_extra()).encode())
        return b"\xff".join(groups)

    def _interchangeable_groups(self) -> list[range]:
        return [range(f, f + 1) for f in self.foundations] + [self.tableau]

    def _key_extra(self) -> Any:
        return None

    def card_total(self) -> int:
        """How many cards are in play anywhere (always card_count)."""
        return sum(len(p) for p in self.piles)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.rules} #{self.game} after {len(self.history)} moves>"


def suit_rank(code: int) -> tuple[int, int]:
    """(suit, rank) of a code, for readable tests."""
    return suit_of(code), rank_of(code)


def _multiset_difference(a: list[int], b: list[int]) -> list[int]:
    rest = list(b)
    out = []
    for c in a:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return out
