"""Writes the hand-made logs of REAL_GAMES.md ("hand-made, faithful to the format").

Each game is played by our bots under the rules named below, exported as tenhou.net/6
JSON, and its header rewritten the way the source it imitates writes it (tensoul's
Mahjong Soul header, a tournament lobby, an M-League transcription one hand a line,
a chip game's ``sc``). Run from the repository root:
``.venv/bin/python tests/data/logs/make_hand_made.py``; the output is deterministic.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")

import django

django.setup()

from history.logs.tenhou6_export import export  # noqa: E402
from rules.engine import play_game, presets  # noqa: E402

HERE = Path(__file__).resolve().parent
BOTS = ["careful", "careful", "careful", "careful"]


def played(ruleset, seed: int, names) -> dict:
    record = play_game(ruleset, seed, BOTS, check=False)
    data = export(record.state.setup, record.state.actions, names)
    data.pop("ruleset")
    return data


def write(name: str, data) -> None:
    (HERE / name).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")


# Mahjong Soul's Japanese yaku names where they differ from Tenhou's, as tensoul writes
# them (its wind yaku do not say which wind; every yakuman is written "(役満)").
SOUL_SPELLING = (
    (re.compile(r"^自風 .\("), "役牌:自風牌("),
    (re.compile(r"^場風 .\("), "役牌:場風牌("),
    (re.compile(r"^両立直\("), "ダブル立直("),
    (re.compile(r"^国士無双１３面\("), "国士無双十三面待ち("),
    (re.compile(r"\(ダブル役満\)$"), "(役満)"),
)


def soul_yaku(log: list) -> list:
    for hand in log:
        result = hand[-1]
        if result[0] != "和了":
            continue
        for details in result[2::2]:
            for k in range(4, len(details)):
                for pattern, spelling in SOUL_SPELLING:
                    details[k] = pattern.sub(spelling, details[k])
    return log


def tensoul(data: dict, disp: str, ref: str, when: str) -> dict:
    """The header tensoul writes for a Mahjong Soul game (scores as points)."""
    sc = data["sc"]
    soul_yaku(data["log"])
    return {
        "ver": "2.3",
        "ref": ref,
        "log": data["log"],
        "ratingc": "PF4",
        "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1},
        "lobby": 0,
        "dan": ["雀豪★1", "雀傑★3", "雀豪★2", "雀傑★2"],
        "rate": [1234, 987, 1505, 640],
        "sx": ["F", "M", "C", "F"],
        "sc": [v * 100 if k % 2 == 0 else v for k, v in enumerate(sc)],
        "name": data["name"],
        "title": [disp, when],
    }


def main() -> None:
    soul = presets.preset("mahjongsoul")
    east = soul.replace(game_type="tonpuusen")
    data = played(east, 41, ["ぽんぽこ", "Kitsune_7", "雀士さん", "MoonTile"])
    write(
        "mahjongsoul_jade_east.json",
        tensoul(
            data, "玉の間東喰赤", "240301-5a6b7c8d-1e2f-4a3b-9c8d-7e6f5a4b3c2d", "2024/3/1 21:04:11"
        ),
    )
    data = played(soul, 7, ["Akagi_S", "ぽんぽこ", "Tsubame", "RiverFox"])
    write(
        "mahjongsoul_gold_south.json",
        tensoul(
            data, "金の間南喰赤", "240302-0b1c2d3e-4f5a-4b6c-8d7e-6f5a4b3c2d1e", "2024/3/2 19:30:02"
        ),
    )
    friendly = soul.replace(start_score=30000, target_score=30000, win_threshold=30000)
    data = played(friendly, 3, ["Kitsune_7", "MoonTile", "Akagi_S", "Tsubame"])
    write(
        "mahjongsoul_friendly_30000.json",
        tensoul(
            data, "友人戦南喰赤", "240305-9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f", "2024/3/5 22:10:45"
        ),
    )
    tenhou = presets.preset("tenhou")
    lobby = tenhou.replace(start_score=30000, target_score=30000, win_threshold=30000)
    data = played(lobby, 12, ["NoName_A", "NoName_B", "NoName_C", "NoName_D"])
    data["title"] = ["L1234 大会 (30,000点持ち)", "2023/11/18"]
    data["rule"] = {"disp": "L1234南喰赤", "aka": 1}
    data["sc"] = [v * 1 for v in data["sc"]]
    write("tenhou_lobby_30000.json", data)
    league = presets.preset("mleague")
    data = played(league, 5, ["多井 隆晴", "佐々木 寿人", "伊達 朱里紗", "松本 吉弘"])
    lines = []
    for hand in data["log"]:
        lines.append(
            {
                "title": ["Mリーグ 2023-24 (transcribed)", "第1試合"],
                "name": data["name"],
                "rule": {"disp": "Mリーグ南喰赤", "aka": 1},
                "log": [hand],
            }
        )
    lines[-1]["sc"] = data["sc"]
    (HERE / "mleague_one_hand_a_line.json").write_text(
        "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in lines)
    )
    chips = tenhou.replace(game_type="tonpuusen")
    data = played(chips, 21, ["祝儀A", "祝儀B", "祝儀C", "祝儀D"])
    data["rule"] = {"disp": "般東喰赤祝５", "aka": 1}
    sc = data["sc"]
    places = sorted(range(4), key=lambda s: -sc[2 * s])
    chip_counts = [0, 0, 0, 0]
    for place, seat in enumerate(places):
        chip_counts[seat] = (5, 2, -2, -5)[place]
    data["sc"] = [x for s in range(4) for x in (sc[2 * s], sc[2 * s + 1], chip_counts[s])]
    write("tenhou_chips_east.json", data)
    # two whole games, one a line (as a match's games are listed)
    first = played(tenhou.replace(game_type="tonpuusen"), 31, ["A", "B", "C", "D"])
    second = played(tenhou.replace(game_type="tonpuusen"), 32, ["B", "C", "D", "A"])
    (HERE / "tenhou6_two_games.json").write_text(
        "".join(
            json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in (first, second)
        )
    )


if __name__ == "__main__":
    main()
