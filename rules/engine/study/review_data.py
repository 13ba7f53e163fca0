"""A game review (:mod:`.review`) as JSON-ready data, the form the site stores.

Tiles are given both in notation and as kind numbers (0-33), actions in their text
form and by type, so a page can draw tile faces without parsing anything.
"""

from __future__ import annotations

from ..actions import Action
from ..actions import format_action as _format_action
from ..tiles import kind_notation
from .review import MARKS, Candidate, Decision, GameReview


def to_dict(review: GameReview) -> dict[str, object]:
    """The review as JSON-ready data (tiles in notation, actions in their text form)."""
    return {
        "seat": review.seat,
        "decisions": review.decisions,
        "agreed": review.agreed,
        "marks": {m: review.marks.get(m, 0) for m in MARKS},
        "hands": [
            {
                "hand": h.hand_index,
                "agreed": h.agreed,
                "decisions": [_decision_dict(d) for d in h.decisions],
            }
            for h in review.hands
        ],
    }


def _kind(action: Action) -> int | None:
    return None if action.tile is None else action.tile >> 2


def _decision_dict(d: Decision) -> dict[str, object]:
    out: dict[str, object] = {
        "index": d.index,
        "hand": d.hand_index,
        "played": d.played_text,
        "played_type": d.played.type,
        "played_kind": _kind(d.played),
        "played_kinds": sorted(t >> 2 for t in d.played.tiles),
        "bot": d.bot_text,
        "bot_type": d.bot.type,
        "bot_kind": _kind(d.bot),
        "bot_kinds": sorted(t >> 2 for t in d.bot.tiles),
        "agreed": d.agreed,
        "marks": list(d.marks),
    }
    if d.position is not None:
        out["threats"] = list(d.position.threats)
        out["candidates"] = [_candidate_dict(c) for c in d.position.candidates]
    if d.calls:
        out["calls"] = [
            {
                "option": _format_action(a),
                "type": a.type,
                "kinds": sorted(t >> 2 for t in a.tiles),
                "called": _kind(a),
                "shanten": n,
                **(
                    {"route": v.route, "dora": v.dora, "ready_value": v.ready_value}
                    if v is not None
                    else {}
                ),
            }
            for (a, n), v in zip(d.calls, d.call_values or (None,) * len(d.calls), strict=True)
        ]
    return out


def _candidate_dict(c: Candidate) -> dict[str, object]:
    return {
        "tile": c.tile,
        "kind": c.kind,
        "shanten": c.shanten,
        "accepted": [kind_notation(k) for k in c.accepted],
        "accepted_kinds": list(c.accepted),
        "acceptance": c.acceptance,
        "danger": [
            {"seat": x.seat, "riichi": x.riichi, "label": x.label, "estimate": x.estimate}
            for x in c.dangers
        ],
        "waits": [
            {"kind": w.kind, "unseen": w.unseen, "dama": w.dama, "riichi": w.riichi}
            for w in c.waits
        ],
        "furiten": c.furiten,
    }
