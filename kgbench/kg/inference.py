"""GeoSPARQL's RDFS entailment and relation-property inference in the user's query path.

GeoSPARQL 1.0/1.1 conformance classes 'RDFS entailment extension' (requirements 25-27) and 'query rewrite
extension' (28-30) expect a store to answer ``?f a geo:Feature`` for the members of a sub-class, ``?f
geo:hasGeometry ?g`` through a sub-property, and ``?a geo:sfWithin ?b`` between spatial objects whose (default)
geometries are within each other, without the data asserting those triples. :class:`Inference` does both for a
:class:`~kgbench.kg.store.KG` whose store kgbench may write to (data files and text loaded in memory), on the
first query that needs them, into two named graphs the union default graph then includes:

- :data:`ENTAILED_GRAPH`: the RDFS closure of the data (sub-property, sub-class, domain and range, with the
  GeoSPARQL and Simple Features hierarchy as axioms; :func:`kgbench.kg.geosparql.entail_rdfs`);
- :data:`RELATIONS_GRAPH`: the relation triples of the families a query names (``sf``, ``eh``, ``rcc8``), between
  the spatial objects as the data asserts them, computed by the ``geof:`` functions' own predicates over the
  candidate pairs an STR-tree proposes (:func:`kgbench.kg.geosparql.materialize_relations`). The three
  disjointness relations hold for nearly every pair; they are inferred only while the store has at most
  :data:`DISJOINT_PAIR_LIMIT` ordered pairs of spatial objects, and a query naming one on a larger store gets a
  warning saying to use the ``geof:`` function instead.

A store kgbench opens read-only (the bundled snapshot) cannot take inferred triples at query time. Its RDFS
closure was inferred into :data:`ENTAILED_GRAPH` when kgbench loaded it (:func:`kgbench.kg.store.load_store`);
its relation properties are rewritten as the ``geof:`` tests they stand for, which the spatial planner
answers through the index (:meth:`Inference.rewrite_text`, :mod:`kgbench.kg.relation_rewrite`).

Turning either off (``KG(entailment=False)``, ``query(..., rewrite=False)``, ``kgbench sparql
--no-entailment --no-rewrite``) leaves its graph out of the query's dataset, so the answer is that of the data
as given. The store's data must not change after the first query (kgbench never changes it).

>>> from kgbench.kg.store import KG
>>> kg = KG.from_text('''
... <http://x/f> <http://www.opengis.net/ont/geosparql#hasDefaultGeometry> <http://x/g> .
... <http://x/g> <http://www.opengis.net/ont/geosparql#asWKT> "POLYGON((0 0,2 0,2 2,0 2,0 0))"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .
... <http://x/h> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(1 1)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .''')
>>> kg.query("ASK { <http://x/h> geo:sfWithin <http://x/f> }").boolean
True
>>> kg.query("ASK { <http://x/h> geo:sfWithin <http://x/f> }", rewrite=False).boolean
False
>>> kg.query("ASK { <http://x/f> geo:hasGeometry <http://x/g> }").boolean
True
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

from pyoxigraph import DefaultGraph, NamedNode, Store

from kgbench.kg.geosparql import entail_rdfs, materialize_relations, spatial_objects
from kgbench.kg.relation_rewrite import RELATION_NAMES, relation_name, rewrite_applies, rewrite_relations
from kgbench.kg.sparql_syntax import SparqlStructureError, prologue_prefixes, tokenize
from kgbench.ontologies import GEO, GRAPH, PREFIXES

__all__ = ["ENTAILED_GRAPH", "RELATIONS_GRAPH", "INFERRED_GRAPHS", "DISJOINT_PAIR_LIMIT", "Inference",
           "relation_families", "rewrite_or_warn"]

ENTAILED_GRAPH = NamedNode(GRAPH.base + "entailed")
RELATIONS_GRAPH = NamedNode(GRAPH.base + "relations")
INFERRED_GRAPHS = (ENTAILED_GRAPH, RELATIONS_GRAPH)
#: disjointness relations are inferred while the store has at most this many ordered pairs of spatial objects
DISJOINT_PAIR_LIMIT = 4_000_000
_DISJOINT = {"sfDisjoint", "ehDisjoint", "rcc8dc"}
_MENTION = re.compile(r"(?:sf|eh|rcc8)[A-Za-z]+")


def _family(name: str) -> str:
    return name[:2] if name.startswith(("sf", "eh")) else "rcc8"


def _listed(names) -> str:
    return ", ".join("geo:" + n for n in sorted(names))


def relation_families(text: str) -> tuple[set[str], set[str]]:
    """Return (the relation families, the relation names) a query names as GeoSPARQL relation properties.

    Only ``geo:`` relation IRIs count (``geo:sfWithin``, ``<http://www.opengis.net/ont/geosparql#rcc8po>``), not
    the ``geof:`` functions of the same names. A text the tokenizer cannot read names none.

    >>> relation_families("SELECT * { ?a geo:sfWithin ?b FILTER(geof:ehMeet(?x, ?y)) }")
    ({'sf'}, {'sfWithin'})
    """
    if not _MENTION.search(text):
        return set(), set()
    try:
        tokens = tokenize(text)
    except SparqlStructureError:
        return set(), set()
    prefixes = {**PREFIXES, **prologue_prefixes(tokens)}
    names = {n for t in tokens if (n := relation_name(t, prefixes))}
    return {_family(n) for n in names}, names


def rewrite_or_warn(text: str, names, why_not: str | None, where: str) -> tuple[str, list[str]]:
    """Return (the text to run, warnings): ``text`` with its relation properties ``names`` rewritten as geof: tests.

    ``why_not`` says why the rewrite is not exact on the store or server (``where`` names it): the text is then
    returned unchanged, with a warning. Relation properties the rewrite cannot place are named in a warning.
    """
    if why_not:
        return text, [f"{_listed(names)}: relation properties are not inferred on {where} ({why_not}): only "
                      f"asserted triples match; use the geof: function in a FILTER over the geometries instead"]
    new, left = rewrite_relations(text)
    if not left:
        return new, []
    return new, [f"{_listed(left)}: not rewritten where the query names it (in a property path, a blank-node "
                 f"property list, GRAPH, SERVICE or FILTER EXISTS): only asserted triples match there"]


class Inference:
    """What has been inferred into one KG's store, and the dataset each query sees.

    One per KG. :meth:`prepare` infers what a query needs (once) and returns the warnings for it;
    :meth:`dataset` returns the pyoxigraph dataset arguments for the switches in force. Queries from several
    threads at once (``kgbench serve``) infer one at a time: each family is inferred once, never twice at once.
    """

    def __init__(self, store: Store, writable: bool):
        self.store = store
        self.writable = writable
        self.entailed = False
        self.families: set[str] = set()
        self.disjoint_skipped: bool | None = None
        self._objects: dict | None = None  # the spatial objects as asserted, read once (the data never changes)
        self._graphs: list | None = None
        #: a store kgbench loaded itself (the bundled snapshot) carries its RDFS entailment in ENTAILED_GRAPH
        self.prebuilt = not writable and store.contains_named_graph(ENTAILED_GRAPH)
        self.entailed = self.prebuilt
        self._not_rewritable: str | None | bool = False  # why the relation rewrite is not exact here (False: unknown)
        self._lock = threading.Lock()

    def prepare(self, text: str, *, entailment: bool, rewrite: bool) -> list[str]:
        """Return warnings for ``text`` after inferring (once) the entailment and the relations it needs."""
        if not self.writable:  # entailed when loaded; relations by rewrite_text
            return []
        with self._lock:
            return self._prepare(text, entailment, rewrite)

    def _prepare(self, text: str, entailment: bool, rewrite: bool) -> list[str]:
        if entailment and not self.entailed:
            entail_rdfs(self.store, None, axioms=True, domain_range=True, target=ENTAILED_GRAPH,
                        exclude=INFERRED_GRAPHS)
            self.entailed, self._graphs = True, None
        if not rewrite:
            return []
        families, names = relation_families(text)
        todo = families - self.families
        if todo:
            if self._objects is None:
                self._objects = spatial_objects(self.store, None, exclude=INFERRED_GRAPHS)
            self.disjoint_skipped = len(self._objects) ** 2 > DISJOINT_PAIR_LIMIT
            materialize_relations(self.store, None, families=tuple(sorted(todo)), target=RELATIONS_GRAPH,
                                  include_disjoint=not self.disjoint_skipped, exclude=INFERRED_GRAPHS,
                                  objects=self._objects)
            self.families |= todo
            self._graphs = None
        if self.disjoint_skipped and names & _DISJOINT:
            return [f"{', '.join('geo:' + n for n in sorted(names & _DISJOINT))}: disjointness is not inferred "
                    f"on a store of more than {DISJOINT_PAIR_LIMIT:,} pairs of spatial objects (only asserted "
                    f"triples match); use the geof: function in a FILTER instead"]
        return []

    def rewrite_text(self, text: str, *, rewrite: bool, index: Callable) -> tuple[str, list[str]]:
        """Return (the text to run, warnings): on a read-only store, relation properties as geof: tests.

        ``index`` returns the store's spatial index (asked only when the text names a relation property).
        The rewrite (:mod:`kgbench.kg.relation_rewrite`) applies where it gives exactly what inferred triples
        would; elsewhere, and where a property cannot be rewritten in place, a warning names the properties.
        """
        if self.writable or not rewrite:
            return text, []
        names = relation_families(text)[1]
        if not names:
            return text, []
        if self._not_rewritable is False:
            asserted = next((n for n in sorted(RELATION_NAMES)
                             if next(iter(self.store.quads_for_pattern(None, NamedNode(GEO.base + n), None)), None)), None)
            self._not_rewritable = (f"it asserts geo:{asserted} triples" if asserted else rewrite_applies(index()))
        return rewrite_or_warn(text, names, self._not_rewritable, "this read-only store")

    def dataset(self, *, entailment: bool, rewrite: bool) -> dict:
        """Return the pyoxigraph query keywords giving the union of the graphs the switches let in."""
        left_out = {g for g, on in ((ENTAILED_GRAPH, entailment), (RELATIONS_GRAPH, rewrite)) if not on}
        if not self.writable and self.prebuilt:
            left_out &= {ENTAILED_GRAPH}  # the rewrite is a text change, not a graph
        if not left_out or (not self.writable and not self.prebuilt):  # nothing inferred, or nothing to leave out
            return {"use_default_graph_as_union": True}
        if self._graphs is None:
            self._graphs = list(self.store.named_graphs())
        if not left_out & set(self._graphs):
            return {"use_default_graph_as_union": True}
        graphs = [g for g in self._graphs if g not in left_out]
        return {"default_graph": [DefaultGraph(), *graphs], "named_graphs": graphs}
