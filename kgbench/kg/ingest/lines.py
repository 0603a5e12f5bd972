"""Writing ingested entities' N-Triples fast, from templates that the bundled writer itself wrote.

:func:`kgbench.kg.builder.snapshot.entity_lines` is the one home of the common entity shape (which triples, in
which order, with which terms). Calling it once per entity costs more than anything else of an ingest (some
twenty namespace look-ups, term objects and strings per entity), and within a dump most entities share a
shape: the same class, geometry type, label languages and number of source links. So :class:`EntityLines`
calls ``entity_lines`` once per shape on a probe record whose values are placeholders, keeps its lines as a
template, and fills the placeholders of every further entity of that shape with the terms ``entity_lines``
would write (``str(Literal(...))``, ``str(NamedNode(...))``). Each template is checked on the first real
entity of its shape against ``entity_lines``' own output; a shape whose template does not reproduce it, or
that has statements a template does not cover (tags, neighbours, extras), is written by ``entity_lines``
for every entity. Either way the bytes are ``entity_lines``'.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import shapely
from pyoxigraph import Literal, NamedNode

from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.snapshot import entity_lines

__all__ = ["EntityLines", "wkt_texts"]

#: the population of the probe record (an integer no real value is compared with: only its digits are looked for)
_POP = 7319572931846205
_SLOT = re.compile(r'"⟦(\w+)⟧"|<urn:kgbench:probe:⟦(\w+)⟧>|⟦(\w+)⟧')


def wkt_texts(geoms) -> list[str]:
    """Return the WKT of each geometry as ``entity_lines`` writes it (7 decimals, trailing zeros trimmed).

    :class:`EntityLines` checks, for every shape, that this is the text ``entity_lines`` wrote.

    >>> wkt_texts([shapely.Point(24.9412345678, 60.17)])
    ['POINT (24.9412346 60.17)']
    """
    return shapely.to_wkt(np.asarray(geoms, dtype=object), rounding_precision=7, trim=True).tolist()


def _shape(rec: EntityRecord, geometry_type: str) -> tuple:
    return (rec.graph, rec.cls, geometry_type, tuple(lang for _, lang in rec.labels), len(rec.source_ids),
            len(rec.source_iris), rec.population is None, bool(rec.tags or rec.iso_a3 or rec.neighbours or rec.extra))


class EntityLines:
    """Return the N-Triples text of an entity as ``entity_lines(rec, rec.name, ...)`` writes it, without its
    canonical-name line (written once names are settled).

    >>> from shapely.geometry import Point
    >>> rec = EntityRecord(key="x/1", graph="x", cls="PointOfInterest", category="cafe", name="Café \\"A\\"",
    ...                    geometry=Point(1, 2), labels=[("Café \\"A\\"", "fi")], source_ids=["1"], population=5)
    >>> twin = dataclasses.replace(rec, key="x/2", labels=[("Kahvila\\n2", "fi")], population=7)
    >>> write, args = EntityLines(), ("FIN", "HIC", "low", "891126d8a3fffff")
    >>> texts = [write(r, *args, wkt="POINT (1 2)") for r in (rec, twin)]
    >>> lines = [entity_lines(r, r.name, *args) for r in (rec, twin)]
    >>> texts == ["".join(ls[:3] + ls[4:]) for ls in lines], write.templated
    (True, 1)
    """

    #: which line of ``entity_lines``' output is the canonical name (this class leaves it out)
    NAME_LINE = 3

    def __init__(self):
        self._templates: dict = {}
        self._terms: dict[str, str] = {}  # literals of the few category, country and tier values
        self.templated = 0  #: entities written from a template (the rest by entity_lines itself)

    def _literal(self, value: str) -> str:
        term = self._terms.get(value)
        if term is None:
            if len(self._terms) > 100_000:
                self._terms.clear()
            term = self._terms[value] = str(Literal(value))
        return term

    def _bare(self, rec, country, income, density, cell) -> str:
        lines = entity_lines(rec, rec.name, country, income, density, cell)
        del lines[self.NAME_LINE]
        return "".join(lines)

    def _template(self, rec: EntityRecord, args: tuple, wkt: str):
        """Return the template of ``rec``'s shape (the ``format`` of a text whose fields are :meth:`_values`'
        positions), or None where it does not reproduce ``entity_lines``' text of ``rec``."""
        probe = dataclasses.replace(
            rec, key="⟦key⟧", category="⟦category⟧", name="⟦name⟧",
            labels=[(f"⟦label{i}⟧", lang) for i, (_, lang) in enumerate(rec.labels)],
            source_ids=[f"⟦id{i}⟧" for i in range(len(rec.source_ids))],
            source_iris=[f"urn:kgbench:probe:⟦iri{i}⟧" for i in range(len(rec.source_iris))],
            population=None if rec.population is None else _POP)
        text = self._bare(probe, "⟦country⟧", "⟦income⟧", "⟦density⟧", "⟦cell⟧")
        wkt_term = str(Literal(wkt))
        if text.count(wkt_term) != 1 or text.count(f'"{_POP}"') > 1:
            return None
        text = text.replace(wkt_term, '"⟦wkt⟧"').replace(f'"{_POP}"', '"⟦population⟧"')
        # the fields of the format text, by position: as _values lists them
        fixed = ["key", "category", "country", "income", "density", "cell", "wkt", "population"]
        fields = fixed + [f"label{i}" for i in range(len(rec.labels))] + [
            f"id{i}" for i in range(len(rec.source_ids))] + [f"iri{i}" for i in range(len(rec.source_iris))]
        fmt = []
        at = 0
        for m in _SLOT.finditer(text):
            slot = m.group(1) or m.group(2) or m.group(3)
            if slot not in fields or (m.group(3) and slot != "key"):
                return None
            fmt += [text[at:m.start()].replace("{", "{{").replace("}", "}}"), f"{{{fields.index(slot)}}}"]
            at = m.end()
        fmt.append(text[at:].replace("{", "{{").replace("}", "}}"))
        template = "".join(fmt).format
        if template(*self._values(rec, *args, wkt)) != self._bare(rec, *args):
            return None
        return template

    def _values(self, rec: EntityRecord, country: str, income: str, density: str, cell: str, wkt: str) -> list[str]:
        """Return the terms a template's fields take: key, category, country, income, density, cell, WKT,
        population, then each label, source id and source IRI."""
        terms = self._terms
        return [rec.key, terms.get(rec.category) or self._literal(rec.category),
                terms.get(country) or self._literal(country), terms.get(income) or self._literal(income),
                terms.get(density) or self._literal(density), str(Literal(cell)), str(Literal(wkt)),
                "" if rec.population is None else str(Literal(str(int(rec.population)))),
                *[str(Literal(text)) for text, _ in rec.labels], *[str(Literal(i)) for i in rec.source_ids],
                *[str(NamedNode(iri)) for iri in rec.source_iris]]

    def __call__(self, rec: EntityRecord, country: str, income: str, density: str, cell: str, *, wkt: str,
                 geometry_type: str | None = None) -> str:
        """Return the entity's lines joined, less the name line (``wkt``: its geometry's :func:`wkt_texts`,
        ``geometry_type``: its ``geom_type`` if known)."""
        shape = _shape(rec, geometry_type or rec.geometry.geom_type)
        if shape[-1]:
            return self._bare(rec, country, income, density, cell)
        template = self._templates.get(shape, False)
        if template is False:  # a new shape: its template, checked on this entity against entity_lines
            template = self._templates[shape] = self._template(rec, (country, income, density, cell), wkt)
            return self._bare(rec, country, income, density, cell)
        if template is None:
            return self._bare(rec, country, income, density, cell)
        self.templated += 1
        return template(*self._values(rec, country, income, density, cell, wkt))
