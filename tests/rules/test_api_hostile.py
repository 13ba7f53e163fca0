"""The scoring API answers hostile bodies with a 400 and a message, never a 500."""

import pytest

SHAPES = {
    "a deeply nested hand": '{"hand": ' + "[" * 1500 + "]" * 1500 + "}",
    "a deeply nested ruleset": '{"hand": "123m456p789s2345s", "ruleset": '
    + '{"a": ' * 1500
    + "1"
    + "}" * 1500
    + "}",
    "a deep body": "[" * 5000 + "]" * 5000,
    "an infinite number": '{"hand": "123m456p789s2345s", "dora": Infinity}',
    "a lone surrogate": '{"hand": "123m456p789s2345s\\ud800"}',
    "a NUL": '{"hand": "123m456p789s2345s\\u0000"}',
}


@pytest.mark.parametrize("url", ["/api/score", "/api/waits"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_deep_nesting_and_odd_text_in_an_api_body_get_a_400(client, url, shape):
    response = client.post(url, data=SHAPES[shape], content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["message"]
