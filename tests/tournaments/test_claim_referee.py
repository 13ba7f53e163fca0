"""At an event table, an NG to the review of a claimed win sends the hand to the event's
referee (tables.referees, tables.referee_views; tournaments answers who referees a live
table through the ``referee_asked`` signal)."""

import datetime as dt
import html

import pytest

from players.models import Player
from rules.engine import parse_action
from rules.engine.testing import build_wall
from rules.models import Ruleset
from tables.models import Game, HandRecord, Seat, Table
from tables.play import states
from tables.play.runner import Driver
from tables.play.submit import Illegal, submit
from tests.tables.conftest import start
from tournaments.models import Tournament, TournamentTable

TANYAO = "234m456p678s2255s"


def person(name):
    return Player.objects.create_user(
        username=name, password=f"pw-{name}-123", display_name=name.title()
    )


@pytest.fixture
def disputed(db, clock):
    """An event table: Alice (the dealer) claims six yakuman on a noten hand, the three
    others say NG, Bob (the reviewer) fixes it as claimed, Carol's NG sends it back."""
    ruleset = Ruleset.objects.create(
        name="Event claims",
        preset="ronin",
        settings={
            "game_type": "tonpuusen",
            "west_round": False,
            "win_settlement": "claimed",
            "renhou": "off",
            "confirm_review": True,
        },
    )
    people = [person(n) for n in ("alice", "bob", "carol", "dave")]
    organizer, referee = person("olga"), person("ref")
    event = Tournament.objects.create(
        name="Spring online",
        format=Tournament.ONLINE,
        start_date=dt.date(2025, 1, 1),
        ruleset=ruleset,
        created_by=organizer,
    )
    event.referees.add(referee)
    table = Table.objects.create(name="Round 1", ruleset=ruleset, is_tournament=True)
    for index, p in enumerate(people):
        Seat.objects.create(table=table, index=index, player=p)
    TournamentTable.objects.create(tournament=event, number=1, table_id=table.pk)
    game = start(table, seed=3, clock=clock)
    game.walls = [list(build_wall({1: TANYAO}, draws="5s", dora="9p", ura="9m"))]
    game.save(update_fields=["walls"])
    states.clear()
    drawn = states.state_of(Game.objects.get(pk=game.pk)).drawn
    from rules.engine.actions import format_tile

    lines = [f"0:win_anyway:{format_tile(drawn)}", "0:claim:6xyakuman", "1:ng:noten"]
    lines += ["2:ng:noten", "3:ng:noten", "1:accept", "0:ok", "2:ng:noten", "3:ok"]
    for version, line in enumerate(lines):
        submit(game.pk, int(line[0]), parse_action(line), version, clock=clock)
    state = states.state_of(Game.objects.get(pk=game.pk))
    assert state.phase == "review" and state.win_claim.overruled is not None
    return {"table": table, "game": game, "people": people, "referee": referee, "org": organizer}


def test_a_disputed_claim_at_an_event_table_is_not_the_reviewers_to_decide(disputed, clock):
    game = disputed["game"]
    with pytest.raises(Illegal, match="the event's referee decides it"):
        submit(game.pk, 1, parse_action("1:accept"), len(Game.objects.get(pk=game.pk).log))


@pytest.mark.django_db(transaction=True)
async def test_no_timer_or_bot_decides_a_claim_waiting_for_the_referee(disputed, clock):
    from channels.db import database_sync_to_async

    game = disputed["game"]
    before = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).version)()
    driver = Driver(owner="referee", clock=clock)
    for _ in range(3):
        clock.advance(600.0)
        await driver.tick()
    after = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).version)()
    assert after == before


def test_only_the_events_referees_and_organizers_open_the_referee_page(disputed, client):
    table, game = disputed["table"], disputed["game"]
    url = f"/tables/{table.pk}/referee/"
    assert client.get(url).status_code == 403
    client.force_login(disputed["people"][1])  # Bob, the reviewer himself
    assert client.get(url).status_code == 403
    response = client.post(url, {"decision": "accept", "version": "9"})
    assert response.status_code == 403
    assert Game.objects.get(pk=game.pk).version == 9
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "An NG sent the review back: the event's referee decides" in page
    assert "review-accept" not in page.split('id="claim-panel"')[1].split("</section>")[0]
    assert "Your move" not in page  # no clock runs for the reviewer: the referee decides
    client.force_login(disputed["org"])
    assert client.get(url).status_code == 200


def test_the_referee_decides_the_disputed_claim_and_it_counts(disputed, client):
    table, game = disputed["table"], disputed["game"]
    url = f"/tables/{table.pk}/referee/"
    client.force_login(disputed["referee"])
    page = client.get(url).content.decode()
    assert "Sent back to the event's referee" in html.unescape(page)
    assert "Carol NG: the hand is not complete" in page
    assert "The referee's page" not in html.unescape(page)  # this is it
    assert "against the app&#x27;s reading" in page or "against the app's reading" in page
    response = client.post(url, {"decision": "chombo_game_over", "version": "9"})
    assert response.status_code == 302
    record = HandRecord.objects.get(game_id=game.pk, index=0)
    assert record.result_type == "chombo" and record.deltas == [-12000, 4000, 4000, 4000]
    assert Game.objects.get(pk=game.pk).log[9] == "1:chombo:game_over"
    again = client.post(url, {"decision": "accept", "version": "10"}, follow=True)
    assert "No disputed claim waits" in again.content.decode()


def test_the_events_page_lists_a_disputed_claim_for_its_referees_only(disputed, client):
    table, event = disputed["table"], TournamentTable.objects.get().tournament
    url = f"/tournaments/{event.pk}/"
    client.force_login(disputed["people"][0])
    assert "Disputed claims wait for a referee" not in client.get(url).content.decode()
    client.force_login(disputed["referee"])
    page = client.get(url).content.decode()
    assert "Disputed claims wait for a referee" in page
    assert f'href="/tables/{table.pk}/referee/"' in page


@pytest.mark.django_db(transaction=True)
def test_the_referees_decision_is_announced_to_the_table(disputed, client):
    """The driver and the players' sockets hear of it as of any move (issue 27: a table
    must not sit on a version nobody was told about)."""
    import asyncio

    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from tables.socket import broadcast

    table = disputed["table"]
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(broadcast.table_group(table.pk), channel)
    client.force_login(disputed["referee"])
    response = client.post(f"/tables/{table.pk}/referee/", {"decision": "accept", "version": "9"})
    assert response.status_code == 302

    async def next_event():
        return await asyncio.wait_for(layer.receive(channel), 5)  # it is sent before the reply

    heard = async_to_sync(next_event)()
    assert heard["type"] == "table.update" and heard["version"] == 10
    assert heard["action"] == "1:accept"
