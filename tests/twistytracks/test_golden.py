"""Golden games: complete Twisty Tracks games kept as data, replayed move by move.

Each file in ``golden/`` holds a record made by ``to_json()``, with the final
scores, winners and tiles placed. Replaying must give exactly these. After a
deliberate rules change, regenerate them with::

    TWISTYTRACKS_WRITE_GOLDEN=1 .venv/bin/python -m pytest -q tests/twistytracks/test_golden.py

and review the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from railwidgets.core import RandomBot, play_out
from railwidgets.twistytracks import Game

GOLDEN = Path(__file__).parent / "golden"
#: (file name, options, seed of the game and of its random bot)
GAMES = [
    ("1-player-full", {"players": 1, "scoring": "full"}, 101),
    ("2-players-full", {"players": 2, "scoring": "full"}, 102),
    ("4-players-full", {"players": 4, "scoring": "full"}, 104),
    ("6-players-full", {"players": 6, "scoring": "full"}, 106),
    ("2-players-stations-only", {"players": 2, "scoring": "stations_only"}, 202),
    ("4-players-travel-only", {"players": 4, "scoring": "travel_only"}, 204),
]


def summary(game: Game) -> dict[str, Any]:
    return {
        "scores": game.scores(),
        "winners": game.winners(),
        "tiles_placed": game.tiles_placed(),
        "last_log_line": game.log[-1],
    }


def write_golden() -> None:
    """Play every golden game again and write it (only on purpose: see the module doc)."""
    GOLDEN.mkdir(exist_ok=True)
    for name, options, seed in GAMES:
        game = Game(seed=seed, **options)
        play_out(game, RandomBot(seed))
        data = {"record": json.loads(game.to_json()), **summary(game)}
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


if os.environ.get("TWISTYTRACKS_WRITE_GOLDEN") == "1":
    write_golden()


@pytest.mark.parametrize(("name", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_golden_game_replays(name, options, seed):
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    game = Game.from_json(json.dumps(data.pop("record")))
    assert game.is_over
    assert dict(game.options) == options and game.seed == seed
    assert summary(game) == data


def test_golden_games_cover_1_2_4_and_6_players():
    counts = {
        json.loads(p.read_text())["record"]["options"]["players"] for p in GOLDEN.glob("*.json")
    }
    assert {1, 2, 4, 6} <= counts
