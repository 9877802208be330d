"""Races at a table (issue 23 item 3): many threads and processes append to one table
at once, each a page of one of its seats (several pages per seat, as after reloads),
each choosing its own move. Exactly one append counts per move number: every
successful append is in the final record at its number, every number was won by one
of them, and every page ends on the same record, which replays.
"""

from __future__ import annotations

import multiprocessing
import random
import threading
from collections.abc import Callable

from railwidgets import offtherails
from railwidgets.tables import MovedFirst, Store, open_store

#: Moves played per race (an Off the Rails game of 2 is about 45 decisions).
MOVES = 30
PAGES = 6


def race(where: str, table_id: str, seat: int, token: str, page: int) -> list[tuple[int, str]]:
    """One page: play this seat's turns (a move of its own choosing) until ``MOVES``
    moves are on the table; the moves it appended, as (number, action as JSON)."""
    store = open_store(where)
    try:
        table = store.join(table_id, seat, token)
        choice = random.Random(page)
        won: list[tuple[int, str]] = []
        refused = 0
        while table.number < MOVES and not table.game.is_over:
            table.refresh()
            if table.game.current_player != seat or table.number >= MOVES:
                continue
            action = choice.choice(table.game.legal_actions())
            try:
                move = table.play(action)
            except MovedFirst:
                refused += 1
                continue
            won.append((move.number, str(move.action.to_dict())))
        return won
    finally:
        store.close()


def check(store: Store, table_id: str, results: list[list[tuple[int, str]]]) -> None:
    final = store.join(table_id)
    record = {m.number: str(m.action.to_dict()) for m in final.moves}
    won = [entry for result in results for entry in result]
    assert sorted(number for number, _ in won) == list(range(1, len(record) + 1))  # none doubled
    assert all(record[number] == action for number, action in won)  # none lost or changed
    assert len(record) >= MOVES
    replayed = offtherails.Game.from_json(final.game.to_json())
    assert replayed.to_json() == final.game.to_json()


def new_table(store: Store):
    return store.create(offtherails.Game(players=2, seed=13), ["human", "human"])


def test_23_3_many_threads_appending_to_one_table_lose_and_double_nothing(
    opener: Callable[[], Store], where: str
) -> None:
    store = opener()
    new = new_table(store)
    results: list[list[tuple[int, str]]] = [[] for _ in range(PAGES)]
    failures: list[BaseException] = []

    def page(index: int) -> None:
        try:
            seat = index % 2
            results[index] = race(where, new.id, seat, new.tokens[seat], index)
        except BaseException as err:  # shown by the assert below
            failures.append(err)

    threads = [threading.Thread(target=page, args=(i,)) for i in range(PAGES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    check(store, new.id, results)


def test_23_3_many_processes_appending_to_one_table_lose_and_double_nothing(
    opener: Callable[[], Store], where: str
) -> None:
    store = opener()
    new = new_table(store)
    jobs = [(where, new.id, i % 2, new.tokens[i % 2], i) for i in range(4)]
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        results = pool.starmap(race, jobs)
    check(store, new.id, results)
