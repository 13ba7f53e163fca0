"""Playing a live table: the one ``submit``, the driver (``runner``) and its bots and
timers, the engine states in memory, hidden claims, the call window and twin games."""
