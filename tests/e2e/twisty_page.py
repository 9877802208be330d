"""The Twisty Tracks widget as a person sees it in the browser, and the round they play.

Where a cell is drawn comes from the widget's published geometry
(:class:`railwidgets.twistytracks.geometry.Layout`, the seat at the device's frame
large): the test process knows where each cell of each frame is, and clicks the
``<canvas>`` there. Whether a placement showed is read from the pixels.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from railwidgets.core.grid import Cell
from railwidgets.twistytracks.geometry import Layout
from tests.e2e.browser import (
    canvas_fingerprint,
    click_canvas,
    output_errors,
    pixels_at,
    save_screenshot,
    wait_for_change,
    wait_for_painted_canvas,
)

#: The widget's root (its own class, set by the widget).
WIDGET_ROOT = "div.twisty-tracks"
#: The status line when a person is to place.
HUMAN_PROMPT = r"(your turn \(.+\)|to place): you drew T\d\d; click a lit space"


@dataclass
class TwistyView:
    """One ``TwistyTracksWidget`` on the page."""

    root: Locator

    @classmethod
    def in_cell(cls, page: Page, index: int) -> TwistyView:
        """The widget in the output of cell ``index`` (JupyterLab, Notebook 7)."""
        cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
        return cls(cell.locator(WIDGET_ROOT).first)

    @classmethod
    def only_one(cls, page: Page) -> TwistyView:
        return cls(page.locator(WIDGET_ROOT).first)

    @property
    def page(self) -> Page:
        return self.root.page

    @property
    def canvas(self) -> Locator:
        return self.root.locator("canvas.railwidgets-board")

    @property
    def status(self) -> Locator:
        return self.root.locator(".railwidgets-status")

    @property
    def scores(self) -> Locator:
        return self.root.locator(".railwidgets-scores")

    @property
    def recent(self) -> Locator:
        """The "since your turn" list: the moves, and what each led to."""
        return self.root.locator(".railwidgets-recent")

    def button(self, name: str) -> Locator:
        # the accessible name also holds the icon's glyph: match the visible text
        return self.root.locator("button", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$"))

    def status_text(self) -> str:
        return self.status.inner_text().strip()

    def wait_painted(self, timeout_s: float = 30.0) -> int:
        """Wait for the widget and a painted board; on failure, say what the page shows."""
        try:
            self.root.wait_for(state="visible", timeout=timeout_s * 1000)
            self.canvas.scroll_into_view_if_needed()
            return wait_for_painted_canvas(self.canvas, minimum_pixels=200_000, timeout_s=timeout_s)
        except (PlaywrightError, TimeoutError) as error:
            errors = "\n".join(output_errors(self.page)) or "(no error output on the page)"
            raise AssertionError(f"{error}\nerror outputs:\n{errors}") from error

    def wait_status(self, pattern: str, timeout_s: float = 30.0) -> str:
        """Wait until the status line matches ``pattern`` (a regular expression)."""
        deadline = time.monotonic() + timeout_s
        text = ""
        while time.monotonic() < deadline:
            text = self.status_text()
            if re.search(pattern, text):
                return text
            self.page.wait_for_timeout(100)
        raise TimeoutError(f"status line {text!r} does not match {pattern!r}")

    def wait_recent(self, pattern: str, timeout_s: float = 30.0) -> str:
        """Wait until "since your turn" matches ``pattern`` (a regular expression)."""
        deadline = time.monotonic() + timeout_s
        text = ""
        while time.monotonic() < deadline:
            text = self.recent.inner_text()
            if re.search(pattern, text):
                return text
            self.page.wait_for_timeout(100)
        raise TimeoutError(f"since your turn {text!r} does not match {pattern!r}")

    def wait_still(self, quiet_s: float = 0.6, timeout_s: float = 30.0) -> None:
        """Wait until the board has not changed for ``quiet_s`` (an animation is over)."""
        deadline = time.monotonic() + timeout_s
        last, since = canvas_fingerprint(self.canvas), time.monotonic()
        while time.monotonic() - since < quiet_s:
            assert time.monotonic() < deadline, "the board never stopped changing"
            self.page.wait_for_timeout(100)
            now = canvas_fingerprint(self.canvas)
            if now != last:
                last, since = now, time.monotonic()

    def cell_pixels(self, layout: Layout, seat: int, cell: Cell) -> list[tuple[int, int, int, int]]:
        """Nine pixels spread over ``cell`` of ``seat``'s frame."""
        box = next(b for b in layout.frames if b.seat == seat)
        x, y = box.cell_origin(cell)
        s = box.cell
        points = [(x + s * fx, y + s * fy) for fx in (0.2, 0.5, 0.8) for fy in (0.2, 0.5, 0.8)]
        return pixels_at(self.canvas, points)

    def click_cell(self, layout: Layout, seat: int, cell: Cell) -> None:
        box = next(b for b in layout.frames if b.seat == seat)
        click_canvas(self.canvas, *box.cell_centre(cell))

    def set_seat(self, name: str, kind: str) -> None:
        """Choose ``kind`` ("Human", "Greedy bot") for the seat of player ``name``."""
        select = self.root.locator(".widget-dropdown:visible", has_text=name).locator("select")
        select.select_option(label=kind)


@dataclass
class PlacedTurn:
    """What one placement by clicks showed."""

    cell: Cell
    status_after: str


def place_by_clicks(
    view: TwistyView, layout: Layout, seat: int, cells: list[Cell], name: str
) -> PlacedTurn:
    """Click the first of ``cells`` that lights a ghost, turn the tile, press Place.

    Checks that the pixels of that cell change when the ghost shows, and again
    once placed. Screenshots ``NAME-1-ghost`` and ``NAME-2-placed``.
    """
    page = view.page
    for cell in cells:
        before = view.cell_pixels(layout, seat, cell)
        status = view.status_text()
        view.click_cell(layout, seat, cell)
        text = str(wait_for_change(view.status_text, status, page, what="status line"))
        if "press Place" in text:
            break
    else:
        raise AssertionError(f"none of {cells} could be picked: {view.status_text()}")
    wait_for_change(lambda: view.cell_pixels(layout, seat, cell), before, page, what="cell")
    ghost = view.cell_pixels(layout, seat, cell)
    save_screenshot(page, f"{name}-1-ghost")
    rotate = view.button("Rotate")
    assert rotate.is_enabled()
    status = view.status_text()
    rotate.click()  # the ghost turns (a tile may look the same turned: read the status)
    text = str(wait_for_change(view.status_text, status, page, what="status line"))
    assert "turned 90°" in text, text
    assert view.cell_pixels(layout, seat, cell) != before != ghost
    status = view.status_text()
    fingerprint = canvas_fingerprint(view.canvas)
    view.button("Place").click()
    after = str(wait_for_change(view.status_text, status, page, what="status line"))
    wait_for_change(lambda: canvas_fingerprint(view.canvas), fingerprint, page, what="canvas")
    view.wait_still()  # the reveal's animation has played
    save_screenshot(page, f"{name}-2-placed")
    return PlacedTurn(cell, after)


def let_bots_finish(view: TwistyView, seat: str, name: str, timeout_s: float = 150.0) -> str:
    """Make ``seat`` (a player's name, e.g. "Wild West") a greedy bot and wait for the end.

    Checks that the final scores appear on the page; returns the status line.
    Screenshot ``NAME-game-over``.
    """
    view.set_seat(seat, "Greedy bot")
    result = view.wait_status(r"Game over: ", timeout_s=timeout_s)
    assert re.search(r"Game over: .+ (wins|share the victory) with \d+ points\.", result), result
    scores = str(  # the table follows the status line in a message of its own
        wait_for_change(
            lambda: "winner" in view.scores.inner_text(), False, view.page, what="score table"
        )
        and view.scores.inner_text()
    )
    assert "Travel" in scores and "winner" in scores, scores
    view.canvas.scroll_into_view_if_needed()
    save_screenshot(view.page, f"{name}-game-over")
    return result
