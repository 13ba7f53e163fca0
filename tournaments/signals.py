"""What the results code announces; the live standings listen (see ``broadcast``).

Results, corrections and scored hands are written first; then the writer sends
:data:`standings_changed`, and :mod:`.broadcast` re-renders and sends the standings
once the transaction commits. The writers do not import the broadcast (which reads
the presenters, which read the records), so the import arrows stay one way.
"""

import django.dispatch

# Sent with ``tournament_id`` when an event's results or corrections changed.
standings_changed = django.dispatch.Signal()


def results_changed(tournament_id: int | None) -> None:
    """Tell the live standings that ``tournament_id``'s results changed (a casual
    table without an event has no standings to tell)."""
    if tournament_id is None:
        return
    standings_changed.send(sender=None, tournament_id=tournament_id)
