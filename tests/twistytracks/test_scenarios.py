"""The prepared positions of the tutorial do what §2.16's worked examples say."""

from __future__ import annotations

from railwidgets.twistytracks import PlaceTile, scenarios


def trains(game, seat: int = 0) -> dict:
    return game.position()["players"][seat]["trains"]


def test_E1() -> None:
    game = scenarios.e1()
    game.apply(PlaceTile(0, 1, (1, 2), 0))
    assert trains(game)["red"]["at"] == [0, 2, 3] and trains(game)["blue"]["at"] == [2, 2, 6]
    assert game.scores() == [2]


def test_E2_both_rotations() -> None:
    game = scenarios.e2()
    game.apply(PlaceTile(0, 3, (1, 2), 0))
    assert {t["state"] for c, t in trains(game).items() if c in ("red", "blue")} == {"crashed"}
    game = scenarios.e2()
    game.apply(PlaceTile(0, 3, (1, 2), 1))
    assert trains(game)["red"]["at"] == [1, 1, 5] and trains(game)["blue"]["at"] == [1, 1, 4]


def test_E3_and_E3b() -> None:
    game = scenarios.e3()
    game.apply(PlaceTile(0, 8, (0, 2), 0))
    assert trains(game)["red"]["station"] == "SW" and trains(game)["red"]["travel"] == 5
    game = scenarios.e3b()
    game.apply(PlaceTile(0, 2, (0, 2), 3))
    assert trains(game)["red"]["at"] == [1, 1, 5] and trains(game)["red"]["travel"] == 5


def test_E4() -> None:
    game = scenarios.e4()
    game.apply(PlaceTile(0, 5, (4, 2), 0))
    assert trains(game)["green"]["travel"] == 5 and trains(game)["yellow"]["travel"] == 3
    assert game.position()["players"][0]["station_points"] == 10


def test_E5() -> None:
    game = scenarios.e5()
    assert game.position()["stations"]["SE"]["spaces"] == [[], [], ["marked"]]
    for action in scenarios.E5_ROUND_6:
        game.apply(action)
    se = game.position()["stations"]["SE"]
    assert se["spaces"] == [[[0, "green"]], [[0, "yellow"], [1, "red"]], ["marked"]]
    assert [p["station_points"] for p in game.position()["players"]] == [10, 5, 0]
    for action in scenarios.E5_ROUNDS_7_8:
        game.apply(action)
    assert trains(game, 2)["blue"]["station"] == "SE"
    assert game.position()["stations"]["SE"]["penalty"] == [[2, "blue"]]
    assert game.position()["players"][2]["station_points"] == 0
