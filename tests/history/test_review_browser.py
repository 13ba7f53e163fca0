"""The game review in a real browser: a bot game and an imported Tenhou log.

The review is computed by the site's own background runner (a thread in the daphne
child); the page shows its progress and polls until it is stored, then the test
steps through decisions by the buttons and the arrow keys, opens a marked moment,
and saves screenshots at 1280x800 and 390x844 under /work/notes/shots/review/.
"""

from pathlib import Path

import pytest
from django.utils import timezone

from history import reviews
from history.logs.importer import import_log
from history.models import GameReview
from history.review_pages import MARK_WORDS, flat_decisions
from tables.drawing.tile_markup import HAKU
from tests.browser_helpers import settled

from .conftest import DATA, play_and_store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/notes/shots/review")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def keep(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    if name.endswith("-390"):  # the phone's first screens, at their real size
        for n, selector in enumerate(("#review", "#decision h2", "#summary", "#agreement")):
            target = page.locator(selector).first
            if target.count():
                target.scroll_into_view_if_needed()
                page.evaluate(
                    "s => document.querySelector(s).scrollIntoView({block: 'start'})", selector
                )
                page.screenshot(path=str(SHOTS / f"{name}-screen{n + 1}.png"))


def decision(page) -> int:
    return int(page.locator("#review").get_attribute("data-decision"))


def wait_for_decision(page, number: int) -> None:
    """The decision is shown and htmx has settled, so its new links can be clicked."""
    try:
        settled(page, f"#review[data-decision='{number}']")
    except Exception as exc:  # say what the server answered, not only that nothing came
        failed = getattr(page, "failed_responses", [])
        raise AssertionError(
            f"decision {number} never shown (at {page.url}); failed responses: {failed}"
        ) from exc


def no_sideways_scroll(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def open_review(page, site_url, path: str) -> None:
    page.goto(site_url + path)
    # the first visit starts the review; the page polls until it is stored
    page.wait_for_selector("#review[data-decision]", timeout=20_000)
    wait_for_decision(page, decision(page))


def step(page, name: str) -> None:
    """Forward twice by the button, back once by the keyboard, then a marked moment."""
    start = decision(page)
    page.click("a.step-forward")
    wait_for_decision(page, start + 1)
    page.click("a.step-forward")
    wait_for_decision(page, start + 2)
    assert f"d={start + 2}" in page.url  # each step is pushed into the address bar
    page.keyboard.press("ArrowLeft")
    wait_for_decision(page, start + 1)
    page.keyboard.press("ArrowRight")
    wait_for_decision(page, start + 2)
    assert page.locator(".review-choice").count() == 1
    assert page.locator("#table-board").count() == 1
    moments = page.locator("a.moment")
    if moments.count():
        href = moments.first.get_attribute("href")
        moments.first.click()
        wait_for_decision(page, int(href.split("d=")[1]))
        assert page.locator(".review-choice .mark").count() >= 1
    keep(page, f"{name}-1280")
    page.set_viewport_size(PHONE)
    assert no_sideways_scroll(page), name
    keep(page, f"{name}-390")
    page.set_viewport_size(DESKTOP)


def test_it_reviews_a_bot_game_and_an_imported_log_step_by_step(browser_page, site_url, members):
    page = browser_page
    page.failed_responses = []
    page.on(
        "response",
        lambda r: page.failed_responses.append((r.status, r.url)) if r.status >= 400 else None,
    )
    page.set_viewport_size(DESKTOP)
    games = play_and_store(members, [21, 22, 23])
    aoi = members[0]
    reviews.use_runner(lambda job: job())  # two earlier reviews, stored here and now
    try:
        for game in games[1:]:
            reviews.request(game, seat_of(game, aoi))
    finally:
        reviews.use_runner(None)
    game = games[0]

    # a member starts reviews (an anonymous visitor reads only the stored ones)
    page.goto(f"{site_url}/players/login/")
    page.fill("#id_username", "aoi")
    page.fill("#id_password", "pw-aoi-123")
    page.click("main button[type=submit]")
    page.wait_for_selector(".account-nav >> text=Aoi")
    # from the game page's review link to the progress, then the review itself
    page.goto(f"{site_url}/players/games/{game.pk}/")
    page.click("table.standings tr:has-text('Aoi') a.review-link")
    page.wait_for_selector("#review[data-decision='0']", timeout=20_000)
    wait_for_decision(page, 0)
    assert page.locator(".review-candidates tbody tr").count() > 0
    assert page.locator(".review-candidates img").count() > 0
    assert "%" in page.locator(".review-summary .agreement").inner_text()
    step(page, "bot-game")

    # Aoi's profile plots the agreement over the three reviewed games
    page.goto(f"{site_url}/players/aoi/")
    page.wait_for_selector(".agreement-chart svg")
    assert page.locator(".agreement-chart circle.point").count() == 3
    page.locator("#agreement").scroll_into_view_if_needed()
    keep(page, "profile-1280")
    page.set_viewport_size(PHONE)
    assert no_sideways_scroll(page)
    keep(page, "profile-390")
    page.set_viewport_size(DESKTOP)

    report = import_log(
        "real_tenhou_hanchan_2019.xml", (DATA / "real_tenhou_hanchan_2019.xml").read_bytes()
    )
    open_review(page, site_url, f"/players/games/{report.game_id}/review/2/")
    step(page, "imported-log")

    # a decision against a threat (danger columns) and a ready hand's waits with values
    data = GameReview.objects.get(game_id=report.game_id, seat=2).data
    found = {
        "danger": first(data, lambda d: d.get("threats")),
        "waits": first(data, lambda d: any(c["waits"] for c in d.get("candidates", []))),
        "call": first(data, lambda d: d.get("calls")),
    }
    for name, number in found.items():
        if number is None:
            continue
        page.set_viewport_size(DESKTOP)
        page.goto(f"{site_url}/players/games/{report.game_id}/review/2/?d={number}")
        wait_for_decision(page, number)
        keep(page, f"imported-{name}-1280")
        page.set_viewport_size(PHONE)
        assert no_sideways_scroll(page), name
        keep(page, f"imported-{name}-390")
    assert found["danger"] is not None
    assert page.locator(".review-choice").count() == 1
    assert not page.console_errors, page.console_errors


def seat_of(game, player) -> int:
    return next(s.index for s in game.table.seats.all() if s.player_id == player.pk)


def first(data, test):
    numbers = [n for n, d in enumerate(flat_decisions(data)) if test(d)]
    return numbers[0] if numbers else None


# The waits table on a phone, as problems: the page or the table's box scrolling
# sideways, a heading or a figure broken over two lines, type under 13 px, or two
# neighbouring cells' contents closer than 12 px.
WAITS_ON_A_PHONE = """() => {
  const problems = [], table = document.querySelector('table.review-waits');
  const page = document.documentElement.scrollWidth - window.innerWidth;
  if (page > 0) problems.push(`page ${page} px too wide`);
  for (const box of [table, table.parentElement])
    if (box.scrollWidth > box.clientWidth + 1) problems.push(`box ${box.scrollWidth}>${box.clientWidth}`);
  const lines = e => {
    const r = document.createRange();
    r.selectNodeContents(e);
    return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
  };
  const extent = e => {
    const r = document.createRange();
    r.selectNodeContents(e);
    return r.getBoundingClientRect();
  };
  for (const cell of table.querySelectorAll('th, td.num')) {
    if (lines(cell) > 1) problems.push('two lines: ' + cell.textContent.trim());
    if (parseFloat(getComputedStyle(cell).fontSize) < 13) problems.push('small: ' + cell.textContent.trim());
  }
  for (const row of table.rows) {
    const cells = [...row.cells];
    for (let i = 1; i < cells.length; i++) {
      const gap = extent(cells[i]).left - extent(cells[i - 1]).right;
      if (gap < 12) problems.push(`${gap.toFixed(1)} px between ${cells[i - 1].textContent.trim()} and ${cells[i].textContent.trim()}`);
    }
  }
  return problems;
}"""


@pytest.fixture
def crowded_waits(site_url, members):
    """A review's ready decision with the widest waits table it can have: every
    discard furiten, waits of no yaku and no riichi beside ones worth 12,000 and more
    (made before the browser starts, which runs an event loop in this thread)."""
    game = play_and_store(members, [21])[0]
    review = reviews.request(game, 0)  # computed at once (tests/conftest.py)
    review.refresh_from_db()
    decisions = flat_decisions(review.data)
    number = next(
        n for n, d in enumerate(decisions) if any(c["waits"] for c in d.get("candidates", []))
    )
    for candidate in decisions[number]["candidates"][:3]:
        candidate["furiten"] = True
        candidate["waits"] = [
            {"kind": 4, "unseen": 4, "dama": 0, "riichi": None},
            {"kind": HAKU, "unseen": 11, "dama": 12000, "riichi": 24000},
            {"kind": 8, "unseen": 3, "dama": 3900, "riichi": 18000},
        ]
    review.save()
    return f"{site_url}/players/games/{game.pk}/review/0/?d={number}"


def test_the_waits_table_reads_on_a_phone(crowded_waits, browser_page):
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(crowded_waits)
    page.wait_for_selector("table.review-waits")
    assert page.locator("table.review-waits tbody tr").count() >= 9
    assert page.evaluate(WAITS_ON_A_PHONE) == []
    keep(page, "crowded-waits-390")
    assert not page.console_errors, page.console_errors


POLISH = Path("/work/notes/shots/polish2")


def test_the_side_links_arrive_with_the_review_the_page_waited_for(browser_page, site_url, members):
    page = browser_page
    page.set_viewport_size(DESKTOP)
    game = play_and_store(members, [21])[0]
    # a review under way elsewhere (fresh, so the site starts no job of its own)
    now = timezone.now()
    row = GameReview.objects.create(
        game=game, seat=0, requested=now, updated=now, total=len(game.log)
    )
    page.goto(f"{site_url}/players/games/{game.pk}/review/0/")
    page.wait_for_selector("#review-progress")
    assert page.locator(".shortcuts a[href='#summary']").count() == 0
    POLISH.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(POLISH / "review-waiting-1280.png"))
    reviews.compute(row.pk)
    wait_for_decision(page, 0)  # the poll swapped the review in: no reload
    for part in ("decision", "summary", "moments"):
        assert page.locator(f".shortcuts a[href='#{part}']").is_visible(), part
    page.screenshot(path=str(POLISH / "review-arrived-1280.png"))
    page.click(".shortcuts a[href='#summary']")
    assert page.url.endswith("#summary")
    assert not page.console_errors, page.console_errors


@pytest.fixture
def busy_summary(site_url, members):
    """A review whose first hand has 26 decisions, all as the bot's and all marked
    every way: the widest row the summary's table can have."""
    game = play_and_store(members, [21])[0]
    review = reviews.request(game, 0)  # computed at once (tests/conftest.py)
    review.refresh_from_db()
    hand = review.data["hands"][0]
    one = hand["decisions"][0]
    hand["decisions"] = [{**one, "agreed": True, "marks": list(MARK_WORDS)} for _ in range(26)]
    hand["agreed"] = 26
    review.save()
    return f"{site_url}/players/games/{game.pk}/review/0/"


def test_the_summary_keeps_each_figure_hand_name_and_mark_count_on_one_line_on_a_phone(
    busy_summary, browser_page
):
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(busy_summary)
    page.wait_for_selector("table.review-hands")
    figure = page.locator("table.review-hands td.num").first
    assert figure.inner_text() == "26/26 (100%)"
    page.locator("#summary").screenshot(path=str(POLISH / "review-summary-390.png"))
    lines = page.evaluate(
        """() => [...document.querySelectorAll(
          'table.review-hands td.num, table.review-hands .nowrap')].map(e => {
          const r = document.createRange();
          r.selectNodeContents(e);
          return [e.textContent, new Set([...r.getClientRects()].map(x => Math.round(x.top))).size];
        })"""
    )
    assert [text for text, n in lines if n > 1] == []
    # a mark's count on the line of the mark's last word, and the table in its box
    alone = page.evaluate(
        """() => [...document.querySelectorAll('table.review-hands .mark-count')].filter(e => {
          const text = e.firstChild, cut = text.data.search(/\\S+$/), r = document.createRange();
          r.setStart(text, cut - 2);
          r.setEnd(text, cut - 1);
          const word = r.getClientRects()[0].top;
          r.setStart(text, cut);
          r.setEnd(text, cut + 1);
          return Math.round(r.getClientRects()[0].top) !== Math.round(word);
        }).map(e => e.textContent)"""
    )
    assert alone == []
    table = page.locator("table.review-hands")
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth + 1")
    assert "1 honba" in [text for text, _ in lines]  # "East 2, 1 honba" in two parts
    assert no_sideways_scroll(page)
    assert not page.console_errors, page.console_errors


def test_on_a_phone_the_review_comes_first_and_its_first_mark_is_on_the_first_screen(
    browser_page, site_url, members
):
    page = browser_page
    game = play_and_store(members, [21])[0]
    review = reviews.request(game, 0)  # computed at once (tests/conftest.py)
    review.refresh_from_db()
    marked = first(review.data, lambda d: d["marks"])
    assert marked is not None
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}/players/games/{game.pk}/review/0/?d={marked}")
    wait_for_decision(page, marked)
    assert page.evaluate("window.scrollY") == 0
    review_box = page.locator("#review").bounding_box()
    assert review_box["y"] < PHONE["height"] / 2  # the review starts high on the screen
    mark = page.locator(".review-choice .mark").first.bounding_box()
    assert mark is not None and mark["y"] + mark["height"] <= PHONE["height"], mark
    # the page's links are still there, after the review
    parts = page.locator(".shortcuts a[href='#summary']")
    assert parts.count() == 1
    assert parts.bounding_box()["y"] >= review_box["y"] + review_box["height"]
    keep(page, "first-mark-390")
    assert no_sideways_scroll(page)
    assert not page.console_errors, page.console_errors
