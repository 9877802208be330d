"""How long one redraw of each game's widget takes in Python, and how many messages an action sends.

Run: ``.venv/bin/python benchmarks/redraw.py`` (no browser needed). Prints the
median over many redraws of: the layers above the map (what a user action
redraws), and everything (what a reconnecting page gets); then the canvas comm
messages sent by each kind of user action. Aim: under 10 ms, exactly one message.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget
from railwidgets import offtherails as otr
from railwidgets.core.bots import RandomBot
from railwidgets.minirails.render import DEFAULT_LAYOUT as L
from railwidgets.minirails.rules import Buy
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.bots import GreedyBot
from railwidgets.offtherails.render import LAYOUT as OTR
from tests.ui.messages import count_messages


def median_ms(
    fn: Callable[[], None], repeat: int = 200, clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times) * 1000


def main() -> int:
    game = MiniRailsWidget.GAME(players=5, seed=1)
    bot = RandomBot(seed=2)
    for _ in range(40):  # a busy mid-game board: discs, markers, shares
        game.apply(bot.choose(game))
    # the widget is given the game (moves applied behind a widget's back are not its own)
    w = MiniRailsWidget(game=game, seats=["human"] * 5, bot_pause=0)
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
    twisty_tracks()
    off_the_rails()
    return 0


def twisty_tracks() -> None:
    """The same measures for the Twisty Tracks widget, at 4 and 8 players."""
    for players in (4, 8):
        seats = ["human"] + ["greedy"] * (players - 1)
        w = TwistyTracksWidget(players=players, seed=1, seats=seats, bot_pause=0, animate=False)
        rng = random.Random(2)
        for _ in range(5):  # five rounds in: tiles and trains on every frame
            w.click(*w.cell_centre(rng.choice(w.lit())))
            w.place_button.click()
        w.click(*w.cell_centre(w.lit()[0]))  # a ghost, lit cells, the tile in hand
        round_no = w.game.position()["round"]
        print(f"Twisty Tracks widget, {players} players, round {round_no}, a cell picked")
        print("  (wall clock, then this process's CPU time: the machine may be busy)")
        for name, fn in (
            ("redraw after an action (pieces + highlights)", w.board.redraw),
            ("full redraw (frames too, on reconnect)", lambda w=w: w.board.redraw(static=True)),
            ("refresh (redraw + status, scores, log)", w.refresh),
        ):
            wall, cpu = median_ms(fn), median_ms(fn, clock=time.process_time)
            print(f"  {name:<46} {wall:6.2f} ms ({cpu:5.2f} ms CPU)")

    w = TwistyTracksWidget(players=3, seed=4, seats=["human", "greedy", "greedy"], bot_pause=0)
    print("Canvas messages per user action (3 players, you against two greedy bots):")
    with count_messages() as sent:

        def measure(name: str, fn: Callable[[], None]) -> None:
            sent.reset()
            fn()
            print(f"  {name:<42} {sent.canvas} canvas message(s), {sent.widgets} in all")

        measure("click a lit space (the ghost shows)", lambda: w.click(*w.cell_centre(w.lit()[0])))
        measure("press Rotate", lambda: w.choice_button("Rotate").click())
        measure("press Place (bots, reveal animated)", w.place_button.click)
        measure("an illegal click (status only)", lambda: w.click(3, 3))
        measure("Undo", w.undo_button.click)
        measure("New game… then Start", lambda: (w.new_button.click(), w.settings.start.click()))


def off_the_rails() -> None:
    """The same for Off the Rails: a busy 4-player board, every empty square lit."""
    game = otr.Game(players=4, seed=3)
    bots = [GreedyBot(seed=s) for s in range(4)]
    while len(game.history) < 100 or game.position()["turn"]["stage"] != "actions":
        game.apply(bots[game.current_player].choose(game))  # type: ignore[index]
    w = OffTheRailsWidget(game=game, seats=["human"] * 4, bot_pause=0)
    if w.covered:
        w.ready()
    w.pick("verb", "straight")  # every free square lit
    lit = len(w.choice.options("square"))
    print(f"Off the Rails widget, 4 players, {len(game.history)} decisions in, {lit} squares lit")
    for name, fn in (
        ("redraw after an action (pieces + highlights)", w.board.redraw),
        ("full redraw (static board too, on reconnect)", lambda: w.board.redraw(static=True)),
        ("refresh (redraw + status, scores, log)", w.refresh),
    ):
        wall, cpu = median_ms(fn), median_ms(fn, clock=time.process_time)
        print(f"  {name:<46} {wall:6.2f} ms ({cpu:5.2f} ms CPU)")

    print("Canvas messages per user action (Off the Rails, you and a greedy bot):")
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"], bot_pause=0)
    with count_messages() as sent:

        def measure(name: str, fn: Callable[[], None]) -> None:
            sent.reset()
            fn()
            print(f"  {name:<42} {sent.canvas} canvas message(s), {sent.widgets} in all")

        measure("press Place cart (tracks light up)", lambda: w.pick("verb", "cart"))
        measure("click a lit starting track", lambda: w.click(*OTR.centre((-1, 4))))
        measure("press the white cart's button", lambda: w.pick("cart", "white"))
        for row in range(3):
            measure("press Place straight", lambda: w.pick("verb", "straight"))
            measure("click a lit square (ghost tile)", lambda r=row: w.click(*OTR.centre((r, 4))))
            measure(
                "click its north side (turn it)",
                lambda r=row: w.click(*OTR.edge_point((r, 4), 0, 4)),
            )
            measure(
                "press Confirm" + (" (the cart moves, animated)" if row == 2 else ""),
                w.confirm_button.click,
            )
        measure("an illegal click (status only)", lambda: w.click(OTR.width - 3, 3))
    frames = w.animation(scenarios.pickups(), otr.EndActions(), scenarios.pickups())
    start = time.perf_counter()
    w.board.redraw(frames=frames, pause=0)
    took = (time.perf_counter() - start) * 1000
    print(f"  an animated move of {len(frames)} frames in one batch: {took:6.2f} ms of Python")


if __name__ == "__main__":
    sys.exit(main())
