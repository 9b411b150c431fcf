"""The demo player on the table: the game plays itself, one move at a time, watchably.

A thin scene pushed over the table (read through :class:`DemoTable`). The table below keeps
updating (every scene updates each frame), so its flights land as usual; once they are
down this scene asks the honest demo player (:func:`game.search.demo.demo_move`, which
sees only the player's view) for the next move in a process of its own
(:class:`~game.search.demo.BackgroundMove`), so the frames keep coming while it thinks;
when the pause between moves is over and the move is chosen, the table's play session
plays it for the player (:meth:`~game.session.PlaySession.play_demo_move`: a demo move costs
and earns nothing, and marks the game as assisted).

The game goes on while the demo plays it, so its clock runs (the scene
:attr:`~game.ui.app.Scene.plays_below`): the time the demo takes is the game's time, in
the replay and in the statistics, as the player's would be.

The banner in the footer says what the demo's last move did, in the hint's words ("builds
9♠ on 10♥, frees 5♥ for the foundation"), beside how to take over.

Any click or key except the speed keys hands the game back to the player at once (a
move still being thought out is dropped and the demo's process ends): the scene pops itself, the table is the
player's again in the position the demo left, and the click or key goes on to the table,
so a click on Undo or Hint stops the demo *and* undoes or hints. Esc, the demo's own key
and its button only stop it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..search.dead_end import dead_end
from ..search.demo import SCREEN_MS, SCREEN_NODES, BackgroundMove, stop_thinking
from ..search.hint import reason_parts
from . import theme
from .app import Scene
from .drawn import Kind
from .keys import is_a_press
from .widgets import fitting_px

if TYPE_CHECKING:
    from ..engine import Game, Move
    from .anim import Animator
    from .app import App
    from .layout import TableLayout

#: the pause between two demo moves at each speed (seconds), slowest first
PAUSES = (1.4, 0.8, 0.45, 0.2, 0.05)
DEFAULT_SPEED = 3

_SPEED_UP = {pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHTBRACKET}
_SLOW_DOWN = {pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFTBRACKET}
#: keys that only stop the demo (the others go on to the table once it has stopped)
_ONLY_STOP = {pygame.K_ESCAPE, pygame.K_p}


class DemoTable(Protocol):
    """What the demo needs of the table it plays on."""

    anim: Animator
    #: the table has yet to take note of the game's result (cards are still landing)
    result_due: bool

    @property
    def game(self) -> Game:
        """The position on the table."""
        ...

    @property
    def layout(self) -> TableLayout:
        """Where the table draws, for the demo's banner."""
        ...

    def play_demo_move(self, move: Move) -> None:
        """Play the demo's move for the player."""

    def demo_stopped(self, why: str) -> None:
        """The demo handed the game back, for the reason ``why``."""

    def after_demo(self, event: pygame.event.Event) -> None:
        """The player's click or key that took the game over, to act on as usual."""


class DemoScene(Scene):
    """Plays the table's game by itself until it ends or the player takes over."""

    opaque = False
    plays_below = True
    name = "demo"

    def __init__(self, app: App, table: DemoTable, *, speed: int = DEFAULT_SPEED) -> None:
        super().__init__(app)
        self.table = table
        self.speed = max(1, min(len(PAUSES), speed))
        self.wait = 0.25
        self.moves = 0
        #: the next move, being thought out (None while cards fly or before the first)
        self.thinking: BackgroundMove | None = None
        #: the number of moves of the position last looked at for a dead end
        self.looked_for_dead_end = -1
        #: what the last move did, in the hint's words ("" before the first)
        self.said = ""
        self._banner: pygame.Surface | None = None
        self._banner_key: tuple[int, int, int, bool, str] | None = None
        self._banner_words = ""

    # ----- input ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Speed keys change the pace; any other key (but a modifier) or click hands the
        game back, and the wheel does nothing."""
        if event.type == pygame.KEYDOWN:
            if event.key in _SPEED_UP:
                self.set_speed(self.speed + 1)
            elif event.key in _SLOW_DOWN:
                self.set_speed(self.speed - 1)
            elif is_a_press(event):
                self.take_over()
                if event.key not in _ONLY_STOP:
                    self.table.after_demo(event)
        elif is_a_press(event):
            # a click (a turn of the wheel is no click: it leaves the demo playing)
            self.take_over()
            self.table.after_demo(event)

    def set_speed(self, speed: int) -> None:
        """Speed 1 (slowest) to 5 (fastest)."""
        self.speed = max(1, min(len(PAUSES), speed))
        self.wait = min(self.wait, PAUSES[self.speed - 1])

    def take_over(self, why: str = "Your game again: the demo stopped") -> None:
        """Stop the demo and give the table back to the player."""
        if self.app.top is not self:
            return
        self.thinking = None
        stop_thinking()
        self.table.anim.finish()
        self.app.pop()
        self.table.demo_stopped(why)

    def wants_quit(self) -> bool:
        """The window is closing: the demo's process ends with it."""
        self.thinking = None
        stop_thinking()
        return True

    # ----- the demo's moves ----------------------------------------------------------------

    def update(self, dt: float) -> None:
        """When the cards are at rest, think out the next move (in the worker process);
        when the pause is over and the move is chosen, play it. Not while the window is
        away (minimised, or without the focus): the game's clock stops then, so the game
        waits too, and the demo goes on where it was when the player is back."""
        table = self.table
        if self.app.top is not self or self.app.away or table.anim.busy or table.result_due:
            return
        game = table.game
        if game.is_won():
            self.take_over("The demo won this deal")
            return
        if game.is_lost():
            self.take_over("No moves left: the demo could not win this deal")
            return
        if self.looked_for_dead_end != len(game.history):
            # a dead end keeps legal moves for ever: shuffling them would only look busy
            self.looked_for_dead_end = len(game.history)
            if dead_end(game):
                self.take_over("No way to win from here: the demo stopped")
                return
        if self.thinking is None or self.thinking.moves != len(game.history):
            self.thinking = BackgroundMove(game, max_nodes=SCREEN_NODES, max_ms=SCREEN_MS)
        self.wait -= dt
        if self.wait > 0 or not self.thinking.done:
            return
        try:
            move = self.thinking.move()
        except RuntimeError as err:  # the search failed: the player hears why, and plays on
            self.thinking = None
            self.take_over(f"The demo stopped: {err}")
            return
        self.thinking = None
        if move is None:
            self.take_over("The demo sees no move that leads anywhere new: over to you")
            return
        self.said = ", ".join(reason_parts(game.player_view(), move, 0.0)[:2])
        table.play_demo_move(move)
        self.moves += 1
        self.wait = PAUSES[self.speed - 1]

    # ----- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """A banner in the table's footer strip (where the table's own messages go: while
        the demo plays they are not the player's business) saying how to take over."""
        palette = self.app.palette
        lay = self.table.layout
        foot = lay.footer
        if foot.height <= 0:  # a layout without a footer: just below the HUD
            foot = pygame.Rect(0, lay.hud.bottom + 4, surface.get_width(), lay.hud.height // 2)
        key = (foot.width, foot.height, self.speed, palette.high_contrast, self.said)
        if self._banner is None or self._banner_key != key:
            self._banner = self._render_banner(foot)
            self._banner_key = key
        at = self._banner.get_rect(center=foot.center)
        surface.blit(self._banner, at)
        self.app.drawn.add(Kind.TEXT, at, f"the demo's banner {self._banner_words!r}")

    def _render_banner(self, foot: pygame.Rect) -> pygame.Surface:
        """The banner's words: what the last move did and how to take over, the longest
        form that fits the footer (the move's words shortened to their first part, then
        left out, before the letters shrink)."""
        palette = self.app.palette
        px = palette.scaled(max(11, round(foot.height * 0.55)))
        room = foot.width - 2 * foot.height
        speed = f"speed {self.speed} of {len(PAUSES)} (− / + keys)"
        said = [self.said, self.said.split(", ")[0]] if self.said else []
        tries = [*(f"Demo: {w}  ·  {speed}  ·  any key takes over" for w in said),
                 *(f"Demo: {w}  ·  speed {self.speed} (− +)  ·  any key takes over" for w in said),
                 *(f"Demo: {w}  ·  any key takes over" for w in said),
                 f"Demo playing  ·  {speed}  ·  click or press any key to take over",
                 f"Demo · speed {self.speed} (− +) · any key takes over"]
        font = theme.font(px, bold=True)
        words = next((w for w in tries if font.size(w)[0] <= room), tries[-1])
        self._banner_words = words
        px = fitting_px(words, px, room, 10, bold=True)
        label = theme.font(px, bold=True).render(words, True, palette.ink)
        height = max(foot.height, label.get_height() + 4)
        banner = pygame.Surface((label.get_width() + 2 * height, height), pygame.SRCALPHA)
        radius = height // 2
        pygame.draw.rect(banner, (*palette.shadow[:3], 235), banner.get_rect(), border_radius=radius)
        pygame.draw.rect(banner, palette.gold, banner.get_rect(), width=2, border_radius=radius)
        banner.blit(label, label.get_rect(center=banner.get_rect().center))
        return banner.convert_alpha() if pygame.display.get_surface() is not None else banner
