"""The Rules panel opens the reader's language (issue 24 item 2)."""

from __future__ import annotations

import pytest

from railwidgets import MiniRailsWidget, TwistyTracksWidget
from railwidgets.core.rulebook import RuleBook
from railwidgets.minirails.components import MAP_HEXES
from railwidgets.minirails.render import DEFAULT_LAYOUT as L
from railwidgets.minirails.render import HexTarget


@pytest.mark.parametrize("lang", ["ru", "es", "pl"])
def test_24_2_the_rules_panel_shows_the_sections_in_the_widgets_language(lang: str) -> None:
    w = TwistyTracksWidget(players=1, seed=2, lang=lang, animate=False)
    try:
        w.rules_button.value = True
        shown = w.rules.shown
        assert shown, "the decision in hand names its rules"
        book = RuleBook.for_game("twistytracks", lang)
        for number in shown:
            assert book.section(number).title in w.rules_view.value
        english = RuleBook.for_game("twistytracks").section(shown[0]).title
        assert english not in w.rules_view.value
        w.lang = "en"  # switching language shows the same sections in English
        assert w.rules.shown == shown and english in w.rules_view.value
    finally:
        w.close()


def test_24_2_a_refusal_opens_the_cited_rule_in_the_widgets_language() -> None:
    w = MiniRailsWidget(players=3, seed=2, seats=["human"] * 3, lang="es", animate=False)
    try:
        w.rules_button.value = True
        w.click(*L.market_slot_centre(0))  # a disc in hand
        w.build_button.click()
        lit = {t.hex for t in w.targets() if isinstance(t, HexTarget)}
        far = min(MAP_HEXES - lit)
        w.click(*L.hex_centre(far))  # not where the company may build
        cited = RuleBook.for_game("minirails").cited(w.status_text)
        assert cited, w.status_text
        spanish, english = (RuleBook.for_game("minirails", lang) for lang in ("es", "en"))
        assert spanish.section(cited[0]).title in w.rules_view.value
        assert english.section(cited[0]).title not in w.rules_view.value
    finally:
        w.close()
