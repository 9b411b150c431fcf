"""Screen figures for ``main.py bench``: table frame times, start-up time, memory.

Everything runs with the dummy video driver at 1280x800:

- per rule set, a full-table frame (update, draw every scene, flip) with ten cards in
  flight: the usual frame, where the resting cards come from the cached layer, and a
  full redraw, where that layer is rebuilt every frame (the worst case, as when cards
  land); those cards have just taken off; the mid-flight frame has them half-way, high
  in the air with their shadows;
- per rule set, the demo playing game 1 at its fastest for a few seconds in the real
  loop's rhythm (a frame every 1/60 s, the rest of the time asleep as when waiting for
  the display): the longest frame while the demo thinks in its own process (it must stay
  under 20 ms) and the 99th percentile, the main thread's processor time in its busiest
  frame, the frames drawn while a move was being thought out, and the moves made;
- per rule set, "Where did I go wrong?" opened on a lost game and run for a few seconds
  (or until it answers) in the same rhythm: the frame that opens it (and starts its
  process), the longest frame after that while it searches in its own process, the main
  thread's processor time in its busiest frame, and the frames drawn meanwhile;
- start-up: wall time from starting a fresh Python process until it has drawn and
  flipped its first frame of the menu;
- the drawing of a whole deck of faces afresh at 50, 80 and 160 px wide;
- resident memory (VmRSS) after playing a game of each rule set with animations on,
  and the machine's load average (other processes make the 99th percentiles jump).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TITLE = "ui"
SIZE = (1280, 800)
IN_FLIGHT = 10
#: seconds the demo plays on each rule set's table (a quick run plays less)
DEMO_SECONDS = 6.0


def run(quick: bool = False) -> dict[str, dict[str, Any]]:
    """Frame times per rule set, then start-up and memory."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"

    from ..engine import RULE_IDS, new_game
    from ..records.settings import Settings
    from .scenes import open_app
    from .table import TableScene

    app = open_app(size=SIZE, settings=Settings(), headless=True)
    app.running = True
    frames = 120 if quick else 600
    out: dict[str, dict[str, Any]] = {}
    for rules in RULE_IDS:
        scene = TableScene(app, new_game(rules, 1))
        scene.keep_records = False
        app.reset(scene)
        scene.anim.finish()
        app.step(1 / 60)

        _measure(app, scene, frames, rebuild=False)  # warm the caches
        usual = _measure(app, scene, frames, rebuild=False)
        full = _measure(app, scene, frames, rebuild=True)
        middle = _measure(app, scene, frames, rebuild=False, progress=0.5)
        out[rules] = {
            "cards_in_flight": len(scene.anim.flights),
            "frame_median_ms": _ms(statistics.median(usual)),
            "frame_p99_ms": _ms(_p99(usual)),
            "redraw_median_ms": _ms(statistics.median(full)),
            "redraw_p99_ms": _ms(_p99(full)),
            "midflight_median_ms": _ms(statistics.median(middle)),
            "midflight_p99_ms": _ms(_p99(middle)),
            **_demo_frames(app, rules, DEMO_SECONDS / (3 if quick else 1)),
            **_analysis_frames(app, rules, DEMO_SECONDS / (3 if quick else 1)),
        }
    out["card_faces"] = _faces()
    out["process"] = {
        "start_to_first_menu_frame_median_s": round(_startup(3 if quick else 7), 3),
        "rss_after_play_mb": round(_play_and_measure(app), 1),
        "load_average_1m": round(os.getloadavg()[0], 2),
    }
    return out


def _faces() -> dict[str, float]:
    """Milliseconds to draw the 52 faces afresh (an empty cache) at three card widths:
    what a new window size costs before its first frame shows every card."""
    from ..engine.cards import SUITS, card
    from .art import CardArt

    out: dict[str, float] = {}
    for width in (50, 80, 160):
        size = (width, round(width * 1.4))
        deck = CardArt()
        t0 = time.perf_counter()
        for suit in SUITS:
            for rank in range(1, 14):
                deck.face(card(suit, rank), size)
        out[f"deck_{width}px_ms"] = _ms(time.perf_counter() - t0)
    return out


def _launch(scene: Any, progress: float = 0.0) -> None:
    """Ten resting cards (tops first, then the cards under them) fly home from all over
    the table, slowly enough to stay in the air while measured, ``progress`` of the way
    already."""
    from .anim import RETURN, Flight

    scene.anim.finish()
    g = scene.game
    rng = random.Random(5)
    chosen: list[tuple[int, int]] = []
    for depth in range(1, 30):
        for i, pile in enumerate(g.piles):
            if len(chosen) < IN_FLIGHT and len(pile) >= depth and i != g.stock:
                chosen.append((i, len(pile) - depth))
    for i, slot in chosen:
        start = (rng.uniform(0, SIZE[0] - 100), rng.uniform(80, SIZE[1] - 140))
        scene.anim.flights.append(Flight(g.piles[i][slot], i, slot, i, slot, 0.0, 1000.0,
                                         kind=RETURN, start=start, elapsed=1000.0 * progress))


def _measure(app: Any, scene: Any, frames: int, *, rebuild: bool,
             progress: float = 0.0) -> list[float]:
    """Seconds per frame (update, draw, flip) with the cards of _launch in the air,
    ``progress`` of their way done; ``rebuild`` throws the cached layer of resting cards
    away every frame."""
    import pygame

    _launch(scene, progress)
    times = []
    for _ in range(frames):
        if rebuild:
            scene.renderer.forget_cards()
        t0 = time.perf_counter()
        scene.update(1 / 60)
        app.draw()
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    assert len(scene.anim.in_air()) == len(scene.anim.flights) == IN_FLIGHT
    return times


def _demo_frames(app: Any, rules: str, seconds: float) -> dict[str, Any]:
    """The demo plays game 1 of ``rules`` at its fastest for ``seconds``, a frame every
    1/60 s as in the real loop: the longest frame and the 99th percentile (wall time), the
    main thread's own processor time in its busiest frame (what the frame costs without
    waiting for the machine or the interpreter), how many frames came while a move was
    being thought out (the frames the worker process must not stall), and the moves made."""
    import pygame

    from ..engine import new_game
    from .demo_scene import PAUSES, DemoScene
    from .table import TableScene

    scene = TableScene(app, new_game(rules, 1))
    scene.keep_records = False
    app.reset(scene)
    scene.anim.finish()
    app.step(1 / 60)
    scene.start_demo()
    demo = app.top
    assert isinstance(demo, DemoScene)
    demo.set_speed(len(PAUSES))
    pygame.event.clear()
    times: list[float] = []
    busiest = 0.0
    thinking = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.top is demo:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        spent = time.perf_counter() - t0
        busiest = max(busiest, time.thread_time() - c0)
        times.append(spent)
        if demo.thinking is not None and not demo.thinking.done:
            thinking += 1
        time.sleep(max(0.0, 1 / 60 - spent))
    moves = demo.moves
    demo.take_over()
    return {"demo_longest_frame_ms": _ms(max(times)), "demo_frame_p99_ms": _ms(_p99(times)),
            "demo_busiest_frame_cpu_ms": _ms(busiest), "demo_thinking_frames": thinking,
            "demo_moves": moves}


def _analysis_frames(app: Any, rules: str, seconds: float) -> dict[str, Any]:
    """"Where did I go wrong?" on game 1 of ``rules`` played to a loss by random moves,
    run for ``seconds`` or until it answers, a frame every 1/60 s as in the real loop: the
    frame that opens it (which starts the analysis's process: a fork of this one, whose
    wall time grows with the machine's load) and its processor time, the longest frame after
    it and the main thread's processor time in the busiest one (the searches run in the
    other process, so neither should grow with them), the frames drawn while it searched,
    and whether it answered in the time."""
    from ..engine import new_game
    from ..session.positions import lost_position
    from .dialogs import AnalysisDialog
    from .table import TableScene

    scene = TableScene(app, lost_position(new_game(rules, 1)))
    scene.keep_records = False
    app.reset(scene)
    scene.anim.finish()
    app.step(1 / 60)
    t0, c0 = time.perf_counter(), time.thread_time()
    app.show("analysis", game=scene.game)  # as the lost game's dialog's button does
    app.step(1 / 60)
    opening, opening_cpu = time.perf_counter() - t0, time.thread_time() - c0
    dialog = app.top
    assert isinstance(dialog, AnalysisDialog)
    times: list[float] = []
    busiest = 0.0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and dialog.analysis is None and not dialog.failure:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        spent = time.perf_counter() - t0
        busiest = max(busiest, time.thread_time() - c0)
        times.append(spent)
        time.sleep(max(0.0, 1 / 60 - spent))
    answered = dialog.analysis is not None
    dialog.job.cancel()
    return {"analysis_open_frame_ms": _ms(opening), "analysis_open_frame_cpu_ms": _ms(opening_cpu),
            "analysis_longest_frame_ms": _ms(max(times, default=0.0)),
            "analysis_busiest_frame_cpu_ms": _ms(busiest), "analysis_frames": len(times),
            "analysis_answered": answered}


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


_FIRST_FRAME = """
import sys
from pathlib import Path
from game.ui.scenes import open_app
app = open_app(size=(1280, 800), data_dir=Path(sys.argv[1]), headless=True)
app.running = True
app.show("menu")
app.step(1 / 60)
print("drawn", flush=True)
"""


def _startup(runs: int) -> float:
    """Median wall time from starting a fresh Python process to the moment its first
    frame of the menu has been drawn and flipped."""
    root = Path(__file__).resolve().parents[2]
    code = _FIRST_FRAME
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            t0 = time.perf_counter()
            child = subprocess.Popen([sys.executable, "-c", code, tmp], cwd=root, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            assert child.stdout is not None
            for line in child.stdout:  # pygame prints its banner first
                if line.strip() == "drawn":
                    times.append(time.perf_counter() - t0)
                    break
            child.wait()
    return statistics.median(times) if times else float("nan")


def _play_and_measure(app: Any) -> float:
    """Play a game of each rule set through the table (random legal moves, every flight
    drawn), then read the process's resident memory in MB."""
    from ..engine import RULE_IDS, new_game
    from .table import TableScene

    rng = random.Random(11)
    for rules in RULE_IDS:
        scene = TableScene(app, new_game(rules, 2))
        scene.keep_records = False
        app.reset(scene)
        for _ in range(150):
            moves = scene.game.legal_moves()
            if not moves:
                break
            scene.play(rng.choice(moves))
            while scene.anim.busy:
                app.step(1 / 60)
            app.step(1 / 60)
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")
