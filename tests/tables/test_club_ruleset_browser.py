"""A club ruleset made without the admin, in two browsers: an organizer derives "EMA,
claimed wins" from the EMA preset on the settings form, previews its sheet with the
difference marked and saves it; a member opens a private table with it from the lobby,
choosing the table's options, and calls Win anyway on the first draw: the claim goes
through the bots' answers to the review (a false win: the chombo). Then the organizer
edits the ruleset, and a game finished under it keeps its rules, its sheet and its
replay. Screenshots at 1280x800 and 390x844 in /work/wt/shots/org-rulesets/."""

import shutil
import time
from pathlib import Path

import pytest

from history.logs.store import store_bot_game
from players.models import Player
from rules.models import Ruleset
from tables.models import Game, Table
from tables.play import states
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/wt/shots/org-rulesets")
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
NAME = "EMA, claimed wins"


@pytest.fixture
def live_tables(table_settings):
    table_settings.TABLE_DRIVER_AUTOSTART = True
    table_settings.TABLE_BOT_DELAY = 0.05
    table_settings.TABLE_AUTO_DELAY = 0.05
    table_settings.TABLE_RESULT_PAUSE = 0.5
    table_settings.TABLE_CLAIM_WINDOW = 30.0
    table_settings.TABLE_LEASE_SECONDS = 3.0
    table_settings.TABLE_AWAY_GRACE = 600.0
    return table_settings


def shoot(page, tmp_path, name):
    before = page.viewport_size
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        path = tmp_path / f"{name}-{label}.png"
        page.screenshot(path=str(path), full_page=False)
        shutil.copy(path, SHOTS / path.name)
    page.set_viewport_size(before)


def wait_until(check, what, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def sign_in(browser, site_url, username, password):
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button:has-text('Sign in')")
    page.wait_for_selector(".account-nav")
    return page


@pytest.mark.slow(60)
def test_an_organizer_derives_ema_claimed_wins_and_a_member_plays_it_from_the_lobby(
    live_tables, site_url, tmp_path, monkeypatch
):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not CHROMIUM:
        pytest.skip("no chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api")
    Player.objects.create_user(
        username="director", password="pw-director-123", display_name="Director", is_staff=True
    )
    Player.objects.create_user(username="aoi", password="pw-aoi-123", display_name="Aoi")
    errors: list[str] = []

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desk = sign_in(browser, site_url, "director", "pw-director-123")
        desk.on("pageerror", lambda exc: errors.append(str(exc)))

        # --- the organizer derives the ruleset from EMA on the form
        desk.goto(site_url + "/tournaments/rulesets/")
        desk.click("a:has-text('From EMA')")
        desk.fill("#id_name", NAME)
        desk.click("summary:has-text('Table procedure')")
        desk.select_option("#id_set_win_settlement", "claimed")
        desk.click("button[value=preview]")
        desk.wait_for_selector("#preview")
        row = desk.locator("#preview #setting-win_settlement")
        assert "changed" in (row.get_attribute("class") or "")
        assert "The preset:" in row.inner_text()
        assert not Ruleset.objects.filter(name=NAME).exists()  # a preview saves nothing
        row.scroll_into_view_if_needed()
        shoot(desk, tmp_path, "1-preview")
        desk.click("button[value=save]")
        desk.wait_for_selector("h1:has-text('EMA, claimed wins')")
        stored = Ruleset.objects.get(name=NAME)
        assert stored.preset == "ema" and stored.settings == {"win_settlement": "claimed"}
        assert "changed" in desk.get_attribute("#setting-win_settlement", "class")
        assert "changed" not in (desk.get_attribute("#setting-uma", "class") or "")
        desk.locator("#setting-win_settlement").scroll_into_view_if_needed()
        shoot(desk, tmp_path, "2-sheet")

        # --- a game finished under it before the edit (played by the bots)
        seats = [
            Player.objects.create_user(
                username=f"s{i}", password="pw-s-123456", display_name=f"S{i}"
            )
            for i in range(4)
        ]
        finished = store_bot_game(
            stored.engine_ruleset(), 3, seats, ("careful",) * 4, title="Before the edit"
        )
        assert finished.table.ruleset_id == stored.pk

        # --- a member opens a private table with it from the lobby
        member = sign_in(browser, site_url, "aoi", "pw-aoi-123")
        member.on("pageerror", lambda exc: errors.append(str(exc)))
        member.goto(site_url + "/")
        member.fill("#id_name", "Aoi's claims")
        member.select_option("#id_ruleset", label=NAME)
        member.select_option("#id_length", "tonpuusen")
        member.select_option("#id_red_fives", "one_each")
        member.select_option("#id_bots", "careful")
        member.check("input[name=private]")
        shoot(member, tmp_path, "3-lobby")
        member.click("button:has-text('Open the table')")
        member.wait_for_selector("button:has-text('Start the game')")
        table = Table.objects.get(name="Aoi's claims")
        assert table.is_private and table.ruleset_id == stored.pk
        member.click("text=rules of this table")
        member.wait_for_selector("text=Chosen for this table")
        assert "One in each suit" in member.inner_text(".table-options") or "red" in (
            member.inner_text(".table-options").lower()
        )
        assert "changed" in member.get_attribute("#setting-red_fives", "class")
        shoot(member, tmp_path, "4-table-rules")
        member.go_back()
        member.click("button:has-text('Start the game')")
        member.wait_for_selector("#table-board")
        game = Game.objects.get(table=table)
        assert game.engine_ruleset().win_settlement == "claimed"
        assert game.engine_ruleset().red_fives == (1, 1, 1)

        def state():
            states.clear()
            return states.state_of(Game.objects.get(pk=game.pk))

        # --- the claim procedure: Win anyway on the dealer's first draw
        wait_until(lambda: state().phase == "turn" and state().turn == 0, "Aoi's first turn")
        member.locator("#table-hand button.win_anyway").first.click(timeout=15000)
        member.locator("#win-anyway-confirm button.confirm-win").click(timeout=15000)
        member.wait_for_selector("#claim-panel .claim-form")
        shoot(member, tmp_path, "5-claim")
        member.select_option("#claim-panel .claim-form select[name=limit]", "mangan")
        member.locator("#claim-panel .claim-send").click()
        # The bots answer and review it; a false win ends in the chombo, which only a
        # review gives.
        wait_until(lambda: state().chombo_counts[0] == 1, "the review's chombo")
        shoot(member, tmp_path, "6-after-review")

        # --- the organizer edits the ruleset: the finished game keeps its rules
        before = finished.ruleset
        desk.goto(site_url + "/tournaments/rulesets/")
        desk.click(f"text=Edit {NAME}")
        desk.wait_for_selector("text=Games were played by this ruleset")
        desk.click("summary:has-text('Game structure')")
        desk.fill("#id_set_uma", "20, 10, -10, -20")
        desk.click("button[value=save]")
        desk.wait_for_selector("text=as an earlier version")
        old = Ruleset.objects.get(pk=stored.pk)
        assert old.retired and old.settings == {"win_settlement": "claimed"}
        finished.refresh_from_db()
        assert finished.ruleset == before and finished.table.ruleset_id == old.pk
        desk.goto(f"{site_url}/tables/{finished.table.pk}/rules/")
        uma = desk.inner_text("#setting-uma")
        assert "+15" in uma and "+20" not in uma
        desk.locator("#setting-uma").scroll_into_view_if_needed()
        shoot(desk, tmp_path, "7-finished-game-rules")
        desk.goto(f"{site_url}/players/games/{finished.pk}/hands/1/")
        desk.wait_for_selector(".replay-head")
        browser.close()
    assert not errors, errors
