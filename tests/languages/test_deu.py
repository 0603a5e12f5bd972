"""Unit tests of the German grammar rules (kgbench.languages.deu) with real names."""

import re

import pytest
import yaml

from kgbench.languages import Name, get_language, placeholders
from wordings import english, translations

L = get_language("deu")


def country(iso, text):
    return Name(text, "country", iso, "", True)


def realize(text, **names):
    return L.realize(text, names)


def test_article_and_contraction_for_masculine_country():
    r = realize("Liegt Bagdad in {A:dat}?", A=country("IRQ", "Irak"))
    assert r.text == "Liegt Bagdad im Irak?"
    assert r.categories == ("ART_ADD", "CONTR_CHG")
    assert realize("Grenzt {A} an {B:acc}?", A=country("IRN", "Iran"), B=country("IRQ", "Irak")).text == \
        "Grenzt der Iran an den Irak?"


def test_feminine_country_takes_die_and_der():
    assert realize("{A} grenzt an Italien.", A=country("CHE", "Schweiz")).text == "Die Schweiz grenzt an Italien."
    assert realize("Liegt Bern in {A:dat}?", A=country("CHE", "Schweiz")).text == "Liegt Bern in der Schweiz?"
    assert realize("Wie weit ist es zu {A:dat}?", A=country("TUR", "Türkei")).text == "Wie weit ist es zur Türkei?"


def test_plural_names_with_weak_adjective_and_dative_n():
    usa = country("USA", "Vereinigte Staaten")
    r = realize("Ist {A} größer als Kanada?", A=usa)
    assert r.text == "Sind die Vereinigten Staaten größer als Kanada?"
    assert "AGR_CHG" in r.categories
    assert realize("Liegt Dallas in {A:dat}?", A=usa).text == "Liegt Dallas in den Vereinigten Staaten?"
    r = realize("Liegt Dubai in {A:dat}?", A=country("ARE", "Vereinigte Arabische Emirate"))
    assert r.text == "Liegt Dubai in den Vereinigten Arabischen Emiraten?"
    assert "DEC_CHG" in r.categories
    assert realize("Grenzt Belgien an {A:acc}?", A=country("NLD", "Niederlande")).text == \
        "Grenzt Belgien an die Niederlande?"
    assert realize("Liegt Utrecht in {A:dat}?", A=country("NLD", "Niederlande")).text == \
        "Liegt Utrecht in den Niederlanden?"
    # Bahamas and Philippinen already end in -s / -n: no dative -n
    assert realize("Liegt Nassau in {A:dat}?", A=country("BHS", "Bahamas")).text == "Liegt Nassau auf den Bahamas?"
    assert realize("von {A:dat}", A=country("PHL", "Philippinen")).text == "Von den Philippinen"


def test_verb_agrees_with_plural_subject():
    nld = country("NLD", "Niederlande")
    assert realize("Liegt {A} in Europa?", A=nld).text == "Liegen die Niederlande in Europa?"
    assert realize("Ob {A} liegt, ist klar.", A=nld).text == "Ob die Niederlande liegen, ist klar."
    # coordinated subjects already have a plural verb; a singular name keeps the singular
    assert realize("Grenzen {A} und {B} aneinander?", A=nld, B=country("BEL", "Belgien")).text == \
        "Grenzen die Niederlande und Belgien aneinander?"
    assert realize("Liegt {A} in Europa?", A=country("CHE", "Schweiz")).text == "Liegt die Schweiz in Europa?"


def test_neuter_with_adjective():
    gbr = country("GBR", "Vereinigtes Königreich")
    assert realize("{A} ist eine Insel?", A=gbr).text.startswith("Das Vereinigte Königreich ist")
    assert realize("Liegt London in {A:dat}?", A=gbr).text == "Liegt London im Vereinigten Königreich?"
    assert realize("Liegt Bangui in {A:dat}?", A=country("CAF", "Zentralafrikanische Republik")).text == \
        "Liegt Bangui in der Zentralafrikanischen Republik?"


def test_names_without_article_are_untouched():
    for name in (country("FRA", "Frankreich"), country("DEU", "Deutschland"), country("AGO", "Angola"),
                 country("ISR", "Israel"), Name("Texas", "region", "US-TX"), Name("Austin, Texas", "place"),
                 Name("Travis County, Texas", "county"), Name("Hesburger (Kasarmikatu)", "feature")):
        r = realize("Liegt Paris in {A:dat}?", A=name)
        assert r.text == f"Liegt Paris in {name.text}?"
        assert r.categories == ("NO_CHANGE",)


def test_english_canonical_country_gets_no_article():
    # not localized: the lexicon does not apply to the English name
    r = realize("Liegt es in {A:dat}?", A=Name("Switzerland", "country", "CHE", "Switzerland", False))
    assert r.text == "Liegt es in Switzerland?"


def test_events_take_article_of_their_gender():
    hurricane = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    assert realize("Wie weit war {E} von Houston entfernt?", E=hurricane).text == \
        "Wie weit war der Hurrikan Katrina (2005) von Houston entfernt?"
    assert realize("die Zugbahn von {E:dat}", E=hurricane).text == "Die Zugbahn vom Hurrikan Katrina (2005)"
    quake = Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")
    assert realize("{E} ereignete sich.", E=quake).text == "Das Erdbeben us1000ce18 ereignete sich."
    blast = Name(L.texts["event.quarry blast"].format(id="uu60268"), "event", "quarry blast")
    assert realize("Wann traf {E} Ogden?", E=blast).text == "Wann traf die Steinbruchsprengung uu60268 Ogden?"
    depression = Name(L.texts["event.Tropical Depression"].format(name="Ten", year=2005), "event",
                      "Tropical Depression")
    assert realize("von {E:dat}", E=depression).text == "Vom Tropischen Tiefdruckgebiet Ten (2005)"


def test_category_singular_agreement():
    pharmacy = Name("Apotheke", "category_one", "pharmacy")
    cafe = Name("Café", "category_one", "cafe")
    atm = Name("Geldautomat", "category_one", "atm")
    text = "Wie weit ist der nächstgelegene {A_one} von Kiasma entfernt?"
    assert realize(text, A_one=pharmacy).text == "Wie weit ist die nächstgelegene Apotheke von Kiasma entfernt?"
    assert realize(text, A_one=cafe).text == "Wie weit ist das nächstgelegene Café von Kiasma entfernt?"
    assert realize(text, A_one=atm).text == "Wie weit ist der nächstgelegene Geldautomat von Kiasma entfernt?"
    acc = "Nimm den nächstgelegenen {A_one:acc} zu Kiasma."
    assert realize(acc, A_one=pharmacy).text == "Nimm die nächstgelegene Apotheke zu Kiasma."
    assert realize(acc, A_one=atm).text == "Nimm den nächstgelegenen Geldautomaten zu Kiasma."
    assert realize("Welcher {A_one} liegt am weitesten im Norden?", A_one=cafe).text == \
        "Welches Café liegt am weitesten im Norden?"
    assert realize("zwischen dem zweitnächsten {A_one:dat} und Kiasma", A_one=pharmacy).text == \
        "Zwischen der zweitnächsten Apotheke und Kiasma"


def test_category_plural_partitive_and_dative():
    cities = Name("Städte", "category", "city")
    assert realize("Welcher der {A:part} in Chile liegt am weitesten im Süden?", A=cities).text == \
        "Welche der Städte in Chile liegt am weitesten im Süden?"
    assert realize("Welcher der {A:part} ist es?", A=Name("Cafés", "category", "cafe")).text == \
        "Welches der Cafés ist es?"
    assert realize("zwischen den {A:dat} in Chile", A=cities).text == "Zwischen den Städten in Chile"
    assert realize("an wie vielen {A:dat}", A=Name("Cafés", "category", "cafe")).text == "An wie vielen Cafés"


def test_period_and_number():
    assert L.period("2018-02", "2018-02") == "im Februar 2018"
    assert L.period("2005-07", "2005-10") == "zwischen Juli und Oktober 2005"
    assert L.period("2018-02-01", "2018-02-07") == "zwischen dem 1. und dem 7. Februar 2018"
    assert L.period("2018-01-31", "2018-02-07") == "zwischen dem 31. Januar 2018 und dem 7. Februar 2018"
    assert L.period("2017-12", "2018-02") == "zwischen Dezember 2017 und Februar 2018"
    assert L.number(0.2) == "0,2" and L.number(5.0) == "5" and L.number(12.5) == "12,5"


def test_every_placeholder_is_filled_and_forms_declared():
    eng = english()
    tr = translations("deu")
    ids = [k for t in eng for st in t["sub_templates"] for k in st["variants"]]
    assert set(tr) == set(ids)
    for vid in ids:
        names = {}
        for role, spec in placeholders(tr[vid]):
            assert not spec or spec in L.forms, (vid, spec)
            names[role] = Name("Chile", "country", "CHL", "", True)
        out = L.realize(tr[vid], names).text
        assert not re.search(r"\{[A-Za-z_]", out), (vid, out)
        assert out[0].isupper()


def test_genitive_attributes():
    assert realize("die Grenze {A:gen}", A=country("CHE", "Schweiz")).text == "Die Grenze der Schweiz"
    assert realize("die Grenze {A:gen}", A=country("IRQ", "Irak")).text == "Die Grenze des Irak"
    assert realize("die Grenze {A:gen}", A=country("USA", "Vereinigte Staaten")).text == \
        "Die Grenze der Vereinigten Staaten"
    r = realize("die Grenze {A:gen}", A=country("GBR", "Vereinigtes Königreich"))
    assert r.text == "Die Grenze des Vereinigten Königreichs"
    assert "DEC_CHG" in r.categories and "AGR_CHG" in r.categories
    r = realize("die Grenze {A:gen}", A=country("FRA", "Frankreich"))
    assert r.text == "Die Grenze Frankreichs" and r.categories == ("DEC_CHG",)
    # names that cannot take -s, and places/features/counties, get 'von' and stay intact
    r = realize("die Fläche {A:gen}", A=Name("Texas", "region", "US-TX", "Texas", True))
    assert r.text == "Die Fläche von Texas" and r.categories == ("ADP_ADD",)
    assert realize("der Standort {A:gen}", A=Name("Austin, Texas", "place")).text == "Der Standort von Austin, Texas"
    assert realize("der Standort {A:gen}", A=Name("Hesburger (Kasarmikatu)", "feature")).text == \
        "Der Standort von Hesburger (Kasarmikatu)"
    hurricane = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    assert realize("die Zugbahn {E:gen}", E=hurricane).text == "Die Zugbahn des Hurrikans Katrina (2005)"
    quake = Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")
    assert realize("das Epizentrum {E:gen}", E=quake).text == "Das Epizentrum des Erdbebens us1000ce18"


def test_bare_apposition_keeps_the_name():
    assert realize("im Bundesstaat {B:bare}", B=Name("Texas", "region", "US-TX")).text == "Im Bundesstaat Texas"
    assert realize("Ankara, {C:bare}", C=country("TUR", "Türkei")).text == "Ankara, Türkei"


def test_storm_track_named_in_english_is_translated():
    # C3 names a storm track in English; German writes "der Best Track des Hurrikans ..."
    r = realize("In wie vielen Punkten schneiden sich {A} und {B}?",
                A=Name("the best track of Hurricane Ike (2008)", "event"),
                B=Name("the best track of Tropical Depression Eight (2013)", "event"))
    assert r.text == ("In wie vielen Punkten schneiden sich der Best Track des Hurrikans Ike (2008) und "
                      "der Best Track des Tropischen Tiefdruckgebiets Eight (2013)?")


def test_us_state_georgia_and_english_disambiguators():
    fayette = Name("Fayette County, Georgien", "county", None, "Fayette County, Georgia", True)
    assert realize("Grenzt {A} an {B:acc}?", A=fayette, B=Name("Clayton County, Georgien", "county", None,
                   "Clayton County, Georgia", True)).text == "Grenzt Fayette County, Georgia an Clayton County, Georgia?"
    georgia = Name("Georgien (U.S. state)", "region", "US-GA", "Georgia (U.S. state)", True)
    assert realize("die Verwaltungsgrenze {A:gen}", A=georgia).text == \
        "Die Verwaltungsgrenze von Georgia (US-Bundesstaat)"
    pr = Name("Puerto Rico (U.S. territory)", "region", "US-PR", "Puerto Rico (U.S. territory)", True)
    assert realize("die Verwaltungsgrenze {A:gen}", A=pr).text == "Die Verwaltungsgrenze von Puerto Rico (US-Außengebiet)"
    # the country Georgia stays Georgien
    assert realize("in {A:dat}", A=country("GEO", "Georgien")).text == "In Georgien"


def test_island_plurals_take_auf():
    assert realize("Wie viele Städte liegen in {A:dat}?", A=country("PCN", "Pitcairninseln")).text == \
        "Wie viele Städte liegen auf den Pitcairninseln?"
    assert realize("Wie viele Städte liegen in {A:dat}?", A=country("NLD", "Niederlande")).text == \
        "Wie viele Städte liegen in den Niederlanden?"


def test_no_genitive_s_on_und_names_or_unlocalized_names():
    assert realize("das Staatsgebiet {A:gen}", A=country("BIH", "Bosnien und Herzegowina")).text == \
        "Das Staatsgebiet von Bosnien und Herzegowina"
    assert realize("der Teil {A:gen}", A=Name("USNB Guantanamo Bay", "country", "XGB", "", False)).text == \
        "Der Teil von USNB Guantanamo Bay"
