"""Issue 25 item 3 (seeing): every colour pair used for text and marks passes WCAG 2.2
contrast, and the player colours stay apart under the common colour blindnesses.

The ratios are worked out from the palettes themselves (``tests/a11y/colour.py``), so a
colour changed in a palette is checked at once.

Thresholds, and why:

- text: 4.5:1 (WCAG 2.2 SC 1.4.3, level AA); marks that must be seen (a lit target's
  rim, the choice in hand, the moves since your turn, the keyboard cursor and the focus
  ring): 3:1 (SC 1.4.11 and 2.4.13).
- colours that tell players (and their trains, companies, clans) apart: CIEDE2000 of at
  least :data:`APART_NORMAL` for normal vision and :data:`APART_DICHROMAT` under each
  simulated dichromacy (Machado, Oliveira & Fernandes 2009, severity 1: the strongest
  form). A ΔE00 of about 2.3 is one just-noticeable difference for large patches seen
  side by side; board pieces are small and seen apart, so we ask for several of them
  (8 ≈ 3.5 JND) under every deficiency. Colour is never the only cue (every piece carries
  its letter or number), so this is a floor for telling pieces apart at a glance.
- not checked: ``FAINT`` (spent things: inactive, exempt under SC 1.4.3) and ``GRID``
  (thin lines between squares that are also told apart by what lies on them).
"""

from __future__ import annotations

import itertools

import pytest

from railwidgets.draw.palette import (
    DARK,
    HIGHLIGHT,
    HIGHLIGHT_FILL,
    LIGHT,
    MUTED,
    PANEL,
    PAPER,
    RECENT,
    SELECT,
    contrast_ratio,
    ink_for,
)
from railwidgets.minirails.components import COMPANY_FILL, PLAYER_FILL
from railwidgets.minirails.layout import TERRAIN_FILL, TERRAIN_LABEL
from railwidgets.offtherails.glyphs import CLAN_FILL, MINE_TINT, PLATE
from railwidgets.offtherails.render import SURFACE
from railwidgets.twistytracks.render import TILE_FILL
from railwidgets.twistytracks.scoreboard import THEME_FILL, THEME_PALE, TRAIN_FILL
from railwidgets.ui.theme import BUTTON_FILLS, ERROR, FOCUS_HALO, FOCUS_RING
from tests.a11y.colour import MACHADO, contrast, difference, simulate

TEXT = 4.5
MARK = 3.0
APART_NORMAL = 20.0
APART_DICHROMAT = 8.0

#: Where text and marks are drawn: the page, the table, panels, tiles.
GROUNDS = {"PAPER": PAPER, "PANEL": PANEL, "LIGHT": LIGHT, "TILE_FILL": TILE_FILL}

#: Colours that carry a letter or number drawn in ``ink_for(fill)``.
LETTERED = {
    **{f"Mini Rails company {k}": v for k, v in COMPANY_FILL.items()},
    **{f"Mini Rails player {k}": v for k, v in PLAYER_FILL.items()},
    **{f"Off the Rails clan {i}": v for i, v in enumerate(CLAN_FILL)},
    **{f"Twisty Tracks theme {k}": v for k, v in THEME_FILL.items()},
    **{f"Twisty Tracks train {k}": v for k, v in TRAIN_FILL.items()},
}

#: Every fill a board may show under the keyboard cursor.
BOARD_FILLS = {
    **GROUNDS,
    **LETTERED,
    **{f"terrain {k}": v for k, v in TERRAIN_FILL.items()},
    **{f"mine tint {i}": v for i, v in enumerate(MINE_TINT)},
    **{f"theme pale {k}": v for k, v in THEME_PALE.items()},
    "SURFACE": SURFACE,
    "PLATE": PLATE,
    "DARK": DARK,
}

#: Colour sets whose members a player must tell apart.
TOLD_APART = {
    "Mini Rails players": PLAYER_FILL,
    "Mini Rails companies": COMPANY_FILL,
    "Off the Rails clans": dict(enumerate(CLAN_FILL)),
    "Twisty Tracks players (themes)": THEME_FILL,
    "Twisty Tracks trains": TRAIN_FILL,
}


def test_contrast_maths_matches_wcag_examples() -> None:
    # the palette's own ratio and the test's agree, and both give WCAG's known values
    assert round(contrast("#767676", "#FFFFFF"), 2) == 4.54
    assert round(contrast_ratio("#767676", "#FFFFFF"), 2) == 4.54
    assert contrast("#777777", "#FFFFFF") < TEXT


def test_ciede2000_matches_sharma_test_data() -> None:
    from tests.a11y.colour import ciede2000

    assert round(ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4) == 2.0425
    assert round(ciede2000((50, 0, 0), (50, -1, 2)), 4) == 2.3669
    assert round(ciede2000((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)), 4) == 1.2644


def test_machado_keeps_greys_grey() -> None:
    # each matrix row sums to 1: black, white and greys are seen as they are
    for name in MACHADO:
        assert simulate("#808080", name) in {"#808080", "#7F7F7F", "#818181"}


@pytest.mark.parametrize("ink", ["DARK", "MUTED"])
@pytest.mark.parametrize("ground", sorted(GROUNDS))
def test_item3_text_colours_on_grounds(ink: str, ground: str) -> None:
    colour = {"DARK": DARK, "MUTED": MUTED}[ink]
    assert contrast(colour, GROUNDS[ground]) >= TEXT


def test_item3_status_and_side_panel_text() -> None:
    assert contrast(ERROR, LIGHT) >= TEXT
    assert contrast(ERROR, PAPER) >= TEXT
    assert contrast("#555555", LIGHT) >= TEXT  # "since your turn" consequences


@pytest.mark.parametrize("style", sorted(BUTTON_FILLS))
def test_item3_white_text_on_styled_buttons(style: str) -> None:
    # Confirm (success), Continue (primary), Ready (warning), a picked button (info)
    assert contrast(LIGHT, BUTTON_FILLS[style]) >= TEXT


@pytest.mark.parametrize("name", sorted(LETTERED))
def test_item3_letters_on_pieces(name: str) -> None:
    fill = LETTERED[name]
    assert contrast(ink_for(fill), fill) >= TEXT, (name, fill, ink_for(fill))


@pytest.mark.parametrize("terrain", sorted(TERRAIN_FILL))
def test_item3_hex_names_on_terrain(terrain: str) -> None:
    assert contrast(TERRAIN_LABEL[terrain], TERRAIN_FILL[terrain]) >= TEXT


@pytest.mark.parametrize("mark", ["SELECT", "RECENT", "HIGHLIGHT"])
@pytest.mark.parametrize("ground", sorted(GROUNDS))
def test_item3_marks_on_grounds(mark: str, ground: str) -> None:
    colour = {"SELECT": SELECT, "RECENT": RECENT, "HIGHLIGHT": HIGHLIGHT}[mark]
    assert contrast(colour, GROUNDS[ground]) >= MARK


def test_item3_lit_target_rim_on_its_wash() -> None:
    assert contrast(HIGHLIGHT, HIGHLIGHT_FILL) >= MARK


@pytest.mark.parametrize("name", sorted(BOARD_FILLS))
def test_item3_cursor_and_focus_ring_on_every_fill(name: str) -> None:
    # the cursor and the focus ring are two rings, dark inside light: on any fill one
    # of them stands out 3:1, and they stand out from each other
    fill = BOARD_FILLS[name]
    assert max(contrast(FOCUS_RING, fill), contrast(FOCUS_HALO, fill)) >= MARK, name
    assert contrast(FOCUS_RING, FOCUS_HALO) >= MARK


def test_item3_board_focus_ring_on_the_board_edge() -> None:
    # the board's focus ring is drawn inside its edge, where every board is PAPER
    assert contrast(FOCUS_RING, PAPER) >= MARK


@pytest.mark.parametrize("name", sorted(TOLD_APART))
def test_item3_player_colours_apart_for_normal_vision(name: str) -> None:
    colours = TOLD_APART[name]
    for a, b in itertools.combinations(colours, 2):
        assert difference(colours[a], colours[b]) >= APART_NORMAL, (name, a, b)


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
@pytest.mark.parametrize("name", sorted(TOLD_APART))
def test_item3_player_colours_apart_under_colour_blindness(name: str, deficiency: str) -> None:
    colours = TOLD_APART[name]
    for a, b in itertools.combinations(colours, 2):
        seen_a, seen_b = simulate(colours[a], deficiency), simulate(colours[b], deficiency)
        assert difference(seen_a, seen_b) >= APART_DICHROMAT, (name, deficiency, a, b)
