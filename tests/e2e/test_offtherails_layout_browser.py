"""Off the Rails at JupyterLab width, in a real browser (issue 27 item 9).

JupyterLab at 1280 × 800 with its file browser open gives a notebook's output about
850 px: the default picture (1000 px, the panel beside the board) is scaled down to
35 px squares there. ``layout="tall"`` (the panel below the board, 624 px) is shown
at full size: 42 px squares, as in Voilà. A click on the tip of an exit arrow, which
pokes into the next square, takes that exit. Screenshots: ``screenshots/e2e/otr-layout-*``.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from railwidgets.draw.palette import SELECT
from railwidgets.offtherails.glyphs import CLAN_FILL
from railwidgets.offtherails.render import LAYOUT, TALL_LAYOUT, arrow_shape
from tests.e2e.browser import canvas_scale, click_canvas, open_and_run
from tests.e2e.conftest import BrowserPage, require_chromium
from tests.e2e.offtherails_page import OffTheRailsView
from tests.e2e.servers import JupyterServer, start_server

pytestmark = pytest.mark.e2e

NOTEBOOK = "otr-layouts.ipynb"
SETUP = """from railwidgets import OffTheRailsWidget
from railwidgets.offtherails import scenarios"""
TALL = 'OffTheRailsWidget(game=scenarios.junction(), seats=["human", "human"], layout="tall")'
WIDE = 'OffTheRailsWidget(game=scenarios.junction(), seats=["human", "human"])'


def _notebook(cells: list[str]) -> dict[str, object]:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for source in cells
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            }
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def layouts_lab_server() -> Iterator[JupyterServer]:
    """JupyterLab serving one notebook: the junction in both layouts."""
    require_chromium()
    folder = Path(tempfile.mkdtemp(prefix="railwidgets-otr-layouts-"))
    try:
        (folder / NOTEBOOK).write_text(json.dumps(_notebook([SETUP, TALL, WIDE])))
        server = start_server("lab", notebooks_dir=folder)
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def near_tip(square: tuple[int, int], edge: str) -> tuple[float, float]:
    """A point 1.5 px inside the tip of the exit arrow drawn on ``square``'s side ``edge``."""
    tip, left, right = arrow_shape(square, edge, TALL_LAYOUT)
    bx, by = (left[0] + right[0]) / 2, (left[1] + right[1]) / 2
    length = ((bx - tip[0]) ** 2 + (by - tip[1]) ** 2) ** 0.5
    return (tip[0] + (bx - tip[0]) * 1.5 / length, tip[1] + (by - tip[1]) * 1.5 / length)


def test_27_9_jupyterlab_shows_the_tall_layout_at_full_size_and_arrow_tips_take_their_exit(
    layouts_lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_and_run(page, layouts_lab_server.url_for(NOTEBOOK), "canvas", browser_page.kernel)
    assert page.locator(".jp-FileBrowser").first.is_visible()  # the column a person gets
    tall, wide = OffTheRailsView.in_cell(page, 1), OffTheRailsView.in_cell(page, 2)
    for view in (tall, wide):
        view.wait_painted()
    tall_square = TALL_LAYOUT.cell * canvas_scale(tall.canvas)[0]
    wide_square = LAYOUT.cell * canvas_scale(wide.canvas)[0]
    assert wide_square < 40, wide_square  # the column is narrower than the wide picture
    assert tall_square >= 42, tall_square  # the tall one is shown at full size
    tall.shot("otr-layout-1-tall")

    tall.press("End actions")
    tall.wait_status(r"click the arrow of the exit it takes")
    for edge in "ES":  # both arrows drawn (the cart has rolled onto the junction)
        shape = arrow_shape((2, 4), edge, TALL_LAYOUT)
        middle = (sum(x for x, _ in shape) / 3, sum(y for _, y in shape) / 3)
        tall.wait_colour(middle, SELECT)
    tall.shot("otr-layout-2-arrows")
    click_canvas(tall.canvas, *near_tip((2, 4), "E"))  # the tip lies on the square east
    x, y = TALL_LAYOUT.centre((2, 5))  # the E exit taken: the cart rolls on east
    tall.wait_colour((x + 0.32 * TALL_LAYOUT.cell, y), CLAN_FILL[0])  # its nose, one square east
    tall.shot("otr-layout-3-east")
    browser_page.console.assert_clean()
