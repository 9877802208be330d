"""Issue 25 item 2: the live region that is updated, not replaced (railwidgets.ui.live).

What the browser does with it (the same element, its text changed in place) is checked in
tests/e2e/test_keyboard_browser.py; here: the widget's trait, what it sends, and the
front-end code and CSS it carries.
"""

from __future__ import annotations

import pytest
import traitlets

from railwidgets.ui.live import LIVE_CLASS, LiveRegion


def test_item2_live_region_text_trait_is_synced_plain_text() -> None:
    region = LiveRegion()
    assert region.text == ""
    assert region.trait_metadata("text", "sync") is True
    region.text = "Green to play: <b>pick</b> a disc."
    assert region.get_state()["text"] == "Green to play: <b>pick</b> a disc."  # not escaped
    with pytest.raises(traitlets.TraitError):
        region.text = 3  # type: ignore[assignment]
    assert region.text == "Green to play: <b>pick</b> a disc."
    region.close()


def test_item2_live_region_sends_only_changes() -> None:
    """A widget's state goes to the page when a trait changes (its change notification);
    the same text again notifies nothing, so nothing is sent and nothing is announced twice."""
    region = LiveRegion(text="one")
    changes: list[str] = []
    region.observe(lambda change: changes.append(change["new"]), "text")
    region.text = "one"
    assert changes == []
    region.text = "two"
    assert changes == ["two"]
    region.close()


def test_item2_live_region_front_end_sets_text_content_on_one_element() -> None:
    region = LiveRegion()
    state = region.get_state()
    esm, css = state["_esm"], state["_css"]
    assert state["_model_module"] == "anywidget" and state["_view_name"] == "AnyView"
    # made once, with the roles; afterwards only textContent changes (never innerHTML)
    assert esm.count('document.createElement("div")') == 1
    for attribute in ('"role", "status"', '"aria-live", "polite"', '"aria-atomic", "true"'):
        assert f"region.setAttribute({attribute})" in esm
    assert 'model.on("change:text"' in esm and "region.textContent = model.get" in esm
    assert "innerHTML" not in esm
    # visually hidden, still read: the sr-only rules, never display:none
    assert f".{LIVE_CLASS} {{" in css and f'"{LIVE_CLASS}"' in esm
    assert "clip: rect(0, 0, 0, 0)" in css and "width: 1px" in css
    assert "display: none" not in css and "visibility: hidden" not in css
    region.close()
