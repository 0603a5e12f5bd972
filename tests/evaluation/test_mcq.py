"""Multiple choice (T1-mcq, T1-mcq-context) on real items of every answer format, and the place context.

Every option is judged by the scorer (:func:`kgbench.evaluation.scoring.score_item`), never by the distractor
code: the gold option scores right, every distractor and the refusal option wrong, and no two options would
credit each other. Distances in the place context are checked against pyproj's geodesic.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter

import jsonschema
import pyproj
import pytest

from kgbench.evaluation.choice_scoring import read_letter
from kgbench.evaluation.choices import (LETTERS, balanced_positions, make_choices, needs_kg, option_count)
from kgbench.evaluation.evaluate import evaluate
from kgbench.evaluation.formats import FORMATS, get_format, name_key
from kgbench.evaluation.places import Neighbour, PlaceIndex, place_context
from kgbench.evaluation.prompts import render, render_dataset
from kgbench.evaluation.scoring import score_item
from kgbench.languages import ENGLISH_TEXTS, get_language
from kgbench.queries.template import load_template, template_ids

#: templates whose items cover the fifteen formats (M2 gives cells, geohashes and points; J2-J4 every direction
#: family)
TEMPLATES = ("A1", "I4", "B1", "K5", "C1", "A4", "J2", "J3", "J4", "B2", "H2", "M2", "H3", "N1", "M1", "N2", "I3")
PER_FORMAT = 8
GEOD = pyproj.Geod(ellps="WGS84")


@pytest.fixture(scope="module")
def by_format(made):
    made.prefetch(TEMPLATES + ("F1", *_compared_templates()))  # in worker processes, two at a time
    out: dict[str, list] = {}
    for tid in TEMPLATES:
        for item in made(tid)[0]:
            out.setdefault(item.answer_format, []).append(item)
    return out


@pytest.fixture(scope="module")
def index(kg):
    return PlaceIndex(kg)


def _sample(items, k=PER_FORMAT):
    """Return up to ``k`` answerable items and two false-premise ones: generated ones where the format's templates
    make them (12 templates do), else an answerable item with its premise flagged false (the shape they have:
    no answer, the refusal the gold)."""
    answerable = [it for it in items if not it.false_premise][:k]
    premise = [it for it in items if it.false_premise][:2] or [dataclasses.replace(
        answerable[0], id=answerable[0].id + "-fp", false_premise=True, answer=None, acceptable=[])]
    return answerable + premise


def _scores(item, choices):
    return [score_item(item.to_dict(), {"answer": o.answer, "unit": o.unit}).E for o in choices.options]


@pytest.mark.parametrize("name", list(FORMATS))
def test_every_format_gets_distinct_options_with_the_gold_once_and_every_distractor_wrong(name, by_format, index):
    items = by_format.get(name)
    assert items, f"no generated item of {name}: add a template of it to TEMPLATES"
    fmt = get_format(name)
    for item in _sample(items):
        for n in (2, 4, 7):
            c = make_choices(item, n, seed=0, index=index)
            k = option_count(item, n)
            assert len(c.options) == k + 1 and c.letters == list(LETTERS[:k + 1])
            assert c.options[-1].refusal and c.options[-1].text == ENGLISH_TEXTS["prompt.none_option"]
            assert len({o.text for o in c.options}) == len(c.options), [o.text for o in c.options]
            right = [o.letter for o, E in zip(c.options, _scores(item, c)) if E]
            if item.false_premise:  # only the refusal option is right (to the scorer, a refusal)
                assert right == [c.gold_option] == [c.options[-1].letter]
            else:
                assert right == [c.gold_option], (item.id, n, [o.text for o in c.options])
            shown = [o for o in c.options if not o.refusal]
            for a in shown:  # no option would credit another: each is wrong with another as the gold
                for b in shown:
                    if a is not b:
                        other = {**item.to_dict(), "answer": b.answer, "unit": b.unit, "acceptable": [],
                                 "false_premise": False}
                        assert score_item(other, {"answer": a.answer, "unit": a.unit}).E == 0, (a.text, b.text)
                value = fmt.parse(a.answer, a.unit)
                if fmt.slug in ("distance", "area", "count", "ratio"):
                    assert value >= 0
                if fmt.slug == "count":
                    assert float(value).is_integer()
                if fmt.slug == "set" and item.answer:
                    assert len(value) >= 1, "an empty set beside a non-empty gold is no plausible option"


def test_options_count_2_to_7_and_smaller_domains(by_format, index):
    item = next(it for it in by_format["Distance"] if not it.false_premise)
    for n in range(2, 8):
        assert len(make_choices(item, n, index=index).options) == n + 1
    for bad in (1, 8):
        with pytest.raises(ValueError, match="2..7"):
            make_choices(item, bad, index=index)
    boolean = next(it for it in by_format["Boolean / ternary"] if not it.false_premise)
    assert len(make_choices(boolean, 7, index=index).options) == 4  # true, false, plausibly + refusal
    flow = [it for it in by_format["Predefined / cardinal direction"] if it.answer in ("upstream", "downstream")]
    for it in flow:
        assert [o.text for o in make_choices(it, 4, index=index).options][:2] in (
            ["upstream", "downstream"], ["downstream", "upstream"])


def test_same_seed_same_options_another_seed_other_ones(by_format, index):
    items = [it for name in ("Distance", "Entity name (single)", "Set enumeration", "Date") for it in
             _sample(by_format[name], 4)]
    first = [make_choices(it, 4, seed=3, index=index) for it in items]
    again = [make_choices(it, 4, seed=3, index=index) for it in reversed(items)][::-1]
    other = [make_choices(it, 4, seed=4, index=index) for it in items]
    assert first == again
    assert any(a.options != b.options for a, b in zip(first, other))


def test_gold_positions_are_balanced_over_a_real_dataset(by_format, index):
    items = [it for its in by_format.values() for it in its]
    four = [it for it in items if option_count(it, 4) == 4 and not it.false_premise]
    assert len(four) >= 40
    positions = balanced_positions(four, 4, seed=0)
    rows = render_dataset(four, "T1-mcq", n_options=4, seed=0, kg=index)
    shares = Counter(r["metadata"]["gold_option"] for r in rows)
    assert set(shares) == set("ABCD"), shares
    assert all(0.2 <= shares[x] / len(rows) <= 0.3 for x in "ABCD"), shares
    # the letter is the dealt position, and every group of the same option count is dealt evenly
    assert all(r["metadata"]["gold_option"] == LETTERS[positions[r["id"]]] for r in rows)
    everything = balanced_positions(items, 4, seed=0)
    for k in {option_count(it, 4) for it in items}:
        dealt = Counter(everything[it.id] for it in items if option_count(it, 4) == k)
        assert max(dealt.values()) - min(dealt.values()) <= 1 and len(dealt) == k


def test_the_prompt_lists_every_option_the_policy_and_a_letter_schema(by_format, index):
    item = next(it for it in by_format["Entity name (single)"] if not it.false_premise)
    p = render(item, "T1-mcq", n_options=5, seed=1, kg=index)
    user = p.messages[1]["content"]
    options = p.metadata["options"]
    assert [o["letter"] for o in options] == list("ABCDEF") and p.metadata["gold_option"] in "ABCDE"
    for o in options:
        assert f"{o['letter']}. {o['text']}" in user
    assert "the correct option is F." in user and "None of these" in options[-1]["text"]
    jsonschema.validate({"answer": "C", "unit": None}, p.schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"answer": "G", "unit": None}, p.schema)
    assert json.dumps(p.schema, ensure_ascii=False) in user
    with pytest.raises(ValueError, match="knowledge graph"):
        render(item, "T1-mcq")
    assert needs_kg(item) and not needs_kg(next(it for it in by_format["Distance"] if not it.false_premise))


def test_scoring_accuracy_confusion_and_chance(by_format, index):
    items = _sample(by_format["Distance"], 6) + _sample(by_format["Boolean / ternary"], 4)
    rows = render_dataset(items, "T1-mcq", n_options=4, seed=0, kg=index)
    preds, right = [], 0
    for n, r in enumerate(rows):
        meta = r["metadata"]
        letters = [o["letter"] for o in meta["options"]]
        wrong = next(x for x in letters if x != meta["gold_option"])
        answer = meta["gold_option"].lower() + ")" if n % 2 == 0 else wrong
        right += n % 2 == 0
        preds.append({"id": r["id"], "answer": answer, "unit": None, "options": meta["options"],
                      "gold_option": meta["gold_option"]})
    preds[-1] = {**preds[-1], "answer": "the second one"}  # names no letter
    right -= (len(rows) - 1) % 2 == 0
    result = evaluate([it.to_dict() for it in items], preds)
    mc = result.choices
    assert mc.n == len(items) and mc.accuracy == pytest.approx(right / len(items))
    assert mc.chance == pytest.approx(sum(1 / len(r["metadata"]["options"]) for r in rows) / len(rows))
    assert sum(sum(row.values()) for row in mc.confusion.values()) == len(items)
    assert sum(mc.confusion[g].get(g, 0) for g in mc.confusion) == right
    assert mc.confusion[rows[-1]["metadata"]["gold_option"]].get("-", 0) >= 1
    assert "multiple choice: accuracy" in result.to_table() and "chance" in result.to_table()
    assert json.loads(result.to_json())["multiple_choice"]["confusion"] == mc.confusion
    # a record whose gold letter does not fit the item is not trusted: unparseable, with a warning
    bad = dict(preds[0], gold_option=next(x for x in "ABCD" if x != preds[0]["gold_option"]))
    again = evaluate([items[0].to_dict()], [bad])
    assert again.items[0].status == "unparseable" and "do not fit" in again.warnings[0]


def test_read_letter():
    assert [read_letter(x, "ABC") for x in ("A", " b.", "(C) far", "Option B", "D", None, "nothing")] == [
        "A", "B", "C", "B", None, None, None]


_POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
_NEAR = re.compile(r"(?:^|, )([^()]+?) \(([^)]*)\) ([\d.]+) km ([NESW]{1,3}|-)")


def test_place_context_names_category_tags_and_geodesic_neighbours(by_format, index, kg):
    item = next(it for it in by_format["Distance"] if it.template_id == "A1" and not it.false_premise)
    p = render(item, "T1-mcq-context", kg=index)
    user = p.messages[1]["content"]
    assert user.startswith(ENGLISH_TEXTS["prompt.context"]) and "closed world" in user
    assert "the correct option is E." in user
    for role in item.entities.values():
        assert f"- {role['name']} ({role['category']})" in user
        assert f"country: {role['country']}" in user
    checked = 0
    for line in user.splitlines():
        if not line.strip().startswith("nearest places:"):
            continue
        head = user.splitlines()[user.splitlines().index(line) - 1]
        name = head[2:head.index(" (")]
        iri = next(r["iri"] for r in item.entities.values() if r["name"] == name)
        here = _point(kg, iri)
        for other, _category, km, bearing in _NEAR.findall(line.split(": ", 1)[1]):
            there = [pt for pt in (_point(kg, r["e"].value) for r in kg.query(
                "SELECT ?e WHERE { ?e kgb:canonicalName ?n }", bindings={"n": _literal(other)})) if pt]
            if not there:
                continue  # a line or an area: its distance is to the nearest point of it, not checked here
            shown = float(km)
            assert any(abs(GEOD.inv(*here, *pt)[2] / 1000 - shown) <= max(0.006, 0.006 * shown) for pt in there), (
                other, km, [GEOD.inv(*here, *pt)[2] / 1000 for pt in there])
            azimuths = [GEOD.inv(*here, *pt)[0] % 360 for pt in there]
            assert bearing == "-" or any(min(abs(a - 22.5 * _POINTS.index(bearing)) % 360,
                                             360 - abs(a - 22.5 * _POINTS.index(bearing)) % 360) <= 11.25 + 1e-6
                                         for a in azimuths), (other, bearing, azimuths)
            checked += 1
    assert checked >= 5
    plain = render(item, "T1-context", kg=index)
    assert plain.messages[1]["content"].split("\n\nQuestion:")[0] == user.split("\n\nQuestion:")[0]
    assert plain.metadata["context_chars"] <= 2400 and "options" not in plain.metadata


def _literal(text):
    from pyoxigraph import Literal
    return Literal(text)


def _point(kg, iri):
    from pyoxigraph import NamedNode
    rows = list(kg.query("SELECT ?w WHERE { ?e geo:hasGeometry/geo:asWKT ?w }", bindings={"e": NamedNode(iri)}))
    m = re.match(r"\s*(?:<[^>]*>\s*)?POINT\s*\(\s*([-\d.eE]+)\s+([-\d.eE]+)\s*\)", rows[0]["w"].value)
    return (float(m.group(1)), float(m.group(2))) if m else None


def test_cli_render_run_and_evaluate_end_to_end(by_format, cache, tmp_path):
    """`prompts render --condition T1-mcq` -> `run` against a real local server -> `evaluate`: the letter is
    scored, and the accuracy, confusion and chance rate come out in the table and the JSON."""
    from click.testing import CliRunner
    from scripted_server import ScriptedServer

    from kgbench.cli import main
    from kgbench.generator.items import write_jsonl

    items = _sample(by_format["Distance"], 3) + _sample(by_format["Entity name (single)"], 3)
    write_jsonl(items, tmp_path / "items.jsonl")
    runner = CliRunner()

    def cli(*args):
        return runner.invoke(main, ["--cache-dir", str(cache), *map(str, args)], catch_exceptions=False)

    r = cli("prompts", "render", "--condition", "T1-mcq", "--options", "3", "--seed", "5", "--dataset",
            tmp_path / "items.jsonl", "--out", tmp_path / "p.jsonl")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    assert all(len(r["metadata"]["options"]) == 4 and r["metadata"]["seed"] == 5 for r in rows)
    assert cli("prompts", "render", "--condition", "T1-mcq", "--dataset", tmp_path / "items.jsonl", "--out",
               tmp_path / "p.jsonl").exit_code == 1  # no overwrite without --force
    assert cli("prompts", "render", "--condition", "T1-mcq", "--options", "8", "--dataset",
               tmp_path / "items.jsonl").exit_code == 2
    with ScriptedServer(responder=lambda request: {"content": '{"answer": "A", "unit": null}'}) as server:
        r = cli("run", "--prompts", tmp_path / "p.jsonl", "--out", tmp_path / "preds.jsonl", "--base-url",
                server.base_url, "--model", "m", "--api-key", "none")
        assert r.exit_code == 0, r.output
        assert server.requests[0]["response_format"]["json_schema"]["schema"]["properties"]["answer"] == {
            "enum": ["A", "B", "C", "D"]}
    r = cli("evaluate", "--dataset", tmp_path / "items.jsonl", "--predictions", tmp_path / "preds.jsonl", "--format",
            "json")
    assert r.exit_code == 0, r.output
    mc = json.loads(r.stdout)["multiple_choice"]
    golds = [row["metadata"]["gold_option"] for row in rows]
    assert mc["accuracy"] == pytest.approx(golds.count("A") / len(rows)) and mc["chance"] == pytest.approx(0.25)
    assert mc["confusion"] == {g: {"A": golds.count(g)} for g in sorted(set(golds))}
    table = cli("evaluate", "--dataset", tmp_path / "items.jsonl", "--predictions", tmp_path / "preds.jsonl").stdout
    assert "multiple choice: accuracy" in table and "(chance 0.250)" in table
    # items of another snapshot are refused with one line naming both snapshots
    other = [json.loads(line) | {"snapshot": "kgbench-other-000"} for line in
             (tmp_path / "items.jsonl").read_text().splitlines()]
    (tmp_path / "other.jsonl").write_text("".join(json.dumps(o) + "\n" for o in other))
    r = cli("prompts", "render", "--condition", "T1-mcq-context", "--dataset", tmp_path / "other.jsonl")
    assert r.exit_code == 1 and "kgbench-other-000" in r.output and len(r.output.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["Distance", "Entity name (single)", "Set enumeration", "Point coordinates"])
def test_an_acceptable_alternative_is_never_a_distractor(name, by_format, index):
    """A value the scorer credits through ``acceptable`` (a tie, an alias) is right: it must never be offered as a
    wrong option. Make each distractor of a real item acceptable in turn: it leaves the options, and still exactly
    one option scores right."""
    item = next(it for it in by_format[name] if not it.false_premise)
    before = make_choices(item, 4, seed=0, index=index)
    for option in before.options[:-1]:
        if option.letter == before.gold_option:
            continue
        tied = dataclasses.replace(item, acceptable=[*item.acceptable, option.answer])
        after = make_choices(tied, 4, seed=0, index=index)
        assert option.text not in [o.text for o in after.options]
        right = [o.letter for o, E in zip(after.options, _scores(tied, after)) if E]
        assert right == [after.gold_option]


def test_options_and_policy_in_the_items_language(by_format, index):
    from kgbench.languages import get_language

    item = dataclasses.replace(next(it for it in by_format["Distance"] if not it.false_premise), language="fra")
    p = render(item, "T1-mcq-context", kg=index)
    texts = get_language("fra").texts
    user = p.messages[1]["content"]
    assert p.messages[0]["content"] == texts["system.mcq"] and texts["prompt.options"] in user
    assert p.metadata["options"][-1]["text"] == texts["prompt.none_option"]
    assert texts["prompt.mcq_policy"].format(letter="E") in user and user.startswith(texts["prompt.context"])
    assert all(re.fullmatch(r"[\d.]+ km", o["text"]) for o in p.metadata["options"][:-1])  # no "1,250": 1.25 in fra


def _compared_templates():
    """Return the Entity-name templates without a category role: "which of X or Y ..." questions whose options
    are their own named entities, compared to a reference."""
    return [t for t in template_ids() if load_template(t).answer_format == "Entity name (single)"
            and not any(r.kind == "category" for r in load_template(t).roles.values())]


def test_the_compared_templates_are_found():
    assert {"A4", "A5"} <= set(_compared_templates())


@pytest.mark.parametrize("tid", _compared_templates())
def test_the_reference_entity_is_never_an_option(tid, made, index):
    """The anchor (A4's C, A5's A: what X and Y are compared to) is never offered, at 2 or 4 options; the
    compared entities always are, and at 2 options they are the options."""
    template = load_template(tid)
    anchor = template.sampling.anchor
    assert anchor, f"{tid} names no reference"
    items = made(tid)[0]
    assert items
    for item in items:
        compared = {name_key(r["name"]) for role, r in item.entities.items() if role != anchor}
        for n in (2, 4):
            shown = {name_key(o.text) for o in make_choices(item, n, index=index).options if not o.refusal}
            assert name_key(item.entities[anchor]["name"]) not in shown, (item.question, shown)
            if n == 2:
                assert shown == compared, (item.question, shown)
            else:
                assert compared <= shown, (item.question, shown)


def test_places_that_meet_an_entity_are_inside_or_on_its_border_not_at_0_km(made, index, kg):
    """A country's context lists the cities in it as "inside it", with neither distance nor direction; a city
    said inside a country has that country's ISO code (the KG's own kgb:country, computed when it was built)."""
    items = [it for it in made("F1")[0] if not it.false_premise]
    texts = ENGLISH_TEXTS
    inside = 0
    for item in items[:6]:
        text = place_context(item, index, texts)
        assert "0.00 km" not in text and " 0 km" not in text
        country = item.entities["B"]["iri"]
        iso = {r["i"].value for r in kg.query("SELECT ?i WHERE { ?c kgb:isoA3 ?i }", bindings={"c": _node(country)})}
        for n in index.neighbours(country, 5):
            if n.relation == "inside":
                inside += 1
                assert f"{n.name} ({n.category}) {texts['context.inside']}" in text
                facts = dict(index.facts(n.iri))
                assert facts.get("country") in iso, (n.name, facts.get("country"), iso)
    assert inside >= 3


def test_a_neighbour_that_meets_says_how():
    texts = ENGLISH_TEXTS
    def near(relation, bearing="NE"):
        return Neighbour("x", "Y", "city", 0.0 if relation else 3.2, bearing, relation)
    from kgbench.evaluation.places import _near
    assert _near(near("inside"), texts) == "Y (city) inside it"
    assert _near(near("contains"), texts) == "Y (city) containing it"
    assert _near(near("border"), texts) == "Y (city) on its border NE"
    assert _near(near("border", "-"), texts) == "Y (city) on its border"
    assert _near(near(None), texts) == "Y (city) 3.20 km NE"
    assert get_language("fra").texts["context.inside"] != texts["context.inside"]


def _node(iri):
    from pyoxigraph import NamedNode
    return NamedNode(iri)
