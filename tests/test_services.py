"""Runs only against the real services (make test-services / .ci/run)."""

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connection

from mahjong_site.asgi import application
from players.models import Player
from tests.conftest import using_services

pytestmark = pytest.mark.skipif(
    not using_services(),
    reason="needs DATABASE_URL=postgres://... and REDIS_URL (make test-services)",
)


@pytest.mark.django_db
def test_it_stores_and_reads_a_player_in_postgresql():
    assert connection.vendor == "postgresql"
    Player.objects.create_user(
        username="round-trip", password="pw-round-trip-1", display_name="Trip"
    )
    assert Player.objects.get(username="round-trip").display_name == "Trip"


@pytest.mark.django_db(transaction=True)
async def test_it_relays_a_lobby_message_through_redis_to_two_consumers():
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("RedisChannelLayer")
    first = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    second = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    assert (await first.connect())[0] and (await second.connect())[0]
    layer = get_channel_layer()
    await layer.group_send("lobby", {"type": "lobby.update", "html": "<div id='x'>hello</div>"})
    assert await first.receive_from(timeout=5) == "<div id='x'>hello</div>"
    assert await second.receive_from(timeout=5) == "<div id='x'>hello</div>"
    await first.disconnect()
    await second.disconnect()
