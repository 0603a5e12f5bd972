"""Unit tests of the Russian grammar rules (kgbench.languages.rus) with real names."""

import re

import pytest
import yaml

from kgbench.languages import Name, placeholders
from kgbench.languages.rus import LANGUAGE as L
from kgbench.languages.rus import decline, is_plural
from wordings import translations


def country(text, key):
    return Name(text, "country", key, "", True)


def realize(text, **names):
    return L.realize(text, names)


@pytest.mark.parametrize("name,case,expected", [
    ("Франция", "prep", "Франции"), ("Германия", "ins", "Германией"), ("Ирак", "gen", "Ирака"),
    ("Ангола", "acc", "Анголу"), ("Куба", "gen", "Кубы"), ("Ямайка", "ins", "Ямайкой"),
    ("Израиль", "gen", "Израиля"), ("Беларусь", "ins", "Беларусью"), ("Парагвай", "prep", "Парагвае"),
    ("Маврикий", "prep", "Маврикии"), ("Перу", "gen", "Перу"), ("Того", "dat", "Того"), ("ОАЭ", "gen", "ОАЭ"),
    ("Самоа", "gen", "Самоа"), ("Бангладеш", "gen", "Бангладеш"),
    ("Коста-Рика", "gen", "Коста-Рики"), ("Гвинея-Бисау", "prep", "Гвинее-Бисау"),
    ("Новая Зеландия", "gen", "Новой Зеландии"), ("Южный Судан", "dat", "Южному Судану"),
    ("Соединенные Штаты", "prep", "Соединенных Штатах"), ("Нидерланды", "gen", "Нидерландов"),
    ("Багамы", "prep", "Багамах"), ("Филиппины", "ins", "Филиппинами"),
    ("Босния и Герцеговина", "gen", "Боснии и Герцеговины"), ("Тринидад и Тобаго", "prep", "Тринидаде и Тобаго"),
    ("Папуа — Новая Гвинея", "prep", "Папуа — Новой Гвинее"), ("Республика Корея", "gen", "Республики Корея"),
    ("Центрально-Африканская Республика", "acc", "Центрально-Африканскую Республику"),
    ("Фарерские о-ва", "prep", "Фарерских о-вах"), ("Американское Самоа", "gen", "Американского Самоа"),
    ("Техас", "prep", "Техасе"), ("Огайо", "gen", "Огайо"), ("Нью-Йорк", "gen", "Нью-Йорка"),
    ("Гавайи", "prep", "Гавайях"), ("Северная Каролина", "ins", "Северной Каролиной"),
])
def test_decline(name, case, expected):
    assert decline(name, case) == expected


def test_parentheses_and_dash_are_never_declined():
    assert decline("Гонконг (САР)", "prep") == "Гонконге (САР)"
    assert decline("Виргинские о-ва (США)", "gen") == "Виргинских о-вов (США)"
    assert decline("Конго - Киншаса", "gen") == "Конго - Киншаса"
    assert decline("Мьянма (Бирма)", "dat") == "Мьянме (Бирма)"


def test_latin_names_stay_as_they_are():
    r = realize("Как далеко {A} от {B:gen}?", A=Name("Helsinki", "place"), B=Name("Austin, Texas", "place"))
    assert r.text == "Как далеко Helsinki от Austin, Texas?"
    assert r.categories == ("NO_CHANGE",)
    r = realize("Каково расстояние между {A:ins} и {B:ins}?", A=Name("Hesburger (Kasarmikatu)", "feature"),
                B=Name("Travis County, Texas", "county"))
    assert r.text == "Каково расстояние между Hesburger (Kasarmikatu) и Travis County, Texas?"


def test_locative_preposition():
    r = realize("Находится ли город {A} в {B:loc}?", A=Name("Paris"), B=country("Франция", "FRA"))
    assert r.text == "Находится ли город Paris во Франции?"
    assert set(r.categories) == {"DEC_CHG", "ADP_CHG"}
    assert realize("Находится ли город {A} в {B:loc}?", A=Name("Havana"), B=country("Куба", "CUB")).text == \
        "Находится ли город Havana на Кубе?"
    assert realize("Лежит ли {A} в {B:loc}?", A=Name("Manila"), B=country("Филиппины", "PHL")).text == \
        "Лежит ли Manila на Филиппинах?"
    assert realize("Лежит ли {A} в {B:loc}?", A=Name("Bonn"), B=country("Германия", "DEU")).text == \
        "Лежит ли Bonn в Германии?"
    assert realize("Лежит ли {A} в {B:loc}?", A=Name("Hanoi"), B=country("Вьетнам", "VNM")).text == \
        "Лежит ли Hanoi во Вьетнаме?"
    assert realize("Лежит ли {A} в {B:loc}?", A=Name("Anchorage"), B=Name("Аляска", "region", "US-AK")).text == \
        "Лежит ли Anchorage на Аляске?"


def test_instrumental_with_so():
    r = realize("Граничит ли {A} с {B:ins}?", A=country("Норвегия", "NOR"), B=country("Швеция", "SWE"))
    assert r.text == "Граничит ли Норвегия со Швецией?"
    assert "ADP_CHG" in r.categories
    assert realize("Граничит ли {A} с {B:ins}?", A=country("Франция", "FRA"), B=country("Испания", "ESP")).text == \
        "Граничит ли Франция с Испанией?"


def test_plural_names_make_the_verb_plural():
    assert is_plural("Соединенные Штаты") and is_plural("Нидерланды") and is_plural("ОАЭ")
    assert not is_plural("Франция") and not is_plural("Босния и Герцеговина")
    r = realize("Граничит ли {A} с {B:ins}?", A=country("Нидерланды", "NLD"), B=country("Германия", "DEU"))
    assert r.text == "Граничат ли Нидерланды с Германией?"
    assert "AGR_CHG" in r.categories
    r = realize("{A} граничит с {B:ins}.", A=country("Соединенные Штаты", "USA"), B=country("Канада", "CAN"))
    assert r.text == "Соединенные Штаты граничат с Канадой."


def test_category_agreement_and_genitive_plural():
    pharmacy = Name("аптека", "category_one", "pharmacy")
    cafe = Name("кафе", "category_one", "cafe")
    museum = Name("музей", "category_one", "museum")
    assert realize("Какой {A_one} ближе всего к {B:dat}?", A_one=pharmacy, B=Name("Kiasma", "feature")).text == \
        "Какая аптека ближе всего к Kiasma?"
    assert realize("Какой {A_one} ближе всего?", A_one=cafe).text == "Какое кафе ближе всего?"
    r = realize("Какой {A_one} ближе всего?", A_one=museum)
    assert r.text == "Какой музей ближе всего?" and r.categories == ("NO_CHANGE",)
    assert realize("Возьмите второй по близости {A_one:acc} к {B:dat}.", A_one=pharmacy,
                   B=Name("Esplanadi", "feature")).text == "Возьмите вторую по близости аптеку к Esplanadi."
    r = realize("Сколько {A:gen} рядом?", A=Name("аптеки", "category", "pharmacy"))
    assert r.text == "Сколько аптек рядом?" and r.categories == ("DEC_CHG",)
    assert realize("между {A:ins} в {B:loc}", A=Name("города", "category", "city"),
                   B=country("Италия", "ITA")).text == "Между городами в Италии"


def test_events():
    quake = Name(L.texts["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")
    assert realize("Эпицентр {E:gen}.", E=quake).text == "Эпицентр землетрясения us1000ce18."
    storm = Name(L.texts["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane")
    assert realize("Трек {E:gen}.", E=storm).text == "Трек урагана Katrina (2005)."
    dep = Name(L.texts["event.Tropical Depression"].format(name="Ten", year=2005), "event", "Tropical Depression")
    r = realize("Насколько близко подошёл {E}?", E=dep)
    assert r.text == "Насколько близко подошла тропическая депрессия Ten (2005)?" and "AGR_CHG" in r.categories
    blast = Name(L.texts["event.explosion"].format(id="uu60264257"), "event", "explosion")
    assert realize("{E} произошло вчера.", E=blast).text == "Взрыв uu60264257 произошёл вчера."
    field = Name(L.texts["event.wind field"].format(storm=L.texts["event.Hurricane"].format(name="Florence",
                                                                                               year=2018)),
                 "event", "wind field")
    assert realize("Пересекает ли {A} {B:acc}?", A=field, B=Name("Северная Каролина", "region", "US-NC")).text == \
        "Пересекает ли ветровое поле урагана Florence (2018) Северную Каролину?"


def test_period_and_number():
    assert L.period("2018-02", "2018-02") == "в феврале 2018 г."
    assert L.period("2005-07", "2005-10") == "с июля по октябрь 2005 г."
    assert L.period("2018-02-01", "2018-02-07") == "с 1 по 7 февраля 2018 г."
    assert L.period("2018-01-31", "2018-02-07") == "с 31 января 2018 г. по 7 февраля 2018 г."
    assert L.number(0.2) == "0,2" and L.number(5.0) == "5" and L.number(10) == "10"
    r = realize("Это было {period}.", period=Name(L.period("2018-02", "2018-02"), "period"))
    assert r.text == "Это было в феврале 2018 г." and "PUNC_CHG" in r.categories


def test_every_placeholder_is_filled():
    tr = translations("rus")
    for vid, text in tr.items():
        names = {}
        for role, spec in placeholders(text):
            if role.endswith("_one"):
                names[role] = Name("аптека", "category_one", "pharmacy")
            elif role in ("X", "Y", "Z") or spec == "gen" and role == "A" and "Сколько" in text:
                names[role] = Name("аптеки", "category", "pharmacy")
            else:
                names[role] = country("Франция", "FRA")
        out = L.realize(text, names).text
        assert not re.search(r"[{}]", out), (vid, out)
        assert out[:1].isupper(), (vid, out)


def test_substantivized_adjective_categories():
    hair = Name("парикмахерская", "category_one", "hairdresser shop")
    assert realize("Возьмите ближайший {A_one:acc}.", A_one=hair).text == "Возьмите ближайшую парикмахерскую."
    assert realize("между {A:ins}", A=Name("кондитерские", "category", "confectionery shop")).text == \
        "Между кондитерскими"
    assert realize("Сколько {A:gen}?", A=Name("кондитерские", "category", "confectionery shop")).text == \
        "Сколько кондитерских?"


@pytest.mark.parametrize("town,gen,loc", [
    ("Москва", "Москвы", "Москве"), ("Казань", "Казани", "Казани"), ("Ярославль", "Ярославля", "Ярославле"),
    ("Ростов-на-Дону", "Ростова-на-Дону", "Ростове-на-Дону"), ("Нижний Новгород", "Нижнего Новгорода",
                                                                 "Нижнем Новгороде"),
    ("Санкт-Петербург", "Санкт-Петербурга", "Санкт-Петербурге"), ("Сочи", "Сочи", "Сочи"),
])
def test_cyrillic_town_names(town, gen, loc):
    r = realize("Как далеко {A} от {B:gen}?", A=Name("Helsinki", "place"), B=Name(town, "place"))
    assert r.text == f"Как далеко Helsinki от {gen}?"
    assert realize("Что находится в {B:loc}?", B=Name(town, "place")).text == f"Что находится в {loc}?"


def test_label_repairs_from_the_review():
    r = L.realize("Сколько различных точек пересечения у {A:gen} и {B:gen}?",
                  {"A": Name("the best track of Hurricane Ike (2008)", "event"),
                   "B": Name("the best track of Tropical Depression Eight (2013)", "event")})
    assert r.text == ("Сколько различных точек пересечения у трека best track урагана Ike (2008) и трека best "
                      "track тропической депрессии Eight (2013)?")
    assert L.realize("Прилегает ли {A} к {B:dat}?", {"A": Name("Fayette County, Грузия", "county"),
                     "B": Name("Clayton County, Грузия", "county")}).text == \
        "Прилегает ли Fayette County, Джорджия к Clayton County, Джорджия?"
    assert L.realize("Граница {B:gen}", {"B": Name("Джорджия (U.S. state)", "region", "US-GA", "", True)}).text \
        == "Граница Джорджии (штат США)"
    assert L.realize("Полюс {A:gen}", {"A": Name("Maryland", "region", "US-MD")}).text == "Полюс Мэриленда"
    assert L.realize("{B} и Огайо", {"B": Name("West Virginia", "region", "US-WV")}).text == "Западная Виргиния и Огайо"
    assert L.realize("Поле и {B}", {"B": Name("о-ва Кайман", "country", "CYM", "", True)}).text == \
        "Поле и Каймановы острова"
    assert L.realize("Находится в {B:loc}", {"B": Name("о-ва Питкэрн", "country", "PCN", "", True)}).text == \
        "Находится на островах Питкэрн"
    assert L.realize("Точка {A:gen}", {"A": Name("Конго - Киншаса", "country", "COD", "", True)}).text == \
        "Точка Демократической Республики Конго"
    assert L.realize("Граничит ли Казахстан с {B:ins}?", {"B": Name("Baikonur", "country")}).text == \
        "Граничит ли Казахстан с Байконуром?"
