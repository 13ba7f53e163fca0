"""Club nights: a referee's penalty form (chombo or points, with a reason)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules.engine import DeclaredHand, WinValue, format_final
from rules.templatetags.words import minus
from tournaments import leaderboard, penalties, presenters, records, scored_tables
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
    return reverse("tournaments:penalty_add", args=[table.tournament_id or 0, table.pk])


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


def total_of(table, wind):
    name = table.seat_list()[wind].player.name
    rows = presenters.standings(table.tournament)["rows"]
    return next(r for r in rows if r["cells"]["name"] == name)["sort"]["total"]


RON = DeclaredHand(outcome="ron", wins=(WinValue(1, 3, 30, 0, None),), discarder=2)


def test_hand_by_hand_a_penalty_at_a_table_in_play_counts_in_the_standings_at_once(
    client, table, organizer
):
    scored_tables.save_hand(table, RON, "h1", organizer)
    assert total_of(table, 2) == 0  # nothing counted yet: the game runs
    penalty = penalties.add(table, 2, Penalty.CONDUCT, 5000, "slow play", organizer)
    assert total_of(table, 2) == -5000
    rows = presenters.standings(table.tournament)["rows"]
    west = next(r for r in rows if r["cells"]["name"] == table.seat_list()[2].player.name)
    assert west["cells"]["penalties"] == format_final(-5000) and west["cells"]["games"] in (0, "0")
    # the running scores of the table and the standings' table card show it
    signed_in(client, organizer)
    page = client.get(reverse("tournaments:score", args=[table.tournament_id, table.pk]))
    scoreboard = page.content.decode().split('aria-label="Running scores"', 1)[1]
    scoreboard = scoreboard.split("</section>", 1)[0]
    assert "penalty \u22125.0" in scoreboard and "21,100" in scoreboard  # the score stays raw
    live = presenters.standings(table.tournament)["live_tables"][0]
    assert [p[3] for p in live["players"]] == [0, 0, 5000, 0]
    standings_page = client.get(reverse("tournaments:standings", args=[table.tournament_id]))
    assert "penalty \u22125.0" in standings_page.content.decode()
    penalties.remove(penalty, organizer, "ruled again")
    assert total_of(table, 2) == 0


def test_hand_by_hand_a_penalty_counts_once_after_the_table_is_confirmed(table, organizer):
    penalties.add(table, 0, Penalty.CONDUCT, 3000, "late", organizer)
    assert total_of(table, 0) == -3000
    enter(table, [40000, 30000, 20000, 10000])
    east = presenters.results(table.tournament)[0]
    assert east["wind"] == "East" and east["penalty"] == format_final(-3000)
    ruleset = table.tournament.engine_ruleset()
    game = records.as_game(table)
    engine_final = leaderboard.score_game(game, ruleset)[0].final
    assert total_of(table, 0) == engine_final - 3000  # once, with the game's result


def test_hand_by_hand_the_tables_final_result_takes_off_a_referees_penalty(
    client, table, organizer
):
    # a mangan, then seven cheap non-dealer rons: the game ends after South 4
    game = [DeclaredHand("ron", (WinValue(1, 5, 0),), 0)] + [
        DeclaredHand("ron", (WinValue((d + 1) % 4, 1, 30),), (d + 2) % 4) for d in range(1, 8)
    ]
    for i, hand in enumerate(game):
        _, sheet, _ = scored_tables.save_hand(table, hand, f"g{i}", organizer)
    assert sheet.finished
    penalties.add(table, 3, Penalty.CONDUCT, 4000, "phone at the table", organizer)
    signed_in(client, organizer)
    page = client.get(reverse("tournaments:score", args=[table.tournament_id, table.pk]))
    final = page.content.decode().split('id="final-table"', 1)[1].split("</table>", 1)[0]
    north = next(s for s in sheet.final if s.seat == 3)
    assert minus(format_final(north.final - 4000)) in final and "(\u22124.0)" in final


@pytest.fixture
def casual(make_members):
    from rules.models import Ruleset
    from tournaments.open_tables import open_table

    players = make_members(4, prefix="casual")
    seats = [(w, p, "") for w, p in enumerate(players)]
    return open_table(None, seats, players[0], ruleset=Ruleset.club_default())


def remove_url(table, penalty_id=1):
    return reverse(
        "tournaments:penalty_remove", args=[table.tournament_id or 0, table.pk, penalty_id]
    )


@pytest.mark.parametrize("who", ["anonymous", "member", "opener", "staff"])
def test_withdrawing_a_penalty_at_a_casual_table_is_refused_for_everyone(
    client, casual, organizer, member, who
):
    """A casual table has no referees: withdrawing a penalty there (as adding one) is
    a 403 page that says why, never a server error."""
    user = {"member": member, "opener": casual.opened_by, "staff": organizer}.get(who)
    if user is not None:
        client.force_login(user)
    for url in (remove_url(casual), penalty_url(casual)):
        response = client.post(url, {"reason": "x", "wind": "0", "kind": "chombo"})
        assert response.status_code == 403
        assert "tables of an event" in response.content.decode()
    assert not Correction.objects.exists()


def test_an_anonymous_visitor_withdrawing_a_penalty_is_asked_to_sign_in(client, table, organizer):
    penalty = penalties.add(table, 1, Penalty.CONDUCT, 1000, "phone at the table", organizer)
    response = client.post(remove_url(table, penalty.pk), {"reason": "gone"})
    assert response.status_code == 403
    assert "Sign in as a referee or organizer" in response.content.decode()
    assert Penalty.objects.filter(pk=penalty.pk).exists()
