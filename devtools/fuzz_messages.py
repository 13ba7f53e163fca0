"""The fuzzer's hostile socket messages (:class:`Junk`), seeded.

Each message is a payload with a kind: "refuse" must draw an error frame, "maybe" (a
legal move, a settings toggle) may be accepted. The shapes include wrong JSON types,
huge strings and numbers, infinities, lone surrogates and deep nesting.
"""

from __future__ import annotations

import json
import random

from rules.engine import InvalidAction, parse_action


class Junk:
    """Seeded hostile messages. Each is (payload, kind): kind "refuse" must draw an error
    frame; "maybe" (a legal move, a settings toggle) may be accepted."""

    TILES = ["1m.0", "5m.0", "0p.0", "9s.3", "7z.2", "1z.1", "5s.2", "0z.0", "10m.1", "5x.1", ""]
    TYPES = ["discard", "riichi", "tsumo", "ron", "pon", "chi", "pass", "ankan", "kyuushu", "dance"]

    def __init__(self, rng: random.Random, seat: int | None):
        self.rng = rng
        self.seat = seat

    def text(self, size: int) -> str:
        alphabet = 'abc{}[]":,0123456789 \\\u00e9\u6771\U0001f004'
        return "".join(self.rng.choice(alphabet) for _ in range(size))

    def value(self, depth: int = 0):
        r = self.rng
        choices = [
            lambda: None,
            lambda: r.choice([True, False]),
            lambda: r.randint(-(2**70), 2**70),
            lambda: r.random() * 1e300,
            lambda: self.text(r.randint(0, 40)),
            lambda: [self.value(depth + 1) for _ in range(r.randint(0, 3))] if depth < 3 else [],
            lambda: {self.text(3): self.value(depth + 1)} if depth < 3 else {},
        ]
        return r.choice(choices)()

    def action_text(self, version: int) -> str:
        r = self.rng
        seat = r.choice([self.seat if self.seat is not None else 0, 0, 1, 2, 3, 4, -1, "x"])
        parts = [str(seat), r.choice(self.TYPES)]
        if r.random() < 0.8:
            parts.append(r.choice(self.TILES))
        if r.random() < 0.2:
            parts.append(",".join(r.choice(self.TILES) for _ in range(2)))
        return ":".join(parts)

    def own_move(self, text: str) -> bool:
        """Whether ``text`` reads as a move of this seat (legal or not: only the
        server's state can tell)."""
        try:
            return parse_action(text).seat == self.seat
        except InvalidAction:
            return False

    def garbled(self, version: int) -> str:
        """An action text this seat cannot make. A random draw is sometimes a
        well-formed move of the seat ("0:pass", "0:ron:1m.0"), which the server may
        accept at the current version: those are drawn again (and sent as "maybe"
        messages by :meth:`move_of_mine`)."""
        text = self.action_text(version)
        while self.own_move(text):
            text = self.action_text(version)
        return text

    def move_of_mine(self, version: int) -> str:
        """A well-formed move of this seat at the current version, legal or not: the
        server accepts it or refuses it as illegal (a "maybe" message)."""
        text = self.action_text(version)
        while not self.own_move(text):
            text = self.action_text(version)
        return json.dumps({"action": text, "version": version})

    def refused(self, version: int, legal: list[str], others: list[str]):
        """A message that no server may accept, as (text or bytes)."""
        r = self.rng
        kind = r.randrange(13)
        if kind == 0:
            return self.text(r.randint(0, 60))  # not JSON
        if kind == 1:
            return json.dumps(self.value())  # JSON of any type, not an object
        if kind == 2:  # the right keys, the wrong types
            return json.dumps({"action": self.value(), "version": self.value()})
        if kind == 3:  # a huge string, over the size limit
            size = r.choice([5000, 20000, 200000])
            return json.dumps({"action": "x" * size, "version": version})
        if kind == 4:  # unknown or garbled actions
            return json.dumps({"action": self.garbled(version), "version": version})
        if kind in (5, 6) and legal:  # a legal move at a future version
            # (a stale one may be accepted: an answer to a claim that other seats'
            # answers overtook still counts, so it is sent as a "maybe" message)
            return json.dumps({"action": r.choice(legal), "version": version + r.randint(1, 10**9)})
        if kind == 7 and others:  # another seat's move
            return json.dumps({"action": r.choice(others), "version": version})
        if kind == 8:  # binary frames
            return bytes(r.getrandbits(8) for _ in range(r.randint(0, 64)))
        if kind == 9:  # versions that are not whole numbers
            bad = r.choice(["12", "x", -1, 1.5, True, None, [], {}, "1e9", 10**30])
            if bad == "12" or (isinstance(bad, int) and not isinstance(bad, bool) and bad >= 0):
                bad = -5  # a numeric string or a big number could be read as a version
            action = r.choice(legal) if legal else self.action_text(version)
            return json.dumps({"action": action, "version": bad})
        if kind == 10:  # deep nesting and junk keys
            nested: object = "x"
            for _ in range(r.randint(10, 60)):
                nested = [nested]
            return json.dumps({"action": nested, "version": version, self.text(5): self.value()})
        if kind == 11:
            return self.unreadable(version, legal)
        return json.dumps({"version": version, "HEADERS": {"HX-Request": "true"}})  # no action

    DEEP = 1500  # deeper than Python's parser may recurse, small enough to be read

    def unreadable(self, version: int, legal: list[str]) -> str:
        """JSON that a careless reader chokes on: numbers no move carries (huge and
        infinite), text that is not Unicode (a lone surrogate), nesting past any parser's
        recursion; around a real move, so only the oddity can cause a refusal."""
        r = self.rng
        action = json.dumps(r.choice(legal) if legal else self.action_text(version))
        shape = r.randrange(7)
        if shape == 0:
            number = r.choice(["1e999", "-1e999", "Infinity", "-Infinity", "NaN", "1e308"])
            return f'{{"action": {action}, "version": {number}}}'
        if shape == 1:
            return f'{{"action": {action}, "version": {r.choice(["1", "-1"])}{"7" * 400}}}'
        if shape == 2:  # a lone surrogate, escaped as JSON allows
            surrogate = r.choice(["\\ud800", "\\udfff", "\\ud83d"])
            return f'{{"action": "{json.loads(action)}{surrogate}", "version": {version}}}'
        if shape == 3:
            return f'{{"action": {action}, "version": {version}, "\\udc00": 1}}'
        depth = r.randint(self.DEEP, self.DEEP + 200)
        if shape == 4:
            return "[" * depth + "]" * depth
        if shape == 5:
            return f'{{"action": {"[" * depth}{"]" * depth}, "version": {version}}}'
        return f'{{"settings": 1, "sort_hand": {"[" * depth}{"]" * depth}}}'

    def settings(self) -> str:
        data = {"settings": 1}
        for name in ("auto_win", "no_calls", "auto_riichi_discard", "sort_hand"):
            if self.rng.random() < 0.5:
                data[name] = self.rng.choice(["on", "1", True, 7, "", [1]])
        return json.dumps(data)
