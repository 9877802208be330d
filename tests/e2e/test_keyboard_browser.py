"""Issue 25 item 1 in Chromium: a whole game of each game played with the keyboard alone
(and issue 27 item 14: the board's keys work again after a button press); and item 2's
live region, updated in place, in Voilà, JupyterLab and Notebook 7.

One Voilà server serves the notebooks folder; each game's play notebook is opened, the
board is reached with Tab (its focus ring is looked at in a screenshot), and the game is
played to its end with keys only: arrows and Enter on the board, a game's own keys (B for
Buy), and Shift+Tab then Enter for the buttons of the decision in hand. The page is never
clicked. Screenshots: ``screenshots/e2e/keyboard-*``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import ElementHandle, Page

from railwidgets.ui.live import LIVE_CLASS
from tests.e2e.browser import open_and_run, save_screenshot, wait_for_painted_canvas
from tests.e2e.conftest import BrowserPage
from tests.e2e.servers import JupyterServer

pytestmark = pytest.mark.e2e

BOARD = "canvas.railwidgets-board"
STATUS = ".railwidgets-status-text"
#: How many keys a whole game may take (a safety net: each step presses one key).
MAX_KEYS = {"minirails": 400, "twistytracks": 300, "offtherails": 1500}
#: The status while a bot is to play (nothing for the person to do but wait).
BOT_TURN = re.compile(r"is to play|bot\)|Run bots")
#: Mini Rails with a disc in hand: the verbs left.
IN_HAND = re.compile(r"is in hand: press (Buy|Build)")


def status(page: Page) -> str:
    return page.locator(STATUS).first.inner_text(timeout=30_000)


def focused(page: Page) -> str:
    """What has the focus: ``"board"``, a button's text, or the element's tag."""
    return page.evaluate(
        """() => {
            const el = document.activeElement;
            if (!el) return "";
            if (el.matches("canvas.railwidgets-board")) return "board";
            if (el.tagName === "BUTTON") return "button:" + el.innerText.trim();
            if (el.getAttribute("role") === "region") return "region:" + el.getAttribute("aria-label");
            return el.tagName.toLowerCase();
        }"""
    )


def settle(page: Page, before: str, timeout_s: float = 8.0) -> str:
    """Wait until the status differs from ``before`` (or a short while), and return it."""
    deadline = time.monotonic() + timeout_s
    text = status(page)
    while text == before and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        text = status(page)
    page.wait_for_timeout(150)  # the board's batch after the status
    return status(page)


def press(page: Page, key: str) -> str:
    before = status(page)
    page.keyboard.press(key)
    return settle(page, before, timeout_s=3.0 if key.startswith("Arrow") else 8.0)


def wait_focus(page: Page, want: str, timeout_s: float = 8.0) -> str:
    deadline = time.monotonic() + timeout_s
    now = focused(page)
    while not now.startswith(want) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        now = focused(page)
    return now


def tab_to_board(page: Page) -> int:
    """Press Tab from the top of the page until the board has the focus; how many Tabs."""
    page.locator("body").focus()
    for count in range(1, 80):
        page.keyboard.press("Tab")
        if focused(page) == "board":
            return count
    raise AssertionError("Tab never reached the board")


def use_a_button(page: Page) -> None:
    """Shift+Tab from the board to the decision's buttons, past Back, and Enter."""
    page.keyboard.press("Shift+Tab")
    now = wait_focus(page, "button:")
    assert now.startswith("button:"), now
    if now == "button:Back":
        page.keyboard.press("Shift+Tab")
        now = wait_focus(page, "button:")
    assert now.startswith("button:") and now != "button:Back", now
    before = status(page)
    page.keyboard.press("Enter")
    assert wait_focus(page, "board") == "board", "the button gave the focus back to the board"
    settle(page, before)


def play_by_keyboard(page: Page, game: str) -> int:
    """Play the game on the page to its end with keys; the number of keys pressed."""
    keys = 0
    cursor_seen = False
    arrows = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]
    while keys < MAX_KEYS[game]:
        text = status(page)
        if text.startswith("Game over"):
            return keys
        if BOT_TURN.search(text) and "Your turn" not in text:
            page.wait_for_timeout(300)
            continue
        if focused(page) != "board":
            assert wait_focus(page, "board") == "board", focused(page)
        verbs = IN_HAND.search(text)
        if verbs:  # Mini Rails: B buys the disc in hand, T builds it (keys on the board)
            press(page, "b" if verbs.group(1) == "Buy" else "t")
            keys += 1
            continue
        if "(Enter)" in text:  # a decision picked in full waits for Confirm (Place)
            press(page, "Enter")
            keys += 1
            continue
        said = press(page, arrows[keys % 4])
        keys += 1
        if said.startswith("Cursor on"):
            if not cursor_seen:
                save_screenshot(page, f"keyboard-{game}-cursor")
                cursor_seen = True
            press(page, "Enter")
            keys += 1
            continue
        if said.startswith("No target further"):
            continue  # another arrow next time
        if "Nothing on the board" in said or said.startswith("✗"):
            after = press(page, "Enter")  # confirm what is picked in full, if it is
            keys += 1
            if after.startswith("✗"):
                use_a_button(page)
                keys += 2
    raise AssertionError(f"{game}: not over after {keys} keys; status: {status(page)!r}")


@pytest.mark.parametrize(
    ("game", "notebook"),
    [
        ("minirails", "play-mini-rails.ipynb"),
        ("twistytracks", "play-twisty-tracks.ipynb"),
        ("offtherails", "play-off-the-rails.ipynb"),
    ],
)
def test_item1_whole_game_with_the_keyboard_only(
    folder_voila_server: JupyterServer, browser_page: BrowserPage, game: str, notebook: str
) -> None:
    page = browser_page.page
    page.goto(folder_voila_server.url_for(notebook))
    board = page.locator(BOARD).first
    wait_for_painted_canvas(board)
    deadline = time.monotonic() + 60
    while BOT_TURN.search(status(page)) and time.monotonic() < deadline:
        page.wait_for_timeout(300)
    tab_to_board(page)
    save_screenshot(page, f"keyboard-{game}-focus")
    # Tab leaves the board (no keyboard trap): the moves since your turn beside it (a list
    # that may scroll, a stop of its own once there are moves), then the Keys button
    page.keyboard.press("Tab")
    if wait_focus(page, "region:", timeout_s=1).startswith("region:"):
        page.keyboard.press("Tab")
    assert wait_focus(page, "button:Keys") == "button:Keys"
    page.keyboard.press("Shift+Tab")
    if wait_focus(page, "region:", timeout_s=1).startswith("region:"):
        page.keyboard.press("Shift+Tab")
    assert wait_focus(page, "board") == "board"
    said = press(page, "q")
    assert said.startswith("✗") and "arrows move the cursor" in said
    keys = play_by_keyboard(page, game)
    save_screenshot(page, f"keyboard-{game}-over")
    assert keys > 0
    browser_page.console.assert_clean()


@pytest.mark.parametrize(
    "notebook", ["play-mini-rails.ipynb", "play-twisty-tracks.ipynb", "play-off-the-rails.ipynb"]
)
def test_item3_usable_at_200_percent_zoom(
    folder_voila_server: JupyterServer, browser_page: BrowserPage, notebook: str
) -> None:
    """200% zoom of a 1280×800 window is a 640×400 CSS-pixel viewport: the board shrinks to
    the width (no sideways scrolling), and it is still played from the keyboard."""
    page = browser_page.page
    page.set_viewport_size({"width": 640, "height": 400})
    page.goto(folder_voila_server.url_for(notebook))
    board = page.locator(BOARD).first
    wait_for_painted_canvas(board)
    box = board.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 640
    overflow = page.evaluate("() => document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page scrolls sideways by {overflow} px"
    deadline = time.monotonic() + 60
    while BOT_TURN.search(status(page)) and time.monotonic() < deadline:
        page.wait_for_timeout(300)
    tab_to_board(page)
    box = board.bounding_box()  # a board reached by Tab is scrolled into view
    assert box is not None and box["y"] < 400 and box["y"] + box["height"] > 0, box
    said = press(page, "ArrowRight")
    assert said.startswith("Cursor on") or "Nothing on the board" in said, said
    save_screenshot(page, f"keyboard-zoom200-{notebook.removesuffix('.ipynb')}")


# -- item 2: the live region is updated, not replaced ------------------------------------------

#: The live element's state in one look: whether it is still in the page and is the element
#: its companion holds now, its roles, its text and size, and the status line's full text.
LIVE_STATE = """(el) => {
    const box = el.getBoundingClientRect();
    const widget = el.closest(".railwidgets");
    const line = widget && widget.querySelector(".railwidgets-status-text");
    return {
        connected: el.isConnected,
        same: !!widget && widget.querySelector(".railwidgets-companion .LIVE_CLASS") === el,
        role: el.getAttribute("role"),
        live: el.getAttribute("aria-live"),
        atomic: el.getAttribute("aria-atomic"),
        text: el.textContent,
        width: box.width,
        height: box.height,
        status: line ? line.getAttribute("title") : null,
    };
}""".replace("LIVE_CLASS", LIVE_CLASS)


def live_state(handle: ElementHandle) -> dict[str, Any]:
    return handle.evaluate(LIVE_STATE)


def wait_live(page: Page, handle: ElementHandle, before: str, timeout_s: float = 30.0) -> dict:
    """Wait until the live element says what the status line says, a person's turn, other
    than ``before``; its state then."""
    deadline = time.monotonic() + timeout_s
    state = live_state(handle)
    while time.monotonic() < deadline and not (
        state["text"] == state["status"]
        and state["text"] != before
        and not BOT_TURN.search(state["text"] or "")
    ):
        page.wait_for_timeout(100)
        state = live_state(handle)
    return state


def assert_same_live_element(state: dict[str, Any], said: str) -> None:
    assert state["connected"] and state["same"], f"the live element was replaced: {state}"
    assert (state["role"], state["live"], state["atomic"]) == ("status", "polite", "true")
    assert state["text"] == state["status"] and state["text"] != said, state
    assert state["width"] <= 1 and state["height"] <= 1, state  # visually hidden


def check_live_region_in_place(page: Page, where: str) -> None:
    """Show the board in words, keep the live element's handle, pick a disc and Buy it
    (a Mini Rails move) with the companion's buttons; the same element says each new
    status, roles intact, and is a status to the accessibility tree."""
    deadline = time.monotonic() + 60
    while BOT_TURN.search(status(page)) and time.monotonic() < deadline:
        page.wait_for_timeout(300)
    page.get_by_role("button", name="Board in words").first.click()
    companion = page.locator(".railwidgets-companion").first
    companion.locator("button").first.wait_for(state="visible", timeout=30_000)
    live = companion.locator(f".{LIVE_CLASS}")
    assert live.count() == 1
    handle = live.element_handle()
    first = wait_live(page, handle, before="")
    assert_same_live_element(first, said="")
    pick = companion.get_by_role("button", name=re.compile(r"^Take the \w+ disc in slot"))
    pick.first.click()
    picked = wait_live(page, handle, before=first["text"])
    assert_same_live_element(picked, said=first["text"])
    assert "is in hand" in picked["text"], picked
    companion.get_by_role("button", name="Buy", exact=True).click()  # the move; bots answer
    moved = wait_live(page, handle, before=picked["text"])
    assert_same_live_element(moved, said=picked["text"])
    assert moved["text"].startswith("Your turn"), moved
    assert page.get_by_role("status").filter(has_text=moved["text"]).count() == 1
    save_screenshot(page, f"live-region-{where}")


def test_item2_live_region_updated_in_place_in_voila(
    folder_voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(folder_voila_server.url_for("play-mini-rails.ipynb"))
    wait_for_painted_canvas(page.locator(BOARD).first)
    check_live_region_in_place(page, "voila")
    browser_page.console.assert_clean()


def test_item2_live_region_updated_in_place_in_jupyterlab(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    open_and_run(page, lab_server.url_for("play-mini-rails.ipynb"), BOARD, browser_page.kernel)
    wait_for_painted_canvas(page.locator(BOARD).first)
    check_live_region_in_place(page, "jupyterlab")
    browser_page.console.assert_clean()


def test_item2_live_region_updated_in_place_in_notebook7(
    notebook_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    open_and_run(page, notebook_server.url_for("play-mini-rails.ipynb"), BOARD, browser_page.kernel)
    wait_for_painted_canvas(page.locator(BOARD).first)
    check_live_region_in_place(page, "notebook7")
    browser_page.console.assert_clean()
