"""The servers people start from this repository behave (issue 9, item 8).

Voilà starts a kernel for every page load and keeps the old one after a reload (its
page asks to shut it down, and the server refuses: see ``KNOWN_HARMLESS_ERRORS``).
``make voila`` and the Binder setup cull kernels that are idle and disconnected with
the stock ``MappingKernelManager`` settings; here Voilà runs with the same settings,
only shorter, and after several reloads the kernel count comes back down while the
page still open keeps its kernel and still plays.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.e2e.browser import save_screenshot
from tests.e2e.conftest import PLAY_NOTEBOOK, BrowserPage, require_chromium
from tests.e2e.minirails_page import HUMAN_PROMPT, MiniRailsView, take_a_disc
from tests.e2e.servers import JupyterServer, start_server

pytestmark = pytest.mark.e2e

CULL_IDLE_S = 4
#: The settings of ``make voila`` (Makefile ``KERNEL_CULLING``), with short times.
SHORT_CULLING = (
    f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
    "--MappingKernelManager.cull_interval=1",
    "--MappingKernelManager.cull_connected=False",
)
RELOADS = 3


@pytest.fixture
def culling_voila() -> Iterator[JupyterServer]:
    require_chromium()
    server = start_server("voila", notebook=PLAY_NOTEBOOK, extra_args=SHORT_CULLING)
    try:
        yield server
    finally:
        server.stop()


def test_voila_culls_the_kernels_that_page_reloads_leave_behind(
    culling_voila: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(culling_voila.url_for(PLAY_NOTEBOOK))
    MiniRailsView.only_one(page).wait_painted()
    most = len(culling_voila.kernel_pids())
    for _ in range(RELOADS):
        page.reload()
        MiniRailsView.only_one(page).wait_painted()
        most = max(most, len(culling_voila.kernel_pids()))
    assert most >= 2, f"reloads left no kernel behind ({most}): nothing to show"
    deadline = time.monotonic() + CULL_IDLE_S + 30
    while len(culling_voila.kernel_pids()) > 1:
        assert time.monotonic() < deadline, (
            f"{len(culling_voila.kernel_pids())} kernels still running:\n"
            + culling_voila.log_text()[-2000:]
        )
        page.wait_for_timeout(500)
    assert (
        f"Culling kernels with idle durations > {CULL_IDLE_S} seconds" in culling_voila.log_text()
    )
    # the open page's kernel is connected, so it stays, idle as it is, and the game plays on
    page.wait_for_timeout((CULL_IDLE_S + 2) * 1000)
    assert len(culling_voila.kernel_pids()) == 1
    view = MiniRailsView.only_one(page)
    view.wait_status(HUMAN_PROMPT)
    take_a_disc(view, range(9))
    save_screenshot(page, "voila-after-culling")
    browser_page.console.assert_clean()
