"""Copy one week of the USGS earthquake feed (GeoJSON, as USGS publishes it) into
kgbench/kg/builder/sources/usgs_earthquakes.geojson.gz.

    cd /tmp && npm pack vega-datasets@3.2.1          # gives vega-datasets-3.2.1.tgz
    python tools/convert_usgs.py /tmp/vega-datasets-3.2.1.tgz

Input: the package tarball (member package/data/earthquakes.json) or the extracted JSON file. The
file is the USGS "all earthquakes, past week" summary feed (GeoJSON, feed API 1.5.8) as generated
on 2018-02-07; vega-datasets redistributes it unchanged.

Output: the feed's bytes unchanged, gzipped deterministically (mtime 0, no file name, level 9), so
the decompressed file has the same sha256 as the package's earthquakes.json. Before writing, the
converter checks what kgbench's importer relies on: a FeatureCollection whose feature count equals
metadata.count, unique string ids, Point geometries with longitude, latitude and depth.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tarfile
from pathlib import Path

from sources_common import SOURCES_DIR, write_gzip_text

MEMBER = "package/data/earthquakes.json"


def load_feed_bytes(path: Path) -> bytes:
    if path.suffix in (".tgz", ".gz"):
        with tarfile.open(path) as tar:
            member = tar.extractfile(MEMBER)
            if member is None:
                raise SystemExit(f"{path}: no {MEMBER}")
            return member.read()
    return path.read_bytes()


def check(feed: dict) -> dict:
    if feed.get("type") != "FeatureCollection":
        raise SystemExit("not a GeoJSON FeatureCollection")
    feats = feed["features"]
    declared = feed.get("metadata", {}).get("count")
    if declared != len(feats):
        raise SystemExit(f"metadata.count {declared} != {len(feats)} features")
    ids = [f.get("id") for f in feats]
    if any(not isinstance(i, str) or not i for i in ids) or len(set(ids)) != len(ids):
        raise SystemExit("feature ids missing or not unique")
    for f in feats:
        g = f.get("geometry") or {}
        if g.get("type") != "Point" or len(g.get("coordinates", ())) != 3:
            raise SystemExit(f"{f['id']}: geometry is not a Point with depth")
    types: dict[str, int] = {}
    for f in feats:
        t = f["properties"].get("type")
        types[t] = types.get(t, 0) + 1
    return {"features": len(feats), "types": dict(sorted(types.items())),
            "generated_ms": feed["metadata"].get("generated"), "url": feed["metadata"].get("url")}


def main() -> None:
    ap = argparse.ArgumentParser(description="USGS earthquake GeoJSON feed (vega-datasets) -> GeoJSON.gz")
    ap.add_argument("source", type=Path, help="vega-datasets-3.2.1.tgz or earthquakes.json")
    ap.add_argument("--out", type=Path, default=SOURCES_DIR / "usgs_earthquakes.geojson.gz")
    args = ap.parse_args()
    raw = load_feed_bytes(args.source)
    stats = check(json.loads(raw.decode("utf-8")))
    digest = write_gzip_text(args.out, raw.decode("utf-8"))
    print(f"input sha256 {hashlib.sha256(raw).hexdigest()}, {stats}")
    print(f"{args.out}: sha256 {digest}")


if __name__ == "__main__":
    main()
