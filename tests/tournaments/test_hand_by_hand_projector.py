"""Club nights: the projector shows the standings, the round timer and the next seating."""

from __future__ import annotations

from tournaments import round_timer


def test_hand_by_hand_projector_shows_the_timer_of_the_round_in_play_and_the_next_seating(
    client, make_event, seated_round
):
    tournament = make_event(players=8, rounds_=3)
    first = seated_round(tournament)
    round_timer.start(first)
    second = seated_round(tournament, seed=11)
    page = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert 'id="round-timer"' in page and "timer-running" in page
    assert '<span class="timer-label">Round 1</span>' in page
    assert "Next round: round 2 seating" in page
    for table in second.tables.all():
        for seat in table.seat_list():
            assert seat.player.name in page
    assert 'class="projector-standings"' in page


def test_hand_by_hand_projector_before_the_next_draw_shows_the_round_in_play(
    client, make_event, seated_round
):
    tournament = make_event(players=4)
    seated_round(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert "Round 1 seating" in page and "Next round" not in page
    assert "not started" in page


def test_hand_by_hand_projector_has_the_site_icon_like_every_page(client, make_event):
    """Its own page, not the layout's: without the icon the browser asked for
    /favicon.ico, a 404 in the projector's console."""
    tournament = make_event(players=4)
    page = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert '<link rel="icon" href="/static/tiles/Chun.svg' in page
