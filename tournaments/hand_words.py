"""A declared hand in one short line, in the reader's language: the hand list of a
scored table and the messages about a hand ("Ron: South 3 han 30 fu from East").

Every phrase carries the context "hand list" so that the game's words here are
translated apart from the same words elsewhere (the table's buttons, the rulebook).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.engine import DeclaredHand
from tables.drawing import seat_presenters

from .models import WIND_NAMES
from .models import TournamentTable as Table

CONTEXT = "hand list"


def _join(names: list[str], seats) -> str:
    return pgettext(CONTEXT, ", ").join(names[s] for s in seats)


def describe(hand: DeclaredHand, table: Table | None = None) -> str:
    """A short line for logs and the hand list: "Ron: South from East 3 han 30 fu"."""
    names = [str(_(wind)) for wind in WIND_NAMES]
    if table is not None:
        for seat in table.seats.all():
            names[seat.wind] = seat.player_name
    if hand.outcome in ("ron", "tsumo"):
        parts = []
        for w in hand.wins:
            if w.yakuman:
                value = pgettext(CONTEXT, "%(times)sx yakuman") % {"times": w.yakuman}
            elif w.han < 5:
                value = pgettext(CONTEXT, "%(han)s han %(fu)s fu") % {"han": w.han, "fu": w.fu}
            else:
                value = pgettext(CONTEXT, "%(han)s han") % {"han": w.han}
            parts.append(f"{names[w.seat]} {value}")
        label = pgettext(CONTEXT, "Ron") if hand.outcome == "ron" else pgettext(CONTEXT, "Tsumo")
        text = pgettext(CONTEXT, "%(outcome)s: %(wins)s") % {
            "outcome": label,
            "wins": pgettext(CONTEXT, ", ").join(parts),
        }
        if hand.discarder is not None:
            text = pgettext(CONTEXT, "%(text)s from %(discarder)s") % {
                "text": text,
                "discarder": names[hand.discarder],
            }
    elif hand.outcome in ("exhaustive", "nagashi"):
        tenpai = _join(names, hand.tenpai) or pgettext(CONTEXT, "nobody")
        text = pgettext(CONTEXT, "Draw, tenpai: %(names)s") % {"names": tenpai}
        if hand.nagashi:
            text += pgettext(CONTEXT, "; nagashi mangan: %(names)s") % {
                "names": _join(names, hand.nagashi)
            }
    elif hand.outcome == "abortive":
        text = pgettext(CONTEXT, "Abortive draw (%(kind)s)") % {
            "kind": (hand.abort or "").replace("_", " ")
        }
    else:
        text = pgettext(CONTEXT, "Chombo by %(name)s") % {"name": names[hand.chombo or 0]}
    if hand.riichi:
        text += pgettext(CONTEXT, "; riichi: %(names)s") % {"names": _join(names, hand.riichi)}
    return text


def round_label(sheet) -> str:
    """The hand in play as the table's page names it: "East 2" (東2局 in Japanese)."""
    return seat_presenters.round_name(sheet.round_wind, sheet.round_number)
