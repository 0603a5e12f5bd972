"""A remote SPARQL 1.1 endpoint (an Oxigraph server, QLever, Virtuoso, GraphDB...) as the scale-out backend.

Every failure of the server or of the way to it (refused connection, unknown host, time-out, HTTP error,
redirect loop, a body that is truncated, not JSON, of the wrong content type or the wrong shape) raises
:class:`RemoteEndpointError` naming the URL, the HTTP status when there is one, and what went wrong; except
that a query outlasting the ``timeout`` given to that call raises
:class:`~kgbench.kg.interrupt.QueryTimeout` (a TimeoutError) naming the URL, as a local query would.

Transient failures (a refused or reset connection, HTTP 429, 502, 503 and 504, a truncated body) are retried
``retries`` times with exponential back-off (``backoff`` seconds, doubling, never past the time-out); the error
that ends the tries says how many were made. Nothing else is retried. The time-out bounds each request, from the
name look-up through every address tried and every redirect to the last byte, because the request runs on a
worker thread while the caller waits no longer than the time-out (:func:`~kgbench.kg.interrupt.run_interruptible`).
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping

from pyoxigraph import BlankNode, Literal, NamedNode, RdfFormat, parse

from kgbench.kg.interrupt import QueryTimeout, check_timeout, run_interruptible
from kgbench.kg.query_text import place_bindings, render_values
from kgbench.kg.results import QueryResult
from kgbench.kg.store import QuerySyntaxError
from kgbench.ontologies import PREFIXES

__all__ = ["RemoteKG", "RemoteEndpointError", "RemoteQuerySyntaxError", "EndpointError", "MAX_BODY_BYTES"]

#: the largest response body read (bytes); a larger one is an error, never read whole into memory
MAX_BODY_BYTES = 512 * 1024 * 1024
_SNIPPET = 300


class RemoteEndpointError(RuntimeError):
    """The endpoint failed: the message names the URL, the HTTP status (if any) and what went wrong.

    >>> str(RemoteEndpointError("http://h/q", "timed out after 0.5 s"))
    'http://h/q: timed out after 0.5 s'
    >>> str(RemoteEndpointError("http://h/q", "server error", status=503, body=b"busy"))
    'http://h/q: HTTP 503: server error; body: busy'
    """

    def __init__(self, url: str, problem: str, *, status: int | None = None, body: bytes | str | None = None,
                 transient: bool = False):
        self.url, self.problem, self.status = url, problem, status
        #: the failure may pass if the request is sent again (a busy or restarting server)
        self.transient = transient
        if isinstance(body, bytes):
            body = body[:_SNIPPET * 4].decode("utf-8", "replace")
        self.body = " ".join(body.split())[:_SNIPPET] if body else ""
        head = f"{url}: " + (f"HTTP {status}: " if status is not None else "") + problem
        super().__init__(head + (f"; body: {self.body}" if self.body else ""))


    def __reduce__(self):
        # picklable (a worker process raises it to the parent) with its fields and its message as they are
        return _rebuilt, (type(self), self.args, dict(self.__dict__))


def _rebuilt(cls, args, state):
    err = cls.__new__(cls)
    Exception.__init__(err, *args)
    err.__dict__.update(state)
    return err


class RemoteQuerySyntaxError(RemoteEndpointError, QuerySyntaxError):
    """The endpoint rejected the query as malformed (HTTP 400 naming a parse error)."""


#: the former name
EndpointError = RemoteEndpointError

_PROLOGUE = re.compile(r"(?:\s+|#[^\n]*|PREFIX\s+[^\s:]*:\s*<[^>]*>|BASE\s*<[^>]*>)*", re.IGNORECASE)


def query_form(sparql: str) -> str:
    """Return the query form (SELECT, ASK, CONSTRUCT, DESCRIBE) after the prologue, upper case; '' if none.

    >>> query_form("PREFIX a: <http://x#> # note\\n construct { ?s ?p ?o } WHERE {}")
    'CONSTRUCT'
    """
    m = re.match(r"[A-Za-z]+", sparql[_PROLOGUE.match(sparql).end():])
    return m.group(0).upper() if m else ""


class _Expired(Exception):
    """A socket time-out inside a request (turned into the right error by :meth:`RemoteKG._post`)."""


class _NoRedirectLoop(urllib.request.HTTPRedirectHandler):
    max_redirections = 5


class RemoteKG:
    """Return query results from a remote SPARQL endpoint, in the same form as :class:`kgbench.kg.store.KG`.

    kgbench's geo functions run in this process, not on the server: queries sent here may use only the
    functions the server itself provides. Bindings travel as a VALUES block of serialized RDF terms.
    ``timeout`` (seconds, any positive float) bounds the whole request, from connecting to the last byte; a
    request outlasting it raises :class:`RemoteEndpointError` ("timed out after ..."). A query's own
    ``timeout`` replaces it for that call and raises :class:`~kgbench.kg.interrupt.QueryTimeout` instead.
    """

    def __init__(self, endpoint: str, *, update_endpoint: str | None = None, timeout: float = 60.0,
                 retries: int = 3, backoff: float = 0.5):
        timeout = float(timeout)
        if not timeout > 0:
            raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
        if retries < 0 or backoff < 0:
            raise ValueError(f"retries and backoff must not be negative (got {retries!r}, {backoff!r})")
        self.retries, self.backoff = int(retries), float(backoff)
        self.endpoint = endpoint
        self.update_endpoint = update_endpoint
        self.timeout = timeout
        self.snapshot_id = f"remote:{endpoint}"
        self.memo: dict = {}
        self._opener = urllib.request.build_opener(_NoRedirectLoop)

    def _post(self, url: str, form: dict, accept: str, timeout: float | None = None) -> tuple[str, bytes]:
        """Return (content type, body) of a form POST within ``timeout`` seconds (None: the RemoteKG's).

        Every failure raises RemoteEndpointError; a time-out raises QueryTimeout when ``timeout`` was given.
        """
        asked = check_timeout(timeout)
        limit = self.timeout if asked is None else asked
        deadline = time.monotonic() + limit
        for attempt in range(self.retries + 1):
            left = deadline - time.monotonic()
            try:
                # the worker bounds the wait even where socket time-outs add up (several addresses, redirects)
                return run_interruptible(lambda: self._request(url, form, accept, left), timeout=left)
            except (QueryTimeout, _Expired):
                if asked is None:
                    raise RemoteEndpointError(url, f"timed out after {limit:g} s") from None
                raise QueryTimeout(asked, url) from None
            except RemoteEndpointError as exc:
                pause = self.backoff * 2 ** attempt
                if not exc.transient or attempt == self.retries or time.monotonic() + pause >= deadline:
                    if attempt:
                        exc.args = (f"{exc.args[0]} (gave up after {attempt + 1} attempts)",)
                    raise
                time.sleep(pause)
        raise AssertionError("unreachable")

    def _request(self, url: str, form: dict, accept: str, timeout: float) -> tuple[str, bytes]:
        """Return (content type, body) of a form POST, each socket operation and the body bounded by ``timeout``.

        A socket time-out raises _Expired; any other failure RemoteEndpointError.
        """
        data = urllib.parse.urlencode(form).encode()
        req = urllib.request.Request(url, data=data, method="POST", headers={
            "Accept": accept, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "kgbench"})
        deadline = time.monotonic() + timeout
        try:
            with self._opener.open(req, timeout=timeout) as resp:
                ctype = resp.headers.get("Content-Type", "")
                return ctype, _read_body(resp, url, deadline)
        except urllib.error.HTTPError as exc:
            body = _snippet(exc)
            if 300 <= exc.code < 400:
                raise RemoteEndpointError(url, f"redirect loop or too many redirects ({exc.reason})",
                                          status=exc.code) from None
            if exc.code == 400 and re.search(r"pars|syntax|unexpected|expected", body, re.IGNORECASE):
                raise RemoteQuerySyntaxError(url, "the server rejected the query", status=400, body=body) from None
            kind = "client error" if exc.code < 500 else "server error"
            raise RemoteEndpointError(url, f"{kind} ({exc.reason})", status=exc.code, body=body,
                                      transient=exc.code in (429, 502, 503, 504)) from None
        except RemoteEndpointError:
            raise
        except (TimeoutError, socket.timeout):
            raise _Expired from None
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, (TimeoutError, socket.timeout)):
                raise _Expired from None
            if isinstance(reason, socket.gaierror):
                raise RemoteEndpointError(url, f"unknown host or no DNS ({reason})") from None
            if isinstance(reason, ConnectionRefusedError):
                raise RemoteEndpointError(url, "connection refused (no server listening)", transient=True) from None
            if isinstance(reason, ConnectionResetError):
                raise RemoteEndpointError(url, f"connection reset ({reason})", transient=True) from None
            raise RemoteEndpointError(url, f"cannot reach the endpoint ({reason})") from None
        except http.client.IncompleteRead as exc:
            raise RemoteEndpointError(url, f"truncated response body ({len(exc.partial)} bytes, "
                                           f"{exc.expected} more expected)", transient=True) from None
        except ConnectionResetError as exc:
            raise RemoteEndpointError(url, f"connection reset ({exc})", transient=True) from None
        except (http.client.HTTPException, OSError, ValueError) as exc:
            raise RemoteEndpointError(url, f"bad HTTP response ({type(exc).__name__}: {exc})") from None

    def query(self, sparql: str, *, bindings: Mapping[str, object] | None = None, strict: bool | None = None,
              timeout: float | None = None) -> QueryResult:
        """Return the result of a query run on the endpoint (SELECT and ASK as JSON, CONSTRUCT as N-Triples).

        ``timeout`` (seconds; None: the RemoteKG's ``timeout``) bounds this request: when no complete answer
        has arrived by then :class:`~kgbench.kg.interrupt.QueryTimeout` is raised, naming the endpoint (the
        server may still be running the query; a time-out is not retried). A timeout that is not a positive number
        raises ValueError before anything is sent.
        """
        check_timeout(timeout)
        prologue = "".join(f"PREFIX {p}: <{iri}>\n" for p, iri in PREFIXES.items())
        # the bindings open the WHERE clause, as on the local store; a query without one ends with them
        body, placed = place_bindings(sparql, bindings or None)
        text = prologue + body + ("\n" + render_values(bindings) if bindings and not placed else "")
        url = self.endpoint
        if query_form(sparql) in ("CONSTRUCT", "DESCRIBE"):
            ctype, body = self._post(url, {"query": text}, "application/n-triples", timeout)
            if not re.match(r"\s*(application/n-triples|text/plain)", ctype, re.IGNORECASE):
                raise RemoteEndpointError(url, f"wrong content type {ctype!r} for N-Triples", body=body)
            try:
                return QueryResult("construct", triples=[q.triple for q in parse(body, RdfFormat.N_TRIPLES)])
            except SyntaxError as exc:
                raise RemoteEndpointError(url, f"malformed N-Triples in the response: {exc}", body=body) from None
        ctype, body = self._post(url, {"query": text}, "application/sparql-results+json", timeout)
        if "json" not in ctype.lower():
            raise RemoteEndpointError(url, f"wrong content type {ctype!r} (expected SPARQL results JSON)", body=body)
        try:
            doc = json.loads(body)
        except (ValueError, RecursionError) as exc:
            raise RemoteEndpointError(url, f"the body is not valid JSON ({exc})", body=body) from None
        try:
            return _results(doc)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RemoteEndpointError(url, f"JSON of the wrong shape for SPARQL results ({exc})", body=body) from None

    def update(self, sparql_update: str) -> None:
        """Run a SPARQL 1.1 Update on the endpoint's update URL."""
        self._post(self.update_endpoint or self.endpoint, {"update": sparql_update}, "*/*")


def _read_body(resp, url: str, deadline: float) -> bytes:
    """Return the whole body, reading in chunks so that the deadline and the size cap hold."""
    chunks, size = [], 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock = getattr(getattr(resp, "fp", None), "raw", None)
        sock = getattr(sock, "_sock", None)
        if sock is not None:
            sock.settimeout(left)
        chunk = resp.read1(1 << 16)  # returns after one socket read: a slow drip cannot outlast the deadline
        if not chunk:
            expected = resp.headers.get("Content-Length")
            if expected and expected.isdigit() and int(expected) != size:
                raise http.client.IncompleteRead(b"".join(chunks), int(expected) - size)
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise RemoteEndpointError(url, f"response body larger than {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)


def _snippet(exc: urllib.error.HTTPError) -> str:
    try:
        return exc.read(_SNIPPET * 4).decode("utf-8", "replace")
    except Exception:  # noqa: BLE001 - the body of an error is only shown, never needed
        return ""


def _results(doc) -> QueryResult:
    """Return the QueryResult of a SPARQL JSON results document; a wrong shape raises KeyError/TypeError/ValueError."""
    if not isinstance(doc, dict):
        raise TypeError(f"a JSON {type(doc).__name__}, not an object")
    if "boolean" in doc:
        if not isinstance(doc["boolean"], bool):
            raise TypeError(f"'boolean' is {doc['boolean']!r}")
        return QueryResult("ask", boolean=doc["boolean"])
    variables = doc["head"]["vars"]
    bindings = doc["results"]["bindings"]
    if not isinstance(variables, list) or not all(isinstance(v, str) for v in variables):
        raise TypeError("'head.vars' is not a list of names")
    if not isinstance(bindings, list):
        raise TypeError("'results.bindings' is not a list")
    rows = []
    for b in bindings:
        if not isinstance(b, dict):
            raise TypeError(f"a binding is {type(b).__name__}, not an object")
        rows.append(tuple(_term(b.get(v)) for v in variables))
    return QueryResult.select(variables, rows)


def _term(b):
    if b is None:
        return None
    t, value = b["type"], b["value"]
    if not isinstance(value, str):
        raise TypeError(f"term value {value!r} is not a string")
    if t == "uri":
        return NamedNode(value)
    if t == "bnode":
        return BlankNode(value)
    if t not in ("literal", "typed-literal"):
        raise ValueError(f"unknown term type {t!r}")
    if "xml:lang" in b:
        return Literal(value, language=b["xml:lang"])
    if "datatype" in b:
        return Literal(value, datatype=NamedNode(b["datatype"]))
    return Literal(value)
