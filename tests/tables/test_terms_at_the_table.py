"""The words at the table follow the viewer's choice: Japanese terms or English names."""

import datetime as dt

import pytest
from django.urls import reverse

from rules.engine.testing import scenario
from tables.drawing import frames

from .conftest import make_table, start

TENPAI = "234m345p678p22s34s"
NAMES = [{"name": n, "bot": "", "connected": True} for n in ("A", "B", "C", "D")]
NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def frame_for(state, terms: str) -> str:
    return frames.SeatFrames(0, terms=terms).render(state, 0, NAMES, None, NOW, full=True)


def test_it_labels_the_buttons_in_the_viewer_s_words():
    state = scenario({0: TENPAI}, draws="9m")
    japanese = frame_for(state, "en")
    english = frame_for(state, "en-names")
    assert "Riichi" in japanese and "Declare ready" not in japanese
    assert "Declare ready" in english


@pytest.mark.django_db
def test_it_renders_the_table_page_in_a_member_s_words(client, east_only, alice):
    alice.terms = "en-names"
    alice.save()
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    html = client.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert 'lang="en"' in html
    from django.utils import translation

    assert translation.get_language() in ("en", "en-us", None)  # nothing leaks past the request
