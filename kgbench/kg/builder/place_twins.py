"""Near twins: two gazetteer places at almost one spot with almost one population, which no ranking can tell apart.

GeoNames' cities15000 lists some places twice, under two spellings (Kashan and Kāshān, 2.4 km apart, both
304,487 people), or lists a city's quarter with the whole city's population (Camayenne, 1.2 km from the
centre of Conakry, with 1,871,242 of its 1,928,389). Counted as two cities they push every smaller city of
the country down a rank, so a question ranking cities would be answered with an artefact of the gazetteer.
Such a pair is linked by ``kgb:nearTwin`` (both ways) and ranking templates do not ask where it decides.

It also lists city districts as places of their own, with their own population (Lasnamäe, Mustamäe and
Kesklinn in Tallinn, the twenty arrondissements of Paris, Hamburg-Mitte), which push a country's next
cities down a rank just the same. A place within :data:`DISTRICT_DISTANCE_M` of a more populous place of its
country may be such a district: it is linked to that place by ``kgb:nearLargerPlace``, and a ranking it
decides is not asked either (whether it is a city of its own is a matter of definition, not of fact).
"""

from __future__ import annotations

import shapely
from shapely.strtree import STRtree

from kgbench.geofunctions.metric import geodesic_distance_m
from kgbench.kg.builder.records import EntityRecord
from kgbench.ontologies import ENTITY

__all__ = ["TWIN_DISTANCE_M", "TWIN_POPULATION_SHARE", "DISTRICT_DISTANCE_M", "near_twin_pairs", "mark_near_twins",
           "near_larger_pairs"]

#: two places this close (metres, WGS84 geodesic) ...
TWIN_DISTANCE_M = 3000.0
#: ... of which the smaller has at least this share of the larger's population are near twins
TWIN_POPULATION_SHARE = 0.8
#: a planar search radius in degrees that holds every point within TWIN_DISTANCE_M below 80 degrees latitude
_SEARCH_DEGREES = 0.16
#: a place this close (metres, WGS84 geodesic) to a more populous place of its country may be its district
DISTRICT_DISTANCE_M = 10000.0
#: the search radius in degrees that holds every point within DISTRICT_DISTANCE_M below 80 degrees latitude
_DISTRICT_SEARCH_DEGREES = 0.53


def _pairs_near(points: list, degrees: float) -> list[tuple[int, int]]:
    """Return the ordered index pairs (i, j), i != j, of points within ``degrees`` of each other (planar, a prefilter
    for the geodesic test each caller makes after its cheaper ones)."""
    if len(points) < 2:
        return []
    left, right = STRtree(points).query(points, predicate="dwithin", distance=degrees)
    return [(i, j) for i, j in zip(left.tolist(), right.tolist()) if i != j]


def near_twin_pairs(points: list, populations: list[int]) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) of points within TWIN_DISTANCE_M whose populations differ by under 20%.

    Distances are WGS84 geodesic; the smaller population must be at least :data:`TWIN_POPULATION_SHARE`
    of the larger (a place without population, 0, is never a twin).

    >>> pts = [shapely.Point(-13.68, 9.54), shapely.Point(-13.67, 9.535), shapely.Point(-13.70, 9.55)]
    >>> near_twin_pairs(pts, [1928389, 1871242, 137287])     # Conakry, Camayenne 1.2 km away, Dixinn
    [(0, 1)]
    """
    out = []
    for i, j in sorted({(min(i, j), max(i, j)) for i, j in _pairs_near(points, _SEARCH_DEGREES)}):
        small, large = sorted((populations[i], populations[j]))
        if small > 0 and small >= TWIN_POPULATION_SHARE * large \
                and geodesic_distance_m(points[i], points[j]) <= TWIN_DISTANCE_M:
            out.append((i, j))
    return out


def near_larger_pairs(points: list, populations: list[int], countries: list[str | None]) -> list[tuple[int, int]]:
    """Return the index pairs (small, large): large is the most populous place of small's country within
    DISTRICT_DISTANCE_M of it, and more populous than small (the city small may be a district of).

    Distances are WGS84 geodesic; a place without a country or a population (0) is never in a pair; equal
    populations make no pair (that is a near twin's case). Each small place is in one pair at most.

    >>> pts = [shapely.Point(24.7535, 59.4370), shapely.Point(24.8602, 59.4336), shapely.Point(26.7251, 58.3806)]
    >>> near_larger_pairs(pts, [394024, 115008, 91407], ["EST", "EST", "EST"])  # Tallinn, Lasnamäe 6 km, Tartu
    [(1, 0)]
    >>> near_larger_pairs(pts[:2], [394024, 115008], ["EST", "FIN"])
    []
    """
    largest: dict[int, int] = {}
    for i, j in _pairs_near(points, _DISTRICT_SEARCH_DEGREES):
        if countries[i] and countries[i] == countries[j] and 0 < populations[i] < populations[j] \
                and populations[j] > populations[largest.get(i, i)] \
                and geodesic_distance_m(points[i], points[j]) <= DISTRICT_DISTANCE_M:
            largest[i] = j
    return sorted(largest.items())


def mark_near_twins(records: list[EntityRecord]) -> tuple[int, int]:
    """Return (near-twin pairs, near-larger links) among the GeoNames places, each linked in ``extra``.

    Near twins get ``nearTwin`` both ways; a place near a more populous one of its country ``nearLargerPlace``.
    """
    places = [r for r in records if r.graph == "geonames" and r.cls == "PopulatedPlace" and r.population]
    points, populations = [p.geometry for p in places], [p.population for p in places]
    pairs = near_twin_pairs(points, populations)
    for i, j in pairs:
        places[i].extra.append(("nearTwin", ENTITY.term(places[j].key)))
        places[j].extra.append(("nearTwin", ENTITY.term(places[i].key)))
    larger = near_larger_pairs(points, populations, [p.source_country for p in places])
    for i, j in larger:
        places[i].extra.append(("nearLargerPlace", ENTITY.term(places[j].key)))
    return len(pairs), len(larger)
