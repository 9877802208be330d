"""A widget's language: ``lang=`` on every game widget, switched in place.

A widget speaks its language whatever it does: each of its entry points (a click, a
button, a key, a bot's move, a redraw for a page that connects, a call from Python)
runs inside :func:`railwidgets.i18n.use`, and the tasks and callbacks it starts inherit
that (they copy the context they were made in). Labels made once (buttons, tooltips,
captions) keep their English words beside them (:func:`words`), so that
:func:`relabel` says them again in another language.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any, TypeVar
from urllib.parse import parse_qs

import ipywidgets as widgets

from railwidgets.core.errors import OptionError
from railwidgets.i18n import LANGUAGES, N_, _, check_language, language, use

__all__ = ["SPEAKING", "language_dropdown", "page_language", "relabel", "speaking", "words"]

F = TypeVar("F", bound=Callable[..., Any])

#: The entry points of a game widget: each runs in the widget's language.
SPEAKING: tuple[str, ...] = (
    "click",
    "_board_click",  # a click in the page comes here, not through click()
    "key",
    "pick",
    "pick_by_button",
    "press",
    "back",
    "confirm",
    "play",
    "undo",
    "redo",
    "ready",
    "proceed",
    "toggle_settings",
    "start_new_game",
    "new_game",
    "set_game",
    "resume",
    "save",
    "hint",
    "toggle_bots",
    "stop",
    "refresh",
    "to_svg",
    "_repr_mimebundle_",
    "_client_ready",
    "_seat_changed",
    "_update_rules",
    "_drop_offer",
    "say",
    "save_waits",
    "_draw_static",
    "_draw_dynamic",
    "_loaded",
    # at a table (railwidgets.ui.table_play): joining, and other seats' moves arriving
    "join",
    "leave_table",
    "create_table",
    "hide_links",
    "table_sync",
    # puzzles (railwidgets.ui.puzzle_play)
    "open_puzzle",
    "show_answer",
    "leave_puzzles",
    "explain",
)


def speaking(method: F) -> F:
    """``method`` run in its widget's language (``self.lang``)."""
    if getattr(method, "_speaking", False):
        return method

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        lang = getattr(self, "_lang", None)
        if lang is None:
            return method(self, *args, **kwargs)
        with use(lang):
            return method(self, *args, **kwargs)

    run._speaking = True  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]


def speaking_init(init: F) -> F:
    """``__init__`` taking ``lang=`` (default: the language in use, from the locale),
    refused at once if unknown, and building everything in that language."""
    if getattr(init, "_speaking", False):
        return init

    @functools.wraps(init)
    def run(self: Any, *args: Any, lang: str | None = None, **kwargs: Any) -> None:
        if lang is not None or getattr(self, "_lang", None) is None:
            self._lang = check_language(lang if lang is not None else language())
        with use(self._lang):
            init(self, *args, **kwargs)

    run._speaking = True  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]


def make_speaking(cls: type, names: Iterable[str] = SPEAKING, *, inherited: bool = False) -> None:
    """Wrap the entry points ``cls`` itself defines (``inherited``: also those it
    inherits), and its ``__init__``."""
    for name in names:
        method = getattr(cls, name, None) if inherited else cls.__dict__.get(name)
        if callable(method):
            setattr(cls, name, speaking(method))
    if "__init__" in cls.__dict__:
        cls.__init__ = speaking_init(cls.__dict__["__init__"])  # type: ignore[misc]


def words(widget: widgets.Widget, html: str = "", **english: str) -> widgets.Widget:
    """Set each trait of ``widget`` to the translation of its English words (a
    ``description``, a ``tooltip``, a ``placeholder``...), and keep the English for
    :func:`relabel`. ``html``: a template the (escaped) words go into, ``{}``.
    Returns ``widget``."""
    kept = dict(getattr(widget, "_rw_words", {}))
    for trait, text in english.items():
        kept[trait] = (text, html)
        setattr(widget, trait, _said(text, html))
    widget._rw_words = kept
    return widget


def _said(text: str, html: str) -> str:
    said = _(text) if text else text
    return html.format(escape(said)) if html else said


def relabel(items: Iterable[widgets.Widget]) -> None:
    """Say every label made with :func:`words` again, in the language in use."""
    for widget in items:
        for trait, (text, html) in getattr(widget, "_rw_words", {}).items():
            said = _said(text, html)
            if getattr(widget, trait) != said:
                setattr(widget, trait, said)


def page_language(environ: Mapping[str, str] | None = None) -> tuple[str | None, str]:
    """The language a page's address asks for, ``?lang=ru``: Voilà hands a page's query
    string to its kernel as the environment variable ``QUERY_STRING`` (as CGI does).

    ``(code, "")``; ``(None, "")`` when the address names none (the locale decides);
    ``(None, why)`` for a code there is not (the widget says it, in the locale's language).

    >>> page_language({"QUERY_STRING": "lang=pl"}), page_language({})
    (('pl', ''), (None, ''))
    >>> page_language({"QUERY_STRING": "lang=xx"})[1]
    "there is no language 'xx': the languages are en (English), ru (Русский), es (Español), pl (Polski)"
    """
    env = os.environ if environ is None else environ
    asked = parse_qs(env.get("QUERY_STRING", "")).get("lang")
    if not asked:
        return None, ""
    try:
        return check_language(asked[-1]), ""
    except OptionError as err:
        return None, str(err)


def language_dropdown(lang: str) -> widgets.Dropdown:
    """The New game form's language selector (each language in its own words; the form
    gives it its width: :func:`railwidgets.ui.controls.fit_label`)."""
    dropdown = widgets.Dropdown(
        options=[(name, code) for code, name in LANGUAGES.items()],
        value=check_language(lang),
    )
    return words(dropdown, description=N_("Language"))
