"""Positions: documented keys, complete round trips, clear refusals (issue 6)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import RecordError
from railwidgets.offtherails.position import KEYS
from tests.offtherails.scenario import cart, game


def test_every_key_is_documented() -> None:
    doc = otr.position.__doc__ or ""
    for key in KEYS:
        assert f"``{key}``" in doc
    assert set(otr.Game(players=3, seed=1).position()) == {"game", "options", *KEYS}


def test_a_position_in_the_middle_of_a_collision_round_trips() -> None:
    g = game(
        tiles={(r, 4): "NS" for r in range(5)},
        carts=[
            cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
            cart(1, "white", (3, 4), "S", "N", 3, {"ruby": 2, "diamond": 1}),
        ],
    )
    g.apply(otr.EndActions())
    g.apply(otr.SplitLoad(("ruby", "diamond"), ("ruby",)))
    p = g.position()
    loaded = otr.Game.from_position(json.loads(json.dumps(p)))
    assert loaded.position() == p and loaded.current_player == 0
    loaded.apply(otr.PickPile("A"))
    assert loaded.position()["squares"][3]["items"] == {"ruby": 1, "diamond": 1}


def broken(change: Any) -> dict[str, Any]:
    p = copy.deepcopy(
        game(tiles={(0, 4): "NS"}, carts=[cart(0, "white", (0, 4), "S", "N")]).position()
    )
    change(p)
    return p


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p["turn"].update(stage="dancing"), "turn.stage"),
        (lambda p: p["squares"][0].update(tile="NSX"), r"squares\[0\].tile"),
        (
            lambda p: p["squares"].append(
                {"square": [3, 3], "tile": "NS", "items": {}, "chasm": None}
            ),
            "mine centre",
        ),
        (lambda p: p["carts"][0].update(facing="E"), "two exits"),
        (lambda p: p["carts"][0].update(contents={"ruby": 6}), "at most 5"),
        (lambda p: p["carts"][0].update(speed=7), "speed"),
        (lambda p: p["carts"].pop(), "4 carts"),
        (lambda p: p["bag"].update(pearl=1), "bag"),
        (lambda p: p["deposit_deck"].append("purple 9"), "deposit_deck"),
        (lambda p: p["missions"].update(face_up=[12]), "missions.face_up"),
        (lambda p: p["tiles"].update(used=0), "tiles.used"),
        (lambda p: p["turn"].update(stage="split"), "needs a move"),
        (lambda p: p["chasm_supply"].pop("red"), "chasm_supply.red"),
    ],
)
def test_bad_positions_are_refused_clearly(change: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        otr.Game.from_position(broken(change))
