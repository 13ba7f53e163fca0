"""How the table feels in a real browser at the three sizes the club checks (issue 27).

Positions of a bot game are shown to the East player (Alice): mid-hand, with a call
prompt open, right after a pon (when swap-calling forbids a tile), and just after a hand
ended. Each test measures one thing a new player noticed: the point difference is
readable, the others' hands are tile backs, the phone's hand and header fit, touch
buttons carry no key caps, the skip link leads to the hand, the own melds stay in view
with a prompt open, the tiles that may not be discarded say so.
"""

from itertools import pairwise
from pathlib import Path

import pytest

from rules.engine import (
    apply,
    bot_move,
    bot_rng,
    bots,
    format_action,
    legal_actions,
    new_game,
    pending_seats,
)
from tables.models import Game
from tables.play import states
from tables.play.submit import start_game

from . import test_table_layout_browser as layout
from .conftest import make_table
from .test_table_layout_browser import SIZES, table_page

chromium = layout.chromium  # the browser fixture, shared

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "shots"
SEED = 1  # East is offered a pon within 30 moves, and after it swap-calling bites


def called(state, call, bot, rngs):
    """The state once East's call is made and the other seats have answered, and their answers."""
    state = apply(state, call)[0]
    answers: list[str] = []
    while pending_seats(state) and 0 not in pending_seats(state):
        seat = pending_seats(state)[0]
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        answers.append(str(action))
    return state, answers


def pon_with_kuikae(game: Game) -> tuple[list[str], list[str]]:
    """The log up to East's first pon or chi after which a tile in hand may not be
    discarded, and that call."""
    ruleset = game.engine_ruleset()
    bot = bots.get("efficient")
    rngs = [bot_rng(SEED, seat) for seat in range(4)]
    state = new_game(ruleset, seed=SEED, robots=tuple(game.robots))
    log: list[str] = []
    while len(log) < 200:
        seat = pending_seats(state)[0]
        if seat == 0:
            for call in (a for a in legal_actions(state, 0) if a.type in ("chi", "pon")):
                after, answers = called(state, call, bot, rngs)
                allowed = {a.tile for a in legal_actions(after, 0) if a.type == "discard"}
                if allowed and set(after.hands[0]) - allowed:
                    return log, [format_action(call), *answers]
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        log.append(str(action))
    raise AssertionError("no call that swap-calling limits: choose another seed")


def prompt_with_melds(game: Game) -> list[str]:
    """The log up to the first time East, who has called already, is offered a pon or chi."""
    ruleset = game.engine_ruleset()
    bot = bots.get("efficient")
    rngs = [bot_rng(SEED, seat) for seat in range(4)]
    state = new_game(ruleset, seed=SEED, robots=tuple(game.robots))
    log: list[str] = []
    while len(log) < 400:
        seat = pending_seats(state)[0]
        offered = {a.type for a in legal_actions(state, 0)} & {"pon", "chi"}
        if seat == 0 and state.melds[0] and offered:
            return log
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        log.append(str(action))
    raise AssertionError("East is never offered a second call: choose another seed")


def first_hand_over(game: Game) -> list[str]:
    """The log of the first hand, played by the bots to its end."""
    ruleset = game.engine_ruleset()
    bot = bots.get("efficient")
    rngs = [bot_rng(SEED, seat) for seat in range(4)]
    state = new_game(ruleset, seed=SEED, robots=tuple(game.robots))
    log: list[str] = []
    while state.hand_index == 0 and len(log) < 400:
        seat = pending_seats(state)[0]
        action, state, _ = bot_move(state, seat, bot, rngs[seat])
        log.append(str(action))
    return log


def table_at(ruleset, alice, log_of):
    table = make_table(ruleset, people=[alice], bots=["efficient"] * 3, name="Feel")
    game = start_game(table, seed=SEED)
    game.log = log_of(game)
    game.version = len(game.log)
    game.deadline = None
    game.save()
    return table


@pytest.fixture
def melds_prompt_table(table_settings, east_only, alice):
    table_settings.TABLE_DRIVER_AUTOSTART = False
    return table_at(east_only, alice, prompt_with_melds)


@pytest.fixture
def kuikae_table(table_settings, east_only, alice):
    table_settings.TABLE_DRIVER_AUTOSTART = False
    return table_at(
        east_only, alice, lambda game: [*pon_with_kuikae(game)[0], *pon_with_kuikae(game)[1]]
    )


@pytest.fixture
def ended_table(table_settings, east_only, alice):
    table_settings.TABLE_DRIVER_AUTOSTART = False
    return table_at(east_only, alice, first_hand_over)


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"feel-{name}.png"), animations="disabled")


BOX = """s => [...document.querySelectorAll(s)].filter(e => e.offsetParent !== null).map(e => {
  const r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height};
})"""


def boxes(page, selector):
    return page.evaluate(BOX, selector)


def overlap(a, b):
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


# WCAG's contrast of an element's text on the first opaque-ish background behind it.
CONTRAST = """s => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).slice(0, 3).map(v => { v /= 255;
    return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; }); return .2126 * r + .7152 * g + .0722 * b; };
  const e = document.querySelector(s);
  let bg = e, back = 'rgb(255, 255, 255)';
  while (bg) { const c = getComputedStyle(bg).backgroundColor;
    if (rgb(c).length < 4 || rgb(c)[3] > .9) { back = c; break; } bg = bg.parentElement; }
  const [a, b] = [lum(getComputedStyle(e).color), lum(back)].sort((x, y) => y - x);
  return {text: e.textContent, ratio: (a + .05) / (b + .05)};
}"""


def test_the_point_difference_on_a_name_plate_is_dark_on_pale_yellow(
    site_url, kuikae_table, chromium
):
    page = table_page(chromium, site_url, kuikae_table, SIZES["desktop"], False)
    page.hover("#seat-area-1 .seat-plate")
    page.wait_for_selector("#seat-area-1 .diff:not(:empty)")
    found = page.evaluate(CONTRAST, "#seat-area-1 .diff")
    assert "vs you" in found["text"] and found["ratio"] >= 4.5, found
    page.goto(site_url + "/rules/rulesets/")
    found = page.evaluate(CONTRAST, "td.diff")
    assert found["ratio"] >= 4.5, found


# The tile back as drawn: its middle is the coloured back, its foot the ivory of the tile.
BACK_PIXELS = """async () => {
  const e = document.querySelector('#seat-area-2 .tile-backs');
  const url = getComputedStyle(e).backgroundImage.match(/url\\("?([^")]+)/)[1];
  const img = new Image(); img.src = url; await img.decode();
  const c = document.createElement('canvas'); c.width = 30; c.height = 40;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0, 30, 40);
  const at = (x, y) => [...g.getImageData(x, y, 1, 1).data];
  return {url, repeat: getComputedStyle(e).backgroundRepeat, back: at(15, 14), foot: at(15, 34)};
}"""


def test_the_other_seats_hands_are_tile_backs_with_an_ivory_foot(site_url, kuikae_table, chromium):
    page = table_page(chromium, site_url, kuikae_table, SIZES["desktop"], False)
    found = page.evaluate(BACK_PIXELS)
    assert found["url"].endswith("tiles.svg#Back") and found["repeat"].startswith("space"), found
    r, g, b, a = found["back"]
    assert a == 255 and r > 180 and 80 < g < 170 and b < 90, found  # amber, not a red block
    r, g, b, a = found["foot"]
    assert a == 255 and min(r, g, b) > 190, found  # the ivory face's edge
    shoot(page, "backs-desktop")


def test_tiles_that_swap_calling_forbids_are_grey_level_and_say_why(
    site_url, kuikae_table, chromium
):
    """The tiles barred are marked so in the markup (hand_markup, from the engine's
    legal discards), stand on the other tiles' baseline, and a tap or click on one
    says why and plays nothing."""
    game = Game.objects.get(table=kuikae_table)
    after = states.state_of(game)
    allowed = {a.tile for a in legal_actions(after, 0) if a.type == "discard"}
    expected = len(set(after.hands[0]) - allowed)
    for label in ("desktop", "phone"):
        page = table_page(chromium, site_url, kuikae_table, SIZES[label], label == "phone")
        barred_buttons = "#table-hand .hand-normal > button.tile-button.barred"
        marks = page.evaluate(
            f"[...document.querySelectorAll('{barred_buttons}')].map(b =>"
            " [b.getAttribute('aria-disabled'), b.title, b.hasAttribute('ws-send')])"
        )
        assert len(marks) == expected and expected > 0, (marks, expected)
        assert all(m[0] == "true" and m[1].startswith("Swap-calling") and not m[2] for m in marks)
        # both kinds measured in one step (a frame could redraw the hand in between)
        found = page.evaluate(
            "[...document.querySelectorAll('#table-hand .hand-normal > button.tile-button .tile')]"
            ".map(t => [t.closest('button').classList.contains('barred'),"
            " t.getBoundingClientRect().bottom])"
        )
        barred = [bottom for is_barred, bottom in found if is_barred]
        playable = [bottom for is_barred, bottom in found if not is_barred]
        assert barred and playable, found
        assert {round(b) for b in barred + playable} <= {
            round(playable[0]) + d for d in (-1, 0, 1)
        }, found
        grey = page.evaluate(
            f"[...document.querySelectorAll('{barred_buttons} .tile')].map(t => getComputedStyle(t).filter)"
        )
        assert all("grayscale(1)" in f for f in grey), grey
        page.evaluate(
            "window.sentMoves = 0;"
            " document.addEventListener('htmx:wsConfigSend', () => window.sentMoves++)"
        )
        # forced: Playwright waits for an aria-disabled button to be enabled, a person
        # just taps it
        first = page.locator(barred_buttons).first
        if label == "phone":
            first.tap(force=True)
        else:
            first.click(force=True)
        hint = page.wait_for_selector("#hand-hint:not([hidden])")
        assert hint.text_content() == marks[0][1]  # the tile's own words
        assert not page.locator("#table-hand button.tile-button.selected").count()
        assert page.evaluate("window.sentMoves") == 0  # nothing played
        assert page.locator(barred_buttons).count() == len(barred)
        shoot(page, f"kuikae-{label}")
        page.context.close()


def test_a_phone_fits_fourteen_spaced_tiles_a_row_and_a_one_row_header(
    site_url, kuikae_table, chromium
):
    page = table_page(chromium, site_url, kuikae_table, SIZES["phone"], True)
    row = boxes(page, "#table-hand .hand-normal")[0]
    tiles = boxes(page, "#table-hand .hand-normal .tile")
    w = tiles[0]["width"]
    gaps = [b["left"] - a["right"] for a, b in pairwise(tiles)]
    assert min(gaps) >= 1, gaps  # a small gap between tiles
    # fourteen tiles of at least 24px, their gaps and the drawn tile's (a third of a
    # tile) fit one row (the whole row at the dealer's first turn: the polish test)
    assert w >= 24 and 14 * w + 13 * 1 + w / 3 <= row["width"] + 0.5, (w, row)
    header = boxes(page, ".site-header")[0]
    assert header["height"] <= 50, header
    assert not boxes(page, ".site-nav a")  # the sections behind the menu
    page.click(".menu-button")
    assert len(boxes(page, ".site-nav a")) == 5 and boxes(page, ".account-nav .menu-only button")
    page.click(".menu-button")
    aids = boxes(page, "#seat-settings")[0]
    assert aids["top"] < 844, aids  # play options start on the first screen
    shoot(page, "header-phone")


def test_touch_buttons_carry_no_key_caps(site_url, melds_prompt_table, chromium):
    page = table_page(chromium, site_url, melds_prompt_table, SIZES["phone"], True)
    page.wait_for_selector("#table-hand .call-prompt")
    assert page.locator("kbd.key").count() >= 2 and not boxes(page, "kbd.key")
    assert not boxes(page, ".keys-help")
    shoot(page, "prompt-phone")
    page.context.close()
    page = table_page(chromium, site_url, melds_prompt_table, SIZES["desktop"], False)
    page.wait_for_selector("#table-hand .call-prompt")
    assert len(boxes(page, "kbd.key")) >= 2  # a desk's keyboard still sees them


def test_a_desk_keeps_own_melds_sounds_and_keys_in_view_with_a_prompt_open(
    site_url,
    melds_prompt_table,
    chromium,
):
    page = table_page(chromium, site_url, melds_prompt_table, SIZES["desktop"], False)
    page.wait_for_selector("#table-hand .call-prompt")
    melds = boxes(page, "#table-hand .own-melds .tile")
    assert melds and max(m["bottom"] for m in melds) <= 800, melds
    for what in ("#table-sounds", ".keys-help", "#table-hand .hand-normal", "#seat-settings"):
        assert boxes(page, what)[0]["bottom"] <= 800, what
    prompt = boxes(page, "#table-hand .call-prompt")[0]
    for plate in boxes(page, ".seat-plate") + boxes(page, ".seat-hand") + boxes(page, ".pond-slot"):
        assert not overlap(prompt, plate), (prompt, plate)
    shoot(page, "prompt-desktop")


def test_a_phone_held_sideways_shows_the_prompt_clear_of_the_name_plates(
    site_url,
    melds_prompt_table,
    chromium,
):
    page = table_page(chromium, site_url, melds_prompt_table, SIZES["sideways"], True)
    page.wait_for_selector("#table-hand .call-prompt")
    prompt = boxes(page, "#table-hand .call-prompt")[0]
    assert prompt["bottom"] <= 390 and prompt["right"] <= 844, prompt
    for plate in boxes(page, ".seat-plate") + boxes(page, "#table-hand .hand-modes .tile"):
        assert not overlap(prompt, plate), (prompt, plate)
    shoot(page, "prompt-sideways")


def test_the_skip_link_is_the_first_tab_stop_and_lands_on_the_hand(
    site_url, kuikae_table, chromium
):
    page = table_page(chromium, site_url, kuikae_table, SIZES["desktop"], False)
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    link = boxes(page, "a.skip-link")[0]
    assert link["top"] >= 0 and link["height"] > 20, link  # seen while focused
    page.keyboard.press("Enter")
    focused = page.evaluate(
        "document.activeElement.matches('#table-hand .hand-normal button.tile-button')"
    )
    assert focused, page.evaluate("document.activeElement.outerHTML")


def test_the_result_stands_alone_until_continue(site_url, ended_table, chromium):
    for label in ("desktop", "sideways", "phone"):
        page = table_page(chromium, site_url, ended_table, SIZES[label], label != "desktop")
        page.wait_for_selector(".result-modal:not(.closed)")
        style = page.evaluate(
            "(() => { const s = getComputedStyle(document.querySelector('.result-modal'));"
            " return {fade: s.animationName, back: s.backgroundColor}; })()"
        )
        assert style["fade"] == "none" and style["back"].startswith("rgb("), (
            style
        )  # opaque, at once
        button = boxes(page, ".result-modal [data-close]")[0]
        assert button["bottom"] <= SIZES[label]["height"], (label, button)  # Continue in view
        shoot(page, f"ended-{label}")
        page.click(".result-modal [data-close]")
        page.wait_for_selector(".result-modal.closed", state="attached")
        page.context.close()


# The hand swapped in by a frame while a player is on it: the sorting changed (a whole
# screen again) without the keyboard leaving the hand.
REDRAW_HAND = """() => {
  window.oldHand = document.querySelector('#table-hand .hand-row');
  const box = document.querySelector('#seat-settings input[name=sort_hand]');
  box.checked = !box.checked;
  box.dispatchEvent(new Event('change', {bubbles: true}));
}"""
HAND_REDRAWN = "() => window.oldHand && !document.contains(window.oldHand)"


def test_a_redrawn_hand_keeps_the_focused_tile_and_a_tapped_selection(
    site_url, kuikae_table, chromium
):
    """A frame that swaps the own hand (a seat came or went, the sorting changed) kept
    neither the keyboard's place nor a phone's first tap: the focus fell to the page and
    the next tap only selected again. Both are found again by their move."""
    desk = table_page(chromium, site_url, kuikae_table, SIZES["desktop"], False)
    desk.keyboard.press("Tab")
    desk.keyboard.press("Enter")  # the skip link: the hand's first tile has the focus
    focused = desk.evaluate("document.activeElement.dataset.action")
    assert focused and ":discard:" in focused
    desk.evaluate(REDRAW_HAND)
    desk.wait_for_function(HAND_REDRAWN)
    assert desk.evaluate("document.activeElement.dataset.action") == focused
    desk.context.close()

    phone = table_page(chromium, site_url, kuikae_table, SIZES["phone"], True)
    tile = phone.locator("#table-hand .hand-normal button.tile-button[data-action*=':discard:']")
    tapped = tile.first.get_attribute("data-action")
    tile.first.tap()
    phone.locator("#table-hand button.tile-button.selected").wait_for()
    phone.evaluate(REDRAW_HAND)
    phone.wait_for_function(HAND_REDRAWN)
    selected = phone.locator("#table-hand button.tile-button.selected")
    assert selected.count() == 1 and selected.get_attribute("data-action") == tapped
    phone.context.close()
