"""The offline results form: live total check, refusals, chombos, corrections and their log."""

import pytest
from django.urls import reverse

from tournaments.models import Chombo, Correction, Result

from .test_pages import post, signed_in

pytestmark = pytest.mark.django_db


def form_data(scores, sticks=0, confirm=True, chombos=None, reason=None):
    data = {f"score_{w}": s for w, s in enumerate(scores)}
    data["leftover_sticks"] = sticks
    for w in range(4):
        count, why = (chombos or {}).get(w, (0, ""))
        data[f"chombo_{w}"] = count
        data[f"chombo_reason_{w}"] = why
    if confirm:
        data["confirm"] = "on"
    if reason is not None:
        data["reason"] = reason
    return data


@pytest.fixture
def table(make_event, seated_round):
    tournament = make_event(players=4, rounds_=1)
    return seated_round(tournament).tables.get()


def result_url(table):
    return reverse("tournaments:result", args=[table.tournament_id, table.pk])


def test_it_rejects_scores_that_do_not_add_up_and_saves_nothing(table, organizer):
    client = signed_in(organizer)
    response = post(client, result_url(table), form_data([40000, 30000, 20000, 9000]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "add up to 99,000 points" in page and "must add up to 100,000" in page
    assert "1,000 missing" in page
    assert not Result.objects.exists()


def test_it_counts_leftover_sticks_in_the_table_total(table, organizer):
    client = signed_in(organizer)
    response = post(client, result_url(table), form_data([40000, 30000, 20000, 9000], sticks=1))
    assert response.status_code == 302
    result = Result.objects.get()
    assert result.scores == [40000, 30000, 20000, 9000] and result.leftover_sticks == 1
    assert result.confirmed_by == organizer and result.source == "offline"


def test_it_accepts_a_correct_table(table, organizer):
    client = signed_in(organizer)
    response = post(client, result_url(table), form_data([40000, 30000, 20000, 10000]))
    assert response.status_code == 302
    assert Result.objects.get().scores == [40000, 30000, 20000, 10000]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (form_data([40000, 30000, 20000, 10000], confirm=False), "Tick the box to confirm"),
        (form_data([40050, 30000, 20000, 9950]), "counted in hundreds"),
        (form_data(["lots", 30000, 20000, 10000]), "Enter a whole number"),
        (form_data([40000, 30000, 20000, 10000], sticks=-1), "greater than or equal to 0"),
        (
            form_data([40000, 30000, 20000, 10000], chombos={1: (1, "")}),
            "Say why the chombo was given",
        ),
        (
            form_data([40000, 30000, 20000, 10000], chombos={1: (-2, "x")}),
            "greater than or equal to 0",
        ),
    ],
)
def test_it_explains_every_bad_field_and_saves_nothing(table, organizer, data, message):
    client = signed_in(organizer)
    response = post(client, result_url(table), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Result.objects.exists() and not Chombo.objects.exists()


def test_it_checks_the_total_live_as_staff_type(table, organizer):
    client = signed_in(organizer)
    url = reverse("tournaments:result_check", args=[table.tournament_id, table.pk])
    partial = post(
        client, url, {"score_0": 40000, "score_1": 30000, "score_2": 20000}
    ).content.decode()
    assert 'id="total-check"' in partial and "Enter all four scores" in partial
    partial = post(
        client, url, form_data([40000, 30000, 20000, 12000], confirm=False)
    ).content.decode()
    assert 'class="total-check off"' in partial and "2,000 too many" in partial
    partial = post(
        client, url, form_data([40000, 30000, 20000, 10000], confirm=False)
    ).content.decode()
    assert 'class="total-check ok"' in partial and "The table adds up" in partial
    partial = post(
        client, url, form_data([40010, 30000, 20000, 10000], confirm=False)
    ).content.decode()
    assert "East: Scores are counted in hundreds" in partial
    assert not Result.objects.exists()


def test_it_records_chombos_with_their_reasons(table, organizer):
    client = signed_in(organizer)
    data = form_data([40000, 30000, 20000, 10000], chombos={3: (2, "false tsumo")})
    assert post(client, result_url(table), data).status_code == 302
    assert list(Chombo.objects.values_list("wind", "reason")) == [
        (3, "false tsumo"),
        (3, "false tsumo"),
    ]


def test_it_keeps_an_audit_trail_of_corrections(table, organizer):
    client = signed_in(organizer)
    post(client, result_url(table), form_data([40000, 30000, 20000, 10000]))
    # A correction without a reason is refused.
    response = post(client, result_url(table), form_data([38000, 32000, 20000, 10000]))
    assert "Say why the recorded result is being changed" in response.content.decode()
    assert Result.objects.get().scores == [40000, 30000, 20000, 10000]
    response = post(
        client,
        result_url(table),
        form_data(
            [38000, 32000, 20000, 10000], chombos={0: (1, "wrong wait")}, reason="swapped a mangan"
        ),
    )
    assert response.status_code == 302
    assert Result.objects.get().scores == [38000, 32000, 20000, 10000]
    log = {c.field.split(" (")[0]: c for c in Correction.objects.all()}
    assert set(log) == {"East score", "South score", "East chombos"}
    assert (log["East score"].old_value, log["East score"].new_value) == ("40000", "38000")
    assert (
        log["South score"].changed_by == organizer
        and log["South score"].reason == "swapped a mangan"
    )
    assert log["East chombos"].new_value == "1 (wrong wait)"
    page = client.get(result_url(table)).content.decode()
    assert "Correction log" in page and "swapped a mangan" in page and "40000" in page
    assert "Director" in page
