"""Every word on every board fits, in every language (issue 24 item 1).

Each game's widget draws its board, as the canvas shows it, on a recording painter:
at the start, a few moves in, and once the game is over, for several player counts and
in each layout (Off the Rails: the panel beside or below the board; Twisty Tracks:
every frame one size, or the seat at the device large). Every text with a word in it
is measured with the font Chromium draws it in (tests/i18n/extents.py) and must stay
on the canvas, off every other label and badge (a clan's letter, a company's disc, a
move's number), and not stick out from under a box drawn over it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.draw.recording import RecordingPainter
from railwidgets.i18n import LANGUAGES, use
from railwidgets.minirails.story import round_end_frames
from railwidgets.ui.panel import GameWidget
from tests.i18n.extents import problems

#: How far into a game each picture is taken (moves; the last: until the game is over).
MOMENTS = (0, 5, 40, 100_000)


def recorded(widget: GameWidget, *, dynamic: bool = True) -> RecordingPainter:
    """The board as the widget draws it now, in the widget's language."""
    painter = RecordingPainter(*widget.board.size, layers=widget.LAYERS)
    with use(widget.lang):
        widget._draw_static(painter)
        if dynamic:
            widget._draw_dynamic(painter)
    return painter


def moments(
    make: Callable[[], GameWidget], seed: int = 1
) -> Iterator[tuple[str, RecordingPainter]]:
    """The board at each of :data:`MOMENTS`, random legal moves (seeded) between them,
    and each picture of the first round's end that Mini Rails tells step by step."""
    widget, rng, played, told = make(), random.Random(seed), 0, False
    for moment in MOMENTS:
        while played < moment and not widget.game.is_over:
            before = widget.game.copy()
            widget.play(rng.choice(widget.game.legal_actions()))
            played += 1
            if isinstance(widget, MiniRailsWidget) and not told:
                for k, frame in enumerate(
                    round_end_frames(before, widget.game, widget.board_layout)
                ):
                    told = True
                    painter = recorded(widget, dynamic=False)
                    with use(widget.lang):
                        frame(painter)
                    yield f"the round's end, picture {k + 1}", painter
        yield f"after {played} moves", recorded(widget)
        if widget.game.is_over:
            break
    widget.close()


BOARDS: dict[str, Callable[[str], Iterator[tuple[str, Callable[[], GameWidget]]]]] = {
    "off-the-rails": lambda lang: (
        (f"{players} players, {layout}", lambda p=players, lay=layout: OffTheRailsWidget(
            players=p, seed=3, lang=lang, layout=lay))
        for players in (1, 2, 4) for layout in ("wide", "tall")
    ),
    "mini-rails": lambda lang: (
        (f"{players} players", lambda p=players: MiniRailsWidget(players=p, seed=3, lang=lang))
        for players in (2, 3, 5)
    ),
    "twisty-tracks": lambda lang: (
        (f"{players} players", lambda p=players: TwistyTracksWidget(players=p, seed=3, lang=lang))
        for players in (1, 2, 4)
    ),
}  # fmt: skip


@pytest.mark.parametrize("game", list(BOARDS))
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_24_every_word_on_the_board_fits_in_every_language(game: str, lang: str) -> None:
    found = []
    for name, make in BOARDS[game](lang):
        for when, painter in moments(make):
            found += [f"{name}, {when}: {p}" for p in problems(painter)]
    assert not found, "\n".join(found)
