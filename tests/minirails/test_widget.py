"""MiniRailsWidget without a browser: clicks, buttons, bots, undo, messages."""

from __future__ import annotations

import asyncio

import pytest

from railwidgets import MiniRailsWidget, minirails
from railwidgets.core.bots import RandomBot
from railwidgets.minirails import scenarios
from railwidgets.minirails.render import DEFAULT_LAYOUT as L
from railwidgets.minirails.render import FrameTarget, HexTarget, MarketTarget, frame_centre
from railwidgets.minirails.rules import Build, Buy
from railwidgets.minirails.scenarios import final_shares
from tests.ui.messages import count_messages

HUMANS3 = ["human", "human", "human"]


def take(w: MiniRailsWidget, slot: int) -> None:
    w.click(*L.market_slot_centre(slot))


def play_by_clicks(w: MiniRailsWidget, action: Buy | Build) -> None:
    """Do what a person does: click the disc, press the button, click the target."""
    take(w, action.slot)
    assert w.selected == action.slot
    if isinstance(action, Buy):
        assert not w.buy_button.disabled
        w.buy_button.click()
        return
    assert not w.build_button.disabled
    w.build_button.click()
    if action.hex is None:
        assert w.targets() == [FrameTarget(action.company)]
        w.click(*frame_centre(w.game, action.company))
    else:
        assert HexTarget(action.hex) in w.targets()
        w.click(*L.hex_centre(action.hex))


def test_it_is_a_vbox_of_stock_widgets_with_a_fixed_size_board() -> None:
    import ipywidgets

    w = MiniRailsWidget(players=3, seed=1)
    assert isinstance(w, ipywidgets.VBox)
    assert w.board.canvas in w.main_row.children and w.status in w.status_row.children
    assert w.scores in w.children and w.log_view in w.children
    assert w.board.canvas.layout.max_width == "900px"
    assert w.board.canvas.width == 900 and w.board.canvas.height == L.for_players(3).height
    assert len(w.seat_inputs) == 3
    assert [d.value for d in w.seat_inputs] == ["human", "greedy", "greedy"]
    assert isinstance(w.game, minirails.Game)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_whole_hot_seat_game_through_clicks_and_buttons(players: int) -> None:
    w = MiniRailsWidget(players=players, seed=11, seats=["human"] * players)
    chooser = RandomBot(seed=players)
    reference = minirails.Game(players=players, seed=11)
    while not w.game.is_over:
        action = chooser.choose(w.game)
        play_by_clicks(w, action)  # type: ignore[arg-type]
        reference.apply(action)
        assert w.game.history == reference.history, w.status_text
        assert not w.status_error, w.status_text
    assert w.game.to_json() == reference.to_json()
    assert "Game over" in w.status_text
    assert "Shares removed, and why" in w.scores.value
    winner = w.game.player_name(w.game.winners()[0])
    assert winner in w.status_text


def test_a_blocked_company_goes_onto_its_frame_by_clicking_the_frame() -> None:
    company, slot = "red", 0
    w = MiniRailsWidget(players=4, game=scenarios.blocked_company(), seats=["human"] * 4)
    assert w.game.legal_hexes(company) == []
    take(w, slot)
    w.build_button.click()
    assert w.targets() == [FrameTarget(company)]
    assert "blocked" in w.status_text
    some_hex = next(iter(w.game.state.hexes))
    w.click(*L.hex_centre(some_hex))  # a hex is refused, with the reason
    assert w.status_error and "blocked" in w.status_text
    w.click(*frame_centre(w.game, company))
    assert w.game.history[-1] == Build(company, slot, None)
    assert w.game.state.frame_discs[company] == 1


def test_only_legal_buttons_are_enabled() -> None:
    w = MiniRailsWidget(players=3, seed=2, seats=HUMANS3)
    assert w.buy_button.disabled and w.build_button.disabled  # nothing in hand yet
    seat = w.game.current_player
    slot = next(i for i, c in enumerate(w.game.state.market) if isinstance(c, str))
    take(w, slot)
    assert not w.buy_button.disabled and not w.build_button.disabled
    w.buy_button.click()
    # the same seat may play again at once (the snake); find its next turn
    while w.game.current_player != seat:
        action = next(a for a in w.game.legal_actions())
        play_by_clicks(w, action)  # type: ignore[arg-type]
    take(w, next(i for i, c in enumerate(w.game.state.market) if isinstance(c, str)))
    assert w.buy_button.disabled and not w.build_button.disabled


def illegal_clicks(w: MiniRailsWidget) -> list[tuple[str, tuple[float, float], str]]:
    s = w.game.state
    occupied = next(iter(s.board))
    return [
        ("a hex with no disc in hand", L.hex_centre(occupied), "click a disc"),
        ("empty table", (L.width - 4, 4), "Click a disc in the market"),
        ("a frame with no disc in hand", frame_centre(w.game, "red"), "frame"),
    ]


def test_illegal_clicks_change_nothing_and_say_why() -> None:
    w = MiniRailsWidget(players=3, seed=3, seats=HUMANS3)
    for what, point, words in illegal_clicks(w):
        before = (w.game.position(), w.game.history)
        with count_messages() as sent:
            w.click(*point)
        assert w.status_error, what
        assert words.lower() in w.status_text.lower(), (what, w.status_text)
        assert (w.game.position(), w.game.history) == before
        assert sent.canvas == 0, what
    # with a disc in hand and Build pressed: an occupied hex, a hex far away, a marker slot
    slot = next(i for i, c in enumerate(w.game.state.market) if isinstance(c, str))
    company = w.game.state.market[slot]
    take(w, slot)
    w.build_button.click()
    occupied = next(iter(w.game.state.board))
    far = next(
        h
        for h in w.game.state.hexes
        if h not in w.game.legal_hexes(company) and h not in w.game.state.board
    )  # type: ignore[arg-type]
    before = (w.game.position(), w.game.history)
    w.click(*L.hex_centre(occupied))
    assert w.status_error and "one disc per hex" in w.status_text
    w.click(*L.hex_centre(far))
    assert w.status_error and "not next to" in w.status_text
    assert (w.game.position(), w.game.history) == before
    assert w.building and w.selected == slot  # the choice in hand is kept
    w.buy_button.click()  # take the disc as a Buy instead
    assert isinstance(w.game.history[-1], Buy)
    marker_slot = slot
    take(w, marker_slot)
    assert w.status_error and "marker" in w.status_text


def test_clicks_on_a_bot_turn_or_after_the_end_are_refused() -> None:
    w = MiniRailsWidget(players=3, seed=5, seats=["greedy", "greedy", "greedy"])
    assert w.game.is_over  # with no event loop the bots play at once
    take(w, 0)
    assert w.status_error and "over" in w.status_text
    w = MiniRailsWidget(players=3, seed=5, seats=HUMANS3)
    w.stop()
    seat = w.game.current_player
    assert seat is not None
    w.seat_inputs[seat].value = "random"  # stopped: the bot waits
    assert w.game.history == ()
    take(w, 0)
    assert w.status_error and "turn" in w.status_text


def test_one_canvas_message_per_user_action() -> None:
    w = MiniRailsWidget(players=3, seed=6, seats=["human", "greedy", "greedy"], bot_pause=0)
    with count_messages() as sent:
        for _ in range(4):
            seat = w.game.current_player
            assert seat == 0
            action = next(a for a in w.game.legal_actions())
            steps = [lambda a=action: take(w, a.slot)]
            if isinstance(action, Buy):
                steps.append(w.buy_button.click)
            else:
                steps.append(w.build_button.click)
                steps.append(lambda a=action: w.click(*L.hex_centre(a.hex)))
            for step in steps:
                sent.reset()
                step()
                assert sent.canvas == 1  # the bots' replies (no event loop) are in the same batch
        sent.reset()
        w.undo_button.click()
        assert sent.canvas == 1
        sent.reset()
        w.new_button.click()  # the settings open: nothing is drawn
        assert sent.canvas == 0
        w.settings.start.click()
        assert sent.canvas == 1


def test_undo_takes_back_to_the_persons_turn_and_redo_plays_again() -> None:
    w = MiniRailsWidget(players=3, seed=8, seats=["human", "greedy", "greedy"], bot_pause=0)
    assert w.game.current_player == 0  # with no event loop the bots have played already
    start = w.game.history
    action = w.game.legal_actions()[0]
    play_by_clicks(w, action)  # type: ignore[arg-type]
    after = w.game.history
    assert len(after) > len(start) + 1 or w.game.current_player == 0
    w.undo_button.click()
    assert w.game.history == start and w.game.current_player == 0
    w.redo_button.click()
    assert w.game.history[: len(after)] == after
    assert w.game.current_player == 0


def test_new_game_uses_the_players_seed_and_seats_of_its_settings() -> None:
    w = MiniRailsWidget(players=3, seed=1, seats=HUMANS3)
    assert not w.settings.shown
    w.new_button.click()  # shows the next game's settings; the game on screen is untouched
    assert w.settings.shown and w.game.seed == 1
    w.settings.players.value = 5
    assert len(w.settings.seat_inputs) == 5  # the seats follow the player count
    assert [d.value for d in w.settings.seat_inputs] == ["human"] * 3 + ["greedy"] * 2
    w.settings.seat_inputs[4].value = "random"
    w.settings.seed.value = "42"
    assert w.game.num_players == 3  # nothing happens before Start
    w.settings.start.click()
    assert w.game.num_players == 5 and w.game.seed == 42 and not w.settings.shown
    assert len(w.seat_inputs) == 5 and w.seats == ["human"] * 3 + ["greedy", "random"]
    w.new_button.click()
    w.settings.seed.value = "forty-two"
    w.settings.start.click()
    assert w.status_error and "seed" in w.status_text
    assert w.game.seed == 42 and w.settings.shown


def test_bots_play_in_an_asyncio_task_and_stop_halts_them() -> None:
    async def scenario() -> None:
        w = MiniRailsWidget(
            players=4, seed=3, seats=["random", "greedy", "greedy", "random"], bot_pause=0
        )
        assert w.bot_task is not None
        await w.wait_for_bots()
        assert w.game.is_over

        w = MiniRailsWidget(players=3, seed=4, seats=["greedy"] * 3, bot_pause=0.001)
        while len(w.game.history) < 5:
            await asyncio.sleep(0.001)
        w.stop_button.click()
        played = len(w.game.history)
        await asyncio.sleep(0.05)
        assert len(w.game.history) == played and not w.game.is_over
        assert w.stop_button.description == "Run bots"
        w.stop_button.click()
        await w.wait_for_bots()
        assert w.game.is_over

    asyncio.run(scenario())


def test_a_bot_seat_then_a_human_seat() -> None:
    async def scenario() -> None:
        w = MiniRailsWidget(players=3, seed=9, seats=["human", "greedy", "greedy"], bot_pause=0)
        await w.wait_for_bots()
        assert w.game.current_player == 0 or w.game.is_over
        action = w.game.legal_actions()[0]
        play_by_clicks(w, action)  # type: ignore[arg-type]
        await w.wait_for_bots()
        assert w.game.current_player == 0 or w.game.is_over

    asyncio.run(scenario())


def test_the_widget_draws_itself_as_svg_with_the_choice_in_hand() -> None:
    w = MiniRailsWidget(players=3, seed=7, seats=HUMANS3)
    from railwidgets.draw.svg import img_svg  # the SVG in the <img>

    svg = w.to_svg()
    assert svg.startswith("<svg") and img_svg(w._repr_mimebundle_()["text/html"]) == svg
    slot = next(i for i, c in enumerate(w.game.state.market) if isinstance(c, str))
    take(w, slot)
    w.build_button.click()
    assert len(w.targets()) >= 1
    assert w.to_svg() != svg
    assert MarketTarget(0) not in w.targets()


def test_the_score_table_explains_what_was_removed() -> None:
    w = MiniRailsWidget(players=4, seed=12, seats=["greedy"] * 4)
    assert w.game.is_over
    html = w.scores.value
    for line in w.game.scoring():
        for company, _ in line.removed:
            taxed = company in w.game.state.taxed
            reason = f"{company} was taxed" if taxed else f"{company} was never taxed"
            assert reason in html
    assert "★ winner" in html


def test_seats_are_checked() -> None:
    with pytest.raises(ValueError, match="seat"):
        MiniRailsWidget(players=3, seats=["human", "nobody", "human"])
    with pytest.raises(ValueError, match="one entry per player"):
        MiniRailsWidget(players=3, seats=["human"])
    w = MiniRailsWidget(players=2, seats=["Human", "Random bot"])
    assert w.seats == ["human", "random"]


def test_set_game_shows_a_prepared_position_and_plays_on() -> None:
    w = MiniRailsWidget(players=3, seed=1, seats=HUMANS3)
    game = minirails.Game(players=4, seed=3)
    game.apply(game.legal_actions()[0])
    with count_messages() as sent:
        w.set_game(game)
    assert sent.canvas == 1
    assert w.game is game and len(w.seat_inputs) == 4
    assert w.seats[3] == "greedy"  # the new seat gets the game's bot
    assert "to play" in w.status_text or w.game.is_over


TAXED = ["red", "white", "tan", "blue", "red", "white"]  # yellow and gray never taxed


def test_the_end_explains_a_tie_break() -> None:
    # Orange and Purple both score +7; Orange's best share (+5) beats Purple's (+4)
    game = scenarios.finished(
        TAXED,
        [
            final_shares(("red", 5), ("red", 2), filler="tan"),
            final_shares(("red", 4), ("red", 3), filler="blue"),
            final_shares(("red", 1), filler="white"),
            final_shares(filler="yellow"),
        ],
    )
    assert game.tie_break_used and game.winners() == [0]
    w = MiniRailsWidget(players=4, game=game, seats=["human"] * 4)
    assert "Orange wins with 7 points" in w.status_text
    assert "Tie-break" in w.status_text and "Orange +5, Purple +4" in w.status_text
    assert "Tie-break" in w.scores.value


def test_the_end_explains_a_shared_victory() -> None:
    game = scenarios.finished(
        TAXED,
        [
            final_shares(("red", 4), filler="tan"),
            final_shares(("red", 4), ("blue", 0), filler="gray"),
            final_shares(("red", -2), filler="white"),
            final_shares(filler="yellow"),
        ],
    )
    assert game.winners() == [0, 1]
    w = MiniRailsWidget(players=4, game=game, seats=["human"] * 4)
    assert "Orange and Purple share the victory with 4 points" in w.status_text
    assert "share the victory" in w.scores.value
    assert "red was taxed: its losses are wiped" in w.scores.value  # Green's −2 red share


# robustness: closing, failures, undo policy, stopped bots ------------------------------------------


def test_closing_the_widget_stops_its_bots() -> None:
    async def scenario() -> None:
        w = MiniRailsWidget(players=3, seed=4, seats=["greedy"] * 3, bot_pause=0.001)
        while len(w.game.history) < 3:
            await asyncio.sleep(0.001)
        w.close()
        played = len(w.game.history)
        await asyncio.sleep(0.05)
        assert len(w.game.history) == played
        assert w.bot_task is None

    asyncio.run(scenario())


def test_a_bad_seed_leaves_the_game_and_its_bots_running() -> None:
    async def scenario() -> None:
        w = MiniRailsWidget(players=3, seed=4, seats=["greedy"] * 3, bot_pause=0.001)
        game = w.game
        w.new_button.click()
        w.settings.seed.value = "twelve"
        w.settings.start.click()
        assert w.status_error and "whole number" in w.status_text
        assert w.game is game
        await w.wait_for_bots()
        assert w.game.is_over

    asyncio.run(scenario())


def test_undo_is_off_until_a_person_has_decided() -> None:
    # Green starts this game and is a bot: its opening move is not the person's to take back
    w = MiniRailsWidget(players=3, seed=7, seats=["human", "greedy", "greedy"])
    assert w.game.history and w.game.current_player == 0
    assert w.undo_button.disabled
    w.undo()
    assert w.status_error and len(w.game.history) == 1
    play_by_clicks(w, w.game.legal_actions()[0])  # type: ignore[arg-type]
    assert not w.undo_button.disabled
    w.undo_button.click()
    assert len(w.game.history) == 1 and w.game.current_player == 0


def test_a_failing_bot_stops_the_bots_and_says_so(monkeypatch) -> None:
    def broken(self, game):
        raise RuntimeError("no idea")

    monkeypatch.setattr(RandomBot, "choose", broken)
    w = MiniRailsWidget(players=3, seed=2, seats=HUMANS3)
    w.seat_inputs[1].value = "random"
    while w.game.current_player != 1:
        play_by_clicks(w, w.game.legal_actions()[0])  # type: ignore[arg-type]
    assert w.bots_stopped
    assert "The bot failed" in w.status_text and "no idea" in w.status_text
    assert "press Run bots" in w.status_text
    assert w.stop_button.description == "Run bots"


def test_a_drawing_error_does_not_leave_the_canvas_holding() -> None:
    w = MiniRailsWidget(players=3, seed=2, seats=HUMANS3)
    manager = w.board.canvas._canvas_manager

    def broken(painter):
        raise RuntimeError("cannot draw")

    w.board._draw_dynamic = broken
    with pytest.raises(RuntimeError):
        w.board.redraw()
    assert not manager._caching and manager._commands_cache == []


def test_the_svg_has_the_size_of_the_widgets_layout() -> None:
    from dataclasses import replace

    layout = replace(L, width=1200)
    w = MiniRailsWidget(players=3, seed=2, seats=HUMANS3, layout=layout)
    height = layout.for_players(3).height
    assert 'width="1200"' in w.to_svg() and f'height="{height}"' in w.to_svg()
    assert w.board.canvas.height == height


def test_the_board_takes_the_height_a_new_player_count_needs() -> None:
    w = MiniRailsWidget(players=2, seed=2, seats=["human", "human"])
    short = w.board.canvas.height
    with count_messages() as sent:
        w.new_game(players=5)
    assert sent.canvas == 1  # resized and drawn again in one batch
    assert w.board.canvas.height == L.for_players(5).height > short
    assert w.board.painter.height == w.board.canvas.height


def test_27_a_hinted_hex_stands_out_from_the_other_lit_hexes(monkeypatch) -> None:
    """The hint says "Click it on the board to play it", but its hex looked like every
    other lit hex (the play-through): the hex picked gets a thick blue outline."""
    from railwidgets.core.search import Thought
    from railwidgets.draw.palette import SELECT
    from railwidgets.minirails.layout import corners
    from railwidgets.ui import botplay

    w = MiniRailsWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], animate=False)
    build = next(a for a in w.game.legal_actions() if a.kind == "build" and a.hex is not None)

    class Hinter:
        def __init__(self, **_options: object) -> None:
            pass

        def think(self, _view: object, _cancel: object = None) -> Thought:
            return Thought(build, 0.5, 10, 10, 0.1, ((build, 10, 0.5),))

    outline = f'stroke="{SELECT}" stroke-width="5"'
    assert outline not in w.to_svg()
    monkeypatch.setattr(botplay, "SearchBot", Hinter)
    w.hint_button.click()
    assert w.choice.picked("hex") == build.hex
    import re

    outlined = re.findall(rf'<polygon points="([^"]*)"[^>]*{outline}', w.to_svg())
    assert len(outlined) == 1, outlined
    drawn = [tuple(map(float, p.split(","))) for p in outlined[0].split()]
    hexagon = corners(*w.board_layout.hex_centre(build.hex), w.board_layout.hex_size)
    assert all(
        abs(a - b) < 0.2
        for p, q in zip(drawn, hexagon, strict=True)
        for a, b in zip(p, q, strict=True)
    )
