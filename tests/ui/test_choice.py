"""The choice helper: every sequence of picks it offers ends in exactly the legal actions.

Random positions of all three games, each game's own way of splitting its actions
into parts (and the plain field-by-field split): walking every pick the helper
offers reaches every legal action, and nothing else.
"""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Hashable, Iterator

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core.action import Action
from railwidgets.core.game import Game
from railwidgets.ui.choice import Choice, ChoiceError, PartsOf
from railwidgets.ui.picks import fields_as_parts

GAMES: dict[str, type[Game]] = {
    "minirails": minirails.Game,
    "twistytracks": twistytracks.Game,
    "offtherails": offtherails.Game,
}


def splits(name: str) -> list[PartsOf]:
    """The plain split, and the game's own (``railwidgets.<game>.picks.parts_of``) if it has one."""
    found: list[PartsOf] = [fields_as_parts]
    with contextlib.suppress(ModuleNotFoundError):
        found.append(importlib.import_module(f"railwidgets.{name}.picks").parts_of)
    return found


def positions(cls: type[Game], count: int, seed: int) -> Iterator[Game]:
    """``count`` positions of random games with every allowed player count."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = cls(players=rng.choice(list(cls.PLAYERS)), seed=rng.randrange(10**6))
        while not game.is_over and made < count:
            if rng.random() < 0.3:
                made += 1
                yield game
            game.apply(rng.choice(game.legal_actions()))


def reachable(choice: Choice) -> list[Action]:
    """Every action reached by picking, at each step, any option of the next part."""
    if choice.complete:
        assert choice.only is not None
        return [choice.only]
    part = choice.next_part
    assert part is not None, f"stuck with {len(choice.candidates)} candidates and no part to pick"
    found: list[Action] = []
    options = choice.options(part)
    assert options, f"no option for {part!r}"
    for value in options:
        nxt = choice.pick(part, value)
        assert (
            len(nxt.candidates) < len(choice.candidates)
            or nxt.complete
            or len(nxt.picks) > len(choice.picks)
        )
        found += reachable(nxt)
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_pick_sequence_ends_in_exactly_the_legal_actions(name: str) -> None:
    count = {"minirails": 1000, "twistytracks": 1000, "offtherails": 300}[name]
    for parts_of in splits(name):
        for game in positions(GAMES[name], count, seed=len(name)):
            legal = game.legal_actions()
            reached = reachable(Choice.from_game(game, parts_of))
            assert sorted(map(repr, reached)) == sorted(map(repr, legal))
            assert len(reached) == len(set(reached))


def test_re_picking_a_part_keeps_the_picks_that_still_fit() -> None:
    game = minirails.Game(players=3, seed=7)
    choice = Choice.from_game(game, fields_as_parts)
    choice = choice.pick("kind", "build").pick("company", "blue").pick("slot", 0)
    assert choice.options("kind") == ("buy", "build")  # nothing picked before the kind
    choice = choice.pick("kind", "buy")  # blue in slot 0 can be bought too: both kept
    assert choice.picks == (("kind", "buy"), ("company", "blue"), ("slot", 0))
    assert choice.complete and choice.only == minirails.Buy("blue", 0)


def test_re_picking_drops_the_picks_that_no_longer_fit() -> None:
    game = minirails.Game(players=3, seed=7)
    choice = Choice.from_game(game, fields_as_parts).pick("slot", 0).pick("company", "blue")
    assert game.state.market[1] != "blue"
    choice = choice.pick("slot", 1)  # slot 1 holds another company: blue no longer fits
    assert choice.picks == (("slot", 1),)
    assert choice.options("company") == (game.state.market[1],)


def test_cycle_walks_the_options_both_ways_and_wraps() -> None:
    game = twistytracks.Game(players=1, seed=3)
    choice = Choice.from_game(game, fields_as_parts)
    rotations = choice.options("rotation")
    assert len(rotations) > 1
    first = choice.cycle("rotation")
    assert first.picked("rotation") == rotations[0]
    assert first.cycle("rotation", -1).picked("rotation") == rotations[-1]
    assert choice.cycle("rotation", -1).picked("rotation") == rotations[-1]


def test_refusals_say_what_may_be_picked() -> None:
    game = minirails.Game(players=3, seed=7)
    choice = Choice.from_game(game, fields_as_parts)
    with pytest.raises(ChoiceError, match="no colour is to be picked"):
        choice.pick("colour", "red")
    with pytest.raises(ChoiceError, match="first pick a kind"):
        choice.pick("hex", (99, 99))
    with pytest.raises(ChoiceError, match="nothing to decide"):
        Choice.of([], fields_as_parts).pick("kind", "buy")
    assert choice.back() == choice and choice.clear() == choice


def scan(
    choice: Choice, picks: list[tuple[str, Hashable]], among: list[int] | None = None
) -> list[int]:
    """The actions matching ``picks`` found the long way: every action's parts compared."""
    return [
        i
        for i in (range(len(choice.actions)) if among is None else among)
        if all(dict(choice.parts_of(choice.actions[i])).get(n, _ABSENT) == v for n, v in picks)
    ]


_ABSENT = object()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_27_16_the_index_finds_what_comparing_every_action_finds(name: str) -> None:
    """A pick looks its actions up in an index (issue 27 item 16): the same actions, in
    the engine's order, as comparing each action's parts with the picks."""
    rng = random.Random(len(name))
    for parts_of in splits(name):
        for game in positions(GAMES[name], 60, seed=len(name) + 1):
            choice = Choice.from_game(game, parts_of)
            while not choice.complete and choice.next_part is not None:
                part = choice.next_part
                choice = choice.pick(part, rng.choice(choice.options(part)))
                picks = list(choice.picks)
                for at in range(len(picks) + 1):
                    assert choice._matching(picks[:at]) == scan(choice, picks[:at])
                among = choice._matching(picks[:1])[::2]
                assert choice._matching(picks, among) == scan(choice, picks, among)
            assert choice._matching([("nothing", 1)]) == []
