"""Mini Rails in words, for the screen-reader companion (issue 25 item 2).

Built from a seat's view (``game.view(seat)``) alone, so it says nothing that seat may
not know. Pure Python: no widget imports.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=7)
>>> lines = position_words(game.view(0), 0, [game.player_name(s) for s in range(3)])
>>> lines[0]
'Round 1 of 6. Green to play.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railwidgets.minirails.components import hex_name

__all__ = ["position_words"]

# Every sentence a player reads, in one place (to be wrapped for translation).
ROUND = "Round {round} of 6."
TO_PLAY = "{name} to play."
OVER = "The game is over."
MARKET = "Market: {items}."
MARKET_DISC = "slot {slot} {company}"
MARKET_TAKEN = "slot {slot} taken by {name}"
BUILT = "{company} discs on {hexes}."
NOTHING_BUILT = "No company has built yet."
SHARES = "{name} holds {shares}."
NO_SHARES = "{name} holds no shares."
SHARE = "{company} at {value:+d}"
TAXED = "Taxed: {companies}."
NOT_TAXED = "No company is taxed yet."
BAG = "In the bag: {counts}."
YOU = "You are {name}."


def position_words(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> list[str]:
    """The position as a few sentences, for ``seat`` (``None``: nobody's in particular)."""
    lines = [ROUND.format(round=view["round"])]
    if view.get("phase") == "over" or not view.get("order"):
        lines[0] += " " + OVER
    else:
        turn = view["turn"]
        order = view["order"]
        if 0 <= turn < len(order):
            lines[0] += " " + TO_PLAY.format(name=names[order[turn]])
    if seat is not None:
        lines.append(YOU.format(name=names[seat]))
    items = []
    for slot, item in enumerate(view["market"]):
        if "company" in item:
            items.append(MARKET_DISC.format(slot=slot, company=item["company"]))
        else:
            items.append(MARKET_TAKEN.format(slot=slot, name=names[item["marker"]]))
    lines.append(MARKET.format(items=", ".join(items)))
    built: dict[str, list[str]] = {}
    for entry in view["board"]:
        built.setdefault(entry["company"], []).append(hex_name(tuple(entry["hex"])))  # type: ignore[arg-type]
    if built:
        lines += [
            BUILT.format(company=company.title(), hexes=", ".join(sorted(hexes)))
            for company, hexes in built.items()
        ]
    else:
        lines.append(NOTHING_BUILT)
    for who, shares in enumerate(view["shares"]):
        if shares:
            held = ", ".join(SHARE.format(company=s["company"], value=s["value"]) for s in shares)
            lines.append(SHARES.format(name=names[who], shares=held))
        else:
            lines.append(NO_SHARES.format(name=names[who]))
    taxed = view.get("taxed") or []
    lines.append(TAXED.format(companies=", ".join(taxed)) if taxed else NOT_TAXED)
    bag = view.get("bag") or {}
    if bag:
        lines.append(BAG.format(counts=", ".join(f"{c} {n}" for c, n in bag.items())))
    return lines
