"""The Binder environment, built the way mybinder.org builds it, without Docker.

repo2docker sees ``binder/requirements.txt`` holding a local reference (``.``), so
it copies the whole repository first and then runs ``pip install -r
binder/requirements.txt`` from the repository root, in a Python chosen by
``binder/runtime.txt``. Here: a copy of the work tree, a fresh virtual environment
from ``binder/requirements.txt`` only (pip's cache is reused), then every notebook
executed in it with nbconvert, and the play notebook served by Voilà from it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from railwidgets.server import CONNECTION_CLASS
from tests.e2e.servers import end_kernels, free_port, stop_process_group

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
BINDER = REPO_ROOT / "binder"
REQUIREMENTS = BINDER / "requirements.txt"
PINNED = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)==(?P<version>[0-9][A-Za-z0-9.+\-]*)$")
MUST_PIN = ("jupyterlab", "notebook", "voila", "ipywidgets", "ipycanvas")
INSTALL_TIMEOUT_S = 150
NOTEBOOK_TIMEOUT_S = 150
#: Not copied into the Binder build: local environments, caches, outputs.
NOT_IN_REPO = (".git", ".venv", "build", "dist", "screenshots", "*.egg-info", "__pycache__")
NOT_IN_REPO += (".pytest_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints")


def requirement_lines() -> list[str]:
    lines = []
    for raw in REQUIREMENTS.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def pins() -> dict[str, str]:
    found = {}
    for line in requirement_lines():
        match = PINNED.match(line)
        if match:
            found[match["name"].lower()] = match["version"]
    return found


def test_binder_requirements_are_pinned_and_install_this_package() -> None:
    lines = requirement_lines()
    unpinned = [line for line in lines if line != "." and not PINNED.match(line)]
    assert not unpinned, f"not pinned with ==: {unpinned}"
    assert "." in lines, "this package must be installed from the repository ('.')"
    missing = [name for name in MUST_PIN if name not in pins()]
    assert not missing, f"missing pins: {missing}"


def test_binder_pins_agree_with_pyproject() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    requirements = " ".join(project["dependencies"])
    pinned = pins()
    assert f"ipycanvas=={pinned['ipycanvas']}" in requirements.replace(" ", "")
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert match, f"runtime.txt should say python-3.N, not {runtime!r}"
    minimum = re.search(r">=3\.(\d+)", project["requires-python"])
    assert minimum and int(match[1]) >= int(minimum[1]), (runtime, project["requires-python"])


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(repository copy, virtual environment) built from binder/requirements.txt only."""
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"
    shutil.copytree(REPO_ROOT, repo, ignore=shutil.ignore_patterns(*NOT_IN_REPO), symlinks=True)
    venv = base / "venv"
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=60)
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "-r", "binder/requirements.txt"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=INSTALL_TIMEOUT_S,
        env=isolated_env(base),
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    # then repo2docker runs binder/postBuild from the repository root, the environment first
    env = isolated_env(base)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    post = subprocess.run(
        [str(BINDER / "postBuild")], cwd=repo, capture_output=True, text=True, timeout=60, env=env
    )
    assert post.returncode == 0, post.stdout[-3000:] + post.stderr[-3000:]
    print(f"Binder environment built in {time.monotonic() - started:.1f} s")
    yield repo, venv


def isolated_env(base: Path) -> dict[str, str]:
    """The environment without our .venv, and with Jupyter's user folders in ``base``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("VIRTUAL_ENV", "PYTHONPATH", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH")
    }
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(
        part for part in env.get("PATH", "").split(os.pathsep) if part != venv_bin
    )
    for name, folder in (
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ):
        env[name] = str(base / "home" / folder)
    return env


def test_binder_environment_serves_widgets_to_lab_and_voila(binder_env: tuple[Path, Path]) -> None:
    _, venv = binder_env
    env = isolated_env(venv.parent)
    extensions = subprocess.run(
        [str(venv / "bin" / "jupyter"), "labextension", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    listing = extensions.stdout + extensions.stderr
    assert "ipycanvas" in listing and "@jupyter-widgets/jupyterlab-manager" in listing, listing
    servers = subprocess.run(
        [str(venv / "bin" / "jupyter"), "server", "extension", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert re.search(r"voila\.server_extension.*enabled", servers.stdout + servers.stderr)


def test_binder_environment_has_no_news_pop_up_and_culls_idle_kernels(
    binder_env: tuple[Path, Path],
) -> None:
    """postBuild's settings, as the servers read them (no browser: see test_servers_behave)."""
    _, venv = binder_env
    env = isolated_env(venv.parent)
    port = free_port()
    process = subprocess.Popen(
        [
            str(venv / "bin" / "jupyter"),
            "lab",
            "--no-browser",
            "--allow-root",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            f"--ServerApp.root_dir={venv.parent}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    try:
        url = (
            f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/apputils-extension:notification"
        )
        settings = _get_json(url, process)
        defaults = {k: v.get("default") for k, v in settings["schema"]["properties"].items()}
        assert defaults.get("fetchNews") == "false", settings  # the overrides change defaults
        assert defaults.get("checkForUpdates") is False, settings
    finally:
        stop_process_group(process)
        end_kernels(venv.parent / "home" / "runtime")
    shown = subprocess.run(
        [str(venv / "bin" / "jupyter"), "server", "--show-config"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    config = shown.stdout + shown.stderr
    culling = (
        config[config.index("MappingKernelManager") :] if "MappingKernelManager" in config else ""
    )
    for setting in (".cull_idle_timeout = 600", ".cull_interval = 60", ".cull_connected = False"):
        assert setting in culling, config[-2000:]
    # every click answered at once (railwidgets/server.py); the server above loaded it
    assert f".kernel_websocket_connection_class = '{CONNECTION_CLASS}'" in config, config[-2000:]


def _get_json(url: str, process: subprocess.Popen[bytes], timeout_s: float = 90) -> dict:
    deadline = time.monotonic() + timeout_s
    while True:
        assert process.poll() is None, "the server exited"
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return dict(json.loads(response.read()))
        except OSError:
            assert time.monotonic() < deadline, f"no answer from {url}"
            time.sleep(0.3)


def test_binder_environment_runs_every_notebook(binder_env: tuple[Path, Path]) -> None:
    repo, venv = binder_env
    notebooks = sorted((repo / "notebooks").glob("*.ipynb"))
    assert notebooks, "no notebooks to run"
    out = venv.parent / "executed"
    result = subprocess.run(
        [
            str(venv / "bin" / "jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            f"--ExecutePreprocessor.timeout={NOTEBOOK_TIMEOUT_S}",
            "--ExecutePreprocessor.kernel_name=python3",
            f"--output-dir={out}",
            *[str(path) for path in notebooks],
        ],
        cwd=repo / "notebooks",
        capture_output=True,
        text=True,
        timeout=NOTEBOOK_TIMEOUT_S * len(notebooks),
        env=isolated_env(venv.parent),
    )
    assert result.returncode == 0, result.stderr[-5000:]
    assert sorted(path.name for path in out.glob("*.ipynb")) == [p.name for p in notebooks]


def test_binder_environment_voila_renders_the_play_notebook(binder_env: tuple[Path, Path]) -> None:
    repo, venv = binder_env
    port = free_port()
    process = subprocess.Popen(
        [
            str(venv / "bin" / "voila"),
            "notebooks/play-mini-rails.ipynb",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.token=",
        ],
        cwd=repo,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=isolated_env(venv.parent),
        start_new_session=True,
    )
    try:
        page = ""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:
                    page = response.read().decode("utf-8", "replace")
                break
            except OSError:
                time.sleep(0.2)
        assert "application/vnd.jupyter.widget-view+json" in page, page[-2000:]
        assert "Traceback" not in page, page[-3000:]
    finally:
        stop_process_group(process)
        end_kernels(venv.parent / "home" / "runtime")
