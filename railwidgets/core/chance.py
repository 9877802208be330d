"""Chance helpers for drawing many games fast (the view samplers of search bots)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["shuffled"]

T = TypeVar("T")


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """``items`` in an order drawn uniformly at random from ``rng``.

    Each item gets a random key and the keys are sorted: about twice as fast as
    ``rng.sample(items, len(items))`` (one ``random()`` each, the rest in C), and as
    fair (two equal 53-bit keys are too rare to matter). It draws other numbers than
    ``rng.shuffle``, so rules code, whose draws records replay, keeps ``shuffle``.

    >>> shuffled("abcde", random.Random(1))
    ['a', 'd', 'e', 'c', 'b']
    >>> sorted(shuffled(range(10), random.Random(2))) == list(range(10))
    True
    """
    draw = rng.random
    keys = [draw() for _ in items]
    return [items[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
