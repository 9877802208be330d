"""Mini Rails in words, for the screen-reader companion (issue 25 item 2).

Built from a seat's view (``game.view(seat)``) alone, so it says nothing that seat may
not know. Pure Python: no widget imports. Every sentence is said in the language in use
(issue 24: a widget calls these inside its ``use(lang)``).

>>> from railwidgets import minirails
>>> from railwidgets.i18n import use
>>> game = minirails.Game(players=3, seed=7)
>>> names = [game.player_name(s) for s in range(3)]
>>> position_words(game.view(0), 0, names)[0]
'Round 1 of 6. Green to play.'
>>> with use("pl"):
...     position_words(game.view(0), 0, names)[0]
'Runda 1 z 6. Ruch: Zielony.'
>>> take_words(2, "blue")
'Take the blue disc in slot 2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railwidgets.i18n import N_, _, capital, ngettext, tr
from railwidgets.minirails.components import COMPANY_NAME, ROUNDS, hex_name

__all__ = [
    "blocked_words",
    "build_words",
    "company_words",
    "frame_words",
    "position_words",
    "slot_words",
    "take_words",
]

# Every sentence a player reads, in one place (marked for the catalogs; said with ``_``).
ROUND = N_("Round {round} of {rounds}.")
TO_PLAY = N_("{name} to play.")
OVER = N_("The game is over.")
MARKET = N_("Market: {items}.")
EMPTY_MARKET = N_("The market is empty.")
MARKET_DISC = N_("slot {slot}: a {company} disc")
MARKET_TAKEN = N_("slot {slot}: {name}'s marker")
NOTHING_BUILT = N_("No company has built yet.")
SHARE = N_("{company} ({value})")
NO_SHARES = N_("{name} holds no shares.")
TAXED = N_("Taxed: {companies}.")
NOT_TAXED = N_("No company is taxed yet.")
BAG = N_("In the bag: {counts}.")
BAG_COUNT = N_("{company}: {n}")
YOU = N_("You are {name}.")
# The picks of a decision, as the companion's buttons and the keyboard cursor say them.
SLOT = N_("the {company} disc in slot {slot}")
EMPTY_SLOT = N_("slot {slot}")
FRAME = N_("the {company} frame")
TAKE = N_("Take the {company} disc in slot {slot}")
BUILD = N_("Build {company} on {hex}")
BLOCKED = N_("Put the {company} disc on its frame (blocked)")


def company_words(company: str) -> str:
    """A company by its colour, as the rest of the interface names it ("red"; in
    Russian «Красная»).

    >>> company_words("tan")
    'tan'
    """
    name = COMPANY_NAME.get(company)
    return tr(name) if name is not None else company


def slot_words(slot: int, item: object) -> str:
    """A market slot as the keyboard cursor names it: the disc in it, else the slot."""
    if isinstance(item, str):
        return _(SLOT).format(company=company_words(item), slot=slot)
    return _(EMPTY_SLOT).format(slot=slot)


def frame_words(company: str) -> str:
    """A company's frame (where a blocked disc goes, §2.8.5)."""
    return _(FRAME).format(company=company_words(company))


def take_words(slot: int, company: str) -> str:
    """The button that takes a market disc (§2.8.1)."""
    return _(TAKE).format(company=company_words(company), slot=slot)


def build_words(company: str, hex_words: str) -> str:
    """The button that builds the disc in hand on a hex (§2.8.5)."""
    return _(BUILD).format(company=company_words(company), hex=hex_words)


def blocked_words(company: str) -> str:
    """The button that puts a blocked disc on its frame (§2.8.5)."""
    return _(BLOCKED).format(company=company_words(company))


def position_words(view: Mapping[str, Any], seat: int | None, names: Sequence[object]) -> list[str]:
    """The position as a few sentences, for ``seat`` (``None``: nobody's in particular),
    in the language in use (``names``: the players', any :class:`~railwidgets.i18n.Text`
    said in it too)."""
    said = [tr(name) for name in names]
    lines = [_(ROUND).format(round=view["round"], rounds=ROUNDS)]
    if view.get("phase") == "over" or not view.get("order"):
        lines[0] += " " + _(OVER)
    else:
        turn = view["turn"]
        order = view["order"]
        if 0 <= turn < len(order):
            lines[0] += " " + _(TO_PLAY).format(name=said[order[turn]])
    if seat is not None:
        lines.append(_(YOU).format(name=said[seat]))
    items = []
    for slot, item in enumerate(view["market"]):
        if "company" in item:
            company = company_words(item["company"])
            items.append(_(MARKET_DISC).format(slot=slot, company=company))
        else:
            items.append(_(MARKET_TAKEN).format(slot=slot, name=said[item["marker"]]))
    lines.append(_(MARKET).format(items=", ".join(items)) if items else _(EMPTY_MARKET))
    built: dict[str, list[str]] = {}
    for entry in view["board"]:
        built.setdefault(entry["company"], []).append(hex_name(tuple(entry["hex"])))  # type: ignore[arg-type]
    for company, hexes in built.items():
        lines.append(
            capital(
                ngettext(
                    "{company} has {n} disc on the map: {hexes}.",
                    "{company} has {n} discs on the map: {hexes}.",
                    len(hexes),
                ).format(
                    company=company_words(company), n=len(hexes), hexes=", ".join(sorted(hexes))
                )
            )
        )
    if not built:
        lines.append(_(NOTHING_BUILT))
    for who, shares in enumerate(view["shares"]):
        if shares:
            held = ", ".join(
                _(SHARE).format(company=company_words(s["company"]), value=f"{s['value']:+d}")
                for s in shares
            )
            lines.append(
                ngettext(
                    "{name} holds {n} share: {shares}.",
                    "{name} holds {n} shares: {shares}.",
                    len(shares),
                ).format(name=said[who], n=len(shares), shares=held)
            )
        else:
            lines.append(_(NO_SHARES).format(name=said[who]))
    taxed = view.get("taxed") or []
    if taxed:
        lines.append(_(TAXED).format(companies=", ".join(company_words(c) for c in taxed)))
    else:
        lines.append(_(NOT_TAXED))
    bag = view.get("bag") or {}
    if bag:
        counts = "; ".join(
            _(BAG_COUNT).format(company=company_words(c), n=n) for c, n in bag.items()
        )
        lines.append(_(BAG).format(counts=counts))
    return lines
