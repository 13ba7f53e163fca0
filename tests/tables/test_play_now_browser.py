"""Play now in real browsers: four members in four browser contexts press Play now, hear
of their table (the title changes), are seated at one table and play its first
discards; a fifth allows bots and starts against bots after the (short) wait; an
invitation arrives on a page in a background tab and is accepted there. Screenshots
at 1280x800 and 390x844 go to /work/wt/shots/play-now/ (and bench-output/shots)."""

import os
import shutil
from pathlib import Path

import pytest

from players.models import Player
from rules.models import Ruleset
from tables.models import Game, Seat, Table
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "shots" / "play-now"
EXTRA = Path(os.environ.get("PLAY_NOW_SHOTS", "/work/wt/shots/play-now"))
PASSWORD = "pw-play-now-1"
PATIENT = 20_000
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PlaywrightError: type = Exception  # playwright's own, once it is imported
READY = "() => document.title.startsWith('\u25b6 Your table is ready')"


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    try:
        EXTRA.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, EXTRA / f"{name}.png")
    except OSError:
        pass


@pytest.fixture
def live_play(table_settings):
    """Settings the daphne child inherits: a driver, quick bots, no call window, a short
    wait for bots, and a few seconds to see "your table is ready" before going there."""
    s = table_settings
    s.TABLE_DRIVER_AUTOSTART = True
    s.TABLE_BOT_DELAY = 0
    s.TABLE_AUTO_DELAY = 0
    s.TABLE_AWAY_GRACE = 3600.0
    s.TABLE_CALL_WINDOW = 0
    s.TABLE_SEED = 20250101
    s.PLAY_NOW_BOT_WAIT = 2
    s.PLAY_NOW_START_WAIT = 60
    s.PLAY_NOW_GO_DELAY_MS = 2500
    return s


@pytest.fixture
def club(db):
    ruleset = Ruleset.objects.create(
        name="Club East",
        preset="ronin",
        is_default=True,
        settings={"game_type": "tonpuusen", "west_round": False},
    )
    Ruleset.objects.exclude(pk=ruleset.pk).update(is_default=False)
    names = ["Aiko", "Bunta", "Chie", "Daigo", "Emi"]
    people = [
        Player.objects.create_user(username=n.lower(), password=PASSWORD, display_name=n)
        for n in names
    ]
    return ruleset, people


@pytest.fixture
def browser(monkeypatch):
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    global PlaywrightError
    PlaywrightError = sync_api.Error
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def signed_in(browser, site_url, user, size, errors):
    phone = size == PHONE
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(PATIENT)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/players/login/?next=/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.locator("main button:has-text('Sign in')").click()
    page.wait_for_url(f"{site_url}/")
    return page


def press_play_now(page, bots=""):
    page.select_option("#id_play_bots", bots)
    page.locator("#play-now-button").click()


def play_first_discards(pages_by_seat, game):
    """East, South, West and North each throw their first tile, through their page."""
    for seat in range(4):
        page = pages_by_seat[seat]
        tile = page.locator("#table-hand .hand-normal button.tile-button[data-action*=':discard:']")
        tile.first.wait_for(state="visible")
        before = page.get_attribute("#table-center", "data-version")
        if page.viewport_size == PHONE:
            tile.first.tap()  # a phone's first tap only selects the tile ...
            page.locator("#table-hand .hand-normal button.tile-button.selected").wait_for()
            tile.first.tap()  # ... the second plays it
        else:
            tile.first.click()
        # until the discarder's page moves on, anyone offered a call on it passes
        moved = (
            "v => { const c = document.querySelector('#table-center');"
            " return c && c.dataset.version !== v; }"
        )
        for _ in range(40):
            for other in pages_by_seat.values():
                passing = other.locator("#table-hand [data-action$=':pass']")
                if other is not page and passing.count():
                    passing.first.click()
            try:
                page.wait_for_function(moved, arg=before, polling=100, timeout=500)
                break
            except PlaywrightError:
                continue
        else:
            raise AssertionError(f"seat {seat}'s discard was never shown")
    log = Game.objects.get(pk=game.pk).log
    return [a for a in log if ":discard:" in a]


@pytest.mark.slow(60)
def test_four_members_press_play_now_are_seated_together_and_a_fifth_plays_bots(
    live_play, club, site_url, browser
):
    ruleset, people = club
    errors: list[str] = []
    sizes = [DESKTOP, DESKTOP, PHONE, PHONE]
    pages = [
        signed_in(browser, site_url, p, s, errors) for p, s in zip(people, sizes, strict=False)
    ]
    first_kind = pages[0].locator("#id_play_kind option").first.get_attribute("value")
    assert first_kind == f"{ruleset.pk}:tonpuusen"  # the club's default comes first
    for page in pages[:3]:
        press_play_now(page)
        page.wait_for_selector("#play-now-status[data-state='waiting']")
    pages[0].wait_for_function("() => document.title.startsWith('\u231b Waiting')")
    shoot(pages[0], "lobby-waiting-1280x800")
    shoot(pages[2], "lobby-waiting-390x844")
    press_play_now(pages[3])
    for page in pages:  # everyone hears it, in the title too, then goes to the table
        page.wait_for_function(READY)
        assert page.locator("#play-now-status").get_attribute("data-chimed")
    shoot(pages[2], "matched-390x844")
    table = Table.objects.get()
    for page in pages:
        page.wait_for_url(f"{site_url}/tables/{table.pk}/")
    # all four are at the table: it starts and every page shows its hand
    for page in pages:
        page.wait_for_selector("#table-center[data-version]", state="attached")
    game = Game.objects.get(table=table)
    by_member = {s.player_id: s.index for s in Seat.objects.filter(table=table)}
    pages_by_seat = {by_member[p.pk]: page for p, page in zip(people, pages, strict=False)}
    assert sorted(pages_by_seat) == [0, 1, 2, 3]
    for page in pages:  # a mark that a second load of the page would wipe
        page.evaluate("() => { window.stayedAtTheTable = true; }")
    discards = play_first_discards(pages_by_seat, game)
    for page in pages:  # the table's start did not send anyone to the table again
        assert page.evaluate("() => window.stayedAtTheTable === true")
    assert [int(a.split(":")[0]) for a in discards[:4]] == [0, 1, 2, 3]
    shoot(pages[0], "table-first-discards-1280x800")
    shoot(pages[2], "table-first-discards-390x844")

    # a fifth member allows bots: after the wait the table starts with three bots
    emi = signed_in(browser, site_url, people[4], DESKTOP, errors)
    press_play_now(emi, bots="club")
    emi.wait_for_selector("#play-now-status[data-state='waiting']")
    emi.wait_for_function(READY)
    bots_table = Table.objects.exclude(pk=table.pk).get()
    emi.wait_for_url(f"{site_url}/tables/{bots_table.pk}/")
    emi.wait_for_selector("#table-center[data-version]", state="attached")
    assert Seat.objects.filter(table=bots_table, bot_level="careful").count() == 3
    assert bots_table.status == Table.PLAYING
    shoot(emi, "bots-table-1280x800")
    assert not errors, errors


@pytest.mark.slow(30)
def test_an_invitation_is_accepted_from_a_background_tab(live_play, club, site_url, browser):
    _, people = club
    aiko, bunta = people[0], people[1]
    errors: list[str] = []
    host = signed_in(browser, site_url, aiko, DESKTOP, errors)
    guest = signed_in(browser, site_url, bunta, PHONE, errors)
    front = guest.context.new_page()  # another tab in front: the lobby's tab is behind it
    front.goto(f"{site_url}/rules/")
    front.bring_to_front()
    # (headless Chromium keeps reporting every tab "visible": the lobby's tab is simply
    # not the one in front, and nothing is done to it until the invitation arrives)
    host.goto(f"{site_url}/play/invite/")
    host.fill("#id_member1", "bunta")
    host.select_option("#id_length", "tonpuusen")
    shoot(host, "invite-1280x800")
    host.locator("main button:has-text('Send the invitations')").click()
    host.wait_for_url(f"{site_url}/tables/*/")
    guest.wait_for_function("() => document.title.startsWith('\u2709 Aiko invites you')")
    guest.wait_for_selector("#play-notice .invitation")
    shoot(guest, "invitation-notice-390x844")
    guest.locator("#play-notice .accept-invitation").click()
    table = Table.objects.get()
    guest.wait_for_url(f"{site_url}/tables/{table.pk}/*")
    guest.wait_for_selector("#table-center[data-version]", state="attached")
    table.refresh_from_db()
    assert table.status == Table.PLAYING and table.is_private
    assert Seat.objects.filter(table=table, player=bunta).exists()
    host.reload()
    shoot(host, "invited-table-host-1280x800")
    assert not errors, errors
