"""GeoSPARQL 1.1 aggregate functions (``geof:aggUnion`` ...), as pyoxigraph custom aggregates.

Each aggregate accumulates the geometry literals of a group (unbound values never reach it) and answers in the
serialization and CRS of the first literal it saw. An empty group answers an empty geometry collection.
"""

from __future__ import annotations

import shapely
import shapely.geometry

from kgbench.geofunctions.construct import geodesic_centroid
from kgbench.geofunctions.literals import GeoValue, read_literal
from kgbench.geofunctions.writers import geometry_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.ontologies import GEOF as GEOF_NS

__all__ = ["GeometryAggregate", "FUNCTIONS"]

GEOF = GEOF_NS.base


class GeometryAggregate:
    """Return, on ``finish()``, ``reduce`` applied to the collection of the accumulated geometries.

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> acc = GeometryAggregate(lambda c: c.envelope)
    >>> for w in ("POINT(0 0)", "POINT(2 1)"):
    ...     acc.accumulate(Literal(w, datatype=WKT_LITERAL))
    >>> acc.finish().value
    'POLYGON ((0 0, 2 0, 2 1, 0 1, 0 0))'
    """

    def __init__(self, reduce):
        self.reduce = reduce
        self.parts = []
        self.first: GeoValue | None = None

    def accumulate(self, term) -> None:
        v = read_literal(term)
        if self.first is None:
            self.first = v
        if not v.geom.is_empty:
            self.parts.append(v.geom)

    def finish(self):
        coll = shapely.geometry.GeometryCollection(self.parts)
        out = self.reduce(coll) if self.parts else coll
        like = self.first or GeoValue(coll)
        return geometry_literal(out, like.kind, like.crs)


def _factory(name: str, reduce, doc: str):
    def make():
        return GeometryAggregate(reduce)

    make.__name__ = make.__qualname__ = name
    make.__doc__ = doc + (
        "\n\n    >>> from pyoxigraph import Literal\n    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
        f"    >>> acc = {name}()\n"
        "    >>> for w in ('POLYGON((0 0,1 0,1 1,0 1,0 0))', 'POLYGON((1 0,2 0,2 1,1 1,1 0))'):\n"
        "    ...     acc.accumulate(Literal(w, datatype=WKT_LITERAL))\n"
        "    >>> g = shapely.from_wkt(acc.finish().value)\n"
        "    >>> (g.geom_type, round(g.area, 3))\n"
        f"    {_EXAMPLES[name]}\n")
    return make


_EXAMPLES = {
    "agg_bounding_box": "('Polygon', 2.0)", "agg_bounding_circle": "('Polygon', 3.902)",
    "agg_centroid": "('Point', 0.0)", "agg_convex_hull": "('Polygon', 2.0)",
    "agg_concave_hull": "('Polygon', 2.0)", "agg_union": "('Polygon', 2.0)",
}
agg_bounding_box = _factory("agg_bounding_box", lambda c: c.envelope,
                            "Return the longitude/latitude bounding box of all geometries in the group, as a polygon.")
agg_bounding_circle = _factory("agg_bounding_circle", shapely.minimum_bounding_circle,
                               "Return the smallest planar circle (a polygon, in degrees) enclosing the group.")
agg_centroid = _factory("agg_centroid", geodesic_centroid,
                        "Return the centroid of the group's geometries (local equidistant projection) as a point.")
agg_convex_hull = _factory("agg_convex_hull", lambda c: c.convex_hull,
                           "Return the planar convex hull of all geometries in the group.")
agg_concave_hull = _factory("agg_concave_hull", lambda c: shapely.concave_hull(c, ratio=0.3),
                            "Return a concave hull (GEOS, ratio 0.3) of the vertices of the group's geometries.")
agg_union = _factory("agg_union", shapely.union_all, "Return the planar union of all geometries in the group.")

FUNCTIONS = [
    GeoFunction(GEOF + "aggBoundingBox", agg_bounding_box, aggregate=True),
    GeoFunction(GEOF + "aggBoundingCircle", agg_bounding_circle, aggregate=True),
    GeoFunction(GEOF + "aggCentroid", agg_centroid, aggregate=True),
    GeoFunction(GEOF + "aggConvexHull", agg_convex_hull, aggregate=True),
    GeoFunction(GEOF + "aggConcaveHull", agg_concave_hull, aggregate=True),
    GeoFunction(GEOF + "aggUnion", agg_union, aggregate=True),
]
