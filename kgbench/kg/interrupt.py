"""Running a query so that Ctrl-C stops it: evaluation on a worker thread while the main thread waits for signals.

pyoxigraph 0.5 evaluates a query inside Rust with the GIL released (``QuerySolutions.__next__`` detaches), and
exposes no cancellation to Python. While that runs, Python's SIGINT handler cannot run on the thread doing the
work; when it does run inside a custom function, pyoxigraph turns the KeyboardInterrupt into an unbound value
and carries on. So a query run from the main thread is evaluated on a daemon worker thread while the main
thread waits in an interruptible wait: a SIGINT raises KeyboardInterrupt at once in the caller, the abandoned
evaluation is told to stop (``on_interrupt``: geo functions then return at once) and its result is dropped.
Pure SPARQL work of an abandoned query runs on in the background until pyoxigraph returns (nothing can stop
it); a command-line process exits without waiting for it.
"""

from __future__ import annotations

import contextvars
import os
import queue
import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["run_interruptible"]

T = TypeVar("T")

#: how often (seconds) the waiting thread wakes up; signals interrupt the wait anyway
_POLL_S = 0.2


class _Job:
    __slots__ = ("fn", "done", "value", "error", "abandoned")

    def __init__(self, fn: Callable[[], object]):
        self.fn = fn
        self.done = threading.Event()
        self.value = None
        self.error: BaseException | None = None
        self.abandoned = False


class _Worker:
    """One daemon thread that runs jobs from its own queue and returns itself to the idle list after each."""

    idle: list["_Worker"] = []
    lock = threading.Lock()

    def __init__(self):
        self.jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name="kgbench-query", daemon=True)
        self.thread.start()

    @classmethod
    def take(cls) -> "_Worker":
        with cls.lock:
            if cls.idle:
                return cls.idle.pop()
        return cls()

    def _loop(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                job.value = job.fn()
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread, which raises it
                job.error = exc
            job.fn = None
            if job.abandoned:
                job.value = job.error = None
            with _Worker.lock:
                _Worker.idle.append(self)
            job.done.set()


def _after_fork_in_child() -> None:
    # a forked child has only the forking thread: the parent's workers do not exist there
    _Worker.idle = []
    _Worker.lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def run_interruptible(fn: Callable[[], T], on_interrupt: Callable[[], None] | None = None) -> T:
    """Return ``fn()``, evaluated so that a SIGINT stops the wait at once with KeyboardInterrupt.

    From the main thread ``fn`` runs on a worker thread (in a copy of the caller's context variables) while
    the caller waits; if the wait is interrupted, ``on_interrupt`` is called, the result is dropped and the
    KeyboardInterrupt (or whatever the signal handler raised) propagates. From any other thread (where Python
    delivers no signals) ``fn`` simply runs inline. An exception raised by ``fn`` is raised in the caller.

    >>> run_interruptible(lambda: 6 * 7)
    42
    """
    if threading.current_thread() is not threading.main_thread():
        return fn()
    ctx = contextvars.copy_context()
    job = _Job(lambda: ctx.run(fn))
    worker = _Worker.take()
    worker.jobs.put(job)
    try:
        while not job.done.wait(_POLL_S):
            pass
    except BaseException:
        job.abandoned = True
        if on_interrupt is not None:
            on_interrupt()
        raise
    if job.error is not None:
        err, job.error = job.error, None
        raise err
    return job.value
