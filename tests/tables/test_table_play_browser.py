"""Whole games at the table in a real browser, on a desktop by mouse and keyboard and on
a phone by touch taps, keeping screenshots of each moment a player meets: a hand in
play, a call prompt, a riichi, a win, a draw and the game's end.

The player's choices are the efficient bot's, read from the seat's own view in the
database, and then made through the page like a person would; the bots, the seed and
the decisions are fixed, so every run plays the same game. Nothing sleeps: each step
waits for the page to show the version the decision was made for.
"""

import contextlib
import random
import shutil
from pathlib import Path

import pytest

from rules.engine import bots, format_action, seat_view
from rules.models import Ruleset
from tables.models import Game, Seat
from tables.play import autoplay, hidden_claims, states
from tests.browser_helpers import sizes
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

from .conftest import make_table
from .test_table_polish_browser import check_one_row

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "bench-output" / "shots"
PlaywrightError: type = Exception  # playwright's own, once it is imported
MOMENTS = ("mid-hand", "call-prompt", "riichi", "win", "draw", "game-end")
# The page's default wait is short: a wait that times out is how the game loop notices
# that the game moved on and decides again. A wait that must succeed gets this instead,
# a bound a busy machine never reaches.
PATIENT = 15_000


@pytest.fixture
def live_tables(table_settings):
    """The daphne child, forked after these are set, inherits them: a running driver,
    bots that move at once, no call window, and no timer that could ever play for Alice
    (a busy machine must not take a move out of the test's hands: the game would leave
    its fixed course). The result screen stays until the next hand's first discard, a
    few seconds after the hand ended; the test waits for it and closes it by its button.
    """
    table_settings.TABLE_DRIVER_AUTOSTART = True
    table_settings.TABLE_BOT_DELAY = 0
    table_settings.TABLE_AUTO_DELAY = 0
    table_settings.TABLE_AWAY_GRACE = 3600.0
    table_settings.TABLE_CALL_WINDOW = 0
    table_settings.TABLE_RESULT_PAUSE = 3.0
    table_settings.TABLE_SEED = 20250101
    return table_settings


@pytest.fixture
def playwright_browser(monkeypatch):
    # Playwright's sync API runs an event loop in this thread; Django must allow ORM use.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    global PlaywrightError
    PlaywrightError = sync_api.Error
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_game(browser, site_url, size, touch):
    context = browser.new_context(
        viewport=size, has_touch=touch, is_mobile=touch, device_scale_factor=1
    )
    page = context.new_page()
    page.set_default_timeout(5000)
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.console_errors = errors
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "pw-alice-123")
    page.locator("button:has-text('Sign in')").click()
    page.wait_for_selector(".account-nav >> text=Alice", timeout=PATIENT)
    return page


def start_table(page, site_url, table):
    page.goto(site_url + table.get_absolute_url())
    page.locator("button:has-text('Start the game')").click(timeout=PATIENT)
    page.wait_for_selector("#table-board", timeout=PATIENT)


def decision(game_id):
    """What the efficient bot would do in Alice's seat now: (action text, type, version,
    hand index); no action while she has no choice or her own auto play (the drawn tile
    thrown in riichi) makes the move for her.

    The state cache follows the stored log by itself (it checks the seed, the version
    and the last action before reusing a state), so each look applies only the moves
    made since the last one instead of replaying the whole game."""
    game, state = states.load(game_id)
    view = seat_view(state, 0)
    shown = hidden_claims.shown_of(game)  # the version the page's frames carry
    if not view.legal:
        return None, None, shown, state.hand_index
    seat = Seat.objects.select_related("table").get(table_id=game.table_id, index=0)
    if autoplay.own_choice(view, autoplay.SeatPolicy.of(seat)) is not None:
        return None, None, shown, state.hand_index
    action = bots.get("efficient")(view, random.Random(0))
    return format_action(action), action.type, shown, state.hand_index


# The page shows something newer than version ``v``, or a result screen / the standings.
MOVED_ON = (
    "v => { const c = document.querySelector('#table-center');"
    " return !c || c.dataset.version !== String(v)"
    " || !!document.querySelector('.table-modal:not(.closed)'); }"
)


def wait_moved_on(page, version, timeout=3000):
    """Wait (on the page's own events, no fixed sleep) until it shows what came next;
    after ``timeout`` ms the caller simply looks at the game again."""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(MOVED_ON, arg=version, timeout=timeout)


def press(page, selector, how):
    target = page.locator(selector).first
    if how == "touch":
        target.tap()
    else:
        target.click()


# How many ArrowRight presses select the tile ``sel`` among the hand's visible tiles.
ARROWS_TO = (
    "sel => { const bs = [...document.querySelectorAll("
    "'#table-hand .hand-row button.tile-button')].filter(b => b.offsetParent !== null);"
    " const cur = bs.findIndex(b => b.classList.contains('selected'));"
    " const t = bs.findIndex(b => b.matches(sel));"
    " if (t < 0) return 0; return cur < 0 ? t + 1 : (t - cur + bs.length) % bs.length; }"
)


def play_move(page, action, kind, how):
    """Make one move through the page: by mouse, by touch taps or by the keyboard."""
    hand = "#table-hand"
    if kind in ("riichi", "open_riichi"):
        mode = "#riichi-mode" if kind == "riichi" else "#open-riichi-mode"
        if how == "keyboard":
            page.keyboard.press("r" if kind == "riichi" else "o")
        else:
            press(page, f"label[for='{mode[1:]}']", how)
        row = ".hand-riichi" if kind == "riichi" else ".hand-open-riichi"
    elif kind == "discard":
        row = ".hand-normal"
    else:
        button = f"{hand} [data-action='{action}']"
        if how == "keyboard":
            key = page.locator(button).first.get_attribute("data-key")
            page.keyboard.press("Escape" if key == "esc" else key)
        else:
            press(page, button, how)
        return
    tile = f"{hand} {row} [data-action='{action}']"
    if how == "keyboard":
        presses = page.evaluate(ARROWS_TO, tile)
        for _ in range(presses):
            page.keyboard.press("ArrowRight")
        for _ in range(20):  # (checked, and corrected if the hand was redrawn meanwhile)
            selected = page.locator(f"{hand} button.tile-button.selected")
            if selected.count() and selected.first.get_attribute("data-action") == action:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    elif how == "touch":
        page.locator(tile).first.tap()  # the first tap only selects the tile ...
        page.wait_for_selector(f"{tile}.selected")  # (a redrawn hand raises: decide again)
        page.locator(tile).first.tap()  # ... the second plays it
    else:
        page.locator(tile).first.click()


def keep(page, label, name, shots):
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{label}-{name}.png"
    # a face shown for the first time may still be loading: the picture waits for it
    # (a desktop call prompt once showed its called tile blank)
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function("() => [...document.images].every(i => i.complete)", timeout=2000)
    page.screenshot(path=str(path), animations="disabled")
    shutil.copy(path, Path("/tmp") / f"table-{label}-{name}.png")
    shots[name] = path


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def play_game(page, game_id, label, ways):
    """Play until the final standings; ``ways(hand_index)`` says how to move in a hand."""
    shots: dict = {}
    own_moves = 0
    hands_by = set()
    for _ in range(3000):
        if page.locator(".final-modal").count():
            break
        modal = page.locator(".result-modal:not(.closed)")
        if modal.count():
            # the next hand's first discard may take the screen away first: then look again
            with contextlib.suppress(PlaywrightError):
                kind = modal.locator(".result-body").first.get_attribute("class", timeout=1000)
                name = "win" if ("kind-ron" in kind or "kind-tsumo" in kind) else "draw"
                if name not in shots:
                    keep(page, label, name, shots)
                    if not modal.count():  # taken away before the picture: try the next one
                        del shots[name]
                how = ways(len(hands_by))
                if how == "keyboard":
                    page.keyboard.press("Escape")
                else:
                    press(page, ".result-modal:not(.closed) [data-close]", how)
                page.wait_for_selector(
                    ".result-modal:not(.closed)", state="detached", timeout=PATIENT
                )
            continue
        action, kind, version, hand_no = decision(game_id)
        if action is None:  # not Alice's move: wait for the page to show the next one
            wait_moved_on(page, version)
            continue
        try:
            page.wait_for_selector(f"#table-center[data-version='{version}']", timeout=5000)
            page.wait_for_selector(
                f"#table-hand [data-action='{action}']", timeout=5000, state="attached"
            )
        except PlaywrightError:  # the game moved on meanwhile (a call): decide again
            continue
        how = ways(hand_no)
        hands_by.add(hand_no)
        if kind in ("pass", "chi", "pon", "daiminkan", "ron") and "call-prompt" not in shots:
            keep(page, label, "call-prompt", shots)
        try:
            play_move(page, action, kind, how)
        except PlaywrightError:  # the hand was redrawn under the finger: decide again
            continue
        own_moves += 1
        wait_moved_on(page, version)  # the move is made: the page shows what followed
        if kind in ("riichi", "open_riichi") and "riichi" not in shots:
            page.wait_for_selector(".pond .tile.riichi-tile", timeout=PATIENT)
            keep(page, label, "riichi", shots)
        if (
            own_moves >= 8
            and "mid-hand" not in shots
            and not page.locator(".table-modal:not(.closed)").count()
        ):
            assert no_sideways_scroll(page)
            keep(page, label, "mid-hand", shots)
    page.wait_for_selector(".final-modal >> text=Final standings", timeout=PATIENT)
    keep(page, label, "game-end", shots)
    return shots, own_moves


def seat_alice(ruleset, alice):
    """Alice in the East seat against three bots that throw away what they draw."""
    return make_table(ruleset, people=[alice], bots=["tsumogiri"] * 3, name="Browser table")


@pytest.fixture
def east_only_game(db):
    """East only, with time enough that a busy machine never runs Alice's clock out: the
    server would then play for her, the game would leave its fixed course and might show
    no win before the last hand (the thinking time has its own tests)."""
    return Ruleset.objects.create(
        name="East only",
        preset="ronin",
        settings={
            "game_type": "tonpuusen",
            "west_round": False,
            "thinking_time": 120,
            "bank_time": 600,
        },
    )


def check_final(page, shots):
    final = page.locator(".final-modal")
    assert final.locator(".placements li").count() == 4
    assert "Alice" in final.inner_text()
    # uma and oka in the thousands of the final result, not raw points
    cells = final.locator(".final-panel > table tbody").locator("td:nth-child(4), td:nth-child(5)")
    assert cells.count() == 8
    for cell in cells.all_inner_texts():
        assert "." in cell, cell
    assert final.locator("a:has-text('The game record')").count() == 1
    assert final.locator("a:has-text('Back to the lobby')").count() == 1
    assert final.locator("button:has-text('Play again with the same seats')").count() == 1
    assert set(MOMENTS) <= set(shots), sorted(set(MOMENTS) - set(shots))


def check_point_difference_on_tap(page):
    """A tap on another seat's plate shows its points against the viewer's."""
    page.locator("#seat-area-1 .seat-plate").tap()
    page.wait_for_function(
        "document.querySelector('#seat-area-1 .seat-plate .diff').textContent === '±0 vs you'",
        timeout=PATIENT,
    )
    page.locator("#seat-area-0 .seat-plate").tap()  # the viewer's own plate shows none
    assert page.locator("#seat-area-0 .seat-plate .diff").inner_text() == ""


def check_one_tap_only_selects(page):
    """No accidental discards: a first tap selects the tile and sends nothing; a second
    tap on it sends the discard (htmx announces each socket send with an event)."""
    page.evaluate(
        "window.sentMoves = 0;"
        " document.addEventListener('htmx:wsConfigSend', () => window.sentMoves++)"
    )
    tile = page.locator("#table-hand .hand-normal button.tile-button[data-action]").first
    tile.tap()
    page.wait_for_selector("#table-hand .hand-normal button.tile-button.selected", timeout=PATIENT)
    assert page.evaluate("window.sentMoves") == 0, "one tap sent a move"
    tile.tap()
    page.wait_for_function("window.sentMoves === 1", timeout=PATIENT)


@pytest.mark.slow(45)
def test_it_plays_a_whole_game_at_a_desktop_by_mouse_and_keyboard(
    live_tables, site_url, alice, east_only_game, playwright_browser
):
    table = seat_alice(east_only_game, alice)
    page = open_game(playwright_browser, site_url, {"width": 1280, "height": 800}, touch=False)
    start_table(page, site_url, table)
    game_id = Game.objects.get(table=table).pk
    # the first hand by mouse, every later hand by the keyboard alone
    shots, moves = play_game(
        page, game_id, "desktop", lambda hand: "mouse" if hand == 0 else "keyboard"
    )
    assert moves > 20
    check_final(page, shots)
    assert page.console_errors == []


@pytest.mark.slow(40)
def test_it_plays_a_whole_game_on_a_phone_by_touch(
    live_tables, site_url, alice, east_only_game, playwright_browser
):
    table = seat_alice(east_only_game, alice)
    page = open_game(playwright_browser, site_url, {"width": 390, "height": 844}, touch=True)
    start_table(page, site_url, table)
    game_id = Game.objects.get(table=table).pk
    page.wait_for_selector("#table-hand .hand-row", timeout=PATIENT)
    assert no_sideways_scroll(page)
    # the dealer's first turn: thirteen tiles and the drawn one, all in one row
    page.wait_for_selector("#table-hand .hand-normal button.tile-button.drawn", timeout=PATIENT)
    check_one_row(page, 14)
    buttons = sizes(page, "#table-hand button, #table-hand label.button")
    heights = [b["height"] for b in buttons if b["shown"]]
    assert heights and min(heights) >= 44, heights
    page.set_viewport_size({"width": 844, "height": 390})
    assert no_sideways_scroll(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-landscape-844x390.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    check_point_difference_on_tap(page)
    check_one_tap_only_selects(page)
    shots, moves = play_game(page, game_id, "phone", lambda hand: "touch")
    assert moves > 20
    assert no_sideways_scroll(page)
    check_final(page, shots)
    assert page.console_errors == []
