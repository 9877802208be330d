"""The examples in the Off the Rails modules' docstrings run and are right."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["__init__", "actions", "board", "components", "rules"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"railwidgets.offtherails.{name}".replace(".__init__", ""))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
