"""Independent recomputation of the templates added for the relation coverage (issue 16): shapely's DE-9IM matrix
and pyproj's geodesic lengths over the gold triples, not kgbench's functions.
"""

from __future__ import annotations

from recompute_cde import GEOD, Gold, _local_km  # one gold-triples reader for the C/D/E files


def c12(item):
    """C12: the track crosses the area (DE-9IM of line and area matches T*T******), with at least 25 km of line on
    each side of the border, or misses it by at least 25 km (24.5 asserted: two computations of one geodesic)."""
    g = Gold(item)
    track, area = g.g("A"), g.g("B")
    matrix = track.relate(area)
    crosses = matrix[0] != "F" and matrix[2] != "F"  # interior of the line meets the area's interior and exterior
    assert item.answer == ("true" if crosses else "false"), (item.id, matrix)
    if crosses:
        assert GEOD.geometry_length(track.intersection(area)) >= 24_500, item.id
        assert GEOD.geometry_length(track.difference(area)) >= 24_500, item.id
    else:
        assert not track.intersects(area), (item.id, matrix)  # a line meeting the area without crossing is not asked
        if track.distance(area) < 1.0:  # degrees: beyond 1 degree the gap is over 38 km up to 70 N
            assert _local_km(track, area) >= 24.5, item.id


RECOMPUTE = {"C12": c12}
