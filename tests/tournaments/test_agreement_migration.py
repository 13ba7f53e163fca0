"""The agreement migration loses nothing: results entered before it count as agreed, and
the standings and ratings after it are the ones every result gave before it."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0007_casual_table_timer")]
AFTER = [("tournaments", "0008_result_agreement")]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def latest():
    """Every app's last migration: what the code's models (and every later test) need."""
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.fixture(autouse=True)
def back_to_the_latest_migrations():
    """Whatever the test does, the database ends with every migration applied: the
    tests that run after it in this process use today's models."""
    yield
    migrate(latest())


def test_results_entered_before_the_migration_count_as_agreed_and_nothing_moves():
    from players.models import Player  # other apps keep their tables: today's models
    from rules.models import Ruleset

    old = migrate(BEFORE)
    Tournament = old.get_model("tournaments", "Tournament")
    Table = old.get_model("tournaments", "TournamentTable")
    Seat = old.get_model("tournaments", "Seat")
    Result = old.get_model("tournaments", "Result")
    ruleset = Ruleset.objects.order_by("pk").first()
    people = [
        Player.objects.create(username=f"m{n}", display_name=f"M{n}", password="!")
        for n in range(5)
    ]
    league = Tournament.objects.create(
        name="Old league",
        format="league",
        start_date=datetime.date(2026, 1, 1),
        ruleset_id=ruleset.pk,
        created_by_id=people[0].pk,
    )
    when = timezone.make_aware(datetime.datetime(2026, 2, 1, 20))
    scores = [[41000, 29000, 18000, 12000], [12000, 18000, 29000, 41000]]
    for n, (tournament, score) in enumerate(zip([league, None], scores, strict=True)):
        if tournament is not None:
            for player in people[:4]:
                old.get_model("tournaments", "Registration").objects.create(
                    tournament=tournament, player_id=player.pk
                )
        table = Table.objects.create(
            tournament=tournament, number=n + 1, ruleset_id=None if tournament else ruleset.pk
        )
        for w in range(4):
            Seat.objects.create(table=table, wind=w, player_id=people[w + n].pk)
        Result.objects.create(
            table=table,
            scores=score,
            source="offline",
            finished_at=when,
            confirmed_by_id=people[n].pk,
            confirmed_at=when,
        )
    migrate(AFTER)
    migrate(latest())  # the later migrations of the app (today's models read them)

    from history import in_person, rating
    from tournaments import presenters
    from tournaments.in_person_games import as_in_person, confirmed_games
    from tournaments.models import Result as NewResult
    from tournaments.models import Tournament as NewTournament
    from tournaments.models import TournamentTable as NewTable

    assert set(NewResult.objects.values_list("status", flat=True)) == {NewResult.AGREED}
    assert NewTournament.objects.get().result_agreement == NewTournament.PLAYERS_AGREE
    # every result still counts: the standings hold the league game ...
    rows = presenters.standings(NewTournament.objects.get())["rows"]
    assert sorted(r["cells"]["games"] for r in rows) == ["1", "1", "1", "1"]
    # ... and the ratings are those of every result, as before the migration
    everything = sorted(
        (as_in_person(t) for t in NewTable.objects.filter(result__isnull=False)),
        key=lambda g: (g.finished, g.key),
    )
    assert sorted(confirmed_games(), key=lambda g: g.key) == sorted(everything, key=lambda g: g.key)
    expected = rating.compute(everything)
    now = rating.compute(in_person.games())
    assert now.current == expected.current and len(now.current) == 5
