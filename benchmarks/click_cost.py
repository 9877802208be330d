"""What a click costs in the kernel: the time it takes and what it sends, per game.

The clicks of ``benchmarks/browser_latency.py`` (issue 27 item 16), made in plain
Python on the same kind of game: for each, the median time of the whole click
(hit test, pick, redraw, panels; wall clock and this process's CPU time: the
machine may be busy), and what leaves the kernel: the canvas messages, their
drawing commands per layer and their bytes, and the other widget messages.
A click that changes only the choice should draw on the choice layers alone.

    .venv/bin/python benchmarks/click_cost.py [--clicks 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ipywidgets import Widget

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from tests.ui.messages import layer_names, record_batches

#: A measure: the widget, and the click to make (the number of the click: alternate targets).
Setup = tuple[Any, Callable[[int], None]]


def mini_rails_board() -> Setup:
    """Two market discs clicked in turn (the disc in hand moves)."""
    w = MiniRailsWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], bot_pause=0)
    slots = [i for i, c in enumerate(w.game.state.market) if isinstance(c, str)][:2]
    at = [w.board_layout.market_slot_centre(slot) for slot in slots]
    return w, lambda i: w.click(*at[i % 2])


def mini_rails_button() -> Setup:
    """Build with a disc in hand (the legal hexes light up), then Back (as the browser does)."""
    w, _ = mini_rails_board()
    slot = next(i for i, c in enumerate(w.game.state.market) if isinstance(c, str))
    w.click(*w.board_layout.market_slot_centre(slot))
    build = w.choice_button("Build")

    def click(i: int) -> None:
        if i:
            w.back_button.click()
        build.click()

    return w, click


def twisty_tracks_board() -> Setup:
    """Two lit spaces clicked in turn (the ghost moves)."""
    w = TwistyTracksWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], bot_pause=0)
    cells = w.lit()[:2]
    return w, lambda i: w.click(*w.cell_centre(cells[i % 2]))


def twisty_tracks_button() -> Setup:
    """Rotate, with a ghost on a lit space (it turns)."""
    w, click = twisty_tracks_board()
    click(0)
    rotate = w.choice_button("Rotate")
    return w, lambda i: rotate.click()


def off_the_rails_board() -> Setup:
    """Place straight, then two free squares clicked in turn (the ghost moves)."""
    seats = ["human", "greedy", "greedy", "greedy"]
    w = OffTheRailsWidget(players=4, seed=1, seats=seats, bot_pause=0)
    if w.choice.options("side"):
        w.pick("side", w.choice.options("side")[0])
    w.pick("verb", "straight")
    at = [w.board_layout.centre(square) for square in ((5, 5), (6, 6))]
    return w, lambda i: w.click(*at[i % 2])


def off_the_rails_button() -> Setup:
    """Place corner and Place straight in turn, a square in hand (the ghost changes shape)."""
    w, click = off_the_rails_board()
    click(0)
    verbs = ["corner", "straight"]
    return w, lambda i: w.pick_by_button("verb", verbs[i % 2])


MEASURES: dict[str, Callable[[], Setup]] = {
    "Mini Rails board click": mini_rails_board,
    "Mini Rails button": mini_rails_button,
    "Twisty Tracks board click": twisty_tracks_board,
    "Twisty Tracks button": twisty_tracks_button,
    "Off the Rails board click": off_the_rails_board,
    "Off the Rails button": off_the_rails_button,
}


def measure(setup: Setup, clicks: int) -> dict[str, Any]:
    """Time ``clicks`` clicks, then count what the last one sent."""
    w, click = setup
    wall, cpu = [], []
    for i in range(clicks):
        start, start_cpu = time.perf_counter(), time.process_time()
        click(i)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    others: list[Widget] = []
    widget_send = Widget._send

    def send(self: Widget, *args: Any, **kwargs: Any) -> None:
        others.append(self)
        widget_send(self, *args, **kwargs)

    Widget._send = send  # type: ignore[method-assign]
    try:
        with record_batches() as batches:
            click(clicks)
    finally:
        Widget._send = widget_send  # type: ignore[method-assign]
    names = layer_names(w.board.canvas, w.LAYERS)
    per_layer: dict[str, int] = {}
    for batch in batches:
        for name, n in batch.on(names).items():
            per_layer[name] = per_layer.get(name, 0) + n
    return {
        "wall": statistics.median(wall) * 1000,
        "cpu": statistics.median(cpu) * 1000,
        "messages": len(batches),
        "commands": per_layer,
        "bytes": sum(batch.size for batch in batches),
        "widgets": len(others) - len(batches),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="clicks per measure")
    args = parser.parse_args()
    print(f"one click in the kernel, median of {args.clicks} (plain Python, no page)")
    print(
        f"{'':<26} {'wall':>8} {'CPU':>8} {'canvas':>6} {'bytes':>7}  commands per layer;"
        " other widget messages"
    )
    for name, make in MEASURES.items():
        m = measure(make(), args.clicks)
        layers = ", ".join(f"{layer} {n}" for layer, n in m["commands"].items()) or "none"
        print(
            f"{name:<26} {m['wall']:6.2f}ms {m['cpu']:6.2f}ms {m['messages']:>6} {m['bytes']:>7}"
            f"  {layers}; {m['widgets']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
