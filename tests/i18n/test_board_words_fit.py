"""Longer words still fit their boxes (issue 24): Mini Rails' action tags and player
names before the profit track, in every language. (The canvas labels of the board's
bottom layer are measured in Chromium by tests/e2e/test_languages_browser.py.)"""

from __future__ import annotations

import pytest

from railwidgets.draw.recording import RecordingPainter
from railwidgets.i18n import LANGUAGES, use
from railwidgets.minirails.boards import draw_boards, draw_boards_static
from railwidgets.minirails.render import DEFAULT_LAYOUT
from railwidgets.minirails.state import BUILD, BUY

#: Bold 12 px widths measured in Chromium with the canvas font stack (FONT_FAMILY).
MEASURED = {"BUY": 27.6, "BUILD": 41.0, "АКЦ.": 34.8, "ПУТЬ": 36.6, "ACCIÓN": 51.6,
            "VÍA": 23.0, "AKCJA": 40.6, "TOR": 27.6}  # fmt: skip


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_24_the_action_tags_hold_their_words_and_stay_off_the_track(lang: str) -> None:
    layout = DEFAULT_LAYOUT.for_players(5)
    painter = RecordingPainter(layout.width, layout.height, layers=("static", "pieces"))
    painter.layer("pieces")
    with use(lang):
        draw_boards(painter, [()] * 5, [frozenset((BUY, BUILD))] * 5, layout)
    tags = [box for call in painter.by_name("rects", "pieces") for box in call["boxes"]]
    words = [call for call in painter.by_name("text", "pieces") if call["text"] in MEASURED]
    assert len(words) == 10 and len(tags) == 10
    for (x, _y, w, _h), word in zip(tags, words, strict=True):
        assert MEASURED[word["text"]] + 2 <= w, word["text"]  # the word inside its tag
        assert x + w <= layout.track_x, word["text"]  # the track starts after the tags
    for left, right in zip(tags[::2], tags[1::2], strict=True):
        assert left[0] + left[2] < right[0]  # BUY's tag ends before BUILD's starts


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_24_player_names_end_before_the_profit_track(lang: str) -> None:
    layout = DEFAULT_LAYOUT.for_players(5)
    painter = RecordingPainter(layout.width, layout.height, layers=("static",))
    with use(lang):
        draw_boards_static(painter, 5, layout)
    names = [c for c in painter.by_name("text") if c["align"] == "left" and c["x"] == 34]
    assert len(names) == 5
    for call in names:  # bold: about 0.68 em a Latin letter, 0.8 em a Cyrillic one
        ems = sum(0.8 if ord(ch) > 0x24F else 0.68 for ch in call["text"])
        assert call["x"] + ems * call["size"] <= layout.track_x - 4 + 1e-9, call["text"]
