"""The command line: click's runner for every command, and one real run of the installed `kgbench` command."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from kgbench.cli import main


@pytest.fixture(scope="module")
def run(cache, snapshot):
    runner = CliRunner()

    def invoke(*args, **kw):
        return runner.invoke(main, ["--cache-dir", str(cache), *args], catch_exceptions=False, **kw)

    return invoke


@pytest.fixture(scope="module")
def dataset(run, tmp_path_factory):
    out = tmp_path_factory.mktemp("cli") / "items.jsonl"
    r = run("generate", "--template", "A1", "--n", "9", "--seed", "3", "--out", str(out))
    assert r.exit_code == 0, r.output
    return out


def test_generate_writes_items_and_a_summary(dataset, run):
    lines = dataset.read_text().splitlines()
    assert len(lines) == 9
    items = [json.loads(x) for x in lines]
    assert {i["template_id"] for i in items} == {"A1"}
    r = run("generate", "--template", "A1", "--n", "9", "--seed", "3", "--out", "-")
    assert [json.loads(x) for x in r.stdout.splitlines()] == items  # same seed, same items, byte for byte
    assert "9 A1 items" in r.stderr and "strata:" in r.stderr


def test_unknown_template_is_one_line_with_close_ids(run):
    r = CliRunner().invoke(main, ["generate", "--template", "A01"])
    assert r.exit_code == 1
    assert "unknown template id 'A01'; did you mean: A1" in r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1


def test_sparql_formats_and_errors(run, tmp_path):
    q = "SELECT ?c (COUNT(?e) AS ?n) WHERE { ?e kgb:incomeTier ?c } GROUP BY ?c ORDER BY ?c"
    r = run("sparql", q, "--format", "json")
    doc = json.loads(r.stdout)
    assert {b["c"]["value"] for b in doc["results"]["bindings"]} >= {"LIC", "LMC", "UMC", "HIC"}
    assert run("sparql", q, "--format", "csv").stdout.splitlines()[0] == "c,n"
    assert "<sparql" in run("sparql", q, "--format", "xml").stdout
    f = tmp_path / "q.rq"
    f.write_text("SELECT ?x WHERE { ?x ?p }")
    r = CliRunner().invoke(main, ["sparql", "--file", str(f), "--data", str(tmp_path / "none.nt")])
    assert r.exit_code == 1 and "none.nt: data file not found" in r.output
    data = tmp_path / "d.nt"
    data.write_text('<http://ex.org/a> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(0 0)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\n')
    r = CliRunner().invoke(main, ["sparql", "--file", str(f), "--data", str(data)])
    assert r.exit_code == 1 and "SPARQL syntax error at 1:" in r.output
    r = CliRunner().invoke(main, ["sparql", "--data", str(data), "--format", "csv",
                                  "SELECT (geof:distance(?w, ?w, uom:metre) AS ?d) WHERE { ?a geo:asWKT ?w }"])
    assert r.exit_code == 0 and float(r.stdout.splitlines()[1]) == 0.0


def test_sparql_geo_failure_is_a_warning_or_strict_error(tmp_path):
    data = tmp_path / "bad.nt"
    data.write_text('<http://ex.org/a> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(0"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\n')
    q = "SELECT ?a (geof:area(?w, uom:metre) AS ?x) WHERE { ?a geo:asWKT ?w }"
    r = CliRunner().invoke(main, ["sparql", "--data", str(data), q])
    assert r.exit_code == 0 and "warning:" in r.stderr and "POINT(0" in r.stderr
    r = CliRunner().invoke(main, ["sparql", "--strict", "--data", str(data), q])
    assert r.exit_code == 1 and "GeoFunctionError" in r.output


def test_sparql_timeout_exits_124_with_one_line_and_no_result(tmp_path):
    data = tmp_path / "points.nt"
    data.write_text("".join(f'<http://ex.org/p{i}> <http://www.opengis.net/ont/geosparql#asWKT> "POINT({i % 90} '
                            f'{i % 60})"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\n' for i in range(2000)))
    q = "SELECT ?a ?b ?c WHERE { ?a geo:asWKT ?wa . ?b geo:asWKT ?wb . ?c geo:asWKT ?wc }"  # 8e9 rows: hours
    started = time.monotonic()
    r = CliRunner().invoke(main, ["sparql", "--timeout", "0.5", "--data", str(data), "--format", "csv", q])
    assert time.monotonic() - started < 5
    assert r.exit_code == 124, r.output
    assert r.stdout == ""
    assert r.stderr.splitlines() == ["Error: QueryTimeout: the query ran longer than 0.5 s and was stopped; no result"]
    fast = ["sparql", "--data", str(data), "--format", "csv", "SELECT (COUNT(*) AS ?n) WHERE { ?a geo:asWKT ?w }"]
    r = CliRunner().invoke(main, [*fast[:1], "--timeout", "30", *fast[1:]])
    assert r.exit_code == 0 and r.stdout == CliRunner().invoke(main, fast).stdout == "n\n2000\n"
    for bad in ("0", "-1", "soon"):
        r = CliRunner().invoke(main, ["sparql", "--timeout", bad, "--data", str(data), "ASK {}"])
        assert r.exit_code == 2 and "--timeout" in r.output
    assert "exit status 124" in " ".join(CliRunner().invoke(main, ["sparql", "--help"]).output.split())


def test_gold_formats_and_bulk_export(run, dataset, tmp_path):
    item = json.loads(dataset.read_text().splitlines()[0])
    nt = run("gold", item["id"], "--dataset", str(dataset), "--format", "nt").stdout
    assert nt == item["gold_triples"]
    js = json.loads(run("gold", item["id"], "--dataset", str(dataset), "--format", "json").stdout)
    assert item["entities"]["A"]["iri"] in js["subjects"]
    text = run("gold", item["id"], "--dataset", str(dataset), "--format", "text").stdout
    assert item["entities"]["B"]["name"] in text
    out = tmp_path / "gold.nq"
    r = run("gold", "--all", "--dataset", str(dataset), "--out", str(out))
    assert r.exit_code == 0 and out.read_text().count(" .\n") == sum(
        json.loads(x)["gold_triples"].count(" .\n") for x in dataset.read_text().splitlines())
    r = CliRunner().invoke(main, ["gold", "A1-nope", "--dataset", str(dataset)])
    assert r.exit_code == 1 and "no item 'A1-nope'" in r.output


def test_kg_info_and_templates(run):
    r = run("kg", "info", "--json")
    info = json.loads(r.stdout)
    assert info["triples"] and {"LIC", "HIC"} <= set(info["income_tier"])
    assert "A1" in run("templates", "list", "--no-check").stdout  # (the satisfiability check generates every template: minutes)
    assert "geof:distance" in run("templates", "show", "A1").stdout
    assert "valid" in run("templates", "validate").stdout


def test_debug_shows_the_traceback(tmp_path):
    r = CliRunner().invoke(main, ["--debug", "gold", "x", "--dataset", str(tmp_path / "none.jsonl")])
    assert r.exit_code == 1 and isinstance(r.exception, Exception)  # raised, not turned into a line


def test_installed_command_runs_as_a_subprocess(cache, snapshot, tmp_path):
    exe = shutil.which("kgbench") or os.path.join(os.path.dirname(sys.executable), "kgbench")
    assert os.path.exists(exe), "the kgbench console script is not installed"
    out = tmp_path / "a1.jsonl"
    proc = subprocess.run([exe, "--cache-dir", str(cache), "generate", "--template", "A1", "--n", "5", "--out",
                           str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert len(out.read_text().splitlines()) == 5
    bad = subprocess.run([exe, "generate", "--template", "Z9"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and bad.stderr.strip().startswith("Error: UnknownTemplateError")


def test_evaluate_baselines_and_predictions(run, dataset, tmp_path):
    r = run("evaluate", "--dataset", str(dataset), "--baseline", "oracle", "--format", "json",
            "--save-predictions", str(tmp_path / "oracle.jsonl"))
    doc = json.loads(r.stdout)
    assert doc["overall"]["em"] == 1.0  # the gold triples alone reproduce every answer
    r = run("evaluate", "--dataset", str(dataset), "--predictions", str(tmp_path / "oracle.jsonl"), "--format", "json")
    assert json.loads(r.stdout)["overall"]["em"] == 1.0
    r = run("evaluate", "--dataset", str(dataset), "--baseline", "majority", "--format", "json")
    assert json.loads(r.stdout)["overall"]["em"] < 1.0
    r = CliRunner().invoke(main, ["evaluate", "--dataset", str(dataset)])
    assert r.exit_code == 2 and "--predictions FILE or --baseline" in r.output


def test_templates_compile_and_prompts_render(run, dataset, tmp_path):
    r = run("templates", "compile", "A1", "--bind", "A=https://w3id.org/kgbench/entity/geonames/658225")
    assert "VALUES (?A) { (<https://w3id.org/kgbench/entity/geonames/658225>) }" in r.stdout
    assert r.stdout.startswith("PREFIX ")
    r = CliRunner().invoke(main, ["templates", "compile", "A1", "--bind", "Z=x"])
    assert r.exit_code == 1 and "ROLE one of A, B" in r.output
    out = tmp_path / "p.jsonl"
    r = run("prompts", "render", "--condition", "T1-oracle-verbalized", "--dataset", str(dataset), "--out", str(out))
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(rows) == 9 and all(row["condition"] == "T1-oracle-verbalized" for row in rows)


def test_report_from_run_files(run, dataset, tmp_path):
    runs = tmp_path / "runs.json"
    runs.write_text(json.dumps([
        {"dataset": str(dataset), "baseline": "oracle", "model": "oracle", "condition": "T1-oracle-nt", "seed": 0},
        {"dataset": str(dataset), "baseline": "majority", "model": "majority", "condition": "T1", "seed": 0},
    ]))
    out = tmp_path / "report"
    r = run("report", str(runs), "--out", str(out))
    assert r.exit_code == 0, r.output
    html = (out / "report.html").read_text()
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs and all(p in html for p in pngs)
    data = json.loads((out / "report.json").read_text())
    assert "oracle" in json.dumps(data) and "majority" in json.dumps(data)
