"""A duplicate round's finished twin shows its result nowhere while another twin still
runs: not on the round page, the standings, the CSV exports, nor the detail page."""

import pytest
from django.urls import reverse
from django.utils import timezone

from rules.models import Ruleset
from tables.models import Game
from tables.models import Table as LiveTable
from tournaments.models import Result, Tournament

from .test_live_results import finish, linked_round

SCORES = [48100, 31000, 12900, 8000]


def live_game(seed, finished):
    ruleset = Ruleset.objects.get_or_create(name="Preset ronin", defaults={"preset": "ronin"})[0]
    table = LiveTable.objects.create(name="live", ruleset=ruleset)
    return Game.objects.create(
        table=table,
        ruleset={},
        seed=seed,
        started=timezone.now(),
        finished=timezone.now() if finished else None,
    )


@pytest.fixture
def twin_round(db, make_event, seated_round):
    """Table 1's live game has finished; table 2's twin (same seed) still runs."""
    tournament = make_event(players=8, format=Tournament.ONLINE, rounds_=1)
    done, running = live_game(4242, True), live_game(4242, False)
    round_ = linked_round(tournament, seated_round, first_id=done.table_id)
    first, second = round_.tables.order_by("number")
    second.table_id = running.table_id
    second.save()
    seats = [s.player_id for s in first.seat_list()]
    finish(done.table_id, seats, SCORES, seed=4242)
    assert Result.objects.filter(table=first).exists()
    return tournament, round_, running


def shows_scores(text: str) -> bool:
    return any(v in text for v in ("48100", "48,100", "+38.1", "38.1"))


def test_a_twins_result_stays_off_the_round_page_while_another_twin_runs(client, twin_round):
    tournament, round_, running = twin_round
    page = client.get(reverse("tournaments:round", args=[tournament.pk, round_.number]))
    assert page.status_code == 200
    assert not shows_scores(page.content.decode())
    Game.objects.filter(pk=running.pk).update(finished=timezone.now())
    page = client.get(reverse("tournaments:round", args=[tournament.pk, round_.number]))
    assert "48100" in page.content.decode() or "48,100" in page.content.decode()


def test_a_twins_result_stays_out_of_the_standings_while_another_twin_runs(client, twin_round):
    tournament, _, running = twin_round
    for name in ("standings", "standings_partial", "detail"):
        page = client.get(reverse(f"tournaments:{name}", args=[tournament.pk]))
        assert page.status_code == 200
        assert not shows_scores(page.content.decode()), name
    Game.objects.filter(pk=running.pk).update(finished=timezone.now())
    page = client.get(reverse("tournaments:standings", args=[tournament.pk]))
    assert shows_scores(page.content.decode())


def test_a_twins_result_stays_out_of_the_csv_exports_while_another_twin_runs(client, twin_round):
    tournament, _, running = twin_round
    results = reverse("tournaments:results_csv", args=[tournament.pk])
    standings = reverse("tournaments:standings_csv", args=[tournament.pk])
    assert "48100" not in client.get(results).content.decode()
    assert not shows_scores(client.get(standings).content.decode())
    Game.objects.filter(pk=running.pk).update(finished=timezone.now())
    assert "48100" in client.get(results).content.decode()
