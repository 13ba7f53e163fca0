"""One log file in: recognise its format, read it, check every hand, store the game.

Used by ``manage.py import_log`` and by the upload form. A malformed file is
refused as a whole with a message naming the field at fault, and nothing is
stored. A readable file is stored even when some hands do not match our engine;
its :class:`FileReport` says, hand by hand, what matched and what did not (the
command's ``--check`` turns any difference into a failure).

Formats are recognised by content, not by name: XML is a Tenhou record, a JSON
object is ours (``"format": "riichi-game/1"``) or tenhou.net/6 (it has ``"log"``),
and lines of JSON objects with a ``"type"`` are mjai. Gzipped files are unpacked
first (Tenhou serves its records gzipped).
"""

from __future__ import annotations

import gzip
import io
import json
import logging
import re
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.core.exceptions import ValidationError
from django.db import transaction

from players import names as member_names
from rules import json_input
from rules.engine import rulesets
from rules.engine.state import GameSetup

from . import check as checking
from . import mjai, mjlog, ownjson, store, tenhou6
from .model import LogFormatError

log = logging.getLogger(__name__)

MAX_BYTES = 4 * 1024 * 1024  # a hanchan record is well under 100 kB
FORMAT_NAMES = {
    "tenhou6": "tenhou.net/6 JSON",
    "mjlog": "Tenhou XML record",
    "mjai": "mjai JSON lines",
    "riichi-game": "our own game JSON",
}


@dataclass
class HandLine:
    index: int
    label: str
    status: str
    differences: list[str]
    notes: list[str] = field(default_factory=list)


@dataclass
class FileReport:
    name: str
    format: str = ""
    error: str | None = None
    ruleset_note: str = ""
    hands: list[HandLine] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    game_id: int | None = None
    stored_hands: int = 0

    @property
    def ok(self) -> bool:
        return (
            self.error is None
            and not self.problems
            and all(h.status == "match" for h in self.hands)
        )

    def counts(self) -> dict[str, int]:
        out = {"match": 0, "mismatch": 0, "unreproducible": 0}
        for h in self.hands:
            out[h.status] = out.get(h.status, 0) + 1
        return out

    def first_difference(self) -> str | None:
        if self.error:
            return self.error
        for h in self.hands:
            if h.status != "match":
                return f"hand {h.index + 1} ({h.label}), {h.status}: {h.differences[0]}"
        return self.problems[0] if self.problems else None

    def summary(self) -> str:
        if self.error:
            return f"{self.name}: not imported: {self.error}"
        c = self.counts()
        parts = [f"{c['match']} of {len(self.hands)} hands match"]
        if c["mismatch"]:
            parts.append(f"{c['mismatch']} differ")
        if c["unreproducible"]:
            parts.append(f"{c['unreproducible']} not reproducible")
        stored = f"stored as game {self.game_id}" if self.game_id else "not stored"
        return f"{self.name} ({FORMAT_NAMES.get(self.format, self.format)}): {', '.join(parts)}; {stored}"


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


def detect(text: str) -> tuple[str, object]:
    """The format name and the parsed top level (XML text, a JSON value, or mjai lines)."""
    stripped = text.strip()
    if not stripped:
        raise LogFormatError("the file is empty")
    if stripped.startswith("<"):
        return "mjlog", stripped
    if stripped.startswith("{"):
        try:
            data = json_input.loads(stripped)
        except json_input.UnsafeJSON as exc:
            raise LogFormatError(f"refused: {exc}") from None
        except json.JSONDecodeError as exc:
            if "\n" in stripped:
                return "mjai", stripped
            raise LogFormatError(
                f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
            ) from None
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


_TENHOU_ID = re.compile(r"(\d{10})gm-")


def _played(name: str) -> datetime | None:
    match = _TENHOU_ID.search(name)
    if not match:
        return None
    try:
        return datetime.strptime(match.group(1), "%Y%m%d%H").replace(tzinfo=UTC)
    except ValueError:
        return None


def import_log(
    name: str,
    data: bytes,
    *,
    ruleset: rulesets.Ruleset | None = None,
    user=None,
    save: bool = True,
) -> FileReport:
    """Read, check and (with ``save``) store one file; never raises for a bad log."""
    report = FileReport(name)
    try:
        fmt, parsed = detect(decode(data))
        report.format = fmt
        if fmt == "riichi-game":
            return _own(report, parsed, user, save)
        if fmt == "tenhou6":
            game = tenhou6.parse(parsed, ruleset)
        elif fmt == "mjlog":
            game = mjlog.parse(parsed, ruleset)
        else:
            game = mjai.parse(parsed, ruleset)
        check_names(game.names, game.title)
        result = checking.check_game(game)
    except LogFormatError as exc:
        report.error = str(exc)
        return report
    except (*UNFORESEEN, RecursionError) as exc:
        return _unreadable(report, exc)
    report.ruleset_note = game.ruleset_note
    report.notes = list(game.notes)
    for hand, line in zip(game.hands, result.hands, strict=True):
        report.hands.append(
            HandLine(line.index, line.label, line.status, line.differences, list(hand.notes))
        )
    report.problems = list(result.problems)
    if save:
        reproduced = result.reproduced
        setup = GameSetup(game.ruleset, 0, result.setup.walls)
        with transaction.atomic():
            stored = store.store_game(
                title=game.title or _title(name, fmt),
                players=list(game.names),
                setup=setup,
                actions=checking.stored_actions(result),
                started=_played(name),
                finished=_played(name),
                created_by=user if getattr(user, "is_authenticated", False) else None,
                log_hands=game.hands[reproduced:],
                final_scores=game.final_scores,
            )
        report.game_id = stored.pk
        report.stored_hands = reproduced
    return report


# What a reader raises on a shape of bad input it does not name yet.
UNFORESEEN = (TypeError, ValueError, KeyError, IndexError, AttributeError)


def _unreadable(report: FileReport, exc: Exception) -> FileReport:
    """Still refuse the file with a message, and log it so the reader can learn to
    name the field next time."""
    log.warning("unreadable %s log %r", report.format or "game", report.name, exc_info=True)
    what = FORMAT_NAMES.get(report.format, "a game log")
    report.error = (
        f"could not be read as {what}: a value has an unexpected kind "
        f"({type(exc).__name__}); nothing was imported"
    )
    return report


def _title(name: str, fmt: str) -> str:
    stem = name.rsplit("/", 1)[-1]
    return f"{FORMAT_NAMES.get(fmt, fmt)}: {stem}"[:60]


def check_names(players, title) -> None:
    """Names and titles shown on the site may not carry control characters, text that
    is not valid Unicode, or marks that reorder text (as members' names may not)."""
    for what, text in [
        ("the title", title or ""),
        *((f"player {n + 1}'s name", str(p)) for n, p in enumerate(players)),
    ]:
        try:
            member_names.check_characters(text)
        except ValidationError as exc:
            raise LogFormatError(f"{what} is refused: {exc.messages[0]}") from None


def _own(report: FileReport, data: dict, user, save: bool) -> FileReport:
    try:
        game = ownjson.parse(data)
        check_names(game.names, game.title)
    except LogFormatError as exc:
        report.error = str(exc)
        return report
    except (*UNFORESEEN, RecursionError) as exc:
        return _unreadable(report, exc)
    report.ruleset_note = "the ruleset written in the file"
    report.hands = [HandLine(h.index, h.label, h.status, h.differences) for h in game.hands]
    report.problems = list(game.problems)
    if save and game.actions:
        with transaction.atomic():
            stored = store.store_game(
                title=game.title or _title(report.name, "riichi-game"),
                players=list(game.names),
                setup=game.setup,
                actions=game.actions,
                started=game.started,
                finished=game.finished,
                created_by=user if getattr(user, "is_authenticated", False) else None,
            )
        report.game_id = stored.pk
        report.stored_hands = sum(1 for h in game.hands if h.status != "unreproducible")
    return report
