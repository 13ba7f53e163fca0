"""submit(): the one way in. Versions, legality, compare-and-set, records, the end signal."""

import datetime as dt
import itertools

import pytest

from rules.engine import Action, format_action, pending_seats, seat_view
from tables.models import Game, HandRecord, Table
from tables.play import autoplay, states
from tables.play import submit as table_play
from tables.play.submit import Illegal, Malformed, StaleVersion, parse_move, submit
from tables.signals import game_finished

from .conftest import make_table, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    return start(table, clock=clock)


def first_move(game_row):
    state = states.state_of(game_row)
    seat = pending_seats(state)[0]
    return seat, autoplay.timeout_choice(seat_view(state, seat))


def test_it_applies_a_legal_action_and_bumps_the_version(game, clock):
    seat, action = first_move(game)
    accepted = submit(game.pk, seat, action, 0, clock=clock)
    game.refresh_from_db()
    assert accepted.version == 1 == game.version and accepted.action == action
    assert game.log == [format_action(action)]  # text only in the stored log


def test_it_refuses_a_stale_version_and_changes_nothing(game, clock):
    seat, action = first_move(game)
    submit(game.pk, seat, action, 0, clock=clock)
    with pytest.raises(StaleVersion) as info:
        submit(game.pk, seat, action, 0, clock=clock)
    assert "moved on" in info.value.message and info.value.version == 1
    game.refresh_from_db()
    assert game.version == 1 and len(game.log) == 1


def test_it_refuses_an_illegal_action_with_the_reason(game, clock):
    state = states.state_of(game)
    other = (pending_seats(state)[0] + 1) % 4
    someone_elses_tile = state.hands[other][0]
    seat = pending_seats(state)[0]
    wrong = Action(seat, "discard", someone_elses_tile)
    with pytest.raises(Illegal) as info:
        submit(game.pk, seat, wrong, 0, clock=clock)
    assert "do not hold" in info.value.message
    with pytest.raises(Illegal) as info:
        submit(game.pk, other, Action(other, "pass"), 0, clock=clock)
    assert "turn" in info.value.message or "nothing" in info.value.message
    game.refresh_from_db()
    assert game.version == 0 and game.log == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0:discard", "must name its tile"),
        ("nonsense", "not an action"),
        ("0:fly:1m.0", "not an action type"),
        (None, "must be text"),
    ],
)
def test_it_reads_a_players_text_once_and_refuses_malformed_text_with_a_message(text, words):
    with pytest.raises(Malformed) as info:
        parse_move(text)
    assert words in info.value.message
    assert parse_move("0:discard:1m.0") == Action(0, "discard", 0)


@pytest.mark.parametrize(
    ("version", "words"), [("twelve", "whole number"), (None, "whole number"), (-1, "negative")]
)
def test_it_refuses_a_malformed_version_with_a_message(game, clock, version, words):
    with pytest.raises(Malformed) as info:
        submit(game.pk, 0, Action(0, "discard", 0), version, clock=clock)
    assert words in info.value.message
    game.refresh_from_db()
    assert game.version == 0


def test_it_takes_an_action_not_its_text(game, clock):
    seat, action = first_move(game)
    with pytest.raises(TypeError):
        submit(game.pk, seat, format_action(action), 0, clock=clock)
    game.refresh_from_db()
    assert game.version == 0


def test_it_refuses_an_action_for_another_seat_than_the_callers(game, clock):
    seat, action = first_move(game)
    with pytest.raises(Illegal) as info:
        submit(game.pk, (seat + 1) % 4, action, 0, clock=clock)
    assert "you sit at seat" in info.value.message


def test_it_lets_exactly_one_of_two_racing_writers_win(game, clock, monkeypatch):
    """The other process stores its action between our read and our write: ours is refused."""
    seat, action = first_move(game)
    real_state_of = states.state_of
    raced = []

    def state_of_then_race(row):
        state = real_state_of(row)
        if not raced:
            raced.append(True)
            submit(game.pk, seat, action, 0, clock=clock)  # the other process wins the race
        return state

    monkeypatch.setattr(table_play.states, "state_of", state_of_then_race)
    with pytest.raises(StaleVersion):
        submit(game.pk, seat, action, 0, clock=clock)
    game.refresh_from_db()
    assert game.version == 1 and len(game.log) == 1


def play_out(game_row, clock, limit=5000):
    """Play the whole game through submit with the timeout policy (tsumogiri / pass)."""
    accepted = None
    for _ in range(limit):
        game_row.refresh_from_db()
        if game_row.finished:
            return accepted
        seat, action = first_move(game_row)
        clock.advance(0.5)
        accepted = submit(game_row.pk, seat, action, game_row.version, clock=clock)
    raise AssertionError("the game did not end")


def test_it_records_every_hand_and_announces_the_end_of_the_game(game, clock):
    heard = []

    def listener(sender, **kwargs):
        heard.append(kwargs)

    game_finished.connect(listener)
    try:
        last = play_out(game, clock)
    finally:
        game_finished.disconnect(listener)
    game.refresh_from_db()
    assert last.finished and game.finished is not None
    assert game.table.status == Table.FINISHED
    records = list(HandRecord.objects.filter(game=game))
    assert len(records) == len(last.state.past_logs) >= 4
    assert records[0].log_start == 0 and records[-1].log_end == len(game.log)
    for before, after in itertools.pairwise(records):
        assert after.log_start == before.log_end
    assert [s["place"] for s in game.final] == [1, 2, 3, 4]
    assert len(heard) == 1
    event = heard[0]
    assert set(event) >= {"game", "table_id", "seats", "scores", "leftover_sticks", "seed"}
    assert event["table_id"] == game.table_id and event["seed"] == game.seed
    assert event["seats"][0] == game.table.seats.get(index=0).player_id
    assert event["seats"][1:] == [None, None, None]
    assert sum(event["scores"]) + 1000 * event["leftover_sticks"] == 100000
    assert event["finished_at"] == game.finished


def test_it_rebuilds_the_same_state_from_the_log_after_a_restart(game, clock):
    for _ in range(30):
        game.refresh_from_db()
        seat, action = first_move(game)
        submit(game.pk, seat, action, game.version, clock=clock)
    game.refresh_from_db()
    live = states.state_of(game)
    states.clear()  # what a restarted process starts with
    assert states.state_of(Game.objects.get(pk=game.pk)) == live


def test_it_refuses_moves_once_the_game_is_over(game, clock):
    play_out(game, clock)
    game.refresh_from_db()
    with pytest.raises(table_play.GameOver):
        submit(game.pk, 0, Action(0, "pass"), game.version, clock=clock)


def test_it_spends_the_bank_only_after_the_base_time(game, clock):
    seat, action = first_move(game)
    clock.advance(east_only_thinking(game) + 3)  # three seconds into the bank
    submit(game.pk, seat, action, 0, clock=clock)
    game.refresh_from_db()
    assert game.bank_ms[seat] == 20000 - 3000
    assert game.deadline == clock.now() + dt.timedelta(seconds=5) or game.deadline > clock.now()


def east_only_thinking(game_row):
    return game_row.engine_ruleset().thinking_time


def test_it_accepts_two_answers_to_one_discard_sent_at_the_same_version(
    east_only, alice, bob, clock
):
    """Answers to one claim commute: the second one is not refused as stale."""
    from players.models import Player

    carol = Player.objects.create_user(username="carol", password="pw-carol-123")
    dave = Player.objects.create_user(username="dave", password="pw-dave-123")
    table = make_table(east_only, people=[alice, bob, carol, dave])
    game = start(table, seed=3, clock=clock)
    for _ in range(3000):
        game.refresh_from_db()
        state = states.state_of(game)
        asked = pending_seats(state)
        if state.phase == "calls" and len(asked) >= 2:
            break
        seat, action = first_move(game)
        submit(game.pk, seat, action, game.version, clock=clock)
    else:
        pytest.fail("no discard was answerable by two seats")
    version = game.version
    first, second = asked[:2]
    submit(game.pk, first, Action(first, "pass"), version, clock=clock)
    accepted = submit(game.pk, second, Action(second, "pass"), version, clock=clock)
    assert accepted.version == version + 2
    while accepted.state.phase == "calls":  # a third seat may still be asked
        seat = pending_seats(accepted.state)[0]
        accepted = submit(game.pk, seat, Action(seat, "pass"), accepted.version, clock=clock)
    seat = pending_seats(accepted.state)[0]
    move = autoplay.timeout_choice(seat_view(accepted.state, seat))
    with pytest.raises(StaleVersion):  # a move of the next turn is no answer to the claim
        submit(game.pk, seat, move, version, clock=clock)


def test_a_last_move_is_accepted_even_when_the_end_cannot_be_announced(game, clock, monkeypatch):
    """The game's last move is stored: a failure while announcing the end (the
    database gone just after the commit, say) must not answer it as refused."""

    def fails(game_row, state):
        raise ConnectionError("the database went away after the commit")

    monkeypatch.setattr(table_play, "announce_finished", fails)
    last = play_out(game, clock)
    game.refresh_from_db()
    assert last.finished and game.finished is not None
    assert game.version == last.version
