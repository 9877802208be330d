"""OffTheRailsWidget without a browser: whole games by clicks and buttons, secrets, refusals."""

from __future__ import annotations

import math
from collections.abc import Hashable

import ipywidgets
import pytest

from railwidgets import OffTheRailsWidget
from railwidgets import offtherails as otr
from railwidgets.core.action import Action
from railwidgets.draw import RecordingPainter
from railwidgets.draw.palette import SELECT
from railwidgets.offtherails import scenarios
from railwidgets.offtherails.bots import GreedyBot
from railwidgets.offtherails.glyphs import RAIL, Track
from railwidgets.offtherails.picks import parts_of
from railwidgets.offtherails.render import LAYOUT as L
from railwidgets.offtherails.render import TALL_LAYOUT, hit_test, mission_box
from tests.offtherails.play import KindBot
from tests.ui.messages import count_messages

SIDES = "NESW"


def option_button(w: OffTheRailsWidget, part: str, value: Hashable) -> ipywidgets.Button:
    for button in w.option_row.children:
        if button._railwidgets_pick == (part, value):  # type: ignore[attr-defined]
            return button
    shown = [b.description for b in w.option_row.children]
    raise AssertionError(f"no button for {part}={value!r}; buttons: {shown}; {w.status_text}")


def moving_square(w: OffTheRailsWidget) -> tuple[int, int]:
    view = w.game.view(w.game.current_player)  # type: ignore[arg-type]
    cart = view["carts"][view["move"]["cart"]]
    return (cart["square"][0], cart["square"][1])


def click_part(w: OffTheRailsWidget, part: str, value: Hashable) -> None:
    """Pick one part the way a person does: a click on the board (where the widget's layout
    draws it), or a button."""
    layout = w.board_layout
    if part == "square":
        w.click(*layout.centre(value))  # type: ignore[arg-type]
    elif part == "exits":
        square = w.choice.picked("square")
        for _ in range(3):  # a click on a side turns the tile to a shape with an exit there
            for letter in str(value):
                w.click(*layout.edge_point(square, SIDES.index(letter), inset=4))  # type: ignore[arg-type]
                if w.choice.picked("exits") == value:
                    return
        raise AssertionError((value, w.choice.picks, w.status_text))
    elif part in ("edge", "nose"):
        w.click(*layout.edge_point(moving_square(w), SIDES.index(str(value)), inset=4))
    elif part == "cart" and w.choice.picked("verb") == "speed":
        view = w.game.view(w.game.current_player)  # type: ignore[arg-type]
        cart = next(
            c for c in view["carts"] if c["owner"] == w.game.current_player and c["name"] == value
        )
        w.click(*layout.centre((cart["square"][0], cart["square"][1])))
    elif part == "mission" and value != "none":
        view = w.game.view(w.game.current_player)  # type: ignore[arg-type]
        x, y, _, h = mission_box(view, int(value), layout)  # type: ignore[call-overload]
        w.click(x + 30, y + h / 2)
    else:
        option_button(w, part, value).click()


def play_by_clicks(w: OffTheRailsWidget, action: Action) -> None:
    """Do what a person does for ``action``: Ready if covered, each part, Confirm if asked."""
    if w.covered:
        w.ready_button.click()
    for part, value in parts_of(action):
        if w.choice.picked(part) != value:
            click_part(w, part, value)
        assert not w.status_error, f"{action}: {w.status_text}"
    if action.kind in w.CONFIRM:
        assert not w.confirm_button.disabled
        w.confirm_button.click()


def test_it_is_a_vbox_of_stock_widgets_with_a_fixed_size_board() -> None:
    w = OffTheRailsWidget(players=4, seed=1)
    assert isinstance(w, ipywidgets.VBox)
    assert w.board.canvas.width == L.width and w.board.canvas.height == L.height
    assert [d.value for d in w.seat_inputs] == ["human", "greedy", "greedy", "greedy"]
    assert isinstance(w.game, otr.Game)


@pytest.mark.parametrize(
    ("players", "layout"),
    [(1, "wide"), (2, "wide"), (3, "wide"), (4, "wide"), (1, "tall"), (4, "tall")],
)
def test_a_whole_hot_seat_game_through_clicks_and_buttons(players: int, layout: str) -> None:
    start = scenarios.build(players) if players > 1 else None
    game = otr.Game.from_position(start, seed=players) if start else otr.Game(players=1, seed=1)
    w = OffTheRailsWidget(game=game, seats=["human"] * players, animate=False, layout=layout)
    reference = game.copy()
    chooser = GreedyBot(seed=players)
    while not w.game.is_over:
        action = chooser.choose(w.game)
        play_by_clicks(w, action)
        reference.apply(action)
        assert w.game.history == reference.history, w.status_text
    assert w.game.to_json() == reference.to_json()
    assert "Game over" in w.status_text
    if players > 1:
        assert "Final" in w.scores.value and "★" in w.scores.value
    else:
        assert w.game.solo_result() in w.status_text


OPTIONS = [
    {"bumper_carts": True},
    {"chasm_die": True},
    {"length": "very_short"},
    {"length": "long"},
    {"end_pickup": "fill"},
    {"drop_rule": "ceil_half"},
    {"cross_is_crossover": True},
    {"start_tracks": "all"},
]


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items())
)
def test_every_variant_plays_to_the_end_with_a_person_and_bots(options: dict) -> None:
    w = OffTheRailsWidget(
        players=3, seed=7, seats=["human", "greedy", "random"], animate=False, **options
    )
    assert all(w.game.options[k] == v for k, v in options.items())
    chooser = KindBot(seed=3)
    while not w.game.is_over:
        assert w.game.current_player == 0  # the bots played at once (no event loop)
        before = len(w.game.history)
        play_by_clicks(w, chooser.choose(w.game.view(0)))
        assert len(w.game.history) > before
    assert "Game over" in w.status_text


def test_the_split_is_never_shown_to_the_mover_before_the_pick() -> None:
    w = OffTheRailsWidget(game=scenarios.rear_end(), seats=["human", "human"])
    play_by_clicks(w, otr.EndActions())
    assert w.covered and w.cover_for == 1  # Green splits, Red must not look
    split = otr.SplitLoad(("gold",), ("ruby", "emerald"))
    play_by_clicks(w, split)  # Ready, then the split button
    assert w.covered and w.cover_for == 0
    w.ready_button.click()
    assert w.viewer == 0 and w.game.current_player == 0
    shown = " ".join(
        [w.status_text, w.recent_view.value, w.log_view.value, w.scores.value, w.to_svg()]
        + [b.description for b in w.option_row.children]
    )
    assert "A: gold" not in shown and "ruby + emerald" not in shown and str(split) not in shown
    assert [b.description for b in w.option_row.children] == ["Pile A", "Pile B"]
    play_by_clicks(w, otr.PickPile("A"))
    assert any("drops 1 gold" in line for line in w.game.log)


def test_a_bot_splitting_keeps_its_piles_secret_from_the_person() -> None:
    w = OffTheRailsWidget(game=scenarios.rear_end(), seats=["human", "greedy"], bot_pause=0)
    play_by_clicks(w, otr.EndActions())
    assert w.game.current_player == 0 and w.game.position()["turn"]["stage"] == "pick"
    assert w.game.view(0)["move"]["collision"]["piles"] is None
    assert "split into" not in w.recent_view.value + w.status_text


def nose_and_cart() -> otr.Game:
    tiles = {(5, 5): "EW", (5, 6): "NESW", (5, 3): "EW", (5, 2): "EW"}
    return scenarios.game(tiles=tiles, carts=[
        scenarios.cart(0, "white", (5, 5), "E", "W", speed=1),
        scenarios.cart(0, "black", (5, 3), "W", "E", speed=1)])  # fmt: skip


def sides() -> otr.Game:
    return otr.Game(players=2, seed=3)


def solo() -> otr.Game:
    return otr.Game(players=1, seed=2)


#: Prepared positions and the decisions a person clicks on them: every kind of §5.
SCRIPTS = {
    "tiles-cart-take": (scenarios.first_turn, [
        otr.PlaceCart("white", (-1, 4)), otr.PlaceTile((0, 4), "NS"),
        otr.PlaceTile((1, 4), "NS"), otr.PlaceTile((2, 4), "NS"), otr.TakeItem("gold")]),
    "upgrade-speed-exit": (scenarios.junction, [
        otr.Upgrade((3, 4), "NES"), otr.ChangeSpeed("white", 1), otr.EndActions(),
        otr.ChooseExit("S")]),
    "split-pick": (scenarios.rear_end, [
        otr.EndActions(), otr.SplitLoad(("gold",), ("ruby", "emerald")), otr.PickPile("B")]),
    "claim": (scenarios.mission_claim, [otr.EndActions(), otr.ClaimMission(3)]),
    "no-claim": (scenarios.head_on, [otr.EndActions(), otr.NoClaim()]),
    "chasm": (scenarios.chasm_phase, [otr.PlaceChasm((2, 1))]),
    "cart-nose": (nose_and_cart, [otr.EndActions(), otr.ChooseCart("white"), otr.SetNose("S")]),
    "side": (sides, [otr.ChooseSide("W")]),
    "end-now": (solo, [otr.EndNow()]),
}  # fmt: skip


def run_script(name: str, layout: str = "wide") -> OffTheRailsWidget:
    make, actions = SCRIPTS[name]
    game = make()
    w = OffTheRailsWidget(game=game, seats=["human"] * game.num_players, layout=layout)
    for action in actions:
        play_by_clicks(w, action)
        assert w.game.history[-1] == action, w.status_text
    return w


@pytest.mark.parametrize("layout", ["wide", "tall"])
@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_decisions_by_clicks_on_prepared_positions(name: str, layout: str) -> None:
    run_script(name, layout)


def test_every_kind_of_decision_can_be_made_by_clicks() -> None:
    done = {action.kind for _, actions in SCRIPTS.values() for action in actions}
    assert done == {a.kind for a in otr.actions.ACTIONS}


def test_a_solo_game_ends_at_once_with_end_now() -> None:
    w = run_script("end-now")
    assert w.game.is_over and "Game over" in w.status_text
    assert run_script("side").game.player_name(0) == "Blue"


@pytest.mark.parametrize(
    ("setup", "picks", "words"),
    [
        (scenarios.first_turn, [("verb", "straight"), ("square", (3, 3))], "mine centre (§2.6 A1)"),
        (scenarios.chasm_phase, [("square", (9, 9))], "§2.11"),
        (scenarios.derailment, [("verb", "speed"), ("cart", "white"), ("delta", 1),
                                ("verb", "speed"), ("cart", "white"), ("delta", 1),
                                ("verb", "speed"), ("cart", "white"), ("delta", 1),
                                ("verb", "speed"), ("cart", "white"), ("delta", 1)], "§2.6 A4"),
        (scenarios.junction, [("verb", "end"), ("edge", "W")], "§2.7.2"),
    ],
    ids=["mine-centre", "chasm-far", "speed-7", "exit-without-rail"],
)  # fmt: skip
def test_bad_picks_change_nothing_and_name_the_rule(setup, picks, words: str) -> None:  # type: ignore[no-untyped-def]
    w = OffTheRailsWidget(game=setup(), seats=["human", "human"])
    for part, value in picks[:-1]:
        w.pick(part, value)
    before = (w.game.position(), w.game.history)
    w.pick(*picks[-1])
    assert w.status_error and words in w.status_text, w.status_text
    assert (w.game.position(), w.game.history) == before


def test_a_third_cart_a_click_off_the_board_and_a_press_during_a_bots_turn() -> None:
    game = scenarios.game(tiles={(0, 4): "NS", (0, 7): "NS"}, carts=[
        scenarios.cart(0, "white", (0, 4), "S", "N"), scenarios.cart(0, "black", (0, 7), "S", "N")])  # fmt: skip
    w = OffTheRailsWidget(game=game, seats=["human", "human"])
    before = w.game.position()
    w.pick("verb", "cart")
    assert w.status_error and "§2.6 A3" in w.status_text, w.status_text
    w.click(-3, 200)
    assert w.status_error and "off the board" in w.status_text
    assert w.game.position() == before
    bots = OffTheRailsWidget(players=2, seed=1, seats=["greedy", "greedy"])
    bots.stop()
    bots.set_game(scenarios.first_turn())
    bots.stop()
    bots.pick("verb", "end")
    assert bots.status_error and "turn" in bots.status_text and not bots.game.history


def test_a_move_is_animated_in_one_message() -> None:
    w = OffTheRailsWidget(game=scenarios.pickups(), seats=["human", "human"])
    frames = w.animation(w.game, otr.EndActions(), w.game)
    assert len(frames) >= 5  # set off, four squares, three pick-ups, stop
    with count_messages() as sent:
        option_button(w, "verb", "end").click()
        assert sent.canvas == 1
    assert w.game.history[-1] == otr.EndActions()


def test_bots_play_a_whole_game_and_the_scores_are_explained() -> None:
    w = OffTheRailsWidget(players=4, seed=5, seats=["greedy"] * 4, animate=False)
    assert w.game.is_over
    assert "Score made of" in w.scores.value and "carts" in w.scores.value
    assert "Game over" in w.status_text
    solo = OffTheRailsWidget(players=1, seed=5, seats=["greedy"], animate=False)
    assert solo.game.solo_result() in solo.status_text and "high score" in solo.scores.value


def test_the_saved_picture_is_the_board_as_shown() -> None:
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "human"])
    bundle = w._repr_mimebundle_()
    from railwidgets.draw.svg import img_svg  # the SVG in the <img>

    svg = img_svg(bundle["text/html"])
    assert svg.startswith("<svg")
    assert "Action phase: 4 of 4 actions left" in svg


# -- issue 27 item 3: turning a tile --------------------------------------------------------------

SHAPES = ("NS", "EW", "NE", "ES", "SW", "NW")


def ghost_shown(w: OffTheRailsWidget, square: tuple[int, int]) -> str | None:
    """The shape of the ghost tile on ``square`` as the widget draws it (its rails on the
    highlights layer), or ``None`` when no ghost is drawn there."""
    painter = RecordingPainter(L.width, L.height, w.LAYERS)
    w.draw_dynamic(painter)
    drawn = [c["segments"] for c in painter.by_name("lines", "highlights") if c["stroke"] == RAIL]
    for shape in SHAPES:
        track = Track()
        track.add(*L.origin(square), L.cell, shape)
        if track.rails in drawn:
            return shape
    assert not drawn, "rails drawn on the highlights layer that are no tile on that square"
    return None


def rotate_button(w: OffTheRailsWidget) -> ipywidgets.Button:
    return next(button for spec, button in w.choice_buttons if spec.description == "Rotate")


@pytest.mark.parametrize("verb", ["straight", "corner"])
@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_27_3_the_ghost_shows_what_confirm_lays(verb: str, turns: int) -> None:
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"])
    option_button(w, "verb", verb).click()
    w.click(*L.centre((0, 4)))
    assert ghost_shown(w, (0, 4)) is not None and not w.confirm_button.disabled, w.status_text
    for turn in range(turns):  # the button and the key alike
        rotate_button(w).click() if turn % 2 else w.key("r")
    shown = ghost_shown(w, (0, 4))
    w.confirm()
    assert w.game.history == (otr.PlaceTile((0, 4), shown),), w.status_text  # type: ignore[arg-type]
    assert ghost_shown(w, (0, 4)) is None


@pytest.mark.parametrize(("verb", "shapes"), [("straight", 2), ("corner", 4)])
def test_27_3_every_rotate_turns_the_tile(verb: str, shapes: int) -> None:
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"])
    option_button(w, "verb", verb).click()
    w.click(*L.centre((0, 4)))
    seen = [ghost_shown(w, (0, 4))]
    for press in range(2 * shapes):
        rotate_button(w).click() if press % 2 else w.key("r")
        seen.append(ghost_shown(w, (0, 4)))
        assert seen[-1] != seen[-2], (seen, w.status_text)
    assert len(set(seen)) == shapes and seen[shapes] == seen[0]  # every shape, then round again


def test_27_3_the_tutorials_first_turn_as_it_reads() -> None:
    """Place cart, then three straights clicked and confirmed as shown: the cart rolls
    onto the deposit instead of derailing (the tutorial's words, by clicks)."""
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"], animate=False)
    option_button(w, "verb", "cart").click()
    w.click(*L.centre((-1, 4)))
    option_button(w, "cart", "white").click()
    for row in (0, 1, 2):
        option_button(w, "verb", "straight").click()
        w.click(*L.centre((row, 4)))
        assert ghost_shown(w, (row, 4)) == "NS"  # drawn north–south: Confirm lays it so
        w.key("Enter")
    assert w.game.history[1:] == tuple(otr.PlaceTile((row, 4), "NS") for row in (0, 1, 2))
    assert w.game.legal_actions() == [otr.TakeItem("ruby"), otr.TakeItem("gold")], w.status_text


def test_27_3_back_takes_the_tile_with_its_square_and_a_refusal_changes_nothing() -> None:
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"])
    option_button(w, "verb", "corner").click()
    w.click(*L.centre((0, 4)))
    w.key("r")
    w.key("Escape")
    assert ghost_shown(w, (0, 4)) is None and w.choice.picks == (("verb", "corner"),)
    assert rotate_button(w).disabled and w.confirm_button.disabled
    w.click(*L.centre((3, 3)))  # a mine centre: refused, citing the rule
    assert w.status_error and "§2.6 A1" in w.status_text
    assert w.choice.picks == (("verb", "corner"),) and ghost_shown(w, (3, 3)) is None
    w.click(*L.centre((1, 4)))  # another square: a ghost again, Confirm ready
    assert ghost_shown(w, (1, 4)) == "NE" and not w.confirm_button.disabled


def test_27_3_another_kind_of_tile_comes_with_a_shape_too() -> None:
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"])
    option_button(w, "verb", "straight").click()
    w.click(*L.centre((5, 5)))
    w.key("r")
    option_button(w, "verb", "corner").click()  # the square stays; the straight shape cannot
    assert ghost_shown(w, (5, 5)) == "NE" and not w.confirm_button.disabled
    option_button(w, "verb", "straight").click()
    assert ghost_shown(w, (5, 5)) == "NS"
    w.confirm()
    assert w.game.history == (otr.PlaceTile((5, 5), "NS"),)


def test_an_animated_move_plays_over_the_board_before_the_cover_comes() -> None:
    """The frames are drawn over the board as it was; the hot-seat cover ends the batch."""

    class Recorder(RecordingPainter):
        """Keeps every call, cleared layers too (the order of the batch is the point)."""

        def clear(self, name: str | None = None) -> None:
            self._record("clear", layer=name)

        def forget_styles(self) -> None:
            pass

    w = OffTheRailsWidget(game=scenarios.rear_end(), seats=["human", "human"])
    w.board.painter = Recorder(L.width, L.height, w.LAYERS)  # type: ignore[assignment]
    option_button(w, "verb", "end").click()
    assert w.covered
    names = [(call.name, call.args.get("text")) for call in w.board.painter.calls]  # type: ignore[attr-defined]
    sleeps = [i for i, (name, _) in enumerate(names) if name == "sleep"]
    cover = names.index(("text", "Pass the device to Green"))
    assert sleeps and cover > sleeps[-1]


def test_27_9_button_marks_have_glyphs_in_common_fonts() -> None:
    """The item marks on buttons come from the basic arrows and geometric shapes every
    common sans font has (DejaVu Sans, which Debian's Chromium falls back on): the
    emerald's ⯃ (U+2BC3) showed a missing-glyph box."""
    from railwidgets.offtherails.widget import ARROW, ITEM_MARK

    common = {0x2190, 0x2191, 0x2192, 0x2193, 0x25BC, 0x25CF, 0x25C6, 0x2B1F, 0x2B22}
    marks = "".join(ITEM_MARK.values()) + "".join(a.split()[0] for a in ARROW.values())
    assert {hex(ord(c)) for c in marks if ord(c) not in common} == set()


def drawn_arrows(w: OffTheRailsWidget) -> list[list[tuple[float, float]]]:
    """The exit arrows the widget draws now, as drawn (recorded)."""
    painter = RecordingPainter(*w.board.size, layers=w.LAYERS)
    w.draw_dynamic(painter)
    return [c["points"] for c in painter.by_name("polygon", "highlights") if c["fill"] == SELECT]


def near_tip(shape: list[tuple[float, float]]) -> tuple[float, float]:
    """A point 1.5 px inside the arrow's tip (the tip pokes into the next square)."""
    tip = shape[0]
    base = ((shape[1][0] + shape[2][0]) / 2, (shape[1][1] + shape[2][1]) / 2)
    d = math.dist(tip, base)
    return (tip[0] + (base[0] - tip[0]) * 1.5 / d, tip[1] + (base[1] - tip[1]) * 1.5 / d)


@pytest.mark.parametrize("layout", ["wide", "tall"])
@pytest.mark.parametrize("edge", ["E", "S"])
def test_27_9_a_click_on_the_tip_of_an_exit_arrow_takes_that_exit(layout: str, edge: str) -> None:
    w = OffTheRailsWidget(game=scenarios.junction(), seats=["human", "human"], layout=layout)
    w.pick("verb", "end")
    arrows = drawn_arrows(w)
    assert len(arrows) == 2  # east and south: the cart came from the north
    shape = arrows["ES".index(edge)]
    x, y = near_tip(shape)
    tip_square = hit_test(x, y, w.board_layout)
    assert tip_square is not None and tip_square.square != (2, 4)  # the tip is on the next square
    w.click(x, y)
    assert w.game.history[-1] == otr.ChooseExit(edge), w.status_text


@pytest.mark.parametrize("layout", ["wide", "tall"])
def test_27_9_a_click_on_the_tip_of_an_upgrade_arrow_adds_that_exit(layout: str) -> None:
    w = OffTheRailsWidget(game=scenarios.junction(), seats=["human", "human"], layout=layout)
    w.pick("verb", "upgrade")
    w.click(*w.board_layout.centre((3, 4)))  # a north-south straight: east or west may be added
    for shape in drawn_arrows(w):
        x, y = near_tip(shape)
        target = hit_test(x, y, w.board_layout)
        assert target is not None and target.square != (3, 4)
        w.click(x, y)
        assert not w.status_error, w.status_text
        added = set(str(w.choice.picked("exits"))) - {"N", "S"}
        side = "E" if x > w.board_layout.centre((3, 4))[0] else "W"
        assert added == {side}, (added, side)
    w.confirm_button.click()
    assert w.game.history[-1] == otr.Upgrade((3, 4), "NSW"), w.status_text


def test_27_9_the_layout_is_chosen_by_name_and_a_bad_one_is_refused() -> None:
    tall = OffTheRailsWidget(players=4, seed=1, layout="tall")
    assert tall.board.size == (TALL_LAYOUT.width, TALL_LAYOUT.for_players(4).height)
    assert tall.board.canvas.width < 640 < tall.board.canvas.height
    assert 'width="624"' in tall.to_svg()
    tall.new_game(players=2, seed=3)  # as tall as two clans need
    assert tall.board.size == (624, TALL_LAYOUT.for_players(2).height)
    assert OffTheRailsWidget(players=2, seed=1).board.size == (L.width, L.height)
    with pytest.raises(ValueError, match="'wide', 'tall' or a Layout"):
        OffTheRailsWidget(players=2, seed=1, layout="narrow")
    with pytest.raises(TypeError, match="Layout"):
        OffTheRailsWidget(players=2, seed=1, layout=42)  # type: ignore[arg-type]


def test_27_pressing_the_button_picked_already_starts_its_decision_afresh() -> None:
    """A newcomer's play-through: after a Hint (or a click) had picked a starting track,
    Back and Place cart again left the track picked, and a click on another lit track was
    refused ("Nothing to pick there"). Pressing the button picked already now drops what
    was picked after it, so the board lights the tracks again."""
    w = OffTheRailsWidget(game=scenarios.first_turn(), seats=["human", "greedy"], animate=False)
    cart = option_button(w, "verb", "cart")
    cart.click()
    tracks = w.choice.options("square")
    assert len(tracks) >= 2, tracks
    w.click(*L.centre(tracks[0]))
    assert w.choice.picked("square") == tracks[0]
    cart.click()
    assert w.choice.picks == (("verb", "cart"),), w.choice.picks
    w.click(*L.centre(tracks[1]))
    assert w.choice.picked("square") == tracks[1], w.status_text
    assert not w.status_error and w.game.history == ()


def test_27_back_after_a_hinted_tile_takes_the_whole_hint_back(monkeypatch) -> None:
    """A hinted tile comes lit with its square and its shape; Back returns to the choice as
    it was before the hint, not to "Place straight: click a lit square" (the play-through:
    the widget's own Back took the shape and the square first, so the hint stayed half made).
    """
    from railwidgets.core.search import Thought
    from railwidgets.ui import botplay

    w = OffTheRailsWidget(players=2, seed=1, seats=["human", "greedy"], bot_pause=0)
    if w.choice.options("side"):
        w.pick("side", w.choice.options("side")[0])
    tile = next(a for a in w.game.legal_actions() if a.kind == "place_tile")

    class Hinter:
        def __init__(self, **_options: object) -> None:
            pass

        def think(self, _view: object, _cancel: object = None) -> Thought:
            return Thought(tile, 0.5, 10, 10, 0.1, ((tile, 10, 0.5),))

    monkeypatch.setattr(botplay, "SearchBot", Hinter)
    before = w.choice.picks
    w.hint_button.click()
    assert w.choice.only == tile and w.status_text.startswith("Hint:")
    w.back_button.click()
    assert w.choice.picks == before and not w.status_error


def test_27_the_end_scores_keep_dirty_goblins_apart_from_the_missions_claimed() -> None:
    """ "missions M11 Dirty Goblins +8" read as if M11 were Dirty Goblins (the play-through):
    the claimed missions and the end's Dirty Goblins are two parts of the score."""
    import re

    w = OffTheRailsWidget(players=4, seed=6, seats=["greedy"] * 4, animate=False)
    made = re.findall(r"<td>(jewels[^<]*)</td>", w.scores.value)
    assert "jewels 11 · carts 2×3 · missions M7 +4 · M4 Dirty Goblins +4" in made, made
