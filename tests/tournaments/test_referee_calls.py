"""Calling the referee (tournaments.referee_calls): from a scored table's hand-entry page
and from an event's live table, live on the referees' page and the projector's corner,
taken and closed with a note in the correction log; one event's referee never sees or
acts on another's calls."""

from __future__ import annotations

import datetime

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.core import mail
from django.urls import reverse

from mahjong_site.asgi import application
from players import mail_queue
from players.models import Notice, Player
from tables.models import Seat as LiveSeat
from tables.models import Table as LiveTable
from tournaments import referee_calls
from tournaments.consumers import RefereeCallsConsumer
from tournaments.models import Correction, RefereeCall, Tournament, TournamentTable

from .conftest import PASSWORD

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
LATER = datetime.datetime(2100, 1, 1, tzinfo=datetime.UTC)


def signed_in(client, player):
    client.logout()
    assert client.login(username=player.username, password=PASSWORD)
    return client


@pytest.fixture
def world(db, make_event, seated_round, make_members, settings):
    """Spring Open (a scored round, referee ``ref``) and Other Open (referee ``other``)."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    event = make_event(players=4)
    table = seated_round(event).tables.get()
    ref, other = make_members(2, prefix="ref")
    ref.email, ref.mail_notices = "ref@example.org", ["referee_call"]
    ref.save()
    event.referees.add(ref)
    other_event = make_event(players=0, name="Other Open")
    other_event.referees.add(other)
    players = [s.player for s in table.seat_list()]
    return {"event": event, "table": table, "ref": ref, "other": other, "players": players}


def call_url(w):
    return reverse("tournaments:call_referee", args=[w["event"].pk, w["table"].pk])


def test_a_seated_player_calls_the_referee_from_the_hand_entry_page(client, world):
    w = world
    score = reverse("tournaments:score", args=[w["event"].pk, w["table"].pk])
    page = signed_in(client, w["players"][2]).get(score).content.decode()
    assert 'id="call-referee"' in page
    response = client.post(call_url(w))
    assert response.status_code == 302
    made = RefereeCall.objects.get()
    assert made.table == w["table"] and made.called_by == w["players"][2] and made.is_open
    log = Correction.objects.get(table=w["table"], field="Referee call")
    assert log.new_value == f"called by {w['players'][2].name}"
    # the event's referee is told (bell and mail), nobody of another event
    (notice,) = Notice.objects.filter(kind="referee_call")
    assert notice.member == w["ref"] and "calls the referee to round 1, table 1" in notice.text
    mail_queue.send_due(LATER)
    (message,) = mail.outbox
    assert message.to == ["ref@example.org"] and "Referee call: round 1, table 1" in message.subject


def test_a_second_call_from_a_table_already_waiting_is_refused(client, world):
    signed_in(client, world["players"][0]).post(call_url(world))
    response = client.post(call_url(world), follow=True)
    assert "The referee is already called to this table" in response.content.decode()
    assert RefereeCall.objects.count() == 1
    assert Notice.objects.filter(kind="referee_call").count() == 1


def test_a_member_not_seated_at_the_table_cannot_call_and_sees_no_button(client, world, member):
    score = reverse("tournaments:score", args=[world["event"].pk, world["table"].pk])
    page = signed_in(client, member).get(score).content.decode()
    assert 'id="call-referee"' not in page
    assert client.post(call_url(world)).status_code == 403
    client.logout()
    assert client.post(call_url(world)).status_code == 403
    assert not RefereeCall.objects.exists()
    assert not Notice.objects.filter(kind="referee_call").exists()


def test_a_referee_takes_a_call_and_closes_it_with_a_note_in_the_log(client, world):
    w = world
    made = referee_calls.call(w["table"], w["players"][0])
    signed_in(client, w["ref"])
    page = client.get(reverse("tournaments:referee_calls", args=[w["event"].pk])).content.decode()
    assert "Round 1, table 1" in page and "waiting" in page and "Take it" in page
    take = reverse("tournaments:referee_call_take", args=[w["event"].pk, made.pk])
    close = reverse("tournaments:referee_call_close", args=[w["event"].pk, made.pk])
    client.post(take)
    made.refresh_from_db()
    assert made.taken_by == w["ref"] and made.is_open
    # a note is required: nothing changes without one
    answer = client.post(close, {"note": "  "}, follow=True).content.decode()
    assert "Write a note" in answer
    made.refresh_from_db()
    assert made.is_open
    client.post(close, {"note": "Dead wall miscounted; play on."})
    made.refresh_from_db()
    assert not made.is_open and made.closed_by == w["ref"]
    log = Correction.objects.filter(table=w["table"], field="Referee call").order_by("pk")
    assert [c.new_value.split(" by ")[0] for c in log][:2] == ["called", "taken"]
    assert log[2].reason == "Dead wall miscounted; play on." and "closed by" in log[2].new_value
    page = client.get(reverse("tournaments:referee_calls", args=[w["event"].pk])).content.decode()
    assert "No open calls." in page and "Dead wall miscounted; play on." in page
    # the table can call again once the call is closed
    referee_calls.call(w["table"], w["players"][1])


def test_a_call_taken_by_one_referee_is_refused_to_another(world, make_members):
    (second,) = make_members(1, prefix="two")
    world["event"].referees.add(second)
    made = referee_calls.call(world["table"], world["players"][0])
    referee_calls.take(made, world["ref"])
    with pytest.raises(referee_calls.Refused, match="taken already"):
        referee_calls.take(made, second)


def test_a_referee_of_another_event_neither_sees_nor_acts_on_its_calls(client, world):
    w = world
    made = referee_calls.call(w["table"], w["players"][0])
    signed_in(client, w["other"])
    pk = w["event"].pk
    assert client.get(reverse("tournaments:referee_calls", args=[pk])).status_code == 403
    take = reverse("tournaments:referee_call_take", args=[pk, made.pk])
    close = reverse("tournaments:referee_call_close", args=[pk, made.pk])
    assert client.post(take).status_code == 403
    assert client.post(close, {"note": "mine now"}).status_code == 403
    # nor through the other event's own URLs
    other_pk = Tournament.objects.get(name="Other Open").pk
    wrong = reverse("tournaments:referee_call_take", args=[other_pk, made.pk])
    assert client.post(wrong).status_code == 404
    page = client.get(reverse("tournaments:referee_calls", args=[other_pk])).content.decode()
    assert "No open calls." in page
    made.refresh_from_db()
    assert made.taken_by is None and made.is_open
    assert not Notice.objects.filter(member=w["other"]).exists()


def test_a_player_at_a_live_event_table_calls_the_referee(client, world):
    w = world
    live = LiveTable.objects.create(name="Round 1", ruleset=w["event"].ruleset, is_tournament=True)
    for index, p in enumerate(w["players"]):
        LiveSeat.objects.create(table=live, index=index, player=p)
    TournamentTable.objects.filter(pk=w["table"].pk).update(table_id=live.pk)
    url = reverse("tables:call_referee", args=[live.pk])
    response = signed_in(client, w["players"][1]).post(url, follow=True)
    assert "The referee is called" in response.content.decode()
    made = RefereeCall.objects.get()
    assert made.table_id == w["table"].pk and made.called_by == w["players"][1]
    notice = Notice.objects.get(member=w["ref"])
    assert notice.url == reverse("tournaments:referee_calls", args=[w["event"].pk])
    # a spectator cannot; a seated player at an ordinary table has no referee
    assert signed_in(client, w["ref"]).post(url).status_code == 403
    ordinary = LiveTable.objects.create(name="Casual", ruleset=w["event"].ruleset)
    LiveSeat.objects.create(table=ordinary, index=0, player=w["players"][0])
    other = reverse("tables:call_referee", args=[ordinary.pk])
    assert signed_in(client, w["players"][0]).post(other).status_code == 403
    assert RefereeCall.objects.count() == 1


def test_the_projector_corner_shows_calls_only_when_the_organizer_switches_it_on(
    client, world, organizer
):
    w = world
    referee_calls.call(w["table"], w["players"][0])
    projector = reverse("tournaments:projector", args=[w["event"].pk])
    assert "Referee called" not in client.get(projector).content.decode()
    switch = reverse("tournaments:referee_calls_projector", args=[w["event"].pk])
    assert signed_in(client, w["ref"]).post(switch, {"projector_calls": "on"}).status_code == 403
    signed_in(client, organizer).post(switch, {"projector_calls": "on"})
    client.logout()
    page = client.get(projector).content.decode()
    assert "Referee called:" in page and "round 1, table 1" in page
    assert w["players"][0].name not in page.split('id="projector-calls"')[1].split("</aside>")[0]


def scope_user(socket, user, tournament_id):
    socket.scope["user"] = user
    socket.scope["url_route"] = {"args": (), "kwargs": {"tournament_id": tournament_id}}
    return socket


@pytest.mark.django_db(transaction=True)
async def test_the_referees_page_hears_a_call_live_and_others_are_refused(
    settings, make_event, seated_round, make_members
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    event = await sync_to_async(make_event)(players=4)
    table = await sync_to_async(lambda: seated_round(event).tables.get())()
    ref, stranger = await sync_to_async(make_members)(2, prefix="ref")
    await sync_to_async(event.referees.add)(ref)
    player = await sync_to_async(lambda: table.seat_list()[0].player)()
    path = f"/ws/tournaments/{event.pk}/calls/"

    page = scope_user(WebsocketCommunicator(RefereeCallsConsumer.as_asgi(), path), ref, event.pk)
    assert (await page.connect())[0]
    refused = scope_user(
        WebsocketCommunicator(RefereeCallsConsumer.as_asgi(), path), stranger, event.pk
    )
    assert not (await refused.connect())[0]

    await sync_to_async(referee_calls.call)(table, player)
    html = await page.receive_from(timeout=5)
    assert html.startswith('<section id="referee-calls"') and 'hx-swap-oob="true"' in html
    assert "Round 1, table 1" in html and f'data-latest-call="{await _latest()}"' in html
    await page.disconnect()


@sync_to_async
def _latest():
    return RefereeCall.objects.latest("pk").pk


def test_the_calls_page_loads_the_sound_script_without_inline_code(client, world):
    page = signed_in(client, world["ref"]).get(
        reverse("tournaments:referee_calls", args=[world["event"].pk])
    )
    body = page.content.decode()
    assert "js/referee_calls.js" in body and "<script>" not in body
    assert Player.objects.filter(pk=world["ref"].pk).exists()


def test_a_seated_player_sees_the_button_on_a_live_event_table_and_a_spectator_not(client, world):
    from tests.tables.conftest import start

    w = world
    live = LiveTable.objects.create(name="Round 1", ruleset=w["event"].ruleset, is_tournament=True)
    for index, p in enumerate(w["players"]):
        LiveSeat.objects.create(table=live, index=index, player=p)
    TournamentTable.objects.filter(pk=w["table"].pk).update(table_id=live.pk)
    start(live, seed=5)
    page = signed_in(client, w["players"][0]).get(reverse("tables:table", args=[live.pk]))
    assert 'id="call-referee"' in page.content.decode()
    page = signed_in(client, w["ref"]).get(reverse("tables:table", args=[live.pk]))
    assert 'id="call-referee"' not in page.content.decode()


@pytest.mark.django_db(transaction=True)
async def test_the_projector_corner_hears_calls_live_only_when_switched_on(
    settings, make_event, seated_round
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    event = await sync_to_async(make_event)(players=4)
    table = await sync_to_async(lambda: seated_round(event).tables.get())()
    players = await sync_to_async(lambda: [s.player for s in table.seat_list()])()
    projector = WebsocketCommunicator(
        application, f"/ws/tournaments/{event.pk}/", headers=[(b"origin", b"http://localhost")]
    )
    assert (await projector.connect())[0]
    made = await sync_to_async(referee_calls.call)(table, players[0])
    await sync_to_async(referee_calls.close)(made, event.created_by, "sorted")
    event.projector_calls = True
    await sync_to_async(event.save)()
    await sync_to_async(referee_calls.call)(table, players[1])
    # the first message is the switched-on one: the call made while off sent nothing
    html = await projector.receive_from(timeout=5)
    assert html.startswith('<aside id="projector-calls"') and "Referee called:" in html
    assert "table 1" in html
    assert players[1].name not in html
    await projector.disconnect()
