"""A chombo ruled at a claimed live table (rules.engine.claims.procedure) reaches the final
standings of the game and the standings of the event it belongs to."""

import pytest
from django.urls import reverse

from rules.engine import format_action, parse_action, pending_seats, seat_view
from tables import runtime
from tables.models import Table as LiveTable
from tables.play import autoplay, states
from tables.play.submit import submit
from tournaments import presenters
from tournaments.models import Chombo, Result, Tournament

from .conftest import seat_ids

pytestmark = pytest.mark.django_db

CLAIMED_EAST = {
    "game_type": "tonpuusen",
    "west_round": False,
    "win_settlement": "claimed",
    "chombo": "penalty",
    "chombo_penalty": 20000,
}


@pytest.fixture(autouse=True)
def live_settings(settings):
    settings.TABLE_DRIVER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    runtime.reset()
    yield settings
    runtime.reset()


def move(game, seat, text):
    game.refresh_from_db()
    reply = submit(game.pk, seat, parse_action(text), game.version)
    assert not getattr(reply, "message", None), reply


def play_out(game, clock, limit=5000):
    for _ in range(limit):
        game.refresh_from_db()
        if game.finished:
            return states.state_of(game)
        state = states.state_of(game)
        seat = pending_seats(state)[0]
        clock.advance(0.5)
        submit(game.pk, seat, autoplay.timeout_choice(seat_view(state, seat)), game.version)
    raise AssertionError("the game did not end")


def test_win_claim_chombo_at_a_live_event_table_shows_in_the_event_standings(
    make_event, seated_round, clock, client
):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1, overrides=CLAIMED_EAST)
    table = seated_round(tournament, wall_seed=20260301).tables.get()
    game = LiveTable.objects.get(pk=table.table_id).current_game()
    state = states.state_of(game)
    dealer = state.round_number
    offender = dealer
    # The dealer calls a win on its first draw (its dealt hand is far from complete),
    # claims mangan, the others object, and the next player (the reviewer: nobody
    # judges their own claim) rules it a chombo with the hand played on dead.
    anyway = next(a for a in state.legal[offender] if a.type == "win_anyway")
    move(game, offender, format_action(anyway))
    move(game, offender, f"{offender}:claim:mangan")
    for other in range(4):
        if other != offender:
            move(game, other, f"{other}:ng:noten")
    reviewer = (dealer + 1) % 4
    move(game, reviewer, f"{reviewer}:chombo:continue")
    game.refresh_from_db()
    assert states.state_of(game).dead[offender]

    final = play_out(game, clock)
    assert final.chombo_counts[offender] == 1
    standing = {s.seat: s for s in final.final}[offender]
    assert standing.chombos == 1 and standing.penalty == 20000

    # the event: one recorded chombo, the penalty after uma, the count in its column
    result = Result.objects.get(table=table)
    assert result.scores == list(final.scores)
    assert [c.wind for c in Chombo.objects.filter(table=table)] == [offender]
    player = seat_ids(table)[offender]
    row = next(r for r in presenters.standings(tournament)["rows"] if r["player"] == player)
    assert row["cells"]["chombos"] == "1" and row["cells"]["penalties"] == "-20.0"
    assert row["sort"]["total"] == standing.final
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "Chombos" in page and "\u221220.0" in page

    # the game's own page: the penalty and the chombo beside the final result
    game.refresh_from_db()
    page = client.get(reverse("history:game", args=[game.pk])).content.decode()
    assert "Penalty" in page and "\u221220.0 (1 chombo)" in page
