"""Independent recomputation of the F, G, H, J, K, M and N answers from gold triples.

Never kgbench's geofunctions nor a copy of them: distances and azimuths by Vincenty's formula, areas by the
shoelace formula in an equal-area frame, centroids, rectangles and simplification written out in
``reference_geometry`` (frames centred on the exact bounding-box centre, not kgbench's rounded one); grid cells
by h3, s2sphere and pygeohash. Each function asserts that the item's answer agrees with the recomputation
within its format's tolerance (tighter where the computation is deterministic).
"""

from __future__ import annotations

import math

import h3
import numpy as np
import pygeohash
import pytest
import s2sphere
import shapely
import shapely.geometry
import shapely.ops
from pyproj import Geod, Transformer

from gold_view import KGB, Gold, densify_lonlat
from reference_geometry import area_m2, centroid, elongation, perimeter_m, simplify_dp, vincenty

GEOD = Geod(ellps="WGS84")
NAME = KGB + "canonicalName"


def geometries(item) -> dict:
    """Return entity IRI -> shapely geometry from an item's gold triples."""
    return Gold(item).geom


def values(item, prop: str) -> dict:
    """Return subject IRI -> list of object values of one property (full IRI or kgb: local name)."""
    return Gold(item).values(prop)


def names(item) -> dict:
    return {s: v[0] for s, v in values(item, NAME).items()}


def geom(item, role: str):
    return geometries(item)[item.entities[role]["iri"]]


def param(item, name: str):
    return item.bindings[name]


def local_frame(g):
    """Return the map from CRS84 to an azimuthal equidistant frame on the exact bounding-box centre."""
    x0, y0, x1, y1 = g.bounds
    proj = f"+proj=aeqd +lat_0={(y0 + y1) / 2} +lon_0={(x0 + x1) / 2} +datum=WGS84 +units=m +no_defs"
    fwd = Transformer.from_crs("OGC:CRS84", proj, always_xy=True)
    return lambda h: shapely.transform(h, lambda xy: np.column_stack(fwd.transform(xy[:, 0], xy[:, 1])))


def area_perimeter(g) -> tuple[float, float]:
    """Area (holes subtracted; shoelace, equal-area frame) and perimeter (every ring, holes included; Vincenty)."""
    return area_m2(g), perimeter_m(g)


def km_between(lat1, lon1, lat2, lon2) -> float:
    return vincenty(lon1, lat1, lon2, lat2)[0] / 1000


def azimuth(a, b) -> float:
    """Initial WGS84 azimuth from a to b (their centroids), degrees clockwise from north, by Vincenty."""
    a, b = centroid(a), centroid(b)
    return vincenty(a.x, a.y, b.x, b.y)[1]


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


def _compare(item, fa, fb, gap=0.02):
    """Assert the item's Boolean answer from the two values, which differ by more than ``gap`` of the larger."""
    va, vb = fa, fb
    assert abs(va - vb) > gap * max(abs(va), abs(vb)), (va, vb, gap)
    want = (va - vb) * param(item, "sign") > 0
    assert item.answer == ("true" if want else "false")


def k1(item):
    _compare(item, area_perimeter(geom(item, "A"))[0], area_perimeter(geom(item, "B"))[0])


def _polsby(g):
    a, p = area_perimeter(g)
    return 4 * math.pi * a / p ** 2


def _outer_polsby(g):
    """4 pi A / P^2 with P the outer rings' length only (holes still subtracted from A)."""
    return 4 * math.pi * area_m2(g) / perimeter_m(g, holes=False) ** 2


def k2(item):
    # near ties under 15% are never asked (K2 version 3); 14% leaves room for the two geodesic computations
    a, b = geom(item, "A"), geom(item, "B")
    _compare(item, _polsby(a), _polsby(b), gap=0.14)
    # version 4: nor under 15% with outer-ring perimeters (enclaves' borders left out), nor an order that flips
    oa, ob = _outer_polsby(a), _outer_polsby(b)
    assert abs(oa - ob) > 0.14 * max(oa, ob), (oa, ob)
    assert (oa > ob) == (_polsby(a) > _polsby(b)), (oa, ob)


def k3(item):
    _compare(item, elongation(geom(item, "A")), elongation(geom(item, "B")))


def k4(item):
    _, p = area_perimeter(geom(item, "A"))
    assert item.answer == pytest.approx(p / 1000, rel=1e-3)


def k5(item):
    simple = simplify_dp(geom(item, "A"), param(item, "scale_km") * 1000)
    a, p = area_perimeter(simple)
    assert param(item, "metric") == "shape index"
    assert item.answer == pytest.approx(p / (2 * math.sqrt(math.pi * a)), rel=0.01)


# ----------------------------------------------------------------------------------------------------- H, M


def h3_(item):
    p = geom(item, "A")
    assert item.answer["h3"] == h3.latlng_to_cell(p.y, p.x, param(item, "h3_res"))
    cid = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(p.y, p.x)).parent(param(item, "s2_level"))
    assert item.answer["s2"] == cid.to_token()


def m2(item):
    p = geom(item, "A")
    grid, value = param(item, "grid_type"), param(item, "value")
    if grid == "H3":
        assert (item.answer, item.unit) == (h3.latlng_to_cell(p.y, p.x, value), "h3")
    elif grid == "S2":
        cid = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(p.y, p.x)).parent(value)
        assert (item.answer, item.unit) == (cid.to_token(), "s2")
    elif item.answer_format == "Geohash":
        assert item.answer == pygeohash.encode(p.y, p.x, precision=value)
    else:  # the centre of the geohash cell: pygeohash's decoded box centre
        lat, lon, dlat, dlon = pygeohash.decode_exactly(pygeohash.encode(p.y, p.x, precision=value))
        assert abs(dlat) < 0.03 and abs(dlon) < 0.03   # precision 5: about 4.9 km x 4.9 km
        assert item.answer["lat"] == pytest.approx(lat, abs=1e-9)
        assert item.answer["lon"] == pytest.approx(lon, abs=1e-9)


def m1(item):
    a, b = geom(item, "A"), geom(item, "B")
    d, az = vincenty(b.x, b.y, a.x, a.y)
    assert angle_diff(item.answer["angle"], az) < 0.01
    assert item.answer["distance"] == pytest.approx(d / 1000, rel=1e-4)


# ----------------------------------------------------------------------------------------------------- J


def j1(item):
    az = azimuth(geom(item, "B"), geom(item, "A"))
    off = angle_diff(az, param(item, "direction_deg"))
    assert abs(off - 45) > 4.9
    assert item.answer == ("true" if off < 45 else "false")


COMPASS16 = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]


def j4(item):
    n = param(item, "points")
    az = azimuth(geom(item, "A"), geom(item, "B"))
    step = 360 / n
    k = int(((az + step / 2) % 360) // step)
    assert item.answer == COMPASS16[k * (16 // n)]


def h1(item):
    a, b = geom(item, "A"), geom(item, "B")
    want = next(h3.latlng_to_cell(a.y, a.x, r) for r in range(15, -1, -1)
                if h3.latlng_to_cell(a.y, a.x, r) == h3.latlng_to_cell(b.y, b.x, r))
    assert item.answer == want


def h2(item):
    a, b = geom(item, "A"), geom(item, "B")
    r = param(item, "resolution")
    assert h3.latlng_to_cell(a.y, a.x, r) == h3.latlng_to_cell(b.y, b.x, r) == item.answer


# ----------------------------------------------------------------------------------------------------- F


def _best(item, scores: dict):
    """scores: name -> score (higher wins); the answer and its acceptable ties must be exactly the best."""
    top = max(scores.values())
    best = sorted(n for n, v in scores.items() if v == top)
    # acceptable entries that are candidates are the ties; the others are the answer's bare name ("Bergen")
    ties = [a for a in item.acceptable if a in scores]
    assert all(item.answer.startswith(a) for a in item.acceptable if a not in scores), item.acceptable
    assert [item.answer, *ties] == [min(best), *best[1:]] or sorted([item.answer, *ties]) == best


def _cities(item):
    country = values(item, "country")
    iso = country[item.entities["B"]["iri"]][0]
    cat = values(item, "category")
    return [x for x, v in country.items() if v[0] == iso and x in cat and cat[x][0] in ("city", "capital city")]


def f1(item):
    g, nm = geometries(item), names(item)
    sign, axis = param(item, "sign"), param(item, "axis")
    scores = {nm[x]: sign * (g[x].y if axis == "lat" else g[x].x) for x in _cities(item)}
    _best(item, scores)
    top = max(scores.values())
    assert all(v <= top - 0.01 for v in scores.values() if v != top), "a near tie (within 0.01 degree) was asked"


def f2(item):
    g, nm = geometries(item), names(item)
    part = values(item, "partOf")
    xs = [x for x, v in part.items() if item.entities["B"]["iri"] in v]
    f = (lambda x: area_perimeter(g[x])[0]) if param(item, "metric") == "area" else (lambda x: elongation(g[x]))
    scores = {nm[x]: param(item, "sign") * f(x) for x in xs}
    top = max(scores.values())
    assert scores[item.answer] == pytest.approx(top, rel=1e-6)
    others = [v for n, v in scores.items() if n != item.answer]
    assert others and max(others) <= top - 0.019 * abs(top), "a near tie (within 2%) was asked"


def f3(item):
    nm, pop, g = names(item), values(item, "population"), geometries(item)
    pops = {x: float(pop[x][0]) for x in _cities(item)}
    scores = {nm[x]: v for x, v in pops.items()}
    mine = scores[item.answer]
    higher = sum(1 for v in scores.values() if v > mine)
    assert higher == param(item, "rank") - 1
    close = [n for n, v in scores.items() if n != item.answer and abs(v - mine) < 0.1 * max(v, mine)]
    assert not close, f"a city within 10% of the answer's population was ranked: {close}"
    for x, px in pops.items():  # a city ranked at or above the answer is no district of a larger city nearby
        if px >= mine:
            near = [nm[z] for z, pz in pops.items() if pz > px and vincenty(g[x].x, g[x].y, g[z].x, g[z].y)[0] < 10_000]
            assert not near, f"{nm[x]} lies within 10 km of the more populous {near}"


# ----------------------------------------------------------------------------------------------------- G


def _largest_part(g):
    """The part of largest geodesic area (the pole is asked of the largest part of a multipolygon)."""
    parts = list(g.geoms) if g.geom_type == "MultiPolygon" else [g]
    return max(parts, key=area_m2)


def _laea(g):
    """A Lambert azimuthal equal-area frame centred on the part's representative point (not kgbench's frame)."""
    c = g.representative_point()
    proj = f"+proj=laea +lat_0={c.y} +lon_0={c.x} +datum=WGS84 +units=m +no_defs"
    t = Transformer.from_crs("OGC:CRS84", proj, always_xy=True)
    return lambda h: shapely.transform(h, lambda xy: np.column_stack(t.transform(xy[:, 0], xy[:, 1])))


def _depth_check(item, g):
    """The answer lies inside the area and is (nearly) as deep as the deepest point of a brute-force grid search.

    Depth = planar distance to the boundary in an equal-area frame; the grid (80 x 80 over the bounding box,
    then 40 x 40 around the best grid point) never uses a maximum-inscribed-circle routine, so it shares
    nothing with the implementation.
    """
    lat, lon = item.answer["lat"], item.answer["lon"]
    part = _largest_part(g)
    fwd = _laea(part)
    local = fwd(part)
    ring = local.boundary
    q = fwd(shapely.geometry.Point(lon, lat))
    assert local.buffer(1).contains(q), (lat, lon)
    x0, y0, x1, y1 = local.bounds
    best, bx, by = -1.0, None, None
    for refine in (False, True):
        if refine:  # around the best point of the coarse grid
            span, cx, cy, n = ((x1 - x0) / 40, (y1 - y0) / 40), bx, by, 40
        else:
            span, cx, cy, n = (x1 - x0, y1 - y0), (x0 + x1) / 2, (y0 + y1) / 2, 80
        xs = np.linspace(cx - span[0] / 2, cx + span[0] / 2, n)
        ys = np.linspace(cy - span[1] / 2, cy + span[1] / 2, n)
        gx, gy = (a.ravel() for a in np.meshgrid(xs, ys))
        inside = shapely.contains_xy(local, gx, gy)
        pts = shapely.points(gx[inside], gy[inside])
        if len(pts):
            d = shapely.distance(ring, pts)
            k = int(np.argmax(d))
            if d[k] > best:
                best, bx, by = float(d[k]), float(gx[inside][k]), float(gy[inside][k])
    depth = ring.distance(q)
    size = max(x1 - x0, y1 - y0)
    assert depth >= 0.97 * best - size / 500, (depth, best)


def g1(item):
    _depth_check(item, geom(item, "A"))


def g2(item):
    a, b = geom(item, "A"), geom(item, "B")
    assert a.contains(b), "the city is not inside the state"
    _depth_check(item, a)


def f4(item):
    g, nm, cat = geometries(item), names(item), values(item, "category")
    b, c = g[item.entities["B"]["iri"]], g[item.entities["C"]["iri"]]
    deg = {"north": 0, "east": 90, "south": 180, "west": 270}[param(item, "direction")]
    want = set()
    for x, cats in cat.items():
        if param(item, "A") not in cats or x in (item.entities["B"]["iri"], item.entities["C"]["iri"]):
            continue
        p = g[x]
        if p.geom_type == "Point":
            d = vincenty(p.x, p.y, b.x, b.y)[0] / 1000
        else:
            fwd = local_frame(p)
            d = fwd(p).distance(fwd(b)) / 1000
        if d <= param(item, "value") and angle_diff(azimuth(c, p), deg) < 45:
            want.add(nm[x])
    assert set(item.answer) == want


def j2(item):
    a, b, c = geom(item, "A"), geom(item, "B"), geom(item, "C")
    diff = (azimuth(b, a) - azimuth(b, c) + 180) % 360 - 180
    assert 10 < abs(diff) < 170
    assert item.answer == ("right" if diff > 0 else "left")


def _track_positions(line, step_deg: float = 0.01):
    """Return a track densified straight in lon/lat (a point every ``step_deg`` at most, about 1 km) and the
    cumulative WGS84 geodesic length in metres from its start to each point."""
    pts = densify_lonlat(line, step_deg)
    seg = GEOD.inv(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1])[2]
    return pts, np.concatenate([[0.0], np.cumsum(seg)])


def _along_track(pts, cum, p, slack_m: float):
    """Return (fraction of the track's geodesic length at the densified point nearest ``p`` by geodesic distance,
    lowest and highest fraction of the points less than ``slack_m`` farther from ``p`` than that one)."""
    d = GEOD.inv(pts[:, 0], pts[:, 1], np.full(len(pts), p.x), np.full(len(pts), p.y))[2]
    i = int(np.argmin(d))
    near = np.nonzero(d <= d[i] + slack_m)[0]
    return cum[i] / cum[-1], cum[near.min()] / cum[-1], cum[near.max()] / cum[-1]


def j3(item):
    g = geometries(item)
    track, a, b = geom(item, "T"), geom(item, "A"), geom(item, "B")
    # the premise: both cities inside the storm's wind field (the gold's kgb:affectedAreaOf the track)
    fields = [g[w] for w, of in values(item, "affectedAreaOf").items() if item.entities["T"]["iri"] in of]
    assert len(fields) == 1 and fields[0].contains(a) and fields[0].contains(b)
    pts, cum = _track_positions(track)
    fa, lo_a, hi_a = _along_track(pts, cum, a, 10_000)
    fb, lo_b, hi_b = _along_track(pts, cum, b, 10_000)
    # robust order: every track point within 10 km of a city's nearest one is on the same side of the other's
    assert hi_a < lo_b or hi_b < lo_a, (lo_a, hi_a, lo_b, hi_b)
    assert abs(fa - fb) > 0.04  # the template asks for 0.05 in kgbench's planar frame (within 0.016 of these)
    assert item.answer == ("upstream" if fa < fb else "downstream")


RECOMPUTE = {"N1": n1, "N2": n2, "K1": k1, "K2": k2, "K3": k3, "K4": k4, "K5": k5, "H3": h3_, "M2": m2, "M1": m1,
             "J1": j1, "J4": j4, "H1": h1, "H2": h2, "F1": f1, "F2": f2, "F3": f3, "G1": g1, "G2": g2,
             "F4": f4, "J2": j2, "J3": j3}
