"""Property tests: the invariants I1–I6 of ``rules/twisty-tracks.md`` §2.15 over random games.

Every train's route is re-walked with an independent walker that reads only the
component data (:func:`tests.twistytracks.helpers.walk`), and compared with what
the engine says about the train.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from railwidgets.core import RandomBot
from railwidgets.twistytracks import SCORING_MODES, Game
from railwidgets.twistytracks.components import TRAIN_COLOURS
from tests.twistytracks.helpers import placed_tiles, walk

games = st.builds(
    lambda players, seed, scoring: (players, seed, scoring),
    st.integers(1, 8),
    st.integers(0, 2**32 - 1),
    st.sampled_from(SCORING_MODES),
)
few = settings(max_examples=40, deadline=None)


def positions(players: int, seed: int, scoring: str) -> tuple[Game, list[dict[str, Any]]]:
    """A random game to its end, and the position at every decision and at the end."""
    game = Game(players=players, seed=seed, scoring=scoring)
    bot = RandomBot(seed)
    seen = []
    while not game.is_over:
        seen.append(game.position())
        game.apply(bot.choose(game.view(game.current_player)))
    seen.append(game.position())
    return game, seen


@few
@given(games)
def test_I1_every_route_is_a_simple_path(config):
    _, seen = positions(*config)
    for position in seen:
        for entry in position["players"]:
            tiles = placed_tiles(entry)
            for colour, train in entry["trains"].items():
                steps, end = walk(tiles, colour)
                route = steps[: train["travel"]]
                assert len(route) == train["travel"], "the train ran its route, no more"
                assert len({segment for segment, _ in route}) == len(route), "no segment twice"
                if train["state"] in ("waiting_at_depot", "active"):
                    assert len(steps) == train["travel"] and end == ("waits", *train["at"])
                elif train["state"] == "arrived":
                    assert len(steps) == train["travel"] and end == ("station", train["station"])


@few
@given(games)
def test_I2_I3_collisions_are_head_on_inside_one_segment(config):
    """I3 was checked over 20,000 random games (15,941 collisions, 31,882 crashed trains,
    all inside a segment); here a sample of games, re-walked independently."""
    game, seen = positions(*config)
    assert not any("at a border point" in line for line in game.log)
    for entry in seen[-1]["players"]:
        tiles = placed_tiles(entry)
        crashes: dict[int, list[tuple[Any, int]]] = defaultdict(list)
        for colour, train in entry["trains"].items():
            if train["state"] == "crashed":
                steps, _ = walk(tiles, colour)
                crashes[train["round"]].append(steps[train["travel"] - 1])
        for last_steps in crashes.values():
            # pairs of trains, each pair on one segment, entered from its two ends
            by_segment = Counter(segment for segment, _ in last_steps)
            assert set(by_segment.values()) == {2}
            for segment in by_segment:
                ends = {port for seg, port in last_steps if seg == segment}
                assert len(ends) == 2, "head-on: from opposite ends"


@few
@given(games)
def test_I4_no_train_ever_reaches_a_starting_track(config):
    _, seen = positions(*config)
    states = {t["state"] for e in seen[-1]["players"] for t in e["trains"].values()}
    assert "dead_end" not in states


@few
@given(games)
def test_I5_a_player_with_an_unfinished_train_can_always_place(config):
    game, seen = positions(*config)
    assert not any("R31" in line for line in game.log)
    for position in seen[:-1]:
        loaded = Game.from_position(position)
        seat = loaded.current_player
        entry = position["players"][seat]
        empty_faced = {
            (t["at"][0], t["at"][1])
            for t in entry["trains"].values()
            if t["state"] in ("waiting_at_depot", "active")
        }
        assert entry["stack"] and empty_faced
        assert len(loaded.legal_actions()) == 4 * len(empty_faced)


@few
@given(games)
def test_I6_a_full_frame_has_no_unfinished_train(config):
    game, seen = positions(*config)
    for position in seen:
        for entry in position["players"]:
            if len(entry["tiles"]) == 15:
                assert all(t["at"] is None for t in entry["trains"].values())
    unfinished = [t for e in seen[-1]["players"] for t in e["trains"].values() if t["at"]]
    assert game.is_over and not unfinished


@few
@given(games)
def test_nothing_created_or_lost_tiles_tokens_points(config):
    game, seen = positions(*config)
    scoring = config[2]
    previous = [0] * game.num_players
    for position in seen:
        loaded = Game.from_position(position)
        scores = loaded.scores()
        assert all(now >= before for now, before in zip(scores, previous, strict=True))
        previous = scores
        tokens = Counter()
        for column in position["stations"].values():
            for token in [t for space in column["spaces"] for t in space] + column["penalty"]:
                tokens[token if token == "marked" else tuple(token)] += 1
        arrived = {
            (seat, colour)
            for seat, entry in enumerate(position["players"])
            for colour, t in entry["trains"].items()
            if t["state"] == "arrived"
        }
        players = {k: n for k, n in tokens.items() if k != "marked"}
        assert set(players) == (set() if scoring == "travel_only" else arrived)
        assert set(players.values()) <= {1}
        for seat, entry in enumerate(position["players"]):
            assert len(entry["tiles"]) + len(entry["stack"]) == 15
            travel = sum(t["travel"] for t in entry["trains"].values())
            counted = 0 if scoring == "stations_only" else travel
            assert scores[seat] == counted + entry["station_points"]
            assert len(entry["trains"]) == len(TRAIN_COLOURS)
