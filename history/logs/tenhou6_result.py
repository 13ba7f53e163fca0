"""Reading the result of one hand of tenhou.net/6 JSON (see :mod:`.tenhou6`): a win
(``["和了", deltas, [winner, from, liable, points, yaku...], ...]``, one pair per
winner), an exhaustive or abortive draw, nagashi mangan, or a chombo.
"""

from __future__ import annotations

import re
from typing import Any

from . import yaku as yaku_names
from .model import Discard, LogFormatError, LogResult, LogWin
from .tenhou6_codes import (
    ABORTS,
    AGARI,
    CHOMBO,
    EXHAUSTIVE,
    LIMIT_NAMES,
    NAGASHI,
    READ_ALIASES,
    int_field,
    list_field,
)

# --- result -----------------------------------------------------------------------------------

_POINTS = re.compile(r"^(?:(\d+)符(\d+)飜|(数え役満|役満|三倍満|倍満|跳満|満貫|\d*倍役満))?")
_YAKU = re.compile(r"^(.+?)\((\d+)飜\)$|^(.+?)\((ダブル役満|役満|\d+倍役満)\)$")


def parse_result(raw: Any, field: str) -> LogResult:
    raw = list_field(raw, field)
    if not raw or not isinstance(raw[0], str):
        raise LogFormatError('a result starts with its name, e.g. "和了" or "流局"', f"{field}[0]")
    name = READ_ALIASES.get(raw[0].strip(), raw[0].strip())
    if name == AGARI:
        return _parse_wins(raw, field)
    deltas = None
    if len(raw) > 1:
        deltas = tuple(
            int_field(d, f"{field}[1][{k}]")
            for k, d in enumerate(list_field(raw[1], f"{field}[1]", 4))
        )
    if name in EXHAUSTIVE:
        return LogResult("exhaustive", deltas=deltas or (0, 0, 0, 0), label=name)
    if name == NAGASHI:
        return LogResult("nagashi", deltas=deltas, label=name)
    if name == CHOMBO:
        return LogResult("chombo", deltas=deltas or (0, 0, 0, 0), label=name)
    if name in ABORTS:
        return LogResult("abortive", ABORTS[name], deltas=deltas or (0, 0, 0, 0), label=name)
    raise LogFormatError(f"'{name}' is not a result this importer knows", f"{field}[0]")


def _parse_wins(raw: list[Any], field: str) -> LogResult:
    if len(raw) < 3 or len(raw) % 2 == 0:
        raise LogFormatError('a win lists score changes and details in pairs after "和了"', field)
    wins = []
    total = [0, 0, 0, 0]
    for k in range(1, len(raw), 2):
        deltas = tuple(
            int_field(d, f"{field}[{k}][{j}]")
            for j, d in enumerate(list_field(raw[k], f"{field}[{k}]", 4))
        )
        info = list_field(raw[k + 1], f"{field}[{k + 1}]")
        if len(info) < 4:
            raise LogFormatError(
                "win details are [winner, from, liable, points, yaku...]", f"{field}[{k + 1}]"
            )
        seat = int_field(info[0], f"{field}[{k + 1}][0]", 0, 3)
        source = int_field(info[1], f"{field}[{k + 1}][1]", 0, 3)
        liable = int_field(info[2], f"{field}[{k + 1}][2]", 0, 3)
        points = info[3]
        if not isinstance(points, str):
            raise LogFormatError(
                'the points must be text such as "30符1飜1000点"', f"{field}[{k + 1}][3]"
            )
        match = _POINTS.match(points)
        assert match is not None  # the pattern matches any text (its one group is optional)
        fu = int(match.group(1)) if match.group(1) else None
        han = int(match.group(2)) if match.group(2) else None
        limit = match.group(3) or ""
        entries = []
        for j, text in enumerate(info[4:], start=4):
            if not isinstance(text, str):
                raise LogFormatError('a yaku is text such as "立直(1飜)"', f"{field}[{k + 1}][{j}]")
            m = _YAKU.match(text.strip())
            if not m:
                raise LogFormatError(
                    f"'{text}' is not a yaku such as 立直(1飜)", f"{field}[{k + 1}][{j}]"
                )
            if m.group(1) is not None:
                entries.append((yaku_names.from_japanese(m.group(1)), int(m.group(2))))
            else:
                size = m.group(4)
                count = 2 if size == "ダブル役満" else int(size[0]) if size[0].isdigit() else 1
                entries.append((yaku_names.from_japanese(m.group(3)), 13 * count))
        yakuman = sum(h for key, h in entries if yaku_names.is_yakuman(key)) // 13
        if yakuman and han is None:
            han = 13 * yakuman
        wins.append(
            LogWin(
                seat=seat,
                from_seat=None if source == seat else source,
                han=han,
                fu=fu,
                yakuman=yakuman,
                yaku=tuple(entries),
                deltas=deltas,
                pao=None if liable == seat else liable,
                limit=LIMIT_NAMES.get(limit, limit),
            )
        )
        total = [a + b for a, b in zip(total, deltas, strict=True)]
    kind = "tsumo" if wins[0].from_seat is None else "ron"
    return LogResult(kind, wins=tuple(wins), deltas=tuple(total), label=AGARI)


# --- a converter's riichi stick on a cancelled riichi -----------------------------------------

CANCELLED_RIICHI_NOTE = (
    "the log pays the winner 1,000 for the riichi declared with the discard that was won "
    "on; a riichi whose discard is won on is not made and puts no stick down, as the next "
    "hand's scores show, so the hand is read without that 1,000"
)


def uncount_cancelled_riichi(
    result: LogResult, events: list[Any], sticks: int
) -> tuple[LogResult, str | None]:
    """The result without a stick for a riichi that a ron on its own discard cancelled.

    A riichi is made only when its discard passes; a ron on that discard cancels it
    (no stick goes down). Some Mahjong Soul converters count the stick as soon as the
    riichi is declared and pay it to the winner, so the win's score changes add up to
    1,000 more than the sticks on the table: the ones the hand started with and one
    for each riichi that was made. Such a result is read without that 1,000 (taken from
    the first winner, who takes the sticks), with a note saying so; any other result is
    returned unchanged.
    """
    if result.kind != "ron" or result.deltas is None or len(events) < 2:
        return result, None
    ronned = events[-2]
    if not isinstance(ronned, Discard) or not ronned.riichi:
        return result, None
    made = sum(1 for e in events if isinstance(e, Discard) and e.riichi) - 1
    if sum(result.deltas) != 1000 * (sticks + made + 1):
        return result, None
    first = result.wins[0]
    if first.deltas is None:
        return result, None
    win_deltas = list(first.deltas)
    win_deltas[first.seat] -= 1000
    total = list(result.deltas)
    total[first.seat] -= 1000
    wins = (first._replace(deltas=tuple(win_deltas)), *result.wins[1:])
    return result._replace(wins=wins, deltas=tuple(total)), CANCELLED_RIICHI_NOTE
