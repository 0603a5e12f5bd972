"""A remote SPARQL 1.1 endpoint (an Oxigraph server, QLever, Virtuoso, GraphDB...) as the scale-out backend."""

from __future__ import annotations

import json
from collections.abc import Mapping

from pyoxigraph import BlankNode, Literal, NamedNode

from kgbench.kg.results import QueryResult
from kgbench.kg.store import QuerySyntaxError
from kgbench.ontologies import PREFIXES
from kgbench.queries.template import render_values

__all__ = ["RemoteKG", "EndpointError"]


class EndpointError(RuntimeError):
    """The endpoint could not be reached or answered with an error; the message names the endpoint."""


class RemoteKG:
    """Return query results from a remote SPARQL endpoint, in the same form as :class:`kgbench.kg.store.KG`.

    kgbench's geo functions run in this process, not on the server: queries sent here may use only the
    functions the server itself provides. Bindings travel as a VALUES block of serialized RDF terms.
    """

    def __init__(self, endpoint: str, *, update_endpoint: str | None = None, timeout: float = 60.0):
        self.endpoint = endpoint
        self.update_endpoint = update_endpoint
        self.timeout = timeout
        self.snapshot_id = f"remote:{endpoint}"
        self.memo: dict = {}

    def _wrapper(self, url: str):
        from SPARQLWrapper import SPARQLWrapper

        w = SPARQLWrapper(url)
        w.setTimeout(int(self.timeout))
        return w

    def query(self, sparql: str, *, bindings: Mapping[str, object] | None = None, strict: bool | None = None) -> QueryResult:
        """Return the result of a query run on the endpoint (SELECT and ASK as JSON, CONSTRUCT as N-Triples)."""
        from SPARQLWrapper import JSON, N3, POST
        from SPARQLWrapper.SPARQLExceptions import QueryBadFormed, SPARQLWrapperException

        prologue = "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in PREFIXES.items())
        text = prologue + sparql + ("\n" + render_values(bindings) if bindings else "")
        w = self._wrapper(self.endpoint)
        w.setMethod(POST)
        w.setQuery(text)
        kind = w.queryType
        try:
            if kind in ("CONSTRUCT", "DESCRIBE"):
                w.setReturnFormat(N3)
                w.addCustomHttpHeader("Accept", "application/n-triples")
                raw = w.query().convert()
                from pyoxigraph import RdfFormat, parse

                data = raw if isinstance(raw, bytes) else raw.serialize(format="nt").encode()
                return QueryResult("construct", triples=[q.triple for q in parse(data, RdfFormat.N_TRIPLES)])
            w.setReturnFormat(JSON)
            doc = w.query().convert()
        except QueryBadFormed as exc:
            raise QuerySyntaxError(f"{self.endpoint} rejected the query: {str(exc).splitlines()[-1]}") from None
        except (SPARQLWrapperException, OSError) as exc:
            raise EndpointError(f"{self.endpoint}: {exc}") from None
        if isinstance(doc, (bytes, str)):
            doc = json.loads(doc)
        if "boolean" in doc:
            return QueryResult("ask", boolean=bool(doc["boolean"]))
        variables = doc["head"]["vars"]
        rows = [tuple(_term(b.get(v)) for v in variables) for b in doc["results"]["bindings"]]
        return QueryResult.select(variables, rows)

    def update(self, sparql_update: str) -> None:
        """Run a SPARQL 1.1 Update on the endpoint's update URL."""
        from SPARQLWrapper import POST

        w = self._wrapper(self.update_endpoint or self.endpoint)
        w.setMethod(POST)
        w.setQuery(sparql_update)
        try:
            w.query()
        except Exception as exc:  # noqa: BLE001
            raise EndpointError(f"{self.update_endpoint or self.endpoint}: {exc}") from None


def _term(b):
    if b is None:
        return None
    t = b["type"]
    if t == "uri":
        return NamedNode(b["value"])
    if t == "bnode":
        return BlankNode(b["value"])
    if "xml:lang" in b:
        return Literal(b["value"], language=b["xml:lang"])
    if "datatype" in b:
        return Literal(b["value"], datatype=NamedNode(b["datatype"]))
    return Literal(b["value"])
