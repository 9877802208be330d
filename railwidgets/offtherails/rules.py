"""The Off the Rails rules engine (rules/off-the-rails.md): the turn flow.

Goblin clans lay track under the mountain, ride their minecarts to the jewel
deposits and back to the surface, and race the chasm that swallows the mine.
A turn is the action phase (up to 4 actions), the movement phase, the mission
step, then the deposit phase or, after the collapse, the chasm phase (C-1).
Every decision the rules give a player is a decision here (§5); a decision with
a single option is taken automatically and logged.

>>> from railwidgets import offtherails
>>> game = offtherails.Game(players=2, seed=3)
>>> game.legal_actions()[:2]
[ChooseSide(side='N'), ChooseSide(side='E')]
>>> game.apply(offtherails.ChooseSide("N"))
>>> game.player_name(game.current_player)
'Red'
>>> game.apply(offtherails.PlaceCart("white", (-1, 4)))
>>> str(game.legal_actions()[0])
'place a NS tile at (0, 0)'
>>> for row in (0, 1, 2):  # the fourth action ends the action phase: the cart moves
...     game.apply(offtherails.PlaceTile((row, 4), "NS"))
>>> [(c["square"], c["facing"]) for c in game.position()["carts"] if c["place"] == "board"]
[([2, 4], 'S')]

Positions (:meth:`Game.position`) are plain data, documented key by key in
:mod:`railwidgets.offtherails.position`; :meth:`Game.view` hides what a seat may not know.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from railwidgets.core.action import Action, trust
from railwidgets.core.errors import IllegalActionError, RecordError
from railwidgets.core.game import Game as BaseGame
from railwidgets.core.game import Option
from railwidgets.core.grid import opposite
from railwidgets.i18n import N_, T_, joined
from railwidgets.offtherails import board, chasm, invariants, missions, movement, position, setup
from railwidgets.offtherails.actions import (
    ACTIONS,
    ChangeSpeed,
    ChooseCart,
    ChooseExit,
    ChooseSide,
    ClaimMission,
    EndActions,
    EndNow,
    NoClaim,
    PickPile,
    PlaceCart,
    PlaceChasm,
    PlaceTile,
    SetNose,
    SplitLoad,
    TakeItem,
    Upgrade,
)
from railwidgets.offtherails.board import (
    MASK_OF_EXITS,
    SIDE_OF_LETTER,
    index,
    starting_tracks,
    surface_side,
)
from railwidgets.offtherails.components import (
    ACTIONS_PER_TURN,
    CART_NAMES,
    CHASM_CARD,
    CHASM_TOKENS,
    COLOUR_WORDS,
    COLOURS,
    KINDS,
    LENGTH_WORDS,
    LENGTHS,
    MAX_CARTS_ON_BOARD,
    SIDE_LETTERS,
    SOLO_MAX_CARTS_ON_BOARD,
    SPEED_MAX,
    SPEED_MIN,
    SPEED_START,
    TILE_SUPPLY,
    default_length,
)
from railwidgets.offtherails.movement import Config, player_name
from railwidgets.offtherails.state import (
    ACTIONS as ACTION_PHASE,
)
from railwidgets.offtherails.state import (
    BOARD,
    CART,
    CHASM,
    EXIT,
    GONE,
    MISSION,
    NOSE,
    OVER,
    PICK,
    SIDE,
    SPLIT,
    SUPPLY,
    TAKE,
    Cart,
    State,
    Step,
)
from railwidgets.offtherails.text import board_text

__all__ = ["Game"]

#: The action kinds each stage accepts, and what the game waits for.
#: A solo game's result as a player reads it, in any language.
SOLO_RESULT_WORDS = {
    "big victory": T_("big victory"),
    "victory": T_("victory"),
    "partial victory": T_("partial victory"),
    "defeat": T_("defeat"),
}
STAGE_ACTIONS: dict[str, tuple[tuple[type[Action], ...], str]] = {
    SIDE: ((ChooseSide,), T_("the first player to choose a side (§2.4.2)")),
    ACTION_PHASE: (
        (PlaceTile, Upgrade, PlaceCart, ChangeSpeed, EndActions, EndNow),
        T_("an action of the action phase (§2.6)"),
    ),
    CART: ((ChooseCart,), T_("the cart to move next (§2.7)")),
    EXIT: ((ChooseExit,), T_("the exit the cart takes from its junction (§2.7.2)")),
    NOSE: ((SetNose,), T_("the direction of the cart at rest (D-9)")),
    TAKE: ((TakeItem,), T_("the jewel the cart takes (§2.7.3)")),
    SPLIT: ((SplitLoad,), T_("the hit cart's owner to split its load (§2.7.5)")),
    PICK: ((PickPile,), T_("the moving cart's owner to pick a pile (§2.7.5)")),
    MISSION: ((ClaimMission, NoClaim), T_("a mission claim or none (§2.8)")),
    CHASM: ((PlaceChasm,), T_("the chasm token's square (§2.11)")),
}
#: The method that checks each kind of action, if it has one (else: is it among the options?).
CHECKS = {cls.kind: f"_check_{cls.kind}" for cls in ACTIONS}
SIDE_ACTIONS = tuple(ChooseSide(letter) for letter in SIDE_LETTERS)  # type: ignore[arg-type]
EXIT_ACTIONS = tuple(ChooseExit(letter) for letter in SIDE_LETTERS)  # type: ignore[arg-type]
NOSE_ACTIONS = tuple(SetNose(letter) for letter in SIDE_LETTERS)  # type: ignore[arg-type]
TAKE_ACTIONS = {k: TakeItem(KINDS[k]) for k in range(1, 5)}  # type: ignore[arg-type]
PICK_ACTIONS = (PickPile("A"), PickPile("B"))
END_ACTIONS, END_NOW = EndActions(), EndNow()
#: Made once too, as they are listed at every decision of an action phase (carts are named
#: by their die, or in solo by their colour).
#: ``PLACE_CART_ACTIONS[all_tracks][cart][side]``: the cart entering on each starting track
#: of the side (D-3: the four printed ones, or every surface position).
PLACE_CART_ACTIONS = {
    all_tracks: {
        cart: tuple(
            tuple(PlaceCart(cart, track) for track in tracks)
            for tracks in starting_tracks(all_tracks)
        )
        for cart in (*CART_NAMES, *COLOURS)
    }
    for all_tracks in (False, True)
}
SPEED_ACTIONS = {
    (cart, d): ChangeSpeed(cart, d) for cart in (*CART_NAMES, *COLOURS) for d in (1, -1)
}
#: The actions above are made once and listed again and again: checked once (core.action.trust).
trust((*SIDE_ACTIONS, *EXIT_ACTIONS, *NOSE_ACTIONS, *TAKE_ACTIONS.values(), *PICK_ACTIONS))
trust((END_ACTIONS, END_NOW, *SPEED_ACTIONS.values()))
trust(
    a
    for by_cart in PLACE_CART_ACTIONS.values()
    for by_side in by_cart.values()
    for actions in by_side
    for a in actions
)


@functools.cache  # few option sets, each worked out once
def _config(options: tuple[tuple[str, Any], ...]) -> Config:
    """What the rules read of a game's options (``options`` as a checked mapping's items)."""
    opts = dict(options)
    tracks = starting_tracks(opts["start_tracks"] == "all")
    return Config(
        players=opts["players"],
        solo=opts["players"] == 1,
        bumper_carts=opts["bumper_carts"],
        chasm_die=opts["chasm_die"],
        fill=opts["end_pickup"] == "fill",
        ceil_half=opts["drop_rule"] == "ceil_half",
        crossover=opts["cross_is_crossover"],
        tracks=tracks,
        track_set=frozenset(p for side in tracks for p in side),
    )


class Game(BaseGame):
    """A game of Off the Rails for 1 (solo, §2.15) to 4 players."""

    NAME: ClassVar[str] = "offtherails"
    TITLE: ClassVar[str] = N_("Off the Rails")
    PLAYERS: ClassVar[range] = range(1, 5)
    DEFAULT_PLAYERS: ClassVar[int] = 4
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("bumper_carts", N_("non-head-on collisions drop and derail nothing (§2.14.1)"),
               (False, True), False, label=N_("Bumper carts")),
        Option("chasm_die", N_("a d8 places the chasm tokens (§2.14.2)"), (False, True), False,
               label=N_("Chasm die")),
        Option("length", N_("how many deposit cards the game lasts (§2.14.3; not used in solo)"),
               LENGTHS, default_length, label=N_("Game length"), words=LENGTH_WORDS),
        Option("end_pickup", N_("what a cart takes where its move ends (D-12)"),
               ("two", "fill"), "two", label=N_("End of a move"),
               words=(("two", N_("takes two items")), ("fill", N_("fills the cart")))),
        Option("drop_rule", N_("what a hit cart drops (D-17)"),
               ("blind_piles", "ceil_half"), "blind_piles", label=N_("Collisions"),
               words=(("blind_piles", N_("drop a pile chosen blind")),
                      ("ceil_half", N_("drop half, rounded up")))),
        Option("cross_is_crossover", N_("a cross tile only goes straight on (D-7)"),
               (False, True), False, label=N_("Cross tiles go straight on")),
        Option("start_tracks", N_("where carts may start on a side (D-3)"),
               ("four", "all"), "four", label=N_("Starting tracks"),
               words=(("four", N_("four per side")), ("all", N_("every edge square")))),
    )  # fmt: skip
    ACTIONS: ClassVar[tuple[type[Action], ...]] = ACTIONS

    _state: State

    def _init(self, options: dict[str, Any], seed: int) -> None:
        super()._init(options, seed)
        self._place_cart = PLACE_CART_ACTIONS[options["start_tracks"] == "all"]
        self._cfg = _config(tuple(options.items()))  # a view sampler makes a game per draw

    # -- setup (§2.4, §2.15) -------------------------------------------------------------------

    def _setup(self) -> State:
        if not self._cfg.solo:
            return setup.new_game(self.num_players, self.options["length"], self._chance, self._say)
        self._state = setup.new_solo_game(self._chance, self._say)
        self._begin_turn()
        return self._state

    # -- the turn flow (C-1) --------------------------------------------------------------------

    def _begin_turn(self) -> None:
        st = self._state
        st.turn += 1
        st.actions_used = 0
        st.met = frozenset()
        if any(cart.moved for cart in st.carts):
            st.own_carts()
            for cart in st.carts:
                cart.moved = False
        st.stage = ACTION_PHASE
        self._say(T_("turn {n}: {name} to play", n=st.turn, name=player_name(st, st.active)))
        if not self._cfg.solo:
            missions.check_collector(st)

    def _next_cart(self) -> None:
        """Every cart of the active player on the board moves, one after another (§2.7, C-11)."""
        st = self._state
        st.move = None
        waiting = [i for i in st.carts_on_board(st.active) if not st.carts[i].moved]
        if not waiting:
            self._mission_step()
            return
        st.own_carts()  # they move
        if len(waiting) == 1:
            movement.start(st, self._say, waiting[0])
            self._run_move()
        else:
            st.stage = CART

    def _run_move(self) -> None:
        if movement.resume(self._state, self._cfg, self._say):
            self._next_cart()

    def _mission_step(self) -> None:
        """C-1 step 3: one claim among the missions met this turn, or none (D-24)."""
        st = self._state
        if not self._cfg.solo and missions.claimable(st):
            st.stage = MISSION
        else:
            self._deposit_phase()

    def _deposit_phase(self) -> None:
        st, rng, say = self._state, self._chance, self._say
        if self._cfg.solo:
            chasm.solo_reveal(st, rng, say)  # §2.15
        elif st.collapsed:
            colour = chasm.draw_token(st, rng)  # §2.11 chasm phase
            say(
                T_(
                    "{name} draws a {colour} chasm token",
                    name=player_name(st, st.active),
                    colour=COLOUR_WORDS[colour],
                )
            )
            if self._cfg.chasm_die:
                chasm.place_token(st, say, colour, chasm.roll_square(st, rng, say, colour))
            else:
                st.drawn_token = colour
                st.stage = CHASM
                return
        elif (card := chasm.draw_card(st)) is not None:  # §2.9
            if card == CHASM_CARD:  # D-23: no deposit; every player has one more turn
                say(
                    T_(
                        "{name} draws the Chasm card: the final round begins",
                        name=player_name(st, st.active),
                    )
                )
                st.final_turns = self.num_players
            else:
                chasm.deposit(st, rng, say, card)
                if st.final_turns is not None:
                    st.final_turns -= 1
                    if st.final_turns == 0:
                        chasm.collapse(st, say)  # §2.10
        self._end_check()

    def _end_check(self) -> None:
        """C-1 step 5: the 20th token or, after the collapse, an empty board ends the game."""
        st, say = self._state, self._say
        if st.chasm_on_board() >= CHASM_TOKENS:
            st.own_carts()
            for i in st.carts_on_board():
                movement.derail(st, self._cfg, say, i)  # §2.12 (a); solo: lost (C-3)
            self._finish(T_("the last chasm token is placed"))
        elif self._cfg.solo and all(c.place == GONE for c in st.carts):
            self._finish(T_("every cart is gone"))
        elif not self._cfg.solo and st.collapsed and not st.carts_on_board():
            self._finish(T_("every cart has left the board"))  # §2.12 (b), D-26, C-7
        else:
            st.active = (st.active + 1) % self.num_players
            self._begin_turn()

    def _finish(self, reason: str) -> None:
        st = self._state
        st.stage, st.ended, st.move = OVER, reason, None
        self._say(T_("the game ends: {reason}", reason=reason))
        if self._cfg.solo:
            result = SOLO_RESULT_WORDS.get(self.solo_result(), self.solo_result())
            self._say(
                T_("result: {result}, score {score}", result=result, score=missions.solo_score(st))
            )
        else:
            each = [
                T_("{name} {points}", name=player_name(st, s), points=p)
                for s, p in enumerate(missions.final_scores(st))
            ]
            self._say(T_("final scores: {scores}", scores=joined(each)))

    def _settle(self) -> None:
        """Take every decision that has a single option (§5), logging it."""
        st = self._state
        while st.stage != OVER:
            if st.stage == ACTION_PHASE:
                if st.actions_used >= ACTIONS_PER_TURN:
                    self._next_cart()  # §2.6: after the 4th action the phase ends
                elif self._nothing_to_do():
                    self._do(END_ACTIONS, forced=True)
                else:
                    return
                continue
            options = self._legal_actions()
            if len(options) != 1:
                return
            self._do(options[0], forced=True)

    def _nothing_to_do(self) -> bool:
        """Whether ending the action phase is the only legal action."""
        st, cfg = self._state, self._cfg
        if cfg.solo and not st.carts_on_board():
            return False  # EndNow
        if st.tiles_used < TILE_SUPPLY and board.tile_actions(st).placements:
            return False  # a tile to lay: nearly always, and known at once
        on_board = [cart for cart in st.carts if cart.place == BOARD]
        mine = [cart for cart in on_board if cart.owner == st.active]
        return not (
            mine or board.tile_options(st, on_board) or self._cart_placements(on_board, mine)
        )

    # -- hooks --------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._state.stage == OVER

    def _current_player(self) -> int:
        st = self._state
        if st.stage == SPLIT:
            assert st.move is not None
            return st.carts[st.move.other].owner  # C-5: the hit cart's owner splits
        return st.active

    def _legal_actions(self) -> list[Action]:
        st, cfg = self._state, self._cfg
        stage = st.stage
        if stage == ACTION_PHASE:
            return self._action_phase_options()
        if stage == SIDE:
            return list(SIDE_ACTIONS)
        if stage == CART:
            return [
                ChooseCart(st.carts[i].name)
                for i in st.carts_on_board(st.active)
                if not st.carts[i].moved
            ]
        m = st.move
        if stage in (EXIT, NOSE):
            assert m is not None
            cart = st.carts[m.cart]
            assert cart.square is not None
            table = EXIT_ACTIONS if stage == EXIT else NOSE_ACTIONS
            return [table[s] for s in movement.exit_options(st, cfg, cart.square, cart.back)]
        if stage == TAKE:
            return [TAKE_ACTIONS[k] for k in movement.take_options(st)]
        if stage == SPLIT:
            assert m is not None
            load = st.carts[m.other].contents
            return [
                SplitLoad(movement.names(a), movement.names(b))
                for a, b in movement.splits(load, cfg.ceil_half)
            ]
        if stage == PICK:
            assert m is not None and m.piles is not None
            same = m.piles[0] == m.piles[1]  # §5: identical options count as one
            return list(PICK_ACTIONS[:1] if same else PICK_ACTIONS)
        if stage == MISSION:
            return [*(ClaimMission(m) for m in missions.claimable(st)), NoClaim()]
        if stage == CHASM:
            return [PlaceChasm(sq) for sq in chasm.targets(st, st.drawn_token)]
        return []

    def _action_phase_options(self) -> list[Action]:
        """Tiles to lay or upgrade, carts to place, speeds to change, then the end (§2.6)."""
        st = self._state
        on_board = [cart for cart in st.carts if cart.place == BOARD]
        mine = [cart for cart in on_board if cart.owner == st.active]
        actions = board.tile_options(st, on_board)
        actions += self._cart_placements(on_board, mine)
        for cart in mine:
            if cart.speed < SPEED_MAX:
                actions.append(SPEED_ACTIONS[cart.name, 1])
            if cart.speed > SPEED_MIN:
                actions.append(SPEED_ACTIONS[cart.name, -1])
        actions.append(END_ACTIONS)
        if self._cfg.solo and not on_board:
            actions.append(END_NOW)
        return actions

    def _cart_placements(self, on_board: list[Cart], mine: list[Cart]) -> list[Action]:
        """Every *place cart* of the active player (§2.6 A3), given the carts on the board
        and the active player's among them."""
        st, cfg = self._state, self._cfg
        limit = SOLO_MAX_CARTS_ON_BOARD if cfg.solo else MAX_CARTS_ON_BOARD
        if len(mine) >= limit:
            return []
        taken = {cart.square for cart in on_board}
        actions: list[Action] = []
        for cart in st.carts:
            if cart.owner == st.active and cart.place == SUPPLY:
                entries = self._place_cart[cart.name][self._home_side(cart)]
                actions += [a for a in entries if a.track not in taken] if taken else entries
        return actions

    def _home_side(self, cart: Cart) -> int:
        """Carts enter from their owner's side; solo: their colour's side (§2.6 A3, §2.15)."""
        return cart.colour if self._cfg.solo else self._state.sides[cart.owner]

    # -- checking actions (every refusal names its rule) -----------------------------------------

    def _check(self, action: Action) -> None:
        st = self._state
        kinds, waiting = STAGE_ACTIONS[st.stage]
        if not isinstance(action, kinds):
            raise IllegalActionError(
                T_(
                    "{move} is not possible now: the game waits for {waiting}",
                    move=action.words(),
                    waiting=waiting,
                )
            )
        check = getattr(self, CHECKS[action.kind], None)
        if check is not None:
            check(action)
        elif action not in self._legal_actions():
            raise IllegalActionError(
                T_(
                    "{move} is not one of the options for {waiting}",
                    move=action.words(),
                    waiting=waiting,
                )
            )

    def _check_place_tile(self, action: PlaceTile) -> None:
        board.check_place_tile(self._state, action)

    def _check_upgrade(self, action: Upgrade) -> None:
        board.check_upgrade(self._state, action)

    def _own_cart(self, action: Action, name: Any) -> Cart:
        st = self._state
        i = st.cart_named(st.active, name)
        if i < 0:
            raise IllegalActionError(
                T_(
                    "{move}: {name} has no such cart (§2.4.3)",
                    move=action.words(),
                    name=player_name(st, st.active),
                )
            )
        return st.carts[i]

    def _check_place_cart(self, action: PlaceCart) -> None:
        st, cfg = self._state, self._cfg
        cart = self._own_cart(action, action.cart)
        if cart.place != SUPPLY:
            where = T_("on the board") if cart.place == BOARD else T_("lost to the chasm")
            raise IllegalActionError(
                T_(
                    "{move}: that cart is {where}, not in supply (§2.6 A3)",
                    move=action.words(),
                    where=where,
                )
            )
        limit = SOLO_MAX_CARTS_ON_BOARD if cfg.solo else MAX_CARTS_ON_BOARD
        if len(st.carts_on_board(st.active)) >= limit:
            raise IllegalActionError(
                T_("{move}: at most {n} carts on the board (§2.6 A3)", move=action.words(), n=limit)
            )
        if action.track not in cfg.tracks[self._home_side(cart)]:
            raise IllegalActionError(
                T_(
                    "{move}: carts enter on a starting track of their own side (§2.6 A3)",
                    move=action.words(),
                )
            )
        if st.cart_at(action.track) >= 0:
            raise IllegalActionError(
                T_("{move}: that starting track is occupied (§2.6 A3)", move=action.words())
            )

    def _check_change_speed(self, action: ChangeSpeed) -> None:
        cart = self._own_cart(action, action.cart)
        if cart.place != BOARD:
            raise IllegalActionError(
                T_("{move}: only a cart on the board changes speed (§2.6 A4)", move=action.words())
            )
        if action.delta not in (1, -1) or isinstance(action.delta, bool):
            raise IllegalActionError(
                T_("{move}: speed changes by one step (§2.6 A4)", move=action.words())
            )
        if not SPEED_MIN <= cart.speed + action.delta <= SPEED_MAX:
            raise IllegalActionError(
                T_(
                    "{move}: speed stays within {low}–{high}, not {speed} (§2.6 A4, D-10)",
                    move=action.words(),
                    low=SPEED_MIN,
                    high=SPEED_MAX,
                    speed=cart.speed + action.delta,
                )
            )

    def _check_end_actions(self, action: EndActions) -> None:
        return None

    def _check_end_now(self, action: EndNow) -> None:
        if not self._cfg.solo or self._state.carts_on_board():
            raise IllegalActionError(
                T_(
                    "{move}: only a solo player with no cart on the board may stop (§2.15, D-35)",
                    move=action.words(),
                )
            )

    def _check_choose_cart(self, action: ChooseCart) -> None:
        cart = self._own_cart(action, action.cart)
        if cart.place != BOARD or cart.moved:
            raise IllegalActionError(
                T_("{move}: that cart is not waiting to move (§2.7, C-11)", move=action.words())
            )

    def _check_claim_mission(self, action: ClaimMission) -> None:
        st = self._state
        if action.mission not in st.missions:
            raise IllegalActionError(
                T_("{move}: that mission is not face up (§2.8)", move=action.words())
            )
        if action.mission not in missions.claimable(st):
            raise IllegalActionError(
                T_("{move}: its condition was not met this turn (§2.8)", move=action.words())
            )

    def _check_place_chasm(self, action: PlaceChasm) -> None:
        st = self._state
        if not board.is_square(action.square) or action.square not in chasm.targets(
            st, st.drawn_token
        ):
            raise IllegalActionError(
                T_(
                    "{move}: the {colour} token goes on a free grid square next to a {colour} "
                    "chasm token (§2.11, D-25)",
                    move=action.words(),
                    colour=COLOUR_WORDS[st.drawn_token],
                )
            )

    # -- applying actions -------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self._do(action)
        self._settle()

    def _do(self, action: Action, forced: bool = False) -> None:
        st, say = self._state, self._say
        if not isinstance(action, (PlaceTile, Upgrade)):
            st.own_carts()  # every other action may change a cart, or end the turn
        who = player_name(st, self._current_player())
        if isinstance(action, SplitLoad) and not forced:
            say(T_("{name} splits the load into two piles", name=who))  # C-5: the piles stay hidden
        elif not isinstance(action, (TakeItem, ChooseSide, EndNow)):
            if forced:
                say(T_("{name}: {move} (only choice)", name=who, move=action.words()))
            else:
                say(T_("{name}: {move}", name=who, move=action.words()))
        if isinstance(action, PlaceTile):  # checked already: its exits are written canonically
            board.set_tile(st, index(action.square), MASK_OF_EXITS[action.exits])
            st.tiles_used += 1
            st.actions_used += 1
        elif isinstance(action, Upgrade):
            board.set_tile(st, index(action.square), MASK_OF_EXITS[action.exits])
            st.actions_used += 1
        elif isinstance(action, PlaceCart):
            cart = st.carts[st.cart_named(st.active, action.cart)]
            side = surface_side(action.track)
            cart.place, cart.square, cart.speed = BOARD, action.track, SPEED_START
            cart.facing, cart.back = opposite(side), side  # nose pointing into the grid
            st.actions_used += 1
        elif isinstance(action, ChangeSpeed):
            st.carts[st.cart_named(st.active, action.cart)].speed += action.delta
            st.actions_used += 1
        elif isinstance(action, EndActions):
            self._next_cart()
        elif isinstance(action, EndNow):
            self._finish(T_("the solo player stops"))
        elif isinstance(action, ChooseSide):
            setup.choose_sides(st, SIDE_OF_LETTER[action.side], self._chance, say)
            self._begin_turn()
        elif isinstance(action, ChooseCart):
            movement.start(st, say, st.cart_named(st.active, action.cart))
            self._run_move()
        elif isinstance(action, (ChooseExit, SetNose)):
            assert st.move is not None
            st.carts[st.move.cart].facing = SIDE_OF_LETTER[action.edge]
            if isinstance(action, SetNose):
                st.move.next = "done"
            self._run_move()
        elif isinstance(action, TakeItem):
            movement.take(st, say, KINDS.index(action.item))
            self._run_move()
        elif isinstance(action, SplitLoad):
            assert st.move is not None
            a, b = movement.counts(action.pile_a), movement.counts(action.pile_b)
            if self._cfg.ceil_half:
                movement.finish_collision(st, self._cfg, say, a)  # C-5: pile A drops
                self._run_move()
            else:
                st.move.piles = (a, b)
                st.stage = PICK
        elif isinstance(action, PickPile):
            assert st.move is not None and st.move.piles is not None
            dropped = st.move.piles[0 if action.pile == "A" else 1]
            movement.finish_collision(st, self._cfg, say, dropped)
            self._run_move()
        elif isinstance(action, ClaimMission):
            st.missions = [m for m in st.missions if m != action.mission]  # copies share it
            st.claimed[st.active] = (*st.claimed[st.active], action.mission)
            self._deposit_phase()
        elif isinstance(action, NoClaim):
            self._deposit_phase()
        elif isinstance(action, PlaceChasm):
            colour, st.drawn_token = st.drawn_token, -1
            chasm.place_token(st, say, colour, action.square)
            self._end_check()

    # -- results ----------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        if self._cfg.solo:
            return [missions.solo_score(self._state)]
        return missions.final_scores(self._state)

    def _winners(self) -> list[int]:
        # Solo: the seat finished its game; how well is solo_result() (§2.15).
        return [0] if self._cfg.solo else missions.winners(self._state)

    def solo_result(self) -> str:
        """Solo: ``"big victory"``, ``"victory"``, ``"partial victory"`` or ``"defeat"``."""
        if not self._cfg.solo:
            raise ValueError("solo_result is for solo games (players=1)")
        return missions.solo_result(self._state)

    def player_name(self, seat: int) -> str:
        """The seat's clan colour once sides are chosen (``"Red"``), else ``"Player n"`` (n from 1)."""
        return player_name(self._state, seat)

    # -- positions -------------------------------------------------------------------------------

    def _position(self) -> dict[str, Any]:
        return position.dump(self._state)

    def _load_position(self, data: Mapping[str, Any]) -> State:
        st = position.load(data, self.num_players)
        position.check_stage(st, self._cfg.solo)
        cfg = self._cfg
        invariants.check(st, self.num_players, self.options["length"], cfg.solo, cfg.chasm_die)
        self._state = st
        if st.stage != OVER and not self._legal_actions():
            raise RecordError(f"position turn.stage: nothing can be decided at {st.stage!r}")
        return st

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The position less what ``seat`` may not know; ``None``: a spectator (§2.16, C-5)."""
        return position.hide(self.position(), seat, self._state)

    @classmethod
    def _position_from_view(cls, view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return position.position_from_view(view, rng)  # what is hidden, and how it is drawn

    def _hidden_drawer(self, view: Mapping[str, Any]) -> Callable[[State, random.Random], None]:
        return position.hidden_drawer(self._state, view)

    def __str__(self) -> str:
        """The board as text: what a spectator may know, like the bare game's picture
        (:meth:`to_svg`): how many deposit cards are left, not their order."""
        return board_text(self._state, self._cfg)

    def apply_traced(self, action: Action) -> list[Step]:
        """Play ``action`` like :meth:`apply`, and return every step the carts took (animations).

        >>> from railwidgets.offtherails import scenarios
        >>> g = scenarios.game(tiles={(0, 4): "NS", (1, 4): "NS", (2, 4): "NS"},
        ...                    carts=[scenarios.cart(0, "white", (-1, 4), "S", "N")])
        >>> [(s.event, s.square) for s in g.apply_traced(EndActions())]
        [('start', (-1, 4)), ('enter', (0, 4)), ('enter', (1, 4)), ('enter', (2, 4)), ('stop', (2, 4))]
        """
        self._state.steps = steps = []
        try:
            self.apply(action)
        finally:
            self._state.steps = None
        return steps

    def to_svg(self, seat: int | None = None, *, reveal: bool = False) -> str:
        """The board as SVG; a bare game in a notebook shows ``to_svg()``.

        - ``to_svg()``: what a spectator may know, as ``str(game)`` tells it: the
          board, the carts and their loads, the stockpiles, the face-up missions,
          how many cards each deck holds; not the order of the decks, the bag, nor
          how a hit cart's owner split its load (§2.16, C-5).
        - ``to_svg(seat=k)``: what seat ``k`` may know (a split it made itself too).
        - ``to_svg(reveal=True)``: drawn from the whole position, secrets included
          (for studying a game; the picture itself draws no deck order).

        >>> game = Game(players=2, seed=3)
        >>> game.to_svg() == game.to_svg(seat=0) == game.to_svg(reveal=True)
        True
        >>> game._repr_svg_() == game.to_svg()
        True
        """
        from railwidgets.draw.svg import SvgPainter
        from railwidgets.offtherails.render import LAYERS, LAYOUT, draw

        painter = SvgPainter(LAYOUT.width, LAYOUT.height, LAYERS)
        data = self.shown(seat, reveal=reveal)
        all_tracks = self.options["start_tracks"] == "all"
        draw(data, painter, all_tracks=all_tracks, crossover=self._cfg.crossover)
        return painter.to_svg()
