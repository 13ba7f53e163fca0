"""Club nights: a referee's penalty form (chombo or points, with a reason)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules.engine.standings import format_final
from tournaments import penalties, presenters
from tournaments.models import Correction, Penalty

from .conftest import PASSWORD, enter


@pytest.fixture
def table(make_event, seated_round):
    tournament = make_event(players=4)
    return seated_round(tournament).tables.get()


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


def penalty_url(table):
    return reverse("tournaments:penalty_add", args=[table.tournament_id, table.pk])


def test_hand_by_hand_a_referee_records_penalty_points_in_the_log_and_the_standings(
    client, table, organizer, make_members
):
    referee = make_members(1, prefix="ref")[0]
    table.tournament.referees.add(referee)
    enter(table, [40000, 30000, 20000, 10000])
    before = presenters.standings(table.tournament)["rows"]
    west = table.seat_list()[2].player
    signed_in(client, referee)
    response = client.post(
        penalty_url(table),
        {"wind": "2", "kind": "penalty", "points": "5000", "reason": "slow play"},
    )
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.wind, penalty.points, penalty.recorded_by) == (2, 5000, referee)
    log = Correction.objects.get(table=table)
    assert log.reason == "slow play" and log.changed_by == referee and "-5.0" in log.new_value
    after = presenters.standings(table.tournament)["rows"]
    old = next(r for r in before if r["cells"]["name"] == west.name)
    new = next(r for r in after if r["cells"]["name"] == west.name)
    assert new["sort"]["total"] == old["sort"]["total"] - 5000
    page = client.get(reverse("tournaments:score", args=[table.tournament_id, table.pk]))
    assert "slow play" in page.content.decode()


def test_hand_by_hand_a_chombo_penalty_takes_the_rulesets_amount(table, organizer):
    enter(table, [40000, 30000, 20000, 10000])
    penalty = penalties.add(table, 0, Penalty.CHOMBO, 20000, "false win after the game", organizer)
    form = penalties.PenaltyForm({"wind": "0", "kind": "chombo", "reason": "x"}, table=table)
    assert form.is_valid() and form.cleaned_data["points"] == 20000
    rows = presenters.standings(table.tournament)["rows"]
    east = next(r for r in rows if r["cells"]["name"] == table.seat_list()[0].player.name)
    assert east["chombos"] == 1
    assert format_final(-penalty.points) in east["cells"]["penalties"]


def test_hand_by_hand_penalty_form_refuses_bad_input_at_the_field(client, table, organizer):
    signed_in(client, organizer)
    response = client.post(penalty_url(table), {"wind": "7", "kind": "penalty", "points": "-3"})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="error-penalty-wind"' in page and 'id="error-penalty-reason"' in page
    assert not Penalty.objects.exists() and not Correction.objects.exists()


def test_hand_by_hand_only_referees_record_penalties_and_withdrawing_needs_a_reason(
    client, table, organizer
):
    east = table.seat_list()[0].player
    signed_in(client, east)
    response = client.post(
        penalty_url(table), {"wind": "1", "kind": "penalty", "points": "1000", "reason": "x"}
    )
    assert response.status_code == 403 and not Penalty.objects.exists()
    penalty = penalties.add(table, 1, Penalty.CONDUCT, 1000, "phone at the table", organizer)
    with pytest.raises(penalties.Refused):
        penalties.remove(penalty, east, "no")
    with pytest.raises(penalties.Refused):
        penalties.remove(penalty, organizer, "")
    penalties.remove(penalty, organizer, "ruled again")
    assert not Penalty.objects.exists()
    assert Correction.objects.filter(new_value="withdrawn", reason="ruled again").exists()
