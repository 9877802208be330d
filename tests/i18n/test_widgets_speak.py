"""A widget speaks the language it is given (issue 24): ``lang=``, the locale, the New
game form's selector; switching redraws in place and changes nothing in the game; an
unknown code is refused and changes nothing; a whole game played in Russian, Spanish or
Polish leaves no English on the board, in the status line, the log or the tables."""

from __future__ import annotations

import random
import re
import string
from html import unescape

import pytest
from babel.messages.pofile import read_po

from railwidgets import MiniRailsWidget, TwistyTracksWidget
from railwidgets.core.errors import OptionError
from railwidgets.draw.recording import RecordingPainter
from railwidgets.i18n import LOCALE_DIR, T_, locale_language, set_language, tr, use
from railwidgets.minirails.components import MAP_HEXES
from railwidgets.minirails.render import DEFAULT_LAYOUT as L
from railwidgets.minirails.story import round_end_frames
from tests.minirails.test_widget import play_by_clicks
from tests.ui.test_kit import upload

HUMANS3 = ["human", "human", "human"]


def english_fragments(lang: str) -> set[str]:
    """The English words of every message whose translation into ``lang`` differs: each
    run of words between placeholders and markup, when it has a word of 4 letters."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "railwidgets.po").open("rb") as f:
        po = read_po(f, locale=lang)
    found = set()
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if english in forms:
                continue  # the same in both languages ("Start" in Polish)
            literal = "".join(
                text for text, *_ in string.Formatter().parse(re.sub(r"<[^>]*>", "|", english))
            )
            for piece in re.split(r"[|{}()·:;,.“”—…]+", literal):
                piece = piece.strip()
                if (
                    re.search(r"[A-Za-z]{4}", piece)
                    and len(piece) >= 5  # "solo", "final": words of Spanish too
                    and not any(piece in f for f in forms)
                ):
                    found.add(piece)
    return found


#: The contexts of the letters each game's board writes (issue 24 item 1).
LETTERS = {
    "mini-rails": ("company letter",),
    "twisty-tracks": ("compass", "train letter"),
    "off-the-rails": ("compass", "clan letter", "solo badge"),
}


def english_letters(lang: str, game: str) -> set[str]:
    """The English letters of ``game``'s board that are not letters of ``lang`` too (a
    Spanish "R" is rojo's, a Spanish "B" blanca's: neither is left out as English)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "railwidgets.po").open("rb") as f:
        po = read_po(f, locale=lang)
    letters = [m for m in po if m.id and m.context in LETTERS[game]]
    assert letters, f"no letters of {game} in the {lang} catalog"
    return {m.id for m in letters} - {m.string for m in letters}


def letters_left(lang: str, game: str, board: list[str]) -> list[str]:
    """The English letters of the ``board``'s labels ("NW 5", "✓NW", "R"): texts of short
    words only, standing alone (not a hex's name, "B3", nor the Polish "W WORKU")."""
    english = english_letters(lang, game)
    found = set()
    for text in board:
        words = re.findall(r"(?<!\w)[^\W\d_]+(?!\w)", text)
        if all(len(w) <= 3 for w in re.findall(r"[^\W\d_]+", text)):
            found |= set(words) & english
    return sorted(found)


def test_24_a_single_english_letter_on_a_board_is_caught() -> None:
    """The check of the played-through games below finds one English letter among the
    board's words, and none of the language's own letters."""
    assert letters_left("ru", "twisty-tracks", ["Раунд 3", "СЗ 12", "✓NW", "К"]) == ["NW"]
    assert letters_left("es", "mini-rails", ["R", "B", "C", "Az", "T"]) == ["T"]
    assert letters_left("pl", "off-the-rails", ["Cz", "Ż", "Z", "N", "G"]) == ["G"]
    assert letters_left("ru", "off-the-rails", ["К", "Ж", "З", "С", "В", "Ю"]) == []
    assert letters_left("ru", "mini-rails", ["B3", "К", "Бе"]) == []  # a hex's name is no letter
    assert letters_left("pl", "mini-rails", ["W WORKU", "B", "W"]) == ["W"]


def english_left(lang: str, text: str) -> list[str]:
    """The English fragments of the catalog found in ``text`` as whole words."""
    return sorted(
        piece
        for piece in english_fragments(lang)
        if re.search(rf"(?<![\w]){re.escape(piece)}(?![\w])", text)
    )


def visible(html: str) -> str:
    """What a person reads of some HTML (tags and attributes dropped, tooltips kept)."""
    titles = " ".join(re.findall(r"title='([^']*)'", html))
    return unescape(re.sub(r"<[^>]*>", " ", html)) + " " + titles


def board_labels(w: MiniRailsWidget) -> list[str]:
    """Each text the board draws (its SVG picture, in the widget's language)."""
    return [unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", w.to_svg())]


def board_texts(w: MiniRailsWidget) -> str:
    return " ".join(unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", w.to_svg()))


def screen(w: MiniRailsWidget) -> list[str]:
    """Everything a person reads now: status, board, side list, tables, log, buttons, and
    the board in words (issue 25's companion: its headings, the position, the changes and
    the decision's buttons)."""
    words = [w.status_text, board_texts(w), visible(w.recent_view.value)]
    words += [visible(w.scores.value), visible(w.log_view.value), visible(w.rules_view.value)]
    assert w.companion.shown  # the widgets here are made accessible=True
    words.append(visible(w.companion.text()))
    from railwidgets.ui.controls import tree

    for widget in tree(w):
        for trait in ("description", "tooltip", "placeholder"):
            value = getattr(widget, trait, None)
            if isinstance(value, str):
                words.append(value)
        if hasattr(widget, "options") and isinstance(getattr(widget, "options", None), tuple):
            words += [str(label) for label in getattr(widget, "_options_labels", ())]
    return words


@pytest.mark.parametrize("lang", ["ru", "es", "pl"])
def test_a_mini_rails_game_played_through_leaves_no_english(lang: str) -> None:
    w = MiniRailsWidget(
        players=3, seed=5, seats=HUMANS3, animate=False, bot_pause=0, lang=lang, accessible=True
    )
    said: list[str] = []
    board: list[str] = []  # what the canvas writes, for its letters
    rng = random.Random(5)
    try:
        said += screen(w)
        w.click(-5, -5)  # refusals say why, in the language
        said.append(w.status_text)
        w.build_button.click()
        said.append(w.status_text)
        w.click(*L.hex_centre(sorted(MAP_HEXES)[0]))  # a hex, with no disc in hand
        said.append(w.status_text)
        w.key("q")
        said.append(w.status_text)
        w.undo_button.click()
        said.append(w.status_text)
        while not w.game.is_over:
            before = w.game.copy()
            action = rng.choice(w.game.legal_actions())
            play_by_clicks(w, action)
            said += screen(w)
            board += board_labels(w)
            painter = RecordingPainter(L.width, L.height, layers=("static", "pieces", "highlights"))
            with use(lang):
                for frame in round_end_frames(before, w.game, w.board_layout):
                    frame(painter)
            said += painter.texts()
            board += painter.texts()
        w.undo()
        said.append(w.status_text)
        w.redo()
        said += screen(w)
    finally:
        w.close()
    text = "\n".join(said)
    left = english_left(lang, text)
    assert left == [], f"English left on a {lang} screen"
    assert letters_left(lang, "mini-rails", board) == [], f"English letters on a {lang} board"
    if lang == "ru":  # no Latin word at all, but the keys' names
        keys_and_languages = {
            "Esc",
            "Enter",
            "Tab",
            "English",
            "Espa",
            "Polski",
        }  # ñ ends a word here
        latin = set(re.findall(r"[A-Za-z]{3,}", text)) - keys_and_languages
        assert latin == set()


def test_an_unknown_language_is_refused_listing_the_languages_and_changes_nothing() -> None:
    with pytest.raises(
        OptionError, match=r"en \(English\), ru \(Русский\), es \(Español\), pl \(Polski\)"
    ):
        MiniRailsWidget(lang="xx")
    w = MiniRailsWidget(players=3, seed=2, seats=HUMANS3, animate=False, lang="ru")
    try:
        w.click(*L.market_slot_centre(0))
        before = (w.game.to_json(), w.choice.picks, w.status_text, w.undo_button.description)
        with pytest.raises(OptionError, match="there is no language 'de'"):
            w.lang = "de"
        assert (
            w.game.to_json(),
            w.choice.picks,
            w.status_text,
            w.undo_button.description,
        ) == before
        assert w.lang == "ru"
    finally:
        w.close()


def test_switching_language_redraws_in_place_and_changes_nothing_in_the_game() -> None:
    w = MiniRailsWidget(
        players=3, seed=2, seats=["human", "greedy", "greedy"], animate=False, lang="en"
    )
    try:
        w.click(*L.market_slot_centre(0))  # a disc in hand
        record, picks, seats = w.game.to_json(), w.choice.picks, list(w.seats)
        children, board = list(w.children), w.board.canvas
        w.lang = "pl"
        assert (w.game.to_json(), w.choice.picks, w.seats) == (record, picks, seats)
        assert list(w.children) == children and w.board.canvas is board  # in place
        assert w.undo_button.description == "Cofnij"
        assert w.buy_button.description == "Kup"
        assert "krążek" in w.status_text
        assert "RYNEK" in board_texts(w)
        assert w.settings.language.value == "pl"
        # the form's seats are named as the seat row names them ("1 Pomarańczowy")
        named = [d.description for d in w.settings.seat_inputs]
        assert named == [d.description for d in w.seat_inputs] and named[0] == "1 Pomarańczowy"
        assert w.settings.seat_inputs[1].label == "Chciwy bot"  # the choice made stays
        w.settings.language.value = "es"  # the New game form's selector
        assert w.lang == "es" and w.undo_button.description == "Deshacer"
        assert w.game.to_json() == record
    finally:
        w.close()


def test_the_language_comes_from_the_locale_else_english(monkeypatch: pytest.MonkeyPatch) -> None:
    assert locale_language({"LANGUAGE": "pl:en", "LANG": "ru_RU.UTF-8"}) == "pl"
    assert locale_language({"LC_ALL": "es_ES.UTF-8"}) == "es"
    assert locale_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert locale_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert locale_language({}) == "en"
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    set_language(None)
    try:
        w = MiniRailsWidget(players=3, seed=1, animate=False)
        assert w.lang == "ru" and w.undo_button.description == "Отменить"
        w.close()
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["ru", "es", "pl"])
def test_a_twisty_tracks_game_played_through_leaves_no_english(lang: str) -> None:
    from railwidgets import TwistyTracksWidget

    w = TwistyTracksWidget(
        players=3,
        seed=4,
        seats=["human", "random", "random"],
        animate=False,
        bot_pause=0,
        lang=lang,
        accessible=True,
    )
    said: list[str] = []
    board: list[str] = []  # what the canvas writes, for its letters
    rng = random.Random(4)
    try:
        said += screen(w)
        for x, y in ((2, 2), (w.WIDTH - 3, w.HEIGHT - 3)):  # off every frame: refused, in words
            w.click(x, y)
            said.append(w.status_text)
        w.key("q")
        said.append(w.status_text)
        w.confirm()
        said.append(w.status_text)
        while not w.game.is_over:
            action = rng.choice(w.game.legal_actions())
            w.pick("cell", action.cell)
            said += screen(w)
            w.play(action)
            said += screen(w)
            board += board_labels(w)
        w.undo()
        said += screen(w)
        w.redo()
        said += screen(w)
    finally:
        w.close()
    text = "\n".join(said)
    left = english_left(lang, text)
    assert left == [], f"English left on a {lang} screen"
    assert letters_left(lang, "twisty-tracks", board) == [], f"English letters on a {lang} board"
    if lang == "ru":  # no Latin word at all, but the keys' names
        keys_and_languages = {"Esc", "Enter", "Tab", "English", "Espa", "Polski"}
        latin = set(re.findall(r"[A-Za-z]{3,}", text)) - keys_and_languages
        assert latin == set()


def test_refusals_from_buttons_and_files_speak_the_widgets_language() -> None:
    """A press on a disabled button and a file that is not a saved game are refused in
    the widget's language, though the front end's callbacks carry none of their own."""
    w = MiniRailsWidget(players=3, seed=2, seats=HUMANS3, animate=False, lang="ru")
    try:
        w.redo_button.click()
        assert w.status_text == "«Вернуть» сейчас недоступно."
        w.load_input.value = [upload(b"{")]
        assert w.status_text.startswith("Файл не загружен: ")
        assert w.status_text.endswith("Партия на экране не изменилась.")
        assert w.game.history == ()
    finally:
        w.close()


@pytest.mark.parametrize("lang", ["ru", "es", "pl"])
def test_an_off_the_rails_game_played_through_leaves_no_english(lang: str) -> None:
    from railwidgets import OffTheRailsWidget

    w = OffTheRailsWidget(
        players=2,
        seed=3,
        seats=["human", "random"],
        animate=False,
        bot_pause=0,
        lang=lang,
        accessible=True,
    )
    said: list[str] = []
    board: list[str] = []  # what the canvas writes, for its letters
    rng = random.Random(3)
    try:
        said += screen(w)
        w.click(2, 2)  # off the board's squares: refused, in words
        said.append(w.status_text)
        w.key("q")
        said.append(w.status_text)
        moves = 0
        while not w.game.is_over and moves < 400:
            legal = w.game.legal_actions()
            action = rng.choice(legal)
            w.play(action)
            moves += 1
            if moves % 5 == 0:
                said += screen(w)
                board += board_labels(w)
        said += screen(w)
        w.undo()
        said += screen(w)
    finally:
        w.close()
    text = "\n".join(said)
    left = english_left(lang, text)
    assert left == [], f"English left on a {lang} screen"
    assert letters_left(lang, "off-the-rails", board) == [], f"English letters on a {lang} board"
    if lang == "ru":
        # the keys' names and the other languages' own names stay as they are; a track's
        # sides, an exit, a cart's nose are Russian compass letters (С В Ю З), as on the board
        keys_and_languages = {"Esc", "Enter", "Tab", "English", "Espa", "Polski"}
        latin = set(re.findall(r"[A-Za-z]{2,}", text)) - keys_and_languages
        assert latin == set()


@pytest.mark.parametrize(
    ("lang", "alts"),
    [
        ("en", ["Mini Rails board", "Twisty Tracks board", "Off the Rails board"]),
        ("ru", ["Поле игры «Mini Rails»", "Поле игры «Извилистые пути»", "Поле игры «Сойти с рельсов»"]),
        ("es", ["Tablero de Mini Rails", "Tablero de Twisty Tracks", "Tablero de Off the Rails"]),
        ("pl", ["Plansza gry „Mini Rails”", "Plansza gry „Jedzie pociąg z daleka”", "Plansza gry „Off the Rails”"]),
    ],
)  # fmt: skip
def test_the_board_pictures_alt_says_the_game_in_the_widgets_language(
    lang: str, alts: list[str]
) -> None:
    """The saved picture of a board (issue 24): its alt text names the game, in the
    widget's language; a bare game's picture in the language in use."""
    from railwidgets import OffTheRailsWidget, TwistyTracksWidget, minirails

    said = []
    for cls in (MiniRailsWidget, TwistyTracksWidget, OffTheRailsWidget):
        w = cls(seed=1, animate=False, lang=lang)
        try:
            html = w._repr_mimebundle_()["text/html"]
        finally:
            w.close()
        said.append(unescape(re.search(r'<img alt="([^"]*)"', html).group(1)))
    assert said == alts
    with use(lang):
        bare = minirails.Game(players=3, seed=1)._repr_html_()
    assert unescape(re.search(r'<img alt="([^"]*)"', bare).group(1)) == alts[0]


def test_24_a_click_in_the_page_is_answered_in_the_widgets_language() -> None:
    """The page's click reaches the board's handler, not ``click()``: its refusals too are
    said in the widget's language (a Polish page answered a click on the frame's edge in
    English)."""
    w = TwistyTracksWidget(players=1, seed=2, lang="pl", animate=False)
    try:
        width, height = w.board.size
        w.board.click(width + 50, height + 50)  # as the canvas reports it: off the board
        assert w.status_error and w.status_text != "That click is off the board."
        assert w.status_text == tr(T_("That click is off the board."), "pl")
    finally:
        w.close()


@pytest.mark.parametrize(
    ("lang", "chosen", "turned"),
    [
        ("en", "Red: square (1, 4) chosen", "to lay this straight E–W tile"),
        ("ru", "Красный: выбрана клетка (1, 4)", "положить эту прямую плитку В–З"),
        ("es", "Rojo: casilla (1, 4) elegida", "poner esta loseta recta E–O"),
    ],
)
def test_27_an_off_the_rails_square_clicked_first_and_each_rotate_are_told(
    lang: str, chosen: str, turned: str
) -> None:
    """A square clicked before an action is picked says so (it said nothing), and the tile
    in hand is named as it is turned, so each Rotate changes the status."""
    from railwidgets import OffTheRailsWidget
    from railwidgets.offtherails import scenarios

    w = OffTheRailsWidget(
        game=scenarios.first_turn(), seats=["human", "greedy"], bot_pause=0, lang=lang
    )
    try:
        w.click(*w.board_layout.centre((1, 4)))
        assert w.status_text.startswith(chosen) and not w.status_error
        w.decision.option_buttons[0].click()  # Place straight: the tile is in hand
        before = w.status_text
        w.key("r")  # Rotate
        assert turned in w.status_text and w.status_text != before
    finally:
        w.close()


@pytest.mark.parametrize("lang", ["en", "ru", "es", "pl"])
def test_27_a_refused_pick_says_so_once_in_the_widgets_language(lang: str) -> None:
    """ "✗ That cannot be picked now: that square cannot be picked now; first pick a cart.
    Red: Click one of your carts" said it twice, the middle in English (the play-through):
    now the refusal, then the prompt, which names what may be picked."""
    import re

    from railwidgets import OffTheRailsWidget
    from railwidgets.ui.choice import ChoiceError

    w = OffTheRailsWidget(players=2, seed=1, seats=["human", "greedy"], bot_pause=0, lang=lang)
    try:
        with pytest.raises(ChoiceError) as refused:
            w.choice.pick("cart", "white")  # no action picked yet
        with use(lang):  # as the widget's handlers speak
            said, prompt = w.refusal("cart", "white", refused.value), w.prompt()
        assert said == tr(T_("That cannot be picked now. {prompt}"), lang).format(prompt=prompt)
        if lang == "ru":
            assert not re.search(r"[A-Za-z]{2,}", said), said
    finally:
        w.close()
