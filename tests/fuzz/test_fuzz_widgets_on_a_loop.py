"""Fuzzing the widgets with bots and Hint running on an event loop (issue 26).

A notebook runs an event loop: a widget's bots play in a task, each move after a
short pause, a search bot (or Hint) thinks in a worker thread, and the person can
press anything meanwhile. :class:`tests.fuzz.loop.LoopFuzz` does that on a real
running loop, with search bots and Hint on small budgets, and presses Hint, Stop,
New game…, Load, Undo, seat changes and clicks while a search is running. See its
docstring for what is checked after every event.

``make test`` runs a few cases; ``make fuzz`` (``FUZZ_SECONDS``) runs more in
proportion (:mod:`tests.fuzz.budget`).
"""

from __future__ import annotations

import asyncio
import datetime
import random
from collections.abc import Iterator
from typing import Any

import ipywidgets
import pytest

from railwidgets.core import search
from tests.fuzz.budget import cases
from tests.fuzz.common import game_part_played
from tests.fuzz.loop import LoopFuzz
from tests.fuzz.widgets import _game_class, buttons, widget_classes

WIDGETS = widget_classes()
#: Events per case: enough for several games' worth of New games, Loads and bot turns.
EVENTS = 100
#: Seconds a bot waits before its move on the loop (the widgets' own default is 0.6).
BOT_PAUSE = 0.002


def _ids(cls: type) -> str:
    return cls.__name__


@pytest.fixture
def small_searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every search bot (a Search bot seat at any level, Hint) thinks for at most the
    iterations last put in the list the fixture gives (a budget in seconds would make a
    run depend on the machine's speed more than it must, and a hard level is slow)."""
    budget = [20]
    original = search.SearchBot.__init__

    def init(self: search.SearchBot, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.iterations = min(self.iterations or budget[-1], budget[-1])

    monkeypatch.setattr(search.SearchBot, "__init__", init)
    yield budget


def _records(cls: type, seed: int) -> list[str]:
    """Records to Load: games of the widget's engine part-way played (some over)."""
    game_cls = _game_class(cls)
    assert game_cls is not None
    return [game_part_played(game_cls, seed * 10 + k).to_json() for k in range(3)]


def _maker(cls: type, seed: int, rng: random.Random) -> Any:
    """A widget with a random seat mix (a person at least, usually), bots pausing briefly."""
    game_cls = _game_class(cls)
    assert game_cls is not None
    players = rng.choice(list(game_cls.PLAYERS))
    kinds = list(cls.SEAT_CHOICES)
    seats = [rng.choice(kinds) for _ in range(players)]
    if rng.random() < 0.8 and "human" not in seats:
        seats[rng.randrange(players)] = "human"

    def make() -> Any:
        return cls(players=players, seed=seed, seats=seats, bot_pause=BOT_PAUSE)

    return make


@pytest.mark.parametrize("cls", WIDGETS, ids=_ids)
def test_bots_and_hints_on_a_running_loop_raise_nothing_and_keep_the_game_sound(
    cls: type, small_searches: list[int]
) -> None:
    done: dict[str, int] = {}
    for case in range(cases(2)):
        seed = f"{cls.__name__} loop {case}"
        rng = random.Random(seed)
        small_searches.append(rng.choice((5, 20, 60, 150)))
        fuzz = LoopFuzz(_maker(cls, case, rng), seed, _records(cls, case))
        fuzz.run(EVENTS)
        assert not fuzz.problems, f"case {case}:\n{fuzz.report()}"
        done = {k: done.get(k, 0) + v for k, v in fuzz.counts.items()}
    print(f"{cls.__name__} on a running loop: {done}")
    # what the fuzz is for happened: hints asked, games replaced while a search ran, and the
    # Hint button checked on an idle widget with a person to play
    wanted = ("hints", "replaced while busy", "moves", "idle, a person to play")
    assert all(done[k] for k in wanted), done


def _upload(w: Any, record: str) -> None:
    content = record.encode()
    upload = next(c for c in _all(w) if isinstance(c, ipywidgets.FileUpload))
    upload.value = [
        {
            "name": "game.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC),
        }
    ]


def _all(w: Any) -> Iterator[Any]:
    todo = [w]
    while todo:
        item = todo.pop()
        yield item
        todo.extend(getattr(item, "children", ()) or ())


def _press(w: Any, label: str) -> None:
    button = next(b for b in buttons(w) if b.description == label)
    assert not button.disabled, f"{label} is disabled"
    button.click()


@pytest.mark.parametrize("cls", WIDGETS, ids=_ids)
@pytest.mark.parametrize("then", ["New game", "Load", "New game, another seed"])
def test_item5_a_hint_that_finishes_after_new_game_or_load_is_not_applied(
    cls: type, then: str, small_searches: list[int]
) -> None:
    """A person asks for a hint at the first move and, without waiting for it, plays their
    turn; a bot starts thinking; then New game with the same seed (or Load of the game's own record)
    brings the same first move back. The old hint belongs to the game and the moment it
    was asked for: it is not shown nor picked, its task ends quietly, Hint works again."""
    small_searches.append(250)  # still thinking when the game changes
    died: list[Any] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _, context: died.append(context.get("exception")))
        tasks: list[asyncio.Task[Any]] = []
        loop.set_task_factory(
            lambda loop, coro: tasks.append(asyncio.Task(coro, loop=loop)) or tasks[-1]
        )
        game_cls = _game_class(cls)
        assert game_cls is not None
        players = min(p for p in game_cls.PLAYERS if p > 1)
        first = game_cls(players=players, seed=3).current_player
        seats = ["search"] * players
        seats[first] = "human"
        w = cls(players=players, seed=3, seats=seats, bot_pause=BOT_PAUSE)
        record = w.game.to_json()
        try:
            _press(w, "Hint")
            assert len(tasks) == 1 and not tasks[0].done(), "Hint made no task"
            hint_task = tasks[0]
            while w.game.current_player == first:  # the person does not wait for the hint
                w.play(w.game.legal_actions()[-1])  # (Off the Rails: the side, End actions)
            for _ in range(5000):  # until the next seat's bot is thinking
                if "is thinking" in w.status.value:
                    break
                await asyncio.sleep(0.001)
            assert "is thinking" in w.status.value, "no bot started thinking"
            if then.startswith("New game"):
                other = next(
                    s
                    for s in range(4, 100)
                    if game_cls(players=players, seed=s).current_player == first
                )
                _press(w, "New game…")
                seed = next(c for c in _all(w) if getattr(c, "description", "") == "Seed")
                seed.value = "3" if then == "New game" else str(other)
                _press(w, "Start")
            else:
                _upload(w, record)
            if then != "New game, another seed":
                assert w.game.to_json() == record  # the first move again: the hint would fit
            assert w.game.current_player == first and not w.game.history
            done, _ = await asyncio.wait({hint_task}, timeout=120)
            assert done, "the hint never ended"
            if not hint_task.cancelled() and hint_task.exception() is not None:
                died.append(hint_task.exception())
            await asyncio.sleep(0)
            assert not died, f"the hint's task died: {died!r}"
            assert "Hint:" not in w.status.value, w.status.value
            assert not w.choice.picks, f"the old hint was picked: {w.choice.picks}"
            hint = next(b for b in buttons(w) if b.description == "Hint")
            assert not hint.disabled, "the Hint button stays disabled"
        finally:
            w.close()

    asyncio.run(main())
