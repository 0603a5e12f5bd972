"""Albanian grammar rules (kgbench.languages.sqi): definite forms and cases, agreement, periods, numbers."""

import os
import re

import pytest

from kgbench.languages import Name, get_language, placeholders
from kgbench.languages.sqi import country_forms, feminine_singular, masculine_plural
from wordings import translations

L = get_language("sqi")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def realize(text, **names):
    return L.realize(text, names)


# ---------------------------------------------------------------------------- country names

@pytest.mark.parametrize("name, forms", [
    ("Francë", ("Franca", "Francën", "Francës")),
    ("Gjermani", ("Gjermania", "Gjermaninë", "Gjermanisë")),
    ("Itali", ("Italia", "Italinë", "Italisë")),
    ("Japoni", ("Japonia", "Japoninë", "Japonisë")),
    ("Angolë", ("Angola", "Angolën", "Angolës")),            # vowel-initial feminine
    ("Irak", ("Iraku", "Irakun", "Irakut")),                 # vowel-initial masculine after -k
    ("Izrael", ("Izraeli", "Izraelin", "Izraelit")),
    ("Egjipt", ("Egjipti", "Egjiptin", "Egjiptit")),
    ("Bangladesh", ("Bangladeshi", "Bangladeshin", "Bangladeshit")),   # -sh is one letter, not -h
    ("Zvicër", ("Zvicra", "Zvicrën", "Zvicrës")),
    ("Holandë", ("Holanda", "Holandën", "Holandës")),
    ("Filipine", ("Filipinet", "Filipinet", "Filipineve")),   # plural
    ("SHBA", ("SHBA-ja", "SHBA-në", "SHBA-së")),
    ("Emiratet e Bashkuara Arabe", ("Emiratet e Bashkuara Arabe", "Emiratet e Bashkuara Arabe",
                                    "Emirateve të Bashkuara Arabe")),
    ("Kore e Jugut", ("Koreja e Jugut", "Korenë e Jugut", "Koresë së Jugut")),
    ("Mal i Zi", ("Mali i Zi", "Malin e Zi", "Malit të Zi")),
    ("Bosnjë-Hercegovinë", ("Bosnjë-Hercegovina", "Bosnjë-Hercegovinën", "Bosnjë-Hercegovinës")),
])
def test_country_forms(name, forms):
    assert country_forms(name) == forms


@pytest.mark.parametrize("name", ["Peru", "Mali", "Haiti", "Burundi", "Kongo-Kinshasa", "Guine-Bisau"])
def test_uninflectable_countries(name):
    assert country_forms(name) is None
    assert realize("Kufiri i {A:gen}", A=country(name, "XXX")).text == f"Kufiri i shtetit {name}"
    assert realize("A ndodhet {A:nom} në Afrikë?", A=country(name, "XXX")).text == f"A ndodhet {name} në Afrikë?"


@pytest.mark.parametrize("name", ["RPA i Hong-Kongut", "Samoa Amerikane", "Porto-Riko"])
def test_uninflectable_territories(name):  # a dependency is not a state: «territorit»
    assert country_forms(name) is None
    assert realize("Kufiri i {A:gen}", A=country(name, "XXX")).text == f"Kufiri i territorit {name}"


def test_plural_bahamas():
    assert country_forms("Bahama") == ("Bahamet", "Bahamet", "Bahameve")


def test_cases_in_questions():
    r = realize("A kufizohet {A:nom} me {B:acc}?", A=country("Francë", "FRA"), B=country("Gjermani", "DEU"))
    assert r.text == "A kufizohet Franca me Gjermaninë?"
    assert r.categories == ("ART_ADD", "DEC_CHG")
    r = realize("Sa është distanca midis {A:gen} dhe {B:gen}?", A=country("Irak", "IRQ"), B=country("Izrael", "ISR"))
    assert r.text == "Sa është distanca midis Irakut dhe Izraelit?"
    r = realize("Sa qytete ndodhen në {B}?", B=country("Francë", "FRA"))
    assert r.text == "Sa qytete ndodhen në Francë?"                 # indefinite after «në»: unchanged
    assert r.categories == ("NO_CHANGE",)


def test_plural_subject_makes_the_verb_plural():
    r = realize("A kufizohet {A:nom} me {B:acc}?", A=country("Filipine", "PHL"), B=country("SHBA", "USA"))
    assert r.text == "A kufizohen Filipinet me SHBA-në?"
    assert "AGR_CHG" in r.categories
    r = realize("A ka {A:nom} kufi me {B:acc}?", A=country("Emiratet e Bashkuara Arabe", "ARE"),
                B=country("Oman", "OMN"))
    assert r.text == "A kanë Emiratet e Bashkuara Arabe kufi me Omanin?"
    assert realize("A ka {A:nom} kufi me {B:acc}?", A=country("Irak", "IRQ"), B=country("Iran", "IRN")).text == \
        "A ka Iraku kufi me Iranin?"


def test_unlocalized_name_is_not_declined():
    r = realize("Kufiri i {A:gen}", A=Name("Northern Cyprus", "country", "XNC", "Northern Cyprus", False))
    assert r.text == "Kufiri i shtetit Northern Cyprus"


# ---------------------------------------------------------------------------- other kinds of names

def test_places_regions_counties_features():
    assert realize("Kufiri i {A:gen}", A=Name("Helsinki", "place")).text == "Kufiri i qytetit Helsinki"
    assert realize("Kufiri i {A:gen}", A=Name("Austin, Texas", "place")).text == "Kufiri i qytetit Austin, Texas"
    assert realize("Kufiri i {A:gen}", A=Name("Texas", "region", "US-TX")).text == "Kufiri i shtetit Texas"
    assert realize("Kufiri i {A:gen}", A=Name("Travis County, Texas", "county")).text == \
        "Kufiri i qarkut Travis County, Texas"
    assert realize("Pranë {A:gen}", A=Name("Hesburger (Kasarmikatu)", "feature")).text == \
        "Pranë objektit Hesburger (Kasarmikatu)"
    for text in ("Helsinki", "Austin, Texas", "Hesburger (Kasarmikatu)"):
        r = realize("Sa larg ndodhet {A:nom} nga {B:nom}?", A=Name(text, "place"), B=Name("Oulu", "place"))
        assert r.text == f"Sa larg ndodhet {text} nga Oulu?"
        assert r.categories == ("NO_CHANGE",)


def test_event_names_are_declined():
    hurricane = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    assert realize("Trajektorja e {E:gen}", E=hurricane).text == "Trajektorja e uraganit Katrina (2005)"
    assert realize("A e preku {E:nom} Floridën?", E=hurricane).text == "A e preku uragani Katrina (2005) Floridën?"
    storm = Name(L.texts["event.Tropical Storm"].format(name="Fred", year=2021), "event", "Tropical Storm")
    assert realize("Trajektorja e {E:gen}", E=storm).text == "Trajektorja e stuhisë tropikale Fred (2021)"
    quake = Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")
    assert realize("{E:nom} ndodhi në korrik 1988.", E=quake).text == "Tërmeti us1000ce18 ndodhi në korrik 1988."
    field = Name(L.texts["event.wind field"].format(storm=hurricane.text), "event", "wind field")
    assert realize("Sipërfaqja e {E:gen}", E=field).text == \
        "Sipërfaqja e fushës së erës të krijuar nga uragani Katrina (2005)"   # the participle agrees: të


# ---------------------------------------------------------------------------- categories and agreement

def cat(key, one=False):
    sg, pl = L.categories[key]
    return Name(sg if one else pl, "category_one" if one else "category", key)


def test_category_gender():
    assert feminine_singular("kafene") and feminine_singular("farmaci") and feminine_singular("qendër tregtare")
    assert not feminine_singular("dyqan veshjesh") and not feminine_singular("muze")
    assert masculine_plural("automat shitjeje", "automatë shitjeje")
    assert not masculine_plural("dyqan", "dyqane") and not masculine_plural("kafene", "kafene")


def test_plural_agreement():
    r = realize("Cilat {A} ndodhen pranë?", A=cat("vending machine"))
    assert r.text == "Cilët automatë shitjeje ndodhen pranë?"
    assert r.categories == ("AGR_CHG",)
    assert realize("Cilat {A} ndodhen pranë?", A=cat("cafe")).text == "Cilat kafene ndodhen pranë?"
    assert realize("Renditni ato {A} që ndodhen pranë.", A=cat("vending machine")).text == \
        "Renditni ata automatë shitjeje që ndodhen pranë."
    assert realize("Deri te të gjitha ato {A} pranë.", A=cat("vending machine")).text == \
        "Deri te të gjithë ata automatë shitjeje pranë."


def test_singular_agreement():
    r = realize("Sa larg ndodhet ai {A_one} që është i dyti më afër Kiasmës?", A_one=cat("cafe", True))
    assert r.text == "Sa larg ndodhet ajo kafene që është e dyta më afër Kiasmës?"
    assert r.categories == ("AGR_CHG",)
    r = realize("Sa larg ndodhet ai {A_one} që është i dyti më afër Kiasmës?", A_one=cat("restaurant", True))
    assert r.text == "Sa larg ndodhet ai restorant që është i dyti më afër Kiasmës?"
    assert r.categories == ("NO_CHANGE",)
    assert realize("Cili {A_one} ndodhet më në veri?", A_one=cat("pharmacy", True)).text == \
        "Cila farmaci ndodhet më në veri?"


# ---------------------------------------------------------------------------- values

def test_period():
    assert L.period("2018-02", "2018-02") == "në shkurt 2018"
    assert L.period("2005-07", "2005-10") == "nga korriku deri në tetor 2005"
    assert L.period("2018-02-01", "2018-02-07") == "nga 1 deri më 7 shkurt 2018"
    assert L.period("2018-01-31", "2018-02-07") == "nga 31 janar 2018 deri më 7 shkurt 2018"
    assert L.period("2005-07", "2006-02") == "nga korriku 2005 deri në shkurt 2006"


def test_number():
    assert L.number(0.2) == "0,2"
    assert L.number(5.0) == "5"
    assert L.number(25) == "25"


def test_tables():
    assert L.compass == {"north": "veri", "east": "lindje", "south": "jug", "west": "perëndim"}
    assert "po" in L.answer_words["true"] and "jo" in L.answer_words["false"]
    assert L.categories["cafe"] == ("kafene", "kafene")


# ---------------------------------------------------------------------------- every placeholder is filled



def test_every_placeholder_is_filled():
    import yaml
    wordings = translations("sqi")
    samples = {"country": (country("Filipine", "PHL"), "Filipine"),
               "place": (Name("Austin, Texas", "place"), "Austin, Texas"),
               "feature": (Name("Hesburger (Kasarmikatu)", "feature"), "Hesburger (Kasarmikatu)")}
    for vid, text in wordings.items():
        for kind, (sample, kept) in samples.items():
            names = {}
            for role, _ in placeholders(text):
                if role.endswith("_one") or role in ("X", "Y", "Z"):
                    names[role] = cat("cafe", role.endswith("_one"))
                elif len(role) == 1:
                    names[role] = sample
                else:
                    names[role] = Name("7", "number")
            r = L.realize(text, names)
            assert "{" not in r.text and "}" not in r.text.replace("{{", ""), (vid, r.text)
            assert r.text[:1] == r.text[:1].upper(), (vid, r.text)
            if any(len(role) == 1 and role not in "XYZ" for role, _ in placeholders(text)):
                assert kept in r.text, (vid, r.text)
            assert not re.search(r"\s{2,}", r.text), (vid, r.text)


# ---------------------------------------------------------------------------- review fixes

def test_no_double_classifier_after_linking_article():                      # C1-2.v1 Mozambik / Malavi
    r = L.realize("A ndërpritet territori i shtetit të {A:gen} me territorin e shtetit të {B:gen}?",
                  {"A": Name("Mozambik", "country", "MOZ", "", True), "B": Name("Malavi", "country", "MWI", "", True)})
    assert r.text == "A ndërpritet territori i shtetit të Mozambikut me territorin e shtetit Malavi?"


def test_best_track_translated():                                           # C3-1.v1 Emily / Wilma (2005)
    r = L.realize("Në sa pika ndërpriten {A:nom} dhe {B:nom}?",
                  {"A": Name("the best track of Hurricane Emily (2005)", "event"),
                   "B": Name("the best track of Tropical Storm Sean (2011)", "event")})
    assert r.text == ("Në sa pika ndërpriten gjurma best-track e uraganit Emily (2005) dhe "
                      "gjurma best-track e stuhisë tropikale Sean (2011)?")


def test_myanmar_renamed():                                                 # A3-1.v3 Daik-u, Mianmar (Burmë)
    r = L.realize("Qyteti Daik-u, {A}.", {"A": Name("Mianmar (Burmë)", "country", "MMR", "", True)})
    assert r.text == "Qyteti Daik-u, Mianmar."


# ---------------------------------------------------------------------------- second review pass (real failures)

def _event(text):
    return Name(text, "event", None, "", True)


@pytest.mark.parametrize("wording, names, expected", [
    # C9-2.v1: "me shtetin e shtetit Somaliland", "shteti i shtetit Peru"
    ("A kufizohet shteti i {A:gen} me shtetin e {B:gen}?", {"A": country("Peru", "PER"),
     "B": Name("Somaliland", "country", "SOL", "", False)}, "A kufizohet shteti Peru me shtetin Somaliland?"),
    # F1-W.v2, E2-city.v1, F3-2.v1, L5-5km.v2: after «në»
    ("Cili qytet në {A} ndodhet më në perëndim?", {"A": country("Mal i Zi", "MNE")},
     "Cili qytet në Mal të Zi ndodhet më në perëndim?"),
    ("Cili qytet në {A} është?", {"A": country("Maqedonia e Veriut", "MKD")}, "Cili qytet në Maqedoninë e Veriut është?"),
    ("Sa qytete ndodhen në {A}?", {"A": country("Guineja e Re-Papua", "PNG")}, "Sa qytete ndodhen në Guinenë e Re-Papua?"),
    ("A ndodhet X në {A}?", {"A": country("Kore e Veriut", "PRK")}, "A ndodhet X në Kore të Veriut?"),
    ("A ndodhet X në {A}?", {"A": country("Francë", "FRA")}, "A ndodhet X në Francë?"),
    # G1-pole.v1, K4-1.v5, N1-1.v2: declinable names that got the classifier
    ("Cila është pika më qendrore e {A:gen}?", {"A": country("Guineja e Re-Papua", "PNG")},
     "Cila është pika më qendrore e Guinesë së Re-Papua?"),
    ("rreth kufirit të {A:gen}", {"A": country("Nikaragua", "NIC")}, "Rreth kufirit të Nikaraguas"),
    ("centroidit të {A:gen}", {"A": country("Kamboxhia", "KHM")}, "Centroidit të Kamboxhias"),
    ("brenda {A:gen}", {"A": country("Ishujt Kajman", "CYM")}, "Brenda Ishujve Kajman"),
    # I5-2.v2, I5-1.v3: territories are not states
    ("Sa sipërfaqe e {A:gen}, në km?", {"A": country("Shën-Pier dhe Mikelon", "SPM")},
     "Sa sipërfaqe e territorit Shën-Pier dhe Mikelon, në km?"),
    ("e pjesës së {A:gen}", {"A": Name("USNB Guantanamo Bay", "country", "USG", "", False)},
     "E pjesës së territorit USNB Guantanamo Bay"),
    # C7-1.v4: Clipperton Island has an Albanian name; the wind field's participle agrees in the genitive
    ("A ndodhet një pjesë e {A:gen} brenda {B:gen}?", {"A": _event("fusha e erës e krijuar nga uragani Bonnie (2022)"),
     "B": Name("Clipperton Island", "country", "CPT", "", False)},
     "A ndodhet një pjesë e fushës së erës të krijuar nga uragani Bonnie (2022) brenda Ishullit Klipërton?"),
    # I5-1.v2 (new wording): the verb agrees with a plural name
    ("Sa nga sipërfaqja që zë {A:nom}, në km²?", {"A": country("Filipine", "PHL")},
     "Sa nga sipërfaqja që zënë Filipinet, në km²?"),
])
def test_second_review_fixes(wording, names, expected):
    assert realize(wording, **names).text == expected
