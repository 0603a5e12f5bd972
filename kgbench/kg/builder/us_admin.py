"""The US administrative layer (states, DC, territories, counties) as entity records (template A3).

:func:`read_us_admin` returns ``AdminArea`` :class:`~kgbench.kg.builder.records.EntityRecord` s, graph
``usadmin``, with FIPS codes and ``kgb:partOf`` from a county to its state; geometries valid and cut at the
antimeridian (:mod:`~kgbench.kg.builder.world_geometry`).
"""

from __future__ import annotations

from pyoxigraph import NamedNode

from kgbench.kg.builder.localized_names import state_labels
from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.sources import SourceDataError
from kgbench.kg.builder.sources import events as event_tables
from kgbench.kg.builder.world_geometry import valid, wrap_world
from kgbench.ontologies import ENTITY

__all__ = ["read_us_admin"]

#: the ISO 3166 alpha-3 codes (as the Natural Earth polygons use them) of the FIPS areas that are not
#: part of Natural Earth's USA polygon
_TERRITORY_A3 = {"60": "ASM", "66": "GUM", "69": "MNP", "72": "PRI", "78": "VIR"}


def read_us_admin(areas=None, *, graph: str = "usadmin") -> list[EntityRecord]:
    """Return the US states, DC, territories and counties as ``AdminArea`` records (the committed layer by default).

    States: key ``usadmin/state/<fips>``, category ``state`` (the 50 states), ``federal district`` (DC) or
    ``territory`` (AS, GU, MP, PR, VI), name the state's name, labels its name, USPS code and its names in
    the benchmark's languages (:func:`~kgbench.kg.builder.localized_names.state_labels`). Counties
    (and county equivalents: parishes, boroughs, census areas, independent cities, municipios): key
    ``usadmin/county/<fips>``, category ``county``, name "Lee County, Florida", labels that and the
    base name. extra: fips (string, 2 or 5 digits); a county's partOf -> its state's entity IRI.
    """
    if areas is None:
        areas = event_tables.us_admin_areas()
    areas = list(areas)
    state_names = {a.fips: a.name for a in areas if a.level == "state"}
    out: list[EntityRecord] = []
    for a in areas:
        hint = _TERRITORY_A3.get(a.state_fips, "USA")
        geom = valid(wrap_world(a.geometry))
        if a.level == "state":
            cat = "federal district" if a.fips == "11" else "territory" if a.fips in _TERRITORY_A3 else "state"
            out.append(EntityRecord(
                key=f"{graph}/state/{a.fips}", graph=graph, cls="AdminArea", category=cat, name=a.name,
                geometry=geom, labels=[(a.name, "en"), (a.postal, None), *state_labels(a.postal)], source_ids=[a.fips],
                qualifiers=[("kind", "U.S. state" if cat == "state" else f"U.S. {cat}")],
                country_hint=hint, extra=[("fips", a.fips)]))
        else:
            if a.state_fips not in state_names:
                raise SourceDataError(f"county {a.fips} ({a.full_name}): no state {a.state_fips}")
            labels = [(a.full_name, "en")] + ([(a.name, None)] if a.name != a.full_name else [])
            out.append(EntityRecord(
                key=f"{graph}/county/{a.fips}", graph=graph, cls="AdminArea", category="county",
                name=a.full_name, geometry=geom, labels=labels, source_ids=[a.fips],
                qualifiers=[("admin1", state_names[a.state_fips])], country_hint=hint,
                extra=[("fips", a.fips), ("partOf", NamedNode(ENTITY.term(f"{graph}/state/{a.state_fips}").value))]))
    return out
