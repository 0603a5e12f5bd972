"""Reading an item's gold triples for the independent recomputations (no kgbench geo function is used here)."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import shapely
from pyoxigraph import RdfFormat, parse
from pyproj import Geod, Transformer

GEOD = Geod(ellps="WGS84")
GEO = "http://www.opengis.net/ont/geosparql#"
KGB = "https://w3id.org/kgbench/ontology#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


class Gold:
    """The gold triples of an item: every property and the shapely geometry of each entity, by entity IRI."""

    def __init__(self, item):
        triples = [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]
        self.props = defaultdict(lambda: defaultdict(list))
        for t in triples:
            self.props[t.subject.value][t.predicate.value].append(t.object.value)
        wkt = {s: p[GEO + "asWKT"][0] for s, p in self.props.items() if GEO + "asWKT" in p}
        self.geom = {s: shapely.from_wkt(wkt[p[GEO + "hasGeometry"][0]]) for s, p in self.props.items()
                     if GEO + "hasGeometry" in p and p[GEO + "hasGeometry"][0] in wkt}

    def values(self, prop):
        """Return subject IRI -> list of values of one property (a full IRI or a kgb: local name)."""
        iri = prop if prop.startswith("http") else KGB + prop
        return {s: p[iri] for s, p in self.props.items() if iri in p}

    def one(self, s, prop):
        """Return the first value of kgb:<prop> of s, or None."""
        v = self.props[s].get(KGB + prop)
        return v[0] if v else None

    def name(self, s):
        """Return the canonical name of s."""
        return self.one(s, "canonicalName")

    def with_category(self, category, exclude=()):
        """Return the entities with a geometry and this kgb:category, except those excluded."""
        return [s for s, p in self.props.items() if category in p.get(KGB + "category", []) and s not in exclude
                and s in self.geom]

    def having(self, prop, value=None):
        """Return the entities with a geometry and kgb:<prop> (with that value, if given)."""
        return [s for s, p in self.props.items() if s in self.geom and KGB + prop in p
                and (value is None or value in p[KGB + prop])]

    def role(self, item, r):
        """Return the geometry of the entity filling role r."""
        return self.geom[item.entities[r]["iri"]]


def densify_lonlat(line, step_deg: float):
    """Return the points of a (multi)line densified straight in lon/lat, at most ``step_deg`` apart, as an (n, 2) array.

    Straight lon/lat edges are how kgbench reads CRS84 geometries for distances and positions along a line;
    the recomputations measure the densified points with pyproj geodesics instead of kgbench's functions.
    """
    parts = []
    for part in getattr(line, "geoms", [line]):
        xy = np.asarray(part.coords)[:, :2]
        for (x0, y0), (x1, y1) in zip(xy, xy[1:]):
            n = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / step_deg))
            u = np.linspace(0.0, 1.0, n + 1)[:-1]
            parts.append(np.column_stack([x0 + u * (x1 - x0), y0 + u * (y1 - y0)]))
        parts.append(xy[-1:])
    return np.vstack(parts)


def km(a, b) -> float:
    """Return the minimum geodesic distance in km: exact for two points, else via a local equidistant projection."""
    if a.geom_type == "Point" and b.geom_type == "Point":
        return GEOD.inv(a.x, a.y, b.x, b.y)[2] / 1000
    c = a if a.geom_type == "Point" else a.representative_point()
    fwd = Transformer.from_crs("EPSG:4326", f"+proj=aeqd +lat_0={c.y} +lon_0={c.x} +datum=WGS84",
                               always_xy=True).transform

    def proj(geom):
        return shapely.transform(geom, lambda xy: np.column_stack(fwd(xy[:, 0], xy[:, 1])))

    return proj(a).distance(proj(b)) / 1000


def close(got, want, tol_km=None):
    """Assert got is within the scorer's distance tolerance of want (0.5 km / 5 km / 5 %), or within tol_km."""
    tol = tol_km if tol_km is not None else max(0.5 if want < 50 else 5.0, 0.05 * abs(want))
    assert abs(got - want) <= tol, (got, want)
