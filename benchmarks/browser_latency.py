"""How fast the widgets answer a click, in a real browser, beside a bare canvas.

For a click on the board and for a button, the time from the browser's event to
changed pixels on the canvas, in JupyterLab and in Voilà: median and 90th
percentile over ``--clicks`` clicks (at least 20). Aim: median under 100 ms,
and at most 1.3 times the floor. Times are measured inside the page
(``performance.now()`` at the event, then the canvas's pixels compared after
every task), so Playwright's own round trips are not counted; the kernel round
trip and the drawing are.

The floor is measured the same way in the same run, on the same server, before
and after the widgets (pooled): a bare ipycanvas ``Canvas`` whose click handler
draws one dot. Each widget's median is also given as a ratio to that floor.

The page looks for the change round the spot where the click's answer is drawn
(the dot, the ghost tile, the disc in hand; ``--probe area``, the default): the
pixels there are read back and compared after every task. Reading back and
hashing a whole 1000×640 board after every task costs the page several
milliseconds each time, so it slows the page it measures, and a big board more
than the small bare canvas. Mini Rails' Build lights hexes all over the map, so
that button is watched whole and compared with the floor watched whole (the
floor is measured both ways, every other click). ``--probe whole`` watches every
measure whole, as this benchmark did until December 2026.

    .venv/bin/python benchmarks/browser_latency.py [--clicks 30] [--games minirails twistytracks offtherails]
        [--probe area|whole]

Needs Debian's Chromium at /usr/bin/chromium (``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from playwright.sync_api import BrowserContext, Locator, Page  # noqa: E402

from railwidgets.twistytracks.geometry import Layout as TwistyLayout  # noqa: E402
from tests.e2e.browser import (  # noqa: E402
    KernelSocketWatch,
    arm_latency_probe,
    canvas_fingerprint,
    click_canvas,
    launch_browser,
    open_and_run,
    read_latency_ms,
    wait_for_change,
)
from tests.e2e.minirails_page import HUMAN_PROMPT as MINI_RAILS_PROMPT  # noqa: E402
from tests.e2e.minirails_page import WIDGET_ROOT, MiniRailsView, take_a_disc  # noqa: E402
from tests.e2e.offtherails_page import WIDGET_ROOT as OTR_ROOT  # noqa: E402
from tests.e2e.offtherails_page import OffTheRailsView  # noqa: E402
from tests.e2e.servers import JupyterServer, running_server  # noqa: E402
from tests.e2e.twisty_page import HUMAN_PROMPT as TWISTY_PROMPT  # noqa: E402
from tests.e2e.twisty_page import WIDGET_ROOT as TWISTY_ROOT  # noqa: E402
from tests.e2e.twisty_page import TwistyView  # noqa: E402

MINI_RAILS_NOTEBOOK = "play-mini-rails.ipynb"
TWISTY_NOTEBOOK = "play-twisty-tracks.ipynb"
OTR_NOTEBOOK = "play-off-the-rails.ipynb"
BASELINE_NOTEBOOK = "latency-floor.ipynb"
#: The floor: a bare canvas that draws a dot where it is clicked, nothing else.
BASELINE_SOURCE = """\
from ipycanvas import Canvas
from ipywidgets import Layout

canvas = Canvas(width=600, height=200, layout=Layout(width="600px", height="200px"))


def dot(x, y):
    canvas.fill_style = "#1F5FBF"
    canvas.fill_circle(x, y, 6)


canvas.on_mouse_down(dot)
canvas
"""

Measures = dict[str, list[float]]


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def open_page(context: BrowserContext, server: JupyterServer, notebook: str, ready: str) -> Page:
    page = context.new_page()
    watch = KernelSocketWatch().attach(page)
    if server.kind == "voila":
        page.goto(server.url_for(notebook))
    else:
        open_and_run(page, server.url_for(notebook), ready, watch)
    return page


def settle(page: Page, canvas: Locator, before: int) -> None:
    """Wait until the canvas has changed from ``before`` and the messages are done."""
    wait_for_change(lambda: canvas_fingerprint(canvas), before, page, what="canvas")
    page.wait_for_timeout(100)


#: Where the probe looks: ``area`` (round the spot where the answer is drawn) or ``whole``.
PROBE = {"area": True}

#: A measure watched on the whole canvas (its ratio is to the floor watched whole too).
WHOLE = "(whole)"

#: A spot on the canvas where a click's answer is drawn: ``(x, y, half-side)`` in canvas pixels.
Spot = tuple[float, float, float]


def timed(
    page: Page, canvas: Locator, event: str, act: Callable[[], None], spot: Spot | None = None
) -> float:
    arm_latency_probe(canvas, event, around=spot if PROBE["area"] else None)
    act()
    latency = read_latency_ms(page)
    page.wait_for_timeout(100)
    return latency


# -- the floor: a bare canvas ------------------------------------------------------------------


def run_baseline(context: BrowserContext, server: JupyterServer, clicks: int) -> Measures:
    (server.root_dir / BASELINE_NOTEBOOK).write_text(json.dumps(_baseline_notebook()))
    page = open_page(context, server, BASELINE_NOTEBOOK, "canvas")
    canvas = page.locator("canvas").first
    canvas.wait_for(state="visible")
    page.wait_for_timeout(500)
    spot, whole = [], []  # watched round the dot, and watched whole (each every other click)
    for i in range(clicks):  # a new dot each time, along a line
        x, y = 20 + 11 * (i % 50), 30 + 20 * (i // 50)
        act = lambda x=x, y=y: click_canvas(canvas, x, y)  # noqa: E731
        if i % 2:
            whole.append(timed(page, canvas, "mousedown", act))
        else:
            spot.append(timed(page, canvas, "mousedown", act, (x, y, 8)))
    page.close()
    return {"canvas click": spot, WHOLE: whole}


def _baseline_notebook() -> dict[str, object]:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": BASELINE_SOURCE,
            }
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


# -- the widgets -------------------------------------------------------------------------------------


def run_mini_rails(context: BrowserContext, server: JupyterServer, clicks: int) -> Measures:
    page = open_page(context, server, MINI_RAILS_NOTEBOOK, WIDGET_ROOT)
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    view.wait_status(MINI_RAILS_PROMPT)
    # two market slots holding discs: clicking one, then the other, moves the selection
    _, first = take_a_disc(view, range(9))
    _, second = take_a_disc(view, range(first + 1, 9))
    slots = (first, second)
    page.wait_for_timeout(200)
    spots = [(*view.layout.market_slot_centre(slot), (view.layout.slot - 3) / 2) for slot in slots]
    board = [
        timed(
            page,
            view.canvas,
            "mousedown",
            lambda i=i: view.click_market(slots[i % 2]),
            spots[i % 2],
        )
        for i in range(clicks)
    ]
    buttons: list[float] = []
    build, back = view.button("Build"), view.button("Back")
    for i in range(clicks):
        if i:  # Back: the disc stays in hand, nothing lit (another slot would keep Build)
            before = canvas_fingerprint(view.canvas)
            back.click()
            settle(page, view.canvas, before)
        buttons.append(timed(page, view.canvas, "click", build.click))  # the legal hexes light
    page.close()
    return {"board click": board, f"button {WHOLE}": buttons}


def run_twisty_tracks(context: BrowserContext, server: JupyterServer, clicks: int) -> Measures:
    page = open_page(context, server, TWISTY_NOTEBOOK, TWISTY_ROOT)
    view = TwistyView.only_one(page)
    view.wait_painted()
    view.wait_status(TWISTY_PROMPT)
    page.wait_for_timeout(300)
    layout = TwistyLayout(3, focus=0)
    cells = ((1, 2), (3, 2))  # in front of the two depots: lit in round 1
    frame = next(box for box in layout.frames if box.seat == 0)
    spots = [(*frame.cell_centre(cell), frame.cell / 2) for cell in cells]
    board = [  # the ghost moves from one lit space to the other
        timed(
            page,
            view.canvas,
            "mousedown",
            lambda i=i: view.click_cell(layout, 0, cells[i % 2]),
            spots[i % 2],
        )
        for i in range(clicks)
    ]
    rotate, ghost = view.button("Rotate"), spots[(clicks - 1) % 2]
    buttons = [timed(page, view.canvas, "click", rotate.click, ghost) for _ in range(clicks)]
    page.close()
    return {"board click": board, "button": buttons}


def run_off_the_rails(context: BrowserContext, server: JupyterServer, clicks: int) -> Measures:
    page = open_page(context, server, OTR_NOTEBOOK, OTR_ROOT)
    view = OffTheRailsView.only_one(page)
    view.wait_painted()
    if "choose the side" in view.wait_status(r"(choose the side|actions left)", 60):
        view.press("Side N: Red")
    view.wait_status(r"\d actions left", 60)
    view.press("Place straight")
    page.wait_for_timeout(300)
    squares = [(5, 5), (6, 6)]  # free squares in the middle: the ghost moves between them
    spots = [(*view.layout.centre(square), view.layout.cell / 2) for square in squares]
    board = [
        timed(
            page,
            view.canvas,
            "mousedown",
            lambda i=i: click_canvas(view.canvas, *view.layout.centre(squares[i % 2])),
            spots[i % 2],
        )
        for i in range(clicks)
    ]
    names = ["Place corner", "Place straight"]  # the ghost on the square changes shape
    ghost = spots[(clicks - 1) % 2]
    buttons = [
        timed(page, view.canvas, "click", view.button(names[i % 2]).click, ghost)
        for i in range(clicks)
    ]
    page.close()
    return {"board click": board, "button": buttons}


GAMES: dict[str, tuple[str, Callable[[BrowserContext, JupyterServer, int], Measures]]] = {
    "minirails": ("Mini Rails", run_mini_rails),
    "twistytracks": ("Twisty Tracks", run_twisty_tracks),
    "offtherails": ("Off the Rails", run_off_the_rails),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="clicks per measure (>= 20)")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument(
        "--probe",
        choices=["area", "whole"],
        default="area",
        help="watch the pixels round the answer's spot (default) or the whole canvas",
    )
    args = parser.parse_args()
    PROBE["area"] = args.probe == "area"
    clicks = max(20, args.clicks)
    started = time.monotonic()
    results: dict[str, dict[str, Measures]] = {}
    failed = []
    with launch_browser() as context:
        for kind in ("lab", "voila"):
            results[kind] = {}
            with running_server(kind) as server:  # type: ignore[arg-type]
                # the floor before and after the widgets, pooled: the server and the
                # machine settle as a run goes on, and the floor must see the same
                floor = run_baseline(context, server, clicks)
                for game in args.games:
                    title, run = GAMES[game]
                    try:
                        results[kind][title] = run(context, server, clicks)
                    except Exception as err:  # report the others, then fail
                        failed.append(f"{title} in {kind}: {err!r}")
                after = run_baseline(context, server, clicks)
                results[kind] = {
                    "floor": {what: floor[what] + after[what] for what in floor},
                    **results[kind],
                }
    print(f"click -> changed pixels, {clicks} clicks each (headless Chromium, this machine)")
    print(
        f"{'':<10} {'':<14} {'what':<16} {'median':>9} {'p90':>9} {'min':>9} {'max':>9} {'/floor':>7}"
    )
    for kind, by_widget in results.items():
        name = {"lab": "JupyterLab", "voila": "Voilà"}[kind]
        floors = {
            False: statistics.median(by_widget["floor"]["canvas click"]),
            True: statistics.median(by_widget["floor"][WHOLE]),
        }
        for widget, measures in by_widget.items():
            for what, timings in measures.items():
                median = statistics.median(timings)
                floor = floors[what.endswith(WHOLE) or not PROBE["area"]]
                print(
                    f"{name:<10} {widget:<14} {what:<16} {median:7.1f}ms"
                    f" {percentile(timings, 0.9):7.1f}ms {min(timings):7.1f}ms"
                    f" {max(timings):7.1f}ms {median / floor:6.2f}x"
                )
    print(
        f"(took {time.monotonic() - started:.0f} s; aim: median under 100 ms, "
        "at most 1.3 times the bare canvas)"
    )
    for line in failed:
        print(f"FAILED: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
