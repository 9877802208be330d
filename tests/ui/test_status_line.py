"""Issue 27 item 4: the status line of every game widget.

One short sentence for what to do now, two lines high whatever it says (the board below
never moves), said when the board has shown the moves it follows; what happened is in
"since your turn" and the log; players named, never numbered; results in points.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any, ClassVar

import pytest

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets.offtherails import ChooseExit, EndActions, TakeItem
from railwidgets.offtherails import scenarios as otr_scenarios
from railwidgets.ui.panel import GameWidget
from railwidgets.ui.theme import STATUS_HEIGHT, status_html

WIDGETS: list[type[GameWidget]] = [TwistyTracksWidget, OffTheRailsWidget, MiniRailsWidget]
#: Every player count of every game.
COUNTS = [(cls, n) for cls in WIDGETS for n in cls.GAME.PLAYERS]
#: How a seat number would leak: "seat 0", "Seat 2", "seat(s) 0, 1".
SEAT_NUMBER = re.compile(r"\b[Ss]eat(?:\(s\))? \d")
#: A sentence ending before another begins.
TWO_SENTENCES = re.compile(r"[.!?]\s+[A-Z]")
GAME_OVER = re.compile(
    r"Game over: .+ (wins|share the victory) with -?\d+ points?\.|Game over: .+, high score \d+ points?\."
)


def quick_hints(w: GameWidget) -> None:
    """A hint that thinks a few iterations (the text is what is tested, not its strength)."""
    w.HINT_SECONDS = 5.0  # type: ignore[misc]
    w.HINT_ITERATIONS = 8  # type: ignore[misc]


def read_texts(w: GameWidget) -> list[str]:
    """Everything a player reads beside the board: status, "since your turn", log."""
    return [w.status.value, w.recent_view.value, w.log_view.value]


def step(w: GameWidget, rng: random.Random) -> None:
    """One thing a table does: Continue, Ready, or the person to play plays a random move
    (after a refused one: the move before, again)."""
    if w.device.holding:
        w.continue_button.click()
    elif w.covered:
        w.ready_button.click()
    else:
        if w.game.history:
            w.play(w.game.history[-1])  # almost always refused now: the refusal is read too
        w.play(rng.choice(w.game.legal_actions()))


@pytest.mark.parametrize(("cls", "players"), COUNTS, ids=lambda v: getattr(v, "__name__", v))
def test_item4_no_seat_numbers_in_any_status_recent_log_or_hint_over_a_whole_game(
    cls: type[GameWidget], players: int
) -> None:
    seats = ["human"] + ["random"] * (players - 1)
    w = cls(players=players, seed=players, seats=seats, animate=False)
    quick_hints(w)
    rng = random.Random(players)
    seen: list[str] = []
    for turn in range(3000):
        if w.game.is_over:
            break
        if turn % 40 == 0:  # a hint now and then, an undo and redo, a miss
            w.hint()
            seen.append(w.status_text)
            w.undo()
            seen.append(w.status_text)
            w.redo()
            seen.append(w.status_text)
            w.click(1, 1)
            seen.append(w.status_text)
        step(w, rng)
        seen += read_texts(w)
    assert w.game.is_over
    seen += read_texts(w)
    leaks = sorted({m.group(0) for text in seen for m in [SEAT_NUMBER.search(text)] if m})
    assert not leaks, [t for t in seen if SEAT_NUMBER.search(t)][:3]
    assert GAME_OVER.fullmatch(w.status_text.split(" Tie-break")[0]), w.status_text


@pytest.mark.parametrize("cls", WIDGETS)
def test_item4_no_seat_numbers_in_hot_seat_either(cls: type[GameWidget]) -> None:
    """Two people at one screen: covers, Ready, Continue, and still only names."""
    w = cls(players=2, seed=11, seats=["human", "human"], animate=False)
    rng = random.Random(11)
    seen: list[str] = []
    for _ in range(3000):
        if w.game.is_over:
            break
        step(w, rng)
        seen += read_texts(w)
    assert w.game.is_over
    assert not [t for t in seen if SEAT_NUMBER.search(t)][:3]


@pytest.mark.parametrize("cls", WIDGETS)
def test_item4_after_the_bots_moves_the_status_is_one_sentence_of_the_prompt(
    cls: type[GameWidget],
) -> None:
    w = cls(players=3, seed=5, seats=["human", "random", "random"], animate=False)
    rng = random.Random(5)
    turns = 0
    while not w.game.is_over and turns < 12:
        w.play(rng.choice(w.game.legal_actions()))
        if w.game.is_over:
            break
        bots = [  # who of the bots has played since the person's move
            w.game.player_name(seat)
            for seat, _ in w.recent()
            if seat >= 0 and w.seats[seat] != "human"
        ]
        if bots:
            turns += 1
            assert w.status_text == w.prompt(), w.status_text
            assert not TWO_SENTENCES.search(w.status_text), w.status_text
            assert not w.status_error
            # what the bots did is in "since your turn", not in the status
            assert all(name in w.recent_view.value for name in bots)
    assert turns


def test_item4_what_a_move_led_to_is_listed_under_it_since_your_turn() -> None:
    """A Mini Rails round ends after the person's buy: the tax and the next draw are listed."""
    w = MiniRailsWidget(players=3, seed=7, seats=["human", "random", "random"], animate=False)
    rng = random.Random(3)
    for _ in range(200):
        if "is taxed" in w.recent_view.value:
            break
        w.play(rng.choice(w.game.legal_actions()))
    recent = w.recent_view.value
    assert "is taxed" in recent and "Round" in recent and "drew" in recent
    assert "is taxed" not in w.status_text


def test_item4_an_emerald_not_a_emerald() -> None:
    game = otr_scenarios.junction()
    game.apply(EndActions())
    game.apply(ChooseExit("S"))
    assert "Red's white cart takes an emerald at (3, 4)" in game.log
    assert not [line for line in game.log if " a emerald" in line]
    assert str(TakeItem("emerald")) == "take an emerald" and str(TakeItem("ruby")) == "take a ruby"


def test_item4_off_the_rails_names_players_before_the_sides_are_chosen() -> None:
    w = OffTheRailsWidget(players=3, seed=3, seats=["human", "human", "human"], animate=False)
    first = w.game.current_player
    assert w.game.player_name(first) == f"Player {first + 1}"
    assert w.status_text.startswith(f"Player {first + 1}: choose the side")
    assert f"Player {first + 1} plays first and chooses a side" in w.game.log
    assert w.seat_inputs[first].description == f"Player {first + 1}"


@pytest.mark.parametrize("cls", WIDGETS)
def test_item4_the_game_over_line_says_points(cls: type[GameWidget]) -> None:
    w = cls(players=2, seed=9, seats=["random", "random"], animate=False)
    assert w.game.is_over  # bots alone play to the end at once
    assert GAME_OVER.fullmatch(w.status_text.split(" Tie-break")[0]), w.status_text


def test_item4_the_status_widget_has_a_fixed_height_of_two_lines() -> None:
    w = TwistyTracksWidget(players=2, seed=1, animate=False)
    layout = w.status.layout
    assert layout.height == f"{STATUS_HEIGHT + 4}px" and layout.overflow == "hidden"
    assert not layout.min_height and not layout.max_height
    long = "Why not: " + "a reason with its rule, " * 40 + "(§2.7 R25)."
    w.say(long, error=True)
    html = w.status.value
    assert "-webkit-line-clamp:2" in html and f"max-height:{STATUS_HEIGHT}px" in html
    assert f'title="✗ {long}"' in html  # the whole refusal, its rule too, on hovering
    assert status_html("a") != status_html("a", error=True)


class Slow(TwistyTracksWidget):
    """Twisty Tracks whose animation frames take 50 ms each."""

    FRAME_PAUSE: ClassVar[float] = 0.05


def _watch_status_when_drawn(w: GameWidget) -> list[tuple[int, str]]:
    """(frames sent, the status at that moment) for every picture the board is sent."""
    sent: list[tuple[int, str]] = []
    redraw = w.board.redraw

    def watched(**kwargs: Any) -> None:
        redraw(**kwargs)
        sent.append((len(kwargs.get("frames", ())), w.status_text))

    w.board.redraw = watched  # type: ignore[method-assign]
    return sent


def test_item4_the_status_says_your_turn_once_the_board_has_shown_the_bots_moves() -> None:
    async def scenario() -> tuple[list[tuple[int, str]], str, str]:
        w = Slow(players=2, seed=3, seats=["human", "greedy"], bot_pause=0.0)
        sent = _watch_status_when_drawn(w)
        w.click(*w.cell_centre(w.lit()[0]))
        w.place_button.click()  # the bot places next: the round is revealed, animated
        await w.wait_for_bots()
        at_reveal = w.status_text
        while w._telling is not None:  # the status waits for the reveal to be played
            await asyncio.sleep(0.02)
        final = w.status_text
        w.close()
        return sent, at_reveal, final

    sent, at_reveal, final = asyncio.run(scenario())
    reveal = [status for frames, status in sent if frames]
    assert reveal, sent  # the bot's placement was animated
    assert "Round 2" not in reveal[0] and "Round 2" not in at_reveal
    assert final.startswith("Round 2, your turn")


def test_item4_without_an_event_loop_the_status_follows_at_once() -> None:
    w = Slow(players=2, seed=3, seats=["human", "greedy"])
    w.click(*w.cell_centre(w.lit()[0]))
    w.place_button.click()
    assert w.status_text.startswith("Round 2, your turn")


@pytest.mark.parametrize("cls", WIDGETS)
def test_27_a_move_since_your_turn_is_listed_once_and_your_own_is_named(
    cls: type[GameWidget],
) -> None:
    """Each move of "since your turn" is its entry, never again among what it led to (Off the
    Rails listed every tile twice, the play-through), and the viewer's own last move at the
    top, not numbered, says it is theirs."""
    w = cls(players=3, seed=2, seats=["human", "greedy", "greedy"], animate=False)
    rng = random.Random(5)
    seen = leads = 0
    for _ in range(60):
        if w.game.is_over:
            break
        recent = w.recent_view.value
        for lead in re.findall(r"</b><div[^>]*>([^<]*)", recent):  # the unnumbered one
            assert lead.startswith("Your last move: "), recent
            leads += 1
        for entry in re.findall(r"<li>([^<]*)<ul[^>]*>(.*?)</ul>", recent):
            seen += 1
            assert entry[0] not in re.findall(r"<li>([^<]*)</li>", entry[1]), recent
        w.play(rng.choice(w.game.legal_actions()))
    assert seen
    # (Twisty Tracks' rounds are simultaneous: what a person's move led to comes with the round)
    assert leads or cls is TwistyTracksWidget
