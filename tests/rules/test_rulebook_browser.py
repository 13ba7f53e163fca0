"""The rulebook in a real browser: the Kan table's pictures on one line, wide tables on a
phone keep their key column, yaku tiles at 26 px, and the new chapters, the practice
pages and the fixed tables pass axe (no serious violation) at 1280x800 and 390x844.
Screenshots of each go to /work/wt/shots/rulebook/ (or $RULEBOOK_SHOTS)."""

import os
from pathlib import Path

import pytest

from rules import practice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core-4.14.1" / "axe.min.js"
SHOTS = Path(os.environ.get("RULEBOOK_SHOTS", "/work/wt/shots/rulebook"))
DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def page(live_server):
    if not Path(CHROMIUM).exists():
        pytest.skip("no /usr/bin/chromium: apt-get install chromium to run the browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tab = browser.new_page(viewport=DESK, bypass_csp=True)
        yield tab
        browser.close()


# Every tile of every quad picture in the Kan table: its top and bottom, per meld.
MELD_ROWS = """() => [...document.querySelectorAll('.kan-table .meld')].map(m =>
  [...m.querySelectorAll('.tile')].map(t => {
    const r = t.getBoundingClientRect();
    return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left)};
  }))"""


def test_the_kan_table_s_pictures_lay_out_on_one_line(page, live_server):
    for size in (DESK, PHONE, {"width": 320, "height": 700}):
        page.set_viewport_size(size)
        page.goto(live_server.url + "/rules/turn/#kan")
        melds = page.evaluate(MELD_ROWS)
        assert len(melds) == 3
        for tiles in melds:
            assert len(tiles) == 4, tiles  # four tiles, the closed quad's backs included
            # one row: every tile's height overlaps every other's (a sideways tile is
            # shorter and centred); a wrapped tile would start below the others' bottom
            bottoms = [t["bottom"] for t in tiles]
            assert max(t["top"] for t in tiles) < min(bottoms) - 10, (size, tiles)
            lefts = [t["left"] for t in tiles]
            assert lefts == sorted(lefts), (size, tiles)  # side by side, left to right


# The key column's left edge, and the scroll box's, after scrolling the box to its end.
KEY_AFTER_SCROLL = """s => {
  const box = document.querySelector(s);
  box.scrollLeft = box.scrollWidth;
  const key = box.querySelector('tbody tr th, tbody tr td').getBoundingClientRect();
  return {scrolled: box.scrollLeft, key: key.left, box: box.getBoundingClientRect().left,
          cue: getComputedStyle(box, '::before').content};
}"""


@pytest.mark.parametrize(
    "path,box",
    [
        ("/rules/limits/", "#ladder .table-scroll"),
        ("/rules/game-end/", "#example .table-scroll"),
        ("/rules/turn/", "#kan .table-scroll"),
    ],
)
def test_a_wide_table_on_a_phone_keeps_its_key_column_and_shows_a_cue(page, live_server, path, box):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + path)
    seen = page.evaluate(KEY_AFTER_SCROLL, box)
    assert seen["scrolled"] > 0  # the table is wider than the phone
    assert abs(seen["key"] - seen["box"]) <= 1, seen  # the key column stayed in view
    assert "sideways" in seen["cue"]


def test_yaku_example_tiles_are_26_pixels_on_a_phone(page, live_server):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/rules/yaku/")
    widths = page.evaluate(
        "() => [...document.querySelectorAll('.yaku-card .tiles-small .tile')]"
        ".slice(0, 20).map(t => t.getBoundingClientRect().width)"
    )
    assert widths and all(abs(w - 26) < 0.5 for w in widths), widths
    page.set_viewport_size(DESK)
    page.goto(live_server.url + "/rules/yaku/")
    assert page.evaluate(
        "() => document.querySelector('.yaku-card .tiles-small .tile').getBoundingClientRect().width"
    ) == pytest.approx(22, abs=0.5)


def serious_violations(page) -> list[str]:
    page.evaluate(AXE.read_text() + "\n;0")
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    return [
        f"{v['impact']}: {v['id']} at {v['where']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def test_the_new_pages_pass_axe_at_desk_and_phone_sizes_and_are_photographed(page, live_server):
    problem = next(p for p in practice.problems_for(practice.today()) if p["kind"] == "defence")
    answered = f"/rules/practice/{practice.today().isoformat()}/{problem['id']}/"
    pages = {
        "waits": "/rules/waits/",
        "combinations": "/rules/combinations/",
        "strategy": "/rules/strategy/#position",
        "strategy-efficiency": "/rules/strategy/#efficiency",
        "table": "/rules/table/",
        "practice": "/rules/practice/",
        "practice-problem": answered,
        "practice-answer": answered + "#answer",
        "search": "/rules/search/?q=seven+pairs",
        "glossary": "/rules/glossary/",
        "kan-table": "/rules/turn/#kan",
        "terms-switch": "/rules/beginners/",
        "limits-table": "/rules/limits/#ladder",
        "standings-table": "/rules/game-end/#example",
        "fu-examples": "/rules/fu/#examples",
        "furiten-examples": "/rules/furiten/#examples",
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = {}
    for label, size in (("1280x800", DESK), ("390x844", PHONE)):
        page.set_viewport_size(size)
        page.goto(live_server.url + answered)
        page.click(f"button[name=tile][value='{problem['answers'][0]}']")
        page.wait_for_selector("#answer")
        for name, path in pages.items():
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            found = serious_violations(page)
            if found:
                problems[f"{name} {label}"] = found
            page.screenshot(path=str(SHOTS / f"{name}-{label}.png"))
    assert problems == {}
