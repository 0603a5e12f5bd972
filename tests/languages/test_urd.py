"""Urdu grammar rules: names left as they are before postpositions, the oblique of category nouns and event
phrases, and the gender agreement of the words around a category noun."""

from __future__ import annotations

import re

import pytest
import yaml

from kgbench.languages import Name, get_language, placeholders
from kgbench.languages.urd import agree_before, oblique_plural, oblique_singular
from wordings import english as english_templates, translations

L = get_language("urd")


def country(text, iso):
    return Name(text, "country", iso, text, True)


def cat(key, one=False):
    sg, pl = L.categories[key]
    return Name(sg if one else pl, "category_one" if one else "category", key)


def realize(text, **names):
    return L.realize(text, names)


# ---------------------------------------------------------------- names are not inflected

@pytest.mark.parametrize("name", [
    country("ریاست ہائے متحدہ امریکہ", "USA"), country("بہاماس", "BHS"), country("نیدر لینڈز", "NLD"),
    country("عراق", "IRQ"), country("متحدہ عرب امارات", "ARE"), country("ال سلواڈور", "SLV"),
    country("میانمار (برما)", "MMR"), country("امریکہ", "USA"), country("جمہوریہ ڈومينيکن", "DOM"),
    Name("Austin, ٹیکساس", "place"), Name("Hesburger (Kasarmikatu)", "feature"),
    Name("ٹیکساس", "region", "US-TX", "Texas", True), Name("Travis County, ٹیکساس", "county"), Name("کراچی", "place"),
    Name("Sesheke, Western", "place"), Name("Washington", "place"),
])
def test_names_stay_as_they_are_before_a_postposition(name):
    r = realize("کیا {A} کا رقبہ {B} کے رقبے سے زیادہ ہے؟", A=name, B=country("پاکستان", "PAK"))
    assert r.text == f"کیا {name.text} کا رقبہ پاکستان کے رقبے سے زیادہ ہے؟"
    assert r.categories == ("NO_CHANGE",)
    r = realize("{A} میں کتنے لوگ رہتے ہیں؟", A=name)
    assert r.text.startswith(name.text + " میں ")


@pytest.mark.parametrize("name, text", [
    (Name("Texas", "region", "US-TX"), "ٹیکساس"),
    (Name("Georgia (U.S. state)", "region", "US-GA"), "جارجیا (امریکی ریاست)"),
    (Name("Puerto Rico (U.S. territory)", "region", "US-PR"), "پورٹو ریکو (امریکی علاقہ)"),
    (Name("Echo Park, California", "place"), "Echo Park, کیلیفورنیا"),
    (Name("Mahaska County, Iowa", "county"), "Mahaska County, آئیووا"),
    (Name("Aurora, Colorado, ریاست ہائے متحدہ امریکہ", "place", None, "", True),
     "Aurora, کولوراڈو, ریاست ہائے متحدہ امریکہ"),
])
def test_us_states_are_written_in_urdu(name, text):
    r = realize("کیا {A} کا رقبہ بڑا ہے؟", A=name)
    assert r.text == f"کیا {text} کا رقبہ بڑا ہے؟"
    assert r.categories == ("OTHER",)


def test_a_name_ending_in_ka_ilaqa_takes_the_oblique():
    r = realize("تمام جوڑوں پر، {A} میں دو شہروں کے درمیان اوسط فاصلہ کتنا ہے؟",
                A=country("برطانوی بحر ہند کا علاقہ", "IOT"))
    assert r.text.startswith("تمام جوڑوں پر، برطانوی بحر ہند کے علاقے میں دو شہروں")
    assert r.categories == ("DEC_CHG",)


def test_the_english_storm_track_name_is_rebuilt():
    a = Name("the best track of Hurricane Ike (2008)", "event")
    b = Name("the best track of Tropical Storm Mindy (2003)", "event")
    r = realize("{A} اور {B} کتنے نقاط پر ایک دوسرے کو قطع کرتے ہیں؟", A=a, B=b)
    assert r.text == ("سمندری طوفان Ike (2008) کا بہترین ٹریک اور استوائی طوفان Mindy (2003) کا بہترین ٹریک "
                      "کتنے نقاط پر ایک دوسرے کو قطع کرتے ہیں؟")
    r = realize("{A} اور {B} کے کتنے الگ الگ نقاطِ تقاطع ہیں؟", A=a, B=b)
    assert r.text == ("سمندری طوفان Ike (2008) کے بہترین ٹریک اور استوائی طوفان Mindy (2003) کے بہترین ٹریک "
                      "کے کتنے الگ الگ نقاطِ تقاطع ہیں؟")


def test_finish_leaves_the_text_alone():
    r = realize("{E} کہاں تھا؟", E=Name("us1000ce18", "place"))
    assert r.text == "us1000ce18 کہاں تھا؟"


# ---------------------------------------------------------------- oblique forms

@pytest.mark.parametrize("plural, oblique", [
    ("دکانیں", "دکانوں"), ("شراب کی دکانیں", "شراب کی دکانوں"), ("شہر", "شہروں"), ("کاؤنٹیاں", "کاؤنٹیوں"),
    ("بس اڈے", "بس اڈوں"), ("سڑکیں", "سڑکوں"), ("عمارتیں", "عمارتوں"), ("دفاتر", "دفاتر"),
    ("سیاحتی مقامات", "سیاحتی مقامات"), ("کیفے", "کیفوں"), ("ہوٹل", "ہوٹلوں"), ("فارمیسیاں", "فارمیسیوں"),
    ("ممالک", "ممالک"), ("زلزلے", "زلزلوں"),
])
def test_oblique_plural(plural, oblique):
    assert oblique_plural(plural) == oblique


def test_oblique_singular():
    assert oblique_singular("بس اڈہ", "m") == "بس اڈے"
    assert oblique_singular("پارک کا راستہ", "m") == "پارک کے راستے"
    assert oblique_singular("کھیل کا میدان", "m") == "کھیل کے میدان"
    assert oblique_singular("شراب کی دکان", "f") == "شراب کی دکان"
    assert oblique_singular("ہوٹل", "m") == "ہوٹل"


def test_category_before_a_postposition_takes_the_oblique():
    r = realize("{B} سے 5 کلومیٹر کے اندر {A:obl} کی تعداد کتنی ہے؟", B=Name("Kiasma", "feature"), A=cat("hotel"))
    assert r.text == "Kiasma سے 5 کلومیٹر کے اندر ہوٹلوں کی تعداد کتنی ہے؟"
    assert r.categories == ("DEC_CHG",)
    r = realize("{B} میں {A:obl} کے درمیان اوسط فاصلہ کتنا ہے؟", B=country("فرانس", "FRA"), A=cat("city"))
    assert r.text == "فرانس میں شہروں کے درمیان اوسط فاصلہ کتنا ہے؟"


# ---------------------------------------------------------------- agreement

def test_quantifier_agrees_with_a_feminine_category():
    r = realize("{B} سے 1 کلومیٹر کے اندر کتنے {A} ہیں؟", B=Name("Esplanadi", "feature"), A=cat("shop"))
    assert r.text == "Esplanadi سے 1 کلومیٹر کے اندر کتنی دکانیں ہیں؟"
    assert r.categories == ("AGR_CHG",)
    r = realize("{B} سے 1 کلومیٹر کے اندر کتنے {A} ہیں؟", B=Name("Esplanadi", "feature"), A=cat("restaurant"))
    assert r.text == "Esplanadi سے 1 کلومیٹر کے اندر کتنے ریستوران ہیں؟"
    assert r.categories == ("NO_CHANGE",)


def test_which_agrees_before_and_after():
    assert realize("کون سے {A} ہیں؟", A=cat("pharmacy")).text == "کون سی فارمیسیاں ہیں؟"
    assert realize("سب سے بڑا {A_one} کون سا ہے؟", A_one=cat("county", one=True)).text == \
        "سب سے بڑی کاؤنٹی کون سی ہے؟"
    assert realize("سب سے بڑا {A_one} (یا مساوی علاقہ) کون سا ہے؟", A_one=cat("city", one=True)).text == \
        "سب سے بڑا شہر (یا مساوی علاقہ) کون سا ہے؟"
    # سے after something other than کون is the postposition "from", and stays
    assert realize("{B} سے {A} گنیں۔", B=Name("Kiasma"), A=cat("shop")).text == "Kiasma سے دکانیں گنیں۔"


def test_genitive_agrees_with_a_feminine_head_across_an_adjective_chain():
    r = realize("{B} کے {A:obl} میں", B=Name("ٹیکساس", "region", "US-TX", "Texas", True), A=cat("county"))
    assert r.text == "ٹیکساس کی کاؤنٹیوں میں"
    assert r.categories == ("ADP_CHG", "DEC_CHG")
    assert agree_before("ریاست کے سب سے بڑے ") == ("ریاست کی سب سے بڑی ", ("ADP_CHG", "AGR_CHG"))
    assert agree_before("ملنے والے دوسرے نام والے ")[0] == "ملنے والی دوسری نام والی "
    r = realize("ریاست کے سب سے بڑے {B_one:obl} کو", B_one=cat("city", one=True))
    assert r.text == "ریاست کے سب سے بڑے شہر کو"


def test_roads_are_feminine():
    text = "{B} کو پار کرنے یا اس سے ملنے والے دوسرے نام والے {A} کتنے ہیں؟"
    r = realize(text, B=Name("Mannerheimintie", "feature"), A=cat("road"))
    assert r.text == "Mannerheimintie کو پار کرنے یا اس سے ملنے والی دوسری نام والی سڑکیں کتنی ہیں؟"


# ---------------------------------------------------------------- events

def test_event_phrase_in_h_takes_its_oblique_before_a_postposition():
    quake = L.texts["event.earthquake"].format(id="us1000ce18")
    r = realize("{E} کا مرکزِ زلزلہ {B} سے کتنا دور تھا؟", E=Name(quake, "event", "earthquake"), B=Name("Ankara"))
    assert r.text == "us1000ce18 نامی زلزلے کا مرکزِ زلزلہ Ankara سے کتنا دور تھا؟"
    assert r.categories == ("DEC_CHG",)
    r = realize("{E}، {B} سے کتنا دور تھا؟", E=Name(quake, "event", "earthquake"), B=Name("Ankara"))
    assert r.text == "us1000ce18 نامی زلزلہ، Ankara سے کتنا دور تھا؟"
    storm = L.texts["event.Hurricane"].format(name="Katrina", year=2005)
    field = L.texts["event.wind field"].format(storm=storm)
    assert realize("{E} میں", E=Name(field, "event", "wind field")).text == \
        "سمندری طوفان Katrina (2005) کی ہواؤں کے دائرے میں"
    assert realize("{E} کا راستہ", E=Name(storm, "event", "Hurricane")).text == "سمندری طوفان Katrina (2005) کا راستہ"


# ---------------------------------------------------------------- period and number

def test_period_phrases():
    assert L.period("1988-07", "1988-07") == "جولائی 1988 میں"
    assert L.period("2005-07", "2005-10") == "جولائی سے اکتوبر 2005 کے درمیان"
    assert L.period("2018-02-01", "2018-02-07") == "1 سے 7 فروری 2018 کے درمیان"
    assert L.period("2018-01-31", "2018-02-07") == "31 جنوری، 2018 اور 7 فروری، 2018 کے درمیان"


def test_numbers():
    assert L.number(0.2) == "0.2"
    assert L.number(5.0) == "5"


# ---------------------------------------------------------------- every wording

def test_every_wording_fills_every_placeholder():
    english = english_templates()
    urdu = translations("urd")
    samples = [country("ریاست ہائے متحدہ امریکہ", "USA"), Name("Austin, Texas", "place"),
               Name("Hesburger (Kasarmikatu)", "feature"),
               Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")]
    count = 0
    for template in english:
        for sub in template["sub_templates"]:
            for vid, en in sub["variants"].items():
                text = urdu[vid]
                assert sorted(n for n, _ in placeholders(text)) == sorted(n for n, _ in placeholders(en)), vid
                names = {}
                for i, (role, _) in enumerate(placeholders(text)):
                    base = role[:-4] if role.endswith("_one") else role
                    info = template["roles"].get(base)
                    if info is not None and info.get("kind") == "category":
                        names[role] = cat((info.get("categories") or ["shop"])[0], one=role != base)
                    elif info is not None:
                        names[role] = samples[i % len(samples)]
                    elif role == "direction":
                        names[role] = Name(L.compass["north"], "direction", "north")
                    elif role == "period":
                        names[role] = Name(L.period("1988-07", "1988-07"), "period")
                    else:
                        names[role] = Name(L.number(0.5), "number")
                r = L.realize(text, names)
                assert not re.search(r"\{[A-Za-z_]", r.text), (vid, r.text)
                assert "کتنے دکان" not in r.text and "کون سے دکان" not in r.text, (vid, r.text)
                count += 1
    assert count == 456


def test_parameter_phrase_takes_the_oblique_genitive_before_a_postposition():
    outline = L.texts["word.Natural Earth's 1:10m country outlines"]
    r = realize("{outline} میں {A} کا محیط کتنا ہے؟", outline=Name(outline, "word"), A=country("فرانس", "FRA"))
    assert r.text == "Natural Earth کے 1:10m ملکی خاکوں کے ڈیٹا میں فرانس کا محیط کتنا ہے؟"
    assert r.categories == ("DEC_CHG",)
    osm = Name(L.texts["word.OpenStreetMap"], "word")
    assert realize("{outline} میں", outline=osm).text == "OpenStreetMap میں"
