"""A play page's heading: the game's name, who plays whom, and what to do first.

A Voilà play page (``notebooks/play-*.ipynb``) opens with :attr:`GameWidget.intro
<railwidgets.ui.seating.Seating.intro>` above the board rather than a Markdown cell:
it speaks the widget's language (``?lang=ru``) and it follows the seats, so it never
says "against two greedy bots" once a seat has been made Human (issue 24, issue 27
item 10).

>>> from railwidgets.i18n import N_
>>> print(intro_html(N_("Mini Rails"), N_("Click a disc."), ["Orange", "Blue"],
...                  [None, N_("Greedy bot")]))
<h1 class="railwidgets-intro-title">Mini Rails</h1><p>You play Orange against Blue (Greedy bot). Click a disc. Change a seat in the row of seats; <b>New game…</b> for more.</p>
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from railwidgets.i18n import N_, _

__all__ = ["intro_html"]

#: How a person changes who plays, the same on every page.
_CHANGE = N_("Change a seat in the row of seats; <b>New game…</b> for more.")


def _names(names: Sequence[str]) -> str:
    return ", ".join(names)


def _bots(bots: Sequence[tuple[str, str]]) -> str:
    return _names([_("{name} ({kind})").format(name=name, kind=kind) for name, kind in bots])


def who_plays(names: Sequence[str], bots: Sequence[str | None]) -> str:
    """Who plays whom, in one sentence in the language in use: ``names`` the players'
    (already said), ``bots`` each seat's bot in English words, ``None`` for a person.

    >>> who_plays(["Red", "Blue"], [None, None])
    'Red and Blue take turns at this device (hot seat).'
    >>> who_plays(["Red", "Blue", "Green"], ["Greedy bot", None, None])
    'Blue and Green take turns at this device (hot seat), against Red (Greedy bot).'
    >>> who_plays(["Red", "Blue"], ["Greedy bot", "Greedy bot"])
    'Bots play every seat: Red (Greedy bot), Blue (Greedy bot).'
    """
    seats = list(zip(names, bots, strict=True))
    people = [name for name, bot in seats if bot is None]
    played = [(name, _(bot)) for name, bot in seats if bot is not None]
    if not people:
        return _("Bots play every seat: {bots}.").format(bots=_bots(played))
    if len(people) == 1:
        if not played:
            return _("You play {name}.").format(name=people[0])
        return _("You play {name} against {bots}.").format(name=people[0], bots=_bots(played))
    together = _("{names} and {last}").format(names=_names(people[:-1]), last=people[-1])
    if not played:
        return _("{people} take turns at this device (hot seat).").format(people=together)
    return _("{people} take turns at this device (hot seat), against {bots}.").format(
        people=together, bots=_bots(played)
    )


def intro_html(
    title: str, first_steps: str, names: Sequence[str], bots: Sequence[str | None]
) -> str:
    """The heading (HTML): ``title`` and ``first_steps`` (which may hold ``<b>``) are
    English, said here; the rest as :func:`who_plays`."""
    steps = _(first_steps) if None in bots else ""  # nothing to do while bots play
    line = " ".join(part for part in (escape(who_plays(names, bots)), steps, _(_CHANGE)) if part)
    return f'<h1 class="railwidgets-intro-title">{escape(_(title))}</h1><p>{line}</p>'
