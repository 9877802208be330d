"""The conformance suite: one set of tests that every game must pass (DESIGN.md §4).

A game joins by subclassing :class:`ConformanceSuite` in a ``test_*.py`` file::

    class TestMiniRails(ConformanceSuite):
        game_class = minirails.Game
        configs = [{"players": p} for p in range(2, 6)]

Every test then runs once per configuration (player count and variant).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from railwidgets.core import (
    Game,
    IllegalActionError,
    OptionError,
    RandomBot,
    RecordError,
    decode_action,
)


def _label(config: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in config.items())


def snapshot(game: Game) -> tuple[str, tuple[str, ...], str, Any]:
    """Everything observable about a game, to check that nothing changed."""
    return (
        json.dumps(game.position(), sort_keys=True),
        game.log,
        game.to_json(),
        game.current_player,
    )


def wrongly_typed(value: Any) -> Iterator[Any]:
    """Values equal to ``value``, or nearly, but not of its type: 1.0 or True for 1, lists for tuples."""
    if type(value) is int:
        yield float(value)
        if value in (0, 1):
            yield bool(value)
    elif type(value) is tuple:
        yield list(value)
        for i, item in enumerate(value):
            for wrong in wrongly_typed(item):
                yield (*value[:i], wrong, *value[i + 1 :])


class ConformanceSuite:
    """Subclass with ``game_class`` and ``configs`` (keyword arguments for the game)."""

    game_class: ClassVar[type[Game]]
    configs: ClassVar[list[dict[str, Any]]]
    #: Random games played per configuration.
    games_per_config: ClassVar[int] = 2
    #: Seeds at which the checks at random points are made, per configuration.
    probe_seeds: ClassVar[tuple[int, ...]] = (11, 12)

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        if "config" in metafunc.fixturenames:
            metafunc.parametrize("config", self.configs, ids=[_label(c) for c in self.configs])

    # -- helpers ------------------------------------------------------------------------

    def new(self, config: dict[str, Any], seed: int) -> Game:
        return self.game_class(seed=seed, **config)

    def random_game(self, config: dict[str, Any], seed: int) -> tuple[Game, list[Game]]:
        """A random game to its end, with a copy of the game at every decision."""
        game = self.new(config, seed)
        bot = RandomBot(seed)
        states = []
        while not game.is_over:
            states.append(game.copy())
            game.apply(bot.choose(game.view(game.current_player)))
            assert len(states) < 50_000, "the game does not end"
        return game, states

    # -- playing ------------------------------------------------------------------------

    def test_random_games_end(self, config):
        for seed in range(self.games_per_config):
            game, states = self.random_game(config, seed)
            assert game.is_over
            assert game.current_player is None
            assert game.legal_actions() == []
            assert game.winners(), "a finished game has at least one winner"
            assert all(0 <= w < game.num_players for w in game.winners())
            assert len(game.scores()) == game.num_players
            assert len(game.history) == len(states)
            for state in states:
                assert not state.is_over
                assert state.winners() == []
                assert state.current_player in range(game.num_players)
                assert state.legal_actions(), "a game that is not over has a legal action"

    def test_legal_actions_are_values(self, config):
        _, states = self.random_game(config, self.probe_seeds[0])
        for state in states[:: max(1, len(states) // 25)]:
            actions = state.legal_actions()
            assert actions == state.legal_actions(), "legal_actions is deterministic"
            assert len(set(actions)) == len(actions), "no action is listed twice"
            for action in actions:
                assert str(action) and "object at" not in str(action)
                data = action.to_dict()
                assert json.loads(json.dumps(data)) == data
                assert decode_action(data, self.game_class.ACTIONS) == action
                assert hash(action) == hash(decode_action(data, self.game_class.ACTIONS))

    def test_same_seed_and_actions_give_the_same_game(self, config):
        game, _ = self.random_game(config, self.probe_seeds[0])
        again = self.new(config, self.probe_seeds[0])
        for action in game.history:
            again.apply(action)
        assert again.to_json() == game.to_json()
        assert again.log == game.log
        assert again.position() == game.position()
        assert self.new(config, 5).position() == self.new(config, 5).position()

    # -- undo, copy, records, positions at random points -----------------------------------

    def probes(self, config):
        for seed in self.probe_seeds:
            _, states = self.random_game(config, seed)
            rng = random.Random(seed)
            yield from rng.sample(states, min(8, len(states)))

    def test_copy_is_independent(self, config):
        for game in self.probes(config):
            before = snapshot(game)
            twin = game.copy()
            assert snapshot(twin) == before
            twin.apply(twin.legal_actions()[-1])
            assert snapshot(game) == before
            game.apply(game.legal_actions()[0])
            twin.undo()
            game.undo()
            assert snapshot(twin) == before == snapshot(game)

    def test_copies_stay_as_they_were(self, config):
        # Copies share what is replaced rather than changed (copy-on-write): a whole game
        # played on, and taken back to the start, must never reach a copy made on the way.
        game = self.new(config, self.probe_seeds[1])
        bot = RandomBot(self.probe_seeds[1])
        copies = []
        while not game.is_over:
            twin = game.copy()
            copies.append((twin, twin.position()))
            game.apply(bot.choose(game.view(game.current_player)))
        while game.can_undo:
            game.undo()
        for twin, position in copies:
            assert twin.position() == position

    def test_undo_redo_round_trip(self, config):
        for game in self.probes(config):
            before = snapshot(game)
            action = game.legal_actions()[len(game.legal_actions()) // 2]
            game.apply(action)
            after = snapshot(game)
            assert game.undo() == action
            assert snapshot(game) == before
            assert game.can_redo
            assert game.redo() == action
            assert snapshot(game) == after
            assert not game.can_redo
        fresh = self.new(config, 3)
        with pytest.raises(IndexError):
            fresh.undo()
        with pytest.raises(IndexError):
            fresh.redo()

    def test_record_round_trip(self, config):
        for game in self.probes(config):
            loaded = self.game_class.from_json(game.to_json())
            assert snapshot(loaded) == snapshot(game)
            assert loaded.legal_actions() == game.legal_actions()

    def test_position_round_trip(self, config):
        for game in self.probes(config):
            position = game.position()
            assert json.loads(json.dumps(position)) == position, "a position is plain JSON data"
            loaded = self.game_class.from_position(position)
            assert loaded.position() == position
            assert loaded.legal_actions() == game.legal_actions()
            assert loaded.current_player == game.current_player
            assert loaded.scores() == game.scores()
            # a game started from a position keeps it in its record
            loaded.apply(loaded.legal_actions()[0])
            again = self.game_class.from_json(loaded.to_json())
            assert again.position() == loaded.position()

    def test_view_is_plain_data(self, config):
        for game in self.probes(config):
            for seat in range(game.num_players):
                view = game.view(seat)
                assert json.loads(json.dumps(view)) == view
            for bad in (-1, game.num_players, "0", None, True):
                with pytest.raises(OptionError):
                    game.view(bad)

    def test_text_board(self, config):
        for game in self.probes(config):
            text = str(game)
            assert text.strip() and "\n" in text

    # -- bad input ---------------------------------------------------------------------------

    def test_illegal_actions_change_nothing(self, config):
        _, states = self.random_game(config, self.probe_seeds[1])
        others = {a for s in states[:: max(1, len(states) // 40)] for a in s.legal_actions()}
        for game in states[:: max(1, len(states) // 15)]:
            legal = set(game.legal_actions())
            before = snapshot(game)
            for action in sorted(others - legal, key=str)[:60]:
                with pytest.raises(IllegalActionError) as err:
                    game.apply(action)
                assert str(err.value), "the refusal says why"
                assert not game.is_legal(action)
                assert snapshot(game) == before
            for action in legal:
                assert game.is_legal(action)
            for junk in (None, "build", 3, ("buy", 0), object()):
                with pytest.raises(IllegalActionError):
                    game.apply(junk)
                assert snapshot(game) == before

    def test_fields_of_the_wrong_type_are_refused(self, config):
        _, states = self.random_game(config, self.probe_seeds[0])
        for game in states[:: max(1, len(states) // 10)]:
            before = snapshot(game)
            for action in game.legal_actions()[:20]:
                for field in dataclasses.fields(action):
                    for wrong in wrongly_typed(getattr(action, field.name)):
                        bad = dataclasses.replace(action, **{field.name: wrong})
                        with pytest.raises(IllegalActionError, match="malformed"):
                            game.apply(bad)
                        assert not game.is_legal(bad)
                        assert snapshot(game) == before

    def test_subclass_of_a_legal_action_is_refused(self, config):
        # Issue 26 item 6: only the game's own action classes are legal. A subclass may
        # write anything in its record (here another kind, which no record could replay);
        # one that writes the same is refused too, so a record always replays as played.
        def subclasses(cls: type) -> tuple[type, ...]:
            liar = type(
                f"Liar{cls.__name__}",
                (cls,),
                {"__slots__": (), "to_dict": lambda self: {**cls.to_dict(self), "type": "?"}},
            )
            lookalike = dataclasses.dataclass(frozen=True, slots=True)(
                type(f"Lookalike{cls.__name__}", (cls,), {})
            )
            return liar, lookalike

        made = {cls: subclasses(cls) for cls in self.game_class.ACTIONS}
        _, states = self.random_game(config, self.probe_seeds[0])
        for game in states[:: max(1, len(states) // 10)]:
            before = snapshot(game)
            legal = game.legal_actions()
            for action in legal[:: max(1, len(legal) // 10)]:
                fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
                for sub in made[type(action)]:
                    fake = sub(**fields)
                    with pytest.raises(IllegalActionError, match="subclass") as err:
                        game.apply(fake)
                    assert f"{type(action).__name__} itself" in str(err.value)
                    assert not game.is_legal(fake)
                    assert snapshot(game) == before
                assert game.is_legal(action)
            assert snapshot(self.game_class.from_json(game.to_json())) == before

    def test_actions_after_the_end_are_refused(self, config):
        game, states = self.random_game(config, 0)
        before = snapshot(game)
        for action in states[-1].legal_actions()[:5]:
            with pytest.raises(IllegalActionError, match="over"):
                game.apply(action)
        assert snapshot(game) == before

    def test_bad_options(self, config):
        with pytest.raises(OptionError, match="unknown option"):
            self.game_class(seed=1, colour_scheme="dark", **config)
        with pytest.raises(OptionError, match="seed"):
            self.game_class(seed="7", **config)
        with pytest.raises(OptionError, match="seed"):
            self.game_class(seed=1.5, **config)
        for players in (self.game_class.PLAYERS.start - 1, self.game_class.PLAYERS.stop, "3"):
            options = {**config, "players": players}
            with pytest.raises(OptionError, match="player"):
                self.game_class(seed=1, **options)

    def test_bad_records(self, config):
        game, _ = self.random_game(config, 1)
        record = json.loads(game.to_json())

        def refused(changed: Any, match: str) -> None:
            with pytest.raises(RecordError, match=match):
                self.game_class.from_json(json.dumps(changed))

        with pytest.raises(RecordError, match="JSON"):
            self.game_class.from_json("{not json")
        refused([1, 2], "object")
        refused({**record, "game": "chess"}, "chess")
        refused({**record, "version": 99}, "version")
        refused({k: v for k, v in record.items() if k != "seed"}, "seed")
        refused({**record, "seed": "x"}, "seed")
        refused({**record, "seed": None}, "seed")
        refused({**record, "options": {**record["options"], "turbo": True}}, "turbo")
        refused({**record, "actions": [{"type": "teleport"}]}, "action 1")
        refused({**record, "actions": [*record["actions"], record["actions"][-1]]}, "over")
        refused({**record, "actions": "all of them"}, "list")
        refused({**record, "extra": 1}, "extra")
        # a tampered action in the middle: replaying refuses it, naming its number
        middle = len(record["actions"]) // 2
        replay = self.game_class.from_json(
            json.dumps({**record, "actions": record["actions"][:middle]})
        )
        wrong = next(a for a in game.history if not replay.is_legal(a))
        tampered = [*record["actions"][:middle], wrong.to_dict(), *record["actions"][middle + 1 :]]
        with pytest.raises(RecordError, match=rf"action {middle + 1} "):
            self.game_class.from_json(json.dumps({**record, "actions": tampered}))

    def test_bad_positions(self, config):
        game = self.new(config, 2)
        position = game.position()
        for bad in (None, [], {**position, "game": "chess"}, {"game": self.game_class.NAME}):
            with pytest.raises(RecordError):
                self.game_class.from_position(bad)
        for key in position:
            if key in ("game",):
                continue
            broken = {k: v for k, v in position.items() if k != key}
            with pytest.raises(RecordError):
                self.game_class.from_position(broken)
