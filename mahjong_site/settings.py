"""The one settings file, read from the environment.

With no environment at all the site runs on the embedded default: an SQLite file
beside the code and the in-memory channel layer, which is one process. Setting
``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (channels-redis) is what lets
several daphne processes share the same tables.
"""

import importlib.util
import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG=0")
    # A fixed key is fine for a local demo only; production refuses to start without one.
    SECRET_KEY = "insecure-local-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver" if DEBUG else "")
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DEBUG=0")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "mahjong_site.apps.SiteConfig",
    "rules",
    "players",
    "tables",
    "history",
    "tournaments",
]
# The development tools (fuzzer, scripted players, load test) need `websockets`, which
# only the dev extra installs: a production install leaves the app out.
if importlib.util.find_spec("websockets") is not None:
    INSTALLED_APPS.append("devtools")

MIDDLEWARE = [
    "mahjong_site.middleware.HeadAsGetMiddleware",
    "mahjong_site.middleware.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages (HTML, htmx fragments) gzipped when the browser asks; below WhiteNoise, so
    # static files (compressed once by collectstatic) never pass through it. Safe
    # against BREACH here: README "Static files, compression and caching".
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # a visitor's language from the browser's Accept-Language; a member's setting wins
    # (players.terms.TermsMiddleware, below)
    "django.middleware.locale.LocaleMiddleware",
    # an over-large body is refused before the CSRF check reads the form
    "mahjong_site.middleware.RequestSizeLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # a member's words at the table: Japanese terms or English names (players.terms)
    "players.terms.TermsMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # a view that fails because PostgreSQL is down answers 503 "try again", not 500
    "tables.socket.outage.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "mahjong_site.urls"
ASGI_APPLICATION = "mahjong_site.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "mahjong_site.context.club",
                "players.notices.bell",
            ],
            "builtins": [
                "tables.templatetags.tiles",
                "rules.templatetags.words",
                # {% translate %} and {% blocktranslate %} in every template
                "django.templatetags.i18n",
            ],
        },
    }
]


def database_from_url(url: str) -> dict:
    import dj_database_url

    config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"].endswith("sqlite3"):
        config["CONN_MAX_AGE"] = 0
    return config


DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # A busy SQLite waits for the lock instead of failing at once; IMMEDIATE
            # transactions take the write lock up front, so two processes (daphne and a
            # test, or the table driver and a request) never deadlock upgrading a read
            # lock; WAL lets readers go on while one writer writes.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # Tests use a file (one per test process) rather than memory, so that a
            # daphne server process started by a browser test sees the same data.
            "TEST": {"NAME": f"/tmp/mahjong-test-{os.getpid()}.sqlite3"},
        }
    }

REDIS_URL = os.environ.get("REDIS_URL", "")
# Seconds a Redis reply may take; it must be well above channels-redis's 5-second
# blocking read (see CHANNEL_LAYERS below and tests/tables/test_idle_sockets.py).
REDIS_READ_TIMEOUT = float(os.environ.get("REDIS_READ_TIMEOUT", "30"))
if REDIS_READ_TIMEOUT <= 10:
    raise ImproperlyConfigured("REDIS_READ_TIMEOUT must be above 10 seconds (idle sockets)")
# Sites (or parallel test processes) sharing one Redis database keep apart by prefix:
# the channel layer's keys and the cache's.
REDIS_PREFIX = os.environ.get("REDIS_PREFIX", "")


def channel_layer_prefix(prefix: str) -> str:
    """channels-redis puts its prefix straight before a channel's name ("club" made
    "clubspecific.3f..."); the colon keeps every key of the site under "club:*", as the
    cache's keys are ("club:1:..."). Group keys get a second colon ("club::group:...")."""
    return f"{prefix or 'asgi'}:"


if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py's pool refuses (rather than waits) past max_connections, 100 by
            # default; hundreds of sockets leaving at once need more room than that.
            # Every socket waits for its next message with a blocking read that Redis
            # answers after 5 seconds (channels-redis's brpop_timeout) when nothing
            # came; redis-py's own read timeout is 5 seconds too, so on a quiet socket
            # the client gave up first, the consumer crashed and the player's socket
            # was dropped. The read timeout must outlast the blocking read by a clear
            # margin; it still catches a Redis that stopped answering. Keepalive finds
            # a connection whose peer vanished without a word.
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "max_connections": 1000,
                        "socket_timeout": REDIS_READ_TIMEOUT,
                        "socket_connect_timeout": 5,
                        "socket_keepalive": True,
                    }
                ],
                "capacity": 1500,
                "expiry": 30,
                "prefix": channel_layer_prefix(REDIS_PREFIX),
            },
        }
    }
else:
    # The stock in-memory layer, cleaning expired messages once a second instead of
    # on every send and receive (see tables.socket.broadcast).
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "tables.socket.broadcast.ThrottledInMemoryChannelLayer"}
    }

# The cache holds throttling counters; with Redis they are shared by every process.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": REDIS_PREFIX,
    }
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

AUTH_USER_MODEL = "players.Player"
LOGIN_URL = "players:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The site's languages (players.terms): "en" is the site as written, with the
# Japanese terms in English text; "en-names" gives their English names
# (locale/en_Names); "ja" is the whole site in Japanese (locale/ja). A member chooses
# on their settings page; a visitor gets the browser's Accept-Language (LocaleMiddleware).
LANGUAGES = [("en", "Japanese terms"), ("en-names", "English names"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# Static files go out under hashed names, compressed, cached for good, with DEBUG on
# too once collectstatic ran (as `make run` does): see mahjong_site/static_files.py.
# WhiteNoise serves them (gzip when the browser asks; immutable for hashed names, an
# unhashed name WHITENOISE_MAX_AGE seconds). The tests serve the source files and link
# their plain names (tests/conftest.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "mahjong_site.static_files.HashedStaticFilesStorage"},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- production hardening (all configurable, all on when DEBUG=0)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Scripts and style sheets from the site only (htmx and our static files); style
# attributes stay allowed (bars and counts sized from the server's numbers), which
# cannot run code. Sockets go to the same host ('self' covers ws: and wss: there).
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'",
)

# One handler, on the root logger. Django's default configuration gives the "django"
# logger a console handler of its own as well, so every one of its messages (a 404's
# "Not Found", say) was printed twice; here it only passes its messages up to the root.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"django": {"handlers": [], "level": "INFO", "propagate": True}},
}

# --- e-mail (password reset links). In development the mail is printed on the
# console; in production name a backend (usually SMTP) and its server.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "club@localhost")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
# Notices by e-mail go through a queue (players/mail_queue.py): each process's worker
# thread sends them after the request and every MAIL_QUEUE_POLL seconds;
# MAIL_QUEUE_WORKER=0 leaves them to `manage.py send_mail_queue` (cron).
MAIL_QUEUE_WORKER = env_bool("MAIL_QUEUE_WORKER", True)
MAIL_QUEUE_POLL = int(os.environ.get("MAIL_QUEUE_POLL", "60"))
# The site's address, for the links in e-mails.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# --- the club
CLUB_NAME = os.environ.get("CLUB_NAME", "Riichi Club")
DEFAULT_RULESET = os.environ.get("DEFAULT_RULESET", "ronin")

# --- the live tables' timing (see tables/conf.py; README "Configuration")
# Seconds a bot "thinks" before each move; before a person's auto toggle plays; a lost
# connection is waited for; extra to read a hand's result; to call Win anyway on a
# discard (tables that settle wins by claim); a driver's lease on a game.
TABLE_BOT_DELAY = float(os.environ.get("TABLE_BOT_DELAY", "1.0"))
TABLE_AUTO_DELAY = float(os.environ.get("TABLE_AUTO_DELAY", "0.3"))
TABLE_AWAY_GRACE = float(os.environ.get("TABLE_AWAY_GRACE", "5.0"))
TABLE_RESULT_PAUSE = float(os.environ.get("TABLE_RESULT_PAUSE", "6.0"))
TABLE_CLAIM_WINDOW = float(os.environ.get("TABLE_CLAIM_WINDOW", "2.0"))
TABLE_LEASE_SECONDS = float(os.environ.get("TABLE_LEASE_SECONDS", "15"))
# The driver's watchdog (see tables/play/watchdog.py): seconds a driven game's version may
# stay still before the driver checks it against the database; 0 turns it off.
TABLE_DRIVER_WATCHDOG = float(os.environ.get("TABLE_DRIVER_WATCHDOG", "3.0"))
# The call window (see tables/play/call_window.py): seconds every discard that a person
# could answer waits, whether or not anybody can, so the wait tells nothing; an
# asked person answers within it. 0 turns it off.
TABLE_CALL_WINDOW = float(os.environ.get("TABLE_CALL_WINDOW", "1.0"))
# Whether this process runs the table driver (bots, timers); a fixed wall seed for new
# games (a demo, a reproducible browser test), else a random one.
TABLE_DRIVER_AUTOSTART = env_bool("TABLE_DRIVER_AUTOSTART", True)
TABLE_SEED = int(os.environ["TABLE_SEED"]) if os.environ.get("TABLE_SEED") else None
# Games whose engine state, shared frame parts and seat markup one process keeps (see
# tables/runtime.py). They are only worth keeping for games being played through this
# process: one process serves about 100 live tables before it is busy (README, Load
# test), so 200 leaves room; older games are forgotten first and read again from the
# database if ever shown (a few ms). Each kept game costs roughly 100 kB here.
TABLE_CACHED_GAMES = int(os.environ.get("TABLE_CACHED_GAMES", "200"))
# Every other memo of a process has a bound too (tables/runtime.py): each named memo of
# the runtime (the actions read from text and written as text, Play now's budgets,
# history's replays) keeps at most TABLE_MEMO_ENTRIES entries, the oldest out first;
# the drawing's markup memos (tables/drawing: tiles, melds, ponds, buttons..., each
# keyed by the words in use too) are sized as shares of TABLE_MARKUP_ENTRIES
# (tables.conf.markup_kept), read once when the drawing modules are imported.
TABLE_MEMO_ENTRIES = int(os.environ.get("TABLE_MEMO_ENTRIES", "4096"))
TABLE_MARKUP_ENTRIES = int(os.environ.get("TABLE_MARKUP_ENTRIES", "8192"))
# The hands whose replay steps a process keeps (history/replayer.py; each a hand's
# states, some 100 kB), least recently used out first.
HISTORY_CACHED_REPLAYS = int(os.environ.get("HISTORY_CACHED_REPLAYS", "64"))

# --- abuse limits of the live tables (see tables/socket/limits.py)
# Per socket and per account (shared by that account's sockets in one process):
# messages per second after a burst; larger socket messages are refused unread.
TABLE_MESSAGE_RATE = float(os.environ.get("TABLE_MESSAGE_RATE", "10"))
TABLE_MESSAGE_BURST = int(os.environ.get("TABLE_MESSAGE_BURST", "20"))
TABLE_ACCOUNT_RATE = float(os.environ.get("TABLE_ACCOUNT_RATE", "25"))
TABLE_ACCOUNT_BURST = int(os.environ.get("TABLE_ACCOUNT_BURST", "50"))
TABLE_MESSAGE_MAX_BYTES = int(os.environ.get("TABLE_MESSAGE_MAX_BYTES", "4096"))
# Unfinished tables one member may have created or sit at, at once.
TABLE_OPEN_LIMIT = int(os.environ.get("TABLE_OPEN_LIMIT", "3"))
# Play now (tables.matchmaking): seconds before bots fill a queue for a member who
# allows them, before a matched table starts without everyone, and that a member who
# left a matched table waits; minutes a page counts as "online"; queue joins and leaves
# per second (after a burst) one member may send.
PLAY_NOW_BOT_WAIT = float(os.environ.get("PLAY_NOW_BOT_WAIT", "30"))
PLAY_NOW_START_WAIT = float(os.environ.get("PLAY_NOW_START_WAIT", "15"))
PLAY_NOW_COOLDOWN = float(os.environ.get("PLAY_NOW_COOLDOWN", "60"))
PLAY_NOW_ONLINE_MINUTES = float(os.environ.get("PLAY_NOW_ONLINE_MINUTES", "5"))
PLAY_NOW_RATE = float(os.environ.get("PLAY_NOW_RATE", "0.5"))
PLAY_NOW_BURST = int(os.environ.get("PLAY_NOW_BURST", "6"))
# Milliseconds a matched member's page shows "your table is ready" before it goes there.
PLAY_NOW_GO_DELAY_MS = int(os.environ.get("PLAY_NOW_GO_DELAY_MS", "1500"))

# --- who the client is (see players/throttle.py)
# Addresses of the reverse proxies in front of daphne (nginx on the same machine:
# 127.0.0.1). Only a request arriving from one of them has its X-Forwarded-For
# believed; with none configured the peer address is the client.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
# How many leading bits of an IPv6 address name one client for the sign-in throttle
# and the budgets (players.throttle.client_key): a home or a server is given a whole
# /64 and may use a new address in it for every request. IPv4 clients are counted
# by their address.
IPV6_CLIENT_PREFIX = int(os.environ.get("IPV6_CLIENT_PREFIX", "64"))
if not 1 <= IPV6_CLIENT_PREFIX <= 128:
    raise ImproperlyConfigured("IPV6_CLIENT_PREFIX must be between 1 and 128 bits.")

# --- the forms' abuse budgets (see players/budgets.py)
# Sign-ups per client address per hour, and log imports per member (and per address)
# per hour; an import request larger than this many bytes is refused unread.
SIGNUP_RATE_PER_HOUR = int(os.environ.get("SIGNUP_RATE_PER_HOUR", "5"))
IMPORT_RATE_PER_HOUR = int(os.environ.get("IMPORT_RATE_PER_HOUR", "30"))
IMPORT_MAX_BYTES = int(os.environ.get("IMPORT_MAX_BYTES", str(2 * 1024 * 1024)))

# --- game reviews (see history/reviews.py and history/review_queue.py)
# Reviews one member may start per hour (anonymous visitors start none), and how many
# may wait in this process's one queue (one thread computes them in turn); a request
# past either is refused with a message.
REVIEW_RATE_PER_HOUR = int(os.environ.get("REVIEW_RATE_PER_HOUR", "30"))
REVIEW_QUEUE_SIZE = int(os.environ.get("REVIEW_QUEUE_SIZE", "20"))
