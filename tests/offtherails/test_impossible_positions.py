"""Positions that no game can reach are refused, naming the problem (§2.18, §2.19).

A position is something people share; a game built from one that cannot happen
may never end (a deck without the Chasm card) or count jewels that do not exist.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from railwidgets import offtherails as otr
from railwidgets.core import RandomBot
from railwidgets.core.errors import RecordError
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.components import COLOURS
from tests.offtherails.scenario import cart, game

Change = Callable[[dict[str, Any]], None]


def _position(players: int = 2, turns: int = 4, seed: int = 3) -> dict[str, Any]:
    """A position a few decisions into a real game."""
    game = otr.Game(players=players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(turns):
        game.apply(bot.choose(game))
    return copy.deepcopy(game.position())


def _swap_kind(p: dict[str, Any]) -> None:
    """One item in the bag turns into another kind."""
    p["bag"]["rock"] -= 1
    p["bag"]["diamond"] = p["bag"].get("diamond", 0) + 1


def _drop_chasm_card(p: dict[str, Any]) -> None:
    p["deposit_deck"].remove("chasm")


def _chasm_card_too_high(p: dict[str, Any]) -> None:
    p["deposit_deck"].remove("chasm")
    p["deposit_deck"].insert(len(p["deposit_deck"]) - 2, "chasm")


def _chasm_card_twice(p: dict[str, Any]) -> None:
    p["deposit_deck"].append("chasm")


def _card_twice(p: dict[str, Any]) -> None:
    p["deposit_deck"][0] = p["removed_cards"][0]


def _removed_card_back(p: dict[str, Any]) -> None:
    p["deposit_deck"].insert(0, p["removed_cards"].pop())


def _token_lost(p: dict[str, Any]) -> None:
    p["chasm_supply"]["green"] -= 1


def _token_before_collapse(p: dict[str, Any]) -> None:
    p["chasm_supply"]["red"] -= 1
    p["squares"].append({"square": [0, 0], "tile": None, "items": {}, "chasm": "red"})


def _mission_lost(p: dict[str, Any]) -> None:
    p["missions"]["deck"].pop()


def _sides_not_opposite(p: dict[str, Any]) -> None:
    first = p["turn"]["first_player"]
    p["sides"][1 - first] = {"N": "E", "E": "S", "S": "W", "W": "N"}[p["sides"][first]]


def _drawn_without_chasm_card(p: dict[str, Any]) -> None:
    p["final_round"]["turns_left"] = 2


def _collapsed_early(p: dict[str, Any]) -> None:
    p["final_round"]["collapsed"] = True


def _over_without_reason(p: dict[str, Any]) -> None:
    p["ended"] = "because"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_swap_kind, r"position bag: 11 rocks are in play .* not the 12 of the game"),
        (_drop_chasm_card, "the Chasm card is neither in the deck nor drawn"),
        (_chasm_card_too_high, "4–8 cards below it, not 2"),
        (_chasm_card_twice, "a card is in two places or twice"),
        (_card_twice, "a card is in two places or twice"),
        (_removed_card_back, "removes 2 card"),
        (_token_lost, r"4 green chasm tokens .* not 5"),
        (_token_before_collapse, "no chasm token opens before the collapse"),
        (_mission_lost, "the 11 missions must each be"),
        (_sides_not_opposite, "opposite the first"),
        (_drawn_without_chasm_card, "the Chasm card was drawn: it is no longer in the deck"),
        (_collapsed_early, "after the collapse the chasm deck is empty"),
        (_over_without_reason, "says why it ended exactly when it is over"),
    ],
)
def test_2_18_2_19_impossible_positions_are_refused(change: Change, message: str) -> None:
    position = _position()
    assert otr.Game.from_position(position).position() == position
    change(position)
    with pytest.raises(RecordError, match=message):
        otr.Game.from_position(position)


def test_2_15_solo_the_chasm_card_is_always_in_the_deck() -> None:
    position = _position(players=1, turns=0)
    position["deposit_deck"].remove("chasm")
    with pytest.raises(RecordError, match="in solo the Chasm card goes back into the deck"):
        otr.Game.from_position(position)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_2_18_every_position_of_played_games_loads(players: int) -> None:
    for seed in range(2):
        game = otr.Game(players=players, seed=seed, length="very_short")
        bot = RandomBot(seed)
        for step in range(600):
            if game.is_over:
                break
            if step % 7 == 0:
                assert otr.Game.from_position(game.position()).position() == game.position()
            game.apply(bot.choose(game))


def test_2_18_a_square_is_listed_once() -> None:
    # Found by the fuzz suite: two entries for one square merged into a square with
    # both a tile and a chasm token, and the game's own position then failed to load.
    position = _position()
    position["squares"].append(copy.deepcopy(position["squares"][0]))
    with pytest.raises(RecordError, match=r"squares\[\d+\]\.square: .* is listed twice"):
        otr.Game.from_position(position)


# -- issue 26 item 7: positions that cannot happen, found by hand --------------------------------


def _refused(position: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        otr.Game.from_position(position)


def _final_round(players: int, seed: int = 0) -> dict[str, Any]:
    """A position of a real game just after the Chasm card was drawn (§2.10)."""
    game = otr.Game(players=players, seed=seed, length="very_short")
    bot = RandomBot(seed)
    while game.position()["final_round"]["turns_left"] is None:
        game.apply(bot.choose(game))
    return copy.deepcopy(game.position())


def _collapsed(**options: Any) -> dict[str, Any]:
    """After the collapse, at Red's action phase: one token of each colour on its mine,
    four of each still to draw (§2.10); the deck holds its bottom pile (§2.4.4.6)."""
    p = scenarios.build(
        chasm={(2, 2): "red", (2, 9): "yellow", (9, 9): "green", (9, 2): "blue"},
        chasm_deck={"cards": [], "tokens": False},
        chasm_supply=dict.fromkeys(COLOURS, 4),
        final_round={"turns_left": 0, "collapsed": True, "drawn_token": None},
        options=options,
    )
    p["deposit_deck"] = [card for card in p["deposit_deck"] if card != "chasm"][-4:]
    assert otr.Game.from_position(p).position() == p
    return p


def test_2_4_4_5_deposit_deck_piles_without_one_card_of_each_colour_are_refused() -> None:
    # §2.4.4.5: the deck is piles of four, one card of each colour, cut from the bottom
    position = _position()
    deck = position["deposit_deck"]
    top, second = deck[:4], deck[4:8]  # the top two piles (the Chasm card lies lower)
    a = top.index(next(c for c in top if c.startswith("red")))
    b = second.index(next(c for c in second if c.startswith("yellow")))
    deck[a], deck[4 + b] = deck[4 + b], deck[a]  # two yellows above, two reds below
    _refused(position, r"cards 1–4 from the top .* hold two yellow cards: each pile holds "
             r"one card of each colour \(§2\.4\.4\.5\)")  # fmt: skip
    # §2.4.4.5: a short game stacks 6 − 2 = 4 piles; the four initial deposit cards,
    # turned over at setup (§2.4.4.3), cannot come back as a fifth
    position = _position()
    placed = {*position["deposit_deck"], *position["removed_cards"]}
    placed |= set(position["chasm_deck"]["cards"])
    gone = [f"{c} {n}" for c in COLOURS for n in range(1, 9) if f"{c} {n}" not in placed]
    assert sorted(card.split()[0] for card in gone) == sorted(COLOURS)
    position["deposit_deck"][:0] = gone
    _refused(position, r"5 piles of 4, but a short game stacks 4 \(§2\.4\.4\.5\)")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d_23_fewer_cards_after_the_chasm_card_than_the_final_turns_draw_are_refused(
    players: int,
) -> None:
    # D-23: each of the players' final turns draws a card after the Chasm card
    position = _final_round(players)
    assert position["final_round"]["turns_left"] == players
    assert otr.Game.from_position(position).position() == position
    position["deposit_deck"] = position["deposit_deck"][-(players - 1) :]  # top cards drawn
    _refused(position, rf"{players - 1} card\(s\) left, but {players} final turn\(s\) still to "
             r"come draw one each \(D-23\)")  # fmt: skip
    # §2.4.4.6: 4–8 cards lay below the Chasm card, so enough for every final turn and
    # none drawn yet: 3 cards are too few even where 3 final turns would do
    position["deposit_deck"] = _final_round(players)["deposit_deck"][-3:]
    if players <= 3:
        _refused(position, r"3 card\(s\) left after the Chasm card, not 4–8: it had 4–8 cards "
                 r"below it \(§2\.4\.4\.6\) and 0 final turn\(s\) have drawn")  # fmt: skip
    # before it is drawn: fewer cards below it than final turns to come (4–8, §2.4.4.6)
    position = copy.deepcopy(otr.Game(players=players, seed=5).position())
    deck = [c for c in position["deposit_deck"] if c != "chasm"]
    position["deposit_deck"] = [*deck[: len(deck) - players + 1], "chasm", *deck[-players + 1 :]]
    _refused(position, rf"so 4–8 cards below it, not {players - 1} \(§2\.4\.4\.6\)")


def test_2_5_a_cart_marked_as_moved_during_the_action_phase_is_refused() -> None:
    # §2.5, C-1: the movement phase comes after the action phase, and a new turn starts
    # with no cart moved: at the action phase no cart, even the active player's, has moved
    position = _position()
    assert position["turn"]["stage"] == "actions"
    active = position["turn"]["active"]
    n = next(i for i, c in enumerate(position["carts"]) if c["owner"] == active)
    position["carts"][n]["moved"] = True
    _refused(position, rf"carts\[{n}\]\.moved: no cart has moved yet at the 'actions' stage: "
             r"the movement phase comes after the action phase \(§2\.5, C-1\)")  # fmt: skip


def test_2_11_2_chasm_tokens_not_connected_to_their_colours_collapse_square_are_refused() -> None:
    # §2.11.2: a token opens next to a token of its colour; the first opened on its
    # colour's mine at the collapse (§2.10), so each colour is one group joined side by side
    position = _collapsed()
    position["squares"].append({"square": [1, 2], "tile": None, "items": {}, "chasm": "red"})
    position["chasm_supply"]["red"] = 3
    assert otr.Game.from_position(position).position()["squares"] == sorted(
        position["squares"], key=lambda s: s["square"]
    )  # next to the red token on red mine square 1: possible
    position["squares"][-1]["square"] = [6, 6]
    _refused(position, r"the red chasm token at \(6, 6\) is not connected to the red collapse "
             r"square: a token opens next to one of its colour \(§2\.11\.2\), elsewhere only "
             r"when no square next to its colour is free \(D-25\)")  # fmt: skip
    # §2.10: the collapse opens each colour's first token on its own mine
    position = _collapsed()
    red = next(s for s in position["squares"] if s["chasm"] == "red")
    red["square"] = [6, 6]
    _refused(position, r"no red chasm token on the red mine: the collapse opens one there "
             r"\(§2\.10\)")  # fmt: skip


def test_2_14_2_with_the_chasm_die_a_token_off_its_mine_is_refused() -> None:
    # §2.14.2: the d8 picks a square of the token's own mine, wherever its colour lies
    position = _collapsed(chasm_die=True)
    position["squares"].append({"square": [1, 2], "tile": None, "items": {}, "chasm": "red"})
    position["chasm_supply"]["red"] = 3
    _refused(position, r"with the chasm die every red token opens on the red mine "
             r"\(§2\.10, §2\.14\.2\)")  # fmt: skip


def test_2_15_d_34_a_solo_token_where_no_card_opened_it_is_refused() -> None:
    # §2.15: in solo each token opens on the mine square of a deposit card
    game = otr.Game(players=1, seed=2)
    game.apply(otr.EndActions())  # turn 1 reveals four cards
    position = copy.deepcopy(game.position())
    tokens = [s for s in position["squares"] if s["chasm"]]
    assert tokens and otr.Game.from_position(position).position() == position
    moved = copy.deepcopy(position)
    next(s for s in moved["squares"] if s["chasm"])["square"] = [0, 0]
    _refused(moved, r"squares\[0, 0\]\.chasm: in solo a chasm token opens on the mine square "
             r"of a card \(§2\.15\)")  # fmt: skip
    # D-34: a card opens the chasm with a token of its own colour while one is left
    token = tokens[0]
    colour = token["chasm"]
    other = next(c for c in COLOURS if c != colour)
    token["chasm"] = other
    position["chasm_supply"][colour] += 1
    position["chasm_supply"][other] -= 1
    _refused(position, rf"a {other} token on a {colour} mine square, while {colour} tokens are "
             r"left: .* \(D-34\)")  # fmt: skip


def test_2_4_6_a_mission_row_not_adding_up_to_players_plus_one_is_refused() -> None:
    # §2.4.6: players + 1 missions are turned face up; C-6: a claimed one is not replaced
    position = _position()
    assert len(position["missions"]["face_up"]) == 3
    position["missions"]["face_up"].append(position["missions"]["deck"].pop())
    _refused(position, r"missions\.face_up: 4 face up and 0 claimed, not the 3 \(players \+ 1\) "
             r"turned face up at setup \(§2\.4\.6\): a claimed mission is not replaced \(C-6\)")  # fmt: skip
    position = _position()
    missions = position["missions"]
    missions["claimed"][0].append(missions["face_up"].pop())  # claimed: the row shrinks
    assert otr.Game.from_position(position).position()["missions"] == missions
    missions["face_up"].append(missions["deck"].pop())  # replaced: not in this game
    _refused(position, r"3 face up and 1 claimed, not the 3 \(players \+ 1\)")


def test_2_3_more_tiles_used_than_on_the_board_plus_destroyed_is_refused() -> None:
    # §2.3, D-6: a tile put into play stays on the board until the chasm destroys it;
    # an upgrade swaps a tile and uses none, so the tiles used are exactly those two
    position = _position()
    on_board = sum(1 for s in position["squares"] if s["tile"])
    assert position["tiles"] == {"used": on_board, "destroyed": 0}
    position["tiles"]["used"] += 1
    _refused(position, rf"tiles\.used: {on_board + 1} tiles put into play, but {on_board} on the "
             r"board and 0 destroyed: .* \(§2\.3, D-6\)")  # fmt: skip
    position["tiles"]["used"] -= 2
    _refused(position, rf"tiles\.used: {on_board - 1} tiles put into play, but {on_board} on the "
             r"board")  # fmt: skip


def test_d_25_a_token_opened_away_from_its_closed_in_colour_still_loads() -> None:
    # D-25: with no free square next to red, the red token opens next to any token. Here
    # red's collapse token at (4, 4) is closed in by blue and yellow, each grown side by
    # side from its own collapse square (§2.11.2); the game then places red elsewhere, and
    # the position it reaches loads: the check is no stricter than the rules
    tokens = {(4, 4): "red", (9, 9): "green"}  # red mine square 8, green square 1
    tokens |= dict.fromkeys([(7, 3), (6, 3), (5, 3), (4, 3), (5, 4)], "blue")  # from blue 5
    tokens |= dict.fromkeys([(3, 7), (3, 6), (3, 5), (3, 4), (4, 5)], "yellow")  # from yellow 7
    loop = {(5, 5): "ES", (5, 6): "SW", (6, 6): "NW", (6, 5): "NE"}
    g = game(
        tiles=loop,
        chasm=tokens,
        carts=[cart(1, "white", (5, 5), "E", "S", 1)],
        chasm_deck={"cards": [], "tokens": False},
        chasm_supply={"red": 3, "yellow": 0, "green": 4, "blue": 0},
        final_round={"turns_left": 0, "collapsed": True, "drawn_token": "red"},
        turn__stage="chasm",
    )
    targets = {a.square for a in g.legal_actions()}
    assert (2, 4) in targets and not targets & {(3, 4), (5, 4), (4, 3), (4, 5)}
    g.apply(otr.PlaceChasm((2, 4)))  # next to yellow: red has two groups now
    position = g.position()
    assert otr.Game.from_position(position).position() == position
