"""A first visit's requests and bytes, as a member's browser with an empty cache makes
them, on a site serving its collected static files the two ways it is run: `make run`
(DEBUG on, hashed names, gzip) and a production start (DEBUG=0).

Every tile face and the tile back come from one sheet (static/tiles.svg, made by
devtools/tile_sheet.py), so a page asks for it once however many tiles it shows: the
live table's first visit stays within 10 requests and 150 KB, and the rulebook and the
calculator, which show dozens of faces, make no more requests than it does.

Counted when the page's ``load`` event has fired (every image, style sheet and script
of the page is in by then): the requests the browser sent (the page, its files, a
favicon if it asked for one; not the sockets, which are no HTTP request) and the bytes
the Resource Timing entries say crossed the network (bodies as sent, gzipped, with
their headers; the favicon's are not among them, about 2 KB).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from devtools.daphne_child import DaphneChild
from players.models import Player
from rules.models import Ruleset
from tables.models import Seat, Table
from tables.play.submit import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
MAX_REQUESTS = 10
MAX_BYTES = 150 * 1024

# How `make run` starts the site, and how an operator starts it in production (behind
# a proxy that speaks HTTPS, so no redirect here and cookies over plain HTTP).
MODES = {
    "make-run": {"DEBUG": "1"},
    "debug-0": {
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
    },
}

# The bytes every resource of the page moved (Resource Timing: headers and the body
# as sent), the page's own included.
TRANSFERRED = """() => [...performance.getEntriesByType('navigation'),
                        ...performance.getEntriesByType('resource')]
  .map(e => ({url: e.name, bytes: e.transferSize}))"""


@pytest.fixture(params=list(MODES))
def served(request, collected, tmp_path):
    """The site in a daphne of its own, started with the mode's environment; no table
    driver, so the bots make no move while the page loads."""
    from django.conf import settings

    # The test's own secret, which signs the member's session here (with another one
    # the site would not know her and show the page to a guest).
    server = DaphneChild(
        tmp_path / "site.log",
        STATIC_ROOT=collected,
        TABLE_DRIVER_AUTOSTART="0",
        SECRET_KEY=settings.SECRET_KEY,
        **MODES[request.param],
    )
    server.start()
    yield f"http://127.0.0.1:{server.port}"
    server.stop()


@pytest.fixture
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def member_at_a_table(monkeypatch):
    """Alice, seated with three bots at a table whose first hand is dealt, and the
    session cookie her browser would hold."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from tables.lobby import bot_player

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    ruleset = Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    alice = Player.objects.create_user(
        username="alice", password="pw-alice-123", display_name="Alice"
    )
    table = Table.objects.create(name="Weighed table", ruleset=ruleset, created_by=alice)
    Seat.objects.create(table=table, index=0, player=alice)
    for index in (1, 2, 3):
        Seat.objects.create(
            table=table, index=index, player=bot_player("careful"), bot_level="careful"
        )
    start_game(table, seed=5)
    session = SessionStore()
    session[SESSION_KEY] = str(alice.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = alice.get_session_auth_hash()
    session.create()
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key}
    return table, cookie


# Each picture of the page's first tile, as the sheet shows it and as its own drawing
# does, and how many pixels of the two differ: none when the sheet shows exactly the
# picture its fragment names (under the site's Content-Security-Policy, which its
# static files carry too).
DRAWN_ALIKE = """async () => {
  const src = document.querySelector('.tile img').src;
  const [sheet, name] = src.split('#');
  const single = sheet.replace(/tiles\\.[0-9a-f]+\\.svg$|tiles\\.svg$/, 'tiles/' + name + '.svg');
  const draw = async url => { const i = new Image(); i.src = url; await i.decode();
    const c = document.createElement('canvas'); c.width = 60; c.height = 80;
    const g = c.getContext('2d'); g.drawImage(i, 0, 0, 60, 80); return g.getImageData(0, 0, 60, 80).data; };
  const [a, b] = [await draw(src), await draw(single)];
  let differ = 0, inked = 0;
  for (let k = 0; k < a.length; k += 4) {
    if (Math.max(...[0, 1, 2, 3].map(j => Math.abs(a[k + j] - b[k + j]))) > 24) differ++;
    if (a[k + 3] > 0) inked++;
  }
  return {name, single, differ, inked};
}"""


def first_visit(browser, site: str, path: str, cookie: dict) -> tuple[list[str], int]:
    """The URLs a browser with an empty cache asks for to show ``path``, and the bytes
    they moved. A new context has a cache of its own, empty. Then the page's first
    tile is checked to be drawn as its own drawing is (after counting: the check asks
    for that drawing)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{**cookie, "url": site}])
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if not r.url.startswith("data:") else None)
    page.goto(site + path, wait_until="load")
    assert page.locator(".account-nav >> text=Alice").count() == 1  # signed in
    # The favicon is asked for by the browser itself, before or after ``load``: counted
    # either way, so the count does not depend on which came first.
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    asked += [] if icon in asked else [icon]
    moved = page.evaluate(TRANSFERRED)
    counted = list(asked)
    drawn = page.evaluate(DRAWN_ALIKE)
    assert drawn["inked"] > 1000 and drawn["differ"] == 0, drawn
    context.close()
    return counted, sum(m["bytes"] for m in moved)


def test_a_first_visit_to_the_table_the_rulebook_and_the_calculator_stays_small(
    served, browser, member_at_a_table
):
    table, cookie = member_at_a_table
    pages = {
        "table": table.get_absolute_url(),
        "rulebook": "/rules/yaku/",
        "calculator": "/rules/calculator/",
    }
    seen = {name: first_visit(browser, served, path, cookie) for name, path in pages.items()}
    for name, (asked, moved) in seen.items():
        print(f"{name}: {len(asked)} requests, {moved / 1024:.1f} KB on a first visit")
    for name, (asked, moved) in seen.items():
        assert len(asked) <= MAX_REQUESTS, (name, asked)
        assert moved <= MAX_BYTES, (name, moved)
        sheets = [u for u in asked if "/static/tiles." in u]
        assert len(sheets) == 1, (name, asked)  # the tile sheet, once
        faces = [u for u in asked if "/static/tiles/" in u]
        assert len(faces) == 1 and "/Chun." in faces[0], (name, asked)  # the favicon
