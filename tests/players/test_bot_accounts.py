"""Bots are not accounts anyone can take: reserved names, bot players from the
migrations, and no member ever counted as a bot (or a bot's seat as a member's)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from players import bots
from players.models import Player
from rules.models import Ruleset
from tables import lobby
from tables.models import Game, Seat, Table
from tables.play import twins

pytestmark = pytest.mark.django_db


def sign_up(client, username, display_name=""):
    return client.post(
        reverse("players:signup"),
        {
            "username": username,
            "display_name": display_name,
            "password1": "a-long-pass-77",
            "password2": "a-long-pass-77",
        },
    )


@pytest.mark.parametrize(
    "username", ["bot-careful", "BOT-Efficient", "bot-tsumogiri", "Bot-someday", "bot-CAREFUL"]
)
def test_bot_names_cannot_be_signed_up(client, username):
    # On a fresh install no bot may have been created yet: the name is refused anyway.
    Player.objects.filter(is_bot=True).delete()
    response = sign_up(client, username)
    assert response.status_code == 200
    assert "kept for the club" in response.content.decode()
    assert not Player.objects.filter(username__iexact=username, is_bot=False).exists()


@pytest.mark.parametrize("username", ["bot-careful", "Bot-Efficient", "bot-someday"])
def test_bot_names_cannot_be_signed_up_once_the_bots_exist(client, username):
    response = sign_up(client, username)
    assert response.status_code == 200
    assert not Player.objects.filter(username__iexact=username, is_bot=False).exists()
    assert Player.objects.get(username="bot-careful").is_bot


@pytest.mark.parametrize("display_name", ["Careful bot", "careful  BOT", "Ｃａｒｅｆｕｌ bot"])
def test_a_bots_display_name_cannot_be_taken_at_sign_up(client, display_name):
    response = sign_up(client, "nanpa", display_name)
    assert response.status_code == 200
    assert not Player.objects.filter(username="nanpa").exists()


def test_the_migrations_create_the_bot_players():
    for level, shown in bots.BOTS.items():
        bot = Player.objects.get(username=f"bot-{level}")
        assert bot.is_bot and bot.display_name == shown
        assert not bot.has_usable_password()


def test_creating_the_bots_again_changes_nothing():
    before = {p.pk: (p.username, p.display_name) for p in Player.objects.filter(is_bot=True)}
    bots.ensure_bots(Player)
    bots.ensure_bots(Player)
    after = {p.pk: (p.username, p.display_name) for p in Player.objects.filter(is_bot=True)}
    assert before == after


def test_a_member_who_took_a_bots_name_before_the_fix_keeps_the_account_but_not_the_name():
    Player.objects.filter(is_bot=True).delete()
    squatter = Player.objects.create_user(
        username="bot-careful", password="pw-squat-123", display_name="Careful bot"
    )
    found = bots.ensure_bots(Player)
    squatter.refresh_from_db()
    assert squatter.username == f"member-{squatter.pk}-bot-careful"
    assert squatter.display_name == "" and not squatter.is_bot
    assert squatter.check_password("pw-squat-123")
    assert found["careful"].pk != squatter.pk and found["careful"].is_bot


@pytest.fixture
def ruleset():
    return Ruleset.objects.create(name="Ronin", preset="ronin")


def test_a_member_named_like_a_bot_gains_nothing_at_a_bots_table(ruleset):
    # The state of an install from before the fix: somebody signed up as the bot
    # before any bot existed.
    Player.objects.filter(is_bot=True).delete()
    squatter = Player.objects.create_user(username="bot-careful", password="pw-squat-123")
    host = Player.objects.create_user(username="host", password="pw-host-123")
    table = lobby.create_table(host, "Private practice", ruleset.pk, True, bot_level="careful")
    squatter.refresh_from_db()
    bot_seats = [s for s in table.seats.select_related("player") if s.bot_level]
    assert len(bot_seats) == 3
    assert all(s.player.is_bot and s.player.pk != squatter.pk for s in bot_seats)
    assert not lobby.may_see(table, squatter)
    assert not lobby.may_manage(table, squatter)
    assert table not in lobby.visible_tables(squatter)
    with pytest.raises(lobby.LobbyError):
        lobby.add_bot(table, squatter, 0, "careful")


def test_a_bot_seat_is_never_a_members_seat(ruleset):
    # Even were a member's row ever put on a bot's seat, the seat stays the bot's.
    member = Player.objects.create_user(username="member", password="pw-member-123")
    host = Player.objects.create_user(username="host", password="pw-host-123")
    table = Table.objects.create(name="t", ruleset=ruleset, created_by=host, is_private=True)
    for index in range(4):
        Seat.objects.create(
            table=table,
            index=index,
            player=member if index else host,
            bot_level="careful" if index else "",
        )
    assert not lobby.may_see(table, member)
    assert not lobby.may_manage(table, member)
    assert table not in lobby.visible_tables(member)
    game = Game.objects.create(table=table, ruleset={}, seed=5, started=timezone.now())
    other = Table.objects.create(name="u", ruleset=ruleset, created_by=host)
    twin = Game.objects.create(table=other, ruleset={}, seed=5, started=timezone.now())
    assert not twins.plays_a_twin(member, twin)
    assert twins.running_twins(twin).filter(pk=game.pk).exists()
