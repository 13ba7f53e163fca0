"""How the board lies in a real browser: the other seats' melds and a phone held sideways.

One position of a bot game, with melds at all four seats (a chi, pons and a closed kan),
is shown to the East player at the three sizes the club checks. Every meld's called tile
is turned toward the seat it came from, at the side seats too, where the meld runs
along the seat's row; on a phone held sideways (844x390) the whole board fits the
screen's height with the own hand in reach, and nothing scrolls sideways. At every
size a riichi stick lies clear of the middle's round, counters, dora and clock.
"""

from pathlib import Path

import pytest

from rules.engine import bot_move, bot_rng, bots, new_game, pending_seats
from tables.models import Game
from tables.play import states
from tables.play.submit import start_game
from tests.browser_helpers import sizes
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

from .conftest import make_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "shots"
SEED = 16  # this wall's efficient bots meld at every seat within 40 moves
SIZES = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
    "sideways": {"width": 844, "height": 390},
}


def melds_everywhere(game: Game) -> list[str]:
    """The log of the game's first position with melds at all four seats, East to move."""
    ruleset = game.engine_ruleset()
    bot = bots.get("efficient")
    rngs = [bot_rng(SEED, seat) for seat in range(4)]
    state = new_game(ruleset, seed=SEED, robots=tuple(game.robots))
    log: list[str] = []
    while len(log) < 200:
        seat = pending_seats(state)[0]
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        log.append(str(action))
        if all(state.melds[s] for s in range(4)) and 0 in pending_seats(state):
            return log
    raise AssertionError("no position with melds at every seat: choose another seed")


@pytest.fixture
def meld_table(table_settings, east_only, alice):
    table_settings.TABLE_DRIVER_AUTOSTART = False  # the position stays as it is
    table = make_table(east_only, people=[alice], bots=["efficient"] * 3, name="Melds")
    game = start_game(table, seed=SEED)
    game.log = melds_everywhere(game)
    game.version = len(game.log)
    game.deadline = None
    game.save()
    state = states.state_of(Game.objects.get(pk=game.pk))
    assert all(state.melds[s] for s in range(4))
    return table


@pytest.fixture
def chromium(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def table_page(browser, site_url, table, size, touch):
    context = browser.new_context(
        viewport=size, has_touch=touch, is_mobile=touch, device_scale_factor=1
    )
    page = context.new_page()
    page.set_default_timeout(15_000)  # a busy CI machine signs in and loads slower than 5 s
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "pw-alice-123")
    page.locator("button:has-text('Sign in')").click()
    page.wait_for_selector(".account-nav >> text=Alice")
    page.goto(site_url + table.get_absolute_url())
    page.wait_for_selector("#table-hand .hand-row")
    return page


# Each meld tile's box on screen, the seat it belongs to, and whether it is the called one.
MELD_BOXES = """() => [...document.querySelectorAll('.seat-area')].map(area => {
  const hand = area.querySelector('.seat-hand').getBoundingClientRect();
  return {
    seat: +area.dataset.seat,
    hand: [hand.left, hand.right, hand.top, hand.bottom],
    tiles: [...area.querySelectorAll('.seat-hand .meld .tile')].map(t => {
      const r = t.getBoundingClientRect();
      return {called: t.classList.contains('sideways'), w: r.width, h: r.height,
              x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
    }),
  };
})"""


def check_melds_turned(page) -> None:
    seats = {s["seat"]: s for s in page.evaluate(MELD_BOXES)}
    for seat, where in ((1, "right"), (2, "top"), (3, "left")):
        tiles = seats[seat]["tiles"]
        assert tiles, f"the {where} seat shows no meld"
        left, right, top, bottom = seats[seat]["hand"]
        for t in tiles:
            assert left - 1 <= t["x"] <= right + 1 and top - 1 <= t["y"] <= bottom + 1, where
            upright = t["h"] > t["w"]
            if where == "top":
                # across the table the tiles stand (upside down); the called one lies
                assert upright != t["called"], (where, t)
            else:
                # at a side the tiles lie along the edge; the called one stands
                assert upright == t["called"], (where, t)
        if where != "top":
            # the meld runs along the seat's row, not across it
            xs = {round(t["x"]) for t in tiles if not t["called"]}
            assert max(xs) - min(xs) <= 2, (where, xs)


def test_the_other_seats_melds_turn_their_called_tile_toward_its_source(
    site_url, meld_table, chromium
):
    for label in ("desktop", "phone"):
        page = table_page(chromium, site_url, meld_table, SIZES[label], label == "phone")
        check_melds_turned(page)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"melds-{label}.png"), animations="disabled")
        page.context.close()


def test_a_phone_held_sideways_shows_the_whole_board_without_scrolling_it(
    site_url, meld_table, chromium
):
    page = table_page(chromium, site_url, meld_table, SIZES["sideways"], touch=True)
    box = page.evaluate(
        """() => { const b = document.querySelector('#table-board').getBoundingClientRect();
        const h = document.querySelector('#table-hand').getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, hand: h.bottom, height: innerHeight,
                wide: document.documentElement.scrollWidth <= innerWidth}; }"""
    )
    assert box["wide"], "the page scrolls sideways"
    assert box["bottom"] - box["top"] <= box["height"], box  # the board fits the height
    assert box["top"] >= -1 and box["bottom"] <= box["height"] + 1, box  # and is in view
    assert box["hand"] <= box["height"], box  # the own hand is in reach
    widths = [t["width"] for t in sizes(page, "#table-hand .hand-row .tile")]
    assert widths and min(widths) >= 28, widths
    check_melds_turned(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "melds-sideways.png"), animations="disabled")


# The riichi stick as the board writes it (tables.drawing.board_markup.seat), put at all four
# seats, and the longest turn line: another seat's name and a clock with bank time.
STICKS_AND_A_LONG_TURN_LINE = """() => {
  for (const n of [0, 1, 2, 3]) document.querySelector('#seat-area-' + n).insertAdjacentHTML(
    'beforeend', '<span class="riichi-stick" role="img" aria-label="Riichi stick"></span>');
  document.querySelector('#table-center .turn-line').innerHTML = 'Efficient bot 2 to play '
    + '<span class="countdown" data-countdown data-base="5.0" data-bank="20.0">5 s + 20 s</span>';
  const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const over = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const parts = [...document.querySelectorAll(
    '#table-center .round-name, #table-center .counters span, #table-center .dora > *, '
    + '#table-center .turn-line, #table-center .countdown')];
  const sticks = [...document.querySelectorAll('.seat-area > .riichi-stick')];
  return {sticks: sticks.length, parts: parts.length, covered: sticks.flatMap((s, n) =>
    parts.filter(p => over(box(s), box(p))).map(p => n + ': ' + p.className))};
}"""


def test_a_riichi_stick_never_covers_the_middle_of_the_board(site_url, meld_table, chromium):
    for label, size in SIZES.items():
        page = table_page(chromium, site_url, meld_table, size, label != "desktop")
        found = page.evaluate(STICKS_AND_A_LONG_TURN_LINE)
        assert found["sticks"] == 4 and found["parts"] >= 6, found
        assert found["covered"] == [], (label, found["covered"])
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"sticks-{label}.png"), animations="disabled")
        page.context.close()
