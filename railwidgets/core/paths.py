"""Where railwidgets keeps what it writes by itself (autosaves, the default table store).

Pure (no widget): the widget kit's autosave (:mod:`railwidgets.ui.saving`) and the table
store (:mod:`railwidgets.tables`) both read it.

>>> import os
>>> os.environ["RAILWIDGETS_DATA"] = "/tmp/rw-doctest"
>>> str(data_folder())
'/tmp/rw-doctest'
>>> del os.environ["RAILWIDGETS_DATA"]
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_folder"]


def data_folder() -> Path:
    """Where railwidgets keeps what it saves by itself: ``$RAILWIDGETS_DATA`` if set,
    else the user's data folder (``$XDG_DATA_HOME/railwidgets``, by default
    ``~/.local/share/railwidgets``; ``%LOCALAPPDATA%\\railwidgets`` on Windows)."""
    if os.environ.get("RAILWIDGETS_DATA"):
        return Path(os.environ["RAILWIDGETS_DATA"])
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "railwidgets"
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "railwidgets"
