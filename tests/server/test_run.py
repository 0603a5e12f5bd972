"""`kgbench serve` as a command: one error line for a port in use, usage errors, worker processes and their replacement."""

from __future__ import annotations

import pytest

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

from click.testing import CliRunner

from kgbench.cli import main
from kgbench.server.run import RUNAWAY_GRACE_S, listen
from tests.server.conftest import start_server, stop_server


def test_port_in_use_is_one_error_line(cache):
    sock, url = listen("127.0.0.1", 0)
    port = url.rsplit(":", 1)[1].split("/")[0]
    try:
        r = CliRunner().invoke(main, ["--cache-dir", str(cache), "serve", "--port", port])
    finally:
        sock.close()
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [f"Error: OSError: cannot listen on 127.0.0.1:{port}: Address already in use"]


def test_bad_options_are_usage_errors(cache):
    for args, named in ((["--timeout", "0"], "--timeout"), (["--max-rows", "0"], "--max-rows"),
                        (["--workers", "0"], "--workers")):
        r = CliRunner().invoke(main, ["--cache-dir", str(cache), "serve", *args])
        assert r.exit_code == 2 and named in r.output


def _children(pid: int) -> set[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return {int(x) for x in f.read().split()}


def _ask(base: str, query: str, **params) -> tuple[int, str]:
    q = urllib.parse.urlencode({"query": query, **params})
    try:
        with urllib.request.urlopen(f"{base}/sparql?{q}", timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.mark.slow
def test_workers_serve_from_one_port_replace_a_runaway_and_stop_together(kg, cache):
    proc, base = start_server(cache, "--workers", "2")
    try:
        first = _children(proc.pid)
        assert len(first) == 2
        for n in range(12):  # a new connection each time: the kernel hands them to either worker
            status, text = _ask(base, f"SELECT ({n} + 1 AS ?x) WHERE {{}}")
            assert json.loads(text)["results"]["bindings"][0]["x"]["value"] == str(n + 1)
        # pure SPARQL work that pyoxigraph cannot stop: its worker retires and a new one takes its place
        status, text = _ask(base, "SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f }", timeout="0.5")
        assert status == 503 and "0.5 s" in text
        deadline = time.monotonic() + RUNAWAY_GRACE_S + 20
        while time.monotonic() < deadline and (len(_children(proc.pid) - first) != 1 or len(_children(proc.pid)) != 2):
            time.sleep(0.2)
        now = _children(proc.pid)
        assert len(now) == 2 and len(now - first) == 1, (first, now)
        for _ in range(4):
            assert _ask(base, "ASK {}") == (200, '{"head": {}, "boolean": true}')
    finally:
        stop_server(proc)
    assert proc.returncode == 0
    for pid in first | now:  # no worker outlives the server
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
