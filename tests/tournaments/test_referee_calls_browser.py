"""Calling the referee, in two browsers: a player at a scored table calls from a phone
(390x844); the event's referee, on the calls page at a desk (1280x800), sees the call
arrive live with its table and time (and a tone), takes it and closes it with a note
that stays in the table's correction log. The site's CSP is kept (no bypass).
Screenshots go to /work/wt/shots/org-notices/ (or ``REFEREE_CALL_SHOTS``) and
bench-output/referee-calls/."""

from __future__ import annotations

import datetime
import os
import shutil
from pathlib import Path

import pytest
from django.utils import timezone

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tournaments import rounds
from tournaments.models import Correction, RefereeCall, Registration, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "referee-calls"
PASSWORD = "pw-referee-call-1"
NAMES = ["Aiko", "Bunta", "Chie", "Daigo"]


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    extra = Path(os.environ.get("REFEREE_CALL_SHOTS", "/work/wt/shots/org-notices"))
    try:
        extra.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, extra / f"{name}.png")
    except OSError:  # a machine without that folder keeps the bench-output copy
        pass


@pytest.fixture
def event(django_user_model):
    from rules.models import Ruleset

    people = [
        django_user_model.objects.create_user(username=n.lower(), password=PASSWORD, display_name=n)
        for n in NAMES
    ]
    director = django_user_model.objects.create_user(username="dir", password=PASSWORD)
    rei = django_user_model.objects.create_user(
        username="rei", password=PASSWORD, display_name="Rei"
    )
    ruleset, _ = Ruleset.objects.get_or_create(name="Preset ronin", defaults={"preset": "ronin"})
    tournament = Tournament.objects.create(
        name="Autumn Open",
        format=Tournament.OFFLINE,
        start_date=datetime.date(2026, 11, 1),
        ruleset=ruleset,
        rounds=2,
        created_by=director,
    )
    tournament.referees.add(rei)
    for person in people:
        Registration.objects.create(tournament=tournament, player=person)
    round_ = rounds.draw(tournament, "random", seating_seed=3)
    rounds.publish(round_)
    return tournament, round_.tables.get(), rei


@pytest.mark.slow(20)
def test_a_referee_called_from_a_phone_is_taken_at_a_desk_live(site_url, event):
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    tournament, table, rei = event
    caller = table.seat_list()[2].player  # West
    score_path = f"/tournaments/{tournament.pk}/tables/{table.pk}/score/"
    calls_path = f"/tournaments/{tournament.pk}/calls/"
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        errors: list[str] = []

        def signed_in(user, path, desktop):
            size = {"width": 1280, "height": 800} if desktop else {"width": 390, "height": 844}
            context = browser.new_context(
                viewport=size, has_touch=not desktop, is_mobile=not desktop
            )
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on(
                "console",
                lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
            )
            page.goto(f"{site_url}/players/login/?next={path}")
            page.fill("#id_username", user.username)
            page.fill("#id_password", PASSWORD)
            page.locator("main button:has-text('Sign in')").click()
            page.wait_for_url(f"{site_url}{path}")
            return page

        # 1. the referee waits on the event's calls page at a desk, its socket open
        desk = signed_in(rei, calls_path, desktop=True)
        desk.wait_for_selector("html[data-calls-live]")
        assert "No open calls." in desk.locator("#referee-calls").inner_text()
        shoot(desk, "1-desk-referee-waiting")

        # 2. a player calls from the hand-entry page on a phone
        phone = signed_in(caller, score_path, desktop=False)
        phone.wait_for_selector("#call-referee")
        shoot(phone, "2-phone-before-the-call")
        phone.locator("#call-referee").tap()
        phone.wait_for_selector("text=The referee is called")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(phone, "3-phone-called")

        # 3. the call arrives on the desk without a reload, with its table and time, and
        # the page plays its tone
        desk.wait_for_selector("#referee-calls li.referee-call")
        item = desk.locator("#referee-calls li.referee-call").inner_text()
        made = RefereeCall.objects.get()
        assert "Round 1, table 1" in item and caller.name in item and "waiting" in item
        assert f"called at {timezone.localtime(made.called_at):%H:%M}" in item
        desk.wait_for_selector(f"html[data-call-chimed='{made.pk}']")
        shoot(desk, "4-desk-call-arrived-live")

        # 4. the referee takes it, then closes it with a note
        # the take's page and the take's news (the list sent to every referee's page)
        # arrive in either order; a note typed in between is kept when the list is swapped
        desk.evaluate(
            "() => { window.listsSent = 0; document.body.addEventListener("
            "'htmx:oobAfterSwap', () => { window.listsSent += 1; }); }"
        )
        desk.locator("#referee-calls button:has-text('Take it')").click()
        desk.wait_for_selector("text=taken by Rei")
        shoot(desk, "5-desk-call-taken")
        desk.fill("#referee-calls input[name=note]", "Chombo claim checked: the hand stands.")
        desk.wait_for_function("() => window.listsSent > 0")
        typed = desk.locator("#referee-calls input[name=note]").input_value()
        assert typed == "Chombo claim checked: the hand stands."
        desk.locator("#referee-calls button:has-text('Close the call')").click()
        desk.wait_for_selector("text=No open calls.")
        assert (
            "Chombo claim checked: the hand stands." in desk.locator(".closed-calls").inner_text()
        )
        shoot(desk, "6-desk-call-closed")

        # 5. the bell told the referee; the note is in the table's correction log
        desk.goto(f"{site_url}/players/notices/")
        assert "calls the referee to round 1, table 1" in desk.locator(".notices").inner_text()
        shoot(desk, "7-desk-notices")
        browser.close()
    made.refresh_from_db()
    assert not made.is_open and made.taken_by == rei and made.closed_by == rei
    closed = Correction.objects.filter(table=table, field="Referee call").order_by("pk").last()
    assert closed.reason == "Chombo claim checked: the hand stands."
    assert errors == []
