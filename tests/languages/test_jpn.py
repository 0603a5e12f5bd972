"""Unit tests of the Japanese grammar rules (kgbench.languages.jpn) with real names."""

import os
import re

import pytest

from kgbench.languages import Name, get_language, placeholders
from wordings import translations

L = get_language("jpn")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def state(text, code):
    return Name(text, "region", code, "", True)


def realize(wording, **names):
    return L.realize(wording, names)


def test_metadata():
    assert (L.code, L.bcp47, L.locale, L.script, L.family, L.tier) == ("jpn", "ja", "ja", "Kana/Kanji", "Japonic", "high")


@pytest.mark.parametrize("text,iso", [("アンゴラ", "AGO"), ("イタリア", "ITA"), ("アメリカ合衆国", "USA"),
                                      ("バハマ", "BHS"), ("オランダ", "NLD"), ("フィリピン", "PHL"),
                                      ("アラブ首長国連邦", "ARE")])
def test_country_names_take_particles_unchanged(text, iso):
    # vowel-initial and plural names: Japanese particles do not depend on the name
    r = realize("{A}と{B}は国境を接していますか？", A=country(text, iso), B=country("フランス", "FRA"))
    assert r.text == f"{text}とフランスは国境を接していますか？"
    assert r.categories == ("NO_CHANGE",)


def test_name_with_qualifier_in_parentheses_is_not_damaged():
    r = realize("{A}から{B}までの距離は？", A=country("コンゴ共和国(ブラザビル)", "COG"),
                B=Name("Hesburger (Kasarmikatu)", "feature"))
    assert r.text == "コンゴ共和国(ブラザビル)からHesburger (Kasarmikatu)までの距離は？"


def test_name_with_comma_qualifier_is_not_damaged():
    r = realize("{A}は{B}より北にありますか？", A=Name("Austin, Texas", "place"), B=Name("Bergen, Norway", "place"))
    assert r.text == "Austin, TexasはBergen, Norwayより北にありますか？"
    assert r.categories == ("NO_CHANGE",)


def test_names_with_their_own_article_are_kept():
    r = realize("{A}から{B}まで", A=Name("Den Haag", "place"), B=Name("Le Havre", "place"))
    assert r.text == "Den HaagからLe Havreまで"


def test_us_state_takes_shu():
    r = realize("{A}は{B}に隣接していますか？", A=state("ジョージア", "US-GA"), B=state("フロリダ", "US-FL"))
    assert r.text == "ジョージア州はフロリダ州に隣接していますか？"
    assert [e.category for e in r.edits] == ["OTHER", "OTHER"]


def test_us_state_shu_not_doubled():
    assert realize("{A}の郡", A=state("コロンビア特別区", "US-DC")).text == "コロンビア特別区の郡"
    assert realize("{A}州の郡", A=state("テキサス", "US-TX")).text == "テキサス州の郡"
    assert realize("{A}の郡", A=state("テキサス州", "US-TX")).text == "テキサス州の郡"


def test_latin_fallback_state_and_non_us_region_unchanged():
    assert realize("{A}の郡", A=Name("Maryland", "region", "US-MD")).text == "Marylandの郡"
    assert realize("{A}の都市", A=Name("ウーシマー", "region", "FI-18")).text == "ウーシマーの都市"
    # a country named like a state gets no 州
    assert realize("{A}の都市", A=country("ジョージア", "GEO")).text == "ジョージアの都市"


@pytest.mark.parametrize("text,code,expected", [("ジョージア (U.S. state)", "US-GA", "ジョージア州"),
                                                 ("プエルトリコ (U.S. territory)", "US-PR", "プエルトリコ（米国領）")])
def test_english_disambiguator_of_region_replaced(text, code, expected):
    # E4-1: "ジョージア (U.S. state)の行政境界", "プエルトリコ (U.S. territory)の行政境界"
    r = realize("{A}の行政境界", A=state(text, code))
    assert r.text == f"{expected}の行政境界"
    assert r.categories == ("OTHER",)
    assert realize("{A}州の郡", A=state("ジョージア (U.S. state)", "US-GA")).text == "ジョージア州の郡"


def test_best_track_names_localized():
    # C3-1: the track names reached the question in English
    r = realize("{A}と{B}はいくつの点で交差しますか？", A=Name("the best track of Hurricane Ike (2008)", "event", "Hurricane"),
                B=Name("the best track of Tropical Depression Eight (2013)", "event"))
    assert r.text == ("ハリケーン・Ike（2008年）のベストトラックと熱帯低気圧Eight（2013年）のベストトラックは"
                      "いくつの点で交差しますか？")
    assert r.categories == ("OTHER",)


def test_spaces_around_names_removed():
    r = realize("{A} と {B} の距離", A=Name("ヘルシンキ", "place"), B=Name("Oulu", "place"))
    assert r.text == "ヘルシンキとOuluの距離"
    assert "PUNC_CHG" in r.categories


def test_space_between_latin_runs_kept_or_added():
    assert realize("{grid_type}{value}", grid_type=Name("H3", "word"), value=Name("9", "word")).text == "H3 9"
    assert realize("{A} Kiasma", A=Name("Oulu", "place")).text == "Oulu Kiasma"


def test_number_flush_against_unit():
    r = realize("{B}から{radius_km}km以内", B=Name("Kiasma", "feature"), radius_km=Name(L.number(0.2), "number"))
    assert r.text == "Kiasmaから0.2km以内"
    assert r.categories == ("NO_CHANGE",)


def test_number():
    assert L.number(0.25) == "0.25"
    assert L.number(5.0) == "5"
    assert L.number(15) == "15"


def test_period():
    assert L.period("2018-02", "2018-02") == "2018年2月に"
    assert L.period("2005-07", "2005-10") == "2005年7月から10月にかけて"
    assert L.period("2018-02-01", "2018-02-07") == "2018年2月1日から7日にかけて"
    assert L.period("2018-01-31", "2018-02-07") == "2018年1月31日から2018年2月7日にかけて"
    assert L.period("2017-12", "2018-01") == "2017年12月から2018年1月にかけて"


def test_period_attributive_form():
    r = realize("{period:attr}地震", period=Name(L.period("2018-02", "2018-02"), "period"))
    assert r.text == "2018年2月の地震"
    assert r.categories == ("ADP_CHG",)
    r = realize("{period:attr}嵐", period=Name(L.period("2005-07", "2005-10"), "period"))
    assert r.text == "2005年7月から10月にかけての嵐"


def test_period_adverbial_in_sentence():
    r = realize("{period}発生した{E}は{B}からどれくらい離れていましたか？",
                period=Name(L.period("2018-02", "2018-02"), "period"),
                E=Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake"),
                B=Name("Anchorage", "place"))
    assert r.text == "2018年2月に発生した地震us1000ce18はAnchorageからどれくらい離れていましたか？"


def test_event_names():
    assert L.texts["event.Hurricane"].format(name="Katrina", year=2005) == "ハリケーン・Katrina（2005年）"
    assert L.texts["event.wind field"].format(storm="ハリケーン・Florence（2018年）") == "ハリケーン・Florence（2018年）の風域"


def test_no_capitalization():
    assert realize("{A}の外形", A=Name("us-atlas", "word")).text == "us-atlasの外形"


def test_missing_placeholder_raises():
    with pytest.raises(KeyError):
        realize("{A}と{B}", A=Name("Oulu"))


SAMPLE = {"country": country("オランダ", "NLD"), "region": state("テキサス", "US-TX"),
          "place": Name("Austin, Texas", "place"), "feature": Name("Hesburger (Kasarmikatu)", "feature")}


def _names_for(wording):
    names = {}
    for role, _ in placeholders(wording):
        if role in ("period",):
            names[role] = Name(L.period("2018-02-01", "2018-02-07"), "period")
        elif role == "direction":
            names[role] = Name(L.compass["north"], "direction", "north")
        elif role.endswith("_one"):
            names[role] = Name(L.categories["cafe"][0], "category_one", "cafe")
        elif role in "ABCETXYZ":
            names[role] = SAMPLE["place"]
        else:
            names[role] = Name(L.number(5), "number")
    return names




def test_every_placeholder_filled():
    import yaml
    wordings = translations("jpn")
    assert len(wordings) == 456
    for vid, wording in wordings.items():
        r = L.realize(wording, _names_for(wording))
        assert not re.search(r"\{[A-Za-z_0-9:]+\}", r.text), vid
        assert "Austin, Texas" in r.text or "Austin" not in r.text, vid


def test_placeholders_filled_in_embedded_wordings():
    wording = "{B}から{radius_km}km以内にある{A}のうち、{C}の{direction}にあるものはどれですか？{period}"
    names = {"A": Name("カフェ", "category", "cafe"), "B": Name("Kiasma", "feature"),
             "C": Name("Esplanadi", "feature"), "radius_km": Name("0.2", "number"),
             "direction": Name("北", "direction", "north"), "period": Name(L.period("2018-02", "2018-02"), "period")}
    r = L.realize(wording, names)
    assert r.text == "Kiasmaから0.2km以内にあるカフェのうち、Esplanadiの北にあるものはどれですか？2018年2月に"
    assert "{" not in r.text


def test_tables():
    assert L.compass == {"north": "北", "east": "東", "south": "南", "west": "西"}
    assert "北東" in L.direction_words["NE"] and "西" in L.direction_words["W"]
    assert L.categories["cafe"] == ("カフェ", "カフェ")
    assert "はい" in L.answer_words["true"] and "いいえ" in L.answer_words["false"]
