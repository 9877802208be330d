"""Fixtures for the browser tests: one server of each kind and one Chromium per session.

Without ``/usr/bin/chromium`` the browser tests are skipped with a message saying
what to install, except when ``CI`` is set: then they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.e2e.browser import (
    CHROMIUM,
    ConsoleErrors,
    KernelSocketWatch,
    launch_browser,
    shut_down_kernels,
)
from tests.e2e.servers import JupyterServer, start_server

PLAY_NOTEBOOK = "play-mini-rails.ipynb"
TUTORIAL_NOTEBOOK = "mini-rails.ipynb"

MISSING_BROWSER = (
    f"The browser tests need Debian's Chromium at {CHROMIUM}: "
    "run 'sudo apt-get install chromium' (make test does it when run as root)."
)


def require_chromium() -> None:
    """Skip without Chromium; fail instead when ``CI`` is set."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(MISSING_BROWSER + " CI is set, so this fails instead of skipping.")
    pytest.skip(MISSING_BROWSER)


@pytest.fixture(scope="session")
def browser_context() -> Iterator[BrowserContext]:
    require_chromium()
    with launch_browser() as context:
        yield context


@dataclass
class BrowserPage:
    """A fresh tab with its console errors and kernel websocket watched."""

    page: Page
    console: ConsoleErrors
    kernel: KernelSocketWatch


@pytest.fixture
def browser_page(browser_context: BrowserContext) -> Iterator[BrowserPage]:
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    tab = BrowserPage(page, ConsoleErrors().attach(page), KernelSocketWatch().attach(page))
    try:
        yield tab
    finally:
        # shown by pytest only when the test failed
        for message in tab.console.messages:
            print(f"[browser] {message[:2000]}")
        for message in tab.console.warnings[-20:]:
            print(f"[browser warning] {message[:500]}")
        page.close()
        # the test's kernels end with it, not with the session's shared server
        for failure in shut_down_kernels(tab.kernel.kernels()):
            print(f"[kernel not shut down] {failure}")


def _server(kind: str, notebook: str | None = None) -> Iterator[JupyterServer]:
    require_chromium()
    server = start_server(kind, notebook=notebook)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lab_server() -> Iterator[JupyterServer]:
    yield from _server("lab")


@pytest.fixture(scope="session")
def notebook_server() -> Iterator[JupyterServer]:
    yield from _server("notebook")


@pytest.fixture(scope="session")
def voila_server() -> Iterator[JupyterServer]:
    yield from _server("voila", notebook=PLAY_NOTEBOOK)


@pytest.fixture(scope="session")
def folder_voila_server() -> Iterator[JupyterServer]:
    """One Voilà for the whole notebooks folder (each at ``/voila/render/NAME``), shared by
    the keyboard and axe-core tests (issue 25)."""
    yield from _server("voila")
