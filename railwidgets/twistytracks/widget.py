"""``TwistyTracksWidget``: play Twisty Tracks in Jupyter, alone, with bots, or hot-seat.

When it is your turn the spaces of your frame where a tile may go light up and
the tile you drew is shown large on the right. Click a lit space: the tile
appears there as a ghost. Turn it with **Rotate** (or the R key) until its
tracks go where you want, then press **Place** (or Enter); **Back** (Esc)
takes the space back. Everyone places in secret (R25): you see your own frame
large, the others small, and never their tiles before the round is revealed.
With several people at one screen, a cover asks to pass the device between
them. When all have placed, every frame's trains run, step by step; with several
people at the screen, that picture then stays, with what each scored, until someone
presses **Continue** (then the cover for the next person).

>>> from railwidgets import TwistyTracksWidget
>>> w = TwistyTracksWidget(players=2, seed=3, seats=["human", "greedy"], animate=False)
>>> w.prompt()
'Round 1, your turn (Wild West): you drew T13; click a lit space of your frame.'
>>> w.click(*w.cell_centre((1, 2)))
>>> w.press_rotate()
>>> w.place_button.click()
>>> w.game.history[0]
PlaceTile(seat=0, tile=13, cell=(1, 2), rotation=1)
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Hashable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

from railwidgets.core.action import Action
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.game import Game as BaseGame
from railwidgets.draw.painter import Painter, Point
from railwidgets.i18n import N_, T_, Joined, Text, _, joined, language, mapped, ngettext, tr
from railwidgets.twistytracks import render
from railwidgets.twistytracks import words as position_words
from railwidgets.twistytracks.animation import Frame, reveal_frames
from railwidgets.twistytracks.bots import GreedyBot
from railwidgets.twistytracks.components import TILES
from railwidgets.twistytracks.geometry import CANVAS, CellTarget, FrameTarget, Layout, hit_test
from railwidgets.twistytracks.rules import Game, PlaceTile
from railwidgets.twistytracks.scoreboard import player_swatch
from railwidgets.ui.board import draws
from railwidgets.ui.choice import ChoiceError, Parts
from railwidgets.ui.controls import ChoiceButton, seat_choices
from railwidgets.ui.language import words
from railwidgets.ui.panel import HUMAN, GameWidget, SeatChoice
from railwidgets.ui.recent import RECENT_SHOWN
from railwidgets.ui.theme import chip

__all__ = ["TwistyTracksWidget"]


def _cell(cell: Any) -> str:
    return f"({cell[0]},{cell[1]})"


#: Log lines "since your turn" leaves out: a placement (the list has it), the start of a round.
_ROUTINE = re.compile(r"seat \d+ places T\d\d at \(\d,\d\) turned \d+°|round \d+ begins: .*")


def _round_start(history: tuple[Action, ...], index: int) -> int:
    """The first action of the round that ``history[index]`` belongs to.

    Within a round the seats place in seat order, and the next round's seats are
    some of this round's, so a round starts wherever the seat does not go up.
    """
    while index > 0 and history[index - 1].seat < history[index].seat:  # type: ignore[attr-defined]
        index -= 1
    return index


class TwistyTracksWidget(GameWidget):
    """A ``VBox``: toolbar, seats, Rotate/Place, the status line, the board, scores and log.

    ``seats``: one of ``"human"``, ``"random"``, ``"greedy"`` per player (default:
    the first seat human, the others greedy bots). ``scoring``: ``"full"``,
    ``"stations_only"`` or ``"travel_only"``. ``widget.game`` is the engine.
    """

    WORDS = position_words  # the board in words (the companion)

    GAME = Game
    SECRETS = True
    WIDTH, HEIGHT = CANVAS
    LAYERS = (*render.LAYERS[:-1], "marks", render.LAYERS[-1])
    FIRST_STEPS = N_(
        "Click a lit space, turn the tile (<b>Rotate</b> or R), then press <b>Place</b>."
    )
    SEAT_CHOICES: ClassVar[dict[str, SeatChoice]] = seat_choices(
        greedy=(N_("Greedy bot"), GreedyBot)
    )
    DEFAULT_BOT: ClassVar[str] = "greedy"
    BUTTONS = (
        ChoiceButton(
            N_("Rotate left"),
            "rotation",
            step=-1,
            icon="rotate-left",
            tooltip=N_("Turn the tile left"),
        ),
        ChoiceButton(
            N_("Rotate"),
            "rotation",
            step=1,
            icon="rotate-right",
            tooltip=N_("Turn the tile a quarter clockwise (R)"),
            key="r",
        ),
    )
    CONFIRM = frozenset({"place"})
    #: the tile in hand, the lit spaces, the placements held and the recent moves' numbers
    #: on a layer of their own under the ghost: a click on a space moves the ghost alone and
    #: leaves them as they are (issue 27 item 16; one layer less for the page to put together)
    CHOICE_LAYERS = ("marks", "highlights")
    RULES_FOR: ClassVar[dict[str, str]] = {"place": "§2.8", "over": "§2.13"}
    FRAME_PAUSE: ClassVar[float] = 0.09

    game: Game

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """The arguments are :class:`~railwidgets.ui.panel.GameWidget`'s (two players
        unless told; the variants as keywords)."""
        super().__init__(*args, **kwargs)
        words(
            self.confirm_button,
            description=N_("Place"),
            tooltip=N_("Place the tile here, turned as shown (Enter)"),
        )
        # names on the page for the parts people read (browser tests find them so)
        self.add_class("twisty-tracks")
        self.status.add_class("railwidgets-status")
        self.scores.add_class("railwidgets-scores")
        self.recent_view.add_class("railwidgets-recent")

    # -- how a placement is picked -------------------------------------------------------------

    def parts(self, action: Action) -> Parts:
        """A placement is picked as a turn of the tile and a cell, in either order."""
        assert isinstance(action, PlaceTile)
        return (("rotation", action.rotation), ("cell", action.cell))

    def pick(self, part: str, value: Hashable) -> None:
        # A click on a cell takes the tile as the hand shows it, so Place works at once.
        before = self.choice
        if part == "cell" and self.choice.actions and not self.choice.has("rotation"):
            with contextlib.suppress(ChoiceError):
                self.choice = self.choice.pick("rotation", 0)
        super().pick(part, value)
        if self.status_error:
            self.choice = before  # a refused click changes nothing

    #: A cell may be picked before the tile's turn (the companion lists the cells too).
    EARLY_PARTS = ("cell",)

    def option_words(self, part: str, value: Hashable) -> str:
        """A pick as its button says it: "Turn the tile 90°", "Place at row 2 column 3"."""
        if part == "rotation" and isinstance(value, int):
            return position_words.turn_words(value)
        if part == "cell" and isinstance(value, tuple):
            return position_words.place_words(value)
        return super().option_words(part, value)

    def key_allows(self, part: str, value: Hashable) -> bool:
        """The keyboard may land on any lit cell at once (a cell takes the tile as shown)."""
        if part == "cell":
            return self.choice.allows(part, value)
        return super().key_allows(part, value)

    def target_name(self, part: str, value: Hashable) -> str:
        """A cell by its column and row, as the frame labels its spaces."""
        if part == "cell" and isinstance(value, tuple):
            column, row = value
            return position_words.cell_words((column, row))
        return super().target_name(part, value)

    @property
    def place_button(self) -> Any:
        return self.confirm_button

    def press_rotate(self, step: int = 1) -> None:
        """Turn the tile in hand a quarter clockwise (``step=-1``: anticlockwise)."""
        self.press(self.BUTTONS[1] if step > 0 else self.BUTTONS[0])

    @property
    def rotation(self) -> int:
        """The turn of the tile in hand (0–3 quarter turns clockwise)."""
        picked = self.choice.picked("rotation")
        return picked if isinstance(picked, int) else 0

    @property
    def tile_in_hand(self) -> int | None:
        """The tile the seat to decide drew, when a person is deciding now."""
        actions = self.choice.actions
        return actions[0].tile if actions else None  # type: ignore[attr-defined]

    # -- what is drawn -------------------------------------------------------------------------------

    @property
    def board_layout(self) -> Layout:
        """Where everything is drawn: the viewer's frame large (all alike when nobody's)."""
        key = (self.game.num_players, self.viewer)
        if getattr(self, "_layout_key", None) != key:
            self._layout_key = key
            self._layout = Layout(self.game.num_players, focus=self.viewer)
        return self._layout

    def data(self) -> Mapping[str, Any]:
        """What the board shows, as position data: the viewer's view, or (nobody's) all.

        While a revealed round waits for Continue, everyone looks: nobody's next tile shows.
        """
        seen = self.seen()
        data = seen.position() if isinstance(seen, BaseGame) else seen
        if self.device.holding:  # the heading names the round on show, not the next one
            data = {
                **data,
                "players": [{**p, "drawn": None} for p in data["players"]],
                "revealed": data["round"] - 1,
            }
        return data

    def cell_centre(self, cell: tuple[int, int], seat: int | None = None) -> Point:
        """The canvas pixel at the middle of ``cell`` of ``seat``'s frame (default: the viewer's)."""
        if seat is None:
            seat = 0 if self.viewer is None else self.viewer
        box = next(b for b in self.board_layout.frames if b.seat == seat)
        return box.cell_centre(cell)

    def lit(self) -> list[tuple[int, int]]:
        """The cells the person deciding may pick now."""
        if not self.choice.actions:
            return []
        return list(self.choice.options("cell"))  # type: ignore[arg-type]

    def ghost(self) -> render.Ghost | None:
        cell, tile = self.choice.picked("cell"), self.tile_in_hand
        if cell is None or tile is None or self.viewer is None:
            return None
        return render.Ghost(self.viewer, tile, cell, self.rotation)  # type: ignore[arg-type]

    def recent_indices(self) -> list[int]:
        """The placements of every round since the viewer last decided, that one included,
        less those still secret: a round's placements are all revealed together (R25)."""
        history = self.game.history
        viewer = self.viewer
        mine = [i for i, a in enumerate(history) if a.seat == viewer]  # type: ignore[attr-defined]
        start = _round_start(history, mine[-1]) if mine else max(0, len(history) - RECENT_SHOWN)
        return [
            i
            for i in range(start, len(history))
            if not self.is_secret(history[i].seat, history[i], viewer)  # type: ignore[attr-defined]
        ]

    def recent_cells(self) -> list[tuple[int, tuple[int, int]]]:
        """Where the moves since the viewer's last decision went (revealed ones only;
        none once the game is over, when the whole frames are what counts)."""
        if self.game.is_over:
            return []
        return [(seat, action.cell) for seat, action in self.recent() if seat >= 0]  # type: ignore[attr-defined]

    def draw_static(self, painter: Painter) -> None:
        render.draw_static(self.data(), painter, self.board_layout)

    def draw_dynamic(self, painter: Painter) -> None:
        data, layout = self.data(), self.board_layout
        if draws(painter, "pieces"):  # not when a pick redraws the highlights alone
            render.draw_pieces(data, painter, layout)
        marks = draws(painter, "marks")
        render.draw_highlights(
            data,
            painter,
            layout,
            lit=self.lit() if marks else (),
            ghost=self.ghost(),
            recent=self.recent_cells() if marks else (),
            hand_rotation=self.rotation,
            marks_layer="marks" if marks else None,
        )
        if marks:
            self._marks_shown = self._marks_key()

    def _draw_dynamic(self, painter: Painter) -> None:
        if draws(painter, "marks"):  # the marks are drawn again, if at all, from here
            self._marks_shown = None
        super()._draw_dynamic(painter)

    def _marks_key(self) -> tuple[Any, ...]:
        """What the marks' picture depends on (the game's state, who looks, the tile in
        hand and its turn, the lit spaces)."""
        return (
            self.game,
            self.game.history,
            self.viewer,
            self.device.holding,
            self.rotation,
            tuple(self.lit()),
        )

    def choice_layers(self) -> tuple[str, ...]:
        """A pick draws again only the layers it changes: a click on another space moves
        the ghost alone (the marks stay as they are shown)."""
        if getattr(self, "_marks_shown", None) == self._marks_key():
            return ("highlights",)
        return self.CHOICE_LAYERS

    def holds_after(self, action: Action) -> bool:
        """The round's last placement reveals every frame (R25): its picture waits for
        Continue when several people share the screen."""
        return isinstance(action, PlaceTile) and all(
            p["placement"] is None for p in self.game.position()["players"]
        )

    def animation(self, before: BaseGame, action: Action, after: BaseGame) -> list[Frame]:
        """The reveal, when ``action`` was the round's last placement (else nothing)."""
        assert isinstance(before, Game) and isinstance(action, PlaceTile)
        try:
            steps = before.round_steps(action)
        except IllegalActionError:
            return []
        return reveal_frames(before.position(), after.position(), steps, self.board_layout)

    # -- clicks -------------------------------------------------------------------------------------------

    def hit(self, x: float, y: float) -> tuple[str, Hashable] | None:
        target = hit_test(self.board_layout, x, y)
        if isinstance(target, CellTarget) and target.seat == self.viewer:
            return ("cell", target.cell)
        return None

    def miss(self, x: float, y: float) -> str:
        target = hit_test(self.board_layout, x, y)
        if target is not None and target.seat != self.viewer:
            name = tr(self.game.player_name(target.seat))
            if self.viewer is None:
                return _(
                    "That is {name}'s frame: you place only in your own, the large one. "
                    "Click one of its lit spaces."
                ).format(name=name)
            return _(
                "That is {name}'s frame: you place only in your own ({mine}), the large one. "
                "Click one of its lit spaces."
            ).format(name=name, mine=tr(self.game.player_name(self.viewer)))
        if isinstance(target, FrameTarget):
            return _("That is the edge of your frame: click one of the lit spaces inside it.")
        return _("That click is not on your frame: click one of its lit spaces.")

    def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str:
        seat, tile = self.game.current_player, self.tile_in_hand
        if part == "cell" and seat is not None and tile is not None:
            try:
                self.game.copy().apply(PlaceTile(seat, tile, value, self.rotation))  # type: ignore[arg-type]
            except IllegalActionError as why:  # the engine's own reason, naming its rule
                reason = self.line_words(why.args[0] if why.args else why)
                return _("{reason}. Click a lit space.").format(reason=reason)
        return super().refusal(part, value, err)

    # -- words -------------------------------------------------------------------------------------------

    def event_text(self, line: str) -> str:
        """A log line with players called by their names ("seat 1" is "Meadows")."""
        return self.named(line)

    def line_words(self, line: object) -> str:
        """A log line or a refusal in the widget's language, players called by their names
        (in English as :meth:`named` calls them; else each seat's words become a name)."""
        if language() == "en" or not isinstance(line, Text | Joined):
            return self.named(str(line))
        return tr(mapped(line, self._seat_named))

    def _seat_named(self, value: object) -> object:
        """A seat of the engine's words ("seat 1", or a number after "seat(s)") as its name."""
        if not isinstance(value, Text) or not (
            value.msgid == "seat {n}" or value.context == "seat number"
        ):
            return None
        seat = value.params.get("n")
        if not isinstance(seat, int) or not 0 <= seat < self.game.num_players:
            return None
        return self.game.player_name(seat)

    def consequences(self, seat: int, action: Action, lines: Sequence[str]) -> list[str]:
        """What the trains did and scored: the placements are in the "since your turn"
        list itself and the round is in the prompt, so their lines are left out."""
        return [self.line_words(line) for line in lines if not _ROUTINE.fullmatch(line)]

    def move_words(self, action: Action) -> str:
        """A placement as a person says it: "place T03 (Grand crossing) at (1,2), turned 90°"."""
        assert isinstance(action, PlaceTile)
        tile = TILES[action.tile - 1]
        return _("place {tile} ({name}) at {cell}, turned {turn}").format(
            tile=tile.id,
            name=tr(tile.name),
            cell=_cell(action.cell),
            turn=f"{90 * action.rotation}°",
        )

    def continue_prompt(self) -> str:
        """After a round's reveal, while the picture waits: what each player scored in it."""
        game = self.game
        probe = game.copy()
        probe.undo()  # before the round's last placement: the round not yet scored
        gains = ", ".join(
            f"{tr(game.player_name(seat))} {now - then:+d}"
            for seat, (now, then) in enumerate(zip(game.scores(), probe.scores(), strict=True))
        )
        revealed = game.position()["round"] - 1
        return _("Round {n} scored {gains}: press Continue when everyone has seen it.").format(
            n=revealed, gains=gains
        )

    def named(self, text: str) -> str:
        """``text`` (the engine's words) with each "seat N" as that player's name.

        >>> TwistyTracksWidget(players=3, seed=1, animate=False).named(
        ...     "seat 1's red train scores 5; round 2 begins: seat(s) 0, 2 draw a tile")
        "Meadows's red train scores 5; round 2 begins: Wild West, Winter draw a tile"
        """
        return self.game.named(text)  # the engine's own naming: the tutorials print it too

    def prompt(self) -> str:
        game = self.game
        if game.is_over:
            return self.result_sentence()
        seat = game.current_player
        assert seat is not None
        name = tr(game.player_name(seat))
        round_no = game.position()["round"]
        if self.seats[seat] != HUMAN:
            return _("Round {n}: {name} ({seat}) is placing in secret.").format(
                n=round_no, name=name, seat=self.seat_label(seat)
            )
        tile = self.tile_in_hand
        if tile is None:
            return _("Round {n}: {name} is to place.").format(n=round_no, name=name)
        you = self.addressee(seat)
        turn = (
            _("your turn ({name})").format(name=name)
            if you == _("You")
            else _("{name} to place").format(name=name)
        )
        cell = self.choice.picked("cell")
        if cell is None:
            return _("Round {n}, {turn}: you drew {tile}; click a lit space of your frame.").format(
                n=round_no, turn=turn, tile=f"T{tile:02d}"
            )
        return _(
            "{tile} at {cell}, turned {turn}: press Place (Enter), "
            "turn it with Rotate (R), or click another lit space."
        ).format(tile=f"T{tile:02d}", cell=_cell(cell), turn=f"{90 * self.rotation}°")

    def result_sentence(self) -> str:
        """Who won, with what, and the tie-break if one was needed (R51)."""
        game = self.game
        scores, placed = game.scores(), game.tiles_placed()
        winners = game.winners()
        names = tr(joined([game.player_name(w) for w in winners], T_(" and ")))
        best = scores[winners[0]]
        points = ngettext("{n} point", "{n} points", abs(best)).format(n=best)
        if len(winners) == 1:
            sentence = _("Game over: {names} wins with {points}.")
        else:
            sentence = _("Game over: {names} share the victory with {points}.")
        sentence = sentence.format(names=names, points=points)
        tied = [s for s, score in enumerate(scores) if score == best]
        if len(tied) > 1:
            counts = ", ".join(f"{tr(game.player_name(s))} {placed[s]}" for s in tied)
            if len(winners) == 1:
                sentence += " " + _("Tie-break (R51): more tiles placed ({counts}).").format(
                    counts=counts
                )
            else:
                sentence += " " + _("Tied on points and on tiles placed ({counts}) (R51).").format(
                    counts=counts
                )
        return sentence

    def describe_move(self, seat: int, action: Action) -> str:
        assert isinstance(action, PlaceTile)
        tile = TILES[action.tile - 1]
        where = _("{tile} ({name}) at {cell}, turned {turn}").format(
            tile=tile.id,
            name=tr(tile.name),
            cell=_cell(action.cell),
            turn=f"{90 * action.rotation}°",
        )
        if seat == self.viewer and self._unrevealed(action):
            return _("You placed {where}: hidden until all have placed").format(where=where)
        return _("{name} placed {where}").format(name=tr(self.game.player_name(seat)), where=where)

    def _unrevealed(self, action: Action) -> bool:
        """Whether ``action`` is a placement of the round still being placed."""
        if self.game.is_over:
            return False
        players = self.game.position()["players"]
        waiting = sum(p["placement"] is not None for p in players)
        history = self.game.history
        return action in history[len(history) - waiting :]

    def is_secret(self, seat: int, action: Action, viewer: int | None) -> bool:
        """Another seat's placement stays hidden until the round is revealed (R25)."""
        return viewer is not None and seat != viewer and self._unrevealed(action)

    def score_html(self) -> str:
        game = self.game
        data = self.data()
        scores = game.scores()
        placed = game.tiles_placed()
        travel_counts = game.options["scoring"] != "stations_only"
        over = game.is_over
        winners = set(game.winners())
        rows = []
        for seat, entry in enumerate(data["players"]):
            trains = entry["trains"].values()
            travel = sum(t["travel"] for t in trains)
            playing = any(t["state"] in ("active", "waiting_at_depot") for t in trains)
            if over:
                status = "★ " + _("winner") if seat in winners else ""
            elif not playing:
                status = _("passed")
            else:
                placed_now = entry.get("placed", entry["placement"] is not None)
                status = _("placed") if placed_now else _("to place")
            arrived = sum(t["state"] == "arrived" for t in trains)
            crashed = sum(t["state"] in ("crashed", "dead_end") for t in trains)
            swatch = player_swatch(seat)
            rows.append(
                f"<tr><td>{chip(swatch, round_=False)} {escape(tr(game.player_name(seat)))}</td>"
                f"<td>{escape(self.seat_label(seat))}</td>"
                f"<td style='text-align:right'>{travel if travel_counts else '–'}</td>"
                f"<td style='text-align:right'>{entry['station_points']}</td>"
                f"<td style='text-align:right'>{arrived} / {crashed}</td>"
                f"<td style='text-align:right'>{placed[seat]}</td>"
                f"<td style='text-align:right'><b>{scores[seat]}</b></td><td>{status}</td></tr>"
            )
        head = _(
            "<tr><th>Player</th><th>Seat</th><th>Travel</th><th>Stations</th>"
            "<th title='trains arrived / crashed'>Arrived / crashed</th><th>Tiles</th>"
            "<th>Total</th><th></th></tr>"
        )
        foot = f"<p><b>{escape(self.result_sentence())}</b></p>" if over else ""
        return (
            "<table style='border-collapse:collapse;font-size:13px' cellpadding='4'>"
            f"{head}{''.join(rows)}</table>{foot}"
        )
