"""The table's last polish (issue 27, "The table II"), in a real browser.

A phone's fourteen tiles (thirteen and the drawn one, set off by its gap) lie in one
row as wide as the row allows. (A phone held sideways with a call prompt or a result
open is in test_table_feel_browser.)
"""

from itertools import pairwise
from pathlib import Path

import pytest

from tables.play.submit import start_game

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
