"""Bot seats at a live table are the engine's robots (the app rule settings' open-riichi setting).

Each game is started by the tables' own ``start_game`` and then given an explicit
first wall (as the engine's tests build them), so the hands are known: seat 0, a
person and the dealer, is tenpai on 2s/5s and draws a 9m to throw.
"""

import pytest

from players.models import Player
from rules.engine import parse_action, parse_tiles, pending_seats
from rules.engine.testing import QUIET, build_wall
from rules.models import Ruleset
from tables.models import Game, Seat
from tables.play import autoplay, states
from tables.play.submit import submit

from .conftest import make_table, start

pytestmark = pytest.mark.django_db

TENPAI = "234m345p678p22s34s"  # waits 2s/5s, all simples
NINE_M, TWO_S, FIVE_S = (t >> 2 for t in parse_tiles("9m2s5s"))


def open_riichi_ruleset(setting: str) -> Ruleset:
    return Ruleset.objects.create(
        name=f"Open riichi, robots: {setting}",
        preset="ronin",
        settings={"open_riichi": True, "open_riichi_robot": setting},
    )


def people(*names: str) -> list[Player]:
    return [
        Player.objects.create_user(username=name, password=f"pw-{name}-123", display_name=name)
        for name in names
    ]


def with_wall(game: Game, draws: str) -> Game:
    """The game with its first hand dealt from an explicit wall; the state cache is
    cleared so that the next read replays the stored game from its setup."""
    ruleset = game.engine_ruleset()
    hands = {0: TENPAI, 1: QUIET, 2: QUIET, 3: QUIET}
    wall = build_wall(hands, draws, red_fives=ruleset.red_fives)
    Game.objects.filter(pk=game.pk).update(walls=[list(wall)])
    game.refresh_from_db()
    states.clear()
    return game


def types(state, seat: int) -> set[str]:
    return {a.type for a in state.legal[seat]}


def play(game: Game, seat: int, action, clock) -> Game:
    move = parse_action(action) if isinstance(action, str) else action
    submit(game.pk, seat, move, game.version, clock=clock)
    game.refresh_from_db()
    return game


def open_riichi_on_9m(game: Game, clock):
    """Seat 0 declares open riichi throwing its 9m; everybody passes on the 9m."""
    state = states.state_of(game)
    declare = next(a for a in state.legal[0] if a.type == "open_riichi" and a.tile >> 2 == NINE_M)
    game = play(game, 0, declare, clock)
    state = states.state_of(game)
    while state.phase == "calls":
        seat = pending_seats(state)[0]
        game = play(game, seat, f"{seat}:pass", clock)
        state = states.state_of(game)
    assert state.open_riichi[0] and state.turn == 1
    return game, state


def test_it_stores_the_bot_seats_of_the_table_as_the_games_robots(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful", "efficient", "tsumogiri"])
    game = start(table, clock=clock)
    assert game.robots == [1, 2, 3]
    game.refresh_from_db()
    assert game.robots == [1, 2, 3]
    assert states.setup_of(game).robots == frozenset({1, 2, 3})


def test_it_keeps_the_robots_when_a_seat_changes_after_the_start(east_only, alice, clock):
    # the replay must not depend on who sits there now: the seats are read at the start
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = with_wall(start(table, clock=clock), draws="9m")
    Seat.objects.filter(table=table, index=3).update(bot_level="", player=None)
    states.clear()
    assert states.state_of(game).setup.robots == frozenset({1, 2, 3})


def test_it_takes_open_riichi_away_from_a_person_playing_with_bots_under_disable(clock):
    ruleset = open_riichi_ruleset("disable")
    alice, bob, carol, dave = people("alice", "bob", "carol", "dave")
    with_bots = with_wall(
        start(make_table(ruleset, people=[alice], bots=["efficient"] * 3), clock=clock), "9m"
    )
    all_people = with_wall(
        start(make_table(ruleset, people=[bob, carol, dave, alice], name="People"), clock=clock),
        "9m",
    )
    state = states.state_of(with_bots)
    assert state.setup.robots == frozenset({1, 2, 3})
    assert "riichi" in types(state, 0) and "open_riichi" not in types(state, 0)
    # the same hand at a table of people is offered open riichi
    assert "open_riichi" in types(states.state_of(all_people), 0)


def test_it_lets_a_bots_tile_pass_an_open_riichi_under_ignore_robot_discard(alice, clock):
    table = make_table(
        open_riichi_ruleset("ignore_robot_discard"), people=[alice], bots=["tsumogiri"] * 3
    )
    game = with_wall(start(table, clock=clock), draws="9m 5s")
    game, state = open_riichi_on_9m(game, clock)
    five = next(a for a in state.legal[1] if a.type == "discard" and a.tile >> 2 == FIVE_S)
    game = play(game, 1, five, clock)
    state = states.state_of(game)
    # seat 0 was not asked about the bot's 5s and is not furiten for letting it go
    assert state.phase == "turn" and state.turn == 2
    assert not state.legal[0] and state.furiten[0] == 0
    # a restarted process replays the same thing from the stored game
    states.clear()
    assert states.state_of(game) == state


def test_it_offers_ron_on_a_bots_tile_when_the_setting_says_pay_as_usual(alice, clock):
    table = make_table(open_riichi_ruleset("pay_as_usual"), people=[alice], bots=["tsumogiri"] * 3)
    game = with_wall(start(table, clock=clock), draws="9m 5s")
    game, state = open_riichi_on_9m(game, clock)
    five = next(a for a in state.legal[1] if a.type == "discard" and a.tile >> 2 == FIVE_S)
    state = states.state_of(play(game, 1, five, clock))
    assert types(state, 0) == {"ron", "pass"}


@pytest.mark.parametrize("level", ["efficient", "careful"])
def test_a_bot_at_the_table_does_not_throw_into_the_open_wait(alice, clock, level):
    table = make_table(open_riichi_ruleset("pay_as_usual"), people=[alice], bots=[level] * 3)
    game = with_wall(start(table, clock=clock), draws="9m 5s")
    game, state = open_riichi_on_9m(game, clock)
    assert any(a.tile >> 2 == FIVE_S for a in state.legal[1] if a.type == "discard")
    policy = autoplay.SeatPolicy.of(table.seats.get(index=1))
    move = autoplay.Move(1, clock.now(), "bot")
    chosen = autoplay.choose(move, state, policy, game.seed, game.version)
    assert chosen.type == "discard" and chosen.tile >> 2 not in (TWO_S, FIVE_S)
