"""ASGI entry point: HTTP goes to Django, WebSockets to Channels.

Django is set up before the routing import, because consumers import models.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
django_asgi_app = get_asgi_application()

from mahjong_site.startup import check_static_files  # noqa: E402

# With DEBUG=0 and no collectstatic, stop here with the reason (not 500 on each page).
check_static_files()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from mahjong_site.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
