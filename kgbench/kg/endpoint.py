"""A SPARQL 1.1 server as the store: the server retrieves, kgbench's geo functions compute, with the same results.

A server (Oxigraph server, QLever, Virtuoso, GraphDB, Fuseki) lacks kgbench's Python functions, so
:class:`EndpointKG` answers a query in two steps:

1. the server runs the query's *retrievals* (:func:`kgbench.kg.split.plan_retrievals`): plain SELECTs over its
   triple patterns, restricted by the query's VALUES, its bindings and the filters the server can evaluate;
2. the quads those rows instantiate are put in a small in-memory store, and the query runs on it here through
   :class:`~kgbench.kg.store.KG`, with every geo function, the spatial planner and the same warnings.

Every quad a solution of the query can use is retrieved, in its own named graph, so the answer is the one the
whole graph gives (:mod:`kgbench.kg.split` says why). Relation properties (``?a geo:sfWithin ?b``) are rewritten
as the geof: tests they stand for before the split, as on the read-only snapshot, once the server is seen to
hold what makes the rewrite exact (one WKT literal per spatial object, no default geometries, no other
serializations, no asserted relation triples). RDFS entailment is what the server holds: the snapshot's
entailed graph when ``kgbench kg export`` wrote it there (``entailment=False`` then leaves that graph out).

Retrievals repeat across a generation run (a template's candidate queries), so their rows are kept in a
bounded LRU cache (``cache_quads``); ``stats`` counts requests, cache hits and quads fetched.

Failures of the server or the way to it raise :class:`~kgbench.kg.remote.RemoteEndpointError` naming the URL
(transient ones retried with back-off first, see :mod:`kgbench.kg.remote`); a query this reader cannot split
raises :class:`~kgbench.kg.split.SplitError`; ``timeout`` bounds the whole call, the retrievals and the local
evaluation together, and raises :class:`~kgbench.kg.interrupt.QueryTimeout`.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Mapping

from pyoxigraph import BlankNode, DefaultGraph, NamedNode, Quad, Store

from kgbench.geofunctions import Registry, default_registry
from kgbench.kg.inference import ENTAILED_GRAPH, relation_families, rewrite_or_warn
from kgbench.kg.interrupt import QueryTimeout, check_timeout, time_left
from kgbench.kg.query_text import place_bindings, render_values
from kgbench.kg.relation_rewrite import RELATION_NAMES, drop_fresh
from kgbench.kg.remote import RemoteKG
from kgbench.kg.results import QueryResult
from kgbench.kg.split import Retrieval, plan_retrievals
from kgbench.kg.store import KG, graph_info
from kgbench.ontologies import GEO

__all__ = ["EndpointKG"]

_SERIALIZATIONS = ("asGML", "asGeoJSON", "asKML", "asDGGS")


class EndpointKG:
    """Return query results over a SPARQL 1.1 endpoint with kgbench's geo functions, as :class:`~kgbench.kg.store.KG` does.

    ``snapshot`` (a :class:`~kgbench.kg.builder.snapshot.Snapshot`) names the snapshot the server was loaded
    with: its id becomes ``snapshot_id``, so items generated here carry the same ids as over the embedded store
    (without it: ``remote:<endpoint>``). ``named_graphs`` says whether the server keeps its data in named
    graphs (None: asked once). ``server_functions`` are function IRIs the server evaluates itself (filters
    using only those and SPARQL's built-ins run there). ``request_timeout``, ``retries`` and ``backoff`` are
    :class:`~kgbench.kg.remote.RemoteKG`'s; ``timeout`` the default time-out of a whole query.

    >>> kg = EndpointKG("http://127.0.0.1:7878/query")   # doctest: +SKIP
    >>> kg.query("SELECT ?n WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName ?n }").rows  # doctest: +SKIP
    """

    def __init__(self, endpoint: str, *, snapshot=None, timeout: float | None = None, request_timeout: float = 60.0,
                 retries: int = 3, backoff: float = 0.5, strict: bool = False,
                 on_warning: Callable[[str], None] | None = None, registry: Registry | None = None,
                 named_graphs: bool | None = None, server_functions=frozenset(), entailment: bool = True,
                 rewrite: bool = True, plan: bool = True, cache_quads: int = 2_000_000):
        self.remote = RemoteKG(endpoint, timeout=request_timeout, retries=retries, backoff=backoff)
        self.endpoint = endpoint
        self.snapshot = snapshot
        self.timeout = check_timeout(timeout)
        self.strict, self.on_warning = strict, on_warning
        self.registry = registry or default_registry()
        self.named_graphs = named_graphs
        self.server_functions = frozenset(server_functions)
        self.entailment, self.rewrite, self.plan = entailment, rewrite, plan
        self.cache_quads = cache_quads
        #: per-graph memo of derived lists (role candidates); the server's data must not change under it
        self.memo: dict = {}
        #: requests sent, retrievals answered from the cache, quads fetched, queries answered; seconds spent
        #: waiting for the server and reading its answers, building the local stores, evaluating here
        self.stats: collections.Counter = collections.Counter()
        self._cache: collections.OrderedDict[str, list[Quad]] = collections.OrderedDict()
        self._cached = 0
        self._facts: dict[str, object] = {}

    @property
    def snapshot_id(self) -> str:
        """Return the id of the snapshot the server holds (``remote:<endpoint>`` when none was named)."""
        return self.snapshot.id if self.snapshot else f"remote:{self.endpoint}"

    def info(self) -> dict:
        """Return triples per graph (counted by the server) and entities per category, country, income tier and
        density tier."""
        r = self._remote("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g", None)
        return graph_info(self.query, self.snapshot_id, {row["g"].value: int(row["n"].value) for row in r})

    def check(self) -> None:
        """Ask the server once how it keeps its data (named graphs or not): an unreachable or failing server
        raises :class:`~kgbench.kg.remote.RemoteEndpointError` here, before any work."""
        self._named(None)

    # ---- what the server holds (asked once) ---------------------------------------------------------------
    def _ask(self, key: str, text: str, deadline) -> bool:
        if key not in self._facts:
            self._facts[key] = self._remote(text, deadline).boolean
        return self._facts[key]

    def _named(self, deadline) -> bool:
        if self.named_graphs is None:
            self.named_graphs = self._ask("named", "ASK { GRAPH ?g { ?s ?p ?o } }", deadline)
        return self.named_graphs

    def _why_not_rewritable(self, deadline) -> str | None:
        """Return why the relation rewrite is not exact on the server, or None (the checks of
        :func:`~kgbench.kg.relation_rewrite.rewrite_applies`, asked as SPARQL)."""
        if "rewrite" not in self._facts:
            g = GEO.base
            checks = [
                ("it asserts relation-property triples",
                 "ASK { ?a " + "|".join(f"<{g}{n}>" for n in sorted(RELATION_NAMES)) + " ?b }"),
                ("the server links features through geo:hasDefaultGeometry", f"ASK {{ ?f <{g}hasDefaultGeometry> ?x }}"),
                ("the server has geometry literals other than WKT",
                 "ASK { ?x " + "|".join(f"<{g}{n}>" for n in _SERIALIZATIONS) + " ?l }"),
                ("a spatial object reaches more than one WKT literal",
                 f"ASK {{ ?s <{g}hasGeometry>?/<{g}asWKT> ?a, ?b FILTER(?a != ?b) }}"),
            ]
            # asked through the split, as any query (the server's default graph may be empty, its data in named
            # graphs), with no rewrite (these very checks decide it)
            self._facts["rewrite"] = next((why for why, text in checks
                                           if self.query(text, rewrite=False, timeout=_left(deadline)).boolean), None)
        return self._facts["rewrite"]

    # ---- queries -------------------------------------------------------------------------------------------
    def query(self, sparql: str, *, bindings: Mapping[str, object] | None = None, strict: bool | None = None,
              plan: bool | None = None, entailment: bool | None = None, rewrite: bool | None = None,
              timeout: float | None = None) -> QueryResult:
        """Return the materialized result of a SPARQL query, retrieved from the server and computed here.

        The arguments are :meth:`kgbench.kg.store.KG.query`'s, and so is the result (rows, warnings,
        strict mode). ``timeout`` bounds the retrievals and the evaluation together.
        """
        budget = self.timeout if timeout is None else check_timeout(timeout)
        deadline = None if budget is None else (time.monotonic() + budget, budget)
        entailment = self.entailment if entailment is None else entailment
        rewrite = self.rewrite if rewrite is None else rewrite
        text, warnings = sparql, []
        names = relation_families(sparql)[1] if rewrite else set()
        if names:
            text, warnings = rewrite_or_warn(sparql, names, self._why_not_rewritable(deadline),
                                             f"the endpoint {self.endpoint}")
        placed_text, placed = place_bindings(text, bindings) if bindings else (text, False)
        values = render_values(bindings) if bindings and not placed else None
        retrievals = plan_retrievals(placed_text, named_graphs=self._named(deadline), values=values,
                                     server_functions=self.server_functions)
        started = time.perf_counter()
        store = Store()
        for r in retrievals:
            store.extend(self._fetch(r, deadline))
        loaded = time.perf_counter()
        self.stats["retrieval seconds"] += loaded - started
        local = KG(store, registry=self.registry, strict=self.strict, plan=self.plan, entailment=entailment,
                   rewrite=False, writable=False)
        local.inference.prebuilt = local.inference.entailed = self._ask(
            "entailed", f"ASK {{ GRAPH <{ENTAILED_GRAPH.value}> {{ ?s ?p ?o }} }}", deadline)
        try:
            result = local.query(placed_text, bindings=None if placed else bindings, strict=strict, plan=plan,
                                 timeout=_left(deadline))
        except QueryTimeout:
            raise QueryTimeout(budget) from None
        self.stats["queries"] += 1
        self.stats["local seconds"] += time.perf_counter() - loaded
        result.warnings = list(dict.fromkeys(warnings + result.warnings))
        if self.on_warning:
            for w in result.warnings:
                self.on_warning(w)
        return result if text is sparql else drop_fresh(result, sparql)

    def _remote(self, text: str, deadline) -> QueryResult:
        """Return the server's answer to one request within what is left of the deadline."""
        self.stats["requests"] += 1
        try:
            return self.remote.query(text, timeout=_left(deadline))
        except QueryTimeout as exc:
            raise QueryTimeout(exc.timeout if deadline is None else deadline[1], exc.url) from None

    def _fetch(self, r: Retrieval, deadline) -> list[Quad]:
        """Return the quads the rows of one retrieval instantiate (from the cache when it was asked before)."""
        if r.text in self._cache:
            self._cache.move_to_end(r.text)
            self.stats["cache hits"] += 1
            return self._cache[r.text]
        asked = time.perf_counter()
        result = self._remote(r.text, deadline)
        self.stats["server seconds"] += time.perf_counter() - asked
        at = {v: k for k, v in enumerate(result.variables)}
        quads = []
        for row in result.rows:
            for pattern in r.patterns:
                if len(pattern) > 4 and row[at[pattern[4][1:]]] is None:
                    continue  # the row comes from another branch of a UNION
                terms = [row[at[x[1:]]] if isinstance(x, str) else x for x in pattern[:3]]
                g = pattern[3]
                g = DefaultGraph() if g is None else row[at[g[1:]]] if isinstance(g, str) else g
                s, p, o = terms
                if (isinstance(s, (NamedNode, BlankNode)) and isinstance(p, NamedNode) and o is not None
                        and isinstance(g, (NamedNode, BlankNode, DefaultGraph))):
                    quads.append(Quad(s, p, o, g))
        self.stats["quads"] += len(quads)
        self._cache[r.text] = quads
        self._cached += len(quads)
        while self._cached > self.cache_quads and len(self._cache) > 1:
            self._cached -= len(self._cache.popitem(last=False)[1])
        return quads


def _left(deadline) -> float | None:
    """Return the seconds left of a (deadline, budget) pair (None: no time-out); none left raises QueryTimeout."""
    return None if deadline is None else time_left(*deadline)
