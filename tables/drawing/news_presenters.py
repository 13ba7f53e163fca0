"""What just happened at the table, as plain data: the call-out shown at a seat and
the same news in words for screen readers, from public information only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import pgettext

from players import terms

from .seat_presenters import tile_name

if TYPE_CHECKING:
    from rules.engine import GameState

# What is called out at a seat when it happens (the words of the table).
CALLOUTS = {
    "chi": "Chi",
    "pon": "Pon",
    "daiminkan": "Kan",
    "ankan": "Kan",
    "shouminkan": "Kan",
    "riichi": "Riichi",
    "open_riichi": "Riichi",
    "ron": "Ron",
    "tsumo": "Tsumo",
}


def latest_news(state: GameState, names: list[dict[str, Any]]) -> tuple[Any, ...] | None:
    """The last public event of the game: ``(key, seat, callout, sentence)``.

    Read from the action log, skipping what nobody at the table may learn: passes,
    and answers to a discard still being decided or overruled by a stronger call
    (a seat that asked for pon while another won on the tile shows nothing).
    """
    log, hand = state.hand_log, state.hand_index
    if not log and state.past_logs:
        log, hand = state.past_logs[-1], hand - 1
        result = state.last_result
        if result is not None and result.wins:
            win = result.wins[0]
            how = "tsumo" if win.from_seat is None else "ron"
            seats = [w.seat for w in result.wins]
            return (
                (hand, len(log)),
                tuple(seats),
                terms.callout(CALLOUTS[how]),
                _sentence(how, seats, names, None),
            )
    reds = tuple(state.ruleset.red_fives)
    for index in range(len(log) - 1, -1, -1):
        action = log[index]
        kind = action.type
        if kind in ("pass", "ron"):
            continue
        if kind in ("chi", "pon", "daiminkan"):
            if state.phase == "calls" or state.turn != action.seat:
                continue  # still being decided, or overruled
            if not any(m.kind == kind for m in state.melds[action.seat]):
                continue
        tile = tile_name(action.tile, reds) if action.tile is not None else None
        callout = terms.callout(CALLOUTS.get(kind, ""))
        return ((hand, index), (action.seat,), callout, _sentence(kind, [action.seat], names, tile))
    return None


# The news read out to screen readers, in the viewer's words ("news" in the message file).
VERBS = {
    "discard": "discards",
    "riichi": "declares riichi, discarding",
    "open_riichi": "declares open riichi, discarding",
    "chi": "calls chi on",
    "pon": "calls pon on",
    "daiminkan": "calls kan on",
    "ankan": "declares a concealed kan of",
    "shouminkan": "adds to a kan:",
    "kyuushu": "declares nine terminals",
    "tsumo": "wins by tsumo",
    "ron": "wins by ron",
}


def _sentence(kind: str, seats: list[int], names: list[dict[str, Any]], tile: str | None) -> str:
    who = pgettext("news", " and ").join(names[s]["name"] for s in seats)
    verb = pgettext("news", VERBS[kind]) if kind in VERBS else kind
    return (
        pgettext("news", "{who} {verb} the {tile}").format(who=who, verb=verb, tile=tile)
        if tile and kind not in ("tsumo", "ron", "kyuushu")
        else pgettext("news", "{who} {verb}").format(who=who, verb=verb)
    )
