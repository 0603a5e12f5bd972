"""Italian grammar rules around names: articles, articulated prepositions, locatives, agreement, periods."""

from __future__ import annotations

import itertools
import re

import pytest
import yaml

from kgbench.languages import Name, get_language
from kgbench.languages.ita import article_for
from wordings import english, translations

IT = get_language("ita")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def state(text, code):
    return Name(text, "region", code, "", True)


def cat(key, one=False):
    one_text, many_text = IT.categories[key]
    return Name(one_text if one else many_text, "category_one" if one else "category", key)


def realize(text, **names):
    return IT.realize(text, names)


@pytest.mark.parametrize("text, gender, plural, expected", [
    ("Giappone", "m", False, "il"), ("Yemen", "m", False, "lo"), ("Sri Lanka", "m", False, "lo"),
    ("Zimbabwe", "m", False, "lo"), ("Iran", "m", False, "l'"), ("Honduras", "m", False, "l'"),
    ("Francia", "f", False, "la"), ("Italia", "f", False, "l'"), ("Stati Uniti", "m", True, "gli"),
    ("Paesi Bassi", "m", True, "i"), ("Emirati Arabi Uniti", "m", True, "gli"), ("Filippine", "f", True, "le"),
    ("Utah", "m", False, "lo"), ("studio", "m", False, "lo"), ("hotel", "m", True, "gli"),
])
def test_article_for(text, gender, plural, expected):
    assert article_for(text, gender, plural) == expected


@pytest.mark.parametrize("name, expected, cats", [
    (country("Francia", "FRA"), "Il confine della Francia", {"CONTR_CHG"}),
    (country("Giappone", "JPN"), "Il confine del Giappone", {"CONTR_CHG"}),
    (country("Italia", "ITA"), "Il confine dell'Italia", {"CONTR_CHG"}),
    (country("Yemen", "YEM"), "Il confine dello Yemen", {"CONTR_CHG"}),
    (country("Stati Uniti", "USA"), "Il confine degli Stati Uniti", {"CONTR_CHG"}),
    (country("Paesi Bassi", "NLD"), "Il confine dei Paesi Bassi", {"CONTR_CHG"}),
    (country("Bahamas", "BHS"), "Il confine delle Bahamas", {"CONTR_CHG"}),
    (country("Israele", "ISR"), "Il confine di Israele", set()),
    (country("Cuba", "CUB"), "Il confine di Cuba", set()),
    (country("Myanmar (Birmania)", "MMR"), "Il confine del Myanmar (Birmania)", {"CONTR_CHG"}),
    (state("Texas", "US-TX"), "Il confine del Texas", {"CONTR_CHG"}),
    (state("Ohio", "US-OH"), "Il confine dell'Ohio", {"CONTR_CHG"}),
    (state("Utah", "US-UT"), "Il confine dello Utah", {"CONTR_CHG"}),
    (state("New York", "US-NY"), "Il confine dello Stato di New York", {"CONTR_CHG"}),
    (Name("L'Aquila", "place"), "Il confine dell'Aquila", {"CONTR_CHG"}),
    (Name("Oulu", "place"), "Il confine di Oulu", set()),
    (Name("Austin, Texas", "place"), "Il confine di Austin, Texas", set()),
    (Name("Hesburger (Kasarmikatu)", "feature"), "Il confine di Hesburger (Kasarmikatu)", set()),
])
def test_di(name, expected, cats):
    r = realize("Il confine di {B}", B=name)
    assert r.text == expected
    assert set(r.categories) - {"NO_CHANGE"} == cats


@pytest.mark.parametrize("name, expected", [
    (country("Giappone", "JPN"), "Dista dal Giappone"),
    (country("Stati Uniti", "USA"), "Dista dagli Stati Uniti"),
    (country("Svizzera", "CHE"), "Dista dalla Svizzera"),
    (Name("Roma", "place"), "Dista da Roma"),
])
def test_da(name, expected):
    assert realize("Dista da {B}", B=name).text == expected


@pytest.mark.parametrize("name, expected, cat_", [
    (country("Francia", "FRA"), "Vive in Francia.", None),
    (country("Giappone", "JPN"), "Vive in Giappone.", None),
    (country("Stati Uniti", "USA"), "Vive negli Stati Uniti.", "CONTR_CHG"),
    (country("Filippine", "PHL"), "Vive nelle Filippine.", "CONTR_CHG"),
    (country("Paesi Bassi", "NLD"), "Vive nei Paesi Bassi.", "CONTR_CHG"),
    (country("Regno Unito", "GBR"), "Vive nel Regno Unito.", "CONTR_CHG"),
    (country("Repubblica Dominicana", "DOM"), "Vive nella Repubblica Dominicana.", "CONTR_CHG"),
    (country("Maldive", "MDV"), "Vive alle Maldive.", "ADP_CHG"),
    (country("Cuba", "CUB"), "Vive a Cuba.", "ADP_CHG"),
    (country("Israele", "ISR"), "Vive in Israele.", None),
    (country("Antigua e Barbuda", "ATG"), "Vive ad Antigua e Barbuda.", "ADP_CHG"),
    (state("Texas", "US-TX"), "Vive in Texas.", None),
    (state("Hawaii", "US-HI"), "Vive alle Hawaii.", "ADP_CHG"),
    (state("New York", "US-NY"), "Vive nello Stato di New York.", "OTHER"),
    (Name("Roma", "place"), "Vive a Roma.", "ADP_CHG"),
    (Name("Ankara", "place"), "Vive ad Ankara.", "ADP_CHG"),
    (Name("L'Aquila", "place"), "Vive all'Aquila.", "CONTR_CHG"),
    (Name("Travis County, Texas", "county"), "Vive in Travis County, Texas.", None),
])
def test_locative_in(name, expected, cat_):
    r = realize("Vive in {B}.", B=name)
    assert r.text == expected
    if cat_ is None:
        assert r.categories == ("NO_CHANGE",)
    else:
        assert cat_ in r.categories


def test_unknown_country_gets_no_article():
    akrotiri = Name("Akrotiri", "country", "XAK", "Akrotiri", False)
    assert realize("Tra {A} e {B}", A=akrotiri, B=country("Cipro", "CYP")).text == "Tra Akrotiri e Cipro"
    assert realize("Vive in {A}.", A=akrotiri).text == "Vive in Akrotiri."


def test_subject_article_capital_and_plural_verb():
    r = realize("{A} confina con {B}?", A=country("Stati Uniti", "USA"), B=country("Messico", "MEX"))
    assert r.text == "Gli Stati Uniti confinano con il Messico?"
    assert set(r.categories) == {"ART_ADD", "AGR_CHG"}
    r = realize("{A} è adiacente a {B}?", A=country("Paesi Bassi", "NLD"), B=country("Belgio", "BEL"))
    assert r.text == "I Paesi Bassi sono adiacenti al Belgio?"
    assert realize("{A} confina con {B}?", A=country("Italia", "ITA"), B=country("Austria", "AUT")).text == \
        "L'Italia confina con l'Austria?"


def test_events():
    katrina = Name("uragano Katrina (2005)", "event", "Hurricane")
    fred = Name("tempesta tropicale Fred (2021)", "event", "Tropical Storm")
    assert realize("La traiettoria di {E}", E=katrina).text == "La traiettoria dell'uragano Katrina (2005)"
    assert realize("Colpiti da {E}", E=fred).text == "Colpiti dalla tempesta tropicale Fred (2021)"
    wind = Name(IT.texts["event.wind field"].format(storm=IT.texts["event.Tropical Storm"].format(name="Fred",
                                                                                                  year=2021)),
                "event", "wind field")
    assert realize("{A} tocca la Francia?", A=wind).text == \
        "Il campo di vento della tempesta tropicale Fred (2021) tocca la Francia?"


def test_categories():
    assert realize("Quanti {A} ci sono?", A=cat("pharmacy")).text == "Quante farmacie ci sono?"
    assert realize("Quanti {A} ci sono?", A=cat("cafe")).text == "Quanti caffè ci sono?"
    assert realize("Elenca i {A} vicini.", A=cat("hotel")).text == "Elenca gli hotel vicini."
    assert realize("Elenca i {A} situati qui.", A=cat("school")).text == "Elenca le scuole situate qui."
    assert realize("Elenca i {A}.", A=cat("studio")).text == "Elenca gli studi."
    assert realize("Tra tutti i {A}, quale?", A=cat("city")).text == "Tra tutte le città, quale?"
    r = realize("Dov'è il {A_one} più vicino a {B}?", A_one=cat("pharmacy", True), B=Name("Kiasma", "feature"))
    assert r.text == "Dov'è la farmacia più vicina a Kiasma?"
    assert set(r.categories) == {"ART_CHG", "AGR_CHG"}
    assert realize("Dov'è il {A_one}?", A_one=cat("hotel", True)).text == "Dov'è l'hotel?"
    assert realize("Dov'è il {A_one}?", A_one=cat("studio", True)).text == "Dov'è lo studio?"
    assert realize("Dov'è il secondo {A_one}?", A_one=cat("city", True)).text == "Dov'è la seconda città?"
    assert realize("Vicino al {A_one}.", A_one=cat("school", True)).text == "Vicino alla scuola."
    assert realize("Vicino al {A_one}.", A_one=cat("studio", True)).text == "Vicino allo studio."


def test_period():
    assert IT.period("2018-02", "2018-02") == "a febbraio 2018"
    assert IT.period("1988-08", "1988-08") == "ad agosto 1988"
    assert IT.period("2005-07", "2005-10") == "tra luglio e ottobre 2005"
    assert IT.period("2018-02-01", "2018-02-07") == "tra il 1º e il 7 febbraio 2018"
    assert IT.period("2018-08-08", "2018-08-11") == "tra l'8 e l'11 agosto 2018"
    assert IT.period("2018-01-31", "2018-02-07") == "tra il 31 gennaio 2018 e il 7 febbraio 2018"
    assert IT.period("2005-11", "2006-02") == "tra novembre 2005 e febbraio 2006"


def test_number():
    assert IT.number(0.2) == "0,2"
    assert IT.number(5.0) == "5"
    assert IT.number(15) == "15"


def test_every_wording_fills_every_placeholder():
    eng = english()
    tr = translations("ita")
    names = {"country": [country("Stati Uniti", "USA"), country("Italia", "ITA"), country("Giappone", "JPN")],
             "region": [state("Texas", "US-TX"), state("Ohio", "US-OH")],
             "place": [Name("Oulu", "place"), Name("L'Aquila", "place")],
             "feature": [Name("Hesburger (Kasarmikatu)", "feature")],
             "event": [Name("uragano Katrina (2005)", "event", "Hurricane")]}
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
                    r = IT.realize(text, values)
                    assert "{" not in r.text and "}" not in r.text, vid
                    assert r.text[:1].isupper(), vid
                    for broken in (" di il ", " di la ", " in gli ", " di gli ", " a il ", " da il ", " di l'",
                                   " in l'", " i farmacie", " il farmacia"):
                        assert broken not in r.text, (vid, r.text)


def test_word_with_its_own_article_contracts():
    outline = Name(IT.texts["word.Natural Earth's 1:10m country outlines"], "word")
    r = realize("Il perimetro come tracciato in {outline}.", outline=outline)
    assert r.text == "Il perimetro come tracciato nei contorni dei paesi in scala 1:10m di Natural Earth."
    assert r.categories == ("CONTR_CHG",)
    level = Name(IT.texts["word.level"], "word")
    assert realize("Converti con {w} 12.", w=level).text == "Converti con livello 12."


def test_relative_pronoun_agrees_with_a_feminine_category():
    r = realize("Indica i {A} dai quali passa {B}.", A=cat("pharmacy"), B=Name("Esplanadi", "feature"))
    assert r.text == "Indica le farmacie dalle quali passa Esplanadi."
    r = realize("Indica i {A} dai quali passa {B}.", A=cat("cafe"), B=Name("Esplanadi", "feature"))
    assert r.text == "Indica i caffè dai quali passa Esplanadi."


def test_locality_sentence_reads_as_italian():
    from kgbench.generator.roles import locality_sentence
    assert locality_sentence([("Kiasma", "central Helsinki, Finland")], 1, IT.texts) == \
        "Tutti i luoghi nominati si trovano nel centro di Helsinki, in Finlandia."
    places = [("Kiasma", "Karhula, a district of Kotka, Finland"), ("Oulu", "central Helsinki, Finland")]
    assert locality_sentence(places, 2, IT.texts).startswith(
        "Kiasma si trova a Karhula, un quartiere di Kotka, in Finlandia.")


def test_best_track_translated_with_article():
    a = Name("the best track of Hurricane Ike (2008)", "event", None, "", False)
    b = Name("the best track of Tropical Storm Mindy (2003)", "event", None, "", False)
    r = realize("In quanti punti si intersecano {A} e {B}?", A=a, B=b)
    assert r.text == ("In quanti punti si intersecano la best track dell'uragano Ike (2008) e "
                      "la best track della tempesta tropicale Mindy (2003)?")


def test_label_fixes_congo_and_us_qualifiers():
    assert realize("Kipushi è una città di {B}?", B=country("Congo - Kinshasa", "COD")).text == (
        "Kipushi è una città del Congo-Kinshasa?")
    assert realize("Il confine di {B}", B=state("Georgia (U.S. state)", "US-GA")).text == (
        "Il confine della Georgia (stato degli Stati Uniti)")
    assert realize("Il confine di {B}", B=state("Portorico (U.S. territory)", "US-PR")).text == (
        "Il confine di Portorico (territorio degli Stati Uniti)")


def test_madagascar_takes_article():
    assert realize("Il centroide di {A}", A=country("Madagascar", "MDG")).text == "Il centroide del Madagascar"
    assert realize("Si trova in {A}", A=country("Madagascar", "MDG")).text == "Si trova in Madagascar"
