"""RemoteKG against a real local HTTP server that answers badly on purpose: every fault is a RemoteEndpointError."""

from __future__ import annotations

import http.server
import json
import socket
import threading
import time

import pytest

from kgbench.kg.remote import RemoteEndpointError, RemoteKG

GOOD = {"head": {"vars": ["x"]}, "results": {"bindings": [{"x": {"type": "literal", "value": "1"}}]}}
JSON = "application/sparql-results+json"


def _send(h, status, body: bytes, ctype=JSON, length=None):
    h.send_response(status)
    h.send_header("Content-Type", ctype)
    h.send_header("Content-Length", str(len(body) if length is None else length))
    h.end_headers()
    h.wfile.write(body)


def _slow_drip(h):
    h.send_response(200)
    h.send_header("Content-Type", JSON)
    h.send_header("Content-Length", "100")
    h.end_headers()
    for _ in range(20):  # one byte every 0.2 s: each read is quick, the whole body takes 4 s
        h.wfile.write(b" ")
        h.wfile.flush()
        time.sleep(0.2)


#: fault name -> how the server answers a POST to /<name>
FAULTS = {
    "good": lambda h: _send(h, 200, json.dumps(GOOD).encode()),
    "slow": lambda h: (time.sleep(3), _send(h, 200, json.dumps(GOOD).encode())),
    "drip": _slow_drip,
    "http500": lambda h: _send(h, 500, b"internal failure: the disk is full", "text/plain"),
    "http404": lambda h: _send(h, 404, b"<html>no such endpoint</html>", "text/html"),
    "http400": lambda h: _send(h, 400, b"Parse error: unexpected '}' at line 1", "text/plain"),
    "notjson": lambda h: _send(h, 200, b"<html>this is a login page</html>"),
    "badjson": lambda h: _send(h, 200, b'{"head": {"vars": ["x"]}, "results": {"bindings": [{'),
    "jsonlist": lambda h: _send(h, 200, b"[1, 2, 3]"),
    "nohead": lambda h: _send(h, 200, b'{"results": {"bindings": []}}'),
    "noresults": lambda h: _send(h, 200, b'{"head": {"vars": ["x"]}}'),
    "badterm": lambda h: _send(h, 200, b'{"head": {"vars": ["x"]}, "results": {"bindings": [{"x": {"type": "uri"}}]}}'),
    "badiri": lambda h: _send(h, 200, json.dumps({"head": {"vars": ["x"]}, "results": {"bindings": [
        {"x": {"type": "uri", "value": "not an iri"}}]}}).encode()),
    "badbool": lambda h: _send(h, 200, b'{"head": {}, "boolean": "yes"}'),
    "html": lambda h: _send(h, 200, json.dumps(GOOD).encode(), "text/html"),
    "truncated": lambda h: _send(h, 200, b'{"head": {"vars": ["x"]}, "res', length=5000),
    "loop": lambda h: (h.send_response(302), h.send_header("Location", "/loop"), h.send_header("Content-Length", "0"),
                       h.end_headers()),
    "badnt": lambda h: _send(h, 200, b"<http://a> <http://b> this is not n-triples\n", "application/n-triples"),
    # each hop answers quickly enough for a per-request socket time-out; the five of them do not (test_timeout)
    "hop": lambda h: (time.sleep(0.3), h.send_response(302), h.send_header("Location", "/hop"),
                      h.send_header("Content-Length", "0"), h.end_headers()),
}


#: /flaky/<n>/<status>/<name>: the first n requests to that path are answered <status>, then a good answer
ATTEMPTS: dict[str, list[float]] = {}


def _flaky(h):
    _, n, status, _name = h.path.strip("/").split("/")
    seen = ATTEMPTS.setdefault(h.path, [])
    seen.append(time.monotonic())
    if len(seen) <= int(n):
        _send(h, int(status), b"busy, try again", "text/plain")
    else:
        _send(h, 200, json.dumps(GOOD).encode())


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            if self.path.startswith("/flaky/"):
                return _flaky(self)
            FAULTS[self.path.strip("/")](self)
        except (BrokenPipeError, ConnectionResetError):
            pass

    do_GET = do_POST  # a 302 turns the POST into a GET

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    srv.daemon_threads = True
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()


def _fail(url, query="SELECT ?x WHERE { ?x ?p ?o }", timeout=10.0) -> RemoteEndpointError:
    with pytest.raises(RemoteEndpointError) as info:
        RemoteKG(url, timeout=timeout).query(query)
    err = info.value
    assert url in str(err)
    return err


def test_a_good_answer_reads(server):
    r = RemoteKG(server + "/good").query("SELECT ?x WHERE { ?x ?p ?o }")
    assert r.rows[0][0].value == "1"


@pytest.mark.parametrize("fault,status,words", [
    ("http500", 500, "the disk is full"),
    ("http404", 404, "no such endpoint"),
    ("http400", 400, "unexpected"),
    ("notjson", None, "not valid JSON"),
    ("badjson", None, "not valid JSON"),
    ("jsonlist", None, "wrong shape"),
    ("nohead", None, "wrong shape"),
    ("noresults", None, "wrong shape"),
    ("badterm", None, "wrong shape"),
    ("badiri", None, "wrong shape"),
    ("badbool", None, "wrong shape"),
    ("html", None, "wrong content type"),
    ("truncated", None, "truncated"),
    ("loop", 302, "redirect"),
])
def test_each_bad_answer_is_a_remote_endpoint_error(server, fault, status, words):
    query = "ASK {}" if fault == "badbool" else "SELECT ?x WHERE { ?x ?p ?o }"
    err = _fail(f"{server}/{fault}", query)
    assert err.status == status
    assert words in str(err)


def test_bad_n_triples_from_construct(server):
    err = _fail(server + "/badnt", "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }")
    assert "N-Triples" in str(err)


def test_http_400_parse_error_is_also_a_query_syntax_error(server):
    from kgbench.kg.store import QuerySyntaxError

    with pytest.raises(QuerySyntaxError):
        RemoteKG(server + "/http400").query("SELECT ?x WHERE { ?x ?p ?o }")


@pytest.mark.parametrize("fault", ["slow", "drip"])
def test_a_fractional_timeout_is_honoured(server, fault):
    started = time.monotonic()
    err = _fail(f"{server}/{fault}", timeout=0.5)
    took = time.monotonic() - started
    assert "timed out after 0.5 s" in str(err)
    assert 0.4 < took < 1.5, took


def test_connection_refused():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: connections are refused
        err = _fail(f"http://127.0.0.1:{port}/query")
    assert "refused" in str(err) and err.status is None


def test_unknown_host():
    err = _fail("http://no-such-host.invalid/query")
    assert "unknown host" in str(err) or "cannot reach" in str(err)


def test_a_timeout_must_be_positive():
    with pytest.raises(ValueError, match="timeout"):
        RemoteKG("http://127.0.0.1/q", timeout=0)


@pytest.mark.parametrize("status", [503, 429, 502, 504])
def test_a_transient_failure_is_retried_with_back_off(server, status):
    path = f"/flaky/2/{status}/ok"
    r = RemoteKG(server + path, retries=3, backoff=0.1).query("SELECT ?x WHERE { ?x ?p ?o }")
    assert r.rows[0][0].value == "1"
    times = ATTEMPTS[path]
    assert len(times) == 3
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert gaps[0] >= 0.1 and gaps[1] >= 0.2  # the pause doubles


def test_retries_end_with_the_error_and_the_number_of_attempts(server):
    with pytest.raises(RemoteEndpointError, match=r"HTTP 503.*gave up after 2 attempts") as info:
        RemoteKG(server + "/flaky/9/503/out", retries=1, backoff=0.01).query("SELECT ?x WHERE { ?x ?p ?o }")
    assert info.value.status == 503 and len(ATTEMPTS["/flaky/9/503/out"]) == 2


@pytest.mark.parametrize("status", [500, 400, 404])
def test_a_permanent_failure_is_not_retried(server, status):
    path = f"/flaky/1/{status}/once"
    with pytest.raises(RemoteEndpointError):
        RemoteKG(server + path, retries=3, backoff=0.01).query("SELECT ?x WHERE { ?x ?p ?o }")
    assert len(ATTEMPTS[path]) == 1


@pytest.mark.parametrize("fault,words", [("http500", "the disk is full"), ("notjson", "not valid JSON"),
                                         ("badjson", "not valid JSON"), ("html", "wrong content type")])
def test_an_endpoint_kg_passes_the_error_on(server, fault, words):
    from kgbench.kg.endpoint import EndpointKG

    with pytest.raises(RemoteEndpointError, match=words) as info:
        EndpointKG(f"{server}/{fault}", named_graphs=True, retries=0).query("SELECT ?x WHERE { ?x <http://x/p> ?o }")
    assert f"{server}/{fault}" in str(info.value)


def test_an_endpoint_kg_times_out_on_a_slow_server(server):
    from kgbench.kg.endpoint import EndpointKG
    from kgbench.kg.interrupt import QueryTimeout

    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="0.5 s"):
        EndpointKG(f"{server}/slow", named_graphs=True).query("SELECT ?x WHERE { ?x <http://x/p> ?o }", timeout=0.5)
    assert time.monotonic() - started < 1.5


def test_an_endpoint_error_crosses_a_process_boundary():
    import pickle

    from kgbench.kg.remote import RemoteQuerySyntaxError

    err = RemoteEndpointError("http://h/q", "server error", status=503, body=b"busy", transient=True)
    back = pickle.loads(pickle.dumps(err))
    assert (str(back), back.status, back.transient, type(back)) == (str(err), 503, True, RemoteEndpointError)
    syn = pickle.loads(pickle.dumps(RemoteQuerySyntaxError("http://h/q", "bad", status=400)))
    assert isinstance(syn, RemoteQuerySyntaxError) and "HTTP 400" in str(syn)
