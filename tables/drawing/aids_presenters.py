"""The learning aids as plain data and words: the shanten in a sentence, each wait with
how many of it the seat cannot see, furiten, a hand without yaku and the discards
that keep riichi; the numbers are the engine's (:func:`rules.engine.study.aids.learning_aids`,
from the seat's own view only) and ``coaching`` draws them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from rules.engine import Aids


def shanten_text(shanten: int) -> str:
    if shanten < 0:
        return gettext("Your hand is complete.")
    if shanten == 0:
        return pgettext("aids", "Ready (tenpai).")
    return ngettext(
        "%(n)s tile from ready (%(n)s-shanten).", "%(n)s tiles from ready (%(n)s-shanten).", shanten
    ) % {"n": shanten}


def aids_data(aids: Aids) -> dict[str, Any]:
    """What the aids' template shows for one set of numbers (tiles as kinds)."""
    return {
        "shanten": aids.shanten,
        "shanten_text": shanten_text(aids.shanten),
        "waits": [{"kind": w.kind, "unseen": w.unseen, "dead": w.unseen == 0} for w in aids.waits],
        "unseen_total": sum(w.unseen for w in aids.waits),
        "furiten": aids.furiten,
        "no_yaku": aids.no_yaku,
        "closed": aids.closed,
        "riichi_discards": tuple(aids.riichi_discards),
    }
