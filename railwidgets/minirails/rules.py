"""The Mini Rails rules engine (rules/mini-rails.md).

Six railway companies grow over a hex map. Each round every player takes one
disc from the market twice: once to **buy** a share of its company, once to
**build** it onto the map, moving every share of that company by the hex's
value. The disc nobody took is taxed. After six rounds, taxed companies lose
their negative shares and untaxed ones their positive shares.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=7)
>>> game.state.market
['blue', 'red', 'tan', 'red', 'gray', 'white', 'tan']
>>> game.player_name(game.current_player)
'Green'
>>> game.apply(minirails.Buy("blue", 0))
>>> game.log[-1]
'Green buys a blue share (slot 0).'
>>> game.player_name(game.current_player)
'Orange'
>>> str(game.legal_actions()[1])
'build red from slot 1 at (2, 0)'
>>> game.apply(minirails.Buy("blue", 0))
Traceback (most recent call last):
...
railwidgets.core.errors.IllegalActionError: market slot 0 holds Green's marker, not a disc (§2.7.4)

Positions (:meth:`Game.position`) are plain data with these keys:

``round``         1–6, the round being played
``phase``         ``"action"`` while playing, ``"over"`` after the last tax phase
``tiles``         seven ``{"tile", "slot", "face", "rotation"}`` (face "A"/"B", rotation 0–5)
``frames``        ``{company: slot}``: which outer slot each company's frame faces
``board``         ``[{"hex": [q, r], "company"}]``: the discs on the map
``frame_discs``   ``{company: n}``: blocked discs on each frame
``bag``           ``{company: n}``: discs still in the bag
``market``        one entry per market slot: ``{"company": c}`` (a disc) or ``{"marker": seat}``
                  (empty once the game is over: the last tax phase emptied it)
``order``         the order track: one seat per turn of the round
``turn``          index into ``order`` of the turn being played
``actions_left``  per seat, the actions not yet used this round (``"buy"``, ``"build"``)
``shares``        per seat, ``[{"company", "value"}]`` in the order bought
``taxed``         the taxed area: company names in the order taxed

Views: every seat sees the whole table, so :meth:`Game.view` is the position (the
bag's contents are public counts, §2.12). Only which discs the rounds to come will
draw is hidden, and that is chance drawn when a round starts: :meth:`Game.from_view`
keeps the position and draws the future from its own seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from railwidgets.core.action import Action, decode_action, trust
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.game import Game as BaseGame
from railwidgets.core.hexgrid import Hex
from railwidgets.i18n import N_, T_, Text, joined
from railwidgets.minirails.components import (
    BIG_CITY_TILE,
    BLOCKED_PENALTY,
    COMPANIES,
    COMPANY_NAME,
    MAP_HEXES,
    PLAYER_NAMES,
    PROFIT_MAX,
    PROFIT_MIN,
    ROUNDS,
    SETUP,
    TAXED_SPACES,
    TERRAIN_NAME,
    TERRAIN_VALUE,
    TILES,
    start_hexes,
)
from railwidgets.minirails.position import read_position
from railwidgets.minirails.state import (
    BUILD,
    BUY,
    Share,
    State,
    frontiers,
    map_from_tiles,
    place_disc,
)

__all__ = ["Build", "Buy", "Game", "SeatScore", "Share", "action_from_dict"]

# -- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Buy(Action):
    """Take the ``company`` disc from market ``slot`` and buy a share of it (§2.7.5)."""

    kind: ClassVar[str] = "buy"
    company: str
    slot: int

    def __str__(self) -> str:
        return f"buy {self.company} from slot {self.slot}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        return T_(
            "buy {company} from slot {slot}", company=COMPANY_NAME[self.company], slot=self.slot
        )


@dataclass(frozen=True, slots=True, order=True)
class Build(Action):
    """Take the ``company`` disc from market ``slot`` and build it at ``hex`` (§2.8).

    ``hex`` is ``None`` when the company is blocked and the disc goes onto its frame.
    """

    kind: ClassVar[str] = "build"
    company: str
    slot: int
    hex: tuple[int, int] | None

    def __str__(self) -> str:
        where = "onto its frame (blocked)" if self.hex is None else f"at {self.hex}"
        return f"build {self.company} from slot {self.slot} {where}"

    def words(self) -> Text:
        """The move as a person reads it, in any language (``railwidgets.i18n.tr``)."""
        company = COMPANY_NAME[self.company]
        if self.hex is None:
            return T_(
                "build {company} from slot {slot} onto its frame (blocked)",
                company=company,
                slot=self.slot,
            )
        return T_(
            "build {company} from slot {slot} at {hex}",
            company=company,
            slot=self.slot,
            hex=self.hex,
        )


ACTIONS: tuple[type[Action], ...] = (Buy, Build)

#: Every action, made once: the legal actions list them at every decision, and finding
#: a value costs less than building it. Market slots go up to the largest market.
MARKET_SLOTS = range(max(row.draw_per_round for row in SETUP.values()))
BUY_ACTIONS = {(c, slot): Buy(c, slot) for c in COMPANIES for slot in MARKET_SLOTS}
#: Per company and slot, its builds by target hex (``None``: onto the frame).
BUILD_ACTIONS = {
    (c, slot): {h: Build(c, slot, h) for h in (*sorted(MAP_HEXES), None)}
    for c in COMPANIES
    for slot in MARKET_SLOTS
}
trust(BUY_ACTIONS.values())
trust(a for builds in BUILD_ACTIONS.values() for a in builds.values())

#: The builds last listed for each company and slot, with the frontier they were listed
#: from: a frontier is replaced, never changed, when a disc is placed, so while it is
#: the same tuple the same builds stand (the cache holds it, so its ``id`` stays unique).
_LISTED_BUILDS: dict[tuple[str, int], tuple[tuple[Hex, ...], tuple[Build, ...]]] = {}


def builds_from(company: str, slot: int, frontier: tuple[Hex, ...]) -> tuple[Build, ...]:
    """Every build of the ``company`` disc in market ``slot``, given its ``frontier``.

    >>> builds_from("red", 2, ((0, 1), (1, 0)))
    (Build(company='red', slot=2, hex=(0, 1)), Build(company='red', slot=2, hex=(1, 0)))
    >>> builds_from("red", 2, ())  # §2.8.5: blocked, onto the frame
    (Build(company='red', slot=2, hex=None),)
    """
    listed = _LISTED_BUILDS.get((company, slot))
    if listed is not None and listed[0] is frontier:
        return listed[1]
    by_hex = BUILD_ACTIONS[company, slot]
    builds = tuple(map(by_hex.__getitem__, frontier or (None,)))
    _LISTED_BUILDS[company, slot] = (frontier, builds)
    return builds


def action_from_dict(data: Any) -> Buy | Build:
    """The action described by ``data`` (the form of ``action.to_dict()``).

    >>> action_from_dict({"type": "build", "company": "red", "slot": 2, "hex": [1, -3]})
    Build(company='red', slot=2, hex=(1, -3))
    """
    return decode_action(data, ACTIONS)  # type: ignore[return-value]


# -- scoring values ------------------------------------------------------------------------------


class SeatScore(NamedTuple):
    """How one seat scores (§2.10): the shares kept, the shares removed, the total."""

    seat: int
    score: int
    kept: tuple[Share, ...]
    removed: tuple[Share, ...]
    tie_break: tuple[int, ...]  # §2.11: score, kept values high to low, then 0s for the missing


def keeps(share: Share, taxed: set[str] | frozenset[str]) -> bool:
    """§2.10.2–4: taxed companies lose their losses, untaxed ones their gains; 0 stays."""
    return share.value >= 0 if share.company in taxed else share.value <= 0


def best_of(result: list[SeatScore]) -> list[int]:
    """The seats ahead in ``result``: §2.10.5 the highest total, §2.11 ties by the best shares."""
    best = max(line.tie_break for line in result)
    return [line.seat for line in result if line.tie_break == best]


def clamp(value: int) -> int:
    """§2.8.4, §2.9: a share value never leaves −10..+10."""
    return PROFIT_MIN if value < PROFIT_MIN else PROFIT_MAX if value > PROFIT_MAX else value


# -- the game ------------------------------------------------------------------------------------------


class Game(BaseGame):
    """A game of Mini Rails for 3–5 players, or 2 as our DESIGNED variant (D1).

    The 2-player game is not in the 1st edition: it is our design (rules D1:
    3 start discs per company, 5 per company in the bag, 5 drawn per round,
    first-round order A B B A).
    """

    NAME = "minirails"
    TITLE = N_("Mini Rails")
    PLAYERS = range(2, 6)
    DEFAULT_PLAYERS = 3
    DESIGNED_PLAYERS = frozenset({2})  # D1
    ACTIONS = ACTIONS

    _state: State

    # -- setup (§2.6) -------------------------------------------------------------------------------

    def _setup(self) -> State:
        rng = self._chance
        n = self.num_players
        row = SETUP[n]
        s = State()
        frame_order = list(COMPANIES)
        rng.shuffle(frame_order)  # §2.6.1: companies onto frame slots 1–6 at random
        s.frames = {c: frame_order.index(c) + 1 for c in COMPANIES}
        outer = list(TILES[1:])
        rng.shuffle(outer)  # §2.6.2: the Big City in the middle, the others shuffled
        tiles = [(BIG_CITY_TILE, 0, rng.choice("AB"), rng.randrange(6))]
        tiles += [
            (tile, slot, rng.choice("AB"), rng.randrange(6)) for slot, tile in enumerate(outer, 1)
        ]
        s.tiles = tuple(tiles)
        s.hexes = map_from_tiles(s.tiles)
        s.board = {}  # §2.6.4: start discs on the frame arrows
        for company, slot in s.frames.items():
            for h in start_hexes(slot, row.start_discs_per_company):
                s.board[h] = company
        s.frontier = frontiers(s.board)
        s.frame_discs = dict.fromkeys(COMPANIES, 0)
        s.bag = dict.fromkeys(COMPANIES, row.bag_per_company)
        first = rng.randrange(n)  # §2.6.6 and D11: a random start player
        clockwise = [(first + i) % n for i in range(n)]
        s.order = clockwise + clockwise[::-1]  # the snake: A B … N N … B A
        s.shares = [()] * n
        s.taxed = []
        s.round = 0
        s.over = False
        frames = joined(
            T_("{company} on slot {slot}", company=COMPANY_NAME[c], slot=slot)
            for c, slot in s.frames.items()
        )
        self._say(
            T_(
                "Setup: frames {frames}; {name} starts.",
                frames=frames,
                name=self.player_name(first),
            )
        )
        self._start_round(s)
        return s

    def _start_round(self, s: State) -> None:
        """§2.7.1–2: draw 2N+1 discs into the market; every player gets both actions back."""
        s.round += 1
        pool: list[str] = []
        for company in COMPANIES:
            pool += [company] * s.bag[company]
        drawn = self._chance.sample(pool, SETUP[self.num_players].draw_per_round)
        s.bag = bag = s.bag.copy()  # replaced, never changed in place: copies share it
        for company in drawn:
            bag[company] -= 1
        s.market = list(drawn)
        s.turn = 0
        s.actions_left = [frozenset((BUY, BUILD))] * self.num_players
        self._say(
            T_("Round {n}: drew {discs}.", n=s.round, discs=joined(COMPANY_NAME[c] for c in drawn))
        )

    # -- reading the state ---------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The live state, for drawing and reading (never change it)."""
        return self._state

    @property
    def is_over(self) -> bool:
        return self._state.over

    def _current_player(self) -> int:
        s = self._state
        return s.order[s.turn]

    def player_name(self, seat: int) -> str:
        """The seat's colour, as the rules name players ("Orange")."""
        return PLAYER_NAMES[seat]  # a Text: its words in any language (railwidgets.i18n.tr)

    def legal_hexes(self, company: str) -> list[Hex]:
        """§2.8.1: the empty map hexes next to a disc of ``company``, sorted."""
        return list(self._state.frontier.get(company, ()))

    def actions_left(self, seat: int) -> frozenset[str]:
        """The actions (``"buy"``, ``"build"``) ``seat`` has not used this round."""
        return self._state.actions_left[seat]

    # -- legal actions (§2.7.4, §2.8) -------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        s = self._state
        left = s.actions_left[s.order[s.turn]]
        buy, build = BUY in left, BUILD in left
        actions: list[Action] = []
        for slot, item in enumerate(s.market):
            if type(item) is not str:
                continue
            if buy:
                actions.append(BUY_ACTIONS[item, slot])
            if build:
                actions += builds_from(item, slot, s.frontier[item])
        return actions

    def _check(self, action: Action) -> None:
        s = self._state
        seat = s.order[s.turn]
        assert isinstance(action, (Buy, Build))  # a tuple: no union made per call
        if action.company not in COMPANIES:
            raise IllegalActionError(
                T_("there is no company {company} (§2.1)", company=repr(action.company))
            )
        slot = action.slot
        if not 0 <= slot < len(s.market):
            raise IllegalActionError(
                T_(
                    "there is no market slot {slot}: the market has slots 0–{last}",
                    slot=repr(slot),
                    last=len(s.market) - 1,
                )
            )
        item = s.market[slot]
        if type(item) is not str:
            raise IllegalActionError(
                T_(
                    "market slot {slot} holds {name}'s marker, not a disc (§2.7.4)",
                    slot=slot,
                    name=self.player_name(item),
                )
            )
        if item != action.company:
            raise IllegalActionError(
                T_(
                    "market slot {slot} holds a {company} disc, not {wanted}",
                    slot=slot,
                    company=COMPANY_NAME[item],
                    wanted=COMPANY_NAME[action.company],
                )
            )
        verb = BUY if isinstance(action, Buy) else BUILD
        if verb not in s.actions_left[seat]:
            name = self.player_name(seat)
            raise IllegalActionError(
                T_(
                    "{name} has already used buy this round (§2.7.4: each action exactly once per round)",
                    name=name,
                )
                if verb == BUY
                else T_(
                    "{name} has already used build this round (§2.7.4: each action exactly once per round)",
                    name=name,
                )
            )
        if isinstance(action, Build):
            self._check_build_target(action)

    def _check_build_target(self, action: Build) -> None:
        s = self._state
        company, target = action.company, action.hex
        legal = s.frontier[company]
        if target is None:
            if legal:
                raise IllegalActionError(
                    T_(
                        "{company} can still build (at {hex} for one): a disc goes onto the "
                        "frame only when the company is blocked (§2.8.5)",
                        company=COMPANY_NAME[company],
                        hex=legal[0],
                    )
                )
            return
        if not legal:
            raise IllegalActionError(
                T_(
                    "{company} is blocked (no empty hex next to a {company} disc): "
                    "the disc goes onto its frame (§2.8.5)",
                    company=COMPANY_NAME[company],
                )
            )
        if target not in MAP_HEXES:
            raise IllegalActionError(T_("{hex} is not a hex of the map (§2.8.1)", hex=target))
        if target in s.board:
            raise IllegalActionError(
                T_(
                    "{hex} already holds a {company} disc: one disc per hex (§2.8.1)",
                    hex=target,
                    company=COMPANY_NAME[s.board[target]],
                )
            )
        if target not in legal:
            raise IllegalActionError(
                T_(
                    "{hex} is not next to a {company} disc (§2.8.1)",
                    hex=target,
                    company=COMPANY_NAME[company],
                )
            )

    # -- playing ------------------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        s = self._state
        seat = s.order[s.turn]
        name = PLAYER_NAMES[seat]
        assert isinstance(action, (Buy, Build))  # a tuple: no union made per call
        company = action.company
        s.market[action.slot] = seat  # §2.7.4: the marker takes the disc's place (D12a)
        if isinstance(action, Buy):
            s.actions_left[seat] = s.actions_left[seat] - {BUY}
            s.shares[seat] = (*s.shares[seat], Share(company, 0))  # §2.7.5: starts at 0
            self._say(
                T_(
                    "{name} buys a {company} share (slot {slot}).",
                    name=name,
                    company=COMPANY_NAME[company],
                    slot=action.slot,
                )
            )
        else:
            s.actions_left[seat] = s.actions_left[seat] - {BUILD}
            if action.hex is None:
                # §2.8.5: blocked, onto the frame, −1 (the counts replaced: copies share them)
                s.frame_discs = {**s.frame_discs, company: s.frame_discs[company] + 1}
                delta = BLOCKED_PENALTY
                where = T_("onto its frame ({company} is blocked)", company=COMPANY_NAME[company])
            else:
                place_disc(s, action.hex, company)
                terrain = s.hexes[action.hex]
                delta = TERRAIN_VALUE[terrain]
                where = T_("at {hex} ({terrain})", hex=action.hex, terrain=TERRAIN_NAME[terrain])
            self._move_shares(company, delta)
            self._say(
                T_(
                    "{name} builds {company} {where}: {company} shares {delta}.",
                    name=name,
                    company=COMPANY_NAME[company],
                    where=where,
                    delta=f"{delta:+d}",
                )
            )
        s.turn += 1
        if s.turn == len(s.order):
            self._tax()

    def _move_shares(self, company: str, delta: int) -> None:
        """§2.8.4: every share of ``company`` on every board moves, each clamped on its own."""
        shares = self._state.shares
        for seat, held in enumerate(shares):
            for share in held:
                if share.company == company:  # this seat's row is replaced: copies share it
                    shares[seat] = tuple(
                        [
                            Share(company, clamp(sh.value + delta)) if sh.company == company else sh
                            for sh in held
                        ]
                    )
                    break

    def _tax(self) -> None:
        """§2.7.8–11: the disc left is taxed; the markers, closed up, are next round's order."""
        s = self._state
        slot, company = next((i, c) for i, c in enumerate(s.market) if type(c) is str)
        s.taxed = [*s.taxed, company]  # replaced, never changed in place: copies share it
        s.order = [seat for seat in s.market if type(seat) is int]
        s.market = []  # §2.7.10: the market row becomes the order row
        order = joined([PLAYER_NAMES[seat] for seat in s.order])
        self._say(
            T_(
                "Round {n}: {company} is taxed (slot {slot}). Next order: {order}.",
                n=s.round,
                company=COMPANY_NAME[company],
                slot=slot,
                order=order,
            )
        )
        if len(s.taxed) == TAXED_SPACES:
            s.over = True
            self._say_final_scores()
        else:
            self._start_round(s)

    def _say_final_scores(self) -> None:
        result = self.scoring()
        for line in result:
            removed = joined(
                T_("{company} {value}", company=COMPANY_NAME[c], value=f"{v:+d}")
                for c, v in line.removed
            ) or T_("none")
            self._say(
                T_(
                    "{name} scores {score} (shares removed: {removed}).",
                    name=self.player_name(line.seat),
                    score=f"{line.score:+d}",
                    removed=removed,
                )
            )
        winners = best_of(result)
        names = joined([self.player_name(w) for w in winners], T_(" and "))
        if len(winners) == 1:
            self._say(T_("{names} wins.", names=names))
        else:
            self._say(T_("{names} win.", names=names))

    # -- scoring (§2.10, §2.11) ------------------------------------------------------------------------

    def scoring(self) -> list[SeatScore]:
        """How every seat scores with the taxed area as it is now (final once over)."""
        taxed = frozenset(self._state.taxed)
        result = []
        for seat, shares in enumerate(self._state.shares):
            kept = tuple(s for s in shares if keeps(s, taxed))
            removed = tuple(s for s in shares if not keeps(s, taxed))
            score = sum(s.value for s in kept)
            # §2.11.3, D8: the kept shares high to low, then a 0 for each missing one
            values = sorted((s.value for s in kept), reverse=True)
            tie_break = (score, *values, *[0] * (ROUNDS - len(values)))
            result.append(SeatScore(seat, score, kept, removed, tie_break))
        return result

    def scores(self) -> list[int]:
        """Each seat's score as if the game ended now (final once it is over)."""
        return [line.score for line in self.scoring()]

    def _winners(self) -> list[int]:
        """§2.10.5 the highest total, even if negative; §2.11 ties by the best shares."""
        return best_of(self.scoring())

    @property
    def tie_break_used(self) -> bool:
        """Whether the winners were decided (or shared) by the tie-break of §2.11."""
        if not self.is_over:
            return False
        scores = self.scores()
        return scores.count(max(scores)) > 1

    # -- positions ------------------------------------------------------------------------------------

    def _position(self) -> dict[str, Any]:
        s = self._state
        return {
            "round": s.round,
            "phase": "over" if s.over else "action",
            "tiles": [
                {"tile": t, "slot": slot, "face": face, "rotation": rot}
                for t, slot, face, rot in s.tiles
            ],
            "frames": dict(s.frames),
            "board": [{"hex": list(h), "company": c} for h, c in sorted(s.board.items())],
            "frame_discs": dict(s.frame_discs),
            "bag": dict(s.bag),
            "market": [
                {"company": item} if type(item) is str else {"marker": item} for item in s.market
            ],
            "order": list(s.order),
            "turn": s.turn,
            "actions_left": [sorted(left) for left in s.actions_left],
            "shares": [
                [{"company": share.company, "value": share.value} for share in seat]
                for seat in s.shares
            ],
            "taxed": list(s.taxed),
        }

    def _load_position(self, data: Mapping[str, Any]) -> State:
        return read_position(self.num_players, data)

    # -- text ---------------------------------------------------------------------------------------------

    def __str__(self) -> str:
        """The board as text: the whole table (what every seat, and a spectator, may know)."""
        from railwidgets.minirails.text import board_text

        return board_text(self)

    def to_svg(self, seat: int | None = None, *, reveal: bool = False, **kwargs: Any) -> str:
        """The board as SVG; a bare game in a notebook shows ``to_svg()``.

        Every seat sees the whole table (the bag as counts of each company, §2.12);
        only the discs the rounds to come will draw are hidden, and no picture
        shows them. So ``to_svg()`` (what a spectator may know, as ``str(game)``
        tells it), ``to_svg(seat=k)`` and ``to_svg(reveal=True)`` show the same
        table; ``seat`` draws it as that seat sees it at the screen (on their turn
        the header says so and the market stands out: ``viewer`` of
        :func:`railwidgets.minirails.render.draw_game`, whose keyword arguments
        it takes too).

        >>> game = Game(players=3, seed=7)
        >>> game.to_svg() == game.to_svg(reveal=True) == game._repr_svg_()
        True
        """
        from railwidgets.draw.svg import SvgPainter
        from railwidgets.minirails.render import DEFAULT_LAYOUT, LAYERS, draw_game

        if seat is not None:
            self._check_seat(seat)
            kwargs.setdefault("viewer", seat)
        layout = kwargs.get("layout", DEFAULT_LAYOUT)
        painter = SvgPainter(layout.width, layout.height, LAYERS)
        draw_game(self, painter, **kwargs)
        return painter.to_svg()
