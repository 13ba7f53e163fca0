"""Game logs in and out: Tenhou's two formats, mjai, and our own JSON.

Every format is read into one neutral form (:mod:`.model`): per hand, its header,
the tiles dealt, the events in the order they happened and the outcome the log
records. From there the same code rebuilds each hand's wall (:mod:`.walls`),
plays the hand through our engine (:mod:`.driver`), compares the outcomes
(:mod:`.check`) and stores the game (:mod:`.store`). :mod:`.importer` ties the
steps together for the management command and the upload form: :mod:`.files`
recognises a file and cuts it into games, :mod:`.log_rules` settles the rules a game
is replayed under (what the log states, a preset for the rest), :mod:`.fingerprints`
recognises a game imported again.

Modules per format:

* :mod:`.tenhou6` - the JSON that Tenhou's log editor (tenhou.net/6) reads, both ways;
* :mod:`.mjlog` - Tenhou's XML game records, with its wall shuffle (:mod:`.shuffle`);
* :mod:`.mjai` - the JSON-lines event stream bots use;
* :mod:`.ownjson` - our own record: ruleset, seed, walls and action log.

:mod:`.yaku` maps every format's yaku names to the engine's keys.

A hand passes only when our engine reaches the log's outcome; one it plays
differently is a *mismatch*, and one it cannot follow (a refused action, a missing
dead-wall tile) is *unreproducible*. Neither is ever counted as passed.
"""

from .model import LogFormatError

__all__ = ["LogFormatError"]
