"""Stratifying ingested entities in bulk: country, income and density tier of a whole batch of points at once.

The rule is the bundled builder's (:class:`~kgbench.kg.builder.strata.CountryLocator`): the lowest-numbered Natural
Earth polygon that contains a point (its boundary included), else the nearest polygon. It is run on arrays:
the points' candidate countries come from the polygons' bounding boxes, then each candidate's prepared polygon
tests all its points at once (``shapely.intersects_xy``), which is an indexed point-in-polygon instead of
a scan of every vertex of Russia's, Norway's or France's polygon (their boxes cover much of the world).
"""

from __future__ import annotations

import numpy as np
import shapely

from kgbench.kg.builder import sources
from kgbench.kg.builder.strata import DensityTiers

__all__ = ["BulkStrata", "boundary_pieces"]

#: segments per piece of a country's boundary in the offshore (nearest country) search
_PIECE = 16


def boundary_pieces(geoms, size: int = _PIECE) -> tuple[np.ndarray, np.ndarray]:
    """Return (pieces, owner): every ring of every polygon cut into LineStrings of at most ``size`` segments,
    and the index in ``geoms`` of the polygon each piece comes from.

    The distance from a point outside a polygon to that polygon is the distance to its nearest ring
    segment, so the nearest piece's owner is the nearest polygon, with the same distance (each segment is
    kept as it is, in its ring's direction); small pieces have tight boxes, so a tree of them finds it
    without measuring every vertex of the large polygons whose boxes hold the point.

    >>> from shapely.geometry import box
    >>> pieces, owner = boundary_pieces([box(0, 0, 1, 1), box(2, 0, 3, 1)], size=2)
    >>> shapely.get_num_coordinates(pieces).tolist(), owner.tolist()
    ([3, 3, 3, 3], [0, 0, 1, 1])
    """
    parts, part_of = shapely.get_parts(np.asarray(geoms, dtype=object), return_index=True)
    rings, ring_of = shapely.get_rings(parts, return_index=True)
    coords, coord_of = shapely.get_coordinates(rings, return_index=True)
    first = np.flatnonzero(np.r_[True, coord_of[1:] != coord_of[:-1]])  # each ring's first coordinate
    segments = np.diff(np.r_[first, len(coords)]) - 1
    count = -(-segments // size)  # pieces per ring
    piece_ring = np.repeat(np.arange(len(first)), count)
    piece_start = first[piece_ring] + size * (np.arange(len(piece_ring)) - np.repeat(np.cumsum(count) - count, count))
    piece_len = np.minimum(size, first[piece_ring] + segments[piece_ring] - piece_start) + 1
    take = np.repeat(piece_start - np.r_[0, np.cumsum(piece_len)[:-1]], piece_len) + np.arange(piece_len.sum())
    pieces = shapely.linestrings(coords[take], indices=np.repeat(np.arange(len(piece_len)), piece_len))
    return pieces, part_of[ring_of[coord_of[first[piece_ring]]]]


class BulkStrata:
    """Country (Natural Earth point-in-polygon, nearest country offshore), income and density tier, in bulk."""

    def __init__(self, countries=None, places=None):
        """Build the tables from the bundled Natural Earth countries and GeoNames places, or the ones given."""
        countries = sources.countries() if countries is None else countries
        places = sources.places() if places is None else places
        self.codes = [c.iso_a3 for c in countries]
        self.geoms = np.array([c.geometry for c in countries], dtype=object)
        shapely.prepare(self.geoms)
        self.tree = shapely.STRtree(self.geoms)
        self.income = {c.iso_a3: c.income_tier for c in countries}
        self.density = DensityTiers.from_places((p.lon, p.lat, p.population) for p in places)
        self._offshore = None

    def countries(self, lonlat) -> list[str]:
        """Return the country code of each (lon, lat): the lowest-numbered polygon holding it, else the nearest.

        Offshore, the nearest piece of boundary (:func:`boundary_pieces`) names the country; where pieces
        of several countries are equally near, the choice is left to the whole polygons' tree
        (``STRtree.nearest``), as :class:`~kgbench.kg.builder.strata.CountryLocator` does.

        >>> from shapely.geometry import box
        >>> from types import SimpleNamespace as C
        >>> s = BulkStrata([C(iso_a3="AAA", geometry=box(0, 0, 1, 1), income_tier="HIC"),
        ...                 C(iso_a3="BBB", geometry=box(2, 0, 3, 1), income_tier="LIC")], places=[])
        >>> s.countries([(0.5, 0.5), (1.9, 0.5), (1.2, 0.5), (1.0, 1.0)])
        ['AAA', 'BBB', 'AAA', 'AAA']
        """
        xy = np.asarray(lonlat, dtype=float).reshape(-1, 2)
        n = len(xy)
        found = np.full(n, len(self.codes), dtype=np.int64)
        pts, boxes = self.tree.query(shapely.points(xy))
        inside = shapely.intersects_xy(self.geoms[boxes], xy[pts, 0], xy[pts, 1])
        np.minimum.at(found, pts[inside], boxes[inside])
        misses = np.flatnonzero(found == len(self.codes))
        if len(misses):
            if self._offshore is None:
                pieces, owner = boundary_pieces(self.geoms)
                self._offshore = shapely.STRtree(pieces), owner
            tree, owner = self._offshore
            which, piece = tree.query_nearest(shapely.points(xy[misses]), all_matches=True)
            nearest = np.full(len(misses), len(self.codes), dtype=np.int64)
            np.minimum.at(nearest, which, owner[piece])
            # a tie between countries (a shared border vertex): the whole-polygon tree's own choice, as the builder
            tied = np.flatnonzero(np.bincount(which[owner[piece] != nearest[which]], minlength=len(misses)))
            if len(tied):
                nearest[tied] = self.tree.nearest(shapely.points(xy[misses[tied]]))
            found[misses] = nearest
        codes = self.codes
        return [codes[j] for j in found.tolist()]
