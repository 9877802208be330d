"""Sphinx configuration of the railwidgets documentation site (``make docs``).

Built offline: the theme (Furo) ships its CSS, JavaScript and fonts; the notebooks are
rendered from their saved outputs (never executed here), the boards as their saved SVG
pictures, without the widget JavaScript that would come from a CDN.
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

import railwidgets  # noqa: E402

project = "railwidgets"
author = "the railwidgets authors"
copyright = "the railwidgets authors"
release = version = railwidgets.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints"]
suppress_warnings: list[str] = []

html_theme = "furo"
html_title = f"railwidgets {version}"
html_static_path: list[str] = []
html_show_sourcelink = False

# -- Markdown and notebooks ------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4
nb_execution_mode = "off"  # the notebooks' saved outputs are the pages; nothing is re-run
# A widget's saved view needs the ipywidgets JavaScript from a CDN: show the saved picture
# (its text/html, an <img> of the board's SVG) instead, and load no widget JavaScript.
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}

# -- API reference -----------------------------------------------------------------------------

autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "description"
autodoc_preserve_defaults = True  # layout=DEFAULT_LAYOUT, not its long repr
autosummary_generate = False
# Every cross-reference must resolve (-n), except to what this site cannot link offline or
# does not document: the standard library (its inventory would be fetched from the network),
# the engines' internal modules and private helpers, and methods every action and game
# inherits from railwidgets.core (documented there once).
nitpicky = True
nitpick_ignore_regex = [
    (
        "py:class",
        r"(collections\.abc|concurrent\.futures(\._base)?|contextlib|gettext|os|pathlib|random|threading|t|typing)\.\w+",
    ),
    ("py:class", r"railwidgets\.\w+\.\w+\.\w+"),  # e.g. railwidgets.minirails.layout.Layout
    ("py:class", r"G|Layout"),  # the same two, as written in signatures
    ("py:func", r"railwidgets\.\w+\.render\.\w+"),
    ("py:(func|meth)", r"_\w+"),
    ("py:meth", r"(apply|\w+\.to_dict)"),
]

# -- the tutorial notebooks, copied from notebooks/ ----------------------------------------------

NOTEBOOKS = ROOT / "notebooks"
TUTORIALS = DOCS / "tutorials"
#: Links of the notebooks (written for JupyterLab and GitHub, relative to notebooks/) that
#: lead elsewhere on this site; any other link out of notebooks/ leads to the repository.
NOTEBOOK_LINKS = {
    "../railwidgets/minirails/reference.md": "../rules/minirails.md",
    "../railwidgets/twistytracks/reference.md": "../rules/twistytracks.md",
    "../railwidgets/offtherails/reference.md": "../rules/offtherails.md",
    "index.ipynb": "index.md",
}
REPOSITORY = "https://github.com/railwidgets/railwidgets/blob/main/"
MARKDOWN_LINK = re.compile(r"\]\((?P<target>[^)\s#]+)(?P<anchor>#[^)\s]*)?\)")


def site_link(match: re.Match[str]) -> str:
    """A notebook's Markdown link, pointed where it leads on this site."""
    target, anchor = match["target"], match["anchor"] or ""
    if target in NOTEBOOK_LINKS:
        target = NOTEBOOK_LINKS[target]
    elif target.startswith("../"):
        target = REPOSITORY + target.removeprefix("../")
    return f"]({target}{anchor})"


def site_notebook(notebook: dict) -> dict:
    """A notebook as this site shows it: links pointed at the site's pages, and outputs that
    are a live widget with no picture (a progress bar) left out."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = MARKDOWN_LINK.sub(site_link, "".join(cell["source"]))
        outputs = cell.get("outputs")
        if outputs:
            cell["outputs"] = [
                output
                for output in outputs
                if not (
                    "application/vnd.jupyter.widget-view+json" in output.get("data", {})
                    and not {"text/html", "image/svg+xml", "image/png"} & set(output["data"])
                )
            ]
    return notebook


def copy_notebooks() -> None:
    """docs/tutorials/*.ipynb from notebooks/ (the one source; the copies are not committed)."""
    for stale in TUTORIALS.glob("*.ipynb"):
        stale.unlink()
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        if source.name == "index.ipynb":  # tutorials/index.md is this site's index of them
            continue
        notebook = json.loads(source.read_text(encoding="utf-8"))
        (TUTORIALS / source.name).write_text(
            json.dumps(site_notebook(notebook), ensure_ascii=False, indent=1), encoding="utf-8"
        )


copy_notebooks()

# -- every public name is documented --------------------------------------------------------------

#: The modules whose ``__all__`` the API reference must cover, name by name.
PUBLIC_MODULES = (
    "railwidgets.core",
    "railwidgets.minirails",
    "railwidgets.twistytracks",
    "railwidgets.offtherails",
    "railwidgets.arena",
    "railwidgets.tutorials",
    "railwidgets.draw",
    "railwidgets.i18n",
)


def public_names() -> list[str]:
    """Every public name: the widgets of ``railwidgets``, and each module's ``__all__``."""
    names = [f"railwidgets.{name}" for name in railwidgets._LAZY_WIDGETS]
    for module in PUBLIC_MODULES:
        names += [f"{module}.{name}" for name in importlib.import_module(module).__all__]
    return names


def check_api_reference(app, env) -> None:
    """Warn (an error under -W) for each public name the API reference leaves out."""
    from sphinx.util import logging

    documented = set(env.get_domain("py").objects)
    for name in public_names():
        if name not in documented:
            logging.getLogger(__name__).warning(
                "public name %s is not in the API reference (docs/api/)", name
            )


class _Elided:
    """A default too long to read in a signature (a layout's whole repr): shown as ``...``."""

    def __repr__(self) -> str:
        return "..."


def widget_signature(app, what, name, obj, options, signature, return_annotation):
    """A widget's signature is its ``__init__``'s: ipywidgets' ``__new__(*args, **kwargs)``
    would hide it."""
    init_module = getattr(getattr(obj, "__init__", None), "__module__", None) or ""
    if (
        what != "class"
        or signature != "(*args, **kwargs)"
        or not init_module.startswith("railwidgets")
    ):
        return None
    init = inspect.signature(obj.__init__)
    parameters = [
        parameter.replace(
            annotation=parameter.empty,  # the types are listed below the signature
            default=_Elided()
            if parameter.default is not parameter.empty and len(repr(parameter.default)) > 40
            else parameter.default,
        )
        for parameter in list(init.parameters.values())[1:]
    ]
    shown = init.replace(parameters=parameters, return_annotation=inspect.Signature.empty)
    return str(shown), return_annotation


def setup(app) -> None:
    app.connect("env-check-consistency", check_api_reference)
    app.connect("autodoc-process-signature", widget_signature)
