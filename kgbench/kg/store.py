"""The knowledge graph a user queries: an Oxigraph store with the geo functions, or a remote SPARQL endpoint."""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from pyoxigraph import (BlankNode, DefaultGraph, Literal, NamedNode, QueryBoolean, QuerySolutions, RdfFormat,
                        Store, Variable)

from kgbench.geofunctions import Registry, default_registry
from kgbench.kg.builder.snapshot import Snapshot, SnapshotError, build_snapshot
from kgbench.kg.geosparql import entail_rdfs
from kgbench.kg.inference import ENTAILED_GRAPH, INFERRED_GRAPHS, Inference
from kgbench.kg.interrupt import QueryTimeout, check_timeout, run_interruptible, time_left
from kgbench.fileio import atomic_directory, atomic_write
from kgbench.kg.paths import cache_dir, clean_cache
from kgbench.kg.planner import mentions_spatial, run_planned
from kgbench.kg.query_text import place_bindings
from kgbench.kg.relation_rewrite import drop_fresh
from kgbench.kg.results import QueryResult
from kgbench.ontologies import PREFIXES

__all__ = ["KG", "open_kg", "QuerySyntaxError", "DataFileError", "load_store", "verify_store", "rdf_format_of",
           "graph_info"]

_STORE_MARKER = "kgbench-store.json"


class QuerySyntaxError(ValueError):
    """A SPARQL query that does not parse; the message carries the parser's message and position."""


class DataFileError(ValueError):
    """An RDF data file that is missing or malformed; the message names the file and the position."""


_FORMATS = {".nt": RdfFormat.N_TRIPLES, ".nq": RdfFormat.N_QUADS, ".ttl": RdfFormat.TURTLE, ".trig": RdfFormat.TRIG,
            ".rdf": RdfFormat.RDF_XML, ".owl": RdfFormat.RDF_XML, ".xml": RdfFormat.RDF_XML, ".n3": RdfFormat.N3,
            ".jsonld": RdfFormat.JSON_LD}


def rdf_format_of(path: str | Path) -> RdfFormat:
    """Return the RDF format of a file from its extension; an unknown extension raises DataFileError.

    >>> rdf_format_of("a.nt") == RdfFormat.N_TRIPLES
    True
    """
    ext = Path(path).suffix.lower()
    if ext not in _FORMATS:
        raise DataFileError(f"{path}: unknown RDF file extension {ext!r} (known: {', '.join(sorted(_FORMATS))})")
    return _FORMATS[ext]


def _term(value):
    if isinstance(value, (NamedNode, BlankNode, Literal)):
        return value
    if isinstance(value, bool):
        return Literal("true" if value else "false", datatype=NamedNode("http://www.w3.org/2001/XMLSchema#boolean"))
    if isinstance(value, (int, float, str)):
        return Literal(value)
    raise TypeError(f"cannot bind {value!r} of type {type(value).__name__} as an RDF term")


class KG:
    """Return query results over a knowledge graph held in an Oxigraph store, with kgbench's geo functions.

    Queries see the union of all named graphs as their default graph, know the kgbench prefixes
    (``geo:``, ``geof:``, ``uom:``, ``kgb:``...), and take role values as RDF terms through
    ``bindings`` (never pasted into the text).

    >>> kg = KG.from_text('<http://ex.org/a> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(24.94 60.17)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .')
    >>> r = kg.query("SELECT ?w WHERE { ?s geo:asWKT ?w }")
    >>> r.rows[0][0].value
    'POINT(24.94 60.17)'
    """

    def __init__(self, store: Store, *, snapshot: Snapshot | None = None, registry: Registry | None = None,
                 strict: bool = False, on_warning: Callable[[str], None] | None = None, plan: bool = True,
                 index_path: Path | None = None, entailment: bool = True, rewrite: bool = True,
                 writable: bool = False, timeout: float | None = None):
        self.store = store
        #: GeoSPARQL's RDFS entailment and relation-property inference (:mod:`kgbench.kg.inference`): applied
        #: to stores kgbench may write to (``writable``: data loaded in memory), by default
        self.entailment = entailment
        self.rewrite = rewrite
        self.inference = Inference(store, writable)
        #: the time-out (seconds) of a query that gives none; None: no time-out
        self.timeout = check_timeout(timeout)
        #: answer plain GeoSPARQL distance / relation / nearest forms through the spatial index (:mod:`kgbench.kg.planner`)
        self.plan = plan
        #: where the spatial index is kept between runs (None: built in memory when first needed)
        self.index_path = index_path
        self.snapshot = snapshot
        self.registry = registry or default_registry()
        self.strict = strict
        self.on_warning = on_warning
        #: per-KG memo of expensive derived lists (role candidates); the KG's data never changes
        self.memo: dict = {}

    @property
    def snapshot_id(self) -> str:
        """Return the id of the snapshot loaded, or 'custom' for user data."""
        return self.snapshot.id if self.snapshot else "custom"

    @classmethod
    def from_text(cls, text: str, fmt: RdfFormat = RdfFormat.N_TRIPLES, **kw) -> "KG":
        """Return an in-memory KG holding the RDF text (N-Triples by default)."""
        store = Store()
        try:
            store.load(text, fmt)
        except SyntaxError as exc:
            raise DataFileError(f"<text>: {exc}") from None
        return cls(store, writable=True, **kw)

    @classmethod
    def from_files(cls, paths: Iterable[str | Path], **kw) -> "KG":
        """Return an in-memory KG with these RDF files loaded (each triple file into its own named graph).

        A missing or malformed file raises :class:`DataFileError` naming the file and the position.
        """
        store = Store()
        for p in paths:
            load_file(store, p)
        return cls(store, writable=True, **kw)

    def spatial_index(self):
        """Return the :class:`~kgbench.kg.spatial_index.SpatialIndex` of the store (built on first use, then kept)."""
        if "spatial index" not in self.memo:
            from kgbench.kg.spatial_index import load_or_build

            self.memo["spatial index"] = load_or_build(self.store, self.index_path)
        return self.memo["spatial index"]

    def query(self, sparql: str, *, bindings: Mapping[str, object] | None = None,
              strict: bool | None = None, plan: bool | None = None, entailment: bool | None = None,
              rewrite: bool | None = None, timeout: float | None = None) -> QueryResult:
        """Return the materialized result of a SPARQL query with the geo functions registered.

        ``bindings`` (variable name -> RDF term or Python value) open the WHERE clause as a VALUES
        block of serialized terms, or, for a query without an explicit ``WHERE {``, are passed as
        substitutions (which pyoxigraph applies to projected variables only).

        Geo-function failures are counted: they appear in ``result.warnings`` (and go to ``on_warning``);
        in strict mode (here or on the KG) a failure raises GeoFunctionError after the query.
        A syntax error raises :class:`QuerySyntaxError` with the parser's position.
        Ctrl-C (SIGINT) stops the query within a fraction of a second and raises KeyboardInterrupt; no
        partial result is ever returned (see :mod:`kgbench.kg.interrupt`).

        ``timeout`` (seconds; default: the KG's ``timeout``, None: no limit) bounds the whole call: a query
        still running when it ends is stopped as on Ctrl-C and :class:`~kgbench.kg.interrupt.QueryTimeout` (a
        TimeoutError) is raised, never a partial result. A planned query gives what is left of it to each of
        its inner queries. Geo functions and the reading of rows stop at once; pure SPARQL work inside
        pyoxigraph (a COUNT over a cross join) may run on in the background until pyoxigraph returns. A
        timeout that is not a positive number raises ValueError.

        ``plan`` (default: the KG's ``plan``, True) answers plain GeoSPARQL distance filters, relation filters
        and nearest-neighbour forms through the spatial index (:mod:`kgbench.kg.planner`): the same answer as
        the pair-by-pair evaluation, without comparing every pair.

        ``entailment`` and ``rewrite`` (default: the KG's, True) apply GeoSPARQL's RDFS entailment and infer
        the relation properties (``?a geo:sfWithin ?b``) the query names: into graphs for data loaded in memory,
        as the entailed graph loaded with the store and a rewrite of the query on the snapshot
        (:mod:`kgbench.kg.inference`); False answers over the data as given.

        >>> kg = KG.from_text('<http://ex.org/a> <http://ex.org/p> "1" .')
        >>> kg.query("SELECT ?o WHERE { ?s ?p ?o }", timeout=10).rows[0][0].value
        '1'
        """
        budget = self.timeout if timeout is None else check_timeout(timeout)
        deadline = None if budget is None else time.monotonic() + budget
        entailment = self.entailment if entailment is None else entailment
        rewrite = self.rewrite if rewrite is None else rewrite
        return self._query(sparql, bindings, strict, plan, deadline, budget, entailment, rewrite)

    def _query(self, sparql: str, bindings, strict, plan, deadline: float | None, budget: float | None,
               entailment: bool, rewrite: bool) -> QueryResult:
        """Return :meth:`query`'s result, raising QueryTimeout(budget) if it is not ready by ``deadline``."""
        inferred = self.inference.prepare(sparql, entailment=entailment, rewrite=rewrite)
        text, more = self.inference.rewrite_text(sparql, rewrite=rewrite, index=self.spatial_index)
        result = self._run(text, bindings, strict, plan, deadline, budget, entailment, rewrite, inferred + more)
        return result if text is sparql else drop_fresh(result, sparql)

    def _run(self, sparql: str, bindings, strict, plan, deadline: float | None, budget: float | None,
             entailment: bool, rewrite: bool, inferred: list[str]) -> QueryResult:
        dataset = self.inference.dataset(entailment=entailment, rewrite=rewrite)
        binding = self.registry.bind()
        subs = {Variable(k): _term(v) for k, v in (bindings or {}).items()}
        sparql, placed = place_bindings(sparql, {k.value: v for k, v in subs.items()} if subs else None)
        if placed:  # a VALUES block opening the WHERE clause: the engine starts from the bound terms
            subs = {}
        if not subs and (self.plan if plan is None else plan) and mentions_spatial(sparql):
            # every inner query shares the deadline, and the planner's own work checks it: together they
            # cannot outlive the time-out
            planned = run_planned(sparql, self.spatial_index(),
                                  lambda text: self._query(text, None, strict, False, deadline, budget, entailment, rewrite),
                                  None if deadline is None else lambda: time_left(deadline, budget), self.registry,
                                  (entailment, rewrite, self.inference.entailed, frozenset(self.inference.families)))
            if planned is not None:  # its inner queries carry the inference warnings (again: once is enough)
                planned.warnings = list(dict.fromkeys([*inferred, *planned.warnings]))
                return planned
        left = None if deadline is None else time_left(deadline, budget)
        try:
            result = run_interruptible(lambda: self._evaluate(sparql, subs, binding, dataset), binding.cancel, timeout=left)
        except QueryTimeout:
            raise QueryTimeout(budget) from None  # name the time-out asked for, not what was left of it
        binding.raise_if_stopped()  # an interrupt seen inside a geo function: the result is partial, drop it
        result.warnings = inferred + binding.check(self.strict if strict is None else strict)
        if self.on_warning:
            for w in result.warnings:
                self.on_warning(w)
        return result

    def _evaluate(self, sparql: str, subs: dict, binding, dataset: dict) -> QueryResult:
        """Return the materialized result of one query (rows are read in Python, where signals are checked)."""
        try:
            raw = self.store.query(sparql, prefixes=PREFIXES, **dataset,
                                   substitutions=subs or None, custom_functions=binding.functions,
                                   custom_aggregate_functions=binding.aggregates)
        except SyntaxError as exc:
            raise QuerySyntaxError(f"SPARQL syntax {exc}") from None
        sol = None
        try:
            if isinstance(raw, QuerySolutions):
                variables = [v.value for v in raw.variables]
                rows = []
                for sol in raw:
                    if binding.stopped is not None:
                        break
                    rows.append(tuple(sol[v] for v in variables))
                return QueryResult("select", variables, rows)
            if isinstance(raw, QueryBoolean):
                return QueryResult("ask", boolean=bool(raw))
            return QueryResult("construct", triples=list(raw))
        finally:
            # a traceback kept beyond this call (an interrupt's, an error's) holds this frame: pyoxigraph's
            # result objects may be dropped only on the thread that made them, so they go now
            raw = sol = None  # noqa: F841

    def count_triples(self) -> dict[str, int]:
        """Return the number of triples per named graph (the default graph as '')."""
        r = self.query("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g")
        out = {row["g"].value: int(row["n"].value) for row in r}
        default = len(list(self.store.quads_for_pattern(None, None, None, DefaultGraph())))
        if default:
            out[""] = default
        return out

    def info(self) -> dict:
        """Return triples per graph and entities per category, country, income tier and density tier."""
        return graph_info(self.query, self.snapshot_id, self.count_triples())

    def export(self, path: str | Path) -> int:
        """Return the number of quads written to ``path`` as N-Quads: every graph of the store, the entailed one
        included, so that a SPARQL server loaded with the file answers as this store does.

        The file is written to a temporary name and renamed when complete; an existing file is replaced (the
        CLI asks for ``--force`` first).
        """
        with atomic_write(path, "wb") as f:
            self.store.dump(f, RdfFormat.N_QUADS)
        return len(self.store)


def graph_info(query: Callable, snapshot_id: str, triples: dict[str, int]) -> dict:
    """Return ``kg info``'s figures (entities per category, country, income and density tier, per graph) through
    ``query`` (pure SPARQL: a local store's or a server's), with ``triples`` per graph."""
    out: dict = {"snapshot": snapshot_id, "triples": triples}
    for key, prop in (("category", "kgb:category"), ("country", "kgb:country"),
                      ("income_tier", "kgb:incomeTier"), ("density_tier", "kgb:densityTier")):
        r = query(f"SELECT ?v (COUNT(?e) AS ?n) WHERE {{ ?e {prop} ?v }} GROUP BY ?v ORDER BY DESC(?n) ?v")
        out[key] = {row["v"].value: int(row["n"].value) for row in r}
    r = query("SELECT ?g (COUNT(?e) AS ?n) WHERE { GRAPH ?g { ?e a kgb:Entity } } GROUP BY ?g ORDER BY ?g")
    out["entities"] = {row["g"].value: int(row["n"].value) for row in r}
    return out


def load_file(store: Store, path: str | Path, graph: NamedNode | None = None) -> None:
    """Load one RDF file into ``store`` (triples into ``graph``, default: a graph named after the file)."""
    path = Path(path)
    fmt = rdf_format_of(path)
    if not path.is_file():
        raise DataFileError(f"{path}: data file not found")
    to_graph = None
    if fmt in (RdfFormat.N_TRIPLES, RdfFormat.TURTLE, RdfFormat.RDF_XML, RdfFormat.N3, RdfFormat.JSON_LD):
        to_graph = graph or NamedNode(path.resolve().as_uri())
    try:
        store.load(path=str(path), format=fmt, to_graph=to_graph, base_iri=path.resolve().as_uri())
    except SyntaxError as exc:
        raise DataFileError(f"{path}: {exc}") from None


def load_store(snapshot: Snapshot, cache: str | Path | None = None, *, force: bool = False, full_check: bool = False,
               progress: Callable[[str], None] | None = None) -> Path:
    """Return the folder of the on-disk Oxigraph store holding ``snapshot``, loading it first if needed.

    An existing store is verified first (:func:`verify_store`; ``full_check`` adds the triple counts per
    graph) and loaded again when damaged; ``force`` always loads it again. Loading goes into a temporary
    folder renamed into place only when complete and its triple counts match the manifest: a failed load
    leaves the previous store intact and never leaves a half-loaded one where a later run would use it.
    Leftovers of builds and loads killed midway are removed first (:func:`kgbench.kg.paths.clean_cache`).
    The store also holds the snapshot's RDFS closure (GeoSPARQL's entailment extension), inferred after the
    load into :data:`~kgbench.kg.inference.ENTAILED_GRAPH`; its size is recorded beside the data files'.
    """
    target = cache_dir(cache) / "stores" / snapshot.id
    say = progress or (lambda m: None)
    clean_cache(cache)
    if (target / _STORE_MARKER).is_file() and not force:
        problem = verify_store(target, snapshot, full=full_check)
        if problem is None:
            return target
        say(f"the store is damaged ({problem}): loading it again")
    with atomic_directory(target) as tmp:
        store = Store(str(tmp))
        for graph, f in snapshot.graph_files():
            say(f"loading {f.name} into the store")
            try:
                store.bulk_load(path=str(f), format=RdfFormat.N_TRIPLES, to_graph=graph)
            except SyntaxError as exc:
                raise DataFileError(f"{f}: corrupt N-Triples: {exc}") from None
        # GeoSPARQL's RDFS entailment (its conformance classes expect it by default) is part of the store, in
        # its own graph: queries with entailment off leave that graph out (kgbench.kg.inference)
        say("inferring GeoSPARQL's RDFS entailment (sub-class, sub-property, domain, range)")
        entailed = entail_rdfs(store, None, axioms=True, domain_range=True, target=ENTAILED_GRAPH,
                               exclude=INFERRED_GRAPHS)
        store.flush()
        store.optimize()
        say("checking the store's triple counts against the manifest")
        counts = _graph_counts(store)
        del store
        expected = _expected_counts(snapshot, entailed)
        if counts != expected:
            raise SnapshotError(f"{tmp}: the loaded store does not match snapshot {snapshot.id}: "
                                f"{_count_diff(counts, expected)}")
        marker = {"snapshot": snapshot.id, "triples": expected, "entailed": entailed, "files": _fingerprint(tmp),
                  "sha256": _digests(tmp)}
        (tmp / _STORE_MARKER).write_text(json.dumps(marker, indent=1, sort_keys=True) + "\n")
    return target


def verify_store(folder: str | Path, snapshot: Snapshot, *, full: bool = False) -> str | None:
    """Return what is wrong with the store in ``folder`` for ``snapshot``, or None when it looks sound.

    The quick check (under a millisecond: no store is opened) compares the store's data files, names and
    sizes, with those recorded when it was loaded (a truncated, deleted or added file); ``full`` also compares
    the SHA-256 of every data file (bytes overwritten in place) and counts the triples of every graph against
    the manifest (about 3 s in all for the default snapshot's 1.2 million triples and 330 MB).
    """
    folder = Path(folder)
    try:
        marker = json.loads((folder / _STORE_MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return f"unreadable marker {_STORE_MARKER}: {exc}"
    if not isinstance(marker, dict) or marker.get("snapshot") != snapshot.id:
        return f"the marker names another snapshot ({marker.get('snapshot') if isinstance(marker, dict) else marker!r})"
    files = marker.get("files")
    if not isinstance(files, dict) or not isinstance(marker.get("entailed"), int):
        return "no file list or entailment count in the marker (a store loaded by an older kgbench)"
    now = _fingerprint(folder)
    if now != files:
        changed = sorted(set(files) ^ set(now) | {f for f in files if f in now and files[f] != now[f]})
        return f"store files missing, added or of another size: {', '.join(changed[:5])}"
    if full:
        sums = marker.get("sha256")
        if not isinstance(sums, dict):
            return "no file digests in the marker"
        now_sums = _digests(folder)
        if now_sums != sums:
            return f"store files changed in place: {', '.join(sorted(f for f in sums if now_sums.get(f) != sums[f])[:5])}"
    if not full:
        return None
    try:
        counts = _graph_counts(Store.read_only(str(folder)))
    except OSError as exc:  # RocksDB reports corruption (bad checksums, missing files) as OSError
        return f"cannot read the store: {exc}"
    expected = _expected_counts(snapshot, marker["entailed"])
    if counts != expected:
        return f"triple counts differ from the manifest: {_count_diff(counts, expected)}"
    return None


#: the RocksDB files whose names and sizes identify a loaded store (logs and the lock file change on open)
_DATA_FILE = re.compile(r"^(\d+\.sst|CURRENT|MANIFEST-\d+|OPTIONS-\d+|IDENTITY)$")


def _fingerprint(folder: Path) -> dict[str, int]:
    return {e.name: e.stat().st_size for e in os.scandir(folder) if _DATA_FILE.match(e.name)}


def _digests(folder: Path) -> dict[str, str]:
    out = {}
    for name in sorted(_fingerprint(folder)):
        with open(folder / name, "rb") as f:
            out[name] = hashlib.file_digest(f, "sha256").hexdigest()
    return out


def _graph_counts(store: Store) -> dict[str, int]:
    q = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"
    return {sol["g"].value: int(sol["n"].value) for sol in store.query(q)}


def _expected_counts(snapshot: Snapshot, entailed: int) -> dict[str, int]:
    """Return the triples per graph of a loaded store: the manifest's graphs and the entailed closure (if any)."""
    counts = {g["iri"]: int(g["triples"]) for g in snapshot.manifest["graphs"].values()}
    return {**counts, ENTAILED_GRAPH.value: entailed} if entailed else counts


def _count_diff(counts: dict[str, int], expected: dict[str, int]) -> str:
    bad = [f"{g.rsplit('/', 1)[-1]} {counts.get(g, 0)} instead of {n}" for g, n in expected.items()
           if counts.get(g, 0) != n]
    bad += [f"unexpected graph {g}" for g in counts if g not in expected]
    return "; ".join(bad[:5])


def open_kg(*, data: Iterable[str | Path] | None = None, cache: str | Path | None = None, strict: bool = False,
            progress: Callable[[str], None] | None = None, on_warning: Callable[[str], None] | None = None,
            entailment: bool = True, rewrite: bool = True, timeout: float | None = None,
            snapshot: str | Path | None = None) -> KG:
    """Return the default snapshot's KG (building and loading it on first use), or an in-memory KG of ``data`` files.

    (:func:`kgbench.open_kg`, :func:`kgbench.kg.opening.open_kg`, also opens a SPARQL server.)

    ``snapshot`` is a snapshot folder (one ``kgbench kg ingest`` wrote) to use instead of the default one: its
    store is loaded into the cache like the default snapshot's (:func:`load_store`), once, and a folder that is
    no snapshot raises SnapshotError naming it.

    ``timeout`` becomes the KG's default query time-out in seconds (:meth:`KG.query`); it does not bound the
    build or the load.

    >>> kg = open_kg()            # doctest: +SKIP
    >>> kg.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").rows  # doctest: +SKIP
    """
    if data:
        return KG.from_files(data, strict=strict, on_warning=on_warning, entailment=entailment, rewrite=rewrite,
                             timeout=timeout)
    check_timeout(timeout)  # a bad value fails before a build, not after it
    clean_cache(cache)  # leftovers of builds killed midway, before a build makes more
    snapshot = Snapshot.open(snapshot) if snapshot is not None else build_snapshot(cache, progress=progress)
    folder = load_store(snapshot, cache, progress=progress)
    try:
        store = Store.read_only(str(folder))
    except OSError as exc:
        raise SnapshotError(f"{folder}: cannot open the store: {exc}") from None
    return KG(store, snapshot=snapshot, strict=strict, on_warning=on_warning, entailment=entailment, rewrite=rewrite,
              timeout=timeout,
              index_path=cache_dir(cache) / "indexes" / f"{snapshot.id}.spatial")

