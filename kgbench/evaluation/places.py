"""The places of a knowledge graph as multiple-choice prompts need them: neighbours of an entity and its facts.

:class:`PlaceIndex` reads every entity's IRI, canonical name, category and H3 cell once (one query), and
answers from memory which entities lie nearest one of them (:meth:`PlaceIndex.nearest`, by the centres of
their H3 cells), so that an Entity-name or Set item's distractors are other entities of the same category near
the gold (:mod:`kgbench.evaluation.choices`). :meth:`PlaceIndex.context` writes the MapEval-style place context
of an entity: its name, category and the tags the snapshot has (country, region, population, locality,
OpenStreetMap tags, event facts), then its nearest other entities with the geodesic distance between the
geometries (:func:`kgbench.geofunctions.metric.geodesic_distance_m`) and the compass bearing between their
centres (:func:`kgbench.geofunctions.kgbf_direction.bearing_deg`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import h3
import numpy as np
from pyoxigraph import NamedNode

from kgbench.evaluation.formats import name_key
from kgbench.geofunctions.kgbf_direction import bearing_deg, compass_point
from kgbench.geofunctions.literals import parse_geometry
from kgbench.geofunctions.metric import geodesic_distance_m

__all__ = ["PlaceIndex", "Neighbour", "CONTEXT_TAGS", "place_context"]

_ENTITIES = """SELECT ?e ?name ?category ?cell WHERE {
  ?e a kgb:Entity ; kgb:canonicalName ?name ; kgb:category ?category ; kgb:h3Cell ?cell }"""
_GEOMETRY = "SELECT ?w WHERE { ?e geo:hasGeometry/geo:asWKT ?w } LIMIT 1"
_FACTS = "SELECT ?p ?o WHERE { ?e ?p ?o FILTER(isLiteral(?o)) }"

#: the entity facts (kgb: properties) a place context shows, in this order, named as the KG names them
CONTEXT_TAGS = ("country", "regionName", "locality", "population", "osmTag", "featureCode", "placeDescription",
                "magnitude", "depthKm", "startTime", "endTime", "stormStatus", "maxWindKt", "fips")
_KGB = "https://w3id.org/kgbench/ontology#"


@dataclass(frozen=True)
class Neighbour:
    """Return one entity near another: its IRI, name, category, the geodesic distance (km) between the two
    geometries, the compass point (16) from the first entity's centre to this one's and, for two entities that
    meet (distance 0), how: ``"inside"`` (this one lies inside the first), ``"contains"`` (this one contains
    the first), ``"border"`` (they touch) or ``"overlaps"``; None for entities apart."""

    iri: str
    name: str
    category: str
    km: float
    bearing: str
    relation: str | None = None


class PlaceIndex:
    """Return the entities of a knowledge graph, indexed by location (read on first use, kept in memory).

    ``kg`` is any :class:`~kgbench.kg.store.KnowledgeGraph` (``query(sparql, bindings=...)``).
    """

    def __init__(self, kg):
        self.kg = kg
        self._iris: list[str] | None = None
        self._geometries: dict[str, Any] = {}

    def _load(self) -> None:
        if self._iris is not None:
            return
        iris, names, cats, cells = [], [], [], []
        for row in self.kg.query(_ENTITIES):
            iris.append(row["e"].value)
            names.append(row["name"].value)
            cats.append(row["category"].value)
            cells.append(row["cell"].value)
        lat, lon = np.radians(np.array([h3.cell_to_latlng(c) for c in cells]).reshape(-1, 2)).T
        self._xyz = np.column_stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)])
        self._names, self._cats = names, np.array(cats, dtype=object)
        self._by_iri = {iri: i for i, iri in enumerate(iris)}
        self._by_name: dict[str, list[int]] = {}
        for i, name in enumerate(names):
            self._by_name.setdefault(name_key(name), []).append(i)
        self._iris = iris

    # ------------------------------------------------------------------------------------------ look-ups

    def category(self, iri: str) -> str | None:
        """Return the category of the entity with this IRI (None when the KG has no such entity)."""
        self._load()
        i = self._by_iri.get(iri)
        return None if i is None else self._cats[i]

    def name(self, iri: str) -> str | None:
        """Return the canonical name of the entity with this IRI (None when the KG has no such entity)."""
        self._load()
        i = self._by_iri.get(iri)
        return None if i is None else self._names[i]

    def find(self, name: str, prefer: str = "") -> str | None:
        """Return the IRI of an entity with this canonical name; among several, one whose IRI occurs in
        ``prefer`` (e.g. an item's gold triples), else the first. None when no entity has the name."""
        self._load()
        found = self._by_name.get(name_key(name), [])
        for i in found:
            if f"<{self._iris[i]}>" in prefer:
                return self._iris[i]
        return self._iris[found[0]] if found else None

    def nearest(self, iri: str, k: int, *, category: str | None = None, exclude: frozenset = frozenset()) -> list[str]:
        """Return the IRIs of the ``k`` entities nearest this one (by their H3 cells' centres), nearest first.

        ``category`` keeps only entities of that category; ``exclude`` holds name keys (:func:`name_key`) left
        out, and the entity itself and every entity of its own name are always left out. Entities sharing a name
        are kept once (the nearest).
        """
        self._load()
        i = self._by_iri[iri]
        mask = np.ones(len(self._iris), dtype=bool) if category is None else self._cats == category
        candidates = np.flatnonzero(mask)
        order = candidates[np.argsort(-(self._xyz[candidates] @ self._xyz[i]), kind="stable")]
        out, seen = [], set(exclude) | {name_key(self._names[i])}
        for j in order:
            key = name_key(self._names[j])
            if key in seen:
                continue
            seen.add(key)
            out.append(self._iris[j])
            if len(out) == k:
                break
        return out

    def geometry(self, iri: str):
        """Return the shapely geometry (CRS84) of the entity with this IRI, read once."""
        if iri not in self._geometries:
            rows = list(self.kg.query(_GEOMETRY, bindings={"e": NamedNode(iri)}))
            self._geometries[iri] = parse_geometry(rows[0]["w"]) if rows else None
        return self._geometries[iri]

    def facts(self, iri: str) -> list[tuple[str, str]]:
        """Return ``(property, value)`` of the entity's tags among :data:`CONTEXT_TAGS`, in that order (several
        values of one property joined by commas)."""
        found: dict[str, list[str]] = {}
        for row in self.kg.query(_FACTS, bindings={"e": NamedNode(iri)}):
            prop = row["p"].value
            if prop.startswith(_KGB) and prop[len(_KGB):] in CONTEXT_TAGS:
                found.setdefault(prop[len(_KGB):], []).append(row["o"].value)
        return [(p, ", ".join(sorted(found[p]))) for p in CONTEXT_TAGS if p in found]

    def neighbours(self, iri: str, k: int) -> list[Neighbour]:
        """Return the ``k`` entities nearest this one (any category) with distance and bearing, nearest first.

        The distance is the minimum geodesic distance between the two geometries (0 when they touch or
        overlap), in km; the bearing the 16-point compass point from a point of this entity (itself, for a point;
        shapely's representative point otherwise) to one of the other ("-" when the two are the same).
        """
        self._load()
        here = self.geometry(iri)
        out = []
        for other in self.nearest(iri, k):
            j = self._by_iri[other]
            km = geodesic_distance_m(here, self.geometry(other)) / 1000.0
            a, b = _centre(here), _centre(self.geometry(other))
            bearing = compass_point(bearing_deg(a, b), 16) if a != b else "-"
            out.append(Neighbour(other, self._names[j], self._cats[j], km, bearing,
                                 _relation(here, self.geometry(other)) if km == 0 else None))
        return sorted(out, key=lambda n: n.km)


def _centre(geom) -> tuple[float, float]:
    """Return (lon, lat) of a point, else of a point on the geometry (shapely's representative point)."""
    p = geom if geom.geom_type == "Point" else geom.representative_point()
    return p.x, p.y


def _relation(here, other) -> str:
    """Return how two geometries that meet do: "inside" (``other`` within ``here``), "contains" (``other``
    around ``here``), "border" (only their boundaries meet) or "overlaps".

    >>> from shapely.geometry import Point, box
    >>> _relation(box(0, 0, 2, 2), Point(1, 1)), _relation(Point(1, 1), box(0, 0, 2, 2))
    ('inside', 'contains')
    >>> _relation(box(0, 0, 1, 1), box(1, 0, 2, 1)), _relation(box(0, 0, 2, 2), box(1, 1, 3, 3))
    ('border', 'overlaps')
    """
    if here.equals(other):
        return "overlaps"
    if here.covers(other) and not (here.geom_type != "Point" and here.boundary.covers(other)):
        return "inside"
    if other.covers(here) and not (other.geom_type != "Point" and other.boundary.covers(here)):
        return "contains"
    return "border" if here.touches(other) or not here.intersects(other) else "overlaps"


def _km(km: float) -> str:
    return f"{km:.2f}" if km < 10 else f"{km:.1f}" if km < 100 else f"{km:.0f}"


def _near(n: Neighbour, texts) -> str:
    """Return a neighbour as the context lists it: "name (category) 12.3 km NE" for a place apart; for one that
    meets the entity, how it does ("inside it", "containing it": no distance nor direction, which mean nothing
    there; "on its border" / "overlapping it" with the compass point towards its centre)."""
    if n.relation in ("inside", "contains"):
        return f"{n.name} ({n.category}) {texts['context.' + n.relation]}"
    if n.relation is not None:
        bearing = f" {n.bearing}" if n.bearing != "-" else ""
        return f"{n.name} ({n.category}) {texts['context.' + n.relation]}{bearing}"
    return f"{n.name} ({n.category}) {_km(n.km)} km {n.bearing}"


def place_context(item, index: PlaceIndex, texts, *, k: int = 5, budget: int = 2400) -> str:
    """Return the place context of an item: a block per entity it names (name, category, tags, its ``k``
    nearest other places with distance in km and compass bearing), at most ``budget`` characters. A place that
    meets the entity is said to be inside it, containing it, on its border or overlapping it instead of at
    "0.00 km" (see :class:`Neighbour`).

    Entities come in the item's role order; a block that would pass the budget loses neighbours, then tags,
    then is left out. An entity the KG does not have is left out. ``texts`` are the item's language's prompt
    texts (the ``context.nearby`` line); tag names are the KG's property names.
    """
    blocks: list[str] = []
    used = 0
    for role in item.entities.values():
        iri = role.get("iri")
        if not iri or index.name(iri) is None:
            continue
        head = f"- {role.get('name') or index.name(iri)} ({index.category(iri)})"
        tags = "; ".join(f"{label}: {value[:80]}" for label, value in index.facts(iri))
        near = ", ".join(_near(n, texts) for n in index.neighbours(iri, k))
        tries = [[head + (f": {tags}" if tags else ""), "  " + texts["context.nearby"].format(places=near)],
                 [head + (f": {tags}" if tags else "")], [head]]
        for lines in tries:
            text = "\n".join(lines)
            if used + len(text) + 1 <= budget:
                blocks.append(text)
                used += len(text) + 1
                break
    return "\n".join(blocks)
