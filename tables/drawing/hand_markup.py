"""The own hand as HTML: its tiles as buttons (one row per mode: discard, riichi,
open riichi), the call and turn buttons with their keys, the waits.

A button's markup is the same from one version to the next (the version rides on
the hand section), so buttons are cached.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from players import terms
from tables.conf import markup_kept

from .seat_presenters import tile_name
from .tile_markup import EMPTY, join, kinds, markup, melds, oob_mark, row, tile


def _key(key: str) -> SafeString:
    return markup('<kbd class="key" aria-hidden="true">{}</kbd>', key.upper()) if key else EMPTY


# The own hands' buttons: a tile with its move (discard, riichi...) in a hand index,
# the same on every version; the live seats use a few thousand (0.5 kB each).
BUTTONS_KEPT = markup_kept(1)  # TABLE_MARKUP_ENTRIES' share
# The call, riichi and win buttons: far fewer, one set per seat asked.
ACTION_BUTTONS_KEPT = markup_kept(0.5)  # TABLE_MARKUP_ENTRIES' share


@lru_cache(maxsize=BUTTONS_KEPT)
def tile_button(
    t: int,
    hand: int,
    reds: tuple[Any, ...],
    extra: str,
    cls: str,
    vals: str,
    action: str,
    label: str,
) -> SafeString:
    """A tile of the own hand that makes a move when pressed (the same for every version)."""
    return markup(
        '<button type="button" class="tile-button{}" ws-send hx-vals="{}" '
        'data-action="{}" title="{}" aria-label="{}">{}</button>',
        cls,
        vals,
        action,
        label,
        f"{label}: {tile_name(t, reds)}",
        tile(t, hand, reds, extra),
    )


@lru_cache(maxsize=BUTTONS_KEPT)
def barred_button(
    t: int, hand: int, reds: tuple[Any, ...], extra: str, cls: str, why: str
) -> SafeString:
    """A tile of the own hand that may not be discarded now: a button that sends
    nothing (no ws-send), marked disabled for assistive technology and saying why in
    its title (read as its description after its name), which table.js shows when it
    is tapped or clicked. A button like the playable tiles, so it stands on their
    baseline."""
    return markup(
        '<button type="button" class="tile-button barred{}" aria-disabled="true" '
        'title="{}" aria-label="{}">{}</button>',
        cls,
        why,
        tile_name(t, reds),
        tile(t, hand, reds, extra),
    )


def _tile_buttons(
    entries: list[dict[str, Any]], hand: int, reds: tuple[Any, ...], extra: str
) -> SafeString:
    return join(
        tile_button(
            t["tile"],
            hand,
            reds,
            t["extra"],
            extra + (" drawn" if t["drawn"] else ""),
            t["vals"],
            t["action"],
            t["label"],
        )
        if "action" in t
        else barred_button(
            t["tile"], hand, reds, t["extra"], " drawn" if t["drawn"] else "", t["barred"]
        )
        if t.get("barred")
        else tile(t["tile"], hand, reds, t["extra"])
        for t in entries
    )


@lru_cache(maxsize=ACTION_BUTTONS_KEPT)
def action_button(
    kind: str,
    type_: str,
    vals: str,
    action: str,
    key: str,
    label: str,
    tiles: tuple[Any, ...],
    hand: int,
    reds: tuple[Any, ...],
) -> SafeString:
    return markup(
        '<button type="button" class="{} {}{}" ws-send hx-vals="{}" data-action="{}"{}{}>{}{}{}</button>',
        kind,
        type_,
        " secondary" if type_ == "pass" else "",
        vals,
        action,
        markup(' data-key="{}"', key.lower()) if key else EMPTY,
        _win_anyway_help() if type_ == "win_anyway" else EMPTY,
        label,
        markup(' <span class="tiles">{}</span>', row(tiles, hand, reds)) if tiles else EMPTY,
        _key(key),
    )


# Win anyway explained where it is offered (plain words, the same in either choice of
# terms, so the cached button needs no language); table.js asks the first time before
# it is sent (the dialog and the help's id are in tables/table.html).
WIN_ANYWAY_HELP = "Call a win even where the app sees none; the table reviews it."


def _win_anyway_help() -> SafeString:
    return markup(
        ' title="{}" aria-describedby="win-anyway-help" data-confirm="win-anyway-confirm"',
        gettext(WIN_ANYWAY_HELP),
    )


def _mode_label(mode_id: str, key: str, word: str) -> SafeString:
    """The checkbox and label that switch the hand to its riichi (or open riichi) row,
    named by the move in the viewer's words."""
    return markup(
        '<input type="checkbox" id="{}" class="mode-toggle" data-key="{}">'
        '<label for="{}" class="button mode-label">{}…'
        '<kbd class="key" aria-hidden="true">{}</kbd></label>',
        mode_id,
        key,
        mode_id,
        word,
        key.upper(),
    )


def _buttons(
    buttons: list[dict[str, Any]], kind: str, hand: int, reds: tuple[Any, ...]
) -> SafeString:
    return join(
        action_button(
            kind, b["type"], b["vals"], b["action"], b["key"], b["label"], b["tiles"], hand, reds
        )
        for b in buttons
    )


def hand(c: dict[str, Any], oob: bool = False) -> SafeString:
    h = c["hand"]
    if not h:
        return markup(
            '<section id="table-hand" class="table-hand"{} aria-label="{}"></section>',
            oob_mark(oob),
            gettext("Your hand"),
        )
    hi, reds = c["hand_index"], c["reds"]
    parts = []
    if h["calls"]:
        parts.append(
            markup(
                '<div class="call-prompt" role="group" aria-label="{}">'
                '<span class="claim">{}</span>{}</div>',
                gettext("Answer the discard"),
                tile(h["claim_tile"], hi, reds) if h["claim_tile"] is not None else EMPTY,
                _buttons(h["calls"], "call", hi, reds),
            )
        )
    actions = [_buttons(h["turn_actions"], "turn-action", hi, reds)]
    if h["riichi_tiles"]:
        actions.insert(
            0,
            _mode_label("riichi-mode", "r", terms.action_label("riichi")),
        )
    if h["open_riichi_tiles"]:
        actions.insert(
            1 if h["riichi_tiles"] else 0,
            _mode_label("open-riichi-mode", "o", terms.action_label("open_riichi")),
        )
    rows = [
        markup(
            '<div class="hand-row hand-normal tiles">{}</div>',
            _tile_buttons(h["tiles"], hi, reds, ""),
        )
    ]
    if h["riichi_tiles"]:
        rows.append(
            markup(
                '<div class="hand-row hand-riichi tiles" aria-label="{}">{}</div>',
                gettext("Discards that keep the hand waiting"),
                _tile_buttons(h["riichi_tiles"], hi, reds, " riichi-ok"),
            )
        )
    if h["open_riichi_tiles"]:
        rows.append(
            markup(
                '<div class="hand-row hand-open-riichi tiles" aria-label="{}">{}</div>',
                gettext("Discards for open riichi"),
                _tile_buttons(h["open_riichi_tiles"], hi, reds, " riichi-ok"),
            )
        )
    info = EMPTY
    if h["waits"]:
        info = markup(
            '{} <span class="tiles">{}</span>{}',
            gettext("Waiting on"),
            kinds(h["waits"]),
            markup(' <strong class="furiten">{}</strong>', gettext("furiten"))
            if h["furiten"]
            else EMPTY,
        )
    parts.append(
        markup(
            '<div class="hand-modes{}">{}{}<span class="own-melds tiles">{}</span></div>'
            '<p class="hand-info">{}</p>',
            " my-turn" if h["my_turn"] else "",
            join(actions),
            join(rows),
            melds(reversed(h["melds"]), hi, reds),
            info,
        )
    )
    return markup(
        '<section id="table-hand" class="table-hand"{} aria-label="{}" hx-vals=\'{{"version": {}}}\'>{}</section>',
        oob_mark(oob),
        gettext("Your hand"),
        c["version"],
        join(parts),
    )


def hand_marks(version: int) -> SafeString:
    """The own hand's attributes alone, with the version its buttons send: a frame whose
    hand changed only in its version sends these (``hx-swap-oob="attributes"``, table.js)."""
    return markup(
        '<section id="table-hand" hx-swap-oob="attributes" class="table-hand" '
        'aria-label="Your hand" hx-vals=\'{{"version": {}}}\'></section>',
        version,
    )
