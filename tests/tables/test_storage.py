"""The sockets' database work (tables.socket.storage), each function called as it is, with
no socket: what a table socket may show, the seats, a seat's connections and settings,
the latest view of a game, and the Play now queue."""

import datetime as dt

import pytest
from django.contrib.auth.models import AnonymousUser

from players.models import Player
from rules.engine import pending_seats, seat_view
from tables import matchmaking
from tables.models import Game, QueueEntry, Seat
from tables.play import autoplay, states, twins
from tables.play.submit import submit
from tables.socket import presence, storage
from tables.socket.storage import TOGGLES

from .conftest import make_table, start

NOW = dt.datetime(2026, 11, 27, 20, 0, tzinfo=dt.UTC)


@pytest.fixture
def seated(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    game = start(table, clock=clock)
    return table, game


def test_it_finds_a_table_with_its_game_and_the_members_own_seat(seated, alice):
    table, game = seated
    found = storage.find_table(table.pk, alice, "")
    assert found is not None
    assert (found.table_id, found.game_id, found.is_tournament) == (table.pk, game.pk, False)
    assert found.seats.mine is not None and found.seats.mine.index == 0
    assert found.seats.mine.pk == table.seats.get(index=0).pk
    assert found.seats.names[0]["name"] == alice.display_name
    assert [bool(n["bot"]) for n in found.seats.names] == [False, True, True, True]


def test_it_finds_a_spectator_no_seat(seated, bob):
    table, _game = seated
    found = storage.find_table(table.pk, bob, "")
    assert found is not None and found.seats.mine is None
    anonymous = storage.find_table(table.pk, AnonymousUser(), "")
    assert anonymous is not None and anonymous.seats.mine is None


def test_it_finds_no_missing_table_nor_a_private_one_without_its_invite(east_only, alice, bob):
    assert storage.find_table(987654, alice, "") is None
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    table.is_private = True
    table.save()
    assert storage.find_table(table.pk, bob, "") is None
    assert storage.find_table(table.pk, bob, "wrong") is None
    assert storage.find_table(table.pk, bob, table.invite_token) is not None
    assert storage.find_table(table.pk, alice, "") is not None


def test_it_finds_no_table_for_a_player_of_its_twin(seated, bob, monkeypatch):
    table, _game = seated
    monkeypatch.setattr(twins, "plays_a_twin", lambda user, game: user == bob)
    assert storage.find_table(table.pk, bob, "") is None


def test_a_bot_seat_is_nobodys_own_and_aids_are_off_at_an_event(east_only, alice):
    alice.learning_aids = True
    alice.save()
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    assert storage.read_seats(table.pk, alice, event=False).mine.aids
    assert not storage.read_seats(table.pk, alice, event=True).mine.aids
    bot = table.seats.get(index=1).player
    assert storage.read_seats(table.pk, bot, event=False).mine is None


def test_the_names_say_who_is_here(seated):
    table, _game = seated
    Seat.objects.filter(table=table, index=0).update(connected=True)
    names = storage.read_names(table.pk)
    assert [n["connected"] for n in names] == [True, True, True, True]
    Seat.objects.filter(table=table, index=0).update(connected=False)
    assert storage.read_names(table.pk)[0]["connected"] is False


def test_a_seat_stays_connected_until_its_last_socket_is_counted_out(seated):
    table, _game = seated
    seat = table.seats.get(index=0)
    assert storage.mark_connection(seat.pk, +1, NOW) is True
    assert storage.mark_connection(seat.pk, +1, NOW) is True
    assert presence.sockets_of(seat.pk) == 2
    assert storage.mark_connection(seat.pk, -1, NOW) is True
    assert storage.mark_connection(seat.pk, -1, NOW + dt.timedelta(seconds=3)) is False
    seat.refresh_from_db()
    assert seat.connections == 0 and not seat.connected
    assert seat.last_seen == NOW + dt.timedelta(seconds=3)
    assert presence.sockets_of(seat.pk) == 0


def test_the_settings_store_each_toggle_and_a_missing_one_is_off(seated):
    table, _game = seated
    seat = table.seats.get(index=0)
    sorts = storage.save_settings(seat.pk, {"auto_win": "on", "no_calls": "on"})
    assert sorts is False
    seat.refresh_from_db()
    assert [getattr(seat, name) for name in TOGGLES] == [True, True, False, False]
    assert storage.save_settings(seat.pk, {"sort_hand": "on"}) is True


def test_the_latest_view_is_the_stored_version_and_its_timers(seated, clock):
    _table, game = seated
    latest = storage.latest(game.pk, 0, clock.now())
    assert latest.version == 0 and latest.shown == 0 and latest.held is None
    assert latest.timers is not None and latest.state.hand_index == 0
    state = states.state_of(game)
    seat = pending_seats(state)[0]
    submit(game.pk, seat, autoplay.timeout_choice(seat_view(state, seat)), 0, clock=clock)
    states.clear()  # as another process, or after a restart
    again = storage.latest(game.pk, 0, clock.now())
    assert again.version == 1


def test_the_latest_view_of_a_game_that_is_gone_raises(db, clock):
    with pytest.raises(Game.DoesNotExist):
        storage.latest(987654, 0, clock.now())


def members(n):
    return [Player.objects.create_user(username=f"q{i}", password="pw-queue-123") for i in range(n)]


def test_a_member_joins_the_queue_and_four_make_a_table(east_only, clock):
    people = members(4)
    for person in people[:3]:
        entry, made = storage.join_queue(
            person, {"ruleset": east_only.pk, "length": "tonpuusen"}, "chan"
        )
        assert entry is not None and made == []
    entry, made = storage.join_queue(
        people[3], {"kind": f"{east_only.pk}:tonpuusen", "bots": ""}, "chan"
    )
    assert entry is None and len(made) == 1
    assert sorted(made[0].members) == sorted(p.pk for p in people)


def test_a_refused_join_and_leaving_without_a_place_say_why(east_only):
    (person,) = members(1)
    with pytest.raises(matchmaking.QueueError) as refused:
        storage.join_queue(person, {"ruleset": "x", "length": "tonpuusen"}, "chan")
    assert refused.value.code == "no_ruleset"
    with pytest.raises(matchmaking.QueueError) as not_waiting:
        storage.leave_queue(person)
    assert not_waiting.value.code == "not_waiting"


def test_a_page_arriving_and_leaving_marks_the_member_seen_and_takes_its_place(east_only):
    (person,) = members(1)
    storage.join_queue(person, {"ruleset": east_only.pk, "length": "tonpuusen"}, "page-1")
    entry = storage.arrive(person.pk, person, NOW)
    assert entry is not None and entry.member_id == person.pk
    person.refresh_from_db()
    assert person.last_seen == NOW
    assert storage.depart(person.pk, person, "another-page", NOW) is False  # not its entry
    assert storage.depart(person.pk, person, "page-1", NOW) is True
    assert not QueueEntry.objects.exists()
