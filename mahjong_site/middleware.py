"""Site-wide middleware of our own (see ``MIDDLEWARE`` in settings).

* :class:`RequestSizeLimitMiddleware`: a request whose declared body is larger than
  the largest the site takes (``IMPORT_MAX_BYTES``, a log import) is answered 413
  before anything parses it, in the app and not only at the proxy.
* :class:`ContentSecurityPolicyMiddleware`: every response carries
  ``CONTENT_SECURITY_POLICY``: scripts, style sheets, images and sockets from the
  site itself only, so no injected script could run. The pages keep to it: no inline
  script or event handler (small behaviours live in ``static/js/site.js``), htmx
  configured not to inject its indicator style nor to evaluate expressions.
* :class:`HeadAsGetMiddleware`: ``HEAD`` on any page answers as ``GET`` would (same
  status and headers, no body), also for views that accept only ``GET``.
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


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response


class HeadAsGetMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "HEAD":
            return self.get_response(request)
        # The view sees a GET (``require_GET`` and friends refuse HEAD otherwise);
        # the body is dropped here, its length kept, as HTTP asks of HEAD.
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if not response.streaming:
            if not response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response
