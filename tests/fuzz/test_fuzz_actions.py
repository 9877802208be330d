"""Fuzzing actions: anything that is not a legal action is refused and changes nothing.

Hypothesis (derandomized: the same examples on every run) builds action data of
every JSON shape, with the games' own action types and field names, and also
mutates the data of legal actions. Each is decoded (``ValueError`` or an action)
and applied to a game part-way played: it is either legal, or refused with
``IllegalActionError`` leaving the game exactly as it was.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railwidgets.core.action import decode_action
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.game import Game
from tests.fuzz.budget import hypothesis_settings
from tests.fuzz.common import GAMES, game_ids, game_part_played
from tests.fuzz.mutate import mutate

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _field_values(cls: type[Game]) -> st.SearchStrategy[Any]:
    """Values that fit the games' fields often: small numbers, their words, pairs, and any JSON."""
    words = sorted(
        {str(v) for a in cls.ACTIONS for v in (a.kind,)} | {"N", "E", "S", "W", "A", "B"}
    )
    small = st.integers(min_value=-3, max_value=14)
    return st.one_of(small, st.sampled_from(words), st.lists(small, max_size=3), JSON)


def _action_data(cls: type[Game]) -> st.SearchStrategy[dict[str, Any]]:
    """Data shaped like an action of ``cls``: a known or odd type, its fields or others."""
    kinds = [a.kind for a in cls.ACTIONS]
    fields = sorted({f.name for a in cls.ACTIONS for f in dataclasses.fields(a)})
    return st.builds(
        lambda kind, known, extra: {"type": kind, **known, **extra},
        st.sampled_from(kinds) | JSON,
        st.dictionaries(st.sampled_from(fields), _field_values(cls), max_size=len(fields)),
        st.dictionaries(st.text(max_size=5), JSON, max_size=1),
    )


def _snapshot(game: Game) -> tuple[str, str, tuple[str, ...], int | None]:
    return (
        game.to_json(),
        json.dumps(game.position(), sort_keys=True),
        game.log,
        game.current_player,
    )


def _try(game: Game, data: Any) -> str:
    """Decode and apply ``data``; what happened."""
    try:
        action = decode_action(data, game.ACTIONS)
    except ValueError:
        return "undecodable"
    legal = action in game.legal_actions()
    before = _snapshot(game)
    try:
        game.apply(action)
    except IllegalActionError:
        assert not legal, f"{action} is legal but was refused"
        assert _snapshot(game) == before, f"refusing {action} changed the game"
        return "refused"
    assert legal, f"{action} is not legal but was applied"
    game.undo()
    assert _snapshot(game) == before
    return "legal"


def _check(cls: type[Game], seed: int, data: Any) -> None:
    game = game_part_played(cls, seed)
    _try(game, data)


@pytest.mark.parametrize("cls", GAMES, ids=game_ids)
def test_random_action_data_is_refused_or_legal(cls: type[Game]) -> None:
    @hypothesis_settings(300)
    @given(seed=st.integers(min_value=0, max_value=40), data=_action_data(cls))
    def run(seed: int, data: dict[str, Any]) -> None:
        _check(cls, seed, data)

    run()


@pytest.mark.parametrize("cls", GAMES, ids=game_ids)
def test_mutated_legal_actions_are_refused_or_legal(cls: type[Game]) -> None:
    @hypothesis_settings(300)
    @given(seed=st.integers(min_value=0, max_value=40), mutation=st.randoms(use_true_random=False))
    def run(seed: int, mutation: random.Random) -> None:
        game = game_part_played(cls, seed)
        if game.is_over:
            game.undo()
        legal = game.legal_actions()
        data = mutate(mutation, mutation.choice(legal).to_dict(), mutation.randint(1, 2))
        _try(game, data)

    run()


@pytest.mark.parametrize("cls", GAMES, ids=game_ids)
def test_objects_that_are_not_actions_are_refused(cls: type[Game]) -> None:
    game = game_part_played(cls, 7)
    before = _snapshot(game)
    others = [None, 3, "place", {"type": "place"}, math.nan, object(), game, *(a for a in [] if a)]
    for action_cls in (a for G in GAMES if G is not cls for a in G.ACTIONS):
        fields = dataclasses.fields(action_cls)
        others.append(action_cls(*(0 for _ in fields)))
    for action_cls in cls.ACTIONS:  # the game's own classes with fields of the wrong types
        fields = dataclasses.fields(action_cls)
        for odd in (None, 1.5, [0, 0], "0", True, math.inf, 10**100):
            others.append(action_cls(*(odd for _ in fields)))
    for other in others:
        with pytest.raises(IllegalActionError):
            game.apply(other)  # type: ignore[arg-type]
        assert not game.is_legal(other)
        assert _snapshot(game) == before
