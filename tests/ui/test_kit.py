"""The widget kit with a game that has secrets: cover, views, undo, options, keys, files, leaks.

A small probe widget on the Twisty Tracks engine writes on its board what it is
shown (every seat's secret placement and stack as the view gives them), so the
tests can read the board's picture and know exactly what reached the screen.
"""

from __future__ import annotations

import datetime
import math
from typing import Any, ClassVar

import ipycanvas.canvas
import ipywidgets
import pytest
from ipycanvas import hold_canvas

from railwidgets import twistytracks
from railwidgets.core.game import Game
from railwidgets.draw.painter import Painter
from railwidgets.ui.controls import ChoiceButton
from railwidgets.ui.panel import GameWidget
from tests.ui.messages import count_messages


class Probe(GameWidget):
    GAME = twistytracks.Game
    SECRETS = True
    WIDTH, HEIGHT = 300, 198
    CONFIRM = frozenset({"place"})
    BUTTONS = (ChoiceButton("Rotate", "rotation", step=1, key="r"),)
    RULES_FOR: ClassVar[dict[str, str]] = {"place": "R25"}

    def parts(self, action: Any) -> Any:
        return (("cell", action.cell), ("rotation", action.rotation))

    def draw_static(self, painter: Painter) -> None:
        painter.rect(0, 0, 300, 198, fill="#FFFFFF")

    def draw_dynamic(self, painter: Painter) -> None:
        seen = self.seen()
        data = seen.position() if isinstance(seen, Game) else seen
        for seat, entry in enumerate(data["players"]):
            secret = f"placement={entry['placement']} stack={entry.get('stack')}"
            painter.text(5, 10 + 12 * seat, f"seat {seat} {secret}", align="left")

    def hit(self, x: float, y: float) -> tuple[str, Any]:
        return ("cell", (int(x // 60), int(y // 66)))

    def prompt(self) -> str:
        seat = self.game.current_player
        return "" if seat is None else f"{self.addressee(seat)}: place your tile."


def place_by_clicks(w: Probe) -> Any:
    """The current person picks the first legal placement: cell, rotation, Confirm."""
    action = w.game.legal_actions()[0]
    w.click(action.cell[0] * 60 + 30, action.cell[1] * 66 + 33)
    while w.choice.picked("rotation") != action.rotation:
        w.choice_button("Rotate").click()
    assert w.choice.complete
    w.confirm_button.click()
    return action


def upload(content: bytes) -> dict[str, Any]:
    """A FileUpload value entry, as the browser sends it."""
    return {
        "name": "game.json",
        "type": "application/json",
        "size": len(content),
        "content": memoryview(content),
        "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC),
    }


def live_widgets() -> int:
    return len(ipywidgets.widgets.widget._instances)


def shown(w: Probe) -> str:
    """Everything the device shows: the board's picture and every text widget."""
    texts = [w.to_svg(), w.status.value, w.recent_view.value, w.log_view.value, w.scores.value]
    return "\n".join(texts)


def test_hot_seat_covers_the_board_between_people_and_never_shows_a_secret() -> None:
    w = Probe(players=3, seed=5, seats=["human"] * 3)
    assert w.viewer == 0 and not w.covered  # the first person sits down: no one to hide from
    first = place_by_clicks(w)
    assert len(w.game.history) == 1 and w.covered and w.cover_for == 1
    secret = f"placement=[{first.cell[0]}, {first.cell[1]}, {first.rotation}]"
    screen = shown(w)
    assert f"Pass the device to {w.game.player_name(1)}" in screen
    assert "placement=" not in screen and "stack=" not in screen  # the cover hides all
    assert w.ready_button.layout.display != "none"
    w.click(30, 33)  # a click on the cover does nothing
    assert w.status_error and len(w.game.history) == 1
    w.ready_button.click()
    assert w.viewer == 1 and not w.covered
    screen = shown(w)
    assert "seat 1 placement=None" in screen and secret not in screen
    assert "stack=None" in screen  # stacks are face down for everyone
    second = place_by_clicks(w)
    w.ready_button.click()
    place_by_clicks(w)  # the round resolves: everything is revealed to all
    assert w.game.history[:2] == (first, second)
    assert str(first) in w.log_view.value


def test_undo_in_hot_seat_takes_back_only_your_own_decisions() -> None:
    w = Probe(players=2, seed=6, seats=["human", "human"])
    place_by_clicks(w)
    assert w.covered and w.undo_button.disabled
    w.undo()
    assert w.status_error and len(w.game.history) == 1
    w.ready()
    assert w.undo_button.disabled  # the other person's placement is not yours to take back
    w.undo_button.click()
    assert w.status_error and len(w.game.history) == 1


def test_with_one_person_against_bots_the_board_is_that_persons_view() -> None:
    w = Probe(players=3, seed=7, seats=["random", "human", "random"])
    assert w.viewer == 1 and not w.covered
    assert w.game.current_player == 1  # the bot before has placed, secretly
    screen = shown(w)
    assert "seat 0 placement=None" in screen and "seat 2 placement=None" in screen
    assert "You: place your tile." in w.status_text


def test_bots_are_handed_a_game_with_their_seats_view_only() -> None:
    w = Probe(players=3, seed=8, seats=["human", "human", "human"])
    place_by_clicks(w)
    for seat in range(3):
        handed = w.bot_game(seat)
        assert handed is not w.game
        assert handed.view(seat) == w.game.view(seat)


def test_new_game_offers_every_option_with_its_doc_and_refuses_a_bad_value() -> None:
    w = Probe(players=2, seed=1, seats=["human", "random"])
    box = w.settings.option_input("scoring")
    assert box.tooltip == twistytracks.Game.OPTIONS[0].doc
    # issue 27 item 8: the words a player uses, and help that shows (not only a tooltip)
    assert box.description == "Scoring"
    assert ("stations only", "stations_only") in box.options
    help_text = w.settings.option_inputs["scoring"].children[1].value
    assert "what scores" in help_text
    variant = [label for label, n in w.settings.players.options if n == 1]
    assert variant and variant[0] in ("1", "1 (variant)")
    w.new_button.click()
    box.value = "stations_only"
    w.settings.players.value = 4
    assert [d.value for d in w.settings.seat_inputs] == ["human", "random", "random", "random"]
    w.settings.start.click()
    assert w.game.options["scoring"] == "stations_only" and w.game.num_players == 4
    before = w.game
    w.new_button.click()
    box.options = [*box.options, ("epic", "epic")]
    box.value = "epic"
    w.settings.start.click()
    assert w.status_error and "scoring" in w.status_text and w.game is before


def test_keys_rotate_step_back_and_confirm() -> None:
    w = Probe(players=1, seed=2)
    action = w.game.legal_actions()[0]
    w.click(action.cell[0] * 60 + 30, action.cell[1] * 66 + 33)
    w.key("r")
    first = w.choice.picked("rotation")
    assert first is not None
    w.key("R")
    assert w.choice.picked("rotation") != first or len(w.choice.options("rotation")) == 1
    w.key("Escape")
    assert w.choice.picked("rotation") is None
    w.key("q")
    assert w.status_error and "does nothing" in w.status_text
    w.key("Enter")
    assert w.status_error and "Nothing to confirm" in w.status_text and not w.game.history
    w.key("r")
    w.key("Enter")
    assert len(w.game.history) == 1


@pytest.mark.parametrize(
    "point", [(math.nan, 5), (5, math.inf), (-math.inf, 0), (-1, 5), (5, 10**9), (301, 5)]
)
def test_a_click_off_the_board_is_refused_and_changes_nothing(point: tuple[float, float]) -> None:
    w = Probe(players=2, seed=3, seats=["human", "human"])
    before = w.game.to_json()
    w.click(*point)
    assert w.status_error and "off the board" in w.status_text
    assert w.game.to_json() == before and not w.choice.picks


def test_a_disabled_button_pressed_from_python_does_nothing() -> None:
    w = Probe(players=2, seed=3, seats=["human", "human"])
    assert w.confirm_button.disabled and w.back_button.disabled and w.redo_button.disabled
    for button in (w.confirm_button, w.back_button, w.redo_button, w.undo_button):
        w.game_before = w.game.to_json()
        button.click()
        assert w.status_error and "not available" in w.status_text
        assert w.game.to_json() == w.game_before


def test_save_gives_the_record_and_load_brings_it_back() -> None:
    w = Probe(players=2, seed=4, seats=["human", "random"])
    place_by_clicks(w)
    sent: list[dict] = []
    w.files.page.send = lambda content, buffers=None: sent.append(content)
    w.save_button.click()
    (file,) = sent
    record = file["text"]
    assert twistytracks.Game.from_json(record).to_json() == w.game.to_json()
    other = Probe(players=3, seed=9)
    other.load_input.value = [upload(record.encode())]
    assert other.game.to_json() == w.game.to_json() and len(other.seats) == 2
    assert "Loaded" in other.status_text and other.load_input.value == ()


@pytest.mark.parametrize(
    "content",
    [b"not json", b'{"game": "minirails", "version": 1}', b"\xff\xfe", b'{"game": "twistytracks"}'],
)
def test_a_bad_file_is_refused_and_the_game_is_unchanged(content: bytes) -> None:
    w = Probe(players=2, seed=4, seats=["human", "human"])
    before = w.game.to_json()
    w.load_input.value = [upload(content)]
    assert w.status_error and "not loaded" in w.status_text
    assert w.game.to_json() == before


def test_animation_frames_and_their_pauses_leave_in_one_message() -> None:
    class Animated(Probe):
        def animation(self, before: Game, action: Any, after: Game) -> list[Any]:
            return [lambda p, i=i: p.text(5, 150, f"frame {i}") for i in range(3)]

    w = Animated(players=1, seed=2)
    manager = ipycanvas.canvas._CANVAS_MANAGER
    sleeps: list[Any] = []
    original = manager.send_draw_command

    def spy(canvas: Any, command: Any, args: Any = (), buffers: Any = ()) -> None:
        if command == ipycanvas.canvas.COMMANDS["sleep"]:
            sleeps.append(list(args))
        original(canvas, command, list(args), list(buffers))

    manager.send_draw_command = spy
    try:
        with count_messages() as sent:
            place_by_clicks(w)
    finally:
        del manager.send_draw_command
    assert len(w.game.history) == 1
    assert sleeps == [[round(Probe.FRAME_PAUSE * 1000)]] * 3
    assert sent.canvas <= 3  # the two picks before Confirm draw too: one message each
    w2 = Animated(players=1, seed=2, animate=False)
    sleeps.clear()
    with hold_canvas():
        place_by_clicks(w2)
    assert not sleeps


def test_the_rules_panel_shows_the_decision_in_hand_and_a_cited_rule() -> None:
    w = Probe(players=1, seed=2)
    assert w.rules_view.layout.display == "none"
    w.rules_button.value = True
    assert "R25" in w.rules_view.value
    w.say("refused (§2.8 R31)", error=True)
    assert "R31" in w.rules_view.value


def test_new_games_leave_no_widget_alive_and_close_closes_all() -> None:
    before = live_widgets()
    w = Probe(players=2, seed=1, seats=["human", "random"])
    w.new_game(players=3)
    made = live_widgets()
    for players in [2, 4, 3, 8, 1] * 4:
        w.new_game(players=players)
    w.new_game(players=3)
    assert live_widgets() == made
    w.close()
    assert live_widgets() == before


def test_new_game_form_is_made_once_and_opening_it_again_leaves_no_widget_behind() -> None:
    before = live_widgets()
    w = Probe(players=2, seed=1, seats=["human", "random"])
    assert w.settings_slot.children == ()  # not made until New game… is pressed
    w.toggle_settings()
    form = w.settings
    assert w.settings_slot.children == (form,) and form.shown
    w.toggle_settings()
    made = live_widgets()
    for _ in range(10):  # each opening shows the seats as they are: the old ones are closed
        w.toggle_settings()
        w.toggle_settings()
    assert live_widgets() == made and w.settings is form
    w.close()
    assert live_widgets() == before


def test_a_saved_notebook_shows_a_picture_of_the_board() -> None:
    w = Probe(players=2, seed=1, seats=["human", "human"])
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    from railwidgets.draw.svg import img_svg  # the SVG in the <img>

    assert "image/svg+xml" not in bundle  # one picture form: the <img> (issue 27 item 15)
    svg = img_svg(bundle["text/html"])
    assert svg.startswith("<svg") and "seat 0" in svg


def test_a_page_that_connects_late_is_sent_every_controls_state_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    w = Probe(players=2, seed=1, seats=["human", "random"])
    sent: list[ipywidgets.Widget] = []
    original = ipywidgets.Widget.send_state

    def send_state(self: ipywidgets.Widget, key: Any = None) -> None:
        sent.append(self)
        original(self, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", send_state)
    before = w.board.redraws
    # the page shows the board: ipycanvas tells the kernel its client is ready
    w.board.canvas._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert w.board.redraws == before + 1  # the board draws itself again
    for control in (w, w.status, w.scores, w.recent_view, w.log_view, w.toolbar):
        assert control in sent  # an update the page missed is sent again
    assert w.board.canvas not in sent  # a canvas sent again would blank its drawing


def test_27_8_new_game_shows_no_engine_names() -> None:
    """Every option and value of every game reads as words: no underscores, no bare
    engine names such as ``four``/``all`` or ``blind_piles`` on the New game form."""
    from railwidgets import MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget

    for cls in (MiniRailsWidget, OffTheRailsWidget, TwistyTracksWidget):
        w = cls(seats=["human"] + ["random"] * (cls.GAME.DEFAULT_PLAYERS - 1))
        for name in w.settings.option_inputs:
            box = w.settings.option_input(name)
            assert "_" not in box.description, box.description
            labels = [label for label, _ in getattr(box, "options", ())]
            assert all("_" not in label for label in labels), labels
            assert labels != ["four", "all"], labels
            help_text = w.settings.option_inputs[name].children[1].value
            assert len(help_text) > 40
        w.close()


def test_27_5_load_is_labelled_without_a_file_count() -> None:
    """The stock FileUpload writes "Load (0)"; the board's CSS hides that and writes
    "Load…" instead, on the widget's own Load button only."""
    from railwidgets.ui.theme import BOARD_CSS, LOAD_CLASS

    w = Probe(players=1, seed=2)
    assert LOAD_CLASS in w.load_input._dom_classes
    assert f".{LOAD_CLASS}::after" in BOARD_CSS and 'content: "Load…"' in BOARD_CSS
    assert BOARD_CSS in w.board.style.value and w.board.style in w.main_row.children
