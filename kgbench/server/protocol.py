"""The SPARQL 1.1 Protocol's rules as pure functions: what a request asks, what is refused, how the answer is written.

Nothing here knows HTTP frameworks or stores: :mod:`kgbench.server.app` hands in the method, the content type,
the parameters and the body, and gets back the query text, or a :class:`ProtocolError` carrying the HTTP status
and a one-line message; :func:`negotiate` picks the result format from a ``format`` parameter or the Accept
header, and :func:`render` writes a :class:`~kgbench.kg.results.QueryResult` in it.

>>> query_of("GET", None, {"query": ["ASK {}"]}, b"")
'ASK {}'
>>> negotiate("select", None, "text/csv").media_type
'text/csv'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from pyoxigraph import RdfFormat, serialize

from kgbench.kg.results import QueryResult
from kgbench.kg.sparql_syntax import SparqlStructureError, tokenize
from kgbench.ontologies import PREFIXES

__all__ = ["ProtocolError", "Format", "query_of", "refusal", "negotiate", "render", "RESULT_FORMATS",
           "GRAPH_FORMATS", "one_line"]


class ProtocolError(Exception):
    """A request the endpoint answers with an error: ``status`` (an HTTP code) and a one-line message.

    >>> e = ProtocolError(403, "SPARQL Update is refused")
    >>> e.status, str(e)
    (403, 'SPARQL Update is refused')
    """

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclasses.dataclass(frozen=True)
class Format:
    """One way of writing a result: its short name (the ``format`` parameter), media types (the first is sent)."""

    name: str
    media_types: tuple[str, ...]
    aliases: tuple[str, ...] = ()

    @property
    def media_type(self) -> str:
        """Return the media type a response in this format carries."""
        return self.media_types[0]


#: how SELECT and ASK results are written (kgbench.kg.results serializes them), the endpoint's preference first
RESULT_FORMATS = (
    Format("json", ("application/sparql-results+json", "application/json", "text/javascript",
                    "application/javascript")),
    Format("xml", ("application/sparql-results+xml", "application/xml", "text/xml")),
    Format("csv", ("text/csv",)),
    Format("tsv", ("text/tab-separated-values",)),
)
#: how CONSTRUCT and DESCRIBE results (triples) are written; ``json`` and ``xml`` mean JSON-LD and RDF/XML
#: there, as clients such as SPARQLWrapper send them for graphs
GRAPH_FORMATS = (
    Format("turtle", ("text/turtle", "application/x-turtle"), ("ttl",)),
    Format("ntriples", ("application/n-triples", "text/plain"), ("nt", "n-triples")),
    Format("n3", ("text/n3", "text/rdf+n3")),
    Format("rdfxml", ("application/rdf+xml", "application/xml"), ("xml", "rdf")),
    Format("jsonld", ("application/ld+json", "application/json"), ("json", "json-ld")),
)
_RDF_FORMAT = {"turtle": RdfFormat.TURTLE, "ntriples": RdfFormat.N_TRIPLES, "n3": RdfFormat.N3,
               "rdfxml": RdfFormat.RDF_XML, "jsonld": RdfFormat.JSON_LD}
_UPDATE_KEYWORDS = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD", "WITH"}
_UNSUPPORTED_PARAMS = ("default-graph-uri", "named-graph-uri", "using-graph-uri", "using-named-graph-uri")


def _one(params: Mapping[str, Sequence[str]], name: str) -> str | None:
    values = params.get(name) or []
    if len(values) > 1:
        raise ProtocolError(400, f"the {name} parameter is given {len(values)} times: give it once")
    return values[0] if values else None


def query_of(method: str, content_type: str | None, params: Mapping[str, Sequence[str]], body: bytes) -> str:
    """Return the query text a SPARQL 1.1 Protocol request carries; anything else raises :class:`ProtocolError`.

    ``params`` holds the URL's parameters, and for a form POST (``application/x-www-form-urlencoded``) the
    body's too. A POST with ``application/sparql-query`` carries the query as its body (UTF-8). An update
    (an ``update`` parameter or an ``application/sparql-update`` body) is refused with 403; a dataset given
    by parameters (``default-graph-uri``, ``named-graph-uri``) with 400, since every query sees the union of
    the snapshot's graphs; another body type with 415; a request without a query with 400.

    >>> query_of("POST", "application/sparql-query; charset=utf-8", {}, "ASK { ?s ?p ?o }".encode())
    'ASK { ?s ?p ?o }'
    >>> query_of("POST", "application/x-www-form-urlencoded", {"update": ["DROP ALL"]}, b"")
    Traceback (most recent call last):
    ...
    kgbench.server.protocol.ProtocolError: SPARQL Update is refused: this endpoint is read-only
    >>> query_of("GET", None, {}, b"")
    Traceback (most recent call last):
    ...
    kgbench.server.protocol.ProtocolError: no query: give a query parameter (GET or a form POST) or POST an application/sparql-query body
    """
    ctype = (content_type or "").split(";", 1)[0].strip().lower()
    if method not in ("GET", "POST"):
        raise ProtocolError(405, f"method {method} is not allowed: use GET or POST")
    if ctype == "application/sparql-update" or _one(params, "update") is not None:
        raise ProtocolError(403, "SPARQL Update is refused: this endpoint is read-only")
    for name in _UNSUPPORTED_PARAMS:
        if params.get(name):
            raise ProtocolError(400, f"the {name} parameter is not supported: every query sees the union of the "
                                     "snapshot's graphs (name a graph with GRAPH in the query)")
    text = _one(params, "query")
    if method == "POST" and ctype == "application/sparql-query":
        if text is not None:
            raise ProtocolError(400, "a query both in the body and in a query parameter: give one")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError(400, f"the query body is not UTF-8: {exc}") from None
    elif method == "POST" and ctype not in ("application/x-www-form-urlencoded", ""):
        raise ProtocolError(415, f"unsupported body type {ctype}: POST application/x-www-form-urlencoded "
                                 "(query=...) or application/sparql-query")
    if not text or not text.strip():
        raise ProtocolError(400, "no query: give a query parameter (GET or a form POST) or POST an "
                                 "application/sparql-query body")
    return text


def refusal(text: str) -> str | None:
    """Return why the endpoint refuses a query text (an update, LOAD, SERVICE), or None when it may run.

    Keywords count only as tokens (not inside strings, IRIs or comments, nor as a variable or prefixed name).
    A text that does not even tokenize is left to the query engine, which reports the syntax error.

    >>> refusal('SELECT * WHERE { SERVICE <http://x/sparql> { ?s ?p ?o } }')
    'SERVICE (a federated query to http://x/sparql) is refused: this endpoint queries only its own snapshot'
    >>> refusal('PREFIX ex: <http://x/> LOAD <http://x/data.ttl>')
    'LOAD is refused: this endpoint is read-only'
    >>> refusal('INSERT DATA { <http://x/a> <http://x/b> "c" }')
    'SPARQL Update (INSERT) is refused: this endpoint is read-only'
    >>> refusal('SELECT ?service WHERE { ?service ?p "LOAD SERVICE" } # DELETE')
    """
    try:
        tokens = tokenize(text)
    except SparqlStructureError:
        return None
    names = [(i, t) for i, t in enumerate(tokens) if t.kind == "name"]
    for i, t in names:
        if t.upper == "SERVICE":
            j = i + 1
            if j < len(tokens) and tokens[j].kind == "name" and tokens[j].upper == "SILENT":
                j += 1
            target = tokens[j].text.strip("<>") if j < len(tokens) else "?"
            return (f"SERVICE (a federated query to {target}) is refused: this endpoint queries only its own "
                    "snapshot")
    first = next((t.upper for i, t in names if t.upper not in ("PREFIX", "BASE")), None)
    if first == "LOAD" or any(t.upper == "LOAD" for _, t in names):
        return "LOAD is refused: this endpoint is read-only"
    if first in _UPDATE_KEYWORDS:
        return f"SPARQL Update ({first}) is refused: this endpoint is read-only"
    return None


def _accept_ranges(accept: str) -> list[tuple[str, float]]:
    out = []
    for part in accept.split(","):
        bits = [b.strip() for b in part.split(";")]
        if not bits[0]:
            continue
        q = 1.0
        for b in bits[1:]:
            if b.lower().startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        out.append((bits[0].lower(), q))
    return out


def _quality(media_type: str, ranges: list[tuple[str, float]]) -> tuple[float, int]:
    """Return (q, specificity) of the most specific Accept range matching ``media_type`` ((-1, -1) if none)."""
    kind = media_type.split("/", 1)[0]
    best = (-1.0, -1)
    for rng, q in ranges:
        spec = 2 if rng == media_type else 1 if rng == f"{kind}/*" else 0 if rng == "*/*" else -1
        if spec > best[1]:
            best = (q, spec)
    return best


def negotiate(kind: str, fmt: str | None, accept: str | None) -> Format:
    """Return the format for a result of ``kind`` ('select', 'ask', 'construct'): ``fmt`` first, then Accept.

    ``fmt`` (the ``format`` parameter) is a short name or a media type; ``json`` and ``xml`` mean SPARQL JSON
    and XML for SELECT and ASK, JSON-LD and RDF/XML for CONSTRUCT and DESCRIBE. Without either, SELECT and ASK
    get SPARQL JSON and graphs Turtle. An Accept header that allows none of the formats raises 406; an
    unknown ``fmt``, or one that does not fit the result (csv for a graph), raises 406 too, naming the choices.

    >>> negotiate("ask", None, "application/sparql-results+xml;q=0.9, application/json").name
    'json'
    >>> negotiate("construct", "xml", None).media_type
    'application/rdf+xml'
    >>> negotiate("construct", None, "text/html,*/*;q=0.8").name
    'turtle'
    >>> negotiate("select", None, "image/png")
    Traceback (most recent call last):
    ...
    kgbench.server.protocol.ProtocolError: no result format matches Accept: image/png (a SELECT result is written as application/sparql-results+json, application/sparql-results+xml, text/csv, text/tab-separated-values)
    """
    offers = GRAPH_FORMATS if kind == "construct" else RESULT_FORMATS
    what = "a CONSTRUCT or DESCRIBE result" if kind == "construct" else f"a {kind.upper()} result"
    if fmt:
        key = fmt.strip().lower()
        for f in offers:
            if key == f.name or key in f.aliases or key in f.media_types:
                return f
        raise ProtocolError(406, f"format {fmt!r} does not fit {what}: choose one of "
                                 f"{', '.join(f.name for f in offers)} (or a media type)")
    ranges = _accept_ranges(accept or "")
    if not ranges:
        return offers[0]
    best, best_key = None, (0.0, -1, 0)
    for rank, f in enumerate(offers):
        for mt in f.media_types:
            q, spec = _quality(mt, ranges)
            key = (q, spec, -rank)
            if q > 0 and key > best_key:
                best, best_key = f, key
    if best is None:
        raise ProtocolError(406, f"no result format matches Accept: {accept} ({what} is written as "
                                 f"{', '.join(f.media_type for f in offers)})")
    return best


def render(result: QueryResult, fmt: Format) -> bytes:
    """Return the result written in ``fmt`` as UTF-8 bytes (graphs through pyoxigraph, with kgbench's prefixes).

    >>> from pyoxigraph import Literal
    >>> render(QueryResult.select(["x"], [(Literal("1"),)]), RESULT_FORMATS[2])
    b'x\\r\\n1\\r\\n'
    """
    if result.kind == "construct":
        prefixes = PREFIXES if fmt.name in ("turtle", "n3", "rdfxml") else None
        return serialize(result.triples, format=_RDF_FORMAT[fmt.name], prefixes=prefixes) or b""
    return result.serialize(fmt.name).encode("utf-8")


_SPACE = re.compile(r"\s+")


def one_line(message: str, limit: int = 2000) -> str:
    """Return a message on one line (runs of white space as one space), cut at ``limit`` characters.

    >>> one_line("a\\n   b")
    'a b'
    """
    text = _SPACE.sub(" ", message).strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."
