"""From a SeatView to what the table templates show.

Only a :class:`~rules.engine.views.SeatView` goes in, so a page can never show more
than the engine lets the seat see. Every face-up tile is drawn with a
``data-tile="<hand>:<physical tile>"`` attribute: the privacy test reads those to
check that no concealed tile, wall tile or unrevealed ura indicator is ever sent.
Tile markup is built here in Python (and cached) because a table frame holds a
hundred tiles or more and is rendered after every move.
"""

from __future__ import annotations

import json
from functools import lru_cache

from django.templatetags.static import static
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from rules.engine.actions import format_action
from rules.engine.standings import format_final
from rules.engine.tiles import EAST, face_file, is_red, kind_name, kind_notation

POSITIONS = ("bottom", "right", "top", "left")
WIND_NAMES = ("East", "South", "West", "North")
ABORT_REASONS = {
    "kyuushu_kyuuhai": "nine different terminals and honours (kyuushu kyuuhai)",
    "suufon_renda": "four winds discarded in the first go-around (suufon renda)",
    "suucha_riichi": "all four players in riichi (suucha riichi)",
    "suukaikan": "four kans by more than one player (suukaikan)",
    "sanchahou": "three players claimed ron on one tile (sanchahou)",
}
RESULT_TITLES = {
    "ron": "Ron",
    "tsumo": "Tsumo",
    "exhaustive": "Exhaustive draw",
    "nagashi": "Nagashi mangan",
    "abortive": "Abortive draw",
}
ACTION_LABELS = {
    "discard": "Discard",
    "riichi": "Riichi",
    "open_riichi": "Open riichi",
    "tsumo": "Tsumo",
    "ron": "Ron",
    "chi": "Chi",
    "pon": "Pon",
    "daiminkan": "Kan",
    "ankan": "Kan (concealed)",
    "shouminkan": "Kan (added)",
    "kyuushu": "Nine terminals (abort)",
    "pass": "Pass",
}


@lru_cache(maxsize=50_000)
def tile_html(tile: int, hand: int, reds: tuple, extra: str = "") -> SafeString:
    kind = tile >> 2
    red = is_red(tile, reds)
    return format_html(
        '<span class="tile{}" title="{}" data-tile="{}:{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        f" {extra}" if extra else "",
        kind_notation(kind, red),
        hand,
        tile,
        static(f"tiles/{face_file(kind, red)}.svg"),
        kind_name(kind, red),
    )


@lru_cache(maxsize=64)
def kind_html(kind: int) -> SafeString:
    """A tile kind, not a physical tile (waits): marked data-kind, not data-tile."""
    return format_html(
        '<span class="tile" title="{}" data-kind="{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        kind_notation(kind),
        kind,
        static(f"tiles/{face_file(kind)}.svg"),
        kind_name(kind),
    )


@lru_cache(maxsize=32)
def backs(count: int) -> SafeString:
    """A row of face-down tiles as one element: the stylesheet repeats the tile back
    ``--n`` times. Thirteen separate images per hand would be most of a frame."""
    if count <= 0:
        return mark_safe("")
    label = "hidden tile" if count == 1 else f"{count} hidden tiles"
    return mark_safe(
        f'<span class="tile-backs" style="--n:{count}" role="img" aria-label="{label}"></span>'
    )


def row(tiles, hand: int, reds: tuple, extra: str = "") -> SafeString:
    return mark_safe("".join(tile_html(t, hand, reds, extra) for t in tiles))


def tile_label(tile: int, reds: tuple) -> str:
    return kind_notation(tile >> 2, is_red(tile, reds))


def action_vals(action_text: str, version: int) -> str:
    """The hx-vals of a button: htmx's ws-send posts them to the socket as JSON."""
    return json.dumps({"action": action_text, "version": version})


# --- melds ---------------------------------------------------------------------------


def meld_html(meld, owner: int, hand: int, reds: tuple) -> SafeString:
    """A meld as it lies on the table: the called tile turned towards its source."""
    if meld.kind == "ankan":
        inner = row(meld.tiles[1:3], hand, reds)
        return format_html('<span class="meld ankan">{}{}{}</span>', backs(1), inner, backs(1))
    called = meld.called
    others = [t for t in meld.tiles if t != called]
    added = None
    if meld.kind == "shouminkan":
        added = others.pop()
    relative = (meld.source - owner) % 4 if meld.source is not None else 3
    # From the left player the tile lies first, from across in the middle, from the right last.
    where = {3: 0, 2: 1, 1: len(others)}[relative]
    parts = [tile_html(t, hand, reds) for t in others]
    turned = tile_html(called, hand, reds, "sideways")
    if added is not None:
        turned = format_html(
            '<span class="stacked">{}{}</span>', turned, tile_html(added, hand, reds, "sideways")
        )
    parts.insert(where, turned)
    return format_html(
        '<span class="meld {}" data-from="{}">{}</span>',
        meld.kind,
        POSITIONS[relative],
        mark_safe("".join(parts)),
    )


# --- the seats around the table ------------------------------------------------------


def river_html(discards, seat: int, last_discard, hand: int, reds: tuple) -> SafeString:
    parts = []
    for d in discards:
        classes = []
        if d.tsumogiri:
            classes.append("tsumogiri")
        if d.riichi:
            classes.append("riichi-tile")
        if d.called:
            classes.append("called")
        if last_discard == (seat, d.tile) and not d.called:
            classes.append("last")
        parts.append(tile_html(d.tile, hand, reds, " ".join(classes)))
    return mark_safe("".join(parts))


def seat_wind(seat: int, dealer: int) -> str:
    return WIND_NAMES[(seat - dealer) % 4]


def arrange(hand: tuple, previous: list | None, sort: bool) -> list:
    """The own hand in display order: sorted, or where each tile arrived (new ones right)."""
    if sort or not previous:
        return list(hand)
    kept = [t for t in previous if t in hand]
    kept_set = set(kept)
    return kept + [t for t in hand if t not in kept_set]


def seats_html(view, hand: int, names: list[dict]) -> list[SafeString]:
    """The four corners of the board from the public (spectator) view, one per seat.

    The same markup serves every viewer: each corner is marked ``seat-<k>`` and the
    board ``viewer-<v>``, and the stylesheet puts the viewer at the bottom and hides
    the viewer's own face-down tiles (their real hand is drawn below the board).
    Each corner has its own id, so a frame carries only the corners that changed.
    """
    reds = tuple(view.ruleset.red_fives)
    parts = []
    for seat in range(4):
        info = names[seat]
        if view.open_hands[seat]:
            concealed = row(view.open_hands[seat], hand, reds, "open")
        else:
            concealed = backs(view.hand_sizes[seat] if view.phase != "game_end" else 0)
        wind = seat_wind(seat, view.dealer)
        dealer = seat == view.dealer
        badges = []
        if info.get("bot"):
            badges.append('<span class="badge">bot</span>')
        if not info.get("connected", True):
            badges.append(
                '<span class="badge away" title="Not connected: the server plays for this seat">away</span>'
            )
        if view.riichi[seat]:
            badges.append('<span class="riichi-stick" title="In riichi">riichi</span>')
        melds = "".join(meld_html(m, seat, hand, reds) for m in reversed(view.melds[seat]))
        river = river_html(view.discards[seat], seat, view.last_discard, hand, reds)
        turn = seat == view.turn and view.phase == "turn"
        # Plain formatting with explicit escaping: this runs after every move.
        parts.append(
            f'<div id="seat-area-{seat}" class="seat-area seat-{seat}{" is-turn" if turn else ""}" '
            f'data-seat="{seat}">'
            f'<div class="seat-head"><span class="wind{" dealer" if dealer else ""}" '
            f'title="{"Dealer, " if dealer else ""}seat wind {wind}">{wind[0]}</span> '
            f'<strong class="seat-name">{escape(info["name"])}</strong> {" ".join(badges)} '
            f'<span class="score" title="Points">{view.scores[seat]}</span></div>'
            f'<div class="seat-tiles"><span class="concealed tiles tiles-small">{concealed}</span>'
            f'<span class="melds tiles tiles-small">{melds}</span></div>'
            f'<div class="river tiles tiles-small" aria-label="Discards of {escape(info["name"])}">'
            f"{river}</div></div>"
        )
    return [mark_safe(part) for part in parts]


# --- the own hand and the buttons ----------------------------------------------------


def _button(action, version: int, hand: int, reds: tuple, tiles: tuple = ()) -> dict:
    text = format_action(action)
    return {
        "action": text,
        "vals": action_vals(text, version),
        "label": ACTION_LABELS[action.type],
        "type": action.type,
        "tiles": row(tiles, hand, reds) if tiles else "",
    }


def hand_context(view, hand: int, version: int, order: list | None, sort: bool) -> dict:
    """The own hand as buttons, and the seat's other choices, all from ``view.legal``."""
    reds = tuple(view.ruleset.red_fives)
    by_type: dict[str, list] = {}
    for action in view.legal:
        by_type.setdefault(action.type, []).append(action)
    discards = {a.tile: a for a in by_type.get("discard", [])}
    riichis = {a.tile: a for a in by_type.get("riichi", [])}
    open_riichis = {a.tile: a for a in by_type.get("open_riichi", [])}
    arranged = arrange(view.hand, order, sort)

    def tiles_for(choices: dict, mode: str) -> list[dict]:
        shown = [*arranged, *([view.drawn] if view.drawn is not None else [])]
        out = []
        for tile in shown:
            action = choices.get(tile)
            drawn = tile == view.drawn
            extra = "drawn" if drawn else ""
            if mode != "discard" and action is None:
                extra = f"{extra} dimmed".strip()
            entry = {"html": tile_html(tile, hand, reds, extra), "drawn": drawn}
            if action is not None:
                entry.update(_button(action, version, hand, reds))
                entry["label"] = f"{ACTION_LABELS[action.type]} {tile_label(tile, reds)}"
            out.append(entry)
        return out

    def with_tiles(action) -> tuple:
        if action.type == "ron":
            return (action.tile,)
        if action.type in ("chi", "pon", "daiminkan"):
            return (*action.tiles, action.tile)
        if action.type == "ankan":
            return action.tiles
        if action.type == "shouminkan":
            return (action.tile,)
        return ()

    normal = tiles_for(discards, "discard")
    riichi_row = tiles_for(riichis, "riichi") if riichis else []
    open_row = tiles_for(open_riichis, "open_riichi") if open_riichis else []
    turn_actions = [
        _button(a, version, hand, reds, tiles=with_tiles(a))
        for kind in ("tsumo", "ankan", "shouminkan", "kyuushu")
        for a in by_type.get(kind, [])
    ]
    calls = [
        _button(a, version, hand, reds, tiles=with_tiles(a))
        for kind in ("ron", "daiminkan", "pon", "chi", "pass")
        for a in by_type.get(kind, [])
    ]
    claim = tile_html(view.claim_tile, hand, reds) if view.claim_tile is not None and calls else ""
    return {
        "tiles": normal,
        "riichi_tiles": riichi_row,
        "open_riichi_tiles": open_row,
        "turn_actions": turn_actions,
        "calls": calls,
        "claim_tile": claim,
        "my_turn": bool(view.legal),
        "waits": mark_safe("".join(kind_html(k) for k in view.waits)),
        "waits_text": ", ".join(kind_notation(k) for k in view.waits),
        "furiten": view.furiten,
        "order": arranged,
    }


# --- results -------------------------------------------------------------------------


def _name(names, seat):
    return names[seat]["name"] if seat is not None else ""


def result_context(result, hand: int, names: list[dict], reds: tuple) -> dict:
    wins = []
    for w in result.wins:
        concealed = list(w.hand)
        if w.win_tile in concealed:
            concealed.remove(w.win_tile)
        wins.append(
            {
                "seat": w.seat,
                "name": _name(names, w.seat),
                "how": "Tsumo" if w.from_seat is None else f"Ron from {_name(names, w.from_seat)}",
                "hand": row(concealed, hand, reds),
                "win_tile": tile_html(w.win_tile, hand, reds, "drawn"),
                "melds": mark_safe(
                    "".join(meld_html(m, w.seat, hand, reds) for m in reversed(w.melds))
                ),
                "yaku": list(w.score.yaku),
                "han": w.score.han,
                "fu": w.score.fu,
                "limit": w.score.limit or "",
                "yakuman": w.score.yakuman,
                "points": w.payment.total if w.payment else 0,
                "sticks": w.payment.sticks if w.payment else 0,
                "payers": [
                    {"name": _name(names, s), "paid": p}
                    for s, p in sorted((w.payment.payers if w.payment else {}).items())
                ],
                "pao": _name(names, w.pao) if w.pao is not None else "",
            }
        )
    rows = []
    for seat in range(4):
        rows.append(
            {
                "seat": seat,
                "name": _name(names, seat),
                "delta": result.deltas[seat],
                "score": result.scores[seat],
                "tenpai": bool(result.tenpai[seat]) if result.tenpai else None,
                "hand": row(result.hands[seat], hand, reds)
                if result.hands and result.hands[seat] and not result.wins
                else "",
                "nagashi": seat in result.nagashi,
            }
        )
    return {
        "kind": result.kind,
        "title": RESULT_TITLES.get(result.kind, result.kind),
        "round": f"{WIND_NAMES[result.round_wind - EAST]} {result.round_number + 1}",
        "honba": result.honba,
        "wins": wins,
        "rows": rows,
        "abort": ABORT_REASONS.get(result.abort or "", result.abort or ""),
        "dora": row(result.dora_indicators, hand, reds),
        "ura": row(result.ura_indicators, hand, reds),
        "sticks_left": result.riichi_sticks,
    }


def final_context(final, names: list[dict]) -> list[dict]:
    return [
        {
            "place": s.place,
            "seat": s.seat,
            "name": _name(names, s.seat),
            "score": s.score,
            "sticks": s.sticks,
            "uma": s.uma,
            "oka": s.oka,
            "penalty": s.penalty,
            "final": format_final(s.final),
            "positive": s.final > 0,
            "negative": s.final < 0,
        }
        for s in final
    ]


# --- the whole table -------------------------------------------------------------------


def hand_started(view) -> bool:
    return any(view.discards) or any(view.melds)


def shared_context(view, *, hand: int, names: list[dict]) -> dict:
    """The parts of a frame every viewer shares, from the public (spectator) view."""
    reds = tuple(view.ruleset.red_fives)
    finished = view.final is not None
    # The result of the last hand stays up until the next hand's first discard.
    result_hand = hand if finished else hand - 1
    show_result = view.result is not None and (finished or not hand_started(view))
    return {
        "round": f"{WIND_NAMES[view.round_wind - EAST]} {view.round_number + 1}",
        "honba": view.honba,
        "sticks": view.riichi_sticks,
        "wall": view.wall_remaining,
        "dora": row(view.dora_indicators, hand, reds),
        "dora_hidden": backs(max(0, 5 - len(view.dora_indicators))),
        "seats_html": seats_html(view, hand, names),
        "phase": view.phase,
        "turn_name": names[view.turn]["name"],
        "calls_phase": view.phase == "calls",
        "finished": finished,
        "result": result_context(view.result, result_hand, names, reds) if show_result else None,
        "final": final_context(view.final, names) if finished else None,
        "penalties": finished and any(s.penalty for s in view.final),
    }


def viewer_context(
    view,
    *,
    hand: int,
    version: int,
    countdown: dict | None = None,
    order: list | None = None,
    sort: bool = True,
) -> dict:
    """The parts of a frame that belong to one seat (or to a spectator)."""
    return {
        "version": version,
        "me": view.seat,
        "viewer": view.seat if view.seat is not None else 0,
        "spectator": view.seat is None,
        "countdown": countdown,
        "hand": hand_context(view, hand, version, order, sort) if view.seat is not None else None,
    }
