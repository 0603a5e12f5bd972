"""One contract every answer-format object keeps: the same checks run over each of the fifteen formats.

A format is one object (:class:`kgbench.evaluation.formats.AnswerFormat`) that reads, validates, compares and
words its answers; these checks hold for each, so a new format must bring an example here and pass them.
"""

from __future__ import annotations

import h3
import pytest
import s2sphere
from jsonschema import Draft202012Validator

from kgbench.evaluation.conditions import answer_instructions
from kgbench.evaluation.formats import FORMATS, AnswerFormat, get_format, validate_gold
from kgbench.evaluation.prompts import render
from kgbench.evaluation.scoring import parse_prediction, score_item
from kgbench.generator.items import Item

H3_7 = h3.latlng_to_cell(60.17, 24.94, 7)
S2_15 = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(60.17, 24.94)).parent(15).to_token()
BOX = "POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))"

#: format -> (gold answer, gold unit, the gold as a model answer object, a wrong model answer object)
EXAMPLES = {
    "Boolean / ternary": ("true", None, {"answer": "true", "unit": None}, {"answer": "false", "unit": None}),
    "Entity name (single)": ("Pedasí", None, {"answer": "PEDASI", "unit": None}, {"answer": "Panama", "unit": None}),
    "Predefined / cardinal direction": ("NE", None, {"answer": "NE", "unit": None}, {"answer": "SW", "unit": None}),
    "Set enumeration": (["Cafe A", "Cafe B"], None, {"answer": ["cafe b", "Cafe A"], "unit": None},
                        {"answer": ["Cafe A"], "unit": None}),
    "H3 / S2 cell index": (H3_7, "h3", {"answer": H3_7, "unit": "h3"},
                           {"answer": h3.latlng_to_cell(-33.9, 18.4, 7), "unit": "h3"}),
    "Geohash": ("ud9wr", None, {"answer": "ud9wr", "unit": None}, {"answer": "ud9wx", "unit": None}),
    "Composite (H3 + S2)": ({"h3": H3_7, "s2": S2_15}, None, {"answer": {"h3": H3_7, "s2": S2_15}, "unit": None},
                            {"answer": {"h3": h3.latlng_to_cell(-33.9, 18.4, 7), "s2": "1"}, "unit": None}),
    "Distance": (12.5, "km", {"answer": 12500, "unit": "m"}, {"answer": 25, "unit": "km"}),
    "Area": (1.5, "km2", {"answer": 150, "unit": "ha"}, {"answer": 3, "unit": "km2"}),
    "Count": (30, None, {"answer": 30, "unit": None}, {"answer": 60, "unit": None}),
    "Ratio (dimensionless)": (1.37, None, {"answer": 1.37, "unit": None}, {"answer": 2.5, "unit": None}),
    "Point coordinates": ({"lat": 60.17, "lon": 24.94}, None, {"answer": [60.17, 24.94], "unit": None},
                          {"answer": {"lat": 59.3, "lon": 18.1}, "unit": None}),
    "Polar (angle, distance)": ({"angle": 45.0, "distance": 3.2}, "km",
                                {"answer": {"angle": 45, "distance": 3200}, "unit": "m"},
                                {"answer": {"angle": 135, "distance": 3.2}, "unit": "km"}),
    "Polygon / bounding box": (BOX, None, {"answer": BOX, "unit": None},
                               {"answer": "POLYGON ((30 10, 31 10, 31 11, 30 11, 30 10))", "unit": None}),
    "Date": ("2020-05-20", None, {"answer": "2020-05-20", "unit": None}, {"answer": "2021-05-20", "unit": None}),
}
NAMES = list(FORMATS)


def _item(name: str, **extra) -> dict:
    gold, unit, _, _ = EXAMPLES[name]
    return {"id": f"x-{get_format(name).slug}", "answer_format": name, "answer": gold, "unit": unit, **extra}


def test_every_format_has_an_example_and_is_one_object():
    assert set(EXAMPLES) == set(FORMATS)
    assert all(isinstance(f, AnswerFormat) for f in FORMATS.values())
    assert len({f.slug for f in FORMATS.values()}) == len(FORMATS)


@pytest.mark.parametrize("name", NAMES)
def test_gold_fits_its_schema_and_validates(name):
    fmt = get_format(name)
    gold, unit, _, _ = EXAMPLES[name]
    assert Draft202012Validator(fmt.gold_schema()).is_valid(gold)
    assert Draft202012Validator(fmt.item_schema()).is_valid(_item(name))
    assert len(validate_gold(name, gold, unit).candidates) == 1


@pytest.mark.parametrize("name", NAMES)
def test_the_gold_compared_with_itself_scores(name):
    fmt = get_format(name)
    gold, unit, _, _ = EXAMPLES[name]
    (value,) = validate_gold(name, gold, unit).candidates
    reread = fmt.parse(gold, unit)  # the gold read as a model's answer (a cell reads every way it can)
    result = fmt.compare(reread, value, {})
    assert (result.E, result.e) == (1, 0.0)


@pytest.mark.parametrize("name", NAMES)
def test_a_right_answer_scores_and_fits_the_answer_schema(name):
    fmt = get_format(name)
    _, _, right, _ = EXAMPLES[name]
    assert Draft202012Validator(fmt.answer_schema(item=_item(name))).is_valid(right), right
    assert parse_prediction(right, name).status == "answered"
    score = score_item(_item(name), right)
    assert (score.E, score.status) == (1, "answered") and score.e < 1


@pytest.mark.parametrize("name", NAMES)
def test_a_wrong_answer_does_not_score(name):
    _, _, _, wrong = EXAMPLES[name]
    assert tuple(score_item(_item(name), wrong))[::2] == (0, "answered")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("refusal", [{"answer": None, "unit": None}, {"answer": "I don't know", "unit": None},
                                     '{"answer": null, "unit": null}', "unknown"])
def test_a_refusal_does_not_score_unless_the_premise_is_false(name, refusal):
    assert tuple(score_item(_item(name), refusal)) == (0, 1.0, "refused")
    assert tuple(score_item(_item(name, false_premise=True), refusal)) == (1, 0.0, "refused")
    _, _, right, _ = EXAMPLES[name]
    assert tuple(score_item(_item(name, false_premise=True), right))[:2] == (0, 1.0)


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_unparseable_not_a_refusal(name):
    assert score_item(_item(name), "The answer is somewhere over there.").status == "unparseable"


@pytest.mark.parametrize("name", NAMES)
def test_the_unit_clause_names_the_units_a_model_may_give(name):
    fmt = get_format(name)
    _, unit, _, _ = EXAMPLES[name]
    clause = fmt.unit_clause(unit)
    assert clause.endswith(".") and '"unit"' in clause
    if fmt.units:
        assert all(f'"{u}"' in clause for u in fmt.units), clause
    else:
        assert "null" in clause


@pytest.mark.parametrize("name", NAMES)
def test_a_prompt_carries_the_format_wording(name):
    fmt = get_format(name)
    gold, unit, _, _ = EXAMPLES[name]
    item = Item("x-1", "Z1", 1, "Z1-1", "v1", "eng", "Where?", name, gold, unit, [], False, None, {}, {}, "", "",
                "osm", {}, "snap")
    prompt = render(item, "T1")
    user = prompt.messages[1]["content"]
    assert fmt.unit_clause(unit) in user and fmt.description in user
    assert all(line in user for line in fmt.prompt_lines(prompt.schema))
    assert answer_instructions(fmt, unit, reasoning=False, schema=prompt.schema) in user
