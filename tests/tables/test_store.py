"""The table store (issue 23 item 1), one suite run against SQLite and PostgreSQL.

Each test is named after the issue's item it checks: 23.1 the store, 23.3 reliability,
23.4 what is protected. Races are in test_races.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest

from railwidgets import offtherails, twistytracks
from railwidgets.core.bots import RandomBot
from railwidgets.core.errors import IllegalActionError
from railwidgets.tables import (
    MovedFirst,
    SeatRefused,
    Store,
    StoreTooNew,
    StoreUnavailable,
    TableDamaged,
    UnknownTable,
    open_store,
)
from railwidgets.tables.store import token_hash

Opener = Callable[[], Store]


def two_seats(store: Store, game: object = None):
    game = game if game is not None else twistytracks.Game(players=2, seed=4)
    new = store.create(game, ["human", "human"])
    return new, store.join(new.id, 0, new.tokens[0]), store.join(new.id, 1, new.tokens[1])


def wait_for_change(table, seconds: float = 10.0) -> bool:
    """Poll ``table.changed()`` as a page does (PostgreSQL's notification may take a moment)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if table.changed():
            return True
        time.sleep(0.02)
    return False


def test_23_1_a_move_reaches_every_kernel_and_replays_to_the_same_record(opener: Opener) -> None:
    one, two, watcher = opener(), opener(), opener()
    new = one.create(offtherails.Game(players=2, seed=9), ["human", "human"])
    tables = [one.join(new.id, 0, new.tokens[0]), two.join(new.id, 1, new.tokens[1])]
    spectator = watcher.join(new.id)
    reference = offtherails.Game(players=2, seed=9)
    bot = RandomBot(seed=3)
    while not reference.is_over:
        seat = reference.current_player
        action = bot.choose(reference.copy())
        reference.apply(action)
        tables[seat].play(action)
        tables[1 - seat].refresh()
    spectator.refresh()
    assert [t.game.to_json() for t in (*tables, spectator)] == [reference.to_json()] * 3
    assert [m.number for m in spectator.moves] == list(range(1, len(reference.history) + 1))
    # a kernel that joins now (a reload) comes caught up
    assert opener().join(new.id, 0, new.tokens[0]).game.to_json() == reference.to_json()


def test_23_1_the_other_kernel_learns_a_move_was_made(opener: Opener) -> None:
    new, first, _ = two_seats(opener())
    second = opener().join(new.id, 1, new.tokens[1])
    while second.changed():  # whatever it had not heard yet
        pass
    first.play(first.game.legal_actions()[0])
    assert wait_for_change(second)
    assert [m.number for m in second.refresh()] == [1]


def test_23_1_an_append_names_the_move_it_follows_and_the_second_is_refused(opener: Opener) -> None:
    new = opener().create(offtherails.Game(players=2, seed=2), ["human", "human"])
    page, reloaded = (opener().join(new.id, 0, new.tokens[0]) for _ in range(2))
    legal = page.game.legal_actions()
    played = page.play(legal[0])
    with pytest.raises(MovedFirst) as refused:
        reloaded.play(legal[-1])  # the same seat in another page, one move behind
    assert (refused.value.seat, refused.value.number) == (0, 1)
    assert "moved first (move 1)" in str(refused.value)
    assert reloaded.moves == [played]  # caught up: the move that counted, once
    assert reloaded.game.to_json() == page.game.to_json()


def test_23_1_an_illegal_move_or_another_seats_turn_is_refused_and_changes_nothing(
    store: Store,
) -> None:
    _, first, second = two_seats(store, offtherails.Game(players=2, seed=1))
    before = first.game.to_json()
    with pytest.raises(SeatRefused, match="not your turn"):
        second.play(second.game.legal_actions()[0])
    other = offtherails.Game(players=2, seed=1)
    other.apply(other.legal_actions()[0])
    with pytest.raises(IllegalActionError):
        first.play(other.legal_actions()[0])  # legal only a move later
    assert first.refresh() == [] and first.game.to_json() == before


def test_23_1_tokens_are_checked_and_kept_only_as_hashes(opener: Opener, where: str) -> None:
    store = opener()
    new = store.create(twistytracks.Game(players=3, seed=1), ["human", "human", "greedy"])
    assert sorted(new.tokens) == [0, 1] and len(set(new.tokens.values())) == 2
    errors = []
    for seat, token in [(0, None), (0, ""), (0, new.tokens[1]), (1, "x" * 24), (2, new.tokens[0])]:
        with pytest.raises(SeatRefused) as refused:
            store.join(new.id, seat, token)
        errors.append(str(refused.value))
    with pytest.raises(SeatRefused):
        store.join(new.id, None, new.tokens[0])  # a token without its seat
    with pytest.raises(SeatRefused, match="has seats 0–2"):
        store.join(new.id, 3, new.tokens[0])
    assert "needs its token" in errors[0] and "not the token of" in errors[2]
    assert "played by a bot" in errors[4]
    table = store.join(new.id, 1, new.tokens[1])
    shown = " ".join([*errors, repr(new), repr(table), repr(store), str(vars(table))])
    assert not any(token in shown for token in new.tokens.values())
    # the database holds the hashes, never a token
    with store.transaction(write=False) as execute:
        stored = json.dumps(
            [list(map(str, row)) for row in execute("SELECT * FROM railwidgets_seats")]
        )
        everything = stored + json.dumps(
            [list(map(str, row)) for row in execute("SELECT * FROM railwidgets_tables")]
        )
    assert token_hash(new.tokens[0]) in stored
    assert not any(token in everything for token in new.tokens.values())


def test_23_1_a_spectator_sees_what_the_rules_show_everyone_and_cannot_play(store: Store) -> None:
    new, first, _ = two_seats(store)
    first.play(first.game.legal_actions()[0])  # seat 0 places in secret (rule 4)
    spectator = store.join(new.id)
    assert spectator.game.history == first.game.history
    assert spectator.view() == spectator.game.shown(None)
    assert spectator.view()["players"][0]["placement"] is None  # the placement stays hidden
    assert first.view()["players"][0]["placement"] is not None  # its own seat sees it
    with pytest.raises(SeatRefused, match="spectator cannot play"):
        spectator.play(spectator.game.legal_actions()[0])
    assert spectator.bot_turn() is None


def test_23_1_an_unknown_table_or_a_table_of_another_game_is_refused(store: Store) -> None:
    new = store.create(offtherails.Game(players=2, seed=1), ["human", "human"])
    with pytest.raises(UnknownTable, match="there is no table 'nosuch'"):
        store.join("nosuch", 0, new.tokens[0])
    with pytest.raises(UnknownTable, match="not a table id"):
        store.join("../etc; DROP", 0, new.tokens[0])
    with pytest.raises(UnknownTable, match="plays Off the Rails, not Twisty Tracks"):
        store.join(new.id, 0, new.tokens[0], game=twistytracks.Game)
    assert store.join(new.id, 0, new.tokens[0], game=offtherails.Game).seat == 0
    with pytest.raises(ValueError, match="already"):
        store.create(offtherails.Game(players=2), ["human", "human"], table_id=new.id)
    with pytest.raises(ValueError, match="needs 2 seats"):
        store.create(offtherails.Game(players=2), ["human"])
    with pytest.raises(ValueError, match="not 'wizard'"):
        store.create(offtherails.Game(players=2), ["human", "wizard"])
    assert store.table_ids() == [new.id]  # nothing half made


@pytest.mark.parametrize(
    "tamper",
    [
        'UPDATE railwidgets_moves SET action = \'{"kind": "fly"}\' WHERE number = 2',
        "UPDATE railwidgets_moves SET action = 'not json' WHERE number = 2",
        "UPDATE railwidgets_moves SET seat = 1 - seat WHERE number = 2",
        "DELETE FROM railwidgets_moves WHERE number = 2",
        'UPDATE railwidgets_tables SET head = \'{"game": "offtherails"}\'',
    ],
    ids=["unknown-action", "not-json", "wrong-seat", "missing-move", "bad-head"],
)
def test_23_1_a_tampered_row_marks_the_table_damaged(opener: Opener, tamper: str) -> None:
    store = opener()
    new = store.create(offtherails.Game(players=2, seed=5), ["human", "human"])
    tables = [store.join(new.id, seat, new.tokens[seat]) for seat in (0, 1)]
    reference = offtherails.Game(players=2, seed=5)
    for _ in range(3):
        action = reference.legal_actions()[0]
        tables[reference.current_player].play(action)
        reference.apply(action)
    earlier = opener().join(new.id, 1, new.tokens[1])  # a page that joined before
    with store.transaction(write=True) as execute:
        execute(tamper)
    with pytest.raises(TableDamaged, match="is damaged: ") as damaged:
        opener().join(new.id, 0, new.tokens[0])
    assert "Traceback" not in str(damaged.value)
    with pytest.raises(TableDamaged):
        opener().join(new.id)  # spectators too
    with pytest.raises(TableDamaged):
        earlier.refresh()  # it is marked: every kernel stops
    with pytest.raises(TableDamaged):
        tables[reference.current_player].play(reference.legal_actions()[0])
    with store.transaction(write=False) as execute:
        assert execute("SELECT damaged FROM railwidgets_tables")[0][0]


def test_23_1_bots_at_a_table_play_the_same_move_in_every_kernel_and_it_counts_once(
    opener: Opener,
) -> None:
    new = opener().create(
        twistytracks.Game(players=3, seed=8), ["human", "greedy", "random"], bot_seed=11
    )
    pages = [opener().join(new.id, 0, new.tokens[0]) for _ in range(2)]
    reference = twistytracks.Game(players=3, seed=8)
    pages[0].play(reference.legal_actions()[0])
    reference.apply(reference.legal_actions()[0])
    pages[1].refresh()
    turns = [page.bot_turn() for page in pages]
    assert all(turn is not None and turn.seat == 1 for turn in turns)
    actions = [turn.choose() for turn in turns]
    assert actions[0] == actions[1]  # from the bot seed, the seat and the move number
    moves = [
        page.play_bot(turn, action)
        for page, turn, action in zip(pages, turns, actions, strict=True)
    ]
    assert moves[0] is not None and moves[1] is None  # the second kernel was too late
    assert pages[1].moves == pages[0].moves
    # another table with the same bot seed plays the same bots' moves
    again = opener().create(
        twistytracks.Game(players=3, seed=8), ["human", "greedy", "random"], bot_seed=11
    )
    replay = opener().join(again.id, 0, again.tokens[0])
    replay.play(pages[0].moves[0].action)
    assert replay.play_bot() == moves[0]


def test_23_3_a_store_of_a_newer_layout_is_refused(opener: Opener) -> None:
    store = opener()
    with store.transaction(write=True) as execute:
        execute("UPDATE railwidgets_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(StoreTooNew, match=r"newer railwidgets \(store layout 99"):
        opener()


def test_23_3_a_store_that_cannot_be_reached_is_said_clearly(tmp_path, postgres_url: str) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreUnavailable, match="cannot be opened"):
        open_store(str(tmp_path / "file" / "tables.sqlite3"))
    secret = "s3cr3t-Passw0rd"
    with pytest.raises(StoreUnavailable, match="cannot be reached") as gone:
        open_store(f"postgresql://ann:{secret}@/games?host={tmp_path}/nowhere")
    assert secret not in str(gone.value)


def test_23_3_a_lost_postgresql_connection_is_refused_then_reopened(postgres_url: str) -> None:
    import psycopg

    from tests.tables.conftest import fresh_database

    store = open_store(fresh_database(postgres_url))
    _, first, second = two_seats(store)
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
            " AND datname <> 'postgres'"
        )
    with pytest.raises(StoreUnavailable, match="trying again"):
        first.play(first.game.legal_actions()[0])
    assert first.moves == []  # nothing half done
    move = first.play(first.game.legal_actions()[0])  # the next try reconnects
    assert second.refresh() == [move]
    store.close()
