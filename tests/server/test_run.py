"""`kgbench serve` as a command: one error line for a port in use, usage errors, worker processes."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.parse
import urllib.request

from click.testing import CliRunner

from kgbench.cli import main
from kgbench.server.run import listen
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


def test_workers_serve_from_one_port_and_stop_together(kg, cache):
    proc, base = start_server(cache, "--workers", "2")
    try:
        children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
        assert len(children) == 2
        for n in range(12):  # a new connection each time: the kernel hands them to either worker
            q = urllib.parse.urlencode({"query": f"SELECT ({n} + 1 AS ?x) WHERE {{}}"})
            with urllib.request.urlopen(f"{base}/sparql?{q}", timeout=30) as r:
                assert json.loads(r.read())["results"]["bindings"][0]["x"]["value"] == str(n + 1)
    finally:
        stop_server(proc)
    assert proc.returncode == 0
    for pid in children:  # no worker outlives the server
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
