"""Opening a notebook in the real JupyterLab leaves it unchanged (issue 15, item 14).

Each notebook of ``notebooks/`` is opened as a person would, its kernel started;
Lab must not mark it modified, and saving it must write the same bytes. A copy
saved with the old kernel name ("Python 3") is opened first and must be marked
modified: that shows the waiting is long enough for Lab to apply what its kernel
says. ``tests/test_notebooks_metadata.py`` is the fast check without a browser.
"""

from __future__ import annotations

import difflib
import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import BrowserPage
from tests.e2e.servers import JupyterServer, running_server
from tests.tools.normalise_notebooks import NOTEBOOKS_DIR

pytestmark = pytest.mark.e2e

#: After the kernel is idle, how long Lab may take to write its kernel's metadata.
SETTLE_MS = 1500
SAVE_TIMEOUT_S = 60.0  # a tutorial of a megabyte or more, on a busy machine
SPOILED = "spoiled-kernel-name.ipynb"
#: Where the notebooks are opened and saved: copies, so that the other browser tests
#: sharing this server never meet a notebook half saved.
COPIES = "opened-in-lab"


def open_in_lab(tab: BrowserPage, server: JupyterServer, name: str) -> bool:
    """Open ``name``, wait until its kernel is idle and Lab has settled; whether it is modified."""
    page = tab.page
    tab.kernel.reset()
    page.goto(server.url_for(name))
    tab.kernel.wait(page)
    page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle")).wait_for()
    page.wait_for_timeout(SETTLE_MS)
    return page.locator(".jp-mod-current.jp-mod-dirty").count() > 0


def save_and_read(page: Page, path: Path) -> str:
    """Save the notebook in front (Ctrl+S) and return the file once Lab has written it.

    The server writes in place (keeping a ``.~NAME`` copy until done), so the file
    is read once that copy is gone and the file has stopped changing.
    """
    written = path.stat().st_mtime_ns
    page.keyboard.press("Control+s")
    backup = path.with_name(f".~{path.name}")
    deadline = time.monotonic() + SAVE_TIMEOUT_S
    last = None
    while True:
        assert time.monotonic() < deadline, f"{path.name} was not saved"
        stat = path.stat()
        now = (stat.st_mtime_ns, stat.st_size)
        if stat.st_mtime_ns != written and not backup.exists() and now == last:
            return path.read_text(encoding="utf-8")
        last = now
        page.wait_for_timeout(250)


def close_sessions(server: JupyterServer, names: list[str]) -> None:
    """End the kernels these notebooks started (other tests' kernels stay)."""
    sessions = server.api("GET", "sessions")
    for session in sessions if isinstance(sessions, list) else []:
        if session.get("path") in names:
            server.api("DELETE", f"sessions/{session['id']}")


def test_opening_a_notebook_in_jupyterlab_changes_nothing(browser_page: BrowserPage) -> None:
    # A JupyterLab of its own: Lab remembers the tabs this test opens and would reopen them
    # all in the next test's page on a shared server.
    with running_server("lab") as lab_server:
        _open_every_notebook(lab_server, browser_page)


def _open_every_notebook(lab_server: JupyterServer, browser_page: BrowserPage) -> None:
    names = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))
    spoiled = json.loads((lab_server.root_dir / "index.ipynb").read_text())
    spoiled["metadata"]["kernelspec"]["display_name"] = "Python 3"
    (lab_server.root_dir / SPOILED).write_text(json.dumps(spoiled, indent=1) + "\n")
    page = browser_page.page
    try:
        assert open_in_lab(browser_page, lab_server, SPOILED), (
            "a notebook with an old kernel name was not marked modified: the check is blind"
        )
        rewritten = []
        (lab_server.root_dir / COPIES).mkdir(exist_ok=True)
        for name in names:
            path = lab_server.root_dir / COPIES / name
            before = (lab_server.root_dir / name).read_text(encoding="utf-8")
            path.write_text(before, encoding="utf-8")
            if open_in_lab(browser_page, lab_server, f"{COPIES}/{name}"):
                rewritten.append(f"{name}: marked modified on open")
            after = save_and_read(page, path)
            if after != before:
                diff = difflib.unified_diff(before.splitlines(), after.splitlines(), n=0)
                shown = "\n".join(line[:160] for line in list(diff)[2:14])
                rewritten.append(f"{name}: saved differently:\n{shown}")
        assert not rewritten, "run `make notebooks-metadata`:\n" + "\n".join(rewritten)
    finally:
        page.goto("about:blank")
        close_sessions(lab_server, [SPOILED, *(f"{COPIES}/{name}" for name in names)])
        (lab_server.root_dir / SPOILED).unlink(missing_ok=True)
    browser_page.console.assert_clean()
