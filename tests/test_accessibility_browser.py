"""Accessibility and phone layout in a real browser.

axe-core (vendored for the tests only, tests/vendor) checks the lobby, a live table, a
table showing a hand's result, a rulebook page and the calculator: no serious or
critical violation. Then every page a member can reach by following links is opened
at 390 pixels wide: none may scroll sideways (the game review among them).
"""

import datetime
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from history import reviews
from players.models import Player
from rules.engine import pending_seats, seat_view
from rules.models import Ruleset
from tables.lobby import bot_player
from tables.models import Game, Seat, Table
from tables.play import autoplay, states
from tables.play.submit import start_game, submit
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
SHOTS = Path("/tmp/shots")
PHONE = {"width": 390, "height": 844}
BAD_IMPACTS = ("serious", "critical")
# Words no page may show: a yakuman counted as han, a stick that "stay", the names of
# the documents our rules were written from.
BAD_WORDS = re.compile(r"\b(26|39|52) han\b|\b1 riichi sticks\b|\b1 sticks\b|\bseeds? 00\d\b", re.I)
# Pages not to open while crawling: downloads, the admin, signing out.
SKIP = re.compile(r"^/(admin/|players/logout/)|\.(csv|json|txt)$|/export/|/download")


# The deepest elements reaching past the right edge: what to fix when a page is too wide.
WIDEST = """() => {
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > w + 0.5 && !e.querySelector('*'))
    .slice(0, 4)
    .map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.')
              + ' ' + Math.round(e.getBoundingClientRect().right));
}"""


def keep(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"around-{name}.png"), full_page=True)


def table_with_bots(ruleset, member, name) -> Table:
    table = Table.objects.create(name=name, ruleset=ruleset, created_by=member)
    for index in range(4):
        if index == 0:
            Seat.objects.create(table=table, index=0, player=member)
        else:
            Seat.objects.create(
                table=table, index=index, player=bot_player("careful"), bot_level="careful"
            )
    return table


def play_until(game: Game, done) -> Game:
    """Play the timeout choice for whoever must act until ``done(state)``."""
    for _ in range(3000):
        game = Game.objects.get(pk=game.pk)
        state = states.state_of(game)
        if game.finished or done(state):
            return game
        seat = pending_seats(state)[0]
        submit(game.pk, seat, autoplay.timeout_choice(seat_view(state, seat)), game.version)
    raise AssertionError("the game did not get there")


@pytest.fixture
def club(settings):
    settings.TABLE_DRIVER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ruleset = Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    alice = Player.objects.create_user(
        username="alice", password="pw-alice-123", display_name="Alice", learning_aids=True
    )
    running = table_with_bots(ruleset, alice, "Running table")
    start_game(running, seed=5)
    between = table_with_bots(ruleset, alice, "Between hands")
    play_until(start_game(between, seed=6), lambda s: s.hand_index >= 1)
    done = table_with_bots(ruleset, alice, "Finished table")
    play_until(start_game(done, seed=7), lambda s: False)
    # the finished game's reviews are stored, so the crawl sees review pages, not progress
    reviews.use_runner(lambda job: job())
    try:
        for seat in range(4):
            reviews.request(done.current_game(), seat)
    finally:
        reviews.use_runner(None)
    Table.objects.create(name="Waiting table", ruleset=ruleset, created_by=alice)
    Tournament.objects.create(
        name="Spring Open",
        start_date=datetime.date(2026, 3, 1),
        ruleset=ruleset,
        created_by=alice,
    )
    states.clear()
    return {"running": running, "between": between, "done": done}


def sign_in(page, site_url) -> None:
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "pw-alice-123")
    page.click("main button[type=submit]")
    page.wait_for_selector(".account-nav >> text=Alice")


def serious_violations(page) -> list[str]:
    page.evaluate(AXE.read_text() + "\n;0")
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    return [
        f"{v['impact']}: {v['id']} ({v['help']}) at {v['where']}"
        for v in found
        if v["impact"] in BAD_IMPACTS
    ]


def check_pages(page, site_url, pages: dict) -> dict:
    problems = {}
    for name, path in pages.items():
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
        problems[name] = serious_violations(page)
        keep(page, f"axe-{name}")
    return problems


def test_it_has_no_serious_accessibility_violation_around_the_tables(club, browser_page, site_url):
    page = browser_page
    problems = check_pages(
        page,
        site_url,
        {"lobby-visitor": "/", "rulebook": "/rules/riichi/", "calculator": "/rules/calculator/"},
    )
    sign_in(page, site_url)
    game = club["done"].current_game()
    problems.update(
        check_pages(
            page,
            site_url,
            {
                "lobby": "/",
                "settings": "/players/preferences/",
                "record": f"/players/games/{game.pk}/",
                "review": f"/players/games/{game.pk}/review/0/",
                "reset": "/players/password-reset/",
            },
        )
    )
    assert not any(problems.values()), problems


def test_it_has_no_serious_accessibility_violation_at_the_table(club, browser_page, site_url):
    page = browser_page
    sign_in(page, site_url)
    problems = check_pages(
        page,
        site_url,
        {
            "table": club["running"].get_absolute_url(),
            "result": club["between"].get_absolute_url(),
            "game-end": club["done"].get_absolute_url(),
        },
    )
    assert not any(problems.values()), problems


@pytest.mark.slow(12)
def test_it_never_scrolls_sideways_at_390_pixels_on_any_page(club, browser_page, site_url):
    page = browser_page
    sign_in(page, site_url)
    page.set_viewport_size(PHONE)
    seen_shapes: set[str] = set()
    queue = ["/", "/no/such/page/"]
    visited = []
    wide = {}
    wrong_words = {}
    while queue and len(visited) < 150:
        path = queue.pop(0)
        # one page per shape of address: /tables/3/ and /tables/4/ are the same page
        shape = re.sub(r"\d+", "N", path)
        if shape in seen_shapes:
            continue
        seen_shapes.add(shape)
        page.goto(site_url + path)
        visited.append(path)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        bad = BAD_WORDS.search(page.inner_text("body"))
        if bad:
            wrong_words[path] = bad[0]
        if overflow > 0:
            wide[path] = (overflow, page.evaluate(WIDEST))
            keep(page, "wide-" + shape.strip("/").replace("/", "-"))
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            parts = urlsplit(href)
            if f"{parts.scheme}://{parts.netloc}" != site_url:
                continue
            if SKIP.search(parts.path) or parts.path in visited:
                continue
            queue.append(parts.path)
    page.goto(site_url + "/")
    keep(page, "lobby-390")
    assert len(visited) > 25, visited
    assert any("/review/" in path for path in visited), visited
    assert not wide, f"pages wider than 390 px (extra pixels): {wide}"
    assert not wrong_words, wrong_words
    # the visitor's lobby and sign-up pages too
    page.context.clear_cookies()
    for path in ("/", "/players/signup/", "/players/password-reset/"):
        page.goto(site_url + path)
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        ), path
    keep(page, "reset-390")


def test_it_saves_the_pages_this_work_changed_at_both_sizes(club, browser_page, site_url):
    page = browser_page
    for size, viewport in (("1280", {"width": 1280, "height": 800}), ("390", PHONE)):
        page.set_viewport_size(viewport)
        page.context.clear_cookies()
        for name, path in (("welcome", "/"), ("404", "/no/such/page/")):
            page.goto(site_url + path)
            keep(page, f"{name}-{size}")
        sign_in(page, site_url)
        for name, path in (
            ("lobby-member", "/"),
            ("settings", "/players/preferences/"),
            ("aids", club["running"].get_absolute_url()),
        ):
            page.goto(site_url + path)
            page.wait_for_load_state("networkidle")
            keep(page, f"{name}-{size}")
    # the only console errors: the 404 page's own status
    assert all("404" in e for e in page.console_errors), page.console_errors
