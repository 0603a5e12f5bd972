"""The kgbench vocabulary and the namespaces every other folder uses.

Namespaces are closed: asking a namespace for a term it does not declare raises
``AttributeError`` at once, so a typo in a predicate name fails where it is written
instead of producing an empty query result.

>>> from kgbench.ontologies import KGB, GEO
>>> KGB.category.value
'https://w3id.org/kgbench/ontology#category'
>>> GEO.asWKT.value
'http://www.opengis.net/ont/geosparql#asWKT'
>>> KGB.nosuchterm
Traceback (most recent call last):
...
AttributeError: namespace kgb: has no term 'nosuchterm' (known: ...)
"""

from __future__ import annotations

from importlib import resources

from pyoxigraph import NamedNode, RdfFormat, parse

__all__ = [
    "Namespace", "KGB", "KGBF", "GEO", "GEOF", "UOM", "RDF", "RDFS", "XSD", "SF", "OSM", "GN",
    "ENTITY", "GRAPH", "H3", "ITEM", "GML_XMLNS", "vocabulary_turtle", "PREFIXES",
]


def vocabulary_turtle() -> str:
    """Return the kgbench vocabulary as Turtle text (the file ``kgbench.ttl`` shipped with the package).

    >>> "kgb:canonicalName" in vocabulary_turtle()
    True
    """
    return resources.files(__package__).joinpath("kgbench.ttl").read_text(encoding="utf-8")


_KGB_BASE = "https://w3id.org/kgbench/ontology#"


def _declared_terms(base: str) -> list[str]:
    """Return the local names of the terms ``kgbench.ttl`` declares (as subjects) under ``base``, sorted.

    >>> "canonicalName" in _declared_terms(_KGB_BASE)
    True
    """
    return sorted({q.subject.value[len(base):] for q in parse(vocabulary_turtle(), RdfFormat.TURTLE)
                   if isinstance(q.subject, NamedNode) and q.subject.value.startswith(base)})


class Namespace:
    """Return term IRIs of one vocabulary as ``pyoxigraph.NamedNode``; unknown terms raise.

    >>> ns = Namespace("ex", "http://example.org/", ["a", "b"])
    >>> ns.a
    <NamedNode value=http://example.org/a>
    >>> ns["b"].value
    'http://example.org/b'
    >>> "c" in ns
    False
    """

    __slots__ = ("prefix", "base", "_terms", "_made")

    def __init__(self, prefix: str, base: str, terms=None):
        object.__setattr__(self, "prefix", prefix)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "_terms", None if terms is None else frozenset(terms))
        #: the declared terms asked for so far (NamedNode is immutable): writers ask for the same few per line
        object.__setattr__(self, "_made", {})

    def __setattr__(self, name, value):
        raise AttributeError(f"namespace {self.prefix}: is read-only")

    def __getattr__(self, name: str) -> NamedNode:
        if name[:2] == "__" or name == "_made":  # dunders, and a copy's blank instance: never terms
            raise AttributeError(name)
        return self._made.get(name) or self[name]

    def __getitem__(self, name: str) -> NamedNode:
        made = self._made.get(name)
        if made is not None:
            return made
        if self._terms is None:
            return NamedNode(self.base + name)  # open namespaces (ids, functions): not kept, they are unbounded
        if name not in self._terms:
            known = ", ".join(sorted(self._terms)[:12])
            raise AttributeError(f"namespace {self.prefix}: has no term {name!r} (known: {known}, ...)")
        made = self._made[name] = NamedNode(self.base + name)
        return made

    def __contains__(self, name: str) -> bool:
        return self._terms is None or name in self._terms

    def term(self, local: str) -> NamedNode:
        """Return the IRI ``base + local`` without checking the term list (for open namespaces of ids)."""
        return NamedNode(self.base + local)

    def __repr__(self) -> str:
        return f"Namespace({self.prefix!r}, {self.base!r})"


#: the kgbench vocabulary's terms are those ``kgbench.ttl`` declares: the file is their one home
KGB = Namespace("kgb", _KGB_BASE, _declared_terms(_KGB_BASE))
KGBF = Namespace("kgbf", "https://w3id.org/kgbench/function#")  # open: geofunctions declares its own
GEO = Namespace("geo", "http://www.opengis.net/ont/geosparql#", [
    "Feature", "Geometry", "SpatialObject", "hasGeometry", "hasDefaultGeometry", "asWKT", "asGeoJSON",
    "asGML", "asKML", "asDGGS", "wktLiteral", "geoJSONLiteral", "gmlLiteral", "kmlLiteral", "dggsLiteral",
    "hasSerialization",
    "sfContains", "sfWithin", "sfIntersects", "sfTouches", "sfCrosses", "sfOverlaps", "sfDisjoint",
    "sfEquals", "ehEquals", "ehDisjoint", "ehMeet", "ehOverlap", "ehCovers", "ehCoveredBy", "ehInside",
    "ehContains", "rcc8eq", "rcc8dc", "rcc8ec", "rcc8po", "rcc8tppi", "rcc8tpp", "rcc8ntpp", "rcc8ntppi",
    "dimension", "coordinateDimension", "spatialDimension", "isEmpty", "isSimple", "hasCentroid",
    "hasBoundingBox", "hasArea", "hasLength", "hasPerimeterLength", "hasMetricArea", "hasMetricLength",
])
GEOF = Namespace("geof", "http://www.opengis.net/def/function/geosparql/")  # open: GeoSPARQL's function list
UOM = Namespace("uom", "http://www.opengis.net/def/uom/OGC/1.0/")
RDF = Namespace("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#", ["type", "Property", "langString"])
RDFS = Namespace("rdfs", "http://www.w3.org/2000/01/rdf-schema#",
                 ["label", "comment", "subPropertyOf", "subClassOf", "seeAlso", "Class"])
XSD = Namespace("xsd", "http://www.w3.org/2001/XMLSchema#",
                ["string", "double", "decimal", "integer", "boolean", "dateTime", "date", "long"])
SF = Namespace("sf", "http://www.opengis.net/ont/sf#")
OSM = Namespace("osm", "https://www.openstreetmap.org/")
GN = Namespace("gn", "https://sws.geonames.org/")
ENTITY = Namespace("kgbe", "https://w3id.org/kgbench/entity/")
GRAPH = Namespace("kgbg", "https://w3id.org/kgbench/graph/", ["osm", "naturalearth", "geonames", "vocabulary",
                                                          "usadmin", "usgs", "hurdat2", "h3index"])
H3 = Namespace("h3", "https://w3id.org/kgbench/h3/")  # open: one IRI per H3 cell index
ITEM = Namespace("kgbi", "https://w3id.org/kgbench/item/")  # open: one named graph per item (its gold triples)
#: the XML namespace of the GML elements kgbench writes in geo:gmlLiteral values (and reads besides others)
GML_XMLNS = "http://www.opengis.net/ont/gml"

#: prefix -> IRI, handed to every query so users and templates can write ``geo:asWKT``.
PREFIXES = {ns.prefix: ns.base for ns in (KGB, KGBF, GEO, GEOF, UOM, RDF, RDFS, XSD, SF, OSM, GN, ENTITY, GRAPH, H3)}
