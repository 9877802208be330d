"""A search bot that plays every game from its seat's view: information-set MCTS.

:class:`SearchBot` runs single-observer information-set Monte Carlo tree search
(SO-ISMCTS, Cowling, Powley and Whitehouse 2012). Each iteration samples one game
the seat cannot tell from the real one (:meth:`Game.from_view`: another deck order,
another bag, other secret choices, other future chance) and walks the tree with
it: a node's children are actions, and only those legal in this sample compete,
by UCB with *availability* counts (how often a child could have been chosen). A
new action is tried, the game is played on at random for a while (each kind of
action equally likely first; never ending a game early by choice), and the result
(each seat's share of a win, or an estimate from the scores when the roll-out
stops early) is credited to the seat that chose each action on the way.

The bot sees only its seat's view, so it cannot peek: two games that differ only
in what the seat cannot see give it the same view, hence the same decision.

>>> from railwidgets import minirails
>>> game = minirails.Game(players=3, seed=5)
>>> bot = SearchBot(iterations=60, seed=1)
>>> thought = bot.think(game.view(game.current_player))
>>> thought.action in game.legal_actions(), thought.iterations
(True, 60)
>>> SearchBot(iterations=60, seed=1).choose(game.view(game.current_player)) == thought.action
True
>>> print(thought.reason)  # doctest: +ELLIPSIS
Search bot: ... wins in ...% of 60 simulated games (best of ... moves)
"""

from __future__ import annotations

import importlib
import math
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from railwidgets.core.action import Action
from railwidgets.core.bots import View, sampler, seat_view
from railwidgets.core.errors import OptionError
from railwidgets.core.game import Game, ViewSampler

__all__ = ["LEVELS", "SEARCH_SEATS", "Level", "SearchBot", "Thought"]


@dataclass(frozen=True)
class Level:
    """How strongly a search bot plays: the work it does for each decision, and how
    carefully it picks among the moves that work found.

    A level is counted in simulated games (iterations), not seconds: the same level
    plays the same moves on a fast machine and a slow one, and a game with bots at
    any level replays from its seed.
    """

    #: Simulated games per decision.
    iterations: int
    #: It plays one of its ``choices`` best moves, at random (``1``: always its best).
    choices: int = 1


#: The search bot's levels (:meth:`SearchBot.at`), weakest first.
#:
#: ========  ==========  =======================================================
#: level     iterations  plays
#: ========  ==========  =======================================================
#: easy      40          one of its 3 best moves, at random: a beginner can win
#: medium    400         its best move (the "Search bot" seat, and a table's)
#: hard      1600        its best move, from four times medium's look-ahead
#: ========  ==========  =======================================================
#:
#: How they fare against each other and against the games' greedy bots:
#: ``benchmarks/bots.py --ladder`` (the table is in ``notebooks/strategy.ipynb``).
LEVELS: dict[str, Level] = {
    "easy": Level(iterations=40, choices=3),
    "medium": Level(iterations=400),
    "hard": Level(iterations=1600),
}

#: The search bot's seat kinds (New game's seats, a table's seats, the arena's bots),
#: each with its level. ``"search"`` is medium: saved games and tables name it so.
SEARCH_SEATS: dict[str, str] = {"search-easy": "easy", "search": "medium", "search-hard": "hard"}


@dataclass(frozen=True)
class Thought:
    """What a search concluded: the action, how sure it is, and how long it looked."""

    action: Action
    #: The chosen action's average reward for the seat: its share of wins (0–1).
    value: float
    #: Simulated games through the chosen action, and in all.
    visits: int
    iterations: int
    seconds: float
    #: Every root action tried, with its visits and average reward, most visited first.
    ranking: tuple[tuple[Action, int, float], ...]
    cancelled: bool = False
    #: Every root action tried, with the seat's average final score in its simulated
    #: games (estimated where a roll-out stopped before the end): what a hint explains.
    outlook: Mapping[Action, float] = field(default_factory=dict)

    @property
    def runner_up(self) -> tuple[Action, int, float] | None:
        """The best of the other moves the search tried (from :attr:`ranking`), if any."""
        return next((entry for entry in self.ranking if entry[0] != self.action), None)

    @property
    def reason(self) -> str:
        """One line for people: the move and why (its estimated win share)."""
        return (
            f"Search bot: {self.action} wins in {100 * self.value:.0f}% of "
            f"{self.iterations} simulated games (best of {len(self.ranking)} moves)"
        )


@dataclass(eq=False)
class _Node:
    """A node of the tree: reached by ``action``, chosen by ``seat``."""

    action: Action | None = None
    seat: int = -1
    visits: int = 0
    reward: float = 0.0
    points: float = 0.0  # the chooser's final scores (or their estimates), summed
    available: int = 0
    children: dict[Action, _Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


class SearchBot:
    """Information-set MCTS from the seat's view, with an iteration or a time budget.

    ``iterations`` (when given) fixes the work per decision and makes the bot
    deterministic given ``seed``; otherwise it thinks for ``seconds``. A
    ``cancel`` event passed to :meth:`choose`/:meth:`think` is checked between
    iterations (each is a few milliseconds): once set, the best action so far is
    returned at once. ``rollout_limit`` caps the random play after the tree, after
    which the scores say who is ahead: a game's ``estimate(game)`` (its expected
    final scores, from ``railwidgets.<game>.bots`` where it has one) or else its
    running scores. ``rollout_limit=None`` takes the game's ``ROLLOUT_LIMIT`` there
    (200 without one). Where a game ranks its moves (``shortlist(game, size)`` there),
    the search weighs only the ``shortlist`` best at its root (``0``: every move),
    and plays the first of them when its simulations cannot tell the moves apart
    (or when no move beats it by the game's ``FAVOURITE_MARGIN``, see
    :func:`_favourite_margin`). Where a game plays its own roll-outs
    (``rollout(game, rng, limit)`` there, see :func:`_rollout_policy`), they replace
    the random play, the tree stays one level deep, and the root moves take turns on
    common samples (:meth:`_search_paired`). With ``choices`` above 1 it plays gently:
    one of its ``choices`` best moves, at random. :meth:`at` makes the bot of a level
    (easy, medium, hard: :data:`LEVELS`).
    """

    name = "Search bot"

    def __init__(
        self,
        seconds: float = 1.0,
        iterations: int | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = None,
        shortlist: int = 12,
        choices: int = 1,
    ):
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds <= 0:
            raise OptionError(f"the search bot's seconds must be more than 0, not {seconds!r}")
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations <= 0
        ):
            raise OptionError(
                f"the search bot's iterations must be a whole number above 0, not {iterations!r}"
            )
        if rollout_limit is not None and (not isinstance(rollout_limit, int) or rollout_limit < 0):
            raise OptionError(f"rollout_limit must be a whole number ≥ 0, not {rollout_limit!r}")
        if not isinstance(choices, int) or isinstance(choices, bool) or choices < 1:
            raise OptionError(f"choices must be a whole number above 0, not {choices!r}")
        self.seconds = float(seconds)
        self.iterations = iterations
        self.choices = choices
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.shortlist = shortlist
        self._root_legal: list[Action] = []  # the moves weighed at the root
        self._favourites: list[Action] = []
        self._margin = 0.0  # the game's FAVOURITE_MARGIN, noted by the roll-outs
        self._rng = random.Random(seed)
        self.last: Thought | None = None

    @classmethod
    def at(cls, level: str, seed: int | None = None, **options: Any) -> SearchBot:
        """The search bot of ``level`` (``"easy"``, ``"medium"`` or ``"hard"``, see :data:`LEVELS`);
        ``options`` (those of :class:`SearchBot`) change it.

        >>> SearchBot.at("easy", seed=1)
        SearchBot(iterations=40, choices=3)
        >>> SearchBot.at("genius")
        Traceback (most recent call last):
        ...
        railwidgets.core.errors.OptionError: a search bot's level is 'easy', 'medium' or 'hard', not 'genius'
        """
        if level not in LEVELS:
            *first, last = map(repr, LEVELS)
            known = f"{', '.join(first)} or {last}"
            raise OptionError(f"a search bot's level is {known}, not {level!r}")
        chosen = LEVELS[level]
        made = {"iterations": chosen.iterations, "choices": chosen.choices, **options}
        return cls(seed=seed, **made)

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        careless = f", choices={self.choices}" if self.choices > 1 else ""
        return f"SearchBot({budget}{careless})"

    def choose(self, view: View, cancel: threading.Event | None = None) -> Action:
        """The action to play for the seat whose view this is."""
        return self.think(view, cancel).action

    def think(self, view: View, cancel: threading.Event | None = None) -> Thought:
        """Search from ``view`` and say what was found (:class:`Thought`)."""
        view = seat_view(view)
        start = time.perf_counter()
        games = sampler(view)  # the view read once: each iteration draws a game from it
        first = games.draw(self._rng)
        seat = first.current_player
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        legal = first.legal_actions()
        shortlist = _shortlist(type(first)) if self.shortlist else None
        self._favourites = shortlist(first, self.shortlist) if shortlist else []
        moves = set(self._favourites)
        # the seat's own options are the same in every game its view could have come from
        self._root_legal = [a for a in legal if a in moves] if moves else legal
        root = _Node(seat=seat)
        done = 0
        paired = _rollout_policy(type(first)) is not None
        if len(legal) > 1 and paired:
            done = self._search_paired(root, games, start, cancel)
        elif len(legal) > 1:
            while not self._out_of_budget(done, start, cancel):
                game = first if done == 0 else games.draw(self._rng)
                self._iterate(root, game)
                done += 1
        return self._conclude(root, legal, done, start, cancel, by_value=paired)

    # -- one iteration -------------------------------------------------------------------------

    def _out_of_budget(self, done: int, start: float, cancel: threading.Event | None) -> bool:
        if cancel is not None and cancel.is_set():
            return True
        if self.iterations is not None:
            return done >= self.iterations
        return time.perf_counter() - start >= self.seconds

    def _search_paired(
        self, root: _Node, games: ViewSampler, start: float, cancel: threading.Event | None
    ) -> int:
        """One level deep, on common samples: the root moves take turns on each sampled game.

        For a game that plays its own roll-outs. Each iteration plays one root move on a
        sampled game and rolls out; every move is played on the same sample (and the
        same chance after it) before the next sample is drawn, so the differences
        between moves are not drowned by the luck of the draw (common random numbers).
        The game's favourite is tried first: a small budget still weighs it.
        """
        moves = self._favourites or self._root_legal
        children = [root.children.setdefault(a, _Node(a, root.seat)) for a in moves]
        done = 0
        while True:
            world = self._rng.getrandbits(64)
            for child in children:
                if self._out_of_budget(done, start, cancel):
                    return done
                chance = random.Random(world)
                game = games.draw(chance)
                _advance(game, child.action)  # type: ignore[arg-type]
                shares, scores = self._rollout(game, chance)
                child.visits += 1
                child.reward += shares[root.seat]
                child.points += scores[root.seat]
                root.visits += 1
                done += 1

    def _iterate(self, root: _Node, game: Game) -> None:
        rng, path, node = self._rng, [root], root
        while not game.is_over:  # select while every legal action has been tried
            legal = self._root_legal if node is root else game.legal_actions()
            untried = [a for a in legal if a not in node.children]
            seat = game.current_player
            assert seat is not None
            if untried:  # expand one new action
                action = _pick(rng, untried)
                child = node.children[action] = _Node(action, seat)
                for a in legal:
                    if a in node.children:
                        node.children[a].available += 1
                _advance(game, action)
                path.append(child)
                break
            for a in legal:
                node.children[a].available += 1
            node = max((node.children[a] for a in legal), key=self._score)
            _advance(game, node.action)  # type: ignore[arg-type]
            path.append(node)
        shares, scores = self._rollout(game)
        for step in path[1:]:
            step.visits += 1
            step.reward += shares[step.seat]
            step.points += scores[step.seat]
        root.visits += 1

    def _score(self, node: _Node) -> float:
        return node.ucb(self.exploration)

    def _rollout(
        self, game: Game, rng: random.Random | None = None
    ) -> tuple[list[float], list[float]]:
        """Play ``game`` on; each seat's share of the win, and its final score (estimated
        where the play stopped before the end)."""
        rng = rng or self._rng
        limit, estimate = _game_hints(type(game))
        limit = limit if self.rollout_limit is None else self.rollout_limit
        play = _rollout_policy(type(game))
        self._margin = _favourite_margin(type(game))
        if play is not None:  # the game's own policy, as far as it thinks useful
            play(game, rng, limit)
            return _outcome(game, estimate)
        for _ in range(limit):
            if game.is_over:
                break
            legal = game.legal_actions()
            _advance(game, _pick(rng, [a for a in legal if a.kind != "end_now"] or legal))
        return _outcome(game, estimate)

    # -- the answer ----------------------------------------------------------------------------

    def _conclude(
        self,
        root: _Node,
        legal: list[Action],
        done: int,
        start: float,
        cancel: threading.Event | None,
        by_value: bool = False,
    ) -> Thought:
        # the most visited move is the tree's choice; on common samples, the best on average
        ranking = sorted(
            ((n.action, n.visits, n.reward / n.visits) for n in root.children.values() if n.visits),
            key=(lambda e: (-e[2], -e[1])) if by_value else (lambda e: (-e[1], -e[2])),
        )
        values = [value for _, _, value in ranking]
        favourite = next(
            (e for e in ranking if self._favourites and e[0] == self._favourites[0]), None
        )
        if ranking and favourite and max(values) - min(values) < 1e-9:
            # the simulations cannot tell the moves apart: play the game's favourite
            action, visits, value = favourite
        elif favourite and favourite[2] >= ranking[0][2] - self._margin - 1e-9:
            # the favourite does (about) as well as the best: the game's knowledge decides
            action, visits, value = favourite
        elif ranking:
            action, visits, value = ranking[0]
        else:  # one legal action, or cancelled before the first iteration
            action, visits, value = legal[0], 0, 0.0
        if self.choices > 1 and len(ranking) > 1:  # a gentler level: one of its best few
            action, visits, value = self._rng.choice(ranking[: self.choices])
        thought = Thought(
            action,  # type: ignore[arg-type]
            value,
            visits,
            done,
            time.perf_counter() - start,
            tuple(ranking),  # type: ignore[arg-type]
            cancelled=cancel is not None and cancel.is_set(),
            outlook={n.action: n.points / n.visits for n in root.children.values() if n.visits},
        )
        self.last = thought
        return thought


def _pick(rng: random.Random, actions: list[Action]) -> Action:
    """An action at random, each kind of action equally likely first.

    Where one kind has hundreds of actions (every tile on every square) and
    another a handful (move a cart, end the phase), trying kinds evenly keeps
    the few from drowning in the many.
    """
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        kinds.setdefault(action.kind, []).append(action)
    if len(kinds) == 1:
        return rng.choice(actions)
    return rng.choice(kinds[rng.choice(list(kinds))])


def _advance(game: Game, action: Action) -> None:
    """Play an action just taken from ``game.legal_actions()`` on a sampled game.

    The search's games are its own and are thrown away: the action is legal by
    construction, so the checks and the undo snapshot of :meth:`Game.apply` are skipped.
    """
    game._apply(action)


_HINTS: dict[type, tuple[int, Callable[[Game], list[float]] | None]] = {}
_SHORTLISTS: dict[type, Callable[[Game, int], list[Action]] | None] = {}
_POLICIES: dict[type, Callable[[Game, random.Random, int], None] | None] = {}
_MARGINS: dict[type, float] = {}


def _game_module(cls: type[Game]) -> Any:
    try:
        return importlib.import_module(f"railwidgets.{cls.NAME}.bots")
    except ModuleNotFoundError:
        return None


def _game_hints(cls: type[Game]) -> tuple[int, Callable[[Game], list[float]] | None]:
    """A game's roll-out length and score estimate (``railwidgets.<game>.bots``), if any."""
    if cls not in _HINTS:
        module = _game_module(cls)
        _HINTS[cls] = (getattr(module, "ROLLOUT_LIMIT", 200), getattr(module, "estimate", None))
    return _HINTS[cls]


def _shortlist(cls: type[Game]) -> Callable[[Game, int], list[Action]] | None:
    """A game's ``shortlist(game, size)``: its most promising moves, best first, if it has one."""
    if cls not in _SHORTLISTS:
        _SHORTLISTS[cls] = getattr(_game_module(cls), "shortlist", None)
    return _SHORTLISTS[cls]


def _favourite_margin(cls: type[Game]) -> float:
    """How much better (in win share) a move must look than the game's favourite to be
    played instead: a game's ``FAVOURITE_MARGIN`` (``railwidgets.<game>.bots``), else 0.

    A search of a few dozen samples a move is noisy; where a game's own ranking of
    moves (``shortlist``) knows plans longer than the search sees, a small margin
    keeps the search from trading a good plan for a lucky sample.
    """
    if cls not in _MARGINS:
        _MARGINS[cls] = getattr(_game_module(cls), "FAVOURITE_MARGIN", 0.0)
    return _MARGINS[cls]


def _rollout_policy(cls: type[Game]) -> Callable[[Game, random.Random, int], None] | None:
    """A game's ``rollout(game, rng, limit)``, if it has one (``railwidgets.<game>.bots``).

    It plays the sampled game on in place, at most ``limit`` decisions, with the
    game's own policy (moves a sensible player would make, not uniform picks), and
    may stop earlier (say at a turn boundary); the search then scores where it
    stopped with the game's ``estimate``. Random play in a game of long plans says
    little about a move, and its one random move under each root move (the tree's
    next level) would drown the differences between root moves: so where a game
    plays its own roll-outs the tree stays one level deep (each root move is
    judged by the policy's play after it, every move on the same samples).
    """
    if cls not in _POLICIES:
        _POLICIES[cls] = getattr(_game_module(cls), "rollout", None)
    return _POLICIES[cls]


def rewards(game: Game, estimate: Callable[[Game], list[float]] | None = None) -> list[float]:
    """Each seat's share of a win: exact once the game is over, else guessed from the scores.

    Solo, the score itself (squashed into 0–1) is the reward. A running score is how each game would end now; a seat's guessed chance is a
    logistic of its lead over the best rival, scaled to the size of the scores.

    >>> from railwidgets import twistytracks
    >>> rewards(twistytracks.Game(players=2, seed=1))
    [0.5, 0.5]
    """
    return _outcome(game, estimate)[0]


def _outcome(
    game: Game, estimate: Callable[[Game], list[float]] | None = None
) -> tuple[list[float], list[float]]:
    """Each seat's share of a win (:func:`rewards`) and the scores it was judged from."""
    n = game.num_players
    scores = game.scores() if estimate is None or game.is_over else estimate(game)
    scores = [float(score) for score in scores]
    if n == 1:  # solo: the higher the score the better (every solo game "ends won")
        return [0.5 + 0.5 * scores[0] / (abs(scores[0]) + 20)], scores
    if game.is_over:
        winners = game.winners()
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(n)], scores
    scale = 2.0 + 0.2 * max(abs(s) for s in scores)
    result = []
    for seat, score in enumerate(scores):
        lead = score - max(s for other, s in enumerate(scores) if other != seat)
        result.append(1 / (1 + math.exp(-lead / scale)))
    return result, scores
