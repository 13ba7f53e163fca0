"""An event whose round was played on Tenhou, as four games, brought in by their logs
in a real browser: one player has not linked their Tenhou name yet, so that game is
refused with a message naming the seat; the player links the name on their settings
page, the organizer uploads that log again, and the standings count all four games.
Screenshots at a desk (1280x800) and on a phone (390x844) under /work/wt/shots/logs/."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from history.logs.tenhou6_export import export
from rules.engine import play_game, presets
from tournaments.models import Result, Round

from .conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SHOTS_DIR", "/work/wt/shots/logs"))
EAST_ONLY = presets.preset("tenhou").replace(game_type="tonpuusen")


def _log(seed: int, names: list[str]) -> str:
    record = play_game(EAST_ONLY, seed, ["careful"] * 4, check=False)
    data = export(record.state.setup, record.state.actions, names, title="Club cup, round 1")
    data.pop("ruleset")  # as Tenhou writes it: the rules are the rule line
    return json.dumps(data, ensure_ascii=False)


@pytest.fixture
def played(make_event, tmp_path):
    """Sixteen players, four Tenhou games; the player at table 3, South, has not linked
    their Tenhou name."""
    tournament = make_event(players=16, preset="tenhou", rounds_=1, name="Club cup")
    Round.objects.create(tournament=tournament, number=1)
    players = [e.player for e in tournament.entries.order_by("pk")]
    files = []
    for table in range(4):
        four = players[4 * table : 4 * table + 4]
        names = [f"T{table + 1}-{p.display_name}" for p in four]
        for player, name in zip(four, names, strict=True):
            if (table, four.index(player)) != (2, 1):
                player.tenhou_name = name
                player.save()
        path = tmp_path / f"table{table + 1}.json"
        path.write_text(_log(100 + table, names))
        files.append(str(path))
    return tournament, players, files


def _sign_in(page, site_url, username):
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_selector(".account-nav button:has-text('Sign out')")


def _sign_out(page):
    page.click(".account-nav button:has-text('Sign out')")
    page.wait_for_selector(".account-nav >> text=Sign in")


def _shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (name, width, overflow)
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.slow(8)
def test_a_round_played_on_tenhou_is_brought_in_by_four_logs(
    played, organizer, site_url, browser_page
):
    tournament, players, files = played
    page = browser_page
    _sign_in(page, site_url, organizer.username)
    page.goto(f"{site_url}/tournaments/{tournament.pk}/rounds/1/")
    page.click("text=Add games by their logs")
    page.set_input_files("#id_logs", files)
    page.click("main button[type=submit]")
    page.wait_for_selector("h3:has-text('What became of each game')")
    added = page.locator(".log-outcome.ok")
    refused = page.locator(".log-outcome.failed")
    assert added.count() == 3 and refused.count() == 1
    unlinked = players[9]
    message = refused.locator(".problems li").inner_text()
    assert message.startswith(
        f"South (seat 2, 'T3-{unlinked.display_name}'): no registered player has linked "
        "this name. The player adds it as their Tenhou name on their settings page"
    ), message
    _shoot(page, "round-logs-one-seat-not-linked")
    assert Result.objects.filter(table__tournament=tournament).count() == 3

    # the player links their Tenhou name on their settings page
    _sign_out(page)
    _sign_in(page, site_url, unlinked.username)
    page.goto(site_url + "/players/preferences/")
    page.fill("#id_tenhou_name", f"T3-{unlinked.display_name}")
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Your settings are saved.")
    _shoot(page, "settings-tenhou-name")

    # the organizer uploads the third game again
    _sign_out(page)
    _sign_in(page, site_url, organizer.username)
    page.goto(f"{site_url}/tournaments/{tournament.pk}/rounds/1/logs/")
    page.set_input_files("#id_logs", files[2])
    page.click("main button[type=submit]")
    page.wait_for_selector(".log-outcome")
    assert page.locator(".log-outcome.ok").count() == 1
    assert "Added as table 4" in page.locator(".log-outcome.ok").inner_text()
    assert Result.objects.filter(table__tournament=tournament).count() == 4
    page.goto(f"{site_url}/tournaments/{tournament.pk}/standings/")
    page.wait_for_selector("table")
    text = page.inner_text("main")
    assert all(p.name in text for p in players)
    _shoot(page, "standings-after-four-logs")
    assert not page.console_errors, page.console_errors
