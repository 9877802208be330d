"""The widget kit in a real browser at 1280×800 (issues 9 and 15), in Voilà and JupyterLab.

- what to do, and why a click was refused, are visible without scrolling once the
  widget is scrolled to its top (the status line sits above the board);
- after the bots have played, the "Since your turn" list beside the board names
  their moves;
- Save downloads the game's record at once; Load (a stock
  ``FileUpload``) takes it back; a bad file is refused with the loader's message
  and the board stays as it was;
- the SVG picture of a position (``widget.to_svg()``) and the canvas are the same
  image, pixel for pixel within a small tolerance;
- a saved tutorial opened before it is run shows a picture of every board;
- the mouse wheel over a board scrolls the tutorial (ipycanvas 0.14.3 cancels every wheel
  event on a canvas, upstream #358: :mod:`railwidgets.ui.page` lets it through), and so
  does the margin beside every board, from top to bottom.

Screenshots: ``screenshots/e2e/kit-*.png``.
"""

from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from railwidgets import MiniRailsWidget
from railwidgets.minirails import scenarios
from tests.e2e.browser import (
    SCREENSHOT_DIR,
    canvas_fingerprint,
    click_canvas,
    open_and_run,
    save_screenshot,
    wait_for_change,
)
from tests.e2e.conftest import PLAY_NOTEBOOK, TUTORIAL_NOTEBOOK, BrowserPage
from tests.e2e.minirails_page import (
    HUMAN_PROMPT,
    MiniRailsView,
    cell_index,
    lit_hexes,
    take_a_disc,
)
from tests.e2e.servers import JupyterServer

pytestmark = pytest.mark.e2e

SMALL_SCREEN = {"width": 1280, "height": 800}
#: Two pixels are "the same" when no channel differs by more than this (anti-aliasing,
#: fonts), one of them may be 1 px away; the pictures are the same when this share is.
PIXEL_TOLERANCE = 48
SAME_SHARE = 0.98
BUILD_EXAMPLE_CELL = "MiniRailsWidget(game=scenarios.build_example()"
SCORING_CELL = "MiniRailsWidget(game=scenarios.scoring_example()"
BOT_NAMES = ("Purple", "Green")


# -- what the page shows ------------------------------------------------------------------------


def wait_still(view: MiniRailsView, still_ms: int = 2000, timeout_s: float = 30.0) -> None:
    """Wait until the board has not changed for ``still_ms`` (an animation is over)."""
    deadline = time.monotonic() + timeout_s
    last, since = canvas_fingerprint(view.canvas), time.monotonic()
    while time.monotonic() - since < still_ms / 1000:
        assert time.monotonic() < deadline, "the board never stood still"
        view.page.wait_for_timeout(200)
        now = canvas_fingerprint(view.canvas)
        if now != last:
            last, since = now, time.monotonic()


def scroll_to_top_of(element: Locator) -> None:
    element.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    element.page.wait_for_timeout(300)


def assert_in_viewport(element: Locator, what: str) -> None:
    box = element.bounding_box()
    height = element.page.viewport_size["height"]  # type: ignore[index]
    assert box is not None, f"{what} is not shown"
    assert box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= height, (
        f"{what} is outside the {height}px tall window: {box}"
    )


def check_status_above_the_fold(view: MiniRailsView, name: str) -> None:
    """The prompt, then a refusal after a click on nothing, visible at 1280×800."""
    scroll_to_top_of(view.root)
    view.wait_status(HUMAN_PROMPT)
    assert_in_viewport(view.status, "the prompt")
    before = view.status_text()
    click_canvas(view.canvas, 5, view.canvas_size()[1] - 3)  # a corner: nothing there
    refused = str(wait_for_change(view.status_text, before, view.page, what="status line"))
    assert refused.startswith("✗"), refused
    assert_in_viewport(view.status, "the refusal")
    save_screenshot(view.page, f"kit-{name}-refusal-1280x800")


def check_rules_open_in_sight(view: MiniRailsView, name: str) -> None:
    """Rules opens where the person who pressed it looks (issue 27 item 7): under the
    toolbar, readable, the board still on screen; pressed again, it closes."""
    scroll_to_top_of(view.root)
    board_top = view.canvas.bounding_box()
    view.root.locator("button", has_text="Rules").first.click()
    panel = view.root.locator(".railwidgets-rules")
    panel.wait_for(state="visible")
    assert_in_viewport(panel, "the rules panel")
    assert "§" in panel.inner_text(), panel.inner_text()
    font = float(
        panel.evaluate(
            "(el) => parseFloat(getComputedStyle(el.querySelector('div[style*=font-size]')).fontSize)"
        )
    )
    assert font >= 14, f"the rules are set in {font}px type"
    canvas = view.canvas.bounding_box()
    assert canvas is not None and board_top is not None
    assert canvas["y"] < view.page.viewport_size["height"], "the board went out of sight"  # type: ignore[index]
    save_screenshot(view.page, f"kit-{name}-rules-open-1280x800")
    view.root.locator("button", has_text="Rules").first.click()
    panel.wait_for(state="hidden")


# -- the SVG picture and the canvas ---------------------------------------------------------------

_COMPARE_JS = """
async (canvas, [svg, tolerance]) => {
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await image.decode();
  const w = canvas.width, h = canvas.height;
  const drawn = document.createElement('canvas');
  drawn.width = w; drawn.height = h;
  const context = drawn.getContext('2d');
  context.drawImage(image, 0, 0, w, h);
  const a = context.getImageData(0, 0, w, h).data;
  const b = canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const diff = context.createImageData(w, h);
  let same = 0;
  // a pixel agrees when the other picture has a close pixel at most 1 px away (anti-aliasing)
  const near = (i, j) => Math.abs(a[i] - b[j]) <= tolerance
      && Math.abs(a[i + 1] - b[j + 1]) <= tolerance && Math.abs(a[i + 2] - b[j + 2]) <= tolerance;
  for (let i = 0; i < a.length; i += 4) {
    const x = (i / 4) % w, y = Math.floor(i / 4 / w);
    let close = near(i, i);
    for (let dy = -1; dy <= 1 && !close; dy++) {
      for (let dx = -1; dx <= 1 && !close; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h) close = near(i, (yy * w + xx) * 4);
      }
    }
    if (close) same++;
    const grey = (b[i] + b[i + 1] + b[i + 2]) / 6 + 128;
    diff.data[i] = close ? grey : 255;
    diff.data[i + 1] = close ? grey : 0;
    diff.data[i + 2] = close ? grey : 0;
    diff.data[i + 3] = 255;
  }
  const pictures = [drawn.toDataURL()];
  context.putImageData(diff, 0, 0);
  pictures.push(drawn.toDataURL());
  return [same / (w * h), image.naturalWidth, image.naturalHeight, pictures];
}
"""


_REMEMBER_JS = """
(canvas) => {
  window.__remembered = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
}
"""

_SAME_AS_REMEMBERED_JS = """
(canvas, tolerance) => {
  const a = window.__remembered.data;
  const b = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  if (a.length !== b.length) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) <= tolerance && Math.abs(a[i + 1] - b[i + 1]) <= tolerance
        && Math.abs(a[i + 2] - b[i + 2]) <= tolerance) same++;
  }
  return same / (a.length / 4);
}
"""


def same_picture_share(canvas: Locator, svg: str, name: str) -> tuple[float, int, int]:
    """Share of pixels where the SVG (drawn by Chromium) and the canvas agree.

    Saves the SVG as Chromium draws it and the differences (red) as screenshots.
    """
    share, width, height, pictures = canvas.evaluate(_COMPARE_JS, [svg, PIXEL_TOLERANCE])
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    for kind, url in zip(("svg", "diff"), pictures, strict=True):
        data = base64.b64decode(url.split(",", 1)[1])
        (SCREENSHOT_DIR / f"kit-svg-vs-canvas-{name}-{kind}.png").write_bytes(data)
    return float(share), int(width), int(height)


def assert_svg_is_the_canvas(view: MiniRailsView, widget: MiniRailsWidget, name: str) -> None:
    share, width, height = same_picture_share(view.canvas, widget.to_svg(), name)
    assert (width, height) == view.canvas_size() == widget.board.size
    assert share >= SAME_SHARE, f"{name}: only {share:.1%} of the pixels agree"


# -- Voilà: the play page -------------------------------------------------------------------------------


def play_a_turn(view: MiniRailsView) -> None:
    """Take a disc, then Buy if it may, else Build on the first lit hex.

    Build with a single legal hex plays at once; a blocked company's disc is put
    back (Back) and the next disc taken instead.
    """
    slot = -1
    while True:
        _, slot = take_a_disc(view, range(slot + 1, 9))
        buy = view.button("Buy")
        before = view.status_text()
        if buy.is_enabled():
            buy.click()
            wait_for_change(view.status_text, before, view.page, what="status line")
            return
        hexes = view.hex_pixels()
        view.button("Build").click()
        status = str(wait_for_change(view.status_text, before, view.page, what="status line"))
        if "is blocked" in status:
            view.button("Back").click()
            continue
        if not re.match(r"Build \w+: click a lit hex", status):
            return  # the only legal hex: built at once
        lit: set = set()
        while not lit:
            view.page.wait_for_timeout(50)
            lit = lit_hexes(hexes, view.hex_pixels())
        before = view.status_text()
        view.click_hex(sorted(lit)[0])
        wait_for_change(view.status_text, before, view.page, what="status line")
        return


def test_voila_status_bot_moves_and_save_load_at_1280x800(
    voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    page.goto(voila_server.url_for(PLAY_NOTEBOOK))
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    check_status_above_the_fold(view, "voila")
    check_rules_open_in_sight(view, "voila")

    # bot moves can be followed: once the bots have played, the list beside the board
    # names their moves, since the person's last turn
    for _ in range(4):
        play_a_turn(view)
        view.wait_status(HUMAN_PROMPT)
        recent = view.recent_text()
        if recent.startswith("Since your turn") and any(n in recent for n in BOT_NAMES):
            break
    else:
        raise AssertionError(f"no bot move listed since the person's turn: {recent!r}")
    assert_in_viewport(view.recent, 'the "Since your turn" list')
    save_screenshot(page, "kit-voila-since-your-turn-1280x800")

    # Save: one press, and the game's record downloads (the board still: the end of a
    # round plays as an animation after the status already says whose turn it is)
    wait_still(view)
    top = view.canvas.evaluate("(c) => c.getBoundingClientRect().top")
    with page.expect_download() as download_info:
        view.button("Save").click()
    saved = download_info.value.path().read_text()
    assert download_info.value.suggested_filename.startswith("minirails-move")
    view.wait_status(r"to your downloads")
    # nothing was added above the board: it stays where it was (issue 27 item 5)
    assert view.canvas.evaluate("(c) => c.getBoundingClientRect().top") == top
    record = json.loads(saved)
    moves = len(record["actions"]) if "actions" in record else None
    view.canvas.evaluate(_REMEMBER_JS)
    recent_at_save = view.recent_text()
    save_screenshot(page, "kit-voila-saved")

    # play on, then Load the file: the saved position is back
    play_a_turn(view)
    view.wait_status(HUMAN_PROMPT)
    view.load_file("game.json", saved.encode())
    loaded = view.wait_status(r"Loaded a saved game \((\d+) moves\)")
    if moves is not None:
        assert f"({moves} moves)" in loaded, (loaded, moves)
    wait_still(view)
    save_screenshot(page, "kit-voila-loaded")
    assert view.recent_text() == recent_at_save
    same = float(view.canvas.evaluate(_SAME_AS_REMEMBERED_JS, PIXEL_TOLERANCE))
    assert same >= SAME_SHARE, f"the loaded board differs from the saved one ({same:.1%} alike)"

    # a bad file: the loader's message, and the board as it was
    view.wait_status(HUMAN_PROMPT)
    wait_still(view)
    before = canvas_fingerprint(view.canvas)
    view.load_file("bad.json", b'{"game": 1}')
    refused = view.wait_status(r"That file was not loaded: .+\. The game on screen is unchanged\.")
    assert refused.startswith("✗"), refused
    assert_in_viewport(view.status, "the loader's message")
    page.wait_for_timeout(500)
    assert canvas_fingerprint(view.canvas) == before
    save_screenshot(page, "kit-voila-bad-file-1280x800")
    browser_page.console.assert_clean()


# -- JupyterLab: the tutorial -----------------------------------------------------------------------

_SCROLLER_JS = """
(el) => {
  let e = el;
  while (e && !(e.scrollHeight > e.clientHeight + 10
                && /(auto|scroll)/.test(getComputedStyle(e).overflowY))) e = e.parentElement;
  return e;
}
"""


def notebook_scroller(page: Page) -> Locator:
    """The element that scrolls the notebook (JupyterLab's windowed panel)."""
    handle = page.locator(".jp-Notebook .jp-Cell").first.evaluate_handle(_SCROLLER_JS)
    page.evaluate("(el) => el.setAttribute('data-test-scroller', '1')", handle)
    return page.locator("[data-test-scroller='1']")


def scroll_top(scroller: Locator) -> float:
    return float(scroller.evaluate("(el) => el.scrollTop"))


def wheel_at(page: Page, x: float, y: float, dy: float = 300) -> None:
    page.mouse.move(x, y)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(150)


def saved_picture(output: dict) -> bool:
    """Whether a saved output is a board's picture: an ``<img>`` of its SVG, the one form
    it is saved in (issue 27 item 15)."""
    html = "".join(output.get("data", {}).get("text/html", ""))
    return html.startswith("<img") and "data:image/svg+xml" in html


def check_saved_pictures_before_running(page: Page, tutorial: Path) -> None:
    """Opened before Run All, every board of the tutorial shows as a picture (its SVG)."""
    cells = json.loads(tutorial.read_text())["cells"]
    boards = [i for i, c in enumerate(cells) if any(saved_picture(o) for o in c.get("outputs", []))]
    assert len(boards) >= 6, boards
    for index in boards:
        cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
        cell.scroll_into_view_if_needed()  # JupyterLab renders the cells in sight only
        picture = cell.locator(".jp-OutputArea-output img, .jp-OutputArea-output svg").first
        picture.wait_for(state="visible", timeout=5_000)
        box = picture.bounding_box()
        assert box and box["width"] > 300, f"cell {index}: picture {box}"
        # the picture itself was read (a broken image shows its alt text in a small box)
        drawn = picture.evaluate("(el) => el.complete && el.naturalWidth")
        assert drawn and drawn > 300, f"{tutorial.name} cell {index}: picture not drawn"
        text = cell.locator(".jp-OutputArea").inner_text()
        assert not text.startswith(GAME_WIDGETS), f"cell {index}: {text[:60]}"


#: A game widget's text form: what a saved output shows if its picture is not shown.
GAME_WIDGETS = ("MiniRailsWidget(", "OffTheRailsWidget(", "TwistyTracksWidget(")
#: The tutorials and a cell to scroll to for the screenshot.
SAVED_TUTORIALS = {
    TUTORIAL_NOTEBOOK: BUILD_EXAMPLE_CELL,
    "off-the-rails.ipynb": "OffTheRailsWidget(game=scenarios.junction()",
    "twisty-tracks.ipynb": "TwistyTracksWidget(game=scenarios.e5()",
}


@pytest.mark.parametrize("name", SAVED_TUTORIALS)
def test_jupyterlab_saved_tutorial_shows_board_pictures_before_it_is_run(
    lab_server: JupyterServer, browser_page: BrowserPage, name: str
) -> None:
    """Every tutorial, as saved: its boards are pictures in JupyterLab before it is run (the
    same <img> GitHub and nbviewer show, issue 27 item 15)."""
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    tutorial = lab_server.root_dir / name
    browser_page.kernel.reset()
    page.goto(lab_server.url_for(name))
    browser_page.kernel.wait(page)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(cell_index(tutorial, SAVED_TUTORIALS[name]))
    scroll_to_top_of(cell)
    save_screenshot(page, f"kit-lab-saved-{name.removesuffix('.ipynb')}-before-run")
    check_saved_pictures_before_running(page, tutorial)


def test_jupyterlab_tutorial_pictures_status_and_wheel_at_1280x800(
    lab_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.set_viewport_size(SMALL_SCREEN)  # type: ignore[arg-type]
    tutorial = lab_server.root_dir / TUTORIAL_NOTEBOOK

    # run: the SVG picture of a position and the canvas are the same image
    browser_page.kernel.reset()
    open_and_run(page, lab_server.url_for(TUTORIAL_NOTEBOOK), "canvas", browser_page.kernel)
    for needle, game in (
        (BUILD_EXAMPLE_CELL, scenarios.build_example()),
        (SCORING_CELL, scenarios.scoring_example()),
    ):
        view = MiniRailsView.in_cell(page, cell_index(tutorial, needle))
        view.wait_painted()
        wait_still(view, still_ms=1200)
        widget = MiniRailsWidget(game=game, seats=["human"] * game.num_players, bot_pause=0)
        try:
            assert_svg_is_the_canvas(view, widget, needle.split("(")[1].split(".")[-1])
        finally:
            widget.close()

    # what to do and why a click was refused: visible with the widget scrolled to its top
    view = MiniRailsView.in_cell(page, cell_index(tutorial, BUILD_EXAMPLE_CELL))
    check_status_above_the_fold(view, "lab")
    check_rules_open_in_sight(view, "lab")

    # the wheel over a board scrolls the page (ipycanvas alone would cancel it: #358) ...
    scroller = notebook_scroller(page)
    scroll_to_top_of(view.root)
    box = view.canvas.bounding_box()
    assert box is not None
    before = scroll_top(scroller)
    wheel_at(page, box["x"] + box["width"] / 2, box["y"] + 150)
    assert scroll_top(scroller) > before + 100, "the wheel over a board did not scroll the page"

    # ... and the margin beside every board scrolls the tutorial from top to bottom
    scroller.evaluate("(el) => { el.scrollTop = 0; }")
    area = scroller.bounding_box()
    assert area is not None
    boards = page.locator(".jp-Notebook canvas.railwidgets-board")
    lefts = [b["x"] for b in (boards.nth(i).bounding_box() for i in range(boards.count())) if b]
    margin_x = min(lefts) - 12
    assert margin_x > area["x"] + 4, f"no margin left of the boards ({lefts}, {area})"
    y = area["y"] + area["height"] / 2
    end = float(scroller.evaluate("(el) => el.scrollHeight - el.clientHeight"))
    steps = 0
    while scroll_top(scroller) < end - 2:
        under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).tagName", [margin_x, y])
        assert under != "CANVAS", f"a board under the pointer at {margin_x}"
        at = scroll_top(scroller)
        wheel_at(page, margin_x, y, 600)
        assert scroll_top(scroller) > at, f"stuck at {at} of {end}"
        steps += 1
        assert steps < 200
    save_screenshot(page, "kit-lab-wheel-bottom")
    browser_page.console.assert_clean()
