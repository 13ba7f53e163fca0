"""A phone held sideways (844x390) through one bot game, in English and in Japanese
(issue 27, "The table II").

One table is walked along one game's log: a call prompt mid-hand, a riichi stick on the
table, the result screen after the first hand (a win) and after a draw (four winds), and
the final standings. At each, in both languages, one page checks that nothing scrolls
sideways, that the prompt leaves the name plates clear and that the result's Continue is
in view without scrolling; the final card can be set aside by keyboard
to show the finished board and brought back. Pictures go to ``LANDSCAPE_SHOTS`` (by
default /tmp/shots) as landscape-*.png, to look at.
"""

import os
from pathlib import Path

import pytest

from rules.engine import apply, new_game, parse_action
from tables.play.submit import parse_move, start_game, submit
from tests.browser_helpers import signed_in_page

from . import test_table_layout_browser as layout
from .conftest import make_table
from .test_table_feel_browser import boxes, first_hand_over, overlap, prompt_with_melds
from .test_table_polish_browser import whole_game

chromium = layout.chromium  # the browser fixture, shared

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow(20),  # measured: 19-21 s on the shared two-core machine
]

SHOTS = Path(os.environ.get("LANDSCAPE_SHOTS", "/tmp/shots"))
SIDEWAYS = {"width": 844, "height": 390}
WIDE = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
IN_VIEW = """s => { const e = [...document.querySelectorAll(s)].find(e => e.offsetParent !== null);
  if (!e) return null; const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          scrolled: e.closest('.modal-card').scrollTop, page: window.scrollY}; }"""


@pytest.fixture
def game_table(table_settings, east_only, alice):
    """A table of Alice (East) and three bots, its game stored at the start."""
    table_settings.TABLE_DRIVER_AUTOSTART = False
    table = make_table(east_only, people=[alice], bots=["efficient"] * 3, name="Sideways")
    return table, start_game(table, seed=1)


def move_to(game, log):
    """The game stored at ``log`` (a step forward along its one log)."""
    game.log = log
    game.version = len(log)
    game.deadline = None
    game.save()


def hand_ends(game, full):
    """The logs at which a hand of ``full`` (a whole game's log) has just ended."""
    ruleset = game.engine_ruleset()
    state = new_game(ruleset, seed=1, robots=tuple(game.robots))
    for n, text in enumerate(full[:-1], 1):
        hand = state.hand_index
        state = apply(state, parse_action(text))[0]
        if state.hand_index != hand:
            yield full[:n]


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"landscape-{name}.png"), animations="disabled")


def open_table(page, site_url, table, selector):
    page.goto(site_url + table.get_absolute_url())
    page.wait_for_selector("html[data-framed]", state="attached")
    page.wait_for_selector(selector)
    assert page.evaluate(WIDE) <= 0, "the page scrolls sideways"


def test_a_phone_held_sideways_keeps_prompts_results_and_standings_in_view_in_both_languages(
    site_url, game_table, alice, chromium
):
    table, game = game_table
    full = whole_game(game)
    prompt, ended = prompt_with_melds(game), first_hand_over(game)
    assert full[: len(prompt)] == prompt and full[: len(ended)] == ended
    assert len(prompt) < len(ended), "the prompt comes in the first hand (seed 1)"

    page = signed_in_page(chromium, site_url, SIDEWAYS, touch=True)
    languages = ("en", "ja")

    move_to(game, prompt)
    for lang in languages:
        alice.__class__.objects.filter(pk=alice.pk).update(language=lang)
        open_table(page, site_url, table, "#table-hand .call-prompt")
        assert page.get_attribute("html", "lang") == lang
        call = boxes(page, "#table-hand .call-prompt")[0]
        assert call["right"] <= SIDEWAYS["width"] and call["bottom"] <= SIDEWAYS["height"], call
        plates = boxes(page, ".seat-plate")
        assert len(plates) == 4, plates
        for plate in plates:
            assert not overlap(call, plate), (lang, call, plate)
        shoot(page, f"prompt-{lang}")

    riichi = full[: next(i for i, a in enumerate(full) if ":riichi:" in a) + 2]
    move_to(game, riichi)  # mid-hand, a riichi stick on the table
    for lang in languages:
        alice.__class__.objects.filter(pk=alice.pk).update(language=lang)
        open_table(page, site_url, table, "#table-board .riichi-stick")
        board, stick = boxes(page, "#table-board")[0], boxes(page, ".riichi-stick")[0]
        assert board["left"] <= stick["left"] and stick["right"] <= board["right"], stick
        assert board["bottom"] <= SIDEWAYS["height"] + 1, board  # the whole board in view
        shoot(page, f"riichi-{lang}")

    draw = next(log for log in hand_ends(game, full) if log[-1].split(":")[1] == "discard")
    for name, log in (("result", ended), ("draw", draw)):
        move_to(game, log)
        for lang in languages:
            alice.__class__.objects.filter(pk=alice.pk).update(language=lang)
            open_table(page, site_url, table, ".result-modal:not(.closed) [data-close]")
            shoot(page, f"{name}-{lang}")
            button = page.evaluate(IN_VIEW, ".result-modal [data-close]")
            assert button and button["scrolled"] == 0, (lang, button)  # nothing scrolled yet
            assert button["top"] >= 0 and button["bottom"] <= SIDEWAYS["height"], (lang, button)
            assert button["right"] <= SIDEWAYS["width"], (lang, button)
        if name == "draw":
            assert page.locator(".result-modal .kind-abortive").count() == 1

    move_to(game, full[:-1])  # the last move made as the table makes it
    last = parse_move(full[-1])
    submit(game.pk, last.seat, last, game.version, server_move=True)
    for lang in languages:
        alice.__class__.objects.filter(pk=alice.pk).update(language=lang)
        open_table(page, site_url, table, ".final-modal [data-show-board]")
        shoot(page, f"final-{lang}")
        box = page.evaluate(IN_VIEW, ".final-modal [data-show-board]")  # seen at once
        assert box and box["scrolled"] == 0 and box["top"] >= 0, (lang, box)
        assert box["bottom"] <= SIDEWAYS["height"] and box["right"] <= SIDEWAYS["width"], box
        show = page.locator(".final-modal [data-show-board]")
        name = show.inner_text()
        assert name == ("Show the board" if lang == "en" else "盤面を見る"), name
        show.focus()
        page.keyboard.press("Enter")  # by keyboard: the card steps aside
        page.wait_for_selector(".final-modal", state="hidden")
        back = page.locator("[data-show-standings]")
        assert back.is_visible() and page.evaluate(
            "document.activeElement.matches('[data-show-standings]')"
        )
        board = boxes(page, "#table-board")[0]
        assert board["height"] > 150, board
        assert back.inner_text() == (
            "Show the final standings" if lang == "en" else "最終順位に戻る"
        )
        shoot(page, f"board-{lang}")
        page.keyboard.press("Enter")  # and comes back
        page.wait_for_selector(".final-modal", state="visible")
        assert not back.is_visible()
        assert page.evaluate("document.activeElement.matches('.final-modal [data-show-board]')")
    page.context.close()
