"""The languages of the interface: English, Russian, Spanish and Polish.

Every word a player reads goes through the gettext catalogs of
``railwidgets/locale/<lang>/LC_MESSAGES/railwidgets.po`` (maintained with Babel:
``pybabel extract`` into ``railwidgets.pot``, ``pybabel update``, ``pybabel
compile``; the compiled ``.mo`` files are built by ``make`` and by the package build).
English is the language of the source, so it needs no catalog.

Pure Python (the standard library's ``gettext``): the engines use it too, and
never import a widget.

- ``_`` and :func:`ngettext` translate at once, into the language in use;
- :func:`T_` and :func:`NT_` make a :class:`Text`: an English ``str`` (so an engine's
  log and its errors read as before) that remembers its message and its values, and
  :func:`tr` says it again in the language in use (a widget's log in Russian);
- the language in use: the one a widget set for what it is doing
  (:func:`use`), else :func:`set_language`'s, else the locale's
  (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.

>>> with use("ru"):
...     [ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 21)]
['1 очко', '2 очка', '5 очков', '21 очко']
>>> line = T_("{names} wins.", names="Ann")
>>> line, tr(line, "es")
('Ann wins.', 'Gana Ann.')
>>> check_language("xx")
Traceback (most recent call last):
...
railwidgets.core.errors.OptionError: there is no language 'xx': the languages are en (English), ru (Русский), es (Español), pl (Polski)
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from railwidgets.core.errors import OptionError

__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "NT_",
    "N_",
    "TC_",
    "T_",
    "Joined",
    "Text",
    "capital",
    "catalog",
    "check_language",
    "joined",
    "language",
    "locale_language",
    "mapped",
    "ngettext",
    "pgettext",
    "set_language",
    "tr",
    "tr_error",
    "use",
]

#: The languages there are: code -> the language's own name for itself.
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский", "es": "Español", "pl": "Polski"}
#: The gettext domain and where its catalogs are.
DOMAIN = "railwidgets"
#: The folder of the catalogs: ``<lang>/LC_MESSAGES/railwidgets.po`` and ``.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The language a widget speaks in while it acts (``None``: the process's).
_current: ContextVar[str | None] = ContextVar("railwidgets_language", default=None)
_chosen: str | None = None  # set_language's, else the locale's


def check_language(lang: object) -> str:
    """``lang`` as a language code there is (``"RU"`` is ``"ru"``), else an
    :class:`~railwidgets.core.errors.OptionError` listing the languages.

    >>> check_language("PL")
    'pl'
    """
    code = lang.strip().lower() if isinstance(lang, str) else None
    if code not in LANGUAGES:
        there = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise OptionError(f"there is no language {lang!r}: the languages are {there}")
    return code


def locale_language(environ: dict[str, str] | None = None) -> str:
    """The language the locale asks for (``LANGUAGE``, a colon-separated list of
    preferences, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), the first one there is,
    else English.

    >>> locale_language({"LANG": "pl_PL.UTF-8"}), locale_language({"LANGUAGE": "de:es"})
    ('pl', 'es')
    >>> locale_language({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for wish in value.split(":") if name == "LANGUAGE" else [value]:
            code = wish.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":  # the first locale variable set decides (C: English)
            return "en"
    return "en"


def set_language(lang: str | None) -> None:
    """The language of everything not told otherwise (``None``: the locale's again).
    An unknown code is refused and changes nothing."""
    global _chosen
    _chosen = None if lang is None else check_language(lang)


def language() -> str:
    """The language in use now."""
    return _current.get() or _chosen or locale_language()


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block (and in the tasks and callbacks it
    starts: they inherit the context)."""
    token = _current.set(check_language(lang))
    try:
        yield lang
    finally:
        _current.reset(token)


@cache
def catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the source itself).

    A missing ``.mo`` is an error, never a silent fallback to English.
    """
    code = check_language(lang)
    if code == "en":
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, LOCALE_DIR, [code])
    except FileNotFoundError as err:
        raise RuntimeError(
            f"the {LANGUAGES[code]} catalog is not compiled ({LOCALE_DIR}/{code}/LC_MESSAGES/"
            f"{DOMAIN}.mo): run 'make venv' or 'pybabel compile -d {LOCALE_DIR} -D {DOMAIN}'"
        ) from err


def _(msgid: str) -> str:
    """``msgid`` in the language in use."""
    return catalog(language()).gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language in use (Russian and Polish have three)."""
    return catalog(language()).ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the language in use, as meant in ``context`` ("company": "red" is
    a company, whose name agrees with the word for company)."""
    return catalog(language()).pgettext(context, msgid)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalog only (it is translated later, where it is shown)."""
    return msgid


class Text(str):
    """A message: its English words as a ``str``, and what it takes to say it in
    another language (:meth:`say`).

    Values that are :class:`Text` themselves are said in the same language.
    """

    msgid: str
    plural: str | None
    n: int | None
    context: str | None
    params: dict[str, Any]

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
        /,
        **params: Any,
    ) -> Text:
        self = super().__new__(cls, _format(msgid if plural is None or n == 1 else plural, params))
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        self.context = context
        return self

    def say(self, lang: str | None = None) -> str:
        """These words in ``lang`` (default: the language in use)."""
        book = catalog(check_language(lang) if lang else language())
        if self.context is not None:
            words = book.pgettext(self.context, self.msgid)
        elif self.plural is None:
            words = book.gettext(self.msgid)
        else:
            words = book.ngettext(self.msgid, self.plural, self.n if self.n is not None else 1)
        said = {k: v.say(lang) if hasattr(v, "say") else v for k, v in self.params.items()}
        return _format(words, said)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_text, (self.msgid, self.plural, self.n, self.context, self.params))


def _text(
    msgid: str, plural: str | None, n: int | None, context: str | None, params: dict[str, Any]
) -> Text:
    return Text(msgid, plural, n, context, **params)


def _format(words: str, params: dict[str, Any]) -> str:
    """``words`` with its ``{name}`` fields filled (no fields: as written, braces and all)."""
    if not params:
        return words
    return words.format_map(params)


def T_(msgid: str, **params: Any) -> Text:
    """A message said in English now and in any language later (:func:`tr`)."""
    return Text(msgid, **params)


def TC_(context: str, msgid: str, **params: Any) -> Text:
    """A word (or a message with ``params``) said in English now and later as meant in
    ``context`` (:func:`pgettext`): "cart (object)" asks for the form a verb's object takes.

    >>> TC_("cart (object)", "the {cart} cart", cart=TC_("cart (object)", "white")).say("ru")
    'белую вагонетку'
    """
    return Text(msgid, None, None, context, **params)


def NT_(singular: str, plural: str, n: int, **params: Any) -> Text:
    """:func:`T_` with a plural: the form for ``n`` (which is also the value ``{n}``)."""
    return Text(singular, plural, n, None, n=n, **params)


class Joined(str):
    """Words joined by ``sep`` (``", "``, or a :class:`Text` such as ``T_(" and ")``),
    each said in the reader's language with the rest (:meth:`say`)."""

    items: tuple[Any, ...]
    sep: str

    def __new__(cls, items: Iterable[Any], sep: str = ", ") -> Joined:
        kept = tuple(items)
        self = super().__new__(cls, str(sep).join(str(item) for item in kept))
        self.items, self.sep = kept, sep
        return self

    def say(self, lang: str | None = None) -> str:
        """These words in ``lang`` (default: the language in use)."""
        return tr(self.sep, lang).join(tr(item, lang) for item in self.items)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.items, self.sep))


def joined(items: Iterable[Any], sep: str = ", ") -> Joined:
    """``sep.join(items)``, said in any language later (:func:`tr`).

    >>> joined([T_("Orange"), T_("Purple")], T_(" and ")).say("es")
    'Naranja y Morado'
    """
    return Joined(items, sep)


def mapped(value: Any, change: Callable[[Any], Any]) -> Any:
    """``value`` with each of its parts (a :class:`Text`'s values, a :class:`Joined`'s
    items, and theirs) replaced by ``change(part)`` where that is not ``None`` (a widget
    names the seats of an engine's line so).

    >>> line = T_("{names} wins.", names=T_("seat {n}", n=1))
    >>> tr(mapped(line, lambda v: "Ann" if getattr(v, "msgid", "") == "seat {n}" else None))
    'Ann wins.'
    """
    got = change(value)
    if got is not None:
        return got
    if isinstance(value, Text):
        params = {key: mapped(v, change) for key, v in value.params.items()}
        return Text(value.msgid, value.plural, value.n, value.context, **params)
    if isinstance(value, Joined):
        return Joined([mapped(item, change) for item in value.items], mapped(value.sep, change))
    return value


def capital(words: str) -> str:
    """``words`` with a capital first letter (a sentence that starts with a name).

    >>> capital("red can still build.")
    'Red can still build.'
    """
    return words[:1].upper() + words[1:]


def tr(value: object, lang: str | None = None) -> str:
    """``value`` as the reader reads it: a :class:`Text` in ``lang`` (default: the
    language in use), anything else as it is."""
    return value.say(lang) if isinstance(value, Text | Joined) else str(value)


def tr_error(err: BaseException, lang: str | None = None) -> str:
    """An error's message as the reader reads it (``str(err)`` would lose a
    :class:`Text` message's words, so this reads the message itself).

    >>> tr_error(ValueError(T_("New game.")), "pl"), tr_error(KeyError("x"))
    ('Nowa gra.', "'x'")
    """
    return tr(err.args[0], lang) if err.args and isinstance(err.args[0], Text) else str(err)
