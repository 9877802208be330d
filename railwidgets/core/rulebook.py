"""The rules at hand: each game's player-facing rules reference, looked up by number.

Every game ships a ``reference.md`` in its package: the rules in plain words,
numbered exactly as the engine cites them (``§2.7.4``, ``R25``, ``C-5``,
``D-24``, ``M8``, ...), and the same reference in each language of the
interface (``reference.ru.md``, ``reference.es.md``, ``reference.pl.md``), with
the same numbers, so a refusal said in Russian opens the Russian section it cites. A heading that starts with a rule number opens a
section; the section runs to the next heading of the same or a higher level, so
``§2.7`` holds ``§2.7.1`` to ``§2.7.11``.

>>> book = RuleBook.for_game("minirails")
>>> book.section("§2.8.5").title
'A blocked company'
>>> book.section("§2.8.5.2").number        # no section of its own: its nearest parent
'§2.8.5'
>>> book.cited("market slot 0 holds Green's marker, not a disc (§2.7.4)")
['§2.7.4']
>>> print(book.section("§2.9").html().splitlines()[0])
<h3>§2.9 The profit track</h3>

Refusals name their rules, and each name opens a section:

>>> otr = RuleBook.for_game("offtherails")
>>> otr.cited("upgrade (0, 4) to NES: a tile under a cart cannot be upgraded (§2.6 A2)")
['§2.6', 'A2']
>>> [s.title for s in otr.explain("the red token goes next to a red chasm token (§2.11, D-25)")]
['The chasm phase', 'Where chasm tokens may go']
>>> RuleBook.for_game("twistytracks").section("R25").title
'Everyone plays at once, in secret'
>>> RuleBook.for_game("minirails", "es").section("§2.8.5").number
'§2.8.5'

The HTML is made from a small Markdown subset (headings, paragraphs, lists,
tables, quotes, bold, italic, code); everything else is escaped:

>>> to_html("Never <b>raw</b> HTML, but **bold** and `code`")
'<p>Never &lt;b&gt;raw&lt;/b&gt; HTML, but <strong>bold</strong> and <code>code</code></p>'
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from railwidgets.core.errors import RailwidgetsError
from railwidgets.i18n import check_language

__all__ = ["GAMES", "HTML_TAGS", "RuleBook", "Section", "UnknownRuleError", "to_html"]

#: The games that ship a rules reference, by their record name.
GAMES = ("minirails", "twistytracks", "offtherails")

REFERENCE_FILE = "reference.md"

# "§2.7.4", "R25", "E3b", "D12a", "C-5", "D-24", "M8": a section mark or a letter
# (with an optional hyphen) and a number, perhaps a lowercase sub-letter.
_NUMBER = r"§\d+(?:\.\d+)*|[A-Z]-?\d+[a-z]?"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_NUMBERED_TITLE = re.compile(rf"^({_NUMBER})(?:\s+|$)(.*)$")
_FENCE = "```"


class UnknownRuleError(RailwidgetsError, ValueError):
    """A rule number that a game's reference does not have, or a game without one."""


@dataclass(frozen=True)
class Section:
    """One numbered section of a rules reference.

    ``markdown`` is the section's own heading and everything under it, its
    subsections included.
    """

    number: str
    title: str
    level: int
    markdown: str

    def html(self) -> str:
        """The section as an HTML fragment (for an ``ipywidgets.HTML`` panel)."""
        return to_html(self.markdown)


class RuleBook:
    """A game's rules reference, parsed into numbered sections.

    >>> book = RuleBook("demo", "# Demo\\n\\n## §1 Setup\\nDeal.\\n\\n### §1.1 Cards\\nShuffle.\\n")
    >>> [s.number for s in book.sections]
    ['§1', '§1.1']
    >>> book.section("§1").markdown
    '## §1 Setup\\nDeal.\\n\\n### §1.1 Cards\\nShuffle.'
    >>> book.section("§2")
    Traceback (most recent call last):
    ...
    railwidgets.core.rulebook.UnknownRuleError: the Demo rules have no section §2
    """

    def __init__(self, game: str, markdown: str) -> None:
        self.game = game
        self.markdown = markdown
        self.title, self.sections = _parse(markdown, game)
        self._by_number = {s.number: s for s in self.sections}
        twice = [n for n, k in Counter(s.number for s in self.sections).items() if k > 1]
        if twice:
            raise ValueError(
                f"the {self.title} rules number more than one section {', '.join(twice)}"
            )
        letters = sorted({_letters(s.number) for s in self.sections} - {"§"}, key=len, reverse=True)
        kinds = "|".join(re.escape(k) for k in letters)
        lettered = rf"|(?<![\w#-])(?:{kinds})\d+[a-z]?(?![\w-])" if kinds else ""
        self._citation = re.compile(rf"§\d+(?:\.\d+)*{lettered}")

    @classmethod
    def for_game(cls, game: str, lang: str = "en") -> RuleBook:
        """The reference shipped with ``game`` (a record name such as ``"minirails"``),
        in ``lang`` (a language of the interface: ``"en"``, ``"ru"``, ``"es"``, ``"pl"``).

        Each game's book is read once and shared.

        >>> RuleBook.for_game("minirails") is RuleBook.for_game("minirails")
        True
        >>> RuleBook.for_game("chess")
        Traceback (most recent call last):
        ...
        railwidgets.core.rulebook.UnknownRuleError: no rules reference for 'chess' (games: minirails, twistytracks, offtherails)
        >>> RuleBook.for_game("minirails", "xx")
        Traceback (most recent call last):
        ...
        railwidgets.core.errors.OptionError: there is no language 'xx': the languages are en (English), ru (Русский), es (Español), pl (Polski)
        """
        if game not in GAMES:
            raise UnknownRuleError(f"no rules reference for {game!r} (games: {', '.join(GAMES)})")
        return _load(game, check_language(lang))

    @staticmethod
    def file_name(lang: str) -> str:
        """The file of the reference in ``lang`` inside a game's package.

        >>> RuleBook.file_name("en"), RuleBook.file_name("ru")
        ('reference.md', 'reference.ru.md')
        """
        return REFERENCE_FILE if lang == "en" else REFERENCE_FILE.replace(".md", f".{lang}.md")

    def section(self, number: str) -> Section:
        """The section ``number``; a number without a section of its own gives its nearest parent.

        ``§2.7.4.2`` falls back to ``§2.7.4``, then ``§2.7``; ``D12a`` to ``D12``.

        >>> book = RuleBook.for_game("minirails")
        >>> book.section("§2.7.4").title
        'Your turn'
        >>> book.section("D12a").number
        'D12'
        """
        wanted = number.strip()
        candidate: str | None = wanted
        while candidate is not None:
            if candidate in self._by_number:
                return self._by_number[candidate]
            candidate = _parent(candidate)
        raise UnknownRuleError(f"the {self.title} rules have no section {wanted}")

    def __contains__(self, number: object) -> bool:
        """Whether ``number`` leads to a section (its own or a parent's)."""
        if not isinstance(number, str):
            return False
        try:
            self.section(number)
        except UnknownRuleError:
            return False
        return True

    def cited(self, text: str) -> list[str]:
        """The rule numbers ``text`` cites, in order, each once (known to this book or not).

        >>> RuleBook.for_game("minirails").cited("(2,-3) is not next to a red disc (§2.8.1, D7)")
        ['§2.8.1', 'D7']
        """
        found: list[str] = []
        for match in self._citation.finditer(text):
            if match.group() not in found:
                found.append(match.group())
        return found

    def explain(self, text: str) -> list[Section]:
        """The sections a message cites, each once, skipping numbers this book lacks.

        This is what a Rules panel shows beside a refusal.

        >>> [s.number for s in RuleBook.for_game("minirails").explain("not next to a red disc (§2.8.1)")]
        ['§2.8.1']
        """
        shown: list[Section] = []
        for number in self.cited(text):
            if number in self and (section := self.section(number)) not in shown:
                shown.append(section)
        return shown

    def __repr__(self) -> str:
        return f"<RuleBook {self.game}: {len(self.sections)} sections>"


@cache
def _load(game: str, lang: str) -> RuleBook:
    name = RuleBook.file_name(lang)
    try:
        text = resources.files(f"railwidgets.{game}").joinpath(name).read_text("utf-8")
    except FileNotFoundError:
        raise UnknownRuleError(f"no rules reference for {game!r} in {lang!r} ({name})") from None
    return RuleBook(game, text)


def _letters(number: str) -> str:
    """The kind of a rule number: ``"§"``, ``"R"``, ``"C-"``."""
    return "§" if number.startswith("§") else re.match(r"[A-Z]-?", number).group()  # type: ignore[union-attr]


def _parent(number: str) -> str | None:
    """``§2.7.4`` -> ``§2.7`` -> ``§2`` -> None; ``D12a`` -> ``D12`` -> None."""
    if number.startswith("§") and "." in number:
        return number.rsplit(".", 1)[0]
    if re.fullmatch(r"[A-Z]-?\d+[a-z]", number):
        return number[:-1]
    return None


def _parse(markdown: str, game: str) -> tuple[str, tuple[Section, ...]]:
    """The book's title (its first-level heading) and its numbered sections."""
    lines = markdown.splitlines()
    headings: list[tuple[int, int, str]] = []  # (line index, level, heading text)
    in_code = False
    for i, line in enumerate(lines):
        if line.startswith(_FENCE):
            in_code = not in_code
        elif not in_code and (m := _HEADING.match(line)):
            headings.append((i, len(m.group(1)), m.group(2)))
    title = next((text for _, level, text in headings if level == 1), game)
    sections = []
    for k, (start, level, text) in enumerate(headings):
        m = _NUMBERED_TITLE.match(text)
        if m is None:
            continue
        end = next((i for i, lv, _ in headings[k + 1 :] if lv <= level), len(lines))
        body = "\n".join(lines[start:end]).strip()
        sections.append(Section(m.group(1), m.group(2).strip(), level, body))
    return title, tuple(sections)


# --- a small Markdown subset, everything else escaped -----------------------------

_LIST_ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")
#: Every tag :func:`to_html` may write; nothing else ever reaches the page.
HTML_TAGS = frozenset(
    {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "strong", "em", "code", "pre"}
    | {"table", "thead", "tbody", "tr", "th", "td", "blockquote"}
)


def to_html(markdown: str) -> str:
    """Render the Markdown subset the references use as an HTML fragment.

    Headings, paragraphs, ordered lists (keeping their numbers) and bulleted
    lists (nested by indentation), pipe tables, ``>`` quotes, fenced code,
    ``**bold**``, ``*italic*`` and ``code``. Any other markup, HTML included,
    is shown as text.

    >>> to_html("3. third\\n4. fourth\\n   - a detail")
    '<ol start="3">\\n<li>third</li>\\n<li>fourth\\n<ul>\\n<li>a detail</li>\\n</ul></li>\\n</ol>'
    >>> to_html("| a | b |\\n|---|---|\\n| 1 | <2> |")
    '<table>\\n<thead><tr><th>a</th><th>b</th></tr></thead>\\n<tbody>\\n<tr><td>1</td><td>&lt;2&gt;</td></tr>\\n</tbody>\\n</table>'
    """
    return "\n".join(html_block for _, html_block in _blocks(markdown.splitlines()))


def _blocks(lines: list[str]) -> list[tuple[str, str]]:
    """Each block of ``lines`` as (kind, html); kind "p" marks a paragraph."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.lstrip().startswith(_FENCE):
            end = next(
                (j for j in range(i + 1, len(lines)) if lines[j].lstrip().startswith(_FENCE)),
                len(lines),
            )
            indent = len(line) - len(line.lstrip())
            code = "\n".join(
                x[indent:] if not x[:indent].strip() else x.lstrip() for x in lines[i + 1 : end]
            )
            out.append(("pre", f"<pre><code>{_escape(code)}</code></pre>"))
            i = end + 1
        elif m := _HEADING.match(line):
            level = len(m.group(1))
            out.append(("h", f"<h{level}>{_inline(m.group(2))}</h{level}>"))
            i += 1
        elif line.lstrip().startswith("|"):
            end = _run(lines, i, lambda x: x.lstrip().startswith("|"))
            out.append(("table", _table(lines[i:end])))
            i = end
        elif line.lstrip().startswith(">"):
            end = _run(lines, i, lambda x: x.lstrip().startswith(">"))
            inner = [re.sub(r"^\s*>\s?", "", x) for x in lines[i:end]]
            out.append(("quote", f"<blockquote>\n{to_html(chr(10).join(inner))}\n</blockquote>"))
            i = end
        elif m := _LIST_ITEM.match(line):
            end = _list_end(lines, i, len(m.group(1)))
            out.append(("list", _list(lines[i:end])))
            i = end
        else:
            end = _run(lines, i, lambda x: bool(x.strip()) and not _starts_block(x))
            text = " ".join(x.strip() for x in lines[i:end])
            out.append(("p", f"<p>{_inline(text)}</p>"))
            i = end
    return out


def _starts_block(line: str) -> bool:
    stripped = line.lstrip()
    return bool(
        _HEADING.match(line) or _LIST_ITEM.match(line) or stripped.startswith((_FENCE, "|", ">"))
    )


def _run(lines: list[str], start: int, keep: Callable[[str], bool]) -> int:
    """The index after the run of lines from ``start`` that ``keep`` accepts."""
    end = start + 1
    while end < len(lines) and keep(lines[end]):
        end += 1
    return end


def _list_end(lines: list[str], start: int, indent: int) -> int:
    """Where the list starting at ``start`` (items at ``indent``) ends."""
    end = start + 1
    while end < len(lines):
        line = lines[end]
        if not line.strip():
            nxt = next((x for x in lines[end + 1 :] if x.strip()), None)
            if nxt is None or not _belongs(nxt, indent):
                break
        elif not _belongs(line, indent):
            break
        end += 1
    return end


def _belongs(line: str, indent: int) -> bool:
    """Whether a non-blank line continues a list whose items sit at ``indent``."""
    own = len(line) - len(line.lstrip())
    return own > indent or (own == indent and bool(_LIST_ITEM.match(line)))


def _list(lines: list[str]) -> str:
    first = _LIST_ITEM.match(lines[0])
    assert first is not None
    indent, marker = len(first.group(1)), first.group(2)
    items: list[list[str]] = []
    for line in lines:
        m = _LIST_ITEM.match(line)
        if m and len(m.group(1)) == indent:
            items.append([m.group(3)])
        else:
            items[-1].append(line)
    parts = []
    for item in items:
        rest = item[1:]
        depth = min((len(x) - len(x.lstrip()) for x in rest if x.strip()), default=0)
        blocks = _blocks([item[0], *(x[depth:] for x in rest)])
        # a first paragraph sits in the item directly ("tight" list item)
        head = blocks[0][1][3:-4] if blocks and blocks[0][0] == "p" else None
        body = "\n".join(h for _, h in (blocks[1:] if head is not None else blocks))
        inner = "\n".join(x for x in (head, body) if x)
        parts.append(f"<li>{inner}</li>")
    if marker[0].isdigit():
        start = int(marker[:-1])
        tag, attrs = "ol", "" if start == 1 else f' start="{start}"'
    else:
        tag, attrs = "ul", ""
    return f"<{tag}{attrs}>\n" + "\n".join(parts) + f"\n</{tag}>"


def _table(lines: list[str]) -> str:
    rows = [[c.strip() for c in x.strip().strip("|").split("|")] for x in lines]
    if len(rows) >= 2 and all(re.fullmatch(r":?-+:?", c) for c in rows[1] if c):
        head, body = rows[0], rows[2:]
    else:
        head, body = None, rows
    out = ["<table>"]
    if head is not None:
        out.append(
            "<thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr></thead>"
        )
    out.append("<tbody>")
    out += ["<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>" for row in body]
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _inline(text: str) -> str:
    """Escape ``text``, then mark up its code spans, bold and italic."""
    out = []
    for k, piece in enumerate(re.split(r"`([^`]+)`", text)):
        if k % 2:
            out.append(f"<code>{_escape(piece)}</code>")
            continue
        piece = _escape(piece)
        piece = re.sub(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", r"<strong>\1</strong>", piece)
        piece = re.sub(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])", r"<em>\1</em>", piece)
        out.append(piece)
    return "".join(out)
