"""The Search bot seat and the Hint button of every widget (issue 12), on the kit's probe widget."""

from __future__ import annotations

import asyncio
import re
from typing import ClassVar

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget, twistytracks
from railwidgets.core.search import LEVELS, SearchBot
from railwidgets.ui.panel import GameWidget
from tests.ui.test_kit import Probe


class QuickProbe(Probe):
    """The probe with a search bot that thinks briefly."""

    HINT_SECONDS: ClassVar[float] = 0.05


def test_every_widget_offers_a_search_bot_seat_at_each_level() -> None:
    assert GameWidget.SEAT_CHOICES["search"][0] == "Search bot (medium)"
    w = Probe(players=4, seed=3, seats=["human", "search-easy", "search", "search-hard"])
    for seat, level in ((1, "easy"), (2, "medium"), (3, "hard")):
        bot = w._bots[seat]
        assert isinstance(bot, SearchBot) and bot.iterations == LEVELS[level].iterations
    assert bot.choices == 1 and w._bots[1].choices == LEVELS["easy"].choices
    offered = [value for _, value in w.seat_inputs[1].options]
    assert offered[-3:] == ["search-easy", "search", "search-hard"]
    # and by the words a player reads, in any case
    assert Probe(players=2, seed=3, seats=["human", "search bot (hard)"]).seats[1] == "search-hard"
    for cls in (MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget):  # greedy, then levels
        assert list(cls.SEAT_CHOICES)[-4:] == ["greedy", "search-easy", "search", "search-hard"]


def test_hint_lights_the_search_bots_move_from_the_persons_view_without_playing_it() -> None:
    w = QuickProbe(players=3, seed=4, seats=["human", "random", "random"])
    before = w.game.to_json()
    w.hint_button.click()
    assert w.game.to_json() == before  # nothing played
    assert w.choice.complete and w.choice.only in w.game.legal_actions()
    # the move in words, and what the search saw: the score after it beside the next
    # best move's, or their shares of wins, or (no other move tried) its own
    assert re.match(
        r"Hint: \S.*\. (After it the simulated games end with your score at [\d.]+ on average, "
        r"[\d.]+ after the next best move \(.+\); it won \d+% of \d+ of them"
        r"|It won \d+% of \d+ simulated games?(, the next best move \(.+\) \d+%)?)\.",
        w.status_text,
    )
    # and what plays it (a newcomer read "Pick it to play it" after the hint had picked it)
    assert re.search(r"(Press \S.*|Click it on the board) to play it, or Back", w.status_text)
    w.confirm_button.click()  # the person takes the hint
    assert len(w.game.history) >= 1


def test_hint_is_refused_when_it_is_not_a_persons_turn() -> None:
    w = QuickProbe(players=2, seed=4, seats=["random", "random"])
    assert w.hint_button.disabled
    w.hint()
    assert w.status_error


def test_stop_ends_a_search_bot_thinking_and_the_page_keeps_answering() -> None:
    async def scenario() -> tuple[int, bool]:
        w = Probe(players=2, seed=5, seats=["search", "search"], bot_pause=0.0)
        bot = w._bots[w.game.current_player]
        bot.iterations, bot.seconds = None, 600.0  # would think for ten minutes
        ticks = 0
        while w.thinking is None:
            await asyncio.sleep(0.01)
        assert "is thinking" in w.status_text
        for _ in range(10):  # the event loop (the page) answers while it thinks
            await asyncio.sleep(0.01)
            ticks += 1
        w.stop_button.click()
        for _ in range(500):  # the thread ends at its next iteration
            if bot.last is not None:
                break
            await asyncio.sleep(0.01)
        moves = len(w.game.history)
        w.close()
        return ticks, bot.last is not None and bot.last.cancelled and moves == 0

    ticks, stopped = asyncio.run(scenario())
    assert ticks == 10 and stopped


def test_a_hint_in_the_background_lights_the_move_once_found() -> None:
    async def scenario() -> bool:
        w = QuickProbe(players=2, seed=6, seats=["human", "random"], bot_pause=0.0)
        await w.wait_for_bots()
        w.hint_button.click()
        assert w.hinting and w.hint_button.disabled and "thinking" in w.status_text
        await w.hint_task
        ok = w.choice.complete and w.status_text.startswith("Hint:")
        w.close()
        return ok

    assert asyncio.run(scenario())


def test_27_back_after_a_hint_takes_the_whole_hinted_move_back() -> None:
    """The hint lights a move picked in full and says "or Back to choose otherwise": Back
    then returns to the choice as it was, not to the move half made (the play-through)."""
    w = QuickProbe(players=3, seed=4, seats=["human", "random", "random"])
    before = w.choice.picks
    w.hint_button.click()
    assert w.choice.complete and len(w.choice.picks) > 1
    w.back_button.click()
    assert w.choice.picks == before and not w.status_error
    assert w.back_button.disabled  # nothing picked now, as before the hint


def test_29_3_a_hint_says_what_the_move_brings_beside_the_next_best_move() -> None:
    w = MiniRailsWidget(players=3, seed=4, seats=["human", "greedy", "greedy"], bot_seed=1)
    w.HINT_ITERATIONS = 300  # type: ignore[misc]
    w.hint_button.click()
    thought_words = w.status_text
    assert "next best move (" in thought_words, thought_words
    assert thought_words.count(".") >= 2  # the move; what the search saw; what plays it


def test_29_3_a_hint_names_what_the_move_brings_at_once() -> None:
    game = twistytracks.Game(players=1, seed=5)
    w = TwistyTracksWidget(game=game, seats=["human"], bot_seed=1)
    w.HINT_ITERATIONS = 200  # type: ignore[misc]
    w.hint_button.click()
    assert "your trains score 2 points this round" in w.status_text, w.status_text
