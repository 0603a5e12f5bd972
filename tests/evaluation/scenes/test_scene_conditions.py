"""The scene conditions end to end: T1-geojson, T1-map and T1-geojson-map prompts (text and image parts), the
request a model server receives, the harness adapters, and ``kgbench scenes`` / ``prompts render``."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from kgbench.evaluation.conditions import IMAGE_CONDITIONS, SCENE_CONDITIONS
from kgbench.evaluation.evaluate import evaluate
from kgbench.evaluation.harness import HARNESS_CONDITIONS, check_condition
from kgbench.evaluation.prompts import Prompt, message_text, read_prompts, render, render_prompts
from kgbench.evaluation.runners import run
from kgbench.evaluation.scenes import MapTransform, validate_geojson
from kgbench.evaluation.scenes.prompt import SceneLanguageError
from kgbench.generator.items import write_jsonl

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scripted_server import ScriptedServer  # noqa: E402 - the scripted chat server of tests/evaluation


@pytest.fixture(scope="module")
def items(made):
    """Return answerable generated items of a polygon, a point and a line template."""
    made.prefetch(["C9", "A1", "D1"])  # these only, unless the session made every template already
    out = []
    for tid in ("C9", "A1", "D1"):
        out += [it for it in made(tid)[0] if not it.false_premise][:1]
    return out


def _geojson(text: str) -> dict:
    return json.loads(re.search(r"```json\n(.*?)\n```", text, re.S).group(1))


@pytest.mark.parametrize("condition", SCENE_CONDITIONS)
def test_each_scene_condition_shows_the_scene_names_its_features_and_asks_the_question(items, kg, condition):
    for item in items:
        p = render(item, condition, kg=kg, map_size=400)
        system, user = p.messages
        assert isinstance(system["content"], str)
        text = message_text(user["content"])
        assert item.question in text and "Reply with one JSON object" in text
        for ent in item.entities.values():
            if ent.get("iri") and ent.get("iri") in item.gold_triples:
                assert f"is {ent['name']}" in text
        assert ("```json" in text) == ("geojson" in condition)
        if "geojson" in condition:
            doc = _geojson(text)
            validate_geojson(doc)
            assert [f["id"] for f in doc["features"]] == p.metadata["scene"]["features"]
        if condition in IMAGE_CONDITIONS:
            kinds = [part["type"] for part in user["content"]]
            assert kinds == ["text", "image_url", "text"]
            url = user["content"][1]["image_url"]["url"]
            assert url.startswith("data:image/png;base64,")
            png = base64.b64decode(url.split(",", 1)[1])
            assert Image.open(io.BytesIO(png)).size == (400, 400)
            meta = p.metadata["scene"]["image"]
            assert meta["sha256"] == hashlib.sha256(png).hexdigest()
            assert MapTransform.from_dict(meta["transform"]).width == 400
            # the estimate counts the text, not the base64 image
            assert p.metadata["context"]["estimated_tokens"] < len(url) / 4 and p.metadata["context"]["images"] == 1
        else:
            assert isinstance(user["content"], str) and p.metadata["context"]["images"] == 0
        # a prompt record is JSON and comes back with the same hash
        again = Prompt.from_dict(json.loads(json.dumps(p.to_dict())))
        assert again.hash == p.hash


def test_a_geojson_over_the_budget_is_simplified_and_the_prompt_says_so(items):
    country = items[0]  # C9: two country polygons
    whole = render(country, "T1-geojson", context_budget=None)
    small = render(country, "T1-geojson", context_budget=3000)
    assert whole.metadata["scene"]["geojson_vertex_cap"] is None
    cap = small.metadata["scene"]["geojson_vertex_cap"]
    assert cap is not None and f"at most {cap} vertices" in small.messages[1]["content"]
    assert len(small.messages[1]["content"]) < len(whole.messages[1]["content"])
    validate_geojson(_geojson(small.messages[1]["content"]))


def test_a_scene_condition_refuses_an_item_in_another_language(items):
    french = dataclasses.replace(items[1], id=items[1].id + "-fra", language="fra")
    with pytest.raises(SceneLanguageError, match="English only.*'fra'"):
        render(french, "T1-geojson")


def test_kgbench_run_sends_the_map_as_an_image_part(items, kg, tmp_path):
    write_jsonl(items, tmp_path / "items.jsonl")
    render_prompts(tmp_path / "items.jsonl", "T1-geojson-map", tmp_path / "prompts.jsonl", kg=kg, map_size=300)
    prompts = read_prompts(tmp_path / "prompts.jsonl")
    by_question = {it.question: it for it in items}

    def answer(request):
        text = message_text(request["messages"][1]["content"])
        item = next(it for q, it in by_question.items() if q in text)
        return {"content": json.dumps({"answer": item.answer, "unit": item.unit})}

    with ScriptedServer(responder=answer) as server:
        summary = run(tmp_path / "prompts.jsonl", tmp_path / "preds.jsonl", base_url=server.base_url, model="m",
                      backoff=0.01)
        sent = list(server.requests)
    assert summary["by_status"] == {"ok": len(items)}
    for request in sent:
        content = request["messages"][1]["content"]
        image = [part for part in content if part["type"] == "image_url"]
        assert len(image) == 1
        prompt = next(p for p in prompts if message_text(p.messages[1]["content"]) == message_text(content))
        assert image[0]["image_url"]["url"] == prompt.messages[1]["content"][1]["image_url"]["url"]
    result = evaluate(tmp_path / "items.jsonl", tmp_path / "preds.jsonl")
    assert all(x.E == 1 for x in result.items)


def test_the_text_harness_refuses_the_map_conditions_and_runs_the_geojson_one():
    assert "T1-geojson" in HARNESS_CONDITIONS and not set(IMAGE_CONDITIONS) & set(HARNESS_CONDITIONS)
    for condition in IMAGE_CONDITIONS:
        with pytest.raises(ValueError, match="sends a map image, and this harness sends text only"):
            check_condition(condition)
        assert check_condition(condition, images=True) == condition


@pytest.mark.slow  # the commands end to end, each opening the snapshot (about 7 s)
def test_the_cli_writes_scenes_and_map_prompts_and_refuses_to_overwrite(items, cache, tmp_path):
    from kgbench.cli import main

    write_jsonl(items, tmp_path / "items.jsonl")

    def cli(*args):
        return CliRunner().invoke(main, ["--cache-dir", str(cache), *args])

    out = tmp_path / "scenes"
    r = cli("scenes", "--dataset", str(tmp_path / "items.jsonl"), "--out", str(out), "--size", "300")
    assert r.exit_code == 0, r.output
    index = [json.loads(line) for line in (out / "index.jsonl").read_text().splitlines()]
    assert [row["id"] for row in index] == [it.id for it in items]
    for row in index:
        validate_geojson(json.loads((out / row["geojson"]).read_text()))
        assert Image.open(out / row["png"]).size == (300, 300)
        t = MapTransform.from_dict(json.loads((out / row["transform"]).read_text()))
        for feature in json.loads((out / row["geojson"]).read_text())["features"]:
            coords = feature["geometry"]["coordinates"]
            while isinstance(coords[0], list):
                coords = coords[0]
            col, row_ = t.to_pixel(*coords[:2])
            assert 0 <= col <= 300 and 0 <= row_ <= 300
    r = cli("scenes", "--dataset", str(tmp_path / "items.jsonl"), "--out", str(out))
    assert r.exit_code == 1 and "pass --force" in r.output
    r = cli("scenes", "--dataset", str(tmp_path / "items.jsonl"), "--out", str(tmp_path), "--force")
    assert r.exit_code == 1 and "also an input" in r.output
    r = cli("prompts", "render", "--condition", "T1-map", "--dataset", str(tmp_path / "items.jsonl"),
            "--out", str(tmp_path / "p.jsonl"), "--map-size", "300")
    assert r.exit_code == 0, r.output
    assert len(read_prompts(tmp_path / "p.jsonl")) == len(items)
