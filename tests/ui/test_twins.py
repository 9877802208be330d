"""The twin check (issue 26): a widget tells the device nothing its seat may not know.

Two games that differ only in hidden things are shown by two widgets and driven
by the same script of clicks, keys and buttons (Save, Hint, Undo, Rules, Ready,
New game… included). Until the rules reveal the difference, both devices must be
sent exactly the same widget state and canvas commands (:mod:`tests.ui.twins`
records and compares them).

What may differ, and from when (the *reveal*), for each game:

- **Mini Rails**: the twins share their position and differ in the seed, which
  fixes every future draw from the bag. The next round's market is drawn from the
  bag when a round ends (§2.7, draw phase): that step reveals the difference.
- **Twisty Tracks**: the twins differ in the order of the face-down stacks below
  what the seat at the device has drawn, in the other seats' drawn tiles (a bot's
  secret placement follows from it) and in the seed; or, in hot-seat, in one
  person's secret placement (R25). When a round's last seat places, every
  placement is revealed (R25, §2.18) and the next tiles are drawn (R26): that
  step reveals it.
- **Off the Rails**: the twins differ in the deposit deck, the bag, the removed
  cards, the mission deck and the seed (§2.16: all hidden); or, in hot-seat, in how
  the hit cart's owner split its load (§2.7.5, C-5). The deposit phase turns the
  top card over and draws from the bag (§2.9); the blind pick drops one pile
  (§2.7.5): each reveals it.

Bots get an explicit bot seed (the same in both twins, ``bot_seed``: bots and
Hint must not draw their randomness from anything their seat cannot see, issue
26 item 3), and Hint thinks for a fixed number of iterations here (a budget in
seconds would make it think more or less in each twin).
"""

from __future__ import annotations

import datetime
import inspect
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets
import pytest

from railwidgets import (
    MiniRailsWidget,
    OffTheRailsWidget,
    TwistyTracksWidget,
    minirails,
    offtherails,
    twistytracks,
)
from railwidgets.core import search
from railwidgets.core.game import Game
from railwidgets.offtherails import scenarios
from tests.ui.twins import Step, run_twins

#: The iterations Hint's search runs for in these tests (not seconds: the same work in both twins).
HINT_ITERATIONS = 40
#: The explicit bot seed both twins' bots are given.
BOT_SEED = 2026


@pytest.fixture(autouse=True)
def hints_by_iterations(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every search bot made without ``iterations`` thinks for :data:`HINT_ITERATIONS`."""
    original = search.SearchBot.__init__

    def init(self: search.SearchBot, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        if self.iterations is None:
            self.iterations = HINT_ITERATIONS

    monkeypatch.setattr(search.SearchBot, "__init__", init)
    yield


def _widget(cls: type, seats: list[str]) -> Callable[[Game], Any]:
    """A maker of a widget showing a game with these seats: it plays at once (no
    animation, no pause), its bots seeded with :data:`BOT_SEED`."""

    def make(game: Game) -> Any:
        extra: dict[str, Any] = {"bot_pause": 0, "animate": False}
        if "bot_seed" in inspect.signature(cls).parameters:
            extra["bot_seed"] = BOT_SEED
        return cls(game=game, seats=seats, **extra)

    return make


def _twins(
    games: tuple[Game, Game], make: Callable[[Game], Any], script: list[Step], blind: list[int]
) -> None:
    """Run the twins (:func:`tests.ui.twins.run_twins`); fail listing every step that differed."""
    run = run_twins(games, make, script, blind=blind)
    if run.differences:
        pytest.fail(
            "the twins' devices were sent different things:\n" + run.report(), pytrace=False
        )


def _press(description: str) -> Callable[[Any], None]:
    """Press the control with this description (a button, or the Rules toggle)."""

    def press(w: Any) -> None:
        for item in _controls(w):
            if getattr(item, "description", None) == description:
                if hasattr(item, "click"):
                    item.click()
                else:
                    item.value = not item.value
                return
        raise AssertionError(f"no control {description!r}")

    return press


def _controls(w: Any) -> Iterator[Any]:
    """Every widget in ``w``, parents first."""
    todo = [w]
    while todo:
        item = todo.pop(0)
        yield item
        todo += list(getattr(item, "children", ()) or ())


def _key(key: str) -> Callable[[Any], None]:
    """A key pressed while the board has focus."""
    return lambda w: w.key(key)


def _set(description: str, value: Any) -> Callable[[Any], None]:
    """Set the value of the box with this description (a setting of New game…)."""

    def set_value(w: Any) -> None:
        for item in _controls(w):
            if isinstance(item, ipywidgets.ValueWidget) and item.description == description:
                item.value = value
                return
        raise AssertionError(f"no box {description!r}")

    return set_value


def _nothing(w: Any) -> None:
    """The person does nothing here (the other twin's person does something)."""


def _upload(record: str) -> Callable[[Any], None]:
    """Load: the browser hands the widget this saved game."""
    content = record.encode()

    def load(w: Any) -> None:
        upload = next(c for c in _controls(w) if isinstance(c, ipywidgets.FileUpload))
        upload.value = [
            {
                "name": "game.json",
                "type": "application/json",
                "size": len(content),
                "content": memoryview(content),
                "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC),
            }
        ]

    return load


def _new_game_steps(players: int, typed_seed: int, other_players: int) -> list[Step]:
    """New game…: open the settings, change the players, cancel; open again, type a seed, Start.

    A seed the person typed is theirs to see: after Start both twins play the same game.
    """
    return [
        Step("New game…", _press("New game…")),
        Step("players changed in the settings", _set("Players", other_players)),
        Step("Cancel", _press("Cancel")),
        Step("New game… again", _press("New game…")),
        Step("players back", _set("Players", players)),
        Step("a seed typed", _set("Seed", str(typed_seed))),
        Step("Start", _press("Start")),
    ]


# -- Twisty Tracks ----------------------------------------------------------------------------------


def _twisty_twin(position: dict[str, Any], shown: dict[int, int], rng: random.Random) -> Any:
    """``position`` with each seat's stack shuffled below its top ``shown[seat]`` tiles (R22:
    the stacks are face down; the top tile is the one drawn this round)."""
    twin = json.loads(json.dumps(position))
    for seat, entry in enumerate(twin["players"]):
        keep = shown.get(seat, 0)
        stack = entry["stack"]
        hidden = stack[keep:]
        while hidden == stack[keep:] and len(hidden) > 1:
            hidden = rng.sample(hidden, len(hidden))
        entry["stack"] = stack[:keep] + hidden
    return twin


def _twisty_games(seed: int, shown: dict[int, int]) -> tuple[Game, Game]:
    start = twistytracks.Game(players=2, seed=seed).position()
    twin = _twisty_twin(start, shown, random.Random(seed))
    return (
        twistytracks.Game.from_position(start, seed=seed * 10 + 1),
        twistytracks.Game.from_position(twin, seed=seed * 10 + 2),
    )


def _lit(index: int) -> Callable[[Any], None]:
    """Click the ``index``-th lit space of the person's frame."""

    def click(w: Any) -> None:
        lit = w.lit()
        assert lit, "no space is lit"
        w.click(*w.cell_centre(lit[index]))

    return click


def test_twins_twisty_tracks_one_person_against_a_bot() -> None:
    """A bot places first (its tile and its place are its secret), then the person: nothing
    of the bot's tile, nor of anyone's next tiles, reaches the person before the round ends."""
    games = _twisty_games(3, {1: 1})  # the person, seat 1, has drawn the same tile in both
    assert games[0].view(0) != games[1].view(0)  # the bot has not
    script = [
        Step("Rules", _press("Rules")),
        Step("Stop bots", _press("Stop bots")),
        Step("Run bots", _press("Run bots")),
        Step("click a lit space", _lit(0)),
        Step("key r", _key("r")),
        Step("Hint", _press("Hint")),
        Step("Esc", _key("Escape")),
        Step("click another lit space", _lit(-1)),
        Step("Rotate left", _press("Rotate left")),
        Step("Save", _press("Save")),
        Step("Undo (nothing of yours to take back)", _press("Undo")),
        Step("key q (no such key)", _key("q")),
        Step("click off every target", lambda w: w.click(3, 3)),
        Step("New game…", _press("New game…")),
        Step("Cancel", _press("Cancel")),
        Step("Place (Enter): the round ends", _key("Enter"), reveals=True),
    ]
    _twins(games, _widget(TwistyTracksWidget, ["greedy", "human"]), script, blind=[1])


def test_twins_twisty_tracks_hot_seat_a_secret_placement() -> None:
    """Two people: the first places in secret (differently in each twin), the cover goes up,
    the second presses Save, Hint, Undo, Ready and plays: nothing of the first's placement
    (nor of any stack) reaches the second before the round is revealed."""
    games = _twisty_games(8, {0: 1, 1: 1})
    script = [
        Step("Rules", _press("Rules")),
        Step("the first person clicks a space", _lit(0), other=_lit(-1), private=True),
        Step("and turns the tile", _key("r"), other=_nothing, private=True),
        Step("and places it (Enter)", _key("Enter"), private=True),
        Step("Save under the cover", _press("Save")),
        Step("a click on the cover", lambda w: w.click(200, 200)),
        Step("Hint under the cover", _press("Hint")),
        Step("Undo under the cover", _press("Undo")),
        Step("Ready", _press("Ready")),
        Step("Save", _press("Save")),
        Step("click a lit space", _lit(0)),
        Step("Hint", _press("Hint")),
        Step("Undo (nothing of yours)", _press("Undo")),
        Step("key r", _key("r")),
        Step("Place: the round ends", _press("Place"), reveals=True),
    ]
    _twins(games, _widget(TwistyTracksWidget, ["human", "human"]), script, blind=[1])


def test_twins_twisty_tracks_new_game_and_load() -> None:
    """New game… with the seed box empty: the machine draws a seed the person may not see
    (another in each twin, both games showing the person the same tile); then a typed seed,
    and a saved game loaded: the same game in both twins from there on."""
    games = _twisty_games(4, {0: 1})
    first, second = 100, 110  # two seeds whose games seat 0 cannot tell apart (R22)
    assert twistytracks.Game(players=2, seed=first).view(0) == twistytracks.Game(
        players=2, seed=second
    ).view(0)
    assert (
        twistytracks.Game(players=2, seed=first).position()
        != twistytracks.Game(players=2, seed=second).position()
    )
    saved = twistytracks.Game(players=2, seed=5)
    saved.apply(saved.legal_actions()[3])
    script = [
        Step("New game…", _press("New game…")),
        Step("players changed in the settings", _set("Players", 3)),
        Step("Cancel", _press("Cancel")),
        Step("New game… again", _press("New game…")),
        Step("players back", _set("Players", 2)),
        Step("Start (no seed typed)", _start_with_seed(first), other=_start_with_seed(second)),
        Step("click a lit space", _lit(0)),
        Step("Hint", _press("Hint")),
        Step("Save", _press("Save")),
        Step("New game… once more", _press("New game…")),
        Step("a seed typed", _set("Seed", "42")),
        Step("Start: the typed seed's game", _press("Start")),
        Step("click a lit space", _lit(-1)),
        Step("Load a saved game", _upload(saved.to_json())),
        Step("Hint", _press("Hint")),
        Step("key r", _key("r")),
        Step("Place: the round ends", _key("Enter")),
    ]
    _twins(games, _widget(TwistyTracksWidget, ["human", "greedy"]), script, blind=[0])


def _start_with_seed(seed: int) -> Callable[[Any], None]:
    """Press Start with the seed box empty while the machine's random seed comes out as ``seed``."""

    def start(w: Any) -> None:
        from railwidgets.core import game as game_module

        drawn = game_module.secrets
        game_module.secrets = _Drawn(seed)  # type: ignore[assignment]
        try:
            box = next(c for c in _controls(w) if getattr(c, "description", None) == "Seed")
            assert box.value == "", "a seed is typed"
            _press("Start")(w)
        finally:
            game_module.secrets = drawn

    return start


class _Drawn:
    """A stand-in for the ``secrets`` module whose random bits come out as one number."""

    def __init__(self, value: int) -> None:
        self.value = value

    def randbits(self, k: int) -> int:
        return self.value


# -- Mini Rails ---------------------------------------------------------------------------------------


def _market(index: int) -> Callable[[Any], None]:
    """Click the ``index``-th disc that may be taken from the market."""

    def click(w: Any) -> None:
        slots = w.choice.options("slot")
        assert slots, "no disc may be taken"
        w.click(*w.board_layout.market_slot_centre(slots[index]))

    return click


def _lit_hex(index: int) -> Callable[[Any], None]:
    """Click the ``index``-th lit hex."""

    def click(w: Any) -> None:
        targets = w.targets()
        assert targets, "no hex is lit"
        w.click(*w.board_layout.hex_centre(targets[index].hex))

    return click


def _mini_rails_games() -> tuple[Game, Game]:
    """Two games at the same position whose seeds, and so whose future draws, differ."""
    start = minirails.Game(players=3, seed=7).position()
    return (
        minirails.Game.from_position(start, seed=1),
        minirails.Game.from_position(start, seed=2),
    )


#: The seats of the Mini Rails twins: the person plays second and fifth in round 1 (§2.7).
MINI_RAILS_SEATS = ["human", "random", "greedy"]


def test_twins_mini_rails_one_person_against_bots() -> None:
    """Bots take their turns before and after the person's; Undo, Redo, Hint, Save:
    nothing of the bag's future draws reaches the device before the round ends."""
    script = [
        Step("Rules", _press("Rules")),
        Step("click a disc", _market(0)),
        Step("key t (Build)", _key("t")),
        Step("Hint", _press("Hint")),
        Step("Esc", _key("Escape")),
        Step("Esc again", _key("Escape")),
        Step("click a disc", _market(0)),
        Step("Build", _press("Build")),
        Step("click a lit hex: the bots play on", _lit_hex(0)),
        Step("Undo", _press("Undo")),
        Step("Redo", _press("Redo")),
        Step("Save", _press("Save")),
        Step("Hint", _press("Hint")),
        Step("key x (no such key)", _key("x")),
        Step("Stop bots", _press("Stop bots")),
        Step("Run bots", _press("Run bots")),
        Step("New game…", _press("New game…")),
        Step("Cancel", _press("Cancel")),
        Step("click a disc", _market(-1)),
        Step("key b (Buy): the round ends", _key("b"), reveals=True),
    ]
    _twins(_mini_rails_games(), _widget(MiniRailsWidget, MINI_RAILS_SEATS), script, blind=[0])


def test_twins_mini_rails_new_game_and_load() -> None:
    """New game… with a typed seed, then a saved game loaded: the same game in both twins."""
    saved = minirails.Game(players=3, seed=5)
    for _ in range(4):
        saved.apply(saved.legal_actions()[0])
    script = [
        *_new_game_steps(3, 42, 4),
        Step("click a disc", _market(0)),
        Step("Hint", _press("Hint")),
        Step("key b (Buy)", _key("b")),
        Step("Load a saved game", _upload(saved.to_json())),
        Step("Save", _press("Save")),
        Step("click a disc", _market(0)),
        Step("key t (Build)", _key("t")),
    ]
    _twins(_mini_rails_games(), _widget(MiniRailsWidget, MINI_RAILS_SEATS), script, blind=[0])


# -- Off the Rails --------------------------------------------------------------------------------------


def _square(square: tuple[int, int]) -> Callable[[Any], None]:
    """Click the middle of a square of the mine (or of a starting track)."""
    return lambda w: w.click(*w.board_layout.centre(square))


def _off_the_rails_games(start: Game, seat: int) -> tuple[Game, Game]:
    """``start`` and a game ``seat`` cannot tell from it: every hidden thing drawn afresh
    (the deposit deck, the removed cards, the chasm deck, the bag, the mission deck, §2.16),
    and another seed. Both start from their positions, so neither has a log the other lacks."""
    first = offtherails.Game.from_position(start.position(), seed=5)
    second = offtherails.Game.from_position(
        offtherails.Game.from_view(start.view(seat), seed=6).position(), seed=6
    )
    assert first.position() != second.position()
    return first, second


def _split(which: int) -> Callable[[Any], None]:
    """Press the ``which``-th way to split the hit cart's load (the owner's secret, C-5)."""

    def press(w: Any) -> None:
        splits = [
            c
            for c in _controls(w)
            if isinstance(c, ipywidgets.Button) and c.description.startswith("A:")
        ]
        assert splits, "no split is offered"
        splits[which].click()

    return press


def test_twins_off_the_rails_one_person_against_a_bot() -> None:
    """The person chooses a side and plays a turn (a cart, a tile, Undo, Redo, Hint, Save):
    nothing of the deck, the bag or the mission deck reaches the device before the
    deposit phase turns a card over."""
    games = _off_the_rails_games(offtherails.Game(players=2, seed=5), 1)  # seat 1 plays first
    script = [
        Step("Rules", _press("Rules")),
        Step("Side N: Red", _press("Side N: Red")),
        Step("Place cart", _press("Place cart")),
        Step("click a starting track", _square((-1, 4))),
        Step("white cart", _press("white cart")),
        Step("Place straight", _press("Place straight")),
        Step("click a square", _square((0, 4))),
        Step("key r (Rotate)", _key("r")),
        Step("Confirm (Enter)", _key("Enter")),
        Step("Undo", _press("Undo")),
        Step("Redo", _press("Redo")),
        Step("Hint", _press("Hint")),
        Step("Esc", _key("Escape")),
        Step("Save", _press("Save")),
        Step("key x (no such key)", _key("x")),
        Step("New game…", _press("New game…")),
        Step("Cancel", _press("Cancel")),
        Step("End actions: the deposit phase", _press("End actions"), reveals=True),
    ]
    _twins(games, _widget(OffTheRailsWidget, ["greedy", "human"]), script, blind=[0, 1])


def test_twins_off_the_rails_hot_seat_a_secret_split() -> None:
    """Red's cart runs into Green's loaded cart; Green splits the load in secret (another way
    in each twin); the cover goes up; Red presses Save, Hint, Undo, Ready: nothing of the
    split reaches Red before Red's blind pick drops a pile."""
    games = _off_the_rails_games(scenarios.rear_end(), 0)
    script = [
        Step("Rules", _press("Rules")),
        Step("Save", _press("Save")),
        Step("End actions: the carts collide", _press("End actions")),
        Step("Hint under the cover", _press("Hint")),
        Step("Green: Ready", _press("Ready")),
        Step("Green splits the load", _split(0), other=_split(-1), private=True),
        Step("Save under the cover", _press("Save")),
        Step("a click on the cover", _square((5, 3))),
        Step("Undo under the cover", _press("Undo")),
        Step("Red: Ready", _press("Ready")),
        Step("Save", _press("Save")),
        Step("Undo (Green decided since)", _press("Undo")),
        Step("Hint", _press("Hint")),
        Step("Esc", _key("Escape")),
        Step("Pile A: it drops", _press("Pile A"), reveals=True),
    ]
    _twins(games, _widget(OffTheRailsWidget, ["human", "human"]), script, blind=[0])


def test_twins_off_the_rails_new_game_and_load() -> None:
    """New game… with a typed seed, then a saved game loaded: the same game in both twins."""
    games = _off_the_rails_games(offtherails.Game(players=2, seed=5), 1)
    saved = offtherails.Game(players=2, seed=9)
    for _ in range(3):
        saved.apply(saved.legal_actions()[0])
    script = [
        *_new_game_steps(2, 42, 3),
        Step("Hint", _press("Hint")),
        Step("Load a saved game", _upload(saved.to_json())),
        Step("Save", _press("Save")),
        Step("Hint", _press("Hint")),
        Step("End actions", _press("End actions")),
    ]
    _twins(games, _widget(OffTheRailsWidget, ["greedy", "human"]), script, blind=[0, 1])


# -- the check itself ------------------------------------------------------------------------------------


class _ShowsTheStacks(TwistyTracksWidget):
    """A broken widget: its board shows the whole position (every stack's top tile)."""

    def data(self) -> Any:
        return self.game.position()


class _SaysTheSeed(TwistyTracksWidget):
    """A broken widget: its status line names the seed."""

    def prompt(self) -> str:
        return f"{super().prompt()} (seed {self.game.seed})"


class _ListsSecrets(TwistyTracksWidget):
    """A broken widget: "since your turn" lists the other person's secret placement."""

    def is_secret(self, seat: int, action: Any, viewer: int | None) -> bool:
        return False


@pytest.mark.parametrize(
    ("broken", "where"),
    [(_ShowsTheStacks, "the widget opens"), (_SaysTheSeed, "the widget opens")],
)
def test_the_twin_check_sees_a_secret_on_the_canvas_or_in_a_text(broken: type, where: str) -> None:
    games = _twisty_games(3, {1: 1})
    run = run_twins(games, _widget(broken, ["greedy", "human"]), [], blind=[1])
    assert run.differences and run.differences[0].label == where, run.report()
    assert run.messages > 100  # every widget's opening and the board's drawing were recorded


class _TellsThePlacement(TwistyTracksWidget):
    """A broken widget: the status line, left under the cover, tells where the tile went."""

    def full_prompt(self) -> str:
        history = self.game.history
        return f"Played: {history[-1]}. {super().full_prompt()}" if history else ""


def test_the_twin_check_sees_a_secret_left_on_the_screen_after_a_private_step() -> None:
    script = [
        Step("the first person clicks a space", _lit(0), other=_lit(-1), private=True),
        Step("and places it (Enter)", _key("Enter"), private=True),
        Step("Ready", _press("Ready")),
    ]
    games = _twisty_games(8, {0: 1, 1: 1})
    run = run_twins(games, _widget(_TellsThePlacement, ["human", "human"]), script, blind=[1])
    assert run.differences, "the status line under the cover was not seen"
    first = run.differences[0]
    assert first.label == "after the first person clicks a space, and places it (Enter)"
    assert "HTMLModel" in first.what and "places T" in first.what
    games = _twisty_games(8, {0: 1, 1: 1})
    run = run_twins(games, _widget(_ListsSecrets, ["human", "human"]), script, blind=[1])
    assert [d.label for d in run.differences] == ["Ready"], run.report()
