"""Save notebooks exactly as JupyterLab 4 would write them, so opening one changes nothing.

What JupyterLab 4.6 changes when it opens a notebook (measured by opening each one
in the real Lab with Playwright and saving it, then diffing; the browser test
``tests/e2e/test_notebooks_in_lab.py`` keeps checking it):

- ``metadata.kernelspec`` becomes the running kernel's spec: ``display_name``
  ``"Python 3 (ipykernel)"``, ``language`` and ``name`` (a ``"Python 3"`` display name
  marks the notebook modified);
- ``metadata.language_info`` becomes the kernel's own ``language_info`` (all seven
  fields, ``version`` being the kernel's Python, e.g. ``"3.11.7"``); a missing field,
  or another Python version, marks the notebook modified;
- cell ids: with ``nbformat_minor`` 5 a cell without an id gets a new random one on
  save, with minor 4 ids are dropped on save (neither marks the notebook modified);
- numbers are JavaScript's: a whole number saved as a float (``24.0``, as a progress
  bar's widget state holds it) is written as an integer (``24``);
- the file is written by ``nbformat``: one-space indent, sorted keys, text split into
  lines, a final newline.

Other cell and notebook metadata is kept as it is. Besides Lab's form, this tool
drops the per-cell execution timings that ``nbconvert --execute`` records (they
change at every run and say nothing to a reader), and the saved widget state that no
static view needs (issue 27 item 15): a game widget's output carries a picture of its
board (an ``<img>``), which GitHub, nbviewer and a JupyterLab that has not run the
notebook show; its saved state (600 KB for the Mini Rails tutorial) would only make
nbviewer draw an empty canvas instead. Widgets without a picture (a progress bar) keep
the state of every model they show.

Normalise every notebook in ``notebooks/`` (or the files named)::

    python -m tests.tools.normalise_notebooks [--check] [FILE ...]

``--check`` changes nothing and exits 1 naming the notebooks Lab would rewrite.
``make notebooks-metadata`` runs it on ``notebooks/``.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
NBFORMAT, NBFORMAT_MINOR = 4, 5
#: Cell metadata ``nbconvert --execute`` records at every run (dropped by :func:`normalise`).
TIMINGS = "execution"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: A widget's model refers to another (its children, layout, style) by this prefix.
MODEL_REF = "IPY_MODEL_"

Notebook = dict[str, Any]


def kernel_metadata() -> tuple[dict[str, str], dict[str, Any]]:
    """``(kernelspec, language_info)`` as JupyterLab writes them for this environment's kernel.

    Taken from ipykernel itself (what its kernel spec and its ``kernel_info`` reply
    say), not copied by hand, so a new ipykernel or Python shows up here.
    """
    from ipykernel.ipkernel import IPythonKernel
    from ipykernel.kernelspec import KERNEL_NAME, get_kernel_dict

    spec = get_kernel_dict()
    kernelspec = {
        "display_name": spec["display_name"],
        "language": spec["language"],
        "name": KERNEL_NAME,
    }
    return kernelspec, copy.deepcopy(dict(IPythonKernel.language_info))


def _cell_id(index: int, cell: dict[str, Any]) -> str:
    """A stable id for a cell that has none (Lab would make a random one)."""
    source = "".join(cell.get("source", ""))
    return hashlib.sha1(f"{index}:{source}".encode()).hexdigest()[:8]


def lab_form(nb: Notebook) -> Notebook:
    """``nb`` as JupyterLab leaves it after opening it with this environment's kernel."""
    nb = copy.deepcopy(nb)
    kernelspec, language_info = kernel_metadata()
    nb["nbformat"], nb["nbformat_minor"] = NBFORMAT, NBFORMAT_MINOR
    nb.setdefault("metadata", {})
    nb["metadata"]["kernelspec"] = kernelspec
    nb["metadata"]["language_info"] = language_info
    seen: set[str] = set()
    for index, cell in enumerate(nb.get("cells", [])):
        if not cell.get("id") or cell["id"] in seen:
            cell["id"] = _cell_id(index, cell)
        seen.add(cell["id"])
    return _as_javascript_numbers(nb)  # type: ignore[no-any-return]


def _as_javascript_numbers(value: Any) -> Any:
    """``value`` with every whole-number float an integer, as ``JSON.stringify`` writes it.

    >>> _as_javascript_numbers({"max": 24.0, "bar_style": "", "width": [0.5, -0.0]})
    {'max': 24, 'bar_style': '', 'width': [0.5, 0]}
    """
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return int(value)
    if isinstance(value, dict):
        return {key: _as_javascript_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_javascript_numbers(item) for item in value]
    return value


def without_timings(nb: Notebook) -> Notebook:
    nb = copy.deepcopy(nb)
    for cell in nb.get("cells", []):
        cell.get("metadata", {}).pop(TIMINGS, None)
    return nb


def _has_picture(data: dict[str, Any]) -> bool:
    """Whether an output shows a picture where its widget cannot run (a game's board)."""
    return "".join(data.get("text/html", "")).lstrip().startswith("<img")


def _models_shown(model_id: str, state: dict[str, Any], found: set[str]) -> None:
    """``model_id`` and every model its state refers to, into ``found``."""
    if model_id in found or model_id not in state:
        return
    found.add(model_id)
    stack: list[Any] = [state[model_id].get("state", {})]
    while stack:
        value = stack.pop()
        if isinstance(value, str) and value.startswith(MODEL_REF):
            _models_shown(value[len(MODEL_REF) :], state, found)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def without_unneeded_widget_state(nb: Notebook) -> Notebook:
    """``nb`` keeping only the saved state of widgets shown by outputs without a picture.

    >>> state = {"a": {"state": {"children": ["IPY_MODEL_b"]}}, "b": {"state": {}},
    ...          "c": {"state": {}}}
    >>> def shown(model, picture):
    ...     data = {WIDGET_VIEW: {"model_id": model}}
    ...     return {"output_type": "display_data", "data": data | picture, "metadata": {}}
    >>> nb = {"metadata": {"widgets": {WIDGET_STATE: {"state": state}}}, "cells": [
    ...     {"cell_type": "code", "outputs": [shown("a", {}), shown("c", {"text/html": "<img/>"})]}]}
    >>> sorted(without_unneeded_widget_state(nb)["metadata"]["widgets"][WIDGET_STATE]["state"])
    ['a', 'b']
    """
    widgets = nb.get("metadata", {}).get("widgets", {})
    state = widgets.get(WIDGET_STATE, {}).get("state")
    if not state:
        return nb
    needed: set[str] = set()
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and not _has_picture(data):
                _models_shown(data[WIDGET_VIEW]["model_id"], state, needed)
    nb = copy.deepcopy(nb)
    if needed:
        kept = nb["metadata"]["widgets"][WIDGET_STATE]
        kept["state"] = {k: v for k, v in kept["state"].items() if k in needed}
    else:
        del nb["metadata"]["widgets"]
    return nb


def as_text(nb: Notebook) -> str:
    """The file's text exactly as Jupyter writes it (``nbformat.writes``, final newline)."""
    import nbformat

    return nbformat.writes(nbformat.from_dict(nb), version=NBFORMAT) + "\n"


def lab_text(text: str) -> str:
    """What JupyterLab writes back for a notebook file with this ``text``."""
    return as_text(lab_form(json.loads(text)))


def normalise(text: str) -> str:
    """Lab's form, without execution timings nor unneeded widget state: what this tool saves."""
    return as_text(lab_form(without_unneeded_widget_state(without_timings(json.loads(text)))))


def all_notebooks() -> list[Path]:
    """Every notebook of notebooks/, those of its language folders (notebooks/ru/, ...) too."""
    return sorted(
        path for path in NOTEBOOKS_DIR.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts
    )


def notebooks(paths: list[str]) -> list[Path]:
    return [Path(p) for p in paths] if paths else all_notebooks()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="notebooks (default: every one in notebooks/)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if needed")
    args = parser.parse_args(argv)
    stale = []
    for path in notebooks(args.files):
        text = path.read_text(encoding="utf-8")
        wanted = normalise(text)
        if wanted != text:
            why = (
                "JupyterLab would rewrite it"
                if lab_text(text) != text
                else "execution timings or widget state"
            )
            stale.append(f"{path} ({why})")
            if not args.check:
                path.write_text(wanted, encoding="utf-8")
    for line in stale:
        print(f"{'not normalised' if args.check else 'normalised'}: {line}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
