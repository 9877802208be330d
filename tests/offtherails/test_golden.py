"""Golden games: complete games kept as data (record + final result), replayed.

Three games per player count 2–4 and one solo game live in ``golden/*.json``.
After a deliberate rules change, regenerate them and review the diff::

    .venv/bin/python -m tests.offtherails.test_golden --regenerate
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from railwidgets import offtherails as otr
from tests.offtherails.play import dense_start, play

GOLDEN = Path(__file__).parent / "golden"
#: (file name, players, seed, start on a dense board)
GAMES = [
    *((f"{p}p-seed1", p, 1, False) for p in (2, 3, 4)),
    *((f"{p}p-dense-seed{s}", p, s, True) for p in (2, 3, 4) for s in (2, 3)),
    ("solo-dense-seed1", 1, 1, True),
]


def result(game: otr.Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "scores": game.scores(),
        "winners": game.winners(),
        "decisions": len(game.history),
        "last_log_lines": list(game.log[-3:]),
    }
    if game.num_players == 1:
        data["solo_result"] = game.solo_result()
    return data


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for old in GOLDEN.glob("*.json"):
        old.unlink()
    for name, players, seed, dense in GAMES:
        start = dense_start(players, seed) if dense else otr.Game(players=players, seed=seed)
        game = play(start, seed)
        data = {"record": json.loads(game.to_json()), **result(game)}
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, data["scores"], data["winners"], data["decisions"])


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_game_replays(name: str) -> None:
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    game = otr.Game.from_json(json.dumps(data["record"]))
    assert game.is_over
    assert result(game) == {k: v for k, v in data.items() if k != "record"}


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
    else:
        print(__doc__)
