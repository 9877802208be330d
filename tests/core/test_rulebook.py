"""The rules references: every number the code cites opens a section, and the HTML is safe."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from railwidgets import minirails, offtherails, twistytracks
from railwidgets.core.errors import IllegalActionError
from railwidgets.core.rulebook import GAMES, HTML_TAGS, RuleBook, UnknownRuleError, to_html
from railwidgets.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
ENGINES = {"minirails": minirails, "twistytracks": twistytracks, "offtherails": offtherails}
NOTEBOOK_STEM = {
    "minirails": "mini-rails",
    "twistytracks": "twisty-tracks",
    "offtherails": "off-the-rails",
}
# "DESIGN.md §4" names a part of the design notes, not a rule
NOT_RULES = re.compile(r"DESIGN\.md §\d+(?:\.\d+)*")


def cited_in_repository(game: str) -> dict[str, list[str]]:
    """Every rule number cited in the game's code, its tests and its notebooks, and where."""
    book = RuleBook.for_game(game)
    files = [*(ROOT / "railwidgets" / game).rglob("*.py"), *(ROOT / "tests" / game).rglob("*.py")]
    texts = {str(p.relative_to(ROOT)): p.read_text("utf-8") for p in files}
    for nb in (ROOT / "notebooks").glob(f"*{NOTEBOOK_STEM[game]}*.ipynb"):
        cells = json.loads(nb.read_text("utf-8"))["cells"]
        texts[str(nb.relative_to(ROOT))] = "\n".join("".join(c["source"]) for c in cells)
    where: dict[str, list[str]] = {}
    for name, text in texts.items():
        for number in book.cited(NOT_RULES.sub("", text)):
            where.setdefault(number, []).append(name)
    return where


@pytest.mark.parametrize("game", GAMES)
def test_every_number_cited_in_code_tests_and_notebooks_opens_a_section(game: str) -> None:
    book = RuleBook.for_game(game)
    where = cited_in_repository(game)
    assert len(where) >= 10, f"the scan found only {sorted(where)}"
    missing = {n: files for n, files in where.items() if n not in book}
    assert not missing, f"cited but not in {game}/reference.md: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_section_numbers_are_unique_and_every_section_says_something(game: str) -> None:
    text = (ROOT / "railwidgets" / game / "reference.md").read_text("utf-8")
    outside_code = re.sub(r"```.*?```", "", text, flags=re.S)
    heading_numbers = re.findall(r"^#+\s+(§\d+(?:\.\d+)*|[A-Z]-?\d+[a-z]?)\s", outside_code, re.M)
    twice = [n for n, k in Counter(heading_numbers).items() if k > 1]
    assert not twice
    book = RuleBook.for_game(game)
    assert [s.number for s in book.sections] == heading_numbers
    for s in book.sections:
        assert s.title, s.number
        body = s.markdown.split("\n", 1)[1] if "\n" in s.markdown else ""
        assert len(body.strip()) >= 20, f"{s.number} has no text of its own"


@pytest.mark.parametrize("game", GAMES)
def test_designed_choices_are_numbered_without_gaps_and_flagged(game: str) -> None:
    book = RuleBook.for_game(game)
    designed = [s for s in book.sections if re.fullmatch(r"D-?\d+", s.number)]
    numbers = [int(re.sub(r"\D", "", s.number)) for s in designed]
    assert numbers == list(range(1, len(numbers) + 1))
    assert book.section("§3").markdown.count("\n### D") == len(designed)
    # the rules themselves say where a choice is ours
    assert book.markdown.count("**Our choice") >= 5


def test_a_duplicated_number_is_refused() -> None:
    with pytest.raises(ValueError, match="more than one section §1"):
        RuleBook("demo", "# Demo\n\n## §1 One\ntext\n\n## §1 Again\ntext\n")


def test_lookups_fall_back_to_the_nearest_parent_and_refuse_unknown_numbers() -> None:
    book = RuleBook.for_game("minirails")
    assert book.section("§2.8.5").number == "§2.8.5"
    assert book.section("§2.8.5.1").number == "§2.8.5"
    assert book.section("§2.8.9").number == "§2.8"
    assert book.section("D12a").number == "D12"
    assert "§2.8.9" in book and "§9" not in book and 7 not in book
    for bad in ("§9", "D99", "R25", ""):
        with pytest.raises(UnknownRuleError):
            book.section(bad)
    assert issubclass(UnknownRuleError, ValueError)
    with pytest.raises(UnknownRuleError, match="no rules reference for 'chess'"):
        RuleBook.for_game("chess")
    assert RuleBook.for_game("minirails") is book


def test_a_section_holds_its_subsections_and_ends_at_the_next_of_its_level() -> None:
    book = RuleBook.for_game("minirails")
    round_ = book.section("§2.7").markdown
    assert (
        "§2.7.4 Your turn" in round_
        and "§2.7.11" in round_
        and "§2.8" not in round_.splitlines()[-1]
    )
    assert not re.search(r"^#+ §2\.8 ", round_, re.M)
    assert book.section("§2.7.4").markdown.startswith("#### §2.7.4 Your turn\n")


def test_cited_finds_each_number_once_in_order_and_ignores_lookalikes() -> None:
    mini = RuleBook.for_game("minirails")
    text = "§2.7.4: slot (§2.7.4, D12a); colour #D81B60, board D1; see §2.8."
    assert mini.cited(text) == ["§2.7.4", "D12a", "D1", "§2.8"]
    assert mini.cited("no citation here, not even R25") == []
    assert [s.number for s in mini.explain("(§2.8.1, §2.8.1.3, §9)")] == ["§2.8.1"]


# --- HTML ------------------------------------------------------------------------------


class TagCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


def tags_of(fragment: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    parser = TagCollector()
    parser.feed(fragment)
    return parser.tags


def assert_only_our_markup(fragment: str) -> None:
    for tag, attrs in tags_of(fragment):
        assert tag in HTML_TAGS, tag
        assert all(name == "start" and tag == "ol" and value.isdigit() for name, value in attrs)


HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "**<b onclick=x>bold</b>**",
    "`<code>` and ``` fences",
    "- <li>item</li>\n- [link](javascript:alert(1))",
    "| <th>x</th> | y |\n|---|---|\n| <td> | \" ' & |",
    "> <blockquote>quoted</blockquote>",
    "```\n</code></pre><script>x</script>\n```",
    "# <h1>title</h1>",
    '1. <ol start="1" onload=x>',
]


@pytest.mark.parametrize("text", HOSTILE)
def test_no_raw_html_passes_through(text: str) -> None:
    out = to_html(text)
    assert_only_our_markup(out)
    assert "<script" not in out and "onerror=" not in out.replace("onerror=&quot;", "")


def test_the_markdown_subset_renders_as_promised() -> None:
    assert to_html("# T\n\nA *b* **c** `d<e>`") == (
        "<h1>T</h1>\n<p>A <em>b</em> <strong>c</strong> <code>d&lt;e&gt;</code></p>"
    )
    assert (
        to_html("7. seventh\n8. eighth")
        == '<ol start="7">\n<li>seventh</li>\n<li>eighth</li>\n</ol>'
    )
    assert to_html("- a\n  - b\n- c") == (
        "<ul>\n<li>a\n<ul>\n<li>b</li>\n</ul></li>\n<li>c</li>\n</ul>"
    )
    assert to_html("```\n  x  <y>\n```") == "<pre><code>  x  &lt;y&gt;</code></pre>"
    assert to_html("> **Our choice.** Why.") == (
        "<blockquote>\n<p><strong>Our choice.</strong> Why.</p>\n</blockquote>"
    )
    assert to_html("2 * 3 * 4 and snake_case_names") == "<p>2 * 3 * 4 and snake_case_names</p>"


@pytest.mark.parametrize("game", GAMES)
def test_every_section_renders_with_our_markup_only(game: str) -> None:
    book = RuleBook.for_game(game)
    for s in book.sections:
        out = s.html()
        assert_only_our_markup(out)
        assert out.startswith(f"<h{s.level}>{s.number} ")
        assert "**" not in out and "`" not in out, f"{s.number}: markup left over"


# --- real refusals -----------------------------------------------------------------------


def odd_values(value: object) -> list[object]:
    """Values of the same type as ``value`` that rules may refuse."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 99]
    if isinstance(value, str):
        return [value[::-1], value + value[:1], "pink"]
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        return [tuple(v + 1 for v in value), tuple(-v - 1 for v in value), tuple(9 for _ in value)]
    return []


def refusals(game: str, seeds: range, players: int) -> list[str]:
    """The messages of illegal actions tried along random games.

    The illegal actions are legal ones of earlier positions, and legal ones with one
    field changed (to another legal action's value, or to an odd value of its type).
    """
    messages: list[str] = []
    for seed in seeds:
        rng = random.Random(seed)
        g = ENGINES[game].Game(players=players, seed=seed)
        earlier: list[object] = []
        while not g.is_over:
            legal = g.legal_actions()
            tries = rng.sample(earlier, min(3, len(earlier)))
            for action in rng.sample(legal, min(3, len(legal))):
                for field in dataclasses.fields(action):
                    value = getattr(action, field.name)
                    others = [
                        getattr(a, field.name, value) for a in legal if type(a) is type(action)
                    ]
                    for new in [*odd_values(value), *rng.sample(others, min(2, len(others)))]:
                        tries.append(dataclasses.replace(action, **{field.name: new}))
            for action in tries:
                if action not in legal:
                    with pytest.raises(IllegalActionError) as refused:
                        g.apply(action)
                    messages.append(str(refused.value))
            earlier = [*earlier[-40:], *legal[:8]]
            g.apply(rng.choice(legal))
    return messages


@pytest.mark.parametrize(
    ("game", "players"),
    [("minirails", 3), ("twistytracks", 2), ("offtherails", 2), ("offtherails", 1)],
)
def test_refusals_of_real_illegal_actions_cite_numbers_that_open_sections(
    game: str, players: int
) -> None:
    book = RuleBook.for_game(game)
    messages = refusals(game, range(2), players)
    citing = [m for m in messages if book.cited(m)]
    assert len(citing) >= 10, messages[:10]
    for message in citing:
        for number in book.cited(message):
            assert number in book, f"{message!r} cites {number}, which the reference lacks"
        assert book.explain(message)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize("game", GAMES)
def test_24_2_each_reference_in_each_language_has_the_english_sections(
    game: str, lang: str
) -> None:
    """Issue 24 item 2: the same numbers, at the same levels, in the same order, and the
    same rules cited, so a citation in any language opens the same section."""
    english, other = RuleBook.for_game(game), RuleBook.for_game(game, lang)
    assert [(s.number, s.level) for s in other.sections] == [
        (s.number, s.level) for s in english.sections
    ]
    assert all(s.title for s in other.sections)  # every title said, not just a number
    assert set(other.cited(other.markdown)) == set(english.cited(english.markdown))
    assert other.markdown.count("§") >= english.markdown.count("§") * 0.9
    differ = [s.number for s in english.sections if s.title == other.section(s.number).title]
    assert len(differ) <= len(english.sections) // 10, f"titles left in English: {differ}"
