"""The club's main pages at a desk (1280x800) and on a phone (390x844).

The lobby, a live table with bots in the middle of a hand, a rulebook chapter, the
rulesets compared, the calculator, a finished game's page and its review, a member's
profile, the club ranking, the list of events, a tournament's page, standings and
projector, a round, its printable sheets and a table's result form, and a club night's
table scored hand by hand. At both sizes no page scrolls sideways, and no box on it
scrolls sideways inside the page either (the boxes marked ``data-scrolls`` do so on
purpose); a few pages are checked for what they must show at each size as well
(``CHECKS``). Screenshots of every page at both sizes go to /tmp/shots/ and, when set,
the folder named by ``MAIN_PAGES_SHOTS``.
"""

from __future__ import annotations

import datetime
import os
import shutil
from pathlib import Path

import pytest

from history import review_pages, reviews
from players.models import Player
from rules.engine import DeclaredHand, WinValue, bot_rng, bots, pending_seats, seat_view
from rules.models import Ruleset
from tables.models import Game, Table
from tables.play import states
from tables.play.submit import start_game, submit
from tests.test_accessibility_browser import play_until, sign_in, table_with_bots
from tournaments import records, rounds, scored_tables
from tournaments.models import Registration, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
NAMES = ["Bartholomew Higashiyama", "Chie", "Daigo Nakamura", "Eri", "Fumiko", "Goro", "Hana"]

# Boxes that scroll sideways inside the page (their content wider than their box),
# unless marked as scrolling on purpose.
SCROLLING_BOXES = """() => [...document.querySelectorAll('body *')].filter(e => {
  if (e.closest('[data-scrolls]')) return false;
  const x = getComputedStyle(e).overflowX;
  return (x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.'
            + [...e.classList].join('.') + ' ' + e.scrollWidth + '>' + e.clientWidth)"""

# What each page must show at a size beyond not scrolling sideways: a list of problems.
# The standings' progress chart: on a phone the narrow one, the page's whole width, its
# type at least 12 px on the screen and every name of the legend in full below it; at
# a desk the wide one, every name of the legend in full beside it. The review's waits
# and call tables are there (so their not scrolling means something), and no seat's
# tiles on the review's board run out of the seat's place. The profile's charts read at
# 11 px or more. The game's hands name each seat's column in full. The live table's
# name plates show the names whole, and are no taller than a pond, so the board is as
# tall as before.
CHECKS = {
    "standings": """size => {
  const problems = [];
  const shown = [...document.querySelectorAll('figure.chart svg.progress-chart')]
    .filter(e => e.getClientRects().length);
  if (shown.length !== 1) return ['charts shown: ' + shown.length];
  const svg = shown[0], width = svg.getBoundingClientRect().width;
  const type = width / svg.viewBox.baseVal.width
    * parseFloat(getComputedStyle(svg.querySelector('text.axis')).fontSize);
  const legend = [...document.querySelectorAll('.chart-legend li')].filter(e => e.getClientRects().length);
  if (svg.querySelector('text.legend')) problems.push('legend inside the chart');
  const names = legend.map(e => e.querySelector('.chart-name').textContent);
  if (!names.includes('Bartholomew Higashiyama')) problems.push('legend: ' + names);
  for (const e of legend) if (e.scrollWidth > e.clientWidth) problems.push('cut: ' + e.textContent);
  if (size === '390') {
    const room = svg.closest('figure').clientWidth;
    if (width < room - 2) problems.push(`chart ${width} px of ${room}`);
    if (type < 12) problems.push(`chart type ${type.toFixed(1)} px`);
  } else {
    const desk = getComputedStyle(svg.querySelector('text.axis')).fontSize;
    if (desk !== '12px') problems.push('desk chart type ' + desk);
    const beside = legend[0].getBoundingClientRect().left >= svg.getBoundingClientRect().right;
    if (!beside) problems.push('desk legend not beside the chart');
  }
  return problems;
}""",
    "review": """() => [...document.querySelectorAll('#table-board .seat-area')].flatMap(area => {
  const box = area.getBoundingClientRect();
  return [...area.querySelectorAll('*')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width && (r.left < box.left - 1 || r.right > box.right + 1);
  }).map(e => 'out of its seat: ' + e.className);
})""",
    "profile": """() => [...document.querySelectorAll('svg.chart')].flatMap(svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].map(t => [t.textContent,
    parseFloat(getComputedStyle(t).fontSize) * scale]).filter(([, size]) => size < 11)
    .map(([text, size]) => `chart text ${size.toFixed(1)} px: ${text}`);
})""",
    "game": """() => [...document.querySelectorAll('th.delta-head')]
  .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
  .map(e => 'name cut: ' + e.textContent)""",
    "review-ready": "() => document.querySelector('table.review-waits') ? [] : ['no waits table']",
    "review-call": "() => document.querySelector('table.review-calls') ? [] : ['no calls table']",
    "table": """() => {
  const problems = [];
  const pond = document.querySelector('.pond-slot').getBoundingClientRect().height;
  for (const plate of document.querySelectorAll('.seat-plate')) {
    const name = plate.querySelector('.seat-name');
    if (name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight + 1)
      problems.push('name cut: ' + name.textContent);
    const height = plate.getBoundingClientRect().height;
    if (height > pond) problems.push(`plate ${height} px, taller than a pond (${pond} px)`);
  }
  return problems;
}""",
}


def play_by_bots(game: Game) -> Game:
    """Every seat plays the careful bot's choice until the game ends (riichi, calls and
    defence included, so the review has threats to weigh)."""
    bot = bots.get("careful")
    rngs = [bot_rng(9, seat) for seat in range(4)]
    for _ in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.finished:
            return game
        state = states.state_of(game)
        seat = pending_seats(state)[0]
        action = bot(seat_view(state, seat), rngs[seat])
        submit(game.pk, seat, action, game.version)
    raise AssertionError("the game did not end")


def when(hour: int = 19) -> datetime.datetime:
    return datetime.datetime(2026, 11, 26, hour, tzinfo=datetime.UTC)


@pytest.fixture
def pages(settings):
    """Every page of the list, by name, with the data behind it."""
    settings.TABLE_DRIVER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    ruleset = Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    alice = Player.objects.create_user(
        username="alice",
        password="pw-alice-123",
        display_name="Alice",
        learning_aids=True,
        is_staff=True,
    )
    members = [
        Player.objects.create_user(username=f"m{i}", password="pw-member-1", display_name=name)
        for i, name in enumerate(NAMES)
    ]
    running = table_with_bots(ruleset, alice, "Running table")
    play_until(start_game(running, seed=5), lambda s: len(s.discards[0]) >= 4)
    done = table_with_bots(ruleset, alice, "Finished table")
    game = play_by_bots(start_game(done, seed=7))
    reviews.use_runner(lambda job: job())
    try:
        review = reviews.request(game, 0)
    finally:
        reviews.use_runner(None)
    review.refresh_from_db()
    decisions = review_pages.flat_decisions(review.data)
    # the decision with the most danger columns (threats) in its discard table
    widest = max(range(len(decisions)), key=lambda i: len(decisions[i].get("threats", [])))
    assert decisions[widest].get("threats"), "no decision with a threat: choose another seed"
    # a discard that leaves the hand ready (the waits table) with the most waits, and
    # the call offered with the most options (the call-or-pass table)
    waits = [sum(len(c.get("waits", [])) for c in d.get("candidates", [])) for d in decisions]
    ready = max(range(len(decisions)), key=lambda i: waits[i])
    assert waits[ready], "no ready decision: choose another seed"
    call = max(range(len(decisions)), key=lambda i: len(decisions[i].get("calls", [])))
    assert decisions[call].get("calls"), "no call decision: choose another seed"
    Table.objects.create(name="Waiting table", ruleset=ruleset, created_by=alice)

    event = Tournament.objects.create(
        name="Autumn Open",
        format=Tournament.OFFLINE,
        start_date=datetime.date(2026, 11, 1),
        ruleset=ruleset,
        rounds=2,
        created_by=alice,
    )
    for player in [alice, *members]:
        Registration.objects.create(tournament=event, player=player)
    scores = ([48300, 32300, 24200, -4800], [31000, 27000, 23500, 18500])
    for seed, round_scores in zip((3, 4), scores, strict=True):
        round_ = rounds.draw(event, "random", seating_seed=seed)
        rounds.publish(round_)
        for table in round_.tables.all():
            records.save_result(
                table, round_scores, 0, [0] * 4, [""] * 4, alice, clock=lambda: when()
            )
    entered = event.round_set.get(number=2).tables.first()  # its result form, to correct

    night = Tournament.objects.create(
        name="Thursday Club Night",
        format=Tournament.OFFLINE,
        start_date=datetime.date(2026, 11, 26),
        ruleset=Ruleset.objects.create(name="Preset ronin", preset="ronin"),
        rounds=1,
        created_by=alice,
    )
    for player in members[:4]:
        Registration.objects.create(tournament=night, player=player)
    round_ = rounds.draw(night, "random", seating_seed=3)
    rounds.publish(round_)
    scored = round_.tables.get()
    for i, hand in enumerate(
        (
            DeclaredHand("exhaustive", riichi=(1,), tenpai=(1, 2)),
            DeclaredHand("ron", (WinValue(0, 3, 30), WinValue(3, 2, 30)), 2),
            DeclaredHand("ron", (WinValue(0, 6, 0),), 1),
            DeclaredHand("tsumo", (WinValue(2, 2, 40),)),
        )
    ):
        scored_tables.save_hand(scored, hand, f"hand-{i}", alice, clock=lambda: when())
    states.clear()
    return {
        "lobby": "/",
        "table": running.get_absolute_url(),
        "rulebook": "/rules/riichi/",
        "calculator": "/rules/calculator/",
        "game": f"/players/games/{game.pk}/",
        "review": f"/players/games/{game.pk}/review/0/?d={widest}",
        "review-ready": f"/players/games/{game.pk}/review/0/?d={ready}",
        "review-call": f"/players/games/{game.pk}/review/0/?d={call}",
        "profile": "/players/alice/",
        "ranking": "/players/",
        "rulesets": "/rules/rulesets/",
        "events": "/tournaments/",
        "event": f"/tournaments/{event.pk}/",
        "standings": f"/tournaments/{event.pk}/standings/",
        "projector": f"/tournaments/{event.pk}/projector/",
        "round": f"/tournaments/{event.pk}/rounds/1/",
        "sheets": f"/tournaments/{event.pk}/rounds/1/sheets/",
        "result": f"/tournaments/{event.pk}/tables/{entered.pk}/result/",
        "club-night": f"/tournaments/{night.pk}/tables/{scored.pk}/score/",
    }


def keep(page, name: str) -> None:
    shots = Path("/tmp/shots")
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / f"main-{name}.png"), full_page=True, animations="disabled")
    if os.environ.get("MAIN_PAGES_SHOTS"):
        extra = Path(os.environ["MAIN_PAGES_SHOTS"])
        extra.mkdir(parents=True, exist_ok=True)
        shutil.copy(shots / f"main-{name}.png", extra / f"{name}.png")


@pytest.mark.slow(15)
def test_the_main_pages_fit_a_desk_and_a_phone_without_scrolling_sideways(
    pages, browser_page, site_url
):
    page = browser_page
    sign_in(page, site_url)
    wide, shown = {}, {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for name, path in pages.items():
            response = page.goto(site_url + path)
            assert response.status == 200, (name, response.status)
            page.wait_for_load_state("networkidle")
            keep(page, f"{name}-{size}")
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            boxes = page.evaluate(SCROLLING_BOXES)
            if overflow > 0 or boxes:
                wide[f"{name}-{size}"] = (overflow, boxes)
            if name in CHECKS and (problems := page.evaluate(CHECKS[name], size)):
                shown[f"{name}-{size}"] = problems
    assert not wide, f"pages or boxes wider than the screen: {wide}"
    assert not shown, f"pages not shown as they should be: {shown}"
