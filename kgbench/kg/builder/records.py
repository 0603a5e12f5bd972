"""The source-neutral entity record every source builder produces and the snapshot writer consumes."""

from __future__ import annotations

import dataclasses

from shapely.geometry.base import BaseGeometry


@dataclasses.dataclass
class EntityRecord:
    """One entity of a source graph, before strata and canonical names are assigned.

    ``key`` is the entity's path below the kgbench entity namespace (``osm/node/123``) and must be unique
    in a snapshot. ``qualifiers`` are ``(level, value)`` pairs that can tell a shared name apart, levels
    from :data:`kgbench.kg.builder.names.LEVELS` (``("admin1", "Kentucky")``, ``("street", "Kaivokatu 1")``);
    ``style`` is how a qualified name is written: ``"comma"`` ("Danville, Kentucky") or ``"paren"``
    ("Kiasma (museum)"). Coordinates are never a qualifier.
    """

    key: str
    graph: str
    cls: str
    category: str
    name: str
    geometry: BaseGeometry
    labels: list[tuple[str, str | None]] = dataclasses.field(default_factory=list)
    source_ids: list[str] = dataclasses.field(default_factory=list)
    source_iris: list[str] = dataclasses.field(default_factory=list)
    qualifiers: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    style: str = "paren"
    tags: list[str] = dataclasses.field(default_factory=list)
    population: int | None = None
    iso_a3: str | None = None
    #: the country this entity is known to lie in (a country polygon's own code); None: point-in-polygon decides
    country_hint: str | None = None
    neighbours: tuple[str, ...] = ()
    #: the country the source record itself names (a GeoNames place's country code as ISO alpha-3); when the
    #: country polygon the point falls in disagrees, this code wins (:func:`kgbench.kg.builder.strata.settle_country`)
    source_country: str | None = None
    #: further statements (kgb: property local name, value): str, int, float, bool, datetime.date/datetime
    #: become typed literals, a pyoxigraph NamedNode an IRI; the property must be declared in the vocabulary
    extra: list[tuple[str, object]] = dataclasses.field(default_factory=list)
    #: an OSM line's vertices as {node id: (lon, lat)} (every way of a merged road): which roads share a node,
    #: i.e. meet in the data rather than only cross in the plane (not written to the graph)
    nodes: dict[int, tuple[float, float]] = dataclasses.field(default_factory=dict)
