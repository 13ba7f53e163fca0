"""The claim and review screens of a table whose wins are claimed.

While a win is claimed (the engine's phases ``claim``, ``answers``, ``review`` and
``confirm``, see :mod:`rules.engine.claims.procedure`) every viewer sees one panel,
``#claim-panel``: the claimant's hand and winning tile, the claim, every answer so far
and, in the review, the engine's own reading (and whether the decision went against
it, or the reading itself decides). The seat asked to act gets its controls there:
the claim form (han and fu, or a limit), OK and NG with a reason (to the claim, and
to the review's decision), or the review's decisions. Everything is drawn from the viewer's own :class:`SeatView`; the
buttons and forms send the socket either an action's text or a small form
(``{"claim_form": ...}``) that :func:`form_action` turns into the action's text,
which ``submit`` then parses like any other move.
"""

from __future__ import annotations

import json

from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString

from rules.engine import (
    CLAIM_PHASES,
    FU_VALUES,
    HAN_WITH_FU,
    LIMITS,
    REASON_TEXT,
    REASONS,
    against_reading,
    format_action,
    value_label,
)

from .tile_markup import oob_mark, row
from .tile_markup import tile as tile_html

FORM_STEPS = ("claim", "correct", "ng")
_DECISION_TEXT = {
    "accept": "fixed as claimed",
    "correct": "corrected",
    "invalid": "invalid: play goes on as if no win was called",
    "chombo": "chombo",
}


def form_action(data: dict, seat: int) -> str:
    """The action text a claim-panel form stands for (``submit`` parses and checks it)."""
    step = str(data.get("claim_form", ""))
    if step not in FORM_STEPS:
        return f"{seat}:{step}"  # refused by the parser with its own message
    if step == "ng":
        reason = str(data.get("reason", "") or "")
        return f"{seat}:ng:{reason}" if reason else f"{seat}:ng"
    limit = str(data.get("limit", "") or "").strip()
    if limit:
        return f"{seat}:{step}:{limit}"
    return f"{seat}:{step}:{str(data.get('han', '')).strip()}han{str(data.get('fu', '')).strip()}fu"


def _answer_text(action) -> str:
    if action is None:
        return "…"
    if action.type == "ok":
        return "OK"
    if action.tiles:
        return f"NG: {REASON_TEXT[REASONS[action.tiles[0]]]}"
    return "NG"


def decision_text(action) -> str:
    if action is None:
        return ""
    text = _DECISION_TEXT[action.type]
    if action.type == "correct":
        text = f"corrected to {value_label(action.tiles)}"
    if action.type == "chombo":
        text += ": the hand is played again" if action.tiles[0] == 0 else ", the hand goes on dead"
    return text


def _vals(text: str, version: int) -> str:
    return json.dumps({"action": text, "version": version})


def context(view, hand: int, version: int, names: list[dict], event: bool = False) -> dict | None:
    """What the claim panel shows this viewer (None outside a claimed win); ``event``:
    an event table, where a review an NG sent back waits for the referee."""
    wc = view.win_claim
    if wc is None or view.phase not in CLAIM_PHASES:
        return None
    return panel_context(
        wc,
        view.phase,
        names,
        hand,
        tuple(view.ruleset.red_fives),
        view.ruleset.max_yakuman,
        melds=len(view.melds[wc.seat]),
        me=view.seat,
        legal=view.legal,
        version=version,
        referee=event and wc.overruled is not None and view.phase == "review",
        event=event,
    )


def panel_context(
    wc,
    phase: str,
    names: list[dict],
    hand: int,
    reds: tuple,
    max_yakuman: int,
    *,
    melds: int = 0,
    me: int | None = None,
    legal=(),
    version: int = 0,
    referee: bool = False,
    event: bool = False,
) -> dict:
    """The claim panel's data for claim ``wc`` in ``phase`` (``"decided"`` once the
    review has decided it: the replay's record of the step). ``legal`` are the
    viewer's actions (none in a replay: the panel then only shows). ``referee``: the
    event's referee takes this review (:mod:`tables.referees`), not the viewer."""
    if referee:
        legal = ()
    concealed = list(wc.hand)
    concealed.remove(wc.tile)
    reading = wc.reading
    prefill = reading.value if reading is not None and reading.value else None
    if wc.value is not None and phase == "review":
        prefill = tuple(wc.value)
    han, fu = prefill if prefill else (None, None)
    answers = [
        {"seat": o, "name": names[o]["name"], "text": _answer_text(wc.answers[o])}
        for o in range(4)
        if o != wc.seat
    ]
    controls = {
        "claim": phase == "claim" and bool(legal),
        "answer": phase == "answers" and bool(legal),
        "review": phase == "review" and bool(legal),
        "confirm": phase == "confirm" and bool(legal),
        "confirm_ng": phase == "confirm" and any(a.type == "ng" for a in legal),
    }
    buttons = {a.type if a.type != "chombo" else f"chombo_{a.tiles[0]}": a for a in legal}
    return {
        "phase": phase,
        # names this claim: the answer controls keep a reason being chosen when another
        # seat's answer redraws the panel (hx-preserve; a late answer still counts)
        "key": f"{hand}-{wc.seat}-{wc.tile}-{len(wc.earlier)}",
        "record": not legal and phase == "decided",
        "claimant": names[wc.seat]["name"],
        "mine": me == wc.seat,
        "how": "self-draw" if wc.discarder is None else f"ron on {names[wc.discarder]['name']}",
        "anyway": wc.anyway,
        "hand": row(concealed, hand, reds),
        "tile": tile_html(wc.tile, hand, reds, "drawn"),
        "melds": melds,
        "value": value_label(wc.value) if wc.value else "",
        "answers": answers,
        "reviewer": names[wc.reviewer]["name"],
        "by_reading": wc.by_reading,
        "referee": referee,
        # who an NG to the review's decision sends the hand back to
        "ng_to": "the event's referee" if event else names[wc.reviewer]["name"],
        "decision": decision_text(wc.decision) if wc.decision is not None else "",
        "against": against_reading(wc),
        "overruled": decision_text(wc.overruled) if wc.overruled is not None else "",
        "disputed": [
            {"seat": o, "name": names[o]["name"], "text": _answer_text(a)}
            for o, a in enumerate(wc.disputed)
            if a is not None
        ],
        "earlier": [_earlier_text(e, names) for e in wc.earlier],
        "queue": [names[o]["name"] for o in wc.queue],
        "reading": None
        if reading is None
        else {
            "valid": reading.valid,
            "detail": reading.detail,
            "value": value_label(reading.value) if reading.value else "",
            "yaku": [f"{name} {h}" for name, h in reading.yaku],
        },
        "show_reading": phase in ("review", "confirm", "decided"),
        "confirms": [
            {"seat": o, "name": names[o]["name"], "text": _answer_text(wc.confirms[o])}
            for o in range(4)
            if o != wc.reviewer
        ]
        if phase == "confirm" or any(wc.confirms)
        else [],
        "controls": controls,
        "version": version,
        "hans": HAN_WITH_FU,
        "fus": FU_VALUES,
        "limits": list(LIMITS) + [f"{n}xyakuman" for n in range(2, max_yakuman + 1)],
        "han": han if prefill and prefill[1] != 0 else None,
        "fu": fu if prefill and fu else None,
        "limit": _limit_name(prefill) if prefill and prefill[1] == 0 else "",
        "reasons": [(r, REASON_TEXT[r]) for r in REASONS],
        "vals": {
            key: escape(_vals(format_action(a), version))
            for key, a in buttons.items()
            if key in ("ok", "accept", "invalid", "chombo_0", "chombo_1")
        },
    }


def _earlier_text(e, names: list[dict]) -> str:
    """A win already fixed on the same tile (double ron): whose, and at what value."""
    text = decision_text(e.decision)
    if e.decision is not None and e.decision.type == "accept" and e.value is not None:
        text += f", {value_label(e.value)}"
    return f"{names[e.seat]['name']}'s win {text}"


def _limit_name(value) -> str:
    from rules.engine import value_text

    return value_text(value)


def _panel(c: dict | None, oob: bool = False) -> SafeString:
    """The ``#claim-panel`` element around the claim template (which escaped every value)."""
    if c is None:
        return format_html('<div id="claim-panel"{}></div>', oob_mark(oob))
    inner = render_to_string("tables/_claim.html", {"c": c})
    return format_html('<div id="claim-panel" class="claim-panel"{}>{}</div>', oob_mark(oob), inner)


def render(
    view, hand: int, version: int, names: list[dict], oob: bool = False, event: bool = False
) -> SafeString:
    """The ``#claim-panel`` element for this viewer (empty outside a claimed win)."""
    return _panel(context(view, hand, version, names, event), oob)


def render_empty() -> SafeString:
    """The panel's empty place, for a page drawn without a claim context."""
    return _panel(None)


def render_record(
    wc, phase: str, names: list[str], hand: int, ruleset, melds: int = 0, referee: bool = False
) -> SafeString:
    """The same panel, without controls, for a replay's step of a claimed win: the claim
    as it stood after the step (``phase`` ``"decided"`` once the review decided); with
    ``referee``, the disputed review as the referee's page shows it."""
    people = [{"name": n} for n in names]
    reds = tuple(ruleset.red_fives)
    c = panel_context(
        wc, phase, people, hand, reds, ruleset.max_yakuman, melds=melds, referee=referee
    )
    c["on_referee_page"] = referee
    return _panel(c)
