"""kgbench kg ingest: each profile maps its fixture (in the source's published shape) to hand-counted entities."""

import gzip
import json
import os
from pathlib import Path

import pytest
from pyoxigraph import RdfFormat, parse

from kgbench.kg.ingest.dumps import DumpError, read_dump
from kgbench.kg.ingest.pipeline import IngestError, ingest
from kgbench.kg.ingest.profiles import ProfileError

FIX = Path(__file__).parent / "fixtures" / "ingest"


def _entities(snap: Path, graph: str) -> dict[str, dict]:
    """Return {entity IRI: {predicate local name: [values]}} of an ingested graph file."""
    out: dict[str, dict] = {}
    for q in parse(path=str(snap / f"{graph}.nt"), format=RdfFormat.N_TRIPLES):
        p = q.predicate.value.rsplit("#", 1)[-1]
        out.setdefault(q.subject.value, {}).setdefault(p, []).append(q.object.value)
    return {s: v for s, v in out.items() if "category" in v}


def test_worldkg_fixture(tmp_path):
    s = ingest("worldkg", [FIX / "worldkg" / "worldkg.ttl"], tmp_path / "snap")
    assert s.entities == 8
    assert s.classes == {"PointOfInterest": 6, "PopulatedPlace": 2}
    assert s.categories == {"cafe": 2, "school": 1, "museum": 1, "hotel": 1, "amenity": 1, "city": 1, "town": 1}
    assert s.skipped == {"geometry node (read with the feature that links to it)": 9,
                         "no label (no name to ask a question with)": 1,
                         "no geometry (no geometry node with geo:asWKT)": 1}
    assert s.names == {"bare": 6, "ambiguous (not asked)": 2}
    assert sum(s.skipped_predicates.values()) == 3  # addrStreet, stars, cuisine
    ents = _entities(tmp_path / "snap", "worldkg")
    berlin = ents["https://w3id.org/kgbench/entity/worldkg/6"]
    assert berlin["canonicalName"] == ["Berlin"] and berlin["country"] == ["DEU"] and berlin["population"] == ["3677472"]
    assert "https://www.openstreetmap.org/node/6" in berlin["sourceRecord"]
    assert "http://www.wikidata.org/wiki/Q64" in berlin["sourceRecord"]
    manifest = json.loads((tmp_path / "snap" / "manifest.json").read_text())
    assert set(manifest["graphs"]) == {"vocabulary", "worldkg", "h3index"}
    assert manifest["graphs"]["worldkg"]["entities"] == 8


def test_kwg_fixture(tmp_path):
    s = ingest("kwg", [FIX / "kwg" / "kwg.nt"], tmp_path / "snap")
    assert s.classes == {"AdminArea": 3, "Event": 2}
    assert s.categories == {"second-level administrative region": 2, "first-level administrative region": 1,
                            "earthquake": 1, "wildfire": 1}
    assert s.skipped["grid cell (S2): kgbench computes its own H3 cells"] == 1
    assert s.skipped["geometry node (read with the feature that links to it)"] == 6
    assert s.skipped["observation (SOSA): read as part of its feature of interest"] == 1
    ents = _entities(tmp_path / "snap", "kwg")
    e = "https://w3id.org/kgbench/entity/kwg/"
    quake = ents[e + "hazard.earthquake.ci38457511"]
    assert quake["magnitude"] == ["7.1"] and quake["startTime"] == ["2019-07-06T03:19:53+00:00"]
    county = ents[e + "Earth.North_America.United_States.USA.6.37_1"]
    assert county["partOf"] == [e + "Earth.North_America.United_States.USA.6_1"] and county["country"] == ["USA"]


def test_osmh3kg_fixture_gzipped(tmp_path):
    s = ingest("osmh3kg", [FIX / "osmh3kg" / "osmh3kg.nt.gz"], tmp_path / "snap")
    assert s.classes == {"PointOfInterest": 1, "Road": 1, "Building": 1, "LandUse": 1}
    assert s.geometry_types == {"Point": 1, "LineString": 1, "Polygon": 1, "MultiPolygon": 1}
    assert s.skipped["grid cell (H3): kgbench computes its own H3 cells and adjacency"] == 3
    assert s.skipped_predicates["http://www.opengis.net/ont/geosparql#sfContains"] == 1
    assert s.statements == 33


def test_generic_fixture_with_mapping(tmp_path):
    s = ingest("generic", [FIX / "generic" / "generic.ttl"], tmp_path / "snap", mapping=FIX / "generic" / "mapping.yaml")
    assert s.categories == {"lighthouse": 2, "harbour": 1}
    assert s.skipped["no category (http://example.org/coast/kind)"] == 1


def test_bz2_and_nquads_stream(tmp_path):
    import bz2

    nq = tmp_path / "a.nq.bz2"
    nq.write_bytes(bz2.compress(b'<http://e/a> <http://e/p> "x" <http://e/g> .\n'))
    assert list(read_dump(nq, "0")) == [("http://e/a", "http://e/p", "x", 2, None)]


def test_corrupt_line_names_file_and_line(tmp_path):
    bad = tmp_path / "bad.nt.gz"
    good = (FIX / "kwg" / "kwg.nt").read_text().splitlines()
    bad.write_bytes(gzip.compress(("\n".join(good[:3] + ["<http://e/a> <http://e/p> oops ."] + good[3:]) + "\n").encode()))
    with pytest.raises(DumpError, match=r"bad\.nt\.gz:4: malformed N-Triples") as exc:
        ingest("kwg", [bad], tmp_path / "snap")
    assert "\n" not in str(exc.value)
    assert not (tmp_path / "snap").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".snap")]  # no temp folder left


def test_bad_inputs_are_one_line_errors(tmp_path):
    with pytest.raises(DumpError, match="missing.nt: dump file not found"):
        ingest("worldkg", [tmp_path / "missing.nt"], tmp_path / "snap")
    with pytest.raises(ProfileError, match="unknown profile 'wikidata'"):
        ingest("wikidata", [FIX / "kwg" / "kwg.nt"], tmp_path / "snap")
    m = tmp_path / "m.yaml"
    m.write_text("label: https://schema.org/name\n")
    with pytest.raises(ProfileError, match=r"m\.yaml: missing key 'category'"):
        ingest("generic", [FIX / "generic" / "generic.ttl"], tmp_path / "snap", mapping=m)
    with pytest.raises(DumpError, match="unknown dump kind"):
        ingest("kwg", [m], tmp_path / "snap")


def test_existing_output_needs_force_and_failure_keeps_it(tmp_path):
    out = tmp_path / "snap"
    ingest("kwg", [FIX / "kwg" / "kwg.nt"], out)
    before = (out / "manifest.json").read_text()
    with pytest.raises(IngestError, match="exists"):
        ingest("kwg", [FIX / "kwg" / "kwg.nt"], out)
    bad = tmp_path / "bad.nt"
    bad.write_text("<http://e/a> <http://e/p> .\n")
    with pytest.raises(DumpError):
        ingest("kwg", [bad], out, force=True)
    assert (out / "manifest.json").read_text() == before  # the failed ingest left the old snapshot intact
    ingest("kwg", [FIX / "kwg" / "kwg.nt"], out, force=True)
    assert sorted(os.listdir(out)) == ["h3index.nt", "kwg.nt", "manifest.json", "vocabulary.nt"]


def test_entity_count_a_multiple_of_the_batch(tmp_path, monkeypatch):
    from kgbench.kg.ingest import entities

    monkeypatch.setattr(entities, "_FLUSH", 4)  # the fixture's 8 entities fill two batches exactly
    assert ingest("worldkg", [FIX / "worldkg" / "worldkg.ttl"], tmp_path / "snap").entities == 8


def test_bulk_country_lookup_agrees_with_the_bundled_locator():
    import random

    from kgbench.kg.builder import sources
    from kgbench.kg.builder.strata import CountryLocator
    from kgbench.kg.ingest.stratify import BulkStrata

    rnd = random.Random(1)
    pts = [(rnd.uniform(-180, 180), rnd.uniform(-60, 75)) for _ in range(300)]
    pts += [(24.94, 60.17), (-179.99, 65.0), (179.99, -16.5)]  # Helsinki's coast, the antimeridian
    pts += [(49.19291551284613, 38.439516776388444)]  # offshore, Iran and Azerbaijan equally near (a shared vertex)
    loc = CountryLocator((c.iso_a3, c.geometry) for c in sources.countries())
    assert BulkStrata().countries(pts) == [loc.locate(x, y) for x, y in pts]


def test_parallel_ingest_writes_the_same_snapshot(tmp_path, monkeypatch):
    from kgbench.kg.ingest import entities

    monkeypatch.setattr(entities, "_FLUSH", 3)  # several batches per range (the workers are forked: they see it)
    one = ingest("worldkg", [FIX / "worldkg" / "worldkg.ttl"], tmp_path / "one")
    two = ingest("worldkg", [FIX / "worldkg" / "worldkg.ttl"], tmp_path / "two", jobs=3)
    assert one.categories == two.categories and one.names == two.names
    for f in ("worldkg.nt", "h3index.nt", "vocabulary.nt"):
        assert (tmp_path / "one" / f).read_bytes() == (tmp_path / "two" / f).read_bytes()


def test_dump_cut_into_pieces_spilled_side_by_side_writes_the_same_snapshot(tmp_path, monkeypatch):
    from kgbench.kg.ingest import pipeline

    one = ingest("kwg", [FIX / "kwg" / "kwg.nt"], tmp_path / "one")
    # cut in three, the fixture's earthquake and one county have statements in two pieces each, and the
    # earthquake's time and magnitude nodes lie in the last: groups and look-ups read across spill files
    monkeypatch.setattr(pipeline, "_SPLIT_MIN", 0)
    plan, split = pipeline._plan([FIX / "kwg" / "kwg.nt"], 3)
    assert split == {0} and [len(c) for c in plan] == [1, 1, 1]
    three = ingest("kwg", [FIX / "kwg" / "kwg.nt"], tmp_path / "three", jobs=3)
    assert one.as_dict() | {"seconds": 0} == three.as_dict() | {"seconds": 0}
    m1, m3 = (json.loads((tmp_path / d / "manifest.json").read_text()) for d in ("one", "three"))
    assert m1["sources"] == m3["sources"] and m1["id"] == m3["id"]  # the whole file's digest
    for f in ("kwg.nt", "h3index.nt", "vocabulary.nt"):
        assert (tmp_path / "one" / f).read_bytes() == (tmp_path / "three" / f).read_bytes()


def test_corrupt_line_in_a_later_piece_names_its_line_in_the_whole_file(tmp_path, monkeypatch):
    from kgbench.kg.ingest import pipeline

    monkeypatch.setattr(pipeline, "_SPLIT_MIN", 0)
    good = (FIX / "kwg" / "kwg.nt").read_text().splitlines()
    bad = tmp_path / "bad.nt"
    at = len(good) - 2  # in the last piece
    bad.write_text("\n".join(good[:at] + ["<http://e/a> <http://e/p> oops ."] + good[at:]) + "\n")
    with pytest.raises(DumpError, match=rf"bad\.nt:{at + 1}: malformed N-Triples"):
        ingest("kwg", [bad], tmp_path / "snap", jobs=2)
    assert not (tmp_path / "snap").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".snap")]
