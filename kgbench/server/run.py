"""Running the endpoint under uvicorn: on loopback unless told otherwise, in one process or several.

One process serves every client from its threads: pyoxigraph evaluates with the GIL released, but kgbench's
geo functions are Python and hold it, so one process runs at most one core's worth of them. ``workers=N``
forks N processes after the socket is bound; each opens its own read-only handle on the store (``open``
is called in the child, never shared across a fork) and accepts connections from the one socket. A worker
that dies is replaced, unless it died within seconds of starting (then the server stops, saying why).
"""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
import sys
import time
from collections.abc import Callable

from kgbench.kg.graph import KnowledgeGraph
from kgbench.server.app import create_app

__all__ = ["serve", "is_loopback", "listen", "DEFAULT_HOST", "DEFAULT_PORT"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7878
_QUICK_DEATH_S = 5.0


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


def _run_one(kg: KnowledgeGraph, sock: socket.socket, app_kw: dict, access_log: bool) -> None:
    import uvicorn

    config = uvicorn.Config(create_app(kg, **app_kw), log_level="warning", access_log=access_log,
                            timeout_keep_alive=30, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])


def serve(open_kg: Callable[[], KnowledgeGraph], *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          timeout: float | None = 30.0, max_rows: int | None = 100_000, threads: int = 8, workers: int = 1,
          access_log: bool = False, on_ready: Callable[[str], None] | None = None) -> None:
    """Serve the KG ``open_kg()`` returns at ``http://host:port/sparql`` (the query page at ``/``) until stopped.

    ``timeout``, ``max_rows`` and ``threads`` are :func:`~kgbench.server.app.create_app`'s, per worker. The
    KG's spatial index is read (or built) before the first connection is accepted.
    With ``workers`` > 1, ``open_kg`` is called in each forked worker (so the parent should have made sure
    the snapshot is built first). ``on_ready`` is called with the endpoint's URL once the socket listens.
    SIGINT or SIGTERM stops the server (and its workers). A port in use raises OSError naming it.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    sock, url = listen(host, port)
    app_kw = {"timeout": timeout, "max_rows": max_rows, "threads": threads}
    try:
        if workers == 1:
            kg = _warm(open_kg())
            if on_ready is not None:
                on_ready(url)
            _run_one(kg, sock, app_kw, access_log)
            return
        _supervise(open_kg, sock, app_kw, access_log, workers, url, on_ready)
    finally:
        sock.close()


def _fork_worker(open_kg, sock, app_kw, access_log) -> int:
    pid = os.fork()
    if pid == 0:  # the worker: its own store handle, its own event loop, and it never returns
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            _run_one(_warm(open_kg()), sock, app_kw, access_log)
        except BaseException as exc:  # noqa: BLE001 - reported on stderr, then the worker exits
            print(f"kgbench serve worker {os.getpid()}: {type(exc).__name__}: {exc}", file=sys.stderr)
            code = 1
        finally:
            sys.stderr.flush()
            os._exit(code)
    return pid


def _supervise(open_kg, sock, app_kw, access_log, workers: int, url: str, on_ready) -> None:
    started: dict[int, float] = {}
    stopping = False

    def stop(signum, frame):
        nonlocal stopping
        stopping = True
        for pid in list(started):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        for _ in range(workers):
            started[_fork_worker(open_kg, sock, app_kw, access_log)] = time.monotonic()
        if on_ready is not None:
            on_ready(url)
        while started:
            try:
                pid, status = os.wait()
            except ChildProcessError:
                break
            if pid not in started:
                continue
            lived = time.monotonic() - started.pop(pid)
            if stopping:
                continue
            if lived < _QUICK_DEATH_S:
                stop(None, None)
                raise RuntimeError(f"a server worker exited {lived:.1f} s after starting "
                                   f"(status {os.waitstatus_to_exitcode(status)}): see the lines above")
            print(f"kgbench serve: worker {pid} exited (status {os.waitstatus_to_exitcode(status)}); "
                  "starting another", file=sys.stderr)
            started[_fork_worker(open_kg, sock, app_kw, access_log)] = time.monotonic()
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
        for pid in list(started):
            try:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
