"""Twisty Tracks in a real browser: JupyterLab, Voilà and Notebook 7 in headless Chromium.

JupyterLab: the tutorial runs, E1 is played by clicks (a lit cell, Rotate,
Place) and the pixels at the placed cell change; the saved page is reloaded and
shows the same board; the tutorial's whole game, every seat a bot, ends with
the final scores. Voilà: the play notebook's first round by clicks, then a
hot-seat round with the pass-the-device cover and the round's reveal held until
Continue, a reload, and a whole game against the bots. Notebook 7: the tutorial's E1. Screenshots of every step are
under ``screenshots/e2e/twisty-*``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from railwidgets.twistytracks.geometry import Layout
from tests.e2e.browser import open_and_run, save_screenshot
from tests.e2e.conftest import BrowserPage, _server
from tests.e2e.minirails_page import cell_index
from tests.e2e.servers import JupyterServer
from tests.e2e.twisty_page import (
    HUMAN_PROMPT,
    TwistyView,
    let_bots_finish,
    place_by_clicks,
)

pytestmark = pytest.mark.e2e

TUTORIAL = "twisty-tracks.ipynb"
PLAY = "play-twisty-tracks.ipynb"
#: The tutorial's cells used here (found by their source, so cells may move).
E1_CELL = "TwistyTracksWidget(game=scenarios.e1()"
WHOLE_GAME_CELL = "TwistyTracksWidget(players=3, seats="
ALL_CELLS = [(x, y) for y in (2, 1, 0) for x in range(5)]


@pytest.fixture(scope="module")
def twisty_voila_server() -> Iterator[JupyterServer]:
    """Voilà serving the Twisty Tracks play notebook at ``/``, as ``make voila`` does."""
    yield from _server("voila", notebook=PLAY)


def save_notebook(page: Page) -> None:
    """File ▸ Save Notebook, then wait until the tab no longer shows unsaved changes."""
    page.get_by_role("menuitem", name="File", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Save Notebook(?! As)")).click()
    page.locator(".jp-mod-current.jp-mod-dirty").wait_for(state="detached", timeout=15_000)


def play_tutorial_e1(tab: BrowserPage, server: JupyterServer, name: str) -> TwistyView:
    """Run the tutorial, then play E1: T01 at (1,2) by clicks."""
    page = tab.page
    open_and_run(page, server.url_for(TUTORIAL), "canvas", tab.kernel)
    view = TwistyView.in_cell(page, cell_index(server.root_dir / TUTORIAL, E1_CELL))
    view.wait_painted()
    view.wait_status(HUMAN_PROMPT)
    save_screenshot(page, f"{name}-0-painted")
    layout = Layout(1, focus=0)
    empty = view.cell_pixels(layout, 0, (1, 2))
    place_by_clicks(view, layout, 0, [(1, 2)], name)
    # what the trains did is listed under the placement, not crammed into the status
    view.wait_recent(r"red \+1 waits before \(0,2\)")
    assert "waits before" not in view.status_text()
    assert view.cell_pixels(layout, 0, (1, 2)) != empty
    return view


def test_jupyterlab_tutorial_e1_reload_and_whole_game(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    view = play_tutorial_e1(browser_page, lab_server, "twisty-lab")
    layout = Layout(1, focus=0)
    placed = view.cell_pixels(layout, 0, (1, 2))

    # Saved and reloaded, the page shows the same board, drawn from the kernel's state.
    save_notebook(page)
    page.reload()
    reloaded = TwistyView.in_cell(page, cell_index(lab_server.root_dir / TUTORIAL, E1_CELL))
    reloaded.wait_painted()
    assert reloaded.cell_pixels(layout, 0, (1, 2)) == placed
    save_screenshot(page, "twisty-lab-3-reloaded")

    # The tutorial's whole game, every seat a bot, runs to the final scores.
    whole = TwistyView.in_cell(page, cell_index(lab_server.root_dir / TUTORIAL, WHOLE_GAME_CELL))
    whole.root.scroll_into_view_if_needed()
    whole.wait_painted()
    let_bots_finish(whole, "Wild West", "twisty-lab-4")
    browser_page.console.assert_clean()


def test_voila_round_hot_seat_reload_and_whole_game(
    twisty_voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(twisty_voila_server.url_for(PLAY))
    view = TwistyView.only_one(page)
    view.wait_painted()
    view.wait_status(HUMAN_PROMPT)
    save_screenshot(page, "twisty-voila-0-painted")
    assert page.get_by_role("heading", name="Twisty Tracks").is_visible()
    assert page.get_by_text("TwistyTracksWidget(").count() == 0

    # Round 1 by clicks: a space in front of a depot always takes a tile.
    layout = Layout(3, focus=0)
    empty = view.cell_pixels(layout, 0, (1, 2))
    turn = place_by_clicks(view, layout, 0, [(1, 2)], "twisty-voila-round")
    assert view.cell_pixels(layout, 0, (1, 2)) != empty
    view.wait_status(r"Round 2")

    # A hot-seat round: Meadows becomes a person; after Wild West places, a cover.
    view.set_seat("Meadows", "Human")
    place_by_clicks(view, layout, 0, ALL_CELLS, "twisty-voila-hotseat-wild-west")
    view.wait_status(r"Pass the device to Meadows")
    save_screenshot(page, "twisty-voila-hotseat-cover")
    view.button("Ready").click()
    view.wait_status(r"Meadows to place")
    place_by_clicks(view, Layout(3, focus=1), 1, ALL_CELLS, "twisty-voila-hotseat-meadows")
    # the round's reveal stays on the board, with what each scored, until Continue
    view.wait_status(
        r"Round 2 scored Wild West [+-]\d+, Meadows [+-]\d+, Winter [+-]\d+: press Continue"
    )
    view.wait_still()
    save_screenshot(page, "twisty-voila-hotseat-reveal")
    view.button("Continue").click()
    view.wait_status(r"Pass the device to Wild West")
    assert turn.cell == (1, 2)

    # A reload runs the notebook again: a new game, painted again.
    page.reload()
    again = TwistyView.only_one(page)
    again.wait_painted()
    again.wait_status(HUMAN_PROMPT)
    save_screenshot(page, "twisty-voila-reloaded")

    # Then the bots play a whole game, and the final scores appear.
    let_bots_finish(again, "Wild West", "twisty-voila")
    browser_page.console.assert_clean()


def test_notebook7_tutorial_e1(notebook_server: JupyterServer, browser_page: BrowserPage) -> None:
    play_tutorial_e1(browser_page, notebook_server, "twisty-notebook7")
    browser_page.console.assert_clean()
