"""History pages: the club ranking, player profiles, finished games, replays, exports, imports.

They live in ``tables`` rather than ``players`` because they are built from games,
and dependencies run one way: ``tables`` may import ``players``, never the reverse.
Profiles and the ranking are served under ``/players/``; a finished game's pages
under ``/players/games/<id>/`` (see :mod:`history.urls`).

A game's history opens when the game ends: until then its page, replays and
exports answer 403 with a message, so a running table's hands never leak. Private
tables stay private afterwards (creator, seated players and invite holders only).
Replays are plain views; the controls are links that htmx turns into partial
swaps (``HX-Request``), and that still work as ordinary links without JavaScript.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from players import budgets, throttle
from players.models import Player
from rules.engine import presets
from rules.engine.actions import parse_action
from rules.engine.standings import format_final
from tables import lobby, states, twins
from tables.models import WINDS, Game, HandRecord

from . import charts, in_person, rating, replayer, reviews, stats
from .logs import ownjson, tenhou6_export
from .logs.importer import MAX_BYTES, import_log

RESULT_LABELS = dict(HandRecord.RESULT_TYPES)
SORTS = {
    "rating": ("rating", True),
    "games": ("games", True),
    "place": ("average_place", False),
    "name": ("name", False),
}
MAX_UPLOADS = 20


# --- formatting -------------------------------------------------------------------------------


def percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def decimal(value: float | None, places: int = 2) -> str:
    return "–" if value is None else f"{value:.{places}f}"


def summary(s: stats.PlayerStats) -> list[tuple[str, str, str]]:
    """(label, value, how it is counted) for the profile's statistics list."""
    return [
        ("Games played", str(s.games), "finished games"),
        ("Average placement", decimal(s.average_place), "1 is first, 4 is last"),
        ("Win rate", percent(s.win_rate), f"{s.wins} wins in {s.hands} hands"),
        (
            "Deal-in rate",
            percent(s.deal_in_rate),
            f"{s.deal_ins} of {s.hands} hands ended on their discard",
        ),
        (
            "Riichi rate",
            percent(s.riichi_rate),
            f"riichi in {s.riichi} of {s.hands_with_actions} hands",
        ),
        (
            "Call rate",
            percent(s.call_rate),
            f"chi, pon or open kan in {s.calls} of {s.hands_with_actions} hands",
        ),
        (
            "Average winning hand",
            "–" if s.average_win is None else f"{s.average_win:,.0f} points",
            "table value, without honba and riichi sticks",
        ),
    ]


# --- access ---------------------------------------------------------------------------------


def _finished_game(request, pk: int):
    """The game, or a response refusing it (missing, still running, or private)."""
    game = Game.objects.select_related("table", "table__ruleset").filter(pk=pk).first()
    if game is None:
        raise Http404("There is no game with this number.")
    table = game.table
    if not lobby.may_see(table, request.user, request.GET.get("invite", "")):
        raise Http404("There is no game with this number.")
    sealed = game.is_finished and twins.record_sealed(game)
    if not game.is_finished or sealed:
        response = render(
            request,
            "history/not_yet.html",
            {"game": game, "table": table, "twin": sealed},
            status=403,
        )
        return None, response
    return game, None


def seat_names(game: Game) -> list[str]:
    seats = {s.index: s for s in game.table.seats.select_related("player")}
    return [seats[i].occupant if i in seats else f"Seat {i + 1}" for i in range(4)]


def seat_players(game: Game) -> list[Player | None]:
    seats = {s.index: s for s in game.table.seats.select_related("player")}
    return [seats[i].player if i in seats else None for i in range(4)]


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
                ("rating", "Rating"),
                ("games", "Games"),
                ("place", "Average place"),
                ("name", "Name"),
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
        title=f"{player.name}'s rating after each game",
        labels=["start"] + [p.label for p in history],
        baseline=rating.START,
    )
    places_chart = charts.bar_chart(
        ["1st", "2nd", "3rd", "4th"],
        s.places,
        title=f"{player.name}'s placements",
    )
    agreement = reviews.agreement_over_games(player)
    agreement_chart = charts.line_chart(
        [round(100 * share, 1) for _, share in agreement],
        title=f"{player.name}'s agreement with the careful bot per reviewed game (percent)",
        labels=[f"game {r.game_id}, {r.game.finished:%Y-%m-%d}" for r, _ in agreement],
        x_label="reviewed games",
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
            "rated_games": ratings.games.get(player.pk, 0),
            "rating_chart": rating_chart,
            "places_chart": places_chart,
            "yaku": yaku,
            "games": games,
            "agreement_chart": agreement_chart,
            "agreement_count": len(agreement),
            "agreement_last": round(100 * agreement[-1][1]) if agreement else None,
        },
    )


# --- a finished game --------------------------------------------------------------------------


def _hand_rows(game: Game, names: list[str]) -> list[dict]:
    rows = []
    for hand in game.hands.order_by("index"):
        winners = [names[w["seat"]] for w in hand.wins] or (
            [names[s] for s in hand.winners] if hand.result_type == "nagashi" else []
        )
        froms = {w["from_seat"] for w in hand.wins if w.get("from_seat") is not None}
        result = RESULT_LABELS.get(hand.result_type, hand.result_type)
        if hand.abort_reason:
            result = f"{result} ({hand.abort_reason.replace('_', ' ')})"
        rows.append(
            {
                "record": hand,
                "label": f"{dict(zip(WINDS, ('East', 'South', 'West', 'North'), strict=True))[hand.round_wind]} {hand.round_number + 1}",
                "result": result,
                "winners": winners,
                "from": [names[s] for s in sorted(froms)],
                "wins": [
                    {
                        "name": names[w["seat"]],
                        "yaku": w.get("yaku", []),
                        "han": w.get("han"),
                        "fu": w.get("fu"),
                        "limit": w.get("limit"),
                        "points": w.get("points"),
                    }
                    for w in hand.wins
                ],
                "deltas": hand.deltas,
                "replayable": hand.log_end > hand.log_start,
            }
        )
    return rows


def _penalty_text(penalty: int, chombos: int) -> str:
    """Points off after uma and the chombos ruled at the table ("" for none)."""
    points = format_final(-penalty) if penalty else ""
    if not chombos:
        return points
    count = f"{chombos} chombo{'s' if chombos > 1 else ''}"
    return f"{points} ({count})" if points else count


@require_GET
def game_page(request, pk: int):
    game, refused = _finished_game(request, pk)
    if refused:
        return refused
    names = seat_names(game)
    players = seat_players(game)
    final = []
    for row in game.final or []:
        final.append(
            {
                **row,
                "name": names[row["seat"]],
                "player": players[row["seat"]],
                "final_text": format_final(row.get("final", 0)),
                "uma_text": format_final(row.get("uma", 0)),
                "oka_text": format_final(row.get("oka", 0)),
                "penalty_text": _penalty_text(row.get("penalty", 0), row.get("chombos", 0)),
                "positive": row.get("final", 0) > 0,
                "negative": row.get("final", 0) < 0,
            }
        )
    hands = _hand_rows(game, names)
    return render(
        request,
        "history/game.html",
        {
            "game": game,
            "table": game.table,
            "names": names,
            "final": final,
            "penalties": any(row["penalty_text"] for row in final),
            "hands": hands,
            "replayable": sum(1 for h in hands if h["replayable"]),
        },
    )


def _download(data: dict, filename: str) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _file_stem(game: Game) -> str:
    return f"game-{game.pk}-{slugify(game.table.name)[:40] or 'log'}"


@require_GET
def export_tenhou(request, pk: int):
    game, refused = _finished_game(request, pk)
    if refused:
        return refused
    names = seat_names(game)
    actions = [parse_action(t) for t in game.log]
    data = tenhou6_export.export(states.setup_of(game), actions, names, game.table.name)
    return _download(data, f"{_file_stem(game)}-tenhou6.json")


@require_GET
def export_json(request, pk: int):
    game, refused = _finished_game(request, pk)
    if refused:
        return refused
    data = ownjson.export(game, seat_names(game), game.table.name)
    return _download(data, f"{_file_stem(game)}.json")


# --- the replay viewer -------------------------------------------------------------------------


def _viewer(request) -> tuple[int | None, str]:
    value = request.GET.get("view", "all")
    if value in ("0", "1", "2", "3"):
        return int(value), value
    return None, "all"


@require_GET
def replay(request, pk: int, hand: int):
    game, refused = _finished_game(request, pk)
    if refused:
        return refused
    record = get_object_or_404(HandRecord, game=game, index=hand)
    names = seat_names(game)
    viewer, view_key = _viewer(request)
    context = {"game": game, "table": game.table, "record": record, "names": names}
    try:
        steps = replayer.hand_steps(game, record)
    except replayer.NoReplay as exc:
        context["problem"] = exc.message
        return render(request, "history/replay.html", context, status=200)
    try:
        step = int(request.GET.get("step", "0"))
    except ValueError:
        step = 0
    step = max(0, min(step, len(steps) - 1))
    frame = replayer.frame(game, record, steps, step, viewer, names)
    base = reverse("history:replay", args=[game.pk, record.index])
    hands = list(game.hands.order_by("index").values_list("index", flat=True))
    position = hands.index(record.index)
    context.update(
        {
            "frame": frame,
            "view": view_key,
            "base": base,
            "views": [("all", "All hands open")] + [(str(i), names[i]) for i in range(4)],
            "previous_hand": hands[position - 1] if position > 0 else None,
            "next_hand": hands[position + 1] if position + 1 < len(hands) else None,
        }
    )
    template = (
        "history/_replay_frame.html" if request.headers.get("HX-Request") else "history/replay.html"
    )
    return render(request, template, context)


# --- importing logs -----------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def _import_refused(request) -> tuple[str, int] | None:
    """Refuse an import over its size (before a byte of it is read) or over the hour's
    budget of the member or their address; count it otherwise."""
    # A body declared larger is refused unread by mahjong_site.middleware; this counts
    # what did arrive, for a body sent without its length.
    cap = budgets.import_max_bytes()
    if sum(upload.size or 0 for upload in request.FILES.getlist("logs")) > cap:
        return f"At most {cap // 1024} kB of logs at a time, please.", 413
    address = throttle.client_address(request)
    limit = budgets.import_limit()
    who = [("import-member", str(request.user.pk)), ("import-address", address)]
    if any(budgets.exhausted(kind, key, limit) for kind, key in who):
        return f"You have imported {limit} times in the last hour; please wait a while.", 429
    for kind, key in who:
        budgets.spend(kind, key)
    return None


def import_logs(request):
    if not request.user.is_authenticated:
        messages.error(request, "Sign in to import game logs.")
        return redirect(f"{reverse('players:login')}?next={request.path}")
    context = {"presets": list(presets.PRESETS.items()), "reports": None}
    if request.method == "POST":
        refused = _import_refused(request)
        if refused:
            context["error"], status = refused
            return render(request, "history/import.html", context, status=status)
        files = request.FILES.getlist("logs")
        key = request.POST.get("ruleset", "")
        override = None
        error = None
        if not files:
            error = "Choose at least one log file."
        elif len(files) > MAX_UPLOADS:
            error = f"At most {MAX_UPLOADS} files at a time, please."
        elif key:
            if key not in presets.PRESETS:
                error = f"'{key}' is not a ruleset: choose one from the list."
            else:
                override = presets.preset(key)
        if error:
            context["error"] = error
            return render(request, "history/import.html", context, status=400)
        check_only = request.POST.get("check_only") == "on"
        reports = []
        for upload in files:
            data = upload.read(MAX_BYTES + 1)  # a larger file is refused by its size
            reports.append(
                import_log(
                    upload.name, data, ruleset=override, user=request.user, save=not check_only
                )
            )
        context["reports"] = reports
        context["check_only"] = check_only
        context["chosen"] = key
    return render(request, "history/import.html", context)
