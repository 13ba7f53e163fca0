"""Tenhou's wall shuffle, so a Tenhou record's walls can be rebuilt from its seed.

Tenhou writes the seed of each game into its XML record as
``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">`` and has published how the
walls follow from it:

1. the base64 text decodes to 624 little-endian 32-bit words that seed a Mersenne
   Twister (MT19937) with ``init_by_array``;
2. for each hand, in the order the hands are played, the generator gives 288 words;
   each block of 32 words (128 bytes, little endian) is hashed with SHA-512 and the
   nine digests, read as 144 little-endian words, are the hand's random numbers;
3. the 136 tile ids are shuffled low to high: position ``i`` swaps with
   ``i + rnd[i] % (136 - i)``.

In the shuffled list the first fourteen tiles are the dead wall and the players take
tiles from the other end: reversed, it is the wall in drawing order. The dealer
takes four tiles, then each player four in turn order, three times, then one tile
each; the live wall follows. In the dead wall Tenhou shows the dora indicator from
``yama[5]`` and the kan dora from ``yama[7]``, ``yama[9]``, ... with each ura
indicator just below (``yama[4]``, ``yama[6]``, ...); replacement tiles are drawn
from ``yama[1]``, ``yama[0]``, ``yama[3]``, ``yama[2]``. :func:`engine_wall` puts
those tiles where our engine expects them (see :mod:`rules.engine.wall`).

The generator is written out here rather than taken from ``random`` because
``random.Random`` seeds itself differently (it drops leading zero words).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct

from .model import LogFormatError

PREFIX = "mt19937ar-sha512-n288-base64,"
_N = 624
_M = 397
_MASK = 0xFFFFFFFF


class MersenneTwister:
    """The reference MT19937 (Matsumoto and Nishimura, 2002), 32-bit output."""

    def __init__(self, key: list[int]):
        mt = [0] * _N
        mt[0] = 19650218
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self.mt = mt
        self.index = _N

    def _twist(self) -> None:
        mt = self.mt
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            value = mt[(k + _M) % _N] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[k] = value
        self.index = 0

    def next(self) -> int:
        if self.index >= _N:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & _MASK


def decode_seed(text: str) -> list[int]:
    """The generator's key from the seed attribute; LogFormatError when it is not one."""
    body = text[len(PREFIX) :] if text.startswith(PREFIX) else None
    if body is None:
        raise LogFormatError(f"the shuffle seed must start with '{PREFIX}'", "SHUFFLE.seed")
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        raise LogFormatError("the shuffle seed is not valid base64", "SHUFFLE.seed") from None
    if len(raw) != _N * 4:
        raise LogFormatError(
            f"the shuffle seed holds {len(raw)} bytes, Tenhou's hold {_N * 4}", "SHUFFLE.seed"
        )
    return list(struct.unpack(f"<{_N}I", raw))


class TenhouShuffle:
    """The walls of one game, hand after hand, in the order the hands are played."""

    def __init__(self, seed_text: str):
        self.rng = MersenneTwister(decode_seed(seed_text))
        self.yamas: list[tuple[int, ...]] = []

    def yama(self, hand: int) -> tuple[int, ...]:
        """The shuffled tile ids of hand number ``hand`` (dead wall first)."""
        while len(self.yamas) <= hand:
            self.yamas.append(self._next())
        return self.yamas[hand]

    def _next(self) -> tuple[int, ...]:
        words = [self.rng.next() for _ in range(288)]
        src = struct.pack("<288I", *words)
        digest = b"".join(hashlib.sha512(src[i : i + 128]).digest() for i in range(0, 1152, 128))
        rnd = struct.unpack("<144I", digest)
        yama = list(range(136))
        for i in range(135):
            j = i + rnd[i] % (136 - i)
            yama[i], yama[j] = yama[j], yama[i]
        return tuple(yama)


def deal_order(yama: tuple[int, ...]) -> tuple[list[list[int]], list[int]]:
    """The tiles each relative seat is dealt (dealer first) and the live wall, as Tenhou deals."""
    wall = yama[::-1]
    hands: list[list[int]] = [[], [], [], []]
    for block in range(3):
        for k in range(4):
            start = 16 * block + 4 * k
            hands[k].extend(wall[start : start + 4])
    for k in range(4):
        hands[k].append(wall[48 + k])
    return hands, list(wall[52:122])


def engine_wall(yama: tuple[int, ...]) -> tuple[int, ...]:
    """The same wall in our engine's draw order (:mod:`rules.engine.wall`)."""
    hands, live = deal_order(yama)
    rinshan = [yama[1], yama[0], yama[3], yama[2]]
    dora = [yama[5], yama[7], yama[9], yama[11], yama[13]]
    ura = [yama[4], yama[6], yama[8], yama[10], yama[12]]
    return tuple(t for hand in hands for t in hand) + tuple(live + rinshan + dora + ura)
