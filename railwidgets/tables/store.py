"""The table store: a game's record kept in a database, and a seat's place at it.

The truth of a table is its record, as a saved game is (:meth:`~railwidgets.core.Game.to_json`): the
game, its options and seed (the *head*), who sits where, and the actions in order, one
row each, numbered from 1. Nothing else is kept: every kernel rebuilds the game by
replaying the rows through the engine, so a row the engine refuses (a tampered or
foreign row) cannot reach a board: the table is marked damaged instead, with the reason.

Appending a move names the move number it follows; the database takes it only if no
row came after that number, so two seats that act at the same moment cannot both
count: one is refused (:class:`~railwidgets.tables.errors.MovedFirst`) after its
table has caught up.

Creating a table makes one secret token per human seat (Python's ``secrets``); the store
keeps only its SHA-256 hash. Joining a seat needs its token; joining without a seat
watches as a spectator, whose :meth:`~railwidgets.tables.Table.view` is what the rules show everyone.

What this protects and what it does not: each page draws only its seat's view, and
a seat cannot append for another. Whoever can run code against the database reads
the whole record (the seed included, so the order of what is face down); Voilà pages
run no code of their user, JupyterLab does.

>>> import tempfile, os
>>> from railwidgets import twistytracks
>>> from railwidgets.tables import open_store
>>> store = open_store(os.path.join(tempfile.mkdtemp(), "t.sqlite3"))
>>> new = store.create(twistytracks.Game(players=2, seed=4), ["human", "human"])
>>> first = store.join(new.id, 0, new.tokens[0])
>>> second = store.join(new.id, 1, new.tokens[1])
>>> move = first.play(first.game.legal_actions()[0])
>>> second.refresh() == [move], second.game.to_json() == first.game.to_json()
(True, True)
>>> store.join(new.id, 1, "guess")
Traceback (most recent call last):
...
railwidgets.tables.errors.SeatRefused: that is not the token of Seat 2 (Meadows) at table ...
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import railwidgets.core
from railwidgets.core.action import Action, decode_action
from railwidgets.core.bots import Bot, choose, handed
from railwidgets.core.errors import RecordError
from railwidgets.core.game import Game, game_class
from railwidgets.i18n import T_, Text
from railwidgets.tables.bots import HUMAN, bot_seed_for, make_bot, seat_kinds
from railwidgets.tables.errors import (
    MovedFirst,
    SeatRefused,
    StoreTooNew,
    TableDamaged,
    UnknownTable,
)

__all__ = [
    "SCHEMA_VERSION",
    "BotTurn",
    "Conflict",
    "Move",
    "NewTable",
    "Store",
    "Table",
    "token_hash",
]

#: The layout of the store's tables; a store of a higher number is refused.
SCHEMA_VERSION = 1
#: A seat counts as connected while its page was seen this many seconds ago.
CONNECTED_WITHIN = 20.0

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS railwidgets_meta ( key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS railwidgets_tables ("
    " id TEXT PRIMARY KEY, game TEXT NOT NULL, head TEXT NOT NULL, seats TEXT NOT NULL,"
    " bot_seed BIGINT NOT NULL, created_at DOUBLE PRECISION NOT NULL, damaged TEXT)",
    "CREATE TABLE IF NOT EXISTS railwidgets_seats ("
    " table_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT,"
    " last_seen DOUBLE PRECISION, PRIMARY KEY (table_id, seat))",
    "CREATE TABLE IF NOT EXISTS railwidgets_moves ("
    " table_id TEXT NOT NULL, number INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " action TEXT NOT NULL, PRIMARY KEY (table_id, number))",
)

#: Appends the move numbered ``number`` only if exactly ``number - 1`` came before it, the
#: table is not damaged and the acting seat's token hash matches.
APPEND = (
    "INSERT INTO railwidgets_moves (table_id, number, seat, action) SELECT ?, ?, ?, ?"
    " WHERE (SELECT COUNT(*) FROM railwidgets_moves WHERE table_id = ?) = ?"
    " AND EXISTS (SELECT 1 FROM railwidgets_tables WHERE id = ? AND damaged IS NULL)"
    " AND EXISTS (SELECT 1 FROM railwidgets_seats"
    " WHERE table_id = ? AND seat = ? AND token_hash = ?) RETURNING number"
)

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

Execute = Callable[..., list[tuple[Any, ...]]]


class Conflict(Exception):
    """Raised by a backend when a row with the same key was written first (a race)."""


def token_hash(token: str) -> str:
    """What the store keeps of a seat token: its SHA-256, in hex.

    >>> len(token_hash("abc")), token_hash("abc") == token_hash("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Move(NamedTuple):
    """One stored move: its number (from 1), the seat that made it, the action."""

    number: int
    seat: int
    action: Action


@dataclass(frozen=True)
class NewTable:
    """A table just created: its id, its seats' kinds and one token per human seat.

    The tokens are for handing to the people at the table; the repr never shows them.
    """

    id: str
    seats: tuple[str, ...]
    tokens: Mapping[int, str] = field(repr=False)

    def __repr__(self) -> str:
        return f"NewTable(id={self.id!r}, seats={self.seats!r}, tokens=<{len(self.tokens)} hidden>)"


@dataclass
class BotTurn:
    """A bot seat's turn, ready to be thought over away from the game (a worker thread):
    the bot, and the game rebuilt from its seat's view it is handed."""

    number: int
    seat: int
    bot: Bot
    handed: railwidgets.core.Game

    def choose(self) -> Action:
        """The bot's action (touches nothing but what it was handed)."""
        return choose(self.bot, self.handed)


class Store(ABC):
    """A database of tables (see the module docstring). Backends fill in how a
    transaction runs; every rule is here, so both backends keep the same rules."""

    #: Where the store is, for messages: a path, or a URL without its password.
    where: str

    def __init__(self) -> None:
        self._lock = threading.RLock()

    # -- for backends ---------------------------------------------------------------------

    @abstractmethod
    def transaction(self, write: bool) -> AbstractContextManager[Execute]:
        """A transaction; ``execute(sql, params)`` runs one statement in it (``?`` marks
        a parameter) and returns its rows. A duplicate key raises ``Conflict``, a
        busy or lost database :class:`~railwidgets.tables.errors.StoreUnavailable`."""

    def notify(self, execute: Execute, table_id: str) -> None:  # noqa: B027 (SQLite: nothing)
        """Tell the other kernels at ``table_id`` that it changed (inside the write)."""

    def lock_schema(self, execute: Execute) -> None:  # noqa: B027 (SQLite: nothing)
        """Keep two processes from creating the schema at once (inside the write)."""

    @abstractmethod
    def changed(self, table_id: str) -> bool:
        """Whether anything may have been written since this was last asked (cheap:
        no query for SQLite's data version, none for PostgreSQL's notifications)."""

    def fileno(self) -> int | None:
        """A socket that becomes readable when another kernel writes, if the store has
        one (PostgreSQL's listening connection); ``None``: ask :meth:`changed` often."""
        return None

    @abstractmethod
    def close(self) -> None:
        """Close the connection(s)."""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.where!r}>"

    # -- the schema -------------------------------------------------------------------------

    def init_schema(self) -> None:
        """Create the store's tables if missing; refuse a store of a newer layout."""
        with self.transaction(write=True) as execute:
            self.lock_schema(execute)
            for statement in SCHEMA:
                execute(statement)
            rows = execute("SELECT value FROM railwidgets_meta WHERE key = 'schema'")
            if not rows:
                execute(
                    "INSERT INTO railwidgets_meta (key, value) VALUES ('schema', ?)",
                    (str(SCHEMA_VERSION),),
                )
                return
        self.check_schema(rows[0][0])

    def check_schema(self, value: str) -> None:
        """Refuse a store whose layout is newer than this railwidgets reads."""
        try:
            version = int(value)
        except ValueError:
            version = -1
        if version > SCHEMA_VERSION:
            raise StoreTooNew(
                T_(
                    "the table store {where} was written by a newer railwidgets "
                    "(store layout {version}; this one reads layout {reads}): "
                    "upgrade railwidgets to play at its tables",
                    where=self.where,
                    version=version,
                    reads=SCHEMA_VERSION,
                )
            )
        if version < 1:
            raise StoreTooNew(
                T_(
                    "the table store {where} has an unknown layout {value}",
                    where=self.where,
                    value=repr(value),
                )
            )

    # -- tables -------------------------------------------------------------------------------

    def create(
        self,
        game: railwidgets.core.Game,
        seats: Sequence[str],
        *,
        bot_seed: int | None = None,
        table_id: str | None = None,
    ) -> NewTable:
        """A new table playing ``game`` (its moves so far are stored too), one seat kind
        per player (``"human"``, or a bot: ``"random"``, ``"greedy"``, or the search bot at a
        level, ``"search-easy"``, ``"search"`` or ``"search-hard"``).

        Returns the table's id and one fresh token per human seat: hand each to the
        person at that seat (the store keeps only their hashes)."""
        if not isinstance(game, Game):
            raise TypeError(f"a table plays a railwidgets game, not {type(game).__name__}")
        kinds = tuple(seats)
        if len(kinds) != game.num_players:
            raise ValueError(
                f"a table of {game.num_players} players needs {game.num_players} seats, not {len(kinds)}"
            )
        for kind in kinds:
            if kind not in seat_kinds():
                allowed = ", ".join(map(repr, seat_kinds()))
                raise ValueError(f"a table's seat is one of {allowed}, not {kind!r}")
        if bot_seed is None:
            bot_seed = secrets.randbits(31)
        if isinstance(bot_seed, bool) or not isinstance(bot_seed, int) or not 0 <= bot_seed < 2**63:
            raise ValueError(f"bot_seed must be a whole number from 0, not {bot_seed!r}")
        table_id = secrets.token_hex(6) if table_id is None else table_id
        if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
            raise ValueError(f"a table id is 1–64 letters, digits, '-' or '_', not {table_id!r}")
        record = json.loads(game.to_json())
        actions = record.pop("actions")
        tokens = {
            seat: secrets.token_urlsafe(18) for seat, kind in enumerate(kinds) if kind == HUMAN
        }
        try:
            with self.transaction(write=True) as execute:
                execute(
                    "INSERT INTO railwidgets_tables (id, game, head, seats, bot_seed, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        table_id,
                        game.NAME,
                        json.dumps(record),
                        json.dumps(kinds),
                        bot_seed,
                        time.time(),
                    ),
                )
                for seat in range(len(kinds)):
                    digest = token_hash(tokens[seat]) if seat in tokens else None
                    execute(
                        "INSERT INTO railwidgets_seats (table_id, seat, token_hash) VALUES (?, ?, ?)",
                        (table_id, seat, digest),
                    )
                for number, (action, seat) in enumerate(
                    zip(actions, _seats_of(game), strict=True), 1
                ):
                    execute(
                        "INSERT INTO railwidgets_moves (table_id, number, seat, action)"
                        " VALUES (?, ?, ?, ?)",
                        (table_id, number, seat, json.dumps(action)),
                    )
                self.notify(execute, table_id)
        except Conflict:
            raise ValueError(
                T_(
                    "there is a table {table} already in {where}",
                    table=repr(table_id),
                    where=self.where,
                )
            ) from None
        return NewTable(table_id, kinds, tokens)

    def join(
        self,
        table_id: str,
        seat: int | None = None,
        token: str | None = None,
        *,
        game: type[railwidgets.core.Game] | None = None,
    ) -> Table:
        """Sit at seat ``seat`` of table ``table_id`` with its ``token``, or watch as a
        spectator (no seat). With ``game`` (a game class), a table of another game is
        refused. The table comes caught up: every stored move replayed and checked."""
        if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
            raise UnknownTable(
                T_("{table} is not a table id (letters, digits, '-' and '_')", table=repr(table_id))
            )
        with self.transaction(write=False) as execute:
            rows = execute(
                "SELECT game, head, seats, bot_seed, damaged FROM railwidgets_tables WHERE id = ?",
                (table_id,),
            )
            if not rows:
                raise UnknownTable(
                    T_(
                        "there is no table {table} in {where}",
                        table=repr(table_id),
                        where=self.where,
                    )
                )
            name, head, kinds_text, bot_seed, damaged = rows[0]
            hashes = dict(
                execute(
                    "SELECT seat, token_hash FROM railwidgets_seats WHERE table_id = ?",
                    (table_id,),
                )
            )
        if game is not None and name != game.NAME:
            try:
                title = game_class(name).TITLE
            except RecordError:
                title = repr(name)
            raise UnknownTable(
                T_(
                    "table {table} plays {title}, not {this}",
                    table=repr(table_id),
                    title=title,
                    this=game.TITLE,
                )
            )
        if damaged is not None:
            raise TableDamaged(_damaged(table_id, damaged))
        try:
            kinds = tuple(json.loads(kinds_text))
            started = game_class(name).from_json(json.dumps({**json.loads(head), "actions": []}))
        except (RecordError, ValueError, TypeError) as err:
            self.damage(table_id, f"its start does not load: {err}")
            raise TableDamaged(
                _damaged(table_id, T_("its start does not load: {error}", error=str(err)))
            ) from None
        digest = None
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(kinds):
                raise SeatRefused(
                    T_(
                        "table {table} has seats 0–{last}, not {seat}",
                        table=repr(table_id),
                        last=len(kinds) - 1,
                        seat=repr(seat),
                    )
                )
            who = _seat_name(started, seat)
            if kinds[seat] != HUMAN:
                raise SeatRefused(
                    T_("{who} at table {table} is played by a bot", who=who, table=repr(table_id))
                )
            if not token:
                raise SeatRefused(
                    T_(
                        "{who} at table {table} needs its token (the seat's link carries it); "
                        "without one you can watch as a spectator",
                        who=who,
                        table=repr(table_id),
                    )
                )
            digest = token_hash(str(token))
            stored = hashes.get(seat)
            if stored is None or not hmac.compare_digest(stored, digest):
                raise SeatRefused(
                    T_(
                        "that is not the token of {who} at table {table}",
                        who=who,
                        table=repr(table_id),
                    )
                )
        elif token is not None:
            raise SeatRefused(T_("a token belongs to a seat: say which seat it is for"))
        table = Table(self, table_id, seat, started, kinds, bot_seed, digest)
        table.refresh()
        return table

    def damage(self, table_id: str, reason: str) -> None:
        """Mark ``table_id`` damaged (the first reason stays); nobody can append to it."""
        with self.transaction(write=True) as execute:
            execute(
                "UPDATE railwidgets_tables SET damaged = ? WHERE id = ? AND damaged IS NULL",
                (reason, table_id),
            )
            self.notify(execute, table_id)

    def table_ids(self) -> list[str]:
        """Every table's id, oldest first."""
        with self.transaction(write=False) as execute:
            return [
                row[0]
                for row in execute("SELECT id FROM railwidgets_tables ORDER BY created_at, id")
            ]


class Table:
    """One seat's place at a table (or a spectator's): the game replayed from the store,
    kept up to date by :meth:`refresh`, and :meth:`play` to append a move.

    ``game`` is the whole record, hidden parts included (the kernel must replay it);
    what a page may draw is :meth:`view`. The seat's token is not kept, only the fact
    that it was right (and its hash, which the store checks at every append).
    """

    def __init__(
        self,
        store: Store,
        table_id: str,
        seat: int | None,
        game: railwidgets.core.Game,
        kinds: tuple[str, ...],
        bot_seed: int,
        digest: str | None,
    ) -> None:
        self.store = store
        self.id = table_id
        self.seat = seat
        self.game = game
        self.seats = kinds
        self.bot_seed = bot_seed
        self.moves: list[Move] = []
        self._digest = digest
        self._seen_at = 0.0

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else _seat_name(self.game, self.seat)
        return f"<Table {self.id!r} of {self.game.TITLE}, {who}, move {len(self.moves)}>"

    @property
    def number(self) -> int:
        """How many moves the table holds (as far as this kernel knows)."""
        return len(self.moves)

    def view(self) -> dict[str, Any]:
        """What this page may show: its seat's view, or a spectator's (no seat's secret)."""
        return self.game.shown(self.seat)

    # -- reading ------------------------------------------------------------------------------

    def changed(self) -> bool:
        """Whether the store may hold something new for this table (cheap; see
        :meth:`Store.changed`). :meth:`refresh` says what."""
        return self.store.changed(self.id)

    def refresh(self) -> list[Move]:
        """Read and apply the moves appended since; each is checked by the engine
        before it is applied. A move that does not replay marks the table damaged and
        raises :class:`~railwidgets.tables.errors.TableDamaged`."""
        with self.store.transaction(write=False) as execute:
            damaged = execute("SELECT damaged FROM railwidgets_tables WHERE id = ?", (self.id,))
            rows = execute(
                "SELECT number, seat, action FROM railwidgets_moves"
                " WHERE table_id = ? AND number > ? ORDER BY number",
                (self.id, len(self.moves)),
            )
        if not damaged:
            raise TableDamaged(
                T_(
                    "table {table} is gone from {where}",
                    table=repr(self.id),
                    where=self.store.where,
                )
            )
        if damaged[0][0] is not None:
            raise TableDamaged(_damaged(self.id, damaged[0][0]))
        new = []
        for number, seat, text in rows:
            move = self._check(number, seat, text)
            self.game.apply(move.action)
            self.moves.append(move)
            new.append(move)
        return new

    def _check(self, number: Any, seat: Any, text: Any) -> Move:
        """The stored row as a move of this game, or the table is damaged."""
        expected = len(self.moves) + 1
        try:
            if number != expected:
                raise RecordError(
                    T_(
                        "move {number} is missing (the next row is {row})",
                        number=expected,
                        row=repr(number),
                    )
                )
            if seat != self.game.current_player:
                raise RecordError(
                    T_(
                        "move {number} is by seat {seat}, but seat {turn} was to play",
                        number=number,
                        seat=repr(seat),
                        turn=repr(self.game.current_player),
                    )
                )
            action = decode_action(json.loads(text), type(self.game).ACTIONS)
            if not self.game.is_legal(action):
                raise RecordError(
                    T_("move {number} ({action}) is not legal there", number=number, action=action)
                )
        except (ValueError, TypeError) as err:  # RecordError is a ValueError
            reason = (
                err.args[0]
                if isinstance(err, RecordError) and err.args
                else T_("move {number} does not load: {error}", number=number, error=str(err))
            )
            self.store.damage(self.id, str(reason))
            raise TableDamaged(_damaged(self.id, reason)) from None
        return Move(number, seat, action)

    def connected(self, within: float = CONNECTED_WITHIN) -> list[int]:
        """The seats whose pages were seen in the last ``within`` seconds."""
        since = time.time() - within
        with self.store.transaction(write=False) as execute:
            rows = execute(
                "SELECT seat FROM railwidgets_seats"
                " WHERE table_id = ? AND last_seen IS NOT NULL AND last_seen >= ? ORDER BY seat",
                (self.id, since),
            )
        return [row[0] for row in rows]

    def here(self) -> None:
        """Say this seat's page is open (spectators are not counted)."""
        if self.seat is None:
            return
        with self.store.transaction(write=True) as execute:
            execute(
                "UPDATE railwidgets_seats SET last_seen = ? WHERE table_id = ? AND seat = ?",
                (time.time(), self.id, self.seat),
            )

    # -- writing -------------------------------------------------------------------------------

    def play(self, action: Action) -> Move:
        """Append this seat's ``action`` as the next move, and apply it.

        Refused, changing nothing, when it is not this seat's turn or the action is not
        legal (:class:`~railwidgets.core.errors.IllegalActionError`); when another seat
        moved first the table catches up and :class:`~railwidgets.tables.errors.MovedFirst`
        says who did."""
        seat = self._acting_seat()
        if self.game.current_player != seat:
            raise SeatRefused(self._not_your_turn())
        return self._append(seat, action)

    def bot_turn(self) -> BotTurn | None:
        """The bot to play now, if the seat to play is a bot's and this page holds a seat
        (any seated page may play a bot's move; the first append counts)."""
        seat = self.game.current_player
        if self.seat is None or seat is None or self.seats[seat] == HUMAN:
            return None
        number = len(self.moves)
        bot = make_bot(self.game.NAME, self.seats[seat], bot_seed_for(self.bot_seed, seat, number))
        return BotTurn(number, seat, bot, handed(self.game, seat))

    def play_bot(self, turn: BotTurn | None = None, action: Action | None = None) -> Move | None:
        """Play the bot's move (``turn`` and its ``action`` if already worked out): the
        move, or ``None`` when there is no bot to play or another page played it first
        (this table has then caught up)."""
        turn = self.bot_turn() if turn is None else turn
        if turn is None or turn.number != len(self.moves):
            return None
        action = turn.choose() if action is None else action
        try:
            return self._append(turn.seat, action)
        except MovedFirst:
            return None

    def _acting_seat(self) -> int:
        if self.seat is None or self._digest is None:
            raise SeatRefused(T_("a spectator cannot play: open a seat's link to play"))
        return self.seat

    def _not_your_turn(self) -> Text:
        seat = self.game.current_player
        if seat is None:
            return T_("the game is over")
        return T_("it is not your turn: {who} is to play", who=_seat_name(self.game, seat))

    def _append(self, seat: int, action: Action) -> Move:
        self._acting_seat()
        trial = self.game.copy()
        trial.apply(action)  # IllegalActionError: refused, nothing changed
        number = len(self.moves) + 1
        params = (
            self.id, number, seat, json.dumps(action.to_dict()),
            self.id, number - 1, self.id, self.id, self.seat, self._digest,
        )  # fmt: skip
        try:
            with self.store.transaction(write=True) as execute:
                taken = execute(APPEND, params)
                if taken:
                    self.store.notify(execute, self.id)
        except Conflict:
            taken = []
        if taken:
            self.game.apply(action)
            move = Move(number, seat, action)
            self.moves.append(move)
            return move
        new = self.refresh()  # raises TableDamaged when that is why
        if not new:  # nothing new, not damaged: the token no longer matches
            raise SeatRefused(
                T_(
                    "table {table} no longer takes moves from this seat's token",
                    table=repr(self.id),
                )
            )
        first = new[0]
        raise MovedFirst(
            T_(
                "{who} moved first (move {number}); "
                "your move was not played. The board shows the table as it is now.",
                who=_seat_name(self.game, first.seat),
                number=first.number,
            ),
            first.seat,
            first.number,
        )


def _seat_name(game: Game, seat: int) -> str:
    """``Seat 2 (Green)``: the seat's number, from 1, and its player's name."""
    name = game.player_name(seat)
    if str(name).startswith("Seat "):  # a game whose players are named by their seats
        return name
    return T_("Seat {number} ({name})", number=seat + 1, name=name)


def _damaged(table_id: str, reason: object) -> Text:
    return T_("table {table} is damaged: {reason}", table=repr(table_id), reason=reason)


def _seats_of(game: Game) -> Iterator[int]:
    """The seat that made each of ``game``'s moves (replayed from its start)."""
    replay = type(game).from_json(json.dumps({**json.loads(game.to_json()), "actions": []}))
    for action in game.history:
        seat = replay.current_player
        assert seat is not None
        yield seat
        replay.apply(action)
