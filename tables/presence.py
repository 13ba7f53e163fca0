"""Which seats have a socket open in this process.

The Seat row's ``connected`` flag is shared by every process, but a process that
dies cannot clear it. So each process keeps its own count here and its driver
renews ``last_seen`` for these seats; a flag whose ``last_seen`` has gone stale is
not believed (see ``autoplay.SeatPolicy.present``).
"""

from collections import Counter

LIVE_SEATS: Counter = Counter()
