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
from railwidgets.i18n import N_, _, capital, ngettext, tr
from railwidgets.minirails.components import (
    BLOCKED_PENALTY,
    COMPANIES,
    COMPANY_NAME,
    HEX_NAMES,
    TERRAIN_NAME,
    TERRAIN_VALUE,
)
from railwidgets.minirails.layout import FrameTarget, HexTarget, Target, as_target, player_name
from railwidgets.minirails.state import BUILD, BUY, MAP_NEIGHBOURS

if TYPE_CHECKING:
    from railwidgets.minirails.rules import Game

__all__ = ["describe"]

ORDINALS = (
    N_("first"),
    N_("second"),
    N_("third"),
    N_("fourth"),
    N_("fifth"),
    N_("sixth"),
    N_("seventh"),
    N_("eighth"),
)


def _co(company: str) -> str:
    """A company's name in the language in use."""
    return tr(COMPANY_NAME[company])


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
        where = f"{HEX_NAMES[t.hex]}: {tr(TERRAIN_NAME[terrain])}, {TERRAIN_VALUE[terrain]:+d}"
        if t.hex in s.board:
            return _("{where} (a {company} disc)").format(where=where, company=_co(s.board[t.hex]))
        near = {s.board[n] for n in MAP_NEIGHBOURS[t.hex] if n in s.board}
        builders = _(" or ").join(_co(c) for c in COMPANIES if c in near)
        if builders:
            return _("{where} (empty; {companies} may build here)").format(
                where=where, companies=builders
            )
        return _("{where} (empty)").format(where=where)
    if isinstance(t, FrameTarget):
        return _describe_frame(game, t.company)
    if not 0 <= t.slot < len(s.market):
        raise ValueError(f"there is no market slot {t.slot} (the market has {len(s.market)})")
    item = s.market[t.slot]
    if type(item) is int:
        markers = [x for x in s.market if type(x) is int]
        place = ORDINALS[[i for i, x in enumerate(s.market) if type(x) is int].index(t.slot)]
        return _(
            "Slot {slot}: {name}'s marker (that disc is taken). The markers, "
            "left to right, are the next round's order: {name} is {place} of "
            "the {n} so far."
        ).format(slot=t.slot, name=tr(player_name(item)), place=_(place), n=len(markers))
    return _describe_disc(game, t.slot, str(item))


def _describe_disc(game: Game, slot: int, company: str) -> str:
    s = game.state
    seat = game.current_player
    left = game.actions_left(seat) if seat is not None else frozenset({BUY, BUILD})
    parts = [_("Slot {slot}: a {company} disc.").format(slot=slot, company=_co(company))]
    if BUY in left:
        parts.append(_("Buy: a new {company} share at 0.").format(company=_co(company)))
    if BUILD in left:
        legal = game.legal_hexes(company)
        if legal:
            ranked = sorted(legal, key=lambda h: (TERRAIN_VALUE[s.hexes[h]], HEX_NAMES[h]))
            low, high = ranked[0], ranked[-1]
            if len(legal) == 1:
                spread = _("1 hex, {value} at {hex}").format(
                    value=f"{TERRAIN_VALUE[s.hexes[low]]:+d}", hex=HEX_NAMES[low]
                )
            else:
                spread = ngettext(
                    "{n} hex, from {low} at {low_hex} to {high} at {high_hex}",
                    "{n} hexes, from {low} at {low_hex} to {high} at {high_hex}",
                    len(legal),
                ).format(
                    n=len(legal),
                    low=f"{TERRAIN_VALUE[s.hexes[low]]:+d}",
                    low_hex=HEX_NAMES[low],
                    high=f"{TERRAIN_VALUE[s.hexes[high]]:+d}",
                    high_hex=HEX_NAMES[high],
                )
            parts.append(
                _(
                    "Build: every {company} share moves by the value of the hex built on ({spread})."
                ).format(company=_co(company), spread=spread)
            )
        else:
            parts.append(
                _(
                    "Build: {company} is blocked, the disc goes onto its frame "
                    "({company} shares {penalty})."
                ).format(company=_co(company), penalty=f"{BLOCKED_PENALTY:+d}")
            )
    holders = [
        (p, sum(sh.company == company for sh in shares)) for p, shares in enumerate(s.shares)
    ]
    held = ", ".join(f"{tr(player_name(p))} ×{k}" for p, k in holders if k)
    parts.append(
        capital(_("{company} shares: {held}.").format(company=_co(company), held=held))
        if held
        else _("No one holds {company} yet.").format(company=_co(company))
    )
    return " ".join(parts)


def _describe_frame(game: Game, company: str) -> str:
    if company not in COMPANIES:
        raise ValueError(f"there is no company {company!r}")
    blocked = game.state.frame_discs[company]
    discs = (
        _("no blocked discs")
        if blocked == 0
        else ngettext("{n} blocked disc", "{n} blocked discs", blocked).format(n=blocked)
    )
    legal = game.legal_hexes(company)
    if legal:
        more = capital(
            ngettext(
                "{company} can still build ({n} hex).",
                "{company} can still build ({n} hexes).",
                len(legal),
            ).format(company=_co(company), n=len(legal))
        )
    else:
        more = capital(
            _(
                "{company} is blocked: a {company} disc built goes here ({company} shares {penalty})."
            ).format(company=_co(company), penalty=f"{BLOCKED_PENALTY:+d}")
        )
    return _("The {company} frame: {discs}. {more}").format(
        company=_co(company), discs=discs, more=more
    )
