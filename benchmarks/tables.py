"""How fast a move at a table reaches the other players (issue 23), with SQLite and PostgreSQL.

**Browser** (``--browser``): two Voilà pages of ``play-table.ipynb`` (seats 0 and 1 of
an Off the Rails table, two browser contexts of one Chromium), on one Voilà server whose
kernels use the store being measured. The person to play presses End actions; the time
from that press (the page's ``mousedown``) to changed pixels on the *other* page's canvas
is measured inside the browser (both pages' clocks are the same ``performance.timeOrigin +
performance.now()``), over ``--moves`` moves. Aim: median under 500 ms with SQLite (the
pages ask every 200 ms), under 300 ms with PostgreSQL.

**Load** (``--load``): a local PostgreSQL (a throw-away cluster, as the tests start it),
``--tables`` tables of four human seats, each seat a :class:`~railwidgets.tables.Table`
as its kernel holds it; the seats are spread over ``--kernels`` store connections (one
listening connection each, as each kernel has). Each table moves at a human pace (one
move every ``--pace`` seconds, jittered); the time from an append's commit to every other
seat's table having read it is measured: median, p95, max. One process plays every
kernel, so the numbers include its own queueing: they are an upper bound.

    .venv/bin/python benchmarks/tables.py --browser [--moves 20] [--stores sqlite postgresql]
    .venv/bin/python benchmarks/tables.py --load [--tables 1000] [--seconds 60] [--pace 5]

Needs Debian's Chromium (browser) and Debian's postgresql (``make postgresql``).
Never run by the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from railwidgets import offtherails, twistytracks  # noqa: E402
from railwidgets.tables import Store, Table, open_store  # noqa: E402
from tests.tables.conftest import fresh_database  # noqa: E402
from tests.tables.postgres_server import MISSING_POSTGRES, find_bin, postgres_server  # noqa: E402

#: In the page that will change: remember the canvas, then compare it after every task
#: until it changes; the time of the change, on the clock every page shares.
ARM_CHANGE_JS = """
([timeoutMs]) => {
  const canvas = document.querySelector('.railwidgets-board canvas, canvas');
  const context = canvas.getContext('2d');
  const fingerprint = () => {
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 2166136261;
    for (let i = 0; i < data.length; i += 4) hash = Math.imul(hash ^ data[i] ^ (data[i + 1] << 8) ^ (data[i + 2] << 16), 16777619) >>> 0;
    return hash;
  };
  const before = fingerprint();
  const start = performance.now();
  window.__tableChangedAt = null;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    if (fingerprint() !== before) {
      window.__tableChangedAt = performance.timeOrigin + performance.now();
    } else if (performance.now() - start > timeoutMs) {
      window.__tableChangedAt = -1;
    } else {
      channel.port2.postMessage(0);
    }
  };
  channel.port2.postMessage(0);
}
"""
#: In the page where the move is made: the time of the next mousedown.
ARM_PRESS_JS = """
() => {
  window.__tablePressedAt = null;
  window.addEventListener('mousedown', () => {
    window.__tablePressedAt = performance.timeOrigin + performance.now();
  }, {capture: true, once: true});
}
"""


def summary(name: str, values: list[float], unit: str = "ms") -> str:
    values = sorted(values)
    if not values:
        return f"{name}: no samples"
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return (
        f"{name}: median {statistics.median(values):.0f} {unit}, p95 {p95:.0f} {unit}, "
        f"max {values[-1]:.0f} {unit} ({len(values)} samples)"
    )


@contextmanager
def local_postgres() -> Iterator[str]:
    bin_dir = find_bin()
    if bin_dir is None:
        raise SystemExit(MISSING_POSTGRES)
    with postgres_server(bin_dir) as url:
        yield fresh_database(url)


# -- the browser run ------------------------------------------------------------------------


def browser_run(kind: str, moves: int) -> list[float]:
    """Milliseconds from End actions pressed in one page to changed pixels in the other."""
    from tests.e2e.browser import launch_browser
    from tests.e2e.offtherails_page import OffTheRailsView
    from tests.e2e.servers import start_server

    with contextlib_postgres(kind) as url:
        server = start_server("voila", extra_env={"RAILWIDGETS_TABLES": url} if url else None)
        try:
            where = url or str(server.work_dir / "railwidgets-data" / "tables.sqlite3")
            store = open_store(where)
            new = store.create(offtherails.Game(players=2, seed=4), ["human", "human"])
            watcher = store.join(new.id)
            with launch_browser() as context:
                browser = context.browser
                assert browser is not None
                other = browser.new_context(viewport={"width": 1280, "height": 1000})
                pages = [context.new_page(), other.new_page()]
                views = []
                for seat, page in enumerate(pages):
                    query = urlencode({"table": new.id, "seat": seat, "token": new.tokens[seat]})
                    page.goto(f"{server.base_url}voila/render/play-table.ipynb?{query}")
                    view = OffTheRailsView.only_one(page)
                    view.wait_painted(60)
                    views.append(view)
                latencies = []
                for _ in range(moves):
                    watcher.refresh()
                    seat = watcher.game.current_player
                    assert seat is not None
                    mover, other_page = views[seat], pages[1 - seat]
                    status = mover.wait_status(r"(choose the side|actions left)", timeout_s=60)
                    if "choose the side" in status:
                        mover.press("Side N: Red")
                        mover.wait_status(r"actions left", timeout_s=60)
                        views[1 - seat].wait_status(r"Waiting for", timeout_s=60)
                    time.sleep(0.5)  # both pages quiet
                    other_page.evaluate(ARM_CHANGE_JS, [10_000])
                    mover.page.evaluate(ARM_PRESS_JS)
                    mover.press("End actions")
                    other_page.wait_for_function(
                        "() => window.__tableChangedAt !== null", timeout=15_000, polling=50
                    )
                    changed = float(other_page.evaluate("() => window.__tableChangedAt"))
                    pressed = float(mover.page.evaluate("() => window.__tablePressedAt"))
                    if changed < 0:
                        raise TimeoutError("the other page's canvas did not change")
                    latencies.append(changed - pressed)
                    views[1 - seat].wait_status(r"actions left", timeout_s=60)
                other.close()
            store.close()
            return latencies
        finally:
            server.stop()


@contextmanager
def contextlib_postgres(kind: str) -> Iterator[str | None]:
    if kind == "postgresql":
        with local_postgres() as url:
            yield url
    else:
        yield None


# -- the load run ---------------------------------------------------------------------------


def load_run(tables: int, kernels: int, seconds: float, pace: float) -> list[float]:
    """Milliseconds from an append's commit to every other seat's table having read it."""
    rng = random.Random(1)
    with local_postgres() as url:
        stores: list[Store] = [open_store(url) for _ in range(kernels)]
        creator = stores[0]
        seats: list[list[Table]] = []
        by_store: list[list[Table]] = [[] for _ in stores]
        for t in range(tables):
            new = creator.create(twistytracks.Game(players=4, seed=t), ["human"] * 4, bot_seed=t)
            row = []
            for seat in range(4):
                store = stores[(t * 4 + seat) % kernels]
                table = store.join(new.id, seat, new.tokens[seat])
                row.append(table)
                by_store[(t * 4 + seat) % kernels].append(table)
            seats.append(row)
        for store, held in zip(stores, by_store, strict=True):  # drain the creation's news
            for table in held:
                store.changed(table.id)
        print(f"{tables} tables × 4 seats on {kernels} connections ready", flush=True)
        committed: dict[tuple[str, int], tuple[float, int]] = {}  # -> (commit time, seen by)
        latencies: list[float] = []
        due = [time.monotonic() + rng.uniform(0, pace) for _ in range(tables)]
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            now = time.monotonic()
            for t in range(tables):
                if due[t] > now:
                    continue
                due[t] = now + rng.uniform(0.5 * pace, 1.5 * pace)
                row = seats[t]
                game = row[0].game
                seat = game.current_player
                if seat is None:
                    continue
                mover = row[seat]
                mover.refresh()
                action = rng.choice(mover.game.legal_actions())
                move = mover.play(action)
                committed[(mover.id, move.number)] = (time.monotonic(), 0)
            for store, held in zip(stores, by_store, strict=True):
                for table in held:
                    if not store.changed(table.id):
                        continue
                    for move in table.refresh():
                        key = (table.id, move.number)
                        if key not in committed:
                            continue
                        at, seen = committed[key]
                        seen += 1
                        if seen == 3:  # every other seat has it
                            latencies.append((time.monotonic() - at) * 1000)
                            del committed[key]
                        else:
                            committed[key] = (at, seen)
            time.sleep(0.005)
        for store in stores:
            store.close()
        return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--browser", action="store_true", help="the two-browser run")
    parser.add_argument("--load", action="store_true", help="the PostgreSQL load run")
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--stores", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--kernels", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=5.0)
    args = parser.parse_args()
    if not (args.browser or args.load):
        parser.error("say --browser, --load or both")
    if args.browser:
        for kind in args.stores:
            print(summary(f"move → other page's pixels, {kind}", browser_run(kind, args.moves)))
    if args.load:
        latencies = load_run(args.tables, args.kernels, args.seconds, args.pace)
        print(summary(f"append → all 3 other seats read it, {args.tables} tables", latencies))


if __name__ == "__main__":
    main()
