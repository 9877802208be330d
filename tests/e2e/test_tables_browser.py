"""Playing at a table in real browsers (issue 23): each person's Voilà page of
``play-table.ipynb`` in a browser context of its own (its own kernel), the game in the
server's table store (SQLite, in the server's data folder).

Twisty Tracks, three seats: Wild West and Meadows are two pages, Winter is this test
process sitting at the same table through the store. Each page places in secret and the
other page does not show it; once Winter has placed, both pages show the round's
reveal without a click. Then one page is reloaded mid-game and rejoins the same game.
Off the Rails: two pages play a turn each, the other page seeing it arrive. Screenshots
under ``screenshots/e2e/table-*``.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from railwidgets import offtherails, twistytracks
from railwidgets.offtherails.components import START_TRACKS
from railwidgets.offtherails.glyphs import CLAN_FILL
from railwidgets.tables import NewTable, open_store
from railwidgets.twistytracks.geometry import Layout
from tests.e2e.browser import VIEWPORT, canvas_fingerprint, save_screenshot, wait_for_change
from tests.e2e.conftest import _server
from tests.e2e.offtherails_page import OffTheRailsView
from tests.e2e.servers import JupyterServer
from tests.e2e.test_offtherails_browser import COLOURS, body_point, whose_turn
from tests.e2e.twisty_page import HUMAN_PROMPT, TwistyView, place_by_clicks

pytestmark = pytest.mark.e2e

ALL_CELLS = [(x, y) for y in (2, 1, 0) for x in range(5)]


@pytest.fixture(scope="module")
def voila_tables_server() -> Iterator[JupyterServer]:
    """One Voilà server for every page, serving the notebooks folder (``/voila/render/…``)."""
    yield from _server("voila")


@pytest.fixture
def two_pages(browser_context: BrowserContext) -> Iterator[tuple[Page, Page]]:
    """Two pages, each in a browser context of its own (its own cookies and storage)."""
    browser = browser_context.browser
    assert browser is not None
    other = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)  # type: ignore[arg-type]
    first, second = browser_context.new_page(), other.new_page()
    for page in (first, second):
        page.set_default_timeout(30_000)
    try:
        yield first, second
    finally:
        first.close()
        other.close()


def seat_url(server: JupyterServer, new: NewTable, seat: int) -> str:
    query = urlencode({"table": new.id, "seat": seat, "token": new.tokens[seat]})
    return f"{server.base_url}voila/render/play-table.ipynb?{query}"


def server_store(server: JupyterServer):
    """The server's table store (its kernels' default: ``$RAILWIDGETS_DATA``)."""
    return open_store(server.work_dir / "railwidgets-data" / "tables.sqlite3")


def test_23_two_pages_play_a_twisty_tracks_round_in_secret_and_see_the_reveal(
    voila_tables_server: JupyterServer, two_pages: tuple[Page, Page]
) -> None:
    store = server_store(voila_tables_server)
    new = store.create(twistytracks.Game(players=3, seed=21), ["human"] * 3, bot_seed=1)
    winter = store.join(new.id, 2, new.tokens[2])  # this test, at the third seat
    west_page, meadows_page = two_pages
    west_page.goto(seat_url(voila_tables_server, new, 0))
    meadows_page.goto(seat_url(voila_tables_server, new, 1))
    west, meadows = TwistyView.only_one(west_page), TwistyView.only_one(meadows_page)
    west_layout, meadows_layout = Layout(3, focus=0), Layout(3, focus=1)
    for view in (west, meadows):
        view.wait_painted()
    west.wait_status(HUMAN_PROMPT)
    meadows.wait_status(r"Waiting for Wild West")
    assert west_page.get_by_text("table_widget(").count() == 0  # Voilà shows no code

    # Wild West places; Meadows' page gets its turn without a click, West's tile unseen
    meadows_sees_west = {c: meadows.cell_pixels(meadows_layout, 0, c) for c in ALL_CELLS}
    west_turn = place_by_clicks(west, west_layout, 0, ALL_CELLS, "table-twisty-west")
    meadows.wait_status(HUMAN_PROMPT)
    assert (
        meadows.cell_pixels(meadows_layout, 0, west_turn.cell) == meadows_sees_west[west_turn.cell]
    )
    assert "Wild West placed" not in meadows.recent.inner_text()

    # Meadows places; West's page does not show it either
    west_sees_meadows = {c: west.cell_pixels(west_layout, 1, c) for c in ALL_CELLS}
    meadows_turn = place_by_clicks(meadows, meadows_layout, 1, ALL_CELLS, "table-twisty-meadows")
    west.wait_status(r"Waiting for Winter")
    assert (
        west.cell_pixels(west_layout, 1, meadows_turn.cell) == west_sees_meadows[meadows_turn.cell]
    )
    save_screenshot(west_page, "table-twisty-west-before-reveal")

    # Winter (this test) places through the store: both pages show the reveal by themselves
    winter.refresh()
    winter.play(winter.game.legal_actions()[0])
    wait_for_change(
        lambda: west.cell_pixels(west_layout, 1, meadows_turn.cell),
        west_sees_meadows[meadows_turn.cell],
        west_page,
        what="Meadows' tile on West's page",
    )
    wait_for_change(
        lambda: meadows.cell_pixels(meadows_layout, 0, west_turn.cell),
        meadows_sees_west[west_turn.cell],
        meadows_page,
        what="West's tile on Meadows' page",
    )
    west.wait_recent(r"Meadows placed")
    meadows.wait_recent(r"Wild West placed")
    west.wait_still()
    meadows.wait_still()
    save_screenshot(west_page, "table-twisty-west-revealed")
    save_screenshot(meadows_page, "table-twisty-meadows-revealed")

    # Meadows reloads mid-game: the page joins the same game again
    revealed = meadows.cell_pixels(meadows_layout, 0, west_turn.cell)
    meadows_page.reload()
    meadows = TwistyView.only_one(meadows_page)
    meadows.wait_painted()
    meadows.wait_status(r"(Waiting for Wild West|your turn)")
    meadows.wait_still()
    assert meadows.cell_pixels(meadows_layout, 0, west_turn.cell) == revealed
    save_screenshot(meadows_page, "table-twisty-meadows-reloaded")
    assert winter.refresh() == [] and winter.number == 3  # nothing was lost or doubled
    log = voila_tables_server.log_text()
    assert log and not any(token in log for token in new.tokens.values())  # never logged
    store.close()


def test_23_4_a_wrong_token_shows_no_token_in_the_page_or_the_server_log(
    voila_tables_server: JupyterServer, browser_context: BrowserContext
) -> None:
    store = server_store(voila_tables_server)
    new = store.create(twistytracks.Game(players=2, seed=3), ["human", "human"])
    wrong = f"{new.tokens[1][:-4]}WXYZ"
    page = browser_context.new_page()
    try:
        query = urlencode({"table": new.id, "seat": 0, "token": wrong})
        page.goto(f"{voila_tables_server.base_url}voila/render/play-table.ipynb?{query}")
        expect(page.get_by_text("That is not the token of Seat 1")).to_be_visible(timeout=60_000)
        assert page.locator("canvas").count() == 0
        shown = page.content() + voila_tables_server.log_text()
        assert wrong not in shown and new.tokens[1] not in shown
    finally:
        page.close()
        store.close()


def otr_turn(view: OffTheRailsView) -> str:
    """One Off the Rails turn by clicks: a cart on the clan's start track (seen on the
    board), then End actions. The clan's colour."""
    status = view.wait_status(r"(choose the side|actions left)", timeout_s=60)
    if "choose the side" in status:
        view.press("Side N: Red")
    colour = whose_turn(view)
    side = COLOURS.index(colour)
    track = START_TRACKS[side][1]
    view.press("Place cart")
    view.click_square(track)
    view.press("white cart")
    point = body_point(track, "NESW"[(side + 2) % 4])
    view.wait_colour(point, CLAN_FILL[side])
    view.press("End actions")
    return colour


def test_23_two_pages_play_an_off_the_rails_turn_each(
    voila_tables_server: JupyterServer, two_pages: tuple[Page, Page]
) -> None:
    store = server_store(voila_tables_server)
    new = store.create(offtherails.Game(players=2, seed=4), ["human", "human"], bot_seed=1)
    pages = two_pages
    for seat, page in enumerate(pages):
        page.goto(seat_url(voila_tables_server, new, seat))
    views = [OffTheRailsView.only_one(page) for page in pages]
    for view in views:
        view.wait_painted()
    table = store.join(new.id)
    first = table.game.current_player
    assert first is not None
    second = 1 - first
    views[second].wait_status(r"Waiting for")
    before = canvas_fingerprint(views[second].canvas)
    colour = otr_turn(views[first])
    views[first].shot("table-otr-first")
    # the other page: the move arrives without a click (the board changes, the move is
    # listed), and it is that page's turn
    wait_for_change(lambda: canvas_fingerprint(views[second].canvas), before, pages[second])
    expect(views[second].root.locator(".railwidgets-recent")).to_contain_text(colour)
    before = canvas_fingerprint(views[first].canvas)
    other_colour = otr_turn(views[second])
    assert other_colour != colour
    wait_for_change(lambda: canvas_fingerprint(views[first].canvas), before, pages[first])
    expect(views[first].root.locator(".railwidgets-recent")).to_contain_text(other_colour)
    views[first].wait_status(rf"{colour}: \d actions left")
    views[first].shot("table-otr-second")
    table.refresh()
    assert {m.seat for m in table.moves} == {0, 1}
    store.close()
