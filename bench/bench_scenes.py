"""Scene maps: seconds per map (basemap read from the KG vs drawing), PNG size, and GeoJSON size, per template.

python bench/bench_scenes.py --dataset items.jsonl [--size 768] [--per-template 2]

Opens the bundled snapshot's KG once, then for up to ``--per-template`` items of each template of the dataset
times :func:`kgbench.evaluation.scenes.basemap.read_basemap` and :func:`kgbench.evaluation.scenes.render.render_map`
separately (the first map of a run also pays for reading the country polygons and the spatial index: reported
apart), and prints the median and maximum of each, with the PNG and GeoJSON sizes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict

from kgbench.evaluation.scenes.basemap import read_basemap
from kgbench.evaluation.scenes.geojson import scene_geojson
from kgbench.evaluation.scenes.maps import COUNTRY_MIN_EXTENT_M, OSM_MAX_EXTENT_M, view_box
from kgbench.evaluation.scenes.model import item_scene
from kgbench.evaluation.scenes.render import map_view, render_map, reserved, unwrap_longitudes
from kgbench.generator.items import read_jsonl
from kgbench.kg.store import open_kg


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--size", type=int, default=768)
    ap.add_argument("--per-template", type=int, default=2)
    args = ap.parse_args()
    kg = open_kg()
    by_template = defaultdict(list)
    for item in read_jsonl(args.dataset):
        if len(by_template[item.template_id]) < args.per_template:
            by_template[item.template_id].append(item)
    rows, first = [], None
    for items in by_template.values():
        for item in items:
            scene = item_scene(item)
            geoms, _ = unwrap_longitudes([f.geometry for f in scene.features])
            t = map_view(geoms, args.size, args.size, **reserved(scene, args.size))
            ground = t.metres_per_pixel() * args.size
            box = view_box(t)
            start = time.perf_counter()
            basemap = read_basemap(kg, box, exclude={f.iri for f in scene.features}, tolerance=(box[2] - box[0])
                                   / args.size / 2, countries=ground >= COUNTRY_MIN_EXTENT_M,
                                   osm=ground <= OSM_MAX_EXTENT_M)
            read = time.perf_counter() - start
            start = time.perf_counter()
            png, _ = render_map(scene, basemap, width=args.size)
            draw = time.perf_counter() - start
            row = (read, draw, len(png), len(json.dumps(scene_geojson(scene))), item.id)
            if first is None:
                first = row
            else:
                rows.append(row)
    print(f"maps: {len(rows) + 1} of {len(by_template)} templates at {args.size} x {args.size} px")
    print(f"first map (reads the country polygons and the spatial index): basemap {first[0]:.2f} s, "
          f"drawing {first[1]:.2f} s")
    for k, name in ((0, "basemap read, s"), (1, "drawing, s")):
        values = [r[k] for r in rows]
        print(f"{name}: median {statistics.median(values):.2f}, max {max(values):.2f}")
    slow = max(rows, key=lambda r: r[0] + r[1])
    print(f"slowest: {slow[4]} (basemap {slow[0]:.2f} s, drawing {slow[1]:.2f} s)")
    print(f"PNG: median {statistics.median(r[2] for r in rows) / 1024:.0f} KiB, max {max(r[2] for r in rows) / 1024:.0f} KiB")
    print(f"GeoJSON: median {statistics.median(r[3] for r in rows) / 1024:.1f} KiB, "
          f"max {max(r[3] for r in rows) / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
