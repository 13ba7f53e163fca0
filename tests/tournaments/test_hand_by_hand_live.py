"""Club nights: the standings and projector socket hears every saved hand and penalty."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from mahjong_site.asgi import application
from rules.engine import DeclaredHand, WinValue
from tournaments import penalties, scored_tables
from tournaments.models import Penalty

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.mark.django_db(transaction=True)
async def test_hand_by_hand_each_saved_hand_and_penalty_reaches_the_standings_socket(
    settings, make_event, seated_round, organizer
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    tournament = await sync_to_async(make_event)(players=4)
    table = await sync_to_async(lambda: seated_round(tournament).tables.get())()
    page = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament.pk}/", headers=[(b"origin", b"http://localhost")]
    )
    assert (await page.connect())[0]

    hand = DeclaredHand("ron", (WinValue(1, 3, 30),), 2)
    await sync_to_async(scored_tables.save_hand)(table, hand, "h1", organizer)
    html = await page.receive_from(timeout=5)
    # the running scores of the table in play, as the standings page and projector show
    assert html.startswith('<div id="standings-live" hx-swap-oob="true">')
    card = html.split(f'id="live-table-{table.pk}"', 1)[1].split("</article>", 1)[0]
    assert "28,900" in card and "21,100" in card and "East 2" in card

    await sync_to_async(penalties.add)(table, 2, Penalty.CONDUCT, 2000, "slow play", organizer)
    html = await page.receive_from(timeout=5)
    assert "penalty \u22122.0" in html.split(f'id="live-table-{table.pk}"', 1)[1]
    await page.disconnect()
