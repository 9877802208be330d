"""The Mini Rails board in Russian and Polish in Voilà (issue 24): ``?lang=ru`` and
``?lang=pl`` after the play page's address.

- the status line and the buttons speak the language, and nothing of them is cut off
  at 1280×800 (no button's words overflow it, the status line shows all its lines);
- the canvas font stack (``FONT_FAMILY``) draws Cyrillic and Polish letters as
  letters: each one's pixels differ from a missing glyph's and from its base letter's
  (``ą`` is not ``a``);
- the board's labels reach the canvas in that language: where the painter wrote each
  static label with a letter outside ASCII, the board's pixels have its ink (the same
  words drawn on a canvas of the page's own, compared pixel by pixel), and every
  label lies inside the board.
"""

from __future__ import annotations

import re

import pytest

from railwidgets import minirails
from railwidgets.draw.painter import FONT_FAMILY
from railwidgets.draw.recording import RecordingPainter
from railwidgets.i18n import _, use
from railwidgets.minirails import render
from railwidgets.minirails.render import DEFAULT_LAYOUT
from tests.e2e.browser import save_screenshot
from tests.e2e.conftest import PLAY_NOTEBOOK, BrowserPage
from tests.e2e.minirails_page import MiniRailsView
from tests.e2e.servers import JupyterServer

#: The letters each language needs beyond ASCII.
LETTERS = {
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "pl": "ĄĆĘŁŃÓŚŹŻąćęłńóśźż",
}
BASE = {
    "ą": "a",
    "ć": "c",
    "ę": "e",
    "ł": "l",
    "ń": "n",
    "ó": "o",
    "ś": "s",
    "ź": "z",
    "ż": "z",
    "Ą": "A",
    "Ć": "C",
    "Ę": "E",
    "Ł": "L",
    "Ń": "N",
    "Ó": "O",
    "Ś": "S",
    "Ź": "Z",
    "Ż": "Z",
    "ё": "е",
    "й": "и",
}
STATUS = {"ru": r"Ваш ход|ходит|Ходит", "pl": r"Twój ruch|Ruch"}

#: Each letter drawn alone on a canvas of the page's: its pixels as a string.
_GLYPHS_JS = """
([letters, font]) => {
  const canvas = document.createElement('canvas');
  canvas.width = 40; canvas.height = 40;
  const ctx = canvas.getContext('2d');
  const picture = (ch) => {
    ctx.clearRect(0, 0, 40, 40);
    ctx.font = font; ctx.fillStyle = '#000'; ctx.textBaseline = 'middle';
    ctx.fillText(ch, 8, 20);
    const data = ctx.getImageData(0, 0, 40, 40).data;
    let out = '';
    for (let i = 3; i < data.length; i += 4) out += data[i] > 127 ? '1' : '0';
    return out;
  };
  const result = {};
  for (const ch of letters) result[ch] = picture(ch);
  return result;
}
"""

#: For each label: how many of its ink pixels (drawn alone on a canvas of the page's) are
#: ink on the board too, and where its words end.
_LABELS_JS = """
(board, labels) => {
  const w = board.width, h = board.height;
  const seen = board.getContext('2d').getImageData(0, 0, w, h).data;
  const probe = document.createElement('canvas');
  probe.width = w; probe.height = h;
  const ctx = probe.getContext('2d');
  return labels.map(([text, x, y, font, align, baseline, fill]) => {
    ctx.clearRect(0, 0, w, h);
    ctx.font = font; ctx.textAlign = align; ctx.textBaseline = baseline; ctx.fillStyle = fill;
    ctx.fillText(text, x, y);
    const m = ctx.measureText(text);
    const ink = ctx.getImageData(0, 0, w, h).data;
    const [fr, fg, fb] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16));
    let solid = 0, matched = 0;
    for (let i = 0; i < ink.length; i += 4) {
      if (ink[i + 3] < 250) continue;
      solid += 1;
      const d = Math.abs(seen[i] - fr) + Math.abs(seen[i + 1] - fg) + Math.abs(seen[i + 2] - fb);
      if (d < 90) matched += 1;
    }
    return {text, solid, matched, left: x - m.actualBoundingBoxLeft, right: x + m.actualBoundingBoxRight,
            top: y - m.actualBoundingBoxAscent, bottom: y + m.actualBoundingBoxDescent};
  });
}
"""

#: Widget parts whose words do not fit: buttons wider inside than out, a status line
#: taller inside than out.
_CUT_OFF_JS = """
(root) => {
  const cut = [];
  for (const el of root.querySelectorAll('button')) {
    if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) cut.push(el.innerText);
  }
  const status = root.querySelector('.railwidgets-status');
  if (status && status.scrollHeight > status.clientHeight + 1) cut.push('status: ' + status.innerText);
  return cut;
}
"""


def static_labels(lang: str) -> list[list[object]]:
    """The texts the board's bottom layer draws, as the canvas painter sets its font."""
    layout = DEFAULT_LAYOUT.for_players(3)
    painter = RecordingPainter(
        layout.width, layout.height, layers=("static", "pieces", "highlights")
    )
    painter.layer("static")
    with use(lang):
        render.draw_static(minirails.Game(players=3, seed=0), painter, layout)
    return [
        [
            c["text"],
            c["x"],
            c["y"],
            f"{'bold ' if c['bold'] else ''}{c['size']:.4g}px {FONT_FAMILY}",
            c["align"],
            c["baseline"],
            c["fill"],
        ]
        for c in painter.by_name("text", "static")
    ]


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_24_the_board_speaks_russian_and_polish_in_voila(
    lang: str, voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(voila_server.url_for(PLAY_NOTEBOOK) + f"?lang={lang}")
    view = MiniRailsView.only_one(page)
    view.wait_painted()
    view.wait_status(STATUS[lang])
    page.wait_for_timeout(500)  # the last labels of the first redraw
    save_screenshot(page, f"voila-lang-{lang}")
    toolbar = view.root.locator("button").first.inner_text()
    assert toolbar.strip() == {"ru": "Новая партия…", "pl": "Nowa gra…"}[lang]
    assert view.root.evaluate(_CUT_OFF_JS) == []

    font = f"bold 16px {FONT_FAMILY}"
    glyphs = page.evaluate(
        _GLYPHS_JS, [LETTERS[lang] + "".join(set(BASE.values())) + "\ue000", font]
    )
    missing = glyphs["\ue000"]
    assert [ch for ch in LETTERS[lang] if glyphs[ch] == missing or "1" not in glyphs[ch]] == []
    assert [ch for ch in LETTERS[lang] if ch in BASE and glyphs[ch] == glyphs[BASE[ch]]] == []

    labels = static_labels(lang)
    ours = [label for label in labels if re.search(r"[^\x00-\x7f−×★←·]", str(label[0]))]
    assert ours, "the board draws no words of the language"
    width = view.canvas.evaluate("(c) => c.width")
    boxes = view.canvas.evaluate(_LABELS_JS, labels)
    for seen in boxes:
        assert seen["left"] >= 0 and seen["right"] <= width, f"cut off: {seen}"
    overlaps = [
        (a["text"], b["text"])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and a["top"] < b["bottom"] - 1
        and b["top"] < a["bottom"] - 1
    ]
    assert overlaps == [], "labels run into each other"
    with use(lang):
        covered = _("MARKET  (click a disc)")  # the "your turn" tag lies over it, by design
    for seen in view.canvas.evaluate(_LABELS_JS, [label for label in ours if label[0] != covered]):
        assert seen["solid"] > 0 and seen["matched"] >= 0.95 * seen["solid"], seen
