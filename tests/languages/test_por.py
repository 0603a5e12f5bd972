"""Portuguese (por, Brazilian where the norms differ): the grammar rules around names, with real names."""

from __future__ import annotations

import pathlib

import pytest
import yaml

from kgbench.languages import Name, get_language, placeholders
from kgbench.languages.por import country_article
from wordings import english as english_templates, table, translations

L = get_language("por")


def country(iso: str, text: str) -> Name:
    return Name(text, "country", iso, "", True)


def state(code: str, text: str) -> Name:
    return Name(text, "region", code, "", True)


def q(text: str, **names: Name) -> str:
    return L.realize(text, names).text


def cats(text: str, **names: Name) -> tuple[str, ...]:
    return L.realize(text, names).categories


# ---------------------------------------------------------------------------- metadata and tables

def test_metadata():
    assert (L.code, L.bcp47, L.locale, L.script, L.tier) == ("por", "pt", "pt", "Latin", "high")
    assert L.family == "Indo-European (Romance)"
    assert L.decimal_comma is True
    assert set(L.forms) == {"subj"}


def test_tables():
    rows = table("categories.tsv").splitlines()[1:]
    assert len(L.categories) == len(rows) == 226
    assert L.categories["pharmacy"] == ("farmácia", "farmácias")
    assert L.categories["bus stop"] == ("ponto de ônibus", "pontos de ônibus")  # Brazilian
    assert L.compass == {"north": "norte", "east": "leste", "south": "sul", "west": "oeste"}
    assert "sim" in L.answer_words["true"] and "não" in L.answer_words["false"]
    assert "leste" in L.direction_words["E"] and "nordeste" in L.direction_words["NE"]


def test_country_lexicon_covers_countries_tsv():
    rows = [line.split("\t") for line in table("countries.tsv").splitlines()]
    col = rows[0].index("por")
    named = [(r[0], r[col]) for r in rows[1:] if r[col]]
    assert len(named) > 200
    articles = {iso: country_article(iso, text) for iso, text in named}
    assert articles["BRA"] == "o" and articles["FRA"] == "a" and articles["PRT"] is None
    assert articles["USA"] == "os" and articles["BHS"] == "as" and articles["NLD"] == "os"
    assert articles["KHM"] == "o" and articles["CIV"] == "a" and articles["ZAF"] == "a"
    assert articles["AGO"] is None and articles["ISR"] is None and articles["MOZ"] is None
    assert set(articles.values()) <= {"o", "a", "os", "as", None}


# ---------------------------------------------------------------------------- articles and contractions

def test_subject_gets_its_article():
    r = L.realize("{A} faz fronteira com {B}?", {"A": country("FRA", "França"), "B": country("ESP", "Espanha")})
    assert r.text == "A França faz fronteira com a Espanha?"
    assert r.categories == ("ART_ADD",)


def test_no_article_for_portugal_angola_israel():
    r = L.realize("{A} faz fronteira com {B}?", {"A": country("PRT", "Portugal"), "B": country("AGO", "Angola")})
    assert r.text == "Portugal faz fronteira com Angola?"
    assert r.categories == ("NO_CHANGE",)
    assert q("Fica em {A}?", A=country("ISR", "Israel")) == "Fica em Israel?"


def test_contractions_of_de_em_a_por():
    assert q("Fica em {A}, perto de {B}.", A=country("FRA", "França"), B=country("BRA", "Brasil")) == \
        "Fica na França, perto do Brasil."
    assert q("de {A} a {B}", A=country("BRA", "Brasil"), B=country("ITA", "Itália")) == "Do Brasil à Itália"
    assert q("passou por {A} e por {B}", A=country("USA", "Estados Unidos"), B=country("BHS", "Bahamas")) == \
        "Passou pelos Estados Unidos e pelas Bahamas"
    assert q("Pertence a {A}?", A=country("JPN", "Japão")) == "Pertence ao Japão?"
    assert cats("Fica em {A}?", A=country("FRA", "França")) == ("ART_ADD", "CONTR_CHG")


def test_sentence_initial_contraction_keeps_capital():
    assert q("Em {C}, quantos?", C=state("US-TX", "Texas")) == "No Texas, quantos?"


def test_name_with_its_own_article_is_not_contracted():
    assert q("a capital de {A}", A=country("SLV", "El Salvador")) == "A capital de El Salvador"


def test_parenthesised_and_comma_names_are_not_damaged():
    assert q("a população de {A}", A=country("HKG", "Hong Kong, RAE da China")) == \
        "A população de Hong Kong, RAE da China"
    assert q("Fica em {A}?", A=country("MMR", "Mianmar (Birmânia)")) == "Fica no Mianmar (Birmânia)?"
    assert q("perto de {A}", A=Name("Hesburger (Kasarmikatu)", "feature")) == "Perto de Hesburger (Kasarmikatu)"
    assert q("perto de {A}", A=Name("Rio de Janeiro, Brazil", "place")) == "Perto do Rio de Janeiro, Brazil"
    assert q("em {A}", A=Name("Travis County, Texas", "county")) == "Em Travis County, Texas"


def test_us_states():
    assert q("Fica em {A}?", A=state("US-TX", "Texas")) == "Fica no Texas?"
    # the snapshot has no Portuguese labels for US states: the lexicon gives the Brazilian names
    assert q("Fica em {A}?", A=state("US-CA", "California")) == "Fica na Califórnia?"
    assert q("Fica em {A}?", A=state("US-NY", "New York")) == "Fica em Nova York?"
    assert q("Fica em {A}?", A=state("US-NC", "North Carolina")) == "Fica na Carolina do Norte?"


def test_cities_take_no_article_except_a_few():
    assert q("de {A} a {B}", A=Name("Helsinki", "place"), B=Name("Porto", "place")) == "De Helsinki ao Porto"
    assert q("em {A}", A=Name("Austin, Texas", "place")) == "Em Austin, Texas"


def test_apposition_after_pais_takes_no_article():
    assert q("o país {A}", A=country("BRA", "Brasil")) == "O país Brasil"


def test_parameter_phrase_with_its_own_article_contracts():
    outline = Name(L.texts["word.Natural Earth's 1:10m country outlines"], "word")
    r = L.realize("conforme desenhado em {outline}", {"outline": outline})
    assert r.text.startswith("Conforme desenhado nos contornos de países")
    assert r.categories == ("CONTR_CHG",)
    assert q("em {outline}", outline=Name("OpenStreetMap", "word")) == "Em OpenStreetMap"


# ---------------------------------------------------------------------------- agreement

def test_plural_subject_makes_the_verb_plural():
    r = L.realize("{A:subj} faz fronteira com {B}?", {"A": country("USA", "Estados Unidos"),
                                                     "B": country("MEX", "México")})
    assert r.text == "Os Estados Unidos fazem fronteira com o México?"
    assert r.categories == ("ART_ADD", "AGR_CHG")
    assert q("{A:subj} tem uma área maior que {B}?", A=country("NLD", "Países Baixos"),
             B=country("BEL", "Bélgica")) == "Os Países Baixos têm uma área maior que a Bélgica?"
    assert q("{A:subj} não tem nenhum ponto", A=country("PHL", "Filipinas")) == "As Filipinas não têm nenhum ponto"


def test_singular_subject_keeps_the_verb():
    r = L.realize("{A:subj} faz fronteira com {B}?", {"A": country("BRA", "Brasil"), "B": country("URY", "Uruguai")})
    assert r.text == "O Brasil faz fronteira com o Uruguai?"
    assert "AGR_CHG" not in r.categories


def test_feminine_category_makes_determiners_and_adjectives_feminine():
    pharmacies = Name("farmácias", "category", "pharmacy")
    r = L.realize("Quantos {A} há perto?", {"A": pharmacies})
    assert r.text == "Quantas farmácias há perto?"
    assert r.categories == ("AGR_CHG",)
    assert q("os dois {A} mais próximos entre si", A=pharmacies) == "As duas farmácias mais próximas entre si"
    assert q("o segundo {A_one} mais populoso de {B}", A_one=Name("cidade", "category_one", "city"),
             B=country("ITA", "Itália")) == "A segunda cidade mais populosa da Itália"
    assert q("Cite todos os {A} localizados ali.", A=pharmacies) == "Cite todas as farmácias localizadas ali."
    assert q("perto do {A_one} mais próximo", A_one=Name("farmácia", "category_one", "pharmacy")) == \
        "Perto da farmácia mais próxima"


def test_masculine_category_is_unchanged():
    r = L.realize("Quantos {A} mais próximos há?", {"A": Name("cafés", "category", "cafe")})
    assert r.text == "Quantos cafés mais próximos há?"
    assert r.categories == ("NO_CHANGE",)


def test_agreement_does_not_reach_unrelated_words():
    assert q("o maior {A_one} do estado", A_one=Name("cidade", "category_one", "city")) == "A maior cidade do estado"


# ---------------------------------------------------------------------------- events

def test_events_take_the_article_of_their_noun():
    hurricane = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    storm = Name(L.texts["event.Tropical Storm"].format(name="Fred", year=2021), "event", "Tropical Storm")
    quake = Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")
    assert q("a trajetória de {E}", E=hurricane) == "A trajetória do furacão Katrina (2005)"
    assert q("a trajetória de {E}", E=storm) == "A trajetória da tempestade tropical Fred (2021)"
    assert q("{E} ocorreu em {period}.", E=quake, period=Name("2018", "word")) == \
        "O terremoto us1000ce18 ocorreu em 2018."
    assert q("Sim. {E} passou.", E=storm) == "Sim. A tempestade tropical Fred (2021) passou."


def test_wind_field_event_gets_the_storm_article():
    text = L.texts["event.wind field"].format(storm=L.texts["event.Hurricane"].format(name="Florence", year=2018))
    assert q("{A} cobre {B}?", A=Name(text, "event", "wind field"), B=country("PRI", "Porto Rico")) == \
        "O campo de ventos do furacão Florence (2018) cobre Porto Rico?"


# ---------------------------------------------------------------------------- values

def test_period():
    assert L.period("2018-02", "2018-02") == "em fevereiro de 2018"
    assert L.period("2005-07", "2005-10") == "entre julho e outubro de 2005"
    assert L.period("2018-02-01", "2018-02-07") == "entre 1º e 7 de fevereiro de 2018"
    assert L.period("2018-01-31", "2018-02-07") == "entre 31 de janeiro de 2018 e 7 de fevereiro de 2018"
    assert L.period("2017-11", "2018-02") == "entre novembro de 2017 e fevereiro de 2018"


def test_number():
    assert L.number(0.2) == "0,2"
    assert L.number(5.0) == "5"
    assert L.number(10) == "10"


# ---------------------------------------------------------------------------- every wording

def _wordings():
    english = english_templates()
    portuguese = translations("por")
    for template in english:
        for sub in template["sub_templates"]:
            for vid, text in sub["variants"].items():
                yield vid, text, portuguese[vid]


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
    out = q(text, A=country("USA", "Estados Unidos"), B=country("CAN", "Canadá"))
    assert out.startswith("Os Estados Unidos ")
    assert any(w in out for w in ("confinam", "cobrem", "cercam"))


def test_no_capital_after_colon():
    assert q("Qual fica mais perto de {C}: {A} ou {B}?", A=country("GBR", "Reino Unido"), B=Name("Oulu", "place"),
             C=Name("Paris", "place")) == "Qual fica mais perto de Paris: o Reino Unido ou Oulu?"


# ---------------------------------------------------------------------------- review fixes (real names)

def test_category_plural_before_slot_is_no_apposition():
    # D1-1.v1 "Quais {A} {B} atravessa?": "países" is the filled category, not "o país {A}"
    hurricane = Name("furacão Ida (2009)", "event", "Hurricane", "", True)
    countries = Name("países", "category", "country", "", True)
    assert q("Quais {A} {B} atravessa?", A=countries, B=hurricane) == "Quais países o furacão Ida (2009) atravessa?"
    assert q("Fica no país {A}?", A=country("BRA", "Brasil")) == "Fica no país Brasil?"


def test_best_track_names_are_localized():
    a = Name("the best track of Hurricane Ike (2008)", "event", None, "", False)
    b = Name("the best track of Tropical Storm Mindy (2003)", "event", None, "", False)
    assert q("Em quantos pontos {A} e {B} se intersecam?", A=a, B=b) == (
        "Em quantos pontos a melhor trajetória do furacão Ike (2008) e a melhor trajetória da tempestade "
        "tropical Mindy (2003) se intersecam?")


def test_masculine_countries_ending_in_a():
    assert q("Qual cidade de {A} é?", A=country("KEN", "Quênia")) == "Qual cidade do Quênia é?"
    assert q("Fica em {A}?", A=country("LKA", "Sri Lanka")) == "Fica no Sri Lanka?"
    assert q("Kipushi é uma cidade de {A}?", A=country("COD", "Congo - Kinshasa")) == \
        "Kipushi é uma cidade do Congo - Kinshasa?"


def test_us_state_names_in_portuguese():
    assert q("Toda a área de {A} está contida no limite de {B}?",
             A=Name("Tyler County, West Virginia", "county", None, "", False),
             B=state("US-NC", "North Carolina")) == (
        "Toda a área de Tyler County, Virgínia Ocidental está contida no limite da Carolina do Norte?")
    assert q("O limite de {A} envolve?", A=state("US-GA", "Georgia (U.S. state)")) == \
        "O limite da Geórgia (estado dos EUA) envolve?"
    assert q("Quantos condados de {A}?", A=state("US-NY", "New York")) == "Quantos condados de Nova York?"
    assert q("A que distância de {B}, em {C}?", B=Name("Palm Desert", "place"),
             C=state("US-CA", "California")) == "A que distância de Palm Desert, na Califórnia?"


def test_english_only_territories_and_locality():
    from kgbench.generator.roles import locality_sentence
    assert q("Fica dentro de {A}?", A=Name("Clipperton Island", "country", "CPT", "", False)) == \
        "Fica dentro da Ilha de Clipperton?"
    assert q("Entre duas cidades de {A}?", A=Name("Coral Sea Islands", "country", "CSI", "", False)) == \
        "Entre duas cidades das Ilhas do Mar de Coral?"
    assert locality_sentence([("Kiasma", "central Helsinki, Finland")], 1, L.texts) == \
        "Todos os lugares mencionados ficam no centro de Helsinque, Finlândia."
