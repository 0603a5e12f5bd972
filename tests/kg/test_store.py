"""The store: loading atomically, queries with the geo functions, errors that name their input, outputs."""

from __future__ import annotations

import csv
import io
import json
import shutil
import xml.etree.ElementTree as ET

import pytest
from pyoxigraph import NamedNode

from kgbench.geofunctions import GeoFunctionError
from kgbench.kg.builder.snapshot import Snapshot
from kgbench.kg.store import KG, DataFileError, QuerySyntaxError, load_store

POINTS = """
<http://ex.org/hel> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(24.9384 60.1699)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .
<http://ex.org/tku> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(22.2666 60.4518)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .
<http://ex.org/bad> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(1"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .
"""
DIST = """SELECT ?a ?d WHERE { ?a geo:asWKT ?wa . <http://ex.org/hel> geo:asWKT ?wh .
          BIND(geof:distance(?wa, ?wh, uom:kilometre) AS ?d) } ORDER BY ?a"""


def test_geo_function_failures_are_counted_and_named():
    kg = KG.from_text(POINTS)
    r = kg.query(DIST)
    by = {row["a"].value: row.get("d") for row in r}
    assert by["http://ex.org/bad"] is None and by["http://ex.org/tku"] is not None
    assert len(r.warnings) == 1
    assert "distance" in r.warnings[0] and "POINT(1" in r.warnings[0] and "malformed WKT" in r.warnings[0]


def test_strict_mode_raises_after_the_query():
    kg = KG.from_text(POINTS, strict=True)
    with pytest.raises(GeoFunctionError, match="1 geo function call"):
        kg.query(DIST)
    assert KG.from_text(POINTS).query(DIST, strict=False).warnings  # per-query override


def test_distance_matches_pyproj():
    from pyproj import Geod

    kg = KG.from_text(POINTS)
    d = {row["a"].value: float(row["d"].value) for row in kg.query(DIST) if "d" in row}
    want = Geod(ellps="WGS84").inv(24.9384, 60.1699, 22.2666, 60.4518)[2] / 1000
    assert d["http://ex.org/tku"] == pytest.approx(want, rel=1e-9)
    assert d["http://ex.org/hel"] == 0.0


def test_bindings_are_terms_not_text():
    kg = KG.from_text(POINTS)
    q = "SELECT ?a ?w WHERE { ?a geo:asWKT ?w }"
    assert len(kg.query(q, bindings={"a": NamedNode("http://ex.org/tku")})) == 1
    # a value that would break out of the query if pasted is just a literal that matches nothing
    assert len(kg.query(q, bindings={"w": 'x" } ?s ?p ?o . #'})) == 0
    assert len(kg.query(q, bindings={"w": 'x" } ?s ?p ?o . #', "a": NamedNode("http://ex.org/tku")})) == 0
    with pytest.raises(ValueError, match="Invalid IRI"):  # and an IRI cannot carry query text at all
        NamedNode("http://ex.org/x> ?p ?o } #")


def test_syntax_error_carries_the_position():
    kg = KG.from_text(POINTS)
    with pytest.raises(QuerySyntaxError, match=r"1:2\d"):
        kg.query("SELECT ?x WHERE { ?x ?p }")


@pytest.mark.parametrize("fmt", ["table", "csv", "tsv", "json", "xml"])
def test_every_output_format_parses_back(fmt):
    r = KG.from_text(POINTS).query(DIST)
    text = r.serialize(fmt)
    if fmt == "json":
        doc = json.loads(text)
        assert doc["head"]["vars"] == ["a", "d"] and len(doc["results"]["bindings"]) == 3
        assert doc["results"]["bindings"][1]["d"]["datatype"].endswith("#double")
    elif fmt == "xml":
        ns = {"s": "http://www.w3.org/2005/sparql-results#"}
        root = ET.fromstring(text)
        assert len(root.findall(".//s:result", ns)) == 3
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0] == ["a", "d"] and len(rows) == 4
    elif fmt == "tsv":
        assert text.splitlines()[0] == "?a\t?d" and len(text.splitlines()) == 4
    else:
        assert "3 row(s)" in text


def test_ask_and_construct():
    kg = KG.from_text(POINTS)
    assert kg.query("ASK { <http://ex.org/hel> ?p ?o }").boolean is True
    c = kg.query("CONSTRUCT { ?s <http://ex.org/p> ?o } WHERE { ?s geo:asWKT ?o }")
    assert len(c) == 3 and c.serialize().count(" .\n") == 3


def test_data_files_load_and_errors_name_the_file(tmp_path):
    good = tmp_path / "good.nt"
    good.write_text(POINTS)
    assert len(KG.from_files([good], entailment=False).query("SELECT * WHERE { ?s ?p ?o }")) == 3
    bad = tmp_path / "bad.nt"
    bad.write_text(POINTS + '<http://ex.org/x> <http://ex.org/p> "unterminated .\n')
    with pytest.raises(DataFileError, match=r"bad\.nt.*line 5"):
        KG.from_files([bad])
    with pytest.raises(DataFileError, match="missing.nt: data file not found"):
        KG.from_files([tmp_path / "missing.nt"])
    with pytest.raises(DataFileError, match="unknown RDF file extension"):
        KG.from_files([tmp_path / "x.docx"])


def test_failed_load_keeps_the_old_store(snapshot, tmp_path):
    """A corrupt N-Triples file fails the load, names the file, and leaves the previous store usable."""
    cache = tmp_path / "cache"
    broken = tmp_path / "snap"
    shutil.copytree(snapshot.path, broken)
    store_dir = cache / "stores" / snapshot.id
    store_dir.mkdir(parents=True)
    (store_dir / "sentinel").write_text("old store")  # stands for the previous, unmarked store
    nt = broken / "osm.nt"
    data = nt.read_bytes().replace(b" .\n", b" \n", 1)  # first line loses its final dot
    nt.write_bytes(data)
    manifest = json.loads((broken / "manifest.json").read_text())
    manifest["graphs"]["osm"]["bytes"] = len(data)
    (broken / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(DataFileError, match="osm.nt"):
        load_store(Snapshot.open(broken), cache)
    assert (store_dir / "sentinel").read_text() == "old store"
    assert sorted(p.name for p in store_dir.parent.iterdir()) == [snapshot.id]


def test_the_snapshot_store_answers(kg, snapshot):
    counts = kg.count_triples()
    for g in snapshot.manifest["graphs"].values():
        assert counts[g["iri"]] == g["triples"]
