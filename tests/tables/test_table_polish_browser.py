"""The table's last polish (issue 27, "The table II"), in a real browser.

A phone's fourteen tiles (thirteen and the drawn one, set off by its gap) lie in one
row as wide as the row allows; the final standings show how the last hand ended, open,
over the finished board, at a desk, on a phone and on a phone held sideways.
(The tiles swap-calling bars, and a phone held sideways with a call prompt or a
result open, are in test_table_feel_browser.)
"""

from itertools import pairwise
from pathlib import Path

import pytest

from rules.engine import bot_move, bot_rng, bots, new_game, pending_seats
from tables.models import Game
from tables.play.submit import parse_move, start_game, submit
from tests.browser_helpers import signed_in_page

from . import test_table_layout_browser as layout
from .conftest import make_table
from .test_table_layout_browser import SIZES, table_page

chromium = layout.chromium  # the browser fixture, shared

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "shots"
SEED = 1

# The hand's row (its content box), its tiles' boxes and the page's widths, read at once.
HAND_ROW = """() => {
  const row = [...document.querySelectorAll('#table-hand .hand-row')].find(r => r.offsetParent !== null);
  const r = row.getBoundingClientRect(), cs = getComputedStyle(row);
  return {
    left: r.left + parseFloat(cs.paddingLeft), right: r.right - parseFloat(cs.paddingRight),
    tiles: [...row.querySelectorAll('.tile')].map(t => {
      const b = t.getBoundingClientRect();
      return {left: b.left, right: b.right, bottom: b.bottom, width: b.width,
              drawn: t.classList.contains('drawn')};
    }),
    viewport: window.innerWidth, scroll: document.documentElement.scrollWidth,
  };
}"""
MIN_TILE = 24  # px: a phone's hand tile is never narrower


def check_one_row(page, count: int) -> list[dict]:
    """The hand's ``count`` tiles lie in one row inside the screen, none over another,
    the drawn one set off by a wider gap, each at least MIN_TILE wide and as wide as
    the row allows: two pixels more a tile (and its gap a third of that) overflow it."""
    found = page.evaluate(HAND_ROW)
    tiles = found["tiles"]
    assert len(tiles) == count, tiles
    assert found["scroll"] <= found["viewport"], found  # no sideways scroll
    assert max(t["bottom"] for t in tiles) - min(t["bottom"] for t in tiles) <= 1, tiles  # one row
    assert min(t["left"] for t in tiles) >= max(0, found["left"] - 0.5), found
    assert max(t["right"] for t in tiles) <= min(found["viewport"], found["right"] + 0.5), found
    gaps = [b["left"] - a["right"] for a, b in pairwise(tiles)]
    assert min(gaps) >= 0, gaps  # none overlapping
    width = min(t["width"] for t in tiles)
    assert width >= MIN_TILE, tiles
    assert tiles[-1]["drawn"] and gaps[-1] >= width / 4 and gaps[-1] > max(gaps[:-1]), gaps
    span = tiles[-1]["right"] - tiles[0]["left"]
    assert span + 2 * (count + 1 / 3) > found["right"] - found["left"], (span, found, width)
    return tiles


@pytest.fixture
def first_turn_table(table_settings, east_only, alice):
    """The dealer's first turn: Alice (East) holds thirteen tiles and the drawn one."""
    table_settings.TABLE_DRIVER_AUTOSTART = False
    table = make_table(east_only, people=[alice], bots=["efficient"] * 3, name="Polish")
    game = start_game(table, seed=SEED)
    game.deadline = None
    game.save()
    return table


def whole_game(game: Game) -> list[str]:
    """The log of the game played by the efficient bot at every seat to its end."""
    ruleset = game.engine_ruleset()
    bot = bots.get("efficient")
    rngs = [bot_rng(SEED, seat) for seat in range(4)]
    state = new_game(ruleset, seed=SEED, robots=tuple(game.robots))
    log: list[str] = []
    while not state.finished:
        seat = pending_seats(state)[0]
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        log.append(str(action))
    return log


@pytest.fixture
def finished_table(table_settings, east_only, alice):
    """A game over: all but its last move stored, and the last one made as the table
    makes it (so the standings, the table's status and the last hand's record are real)."""
    table_settings.TABLE_DRIVER_AUTOSTART = False
    table = make_table(east_only, people=[alice], bots=["efficient"] * 3, name="Polish")
    game = start_game(table, seed=SEED)
    log = whole_game(game)
    game.log = log[:-1]
    game.version = len(game.log)
    game.deadline = None
    game.save()
    last = parse_move(log[-1])
    submit(game.pk, last.seat, last, game.version, server_move=True)
    return table


def finished_page(browser, site_url, table, size, touch):
    """The finished table's page for Alice (no hand to wait for: the game is over)."""
    page = signed_in_page(browser, site_url, size, touch=touch)
    page.goto(site_url + table.get_absolute_url())
    page.wait_for_selector("html[data-framed]", state="attached")
    page.wait_for_selector(".final-modal >> text=Final standings")
    return page


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"polish-{name}.png"), animations="disabled")


def test_a_phone_lays_the_fourteen_tiles_of_its_turn_in_one_row(
    site_url, first_turn_table, chromium
):
    page = table_page(chromium, site_url, first_turn_table, SIZES["phone"], True)
    page.wait_for_selector("#table-hand .hand-normal button.tile-button.drawn")
    tiles = check_one_row(page, 14)
    assert 24 <= tiles[0]["width"] <= 27, tiles  # 25px on a 390px phone
    shoot(page, "hand-phone")


# The final card's backdrop, the finished board under it, and where an element of the
# card lies once scrolled to (all read at once: a frame may draw the card again).
UNDER_FINAL = """() => {
  const modal = document.querySelector('.final-modal');
  const board = document.getElementById('table-board');
  return {back: getComputedStyle(modal).backgroundColor, height: board.getBoundingClientRect().height,
          ponds: board.querySelectorAll('.pond .tile').length, centre: board.querySelector('.table-center').textContent};
}"""
SCROLLED_TO = """s => {
  const e = document.querySelector(s);
  if (!e) return null;
  e.scrollIntoView({block: 'nearest'});
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height, shown: e.offsetParent !== null};
}"""


def test_the_final_standings_show_the_last_hand_over_the_finished_board(
    site_url, finished_table, chromium
):
    for label in ("desktop", "phone", "sideways"):
        size = SIZES[label]
        page = finished_page(chromium, site_url, finished_table, size, label != "desktop")
        assert page.evaluate("document.querySelector('.final-modal details.last-hand').open")
        shoot(page, f"final-{label}")
        for what in (
            ".final-modal .last-hand .result-title",  # how the last hand ended
            ".final-modal .last-hand .payments tbody tr:last-child",
            ".final-modal .modal-actions a.button",  # and then the way on
        ):
            box = page.evaluate(SCROLLED_TO, what)
            assert box and box["shown"] and box["height"] > 0, (label, what, box)
            assert box["top"] >= 0 and box["bottom"] <= size["height"], (label, what, box)
            if what.endswith("tr:last-child"):
                shoot(page, f"final-{label}-scrolled")
        under = page.evaluate(UNDER_FINAL)  # the board is seen through the card's backdrop
        assert under["back"].startswith("rgba(") and under["height"] > 150, under
        assert under["ponds"] > 0 and "Game over" in under["centre"], under
        page.locator(".final-modal .last-hand summary").click()  # its title folds it away
        assert not page.evaluate("document.querySelector('.final-modal details.last-hand').open")
        page.context.close()
