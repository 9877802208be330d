"""Every designed ruling of the Off the Rails reference is named by a test of its own.

The rulings of our own (D-1 …, and the fine points C-1 … of §2.19) are the part of the
rules nobody else can check for us. Each is named in the name (``test_d_13_…``) or the
docstring ("D-13") of a rule test under ``tests/offtherails`` that fails when the ruling
is broken — or a line of the reference names it and says, with the words "no test", why
it has none. That a named test fails when its ruling is broken was checked when it was
written, by breaking the ruling in the engine on purpose (issue 31); this check keeps a
ruling from losing its test, or a new ruling from arriving without one, unnoticed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from railwidgets.core.rulebook import RuleBook

TESTS = Path(__file__).resolve().parent
BOOK = RuleBook.for_game("offtherails")
#: A ruling in the reference or a docstring: "D-13", "C-5" (whole numbers, whole words).
RULING = re.compile(r"(?<![A-Za-z0-9])([CD])-(\d+)(?!\d)")
#: A ruling in a test's name: ``test_d_13_…``, ``test_2_14_1_d_30_…``, ``…_c_4_d_38_…``.
RULING_IN_NAME = re.compile(r"(?<![a-z0-9])([cd])_(\d+)(?![0-9])")


def rulings() -> list[str]:
    """The designed rulings: the reference's sections numbered C-n or D-n."""
    return [s.number for s in BOOK.sections if RULING.fullmatch(s.number)]


def named(name: str, docstring: str) -> set[str]:
    """The rulings a test names, in its name or its docstring.

    >>> sorted(named("test_c_4_d_38_turning_round", "D-16–D-18; a d8 roll; ID-1"))
    ['C-4', 'D-16', 'D-18', 'D-38']
    """
    found = {f"{c.upper()}-{int(n)}" for c, n in RULING_IN_NAME.findall(name)}
    return found | {f"{c}-{int(n)}" for c, n in RULING.findall(docstring)}


def naming_tests() -> dict[str, list[str]]:
    """Each ruling and the tests (``file::test``) under tests/offtherails that name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        if path.resolve() == Path(__file__).resolve():
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                for ruling in named(node.name, ast.get_docstring(node) or ""):
                    found.setdefault(ruling, []).append(f"{path.name}::{node.name}")
    return found


def without_test() -> dict[str, str]:
    """Each ruling a line of the reference says has no test, with that line."""
    lines = BOOK.markdown.splitlines()
    return {
        f"{c}-{n}": line.strip()
        for line in lines
        if "no test" in line.lower()
        for c, n in RULING.findall(line)
    }


def test_the_reference_has_its_designed_rulings_numbered_without_gaps() -> None:
    numbers = rulings()
    designed = [r for r in numbers if r.startswith("D-")]
    fine_points = [r for r in numbers if r.startswith("C-")]
    assert designed == [f"D-{n}" for n in range(1, len(designed) + 1)]
    assert fine_points == [f"C-{n}" for n in range(1, len(fine_points) + 1)]
    assert len(designed) >= 38 and len(fine_points) >= 13  # the scan did find them


def test_every_designed_ruling_is_named_by_a_test_or_says_why_it_has_none() -> None:
    """Issue 31: name the ruling in a test that fails when it is broken, or write on its
    line of the reference "no test" and why."""
    tested, untested = naming_tests(), without_test()
    missing = [r for r in rulings() if r not in tested and r not in untested]
    assert not missing, f"rulings named by no test and not marked 'no test': {missing}"


def test_a_ruling_said_to_have_no_test_has_none_and_exists() -> None:
    tested, untested = naming_tests(), without_test()
    assert set(untested) <= set(rulings()), untested
    both = {r: tested[r] for r in untested if r in tested}
    assert not both, f"marked 'no test' in the reference, yet named by tests: {both}"
