"""A qualified gold name also accepts its bare name when no other candidate of the question answers to it."""

from __future__ import annotations

import pytest
from pyoxigraph import Literal, NamedNode

from kgbench.generator.aliases import bare_name_aliases
from kgbench.generator.sampling import entity_index
from kgbench.evaluation.scoring import score_item

ENTITY = "Entity name (single)"
SET = "Set enumeration"
DANVILLE_KY, DANVILLE_VA, PARIS = "geonames/4289445", "geonames/4755280", "geonames/2988507"


@pytest.fixture(scope="module")
def index(kg):
    return entity_index(kg)


def cand(index, key):
    return index[f"https://w3id.org/kgbench/entity/{key}"]


def _other_same_category_namesakes(kg, name: str, bare: str) -> int:
    """Count, independently of aliases.py, the entities other than ``name``'s that share its category and bare name."""
    rows = kg.query("""SELECT ?o ?on ?ob WHERE { ?e kgb:canonicalName ?n ; kgb:category ?c . ?o kgb:category ?c ;
                       kgb:canonicalName ?on OPTIONAL { ?o kgb:baseName ?ob } FILTER(?o != ?e) }""",
                    bindings={"n": Literal(name)})
    return sum(1 for r in rows if bare in (r["on"].value, r["ob"].value if "ob" in r else None))


def test_a_two_choice_answer_accepts_its_bare_name_when_the_other_option_differs(kg, index):
    ky, paris = cand(index, DANVILLE_KY), cand(index, PARIS)
    assert ky.name == "Danville, Kentucky"
    assert bare_name_aliases(kg, ENTITY, ky.name, {"A": ky, "B": paris}) == ["Danville"]


def test_no_bare_alias_when_another_option_shares_it(kg, index):
    ky, va = cand(index, DANVILLE_KY), cand(index, DANVILLE_VA)
    assert bare_name_aliases(kg, ENTITY, ky.name, {"A": ky, "B": va}) == []


def test_a_pool_answer_accepts_its_bare_name_only_when_unique_in_its_category(kg, index):
    paris = cand(index, PARIS)
    # "nearest city to Paris" drawing from all cities: there are other Danvilles, so no alias
    assert _other_same_category_namesakes(kg, "Danville, Kentucky", "Danville") > 0
    assert bare_name_aliases(kg, ENTITY, "Danville, Kentucky", {"C": paris}) == []
    # the hotel Carlton shares its name only with features of other categories: among hotels it is unique
    assert _other_same_category_namesakes(kg, "Carlton (hotel)", "Carlton") == 0
    assert bare_name_aliases(kg, ENTITY, "Carlton (hotel)", {"C": paris}) == ["Carlton"]
    assert bare_name_aliases(kg, ENTITY, "Paris", {"C": paris}) == []  # a bare gold needs no alias


def test_set_members_get_alias_maps(kg, index):
    paris = cand(index, PARIS)
    got = bare_name_aliases(kg, SET, ["Danville, Kentucky", "Carlton (hotel)", "Paris"], {"C": paris})
    assert got == [{"Carlton (hotel)": ["Carlton"]}]


def test_scoring_accepts_the_bare_name_alias(kg, index):
    ky, paris = cand(index, DANVILLE_KY), cand(index, PARIS)
    acceptable = bare_name_aliases(kg, ENTITY, ky.name, {"A": ky, "B": paris})
    item = {"id": "q", "answer_format": ENTITY, "answer": ky.name, "unit": None, "acceptable": acceptable}
    assert score_item(item, {"answer": "Danville"}).E == 1
    assert score_item(item, {"answer": "Danville, Kentucky"}).E == 1
    assert score_item({**item, "acceptable": []}, {"answer": "Danville"}).E == 0
    sets = bare_name_aliases(kg, SET, ["Carlton (hotel)", "Paris"], {"C": paris})
    item = {"id": "s", "answer_format": SET, "answer": ["Carlton (hotel)", "Paris"], "unit": None, "acceptable": sets}
    assert score_item(item, {"answer": ["Carlton", "Paris"]}).E == 1


def test_generated_items_carry_bare_aliases_of_qualified_choices(kg):
    from kgbench import generate  # with the evaluation checks, as released
    from kgbench.generator.generate import GenerationReport

    items = generate("A4", kg, seed=3, per_stratum=4, report=GenerationReport("A4"))
    assert items
    checked = 0
    for it in items:
        if it.false_premise:
            continue
        rows = list(kg.query("SELECT ?b WHERE { ?e kgb:canonicalName ?n ; kgb:baseName ?b }",
                             bindings={"n": Literal(it.answer)}))
        if not rows:
            continue
        bare = rows[0]["b"].value
        others = [e for e in it.entities.values() if e["name"] != it.answer]
        names = [e["name"] for e in others] + [r["b"].value for e in others for r in kg.query(
            "SELECT ?b WHERE { ?e kgb:baseName ?b }", bindings={"e": NamedNode(e["iri"])})]
        clash = any(o.casefold() == bare.casefold() for o in names)
        assert (bare in it.acceptable) == (not clash), (it.question, it.answer, it.acceptable)
        checked += 1
    assert checked >= 1, "no A4 item with a qualified gold name: the test checked nothing"
