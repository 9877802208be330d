"""How long one redraw of the Mini Rails widget takes in Python, and how many messages an action sends.

Run: ``.venv/bin/python benchmarks/redraw.py`` (no browser needed). Prints the
median over many redraws of: the layers above the map (what a user action
redraws), and everything (what a reconnecting page gets); then the canvas comm
messages sent by each kind of user action. Aim: under 10 ms, exactly one message.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railwidgets import MiniRailsWidget
from railwidgets.core.bots import RandomBot
from railwidgets.minirails.render import DEFAULT_LAYOUT as L
from railwidgets.minirails.rules import Buy
from tests.ui.messages import count_messages


def median_ms(fn: Callable[[], None], repeat: int = 200) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    w = MiniRailsWidget(players=5, seed=1, seats=["human"] * 5, bot_pause=0)
    bot = RandomBot(seed=2)
    for _ in range(40):  # a busy mid-game board: discs, markers, shares
        w.game.apply(bot.choose(w.game))
    slot = next(i for i, c in enumerate(w.game.state.market) if isinstance(c, str))
    w.click(*L.market_slot_centre(slot))
    w.build_button.click()  # legal hexes lit
    print(f"Mini Rails widget, 5 players, {len(w.game.history)} moves in, Build in hand")
    print(f"  redraw after an action (pieces + highlights): {median_ms(w.board.redraw):6.2f} ms")
    full = median_ms(lambda: w.board.redraw(static=True))
    print(f"  full redraw (static map too, on reconnect):   {full:6.2f} ms")
    print(f"  refresh (redraw + status, scores, log):       {median_ms(w.refresh):6.2f} ms")

    w = MiniRailsWidget(players=3, seed=4, seats=["human", "greedy", "greedy"], bot_pause=0)
    print("Canvas messages per user action (3 players, you against two greedy bots):")
    with count_messages() as sent:

        def measure(name: str, fn: Callable[[], None]) -> None:
            sent.reset()
            fn()
            print(f"  {name:<42} {sent.canvas} canvas message(s), {sent.widgets} in all")

        action = next(a for a in w.game.legal_actions() if isinstance(a, Buy))
        measure("click a market disc", lambda: w.click(*L.market_slot_centre(action.slot)))
        measure("press Buy (the bots reply in the batch)", w.buy_button.click)
        build = w.game.legal_actions()[0]
        measure("click a market disc", lambda: w.click(*L.market_slot_centre(build.slot)))
        measure("press Build (legal hexes light up)", w.build_button.click)
        measure("click a lit hex", lambda: w.click(*L.hex_centre(build.hex)))
        measure("an illegal click (status only)", lambda: w.click(L.width - 3, 3))
        measure("Undo", w.undo_button.click)
        measure("New game… then Start", lambda: (w.new_button.click(), w.settings.start.click()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
