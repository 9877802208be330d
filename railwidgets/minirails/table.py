"""The pieces layer of a Mini Rails table, drawn from any :class:`State` (pure drawing).

:func:`~railwidgets.minirails.render.draw_pieces` draws a game's state with it;
:mod:`~railwidgets.minirails.story` draws the in-between states of a round's end
(markers on their way from the market to the order track) with it too.

>>> from railwidgets import minirails
>>> from railwidgets.draw import RecordingPainter
>>> from railwidgets.minirails.layout import Layout
>>> game = minirails.Game(players=3, seed=7)
>>> painter = RecordingPainter()
>>> draw_table(painter, game.state, Layout(), header="Round 1 of 6")
>>> "Round 1 of 6" in painter.texts("pieces"), "now" in painter.texts("pieces")
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from railwidgets.core.hexgrid import Hex, corners
from railwidgets.draw.metrics import fit_size, text_width
from railwidgets.draw.painter import Painter
from railwidgets.draw.palette import DARK, LIGHT, MUTED
from railwidgets.i18n import N_, T_, _, joined, tr
from railwidgets.minirails.boards import draw_boards
from railwidgets.minirails.components import COMPANIES, HEX_NAMES, ROUNDS
from railwidgets.minirails.layout import (
    MIN_TEXT,
    TERRAIN_FILL,
    TERRAIN_LABEL,
    Layout,
    blocked_centres,
    draw_discs,
    draw_marker,
    player_name,
)
from railwidgets.minirails.state import Share, State

if TYPE_CHECKING:
    from railwidgets.minirails.rules import Game

__all__ = ["draw_hex_names", "draw_table", "headline"]


#: The order track's heading (drawn on the static layer by render.py; the new order's
#: words go beside it).
ORDER_HEADING = N_("ORDER  (this round's turns)")


def headline(game: Game, viewer: int | None = None) -> str:
    """The line over the panel: round and who plays (``your turn`` for the ``viewer``)."""
    s = game.state
    if s.over:
        winners = tr(joined([player_name(w) for w in game.winners()], T_(" and ")))
        if len(game.winners()) == 1:
            head = _("Game over · {names} wins").format(names=winners)
        else:
            head = _("Game over · {names} win").format(names=winners)
    else:
        seat = game.current_player
        assert seat is not None
        name = tr(player_name(seat))
        who = (
            _("your turn ({name})").format(name=name)
            if seat == viewer
            else _("{name} to play").format(name=name)
        )
        head = _("Round {n} of {rounds} · {who}").format(n=s.round, rounds=ROUNDS, who=who)
    return head


def draw_table(
    painter: Painter,
    s: State,
    layout: Layout,
    *,
    header: str,
    last_hex: Hex | None = None,
    final: Sequence[tuple[int, Sequence[Share]]] | None = None,
    winners: frozenset[int] = frozenset(),
    market: bool = True,
    order: bool = True,
    fresh: bool | None = None,
) -> None:
    """The pieces layer for any state ``s`` (also the in-between states of a round's end).

    ``market`` / ``order`` off leave that row empty (the markers are on their way).
    ``fresh`` marks the disc just taxed and the new order (by default: at the
    first turn of rounds 2–6, and once the game is over).
    """
    if fresh is None:
        fresh = s.over or (s.turn == 0 and s.round > 1)
    painter.layer("pieces")
    r = layout.disc_r
    built = sorted(s.board.items())
    centres = [layout.hex_centre(h) for h, _ in built]
    # a plate of the terrain's colour hides the hex's name under each disc
    plates = [corners(x, y, layout.hex_size * 0.9) for x, y in centres]
    painter.polygons(plates, [TERRAIN_FILL[s.hexes[h]] for h, _ in built])
    draw_discs(painter, [(p, c) for p, (_, c) in zip(centres, built, strict=True)], r)
    blocked = [
        (p, c) for c in COMPANIES for p in blocked_centres(layout, s.frames[c], s.frame_discs[c])
    ]
    draw_discs(painter, blocked, r * 0.8)
    if last_hex is not None:  # the last disc built
        x, y = layout.hex_centre(last_hex)
        painter.circle(x, y, r + 3, stroke=DARK, width=2.5)
        painter.circle(x, y, r + 3, stroke=LIGHT, width=1)
    size = fit_size(header, layout.width - layout.panel_x - 6, 16, MIN_TEXT, bold=True)
    painter.text(
        layout.panel_x, layout.header_y, header, size=size, fill=DARK, align="left", bold=True
    )
    if order:
        _draw_order(painter, s, layout, fresh)
    if market:
        _draw_market(painter, s.market, layout)
    _draw_taxed_and_bag(painter, s, layout, fresh)
    draw_boards(
        painter,
        s.shares,
        None if s.over else s.actions_left,
        layout,
        final=final,
        winners=winners,
    )


def draw_hex_names(painter: Painter, s: State, layout: Layout, hexes: Iterable[Hex]) -> None:
    """Each hex's name at its top, in a quiet ink of its terrain.

    Drawn on the static layer; the plate under a disc hides it. Grouped by
    terrain, so a canvas changes its ink seven times at most.
    """
    up = layout.hex_size * 0.61
    by_terrain: dict[str, list[Hex]] = {}
    for h in hexes:
        by_terrain.setdefault(s.hexes[h], []).append(h)
    for terrain, group in by_terrain.items():
        for h in group:
            x, y = layout.hex_centre(h)
            painter.text(x, y - up, HEX_NAMES[h], size=MIN_TEXT, fill=TERRAIN_LABEL[terrain])


def _draw_order(painter: Painter, s: State, layout: Layout, fresh: bool) -> None:
    """The order track: spent markers faded, the one playing now boxed, ``now`` and ``next``."""
    mr = layout.slot * 0.34
    below = layout.order_y + layout.slot + 1
    for i, who in enumerate(s.order):
        cx, cy = layout.slot_centre(layout.order_y, i)
        done = i < s.turn or s.over
        draw_marker(painter, cx, cy, mr, who, alpha=0.3 if done else 1.0)
        if not s.over and i == s.turn:
            painter.text(cx, below, _("now"), size=MIN_TEXT, fill=DARK, baseline="top", bold=True)
        elif not s.over and i == s.turn + 1:
            painter.text(cx, below, _("next"), size=MIN_TEXT, fill=MUTED, baseline="top")
    if not s.over and s.turn < len(s.order):
        bx, by, bw, bh = layout.slot_box(layout.order_y, s.turn)
        painter.rect(bx - 2, by - 2, bw + 4, bh + 4, stroke=DARK, width=2.5)
        if fresh:
            # right of the order's heading (static layer), however long both are (issue 24)
            words = _("new order after the tax")
            heading = text_width(_(ORDER_HEADING), MIN_TEXT, bold=True)
            room = layout.track_right - layout.panel_x - heading - 10
            painter.text(
                layout.track_right,
                layout.order_y - 4,
                words,
                size=fit_size(words, room, MIN_TEXT, MIN_TEXT, bold=True),
                fill=DARK,
                align="right",
                baseline="bottom",
                bold=True,
            )


def _draw_market(painter: Painter, market: list[str | int | None], layout: Layout) -> None:
    """Discs still to take, and markers where discs were taken (``None``: an empty slot)."""
    discs = []
    for i, item in enumerate(market):
        cx, cy = layout.slot_centre(layout.market_y, i)
        if type(item) is str:
            discs.append(((cx, cy), item))
        elif item is not None:
            draw_marker(painter, cx, cy, layout.slot * 0.34, item)  # type: ignore[arg-type]
    draw_discs(painter, discs, layout.slot * 0.38)


def _draw_taxed_and_bag(painter: Painter, s: State, layout: Layout, fresh: bool) -> None:
    taxed = [(layout.slot_centre(layout.taxed_y, i), c) for i, c in enumerate(s.taxed)]
    draw_discs(painter, taxed, layout.slot * 0.38)
    if s.taxed and fresh:
        bx, by, bw, bh = layout.slot_box(layout.taxed_y, len(s.taxed) - 1)
        painter.rect(bx - 2, by - 2, bw + 4, bh + 4, stroke=DARK, width=2.5)
        words = "← " + _("just taxed")
        size = fit_size(words, layout.width - (bx + bw + 6) - 4, MIN_TEXT)
        painter.text(bx + bw + 6, by + bh / 2, words, size=size, fill=DARK, align="left")
    x0 = layout.panel_x
    step = (layout.track_right - x0) / len(COMPANIES)
    bag = []
    for k, c in enumerate(COMPANIES):
        x = x0 + step * k + 12
        y = layout.bag_y + 12
        bag.append(((x, y), c))
        painter.text(x + 17, y, f"× {s.bag[c]}", size=13, fill=DARK, align="left", bold=True)
    draw_discs(painter, bag, 12)
