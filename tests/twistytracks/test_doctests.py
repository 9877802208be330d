"""The examples in the Twisty Tracks docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["__init__", "board", "components", "position", "rules", "stations", "text"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(
        "railwidgets.twistytracks" if name == "__init__" else f"railwidgets.twistytracks.{name}"
    )
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0, f"{name} has no examples"
