"""Georgian grammar rules: case endings by stem, multi-word and coordinated names, qualifiers, foreign names,
category singulars, periods, numbers, and that every placeholder is filled."""

import re

import pytest
import yaml

from kgbench.languages import Name, get_language, placeholders
from kgbench.languages.kat import decline_name, decline_word
from wordings import translations

L = get_language("kat")


def country(text, iso):
    return Name(text, "country", iso, "", True)


def test_metadata():
    assert (L.code, L.bcp47, L.locale, L.script, L.tier, L.family) == ("kat", "ka", "ka", "Georgian", "low", "Kartvelian")


@pytest.mark.parametrize("word, case, expected", [
    ("საფრანგეთი", "gen", "საფრანგეთის"), ("საფრანგეთი", "loc", "საფრანგეთში"), ("საფრანგეთი", "from", "საფრანგეთიდან"),
    ("საფრანგეთი", "to", "საფრანგეთამდე"), ("საფრანგეთი", "at", "საფრანგეთთან"), ("საფრანგეთი", "dat", "საფრანგეთს"),
    ("გერმანია", "gen", "გერმანიის"), ("გერმანია", "loc", "გერმანიაში"), ("გერმანია", "from", "გერმანიიდან"),
    ("გერმანია", "at", "გერმანიასთან"), ("გერმანია", "to", "გერმანიამდე"), ("გერმანია", "erg", "გერმანიამ"),
    ("ჩილე", "gen", "ჩილეს"), ("ჩილე", "from", "ჩილედან"), ("პერუ", "loc", "პერუში"), ("საქართველო", "from", "საქართველოდან"),
    ("ეგვიპტე", "gen", "ეგვიპტის"), ("ეგვიპტე", "loc", "ეგვიპტეში"), ("ეგვიპტე", "from", "ეგვიპტიდან"),
    ("ერაყი", "loc", "ერაყში"), ("ანგოლა", "gen", "ანგოლის"), ("ისრაელი", "from", "ისრაელიდან"),
    ("თებერვალი", "gen", "თებერვლის"), ("თებერვალი", "loc", "თებერვალში"), ("ოქტომბერი", "to", "ოქტომბრამდე"),
    ("კოსტა-რიკა", "loc", "კოსტა-რიკაში"),
])
def test_decline_word(word, case, expected):
    assert decline_word(word, case) == expected


def test_plural_names():
    assert decline_name("ამერიკის შეერთებული შტატები", "loc") == "ამერიკის შეერთებულ შტატებში"
    assert decline_name("ამერიკის შეერთებული შტატები", "gen") == "ამერიკის შეერთებული შტატების"
    assert decline_name("ნიდერლანდები", "from") == "ნიდერლანდებიდან"
    assert decline_name("ბაჰამის კუნძულები", "loc") == "ბაჰამის კუნძულებში"
    assert decline_name("ფილიპინები", "gen") == "ფილიპინების"
    assert decline_name("არაბთა გაერთიანებული საამიროები", "at") == "არაბთა გაერთიანებულ საამიროებთან"


def test_modifiers_agree():
    assert decline_name("ახალი ზელანდია", "loc") == "ახალ ზელანდიაში"
    assert decline_name("ახალი ზელანდია", "gen") == "ახალი ზელანდიის"
    assert decline_name("ჩრდილოეთი კაროლინა", "gen") == "ჩრდილოეთ კაროლინის"      # compass noun: truncated
    assert decline_name("ჩრდილოეთ კორეა", "loc") == "ჩრდილოეთ კორეაში"
    assert decline_name("ნიუ იორკი", "loc") == "ნიუ იორკში"
    # an adjective inside a genitive modifier does not agree with the head
    assert decline_name("ცენტრალური აფრიკის რესპუბლიკა", "loc") == "ცენტრალური აფრიკის რესპუბლიკაში"


def test_coordinated_names():
    assert decline_name("ბოსნია და ჰერცეგოვინა", "loc") == "ბოსნიასა და ჰერცეგოვინაში"
    assert decline_name("ტრინიდადი და ტობაგო", "gen") == "ტრინიდადისა და ტობაგოს"


def test_qualifier_is_never_declined():
    assert decline_name("მიანმარი (ბირმა)", "from") == "მიანმარიდან (ბირმა)"
    hk = "ჰონკონგის სპეციალური ადმინისტრაციული რეგიონი, ჩინეთი"
    assert decline_name(hk, "loc") == "ჰონკონგის სპეციალურ ადმინისტრაციულ რეგიონში, ჩინეთი"


def test_foreign_names_take_hyphenated_endings():
    assert decline_name("Helsinki", "loc") == "Helsinki-ში"
    assert decline_name("Paris", "gen") == "Paris-ის"
    assert decline_name("Oulu", "gen") == "Oulu-ს"
    assert decline_name("Austin, Texas", "from") == "Austin, Texas-დან"
    assert decline_name("Hesburger (Kasarmikatu)", "at") == "Hesburger (Kasarmikatu)-თან"
    assert decline_name("Travis County, Texas", "loc") == "Travis County, Texas-ში"


def test_event_names():
    katrina = L.texts["event.Hurricane"].format(name="Katrina", year=2005)
    assert katrina == "2005 წლის ქარიშხალი Katrina"
    assert decline_name(katrina, "gen") == "2005 წლის ქარიშხალ Katrina-ს"
    fred = L.texts["event.Tropical Storm"].format(name="Fred", year=2021)
    assert decline_name(fred, "erg") == "2021 წლის ტროპიკულ შტორმ Fred-მა"
    field = L.texts["event.wind field"].format(storm=katrina)
    assert decline_name(field, "gen") == "ქარის ველის (2005 წლის ქარიშხალი Katrina)"
    assert decline_name("მიწისძვრა us1000ce18", "gen") == "მიწისძვრა us1000ce18-ის"


def test_realize_records_edits():
    r = L.realize("მდებარეობს თუ არა {A} {B:loc}?", {"A": Name("Austin, Texas", "place"),
                                                      "B": country("ამერიკის შეერთებული შტატები", "USA")})
    assert r.text == "მდებარეობს თუ არა Austin, Texas ამერიკის შეერთებულ შტატებში?"
    assert [e.category for e in r.edits] == ["ADP_ADD"]
    r = L.realize("რა მანძილია {A:gen.and} და {B:gen} შორის?", {"A": country("საფრანგეთი", "FRA"),
                                                                 "B": country("იტალია", "ITA")})
    assert r.text == "რა მანძილია საფრანგეთისა და იტალიის შორის?"
    assert r.categories == ("DEC_CHG",)
    r = L.realize("ესაზღვრებიან თუ არა {A} და {B} ერთმანეთს?", {"A": country("ერაყი", "IRQ"),
                                                                "B": country("ისრაელი", "ISR")})
    assert r.categories == ("NO_CHANGE",)


def test_category_singular_after_count():
    r = L.realize("რამდენი {A:sg} მდებარეობს {B:from} {radius_km} კმ-ის რადიუსში?",
                  {"A": Name("კაფეები", "category", "cafe"), "B": Name("Kiasma", "feature"),
                   "radius_km": Name(L.number(0.2), "number")})
    assert r.text == "რამდენი კაფე მდებარეობს Kiasma-დან 0,2 კმ-ის რადიუსში?"
    assert r.categories == ("AGR_CHG", "ADP_ADD")
    r = L.realize("რამდენ {A:sg.loc} გადის {B}?", {"A": Name("ქვეყნები", "category", "country"),
                                                    "B": Name("2005 წლის ქარიშხალი Katrina", "event", "Hurricane")})
    assert r.text == "რამდენ ქვეყანაში გადის 2005 წლის ქარიშხალი Katrina?"


def test_direction_slot():
    r = L.realize("ყველაზე შორს {direction:gen} მიმართულებით", {"direction": Name(L.compass["west"], "direction", "west")})
    assert r.text == "ყველაზე შორს დასავლეთის მიმართულებით"


def test_no_capitalization_of_georgian():
    text, edits = L.finish("არის თუ არა")
    assert text == "არის თუ არა" and edits == ()


def test_period():
    assert L.period("2018-02", "2018-02") == "2018 წლის თებერვალში"
    assert L.period("2005-07", "2005-10") == "2005 წლის ივლისიდან ოქტომბრის ჩათვლით"
    assert L.period("2018-02-01", "2018-02-07") == "2018 წლის 1-დან 7 თებერვლის ჩათვლით"
    assert L.period("2018-01-31", "2018-02-07") == "2018 წლის 31 იანვრიდან 2018 წლის 7 თებერვლის ჩათვლით"
    assert L.period("2004-12", "2005-01") == "2004 წლის დეკემბრიდან 2005 წლის იანვრის ჩათვლით"


def test_number():
    assert L.number(0.2) == "0,2"
    assert L.number(5.0) == "5"
    assert L.number(10) == "10"
    assert L.number(15000) == "15 000"


def test_every_placeholder_is_filled():
    tr = translations("kat")
    assert len(tr) == 456
    sample = {"A": country("საფრანგეთი", "FRA"), "B": Name("Helsinki"), "C": country("ნიდერლანდები", "NLD"),
              "E": Name("მიწისძვრა us1000ce18", "event", "earthquake"),
              "T": Name("2021 წლის ტროპიკული შტორმი Fred", "event", "Tropical Storm"),
              "X": Name("კაფეები", "category", "cafe"), "Y": Name("ბარები", "category", "bar"),
              "Z": Name("რესტორნები", "category", "restaurant"), "A_one": Name("კაფე", "category_one", "cafe"),
              "B_one": Name("ქალაქი", "category_one", "city"), "C_one": Name("ბარი", "category_one", "bar"),
              "direction": Name("ჩრდილოეთი", "direction", "north"), "period": Name(L.period("2018-02", "2018-02"), "period"),
              "outline": Name(L.texts["word.OpenStreetMap"], "word")}
    for vid, text in tr.items():
        names = dict(sample)
        for n, spec in placeholders(text):
            names.setdefault(n, Name("7", "number"))
            assert not spec or spec in L.forms, (vid, spec)
        r = L.realize(text, names)
        assert not re.search(r"[{}]", r.text), vid


def test_title_noun_names():
    assert decline_name("ქალაქი ვატიკანი", "loc") == "ქალაქ ვატიკანში"
    assert decline_name("ქალაქი ვატიკანი", "gen") == "ქალაქ ვატიკანის"
    assert decline_name("ჩრდილოეთი დაკოტა", "from") == "ჩრდილოეთ დაკოტიდან"
    assert decline_name("ტეხასი", "loc") == "ტეხასში"
    assert decline_name("ოჰაიო", "gen") == "ოჰაიოს"


def test_vowel_initial_names_in_sentences():
    r = L.realize("აქვს თუ არა {A:dat} საერთო საზღვარი {B:at}?", {"A": country("ერაყი", "IRQ"),
                                                                  "B": country("იორდანია", "JOR")})
    assert r.text == "აქვს თუ არა ერაყს საერთო საზღვარი იორდანიასთან?"
    assert [e.role for e in r.edits] == ["A", "B"]


def test_abbreviation_takes_hyphenated_ending():
    assert decline_name("აშშ", "gen") == "აშშ-ის"
    assert decline_name("აშშ", "loc") == "აშშ-ში"


def test_foreign_head_with_georgian_qualifier():
    """The ending goes on the foreign head, the localized qualifier follows in parentheses (review fixes)."""
    r = L.realize("რამდენი კილომეტრი აშორებს ერთმანეთს {A:dat.and} და {B:dat}?",
                  {"A": Name("San Vicente, ფილიპინები"), "B": Name("Sacaba")})
    assert r.text == "რამდენი კილომეტრი აშორებს ერთმანეთს San Vicente-სა (ფილიპინები) და Sacaba-ს?"
    assert decline_name("Margate, სამხრეთ აფრიკის რესპუბლიკა", "gen") == "Margate-ს (სამხრეთ აფრიკის რესპუბლიკა)"
    assert decline_name("Carlton (სასტუმრო)", "from") == "Carlton-დან (სასტუმრო)"
    r = L.realize("{A} განცალკევებულია {B:gen}გან?", {"A": Name("Niagara County, ნიუ იორკი", "county"),
                                                     "B": Name("Orleans County, ნიუ იორკი", "county")})
    assert r.text == "Niagara County, ნიუ იორკი განცალკევებულია Orleans County-სგან (ნიუ იორკი)?"


def test_vowel_stem_i_names():
    assert decline_name("მალი", "loc") == "მალიში" and decline_name("ჰაიტი", "loc") == "ჰაიტიში"
    assert decline_name("ბურუნდი", "dat") == "ბურუნდის" and decline_name("მალავი", "gen") == "მალავის"
    assert decline_name("ურუგვაი", "loc") == "ურუგვაიში" and decline_name("პარაგვაი", "gen") == "პარაგვაის"


def test_label_repairs():
    biot = Name("ბრიტანეთის ტერიტორია ინდოეთის ოკეანეში", "country", "IOT", "", True)
    assert L.realize("{B:gen} ქალაქს", {"B": biot}).text == "ბრიტანეთის ინდოეთის ოკეანის ტერიტორიის ქალაქს"
    assert L.realize("{A:gen}", {"A": Name("ჯორჯია (U.S. state)", "region")}).text == "ჯორჯიის"
    assert L.realize("{A:gen}", {"A": Name("Clayton County, საქართველო", "county")}).text == \
        "Clayton County-ს (ჯორჯია)"
    track = Name("the best track of Hurricane Ike (2008)", "feature")
    assert L.realize("{A}", {"A": track}).text == "2008 წლის ქარიშხალ Ike-ს საუკეთესო ტრაექტორია"
