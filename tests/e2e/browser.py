"""Drive Debian's Chromium with Playwright, as a person would use the notebooks.

Launching: :func:`launch_browser` opens a persistent context in a fresh temporary
profile folder (deleted afterwards) with the flags measured to work on this kind of
machine (``../shared/notes/jupyter-stack.md``).

Helpers for a page:

- :class:`KernelSocketWatch` — waits for the first frame on the kernel's websocket
  (Run All before that is silently dropped, though the toolbar says "idle");
- :func:`run_all_cells` — Run ▸ Run All Cells in JupyterLab or Notebook 7;
- :func:`wait_for_painted_canvas`, :func:`pixel_at`, :func:`canvas_fingerprint` —
  read what the ``<canvas>`` shows (``getImageData``; ipycanvas draws all layers of a
  ``MultiCanvas`` onto one ``<canvas>`` element);
- :func:`click_canvas` — a real mouse click at a point given in canvas pixels;
- :class:`ConsoleErrors` — console errors and page errors, less the known harmless ones;
- :func:`save_screenshot` — under ``screenshots/e2e/`` (git-ignored).
"""

from __future__ import annotations

import re
import shutil
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    WebSocket,
    sync_playwright,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 1000}
SCREENSHOT_DIR = REPO_ROOT / "screenshots" / "e2e"

#: Console errors known to be harmless here (``../shared/notes/jupyter-stack.md``).
KNOWN_HARMLESS_ERRORS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern)
    for pattern in (
        # Voilà 0.5 bundles an older JupyterLab front end: version warnings, widgets work.
        r"Unsatisfied version",
        # Voilà's template asks a CDN for icon fonts; offline that fails (icons only).
        r"Failed to load resource: net::ERR_",
        r"fonts\.googleapis|cdn\.jsdelivr|unpkg\.com|cdnjs",
        # Voilà 0.5's older front end cannot load Notebook 7's lab extension (installed
        # beside it); Voilà goes on without it.
        r"(?s)#RUNTIME-012.*voila/labextensions/@jupyter-notebook/lab-extension/",
        # Voilà asks to shut its kernel down when the page goes away (reload); the
        # server answers 403 and the kernel ends with the server instead.
        r"status of 403 \(Forbidden\) \(http://127\.0\.0\.1:\d+/voila/api/shutdown/",
        # Notebook 7 logs this page error on start; nothing breaks.
        r"reading 'schema'",
        # A websocket closed by the server while the page goes away (reload, shutdown).
        r"WebSocket is already in CLOSING or CLOSED state",
    )
)

ServerKindName = Literal["lab", "notebook", "voila"]


@contextmanager
def launch_browser() -> Iterator[BrowserContext]:
    """Chromium in a fresh temporary profile; the profile is deleted afterwards."""
    if not CHROMIUM.exists():
        raise FileNotFoundError(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
        )
    profile = Path(tempfile.mkdtemp(prefix="railwidgets-chromium-"))
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(profile),
                executable_path=str(CHROMIUM),
                headless=True,
                args=CHROMIUM_ARGS,
                viewport=VIEWPORT,  # type: ignore[arg-type]
                device_scale_factor=1,
            )
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


# -- console errors ------------------------------------------------------------------------


@dataclass
class ConsoleErrors:
    """Console errors and uncaught page errors seen on a page.

    ``unexpected()`` leaves out the known harmless ones; a test fails on the rest.
    Warnings are kept too, to be printed when a test fails: JupyterLab's widget manager
    says there why a restore took its slow way ("Failed to fetch ipywidgets through the
    jupyter.widget.control comm channel").
    """

    messages: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> ConsoleErrors:
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)
        return self

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            where = message.location.get("url", "") if message.location else ""
            said = f"console: {message.text} ({where})"
            (self.messages if message.type == "error" else self.warnings).append(said)

    def _on_page_error(self, error: Error) -> None:
        self.messages.append(f"pageerror: {error.message}\n{error.stack or ''}")

    def unexpected(self) -> list[str]:
        return [
            text
            for text in self.messages
            if not any(pattern.search(text) for pattern in KNOWN_HARMLESS_ERRORS)
        ]

    def assert_clean(self) -> None:
        bad = self.unexpected()
        assert not bad, "browser console errors:\n" + "\n".join(bad)


# -- kernel connection ---------------------------------------------------------------------


@dataclass
class KernelSocketWatch:
    """Notices the first frame received on a kernel websocket (``/api/kernels/…/channels``).

    Attach before ``page.goto``.
    """

    frames: int = 0
    sockets: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> KernelSocketWatch:
        page.on("websocket", self._on_socket)
        return self

    def _on_socket(self, socket: WebSocket) -> None:
        if "/api/kernels/" in socket.url:
            self.sockets.append(socket.url)
            socket.on("framereceived", self._on_frame)

    def _on_frame(self, _payload: object) -> None:
        self.frames += 1

    def reset(self) -> None:
        self.frames = 0

    def wait(self, page: Page, timeout_s: float = 60.0) -> None:
        deadline = time.monotonic() + timeout_s
        while self.frames == 0:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no frame on a kernel websocket in {timeout_s:.0f} s")
            page.wait_for_timeout(50)

    def kernels(self) -> list[str]:
        """The addresses (``http://host:port/…/api/kernels/ID``) of the kernels the tab
        talked to, each once.

        >>> watch = KernelSocketWatch(sockets=[
        ...     "ws://127.0.0.1:8888/api/kernels/5e1f-a2/channels?session_id=1",
        ...     "ws://127.0.0.1:8888/api/kernels/5e1f-a2/channels?session_id=2"])
        >>> watch.kernels()
        ['http://127.0.0.1:8888/api/kernels/5e1f-a2']
        """
        found = []
        for url in self.sockets:
            match = re.match(r"ws(s?)://(.+/api/kernels/[^/?]+)/channels", url)
            if match and f"http{match[1]}://{match[2]}" not in found:
                found.append(f"http{match[1]}://{match[2]}")
        return found


def shut_down_kernels(kernels: list[str], timeout_s: float = 10.0) -> list[str]:
    """Shut down ``kernels`` (:meth:`KernelSocketWatch.kernels`) through the server's REST
    API; returns what could not be shut down, and why (a kernel already gone is fine).

    A session's server is shared by many tests, and nothing else ends the kernels of the
    pages they closed: some thirty kernels, some with bots and timers, were running by
    the time the last Lab tests reloaded a tutorial, whose widget models then came back
    too slowly (ipywidgets #4026).
    """
    failed = []
    for kernel in kernels:
        try:
            urllib.request.urlopen(
                urllib.request.Request(kernel, method="DELETE"), timeout=timeout_s
            ).close()
        except urllib.error.HTTPError as err:
            if err.code != 404:
                failed.append(f"{kernel}: HTTP {err.code}")
        except OSError as err:
            failed.append(f"{kernel}: {err}")
    return failed


# -- notebook actions ----------------------------------------------------------------------


def run_all_cells(page: Page) -> None:
    """Run ▸ Run All Cells, through the menu (JupyterLab and Notebook 7)."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All( Cells)?$")).click()


def open_and_run(
    page: Page,
    url: str,
    ready_selector: str,
    watch: KernelSocketWatch | None = None,
    attempts: int = 3,
    wait_per_attempt_s: float = 10.0,
    kernel_timeout_s: float = 60.0,
    ready_timeout_s: float = 180.0,
) -> Locator:
    """Open a notebook in Lab / Notebook 7, wait for its kernel, run all cells once.

    Returns the first element matching ``ready_selector`` once visible. Run All is
    pressed again only when the kernel did not take it: no cell was queued (``[*]``) and
    nothing appeared within ``wait_per_attempt_s`` (pitfall 1). A Run All that was taken
    but is slow (a machine busy with other tests) is waited for, never run a second
    time: a second run would leave the kernel holding every widget twice, which a page
    reload must then restore (CI saw a tutorial run twice, and boards "not found").
    """
    watch = watch or KernelSocketWatch().attach(page)
    page.goto(url)
    watch.wait(page, kernel_timeout_s)
    target = page.locator(ready_selector).first
    queued = page.locator(".jp-InputPrompt", has_text="[*]").first
    for attempt in range(1, attempts + 1):
        run_all_cells(page)
        deadline = time.monotonic() + wait_per_attempt_s * attempt
        while time.monotonic() < deadline:
            if queued.is_visible() or target.is_visible():
                target.wait_for(state="visible", timeout=ready_timeout_s * 1000)
                return target
            page.wait_for_timeout(100)
    raise AssertionError(
        f"Run All was not taken in {attempts} attempts: no cell queued, no {ready_selector}"
    )


def output_errors(page: Page) -> list[str]:
    """Texts of error and stderr outputs shown on the page (tracebacks, warnings)."""
    found = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    return [text.strip() for text in found.all_inner_texts() if text.strip()]


# -- canvas pixels -------------------------------------------------------------------------

_PAINTED_JS = """
(canvas) => {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return 0;
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted++;
  return painted;
}
"""

_PIXEL_JS = """
(canvas, [x, y]) => {
  const data = canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [data[0], data[1], data[2], data[3]];
}
"""

_PIXELS_JS = """
(canvas, points) => {
  const context = canvas.getContext('2d');
  return points.map(([x, y]) =>
    Array.from(context.getImageData(Math.round(x), Math.round(y), 1, 1).data));
}
"""

_FINGERPRINT_JS = """
(canvas) => {
  const data = new Uint32Array(
    canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.buffer);
  let hash = 2166136261;
  for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 16777619) >>> 0;
  return hash;
}
"""


def painted_pixels(canvas: Locator) -> int:
    """How many pixels of the ``<canvas>`` are not fully transparent."""
    return int(canvas.evaluate(_PAINTED_JS))


def wait_for_painted_canvas(
    canvas: Locator, minimum_pixels: int = 1000, timeout_s: float = 20.0
) -> int:
    """Wait until at least ``minimum_pixels`` are painted; returns the count."""
    deadline = time.monotonic() + timeout_s
    painted = 0
    while time.monotonic() < deadline:
        painted = painted_pixels(canvas)
        if painted >= minimum_pixels:
            return painted
        canvas.page.wait_for_timeout(100)
    raise TimeoutError(f"canvas has {painted} painted pixels after {timeout_s:.0f} s")


def pixel_at(canvas: Locator, x: float, y: float) -> tuple[int, int, int, int]:
    """RGBA at canvas pixel ``(x, y)`` (the canvas's own coordinates, not CSS)."""
    r, g, b, a = canvas.evaluate(_PIXEL_JS, [x, y])
    return (int(r), int(g), int(b), int(a))


def pixels_at(
    canvas: Locator, points: list[tuple[float, float]]
) -> list[tuple[int, int, int, int]]:
    """RGBA at each canvas pixel of ``points``, in one round trip."""
    values = canvas.evaluate(_PIXELS_JS, [[x, y] for x, y in points])
    return [(int(r), int(g), int(b), int(a)) for r, g, b, a in values]


def canvas_fingerprint(canvas: Locator) -> int:
    """A hash of every pixel: equal fingerprints mean (almost surely) the same picture."""
    return int(canvas.evaluate(_FINGERPRINT_JS))


def wait_for_change(
    read: object, before: object, page: Page, timeout_s: float = 10.0, what: str = "value"
) -> object:
    """Poll ``read()`` until it differs from ``before``; returns the new value."""
    assert callable(read)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        now = read()
        if now != before:
            return now
        page.wait_for_timeout(50)
    raise TimeoutError(f"{what} still {before!r} after {timeout_s:.0f} s")


def canvas_scale(canvas: Locator) -> tuple[float, float]:
    """CSS pixels per canvas pixel, horizontally and vertically."""
    width, height, css_width, css_height = canvas.evaluate(
        "(c) => { const r = c.getBoundingClientRect();"
        " return [c.width, c.height, r.width, r.height]; }"
    )
    return (css_width / width, css_height / height)


def click_canvas(canvas: Locator, x: float, y: float) -> None:
    """Click the ``<canvas>`` with the mouse at canvas pixel ``(x, y)``.

    The element is scrolled into view and focused first: ipycanvas focuses it before
    measuring, and a focus that scrolls would misplace the click (pitfall 4).
    """
    canvas.scroll_into_view_if_needed()
    canvas.focus()
    scale_x, scale_y = canvas_scale(canvas)
    canvas.click(position={"x": x * scale_x, "y": y * scale_y})


# -- screenshots ---------------------------------------------------------------------------


def save_screenshot(page: Page, name: str) -> Path:
    """Save a screenshot of the page as ``screenshots/e2e/NAME.png``."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# -- latency: from a click to changed pixels, measured inside the page ---------------------

_ARM_PROBE_JS = """
(canvas, [eventName, timeoutMs, area]) => {
  const context = canvas.getContext('2d');
  const [x, y, w, h] = area ?? [0, 0, canvas.width, canvas.height];
  const fingerprint = () => {
    const data = new Uint32Array(context.getImageData(x, y, w, h).data.buffer);
    let hash = 2166136261;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 16777619) >>> 0;
    return hash;
  };
  const before = fingerprint();
  const probe = {};  // this probe: a later one's result is not this one's to give
  window.__railwidgetsProbe = probe;
  window.__railwidgetsLatency = null;
  let start = null;
  let over = false;
  const done = (latency) => {
    if (over) return;
    over = true;
    delete context.drawImage;  // the prototype's again
    if (window.__railwidgetsProbe === probe) window.__railwidgetsLatency = latency;
  };
  // ipycanvas shows a picture by copying it onto the visible canvas (drawImage): look
  // after each copy, and nothing in between (no loop taking the page's time)
  context.drawImage = function (...args) {
    CanvasRenderingContext2D.prototype.drawImage.apply(this, args);
    if (start === null) return;
    context.getImageData(0, 0, 1, 1);  // the copy is made now, not when next shown
    const now = performance.now();
    if (fingerprint() !== before) done(now - start);
  };
  window.addEventListener(eventName, () => {
    start = performance.now();
    setTimeout(() => done(-1), timeoutMs);
  }, {capture: true, once: true});
}
"""


def arm_latency_probe(
    canvas: Locator,
    event: str = "mousedown",
    timeout_s: float = 5.0,
    around: tuple[float, float, float] | None = None,
) -> None:
    """Get ready to time the next ``event`` (captured on the window) to changed pixels.

    ipycanvas shows every picture by copying it onto the visible canvas
    (``drawImage``); the probe wraps that call on ``canvas``'s context and, after each
    copy from the event on, makes the copy (reads one pixel back) and compares the
    pixels with those before. Nothing runs in between: an earlier probe compared
    after every task, a loop that kept one of the machine's two cores busy while the
    kernel worked for the click, and so slowed what it measured. ``around=(x, y, r)``
    compares only the square of half-side ``r`` round canvas pixel ``(x, y)``, where
    the answer to the click is drawn (a change elsewhere, a status light, is not the
    answer). Read the result with :func:`read_latency_ms`.
    """
    area = None
    if around is not None:
        x, y, r = around
        left, top = max(0, round(x - r)), max(0, round(y - r))
        area = [left, top, max(1, round(2 * r)), max(1, round(2 * r))]
    canvas.evaluate(_ARM_PROBE_JS, [event, timeout_s * 1000, area])


def read_latency_ms(page: Page, timeout_s: float = 10.0) -> float:
    """Milliseconds from the armed event to changed pixels (``TimeoutError`` if none)."""
    page.wait_for_function(
        "() => window.__railwidgetsLatency !== null", timeout=timeout_s * 1000, polling=20
    )
    latency = float(page.evaluate("() => window.__railwidgetsLatency"))
    if latency < 0:
        raise TimeoutError("the canvas did not change after the click")
    return latency
