"""One bad prediction record never stops `evaluate` or `report`: it is a warning naming its file and line.

Also: `gold --all` parses every item's gold triples before it writes, and writes nothing if one is corrupt.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pyoxigraph import RdfFormat, parse

from kgbench.cli import main
from kgbench.evaluation.evaluate import evaluate
from kgbench.generator.gold import GoldTriplesError, export_gold_nquads
from kgbench.generator.items import Item, write_jsonl
from kgbench.evaluation.report import build_report

GOLD = ('<https://w3id.org/kgbench/entity/a> <https://w3id.org/kgbench/ontology#canonicalName> "Kamppi" .\n'
        '<https://w3id.org/kgbench/entity/b> <https://w3id.org/kgbench/ontology#canonicalName> "Kallio" .\n')


def make_item(n: int, **kw) -> Item:
    base = dict(id=f"A1-{n:03d}", template_id="A1", template_version=1, sub_template_id="A1-1", variant_id="v1",
                language="eng", question=f"How far is Kamppi from Kallio ({n})?", answer_format="Distance",
                answer=2.0, unit="km", acceptable=[], false_premise=False, perturbation=None, entities={},
                bindings={}, sparql="", gold_triples=GOLD, kg="osm", stratum={"income_tier": "HIC"},
                snapshot="snap")
    base.update(kw)
    return Item(**base)


ITEMS = [make_item(i) for i in range(3)]
GOOD = [json.dumps({"id": it.id, "answer": 2.0, "unit": "km"}) for it in ITEMS]
DEEP = "[" * 100_000

#: fault -> (line 2 of preds.jsonl, what the warning says, the status of item 1)
FAULTS = {
    "deep raw string": (json.dumps({"id": "A1-001", "raw": '{"answer": ' + DEEP}), "unreadable prediction",
                        "unparseable"),
    "deep answer": ('{"id": "A1-001", "answer": ' + "[" * 500 + "]" * 500 + "}", "unreadable prediction",
                    "unparseable"),
    "integer above 1e308": ('{"id": "A1-001", "answer": 1' + "0" * 400 + ', "unit": "km"}',
                            "unreadable prediction", "unparseable"),
    "list-valued id": (json.dumps({"id": ["A1-001"], "answer": 2.0}), "id is a list, not a string", "missing"),
    "non-object line": ("[1, 2]", "not a JSON object", "missing"),
    "invalid JSON": ('{"id": "A1-001", "answer": ', "not JSON", "missing"),
    "deeply nested line": (DEEP, "not JSON (nested too deeply to read)", "missing"),
    "missing id": (json.dumps({"answer": 2.0}), "no id", "missing"),
    "id not in the dataset": (json.dumps({"id": "Z9-nope", "answer": 2.0}), "names no item of the dataset",
                              "missing"),
    "second prediction": (json.dumps({"id": "A1-000", "answer": 99.0}), "a second prediction for item 'A1-000'",
                          "missing"),
}


def _files(tmp_path, line: str):
    dataset, preds = tmp_path / "items.jsonl", tmp_path / "preds.jsonl"
    write_jsonl(ITEMS, dataset)
    lines = [GOOD[0], line, GOOD[2]]
    preds.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dataset, preds


@pytest.mark.parametrize("name", list(FAULTS))
def test_evaluate_scores_a_bad_record_and_names_its_line(tmp_path, name):
    line, what, status = FAULTS[name]
    dataset, preds = _files(tmp_path, line)
    result = evaluate(dataset, preds)
    assert [s.status for s in result.items] == ["answered", status, "answered"]
    assert [s.E for s in result.items] == [1, 0, 1]
    assert len(result.warnings) == 1 and result.warnings[0].startswith(f"{preds}:2: ")
    assert what in result.warnings[0]
    assert result.to_dict()["warnings"] == result.warnings


@pytest.mark.parametrize("name", ["deep raw string", "integer above 1e308", "list-valued id", "invalid JSON",
                                  "missing id"])
def test_the_commands_warn_with_file_and_line_and_go_on(tmp_path, name):
    line, what, _ = FAULTS[name]
    dataset, preds = _files(tmp_path, line)
    runner = CliRunner()
    r = runner.invoke(main, ["evaluate", "--dataset", str(dataset), "--predictions", str(preds), "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["overall"]["em"] == pytest.approx(2 / 3)
    warning, = [x for x in r.stderr.splitlines() if x.startswith("warning: ")]
    assert f"{preds}:2: " in warning and what in warning
    run_file = tmp_path / "run.json"
    run_file.write_text(json.dumps({"dataset": "items.jsonl", "predictions": "preds.jsonl", "model": "m",
                                    "condition": "T1", "seed": 0}))
    r = runner.invoke(main, ["report", str(run_file), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    assert any(f"{preds}:2: " in x and what in x for x in r.stderr.splitlines() if x.startswith("warning: "))
    data = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert data["runs"][0]["overall"]["em"] == pytest.approx(2 / 3)
    assert data["runs"][0]["warnings"][0].startswith(f"{preds}:2: ")


def test_report_api_collects_the_warnings(tmp_path):
    dataset, preds = _files(tmp_path, FAULTS["integer above 1e308"][0])
    summary = build_report([(dataset, preds, {"model": "m", "condition": "T1", "seed": 0})], tmp_path / "rep")
    assert len(summary.warnings) == 1 and "OverflowError" in summary.warnings[0]


def test_an_error_record_is_unparseable_never_a_refusal():
    fp = {**ITEMS[0].to_dict(), "false_premise": True, "answer": None}
    error = {"id": fp["id"], "status": "error", "error": "HTTP 500", "raw": "I cannot answer"}
    scored = evaluate([fp], [error]).items[0]
    assert scored.status == "unparseable" and scored.E == 0
    assert evaluate([fp], [{"id": fp["id"], "raw": "I cannot answer"}]).items[0].status == "refused"


# --------------------------------------------------------------------------------------------- gold N-Quads


def test_gold_nquads_are_valid_and_complete(tmp_path):
    out = tmp_path / "gold.nq"
    n = export_gold_nquads(ITEMS, out)
    quads = list(parse(out.read_bytes(), RdfFormat.N_QUADS))  # an independent parse of what was written
    assert n == len(quads) == 6
    assert {q.graph_name.value for q in quads} == {f"https://w3id.org/kgbench/item/{it.id}" for it in ITEMS}


@pytest.mark.parametrize("corrupt", [
    '<https://w3id.org/kgbench/entity/a> <https://w3id.org/kgbench/ontology#canonicalName> "Kamppi .\n',
    "<https://w3id.org/kgbench/entity/a> kgb:name \"x\" .\n",
    "not a triple at all\n",
    '<https://w3id.org/kgbench/entity/a> <https://w3id.org/kgbench/ontology#canonicalName> "x" <g> .\n',
])
def test_corrupt_gold_triples_name_the_item_and_write_nothing(tmp_path, corrupt):
    items = [ITEMS[0], make_item(7, gold_triples=GOLD + corrupt), ITEMS[2]]
    out = tmp_path / "gold.nq"
    with pytest.raises(GoldTriplesError, match=r"item A1-007: .*line") as exc:
        export_gold_nquads(items, out)
    assert "A1-000" not in str(exc.value)
    assert not out.exists() and list(tmp_path.iterdir()) == []
    dataset = tmp_path / "items.jsonl"
    write_jsonl(items, dataset)
    r = CliRunner().invoke(main, ["gold", "--all", "--dataset", str(dataset), "--out", str(out)])
    assert r.exit_code == 1 and "item A1-007" in r.output and len(r.output.strip().splitlines()) == 1
    assert not out.exists()
