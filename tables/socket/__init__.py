"""The table sockets: the consumers, the screen a socket is sent, the channel layer's
typed messages and the broadcast, limits, outages, sign-in sessions, presence, and the
database work a socket does (``storage``, run off the event loop by ``dbwork``)."""
