"""The panel beside the Off the Rails board: turn and phase, decks, clans, missions (pure drawing).

Drawn from position-shaped data like the board (``game.position()`` or
``game.view(seat)``): the deposit deck is only a count in a view, so the
Chasm card's place never shows.

>>> from railwidgets import offtherails
>>> data = offtherails.Game(players=1, seed=1).position()
>>> stage_text(data), player_name(data, 0)
('Action phase: 4 of 4 actions left', 'Solo')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from railwidgets.core.grid import N
from railwidgets.draw.metrics import MIN_TEXT, fit_size, text_width, wrap_to
from railwidgets.draw.painter import Painter
from railwidgets.draw.palette import DARK, FAINT, GRID, LIGHT, MUTED, PANEL, SELECT, ink_for
from railwidgets.i18n import N_, T_, TC_, _, ngettext, tr
from railwidgets.offtherails.components import (
    ACTIONS_PER_TURN,
    COLOUR_WORDS,
    COLOURS,
    COMPASS_WORDS,
    KINDS,
    MISSIONS,
    SIDE_LETTERS,
    TILE_SUPPLY,
    seat_name,
)
from railwidgets.offtherails.glyphs import (
    CLAN_FILL,
    CLAN_LETTER,
    DIE_FILL,
    CartBatch,
    ItemBatch,
    TextsLast,
)

if TYPE_CHECKING:
    from railwidgets.offtherails.render import Layout

__all__ = [
    "cart_colour",
    "cart_rows",
    "clan_name",
    "draw_sidebar",
    "mission_rows",
    "player_name",
    "stage_text",
    "to_play",
]

LINE = 15.0  # px between lines of 12 px text
_MISSIONS_HEAD = N_("MISSIONS (4 points each; one claim per turn)")
_MATCH = N_("to match: ruby N · gold E · emerald S · diamond W")
_DELIVERED = N_("DELIVERED, BY EXIT SIDE")
#: The clans by colour, as players are called once sides are chosen.
_CLANS = (T_("Red"), T_("Yellow"), T_("Green"), T_("Blue"))
#: Where a cart is when it is not on the board.
_PLACE_WORDS = {"supply": N_("supply"), "gone": N_("gone")}


def clan_name(side: str) -> str:
    """The clan that plays from ``side`` (§2.4.2).

    >>> clan_name("N")
    'Red'
    """
    return _CLANS[SIDE_LETTERS.index(side)]


def player_name(data: Mapping[str, Any], seat: int) -> str:
    """The seat's clan colour (``"Red"``), ``"Solo"``, or ``"Player n"`` before sides are chosen."""
    sides = data["sides"]
    if len(sides) == 1:
        return T_("Solo")
    side = sides[seat]
    return _CLANS[SIDE_LETTERS.index(side)] if side else seat_name(seat)


def seat_colour(data: Mapping[str, Any], seat: int) -> int:
    """The seat's colour number (0 red … 3 blue), -1 before sides are chosen."""
    side = data["sides"][seat]
    return SIDE_LETTERS.index(side) if side else -1


def cart_colour(data: Mapping[str, Any], cart: Mapping[str, Any]) -> int:
    """A cart's colour number: its own in solo, else its owner's."""
    if cart["colour"] is not None:
        return COLOURS.index(cart["colour"])
    return seat_colour(data, cart["owner"])


def to_play(data: Mapping[str, Any]) -> int:
    """The seat whose decision is awaited (the hit cart's owner while its load is split)."""
    move = data["move"]
    if data["turn"]["stage"] == "split" and move and move["collision"]:
        return int(data["carts"][move["collision"]["other"]]["owner"])
    return int(data["turn"]["active"])


_STAGE_TEXT = {
    "side": N_("{who} chooses a side"),
    "cart": N_("Movement: {who} chooses the cart to move"),
    "exit": N_("Movement: {who} chooses the exit"),
    "take": N_("Movement: {who} chooses a jewel to take"),
    "nose": N_("Movement: {who} points the cart at rest"),
    "split": N_("Collision: {who} splits the hit cart's load"),
    "pick": N_("Collision: {who} picks a face-down pile"),
    "mission": N_("{who} may claim a mission"),
    "chasm": N_("Chasm phase: {who} places a {token} token"),
}


def stage_text(data: Mapping[str, Any]) -> str:
    """The phase in words, with the actions left in the action phase."""
    turn = data["turn"]
    stage = turn["stage"]
    if stage == "over":
        return _("Game over: {reason}").format(reason=_(data["ended"] or ""))
    if stage == "actions":
        left = ACTIONS_PER_TURN - turn["actions_used"]
        return ngettext(
            "Action phase: {n} of {all} actions left",
            "Action phase: {n} of {all} actions left",
            left,
        ).format(n=left, all=ACTIONS_PER_TURN)
    token = data["final_round"]["drawn_token"] or ""
    colour = tr(COLOUR_WORDS[COLOURS.index(token)]) if token in COLOURS else token
    return _(_STAGE_TEXT[stage]).format(who=tr(player_name(data, to_play(data))), token=colour)


def _decks_lines(data: Mapping[str, Any], layout: Layout) -> list[str]:
    """The decks' line, cut between its parts into two lines where it is wider than the
    panel (issue 24: the words are longer in some languages)."""
    parts = _decks_text(data).split(" · ")
    lines = [parts[0]]
    for part in parts[1:]:
        if text_width(lines[-1] + " · " + part, 12) <= layout.panel_width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def _decks_text(data: Mapping[str, Any]) -> str:
    deck = data["deposit_deck"]
    cards = deck if isinstance(deck, int) else len(deck)
    parts = []
    if not data["final_round"]["collapsed"] or len(data["sides"]) == 1:
        parts.append(
            ngettext("Deposit deck: {n} card", "Deposit deck: {n} cards", cards).format(n=cards)
        )
    parts.append(_("chasm tokens: {n}").format(n=sum(data["chasm_supply"].values())))
    parts.append(_("tiles {used}/{all}").format(used=data["tiles"]["used"], all=TILE_SUPPLY))
    return " · ".join(parts)


def _final_text(data: Mapping[str, Any]) -> str:
    final = data["final_round"]
    if data["turn"]["stage"] == "over" or len(data["sides"]) == 1:
        return ""
    if final["collapsed"]:
        return _("The mine has collapsed: a chasm token every turn")
    left = final["turns_left"]
    if left is not None:
        return ngettext(
            "Chasm card drawn: the collapse in {n} turn",
            "Chasm card drawn: the collapse in {n} turns",
            left,
        ).format(n=left)
    return ""


def wrap(text: str, width: float, size: float = 12.0) -> list[str]:
    """``text`` cut into lines that fit ``width`` px at font ``size`` (a generous estimate).

    >>> wrap("one of your carts exits carrying a diamond", 180)
    ['one of your carts exits', 'carrying a diamond']
    """
    limit = max(8, int(width / (size * 0.58)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def cart_rows(
    data: Mapping[str, Any], layout: Layout
) -> list[tuple[Mapping[str, Any], float, float]]:
    """Every cart with the centre of its entry beside the board."""
    rows = []
    for seat in range(len(data["sides"])):
        carts = [c for c in data["carts"] if c["owner"] == seat]
        for k, cart in enumerate(carts):
            rows.append((cart, *layout.cart_slot(seat, k, len(carts))))
    return rows


def mission_rows(data: Mapping[str, Any], layout: Layout) -> list[tuple[int, float, float]]:
    """Every face-up mission with the top and bottom of its entry beside the board."""
    if len(data["sides"]) == 1:
        return []
    rows = []
    y = layout.missions_top(len(data["sides"])) + 18 + LINE * (len(_head_lines(layout)) - 1)
    met = set(data["turn"]["met"])
    for number in data["missions"]["face_up"]:
        lines = len(_mission_lines(number, number in met, layout))
        rows.append((number, y - 8, y - 8 + lines * LINE + 3))
        y += lines * LINE + 3
    return rows


def _mission_lines(number: int, met: bool, layout: Layout) -> list[tuple[str, bool]]:
    """A mission's entry, line by line: its title (bold), then its text, as wide as the column."""
    mission = MISSIONS[number]
    title = f"M{number} {tr(mission.name)}" + ("  ✓ " + _("met this turn") if met else "")
    width = layout.missions_span()
    lines = [(line, True) for line in wrap(title, width, size=13)]
    return lines + [(line, False) for line in wrap(tr(mission.text), width - 12)]


def _match_lines(layout: Layout) -> list[tuple[str, bool]]:
    """Solo: the heading, then which side each kind must reach, cut to the column."""
    head = [(line, True) for line in wrap_to(_(_DELIVERED), layout.missions_span(), 12, True)]
    return head + [(line, False) for line in wrap(_(_MATCH), layout.missions_span())]


def _head_lines(layout: Layout) -> list[str]:
    """The missions' heading, cut to the column."""
    return wrap(_(_MISSIONS_HEAD), layout.missions_span())


def panel_height(layout: Layout, players: int) -> float:
    """How tall the panel is at most, from ``layout.panel_y``, for a game of ``players``.

    The clans' rows, and the missions' column: the tallest ``players + 1`` missions
    that could lie face up (solo: the deliveries).
    """
    clans = layout.player_top(players) + layout.player_row - 6
    if players == 1:
        missions = (
            layout.missions_top(1) + 10 + LINE * (len(_match_lines(layout)) - 1) + 4 * 28 + 20
        )
    else:
        heights = sorted(
            (len(_mission_lines(n, True, layout)) * LINE + 3 for n in MISSIONS), reverse=True
        )
        head = LINE * (len(_head_lines(layout)) - 1)
        missions = layout.missions_top(players) + 10 + head + sum(heights[: players + 1])
    return max(clans, missions) - layout.panel_y


# -- drawing --------------------------------------------------------------------------------------


def draw_sidebar(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    """The panel beside the board, on the current layer (shapes first, then the texts)."""
    texts = TextsLast(painter)
    _draw_sidebar(data, texts, layout)  # type: ignore[arg-type]
    texts.flush()


def _draw_sidebar(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    x0 = layout.panel_x
    players = len(data["sides"])
    turn = data["turn"]
    if turn["stage"] == "over":
        head = _("Game over after turn {n}").format(n=turn["number"])
    elif turn["stage"] == "side":
        head = _("Setup: the first player chooses a side")
    else:
        rounds = (turn["number"] - 1) // players + 1
        head = _("Turn {n} · round {round} · {name}").format(
            n=turn["number"], round=rounds, name=tr(player_name(data, turn["active"]))
        )
    y0, room = layout.panel_y, layout.panel_width
    size = fit_size(head, room, 16, MIN_TEXT, bold=True)
    painter.text(x0, y0 + 18, head, size=size, fill=DARK, align="left", bold=True)
    stage = stage_text(data)
    painter.text(x0, y0 + 40, stage, size=fit_size(stage, room, 13), fill=DARK, align="left")
    decks = _decks_lines(data, layout)
    top = y0 + 62 if len(decks) == 1 else y0 + 57
    for k, line in enumerate(decks):
        painter.text(x0, top + 14 * k, line, size=12, fill=MUTED, align="left")
    final = _final_text(data)
    painter.text(x0, top + 14 * len(decks) + 4, final, size=fit_size(final, room, 12, bold=True),
                 fill=DARK, align="left", bold=True)  # fmt: skip
    items, carts = ItemBatch(), CartBatch()
    for seat in range(players):
        _draw_player(data, painter, layout, seat, items)
    entries = cart_rows(data, layout)
    for cart, x, y in entries:
        _add_cart_entry(data, carts, items, cart, x, y)
    carts.draw(painter)
    items.draw(painter)
    for cart, x, y in entries:
        _write_cart_entry(painter, cart, x, y)
    if players == 1:
        _draw_deliveries(data, painter, layout)
    else:
        _draw_missions(data, painter, layout)


def _draw_player(
    data: Mapping[str, Any], painter: Painter, layout: Layout, seat: int, items: ItemBatch
) -> None:
    x0, top = layout.panel_x, layout.player_top(seat)
    colour = seat_colour(data, seat)
    fill = CLAN_FILL[colour] if colour >= 0 else MUTED
    now = seat == to_play(data) and data["turn"]["stage"] != "over"
    painter.rect(x0 - 6, top - 2, layout.panel_width + 8, layout.player_row - 4, fill=PANEL,
                 stroke=SELECT if now else GRID, width=2.5 if now else 1)  # fmt: skip
    # before sides are chosen a seat is its number from 1, as the seat selectors count
    solo = len(data["sides"]) == 1
    mark = (
        CLAN_LETTER[colour] if colour >= 0 else (TC_("solo badge", "S") if solo else str(seat + 1))
    )
    badge = max(18.0, text_width(tr(mark), 12, bold=True) + 6)  # a letter of the language
    painter.rect(x0 + 9 - badge / 2, top + 4, badge, 18, fill=fill, stroke=DARK, width=1)
    painter.text(x0 + 9, top + 13.5, mark, size=12, fill=ink_for(fill), bold=True)
    name = tr(player_name(data, seat)) + ("  ◀ " + _("now") if now else "")
    painter.text(x0 + 26, top + 13, name, size=13, fill=DARK, align="left", bold=True)
    stock = data["stockpiles"][seat]
    for kind, item in enumerate(KINDS):
        x = x0 + 150 + kind * 40
        n = stock.get(item, 0)
        items.add(kind, x, top + 13, 7, alpha=1.0 if n else 0.3)
        painter.text(x + 10, top + 13.5, str(n), size=12, fill=DARK if n else FAINT, align="left",
                     bold=bool(n))  # fmt: skip
    claimed = data["missions"]["claimed"][seat]
    if claimed:
        text = _("missions {list}").format(list=" ".join(f"M{m}" for m in claimed))
        painter.text(x0 + layout.panel_width - 4, top + layout.player_row - 14, text, size=12,
                     fill=DARK, align="right", bold=True)  # fmt: skip


def _add_cart_entry(
    data: Mapping[str, Any],
    carts: CartBatch,
    items: ItemBatch,
    cart: Mapping[str, Any],
    cx: float,
    cy: float,
) -> None:
    """A cart beside the board: its body, its speed die and its load (the words come after)."""
    gone = cart["place"] == "gone"
    # a little above the middle of the line: its load lies below it
    carts.add(
        cx, cy - 1.5, 25, colour=cart_colour(data, cart), facing=N, alpha=0.35 if gone else 1.0
    )
    kx = cx - 6
    for kind, item in enumerate(KINDS):
        n = cart["contents"].get(item, 0)
        if n:
            items.add(kind, kx + 5, cy + 17, 5.5)
            kx += 24 if n > 1 else 15


def _write_cart_entry(painter: Painter, cart: Mapping[str, Any], cx: float, cy: float) -> None:
    """The speed die, where the cart is, how many of each item it holds, a cross if gone."""
    place = cart["place"]
    alpha = 0.35 if place == "gone" else 1.0
    if place == "gone":
        painter.lines([((cx - 9, cy - 9), (cx + 9, cy + 9))], stroke="#B71C1C", width=2.5)
    die = DIE_FILL.get(cart["name"], LIGHT)
    painter.rect(cx + 13, cy - 8, 16, 16, fill=die, stroke=DARK, width=1, alpha=alpha)
    painter.text(cx + 21, cy + 0.5, str(cart["speed"]), size=12, fill=ink_for(die), bold=True,
                 alpha=alpha)  # fmt: skip
    label = _square_label(cart["square"]) if place == "board" else _(_PLACE_WORDS.get(place, place))
    painter.text(cx + 34, cy + 0.5, label, size=12, fill=FAINT if place == "gone" else DARK,
                 align="left")  # fmt: skip
    kx = cx - 6
    for item in KINDS:
        n = cart["contents"].get(item, 0)
        if n > 1:
            painter.text(kx + 12, cy + 17.5, str(n), size=12, fill=DARK, align="left", bold=True)
        if n:
            kx += 24 if n > 1 else 15


def _square_label(square: Sequence[int]) -> str:
    return f"({square[0]},{square[1]})"


def _draw_missions(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    x0 = layout.missions_left()
    top = layout.missions_top(len(data["sides"]))
    for k, line in enumerate(_head_lines(layout)):
        painter.text(x0, top + LINE * k, line, size=12, fill=MUTED, align="left", bold=True)
    met = set(data["turn"]["met"])
    for number, y, _bottom in mission_rows(data, layout):
        for k, (line, bold) in enumerate(_mission_lines(number, number in met, layout)):
            painter.text(x0 + (0 if bold else 12), y + 8 + k * LINE, line, size=12,
                         fill=DARK if bold else MUTED, align="left", bold=bold)  # fmt: skip
    if not data["missions"]["face_up"]:
        painter.text(x0, top + 18, _("none left face up"), size=12, fill=FAINT, align="left")


def _draw_deliveries(data: Mapping[str, Any], painter: Painter, layout: Layout) -> None:
    """Solo: jewels delivered by exit side, and the side each kind must reach (§2.15)."""
    x0 = layout.missions_left()
    y = layout.missions_top(1) + 10
    items = ItemBatch()
    match = _match_lines(layout)
    for k, (line, bold) in enumerate(match):
        painter.text(x0, y + k * LINE, line, size=12, fill=MUTED, align="left", bold=bold)
    for k, letter in enumerate(SIDE_LETTERS):
        row = y + 29 + LINE * (len(match) - 1) + k * 28
        fill = CLAN_FILL[k]
        label = COMPASS_WORDS[letter]  # the side in the language's compass letters (issue 24)
        badge = max(18.0, text_width(tr(label), 12, bold=True) + 6)
        painter.rect(x0, row - 9, badge, 18, fill=fill, stroke=DARK, width=1)
        painter.text(x0 + badge / 2, row + 0.5, label, size=12, fill=ink_for(fill), bold=True)
        delivered = data["delivered"].get(letter, {})
        for kind in range(1, len(KINDS)):
            x = x0 + 44 + (kind - 1) * 48
            n = delivered.get(KINDS[kind], 0)
            items.add(kind, x, row, 7, alpha=1.0 if n else 0.3)
            painter.text(x + 10, row + 0.5, str(n), size=12, fill=DARK if n else FAINT,
                         align="left")  # fmt: skip
    items.draw(painter)
