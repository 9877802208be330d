"""Issue 27 item 5: a reloaded page (or a restarted kernel) offers to resume the game that
was on its board, instead of silently starting a new one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.ui.saving import Autosave


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RAILWIDGETS_DATA", str(tmp_path))
    return tmp_path


def play_some(w, moves: int) -> None:
    for _ in range(moves):
        if w.covered:
            w.ready()
        w.play(w.game.legal_actions()[0])


@pytest.mark.parametrize(
    "make",
    [
        lambda **kw: MiniRailsWidget(players=3, seats=["human", "greedy", "greedy"], **kw),
        lambda **kw: TwistyTracksWidget(players=2, seats=["human", "human"], animate=False, **kw),
        lambda **kw: OffTheRailsWidget(players=2, seats=["human", "greedy"], animate=False, **kw),
    ],
)
def test_27_5_a_reloaded_board_offers_the_game_that_was_on_it(make) -> None:
    before = make(seed=11, autosave="board", bot_seed=4)
    play_some(before, 3)
    record, seats = before.game.to_json(), list(before.seats)
    before.close()
    # the page is reloaded: the notebook runs again and makes a new game
    after = make(seed=None, autosave="board")
    assert after.resume_row.layout.display != "none"
    offer = after.resume_text.value
    assert "was on this board" in offer and f"move {len(json.loads(record)['actions'])}" in offer
    after.resume_button.click()
    assert after.game.to_json() == record and after.seats == seats and after.bot_seed == 4
    assert after.resume_row.layout.display == "none"
    assert after.status_text.startswith("Resumed the game that was on this board")
    after.close()


def test_27_5_start_fresh_or_a_move_keeps_the_new_game() -> None:
    first = MiniRailsWidget(players=3, seed=2, seats=["human", "greedy", "greedy"], autosave="b")
    play_some(first, 2)
    kept = first.game.to_json()
    second = MiniRailsWidget(players=3, seed=3, seats=["human", "greedy", "greedy"], autosave="b")
    assert second._offer is not None
    # while the offer stands, the kept game is not overwritten by the new one
    assert json.loads(Autosave("b").path.read_text())["record"] == json.loads(kept)
    second.fresh_button.click()
    assert second.resume_row.layout.display == "none" and second._offer is None
    assert json.loads(Autosave("b").path.read_text())["record"] == json.loads(second.game.to_json())
    third = MiniRailsWidget(players=3, seed=3, seats=["human", "greedy", "greedy"], autosave="b")
    assert third._offer is None  # the fresh game has no move of the person's yet
    play_some(second, 1)
    fourth = MiniRailsWidget(players=3, seed=4, seats=["human", "greedy", "greedy"], autosave="b")
    assert fourth._offer is not None
    play_some(fourth, 1)  # a move in the new game: it is the one kept now
    assert fourth._offer is None and fourth.resume_row.layout.display == "none"
    assert json.loads(Autosave("b").path.read_text())["record"] == json.loads(fourth.game.to_json())
    fourth.resume()
    assert fourth.status_error and "no kept game" in fourth.status_text


def test_27_5_nothing_is_offered_for_a_finished_damaged_or_foreign_game(data_folder) -> None:
    w = MiniRailsWidget(players=3, seed=5, seats=["greedy"] * 3, autosave="done")
    assert w.game.is_over
    assert MiniRailsWidget(players=3, autosave="done")._offer is None
    folder = data_folder / "autosave"
    (folder / "broken.json").write_text("{not json")
    assert MiniRailsWidget(players=3, autosave="broken")._offer is None
    play_some(TwistyTracksWidget(players=2, seed=1, animate=False, autosave="other"), 1)
    assert MiniRailsWidget(players=3, autosave="other")._offer is None  # another game's
    with pytest.raises(ValueError, match="autosave key"):
        Autosave("../outside")


def test_27_5_the_offer_tells_nothing_hidden() -> None:
    w = TwistyTracksWidget(players=2, seed=8, seats=["human", "human"], animate=False, autosave="s")
    play_some(w, 1)  # Wild West placed in secret
    again = TwistyTracksWidget(
        players=2, seed=9, seats=["human", "human"], animate=False, autosave="s"
    )
    text = again.resume_text.value
    placed = w.game.history[0]
    assert str(placed) not in text and f"T{placed.tile:02d}" not in text
    assert str(placed.cell).replace(" ", "") not in text.replace(" ", "")
