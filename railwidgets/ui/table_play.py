"""Playing at a table: a game widget joined to one seat of a table in a store
(:mod:`railwidgets.tables`), each person at their own browser and kernel.

``widget.join(table_id, seat, token)`` (or ``OffTheRailsWidget(table=…, seat=…,
token=…)``) sits the widget at that seat: the board shows only that seat's view, the
person plays only their seat's moves, and every other seat's move arrives by itself:
the kernel asks the store every ~200 ms on its event loop whether anything changed
(SQLite's ``PRAGMA data_version``), and with PostgreSQL also as soon as a notification
reaches the listening socket (watched on the event loop, read without a query).
A line above the board says which table and seat this is, who is connected, and whose
turn it is; "Since your turn" lists what moved since. There is no hot-seat cover at a
table (one person per page), no Undo (a move at a table is final), and Save waits for
the game's end (a saved file holds what the other seats hold). Without a seat the
widget watches as a spectator, shown what the rules show everyone.

A bot seat is played by any seated page (the same move everywhere: see
:mod:`railwidgets.tables.bots`); the first append counts. When the store is busy or
gone the line says so and the page tries again; nothing freezes. A reload, a kernel
restart or a closed laptop joins again the same way and finds the table as it is.

New game… gains "Play at a table": it creates a table with the chosen settings, seats
this widget at the first human seat, and shows every human seat's link (a Voilà page,
``…/voila/render/notebooks/play-table.ipynb?table=…&seat=…&token=…``) and a code line
for JupyterLab, which asks for the token (so that it is never saved in a notebook).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets

from railwidgets.core.action import Action
from railwidgets.core.errors import IllegalActionError, RailwidgetsError
from railwidgets.core.game import Game
from railwidgets.i18n import N_, _, tr, tr_error
from railwidgets.tables import (
    HUMAN,
    MovedFirst,
    SeatRefused,
    Store,
    StoreUnavailable,
    Table,
    TableDamaged,
    TableError,
    open_store,
)
from railwidgets.ui.controls import close_all
from railwidgets.ui.language import words
from railwidgets.ui.theme import ERROR, MUTED

if TYPE_CHECKING:
    from railwidgets.ui.board import Frame
    from railwidgets.ui.controls import NewGameForm
    from railwidgets.ui.device import Device

__all__ = [
    "POLL_SECONDS",
    "TABLE_PAGE",
    "TablePlay",
    "seat_link",
    "table_query",
    "table_widget",
    "widget_class",
]

#: How often a page asks the store whether anything changed.
POLL_SECONDS = 0.2
#: How often a seated page says it is open, and reads who else is.
HERE_SECONDS = 5.0
#: Seconds before trying again after the store could not be reached (doubling to a minute).
RETRY_SECONDS = 1.0
#: Where the table page is, from the Jupyter server's root (``$RAILWIDGETS_TABLE_PAGE``).
TABLE_PAGE = "voila/render/notebooks/play-table.ipynb"


def seat_link(table_id: str, seat: int, token: str) -> str:
    """The path of a seat's page on the reader's own Jupyter server (its base URL first:
    ``$JUPYTERHUB_SERVICE_PREFIX`` on a JupyterHub).

    >>> seat_link("abc", 1, "T0k")
    '/voila/render/notebooks/play-table.ipynb?table=abc&seat=1&token=T0k'
    """
    base = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    page = os.environ.get("RAILWIDGETS_TABLE_PAGE", TABLE_PAGE)
    query = urlencode({"table": table_id, "seat": seat, "token": token})
    return f"{base.rstrip('/')}/{page.lstrip('/')}?{query}"


def table_query(query: str | None = None) -> tuple[str | None, int | None, str | None]:
    """``(table, seat, token)`` from a page's query string (Voilà hands it to the kernel
    as ``$QUERY_STRING``); what is missing is ``None``. A seat that is not a number is
    refused.

    >>> table_query("table=abc&seat=1&token=T0k")
    ('abc', 1, 'T0k')
    >>> table_query("table=abc")
    ('abc', None, None)
    """
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    fields = parse_qs(text.lstrip("?"))

    def one(name: str) -> str | None:
        values = fields.get(name)
        return values[-1] if values else None

    seat = one("seat")
    if seat is not None and not seat.isdigit():
        raise SeatRefused(f"the link's seat must be a number, not {seat!r}")
    return one("table"), None if seat is None else int(seat), one("token")


def widget_class(game: str) -> type[Any]:
    """The widget class of the game called ``game`` (``"offtherails"``)."""
    import importlib

    from railwidgets.ui.panel import GameWidget

    importlib.import_module(f"railwidgets.{game}.widget")
    for cls in _subclasses(GameWidget):
        if cls.__module__ == f"railwidgets.{game}.widget" and game == cls.GAME.NAME:
            return cls
    raise TableError(f"there is no widget for the game {game!r}")


def _subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def table_widget(query: str | None = None, store: str | Store | None = None) -> widgets.Widget:
    """The page of ``play-table.ipynb``: the right game's widget joined to the table,
    seat and token of the query string (``$QUERY_STRING`` by default), or a message
    saying plainly why not (no table named, a wrong token, the store unreachable: then
    with a Try again button)."""
    box = widgets.VBox()
    box.add_class("railwidgets-table-page")

    def attempt(*_event: object) -> None:
        try:
            table_id, seat, token = table_query(query)
            if not table_id:
                raise TableError(
                    "this page plays at a table: open it with a seat's link "
                    "(…/play-table.ipynb?table=…&seat=…&token=…), made by New game… → "
                    "Play at a table"
                )
            opened = store if isinstance(store, Store) else open_store(store)
            try:
                table = opened.join(table_id, seat, token)
                cls = widget_class(table.game.NAME)
                widget = cls(game=table.game, seats=list(table.seats), table=table)
            except BaseException:
                if not isinstance(store, Store):
                    opened.close()
                raise
            if not isinstance(store, Store):
                widget.table_store_owned = opened  # closed when the widget leaves the table
            widget.layout.width = "100%"
            box.children = [widget]
        except (RailwidgetsError, ValueError) as err:
            text = f"<div style='color:{ERROR};font-weight:bold'>✗ {escape(_sentence(tr_error(err)))}</div>"
            retry = widgets.Button(description=_("Try again"), icon="refresh")
            retry.on_click(attempt)
            box.children = (
                [widgets.HTML(text), retry]
                if isinstance(err, StoreUnavailable)
                else [widgets.HTML(text)]
            )

    attempt()
    return box


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "." if text else text


class TablePlay:
    """A game widget's place at a table (a mixin of
    :class:`~railwidgets.ui.panel.GameWidget`; see the module docstring)."""

    #: The table this widget plays at (``None``: the game is on this device alone).
    table: Table | None = None
    #: The store this widget opened for its table, closed when it leaves the table.
    table_store_owned: Store | None = None

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        seats: list[str]
        animate: bool
        device: Device
        settings: NewGameForm
        seat_row: widgets.HBox
        children: tuple[widgets.Widget, ...]
        bot_pause: float
        bots_stopped: bool
        SEAT_CHOICES: Any
        FRAME_PAUSE: float

        def say(self, text: str, *, error: bool = False) -> None: ...
        def set_game(self, game: Game, message: str = "") -> None: ...
        def _settle(self, notice: str = "", *, static: bool = ..., frames: Any = ...) -> None: ...
        def animation(self, before: Game, action: Action, after: Game) -> list[Frame]: ...
        def _update_panels(self) -> None: ...
        def _board_busy(self, loop: asyncio.AbstractEventLoop) -> float: ...
        def make_game(self, players: int | None, seed: int | None, **options: Any) -> Game: ...

    def _init_table(self) -> None:
        self.table: Table | None = None
        self.table_problem = ""  # what went wrong with the store, while it does
        self.table_line = widgets.HTML(layout=widgets.Layout(margin="0 0 2px 0"))
        self.table_line.add_class("railwidgets-table-line")
        self.table_links = widgets.HTML()
        self.table_links.add_class("railwidgets-table-links")
        self.hide_links_button = words(
            widgets.Button(icon="eye-slash"),
            description=N_("Hide the links"),
            tooltip=N_(
                "Every seat's link lets its holder play that seat: hide them once handed out"
            ),
        )
        self.hide_links_button.on_click(lambda _: self.hide_links())
        self.table_links_box = widgets.VBox([self.table_links, self.hide_links_button])
        self.table_links_box.layout.display = "none"
        self._table_shown = 0  # the moves the board has shown
        self._table_before: Game | None = None  # the game as the board showed it last
        self._table_task: asyncio.Task[None] | None = None
        self._table_fd: int | None = None  # the store's listening socket, watched
        self._table_bot_task: asyncio.Task[None] | None = None
        self._table_connected: list[int] = []
        self._table_here_at = 0.0
        self._table_retry_at = 0.0
        self._table_retry = RETRY_SECONDS

    def _settings_made(self, form: NewGameForm) -> None:
        """New game…'s form, just made, offers "Play at a table" beside Start."""
        table_button = words(
            widgets.Button(icon="users", layout=widgets.Layout(width="auto")),
            description=N_("Play at a table"),
            tooltip=N_("Each person at their own browser: make a table and a link per seat"),
        )
        table_button.on_click(lambda _: self._guarded(self.create_table))
        buttons = form.children[-1]
        buttons.children = (*buttons.children, table_button)

    def _guarded(self, call: Any) -> None:
        try:
            call()
        except Exception as err:  # a button must answer, never fail silently
            self.say(_("That did not work: {error}").format(error=tr_error(err)), error=True)

    # -- joining -------------------------------------------------------------------------------

    def join(
        self,
        table: str | Table,
        seat: int | None = None,
        token: str | None = None,
        *,
        store: str | Store | None = None,
    ) -> Table:
        """Sit at ``seat`` of ``table`` (its id, with the seat's ``token``; or a
        :class:`~railwidgets.tables.Table` already joined), in ``store`` (default: see
        :func:`railwidgets.tables.open_store`). No seat: watch as a spectator.

        A wrong token, an unknown table or a table of another game is refused with a
        :class:`~railwidgets.tables.TableError` and changes nothing."""
        owned: Store | None = None  # a store opened here is closed when the widget leaves
        if isinstance(table, Table):
            joined = table
        else:
            opened = store if isinstance(store, Store) else open_store(store)
            owned = None if isinstance(store, Store) else opened
            try:
                joined = opened.join(table, seat, token, game=type(self.game))
            except BaseException:
                if owned is not None:
                    owned.close()
                raise
        if joined.game.NAME != self.game.NAME:
            raise TableError(
                f"table {joined.id!r} plays {joined.game.TITLE}, not {self.game.TITLE}"
            )
        self.leave_table()
        self.table_store_owned = owned
        self.seats = list(joined.seats)
        self.table = joined
        self.table_problem = ""
        self._table_shown = joined.number
        self._table_before = joined.game.copy()
        self.seat_row.layout.display = "none"  # the table's seats are the table's
        if self.table_line not in self.children:
            self.children = (self.table_line, *self.children)
        self._table_mark_here()
        who = (
            _("You watch.")
            if joined.seat is None
            else _("You play {name}.").format(name=tr(joined.game.player_name(joined.seat)))
        )
        joined_text = _("Joined table {table} (move {n}).").format(table=joined.id, n=joined.number)
        self.set_game(joined.game, f"{joined_text} {who}")
        self._table_watch()
        return joined

    def leave_table(self) -> None:
        """Stop playing at the table (the table goes on; a seat's link joins again)."""
        if getattr(self, "table", None) is None:
            return
        for task in (self._table_task, self._table_bot_task):
            if task is not None and not task.done():
                task.cancel()
        self._table_task = self._table_bot_task = None
        self._table_unwatch_socket()
        self.table = None
        if self.table_store_owned is not None:
            with contextlib.suppress(Exception):
                self.table_store_owned.close()
            self.table_store_owned = None
        self.table_line.value = ""
        self.seat_row.layout.display = "flex"

    def close_table(self) -> None:
        """Leave the table, and close what this mixin made (the widget is closing)."""
        self.leave_table()
        close_all(self.table_line, self.table_links_box)

    def create_table(self, store: str | Store | None = None) -> Table:
        """New game… → Play at a table: a table with the settings shown (one human seat
        at least), this widget at its first human seat, and every human seat's link."""
        players, seed, options, seats = self.settings.read()
        if HUMAN not in seats:
            raise ValueError("a table needs at least one Human seat")
        game = self.make_game(players, seed, **options)
        opened = store if isinstance(store, Store) else open_store(store)
        try:
            new = opened.create(game, list(seats))
            first = min(new.tokens)
            table = opened.join(new.id, first, new.tokens[first])
        except BaseException:
            if not isinstance(store, Store):
                opened.close()
            raise
        self.settings.show(False)
        self.table_links.value = self._links_html(table, new.tokens)
        self.table_links_box.layout.display = "flex"
        if self.table_links_box not in self.children:
            self.children = (*self.children[:1], self.table_links_box, *self.children[1:])
        self.join(table)
        if not isinstance(store, Store):
            self.table_store_owned = opened
        return table

    def hide_links(self) -> None:
        """Hide the Play at a table links (and forget them: the page no longer holds the
        other seats' tokens)."""
        self.table_links.value = ""
        self.table_links_box.layout.display = "none"

    def _links_html(self, table: Table, tokens: Mapping[int, str]) -> str:
        cls = type(self).__name__
        module = type(self).__module__.rsplit(".", 1)[0]
        rows = []
        here, in_lab, token_word = _(" (this page)"), _("or in JupyterLab:"), _("token:")
        for seat, token in sorted(tokens.items()):
            name = escape(tr(table.game.player_name(seat)))
            link = escape(seat_link(table.id, seat, token))
            code = escape(
                f"from getpass import getpass; from {module} import {cls}; "
                f"{cls}(table={table.id!r}, seat={seat}, token=getpass('Token of {table.game.player_name(seat)}: '))"
            )
            rows.append(
                f"<li><b>{name}</b>{here if seat == table.seat else ''}: "
                f"<a href='{link}' target='_blank'>{link}</a><br>"
                f"<span style='color:{MUTED}'>{in_lab}</span> <code>{code}</code> "
                f"<span style='color:{MUTED}'>{token_word}</span> <code>{escape(token)}</code></li>"
            )
        return (
            "<div style='font-size:12px'>"
            + _(
                "<b>Table {table}</b>: give each person their seat's link "
                "(it lets its holder play that seat: keep it between you)."
            ).format(table=escape(table.id))
            + f" <ul style='margin:2px 0;padding-left:18px'>{''.join(rows)}</ul></div>"
        )

    # -- what the widget asks of the table (hooks in panel.py) --------------------------------

    def table_humans(self) -> list[int]:
        """At a table only this page's seat is at this device (no cover, no hot-seat)."""
        assert self.table is not None
        return [] if self.table.seat is None else [self.table.seat]

    def table_seen(self) -> Any:
        """What the board may show: the seat's view (a spectator's), all once it is over."""
        assert self.table is not None
        return self.game if self.game.is_over else self.table.view()

    def table_my_turn(self) -> bool:
        assert self.table is not None
        seat = self.game.current_player
        return seat is not None and seat == self.table.seat

    def table_prompt(self) -> str:
        """The prompt while another seat is to play ("" on this seat's turn)."""
        assert self.table is not None
        seat = self.game.current_player
        if seat is None or seat == self.table.seat:
            return ""
        name = tr(self.game.player_name(seat))
        if self.table.seats[seat] != HUMAN:
            return _("{name} (a bot) is to play.").format(name=name)
        if seat in self._table_connected:
            return _("Waiting for {name} to play.").format(name=name)
        return _("Waiting for {name} (not connected now) to play.").format(name=name)

    def table_play(self, action: Action) -> bool:
        """This seat's move: appended to the table first, then shown (refused clearly:
        another seat moved first, not legal, the store unreachable)."""
        table = self.table
        assert table is not None
        try:
            table.play(action)
        except MovedFirst as err:
            self._table_show()
            self.say(_sentence(tr_error(err)), error=True)
            return False
        except (IllegalActionError, SeatRefused) as err:
            self.say(_sentence(tr_error(err)), error=True)
            return False
        except StoreUnavailable as err:
            self._table_trouble(err)
            self.say(
                _("Your move was not sent: {error}. Play it again.").format(error=tr_error(err)),
                error=True,
            )
            return False
        except TableDamaged as err:
            self._table_damaged(err)
            return False
        self._table_show()
        return True

    # -- keeping up -----------------------------------------------------------------------------

    def table_sync(self) -> list[Any]:
        """Read what the other seats did and show it (the page's poll does this every
        ~200 ms; call it yourself without an event loop). The new moves."""
        table = self.table
        if table is None:
            return []
        now = time.monotonic()
        if self.table_problem and now < self._table_retry_at:
            return []
        try:
            self._table_mark_here(now)
            new = table.refresh() if table.changed() else []
        except StoreUnavailable as err:
            self._table_trouble(err)
            return []
        except TableDamaged as err:
            self._table_damaged(err)
            return []
        if self.table_problem:
            self.table_problem = ""
            self._table_retry = RETRY_SECONDS
            self.say(_("The table store answers again."))
        self._table_show()
        return new

    def _table_mark_here(self, now: float | None = None) -> None:
        table = self.table
        assert table is not None
        now = time.monotonic() if now is None else now
        if now - self._table_here_at < HERE_SECONDS and self._table_here_at:
            return
        table.here()
        self._table_connected = table.connected()
        self._table_here_at = now
        self._table_update_line()

    def _table_show(self, notice: str = "") -> None:
        """Show the moves the board has not shown yet (one is animated), then let a bot
        seat play if it is a bot's turn."""
        table = self.table
        if table is None:
            return
        self._table_update_line()
        if table.number == self._table_shown:
            self._schedule_table_bots()
            return
        before = self._table_before
        frames: list[Any] = []
        if self.animate and before is not None and table.number == self._table_shown + 1:
            with contextlib.suppress(Exception):  # a picture is a courtesy
                frames = self.animation(before, table.moves[-1].action, self.game)
        self._table_shown = table.number
        self._table_before = self.game.copy()
        self.device.sync(self.game)
        self._settle(notice, frames=frames)

    def _table_update_line(self) -> None:
        table = self.table
        if table is None:
            return
        game = self.game
        parts = []
        for seat, kind in enumerate(table.seats):
            name = escape(tr(game.player_name(seat)))
            if seat == table.seat:
                parts.append("<b>" + _("{name} (you)").format(name=name) + "</b>")
            elif kind != HUMAN:
                parts.append(_("{name} (bot)").format(name=name))
            else:
                dot = "●" if seat in self._table_connected else "○"
                state = _("connected") if seat in self._table_connected else _("not connected")
                parts.append(f"<span title='{state}'>{dot} {name}</span>")
        seat = game.current_player
        turn = (
            _("game over")
            if seat is None
            else _("{name} to play").format(name=escape(tr(game.player_name(seat))))
        )
        trouble = (
            f" · <span style='color:{ERROR}'>{escape(self.table_problem)}</span>"
            if self.table_problem
            else ""
        )
        self.table_line.value = (
            f"<div style='font-size:12px;color:{MUTED}'>"
            + _("Table {table} · move {n}").format(table=escape(table.id), n=table.number)
            + f" · {turn} · {' · '.join(parts)}{trouble}</div>"
        )

    def _table_trouble(self, err: StoreUnavailable) -> None:
        """The store is busy or gone: say so, and try again later (doubling the wait)."""
        first = not self.table_problem
        self.table_problem = _sentence(tr_error(err))
        self._table_retry_at = time.monotonic() + self._table_retry
        self._table_retry = min(60.0, self._table_retry * 2)
        self._table_update_line()
        if first:
            self.say(self.table_problem, error=True)

    def _table_damaged(self, err: TableDamaged) -> None:
        self.table_problem = _sentence(tr_error(err))
        self._table_update_line()
        self.say(
            _("{problem} Nobody can play on at it.").format(problem=self.table_problem),
            error=True,
        )
        if self._table_task is not None:
            self._table_task.cancel()
            self._table_task = None

    def _table_watch(self) -> None:
        """Start the page's poll on the kernel's event loop (none without one)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._table_task is None or self._table_task.done():
            self._table_task = loop.create_task(self._table_poll())

    def _table_watch_socket(self, loop: asyncio.AbstractEventLoop) -> None:
        """With PostgreSQL, read a notification as soon as it arrives (the socket is
        watched on the loop; a new connection's socket replaces a lost one's)."""
        table = self.table
        if table is None:
            return
        try:  # (while the store is in trouble, only the poll asks, waiting longer each time)
            fd = None if self.table_problem else table.store.fileno()
        except StoreUnavailable:
            fd = None
        if fd == self._table_fd:
            return
        self._table_unwatch_socket()
        if fd is not None:
            loop.add_reader(fd, self._table_readable)
            self._table_fd = fd

    def _table_unwatch_socket(self) -> None:
        if self._table_fd is None:
            return
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self._table_fd)
        self._table_fd = None

    def _table_readable(self) -> None:
        try:
            self.table_sync()
        except Exception as err:  # a callback must not fail silently
            self._table_unwatch_socket()
            self.say(_("The table could not be read: {error}").format(error=repr(err)), error=True)

    async def _table_poll(self) -> None:
        loop = asyncio.get_running_loop()
        while self.table is not None:
            self._table_watch_socket(loop)
            await asyncio.sleep(POLL_SECONDS)
            try:
                self.table_sync()
            except Exception as err:  # the poll must go on, and say what failed
                self.say(
                    _("The table could not be read: {error}").format(error=repr(err)), error=True
                )

    # -- bots at the table -------------------------------------------------------------------

    def _bot_to_play(self) -> Any:
        """At a table the local bots never play (the table's do, see below)."""
        if getattr(self, "table", None) is not None:
            return None
        return super()._bot_to_play()  # type: ignore[misc]

    def _schedule_bots(self) -> None:
        if self.table is not None:
            self._schedule_table_bots()
            return
        super()._schedule_bots()  # type: ignore[misc]

    def _table_bot_to_play(self) -> bool:
        """Whether a bot seat is to play and this page may play it (a seated page)."""
        table = self.table
        if table is None or table.seat is None or self.bots_stopped or self.table_problem:
            return False
        seat = self.game.current_player
        return seat is not None and table.seats[seat] != HUMAN

    def _schedule_table_bots(self) -> None:
        table = self.table
        if table is None or not self._table_bot_to_play():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python: at once
            while (turn := table.bot_turn()) is not None:
                if table.play_bot(turn) is None and table.number == turn.number:
                    break  # refused and nothing new: never spin
            self._table_show()
            return
        if self._table_bot_task is None or self._table_bot_task.done():
            self._table_bot_task = loop.create_task(self._table_bots())

    async def _table_bots(self) -> None:
        loop = asyncio.get_running_loop()
        table = self.table
        while table is not None and table is self.table and not self.bots_stopped:
            await asyncio.sleep(self._board_busy(loop) + self.bot_pause)
            turn = table.bot_turn()
            if turn is None:
                return
            action = await loop.run_in_executor(None, turn.choose)
            if table is not self.table or table.number != turn.number:
                return  # another page played it (the poll shows it)
            try:
                table.play_bot(turn, action)
            except StoreUnavailable as err:
                self._table_trouble(err)
                return  # the poll tries again
            except TableDamaged as err:
                self._table_damaged(err)
                return
            self._table_bot_task = None
            self._table_show()
            return
