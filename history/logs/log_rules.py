"""What a log says about its own rules, and the ruleset a game is replayed under.

Every format states some of its rules: Tenhou's XML in the ``GO`` type's bits,
tenhou.net/6 in its ``rule`` line (``"disp": "玉の間南喰赤"``, ``aka51``..``aka53``),
mjai in ``start_game``; the starting score is in every log, as the first hand's
scores (with its riichi sticks). What a log says wins; the preset chosen for the
import (or, when none is chosen, the rules of the site the game was played on)
gives every setting the log does not state. :class:`ReadRules` keeps both lists, so
the import page shows which rules were read and which were assumed.

What a lobby's hands show of its rules (no bust, abortive draws off, kiriage...) is
read by :mod:`.play_rules` onto the same :class:`ReadRules`.

A record of an M-League match (its rule line or title says ``Mリーグ`` or
``M.LEAGUE``) is replayed under the M-League preset for the rest.

Mahjong Soul games arrive as tenhou.net/6 JSON written by converters such as
tensoul: their header carries ``"ver"`` and ``"ref"`` (the game's id; Tenhou's own JSON
has both too, its ``ref`` a Tenhou log id such as ``2019050417gm-0029-0000-4f2a8622``), and their
``rule.disp`` names a Mahjong Soul room (``玉の間``, ``友人戦``, ``大会戦``, or the English
names such as ``Jade Room``) with ``東喰``/``南喰`` (East or South game, open tanyao) and
``赤`` (red fives).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.engine import PRESETS, InvalidRuleset, Ruleset, ruleset_to_dict
from rules.engine import preset as presets_preset

from .model import LogFormatError

TENHOU, MAHJONG_SOUL, M_LEAGUE = "tenhou", "mahjongsoul", "mleague"
SITE_NAMES = {TENHOU: "Tenhou", MAHJONG_SOUL: "Mahjong Soul", M_LEAGUE: "the M-League"}
# Words in a rule line or title that mark a record of an M-League match.
M_LEAGUE_WORDS = ("Mリーグ", "M.LEAGUE", "M-League", "M-LEAGUE")

# Words in a rule line that mark a Mahjong Soul room (Japanese, Chinese and English
# room names as the converters write them).
MAHJONG_SOUL_ROOMS = (
    "銅の間",
    "銀の間",
    "金の間",
    "玉の間",
    "王座の間",
    "铜之间",
    "银之间",
    "金之间",
    "玉之间",
    "王座之间",
    "友人戦",
    "大会戦",
    "Bronze Room",
    "Silver Room",
    "Gold Room",
    "Jade Room",
    "Throne Room",
    "Friendly",
    "Tournament",
    "Tounament",
)

LABELS = {
    "game_type": "length",
    "start_score": "starting score",
    "target_score": "return score",
    "red_fives": "red fives",
    "kuitan": "open tanyao",
    "chips": "chips (祝儀)",
    "tobi": "bust (tobi)",
    "riichi_below_1000": "riichi below 1,000 points",
    "riichi_min_live_wall": "riichi accepted with this many live tiles",
    "suufon_renda": "four-winds abortive draw",
    "suucha_riichi": "four-riichi abortive draw",
    "suukaikan": "four-kans abortive draw",
    "kiriage": "kiriage mangan",
    "kazoe": "13 han or more without a yakuman (kazoe)",
    "rinshan_kan_dora": "rinshan kaihou on an open kan counts its kan dora",
    "double_wind_pair_fu": "fu of a double-wind pair",
    "double_ron_honba": "honba in a double ron",
    "agariyame": "the all-last dealer stops in the lead (agari-yame)",
    "west_round": "West round",
}


def _value_words(name: str, value: Any) -> str:
    if name == "game_type":
        return "East only" if value == "tonpuusen" else "East and South (hanchan)"
    if name in ("start_score", "target_score"):
        return f"{value:,}"
    if name == "red_fives":
        return "none" if not any(value) else "{} (man, pin, sou)".format("-".join(map(str, value)))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass
class ReadRules:
    """The rules a log states (``values``, with where each was read) and its site."""

    site: str = TENHOU
    values: dict[str, Any] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)

    def say(self, name: str, value: Any, where: str) -> None:
        self.values[name] = value
        self.where[name] = where

    @property
    def reds(self) -> bool:
        return any(self.values.get("red_fives", (1, 1, 1)))

    @property
    def chips(self) -> bool:
        return bool(self.values.get("chips"))


@dataclass(frozen=True)
class Settled:
    ruleset: Ruleset
    read: tuple[str, ...]  # "length: East only (rule.disp 玉の間東喰赤)"
    assumed: str  # "everything else from Mahjong Soul ranked"

    @property
    def note(self) -> str:
        said = "; ".join(self.read) if self.read else "nothing"
        return f"read from the log: {said}" + (f"; {self.assumed}" if self.assumed else "")


def chosen_preset(chosen: Any) -> tuple[Ruleset | None, str]:
    """The preset chosen for an import (a key or a ruleset) and its name."""
    if chosen is None:
        return None, ""
    if isinstance(chosen, str):
        return presets_preset(chosen), PRESETS[chosen].name
    for preset in PRESETS.values():
        if preset.ruleset == chosen:
            return chosen, preset.name
    return chosen, "the ruleset chosen for the import"


def start_score(scores: tuple[int, ...], sticks: int) -> int:
    """Four starting scores add up to the table's points less the riichi sticks on it."""
    return (sum(scores) + 1000 * sticks) // 4


def settle(read: ReadRules, chosen: Any) -> Settled:
    """The ruleset: what the log says, the chosen preset (or the site's) for the rest."""
    base, base_name = chosen_preset(chosen)
    if base is None:
        base = presets_preset(read.site)
        base_name = PRESETS[read.site].name
        assumed = f"everything else as at {SITE_NAMES[read.site]} ({base_name})"
    else:
        assumed = f"everything else from the chosen rules ({base_name})"
    changes = {k: v for k, v in read.values.items() if k in ruleset_to_dict(base)}
    if "riichi_min_live_wall" in changes:
        # a riichi seen with so few tiles left says the lobby accepts at least that
        changes["riichi_min_live_wall"] = min(
            changes["riichi_min_live_wall"], base.riichi_min_live_wall
        )
    start = changes.get("start_score")
    if start is not None:
        # a log that starts above the preset's return score returns what it started with
        if base.target_score < start:
            changes["target_score"] = start
        if base.win_threshold and base.win_threshold < start:
            changes["win_threshold"] = start
    try:
        ruleset = base.replace(**changes)
    except InvalidRuleset as exc:
        raise LogFormatError(
            f"the rules the log states do not make a ruleset: {exc.message}",
            read.where.get(exc.field or "", ""),
        ) from None
    lines = []
    for name, value in read.values.items():
        label = LABELS.get(name, name.replace("_", " "))
        lines.append(f"{label}: {_value_words(name, value)} ({read.where[name]})")
    if "target_score" in changes and "target_score" not in read.values:
        lines.append(
            f"return score: {changes['target_score']:,} (the starting score, above the preset's)"
        )
    return Settled(ruleset, tuple(lines), assumed)


# --- tenhou.net/6 -----------------------------------------------------------------------------


# A Tenhou game's log id, such as 2019050417gm-0029-0000-4f2a8622.
TENHOU_GAME_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")


def is_mahjong_soul(data: dict[str, Any], disp: str) -> bool:
    """A tenhou.net/6 object written from a Mahjong Soul game."""
    if any(room in disp for room in MAHJONG_SOUL_ROOMS):
        return True
    ref = data.get("ref")
    if not isinstance(ref, str) or TENHOU_GAME_ID.fullmatch(ref.strip()):
        # Tenhou's own JSON download carries "ver" and "ref" too, its ref a Tenhou log id
        return False
    return "ver" in data and len(ref) > 20


def read_tenhou6(data: dict[str, Any], int_of: Callable[..., int]) -> ReadRules:
    """The rules a tenhou.net/6 object states in ``rule`` (``int_of`` reads a number)."""
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        raise LogFormatError('must be an object such as {"disp": "般南喰赤", "aka": 1}', "rule")
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise LogFormatError("must be text", "rule.disp")
    if "三" in disp or "3-Player" in disp or re.match(r"3\D", disp):
        raise LogFormatError("three-player games are not supported", "rule.disp")
    title = data.get("title", "")
    title = " ".join(str(t) for t in title) if isinstance(title, list) else str(title)
    if is_mahjong_soul(data, disp):
        read = ReadRules(MAHJONG_SOUL)
    elif any(word in disp or word in title for word in M_LEAGUE_WORDS):
        read = ReadRules(M_LEAGUE)
    else:
        read = ReadRules(TENHOU)
    where = f"rule.disp {disp}" if disp else "rule"
    per_suit = [rule.get(k) for k in ("aka51", "aka52", "aka53")]
    if any(v is not None for v in per_suit):
        reds = [int_of(v or 0, f"rule.aka5{i + 1}", 0, 4) for i, v in enumerate(per_suit)]
        read.say("red_fives", tuple(reds), "rule.aka51-53")
    elif "aka" in rule:
        count = int_of(rule["aka"], "rule.aka", 0, 4)
        read.say("red_fives", (1, 1, 1) if count else (0, 0, 0), "rule.aka")
    elif "赤" in disp or "Red" in disp:
        read.say("red_fives", (1, 1, 1), where)
    else:
        read.say("red_fives", (0, 0, 0), f"{where}, which names no red fives")
    east = "東" in disp or "East" in disp
    south = "南" in disp or "South" in disp
    if east != south:
        read.say("game_type", "tonpuusen" if east else "hanchan", where)
    if "喰" in disp or read.site == MAHJONG_SOUL:
        read.say("kuitan", True, where)
    elif disp:
        read.say("kuitan", False, where)
    if "祝" in disp or rule.get("chip") or rule.get("shugi"):
        read.say("chips", True, where)
    return read
