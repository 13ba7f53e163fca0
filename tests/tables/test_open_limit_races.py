"""The open-table limit holds when a member's joins arrive all at once."""

import threading

import pytest
from django.db import connection, connections

from tables import lobby
from tables.models import Seat

from .conftest import make_table

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 9


def join_all_at_once(tables, user) -> list[str]:
    """Join every table from its own thread (own database connection), released together."""
    start = threading.Barrier(len(tables))
    outcomes: list[str] = []

    def join(table):
        try:
            start.wait()
            lobby.join(table, user, 1)
            outcomes.append("seated")
        except lobby.LobbyError as exc:
            outcomes.append(str(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=join, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_parallel_joins_cannot_pass_the_open_table_limit(settings, east_only, alice, bob):
    settings.TABLE_OPEN_LIMIT = 3
    tables = [make_table(east_only, people=[bob], name=f"Table {n}") for n in range(PARALLEL)]
    outcomes = join_all_at_once(tables, alice)
    assert outcomes.count("seated") == 3, (connection.vendor, outcomes)
    assert Seat.objects.filter(player=alice).count() == 3
    assert all("unfinished table" in o for o in outcomes if o != "seated")
