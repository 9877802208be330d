"""What a game widget needs of the page that stock widgets cannot do: :class:`PageScript`.

A small `anywidget <https://anywidget.dev>`_ without a view (it shows nothing; its front
end runs when the page makes its model, whether or not it is displayed):

- **Save in one step** (issue 27 item 5): :meth:`PageScript.download` sends the record in
  a message (never in the widget's state, which a saved notebook would keep) and the page
  makes a file of it and starts its download, as a click on a download link would.
- **The mouse wheel and a finger scroll the page over a board; a tap is a click** (issue
  27; issue 23's tables across devices): ipycanvas turns every wheel and touch event on a
  canvas into a message to the kernel and cancels what the browser would do with it. So a
  board taller than the window (Off the Rails' tall layout in JupyterLab) stopped the
  page under the pointer, a phone could not scroll past a board, and a tap on a board did
  nothing (a cancelled touch makes no mouse-down, the one event the boards listen to).
  The boards do nothing with the wheel or with touches: once per page, a listener on the
  document stops those events on a board before they reach the canvas, and the browser
  scrolls, and turns a tap into the mouse-down a click would send, as anywhere else.
- **The board stays put as buttons come and go** (the play-through: in JupyterLab a
  cart's button wrapped the row of buttons, the board moved down, and a click aimed
  before it moved missed): a row of a decision's buttons keeps the tallest height it has
  had at its width.

>>> script = PageScript()
>>> sent = []
>>> script.send = lambda content, buffers=None: sent.append(content)
>>> script.download("minirails-move3.json", '{"game": "minirails"}')
>>> sent
[{'method': 'download', 'name': 'minirails-move3.json', 'text': '{"game": "minirails"}'}]
>>> script.close()
"""

from __future__ import annotations

import anywidget

from railwidgets.ui.theme import BOARD_CLASS, DECISION_CLASS

__all__ = ["PageScript"]

_ESM = """
function initialize({ model }) {
  if (!globalThis.__railwidgetsPage) {
    // once per page: the wheel and touches over a board do what they do anywhere else
    // (ipycanvas would cancel them; a tap then makes the mouse-down the board listens to)
    globalThis.__railwidgetsPage = true;
    const onBoard = (event) => {
      const target = event.target;
      if (target instanceof Element && target.matches("canvas.__BOARD__")) {
        event.stopPropagation();
      }
    };
    for (const kind of ["wheel", "touchstart", "touchmove", "touchend", "touchcancel"]) {
      document.addEventListener(kind, onBoard, { capture: true, passive: true });
    }
    // a row of buttons keeps the tallest height it has had at its width: the board
    // below stays put as a decision's buttons come and go (a cart's, Speed's − and +)
    const keepHeight = (row) => {
      row.dataset.railwidgetsKept = "1";
      let width = -1;
      new ResizeObserver(() => {
        if (row.clientWidth !== width) {
          width = row.clientWidth;
          row.style.minHeight = "";
        }
        if (row.offsetHeight > (parseFloat(row.style.minHeight) || 0)) {
          row.style.minHeight = `${row.offsetHeight}px`;
        }
      }).observe(row);
    };
    let queued = false;
    const findRows = () => {
      queued = false;
      document.querySelectorAll(".__DECISION__:not([data-railwidgets-kept])").forEach(keepHeight);
    };
    new MutationObserver(() => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(findRows);
      }
    }).observe(document.body, { childList: true, subtree: true });
    findRows();
  }
  const download = (message) => {
    if (!message || message.method !== "download") return;
    const file = new Blob([message.text], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = message.name;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  };
  model.on("msg:custom", download);
  return () => model.off("msg:custom", download);
}
export default { initialize };
""".replace("__BOARD__", BOARD_CLASS).replace("__DECISION__", DECISION_CLASS)


class PageScript(anywidget.AnyWidget):  # type: ignore[misc]
    """The page's side of a game widget (see the module docstring); it shows nothing."""

    _esm = _ESM

    def download(self, name: str, text: str) -> None:
        """Download ``text`` as the file ``name`` (JSON) in the page that shows the widget."""
        self.send({"method": "download", "name": name, "text": text})
