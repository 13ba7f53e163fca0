"""The site's test server process (tests/live_site.py): it says at once why it did not
start, and it leaves the test process's objects alone."""

import gc
import multiprocessing
import os
import sys
import weakref
from functools import partial

import pytest

from tests import live_site


def serve(setup=None, application=None):
    from channels.testing.live import make_application

    return live_site.SiteProcess(
        "127.0.0.1", application or partial(make_application, static_wrapper=None), setup=setup
    )


def fail(message: str):
    raise ValueError(message)


def test_it_says_at_once_why_the_application_did_not_load():
    process = serve(application=partial(fail, "no application today"))
    with pytest.raises(live_site.SiteDidNotStart) as raised:
        live_site.start(process)
    said = str(raised.value)
    assert "stopped before it listened (exit code 0)" in said  # not the 30 s deadline
    assert "ValueError('no application today')" in said
    assert "the child's traceback" in said and "raise ValueError(message)" in said


def test_it_says_at_once_why_the_server_did_not_start():
    process = serve(setup=partial(fail, "no database today"))
    with pytest.raises(live_site.SiteDidNotStart) as raised:
        live_site.start(process)
    said = str(raised.value)
    assert "stopped before it listened" in said
    assert "no database today" in said and "Traceback" in said


class Leftover:
    """An object the test process no longer needs but has not collected yet, whose
    finalizer notes where it ran."""

    def __init__(self, parent: int, ran_in_child):
        self.parent, self.ran_in_child, self.cycle = parent, ran_in_child, self

    def __del__(self):
        if os.getpid() != self.parent:
            self.ran_in_child.value = 1


def test_it_never_finalizes_the_test_process_objects_in_the_server():
    ran_in_child = multiprocessing.Value("i", 0)
    default_hook = multiprocessing.Value("i", 0)

    def collect_everything():  # in the child, before it serves
        gc.collect()
        default_hook.value = int(sys.unraisablehook is sys.__unraisablehook__)

    gc.disable()  # the leftover stays uncollected here until the fork
    try:
        alive = weakref.ref(Leftover(os.getpid(), ran_in_child))
        assert alive() is not None
        process = serve(setup=collect_everything)
        live_site.start(process)
    finally:
        gc.enable()
    live_site.stop(process)
    gc.collect()  # here, where it belongs
    assert alive() is None
    assert ran_in_child.value == 0
    assert default_hook.value == 1
