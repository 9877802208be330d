"""A throw-away PostgreSQL cluster for the table-store tests (and benchmarks/tables.py).

Debian's ``postgresql`` package (``make postgresql`` installs it, as ``make browser``
installs Chromium) gives ``initdb`` and ``pg_ctl`` in ``/usr/lib/postgresql/<n>/bin``.
The cluster lives in a temporary folder, listens only on a Unix socket there (no TCP
port at all), trusts local connections, and is stopped and removed at the end.
PostgreSQL refuses to run as root, so under root it runs as the ``postgres`` user the
package creates (``runuser``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["MISSING_POSTGRES", "find_bin", "postgres_server"]

MISSING_POSTGRES = (
    "The PostgreSQL table-store tests need Debian's postgresql package (initdb, pg_ctl): "
    "run 'sudo apt-get install postgresql' (make test does it when run as root)."
)


def find_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<n>/bin`` holding ``initdb``, if any."""
    root = Path("/usr/lib/postgresql")
    found = sorted(
        (p for p in root.glob("*/bin") if (p / "initdb").exists()),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    return found[-1] if found else None


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextmanager
def postgres_server(bin_dir: Path) -> Iterator[str]:
    """Start a cluster and yield the URL of its ``postgres`` database."""
    folder = Path(tempfile.mkdtemp(prefix="railwidgets-pg-"))
    data, sockets = folder / "data", folder / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
    run = {"check": True, "stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    try:
        subprocess.run(
            _as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                       "--auth=trust", "--no-sync", "-E", "UTF8"]),
            **run,
        )  # fmt: skip
        options = (
            f"-c listen_addresses='' -c unix_socket_directories={sockets} "
            "-c fsync=off -c max_connections=200"
        )
        subprocess.run(
            _as_owner([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                       "-l", str(folder / "log"), "-w", "-t", "60", "start"]),
            **run,
        )  # fmt: skip
        try:
            yield f"postgresql:///postgres?host={sockets}&user=postgres"
        finally:
            subprocess.run(
                _as_owner(
                    [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]
                ),
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
