"""Time and memory of generating the whole benchmark: `kgbench generate --all` on the default snapshot.

Runs the CLI as a child process (the snapshot already built and loaded, so only generation is timed),
samples the resident memory of the whole process tree (the parent and its worker processes) every 0.2 s
from /proc, and prints wall clock, peak memory of the tree and of its largest process, item counts, the
false-premise share, and the release's sizes. Targets (issue 4): under 10 minutes, peak memory under 4 GiB.

    python bench/bench_generate_all.py [--jobs 2] [--per-stratum 30] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def _rss(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def tree_rss(root: int) -> tuple[int, int]:
    """Return (sum, max) of the resident set sizes in bytes of a process and all its descendants."""
    seen, todo, sizes = set(), [root], []
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        sizes.append(_rss(pid))
        todo += _children(pid)
    return sum(sizes), max(sizes, default=0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--per-stratum", type=int, default=30)
    ap.add_argument("--out", help="release folder (default: a temporary one, removed afterwards)")
    args = ap.parse_args()
    kgbench = str(Path(sys.executable).with_name("kgbench"))
    subprocess.run([kgbench, "kg", "info"], check=True, capture_output=True)  # build and load first
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="kgbench-release-")) / "release"
    cmd = [kgbench, "generate", "--all", "--out", str(out), "--jobs", str(args.jobs),
           "--per-stratum", str(args.per_stratum)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak_sum = peak_one = 0
    while proc.poll() is None:
        s, m = tree_rss(proc.pid)
        peak_sum, peak_one = max(peak_sum, s), max(peak_one, m)
        time.sleep(0.2)
    wall = time.perf_counter() - t0
    err = proc.stderr.read()
    if proc.returncode:
        print(err, file=sys.stderr)
        return proc.returncode
    stats = json.loads((out / "stats.json").read_text(encoding="utf-8"))
    large, small = stats["splits"]["large"], stats["splits"]["small"]
    sizes = {p.name: p.stat().st_size for p in [out / "gold.nq", *sorted((out / "large").glob("*"))]}
    gib = 1024 ** 3
    print(f"generate --all --jobs {args.jobs} --per-stratum {args.per_stratum}")
    print(f"  wall clock                      {wall / 60:.0f} min {wall % 60:.0f} s   (target < 10 min)")
    print(f"  peak memory, whole process tree {peak_sum / gib:.2f} GiB   (target < 4 GiB)")
    print(f"  peak memory, largest process    {peak_one / gib:.2f} GiB")
    print(f"  items large / small             {large['items']:,} / {small['items']:,}")
    print(f"  false premises                  {large['false_premise']:,} ({100 * large['false_premise_share']:.1f}%)")
    print(f"  templates with items            {len(stats['templates'])}; unsatisfiable: "
          f"{', '.join(stats['unsatisfiable']) or 'none'}")
    for name, size in sizes.items():
        print(f"  {name:31s} {size / 1e6:,.0f} MB")
    if not args.out:
        shutil.rmtree(out.parent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
