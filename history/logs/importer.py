"""One log file in: recognise its format and its games, read each, check every hand,
store the games.

Used by ``manage.py import_log``, the upload form and the events' log page
(``tournaments.log_rounds``). :mod:`.files` recognises the format and cuts a file of
several tenhou.net/6 games (or one hand a line) into games; :mod:`.log_rules` settles
the rules (what the log states, the chosen preset for the rest). A malformed game is
refused as a whole with a message naming the place at fault (the field, the line,
the hand by round and honba), and nothing of it is stored; the file's other games
still are. A readable game is stored even when some hands do not match our engine;
its :class:`FileReport` says, hand by hand, what matched and what did not (the
command's ``--check`` turns any difference into a failure). A game stored before
(:mod:`.fingerprints`) is not stored again: the report names it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext, pgettext

from players import names as member_names
from players.models import Player
from rules.engine import GameSetup, Ruleset, preset
from tables.models import Game

from . import check as checking
from . import fingerprints, mjai, mjlog, ownjson, store, tenhou6
from .files import decode, detect
from .model import LogFormatError, LogGame

log = logging.getLogger(__name__)

FORMAT_NAMES = {
    "tenhou6": "tenhou.net/6 JSON",
    "mjlog": "Tenhou XML record",
    "mjai": "mjai JSON lines",
    "riichi-game": "our own game JSON",
}


def _format_name(key: str) -> str:
    return pgettext("log format", FORMAT_NAMES[key]) if key in FORMAT_NAMES else key


@dataclass
class HandLine:
    index: int
    label: str
    status: str
    differences: list[str]
    notes: list[str] = field(default_factory=list)
    chips: tuple[int, ...] | None = None  # a chip game's chip changes in the hand

    @property
    def replays(self) -> bool:
        return self.status == "match"

    @property
    def status_words(self) -> str:
        words = {
            "match": "replays",
            "mismatch": "replays differently",
            "unreproducible": "does not replay",
        }
        return pgettext("import", words[self.status]) if self.status in words else self.status


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
    rules_read: tuple[str, ...] = ()
    rules_assumed: str = ""
    duplicate_of: int | None = None  # the stored game this log is again
    site: str = ""
    final_chips: tuple[int, ...] | None = None
    final_scores: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()  # the players' names as the log gives them, seat 0 first
    start_score: int = 0

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
        if self.duplicate_of:
            return (
                f"{self.name}: the same game as game {self.duplicate_of}, "
                "imported before; not stored again"
            )
        c = self.counts()
        parts = [
            gettext("%(match)s of %(n)s hands match") % {"match": c["match"], "n": len(self.hands)}
        ]
        if c["mismatch"]:
            parts.append(gettext("%(n)s differ") % {"n": c["mismatch"]})
        if c["unreproducible"]:
            parts.append(gettext("%(n)s not reproducible") % {"n": c["unreproducible"]})
        stored = (
            gettext("stored as game %(id)s") % {"id": self.game_id}
            if self.game_id
            else gettext("not stored")
        )
        chips = ""
        if self.final_chips is not None:
            chips = gettext("; chips ") + ", ".join(f"{c:+d}" for c in self.final_chips)
        return f"{self.name} ({_format_name(self.format)}): {', '.join(parts)}{chips}; {stored}"


_TENHOU_ID = re.compile(r"(\d{10})gm-")


def _played(name: str) -> datetime | None:
    match = _TENHOU_ID.search(name)
    if not match:
        return None
    try:
        return datetime.strptime(match.group(1), "%Y%m%d%H").replace(tzinfo=UTC)
    except ValueError:
        return None


def import_logs(
    name: str,
    data: bytes,
    *,
    ruleset: Ruleset | str | None = None,
    user: Player | AnonymousUser | None = None,
    save: bool = True,
    only: str | None = None,
) -> list[FileReport]:
    """Read, check and (with ``save``) store every game of one file, one report each;
    a game that cannot be read is refused alone, and the file's other games still
    import. ``ruleset`` (a preset or its key) gives the rules the log does not state;
    ``only`` stores just the game whose report has that name (the others are checked)."""
    try:
        fmt, parsed = detect(decode(data))
    except LogFormatError as exc:
        return [FileReport(name, error=str(exc))]
    if fmt != "tenhou6-many":
        return [
            _import_one(
                FileReport(name, fmt), fmt, parsed, ruleset, user, save and only in (None, name)
            )
        ]
    games = cast("list[tuple[str, Any]]", parsed)  # (where, object or LogFormatError)
    if len(games) == 1:
        where, value = games[0]
        if isinstance(value, LogFormatError):
            return [FileReport(name, "tenhou6", error=str(value))]
        keep = save and only in (None, name)
        return [_import_one(FileReport(name, "tenhou6"), "tenhou6", value, ruleset, user, keep)]
    reports = []
    for number, (where, value) in enumerate(games, start=1):
        report = FileReport(f"{name}, game {number} ({where})", "tenhou6")
        if isinstance(value, LogFormatError):
            report.error = f"{value}; nothing of this game was imported"
            reports.append(report)
            continue
        keep = save and only in (None, report.name)
        reports.append(_import_one(report, "tenhou6", value, ruleset, user, keep))
    return reports


def import_log(name: str, data: bytes, **options: Any) -> FileReport:
    """One file's first (usually only) game: see :func:`import_logs`."""
    return import_logs(name, data, **options)[0]


def _import_one(
    report: FileReport,
    fmt: str,
    parsed: Any,
    ruleset: Ruleset | str | None,
    user: Player | AnonymousUser | None,
    save: bool,
) -> FileReport:
    """Read, check and store one game; never raises for a bad log."""
    if isinstance(ruleset, str):
        ruleset = preset(ruleset)
    try:
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
    report.rules_read = game.rules_read
    report.rules_assumed = game.rules_assumed
    report.site = game.site
    report.final_chips = game.final_chips
    report.final_scores = game.final_scores
    report.names = tuple(game.names)
    report.start_score = game.ruleset.start_score
    report.notes = list(game.notes)
    for hand, line in zip(game.hands, result.hands, strict=True):
        report.hands.append(
            HandLine(
                line.index, line.label, line.status, line.differences, list(hand.notes), hand.chips
            )
        )
    report.problems = list(result.problems)
    print_ = fingerprints.of_log(game)
    report.duplicate_of = fingerprints.stored_game(print_)
    if save and report.duplicate_of is None:
        try:
            stored = _store(report, game, fmt, result, print_, user)
        except IntegrityError:  # the same game stored at the same moment by another import
            report.duplicate_of = fingerprints.stored_game(print_)
            return report
        report.game_id = stored.pk
        report.stored_hands = result.reproduced
    return report


def _store(
    report: FileReport,
    game: LogGame,
    fmt: str,
    result: checking.GameCheck,
    print_: str,
    user: Player | AnonymousUser | None,
) -> Game:
    """Store the hands our engine reproduced from the start as a game, the rest from the
    log's own outcomes, with the game's fingerprint."""
    reproduced = result.reproduced
    with transaction.atomic():
        stored = store.store_game(
            title=game.title or _title(report.name, fmt),
            players=list(game.names),
            setup=GameSetup(game.ruleset, 0, result.setup.walls),
            actions=checking.stored_actions(result),
            started=_played(report.name),
            finished=_played(report.name),
            created_by=_creator(user),
            log_hands=game.hands[reproduced:],
            final_scores=game.final_scores,
        )
        fingerprints.remember(stored, print_, game)
    return stored


def _creator(user: Player | AnonymousUser | None) -> Player | None:
    """The member an import is recorded as made by (none for an anonymous one)."""
    return user if isinstance(user, Player) and user.is_authenticated else None


# What a reader raises on a shape of bad input it does not name yet.
UNFORESEEN = (TypeError, ValueError, KeyError, IndexError, AttributeError)


def _unreadable(report: FileReport, exc: Exception) -> FileReport:
    """Still refuse the file with a message, and log it so the reader can learn to
    name the field next time."""
    log.warning("unreadable %s log %r", report.format or "game", report.name, exc_info=True)
    what = FORMAT_NAMES.get(report.format, "a game log")
    report.error = (
        f"could not be read as {what}: a value in it is not of a kind the format "
        "allows; nothing was imported"
    )
    return report


def _title(name: str, fmt: str) -> str:
    stem = name.rsplit("/", 1)[-1]
    return f"{FORMAT_NAMES.get(fmt, fmt)}: {stem}"[:60]


def check_names(players: Iterable[object], title: str | None) -> None:
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


def _own(
    report: FileReport, data: dict[str, Any], user: Player | AnonymousUser | None, save: bool
) -> FileReport:
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
    print_ = fingerprints.of_own(game.setup.walls, game.actions)
    report.duplicate_of = fingerprints.stored_game(print_)
    if save and game.actions and report.duplicate_of is None:
        with transaction.atomic():
            stored = store.store_game(
                title=game.title or _title(report.name, "riichi-game"),
                players=list(game.names),
                setup=game.setup,
                actions=game.actions,
                started=game.started,
                finished=game.finished,
                created_by=_creator(user),
            )
            fingerprints.remember(stored, print_)
        report.game_id = stored.pk
        report.stored_hands = sum(1 for h in game.hands if h.status != "unreproducible")
    return report
