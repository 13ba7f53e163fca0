"""The claim panel of a claimed win as plain data: what each viewer is shown of the
claim, the answers and the review, and which controls the seat asked to act gets.

While a win is claimed (the engine's phases ``claim``, ``answers``, ``review`` and
``confirm``, see :mod:`rules.engine.claims.procedure`) every viewer sees one panel: the
claimant's hand and winning tile, the claim, every answer so far and, in the review,
the engine's own reading (and whether the decision went against it, or the reading
itself decides). Everything comes from the viewer's own :class:`SeatView` (or, for a
replay's record, the claim as it stood); ``claim_screens`` draws it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from rules.engine import (
    CLAIM_PHASES,
    FU_VALUES,
    HAN_WITH_FU,
    LIMITS,
    REASON_TEXT,
    REASONS,
    Action,
    SeatView,
    WinClaim,
    against_reading,
    format_action,
    value_label,
    value_text,
)

Names = list[dict[str, Any]]  # each seat's name ("name") and more

_DECISION_TEXT = {
    "accept": "fixed as claimed",
    "correct": "corrected",
    "invalid": "invalid: play goes on as if no win was called",
    "chombo": "chombo",
}


def _answer_text(action: Action | None) -> str:
    if action is None:
        return "…"
    if action.type == "ok":
        return "OK"
    if action.tiles:
        return f"NG: {REASON_TEXT[REASONS[action.tiles[0]]]}"
    return "NG"


def decision_text(action: Action | None) -> str:
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


def context(
    view: SeatView, hand: int, version: int, names: Names, event: bool = False
) -> dict[str, Any] | None:
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
    wc: WinClaim,
    phase: str,
    names: Names,
    hand: int,
    reds: tuple[int, ...],
    max_yakuman: int,
    *,
    melds: int = 0,
    me: int | None = None,
    legal: Sequence[Action] = (),
    version: int = 0,
    referee: bool = False,
    event: bool = False,
) -> dict[str, Any]:
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
        prefill = (wc.value[0], wc.value[1])
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
        "how": gettext("self-draw")
        if wc.discarder is None
        else gettext("ron on %(name)s") % {"name": names[wc.discarder]["name"]},
        "anyway": wc.anyway,
        # the claimant's tiles (claim_screens draws them)
        "tiles": (tuple(concealed), wc.tile, hand, reds),
        "melds": melds,
        "value": shown_value(wc.value) if wc.value else "",
        "answers": answers,
        "reviewer": names[wc.reviewer]["name"],
        "by_reading": wc.by_reading,
        "referee": referee,
        # who an NG to the review's decision sends the hand back to
        "ng_to": gettext("the event's referee") if event else names[wc.reviewer]["name"],
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
            # the REASONS code (None when valid): the review panel orders its choices by it
            "reason": reading.reason,
            "detail": gettext(reading.detail) if reading.detail else reading.detail,
            "value": shown_value(reading.value) if reading.value else "",
            "yaku": [f"{gettext(name)} {h}" for name, h in reading.yaku],
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
        "reasons": [(r, gettext(REASON_TEXT[r])) for r in REASONS],
        "vals": {
            key: _vals(format_action(a), version)
            for key, a in buttons.items()
            if key in ("ok", "accept", "invalid", "chombo_0", "chombo_1")
        },
    }


def shown_value(value: Sequence[int]) -> str:
    """A claimed value in the viewer's words: "1 han 40 fu" (1翻40符), a limit's name."""
    han, fu = value
    if fu:
        return gettext("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}
    return pgettext("limit", value_label(value))


def _earlier_text(e: WinClaim, names: Names) -> str:
    """A win already fixed on the same tile (double ron): whose, and at what value."""
    text = decision_text(e.decision)
    if e.decision is not None and e.decision.type == "accept" and e.value is not None:
        text += f", {value_label(e.value)}"
    return f"{names[e.seat]['name']}'s win {text}"


def _limit_name(value: tuple[int, int]) -> str:
    return value_text(value)
