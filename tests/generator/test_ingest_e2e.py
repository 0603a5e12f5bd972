"""End to end: ingest a source fixture, open it with open_kg(snapshot=...), generate items from it."""

from pathlib import Path

from click.testing import CliRunner

from kgbench.cli import main
from kgbench.generator.coverage import template_coverage
from kgbench.generator.generate import generate
from kgbench.kg.ingest.pipeline import ingest
from kgbench.kg.store import open_kg

FIX = Path(__file__).parent.parent / "kg" / "fixtures" / "ingest"


def test_worldkg_fixture_generates_items(tmp_path):
    snap = tmp_path / "worldkg"
    ingest("worldkg", [FIX / "worldkg" / "worldkg.ttl"], snap)
    kg = open_kg(snapshot=snap, cache=tmp_path / "cache")
    assert kg.snapshot_id.startswith("kgbench-worldkg-")
    cov = template_coverage(kg)
    ok = sorted(t for t, why in cov.items() if why is None)
    assert "A1" in ok and "C4" not in ok
    assert cov["C4"] == "role A needs a Road; the KG has none"
    assert all(why for t, why in cov.items() if t not in ok)
    produced = {tid: generate(tid, kg, n=2, seed=0) for tid in ok}
    a1 = produced["A1"]
    assert a1 and all(it.answer > 0 for it in a1)
    names = {"Goethe-Gymnasium", "Pergamonmuseum", "Hotel Adlon", "Berlin", "Potsdam", "Kiosk am Wannsee"}
    assert all(any(n in it.question for n in names) for it in a1)
    assert "Café Einstein" not in " ".join(it.question for it in a1)  # ambiguous: never a role


def test_cli_snapshot_option(tmp_path):
    snap = tmp_path / "kwg"
    r = CliRunner().invoke(main, ["--cache-dir", str(tmp_path / "cache"), "kg", "ingest", "--profile", "kwg",
                                  str(FIX / "kwg" / "kwg.nt"), "--out", str(snap)])
    assert r.exit_code == 0, r.output
    flat = " ".join(r.output.split())
    assert "5 entities from 36 statements" in flat and "templates it can satisfy" in flat
    r = CliRunner().invoke(main, ["--cache-dir", str(tmp_path / "cache"), "--snapshot", str(snap), "sparql",
                                  "SELECT (COUNT(*) AS ?n) WHERE { ?e a kgb:AdminArea }", "--format", "csv"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[1].strip() == "3"
    r = CliRunner().invoke(main, ["--cache-dir", str(tmp_path / "cache"), "kg", "ingest", "--profile", "kwg",
                                  str(FIX / "kwg" / "kwg.nt"), "--out", str(snap)])
    assert r.exit_code == 1 and "exists (use --force" in r.output and len(r.output.strip().splitlines()) == 1


import pytest  # noqa: E402


@pytest.mark.parametrize("prof, dump, mapping, expected", [
    ("kwg", "kwg/kwg.nt", None, {"H3", "M2", "N2"}),
    ("osmh3kg", "osmh3kg/osmh3kg.nt.gz", None, {"A1", "A2", "H3", "J1", "J4", "M1", "M2", "N2"}),
    ("generic", "generic/generic.ttl", "generic/mapping.yaml", {"A1", "A2", "H3", "J1", "J4", "M1", "M2"}),
])
def test_each_profile_generates_what_it_can(tmp_path, prof, dump, mapping, expected):
    ingest(prof, [FIX / dump], tmp_path / "snap", mapping=FIX / mapping if mapping else None)
    kg = open_kg(snapshot=tmp_path / "snap", cache=tmp_path / "cache")
    cov = template_coverage(kg)
    assert {t for t, why in cov.items() if why is None} == expected
    items = {tid: generate(tid, kg, n=2, seed=0) for tid in expected}
    assert items["H3"] and items["M2"]  # every source with named, located entities satisfies these



def test_a_release_from_an_ingested_snapshot_in_worker_processes(tmp_path):
    """Worker processes (and `kgbench --snapshot DIR generate --all`) open the ingested snapshot, not the bundled."""
    import json

    from kgbench.release.benchmark import generate_each

    snap, cache = tmp_path / "worldkg", tmp_path / "cache"
    ingest("worldkg", [FIX / "worldkg" / "worldkg.ttl"], snap)
    kg = open_kg(snapshot=snap, cache=cache)
    pooled = generate_each(["A1", "A2"], cache=cache, snapshot=snap, jobs=2, seed=0, n=3)
    for tid in ("A1", "A2"):
        alone = generate(tid, kg, seed=0, n=3)
        assert alone and [it.to_json() for it in pooled[tid][0]] == [it.to_json() for it in alone]
    out = tmp_path / "release"
    r = CliRunner().invoke(main, ["--cache-dir", str(cache), "--snapshot", str(snap), "generate", "--all",
                                  "--per-stratum", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    stats = json.loads((out / "stats.json").read_text())
    assert kg.snapshot_id in json.dumps(stats) and "unsatisfiable C4" in " ".join(r.output.split())
