"""Results from live tables: the game_finished signal, the standings socket, leagues,
and duplicate rounds compared seat by seat."""

import datetime

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from mahjong_site.asgi import application
from tables.signals import game_finished
from tournaments import presenters, records
from tournaments.models import Result, Tournament, TournamentTable

from .conftest import seat_ids

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
FINISHED = timezone.make_aware(datetime.datetime(2026, 3, 1, 20, 0))


def finish(table_id, seats, scores, sticks=0, seed=None, when=FINISHED):
    return game_finished.send(
        sender=None,
        game=object(),
        table_id=table_id,
        seats=seats,
        scores=scores,
        leftover_sticks=sticks,
        seed=seed,
        finished_at=when,
    )


def linked_round(tournament, seated_round, first_id=100, **options):
    round_ = seated_round(tournament, **options)
    for n, table in enumerate(round_.tables.order_by("number")):
        table.table_id = first_id + n
        table.save()
    return round_


@pytest.mark.django_db
def test_it_files_a_signalled_game_under_its_tournament_table(make_event, seated_round):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1)
    table = linked_round(tournament, seated_round).tables.get()
    seats = seat_ids(table)
    finish(100, seats, [42000, 31000, 17000, 9000], sticks=1, seed=99)
    result = Result.objects.get(table=table)
    assert result.source == "online" and result.leftover_sticks == 1 and result.seed == 99
    assert result.finished_at == FINISHED
    rows = presenters.standings(tournament)["rows"]
    assert (
        rows[0]["player"] == seats[0] and rows[0]["cells"]["total"] == "+53.0"
    )  # 12 + 1 stick + 20 + 20
    # The same signal again changes nothing.
    finish(100, seats, [10000, 20000, 30000, 39000])
    assert Result.objects.get(table=table).scores == [42000, 31000, 17000, 9000]


@pytest.mark.django_db
def test_it_ignores_a_game_of_an_unlinked_table(make_event, seated_round):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1)
    table = linked_round(tournament, seated_round).tables.get()
    finish(555, seat_ids(table), [42000, 31000, 18000, 9000])
    assert not Result.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_it_pushes_new_standings_to_open_pages_when_a_game_ends(
    settings, make_event, seated_round
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    tournament = await sync_to_async(make_event)(players=4, format=Tournament.ONLINE, rounds_=1)
    round_ = await sync_to_async(linked_round)(tournament, seated_round)
    table = await sync_to_async(round_.tables.get)()
    seats = await sync_to_async(seat_ids)(table)
    names = await sync_to_async(lambda: [s.player.name for s in table.seat_list()])()

    page = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await page.connect()
    assert connected
    other = WebsocketCommunicator(
        application,
        f"/ws/tournaments/{tournament.pk + 1}/",
        headers=[(b"origin", b"http://localhost")],
    )
    assert (await other.connect())[0]

    await sync_to_async(finish)(100, seats, [42000, 31000, 18000, 9000])

    html = await page.receive_from(timeout=5)
    assert html.startswith('<div id="standings-live" hx-swap-oob="true">')
    assert "1 game counted" in html
    # the winner's line comes first, with 12 + 20 uma + 20 oka
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert names[0] in first_row and "+52.0" in first_row
    assert await other.receive_nothing(timeout=0.2)
    await page.disconnect()
    await other.disconnect()


@pytest.mark.django_db
def test_it_counts_a_game_between_league_members_in_every_running_league(make_event, make_members):
    league = make_event(
        players=4,
        format=Tournament.LEAGUE,
        name="Spring League",
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 5, 31),
    )
    members = list(league.entries.values_list("player_id", flat=True))
    old = make_event(
        players=0,
        format=Tournament.LEAGUE,
        name="Last year",
        start_date=datetime.date(2025, 1, 1),
        end_date=datetime.date(2025, 12, 31),
    )
    for pid in members:
        old.entries.create(player_id=pid)
    finish(7, members, [40000, 30000, 20000, 10000])
    assert TournamentTable.objects.filter(tournament=league, table_id=7).count() == 1
    assert not TournamentTable.objects.filter(tournament=old).exists()
    # a bot at the table, or a non-member, keeps the game out
    finish(8, [*members[:3], None], [40000, 30000, 20000, 10000])
    outsider = make_members(1, prefix="x")[0]
    finish(9, [*members[:3], outsider.pk], [40000, 30000, 20000, 10000])
    assert league.tables.count() == 1
    rows = {r["player"]: r for r in presenters.standings(league)["rows"]}
    assert rows[members[0]]["cells"]["total"] == "+50.0"


@pytest.mark.django_db
def test_it_filters_league_standings_by_date_range(make_event, client):
    league = make_event(players=4, format=Tournament.LEAGUE, start_date=datetime.date(2026, 1, 1))
    members = list(league.entries.values_list("player_id", flat=True))
    finish(1, members, [40000, 30000, 20000, 10000], when=FINISHED)
    finish(2, members, [10000, 20000, 30000, 40000], when=FINISHED + datetime.timedelta(days=30))
    march = presenters.standings(league, datetime.date(2026, 3, 1), datetime.date(2026, 3, 15))
    assert march["games_played"] == 1
    assert presenters.standings(league)["games_played"] == 2
    page = client.get(
        f"/tournaments/{league.pk}/standings/?start=2026-03-01&end=2026-03-15"
    ).content.decode()
    assert "1 game counted" in page
    page = client.get(
        f"/tournaments/{league.pk}/standings/?start=2026-03-15&end=2026-03-01"
    ).content.decode()
    assert "not valid" in page and "2 games counted" in page


@pytest.mark.django_db
def test_it_says_what_is_wrong_with_a_league_date_range(make_event, client):
    league = make_event(players=4, format=Tournament.LEAGUE, start_date=datetime.date(2026, 1, 1))
    url = f"/tournaments/{league.pk}/standings/"
    page = client.get(url + "?start=2026-03-15&end=2026-03-01").content.decode()
    assert "its end comes before its start; showing the whole season" in page
    page = client.get(url + "?start=2026-03-15&end=15.3.2026").content.decode()
    assert "the end is not a date (write it as 2026-01-01)" in page


@pytest.mark.django_db
def test_it_compares_duplicate_tables_seat_by_seat(make_event, seated_round):
    tournament = make_event(players=8, format=Tournament.ONLINE, rounds_=1)
    round_ = linked_round(tournament, seated_round, duplicate=True)
    assert round_.duplicate and round_.seed is not None
    t1, t2 = round_.tables.order_by("number")
    finish(100, seat_ids(t1), [40000, 30000, 20000, 10000], seed=round_.seed)
    finish(101, seat_ids(t2), [30000, 30000, 30000, 10000], seed=round_.seed)
    context = presenters.standings(tournament)
    lines = {(d["wind"], d["player"]): d for d in context["duplicate_lines"]}
    east1, east2 = seat_ids(t1)[0], seat_ids(t2)[0]
    assert lines[("East", east1)]["difference"] == 10000  # 40,000 against the other East's 30,000
    assert lines[("East", east2)]["difference"] == -10000
    assert lines[("North", seat_ids(t1)[3])]["difference"] == 0
    totals = {d["name"]: d["difference"] for d in context["duplicate_totals"]}
    assert sum(totals.values()) == 0
    assert len(context["duplicate_lines"]) == 8


@pytest.mark.django_db
def test_it_updates_seats_to_who_actually_played(make_event, make_members, seated_round):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1)
    table = linked_round(tournament, seated_round).tables.get()
    seats = seat_ids(table)
    played = [seats[0], seats[1], seats[2], None]  # North dropped and a bot finished the game
    records_before = Result.objects.count()
    finish(100, played, [40000, 30000, 20000, 10000])
    assert Result.objects.count() == records_before + 1
    assert seat_ids(table) == played
    names = [
        r["cells"]["name"]
        for r in presenters.standings(tournament)["rows"]
        if r["cells"]["games"] == "1"
    ]
    assert len(names) == 3
    assert records.games_of(tournament)[0].players[3] is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("number", ["9" * 120, str(2**63), "0"])
async def test_a_standings_socket_for_an_impossible_event_id_is_refused_not_crashed(number):
    socket = WebsocketCommunicator(
        application, f"/ws/tournaments/{number}/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await socket.connect()
    assert not connected
    await socket.disconnect()


@pytest.mark.django_db
def test_it_writes_the_result_first_and_broadcasts_only_after_commit(
    make_event, seated_round, monkeypatch, django_capture_on_commit_callbacks
):
    from tournaments import broadcast

    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1)
    table = linked_round(tournament, seated_round).tables.get()
    sent = []

    def send(tournament_id):
        # By the time the standings are rendered, the result is in the database.
        sent.append((tournament_id, Result.objects.filter(table=table).count()))

    monkeypatch.setattr(broadcast, "send_standings", send)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        finish(100, seat_ids(table), [42000, 31000, 17000, 10000])
        assert sent == [], "nothing is sent before the transaction commits"
    assert len(callbacks) == 1
    callbacks[0]()
    assert sent == [(tournament.pk, 1)]
