"""Rule tests for missions and scoring (§2.8, §2.13, C-1, C-6, D-24, D-27–D-29)."""

from __future__ import annotations

from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import IllegalActionError
from tests.offtherails.scenario import cart, game, mission_row, snapshot, square

# seat 0 (red, north) drives south down column 4 and leaves on the green (south) track
COLUMN = {(r, 4): "NS" for r in range(9, 12)}
EAST_ROW = {(1, c): "EW" for c in range(9, 12)}


def exit_with(load: dict[str, int], east: bool = False, **kw: Any) -> otr.Game:
    """Seat 0's cart leaves the board with ``load``: south (seat 1's side) or east."""
    if east:
        g = game(tiles=EAST_ROW, carts=[cart(0, "white", (1, 9), "E", "W", 4, load)], **kw)
    else:
        g = game(tiles=COLUMN, carts=[cart(0, "white", (9, 4), "S", "N", 4, load)], **kw)
    g.apply(otr.EndActions())
    return g


def met(g: otr.Game) -> list[int]:
    p = g.position()
    return p["turn"]["met"] if p["turn"]["stage"] == "mission" else []


@pytest.mark.parametrize(
    ("mission", "hit", "miss"),
    [
        (3, {"diamond": 1}, {"gold": 4}),  # M3 Diamonds Aren't Forever
        (6, {"emerald": 2}, {"emerald": 1, "ruby": 1}),  # M6 Green Fingers
        (9, {"ruby": 4}, {"ruby": 3, "rock": 1}),  # M9 Red Leader
        (11, {"gold": 2}, {"gold": 1, "diamond": 1}),  # M11 There's Gold in Them Hills!
    ],
)
def test_2_13_exit_missions(mission: int, hit: dict[str, int], miss: dict[str, int]) -> None:
    missions = mission_row(mission)
    g = exit_with(hit, east=True, missions=missions)
    assert met(g) == [mission]
    assert g.legal_actions() == [otr.ClaimMission(mission), otr.NoClaim()]
    g.apply(otr.ClaimMission(mission))
    p = g.position()
    assert p["missions"]["claimed"][0] == [mission]
    assert p["missions"]["face_up"] == [m for m in missions["face_up"] if m != mission]  # C-6
    assert p["turn"]["active"] == 1
    assert met(exit_with(miss, east=True, missions=missions)) == []


def test_2_13_m1_behind_enemy_lines() -> None:
    """D-15, D-28: rocks are no jewels, and only a side an opponent plays is an enemy line."""
    row = mission_row(1)
    assert 1 in met(exit_with({"ruby": 1}, missions=row))  # green is seat 1's side
    assert 1 not in met(exit_with({"rock": 2}, missions=row))  # rocks are no jewels (D-15)
    assert 1 not in met(exit_with({"ruby": 1}, east=True, missions=row))  # unassigned (D-28)


def test_2_13_one_cart_per_exit() -> None:
    tiles = EAST_ROW | {(4, c): "EW" for c in range(9, 12)}
    g = game(
        tiles=tiles,
        missions=mission_row(11),
        carts=[
            cart(0, "white", (1, 9), "E", "W", 4, {"gold": 1}),
            cart(0, "black", (4, 9), "E", "W", 4, {"gold": 1}),
        ],
    )
    g.apply(otr.EndActions())
    g.apply(otr.ChooseCart("white"))
    assert 11 not in met(g)  # two carts' gold is not added together


def test_2_13_m5_jewel_collector() -> None:
    """D-15: five items with a rock among them are not five jewels."""
    tiles = {(5, 5): "NS", (6, 5): "NS", (7, 5): "NS"}
    for contents, expected in (({"gold": 3}, [5]), ({"gold": 2, "rock": 1}, [])):
        g = game(
            tiles=tiles,
            items={(6, 5): {"ruby": 2}},
            carts=[cart(0, "white", (5, 5), "S", "N", 1, contents)],
            missions=mission_row(5),
        )
        g.apply(otr.EndActions())
        assert met(g) == expected


def test_c_6_m5_is_met_by_a_full_cart_at_the_start_of_the_turn() -> None:
    g = game(
        tiles={(5, 5): "NS", (6, 5): "NS"},
        carts=[cart(0, "white", (5, 5), "S", "N", 1, {"gold": 5})],
        missions=mission_row(5),
        turn={"number": 3, "active": 1, "first_player": 0, "stage": "actions",
              "actions_used": 0, "met": []},
    )  # fmt: skip
    g.apply(otr.EndActions())  # seat 1's turn ends; seat 0's begins with a full cart
    assert g.position()["turn"]["met"] == [5]
    g.apply(otr.EndActions())  # the move changes nothing: the condition stays met
    assert met(g) == [5]


def test_2_13_m10_spice_of_life() -> None:
    full = {"ruby": 1, "emerald": 1, "gold": 1, "diamond": 1}
    g = game(stockpiles=[full, {}], missions=mission_row(10))
    g.apply(otr.EndActions())
    assert g.legal_actions() == [otr.ClaimMission(10), otr.NoClaim()]
    g = game(stockpiles=[{"ruby": 3, "emerald": 1, "gold": 1}, {}], missions=mission_row(10))
    g.apply(otr.EndActions())
    assert g.position()["turn"]["active"] == 1  # no mission step at all


def test_2_8_at_most_one_mission_per_turn() -> None:
    # four players turn five missions face up (§2.4.6): three met, two not
    row = mission_row(1, 3, 4, 6, 11, players=4)
    g = exit_with({"diamond": 1, "gold": 2, "ruby": 2}, players=4, missions=row)
    assert met(g) == [1, 3, 11]
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"not met this turn \(§2\.8\)"):
        g.apply(otr.ClaimMission(6))
    with pytest.raises(IllegalActionError, match=r"2\.8"):
        g.apply(otr.ClaimMission(4))  # Dirty Goblins is never claimed
    assert snapshot(g) == before
    g.apply(otr.ClaimMission(3))
    p = g.position()
    assert p["missions"]["claimed"][0] == [3] and p["turn"]["active"] == 1
    assert 1 in p["missions"]["face_up"] and 11 in p["missions"]["face_up"]  # they lapse


def test_2_8_a_claim_outside_the_mission_step_is_refused() -> None:
    g = game(missions=mission_row(3))
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=r"§2\.6"):
        g.apply(otr.ClaimMission(3))
    assert snapshot(g) == before


# -- scoring (§2.13) -----------------------------------------------------------------------------


def finished(stockpiles: list[dict[str, int]], **kw: Any) -> otr.Game:
    players = len(stockpiles)
    # players + 1 face up (§2.4.6), none that scores: not Dirty Goblins (C-6)
    kw.setdefault("missions", mission_row(*[1, 2, 3, 5, 6][: players + 1], players=players))
    return game(players=players, stockpiles=stockpiles, turn__stage="over", ended="test", **kw)


def test_2_13_stockpile_carts_and_missions() -> None:
    g = finished(
        [{"rock": 2, "ruby": 1, "emerald": 1, "gold": 1, "diamond": 1}, {"gold": 2}],
        missions=mission_row(1, claimed=[[3, 6], []]),
        carts=[cart(0, "white", None, place="gone")],
    )
    # 10 points of jewels + 5 ruby majority + 3 (one cart left) + 8 (two missions)
    assert g.scores() == [26, 6 + 6]
    assert g.winners() == [0]


def test_2_13_ruby_majority_ties_all_score() -> None:
    g = finished([{"ruby": 3}, {"ruby": 3}, {"ruby": 1, "gold": 2}])
    assert g.scores() == [3 + 5 + 6, 3 + 5 + 6, 7 + 6]


def test_d_27_no_ruby_bonus_without_rubies() -> None:
    assert finished([{"gold": 1}, {}]).scores() == [9, 6]


def test_2_13_tie_breaks() -> None:
    """D-15: the tie-break counts jewels, never rocks."""
    # same score: more jewels (rocks excluded) wins, even with more rocks
    g = finished([{"diamond": 1}, {"emerald": 2, "rock": 3}])
    assert g.scores() == [10, 10] and g.winners() == [1]
    # same score and jewels: fewer rocks wins
    g = finished([{"gold": 1, "rock": 2}, {"gold": 1, "rock": 1}])
    assert g.scores() == [9, 9] and g.winners() == [1]
    # all equal: a shared victory
    assert finished([{"gold": 1}, {"gold": 1}]).winners() == [0, 1]


def test_2_13_m4_dirty_goblins() -> None:
    """D-29: tied players all score Dirty Goblins; nobody does with no rocks (C-6: face up only)."""
    goblins = mission_row(1, 2, 3, 4, players=3)
    g = finished([{"rock": 2}, {"rock": 2}, {"rock": 1}], missions=goblins)
    assert g.scores() == [6 + 4, 6 + 4, 6]  # D-29: ties all score
    g = finished([{"ruby": 1}, {}, {}], missions=goblins)
    assert g.scores() == [12, 6, 6]  # nobody with no rocks
    g = finished([{"rock": 2}, {}, {}])
    assert g.scores() == [6, 6, 6]  # C-6: only if it is face up


def test_2_13_m8_a_dropped_pile_of_rocks_alone_is_no_jewel_heist() -> None:
    def hit(pile: str) -> otr.Game:
        g = game(
            tiles={(r, 4): "NS" for r in range(5)},
            missions=mission_row(8),
            carts=[
                cart(0, "white", (1, 4), "S", "N", 3, {"gold": 1}),
                cart(1, "white", (3, 4), "S", "N", 3, {"rock": 1, "ruby": 1}),
            ],
        )
        g.apply(otr.EndActions())
        g.apply(otr.SplitLoad(("rock",), ("ruby",)))  # seat 1 splits its load
        g.apply(otr.PickPile(pile))  # seat 0 picks blind
        return g

    rocks = hit("A")
    assert square(rocks, (3, 4))["items"] == {"rock": 1}
    assert met(rocks) == []
    assert met(hit("B")) == [8]


def test_2_13_m1_near_miss_a_cart_leaving_on_its_own_side() -> None:
    # seat 0 plays north: leaving onto a north (red) starting track is no enemy line
    tiles = {(r, 4): "NS" for r in range(3)}
    g = game(
        tiles=tiles,
        missions=mission_row(1),
        carts=[cart(0, "white", (2, 4), "N", "S", 4, {"ruby": 1})],
    )
    g.apply(otr.EndActions())
    assert g.position()["stockpiles"][0] == {"ruby": 1}  # it did leave, on the north side
    assert met(g) == []


def test_d_24_an_unclaimed_condition_lapses_and_must_be_met_again() -> None:
    # white leaves east with a diamond this turn; black needs two turns to do the same
    g = game(
        tiles=EAST_ROW | {(4, 10): "EW", (4, 11): "EW"},
        missions=mission_row(3),
        carts=[
            cart(0, "white", (1, 9), "E", "W", 4, {"diamond": 1}),
            cart(0, "black", (4, 10), "E", "W", 1, {"diamond": 1}),
        ],
    )
    g.apply(otr.EndActions())
    g.apply(otr.ChooseCart("white"))
    assert met(g) == [3]  # M3 Diamonds Aren't Forever
    g.apply(otr.NoClaim())
    g.apply(otr.EndActions())  # seat 1's turn
    p = g.position()
    assert p["turn"]["active"] == 0 and p["turn"]["met"] == []  # it lapsed
    assert 3 in p["missions"]["face_up"]
    with pytest.raises(IllegalActionError):
        g.apply(otr.ClaimMission(3))
    g.apply(otr.EndActions())  # black leaves with its diamond: met again
    assert met(g) == [3]
    g.apply(otr.ClaimMission(3))
    assert g.position()["missions"]["claimed"][0] == [3]
