"""Candidate entities per template role, stratum cells, and seeded sampling of entity tuples."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence

import numpy as np
import shapely

from kgbench.kg.builder.sources import income_tiers
from kgbench.generator.roles import CategoryValue
from kgbench.kg.builder.strata import stratum_income_tier
from kgbench.queries.template import Role, Template, roles_query
from kgbench.ontologies import KGB
from kgbench.ontologies.tiers import DENSITY_TIERS, INCOME_TIERS

__all__ = ["Candidate", "role_candidates", "stratum_cells", "sample_tuples", "haversine_km"]

#: the income tiers of stratum cells; entities without one (see kgbench.kg.builder.strata.SOVEREIGN_OF) anchor no cell
_EARTH_RADIUS_KM = 6371.0088  # mean radius, for sampling by scale only (answers come from the query)


@dataclasses.dataclass(frozen=True)
class Candidate:  # noqa: D101 (docstring below)
    """An entity that can fill a role: its IRI, canonical name, category, graph, stratum and a point."""

    iri: str
    name: str
    category: str
    graph: str
    geometry_type: str
    country: str
    income_tier: str
    density_tier: str
    lon: float
    lat: float

    @property
    def cell(self) -> tuple[str, str]:
        """Return the stratum cell (income tier, density tier)."""
        return self.income_tier, self.density_tier

    @property
    def term(self):
        """Return the entity's IRI as the RDF term bound in queries."""
        from pyoxigraph import NamedNode

        return NamedNode(self.iri)

    def describe(self) -> dict:
        """Return the item's record of this entity: IRI, name and stratum."""
        return {"iri": self.iri, "name": self.name, "category": self.category, "country": self.country,
                "income_tier": self.income_tier, "density_tier": self.density_tier}


def role_candidates(kg, role: Role) -> list[Candidate]:
    """Return the entities of the KG that satisfy a role's class, category, geometry-type and graph constraints.

    Sorted by IRI so that sampling with a seed is reproducible. Remembered per KG (``kg.memo``).
    """
    key = ("role_candidates", role.classes, role.categories, role.geometry, role.graphs)
    memo = getattr(kg, "memo", {})
    if key not in memo:
        memo[key] = _role_candidates(kg, role)
    return memo[key]


def _role_candidates(kg, role: Role) -> list[Candidate]:
    out: dict[str, Candidate] = {}
    tiers = income_tiers()
    text = roles_query()
    for cls in role.classes:
        for row in kg.query(text, bindings={"cls": KGB[cls]}):
            gtype = row["gtype"].value.rsplit("#", 1)[-1]
            if role.geometry and gtype not in role.geometry:
                continue
            category = row["category"].value
            if role.categories and category not in role.categories:
                continue
            graph = row["graph"].value.rsplit("/", 1)[-1]
            if role.graphs and graph not in role.graphs:
                continue
            geom = shapely.from_wkt(row["wkt"].value)
            p = geom if gtype == "Point" else geom.point_on_surface()
            iri = row["entity"].value
            country = row["country"].value
            income = stratum_income_tier(country, row["income"].value, tiers)
            out[iri] = Candidate(iri, row["name"].value, category, graph, gtype, country,
                                 income, row["density"].value, p.x, p.y)
    return [out[k] for k in sorted(out)]


def stratum_cells(candidates: Sequence[Candidate]) -> dict[tuple[str, str], list[Candidate]]:
    """Return candidates grouped by (income tier, density tier), cells in a fixed order; unstratified ones left out.

    An entity whose income tier is none of the four (Venezuela, Antarctica, disputed areas: see
    :func:`kgbench.kg.builder.strata.stratum_income_tier`) is in no cell.
    """
    cells: dict[tuple[str, str], list[Candidate]] = defaultdict(list)
    for c in candidates:
        if c.income_tier in INCOME_TIERS:
            cells[c.cell].append(c)
    order = {(i, d): k for k, (i, d) in enumerate((i, d) for i in INCOME_TIERS for d in DENSITY_TIERS)}
    return {k: cells[k] for k in sorted(cells, key=lambda k: order.get(k, 99))}


def haversine_km(lon: float, lat: float, lons: np.ndarray, lats: np.ndarray) -> np.ndarray:
    """Return great-circle distances in km on a 6371.0088 km sphere from one point to many (for sampling only).

    >>> round(float(haversine_km(0.0, 0.0, np.array([1.0]), np.array([0.0]))[0]), 1)
    111.2
    """
    p1, p2 = math.radians(lat), np.radians(lats)
    dphi, dl = p2 - p1, np.radians(lons - lon)
    a = np.sin(dphi / 2) ** 2 + math.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    return 2 * _EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0, 1)))


def sample_tuples(template: Template, candidates: Mapping[str, list[Candidate]], *, seed: int,
                  per_cell: int, max_attempts: int = 40):
    """Yield ``(cell, scale, {role: Candidate})`` tuples, at most ``per_cell`` accepted per cell, seeded.

    The caller says which were accepted by sending True/False back into the generator (so
    degenerate executions do not count against a cell). Cells are the (income, density) tiers of the
    first role; for 'pair' templates with scales the second role is drawn at a distance in each scale
    band in turn, so items span urban, regional and national distances.
    """
    roles = list(template.roles)
    anchor = roles[0]
    scales = list(template.sampling.scales.items()) or [(None, None)]
    kind = template.sampling.kind
    others = {r: (np.array([c.lon for c in candidates[r]]), np.array([c.lat for c in candidates[r]]))
              for r in roles[1:]}
    for cell, members in stratum_cells(candidates[anchor]).items():
        rng = random.Random(f"{seed}|{template.id}|{cell[0]}|{cell[1]}")
        accepted = attempts = 0
        seen: set = set()
        while accepted < per_cell and attempts < per_cell * max_attempts:
            attempts += 1
            scale_name, band = scales[(accepted + attempts) % len(scales)]
            a = rng.choice(members)
            chosen = {anchor: a}
            ok = True
            for r in roles[1:]:
                pool = candidates[r]
                if band is not None and kind == "pair":
                    lons, lats = others[r]
                    d = haversine_km(a.lon, a.lat, lons, lats)
                    idx = np.nonzero((d >= band.min_km) & (d <= band.max_km))[0]
                    if len(idx) == 0:
                        ok = False
                        break
                    pick = pool[int(idx[rng.randrange(len(idx))])]
                else:
                    pick = rng.choice(pool)
                chosen[r] = pick
            if not ok:
                continue
            key = frozenset(c.iri for c in chosen.values()) if kind == "pair" else tuple(c.iri for c in chosen.values())
            if key in seen or len({c.iri for c in chosen.values()}) < len(chosen):
                continue
            seen.add(key)
            if (yield cell, scale_name, chosen):
                accepted += 1


def entity_index(kg) -> dict[str, Candidate]:
    """Return every entity of the KG (IRI -> Candidate with name, category, stratum and a point), memoized per KG."""
    memo = getattr(kg, "memo", {})
    if "entity_index" not in memo:
        memo["entity_index"] = {c.iri: c for c in role_candidates(kg, Role("any", ("Entity",)))}
    return memo["entity_index"]


def query_rows(kg, template: Template, text: str, key: str) -> list[dict]:
    """Return the rows of a template's candidates query as role -> term dicts, memoized per KG.

    Besides the roles a row keeps ``?scale``, ``?sub``, ``?<Role>_name`` (the name the question renders for
    that role, e.g. a county's name without its state when the question asks about the state) and any column
    named like one of the template's parameters (a per-tuple value such as a storm's season, which overrides
    the sub-template's).
    """
    memo = getattr(kg, "memo", {})
    mkey = ("query_rows", template.id, template.version, key)
    if mkey not in memo:
        res = kg.query(text, strict=True)
        names = [*template.roles, *(f"{r}_name" for r in template.roles), "scale", "sub", *template.parameters]
        rows = []
        for row in res:
            if all(r in row for r in template.roles):
                rows.append({k: row[k] for k in names if k in row})
        memo[mkey] = rows
    return memo[mkey]


def sample_rows(template: Template, rows: list[dict], index: Mapping[str, Candidate], *, anchor: str, seed: int,
                per_cell: int, salt: str = ""):
    """Yield ``(cell, scale, {role: Candidate | CategoryValue}, sub, params)`` from candidate rows, per anchor cell.

    Seeded. Like :func:`sample_tuples`, the caller sends True/False back to say whether a tuple was
    accepted. Rows whose entities are not in the index (not entities of the common shape), or whose geometry
    type is not one the role allows (``Role.geometry``), are skipped, and so are rows that put one entity
    in two roles when the template says ``validation.distinct_roles``.
    ``sub`` is the row's ``?sub`` (the sub-template the tuple belongs to), or None to let the generator
    draw one; ``params`` maps the row's parameter columns to their terms (empty when it has none).
    """
    cells: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        a = index.get(row[anchor].value)
        if a is not None and a.income_tier in INCOME_TIERS:  # unstratified anchors (Venezuela...) are left out
            cells[a.cell].append(row)
    order = {(i, d): k for k, (i, d) in enumerate((i, d) for i in INCOME_TIERS for d in DENSITY_TIERS)}
    for cell in sorted(cells, key=lambda c: order.get(c, 99)):
        members = sorted(cells[cell], key=lambda r: tuple(str(r[k]) for k in (*template.roles, "sub", *template.parameters)
                                                          if k in r))
        rng = random.Random(f"{seed}|{template.id}|{salt}|{cell[0]}|{cell[1]}")
        rng.shuffle(members)
        accepted = 0
        for row in members:
            if accepted >= per_cell:
                break
            chosen = {}
            for name, role in template.roles.items():
                term = row[name]
                if role.kind == "category":
                    chosen[name] = CategoryValue(term.value)
                else:
                    cand = index.get(term.value)
                    if cand is None or (role.geometry and cand.geometry_type not in role.geometry):
                        break  # not an entity of the common shape, or not of the role's geometry type
                    if f"{name}_name" in row:  # the name the question uses for this entity (e.g. without its state)
                        cand = dataclasses.replace(cand, name=row[f"{name}_name"].value)
                    chosen[name] = cand
            else:
                iris = [c.iri for c in chosen.values() if hasattr(c, "iri")]
                if template.validation.distinct_roles and len(set(iris)) < len(iris):
                    continue  # one entity in two roles ("how far is X from X?")
                scale = row["scale"].value if "scale" in row else None
                sub = row["sub"].value if "sub" in row else None
                params = {p: row[p] for p in template.parameters if p in row}
                if (yield cell, scale, chosen, sub, params):
                    accepted += 1
