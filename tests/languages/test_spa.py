"""Spanish (spa): the grammar rules around names, with real names of countries.tsv, us_states.tsv and cities."""

from __future__ import annotations

import pathlib

import pytest
import yaml

from kgbench.languages import Name, get_language, placeholders
from wordings import english as english_templates, table, translations

L = get_language("spa")


def country(iso: str, text: str) -> Name:
    return Name(text, "country", iso, "", True)


def q(text: str, **names: Name) -> str:
    return L.realize(text, names).text


def cats(text: str, **names: Name) -> tuple[str, ...]:
    return L.realize(text, names).categories


# ---------------------------------------------------------------------------- metadata and tables

def test_metadata():
    assert (L.code, L.bcp47, L.locale, L.script, L.tier) == ("spa", "es", "es", "Latin", "high")
    assert L.family == "Indo-European (Romance)"
    assert L.decimal_comma is True
    assert set(L.forms) == {"subj"}


def test_tables():
    rows = table("categories.tsv").splitlines()[1:]
    assert len(L.categories) == len(rows) == 226
    assert L.categories["pharmacy"] == ("farmacia", "farmacias")
    assert L.categories["atm"] == ("cajero automático", "cajeros automáticos")
    assert L.compass == {"north": "norte", "east": "este", "south": "sur", "west": "oeste"}
    assert "sí" in L.answer_words["true"] and "falso" in L.answer_words["false"]
    assert "noreste" in L.direction_words["NE"] and "o" in L.direction_words["W"]


# ---------------------------------------------------------------------------- articles and contractions

def test_country_without_article_is_unchanged():
    r = L.realize("¿Limita {A} con {B}?", {"A": country("FRA", "Francia"), "B": country("ESP", "España")})
    assert r.text == "¿Limita Francia con España?"
    assert r.categories == ("NO_CHANGE",)


def test_article_added_for_reino_unido():
    assert q("¿Limita {A} con {B}?", A=country("FRA", "Francia"), B=country("GBR", "Reino Unido")) == \
        "¿Limita Francia con el Reino Unido?"
    assert cats("¿Limita {A} con {B}?", A=country("FRA", "Francia"), B=country("GBR", "Reino Unido")) == \
        ("ART_ADD",)


def test_de_el_contracts_to_del_and_a_el_to_al():
    r = L.realize("la frontera de {A}, de {B} a {C}", {"A": country("GBR", "Reino Unido"),
                                                      "B": country("FRA", "Francia"),
                                                      "C": country("GBR", "Reino Unido")})
    assert r.text == "La frontera del Reino Unido, de Francia al Reino Unido"
    assert r.categories == ("ART_ADD", "CONTR_CHG")


def test_plural_names_take_a_plural_article_without_contraction():
    assert q("en {A}", A=country("NLD", "Países Bajos")) == "En los Países Bajos"
    assert q("el centro de {A}", A=country("BHS", "Bahamas")) == "El centro de las Bahamas"
    assert q("al norte de {A}", A=country("ARE", "Emiratos Árabes Unidos")) == \
        "Al norte de los Emiratos Árabes Unidos"


def test_name_with_its_own_article_is_not_contracted():
    r = L.realize("¿A qué distancia está {A} de {B}?", {"A": Name("San Salvador", "place"),
                                                       "B": country("SLV", "El Salvador")})
    assert r.text == "¿A qué distancia está San Salvador de El Salvador?"
    assert r.categories == ("NO_CHANGE",)


def test_estados_unidos_without_article():
    assert q("¿Está {A} en {B}?", A=Name("Austin, Texas", "place"), B=country("USA", "Estados Unidos")) == \
        "¿Está Austin, Texas en Estados Unidos?"


def test_parenthesised_and_comma_names_are_not_damaged():
    assert q("la población de {A}", A=country("HKG", "RAE de Hong Kong (China)")) == \
        "La población de la RAE de Hong Kong (China)"
    assert q("la población de {A}", A=country("MMR", "Myanmar (Birmania)")) == "La población de Myanmar (Birmania)"
    assert q("cerca de {A}", A=Name("Hesburger (Kasarmikatu)", "feature")) == "Cerca de Hesburger (Kasarmikatu)"
    assert q("el condado de {A}", A=Name("Travis County, Texas", "county")) == "El condado de Travis County, Texas"


def test_states_and_cities_take_no_article():
    assert q("en {A} y {B}", A=Name("Texas", "region", "US-TX"), B=Name("Nueva York", "region", "US-NY")) == \
        "En Texas y Nueva York"
    assert q("de {A}", A=Name("Helsinki", "place")) == "De Helsinki"


def test_apposition_after_pais_takes_no_article():
    assert q("el país {A}", A=country("GBR", "Reino Unido")) == "El país Reino Unido"


# ---------------------------------------------------------------------------- y -> e, o -> u

def test_y_becomes_e_before_i_sound():
    r = L.realize("entre {A} y {B}", {"A": country("FRA", "Francia"), "B": country("ITA", "Italia")})
    assert r.text == "Entre Francia e Italia"
    assert r.categories == ("OTHER",)
    assert q("{A} y {B}", A=Name("Texas", "region", "US-TX"), B=Name("Idaho", "region", "US-ID")) == "Texas e Idaho"
    assert q("{A} y {B}", A=country("ESP", "España"), B=country("IRL", "Irlanda")) == "España e Irlanda"


def test_y_stays_before_diphthongs_and_other_sounds():
    assert q("{A} y {B}", A=Name("Ohio", "region", "US-OH"), B=Name("Iowa", "region", "US-IA")) == "Ohio y Iowa"
    assert q("{A} y {B}", A=country("FRA", "Francia"), B=country("ESP", "España")) == "Francia y España"


def test_o_becomes_u_before_o_sound():
    assert q("¿{A} o {B}?", A=Name("Helsinki", "place"), B=Name("Oulu", "place")) == "¿Helsinki u Oulu?"
    assert q("¿{A} o {B}?", A=country("YEM", "Yemen"), B=country("OMN", "Omán")) == "¿Yemen u Omán?"
    assert q("¿{A} o {B}?", A=Name("Helsinki", "place"), B=Name("Ankara", "place")) == "¿Helsinki o Ankara?"


# ---------------------------------------------------------------------------- agreement

def test_plural_subject_makes_the_verb_plural():
    r = L.realize("¿Limita {A:subj} con {B}?", {"A": country("NLD", "Países Bajos"), "B": country("DEU", "Alemania")})
    assert r.text == "¿Limitan los Países Bajos con Alemania?"
    assert r.categories == ("ART_ADD", "AGR_CHG")
    assert q("¿Tiene {A:subj} más superficie que {B}?", A=country("PHL", "Filipinas"), B=country("JPN", "Japón")) \
        == "¿Tienen las Filipinas más superficie que Japón?"


def test_singular_subject_keeps_the_verb():
    assert q("¿Limita {A:subj} con {B}?", A=country("GBR", "Reino Unido"), B=country("IRL", "Irlanda")) == \
        "¿Limita el Reino Unido con Irlanda?"
    assert q("{A:subj} no limita con {B}", A=country("USA", "Estados Unidos"), B=country("BRA", "Brasil")) == \
        "Estados Unidos no limita con Brasil"


def test_plural_subject_verb_after_the_slot():
    assert q("{A:subj} no limita con {B}", A=country("NLD", "Países Bajos"), B=country("ESP", "España")) == \
        "Los Países Bajos no limitan con España"


def test_feminine_category_makes_determiners_and_adjectives_feminine():
    pharmacies = Name("farmacias", "category", "pharmacy")
    r = L.realize("¿Cuántos {A} hay cerca?", {"A": pharmacies})
    assert r.text == "¿Cuántas farmacias hay cerca?"
    assert r.categories == ("AGR_CHG",)
    assert q("el segundo {A_one} más poblado de {B}", A_one=Name("ciudad", "category_one", "city"),
             B=country("ITA", "Italia")) == "La segunda ciudad más poblada de Italia"
    assert q("Nombra todos los {A} situados allí.", A=pharmacies) == "Nombra todas las farmacias situadas allí."
    assert q("a los dos {A} más cercanos", A=pharmacies) == "A las dos farmacias más cercanas"
    assert q("del {A_one} más próximo", A_one=Name("farmacia", "category_one", "pharmacy")) == \
        "De la farmacia más próxima"


def test_masculine_category_is_unchanged():
    r = L.realize("¿Cuántos {A} más cercanos hay?", {"A": Name("cafés", "category", "cafe")})
    assert r.text == "¿Cuántos cafés más cercanos hay?"
    assert r.categories == ("NO_CHANGE",)


def test_agreement_does_not_reach_unrelated_words():
    assert q("el {A_one} más grande del estado", A_one=Name("ciudad", "category_one", "city")) == \
        "La ciudad más grande del estado"


# ---------------------------------------------------------------------------- events and capitals

def test_events_take_the_article_of_their_noun():
    hurricane = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    storm = Name(L.texts["event.Tropical Storm"].format(name="Fred", year=2021), "event", "Tropical Storm")
    quake = Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")
    assert q("la trayectoria de {E}", E=hurricane) == "La trayectoria del huracán Katrina (2005)"
    assert q("la trayectoria de {E}", E=storm) == "La trayectoria de la tormenta tropical Fred (2021)"
    assert q("{E} ocurrió en Chile.", E=quake) == "El terremoto us1000ce18 ocurrió en Chile."
    assert q("Sí. {E} pasó.", E=storm) == "Sí. La tormenta tropical Fred (2021) pasó."


def test_wind_field_event_gets_the_storm_article():
    text = L.texts["event.wind field"].format(storm=L.texts["event.Tropical Storm"].format(name="Fred", year=2021))
    assert q("¿Cubre {A} a {B}?", A=Name(text, "event", "wind field"), B=country("CUB", "Cuba")) == \
        "¿Cubre el campo de viento de la tormenta tropical Fred (2021) a Cuba?"


def test_question_capitalized_after_opening_mark():
    assert q("¿{A} limita con {B}?", A=country("GBR", "Reino Unido"), B=country("IRL", "Irlanda")) == \
        "¿El Reino Unido limita con Irlanda?"


# ---------------------------------------------------------------------------- values

def test_period():
    assert L.period("2018-02", "2018-02") == "en febrero de 2018"
    assert L.period("2005-07", "2005-10") == "entre julio y octubre de 2005"
    assert L.period("2018-02-01", "2018-02-07") == "entre el 1 y el 7 de febrero de 2018"
    assert L.period("2018-01-31", "2018-02-07") == "entre el 31 de enero de 2018 y el 7 de febrero de 2018"
    assert L.period("2017-11", "2018-02") == "entre noviembre de 2017 y febrero de 2018"


def test_number():
    assert L.number(0.2) == "0,2"
    assert L.number(5.0) == "5"
    assert L.number(10) == "10"


# ---------------------------------------------------------------------------- every wording

def _wordings():
    english = english_templates()
    spanish = translations("spa")
    for template in english:
        for sub in template["sub_templates"]:
            for vid, text in sub["variants"].items():
                yield vid, text, spanish[vid]


WORDINGS = list(_wordings())


def test_all_variants_translated():
    assert len(WORDINGS) == 456
    assert all(isinstance(t, str) and t.strip() for _, _, t in WORDINGS)


def test_every_placeholder_is_filled():
    for vid, english, text in WORDINGS:
        assert sorted(n for n, _ in placeholders(text)) == sorted(n for n, _ in placeholders(english)), vid
        names = {n: Name(f"X{i}q", "place") for i, (n, _) in enumerate(placeholders(text))}
        out = L.realize(text, names).text
        assert "{" not in out and "}" not in out, vid
        for n, name in names.items():
            assert name.text in out, (vid, n)


@pytest.mark.parametrize("vid", ["C9-1.v1", "K1-1.v2", "C11-1.v1"])
def test_subject_specs_agree_in_real_wordings(vid):
    text = dict((v, t) for v, _, t in WORDINGS)[vid]
    out = q(text, A=country("NLD", "Países Bajos"), B=country("BEL", "Bélgica"))
    assert out.startswith("¿") and "los Países Bajos" in out
    assert any(w in out for w in ("Lindan", "Cubren", "Rodean"))


def test_no_capital_after_colon():
    assert q("¿Cuál está más cerca de {C}: {A} o {B}?", A=country("GBR", "Reino Unido"), B=Name("Oulu", "place"),
             C=Name("París", "place")) == "¿Cuál está más cerca de París: el Reino Unido u Oulu?"


# ---------------------------------------------------------------------------- review fixes (real names)

def test_best_track_names_are_localized():
    a = Name("the best track of Hurricane Ike (2008)", "event", None, "", False)
    b = Name("the best track of Tropical Storm Mindy (2003)", "event", None, "", False)
    assert q("¿En cuántos puntos se intersecan {A} y {B}?", A=a, B=b) == (
        "¿En cuántos puntos se intersecan la mejor trayectoria del huracán Ike (2008) y la mejor trayectoria "
        "de la tormenta tropical Mindy (2003)?")


def test_english_only_territories_and_us_qualifiers():
    assert q("¿Está una parte dentro de {A}?", A=Name("Clipperton Island", "country", "CPT", "", False)) == \
        "¿Está una parte dentro de la isla Clipperton?"
    assert q("entre dos ciudades de {A}", A=Name("Coral Sea Islands", "country", "CSI", "", False)) == \
        "Entre dos ciudades de las Islas del Mar del Coral"
    assert q("¿Está Duekoué en {A}?", A=country("CIV", "Côte d’Ivoire")) == "¿Está Duekoué en Costa de Marfil?"
    assert q("el límite de {A}", A=Name("Georgia (U.S. state)", "region", "US-GA", "", False)) == \
        "El límite de Georgia (estado de EE. UU.)"
    assert q("el límite de {A}", A=Name("Puerto Rico (U.S. territory)", "region", "US-PR", "", False)) == \
        "El límite de Puerto Rico (territorio de EE. UU.)"


def test_beauty_shop_is_a_salon():
    assert L.categories["beauty shop"] == ("salón de belleza", "salones de belleza")
