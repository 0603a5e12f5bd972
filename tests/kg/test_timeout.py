"""Query time-outs: a runaway query stops soon after its ``timeout`` with QueryTimeout, and nothing else changes.

The long queries are long by construction (a geo function that sleeps, or more rows than Python could read in
an hour), never by a guess about this machine's speed; where real geof:distance calls are timed, the full run
is extrapolated from a measured slice. Everything that is abandoned must also stop soon (the worker thread goes
back to the idle list), so no test leaves work burning a CPU behind it.
"""

from __future__ import annotations

import pickle
import random
import re
import threading
import time

import pytest
from pyoxigraph import Literal

import kgbench
import kgbench.kg
from kgbench.geofunctions import GeoFunction, Registry, default_registry
from kgbench.kg import interrupt, planner
from kgbench.kg.interrupt import QueryTimeout, run_interruptible
from kgbench.kg.remote import RemoteEndpointError, RemoteKG
from kgbench.kg.store import KG
from test_remote_faults import server  # noqa: F401 - the local HTTP server that answers badly on purpose

GEO = "http://www.opengis.net/ont/geosparql#"
EX = "http://example.org/"
PREFIX = f"PREFIX ex: <{EX}>\n"
DISTANCE = "http://www.opengis.net/def/function/geosparql/distance"
#: how long after its time-out a query may still be running when QueryTimeout reaches the caller (a loaded
#: shared machine: the stop itself takes milliseconds)
MARGIN = 1.5
BAD = [0, -1, 0.0, -0.5, float("nan"), float("inf"), "2", True, [1]]


def _points_nt(n: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    return "\n".join(f'<{EX}p{i}> <{GEO}asWKT> "POINT({rnd.uniform(-10, 30):.5f} {rnd.uniform(35, 65):.5f})"'
                     f'^^<{GEO}wktLiteral> .' for i in range(n))


def _features_nt(features) -> str:
    """Return N-Triples: each (name, class, WKT) as a feature with a geometry node (as tests/kg/test_planner.py)."""
    lines = []
    for name, cls, wkt in features:
        f, g = f"<{EX}{name}>", f"<{EX}{name}-geom>"
        lines += [f"{f} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{EX}{cls}> .",
                  f"{f} <{GEO}hasGeometry> {g} .", f'{g} <{GEO}asWKT> "{wkt}"^^<{GEO}wktLiteral> .']
    return "\n".join(lines)


def _busy_workers() -> int:
    idle = {w.thread for w in interrupt._Worker.idle}
    return sum(t.name == "kgbench-query" and t not in idle for t in threading.enumerate())


def _settles(within: float = 3.0) -> float:
    """Return the seconds until no query worker is busy (the abandoned work has stopped); fail after ``within``."""
    start = time.monotonic()
    while _busy_workers():
        assert time.monotonic() - start < within, "abandoned query work still running"
        time.sleep(0.01)
    return time.monotonic() - start


def _times_out(kg, query: str, timeout: float, **kw) -> float:
    """Return the seconds ``kg.query`` took to raise QueryTimeout naming ``timeout``."""
    start = time.monotonic()
    with pytest.raises(QueryTimeout, match=rf"ran longer than {timeout:g} s") as info:
        kg.query(query, timeout=timeout, **kw)
    took = time.monotonic() - start
    assert isinstance(info.value, TimeoutError) and info.value.timeout == timeout
    return took


class _Sleepy:
    """A geo function ex:slow(?x) that sleeps ``pause`` seconds per call and counts its calls."""

    def __init__(self, pause: float = 0.01):
        self.pause, self.calls = pause, 0

    def __call__(self, term):
        self.calls += 1
        time.sleep(self.pause)
        return Literal(True)

    def registry(self, base: Registry | None = None) -> Registry:
        return Registry([*(base or default_registry()), GeoFunction(EX + "slow", self)])


@pytest.fixture(scope="module")
def points():
    """Return a KG of 2000 points (no geometry nodes: the planner has nothing to index paths through)."""
    return KG.from_text(_points_nt(2000))


def test_query_timeout_is_a_timeout_error_exported_and_picklable():
    assert kgbench.QueryTimeout is kgbench.kg.QueryTimeout is QueryTimeout
    err = QueryTimeout(2.0)
    assert isinstance(err, TimeoutError) and str(err).startswith("the query ran longer than 2 s")
    back = pickle.loads(pickle.dumps(QueryTimeout(0.25, "http://h/q")))
    assert (type(back), back.timeout, back.url, str(back)) == (QueryTimeout, 0.25, "http://h/q", str(QueryTimeout(0.25, "http://h/q")))


def test_a_query_of_slow_geo_calls_stops_soon_after_its_timeout_and_the_kg_stays_usable():
    slow = _Sleepy(0.01)
    kg = KG.from_text("\n".join(f'<{EX}s{i}> <{EX}v> "{i}" .' for i in range(1000)), registry=slow.registry())
    q = f"SELECT (COUNT(*) AS ?n) WHERE {{ ?s <{EX}v> ?x FILTER(<{EX}slow>(?x)) }}"  # >= 1000 x 10 ms = 10 s
    took = _times_out(kg, q, 0.5)
    assert 0.5 <= took < 0.5 + MARGIN, took
    assert slow.calls < 1000 // 2, slow.calls  # stopped well before the end
    _settles()
    stopped_at = slow.calls
    time.sleep(0.1)
    assert slow.calls == stopped_at  # the abandoned query calls the function no more
    r = kg.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ ?s <{EX}v> ?x }}")
    assert r.rows[0][0].value == "1000" and r.warnings == []


def test_a_cross_join_of_real_distances_stops_soon_after_its_timeout(points):
    q = ("SELECT ?a ?b ?d WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . "
         "BIND(geof:distance(?wa, ?wb, uom:metre) AS ?d) }")  # 4 million distances
    start = time.monotonic()
    assert len(points.query(q + " LIMIT 20000").rows) == 20000
    full = (time.monotonic() - start) * 200  # the measured slice, extrapolated to every pair
    took = _times_out(points, q, 0.5)
    assert full > 10 * 0.5, f"the full query would take only {full:.1f} s"
    assert took < 0.5 + MARGIN, took
    _settles()


def test_a_pure_sparql_cross_product_stops_soon_after_its_timeout(points):
    q = "SELECT ?a ?b ?c WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . ?c geo:asWKT ?wc }"  # 8e9 rows: hours
    took = _times_out(points, q, 0.5)
    assert took < 0.5 + MARGIN, took
    _settles()  # rows are read in Python, which stops reading at once
    assert points.query("SELECT (COUNT(*) AS ?n) WHERE { ?a geo:asWKT ?w }").rows[0][0].value == "2000"


def test_a_fast_query_with_a_timeout_returns_the_same_rows(points):
    q = ("SELECT ?a ?d WHERE { ?a geo:asWKT ?wa . <http://example.org/p0> geo:asWKT ?w0 . "
         "BIND(geof:distance(?wa, ?w0, uom:kilometre) AS ?d) } ORDER BY ?a")
    plain = points.query(q)
    assert len(plain.rows) == 2000
    assert points.query(q, timeout=60).rows == plain.rows
    assert KG(points.store, timeout=60).query(q).rows == plain.rows
    assert points.query("ASK { ?a geo:asWKT ?w }", timeout=60).boolean is True


def test_the_kg_default_timeout_applies_and_a_call_replaces_it():
    slow = _Sleepy(0.01)
    kg = KG.from_text("\n".join(f'<{EX}s{i}> <{EX}v> "{i}" .' for i in range(300)), registry=slow.registry(),
                      timeout=0.3)
    q = f"SELECT ?s WHERE {{ ?s <{EX}v> ?x FILTER(<{EX}slow>(?x)) }}"  # >= 3 s
    start = time.monotonic()
    with pytest.raises(QueryTimeout, match=r"longer than 0\.3 s"):
        kg.query(q)
    assert time.monotonic() - start < 0.3 + MARGIN
    _settles()
    assert len(kg.query(f"SELECT ?s WHERE {{ ?s <{EX}v> ?x }} LIMIT 5", timeout=30).rows) == 5
    assert len(kg.query(q + " LIMIT 3", timeout=30).rows) == 3  # a longer time-out for this call


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_invalid_timeouts_are_value_errors_naming_the_value(bad):
    kg = KG.from_text(f'<{EX}a> <{EX}v> "1" .')
    named = "not " + re.escape(repr(bad))
    for call in (lambda: kg.query("ASK {}", timeout=bad), lambda: KG(kg.store, timeout=bad),
                 lambda: run_interruptible(lambda: 1, timeout=bad),
                 lambda: RemoteKG("http://127.0.0.1:9/q").query("ASK {}", timeout=bad)):
        with pytest.raises(ValueError, match=named):
            call()


def test_a_timeout_works_off_the_main_thread(points):
    q = "SELECT ?a ?b ?c WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . ?c geo:asWKT ?wc }"
    out = {}

    def run():
        start = time.monotonic()
        try:
            points.query(q, timeout=0.4)
        except QueryTimeout as exc:
            out["error"] = exc
        out["took"] = time.monotonic() - start
        out["after"] = points.query("ASK { ?a geo:asWKT ?w }", timeout=5).boolean
        out["worker"] = run_interruptible(lambda: threading.current_thread().name, timeout=5)

    t = threading.Thread(target=run)
    t.start()
    t.join(30)
    assert isinstance(out.get("error"), QueryTimeout) and out["took"] < 0.4 + MARGIN and out["after"] is True
    assert out["worker"] == "kgbench-query"  # with a time-out, off the main thread too, fn runs on a worker
    _settles()


# -- the planned path -------------------------------------------------------------------------------------------

def _spy_planned(monkeypatch) -> list[bool]:
    used = []
    original = planner._Planner.plan_query

    def spy(self, q):
        try:
            return original(self, q)
        finally:
            used.append(self.used)

    monkeypatch.setattr(planner._Planner, "plan_query", spy)
    return used


def test_a_planned_distance_query_honours_its_timeout(monkeypatch):
    # 80 places within 2 km of each other: every pair is a candidate the planner keeps, and each distance the
    # query then computes takes 10 ms (a slowed geof:distance), so the rewritten query would run for a minute.
    # Few enough places that planning itself (6,400 candidate pairs) ends well inside the time-out on a loaded
    # machine: with 300 places (90,000 pairs) the time-out once fired while the plan was still being written, and
    # the query under test was never rewritten.
    calls = []
    real = default_registry()[DISTANCE].impl

    def slow_distance(*args):
        calls.append(1)
        time.sleep(0.01)
        return real(*args)

    reg = Registry([*(f for f in default_registry() if f.iri != DISTANCE), GeoFunction(DISTANCE, slow_distance)])
    rnd = random.Random(3)
    kg = KG.from_text(_features_nt([(f"p{i}", "Place", f"POINT({rnd.uniform(24.93, 24.95):.6f} "
                                                        f"{rnd.uniform(60.16, 60.17):.6f})") for i in range(80)]),
                      registry=reg)
    q = PREFIX + ("SELECT ?a ?b WHERE { ?a a ex:Place ; geo:hasGeometry/geo:asWKT ?wa . "
                  "?b a ex:Place ; geo:hasGeometry/geo:asWKT ?wb . "
                  "FILTER(geof:distance(?wa, ?wb, uom:kilometre) < 5) }")
    used = _spy_planned(monkeypatch)
    took = _times_out(kg, q, 0.8)
    assert used == [True], "the planner did not rewrite the query"
    assert took < 0.8 + MARGIN and len(calls) < 80 * 80 // 10
    _settles()


def _time_inner_queries(monkeypatch) -> list[tuple[float, float]]:
    """Return the list that gets (the time-out given, the seconds it took) of every query KG.query runs."""
    inner: list[tuple[float, float]] = []
    real_run = interrupt.run_interruptible

    def timed(fn, on_interrupt=None, timeout=None):
        start = time.monotonic()
        try:
            return real_run(fn, on_interrupt, timeout=timeout)
        finally:
            inner.append((timeout, time.monotonic() - start))

    monkeypatch.setattr("kgbench.kg.store.run_interruptible", timed)
    return inner


def test_a_planned_query_shares_one_deadline_among_its_inner_queries(monkeypatch):
    # 20 references ex:A, each with one place ex:B 300 m away and none within 5 km of another; ex:slow on the
    # reference side sleeps 25 ms per reference in the driver query and again in the rewritten query: two inner
    # queries of at least 0.5 s each, so at least 1 s in all, by construction
    slow = _Sleepy(0.025)
    kg = _join_kg(slow)
    # SELECT *: the spatial join (kgbench.kg.join_eval, tested below) leaves it to the rewrite tested here
    q = PREFIX + ("SELECT * WHERE { ?a a ex:A ; geo:hasGeometry/geo:asWKT ?wa . FILTER(ex:slow(?wa)) "
                  "?b a ex:B ; geo:hasGeometry/geo:asWKT ?wb . "
                  "FILTER(geof:distance(?wa, ?wb, uom:kilometre) < 5) }")
    inner = _time_inner_queries(monkeypatch)
    used = _spy_planned(monkeypatch)
    r = kg.query(q, timeout=60)
    assert used == [True] and len(r.rows) == 20 and slow.calls >= 40
    # the driver's part, the other part read up to as many rows (the smaller drives), the rewritten query
    assert len(inner) == 3 and all(t is not None for t, _ in inner)
    for k, (allowed, _) in enumerate(inner):  # each got what those before it left
        assert allowed <= 60 - sum(took for _, took in inner[:k]) + 0.01
    # a budget above each inner query's time but below their sum: only a shared deadline stops it
    budget = 0.75
    assert max(took for _, took in inner) < budget, inner
    inner.clear()
    took = _times_out(kg, q, budget)
    assert took < budget + MARGIN and len(inner) == 3
    _settles()


def test_the_planner_checks_the_deadline_while_it_gathers_candidates():
    kg = KG.from_text(_features_nt([(f"p{i}", "Place", f"POINT({i * 0.0005} 0)") for i in range(50)]))
    q = PREFIX + ("SELECT * WHERE { ?a a ex:Place ; geo:hasGeometry/geo:asWKT ?wa . "  # the rewrite, not the join
                  "?b a ex:Place ; geo:hasGeometry/geo:asWKT ?wb . "
                  "FILTER(geof:distance(?wa, ?wb, uom:kilometre) < 5) }")
    checks = []

    def check():
        checks.append(1)
        if len(checks) == 10:
            raise QueryTimeout(1.0)

    with pytest.raises(QueryTimeout):
        planner.run_planned(q, kg.spatial_index(), lambda text: kg.query(text, plan=False), check)
    assert len(checks) == 10  # between the driver rows, before the rewritten query ran
    assert len(kg.query(q, timeout=30).rows) == len(kg.query(q, plan=False).rows) == 50 * 50


def _join_kg(slow: "_Sleepy") -> KG:
    """Return 20 references ex:A, each with one place ex:B 300 m away and none within 5 km of another."""
    feats = []
    for i in range(20):
        x, y = -170 + 16 * i, (-1) ** i * 10.0
        feats += [(f"a{i}", "A", f"POINT({x} {y})"), (f"b{i}", "B", f"POINT({x} {y + 0.0027})")]
    return KG.from_text(_features_nt(feats), registry=slow.registry())


JOIN = PREFIX + ("SELECT ?a ?b WHERE { ?a a ex:A ; geo:hasGeometry/geo:asWKT ?wa . FILTER(ex:slow(?wa)) "
                 "?b a ex:B ; geo:hasGeometry/geo:asWKT ?wb . FILTER(ex:slow(?wb)) "
                 "FILTER(geof:distance(?wa, ?wb, uom:kilometre) < 5) }")


def test_a_spatial_join_shares_one_deadline_between_its_two_part_queries(monkeypatch):
    # the join (kgbench.kg.join_eval) queries each part once: ex:slow sleeps 25 ms per place in both, so each
    # part query takes at least 0.5 s by construction and the two at least 1 s
    slow = _Sleepy(0.025)
    inner = _time_inner_queries(monkeypatch)
    joined = []
    original = planner.answer_join
    monkeypatch.setattr(planner, "answer_join", lambda *a: joined.append(1) or original(*a))
    r = _join_kg(slow).query(JOIN, timeout=60)
    assert joined and len(r.rows) == 20 and slow.calls == 40
    assert len(inner) == 2 and inner[1][0] <= 60 - inner[0][1] + 0.01  # the second got what the first left
    budget = 0.75
    assert max(took for _, took in inner) < budget, inner
    inner.clear()
    took = _times_out(_join_kg(_Sleepy(0.025)), JOIN, budget)  # a new KG: nothing of the first run kept
    assert took < budget + MARGIN and len(inner) == 2
    _settles()


def test_a_spatial_join_checks_the_deadline_between_its_steps():
    kg = _join_kg(_Sleepy(0.0))
    checks = []

    def check():
        checks.append(1)
        if len(checks) == 3:
            raise QueryTimeout(1.0)

    with pytest.raises(QueryTimeout):
        planner.run_planned(JOIN, kg.spatial_index(), lambda text: kg.query(text, plan=False), check)
    assert len(checks) == 3  # after the driver's part query, before the tree part's
    assert len(kg.query(JOIN, timeout=30).rows) == len(kg.query(JOIN, plan=False).rows) == 20


# -- a remote endpoint ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fault", ["slow", "drip", "hop"])
def test_a_remote_query_timeout_raises_query_timeout_naming_the_endpoint(server, fault):  # noqa: F811
    url = f"{server}/{fault}"
    start = time.monotonic()
    with pytest.raises(QueryTimeout) as info:
        RemoteKG(url, timeout=30).query("SELECT ?x WHERE { ?x ?p ?o }", timeout=0.6)
    took = time.monotonic() - start
    assert url in str(info.value) and "0.6 s" in str(info.value) and info.value.url == url
    assert 0.5 < took < 0.6 + 0.6, took  # five redirects of 0.3 s each are not five fresh time-outs


def test_a_remote_request_timeout_bounds_redirect_hops_too(server):  # noqa: F811
    start = time.monotonic()
    with pytest.raises(RemoteEndpointError, match="timed out after 0.6 s"):
        RemoteKG(server + "/hop", timeout=0.6).query("ASK {}")
    assert time.monotonic() - start < 1.2


def test_a_remote_call_timeout_replaces_the_endpoint_one(server):  # noqa: F811
    r = RemoteKG(server + "/slow", timeout=0.5).query("SELECT ?x WHERE { ?x ?p ?o }", timeout=20)  # 3 s answer
    assert r.rows[0][0].value == "1"
    assert RemoteKG(server + "/good").query("SELECT ?x WHERE { ?x ?p ?o }", timeout=5).rows[0][0].value == "1"

