"""Opening a table: the game's length and the bots' thinking time, chosen in the lobby."""

import datetime as dt

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse

from rules.models import Ruleset
from tables.lobby import bot_player
from tables.models import Game, Seat, Table
from tables.play import autoplay
from tables.play.runner import Driver

from .conftest import start

pytestmark = pytest.mark.django_db


@pytest.fixture
def hanchan(db):
    return Ruleset.objects.create(name="Club hanchan", preset="ronin", settings={})


def open_table(client, ruleset, **data):
    form = {"name": "Practice", "ruleset": ruleset.pk, "bots": "careful", **data}
    return client.post(reverse("tables:create"), form, follow=True)


def test_it_offers_the_length_and_the_bots_time_on_the_lobby_form(client, alice, hanchan):
    client.force_login(alice)
    html = client.get(reverse("tables:lobby")).content.decode()
    assert 'name="length"' in html and "East only (tonpuusen)" in html
    assert 'name="bot_delay"' in html and "Quick (0.3 s)" in html


def test_it_plays_east_only_at_a_table_opened_so_under_a_hanchan_ruleset(client, alice, hanchan):
    client.force_login(alice)
    open_table(client, hanchan, length="tonpuusen", bot_delay="300")
    table = Table.objects.get(name="Practice")
    assert (table.game_type, table.bot_delay_ms) == ("tonpuusen", 300)
    game = start(table)
    assert game.ruleset["game_type"] == "tonpuusen"
    assert game.engine_ruleset().hands_in_game == 4
    assert hanchan.engine_ruleset().game_type == "hanchan"  # the club's ruleset is unchanged


def test_it_keeps_the_ruleset_s_length_when_none_is_chosen(client, alice, east_only):
    client.force_login(alice)
    open_table(client, east_only)
    table = Table.objects.get(name="Practice")
    assert (table.game_type, table.bot_delay_ms) == ("", None)
    assert start(table).ruleset["game_type"] == "tonpuusen"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"length": "marathon"}, "east only or hanchan"),
        ({"bot_delay": "5"}, "how long the bots think"),
        ({"bot_delay": "soon"}, "how long the bots think"),
    ],
)
def test_it_refuses_an_unknown_length_or_bot_time_and_opens_nothing(
    client, alice, hanchan, data, words
):
    client.force_login(alice)
    response = open_table(client, hanchan, **data)
    assert any(words in str(m).lower() for m in response.context["messages"])
    assert not Table.objects.exists()


def test_it_times_each_bot_move_by_the_table_s_delay():
    quick = autoplay.SeatPolicy(bot_level="careful", bot_delay_ms=300)
    usual = autoplay.SeatPolicy(bot_level="careful")
    assert quick.bot_delay() == dt.timedelta(milliseconds=300)
    assert usual.bot_delay() == dt.timedelta(seconds=1)  # TABLE_BOT_DELAY in these tests


@pytest.mark.django_db(transaction=True)
async def test_it_lets_quick_bots_move_sooner_than_the_club_s_default(alice, hanchan, clock):
    db = database_sync_to_async

    def quick_table():
        table = Table.objects.create(name="Quick", ruleset=hanchan, bot_delay_ms=300)
        for index in range(4):
            Seat.objects.create(
                table=table, index=index, player=bot_player("careful"), bot_level="careful"
            )
        return table

    table = await db(quick_table)()
    game = await db(start)(table, clock=clock)
    driver = Driver(owner="one", clock=clock)
    await driver.tick()
    clock.advance(0.4)  # more than the table's 0.3 s, less than the club's 1 s
    await driver.tick()
    assert (await db(Game.objects.get)(pk=game.pk)).version >= 1
