"""The standings socket forwards the event's standings fragments, each decoded once
(tables.socket.messages); a garbled message, or one meant for another feed, is dropped
with a log line and the socket stays open."""

import logging

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from mahjong_site.asgi import application
from tables.socket.messages import CallsUpdate, StandingsUpdate, encode
from tournaments.broadcast import group_name

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.mark.django_db(transaction=True)
async def test_the_standings_socket_drops_garbled_news_and_forwards_the_next(settings, caplog):
    settings.CHANNEL_LAYERS = IN_MEMORY
    page = WebsocketCommunicator(
        application, "/ws/tournaments/5/", headers=[(b"origin", b"http://localhost")]
    )
    assert (await page.connect())[0]
    caplog.set_level(logging.WARNING, logger="tournaments.consumers")
    layer = get_channel_layer()
    await layer.group_send(group_name(5), {"type": "standings.update"})
    await layer.group_send(group_name(5), encode(CallsUpdate("<div>a referee's</div>")))
    await layer.group_send(group_name(5), encode(StandingsUpdate("<div>standings</div>")))
    assert await page.receive_from(timeout=5) == "<div>standings</div>"
    logged = [r.getMessage() for r in caplog.records]
    assert sum("StandingsConsumer dropped" in line for line in logged) == 2
    await page.disconnect()
