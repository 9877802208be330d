"""What the saved notebooks' bytes are: outputs by kind, and the widget state in the metadata.

Run: ``.venv/bin/python benchmarks/notebook_sizes.py [NOTEBOOK ...]`` (default: every
notebook in ``notebooks/``). One line per notebook: its size, then the bytes of its
saved widget state (and how many widget models), then its outputs by MIME type and
its sources, largest first, all in KB as written in the file (JSON-escaped).

Measured for issue 27 item 15 (before → after):

- the Mini Rails tutorial was 2008 KB: 616 KB of widget state (727 models, saved by
  ``nbconvert --execute``), 631 KB of ``<img>`` pictures and 540 KB of the same
  pictures again as ``image/svg+xml``. Now 404 KB: one ``<img>`` per board, no
  state for boards (their picture is what a static view shows), pictures 40% smaller.
- Twisty Tracks 1329 → 402 KB, Off the Rails 1141 → 409 KB (3 MB straight out of
  ``nbconvert``, before ``tests/tools/normalise_notebooks.py`` drops the boards' state).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def measure(path: Path) -> str:
    """One line: the notebook's size and where its bytes are."""
    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    parts: Counter[str] = Counter()
    for cell in nb["cells"]:
        parts["source"] += len(json.dumps(cell["source"]))
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                parts["stream"] += len(json.dumps(output["text"]))
            for kind, data in output.get("data", {}).items():
                parts[kind] += len(json.dumps(data))
    widgets = nb["metadata"].get("widgets", {})
    models = len(widgets.get(WIDGET_STATE, {}).get("state", {}))
    where = "  ".join(f"{kind} {size / 1000:.0f}" for kind, size in parts.most_common())
    return (
        f"{path.name:28s} {len(text.encode()) / 1000:6.0f} KB   widget state "
        f"{len(json.dumps(widgets)) / 1000:4.0f} KB ({models} models)   {where}"
    )


def main(argv: list[str]) -> None:
    paths = [Path(p) for p in argv] or sorted(NOTEBOOKS.glob("*.ipynb"))
    for path in paths:
        print(measure(path))


if __name__ == "__main__":
    main(sys.argv[1:])
