"""Golden Mini Rails games: complete records with their final result, replayed.

A failure here means the engine now plays a recorded game differently. If that
change is deliberate (a rules fix), regenerate the files and say why in the commit:

    python -m tests.minirails.test_golden
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railwidgets import minirails
from railwidgets.core import RandomBot, play_out

GOLDEN = Path(__file__).with_name("golden")
GAMES = {"3p-seed-101": (3, 101), "4p-seed-202": (4, 202), "5p-seed-303": (5, 303)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_to_its_result(name):
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    game = minirails.Game.from_json(json.dumps(data["record"]))
    assert game.is_over
    assert game.scores() == data["scores"]
    assert game.winners() == data["winners"]
    assert game.state.taxed == data["taxed"]
    assert list(game.log) == data["log"]


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (players, seed) in GAMES.items():
        game = minirails.Game(players=players, seed=seed)
        play_out(game, RandomBot(seed))
        data = {
            "record": json.loads(game.to_json()),
            "scores": game.scores(),
            "winners": game.winners(),
            "taxed": game.state.taxed,
            "log": list(game.log),
        }
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(f"{name}: scores {game.scores()}, winners {game.winners()}")


if __name__ == "__main__":
    regenerate()
