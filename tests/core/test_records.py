"""Records that are wrong in any way raise ``RecordError`` naming the problem (all games).

A record is something people share and load from files they did not write: a
wrong type, a stray option or absurd nesting must never surface as a
``TypeError`` or ``RecursionError``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core.errors import RecordError

GAMES = [minirails.Game, offtherails.Game, twistytracks.Game]


def _record(game_cls: type, **changes: Any) -> dict[str, Any]:
    game = game_cls(seed=3)
    game.apply(game.legal_actions()[0])
    record = json.loads(game.to_json())
    record.update(changes)
    return record


def _refused(game_cls: type, record: Any, message: str) -> None:
    text = record if isinstance(record, str) else json.dumps(record)
    with pytest.raises(RecordError, match=message):
        game_cls.from_json(text)


@pytest.fixture(params=GAMES, ids=lambda cls: cls.NAME)
def game_cls(request: pytest.FixtureRequest) -> type:
    return request.param


@pytest.mark.parametrize("name", ["seed", "self", "players2", ""])
def test_an_option_the_game_does_not_have_is_refused(game_cls, name):
    record = _record(game_cls)
    record["options"][name] = 5
    _refused(game_cls, record, rf"unknown option\(s\) '{name}'")


@pytest.mark.parametrize("kind", [["place"], {"type": "place"}, 7, None, True])
def test_an_action_type_that_is_not_a_name_is_refused(game_cls, kind):
    record = _record(game_cls)
    record["actions"][0]["type"] = kind
    _refused(game_cls, record, r"action 1: unknown action type")


def test_json_nested_1000_deep_is_refused(game_cls):
    deep = "[" * 1000 + "1" + "]" * 1000
    _refused(game_cls, deep, "nested too deeply|nested more than")
    for where in ("options", "actions"):
        record = _record(game_cls)
        if where == "options":
            record["options"]["players"] = "DEEP"
        else:
            record["actions"][0]["type"] = "DEEP"
        _refused(game_cls, json.dumps(record).replace('"DEEP"', deep), "nested")


@pytest.mark.parametrize("version", [1.0, True, "1", None, [1]])
def test_the_version_is_exactly_the_whole_number_1(game_cls, version):
    _refused(game_cls, _record(game_cls, version=version), "record version")


@pytest.mark.parametrize("players", [None, 2.0, "2", True])
def test_players_is_a_whole_number(game_cls, players):
    record = _record(game_cls)
    record["options"]["players"] = players
    _refused(game_cls, record, "'players', a whole number")
    del record["options"]["players"]
    _refused(game_cls, record, "'players', a whole number")


def test_a_position_nested_too_deep_is_refused(game_cls):
    position = game_cls(seed=1).position()
    deep: Any = 1
    for _ in range(1200):
        deep = [deep]
    position["extra"] = deep
    with pytest.raises(RecordError, match="nested more than"):
        game_cls.from_position(position)


def test_a_good_record_still_loads(game_cls):
    record = _record(game_cls)
    assert game_cls.from_json(json.dumps(record)).to_json() == json.dumps(record)
