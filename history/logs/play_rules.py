"""What a log's play shows about its rules, where no rule line states them.

A lobby's own settings (a Mahjong Soul tournament lobby's bust, abortive draws,
kiriage...) are not written in its logs, but its hands show some of them. Read here,
each with the hand that shows it, and then taken as the log's own rules (what the
log says wins over the preset, :func:`.log_rules.settle`):

* **no bust** (``tobi`` off): a hand starts with a score below zero;
* **riichi below 1,000 points** (``riichi_below_1000``): a seat declares riichi in a
  hand it started with fewer than 1,000 points (which only a game without bust allows,
  so it says that too);
* **the live tiles riichi needs** (``riichi_min_live_wall``): a riichi declared with
  fewer than 4 tiles left in the live wall says the lobby accepts that many (the
  fewest seen; a preset that accepts fewer keeps its own);
* **the four-winds abortive draw** (``suufon_renda``): four same winds thrown in the
  first go-around, and the hand goes on (off), or the hand ends on it (on);
* **the four-riichi and four-kans abortive draws** (``suucha_riichi``,
  ``suukaikan``): a fourth riichi's discard passes, or four kans by two or more seats
  are followed by a discard that passes, and the hand goes on (off), or the hand ends
  on it (on);
* **kiriage mangan** (``kiriage``): a 30 fu 4 han or 60 fu 3 han hand paid as a
  mangan (on) or below it (off);
* **counted yakuman** (``kazoe``): a win of 13 han or more without a yakuman paid as a
  sanbaiman (``sanbaiman``) or as a yakuman (``yakuman``);
* **kan dora on rinshan kaihou** (``rinshan_kan_dora``): a win on the replacement
  tile of an open or added kan, and the log shows that kan's indicator (on) or not
  (off);
* **the fu of a double-wind pair** (``double_wind_pair_fu``): a win on such a pair
  whose fu shows 2 or 4 (:mod:`.play_fu`);
* **the all-last dealer's stop** (``agariyame``): the dealer of the last hand wins,
  leads with 30,000 and the log deals again (off; a lobby without it, or a dealer
  who chose to play on);
* **no West round** (``west_round`` off): the log ends after the last hand of the
  length with no one at 30,000 and no one below zero;
* **the honba in a double ron** (``double_ron_honba``, :func:`honba_to_nearest`): the
  next hand's scores show the honba paid to the winner nearest the discarder only,
  where the log's own score changes pay them to each winner. Mahjong Soul log
  converters write a win's score changes themselves, each winner with the honba; the
  next hand's scores are the game's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rules.engine import preset

from .log_rules import ReadRules
from .model import Call, Discard, Draw, Kan, LogHand, Ron, Tsumo
from .play_fu import read_double_wind_pair

LIVE_WALL = 70  # 136 tiles less 14 in the dead wall and 4 x 13 dealt
RIICHI_WALL = 4  # the usual minimum, one more draw of one's own
HONBA = 300  # a ron's honba, each
WEST_THRESHOLD = 30000  # the score every preset with a West round asks for
WIND_KINDS = frozenset((27, 28, 29, 30))  # East, South, West, North
# A 30 fu 4 han / 60 fu 3 han hand's value (the payers' total, no honba): below the
# mangan without kiriage (a ron, a non-dealer's tsumo, a dealer's ron and tsumo), a
# mangan with it.
BELOW_MANGAN = {7700, 7900, 11600, 11700}
MANGAN = {8000, 12000}
KAZOE_HAN = 13
# A 13-han hand's value (the payers' total, no honba), non-dealer and dealer
SANBAIMAN = {24000, 36000}
YAKUMAN = {32000, 48000}


def read_play(read: ReadRules, hands: Sequence[LogHand]) -> None:
    """Say on ``read`` each rule the hands show (see the module's list), the first
    hand that shows it named as where."""
    fewest_tiles = RIICHI_WALL
    # only the fu are compared: any ruleset with the log's red fives scores them
    scoring = preset("ronin").replace(red_fives=tuple(read.values.get("red_fives", (1, 1, 1))))
    for hand in hands:
        if "tobi" not in read.values and min(hand.scores) < 0:
            read.say("tobi", False, f"hand {hand.index + 1} ({hand.label}) starts below zero")
        draws = 0
        for event in hand.events:
            if isinstance(event, Draw):
                draws += 1
            elif isinstance(event, Discard) and event.riichi:
                where = f"hand {hand.index + 1} ({hand.label}): seat {event.seat}'s riichi"
                if hand.scores[event.seat] < 1000 and "riichi_below_1000" not in read.values:
                    read.say("riichi_below_1000", True, f"{where} with fewer than 1,000 points")
                    if "tobi" not in read.values:
                        read.say("tobi", False, f"{where} with fewer than 1,000 points")
                if LIVE_WALL - draws < fewest_tiles:
                    fewest_tiles = LIVE_WALL - draws
                    read.say(
                        "riichi_min_live_wall",
                        fewest_tiles,
                        f"{where} with {fewest_tiles} tiles left in the live wall",
                    )
        _four_winds(read, hand)
        _four_riichi_or_kans(read, hand)
        _kiriage(read, hand)
        _kazoe(read, hand)
        _rinshan_kan_dora(read, hand)
        read_double_wind_pair(read, hand, scoring)
    _dealer_plays_on(read, hands)
    if hands:
        _no_west_round(read, hands)


def _riichi_paid(hand: LogHand) -> list[int]:
    """The sticks each seat put down in the hand (a riichi whose discard is won on puts none)."""
    events = hand.events
    ronned = len(events) > 1 and isinstance(events[-1], Ron) and isinstance(events[-2], Discard)
    riichis = [e for e in hand.events if isinstance(e, Discard)]
    paid = [0, 0, 0, 0]
    for k, event in enumerate(riichis):
        if event.riichi and not (ronned and k == len(riichis) - 1):
            paid[event.seat] += 1000
    return paid


def _no_west_round(read: ReadRules, hands: Sequence[LogHand]) -> None:
    last = hands[-1]
    if "west_round" in read.values or last.result is None or last.result.deltas is None:
        return
    last_round = 0 if read.values.get("game_type") == "tonpuusen" else 1
    if (last.round_wind, last.round_number) != (last_round, 3):
        return
    paid = _riichi_paid(last)
    end = [s + d - p for s, d, p in zip(last.scores, last.result.deltas, paid, strict=True)]
    if min(end) >= 0 and max(end) < WEST_THRESHOLD:
        where = f"hand {last.index + 1} ({last.label}) ends the game with no one at 30,000"
        read.say("west_round", False, where)


def _dealer_plays_on(read: ReadRules, hands: Sequence[LogHand]) -> None:
    last_round = 0 if read.values.get("game_type") == "tonpuusen" else 1
    for hand, after in pairwise(hands):
        if "agariyame" in read.values or (hand.round_wind, hand.round_number) != (last_round, 3):
            continue
        again = (after.round_wind, after.round_number) == (hand.round_wind, hand.round_number)
        won = hand.result is not None and any(w.seat == 3 for w in hand.result.wins)
        # first with 30,000: where every agari-yame stops (Tenhou's and Mahjong Soul's
        # only there, ``dealer_stop_needs_threshold``)
        dealer = after.scores[3]
        leads = dealer >= WEST_THRESHOLD and all(dealer > score for score in after.scores[:3])
        if again and won and leads:
            where = f"hand {hand.index + 1} ({hand.label}): the all-last dealer wins, leads with 30,000 and plays on"
            read.say("agariyame", False, where)


def _four_winds(read: ReadRules, hand: LogHand) -> None:
    if "suufon_renda" in read.values or hand.result is None:
        return
    where = f"hand {hand.index + 1} ({hand.label})"
    if hand.result.abort == "suufon_renda":
        read.say("suufon_renda", True, f"{where} ends on four same winds")
        return
    first: list[Discard] = []
    later: Sequence[object] = ()
    for k, event in enumerate(hand.events):
        if isinstance(event, (Call, Kan, Ron)):
            return
        if isinstance(event, Discard):
            first.append(event)
            if len(first) == 4:
                later = hand.events[k + 1 :]
                break
    else:
        return
    seats = [d.seat for d in first]
    kinds = {d.tile[0] for d in first}
    in_order = seats == [(hand.dealer + n) % 4 for n in range(4)]
    if in_order and len(kinds) == 1 and kinds <= WIND_KINDS and _goes_on(later):
        read.say("suufon_renda", False, f"{where}: four same winds, and the hand goes on")


def _goes_on(events: Sequence[object]) -> bool:
    """Play goes on after a discard: some event follows it, and not a ron on it."""
    return bool(events) and not isinstance(events[0], Ron)


def _four_riichi_or_kans(read: ReadRules, hand: LogHand) -> None:
    if hand.result is None:
        return
    where = f"hand {hand.index + 1} ({hand.label})"
    for name, words in (("suucha_riichi", "four riichi"), ("suukaikan", "four kans")):
        if name not in read.values and hand.result.abort == name:
            read.say(name, True, f"{where} ends on {words}")
    riichi = kans = 0
    kan_seats: set[int] = set()
    for k, event in enumerate(hand.events):
        if isinstance(event, Kan) or (isinstance(event, Call) and event.kind == "daiminkan"):
            kans += 1
            kan_seats.add(event.seat)
        if not isinstance(event, Discard):
            continue
        riichi += event.riichi
        later = hand.events[k + 1 :]
        if event.riichi and riichi == 4 and "suucha_riichi" not in read.values and _goes_on(later):
            read.say("suucha_riichi", False, f"{where}: a fourth riichi, and the hand goes on")
        four_kans = kans == 4 and len(kan_seats) > 1
        if four_kans and "suukaikan" not in read.values and _goes_on(later):
            read.say("suukaikan", False, f"{where}: four kans by two seats, and the hand goes on")


def _kiriage(read: ReadRules, hand: LogHand) -> None:
    result = hand.result
    if "kiriage" in read.values or result is None or result.kind not in ("ron", "tsumo"):
        return
    for win in result.wins:
        if win.yakuman or (win.fu, win.han) not in ((30, 4), (60, 3)) or win.deltas is None:
            continue
        paid = -sum(d for d in win.deltas if d < 0)
        value = paid - HONBA * hand.honba
        where = f"hand {hand.index + 1} ({hand.label}): {win.fu} fu {win.han} han paid {value:,}"
        if value in MANGAN:
            read.say("kiriage", True, where)
        elif value in BELOW_MANGAN:
            read.say("kiriage", False, where)
        return


def _kazoe(read: ReadRules, hand: LogHand) -> None:
    result = hand.result
    if "kazoe" in read.values or result is None or result.kind not in ("ron", "tsumo"):
        return
    for win in result.wins:
        # a converter may leave han out of a limit's text: the yaku's han add up to it
        han = win.han if win.han is not None else sum(h for _, h in win.yaku)
        if win.yakuman or han < KAZOE_HAN or win.deltas is None:
            continue
        value = -sum(d for d in win.deltas if d < 0) - HONBA * hand.honba
        where = f"hand {hand.index + 1} ({hand.label}): {han} han paid {value:,}"
        if value in SANBAIMAN:
            read.say("kazoe", "sanbaiman", where)
        elif value in YAKUMAN:
            read.say("kazoe", "yakuman", where)
        return


def _rinshan_kan_dora(read: ReadRules, hand: LogHand) -> None:
    events = [e for e in hand.events if not isinstance(e, Draw)]
    if "rinshan_kan_dora" in read.values or len(events) < 2 or not isinstance(events[-1], Tsumo):
        return
    kan = events[-2]
    opened = isinstance(kan, Call) and kan.kind == "daiminkan"
    if not (opened or (isinstance(kan, Kan) and kan.kind == "shouminkan")):
        return
    assert isinstance(kan, (Call, Kan))
    if kan.seat != events[-1].seat:
        return
    kans = sum(
        isinstance(e, Kan) or (isinstance(e, Call) and e.kind == "daiminkan") for e in events
    )
    where = f"hand {hand.index + 1} ({hand.label}): rinshan kaihou on an open kan"
    if len(hand.dora) == 1 + kans:
        read.say("rinshan_kan_dora", True, f"{where}, its indicator shown")
    elif len(hand.dora) == kans:
        read.say("rinshan_kan_dora", False, f"{where}, its indicator not shown")


def honba_note(honba: int) -> str:
    return (
        f"the log pays each winner of the double ron {honba * HONBA:,} in honba; the next "
        "hand's scores show only the winner nearest the discarder paid them, so the "
        "other winners' changes are read without them"
    )


def honba_to_nearest(read: ReadRules, hands: Sequence[LogHand]) -> None:
    """Read a double ron whose next hand shows the honba paid to the nearest winner only:
    say ``double_ron_honba`` and take the honba out of the other winners' changes."""
    for hand, after in pairwise(hands):
        result = hand.result
        if result is None or result.kind != "ron" or len(result.wins) < 2 or not hand.honba:
            continue
        if result.deltas is None or any(w.deltas is None for w in result.wins):
            continue
        discarder = result.wins[0].from_seat
        if discarder is None:
            continue
        paid = _riichi_paid(hand)
        diff = [after.scores[s] - hand.scores[s] - result.deltas[s] + paid[s] for s in range(4)]
        honba = HONBA * hand.honba
        others = [w.seat for w in result.wins[1:]]
        expected = [0, 0, 0, 0]
        for seat in others:
            expected[seat] = -honba
        expected[discarder] = honba * len(others)
        if diff != expected:
            continue
        wins = [result.wins[0]]
        for win in result.wins[1:]:
            assert win.deltas is not None
            changed = list(win.deltas)
            changed[win.seat] -= honba
            changed[discarder] += honba
            wins.append(win._replace(deltas=tuple(changed)))
        total = [a + b for a, b in zip(result.deltas, expected, strict=True)]
        hand.result = result._replace(wins=tuple(wins), deltas=tuple(total))
        hand.notes.append(honba_note(hand.honba))
        if "double_ron_honba" not in read.values:
            where = f"hand {hand.index + 1} ({hand.label}): the next hand's scores"
            read.say("double_ron_honba", "nearest_only", where)
