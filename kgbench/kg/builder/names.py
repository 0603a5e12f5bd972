"""Canonical names: a shared name is qualified by what a person would say (region, street, kind), never by coordinates."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Sequence

__all__ = ["LEVELS", "NamedEntity", "Naming", "canonical_names", "prominence", "is_generic", "country_takes_the"]

#: qualifier levels, in the order they are tried to tell namesakes apart
LEVELS = ("kind", "country", "admin1", "admin2", "category", "street", "neighbourhood", "extract", "detail")
#: the order qualifiers are written in: smallest unit first ("Danville, Boyle County, Kentucky")
_RENDER = {lv: i for i, lv in enumerate(
    ("category", "street", "neighbourhood", "extract", "admin2", "admin1", "country", "kind", "detail"))}
#: a populated place keeps its bare name over a namesake of the same rank this many times smaller
DOMINANCE_RATIO = 10
#: OSM categories of the points that stand for a public-transport stop: named after the street, square or
#: landmark they serve, so they are the least prominent of namesakes
_STOP_CATEGORIES = frozenset({"tram stop", "bus stop", "platform", "stop position", "subway entrance"})

#: words of a country or territory name that make English put "the" before it (the United Kingdom, the Central
#: African Republic, the Solomon Islands, the District of Columbia)
_THE_WORDS = re.compile(r"\b(Republic|Kingdom|Federation|Union|Emirates|States|Islands|Isles|Lands|Territory|"
                        r"Territories|District|Glacier|Strait|Bank|Banks|Reef)\b")
#: names that take "the" without one of those words
_THE_NAMES = frozenset({"Netherlands", "Bahamas", "Gambia", "Philippines", "Maldives", "Comoros", "Seychelles",
                        "Gaza Strip", "West Bank", "Isle of Man", "Holy See", "Caribbean Netherlands"})


def country_takes_the(name: str) -> bool:
    """Return True when English writes "the" before a country's or territory's name.

    >>> [country_takes_the(n) for n in ("Netherlands", "Central African Republic", "Finland", "United States of America")]
    [True, True, False, True]
    """
    return name in _THE_NAMES or _THE_WORDS.search(name) is not None


@dataclasses.dataclass(frozen=True)
class NamedEntity:
    """What naming needs of one entity: its bare name, its qualifiers by level, how they are written, its rank.

    ``style`` is ``"comma"`` ("Florida, Uruguay") or ``"paren"`` ("Kiasma (museum)"). ``rank`` is
    ``(tier, population)``: see :func:`prominence`.
    """

    name: str
    qualifiers: tuple[tuple[str, str], ...] = ()
    style: str = "paren"
    rank: tuple[int, int] = (0, 0)


@dataclasses.dataclass(frozen=True)
class Naming:
    """The outcome of naming: a canonical name per entity, whether it is still shared, and which levels it used."""

    names: list[str]
    ambiguous: list[bool]
    levels: list[tuple[str, ...]]


def prominence(cls: str, category: str, population: int | None, geom_type: str | None = None) -> tuple[int, int]:
    """Return the rank ``(tier, population)`` that decides which namesake keeps the bare name.

    Tiers: 4 a country, 3 a US state, territory or DC, 2 a national capital, 1 another populated place
    with a population, 0 anything else (roads, railways, rivers, squares, parks: the linear and areal
    features), -1 an OSM point of interest, building, pedestrian area or bridge outline (a "square"
    named after the street it paves, the bridge a road crosses: the road keeps the name), -2 a
    public-transport stop. A higher tier keeps
    the bare name over every lower one: the street Kaivokatu over the tram stop named after it, which
    is qualified ("Kaivokatu (tram stop)"). ``geom_type`` (shapely's) tells a park polygon from a point.

    >>> prominence("Country", "country", None), prominence("PopulatedPlace", "city", 5000)
    ((4, 0), (1, 5000))
    >>> prominence("Road", "road", None), prominence("PointOfInterest", "tram stop", None, "Point")
    ((0, 0), (-2, 0))
    >>> prominence("PointOfInterest", "cafe", None, "Point"), prominence("PointOfInterest", "park", None, "Polygon")
    ((-1, 0), (0, 0))
    """
    pop = int(population or 0)
    if cls == "Country":
        return 4, pop
    if cls == "AdminArea" and category in ("state", "territory", "federal district"):
        return 3, pop
    if category == "capital city":
        return 2, pop
    if pop > 0:
        return 1, pop
    if cls == "PointOfInterest" and category in _STOP_CATEGORIES:
        return -2, 0
    if cls == "Building" or (cls == "PointOfInterest" and geom_type in (None, "Point", "MultiPoint")):
        return -1, 0
    if (cls == "Road" and category == "square") or category == "bridge":
        return -1, 0  # a pedestrian area or a bridge's outline is a piece of the street it is named after
    return 0, 0


def is_generic(name: str, qualifiers: Sequence[tuple[str, str]]) -> bool:
    """Return True when a bare name is only its entity's category ("ATM" for an ATM): it identifies nothing.

    >>> is_generic("ATM", (("category", "atm"),)), is_generic("Otto", (("category", "atm"),))
    (True, False)
    >>> is_generic("Museum", ()), is_generic("Parking.", (("category", "parking"),))
    (False, True)
    """
    category = dict(qualifiers).get("category")
    return bool(category) and name.strip(" .,;:!").casefold() == category.casefold()


def _dominant(members: list[int], ents: Sequence[NamedEntity]) -> int | None:
    """Return the member that keeps the bare name (far more prominent than every namesake), or None."""
    order = sorted(members, key=lambda i: ents[i].rank, reverse=True)
    top, second = ents[order[0]].rank, ents[order[1]].rank
    if top[0] > second[0]:
        return order[0]
    if top[0] == second[0] == 1 and top[1] >= DOMINANCE_RATIO * second[1]:
        return order[0]
    return None


def _split(members: list[int], ents, chosen: dict[int, list[tuple[str, str]]], start: int, unresolved: set) -> None:
    """Give each member the fewest levels (from ``start`` on) that tell it apart; unresolvable ones go to ``unresolved``.

    A level a member's source does not have (absent) passes it on to the later levels; a level it has
    but whose value is unknown ("") leaves it indistinguishable wherever its namesakes differ there.
    """
    if len(members) == 1:
        i = members[0]
        if not chosen[i]:  # alone on its branch, but a namesake exists: say at least what it is or where
            for lv, value in sorted(ents[i].qualifiers, key=lambda q: LEVELS.index(q[0])):
                if value:
                    chosen[i].append((lv, value))
                    return
            unresolved.add(i)
        return
    for k in range(start, len(LEVELS)):
        lv = LEVELS[k]
        values = {i: dict(ents[i].qualifiers).get(lv) for i in members}
        known = {v for v in values.values() if v}
        if not known or (len(known) == 1 and all(values[i] for i in members)):
            continue  # this level says nothing that tells these apart
        groups: dict[str | None, list[int]] = defaultdict(list)
        for i in members:
            groups[values[i]].append(i)
        separates = len(groups) > 1
        for value, sub in groups.items():
            if value == "":  # unknown where its namesakes differ: a person cannot tell it apart
                unresolved.update(sub)
                continue
            if value is not None and separates:
                for i in sub:
                    chosen[i].append((lv, value))
            _split(sub, ents, chosen, k + 1, unresolved)
        return
    unresolved.update(members)


def _render(e: NamedEntity, quals: list[tuple[str, str]]) -> str:
    if not quals:
        return e.name
    parts = list(dict.fromkeys(v for _, v in sorted(quals, key=lambda q: _RENDER[q[0]])))
    # a street said again with its house number is said once ("Pohjoisesplanadi", "Pohjoisesplanadi 33")
    parts = [p for p in parts if not any(q != p and q.startswith(p + " ") for q in parts)]
    return f"{e.name}, {', '.join(parts)}" if e.style == "comma" else f"{e.name} ({', '.join(parts)})"


def canonical_names(ents: Sequence[NamedEntity]) -> Naming:
    """Return the canonical names of entities: bare where unique, else qualified, never with coordinates.

    Namesakes are told apart level by level (:data:`LEVELS`), each taking only the levels that separate
    it. The most prominent namesake keeps the bare name when it clearly outranks the others (a country
    over a state, a state over a town, a city ten times larger than its namesake). Entities that no
    qualifier separates keep a shared name and are marked ambiguous (they are not to be asked about), and
    so is an entity whose name is only its category (:func:`is_generic`).

    >>> ents = [NamedEntity("Florida", (("kind", "U.S. state"),), rank=(3, 0)),
    ...         NamedEntity("Florida", (("country", "Uruguay"), ("admin1", "Florida")), "comma", (1, 33000)),
    ...         NamedEntity("Danville", (("country", "United States"), ("admin1", "Kentucky")), "comma", (1, 16000)),
    ...         NamedEntity("Danville", (("country", "United States"), ("admin1", "Virginia")), "comma", (1, 42000)),
    ...         NamedEntity("Eliel", (("category", "parking"),)), NamedEntity("Eliel", (("category", "parking"),))]
    >>> n = canonical_names(ents)
    >>> n.names[:4]
    ['Florida', 'Florida, Uruguay', 'Danville, Kentucky', 'Danville, Virginia']
    >>> n.ambiguous
    [False, False, False, False, True, True]
    >>> canonical_names([NamedEntity("Boknäs", (("street", "Esplanadi"), ("detail", "Esplanadi 33"))),
    ...                  NamedEntity("Boknäs", (("street", "Esplanadi"), ("detail", "Esplanadi 35"))),
    ...                  NamedEntity("Boknäs", (("street", "Fabianinkatu"), ("detail", "Fabianinkatu 29")))]).names
    ['Boknäs (Esplanadi 33)', 'Boknäs (Esplanadi 35)', 'Boknäs (Fabianinkatu)']
    """
    groups: dict[str, list[int]] = defaultdict(list)
    for i, e in enumerate(ents):
        groups[e.name].append(i)
    chosen: dict[int, list[tuple[str, str]]] = {i: [] for i in range(len(ents))}
    unresolved: set[int] = {i for i, e in enumerate(ents) if is_generic(e.name, e.qualifiers)}
    for members in groups.values():
        if len(members) < 2:
            continue
        keep = _dominant(members, ents)
        _split([i for i in members if i != keep], ents, chosen, 0, unresolved)
    names = [_render(e, chosen[i]) for i, e in enumerate(ents)]
    # a qualified name may equal another entity's name: only an unqualified, resolved holder keeps it
    by_name: dict[str, list[int]] = defaultdict(list)
    for i, n in enumerate(names):
        by_name[n].append(i)
    for idx in by_name.values():
        if len(idx) > 1:
            holders = [i for i in idx if not chosen[i] and i not in unresolved]
            unresolved.update(i for i in idx if len(holders) != 1 or i != holders[0])
    # a flagged entity left with a resolved namesake's name says all it knows of itself instead
    taken = {n for i, n in enumerate(names) if i not in unresolved}
    for i in sorted(unresolved):
        if names[i] in taken:
            names[i] = _render(ents[i], [(lv, v) for lv, v in ents[i].qualifiers if v])
    ambiguous = [i in unresolved for i in range(len(ents))]
    return Naming(names, ambiguous, [tuple(lv for lv, _ in chosen[i]) for i in range(len(ents))])
