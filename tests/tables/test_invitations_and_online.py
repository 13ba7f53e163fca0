"""Invitations to a private table (notices, answers, bots for the rest) and who is online."""

import datetime as dt
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from players.models import INVITATION, MailOut, Notice, Player
from tables import matchmaking, online
from tables.models import Game, Invitation, Seat, Table

from .conftest import make_table, start
from .sockets import application

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def person(name, **extra):
    return Player.objects.create_user(
        username=name, password="pw-invite-123", display_name=name.title(), **extra
    )


def invite(client, host, names, ruleset, length="tonpuusen"):
    client.force_login(host)
    data = {f"member{n + 1}": name for n, name in enumerate(names)}
    return client.post(reverse("tables:invite"), {**data, "ruleset": ruleset.pk, "length": length})


def test_an_invitation_opens_a_private_table_and_tells_each_member(client, east_only):
    host, ann = person("host"), person("ann", email="ann@example.org", mail_notices=[INVITATION])
    ben = person("ben")
    response = invite(client, host, ["ann", "BEN"], east_only)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.is_private and table.game_type == "tonpuusen"
    assert [s.player_id for s in table.seats.order_by("index")] == [host.pk, None, None, None]
    notices = {n.member_id: n for n in Notice.objects.filter(kind=INVITATION)}
    assert set(notices) == {ann.pk, ben.pk}
    assert "Host invites you" in notices[ann.pk].text
    assert notices[ann.pk].url.startswith("/play/invitations/")
    assert MailOut.objects.filter(to="ann@example.org").count() == 1  # ann chose mail
    assert MailOut.objects.count() == 1


@pytest.mark.parametrize(
    "names, why",
    [
        ([], "at least one"),
        (["nobody-here"], "no member called"),
        (["host"], "invite others"),
        (["ann", "ann"], "named twice"),
        (["ann", "ben", "cat", "dan"], "3 members at most"),
    ],
)
def test_a_bad_invitation_is_refused_and_opens_nothing(client, east_only, names, why):
    host = person("host")
    for name in ("ann", "ben", "cat", "dan"):
        person(name)
    client.force_login(host)
    data = {f"member{n + 1}": name for n, name in enumerate(names)}
    # the form has three fields: a fourth name is sent as the fourth field by hand
    if len(names) > 3:
        from tables import invitations

        with pytest.raises(invitations.lobby.LobbyError) as refused:
            invitations.invite(host, names, east_only.pk, "tonpuusen")
        assert why in str(refused.value)
        return
    response = client.post(
        reverse("tables:invite"), {**data, "ruleset": east_only.pk, "length": "hanchan"}
    )
    assert response.status_code == 200 and why in response.content.decode()
    assert not Table.objects.exists() and not Invitation.objects.exists()


def test_the_game_starts_when_all_invited_accept(client, east_only):
    host, ann, ben, cat = (person(n) for n in ("host", "ann", "ben", "cat"))
    invite(client, host, ["ann", "ben", "cat"], east_only)
    table = Table.objects.get()
    for member in (ann, ben):
        client.force_login(member)
        mine = Invitation.objects.get(member=member)
        client.post(reverse("tables:invitation", args=[mine.pk]), {"answer": "accept"})
    assert Table.objects.get().status == Table.OPEN
    client.force_login(cat)
    mine = Invitation.objects.get(member=cat)
    response = client.post(reverse("tables:invitation", args=[mine.pk]), {"answer": "accept"})
    assert response["Location"].startswith(table.get_absolute_url())
    assert Table.objects.get().status == Table.PLAYING
    assert {s.player_id for s in Seat.objects.filter(table=table)} == {
        host.pk,
        ann.pk,
        ben.pk,
        cat.pk,
    }


def test_the_host_fills_the_rest_with_bots_and_unanswered_ones_are_withdrawn(client, east_only):
    host, ann, ben = (person(n) for n in ("host", "ann", "ben"))
    invite(client, host, ["ann", "ben"], east_only)
    client.force_login(ann)
    client.post(
        reverse("tables:invitation", args=[Invitation.objects.get(member=ann).pk]),
        {"answer": "accept"},
    )
    client.force_login(ann)  # a guest may not start the host's table with bots
    table = Table.objects.get()
    client.post(reverse("tables:fill_with_bots", args=[table.pk]))
    assert Table.objects.get().status == Table.OPEN
    client.force_login(host)
    client.post(reverse("tables:fill_with_bots", args=[table.pk]))
    assert Table.objects.get().status == Table.PLAYING
    assert Seat.objects.filter(table=table, bot_level="careful").count() == 2
    assert Invitation.objects.get(member=ben).status == Invitation.WITHDRAWN


def test_one_invited_member_accepting_starts_the_game_with_bots_in_the_rest(client, east_only):
    host, ann = person("host"), person("ann")
    invite(client, host, ["ann"], east_only)
    client.force_login(ann)
    client.post(
        reverse("tables:invitation", args=[Invitation.objects.get().pk]), {"answer": "accept"}
    )
    table = Table.objects.get()
    assert table.status == Table.PLAYING
    assert Seat.objects.filter(table=table, bot_level="careful").count() == 2


def test_a_declined_invitation_seats_nobody_and_cannot_be_answered_again(client, east_only):
    host, ann = person("host"), person("ann")
    invite(client, host, ["ann"], east_only)
    client.force_login(ann)
    url = reverse("tables:invitation", args=[Invitation.objects.get().pk])
    client.post(url, {"answer": "decline"})
    client.post(url, {"answer": "accept"})
    assert Invitation.objects.get().status == Invitation.DECLINED
    assert not Seat.objects.filter(player=ann).exists()


def test_another_members_invitation_is_refused(client, east_only):
    host, _, mallory = person("host"), person("ann"), person("mallory")
    invite(client, host, ["ann"], east_only)
    client.force_login(mallory)
    url = reverse("tables:invitation", args=[Invitation.objects.get().pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"answer": "accept"}).status_code == 403
    assert not Seat.objects.filter(player=mallory).exists()


async def test_an_invitation_reaches_any_open_page_of_the_member(client, east_only):
    host, ann = await db(person)("host"), await db(person)("ann")
    communicator = WebsocketCommunicator(application, "/ws/play/")
    communicator.scope["user"] = ann
    assert (await communicator.connect())[0]
    await communicator.receive_from(timeout=10)  # the status on connect
    await db(invite)(client, host, ["ann"], east_only)
    notice = await communicator.receive_from(timeout=10)
    assert 'id="play-notice"' in notice and "Host" in notice and "Accept" in notice
    pk = await db(lambda: Invitation.objects.get().pk)()
    assert reverse("tables:invitation", args=[pk]) in notice
    await communicator.disconnect()


def test_the_lobby_shows_who_is_online_waiting_and_playing(client, east_only, clock):
    now = clock.now()
    here, away, hidden, waiter = (person(n) for n in ("here", "away", "hidden", "waiter"))
    player, secret = person("player"), person("secret")
    Player.objects.filter(pk__in=[here.pk, hidden.pk]).update(last_seen=now)
    Player.objects.filter(pk=away.pk).update(last_seen=now - dt.timedelta(minutes=10))
    Player.objects.filter(pk=hidden.pk).update(hide_online=True)
    matchmaking.join(waiter, east_only.pk, "hanchan", clock=clock)
    public = make_table(east_only, people=[player], bots=["careful"] * 3, name="Public")
    start(public, clock=clock)
    private = make_table(east_only, people=[secret], bots=["careful"] * 3, name="Hidden")
    Table.objects.filter(pk=private.pk).update(is_private=True, invite_token="t")
    start(private, clock=clock)
    shown = {o.username: o for o in online.who(now)}
    assert set(shown) == {"here", "waiter", "player", "secret"}
    assert shown["here"].state == "online" and shown["waiter"].state == "waiting"
    assert shown["player"].table.pk == public.pk and shown["secret"].table is None
    client.force_login(here)
    page = client.get(reverse("tables:lobby_tables")).content.decode()
    assert f'href="/tables/{public.pk}/">watch' in page
    assert f"/tables/{private.pk}/" not in page and "Hidden" not in page
    assert 'data-member="hidden"' not in page and 'data-member="away"' not in page


def test_hiding_oneself_is_a_setting(client):
    member = person("member")
    client.force_login(member)
    page = client.get(reverse("players:preferences")).content.decode()
    assert 'name="hide_online"' in page


async def test_an_open_page_marks_its_member_online(alice, clock):
    communicator = WebsocketCommunicator(application, "/ws/play/")
    communicator.scope["user"] = alice
    assert (await communicator.connect())[0]
    await communicator.receive_from(timeout=10)
    seen = await db(lambda: Player.objects.get(pk=alice.pk).last_seen)()
    assert seen == clock.now()
    clock.advance(120)
    await communicator.send_to(text_data=json.dumps({"here": 1}))
    await communicator.disconnect()
    seen = await db(lambda: Player.objects.get(pk=alice.pk).last_seen)()
    assert seen == clock.now()


def test_accepting_an_invitation_leaves_the_queue(east_only, clock):
    """Accepting an invitation takes the member out of any queue (one game at a time)."""
    host, ann = person("host"), person("ann")
    matchmaking.join(ann, east_only.pk, "hanchan", clock=clock)
    from tables import invitations

    table = invitations.invite(host, ["ann"], east_only.pk, "hanchan", clock=clock)
    invitations.answer(Invitation.objects.get(member=ann), ann, True, clock=clock)
    assert Seat.objects.filter(table=table, player=ann).exists()
    from tables.models import QueueEntry

    assert not QueueEntry.objects.filter(member=ann).exists()
    assert Game.objects.filter(table=table).exists()
