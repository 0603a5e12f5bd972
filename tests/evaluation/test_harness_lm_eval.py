"""The lm-evaluation-harness export end to end: ``kgbench export lm-eval`` writes the tasks, lm_eval itself runs
them against the scripted chat-completions server (offline), and its scores equal kgbench's own runner +
evaluate on the same replies, overall and by family."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import lm_eval
import pytest
from click.testing import CliRunner
from harness_case import OFFLINE, Replies, family_metrics, command_env, reference, same
from lm_eval.tasks import TaskManager
from scripted_server import ScriptedServer

from kgbench.cli import main
from kgbench.evaluation.harness import HARNESS_CONDITIONS, HARNESS_METRICS, family_group, task_name
from kgbench.generator.items import family_of
from kgbench.release.lm_eval_export import DATA_FILE, UTILS_FILE, export_lm_eval


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    for key, value in OFFLINE.items():
        monkeypatch.setenv(key, value)


@pytest.fixture(scope="module")
def exported(harness_items, tmp_path_factory):
    """Return the folder ``kgbench export lm-eval`` wrote for the harness items (through the CLI)."""
    _, path = harness_items
    out = tmp_path_factory.mktemp("lm-eval") / "tasks"
    done = CliRunner().invoke(main, ["export", "lm-eval", "--dataset", str(path), "--out", str(out)])
    assert done.exit_code == 0, done.output
    return out


def _model_args(server) -> str:
    return f"base_url={server.base_url}/chat/completions,model=scripted,tokenizer_backend=None"


def _messages(request) -> list:
    return [(m["role"], m["content"]) for m in request["messages"]]


def test_export_writes_one_task_per_condition_a_group_per_family_and_a_scorer_that_imports_kgbench(
        harness_items, exported):
    items, _ = harness_items
    families = sorted({family_of(it.template_id) for it in items})
    names = {p.name for p in exported.iterdir()}
    assert {DATA_FILE, UTILS_FILE, "kgbench_group.yaml"} <= names
    assert {f"{task_name(c)}.yaml" for c in HARNESS_CONDITIONS} <= names
    assert {f"{family_group(f)}_group.yaml" for f in families} <= names
    assert {f"{task_name(c, f)}.yaml" for c in HARNESS_CONDITIONS for f in families} <= names
    utils = (exported / UTILS_FILE).read_text()
    assert "from kgbench.evaluation.harness import harness_metrics, score_reply" in utils
    rows = [json.loads(line) for line in (exported / DATA_FILE).read_text().splitlines()]
    assert [r["id"] for r in rows] == [it.id for it in items]


def test_export_refuses_an_existing_folder_without_force(harness_items, exported, tmp_path):
    _, path = harness_items
    again = CliRunner().invoke(main, ["export", "lm-eval", "--dataset", str(path), "--out", str(exported)])
    assert again.exit_code != 0 and "exists" in again.output and "--force" in again.output
    assert len(again.output.strip().splitlines()) == 1
    before = (exported / DATA_FILE).read_bytes()
    forced = CliRunner().invoke(main, ["export", "lm-eval", "--dataset", str(path), "--out", str(exported), "--force"])
    assert forced.exit_code == 0, forced.output
    assert (exported / DATA_FILE).read_bytes() == before  # the same dataset exports the same rows
    inside = tmp_path / "inside"
    inside.mkdir()
    (inside / "items.jsonl").write_bytes(path.read_bytes())
    with pytest.raises(ValueError, match="also an input"):
        export_lm_eval(inside / "items.jsonl", inside, force=True)
    with pytest.raises(ValueError, match="T3a.*sandbox"):
        export_lm_eval(path, tmp_path / "agents", conditions=["T3a"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(path.read_text().splitlines()[0] + '\n{"id": "oops"}\n')
    refused = CliRunner().invoke(main, ["export", "lm-eval", "--dataset", str(bad), "--out", str(tmp_path / "bad")])
    assert refused.exit_code != 0 and "bad.jsonl:2: item 'oops' is not a kgbench item" in refused.output
    assert len(refused.output.strip().splitlines()) == 1 and not (tmp_path / "bad").exists()


def test_lm_eval_scores_equal_kgbench_evaluate_on_the_same_replies(harness_items, exported):
    items, _ = harness_items
    families = sorted({family_of(it.template_id) for it in items})
    # every condition over every item; the first family's group (all conditions); the other families under T1
    by_family = {families[0]: HARNESS_CONDITIONS, **{f: ("T1",) for f in families[1:]}}
    tasks = ([task_name(c) for c in HARNESS_CONDITIONS] + [family_group(families[0])]
             + [task_name("T1", f) for f in families[1:]])
    with ScriptedServer(responder=Replies(items)) as server:
        out = lm_eval.simple_evaluate(model="local-chat-completions", model_args=_model_args(server), tasks=tasks,
                                      task_manager=TaskManager(include_path=str(exported), include_defaults=False),
                                      apply_chat_template=True, bootstrap_iters=0, log_samples=True)
        sent_by_lm_eval = list(server.requests)
        server.requests.clear()
        expected = {c: reference(items, c, server.base_url) for c in HARNESS_CONDITIONS}
        sent_by_kgbench = list(server.requests)

    # kgbench's prompts, message for message, and each task's items asked once
    assert {tuple(_messages(r)) for r in sent_by_lm_eval} == {tuple(_messages(r)) for r in sent_by_kgbench}
    per_family = {f: sum(1 for it in items if family_of(it.template_id) == f) for f in families}
    assert len(sent_by_lm_eval) == len(sent_by_kgbench) + sum(per_family[f] * len(c) for f, c in by_family.items())
    results = out["results"]
    for condition, ref in expected.items():
        assert {"answered", "refused", "unparseable"} <= {s.status for s in ref.items} and 0 < ref.overall.em < 1
        got = results[task_name(condition)]
        assert all(same(got[f"{m},none"], getattr(ref.overall, m)) for m in HARNESS_METRICS), (condition, got)
        for family, metrics in family_metrics(ref).items():
            if condition in by_family[family]:
                got = results[task_name(condition, family)]
                assert all(same(got[f"{m},none"], getattr(metrics, m)) for m in HARNESS_METRICS), (condition, family)
    # each logged sample carries kgbench's item score for that reply
    by_id = {s.id: s.to_dict() for s in expected["T1"].items}
    logged = out["samples"][task_name("T1")]
    assert len(logged) == len(items)
    assert all(sample["em"] == by_id[sample["doc"]["id"]] for sample in logged)


@pytest.mark.slow
def test_lm_eval_command_runs_the_exported_tasks(harness_items, exported, tmp_path):
    """The documented command: ``lm_eval --include_path DIR --tasks 'kgbench_*' --model local-chat-completions``."""
    items, _ = harness_items
    lm_eval_cli = Path(sys.executable).with_name("lm_eval")
    with ScriptedServer(responder=Replies(items)) as server:
        done = subprocess.run(
            [str(lm_eval_cli), "--include_path", str(exported), "--tasks", "kgbench_*", "--model",
             "local-chat-completions", "--model_args", _model_args(server), "--apply_chat_template",
             "--output_path", str(tmp_path / "results")],
            cwd=tmp_path, env=command_env(), capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stderr[-3000:]
        assert len(server.requests) == len(items) * len(HARNESS_CONDITIONS)  # each condition once, nothing twice
        server.requests.clear()
        ref = reference(items, "T1", server.base_url)
    (results_file,) = (tmp_path / "results").rglob("results_*.json")
    got = json.loads(results_file.read_text())["results"][task_name("T1")]
    assert all(same(got[f"{m},none"], getattr(ref.overall, m)) for m in HARNESS_METRICS), got


@pytest.mark.slow  # 12-15 s: a PlaceIndex and three renderings with the KG
def test_lm_eval_runs_the_kg_conditions_scored_as_kgbench_evaluates_them(harness_items, kg, tmp_path):
    """T1-context, T1-mcq and T1-mcq-context, rendered with the items' KG at export time: lm_eval's numbers equal
    kgbench run + evaluate's on the same replies (a multiple-choice reply scored by its letter)."""
    from harness_case import KG_CASE, LetterReplies, kg_prompts, kg_reference

    items, path = harness_items
    out = tmp_path / "kg-tasks"
    done = export_lm_eval(path, out, conditions=KG_CASE, kg=kg)
    assert set(done.tasks) >= {task_name(c) for c in KG_CASE}
    rows = [json.loads(line) for line in (out / DATA_FILE).read_text().splitlines()]
    assert all(json.loads(r["choices_t1_mcq"])["gold_option"] for r in rows) and "choices_t1_context" not in rows[0]
    prompts = kg_prompts(items, kg)
    with ScriptedServer(responder=LetterReplies(items, prompts)) as server:
        got = lm_eval.simple_evaluate(model="local-chat-completions", model_args=_model_args(server),
                                      tasks=[task_name(c) for c in KG_CASE],
                                      task_manager=TaskManager(include_path=str(out), include_defaults=False),
                                      apply_chat_template=True, bootstrap_iters=0)["results"]
        sent = list(server.requests)
        server.requests.clear()
        expected = {c: kg_reference(items, prompts[c], server.base_url) for c in KG_CASE}
        sent_by_kgbench = list(server.requests)
    assert sorted(map(_messages, sent)) == sorted(map(_messages, sent_by_kgbench))  # kgbench's prompts exactly
    for condition, ref in expected.items():
        assert {"answered", "refused", "unparseable"} <= {s.status for s in ref.items} and 0 < ref.overall.em < 1
        if condition != "T1-context":
            assert ref.choices is not None and ref.choices.n == len(items) and 0 < ref.choices.accuracy < 1
        assert all(same(got[task_name(condition)][f"{m},none"], getattr(ref.overall, m)) for m in HARNESS_METRICS), (
            condition, got[task_name(condition)])
