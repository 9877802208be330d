"""How fast the game widgets answer a click, in a real browser.

For a click on the board and for a button, the time from the browser's event to
changed pixels on the canvas, in JupyterLab and in Voilà: median and 90th
percentile over ``--clicks`` clicks (at least 20). Mini Rails: a market disc, and
Build. Off the Rails: a lit square (the ghost tile moves there), and Place
straight / Place corner in turn (the ghost changes shape). The baseline is a bare
ipycanvas canvas that fills a rectangle on each mouse-down: the ratio column
compares each median with it. Aim: median under 100 ms. Times are measured inside the page (``performance.now()`` at the
event, then the canvas's pixels compared after every task), so Playwright's own
round trips are not counted; the kernel round trip and the drawing are.

    .venv/bin/python benchmarks/browser_latency.py [--clicks 30] [--games minirails,offtherails,baseline]

Needs Debian's Chromium at /usr/bin/chromium (``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from playwright.sync_api import BrowserContext, Page  # noqa: E402

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
from tests.e2e.minirails_page import WIDGET_ROOT, MiniRailsView, take_a_disc  # noqa: E402
from tests.e2e.offtherails_page import WIDGET_ROOT as OTR_ROOT  # noqa: E402
from tests.e2e.offtherails_page import OffTheRailsView  # noqa: E402
from tests.e2e.servers import NOTEBOOKS_DIR, running_server  # noqa: E402

PLAY_NOTEBOOK = "play-mini-rails.ipynb"
HUMAN_PROMPT = r"to play: click a disc in the market"


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def open_play_page(context: BrowserContext, kind: str, url: str) -> tuple[Page, MiniRailsView]:
    page = context.new_page()
    watch = KernelSocketWatch().attach(page)
    if kind == "voila":
        page.goto(url)
    else:
        open_and_run(page, url, WIDGET_ROOT, watch)
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    view.wait_status(HUMAN_PROMPT)
    return page, view


def settle(page: Page, view: MiniRailsView, before: int) -> None:
    """Wait until the canvas has changed from ``before`` and the messages are done."""
    wait_for_change(lambda: canvas_fingerprint(view.canvas), before, page, what="canvas")
    page.wait_for_timeout(100)


def run(kind: str, context: BrowserContext, clicks: int) -> dict[str, list[float]]:
    notebook = PLAY_NOTEBOOK if kind == "voila" else None
    with running_server(kind, notebook=notebook) as server:  # type: ignore[arg-type]
        page, view = open_play_page(context, kind, server.url_for(PLAY_NOTEBOOK))
        # two market slots holding discs: clicking one, then the other, moves the selection
        _, first = take_a_disc(view, range(9))
        _, second = take_a_disc(view, range(first + 1, 9))
        slots = (first, second)
        page.wait_for_timeout(200)

        board: list[float] = []
        for i in range(clicks):
            arm_latency_probe(view.canvas, "mousedown")
            view.click_market(slots[i % 2])
            board.append(read_latency_ms(page))
            page.wait_for_timeout(100)

        buttons: list[float] = []
        build = view.button("Build")
        for i in range(clicks):
            before = canvas_fingerprint(view.canvas)
            view.click_market(slots[i % 2])  # a disc in hand again, nothing lit
            settle(page, view, before)
            arm_latency_probe(view.canvas, "click")
            build.click()  # the legal hexes light up
            buttons.append(read_latency_ms(page))
            page.wait_for_timeout(100)
        page.close()
    return {"board click": board, "button": buttons}


OTR_NOTEBOOK = "play-off-the-rails.ipynb"
BASELINE_NOTEBOOK = "baseline-ipycanvas.ipynb"
BASELINE_SOURCE = """\
from ipycanvas import Canvas, hold_canvas
from ipywidgets import Layout

canvas = Canvas(width=1000, height=640, layout=Layout(width="1000px", height="640px"))
colours = ["#C62828", "#1E5AA8"]
def paint(x, y):
    colours.reverse()
    canvas._canvas_manager._current_canvas = None  # ipycanvas 0.14: name the canvas (pitfall 2)
    with hold_canvas():
        canvas.fill_style = colours[0]
        canvas.fill_rect(0, 0, 1000, 640)
canvas.on_mouse_down(paint)
canvas.fill_style = "#2E7D32"
canvas.fill_rect(0, 0, 1000, 640)
canvas
"""


def notebooks_with_baseline() -> Path:
    """A copy of notebooks/ with the bare-ipycanvas baseline notebook added."""
    import json
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="railwidgets-latency-")) / "notebooks"
    shutil.copytree(NOTEBOOKS_DIR, folder)
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": BASELINE_SOURCE}  # fmt: skip
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    notebook = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4,
                "nbformat_minor": 5}  # fmt: skip
    (folder / BASELINE_NOTEBOOK).write_text(json.dumps(notebook))
    return folder


def run_baseline(kind: str, context: BrowserContext, clicks: int, folder: Path) -> list[float]:
    with running_server(kind, notebook=BASELINE_NOTEBOOK, notebooks_dir=folder) as server:  # type: ignore[arg-type]
        page = context.new_page()
        url = server.url_for(BASELINE_NOTEBOOK)
        if kind == "voila":
            page.goto(url)
        else:
            open_and_run(page, url, "canvas", KernelSocketWatch().attach(page))
        canvas = page.locator(".jp-OutputArea-output canvas, .jupyter-widgets canvas").first
        canvas.wait_for(state="visible")
        page.wait_for_timeout(1000)
        click_canvas(canvas, 500, 320)  # the first paint (a page misses what came before it)
        page.wait_for_timeout(500)
        timings = []
        for _ in range(clicks):
            arm_latency_probe(canvas, "mousedown")
            click_canvas(canvas, 500, 320)
            timings.append(read_latency_ms(page))
            page.wait_for_timeout(100)
        page.close()
    return timings


def run_off_the_rails(
    kind: str, context: BrowserContext, clicks: int, folder: Path
) -> dict[str, list[float]]:
    notebook = OTR_NOTEBOOK if kind == "voila" else None
    with running_server(kind, notebook=notebook, notebooks_dir=folder) as server:  # type: ignore[arg-type]
        page = context.new_page()
        url = server.url_for(OTR_NOTEBOOK)
        if kind == "voila":
            page.goto(url)
        else:
            open_and_run(page, url, OTR_ROOT, KernelSocketWatch().attach(page))
        view = OffTheRailsView.only_one(page)
        view.wait_painted()
        if "choose the side" in view.wait_status(r"(choose the side|actions left)", 60):
            view.press("Side N")
        view.wait_status(r"\d actions left", 60)
        view.press("Place straight")
        page.wait_for_timeout(300)
        squares = [(5, 5), (6, 6)]  # free squares in the middle: the ghost moves between them
        board: list[float] = []
        for i in range(clicks):
            arm_latency_probe(view.canvas, "mousedown")
            click_canvas(view.canvas, *view.layout.centre(squares[i % 2]))
            board.append(read_latency_ms(page))
            page.wait_for_timeout(100)
        buttons: list[float] = []
        names = ["Place corner", "Place straight"]  # the ghost on the square changes shape
        for i in range(clicks):
            button = view.button(names[i % 2])
            arm_latency_probe(view.canvas, "click")
            button.click()
            buttons.append(read_latency_ms(page))
            page.wait_for_timeout(100)
        page.close()
    return {"OtR board": board, "OtR button": buttons}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="clicks per measure (>= 20)")
    parser.add_argument(
        "--games", default="minirails,offtherails,baseline", help="what to measure, comma-separated"
    )
    args = parser.parse_args()
    clicks = max(20, args.clicks)
    games = set(args.games.split(","))
    started = time.monotonic()
    results: dict[str, dict[str, list[float]]] = {}
    folder = notebooks_with_baseline()
    with launch_browser() as context:
        for kind in ("lab", "voila"):
            results[kind] = {}
            if "minirails" in games:
                results[kind].update(run(kind, context, clicks))
            if "offtherails" in games:
                results[kind].update(run_off_the_rails(kind, context, clicks, folder))
            if "baseline" in games:
                results[kind]["bare ipycanvas"] = run_baseline(kind, context, clicks, folder)
    print(f"click -> changed pixels, {clicks} clicks each (headless Chromium, this machine)")
    print(f"{'':<10} {'what':<15} {'median':>9} {'p90':>9} {'min':>9} {'max':>9} {'/ bare':>7}")
    for kind, measures in results.items():
        name = {"lab": "JupyterLab", "voila": "Voilà"}[kind]
        bare = measures.get("bare ipycanvas")
        for what, timings in measures.items():
            ratio = f"{statistics.median(timings) / statistics.median(bare):6.1f}x" if bare else ""
            print(
                f"{name:<10} {what:<15} {statistics.median(timings):7.1f}ms"
                f" {percentile(timings, 0.9):7.1f}ms {min(timings):7.1f}ms {max(timings):7.1f}ms"
                f" {ratio:>7}"
            )
    print(f"(took {time.monotonic() - started:.0f} s; aim: median under 100 ms)")


if __name__ == "__main__":
    main()
