"""French grammar rules around names: articles, contractions, elision, locatives, agreement, periods, numbers."""

from __future__ import annotations

import re

import pytest
import yaml

from kgbench.languages import Name, get_language
from wordings import english, translations

FR = get_language("fra")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def state(text, code):
    return Name(text, "region", code, "", True)


def cat(key, one=False):
    one_text, many_text = FR.categories[key]
    return Name(one_text if one else many_text, "category_one" if one else "category", key)


def realize(text, **names):
    return FR.realize(text, names)


# ---------------------------------------------------------------- articles, contractions, elision

@pytest.mark.parametrize("name, expected, cats", [
    (country("France", "FRA"), "Voici la frontière de la France", {"ART_ADD"}),
    (country("Japon", "JPN"), "Voici la frontière du Japon", {"CONTR_CHG"}),
    (country("États-Unis", "USA"), "Voici la frontière des États-Unis", {"CONTR_CHG"}),
    (country("Bahamas", "BHS"), "Voici la frontière des Bahamas", {"CONTR_CHG"}),
    (country("Pays-Bas", "NLD"), "Voici la frontière des Pays-Bas", {"CONTR_CHG"}),
    (country("Italie", "ITA"), "Voici la frontière de l'Italie", {"ART_ADD"}),
    (country("Angola", "AGO"), "Voici la frontière de l'Angola", {"ART_ADD"}),
    (country("Irak", "IRQ"), "Voici la frontière de l'Irak", {"ART_ADD"}),
    (country("Israël", "ISR"), "Voici la frontière d'Israël", {"ELISION"}),
    (country("Cuba", "CUB"), "Voici la frontière de Cuba", set()),
    (country("Myanmar (Birmanie)", "MMR"), "Voici la frontière du Myanmar (Birmanie)", {"CONTR_CHG"}),
    (state("Texas", "US-TX"), "Voici la frontière du Texas", {"CONTR_CHG"}),
    (state("Ohio", "US-OH"), "Voici la frontière de l'Ohio", {"ART_ADD"}),
    (state("Californie", "US-CA"), "Voici la frontière de la Californie", {"ART_ADD"}),
    (Name("Oulu", "place"), "Voici la frontière d'Oulu", {"ELISION"}),
    (Name("Helsinki", "place"), "Voici la frontière de Helsinki", set()),
    (Name("Le Havre", "place"), "Voici la frontière du Havre", {"CONTR_CHG"}),
    (Name("Les Sables-d'Olonne", "place"), "Voici la frontière des Sables-d'Olonne", {"CONTR_CHG"}),
    (Name("La Haye", "place"), "Voici la frontière de La Haye", set()),
    (Name("Austin, Texas", "place"), "Voici la frontière d'Austin, Texas", {"ELISION"}),
    (Name("Hesburger (Kasarmikatu)", "feature"), "Voici la frontière de Hesburger (Kasarmikatu)", set()),
])
def test_de(name, expected, cats):
    r = realize("Voici la frontière de {B}", B=name)
    assert r.text == expected
    assert set(r.categories) - {"NO_CHANGE"} == cats


@pytest.mark.parametrize("name, expected", [
    (country("Japon", "JPN"), "Voici proche au Japon"),
    (country("États-Unis", "USA"), "Voici proche aux États-Unis"),
    (country("France", "FRA"), "Voici proche à la France"),
    (country("Italie", "ITA"), "Voici proche à l'Italie"),
    (Name("Le Mans", "place"), "Voici proche au Mans"),
    (Name("Paris", "place"), "Voici proche à Paris"),
])
def test_a_contracts(name, expected):
    assert realize("Voici proche à {B}", B=name).text == expected


@pytest.mark.parametrize("name, expected, cat_", [
    (country("France", "FRA"), "Il vit en France.", None),
    (country("Iran", "IRN"), "Il vit en Iran.", None),
    (country("Japon", "JPN"), "Il vit au Japon.", "CONTR_CHG"),
    (country("États-Unis", "USA"), "Il vit aux États-Unis.", "CONTR_CHG"),
    (country("Émirats arabes unis", "ARE"), "Il vit aux Émirats arabes unis.", "CONTR_CHG"),
    (country("Philippines", "PHL"), "Il vit aux Philippines.", "CONTR_CHG"),
    (country("Cuba", "CUB"), "Il vit à Cuba.", "ADP_CHG"),
    (country("Israël", "ISR"), "Il vit en Israël.", None),
    (country("Barbade", "BRB"), "Il vit à la Barbade.", "ADP_CHG"),
    (country("Territoires palestiniens", "PSE"), "Il vit dans les Territoires palestiniens.", "ADP_CHG"),
    (state("Texas", "US-TX"), "Il vit au Texas.", "CONTR_CHG"),
    (state("Californie", "US-CA"), "Il vit en Californie.", None),
    (state("New York", "US-NY"), "Il vit dans l'État de New York.", "OTHER"),
    (Name("Paris", "place"), "Il vit à Paris.", "ADP_CHG"),
    (Name("Le Havre", "place"), "Il vit au Havre.", "CONTR_CHG"),
    (Name("Travis County, Texas", "county"), "Il vit dans Travis County, Texas.", "ADP_CHG"),
])
def test_locative_en(name, expected, cat_):
    r = realize("Il vit en {B}.", B=name)
    assert r.text == expected
    if cat_ is None:
        assert r.categories == ("NO_CHANGE",)
    else:
        assert cat_ in r.categories


def test_unknown_country_gets_no_article_and_stays_whole():
    akrotiri = Name("Akrotiri", "country", "XAK", "Akrotiri", False)
    r = realize("Voici entre {A} et {B}", A=akrotiri, B=country("Chypre", "CYP"))
    assert r.text == "Voici entre Akrotiri et Chypre"
    assert realize("Voici la limite de {A}", A=akrotiri).text == "Voici la limite d'Akrotiri"
    assert realize("Il vit en {A}.", A=akrotiri).text == "Il vit en Akrotiri."


def test_article_added_and_capitalized_at_sentence_start():
    r = realize("{A} et {B} sont-ils voisins ? {C} est grand.", A=country("Italie", "ITA"),
                B=country("Suisse", "CHE"), C=country("Japon", "JPN"))
    assert r.text == "L'Italie et la Suisse sont-ils voisins ? Le Japon est grand."
    assert r.categories == ("ART_ADD",)


def test_que_elides_before_a_vowel():
    assert realize("Est-ce que {A} touche {B} ?", A=Name("Oulu", "place"),
                   B=Name("Kotka", "place")).text == "Est-ce qu'Oulu touche Kotka ?"
    assert realize("Est-ce que {A} touche {B} ?", A=country("Italie", "ITA"),
                   B=country("Autriche", "AUT")).text == "Est-ce que l'Italie touche l'Autriche ?"


def test_plural_subject_takes_a_plural_verb():
    r = realize("Est-ce que {A} est limitrophe de {B} ?", A=country("États-Unis", "USA"), B=country("Canada", "CAN"))
    assert r.text == "Est-ce que les États-Unis sont limitrophes du Canada ?"
    assert "AGR_CHG" in r.categories
    # a plural name after a preposition is not the subject
    r = realize("Est-ce que la superficie de {A} est grande ?", A=country("Pays-Bas", "NLD"))
    assert r.text == "Est-ce que la superficie des Pays-Bas est grande ?"


def test_events_take_their_article_and_agreement():
    katrina = Name("ouragan Katrina (2005)", "event", "Hurricane")
    fred = Name("tempête tropicale Fred (2021)", "event", "Tropical Storm")
    quake = Name("séisme us1000ce18", "event", "earthquake")
    assert realize("Voici la trajectoire de {E}", E=katrina).text == "Voici la trajectoire de l'ouragan Katrina (2005)"
    assert realize("Voici la trajectoire de {E}", E=quake).text == "Voici la trajectoire du séisme us1000ce18"
    assert realize("Quels pays {E} a-t-il touchés ?", E=fred).text == \
        "Quels pays la tempête tropicale Fred (2021) a-t-elle touchés ?"
    wind = Name(FR.texts["event.wind field"].format(storm=FR.texts["event.Hurricane"].format(name="Florence",
                                                                                               year=2018)),
                "event", "wind field")
    assert realize("Est-ce que {A} touche la France ?", A=wind).text == \
        "Est-ce que le champ de vent de l'ouragan Florence (2018) touche la France ?"


# ---------------------------------------------------------------- categories

def test_category_gender_agreement():
    assert realize("Quels {A} sont proches ?", A=cat("pharmacy")).text == "Quelles pharmacies sont proches ?"
    assert realize("Quels {A} sont proches ?", A=cat("cafe")).text == "Quels cafés sont proches ?"
    assert realize("Combien de {A} ?", A=cat("hotel")).text == "Combien d'hôtels ?"
    assert realize("Combien de {A} ?", A=cat("school")).text == "Combien d'écoles ?"
    assert realize("Nommez tous les {A} situés ici.", A=cat("bakery shop")).text == \
        "Nommez toutes les boulangeries situées ici."
    r = realize("Voici le {A_one} le plus proche de {B}", A_one=cat("pharmacy", True), B=Name("Kiasma", "feature"))
    assert r.text == "Voici la pharmacie la plus proche de Kiasma"
    assert set(r.categories) == {"ART_CHG", "AGR_CHG"}
    assert realize("Voici le {A_one} le plus proche", A_one=cat("hotel", True)).text == "Voici l'hôtel le plus proche"
    assert realize("Voici le deuxième {A_one} le plus proche", A_one=cat("city", True)).text == \
        "Voici la deuxième ville la plus proche"
    assert realize("Quel {A_one} est-ce ?", A_one=cat("library", True)).text == "Quelle bibliothèque est-ce ?"
    r = realize("Parmi les {A} de {B}, lequel est au nord ?", A=cat("city"), B=country("Italie", "ITA"))
    assert r.text == "Parmi les villes de l'Italie, laquelle est au nord ?"


def test_direction_contracts_with_au():
    east = Name(FR.compass["east"], "direction", "east")
    north = Name(FR.compass["north"], "direction", "north")
    assert realize("Voici le plus au {direction}", direction=east).text == "Voici le plus à l'est"
    assert realize("Voici le plus au {direction}", direction=north).text == "Voici le plus au nord"


# ---------------------------------------------------------------- values

def test_period():
    assert FR.period("2018-02", "2018-02") == "en février 2018"
    assert FR.period("2005-07", "2005-10") == "entre juillet et octobre 2005"
    assert FR.period("2018-02-01", "2018-02-07") == "entre le 1er et le 7 février 2018"
    assert FR.period("2018-01-31", "2018-02-07") == "entre le 31 janvier 2018 et le 7 février 2018"
    assert FR.period("2005-11", "2006-02") == "entre novembre 2005 et février 2006"
    assert FR.period("1988-08", "1988-08") == "en août 1988"


def test_number():
    assert FR.number(0.2) == "0,2"
    assert FR.number(5.0) == "5"
    assert FR.number(12) == "12"


# ---------------------------------------------------------------- every wording

def test_every_wording_fills_every_placeholder():
    import itertools
    eng = english()
    tr = translations("fra")
    names = {"country": [country("États-Unis", "USA"), country("Italie", "ITA"), country("Japon", "JPN")],
             "region": [state("Texas", "US-TX"), state("Ohio", "US-OH")],
             "place": [Name("Oulu", "place"), Name("Le Havre", "place")],
             "feature": [Name("Hesburger (Kasarmikatu)", "feature")],
             "event": [Name("ouragan Katrina (2005)", "event", "Hurricane")]}
    kind_of = {"Country": "country", "AdminArea": "region", "PopulatedPlace": "place", "Event": "event"}
    for t in eng:
        for st in t["sub_templates"]:
            for vid in st["variants"]:
                text = tr[vid]
                for i in range(2):
                    values = {}
                    for m in re.finditer(r"\{([A-Za-z][A-Za-z0-9_]*)(?::[^{}]*)?\}", text):
                        n = m.group(1)
                        base = n[:-4] if n.endswith("_one") else n
                        role = t["roles"].get(base)
                        if role is not None and role.get("kind") == "category":
                            key = (role.get("categories") or ["pharmacy"])[0]
                            values[n] = cat(key, n != base)
                        elif role is not None:
                            kinds = [kind_of.get(c, "feature") for c in role["classes"]]
                            pool = list(itertools.chain(*(names[k] for k in kinds)))
                            values[n] = pool[i % len(pool)]
                        elif n == "direction":
                            values[n] = Name("est", "direction", "east")
                        else:
                            values[n] = Name("5", "number")
                    r = FR.realize(text, values)
                    assert "{" not in r.text and "}" not in r.text, vid
                    assert r.text[:1].isupper(), vid
                    assert " de le " not in r.text and " à le " not in r.text and " de les " not in r.text, vid
                    assert not re.search(r"\bde [AEIOUÉ]", r.text.replace("de Hesburger", "")), (vid, r.text)


def test_pronouns_of_a_feminine_category_agree_across_the_sentence():
    r = realize("Quels {A} sont proches de {B} ? Considérez ceux à 5 km et énumérez tous ceux qui restent ; "
                "seuls ceux-là comptent.", A=cat("pharmacy"), B=Name("Kiasma", "feature"))
    assert r.text == ("Quelles pharmacies sont proches de Kiasma ? Considérez celles à 5 km et énumérez toutes "
                      "celles qui restent ; seules celles-là comptent.")
    assert "AGR_CHG" in r.categories
    # a masculine category changes nothing
    r = realize("Quels {A} sont proches ? Considérez ceux à 5 km.", A=cat("cafe"))
    assert r.text == "Quels cafés sont proches ? Considérez ceux à 5 km."
    assert r.categories == ("NO_CHANGE",)


def test_locality_sentence_reads_as_french():
    from kgbench.generator.roles import locality_sentence
    assert locality_sentence([("Kiasma", "central Helsinki, Finland")], 1, FR.texts) == \
        "Tous les lieux cités se trouvent dans le centre d'Helsinki, en Finlande."
    places = [("Kiasma", "Karhula, a district of Kotka, Finland"), ("Oulu", "central Helsinki, Finland")]
    assert locality_sentence(places, 2, FR.texts).startswith(
        "Kiasma se trouve à Karhula, un quartier de Kotka, en Finlande.")


def test_best_track_translated_with_article():
    a = Name("the best track of Hurricane Ike (2008)", "event", None, "", False)
    b = Name("the best track of Tropical Storm Mindy (2003)", "event", None, "", False)
    r = realize("En combien de points s'intersectent {A} et {B} ?", A=a, B=b)
    assert r.text == ("En combien de points s'intersectent la meilleure trajectoire de l'ouragan Ike (2008) et "
                      "la meilleure trajectoire de la tempête tropicale Mindy (2003) ?")


def test_label_fixes_west_virginia_and_us_qualifiers():
    county = Name("Tyler County, Virginia occidentale", "county", None, "", True)
    assert realize("Est-ce que {A} touche {B} ?", A=county, B=state("Virginia occidentale", "US-WV")).text == (
        "Est-ce que Tyler County, Virginie-Occidentale touche la Virginie-Occidentale ?")
    assert realize("La limite de {B}", B=state("Géorgie (U.S. state)", "US-GA")).text == (
        "La limite de la Géorgie (État des États-Unis)")
    assert realize("La limite de {B}", B=state("Porto Rico (U.S. territory)", "US-PR")).text == (
        "La limite de Porto Rico (territoire des États-Unis)")


def test_haiti_elides():
    assert realize("Quelle ville de {B} ?", B=country("Haïti", "HTI")).text == "Quelle ville d'Haïti ?"
    assert realize("Est-ce que {A} se trouve en {B} ?", A=Name("Delmas", "place"),
                   B=country("Haïti", "HTI")).text == "Est-ce que Delmas se trouve en Haïti ?"
