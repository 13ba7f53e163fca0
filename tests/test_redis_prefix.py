"""Every Redis key a site writes starts with its prefix and a colon (REDIS_PREFIX=club:
"club:..."), so that an administrator finds (or deletes) one site's keys with a scan for
"club:*". channels-redis puts its prefix straight before a channel's name, so the
settings give it the colon (mahjong_site.settings.channel_layer_prefix)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REDIS = "redis://127.0.0.1:6379/5"
PREFIX = "prefixcheck"

# A channel's message and a group, through the layer the settings configure; then
# every key in the database, the site's ones under the prefix.
WRITE_AND_LIST = f"""
import asyncio, django, redis
django.setup()
from channels.layers import get_channel_layer
from django.core.cache import cache

async def main():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("table-1", channel)
    await layer.send(channel, {{"type": "hello"}})

asyncio.run(main())
cache.set("throttle", 1)
keys = sorted(k.decode() for k in redis.Redis.from_url({REDIS!r}).scan_iter("{PREFIX}*"))
print("\\n".join(keys))
"""


def redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=1).ping())
    except Exception:
        return False


@pytest.mark.skipif(not redis_answers(), reason="no Redis at 127.0.0.1:6379")
def test_the_sites_redis_keys_all_start_with_the_prefix_and_a_colon():
    import redis

    client = redis.Redis.from_url(REDIS)
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(REDIS_URL=REDIS, REDIS_PREFIX=PREFIX, DJANGO_SETTINGS_MODULE="mahjong_site.settings")
    try:
        done = subprocess.run(
            [sys.executable, "-c", WRITE_AND_LIST],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        keys = done.stdout.split()
        assert len(keys) >= 3  # the channel's message, the group, the cache entry
        assert all(key.startswith(f"{PREFIX}:") for key in keys), keys
    finally:
        for key in client.scan_iter(f"{PREFIX}*"):
            client.delete(key)
