"""Driving a game widget on a running event loop, as a notebook does: bots and Hint as tasks.

:class:`LoopFuzz` makes a widget inside a running loop (so its bots play in a task,
each move after ``bot_pause``, and Hint searches in a worker thread) and does random
things to it, chosen by a seeded ``random.Random``: waits of a few milliseconds,
clicks, buttons (Hint, Stop/Run bots, Undo, Redo, Save, Ready, the game's own),
keys, seat changes, moves (what Confirm does), New game… + Start, and Load — often
right after Hint or while a bot is thinking, so that they land while a search is
running. Each event draws from a generator of its own (the run's seed and the
event's number), so what is intended at each event is fixed by the seed; where a
search is when it lands depends on the threads.

After every event it checks:

- no exception escaped a task (each task the loop made is watched to its end, and
  the loop's exception handler collects the rest);
- the game is its record: ``Game.from_json(game.to_json())`` has its position;
- a hint that finishes after its game was replaced (New game, Load) or moved on is
  not applied: the status line does not show it (issue 26, item 5);

and, whenever the widget is idle (no task left running), that the Hint button is
enabled exactly when a person may ask for a hint: a person's turn, no cover, the
game not over.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import random
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import ipywidgets

from railwidgets.core.game import Game
from tests.fuzz.widgets import buttons, canvas_size, controls, option_values

#: Keys a person may press on the board (the games' own, Esc, Enter, and one that does nothing).
KEYS = ("r", "t", "b", "Escape", "Enter", "x")
#: Waits between events, in seconds: none (the next event lands at once), or a little.
WAITS = (0, 0, 0, 0.001, 0.003, 0.01, 0.03)
#: How long a widget may take to become idle once bots are stopped (a hang otherwise).
IDLE_WITHIN = 60.0


@dataclass
class _HintAsked:
    """A hint task, with the game and the moment it was asked for."""

    task: asyncio.Task[Any]
    game: Game
    moment: int
    index: int  # the event that asked for it


@dataclass
class LoopFuzz:
    """One widget driven on a running loop (see the module docstring)."""

    make: Callable[[], Any]
    seed: str
    records: list[str]
    events: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    widget: Any = None
    rng: random.Random = field(default_factory=random.Random)
    _tasks: list[asyncio.Task[Any]] = field(default_factory=list)
    _seen_done: set[int] = field(default_factory=set)
    _hints: list[_HintAsked] = field(default_factory=list)
    _fresh_hint_after: int = -1  # the last event whose own hint finished and showed
    #: What the run did: hints asked, hints that ended after their game was replaced or
    #: moved on, New games and Loads done while a task was running, moves played.
    counts: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            (
                "hints",
                "stale hints",
                "replaced while busy",
                "moves",
                "busy events",
                "idle, a person to play",
            ),
            0,
        )
    )

    # -- the loop -------------------------------------------------------------------------

    def run(self, events: int) -> None:
        """Make the widget and do ``events`` things to it, on a fresh running loop."""
        asyncio.run(self._main(events))

    async def _main(self, events: int) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._loop_exception)
        factory = loop.get_task_factory()

        def watch(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any]) -> Any:
            task = factory(loop, coro) if factory is not None else asyncio.Task(coro, loop=loop)
            self._tasks.append(task)
            return task

        loop.set_task_factory(watch)  # type: ignore[arg-type]
        self.widget = self.make()
        try:
            for index in range(events):
                await self._event(index)
                await asyncio.sleep(0)
                self._check(f"event {index}")
                if self.problems:
                    return
                if index % 10 == 9:
                    await self._idle_check()
                    if self.problems:
                        return
            await self._idle_check()
        finally:
            with contextlib.suppress(Exception):
                self.widget.close()
            for task in self._tasks:
                if not task.done():
                    task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
            self._check("the end")

    def _loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        self.problems.append(
            f"the loop reported: {context.get('message')} {context.get('exception')!r}"
        )

    # -- checks ---------------------------------------------------------------------------

    def _check(self, when: str) -> None:
        for task in self._tasks:
            if task.done() and id(task) not in self._seen_done:
                self._seen_done.add(id(task))
                if not task.cancelled() and task.exception() is not None:
                    err = task.exception()
                    self.problems.append(f"{when}: a task died with {err!r}")
        game = self.widget.game
        replayed = type(game).from_json(game.to_json())
        if replayed.position() != game.position():
            self.problems.append(f"{when}: the game is not what its record replays to")

    def _hint_done(self, asked: _HintAsked) -> None:
        """A hint task ended: a stale one must not show (item 5)."""
        task = asked.task
        if task.cancelled() or task.exception() is not None:
            return  # a dead task is reported by _check
        game = self.widget.game
        stale = game is not asked.game or len(game.history) != asked.moment
        if not stale:
            if "Hint:" in self.widget.status.value:
                self._fresh_hint_after = max(self._fresh_hint_after, asked.index)
            return
        self.counts["stale hints"] += 1
        fresh_since = self._fresh_hint_after > asked.index
        if "Hint:" in self.widget.status.value and not fresh_since:
            changed = (
                "a new game replaced the game"
                if game is not asked.game
                else f"the game moved on from move {asked.moment} to {len(game.history)}"
            )
            self.problems.append(
                f"a hint asked for at event {asked.index} was shown after {changed}: "
                f"{self.widget.status.value!r}"
            )

    async def _idle_check(self) -> None:
        """Stop the bots, wait until no task runs, let a person take over the seat to play,
        and check the Hint button (item 5)."""
        w = self.widget
        stop = [b for b in buttons(w) if b.description == "Stop bots" and not b.disabled]
        if stop:
            stop[0].click()
            self.events.append("press 'Stop bots' (to check the idle widget)")
        waited = 0.0
        while self._working() and waited < IDLE_WITHIN:
            await asyncio.sleep(0.01)
            waited += 0.01
        self._check("idle")
        if self._working():
            self.problems.append(f"a task still runs {IDLE_WITHIN:.0f} s after the bots stopped")
            return
        game = w.game
        seat = game.current_player
        if seat is not None and w.seats[seat] != "human":  # a person takes the seat over
            for box in controls(w):
                if (
                    isinstance(box, ipywidgets.Dropdown)
                    and "human" in option_values(box)
                    and str(box.description).startswith(f"{seat + 1} ")
                ):
                    box.value = "human"
                    self.events.append(f"seat {box.description!r} set to 'human' (idle check)")
                    break
            await asyncio.sleep(0)
            self._check("idle, a person took a seat over")
        hint = next(b for b in buttons(w) if b.description == "Hint")
        seat = game.current_player
        person = seat is not None and w.seats[seat] == "human"
        if getattr(w, "table", None) is not None:  # at a table: only this page's seat
            person = seat is not None and seat == w.table.seat
        covered = any(b.description == "Ready" and b.layout.display != "none" for b in buttons(w))
        may_ask = person and not covered and not game.is_over
        self.counts["idle, a person to play"] += may_ask
        if hint.disabled == may_ask:
            state = "disabled" if hint.disabled else "enabled"
            self.problems.append(
                f"idle: the Hint button is {state} (a person's turn: {person}, "
                f"covered: {covered}, over: {game.is_over})"
            )

    # -- events ---------------------------------------------------------------------------

    def _busy(self) -> bool:
        return bool(self._working())

    def _working(self) -> list[asyncio.Task[Any]]:
        """The tasks still at work, less a table's poll (it runs as long as the widget
        sits at a table: New game… → Play at a table)."""
        poll = getattr(self.widget, "_table_task", None)
        return [t for t in self._tasks if not t.done() and t is not poll]

    async def _event(self, index: int) -> None:
        # each event draws from its own generator: a run that went another way earlier
        # (a thread finished sooner) still intends the same things from here on
        rng = self.rng = random.Random(f"{self.seed} {index}")
        wait = rng.choice(WAITS)
        just_hinted = bool(self._hints) and self._hints[-1].index == index - 1
        if just_hinted and rng.random() < 0.7:  # a new game at once, the hint still thinking
            wait = 0
        if wait:
            await asyncio.sleep(wait)
        busy = self._busy()
        self.counts["busy events"] += busy
        roll = rng.random()
        if just_hinted and not wait:
            what = rng.choice(("new game", "load"))
        # while a search runs, more often the things that should stop or outdate it
        elif busy and roll < 0.45:
            what = rng.choice(
                ("new game", "load", "undo", "stop", "hint", "seat", "redo", "play", "play")
            )
        elif roll < 0.1:
            what = "play"
        elif roll < 0.35:
            what = "click"
        elif roll < 0.55:
            what = "button"
        elif roll < 0.65:
            what = "hint"
        elif roll < 0.72:
            what = "key"
        elif roll < 0.78:
            what = "seat"
        elif roll < 0.84:
            what = "new game"
        elif roll < 0.89:
            what = "load"
        elif roll < 0.94:
            what = "undo"
        else:
            what = "stop"
        game = self.widget.game
        done = self._do(what, index)
        if busy and what in ("new game", "load") and self.widget.game is not game:
            self.counts["replaced while busy"] += 1
        self.events.append(f"{index}: {done}{' (busy)' if busy else ''}")

    def _do(self, what: str, index: int) -> str:
        w, rng = self.widget, self.rng
        if what == "click":
            width, height = canvas_size(w)
            x, y = rng.uniform(0, width), rng.uniform(0, height)
            w.click(x, y)
            return f"click({x:.0f}, {y:.0f})"
        if what == "key":
            key = rng.choice(KEYS)
            w.key(key)
            return f"key {key!r}"
        if what == "seat":
            seats = [  # the seats of the game on screen, and those of New game…
                c
                for c in controls(w)
                if isinstance(c, ipywidgets.Dropdown) and "human" in option_values(c)
            ]
            if seats:
                dropdown = rng.choice(seats)
                dropdown.value = rng.choice(option_values(dropdown))
                return f"seat {dropdown.description!r} set to {dropdown.value!r}"
            return "no seat to set"
        if what == "play":
            return self._play()
        if what == "new game":
            return self._new_game()
        if what == "load":
            return self._load()
        named = {"undo": "Undo", "redo": "Redo", "hint": "Hint"}
        if what in named:
            return self._press(named[what], index)
        if what == "stop":
            label = rng.choice(("Stop bots", "Run bots"))
            return self._press(label, index)
        enabled = [b for b in buttons(w) if not b.disabled]
        if not enabled:
            return "no button enabled"
        button = rng.choice(enabled)
        return self._press(button.description, index, button)

    def _play(self) -> str:
        """The person to decide decides at once (what Confirm does once every part is picked)."""
        w = self.widget
        seat = w.game.current_player
        covered = any(b.description == "Ready" and b.layout.display != "none" for b in buttons(w))
        if seat is None or w.seats[seat] != "human" or covered:
            return "nobody at the device may decide"
        action = self.rng.choice(w.game.legal_actions())
        w.play(action)
        self.counts["moves"] += 1
        return f"play {action}"

    def _press(self, label: str, index: int, button: Any = None) -> str:
        w = self.widget
        if button is None:
            found = [b for b in buttons(w) if b.description == label]
            if not found:
                return f"no {label!r} button"
            button = found[0]
        if button.disabled:
            return f"{label!r} is disabled"
        before = len(self._tasks)
        game, moment = w.game, len(w.game.history)
        button.click()
        if label == "Hint":
            self.counts["hints"] += 1
            for task in self._tasks[before:]:
                asked = _HintAsked(task, game, moment, index)
                self._hints.append(asked)
                task.add_done_callback(lambda _, asked=asked: self._hint_done(asked))
        return f"press {label!r}"

    def _new_game(self) -> str:
        w = self.widget
        settings = [b for b in buttons(w) if b.description == "New game…"]
        start = [b for b in buttons(w) if b.description == "Start"]
        if not settings or not start:
            return "no New game…"
        if start[0].disabled or settings[0].disabled:
            return "New game… is disabled"
        seed_boxes = [
            c for c in controls(w) if isinstance(c, ipywidgets.Text) and c.description == "Seed"
        ]
        if seed_boxes:
            seed_boxes[0].value = str(self.rng.randrange(1000)) if self.rng.random() < 0.7 else ""
        settings[0].click()
        before = w.game
        start[0].click()
        return f"New game… Start (seed {seed_boxes[0].value!r})" + (
            "" if w.game is not before else " (refused)"
        )

    def _load(self) -> str:
        w = self.widget
        uploads = [c for c in controls(w) if isinstance(c, ipywidgets.FileUpload)]
        if not uploads:
            return "no Load"
        record = self.rng.choice(self.records)
        content = record.encode()
        uploads[0].value = [
            {
                "name": "game.json",
                "type": "application/json",
                "size": len(content),
                "content": memoryview(content),
                "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC),
            }
        ]
        return f"Load a record of {len(content)} bytes"

    def report(self, last: int = 40) -> str:
        """The problems, then the last events that led to them."""
        lines = [*self.problems, f"the last {min(last, len(self.events))} events:"]
        lines += [f"  {e}" for e in self.events[-last:]]
        return "\n".join(lines)
