"""Running the endpoint under uvicorn: on loopback unless told otherwise, in worker processes on one socket.

A worker serves its clients from its threads: pyoxigraph evaluates with the GIL released, but kgbench's geo
functions are Python and hold it, so one process runs at most one core's worth of them. The server binds the
socket, then forks ``workers`` processes (one by default); each opens its own read-only handle on the store
(``open_kg`` is called in the child, never shared across a fork) and accepts connections from the one socket,
while the parent only supervises:

- a worker that dies is replaced, unless it died within seconds of starting (then the server stops, saying
  why);
- a time-out stops geo functions and the reading of rows at once, but pure SPARQL work inside pyoxigraph (a
  COUNT over a cross join) runs on, and nothing in the process can stop it. A worker that still has such an
  evaluation running :data:`RUNAWAY_GRACE_S` seconds after its time-out retires: it tells the parent
  (its pid on a pipe), which forks its replacement at once, stops accepting connections, finishes the requests it has
  and exits, which ends the runaway evaluation with it.
"""

from __future__ import annotations

import ipaddress
import os
import select
import signal
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable

from kgbench.kg.graph import KnowledgeGraph
from kgbench.kg.interrupt import abandoned_running
from kgbench.server.app import create_app

__all__ = ["serve", "is_loopback", "listen", "DEFAULT_HOST", "DEFAULT_PORT", "RUNAWAY_GRACE_S"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7878
_QUICK_DEATH_S = 5.0
#: seconds after a time-out by which an abandoned evaluation must have stopped, else its worker retires
RUNAWAY_GRACE_S = 2.0
_SIGNALS = (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM)


def is_loopback(host: str) -> bool:
    """Return whether ``host`` names only this machine (a loopback address or ``localhost``).

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, True, False)
    """
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> tuple[socket.socket, str]:
    """Return a listening socket on ``host:port`` (0: a free port) and the endpoint's URL.

    A port in use or an address not of this machine raises OSError naming them.

    >>> sock, url = listen("127.0.0.1", 0)
    >>> url.startswith("http://127.0.0.1:") and url.endswith("/sparql")
    True
    >>> sock.close()
    """
    bare = host.strip("[]")
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((bare, port))
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(2048)
    shown = f"[{bare}]" if family == socket.AF_INET6 else bare
    return sock, f"http://{shown}:{sock.getsockname()[1]}/sparql"


def _warm(kg: KnowledgeGraph) -> KnowledgeGraph:
    """Return ``kg`` with its spatial index read (or built) now, not by whichever queries first need it at once."""
    index = getattr(kg, "spatial_index", None)
    if callable(index):
        index()
    return kg


def _run_one(kg: KnowledgeGraph, sock: socket.socket, app_kw: dict, access_log: bool, retire_fd: int) -> None:
    """Serve on ``sock`` in this process until told to stop, or until a runaway evaluation makes it retire."""
    import uvicorn

    server = None
    retiring = threading.Event()

    def check_runaway() -> None:
        if abandoned_running() and not retiring.is_set():
            retiring.set()
            print(f"kgbench serve: worker {os.getpid()} retires: a timed-out query is still running inside "
                  "pyoxigraph, which cannot stop it (a replacement takes new connections)", file=sys.stderr)
            os.write(retire_fd, struct.pack("q", os.getpid()))
            server.should_exit = True

    def on_timeout() -> None:
        timer = threading.Timer(RUNAWAY_GRACE_S, check_runaway)
        timer.daemon = True
        timer.start()

    timeout = app_kw.get("timeout")
    config = uvicorn.Config(create_app(kg, on_timeout=on_timeout, **app_kw), log_level="warning",
                            access_log=access_log, timeout_keep_alive=30, lifespan="off",
                            timeout_graceful_shutdown=int((timeout or 30) + 5))
    server = uvicorn.Server(config)
    server.run(sockets=[sock])


def serve(open_kg: Callable[[], KnowledgeGraph], *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          timeout: float | None = 30.0, max_rows: int | None = 100_000, threads: int = 8, workers: int = 1,
          access_log: bool = False, on_ready: Callable[[str], None] | None = None) -> None:
    """Serve the KG ``open_kg()`` returns at ``http://host:port/sparql`` (the query page at ``/``) until stopped.

    ``timeout``, ``max_rows`` and ``threads`` are :func:`~kgbench.server.app.create_app`'s, per worker. The
    KG's spatial index is read (or built) in each worker before it accepts a connection. ``open_kg`` is
    called in each forked worker, so the caller should have made sure the snapshot is built first.
    ``on_ready`` is called with the endpoint's URL once the workers are started. SIGINT or SIGTERM stops the
    server and its workers. A port in use raises OSError naming it.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    sock, url = listen(host, port)
    app_kw = {"timeout": timeout, "max_rows": max_rows, "threads": threads}
    try:
        _supervise(open_kg, sock, app_kw, access_log, workers, url, on_ready)
    finally:
        sock.close()


def _fork_worker(open_kg, sock, app_kw, access_log, retire_fd: int) -> int:
    pid = os.fork()
    if pid == 0:  # the worker: its own store handle, its own event loop, and it never returns
        code = 0
        try:
            signal.set_wakeup_fd(-1)
            for s in _SIGNALS:
                signal.signal(s, signal.SIG_DFL)
            _run_one(_warm(open_kg()), sock, app_kw, access_log, retire_fd)
        except BaseException as exc:  # noqa: BLE001 - reported on stderr, then the worker exits
            print(f"kgbench serve worker {os.getpid()}: {type(exc).__name__}: {exc}", file=sys.stderr)
            code = 1
        finally:
            sys.stderr.flush()
            os._exit(code)
    return pid


def _supervise(open_kg, sock, app_kw, access_log, workers: int, url: str, on_ready) -> None:
    """Fork the workers, then wait: replace dead and retiring workers, stop on SIGINT or SIGTERM.

    Signals only set flags and wake the loop (through a wake-up pipe: the process may have other threads,
    the store's, that a signal can land on); retiring workers write their pid on a pipe of their own.
    """
    started: dict[int, float] = {}
    retired: set[int] = set()
    events: set[int] = set()
    wake_r, wake_w = os.pipe()
    retire_r, retire_w = os.pipe()
    for fd in (wake_r, wake_w, retire_r):
        os.set_blocking(fd, False)

    def fork() -> None:
        started[_fork_worker(open_kg, sock, app_kw, access_log, retire_w)] = time.monotonic()

    previous = {s: signal.signal(s, lambda signum, frame: events.add(signum)) for s in _SIGNALS}
    old_wakeup = signal.set_wakeup_fd(wake_w)
    try:
        for _ in range(workers):
            fork()
        if on_ready is not None:
            on_ready(url)
        while not events & {signal.SIGINT, signal.SIGTERM}:
            select.select([wake_r, retire_r], [], [], 1.0)
            for fd in (wake_r, retire_r):
                try:
                    data = os.read(fd, 4096)
                except BlockingIOError:
                    data = b""
                if fd == retire_r:
                    for (pid,) in struct.iter_unpack("q", data[: len(data) // 8 * 8]):
                        if pid in started and pid not in retired:
                            retired.add(pid)
                            fork()
            events.discard(signal.SIGCHLD)
            _reap(started, retired, fork)
    finally:
        signal.set_wakeup_fd(old_wakeup)
        for s, h in previous.items():
            signal.signal(s, h)
        for pid in list(started):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid in list(started):
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        for fd in (wake_r, wake_w, retire_r, retire_w):
            os.close(fd)


def _reap(started: dict[int, float], retired: set[int], fork: Callable[[], None]) -> None:
    """Reap every worker that ended: a retired one is forgotten, another replaced (or, dead at once, fatal)."""
    while started:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        lived = time.monotonic() - started.pop(pid, time.monotonic())
        if pid in retired:
            retired.discard(pid)
            continue
        code = os.waitstatus_to_exitcode(status)
        if lived < _QUICK_DEATH_S:
            raise RuntimeError(f"a server worker exited {lived:.1f} s after starting (status {code}): "
                               "see the lines above")
        print(f"kgbench serve: worker {pid} exited (status {code}); starting another", file=sys.stderr)
        fork()
