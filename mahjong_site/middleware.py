"""Site-wide middleware of our own (see ``MIDDLEWARE`` in settings).

* :class:`RequestSizeLimitMiddleware`: a request whose declared body is larger than
  the largest the site takes (``IMPORT_MAX_BYTES``, a log import) is answered 413
  before anything parses it, in the app and not only at the proxy.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render


class RequestSizeLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cap = settings.IMPORT_MAX_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = cap + 1
        if length > cap:
            context = {"limit_kb": cap // 1024, "back": request.path}
            return render(request, "request_too_large.html", context, status=413)
        return self.get_response(request)
