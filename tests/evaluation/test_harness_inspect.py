"""The inspect_ai task end to end: inspect itself runs it against the scripted chat-completions server, and its
scores equal kgbench's own runner + evaluate on the same replies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import inspect_ai
import pytest
from harness_case import HARNESS_ENV_KEY, Replies, command_env, reference, same
from inspect_ai.log import read_eval_log
from scripted_server import ScriptedServer

from kgbench.evaluation import inspect as kgbench_inspect
from kgbench.evaluation.harness import HARNESS_METRICS

MODEL = "openai-api/scripted/scripted"  # inspect's OpenAI-compatible provider, service "scripted"


@pytest.fixture(autouse=True)
def _api_key(monkeypatch):
    monkeypatch.setenv(HARNESS_ENV_KEY, "none")  # inspect wants the service's key set; the server ignores it


def _messages(request) -> list:
    return [(m["role"], m["content"]) for m in request["messages"]]


def test_inspect_scores_equal_kgbench_evaluate_on_the_same_replies(harness_items, tmp_path):
    items, path = harness_items
    conditions = ("T1", "T1-oracle-verbalized")
    with ScriptedServer(responder=Replies(items)) as server:
        logs = inspect_ai.eval([kgbench_inspect.kgbench(dataset=str(path), condition=c) for c in conditions],
                               model=MODEL, model_base_url=server.base_url, log_dir=str(tmp_path / "logs"),
                               display="none", max_connections=4)
        sent_by_inspect = list(server.requests)
        server.requests.clear()
        expected = {c: reference(items, c, server.base_url) for c in conditions}
        sent_by_kgbench = list(server.requests)

    # the same prompts, message for message, as kgbench's own runner sends
    assert sorted(map(_messages, sent_by_inspect)) == sorted(map(_messages, sent_by_kgbench))
    assert all(r["response_format"]["type"] == "json_schema" for r in sent_by_inspect)
    for log, condition in zip(logs, conditions):
        assert log.status == "success", log.error
        ref = expected[condition]
        statuses = {s.status for s in ref.items}
        assert {"answered", "refused", "unparseable"} <= statuses and 0 < ref.overall.em < 1  # a real mix
        (scores,) = log.results.scores
        got = {name: scores.metrics[name].value for name in HARNESS_METRICS}
        assert all(same(got[name], getattr(ref.overall, name)) for name in HARNESS_METRICS), (condition, got, ref.overall)
        by_id = {s.id: s for s in ref.items}
        assert len(log.samples) == len(items)
        for sample in log.samples:
            score = sample.scores["kgbench_scorer"]
            assert score.metadata["kgbench"] == by_id[sample.id].to_dict()
            assert score.value == by_id[sample.id].E
        # inspect's log on disk reads back with the same numbers
        again = read_eval_log(log.location)
        assert again.results.scores[0].metrics["em"].value == got["em"]


@pytest.mark.slow
def test_inspect_eval_command_runs_the_task_file(harness_items, tmp_path):
    """The documented command: ``inspect eval kgbench/evaluation/inspect.py@kgbench -T dataset=... -T condition=...``,
    with a dataset path relative to the folder the command starts in."""
    items, path = harness_items
    work = tmp_path / "work"
    work.mkdir()
    (work / "items.jsonl").write_bytes(path.read_bytes())
    task_file = Path(kgbench_inspect.__file__)
    inspect_cli = Path(sys.executable).with_name("inspect")
    with ScriptedServer(responder=Replies(items)) as server:
        done = subprocess.run(
            [str(inspect_cli), "eval", f"{task_file}@kgbench", "-T", "dataset=items.jsonl", "-T", "condition=T1",
             "--model", MODEL, "--model-base-url", server.base_url, "--log-dir", str(tmp_path / "logs"),
             "--display", "none"],
            cwd=work, env=command_env(PWD=str(work)), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-3000:]
        server.requests.clear()
        ref = reference(items, "T1", server.base_url)
    (log_file,) = (tmp_path / "logs").glob("*.eval")
    log = read_eval_log(str(log_file))
    assert log.status == "success" and len(log.samples) == len(items)
    metrics = log.results.scores[0].metrics
    assert all(same(metrics[name].value, getattr(ref.overall, name)) for name in HARNESS_METRICS)


def test_agent_conditions_are_refused_with_the_reason(harness_items):
    _, path = harness_items
    with pytest.raises(ValueError, match="T3a.*sandbox.*kgbench run"):
        kgbench_inspect.kgbench(dataset=str(path), condition="T3a")
    with pytest.raises(FileNotFoundError, match="no-such.jsonl"):
        kgbench_inspect.kgbench(dataset="no-such.jsonl", condition="T1")


@pytest.mark.slow  # 12-15 s: a PlaceIndex and three renderings with the KG
def test_inspect_runs_the_kg_conditions_scored_as_kgbench_evaluates_them(harness_items, kg, cache, monkeypatch,
                                                                        tmp_path):
    """T1-mcq and T1-context through inspect, the task opening the items' KG (the default snapshot of
    $KGBENCH_CACHE): the same prompts as kgbench's, and the same numbers (a letter scored as evaluate scores it)."""
    from harness_case import LetterReplies, kg_prompts, kg_reference

    monkeypatch.setenv("KGBENCH_CACHE", str(cache))
    items, path = harness_items
    conditions = ("T1-mcq", "T1-context")
    prompts = kg_prompts(items, kg)
    with ScriptedServer(responder=LetterReplies(items, prompts)) as server:
        logs = inspect_ai.eval([kgbench_inspect.kgbench(dataset=str(path), condition=c) for c in conditions],
                               model=MODEL, model_base_url=server.base_url, log_dir=str(tmp_path / "logs"),
                               display="none", max_connections=4)
        sent_by_inspect = list(server.requests)
        server.requests.clear()
        expected = {c: kg_reference(items, prompts[c], server.base_url) for c in conditions}
        sent_by_kgbench = list(server.requests)
    assert sorted(map(_messages, sent_by_inspect)) == sorted(map(_messages, sent_by_kgbench))
    for log, condition in zip(logs, conditions):
        assert log.status == "success", log.error
        ref = expected[condition]
        assert {"answered", "refused", "unparseable"} <= {s.status for s in ref.items} and 0 < ref.overall.em < 1
        got = {name: log.results.scores[0].metrics[name].value for name in HARNESS_METRICS}
        assert all(same(got[name], getattr(ref.overall, name)) for name in HARNESS_METRICS), (condition, got)
