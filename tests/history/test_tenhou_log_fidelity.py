"""Real games played on Tenhou (two hanchan, one East-only game; see
tests/data/logs/REAL_GAMES.md) replay hand by hand with the record's own outcome, hands
and scores, and so do hand-written logs of Tenhou's rarer endings."""

import io

import pytest
from django.core.management import call_command

from .conftest import DATA

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "hands", "last"),
    [
        ("real_tenhou_hanchan_2019.xml", 8, "South 4"),
        ("real_tenhou_hanchan_four_kans.xml", 14, "South 4"),
        ("real_tenhou_east_only_2009.xml", 1, "East 1"),
    ],
)
def test_import_log_check_replays_a_real_tenhou_game(name, hands, last):
    out = io.StringIO()
    call_command("import_log", str(DATA / name), "--check", "--verbose", stdout=out)
    text = out.getvalue()
    assert f"{hands} of {hands} hands match" in text
    assert f"hand {hands:2d} {last}" in text and "differ" not in text


def _check(name):
    out = io.StringIO()
    call_command("import_log", str(DATA / name), "--check", "--verbose", stdout=out)
    return out.getvalue()


def test_a_log_where_kokushi_robs_a_closed_kan_imports_and_replays():
    # no replacement draw follows the robbed kan: the ron ends the hand
    assert "1 of 1 hands match" in _check("tenhou6_kokushi_robs_closed_kan.json")


def test_a_log_ending_at_the_fourth_kan_of_two_players_imports_and_replays():
    # the log leaves out the fourth kan's replacement draw and discard
    assert "1 of 1 hands match" in _check("tenhou6_suukaikan_two_players.json")
