"""Running a query so that Ctrl-C or a time-out stops it: evaluation on a worker thread while the caller waits.

pyoxigraph 0.5 evaluates a query inside Rust with the GIL released (``QuerySolutions.__next__`` detaches), and
exposes no cancellation to Python. While that runs, Python's SIGINT handler cannot run on the thread doing the
work; when it does run inside a custom function, pyoxigraph turns the KeyboardInterrupt into an unbound value
and carries on. So a query run from the main thread is evaluated on a daemon worker thread while the main
thread waits in an interruptible wait: a SIGINT raises KeyboardInterrupt at once in the caller, the abandoned
evaluation is told to stop (``on_interrupt``: geo functions then return at once) and its result is dropped.
Pure SPARQL work of an abandoned query runs on in the background until pyoxigraph returns (nothing can stop
it); a command-line process exits without waiting for it.

A time-out abandons the evaluation the same way when the wait outlasts it, from any thread, and raises
:class:`QueryTimeout`.
"""

from __future__ import annotations

import contextvars
import os
import queue
import math
import threading
import time
from collections.abc import Callable
from typing import TypeVar

__all__ = ["run_interruptible", "QueryTimeout", "check_timeout", "time_left", "abandoned_running"]

T = TypeVar("T")

#: how often (seconds) the waiting thread wakes up; signals interrupt the wait anyway
_POLL_S = 0.2


class QueryTimeout(TimeoutError):
    """A query ran longer than its time-out and was stopped: no result, never a partial one.

    ``timeout`` is the time-out in seconds, ``url`` the endpoint for a remote query (None for the local store).

    >>> str(QueryTimeout(2.0))
    'the query ran longer than 2 s and was stopped; no result'
    >>> str(QueryTimeout(0.5, "http://h/q"))
    'the query ran longer than 0.5 s at http://h/q: stopped waiting (the server may still run it); no result'
    >>> isinstance(QueryTimeout(1), TimeoutError)
    True
    """

    def __init__(self, timeout: float, url: str | None = None):
        self.timeout, self.url = timeout, url
        if url is None:
            super().__init__(f"the query ran longer than {timeout:g} s and was stopped; no result")
        else:
            super().__init__(f"the query ran longer than {timeout:g} s at {url}: stopped waiting "
                             "(the server may still run it); no result")

    def __reduce__(self):  # the default would call QueryTimeout(message)
        return type(self), (self.timeout, self.url)


def time_left(deadline: float, budget: float) -> float:
    """Return the seconds left until ``deadline`` (a ``time.monotonic()`` reading); none left raises
    :class:`QueryTimeout` naming ``budget``, the time-out asked for.

    >>> time_left(time.monotonic() + 60, 60) > 59
    True
    """
    left = deadline - time.monotonic()
    if left <= 0:
        raise QueryTimeout(budget)
    return left


def check_timeout(timeout) -> float | None:
    """Return a time-out as float seconds, or None for none; anything but a positive finite number is a ValueError.

    >>> check_timeout(2), check_timeout(None)
    (2.0, None)
    >>> check_timeout(0)
    Traceback (most recent call last):
    ...
    ValueError: timeout must be a positive number of seconds or None, not 0
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (0 < timeout < math.inf):
        raise ValueError(f"timeout must be a positive number of seconds or None, not {timeout!r}")
    return float(timeout)


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
    #: the jobs handed to a worker and not finished yet (abandoned ones included)
    running: set[_Job] = set()
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
                _Worker.running.discard(job)
                _Worker.idle.append(self)
            job.done.set()


def _after_fork_in_child() -> None:
    # a forked child has only the forking thread: the parent's workers do not exist there
    _Worker.idle = []
    _Worker.running = set()
    _Worker.lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def run_interruptible(fn: Callable[[], T], on_interrupt: Callable[[], None] | None = None,
                      timeout: float | None = None) -> T:
    """Return ``fn()``, evaluated so that a SIGINT, or the end of ``timeout`` seconds, stops the wait at once.

    From the main thread, or from any thread when a ``timeout`` is given, ``fn`` runs on a worker thread (in a
    copy of the caller's context variables) while the caller waits. If the wait is interrupted, or outlasts
    ``timeout``, the job is abandoned: ``on_interrupt`` is called, the result is dropped (never returned, even
    when it arrives an instant later) and the KeyboardInterrupt (or whatever the signal handler raised), or
    :class:`QueryTimeout` naming the time-out, propagates. Without a time-out, from a thread other than the main
    one (where Python delivers no signals) ``fn`` simply runs inline. An exception raised by ``fn`` is raised
    in the caller. ``timeout`` must be None or a positive number of seconds (else ValueError).

    >>> run_interruptible(lambda: 6 * 7)
    42
    >>> run_interruptible(lambda: time.sleep(1), timeout=0.05)
    Traceback (most recent call last):
    ...
    kgbench.kg.interrupt.QueryTimeout: the query ran longer than 0.05 s and was stopped; no result
    """
    timeout = check_timeout(timeout)
    if timeout is None and threading.current_thread() is not threading.main_thread():
        return fn()
    deadline = None if timeout is None else time.monotonic() + timeout
    ctx = contextvars.copy_context()
    job = _Job(lambda: ctx.run(fn))
    worker = _Worker.take()
    with _Worker.lock:
        _Worker.running.add(job)
    worker.jobs.put(job)
    try:
        while not job.done.wait(_POLL_S if deadline is None else max(0.0, min(_POLL_S, deadline - time.monotonic()))):
            if deadline is not None and time.monotonic() >= deadline:
                raise QueryTimeout(timeout)
    except BaseException:
        job.abandoned = True
        if on_interrupt is not None:
            on_interrupt()
        raise
    if job.error is not None:
        err, job.error = job.error, None
        raise err
    return job.value


def abandoned_running() -> int:
    """Return how many abandoned evaluations (interrupted or timed out) are still running in this process.

    One that lasts more than a moment after its time-out is pure SPARQL work inside pyoxigraph, which nothing
    can stop (a COUNT over a cross join): a long-lived process (``kgbench serve``) may then replace itself.

    >>> abandoned_running()
    0
    """
    with _Worker.lock:
        return sum(1 for job in _Worker.running if job.abandoned)
