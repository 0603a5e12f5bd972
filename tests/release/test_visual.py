"""The visual slice: which items qualify, the rewritten question, the withheld name (prompt, GeoJSON, map legend),
the deterministic 2% draw, and the release's visual/ folder and card section."""

from __future__ import annotations

import io
import json
import math

import pytest
from PIL import Image

from kgbench.evaluation.prompts import message_text, render
from kgbench.evaluation.scenes import item_scene, scene_geojson
from kgbench.release.dataset import write_release
from kgbench.release.visual import select_visual, visual_role

TEMPLATES = ("A9", "C9", "D1", "E4", "K1", "A1")


@pytest.fixture(scope="module")
def items(made):
    made.prefetch(TEMPLATES)  # these only, unless the session made every template already
    return [it for tid in TEMPLATES for it in made(tid)[0]]


def test_only_polygons_and_lines_named_once_and_not_the_answer_qualify(items):
    seen = set()
    for it in items:
        chosen = visual_role(it)
        if chosen is None:
            continue
        role, kind = chosen
        seen.add(it.template_id)
        feature = next(f for f in item_scene(it).features if f.role == role)
        assert feature.geometry.geom_type in ("Polygon", "MultiPolygon", "LineString", "MultiLineString")
        assert kind == ("line" if "Line" in feature.geometry.geom_type else "area")
        assert it.question.count(it.entities[role]["name"]) == 1 and it.answer != it.entities[role]["name"]
        assert not it.false_premise and it.language == "eng"
    assert {"C9", "D1", "E4"} <= seen  # countries, storm tracks, states
    assert all(visual_role(it) is None for it in items if it.template_id == "A1")  # two points: nothing to see


def test_a_visual_item_withholds_the_name_everywhere_a_model_looks(items, kg):
    visual = select_visual(items, share=1.0)
    assert visual
    for v in visual[:6]:
        hidden = [e["name"] for e in v.entities.values() if isinstance(e, dict) and e.get("hidden")]
        assert len(hidden) == 1 and v.id.endswith("-visual")
        name = hidden[0]
        assert name not in v.question and "on the map as" in v.question
        assert v.question[0].isupper() and "the the" not in v.question.lower()
        p = render(v, "T1-geojson-map", kg=kg, map_size=300)
        text = message_text(p.messages[1]["content"])
        assert name not in text and "(its name is not given)" in text
        doc = scene_geojson(item_scene(v))
        assert name not in json.dumps(doc, ensure_ascii=False)


def test_the_slice_is_two_percent_drawn_by_the_seed(items):
    english = [it for it in items if it.language == "eng"]
    a = select_visual(items, seed=1)
    assert len(a) <= math.ceil(0.02 * len(english)) and a
    assert [v.id for v in select_visual(items, seed=1)] == [v.id for v in a]
    many = {s: tuple(v.id for v in select_visual(items, seed=s, share=0.2)) for s in range(4)}
    assert len(set(many.values())) > 1  # the seed chooses
    assert len({v.template_id for v in select_visual(items, share=0.1)}) >= 3  # spread over templates


@pytest.mark.slow  # a whole release written with its maps (about 10 s)
def test_a_release_with_the_visual_slice_writes_it_and_says_so_in_the_card(items, kg, tmp_path):
    summary = write_release(items, tmp_path / "rel", seed=0, baselines=False, visual_kg=kg)
    folder = tmp_path / "rel" / "visual"
    lines = (folder / "items.jsonl").read_text().splitlines()
    assert len(lines) == summary.stats["visual"]["items"] >= 1
    for line in lines:
        record = json.loads(line)
        png = folder / "images" / f"{record['id']}.png"
        assert Image.open(io.BytesIO(png.read_bytes())).size == (768, 768)
        assert (folder / "images" / f"{record['id']}.transform.json").exists()
    card = (tmp_path / "rel" / "README.md").read_text()
    assert "## Visual slice" in card and "no photographs" in card
