"""A live region that is updated, not replaced (issue 25 item 2).

A screen reader announces a change to a live region (``aria-live``) only when the region
was already in the page before the change: a region that is itself new is, for most of
them, just new content and is not read. Stock ipywidgets write an ``HTML`` widget's value
with ``innerHTML``, so a ``<div aria-live>`` inside it is a new element at every change.

:class:`LiveRegion` is a widget of our own (an `anywidget <https://anywidget.dev>`_, whose
front end is the ``anywidget`` package's JupyterLab/Notebook/Voilà extension): its view
makes one ``<div role="status" aria-live="polite" aria-atomic="true">`` when it is shown
and afterwards only sets that element's ``textContent`` when :attr:`LiveRegion.text`
changes. The element is visually hidden the accessible way (the usual "sr-only" CSS: one
clipped pixel, still in the accessibility tree), since the words it says are on screen
already.

>>> region = LiveRegion()
>>> region.text = "Green to play: pick a disc."
>>> region.text
'Green to play: pick a disc.'
>>> region.close()
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["LIVE_CLASS", "LiveRegion"]

#: The class of the live element in the page (tests and CSS find it by this).
LIVE_CLASS = "railwidgets-live"

_ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "__CLASS__";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  region.textContent = model.get("text");
  el.appendChild(region);
  // the same element from now on: only its text changes, so it is announced
  const said = () => { region.textContent = model.get("text"); };
  model.on("change:text", said);
  return () => model.off("change:text", said);
}
export default { render };
""".replace("__CLASS__", LIVE_CLASS)

# The usual visually-hidden ("sr-only") rules: out of sight, not out of the
# accessibility tree (display:none or visibility:hidden would silence it).
_CSS = """
.__CLASS__ {
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  clip-path: inset(50%) !important;
  white-space: nowrap !important;
  border: 0 !important;
}
""".replace("__CLASS__", LIVE_CLASS)


class LiveRegion(anywidget.AnyWidget):  # type: ignore[misc]
    """A polite status region whose element stays while its :attr:`text` changes.

    Setting :attr:`text` to what it already is sends nothing (traitlets drop a change to
    the same value), so nothing is announced twice.
    """

    _esm = _ESM
    _css = _CSS
    #: What the region says now (plain text, never HTML: the view sets ``textContent``).
    text = traitlets.Unicode("").tag(sync=True)
