"""Claimed wins in four real browsers: Win anyway on a noten hand, NG answers, the
review, Chombo with Continue and the dead hand's automatic discards, a second false
win ended by Chombo with Game over, and in the replayed hand a valid claim with han
and fu entered by hand. Screenshots of the claim, the answers and the review at
1280x800 and 390x844 go to /tmp/shots (and the test's tmp folder)."""

import contextlib
import shutil
import time
from pathlib import Path

import pytest

from players.models import Player
from rules.engine.testing import build_wall
from rules.models import Ruleset
from tables.models import Game, HandRecord
from tables.play import states
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

from .conftest import make_table, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
QUIET = "147m369p147s1234z"
TANYAO = "234m456p678s2255s"  # waits 2s/5s: a ron on 5s is 1 han 40 fu
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture
def live_tables(table_settings):
    table_settings.TABLE_DRIVER_AUTOSTART = True
    table_settings.TABLE_BOT_DELAY = 0.05
    table_settings.TABLE_AUTO_DELAY = 0.05
    table_settings.TABLE_RESULT_PAUSE = 0.5
    table_settings.TABLE_CLAIM_WINDOW = 30.0  # the test answers every discard itself
    table_settings.TABLE_LEASE_SECONDS = 3.0
    table_settings.TABLE_AWAY_GRACE = 600.0  # four browsers sign in one after another
    return table_settings


def shoot(page, tmp_path, name):
    """The page at both sizes (the size it had is restored)."""
    before = page.viewport_size
    SHOTS.mkdir(exist_ok=True)
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        path = tmp_path / f"claims-{name}-{label}.png"
        page.screenshot(path=str(path), full_page=False)
        shutil.copy(path, SHOTS / path.name)
    page.set_viewport_size(before)


@pytest.mark.slow(110)
def test_win_claim_four_browsers_chombo_dead_hand_and_a_hand_entered_claim(
    live_tables, site_url, tmp_path, monkeypatch
):
    # Playwright's sync API runs an event loop in this thread; Django must allow ORM use.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not CHROMIUM:
        pytest.skip("no chromium binary")
    sync_api = pytest.importorskip("playwright.sync_api")
    names = ("alice", "bob", "carol", "dave")
    people = [
        Player.objects.create_user(username=n, password=f"pw-{n}-123", display_name=n.title())
        for n in names
    ]
    ruleset = Ruleset.objects.create(
        name="Club claims",
        preset="ronin",
        settings={
            "game_type": "tonpuusen",
            "west_round": False,
            "win_settlement": "claimed",
            "evaluate_by_app": False,
            "renhou": "off",
            "thinking_time": 60,
        },
    )
    table = make_table(ruleset, people=people)
    game = start(table, seed=5)
    quiet = build_wall({seat: QUIET for seat in range(4)}, dora="5z", ura="6z")
    ron = build_wall({2: TANYAO}, draws="5s", dora="9p", ura="9m")
    game.walls = [list(quiet), list(ron)]
    game.save(update_fields=["walls"])
    states.clear()

    def state():
        return states.state_of(Game.objects.get(pk=game.pk))

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        errors: list[str] = []
        for i, name in enumerate(names):
            w, h = SIZES["desktop"] if i % 2 == 0 else SIZES["phone"]
            page = browser.new_context(viewport={"width": w, "height": h}).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(site_url + "/players/login/")
            page.fill("#id_username", name)
            page.fill("#id_password", f"pw-{name}-123")
            page.click("button:has-text('Sign in')")
            page.wait_for_selector(".account-nav")
            page.goto(f"{site_url}/tables/{table.pk}/")
            page.wait_for_selector("#table-board")
            pages.append(page)

        def close_modals(page):
            # (a modal left open would take the next click; 3 s, not half of one, for a
            # busy machine: a modal that closes itself meanwhile only costs the wait)
            for button in page.locator(".result-modal:not(.closed) [data-close]").all():
                with contextlib.suppress(Exception):
                    button.click(timeout=3000)

        def up_to_date(page):
            """Wait until the page shows the game's latest step (a claimed table shows every
            step with its stored version), so no frame swaps the element under the click:
            a click on an element swapped out a moment later is lost."""
            version = Game.objects.get(pk=game.pk).version
            with contextlib.suppress(Exception):
                page.wait_for_function(
                    "v => Number(document.querySelector('#table-center')?.dataset.version) >= v",
                    arg=version,
                    timeout=10000,
                )

        def click(page, selector):
            close_modals(page)
            up_to_date(page)
            try:
                page.locator(selector).first.click(timeout=10000)
            except Exception:
                page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
                shutil.copy(tmp_path / "failed.png", "/tmp/claims-failed.png")
                Path("/tmp/claims-failed.html").write_text(page.content())
                raise

        def wait_until(check, what, seconds=30):
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if check():
                    return
                time.sleep(0.05)
            raise AssertionError(f"timed out waiting for {what} (phase {state().phase})")

        def step_plain_turn():
            """The seat whose turn it is throws its drawn tile; the others pass."""
            version = Game.objects.get(pk=game.pk).version
            s = state()
            if s.phase == "calls":
                seat = next(x for x in range(4) if s.legal[x])
                click(pages[seat], "#table-hand button.pass")
            elif s.phase == "turn" and not s.dead[s.turn]:
                click(pages[s.turn], "#table-hand .hand-normal button.tile-button.drawn")
            wait_until(lambda: Game.objects.get(pk=game.pk).version > version, "the move")

        # --- hand 1: the dealer throws, Bob calls Win anyway on a noten hand
        wait_until(lambda: state().phase == "turn", "the first turn")
        click(pages[0], "#table-hand .hand-normal button.tile-button.drawn")
        wait_until(lambda: state().phase == "calls", "the answers to the discard")
        click(pages[1], "#table-hand button.win_anyway")
        click(pages[1], "#win-anyway-confirm button.confirm-win")  # asked the first time
        click(pages[2], "#table-hand button.pass")
        click(pages[3], "#table-hand button.pass")
        wait_until(lambda: state().phase == "claim", "the claim")
        pages[1].wait_for_selector("#claim-panel .claim-form")
        shoot(pages[1], tmp_path, "claim-form")
        pages[1].select_option("#claim-panel .claim-form select[name=limit]", "mangan")
        click(pages[1], "#claim-panel .claim-send")
        wait_until(lambda: state().phase == "answers", "the answers")
        pages[0].wait_for_selector("#claim-panel .claim-answer")
        assert "Claimed: mangan" in pages[0].inner_text("#claim-panel")
        shoot(pages[0], tmp_path, "claim")
        # Alice picks her reason; Carol's NG redraws the panel meanwhile, and the reason
        # Alice picked stays (her answer, a step late, still counts)
        pages[0].select_option("#claim-panel .answer-ng select[name=reason]", "noten")
        click(pages[2], "#claim-panel .answer-ng button")
        wait_until(lambda: state().win_claim.answers[2] is not None, "Carol's NG")
        pages[0].wait_for_selector('#claim-panel .claim-answers li[data-seat="2"] .answer.ng')
        assert pages[0].input_value("#claim-panel .answer-ng select[name=reason]") == "noten"
        click(pages[0], "#claim-panel .answer-ng button")
        wait_until(lambda: state().win_claim.answers[0] is not None, "Alice's NG")
        assert str(state().win_claim.answers[0]) == "0:ng:noten"
        pages[3].wait_for_selector("#claim-panel .claim-answers >> text=NG")
        shoot(pages[3], tmp_path, "answers")
        click(pages[3], "#claim-panel .answer-ng button")
        wait_until(lambda: state().phase == "review", "the review")
        pages[0].wait_for_selector("#claim-panel .claim-review")
        assert "not a valid win" in pages[0].inner_text("#claim-panel")
        shoot(pages[0], tmp_path, "review")
        click(pages[0], "#claim-panel .review-chombo-continue")
        wait_until(lambda: state().dead[1], "the dead hand")
        after = state()
        assert after.scores == (29000, 17000, 27000, 27000) and after.chombo_counts[1] == 1
        pages[2].wait_for_selector("#table-board .badge.dead")

        # --- the dead hand throws its draws by itself (its first throw may already be
        # out, and the others asked about it, by the time we look)
        wait_until(lambda: state().phase in ("turn", "calls"), "the play after the chombo")
        for _ in range(40):
            if len(state().discards[1]) >= 2:
                break
            step_plain_turn()
        assert len(state().discards[1]) >= 2  # two automatic discards of the dead hand
        shoot(pages[2], tmp_path, "dead-hand")

        # --- Dave calls Win anyway on his own draw; the dealer ends the hand (game over)
        wait_until(lambda: state().phase in ("turn", "calls"), "a turn")
        for _ in range(12):
            s = state()
            if s.phase == "turn" and s.turn == 3:
                break
            step_plain_turn()
        click(pages[3], "#table-hand button.win_anyway")
        click(pages[3], "#win-anyway-confirm button.confirm-win")  # asked the first time
        wait_until(lambda: state().phase == "claim", "Dave's claim")
        pages[3].select_option("#claim-panel .claim-form select[name=limit]", "haneman")
        click(pages[3], "#claim-panel .claim-send")
        wait_until(lambda: state().phase == "answers", "the answers to Dave")
        for seat in (0, 1, 2):
            click(pages[seat], "#claim-panel .answer-ng button")
        wait_until(lambda: state().phase == "review", "the second review")
        click(pages[0], "#claim-panel .review-chombo-over")
        wait_until(lambda: state().hand_index == 1, "the replayed hand")
        assert state().chombo_counts == (0, 1, 0, 1) and state().round_number == 0

        # --- the replayed hand: Carol rons the dealer's 5s and enters 1 han 40 fu
        wait_until(lambda: state().phase == "turn", "the replayed hand's first turn")
        click(pages[0], "#table-hand .hand-normal button.tile-button.drawn")
        wait_until(lambda: state().phase == "calls", "the answers to the 5s")
        click(pages[1], "#table-hand button.pass")
        click(pages[3], "#table-hand button.pass")
        click(pages[2], "#table-hand button.ron")
        wait_until(lambda: state().phase == "claim", "Carol's claim")
        form = "#claim-panel .claim-form"
        pages[2].wait_for_selector(form)
        assert pages[2].input_value(f"{form} select[name=limit]") == ""  # nothing pre-filled
        pages[2].select_option(f"{form} select[name=han]", "1")
        pages[2].select_option(f"{form} select[name=fu]", "40")
        click(pages[2], "#claim-panel .claim-send")
        wait_until(lambda: state().phase == "answers", "the answers to Carol")
        for seat in (0, 1, 3):
            click(pages[seat], "#claim-panel .answer-ok")
        wait_until(lambda: state().phase == "review", "the last review")
        pages[0].wait_for_selector("#claim-panel .claim-review")
        assert "a valid win, 1 han 40 fu" in pages[0].inner_text("#claim-panel")
        shoot(pages[0], tmp_path, "review-valid")
        click(pages[0], "#claim-panel .review-accept")
        wait_until(lambda: state().hand_index == 2, "the settled hand")
        record = HandRecord.objects.get(game_id=game.pk, index=1)
        assert record.result_type == "ron" and record.deltas == [-1300, 0, 1300, 0]
        pages[2].wait_for_selector(".result-modal >> text=claimed 1 han 40 fu")
        shoot(pages[2], tmp_path, "result")
        browser.close()
    assert errors == []
    chombo = HandRecord.objects.get(game_id=game.pk, index=0)
    assert chombo.result_type == "chombo"
