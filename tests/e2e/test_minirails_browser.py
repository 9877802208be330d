"""Mini Rails in a real browser: JupyterLab, Voilà and Notebook 7 in headless Chromium.

Each test opens a notebook as a person would, waits for the board to be painted,
plays a turn with the mouse (a market disc, Build, a lit hex) and checks what the
page shows: the status line, which hexes light up, the disc drawn on the hex. In
JupyterLab and Voilà the page is then reloaded and still shows the board, and a
whole game played out by the bots ends with the final scores on the page. The
screenshots of every step are under ``screenshots/e2e/``; a test fails on browser
console errors other than the known harmless ones (``tests/e2e/browser.py``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from railwidgets.core.action import Action
from railwidgets.core.puzzles import puzzles
from railwidgets.minirails import scenarios
from railwidgets.minirails.rules import Build, Buy
from tests.e2e.browser import open_and_run, pixels_at, save_screenshot
from tests.e2e.conftest import PLAY_NOTEBOOK, TUTORIAL_NOTEBOOK, BrowserPage
from tests.e2e.minirails_page import (
    HUMAN_PROMPT,
    MiniRailsView,
    cell_index,
    let_bots_finish,
    play_build_turn,
)
from tests.e2e.servers import JupyterServer

pytestmark = pytest.mark.e2e

#: The tutorial's cells used here (found by their source, so cells may move).
BUILD_EXAMPLE_CELL = "MiniRailsWidget(game=scenarios.build_example()"
WHOLE_GAME_CELL = "MiniRailsWidget(players=3, seats="
FULL_GAME_TIMEOUT_S = 120


def save_notebook(page: Page) -> None:
    """File ▸ Save Notebook, then wait until the tab no longer shows unsaved changes."""
    page.get_by_role("menuitem", name="File", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Save Notebook(?! As)")).click()
    page.locator(".jp-mod-current.jp-mod-dirty").wait_for(state="detached", timeout=15_000)


def assert_status_above_board(view: MiniRailsView) -> None:
    status, canvas = view.status.bounding_box(), view.canvas.bounding_box()
    assert status and canvas, "status line or board not shown"
    assert status["y"] + status["height"] <= canvas["y"] + 1, (status, canvas)


def play_tutorial_build_example(
    tab: BrowserPage, server: JupyterServer, name: str
) -> MiniRailsView:
    """Run the tutorial, then play §5's turn: red disc in slot 0, Build, a lit hex."""
    page = tab.page
    tutorial = server.root_dir / TUTORIAL_NOTEBOOK
    open_and_run(page, server.url_for(TUTORIAL_NOTEBOOK), "canvas", tab.kernel)
    view = MiniRailsView.in_cell(page, cell_index(tutorial, BUILD_EXAMPLE_CELL))
    view.wait_painted()
    save_screenshot(page, f"{name}-0-painted")
    game = scenarios.build_example()
    # the board is as tall as this game's profit boards need, and the status sits above it
    assert view.canvas_size() == (900, int(view.layout.for_players(game.num_players).height))
    assert_status_above_board(view)
    legal = set(game.legal_hexes("red"))
    assert game.state.market[0] == "red"
    view.wait_status(HUMAN_PROMPT)
    turn = play_build_turn(view, name, slots=[0], choose=(0, -1))
    assert (turn.company, turn.slot) == ("red", 0)
    assert turn.lit == legal, f"lit {sorted(turn.lit)}, legal {sorted(legal)}"
    view.wait_recent(r"build red from slot 0")  # the move is listed, not in the status
    return view


def test_jupyterlab_tutorial_turn_reload_and_whole_game(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    view = play_tutorial_build_example(browser_page, lab_server, "lab")

    # Saved and reloaded, the page shows the same board again: the widget is drawn from
    # the kernel's state when the new page connects (ipycanvas 0.14 reconnect, pitfall 2).
    red_before = pixels_at(view.canvas, [view.layout.hex_centre((0, -1))])
    save_notebook(page)
    page.reload()
    reloaded = MiniRailsView.in_cell(
        page, cell_index(lab_server.root_dir / TUTORIAL_NOTEBOOK, BUILD_EXAMPLE_CELL)
    )
    reloaded.wait_painted()
    assert pixels_at(reloaded.canvas, [view.layout.hex_centre((0, -1))]) == red_before
    save_screenshot(page, "lab-4-reloaded")

    # The whole game of §10 with every seat a bot runs to the end; the scores appear.
    whole = MiniRailsView.in_cell(
        page, cell_index(lab_server.root_dir / TUTORIAL_NOTEBOOK, WHOLE_GAME_CELL)
    )
    whole.root.scroll_into_view_if_needed()
    whole.wait_painted()
    let_bots_finish(whole, "Orange", "lab-5", timeout_s=FULL_GAME_TIMEOUT_S)
    browser_page.console.assert_clean()


def test_voila_play_notebook_turn_reload_and_whole_game(
    voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(voila_server.url_for(PLAY_NOTEBOOK))
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    save_screenshot(page, "voila-0-painted")
    # The page is the title and the widget, full width, with no code shown.
    assert page.get_by_role("heading", name="Mini Rails").is_visible()
    assert page.locator(".jp-InputArea-editor").count() == 0
    assert page.get_by_text("MiniRailsWidget(").count() == 0
    page_width = page.evaluate("() => document.documentElement.clientWidth")
    assert view.root.bounding_box()["width"] >= 0.8 * page_width  # type: ignore[index]
    view.wait_status(HUMAN_PROMPT)
    turn = play_build_turn(view, "voila")
    view.wait_recent(rf"build {turn.company} from slot {turn.slot}")

    # A reload runs the notebook again: a new game, the board painted again, and an offer
    # to resume the game that was on the board (issue 27 item 5), which Resume takes.
    view.wait_status(HUMAN_PROMPT)
    page.wait_for_timeout(500)  # the bots' moves are kept as they come
    page.reload()
    again = MiniRailsView.only_one(page)
    again.wait_painted()
    offer = again.root.locator(".railwidgets-resume")
    offer.wait_for(state="visible")
    assert "was on this board" in offer.inner_text(), offer.inner_text()
    save_screenshot(page, "voila-4-reloaded-offer")
    again.button("Resume").click()
    resumed = again.wait_status(r"Resumed the game that was on this board \(move (\d+)\)")
    assert int(re.search(r"move (\d+)", resumed).group(1)) >= 3, resumed  # type: ignore[union-attr]
    offer.wait_for(state="hidden")
    again.wait_status(HUMAN_PROMPT)
    save_screenshot(page, "voila-4-resumed")

    # Then the bots play the game to its end, and the final scores appear.
    let_bots_finish(again, "Orange", "voila-5", timeout_s=FULL_GAME_TIMEOUT_S)
    browser_page.console.assert_clean()


def test_notebook7_tutorial_turn(notebook_server: JupyterServer, browser_page: BrowserPage) -> None:
    play_tutorial_build_example(browser_page, notebook_server, "notebook7")
    browser_page.console.assert_clean()


def test_console_errors_are_caught(browser_page: BrowserPage) -> None:
    """The console check is live: errors logged or thrown by a page are reported."""
    page = browser_page.page
    page.goto("about:blank")
    page.evaluate("() => console.error('railwidgets: deliberate test error')")
    page.evaluate("() => setTimeout(() => { throw new Error('deliberate page error'); })")
    page.wait_for_timeout(200)
    unexpected = browser_page.console.unexpected()
    assert any("deliberate test error" in m for m in unexpected), unexpected
    assert any("deliberate page error" in m for m in unexpected), unexpected
    with pytest.raises(AssertionError):
        browser_page.console.assert_clean()


def play_by_clicks(view: MiniRailsView, action: Action) -> None:
    """Play a Mini Rails move as a person does: its disc in the market, then Buy, or Build
    and its hex (a blocked company's disc goes to its frame with Build alone)."""
    assert isinstance(action, Buy | Build)
    view.click_market(action.slot)
    view.wait_status(rf"the {action.company} disc \(slot {action.slot}\) is in hand")
    if isinstance(action, Buy):
        view.button("Buy").click()
        return
    view.button("Build").click()
    view.wait_status(rf"Build {action.company}")
    if action.hex is not None:
        view.page.wait_for_timeout(200)  # the lit hexes are drawn
        view.click_hex(action.hex)


def test_29_4_voila_puzzle_judges_a_wrong_move_then_takes_the_right_one(
    voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    """Puzzles from the toolbar: a wrong move by clicks is explained with the best move;
    Try again, and the answer by clicks is right."""
    puzzle = puzzles("minirails")[0]
    page = browser_page.page
    page.goto(voila_server.url_for(PLAY_NOTEBOOK))
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    view.wait_status(HUMAN_PROMPT)
    view.button("Puzzles").click()
    panel = view.root.locator(".railwidgets-puzzle")
    panel.get_by_text(f"Puzzle 1 of {len(puzzles('minirails'))}").wait_for()
    view.wait_status(HUMAN_PROMPT)
    assert panel.bounding_box()["y"] < view.canvas.bounding_box()["y"]  # type: ignore[index]
    save_screenshot(page, "puzzle-0-open")

    play_by_clicks(view, puzzle.weighed[1].action)
    view.wait_status(r"✗ Not the best move\.")
    said = panel.inner_text()
    assert "is not the best" in said and "The best move: " in said, said
    save_screenshot(page, "puzzle-1-wrong")

    view.button("Try again").click()
    view.wait_status(HUMAN_PROMPT)
    play_by_clicks(view, puzzle.answer)
    view.wait_status(r"✓ Right!")
    assert "✓ Right: " in panel.inner_text()
    save_screenshot(page, "puzzle-2-right")
    browser_page.console.assert_clean()
