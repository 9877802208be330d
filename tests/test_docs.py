"""The documentation site's code examples run (issue 28, item 1).

The docstrings' examples run as doctests (``--doctest-modules``); the site's own pages
(``docs/**/*.md``) show Python in fenced ``python`` blocks, which are run here: each page's
blocks in order, in one namespace, from a temporary folder. ``make docs`` builds the site
itself (warnings are errors; every public name must be in its API reference).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
FENCE = re.compile(r"^```python\n(?P<code>.*?)^```", re.MULTILINE | re.DOTALL)
PAGES = sorted(
    path.relative_to(DOCS).as_posix()
    for path in DOCS.rglob("*.md")
    if "_build" not in path.parts and FENCE.search(path.read_text(encoding="utf-8"))
)


def test_site_pages_have_examples() -> None:
    """The pages that teach by example are found (so the test below cannot pass on nothing)."""
    for page in ("getting-started.md", "bots.md", "games/minirails.md"):
        assert page in PAGES


@pytest.mark.parametrize("page", PAGES)
def test_site_code_examples_run(page: str, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    text = (DOCS / page).read_text(encoding="utf-8")
    for number, match in enumerate(FENCE.finditer(text), 1):
        code = compile(match["code"], f"docs/{page} (block {number})", "exec")
        exec(code, namespace)
