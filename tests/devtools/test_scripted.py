"""The scripted players' measurements (the load test's latencies)."""

import pytest

from devtools import scripted
from devtools.scripted import ClaimClock, ScriptedPlayer, SocketRecord


def frame(version: int) -> str:
    return f'<div id="table-center" data-version="{version}"></div>'


@pytest.fixture
def now(monkeypatch):
    """The players' clock, moved by hand."""
    clock = [100.0]
    monkeypatch.setattr(scripted.time, "perf_counter", lambda: clock[0])
    return clock


def seated(claims: ClaimClock, version: int) -> ScriptedPlayer:
    player = ScriptedPlayer("ws://127.0.0.1:1/ws/tables/1/", {}, claims=claims)
    player.record, player.version = SocketRecord(), version
    return player


def test_a_discard_held_by_a_claim_is_timed_from_the_claims_end(now):
    claims = ClaimClock()
    dealer, west = seated(claims, 5), seated(claims, 5)
    dealer.note_sent("0:discard:9p.1")  # opens a claim only west is asked
    west.read(frame(5))  # west is shown the claim; the dealer hears nothing yet
    now[0] += 3.0  # west thinks for three seconds
    west.note_sent("2:pass")
    now[0] += 0.02
    west.read(frame(5))  # west's own answer, at once
    now[0] += 0.01
    dealer.read(frame(6))  # the discard with the next draw, once the claim settled
    assert dealer.stats.latencies == [pytest.approx(0.03)]  # not 3.03: west's thinking
    assert dealer.stats.claim_held == 1
    assert west.stats.latencies == [pytest.approx(0.02)]
    assert west.stats.claim_held == 0


def test_a_move_nobody_answered_is_timed_from_its_sending(now):
    claims = ClaimClock()
    west = seated(claims, 7)
    west.note_sent("2:pass")  # an answer to an earlier claim, long before
    dealer = seated(claims, 9)
    now[0] += 1.0
    dealer.note_sent("0:discard:1m.0")
    now[0] += 0.05
    dealer.read(frame(10))
    assert dealer.stats.latencies == [pytest.approx(0.05)]
    assert dealer.stats.claim_held == 0


def test_a_scripted_person_answers_a_claim_before_its_window_ends():
    player = ScriptedPlayer("ws://127.0.0.1:1/ws/tables/1/", {}, think=5.0)
    claim = frame(5) + '<span data-countdown data-base="1.0" data-bank="0">1 s</span>'
    assert player.thinking("2:pass", claim) <= 0.5  # within half the window's countdown
    turn = frame(6) + '<span data-countdown data-base="5.0" data-bank="20">5 s</span>'
    assert player.thinking("2:discard:1m.0", turn) >= 2.5  # a turn: about think


def test_a_late_pass_the_server_made_for_the_seat_is_not_counted_as_stored_though_refused():
    """West's pass came after its call window ended: the server passed for west and
    refused west's own pass; the log's one "2:pass" is the server's."""
    from devtools.move_audit import audit_moves
    from devtools.scripted import SentMove

    log = ["0:discard:9p.1", "2:pass"]
    late = SocketRecord(moves=[SentMove(1, "2:pass", 0)], refused=1, answered=True)
    assert audit_moves([late], {1: log}).phantom == 1  # without knowing the server passes
    checked = audit_moves([late], {1: log}, server_passes=True)
    assert checked.ok and checked.server_passed == 1 and checked.from_clients == 0
    # a refused discard that is in the log is still stored though refused
    wrong = SocketRecord(moves=[SentMove(1, "0:discard:9p.1", 0)], refused=1, answered=True)
    assert audit_moves([wrong], {1: log}, server_passes=True).phantom == 1


def test_a_discard_shown_at_once_in_a_call_window_is_timed_from_its_sending(now):
    claims = ClaimClock()
    dealer, west = seated(claims, 5), seated(claims, 5)
    dealer.note_sent("0:discard:9p.1")
    now[0] += 0.2
    west.note_sent("2:pass")  # west answered before the dealer's frame came
    now[0] += 0.1
    dealer.read(frame(5))  # the window's picture of the tile going down, same version
    assert dealer.stats.latencies == [pytest.approx(0.3)]
    assert dealer.stats.claim_held == 0
