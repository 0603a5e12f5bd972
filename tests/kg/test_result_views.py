"""Query results in a notebook: typed pandas frames, GeoDataFrames from kgbench's literal parser, the HTML table."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest
import shapely
from pyoxigraph import Literal, NamedNode

from kgbench.kg.results import QueryResult
from kgbench.kg.store import KG

GEO = "http://www.opengis.net/ont/geosparql#"
WKT = NamedNode(GEO + "wktLiteral")

CAPITALS = """
SELECT ?e ?name ?population ?km ?big ?day ?label ?w WHERE {
  ?h kgb:canonicalName "Helsinki Cathedral" ; geo:hasGeometry/geo:asWKT ?wh .
  ?e kgb:category "capital city" ; kgb:canonicalName ?name ; kgb:population ?population ;
     geo:hasGeometry/geo:asWKT ?w .
  OPTIONAL { ?e kgb:country ?iso . ?c kgb:category "country" ; kgb:isoA3 ?iso ; rdfs:label ?label
             FILTER(lang(?label) = "fr") }
  BIND(geof:distance(?wh, ?w, uom:kilometre) AS ?km)
  BIND(?population > 1000000 AS ?big)
  BIND(xsd:date("2024-05-01") AS ?day)
  FILTER(?km < 2000)
} ORDER BY ?km"""


@pytest.fixture(scope="module")
def capitals(kg):
    return kg.query(CAPITALS)


def test_to_pandas_types_each_column_from_the_datatypes_of_a_real_query(capitals):
    df = capitals.to_pandas()
    assert len(df) == len(capitals.rows) > 20
    assert list(df.columns) == capitals.variables
    assert df["population"].dtype == "int64" and df["km"].dtype == "float64" and df["big"].dtype == "bool"
    assert str(df["day"].dtype).startswith("datetime64") and df["day"].iloc[0] == pd.Timestamp("2024-05-01")
    for col in ("e", "name", "label", "w"):  # IRIs, plain and language strings, WKT: strings
        assert pd.api.types.is_string_dtype(df[col]), (col, df[col].dtype)
    assert df["e"].iloc[0].startswith("https://w3id.org/kgbench/entity/")
    first = capitals.values()[0]
    assert df["name"].iloc[0] == first["name"] == "Helsinki"
    assert df["km"].iloc[0] == pytest.approx(first["km"]) and df["population"].iloc[0] == first["population"]
    assert df["big"].tolist() == [p > 1_000_000 for p in df["population"]]
    assert df["label"].iloc[0] == "Finlande"  # a language-tagged string: its text
    some = QueryResult.select(["s"], [(Literal("a", language="fr"),), (None,)]).to_pandas()["s"]
    assert pd.api.types.is_string_dtype(some) and some.isna().tolist() == [False, True]


def test_unbound_integers_are_nullable_and_datetimes_of_real_earthquakes_are_utc(kg):
    r = kg.query('SELECT ?e ?t ?n WHERE { ?e kgb:category "earthquake" ; kgb:startTime ?t . '
                 'OPTIONAL { ?e kgb:population ?n } } ORDER BY ?t LIMIT 20')
    df = r.to_pandas()
    assert str(df["t"].dtype) == "datetime64[us, UTC]" or str(df["t"].dtype).endswith(", UTC]")
    assert df["t"].is_monotonic_increasing and df["t"].iloc[0].year == 2018
    assert df["n"].isna().all()
    mixed = QueryResult.select(["n"], [(Literal(3),), (None,)]).to_pandas()
    assert str(mixed["n"].dtype) == "Int64" and mixed["n"].iloc[0] == 3 and mixed["n"].isna().iloc[1]
    bools = QueryResult.select(["b"], [(Literal(True),), (None,)]).to_pandas()
    assert str(bools["b"].dtype) == "boolean"
    odd = QueryResult.select(["m"], [(Literal(1),), (Literal("a"),), (None,), (Literal("x", datatype=NamedNode(
        "http://www.w3.org/2001/XMLSchema#integer")),)]).to_pandas()["m"]
    assert odd.dtype == object and odd.tolist()[:2] == [1, "a"] and odd.isna().tolist() == [False, False, True, True]


def test_ask_and_construct_results_convert_too(kg):
    assert kg.query("ASK { ?e kgb:isoA3 \"FIN\" }").to_pandas()["boolean"].tolist() == [True]
    df = kg.query('CONSTRUCT { ?e kgb:isoA3 ?c } WHERE { ?e kgb:isoA3 ?c } LIMIT 3').to_pandas()
    assert list(df.columns) == ["subject", "predicate", "object"] and len(df) == 3
    assert (df["predicate"] == "https://w3id.org/kgbench/ontology#isoA3").all()


def test_to_geopandas_reads_the_real_wkt_as_shapely_does_in_epsg_4326(kg, capitals):
    gdf = capitals.to_geopandas(geometry="w")
    assert gdf.crs.to_epsg() == 4326 and gdf.geometry.name == "w"
    assert [g.equals_exact(shapely.from_wkt(t.value), 0) for g, t in zip(gdf.geometry, capitals.column("w"))] \
        == [True] * len(gdf)
    assert gdf["population"].dtype == "int64"  # the other columns are to_pandas()'s
    finland = kg.query('SELECT ?w WHERE { ?c kgb:isoA3 "FIN" ; kgb:category "country" ; geo:hasGeometry/geo:asWKT ?w }')
    poly = finland.to_geopandas().geometry.iloc[0]  # the only geometry column, found without naming it
    assert poly.geom_type in ("Polygon", "MultiPolygon")
    assert poly.equals_exact(shapely.from_wkt(finland.rows[0][0].value), 0)
    assert poly.contains(shapely.Point(24.94, 60.17))  # Helsinki, longitude first


def test_to_geopandas_honours_the_literal_crs_through_kgbench_parser():
    nt = (f'<http://x/a> <{GEO}asWKT> "<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(60.17 24.94)"^^<{GEO}wktLiteral> .\n'
          f'<http://x/b> <{GEO}asWKT> "{{\\"type\\": \\"Point\\", \\"coordinates\\": [25.5, 61.0]}}"^^<{GEO}geoJSONLiteral> .\n')
    r = KG.from_text(nt).query("SELECT ?s ?w WHERE { ?s geo:asWKT ?w } ORDER BY ?s")
    gdf = r.to_geopandas("w")
    assert [(p.x, p.y) for p in gdf.geometry] == [(24.94, 60.17), (25.5, 61.0)]  # lat-first EPSG:4326 swapped


def test_to_geopandas_refuses_what_it_cannot_map():
    r = QueryResult.select(["w", "n"], [(Literal("POINT(1 2)", datatype=WKT), Literal(1)), (None, Literal(2))])
    assert r.to_geopandas("w").geometry.isna().tolist() == [False, True]  # unbound: a missing geometry
    with pytest.raises(ValueError, match=r"no variable \?x .*\?w, \?n"):
        r.to_geopandas("x")
    with pytest.raises(ValueError, match=r"row 0, \?n: .*not a GeoSPARQL geometry literal"):
        r.to_geopandas("n")
    with pytest.raises(ValueError, match="no column of geometry literals"):
        QueryResult.select(["n"], [(Literal(1),)]).to_geopandas()
    with pytest.raises(ValueError, match="needs a SELECT result, not ASK"):
        QueryResult("ask", boolean=True).to_geopandas()


def test_html_escapes_markup_limits_rows_and_states_the_count():
    evil = "<script>alert(1)</script>"
    rows = [(Literal(evil), NamedNode(f"http://x/{i}?a=1&c='d'")) for i in range(120)]
    html = QueryResult.select(["v", "e"], rows)._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "a=1&amp;c=&#x27;d&#x27;" in html and "a=1&c" not in html
    assert html.count("<tr>") == 1 + 50 and "120 rows, the first 50 shown" in html
    small = QueryResult.select(["v"], rows[:3]).to_html(limit=2)
    assert small.count("<tr>") == 1 + 2 and "3 rows, the first 2 shown" in small
    assert "1 row<" in QueryResult.select(["v"], rows[:1]).to_html()
    long = QueryResult.select(["w"], [(Literal("x" * 5000, datatype=WKT),)]).to_html()
    assert "5,000 chars" in long and len(long) < 3000


def test_html_of_ask_construct_and_geo_function_warnings():
    kg = KG.from_text(f'<http://x/a> <{GEO}asWKT> "POINT(1"^^<{GEO}wktLiteral> .')
    warned = kg.query("SELECT ?d WHERE { ?s geo:asWKT ?w BIND(geof:distance(?w, ?w, uom:metre) AS ?d) }")
    assert warned.warnings
    html = warned._repr_html_()
    assert "kgb-warn" in html and "malformed WKT" in html
    assert "warning:" in repr(warned)
    assert "<code>true</code>" in kg.query("ASK { ?s ?p ?o }")._repr_html_()
    con = kg.query("CONSTRUCT { ?s <http://x/p> ?w } WHERE { ?s geo:asWKT ?w }")._repr_html_()
    assert "<th>subject</th><th>predicate</th><th>object</th>" in con and "1 triple<" in con


def test_repr_states_kind_size_and_the_first_rows(capitals):
    text = repr(capitals)
    head, columns, first = text.splitlines()[:3]
    assert head == f"<QueryResult SELECT: {len(capitals.rows)} rows, variables {' '.join('?' + v for v in capitals.variables)}>"
    assert columns.startswith("?e ") and "Helsinki" in first
    assert text.splitlines()[-1] == f"... {len(capitals.rows) - 5} more rows"
    assert repr(QueryResult("ask", boolean=False)) == "<QueryResult ASK: false>"


def test_without_pandas_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # what an environment without pandas sees on import
    with pytest.raises(ImportError, match=r"to_pandas\(\) needs the pandas package: pip install 'kgbench\[notebook\]'"):
        QueryResult.select(["x"], [(Literal(1),)]).to_pandas()


def test_import_kgbench_loads_no_notebook_library():
    code = ("import sys, kgbench; kgbench.load_ipython_extension; kgbench.show; "
            "print(sorted(m for m in ('pandas', 'geopandas', 'folium', 'IPython', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
