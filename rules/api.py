"""JSON scoring API: ``POST /api/score`` and ``POST /api/waits`` (see ``rules/API.md``).

Both read a JSON object, hand it to the function the calculator page uses
(:mod:`rules.calculator`), and answer 200 with the result or 400 with
``{"error": {"field": ..., "message": ...}}``. Any other method gets a JSON 405.
"""

import json

from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from rules import calculator, json_input

MAX_BODY = 16 * 1024


def _error(field, message, status=400):
    return JsonResponse({"error": {"field": field, "message": message}}, status=status)


def _read_json(request):
    if len(request.body) > MAX_BODY:
        raise calculator.RequestError(None, "the request body is too large")
    try:
        return json_input.loads(request.body.decode("utf-8") or "null")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise calculator.RequestError(None, f"the body is not valid JSON: {exc}") from None
    except json_input.UnsafeJSON as exc:
        raise calculator.RequestError(None, f"the body is refused: {exc}") from None


def _endpoint(request, run):
    if request.method != "POST":
        response = _error(None, f"use POST with a JSON body, not {request.method}", status=405)
        response["Allow"] = "POST"
        return response
    try:
        data = _read_json(request)
        if data is None:
            raise calculator.RequestError(None, "send a JSON object with at least a hand")
        return JsonResponse(run(data))
    except calculator.RequestError as exc:
        return _error(exc.field, exc.message)


@csrf_exempt
def score(request):
    return _endpoint(request, calculator.score_request)


@csrf_exempt
def waits(request):
    return _endpoint(request, calculator.waits_request)
