"""The endpoint under test: `kgbench serve` on a free loopback port in a subprocess, once per test module."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import pytest

#: the cap the test server runs with (tests/server/test_protocol.py checks both sides of it)
MAX_ROWS = 500


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(cache, *extra: str) -> tuple[subprocess.Popen, str]:
    """Return a running `kgbench serve` process and its base URL (the snapshot of the session's cache)."""
    port = _free_port()
    log = tempfile.TemporaryFile("w+")  # not a pipe: nobody reads it while the server runs
    proc = subprocess.Popen([sys.executable, "-m", "kgbench.cli", "--cache-dir", str(cache), "serve",
                             "--port", str(port), "--max-rows", str(MAX_ROWS), *extra],
                            stdout=subprocess.DEVNULL, stderr=log, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"kgbench serve exited {proc.returncode}: {log.read()}")
        try:
            urllib.request.urlopen(f"{base}/sparql?query=ASK%7B%7D", timeout=2).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"kgbench serve did not answer on {base} within 60 s")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def server(kg, cache):
    """Return the base URL of a `kgbench serve` over the session's snapshot (stopped after the module)."""
    proc, base = start_server(cache)
    yield base
    stop_server(proc)


def need_or_skip(condition: bool, why: str) -> None:
    """Skip when an optional system tool is absent, except under CI (``CI`` set), where that fails."""
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{why} (CI is set, so this fails instead of skipping)")
    pytest.skip(why)


@contextlib.contextmanager
def app_in_thread(app):
    """Yield the base URL of ``app`` served by uvicorn on a thread of this process (free loopback port)."""
    import uvicorn

    from kgbench.server.run import listen

    sock, url = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield url.rsplit("/", 1)[0]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
