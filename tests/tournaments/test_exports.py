"""The CSV downloads carry exactly what the pages show."""

import csv
import io
import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from players.models import Player
from tournaments import charts
from tournaments.models import Registration

from .conftest import enter

pytestmark = pytest.mark.django_db


class TableText(HTMLParser):
    """The text of each cell of the table with the given id, row by row."""

    def __init__(self, table_id):
        super().__init__()
        self.table_id, self.depth, self.rows, self.cell = table_id, 0, [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and (self.depth or attrs.get("id") == self.table_id):
            self.depth += 1
        elif self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []
        elif self.depth and tag == "span" and self.cell is not None:
            self.cell.append("\0")  # badges are not part of the value

    def handle_endtag(self, tag):
        if tag == "table" and self.depth:
            self.depth -= 1
        elif self.depth and tag in ("td", "th") and self.cell is not None:
            text = "".join(self.cell).split("\0")[0]
            self.rows[-1].append(" ".join(unescape(text).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table_rows(html, table_id):
    parser = TableText(table_id)
    parser.feed(html)
    return parser.rows


@pytest.fixture
def played(make_event, seated_round):
    tournament = make_event(players=8, rounds_=2)
    first = tournament.entries.first()
    first.team = "Cranes"
    first.save()
    round_ = seated_round(tournament)
    t1, t2 = round_.tables.order_by("number")
    enter(t1, [40000, 30000, 20000, 10000])
    enter(
        t2,
        [25000, 25000, 25000, 24000],
        sticks=1,
        chombos=(0, 0, 1, 0),
        reasons=("", "", "dead wall", ""),
    )
    return tournament


def plain(cell: str) -> str:
    """A cell as the CSV writes it (the page writes 40,000, −4,800 and −4.8 for people)."""
    return cell.replace(",", "").replace("\u2212", "-")


def test_it_exports_the_standings_as_shown(client, played):
    page = client.get(reverse("tournaments:standings", args=[played.pk])).content.decode()
    shown = [[plain(cell) for cell in row] for row in table_rows(page, "standings-table")]
    response = client.get(reverse("tournaments:standings_csv", args=[played.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    exported = list(csv.reader(io.StringIO(response.content.decode())))
    # the export adds the username after the name; the rest is the page's
    assert [row[:2] + row[3:] for row in exported] == shown
    assert exported[0][:5] == ["Rank", "Player", "Username", "Team", "Points"]
    assert len(exported) == 9


def test_it_exports_every_result_as_shown(client, played):
    page = client.get(reverse("tournaments:standings", args=[played.pk])).content.decode()
    shown = [[plain(cell) for cell in row] for row in table_rows(page, "results-table")]
    assert "40,000" in page  # the page separates thousands; the export does not
    exported = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("tournaments:results_csv", args=[played.pk])).content.decode()
            )
        )
    )
    # the export adds username and team after the name; the rest is the page's
    assert [row[:5] + row[7:] for row in exported] == shown
    assert len(exported) == 1 + 8
    assert exported[0] == [
        "Round",
        "Table",
        "Finished",
        "Seat",
        "Player",
        "Username",
        "Team",
        "Raw score",
        "Place",
        "Uma",
        "Oka",
        "Penalty",
        "Points",
    ]
    # the player of the table whose sticks were left over: first place collects them
    assert {row[7] for row in exported[1:]} >= {"40000", "24000"}
    cranes = [row for row in exported[1:] if row[6] == "Cranes"]
    assert len(cranes) == 1 and cranes[0][5] == played.entries.first().player.username


def test_the_csvs_tell_two_members_with_the_same_shown_name_apart(client, make_event, seated_round):
    tournament = make_event(players=4, rounds_=1)
    first, second = [e.player for e in tournament.entries.all()[:2]]
    Player.objects.filter(pk__in=[first.pk, second.pk]).update(display_name="Kaiji")
    Player.objects.filter(pk=first.pk).update(username="kaiji")
    Player.objects.filter(pk=second.pk).update(username="kaiji2")
    Registration.objects.filter(player=second).update(team="Owls")
    enter(seated_round(tournament).tables.get(), [40000, 30000, 20000, 10000])
    lines = client.get(reverse("tournaments:standings_csv", args=[tournament.pk]))
    rows = list(csv.reader(io.StringIO(lines.content.decode())))
    assert rows[0][:4] == ["Rank", "Player", "Username", "Team"]
    assert {tuple(r[2:4]) for r in rows[1:]} >= {("kaiji", ""), ("kaiji2", "Owls")}
    results = client.get(reverse("tournaments:results_csv", args=[tournament.pk]))
    rows = list(csv.reader(io.StringIO(results.content.decode())))
    assert {tuple(r[5:7]) for r in rows[1:]} >= {("kaiji", ""), ("kaiji2", "Owls")}


def test_the_standings_csv_has_a_team_column_even_when_nobody_has_a_team(
    client, make_event, seated_round
):
    tournament = make_event(players=4, rounds_=1)
    enter(seated_round(tournament).tables.get(), [40000, 30000, 20000, 10000])
    header = (
        client.get(reverse("tournaments:standings_csv", args=[tournament.pk]))
        .content.decode()
        .splitlines()[0]
    )
    assert header == (
        "Rank,Player,Username,Team,Points,Games,Avg place,1st,2nd,3rd,4th,Penalties,Chombos"
    )


def test_it_draws_each_players_running_total_as_inline_svg():
    svg = charts.progress_svg([("Ann <3", [12000, 30000]), ("Bo", [-12000, -30000])], ["R1", "R2"])
    assert svg.startswith("<svg") and svg.count("<polyline") == 2
    assert "Ann &lt;3" in svg and "<3" not in svg.replace("&lt;3", "")
    points = re.findall(r'points="([^"]+)"', svg)[0].split()
    assert len(points) == 3  # start, round 1, round 2
    assert charts.progress_svg([], []) == ""


def test_both_charts_leave_their_legend_to_the_page_and_a_narrow_one_thins_crowded_dates():
    series = [("Maximilian Featherstonehaugh-Cholmondeley", [12000, -3500]), ("Bo", [-12000, 3500])]
    days = [f"{d:02d} Nov" for d in range(1, 21)]
    wide = charts.progress_svg(series, days)
    narrow = charts.progress_svg(series, days, 360, 250, narrow=True)
    # no name drawn (and cut short) beside the lines: the page lists them whole
    assert 'class="legend"' not in wide and 'class="legend"' not in narrow
    assert "Maximilian Featherstonehaugh-Cholmondeley: " in wide  # the line's own title
    assert narrow.count("<polyline") == 2 and 'viewBox="0 0 360 250"' in narrow
    dates = re.findall(r">(\d\d Nov)</text>", narrow)
    assert 1 < len(dates) < len(days) // 2  # every few days, not twenty on 300 px
    assert len(re.findall(r">(\d\d Nov)</text>", wide)) == len(days)
    assert charts.legend(series) == [
        {
            "name": "Maximilian Featherstonehaugh-Cholmondeley",
            "colour": charts.PALETTE[0],
            "total": "−3.5",
        },
        {"name": "Bo", "colour": charts.PALETTE[1], "total": "+3.5"},
    ]


def test_it_shows_substitutes_after_the_ranked_players(
    client, make_event, make_members, seated_round
):
    tournament = make_event(players=3, rounds_=1)
    sub = make_members(1, prefix="sub")[0]
    Registration.objects.create(tournament=tournament, player=sub, substitute=True)
    enter(seated_round(tournament).tables.get(), [40000, 30000, 20000, 10000])
    rows = table_rows(
        client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode(),
        "standings-table",
    )
    assert rows[-1][0] == "–" and rows[-1][1] == sub.name


def test_the_standings_csv_neutralises_a_members_formula_name(db, client, make_event):
    tournament = make_event(players=4)
    Player.objects.filter(username="p01").update(display_name="=1+1")
    text = client.get(reverse("tournaments:standings_csv", args=[tournament.pk])).content.decode()
    assert "'=1+1" in text
    assert "\n=1+1" not in text and ",=1+1" not in text
