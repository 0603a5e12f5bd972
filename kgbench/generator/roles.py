"""Values that fill template roles: entities (IRIs with names and strata) and categories (plural nouns)."""

from __future__ import annotations

import dataclasses

from pyoxigraph import Literal, NamedNode

__all__ = ["CategoryValue", "plural", "entity_term"]

_IRREGULAR = {
    "fast food": "fast food restaurants", "ice cream": "ice cream shops", "childcare": "childcare centres",
    "people": "people", "police": "police stations", "fuel": "fuel stations", "parking": "car parks",
    "bicycle parking": "bicycle parking places", "townhall": "town halls", "marketplace": "marketplaces",
}


def plural(category: str) -> str:
    """Return the English plural of a category noun phrase (its last word is pluralized).

    >>> [plural(c) for c in ("pharmacy", "bus stop", "clothes shop", "church", "city", "fast food", "bus")]
    ['pharmacies', 'bus stops', 'clothes shops', 'churches', 'cities', 'fast food restaurants', 'buses']
    """
    if category in _IRREGULAR:
        return _IRREGULAR[category]
    head, _, last = category.rpartition(" ")
    if last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        last = last[:-1] + "ies"
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        last = last + "es"
    else:
        last = last + "s"
    return f"{head} {last}" if head else last


@dataclasses.dataclass(frozen=True)
class CategoryValue:
    """A category filling a category role: rendered plural as ``{Role}``, singular as ``{Role_one}``."""

    category: str

    @property
    def name(self) -> str:
        """Return the plural form used in questions."""
        return plural(self.category)

    @property
    def term(self) -> Literal:
        """Return the category as the RDF literal bound in queries."""
        return Literal(self.category)

    def describe(self) -> dict:
        """Return the item's record of this role."""
        return {"category": self.category, "name": self.name}


def entity_term(iri: str) -> NamedNode:
    """Return the IRI term of an entity."""
    return NamedNode(iri)
