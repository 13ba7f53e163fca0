"""tenhou.net/6 JSON: the format Tenhou's log editor reads, imported and exported.

A game is an object ``{"title", "name", "rule", "log"}``; ``log`` has one array per
hand::

    [[round, honba, sticks],        round 0 = East 1 .. 3 = East 4, 4 = South 1 ...
     [score0, score1, score2, score3],   scores as the hand starts
     [dora indicators], [ura indicators],
     dealt0, takes0, discards0,  dealt1, takes1, discards1, ... (seat 0 first dealer)
     result]

Tiles are numbers: 11-19 characters, 21-29 circles, 31-39 bamboo, 41-47 East, South,
West, North, White, Green, Red, and 51/52/53 the red fives. ``takes`` lists what a
seat took each turn: a drawn tile, or a call written as a string whose letter
marks the called tile and, by its place, where it came from (left, across, right):
``"c272826"`` chi (always from the left), ``"p414141"`` / ``"41p4141"`` /
``"4141p41"`` pon, ``"m39393939"`` ... ``"393939m39"`` open kan. ``discards`` lists
each discard, 60 for the tile just drawn (tsumogiri), ``"r"`` before a riichi
declaration (``"r45"``, ``"r60"``), a ``0`` after an open kan (no discard that
turn), and the kans made in one's own turn: ``"424242a42"`` concealed,
``"k35353535"`` added to a pon (``k`` at the pon's called tile). The result is
``["和了", deltas, [winner, from, liable, "30符1飜1000点", "立直(1飜)", ...], ...]``
(one pair per winner), or ``["流局", deltas]`` and the other draws by name.

Chombo: Tenhou's own games have none, so the format has no result for it. A hand a
chombo ends (a claimed win ruled a chombo, the hand played again: see
:mod:`rules.engine.claims.procedure`) is written ``["錯和", deltas]`` with the chombo's payments
(錯和 is the rulebooks' word for a false win); Tenhou's viewer shows the name and
moves the points the way it does for a draw. A chombo after which the hand went on
with a dead hand adds its payments to the hand's result (the draw's deltas, or the
first winner's), so every hand still starts from the scores the last one left. Which
seat committed each chombo, in which hand and how play went on is written in the
extra key ``"chombos"`` (``[{"hand", "seat", "then", "deltas"}, ...]``), which Tenhou's
viewer ignores like ``"ruleset"``. Importing such a hand reads the chombo as its
outcome; the log has no call to replay it from, so the check marks it not reproduced.
A claimed win that was fixed is written as an ordinary win at its fixed value (its
yaku ``Claimed at the table`` when the table set a value the engine did not read);
the claim, the answers and the review are only in our own JSON export, so such a
hand also loads as not reproduced, with that reason.

The per-seat lists do not say in which order the seats acted; :func:`order_events`
works it out the way play goes round the table (a call takes the turn), trying the
other reading when a player discards the same tile twice before a caller's turn.

Export goes the other way, from our engine's replay of a stored game
(:mod:`.tenhou6_export`); putting the seats' lists in order is :mod:`.tenhou6_order`;
the format's words and tile numbers, shared by both ways, are :mod:`.tenhou6_codes`, and
reading a hand's result is :mod:`.tenhou6_result`.
"""

from __future__ import annotations

from typing import Any

from rules.engine import (
    ANKAN,
    CHI,
    DAIMINKAN,
    PON,
    SHOUMINKAN,
    InvalidRuleset,
    Ruleset,
    ruleset_from_dict,
)

from . import log_rules, play_rules
from .model import (
    Call,
    Code,
    Kan,
    LogFormatError,
    LogGame,
    LogHand,
    hand_label,
)
from .tenhou6_codes import (
    TSUMOGIRI,
    code_from_number,
    int_field,
    list_field,
)
from .tenhou6_order import Entry, order_events
from .tenhou6_result import parse_result, uncount_cancelled_riichi

# --- reading ------------------------------------------------------------------------------


def read_rules(data: dict[str, Any]) -> log_rules.ReadRules | None:
    """What the object says about its rules; None when it writes a whole ruleset of ours."""
    if "ruleset" in data:
        return None
    return log_rules.read_tenhou6(data, int_field)


def _own_ruleset(data: dict[str, Any]) -> Ruleset:
    try:
        return ruleset_from_dict(data["ruleset"])
    except InvalidRuleset as exc:
        raise LogFormatError(exc.message, f"ruleset.{exc.field or ''}".rstrip(".")) from None


def parse(data: Any, override: Ruleset | None = None) -> LogGame:
    """A tenhou.net/6 object as a :class:`LogGame`; LogFormatError names the bad field."""
    if not isinstance(data, dict):
        raise LogFormatError('a tenhou.net/6 log is a JSON object with a "log" list')
    read = read_rules(data)
    own = _own_ruleset(data) if read is None else None
    names_raw = data.get("name")
    if names_raw is None:
        raise LogFormatError("missing: the four players' names", "name")
    names = list_field(names_raw, "name", 4)
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise LogFormatError("each name must be non-empty text", f"name[{i}]")
    title = data.get("title", "")
    if isinstance(title, list):
        title = " ".join(str(t) for t in title if t)
    if not isinstance(title, str):
        raise LogFormatError("must be text or a list of text", "title")
    hands_raw = list_field(data.get("log"), "log")
    if not hands_raw:
        raise LogFormatError("holds no hands", "log")
    # exactly one of them is set: a file with our own ruleset has nothing else to read
    if read is None:
        assert own is not None
        reds = any(own.red_fives)
    else:
        reds = read.reds
    hands = [_parse_hand(raw, i, reds) for i, raw in enumerate(hands_raw)]
    final, chips = _final_scores(data)
    if own is not None:
        settled = log_rules.Settled(own, ('every rule (the file\'s own "ruleset")',), "")
    else:
        assert read is not None
        first = hands[0]
        read.say("start_score", log_rules.start_score(first.scores, first.sticks), _where(0, 1))
        play_rules.honba_to_nearest(read, hands)
        play_rules.read_play(read, hands)
        if chips is not None:
            read.say("chips", True, "sc (final chips)")
        settled = log_rules.settle(read, override)
    game = LogGame(
        "tenhou6",
        title.strip(),
        tuple(n.strip() for n in names),
        settled.ruleset,
        settled.note,
        hands,
        final_scores=final,
    )
    game.rules_read = settled.read
    game.rules_assumed = settled.assumed
    game.site = read.site if read is not None else log_rules.TENHOU
    game.final_chips = chips
    return game


def _final_scores(data: dict[str, Any]) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """Final table scores (and chips) from ``"sc"``; present, it means the log holds the
    whole game. ``sc`` is ``[score, points] * 4``, or in a chip game ``[score, points,
    chips] * 4`` (or with the chips' value after them, ``[score, points, chips, value] * 4``). Tenhou's records give scores in hundreds; a total near a hundred
    thousand or more means points, so both are read (four scores always add up to four
    starting scores: 100,000 at Tenhou, 120,000 when the game starts at 30,000)."""
    sc = data.get("sc")
    if sc is None:
        return None, None
    sc = list_field(sc, "sc")
    if len(sc) not in (8, 12, 16):
        raise LogFormatError(
            "holds score and points (and chips, in a chip game) for each seat: 8, 12 or 16 "
            f"numbers, not {len(sc)}",
            "sc",
        )
    for k, value in enumerate(sc):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise LogFormatError(f"must be a number, not {value!r}", f"sc[{k}]")
    step = len(sc) // 4
    scores = sc[0::step]
    unit = 100 if abs(sum(scores)) < 10_000 else 1
    chips = tuple(round(v) for v in sc[2::step]) if step > 2 else None
    return tuple(round(v * unit) for v in scores), chips


def _codes(values: Any, field: str, reds: bool) -> tuple[Code, ...]:
    return tuple(
        code_from_number(v, f"{field} entry {i + 1}", reds)
        for i, v in enumerate(list_field(values, field))
    )


_PARTS = ("round, honba and sticks", "scores", "dora indicators", "ura indicators")


def _where(i: int, k: int) -> str:
    """``log[i][k]`` with what that entry holds, e.g. ``log[0][8] (hand 1, seat 1's takes)``."""
    if k < 4:
        what = _PARTS[k]
    elif k < 16:
        seat, part = divmod(k - 4, 3)
        what = f"seat {seat}'s " + ("starting hand", "takes", "discards")[part]
    else:
        what = "result"
    return f"log[{i}][{k}] (hand {i + 1}, {what})"


# What a reader raises on a shape of bad input it does not name yet.
_UNFORESEEN = (TypeError, ValueError, KeyError, IndexError, AttributeError)


def _parse_hand(raw: Any, i: int, reds: bool) -> LogHand:
    """One hand; a refusal names the hand by its number and, once its header is read,
    by its round and honba (``log[3][8] (hand 4, East 3, 1 honba: seat 1's takes)``)."""
    label = ""
    try:
        head = list_field(list_field(raw, f"log[{i}]")[0], _where(i, 0), 3) if raw else None
        if head is not None:
            label = hand_label(
                int_field(head[0], _where(i, 0) + " round", 0, 15) // 4,
                int_field(head[0], _where(i, 0) + " round", 0, 15) % 4,
                int_field(head[1], _where(i, 0) + " honba", 0),
            )
        return _read_hand(raw, i, reds)
    except LogFormatError as exc:
        if not label:
            raise
        field = exc.field.replace(f"(hand {i + 1}, ", f"(hand {i + 1}, {label}: ", 1)
        if field == exc.field:
            field = f"{exc.field} (hand {i + 1}, {label})"
        raise LogFormatError(exc.message, field) from None
    except _UNFORESEEN:
        where = f"log[{i}] (hand {i + 1}" + (f", {label})" if label else ")")
        raise LogFormatError(
            "a value in this hand is not of a kind the format allows", where
        ) from None


def _read_hand(raw: Any, i: int, reds: bool) -> LogHand:
    field = f"log[{i}]"
    raw = list_field(raw, field)
    if len(raw) not in (16, 17):
        raise LogFormatError(
            f"a hand has 16 or 17 entries (header, scores, dora, ura, three lists per seat, result), not {len(raw)}",
            field,
        )
    head = list_field(raw[0], _where(i, 0), 3)
    kyoku = int_field(head[0], _where(i, 0) + " round", 0, 15)
    honba = int_field(head[1], _where(i, 0) + " honba", 0)
    sticks = int_field(head[2], _where(i, 0) + " sticks", 0)
    scores = tuple(
        int_field(s, f"{_where(i, 1)}[{k}]")
        for k, s in enumerate(list_field(raw[1], _where(i, 1), 4))
    )
    dora = _codes(raw[2], _where(i, 2), reds)
    if not dora:
        raise LogFormatError("a hand shows at least one dora indicator", _where(i, 2))
    ura = _codes(raw[3], _where(i, 3), reds)
    haipai = []
    takes: list[list[Entry]] = []
    discards: list[list[Entry]] = []
    for seat in range(4):
        base = 4 + 3 * seat
        dealt = _codes(raw[base], _where(i, base), reds)
        if len(dealt) != 13:
            raise LogFormatError(
                f"seat {seat} must be dealt 13 tiles, not {len(dealt)}", _where(i, base)
            )
        haipai.append(dealt)
        where = _where(i, base + 1)
        takes.append(
            [
                _take(v, seat, f"{where} entry {k + 1}", reds)
                for k, v in enumerate(list_field(raw[base + 1], where))
            ]
        )
        where = _where(i, base + 2)
        discards.append(
            [
                _discard(v, seat, f"{where} entry {k + 1}", reds)
                for k, v in enumerate(list_field(raw[base + 2], where))
            ]
        )
    if len(raw) != 17:
        raise LogFormatError("the hand has no result", _where(i, 16))
    result = parse_result(raw[16], _where(i, 16))
    hand = LogHand(
        index=i,
        round_wind=kyoku // 4,
        round_number=kyoku % 4,
        honba=honba,
        sticks=sticks,
        scores=scores,
        haipai=tuple(haipai),
        dora=dora,
        ura=ura,
        result=result,
    )
    hand.events = order_events(takes, discards, hand.dealer, result, field)
    hand.result, note = uncount_cancelled_riichi(result, hand.events, sticks)
    if note:
        hand.notes.append(note)
    return hand


# A take or discard entry after reading: ("tile", code) / ("tsumogiri",) / ("riichi", code|None)
# / ("none",) / ("call", Call-without-order) / ("kan", kind, codes).


def _meld_parts(text: str, field: str, reds: bool) -> tuple[str, list[Code], int]:
    letters = [c for c in text if c.isalpha()]
    if len(letters) != 1 or letters[0] not in "cpmak":
        raise LogFormatError(
            f"'{text}' is not a call: one of the letters c, p, m, a, k marks it", field
        )
    mark = letters[0]
    pos = text.index(mark)
    before, after = text[:pos], text[pos + 1 :]
    if len(before) % 2 or len(after) % 2 or not (before + after).isdigit():
        raise LogFormatError(f"'{text}' is not a call: tiles are written as two digits each", field)
    numbers = [int(before[k : k + 2]) for k in range(0, len(before), 2)]
    numbers += [int(after[k : k + 2]) for k in range(0, len(after), 2)]
    codes = [code_from_number(n, field, reds) for n in numbers]
    return mark, codes, len(before) // 2


def _shape(kind: str, codes: list[Code], text: str, field: str) -> None:
    kinds = sorted(c[0] for c in codes)
    if kind == CHI:
        ok = (
            len(kinds) == 3
            and kinds[2] < 27
            and kinds[0] // 9 == kinds[2] // 9
            and kinds == list(range(kinds[0], kinds[0] + 3))
        )
    else:
        ok = len(kinds) == (3 if kind == PON else 4) and len(set(kinds)) == 1
    if not ok:
        raise LogFormatError(f"'{text}' is not a valid {kind}", field)


_FROM_SLOT = {0: 3, 1: 2, 2: 1, 3: 1}  # slot of the marked tile -> (source - seat) % 4


def _take(value: Any, seat: int, field: str, reds: bool) -> Entry:
    if isinstance(value, str):
        mark, codes, slot = _meld_parts(value, field, reds)
        kind = {"c": CHI, "p": PON, "m": DAIMINKAN}.get(mark)
        if kind is None:
            raise LogFormatError(f"'{value}' belongs in the discards, not in the takes", field)
        _shape(kind, codes, value, field)
        if kind == CHI and slot != 0:
            raise LogFormatError(
                f"'{value}': a chi is always from the left, written c first", field
            )
        if kind == PON and slot > 2:
            raise LogFormatError(f"'{value}': the p of a pon stands before tile 1, 2 or 3", field)
        called = codes[slot]
        own = tuple(codes[:slot] + codes[slot + 1 :])
        source = (seat + _FROM_SLOT[slot]) % 4
        return ("call", Call(seat, kind, called, own, source), field)
    return ("tile", code_from_number(value, field, reds), field)


def _discard(value: Any, seat: int, field: str, reds: bool) -> Entry:
    if isinstance(value, str):
        if value.startswith("r"):
            rest = value[1:]
            if not rest.isdigit():
                raise LogFormatError(f"'{value}' is not a riichi discard such as r45 or r60", field)
            number = int(rest)
            if number == TSUMOGIRI:
                return ("riichi", None, field)
            return ("riichi", code_from_number(number, field, reds), field)
        mark, codes, slot = _meld_parts(value, field, reds)
        if mark == "a":
            _shape(ANKAN, codes, value, field)
            return ("kan", Kan(seat, ANKAN, tuple(codes)), field)
        if mark == "k":
            _shape(SHOUMINKAN, codes, value, field)
            return ("kan", Kan(seat, SHOUMINKAN, (codes[slot],)), field)
        raise LogFormatError(f"'{value}' belongs in the takes, not in the discards", field)
    if value == TSUMOGIRI:
        return ("tsumogiri", None, field)
    if value == 0:
        return ("none", None, field)
    return ("tile", code_from_number(value, field, reds), field)
