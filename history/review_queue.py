"""Where game reviews wait their turn: one bounded queue and one worker thread per
process.

A review replays a whole game through the engine's review (about a second of CPU);
with a thread per review, 80 requests for reviews took a server from 6 threads to
more than 20 and every page from 10 ms to over 200. Here every review of the process
waits in one queue of at most ``REVIEW_QUEUE_SIZE`` jobs, and one thread works them
off in order. :meth:`ReviewQueue.offer` answers at once whether the job was taken: a
full queue refuses it (the page says to try again in a few minutes), and nothing ever
blocks the request that asked.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)

Job = Callable[[], None]


class ReviewQueue:
    """A bounded queue of review jobs and the one thread that runs them."""

    def __init__(self, size: int, name: str = "game-review"):
        self.size = size
        self.name = name
        self.jobs: queue.Queue[Job] = queue.Queue(maxsize=size)
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()

    def offer(self, job: Job) -> bool:
        """Queue ``job``; ``False`` (and nothing queued) when the queue is full."""
        try:
            self.jobs.put_nowait(job)
        except queue.Full:
            return False
        self._ensure_worker()
        return True

    def _ensure_worker(self) -> None:
        with self._lock:
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name=self.name, daemon=True)
                self._worker.start()

    def _work(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                job()
            except Exception:  # one failed review must not stop the ones behind it
                log.exception("a game review failed")
            finally:
                connections.close_all()
                self.jobs.task_done()


_process_queue: ReviewQueue | None = None
_process_lock = threading.Lock()


def process_queue() -> ReviewQueue:
    """This process's queue, made on first use with ``REVIEW_QUEUE_SIZE`` places."""
    global _process_queue
    with _process_lock:
        if _process_queue is None:
            _process_queue = ReviewQueue(settings.REVIEW_QUEUE_SIZE)
        return _process_queue


def queue_runner(job: Job) -> bool:
    """The production runner: the job waits in this process's queue."""
    return process_queue().offer(job)
