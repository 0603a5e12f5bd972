"""The basemap of a scene map, drawn from the snapshot itself: country polygons, roads and land use in the view.

No tiles, no network: a :class:`Basemap` is read from the KG for a view box (CRS84 degrees, longitudes
possibly past 180 for a view across the antimeridian):

- ``countries``: the polygons of the entities of category "country" (Natural Earth), cut to the view and
  simplified to about a pixel (the whole set is read once per KG and kept in its memo, with an STRtree);
- ``roads``: the lines of the categories :data:`ROAD_CATEGORIES` (OpenStreetMap) that meet the view;
- ``green`` and ``landuse``: the polygons of :data:`GREEN_CATEGORIES` and :data:`LANDUSE_CATEGORIES`.

The OpenStreetMap layers are found with one SPARQL query whose ``geof:sfIntersects`` against the view box
(bound as a ``geo:wktLiteral`` term) the store's spatial index answers. Entities of the scene itself are left
out (``exclude``), and the basemap carries no names: nothing on it can name a task feature.
"""

from __future__ import annotations

import dataclasses

import shapely
import shapely.affinity
from pyoxigraph import Literal, NamedNode
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import GeometryLiteralError, parse_geometry
from kgbench.ontologies import GEO

__all__ = ["Basemap", "read_basemap", "country_outlines", "country_polygons", "BASEMAP_TOLERANCE",
           "ROAD_CATEGORIES", "GREEN_CATEGORIES", "LANDUSE_CATEGORIES"]

#: degrees: the simplification of the country outlines under a whole-item notebook figure
BASEMAP_TOLERANCE = 0.02
#: OpenStreetMap categories drawn as roads
ROAD_CATEGORIES = ("road", "park path")
#: OpenStreetMap categories drawn as green land use
GREEN_CATEGORIES = ("park", "playground", "pitch", "garden")
#: OpenStreetMap categories drawn as other land use
LANDUSE_CATEGORIES = ("city block", "commercial area", "civil area", "square", "marketplace", "residential area")
_COUNTRIES_KEY = "scenes: country polygons"
_OUTLINES_KEY = "notebook: country outlines"
_WKT = NamedNode(GEO.base + "wktLiteral")
_OSM_QUERY = """SELECT ?e ?c ?w WHERE {
  VALUES ?c { %s }
  ?e kgb:category ?c ; geo:hasGeometry/geo:asWKT ?w .
  FILTER(geof:sfIntersects(?w, ?box))
}""" % " ".join(f'"{c}"' for c in ROAD_CATEGORIES + GREEN_CATEGORIES + LANDUSE_CATEGORIES)


@dataclasses.dataclass(frozen=True)
class Basemap:
    """The layers under a scene map, CRS84 shapely geometries (see the module docstring). ``Basemap()`` is none."""

    countries: tuple[BaseGeometry, ...] = ()
    roads: tuple[BaseGeometry, ...] = ()
    green: tuple[BaseGeometry, ...] = ()
    landuse: tuple[BaseGeometry, ...] = ()

    def __len__(self) -> int:
        return len(self.countries) + len(self.roads) + len(self.green) + len(self.landuse)


def _memo(kg) -> dict:
    memo = getattr(kg, "memo", None)
    return memo if memo is not None else {}  # a KG that keeps no memo (a remote endpoint): read every time


def country_polygons(kg) -> tuple[list[BaseGeometry], shapely.STRtree]:
    """Return the snapshot's country polygons (CRS84, full detail) and an STRtree over them, read once per KG."""
    memo = _memo(kg)
    if _COUNTRIES_KEY not in memo:
        r = kg.query('SELECT ?w WHERE { ?c kgb:category "country" ; geo:hasGeometry/geo:asWKT ?w }')
        geoms = []
        for (term,) in r.rows:
            try:
                geoms.append(parse_geometry(term))
            except GeometryLiteralError:
                continue
        memo[_COUNTRIES_KEY] = (geoms, shapely.STRtree(geoms))
    return memo[_COUNTRIES_KEY]


def country_outlines(kg) -> list:
    """Return the snapshot's country polygons simplified for a basemap (CRS84), read once per KG and kept.

    Countries are the entities of category "country"; their outlines are simplified to
    :data:`BASEMAP_TOLERANCE` degrees (about 2 km), which is what a whole-item figure can show.
    """
    memo = _memo(kg)
    if _OUTLINES_KEY not in memo:
        geoms, _ = country_polygons(kg)
        memo[_OUTLINES_KEY] = list(shapely.simplify(geoms, BASEMAP_TOLERANCE, preserve_topology=True))  # same order
    return memo[_OUTLINES_KEY]


def _world_boxes(box: tuple[float, float, float, float]) -> list[tuple[float, tuple]]:
    """Return (shift, box within [-180, 180]) pairs covering a view box whose longitudes may pass +-180.

    >>> _world_boxes((170, 0, 190, 10))
    [(0, (170, 0, 180, 10)), (360, (-180, 0, -170, 10))]
    """
    minx, miny, maxx, maxy = box
    out = []
    for shift in (-360, 0, 360):
        lo, hi = max(minx - shift, -180), min(maxx - shift, 180)
        if lo < hi:
            out.append((shift, (lo, miny, hi, maxy)))
    return sorted(out, key=lambda p: abs(p[0]))


def read_basemap(kg, box: tuple[float, float, float, float], *, exclude=(), tolerance: float = 0.0,
                 countries: bool = True, osm: bool = True) -> Basemap:
    """Return the :class:`Basemap` of a view box (minx, miny, maxx, maxy, CRS84; longitudes may pass +-180).

    Country polygons are cut to the box (grown by a twentieth) and simplified by ``tolerance`` degrees;
    geometries from the part of the box past +-180 come back shifted by 360 degrees, so that they lie in the
    box's own longitudes. ``exclude``: entity IRIs left out (the scene's own features). ``countries`` /
    ``osm`` turn a layer group off.
    """
    minx, miny, maxx, maxy = box
    grow = max(maxx - minx, maxy - miny) / 20
    grown = (minx - grow, max(miny - grow, -90), maxx + grow, min(maxy + grow, 90))
    parts = _world_boxes(grown)
    out: dict[str, list] = {"countries": [], "roads": [], "green": [], "landuse": []}
    if countries:
        geoms, tree = country_polygons(kg)
        if tolerance >= BASEMAP_TOLERANCE:  # a small-scale view: the outlines simplified once serve
            geoms = country_outlines(kg)
        for shift, b in parts:
            view = shapely.box(*b)
            for i in tree.query(view, predicate="intersects"):
                cut = shapely.intersection(geoms[i], view)
                if tolerance > 0:
                    cut = shapely.simplify(cut, tolerance, preserve_topology=True)
                if not cut.is_empty:
                    out["countries"].append(shapely.affinity.translate(cut, shift) if shift else cut)
    if osm:
        excluded = set(exclude)
        for shift, b in parts:
            lit = Literal(shapely.box(*b).wkt, datatype=_WKT)
            for e, c, w in kg.query(_OSM_QUERY, bindings={"box": lit}).rows:
                if e.value in excluded:
                    continue
                try:
                    geom = parse_geometry(w)
                except GeometryLiteralError:
                    continue
                layer = ("roads" if c.value in ROAD_CATEGORIES else "green" if c.value in GREEN_CATEGORIES
                         else "landuse")
                if layer == "roads" and geom.geom_type not in ("LineString", "MultiLineString"):
                    continue
                if layer != "roads" and geom.geom_type not in ("Polygon", "MultiPolygon"):
                    continue
                out[layer].append(shapely.affinity.translate(geom, shift) if shift else geom)
    return Basemap(**{k: tuple(v) for k, v in out.items()})

