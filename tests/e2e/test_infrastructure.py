"""The browser-test machinery itself: a missing Chromium, and servers that leave nothing behind."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

from tests.e2e import conftest
from tests.e2e.servers import start_server

pytestmark = pytest.mark.e2e


def test_missing_chromium_skips_with_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        conftest.require_chromium()


def test_missing_chromium_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        conftest.require_chromium()


def port_is_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def test_a_stopped_server_leaves_no_process_kernel_or_folder() -> None:
    server = start_server("lab")
    try:
        assert port_is_open(server.port)
        kernel = server.api("POST", "kernels")
        assert isinstance(kernel, dict)
        deadline = time.monotonic() + 30
        while not server.kernel_pids() and time.monotonic() < deadline:
            time.sleep(0.1)
        kernel_pids = server.kernel_pids()
        assert kernel_pids, "the kernel process was not found by its connection file"
    finally:
        server.stop()
    assert server.process.poll() is not None
    assert not port_is_open(server.port)
    assert not server.work_dir.exists()
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in kernel_pids):
        assert time.monotonic() < deadline, f"kernel {kernel_pids} still running"
        time.sleep(0.1)
    with pytest.raises(ProcessLookupError):
        os.killpg(server.process.pid, 0)
