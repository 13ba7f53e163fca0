"""Writing a stored game as tenhou.net/6 JSON (the format is described in :mod:`.tenhou6`).

The game is replayed through our engine and every hand written out as Tenhou's log
editor expects it. Our full ruleset goes under ``"ruleset"`` (Tenhou's editor
ignores keys it does not know), so our own files re-import under the rules they
were played with.

A chombo (Tenhou's format has none) is written as :mod:`.tenhou6` describes: a hand
it ends as ``["錯和", deltas]``, one played on with a dead hand inside the hand's
result deltas, and every chombo in the extra key ``"chombos"``. A claimed win whose
review went against the engine's reading (:func:`rules.engine.claims.procedure.against_reading`)
is listed in the extra key ``"against_reading"`` (``[{"hand", "seat", "decision",
"reading"}, ...]``), which Tenhou's viewer ignores too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.engine import (
    ANKAN,
    CHI,
    DAIMINKAN,
    DISCARD,
    OPEN_RIICHI,
    PON,
    RIICHI,
    SHOUMINKAN,
    Acted,
    Action,
    Called,
    ChomboCharged,
    Dealt,
    Drew,
    GameSetup,
    GameState,
    HandEnded,
    HandResult,
    Ruleset,
    WinClaim,
    WinResult,
    against_reading,
    apply,
    dealt_hand,
    format_action,
    is_red,
    round_up_100,
    ruleset_to_dict,
    start,
)

from . import yaku as yaku_names
from .tenhou6_codes import ABORT_NAMES, AGARI, CHOMBO, LIMITS, NAGASHI, TSUMOGIRI, number_of_tile


def _rel_slot(seat: int, source: int, kan: bool) -> int:
    rel = (source - seat) % 4  # 3 left, 2 across, 1 right
    return {3: 0, 2: 1, 1: 3 if kan else 2}[rel]


def _meld_text(mark: str, called: int, others: list[int], slot: int, reds: Sequence[int]) -> str:
    parts = [str(number_of_tile(t, reds)) for t in others]
    parts.insert(slot, f"{mark}{number_of_tile(called, reds)}")
    return "".join(parts)


def _points_text(win: WinResult, dealer: int) -> str:
    score = win.score
    base = score.base_points
    if win.from_seat is None:
        if win.seat == dealer:
            points = f"{round_up_100(base * 2)}点∀"
        else:
            points = f"{round_up_100(base)}-{round_up_100(base * 2)}点"
    else:
        points = f"{round_up_100(base * (6 if win.seat == dealer else 4))}点"
    limit = score.limit or ""
    if limit.endswith("x yakuman"):
        return f"{limit.split('x')[0]}倍役満{points}"
    if limit in LIMITS:
        return f"{LIMITS[limit]}{points}"
    return f"{score.fu}符{score.han}飜{points}"


def _yaku_texts(win: WinResult) -> list[str]:
    out: list[str] = []
    for name, han in win.score.yaku:
        key = yaku_names.from_engine(name, han)
        japanese = yaku_names.TENHOU_NAMES.get(key, name)
        if yaku_names.is_yakuman(key):
            out.append(f"{japanese}(ダブル役満)" if han >= 26 else f"{japanese}(役満)")
        else:
            out.append(f"{japanese}({han}飜)")
    return out


def _plus(deltas: Sequence[int], extra: Sequence[int]) -> list[int]:
    return [a + b for a, b in zip(deltas, extra, strict=True)]


def _result_entry(
    result: HandResult, reds: Sequence[int], chombo: Sequence[int] = (0, 0, 0, 0)
) -> list[Any]:
    """The hand's result; ``chombo`` is what chombos played on with a dead hand moved
    earlier in the hand (added to the first deltas written, so the scores add up)."""
    if result.kind in ("ron", "tsumo"):
        out: list[Any] = [AGARI]
        for k, w in enumerate(result.wins):
            liable = w.pao if w.pao is not None else w.seat
            source = w.seat if w.from_seat is None else w.from_seat
            deltas = list(w.payment.deltas())
            out.append(_plus(deltas, chombo) if k == 0 else deltas)
            out.append([w.seat, source, liable, _points_text(w, result.dealer), *_yaku_texts(w)])
        return out
    if result.kind == "chombo":
        return [CHOMBO, _plus(result.deltas, chombo)]
    if result.kind == "exhaustive":
        tenpai = sum(1 for t in result.tenpai if t)
        name = "全員聴牌" if tenpai == 4 else "全員不聴" if tenpai == 0 else "流局"
        return [name, _plus(result.deltas, chombo)]
    if result.kind == "nagashi":
        return [NAGASHI, _plus(result.deltas, chombo)]
    name = ABORT_NAMES.get(result.abort or "", result.abort or "流局")
    return [name, _plus(result.deltas, chombo)]


def rule_entry(ruleset: Ruleset) -> dict[str, Any]:
    reds = ruleset.red_fives
    disp = "般" + ("南" if ruleset.game_type == "hanchan" else "東")
    disp += "喰" if ruleset.kuitan else ""
    disp += "赤" if any(reds) else ""
    return {
        "disp": disp,
        "aka": 1 if any(reds) else 0,
        "aka51": reds[0],
        "aka52": reds[1],
        "aka53": reds[2],
    }


def export(
    setup: GameSetup, actions: Sequence[Action], names: Sequence[str], title: str = ""
) -> dict[str, Any]:
    """A stored game (setup and action list) as a tenhou.net/6 object."""
    reds = setup.ruleset.red_fives
    state = start(setup)
    hands: list[dict[str, Any]] = []

    def open_hand(s: GameState) -> dict[str, Any]:
        dealer = s.round_number
        record: dict[str, Any] = {
            "head": [(s.round_wind - 27) * 4 + s.round_number, s.honba, s.riichi_sticks],
            "scores": list(s.scores),
            "dealt": [
                [number_of_tile(t, reds) for t in dealt_hand(s.wall, seat, dealer)]
                for seat in range(4)
            ],
            "takes": [[], [], [], []],
            "discards": [[], [], [], []],
            "result": None,
            "chombo": [0, 0, 0, 0],  # payments of chombos played on with a dead hand
        }
        hands.append(record)
        return record

    current = open_hand(state)
    assert state.drawn is not None  # a game starts with the dealer's draw
    current["takes"][state.turn].append(number_of_tile(state.drawn, reds))
    chombos: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    for action in actions:
        before = state
        state, events = apply(state, action)
        for event in events:
            match event:
                case Dealt():
                    current = open_hand(state)
                case Drew(seat=drawer, tile=tile):
                    assert tile is not None
                    current["takes"][drawer].append(number_of_tile(tile, reds))
                case Called(action=call):
                    assert call.tile is not None and before.claim is not None
                    source = before.claim.seat
                    kan = call.type == DAIMINKAN
                    if call.type == CHI:
                        text = (
                            "c"
                            + str(number_of_tile(call.tile, reds))
                            + "".join(str(number_of_tile(t, reds)) for t in call.tiles)
                        )
                    else:
                        text = _meld_text(
                            "m" if kan else "p",
                            call.tile,
                            list(call.tiles),
                            _rel_slot(call.seat, source, kan),
                            reds,
                        )
                    current["takes"][call.seat].append(text)
                    if kan:
                        current["discards"][call.seat].append(0)
                case Acted(action=own):
                    _export_own_action(current, before, own, reds)
                case ChomboCharged(seat=offender, deltas=deltas):  # played on: the hand is dead
                    current["chombo"] = _plus(current["chombo"], deltas)
                    chombos.append(_chombo_note(len(hands) - 1, offender, "continue", deltas))
                case HandEnded(result=result):
                    current["result"] = result
                    if result.kind == "chombo":
                        assert result.chombo is not None
                        chombos.append(
                            _chombo_note(len(hands) - 1, result.chombo, "game_over", result.deltas)
                        )
                    marks += _against_notes(len(hands) - 1, result.claim)
    out_log = []
    for record in hands:
        result = record["result"]
        if result is None:  # a game stopped mid-hand has nothing more to export
            break
        entry = [
            record["head"],
            record["scores"],
            [number_of_tile(t, reds) for t in result.dora_indicators],
            [number_of_tile(t, reds) for t in result.ura_indicators],
        ]
        for seat in range(4):
            entry += [record["dealt"][seat], record["takes"][seat], record["discards"][seat]]
        entry.append(_result_entry(result, reds, record["chombo"]))
        out_log.append(entry)
    out: dict[str, Any] = {
        "title": [title, ""],
        "name": list(names),
        "rule": rule_entry(setup.ruleset),
        "ruleset": ruleset_to_dict(setup.ruleset),
        "log": out_log,
    }
    if chombos:
        out["chombos"] = [c for c in chombos if c["hand"] < len(out_log)]
    if marks:
        out["against_reading"] = [m for m in marks if m["hand"] < len(out_log)]
    if state.finished:
        sc: list[float] = [0] * 8
        for standing in state.final or ():
            # scores in hundreds, then the result in thousands, as Tenhou writes them
            sc[2 * standing.seat] = standing.score // 100
            sc[2 * standing.seat + 1] = standing.final / 1000
        out["sc"] = sc
    return out


def _chombo_note(hand: int, seat: int, then: str, deltas: Sequence[int]) -> dict[str, Any]:
    return {"hand": hand, "seat": seat, "then": then, "deltas": list(deltas)}


def _export_own_action(
    record: dict[str, Any], before: GameState, action: Action, reds: Sequence[int]
) -> None:
    seat = action.seat
    if action.type in (DISCARD, RIICHI, OPEN_RIICHI):
        assert action.tile is not None
        value = TSUMOGIRI if action.tile == before.drawn else number_of_tile(action.tile, reds)
        record["discards"][seat].append(value if action.type == DISCARD else f"r{value}")
    elif action.type == ANKAN:
        tiles = sorted(action.tiles, key=lambda t: not is_red(t, reds))
        numbers = [str(number_of_tile(t, reds)) for t in tiles]
        record["discards"][seat].append("".join(numbers[:3]) + "a" + numbers[3])
    elif action.type == SHOUMINKAN:
        assert action.tile is not None
        added = action.tile
        pon = next(m for m in before.melds[seat] if m.kind == PON and m.tiles[0] >> 2 == added >> 2)
        assert pon.source is not None and pon.called is not None
        # The pon as it was written (the called tile at the place that says where it came
        # from), with the added tile marked "k" just before the called tile.
        slot = _rel_slot(seat, pon.source, False)
        own = [t for t in pon.tiles if t != pon.called]
        written = [*own[:slot], pon.called, *own[slot:]]
        record["discards"][seat].append(_meld_text("k", added, written, slot, reds))


def _against_notes(hand: int, claim: WinClaim | None) -> list[dict[str, Any]]:
    """The claimed wins of a hand's result that were settled against the engine's reading."""
    if claim is None:
        return []
    notes: list[dict[str, Any]] = []
    for wc in (*claim.earlier, claim):
        if not against_reading(wc):
            continue
        assert wc.decision is not None  # a claim settled against the reading was decided
        reading = wc.reading
        notes.append(
            {
                "hand": hand,
                "seat": wc.seat,
                "decision": format_action(wc.decision),
                "reading": reading.detail if reading is not None else "",
            }
        )
    return notes
