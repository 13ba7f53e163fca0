"""``manage.py bench_scoring``: the scoring adapter's speed against the bare library.

Both sides score the same hands from ``tests/data/scored_hands.txt`` in the same run:
the adapter through ``score_hand`` (checks, library call, renaming, payments) and the
library through ``HandCalculator.estimate_hand_value`` with the very arguments the
adapter would pass it, reading the yaku, han, fu and cost off its answer as any
caller must. Inputs are parsed once up front, so neither side pays for notation.
The target is an adapter overhead of at most 10% (issue #31; it was under 20%).

The library is timed twice: with a new ``HandConfig`` per hand (how its documentation
calls it; the overhead figure uses this) and with one reused config (what the
adapter does internally), so the cost of the adapter's own code is visible too.

The case-file reader lives here too, because the scoring tests read the same file.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

from rules.engine import (
    EAST,
    SITUATION_FLAGS,
    Situation,
    is_red,
    library_inputs,
    parse_kind,
    parse_melds,
    parse_tiles,
    preset,
    score_hand,
)

CASES = Path(__file__).resolve().parents[3] / "tests" / "data" / "scored_hands.txt"
WIND_LETTERS = {"E": 0, "S": 1, "W": 2, "N": 3}
FLAGS = ("tsumo", *SITUATION_FLAGS)


@dataclass
class Case:
    """One block of the case file: the inputs of ``score_hand`` and what it must return."""

    id: str
    line: int
    args: dict[str, Any] = field(default_factory=dict)
    expect: dict[str, Any] = field(default_factory=dict)


def _setting(ruleset, key: str, text: str) -> Any:
    current = getattr(ruleset, key)
    if isinstance(current, bool):
        return text == "true"
    if isinstance(current, int):
        return int(text)
    if isinstance(current, tuple):
        return [int(x) for x in text.split(",")]
    if isinstance(current, frozenset):
        return [x for x in text.split(",") if x]
    return text


def _ruleset(text: str):
    name, *overrides = text.split()
    ruleset = preset(name)
    changes = {}
    for item in overrides:
        key, _, value = item.partition("=")
        changes[key] = _setting(ruleset, key, value)
    return ruleset.replace(**changes) if changes else ruleset


def _situation(text: str, red_fives, taken: list[int]) -> tuple[dict, int, int | None]:
    values: dict[str, Any] = {}
    seat, discarder = 1, None  # a non-dealer (South) unless told otherwise
    for token in text.split():
        key, eq, value = token.partition("=")
        if not eq:
            if key not in FLAGS:
                raise ValueError(f"unknown situation flag {key!r}")
            values[key] = True
        elif key == "seat":
            seat = WIND_LETTERS[value]
        elif key == "round":
            values["round_wind"] = EAST + WIND_LETTERS[value]
        elif key in ("dora", "ura"):
            tiles = parse_tiles(value, red_fives, taken)
            taken.extend(tiles)
            values["dora_indicators" if key == "dora" else "ura_indicators"] = tuple(tiles)
        elif key in ("honba", "sticks"):
            values["honba" if key == "honba" else "riichi_sticks"] = int(value)
        elif key == "from":
            discarder = int(value)
        else:
            raise ValueError(f"unknown situation setting {key!r}")
    values["seat_wind"] = EAST + seat
    return values, seat, discarder


def _expectation(key: str, text: str, expect: dict[str, Any]) -> None:
    if key == "yaku":
        pairs = []
        for item in text.split(","):
            name, _, han = item.strip().rpartition(" ")
            pairs.append((name, int(han)))
        expect["yaku"] = sorted(pairs)
    elif key == "score":
        words = text.split()
        if words[0] == "yakuman":
            expect.update(han=13 * int(words[1]), fu=0, yakuman=int(words[1]))
        else:
            expect.update(han=int(words[0]), fu=int(words[2]), yakuman=0)
    elif key == "fu":
        items = []
        for item in text.split(","):
            fu, _, reason = item.strip().partition(" ")
            items.append((int(fu), reason))
        expect["fu_details"] = items
    elif key == "pays":
        expect["payers"] = {int(s): int(p) for s, _, p in (x.partition(":") for x in text.split())}
    elif key in ("total", "base"):
        expect[key] = int(text)
    elif key in ("limit", "error"):
        expect[key] = text
    else:
        raise ValueError(f"unknown key {key!r}")


def _finish(raw: dict[str, str], case: Case) -> Case:
    ruleset = _ruleset(raw.get("rules", "ronin"))
    red = ruleset.red_fives
    concealed = parse_tiles(raw["hand"], red, field="hand")
    taken = list(concealed)
    melds = parse_melds(raw.get("melds", "").split(), red, taken, field="melds")
    for m in melds:
        taken.extend(m.tiles)
    kind, is_red_win = parse_kind(raw["win"])
    matches = [t for t in concealed if t >> 2 == kind and is_red(t, red) == is_red_win]
    if not matches:
        raise ValueError(f"{case.id}: winning tile {raw['win']} is not in the hand")
    values, seat, discarder = _situation(raw.get("when", ""), red, taken)
    case.args = {
        "concealed": concealed,
        "melds": melds,
        "win_tile": matches[-1],
        "situation": Situation(**values),
        "ruleset": ruleset,
        "winner": seat,
        "dealer": 0,
        "discarder": discarder,
    }
    return case


def read_cases(path: Path = CASES) -> list[Case]:
    """Parse the case file (its header explains the format)."""
    cases: list[Case] = []
    raw: dict[str, str] = {}
    current: Case | None = None

    def close() -> None:
        if current is not None:
            try:
                cases.append(_finish(raw, current))
            except Exception as exc:
                raise ValueError(f"{path.name}:{current.line} ({current.id}): {exc}") from exc

    for number, text in enumerate(path.read_text().splitlines(), 1):
        line = text.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("=="):
            close()
            current = Case(line[2:].split(":")[0].strip(), number)
            raw = {}
            continue
        if current is None:
            raise ValueError(f"{path.name}:{number}: text before the first '==' case")
        key, _, value = line.partition(" ")
        value = value.strip()
        if key in ("hand", "melds", "win", "when", "rules"):
            raw[key] = value
        else:
            _expectation(key, value, current.expect)
    close()
    return cases


class Command(BaseCommand):
    help = "Time the scoring adapter against the mahjong library on the same hands."

    def add_arguments(self, parser):
        parser.add_argument(
            "--hands", type=int, default=20000, help="hands to score on each side (default 20000)"
        )

    def handle(self, *args, **options):
        total = options["hands"]
        if total < 1:
            raise CommandError("--hands must be at least 1")
        cases = [c for c in read_cases() if "error" not in c.expect]
        if not cases:
            raise CommandError(f"no scoreable hands in {CASES}")
        direct = []
        for c in cases:
            a = c.args
            call, config = library_inputs(
                a["concealed"], a["melds"], a["win_tile"], a["situation"], a["ruleset"]
            )
            direct.append((call, config))
        self.stdout.write(
            f"{len(cases)} distinct hands from {CASES.name}, {total} scored on each side"
        )
        shared = HandConfig()

        def read(response):
            # what any caller does with a score: look at its yaku, han, fu and cost
            return (
                [(y.name, y.han_closed) for y in response.yaku],
                response.han,
                response.fu,
                response.fu_details,
                response.cost["total"],
            )

        def adapter(batch):
            for c in cases[:batch]:
                score_hand(**c.args)

        def library_fresh(batch):
            # the documented way: a new HandConfig for every hand
            for call, config in direct[:batch]:
                read(HandCalculator.estimate_hand_value(config=HandConfig(**config), **call))

        def library_reused(batch):
            # one HandConfig with its fields set per hand, as the adapter does
            for call, config in direct[:batch]:
                for name, value in config.items():
                    setattr(shared, name, value)
                shared.is_dealer = config["player_wind"] == EAST
                read(HandCalculator.estimate_hand_value(config=shared, **call))

        sides = {"adapter": adapter, "fresh": library_fresh, "reused": library_reused}
        spent = dict.fromkeys(sides, 0.0)
        done = 0
        last_report = time.perf_counter()
        # Interleave the sides batch by batch so machine load hits them alike, and
        # count CPU time, not wall time: on a shared machine a descheduled process
        # would otherwise charge other programs' work to whichever side was running.
        while done < total:
            batch = min(len(cases), total - done)
            for name, run in sides.items():
                start = time.process_time()
                run(batch)
                spent[name] += time.process_time() - start
            done += batch
            if time.perf_counter() - last_report > 2.0:
                self.stdout.write(f"  ... {done}/{total} hands")
                last_report = time.perf_counter()
        rate = {name: done / seconds for name, seconds in spent.items()}
        self.stdout.write(f"library, new HandConfig per hand : {rate['fresh']:8.0f} hands/s")
        self.stdout.write(f"library, one reused HandConfig   : {rate['reused']:8.0f} hands/s")
        self.stdout.write(f"adapter (score_hand)             : {rate['adapter']:8.0f} hands/s")
        overhead = spent["adapter"] / spent["fresh"] - 1
        own = spent["adapter"] / spent["reused"] - 1
        verdict = "within" if overhead <= 0.10 else "OVER"
        self.stdout.write(
            f"adapter overhead over the library : {overhead:+.1%} ({verdict} the 10% target)"
        )
        self.stdout.write(f"adapter's own work (same config) : {own:+.1%}")
