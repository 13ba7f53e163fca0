"""The markup of a table frame: board, own hand, result panel, status, error area.

These sections are rebuilt for every socket after every move, so they are written
as plain string formatting rather than Django templates (which cost several times
more per frame); every value that is not our own markup goes through ``escape``.
The page itself (``tables/table.html``) places the same sections without the
``hx-swap-oob`` marks, so a page load and a socket frame always agree.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


def _oob(oob: bool) -> str:
    return ' hx-swap-oob="true"' if oob else ""


def _turn_line(c: dict) -> str:
    countdown = c["countdown"]
    if c["finished"]:
        text = "Game over"
    elif countdown and countdown["mine"]:
        text = "<strong>Your move</strong>"
    elif c["calls_phase"]:
        text = "Waiting for calls"
    else:
        text = f"{escape(c['turn_name'])} to play"
    if countdown:
        base, bank = countdown["base"], countdown["bank"]
        shown = f"{base:.0f} s" + (f" + {bank:.0f} s" if bank else "")
        text += (
            f' <span class="countdown" data-countdown data-base="{base}" '
            f'data-bank="{bank}">{shown}</span>'
        )
    return text


def center(c: dict, oob: bool = False) -> SafeString:
    """The middle of the board; it changes with every move, so it carries the version."""
    sticks = c["sticks"]
    return mark_safe(
        f'<div id="table-center" class="table-center" data-version="{c["version"]}"{_oob(oob)}>'
        f'<div class="round-name">{c["round"]}</div>'
        f'<div class="counters"><span title="Repeat counters">{c["honba"]} honba</span> · '
        f'<span title="Riichi sticks on the table">{sticks} stick{"" if sticks == 1 else "s"}</span> · '
        f'<span title="Tiles left in the live wall">wall {c["wall"]}</span></div>'
        '<div class="dora"><span class="label">Dora</span> '
        f'<span class="tiles tiles-small">{c["dora"]}{c["dora_hidden"]}</span></div>'
        f'<div class="turn-line" aria-live="polite">{_turn_line(c)}</div>'
        "</div>"
    )


def corner(html: str) -> SafeString:
    """One seat's corner, swapped in by its id."""
    return mark_safe(html.replace(' class="seat-area', ' hx-swap-oob="true" class="seat-area', 1))


def board(c: dict, oob: bool = False) -> SafeString:
    """The whole board: the viewer's frame for the corners, all four, and the middle."""
    seated = "" if c["spectator"] else " seated"
    return mark_safe(
        f'<section id="table-board" class="table-board viewer-{c["viewer"]}{seated}"'
        f'{_oob(oob)} aria-label="The table">'
        f"{''.join(c['seats_html'])}{center(c)}</section>"
    )


def _tile_buttons(entries: list[dict], extra: str) -> str:
    parts = []
    for t in entries:
        if "action" in t:
            parts.append(
                f'<button type="button" class="tile-button{extra}{" drawn" if t["drawn"] else ""}" '
                f'ws-send hx-vals="{escape(t["vals"])}" data-action="{t["action"]}" '
                f'title="{escape(t["label"])}">{t["html"]}</button>'
            )
        else:
            parts.append(t["html"])
    return "".join(parts)


def _buttons(buttons: list[dict], kind: str) -> str:
    return "".join(
        f'<button type="button" class="{kind} {b["type"]}{" secondary" if b["type"] == "pass" else ""}" '
        f'ws-send hx-vals="{escape(b["vals"])}" data-action="{b["action"]}">{b["label"]}'
        + (f' <span class="tiles tiles-small">{b["tiles"]}</span>' if b["tiles"] else "")
        + "</button>"
        for b in buttons
    )


def hand(c: dict, oob: bool = False) -> SafeString:
    h = c["hand"]
    inner = ""
    if h:
        parts = []
        if h["calls"]:
            parts.append(
                '<div class="call-prompt" role="group" aria-label="Answer the discard">'
                f'<span class="claim">{h["claim_tile"]}</span>{_buttons(h["calls"], "call")}</div>'
            )
        parts.append('<div class="hand-modes">')
        if h["riichi_tiles"]:
            parts.append(
                '<input type="checkbox" id="riichi-mode" class="mode-toggle">'
                '<label for="riichi-mode" class="button mode-label">Riichi…</label>'
            )
        if h["open_riichi_tiles"]:
            parts.append(
                '<input type="checkbox" id="open-riichi-mode" class="mode-toggle">'
                '<label for="open-riichi-mode" class="button mode-label">Open riichi…</label>'
            )
        parts.append(_buttons(h["turn_actions"], "turn-action"))
        parts.append(
            '<div class="hand-row hand-normal tiles tiles-large">'
            f"{_tile_buttons(h['tiles'], '')}</div>"
        )
        if h["riichi_tiles"]:
            parts.append(
                '<div class="hand-row hand-riichi tiles tiles-large" '
                'aria-label="Discards that keep the hand waiting">'
                f"{_tile_buttons(h['riichi_tiles'], ' riichi-ok')}</div>"
            )
        if h["open_riichi_tiles"]:
            parts.append(
                '<div class="hand-row hand-open-riichi tiles tiles-large" '
                'aria-label="Discards for open riichi">'
                f"{_tile_buttons(h['open_riichi_tiles'], ' riichi-ok')}</div>"
            )
        parts.append("</div>")
        info = ""
        if h["waits_text"]:
            info = f'Waiting on <span class="tiles tiles-small">{h["waits"]}</span>'
            if h["furiten"]:
                info += ' <strong class="furiten">furiten</strong>'
        parts.append(f'<p class="hand-info muted">{info}</p>')
        inner = "".join(parts)
    return mark_safe(
        f'<section id="table-hand" class="table-hand"{_oob(oob)} aria-label="Your hand">'
        f"{inner}</section>"
    )


def panel(c: dict, oob: bool = False) -> SafeString:
    return mark_safe(
        f'<section id="table-panel" class="table-panel"{_oob(oob)} aria-live="polite">'
        f"{c['panel_html']}</section>"
    )


def status(c: dict, oob: bool = False) -> SafeString:
    word = "finished" if c["finished"] else "playing"
    return mark_safe(
        f'<span id="table-status"{_oob(oob)} class="badge status-{word}">{word.capitalize()}</span>'
    )


def frame(c: dict) -> str:
    """Everything a socket gets after a change, each section swapped in by id."""
    return (
        board(c, True)
        + hand(c, True)
        + panel(c, True)
        + status(c, True)
        + '<div id="table-error" hx-swap-oob="true" class="table-error" role="alert"></div>'
    )
