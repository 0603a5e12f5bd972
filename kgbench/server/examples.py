"""The query page's example queries, one per template family, read from ``examples.rq`` beside this module."""

from __future__ import annotations

import dataclasses
import functools
import re
from importlib import resources

from kgbench.ontologies import PREFIXES
from kgbench.release.dataset import FAMILIES

__all__ = ["Example", "examples", "prefix_block"]

_HEADER = re.compile(r"^#### ([A-Z])[ \t]*$", re.MULTILINE)


@dataclasses.dataclass(frozen=True)
class Example:
    """Return one example: its family letter, the family's name, a one-line title and the query text."""

    family: str
    name: str
    title: str
    query: str


@functools.cache
def examples() -> tuple[Example, ...]:
    """Return the examples in family order; the title is the query's first comment line.

    A family letter that is not a known family, or given twice, raises ValueError naming it.

    >>> [e.family for e in examples()][:3]
    ['A', 'B', 'C']
    >>> examples()[0].title
    'Metric distance: how far is Helsinki from Tallinn (the geodesic on the WGS84 ellipsoid, in km)?'
    """
    text = resources.files(__package__).joinpath("examples.rq").read_text(encoding="utf-8")
    parts = _HEADER.split(text)
    out: dict[str, Example] = {}
    for family, body in zip(parts[1::2], parts[2::2]):
        if family not in FAMILIES or family in out:
            raise ValueError(f"examples.rq: family {family!r} is {'given twice' if family in out else 'unknown'}")
        body = body.strip() + "\n"
        first = body.splitlines()[0]
        title = first.lstrip("# ").strip() if first.startswith("#") else FAMILIES[family]
        out[family] = Example(family, FAMILIES[family], title, body)
    return tuple(out[f] for f in sorted(out))


def prefix_block(prefixes: dict[str, str] | None = None) -> str:
    """Return PREFIX declarations for kgbench's standard prefixes (:data:`kgbench.ontologies.PREFIXES`).

    >>> prefix_block({"geo": "http://www.opengis.net/ont/geosparql#"})
    'PREFIX geo: <http://www.opengis.net/ont/geosparql#>\\n'
    """
    return "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in (PREFIXES if prefixes is None else prefixes).items())
