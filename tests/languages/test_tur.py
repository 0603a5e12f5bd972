"""Turkish grammar rules: case suffixes with vowel harmony, buffer letters and assimilation, the pronominal n of
compounds, the singular after kaç, the question particle, the fallback for names with a parenthesis."""

from __future__ import annotations

import re

import pytest
import yaml

from kgbench.languages import Name, get_language, placeholders
from kgbench.languages.tur import inflect_common, inflect_proper, suffix
from wordings import english as english_templates, translations

L = get_language("tur")


def country(text, iso):
    return Name(text, "country", iso, text, True)


def realize(text, **names):
    return L.realize(text, names)


# ---------------------------------------------------------------- proper names

@pytest.mark.parametrize("name, case, expected", [
    ("Fransa", "loc", "Fransa'da"), ("Irak", "loc", "Irak'ta"), ("Irak", "dat", "Irak'a"),
    ("Türkiye", "gen", "Türkiye'nin"), ("Peru", "gen", "Peru'nun"), ("Mısır", "abl", "Mısır'dan"),
    ("Angola", "dat", "Angola'ya"), ("İsrail", "gen", "İsrail'in"), ("İsviçre", "loc", "İsviçre'de"),
    ("Almanya", "acc", "Almanya'yı"), ("Japonya", "ins", "Japonya'yla"), ("Ürdün", "gen", "Ürdün'ün"),
    ("Paris", "abl", "Paris'ten"), ("New York", "loc", "New York'ta"), ("Ohio", "gen", "Ohio'nun"),
    ("Helsinki", "dat", "Helsinki'ye"), ("Kentucky", "loc", "Kentucky'de"), ("Oulu", "acc", "Oulu'yu"),
    ("Mannerheimintie", "abl", "Mannerheimintie'den"), ("Ankara", "loc", "Ankara'da"),
])
def test_proper_names_take_the_harmonized_suffix_after_an_apostrophe(name, case, expected):
    assert inflect_proper(name, case) == expected


def test_plural_names_inflect_regularly():
    assert inflect_proper("Bahamalar", "loc") == "Bahamalar'da"
    assert inflect_proper("Filipinler", "dat") == "Filipinler'e"
    assert inflect_proper("Maldivler", "gen") == "Maldivler'in"


def test_names_ending_in_a_compound_possessive_take_the_pronominal_n():
    assert inflect_proper("Amerika Birleşik Devletleri", "loc") == "Amerika Birleşik Devletleri'nde"
    assert inflect_proper("Amerika Birleşik Devletleri", "dat") == "Amerika Birleşik Devletleri'ne"
    assert inflect_proper("Cayman Adaları", "abl") == "Cayman Adaları'ndan"
    assert inflect_proper("Dominik Cumhuriyeti", "acc") == "Dominik Cumhuriyeti'ni"
    assert inflect_proper("Birleşik Arap Emirlikleri", "gen") == "Birleşik Arap Emirlikleri'nin"


def test_names_with_their_own_article_keep_it_and_take_the_suffix_at_the_end():
    assert inflect_proper("El Salvador", "loc") == "El Salvador'da"
    r = realize("{A}, {B:dat} bitişik mi?", A=country("El Salvador", "SLV"), B=country("Honduras", "HND"))
    assert r.text == "El Salvador, Honduras'a bitişik mi?"


def test_abbreviations_are_read_by_their_letter_names():
    assert inflect_proper("ABD", "loc") == "ABD'de"
    assert inflect_proper("ABD", "gen") == "ABD'nin"
    assert inflect_proper("ABD", "dat") == "ABD'ye"


def test_foreign_names_read_by_their_pronunciation():
    assert inflect_proper("Liechtenstein", "loc") == "Liechtenstein'da"
    assert inflect_proper("Côte d’Ivoire", "dat") == "Côte d’Ivoire'a"


def test_a_comma_qualifier_takes_the_suffix_on_its_last_word():
    r = realize("{A:loc} kaç kişi yaşıyor?", A=Name("Austin, Texas", "place"))
    assert r.text == "Austin, Texas'ta kaç kişi yaşıyor?"
    assert r.categories == ("DEC_CHG",)
    r = realize("{A:gen} nüfusu nedir?", A=Name("Travis County, Texas", "county"))
    assert r.text == "Travis County, Texas'ın nüfusu nedir?"


def test_country_in_a_wording():
    r = realize("{A} şehri {B:loc} mı?", A=Name("Bergen", "place"), B=country("Norveç", "NOR"))
    assert r.text == "Bergen şehri Norveç'te mi?"
    assert [e.category for e in r.edits] == ["DEC_CHG", "AGR_CHG"]
    r = realize("{A}, {B:dat} bitişik mi?", A=country("Fransa", "FRA"), B=country("İsviçre", "CHE"))
    assert r.text == "Fransa, İsviçre'ye bitişik mi?"
    r = realize("{A} ve {B} ülkeleri bir kara sınırını paylaşıyor mu?", A=country("Irak", "IRQ"),
                B=country("Türkiye", "TUR"))
    assert r.text == "Irak ve Türkiye ülkeleri bir kara sınırını paylaşıyor mu?"
    assert r.categories == ("NO_CHANGE",)


def test_a_name_with_a_parenthesis_is_never_inflected_inside_it():
    r = realize("{B:dat} 5 km mesafe içinde kaç kafe var?", B=Name("Hesburger (Kasarmikatu)", "feature"))
    assert r.text == "Hesburger (Kasarmikatu) adlı yere 5 km mesafe içinde kaç kafe var?"
    assert r.categories == ("OTHER",)
    r = realize("{A:loc.ki} şehirler", A=country("Myanmar (Burma)", "MMR"))
    assert r.text == "Myanmar (Burma) adlı ülkedeki şehirler"
    assert "(Burma)'" not in r.text


def test_locative_relative_ki():
    r = realize("{B:loc.ki} {A} arasındaki ortalama uzaklık nedir?", B=country("Fransa", "FRA"),
                A=Name("şehirler", "category", "city"))
    assert r.text == "Fransa'daki şehirler arasındaki ortalama uzaklık nedir?"
    assert realize("{B:loc.ki} kuleler", B=country("Amerika Birleşik Devletleri", "USA")).text == \
        "Amerika Birleşik Devletleri'ndeki kuleler"


# ---------------------------------------------------------------- question particle

def test_question_particle_follows_the_harmony_of_the_name_before_it():
    text = "{A} mı yoksa {B} mı {C:dat} daha yakın?"
    r = realize(text, A=Name("Helsinki"), B=Name("Oulu"), C=Name("Ankara"))
    assert r.text == "Helsinki mi yoksa Oulu mu Ankara'ya daha yakın?"
    r = realize(text, A=Name("Ankara"), B=Name("Türkü"), C=Name("Paris"))
    assert r.text == "Ankara mı yoksa Türkü mü Paris'e daha yakın?"
    assert r.categories == ("AGR_CHG", "DEC_CHG")


def test_particle_is_not_confused_with_a_word_starting_with_m():
    r = realize("{A} müzeleri", A=Name("Ankara"))
    assert r.text == "Ankara müzeleri"


# ---------------------------------------------------------------- common nouns, categories, events

@pytest.mark.parametrize("noun, case, expected", [
    ("kafeler", "loc", "kafelerde"), ("kafeler", "gen", "kafelerin"), ("otobüs durağı", "loc", "otobüs durağında"),
    ("otobüs durakları", "acc", "otobüs duraklarını"), ("konsolosluk", "dat", "konsolosluğa"),
    ("ağaç", "acc", "ağacı"), ("park", "dat", "parka"), ("şehir", "gen", "şehrin"), ("ilçe", "acc", "ilçeyi"),
    ("gece kulübü", "loc", "gece kulübünde"), ("ATM", "loc", "ATM'de"), ("ATM'ler", "gen", "ATM'lerin"),
    ("anaokulu", "loc", "anaokulunda"),
])
def test_common_nouns(noun, case, expected):
    assert inflect_common(noun, case) == expected


def test_kac_takes_the_singular_of_the_category():
    r = realize("{B:dat} {radius_km} km mesafe içinde kaç {A:sg} var?", B=Name("Kiasma", "feature"),
                A=Name("kafeler", "category", "cafe"), radius_km=Name(L.number(0.2), "number"))
    assert r.text == "Kiasma'ya 0,2 km mesafe içinde kaç kafe var?"
    assert r.categories == ("DEC_CHG", "AGR_CHG")
    r = realize("{B} kaç {A:sg.acc} kat ediyor?", B=Name("2005 yılındaki Katrina Kasırgası", "event", "Hurricane"),
                A=Name("ilçeler", "category", "county"))
    assert r.text == "2005 yılındaki Katrina Kasırgası kaç ilçeyi kat ediyor?"


def test_event_names():
    hurricane = L.texts["event.Hurricane"].format(name="Katrina", year=2005)
    assert realize("{E:gen} izi", E=Name(hurricane, "event", "Hurricane")).text == \
        "2005 yılındaki Katrina Kasırgası'nın izi"
    quake = L.texts["event.earthquake"].format(id="us1000ce18")
    r = realize("{E:gen} merkez üssü nerede?", E=Name(quake, "event", "earthquake"))
    assert r.text == "us1000ce18 depreminin merkez üssü nerede?"   # the identifier is not capitalized
    field = L.texts["event.wind field"].format(storm=hurricane)
    assert realize("{A} ve {B} örtüşüyor mu?", A=Name(field, "event", "wind field"), B=country("Küba", "CUB")).text \
        == "2005 yılındaki Katrina Kasırgası kaynaklı rüzgâr alanı ve Küba örtüşüyor mu?"
    assert realize("{A:dat}", A=Name(field, "event", "wind field")).text.endswith("rüzgâr alanına")


def test_direction_word_takes_a_suffix_without_apostrophe():
    r = realize("{B:loc} en {direction:loc} yer alan {A_one} hangisidir?", B=country("Japonya", "JPN"),
                direction=Name("doğu", "direction", "east"), A_one=Name("şehir", "category_one", "city"))
    assert r.text == "Japonya'da en doğuda yer alan şehir hangisidir?"


def test_finish_capitalizes_the_turkish_way():
    assert realize("idari olarak {A}", A=Name("Ohio")).text == "İdari olarak Ohio"
    assert realize("{A} nerede?", A=Name("ıspartakule")).text == "Ispartakule nerede?"


# ---------------------------------------------------------------- period and number

def test_period_phrases():
    assert L.period("1988-07", "1988-07") == "Temmuz 1988'de"
    assert L.period("2005-10", "2005-10") == "Ekim 2005'te"
    assert L.period("2000-01", "2000-01") == "Ocak 2000'de"
    assert L.period("2005-07", "2005-10") == "2005 yılının Temmuz ile Ekim ayları arasında"
    assert L.period("2018-02-01", "2018-02-07") == "1 ile 7 Şubat 2018 tarihleri arasında"
    assert L.period("2018-01-31", "2018-02-07") == "31 Ocak 2018 ile 7 Şubat 2018 tarihleri arasında"


def test_number_uses_the_decimal_comma():
    assert L.number(0.2) == "0,2"
    assert L.number(5.0) == "5"
    assert L.number(12.5) == "12,5"
    assert suffix("5", "loc") == "de"   # spelling fallback; years and days go through reading()


# ---------------------------------------------------------------- every wording

SAMPLES = {"country": country("Amerika Birleşik Devletleri", "USA"), "region": Name("Texas", "region", "US-TX"),
           "place": Name("Austin, Texas", "place"), "feature": Name("Hesburger (Kasarmikatu)", "feature"),
           "event": Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")}


def test_every_wording_fills_every_placeholder():
    english = english_templates()
    turkish = translations("tur")
    count = 0
    for template in english:
        for sub in template["sub_templates"]:
            for vid, en in sub["variants"].items():
                text = turkish[vid]
                assert sorted(n for n, _ in placeholders(text)) == sorted(n for n, _ in placeholders(en)), vid
                names = {}
                for role, spec in placeholders(text):
                    base = role[:-4] if role.endswith("_one") else role
                    info = template["roles"].get(base)
                    if info is not None and info.get("kind") == "category":
                        cat = (info.get("categories") or ["cafe"])[0]
                        one, many = L.categories[cat]
                        names[role] = Name(one if role != base else many,
                                           "category_one" if role != base else "category", cat)
                    elif info is not None:
                        names[role] = SAMPLES["place"] if role == "B" else SAMPLES["country"]
                    elif role == "direction":
                        names[role] = Name(L.compass["west"], "direction", "west")
                    elif role == "period":
                        names[role] = Name(L.period("2018-02-01", "2018-02-07"), "period")
                    else:
                        names[role] = Name(L.number(2.5), "number")
                r = L.realize(text, names)
                assert not re.search(r"\{[A-Za-z_]", r.text), (vid, r.text)
                assert "Amerika Birleşik Devletleri" in r.text or "Austin, Texas" in r.text or "{" not in text
                count += 1
    assert count == 456


def test_review_label_repairs_and_transliterated_vowels():
    """Review fixes: macron vowels harmonize, palatal-l names, English or wrong labels repaired."""
    assert L.realize("{A:acc}", {"A": Name("Pipariā")}).text == "Pipariā'yı"
    assert L.realize("{A:dat}", {"A": Name("Mīzan Teferī")}).text == "Mīzan Teferī'ye"
    assert L.realize("{A:abl}", {"A": Name("Qarqīn")}).text == "Qarqīn'den"
    assert L.realize("{A:gen}", {"A": country("Senegal", "SEN")}).text == "Senegal'in"
    assert L.realize("{A:loc}", {"A": country("Côte d’Ivoire", "CIV")}).text == "Fildişi Sahili'nde"
    assert L.realize("{A:gen}", {"A": Name("Gürcistan (U.S. state)", "region")}).text == "Georgia'nın"
    assert L.realize("{A}", {"A": Name("Macon County, Gürcistan", "county")}).text == "Macon County, Georgia"
    r = L.realize("{A} ile {B:gen} kaç farklı kesişim noktası var?",
                  {"A": Name("the best track of Hurricane Harvey (2017)", "feature"),
                   "B": Name("the best track of Tropical Storm Nate (2017)", "feature")})
    assert r.text == ("2017 yılındaki Harvey Kasırgası'nın en iyi izi ile 2017 yılındaki Nate Tropik Fırtınası'nın "
                      "en iyi izinin kaç farklı kesişim noktası var?")
