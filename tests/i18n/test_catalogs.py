"""The gettext catalogs (issue 24): every word of the interface is in each language.

- the template ``railwidgets.pot`` holds every message the code marks (extracted again
  here, as ``make messages`` does): a string wrapped but not extracted fails;
- each ``.po`` translates every message of the template, every plural form, with the
  same ``{placeholders}`` and the same markup; none is fuzzy or obsolete;
- the plural rules are each language's own (Russian and Polish: three forms);
- the compiled ``.mo`` files load, and say what their ``.po`` says (not stale).
"""

from __future__ import annotations

import gettext
import re
import string
from collections import Counter
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from railwidgets.i18n import LANGUAGES, LOCALE_DIR, catalog, ngettext, use

ROOT = Path(__file__).resolve().parents[2]
POT = LOCALE_DIR / "railwidgets.pot"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
#: The keywords of the Makefile's MESSAGE_KEYWORDS, as Babel's API takes them.
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "T_": None,
    "TC_": ((1, "c"), 2),
    "NT_": (1, 2),
}
MARKUP = re.compile(r"</?[a-z]+[^>]*>")


def key(message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, msgid)


def template() -> dict:
    with POT.open("rb") as f:
        return {key(m): m for m in read_po(f) if m.id}


def po(lang: str):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "railwidgets.po").open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str) -> Counter:
    return Counter(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def test_the_template_holds_every_message_the_code_marks() -> None:
    found = set()
    for _, _, msgid, _, context in extract_from_dir(
        str(ROOT / "railwidgets"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
    ):
        msgid = msgid if isinstance(msgid, str) else msgid[0]
        found.add((context, msgid))
    kept = set(template())
    assert found - kept == set(), "run make messages: the template misses these"
    assert kept - found == set(), "run make messages: the template keeps messages gone"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    catalog_ = po(lang)
    have = {key(m): m for m in catalog_ if m.id}
    missing = [k for k in template() if k not in have]
    assert missing == [], f"{lang}: not in the .po (run make messages, then translate)"
    for k, message in have.items():
        assert k in template(), f"{lang}: {k} is not in the template any more"
        assert not message.fuzzy, f"{lang}: fuzzy {k}"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{lang}: untranslated {k}"
        if isinstance(message.id, tuple):
            assert len(forms) == catalog_.num_plurals, (
                f"{lang}: {k} needs {catalog_.num_plurals} forms"
            )
    assert not catalog_.obsolete


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_and_markup_are_kept(lang: str) -> None:
    for message in po(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            # every form names the placeholders of the English (a plural may leave out {n})
            wanted = set(fields(ids[-1])) | set(fields(ids[0]))
            assert set(fields(form)) <= wanted, (lang, message.id, form)
            assert set(fields(ids[0])) - {"n"} <= set(fields(form)), (lang, message.id, form)
            tags = Counter(re.sub(r"\s.*", "", tag) for tag in MARKUP.findall(form))
            assert tags == Counter(re.sub(r"\s.*", "", tag) for tag in MARKUP.findall(ids[0]))
            # words joined around a placeholder keep their spaces (" and ", " or ")
            assert form[:1].isspace() == ids[0][:1].isspace()
            assert form[-1:].isspace() == ids[0][-1:].isspace()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_the_languages_own(lang: str) -> None:
    catalog_ = po(lang)
    rule = get_plural(Locale.parse(lang))
    assert catalog_.num_plurals == rule.num_plurals
    assert catalog_.plural_expr == rule.plural_expr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка"]),
        ("pl", ["1 punkt", "2 punkty", "5 punktów", "11 punktów", "21 punktów", "22 punkty"]),
        ("es", ["1 punto", "2 puntos", "5 puntos", "11 puntos", "21 puntos", "22 puntos"]),
        ("en", ["1 point", "2 points", "5 points", "11 points", "21 points", "22 points"]),
    ],
)
def test_plurals_take_each_languages_forms(lang: str, said: list[str]) -> None:
    with use(lang):
        assert [
            ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 11, 21, 22)
        ] == said


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_loads_and_says_what_its_po_says(lang: str) -> None:
    book = catalog(lang)
    source = po(lang)
    form = gettext.c2py(source.plural_expr)  # the .po's own rule: which form n takes
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n in (1, 2, 5, 21):
                got = book.ngettext(message.id[0], message.id[1], n)
                assert got == message.string[form(n)], "stale .mo: run make catalogs"
        elif message.context:
            assert book.pgettext(message.context, message.id) == message.string
        else:
            assert book.gettext(message.id) == message.string, "stale .mo: run make catalogs"


def test_english_is_the_source_and_needs_no_catalog() -> None:
    assert catalog("en").gettext("Undo") == "Undo"
