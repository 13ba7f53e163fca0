"""The test files whose outcome can differ on PostgreSQL and Redis: `make test-services`
runs them (their tests without a browser) a second time, on the real services.

Every test runs in `make test`, on SQLite and the in-memory channel layer. Only these
files run again, marked ``backends`` at collection (tests/conftest.py); a test may also
carry ``@pytest.mark.backends`` itself, and a test marked ``services`` (it skips without
the real services) is always one. A new file runs once until it is added here with its
reason. What makes a file belong here is what the code it drives does, not what the
test looks like:

- its own connections: threads, several daphne processes on one database, racing
  writers (transactional tests), which SQLite serialises and PostgreSQL runs at once;
- the channel layer: Redis serialises every frame and group message (a value that does
  not survive msgpack fails there only), blocks on reads, restarts, drops idle sockets;
- row locks and transactions in one connection: ``select_for_update`` (PostgreSQL
  refuses it with ``of=`` on the nullable side of a join, or with DISTINCT or an
  aggregate; SQLite ignores it), and an IntegrityError inside ``atomic`` (PostgreSQL
  aborts the whole transaction unless a savepoint caught it); the lobby, submit,
  matchmaking, invitations, the importer's "imported twice", and nearly every write of
  the events (rounds, scored tables, agreement, people, registrations, penalties,
  stages, club rulesets, referee calls) do both;
- what PostgreSQL refuses and SQLite stores: a NUL or a lone surrogate, text longer
  than its column;
- the services themselves: their checks and the PostgreSQL backups.

Files that only render pages, check permissions, parse logs, build markup or do
arithmetic run the same Python over the same queries on either backend and stay out:
the permission matrix, the history pages and replay viewer, the Tenhou log readers,
the table markup, the standings and rating arithmetic, the stage standings, the
practice positions, and the engine, rules and browser tests.
"""

from functools import cache
from pathlib import Path

FILES = (
    # the services themselves
    "tests/test_services.py",
    "tests/test_backups_postgres.py",
    # sockets and the channel layer; several processes; threads; races
    "tests/hardening/test_fuzz.py",
    "tests/hardening/test_limits.py",
    "tests/hardening/test_socket_matrix.py",
    "tests/history/test_review_pages.py",
    "tests/history/test_review_queue.py",
    "tests/tables/test_call_window.py",
    "tests/tables/test_consumers.py",
    "tests/tables/test_garbled_news.py",
    "tests/tables/test_hidden_claims.py",
    "tests/tables/test_idle_sockets.py",
    "tests/tables/test_invitations_and_online.py",
    "tests/tables/test_layer_outage.py",
    "tests/tables/test_memory_bounds.py",
    "tests/tables/test_open_limit_races.py",
    "tests/tables/test_opening.py",
    "tests/tables/test_play_now.py",
    "tests/tables/test_play_now_processes.py",
    "tests/tables/test_play_socket.py",
    "tests/tables/test_processes.py",
    "tests/tables/test_runner.py",
    "tests/tables/test_sign_out.py",
    "tests/tables/test_socket_resilience.py",
    "tests/tables/test_storage.py",
    "tests/tables/test_twins.py",
    "tests/tables/test_win_claims_review_table.py",
    "tests/tables/test_win_claims_table.py",
    "tests/tournaments/test_agreement_migration.py",
    "tests/tournaments/test_all_results_live.py",
    "tests/tournaments/test_claim_referee.py",
    "tests/tournaments/test_hand_by_hand_live.py",
    "tests/tournaments/test_live_results.py",
    "tests/tournaments/test_referee_calls.py",
    # row locks, transactions and IntegrityError in one connection
    "tests/history/test_importing.py",
    "tests/history/test_log_kinds.py",
    "tests/history/test_roundtrip.py",
    "tests/tables/test_lobby.py",
    "tests/tables/test_submit.py",
    "tests/tables/test_table_end.py",
    "tests/tables/test_table_options.py",
    "tests/tournaments/test_club_rulesets.py",
    "tests/tournaments/test_event_notices.py",
    "tests/tournaments/test_hand_by_hand.py",
    "tests/tournaments/test_hand_by_hand_casual_timer.py",
    "tests/tournaments/test_hand_by_hand_opening.py",
    "tests/tournaments/test_hand_by_hand_penalties.py",
    "tests/tournaments/test_hand_by_hand_ratings.py",
    "tests/tournaments/test_hand_by_hand_time.py",
    "tests/tournaments/test_hidden_finish.py",
    "tests/tournaments/test_live_tables.py",
    "tests/tournaments/test_log_rounds.py",
    "tests/tournaments/test_one_entry_per_hand.py",
    "tests/tournaments/test_organizer_frictions.py",
    "tests/tournaments/test_pages.py",
    "tests/tournaments/test_penalty_presets.py",
    "tests/tournaments/test_people_by_name.py",
    "tests/tournaments/test_result_agreement.py",
    "tests/tournaments/test_results.py",
    "tests/tournaments/test_self_registration.py",
    "tests/tournaments/test_stages.py",
    "tests/tournaments/test_win_claims_standings.py",
    # refused by PostgreSQL, stored by SQLite
    "tests/history/test_hostile_logs.py",
    "tests/tournaments/test_hostile_names.py",
)


def missing(root: Path) -> list[str]:
    """Listed files that do not exist (moved or renamed): the run stops on them rather
    than leave a file out of `make test-services` without a word."""
    return [name for name in FILES if not (root / name).is_file()]


@cache
def paths(root: Path) -> frozenset[Path]:
    return frozenset(root / name for name in FILES)
