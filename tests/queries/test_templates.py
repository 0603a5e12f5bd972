"""Templates as data: every shipped file validates; broken files fail naming the file and the field."""

from __future__ import annotations

import pytest

from kgbench.queries.template import TemplateError, load_template, load_template_file, template_ids, validate_templates


@pytest.mark.parametrize("tid", template_ids())
def test_shipped_template_is_valid(tid):
    t = load_template(tid)
    assert t.id == tid and t.sub_templates and t.roles
    for sub in t.sub_templates:
        for v in sub.variants:
            named = {p[:-4] if p.endswith("_one") and t.roles.get(p[:-4]) else p for p in v.placeholders()}
            assert named >= set(t.roles), (sub.id, v.id)


def test_validate_reports_nothing_for_shipped_templates():
    assert validate_templates() == []


def _broken(tmp_path, old, new, name="A1.yaml"):
    text = load_template("A1").path.read_text().replace(old, new)
    assert text != load_template("A1").path.read_text() or old == new
    p = tmp_path / name
    p.write_text(text)
    return p


@pytest.mark.parametrize("old,new,field", [
    ("answer_format: Distance", "answer_format: Furlongs", "answer_format"),
    ("version: 1", "version: one", "version"),
    ("What is the distance between {A} and {B}?", "What is the distance between {A} and {C}?",
     "sub_templates/0/variants/0/text"),
    ("How far is {A} from {B}?", "How far is {A} from here?", "sub_templates/0/variants/1/text"),
    ("geof:distance(?wktA", "geof:nosuchfunction(?wktA", "query/answer"),
    ("SELECT ?A ?B ?answer WHERE", "SELECT ?A ?B ?answer WHER", "query/answer"),
    ("SELECT ?A ?B ?answer WHERE", "SELECT ?A ?answer WHERE", "query/answer"),
    ("    CONSTRUCT {\n", "    SELECT * WHERE { ?x ?y ?z }\n    #\n", "query/gold"),
    ("    description: a named place (point of interest or populated place)\n",
     "    description: a named place (point of interest or populated place)\n    named_within: Z\n",
     "roles/A/named_within"),
    ("    description: a named place (point of interest or populated place)\n",
     "    description: a named place (point of interest or populated place)\n    named_within: A\n",
     "roles/A/named_within"),
])
def test_broken_template_names_file_and_field(tmp_path, old, new, field):
    p = _broken(tmp_path, old, new)
    with pytest.raises(TemplateError) as exc:
        load_template_file(p)
    assert str(p) in str(exc.value) and f"field {field}" in str(exc.value)
    assert validate_templates([p]) and str(p) in validate_templates([p])[0]


def test_file_name_must_match_id(tmp_path):
    p = _broken(tmp_path, "id: A1", "id: A1", name="A2.yaml")
    with pytest.raises(TemplateError, match="field id"):
        load_template_file(p)


def test_bad_yaml_and_missing_file(tmp_path):
    p = tmp_path / "A1.yaml"
    p.write_text("id: [unclosed\n")
    with pytest.raises(TemplateError, match="not valid YAML"):
        load_template_file(p)
    with pytest.raises(TemplateError, match="not found"):
        load_template_file(tmp_path / "B9.yaml")


def test_a_template_with_several_gold_queries_compiles_each_with_the_bindings():
    from pyoxigraph import Literal, NamedNode

    t = load_template("D1")
    bindings = {"A": Literal("county"), "B": NamedNode("http://ex.org/storm")}
    queries = t.compile_gold(bindings)
    assert len(queries) == len(t.gold_queries) == 2
    assert all(q.count('VALUES (?A ?B) { ("county" <http://ex.org/storm>) }') == 1 for q in queries)
    with pytest.raises(ValueError, match="compile_gold"):
        t.compile(bindings, "gold")


def test_unsatisfiable_is_a_field_not_a_note(tmp_path):
    text = load_template("A1").path.read_text()
    p = tmp_path / "A1.yaml"
    p.write_text(text.rstrip("\n") + "\nunsatisfiable: no such places in the snapshot\n")
    assert load_template_file(p).unsatisfiable == "no such places in the snapshot"
    assert load_template("A1").unsatisfiable is None
    p.write_text(text.rstrip("\n") + "\nnotes: |\n  unsatisfiable: no such places\n")
    with pytest.raises(TemplateError, match="field notes"):
        load_template_file(p)
    p.write_text(text.rstrip("\n") + "\nunsatisfiable: ''\n")
    with pytest.raises(TemplateError, match="unsatisfiable"):
        load_template_file(p)
