"""Near twins: two gazetteer places at almost one spot with almost one population, which no ranking can tell apart.

GeoNames' cities15000 lists some places twice, under two spellings (Kashan and Kāshān, 2.4 km apart, both
304,487 people), or lists a city's quarter with the whole city's population (Camayenne, 1.2 km from the
centre of Conakry, with 1,871,242 of its 1,928,389). Counted as two cities they push every smaller city of
the country down a rank, so a question ranking cities would be answered with an artefact of the gazetteer.
Such a pair is linked by ``kgb:nearTwin`` (both ways) and ranking templates do not ask where it decides.
"""

from __future__ import annotations

import shapely
from shapely.strtree import STRtree

from kgbench.geofunctions.metric import geodesic_distance_m
from kgbench.kg.builder.records import EntityRecord
from kgbench.ontologies import ENTITY

__all__ = ["TWIN_DISTANCE_M", "TWIN_POPULATION_SHARE", "near_twin_pairs", "mark_near_twins"]

#: two places this close (metres, WGS84 geodesic) ...
TWIN_DISTANCE_M = 3000.0
#: ... of which the smaller has at least this share of the larger's population are near twins
TWIN_POPULATION_SHARE = 0.8
#: a planar search radius in degrees that holds every point within TWIN_DISTANCE_M below 80 degrees latitude
_SEARCH_DEGREES = 0.16


def near_twin_pairs(points: list, populations: list[int]) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) of points within TWIN_DISTANCE_M whose populations differ by under 20%.

    Distances are WGS84 geodesic; the smaller population must be at least :data:`TWIN_POPULATION_SHARE`
    of the larger (a place without population, 0, is never a twin).

    >>> pts = [shapely.Point(-13.68, 9.54), shapely.Point(-13.67, 9.535), shapely.Point(-13.70, 9.55)]
    >>> near_twin_pairs(pts, [1928389, 1871242, 137287])     # Conakry, Camayenne 1.2 km away, Dixinn
    [(0, 1)]
    """
    if len(points) < 2:
        return []
    left, right = STRtree(points).query(points, predicate="dwithin", distance=_SEARCH_DEGREES)
    out = []
    for i, j in sorted({(min(i, j), max(i, j)) for i, j in zip(left.tolist(), right.tolist()) if i != j}):
        small, large = sorted((populations[i], populations[j]))
        if small > 0 and small >= TWIN_POPULATION_SHARE * large \
                and geodesic_distance_m(points[i], points[j]) <= TWIN_DISTANCE_M:
            out.append((i, j))
    return out


def mark_near_twins(records: list[EntityRecord]) -> int:
    """Return the number of near-twin pairs among the GeoNames places, linking each by ``nearTwin`` in ``extra``."""
    places = [r for r in records if r.graph == "geonames" and r.cls == "PopulatedPlace" and r.population]
    pairs = near_twin_pairs([p.geometry for p in places], [p.population for p in places])
    for i, j in pairs:
        places[i].extra.append(("nearTwin", ENTITY.term(places[j].key)))
        places[j].extra.append(("nearTwin", ENTITY.term(places[i].key)))
    return len(pairs)
