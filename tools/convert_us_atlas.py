"""Convert US states and counties (Census cartographic boundaries 2017, TopoJSON from the npm package
us-atlas) to kgbench/kg/builder/sources/us_states_counties.tsv.gz.

    cd /tmp && npm pack us-atlas@3.0.1                              # us-atlas-3.0.1.tgz
    cd /tmp && pip download --no-deps bokeh-sampledata==2026.1      # names' county-type words
    python tools/convert_us_atlas.py /tmp/us-atlas-3.0.1.tgz /tmp/bokeh_sampledata-2026.1-py3-none-any.whl

Inputs:
- us-atlas 3.0.1 `counties-10m.json`: 3,231 counties and county equivalents (5-digit FIPS ids, the
  Census base name such as "Miami-Dade") and 56 states, DC and territories (2-digit FIPS, names);
  the states are merged from the counties, so they share boundaries exactly. Unprojected lon/lat,
  quantized (step 0.00359 x 0.00086 degrees) and simplified by us-atlas for 1:10,000,000 maps.
  Decoded with kgbench's TopoJSON decoder from tools/convert_naturalearth.py (rings that cross the
  antimeridian, the western Aleutians, are cut at 180 degrees there).
- bokeh-sampledata 2026.1 `geographic_boundaries.db` (Census TIGER/Line 2009 county records): only the
  legal/statistical area word of each county's detailed name ("County", "Parish", "Borough", "city",
  "Census Area", "Municipio", ...), matched by FIPS. us-atlas has the base name only. Three counties
  created or renamed after 2009 are not in it and get the word from COUNTY_TYPE below.

Output columns: fips, level (state or county), name (us-atlas base name), full_name ("Lee County,
Florida"; a state's own name), state_fips, postal (USPS code of the state), wkt (POLYGON or
MULTIPOLYGON, CRS84, 6 decimals, valid: shapely make_valid where quantization left a ring
self-touching; the polygonal part is kept). Rows: states by FIPS, then counties by FIPS. No further
simplification: us-atlas's own is kept (the committed file is ~0.6 MB).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tarfile
import tempfile
import zipfile
from pathlib import Path

import shapely

from convert_naturalearth import decode_arcs, geometry_from_topo, polygonal, to_wkt
from sources_common import SOURCES_DIR, tsv_text, write_gzip_text

#: counties missing from the 2009 TIGER records (created or renamed later): their type word
COUNTY_TYPE = {
    "02158": "Census Area",  # Kusilvak Census Area (Wade Hampton until 2015)
    "02230": "Municipality",  # Municipality of Skagway Borough (2007)
    "46102": "County",  # Oglala Lakota County (Shannon County until 2015)
}
#: USPS codes of the FIPS areas that no county record in bokeh-sampledata names
POSTAL = {"11": "DC", "60": "AS", "66": "GU", "69": "MP", "72": "PR", "78": "VI"}
COLUMNS = ["fips", "level", "name", "full_name", "state_fips", "postal", "wkt"]


def load_topology(path: Path) -> dict:
    if path.suffix in (".tgz", ".gz"):
        with tarfile.open(path) as tar:
            member = tar.extractfile("package/counties-10m.json")
            if member is None:
                raise SystemExit(f"{path}: no package/counties-10m.json")
            return json.load(member)
    return json.loads(path.read_text(encoding="utf-8"))


def load_tiger_names(path: Path) -> dict[str, dict]:
    """FIPS -> bokeh-sampledata county metadata (name, detailed_name, state)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "gb.db"
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as zf:
                db.write_bytes(zf.read("bokeh_sampledata/_data/geographic_boundaries.db"))
        else:
            db.write_bytes(path.read_bytes())
        con = sqlite3.connect(db)
        try:
            return {fid: json.loads(meta) for fid, meta in con.execute("SELECT id, metadata FROM us_counties")}
        finally:
            con.close()


def county_type(fips: str, tiger: dict[str, dict]) -> str:
    if fips in COUNTY_TYPE:
        return COUNTY_TYPE[fips]
    rec = tiger.get(fips)
    if rec is None:
        raise SystemExit(f"county {fips}: not in the TIGER records and no COUNTY_TYPE entry")
    base, detailed = rec["name"], rec["detailed_name"]
    head = detailed.split(", ")[0]
    if not head.startswith(base):
        raise SystemExit(f"county {fips}: detailed name {detailed!r} does not start with {base!r}")
    return head[len(base):].strip()


def valid_geometry(geom, fips: str, repaired: list[str]):
    back = shapely.from_wkt(to_wkt(geom))
    if not back.is_valid:
        back = shapely.from_wkt(to_wkt(polygonal(shapely.make_valid(back))))
        repaired.append(fips)
    if not back.is_valid or back.is_empty:
        raise SystemExit(f"{fips}: invalid or empty after make_valid")
    return back


def convert(topology: dict, tiger: dict[str, dict]) -> tuple[list[list[str]], dict]:
    arcs = decode_arcs(topology)
    cell = tuple(topology["transform"]["scale"])
    stats: dict = {"repaired": [], "antimeridian": [], "dropped_rings": {}, "types": {},
                   "collapsed": [], "cut_by_collapsed": []}
    postal = dict(POSTAL)
    for rec in tiger.values():
        postal.setdefault(rec["fips"][:2], rec["state"].upper())
    state_rows, state_geoms = {}, {}
    for g in topology["objects"]["states"]["geometries"]:
        fips, name = g["id"], g["properties"]["name"]
        geom, dropped, collapsed, crossing = geometry_from_topo(g, arcs, cell)
        if collapsed:
            raise SystemExit(f"state {fips} collapsed under quantization")
        if crossing:
            stats["antimeridian"].append(fips)
        if dropped:
            stats["dropped_rings"][fips] = len(dropped)
        geom = valid_geometry(geom, fips, stats["repaired"])
        state_geoms[fips] = geom
        state_rows[fips] = [fips, "state", name, name, fips, postal[fips], to_wkt(geom)]
    county_rows: dict[str, list] = {}
    county_geoms: dict[str, object] = {}
    for g in topology["objects"]["counties"]["geometries"]:
        fips, name = g["id"], g["properties"]["name"]
        st = fips[:2]
        if st not in state_rows or fips in county_rows:
            raise SystemExit(f"county {fips}: unknown state or duplicate id")
        kind = county_type(fips, tiger)
        stats["types"][kind] = stats["types"].get(kind, 0) + 1
        full = f"{name} {kind}" if kind else name
        geom, dropped, collapsed, crossing = geometry_from_topo(g, arcs, cell)
        if collapsed:
            stats["collapsed"].append(fips)
        if crossing:
            stats["antimeridian"].append(fips)
        if dropped:
            stats["dropped_rings"][fips] = len(dropped)
        county_geoms[fips] = valid_geometry(geom, fips, stats["repaired"])
        county_rows[fips] = [fips, "county", name, f"{full}, {state_rows[st][2]}", st, postal[st], None]
    # A county whose every ring collapsed under the quantization (Falls Church city, Virginia) is
    # represented by the quantization cell around its outline, clipped to its state and cut out of
    # the counties it overlaps, so that counties still do not overlap.
    for fc in stats["collapsed"]:
        box = county_geoms[fc].intersection(state_geoms[fc[:2]])
        county_geoms[fc] = valid_geometry(polygonal(box), fc, stats["repaired"])
        for fips, geom in county_geoms.items():
            if fips != fc and geom.intersects(box) and geom.intersection(box).area > 0:
                county_geoms[fips] = valid_geometry(polygonal(geom.difference(box)), fips, stats["repaired"])
                stats["cut_by_collapsed"].append(fips)
    for fips, geom in county_geoms.items():
        outside = geom.difference(state_geoms[fips[:2]]).area / geom.area
        if outside > 1e-6:
            raise SystemExit(f"county {fips}: {outside:.2%} of it lies outside state {fips[:2]}")
        county_rows[fips][6] = to_wkt(geom)
    fulls = [r[3] for r in county_rows.values()]
    if len(set(fulls)) != len(fulls):
        raise SystemExit("county full names are not unique")
    rows = [state_rows[k] for k in sorted(state_rows)] + [county_rows[k] for k in sorted(county_rows)]
    stats["states"], stats["counties"] = len(state_rows), len(county_rows)
    return rows, stats


def main() -> None:
    ap = argparse.ArgumentParser(description="us-atlas counties-10m (TopoJSON) -> TSV.gz")
    ap.add_argument("source", type=Path, help="us-atlas-3.0.1.tgz or counties-10m.json")
    ap.add_argument("names", type=Path, help="bokeh_sampledata-2026.1-py3-none-any.whl or geographic_boundaries.db")
    ap.add_argument("--out", type=Path, default=SOURCES_DIR / "us_states_counties.tsv.gz")
    args = ap.parse_args()
    rows, stats = convert(load_topology(args.source), load_tiger_names(args.names))
    digest = write_gzip_text(args.out, tsv_text(COLUMNS, rows))
    print(f"{args.out}: {stats['states']} states/DC/territories, {stats['counties']} counties, sha256 {digest}")
    print(f"county types: {stats['types']}")
    print(f"make_valid applied to {len(stats['repaired'])}: {' '.join(stats['repaired'])}")
    print(f"cut at the antimeridian: {stats['antimeridian']}; rings dropped: {stats['dropped_rings']}")
    print(f"represented by their quantization cell: {stats['collapsed']}, cut out of {stats['cut_by_collapsed']}")


if __name__ == "__main__":
    main()
