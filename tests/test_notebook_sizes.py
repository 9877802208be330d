"""The saved notebooks stay small, with one picture of each board (issue 27 item 15).

A tutorial saved with its outputs is read on GitHub, in nbviewer and in a JupyterLab
that has not run it yet; each of those shows a board as an ``<img>`` of its SVG, so
that is the only form saved (``image/svg+xml`` beside it doubled every board), and
no widget state is saved for a board that has its picture
(``tests/tools/normalise_notebooks.py``). Budgets: a tutorial under 600 KB, every
other notebook too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import display
from IPython.utils.capture import capture_output

from railwidgets import (
    MiniRailsWidget,
    OffTheRailsWidget,
    TwistyTracksWidget,
    minirails,
    offtherails,
    twistytracks,
)
from railwidgets.draw.svg import Picture, img_svg
from tests.tools.normalise_notebooks import (
    NOTEBOOKS_DIR,
    WIDGET_STATE,
    WIDGET_VIEW,
    all_notebooks,
    without_unneeded_widget_state,
)

NOTEBOOKS = all_notebooks()
TUTORIALS = {"mini-rails.ipynb", "off-the-rails.ipynb", "twisty-tracks.ipynb"}
#: Bytes a saved notebook may take: a tutorial, and any other notebook.
TUTORIAL_BUDGET = 600_000
OTHER_BUDGET = 600_000


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_27_15_the_tutorials_are_all_there() -> None:
    assert {p.name for p in NOTEBOOKS} >= TUTORIALS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS_DIR).as_posix())
def test_27_15_every_notebook_is_within_its_budget(path: Path) -> None:
    size = path.stat().st_size
    budget = TUTORIAL_BUDGET if path.name in TUTORIALS else OTHER_BUDGET
    assert size < budget, (
        f"{path.name} is {size / 1000:.0f} KB, over its {budget / 1000:.0f} KB budget: "
        "see what takes the bytes (outputs by kind, the widget state in its metadata)"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS_DIR).as_posix())
def test_27_15_a_saved_board_is_one_picture(path: Path) -> None:
    for index, cell in enumerate(notebook(path)["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            assert "image/svg+xml" not in data, f"{path.name} cell {index}: an SVG output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS_DIR).as_posix())
def test_27_15_widget_state_is_saved_only_where_a_static_view_needs_it(path: Path) -> None:
    nb = notebook(path)
    assert without_unneeded_widget_state(nb) == nb, (
        f"{path.name} saves widget state no view needs: "
        "run `make notebooks-metadata` (python -m tests.tools.normalise_notebooks)"
    )


def test_27_15_the_strategy_notebook_saves_its_progress_bars_as_they_ended() -> None:
    """Where widgets do not run, a bar shows its text: finished, not "0/48"."""
    nb = notebook(NOTEBOOKS_DIR / "strategy.ipynb")
    bars = [
        "".join(output["data"].get("text/plain", ""))
        for cell in nb["cells"]
        for output in cell.get("outputs", [])
        if WIDGET_VIEW in output.get("data", {})
    ]
    assert len(bars) == 3
    for text in bars:
        done, total = text.split("|")[-1].split()[0].split("/")
        assert done == total and "100%" in text, text
    # and the bars' own saved state says so too, for nbviewer, which draws them
    state = nb["metadata"]["widgets"][WIDGET_STATE]["state"]
    ends = [m["state"] for m in state.values() if m["model_name"] == "FloatProgressModel"]
    assert len(ends) == 3 and all(e["value"] == e["max"] for e in ends)


@pytest.mark.parametrize(
    "thing",
    [
        lambda: minirails.Game(players=3, seed=1),
        lambda: offtherails.Game(players=2, seed=1),
        lambda: twistytracks.Game(players=2, seed=1),
        lambda: MiniRailsWidget(players=3, seed=1, seats=["human"] * 3),
        lambda: OffTheRailsWidget(players=2, seed=1, seats=["human", "human"], animate=False),
        lambda: TwistyTracksWidget(players=2, seed=1, seats=["human", "greedy"], animate=False),
        lambda: Picture('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
    ],
    ids=["mini", "otr", "twisty", "mini-widget", "otr-widget", "twisty-widget", "picture"],
)
def test_27_15_games_widgets_and_pictures_give_a_notebook_one_picture_form(thing) -> None:  # type: ignore[no-untyped-def]
    shown = thing()
    try:
        (formats,) = published(shown)
        assert "image/svg+xml" not in formats  # not the picture twice
        assert formats["text/html"].startswith('<img alt="')
        assert "data:image/svg+xml;base64," in formats["text/html"]
        if hasattr(shown, "to_svg"):  # the picture is the board as drawn
            assert img_svg(formats["text/html"]) == shown.to_svg()
    finally:
        if hasattr(shown, "close"):
            shown.close()


def published(thing: Any) -> list[dict[str, Any]]:
    """What IPython publishes when a notebook shows ``thing``: each display's data."""
    InteractiveShell.instance()  # a shell to display through, as in a kernel
    with capture_output() as captured:
        display(thing)
    return [output.data for output in captured.outputs]
