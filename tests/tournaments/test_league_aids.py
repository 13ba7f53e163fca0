"""The learning aids stay off in a league game, even at an ordinary table of the lobby.

A league counts every game its registered members play together while it runs
(``tournaments.records.record_online_game``), so such a game is a competition game
from its first move: the table page and every frame of the socket carry no aids.
"""

import datetime

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse

from rules.engine import pending_seats, seat_view
from rules.models import Ruleset
from tables import runtime
from tables.clock import ManualClock
from tables.models import Game, Table
from tables.play import autoplay, states
from tables.play.submit import submit
from tables.socket import broadcast
from tests.tables.conftest import make_table, start
from tests.tables.sockets import next_frame, open_socket, read_until, version_of
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async
GAME_DAY = datetime.datetime(2026, 4, 10, 19, 0, tzinfo=datetime.UTC)
AIDS = "aids-shanten"  # the shanten line every filled aids panel has


@pytest.fixture(autouse=True)
def table_settings(settings):
    settings.TABLE_DRIVER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TABLE_MESSAGE_BURST = settings.TABLE_ACCOUNT_BURST = 1_000_000
    runtime.reset()
    yield settings
    runtime.reset()


@pytest.fixture
def learners(make_members):
    """Four members who all turned the learning aids on."""
    people = make_members(4, prefix="l")
    for person in people:
        person.learning_aids = True
        person.save()
    return people


@pytest.fixture
def east_only(db):
    return Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )


def league_of(people, organizer, ruleset, start_date, end_date=None) -> Tournament:
    league = Tournament.objects.create(
        name="Spring League",
        format=Tournament.LEAGUE,
        start_date=start_date,
        end_date=end_date,
        ruleset=ruleset,
        created_by=organizer,
    )
    for person in people:
        Registration.objects.create(tournament=league, player=person)
    return league


def table_of(ruleset, people, bots=()) -> Table:
    table = make_table(ruleset, people=people, bots=bots)
    start(table, clock=ManualClock(GAME_DAY))
    return Table.objects.get(pk=table.pk)


def next_move(table):
    """Play the timeout choice of the first seat asked; the accepted move."""
    game = Game.objects.get(table=table)
    state = states.state_of(game)
    seat = pending_seats(state)[0]
    return submit(game.pk, seat, autoplay.timeout_choice(seat_view(state, seat)), game.version)


def test_a_game_between_the_members_of_a_running_league_counts_as_a_competition(
    learners, organizer, east_only
):
    league_of(learners, organizer, east_only, datetime.date(2026, 4, 1))
    assert table_of(east_only, learners).is_tournament


@pytest.mark.parametrize(
    "case", ["league over", "league not begun", "a bot at the table", "one player not a member"]
)
def test_it_keeps_a_game_outside_every_league_an_ordinary_game(
    learners, organizer, east_only, make_members, case
):
    members = list(learners)
    if case == "one player not a member":
        members[3] = make_members(1, prefix="x")[0]
    if case == "league over":
        league_of(
            members, organizer, east_only, datetime.date(2026, 1, 1), datetime.date(2026, 3, 31)
        )
    elif case == "league not begun":
        league_of(members, organizer, east_only, datetime.date(2026, 5, 1))
    else:
        league_of(members, organizer, east_only, datetime.date(2026, 4, 1))
    people, bots = (learners[:3], ["careful"]) if case == "a bot at the table" else (learners, [])
    assert not table_of(east_only, people, bots).is_tournament


def test_it_shows_no_aids_on_the_page_of_a_league_game(client, learners, organizer, east_only):
    ordinary = table_of(east_only, learners)
    client.force_login(learners[0])
    page = client.get(reverse("tables:table", args=[ordinary.pk])).content.decode()
    assert AIDS in page  # the same member at the same kind of table, before the league
    league_of(learners, organizer, east_only, datetime.date(2026, 4, 1))
    counted = table_of(east_only, learners)
    page = client.get(reverse("tables:table", args=[counted.pk])).content.decode()
    assert AIDS not in page and "Learning aids" not in page


async def frames_of(table, person, moves) -> list[str]:
    """The frames one seat's socket gets while ``moves`` moves are played and announced:
    after each, read until a frame shows the version it left the game at (the shown
    version; one that a claim asking another seat keeps from this one changes none,
    and the frame showing that version came already). The frame that must come is
    waited for, not a pause after it, which on a busy machine it could come after."""
    socket = await open_socket(table.pk, person)
    sent = [await next_frame(socket)]
    for _ in range(moves):
        accepted = await db(next_move)(table)
        event = broadcast.update_event(accepted, accepted.timers)
        await broadcast.send_update(table.pk, event)
        shown = accepted.shown
        if max(version_of(frame) or 0 for frame in sent) < shown:
            sent += await read_until(socket, lambda f, shown=shown: (version_of(f) or 0) >= shown)
    await socket.disconnect()
    return sent


async def test_it_sends_no_aids_on_the_wire_in_a_league_game(learners, organizer, east_only):
    """Every frame of every seat of a league game leaves the aids out; the same players
    at an ordinary game get them (so the check can see them when they are there)."""
    ordinary = await db(table_of)(east_only, learners)
    sent = await frames_of(ordinary, learners[0], 4)
    assert AIDS in sent[0]
    await db(league_of)(learners, organizer, east_only, datetime.date(2026, 4, 1))
    counted = await db(table_of)(east_only, learners)
    for person in learners:
        sent = await frames_of(counted, person, 4)
        assert len(sent) > 1
        assert not any(AIDS in frame or "Learning aids" in frame for frame in sent)
