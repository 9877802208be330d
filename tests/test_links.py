"""Links and file references in the README and the notebooks lead to files of the repository
(issue 27, item 11: the tutorials cited ``rules/*.md``, which is not in the repository, and
the README pointed outside it, to ``../shared``).

Checked in ``README.md`` and in every Markdown cell of ``notebooks/*.ipynb``:

- every relative link (``[text](target)``, ``[text]: target``, ``href=``/``src=``) names a
  file inside the repository, relative to the document (as GitHub and JupyterLab read it);
- every file path written as code (```` `railwidgets/offtherails/reference.md` ````) names
  a file inside the repository, relative to the document or to the repository's root.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.tools.normalise_notebooks import all_notebooks

REPO_ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [REPO_ROOT / "README.md", *all_notebooks()]

#: Links: inline ``[text](target "title")``, reference definitions, and HTML attributes.
LINKS = (
    re.compile(r"\]\(\s*<?(?P<target>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"),
    re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(?P<target>\S+?)>?(?:\s|$)", re.MULTILINE),
    re.compile(r"\b(?:href|src)\s*=\s*[\"'](?P<target>[^\"']+)[\"']"),
)
#: A path in backticks: a folder, a slash, a name with a file suffix (no wildcards).
CODE_PATH = re.compile(r"`(?P<target>(?:\.\.?/)*[\w.-]+(?:/[\w.-]+)*/[\w.-]+\.\w+)`")
#: Targets that are not files of the repository (web addresses, mail, anchors, data).
ELSEWHERE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.IGNORECASE)


def markdown_of(path: Path) -> list[tuple[str, str]]:
    """``(where, text)`` for the README, or for each Markdown cell of a notebook."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return [(path.name, text)]
    return [
        (f"{path.name} cell {index}", "".join(cell["source"]))
        for index, cell in enumerate(json.loads(text)["cells"])
        if cell["cell_type"] == "markdown"
    ]


def without_code_blocks(text: str) -> str:
    """The Markdown less its fenced code blocks (a shell line there is no reference)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


def links(text: str) -> list[str]:
    found = [m["target"] for pattern in LINKS for m in pattern.finditer(text)]
    return [t for t in found if not ELSEWHERE.match(t)]


def code_paths(text: str) -> list[str]:
    return [m["target"] for m in CODE_PATH.finditer(without_code_blocks(text))]


def in_repository(base: Path, target: str) -> bool:
    """Whether ``target`` (less any ``#anchor`` or ``?query``) is a file inside the repository."""
    path = (base / re.split(r"[#?]", target)[0]).resolve()
    return path.is_file() and REPO_ROOT in path.parents


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_27_11_every_relative_link_opens_a_file_of_the_repository(path: Path) -> None:
    dead = [
        f"{where}: {target}"
        for where, text in markdown_of(path)
        for target in links(text)
        if not in_repository(path.parent, target)
    ]
    assert not dead, "links to no file of the repository:\n" + "\n".join(dead)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_27_11_every_file_named_in_code_is_in_the_repository(path: Path) -> None:
    dead = [
        f"{where}: {target}"
        for where, text in markdown_of(path)
        for target in code_paths(text)
        if not (in_repository(path.parent, target) or in_repository(REPO_ROOT, target))
    ]
    assert not dead, "files named that the repository does not hold:\n" + "\n".join(dead)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("the rules (`rules/off-the-rails.md`)", "rules/off-the-rails.md"),
        ("See `../shared/DESIGN.md` for the architecture", "../shared/DESIGN.md"),
        ("[rules](../rules/twisty-tracks.md)", "../rules/twisty-tracks.md"),
        ('[ref]: ../outside.md "title"', "../outside.md"),
        ('<img src="pictures/board.svg">', "pictures/board.svg"),
    ],
)
def test_27_11_the_check_finds_the_dead_references_the_issue_found(text: str, bad: str) -> None:
    base = REPO_ROOT / "notebooks"
    found = links(text) + code_paths(text)
    assert found == [bad]
    assert not (in_repository(base, bad) or in_repository(REPO_ROOT, bad))


def test_27_11_good_references_pass_and_others_are_not_taken_for_files() -> None:
    base = REPO_ROOT / "notebooks"
    text = (
        "[the reference](../railwidgets/offtherails/reference.md#§2.6) and "
        "`railwidgets/minirails/reference.md`, [index](index.ipynb), "
        "[a site](https://mybinder.org/badge.svg), [top](#further-reading), "
        "`railwidgets/*/reference.md`, `widget.click(x, y)`, `components.py`"
    )
    assert links(text) == ["../railwidgets/offtherails/reference.md#§2.6", "index.ipynb"]
    assert code_paths(text) == ["railwidgets/minirails/reference.md"]
    assert in_repository(base, links(text)[0]) and in_repository(base, links(text)[1])
    assert in_repository(REPO_ROOT, code_paths(text)[0])
