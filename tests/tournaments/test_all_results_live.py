"""The standings page's "All results" is refreshed live when a result counts."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from mahjong_site.asgi import application

from .conftest import enter

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.mark.django_db(transaction=True)
async def test_all_results_are_sent_live_after_a_confirmation(
    settings, make_event, seated_round, organizer
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    tournament = await sync_to_async(make_event)(players=4)
    table = await sync_to_async(lambda: seated_round(tournament).tables.get())()
    page = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/", headers=[(b"origin", b"http://localhost")]
    )
    assert (await page.connect())[0]
    await sync_to_async(enter)(table, [40000, 25000, 20000, 15000], user=organizer)
    html = ""
    while 'id="results-table"' not in html:
        html = await page.receive_from(timeout=5)
    results = html.split('hx-swap-oob="innerHTML:#all-results"', 1)[1]
    assert 'id="results-table"' in results and "40,000" in results
    await page.disconnect()


def test_the_standings_page_and_projector_hold_the_results_target(client, make_event):
    tournament = make_event(players=4)
    standings = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert '<section id="all-results"' in standings and "All results" in standings
    projector = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert '<div id="all-results" hidden></div>' in projector
