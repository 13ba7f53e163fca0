"""A club night on a phone: a whole hanchan entered hand by hand at 390x844 (touch),
while a second browser watches the event's standings update over the live channel.

Screenshots of the entry steps, the running scores and the projector go to
``bench-output/club-night/`` (gitignored), /tmp/shots/ and, when set, the folder named
by ``CLUB_NIGHT_SHOTS``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rules.engine import DeclaredHand, WinValue, format_final, replay_sheet
from rules.templatetags.words import minus
from tests.browser_helpers import settled
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tournaments import round_timer, rounds
from tournaments.models import Result, ScoredHand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "club-night"
PASSWORD = "pw-club-night-1"
W = WinValue

# (what the phone taps, what the engine is told): eleven hands of a hanchan with a
# double ron, a draw with two tenpai and a riichi stick carried over it, an abortive
# draw, a chombo, the yaku picker and limits.
HANDS = [
    (
        {"outcome": "exhaustive", "riichi": [1], "tenpai": [1, 2]},
        DeclaredHand("exhaustive", riichi=(1,), tenpai=(1, 2)),
    ),
    (
        {
            "outcome": "ron",
            "winners": [0, 3],
            "discarder": 2,
            "han": {0: "3", 3: "2"},
            "fu": {0: "30", 3: "30"},
        },
        DeclaredHand("ron", (W(0, 3, 30), W(3, 2, 30)), 2),
    ),
    (
        {"outcome": "abortive", "abort": "kyuushu_kyuuhai"},
        DeclaredHand("abortive", abort="kyuushu_kyuuhai"),
    ),
    ({"outcome": "chombo", "chombo": 0}, DeclaredHand("chombo", chombo=0)),
    (
        {"outcome": "tsumo", "winners": [2], "han": {2: "2"}, "fu": {2: "40"}},
        DeclaredHand("tsumo", (W(2, 2, 40),)),
    ),
    (
        {
            "outcome": "ron",
            "winners": [1],
            "discarder": 3,
            "riichi": [1],
            "yaku": {1: ["riichi", "pinfu"]},
            "dora": {1: "1"},
            "fu": {1: "30"},
        },
        DeclaredHand("ron", (W(1, 3, 30),), 3, riichi=(1,)),
    ),
    (
        {"outcome": "ron", "winners": [0], "discarder": 1, "han": {0: "mangan"}},
        DeclaredHand("ron", (W(0, 5, 0),), 1),
    ),
    (
        {"outcome": "tsumo", "winners": [3], "han": {3: "1"}, "fu": {3: "30"}},
        DeclaredHand("tsumo", (W(3, 1, 30),)),
    ),
    ({"outcome": "exhaustive"}, DeclaredHand("exhaustive")),
    (
        {"outcome": "ron", "winners": [0], "discarder": 2, "han": {0: "haneman"}},
        DeclaredHand("ron", (W(0, 6, 0),), 2),
    ),
    (
        # by the tiles: tanyao and pinfu, ron on the 8 of bamboo (2 han 30 fu)
        {
            "outcome": "ron",
            "winners": [1],
            "discarder": 2,
            "tiles": {1: ("234m567p345s678s22p", "8s", "9m")},
        },
        DeclaredHand("ron", (W(1, 2, 30),), 2),
    ),
]


@pytest.fixture
def club_night(django_user_model):
    from rules.models import Ruleset
    from tournaments.models import Registration, Tournament

    director = django_user_model.objects.create_user(
        username="director", password=PASSWORD, display_name="Director", is_staff=True
    )
    names = ["Aiko", "Bunta", "Chie", "Daigo"]
    players = [
        django_user_model.objects.create_user(username=n.lower(), password=PASSWORD, display_name=n)
        for n in names
    ]
    ruleset, _ = Ruleset.objects.get_or_create(name="Preset ronin", defaults={"preset": "ronin"})
    import datetime

    event = Tournament.objects.create(
        name="Thursday Club Night",
        format=Tournament.OFFLINE,
        start_date=datetime.date(2026, 11, 26),
        ruleset=ruleset,
        rounds=1,
        created_by=director,
    )
    for p in players:
        Registration.objects.create(tournament=event, player=p)
    round_ = rounds.draw(event, "random", seating_seed=3)
    rounds.publish(round_)
    round_timer.start(round_)
    table = round_.tables.get()
    return event, table


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    Path("/tmp/shots").mkdir(exist_ok=True)
    shutil.copy(path, Path("/tmp/shots") / f"club-night-{name}.png")
    if os.environ.get("CLUB_NIGHT_SHOTS"):
        extra = Path(os.environ["CLUB_NIGHT_SHOTS"])
        extra.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, extra / f"{name}.png")


def tap(page, selector):
    page.locator(selector).tap()
    settled(page)  # the preview's new form has htmx's change handler before the next tap


def enter(page, spec):
    tap(page, f"label.chip:has(#outcome-{spec['outcome']})")
    for seat in spec.get("winners", []):
        tap(page, f"label.chip:has(#winners-{seat})")
    if "discarder" in spec:
        tap(page, f"label.chip:has(#discarder-{spec['discarder']})")
    for seat in spec.get("tenpai", []):
        tap(page, f"label.chip:has(#tenpai-{seat})")
    for seat in spec.get("riichi", []):
        tap(page, f"label.chip:has(#riichi-{seat})")
    if "chombo" in spec:
        tap(page, f"label.chip:has(#chombo-{spec['chombo']})")
    if "abort" in spec:
        page.select_option("#abort", spec["abort"])
        settled(page)
    for seat, han in spec.get("han", {}).items():
        page.select_option(f"#han_{seat}", han)
        settled(page)
    for seat, keys in spec.get("yaku", {}).items():
        page.locator(f"#value-{seat} .yaku-picker summary").tap()
        for key in keys:
            page.locator(f"#value-{seat} input[name=yaku_{seat}][value={key}]").tap()
            settled(page)
            if not page.locator(f"#value-{seat} .yaku-picker[open]").count():
                page.locator(f"#value-{seat} .yaku-picker summary").tap()
        page.fill(f"input[name=dora_{seat}]", spec["dora"][seat])
        page.locator(f"input[name=dora_{seat}]").dispatch_event("change")
        settled(page)
    for seat, fu in spec.get("fu", {}).items():
        page.select_option(f"#fu_{seat}", fu)
        settled(page)
    for seat, (tiles, win_tile, indicator) in spec.get("tiles", {}).items():
        page.locator(f"#value-{seat} .tile-entry summary").tap()
        for name, value in (("tiles", tiles), ("win_tile", win_tile), ("indicators", indicator)):
            page.fill(f"#{name}_{seat}", value)
            page.locator(f"#{name}_{seat}").dispatch_event("change")
            settled(page)


@pytest.mark.slow(19)
def test_hand_by_hand_a_whole_hanchan_on_a_phone_matches_the_engine_and_the_standings(
    site_url, club_night
):
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    event, table = club_night
    seats = table.seat_list()
    ruleset = event.engine_ruleset()
    expected = replay_sheet(ruleset, [hand for _, hand in HANDS])
    assert expected.finished
    score_url = f"{site_url}/tournaments/{event.pk}/tables/{table.pk}/score/"
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        phone_ctx = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
        )
        phone = phone_ctx.new_page()
        errors = []
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        watcher = browser.new_context(
            viewport={"width": 1280, "height": 900}, bypass_csp=True
        ).new_page()
        watcher.goto(f"{site_url}/tournaments/{event.pk}/standings/")
        watcher.wait_for_function(
            "document.querySelector('[ws-connect]') && htmx && true", timeout=10000
        )

        phone.goto(
            f"{site_url}/players/login/?next=/tournaments/{event.pk}/tables/{table.pk}/score/"
        )
        phone.fill("#id_username", seats[0].player.username)
        phone.fill("#id_password", PASSWORD)
        phone.locator("main button:has-text('Sign in')").tap()
        phone.wait_for_url(score_url)
        assert phone.locator("#round-timer .timer-clock").inner_text().startswith("89:")
        shoot(phone, "1-empty-table")

        # bad input first: the discarder is also the winner
        enter(
            phone,
            {"outcome": "ron", "winners": [1], "discarder": 1, "han": {1: "2"}, "fu": {1: "30"}},
        )
        assert "cannot also be a winner" in phone.locator("#error-discarder").inner_text()
        shoot(phone, "2-error-at-the-field")
        phone.goto(score_url)

        for i, (spec, _) in enumerate(HANDS):
            enter(phone, spec)
            assert phone.locator("#preview-table").count() == 1, phone.locator(
                "#preview"
            ).inner_text()
            if i in (0, 1, 5):
                shoot(phone, f"3-hand-{i + 1}-preview")
            if "tiles" in spec:
                assert "2 han 30 fu" in phone.locator("#calc-1").inner_text()
                assert phone.locator("#han_1").input_value() == "2"
                assert phone.evaluate("document.documentElement.scrollWidth") <= 390
                shoot(phone, f"3-hand-{i + 1}-by-tiles")
            phone.locator("#save-hand").tap()
            phone.wait_for_function(f"document.querySelectorAll('#hands li').length === {i + 1}")
            settled(phone)  # the new sheet's forms send through htmx before the next tap
            if i == 5:
                shoot(phone, "4-running-scores")
                # the standings page in the other browser shows the running scores live
                scores = phone.locator(".seat-score .points").all_inner_texts()
                watcher.wait_for_function(
                    "s => document.querySelector('.live-tables') && "
                    "document.querySelector('.live-tables').innerText.includes(s)",
                    arg=scores[1],
                    timeout=10000,
                )
                shoot(watcher, "5-standings-live")
                projector = browser.new_context(
                    viewport={"width": 1280, "height": 720}, bypass_csp=True
                ).new_page()
                projector.goto(f"{site_url}/tournaments/{event.pk}/projector/")
                assert "running" in projector.locator("#round-timer").inner_text()
                shoot(projector, "5b-projector-during-the-round")
                projector.close()
                small = phone_ctx.new_page()
                small.goto(f"{site_url}/tournaments/{event.pk}/projector/")
                assert "Round 1 seating" in small.locator(".projector-seating").inner_text()
                assert small.evaluate("document.documentElement.scrollWidth") <= 390
                shoot(small, "5c-projector-during-the-round-phone")
                small.close()
        assert ScoredHand.objects.filter(table=table).count() == len(HANDS)
        shown = phone.locator("#final-table .final-points").all_inner_texts()
        assert shown == [minus(format_final(s.final)) for s in expected.final]
        shoot(phone, "6-final")
        phone.locator("#confirm-button").tap()
        phone.wait_for_selector("text=Waiting for agreement")
        result = Result.objects.get(table=table)
        assert result.scores == list(expected.scores)
        # a second player at the table agrees on their own phone: now it counts
        other = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
        ).new_page()
        other.goto(f"{site_url}/players/login/?next={score_url.removeprefix(site_url)}")
        other.fill("#id_username", seats[1].player.username)
        other.fill("#id_password", PASSWORD)
        other.locator("main button:has-text('Sign in')").tap()
        other.wait_for_url(score_url)
        other.locator("#agree-button").tap()
        other.wait_for_selector("text=it counts in the event's standings")
        other.close()
        watcher.wait_for_function(
            "t => document.querySelector('#standings-live').innerText.includes(t)",
            arg=minus(format_final(expected.final[0].final)),
            timeout=10000,
        )
        text = watcher.locator("#standings-live").inner_text()
        for standing in expected.final:
            assert minus(format_final(standing.final)) in text
        shoot(watcher, "7-standings-confirmed")
        watcher.goto(f"{site_url}/tournaments/{event.pk}/projector/")
        shoot(watcher, "8-projector")
        phone.goto(f"{site_url}/tournaments/tables/new/")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(phone, "9-open-a-casual-table")
        assert not errors
        browser.close()


LONG_NAME = "Maximilian Featherstonehaugh-Cholmondeley"

# Each seat card's name as problems: a line broken inside a word (not after a space or
# a hyphen), or a name cut short without an ellipsis and the whole name in its title.
NAME_BREAKS = """() => {
  const problems = [];
  for (const name of document.querySelectorAll('.seat-score .name')) {
    const text = name.firstChild, words = text.data, r = document.createRange();
    let top = null;
    for (let i = 0; i < words.length; i++) {
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      const rect = r.getClientRects()[0];
      if (!rect || words[i] === ' ') continue;
      const t = Math.round(rect.top);
      if (top !== null && t > top && !' -'.includes(words[i - 1]))
        problems.push(`${words.slice(0, i)}|${words.slice(i)}`);
      top = t;
    }
    if (name.scrollWidth > name.clientWidth + 1) {
      if (getComputedStyle(name).textOverflow !== 'ellipsis') problems.push('cut: ' + words);
      if (name.title !== words) problems.push('no title: ' + words);
    }
  }
  return problems;
}"""


def test_a_long_name_breaks_between_words_in_its_seat_card_on_a_phone(
    club_night, browser_page, site_url
):
    event, table = club_night
    seats = table.seat_list()
    player = seats[1].player
    player.display_name = LONG_NAME
    player.save()
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/players/login/?next=/tournaments/{event.pk}/tables/{table.pk}/score/")
    page.fill("#id_username", seats[0].player.username)
    page.fill("#id_password", PASSWORD)
    page.locator("main button:has-text('Sign in')").click()
    page.wait_for_selector(".seat-scores")
    assert LONG_NAME in page.locator(".seat-scores").inner_text()
    shots = Path("/work/notes/shots/polish2")
    shots.mkdir(parents=True, exist_ok=True)
    page.locator(".scoreboard").screenshot(path=str(shots / "seat-card-long-name-390.png"))
    assert page.evaluate(NAME_BREAKS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.console_errors, page.console_errors
