"""``MiniRailsWidget``: play Mini Rails in Jupyter.

Click a disc in the market, then press **Buy** or **Build**. For Build the
legal hexes light up; click one to place the disc (when the company is
blocked, its frame is the only target). Seats can be Human (hot-seat play
works for several people), Random bot or Greedy bot.

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

from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from railwidgets.draw.palette import Swatch
from railwidgets.minirails import render
from railwidgets.minirails.bots import GreedyBot
from railwidgets.minirails.components import (
    COMPANY_FILL,
    COMPANY_LETTER,
    PLAYER_COLOURS,
    PLAYER_FILL,
)
from railwidgets.minirails.render import (
    DEFAULT_LAYOUT,
    FrameTarget,
    HexTarget,
    Layout,
    MarketTarget,
    Target,
    hit_test,
)
from railwidgets.minirails.rules import Build, Buy, Game
from railwidgets.ui.panel import HUMAN, GameWidget, SeatChoice
from railwidgets.ui.theme import chip

__all__ = ["MiniRailsWidget"]


def _company_chip(company: str, value: int | None = None) -> str:
    swatch = Swatch(COMPANY_FILL[company], COMPANY_LETTER[company])
    text = swatch.mark if value is None else f"{swatch.mark} {value:+d}"
    return chip(swatch, text)


def _player_chip(game: Game, seat: int) -> str:
    swatch = Swatch(PLAYER_FILL[PLAYER_COLOURS[seat]], str(seat + 1))
    return f"{chip(swatch, round_=False)} {escape(game.player_name(seat))}"


class MiniRailsWidget(GameWidget):
    """A ``VBox``: toolbar, seats, Buy/Build, the board, status line, score table and log.

    ``seats``: one of ``"human"``, ``"random"``, ``"greedy"`` per player (default:
    the first seat human, the others greedy bots). ``bot_pause``: seconds a bot
    waits before moving (0 in tests). ``widget.game`` is the engine.
    """

    SEAT_CHOICES: ClassVar[dict[str, SeatChoice]] = {
        **GameWidget.SEAT_CHOICES,
        "greedy": ("Greedy bot", lambda seed: GreedyBot(seed)),
    }
    DEFAULT_BOT: ClassVar[str] = "greedy"

    game: Game

    def __init__(
        self,
        players: int = 3,
        seed: int | None = None,
        seats: list[str] | None = None,
        *,
        bot_pause: float = 0.6,
        game: Game | None = None,
        layout: Layout = DEFAULT_LAYOUT,
    ):
        self.board_layout = layout
        self.selected: int | None = None  # the market slot whose disc is in hand
        self.building = False  # Build was pressed: the legal targets are lit
        self.WIDTH, self.HEIGHT = layout.width, layout.height
        super().__init__(players, seed, seats, bot_pause=bot_pause, game=game)

    # -- the game -----------------------------------------------------------------------------

    def make_game(self, players: int | None, seed: int | None) -> Game:
        return Game(players=players, seed=seed)

    def draw_static(self, painter: Any) -> None:
        render.draw_static(self.game, painter, self.board_layout)

    def draw_dynamic(self, painter: Any) -> None:
        render.draw_pieces(self.game, painter, self.board_layout)
        render.draw_highlights(self.game, painter, self.targets(), self.selected, self.board_layout)

    def svg_options(self) -> dict[str, Any]:
        return {
            "highlights": self.targets(),
            "selected": self.selected,
            "layout": self.board_layout,
        }

    @property
    def company_in_hand(self) -> str | None:
        """The company of the selected market disc, if any."""
        if self.selected is None:
            return None
        item = self.game.state.market[self.selected]
        return item if isinstance(item, str) else None

    def targets(self) -> list[Target]:
        """What lights up now: legal build targets, or the discs a person may take."""
        game = self.game
        if game.is_over or not self._is_human_turn():
            return []
        company = self.company_in_hand
        if self.building and company is not None:
            legal = game.legal_hexes(company)
            return [HexTarget(h) for h in legal] if legal else [FrameTarget(company)]
        if self.selected is None:
            return [
                MarketTarget(i) for i, item in enumerate(game.state.market) if isinstance(item, str)
            ]
        return []

    def reset_choice(self) -> None:
        self.selected = None
        self.building = False

    # -- buttons ---------------------------------------------------------------------------------

    def action_bar(self) -> list[widgets.Widget]:
        self.buy_button = widgets.Button(
            description="Buy", icon="shopping-cart", tooltip="Buy a share of the disc's company"
        )
        self.build_button = widgets.Button(
            description="Build", icon="train", tooltip="Build the disc onto the map"
        )
        self.buy_button.on_click(lambda _: self.buy())
        self.build_button.on_click(lambda _: self.build())
        return [self.buy_button, self.build_button]

    def update_action_bar(self) -> None:
        seat = self.game.current_player
        ready = seat is not None and self._is_human_turn() and self.company_in_hand is not None
        left = self.game.actions_left(seat) if seat is not None else frozenset()
        self.buy_button.disabled = not (ready and "buy" in left)
        self.build_button.disabled = not (ready and "build" in left)
        self.build_button.button_style = "info" if self.building else ""

    def _check_turn(self) -> bool:
        if self.game.is_over:
            self.say("The game is over: press New game to play again.", error=True)
            return False
        if not self._is_human_turn():
            seat = self.game.current_player
            assert seat is not None
            self.say(
                f"It is {self.game.player_name(seat)}'s turn ({self.seat_label(seat)}).", error=True
            )
            return False
        if self.company_in_hand is None:
            self.say("First click a disc in the market.", error=True)
            return False
        return True

    def buy(self) -> None:
        """The Buy button: buy a share of the selected disc's company."""
        if not self._check_turn():
            return
        assert self.selected is not None and self.company_in_hand is not None
        self.play(Buy(self.company_in_hand, self.selected))

    def build(self) -> None:
        """The Build button: light up where the selected disc may go."""
        if not self._check_turn():
            return
        company = self.company_in_hand
        assert company is not None
        seat = self.game.current_player
        assert seat is not None
        if "build" not in self.game.actions_left(seat):
            self.say(
                f"{self.game.player_name(seat)} has already built this round: press Buy.",
                error=True,
            )
            return
        self.building = True
        if self.game.legal_hexes(company):
            self.say(f"Build {company}: click a lit hex (next to a {company} disc).")
        else:
            self.say(
                f"{company.title()} is blocked: no empty hex next to its discs. Click the "
                f"{company} frame to put the disc there ({company} shares −1)."
            )
        self.refresh()

    # -- clicks on the board ---------------------------------------------------------------------------

    def board_click(self, x: float, y: float) -> None:
        target = hit_test(self.game, x, y, self.board_layout)
        game = self.game
        company = self.company_in_hand
        if isinstance(target, MarketTarget):
            item = game.state.market[target.slot]
            if not isinstance(item, str):
                self.say(
                    f"Slot {target.slot} holds {game.player_name(item)}'s marker: that disc "
                    "was taken already. Click a disc.",
                    error=True,
                )
                return
            self.selected, self.building = target.slot, False
            seat = game.current_player
            assert seat is not None
            left = [v for v in ("buy", "build") if v in game.actions_left(seat)]
            verbs = " or ".join(v.title() for v in left)
            self.say(
                f"{game.player_name(seat)} takes the {item} disc (slot {target.slot}): press {verbs}."
            )
            self.refresh()
        elif isinstance(target, HexTarget):
            if company is None or not self.building:
                self.say(
                    "To build, click a disc in the market, press Build, then click a lit hex.",
                    error=True,
                )
                return
            assert self.selected is not None
            self.play(Build(company, self.selected, target.hex))
        elif isinstance(target, FrameTarget):
            if company is None or not self.building:
                self.say(
                    "A frame takes a disc only when its company is blocked: take a disc, press "
                    "Build, then click.",
                    error=True,
                )
                return
            if target.company != company:
                self.say(f"That is the {target.company} frame, not {company}'s.", error=True)
                return
            assert self.selected is not None
            self.play(Build(company, self.selected, None))
        elif self.building:
            self.say("Click one of the lit hexes (or another disc in the market).", error=True)
        elif self.selected is not None:
            self.say("Press Buy or Build for the disc in hand (or click another disc).", error=True)
        else:
            self.say("Click a disc in the market.", error=True)

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
        return f"{name} to play: click a disc in the market, then {verbs}."

    def _result_sentence(self) -> str:
        game = self.game
        winners = game.winners()
        names = " and ".join(game.player_name(w) for w in winners)
        verb = "wins" if len(winners) == 1 else "share the victory"
        score = game.scores()[winners[0]]
        sentence = f"Game over: {names} {verb} with {score:+d}."
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
