"""A click on a board half below the fold lands where the pointer is (issue 27, item 1).

ipycanvas 0.14 focuses the ``<canvas>`` on mouse-down (so that keys reach it) and then
measures the click against where the canvas is after that focus; a board not wholly on
screen was scrolled into view by the focus, and the click landed on another spot (the
page jumped 125 px in Voilà, 270 px in JupyterLab, and the first move was refused). The
kit's CSS (``railwidgets.ui.theme.BOARD_CSS``) keeps that focus from scrolling.

For each game, in JupyterLab and in Voilà at 1280×800, the play notebook's board is
put half below the bottom of the visible area (the widget is given room above and
below, so any position can be reached; where the only targets are lower, as for an
Off the Rails clan on the south side, the board is cut off just below the target),
nothing on the page has focus, and one real mouse click (``page.mouse``, no
``focus()`` first) goes to a legal target in the part that shows. The page must not
move while the mouse-down is handled, the status line must show the pick (not a
refusal), and the canvas must then have focus: Esc steps back, as the key should.
Screenshots: ``screenshots/e2e/click-*``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import CDPSession, Locator, Page

from railwidgets import minirails
from railwidgets.minirails.components import COMPANY_FILL
from railwidgets.minirails.render import DEFAULT_LAYOUT as MINI_LAYOUT
from railwidgets.offtherails.components import START_TRACKS
from railwidgets.offtherails.render import LAYOUT as OTR_LAYOUT
from railwidgets.tables import open_store
from railwidgets.twistytracks.geometry import Layout as TwistyLayout
from tests.e2e import minirails_page, twisty_page
from tests.e2e.browser import (
    canvas_scale,
    open_and_run,
    pixels_at,
    save_screenshot,
    wait_for_change,
)
from tests.e2e.conftest import BrowserPage, _server
from tests.e2e.minirails_page import MiniRailsView
from tests.e2e.offtherails_page import OffTheRailsView
from tests.e2e.servers import JupyterServer
from tests.e2e.twisty_page import TwistyView

pytestmark = pytest.mark.e2e

SMALL_SCREEN = {"width": 1280, "height": 800}
#: Room given above and below the widget, so the board can be put anywhere on the page.
ROOM_PX = 900
#: How far a target is kept above the fold (CSS pixels).
TARGET_CLEARANCE_PX = 15
#: The largest movement of the board counted as "the page did not move" (CSS pixels).
STILL_PX = 1.0

View = Any  # TwistyView | MiniRailsView | OffTheRailsView: the same few members are used


@dataclass(frozen=True)
class GameCase:
    """How to find a game's board, get to a legal target, and read that it was taken."""

    notebook: str
    find: Callable[[Page], View]
    #: Gets the game ready for the click; returns the target (canvas pixels).
    prepare: Callable[[View], tuple[float, float]]
    #: The status line once the click is taken (a regular expression).
    taken: str
    #: The status line after Esc (Back) steps back from that pick.
    back: str


def twisty_prepare(view: TwistyView) -> tuple[float, float]:
    view.wait_status(twisty_page.HUMAN_PROMPT)
    frame = next(b for b in TwistyLayout(3, focus=0).frames if b.seat == 0)
    return frame.cell_centre((1, 2))  # a space in front of a depot always takes a tile


def mini_prepare(view: MiniRailsView) -> tuple[float, float]:
    view.wait_status(minirails_page.HUMAN_PROMPT)
    # a slot still holding a disc (a bot before may have left its marker on one): the
    # disc's colour beside its letter (white discs are left out: the empty slot is pale)
    layout = MINI_LAYOUT.for_players(3)
    centres = [layout.market_slot_centre(slot) for slot in range(7)]
    colours = [fill for company, fill in COMPANY_FILL.items() if company != "white"]
    seen = pixels_at(view.canvas, [(x + 8, y) for x, y in centres])
    for centre, pixel in zip(centres, seen, strict=True):
        if any(minirails_page.close_to(pixel, fill, 24) for fill in colours):
            return centre
    raise AssertionError(f"no disc in the market: {seen}")


def otr_prepare(view: OffTheRailsView) -> tuple[float, float]:
    status = view.wait_status(r"(choose the side|actions left)", timeout_s=60)
    if "choose the side" in status:  # a side whose starting tracks are near the top
        view.root.locator(
            "button", has_text=re.compile(r"^\s*Side [NESW]: \w+\s*$")
        ).first.wait_for()
        sides = [
            f"Side {s}: {c}"
            for s, c in zip("NESW", ("Red", "Yellow", "Green", "Blue"), strict=True)
        ]
        free = [side for side in sides if view.button(side).count()]
        view.press(free[0])
    status = view.wait_status(r"(Red|Yellow|Green|Blue): \d actions left", timeout_s=60)
    colour = re.findall(r"(Red|Yellow|Green|Blue): \d actions left", status)[-1]
    side = ("Red", "Yellow", "Green", "Blue").index(colour)
    # a button pressed just before: the board does not have focus when it is clicked
    view.press("Place cart")
    view.wait_status(r"Place cart: click a lit starting track")
    # the highest of its starting tracks (a clan on the south side has them all at the
    # bottom: its board is then cut off below that track, less than half)
    return min((OTR_LAYOUT.centre(t) for t in START_TRACKS[side]), key=lambda p: p[1])


GAMES = {
    "twisty": GameCase(
        "play-twisty-tracks.ipynb",
        TwistyView.only_one,
        twisty_prepare,
        taken=r"press Place",
        back=twisty_page.HUMAN_PROMPT,
    ),
    "minirails": GameCase(
        "play-mini-rails.ipynb",
        MiniRailsView.only_one,
        mini_prepare,
        taken=r"the \w+ disc \(slot \d\) is in hand",
        back=minirails_page.HUMAN_PROMPT,
    ),
    "otr": GameCase(
        "play-off-the-rails.ipynb",
        OffTheRailsView.only_one,
        otr_prepare,
        taken=r"Click one of your carts",
        back=r"Place cart: click a lit starting track",
    ),
}


@pytest.fixture(scope="module")
def voila_pages_server() -> Iterator[JupyterServer]:
    """One Voilà serving every notebook of the folder (``/voila/render/NAME``)."""
    yield from _server("voila")


# -- where the board is ------------------------------------------------------------------------

_SCROLLER_JS = """
(el) => {
  let e = el.parentElement;
  while (e && !(e.scrollHeight > e.clientHeight + 10
                && /(auto|scroll)/.test(getComputedStyle(e).overflowY))) e = e.parentElement;
  return e || document.scrollingElement;
}
"""

_READ_JS = f"""
(canvas) => {{
  const scroller = ({_SCROLLER_JS})(canvas);
  const area = scroller === document.scrollingElement
      ? {{top: 0, bottom: window.innerHeight}} : scroller.getBoundingClientRect();
  const offsets = [];
  for (let e = canvas.parentElement; e; e = e.parentElement) offsets.push(e.scrollTop);
  return {{
    top: canvas.getBoundingClientRect().top,
    height: canvas.getBoundingClientRect().height,
    fold: Math.min(area.bottom, window.innerHeight),
    offsets: offsets,
    windowY: window.scrollY,
    focused: document.activeElement === canvas,
  }};
}}
"""

_GEOMETRY_JS = f"(canvas) => ({_READ_JS})(canvas)"

#: Reads the board's place as the mouse-down begins (captured on the window, before any
#: handler) and again right after ipycanvas's own handler (a listener added later on the
#: canvas runs after it). Between the two, only what that handler did can move the page
#: (its focus); no kernel message is handled in between.
_PROBE_JS = f"""
(canvas) => {{
  const read = {_READ_JS};
  window.__mouseDown = {{}};
  window.addEventListener('mousedown', () => {{ window.__mouseDown.before = read(canvas); }},
                          {{capture: true, once: true}});
  canvas.addEventListener('mousedown', () => {{ window.__mouseDown.after = read(canvas); }},
                          {{once: true}});
}}
"""


def geometry(canvas: Locator) -> dict[str, Any]:
    """The board's top and height, the fold, every scroll offset, and whether it has focus."""
    return dict(canvas.evaluate(_GEOMETRY_JS))


def put_below_the_fold(view: View, target_y: float) -> dict[str, Any]:
    """Scroll so that half the board (at least down to ``target_y``, CSS px) is above the fold."""
    view.root.evaluate(
        f"(el) => {{ el.style.marginTop = '{ROOM_PX}px'; el.style.marginBottom = '{ROOM_PX}px'; }}"
    )
    view.page.wait_for_timeout(200)
    shown = geometry(view.canvas)
    above = max(shown["height"] / 2, target_y + TARGET_CLEARANCE_PX)
    delta = shown["top"] - (shown["fold"] - above)
    view.canvas.evaluate(f"(c) => {{ ({_SCROLLER_JS})(c).scrollTop += {delta}; }}")
    view.page.wait_for_timeout(300)
    placed = geometry(view.canvas)
    assert abs(placed["fold"] - placed["top"] - above) <= 2, placed
    hidden = placed["top"] + placed["height"] - placed["fold"]
    assert hidden >= 20, f"the board is not cut off by the fold: {placed}"
    return placed


# -- the test ------------------------------------------------------------------------------------


def first_click_lands(tab: BrowserPage, name: str, case: GameCase) -> None:
    page = tab.page
    view = case.find(page)
    view.wait_painted()
    target = case.prepare(view)
    # a button of the decision gives the focus to the board (issue 27 item 14): take it
    # away, so that this is a first click on a board without focus
    view.canvas.evaluate("(c) => c.blur()")
    scale_x, scale_y = canvas_scale(view.canvas)
    placed = put_below_the_fold(view, target[1] * scale_y)
    assert not placed["focused"], "the board has focus already: this would not be a first click"
    save_screenshot(page, f"click-{name}-0-half-below-the-fold")

    box = view.canvas.bounding_box()
    assert box is not None
    x, y = box["x"] + target[0] * scale_x, box["y"] + target[1] * scale_y
    assert y < placed["fold"] - TARGET_CLEARANCE_PX / 2, (y, placed)
    before = view.status_text()
    view.canvas.evaluate(_PROBE_JS)
    page.mouse.click(x, y)
    down = page.evaluate("() => window.__mouseDown")
    status = str(wait_for_change(view.status_text, before, page, what="status line"))
    save_screenshot(page, f"click-{name}-1-clicked")

    assert "before" in down and "after" in down, f"the mouse-down was not seen: {down}"
    moved = down["before"]["top"] - down["after"]["top"]
    assert abs(moved) <= STILL_PX, f"the page jumped {moved:.0f} px on mouse-down"
    assert down["after"]["offsets"] == down["before"]["offsets"] == placed["offsets"]
    assert down["after"]["windowY"] == placed["windowY"]
    assert not status.startswith("✗"), f"the click was refused: {status}"
    assert re.search(case.taken, status), status

    # the canvas took focus: keys reach the board (Esc steps back from the pick)
    assert geometry(view.canvas)["focused"], "the board did not take focus"
    page.keyboard.press("Escape")
    view.wait_status(case.back)
    tab.console.assert_clean()


@pytest.mark.parametrize("game", GAMES)
def test_jupyterlab_first_click_on_a_board_half_below_the_fold_lands(
    lab_server: JupyterServer, browser_page: BrowserPage, game: str
) -> None:
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    case = GAMES[game]
    browser_page.kernel.reset()
    open_and_run(page, lab_server.url_for(case.notebook), "canvas", browser_page.kernel)
    # a notebook scrolls: only Voilà's app page fits the board to the window (issue 27
    # item 10; a tutorial's tall board would shrink too much)
    assert page.locator("canvas.railwidgets-board").first.evaluate(_BOX_JS)["maxHeight"] == "none"
    first_click_lands(browser_page, f"lab-{game}", case)


@pytest.mark.parametrize("game", GAMES)
def test_voila_first_click_on_a_board_half_below_the_fold_lands(
    voila_pages_server: JupyterServer, browser_page: BrowserPage, game: str
) -> None:
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    case = GAMES[game]
    page.goto(voila_pages_server.url_for(case.notebook))
    first_click_lands(browser_page, f"voila-{game}", case)


# -- issue 27 item 10: the whole board in view when a Voilà page opens ---------------------------

_BOX_JS = """
(canvas) => {
  const r = canvas.getBoundingClientRect();
  const status = canvas.closest('.railwidgets').querySelector('.railwidgets-status')
    .getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, width: r.width, height: r.height,
          drawnWidth: canvas.width, drawnHeight: canvas.height,
          statusTop: status.top, fold: window.innerHeight,
          maxHeight: getComputedStyle(canvas).maxHeight};
}
"""


@pytest.mark.parametrize("game", GAMES)
def test_27_10_voila_page_opens_with_the_whole_board_in_view(
    voila_pages_server: JupyterServer, browser_page: BrowserPage, game: str
) -> None:
    """At 1280×800 a play page shows its title line, the controls and the whole board
    (Off the Rails' bottom rows, Twisty Tracks' drawn tile) without scrolling: the board
    is fitted to the window's height, keeping its proportions, and clicks still land
    (the first-click test above runs on the same fitted board)."""
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    case = GAMES[game]
    page.goto(voila_pages_server.url_for(case.notebook))
    view = case.find(page)
    view.wait_painted()
    box = view.canvas.evaluate(_BOX_JS)
    save_screenshot(page, f"fold-voila-{game}")
    assert page.evaluate("() => window.scrollY") == 0
    assert 0 <= box["statusTop"] < box["top"], box
    assert box["bottom"] <= box["fold"], f"the board ends below the fold: {box}"
    drawn = box["drawnWidth"] / box["drawnHeight"]
    assert abs(box["width"] / box["height"] - drawn) < 0.01 * drawn, (
        f"the board is stretched: {box}"
    )
    # fitted, not shrunk more than it must be: the room left under it is small
    assert box["fold"] - box["bottom"] < 60 or box["height"] >= box["drawnHeight"] - 1, box


# -- issue 23: the same on a table's page ---------------------------------------------------------


def test_23_first_click_on_a_table_pages_board_half_below_the_fold_lands(
    voila_pages_server: JupyterServer, browser_page: BrowserPage
) -> None:
    """A seat's page of a table (``play-table.ipynb?table=…&seat=…&token=…``): its board is
    drawn by the same kit, and its first click lands too."""
    store = open_store(voila_pages_server.work_dir / "railwidgets-data" / "tables.sqlite3")
    try:
        new = store.create(
            minirails.Game(players=3, seed=5), ["human", "greedy", "greedy"], bot_seed=1
        )
        query = urlencode({"table": new.id, "seat": 0, "token": new.tokens[0]})
        page = browser_page.page
        page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
        page.goto(f"{voila_pages_server.base_url}voila/render/play-table.ipynb?{query}")
        first_click_lands(browser_page, "voila-table-minirails", GAMES["minirails"])
    finally:
        store.close()


# -- a button's press gives the board the keys without moving the page ----------------------------


def test_27_14_a_buttons_press_in_jupyterlab_leaves_the_page_where_it_is(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    """After a decision's button the board takes the focus (its keys work at once, issue 27
    item 14); that focus must not scroll the notebook: the newcomer's play-through saw the
    board jump to the top of the window at every press (516 px), the buttons and the status
    out of sight, and the next click land elsewhere."""
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    browser_page.kernel.reset()
    case = GAMES["otr"]
    open_and_run(page, lab_server.url_for(case.notebook), "canvas", browser_page.kernel)
    view = case.find(page)
    view.wait_painted()
    target = case.prepare(view)  # a clan, and "Place cart" pressed: Back is on show
    view.press("Back")
    view.wait_status(r"actions left")
    view.canvas.evaluate("(c) => c.blur()")
    _scale_x, scale_y = canvas_scale(view.canvas)
    placed = put_below_the_fold(view, target[1] * scale_y)
    button = view.button("Place cart")
    box = button.bounding_box()
    assert box is not None and 0 < box["y"] < placed["fold"], (box, placed)
    before = view.status_text()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_for_change(view.status_text, before, page, what="status line")
    page.wait_for_timeout(300)
    after = geometry(view.canvas)
    save_screenshot(page, "click-lab-otr-2-button-pressed")
    assert after["offsets"] == placed["offsets"] and after["windowY"] == placed["windowY"], (
        f"the page moved when a button was pressed: {placed['offsets']} -> {after['offsets']}"
    )
    assert after["focused"], "the board did not take the keys after the button"
    browser_page.console.assert_clean()


# -- a tap is a click, a swipe scrolls (tables across devices: a phone at the table) --------------


def touch(session: CDPSession, kind: str, points: list[tuple[float, float]]) -> None:
    """One touch event through Chromium's input pipeline (DevTools), as a finger makes it
    (a touch begun in a session ends in the same session)."""
    session.send(
        "Input.dispatchTouchEvent",
        {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]},
    )


def test_a_tap_on_a_board_picks_and_a_swipe_over_it_scrolls_the_page(
    voila_pages_server: JupyterServer, browser_page: BrowserPage
) -> None:
    """ipycanvas cancels every touch on a canvas and the boards listen to mouse-downs:
    a tap on a phone did nothing and a finger could not scroll past a board.
    railwidgets.ui.page lets touches through: a tap is the mouse-down of a click, a swipe
    scrolls the page."""
    page = browser_page.page
    page.set_viewport_size({"width": 412, "height": 800})  # a phone held upright
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    case = GAMES["minirails"]
    page.goto(voila_pages_server.url_for(case.notebook))
    view = case.find(page)
    view.wait_painted()
    target = case.prepare(view)
    view.canvas.scroll_into_view_if_needed()
    scale_x, scale_y = canvas_scale(view.canvas)
    box = view.canvas.bounding_box()
    assert box is not None
    x, y = box["x"] + target[0] * scale_x, box["y"] + target[1] * scale_y
    before = view.status_text()
    touch(session, "touchStart", [(x, y)])
    touch(session, "touchEnd", [])
    status = str(wait_for_change(view.status_text, before, page, what="status line"))
    assert re.search(case.taken, status), status
    save_screenshot(page, "touch-voila-minirails-tapped")

    box = view.canvas.bounding_box()  # the finger starts on the board's middle
    assert box is not None
    top = box["y"]
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    touch(session, "touchStart", [middle])
    for step in range(1, 11):  # the finger moves up 300 px over the board
        touch(session, "touchMove", [(middle[0], middle[1] - 30 * step)])
    touch(session, "touchEnd", [])
    page.wait_for_timeout(500)
    moved = top - view.canvas.evaluate("(c) => c.getBoundingClientRect().top")
    assert moved > 100, f"a swipe over the board scrolled the page {moved} px"
    session.detach()
    browser_page.console.assert_clean()
