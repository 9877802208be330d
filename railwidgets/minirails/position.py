"""Mini Rails positions as plain data, checked field by field (rules/mini-rails.md §2.12).

:func:`read_position` turns the data of ``Game.position()`` back into a
:class:`~railwidgets.minirails.state.State`. Besides the shape of every field it
checks that the position can happen in a game: every disc accounted for, start
hexes held, each company's track connected, the bag, market, order track,
actions and shares in step with the round and turn. A position that fails
raises :class:`~railwidgets.core.errors.RecordError` saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from railwidgets.core.errors import RecordError
from railwidgets.minirails.components import (
    BIG_CITY_TILE,
    COMPANIES,
    MAP_HEXES,
    PROFIT_MAX,
    PROFIT_MIN,
    ROUNDS,
    SETUP,
    TAXED_SPACES,
    TILE_SLOTS,
    TILES,
    start_hexes,
)
from railwidgets.minirails.state import (
    BUILD,
    BUY,
    MAP_NEIGHBOURS,
    Share,
    State,
    discs_in_play,
    frontiers,
    map_from_tiles,
)

__all__ = ["read_position"]


def read_position(players: int, data: Mapping[str, Any]) -> State:
    """The state described by ``data`` (see ``railwidgets.minirails.rules``), checked."""
    return _PositionReader(players, data).state()


class _PositionReader:
    """Checks position data field by field and builds a :class:`State` from it."""

    def __init__(self, players: int, data: Mapping[str, Any]):
        self.n = players
        self.data = data

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.data:
            raise RecordError(f"the position has no {key!r}")
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise RecordError(f"the position's {key!r} has the wrong type: {value!r}")
        return value

    @staticmethod
    def require(ok: bool, message: str) -> None:
        if not ok:
            raise RecordError(f"the position is wrong: {message}")

    def company(self, value: Any, where: str) -> str:
        self.require(value in COMPANIES, f"{where}: {value!r} is not a company")
        return value

    def seat(self, value: Any, where: str) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < self.n
        self.require(ok, f"{where}: {value!r} is not a seat 0–{self.n - 1}")
        return value

    def count(self, value: Any, where: str) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        self.require(ok, f"{where}: {value!r} is not a count")
        return value

    def per_company(self, key: str) -> dict[str, int]:
        table = self.get(key, dict)
        self.require(set(table) == set(COMPANIES), f"{key!r} must name the six companies")
        return {c: self.count(table[c], f"{key}[{c}]") for c in COMPANIES}

    def state(self) -> State:
        s = State()
        s.round = self.get("round", int)
        self.require(1 <= s.round <= ROUNDS, f"round {s.round} is not 1–{ROUNDS}")
        phase = self.get("phase", str)
        self.require(phase in ("action", "over"), f"phase {phase!r} is not 'action' or 'over'")
        s.over = phase == "over"
        s.tiles = self.tiles()
        s.hexes = map_from_tiles(s.tiles)
        frames = self.get("frames", dict)
        self.require(
            set(frames) == set(COMPANIES)
            and all(type(slot) is int for slot in frames.values())
            and sorted(frames.values()) == list(range(1, 7)),
            "'frames' must give each company one outer slot 1–6",
        )
        s.frames = {c: frames[c] for c in COMPANIES}
        s.board = {}
        for entry in self.get("board", list):
            self.require(isinstance(entry, dict), f"board entry {entry!r} is not an object")
            h = entry.get("hex")
            ok = isinstance(h, list) and len(h) == 2 and _whole(*h) and tuple(h) in MAP_HEXES
            self.require(ok, f"board: {h!r} is not a hex of the map")
            self.require(tuple(h) not in s.board, f"board: {h} holds two discs")
            s.board[tuple(h)] = self.company(entry.get("company"), f"board {h}")
        s.frontier = frontiers(s.board)
        s.frame_discs = self.per_company("frame_discs")
        s.bag = self.per_company("bag")
        s.market = []
        for i, item in enumerate(self.get("market", list)):
            self.require(isinstance(item, dict) and len(item) == 1, f"market slot {i}: {item!r}")
            if "company" in item:
                s.market.append(self.company(item["company"], f"market slot {i}"))
            else:
                self.require("marker" in item, f"market slot {i}: a disc or a marker, not {item!r}")
                s.market.append(self.seat(item["marker"], f"market slot {i}"))
        slots = 0 if s.over else SETUP[self.n].draw_per_round
        self.require(len(s.market) == slots, f"the market has {len(s.market)} slots, not {slots}")
        s.order = [self.seat(x, "order") for x in self.get("order", list)]
        self.require(
            sorted(s.order) == sorted(list(range(self.n)) * 2),
            "the order track must hold each seat's two markers",
        )
        s.turn = self.get("turn", int)
        self.require(0 <= s.turn < len(s.order) or s.over, f"turn {s.turn} is off the order track")
        left = self.get("actions_left", list)
        self.require(len(left) == self.n, "'actions_left' needs one list per seat")
        s.actions_left = []
        for seat, actions in enumerate(left):
            ok = (
                isinstance(actions, list)
                and all(a in (BUY, BUILD) for a in actions)
                and len(set(actions)) == len(actions)
            )
            self.require(ok, f"actions_left[{seat}]: {actions!r} is not a list of 'buy'/'build'")
            s.actions_left.append(frozenset(actions))
        shares = self.get("shares", list)
        self.require(len(shares) == self.n, "'shares' needs one list per seat")
        s.shares = []
        for seat, seat_shares in enumerate(shares):
            self.require(isinstance(seat_shares, list), f"shares[{seat}] is not a list")
            row = []
            for share in seat_shares:
                ok = isinstance(share, dict) and set(share) == {"company", "value"}
                self.require(ok, f"shares[{seat}]: {share!r} is not {{company, value}}")
                value = share["value"]
                ok = isinstance(value, int) and not isinstance(value, bool)
                self.require(ok and PROFIT_MIN <= value <= PROFIT_MAX, f"share value {value!r}")
                row.append(Share(self.company(share["company"], f"shares[{seat}]"), value))
            s.shares.append(tuple(row))
        s.taxed = [self.company(c, "taxed") for c in self.get("taxed", list)]
        self.require(len(s.taxed) <= TAXED_SPACES, "the taxed area has 6 spaces")
        self.require(s.over == (len(s.taxed) == TAXED_SPACES), "the game is over once 6 are taxed")
        self.check_track(s)
        self.check_frames(s)
        self.check_turns(s)
        self.check_discs(s)
        return s

    def check_track(self, s: State) -> None:
        """§2.6.4, §2.8.1: start hexes keep their discs; all track grows from them."""
        for company, slot in s.frames.items():
            starts = start_hexes(slot, SETUP[self.n].start_discs_per_company)
            for h in starts:
                self.require(s.board.get(h) == company, f"start hex {h} must hold a {company} disc")
            reached, todo = set(starts), list(starts)
            while todo:
                for n in MAP_NEIGHBOURS[todo.pop()]:
                    if n not in reached and s.board.get(n) == company:
                        reached.add(n)
                        todo.append(n)
            for h, c in s.board.items():
                self.require(
                    c != company or h in reached,
                    f"the {company} disc at {h} is not linked to a {company} start hex (§2.8.1)",
                )

    def check_frames(self, s: State) -> None:
        """§2.12: a disc on a frame means its company has had no legal hex ever since."""
        for company, count in s.frame_discs.items():
            if not count:
                continue
            mine = [h for h, c in s.board.items() if c == company]
            free = sorted({n for h in mine for n in MAP_NEIGHBOURS[h] if n not in s.board})
            if free:
                raise RecordError(
                    f"the position is wrong: {company} has {count} disc(s) on its frame but can "
                    f"still build at {free[0]}; a company goes onto its frame only when blocked, "
                    "and stays blocked because discs never leave the map (§2.8.5, §2.12)"
                )

    def check_discs(self, s: State) -> None:
        """§2.12: every disc of the game is in exactly one place."""
        row = SETUP[self.n]
        expected = row.start_discs_per_company + row.bag_per_company
        found = discs_in_play(s)
        for company in COMPANIES:
            self.require(
                found[company] == expected,
                f"{found[company]} {company} discs are on the map, frame, boards, taxed area, "
                f"market and in the bag, not {expected} (§2.12)",
            )

    def check_turns(self, s: State) -> None:
        """§2.7: bag, market, order track, actions and shares agree with the round and turn."""
        if s.over:
            self.require(sum(s.bag.values()) == 0, "the bag is empty after round 6 (§2.7.11)")
            for seat in range(self.n):
                self.require(not s.actions_left[seat], "no actions are left once the game is over")
                self.require(len(s.shares[seat]) == ROUNDS, f"seat {seat} must end with 6 shares")
            return
        row = SETUP[self.n]
        self.require(
            len(s.taxed) == s.round - 1,
            f"round {s.round} follows {s.round - 1} tax phases, but {len(s.taxed)} discs are taxed",
        )
        markers = sorted(x for x in s.market if type(x) is int)
        self.require(
            markers == sorted(s.order[: s.turn]),
            "the market's markers must be those of the turns already played (§2.7.4)",
        )
        for seat in range(self.n):
            turns = s.order[s.turn :].count(seat)
            self.require(
                len(s.actions_left[seat]) == turns,
                f"seat {seat} has {len(s.actions_left[seat])} action(s) left "
                f"but {turns} turn(s) to come (§2.7.4)",
            )
            bought = s.round - 1 + (BUY not in s.actions_left[seat])
            self.require(
                len(s.shares[seat]) == bought,
                f"seat {seat} holds {len(s.shares[seat])} share(s), not the {bought} bought "
                "by round and turn (§2.7.4: one Buy a round)",
            )
        to_come = row.draw_per_round * (ROUNDS - s.round)
        self.require(
            sum(s.bag.values()) == to_come,
            f"the bag must hold the {to_come} discs of the rounds to come, "
            f"not {sum(s.bag.values())} (§2.7.1)",
        )

    def tiles(self) -> tuple[tuple[int, int, str, int], ...]:
        entries = self.get("tiles", list)
        tiles = []
        for entry in entries:
            ok = isinstance(entry, dict) and set(entry) == {"tile", "slot", "face", "rotation"}
            self.require(ok, f"tile {entry!r} needs tile, slot, face and rotation")
            tile, slot, face, rot = entry["tile"], entry["slot"], entry["face"], entry["rotation"]
            self.require(
                _whole(tile, slot) and tile in TILES and slot in TILE_SLOTS,
                f"tile {tile!r} in slot {slot!r}",
            )
            self.require(
                face in ("A", "B") and _whole(rot) and rot in range(6),
                f"tile {tile}: face {face!r}, rotation {rot!r}",
            )
            tiles.append((tile, slot, face, rot))
        self.require(
            sorted(t[0] for t in tiles) == list(TILES), "the map needs tiles 1–7 once each"
        )
        self.require(
            sorted(t[1] for t in tiles) == list(TILE_SLOTS), "each slot 0–6 holds one tile"
        )
        big_city = next(t for t in tiles if t[0] == BIG_CITY_TILE)
        self.require(big_city[1] == 0, "tile 1 (The Big City) lies in the middle slot (§2.6.2)")
        return tuple(tiles)


def _whole(*values: Any) -> bool:
    """Whether every value is a whole number: exactly an ``int`` (``1.0`` and ``True`` are not).

    >>> _whole(1, -1), _whole(1.0), _whole(True)
    (True, False, False)
    """
    return all(type(v) is int for v in values)
