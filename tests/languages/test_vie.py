"""Vietnamese grammar rules: classifier and plural-marker doubling, periods, numbers, placeholders."""

import re

import yaml

from kgbench.languages import Name, get_language, placeholders
from wordings import translations

L = get_language("vie")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def test_metadata():
    assert (L.code, L.bcp47, L.locale, L.script, L.tier) == ("vie", "vi", "vi", "Latin", "medium")
    assert L.family == "Austroasiatic"


def test_plain_substitution_records_nothing():
    r = L.realize("{A} có giáp với {B} không?", {"A": country("Pháp", "FRA"), "B": country("Đức", "DEU")})
    assert r.text == "Pháp có giáp với Đức không?"
    assert r.categories == ("NO_CHANGE",)


def test_plural_country_names_unchanged():
    r = L.realize("{A} có lớn hơn {B} không?", {"A": country("Hoa Kỳ", "USA"), "B": country("Bahamas", "BHS")})
    assert r.text == "Hoa Kỳ có lớn hơn Bahamas không?"
    r = L.realize("{A} có giáp với {B} không?", {"A": country("Hà Lan", "NLD"), "B": country("Bỉ", "BEL")})
    assert r.text == "Hà Lan có giáp với Bỉ không?"


def test_doubled_classifier_is_dropped():
    r = L.realize("Thành phố {A} có ở {B} không?",
                  {"A": Name("Thành phố Hồ Chí Minh", "place"), "B": country("Việt Nam", "VNM")})
    assert r.text == "Thành phố Hồ Chí Minh có ở Việt Nam không?"
    assert r.categories == ("ART_DEL",)


def test_doubled_classifier_mid_sentence():
    r = L.realize("Quốc gia {A} có tiếp giáp với quần đảo {B} không?",
                  {"A": country("Anh", "GBR"), "B": country("Quần đảo Cayman", "CYM")})
    assert r.text == "Quốc gia Anh có tiếp giáp với Quần đảo Cayman không?"
    assert [e.category for e in r.edits] == ["ART_DEL"]
    assert r.edits[0].role == "B"


def test_classifier_kept_when_name_differs():
    r = L.realize("Thành phố {A} có ở {B} không?", {"A": Name("Oulu", "place"), "B": country("Phần Lan", "FIN")})
    assert r.text == "Thành phố Oulu có ở Phần Lan không?"
    assert r.categories == ("NO_CHANGE",)


def test_plural_marker_of_name_not_doubled():
    uae = country("Các Tiểu Vương quốc Ả Rập Thống nhất", "ARE")
    r = L.realize("Hãy liệt kê các {A}.", {"A": uae})
    assert r.text == "Hãy liệt kê Các Tiểu Vương quốc Ả Rập Thống nhất."
    assert r.categories == ("ART_DEL",)
    r = L.realize("{A} có giáp với {B} không?", {"A": uae, "B": country("Ô-man", "OMN")})
    assert r.text.startswith("Các Tiểu Vương quốc Ả Rập Thống nhất có giáp")


def test_names_with_qualifier_or_parentheses_untouched():
    r = L.realize("{A} cách {B} bao xa?", {"A": Name("Austin, Texas", "place"),
                                           "B": Name("Hesburger (Kasarmikatu)", "feature")})
    assert r.text == "Austin, Texas cách Hesburger (Kasarmikatu) bao xa?"
    r = L.realize("{A} có ở {B} không?", {"A": Name("Travis County, Texas", "county"),
                                          "B": Name("Texas", "region", "US-TX")})
    assert r.text == "Travis County, Texas có ở Texas không?"


def test_event_name_opening_question_is_capitalized():
    storm = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    r = L.realize("{E} đi qua bao nhiêu {A}?", {"E": storm, "A": Name("quận", "category", "county")})
    assert r.text == "Bão cuồng phong Katrina (2005) đi qua bao nhiêu quận?"
    assert r.categories == ("NO_CHANGE",)


def test_period():
    assert L.period("2018-02", "2018-02") == "vào tháng 2 năm 2018"
    assert L.period("2005-07", "2005-10") == "từ tháng 7 đến tháng 10 năm 2005"
    assert L.period("2018-02-01", "2018-02-07") == "từ ngày 1 đến ngày 7 tháng 2 năm 2018"
    assert L.period("2018-01-31", "2018-02-07") == "từ ngày 31 tháng 1 năm 2018 đến ngày 7 tháng 2 năm 2018"
    assert L.period("2004-12", "2005-01") == "từ tháng 12 năm 2004 đến tháng 1 năm 2005"


def test_number():
    assert L.number(0.2) == "0,2"
    assert L.number(5.0) == "5"
    assert L.number(10) == "10"
    assert L.number(15000) == "15.000"
    assert L.number(2.5) == "2,5"


def test_categories_singular_plural():
    assert L.categories["cafe"] == ("quán cà phê", "quán cà phê")
    assert L.categories["atm"][0] == "máy ATM"
    assert all(not v[1].startswith("các ") for v in L.categories.values())


def test_every_placeholder_is_filled():
    tr = translations("vie")
    sample = {"A": Name("Helsinki"), "B": Name("Pháp", "country", "FRA"), "C": Name("Oulu"),
              "E": Name("trận động đất us1000ce18", "event", "earthquake"), "T": Name("bão nhiệt đới Fred (2021)", "event"),
              "X": Name("quán cà phê", "category"), "Y": Name("quán bar", "category"), "Z": Name("nhà hàng", "category"),
              "A_one": Name("quán cà phê", "category_one"), "B_one": Name("thành phố", "category_one"),
              "C_one": Name("quán bar", "category_one"), "direction": Name("bắc", "direction", "north"),
              "period": Name(L.period("2018-02", "2018-02"), "period")}
    assert len(tr) == 456
    for vid, text in tr.items():
        names = dict(sample)
        for n, _ in placeholders(text):
            names.setdefault(n, Name("7", "number"))
        r = L.realize(text, names)
        assert not re.search(r"[{}]", r.text), vid
        assert r.text[0].isupper(), vid


def test_vowel_initial_and_region_names_unchanged():
    r = L.realize("{A} có tiếp giáp với {B} không?", {"A": country("Ai Cập", "EGY"), "B": country("Israel", "ISR")})
    assert r.text == "Ai Cập có tiếp giáp với Israel không?"
    r = L.realize("Về mặt hành chính, {A} có nằm ở bang {B} không?",
                  {"A": Name("Travis County, Texas", "county"), "B": Name("Texas", "region", "US-TX")})
    assert r.text == "Về mặt hành chính, Travis County, Texas có nằm ở bang Texas không?"
    assert r.categories == ("NO_CHANGE",)


def test_answer_words_do_not_overlap_direction_words():
    answers = {w for ws in L.answer_words.values() for w in ws}
    directions = {w for ws in L.direction_words.values() for w in ws}
    assert not answers & directions


def test_english_storm_track_name_is_rebuilt():
    a = Name("the best track of Hurricane Ike (2008)", "event")
    b = Name("the best track of Tropical Storm Mindy (2003)", "event")
    r = L.realize("{A} và {B} giao nhau tại bao nhiêu điểm?", {"A": a, "B": b})
    assert r.text == ("Best track của bão cuồng phong Ike (2008) và best track của bão nhiệt đới Mindy (2003) "
                      "giao nhau tại bao nhiêu điểm?")
    assert r.categories == ("OTHER",)


def test_us_states_with_a_vietnamese_name():
    r = L.realize("{A} và {B} có rời nhau về mặt không gian không?",
                  {"A": Name("Tyler County, West Virginia", "county"), "B": Name("Texas", "region", "US-TX")})
    assert r.text == "Tyler County, Tây Virginia và Texas có rời nhau về mặt không gian không?"
    r = L.realize("Ranh giới hành chính của {A} có bao trọn toàn bộ {B} không?",
                  {"A": Name("Georgia (U.S. state)", "region", "US-GA"), "B": Name("Irwin County", "county")})
    assert r.text == "Ranh giới hành chính của Georgia (tiểu bang Hoa Kỳ) có bao trọn toàn bộ Irwin County không?"
