"""The chat-completions runner against a real local HTTP server that replays scripted answers."""

from __future__ import annotations

import json

import pytest
from scripted_server import ScriptedServer, make_item  # the scripted chat server beside this file

from kgbench.evaluation.evaluate import evaluate
from kgbench.generator.items import write_jsonl
from kgbench.evaluation.prompts import render, render_prompts
from kgbench.evaluation.runners import ChatClient, ChatError, cache_key, parse_answer, run, run_model


def answer_for(request: dict) -> dict:
    """Reply to a T1 prompt with the item number (from the question) as the distance in km."""
    question = request["messages"][-1]["content"]
    n = int(question.split("(")[1].split(")")[0])
    return {"content": json.dumps({"answer": float(n), "unit": "km"})}


FAST = dict(backoff=0.01, timeout=5)


def test_request_carries_schema_settings_and_answers_score():
    items = [make_item(i, answer=float(i)) for i in range(3)]
    prompts = [render(it, "T1") for it in items]
    with ScriptedServer(responder=answer_for) as server:
        preds = run_model(prompts, server.base_url, "tiny-model", api_key="k", temperature=0.3, seed=7, **FAST)
    assert [p.id for p in preds] == [it.id for it in items]
    assert all(p.status == "ok" and p.parsed for p in preds)
    assert [p.answer for p in preds] == [0.0, 1.0, 2.0]
    assert all(p.temperature == 0.3 and p.seed == 7 and p.model == "tiny-model" for p in preds)
    request = server.requests[0]
    assert request["model"] == "tiny-model" and request["temperature"] == 0.3 and request["seed"] == 7
    fmt = request["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["schema"]["properties"] == prompts[0].schema["properties"]
    assert "$schema" not in fmt["json_schema"]["schema"]
    assert [m["role"] for m in request["messages"]] == ["system", "user"]
    raw = json.loads(preds[1].raw)
    assert raw == {"answer": 1.0, "unit": "km"}
    result = evaluate([it.to_dict() for it in items], [p.to_record() for p in preds])
    assert result.overall.em == 1.0


def test_429_then_200_is_retried_and_retry_after_honoured():
    sleeps = []
    client = ChatClient("", retries=3, backoff=0.01, max_backoff=0.5, sleep=sleeps.append)
    with ScriptedServer([{"status": 429, "body": "slow down", "headers": {"Retry-After": "0.2"}},
                         {"content": '{"answer": 3, "unit": "km"}'}]) as server:
        client.base_url = server.base_url
        data, attempts = client.complete({"model": "m", "messages": []})
    assert attempts == 2 and len(server.requests) == 2
    assert data["choices"][0]["message"]["content"] == '{"answer": 3, "unit": "km"}'
    assert sleeps and 0.2 <= sleeps[0] <= 0.5


def test_5xx_retried_until_success_and_then_exhausted():
    item = make_item(1)
    with ScriptedServer([{"status": 500, "body": "boom"}] * 3 + [{"content": '{"answer": 1, "unit": "km"}'}]) as s:
        pred, = run_model([render(item, "T1")], s.base_url, "m", retries=3, **FAST)
    assert pred.status == "ok" and pred.attempts == 4 and len(s.requests) == 4
    with ScriptedServer([{"status": 503, "body": "down"}] * 5) as s:
        pred, = run_model([render(item, "T1")], s.base_url, "m", retries=2, **FAST)
    assert pred.status == "error" and pred.http_status == 503 and pred.attempts == 3 and len(s.requests) == 3
    record = pred.to_record()
    assert "answer" not in record and record["status"] == "error"
    scored = evaluate([item.to_dict()], [record]).items[0]
    assert scored.status == "unparseable" and scored.E == 0  # an error is never a refusal


def test_4xx_is_not_retried():
    with ScriptedServer([{"status": 400, "body": '{"error": "bad schema"}'}, {"content": "{}"}]) as s:
        pred, = run_model([render(make_item(), "T1")], s.base_url, "m", retries=3, **FAST)
    assert pred.status == "error" and pred.http_status == 400 and pred.attempts == 1
    assert len(s.requests) == 1 and "bad schema" in pred.error


def test_malformed_body_and_slow_response_are_retried():
    script = [{"body": b"{not json"}, {"content": '{"answer": 2, "unit": "km"}', "delay": 1.5},
              {"content": '{"answer": 2, "unit": "km"}'}]
    with ScriptedServer(script) as s:
        pred, = run_model([render(make_item(), "T1")], s.base_url, "m", retries=3, backoff=0.01, timeout=0.5)
    assert pred.status == "ok" and pred.answer == 2 and pred.attempts == 3
    assert len(s.requests) == 3


def test_unreachable_server_is_an_error_after_retries():
    with ScriptedServer() as s:
        url = s.base_url
    pred, = run_model([render(make_item(), "T1")], url, "m", retries=1, **FAST)
    assert pred.status == "error" and pred.attempts == 2 and "connection failed" in pred.error


def test_unparseable_and_null_answers_keep_raw_and_score_right():
    items = [make_item(0), make_item(1)]
    script = [{"content": "About twelve kilometres, I think."}, {"content": '{"answer": null, "unit": "km"}'}]
    with ScriptedServer(script) as s:
        preds = run_model([render(it, "T1") for it in items], s.base_url, "m", concurrency=1, **FAST)
    assert preds[0].raw == "About twelve kilometres, I think." and preds[0].parsed is False
    assert preds[1].parsed is True and preds[1].answer is None
    statuses = [x.status for x in evaluate([it.to_dict() for it in items], [p.to_record() for p in preds]).items]
    assert statuses == ["unparseable", "refused"]


def test_cache_resumes_and_keys_on_settings(tmp_path):
    items = [make_item(i, answer=float(i)) for i in range(4)]
    prompts = [render(it, "T1") for it in items]
    failing = {items[2].question}

    def flaky(request):
        if request["messages"][-1]["content"].split("\n")[0].removeprefix("Question: ") in failing:
            return {"status": 400, "body": "refused by policy"}
        return answer_for(request)

    with ScriptedServer(responder=flaky) as s:
        first = run_model(prompts, s.base_url, "m", cache_dir=tmp_path / "c", **FAST)
        assert [p.status for p in first] == ["ok", "ok", "error", "ok"]
        n_first = len(s.requests)
        failing.clear()
        second = run_model(prompts, s.base_url, "m", cache_dir=tmp_path / "c", **FAST)
        assert len(s.requests) == n_first + 1  # only the failed item is asked again
        assert [p.cached for p in second] == [True, True, False, True]
        assert [p.answer for p in second] == [0.0, 1.0, 2.0, 3.0]
        assert second[0].raw == first[0].raw
        run_model(prompts[:1], s.base_url, "m", cache_dir=tmp_path / "c", seed=1, **FAST)
        assert len(s.requests) == n_first + 2  # another seed is another cache entry
    assert cache_key("m", prompts[0], 0.0, 0) != cache_key("m", prompts[0], 0.5, 0)
    assert cache_key("m", prompts[0], 0.0, 0) != cache_key("m2", prompts[0], 0.0, 0)


def test_concurrency_is_bounded():
    prompts = [render(make_item(i), "T1") for i in range(6)]

    def slow(request):
        return {**answer_for(request), "delay": 0.2}

    with ScriptedServer(responder=slow) as s:
        preds = run_model(prompts, s.base_url, "m", concurrency=2, **FAST)
        assert s.max_inflight == 2
    assert all(p.status == "ok" for p in preds)


def test_run_wrapper_writes_predictions_that_evaluate_reads(tmp_path):
    items = [make_item(i, answer=float(i)) for i in range(2)]
    write_jsonl(items, tmp_path / "items.jsonl")
    render_prompts(tmp_path / "items.jsonl", "T2", tmp_path / "prompts.jsonl")
    with ScriptedServer(responder=lambda r: {"content": json.dumps(
            {"reasoning": "because", "answer": 1.0, "unit": "km"})}) as s:
        summary = run(tmp_path / "prompts.jsonl", tmp_path / "preds.jsonl", base_url=s.base_url, model="m",
                      backoff=0.01, seed=3, api_key="sk-secret")
        again = run(tmp_path / "prompts.jsonl", tmp_path / "preds.jsonl", base_url=s.base_url, model="m",
                    backoff=0.01, seed=3)
        assert len(s.requests) == 2
    assert summary["by_status"] == {"ok": 2} and again["cached"] == 2
    # the run's settings are recorded with it, every one but the key
    assert summary["config"]["seed"] == 3 and summary["config"]["backoff"] == 0.01
    assert summary["config"]["cache_dir"] == str(tmp_path / "preds.jsonl") + ".cache"
    assert "sk-secret" not in json.dumps(summary)
    records = [json.loads(line) for line in (tmp_path / "preds.jsonl").read_text().splitlines()]
    assert [r["reasoning"] for r in records] == ["because", "because"]
    assert all(r["seed"] == 3 and r["temperature"] == 0.0 and r["model"] == "m" for r in records)
    result = evaluate(tmp_path / "items.jsonl", tmp_path / "preds.jsonl")
    assert [x.E for x in result.items] == [0, 1]


def test_parse_answer_reads_fenced_objects():
    assert parse_answer('Here:\n```json\n{"answer": "N", "unit": null}\n```')["answer"] == "N"
    assert parse_answer("")["parsed"] is False


def test_bad_arguments_raise():
    with pytest.raises(ValueError):
        run_model([render(make_item(), "T1")], "http://127.0.0.1:9/v1", "m", concurrency=0)
    with pytest.raises(ValueError, match="knowledge graph"):
        run_model([render(make_item(), "T3a")], "http://127.0.0.1:9/v1", "m")
    with pytest.raises(ChatError):
        ChatClient("http://127.0.0.1:9/v1", retries=0, timeout=1).complete({})


# --------------------------------------------------------------------------------------------- bad replies

DEEP = "[" * 100_000 + "]" * 100_000
BIG = 50 * 1024 * 1024

#: fault -> the reply the server gives for item 1 (items 0 and 2 get good answers)
FAULTS = {
    "deeply nested answer": {"content": '{"answer": ' + DEEP + ', "unit": "km"}'},
    "answer nested 40 levels": {"content": '{"answer": ' + "[" * 40 + "]" * 40 + "}"},
    "deeply nested body": {"body": DEEP},
    "body not JSON": {"body": b"{not json"},
    "body a JSON list": {"body": "[1, 2]"},
    "null choice": {"body": '{"choices": [null]}'},
    "no choices": {"body": '{"choices": []}'},
    "choices an object": {"body": '{"choices": {"0": {}}}'},
    "message a string": {"body": '{"choices": [{"message": "12 km"}]}'},
    "null content": {"body": '{"choices": [{"message": {"role": "assistant", "content": null}}]}'},
    "Content-Length 10^12": {"body": b'{"choices": []}', "content_length": 10 ** 12},
    "body cut short": {"body": json.dumps({"choices": [{"message": {"content": '{"answer": 1.0}'}}]}),
                       "content_length": 1000},
    "body over the cap": {"body": b'{"x": "', "piece": b"a" * (1 << 20), "repeat": 50, "content_length": None},
    "HTTP 500 after retries": {"status": 500, "body": "boom"},
    "HTTP 400": {"status": 400, "body": "bad request"},
}


def _faulty(fault: dict, asked: list):
    def responder(request):
        question = request["messages"][-1]["content"]
        asked.append(question)
        return fault if "(1)" in question else answer_for(request)
    return responder


@pytest.mark.parametrize("name", list(FAULTS))
def test_a_bad_reply_is_that_items_error_and_the_run_goes_on(name, tmp_path):
    items = [make_item(i, answer=float(i)) for i in range(3)]
    prompts = [render(it, "T1") for it in items]
    asked: list = []
    with ScriptedServer(responder=_faulty(FAULTS[name], asked)) as s:
        preds = run_model(prompts, s.base_url, "m", retries=1, backoff=0.01, timeout=5, concurrency=1,
                          cache_dir=tmp_path / "c", max_response_bytes=4 * 1024 * 1024)
    assert [p.status for p in preds] == ["ok", "error", "ok"]
    assert [preds[0].answer, preds[2].answer] == [0.0, 2.0]
    bad = preds[1].to_record()
    assert bad["error"] and "answer" not in bad
    scored = evaluate([it.to_dict() for it in items], [p.to_record() for p in preds]).items
    assert [x.status for x in scored] == ["answered", "unparseable", "answered"]
    fp = {**items[1].to_dict(), "false_premise": True}
    assert evaluate([fp], [bad]).items[0].E == 0  # not a correct rejection either


def test_the_body_cap_stops_reading_and_a_big_declared_length_is_not_read():
    item = make_item(1)
    fault = FAULTS["body over the cap"]
    with ScriptedServer([fault]) as s:
        pred, = run_model([render(item, "T1")], s.base_url, "m", retries=0, max_response_bytes=1 << 20, **FAST)
    assert pred.status == "error" and "cap" in pred.error and "reading stopped" in pred.error
    with ScriptedServer([FAULTS["Content-Length 10^12"]]) as s:
        pred, = run_model([render(item, "T1")], s.base_url, "m", retries=3, **FAST)
    assert pred.status == "error" and "1,000,000,000,000 bytes" in pred.error and pred.attempts == 1
    client = ChatClient("", max_response_bytes=64)
    assert client.max_response_bytes == 64 and ChatClient("").max_response_bytes == 8 * 1024 * 1024


def test_resume_retries_only_the_error_items(tmp_path):
    items = [make_item(i, answer=float(i)) for i in range(4)]
    write_jsonl(items, tmp_path / "items.jsonl")
    render_prompts(tmp_path / "items.jsonl", "T1", tmp_path / "prompts.jsonl")
    broken = {"(1)": FAULTS["deeply nested answer"], "(3)": FAULTS["null choice"]}

    def responder(request):
        question = request["messages"][-1]["content"]
        asked.append(question)
        for mark, fault in broken.items():
            if mark in question:
                return fault
        return answer_for(request)

    asked: list = []
    with ScriptedServer(responder=responder) as s:
        first = run(tmp_path / "prompts.jsonl", tmp_path / "preds.jsonl", base_url=s.base_url, model="m",
                    retries=0, backoff=0.01)
        assert first["by_status"] == {"ok": 2, "error": 2}
        records = [json.loads(line) for line in (tmp_path / "preds.jsonl").read_text().splitlines()]
        assert [r["status"] for r in records] == ["ok", "error", "ok", "error"]
        asked.clear()
        broken.clear()
        second = run(tmp_path / "prompts.jsonl", tmp_path / "preds.jsonl", base_url=s.base_url, model="m",
                     retries=0, backoff=0.01)
    assert sorted(q.split("(")[1][0] for q in asked) == ["1", "3"]  # only the error items are asked again
    assert second["by_status"] == {"ok": 4} and second["cached"] == 2
    result = evaluate(tmp_path / "items.jsonl", tmp_path / "preds.jsonl")
    assert result.overall.em == 1.0


def test_parse_answer_raises_reply_error_on_deep_json():
    from kgbench.evaluation.runners import ReplyError

    with pytest.raises(ReplyError, match="nested too deeply"):
        parse_answer('{"answer": ' + DEEP + "}")
    with pytest.raises(ReplyError, match="nested deeper than 32"):
        parse_answer('{"answer": ' + "[" * 33 + "]" * 33 + "}")
    assert parse_answer('{"answer": ' + "[" * 32 + "]" * 32 + "}")["parsed"] is True
    with pytest.raises(ReplyError):
        parse_answer("the answer is " + '{"answer": ' + DEEP)


def test_a_body_cut_short_is_retried_then_an_error():
    fault = FAULTS["body cut short"]
    good = {"content": '{"answer": 1.0, "unit": "km"}'}
    with ScriptedServer([fault, good]) as s:
        pred, = run_model([render(make_item(1), "T1")], s.base_url, "m", retries=1, **FAST)
    assert pred.status == "ok" and pred.attempts == 2
    with ScriptedServer([fault, fault]) as s:
        pred, = run_model([render(make_item(1), "T1")], s.base_url, "m", retries=1, **FAST)
    assert pred.status == "error" and "cut short" in pred.error and pred.attempts == 2
