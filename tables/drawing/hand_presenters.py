"""The own hand as plain data: its tiles in display order, each with the move it makes
(discard, riichi, open riichi), and the seat's call and turn buttons with their keys,
all from ``view.legal``; the ``hand_markup`` module draws them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.utils.translation import get_language, gettext, gettext_noop

from players import terms
from rules.engine import format_action
from tables.conf import markup_kept

from .seat_presenters import meld_data, tile_label

if TYPE_CHECKING:
    from rules.engine import Action, SeatView

# The words of the buttons live in players.terms (Japanese terms or English names, a
# member's choice).
ACTION_LABELS = terms.ACTION_NAMES
# The key that presses each button (shown on it); a second button of a kind gets a digit.
ACTION_KEYS = {
    "tsumo": "t",
    "ron": "r",
    "chi": "c",
    "pon": "p",
    "daiminkan": "k",
    "ankan": "k",
    "shouminkan": "k",
    "kyuushu": "9",
    "pass": "Esc",
    "win_anyway": "w",
}


def action_vals(action_text: str) -> str:
    """The hx-vals of a button: htmx's ws-send posts them to the socket as JSON, with
    the version from the hand's own hx-vals (htmx merges a parent's values in), so a
    button's markup does not change from one version to the next."""
    return json.dumps({"action": action_text})


def arrange(hand: tuple[Any, ...], previous: list[Any] | None, sort: bool) -> list[Any]:
    """The own hand in display order: sorted, or where each tile arrived (new ones right)."""
    if sort or not previous:
        return list(hand)
    kept = [t for t in previous if t in hand]
    kept_set = set(kept)
    return kept + [t for t in hand if t not in kept_set]


# Moves and hand tiles with their moves do not depend on the game: a seat, a tile (or
# two), a type. The live tables use a few thousand of each; 8192 keeps them all
# (about 0.3 kB an entry).
MOVES_KEPT = markup_kept(1)  # TABLE_MARKUP_ENTRIES' share
TILE_ENTRIES_KEPT = markup_kept(1)  # TABLE_MARKUP_ENTRIES' share


@lru_cache(maxsize=MOVES_KEPT)
def _move(action: Action, language: str | None) -> tuple[str, str, str]:
    """An action's text, hx-vals and label (in ``language``): the same on every frame."""
    text = format_action(action)
    return text, action_vals(text), terms.action_label(action.type)


def _button(
    action: Action, version: int, tiles: tuple[Any, ...] = (), language: str | None = None
) -> dict[str, Any]:
    text, vals, label = _move(action, language or get_language())
    return {
        "action": text,
        "vals": vals,
        "label": label,
        "type": action.type,
        "tiles": tiles,
        "key": ACTION_KEYS.get(action.type, ""),
    }


# Why a tile the hand holds is missing from the engine's legal discards on the own
# turn. The engine alone decides which tiles are barred (``view.legal``); these words
# only say why: right after a chi or pon (no tile drawn) it is swap-calling (kuikae,
# the Ronin Game Rules "Call rules"), in riichi only the drawn tile may go.
BARRED_AFTER_CALL = gettext_noop(
    "Swap-calling: this tile may not be discarded right after the call"
)
BARRED_IN_RIICHI = gettext_noop("Riichi: only the tile you drew may be discarded")
BARRED_NOW = gettext_noop("This tile may not be discarded now")


def barred_reason(view: SeatView) -> str:
    """The words for the tiles this seat holds but may not discard now (in the viewer's
    language: the hand's markup is kept per language)."""
    if view.drawn is None:
        return gettext(BARRED_AFTER_CALL)
    if view.seat is not None and view.riichi[view.seat]:
        return gettext(BARRED_IN_RIICHI)
    return gettext(BARRED_NOW)


@lru_cache(maxsize=TILE_ENTRIES_KEPT)
def _tile_entry(
    tile: int,
    action: Action | None,
    drawn: bool,
    dim: bool,
    reds: tuple[Any, ...],
    language: str | None,
    barred: str = "",
) -> dict[str, Any]:
    """One tile of the own hand with the move it makes (None: it makes none in this
    mode, and is dimmed unless the mode is the plain discard); ``barred`` says why a
    tile with no discard may not be discarded now. The same from one version to the
    next, so kept; callers only read it."""
    extra = "drawn" if drawn else ""
    if dim and action is None:
        extra = f"{extra} dimmed".strip()
    entry = {"tile": tile, "extra": extra, "drawn": drawn, "barred": barred}
    if action is not None:
        entry.update(_button(action, 0, (), language))
        entry["label"] = f"{entry['label']} {tile_label(tile, reds)}"
    return entry


def _with_tiles(action: Action) -> tuple[Any, ...]:
    if action.type in ("ron", "win_anyway"):
        return (action.tile,)
    if action.type in ("chi", "pon", "daiminkan"):
        return (*action.tiles, action.tile)
    if action.type == "ankan":
        return tuple(action.tiles)
    if action.type == "shouminkan":
        return (action.tile,)
    return ()


def _keyed(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A second button with the same key gets a digit instead (2, 3, ...)."""
    seen: dict[str, int] = {}
    for b in buttons:
        if b["key"]:
            seen[b["key"]] = seen.get(b["key"], 0) + 1
            if seen[b["key"]] > 1:
                b["key"] = str(seen[b["key"]])
    return buttons


# Win anyway is a turn action on the own draw and an answer (with the calls) on a discard.
_TURN_KINDS = ("tsumo", "win_anyway", "ankan", "shouminkan", "kyuushu")
_NOT_ON_DRAW = tuple(k for k in _TURN_KINDS if k != "win_anyway")


def hand_context(
    view: SeatView,
    hand: int,
    version: int,
    order: list[Any] | None,
    sort: bool,
    language: str | None = None,
) -> dict[str, Any]:
    """The own hand as buttons, and the seat's other choices, all from ``view.legal``
    (their words in ``language``, by default the active one)."""
    language = language or get_language()
    reds = tuple(view.ruleset.red_fives)
    by_type: dict[str, list[Any]] = {}
    for action in view.legal:
        by_type.setdefault(action.type, []).append(action)
    discards = {a.tile: a for a in by_type.get("discard", [])}
    riichis = {a.tile: a for a in by_type.get("riichi", [])}
    open_riichis = {a.tile: a for a in by_type.get("open_riichi", [])}
    arranged = arrange(view.hand, order, sort)

    # On the own turn, the tiles held but absent from the legal discards are barred.
    why = barred_reason(view) if discards else ""

    def tiles_for(choices: dict[str, Any], mode: str) -> list[dict[str, Any]]:
        shown = [*arranged, *([view.drawn] if view.drawn is not None else [])]
        dim = mode != "discard"
        return [
            _tile_entry(
                tile,
                choices.get(tile),
                tile == view.drawn,
                dim,
                reds,
                language,
                why if not dim and tile not in choices else "",
            )
            for tile in shown
        ]

    turn_actions = _keyed(
        [
            _button(a, version, _with_tiles(a), language)
            for kind in (_TURN_KINDS if view.phase == "turn" else _NOT_ON_DRAW)
            for a in by_type.get(kind, [])
        ]
    )
    # The answers to a discard (or a quad to rob): never on the own turn, where Win
    # anyway is already among the turn's actions.
    calls = (
        _keyed(
            [
                _button(a, version, _with_tiles(a), language)
                for kind in ("ron", "win_anyway", "daiminkan", "pon", "chi", "pass")
                for a in by_type.get(kind, [])
            ]
        )
        if view.phase != "turn"
        else []
    )
    assert view.seat is not None  # an own hand: drawn for a seat, never for spectators
    return {
        "tiles": tiles_for(discards, "discard"),
        "riichi_tiles": tiles_for(riichis, "riichi") if riichis else [],
        "open_riichi_tiles": tiles_for(open_riichis, "open_riichi") if open_riichis else [],
        "turn_actions": turn_actions,
        "calls": calls,
        "claim_tile": view.claim_tile if view.claim_tile is not None and calls else None,
        "my_turn": bool(view.legal),
        "waits": tuple(view.waits),
        "furiten": view.furiten,
        "order": arranged,
        "melds": tuple(meld_data(m, view.seat) for m in view.melds[view.seat]),
    }
