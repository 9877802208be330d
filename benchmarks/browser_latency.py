"""How fast the widgets answer a click, in a real browser, beside a bare canvas.

For a click on the board and for a button, the time from the browser's event to
changed pixels on the canvas, in JupyterLab and in Voilà: median and 90th
percentile over ``--clicks`` clicks (at least 20). Aim: median under 100 ms,
and at most 1.3 times the floor. Times are measured inside the page
(``performance.now()`` at the event, then the canvas's pixels compared each time
ipycanvas copies a picture onto it: see ``tests/e2e/browser.py``'s
``arm_latency_probe``), so Playwright's own round trips are not counted; the
kernel round trip and the drawing are. Before each timed click the focus is put
on what it clicks (untimed), as after a click there before.

The floor is a bare ipycanvas ``Canvas`` whose click handler draws one dot, shown
above the widget in its cell (a copy of its notebook): the same page and the same
kernel. The window is 1,600 pixels tall, so that both are in it: clicked in turn
at 800, the page would scroll up to one and down to the other at every click. It is clicked between the widget's clicks, one for one, watched the same
way: the two see the same moment of the machine (a busy second slows both), so
their ratio holds from run to run while the times themselves vary. (On a page of
its own beside the widget's, the page not in front answered 40 ms late.) Each
widget's median is given as a ratio to the median of the floor clicked beside it.

The page looks for the change round the spot where the click's answer is drawn
(the dot, the ghost tile, the disc in hand; ``--probe area``, the default).
Mini Rails' Build lights hexes all over the map, so that button is watched whole
and compared with the floor watched whole. ``--probe whole`` watches every
measure whole.

    .venv/bin/python benchmarks/browser_latency.py [--clicks 30] [--games minirails twistytracks offtherails]
        [--probe area|whole] [--nagle]

The servers run as ``make lab`` and ``make voila`` do, their kernel websockets without
Nagle's algorithm (``railwidgets/server.py``); ``--nagle`` serves with Jupyter's own, for
comparison (there about one click in ten, the floor's too, waits some 35 ms more for the
browser's delayed acknowledgement).

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
#: The floor: a bare canvas that draws a dot where it is clicked, nothing else.
BASELINE_SOURCE = """\
from ipycanvas import Canvas
from ipywidgets import Layout

canvas = Canvas(width=240, height=48, layout=Layout(width="240px", height="48px"))
canvas.add_class("latency-floor")


def dot(x, y):
    canvas.fill_style = "#1F5FBF"
    canvas.fill_circle(x, y, 6)


canvas.on_mouse_down(dot)
display(canvas)
"""

Measures = dict[str, list[float]]
#: The window: the floor and the whole board in it (no scrolling between their clicks).
WINDOW = {"width": 1280, "height": 1600}


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
    page: Page,
    canvas: Locator,
    event: str,
    act: Callable[[], None],
    spot: Spot | None = None,
    target: Locator | None = None,
) -> float:
    """Milliseconds from ``event`` to changed pixels on ``canvas`` (round ``spot``) for ``act``.

    The focus is first put, untimed, on what ``act`` clicks (``target``, else the
    canvas), as after a click there before: the floor and the widget are clicked in
    turn, and in JupyterLab a click that takes the focus from the other one makes the
    notebook do work of its own (30 ms for a button), which a player clicking on
    at one board does not meet.
    """
    (target or canvas).evaluate("(el) => el.focus({preventScroll: true})")
    page.wait_for_timeout(100)  # JupyterLab answers a focus change in later tasks
    arm_latency_probe(canvas, event, around=spot if PROBE["area"] else None)
    act()
    latency = read_latency_ms(page)
    page.wait_for_timeout(100)
    return latency


# -- the floor: a bare canvas ------------------------------------------------------------------


class Floor:
    """The bare canvas above the widget on its page, clicked once after each of its clicks."""

    def __init__(self, page: Page):
        self.page = page
        self.canvas = page.locator("canvas.latency-floor")
        self.canvas.wait_for(state="visible")
        self.clicks = 0
        self.measures: Measures = {"canvas click": [], WHOLE: []}

    def click(self, whole: bool = False) -> None:
        """One click, timed as the widget's click before it was (round the dot, or whole)."""
        i = self.clicks
        self.clicks += 1
        if i and i % 60 == 0:  # the canvas is full of dots: start again
            self.canvas.evaluate("(c) => c.getContext('2d').clearRect(0, 0, c.width, c.height)")
        x, y = 10 + 11 * (i % 20), 10 + 14 * (i // 20 % 3)  # a new dot each time
        act = lambda: click_canvas(self.canvas, x, y)  # noqa: E731
        spot = None if whole else (x, y, 8)
        self.measures[WHOLE if whole else "canvas click"].append(
            timed(self.page, self.canvas, "mousedown", act, spot)
        )

    def take(self) -> Measures:
        """The measures so far, by what was watched."""
        return {what: times for what, times in self.measures.items() if times}


def with_floor(server: JupyterServer, notebook: str) -> str:
    """A copy of ``notebook`` beside it whose first code cell shows the floor first; its name.

    In the widget's cell: in JupyterLab a click in another cell makes that cell the
    active one, work the page does on every click that neither the floor nor the
    widget should carry.
    """
    content = json.loads((server.root_dir / notebook).read_text())
    cell = next(c for c in content["cells"] if c["cell_type"] == "code")
    source = "".join(cell["source"])
    cell["source"] = f"from IPython.display import display\n{BASELINE_SOURCE}\n{source}"
    name = f"latency-{notebook}"
    (server.root_dir / name).write_text(json.dumps(content))
    return name


def open_with_floor(
    context: BrowserContext, server: JupyterServer, notebook: str, ready: str
) -> tuple[Page, Floor]:
    page = open_page(context, server, with_floor(server, notebook), ready)
    page.set_viewport_size(WINDOW)
    return page, Floor(page)


# -- the widgets -------------------------------------------------------------------------------------


def beside(floor: Floor, latency: float, whole: bool = False) -> float:
    """``latency``, after clicking the floor once the same way (it is measured beside)."""
    floor.click(whole or not PROBE["area"])
    return latency


def run_mini_rails(
    context: BrowserContext, server: JupyterServer, clicks: int
) -> tuple[Measures, Measures]:
    page, floor = open_with_floor(context, server, MINI_RAILS_NOTEBOOK, WIDGET_ROOT)
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    view.wait_status(MINI_RAILS_PROMPT)
    # two market slots holding discs: clicking one, then the other, moves the selection
    _, first = take_a_disc(view, range(9))
    _, second = take_a_disc(view, range(first + 1, 9))
    slots = (first, second)
    page.wait_for_timeout(200)
    # the slot and the ring that marks it chosen, drawn round its box (4 px wide, 3 px out):
    # the box alone changes only where a neighbour's ring reaches in, so a click on a slot
    # whose neighbour was not the one chosen before went unseen
    half = (view.layout.slot - 3) / 2 + 6
    spots = [(*view.layout.market_slot_centre(slot), half) for slot in slots]
    board = [
        beside(
            floor,
            timed(
                page,
                view.canvas,
                "mousedown",
                lambda i=i: view.click_market(slots[i % 2]),
                spots[i % 2],
            ),
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
        # the legal hexes light all over the map: watched whole
        buttons.append(
            beside(floor, timed(page, view.canvas, "click", build.click, target=build), whole=True)
        )
    page.close()
    return {"board click": board, f"button {WHOLE}": buttons}, floor.take()


def run_twisty_tracks(
    context: BrowserContext, server: JupyterServer, clicks: int
) -> tuple[Measures, Measures]:
    page, floor = open_with_floor(context, server, TWISTY_NOTEBOOK, TWISTY_ROOT)
    view = TwistyView.only_one(page)
    view.wait_painted()
    view.wait_status(TWISTY_PROMPT)
    page.wait_for_timeout(300)
    layout = TwistyLayout(3, focus=0)
    cells = ((1, 2), (3, 2))  # in front of the two depots: lit in round 1
    frame = next(box for box in layout.frames if box.seat == 0)
    spots = [(*frame.cell_centre(cell), frame.cell / 2) for cell in cells]
    board = [  # the ghost moves from one lit space to the other
        beside(
            floor,
            timed(
                page,
                view.canvas,
                "mousedown",
                lambda i=i: view.click_cell(layout, 0, cells[i % 2]),
                spots[i % 2],
            ),
        )
        for i in range(clicks)
    ]
    rotate, ghost = view.button("Rotate"), spots[(clicks - 1) % 2]
    buttons = [
        beside(floor, timed(page, view.canvas, "click", rotate.click, ghost, rotate))
        for _ in range(clicks)
    ]
    page.close()
    return {"board click": board, "button": buttons}, floor.take()


def run_off_the_rails(
    context: BrowserContext, server: JupyterServer, clicks: int
) -> tuple[Measures, Measures]:
    page, floor = open_with_floor(context, server, OTR_NOTEBOOK, OTR_ROOT)
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
        beside(
            floor,
            timed(
                page,
                view.canvas,
                "mousedown",
                lambda i=i: click_canvas(view.canvas, *view.layout.centre(squares[i % 2])),
                spots[i % 2],
            ),
        )
        for i in range(clicks)
    ]
    names = ["Place corner", "Place straight"]  # the ghost on the square changes shape
    buttons_ = [view.button(name) for name in names]
    ghost = spots[(clicks - 1) % 2]
    buttons = [
        beside(
            floor,
            timed(page, view.canvas, "click", buttons_[i % 2].click, ghost, buttons_[i % 2]),
        )
        for i in range(clicks)
    ]
    page.close()
    return {"board click": board, "button": buttons}, floor.take()


Runner = Callable[[BrowserContext, JupyterServer, int], tuple[Measures, Measures]]
GAMES: dict[str, tuple[str, Runner]] = {
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
    parser.add_argument(
        "--nagle",
        action="store_true",
        help="serve with Jupyter's own kernel websocket, Nagle's algorithm on (to compare with "
        "railwidgets.server.NoDelayConnection, which the servers use as make lab does)",
    )
    args = parser.parse_args()
    PROBE["area"] = args.probe == "area"
    clicks = max(20, args.clicks)
    started = time.monotonic()
    #: per front end, per widget: its measures, and the floor's measured beside them
    results: dict[str, dict[str, tuple[Measures, Measures]]] = {}
    failed = []
    with launch_browser() as context:
        for kind in ("lab", "voila"):
            results[kind] = {}
            with running_server(kind, nodelay=not args.nagle) as server:  # type: ignore[arg-type]
                for game in args.games:
                    title, run = GAMES[game]
                    try:
                        results[kind][title] = run(context, server, clicks)
                    except Exception as err:  # report the others, then fail
                        failed.append(f"{title} in {kind}: {err!r}")
    print(f"click -> changed pixels, {clicks} clicks each (headless Chromium, this machine)")
    print("each beside the bare canvas's floor, clicked one for one with it")
    print(
        f"{'':<10} {'':<14} {'what':<16} {'median':>9} {'p90':>9} {'min':>9} {'max':>9} {'/floor':>7}"
    )
    for kind, by_widget in results.items():
        name = {"lab": "JupyterLab", "voila": "Voilà"}[kind]
        for widget, (measures, floors) in by_widget.items():
            rows = [(widget, what, times, floors) for what, times in measures.items()]
            rows += [("  floor", what, times, None) for what, times in floors.items()]
            for label, what, timings, beside_it in rows:
                median = statistics.median(timings)
                ratio = ""
                if beside_it is not None:
                    whole = what.endswith(WHOLE) or not PROBE["area"]
                    floor_median = statistics.median(beside_it[WHOLE if whole else "canvas click"])
                    ratio = f"{median / floor_median:6.2f}x"
                print(
                    f"{name:<10} {label:<14} {what:<16} {median:7.1f}ms"
                    f" {percentile(timings, 0.9):7.1f}ms {min(timings):7.1f}ms"
                    f" {max(timings):7.1f}ms {ratio:>7}"
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
