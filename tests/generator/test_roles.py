"""Rendering of role values in questions: plurals, singulars, articles and possessives, on the KG's real categories."""

from __future__ import annotations

import re

import pytest

from kgbench.generator.roles import CategoryValue, plural, possessive, singular, with_article


@pytest.mark.parametrize("category, one, many", [
    ("atm", "ATM", "ATMs"),
    ("place of worship", "place of worship", "places of worship"),
    ("embassy", "embassy", "embassies"),
    ("gallery", "gallery", "galleries"),
    ("library", "library", "libraries"),
    ("supermarket shop", "supermarket", "supermarkets"),
    ("books shop", "bookshop", "bookshops"),
    ("shoes shop", "shoe shop", "shoe shops"),
    ("hairdresser shop", "hairdresser", "hairdressers"),
    ("convenience shop", "convenience store", "convenience stores"),
    ("fast food", "fast food restaurant", "fast food restaurants"),
    ("toilets", "public toilet", "public toilets"),
    ("bus stop", "bus stop", "bus stops"),
    ("tram stop", "tram stop", "tram stops"),
    ("county", "county", "counties"),
    ("city", "city", "cities"),
    ("bicycle rental", "bicycle rental station", "bicycle rental stations"),
    ("subway entrance", "subway entrance", "subway entrances"),
    ("church", "church", "churches"),
    ("bureau de change", "bureau de change", "bureaux de change"),
    ("doctors", "doctor's surgery", "doctor's surgeries"),
])
def test_singular_and_plural_of_real_categories(category, one, many):
    assert singular(category) == one
    assert plural(category) == many
    assert CategoryValue(category).name == many and CategoryValue(category).singular == one


@pytest.mark.parametrize("noun, expected", [
    ("ATM", "an ATM"), ("embassy", "an embassy"), ("hotel", "a hotel"), ("university", "a university"),
    ("hour", "an hour"), ("ice cream shop", "an ice cream shop"), ("one-way street", "a one-way street"),
    ("European city", "a European city"), ("umbrella", "an umbrella"), ("NGO", "an NGO"), ("UFO", "a UFO"),
])
def test_indefinite_article_follows_the_sound(noun, expected):
    assert with_article(noun) == expected


@pytest.mark.parametrize("name, expected", [
    ("Finland", "Finland's"), ("Texas", "Texas's"), ("the Bahamas", "the Bahamas'"),
    ("Solomon Islands", "Solomon Islands'"), ("United States", "United States'"), ("Helsinki", "Helsinki's"),
])
def test_possessive(name, expected):
    assert possessive(name) == expected


def test_empty_inputs_are_refused_by_name():
    with pytest.raises(ValueError, match="with_article"):
        with_article("")
    with pytest.raises(ValueError, match="possessive"):
        possessive("")


def test_every_category_of_the_snapshot_renders_as_plain_english(kg):
    """Every category of the real snapshot renders without the known faults of a naive last-word plural."""
    rows = kg.query("PREFIX kgb: <https://w3id.org/kgbench/ontology#> "
                    "SELECT DISTINCT ?c WHERE { ?x kgb:category ?c }")
    categories = sorted({r["c"].value for r in rows})
    assert len(categories) > 50, categories
    bad = []
    for c in categories:
        one, many = singular(c), plural(c)
        if (re.search(r"\b(atm|ATMS|ATMes)\b", many) or re.search(r"\bof \w+s$", many) and " of " in c
                or many.endswith(("ss", "sses", "letses", "shop shops")) and not c.endswith(("ss", "class"))
                or many == one or " shop shop" in many or many.endswith("ys") and many[-3] not in "aeiou"):
            bad.append((c, one, many))
        assert with_article(one).split(" ", 1)[0] in ("a", "an")
    assert not bad, bad
    assert plural("place of worship") in {plural(c) for c in categories}
    assert plural("atm") in {plural(c) for c in categories}


def test_a_name_shortened_within_its_country_never_becomes_a_namesakes_name(kg):
    """Austin, Minnesota asked within the United States is not "Austin" (Austin, Texas keeps that name)."""
    import dataclasses as dc

    from kgbench.generator.roles import named_within
    from kgbench.queries.template import load_template

    @dc.dataclass(frozen=True)
    class Named:
        iri: str
        name: str

    a9 = load_template("A9")
    austin = Named("https://w3id.org/kgbench/entity/geonames/5016884", "Austin, United States of America")
    perth = Named("https://w3id.org/kgbench/entity/geonames/2640354", "Perth (Scotland)")
    usa = Named("https://w3id.org/kgbench/entity/naturalearth/USA", "United States of America")
    gbr = Named("https://w3id.org/kgbench/entity/naturalearth/GBR", "United Kingdom")
    assert named_within(a9, {"A": austin, "B": usa}, kg)["A"].name == "Austin, Minnesota"
    assert named_within(a9, {"A": austin, "B": usa})["A"].name == "Austin"  # without the graph: the bare rule
    assert named_within(a9, {"A": perth, "B": gbr}, kg)["A"].name == "Perth (Scotland)"  # not its region's qualifier
