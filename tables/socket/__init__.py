"""The table sockets: the consumers, the screen a socket is sent, the broadcast, limits,
outages, sign-in sessions, presence, and the database work a socket does."""
