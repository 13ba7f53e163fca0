"""Agreement before a result counts, on a 390x844 phone: a member opens a casual table
with three other members and confirms its game; the others see it waiting for their
agreement on their profiles; one disputes; a club organizer settles it; only then do
the ratings move. Screenshots of each step go to /work/wt/shots/trust-agree/ (or the
folder named by ``AGREEMENT_SHOTS``) and bench-output/agreement/."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from history import rating
from tests.browser_helpers import settled
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tournaments.models import Result
from tournaments.models import TournamentTable as Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "agreement"
PASSWORD = "pw-agreement-1"
NAMES = ["Aiko", "Bunta", "Chie", "Daigo"]


@pytest.fixture
def club(django_user_model):
    from django.contrib.auth.models import Group

    from rules.models import Ruleset
    from tournaments.permissions import ORGANIZERS

    players = [
        django_user_model.objects.create_user(username=n.lower(), password=PASSWORD, display_name=n)
        for n in NAMES
    ]
    hisa = django_user_model.objects.create_user(
        username="hisa", password=PASSWORD, display_name="Hisa"
    )
    Group.objects.get_or_create(name=ORGANIZERS)[0].user_set.add(hisa)
    ruleset = Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    return players, hisa, ruleset


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    extra = Path(os.environ.get("AGREEMENT_SHOTS", "/work/wt/shots/trust-agree"))
    try:
        extra.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, extra / f"{name}.png")
    except OSError:  # a machine without that folder keeps the bench-output copy
        pass


def ratings(players):
    now = rating.club_ratings()
    return [(round(now.of(p.pk), 3), now.games.get(p.pk, 0)) for p in players]


@pytest.mark.slow(20)
def test_a_casual_result_moves_ratings_only_after_the_dispute_is_settled_on_a_phone(site_url, club):
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    players, hisa, ruleset = club
    before = ratings(players)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        errors: list[str] = []

        def phone_of(user, path, desktop=False):
            size = {"width": 1280, "height": 800} if desktop else {"width": 390, "height": 844}
            context = browser.new_context(
                viewport=size, has_touch=not desktop, is_mobile=not desktop, bypass_csp=True
            )
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{site_url}/players/login/?next={path}")
            page.fill("#id_username", user.username)
            page.fill("#id_password", PASSWORD)
            page.locator("main button:has-text('Sign in')").click()
            page.wait_for_url(f"{site_url}{path}")
            return page

        # 1. Aiko opens a casual table with Bunta, Chie and Daigo
        aiko = phone_of(players[0], "/tournaments/tables/new/")
        aiko.select_option("#id_ruleset", str(ruleset.pk))
        for w, player in enumerate(players):
            aiko.fill(f"#id_player_{w}", player.username)
        shoot(aiko, "1-open-a-casual-table")
        aiko.locator("main button[type=submit]").last.tap()
        aiko.wait_for_selector("#hand-form")
        table = Table.objects.get()
        score_path = f"/tournaments/0/tables/{table.pk}/score/"
        # four hands of the east round: the player after the dealer wins off the next,
        # 1, 3, 2 and 4 han
        for hand in range(4):
            dealer = hand
            winner, discarder = (dealer + 1) % 4, (dealer + 2) % 4
            for selector in (
                "label.chip:has(#outcome-ron)",
                f"label.chip:has(#winners-{winner})",
                f"label.chip:has(#discarder-{discarder})",
            ):
                aiko.locator(selector).tap()
                settled(aiko)
            aiko.select_option(f"#han_{winner}", str((1, 3, 2, 4)[hand]))
            settled(aiko)
            aiko.select_option(f"#fu_{winner}", "30")
            settled(aiko)
            if hand == 0:
                shoot(aiko, "2-first-hand-preview")
            aiko.locator("#save-hand").tap()
            aiko.wait_for_function(f"document.querySelectorAll('#hands li').length === {hand + 1}")
            settled(aiko)
        aiko.locator("#confirm-button").tap()
        aiko.wait_for_selector("#agreement-state")
        assert "Waiting for agreement" in aiko.locator("#agreement-state").inner_text()
        assert "Aiko" in aiko.locator("#agreed-names").inner_text()
        assert aiko.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(aiko, "3-confirmed-waiting-for-agreement")
        assert Result.objects.get(table=table).status == Result.WAITING
        assert ratings(players) == before

        # 2. the others see it waiting on their profiles; Bunta agrees
        bunta = phone_of(players[1], "/players/bunta/")
        assert "waiting for agreement" in bunta.locator("#waiting-results").inner_text()
        shoot(bunta, "4-bunta-profile-waiting")
        bunta.locator("#waiting-results a").first.tap()
        bunta.wait_for_selector("#agree-button")
        bunta.locator("#agree-button").tap()
        bunta.wait_for_selector("text=Your agreement is recorded")
        shoot(bunta, "5-bunta-agreed")
        daigo = phone_of(players[3], "/players/daigo/")
        assert "Not answered: Chie, Daigo" in daigo.locator("#waiting-results").inner_text()
        shoot(daigo, "6-daigo-profile-waiting")
        assert ratings(players) == before

        # 3. Chie disputes, with a reason
        chie = phone_of(players[2], "/players/chie/")
        shoot(chie, "7-chie-profile-waiting")
        chie.goto(f"{site_url}{score_path}")
        chie.fill("#dispute-reason", "Hand 3 was 2 han, not 3")
        chie.locator("#dispute-button").tap()
        chie.wait_for_selector("text=Your dispute is recorded")
        assert "Disputed" in chie.locator("#agreement-state").inner_text()
        assert chie.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(chie, "8-chie-disputed")
        assert Result.objects.get(table=table).status == Result.DISPUTED
        # Daigo can no longer agree it into the record
        daigo.goto(f"{site_url}{score_path}")
        assert daigo.locator("#agree-button").count() == 0
        assert ratings(players) == before

        # 4. the club's organizer finds it on the tournaments page and settles it
        organizer = phone_of(hisa, "/tournaments/")
        assert "Hand 3 was 2 han" in organizer.locator("#casual-waiting").inner_text()
        shoot(organizer, "9-organizer-sees-the-dispute")
        desk = phone_of(hisa, score_path, desktop=True)
        assert desk.locator("#settle-form").count() == 1
        shoot(desk, "9b-organizer-desktop-1280")
        desk.context.close()
        organizer.locator("#casual-waiting a").first.tap()
        organizer.wait_for_selector("#settle-form")
        organizer.locator("#settle-stands").check()
        organizer.fill("#settle-reason", "Checked the tiles with all four: 3 han stands")
        shoot(organizer, "10-organizer-settles")
        organizer.locator("#settle-button").tap()
        organizer.wait_for_selector("text=The result is settled")
        organizer.locator("details.audit summary").tap()
        shoot(organizer, "11-settled-with-the-correction-log")
        result = Result.objects.get(table=table)
        assert (result.status, result.decided_by) == (Result.AGREED, hisa)

        # 5. only now do the ratings move
        after = ratings(players)
        assert after != before and [games for _, games in after] == [1, 1, 1, 1]
        chie.goto(f"{site_url}/players/chie/")
        assert chie.locator("#waiting-results").count() == 0
        assert "Rating" in chie.locator("main").inner_text()
        shoot(chie, "12-chie-profile-rated")
        assert not errors
        browser.close()
