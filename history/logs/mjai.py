"""mjai JSON lines: the event stream bots and their tools exchange, read into the neutral form.

One JSON object per line, with a ``"type"``: ``start_game`` (names, ``aka_flag``,
``kyoku_first`` 0 for a South game, 4 for East only), ``start_kyoku`` (``bakaze``,
``kyoku`` 1-4, ``honba``, ``kyotaku``, ``oya``, ``scores``, ``dora_marker``,
``tehais``), ``tsumo``, ``dahai`` (with ``tsumogiri``), ``reach`` before a riichi
discard, ``chi`` / ``pon`` / ``daiminkan`` (``target`` is the discarder,
``consumed`` the caller's tiles), ``kakan``, ``ankan``, ``dora``, ``hora`` (one
per winner, optionally ``fu``, ``fan``, ``yakus``, ``deltas``,
``ura_markers``), ``ryukyoku`` and ``end_kyoku`` / ``end_game``. Tiles are
``1m``-``9m``, ``5mr`` for a red five, ``E S W N`` and ``P F C`` for the dragons.

A log written from one player's view hides the others' tiles as ``?``; such a
log cannot be replayed and is refused.
"""

from __future__ import annotations

import json
from typing import Any

from rules import json_input
from rules.engine import ANKAN, CHI, DAIMINKAN, PON, SHOUMINKAN, Ruleset

from . import log_rules, play_rules
from . import yaku as yaku_names
from .model import (
    Call,
    Code,
    Discard,
    Draw,
    Kan,
    Kyuushu,
    LogFormatError,
    LogGame,
    LogHand,
    LogResult,
    LogWin,
    Ron,
    Tsumo,
)

HONORS = "ESWNPFC"
WINDS = "ESWN"
DRAW_REASONS = {
    "kyushukyuhai": "kyuushu_kyuuhai",
    "kyuushukyuuhai": "kyuushu_kyuuhai",
    "suufonrenda": "suufon_renda",
    "sufonrenda": "suufon_renda",
    "suuchariichi": "suucha_riichi",
    "sucharichi": "suucha_riichi",
    "suukaikan": "suukaikan",
    "sukaikan": "suukaikan",
    "sanchahou": "sanchahou",
    "sanchaho": "sanchahou",
}


def tile(text: Any, field: str) -> Code:
    if not isinstance(text, str):
        raise LogFormatError(f"{text!r} is not a tile", field)
    if text == "?":
        raise LogFormatError(
            "a hidden tile (?): only logs that show every tile can be replayed", field
        )
    if len(text) == 1 and text in HONORS:
        return (27 + HONORS.index(text), False)
    red = text.endswith("r")
    body = text[:-1] if red else text
    if len(body) == 2 and body[0] in "123456789" and body[1] in "mps":
        kind = "mps".index(body[1]) * 9 + int(body[0]) - 1
        if red and body[0] != "5":
            raise LogFormatError(f"'{text}': only a five can be red", field)
        return (kind, red)
    raise LogFormatError(f"'{text}' is not a tile such as 5m, 5mr or E", field)


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogFormatError(f"must be a whole number, not {value!r}", field)
    return value


def _seat(value: Any, field: str) -> int:
    seat = _int(value, field)
    if not 0 <= seat <= 3:
        raise LogFormatError(f"{seat} is not a seat (0-3)", field)
    return seat


def parse(text: str, override: Ruleset | None = None) -> LogGame:
    events: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json_input.loads(line)
        except json_input.UnsafeJSON as exc:
            raise LogFormatError(f"refused: {exc}", f"line {number}") from None
        except json.JSONDecodeError as exc:
            raise LogFormatError(f"not JSON ({exc.msg})", f"line {number}") from None
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise LogFormatError('each line must be an object with a "type"', f"line {number}")
        events.append((number, value))
    reader = _Reader(override)
    for number, event in events:
        reader.read(event, f"line {number} ({event['type']})")
    return reader.finish()


class _Reader:
    def __init__(self, override: Ruleset | None) -> None:
        self.override = override
        self.names = [f"Player {i + 1}" for i in range(4)]
        self.read_rules = log_rules.ReadRules(log_rules.TENHOU)
        self.hands: list[LogHand] = []
        self.hand: LogHand | None = None

    def _need(self, field: str) -> LogHand:
        if self.hand is None:
            raise LogFormatError("comes before any start_kyoku", field)
        return self.hand

    def read(self, e: dict[str, Any], field: str) -> None:
        kind = e["type"]
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            handler(e, field)

    def _start_game(self, e: dict[str, Any], field: str) -> None:
        names = e.get("names")
        if (
            isinstance(names, list)
            and len(names) == 4
            and all(isinstance(n, str) and n for n in names)
        ):
            self.names = names
        if "kyoku_first" in e:
            east = e.get("kyoku_first") == 4
            self.read_rules.say(
                "game_type", "tonpuusen" if east else "hanchan", f"{field}.kyoku_first"
            )
        if "aka_flag" in e:
            reds = (1, 1, 1) if e.get("aka_flag") else (0, 0, 0)
            self.read_rules.say("red_fives", reds, f"{field}.aka_flag")

    def _start_kyoku(self, e: dict[str, Any], field: str) -> None:
        wind = e.get("bakaze")
        if not isinstance(wind, str) or len(wind) != 1 or wind not in WINDS:
            raise LogFormatError("bakaze must be E, S, W or N", f"{field}.bakaze")
        number = _int(e.get("kyoku"), f"{field}.kyoku")
        if not 1 <= number <= 4:
            raise LogFormatError("kyoku must be 1-4", f"{field}.kyoku")
        scores = e.get("scores")
        if not isinstance(scores, list) or len(scores) != 4:
            raise LogFormatError("must hold four scores", f"{field}.scores")
        tehais = e.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise LogFormatError("must hold four starting hands", f"{field}.tehais")
        dealt = []
        for s, t in enumerate(tehais):
            if not isinstance(t, list) or len(t) != 13:
                raise LogFormatError("each starting hand holds 13 tiles", f"{field}.tehais[{s}]")
            dealt.append(tuple(tile(x, f"{field}.tehais[{s}]") for x in t))
        self.hand = LogHand(
            index=len(self.hands),
            round_wind=WINDS.index(wind),
            round_number=number - 1,
            honba=_int(e.get("honba", 0), f"{field}.honba"),
            sticks=_int(e.get("kyotaku", 0), f"{field}.kyotaku"),
            scores=tuple(_int(x, f"{field}.scores") for x in scores),
            haipai=tuple(dealt),
            dora=(tile(e.get("dora_marker"), f"{field}.dora_marker"),),
        )
        self.hands.append(self.hand)
        self.riichi: set[int] = set()
        self.rinshan = [False] * 4
        self.drawn: list[Code | None] = [None] * 4
        self.last_discarder = self.hand.dealer

    def _tsumo(self, e: dict[str, Any], field: str) -> None:
        hand = self._need(field)
        seat = _seat(e.get("actor"), f"{field}.actor")
        code = tile(e.get("pai"), f"{field}.pai")
        hand.events.append(Draw(seat, code, self.rinshan[seat]))
        self.rinshan[seat] = False
        self.drawn[seat] = code

    def _dahai(self, e: dict[str, Any], field: str) -> None:
        hand = self._need(field)
        seat = _seat(e.get("actor"), f"{field}.actor")
        code = tile(e.get("pai"), f"{field}.pai")
        tsumogiri = bool(e.get("tsumogiri", code == self.drawn[seat]))
        hand.events.append(Discard(seat, code, tsumogiri, seat in self.riichi))
        self.riichi.discard(seat)
        self.drawn[seat] = None
        self.last_discarder = seat

    def _reach(self, e: dict[str, Any], field: str) -> None:
        self._need(field)
        self.riichi.add(_seat(e.get("actor"), f"{field}.actor"))

    def _call(self, e: dict[str, Any], field: str, kind: str) -> None:
        hand = self._need(field)
        seat = _seat(e.get("actor"), f"{field}.actor")
        consumed = e.get("consumed")
        if not isinstance(consumed, list):
            raise LogFormatError("must list the caller's tiles", f"{field}.consumed")
        own = tuple(tile(x, f"{field}.consumed") for x in consumed)
        if kind == ANKAN:
            hand.events.append(Kan(seat, ANKAN, own))
        elif kind == SHOUMINKAN:
            hand.events.append(Kan(seat, SHOUMINKAN, (tile(e.get("pai"), f"{field}.pai"),)))
        else:
            source = _seat(e.get("target"), f"{field}.target")
            hand.events.append(Call(seat, kind, tile(e.get("pai"), f"{field}.pai"), own, source))
        self.drawn[seat] = None
        if kind in (ANKAN, SHOUMINKAN, DAIMINKAN):
            self.rinshan[seat] = True

    def _chi(self, e: dict[str, Any], field: str) -> None:
        self._call(e, field, CHI)

    def _pon(self, e: dict[str, Any], field: str) -> None:
        self._call(e, field, PON)

    def _daiminkan(self, e: dict[str, Any], field: str) -> None:
        self._call(e, field, DAIMINKAN)

    def _ankan(self, e: dict[str, Any], field: str) -> None:
        self._call(e, field, ANKAN)

    def _kakan(self, e: dict[str, Any], field: str) -> None:
        self._call(e, field, SHOUMINKAN)

    def _dora(self, e: dict[str, Any], field: str) -> None:
        hand = self._need(field)
        hand.dora = (*hand.dora, tile(e.get("dora_marker"), f"{field}.dora_marker"))

    def _hora(self, e: dict[str, Any], field: str) -> None:
        hand = self._need(field)
        seat = _seat(e.get("actor"), f"{field}.actor")
        target = _seat(e.get("target", seat), f"{field}.target")
        ura = e.get("ura_markers") or e.get("uradora_markers")
        if isinstance(ura, list) and ura:
            hand.ura = tuple(tile(x, f"{field}.ura_markers") for x in ura)
        entries: list[tuple[str, int]] = []
        known = True
        for item in e.get("yakus") or []:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
                raise LogFormatError("each yaku is [name, han]", f"{field}.yakus")
            name, han = item[0], _int(item[1], f"{field}.yakus")
            key: str | None
            if name == "jikaze":
                key = ("seat_east", "seat_south", "seat_west", "seat_north")[
                    (seat - hand.dealer) % 4
                ]
            elif name == "bakaze":
                key = ("round_east", "round_south", "round_west", "round_north")[
                    hand.round_wind % 4
                ]
            else:
                key = yaku_names.MJAI_NAMES.get(name)
            if key is None:
                known = False  # a name that does not say which yaku: leave yaku out of the check
                continue
            entries.append((key, han))
        deltas = e.get("deltas")
        deltas = (
            tuple(_int(d, f"{field}.deltas") for d in deltas)
            if isinstance(deltas, list) and len(deltas) == 4
            else None
        )
        fan = e.get("fan")
        win = LogWin(
            seat=seat,
            from_seat=None if target == seat else target,
            han=fan if isinstance(fan, int) and not isinstance(fan, bool) else None,
            fu=e.get("fu") if isinstance(e.get("fu"), int) and e.get("fu") else None,
            yakuman=0,
            yaku=tuple(entries) if known else (),
            deltas=deltas,
        )
        previous = hand.result
        if previous is None:
            kind = "tsumo" if win.from_seat is None else "ron"
            hand.result = LogResult(kind, wins=(win,), deltas=deltas, label="hora")
            hand.events.append(Tsumo(seat) if kind == "tsumo" else Ron((seat,), target))
        else:
            total = None
            if previous.deltas is not None and deltas is not None:
                total = tuple(a + b for a, b in zip(previous.deltas, deltas, strict=True))
            hand.result = previous._replace(wins=(*previous.wins, win), deltas=total)
            ron = hand.events[-1]
            assert isinstance(ron, Ron) and ron.seats is not None  # the first win's Ron
            hand.events[-1] = ron._replace(seats=(*ron.seats, seat))

    def _ryukyoku(self, e: dict[str, Any], field: str) -> None:
        hand = self._need(field)
        reason = str(e.get("reason") or "").lower().replace("_", "")
        deltas = e.get("deltas")
        deltas = (
            tuple(_int(d, f"{field}.deltas") for d in deltas)
            if isinstance(deltas, list) and len(deltas) == 4
            else None
        )
        if reason in DRAW_REASONS:
            abort = DRAW_REASONS[reason]
            hand.result = LogResult("abortive", abort, deltas=deltas, label=f"ryukyoku {reason}")
            if abort == "kyuushu_kyuuhai":
                actor = e.get("actor")
                if actor is None:
                    actor = next(
                        (ev.seat for ev in reversed(hand.events) if isinstance(ev, Draw)),
                        hand.dealer,
                    )
                hand.events.append(Kyuushu(_seat(actor, f"{field}.actor")))
            elif abort == "sanchahou":
                hand.events.append(Ron(None, self.last_discarder))
        else:
            tenpais = e.get("tenpais")
            tenpai = (
                tuple(bool(t) for t in tenpais)
                if isinstance(tenpais, list) and len(tenpais) == 4
                else None
            )
            hand.result = LogResult("exhaustive", deltas=deltas, tenpai=tenpai, label="ryukyoku")

    def finish(self) -> LogGame:
        if not self.hands:
            raise LogFormatError("the log holds no hand (no start_kyoku)")
        for hand in self.hands:
            if hand.result is None:
                raise LogFormatError(
                    "the log ends in the middle of this hand (it has no hora or ryukyoku)",
                    f"hand {hand.index + 1} ({hand.label})",
                )
        first = self.hands[0]
        self.read_rules.say(
            "start_score",
            log_rules.start_score(first.scores, first.sticks),
            "the first start_kyoku's scores",
        )
        play_rules.read_play(self.read_rules, self.hands)
        settled = log_rules.settle(self.read_rules, self.override)
        game = LogGame("mjai", "", tuple(self.names), settled.ruleset, settled.note, self.hands)
        game.rules_read = settled.read
        game.rules_assumed = settled.assumed
        return game
