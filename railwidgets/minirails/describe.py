"""What a place on a Mini Rails table is, in words (for hover and selection; pure).

>>> from railwidgets import minirails
>>> from railwidgets.minirails.layout import FrameTarget, HexTarget, MarketTarget
>>> game = minirails.Game(players=3, seed=7)
>>> describe(game, HexTarget((0, 0)))
'E4: The Big City, +5 (empty)'
>>> print(describe(game, MarketTarget(0)))   # doctest: +NORMALIZE_WHITESPACE
Slot 0: a blue disc. Buy: a new blue share at 0. Build: every blue share moves by the
value of the hex built on (4 hexes, from -1 at H2 to +2 at G2). No one holds blue yet.
>>> describe(game, FrameTarget("red"))
'The red frame: no blocked discs. Red can still build (4 hexes).'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railwidgets.core.hexgrid import Hex
from railwidgets.minirails.components import (
    BLOCKED_PENALTY,
    COMPANIES,
    HEX_NAMES,
    TERRAIN_NAME,
    TERRAIN_VALUE,
)
from railwidgets.minirails.layout import FrameTarget, HexTarget, Target, as_target, player_name
from railwidgets.minirails.state import BUILD, BUY, MAP_NEIGHBOURS

if TYPE_CHECKING:
    from railwidgets.minirails.rules import Game

__all__ = ["describe"]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def describe(game: Game, target: Target | Hex) -> str:
    """One or two sentences saying what ``target`` is and what taking it would do.

    A hex: its name, terrain and value, and what lies on it or who may build
    there. A market slot: the disc, what Buy and Build would do with it (for the
    player to play: an action already used this round is left out), and who
    holds that company's shares; or whose marker it is. A frame: its blocked
    discs. Raises ``ValueError`` for a place that is not on this table.
    """
    t = as_target(target)
    s = game.state
    if isinstance(t, HexTarget):
        if t.hex not in HEX_NAMES:
            raise ValueError(f"{t.hex} is not a hex of the map")
        terrain = s.hexes[t.hex]
        where = f"{HEX_NAMES[t.hex]}: {TERRAIN_NAME[terrain]}, {TERRAIN_VALUE[terrain]:+d}"
        if t.hex in s.board:
            return f"{where} (a {s.board[t.hex]} disc)"
        near = {s.board[n] for n in MAP_NEIGHBOURS[t.hex] if n in s.board}
        builders = " or ".join(c for c in COMPANIES if c in near)
        return f"{where} (empty; {builders} may build here)" if builders else f"{where} (empty)"
    if isinstance(t, FrameTarget):
        return _describe_frame(game, t.company)
    if not 0 <= t.slot < len(s.market):
        raise ValueError(f"there is no market slot {t.slot} (the market has {len(s.market)})")
    item = s.market[t.slot]
    if type(item) is int:
        markers = [x for x in s.market if type(x) is int]
        place = ORDINALS[[i for i, x in enumerate(s.market) if type(x) is int].index(t.slot)]
        return (
            f"Slot {t.slot}: {player_name(item)}'s marker (that disc is taken). The markers, "
            f"left to right, are the next round's order: {player_name(item)} is {place} of "
            f"the {len(markers)} so far."
        )
    return _describe_disc(game, t.slot, str(item))


def _describe_disc(game: Game, slot: int, company: str) -> str:
    s = game.state
    seat = game.current_player
    left = game.actions_left(seat) if seat is not None else frozenset({BUY, BUILD})
    parts = [f"Slot {slot}: a {company} disc."]
    if BUY in left:
        parts.append(f"Buy: a new {company} share at 0.")
    if BUILD in left:
        legal = game.legal_hexes(company)
        if legal:
            ranked = sorted(legal, key=lambda h: (TERRAIN_VALUE[s.hexes[h]], HEX_NAMES[h]))
            low, high = ranked[0], ranked[-1]
            if len(legal) == 1:
                spread = f"1 hex, {TERRAIN_VALUE[s.hexes[low]]:+d} at {HEX_NAMES[low]}"
            else:
                spread = (
                    f"{len(legal)} hexes, from {TERRAIN_VALUE[s.hexes[low]]:+d} at "
                    f"{HEX_NAMES[low]} to {TERRAIN_VALUE[s.hexes[high]]:+d} at {HEX_NAMES[high]}"
                )
            parts.append(
                f"Build: every {company} share moves by the value of the hex built on ({spread})."
            )
        else:
            parts.append(
                f"Build: {company} is blocked, the disc goes onto its frame "
                f"({company} shares {BLOCKED_PENALTY:+d})."
            )
    holders = [
        (p, sum(sh.company == company for sh in shares)) for p, shares in enumerate(s.shares)
    ]
    held = ", ".join(f"{player_name(p)} ×{k}" for p, k in holders if k)
    parts.append(f"{company.title()} shares: {held}." if held else f"No one holds {company} yet.")
    return " ".join(parts)


def _describe_frame(game: Game, company: str) -> str:
    if company not in COMPANIES:
        raise ValueError(f"there is no company {company!r}")
    blocked = game.state.frame_discs[company]
    discs = {0: "no blocked discs", 1: "1 blocked disc"}.get(blocked, f"{blocked} blocked discs")
    legal = game.legal_hexes(company)
    if legal:
        more = (
            f"{company.title()} can still build ({len(legal)} hex{'es' if len(legal) > 1 else ''})."
        )
    else:
        more = (
            f"{company.title()} is blocked: a {company} disc built goes here "
            f"({company} shares {BLOCKED_PENALTY:+d})."
        )
    return f"The {company} frame: {discs}. {more}"
