"""Issue 26 (second audit): what a seat may not know never reaches its screen through
Save, the status line, the bots' luck or a stale hint (items 1, 2, 3 and 5)."""

from __future__ import annotations

import asyncio
import json

import ipywidgets
import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets import offtherails as otr
from railwidgets.core.bots import handed
from railwidgets.core.search import SearchBot
from railwidgets.offtherails import scenarios
from railwidgets.ui.saving import SAVED_FILE_HOLDS


def saved(w, save=None) -> list[dict]:
    """What the page was handed to download while ``save`` (default: pressing Save) ran:
    each file's ``{"method", "name", "text"}``."""
    sent: list[dict] = []
    original = w.files.page.send
    w.files.page.send = lambda content, buffers=None: sent.append(content)
    try:
        (save or w.save_button.click)()
    finally:
        w.files.page.send = original
    return sent


def place_first_lit(w: TwistyTracksWidget) -> None:
    if w.covered:
        w.ready_button.click()
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()


# -- item 1: Save in hot-seat -----------------------------------------------------------------


def test_26_1_save_waits_while_a_twisty_tracks_placement_is_pending_between_people() -> None:
    w = TwistyTracksWidget(players=3, seed=8, seats=["human", "human", "human"], animate=False)
    assert not w.save_button.disabled
    place_first_lit(w)  # Wild West places in secret; the device goes to Meadows
    assert w.covered and w.save_button.disabled
    w.ready_button.click()
    assert w.viewer == 1 and w.save_button.disabled
    assert "a saved file holds the whole game" in w.save_button.tooltip
    assert saved(w, w.save) == []  # from Python too: refused, with the reason, no file
    assert w.status_error and "Save waits" in w.status_text
    place_first_lit(w)
    place_first_lit(w)  # the third placement: the round is revealed
    if w.covered:
        w.ready_button.click()
    assert not w.save_button.disabled
    (file,) = saved(w)
    assert json.loads(file["text"])["actions"] == json.loads(w.game.to_json())["actions"]
    assert SAVED_FILE_HOLDS in w.status_text  # what a saved file holds, said as it saves


def test_26_1_save_waits_while_an_off_the_rails_split_waits_for_the_pick() -> None:
    w = OffTheRailsWidget(game=scenarios.rear_end(), seats=["human", "human"])
    w.game.apply(otr.EndActions())
    w.set_game(w.game)
    w.ready_button.click()  # Green, whose cart was hit, splits
    w.game.apply(otr.SplitLoad(("gold",), ("ruby", "emerald")))
    w.set_game(w.game)
    w.ready_button.click()  # Red is to pick a pile blind
    assert w.viewer == 0 and w.save_button.disabled
    w.game.apply(otr.PickPile("A"))
    w.set_game(w.game)
    if w.covered:
        w.ready_button.click()
    assert not w.save_button.disabled  # the pick revealed the piles


def test_27_5_save_is_one_step_and_leaves_nothing_of_the_record_on_the_page() -> None:
    """Save hands the page the file at once; the record is in no widget's state, so
    nothing of it is left for the next person at the device, nor in a saved notebook."""
    w = TwistyTracksWidget(players=2, seed=8, seats=["human", "human"], animate=False)
    (file,) = saved(w)
    assert file["method"] == "download" and file["name"] == "twistytracks-move0.json"
    assert file["text"] == w.game.to_json(indent=1)
    assert SAVED_FILE_HOLDS in w.status_text
    kept = [
        str(v)
        for x in list(ipywidgets.widgets.widget._instances.values())
        for v in x.get_state().values()
    ]
    assert not any('"actions"' in value for value in kept)
    place_first_lit(w)  # the device is passed: the cover stands, Save waits
    assert w.covered and saved(w) == [] and saved(w, w.save) == []


@pytest.mark.parametrize(
    "make",
    [
        lambda: MiniRailsWidget(players=3, seed=4242),
        lambda: TwistyTracksWidget(players=2, seed=4242, animate=False),
        lambda: OffTheRailsWidget(players=2, seed=4242),
    ],
)
def test_26_1_the_saved_file_name_carries_no_seed(make) -> None:
    w = make()
    (file,) = saved(w)
    assert "4242" not in file["name"]
    assert "4242" not in w.status_text
    assert "seed" not in w.status_text.lower()


# -- item 2: the seed on screen -------------------------------------------------------------------


def test_26_2_a_drawn_seed_is_never_shown_while_the_game_runs() -> None:
    w = MiniRailsWidget(players=3, seed=1, seats=["human", "random", "random"])
    w.new_button.click()
    w.settings.start.click()  # no seed typed: one is drawn
    assert "seed" not in w.status_text.lower() and str(w.game.seed) not in w.status_text
    w.new_game()
    assert "seed" not in w.status_text.lower()


def test_26_2_a_seed_the_person_typed_is_theirs_to_see() -> None:
    w = MiniRailsWidget(players=3, seed=1, seats=["human", "random", "random"])
    w.new_button.click()
    w.settings.seed.value = "31337"
    w.settings.start.click()
    assert w.game.seed == 31337 and "31337" in w.status_text


# -- item 3: bots and Hint draw nothing from the game's seed --------------------------------------


def test_26_3_a_bot_is_handed_the_same_game_whatever_the_hidden_future() -> None:
    # Twisty Tracks at the start: the seeds differ only in the stacks under their tops
    a, b = twistytracks_twins()
    assert a.view(0) == b.view(0) and a.position() != b.position()
    assert handed(a, 0).position() == handed(b, 0).position()


def twistytracks_twins():
    """Two Twisty Tracks games whose seat 0 cannot tell apart (found by seed)."""
    from railwidgets import twistytracks

    first = twistytracks.Game(players=2, seed=1)
    for seed in range(2, 500):
        other = twistytracks.Game(players=2, seed=seed)
        if other.view(0) == first.view(0) and other.position() != first.position():
            return first, other
    raise AssertionError("no twin found")


def test_26_3_bots_and_hint_are_seeded_by_bot_seed_not_by_the_game() -> None:
    def fresh_bots(seed: int, bot_seed: int) -> list:
        w = MiniRailsWidget(players=3, seed=seed, seats=["human"] * 3, bot_seed=bot_seed)
        w.seats[1:] = ["random", "random"]
        w._make_bots()  # as a seat change makes them
        return [bot._rng.getstate() for bot in w._bots[1:]]

    assert fresh_bots(10, bot_seed=5) == fresh_bots(99, bot_seed=5)
    assert fresh_bots(10, bot_seed=5) != fresh_bots(10, bot_seed=6)
    with pytest.raises(ValueError, match="bot_seed"):
        MiniRailsWidget(players=3, bot_seed="x")  # type: ignore[arg-type]


def test_26_3_hint_is_the_same_in_games_that_differ_only_in_their_hidden_future(
    monkeypatch,
) -> None:
    monkeypatch.setattr(TwistyTracksWidget, "HINT_SECONDS", 60.0)
    monkeypatch.setattr(TwistyTracksWidget, "HINT_ITERATIONS", 30)
    seeds: list[int | None] = []
    think = SearchBot.think

    def counted(self, view, cancel=None):
        seeds.append(self._rng.getstate()[1][:4])
        return think(self, view, cancel)

    monkeypatch.setattr(SearchBot, "think", counted)
    a, b = twistytracks_twins()
    hints = []
    for game in (a, b):
        w = TwistyTracksWidget(game=game, seats=["human", "human"], animate=False)
        w.hint()
        hints.append(w.status_text)
    assert seeds[0] == seeds[1] and hints[0] == hints[1]


# -- item 5: a hint belongs to its game and its moment --------------------------------------------


class SlowHint(MiniRailsWidget):
    HINT_SECONDS = 0.3


@pytest.mark.parametrize("then", ["new_game", "load", "stop"])
def test_26_5_a_hint_finishing_after_the_game_changed_is_dropped(then: str) -> None:
    async def scenario() -> tuple[bool, bool, str]:
        w = SlowHint(players=3, seed=6, seats=["human", "random", "random"], bot_pause=0.0)
        await w.wait_for_bots()
        record = w.game.to_json()
        w.hint_button.click()
        assert w.hinting and w.hint_button.disabled
        task = w.hint_task
        if then == "new_game":
            w.new_game(seed=6)  # the same opening: a stale hint would fit it
        elif then == "load":
            w.set_game(type(w.game).from_json(record), "Loaded.")
        else:
            w.stop()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.5)  # the search thread ends at its next iteration
        picked = bool(w.choice.picks)
        status = w.status_text
        idle = not w.hinting and not w.hint_button.disabled
        w.close()
        return picked, idle, status

    picked, idle, status = asyncio.run(scenario())
    assert not picked and idle and not status.startswith("Hint:")


# -- a game set under way with two people at the device ---------------------------------------


def test_a_resumed_hot_seat_game_starts_behind_the_cover(tmp_path, monkeypatch) -> None:
    """A reload's Resume (or Load) sets a game under way: nobody knows who holds the device,
    so the person to decide gets the cover first, never their drawn tile at once (the
    newcomer's play-through saw Wild West's T03 right after Resume)."""
    monkeypatch.setenv("RAILWIDGETS_DATA", str(tmp_path))
    people = ["human", "human", "greedy"]
    first = TwistyTracksWidget(players=3, seed=4, seats=people, autosave="hot", animate=False)
    place_first_lit(first)  # Wild West places: the device goes to Meadows behind the cover
    assert first.covered and first.cover_for == 1
    first.close()
    again = TwistyTracksWidget(players=3, seed=9, seats=people, autosave="hot", animate=False)
    again.resume()
    assert len(again.game.history) == 1
    assert again.covered and again.cover_for == 1 and again.viewer is None
    again.ready_button.click()
    assert again.viewer == 1 and not again.covered
    again.close()
    fresh = TwistyTracksWidget(players=3, seed=4, seats=people, animate=False)
    assert not fresh.covered and fresh.viewer == 0  # a new game: its first player looks
    fresh.close()
