"""The saved notebooks: JupyterLab leaves them as they are, and they show without a kernel.

Opening a notebook in JupyterLab must not mark it modified (issue 15, item 14): the
file must already be what Lab writes (``tests/tools/normalise_notebooks.py`` says
what that is, measured in the real Lab; ``tests/e2e/test_notebooks_in_lab.py``
checks it there). Fix a failure with ``make notebooks-metadata``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.tools.normalise_notebooks import (
    NOTEBOOKS_DIR,
    REPO_ROOT,
    all_notebooks,
    as_text,
    kernel_metadata,
    lab_text,
    main,
    normalise,
)

NOTEBOOKS = all_notebooks()
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: A Markdown link ``[text](target)`` whose target is not a web address or an anchor.
RELATIVE_LINK = re.compile(r"\]\((?!https?:|mailto:|#)(?P<target>[^)\s]+)\)")
FIX = "run `make notebooks-metadata` (python -m tests.tools.normalise_notebooks)"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_there_are_notebooks() -> None:
    assert {"index.ipynb", "mini-rails.ipynb", "play-mini-rails.ipynb"} <= {
        p.name for p in NOTEBOOKS
    }


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS_DIR).as_posix())
def test_jupyterlab_would_not_rewrite_the_notebook_on_open(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert lab_text(text) == text, f"JupyterLab would rewrite {path.name} when opened: {FIX}"


#: The game widgets, as their text form starts (other widgets, a progress bar, need no board).
GAME_WIDGETS = ("MiniRailsWidget(", "TwistyTracksWidget(", "OffTheRailsWidget(")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS_DIR).as_posix())
def test_every_saved_widget_output_carries_a_picture(path: Path) -> None:
    """Where widgets cannot run (GitHub, nbviewer, Lab before Run All) the board shows, as
    an HTML image of its SVG: the one form all of them show (a notebook JupyterLab does
    not trust yet shows no raw SVG)."""
    for index, cell in enumerate(cells(path)):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if WIDGET_VIEW in data and text.startswith(GAME_WIDGETS):
                html = "".join(data.get("text/html", ""))
                assert html.startswith("<img"), f"{path.name} cell {index}: no picture"
                assert "data:image/svg+xml;base64," in html, f"{path.name} cell {index}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS_DIR).as_posix())
def test_relative_links_open_files_of_the_repository(path: Path) -> None:
    """A link such as ``../railwidgets/minirails/reference.md`` works on GitHub and in Lab."""
    for index, cell in enumerate(cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        for match in RELATIVE_LINK.finditer("".join(cell["source"])):
            target = (path.parent / match["target"].split("#")[0]).resolve()
            assert target.is_file(), f"{path.name} cell {index}: {match['target']} does not exist"
            assert REPO_ROOT in target.parents, f"{path.name}: {match['target']} leaves the repo"


def test_the_mini_rails_tutorial_links_the_rules_reference() -> None:
    text = "".join("".join(c["source"]) for c in cells(NOTEBOOKS_DIR / "mini-rails.ipynb"))
    assert "(../railwidgets/minirails/reference.md)" in text
    assert "rules/mini-rails.md" not in text  # the old folder outside the repository


# -- the check itself catches what Lab changes --------------------------------------------------


def a_notebook(**metadata: object) -> dict:
    kernelspec, language_info = kernel_metadata()
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": kernelspec, "language_info": language_info, **metadata},
        "cells": [{"cell_type": "markdown", "id": "c0ffee00", "metadata": {}, "source": "# Hi"}],
    }


def test_a_notebook_in_lab_form_passes() -> None:
    text = as_text(a_notebook())
    assert lab_text(text) == text


@pytest.mark.parametrize(
    "spoil",
    [
        lambda nb: nb["metadata"]["kernelspec"].update(display_name="Python 3"),
        lambda nb: nb["metadata"].pop("language_info"),
        lambda nb: nb["metadata"].update(language_info={"name": "python"}),
        lambda nb: nb["metadata"]["language_info"].update(version="3.0.0"),
        lambda nb: nb["cells"][0].pop("id"),
        lambda nb: nb.update(nbformat_minor=4),
        lambda nb: nb["metadata"].update(widgets={"state": {"max": 24.0}}),
    ],
    ids=[
        "display-name",
        "no-language-info",
        "language-name-only",
        "version",
        "no-id",
        "minor-4",
        "whole-float",
    ],
)
def test_what_jupyterlab_changes_on_open_is_caught(spoil: object) -> None:
    nb = a_notebook()
    spoil(nb)  # type: ignore[operator]
    # written as nbformat would, but by hand: nbformat itself would add a missing cell id
    text = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    assert lab_text(text) != text


def test_normalising_keeps_other_metadata_and_drops_execution_timings(tmp_path: Path) -> None:
    nb = a_notebook(title="kept")
    nb["cells"][0]["metadata"] = {"tags": ["kept"], "execution": {"iopub.status.idle": "x"}}
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3"
    path = tmp_path / "a.ipynb"
    path.write_text(json.dumps(nb))
    assert main(["--check", str(path)]) == 1
    assert main([str(path)]) == 0
    assert main(["--check", str(path)]) == 0
    saved = json.loads(path.read_text())
    assert saved["metadata"]["title"] == "kept"
    assert saved["cells"][0]["metadata"] == {"tags": ["kept"]}
    assert normalise(path.read_text()) == path.read_text()
