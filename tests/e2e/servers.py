"""Start and stop JupyterLab, Jupyter Notebook 7 and Voilà for browser tests.

Each server listens on 127.0.0.1 on a free port, without a token, in a temporary
root folder holding a copy of ``notebooks/``, with its own settings folder (news,
update checks and autosave off, so a test never writes into the notebooks) and its
own runtime folder. It runs in its own process group and is stopped by that group
id; its kernels (which Jupyter starts in sessions of their own) are deleted through
``/api/kernels`` first, and any kernel still left is found by its connection file in
the server's runtime folder and ended by its process id.

Used by the browser tests (``tests/e2e/conftest.py``), the latency benchmark and
the screenshot script::

    with running_server("lab") as server:
        print(server.url_for("mini-rails.ipynb"))
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from railwidgets.server import CONNECTION_CLASS

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
VENV_BIN = Path(sys.executable).parent

ServerKind = Literal["lab", "notebook", "voila"]

#: JupyterLab / Notebook 7 user settings for a test server: no news toast, no update
#: check, no autosave, no windowing (measured: ``--LabApp.news_url=None`` alone does not stop the toast).
TEST_USER_SETTINGS: dict[str, dict[str, object]] = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    # Render every cell: with the default windowing, cells out of view are skipped by
    # the browser (content-visibility), so their text reads as empty and timing varies.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 10.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class JupyterServer:
    """One running server; ``base_url`` ends with a slash."""

    kind: ServerKind
    port: int
    root_dir: Path
    work_dir: Path
    process: subprocess.Popen[bytes]
    log_path: Path
    notebook: str | None = None
    _log_file: object = field(default=None, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def runtime_dir(self) -> Path:
        return self.work_dir / "runtime"

    def url_for(self, notebook: str) -> str:
        """The page a person opens to use ``notebook`` (a name inside the root folder)."""
        if self.kind == "lab":
            # ?reset: a fresh workspace, so Lab does not reopen the tabs an earlier test left
            # (their hidden cells would then match a test's locators too)
            return f"{self.base_url}lab/tree/{notebook}?reset"
        if self.kind == "notebook":
            return f"{self.base_url}notebooks/{notebook}"
        if self.notebook == notebook:
            return self.base_url
        return f"{self.base_url}voila/render/{notebook}"

    def log_text(self) -> str:
        """Everything the server printed so far (for failure messages)."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def is_ready(self) -> bool:
        """Whether the server answers: ``/api/status`` (Lab, Notebook) or the page (Voilà)."""
        url = self.base_url if self.kind == "voila" else f"{self.base_url}api/status"
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return bool(response.status == 200)
        except (OSError, urllib.error.URLError):
            return False

    def wait_until_ready(self, timeout_s: float = READY_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"{self.kind} server exited with {self.process.returncode}:\n"
                    f"{self.log_text()[-3000:]}"
                )
            if self.is_ready():
                return
            time.sleep(0.1)
        raise TimeoutError(
            f"{self.kind} server not ready in {timeout_s:.0f} s:\n{self.log_text()[-3000:]}"
        )

    def api(self, method: str, path: str) -> object:
        """Call the server's REST API (Lab and Notebook only); JSON answer or None."""
        request = urllib.request.Request(f"{self.base_url}api/{path}", method=method)
        with urllib.request.urlopen(request, timeout=5) as response:
            body = response.read()
        return json.loads(body) if body else None

    def delete_kernels(self) -> None:
        """Shut every kernel down through ``/api/kernels`` (Lab and Notebook)."""
        if self.kind == "voila" or self.process.poll() is not None:
            return
        try:
            kernels = self.api("GET", "kernels")
            for kernel in kernels if isinstance(kernels, list) else []:
                self.api("DELETE", f"kernels/{kernel['id']}")
        except (OSError, urllib.error.URLError, ValueError):
            pass  # the server is going away anyway; leftovers are ended below

    def kernel_pids(self) -> list[int]:
        """Kernels still running with a connection file in this server's runtime folder."""
        return kernel_pids(self.runtime_dir, exclude=self.process.pid)

    def stop(self) -> None:
        """Delete kernels, end the server's process group, end leftover kernels, clean up."""
        try:
            self.delete_kernels()
            stop_process_group(self.process)
            end_kernels(self.runtime_dir, exclude=self.process.pid)
        finally:
            log_file = self._log_file
            if log_file is not None:
                log_file.close()  # type: ignore[attr-defined]
            shutil.rmtree(self.work_dir, ignore_errors=True)


def kernel_pids(runtime_dir: Path, exclude: int | None = None) -> list[int]:
    """Processes whose command line names a kernel connection file in ``runtime_dir``.

    Jupyter starts each kernel in a session of its own, so ending a server's process
    group does not end its kernels: a kernel left behind is found this way.
    """
    marker = str(runtime_dir).encode()
    pids: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == exclude:
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker in cmdline and b"kernel" in cmdline:
            pids.append(int(entry.name))
    return pids


def end_kernels(runtime_dir: Path, exclude: int | None = None) -> None:
    """End (SIGKILL, by process id) every kernel found by :func:`kernel_pids`."""
    for pid in kernel_pids(runtime_dir, exclude):
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def stop_process_group(process: subprocess.Popen[bytes], timeout_s: float = STOP_TIMEOUT_S) -> None:
    """SIGTERM the process group led by ``process``, SIGKILL it if it lingers."""
    if process.poll() is None:
        _signal_group(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _signal_group(process.pid, signal.SIGKILL)
            process.wait(timeout=timeout_s)
    _signal_group(process.pid, signal.SIGKILL)  # anything left in the group


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _write_settings(settings_dir: Path) -> None:
    for relative, values in TEST_USER_SETTINGS.items():
        path = settings_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2))


def prepare_root(work_dir: Path, notebooks_dir: Path = NOTEBOOKS_DIR) -> Path:
    """A copy of ``notebooks_dir`` (without checkpoints) inside ``work_dir``."""
    root = work_dir / "root"
    shutil.copytree(
        notebooks_dir, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    )
    return root


def _command(
    kind: ServerKind,
    port: int,
    root: Path,
    notebook: str | None,
    extra_args: Sequence[str] = (),
    nodelay: bool = True,
) -> list[str]:
    app = "Voila" if kind == "voila" else "ServerApp"
    connection = [f"--{app}.kernel_websocket_connection_class={CONNECTION_CLASS}"]
    return [
        *_base_command(kind, port, root, notebook),
        *(connection if nodelay else []),
        *extra_args,
    ]


def _base_command(kind: ServerKind, port: int, root: Path, notebook: str | None) -> list[str]:
    if kind == "voila":
        target = str(root / notebook) if notebook else str(root)
        return [
            str(VENV_BIN / "voila"),
            target,
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            f"--Voila.root_dir={root}",
            "--show_tracebacks=True",
            "--Voila.token=",
            # its kernels' connection files (a temporary folder by default) in the
            # server's runtime folder, where leftover kernels are found and ended
            f"--Voila.connection_dir_root={root.parent / 'runtime'}",
        ]
    return [
        str(VENV_BIN / "jupyter"),
        "lab" if kind == "lab" else "notebook",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--no-browser",
        "--allow-root",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--ServerApp.open_browser=False",
    ]


def start_server(
    kind: ServerKind,
    notebook: str | None = None,
    notebooks_dir: Path = NOTEBOOKS_DIR,
    extra_env: dict[str, str] | None = None,
    extra_args: Sequence[str] = (),
    nodelay: bool = True,
) -> JupyterServer:
    """Start a server and wait until it answers.

    ``notebook`` (Voilà only) serves that one notebook at ``/``; without it Voilà
    serves the whole folder under ``/voila/render/NAME``. ``extra_args`` go on the
    command line (``--MappingKernelManager.cull_idle_timeout=5``, say). The kernel
    websocket is ``railwidgets.server.NoDelayConnection``, as in ``make lab``; with
    ``nodelay=False`` it is Jupyter's own (Nagle's algorithm on).
    """
    work_dir = Path(tempfile.mkdtemp(prefix=f"railwidgets-e2e-{kind}-"))
    try:
        root = prepare_root(work_dir, notebooks_dir)
        settings_dir = work_dir / "settings"
        _write_settings(settings_dir)
        (work_dir / "runtime").mkdir()
        port = free_port()
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
            "JUPYTERLAB_WORKSPACES_DIR": str(work_dir / "workspaces"),
            "JUPYTER_RUNTIME_DIR": str(work_dir / "runtime"),
            "JUPYTER_CONFIG_DIR": str(work_dir / "config"),
            # no user kernelspecs or extensions: the kernel is this environment's Python
            "JUPYTER_DATA_DIR": str(work_dir / "data"),
            "IPYTHONDIR": str(work_dir / "ipython"),
            "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            # the kernels import railwidgets from this checkout (an editable install
            # elsewhere, say the main checkout beside a worktree, would otherwise win)
            "PYTHONPATH": os.pathsep.join(
                [str(REPO_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
            ),
            "PYTHONUNBUFFERED": "1",
            # what the widgets keep for a reload (autosave) stays in this server's folder
            "RAILWIDGETS_DATA": str(work_dir / "railwidgets-data"),
            **(extra_env or {}),
        }
        log_path = work_dir / "server.log"
        log_file = log_path.open("wb")
        process = subprocess.Popen(
            _command(kind, port, root, notebook, extra_args, nodelay),
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopped by that group id
        )
    except BaseException:
        shutil.rmtree(work_dir, ignore_errors=True)
        raise
    server = JupyterServer(
        kind=kind,
        port=port,
        root_dir=root,
        work_dir=work_dir,
        process=process,
        log_path=log_path,
        notebook=notebook,
        _log_file=log_file,
    )
    try:
        server.wait_until_ready()
    except BaseException:
        server.stop()
        raise
    return server


@contextmanager
def running_server(
    kind: ServerKind,
    notebook: str | None = None,
    notebooks_dir: Path = NOTEBOOKS_DIR,
    extra_env: dict[str, str] | None = None,
    extra_args: Sequence[str] = (),
    nodelay: bool = True,
) -> Iterator[JupyterServer]:
    """``start_server`` as a context manager that always stops the server."""
    server = start_server(
        kind,
        notebook=notebook,
        notebooks_dir=notebooks_dir,
        extra_env=extra_env,
        extra_args=extra_args,
        nodelay=nodelay,
    )
    try:
        yield server
    finally:
        server.stop()
