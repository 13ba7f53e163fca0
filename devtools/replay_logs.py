"""Count how many games of a folder of logs replay in every hand (no database).

    .venv/bin/python devtools/replay_logs.py DIR... [--ruleset KEY] [--reasons N]

Each file is read and checked as ``import_log --dry-run`` does (format detection,
:mod:`history.logs.log_rules` for the rules, :func:`history.logs.check.check_game`),
without the fingerprint look-up, so it needs no database. It prints, per folder, how
many games replay in every hand and how many hands do, and with ``--reasons`` the N
most frequent first differences (numbers taken out, so alike ones group together).
Used to measure real game collections (REAL_GAMES.md in ``tests/data/logs``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")

import django

django.setup()

from history.logs import check, mjai, mjlog, tenhou6  # noqa: E402
from history.logs.files import decode, detect  # noqa: E402
from history.logs.model import LogFormatError  # noqa: E402
from rules.engine import Ruleset, preset  # noqa: E402


def games_of(data: bytes) -> list[tuple[str, Any]]:
    fmt, parsed = detect(decode(data))
    if fmt == "tenhou6-many":
        return [("tenhou6", value) for _, value in cast("list[tuple[str, Any]]", parsed)]
    return [(fmt, parsed)]


def check_file(path: Path, ruleset: Ruleset | None) -> list[tuple[bool, int, int, str]]:
    """Per game: (every hand replays, hands replayed, hands, first difference)."""
    out = []
    try:
        games = games_of(path.read_bytes())
    except LogFormatError as exc:
        return [(False, 0, 0, f"unreadable: {exc}")]
    for fmt, parsed in games:
        if isinstance(parsed, LogFormatError):
            out.append((False, 0, 0, f"unreadable: {parsed}"))
            continue
        reader = {"tenhou6": tenhou6, "mjlog": mjlog}.get(fmt, mjai)
        try:
            game = reader.parse(parsed, ruleset)
            result = check.check_game(game)
        except LogFormatError as exc:
            out.append((False, 0, 0, f"refused: {exc}"))
            continue
        good = sum(1 for h in result.hands if h.ok)
        first = ""
        for h in result.hands:
            if not h.ok:
                first = f"{h.status}: {h.differences[0] if h.differences else ''}"
                break
        if not first and result.problems:
            first = f"game: {result.problems[0]}"
        out.append((result.ok, good, len(result.hands), first))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--ruleset")
    parser.add_argument("--reasons", type=int, default=0)
    parser.add_argument("--list", action="store_true", help="print each failing file")
    args = parser.parse_args()
    ruleset = preset(args.ruleset) if args.ruleset else None
    for folder in args.dirs:
        files = sorted(p for p in Path(folder).rglob("*.json"))
        games = ok = hands = good = 0
        reasons: Counter[str] = Counter()
        for path in files:
            for whole, replayed, count, first in check_file(path, ruleset):
                games += 1
                ok += whole
                hands += count
                good += replayed
                if not whole:
                    reasons[re.sub(r"\d[\d,]*", "N", first)[:150]] += 1
                    if args.list:
                        print(f"  {path.name}: {first}")
        print(f"{folder}: {ok} of {games} games replay in every hand; {good} of {hands} hands")
        for reason, n in reasons.most_common(args.reasons):
            print(f"  {n:4d}  {reason}")


if __name__ == "__main__":
    main()
