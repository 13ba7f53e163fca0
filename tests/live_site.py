"""The whole site served by daphne in a child process forked from the test process
(the ``site_url`` fixture in tests/conftest.py).

The child is a fork: it starts with a copy of everything the test process holds,
garbage from earlier tests included (Playwright's closed event loops and transports,
unfinished generators and coroutines, test clients), and then imports modules the test
process never needed (daphne's server, which it imports afresh, Twisted's asyncio
reactor, the pages a first request reaches). On Python 3.11 a module import is not safe
against a second import in the same thread while it waits for its module lock: the
garbage collector can run there, and a finalizer that imports (pytest's hook for
exceptions raised in finalizers imports ``tracemalloc`` on first use) removes the
thread's entry from the import system's bookkeeping, so the outer import fails with a
``KeyError`` inside ``importlib._bootstrap`` and the site never starts (CPython
gh-91351, fixed in 3.12). So the child freezes what it inherited before anything else:
the test process's objects are the test process's to finalize, never the child's, and
the child's own failing finalizers are printed by Python's default hook, which imports
nothing.
"""

import gc
import sys
import traceback

from daphne.testing import DaphneProcess

# How long the child may take to listen; it dies sooner when something is wrong, and
# then the test says why at once.
START_SECONDS = 30.0
POLL_SECONDS = 0.05


class SiteProcess(DaphneProcess):
    """daphne's test server process, started so that nothing it inherits is collected
    in it, and reporting any error that stops it (daphne's own ``run`` reports only
    those of the server's creation, not of the reactor's or the application's)."""

    def run(self) -> None:
        gc.freeze()
        sys.unraisablehook = sys.__unraisablehook__
        try:
            super().run()
        except BaseException as error:  # the parent reports it: nothing else reads it
            self.errors.put((repr(error), traceback.format_exc()))


class SiteDidNotStart(RuntimeError):
    pass


def start(process: SiteProcess) -> str:
    """Start the child and wait until it listens; returns the site's address. Raises
    with the child's own error and traceback as soon as the child has died."""
    process.start()
    waited = 0.0
    while not process.ready.wait(POLL_SECONDS):
        waited += POLL_SECONDS
        if not process.is_alive():
            raise SiteDidNotStart(
                f"daphne stopped before it listened (exit code {process.exitcode})"
                + child_error(process)
            )
        if waited >= START_SECONDS:
            stop(process)
            raise SiteDidNotStart(
                f"daphne did not listen within {START_SECONDS:.0f} s" + child_error(process)
            )
    return f"http://127.0.0.1:{process.port.value}"


def child_error(process: SiteProcess) -> str:
    """The error the child put on its queue, with its traceback, or a note that there
    was none (it then went to the child's standard error, shown with the test's)."""
    try:
        error, text = process.errors.get(timeout=1)
    except Exception:  # queue.Empty, or an error that could not be unpickled
        return "; it reported no error (see the captured stderr)"
    said = error if isinstance(error, str) else repr(error)
    return f": {said}\n--- the child's traceback ---\n{text}"


def stop(process: SiteProcess) -> None:
    process.terminate()
    process.join(10)
