"""Chance helpers for drawing many games fast (the view samplers of search bots)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from hashlib import blake2b
from typing import TypeVar

__all__ = ["pick", "shuffled", "shuffled_by_key"]

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


def shuffled_by_key(items: Sequence[T], key: int, stream: int) -> list[T]:
    """``items`` (at most 16) in an order drawn from ``key`` and ``stream``: always the same.

    Like :func:`pick`, a generator with no state: one BLAKE2b digest of ``key`` and
    ``stream`` gives each place in ``items`` a 32-bit random key, and the keys are
    sorted, as :func:`shuffled` does (two equal keys are too rare to matter).

    >>> shuffled_by_key("abcde", 7, 0)
    ['b', 'a', 'c', 'e', 'd']
    >>> shuffled_by_key("abcde", 7, 0) == shuffled_by_key("abcde", 7, 0) != shuffled_by_key("abcde", 7, 1)
    True
    """
    if len(items) > 16:
        raise ValueError(f"shuffled_by_key orders at most 16 items, not {len(items)}")
    data = key.to_bytes(8, "little") + stream.to_bytes(8, "little")
    keys = blake2b(data, digest_size=64).digest()
    return [items[i] for i in sorted(range(len(items)), key=lambda i: keys[4 * i : 4 * i + 4])]
