"""This process's one table driver (:class:`tables.play.runner.Driver`): started with
the server under daphne, or by the first table socket, and kept in the process's
runtime (``RUNTIME.driver``, ``RUNTIME.driver_task``; see :mod:`tables.runtime`)."""

from __future__ import annotations

import asyncio
import sys

from tables import conf
from tables.play.runner import Driver
from tables.runtime import RUNTIME


def autostart_enabled() -> bool:
    return bool(conf.value("TABLE_DRIVER_AUTOSTART"))


def ensure_running() -> Driver | None:
    """Start this process's driver if it is not running (call from the event loop)."""
    if not autostart_enabled():
        return None
    loop = asyncio.get_running_loop()
    task = RUNTIME.driver_task
    if task is None or task.done() or task.get_loop() is not loop:
        RUNTIME.driver = Driver()
        RUNTIME.driver_task = loop.create_task(RUNTIME.driver.run())
    return RUNTIME.driver


def start_with_server() -> None:
    """Under daphne, start the driver when the server starts, before any request.

    Daphne runs Twisted's asyncio reactor; a callback registered for its start runs
    on the server's event loop, so tables in play resume with no browser connected.
    Elsewhere (tests, management commands) the reactor never runs and nothing happens.
    """
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None or not hasattr(reactor, "_asyncioEventloop") or not autostart_enabled():
        return

    def begin() -> None:
        loop = reactor._asyncioEventloop
        if RUNTIME.driver_task is None or RUNTIME.driver_task.done():
            RUNTIME.driver = Driver()
            RUNTIME.driver_task = loop.create_task(RUNTIME.driver.run())

    reactor.callWhenRunning(begin)
