"""The Off the Rails widget as a person sees it in the browser.

Where things are drawn comes from the widget's published layout
(``railwidgets.offtherails.render.LAYOUT``): the test clicks the ``<canvas>`` at a
square's centre or at one of its sides, presses the widget's buttons by their
text, and reads the status line and the canvas pixels.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from railwidgets.draw.painter import hex_to_rgb
from railwidgets.offtherails.components import Square
from railwidgets.offtherails.render import LAYOUT, Layout
from tests.e2e.browser import (
    click_canvas,
    output_errors,
    pixels_at,
    save_screenshot,
    wait_for_painted_canvas,
)

#: The widget's root: the VBox holding the row whose first child is the board's <canvas>.
WIDGET_ROOT = "div.widget-vbox:has(> div.widget-hbox > canvas)"
COLOUR_TOLERANCE = 24


def close_to(
    pixel: tuple[int, int, int, int], colour: str, tolerance: int = COLOUR_TOLERANCE
) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_to_rgb(colour), strict=True))


@dataclass
class OffTheRailsView:
    """One ``OffTheRailsWidget`` on the page."""

    root: Locator
    layout: Layout = LAYOUT

    @classmethod
    def in_cell(cls, page: Page, index: int) -> OffTheRailsView:
        """The widget in the output of cell ``index`` (JupyterLab, Notebook 7)."""
        cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
        return cls(cell.locator(WIDGET_ROOT).first)

    @classmethod
    def only_one(cls, page: Page) -> OffTheRailsView:
        return cls(page.locator(WIDGET_ROOT).first)

    @property
    def page(self) -> Page:
        return self.root.page

    @property
    def canvas(self) -> Locator:
        return self.root.locator("> div.widget-hbox > canvas")

    @property
    def status(self) -> Locator:
        """The status line: the HTML widget right above the board's row."""
        return self.root.locator("xpath=./div[canvas]/preceding-sibling::div[1]")

    @property
    def scores(self) -> Locator:
        return self.root.locator(".railwidgets-scores").first

    def button(self, name: str) -> Locator:
        """A button by its visible text (the accessible name also holds the icon's glyph)."""
        return self.root.locator("button", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$"))

    def press(self, name: str) -> None:
        button = self.button(name)
        button.wait_for(state="visible")
        deadline = time.monotonic() + 10
        while not button.is_enabled():
            assert time.monotonic() < deadline, f"{name} stays disabled; {self.status_text()}"
            self.page.wait_for_timeout(50)
        button.click()

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

    def click_square(self, square: Square) -> None:
        click_canvas(self.canvas, *self.layout.centre(square))

    def click_side(self, square: Square, side: str) -> None:
        click_canvas(self.canvas, *self.layout.edge_point(square, "NESW".index(side), inset=4))

    def pixel(self, point: tuple[float, float]) -> tuple[int, int, int, int]:
        return pixels_at(self.canvas, [point])[0]

    def wait_colour(
        self,
        point: tuple[float, float],
        colour: str,
        timeout_s: float = 10.0,
        *,
        shown: bool = True,
    ) -> None:
        """Wait until the canvas shows ``colour`` at ``point`` (or, ``shown=False``, no longer)."""
        deadline = time.monotonic() + timeout_s
        pixel = self.pixel(point)
        while close_to(pixel, colour) != shown:
            assert time.monotonic() < deadline, f"{point} shows {pixel} ({colour}: {not shown})"
            self.page.wait_for_timeout(50)
            pixel = self.pixel(point)

    def shot(self, name: str) -> None:
        self.canvas.scroll_into_view_if_needed()
        save_screenshot(self.page, name)
