"""Ingestion rate and peak memory of `kgbench kg ingest --profile worldkg` vs `oxigraph load` of the same dump.

A WorldKG-shaped N-Triples dump (CreateTriples.py's shape: per OSM node a type, a label, an osmLink, a
spatialObject to a geometry node with sf:Point and geo:asWKT, plus tag literals) of --triples triples is
generated, then each tool runs in its own child process; its wall time and peak RSS (getrusage of the
waited-for child) are measured. --double also runs both on a dump twice the size, to show memory stays flat.

    python bench/bench_ingest.py --triples 10000000 --double
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_TYPES = ["AmenitySchool", "AmenityCafe", "AmenityRestaurant", "TourismHotel", "TourismMuseum", "ShopBakery",
          "AmenityPharmacy", "LeisurePark", "City", "Town", "Village"]


def write_dump(path: Path, triples: int, seed: int = 0) -> int:
    """Write a WorldKG-shaped N-Triples dump of about ``triples`` triples; return the exact count."""
    rnd = random.Random(seed)
    w, s = "http://www.worldkg.org/resource/", "http://www.worldkg.org/schema/"
    n = i = 0
    with open(path, "w", encoding="utf-8") as f:
        while n < triples:
            i += 1
            lon, lat = rnd.uniform(2, 24), rnd.uniform(46, 53)  # inland Europe: OSM nodes lie on land
            t = rnd.choice(_TYPES)
            lines = [
                f"<{w}{i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{s}{t}> .",
                f'<{w}{i}> <http://www.w3.org/2000/01/rdf-schema#label> "{t} {i}" .',
                f"<{w}{i}> <{s}osmLink> <https://www.openstreetmap.org/node/{i}> .",
                f"<{w}{i}> <{s}spatialObject> <{w}geo{i}> .",
                f"<{w}geo{i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.opengis.net/ont/sf#Point> .",
                f'<{w}geo{i}> <http://www.opengis.net/ont/geosparql#asWKT> "Point({lon:.7f} {lat:.7f})"'
                "^^<http://www.opengis.net/ont/geosparql#wktLiteral> .",
                f'<{w}{i}> <{s}addrStreet> "Street {rnd.randint(1, 5000)}" .',
                f'<{w}{i}> <{s}openingHours> "Mo-Fr 08:00-18:00" .',
            ]
            f.write("\n".join(lines) + "\n")
            n += len(lines)
    return n


_CHILD = """
import os, resource, subprocess, sys, time, json

def tree_rss(root):  # resident bytes of root and all its descendants (Linux /proc)
    kids, rss = {}, {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = open(f"/proc/{d}/stat").read().rsplit(")", 1)[1].split()
                kids.setdefault(int(stat[1]), []).append(int(d))
                rss[int(d)] = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
            except OSError:
                pass
    todo, total = [root], 0
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo += kids.get(p, [])
    return total

load = os.getloadavg()[0]
t = time.perf_counter()
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
peak = 0
while proc.poll() is None:
    peak = max(peak, tree_rss(proc.pid))
    time.sleep(0.5)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": proc.returncode, "seconds": time.perf_counter() - t, "max_rss_mb": u.ru_maxrss / 1024,
                  "tree_rss_mb": peak / 2**20, "cpu_s": u.ru_utime + u.ru_stime, "load": [load, os.getloadavg()[0]]}))
"""


def measure(cmd: list[str]) -> dict:
    """Return the wall time, peak RSS (of its largest process, and of all its processes together, sampled
    twice a second), CPU seconds (user + system, its worker
    processes included) and the 1-minute load average before and after ``cmd``, run in a fresh child process."""
    out = subprocess.run([sys.executable, "-c", _CHILD, *cmd], capture_output=True, text=True, check=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    if r["rc"]:
        raise SystemExit(f"{cmd[0]} failed with status {r['rc']}")
    return r


def run(triples: int, work: Path, jobs: int | None = None) -> dict:
    dump = work / f"worldkg-{triples}.nt"
    n = write_dump(dump, triples)
    bindir = Path(sys.executable).parent
    kg = measure([str(bindir / "kgbench"), "kg", "ingest", "--profile", "worldkg", str(dump), "--out",
                  str(work / f"snap-{triples}"), "--no-coverage", *(["--jobs", str(jobs)] if jobs else [])])
    ox = measure([str(bindir / "oxigraph"), "load", "--location", str(work / f"ox-{triples}"), "--file", str(dump)])
    shutil.rmtree(work / f"ox-{triples}", ignore_errors=True)
    shutil.rmtree(work / f"snap-{triples}", ignore_errors=True)
    dump.unlink()
    return {"triples": n, "jobs": jobs or "default", "kgbench_s": round(kg["seconds"], 1),
            "kgbench_rss_mb": round(kg["max_rss_mb"]), "kgbench_all_processes_rss_mb": round(kg["tree_rss_mb"]),
            "kgbench_triples_per_s": round(n / kg["seconds"]),
            "kgbench_cpu_s": round(kg["cpu_s"], 1), "oxigraph_s": round(ox["seconds"], 1),
            "oxigraph_rss_mb": round(ox["max_rss_mb"]), "oxigraph_triples_per_s": round(n / ox["seconds"]),
            "oxigraph_cpu_s": round(ox["cpu_s"], 1), "rate_ratio": round(ox["seconds"] / kg["seconds"], 2),
            "cpu_ratio": round(ox["cpu_s"] / kg["cpu_s"], 2),
            "load": {"kgbench": [round(x, 1) for x in kg["load"]], "oxigraph": [round(x, 1) for x in ox["load"]]}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--triples", type=int, default=400_000, help="dump size (default 400,000; the target: 10M)")
    ap.add_argument("--double", action="store_true", help="also run at twice the size (memory must stay flat)")
    ap.add_argument("--jobs", type=int, help="kgbench kg ingest --jobs (default: the command's own default)")
    ap.add_argument("--work", type=Path, help="scratch folder (default: a temporary one)")
    a = ap.parse_args()
    work = a.work or Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    work.mkdir(parents=True, exist_ok=True)
    rows = [run(a.triples, work, a.jobs)] + ([run(2 * a.triples, work, a.jobs)] if a.double else [])
    for r in rows:
        print(json.dumps(r))
    if a.work is None:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
