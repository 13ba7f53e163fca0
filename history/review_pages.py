"""What the review page shows, built from a stored review (:mod:`history.reviews`).

The stored review holds numbers worked out from the reviewed seat's view alone; the
board beside them is the replay's frame of that moment drawn from the same seat
(:func:`history.replayer.frame` with the seat as viewer), so the page never shows a
tile the player could not see then, although the game is over.
"""

from __future__ import annotations

from collections import Counter

from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from tables.drawing import tile_markup
from tables.models import HandRecord

from . import replayer
from .game_views import hand_round

MARK_WORDS = {
    "lost-acceptance": "Lost acceptance",
    "dangerous": "Dangerous discard",
    "deal-in": "Dealt in",
    "missed-win": "Missed win",
}
MARK_HELP = {
    "lost-acceptance": (
        "a discard other than the careful bot's that left the hand a step further from"
        " ready, or kept at least 2 tiles and a fifth fewer to improve than the best one"
        " and the bot's"
    ),
    "dangerous": "a discard that could deal in while a safe one kept the same shanten",
    "deal-in": "the discard another player won on",
    "missed-win": "a win was there to take and was not taken",
}
MARKS = tuple(MARK_WORDS)
LABEL_WORDS = {
    "safe": "safe",
    "suji": "suji",
    "kabe": "kabe",
    "one-chance": "one-chance",
    "live": "live",
}
VERBS = {
    "discard": "Discard",
    "riichi": "Riichi, discarding",
    "open_riichi": "Open riichi, discarding",
    "pass": "Pass",
    "chi": "Chi",
    "pon": "Pon",
    "daiminkan": "Open kan",
    "ankan": "Concealed kan",
    "shouminkan": "Added kan",
    "tsumo": "Tsumo",
    "ron": "Ron",
    "kyuushu": "Abortive draw (nine terminals)",
}
ROUTE_WORDS = {
    "closed": "stays closed: riichi possible",
    "yakuhai": "a value-honour triplet: yaku",
    "tanyao": "all simples: tanyao possible",
    "no yaku": "open without a yaku in sight",
    "win": "wins now",
}


def action_markup(kind_type: str, kind: int | None) -> SafeString:
    """An action in words with its tile's face (e.g. "Discard [5m]"), drawn by the table's
    drawing (:func:`tables.drawing.tile_markup.action`)."""
    verb = VERBS.get(kind_type)
    words = pgettext("review", verb) if verb else kind_type.replace("_", " ").capitalize()
    return tile_markup.action(words, kind)


def mark_words(key: str) -> str:
    return pgettext("review", MARK_WORDS[key])


def flat_decisions(data: dict) -> list[dict]:
    return [d for h in data["hands"] for d in h["decisions"]]


def hand_labels(game) -> dict[int, str]:
    labels = {}
    for record in game.hands.all():
        honba = ", " + gettext("%(n)s honba") % {"n": record.honba} if record.honba else ""
        labels[record.index] = f"{hand_round(record)}{honba}"
    return labels


def summary(data: dict, labels: dict[int, str]) -> dict:
    """Agreement per hand and in the game, the marked moments counted and listed."""
    decisions = flat_decisions(data)
    numbers = {id(d): n for n, d in enumerate(decisions)}
    hands = []
    for h in data["hands"]:
        count = len(h["decisions"])
        marks = Counter(m for d in h["decisions"] for m in d["marks"])
        label = labels.get(h["hand"], gettext("hand %(n)s") % {"n": h["hand"] + 1})
        hands.append(
            {
                "label": label,
                # "East 2" and "1 honba" each kept on a line of its own in a narrow table
                "parts": label.split(", "),
                "agreed": h["agreed"],
                "decisions": count,
                "percent": round(100 * h["agreed"] / count) if count else 100,
                "marks": [(mark_words(m), marks[m]) for m in MARKS if marks.get(m)],
                "first": numbers[id(h["decisions"][0])] if count else 0,
            }
        )
    moments = []
    for d in decisions:
        for m in d["marks"]:
            moments.append(
                {
                    "number": numbers[id(d)],
                    "mark": m,
                    "words": mark_words(m),
                    "hand": labels.get(d["hand"], ""),
                    "played": action_markup(d["played_type"], d["played_kind"]),
                }
            )
    total = data["decisions"]
    return {
        "agreed": data["agreed"],
        "decisions": total,
        "percent": round(100 * data["agreed"] / total) if total else 100,
        "hands": hands,
        "marks": [
            (mark_words(m), data["marks"].get(m, 0), pgettext("review", MARK_HELP[m]), m)
            for m in MARKS
        ],
        "moments": moments,
    }


def _points(value: int | None) -> str:
    if value is None:
        return "–"
    return f"{value:,}" if value else pgettext("review", "no yaku")


def candidates(decision: dict, names: list[str]) -> dict:
    """The discard table: one row per candidate, danger columns per threat."""
    threats = decision.get("threats", [])
    played, bot = decision["played_kind"], decision["bot_kind"]
    bot_discards = decision["bot_type"] in ("discard", "riichi", "open_riichi")
    rows = []
    best = min(
        (c for c in decision["candidates"]),
        key=lambda c: (c["shanten"], -c["acceptance"], c["kind"]),
    )
    for c in decision["candidates"]:
        dangers = {x["seat"]: x for x in c["danger"]}
        rows.append(
            {
                "tile": tile_markup.kind_tile(c["kind"]),
                "name": c["tile"],
                "played": c["kind"] == played,
                "bot": bot_discards and c["kind"] == bot,
                "best": (c["shanten"], c["acceptance"]) == (best["shanten"], best["acceptance"]),
                "shanten": pgettext("review", "ready") if c["shanten"] == 0 else c["shanten"],
                "accepted": tile_markup.kinds(c["accepted_kinds"]),
                "kinds": len(c["accepted_kinds"]),
                "acceptance": c["acceptance"],
                "dangers": [
                    {
                        "label": pgettext("danger", LABEL_WORDS[dangers[s]["label"]])
                        if dangers[s]["label"] in LABEL_WORDS
                        else dangers[s]["label"],
                        "key": dangers[s]["label"],
                        "against": names[s],
                        "estimate": f"{dangers[s]['estimate']:.1f}%",
                    }
                    for s in threats
                    if s in dangers
                ],
                "waits": [
                    {
                        "tile": tile_markup.kind_tile(w["kind"]),
                        "unseen": w["unseen"],
                        "dama": _points(w["dama"]),
                        "riichi": _points(w["riichi"]) if w["riichi"] is not None else None,
                    }
                    for w in c.get("waits", [])
                ],
                "furiten": c.get("furiten", False),
            }
        )
    ready = [r for r in rows if r["waits"]]
    return {
        "rows": rows,
        "threats": [{"seat": s, "name": names[s], "riichi": _riichi(decision, s)} for s in threats],
        "ready": ready,
    }


def _riichi(decision: dict, seat: int) -> bool:
    for c in decision["candidates"]:
        for x in c["danger"]:
            if x["seat"] == seat:
                return bool(x.get("riichi"))
    return False


def calls(decision: dict) -> list[dict]:
    rows = []
    for option in decision.get("calls", []):
        kind = option.get("called")
        if option["type"] == "pass":
            kind = None
        rows.append(
            {
                "action": action_markup(option["type"], kind),
                "with": tile_markup.kinds(option.get("kinds", []))
                if option["type"] not in ("pass", "ron")
                else "",
                "played": _same(option, decision, "played"),
                "bot": _same(option, decision, "bot"),
                "shanten": pgettext("review", "win")
                if option["shanten"] < 0
                else (pgettext("review", "ready") if option["shanten"] == 0 else option["shanten"]),
                "route": pgettext("review", ROUTE_WORDS[option["route"]])
                if option.get("route") in ROUTE_WORDS
                else option.get("route", ""),
                "dora": option.get("dora"),
                "ready_value": _points(option.get("ready_value"))
                if option.get("ready_value") is not None
                else "",
            }
        )
    return rows


def _same(option: dict, decision: dict, who: str) -> bool:
    """Whether the call option is the decision's played (or the bot's) action, by kinds."""
    if option["type"] != decision[f"{who}_type"]:
        return False
    if option["type"] in ("pass", "ron"):
        return True
    return option.get("kinds", []) == decision.get(f"{who}_kinds", [])


def board(game, decision: dict, seat: int, names: list[str]) -> dict | None:
    """The replay frame just before the decision, from the reviewed seat's view."""
    record = HandRecord.objects.filter(game=game, index=decision["hand"]).first()
    if record is None:
        return None
    try:
        steps = replayer.hand_steps(game, record)
    except replayer.NoReplay:
        return None
    index = replayer.step_before(steps, decision["index"])
    return replayer.frame(game, record, steps, index, seat, names)
