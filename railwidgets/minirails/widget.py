"""``MiniRailsWidget``: play Mini Rails in Jupyter.

Click a disc in the market, then press **Buy** or **Build**. For Build the
legal hexes light up; click one to place the disc (when the company is
blocked, its frame is the only target). Seats can be Human (hot-seat play
works for several people), Random bot or Greedy bot. What may be clicked comes
from the kit's :class:`~railwidgets.ui.choice.Choice` over the legal actions
(:mod:`railwidgets.minirails.picks` says how an action is picked in parts).

>>> from railwidgets import MiniRailsWidget
>>> w = MiniRailsWidget(players=3, seed=7, seats=["human", "human", "human"])
>>> w.game.player_name(w.game.current_player)
'Green'
>>> w.game.state.market[0]
'blue'
>>> w.click(*w.board_layout.market_slot_centre(0))   # take the blue disc in slot 0
>>> w.buy_button.click()
>>> w.game.history[-1]
Buy(company='blue', slot=0)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from html import escape
from typing import Any, ClassVar

from railwidgets.draw.palette import Swatch
from railwidgets.minirails import render, words
from railwidgets.minirails.bots import GreedyBot
from railwidgets.minirails.components import (
    COMPANY_FILL,
    COMPANY_LETTER,
    MAP_HEXES,
    PLAYER_COLOURS,
    PLAYER_FILL,
    hex_name,
)
from railwidgets.minirails.describe import describe
from railwidgets.minirails.picks import parts_of
from railwidgets.minirails.render import (
    DEFAULT_LAYOUT,
    FrameTarget,
    HexTarget,
    Layout,
    MarketTarget,
    Target,
    hit_test,
)
from railwidgets.minirails.rules import Build, Game
from railwidgets.minirails.story import draw_recent_moves, round_end_frames
from railwidgets.ui.choice import ChoiceError
from railwidgets.ui.controls import ChoiceButton
from railwidgets.ui.panel import HUMAN, GameWidget, SeatChoice
from railwidgets.ui.theme import chip, points

__all__ = ["MiniRailsWidget"]

_HEX_IN_TEXT = re.compile(r"\((-?\d+), ?(-?\d+)\)")


def _named_hex(match: re.Match[str]) -> str:
    h = (int(match.group(1)), int(match.group(2)))
    return hex_name(h) if h in MAP_HEXES else match.group(0)


def _company_chip(company: str, value: int | None = None) -> str:
    swatch = Swatch(COMPANY_FILL[company], COMPANY_LETTER[company])
    text = swatch.mark if value is None else f"{swatch.mark} {value:+d}"
    return chip(swatch, text)


def _player_chip(game: Game, seat: int) -> str:
    swatch = Swatch(PLAYER_FILL[PLAYER_COLOURS[seat]], str(seat + 1))
    return f"{chip(swatch, round_=False)} {escape(game.player_name(seat))}"


class MiniRailsWidget(GameWidget):
    """A ``VBox``: toolbar, seats, Buy/Build, the status line, the board, score table and log.

    ``seats``: one of ``"human"``, ``"random"``, ``"greedy"`` per player (default:
    the first seat human, the others greedy bots). ``bot_pause``: seconds a bot
    waits before moving (0 in tests). ``widget.game`` is the engine.
    """

    GAME = Game
    SEAT_CHOICES: ClassVar[dict[str, SeatChoice]] = {
        **GameWidget.SEAT_CHOICES,
        "greedy": ("Greedy bot", lambda seed: GreedyBot(seed)),
    }
    DEFAULT_BOT: ClassVar[str] = "greedy"
    BUTTONS = (
        ChoiceButton(
            "Buy",
            "verb",
            "buy",
            icon="shopping-cart",
            tooltip="Buy a share of the disc's company",
            key="b",
        ),
        ChoiceButton(
            "Build", "verb", "build", icon="train", tooltip="Build the disc onto the map", key="t"
        ),
    )
    RULES_FOR: ClassVar[dict[str, str]] = {"buy": "§2.7", "build": "§2.8", "over": "§2.11"}
    FRAME_PAUSE: ClassVar[float] = 0.9  # the end of a round: time to read each step
    CHOICE_LAYERS = ("highlights",)  # the lit targets and the disc in hand

    game: Game

    def __init__(
        self,
        players: int = 3,
        seed: int | None = None,
        seats: list[str] | None = None,
        *,
        bot_pause: float = 0.6,
        bot_seed: int = 0,
        autosave: str | None = None,
        game: Game | None = None,
        layout: Layout = DEFAULT_LAYOUT,
        animate: bool = True,
        accessible: bool | None = None,
    ):
        self._base_layout = layout
        super().__init__(
            players,
            seed,
            seats,
            bot_pause=bot_pause,
            bot_seed=bot_seed,
            autosave=autosave,
            game=game,
            animate=animate,
            accessible=accessible,
        )

    # -- the game -----------------------------------------------------------------------------

    @property
    def board_layout(self) -> Layout:
        """Where everything is drawn: the layout, as tall as this game's profit boards need."""
        return self._base_layout.for_players(self.game.num_players)

    def board_size(self) -> tuple[int, int]:
        layout = self.board_layout
        return (int(layout.width), int(layout.height))

    def parts(self, action: Any) -> Any:
        return parts_of(action)

    def draw_static(self, painter: Any) -> None:
        render.draw_static(self.game, painter, self.board_layout)

    def draw_dynamic(self, painter: Any) -> None:
        layout, viewer = self.board_layout, self._turn_viewer()
        render.draw_pieces(self.game, painter, layout, viewer=viewer)
        render.draw_highlights(
            self.game, painter, self.targets(), self.selected, layout, viewer=viewer
        )
        draw_recent_moves(self.game, painter, self.recent(), layout)

    def _turn_viewer(self) -> int | None:
        """The person whose turn it is, when one is at the device (their turn stands out)."""
        seat = self.game.current_player
        return seat if seat is not None and seat == self.viewer and self._is_human_turn() else None

    def animation(self, before: Any, action: Any, after: Any) -> list[Any]:
        """The end of a round as steps: tax, the new order, the new market."""
        return round_end_frames(before, after, self.board_layout)

    @property
    def buy_button(self) -> Any:
        return self.choice_button("Buy")

    @property
    def build_button(self) -> Any:
        return self.choice_button("Build")

    @property
    def selected(self) -> int | None:
        """The market slot whose disc is in hand, if any."""
        slot = self.choice.picked("slot")
        return slot if isinstance(slot, int) else None

    @property
    def building(self) -> bool:
        """Whether Build was pressed for the disc in hand (its targets are lit)."""
        return self.choice.picked("verb") == "build"

    @property
    def company_in_hand(self) -> str | None:
        """The company of the selected market disc, if any."""
        if self.selected is None:
            return None
        item = self.game.state.market[self.selected]
        return item if isinstance(item, str) else None

    def targets(self) -> list[Target]:
        """What lights up now: where the disc may be built, or the discs that may be taken."""
        choice = self.choice
        if not choice.actions:
            return []
        if self.building and self.company_in_hand is not None:
            hexes = choice.options("hex")
            return [FrameTarget(self.company_in_hand) if h is None else HexTarget(h) for h in hexes]  # type: ignore[arg-type]
        if self.selected is None:
            return [MarketTarget(slot) for slot in choice.options("slot")]  # type: ignore[arg-type]
        return []

    # -- clicks on the board ---------------------------------------------------------------------------

    def hit(self, x: float, y: float) -> tuple[str, Hashable] | None:
        target = hit_test(self.game, x, y, self.board_layout)
        if isinstance(target, MarketTarget):
            return ("slot", target.slot)
        if isinstance(target, HexTarget):
            return ("hex", target.hex)
        if isinstance(target, FrameTarget):
            return ("frame", target.company)
        return None

    def pick(self, part: str, value: Hashable) -> None:
        if part == "frame" and self._may_pick():  # a frame stands for "no hex" (§2.8.5)
            company = self.company_in_hand
            if not self.building or company is None:
                self.say(
                    "A frame takes a disc only when its company is blocked: take a disc, "
                    "press Build, then click.",
                    error=True,
                )
                return
            if value != company:
                self.say(f"That is the {value} frame, not {company}'s.", error=True)
                return
            part, value = "hex", None
        super().pick(part, value)

    def key_allows(self, part: str, value: Hashable) -> bool:
        """The keyboard may land on a frame when the disc in hand may go there (§2.8.5)."""
        if part == "frame":
            company = self.company_in_hand
            return self.building and value == company and self.choice.allows("hex", None)
        return super().key_allows(part, value)

    def target_name(self, part: str, value: Hashable) -> str:
        """Hexes by their names, discs by company and slot, frames by company."""
        if part == "hex" and value in MAP_HEXES:
            return hex_name(value)  # type: ignore[arg-type]
        if part == "slot" and isinstance(value, int):
            item = self.game.state.market[value]
            return f"the {item} disc in slot {value}" if isinstance(item, str) else f"slot {value}"
        if part == "frame":
            return f"the {value} frame"
        return super().target_name(part, value)

    def position_words(self) -> list[str]:
        seat = self.words_seat()
        names = [self.game.player_name(s) for s in range(self.game.num_players)]
        view = self.game.view(seat if seat is not None else 0)
        return words.position_words(view, seat, names)

    def option_words(self, part: str, value: Hashable) -> str:
        """A pick as its button says it: "Take the red disc in slot 2", "Build red on E4"."""
        company = self.company_in_hand
        if part == "slot":
            return f"Take {self.target_name(part, value)}"
        if part == "hex" and company is not None:
            if value is None:
                return f"Put the {company} disc on its frame (blocked)"
            return f"Build {company} on {self.target_name(part, value)}"
        return super().option_words(part, value)

    def miss(self, x: float, y: float) -> str:
        if self.building:
            return "Click one of the lit hexes (or another disc in the market)."
        if self.selected is not None:
            return "Press Buy or Build for the disc in hand (or click another disc)."
        return "Click a disc in the market."

    def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str:
        game = self.game
        company, slot = self.company_in_hand, self.selected
        if part == "slot" and isinstance(value, int):
            item = game.state.market[value]
            return (
                f"Slot {value} holds {game.player_name(item)}'s marker: that disc was taken "
                "already. Click a disc."
                if not isinstance(item, str)
                else f"The {item} disc in slot {value} cannot be taken now."
            )
        if part == "verb":
            seat = game.current_player
            if company is None:
                return "First click a disc in the market."
            done = "built" if value == "build" else "bought"
            return f"{game.player_name(seat)} has already {done} this round: press {'Buy' if value == 'build' else 'Build'}."  # type: ignore[arg-type]
        if part == "hex":
            if company is None or slot is None or not self.building:
                what = f"{describe(game, value)}. " if value in MAP_HEXES else ""
                return f"{what}To build, click a disc in the market, press Build, then click a lit hex."
            if value is not None and not game.legal_hexes(company):
                return f"{company.title()} is blocked: click its frame, not a hex."
            return self.event_text(self.why_not(Build(company, slot, value)))  # type: ignore[arg-type]
        return f"{err}. {self.prompt()}"

    def consequences(self, seat: int, action: Any, lines: Sequence[str]) -> list[str]:
        """What a move led to: its company's shares moved (the move's own line, less the
        move: "red shares +2."), and any round's end it brought (the tax, the draw)."""
        name = self.game.player_name(seat)
        events = []
        for line in lines:
            if line.startswith(f"{name} buys ") or line.startswith(f"{name} builds "):
                effect = line.rsplit(": ", 1)[1] if ": " in line else ""
                if effect:
                    events.append(effect)
                continue
            events.append(self.event_text(line))
        return events

    def event_text(self, line: str) -> str:
        """Hexes named as the map shows them: "builds red at (-3, 4)" reads "… at H1"."""
        return _HEX_IN_TEXT.sub(_named_hex, line)

    def why_not(self, action: Any) -> str:
        """The engine's own reason for refusing ``action`` (it names the rule)."""
        try:
            self.game.copy().apply(action)
        except ValueError as err:
            return str(err)
        return f"{action} is legal, but not the decision in hand."

    # -- words and tables -----------------------------------------------------------------------------

    def prompt(self) -> str:
        game = self.game
        if game.is_over:
            return self._result_sentence()
        seat = game.current_player
        assert seat is not None
        name = game.player_name(seat)
        if self.seats[seat] != HUMAN:
            return f"{name} ({self.seat_label(seat)}) is to play."
        left = [v for v in ("buy", "build") if v in game.actions_left(seat)]
        verbs = " or ".join(v.title() for v in left)
        you = self.addressee(seat)
        turn = f"Your turn ({name})" if you == "You" else f"{name} to play"
        company = self.company_in_hand
        if company is None:
            return f"{turn}: click a disc in the market, then {verbs}."
        if self.building:
            if game.legal_hexes(company):
                return f"Build {company}: click a lit hex (next to a {company} disc)."
            return (
                f"{company.title()} is blocked: no empty hex next to its discs. Click the "
                f"{company} frame to put the disc there ({company} shares −1)."
            )
        assert self.selected is not None
        # what Buy and Build would do (the description's first sentence names the disc again)
        what = describe(game, MarketTarget(self.selected)).split(". ", 1)[-1]
        return (
            f"{turn}: the {company} disc (slot {self.selected}) is in hand: press {verbs}. {what}"
        )

    def _result_sentence(self) -> str:
        game = self.game
        winners = game.winners()
        names = " and ".join(game.player_name(w) for w in winners)
        verb = "wins" if len(winners) == 1 else "share the victory"
        score = game.scores()[winners[0]]
        sentence = f"Game over: {names} {verb} with {points(score)}."
        if game.tie_break_used:
            sentence += " " + self._tie_break_sentence()
        return sentence

    def _tie_break_sentence(self) -> str:
        game = self.game
        lines = game.scoring()
        best = max(line.score for line in lines)
        tied = [line for line in lines if line.score == best]
        names = ", ".join(game.player_name(line.seat) for line in tied)
        for k in range(1, len(tied[0].tie_break)):
            values = {line.tie_break[k] for line in tied}
            if len(values) > 1:
                shown = ", ".join(f"{game.player_name(x.seat)} {x.tie_break[k]:+d}" for x in tied)
                return (
                    f"Tie-break (§2.11) between {names} on {best:+d}: compare share number {k} "
                    f"from the highest: {shown}."
                )
        return f"Tie-break (§2.11): {names} have equal shares all the way down, so they share the victory."

    def score_html(self) -> str:
        game = self.game
        s = game.state
        taxed = set(s.taxed)
        rows = []
        winners = set(game.winners())
        for line in game.scoring():
            seat = line.seat
            if s.over:
                kept = " ".join(_company_chip(c, v) for c, v in line.kept) or "—"
                removed = (
                    "<br>".join(
                        f"{_company_chip(c, v)} "
                        + (
                            f"{c} was taxed: its losses are wiped"
                            if c in taxed
                            else f"{c} was never taxed: its gains are wiped"
                        )
                        for c, v in line.removed
                    )
                    or "—"
                )
                mark = " ★ winner" if seat in winners else ""
                rows.append(
                    f"<tr><td>{_player_chip(game, seat)}</td><td>{kept}</td><td>{removed}</td>"
                    f"<td style='text-align:right'><b>{line.score:+d}</b>{mark}</td></tr>"
                )
            else:
                shares = " ".join(_company_chip(c, v) for c, v in s.shares[seat]) or "—"
                kind = escape(self.seat_label(seat))
                rows.append(
                    f"<tr><td>{_player_chip(game, seat)}</td><td>{kind}</td><td>{shares}</td>"
                    f"<td style='text-align:right'>{line.score:+d}</td></tr>"
                )
        if s.over:
            head = "<tr><th>Player</th><th>Shares kept</th><th>Shares removed, and why</th><th>Score</th></tr>"
            foot = f"<p><b>{escape(self._result_sentence())}</b></p>"
        else:
            head = (
                "<tr><th>Player</th><th>Seat</th><th>Shares</th>"
                "<th title='taxed companies lose their losses, the others their gains'>"
                "If it ended now</th></tr>"
            )
            taxed_text = ", ".join(s.taxed) or "none yet"
            foot = f"<p style='color:#6D6A64'>Taxed so far: {escape(taxed_text)}.</p>"
        return (
            "<table style='border-collapse:collapse;font-size:13px' cellpadding='4'>"
            f"{head}{''.join(rows)}</table>{foot}"
        )
