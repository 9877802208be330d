"""The arena: many games between bots, seats rotated, on any ``concurrent.futures`` executor.

>>> results = tournament("minirails", ["random", "greedy", "search:iterations=5"],
...                      games=3, seed=1, executor="inline", progress=False)
>>> len(results), sorted(results.bots())
(9, ['greedy', 'random', 'search:iterations=5'])
>>> print(results.to_csv().splitlines()[0])
game,seed,seat,bot,score,win,winner,decisions,length,seconds

Game ``k`` is played with seed ``seed + k``, and its seats are the bots rotated by
``k`` places, so every bot sits in every seat equally often over ``players``
games. Each game is one job on the executor: a process pool by default (one
worker per core), any ``concurrent.futures.Executor`` you pass (a thread pool,
a process pool you keep), or a Dask cluster's::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")     # or Client() for a local cluster
    results = tournament("offtherails", ["search", "random"], games=2000,
                         executor=client.get_executor())

(``pip install 'railwidgets[arena]'`` brings Dask and the progress bar.) A game
that fails, or an executor that breaks midway, does not lose the games that
finished: they are returned, ``results.errors`` says what failed, and a warning
is shown. Bots are named as ``name`` or ``name:option=value,...``: ``random``,
``greedy`` (a game's own bot, where it has one), the search bot's levels
``search-easy``, ``search`` (medium) and ``search-hard``, or a search bot of a budget
of your own, ``search:seconds=0.5``.
"""

from __future__ import annotations

import ast
import concurrent.futures as cf
import csv
import importlib
import io
import math
import os
import time
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from railwidgets.core.bots import Bot, RandomBot, handed
from railwidgets.core.errors import OptionError
from railwidgets.core.game import Game, game_class
from railwidgets.core.search import SEARCH_SEATS, SearchBot

__all__ = [
    "ArenaWarning",
    "Results",
    "SeatResult",
    "bot_names",
    "ladder",
    "make_bot",
    "play",
    "tournament",
    "wilson",
]

GAMES = ("minirails", "offtherails", "twistytracks")


class ArenaWarning(UserWarning):
    """Some games of a tournament failed; the others are returned."""


# -- bots by name ------------------------------------------------------------------------------


def _parse(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq:
            raise OptionError(f"bot {spec!r}: write options as key=value, not {part!r}")
        try:
            options[key.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            options[key.strip()] = value.strip()
    return name.strip(), options


def _game_bot(game: str, name: str) -> type | None:
    """A game's own bot class (``railwidgets.<game>.bots.GreedyBot``), if it has one."""
    try:
        module = importlib.import_module(f"railwidgets.{game}.bots")
    except ModuleNotFoundError:
        return None
    return getattr(module, "GreedyBot", None) if name == "greedy" else None


def bot_names(game: str) -> list[str]:
    """The bots the arena can make for ``game``: the seat kinds of the widgets and tables
    (the search bot at each level, ``search`` being medium).

    >>> bot_names("minirails")
    ['random', 'search-easy', 'search', 'search-hard', 'greedy']
    """
    return ["random", *SEARCH_SEATS] + (["greedy"] if _game_bot(game, "greedy") else [])


def make_bot(spec: str, game: str, seed: int) -> Bot:
    """The bot named by ``spec`` for ``game``, seeded (a clear ``OptionError`` otherwise).

    ``search-easy``, ``search`` and ``search-hard`` are the search bot's levels
    (:data:`~railwidgets.core.search.LEVELS`), as in the widgets' seats; options change
    them, but ``search`` with options is a search bot of that budget alone
    (``search:seconds=0.5``).

    >>> make_bot("search:iterations=50", "twistytracks", seed=1)
    SearchBot(iterations=50)
    >>> make_bot("search-hard", "twistytracks", seed=1)
    SearchBot(iterations=1600)
    >>> make_bot("clever", "minirails", seed=1)
    Traceback (most recent call last):
    ...
    railwidgets.core.errors.OptionError: there is no bot 'clever' for Mini Rails (known for it: random, search-easy, search, search-hard, greedy)
    """
    if not isinstance(spec, str):
        raise OptionError(f"a bot is named by a string such as 'search:seconds=0.5', not {spec!r}")
    name, options = _parse(spec)
    try:
        if name == "random":
            return RandomBot(seed=seed, **options)
        if name == "search" and options:
            return SearchBot(seed=seed, **options)
        if name in SEARCH_SEATS:
            return SearchBot.at(SEARCH_SEATS[name], seed, **options)
        cls = _game_bot(game, name)
        if cls is None:
            known = ", ".join(bot_names(game))
            title = game_class(game).TITLE
            raise OptionError(f"there is no bot {name!r} for {title} (known for it: {known})")
        return cls(seed=seed, **options)  # type: ignore[no-any-return]
    except TypeError as err:
        raise OptionError(f"bot {spec!r}: {err}") from None


# -- one game ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatResult:
    """How one seat of one game went: one row of the tidy table."""

    game: int  # the game's number in the tournament
    seed: int
    seat: int
    bot: str
    score: int
    win: float  # the seat's share of the win: 1, 1/k on a k-way shared win, else 0
    winner: bool
    decisions: int  # this seat's decisions
    length: int  # every decision of the game
    seconds: float  # this seat's thinking time


def play(
    game: str, options: Mapping[str, Any], seats: Sequence[str], seed: int
) -> tuple[Game, list[int], list[float]]:
    """Play one game to its end, each seat's bot handed only its view.

    Returns the finished game, each seat's decisions and its thinking time.

    >>> played, decisions, _ = play("twistytracks", {}, ["random", "random"], seed=3)
    >>> played.is_over, sum(decisions) == len(played.history)
    (True, True)
    """
    cls = game_class(game)
    played: Game = cls(players=len(seats), seed=seed, **options)
    bots = [make_bot(spec, game, seed * 100 + seat) for seat, spec in enumerate(seats)]
    decisions = [0] * len(seats)
    seconds = [0.0] * len(seats)
    while not played.is_over:
        seat = played.current_player
        assert seat is not None
        start = time.perf_counter()
        action = bots[seat].choose(handed(played, seat))  # a game rebuilt from its view
        seconds[seat] += time.perf_counter() - start
        played.apply(action)
        decisions[seat] += 1
    return played, decisions, seconds


def play_game(
    game: str,
    options: Mapping[str, Any],
    seats: Sequence[str],
    number: int,
    seed: int,
    record: bool = False,
) -> tuple[list[SeatResult], str | None]:
    """Play one game (the arena's job): one row per seat, and the game's record if asked."""
    played, decisions, seconds = play(game, options, seats, seed)
    winners = played.winners()
    scores = played.scores()
    rows = [
        SeatResult(
            number,
            seed,
            seat,
            spec,
            scores[seat],
            1 / len(winners) if seat in winners else 0.0,
            seat in winners,
            decisions[seat],
            len(played.history),
            round(seconds[seat], 4),
        )
        for seat, spec in enumerate(seats)
    ]
    return rows, played.to_json() if record else None


# -- results --------------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win share (``wins`` of ``n``; shared wins count part).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


#: How a table's cell is read back, by its field's type (see :meth:`Results.from_csv`).
_CELL = {"int": int, "float": float, "str": str, "bool": lambda cell: cell == "True"}


class Results(list[SeatResult]):
    """The rows of a tournament (one per seat per game), with what failed."""

    def __init__(self, rows: Iterable[SeatResult] = (), errors: Iterable[str] = ()):
        super().__init__(rows)
        self.errors: list[str] = list(errors)
        #: Each game's record (``Game.to_json``) by its number, when asked for.
        self.records: dict[int, str] = {}

    def bots(self) -> set[str]:
        return {row.bot for row in self}

    def games(self) -> int:
        return len({row.game for row in self})

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The rows as CSV (a header, then one line per seat per game); written to ``path`` too."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([f.name for f in fields(SeatResult)])
        for row in sorted(self, key=lambda r: (r.game, r.seat)):
            writer.writerow(asdict(row).values())
        text = out.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as file:
                file.write(text)
        return text

    @classmethod
    def from_csv(cls, source: str | os.PathLike[str]) -> Results:
        """Rows written by :meth:`to_csv`, read back from a file's path (or CSV text that
        starts with the header); a malformed table is refused with a ``ValueError``.

        >>> results = tournament("minirails", ["random", "greedy"], games=2, seed=1,
        ...                      executor="inline", progress=False)
        >>> Results.from_csv(results.to_csv()) == sorted(results, key=lambda r: (r.game, r.seat))
        True
        """
        names = [f.name for f in fields(SeatResult)]
        text = str(source)
        if not text.startswith(",".join(names)):
            with open(source, encoding="utf-8", newline="") as file:
                text = file.read()
        reader = csv.reader(io.StringIO(text))
        header = next(reader, None)
        if header != names:
            raise ValueError(f"not an arena table: its header is {header!r}, not {names!r}")
        kinds = {f.name: f.type for f in fields(SeatResult)}
        rows = []
        for number, line in enumerate(reader, start=2):
            if len(line) != len(names):
                raise ValueError(f"line {number} has {len(line)} cells, not {len(names)}")
            try:
                values = {
                    name: _CELL[kinds[name]](cell) for name, cell in zip(names, line, strict=True)
                }
            except ValueError as err:
                raise ValueError(f"line {number}: {err}") from None
            rows.append(SeatResult(**values))
        return cls(rows)

    @classmethod
    def joined(cls, parts: Iterable[Results]) -> Results:
        """Several tournaments' rows as one table, their games numbered on (so that
        batches played apart, say with different seeds, are counted together)."""
        rows: list[SeatResult] = []
        errors: list[str] = []
        for part in parts:
            offset = 1 + max((row.game for row in rows), default=-1)
            rows += [SeatResult(**{**asdict(row), "game": row.game + offset}) for row in part]
            errors += part.errors
        return cls(rows, errors)

    def win_shares(self) -> dict[str, tuple[float, float, float, int]]:
        """Per bot: its win share, the 95% interval, and the seats it played."""
        table = {}
        for bot in sorted(self.bots()):
            wins = [row.win for row in self if row.bot == bot]
            low, high = wilson(sum(wins), len(wins))
            table[bot] = (sum(wins) / len(wins), low, high, len(wins))
        return table

    def summary(self) -> str:
        """A small text table of the win shares."""
        lines = [f"{'bot':<28} {'win share':>9}  {'95% interval':>15} {'seats':>6}"]
        for bot, (share, low, high, n) in self.win_shares().items():
            lines.append(f"{bot:<28} {share:>9.1%}  {low:>6.1%} – {high:>6.1%} {n:>6}")
        if self.errors:
            lines.append(f"{len(self.errors)} game(s) failed: {self.errors[0]}")
        return "\n".join(lines)


# -- the tournament --------------------------------------------------------------------------------


class _Inline(cf.Executor):
    """Runs each job at once in this process (doctests, debugging)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as err:
            future.set_exception(err)
        return future


def tournament(
    game: str,
    bots: Sequence[str],
    games: int = 10,
    *,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    executor: cf.Executor | str | None = None,
    progress: bool = True,
    records: bool = False,
) -> Results:
    """Play ``games`` games of ``game`` between ``bots``, seats rotated (see the module doc).

    ``players`` defaults to the number of bots; with more seats than bots the list
    repeats. ``executor`` is any ``concurrent.futures.Executor`` (kept open),
    ``None`` for a process pool of one worker per core, or ``"inline"``. With
    ``records``, ``results.records`` keeps every game's record (replay it with
    ``Game.from_json`` to look at anything the table leaves out).
    """
    cls = game_class(game)
    if not isinstance(bots, Sequence) or isinstance(bots, str) or not bots:
        raise OptionError("bots must be a non-empty list of bot names such as ['search', 'random']")
    players = len(bots) if players is None else players
    options = dict(options or {})
    cls(players=players, seed=0, **options)  # checks the players and options
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise OptionError(f"games must be a whole number above 0, not {games!r}")
    for spec in bots:
        make_bot(spec, game, 0)  # unknown names and bad budgets fail here, before any game
    jobs = [
        (
            game,
            options,
            [bots[(seat + k) % len(bots)] for seat in range(players)],
            k,
            seed + k,
            records,
        )
        for k in range(games)
    ]
    own = executor is None
    pool: cf.Executor
    if executor is None:
        pool = cf.ProcessPoolExecutor(max_workers=min(os.cpu_count() or 1, games))
    elif executor == "inline":
        pool = _Inline()
    elif isinstance(executor, cf.Executor) or hasattr(executor, "submit"):
        pool = executor  # type: ignore[assignment]
    else:
        raise OptionError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    try:
        return _run(pool, jobs, progress, f"{cls.TITLE}: {' vs '.join(dict.fromkeys(bots))}")
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def ladder(
    game: str,
    bots: Sequence[str],
    games: int = 10,
    *,
    seed: int = 0,
    executor: cf.Executor | str | None = None,
    progress: bool = False,
) -> dict[tuple[str, str], tuple[float, float, float, int]]:
    """Every pair of ``bots`` head to head, two players, ``games`` games a pair with seats
    rotated (:func:`tournament`): for each ordered pair ``(a, b)``, ``a``'s win share
    against ``b``, its 95% interval (:func:`wilson`) and the games played. A shared win
    counts half to each, so ``a``'s share against ``b`` and ``b``'s against ``a`` add
    up to 1.

    >>> table = ladder("minirails", ["random", "greedy"], games=2, executor="inline")
    >>> sorted(table)
    [('greedy', 'random'), ('random', 'greedy')]
    >>> share, low, high, n = table["greedy", "random"]
    >>> round(share + table["random", "greedy"][0], 9), low <= share <= high, n
    (1.0, True, 2)
    """
    table: dict[tuple[str, str], tuple[float, float, float, int]] = {}
    for i, row in enumerate(bots):
        for column in bots[i + 1 :]:
            results = tournament(
                game, [row, column], games, seed=seed, executor=executor, progress=progress
            )
            share, low, high, n = results.win_shares()[row]
            table[row, column] = (share, low, high, n)
            table[column, row] = (1 - share, 1 - high, 1 - low, n)
    return table


def _run(pool: cf.Executor, jobs: list[tuple], progress: bool, title: str) -> Results:
    results, errors = Results(), []
    futures: dict[cf.Future[list[SeatResult]], tuple] = {}
    for job in jobs:
        try:
            futures[pool.submit(play_game, *job)] = job
        except Exception as err:  # the executor broke (or was shut down) before all were sent
            errors.append(f"games {job[3]}–{jobs[-1][3]} were not started: {_describe(err)}")
            break
    bar = _progress_bar(len(futures), title, progress)
    try:
        for future in cf.as_completed(futures):
            job = futures[future]
            try:
                rows, record = future.result()
                results.extend(rows)
                if record is not None:
                    results.records[job[3]] = record
            except Exception as err:
                errors.append(f"game {job[3]} (seed {job[4]}) failed: {_describe(err)}")
            bar.update(1)
    finally:
        bar.close()
    results.sort(key=lambda row: (row.game, row.seat))
    results.errors = sorted(errors, key=_game_number) if errors else []
    if errors:
        warnings.warn(
            f"{len(jobs) - results.games()} of {len(jobs)} game(s) did not finish ({errors[0]}); "
            f"the {results.games()} that did are returned (see results.errors)",
            ArenaWarning,
            stacklevel=3,
        )
    return results


def _game_number(error: str) -> int:
    digits = "".join(c if c.isdigit() else " " for c in error).split()
    return int(digits[0]) if digits else -1


def _describe(err: BaseException) -> str:
    return f"{type(err).__name__}: {err}" if str(err) else type(err).__name__


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


class _SavedBar:
    """tqdm's notebook bar, shown under a display id so that, once closed, the output a
    saved notebook keeps says how it ended ("48/48"), not how it began ("0/48").

    Where widgets do not run (GitHub, a JupyterLab that has not run the notebook),
    what shows is that output's text, written when it was displayed (tqdm's own
    ``display`` writes it once, at the start); updating the display at the end
    writes it again (issue 27 item 15).
    """

    def __init__(self, bar: Any) -> None:
        from IPython.display import display

        self.bar = bar
        self.handle = display(bar.container, display_id=True)

    def update(self, n: int) -> None:
        self.bar.update(n)

    def close(self) -> None:
        self.bar.close()
        if self.handle is not None:
            self.handle.update(self.bar.container)


def _progress_bar(total: int, title: str, wanted: bool) -> Any:
    """tqdm's bar: a notebook bar in Jupyter, a text bar in a terminal (if tqdm is there)."""
    if not wanted:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
        from tqdm.notebook import tqdm_notebook
    except ImportError:  # the [arena] extra is not installed: no bar
        return _NoBar()
    if issubclass(tqdm, tqdm_notebook):  # in Jupyter, with ipywidgets
        return _SavedBar(tqdm(total=total, desc=title, unit="game", display=False))
    return tqdm(total=total, desc=title, unit="game")
