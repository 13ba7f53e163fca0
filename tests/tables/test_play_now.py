"""Play now: the queue, matching four of a kind at random winds, bots after a wait,
starting a matched table, the minute's wait after leaving one, and refusals."""

import random

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse

from players.models import Player
from rules.models import Ruleset
from tables import matchmaking
from tables.matchmaking import QueueError
from tables.models import Game, QueueEntry, Seat, Table
from tables.play.runner import Driver

from .conftest import make_table, start

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def members(n, prefix="m"):
    return [
        Player.objects.create_user(username=f"{prefix}{i}", password="pw-play-123")
        for i in range(n)
    ]


def seated(table_id) -> list[int | None]:
    return [s.player_id for s in Seat.objects.filter(table_id=table_id).order_by("index")]


def test_it_seats_four_members_of_one_kind_at_random_winds(east_only, clock):
    people = members(4)
    for p in people:
        matchmaking.join(p, east_only.pk, "tonpuusen", clock=clock)
    made = matchmaking.match(east_only.pk, "tonpuusen", rng=random.Random(5), clock=clock)
    assert len(made) == 1
    expected = [p.pk for p in people]
    random.Random(5).shuffle(expected)
    assert seated(made[0].table_id) == expected
    assert list(made[0].members) == expected
    table = Table.objects.get(pk=made[0].table_id)
    assert table.game_type == "tonpuusen" and table.status == Table.OPEN
    assert table.play_now_start_by is not None
    assert not QueueEntry.objects.exists()


def test_it_keeps_three_waiting_and_different_kinds_apart(east_only, clock):
    people = members(4)
    for p in people[:3]:
        matchmaking.join(p, east_only.pk, "tonpuusen", clock=clock)
    matchmaking.join(people[3], east_only.pk, "hanchan", clock=clock)
    assert matchmaking.match(east_only.pk, "tonpuusen", clock=clock) == []
    assert matchmaking.match(east_only.pk, "hanchan", clock=clock) == []
    assert QueueEntry.objects.count() == 4 and not Table.objects.exists()


def test_a_second_queue_is_refused_and_the_first_is_kept(east_only, clock):
    (alice,) = members(1)
    matchmaking.join(alice, east_only.pk, "tonpuusen", clock=clock)
    with pytest.raises(QueueError) as refused:
        matchmaking.join(alice, east_only.pk, "hanchan", clock=clock)
    assert refused.value.code == "twice"
    assert list(QueueEntry.objects.values_list("length", flat=True)) == ["tonpuusen"]


@pytest.mark.parametrize("ruleset", ["999999", "x", None])
def test_a_ruleset_that_does_not_exist_is_refused(east_only, clock, ruleset):
    (alice,) = members(1)
    with pytest.raises(QueueError) as refused:
        matchmaking.join(alice, ruleset, "tonpuusen", clock=clock)
    assert refused.value.code == "no_ruleset"
    assert not QueueEntry.objects.exists()


def test_a_length_that_is_not_offered_is_refused(east_only, clock):
    (alice,) = members(1)
    with pytest.raises(QueueError) as refused:
        matchmaking.join(alice, east_only.pk, "forever", clock=clock)
    assert refused.value.code == "bad_length"


def test_queueing_while_seated_at_a_running_game_is_refused(east_only, clock):
    (alice,) = members(1)
    start(make_table(east_only, people=[alice], bots=["careful"] * 3), clock=clock)
    with pytest.raises(QueueError) as refused:
        matchmaking.join(alice, east_only.pk, "tonpuusen", clock=clock)
    assert refused.value.code == "seated"
    assert not QueueEntry.objects.exists()


def test_the_club_default_ruleset_comes_first(east_only):
    Ruleset.objects.filter(pk=east_only.pk).update(is_default=True)
    Ruleset.objects.create(name="Other", preset="ronin")
    kinds = matchmaking.kinds()
    assert kinds[0][0].pk == east_only.pk and kinds[0][1] == "tonpuusen"
    assert {"East only", "Other"} <= {k[0].name for k in kinds}


def test_a_matched_table_starts_once_all_four_are_here(east_only, clock):
    people = members(4)
    for p in people:
        matchmaking.join(p, east_only.pk, "tonpuusen", clock=clock)
    (made,) = matchmaking.match(east_only.pk, "tonpuusen", clock=clock)
    Seat.objects.filter(table_id=made.table_id).exclude(index=3).update(connected=True)
    assert matchmaking.start_matched(made.table_id, clock=clock) is None
    Seat.objects.filter(table_id=made.table_id).update(connected=True)
    started = matchmaking.start_matched(made.table_id, clock=clock)
    assert started.started and Game.objects.filter(table_id=made.table_id).count() == 1
    assert Table.objects.get(pk=made.table_id).status == Table.PLAYING


async def test_the_driver_starts_a_matched_table_when_its_wait_is_over(east_only, clock, settings):
    settings.PLAY_NOW_START_WAIT = 15
    people = await db(members)(4)
    for p in people:
        await db(matchmaking.join)(p, east_only.pk, "tonpuusen", clock=clock)
    (made,) = await db(matchmaking.match)(east_only.pk, "tonpuusen", clock=clock)
    driver = Driver(owner="play", clock=clock)
    clock.advance(14)
    await driver.tick()
    assert await db(Game.objects.filter(table_id=made.table_id).count)() == 0
    clock.advance(2)
    await driver.tick()
    assert await db(Game.objects.filter(table_id=made.table_id).count)() == 1


async def test_bots_fill_the_empty_seats_after_the_chosen_wait(east_only, clock, settings):
    settings.PLAY_NOW_BOT_WAIT = 30
    alice, bob, carol = await db(members)(3)
    await db(matchmaking.join)(alice, east_only.pk, "tonpuusen", bots_wait=True, clock=clock)
    clock.advance(5)
    await db(matchmaking.join)(bob, east_only.pk, "tonpuusen", bots_wait="60", clock=clock)
    await db(matchmaking.join)(carol, east_only.pk, "tonpuusen", clock=clock)  # no bots
    driver = Driver(owner="bots", clock=clock)
    await driver.tick()
    assert driver.next_play_now == clock.now() + __import__("datetime").timedelta(seconds=25)
    clock.advance(24)
    await driver.tick()
    assert not await db(Table.objects.exists)()
    clock.advance(1)
    await driver.tick()
    table = await db(Table.objects.get)()
    assert table.status == Table.PLAYING
    people = await db(seated)(table.pk)
    bots = await db(lambda: list(Seat.objects.filter(table=table, bot_level="careful")))()
    # alice's wait is over: bob, who also allows bots, comes along; carol keeps waiting
    assert {alice.pk, bob.pk} <= set(people) and carol.pk not in people and len(bots) == 2
    assert await db(lambda: list(QueueEntry.objects.values_list("member_id", flat=True)))() == [
        carol.pk
    ]


def test_a_member_who_leaves_a_matched_table_waits_a_minute(client, east_only, clock, settings):
    settings.PLAY_NOW_COOLDOWN = 60
    people = members(4)
    for p in people:
        matchmaking.join(p, east_only.pk, "tonpuusen", clock=clock)
    (made,) = matchmaking.match(east_only.pk, "tonpuusen", clock=clock)
    leaver = Player.objects.get(pk=made.members[0])
    client.force_login(leaver)
    client.post(reverse("tables:seat_action", args=[made.table_id]), {"do": "leave"})
    assert leaver.pk not in seated(made.table_id)
    with pytest.raises(QueueError) as refused:
        matchmaking.join(leaver, east_only.pk, "tonpuusen", clock=clock)
    assert refused.value.code == "cooling_off" and "60 s" in refused.value.message
    clock.advance(61)
    matchmaking.join(leaver, east_only.pk, "tonpuusen", clock=clock)
    assert QueueEntry.objects.filter(member=leaver).exists()


def test_leaving_an_ordinary_table_costs_no_wait(client, east_only, clock):
    (alice,) = members(1)
    table = make_table(east_only, people=[alice])
    client.force_login(alice)
    client.post(reverse("tables:seat_action", args=[table.pk]), {"do": "leave"})
    matchmaking.join(alice, east_only.pk, "tonpuusen", clock=clock)


def test_it_never_seats_an_entry_that_left_meanwhile(east_only, clock):
    people = members(4)
    entries = [matchmaking.join(p, east_only.pk, "tonpuusen", clock=clock) for p in people]
    QueueEntry.objects.filter(pk=entries[0].pk).delete()
    with pytest.raises(matchmaking._Gone):
        matchmaking._take(entries)


def test_a_member_who_sat_down_at_a_running_game_meanwhile_is_not_matched(east_only, clock):
    people = members(5)
    for p in people[:4]:
        matchmaking.join(p, east_only.pk, "tonpuusen", clock=clock)
    start(make_table(east_only, people=[people[0]], bots=["careful"] * 3), clock=clock)
    assert matchmaking.match(east_only.pk, "tonpuusen", clock=clock) == []
    assert not QueueEntry.objects.filter(member=people[0]).exists()  # out of the queue
    matchmaking.join(people[4], east_only.pk, "tonpuusen", clock=clock)
    (made,) = matchmaking.match(east_only.pk, "tonpuusen", clock=clock)
    assert set(made.members) == {p.pk for p in people[1:]}


async def test_a_matched_table_that_starts_does_not_send_its_members_to_it_again(
    east_only, clock, monkeypatch
):
    """The members were sent to the table when it was matched; their pages are at it
    when it starts. Telling them again made every page load the table a second time
    (dropping its socket mid-deal): the start goes only to the table's group."""
    from tables import play_news
    from tables.socket import broadcast
    from tables.socket.messages import PlayMatched, TableStarted

    people = await db(members)(4)
    for p in people:
        await db(matchmaking.join)(p, east_only.pk, "tonpuusen", clock=clock)
    (made,) = await db(matchmaking.match)(east_only.pk, "tonpuusen", clock=clock)
    await db(Seat.objects.filter(table_id=made.table_id).update)(connected=True)
    started = await db(matchmaking.start_matched)(made.table_id, clock=clock)
    sent = []

    async def record(group, message):
        sent.append((group, message))

    async def nothing(*args, **kwargs):
        return None

    monkeypatch.setattr(broadcast, "send", record)
    monkeypatch.setattr(broadcast, "send_claim", nothing)
    monkeypatch.setattr(broadcast, "lobby_changed_async", nothing)
    await play_news.announce([made])
    told = [g for g, m in sent if isinstance(m, PlayMatched)]
    assert told == [play_news.member_group(pk) for pk in made.members]
    sent.clear()
    await play_news.announce([started])
    assert [type(m) for _, m in sent] == [TableStarted]
    assert sent[0][0] == broadcast.table_group(made.table_id)
