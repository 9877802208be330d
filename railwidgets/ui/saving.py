"""Saving and loading: a game's record as a file to download, a file to load back, and
the autosave that lets a reloaded page resume the game that was on its board.

Save is one step: the browser downloads the file at once
(:class:`~railwidgets.ui.page.PageScript`); the record goes to the page in a message and is kept nowhere in the widget's
state, so nothing of it stays on the page after the download, nor in a saved notebook.

A saved file is the game's whole record (options, seed, every action): everything a
table's secrets are made of, the order of what is still face down included. So the
widget says so when it saves, the file name carries no seed, and Save waits under the
cover and while one person's secret is pending before another
(:meth:`GameWidget.save_waits <railwidgets.ui.panel.GameWidget.save_waits>`).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from railwidgets.core.errors import RecordError
from railwidgets.core.game import Game
from railwidgets.core.paths import data_folder  # here too: the autosave's folder
from railwidgets.i18n import N_, T_, _, language, ngettext
from railwidgets.ui.controls import close_all, uploaded_text
from railwidgets.ui.language import words
from railwidgets.ui.page import PageScript
from railwidgets.ui.theme import LOAD_CLASS

if TYPE_CHECKING:
    from railwidgets.ui.device import Device

__all__ = [
    "SAVED_FILE_HOLDS",
    "Autosave",
    "KeptGames",
    "Resumable",
    "SaveLoad",
    "data_folder",
    "file_name",
]

SAVE_TOOLTIP = N_("Save this game as a file")
#: What the widget says whenever it saves a file.
SAVED_FILE_HOLDS = N_(
    "A saved file holds the whole game, with what is still hidden (the order of what is "
    "face down, secret choices): open it only when the game is over, or Load it to play on."
)


def file_name(game: Game) -> str:
    """The saved file's name: the game and the move, never the seed (it orders the
    hidden draws).

    >>> from railwidgets import minirails
    >>> file_name(minirails.Game(players=3, seed=7))
    'minirails-move0.json'
    """
    return f"{type(game).NAME}-move{len(game.history)}.json"


class SaveLoad:
    """The Save button (the file downloads at once) and the Load button.

    ``loaded(game)`` is called with a game read from an uploaded file; a file that
    is not a saved game of this kind is refused through ``refuse`` and changes nothing.
    """

    def __init__(
        self,
        game_cls: type[Game],
        loaded: Callable[[Game], None],
        refuse: Callable[[str], None],
    ) -> None:
        self.game_cls = game_cls
        self.loaded = loaded
        self.refuse = refuse
        self.button = widgets.Button(icon="download", layout=widgets.Layout(width="auto"))
        words(self.button, description=N_("Save"), tooltip=SAVE_TOOLTIP)
        self.load_input = widgets.FileUpload(
            accept=".json", multiple=False, layout=widgets.Layout(width="auto")
        )
        words(self.load_input, description=N_("Load"), tooltip=N_("Load a saved game"))
        self.load_input.add_class(LOAD_CLASS)  # shown as "Load…", without a file count
        self.speak(language())
        self.load_input.observe(self._uploaded, "value")
        #: hands the browser the saved file (shows nothing; also lets the wheel scroll
        #: the page over the board)
        self.page = PageScript()

    def speak(self, lang: str) -> None:
        """The Load button's label in ``lang`` (a CSS rule per language, theme.load_css)."""
        for name in list(self.load_input._dom_classes):
            if name.startswith(f"{LOAD_CLASS}-"):
                self.load_input.remove_class(name)
        if lang != "en":
            self.load_input.add_class(f"{LOAD_CLASS}-{lang}")

    def save(self, game: Game) -> str:
        """Download ``game``'s record as a file, at once; what to say about it."""
        name = file_name(game)
        self.page.download(name, game.to_json(indent=1))
        return _("Saved {name} to your downloads.").format(name=name) + " " + _(SAVED_FILE_HOLDS)

    def close(self) -> None:
        close_all(self.page)

    def wait(self, why: str) -> None:
        """Disable Save while ``why`` is not empty, and say why in its tooltip."""
        self.button.disabled = bool(why)
        self.button.tooltip = why or _(SAVE_TOOLTIP)

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        if not change["new"]:
            return
        try:
            game = self.game_cls.from_json(uploaded_text(change["new"]))
        except (RecordError, ValueError) as err:
            self.refuse(  # a Text: said in the widget's language (the upload has none)
                T_(
                    "That file was not loaded: {reason}. The game on screen is unchanged.",
                    reason=err.args[0] if err.args else str(err),
                )
            )
        else:
            self.loaded(game)
        finally:
            self.load_input.unobserve(self._uploaded, "value")
            self.load_input.value = ()
            self.load_input.observe(self._uploaded, "value")


# -- the autosave ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Resumable:
    """A game an autosave kept: the game, who sat where, the bots' seed, and when."""

    game: Game
    seats: tuple[str, ...]
    bot_seed: int
    saved_at: float

    def describe(self, now: float | None = None) -> str:
        """What the offer to resume says: the move and how long ago, nothing hidden.

        >>> from railwidgets import minirails
        >>> game = minirails.Game(players=3, seed=1)
        >>> game.apply(game.legal_actions()[0])
        >>> Resumable(game, ("human", "greedy", "greedy"), 0, 100.0).describe(now=220.0)
        'A game of Mini Rails was on this board 2 minutes ago, at move 1.'
        """
        ago = max(0.0, (time.time() if now is None else now) - self.saved_at)
        minutes = round(ago / 60)
        hours = round(minutes / 60)
        when = (
            _("a moment ago")
            if minutes < 1
            else ngettext("{n} minute ago", "{n} minutes ago", minutes).format(n=minutes)
            if minutes < 120
            else ngettext("{n} hour ago", "{n} hours ago", hours).format(n=hours)
        )
        moves = len(self.game.history)
        return _("A game of {title} was on this board {when}, at move {n}.").format(
            title=_(self.game.TITLE), when=when, n=moves
        )


class Autosave:
    """The game on a board, kept in one file at every change, so that a reloaded page
    (Voilà runs the notebook again in a new kernel) or a restarted kernel can offer to
    resume it. ``key`` names the board (one file per key, in :func:`data_folder`).

    The file holds the whole record, hidden things included, like a saved file; it
    stays on the machine that runs the kernel. A finished game is not offered again.

    >>> import tempfile
    >>> from railwidgets import twistytracks
    >>> keeper = Autosave("demo", tempfile.mkdtemp())
    >>> game = twistytracks.Game(players=2, seed=5)
    >>> game.apply(game.legal_actions()[0])
    >>> keeper.write(game, ["human", "greedy"], bot_seed=3)
    >>> kept = keeper.read(twistytracks.Game)
    >>> kept.game.to_json() == game.to_json(), kept.seats, kept.bot_seed
    (True, ('human', 'greedy'), 3)
    """

    def __init__(self, key: str, folder: str | Path | None = None) -> None:
        if not key or not all(c.isalnum() or c in "-_." for c in key) or key.startswith("."):
            raise ValueError(
                f"an autosave key names a file: letters, digits, '-', '_' and '.', not {key!r}"
            )
        self.key = key
        self.folder = Path(folder) if folder is not None else data_folder() / "autosave"
        self.failure = ""  # why the last write failed, if it did

    @property
    def path(self) -> Path:
        return self.folder / f"{self.key}.json"

    def write(self, game: Game, seats: Sequence[str], bot_seed: int) -> None:
        """Keep ``game`` (atomically: a reader sees the old file or the new one)."""
        entry = {
            "record": json.loads(game.to_json()),
            "seats": list(seats),
            "bot_seed": bot_seed,
            "saved_at": time.time(),
        }
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(entry, out)
            os.replace(temporary, self.path)
            self.failure = ""
        except OSError as err:  # a read-only home must not break the game
            self.failure = f"The game could not be kept for a reload: {err}"

    def read(self, game_cls: type[Game]) -> Resumable | None:
        """The game kept for this board, if there is one worth resuming (of this kind,
        not over, with a move made); a damaged file is passed over."""
        try:
            entry = json.loads(self.path.read_text(encoding="utf-8"))
            game = game_cls.from_json(json.dumps(entry["record"]))
            seats = tuple(str(kind) for kind in entry["seats"])
            bot_seed = entry["bot_seed"]
            saved_at = float(entry["saved_at"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if game.is_over or not game.history or len(seats) != game.num_players:
            return None
        if isinstance(bot_seed, bool) or not isinstance(bot_seed, int):
            return None
        return Resumable(game, seats, bot_seed, saved_at)

    def clear(self) -> None:
        """Forget the game kept for this board."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as err:
            self.failure = f"The kept game could not be removed: {err}"


class KeptGames:
    """Save, and the offer to resume a kept game, of a
    :class:`~railwidgets.ui.panel.GameWidget` (a mixin): Save waits while a secret is
    pending at the device; ``autosave=`` keeps the game after every move and offers it
    again after a reload."""

    if TYPE_CHECKING:  # what the widget provides
        game: Game
        seats: list[str]
        bot_seed: int
        autosave: Autosave | None
        files: SaveLoad
        device: Device
        humans: list[int]
        SECRETS: bool
        _offer: Resumable | None
        table: Any

        @property
        def covered(self) -> bool: ...
        def say(self, text: str, *, error: bool = False) -> None: ...
        def is_secret(self, seat: int, action: Any, viewer: int | None) -> bool: ...
        def full_prompt(self) -> str: ...
        def set_game(self, game: Game, message: str = "") -> None: ...
        def _check_seats(self, seats: Sequence[str] | None, n: int) -> list[str]: ...
        def _button(
            self, description: str, icon: str, tooltip: str, action: Callable[[], None]
        ) -> widgets.Button: ...

    def save_waits(self) -> str:
        """Why Save must wait now (``""`` when it need not): under the cover, and while
        one person's secret (a placement not yet revealed, a split not yet picked) is
        pending before another, since a saved file holds the whole game."""
        if self.covered:
            return _("Save waits: the device is being passed.")
        if self.table is not None and not self.game.is_over:
            return _(
                "Save waits for the end of the game at a table: "
                "a saved file holds every seat's secrets."
            )
        if self.SECRETS and self.device.pending_secret(self.game, self.humans, self.is_secret):
            return _(
                "Save waits until the secret choices made at this table are revealed: "
                "a saved file holds the whole game."
            )
        return ""

    def save(self) -> None:
        """Save: the game's record downloads as a file (see :mod:`railwidgets.ui.saving`)."""
        why = self.save_waits()
        if why:
            self.say(why, error=True)
            return
        self.say(self.files.save(self.game))

    def _build_resume_row(self) -> None:
        self.resume_text = widgets.HTML(layout=widgets.Layout(max_width="330px"))
        self.resume_button = self._button(
            N_("Resume"), "play", N_("Play on the game that was on this board"), self.resume
        )
        self.resume_button.button_style = "success"
        self.fresh_button = self._button(
            N_("Start fresh"), "", N_("Keep this new game"), lambda: self._drop_offer(forget=True)
        )
        self.resume_row = widgets.HBox(
            [self.resume_text, self.resume_button, self.fresh_button],
            layout=widgets.Layout(
                display="none", align_items="center", flex="0 0 auto", margin="0 12px 0 0"
            ),
        )
        self.resume_row.add_class("railwidgets-resume")
        if self.autosave is None:
            return
        offer = self.autosave.read(type(self.game))
        if offer is None:
            return
        try:
            self._check_seats(offer.seats, offer.game.num_players)
        except ValueError:
            return
        self._offer = offer
        self.resume_text.value = (
            f'<div style="line-height:18px"><b>{escape(offer.describe())}</b></div>'
        )
        self.resume_row.layout.display = "flex"

    def resume(self) -> None:
        """Resume: play on the game an autosave kept (``autosave=`` names the board)."""
        offer = self._offer
        if offer is None:
            self.say(_("There is no kept game to resume."), error=True)
            return
        self.seats = list(offer.seats)
        self.bot_seed = offer.bot_seed
        moves = len(offer.game.history)
        self.set_game(
            offer.game,
            _("Resumed the game that was on this board (move {n}).").format(n=moves),
        )

    def _drop_offer(self, *, forget: bool = False) -> None:
        """No resuming now (a move, New game, Load, or Start fresh: ``forget``)."""
        if self._offer is None:
            return
        self._offer = None
        self.resume_row.layout.display = "none"
        if forget:
            self._keep()
            self.say(_("A fresh game. {prompt}").format(prompt=self.full_prompt()).strip())

    def _keep(self) -> None:
        """Keep the game for a reload (``autosave=``), unless a kept one is still offered."""
        if self.autosave is not None and self._offer is None and self.table is None:
            self.autosave.write(self.game, self.seats, self.bot_seed)
