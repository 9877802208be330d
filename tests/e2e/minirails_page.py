"""The Mini Rails widget as a person sees it in the browser, and the turn they play.

Positions on the board come from the widget's published layout
(``railwidgets.minirails.render.DEFAULT_LAYOUT``): the test process knows where a
market slot or a hex centre is drawn, and clicks the ``<canvas>`` there. Which hexes
are lit is read from the pixels, as a person would see them.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from railwidgets.core.hexgrid import Hex
from railwidgets.draw.painter import hex_to_rgb
from railwidgets.minirails.components import COMPANY_FILL, MAP_HEXES
from railwidgets.minirails.render import DEFAULT_LAYOUT, Layout
from railwidgets.minirails.rules import Game
from tests.e2e.browser import (
    canvas_fingerprint,
    click_canvas,
    output_errors,
    pixels_at,
    save_screenshot,
    wait_for_change,
    wait_for_painted_canvas,
)

#: The widget's root: the kit's VBox whose board row (an HBox) holds the board's <canvas>.
WIDGET_ROOT = "div.widget-vbox:has(> div.widget-hbox > canvas)"
#: The status line once a disc is picked: "… the red disc (slot 0) is in hand: press …".
TAKES = re.compile(r"the (?P<company>\w+) disc \(slot (?P<slot>\d+)\) is in hand")
#: The prompt of a person's turn, with one person at the table ("Your turn (Orange): click …")
#: or several ("Orange to play: click …").
HUMAN_PROMPT = r"(Your turn \(\w+\)|\w+ to play): click a disc in the market"
#: A hex brightened by at least this much (sum of R, G, B) counts as lit.
LIT_MIN_GAIN = 60
COLOUR_TOLERANCE = 16


def cell_index(notebook: Path, needle: str) -> int:
    """Index (among all cells) of the one code cell whose source contains ``needle``."""
    cells = json.loads(notebook.read_text())["cells"]
    found = [
        i
        for i, cell in enumerate(cells)
        if cell["cell_type"] == "code" and needle in "".join(cell["source"])
    ]
    assert len(found) == 1, f"{notebook.name}: expected one code cell with {needle!r}, got {found}"
    return found[0]


def sample_point(layout: Layout, h: Hex) -> tuple[float, float]:
    """A point inside hex ``h`` clear of its dots, a disc's letter and outlines."""
    x, y = layout.hex_centre(h)
    return (x + 0.55 * layout.hex_size, y)


def lit_point(layout: Layout, h: Hex) -> tuple[float, float]:
    """A point of hex ``h`` inside the bright band a lit target gets along its edge."""
    x, y = layout.hex_centre(h)
    return (x + 0.68 * layout.hex_size, y)


def close_to(pixel: tuple[int, int, int, int], colour: str, tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_to_rgb(colour), strict=True))


@dataclass
class MiniRailsView:
    """One ``MiniRailsWidget`` on the page, found by the kit's structure (``GameWidget``).

    The widget's ``VBox`` holds, in order: the toolbar, the New game settings, the
    Save link row, the seats, the action buttons, the status line, the board row
    (the ``<canvas>`` and a side column: "since your turn" and the rules), the score
    table and the log.
    """

    root: Locator
    layout: Layout = DEFAULT_LAYOUT

    @classmethod
    def in_cell(cls, page: Page, index: int) -> MiniRailsView:
        """The widget in the output of cell ``index`` (JupyterLab, Notebook 7)."""
        cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
        return cls(cell.locator(WIDGET_ROOT).first)

    @classmethod
    def only_one(cls, page: Page) -> MiniRailsView:
        return cls(page.locator(WIDGET_ROOT).first)

    @property
    def page(self) -> Page:
        return self.root.page

    @property
    def main_row(self) -> Locator:
        """The board row: the canvas and the side column beside it."""
        return self.root.locator("xpath=./div[canvas]")

    @property
    def canvas(self) -> Locator:
        return self.main_row.locator("xpath=./canvas")

    @property
    def side(self) -> Locator:
        """The column beside the board (the "since your turn" list)."""
        return self.main_row.locator("xpath=./div[1]")

    @property
    def recent(self) -> Locator:
        """The "since your turn" list."""
        return self.side.locator("xpath=./div[1]")

    @property
    def status(self) -> Locator:
        """The status line: the HTML widget right above the board row."""
        return self.root.locator(".railwidgets-status").first

    @property
    def scores(self) -> Locator:
        return self.root.locator(".railwidgets-scores").first

    @property
    def toolbar(self) -> Locator:
        return self.root.locator(".railwidgets-toolbar").first

    @property
    def settings(self) -> Locator:
        """The New game settings box (hidden until New game… is pressed)."""
        return self.root.locator("> .railwidgets-settings")

    def load_file(self, name: str, content: bytes) -> None:
        """Load: press the stock ``FileUpload`` button and choose a file with this content.

        Its ``<input type=file>`` is never in the page: the button opens the chooser.
        """
        with self.page.expect_file_chooser() as chooser:
            self.toolbar.locator(".widget-upload").click()
        chooser.value.set_files(
            files=[{"name": name, "mimeType": "application/json", "buffer": content}]
        )

    def button(self, name: str) -> Locator:
        """A visible button by its text (the accessible name also holds the icon's glyph)."""
        return self.root.locator(
            "button:visible", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")
        )

    def status_text(self) -> str:
        return self.status.inner_text().strip()

    def recent_text(self) -> str:
        return self.recent.inner_text().strip()

    def canvas_size(self) -> tuple[int, int]:
        """The canvas's own size in pixels (not its CSS size)."""
        width, height = self.canvas.evaluate("(c) => [c.width, c.height]")
        return (int(width), int(height))

    def wait_painted(self, timeout_s: float = 30.0) -> int:
        """Wait for the widget and a painted board; on failure, say what the page shows."""
        try:
            self.root.wait_for(state="visible", timeout=timeout_s * 1000)
            self.canvas.scroll_into_view_if_needed()
            return wait_for_painted_canvas(self.canvas, minimum_pixels=100_000, timeout_s=timeout_s)
        except (PlaywrightError, TimeoutError) as error:
            errors = "\n".join(output_errors(self.page)) or "(no error output on the page)"
            raise AssertionError(f"{error}\nerror outputs:\n{errors}") from error

    def wait_status(self, pattern: str, timeout_s: float = 30.0) -> str:
        """Wait until the status line matches ``pattern`` (a regular expression)."""
        return wait_for_text(self.status_text, pattern, self.page, timeout_s, "status line")

    def wait_recent(self, pattern: str, timeout_s: float = 30.0) -> str:
        """Wait until "since your turn" matches ``pattern`` (a regular expression)."""
        return wait_for_text(self.recent_text, pattern, self.page, timeout_s, "since your turn")

    def new_game(self, players: int, seats: dict[str, str] | None = None) -> None:
        """New game…, choose the player count (and seats: ``{"Seat 2": "Human"}``), Start.

        Waits until the settings are hidden and the canvas is as tall as this many
        players' profit boards need.
        """
        self.button("New game…").click()
        form = self.settings
        form.wait_for(state="visible")
        count = f"{players} (variant)" if players in Game.DESIGNED_PLAYERS else str(players)
        pick_option(form, "Players", count)
        for label, kind in (seats or {}).items():
            pick_option(form, label, kind)
        self.button("Start").click()
        form.wait_for(state="hidden")
        height = int(self.layout.for_players(players).height)
        wait_for_change(lambda: self.canvas_size()[1], None, self.page, what="canvas height")
        wait_for_text(lambda: str(self.canvas_size()[1]), f"^{height}$", self.page, 10, "height")

    def hex_pixels(self) -> dict[Hex, tuple[int, int, int, int]]:
        hexes = sorted(MAP_HEXES)
        values = pixels_at(self.canvas, [lit_point(self.layout, h) for h in hexes])
        return dict(zip(hexes, values, strict=True))

    def click_market(self, slot: int) -> None:
        click_canvas(self.canvas, *self.layout.market_slot_centre(slot))

    def click_hex(self, h: Hex) -> None:
        click_canvas(self.canvas, *self.layout.hex_centre(h))


def pick_option(where: Locator, label: str, option: str) -> None:
    """Pick ``option`` (its visible text) in the dropdown labelled ``label`` inside ``where``."""
    dropdown = where.locator(
        ".widget-dropdown:visible", has=where.page.locator("label", has_text=label)
    )
    dropdown.locator("select").select_option(label=option)


def wait_for_text(
    read: Callable[[], str], pattern: str, page: Page, timeout_s: float = 30.0, what: str = "text"
) -> str:
    """Poll ``read()`` until it matches ``pattern`` (a regular expression); returns it."""
    deadline = time.monotonic() + timeout_s
    text = ""
    while time.monotonic() < deadline:
        text = read()
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(100)
    raise TimeoutError(f"{what} {text!r} does not match {pattern!r} after {timeout_s:.0f} s")


def lit_hexes(
    before: dict[Hex, tuple[int, int, int, int]], after: dict[Hex, tuple[int, int, int, int]]
) -> set[Hex]:
    """Hexes that became clearly lighter (the white wash over a legal target)."""
    return {h for h in before if sum(after[h][:3]) - sum(before[h][:3]) >= LIT_MIN_GAIN}


@dataclass
class BuiltTurn:
    company: str
    slot: int
    hex: Hex
    lit: set[Hex]
    status_after: str


def take_a_disc(view: MiniRailsView, slots: range | list[int]) -> tuple[str, int]:
    """Click market slots in turn until one holds a disc; (company, slot) taken."""
    for slot in slots:
        before = view.status_text()
        view.click_market(slot)
        text = str(wait_for_change(view.status_text, before, view.page, what="status line"))
        match = TAKES.search(text)
        if match:
            return match["company"], int(match["slot"])
    raise AssertionError(f"no disc could be taken from slots {list(slots)}")


def play_build_turn(
    view: MiniRailsView,
    name: str,
    slots: range | list[int] = range(9),
    choose: Hex | None = None,
) -> BuiltTurn:
    """Take a disc, press Build, click a lit hex; check the page changed as it should.

    Screenshots ``NAME-1-disc``, ``NAME-2-build``, ``NAME-3-built``.
    """
    page = view.page
    company, slot = take_a_disc(view, slots)
    save_screenshot(page, f"{name}-1-disc")
    before_build = view.hex_pixels()
    status_before = view.status_text()
    build = view.button("Build")
    assert build.is_enabled(), "Build should be enabled once a disc is in hand"
    build.click()
    status = str(wait_for_change(view.status_text, status_before, page, what="status line"))
    assert f"Build {company}" in status, status
    deadline = time.monotonic() + 10
    lit: set[Hex] = set()
    while not lit and time.monotonic() < deadline:
        lit = lit_hexes(before_build, view.hex_pixels())
        page.wait_for_timeout(50)
    assert lit, "pressing Build lit no hex"
    save_screenshot(page, f"{name}-2-build")
    target = choose if choose is not None else sorted(lit)[0]
    assert target in lit, f"{target} is not lit; lit: {sorted(lit)}"
    fingerprint = canvas_fingerprint(view.canvas)
    status_before = view.status_text()
    view.click_hex(target)
    status_after = str(wait_for_change(view.status_text, status_before, page, what="status line"))
    wait_for_change(
        lambda: canvas_fingerprint(view.canvas), fingerprint, page, what="canvas pixels"
    )
    # the disc is drawn on the hex, in the company's colour
    deadline = time.monotonic() + 10
    point = sample_point(view.layout, target)
    pixel = pixels_at(view.canvas, [point])[0]
    while not close_to(pixel, COMPANY_FILL[company], COLOUR_TOLERANCE):
        assert time.monotonic() < deadline, (
            f"hex {target} shows {pixel}, not {company} ({COMPANY_FILL[company]})"
        )
        page.wait_for_timeout(50)
        pixel = pixels_at(view.canvas, [point])[0]
    save_screenshot(page, f"{name}-3-built")
    return BuiltTurn(company, slot, target, lit, status_after)


def let_bots_finish(view: MiniRailsView, seat: str, name: str, timeout_s: float = 120.0) -> str:
    """Make ``seat`` (a player's name, e.g. "Orange") a greedy bot and wait for the end.

    Checks that the final scores appear on the page; returns the status line.
    Screenshot ``NAME-game-over``.
    """
    select = view.root.locator(".widget-dropdown:visible", has_text=seat).locator("select")
    select.select_option(label="Greedy bot")
    result = view.wait_status(r"Game over: ", timeout_s=timeout_s)
    assert re.search(r"Game over: .+ (wins|share the victory) with -?\d+ points?\.", result), result
    # the status line and the score table are two widgets, updated by two messages
    expect(view.scores).to_contain_text("Shares kept", timeout=30_000)
    scores = view.scores.inner_text()
    assert "winner" in scores, scores
    assert len(re.findall(r"[+-]\d+\s*(★ winner)?\s*$", scores, re.M)) >= 2, scores
    view.canvas.scroll_into_view_if_needed()
    save_screenshot(view.page, f"{name}-game-over")
    return result
