"""Read ``tests/data/scored_hands.txt`` (the engine's hand-worked scores) into API requests.

Each case becomes the JSON body of ``POST /api/score`` plus what the answer must
say. Rule overrides become a stored ruleset, passed by id, so the stored-ruleset
path of the shared request reader is exercised too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rules.engine import SITUATION_FLAGS

DATA = Path(__file__).resolve().parents[1] / "data" / "scored_hands.txt"
FLAGS = set(SITUATION_FLAGS)


@dataclass
class Case:
    id: str
    request: dict
    rules: str = "ronin"
    overrides: dict = field(default_factory=dict)
    yaku: dict = field(default_factory=dict)
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    limit: str | None = None
    pays: dict = field(default_factory=dict)
    total: int | None = None
    error: str | None = None
    fu_items: list = field(default_factory=list)

    @property
    def seat(self) -> str:
        return self.request.get("seat_wind", "S")

    def expected_payments(self) -> dict:
        """The API's payment shape from ``seat:points`` (the dealer is seat 0)."""
        if self.request.get("win") != "tsumo":
            return {"discarder": sum(self.pays.values())}
        winner = "ESWN".index(self.seat)
        if winner == 0:
            return {"non_dealer": max(self.pays.values())}
        others = [v for s, v in self.pays.items() if s not in (0, winner)]
        return {"dealer": self.pays.get(0, 0), "non_dealer": max(others) if others else 0}

    def expected_total(self) -> int:
        if self.total is not None:
            return self.total
        return sum(self.pays.values()) + 1000 * self.request.get("riichi_sticks", 0)


def _value(text: str):
    if text in ("true", "false"):
        return text == "true"
    if "," in text:
        return [int(x) for x in text.split(",")]
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _when(request: dict, words: list[str]) -> None:
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            if key == "tsumo":
                request["win"] = "tsumo"
            else:
                assert key in FLAGS, key
                request[key] = True
        elif key in ("seat", "round"):
            request[f"{key}_wind"] = value
        elif key in ("dora", "ura"):
            request[f"{key}_indicators"] = [value]
        elif key == "honba":
            request["honba"] = int(value)
        elif key == "sticks":
            request["riichi_sticks"] = int(value)
        elif key == "from":
            pass  # the API leaves the discarder's seat out; amounts do not depend on it
        else:
            raise AssertionError(f"unknown 'when' word {word}")


def load() -> list[Case]:
    cases: list[Case] = []
    case: Case | None = None
    for raw in DATA.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("== "):
            cid = line[3:].split(":", 1)[0].strip()
            case = Case(cid, {"win": "ron"})
            cases.append(case)
            continue
        assert case is not None
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        if key == "hand":
            case.request["hand"] = rest
        elif key == "melds":
            case.request["melds"] = rest.replace(",", " ").split()
        elif key == "win":
            case.request["win_tile"] = rest
        elif key == "when":
            _when(case.request, rest.split())
        elif key == "rules":
            words = rest.split()
            case.rules = words[0]
            case.overrides = {
                k: [x for x in v.split(",") if x] if k == "double_yakuman" else _value(v)
                for k, _, v in (w.partition("=") for w in words[1:])
            }
        elif key == "yaku":
            for item in rest.split(","):
                name, _, han = item.strip().rpartition(" ")
                case.yaku[name] = int(han)
        elif key == "score":
            words = rest.split()
            if words[0] == "yakuman":
                case.yakuman = int(words[1])
            else:
                case.han, case.fu = int(words[0]), int(words[2])
        elif key == "fu":
            case.fu_items = [
                (int(n), reason.strip())
                for n, _, reason in (item.strip().partition(" ") for item in rest.split(","))
            ]
        elif key == "limit":
            case.limit = rest
        elif key == "pays":
            case.pays = {int(s): int(p) for s, _, p in (w.partition(":") for w in rest.split())}
        elif key == "total":
            case.total = int(rest)
        elif key == "error":
            case.error = rest
        else:
            raise AssertionError(f"unknown line in scored_hands.txt: {raw}")
    return cases


def request_for(case: Case, stored_id_for) -> dict:
    """The request body; ``stored_id_for(preset, overrides)`` makes a stored ruleset."""
    body = dict(case.request)
    body["ruleset"] = stored_id_for(case.rules, case.overrides) if case.overrides else case.rules
    return body
