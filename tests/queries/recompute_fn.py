"""Independent recomputation of the F, G, H, J, K, M and N answers from gold triples.

Uses pyproj (geodesics, azimuthal equidistant frames), shapely, h3 and s2sphere directly, never kgbench's
geofunctions. Each function asserts that the item's answer agrees with the recomputation within its format's
tolerance (tighter where the computation is deterministic).
"""

from __future__ import annotations

import math

import h3
import numpy as np
import pytest
import s2sphere
import shapely
import shapely.geometry
import shapely.ops
from pyoxigraph import RdfFormat, parse
from pyproj import Geod, Transformer

GEOD = Geod(ellps="WGS84")
AS_WKT = "http://www.opengis.net/ont/geosparql#asWKT"
HAS_GEOMETRY = "http://www.opengis.net/ont/geosparql#hasGeometry"
KGB = "https://w3id.org/kgbench/ontology#"
NAME = KGB + "canonicalName"


def triples(item) -> list:
    return [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]


def geometries(item) -> dict:
    """Return entity IRI -> shapely geometry from an item's gold triples."""
    ts = triples(item)
    wkt = {t.subject.value: t.object.value for t in ts if t.predicate.value == AS_WKT}
    return {t.subject.value: shapely.from_wkt(wkt[t.object.value]) for t in ts
            if t.predicate.value == HAS_GEOMETRY and t.object.value in wkt}


def values(item, prop: str) -> dict:
    """Return subject IRI -> list of object values of one property (full IRI or kgb: local name)."""
    iri = prop if prop.startswith("http") else KGB + prop
    out: dict = {}
    for t in triples(item):
        if t.predicate.value == iri:
            out.setdefault(t.subject.value, []).append(t.object.value)
    return out


def names(item) -> dict:
    return {s: v[0] for s, v in values(item, NAME).items()}


def geom(item, role: str):
    return geometries(item)[item.entities[role]["iri"]]


def param(item, name: str):
    return item.bindings[name]


def aeqd(lon: float, lat: float):
    proj = f"+proj=aeqd +lat_0={lat} +lon_0={lon} +datum=WGS84 +units=m +no_defs"
    fwd = Transformer.from_crs("OGC:CRS84", proj, always_xy=True)
    inv = Transformer.from_crs(proj, "OGC:CRS84", always_xy=True)

    def run(t):
        return lambda g: shapely.transform(g, lambda xy: np.column_stack(t.transform(xy[:, 0], xy[:, 1])))

    return run(fwd), run(inv)


def frame(g):
    """The local azimuthal equidistant frame centred on the bounding-box centre (rounded to 0.01 degree)."""
    x0, y0, x1, y1 = g.bounds
    return aeqd(round((x0 + x1) / 2, 2), round((y0 + y1) / 2, 2))


def centroid(g):
    if g.geom_type == "Point":
        return g
    fwd, inv = frame(g)
    return inv(fwd(g).centroid)


def geod_area_perimeter(g) -> tuple[float, float]:
    a, p = GEOD.geometry_area_perimeter(g)
    return abs(a), p


def km_between(lat1, lon1, lat2, lon2) -> float:
    return GEOD.inv(lon1, lat1, lon2, lat2)[2] / 1000


def azimuth(a, b) -> float:
    """Initial WGS84 azimuth from point a to point b (shapely points), degrees clockwise from north."""
    return GEOD.inv(a.x, a.y, b.x, b.y)[0] % 360.0


def angle_diff(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


# ----------------------------------------------------------------------------------------------------- N


def n1(item):
    c = centroid(geom(item, "A"))
    assert km_between(item.answer["lat"], item.answer["lon"], c.y, c.x) < 0.5


def n2(item):
    x0, y0, x1, y1 = geom(item, "A").bounds
    got = shapely.from_wkt(item.answer)
    assert got.bounds == pytest.approx((x0, y0, x1, y1), abs=1e-6)
    assert got.area == pytest.approx((x1 - x0) * (y1 - y0), rel=1e-6)


# ----------------------------------------------------------------------------------------------------- K


def _compare(item, fa, fb):
    va, vb = fa, fb
    assert abs(va - vb) > 0.02 * max(abs(va), abs(vb))
    want = (va - vb) * param(item, "sign") > 0
    assert item.answer == ("true" if want else "false")


def k1(item):
    _compare(item, geod_area_perimeter(geom(item, "A"))[0], geod_area_perimeter(geom(item, "B"))[0])


def _polsby(g):
    a, p = geod_area_perimeter(g)
    return 4 * math.pi * a / p ** 2


def k2(item):
    _compare(item, _polsby(geom(item, "A")), _polsby(geom(item, "B")))


def _elong(g):
    fwd, _ = frame(g)
    rect = fwd(g).minimum_rotated_rectangle
    c = np.asarray(rect.exterior.coords)
    s = [math.dist(c[0], c[1]), math.dist(c[1], c[2])]
    return 1 - min(s) / max(s)


def k3(item):
    _compare(item, _elong(geom(item, "A")), _elong(geom(item, "B")))


RECOMPUTE = {"N1": n1, "N2": n2, "K1": k1, "K2": k2, "K3": k3}
