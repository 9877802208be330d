"""Issue 25 item 4: axe-core in Chromium on every Voilà page and on each tutorial in
JupyterLab.

axe-core comes bundled with the ``axe-playwright-python`` package (the ``e2e`` extra).
Each violation's nodes are sorted by where they are: inside a game widget
(``.railwidgets``, ours) or outside it (JupyterLab's or Voilà's own page). A serious or
critical violation of ours fails the test; the others are listed, ours and theirs apart,
in the test output and in ``screenshots/e2e/axe-report.txt``.

Each Voilà page is checked twice: as it opens, and with the board in words shown (its
toggle pressed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.e2e.browser import (
    SCREENSHOT_DIR,
    open_and_run,
    save_screenshot,
    wait_for_painted_canvas,
)
from tests.e2e.conftest import BrowserPage
from tests.e2e.servers import JupyterServer

pytestmark = pytest.mark.e2e

OURS = ".railwidgets"
FAILING = {"serious", "critical"}
PLAY = ["play-mini-rails.ipynb", "play-twisty-tracks.ipynb", "play-off-the-rails.ipynb"]
TUTORIALS = ["mini-rails.ipynb", "twisty-tracks.ipynb", "off-the-rails.ipynb"]
REPORT = SCREENSHOT_DIR / "axe-report.txt"


@pytest.fixture(scope="module")
def report() -> Iterator[list[str]]:
    lines: list[str] = []
    yield lines
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _inside_ours(page: Page, target: Any) -> bool:
    """Whether an axe node's target (a CSS selector, or a list for frames) is in a game widget."""
    selector = target[-1] if isinstance(target, list) else target
    if isinstance(selector, list):  # shadow DOM: not ours (our widgets use none)
        return False
    return bool(
        page.evaluate(
            "([sel, ours]) => { const el = document.querySelector(sel);"
            " return !!(el && el.closest(ours)); }",
            [selector, OURS],
        )
    )


def check(page: Page, where: str, report: list[str]) -> list[str]:
    """Run axe-core on the page; list every violation, ours and theirs apart; return ours
    that are serious or critical."""
    results = Axe().run(page)
    ours_failing: list[str] = []
    report.append(f"== {where}")
    for violation in results.response["violations"]:
        mine, theirs = [], []
        for node in violation["nodes"]:
            (mine if _inside_ours(page, node["target"]) else theirs).append(node)
        impact = violation.get("impact") or "minor"
        for owner, nodes in (("ours", mine), ("JupyterLab/Voilà", theirs)):
            if not nodes:
                continue
            line = (
                f"[{owner}] {impact} {violation['id']}: {violation['help']} "
                f"({len(nodes)} nodes; first: {nodes[0]['html'][:160]})"
            )
            report.append(line)
            print(line)
            if owner == "ours" and impact in FAILING:
                ours_failing.append(line)
    return ours_failing


@pytest.mark.parametrize("notebook", PLAY)
def test_item4_axe_on_every_voila_page(
    folder_voila_server: JupyterServer, browser_page: BrowserPage, notebook: str, report: list[str]
) -> None:
    page = browser_page.page
    page.goto(folder_voila_server.url_for(notebook))
    wait_for_painted_canvas(page.locator("canvas.railwidgets-board").first)
    failing = check(page, f"Voilà {notebook}", report)
    page.get_by_role("button", name="Board in words").first.click()
    page.locator(".railwidgets-companion button").first.wait_for(state="visible", timeout=30_000)
    failing += check(page, f"Voilà {notebook}, board in words shown", report)
    page.locator(".railwidgets-companion").first.scroll_into_view_if_needed()
    save_screenshot(page, f"axe-{notebook.removesuffix('.ipynb')}-words")
    assert not failing, "\n".join(failing)


@pytest.mark.parametrize("notebook", TUTORIALS)
def test_item4_axe_on_each_tutorial_in_jupyterlab(
    lab_server: JupyterServer, browser_page: BrowserPage, notebook: str, report: list[str]
) -> None:
    page = browser_page.page
    open_and_run(
        page, lab_server.url_for(notebook), "canvas.railwidgets-board", browser_page.kernel
    )
    wait_for_painted_canvas(page.locator("canvas.railwidgets-board").first)
    failing = check(page, f"JupyterLab {notebook}", report)
    assert not failing, "\n".join(failing)
