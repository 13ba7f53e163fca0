"""A whole East-only game in a real browser: sign in, open a table with three bots, play
by clicking, and keep screenshots of the table, a win and the final standings."""

import shutil
import time
from pathlib import Path

import pytest

from rules.models import Ruleset

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


@pytest.fixture
def live_tables(table_settings):
    """The daphne child inherits these: a running driver and quick bots."""
    table_settings.TABLE_DRIVER_AUTOSTART = True
    table_settings.TABLE_BOT_DELAY = 0.05
    table_settings.TABLE_AUTO_DELAY = 0.05
    table_settings.TABLE_RESULT_PAUSE = 2.0
    table_settings.TABLE_SEED = 20250101
    return table_settings


def keep(page, tmp_path, name):
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / f"tables-{name}.png")
    return path


def test_it_plays_a_whole_game_by_clicking(live_tables, browser_page, site_url, tmp_path, alice):
    Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    page = browser_page
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "pw-alice-123")
    page.click("button:has-text('Sign in')")
    page.wait_for_selector(".account-nav >> text=Alice")

    page.goto(site_url + "/")
    page.fill("#id_name", "Browser game")
    page.select_option("#id_ruleset", label="East only")
    page.select_option("#id_bots", "careful")
    page.click("button:has-text('Open the table')")
    page.wait_for_selector("text=Start the game")
    assert page.locator(".seat-list .occupant").all_inner_texts() == [
        "Alice",
        "Careful bot 2",
        "Careful bot 3",
        "Careful bot 4",
    ]
    page.click("button:has-text('Start the game')")
    page.wait_for_selector("#table-board")

    shots = {}
    own_moves = 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if page.locator(".final-panel").count():
            break
        if (
            "win" not in shots
            and page.locator(".result-body.kind-ron, .result-body.kind-tsumo").count()
        ):
            shots["win"] = keep(page, tmp_path, "win")
        modal = page.locator(".result-modal:not(.closed) [data-close]")
        if modal.count():
            modal.first.click()
            continue
        wins = page.locator("#table-hand button.tsumo, #table-hand button.ron")
        discards = page.locator("#table-hand .hand-normal button.tile-button")
        passes = page.locator("#table-hand button.pass")
        target = None
        if wins.count():
            target = wins.first
        elif passes.count():
            target = passes.first
        elif discards.count():
            target = discards.first
        if target is None:
            page.wait_for_timeout(30)
            continue
        try:
            target.click(timeout=2000)
        except Exception:  # the frame was replaced under the click: look again
            continue
        own_moves += 1
        if own_moves == 6 and "mid" not in shots:
            page.wait_for_timeout(300)
            shots["mid"] = keep(page, tmp_path, "mid-hand")
        page.wait_for_timeout(40)
    else:
        raise AssertionError("the game did not finish in ten minutes")
    page.wait_for_selector("text=Final standings")
    shots["final"] = keep(page, tmp_path, "final")
    rows = page.locator(".final-panel > table tbody tr")
    assert rows.count() == 4
    assert "Alice" in page.locator(".final-panel").inner_text()
    assert own_moves > 10 and "mid" in shots
    assert "win" in shots, "no hand was won in this seeded game"
    assert page.console_errors == []
