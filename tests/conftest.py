"""Shared fixtures: personas, the browser, and service detection."""

import os
import shutil
import subprocess
import sys

# pytest's hook for exceptions raised in finalizers imports tracemalloc on first use;
# imported here, that import never runs inside another one (see tests/live_site.py).
import tracemalloc  # noqa: F401
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def using_services() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith("postgres") and bool(
        os.environ.get("REDIS_URL")
    )


def use_database(name: str) -> None:
    """Runs in the daphne child (forked from this test process): use the parent's
    test database, and start afresh what does not survive a fork.

    A thread pool created here before the fork comes to the child without its
    threads but still counting them as idle, so work handed to it would wait forever
    (asgiref's single database thread, the tables' pool); per-process state that
    earlier tests left behind (rate buckets, presence counts, cached states, the
    driver) belongs to this process, not the child's.
    """
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import SyncToAsync
    from django.conf import settings

    from tables import runtime

    settings.DATABASES["default"]["NAME"] = name
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    runtime.reset(forked=True)


def plain_static_names() -> None:
    """The tests link the static files by their plain names (``/static/css/site.css``)
    and serve them from the source folders (the static file finders: Django's handler in
    the test servers, WhiteNoise's finders): a test must not need a ``collectstatic``
    run, nor follow a stale one a ``make run`` in the same checkout left behind. The
    site's own storage links the hashed names whenever a manifest is there
    (mahjong_site/static_files.py), so the tests use Django's plain storage; the hashed,
    compressed serving is proven on collected files (tests/test_static_caching.py)."""
    from django.conf import settings
    from django.test.signals import setting_changed

    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    settings.STORAGES = {**settings.STORAGES, "staticfiles": plain}
    setting_changed.send(sender=None, setting="STORAGES", value=settings.STORAGES, enter=True)


# Django's default hasher spends about a quarter of a CPU second on every password it
# hashes or checks, on purpose; the suite creates and signs in members by the hundred
# (an event's rounds want 8 or 16), which made that the largest single cost of the
# tournament tests. What the tests prove about passwords (a reset, a sign-in, a wrong
# password refused) holds with any hasher; production keeps Django's default.
TEST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_configure(config):
    plain_static_names()
    messages_compiled()
    backends_marked(config)
    multiple_workers_apart()


def messages_compiled() -> None:
    """The translations' ``.mo`` files are built, not committed: a run of pytest
    without ``make`` (one test file) compiles those missing or older than their ``.po``."""
    from mahjong_site.compile_messages import compile_all

    compile_all()


def backends_marked(config) -> None:
    """Every test process hashes passwords quickly (``TEST_HASHERS``), and the files whose
    outcome can differ on PostgreSQL and Redis are marked for `make test-services`."""
    from django.conf import settings

    from tests import backend_sensitive

    gone = backend_sensitive.missing(config.rootpath)
    if gone:
        raise pytest.UsageError(
            "tests/backend_sensitive.py lists files that do not exist (moved? renamed?): "
            + ", ".join(gone)
        )
    config.addinivalue_line(
        "markers",
        "backends: its outcome can differ on PostgreSQL and Redis, so `make test-services` "
        "runs it again (tests/backend_sensitive.py says which and why)",
    )
    settings.PASSWORD_HASHERS = TEST_HASHERS


def multiple_workers_apart() -> None:
    """Under pytest-xdist every worker has its own test database (pytest-django names
    it after the worker); on Redis it gets its own key prefix too, so two workers'
    tables with the same number never hear each other's groups or share a rate
    counter. Settings are read already: change them in place, and in the environment
    for the daphne servers the tests start."""
    from django.conf import settings

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker or not os.environ.get("REDIS_URL"):
        return
    from mahjong_site.settings import channel_layer_prefix

    prefix = f"{os.environ.get('REDIS_PREFIX') or 'asgi'}-{worker}"
    os.environ["REDIS_PREFIX"] = prefix
    settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = channel_layer_prefix(prefix)
    settings.CACHES["default"]["KEY_PREFIX"] = prefix


def pytest_itemcollected(item):
    """Marks ``backends`` the tests of the files tests/backend_sensitive.py lists and
    every test marked ``services``, as they are collected, so that ``-m backends``
    (`make test-services`) selects them."""
    from tests import backend_sensitive

    if item.get_closest_marker("services") or item.path in backend_sensitive.paths(
        item.config.rootpath
    ):
        item.add_marker(pytest.mark.backends)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Tests marked ``slow(seconds)`` start first, the longest first, each in the share
    of the worker with the least slow work so far, so that two test processes never end
    with one long browser game running alone. pytest-xdist's ``worksteal`` hands worker
    k the k-th contiguous share of this order (and moves work from a busy worker to an
    idle one from the end of its share); everything else keeps its random order."""

    def seconds(item) -> float:  # a test skipped here (a services test on SQLite) is quick
        skipped = any(m.args and m.args[0] is True for m in item.iter_markers("skipif"))
        return 0.0 if skipped else item.get_closest_marker("slow").args[0]

    slow = sorted((item for item in items if item.get_closest_marker("slow")), key=seconds)[::-1]
    if not slow:
        return
    rest = [item for item in items if not item.get_closest_marker("slow")]
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    heads: list[list] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for item in slow:
        k = loads.index(min(loads))
        heads[k].append(item)
        loads[k] += seconds(item)
    ordered = []
    for k in range(workers):
        share = (len(items) - len(ordered)) // (workers - k)  # worksteal's first split
        ordered += heads[k]
        take = max(0, share - len(heads[k]))
        ordered += rest[:take]
        rest = rest[take:]
    items[:] = ordered + rest


def pytest_terminal_summary(terminalreporter, config):
    """The order seed, printed last (``-q`` hides the header that names it): a failure
    that comes and goes with the order replays with the same seed."""
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int) and config.pluginmanager.has_plugin("randomly"):
        terminalreporter.write_line(
            f"Tests ran in a random order; replay it with: pytest --randomly-seed={seed}"
        )


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Every test starts with a channel layer of its own. Each async test runs in its
    own event loop, and channels-redis binds its receive lock and connections to the
    loop that used them: a socket a test left waiting made the next test in the same
    process fail with 'bound to a different event loop' (seen once tests ran in a random
    order). Messages a test left in the in-memory layer go with it too."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def generous_budgets(settings):
    """The hourly budgets of sign-ups and imports count per address, and every test
    client comes from 127.0.0.1; reviews count per member, whose numbers the rolled-back
    tests hand out again: lift them, except where a test sets its own
    (tests/players/test_budgets.py, tests/history/test_review_queue.py)."""
    settings.SIGNUP_RATE_PER_HOUR = settings.IMPORT_RATE_PER_HOUR = 1_000_000
    settings.REVIEW_RATE_PER_HOUR = 1_000_000


@pytest.fixture(autouse=True)
def no_mail_worker(settings):
    """Queued e-mails wait for the test to send them (players.mail_queue.send_due, with
    its time given): no background thread sends them behind a test's back."""
    settings.MAIL_QUEUE_WORKER = False


@pytest.fixture(autouse=True)
def no_call_window(settings):
    """Discards go on at once (tables.play.call_window off): the tests that are about the
    window set their own (tests/tables/test_call_window.py)."""
    settings.TABLE_CALL_WINDOW = 0


@pytest.fixture(autouse=True)
def reviews_inline():
    """A review page that starts a review computes it at once, in the request, instead
    of in a background thread that could outlive the test and its database: the tests
    about the runner install their own (tests/history/test_review_pages.py)."""
    from history import reviews

    reviews.use_runner(lambda job: job())
    yield
    reviews.use_runner(None)


@pytest.fixture
def site_url(transactional_db):
    """The whole ASGI site (HTTP and WebSockets) served by daphne in a child process.

    pytest-django's ``live_server`` speaks only WSGI, so pages that open a socket need
    this. The child shares the file-based test database; data must be committed
    (transactional tests) to be seen across the process boundary.
    """
    from functools import partial

    from channels.routing import get_default_application
    from channels.testing.live import make_application
    from django.conf import settings
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from tests import live_site

    # The application is imported here, once per test process, as the socket tests'
    # modules do anyway: the child then starts without importing the site's routing,
    # consumers and middleware (see tests/live_site.py for why its imports matter).
    get_default_application()
    # Channels' own setup prefixes "test_" to the configured name, which is right only
    # when the name was not already switched; pytest-django has switched it (to
    # "test_test" on PostgreSQL), so hand the child the name in use here.
    process = live_site.SiteProcess(
        "127.0.0.1",
        partial(make_application, static_wrapper=ASGIStaticFilesHandler),
        setup=partial(use_database, settings.DATABASES["default"]["NAME"]),
    )
    yield live_site.start(process)
    live_site.stop(process)


@pytest.fixture
def browser_page(site_url, tmp_path, monkeypatch):
    """A Playwright page on Debian's chromium; skips with one line when it is missing."""
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    # Playwright's sync API runs an event loop in this thread; Django must allow ORM use.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Playwright's string predicates (wait_for_function) are evaluated in the page,
        # which the Content-Security-Policy forbids; the policy itself is proven on a
        # page of its own (tests/test_csp_browser.py).
        page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        errors: list[str] = []
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.console_errors = errors
        yield page
        browser.close()


@pytest.fixture
def clock():
    """A manual clock, used by everything in the process that asks tables for the time."""
    from tables import clock as clocks

    manual = clocks.ManualClock()
    clocks.use(manual)
    yield manual
    clocks.use(None)


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user(username="east", password="pw-east-123")


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    """STATIC_ROOT after `manage.py collectstatic`, run as `make run` runs it (the static
    files' tests, with hashed names and their compressed copies)."""
    root = tmp_path_factory.mktemp("collected")
    dropped = ("DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE", "STATIC_ROOT")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    done = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=Path(__file__).resolve().parent.parent,
        env={**env, "STATIC_ROOT": str(root)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return root
