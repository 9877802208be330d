"""Who is at the device: the seat whose eyes are on the screen, and the hot-seat cover.

A widget shows what one seat may know (its view) whenever the game has secrets. With
one person at the table that is always their seat; with several, it is the person to
decide, and a cover ("pass the device to …") stands between two people until the
next one presses Ready. With only bots, or once the game is over, nobody's secrets
are kept: everything is shown.

:class:`Device` also remembers who decided each action of the history, so that a
person's "since your turn" list, Undo in hot-seat (only your own decisions since
anyone else decided) and Save (which waits while one person's secret is pending
before another) all read one record. It is plain Python (no widgets), so the rules
of the device are tested without a front end.

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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from railwidgets.core.action import Action
from railwidgets.core.game import Game
from railwidgets.draw.painter import Painter
from railwidgets.ui.theme import DARK, MUTED, PAPER

__all__ = ["Device", "IsSecret", "draw_cover"]

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

    @property
    def covered(self) -> bool:
        return self.cover_for is not None

    def reset(self) -> None:
        """A new game on the device: nobody has looked yet."""
        self.viewer = self.cover_for = None

    def update(self, game: Game, humans: Sequence[int], secrets: bool) -> None:
        """Who is at the device now, and whether a cover must stand between two people.

        One person: always them. Several: the person to decide; with secrets, a cover
        until they press Ready. Only bots, or a finished game: nobody (all is shown).
        """
        seat = game.current_player
        self.cover_for = None
        if not humans or game.is_over:
            self.viewer = None
        elif len(humans) == 1:
            self.viewer = humans[0]
        elif seat in humans and seat != self.viewer:
            if secrets and self.viewer is not None:
                self.cover_for = seat
            else:
                self.viewer = seat
        elif self.viewer not in humans:
            self.viewer = humans[0]

    def ready(self) -> None:
        """The cover's Ready: the person it named now sees the board (``ValueError`` if
        there is no cover)."""
        if self.cover_for is None:
            raise ValueError("There is no cover to take away.")
        self.viewer, self.cover_for = self.cover_for, None

    # -- who decided what ------------------------------------------------------------------

    def decided(self, seat: int, game: Game) -> None:
        """``seat`` has just decided the last action of ``game``'s history."""
        self.deciders.append(seat)
        self.marks[seat] = len(game.history)

    def sync(self, game: Game) -> None:
        """Work out who decided each action of the history (after a game was set or loaded)."""
        probe = game.copy()
        deciders: list[int] = []
        while probe.can_undo:
            probe.undo()
            seat = probe.current_player
            deciders.append(-1 if seat is None else seat)
        self.deciders = deciders[::-1]
        self.remark()

    def remark(self) -> None:
        """Each seat's last decision, again from :attr:`deciders` (after some were taken back)."""
        self.marks = {seat: i + 1 for i, seat in enumerate(self.deciders)}

    def check(self, game: Game) -> None:
        """Make sure :attr:`deciders` covers ``game``'s history (it was changed directly)."""
        if len(self.deciders) != len(game.history):
            self.sync(game)

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
        back with it). With only bots: any move. Never under the cover.
        """
        if not game.can_undo or self.covered:
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
        if humans and not strict:
            while seat not in humans:
                taken.append(game.undo())
                seat = self.deciders.pop()
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
    painter.text(w / 2, h * 0.45, f"Pass the device to {name}", size=26, fill=DARK, bold=True)
    painter.text(
        w / 2,
        h * 0.55,
        f"{name}: press Ready when only you can see the screen.",
        size=15,
        fill=MUTED,
    )
