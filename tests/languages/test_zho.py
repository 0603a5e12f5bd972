"""Unit tests of the Chinese grammar rules (kgbench.languages.zho) with real names."""

import os
import re

import pytest

from kgbench.languages import Name, get_language, placeholders
from kgbench.languages.zho import classifier
from wordings import translations

L = get_language("zho")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def state(text, code):
    return Name(text, "region", code, "", True)


def category(key, one=False):
    sing, plur = L.categories[key]
    return Name(sing if one else plur, "category_one" if one else "category", key)


def realize(wording, **names):
    return L.realize(wording, names)


def test_metadata():
    assert (L.code, L.bcp47, L.locale, L.script, L.family, L.tier) == ("zho", "zh", "zh", "Han", "Sino-Tibetan", "high")


@pytest.mark.parametrize("text,iso", [("安哥拉", "AGO"), ("意大利", "ITA"), ("美国", "USA"), ("巴哈马", "BHS"),
                                      ("荷兰", "NLD"), ("菲律宾", "PHL"), ("阿拉伯联合酋长国", "ARE")])
def test_country_names_substituted_as_they_are(text, iso):
    # vowel-initial and plural names: Chinese has no article, case or agreement to repair
    r = realize("{A}与{B}接壤吗？", A=country(text, iso), B=country("法国", "FRA"))
    assert r.text == f"{text}与法国接壤吗？"
    assert r.categories == ("NO_CHANGE",)


def test_name_with_qualifier_in_parentheses_is_not_damaged():
    r = realize("从{A}到{B}的距离是多少？", A=country("刚果（布）", "COG"), B=Name("Hesburger (Kasarmikatu)", "feature"))
    assert r.text == "从刚果（布）到Hesburger (Kasarmikatu)的距离是多少？"


def test_name_with_comma_qualifier_is_not_damaged():
    r = realize("{A}离{B}有多远？", A=Name("Austin, Texas", "place"), B=Name("Bergen, Norway", "place"))
    assert r.text == "Austin, Texas离Bergen, Norway有多远？"
    assert r.categories == ("NO_CHANGE",)


def test_names_with_their_own_article_are_kept():
    assert realize("从{A}到{B}", A=Name("Den Haag", "place"), B=Name("Le Havre", "place")).text == "从Den Haag到Le Havre"


@pytest.mark.parametrize("key,expected", [("cafe", "多少家咖啡馆"), ("city", "多少座城市"), ("road", "多少条道路"),
                                          ("county", "多少个县"), ("school", "多少所学校"), ("atm", "多少台自动取款机"),
                                          ("tree", "多少棵树"), ("bicycle shop", "多少家自行车店"),
                                          ("earthquake", "多少场地震"), ("country", "多少个国家")])
def test_classifier_before_counted_category(key, expected):
    r = realize("有{A:cl}？".replace("{A:cl}", "多少{A:cl}"), A=category(key))
    assert r.text == f"有{expected}？"
    assert r.categories == ("AGR_CHG",)


def test_classifier_with_two_every_which():
    assert realize("{B}中距离最近的两{A:cl}", A=category("city"), B=country("法国", "FRA")).text == "法国中距离最近的两座城市"
    assert realize("每{A_one:cl}", A_one=category("restaurant", one=True)).text == "每家餐厅"
    assert realize("{B}的哪{A_one:cl}面积最大？", A_one=category("county", one=True), B=state("得克萨斯州", "US-TX")).text == \
        "得克萨斯州的哪个县面积最大？"


def test_classifier_function():
    assert classifier("mall shop") == "座"
    assert classifier("kiosk shop") == "个"
    assert classifier(None) == "个"
    assert classifier("lawyer office") == "家"
    assert classifier("government office") == "个"


def test_no_classifier_without_spec():
    r = realize("列出{A}。", A=category("cafe"))
    assert r.text == "列出咖啡馆。"
    assert r.categories == ("NO_CHANGE",)


def test_us_state_takes_zhou():
    r = realize("{A}与{B}相邻吗？", A=state("得克萨斯", "US-TX"), B=state("爱达荷州", "US-ID"))
    assert r.text == "得克萨斯州与爱达荷州相邻吗？"
    assert [e.category for e in r.edits] == ["OTHER"]


def test_state_fallbacks():
    assert realize("{A}的县", A=state("华盛顿哥伦比亚特区", "US-DC")).text == "华盛顿哥伦比亚特区的县"
    assert realize("{A}的城市", A=country("格鲁吉亚", "GEO")).text == "格鲁吉亚的城市"


@pytest.mark.parametrize("text,code,expected", [
    ("Maryland", "US-MD", "马里兰州"),  # no Chinese label in the snapshot (G2-pole: "Redland位于Maryland")
    ("蒙塔纳", "US-MT", "蒙大拿州"), ("西维吉尼亚州", "US-WV", "西弗吉尼亚州"), ("南卡罗莱那州", "US-SC", "南卡罗来纳州"),
    ("佐治亚州 (U.S. state)", "US-GA", "佐治亚州"),  # E4-1: "佐治亚州 (U.S. state)的行政边界"
    ("波多黎各 (U.S. territory)", "US-PR", "波多黎各（美国领地）")])
def test_state_names_repaired(text, code, expected):
    r = realize("{A}的行政边界", A=state(text, code))
    assert r.text == f"{expected}的行政边界"
    assert "OTHER" in r.categories
    assert realize("{A}州的县", A=state(text, code)).text.startswith(expected.rstrip("州") + "州的县") or "（" in expected


def test_georgia_qualifier_of_us_county_or_place_is_the_state():
    # C9-1.v5: "Fayette County, 格鲁吉亚" named the country Georgia
    r = realize("{A}与{B}相邻吗？", A=Name("Fayette County, 格鲁吉亚", "county", None, "Fayette County, Georgia", True),
                B=Name("Athens, 格鲁吉亚", "place", None, "Athens, Georgia", True))
    assert r.text == "Fayette County, 佐治亚州与Athens, 佐治亚州相邻吗？"
    r = realize("{A}和{B}", A=Name("Tyler County, 西维吉尼亚州", "county", None, "Tyler County, West Virginia", True),
                B=Name("Aurora, 科罗拉多州, 美国", "place", None, "Aurora, Colorado, United States of America", True))
    assert r.text == "Tyler County, 西弗吉尼亚州和Aurora, 科罗拉多州, 美国"


def test_best_track_names_localized():
    # C3-1: the track names reached the question in English
    r = realize("{A}和{B}在多少个点相交？", A=Name("the best track of Hurricane Ike (2008)", "event", "Hurricane"),
                B=Name("the best track of Tropical Storm Mindy (2003)", "event"))
    assert r.text == "飓风Ike（2008年）的最佳路径和热带风暴Mindy（2003年）的最佳路径在多少个点相交？"
    assert r.categories == ("OTHER",)


def test_spaces_removed_next_to_han_kept_next_to_latin():
    r = realize("距{B} {radius_km}公里以内", B=Name("赫尔辛基", "place"), radius_km=Name("5", "number"))
    assert r.text == "距赫尔辛基5公里以内"
    assert "PUNC_CHG" in r.categories
    r = realize("距{B} {radius_km}公里以内", B=Name("Kiasma", "feature"), radius_km=Name("5", "number"))
    assert r.text == "距Kiasma 5公里以内"
    assert r.categories == ("NO_CHANGE",)


def test_number():
    assert L.number(0.2) == "0.2"
    assert L.number(10.0) == "10"
    assert L.number(25) == "25"


def test_period():
    assert L.period("2018-02", "2018-02") == "在2018年2月"
    assert L.period("2005-07", "2005-10") == "在2005年7月至10月期间"
    assert L.period("2018-02-01", "2018-02-07") == "在2018年2月1日至7日期间"
    assert L.period("2018-01-31", "2018-02-07") == "在2018年1月31日至2018年2月7日期间"
    assert L.period("2017-12", "2018-01") == "在2017年12月至2018年1月期间"


def test_period_without_preposition():
    r = realize("{E}发生于{period:attr}。", E=Name("地震us1000ce18", "event", "earthquake"),
                period=Name(L.period("2018-02", "2018-02"), "period"))
    assert r.text == "地震us1000ce18发生于2018年2月。"
    assert r.categories == ("ADP_DEL",)


def test_event_names():
    assert L.texts["event.Hurricane"].format(name="Katrina", year=2005) == "飓风Katrina（2005年）"
    assert L.texts["event.wind field"].format(storm="飓风Florence（2018年）") == "飓风Florence（2018年）的风场"


def test_no_capitalization():
    assert realize("{A}的轮廓", A=Name("us-atlas", "word")).text == "us-atlas的轮廓"


def test_missing_placeholder_raises():
    with pytest.raises(KeyError):
        realize("{A}和{B}", A=Name("Oulu"))


def _names_for(wording):
    names = {}
    for role, _ in placeholders(wording):
        if role == "period":
            names[role] = Name(L.period("2018-02-01", "2018-02-07"), "period")
        elif role == "direction":
            names[role] = Name(L.compass["west"], "direction", "west")
        elif role.endswith("_one"):
            names[role] = category("cafe", one=True)
        elif role in "ABCETXYZ":
            names[role] = Name("Austin, Texas", "place")
        else:
            names[role] = Name(L.number(5), "number")
    return names




def test_every_placeholder_filled():
    import yaml
    wordings = translations("zho")
    assert len(wordings) == 456
    for vid, wording in wordings.items():
        r = L.realize(wording, _names_for(wording))
        assert not re.search(r"\{[A-Za-z_0-9:]+\}", r.text), vid
        assert not re.search("[\u3040-\u30ff]", r.text), vid  # no kana


def test_placeholders_filled_in_embedded_wordings():
    wording = "距{B} {value}公里以内且在{C}以{direction}的{A}有哪些？{period}"
    r = L.realize(wording, {"A": category("cafe"), "B": Name("Kiasma", "feature"), "C": Name("Esplanadi", "feature"),
                            "value": Name("0.2", "number"), "direction": Name("北", "direction", "north"),
                            "period": Name(L.period("2018-02", "2018-02"), "period")})
    assert r.text == "距Kiasma 0.2公里以内且在Esplanadi以北的咖啡馆有哪些？在2018年2月"


def test_tables():
    assert L.compass == {"north": "北", "east": "东", "south": "南", "west": "西"}
    assert "东北" in L.direction_words["NE"] and "西" in L.direction_words["W"]
    assert "是" in L.answer_words["true"] and "否" in L.answer_words["false"] and "可能" in L.answer_words["plausibly"]
