"""The :class:`Game` base shared by the three games.

A game is a mutable object with one seeded random generator, a state object
owned by the concrete game, and the history of applied actions. Everything a
concrete game has to write is a handful of hooks (``_setup``, ``_legal_actions``,
``_check``, ``_apply``, ...); options, undo/redo, copies, records and positions
work the same way for every game.

Undo keeps a snapshot of the state before every action (states copy cheaply and
snapshots are never mutated), so undo is instant and ``copy()`` only copies the
current state and a few short lists.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar

from railwidgets.core.action import Action, decode_action, has_declared_types
from railwidgets.core.errors import IllegalActionError, OptionError, RecordError

__all__ = ["RECORD_VERSION", "Game", "Option", "State", "ViewSampler", "game_class"]

RECORD_VERSION = 1

#: Every concrete game class by its ``NAME``, filled in as the game modules are imported.
_GAMES: dict[str, type[Game]] = {}

#: A game's generator state before its first draw: ``random.Random(game.seed)``, made when
#: first drawn from (seeding one costs as much as a few actions, and many games never draw).
_FROM_SEED = "from seed"


class State(Protocol):
    """What a concrete game keeps its mutable state in."""

    def copy(self) -> Self: ...


@dataclass(frozen=True)
class Option:
    """A game option: its name, what it means, the values allowed and the default.

    ``default`` may be a function of the player count. ``label`` and ``words`` are
    what a player reads for the option and each of its values (the New game form);
    the engine knows them by ``name`` and the values themselves.

    >>> opt = Option("length", "how long the game is", ("short", "long"), "short")
    >>> opt.check("long", 3)
    'long'
    >>> opt.check("epic", 3)
    Traceback (most recent call last):
    ...
    railwidgets.core.errors.OptionError: option 'length' must be one of 'short', 'long', not 'epic'
    """

    name: str
    doc: str
    choices: tuple[Any, ...]
    default: Any = None
    label: str = ""
    words: tuple[tuple[Any, str], ...] = ()

    @property
    def title(self) -> str:
        """The option's name as a player reads it.

        >>> Option("drop_rule", "…", ("a", "b"), "a").title
        'Drop rule'
        """
        return self.label or self.name.replace("_", " ").capitalize()

    def word(self, value: Any) -> str:
        """A value as a player reads it.

        >>> opt = Option("end", "…", ("two", "fill"), "two", words=(("fill", "fills the cart"),))
        >>> opt.word("fill"), opt.word("two")
        ('fills the cart', 'two')
        """
        for choice, text in self.words:
            if type(choice) is type(value) and choice == value:
                return text
        return str(value).replace("_", " ")

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else self.default

    def check(self, value: Any, players: int) -> Any:
        allowed = self.allowed(players)
        if not any(type(value) is type(c) and value == c for c in allowed):
            shown = ", ".join(repr(c) for c in allowed)
            raise OptionError(f"option {self.name!r} must be one of {shown}, not {value!r}")
        return value

    def allowed(self, players: int) -> tuple[Any, ...]:
        return self.choices


class _Snapshot(NamedTuple):  # one per action played: a tuple is the cheapest to make
    state: Any
    rng_state: Any
    log_length: int


class Game(ABC):
    """Base of every game: options, seeded chance, history, undo/redo, records.

    Concrete games set the class attributes and implement the ``_hooks``.
    """

    #: Short name used in records ("minirails").
    NAME: ClassVar[str]
    #: Title for people ("Mini Rails").
    TITLE: ClassVar[str]
    #: Allowed player counts.
    PLAYERS: ClassVar[range]
    #: Player count when none is given.
    DEFAULT_PLAYERS: ClassVar[int]
    #: Player counts that are our design, not the original game's (shown as variants).
    DESIGNED_PLAYERS: ClassVar[frozenset[int]] = frozenset()
    #: The game's options besides ``players`` and ``seed``.
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: Every action class of the game (for records and type checks).
    ACTIONS: ClassVar[tuple[type[Action], ...]]
    #: The same classes as a set, for the exact type check on the hot path of ``apply``.
    _ACTION_CLASSES: ClassVar[frozenset[type[Action]]] = frozenset()

    _state: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "NAME" in cls.__dict__:
            _GAMES[cls.NAME] = cls
        if "ACTIONS" in cls.__dict__:
            cls._ACTION_CLASSES = frozenset(cls.ACTIONS)

    def __init__(self, players: int | None = None, seed: int | None = None, **options: Any):
        self._init(self._check_options(players, options), _check_seed(seed))
        self._state = self._setup()

    # -- construction -----------------------------------------------------------

    def _init(self, options: dict[str, Any], seed: int) -> None:
        self.options: Mapping[str, Any] = options
        self.seed = seed
        self._rng: random.Random | None = None
        self._rng_state: Any = _FROM_SEED  # seeded at the first draw: many games never draw
        self._history: list[Action] = []
        self._past: list[_Snapshot] = []
        self._future: list[Action] = []
        self._log: list[str] = []
        self._start_position: dict[str, Any] | None = None
        self._sampled = False  # drawn by a ViewSampler: its record keeps its first state

    @classmethod
    def _check_options(cls, players: int | None, options: Mapping[str, Any]) -> dict[str, Any]:
        if players is None:
            players = cls.DEFAULT_PLAYERS
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"players must be a whole number, not {players!r}")
        if players not in cls.PLAYERS:
            raise OptionError(
                f"{cls.TITLE} is for {cls.PLAYERS.start}–{cls.PLAYERS.stop - 1} players, "
                f"not {players}"
            )
        known = {opt.name: opt for opt in cls.OPTIONS}
        unknown = sorted(set(options) - set(known))
        if unknown:
            allowed = ", ".join(["players", "seed", *known]) or "none"
            raise OptionError(
                f"unknown option(s) for {cls.TITLE}: {', '.join(unknown)} (allowed: {allowed})"
            )
        checked: dict[str, Any] = {"players": players}
        for name, opt in known.items():
            value = options.get(name, opt.default_for(players))
            checked[name] = opt.check(value, players)
        return checked

    @abstractmethod
    def _setup(self) -> Any:
        """The state at the start of a game (may draw from :attr:`_chance`)."""

    # -- chance -------------------------------------------------------------------

    @property
    def _chance(self) -> random.Random:
        """The game's own random generator: for the rules code only, so private.

        Its state is part of the game: snapshots, copies and records keep it.
        Nothing public draws from it, so the only way to change a game's chance
        is an action the game records.
        """
        if self._rng is None:  # new, copied or undone: the generator is made from its state
            if self._rng_state is _FROM_SEED:
                self._rng = random.Random(self.seed)
            else:
                self._rng = random.Random.__new__(random.Random)  # unseeded: setstate() sets it
                self._rng.setstate(self._rng_state)
        self._rng_state = None  # may be drawn from: read it again when needed
        return self._rng

    def _current_rng_state(self) -> Any:
        if self._rng_state is None:
            assert self._rng is not None
            self._rng_state = self._rng.getstate()
        return self._rng_state

    # -- the public API -----------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.options["players"]

    @property
    def current_player(self) -> int | None:
        """The seat whose decision is pending, or ``None`` once the game is over."""
        return None if self.is_over else self._current_player()

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order; ``[]`` once the game is over."""
        return [] if self.is_over else self._legal_actions()

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self._validate(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Play ``action``.

        Raises :class:`IllegalActionError` (a ``ValueError``) with the reason if
        the action is not legal now; the game is then exactly as before. Only
        values of the game's own action classes (:attr:`ACTIONS`) are legal, never
        of a subclass: what is played is what the record holds.
        """
        self._validate(action)
        rng_state = self._rng_state if self._rng_state is not None else self._current_rng_state()
        # tuple.__new__ is _Snapshot(...) without the Python-level __new__ of a NamedTuple
        snapshot = tuple.__new__(_Snapshot, (self._state.copy(), rng_state, len(self._log)))
        try:
            self._apply(action)
        except BaseException:
            self._restore(snapshot)
            raise
        self._past.append(snapshot)
        self._history.append(action)
        if self._future and self._future[-1] == action:
            self._future.pop()
        else:
            self._future.clear()

    def _validate(self, action: Any) -> None:
        # Only the game's own classes: a subclass may say anything in to_dict(), and a
        # record must replay as played (an exact look-up costs no more than isinstance).
        if type(action) not in self._ACTION_CLASSES:
            raise IllegalActionError(self._not_an_action(action))
        # An action is plain data of its declared types, exactly as a record holds it.
        # Exact types prove it at once; anything else goes the long way round, through
        # the record's form, which accepts what a record would and names what is wrong.
        if not has_declared_types(action):
            try:
                same = decode_action(action.to_dict(), self.ACTIONS) == action
            except ValueError as err:
                raise IllegalActionError(f"{action!r} is malformed: {err}") from None
            if not same:
                raise IllegalActionError(f"{action!r} is malformed: use tuples, not lists")
        if self.is_over:
            raise IllegalActionError(f"the game is over: {action} cannot be played")
        self._check(action)

    def _not_an_action(self, action: Any) -> str:
        """Why ``action``, of none of the game's own action classes, is refused."""
        cls = type(action)
        own = ", ".join(c.__name__ for c in self.ACTIONS)
        if isinstance(action, self.ACTIONS):  # told by class names: a subclass's repr may lie
            base = next(c for c in cls.__mro__ if c in self._ACTION_CLASSES)
            return (
                f"a {cls.__qualname__} is a subclass of {base.__name__}, not a {base.__name__} "
                f"itself: {self.TITLE} takes only its own action classes ({own})"
            )
        return f"{action!r} is not a {self.TITLE} action"

    def undo(self) -> Action:
        """Take back the last action and return it (``IndexError`` when there is none)."""
        if not self._past:
            raise IndexError("there is nothing to undo")
        self._restore(self._past.pop())
        action = self._history.pop()
        self._future.append(action)
        return action

    def redo(self) -> Action:
        """Play again the last action undone (``IndexError`` when there is none)."""
        if not self._future:
            raise IndexError("there is nothing to redo")
        action = self._future[-1]
        self.apply(action)
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def _restore(self, snapshot: _Snapshot) -> None:
        # Snapshots may be shared with copies of this game: never adopt one, copy it.
        self._state = snapshot.state.copy()
        self._rng = None
        self._rng_state = snapshot.rng_state
        del self._log[snapshot.log_length :]

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, in order."""
        return tuple(self._history)

    @property
    def log(self) -> tuple[str, ...]:
        """What happened, as lines for people, chance results included."""
        return tuple(self._log)

    def _say(self, line: str) -> None:
        self._log.append(line)

    def copy(self, *, reseed: int | None = None) -> Self:
        """An independent copy of the game, history included (cheap).

        With ``reseed``, chance in the copy comes from a new generator, so what it
        draws (the next market, the next card) tells nothing of the real game's
        future: bots trying moves on copies use it. What is already laid out
        (a shuffled deck) stays as it is.
        """
        game = object.__new__(type(self))
        game.__dict__.update(self.__dict__)
        game._state = self._state.copy()
        if reseed is None:
            game._rng = None
            game._rng_state = self._current_rng_state()
        else:
            game._rng = random.Random(reseed)
            game._rng_state = None
        game._history = self._history.copy()
        game._past = self._past.copy()
        game._future = self._future.copy()
        game._log = self._log.copy()
        return game

    @abstractmethod
    def scores(self) -> list[int]:
        """One score per seat: running during the game, final once it is over."""

    def winners(self) -> list[int]:
        """The winning seats (several on a shared victory); ``[]`` while not over."""
        return self._winners() if self.is_over else []

    def player_name(self, seat: int) -> str:
        """How the game names ``seat`` for people (games with colours override it)."""
        return f"Seat {seat + 1}"

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: the position less hidden information."""
        self._check_seat(seat)
        return self._view(seat)

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int | None = None) -> Self:
        """A whole game that one seat's :meth:`view` could have come from.

        Every part the view hides is drawn at random (from a generator seeded
        with ``seed``) among what that seat cannot rule out; what it shows is
        kept exactly, so ``from_view(v, s).view(seat) == v``. Each game documents
        what its views hide and how it is sampled. Chance from here on is drawn
        from a generator seeded with ``seed`` too. Search bots play on such games.
        A view of another game, or one that no game could give, raises
        :class:`RecordError`.
        """
        return cls.sampler(view)(seed)

    @classmethod
    def sampler(cls, view: Mapping[str, Any]) -> ViewSampler[Self]:
        """Every game :meth:`from_view` could make of ``view``, drawn fast (:class:`ViewSampler`).

        The view is read and checked once; each game after that costs a copy and
        the drawing of what the view hides. A search bot draws one per iteration.
        """
        return ViewSampler(cls, view)

    @classmethod
    def _position_from_view(cls, view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """A position consistent with ``view``, its hidden parts drawn from ``rng``.

        The default suits games that hide nothing but future chance.
        """
        return dict(view)

    def _hidden_drawer(
        self, view: Mapping[str, Any]
    ) -> Callable[[Any, random.Random], None] | None:
        """How to draw again what ``view`` hides, worked out once (this game was made from it).

        The function it returns is given a copy of this game's state and a generator,
        and draws again, in place, every part of the state the view hides, as
        :meth:`_position_from_view` draws them (the same distribution). It may leave a
        part to be drawn when the game reveals it (lazily: a deck ordered card by card
        as it is turned over), from a key it takes from the generator; whatever reads
        that part before then (a position, a view, a record) gets it drawn from the key,
        as the reveals would have drawn it, so the game is one game however it is used.
        ``None``, the default, suits games that hide nothing but future chance.
        """
        return None

    def _check_seat(self, seat: Any) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise OptionError(f"seat must be 0–{self.num_players - 1}, not {seat!r}")

    # -- records --------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """The game's record: options, seed and actions (and the start position, if any)."""
        record: dict[str, Any] = {
            "game": self.NAME,
            "version": RECORD_VERSION,
            "options": dict(self.options),
            "seed": self.seed,
        }
        start = self._start()
        if start is not None:
            record["position"] = start
        record["actions"] = [a.to_dict() for a in self._history]
        return json.dumps(record, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a record made by :meth:`to_json`, replaying every action.

        A malformed or tampered record raises :class:`RecordError` naming the problem.
        """
        try:
            record = json.loads(text)
        except (TypeError, ValueError) as err:
            raise RecordError(f"the record is not valid JSON: {err}") from None
        except RecursionError:
            raise RecordError("the record is not valid JSON: it is nested too deeply") from None
        if not isinstance(record, dict):
            raise RecordError("the record must be a JSON object")
        _check_depth(record)
        expected = {"game", "version", "options", "seed", "actions", "position"}
        unexpected = sorted(set(record) - expected)
        if unexpected:
            raise RecordError(f"the record has unexpected field(s): {', '.join(unexpected)}")
        for key in ("game", "version", "options", "seed", "actions"):
            if key not in record:
                raise RecordError(f"the record has no {key!r}")
        if record["game"] != cls.NAME:
            raise RecordError(f"the record is of the game {record['game']!r}, not {cls.NAME!r}")
        if type(record["version"]) is not int or record["version"] != RECORD_VERSION:
            raise RecordError(
                f"record version {record['version']!r} is not supported (expected {RECORD_VERSION})"
            )
        options = record["options"]
        if not isinstance(options, dict):
            raise RecordError("the record's 'options' must be an object")
        if not isinstance(record["actions"], list):
            raise RecordError("the record's 'actions' must be a list")
        seed = record["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"the record's seed must be a whole number, not {seed!r}")
        options = dict(options)
        players = cls._record_players(options.pop("players", None))
        cls._check_record_options(options)
        try:
            if "position" in record:
                game = cls.from_position(record["position"], seed=record["seed"])
                if dict(game.options) != record["options"]:
                    raise RecordError("the record's options do not match its position")
            else:
                game = cls(players, record["seed"], **options)
        except RecordError:
            raise
        except ValueError as err:
            raise RecordError(f"the record's options are wrong: {err}") from None
        for number, data in enumerate(record["actions"], 1):
            try:
                action = decode_action(data, cls.ACTIONS)
            except ValueError as err:
                raise RecordError(f"action {number}: {err}") from None
            try:
                game.apply(action)
            except IllegalActionError as err:
                raise RecordError(f"action {number} ({action}) is illegal: {err}") from None
        return game

    @classmethod
    def _record_players(cls, players: Any) -> int:
        """A record names its player count: a whole number, never null."""
        if type(players) is not int:
            raise RecordError(
                f"the record's options need 'players', a whole number, not {players!r}"
            )
        return players

    @classmethod
    def _check_record_options(cls, options: Mapping[str, Any]) -> None:
        """Only the game's own options: ``seed`` has its own field, nothing else is known."""
        known = {opt.name for opt in cls.OPTIONS}
        unknown = sorted(map(repr, set(options) - known))
        if unknown:
            allowed = ", ".join(["players", *sorted(known)])
            raise RecordError(
                f"the record's options has unknown option(s) {', '.join(unknown)} "
                f"(allowed: {allowed})"
            )

    # -- positions ------------------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The whole current state as plain JSON-ready data (see the game's docs)."""
        return {"game": self.NAME, "options": dict(self.options), **self._position()}

    @classmethod
    def from_position(cls, data: Mapping[str, Any], seed: int = 0) -> Self:
        """A game starting from ``data`` (as made by :meth:`position`).

        Chance from here on is drawn from a generator seeded with ``seed``.
        A malformed position raises :class:`RecordError` naming the problem.
        """
        if not isinstance(data, Mapping):
            raise RecordError("a position must be a JSON object")
        _check_depth(dict(data), "position")
        if data.get("game") != cls.NAME:
            raise RecordError(f"the position is of the game {data.get('game')!r}, not {cls.NAME!r}")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise RecordError("the position has no 'options' object")
        options = dict(options)
        players = options.pop("players", None)
        try:
            checked = cls._check_options(players, options)
            game = object.__new__(cls)
            game._init(checked, _check_seed(seed))
            game._state = game._load_position(data)
        except RecordError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as err:
            raise RecordError(f"the position is malformed: {_describe(err)}") from None
        game._start_position = json.loads(json.dumps(data))
        return game

    def _start(self) -> dict[str, Any] | None:
        """The position the game started from, if not a new game's (records keep it).

        A sampled game's first state is the snapshot taken before its first action
        (snapshots are never changed), or its state while no action is played.
        """
        if self._start_position is None and self._sampled:
            first = object.__new__(type(self))
            first.__dict__.update(self.__dict__)
            first._state = self._past[0].state if self._past else self._state
            self._start_position = first.position()
        return self._start_position

    # -- hooks for the concrete games --------------------------------------------------

    @abstractmethod
    def _current_player(self) -> int:
        """The seat to decide now (the game is not over)."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action (the game is not over)."""

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is not legal now.

        The default compares with :meth:`_legal_actions`; games override it
        with direct checks that give better reasons.
        """
        if action not in self._legal_actions():
            raise IllegalActionError(f"{action} is not legal now")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play a legal action, changing ``self._state`` (and logging with :meth:`_say`)."""

    @abstractmethod
    def _winners(self) -> list[int]:
        """The winners of a finished game."""

    @abstractmethod
    def _position(self) -> dict[str, Any]:
        """The state as plain data (without 'game' and 'options')."""

    @abstractmethod
    def _load_position(self, data: Mapping[str, Any]) -> Any:
        """Build the state from :meth:`position` data, raising ValueError/RecordError."""

    def _view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know; the default is the whole position."""
        return self.position()

    # -- notebooks -----------------------------------------------------------------------

    def to_svg(self, seat: int | None = None, *, reveal: bool = False, **kwargs: Any) -> str:
        """The board as an SVG picture. Every game draws the same three ways:

        - ``to_svg()``: what a spectator may know, as ``str(game)`` tells it: no
          seat's secret (this is what a bare game shows in a notebook);
        - ``to_svg(seat=k)``: what seat ``k`` may know (its ``view``);
        - ``to_svg(reveal=True)``: everything, secrets included, asked for on purpose.
        """
        raise NotImplementedError(f"{self.TITLE} cannot draw itself yet")

    def shown(self, seat: int | None = None, *, reveal: bool = False) -> dict[str, Any]:
        """What a picture of the game drawn for ``to_svg(seat, reveal=...)`` may show:
        the whole position with ``reveal``, else the view of ``seat`` (``None``: a
        spectator's, no seat's secret)."""
        if seat is not None:
            self._check_seat(seat)
        if reveal:
            return self.position()
        return self._view(seat)  # type: ignore[arg-type]  # None: the spectator's view

    def _repr_svg_(self) -> str | None:
        """A bare game in a notebook: ``to_svg()``, what a spectator may know."""
        try:
            return self.to_svg()
        except NotImplementedError:
            return None

    def _repr_html_(self) -> str | None:
        """The picture as an ``<img>``: a notebook JupyterLab does not trust yet (one not
        run since it was opened) shows that, where it hides raw SVG."""
        svg = self._repr_svg_()
        if svg is None:
            return None
        from railwidgets.draw.svg import board_alt, svg_img

        return svg_img(svg, board_alt(self.TITLE))

    def _ipython_display_(self) -> None:
        """A game in a notebook: its picture once, as :meth:`_repr_html_`'s ``<img>``.

        That is the one form GitHub, nbviewer and a notebook JupyterLab does not trust
        yet all show (JupyterLab hides raw SVG there). Left to itself IPython would also
        save :meth:`_repr_svg_`'s SVG beside it: every saved board twice (issue 27 item 15).
        """
        from IPython.display import display

        bundle = {"text/plain": repr(self)}
        html = self._repr_html_()
        if html is not None:
            bundle["text/html"] = html
        display(bundle, raw=True)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.current_player} to play"
        return (
            f"<{type(self).__module__}.{type(self).__qualname__} "
            f"players={self.num_players} seed={self.seed} moves={len(self._history)} {state}>"
        )


G = TypeVar("G", bound=Game)


class ViewSampler(Generic[G]):
    """The games one seat's view could have come from, drawn one after another, fast.

    :meth:`Game.from_view` reads and checks a view each time; a sampler does it
    once, into a game made from the view, and each game it draws is a copy of that
    one with every part the view hides drawn again, or left to be drawn when the game
    reveals it (``Game._hidden_drawer``). Each game's record holds the position it
    started from.

    >>> from railwidgets import twistytracks
    >>> game = twistytracks.Game(players=2, seed=4)
    >>> sampler = twistytracks.Game.sampler(game.view(0))
    >>> guess = sampler(seed=1)                      # as from_view(view, seed=1)
    >>> guess.view(0) == game.view(0), guess.position() == sampler(seed=1).position()
    (True, True)
    >>> sampler.draw(random.Random(7)).view(0) == game.view(0)   # from a caller's generator
    True
    """

    def __init__(self, cls: type[G], view: Mapping[str, Any]):
        if not isinstance(view, Mapping):
            raise RecordError("a view must be a JSON object")
        if view.get("game") != cls.NAME:
            raise RecordError(f"the view is of the game {view.get('game')!r}, not {cls.NAME!r}")
        try:
            self._view: dict[str, Any] = json.loads(
                json.dumps(dict(view))
            )  # the caller's may change
            data = cls._position_from_view(self._view, random.Random(0))
        except RecordError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            raise RecordError(f"the view is malformed: {_describe(err)}") from None
        self._made = cls.from_position(data)
        self._redraw = self._made._hidden_drawer(self._view)

    def __call__(self, seed: int | None = None) -> G:
        """The game ``Game.from_view(view, seed)`` gives: drawn from ``seed``, chance too."""
        seed = _check_seed(seed)
        return self._draw(random.Random(f"from_view {seed}"), seed)

    def draw(self, rng: random.Random) -> G:
        """A game drawn from ``rng`` (a search bot's own generator; no seeding to pay)."""
        return self._draw(rng, rng.getrandbits(32))

    def _draw(self, rng: random.Random, seed: int) -> G:
        made = self._made
        game = object.__new__(type(made))
        game._init(made.options, seed)
        game._sampled = True
        game._state = made._state.copy()
        if self._redraw is not None:
            self._redraw(game._state, rng)
        return game


def game_class(name: Any) -> type[Game]:
    """The game class called ``name`` (``"minirails"``), for records and views.

    >>> game_class("minirails").TITLE
    'Mini Rails'
    >>> game_class("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    railwidgets.core.errors.RecordError: there is no game called 'chess' (known: ...)
    """
    if isinstance(name, str) and name.isalpha() and name.islower() and name not in _GAMES:
        with contextlib.suppress(ModuleNotFoundError):  # each game is railwidgets.<name>
            importlib.import_module(f"railwidgets.{name}")
    if isinstance(name, str) and name in _GAMES:
        return _GAMES[name]
    raise RecordError(f"there is no game called {name!r} (known: {', '.join(sorted(_GAMES))})")


def _check_seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbits(32)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionError(f"seed must be a whole number, not {seed!r}")
    return seed


#: How deeply a record's JSON may nest: real records nest about 6 deep.
MAX_RECORD_DEPTH = 32


def _check_depth(data: Any, what: str = "record") -> None:
    """Refuse data nested deeper than :data:`MAX_RECORD_DEPTH` (no recursion, so no limit hit).

    >>> _check_depth({"a": [[1]]})
    >>> _check_depth(json.loads("[" * 40 + "]" * 40))
    Traceback (most recent call last):
    ...
    railwidgets.core.errors.RecordError: the record is nested more than 32 deep
    """
    level: list[Any] = [data]
    for _ in range(MAX_RECORD_DEPTH):
        level = [
            child
            for item in level
            if isinstance(item, dict | list)
            for child in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return
    if any(isinstance(item, dict | list) for item in level):
        raise RecordError(f"the {what} is nested more than {MAX_RECORD_DEPTH} deep")


def _describe(err: BaseException) -> str:
    if isinstance(err, KeyError):
        return f"missing {err.args[0]!r}"
    return str(err)
