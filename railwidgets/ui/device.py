"""Who is at the device: the seat whose eyes are on the screen, and the hot-seat cover.

A widget shows what one seat may know (its view) whenever the game has secrets. With
one person at the table that is always their seat; with several, it is the person to
decide, and a cover ("pass the device to …") stands between two people until the
next one presses Ready. With only bots, or once the game is over, nobody's secrets
are kept: everything is shown. A move that reveals what everyone did (a Twisty Tracks
round) can *hold* the picture: with two or more people it stays, secrets of nobody
shown, until someone presses Continue; only then does the cover drop.

:class:`Device` also remembers who decided each action of the history, so that a
person's "since your turn" list, Undo in hot-seat (only your own decisions since
anyone else decided) and Save (which waits while one person's secret is pending
before another) all read one record; and where each decision's lines of the game log
end, so that list can tell what each move led to. It is plain Python (no widgets), so
the rules of the device are tested without a front end. :class:`AtTheDevice` is the
widget's side of it: who is at the device, what the board may show, the cover's buttons.

>>> from railwidgets import twistytracks
>>> game = twistytracks.Game(players=2, seed=3)
>>> device = Device()
>>> device.update(game, humans=[0, 1], secrets=True)
>>> device.viewer, device.cover_for
(0, None)
>>> game.apply(game.legal_actions()[0]); device.decided(0, game)
>>> device.update(game, humans=[0, 1], secrets=True)
>>> device.viewer, device.cover_for
(0, 1)
>>> device.ready(); device.viewer, device.covered
(1, False)
>>> game.apply(game.legal_actions()[0]); device.decided(1, game)   # the round's reveal
>>> device.hold(game, humans=[0, 1], secrets=True)   # its picture waits for Continue
>>> device.update(game, humans=[0, 1], secrets=True)
>>> device.holding, device.covered, device.viewer
(True, False, 1)
>>> device.proceed(); device.update(game, humans=[0, 1], secrets=True)
>>> device.holding, device.cover_for
(False, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from railwidgets.core.action import Action
from railwidgets.core.game import Game
from railwidgets.draw.painter import Painter
from railwidgets.i18n import _, tr
from railwidgets.tables.bots import HUMAN
from railwidgets.ui.theme import DARK, MUTED, PAPER

__all__ = ["AtTheDevice", "Device", "IsSecret", "draw_cover"]

#: ``is_secret(seat, action, viewer)``: whether ``viewer`` may not see ``action``
#: (decided by ``seat``) yet.
IsSecret = Callable[[int, Action, "int | None"], bool]


class Device:
    """Who is at the device, whether a cover stands before it, and who decided what."""

    def __init__(self) -> None:
        self.viewer: int | None = None  # the seat whose eyes are at the device
        self.cover_for: int | None = None  # a person the device must be passed to
        self.deciders: list[int] = []  # who decided each action of the history (-1: nobody)
        self.marks: dict[int, int] = {}  # seat -> history length after its last decision
        self.logs: list[int] = []  # the log's length after each action of the history
        self.log_start = 0  # the log's length before the first action (the setup's lines)
        self.holding = False  # a revealed picture waits for Continue before the cover
        self.under_way = False  # a game set mid-play: who holds the device is unknown

    @property
    def covered(self) -> bool:
        return self.cover_for is not None

    @property
    def paused(self) -> bool:
        """Whether the device waits for a button (Ready, Continue) before anyone may pick."""
        return self.covered or self.holding

    def reset(self, *, under_way: bool = False) -> None:
        """A new game on the device: nobody has looked yet. ``under_way``: a game set in
        mid-play (resumed, loaded), so the person to decide gets a cover first."""
        self.viewer = self.cover_for = None
        self.holding = False
        self.under_way = under_way

    def update(self, game: Game, humans: Sequence[int], secrets: bool) -> None:
        """Who is at the device now, and whether a cover must stand between two people.

        One person: always them. Several: the person to decide; with secrets, a cover
        until they press Ready (also for the first person to decide in a game set under
        way, resumed or loaded: nobody knows who holds the device). Only bots, or a
        finished game: nobody (all is shown).
        """
        seat = game.current_player
        self.cover_for = None
        if self.holding:
            if self._may_hold(game, humans, secrets):
                return  # the picture stays, nobody's secrets, until Continue
            self.holding = False
        if not humans or game.is_over:
            self.viewer = None
        elif len(humans) == 1:
            self.viewer = humans[0]
        elif seat in humans and seat != self.viewer:
            # a cover between two people; and before anyone has looked at a game already
            # under way (resumed after a reload, loaded): who holds the device is unknown
            if secrets and (self.viewer is not None or self.under_way):
                self.cover_for = seat
            else:
                self.viewer = seat
        elif self.viewer not in humans:
            self.viewer = humans[0]

    def ready(self) -> None:
        """The cover's Ready: the person it named now sees the board (``ValueError`` if
        there is no cover)."""
        if self.cover_for is None:
            raise ValueError(_("There is no cover to take away."))
        self.viewer, self.cover_for = self.cover_for, None

    @staticmethod
    def _may_hold(game: Game, humans: Sequence[int], secrets: bool) -> bool:
        return secrets and len(humans) >= 2 and not game.is_over

    def hold(self, game: Game, humans: Sequence[int], secrets: bool) -> None:
        """A move has just revealed what everyone did: with secrets and two or more people
        at the table, its picture stays until :meth:`proceed` (Continue), and the cover for
        the next person waits until then. Alone, or once the game is over, nothing is held
        (no cover follows: the picture stays until the next move anyway)."""
        if self._may_hold(game, humans, secrets):
            self.holding = True

    def proceed(self) -> None:
        """Continue: the picture held after a reveal gives way (``ValueError`` if none is)."""
        if not self.holding:
            raise ValueError(_("There is nothing to continue from."))
        self.holding = False

    # -- who decided what ------------------------------------------------------------------

    def decided(self, seat: int, game: Game) -> None:
        """``seat`` has just decided the last action of ``game``'s history."""
        self.deciders.append(seat)
        self.logs.append(len(game.log))
        self.marks[seat] = len(game.history)

    def sync(self, game: Game) -> None:
        """Work out who decided each action of the history, and where its log lines end
        (after a game was set or loaded)."""
        probe = game.copy()
        deciders: list[int] = []
        logs: list[int] = []
        while probe.can_undo:
            logs.append(len(probe.log))
            probe.undo()
            seat = probe.current_player
            deciders.append(-1 if seat is None else seat)
        self.deciders = deciders[::-1]
        self.logs = logs[::-1]
        self.log_start = len(probe.log)
        self.remark()

    def remark(self) -> None:
        """Each seat's last decision, again from :attr:`deciders` (after some were taken back)."""
        self.marks = {seat: i + 1 for i, seat in enumerate(self.deciders)}

    def check(self, game: Game) -> None:
        """Make sure :attr:`deciders` covers ``game``'s history (it was changed directly)."""
        if len(self.deciders) != len(game.history) or len(self.logs) != len(game.history):
            self.sync(game)

    def lines(self, game: Game, index: int) -> tuple[str, ...]:
        """The log lines that action ``index`` of the history wrote (what it led to: a cart's
        run, a reveal, the end of a round)."""
        self.check(game)
        start = self.logs[index - 1] if index > 0 else self.log_start
        return game.log[start : self.logs[index]]

    def since(self, game: Game, shown: int) -> int:
        """Where the viewer's "since your turn" starts: after their last decision (the last
        ``shown`` moves when nobody, or the viewer never decided, is at the device)."""
        if self.viewer is not None:
            return self.marks.get(self.viewer, 0)
        return max(0, len(game.history) - shown)

    # -- Undo and Redo -----------------------------------------------------------------------

    def can_take_back(self, game: Game, humans: Sequence[int], strict: bool) -> bool:
        """Whether Undo has something to take back.

        ``strict`` (hot-seat with secrets): the viewer's own decisions since anyone else
        decided. With a person at the table: a person's decision (bots' moves are taken
        back with it). With only bots: any move. Never under the cover, nor while a
        revealed picture waits for Continue (everyone has seen the others' moves then).
        """
        if not game.can_undo or self.paused:
            return False
        self.check(game)
        if strict:
            return bool(self.deciders) and self.deciders[-1] == self.viewer
        return not humans or any(seat in humans for seat in self.deciders)

    def take_back(
        self, game: Game, humans: Sequence[int], strict: bool
    ) -> tuple[int, list[Action]]:
        """Undo (when :meth:`can_take_back`): the last person's decision and the bots' moves
        after it (``strict`` or only bots: one decision). Who decided it, and what was
        taken back, last first."""
        taken = [game.undo()]
        seat = self.deciders.pop()
        self.logs.pop()
        if humans and not strict:
            while seat not in humans:
                taken.append(game.undo())
                seat = self.deciders.pop()
                self.logs.pop()
        self.remark()
        return seat, taken

    def play_again(self, game: Game, humans: Sequence[int], strict: bool) -> Action:
        """Redo: the next decision undone, and the bots' after it up to a person's turn
        (``strict``: that one decision). The first decision played again."""
        seat = game.current_player
        redone = game.redo()
        self.decided(-1 if seat is None else seat, game)
        if humans and not strict:
            while game.can_redo and not game.is_over and game.current_player not in humans:
                seat = game.current_player
                game.redo()
                self.decided(-1 if seat is None else seat, game)
        return redone

    def pending_secret(self, game: Game, humans: Sequence[int], is_secret: IsSecret) -> bool:
        """Whether one person at the table decided something another may not know yet
        (a Twisty Tracks placement before the reveal, an Off the Rails split before the
        pick): only the moves since the earliest of the people's last decisions can be."""
        if len(humans) < 2:
            return False
        self.check(game)
        start = min(self.marks.get(seat, 0) for seat in humans)
        history = game.history
        for i in range(start, len(history)):
            seat = self.deciders[i]
            if seat in humans and any(
                is_secret(seat, history[i], other) for other in humans if other != seat
            ):
                return True
        return False


def draw_cover(painter: Painter, size: tuple[int, int], name: str) -> None:
    """The hot-seat cover: nothing of the game, only who the device goes to."""
    w, h = size
    painter.rect(0, 0, w, h, fill=PAPER)
    painter.rect(w * 0.2, h * 0.35, w * 0.6, h * 0.3, fill="#FFFFFF", stroke=DARK, width=2)
    name = tr(name)
    said = _("Pass the device to {name}").format(name=name)
    painter.text(w / 2, h * 0.45, said, size=26, fill=DARK, bold=True)
    painter.text(
        w / 2,
        h * 0.55,
        _("{name}: press Ready when only you can see the screen.").format(name=name),
        size=15,
        fill=MUTED,
    )


class AtTheDevice:
    """A :class:`~railwidgets.ui.panel.GameWidget`'s side of its :class:`Device` (a mixin):
    who is at the device, what the board may show them, and the cover's buttons."""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        seats: list[str]
        device: Device
        table: Any
        SECRETS: bool

        def say(self, text: str, *, error: bool = False) -> None: ...
        def table_humans(self) -> list[int]: ...
        def table_seen(self) -> Any: ...
        def _settle(self, notice: str = "", *, static: bool = False) -> None: ...

    @property
    def humans(self) -> list[int]:
        if self.table is not None:
            return self.table_humans()
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes are at the device (``None``: nobody's secrets are kept)."""
        return self.device.viewer

    @property
    def cover_for(self) -> int | None:
        """The person the device must be passed to, while the cover stands."""
        return self.device.cover_for

    @property
    def covered(self) -> bool:
        return self.device.covered

    def seen(self) -> Any:
        """What the board may show: the viewer's view when the game has secrets, else the game."""
        if self.table is not None:
            return self.table_seen()
        if self.SECRETS and self.viewer is not None and not self.game.is_over:
            return self.game.view(self.viewer)
        return self.game

    def ready(self) -> None:
        """The cover's Ready button: the person it named now sees the board."""
        self._device_step(self.device.ready)

    def proceed(self) -> None:
        """Continue: the picture held after a reveal gives way (to the cover for the next
        person, or play goes on)."""
        self._device_step(self.device.proceed)

    def _device_step(self, step: Callable[[], None]) -> None:
        """Take one of the device's steps; a refusal is said and changes nothing."""
        try:
            step()
        except ValueError as err:
            self.say(str(err), error=True)
            return
        self._settle(static=True)

    def addressee(self, seat: int) -> str:
        """``"You"`` when one person plays against bots and ``seat`` is theirs, else the name."""
        return _("You") if self.humans == [seat] else tr(self.game.player_name(seat))
