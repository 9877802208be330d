"""Issue 27 item 4 in JupyterLab at 1280×800: the board never moves between clicks.

Each game's play notebook, one person against the bots: before and after every click
(a refused one too, whose words may be long) and after the bots have answered, the
board's top stands where it stood within the widget, and the status line is exactly
as tall as before (two lines, whatever it says). Screenshots:
``screenshots/e2e/status-*.png``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator

from railwidgets.twistytracks.geometry import Layout
from tests.e2e.browser import click_canvas, open_and_run, save_screenshot, wait_for_change
from tests.e2e.conftest import BrowserPage
from tests.e2e.minirails_page import HUMAN_PROMPT as MINI_PROMPT
from tests.e2e.minirails_page import MiniRailsView, play_build_turn, take_a_disc
from tests.e2e.offtherails_page import OffTheRailsView
from tests.e2e.servers import JupyterServer
from tests.e2e.twisty_page import HUMAN_PROMPT as TWISTY_PROMPT
from tests.e2e.twisty_page import TwistyView, place_by_clicks

pytestmark = pytest.mark.e2e

SMALL_SCREEN = {"width": 1280, "height": 800}
OTR_PROMPT = r"(Red|Yellow|Green|Blue): \d actions? left|Player \d: choose the side"
ALL_CELLS = [(x, y) for y in (2, 1, 0) for x in range(5)]


class Board:
    """Where the board and the status line stand within their widget."""

    def __init__(self, root: Locator, status: Locator, canvas: Locator) -> None:
        self.root, self.status, self.canvas = root, status, canvas
        self.seen: list[tuple[str, float, float]] = []

    def measure(self, moment: str) -> None:
        root, status, canvas = (e.bounding_box() for e in (self.root, self.status, self.canvas))
        assert root and status and canvas, f"{moment}: the widget is not shown"
        self.seen.append((moment, round(canvas["y"] - root["y"], 1), round(status["height"], 1)))

    def assert_still(self) -> None:
        tops = {top for _, top, _ in self.seen}
        heights = {height for _, _, height in self.seen}
        assert len(tops) == 1 and len(heights) == 1, f"the board moved: {self.seen}"


def open_play(tab: BrowserPage, server: JupyterServer, notebook: str) -> None:
    tab.page.set_viewport_size(SMALL_SCREEN)
    open_and_run(tab.page, server.url_for(notebook), "canvas", tab.kernel)
    # an earlier test on this server left a game on this board: the page offers to resume
    # it; a person who starts fresh sees the offer go before play begins
    tab.page.wait_for_timeout(1000)
    fresh = tab.page.locator(".railwidgets-resume button", has_text="Start fresh")
    if fresh.count() and fresh.first.is_visible():
        fresh.first.click()
        fresh.first.wait_for(state="hidden")


def test_item4_the_board_stays_put_between_clicks_in_twisty_tracks(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    open_play(browser_page, lab_server, "play-twisty-tracks.ipynb")
    page = browser_page.page
    view = TwistyView.only_one(page)
    view.wait_painted()
    view.wait_status(TWISTY_PROMPT)
    board = Board(view.root, view.status, view.canvas)
    board.measure("start")
    layout = Layout(3, focus=0)
    for round_no in (1, 2):
        # a click on a bot's frame: refused, saying why, in two lines at most
        before = view.status_text()
        view.click_cell(layout, 1, (2, 1))
        refused = str(wait_for_change(view.status_text, before, page, what="status line"))
        assert refused.startswith("✗") and "Meadows's frame" in refused, refused
        board.measure(f"round {round_no}: refused")
        save_screenshot(page, f"status-twisty-lab-refused-{round_no}")
        place_by_clicks(view, layout, 0, ALL_CELLS, f"status-twisty-lab-{round_no}")
        board.measure(f"round {round_no}: placed")
        view.wait_status(rf"Round {round_no + 1}, your turn")  # the bots have placed
        view.wait_still()
        board.measure(f"round {round_no}: the bots have placed")
        save_screenshot(page, f"status-twisty-lab-round-{round_no + 1}")
    board.assert_still()
    browser_page.console.assert_clean()


def test_item4_the_board_stays_put_between_clicks_in_mini_rails(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    open_play(browser_page, lab_server, "play-mini-rails.ipynb")
    page = browser_page.page
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    view.wait_status(MINI_PROMPT)
    board = Board(view.root, view.status, view.canvas)
    board.measure("start")
    for turn in (1, 2, 3):
        prompt = view.status_text()
        click_canvas(view.canvas, 5, view.canvas_size()[1] - 3)  # a corner: nothing there
        wait_for_change(view.status_text, prompt, page, what="status line")
        board.measure(f"turn {turn}: refused")
        if "Buy" in prompt:
            take_a_disc(view, range(9))
            # what Buy and Build would do: a long prompt, still two lines
            assert len(view.status_text()) > 150, view.status_text()
            board.measure(f"turn {turn}: a disc in hand")
            save_screenshot(page, f"status-mini-lab-disc-{turn}")
            view.button("Buy").click()
        else:
            play_build_turn(view, f"status-mini-lab-{turn}")
        board.measure(f"turn {turn}: played")
        view.wait_status(MINI_PROMPT, timeout_s=60)  # the bots have played
        page.wait_for_timeout(1000)
        board.measure(f"turn {turn}: the bots have played")
        save_screenshot(page, f"status-mini-lab-turn-{turn}")
    board.assert_still()
    browser_page.console.assert_clean()


def test_item4_the_board_stays_put_between_clicks_in_off_the_rails(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    open_play(browser_page, lab_server, "play-off-the-rails.ipynb")
    page = browser_page.page
    view = OffTheRailsView.only_one(page)
    view.wait_painted()
    status = view.wait_status(OTR_PROMPT, timeout_s=60)
    board = Board(view.root, view.status, view.canvas)
    board.measure("start")
    if "choose the side" in status:
        view.press("Side N: Red")
        status = view.wait_status(OTR_PROMPT, timeout_s=60)
        board.measure("side chosen")
    # the person's clan (after "Start fresh" the line begins "A fresh game. "): wait for the
    # line that names it, as the turn goes on
    status = view.wait_status(r"(Red|Yellow|Green|Blue): 4 actions left", timeout_s=60)
    clan = re.findall(r"(Red|Yellow|Green|Blue): 4 actions left", status)[-1]
    for turn in (1, 2):
        view.press("Place straight")
        view.wait_status(r"Place straight: click a lit square")
        board.measure(f"turn {turn}: a verb picked")
        view.press("Back")
        view.wait_status(rf"{clan}: 4 actions left")
        before = view.status_text()
        view.press("End actions")
        wait_for_change(view.status_text, before, page, what="status line")
        board.measure(f"turn {turn}: ended")
        text = view.wait_status(rf"{clan}: 4 actions left", timeout_s=90)  # the bots played
        assert not re.search(r"[Ss]eat \d", text), text
        page.wait_for_timeout(1500)
        board.measure(f"turn {turn}: the bots have played")
        save_screenshot(page, f"status-otr-lab-turn-{turn}")
    board.assert_still()
    browser_page.console.assert_clean()
