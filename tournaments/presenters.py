"""What the standings and results pages show, as plain values.

The page, the live broadcast, the projector and the CSV exports all read these
same values, so an export always matches the page it was taken from.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.engine import format_final

from . import charts, duplicate, leaderboard, records, scored_tables, stages
from .leaderboard import WIND_NAMES
from .models import Tournament

CHART_LINES = 10  # the chart shows the top ten players; more lines are unreadable

STANDINGS_COLUMNS = (
    ("rank", gettext_lazy("Rank")),
    ("name", gettext_lazy("Player")),
    ("team", gettext_lazy("Team")),
    ("total", pgettext_lazy("standings", "Points")),
    ("games", gettext_lazy("Games")),
    ("average", gettext_lazy("Avg place")),
    ("first", gettext_lazy("1st")),
    ("second", gettext_lazy("2nd")),
    ("third", gettext_lazy("3rd")),
    ("fourth", gettext_lazy("4th")),
    ("penalties", gettext_lazy("Penalties")),
    ("chombos", gettext_lazy("Chombos")),
)
STAGE_COLUMNS = (("stage", gettext_lazy("Stage")), ("carried", gettext_lazy("Carried")))
RESULT_COLUMNS = (
    ("round", gettext_lazy("Round")),
    ("table", gettext_lazy("Table")),
    ("finished", gettext_lazy("Finished")),
    ("wind", gettext_lazy("Seat")),
    ("name", gettext_lazy("Player")),
    ("score", gettext_lazy("Raw score")),
    ("place", gettext_lazy("Place")),
    ("uma", gettext_lazy("Uma")),
    ("oka", gettext_lazy("Oka")),
    ("penalty", gettext_lazy("Penalty")),
    ("final", pgettext_lazy("standings", "Points")),
)


def ruleset_summary(ruleset) -> list[tuple[str, str]]:
    """The settings that decide the standings, in words."""
    unit = ruleset.score_unit
    uma = " / ".join(format_final(u) for u in ruleset.uma)
    return [
        (_("Start / return points"), f"{ruleset.start_score:,} / {ruleset.target_score:,}"),
        (_("Uma"), uma),
        (_("Oka"), format_final(ruleset.oka_points) if ruleset.oka else _("none")),
        (
            _("Ties"),
            _("split uma and oka")
            if ruleset.tie_rule == "share_uma"
            else _("the seat nearer the first dealer ranks higher"),
        ),
        (
            _("Chombo"),
            _("%(points)s after uma") % {"points": format_final(-ruleset.chombo_penalty)}
            if ruleset.chombo == "penalty"
            else _("mangan payments at the table"),
        ),
        (_("Rounding"), rounding_words(ruleset.rounding, unit)),
    ]


def rounding_words(rounding: str, unit: int) -> str:
    """How final scores are rounded, in plain words (the engine's ``round_to_unit``)."""
    if rounding == "none" or unit == 1:
        return _("not rounded: every point counts")
    if rounding == "goshashonyu":
        return _(
            "to whole %(unit)ss: a remainder below %(half)s rounds down, "
            "from %(half)s up (goshashonyu)"
        ) % {"unit": f"{unit:,}", "half": f"{unit * 6 // 10:,}"}
    return _("to whole %(unit)ss: a remainder from %(half)s rounds up") % {
        "unit": f"{unit:,}",
        "half": f"{unit // 2:,}",
    }


def _upto(items, round_number, step):
    """The games or penalties of rounds up to ``round_number`` (None: all of them)."""
    if round_number is None:
        return list(items)
    return [i for i in items if isinstance(step(i), int) and step(i) <= round_number]


def standings(tournament: Tournament, start=None, end=None, upto_round=None) -> dict:
    """Everything the standings page shows, for the given date range (leagues), up to
    round ``upto_round`` when the last rounds are hidden (tournaments.hidden_finish)."""
    ruleset = tournament.engine_ruleset()
    entries = records.entries_of(tournament)
    games = _upto(records.games_of(tournament, start, end), upto_round, lambda g: g.round)
    pending = _upto(
        records.pending_penalties(tournament, start, end)
        + scored_tables.pending_chombos(tournament, start, end),
        upto_round,
        lambda a: a.step,
    )
    stage = stages.stage_of(tournament) if not tournament.is_league else None
    cut_shown = stage is not None and stage.is_cut
    if cut_shown and upto_round is not None and upto_round <= stage.after_round:
        cut_shown = False  # the cut is part of what is hidden
    if cut_shown:
        board = stages.board(tournament, games, ruleset, entries, pending)
    else:
        board = leaderboard.build(games, ruleset, entries, pending)
    names = records.names_of(games, entries)
    show_team = any(r.team for r in board.rows)
    columns = [c for c in STANDINGS_COLUMNS if show_team or c[0] != "team"]
    if cut_shown:
        columns[2:2] = STAGE_COLUMNS
    rows = [_row(r, board) for r in board.rows]
    for row in rows:
        row["line"] = [
            {"key": key, "text": row["cells"][key], "sort": row["sort"][key]} for key, _ in columns
        ]
    ranked = [r for r in board.rows if r.rank is not None][:CHART_LINES]
    day = _("d M")  # the chart's day of play: "01 Mar" (3月1日 in Japanese)
    labels = [f"R{s}" if isinstance(s, int) else formats.date_format(s, day) for s in board.steps]
    series = [(r.name, leaderboard.cumulative(r, board.steps)) for r in ranked]
    title = _("Running total by round") if not tournament.is_league else _("Running total by day")
    # drawn about as wide as it is shown beside its legend at a desk, so its type reads 12 px
    chart = charts.progress_svg(series, labels, 700, 320, title)
    # a phone draws the narrow chart and lists the names below it (tournaments.css)
    narrow_chart = charts.progress_svg(series, labels, 360, 250, title, narrow=True)
    lines = duplicate.comparisons(games)
    dup_totals = duplicate.totals(lines)
    return {
        "tournament": tournament,
        "columns": columns,
        "rows": rows,
        "teams": [
            {
                "rank": t.rank,
                "team": t.team,
                "members": ", ".join(t.members),
                "total": board.points(t.total),
                "games": t.games,
            }
            for t in board.teams
        ],
        "chart": chart,
        "narrow_chart": narrow_chart,
        "chart_legend": charts.legend(series) if chart else [],
        "games_played": len(games),
        "duplicate_lines": duplicate.named(lines, names),
        "duplicate_totals": sorted(
            ({"name": names.get(p, str(p)), "difference": d} for p, d in dup_totals.items()),
            key=lambda x: -x["difference"],
        ),
        "rules": ruleset_summary(ruleset),
        # the tables in play of hidden rounds show no running scores either
        "live_tables": scored_tables.live_tables(tournament) if upto_round is None else [],
        "start": start,
        "end": end,
        "stage": stage,
        "stage_text": stages.describe(stage),
        "upto_round": upto_round,
    }


def _row(row: leaderboard.Row, board: leaderboard.Leaderboard) -> dict:
    avg = row.average_place
    cells = {
        "rank": str(row.rank) if row.rank is not None else "–",
        "name": row.name,
        "team": row.team,
        "total": board.points(row.total),
        "games": str(row.games),
        "average": f"{avg:.2f}" if avg is not None else "–",
        "first": str(row.places[0]),
        "second": str(row.places[1]),
        "third": str(row.places[2]),
        "fourth": str(row.places[3]),
        "penalties": board.points(-row.penalties) if row.penalties else "0",
        "chombos": str(row.chombos),
        "stage": row.stage,
        "carried": board.points(row.carried) if row.carried is not None else "",
    }
    sort = {
        "rank": row.rank if row.rank is not None else 10**6,
        "name": row.name.lower(),
        "team": row.team.lower(),
        "total": row.total,
        "games": row.games,
        "average": avg if avg is not None else 9,
        "first": row.places[0],
        "second": row.places[1],
        "third": row.places[2],
        "fourth": row.places[3],
        "penalties": row.penalties,
        "chombos": row.chombos,
        "stage": row.stage,
        "carried": row.carried if row.carried is not None else -(10**9),
    }
    return {
        "cells": cells,
        "sort": sort,
        "player": row.player,
        "substitute": row.substitute,
        "withdrawn": row.withdrawn,
        "cut": row.stage.startswith("Out"),
        "chombos": row.chombos,
        "positive": row.total > 0,
        "negative": row.total < 0,
    }


def results(tournament: Tournament, start=None, end=None, upto_round=None) -> list[dict]:
    """One line per player per game, with the engine's breakdown of their points (up
    to round ``upto_round`` when the last rounds are hidden)."""
    ruleset = tournament.engine_ruleset()
    out = []
    tables = list(records.played_tables(tournament, start, end))
    if upto_round is not None:
        tables = [t for t in tables if t.round and t.round.number <= upto_round]
    for table in tables:
        game = records.as_game(table)
        standings = leaderboard.score_game(game, ruleset)
        seats = {s.wind: s for s in table.seats.all()}
        for wind in range(4):
            s = standings[wind]
            seat = seats.get(wind)
            penalty = s.penalty + game.penalties[wind]
            out.append(
                {
                    "round": str(game.round) if game.round is not None else "league",
                    "table": str(table.number),
                    "finished": table.result.finished_at.strftime("%Y-%m-%d %H:%M"),
                    "wind": WIND_NAMES[wind],
                    "name": seat.player_name if seat else "Bot",
                    "player": seat.player_id if seat else None,
                    "score": str(game.scores[wind]),
                    "place": str(s.place),
                    "uma": format_final(s.uma),
                    "oka": format_final(s.oka),
                    "penalty": format_final(-penalty) if penalty else "0",
                    "final": format_final(s.final - game.penalties[wind]),
                }
            )
    return out


# --- the CSVs: besides the page's columns, each player's username and team, so that
# two members with the same shown name can be told apart (empty for a person
# registered by name, a guest or a bot: they have no account to sign in with)


def _usernames(ids) -> dict:
    from django.contrib.auth import get_user_model

    rows = get_user_model().objects.filter(pk__in=[i for i in ids if isinstance(i, int)])
    return {p.pk: ("" if p.is_placeholder else p.username) for p in rows}


def standings_csv(context: dict) -> tuple[list, list[dict]]:
    """The standings' columns and rows for the CSV: the page's, with username and team."""
    columns = [c for c in context["columns"] if c[0] != "team"]  # with a stage's columns
    at = [key for key, _ in columns].index("name") + 1
    columns[at:at] = [("username", "Username"), ("team", "Team")]
    usernames = _usernames([row["player"] for row in context["rows"]])
    rows = [
        {**row["cells"], "username": usernames.get(row["player"], "")} for row in context["rows"]
    ]
    return columns, rows


def results_csv(
    tournament: Tournament, start=None, end=None, upto_round=None
) -> tuple[list, list[dict]]:
    """Every result line for the CSV, with each player's username and team."""
    columns = list(RESULT_COLUMNS)
    at = [key for key, _ in columns].index("name") + 1
    columns[at:at] = [("username", "Username"), ("team", "Team")]
    teams = dict(tournament.entries.values_list("player_id", "team"))
    lines = results(tournament, start, end, upto_round)
    usernames = _usernames([line["player"] for line in lines])
    for line in lines:
        line["username"] = usernames.get(line["player"], "")
        line["team"] = teams.get(line["player"], "")
    return columns, lines
