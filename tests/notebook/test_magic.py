"""``%load_ext kgbench`` and ``%%sparql`` in a real IPython shell: the table, the map, the options, one-line errors."""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from kgbench.kg.results import QueryResult

NEAR = """SELECT ?name ?km ?w WHERE {
  ?a kgb:canonicalName "Helsinki Cathedral" ; geo:hasGeometry/geo:asWKT ?wa .
  ?b kgb:category "capital city" ; kgb:canonicalName ?name ; geo:hasGeometry/geo:asWKT ?w .
  BIND(geof:distance(?wa, ?w, uom:kilometre) AS ?km) FILTER(?km < 1500) } ORDER BY ?km"""


@pytest.fixture(scope="module")
def ip(kg, cache):
    """Return an IPython shell with the extension loaded whose snapshot is the test session's."""
    mp = pytest.MonkeyPatch()
    mp.setenv("KGBENCH_CACHE", str(cache))
    shell = InteractiveShell.instance()
    assert shell.run_cell("%load_ext kgbench", store_history=False).success
    yield shell
    mp.undo()


def _run(ip, text):
    with capture_output() as cap:
        result = ip.run_cell(text, store_history=False)
    assert result.error_in_exec is None and result.error_before_exec is None, (result, cap.stderr)
    return cap


def _html(cap) -> list[str]:
    return [o.data["text/html"] for o in cap.outputs if "text/html" in o.data]


def test_a_geo_query_shows_its_table_and_a_map_and_keeps_the_result(ip, kg):
    expected = kg.query(NEAR).rows  # first: the session's KG builds (and keeps) the spatial index the magic's reads
    cap = _run(ip, f"%%sparql --out near --limit 4\n{NEAR}")
    result = ip.user_ns["near"]
    assert isinstance(result, QueryResult) and result.rows == expected and len(result.rows) > 4
    table, folium_map = _html(cap)
    assert table.count("<tr>") == 1 + 4 and f"{len(result.rows)} rows, the first 4 shown" in table
    assert "Helsinki" in table and "Tallinn" in table
    assert "leaflet" in folium_map.lower() and "24.93545" in folium_map  # Helsinki's point is drawn
    assert cap.stderr == ""


def test_no_map_without_a_geometry_column_or_with_no_map(ip):
    assert len(_html(_run(ip, '%%sparql\nSELECT ?n WHERE { ?e kgb:isoA3 "FIN" ; kgb:canonicalName ?n }'))) == 1
    assert len(_html(_run(ip, f"%%sparql --no-map\n{NEAR}"))) == 1
    assert "<code>true</code>" in _html(_run(ip, '%%sparql\nASK { ?e kgb:isoA3 "FIN" }'))[0]


def test_data_files_are_queried_and_their_kg_is_opened_once(ip, tmp_path):
    data = tmp_path / "mine.ttl"
    data.write_text('@prefix geo: <http://www.opengis.net/ont/geosparql#> .\n'
                    '<http://ex.org/a> geo:asWKT "POINT(1 2)"^^geo:wktLiteral .\n'
                    '<http://ex.org/b> geo:asWKT "POINT(1 3)"^^geo:wktLiteral .\n', encoding="utf-8")
    query = "SELECT ?a ?b ?d WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb FILTER(STR(?a) < STR(?b)) " \
            "BIND(geof:distance(?wa, ?wb, uom:kilometre) AS ?d) }"
    _run(ip, f"%%sparql --data {data} --out mine\n{query}")
    assert [r["d"] for r in ip.user_ns["mine"].values()] == [pytest.approx(110.6, abs=0.5)]
    magic = ip.magics_manager.magics["cell"]["sparql"]
    kgs = dict(magic.kgs)
    _run(ip, f"%%sparql --data {data} --out again\n{query}")
    assert magic.kgs == kgs  # the same KG object, not loaded again
    mine_kg = ip.user_ns["mine_kg"] = next(k for key, k in kgs.items() if key[0] == "data")
    _run(ip, f"%%sparql --kg mine_kg --out third\n{query}")
    assert ip.user_ns["third"].rows == ip.user_ns["mine"].rows and mine_kg is ip.user_ns["mine_kg"]


@pytest.mark.parametrize("cell, error", [
    ("%%sparql\nSELECT ?x WHERE { ?x", "Error: QuerySyntaxError: SPARQL syntax error at "),
    ("%%sparql --data /no/such/file.ttl\nASK {}", "Error: DataFileError: /no/such/file.ttl"),
    ("%%sparql --bogus\nASK {}", "Error: ValueError: %%sparql: unrecognized arguments: --bogus"),
    ("%%sparql --kg nothing_here\nASK {}", "Error: NameError: --kg nothing_here: no such variable"),
    ("%%sparql --timeout 0\nASK {}", "Error: ValueError: %%sparql: argument --timeout/-t: 0: not a positive"),
])
def test_errors_are_one_readable_line_not_a_traceback(ip, cell, error):
    cap = _run(ip, cell)
    assert cap.stderr.startswith(error), cap.stderr
    assert cap.stderr.count("\n") == 1 and "Traceback" not in cap.stderr + cap.stdout
    assert _html(cap) == []


def test_a_timeout_stops_the_query_with_one_line(ip, tmp_path):
    data = tmp_path / "points.nt"
    data.write_text("".join(f'<http://ex.org/p{i}> <http://www.opengis.net/ont/geosparql#asWKT> "POINT({i % 90} '
                            f'{i % 45})"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\n' for i in range(2000)))
    query = ("SELECT ?a ?b ?d WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . "
             "BIND(geof:distance(?wa, ?wb, uom:metre) AS ?d) }")  # 4 million distances
    cap = _run(ip, f"%%sparql --data {data} --timeout 0.5 --out slow\n{query}")
    assert cap.stderr.startswith("Error: QueryTimeout: the query ran longer than 0.5 s"), cap.stderr
    assert "slow" not in ip.user_ns
