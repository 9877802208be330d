"""Issue 25 item 2: the screen-reader companion (the board in words, beside the canvas).

- the twin test: the existing twin scripts (tests/ui/test_twins.py) run again with the
  companion shown; everything it sends is compared, so two games that differ only in
  hidden things give the same companion text;
- a whole decision of each game made from the companion's buttons alone;
- the toggle, the live region, and names for every button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from railwidgets import MiniRailsWidget
from railwidgets.i18n import catalog, set_language, use
from railwidgets.offtherails.widget import OffTheRailsWidget
from railwidgets.twistytracks.widget import TwistyTracksWidget
from railwidgets.ui import companion
from railwidgets.ui.live import LiveRegion
from railwidgets.ui.panel import GameWidget
from tests.ui import test_twins
from tests.ui.test_twins import hints_by_iterations  # noqa: F401  (an autouse fixture)

TWIN_SCRIPTS: list[Callable[[], None]] = [
    test_twins.test_twins_twisty_tracks_one_person_against_a_bot,
    test_twins.test_twins_twisty_tracks_hot_seat_a_secret_placement,
    test_twins.test_twins_mini_rails_one_person_against_bots,
    test_twins.test_twins_off_the_rails_one_person_against_a_bot,
    test_twins.test_twins_off_the_rails_hot_seat_a_secret_split,
]


def _in_language(lang: str, find: Callable[[str], Callable[[Any], None]]) -> Callable[..., Any]:
    """A twin script's control finder (``_press``, ``_set``) that also knows each control
    by its words in ``lang`` (the scripts name them in English)."""

    def finder(description: str, *args: Any) -> Callable[[Any], None]:
        english, said = find(description, *args), find(catalog(lang).gettext(description), *args)

        def act(w: Any) -> None:
            try:
                said(w)
            except AssertionError:
                try:
                    english(w)  # a word the same in both, or an English name (a seat's kind)
                except AssertionError:
                    _press_option(w, description)  # "Side N: Red", "Pile A"

        return act

    return finder


def _press_option(w: Any, description: str) -> None:
    """Press the option button whose English name is ``description`` (its words in the
    widget's language are made from its pick, as the widget makes them)."""
    for item in test_twins._controls(w):
        pick = getattr(item, "_railwidgets_pick", None)
        if pick is not None and pick[0] in w.OPTION_BUTTONS:
            with use("en"):
                english = w.OPTION_BUTTONS[pick[0]](pick[1])
            if english == description:
                item.click()
                return
    raise AssertionError(f"no control {description!r}")


@pytest.mark.parametrize("lang", ["en", "ru", "es", "pl"])
@pytest.mark.parametrize("script", TWIN_SCRIPTS, ids=lambda f: f.__name__.removeprefix("test_"))
def test_item2_companion_twins_say_nothing_hidden(
    monkeypatch: pytest.MonkeyPatch, script: Callable[[], None], lang: str
) -> None:
    """The twins, with the companion shown, in each language (issue 24): the same words
    in both, so nothing hidden is said in any of them."""
    shown: list[str] = []
    update = companion.Companion.update

    def recording(self: companion.Companion, **kwargs: Any) -> None:
        update(self, **kwargs)
        shown.append(self.position.value)

    monkeypatch.setattr(GameWidget, "ACCESSIBLE", True)
    monkeypatch.setattr(companion.Companion, "update", recording)
    monkeypatch.setattr(test_twins, "_press", _in_language(lang, test_twins._press))
    monkeypatch.setattr(test_twins, "_set", _in_language(lang, test_twins._set))
    set_language(lang)
    try:
        script()
    finally:
        set_language("en")
    heading = catalog(lang).gettext(companion.HEADING)
    assert any(heading in text for text in shown)  # it did speak, in the language


MAKERS = {
    "minirails": lambda: MiniRailsWidget(players=3, seed=5, bot_pause=0, animate=False, accessible=True),
    "twistytracks": lambda: TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False, accessible=True),
    "offtherails": lambda: OffTheRailsWidget(players=2, seed=5, bot_pause=0, animate=False, accessible=True),
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(MAKERS))
def test_item2_decisions_made_from_the_list_of_buttons(game: str) -> None:
    w = MAKERS[game]()
    panel = w.companion
    for _ in range(6):  # six decisions in a row, from the list alone
        before = len(w.game.history)
        for _ in range(10):
            buttons = [b for b in panel.buttons if not b.description.startswith("Back")]
            assert buttons, panel.text()
            confirm = [b for b in buttons if b.description.startswith("Confirm")]
            (confirm or buttons)[0].click()
            assert not w.status_error, w.status_text
            if len(w.game.history) != before:
                break
        assert len(w.game.history) > before
    w.close()


def test_item2_buttons_have_names_that_say_what_they_do() -> None:
    w = MAKERS["minirails"]()
    names = [b.description for b in w.companion.buttons]
    assert names and all(n.startswith("Take the ") and " disc in slot " in n for n in names)
    w.companion.buttons[0].click()
    assert [b.description for b in w.companion.buttons][:2] == ["Buy", "Build"]
    w.companion.buttons[1].click()
    builds = [b.description for b in w.companion.buttons if b.description.startswith("Build ")]
    assert builds and all(" on " in n for n in builds)  # "Build blue on G2"
    w.close()


def test_item2_toggle_and_default() -> None:
    hidden = TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False)
    assert not hidden.companion.shown and hidden.companion.toggle.value is False
    hidden.companion.toggle.value = True
    assert hidden.companion.shown and "The board in words" in hidden.companion.position.value
    hidden.companion.toggle.value = False
    assert hidden.companion.panel.layout.display == "none"
    hidden.close()
    shown = MAKERS["twistytracks"]()
    assert shown.companion.shown and shown.companion.toggle.value is True
    shown.close()


def test_item2_live_region_repeats_the_status() -> None:
    w = MAKERS["twistytracks"]()
    live = w.companion.live
    assert isinstance(live, LiveRegion) and live in w.companion.panel.children
    assert live.text == w.status_text  # the status as it is now, word for word
    w.key("q")
    assert live.text.startswith("✗ The key") and live.text == f"✗ {w.status_text}"
    w.close()


def test_item2_live_region_is_one_widget_whose_text_changes() -> None:
    """The companion sets the same LiveRegion's text (its view keeps one element), once
    per change: the same status again sends nothing."""
    w = MAKERS["minirails"]()
    live = w.companion.live
    sent: list[str] = []
    live.observe(lambda change: sent.append(change["new"]), "text")
    first = live.text
    w.companion.buttons[0].click()  # a disc picked: the status changes
    assert w.companion.live is live
    assert sent == [live.text] and live.text != first and live.text == w.status_text
    w.companion.announce(live.text)  # the same words again: nothing sent
    assert sent == [live.text]
    w.close()


def test_item2_live_region_speaks_the_widgets_language() -> None:
    w = MiniRailsWidget(players=3, seed=5, bot_pause=0, animate=False, accessible=True, lang="es")
    assert w.companion.live.text == w.status_text and w.companion.live.text
    english = MAKERS["minirails"]()
    assert w.companion.live.text != english.companion.live.text
    english.close()
    w.close()


def test_issue24_the_companion_speaks_the_widgets_language_and_again_when_it_changes() -> None:
    w = MiniRailsWidget(players=3, seed=5, bot_pause=0, animate=False, accessible=True, lang="pl")
    panel = w.companion
    assert "Plansza słowami" in panel.position.value
    assert "Od twojego ostatniego ruchu" in panel.changes.value
    assert "Twoja decyzja" in panel.decision_head.value
    assert panel.buttons[0].description == "Weź krążek spółki „Biała” z pola 0"
    w.lang = "es"  # said again: headings, sentences and buttons
    assert "El tablero en palabras" in panel.position.value
    assert "Ronda 1 de 6." in panel.position.value
    assert "Tu decisión" in panel.decision_head.value
    assert panel.buttons[0].description.startswith("Tomar el disco de la empresa ")
    panel.buttons[0].click()  # a pick from the list: Buy and Build in Spanish
    assert [b.description for b in panel.buttons][:2] == ["Comprar", "Construir"]
    assert panel.buttons[-1].description == "Atrás: deshacer la última elección"
    w.close()


def test_issue24_the_toggle_pressed_in_the_page_speaks_the_widgets_language() -> None:
    """The page's toggle runs outside the widget's entry points: the companion still says
    everything in the widget's language, not the process's."""
    w = TwistyTracksWidget(players=2, seed=5, bot_pause=0, animate=False, lang="ru")
    w.companion.toggle.value = True  # as the front end sets it
    assert "Поле словами" in w.companion.position.value
    assert "Раунд 1." in w.companion.position.value
    names = [b.description for b in w.companion.buttons]
    assert "Повернуть плитку на 90°" in names
    assert any(n.startswith("Положить плитку: столбец ") for n in names)
    w.companion.toggle.value = False
    w.companion.show(True)
    assert "Ваше решение" in w.companion.decision_head.value
    w.close()


def test_issue24_covered_and_nothing_to_decide_in_the_language() -> None:
    w = TwistyTracksWidget(
        players=2, seed=5, bot_pause=0, animate=False, accessible=True, lang="es",
        seats=["human", "human"],
    )  # fmt: skip
    w.play(w.game.legal_actions()[0])  # a secret placement: the device is covered (R25)
    assert w.covered
    assert "Se está pasando el dispositivo: el tablero está oculto." in w.companion.position.value
    assert "Ahora no hay nada que decidir." in w.companion.decision_head.value
    w.close()
