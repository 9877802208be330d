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
from railwidgets.i18n import N_, T_, _, capital, joined, tr, tr_error
from railwidgets.minirails import render
from railwidgets.minirails import words as position_words
from railwidgets.minirails.bots import GreedyBot
from railwidgets.minirails.components import (
    COMPANY_FILL,
    COMPANY_LETTER,
    COMPANY_NAME,
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
from railwidgets.ui.board import PerPlayerLayout, draws
from railwidgets.ui.choice import ChoiceError
from railwidgets.ui.controls import ChoiceButton, seat_choices
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
    return f"{chip(swatch, round_=False)} {escape(tr(game.player_name(seat)))}"


def _co(company: str) -> str:
    """A company's name in the language in use."""
    return tr(COMPANY_NAME[company])


class MiniRailsWidget(PerPlayerLayout, GameWidget):
    """A ``VBox``: toolbar, seats, Buy/Build, the status line, the board, score table and log.

    ``seats``: one of ``"human"``, ``"random"``, ``"greedy"`` per player (default:
    the first seat human, the others greedy bots). ``bot_pause``: seconds a bot
    waits before moving (0 in tests). ``widget.game`` is the engine.
    """

    WORDS = position_words  # the board in words (the companion)

    GAME = Game
    FIRST_STEPS = N_("Click a disc in the market, then <b>Buy</b> or <b>Build</b> (and a lit hex).")
    SEAT_CHOICES: ClassVar[dict[str, SeatChoice]] = seat_choices(
        greedy=(N_("Greedy bot"), GreedyBot)
    )
    DEFAULT_BOT: ClassVar[str] = "greedy"
    BUTTONS = (
        ChoiceButton(
            N_("Buy"),
            "verb",
            "buy",
            icon="shopping-cart",
            tooltip=N_("Buy a share of the disc's company"),
            key="b",
        ),
        ChoiceButton(
            N_("Build"),
            "verb",
            "build",
            icon="train",
            tooltip=N_("Build the disc onto the map"),
            key="t",
        ),
    )
    RULES_FOR: ClassVar[dict[str, str]] = {"buy": "§2.7", "build": "§2.8", "over": "§2.11"}
    FRAME_PAUSE: ClassVar[float] = 0.9  # the end of a round: time to read each step
    CHOICE_LAYERS = ("highlights",)  # the lit targets and the disc in hand

    game: Game

    def __init__(self, *args: Any, layout: Layout = DEFAULT_LAYOUT, **kwargs: Any) -> None:
        """``layout``: where everything is drawn; every other argument is
        :class:`~railwidgets.ui.panel.GameWidget`'s (three players unless told)."""
        self._base_layout = layout
        super().__init__(*args, **kwargs)

    # -- the game -----------------------------------------------------------------------------

    def parts(self, action: Any) -> Any:
        return parts_of(action)

    def draw_static(self, painter: Any) -> None:
        render.draw_static(self.game, painter, self.board_layout)

    def draw_dynamic(self, painter: Any) -> None:
        layout, viewer = self.board_layout, self._turn_viewer()
        if draws(painter, "pieces"):  # not when a pick redraws the highlights alone
            render.draw_pieces(self.game, painter, layout, viewer=viewer)
        chosen = self.choice.picked("hex") if self.choice.has("hex") else None
        render.draw_highlights(
            self.game, painter, self.targets(), self.selected, layout, viewer=viewer, chosen=chosen
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
                    _(
                        "A frame takes a disc only when its company is blocked: take a disc, "
                        "press Build, then click."
                    ),
                    error=True,
                )
                return
            if value != company:
                self.say(
                    _("That is the {frame} frame, not {company}'s.").format(
                        frame=_co(value), company=_co(company)
                    ),
                    error=True,
                )
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
            return position_words.slot_words(value, self.game.state.market[value])
        if part == "frame":
            return position_words.frame_words(str(value))
        return super().target_name(part, value)

    def option_words(self, part: str, value: Hashable) -> str:
        """A pick as its button says it: "Take the red disc in slot 2", "Build red on E4"."""
        company = self.company_in_hand
        if part == "slot" and isinstance(value, int):
            item = self.game.state.market[value]
            if isinstance(item, str):
                return position_words.take_words(value, item)
        if part == "hex" and company is not None:
            if value is None:
                return position_words.blocked_words(company)
            return position_words.build_words(company, self.target_name(part, value))
        return super().option_words(part, value)

    def miss(self, x: float, y: float) -> str:
        if self.building:
            return _("Click one of the lit hexes (or another disc in the market).")
        if self.selected is not None:
            return _("Press Buy or Build for the disc in hand (or click another disc).")
        return _("Click a disc in the market.")

    def refusal(self, part: str, value: Hashable, err: ChoiceError) -> str:
        game = self.game
        company, slot = self.company_in_hand, self.selected
        if part == "slot" and isinstance(value, int):
            item = game.state.market[value]
            if not isinstance(item, str):
                return _(
                    "Slot {slot} holds {name}'s marker: that disc was taken already. Click a disc."
                ).format(slot=value, name=tr(game.player_name(item)))
            return _("The {company} disc in slot {slot} cannot be taken now.").format(
                company=_co(item), slot=value
            )
        if part == "verb":
            seat = game.current_player
            if company is None:
                return _("First click a disc in the market.")
            name = tr(game.player_name(seat))  # type: ignore[arg-type]
            if value == "build":
                return _("{name} has already built this round: press Buy.").format(name=name)
            return _("{name} has already bought this round: press Build.").format(name=name)
        if part == "hex":
            if company is None or slot is None or not self.building:
                what = f"{describe(game, value)}. " if value in MAP_HEXES else ""
                return what + _(
                    "To build, click a disc in the market, press Build, then click a lit hex."
                )
            if value is not None and not game.legal_hexes(company):
                return capital(
                    _("{company} is blocked: click its frame, not a hex.").format(
                        company=_co(company)
                    )
                )
            return self.event_text(self.why_not(Build(company, slot, value)))  # type: ignore[arg-type]
        return f"{tr_error(err)}. {self.prompt()}"

    def consequences(self, seat: int, action: Any, lines: Sequence[str]) -> list[str]:
        """What a move led to: its company's shares moved (the move's own line, less the
        move: "red shares +2."), and any round's end it brought (the tax, the draw)."""
        name = self.game.player_name(seat)
        events = []
        for line in lines:
            if line.startswith(f"{name} buys ") or line.startswith(f"{name} builds "):
                params = getattr(line, "params", {})
                if "delta" in params:
                    events.append(
                        _("{company} shares {delta}.").format(
                            company=tr(params["company"]), delta=params["delta"]
                        )
                    )
                continue
            events.append(self.event_text(tr(line)))
        return events

    def event_text(self, line: str) -> str:
        """Hexes named as the map shows them: "builds red at (-3, 4)" reads "… at H1"."""
        return _HEX_IN_TEXT.sub(_named_hex, line)

    def why_not(self, action: Any) -> str:
        """The engine's own reason for refusing ``action`` (it names the rule)."""
        try:
            self.game.copy().apply(action)
        except ValueError as err:
            return tr_error(err)
        return _("{move} is legal, but not the decision in hand.").format(move=tr(action.words()))

    # -- words and tables -----------------------------------------------------------------------------

    def prompt(self) -> str:
        game = self.game
        if game.is_over:
            return self._result_sentence()
        seat = game.current_player
        assert seat is not None
        name = tr(game.player_name(seat))
        if self.seats[seat] != HUMAN:
            return _("{name} ({seat}) is to play.").format(name=name, seat=self.seat_label(seat))
        left = [v for v in ("buy", "build") if v in game.actions_left(seat)]
        verbs = _("Buy or Build") if len(left) == 2 else _("Buy") if left == ["buy"] else _("Build")
        you = self.addressee(seat)
        turn = (
            _("Your turn ({name})").format(name=name)
            if you == _("You")
            else _("{name} to play").format(name=name)
        )
        company = self.company_in_hand
        if company is None:
            return _("{turn}: click a disc in the market, then {verbs}.").format(
                turn=turn, verbs=verbs
            )
        if self.building:
            if game.legal_hexes(company):
                return _("Build {company}: click a lit hex (next to a {company} disc).").format(
                    company=_co(company)
                )
            return capital(
                _(
                    "{company} is blocked: no empty hex next to its discs. Click the "
                    "{company} frame to put the disc there ({company} shares −1)."
                ).format(company=_co(company))
            )
        assert self.selected is not None
        # what Buy and Build would do (the description's first sentence names the disc again)
        what = describe(game, MarketTarget(self.selected)).split(". ", 1)[-1]
        return _(
            "{turn}: the {company} disc (slot {slot}) is in hand: press {verbs}. {what}"
        ).format(turn=turn, company=_co(company), slot=self.selected, verbs=verbs, what=what)

    def _result_sentence(self) -> str:
        game = self.game
        winners = game.winners()
        names = tr(joined([game.player_name(w) for w in winners], T_(" and ")))
        score = game.scores()[winners[0]]
        if len(winners) == 1:
            sentence = _("Game over: {names} wins with {points}.")
        else:
            sentence = _("Game over: {names} share the victory with {points}.")
        sentence = sentence.format(names=names, points=points(score))
        if game.tie_break_used:
            sentence += " " + self._tie_break_sentence()
        return sentence

    def _tie_break_sentence(self) -> str:
        game = self.game
        lines = game.scoring()
        best = max(line.score for line in lines)
        tied = [line for line in lines if line.score == best]
        names = ", ".join(tr(game.player_name(line.seat)) for line in tied)
        for k in range(1, len(tied[0].tie_break)):
            values = {line.tie_break[k] for line in tied}
            if len(values) > 1:
                shown = ", ".join(
                    f"{tr(game.player_name(x.seat))} {x.tie_break[k]:+d}" for x in tied
                )
                return _(
                    "Tie-break (§2.11) between {names} on {best}: compare share number {k} "
                    "from the highest: {shown}."
                ).format(names=names, best=f"{best:+d}", k=k, shown=shown)
        return _(
            "Tie-break (§2.11): {names} have equal shares all the way down, so they share the victory."
        ).format(names=names)

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
                            _("{company} was taxed: its losses are wiped")
                            if c in taxed
                            else _("{company} was never taxed: its gains are wiped")
                        ).format(company=_co(c))
                        for c, v in line.removed
                    )
                    or "—"
                )
                mark = " ★ " + _("winner") if seat in winners else ""
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
            head = _(
                "<tr><th>Player</th><th>Shares kept</th><th>Shares removed, and why</th><th>Score</th></tr>"
            )
            foot = f"<p><b>{escape(self._result_sentence())}</b></p>"
        else:
            head = _(
                "<tr><th>Player</th><th>Seat</th><th>Shares</th>"
                "<th title='taxed companies lose their losses, the others their gains'>"
                "If it ended now</th></tr>"
            )
            taxed_text = ", ".join(_co(c) for c in s.taxed) or _("none yet")
            foot = "<p style='color:#6D6A64'>{}</p>".format(
                escape(_("Taxed so far: {companies}.").format(companies=taxed_text))
            )
        return (
            "<table style='border-collapse:collapse;font-size:13px' cellpadding='4'>"
            f"{head}{''.join(rows)}</table>{foot}"
        )
