"""From a SeatView to what the table shows, as plain data (no markup).

Only a :class:`~rules.engine.visibility.SeatView` goes in, so a page can never show more
than the engine lets the seat see. Tiles stay numbers here (physical tiles, or kinds
for waits); the ``*_markup`` modules alone turn them into HTML, for the live page, its
socket frames and the replay's result panel alike.
"""

from __future__ import annotations

import json
from functools import lru_cache

from django.utils.translation import get_language

from players import terms
from rules.engine.actions import format_action
from rules.engine.standings import format_final
from rules.engine.tiles import EAST, is_red, kind_name, kind_notation

POSITIONS = ("bottom", "right", "top", "left")
WIND_NAMES = ("East", "South", "West", "North")
ABORT_REASONS = {
    "kyuushu_kyuuhai": "nine different terminals and honours (kyuushu kyuuhai)",
    "suufon_renda": "the same wind discarded by all four in the first go-around (suufon renda)",
    "suucha_riichi": "all four players in riichi (suucha riichi)",
    "suukaikan": "four kans by more than one player (suukaikan)",
    "sanchahou": "three players called ron on one tile (sanchahou)",
}
# The words of results and buttons live in players.terms (Japanese terms or English
# names, a member's choice).
RESULT_TITLES = terms.RESULT_NAMES
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


def tile_label(tile: int, reds: tuple) -> str:
    return kind_notation(tile >> 2, is_red(tile, reds))


def tile_name(tile: int, reds: tuple) -> str:
    """A tile's spoken name: "red five of circles", "7 of bamboo", "white dragon"."""
    kind = tile >> 2
    if is_red(tile, reds):
        return "red five of " + kind_name(kind).split(" of ", 1)[1]
    return kind_name(kind)


def action_vals(action_text: str) -> str:
    """The hx-vals of a button: htmx's ws-send posts them to the socket as JSON, with
    the version from the hand's own hx-vals (htmx merges a parent's values in), so a
    button's markup does not change from one version to the next."""
    return json.dumps({"action": action_text})


def seat_wind(seat: int, dealer: int) -> str:
    return WIND_NAMES[(seat - dealer) % 4]


def round_name(round_wind: int, round_number: int) -> str:
    return f"{WIND_NAMES[round_wind - EAST]} {round_number + 1}"


# --- melds and ponds -------------------------------------------------------------------


def meld_data(meld, owner: int) -> tuple:
    """``(kind, from_position, items)``; an item is ``(tile, how, added)`` where ``how``
    is "" (upright), "sideways" (the called tile, turned toward its source) or "back"
    (face down), and ``added`` is the tile of an added kan, stacked on the called one."""
    if meld.kind == "ankan":
        t = meld.tiles
        items = ((t[0], "back", None), (t[1], "", None), (t[2], "", None), (t[3], "back", None))
        return ("ankan", "self", items)
    called = meld.called
    others = [t for t in meld.tiles if t != called]
    added = others.pop() if meld.kind == "shouminkan" else None
    relative = (meld.source - owner) % 4 if meld.source is not None else 3
    # From the left player the tile lies first, from across in the middle, from the right last.
    where = {3: 0, 2: 1, 1: len(others)}[relative]
    items = [(t, "", None) for t in others]
    items.insert(where, (called, "sideways", added))
    return (meld.kind, POSITIONS[relative], tuple(items))


def pond_data(discards, seat: int, last_discard) -> tuple:
    """``(tile, classes)`` per discard: sideways for riichi, marked when called or last."""
    out = []
    for d in discards:
        classes = []
        if d.tsumogiri:
            classes.append("tsumogiri")
        if d.riichi:
            classes.append("riichi-tile")
        if d.called:
            classes.append("called")
        elif last_discard == (seat, d.tile):
            classes.append("last")
        out.append((d.tile, " ".join(classes)))
    return tuple(out)


def arrange(hand: tuple, previous: list | None, sort: bool) -> list:
    """The own hand in display order: sorted, or where each tile arrived (new ones right)."""
    if sort or not previous:
        return list(hand)
    kept = [t for t in previous if t in hand]
    kept_set = set(kept)
    return kept + [t for t in hand if t not in kept_set]


def seats_data(view, names: list[dict]) -> list[dict]:
    """The four seats from the public (spectator) view: the same for every viewer."""
    out = []
    for seat in range(4):
        info = names[seat]
        open_tiles = view.open_hands[seat] or ()
        out.append(
            {
                "seat": seat,
                "name": info["name"],
                "bot": bool(info.get("bot")),
                "away": not info.get("connected", True),
                "wind": seat_wind(seat, view.dealer),
                "dealer": seat == view.dealer,
                "score": view.scores[seat],
                "riichi": bool(view.riichi[seat]),
                "dead": bool(view.dead[seat]),
                "turn": seat == view.turn and view.phase == "turn",
                "open": tuple(open_tiles),
                "backs": 0 if open_tiles or view.phase == "game_end" else view.hand_sizes[seat],
                "melds": tuple(meld_data(m, seat) for m in view.melds[seat]),
                "pond": pond_data(view.discards[seat], seat, view.last_discard),
            }
        )
    return out


# --- the own hand ------------------------------------------------------------------------


@lru_cache(maxsize=20_000)
def _move(action, language: str | None) -> tuple[str, str, str]:
    """An action's text, hx-vals and label (in ``language``): the same on every frame."""
    text = format_action(action)
    return text, action_vals(text), terms.action_label(action.type)


def _button(action, version: int, tiles: tuple = ()) -> dict:
    text, vals, label = _move(action, get_language())
    return {
        "action": text,
        "vals": vals,
        "label": label,
        "type": action.type,
        "tiles": tiles,
        "key": ACTION_KEYS.get(action.type, ""),
    }


def _with_tiles(action) -> tuple:
    if action.type in ("ron", "win_anyway"):
        return (action.tile,)
    if action.type in ("chi", "pon", "daiminkan"):
        return (*action.tiles, action.tile)
    if action.type == "ankan":
        return tuple(action.tiles)
    if action.type == "shouminkan":
        return (action.tile,)
    return ()


def _keyed(buttons: list[dict]) -> list[dict]:
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
            entry = {"tile": tile, "extra": extra, "drawn": drawn}
            if action is not None:
                entry.update(_button(action, version))
                entry["label"] = f"{entry['label']} {tile_label(tile, reds)}"
            out.append(entry)
        return out

    turn_actions = _keyed(
        [
            _button(a, version, _with_tiles(a))
            for kind in (_TURN_KINDS if view.phase == "turn" else _NOT_ON_DRAW)
            for a in by_type.get(kind, [])
        ]
    )
    calls = _keyed(
        [
            _button(a, version, _with_tiles(a))
            for kind in ("ron", "win_anyway", "daiminkan", "pon", "chi", "pass")
            for a in by_type.get(kind, [])
        ]
    )
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


# --- what just happened ------------------------------------------------------------------


def latest_news(state, names: list[dict]) -> tuple | None:
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


def _sentence(kind: str, seats: list[int], names: list[dict], tile: str | None) -> str:
    who = " and ".join(names[s]["name"] for s in seats)
    verb = VERBS.get(kind, kind)
    return (
        f"{who} {verb} the {tile}"
        if tile and kind not in ("tsumo", "ron", "kyuushu")
        else f"{who} {verb}"
    )


# --- results -----------------------------------------------------------------------------


def _name(names, seat):
    return names[seat]["name"] if seat is not None else ""


def yaku_han(han: int, yakuman: bool) -> str:
    """How a yaku counts: "2 han", or for a limit hand "yakuman" / "double yakuman"."""
    if yakuman and han >= 13:
        times = han // 13
        return (
            "yakuman" if times == 1 else ("double yakuman" if times == 2 else f"{times}× yakuman")
        )
    return f"{han} han"


def result_context(result, hand: int, names: list[dict], reds: tuple) -> dict:
    """A finished hand as the result screen shows it, live and in the replay alike."""
    wins = []
    for w in result.wins:
        concealed = list(w.hand)
        if w.win_tile in concealed:
            concealed.remove(w.win_tile)
        wins.append(
            {
                "seat": w.seat,
                "name": _name(names, w.seat),
                "how": "Tsumo"
                if w.from_seat is None
                else f"Ron on {_name(names, w.from_seat)}'s tile",
                "hand": tuple(concealed),
                "win_tile": w.win_tile,
                "melds": tuple(meld_data(m, w.seat) for m in w.melds),
                "yaku": [
                    (terms.yaku_name(name), yaku_han(han, w.score.yakuman))
                    for name, han in w.score.yaku
                ],
                "han": w.score.han,
                "fu": w.score.fu,
                "limit": terms.limit_name(w.score.limit or ""),
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
        shown = result.hands[seat] if result.hands and not result.wins else None
        rows.append(
            {
                "seat": seat,
                "name": _name(names, seat),
                "delta": result.deltas[seat],
                "score": result.scores[seat],
                "tenpai": bool(result.tenpai[seat]) if result.tenpai else None,
                "hand": tuple(shown) if shown else (),
                "nagashi": seat in result.nagashi,
            }
        )
    return {
        "kind": result.kind,
        "title": terms.result_title(result.kind),
        "round": round_name(result.round_wind, result.round_number),
        "honba": result.honba,
        "wins": wins,
        "rows": rows,
        "abort": ABORT_REASONS.get(result.abort or "", result.abort or ""),
        "dora": tuple(result.dora_indicators),
        "ura": tuple(result.ura_indicators),
        "sticks_left": result.riichi_sticks,
        "tileset": (hand, reds),
        "claim": claim_summary(result.claim, names) if result.claim is not None else "",
    }


def claim_summary(wc, names: list[dict]) -> str:
    """One line on how a claimed win was settled, for the result screen."""
    from rules.engine.claim_values import value_label

    from .claim_screens import decision_text

    claimed = value_label(wc.value) if wc.value else "no value"
    answers = ", ".join(
        f"{_name(names, o)} {'OK' if a.type == 'ok' else 'NG'}"
        for o, a in enumerate(wc.answers)
        if a is not None
    )
    return (
        f"{_name(names, wc.seat)} claimed {claimed}; {answers}; "
        f"{_name(names, wc.reviewer)}'s review: {decision_text(wc.decision)}."
    )


def final_context(final, names: list[dict]) -> list[dict]:
    """Final standings; uma and oka in the same thousands as the final result."""
    return [
        {
            "place": s.place,
            "seat": s.seat,
            "name": _name(names, s.seat),
            "score": s.score,
            "sticks": s.sticks,
            "uma": format_final(s.uma),
            "oka": format_final(s.oka),
            "penalty": format_final(-s.penalty) if s.penalty else "",
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
        "hand_index": hand,
        "reds": reds,
        "round": round_name(view.round_wind, view.round_number),
        "honba": view.honba,
        "sticks": view.riichi_sticks,
        "wall": view.wall_remaining,
        "dora": tuple(view.dora_indicators),
        "dora_hidden": max(0, 5 - len(view.dora_indicators)),
        "seats": seats_data(view, names),
        "phase": view.phase,
        "turn": view.turn,
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
