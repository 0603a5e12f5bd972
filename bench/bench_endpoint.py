"""Generation over a SPARQL server (EndpointKG) beside the embedded store, template by template, in one run.

    python bench/bench_endpoint.py [--endpoint URL] [--templates A1,A2,...] [--per-stratum 2] [--seed 0]

Without ``--endpoint`` the script exports the bundled snapshot (``KG.export``), loads it with ``oxigraph load``
and serves it with ``oxigraph serve-read-only`` on loopback, timing those steps too. Each template is generated
with the same seed over the embedded store and over the server (each KG warm from the templates before it, as
in a whole run); the table gives both times, their ratio, whether the items are identical, and where the remote
time goes: requests sent, quads fetched, seconds waiting for the server and reading its answers, seconds
evaluating here.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from kgbench.generator.generate import GenerationReport
from kgbench.kg.endpoint import EndpointKG
from kgbench.kg.store import open_kg
from kgbench.release.checked import generate

DEFAULT = "A1,A2,A3,A5,B1,C1,C3,C7,D1,D3,E1,E2,F1,G1,H1,I1,J1,K1,L1,M1,N1"


def _serve(kg, work: str) -> tuple[str, subprocess.Popen, dict]:
    exe = shutil.which("oxigraph") or shutil.which("oxigraph", path=os.path.dirname(sys.executable))
    if exe is None:
        raise SystemExit("the oxigraph command is not installed (pip install oxigraph)")
    figures = {}
    t = time.perf_counter()
    quads = kg.export(os.path.join(work, "snapshot.nq"))
    figures["export"] = time.perf_counter() - t
    t = time.perf_counter()
    subprocess.run([exe, "load", "--location", os.path.join(work, "db"), "--file", os.path.join(work, "snapshot.nq")],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures["load"] = time.perf_counter() - t
    figures["quads"] = quads
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([exe, "serve-read-only", "--location", os.path.join(work, "db"), "--bind",
                             f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/query"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "?query=ASK%7B%7D", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return url, proc, figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endpoint")
    ap.add_argument("--templates", default=DEFAULT)
    ap.add_argument("--per-stratum", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    kg = open_kg()
    proc, work = None, None
    url = args.endpoint
    if not url:
        work = tempfile.mkdtemp(prefix="kgbench-bench-endpoint-")
        url, proc, figures = _serve(kg, work)
        print(f"server: {figures['quads']:,} quads exported in {figures['export']:.1f} s, "
              f"loaded by `oxigraph load` in {figures['load']:.1f} s")
    remote = EndpointKG(url, snapshot=kg.snapshot)
    total = {"embedded": 0.0, "remote": 0.0}
    print("| template | items | embedded s | remote s | ratio | identical | requests | quads fetched | server s | local s |")
    print("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    try:
        for tid in args.templates.split(","):
            t = time.perf_counter()
            here = generate(tid, kg, seed=args.seed, per_stratum=args.per_stratum, report=GenerationReport(tid))
            te = time.perf_counter() - t
            before = dict(remote.stats)
            t = time.perf_counter()
            there = generate(tid, remote, seed=args.seed, per_stratum=args.per_stratum, report=GenerationReport(tid))
            tr = time.perf_counter() - t
            d = {k: remote.stats[k] - before.get(k, 0) for k in remote.stats}
            same = [i.to_json() for i in here] == [i.to_json() for i in there]
            total["embedded"] += te
            total["remote"] += tr
            print(f"| {tid} | {len(here)} | {te:.1f} | {tr:.1f} | {tr / max(te, 1e-9):.1f} | {'yes' if same else 'NO'} | "
                  f"{d.get('requests', 0):,} | {d.get('quads', 0):,} | {d.get('server seconds', 0):.1f} | "
                  f"{d.get('local seconds', 0):.1f} |", flush=True)
        print(f"| all | | {total['embedded']:.1f} | {total['remote']:.1f} | "
              f"{total['remote'] / max(total['embedded'], 1e-9):.1f} | | | | | |")
    finally:
        if proc:
            proc.terminate()
            proc.wait(10)
        if work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
