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
change at every run and say nothing to a reader).

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


def as_text(nb: Notebook) -> str:
    """The file's text exactly as Jupyter writes it (``nbformat.writes``, final newline)."""
    import nbformat

    return nbformat.writes(nbformat.from_dict(nb), version=NBFORMAT) + "\n"


def lab_text(text: str) -> str:
    """What JupyterLab writes back for a notebook file with this ``text``."""
    return as_text(lab_form(json.loads(text)))


def normalise(text: str) -> str:
    """Lab's form, without execution timings: what this tool saves."""
    return as_text(lab_form(without_timings(json.loads(text))))


def notebooks(paths: list[str]) -> list[Path]:
    return [Path(p) for p in paths] if paths else sorted(NOTEBOOKS_DIR.glob("*.ipynb"))


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
            why = "JupyterLab would rewrite it" if lab_text(text) != text else "execution timings"
            stale.append(f"{path} ({why})")
            if not args.check:
                path.write_text(wanted, encoding="utf-8")
    for line in stale:
        print(f"{'not normalised' if args.check else 'normalised'}: {line}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
