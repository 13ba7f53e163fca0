# Type stubs for the parts of Django Channels (4.x) the site uses: Channels ships no
# types of its own. Only what the site imports is declared; the signatures follow
# the package's source (channels/layers.py, consumer.py, generic/websocket.py, db.py,
# routing.py, auth.py, security/websocket.py).
DEFAULT_CHANNEL_LAYER: str
