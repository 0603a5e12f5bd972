"""The T3 / T3a agent loop and its sandbox, against a scripted local chat-completions server and a tiny KG."""

from __future__ import annotations

import json
import os

import pytest
from scripted_server import ScriptedServer, make_item  # the scripted chat server beside this file

from kgbench.evaluation.agent import KGTools, extract_code, run_agent
from kgbench.evaluation.evaluate import evaluate
from kgbench.evaluation.prompts import render
from kgbench.evaluation.runners import ChatClient, run_model
from kgbench.evaluation.sandbox import Sandbox, SandboxLimits
from kgbench.kg.store import KG


E = "https://w3id.org/kgbench/entity/"
KGB = "https://w3id.org/kgbench/ontology#"
GEO = "http://www.opengis.net/ont/geosparql#"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
WKT = f"^^<{GEO}wktLiteral>"


def entity(key: str, name: str, category: str, country: str, wkt: str, label: str | None = None) -> str:
    lines = [f'<{E}{key}> <{KGB}canonicalName> "{name}" .', f'<{E}{key}> <{KGB}category> "{category}" .',
             f'<{E}{key}> <{KGB}country> "{country}" .', f"<{E}{key}> <{GEO}hasGeometry> <{E}{key}/geom> .",
             f'<{E}{key}/geom> <{GEO}asWKT> "{wkt}"{WKT} .',
             f"<{E}{key}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{KGB}PointOfInterest> ."]
    if label:
        lines.append(f'<{E}{key}> <{LABEL}> "{label}"@fi .')
    return "\n".join(lines)


BIG_POLYGON = "POLYGON ((" + ", ".join(
    [f"{24.90 + 0.1 * i / 300:.6f} 60.10" for i in range(300)] + ["25.0 60.30", "24.90 60.30", "24.90 60.10"]) + "))"
NT = "\n".join([
    entity("kamppi", "Kamppi", "neighbourhood", "FIN", "POINT (24.9316 60.1685)", label="Kamppi"),
    entity("kallio", "Kallio", "neighbourhood", "FIN", "POINT (24.9497 60.1841)"),
    entity("cafe", "Cafe Regatta", "cafe", "FIN", "POINT (24.9110 60.1810)", label="Kahvila Regatta"),
    entity("tallinn-cafe", "Kohvik", "cafe", "EST", "POINT (24.7450 59.4370)"),
    entity("helsinki", "Helsinki", "city", "FIN", BIG_POLYGON),
]) + "\n"


@pytest.fixture(scope="module")
def kg():
    return KG.from_text(NT, entailment=False, rewrite=False)  # as the snapshot: queried as built


def oracle_item():
    gold = (f'<{E}kamppi> <{KGB}canonicalName> "Kamppi" .\n<{E}kamppi> <{GEO}hasGeometry> <{E}kamppi/geom> .\n'
            f'<{E}kamppi/geom> <{GEO}asWKT> "POINT (24.9316 60.1685)"{WKT} .\n'
            f'<{E}kallio> <{KGB}canonicalName> "Kallio" .\n<{E}kallio> <{GEO}hasGeometry> <{E}kallio/geom> .\n'
            f'<{E}kallio/geom> <{GEO}asWKT> "POINT (24.9497 60.1841)"{WKT} .\n')
    return make_item(0, answer=2.0, gold_triples=gold)


def code(text: str) -> dict:
    return {"content": f"Let me work.\n```python\n{text}\n```"}


def test_kg_tools_answer_from_the_graph(kg):
    tools = KGTools(kg, max_vertices=20)
    found = tools.find_entity("kamppi")
    assert found == [{"id": E + "kamppi", "name": "Kamppi", "category": "neighbourhood", "country": "FIN"}]
    assert [e["name"] for e in tools.find_entity("Kahvila Regatta")] == ["Cafe Regatta"]
    assert [e["name"] for e in tools.find_entity("all")] == ["Kallio"]  # substring fallback
    assert tools.find_entity("Nowhere") == []
    assert [e["name"] for e in tools.find_entities_by_type("cafe")] == ["Cafe Regatta", "Kohvik"]
    assert [e["name"] for e in tools.find_entities_by_type("cafe", "EST")] == ["Kohvik"]
    assert [e["name"] for e in tools.find_entities_by_type("cafe", "Helsinki")] == ["Cafe Regatta"]
    assert [e["name"] for e in tools.find_entities_by_type("cafe", E + "helsinki")] == ["Cafe Regatta"]
    assert tools.list_categories()[0] == {"category": "cafe", "count": 2}
    city = tools.get_entity(E + "helsinki")
    assert city["name"] == "Helsinki" and city["category"] == "city" and city["country"] == "FIN"
    assert city["types"] == [KGB + "PointOfInterest"]
    assert city["geometry"].startswith("POLYGON") and city["geometry"].count(",") + 1 <= 20
    assert f"<{E}helsinki> <{KGB}category> \"city\" ." in city["triples"]
    cafe = tools.get_entity("Cafe Regatta")  # a name is resolved too
    assert cafe["names"] == [{"name": "Kahvila Regatta", "language": "fi"}]
    assert tools.get_entity(E + "nothing") is None
    with pytest.raises(ValueError):
        tools("delete_everything", [], {})


def test_sandbox_enforces_limits(box):
    result = box.run("import socket\nsocket.create_connection(('127.0.0.1', 9), timeout=1)")
    assert "ConnectionRefusedError" in result.error or "OSError" in result.error
    result = box.run("import urllib.request\nurllib.request.urlopen('http://example.org', timeout=2)")
    assert result.error and "URLError" in result.error
    result = box.run("open('/usr/lib/out.txt', 'w').write('x')")
    assert "Read-only file system" in result.error
    result = box.run("import subprocess\nsubprocess.run(['true'])")
    assert "PermissionError" in result.error
    small = Sandbox(SandboxLimits(memory_bytes=768 * 2 ** 20))
    result = small.run("x = b'x' * (3 * 1024 ** 3)")
    assert "MemoryError" in result.error
    result = Sandbox(SandboxLimits(wall_seconds=1.5)).run("import time\ntime.sleep(30)")
    assert result.timed_out and "TimeoutError" in result.error and result.seconds < 10
    result = Sandbox(SandboxLimits(cpu_seconds=1)).run("while True: pass")
    assert "CPU time" in result.error and result.seconds < 10
    result = Sandbox(SandboxLimits(max_output_chars=100)).run("print('x' * 50000)")
    assert len(result.output) < 200 and "more characters cut" in result.output


def test_sandbox_has_geo_libraries_and_a_scratch_folder(box):
    result = box.run("import os, pyproj, shapely, h3\n"
                     "print(round(pyproj.Geod(ellps='WGS84').inv(24.9316, 60.1685, 24.9497, 60.1841)[2]))\n"
                     "print(h3.latlng_to_cell(60.17, 24.93, 5))\nprint(os.getcwd())\n"
                     "open('notes.txt', 'w').write('kept for this step')\nprint(open('notes.txt').read())")
    assert result.error is None, result.error
    lines = result.output.splitlines()
    assert 1900 < int(lines[0]) < 2100 and len(lines[1]) == 15 and lines[2] == "/scratch"
    assert lines[3] == "kept for this step" and result.sandbox.startswith("bubblewrap ")
    assert "FileNotFoundError" in box.run("open('notes.txt')").error  # a fresh scratch folder each step


def test_oracle_agent_runs_code_then_answers(box):
    item = oracle_item()
    prompt = render(item, "T3-oracle")
    step1 = code("import re, pyproj\npts = re.findall(r'POINT \\(([\\d.]+) ([\\d.]+)\\)', GOLD_TRIPLES)\n"
                 "(a, b), (c, d) = [(float(x), float(y)) for x, y in pts]\n"
                 "print(round(pyproj.Geod(ellps='WGS84').inv(a, b, c, d)[2] / 1000, 3))")
    step2 = code("final_answer(2.0, 'km')")
    with ScriptedServer([step1, step2]) as s:
        pred = run_agent(prompt, ChatClient(s.base_url, backoff=0.01), "m", max_steps=5, seed=4, sandbox=box)
        observation = s.requests[1]["messages"][-1]
    assert pred.status == "ok" and pred.answer == 2.0 and pred.unit == "km" and pred.steps == 2
    assert observation["role"] == "user" and observation["content"].startswith("Output:\n2.0")
    assert pred.trace[0]["output"].strip() == observation["content"].split("\n")[1]
    assert s.requests[0]["seed"] == 4 and "response_format" not in s.requests[0]
    assert json.loads(pred.raw) == {"answer": 2.0, "unit": "km"}
    assert evaluate([item.to_dict()], [pred.to_record()]).items[0].E == 1


def test_budget_exhaustion_is_recorded_and_scored_missing(box):
    item = oracle_item()
    with ScriptedServer(responder=lambda r: code("print('still thinking')")) as s:
        pred = run_agent(render(item, "T3-oracle"), ChatClient(s.base_url, backoff=0.01), "m", max_steps=3,
                         sandbox=box)
    assert pred.status == "budget_exhausted" and pred.steps == 3 and len(s.requests) == 3
    assert pred.answer is None
    scored = evaluate([item.to_dict()], [pred.to_record()]).items[0]
    assert scored.status == "missing"


def test_misfit_final_answer_goes_back_to_the_model_and_prose_is_nudged(box):
    item = oracle_item()
    script = [{"content": "I am not sure yet."}, code("final_answer('far', 'furlongs')"),
              {"content": '{"answer": 2.1, "unit": "km"}'}]
    with ScriptedServer(script) as s:
        pred = run_agent(render(item, "T3-oracle"), ChatClient(s.base_url, backoff=0.01), "m", sandbox=box)
        second, third = s.requests[1]["messages"][-1]["content"], s.requests[2]["messages"][-1]["content"]
    assert "python code block" in second
    assert "does not fit the answer schema" in third
    assert pred.status == "ok" and pred.answer == 2.1 and pred.steps == 3


def test_t3a_agent_uses_kg_tools_through_the_sandbox(box, kg):
    item = make_item(0, answer=2.0, kg="osm")
    prompt = render(item, "T3a")
    step1 = code("a = find_entity('Kamppi')[0]\nb = get_entity(find_entity('Kallio')[0]['id'])\n"
                 "print(a['id'], b['geometry'])\n"
                 "try:\n    get_entity()\nexcept ToolError as exc:\n    print('tool error', exc)")
    step2 = code("import shapely, pyproj\n"
                 "p, q = shapely.from_wkt(get_entity('Kamppi')['geometry']), shapely.from_wkt(get_entity('Kallio')['geometry'])\n"
                 "final_answer(pyproj.Geod(ellps='WGS84').inv(p.x, p.y, q.x, q.y)[2] / 1000, 'km')")
    with ScriptedServer([step1, step2]) as s:
        pred = run_agent(prompt, ChatClient(s.base_url, backoff=0.01), "m", kg=kg, sandbox=box)
        seen = s.requests[1]["messages"][-1]["content"]
    assert f"{E}kamppi POINT (24.9497 60.1841)" in seen
    assert "tool error TypeError" in seen
    assert pred.status == "ok" and abs(pred.answer - 1.98) < 0.05
    assert pred.trace[0]["tool_calls_made"] == 4


def test_native_tool_calls_are_answered(box, kg):
    prompt = render(make_item(0, answer=2.0), "T3a")
    call = {"id": "c1", "type": "function", "function": {"name": "find_entity", "arguments": '{"name": "Kallio"}'}}
    final = {"id": "c2", "type": "function",
             "function": {"name": "final_answer", "arguments": '{"answer": 2.0, "unit": "km"}'}}
    with ScriptedServer([{"content": None, "tool_calls": [call]}, {"content": "", "tool_calls": [final]}]) as s:
        pred = run_agent(prompt, ChatClient(s.base_url, backoff=0.01), "m", kg=kg, native_tools=True,
                         sandbox=box)
        tool_message = s.requests[1]["messages"][-1]
        offered = [t["function"]["name"] for t in s.requests[0]["tools"]]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "c1"
    assert json.loads(tool_message["content"])["result"][0]["id"] == E + "kallio"
    assert "final_answer" in offered and "get_entity" in offered
    assert pred.status == "ok" and pred.answer == 2.0


def test_agent_prompts_through_run_model_with_cache_and_errors(box, kg, tmp_path):
    item = oracle_item()
    with ScriptedServer([{"status": 500, "body": "x"}, code("final_answer(2.0, 'km')"),
                         {"status": 401, "body": "no key"}]) as s:
        pred, = run_model([render(item, "T3-oracle")], s.base_url, "m", cache_dir=tmp_path, backoff=0.01,
                          sandbox=box)
        again, = run_model([render(item, "T3-oracle")], s.base_url, "m", cache_dir=tmp_path, backoff=0.01,
                           sandbox=box)
        assert pred.status == "ok" and pred.attempts == 2 and again.cached and len(s.requests) == 2
        other, = run_model([render(item, "T3-oracle")], s.base_url, "m", cache_dir=tmp_path, backoff=0.01,
                           max_steps=4, sandbox=box)
        assert other.status == "error" and other.http_status == 401 and len(s.requests) == 3


def test_extract_code_takes_the_last_python_block():
    text = "```python\nprint(1)\n```\nthen\n```\nprint(2)\n```"
    assert extract_code(text) == "print(2)\n"
    assert extract_code("no code") is None
