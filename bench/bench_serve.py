"""Load test of `kgbench serve` on loopback: concurrent keep-alive clients sending simple queries for N seconds.

    python bench/bench_serve.py [--clients 8] [--seconds 10] [--threads 8] [--workers 1] [--heavy 0]

Starts `kgbench serve` on a free loopback port (the bundled snapshot), warms it up, then runs ``--clients``
client processes, each on one HTTP/1.1 keep-alive connection (http.client), sending simple queries back to
back: an entity's name and category by IRI (a different entity each time) or an ASK. Prints the throughput
and the p50/p95/p99 latency. ``--heavy K`` adds K more clients that loop over a geo-function-heavy query
(the areas and compactness of 20 countries, about 0.25 s of Python geo functions each on a quiet machine) to see whether the
simple queries still get through while Python geo functions hold the GIL; their latencies are reported apart.
Targets (issue 14): 200 simple queries/s across 8 clients, p99 under 250 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SIMPLE = "SELECT ?n ?c WHERE { VALUES ?e { <%s> } ?e kgb:canonicalName ?n ; kgb:category ?c }"
ASK = "ASK { <%s> geo:hasGeometry ?g }"
HEAVY = """SELECT ?name ?km2 ?compactness WHERE {
  VALUES ?iso { "FIN" "SWE" "NOR" "EST" "LVA" "LTU" "DNK" "DEU" "POL" "FRA" "ESP" "ITA" "PRT" "GBR" "IRL" "NLD"
                "BEL" "AUT" "CHE" "CZE" }
  ?c a kgb:Country ; kgb:isoA3 ?iso ; kgb:canonicalName ?name ; geo:hasGeometry/geo:asWKT ?w .
  BIND(geof:metricArea(?w) / 1000000 AS ?km2)
  BIND(kgbf:compactness(?w) AS ?compactness)
} ORDER BY ?name"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _post(conn: http.client.HTTPConnection, query: str) -> tuple[int, bytes]:
    body = urllib.parse.urlencode({"query": query})
    conn.request("POST", "/sparql", body, {"Content-Type": "application/x-www-form-urlencoded",
                                           "Accept": "application/sparql-results+json"})
    r = conn.getresponse()
    return r.status, r.read()


def _client(port: int, entities: list[str], kind: str, start: float, stop: float, seed: int, out) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    lat, errors = [], 0
    while time.time() < start:
        time.sleep(0.001)
    while time.time() < stop:
        if kind == "heavy":
            q = HEAVY
        else:
            q = (ASK if rng.random() < 0.2 else SIMPLE) % rng.choice(entities)
        t = time.perf_counter()
        status, _ = _post(conn, q)
        lat.append(time.perf_counter() - t)
        errors += status != 200
    conn.close()
    out.put((kind, lat, errors))


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--threads", type=int, default=8, help="kgbench serve --threads")
    ap.add_argument("--workers", type=int, default=1, help="kgbench serve --workers")
    ap.add_argument("--heavy", type=int, default=0, help="extra clients looping over a geo-heavy query")
    args = ap.parse_args()

    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    server = subprocess.Popen([sys.executable, "-m", "kgbench.cli", "serve", "--port", str(port),
                               "--threads", str(args.threads), "--workers", str(args.workers)], env=env, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stderr.readline()  # the ready line
        if "endpoint" not in line:
            print(f"server did not start: {line}{server.stderr.read()}", file=sys.stderr)
            return 1
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        status, body = _post(conn, "SELECT ?e WHERE { ?e a kgb:Entity } LIMIT 2000")
        entities = [b["e"]["value"] for b in json.loads(body)["results"]["bindings"]]
        for e in entities[:200]:  # warm-up
            _post(conn, SIMPLE % e)
        if args.heavy:
            _post(conn, HEAVY)
        conn.close()

        ctx = mp.get_context("fork")
        out = ctx.Queue()
        start = time.time() + 0.5
        stop = start + args.seconds
        kinds = ["simple"] * args.clients + ["heavy"] * args.heavy
        procs = [ctx.Process(target=_client, args=(port, entities, k, start, stop, i, out))
                 for i, k in enumerate(kinds)]
        for p in procs:
            p.start()
        results = [out.get() for _ in procs]
        for p in procs:
            p.join()
    finally:
        server.terminate()
        server.wait(10)

    load = os.getloadavg()
    print(f"kgbench serve --threads {args.threads} --workers {args.workers}; {args.clients} simple clients"
          f"{f' + {args.heavy} heavy' if args.heavy else ''}, {args.seconds:g} s, {os.cpu_count()} cores, "
          f"load average {load[0]:.2f} at the end (other jobs share the machine)")
    for kind in ("simple", "heavy"):
        lat = [x for k, ls, _ in results if k == kind for x in ls]
        errors = sum(e for k, _, e in results if k == kind)
        if not lat:
            continue
        print(f"  {kind:6}: {len(lat):6} queries, {len(lat) / args.seconds:7.1f} queries/s, errors {errors}; "
              f"latency p50 {_pct(lat, 50) * 1000:6.1f} ms, p95 {_pct(lat, 95) * 1000:6.1f} ms, "
              f"p99 {_pct(lat, 99) * 1000:6.1f} ms, max {max(lat) * 1000:6.1f} ms, "
              f"mean {statistics.fmean(lat) * 1000:6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
