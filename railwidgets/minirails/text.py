"""The text picture of a Mini Rails game (``str(game)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railwidgets.minirails.components import COMPANIES, COMPANY_LETTER, ROUNDS, TERRAIN_VALUE

if TYPE_CHECKING:
    from railwidgets.minirails.rules import Game


def board_text(game: Game) -> str:
    """The map (value and disc of every hex), market, order, taxed area and shares.

    Each hex shows its value and the letter of the company on it (``.`` when
    empty): ``[+2R]`` is a farmland hex holding a red disc.
    """
    s = game.state
    lines = [_headline(game), ""]
    lines += _map_lines(game)
    lines.append("")
    frames = ", ".join(
        f"{c} {s.frames[c]}" + (f" ({s.frame_discs[c]} blocked)" if s.frame_discs[c] else "")
        for c in COMPANIES
    )
    lines.append(f"Frames:  {frames}")
    market = "  ".join(
        f"{i}:{COMPANY_LETTER[x]}" if type(x) is str else f"{i}:{_short(game, x)}"
        for i, x in enumerate(s.market)
    )
    lines.append(f"Market:  {market}")
    order = " ".join(
        ("»" if i == s.turn and not s.over else "") + _short(game, seat)
        for i, seat in enumerate(s.order)
    )
    lines.append(f"Order:   {order}")
    lines.append(f"Taxed:   {', '.join(s.taxed) or '(none yet)'}")
    lines.append("Bag:     " + ", ".join(f"{c} {s.bag[c]}" for c in COMPANIES))
    lines.append("Shares:")
    for line in game.scoring():
        shares = ", ".join(f"{sh.company} {sh.value:+d}" for sh in s.shares[line.seat]) or "none"
        lines.append(f"  {game.player_name(line.seat):<7} {shares}  → {line.score:+d}")
    return "\n".join(lines)


def _headline(game: Game) -> str:
    s = game.state
    if s.over:
        names = " and ".join(game.player_name(w) for w in game.winners())
        return f"Mini Rails · game over · {names} win{'s' if len(game.winners()) == 1 else ''}"
    seat = game.current_player
    assert seat is not None
    left = " or ".join(sorted(game.actions_left(seat)))
    return f"Mini Rails · round {s.round} of {ROUNDS} · {game.player_name(seat)} to {left}"


def _short(game: Game, seat: int) -> str:
    return game.player_name(seat)[:2].lower()


def _map_lines(game: Game) -> list[str]:
    s = game.state
    rows: dict[int, list[tuple[int, int]]] = {}
    for q, r in s.hexes:
        rows.setdefault(r, []).append((q, r))
    left = min(2 * q + r for q, r in s.hexes)
    lines = []
    for r in sorted(rows):
        line = ""
        for q, _ in sorted(rows[r]):
            column = (2 * q + r - left) * 3
            disc = s.board.get((q, r))
            cell = f"[{TERRAIN_VALUE[s.hexes[(q, r)]]:+d}{COMPANY_LETTER[disc] if disc else '.'}]"
            line = line.ljust(column) + cell
        lines.append(line.rstrip())
    return lines
