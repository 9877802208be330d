"""Positions for Mini Rails rule tests, built from a real setup and then changed."""

from __future__ import annotations

from typing import Any

from railwidgets import minirails

ORANGE, PURPLE, GREEN, BLACK, PINK = range(5)


def position(players: int = 4, seed: int = 1, **changes: Any) -> dict[str, Any]:
    """The position of a fresh game with ``changes`` applied to its fields."""
    data = minirails.Game(players=players, seed=seed).position()
    data.update(changes)
    return data


def game(players: int = 4, seed: int = 1, **changes: Any) -> minirails.Game:
    return minirails.Game.from_position(position(players, seed, **changes))


def shares(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"company": c, "value": v} for c, v in pairs]


def market(*items: str | int) -> list[dict[str, Any]]:
    """Market slots: a company name is a disc, a seat number a marker."""
    return [{"company": x} if isinstance(x, str) else {"marker": x} for x in items]


def board(*discs: tuple[tuple[int, int], str]) -> list[dict[str, Any]]:
    return [{"hex": list(h), "company": c} for h, c in discs]
