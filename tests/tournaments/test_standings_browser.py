"""The standings' progress chart in a real browser, with a long name in its legend:
the name reads whole at a desk (1280x800) and on a phone (390x844), and the phone's
page does not scroll sideways."""

import pytest

from .conftest import enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Maximilian Featherstonehaugh-Cholmondeley"

# The legend entries shown, each with what of it is cut or outside the figure.
LEGEND = """() => {
  const figure = document.querySelector('figure.chart').getBoundingClientRect();
  return [...document.querySelectorAll('figure.chart .chart-legend li')]
    .filter(e => e.getClientRects().length)
    .map(e => {
      const name = e.querySelector('.chart-name'), box = name.getBoundingClientRect();
      return {
        name: name.textContent,
        cut: name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight + 1
          || getComputedStyle(name).textOverflow === 'ellipsis',
        outside: box.left < figure.left - 1 || box.right > figure.right + 1
          || box.right > window.innerWidth,
      };
    });
}"""


@pytest.fixture
def standings(site_url, make_event, seated_round):
    """Two rounds of eight players, the first with a long name (made before the
    browser starts: recording a result tells the live pages, which needs this thread
    free of Playwright's event loop)."""
    tournament = make_event(players=8, rounds_=2)
    first = tournament.entries.order_by("pk").first().player
    first.display_name = LONG
    first.save()
    for seed in (7, 8):
        for table in seated_round(tournament, seed=seed).tables.order_by("number"):
            enter(table, [41000, 28000, 21000, 10000])
    return f"{site_url}/tournaments/{tournament.pk}/standings/"


@pytest.mark.slow(6)
def test_it_shows_a_long_name_whole_in_the_charts_legend_at_a_desk_and_on_a_phone(
    standings, browser_page
):
    page = browser_page
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(standings)
        page.wait_for_selector("figure.chart")
        legend = page.evaluate(LEGEND)
        assert len(legend) == 8, (width, legend)
        assert [e for e in legend if e["name"] == LONG] == [
            {"name": LONG, "cut": False, "outside": False}
        ], (width, legend)
        assert not [e for e in legend if e["cut"] or e["outside"]], (width, legend)
        # no name is drawn (cut short) inside the chart itself
        shown = page.locator("figure.chart svg.progress-chart:visible")
        assert shown.count() == 1 and shown.locator("text.legend").count() == 0
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (width, overflow)
    assert not page.console_errors, page.console_errors
