"""A finished game's pages under ``/players/games/<id>/``: the game page, its exports
and the hand replays (see :mod:`history.urls`; who may see them: :mod:`history.access`).

Replays are plain views; the controls are links that htmx turns into partial swaps
(``HX-Request``), and that still work as ordinary links without JavaScript.
"""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext, pgettext
from django.views.decorators.http import require_GET

from rules.engine import EAST, format_final, parse_action
from tables.drawing.seat_presenters import round_name
from tables.models import WINDS, Game, HandRecord
from tables.play import states

from . import replayer
from .access import finished_game, seat_names, seat_players
from .logs import ownjson, tenhou6_export
from .models import ImportedGame

RESULT_LABELS = dict(HandRecord.RESULT_TYPES)


def hand_round(record: HandRecord) -> str:
    """A stored hand's round in the reader's words ("East 2", 東2局)."""
    return round_name(EAST + WINDS.index(record.round_wind), record.round_number)


# --- a finished game --------------------------------------------------------------------------


def _hand_rows(game: Game, names: list[str]) -> list[dict]:
    rows = []
    for hand in game.hands.order_by("index"):
        winners = [names[w["seat"]] for w in hand.wins] or (
            [names[s] for s in hand.winners] if hand.result_type == "nagashi" else []
        )
        froms = {w["from_seat"] for w in hand.wins if w.get("from_seat") is not None}
        result = RESULT_LABELS.get(hand.result_type, hand.result_type)
        result = pgettext("hand result", result) if result else result
        if hand.abort_reason:
            reason = pgettext("abort reason", hand.abort_reason.replace("_", " "))
            result = f"{result} ({reason})"
        rows.append(
            {
                "record": hand,
                "label": hand_round(hand),
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
                "named_deltas": list(zip(names, hand.deltas, strict=False)),
                "replayable": hand.log_end > hand.log_start,
                # claims the review settled against the engine's reading (rules.engine.claims)
                "against_reading": [names[s] for s in hand.against_reading or ()],
            }
        )
    return rows


def _penalty_text(penalty: int, chombos: int) -> str:
    """Points off after uma and the chombos ruled at the table ("" for none)."""
    points = format_final(-penalty) if penalty else ""
    if not chombos:
        return points
    count = ngettext("%(n)s chombo", "%(n)s chombos", chombos) % {"n": chombos}
    return f"{points} ({count})" if points else count


@require_GET
def game_page(request, pk: int):
    game, refused = finished_game(request, pk)
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
    imported = ImportedGame.objects.filter(game=game).first()
    chips = imported.chips if imported is not None else None
    if chips:
        for row in final:
            row["chips"] = chips[row["seat"]]
    return render(
        request,
        "history/game.html",
        {
            "game": game,
            "chips": bool(chips),
            "imported": imported,
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
    game, refused = finished_game(request, pk)
    if refused:
        return refused
    names = seat_names(game)
    actions = [parse_action(t) for t in game.log]
    data = tenhou6_export.export(states.setup_of(game), actions, names, game.table.name)
    return _download(data, f"{_file_stem(game)}-tenhou6.json")


@require_GET
def export_json(request, pk: int):
    game, refused = finished_game(request, pk)
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
    game, refused = finished_game(request, pk)
    if refused:
        return refused
    record = get_object_or_404(HandRecord, game=game, index=hand)
    names = seat_names(game)
    viewer, view_key = _viewer(request)
    context = {"game": game, "table": game.table, "record": record, "names": names}
    context["round_label"] = hand_round(record)
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
            "views": [("all", gettext("All hands open"))] + [(str(i), names[i]) for i in range(4)],
            "previous_hand": hands[position - 1] if position > 0 else None,
            "next_hand": hands[position + 1] if position + 1 < len(hands) else None,
        }
    )
    template = (
        "history/_replay_frame.html" if request.headers.get("HX-Request") else "history/replay.html"
    )
    return render(request, template, context)
