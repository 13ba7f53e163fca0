"""The club ranking and the player profiles, served under ``/players/`` (see
:mod:`history.urls`).

They live in ``history`` rather than ``players`` because they are built from games,
and dependencies run one way: ``history`` may import ``players``, never the reverse.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_GET

from players.models import Player
from rules.engine import format_final

from . import charts, in_game_names, in_person, rating, reviews, stats

SORTS = {
    "rating": ("rating", True),
    "games": ("games", True),
    "place": ("average_place", False),
    "name": ("name", False),
}


# --- formatting -------------------------------------------------------------------------------


def percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def decimal(value: float | None, places: int = 2) -> str:
    return "–" if value is None else f"{value:.{places}f}"


def summary(s: stats.PlayerStats) -> list[tuple[str, str, str]]:
    """(label, value, how it is counted) for the profile's statistics list."""
    return [
        (gettext("Games played"), str(s.games), gettext("finished games")),
        (gettext("Average placement"), decimal(s.average_place), gettext("1 is first, 4 is last")),
        (
            gettext("Win rate"),
            percent(s.win_rate),
            gettext("%(wins)s wins in %(hands)s hands") % {"wins": s.wins, "hands": s.hands},
        ),
        (
            gettext("Deal-in rate"),
            percent(s.deal_in_rate),
            gettext("%(n)s of %(hands)s hands ended on their discard")
            % {"n": s.deal_ins, "hands": s.hands},
        ),
        (
            gettext("Riichi rate"),
            percent(s.riichi_rate),
            gettext("riichi in %(n)s of %(hands)s hands")
            % {"n": s.riichi, "hands": s.hands_with_actions},
        ),
        (
            gettext("Call rate"),
            percent(s.call_rate),
            gettext("chi, pon or open kan in %(n)s of %(hands)s hands")
            % {"n": s.calls, "hands": s.hands_with_actions},
        ),
        (
            gettext("Average winning hand"),
            "–"
            if s.average_win is None
            else gettext("%(points)s points") % {"points": f"{s.average_win:,.0f}"},
            gettext("table value, without honba and riichi sticks"),
        ),
    ]


# --- ranking and profiles --------------------------------------------------------------------


def _min_games(request) -> int:
    try:
        return max(0, min(1000, int(request.GET.get("min", "1"))))
    except ValueError:
        return 1


@require_GET
def ranking(request):
    all_stats = stats.gather(stats.finished_games())
    ratings = rating.club_ratings()
    minimum = _min_games(request)
    sort = request.GET.get("sort", "rating")
    if sort not in SORTS:
        sort = "rating"
    imported = request.GET.get("imported") == "1"

    def rows(players):
        out = []
        for p in players:
            s = all_stats.get(p.pk, stats.PlayerStats())
            out.append(
                {
                    "player": p,
                    "name": p.name,
                    "rating": ratings.of(p.pk),
                    "rated": ratings.games.get(p.pk, 0),  # online and in-person games
                    "games": s.games,
                    "average_place": s.average_place,
                    "place_text": decimal(s.average_place),
                    "win_rate": percent(s.win_rate),
                    "deal_in_rate": percent(s.deal_in_rate),
                }
            )
        return out

    people = Player.objects.filter(is_bot=False)
    if not imported:
        people = people.filter(is_placeholder=False)
    humans = [r for r in rows(people) if r["rated"] >= minimum]
    field, descending = SORTS[sort]

    def key(row):
        value = row[field]
        if value is None:  # players without games sort last whichever way
            return (1, 0)
        if isinstance(value, str):
            return (0, value.lower())
        return (0, -value if descending else value)

    humans.sort(key=key)
    bots = sorted(rows(Player.objects.filter(is_bot=True)), key=lambda r: -r["rating"])
    return render(
        request,
        "players/index.html",
        {
            "rows": humans,
            "bots": bots,
            "sort": sort,
            "minimum": minimum,
            "imported": imported,
            "sorts": [
                ("rating", gettext("Rating")),
                ("games", pgettext("count", "Games")),
                ("place", gettext("Average place")),
                ("name", gettext("Name")),
            ],
        },
    )


@require_GET
def profile(request, username):
    if "\x00" in username:  # PostgreSQL refuses a NUL in a query: no such member anyway
        raise Http404("There is no such member.")
    player = get_object_or_404(Player, username=username)
    s = stats.player_stats(player)
    offline = in_person.stats_of(player.pk)
    ratings = rating.club_ratings()
    history = ratings.history.get(player.pk, [])
    # The line starts from the starting rating, before the first game.
    rating_chart = charts.line_chart(
        [rating.START] + [round(p.rating, 1) for p in history],
        title=gettext("%(name)s's rating after each game") % {"name": player.name},
        labels=[gettext("start")] + [p.label for p in history],
        baseline=rating.START,
    )
    places_chart = charts.bar_chart(
        [gettext("1st"), gettext("2nd"), gettext("3rd"), gettext("4th")],
        s.places,
        title=gettext("%(name)s's placements") % {"name": player.name},
    )
    agreement = reviews.agreement_over_games(player)
    agreement_chart = charts.line_chart(
        [round(100 * share, 1) for _, share in agreement],
        title=gettext("%(name)s's agreement with the careful bot per reviewed game (percent)")
        % {"name": player.name},
        labels=[
            gettext("game %(id)s, %(date)s")
            % {"id": r.game_id, "date": f"{r.game.finished:%Y-%m-%d}"}
            for r, _ in agreement
        ],
        x_label=gettext("reviewed games"),
        bounds=(0, 100),
    )
    wins = max(1, s.wins)
    yaku = [
        {
            "name": name,
            "count": count,
            "share": percent(count / wins),
            "width": round(100 * count / wins),
        }
        for name, count in s.yaku.most_common()
    ]
    games = []
    for game in stats.player_games(player, 20):
        seats = {seat.index: seat for seat in game.table.seats.all()}
        mine = [i for i, seat in seats.items() if seat.player_id == player.pk]
        places = {row["seat"]: row for row in game.final or []}
        for seat in mine:
            row = places.get(seat, {})
            games.append(
                {
                    "game": game,
                    "seat": seat,
                    "place": row.get("place"),
                    "score": row.get("score"),
                    "final": format_final(row["final"]) if "final" in row else "",
                    "opponents": [seats[i].occupant for i in sorted(seats) if i != seat],
                }
            )
    return render(
        request,
        "players/profile.html",
        {
            "player": player,
            "stats": s,
            "summary": summary(s),
            "rating": ratings.of(player.pk) if ratings.games.get(player.pk) else None,
            "in_person": offline,
            "in_person_summary": in_person.summary(offline),
            "waiting_results": in_person.waiting_for(player.pk),
            "rated_games": ratings.games.get(player.pk, 0),
            "rating_chart": rating_chart,
            "places_chart": places_chart,
            "yaku": yaku,
            "games": games,
            "agreement_chart": agreement_chart,
            "agreement_count": len(agreement),
            "agreement_last": round(100 * agreement[-1][1]) if agreement else None,
            "claimed_by": in_game_names.member_for(player),
            "linked_names": in_game_names.linked_names(player),
            "imported_as": in_game_names.placeholders_of(player),
        },
    )
