"""The command line over a SPARQL server (``kgbench --endpoint URL``) and ``kgbench kg export``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgbench.cli import main

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def run(cache, snapshot):
    runner = CliRunner()

    def invoke(*args, **kw):
        return runner.invoke(main, ["--cache-dir", str(cache), *args], **kw)

    return invoke


def test_generate_over_the_endpoint_writes_the_embedded_items(run, snapshot_endpoint, snapshot, made, tmp_path):
    out = tmp_path / "items.jsonl"
    r = run("--endpoint", snapshot_endpoint, "--snapshot", str(snapshot.path), "generate", "--template", "A2",
            "--seed", "0", "--per-stratum", "2", "--out", str(out))
    assert r.exit_code == 0, r.output
    embedded = [it.to_json() for it in made("A2")[0]]
    assert embedded and out.read_text().splitlines() == embedded


def test_sparql_over_the_endpoint(run, snapshot_endpoint):
    q = ("SELECT ?n (ROUND(geof:area(?w, uom:squareKilometre)) AS ?km2) WHERE { ?e kgb:category 'country' ; "
         "kgb:canonicalName 'Finland' ; kgb:canonicalName ?n ; geo:hasGeometry/geo:asWKT ?w }")
    here = run("sparql", "--format", "json", q)
    there = run("--endpoint", snapshot_endpoint, "sparql", "--format", "json", q)
    assert here.exit_code == there.exit_code == 0, there.output
    assert json.loads(here.stdout) == json.loads(there.stdout)
    assert json.loads(there.stdout)["results"]["bindings"]


def test_kg_info_over_the_endpoint(run, snapshot_endpoint):
    here = json.loads(run("kg", "info", "--json").stdout)
    there = json.loads(run("--endpoint", snapshot_endpoint, "kg", "info", "--json").stdout)
    assert there["category"] and there["snapshot"] == f"remote:{snapshot_endpoint}"
    assert {k: v for k, v in here.items() if k != "snapshot"} == {k: v for k, v in there.items() if k != "snapshot"}


def test_an_unreachable_endpoint_is_one_line(run):
    r = run("--endpoint", "http://127.0.0.1:9/query", "sparql", "ASK { ?s ?p ?o }")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and "http://127.0.0.1:9/query" in lines[0] and "Traceback" not in r.output


def test_endpoint_and_data_files_do_not_mix(run, tmp_path):
    f = tmp_path / "a.nt"
    f.write_text("")
    r = run("--endpoint", "http://127.0.0.1:9/query", "sparql", "--data", str(f), "ASK {}")
    assert r.exit_code == 2 and "not both" in r.output


def test_kg_export_refuses_an_existing_file_without_force(run, tmp_path):
    out = tmp_path / "snapshot.nq"
    out.write_text("keep me")
    r = run("kg", "export", "--out", str(out))
    assert r.exit_code == 1 and "--force" in r.output
    assert out.read_text() == "keep me"


def test_generate_resume_needs_all(run):
    r = run("generate", "--template", "A2", "--resume")
    assert r.exit_code == 2 and "--resume goes with --all" in r.output


def test_generate_all_over_an_unreachable_endpoint_fails_before_any_work(run, tmp_path):
    out = tmp_path / "release"
    r = run("--endpoint", "http://127.0.0.1:9/query", "generate", "--all", "--out", str(out))
    assert r.exit_code == 1 and "http://127.0.0.1:9/query" in r.output
    assert not out.exists() and not (tmp_path / "release.partial").exists()
