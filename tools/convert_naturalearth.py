"""Convert Natural Earth 1:10m Admin-0 countries (TopoJSON from the npm package world-atlas) to
kgbench/kg/builder/sources/naturalearth_countries_10m.tsv.gz.

    cd /tmp && npm pack world-atlas@2.0.2          # gives world-atlas-2.0.2.tgz
    python tools/convert_naturalearth.py /tmp/world-atlas-2.0.2.tgz

Input: the package tarball (or the extracted countries-10m.json). The TopoJSON decoder below is
written for kgbench from the TopoJSON specification: quantized, delta-encoded arcs; a transform
(scale, translate); arc index i >= 0 used forwards, i < 0 meaning arc ~i reversed; rings stitched
from arcs dropping each following arc's first position; Polygon and MultiPolygon geometries.

Output columns: iso_a3, iso_n3, name, neighbours, wkt.
- iso_a3 from iso_n3 through the committed ISO 3166-1 table (kgbench/kg/builder/sources/iso3166_1.tsv);
  features without an ISO id get the codes in NO_ID_CODES (Kosovo: XKX as the World Bank uses;
  the others: kgbench placeholders from the ISO user-assigned range X..).
- neighbours: comma-separated alpha-3 codes of the other features whose polygon intersects or
  touches this one (shapely STRtree, predicate "intersects"), sorted.
- wkt: POLYGON or MULTIPOLYGON in CRS84 lon/lat, coordinates rounded to 6 decimals (finer than the
  topology's own quantization step of 0.0036 x 0.0017 degrees), every geometry valid (shapely
  make_valid where rounding or the source left it invalid; the count is printed and recorded in
  SOURCES.md).
Rows are sorted by iso_a3; the gzip is written with mtime 0, so reruns reproduce the file byte for byte.
"""

from __future__ import annotations

import argparse
import json
import tarfile
from pathlib import Path

import shapely
import shapely.affinity
from shapely.geometry import MultiPolygon, Polygon
from shapely.strtree import STRtree

from sources_common import SOURCES_DIR, read_tsv, tsv_text, write_gzip_text

DECIMALS = 6

# Features of countries-10m.json that carry no ISO 3166 numeric id, by their `name` property,
# plus Ashmore and Cartier Is., which shares Australia's id 036 in the source.
NO_ID_CODES = {
    "Kosovo": "XKX",  # World Bank economy code
    "N. Cyprus": "XNC",
    "Somaliland": "XSO",
    "Cyprus U.N. Buffer Zone": "XCB",
    "Dhekelia": "XDK",
    "Akrotiri": "XAK",
    "USNB Guantanamo Bay": "XGB",
    "Siachen Glacier": "XSG",
    "Baikonur": "XBK",
    "Indian Ocean Ter.": "XIO",
    "Coral Sea Is.": "XCS",
    "Spratly Is.": "XSP",
    "Clipperton I.": "XCP",
    "Bajo Nuevo Bank": "XBN",
    "Serranilla Bank": "XSB",
    "Scarborough Reef": "XSR",
    "Ashmore and Cartier Is.": "XAC",
}


# ----------------------------------------------------------------------------- TopoJSON decoding


def decode_arcs(topology: dict) -> list[list[tuple[float, float]]]:
    """Absolute lon/lat positions of every arc (delta decoding + transform when quantized)."""
    transform = topology.get("transform")
    arcs_out = []
    for arc in topology["arcs"]:
        if transform is None:
            arcs_out.append([(float(p[0]), float(p[1])) for p in arc])
            continue
        (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
        x = y = 0
        pts = []
        for p in arc:
            x += p[0]
            y += p[1]
            pts.append((x * sx + tx, y * sy + ty))
        arcs_out.append(pts)
    return arcs_out


def ring_from_arcs(indices: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    ring: list[tuple[float, float]] = []
    for k, idx in enumerate(indices):
        pts = arcs[idx] if idx >= 0 else arcs[~idx][::-1]
        ring.extend(pts if k == 0 else pts[1:])
    return ring


def rounded(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    for x, y in ring:
        p = (round(x, DECIMALS), round(y, DECIMALS))
        if not out or out[-1] != p:
            out.append(p)
    return out


def unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Make longitudes continuous: a step of more than 180 degrees is a crossing of the antimeridian."""
    out = [ring[0]]
    for x, y in ring[1:]:
        px = out[-1][0]
        while x - px > 180:
            x -= 360
        while px - x > 180:
            x += 360
        out.append((x, y))
    return out


def crosses_antimeridian(ring: list[tuple[float, float]]) -> bool:
    return any(abs(b[0] - a[0]) > 180 for a, b in zip(ring, ring[1:]))


def split_at_antimeridian(rings: list[list[tuple[float, float]]]) -> Polygon | MultiPolygon:
    """world-atlas keeps rings that cross the antimeridian whole (it targets spherical rendering).

    Unwrap every ring to continuous longitudes; a ring that then fails to close by 360 degrees
    encircles a pole (Antarctica) and is closed along that pole. The planar polygon is then cut
    into the [-180, 180] world and the pieces shifted back by multiples of 360 degrees.
    """
    fixed = []
    for k, ring in enumerate(rings):
        u = unwrap(ring)
        dx = u[-1][0] - u[0][0]
        if abs(dx) > 180:  # polar ring
            pole = -90.0 if sum(y for _, y in u) / len(u) < 0 else 90.0
            u = u + [(u[-1][0], pole), (u[0][0], pole), u[0]]
        if k > 0:  # bring a hole next to its shell
            sx = (min(x for x, _ in fixed[0]) + max(x for x, _ in fixed[0])) / 2
            hx = (min(x for x, _ in u) + max(x for x, _ in u)) / 2
            shift = round((sx - hx) / 360) * 360
            u = [(x + shift, y) for x, y in u]
        fixed.append(u)
    planar = Polygon(fixed[0], fixed[1:])
    if not planar.is_valid:
        planar = shapely.make_valid(planar)
    pieces = []
    for shift in (-720, -360, 0, 360, 720):
        window = shapely.box(-180 - shift, -90, 180 - shift, 90)
        part = planar.intersection(window)
        if not part.is_empty:
            pieces.append(shapely.affinity.translate(part, xoff=shift))
    return polygonal(shapely.unary_union(pieces))


def polygon_from_arcs(rings: list[list[int]], arcs, dropped: list, crossing: list):
    """A Polygon (or MultiPolygon, when cut at the antimeridian), or None when the shell collapsed
    (fewer than 4 positions after rounding). Holes that collapsed are dropped. Every dropped ring is
    appended to `dropped`; a polygon cut at the antimeridian is appended to `crossing`.
    """
    raw = [ring_from_arcs(r, arcs) for r in rings]
    if any(crosses_antimeridian(r) for r in raw):
        crossing.append(1)
        return split_at_antimeridian(raw)
    out = []
    for k, r in enumerate(raw):
        ring = rounded(r)
        if len(ring) < 4:
            dropped.append(ring)
            if k == 0:
                return None
            continue
        out.append(ring)
    return Polygon(out[0], out[1:])


def geometry_from_topo(geom: dict, arcs, cell: tuple[float, float]):
    """Decode one TopoJSON geometry. Returns (geometry, dropped rings, collapsed flag, cut-at-antimeridian flag).

    When every polygon of a feature collapsed under the quantization (Vatican at 1:10m), the
    feature is represented by the quantization cell(s) around its collapsed outline: the envelope
    of its positions widened by half a cell on each side. That is an approximation, reported.
    """
    kind = geom["type"]
    if kind not in ("Polygon", "MultiPolygon"):
        raise ValueError(f"unsupported TopoJSON geometry type {kind!r}")
    polys_arcs = [geom["arcs"]] if kind == "Polygon" else geom["arcs"]
    dropped: list = []
    crossing: list = []
    polys = []
    for pa in polys_arcs:
        p = polygon_from_arcs(pa, arcs, dropped, crossing)
        if p is None:
            continue
        polys.extend(p.geoms if p.geom_type == "MultiPolygon" else [p])
    if polys:
        if kind == "Polygon" and len(polys) == 1:
            return polys[0], dropped, False, bool(crossing)
        return MultiPolygon(polys), dropped, False, bool(crossing)
    xs = [x for ring in dropped for x, _ in ring]
    ys = [y for ring in dropped for _, y in ring]
    hx, hy = cell[0] / 2, cell[1] / 2
    box = [(min(xs) - hx, min(ys) - hy), (max(xs) + hx, min(ys) - hy), (max(xs) + hx, max(ys) + hy),
           (min(xs) - hx, max(ys) + hy), (min(xs) - hx, min(ys) - hy)]
    return Polygon(rounded(box)), dropped, True, bool(crossing)


# ----------------------------------------------------------------------------- validity and WKT


def polygonal(geom):
    """Keep the polygonal part of a make_valid result (it may add lines or points)."""
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom
    parts = []
    for g in shapely.get_parts(geom):
        if g.geom_type == "Polygon":
            parts.append(g)
        elif g.geom_type == "MultiPolygon":
            parts.extend(g.geoms)
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def fmt(v: float) -> str:
    text = f"{v:.{DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def ring_wkt(coords) -> str:
    return "(" + ", ".join(f"{fmt(x)} {fmt(y)}" for x, y in coords) + ")"


def polygon_wkt_body(poly: Polygon) -> str:
    rings = [poly.exterior.coords] + [r.coords for r in poly.interiors]
    return "(" + ", ".join(ring_wkt(r) for r in rings) + ")"


def to_wkt(geom) -> str:
    """Our own WKT writer, so the text does not depend on the GEOS version's formatting."""
    if geom.geom_type == "Polygon":
        return "POLYGON " + polygon_wkt_body(geom)
    return "MULTIPOLYGON (" + ", ".join(polygon_wkt_body(p) for p in geom.geoms) + ")"


# ----------------------------------------------------------------------------- main


def load_topology(path: Path) -> dict:
    if path.suffix in (".tgz", ".gz"):
        with tarfile.open(path) as tar:
            member = tar.extractfile("package/countries-10m.json")
            if member is None:
                raise SystemExit(f"{path}: no package/countries-10m.json")
            return json.load(member)
    return json.loads(path.read_text(encoding="utf-8"))


def convert(topology: dict) -> tuple[list[tuple], dict]:
    header, iso_rows = read_tsv(SOURCES_DIR / "iso3166_1.tsv")
    col = {h: i for i, h in enumerate(header)}
    by_numeric = {r[col["numeric"]]: r[col["alpha3"]] for r in iso_rows if r[col["numeric"]]}
    known_a3 = {r[col["alpha3"]] for r in iso_rows}
    for name, code in NO_ID_CODES.items():
        if code in known_a3 and code != "XKX":
            raise SystemExit(f"placeholder {code} for {name} collides with an ISO code")

    arcs = decode_arcs(topology)
    transform = topology.get("transform") or {"scale": [0.0, 0.0]}
    cell = (transform["scale"][0], transform["scale"][1])
    feats = []
    stats = {"features": 0, "made_valid": [], "dropped_rings": {}, "collapsed": [], "cut_by_collapsed": [], "antimeridian": []}
    for g in topology["objects"]["countries"]["geometries"]:
        name = g["properties"]["name"]
        n3 = g.get("id")
        if name in NO_ID_CODES:
            a3 = NO_ID_CODES[name]
            n3 = n3 or ""
        elif n3 in by_numeric:
            a3 = by_numeric[n3]
        else:
            raise SystemExit(f"no alpha-3 for feature {name!r} id {n3!r}")
        geom, dropped, collapsed, crossing = geometry_from_topo(g, arcs, cell)
        if crossing:
            stats["antimeridian"].append(a3)
        if dropped:
            stats["dropped_rings"][a3] = len(dropped)
        if collapsed:
            stats["collapsed"].append(a3)
        feats.append([a3, n3, name, geom])
        stats["features"] += 1

    for f in feats:
        if not f[3].is_valid:
            f[3] = polygonal(shapely.make_valid(f[3]))
            stats["made_valid"].append(f[0])

    # A collapsed feature's cell box is cut out of the features it overlaps (Vatican out of Italy,
    # whose Vatican hole collapsed too), so that country polygons still do not overlap.
    for a3c in stats["collapsed"]:
        box = next(f[3] for f in feats if f[0] == a3c)
        for f in feats:
            if f[0] != a3c and f[3].intersects(box) and f[3].intersection(box).area > 0:
                f[3] = polygonal(f[3].difference(box))
                stats["cut_by_collapsed"].append(f[0])

    # The WKT is what ships: check validity of the geometry read back from it.
    for f in feats:
        back = shapely.from_wkt(to_wkt(f[3]))
        if not back.is_valid:
            f[3] = polygonal(shapely.make_valid(back))
            if f[0] not in stats["made_valid"]:
                stats["made_valid"].append(f[0])
            back = shapely.from_wkt(to_wkt(f[3]))
        if not back.is_valid or back.is_empty:
            raise SystemExit(f"{f[0]}: still invalid or empty after make_valid")
        f[3] = back

    codes = [f[0] for f in feats]
    if len(set(codes)) != len(codes):
        raise SystemExit("duplicate iso_a3 among features")

    geoms = [f[3] for f in feats]
    tree = STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    neigh: dict[str, set[str]] = {c: set() for c in codes}
    for i, j in zip(left.tolist(), right.tolist()):
        if i != j:
            neigh[codes[i]].add(codes[j])
            neigh[codes[j]].add(codes[i])

    rows = []
    for a3, n3, name, geom in sorted(feats, key=lambda f: f[0]):
        rows.append((a3, n3, name, ",".join(sorted(neigh[a3])), to_wkt(geom)))
    stats["neighbour_pairs"] = sum(len(v) for v in neigh.values()) // 2
    return rows, stats


def main() -> None:
    ap = argparse.ArgumentParser(description="Natural Earth 10m countries (world-atlas TopoJSON) -> TSV.gz")
    ap.add_argument("source", type=Path, help="world-atlas-2.0.2.tgz or countries-10m.json")
    ap.add_argument("--out", type=Path, default=SOURCES_DIR / "naturalearth_countries_10m.tsv.gz")
    args = ap.parse_args()
    rows, stats = convert(load_topology(args.source))
    text = tsv_text(["iso_a3", "iso_n3", "name", "neighbours", "wkt"], rows)
    digest = write_gzip_text(args.out, text)
    print(f"{args.out}: {len(rows)} countries, {stats['neighbour_pairs']} neighbour pairs, sha256 {digest}")
    print(f"make_valid applied to {len(stats['made_valid'])}: {' '.join(stats['made_valid'])}")
    print(f"cut at the antimeridian: {stats['antimeridian']}")
    print(f"rings dropped (collapsed under quantization): {stats['dropped_rings']}")
    print(f"features represented by their quantization cell: {stats['collapsed']}, cut out of {stats['cut_by_collapsed']}")


if __name__ == "__main__":
    main()
