"""The arena: seats rotated, tidy rows, any executor (Dask too), and what finished survives."""

from __future__ import annotations

import concurrent.futures as cf
import csv
import io
from typing import Any

import pytest

from railwidgets import minirails, twistytracks
from railwidgets.arena import ArenaWarning, Results, SeatResult, make_bot, tournament, wilson
from railwidgets.arena.__main__ import main
from railwidgets.core import OptionError, RecordError


def strip_time(results: Results) -> list[tuple]:
    return [(r.game, r.seed, r.seat, r.bot, r.score, r.win, r.length) for r in results]


def test_seats_rotate_and_every_seat_of_every_game_is_a_row() -> None:
    results = tournament(
        "minirails", ["random", "greedy", "random:"], games=6, seed=3, executor="inline",
        progress=False,
    )  # fmt: skip
    assert len(results) == 18 and results.games() == 6 and not results.errors
    for seat in range(3):  # every bot sits in every seat equally often
        assert sorted(r.bot for r in results if r.seat == seat) == sorted(
            ["random", "greedy", "random:"] * 2
        )
    for game in range(6):
        rows = [r for r in results if r.game == game]
        assert {r.seed for r in rows} == {3 + game}
        assert sum(r.win for r in rows) == pytest.approx(1.0)
        assert sum(r.decisions for r in rows) == rows[0].length
    shares = results.win_shares()
    assert sum(share * n for share, _, _, n in shares.values()) == pytest.approx(6)


def test_records_replay_the_games() -> None:
    results = tournament("twistytracks", ["random", "random"], games=2, executor="inline", progress=False, records=True)  # fmt: skip
    assert sorted(results.records) == [0, 1]
    for number, record in results.records.items():
        game = twistytracks.Game.from_json(record)
        rows = [r for r in results if r.game == number]
        assert game.is_over and [r.score for r in rows] == game.scores()
    assert tournament("twistytracks", ["random"], 1, players=1, executor="inline",
                      progress=False).records == {}  # fmt: skip


def test_the_csv_is_tidy_and_reads_back(tmp_path) -> None:
    results = tournament("twistytracks", ["random", "random"], games=2, executor="inline",
                         progress=False)  # fmt: skip
    path = tmp_path / "out.csv"
    text = results.to_csv(path)
    assert path.read_text() == text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 4 and list(rows[0]) == [
        "game", "seed", "seat", "bot", "score", "win", "winner", "decisions", "length", "seconds",
    ]  # fmt: skip
    assert int(rows[1]["seat"]) == 1 and float(rows[1]["win"]) in (0.0, 0.5, 1.0)
    assert Results.from_csv(path) == sorted(results, key=lambda r: (r.game, r.seat))


def test_batches_played_apart_are_counted_together(tmp_path) -> None:
    """Issue 29 item 2: many games in batches (each its own seed), saved and counted later."""
    batches = [
        tournament("twistytracks", ["random"] * 2, games=2, seed=seed, executor="inline")
        for seed in (0, 1000)
    ]
    for number, batch in enumerate(batches):
        batch.to_csv(tmp_path / f"{number}.csv")
    together = Results.joined(Results.from_csv(tmp_path / f"{n}.csv") for n in range(2))
    assert together.games() == 4 and len(together) == 8
    assert sorted({(row.game, row.seed) for row in together}) == [
        (0, 0), (1, 1), (2, 1000), (3, 1001)
    ]  # fmt: skip
    assert together.win_shares()["random"][3] == 8


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seat,game\n", "not an arena table"),
        ("game,seed,seat,bot,score,win,winner,decisions,length,seconds\n1,2,3\n", "line 2 has 3"),
        (
            "game,seed,seat,bot,score,win,winner,decisions,length,seconds\n"
            "0,1,0,random,x,1.0,True,3,9,0.1\n",
            "line 2: invalid literal",
        ),
    ],
)
def test_a_malformed_table_is_refused(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(ValueError, match=message):
        Results.from_csv(path)


def test_any_executor_gives_the_same_games() -> None:
    args = ("twistytracks", ["random", "search:iterations=3"])
    inline = tournament(*args, games=3, seed=5, executor="inline", progress=False)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        threads = tournament(*args, games=3, seed=5, executor=pool, progress=False)
    processes = tournament(*args, games=3, seed=5, progress=False)  # the default process pool
    assert strip_time(inline) == strip_time(threads) == strip_time(processes)


def test_a_small_tournament_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as client:
        results = tournament(
            "minirails", ["random", "greedy"], games=4, seed=1,
            executor=client.get_executor(), progress=False,
        )  # fmt: skip
    assert results.games() == 4 and not results.errors
    local = tournament("minirails", ["random", "greedy"], games=4, seed=1, executor="inline",
                       progress=False)  # fmt: skip
    assert strip_time(results) == strip_time(local)


class BreaksAfter(cf.Executor):
    """Runs jobs inline, then breaks: its ``n``-th submission raises (a lost cluster)."""

    def __init__(self, n: int, fail_in_future: bool = False) -> None:
        self.n, self.sent, self.fail_in_future = n, 0, fail_in_future

    def submit(self, fn, /, *args: Any, **kwargs: Any) -> cf.Future:  # type: ignore[override]
        self.sent += 1
        future: cf.Future = cf.Future()
        if self.sent == self.n and self.fail_in_future:
            future.set_exception(cf.process.BrokenProcessPool("a worker died"))
        elif self.sent >= self.n and not self.fail_in_future:
            raise RuntimeError("cannot schedule new futures after shutdown")
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_an_executor_failing_midway_returns_what_finished() -> None:
    with pytest.warns(ArenaWarning, match="3 of 5 game.* did not finish.*the 2 that did"):
        results = tournament("minirails", ["random", "random"], games=5,
                             executor=BreaksAfter(3), progress=False)  # fmt: skip
    assert results.games() == 2 and results.errors == [
        "games 2–4 were not started: RuntimeError: cannot schedule new futures after shutdown"
    ]
    with pytest.warns(ArenaWarning, match="1 of 4"):
        results = tournament("minirails", ["random", "random"], games=4,
                             executor=BreaksAfter(2, fail_in_future=True), progress=False)  # fmt: skip
    assert results.games() == 3
    assert results.errors[0].startswith("game 1 (seed 1) failed: BrokenProcessPool: a worker died")
    assert "failed" in results.summary()


@pytest.mark.parametrize(
    ("bots", "kwargs", "message"),
    [
        (["search:seconds=0"], {}, "seconds must be more than 0"),
        (["search:iterations=-5"], {}, "iterations must be a whole number above 0"),
        (["cleverbot"], {}, "there is no bot 'cleverbot' for Mini Rails"),
        (["search:depth=3"], {}, "unexpected keyword argument 'depth'"),
        (["random"], {"games": 0}, "games must be a whole number above 0"),
        (["random"], {"players": 9}, "Mini Rails is for 2–5 players, not 9"),
        ([], {}, "non-empty list"),
        (["random"], {"executor": "cluster"}, "must be a concurrent.futures.Executor"),
    ],
)
def test_bad_input_is_refused_before_any_game(bots, kwargs, message) -> None:
    kwargs.setdefault("players", 2)
    with pytest.raises(ValueError, match=message):
        tournament("minirails", bots, progress=False, **kwargs)


def test_a_bot_handed_a_view_of_another_game_says_so() -> None:
    with pytest.raises(OptionError, match="no bot 'minimax' for Twisty Tracks"):
        make_bot("minimax", "twistytracks", seed=1)
    view = twistytracks.Game(players=2, seed=1).view(0)
    with pytest.raises(RecordError, match="handed a view of Twisty Tracks"):
        minirails.GreedyBot(seed=1).choose(view)
    with pytest.raises(RecordError, match="no game called 'chess'"):
        tournament("chess", ["random"], progress=False)


def test_the_command_line(tmp_path, capsys) -> None:
    out = tmp_path / "t.csv"
    code = main(["twistytracks", "random", "search:iterations=2", "--games", "2", "--quiet",
                 "--workers", "1", "--csv", str(out)])  # fmt: skip
    printed = capsys.readouterr().out
    assert code == 0 and "search:iterations=2" in printed and "4 rows written" in printed
    assert out.read_text().startswith("game,seed,seat,bot")
    with pytest.raises(SystemExit) as exit_:
        main(["minirails", "nobot", "random", "--quiet"])
    assert exit_.value.code == 2
    assert "there is no bot 'nobot'" in capsys.readouterr().err


def test_wilson_intervals_hold_the_share() -> None:
    low, high = wilson(3, 10)
    assert low < 0.3 < high
    assert wilson(0, 0) == (0.0, 1.0)
    assert SeatResult.__dataclass_fields__.keys() >= {"bot", "win", "seconds"}


def test_a_random_bot_may_pick_the_kind_of_action_first() -> None:
    from railwidgets import offtherails

    bot = make_bot("random:by_kind=True", "offtherails", seed=1)
    game = offtherails.Game(players=2, seed=2)
    game.apply(offtherails.ChooseSide("N"))
    kinds = {bot.choose(game.view(game.current_player)).kind for _ in range(40)}
    assert {"place_tile", "place_cart"} <= kinds  # a few cart moves among 800 tile moves


def test_27_15_a_saved_notebook_keeps_the_progress_bar_as_it_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where widgets do not run, a saved notebook shows the bar's text: "2/2", not "0/2"."""
    from pathlib import Path

    import nbformat
    from nbclient import NotebookClient

    repo = Path(__file__).resolve().parents[2]
    monkeypatch.setenv("PYTHONPATH", str(repo))  # the kernel imports this checkout
    code = (
        "from railwidgets.arena import tournament\n"
        'results = tournament("twistytracks", ["random", "random"], games=2, executor="inline")'
    )
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(repo)}}).execute()
    bars = [
        "".join(output["data"]["text/plain"])
        for output in nb.cells[0].outputs
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    assert len(bars) == 1, nb.cells[0].outputs
    assert "2/2" in bars[0] and "100%" in bars[0] and "0/2" not in bars[0]
