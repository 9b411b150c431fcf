"""The table's input: mouse gestures and the keyboard, turned into the table's actions.

Mouse: a press on a card *arms* it; moving a few pixels turns that into a *drag* (legal
targets glow) and the release drops it; a release without moving is a *click*, which
selects the card, and a click on another place then tries that move. Two clicks in quick
succession, or a right-click, send a card to a foundation. Keyboard: a focus ring moves
between places (Tab, arrows), Space/Enter picks a card up and puts it down, and letters
are the buttons' shortcuts. Nothing here changes the game: every move goes through the
table to its play session.

A press while cards fly lands them first, and then acts on what the player saw under the
pointer when pressing (:class:`Seen`): a card in the air is picked up once it has landed
(if it is then a top card that may move), a resting card only if nothing landed on it;
never whatever card the landing brought under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine.cards import card_pretty
from ..engine.state import FOUNDATION
from .keys import WHEEL_BUTTONS, is_question_mark, is_undo_key
from .theme import Palette

if TYPE_CHECKING:
    from .table import TableScene

#: pixels the mouse must move with the button down before a press becomes a drag
DRAG_THRESHOLD = 5
#: seconds between two clicks that make a double-click
DOUBLE_CLICK = 0.35


_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


@dataclass
class Press:
    """The mouse button went down on a place's top card (maybe the start of a drag)."""

    place: int
    pos: tuple[int, int]
    grab: tuple[int, int]  # pointer minus the card's top-left corner
    #: the second press of a double-click: released where it was, it sends the card home;
    #: moved, it is a drag like any other
    double: bool = False


@dataclass(frozen=True)
class Seen:
    """What was drawn under the pointer at a press while cards were flying: the place (a
    flying card's destination) or None over the felt, the card seen there (its top card)
    or None over an empty place, and that card's corner as drawn."""

    place: int | None
    card: int | None
    corner: tuple[int, int]


@dataclass
class Drag:
    """A card following the mouse."""

    place: int
    card: int
    grab: tuple[int, int]
    pos: tuple[int, int]
    targets: frozenset[int]

    @property
    def corner(self) -> tuple[int, int]:
        """Where the card's top-left corner is."""
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])


class Gestures:
    """What the player's hands are doing on one table: the card pressed, dragged or
    selected, the place under the pointer, the keyboard focus."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.selected: int | None = None
        self.focus = table.game.tableau.start
        self.focus_visible = False
        #: the message naming the place that had the focus when the ring first showed
        self._focus_words = ""
        #: the last arrow's step: (the place it left, the way it went, the place it
        #: reached), so that the opposite arrow goes straight back
        self._arrow_step: tuple[int, tuple[int, int], int] | None = None
        self.last_click: tuple[int, float] | None = None
        self.hover: int | None = None
        #: the place under the pointer has a card that may move now
        self.hover_movable = False
        #: where the pointer is (None until it moves, and once it leaves the window)
        self.pointer: tuple[int, int] | None = None

    def reset(self) -> None:
        """A new position is on the table: nothing is held, the focus is on its first pile."""
        self.press = None
        self.drag = None  # a card of the position before: it has nowhere to fly back to
        self.selected = None
        self.focus = self.table.game.tableau.start
        self.focus_visible = False
        self._arrow_step = None
        self.last_click = None
        self.hover = None

    def cancel(self) -> None:
        """Let go of a card pressed or dragged (the scene lost the input, a key or another
        mouse button came while it was held): a card in hand flies back to its place."""
        self.press = None
        drag, self.drag = self.drag, None
        if drag is not None and self._still_held(drag):
            self.fly_back(drag)

    def position_changed(self) -> None:
        """The game changed: nothing stays selected, and nothing pressed or in hand (a
        release must never play a card the player did not pick up); the hovered card may
        move or not."""
        self.cancel()
        self.selected = None
        self.hover_movable = self.hover is not None and bool(self.table.session.moves_from(self.hover))

    # ----- where things are ---------------------------------------------------------------

    def place_to_lift(self, busy: bool) -> int | None:
        """The place whose movable card is under the pointer, resting (no card in hand,
        none selected, nothing flying while ``busy``): its card lifts a little."""
        hover = self.hover
        if (hover is not None and self.hover_movable and self.drag is None and self.selected is None
                and not busy and self.table.game.piles[hover]):
            return hover
        return None

    def place_at(self, pos: tuple[int, int]) -> int | None:
        """The place under the pointer (its cards or its empty outline), or None."""
        piles = self.table.game.piles
        layout = self.table.layout
        for i in range(len(piles)):
            if layout.pile_rect(i, len(piles[i])).collidepoint(pos):
                return i
        return None

    def drop_target(self, pos: tuple[int, int], card: pygame.Rect) -> int | None:
        """The place a card let go at ``pos`` (covering ``card``) lands on: the one under
        the pointer, else the one it overlaps most, or None."""
        layout = self.table.layout
        counts = self.table.game.piles
        best, best_area = None, 0
        for i, area in enumerate(layout.areas):
            region = area.union(layout.pile_rect(i, len(counts[i])))
            if region.collidepoint(pos):
                return i
            overlap = region.clip(card)
            if overlap.width * overlap.height > best_area:
                best, best_area = i, overlap.width * overlap.height
        return best

    def seen_at(self, pos: tuple[int, int]) -> Seen:
        """What the player sees under the pointer now, flights included (the last one
        drawn is on top). A press on the stock is on the stock, even where a card just
        turned from it is still over it: quick clicks there each turn a card."""
        table = self.table
        layout = table.layout
        piles = table.display_piles()
        stock = table.game.stock

        def resting(i: int) -> Seen:
            pile = piles[i]
            return Seen(i, pile[-1] if pile else None, table.renderer.drawn_top(piles, i).topleft)

        if layout.pile_rect(stock, len(piles[stock])).collidepoint(pos):
            return resting(stock)
        locate = table.renderer.locator(table.game)
        for flight in reversed(table.anim.in_air()):
            x, y = flight.position(locate)
            corner = (round(x), round(y))
            if pygame.Rect(corner, layout.card).collidepoint(pos):
                return Seen(flight.dst, flight.card, corner)
        for i, pile in enumerate(piles):
            if layout.pile_rect(i, len(pile)).collidepoint(pos):
                return resting(i)
        return Seen(None, None, (0, 0))

    def _still_there(self, seen: Seen) -> bool:
        """The card seen at the press is the top card of its place now the cards have
        landed."""
        if seen.place is None or seen.card is None:
            return False
        pile = self.table.game.piles[seen.place]
        return bool(pile) and pile[-1] == seen.card

    def aimed(self) -> int | None:
        """The place the card in hand would drop on now."""
        if self.drag is None:
            return None
        return self.drop_target(self.drag.pos, pygame.Rect(self.drag.corner, self.table.layout.card))

    def draw(self, surface: pygame.Surface, piles: list[list[int]], palette: Palette) -> None:
        """What the hands are doing, on the piles drawn from ``piles``: the legal targets
        of the card in hand (the one it would drop on framed), or the selected card's
        glow and its targets; the keyboard focus ring."""
        table = self.table
        r = table.renderer
        if self.drag is not None:
            aimed = self.aimed()
            for t in self.drag.targets:
                r.target(surface, r.drawn_top(piles, t), t == aimed)
        elif self.selected is not None and not table.anim.busy:
            r.glow(surface, r.drawn_top(piles, self.selected), palette.glow, 255)
            for t in {m.dst for m in table.session.moves_from(self.selected)}:
                r.target(surface, r.drawn_top(piles, t), False)
        if self.focus_visible and table.app.top is table:  # a dialog above has the focus
            r.focus_ring(surface, r.drawn_top(piles, self.focus))

    # ----- the mouse ------------------------------------------------------------------------

    def on_motion(self, event: pygame.event.Event) -> None:
        """Hover, the start of a drag, the card in hand following the pointer. While a
        card is pressed or in hand, the bar's buttons take no notice of the pointer (none
        lights up or shows its tooltip under a card carried over the bar)."""
        table = self.table
        pos = event.pos
        self.pointer = (int(pos[0]), int(pos[1]))
        buttons = getattr(event, "buttons", None)
        if buttons and not buttons[0] and (self.press is not None or self.drag is not None):
            self.cancel()  # the left button is up, yet its release never came
        if self.press is not None and self.drag is None:
            dx, dy = pos[0] - self.press.pos[0], pos[1] - self.press.pos[1]
            if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                self.start_drag(self.press.place, self.press.grab, pos)
        holding = self.press is not None or self.drag is not None
        for button in table.hud.buttons:
            if holding:
                button.hover = False
            else:
                button.handle(event)
        table.hud.number_hover = not holding and table.hud.number_rect.collidepoint(pos)
        hover = self.place_at(pos) if self.drag is None else None
        if hover != self.hover:
            self.hover = hover
            self.hover_movable = hover is not None and bool(table.session.moves_from(hover))
        if self.drag is not None:
            self.drag.pos = (int(pos[0]), int(pos[1]))

    def on_press(self, event: pygame.event.Event) -> None:
        """A button, the game number, a second click of a move, or a card armed; the
        cards in flight land first (see :class:`Seen` for what the press then means).

        A press while the left button holds a card (another button, or a left press
        whose release never came) only lets go of it: a card in hand flies back. A left
        press after a card was armed but never dragged starts afresh. The wheel is no
        press.
        """
        table = self.table
        if event.button in WHEEL_BUTTONS:
            return
        if self.drag is not None or (self.press is not None and event.button != 1):
            self.cancel()
            return
        self.press = None
        pos = event.pos
        seen = self.seen_at(pos) if table.anim.busy else None
        table.anim.finish()
        if any(button.handle(event) for button in table.hud.buttons):
            return
        place = self.place_at(pos) if seen is None else seen.place
        # the card pressed is the one the player saw there
        armable = seen is None or self._still_there(seen)
        if event.button == 3:
            if place is not None and armable:
                table.send_to_foundation(place)
            return
        if event.button != 1:
            return
        self.focus_visible = False
        if table.hud.number_rect.collidepoint(pos):
            table.hud.copy_game_number()
            return
        if place is None:
            self.selected = None
            return
        game = table.game
        if self.selected is not None and place != self.selected:
            src = self.selected
            self.selected = None
            if place != game.stock:  # (a click on the stock turns it: no card goes there)
                # the click is the move aimed: played, or refused with its reason, which
                # the click is not then taken for another (a selection, a drag)
                table.move(src, place)
                return
        if not armable:
            self.selected = None
            return
        double = self.last_click is not None and self.last_click[0] == place \
            and table.clock - self.last_click[1] <= DOUBLE_CLICK and place != game.stock
        if double:
            self.last_click = None
            self.selected = None
        if game.piles[place] and game.places[place].kind != FOUNDATION:
            corner = table.renderer.top_rect(game, place).topleft if seen is None else seen.corner
            at = (int(pos[0]), int(pos[1]))
            # held where the pointer took it, or (a press on a card under the top one: only
            # the top card moves) at the point of the top card nearest the pointer, so the
            # card lifted comes under the pointer
            w, h = table.layout.card
            grab = (min(max(at[0] - corner[0], 0), w - 1), min(max(at[1] - corner[1], 0), h - 1))
            self.press = Press(place, at, grab, double)
        elif double:
            table.send_to_foundation(place)

    def on_release(self, event: pygame.event.Event) -> None:
        """The end of a drag (a drop) or of a click."""
        table = self.table
        for button in table.hud.buttons:
            button.handle(event)
        if event.button != 1:
            return
        drag, self.drag = self.drag, None
        press, self.press = self.press, None
        if drag is not None:
            self.drop(drag, event.pos)
            return
        if press is None:
            return
        if press.double:
            table.send_to_foundation(press.place)
            return
        self.last_click = (press.place, table.clock)
        self.click(press.place)

    def click(self, place: int) -> None:
        """A click on a card without dragging it: select it (the stock turns)."""
        table = self.table
        g = table.game
        if place == g.stock:
            table.turn_stock()
            return
        if self.selected == place:
            self.selected = None
            return
        if table.session.moves_from(place):
            self.pick(place)
        else:
            self.selected = None
            table.say(f"{card_pretty(g.piles[place][-1])} has no move now")

    def pick(self, place: int) -> None:
        """Take up the top card of ``place`` (a click, or Space on the focused card) to
        put it down with the next click or Space. A message about a card before ("9♦ has
        no move now", a refusal) goes: it would stand over what the bar says now, "Holding
        2♥: choose where it goes", as if it were about this card."""
        table = self.table
        if table.message:
            table.hush()
        self.selected = place
        table.sound("pickup")

    def rescale_grab(self, before: tuple[int, int], now: tuple[int, int]) -> None:
        """The cards changed size (the window was resized): the card held, or pressed, is
        held at the same spot of it, not the same pixels from its corner."""
        if before == now:
            return

        def scaled(grab: tuple[int, int]) -> tuple[int, int]:
            return (round(grab[0] * now[0] / before[0]), round(grab[1] * now[1] / before[1]))

        if self.drag is not None:
            self.drag.grab = scaled(self.drag.grab)
        if self.press is not None:
            self.press.grab = scaled(self.press.grab)

    def start_drag(self, place: int, grab: tuple[int, int], pos: tuple[int, int]) -> None:
        """Pick up the top card of ``place``, held at ``grab`` from its corner."""
        table = self.table
        targets = frozenset(m.dst for m in table.session.moves_from(place))
        if table.message:
            table.hush()  # a message about the card before is not about this one
        table.sound("pickup")
        self.selected = None
        self.drag = Drag(place, table.game.piles[place][-1], grab, (int(pos[0]), int(pos[1])), targets)

    def drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        """Let go of the card in hand: the move it aims at, or it flies back. (Only the
        card picked up is ever played: were it no longer the top card of its place,
        nothing would be.)"""
        table = self.table
        if not self._still_held(drag):
            return
        corner = drag.corner
        target = self.drop_target(pos, pygame.Rect(corner, table.layout.card))
        start = (float(corner[0]), float(corner[1]))
        if target is None or target == drag.place or not table.move(drag.place, target, start=start):
            self.fly_back(drag)

    def fly_back(self, drag: Drag) -> None:
        """The card in hand flies back from the pointer to its place."""
        table = self.table
        corner = drag.corner
        slot = len(table.game.piles[drag.place]) - 1
        table.anim.fly_back(drag.card, drag.place, slot, (float(corner[0]), float(corner[1])),
                            speed=table.speed)

    def _still_held(self, drag: Drag) -> bool:
        """The card in hand is still the top card of the place it was picked up from."""
        piles = self.table.game.piles
        return 0 <= drag.place < len(piles) and piles[drag.place][-1:] == [drag.card]

    # ----- the keyboard ---------------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> None:
        """The play keys, the focus keys and the buttons' shortcuts."""
        table = self.table
        key = event.key
        if key != pygame.K_ESCAPE and (self.drag is not None or self.press is not None):
            # A key while a card is in hand puts it back first: the position may change.
            self.cancel()
        ctrl = bool(event.mod & pygame.KMOD_CTRL) if hasattr(event, "mod") else False
        shift = bool(event.mod & pygame.KMOD_SHIFT) if hasattr(event, "mod") else False
        if key == pygame.K_ESCAPE:
            if self.drag is not None or self.selected is not None:
                self.cancel()
                self.selected = None
            else:
                table.exits.pause_to_menu()
        elif is_undo_key(event):
            table.undo()
        elif (key == pygame.K_z and ctrl) or (key == pygame.K_y and ctrl):
            table.redo()
        elif key == pygame.K_F1:
            table.help.show_help()
        elif is_question_mark(event):
            table.help.show_keys()
        elif (action := self._shortcuts().get(key)) is not None:
            action()
        elif key == pygame.K_TAB:
            self.tab(-1 if shift else 1)
        elif key in _ARROWS:
            self.arrow(_ARROWS[key])
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keyboard_act()

    def _shortcuts(self) -> dict[int, Callable[[], None]]:
        """The keys that stand for a button, and what each does."""
        t = self.table
        return {pygame.K_h: self.hint_key, pygame.K_p: t.start_demo, pygame.K_d: t.turn_stock,
                pygame.K_n: t.exits.ask_new_deal, pygame.K_r: t.exits.ask_restart,
                pygame.K_o: t.exits.show_options, pygame.K_f: t.finish, pygame.K_s: self.send_home}

    def tab_order(self) -> list[int]:
        """The places in the order Tab visits them."""
        g = self.table.game
        extra = [g.waste] if g.waste >= 0 else []
        return [*g.tableau, *extra, g.stock, *g.foundations]

    def show_focus(self) -> bool:
        """A focus key (Tab, an arrow, Space, Enter) while no focus ring shows (none was
        shown yet, or the mouse was used since): the ring shows where the focus is, and
        the place is named, and the key does nothing else, since the player could not
        see what it would act on. True then; False when the ring already showed."""
        if self.focus_visible:
            return False
        self.focus_visible = True
        words = self.table.game.profile.place_words(self.focus)
        self.table.say(f"{words} has the focus: arrows move it, Space acts on it")
        self._focus_words = self.table.message
        return True

    def _focus_moved(self) -> None:
        """The focus went to another place: the words naming where it was go too (the
        ring shows where it is now)."""
        said = self._focus_words
        if said and self.table.message == said:
            self.table.hush()
        self._focus_words = ""

    def tab(self, step: int) -> None:
        """Move the focus to the next (``step`` 1) or the previous (−1) place. The first
        focus key only shows the focus; the first Shift+Tab from the first place (where
        the focus starts) shows it on the last, where going back leads."""
        order = self.tab_order()
        if not self.focus_visible and step < 0 and order and self.focus == order[0]:
            self.focus = order[-1]
        if self.show_focus():
            return
        i = order.index(self.focus) if self.focus in order else 0
        self.focus = order[(i + step) % len(order)]
        self._focus_moved()

    def arrow(self, direction: tuple[int, int]) -> None:
        """Move the focus to the nearest place that way, in line with it where one is
        (:meth:`TableLayout.neighbour`); where no place lies that way, it stays. The
        arrow opposite to the last one goes back where that one came from."""
        if self.show_focus():
            return
        here = self.focus
        step = self._arrow_step
        if step is not None and step[2] == here and step[1] == (-direction[0], -direction[1]):
            # the opposite of the last arrow retraces it: the nearest place that way is
            # chosen by the places' shapes, and from the place reached it need not be the
            # one left (Union Square's waste, left of the second row of piles)
            self.focus = step[0]
        else:
            self.focus = self.table.layout.neighbour(here, direction)
        # (an arrow that found no place that way left nothing to retrace)
        self._arrow_step = (here, direction, self.focus) if self.focus != here else None
        self._focus_moved()

    def keyboard_act(self) -> None:
        """Space/Enter: pick up the focused card, or put the held one down here."""
        if self.show_focus():
            return
        table = self.table
        g = table.game
        place = self.focus
        if self.selected is not None:
            src = self.selected
            self.selected = None
            if src == place:
                return
            if src == g.stock and place == g.waste:
                table.turn_stock()
                return
            table.move(src, place)
            return
        if place == g.stock:
            if any(m.dst != g.waste for m in table.session.moves_from(place)):
                self.pick(place)
                table.say("Put the stock card on the waste or into an empty column")
                self._towards_the_hint(place)
            else:
                table.turn_stock()
            return
        if not g.piles[place]:
            table.say(f"{g.profile.place_words(place)} is empty")
            return
        if g.places[place].kind == FOUNDATION:
            table.say("Foundation cards never leave their foundation")
            return
        if table.session.moves_from(place):
            self.pick(place)
            self._towards_the_hint(place)
        else:
            table.say(f"{card_pretty(g.piles[place][-1])} has no move now")

    def _towards_the_hint(self, picked: int) -> None:
        """The card of ``picked`` was picked up by keyboard: if it is the hint's, the focus
        goes where the hint puts it, so the next Space plays the hint."""
        hint = self.table.session.hint
        if hint is not None and hint.move.src == picked:
            self.focus = hint.move.dst

    def hint_key(self) -> None:
        """H: the hint, as the Hint button shows it, with the keyboard's focus (shown) on
        its card: Space picks it up (or turns the stock) and focuses where it goes."""
        table = self.table
        table.hint()
        hint = table.session.hint
        if hint is not None and table.app.top is table and self.selected is None:
            self.focus = hint.move.src
            self.focus_visible = True

    def send_home(self) -> None:
        """S: the focused card (or the one in hand) goes to a foundation that takes it, as
        a double-click sends it."""
        if self.show_focus():
            return
        place = self.selected if self.selected is not None else self.focus
        self.selected = None
        self.table.send_to_foundation(place)

