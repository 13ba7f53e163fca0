"""Reading a log file's bytes: unpacking, decoding, recognising the format, and cutting
a file of several tenhou.net/6 games (or one hand a line) into games.

Formats are recognised by content, not by name: XML is a Tenhou record, a JSON
object is ours (``"format": "riichi-game/1"``) or tenhou.net/6 (it has ``"log"``), a
JSON list holds tenhou.net/6 games, and lines of JSON objects are mjai events (with a
``"type"``) or tenhou.net/6 objects one a line (a hand or a whole game each, as some
converters and transcriptions write a match). Gzipped files are unpacked first
(Tenhou serves its records gzipped).
"""

from __future__ import annotations

import gzip
import io
import json
import re
import zlib
from typing import Any

from rules import json_input

from .model import LogFormatError

MAX_BYTES = 4 * 1024 * 1024  # a hanchan record is well under 100 kB


def decode(data: bytes) -> str:
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.GzipFile(fileobj=io.BytesIO(data)).read(MAX_BYTES + 1)
        except (OSError, EOFError, zlib.error):
            raise LogFormatError("the file looks gzipped but cannot be unpacked") from None
    if len(data) > MAX_BYTES:
        raise LogFormatError(f"the file is larger than {MAX_BYTES // 1024 // 1024} MB")
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise LogFormatError("the file is not text (neither UTF-8 nor Shift-JIS)")


_COMMENT = re.compile(r"^\s*(//|/\*|#)", re.MULTILINE)


def _comment_line(text: str) -> int | None:
    match = _COMMENT.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _json_error(text: str, exc: json.JSONDecodeError, where: str = "") -> LogFormatError:
    comment = _comment_line(text)
    if comment is not None:
        return LogFormatError(
            f"not valid JSON: JSON allows no comments, and line {comment} starts one",
            where or f"line {comment}",
        )
    return LogFormatError(
        f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        + _broken_hand(text, exc.pos),
        where,
    )


# The start of a tenhou.net/6 hand: its [round, honba, sticks] and the scores' list.
_HAND_HEAD = re.compile(r"\[\s*\[\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\]\s*,\s*\[")
_WINDS = ("East", "South", "West", "North")


def _broken_hand(text: str, position: int) -> str:
    """In a tenhou.net/6 text, the hand in which the JSON breaks (a file cut short)."""
    heads = list(_HAND_HEAD.finditer(text, 0, position))
    if not heads:
        return ""
    kyoku, honba = int(heads[-1].group(1)), int(heads[-1].group(2))
    label = f"{_WINDS[kyoku // 4 % 4]} {kyoku % 4 + 1}, {honba} honba"
    return f", in hand {len(heads)} ({label}): the log is cut or broken there"


def detect(text: str) -> tuple[str, object]:
    """The format name and the parsed top level (XML text, a JSON value, mjai lines, or
    for a file of several tenhou.net/6 games their list, see :func:`split_games`)."""
    stripped = text.strip()
    if not stripped:
        raise LogFormatError("the file is empty")
    if stripped.startswith("<"):
        return "mjlog", stripped
    if stripped.startswith("["):
        try:
            data = json_input.loads(stripped)
        except json_input.UnsafeJSON as exc:
            raise LogFormatError(f"refused: {exc}") from None
        except json.JSONDecodeError as exc:
            raise _json_error(stripped, exc) from None
        if (
            isinstance(data, list)
            and data
            and all(isinstance(d, dict) and "log" in d for d in data)
        ):
            return "tenhou6-many", [(f"game {n + 1}", d) for n, d in enumerate(data)]
        raise LogFormatError("a JSON list that is not a list of tenhou.net/6 games")
    if stripped.startswith("{"):
        try:
            data = json_input.loads(stripped)
        except json_input.UnsafeJSON as exc:
            raise LogFormatError(f"refused: {exc}") from None
        except json.JSONDecodeError as exc:
            if "\n" in stripped and _comment_line(stripped) is None:
                return _lines(stripped)
            raise _json_error(stripped, exc) from None
        if isinstance(data, dict) and data.get("format") == "riichi-game/1":
            return "riichi-game", data
        if isinstance(data, dict) and "log" in data:
            return "tenhou6", data
        if isinstance(data, dict) and "type" in data:
            return "mjai", stripped
        raise LogFormatError(
            'a JSON object that is neither tenhou.net/6 (no "log") nor our own game record (no "format")'
        )
    raise LogFormatError(
        "not a game log: expected Tenhou XML, tenhou.net/6 JSON, mjai lines or our JSON"
    )


def _lines(text: str) -> tuple[str, object]:
    """Lines of JSON objects: mjai events, or tenhou.net/6 objects one a line (a hand or
    a game each), which :func:`split_games` groups into games."""
    rows: list[tuple[int, object]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append((number, json_input.loads(line)))
        except json_input.UnsafeJSON as exc:
            raise LogFormatError(f"refused: {exc}", f"line {number}") from None
        except json.JSONDecodeError as exc:
            rows.append((number, _json_error(line, exc, f"line {number}")))
    first = next((value for _, value in rows if isinstance(value, dict)), None)
    if isinstance(first, dict) and "log" in first:
        return "tenhou6-many", split_games(rows)
    return "mjai", text


def _continues(group: list[dict[str, Any]], data: dict[str, Any]) -> bool:
    """Whether a tenhou.net/6 object goes on the game of ``group`` (one hand a line)."""
    last = group[-1]
    if "sc" in last or data.get("name") != last.get("name"):
        return False
    hands = data.get("log")
    if not isinstance(hands, list) or not hands or not isinstance(hands[0], list):
        return True
    head = hands[0][0] if hands[0] else None
    # a new game starts at East 1 with no honba and no sticks
    return head != [0, 0, 0]


def split_games(rows: list[tuple[int, object]]) -> list[tuple[str, object]]:
    """tenhou.net/6 objects, one a line, as games: a line goes on the game before it
    when it has the same players and does not start at East 1 with no honba, and that
    game has no final scores yet. A line that cannot be read spoils its game only (the
    game is refused with the line's message); the next line starts a new one."""
    games: list[tuple[str, object]] = []
    group: list[dict[str, Any]] = []
    lines: list[int] = []

    def close() -> None:
        if group:
            merged = dict(group[0])
            merged["log"] = [hand for part in group for hand in _list_or_empty(part.get("log"))]
            for part in group:
                if "sc" in part:
                    merged["sc"] = part["sc"]
            span = f"lines {lines[0]}-{lines[-1]}" if len(lines) > 1 else f"line {lines[0]}"
            games.append((span, merged))
        group.clear()
        lines.clear()

    for number, value in rows:
        if isinstance(value, LogFormatError):
            close()
            games.append((f"line {number}", value))
            continue
        if not isinstance(value, dict) or "log" not in value:
            close()
            games.append(
                (
                    f"line {number}",
                    LogFormatError('not a tenhou.net/6 object (no "log")', f"line {number}"),
                )
            )
            continue
        if group and not _continues(group, value):
            close()
        group.append(value)
        lines.append(number)
    close()
    return games


def _list_or_empty(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
