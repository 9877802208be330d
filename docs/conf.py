"""Sphinx configuration of the railwidgets documentation site (``make docs``).

Built offline: the theme (Furo) ships its CSS, JavaScript and fonts; the notebooks are
rendered from their saved outputs (never executed here), the boards as their saved SVG
pictures, without the widget JavaScript that would come from a CDN.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
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
# a notebook without a Markdown heading (a Voilà play page opens with the widget's own,
# in the page's language) is titled by its metadata's "title"
myst_title_to_header = True
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
#: The games whose rules reference is a page of this site (docs/rules/<game>[.<lang>].md).
RULES_PAGES = ("minirails", "twistytracks", "offtherails")
REPOSITORY = "https://github.com/railwidgets/railwidgets/blob/main/"
MARKDOWN_LINK = re.compile(r"\]\((?P<target>[^)\s#]+)(?P<anchor>#[^)\s]*)?\)")
REFERENCE = re.compile(r"railwidgets/(?P<game>\w+)/reference(?P<lang>\.\w\w)?\.md")


def notebook_sources() -> list[Path]:
    """The notebooks of notebooks/ and of its language folders (notebooks/ru/, ...)."""
    return sorted(
        path
        for path in NOTEBOOKS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts and path != NOTEBOOKS / "index.ipynb"
    )


def site_link(match: re.Match[str], folder: Path) -> str:
    """A Markdown link of a notebook in ``folder`` (written for JupyterLab and GitHub), pointed
    where it leads on this site: a rules reference to its page, the notebooks' index to the
    tutorials' index, another notebook to its copy, anything else to the repository."""
    target, anchor = match["target"], match["anchor"] or ""
    if target.startswith(("http:", "https:", "mailto:")):
        return match.group()
    here = TUTORIALS / folder.relative_to(NOTEBOOKS)
    leads = (folder / target).resolve()
    if not leads.is_relative_to(ROOT):
        return match.group()
    reference = REFERENCE.fullmatch(leads.relative_to(ROOT).as_posix())
    if reference and reference["game"] in RULES_PAGES:
        page = DOCS / "rules" / f"{reference['game']}{reference['lang'] or ''}.md"
        target = os.path.relpath(page, here)
    elif leads == NOTEBOOKS / "index.ipynb":
        target = os.path.relpath(TUTORIALS / "index.md", here)
    elif not leads.is_relative_to(NOTEBOOKS):
        target = REPOSITORY + leads.relative_to(ROOT).as_posix()
    return f"]({target}{anchor})"


def site_notebook(notebook: dict, folder: Path = NOTEBOOKS) -> dict:
    """A notebook as this site shows it: links pointed at the site's pages, and outputs that
    are a live widget with no picture (a progress bar) left out."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = MARKDOWN_LINK.sub(
                lambda match: site_link(match, folder), "".join(cell["source"])
            )
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
    """docs/tutorials/ from notebooks/ (the one source; the copies are not committed), the
    language folders too (docs/tutorials/ru/, ...)."""
    for stale in TUTORIALS.rglob("*.ipynb"):
        stale.unlink()
    for source in notebook_sources():
        folder = source.parent
        copy = TUTORIALS / source.relative_to(NOTEBOOKS)
        copy.parent.mkdir(exist_ok=True)
        notebook = json.loads(source.read_text(encoding="utf-8"))
        copy.write_text(
            json.dumps(site_notebook(notebook, folder), ensure_ascii=False, indent=1),
            encoding="utf-8",
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
