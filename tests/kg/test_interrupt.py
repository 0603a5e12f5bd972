"""Ctrl-C stops a query: real processes running long queries get a real SIGINT and must stop, print no result."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pyoxigraph import Literal, NamedNode

from kgbench.geofunctions import GeoFunction, Registry, default_registry
from kgbench.kg.store import KG

KGBENCH = [sys.executable, "-c", "from kgbench.cli import main; main()"]
WKT = "http://www.opengis.net/ont/geosparql#wktLiteral"

#: 250,000 geof:distance calls (about 10 s uninterrupted on this machine)
DISTANCE_COUNT = ("SELECT (COUNT(*) AS ?n) WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . "
                  "BIND(geof:distance(?wa, ?wb, uom:metre) AS ?d) FILTER(BOUND(?d)) }")
#: pure SPARQL (no custom function): a COUNT over a 27-million-row cross join, all of it inside pyoxigraph
PURE_COUNT = ("SELECT (COUNT(*) AS ?n) WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . ?c geo:asWKT ?wc "
              "FILTER(STR(?wa) < STR(?wb)) }")
#: a custom aggregate over the same cross join
AGG_HULL = "SELECT (geof:aggConvexHull(?wb) AS ?h) WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . ?c geo:asWKT ?wc }"
#: a SELECT of 250,000 rows, each with a distance
DISTANCE_ROWS = ("SELECT ?a ?b ?d WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . "
                 "BIND(geof:distance(?wa, ?wb, uom:metre) AS ?d) }")


def _points(path: Path, n: int) -> Path:
    rnd = random.Random(n)
    with path.open("w") as f:
        for i in range(n):
            f.write(f'<http://ex.org/p{i}> <http://www.opengis.net/ont/geosparql#asWKT> '
                    f'"POINT({rnd.uniform(-10, 30):.5f} {rnd.uniform(35, 65):.5f})"^^<{WKT}> .\n')
    return path


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    d = tmp_path_factory.mktemp("points")
    return {500: _points(d / "p500.nt", 500), 300: _points(d / "p300.nt", 300)}


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupt(argv, cpu=1.2):
    """Return (exit code, stdout, stderr, seconds from SIGINT to exit) of argv interrupted mid-query.

    The signal goes once the child has used ``cpu`` seconds of CPU: past its start-up (imports and loading take
    about 0.5 s), so the query is running, whatever the load on the machine.
    """
    # A child started from a shell without job control (a CI runner's background job) inherits SIGINT ignored,
    # and Python then never installs its KeyboardInterrupt handler: give the child the default disposition, as a
    # terminal would.
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.monotonic() + 60
    while p.poll() is None and _cpu_seconds(p.pid) < cpu and time.monotonic() < end:
        time.sleep(0.05)
    assert p.poll() is None, f"the query ended before the signal: {p.communicate()}"
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        pytest.fail(f"still running 30 s after SIGINT: {err[-500:]}")
    return p.returncode, out, err, time.monotonic() - sent


@pytest.mark.slow
@pytest.mark.parametrize("query,size", [(DISTANCE_COUNT, 500), (PURE_COUNT, 300), (AGG_HULL, 300)],
                         ids=["distance-count", "pure-sparql-count", "custom-aggregate"])
def test_sparql_command_exits_130_on_sigint_and_prints_no_result(points, query, size):
    rc, out, err, took = _interrupt([*KGBENCH, "sparql", "--data", str(points[size]), "--format", "csv", query])
    assert rc == 130, (rc, out, err)
    assert out == ""
    assert "Interrupted" in err
    assert took < 3.0


API = """
import sys
from kgbench.kg.store import KG
kg = KG.from_files([sys.argv[1]])
try:
    r = kg.query(sys.argv[2])
except KeyboardInterrupt:
    print("KeyboardInterrupt")
else:
    print("RESULT", len(r.rows), r.warnings)
"""


@pytest.mark.slow
@pytest.mark.parametrize("query,size", [(DISTANCE_COUNT, 500), (DISTANCE_ROWS, 500), (PURE_COUNT, 300)],
                         ids=["distance-count", "distance-rows", "pure-sparql-count"])
def test_python_api_raises_keyboard_interrupt(points, query, size):
    rc, out, err, took = _interrupt([sys.executable, "-c", API, str(points[size]), query])
    assert out.strip() == "KeyboardInterrupt", (out, err)
    assert rc == 0 and took < 3.0


def _kg_with(fn) -> KG:
    reg = Registry([*default_registry(), GeoFunction("http://ex.org/f", fn)])
    return KG.from_text("\n".join(f'<http://ex.org/s{i}> <http://ex.org/v> "{i}" .' for i in range(50)),
                        registry=reg)


@pytest.mark.parametrize("exc", [KeyboardInterrupt, SystemExit])
def test_a_function_raising_an_interrupt_stops_the_query_and_is_re_raised(exc):
    calls = []

    def f(term):
        calls.append(term.value)
        if len(calls) == 3:
            raise exc()
        return Literal(term.value)

    kg = _kg_with(f)
    with pytest.raises(exc):
        kg.query("SELECT (COUNT(?y) AS ?n) WHERE { ?s <http://ex.org/v> ?x BIND(<http://ex.org/f>(?x) AS ?y) }")
    assert len(calls) == 3  # every later call failed fast without running
    # the interrupt is not counted as a geo function failure, and the KG keeps working
    r = kg.query("SELECT (COUNT(*) AS ?n) WHERE { ?s <http://ex.org/v> ?x }")
    assert r.rows[0][0].value == "50" and r.warnings == []


def test_an_aggregate_raising_an_interrupt_is_re_raised():
    class Boom:
        def accumulate(self, term):
            raise KeyboardInterrupt

        def finish(self):
            return Literal("never")

    reg = Registry([*default_registry(), GeoFunction("http://ex.org/agg", Boom, aggregate=True)])
    kg = KG.from_text('<http://ex.org/a> <http://ex.org/v> "1" .', registry=reg)
    with pytest.raises(KeyboardInterrupt):
        kg.query("SELECT (<http://ex.org/agg>(?x) AS ?n) WHERE { ?s <http://ex.org/v> ?x }")


def test_an_aggregate_factory_that_fails_is_counted():
    def factory():
        raise ValueError("cannot start")

    reg = Registry([*default_registry(), GeoFunction("http://ex.org/agg", factory, aggregate=True)])
    kg = KG.from_text('<http://ex.org/a> <http://ex.org/v> "1" .', registry=reg)
    r = kg.query("SELECT (<http://ex.org/agg>(?x) AS ?n) WHERE { ?s <http://ex.org/v> ?x }")
    assert r.rows == [(None,)]
    assert len(r.warnings) == 1 and "cannot start" in r.warnings[0] and "agg" in r.warnings[0]


def test_queries_keep_context_and_errors_across_the_worker_thread():
    from kgbench.geofunctions.literals import cache_enabled, parse_cache

    seen = []
    kg = _kg_with(lambda t: seen.append(cache_enabled()) or NamedNode("http://ex.org/ok"))
    with parse_cache(False):
        kg.query("SELECT ?y WHERE { <http://ex.org/s1> <http://ex.org/v> ?x BIND(<http://ex.org/f>(?x) AS ?y) }")
    assert seen == [False]
    from kgbench.kg.store import QuerySyntaxError

    with pytest.raises(QuerySyntaxError):
        kg.query("SELECT WHERE {")


def test_a_forked_child_queries_with_its_own_worker():
    """The parent's idle worker thread does not exist in a forked child (generate --jobs forks): no hang."""
    import multiprocessing as mp

    kg = _kg_with(lambda t: Literal("x"))
    q = "SELECT (COUNT(*) AS ?n) WHERE { ?s <http://ex.org/v> ?x }"
    assert kg.query(q).rows[0][0].value == "50"  # leaves an idle worker behind in this process
    ctx = mp.get_context("fork")
    with ctx.Pool(1) as pool:
        got = pool.apply_async(_count_in_child, (q,)).get(timeout=30)
    assert got == "50"


def _count_in_child(q):
    return _kg_with(lambda t: Literal("x")).query(q).rows[0][0].value
