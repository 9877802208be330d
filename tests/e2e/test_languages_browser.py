"""The boards in Russian and Polish in Voilà (issue 24): ``?lang=ru`` and ``?lang=pl``
after the play page's address; one board in Polish in JupyterLab and one in Notebook 7.

- the status line and the buttons speak the language, and nothing of them is cut off
  at 1280×800 (no button's words overflow it, the status line shows all its lines);
- the canvas font stack (``FONT_FAMILY``) draws Cyrillic and Polish letters as
  letters: each one's pixels differ from a missing glyph's and from its base letter's
  (``ą`` is not ``a``);
- the board's labels reach the canvas in that language: where the painter wrote each
  static label with a letter outside ASCII, the board's pixels have its ink (the same
  words drawn on a canvas of the page's own, compared pixel by pixel), and every
  label lies inside the board;
- every game's letters (issue 24 item 1: Twisty Tracks' stations and trains, Off the
  Rails' clans, Mini Rails' companies) are the language's on the canvas, in Voilà for
  each game and, from a cell with ``lang="pl"``, in JupyterLab (Twisty Tracks) and
  Notebook 7 (Off the Rails): each letter label's ink is where the painter wrote it,
  inside its canvas, the canvas inside the 1280 px window, and the console stays clean.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import nbformat
import pytest
from babel.messages.pofile import read_po

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget, minirails
from railwidgets.draw.painter import FONT_FAMILY
from railwidgets.draw.recording import RecordingPainter
from railwidgets.i18n import LOCALE_DIR, _, use
from railwidgets.minirails import render
from railwidgets.minirails.render import DEFAULT_LAYOUT
from tests.e2e.browser import open_and_run, output_errors, save_screenshot
from tests.e2e.conftest import PLAY_NOTEBOOK, BrowserPage
from tests.e2e.minirails_page import MiniRailsView
from tests.e2e.offtherails_page import OffTheRailsView
from tests.e2e.servers import JupyterServer
from tests.e2e.twisty_page import TwistyView

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
    # the companies' letters (frame tags) lie where this game's frames are: the test of
    # every game's letters below checks them, whatever the seed
    letters = board_letters(lang, "mini-rails")
    ours = [
        label
        for label in labels
        if re.search(r"[^\x00-\x7f−×★←·]", str(label[0])) and label[0] not in letters
    ]
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


# -- every game's letters (issue 24 item 1): the compass, the trains, clans and companies ----

#: The catalog contexts of the letters each game draws.
LETTER_CONTEXTS = {
    "mini-rails": ("company letter",),
    "twisty-tracks": ("compass", "train letter"),
    "off-the-rails": ("compass", "clan letter", "solo badge"),
}
#: The play notebook, the view and the widget (as the notebook makes it) of each game.
PLAY = {
    "mini-rails": ("play-mini-rails.ipynb", MiniRailsView, MiniRailsWidget, 3),
    "twisty-tracks": ("play-twisty-tracks.ipynb", TwistyView, TwistyTracksWidget, 3),
    "off-the-rails": ("play-off-the-rails.ipynb", OffTheRailsView, OffTheRailsWidget, 4),
}


def board_letters(lang: str, game: str) -> set[str]:
    """The letters ``game``'s board writes in ``lang`` (its catalog's translations)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "railwidgets.po").open("rb") as f:
        po = read_po(f, locale=lang)
    return {m.string for m in po if m.id and m.context in LETTER_CONTEXTS[game]}


def letter_labels(game: str, lang: str, seeds: Iterable[int], **options: Any) -> dict[str, list]:
    """Per layer, the letter labels (``"СЗ 12"``, ``"Ż"``) the widget draws at the start of a
    game whatever its seed (those of every seed in ``seeds``), as :data:`_LABELS_JS` takes
    them."""
    letters = board_letters(lang, game)
    widget_class, players = PLAY[game][2], PLAY[game][3]
    found: dict[str, list] | None = None
    for seed in seeds:
        widget = widget_class(players=players, seed=seed, lang=lang, **options)
        try:
            painter = RecordingPainter(*widget.board.size, layers=widget.LAYERS)
            with use(lang):
                widget._draw_static(painter)
                widget._draw_dynamic(painter)
            layers = widget.LAYERS
        finally:
            widget.close()
        here: dict[str, list] = {}
        for layer in layers:
            for c in painter.by_name("text", layer):
                text = str(c["text"])  # words standing alone: a hex's name (C7) is none
                words = re.findall(r"(?<!\w)[^\W\d_]+(?!\w)", text)
                if words and all(w in letters for w in re.findall(r"[^\W\d_]+", text)):
                    font = f"{'bold ' if c['bold'] else ''}{c['size']:.4g}px {FONT_FAMILY}"
                    here.setdefault(layer, []).append(
                        [c["text"], c["x"], c["y"], font, c["align"], c["baseline"], c["fill"]]
                    )
        found = here if found is None else {
            layer: [label for label in labels if label in here.get(layer, [])]
            for layer, labels in found.items()
        }  # fmt: skip
    assert found is not None
    return found


def check_letters_drawn(view: Any, labels: dict[str, list], lang: str) -> int:
    """Each letter label has its ink on its layer's canvas, inside the canvas; the canvas
    fits the 1280 px wide window. Returns how many labels were seen."""
    box = view.canvas.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1280 + 1, box
    seen = 0
    non_ascii = [
        str(lab[0])
        for labs in labels.values()
        for lab in labs
        if re.search(r"[^\x00-\x7f]", str(lab[0]))
    ]
    assert non_ascii, f"no {lang} letter beyond ASCII among {labels}"
    width = view.canvas.evaluate("(c) => c.width")
    for layer, labs in labels.items():  # the layers, drawn on one canvas, each over the last
        for result in view.canvas.evaluate(_LABELS_JS, labs):
            assert result["left"] >= 0 and result["right"] <= width, f"cut off: {result}"
            assert result["solid"] > 0 and result["matched"] >= 0.95 * result["solid"], (
                layer,
                result,
            )
            seen += 1
    return seen


@pytest.mark.parametrize("lang", ["ru", "pl"])
@pytest.mark.parametrize("game", list(PLAY))
def test_24_each_boards_letters_speak_russian_and_polish_in_voila(
    game: str, lang: str, folder_voila_server: JupyterServer, browser_page: BrowserPage
) -> None:
    """Stations, trains, clans and companies in the language's letters on the canvas."""
    page = browser_page.page
    notebook, view_class = PLAY[game][0], PLAY[game][1]
    page.goto(folder_voila_server.url_for(notebook) + f"?lang={lang}")
    view = view_class.only_one(page)
    view.wait_painted()
    page.wait_for_timeout(1500)  # the first redraw's last layers
    save_screenshot(page, f"voila-letters-{game}-{lang}")
    assert view.root.evaluate(_CUT_OFF_JS) == []
    seats = {"mini-rails": 3, "twisty-tracks": 3, "off-the-rails": 4}[game]
    labels = letter_labels(game, lang, (1, 2, 3), seats=["human"] + ["greedy"] * (seats - 1))
    assert check_letters_drawn(view, labels, lang) >= 4
    browser_page.console.assert_clean()


#: A notebook of one cell: the game in Polish, from a seed (JupyterLab, Notebook 7).
_CELL = """from railwidgets import {cls}

{cls}(players={players}, seed=3, seats={seats!r}, lang="pl")"""


def _write_notebook(root: Path, name: str, game: str) -> None:
    cls = PLAY[game][2].__name__
    players = PLAY[game][3]
    source = _CELL.format(cls=cls, players=players, seats=["human"] + ["greedy"] * (players - 1))
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}  # fmt: skip
    nbformat.write(notebook, root / name)


@pytest.mark.parametrize(
    ("server", "game"), [("lab_server", "twisty-tracks"), ("notebook_server", "off-the-rails")]
)
def test_24_a_board_in_polish_in_jupyterlab_and_notebook_7(
    server: str, game: str, request: pytest.FixtureRequest, browser_page: BrowserPage
) -> None:
    """A cell with ``lang="pl"``: the board's letters are Polish on the canvas."""
    jupyter: JupyterServer = request.getfixturevalue(server)
    name = f"letters-pl-{game}.ipynb"
    _write_notebook(jupyter.root_dir, name, game)
    page = browser_page.page
    view_class = PLAY[game][1]
    browser_page.kernel.reset()
    open_and_run(page, jupyter.url_for(name), "canvas", browser_page.kernel)
    view = view_class.in_cell(page, 0)
    view.wait_painted()
    page.wait_for_timeout(1500)
    save_screenshot(page, f"{jupyter.kind}-letters-{game}-pl")
    assert output_errors(page) == []
    players = PLAY[game][3]
    labels = letter_labels(game, "pl", (3,), seats=["human"] + ["greedy"] * (players - 1))
    assert check_letters_drawn(view, labels, "pl") >= 4
    browser_page.console.assert_clean()
