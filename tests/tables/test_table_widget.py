"""Widgets at a table (issue 23 item 2 and 3), without a browser: each widget is one
person's page with its own connection to the store, driven as a browser would (plain
Python has no event loop, so ``table_sync`` stands for the page's 200 ms poll).
Run against SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import ipywidgets
import pytest

from railwidgets import OffTheRailsWidget, TwistyTracksWidget, offtherails, twistytracks
from railwidgets.tables import Store, StoreUnavailable, TableError
from railwidgets.ui.controls import tree
from railwidgets.ui.table_play import table_query, table_widget

Opener = Callable[[], Store]


def wait_sync(widget, seconds: float = 10.0) -> list:
    """The page's poll, until something arrives (PostgreSQL's notification may take a moment)."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        new = widget.table_sync()
        if new:
            return new
        time.sleep(0.02)
    return []


def twisty_table(opener: Opener, seats=("human", "human")):
    store = opener()
    new = store.create(twistytracks.Game(players=len(seats), seed=2), list(seats), bot_seed=1)
    pages = [
        TwistyTracksWidget(table=new.id, seat=s, token=new.tokens[s], store=opener(), animate=False)
        for s in sorted(new.tokens)
    ]
    return new, pages


def state_text(widget) -> str:
    return json.dumps([w.get_state() for w in tree(widget)], default=str)


def test_23_2_each_page_shows_its_own_seat_and_a_secret_placement_stays_secret(
    opener: Opener,
) -> None:
    _, (west, meadows) = twisty_table(opener)
    west.play(west.game.legal_actions()[0])  # placed in secret (rule 4)
    assert wait_sync(meadows)
    assert meadows.seen() == meadows.game.view(1)
    assert meadows.seen()["players"][0]["placement"] is None
    assert west.seen()["players"][0]["placement"] is not None
    assert west.to_svg() != meadows.to_svg()
    assert not west.covered and not meadows.covered  # no hot-seat cover at a table
    meadows.play(meadows.game.legal_actions()[0])  # the round is revealed to both
    assert wait_sync(west)
    assert west.game.to_json() == meadows.game.to_json()
    assert west.seen()["round"] == 2 and west.seen()["players"][1]["placement"] is None
    assert "Meadows placed" in west.recent_view.value  # what moved since your turn


def test_23_2_the_line_says_whose_turn_and_who_is_connected(opener: Opener) -> None:
    _, (west, meadows) = twisty_table(opener)
    meadows._table_here_at = 0.0  # (its next poll reads who is here now)
    meadows.table_sync()
    assert "Waiting for Wild West to play" in meadows.status_text
    line = meadows.table_line.value
    assert "Meadows (you)" in line and "● Wild West" in line and "Wild West to play" in line
    assert "Round 1, your turn" in west.status_text


def test_23_3_two_pages_of_one_seat_the_second_is_told_who_moved_first(opener: Opener) -> None:
    store = opener()
    new = store.create(offtherails.Game(players=2, seed=3), ["human", "human"])
    page, again = (
        OffTheRailsWidget(table=new.id, seat=0, token=new.tokens[0], store=opener(), animate=False)
        for _ in range(2)
    )
    legal = page.game.legal_actions()
    assert page.play(legal[0])
    assert not again.play(legal[-1])
    assert again.status_error and "moved first (move 1)" in again.status_text
    assert again.game.to_json() == page.game.to_json()  # it sees the new board
    assert len(again.game.history) == 1


def test_23_3_a_reload_rejoins_the_same_game(opener: Opener) -> None:
    new, (west, _meadows) = twisty_table(opener)
    west.play(west.game.legal_actions()[0])
    record = west.game.to_json()
    west.close()
    reloaded = TwistyTracksWidget(table=new.id, seat=0, token=new.tokens[0], store=opener())
    assert reloaded.game.to_json() == record
    assert reloaded.seen()["players"][0]["placement"] is not None  # its own secret, kept
    assert "Waiting for Meadows" in reloaded.status_text


def test_23_4_a_wrong_token_is_refused_and_no_token_reaches_a_page(opener: Opener) -> None:
    new, (west, _) = twisty_table(opener)
    alive = len(ipywidgets.widgets.widget._instances)
    with pytest.raises(TableError, match="not the token of Seat 2"):
        TwistyTracksWidget(table=new.id, seat=1, token=new.tokens[0], store=opener())
    assert len(ipywidgets.widgets.widget._instances) == alive  # nothing left behind
    refused = table_widget(f"table={new.id}&seat=1&token=wrong{new.tokens[0]}", store=opener())
    assert "not the token of Seat 2" in state_text(refused)
    assert new.tokens[0] not in state_text(refused)
    assert not any(token in state_text(west) for token in new.tokens.values())
    with pytest.raises(TableError, match="plays Twisty Tracks, not Off the Rails"):
        OffTheRailsWidget(table=new.id, seat=0, token=new.tokens[0], store=opener())


def test_23_2_a_spectator_watches_what_everyone_sees(opener: Opener) -> None:
    new, (west, _) = twisty_table(opener)
    west.play(west.game.legal_actions()[0])
    page = table_widget(f"table={new.id}", store=opener())
    watcher = page.children[0]
    assert isinstance(watcher, TwistyTracksWidget)
    assert watcher.seen() == watcher.game.shown(None)
    assert watcher.seen()["players"][0]["placement"] is None
    watcher.play(watcher.game.legal_actions()[0])
    assert watcher.status_error and "spectator cannot play" in watcher.status_text
    assert len(watcher.game.history) == 1


def test_23_2_undo_and_save_wait_at_a_table(opener: Opener) -> None:
    _, (west, _) = twisty_table(opener)
    west.play(west.game.legal_actions()[0])
    assert west.undo_button.disabled and west.save_button.disabled
    west.save()
    assert west.status_error and "Save waits for the end of the game" in west.status_text


def test_23_1_bots_at_a_table_play_from_a_seated_page(opener: Opener) -> None:
    _new, (west, meadows) = twisty_table(opener, seats=("human", "human", "greedy"))
    west.play(west.game.legal_actions()[0])
    meadows.table_sync()
    meadows.play(meadows.game.legal_actions()[0])  # then the bot's turn: this page plays it
    assert [m.seat for m in meadows.table.moves] == [0, 1, 2]
    assert wait_sync(west) and west.game.to_json() == meadows.game.to_json()


def test_23_2_play_at_a_table_from_new_game_makes_a_link_per_human_seat(
    opener: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ann/")
    widget = OffTheRailsWidget(players=2, seats=["human", "greedy"], animate=False)
    widget.settings.read = lambda: (3, 5, {}, ["human", "greedy", "human"])
    store = opener()
    table = widget.create_table(store)
    assert widget.table is table and table.seat == 0 and table.seats == ("human", "greedy", "human")
    links = widget.table_links.value
    assert f"/user/ann/voila/render/notebooks/play-table.ipynb?table={table.id}&amp;seat=2" in links
    assert "getpass(" in links  # the code line asks for the token: never saved in a notebook
    query = links.split("seat=2&amp;token=")[1].split("'")[0]
    joined = table_widget(f"table={table.id}&seat=2&token={query}", store=opener()).children[0]
    assert joined.table.seat == 2 and joined.game.to_json() == widget.game.to_json()
    widget.hide_links_button.click()
    assert query not in state_text(widget)  # the other seats' tokens are gone from the page


def test_23_3_a_store_that_stops_answering_is_said_and_tried_again(opener: Opener) -> None:
    _, (west, meadows) = twisty_table(opener)
    real = meadows.table.store.changed

    def gone(table_id: str) -> bool:
        raise StoreUnavailable("the table store x cannot be reached (gone); trying again")

    meadows.table.store.changed = gone
    assert meadows.table_sync() == []
    assert meadows.status_error and "cannot be reached" in meadows.status_text
    assert "cannot be reached" in meadows.table_line.value
    west.play(west.game.legal_actions()[0])
    meadows.table.store.changed = real
    meadows._table_retry_at = 0.0  # (the retry's time has come)
    assert wait_sync(meadows)
    assert "answers again" in meadows.status_text or not meadows.status_error
    assert meadows.table_problem == "" and len(meadows.game.history) == 1


def test_23_3_a_damaged_table_is_said_and_nothing_is_played(opener: Opener) -> None:
    _, (west, meadows) = twisty_table(opener)
    west.play(west.game.legal_actions()[0])
    with west.table.store.transaction(write=True) as execute:
        execute('UPDATE railwidgets_moves SET action = \'{"kind": "x"}\'')
    meadows._table_retry_at = 0.0
    meadows.table.store.changed = lambda table_id: True  # (the tampering wrote no notification)
    meadows.table_sync()
    assert meadows.status_error and "is damaged" in meadows.status_text
    assert meadows.game.history == ()


def test_23_2_the_query_string_voila_passes_is_read() -> None:
    assert table_query("?table=t1&seat=0&token=abc") == ("t1", 0, "abc")
    with pytest.raises(TableError, match="must be a number"):
        table_query("table=t1&seat=x")
    page = table_widget("")
    assert "open it with a seat" in state_text(page)


def test_23_2_other_seats_moves_arrive_by_themselves_on_the_kernels_loop(opener: Opener) -> None:
    """With an event loop (a kernel's), nobody calls ``table_sync``: the page's poll (and,
    with PostgreSQL, its watch of the listening socket) brings the move in."""

    async def play() -> tuple[str, str, int]:
        _, (west, meadows) = twisty_table(opener)
        west.play(west.game.legal_actions()[0])
        for _ in range(500):  # up to 10 s
            if meadows.game.history:
                break
            await asyncio.sleep(0.02)
        result = (west.game.to_json(), meadows.game.to_json(), len(meadows.game.history))
        west.close()
        meadows.close()
        return result

    west_record, meadows_record, moves = asyncio.run(play())
    assert moves == 1 and meadows_record == west_record
