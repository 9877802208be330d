"""``OffTheRailsWidget``: play Off the Rails in Jupyter.

In the action phase pick what to do with the buttons (Place straight, Place
corner, Upgrade, Place cart, Speed, End actions), then click a lit square;
a new tile comes on it already turned, as a ghost: Rotate (R) turns it, or
click the side an exit should face, and Confirm lays it as the ghost shows. In the movement phase the arrows on the board are the
exits the cart may take (or where its nose may point); jewels, piles and
missions are buttons. Seats can be Human (hot-seat: the board is covered
between people when something is secret), Random bot or Greedy bot.

>>> from railwidgets import OffTheRailsWidget
>>> from railwidgets.offtherails import scenarios
>>> w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "human"])
>>> w.pick("verb", "cart")
>>> w.click(*w.board_layout.centre((-1, 4)))   # the starting track above column 4
>>> w.choice.options("cart")                  # which die: a button each
('white', 'black')
>>> w.pick("cart", "white")
>>> w.game.history[-1]
PlaceCart(cart='white', track=(-1, 4))
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

from railwidgets.core.action import Action
from railwidgets.core.errors import IllegalActionError
from railwidgets.draw.painter import Painter
from railwidgets.draw.palette import Swatch
from railwidgets.i18n import N_, T_, _, joined, ngettext, tr
from railwidgets.offtherails import render
from railwidgets.offtherails import words as position_words
from railwidgets.offtherails.actions import (
    ChangeSpeed,
    ChooseExit,
    PlaceCart,
    PlaceChasm,
    PlaceTile,
    SetNose,
    SplitLoad,
    Upgrade,
)
from railwidgets.offtherails.bots import GreedyBot
from railwidgets.offtherails.components import (
    CART_WORDS,
    KINDS,
    MISSIONS,
    SIDE_LETTERS,
    VALUE,
    Square,
    compass,
)
from railwidgets.offtherails.glyphs import CLAN_FILL, CLAN_LETTER
from railwidgets.offtherails.picks import (
    NEW_TILE,
    Lights,
    board_pick,
    lights,
    new_tile_shape,
    parts_of,
)
from railwidgets.offtherails.render import LAYOUT, LAYOUTS, Layout, cart_box, hit_test, mission_box
from railwidgets.offtherails.rules import SOLO_RESULT_WORDS, Game
from railwidgets.offtherails.sidebar import clan_name, player_name, seat_colour
from railwidgets.ui.board import Frame, PerPlayerLayout, draws
from railwidgets.ui.choice import Choice, ChoiceError
from railwidgets.ui.controls import seat_choices
from railwidgets.ui.panel import HUMAN, ChoiceButton, GameWidget, SeatChoice
from railwidgets.ui.theme import chip, points

__all__ = ["OffTheRailsWidget"]

VERB_LABEL = {
    "straight": N_("Place straight"),
    "corner": N_("Place corner"),
    "upgrade": N_("Upgrade"),
    "cart": N_("Place cart"),
    "speed": N_("Speed"),
    "end": N_("End actions"),
    "end now": N_("End the game now"),
}
#: The items by kind, as buttons and tables name them.
KIND_WORD = {
    "rock": N_("rock"),
    "ruby": N_("ruby"),
    "emerald": N_("emerald"),
    "gold": N_("gold"),
    "diamond": N_("diamond"),
}
#: Each jewel's button shows its shape on the board (ruby a triangle, emerald an octagon, ...).
#: The items' marks on buttons, the shapes the board draws them in (an emerald's octagon
#: has no glyph in common fonts: the hexagon stands for it; every mark is in DejaVu Sans).
ITEM_MARK = {"rock": "⬟", "ruby": "▼", "emerald": "⬢", "gold": "●", "diamond": "◆"}
ARROW = {"N": "↑ N", "E": "→ E", "S": "↓ S", "W": "← W"}
#: A log line "since your turn" leaves out: whose turn begins (the next move says it).
_TURN_LINE = re.compile(r"turn \d+: \w+ to play")


def _pile(items: tuple[str, ...]) -> str:
    return " + ".join(_(KIND_WORD.get(i, i)) for i in items) if items else _("nothing")


def _stock(items: Mapping[str, int]) -> str:
    """A stockpile's or a delivery's items in words ("2 ruby, 1 gold"), "—" if none."""
    return ", ".join(f"{n} {_(KIND_WORD.get(k, k))}" for k, n in items.items()) or "—"


def _option_label(part: str, value: Hashable) -> str:
    if part == "verb":
        return _(VERB_LABEL[str(value)])
    if part == "delta":
        return "− " + _("slower") if value == -1 else "+ " + _("faster")
    if part == "item":
        return _("Take {mark} {jewel}").format(
            mark=ITEM_MARK[str(value)], jewel=_(KIND_WORD.get(str(value), str(value)))
        )
    if part == "split":
        a, b = value  # type: ignore[misc]
        return f"A: {_pile(a)} | B: {_pile(b)}"
    if part == "pile":
        return _("Pile {pile}").format(pile=value)
    if part == "mission":
        if value == "none":
            return _("No claim")
        return _("Claim M{n} {name}").format(n=value, name=tr(MISSIONS[int(value)].name))  # type: ignore[call-overload]
    if part == "side":  # the side decides the clan's colour (§2.4.2)
        return _("Side {side}: {colour}").format(
            side=tr(compass(str(value))), colour=tr(clan_name(str(value)))
        )
    if part == "cart":
        return _("{cart} cart").format(cart=tr(CART_WORDS.get(str(value), str(value))))
    if part in ("edge", "nose"):
        return ARROW[str(value)]
    return str(value)


#: The board's tag where a cart left the track since your turn (beside the moves' numbers).
DERAILED = "×"


class OffTheRailsWidget(PerPlayerLayout, GameWidget):
    """A ``VBox``: toolbar, seats, action buttons, the board, status, the score table and log.

    ``seats``: ``"human"``, ``"random"`` or ``"greedy"`` per player (default: the first
    seat human, the others greedy bots). ``game``: a game to show (a prepared position).
    ``layout``: ``"wide"`` (the default: the panel beside the board, 1000 px wide, for
    Voilà and wide pages), ``"tall"`` (the panel below the board, 624 px wide, so a
    notebook column narrower than 1000 px, JupyterLab's with its file browser open,
    shows the squares at full size), or a :class:`~railwidgets.offtherails.render.Layout`.

    >>> OffTheRailsWidget(players=2, seed=1, layout="tall").board.size
    (624, 912)
    >>> OffTheRailsWidget(players=2, seed=1, layout="narrow")
    Traceback (most recent call last):
    ...
    ValueError: layout must be 'wide', 'tall' or a Layout, not 'narrow'
    """

    WORDS = position_words  # the board in words (the companion)

    GAME: ClassVar[type[Game]] = Game
    SECRETS: ClassVar[bool] = True
    WIDTH: ClassVar[int] = LAYOUT.width
    HEIGHT: ClassVar[int] = LAYOUT.height
    FIRST_STEPS = N_(
        "Pick your side, then an action, then a lit square or arrow; <b>End actions</b> "
        "sets the carts moving."
    )
    SEAT_CHOICES: ClassVar[Mapping[str, SeatChoice]] = seat_choices(
        greedy=(N_("Greedy bot"), GreedyBot)
    )
    DEFAULT_BOT: ClassVar[str] = "greedy"
    CONFIRM: ClassVar[frozenset[str]] = frozenset({"place_tile", "upgrade"})
    BUTTONS: ClassVar[tuple[ChoiceButton, ...]] = (
        ChoiceButton(N_("Rotate"), part="exits", step=1, icon="repeat", key="r",
                     tooltip=N_("Turn the tile in hand to its next shape (R)")),
    )  # fmt: skip
    OPTION_BUTTONS: ClassVar[Mapping[str, Callable[[Any], str]]] = {
        part: (lambda value, part=part: _option_label(part, value))
        for part in (
            "verb",
            "delta",
            "item",
            "split",
            "pile",
            "mission",
            "side",
            "cart",
            "edge",
            "nose",
        )
    }
    RULES_FOR: ClassVar[Mapping[str, str]] = {
        "choose_side": "§2.4.2",
        "place_tile": "A1",
        "upgrade": "A2",
        "place_cart": "A3",
        "change_speed": "A4",
        "end_actions": "§2.6",
        "choose_cart": "§2.7",
        "choose_exit": "§2.7.2",
        "set_nose": "§2.7.2",
        "take_item": "§2.7.3",
        "split_load": "§2.7.5",
        "pick_pile": "§2.7.5",
        "claim_mission": "§2.8",
        "no_claim": "§2.8",
        "place_chasm": "§2.11",
        "end_now": "§2.15",
        "over": "§2.13",
    }

    #: A pick changes only the lit targets, the ghost and the boxes: a click redraws that
    #: layer alone (issue 27 item 16: the pieces were sent again at every pick).
    CHOICE_LAYERS = ("highlights",)

    game: Game

    def __init__(self, *args: Any, layout: Layout | str = LAYOUT, **kwargs: Any) -> None:
        if isinstance(layout, str):
            if layout not in LAYOUTS:
                names = ", ".join(repr(name) for name in LAYOUTS)
                raise ValueError(f"layout must be {names} or a Layout, not {layout!r}")
            layout = LAYOUTS[layout]
        elif not isinstance(layout, Layout):
            raise TypeError(f"layout must be a name or a Layout, not {type(layout).__name__}")
        self._base_layout = layout
        super().__init__(*args, **kwargs)

    # -- the engine's parts ----------------------------------------------------------------------

    def parts(self, action: Action) -> tuple[tuple[str, Hashable], ...]:
        return parts_of(action)

    def pick(self, part: str, value: Hashable) -> None:
        """Pick ``value`` for ``part`` (a click or a button). A new tile comes on its square
        with a shape picked (the ghost is what Confirm lays; Rotate turns it, §2.6 A1)."""
        shape = new_tile_shape(self.choice, part, value)
        if shape is None:
            super().pick(part, value)
            return
        before = self.choice
        on_square = self.choice = before.pick(part, value)
        super().pick("exits", shape)  # one pick as far as the board and panels go
        if self.choice is on_square:
            self.choice = before  # refused (nobody may pick now): the square goes too

    def step_back(self, choice: Choice) -> Choice:
        """A new tile's shape came with the pick before it (its square, or its verb), so
        Back takes both."""
        if choice.picked("verb") in NEW_TILE and choice.picks and choice.picks[-1][0] == "exits":
            choice = choice.back()
        return choice.back()

    def is_secret(self, seat: int, action: Action, viewer: int | None) -> bool:
        """A split is the hit cart owner's secret: nobody else sees how the piles were made (C-5)."""
        return isinstance(action, SplitLoad) and seat != viewer

    def _data(self) -> Mapping[str, Any]:
        """The position the device may see, made once per game state and viewer: the
        keyboard's target search asks :meth:`hit` thousands of times (a view each was
        3 s on the first arrow key)."""
        key = (self.game, self.game.history, self.viewer, self.covered)
        cached = getattr(self, "_seen_data", None)
        if cached is not None and all(
            a is b or a == b for a, b in zip(cached[0], key, strict=True)
        ):
            return cached[1]
        seen = self.seen()
        data = seen if isinstance(seen, Mapping) else seen.position()
        self._seen_data = (key, data)
        return data

    def _seat(self) -> int:
        seat = self.game.current_player
        return -1 if seat is None else seat

    def hit(self, x: float, y: float) -> tuple[str, Hashable] | None:
        data = self._data()
        lit = self._lights(data)
        arrows = lit.arrows if lit is not None else ()
        target = hit_test(x, y, self.board_layout, data, arrows=arrows)
        if target is None:
            return None
        return board_pick(self.choice, target, data, self._seat())

    def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str:
        """Why the engine refuses the pick (its message names the rule), then what to do."""
        action = self._would_be(part, value)
        if action is not None:
            try:
                self.game.copy().apply(action)
            except IllegalActionError as why:
                return f"{self.line_words(why.args[0] if why.args else why)}. {self.prompt()}"
        return super().refusal(part, value, err)

    def _would_be(self, part: str, value: Hashable) -> Action | None:
        """The action this pick would make, to ask the engine why it is not allowed."""
        verb = self.choice.picked("verb")
        square = value if part == "square" else self.choice.picked("square")
        stage = self.game.position()["turn"]["stage"]
        if part == "square" and stage == "chasm":
            return PlaceChasm(square)  # type: ignore[arg-type]
        if part == "square" and verb in ("straight", "corner"):
            return PlaceTile(square, "NS" if verb == "straight" else "NE")  # type: ignore[arg-type]
        if part == "square" and verb == "upgrade":
            return Upgrade(square, "NESW")  # type: ignore[arg-type]
        if part == "square" and verb == "cart":
            return PlaceCart("white", square)  # type: ignore[arg-type]
        if part == "delta" and self.choice.picked("cart") is not None:
            return ChangeSpeed(str(self.choice.picked("cart")), int(value))  # type: ignore[call-overload]
        if part == "verb" and value == "cart":
            seat = self._seat()
            spare = [c for c in self.game.position()["carts"] if c["owner"] == seat]
            name = next((c["name"] for c in spare if c["place"] == "supply"), spare[0]["name"])
            return PlaceCart(name, (-1, 4))
        if part == "edge" and isinstance(value, str) and value:
            return ChooseExit(value)  # type: ignore[arg-type]
        if part == "nose" and isinstance(value, str) and value:
            return SetNose(value)  # type: ignore[arg-type]
        return None

    def miss(self, x: float, y: float) -> str:
        return _("Nothing to pick there. {prompt}").format(prompt=self.prompt())

    def words_view_seat(self) -> int:
        """Nobody in particular: the view of the clan to play."""
        seat = self.game.current_player
        return 0 if seat is None else seat

    def target_name(self, part: str, value: Hashable) -> str:
        """Squares by column and row; exits and tiles by their sides."""
        if part == "square" and isinstance(value, tuple):
            return position_words.square_target_words(value)
        if part == "exits" and isinstance(value, str):
            return position_words.track_words(value)
        return super().target_name(part, value)

    def consequences(self, seat: int, action: Action, lines: Sequence[str]) -> list[str]:
        """What a move led to: the carts' runs, pick-ups, deposits, the chasm; not the
        line that says the move again, nor whose turn begins."""
        kept = [line for line in lines if not _TURN_LINE.fullmatch(str(line))]  # English
        return super().consequences(seat, action, kept)

    # -- drawing ------------------------------------------------------------------------------------

    def draw_static(self, painter: Painter) -> None:
        all_tracks = self.game.options["start_tracks"] == "all"
        render.draw_static(painter, self.board_layout, all_tracks=all_tracks)

    def draw_dynamic(self, painter: Painter) -> None:
        data = self._data()
        if draws(painter, "pieces"):  # not when a pick redraws the highlights alone
            crossover = bool(self.game.options["cross_is_crossover"])
            render.draw_pieces(data, painter, self.board_layout, crossover=crossover)
        self._draw_lights(painter, data)

    def _lights(self, data: Mapping[str, Any]) -> Lights | None:
        """What is lit for the choice in hand (``None`` when nobody is to decide)."""
        seat = self._seat()
        return lights(self.choice, data, seat) if self.choice is not None and seat >= 0 else None

    def _draw_lights(self, painter: Painter, data: Mapping[str, Any]) -> None:
        lit = self._lights(data)
        boxes = []
        if lit is not None:
            boxes += [cart_box(data, owner, name, self.board_layout) for owner, name in lit.carts]
            boxes += [mission_box(data, m, self.board_layout) for m in lit.missions]
        marks = []
        for number, (_seat, action) in enumerate(self.recent(), start=1):
            square = getattr(action, "square", None) or getattr(action, "track", None)
            if square is not None:
                marks.append((square, str(number)))
        marks += [(square, DERAILED) for square in self._derailed()]
        render.draw_highlights(
            painter,
            self.board_layout,
            squares=lit.squares if lit else (),
            arrows=lit.arrows if lit else (),
            ghost=lit.ghost if lit else None,
            selected=lit.selected if lit else None,
            marks=marks,
            boxes=boxes,
        )

    def _derailed(self) -> list[Square]:
        """Where carts left the track in your last move and the moves since (the board
        tags each with :data:`DERAILED`; the cart itself is gone): the moves are played
        again, traced, from a copy of the game (a derailment is seen by everyone)."""
        indices = self.recent_indices()
        mine = self.device.marks.get(self.viewer, 0) if self.viewer is not None else 0
        if mine and mine - 1 not in indices:  # what your own last move led to, as listed
            indices = sorted([mine - 1, *indices])
        key = (self.game, len(self.game.history), tuple(indices))
        cached = getattr(self, "_derailed_seen", None)
        if cached is not None and cached[0][0] is key[0] and cached[0][1:] == key[1:]:
            return cached[1]
        found: list[Square] = []
        if indices:
            history = self.game.history
            replay = self.game.copy()
            while len(replay.history) > indices[0]:
                replay.undo()
            wanted = set(indices)
            for i in range(indices[0], len(history)):
                if i in wanted:
                    steps = replay.apply_traced(history[i])
                    found += [step.square for step in steps if step.event == "derail"]
                else:
                    replay.apply(history[i])
        self._derailed_seen = (key, found)
        return found

    def animation(self, before: Game, action: Action, after: Game) -> list[Frame]:
        """A frame per step of every cart that moved: square by square, picking up, leaving."""
        probe = before.copy()
        steps = probe.apply_traced(action)
        if not any(step.event != "start" for step in steps):
            return []
        viewer = self.viewer if hasattr(self, "viewer") else self._seat()
        data = copy.deepcopy(
            before.view(viewer) if viewer is not None and viewer >= 0 else before.position()
        )
        frames: list[Frame] = []
        crossover = bool(self.game.options["cross_is_crossover"])
        for step in steps:
            cart = data["carts"][step.cart]
            if step.event == "take":
                _move_item(data, step.square, cart, step.item)
            x, y = self.board_layout.centre(step.square)
            facing = step.facing
            gone = step.event in ("derail", "lost")
            frames.append(
                _frame(data, step.cart, (x, y), facing, gone, crossover, self.board_layout)
            )
        return frames

    # -- words -------------------------------------------------------------------------------------

    def prompt(self) -> str:
        game = self.game
        if game.is_over:
            return self._result_sentence()
        seat = self._seat()
        name = tr(game.player_name(seat))
        if self.seats[seat] != HUMAN:
            return _("{name} ({seat}) is to play.").format(name=name, seat=self.seat_label(seat))
        turn = self._turn()
        part = self.choice.next_part if self.choice is not None else None
        verb = self.choice.picked("verb") if self.choice is not None else None
        square = self.choice.picked("square") if self.choice is not None else None
        exits = self.choice.picked("exits") if self.choice is not None else None
        left = 4 - turn["actions_used"]
        return f"{name}: " + _ask(turn["stage"], part, verb, left, square, exits)

    def _turn(self) -> Mapping[str, Any]:
        """The position's ``turn`` entry, made once per game state: the prompt is said
        at every pick, and a whole position takes a millisecond (issue 27 item 16)."""
        key = (self.game, self.game.history)
        cached = getattr(self, "_seen_turn", None)
        if cached is None or cached[0][0] is not key[0] or cached[0][1] != key[1]:
            cached = self._seen_turn = (key, self.game.position()["turn"])
        return cached[1]

    def _result_sentence(self) -> str:
        game = self.game
        if game.num_players == 1:
            return _("Game over: {result}, high score {points}.").format(
                result=tr(SOLO_RESULT_WORDS.get(game.solo_result(), game.solo_result())),
                points=points(game.scores()[0]),
            )
        winners = game.winners()
        names = tr(joined([game.player_name(w) for w in winners], T_(" and ")))
        best = game.scores()[winners[0]]
        tied = [s for s, v in enumerate(game.scores()) if v == best]
        if len(winners) == 1:
            sentence = _("Game over: {names} wins with {points}.")
        else:
            sentence = _("Game over: {names} share the victory with {points}.")
        sentence = sentence.format(names=names, points=points(best))
        if len(tied) > 1:
            sentence += " " + _tie_break(game, tied)
        return sentence

    def score_html(self) -> str:
        game = self.game
        data = game.position()
        if game.num_players == 1:
            return _solo_table(game, data)
        scores = game.scores()
        rubies = [s.get("ruby", 0) for s in data["stockpiles"]]
        most = max(rubies)
        winners = set(game.winners()) if game.is_over else set()
        rows = []
        for seat in range(game.num_players):
            stock = data["stockpiles"][seat]
            items = sum(VALUE[KINDS.index(k)] * n for k, n in stock.items())
            kept = sum(1 for c in data["carts"] if c["owner"] == seat and c["place"] != "gone")
            missions = data["missions"]["claimed"][seat]
            goblins = (
                scores[seat]
                - items
                - 3 * kept
                - 4 * len(missions)
                - (5 if most and rubies[seat] == most else 0)
            )
            parts = [_("jewels {n}").format(n=items)]
            if most and rubies[seat] == most:
                parts.append(_("most rubies +5"))
            parts.append(_("carts {n}×3").format(n=kept))
            if missions:
                names = " ".join(f"M{m}" for m in missions)
                parts.append(_("missions {names} +{n}").format(names=names, n=4 * len(missions)))
            if goblins:  # the end's own mission, apart: "missions M11 Dirty Goblins" read as one
                parts.append(f"M4 {tr(MISSIONS[4].name)} +{goblins}")
            mark = " ★" if seat in winners else ""
            stock_text = _stock(stock)
            rows.append(
                f"<tr><td>{_seat_chip(data, seat)}</td><td>{escape(self.seat_label(seat))}</td>"
                f"<td>{escape(stock_text)}</td><td>{escape(' · '.join(parts))}</td>"
                f"<td style='text-align:right'><b>{scores[seat]}</b>{mark}</td></tr>"
            )
        head = _(
            "<tr><th>Clan</th><th>Seat</th><th>Stockpile</th><th>Score made of</th>"
            "<th>{total}</th></tr>"
        ).format(total=_("Final") if game.is_over else _("If it ended now"))
        foot = f"<p><b>{escape(self._result_sentence())}</b></p>" if game.is_over else ""
        return (
            "<table style='border-collapse:collapse;font-size:13px' cellpadding='4'>"
            f"{head}{''.join(rows)}</table>{foot}"
        )


def _ask(
    stage: str,
    part: str | None,
    verb: Hashable | None,
    left: int,
    square: Hashable = None,
    exits: Hashable = None,
) -> str:
    """What the person to play should do now, in words (``left``: actions left this turn;
    ``square``: a square clicked before an action was picked; ``exits``: the tile in hand
    as it is turned now, so that each Rotate is told)."""
    if stage == "actions":
        if verb is None and isinstance(square, tuple):
            return _(
                "square ({x}, {y}) chosen: pick what to do there with the buttons, "
                "or click another square."
            ).format(x=square[0], y=square[1])
        if verb is None:
            return ngettext(
                "{n} action left: pick one with the buttons, or End actions.",
                "{n} actions left: pick one with the buttons, or End actions.",
                left,
            ).format(n=left)
        if part == "square":
            label = _(VERB_LABEL[str(verb)])
            if verb == "cart":
                return _("{verb}: click a lit starting track.").format(verb=label)
            if verb == "upgrade":
                return _("{verb}: click a lit tile.").format(verb=label)
            return _("{verb}: click a lit square.").format(verb=label)
        if part == "exits":
            if verb == "upgrade":
                return _("Upgrade: click the side (arrow) where the new exit goes.")
            return _("Turn the tile (Rotate, or click the side an exit should face), then Confirm.")
        if part == "cart":
            return _("Click one of your carts (on the board or beside it).")
        if part == "delta":
            return _("Speed: press − slower or + faster.")
        if verb == "upgrade":
            return _("press Confirm (Enter) for this upgrade, or Back.")
        if isinstance(exits, str):  # the tile as the log will name it ("straight N–S")
            sides = tr(compass(exits, "–"))
            if exits in ("NS", "EW"):
                return _(
                    "press Confirm (Enter) to lay this straight {exits} tile, Rotate (R) to "
                    "turn it, or Back."
                ).format(exits=sides)
            return _(
                "press Confirm (Enter) to lay this corner {exits} tile, Rotate (R) to turn it, "
                "or Back."
            ).format(exits=sides)
        return _("press Confirm (Enter) to lay this tile, Rotate (R) to turn it, or Back.")
    asks = {
        "side": N_("choose the side your clan plays from."),
        "cart": N_("click the cart that moves first."),
        "exit": N_("the cart is on a junction: click the arrow of the exit it takes."),
        "nose": N_("the cart stops on a junction: click where its nose points."),
        "take": N_("choose the jewel the cart takes (buttons)."),
        "split": N_(
            "split your hit cart's load into two piles (buttons); the mover picks one blind."
        ),
        "pick": N_("pick pile A or B, blind: that pile drops."),
        "mission": N_("claim a mission met this turn (click it, or its button), or No claim."),
        "chasm": N_("click a lit square to open the chasm there."),
    }
    return _(asks.get(stage, N_("decide.")))


def _tie_break(game: Game, tied: list[int]) -> str:
    data = game.position()
    jewels = [sum(n for k, n in data["stockpiles"][s].items() if k != "rock") for s in tied]
    rocks = [data["stockpiles"][s].get("rock", 0) for s in tied]
    names = [tr(game.player_name(s)) for s in tied]
    players = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
    counts = ", ".join(f"{n} {j}" for n, j in zip(names, jewels, strict=True))
    text = _("Tie-break between {players}: the most jewels wins ({counts})").format(
        players=players, counts=counts
    )
    if len(set(jewels)) == 1:  # still tied: the fewest rocks (§2.13)
        rocked = ", ".join(f"{n} {r}" for n, r in zip(names, rocks, strict=True))
        text += _(", then the fewest rocks ({counts})").format(counts=rocked)
    return text + "."


def _seat_chip(data: Mapping[str, Any], seat: int) -> str:
    colour = seat_colour(data, seat)
    if colour < 0:
        return escape(tr(player_name(data, seat)))
    return f"{chip(Swatch(CLAN_FILL[colour], CLAN_LETTER[colour]), round_=False)} {escape(tr(player_name(data, seat)))}"


def _solo_table(game: Game, data: Mapping[str, Any]) -> str:
    rows = []
    for letter in SIDE_LETTERS:
        got = data["delivered"].get(letter, {})
        text = _stock(got)
        side = _("side {side}").format(side=tr(compass(letter)))
        rows.append(f"<tr><td>{escape(side)}</td><td>{escape(text)}</td></tr>")
    result = game.solo_result()
    result = f"{tr(SOLO_RESULT_WORDS.get(result, result))} · " if game.is_over else ""
    high = _("high score {n}").format(n=game.scores()[0])
    return (
        "<table style='border-collapse:collapse;font-size:13px' cellpadding='4'>"
        + _("<tr><th>Exit side</th><th>Delivered</th></tr>")
        + f"{''.join(rows)}</table><p><b>{escape(result)}{escape(high)}</b> "
        + _("(ruby N, gold E, emerald S, diamond W)")
        + "</p>"
    )


def _move_item(
    data: dict[str, Any], square: tuple[int, int], cart: dict[str, Any], item: str
) -> None:
    for entry in data["squares"]:
        if tuple(entry["square"]) == tuple(square) and entry["items"].get(item):
            entry["items"][item] -= 1
            if not entry["items"][item]:
                del entry["items"][item]
            break
    cart["contents"][item] = cart["contents"].get(item, 0) + 1


def _frame(
    data: dict[str, Any],
    index: int,
    at: tuple[float, float],
    facing: int,
    gone: bool,
    crossover: bool,
    layout: render.Layout,
) -> Frame:
    shot = copy.deepcopy(data)

    def draw(painter: Painter) -> None:
        for name in render.LAYERS[1:]:  # each frame is a whole picture of the pieces
            painter.clear(name)
        render.draw_pieces(shot, painter, layout, crossover=crossover, hide_carts=(index,))
        cart = shot["carts"][index]
        render.draw_moving_cart(
            painter, shot, cart, *at, facing, layout, alpha=0.35 if gone else 1.0
        )

    return draw
