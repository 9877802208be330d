"""Grammar of the messages with placeholders (issue 24 item 1).

A placeholder's value is one word, said once per language; where the sentence needs that
word in another case (a Russian verb's object: «поставить белую вагонетку», never «белая»),
the code asks for that form with its own message context ("cart (object)"), the whole cart
label too; where a name cannot agree with any verb (Twisty Tracks' players are themes:
«Луга» and «Łąki» are plural, «Зима» feminine), the sentence names it in apposition
(«игрок Луга», «gracz Łąki») or after a colon. English reads as it did.

These are the sentences a native speaker found wrong, said right.
"""

from __future__ import annotations

from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.i18n import _, tr, use
from railwidgets.offtherails.components import CART_OBJECT_WORDS, GOLD_HILLS, MISSIONS
from tests.offtherails.scenario import cart, game, mission_row

#: A track down column 4: seat 0's cart drives south into the other one.
COLUMN = {(0, 4): "NS", (1, 4): "NS", (2, 4): "NS", (3, 4): "NS", (4, 4): "NS"}


def crash(mover: dict[str, Any], other: dict[str, Any], **kw: Any) -> list[str]:
    """The log of seat 0's ``mover`` driving south into ``other`` (Red's carts against
    Green's), from the line where it sets off."""
    kw.setdefault("tiles", COLUMN)
    kw.setdefault("missions", mission_row(2, 7, 8, players=2))
    g = game(carts=[mover, other], **kw)
    g.apply(otr.EndActions())
    log = list(g.log)
    return log[next(i for i, line in enumerate(log) if "sets off" in line) :]


def said(line: str, lang: str) -> str:
    return tr(line, lang)


# -- a cart as the object of a move (Off the Rails' actions) --------------------------------

MOVES = [
    (
        otr.PlaceCart("white", (3, 0)),
        "place the white cart on (3, 0)",
        "поставить белую вагонетку на (3, 0)",
        "postaw biały wagonik na (3, 0)",
    ),
    (
        otr.ChangeSpeed("black", 1),
        "speed up the black cart",
        "ускорить чёрную вагонетку",
        "przyspiesz czarny wagonik",
    ),
    (
        otr.ChangeSpeed("white", -1),
        "slow down the white cart",
        "замедлить белую вагонетку",
        "zwolnij biały wagonik",
    ),
    (
        otr.ChooseCart("white"),
        "move the white cart",
        "двигать белую вагонетку",
        "rusz biały wagonik",
    ),
    (
        otr.ChooseCart("yellow"),  # solo: a cart is named by its clan's colour
        "move the yellow cart",
        "двигать жёлтую вагонетку",
        "rusz żółty wagonik",
    ),
]


@pytest.mark.parametrize(("move", "en", "ru", "pl"), MOVES, ids=[m[1] for m in MOVES])
def test_24_1_a_move_names_its_cart_in_the_form_its_verb_takes(
    move: otr.Action, en: str, ru: str, pl: str
) -> None:
    words = move.words()
    assert (str(words), str(move)) == (en, en)  # English as before
    assert words.say("ru") == ru
    assert words.say("pl") == pl


def test_24_1_every_cart_has_its_russian_object_form() -> None:
    """Each cart colour as an object is the feminine accusative («белую», «синюю»), never
    the nominative the label takes («белая»)."""
    for name, word in CART_OBJECT_WORDS.items():
        assert str(word) == name
        assert word.say("ru").endswith(("ую", "юю")), (name, word.say("ru"))


def test_24_1_the_undo_line_quotes_the_move_in_the_objects_form() -> None:
    with use("ru"):
        line = _("Took back “{move}”.").format(move=otr.ChangeSpeed("white", -1).words().say())
    assert line == "Отменено «замедлить белую вагонетку»."


# -- a cart hit or bumped into (Off the Rails' movement log) --------------------------------


def test_24_1_a_cart_hitting_another_names_the_hit_cart_as_its_object() -> None:
    log = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "black", (3, 4), "N", "S", 3, {"ruby": 1}),
    )
    hit = log[1]
    assert hit == "Red's white cart hits Green's black cart (head-on collision)"
    assert said(hit, "ru") == (
        "белая вагонетка игрока Красный врезается в чёрную вагонетку игрока Зелёный"
        " (лобовое столкновение)"
    )
    assert said(hit, "pl") == (
        "biały wagonik gracza Czerwony uderza w czarny wagonik gracza Zielony (zderzenie czołowe)"
    )
    # the hit cart, the subject of the next line, is in the nominative again
    assert said(log[2], "ru") == "чёрная вагонетка игрока Зелёный роняет 1 рубин на (3, 4)"


def test_24_1_a_collision_from_behind_names_the_hit_cart_as_its_object() -> None:
    log = crash(
        cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
        cart(1, "white", (3, 4), "S", "N", 3, {"rock": 1}),
    )
    assert log[1] == "Red's white cart hits Green's white cart (collision)"
    assert said(log[1], "ru") == (
        "белая вагонетка игрока Красный врезается в белую вагонетку игрока Зелёный (столкновение)"
    )
    assert said(log[1], "pl") == (
        "biały wagonik gracza Czerwony uderza w biały wagonik gracza Zielony (zderzenie)"
    )
    # a dropped rock (feminine in Polish) is never the object of «gubi» in the nominative
    assert said(log[2], "pl") == "biały wagonik gracza Zielony gubi na (3, 4): 1 skała"


def test_24_1_a_cart_bumping_into_another_names_it_as_its_object() -> None:
    """D-18: the bump (a cart on a track that does not connect)."""
    log = crash(
        cart(0, "white", (0, 4), "S", "N", 3),
        cart(1, "black", (2, 4), "E", "W", 3),
        tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "EW"},
    )
    assert log[1] == "Red's white cart bumps into Green's black cart"
    assert said(log[1], "ru") == (
        "белая вагонетка игрока Красный упирается в чёрную вагонетку игрока Зелёный"
    )
    assert (
        said(log[1], "pl") == "biały wagonik gracza Czerwony wpada na czarny wagonik gracza Zielony"
    )


def test_24_1_solo_carts_hit_in_the_objects_form_too() -> None:
    g = game(
        players=1,
        tiles=COLUMN,
        carts=[
            cart(0, "red", (1, 4), "S", "N", 3, {"gold": 1}),
            cart(0, "blue", (3, 4), "S", "N", 3, {"ruby": 1}),
        ],
    )
    g.apply(otr.EndActions())
    g.apply(otr.ChooseCart("red"))
    hit = next(line for line in g.log if " hits " in line)
    assert hit == "the red cart hits the blue cart (collision)"
    assert said(hit, "ru") == "красная вагонетка врезается в синюю вагонетку (столкновение)"
    assert said(hit, "pl") == "czerwony wagonik uderza w niebieski wagonik (zderzenie)"


# -- numbers with jewels (the missions) -----------------------------------------------------


def test_24_1_m11_counts_its_gold_as_the_rulebook_does() -> None:
    """M11 «В его холмах золото!»: 2 gold is «2 золота» (never «2 золотыми»)."""
    text = MISSIONS[GOLD_HILLS].text
    assert str(text) == "one of your carts exits carrying 2 gold"
    assert text.say("ru") == "ваша вагонетка выезжает, везя 2 золота"
    assert text.say("pl") == "twój wagonik wyjeżdża z 2 sztukami złota"


# -- names no verb agrees with (Twisty Tracks' themes, on every game's screens) -------------

THEMES = [
    ("ru", "Луга", "Round {n}: {name} is to place.", "Раунд 2: плитку кладёт игрок Луга."),
    ("ru", "Луга", "{name} to place", "кладёт игрок Луга"),
    ("ru", "Зима", "Waiting for {name} (not connected now) to play.",
     "Ждём хода игрока Зима (сейчас не на связи)."),
    ("ru", "Луга", "It is {name}'s turn ({seat}): {then}", "Сейчас ход игрока Луга (2): …"),
    ("pl", "Łąki", "Round {n}: {name} is to place.", "Runda 2: płytkę kładzie gracz Łąki."),
    ("pl", "Zima", "Waiting for {name} (not connected now) to play.",
     "Czekamy na ruch gracza Zima (teraz bez połączenia)."),
    ("es", "Praderas", "{name} placed {where}", "Jugada de Praderas: …"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "name", "msgid", "expected"), THEMES)
def test_24_1_a_theme_name_is_named_in_apposition(
    lang: str, name: str, msgid: str, expected: str
) -> None:
    with use(lang):
        assert _(msgid).format(n=2, name=name, seat=2, then="…", where="…") == expected


def test_24_1_the_twisty_tracks_log_reads_with_any_theme() -> None:
    """The engine's lines, each seat called by its theme (as the widget does): no verb has a
    theme for its subject («Луга кладёт» would be wrong: «Луга» is plural)."""
    from railwidgets import TwistyTracksWidget

    w = TwistyTracksWidget(players=2, seed=3, seats=["human", "human"], animate=False, lang="ru")
    try:
        g = w.game
        g.apply(g.legal_actions()[0])
        g.apply(g.legal_actions()[0])
        placed = next(line for line in g.log if line.startswith("seat 1 places"))
        assert placed == "seat 1 places T05 at (1,2) turned 0°"  # English as before
        with use("ru"):  # the widget's language, as while it draws its log
            assert w.line_words(placed) == "Луга: T05 на (1,2), поворот 0°"
            assert w.line_words(g.log[-1]) == "раунд 2: плитки тянут игроки Дикий Запад, Луга"
    finally:
        w.close()
