"""The scene of an item: its entities' geometries from the gold triples, each under an anonymous id.

A scene is what the scene conditions (``T1-geojson``, ``T1-map``, ``T1-geojson-map``) show a model: one
:class:`SceneFeature` per entity of the item that has a geometry in the item's gold triples, with the
geometry exactly as the gold WKT has it (CRS84 longitude, latitude), an anonymous id (the template's role
letter: ``A``, ``B``, ``E``...), the entity's name as the question uses it, and its category only when the
question names that category. Never the answer: gold geometries of entities that are not roles of the item
(the candidates a "nearest X" question chose among, the answer entity) are not part of the scene.

A feature can be ``hidden``: shown, but its name withheld (the visual slice asks about "the area outlined
on the map" instead of naming it).
"""

from __future__ import annotations

import dataclasses
import re

from shapely.geometry.base import BaseGeometry

from kgbench.evaluation.scenes.features import item_features

__all__ = ["SceneFeature", "Scene", "item_scene"]

_LETTER = re.compile(r"^[A-Z]$")
#: the answer format of a question that picks one entity among candidates
_CHOICE = "Entity name (single)"


@dataclasses.dataclass(frozen=True)
class SceneFeature:
    """One task feature: anonymous ``id``, the item ``role``, ``name`` (None when hidden), ``category`` (None
    unless the question names it), the ``geometry`` (shapely, CRS84, as in the gold) and the entity ``iri``
    (kept to leave the entity out of the basemap; never shown); ``member``: one of the things a category
    role ranges over (ids ``A1``, ``A2``...), not the role's own entity."""

    id: str
    role: str
    name: str | None
    category: str | None
    geometry: BaseGeometry
    iri: str | None = None
    member: bool = False

    @property
    def label(self) -> str:
        """Return the feature's legend text: ``"A: Helsinki Cathedral"``, or the id alone when its name is hidden.

        >>> import shapely
        >>> SceneFeature("A", "A", "Kallio", None, shapely.Point(0, 0)).label
        'A: Kallio'
        """
        return f"{self.id}: {self.name}" if self.name else self.id


@dataclasses.dataclass(frozen=True)
class Scene:
    """An item's scene: its id and its task features in role order."""

    item_id: str
    features: tuple[SceneFeature, ...]

    def hiding(self, roles) -> "Scene":
        """Return the scene with the names (and categories) of these roles withheld.

        >>> import shapely
        >>> s = Scene("x", (SceneFeature("A", "A", "Kallio", None, shapely.Point(0, 0)),)).hiding({"A"})
        >>> s.features[0].label
        'A'
        """
        roles = set(roles)
        return dataclasses.replace(self, features=tuple(
            dataclasses.replace(f, name=None, category=None) if f.role in roles else f for f in self.features))


def _anonymous_ids(roles: list[str]) -> dict[str, str]:
    """Return the id of each role: the role itself when it is one capital letter (every template's roles are),
    else ``F1``, ``F2``... in role order.

    >>> _anonymous_ids(["A", "B"]), _anonymous_ids(["A", "route"])
    ({'A': 'A', 'B': 'B'}, {'A': 'F1', 'route': 'F2'})
    """
    if all(_LETTER.match(r) for r in roles):
        return {r: r for r in roles}
    return {r: f"F{n}" for n, r in enumerate(roles, 1)}


def _gold_categories(item) -> dict[str, str]:
    """Return entity IRI -> ``kgb:category`` as the item's gold triples state it."""
    from pyoxigraph import RdfFormat, parse

    from kgbench.ontologies import KGB

    category = KGB.category.value
    return {q.subject.value: q.object.value for q in parse(item.gold_triples or "", RdfFormat.N_TRIPLES)
            if q.predicate.value == category}


def item_scene(item) -> Scene:
    """Return the :class:`Scene` of an item: its entities with a geometry in the gold triples, and the members
    of its category roles that the gold triples hold.

    An entity role (one with an IRI) gives one feature: the entity's first geometry literal in the gold
    triples, as written there; its name is the one the item records (the one its question uses), its
    category is kept only when the question contains it (case-insensitive). An entity whose gold holds no
    geometry is not in the scene. A category role (``"A": {"name": "cities", "category": "city"}``: the
    kind of thing a question ranges over) gives one feature per gold geometry whose owner has that
    ``kgb:category`` in the gold triples (the candidates the answer was chosen among), ids ``A1``, ``A2``...
    in name order, each with its name and category, but only for a question that asks for one entity by
    name (answer format "Entity name (single)") and whose gold holds other candidates than the answer: a
    count or a list computed from the members (which countries a storm crossed) would show the answer.
    Other gold geometries are left out. An entity marked ``"hidden": true`` (the visual slice,
    :mod:`kgbench.release.visual`) is shown without its name or category.

    >>> from types import SimpleNamespace as NS
    >>> gold = ('<http://x/a> <http://www.opengis.net/ont/geosparql#hasGeometry> <http://x/a/g> .\\n'
    ...         '<http://x/a/g> <http://www.opengis.net/ont/geosparql#asWKT> "POINT (24.9 60.1)"'
    ...         '^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\\n')
    >>> s = item_scene(NS(id="A1-x", question="How far is the cafe Aa from the sea?", gold_triples=gold,
    ...                   entities={"A": {"iri": "http://x/a", "name": "Aa", "category": "cafe"}}))
    >>> [(f.id, f.name, f.category, f.geometry.wkt) for f in s.features]
    [('A', 'Aa', 'cafe', 'POINT (24.9 60.1)')]
    """
    entities = {role: ent for role, ent in (item.entities or {}).items() if isinstance(ent, dict) and ent.get("iri")}
    kinds = {role: ent["category"] for role, ent in (item.entities or {}).items()
             if isinstance(ent, dict) and not ent.get("iri") and ent.get("category")}
    if getattr(item, "answer_format", None) != _CHOICE:
        kinds = {}
    features = item_features(item, kg=False)
    geometry: dict[str, BaseGeometry] = {}
    for f in features:
        if f.role in entities and f.role not in geometry:
            geometry[f.role] = f.geometry
    members: dict[str, dict[str, tuple[str, BaseGeometry]]] = {role: {} for role in kinds}
    if kinds:
        categories = _gold_categories(item)
        role_of = {category: role for role, category in kinds.items()}
        for f in features:
            role = role_of.get(categories.get(f.iri or ""))
            if role is not None and f.role == "" and f.iri not in members[role]:
                members[role][f.iri] = (f.label, f.geometry)
    answers = {a for a in [getattr(item, "answer", None), *(getattr(item, "acceptable", None) or [])]
               if isinstance(a, str)}
    for role in list(members):
        if not {name for name, _ in members[role].values()} - answers:
            del members[role], kinds[role]  # only the answer itself: showing it would answer the question
    roles = sorted(geometry)
    ids = _anonymous_ids(sorted(set(roles) | set(kinds)))
    question = (item.question or "").casefold()
    out = []
    for role in sorted(set(roles) | set(kinds)):
        if role in geometry:
            ent = entities[role]
            category = ent.get("category")
            if not category or category.casefold() not in question:
                category = None
            name = None if ent.get("hidden") else ent.get("name") or None
            out.append(SceneFeature(ids[role], role, name, None if ent.get("hidden") else category, geometry[role],
                                    ent["iri"]))
        for n, (iri, (name, geom)) in enumerate(sorted(members.get(role, {}).items(), key=lambda m: (m[1][0], m[0])),
                                                1):
            out.append(SceneFeature(f"{ids[role]}{n}", role, name or None, kinds[role], geom, iri, True))
    return Scene(item.id, tuple(out))
