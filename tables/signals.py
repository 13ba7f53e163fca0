"""Signals the live tables send to the rest of the site.

Other apps listen; this app never imports them. Keep this module to signal
definitions only.

``game_finished`` is sent once when a live game ends, with these keyword
arguments (besides ``sender``):

* ``game``: the tables app's own object for the finished game (listeners should
  not rely on its type);
* ``table_id``: the live table's id, an ``int``;
* ``seats``: four entries, East first as seated at the first hand (so seat 0 is
  the starting dealer): a Player id for a person, ``None`` for a bot;
* ``scores``: the four final table scores in the same order, not counting the
  riichi sticks still on the table;
* ``leftover_sticks``: how many 1,000-point riichi sticks were left on the table
  (first place collects them);
* ``seed``: the wall seed the game was dealt from (an ``int``, or ``None``);
* ``finished_at``: an aware ``datetime`` of the end of the game;
* ``chombo_counts``: four counts in the same order, the chombos the review of a
  claimed win ruled against each seat (all 0 at a table that settles wins
  automatically). The final standings take a ``"penalty"`` ruleset's penalty for
  each; under ``"mangan"`` the payment is already in ``scores``.

``game_starting`` is sent when a live game is created at an ordinary table, with
``table_id``, ``seats`` (as above: East first, ``None`` for a bot) and ``day`` (the
``date`` it starts). A listener answers ``True`` when the game will count for a
competition (a league whose members fill all four seats); the table is then kept as
a competition table, where the learning aids stay off.

``referee_asked`` is sent to learn whether a member may referee a live table: when a
person's NG to the review of a claimed win sends the hand back at an event table
(``Table.is_tournament``), the event's referee takes the second decision
(:mod:`tables.referees`). Keyword arguments: ``table_id`` and ``player`` (the signed-in
member). A listener answers ``True`` when the member referees or organizes an event
the table plays for.

``referee_called`` is sent when a person seated at an event table presses "Call the
referee" (:func:`tables.referee_views.call_referee`), with ``table_id`` and ``player``.
A listener answers with the sentence to show the player (the call made, or why not).
"""

import django.dispatch

game_finished = django.dispatch.Signal()
game_starting = django.dispatch.Signal()
referee_asked = django.dispatch.Signal()
referee_called = django.dispatch.Signal()
