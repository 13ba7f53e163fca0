"""Seating plans for one round: who sits at which table and in which seat.

Pure functions over plain player keys (any hashable: the views pass player ids),
so they run without a database. Randomness always comes from the ``random.Random``
the caller hands in; the same seed gives the same plan.

* :func:`random_tables` tries many shuffles, improves each by swapping players
  between tables, and keeps the plan whose players have met least before.
* :func:`swiss_tables` seats players in standings order, four at a time, skipping
  past an opponent someone has already met when a near neighbour has not.
* :func:`assign_winds` orders each table so that everybody's East/South/West/North
  counts stay as even as possible.
* :func:`choose_byes` picks who sits out when the field is not a multiple of four.
* :func:`quality` measures a plan: repeated opponents and wind balance.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

WINDS = ("East", "South", "West", "North")
TABLE_SIZE = 4
METHODS = ("random", "swiss")
LOOKAHEAD_BUDGET = 40  # candidate plans whose next round is test-seated
PATIENCE = 30  # tries in a row without a better plan before the search gives up

Player = Hashable


def pair(a: Player, b: Player) -> frozenset:
    return frozenset((a, b))


def meetings_from(tables: Iterable[Sequence[Player]]) -> Counter:
    """How often each pair of players has shared a table (pairs as frozensets)."""
    met: Counter = Counter()
    for table in tables:
        present = [p for p in table if p is not None]
        for a, b in itertools.combinations(present, 2):
            met[pair(a, b)] += 1
    return met


def wind_counts_from(tables: Iterable[Sequence[Player]]) -> dict[Player, list[int]]:
    """Each player's count of games started as East, South, West and North."""
    counts: dict[Player, list[int]] = {}
    for table in tables:
        for wind, player in enumerate(table):
            if player is not None:
                counts.setdefault(player, [0, 0, 0, 0])[wind] += 1
    return counts


def _table_cost(table: Sequence[Player], met: Mapping) -> int:
    # Squares make two pairs meeting a second time cheaper than one pair a third time.
    return sum(met.get(pair(a, b), 0) ** 2 for a, b in itertools.combinations(table, 2))


_ORDERS = tuple(itertools.permutations(range(TABLE_SIZE)))
_NO_WINDS = (0, 0, 0, 0)


def _order_cost(order: Sequence[Player], winds: Mapping[Player, Sequence[int]]) -> int:
    """How often the players of ``order`` have already started in those seats.

    Seating a player in wind w raises the sum of squares of their wind counts by
    2 * count[w] + 1, so the order with the lowest total here is also the one that
    keeps everyone's counts most even.
    """
    return sum(winds.get(p, _NO_WINDS)[w] for w, p in enumerate(order))


def _best_order(table: Sequence[Player], winds: Mapping[Player, Sequence[int]]):
    """The table's wind order with the lowest :func:`_order_cost`, and that cost."""
    seen = [winds.get(p, _NO_WINDS) for p in table]
    best, best_cost = _ORDERS[0], None
    for perm in _ORDERS:  # perm[w] is the index of the player sitting in wind w
        cost = seen[perm[0]][0] + seen[perm[1]][1] + seen[perm[2]][2] + seen[perm[3]][3]
        if best_cost is None or cost < best_cost:
            best, best_cost = perm, cost
    return [table[i] for i in best], best_cost


def _check_field(players: Sequence[Player]) -> None:
    if len(players) % TABLE_SIZE:
        raise ValueError(
            f"{len(players)} players cannot fill tables of four: choose byes or substitutes first"
        )
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in the field")


class _Search:
    """The random method's working state, on player indices 0..n-1 for speed.

    ``met[a][b]`` counts the earlier meetings of a and b; ``cost[a][b]`` is its square,
    so that two pairs meeting a second time cost less than one pair meeting a third.
    """

    def __init__(self, players: Sequence[Player], met: Mapping, rng: random.Random):
        self.players = list(players)
        self.n = len(self.players)
        self.rng = rng
        index = {p: i for i, p in enumerate(self.players)}
        self.met = [[0] * self.n for _ in range(self.n)]
        for key, times in met.items():
            a, b = tuple(key)
            if a in index and b in index:
                self.met[index[a]][index[b]] = self.met[index[b]][index[a]] = times
        self.cost = [[m * m for m in row] for row in self.met]

    def shuffled(self) -> list[list[int]]:
        order = list(range(self.n))
        self.rng.shuffle(order)
        return [order[i : i + TABLE_SIZE] for i in range(0, self.n, TABLE_SIZE)]

    def table_cost(self, table: Sequence[int]) -> int:
        c = self.cost
        return sum(c[a][b] for a, b in itertools.combinations(table, 2))

    def improve(self, tables: list[list[int]]) -> int:
        """Swap players between tables while a swap lowers the cost; return the cost."""
        c = self.cost
        improved = True
        while improved:
            improved = False
            for ti, tj in itertools.combinations(tables, 2):
                for x in range(TABLE_SIZE):
                    for y in range(TABLE_SIZE):
                        a, b = ti[x], tj[y]
                        ca, cb = c[a], c[b]
                        delta = 0
                        for q in ti:
                            if q != a:
                                delta += cb[q] - ca[q]
                        for q in tj:
                            if q != b:
                                delta += ca[q] - cb[q]
                        if delta < 0:
                            ti[x], tj[y] = b, a
                            improved = True
        return sum(self.table_cost(t) for t in tables)

    def best_plan(self, tries: int) -> tuple[list[list[int]], int]:
        best, best_cost = [], None
        for _ in range(max(1, tries)):
            tables = self.shuffled()
            cost = self.improve(tables)
            if best_cost is None or cost < best_cost:
                best, best_cost = tables, cost
            if best_cost == 0:
                break
        return best, best_cost or 0

    def then(self, tables: Sequence[Sequence[int]]) -> _Search:
        """The same search for the following round, once ``tables`` have played."""
        nxt = _Search.__new__(_Search)
        nxt.players, nxt.n, nxt.rng = self.players, self.n, self.rng
        nxt.met = [row[:] for row in self.met]
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                nxt.met[a][b] += 1
                nxt.met[b][a] += 1
        nxt.cost = [[m * m for m in row] for row in nxt.met]
        return nxt


def _wind_orders(
    now: Sequence[Sequence[Player]],
    following: Sequence[Sequence[Player]],
    winds: Mapping[Player, Sequence[int]],
    rng: random.Random,
    restarts: int = 6,
) -> tuple[list[list[Player]], int]:
    """Wind orders for ``now`` chosen with the likely next round in view, and their cost.

    Seating one round at a time can leave two players at a last-round table who
    both still lack the same wind. Ordering this round and the expected next one
    together (coordinate descent over each table's 24 orders, a few random
    restarts) avoids most of that. The cost is the sum of squares of everyone's
    wind counts after both rounds: the lower, the more even.
    """
    tables = [list(t) for t in now] + [list(t) for t in following]
    best_orders, best_total = tables, None
    for _ in range(restarts if following else 1):
        orders = []
        for t in tables:
            o = list(t)
            rng.shuffle(o)
            orders.append(o)
        counts = {p: list(c) for p, c in winds.items()}
        for o in orders:
            for w, p in enumerate(o):
                counts.setdefault(p, [0, 0, 0, 0])[w] += 1
        changed = True
        while changed:
            changed = False
            for k, order in enumerate(orders):
                for w, p in enumerate(order):
                    counts[p][w] -= 1
                choice, cost = _best_order(order, counts)
                if cost < _order_cost(order, counts):
                    orders[k] = order = choice
                    changed = True
                for w, p in enumerate(order):
                    counts[p][w] += 1
        total = sum(sum(x * x for x in counts[p]) for t in tables for p in t)
        if best_total is None or total < best_total:
            best_orders, best_total = orders, total
    return best_orders[: len(now)], best_total or 0


def _ideal_wind_cost(games: int) -> int:
    """Sum of squares of one player's wind counts with ``games`` spread evenly."""
    q, m = divmod(games, 4)
    return (4 - m) * q * q + m * (q + 1) * (q + 1)


def random_tables(
    players: Sequence[Player],
    met: Mapping,
    rng: random.Random,
    tries: int | None = None,
    rounds_after: int = 0,
    winds: Mapping[Player, Sequence[int]] | None = None,
) -> list[list[Player]]:
    """A random plan, in wind order, with as few repeated opponents as can be found.

    Each try shuffles the field and swaps players between tables until no single
    swap lowers the repeat count (squared, so nobody meets anyone a third time while
    a second meeting elsewhere would do). Plans are then ranked by, in order:

    1. repeats in this round;
    2. with more rounds to come (``rounds_after``), the repeats of the next round as
       a short search can seat it: some repeat-free plans make a repeat-free next
       round impossible (with 16 players three rounds in, most of them do);
    3. how uneven everyone's starting winds are after this round (and the next
       one, when it is looked at), with the wind orders of :func:`_wind_orders`.

    The search stops at a plan that is perfect on all three counts, or after
    ``PATIENCE`` tries in a row that found nothing better.
    """
    _check_field(players)
    winds = winds or {}
    search = _Search(players, met, rng)
    # Big fields get fewer, dearer tries, so a round is seated in about a second.
    tries = tries or max(10, 3200 // max(1, len(players)))
    lookahead_tries = max(3, 160 // max(1, len(players)))
    ahead = 2 if rounds_after > 0 else 1
    ideal = sum(_ideal_wind_cost(sum(winds.get(p, ())) + ahead) for p in players)
    best, best_key = [], None
    lookaheads = stale = 0
    for _ in range(max(1, tries)):
        if stale >= PATIENCE:
            break
        stale += 1
        tables = search.shuffled()
        cost = search.improve(tables)
        if best_key is not None and cost > best_key[0]:
            continue
        future, following = 0, []
        if rounds_after > 0:
            if lookaheads >= LOOKAHEAD_BUDGET:
                break
            lookaheads += 1
            following, future = search.then(tables).best_plan(lookahead_tries)
        if best_key is not None and (cost, future) > best_key[:2]:
            continue
        named = [[search.players[i] for i in t] for t in tables]
        upcoming = [[search.players[i] for i in t] for t in following]
        ordered, uneven = _wind_orders(named, upcoming, winds, rng)
        key = (cost, future, uneven)
        if best_key is None or key < best_key:
            best, best_key, stale = ordered, key, 0
        if best_key == (0, 0, ideal):
            break
    return best


def swiss_tables(ranked: Sequence[Player], met: Mapping, window: int = 4) -> list[list[Player]]:
    """Seat players in standings order, the top four together, then the next four...

    When the next player in order has already met someone at the table, the first
    player within ``window`` places below who has not takes the seat instead. If
    nobody in the window is new to the table, the one with the fewest meetings
    (the higher ranked on a tie) sits down, so the plan never stalls.
    """
    _check_field(ranked)
    remaining = list(ranked)
    tables: list[list[Player]] = []
    while remaining:
        table = [remaining.pop(0)]
        while len(table) < TABLE_SIZE:
            candidates = remaining[: window + 1]

            def meetings_with_table(p, table=table):
                return sum(met.get(pair(p, q), 0) for q in table)

            chosen = min(candidates, key=meetings_with_table)  # min keeps rank order on ties
            remaining.remove(chosen)
            table.append(chosen)
        tables.append(table)
    return tables


def assign_winds(
    tables: Sequence[Sequence[Player]],
    winds: Mapping[Player, Sequence[int]],
    rng: random.Random,
) -> list[list[Player]]:
    """Order each table East, South, West, North to even out everyone's wind counts.

    Of the 24 orders of a table the one whose players have started least often in
    their new seats wins (see :func:`_order_cost`); ties are settled by the rng.
    """
    seated = []
    for table in tables:
        shuffled = list(table)
        rng.shuffle(shuffled)  # so that ties fall by lot
        seated.append(_best_order(shuffled, winds)[0])
    return seated


def choose_byes(
    players: Sequence[Player],
    count: int,
    byes_so_far: Mapping[Player, int],
    rng: random.Random,
) -> list[Player]:
    """``count`` players to sit out: those with the fewest byes so far, drawn by lot."""
    if count <= 0:
        return []
    shuffled = list(players)
    rng.shuffle(shuffled)
    shuffled.sort(key=lambda p: byes_so_far.get(p, 0))
    return shuffled[:count]


@dataclass(frozen=True)
class Quality:
    """How good a plan is, for the page shown before it is published."""

    repeats: int  # pairs at this round's tables who have already met
    repeated_pairs: list[tuple[Player, Player, int]] = field(default_factory=list)
    # each player's wind counts with this round included, East..North
    winds_after: dict[Player, list[int]] = field(default_factory=dict)

    @property
    def worst_wind_spread(self) -> int:
        """Largest gap between a player's most and least frequent starting wind."""
        return max((max(c) - min(c) for c in self.winds_after.values()), default=0)

    @property
    def unbalanced(self) -> list[Player]:
        """Players whose winds differ by more than one game (at most one is perfect)."""
        return [p for p, c in self.winds_after.items() if max(c) - min(c) > 1]


def quality(
    tables: Sequence[Sequence[Player]],
    met: Mapping,
    winds_before: Mapping[Player, Sequence[int]],
) -> Quality:
    repeated = []
    for table in tables:
        present = [p for p in table if p is not None]
        for a, b in itertools.combinations(present, 2):
            times = met.get(pair(a, b), 0)
            if times:
                repeated.append((a, b, times))
    after = {p: list(c) for p, c in winds_before.items()}
    for table in tables:
        for w, p in enumerate(table):
            if p is not None:
                after.setdefault(p, [0, 0, 0, 0])[w] += 1
    return Quality(repeats=len(repeated), repeated_pairs=repeated, winds_after=after)


def plan_round(
    players: Sequence[Player],
    method: str,
    history: Sequence[Sequence[Player]],
    rng: random.Random,
    ranked: Sequence[Player] | None = None,
    rounds_after: int = 0,
) -> list[list[Player]]:
    """Tables for one round by ``method`` ('random' or 'swiss'), winds assigned.

    ``history`` lists the earlier rounds' tables in seat order; ``ranked`` is the
    field in standings order (swiss only; players missing from it go last);
    ``rounds_after`` is how many rounds are still to come after this one.
    """
    met = meetings_from(history)
    winds = wind_counts_from(history)
    if method == "random":
        # already in wind order, chosen with the next round in view
        return random_tables(players, met, rng, rounds_after=rounds_after, winds=winds)
    elif method == "swiss":
        order = {p: i for i, p in enumerate(ranked or [])}
        in_order = sorted(players, key=lambda p: order.get(p, len(order)))
        tables = swiss_tables(in_order, met)
    else:
        raise ValueError(f"unknown seating method {method!r}: use one of {', '.join(METHODS)}")
    return assign_winds(tables, winds, rng)
