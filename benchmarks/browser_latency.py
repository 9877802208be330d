"""How fast the Mini Rails widget answers a click, in a real browser.

For a click on the board (a market disc) and for a button, the time from the
browser's event to changed pixels on the canvas, in JupyterLab and in Voilà:
median and 90th percentile over ``--clicks`` clicks (at least 20). Aim: median
under 100 ms. Times are measured inside the page (``performance.now()`` at the
event, then the canvas's pixels compared after every task), so Playwright's own
round trips are not counted; the kernel round trip and the drawing are.

    .venv/bin/python benchmarks/browser_latency.py [--clicks 30]

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
    launch_browser,
    open_and_run,
    read_latency_ms,
    wait_for_change,
)
from tests.e2e.minirails_page import (  # noqa: E402
    HUMAN_PROMPT,
    WIDGET_ROOT,
    MiniRailsView,
    take_a_disc,
)
from tests.e2e.servers import running_server  # noqa: E402

PLAY_NOTEBOOK = "play-mini-rails.ipynb"


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
        build, back = view.button("Build"), view.button("Back")
        for i in range(clicks):
            if i:  # Back: the disc stays in hand, nothing lit (another slot would keep Build)
                before = canvas_fingerprint(view.canvas)
                back.click()
                settle(page, view, before)
            arm_latency_probe(view.canvas, "click")
            build.click()  # the legal hexes light up
            buttons.append(read_latency_ms(page))
            page.wait_for_timeout(100)
        page.close()
    return {"board click": board, "button": buttons}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="clicks per measure (>= 20)")
    args = parser.parse_args()
    clicks = max(20, args.clicks)
    started = time.monotonic()
    results: dict[str, dict[str, list[float]]] = {}
    with launch_browser() as context:
        for kind in ("lab", "voila"):
            results[kind] = run(kind, context, clicks)
    print(f"click -> changed pixels, {clicks} clicks each (headless Chromium, this machine)")
    print(f"{'':<10} {'what':<12} {'median':>9} {'p90':>9} {'min':>9} {'max':>9}")
    for kind, measures in results.items():
        name = {"lab": "JupyterLab", "voila": "Voilà"}[kind]
        for what, timings in measures.items():
            print(
                f"{name:<10} {what:<12} {statistics.median(timings):7.1f}ms"
                f" {percentile(timings, 0.9):7.1f}ms {min(timings):7.1f}ms {max(timings):7.1f}ms"
            )
    print(f"(took {time.monotonic() - started:.0f} s; aim: median under 100 ms)")


if __name__ == "__main__":
    main()
