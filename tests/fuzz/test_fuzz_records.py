"""Fuzzing records and positions: loading gives a ``RecordError`` or a game that can be played out.

Records and positions are mutated at random (truncated, types swapped, keys
missing or extra, numbers over the edge, deep nesting, huge strings, values
borrowed from elsewhere in the same data). Each load must either raise
``RecordError`` or build a game that round-trips and that a random bot plays to
the end within a step bound: never another exception, never a hang.
"""

from __future__ import annotations

import json
import random

import pytest

from railwidgets.core.errors import RecordError
from railwidgets.core.game import Game
from tests.fuzz.budget import cases
from tests.fuzz.common import (
    GAMES,
    game_ids,
    game_part_played,
    gives_back_what_it_took,
    plays_to_the_end,
    strictly_equal,
)
from tests.fuzz.mutate import dumps, mutate, mutate_text


def _sound(game: Game, case: int) -> None:
    """A loaded game is a real one: its record reloads to the same game, and it ends."""
    record = game.to_json()
    assert type(game).from_json(record).to_json() == record
    plays_to_the_end(game, case)


@pytest.mark.parametrize("cls", GAMES, ids=game_ids)
def test_mutated_records_load_soundly_or_raise_record_error(cls: type[Game]) -> None:
    outcomes = {"refused": 0, "loaded": 0}
    for case in range(cases(120)):
        rng = random.Random(f"{cls.NAME} record {case}")
        game = game_part_played(cls, case)
        if rng.random() < 0.25:
            text = mutate_text(rng, game.to_json())
        else:
            text = dumps(mutate(rng, json.loads(game.to_json()), rng.randint(1, 3)))
            if text is None:
                continue
        try:
            loaded = cls.from_json(text)
        except RecordError:
            outcomes["refused"] += 1
            continue
        except Exception as err:
            raise AssertionError(f"case {case}: {type(err).__name__} for {text[:400]!r}") from err
        outcomes["loaded"] += 1
        given = json.loads(text)
        assert gives_back_what_it_took(given, json.loads(loaded.to_json())), f"case {case}: {text}"
        _sound(loaded, case)
    assert outcomes["refused"] and outcomes["loaded"], outcomes


@pytest.mark.parametrize("cls", GAMES, ids=game_ids)
def test_mutated_positions_load_soundly_or_raise_record_error(cls: type[Game]) -> None:
    outcomes = {"refused": 0, "loaded": 0}
    for case in range(cases(150)):
        rng = random.Random(f"{cls.NAME} position {case}")
        position = game_part_played(cls, case).position()
        changed = mutate(rng, position, rng.choice((1, 1, 1, 2, 3)))
        try:
            loaded = cls.from_position(changed, seed=case)
        except RecordError:
            outcomes["refused"] += 1
            continue
        except Exception as err:
            shown = dumps(changed) or repr(changed)
            raise AssertionError(f"case {case}: {type(err).__name__} for {shown[:600]}") from err
        outcomes["loaded"] += 1
        given_back = loaded.position()
        assert gives_back_what_it_took(changed, given_back), f"case {case}: {dumps(changed)}"
        assert strictly_equal(cls.from_position(given_back).position(), given_back)
        _sound(loaded, case)
    assert outcomes["refused"] and outcomes["loaded"], outcomes
