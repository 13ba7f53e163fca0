"""The Content-Security-Policy in a real browser: the main pages, a live table with
its socket, a finished game's pages (record, replay and its stepping, review, the
players' profiles) and the projector load with no violation reported in the console."""

import pytest
from django.utils import timezone

from players.models import Player
from rules.models import Ruleset
from tables import lobby
from tests.browser_helpers import settled
from tests.history.conftest import play_and_store
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = [
    "/",
    "/rules/",
    "/rules/rulesets/",
    "/rules/calculator/",
    "/rules/tiles/",
    "/tournaments/",
    "/players/",
    "/players/login/",
    "/players/signup/",
]


def test_the_main_pages_raise_no_content_security_policy_violation(browser_page, site_url):
    # A page that keeps the policy (the shared fixture's page bypasses it).
    page = browser_page.context.browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    member = Player.objects.create_user(username="aoi", password="pw-aoi-12345")
    ruleset = Ruleset.objects.create(name="Ronin", preset="ronin")
    tournament = Tournament.objects.create(
        name="Spring", start_date=timezone.now().date(), ruleset=ruleset, created_by=member
    )
    table = lobby.create_table(member, "Practice", ruleset.pk, False, bot_level="careful")
    players = [member] + [
        Player.objects.create_user(username=name, password=f"pw-{name}-123")
        for name in ("botan", "chidori", "daiki")
    ]
    game = play_and_store(players, [21])[0]
    urls = [
        *PAGES,
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/standings/",
        f"/tournaments/{tournament.pk}/projector/",
        f"/players/{member.username}/",
        f"/players/games/{game.pk}/",
        f"/players/games/{game.pk}/review/0/",
    ]
    for url in urls:
        page.goto(site_url + url)
        page.wait_for_load_state("load")
        assert page.evaluate("window.__csp") == [], url
    # the replay steps with htmx and the keyboard under the policy
    page.goto(f"{site_url}/players/games/{game.pk}/hands/0/")
    settled(page, "#replay .step-label")
    page.click("a.step-forward")
    # (selectors: Playwright's string predicates are evaluated, which the policy refuses)
    settled(page, "#replay[data-step='1']")  # the key clicks a link htmx must know
    page.keyboard.press("ArrowRight")
    settled(page, "#replay[data-step='2']")
    assert page.evaluate("window.__csp") == [], "replay"
    # signed in: a live table opens its socket under the policy
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "aoi")
    page.fill("#id_password", "pw-aoi-12345")
    page.click("button:has-text('Sign in')")
    page.wait_for_load_state("load")
    page.goto(site_url + table.get_absolute_url())
    page.wait_for_load_state("load")
    assert page.evaluate("window.__csp") == []
    # the calculator's htmx form works under the policy (no eval, no inline style)
    page.goto(site_url + "/rules/calculator/")
    page.wait_for_load_state("load")
    assert page.evaluate("window.__csp") == []
    assert [e for e in errors if "Content Security Policy" in e] == []
    page.close()
