"""Chance helpers for drawing many games fast (the view samplers of search bots)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import blake2b
from typing import TypeVar

__all__ = ["pick", "shuffled"]

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


def pick(key: int, step: int, n: int) -> int:
    """A number in ``range(n)``, the ``step``-th drawn from ``key`` (a whole number below 2**64).

    A generator with no state to keep: the number is BLAKE2b of ``key`` and ``step``,
    scaled to ``n``, so the same three always give the same number, and the numbers
    of one key are as good as independent and uniform (scaling 64 bits to ``n`` is
    off by less than ``n / 2**64``). A sampled game orders what it hides only when
    it reveals it, from its own key (each game documents how): a copy, a snapshot
    or a record of the game reveals the same, whenever it does.

    >>> [pick(7, step, 10) for step in range(8)]
    [7, 8, 2, 1, 3, 6, 2, 2]
    >>> pick(7, 2, 10) == pick(7, 2, 10)
    True
    """
    data = key.to_bytes(8, "little") + step.to_bytes(8, "little")
    return int.from_bytes(blake2b(data, digest_size=8).digest(), "little") * n >> 64
