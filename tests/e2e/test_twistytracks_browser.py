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

from railwidgets.draw import RecordingPainter
from railwidgets.draw.palette import RECENT, SELECT, hex_to_rgb
from railwidgets.twistytracks import PlaceTile, scenarios
from railwidgets.twistytracks.geometry import BOARD_X, Layout
from railwidgets.twistytracks.render import LAYERS, draw
from railwidgets.twistytracks.scoreboard import THEME_FILL
from tests.e2e.browser import (
    click_canvas,
    open_and_run,
    pixels_at,
    save_screenshot,
    wait_for_change,
)
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
E5_CELL = "TwistyTracksWidget(game=scenarios.e5()"
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


def near(pixel: tuple[int, int, int, int], colour: str, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_to_rgb(colour), strict=True))


def se_tokens_after_e5_turned_once() -> list[tuple[str, tuple[float, float]]]:
    """Where SE's tokens are drawn once Anna's T05 (turned once) and Ben's T05 are placed:
    each token's colour and a point inside it, clear of its number and train chip."""
    game = scenarios.e5()
    game.apply(PlaceTile(0, 5, (4, 2), 1))
    for action in scenarios.E5_ROUND_6[1:]:  # Ben's, and Cleo's (elsewhere: SE is the same)
        game.apply(action)
    painter = RecordingPainter(1000, 640, LAYERS)
    draw(game.view(0), painter, Layout(3, focus=0))
    se = BOARD_X + 6 * (1000 - 8 - BOARD_X) / 7
    return [
        (fill, (x + 3, y + h - 3))
        for call in painter.by_name("rects", "pieces")
        for (x, y, _, h), fill in zip(call["boxes"], call["fills"], strict=True)
        if x > se and fill in (THEME_FILL["Wild West"], THEME_FILL["Meadows"])
    ]


def play_tutorial_e5(page: Page, server: JupyterServer) -> None:
    """E5 in JupyterLab, against its two bots: T05 at (4,2), turned once. The ghost has a
    dashed blue outline, the placed tile an orange one once the round is revealed, and
    SE's tokens show on the scoring board (issue 27 item 13)."""
    view = TwistyView.in_cell(page, cell_index(server.root_dir / TUTORIAL, E5_CELL))
    view.root.scroll_into_view_if_needed()
    view.wait_painted()
    view.wait_status(HUMAN_PROMPT)
    layout = Layout(3, focus=0)
    box = layout.frames[0]
    x, y = box.cell_origin((4, 2))
    status = view.status_text()
    click_canvas(view.canvas, *box.cell_centre((4, 2)))
    wait_for_change(view.status_text, status, page, what="status line")
    # the ghost: a dashed blue outline (its first dash starts at the top-left corner)
    ghost = pixels_at(view.canvas, [(x + 6, y + 2.5), (x + 2.5, y + 6)])
    assert all(near(p, SELECT) for p in ghost), ghost
    save_screenshot(page, "twisty-lab-e5-1-ghost")
    status = view.status_text()
    view.button("Rotate").click()
    assert "turned 90°" in str(wait_for_change(view.status_text, status, page, what="status"))
    view.button("Place").click()
    view.wait_status(r"Round 7")
    view.wait_still()
    save_screenshot(page, "twisty-lab-e5-2-revealed")
    # placed since your turn: a solid orange outline, all round
    edges = [(x + 1.5, y + box.cell / 2), (x + box.cell - 1.5, y + box.cell / 2)]
    edges += [(x + box.cell / 2, y + box.cell - 1.5)]
    outline = pixels_at(view.canvas, edges)
    assert all(near(p, RECENT) for p in outline), outline
    # SE's tokens, each in its player's colour: Wild West's yellow on the 5, Meadows' red
    tokens = se_tokens_after_e5_turned_once()
    assert sorted(fill for fill, _ in tokens) == sorted(
        THEME_FILL[p] for p in ("Wild West", "Meadows")
    )
    drawn = pixels_at(view.canvas, [point for _, point in tokens])
    assert all(near(p, fill) for p, (fill, _) in zip(drawn, tokens, strict=True)), drawn


def test_jupyterlab_tutorial_e1_reload_and_whole_game(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    view = play_tutorial_e1(browser_page, lab_server, "twisty-lab")
    layout = Layout(1, focus=0)
    placed = view.cell_pixels(layout, 0, (1, 2))

    # E5, the Try it against two bots (issue 27 item 13)
    play_tutorial_e5(page, lab_server)

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
