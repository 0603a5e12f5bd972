"""Tests of the answer formats: names, readers, gold validation and JSON schemas."""

import datetime as dt
import math

import h3
import jsonschema
import pytest
import s2sphere
from hypothesis import given, strategies as st
from jsonschema import Draft202012Validator

from kgbench.evaluation import formats as F
from kgbench.evaluation.formats import (
    AnswerValueError, CompositeCell, DateValue, GoldAnswerError, GridCell, LatLon, Polar, get_format, name_key,
    parse_number, validate_gold,
)

# the fifteen names of spec/scoring.md's table (the Boolean row's parenthesis lists its values)
SPEC_NAMES = [
    "Boolean / ternary", "Entity name (single)", "Predefined / cardinal direction", "Set enumeration",
    "H3 / S2 cell index", "Geohash", "Composite (H3 + S2)", "Distance", "Area", "Count",
    "Ratio (dimensionless)", "Point coordinates", "Polar (angle, distance)", "Polygon / bounding box", "Date",
]
# answer_type values of spec/templates.tsv (M2 lists three formats chosen by sub-template)
TEMPLATE_TYPES = {
    "Area", "Boolean / ternary", "Composite (H3 + S2)", "Count", "Date", "Distance", "Entity name (single)",
    "H3 / S2 cell index", "Geohash", "Point coordinates", "Polar (angle, distance)", "Polygon / bounding box",
    "Predefined / cardinal direction", "Ratio (dimensionless)", "Set enumeration",
}

HELSINKI_H3_7 = h3.latlng_to_cell(60.17, 24.94, 7)
HELSINKI_S2_15 = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(60.17, 24.94)).parent(15)

# one valid (answer, unit) gold per format, and model answer objects that fit the answer schema
GOLD_EXAMPLES = {
    "Boolean / ternary": [(True, None), ("plausibly", None)],
    "Entity name (single)": [("Pedasí", None)],
    "Predefined / cardinal direction": [("NE", None), ("left", None), ("downstream", None)],
    "Set enumeration": [(["Cafe A", "Cafe B"], None), ([], None)],
    "H3 / S2 cell index": [(HELSINKI_H3_7, "h3"), (HELSINKI_S2_15.to_token(), "s2"), (HELSINKI_H3_7, None)],
    "Geohash": [("ud9wr", None)],
    "Composite (H3 + S2)": [({"h3": HELSINKI_H3_7, "s2": HELSINKI_S2_15.to_token()}, None)],
    "Distance": [(12.5, "km"), (800, "m"), (3, "mi"), (4.0, None)],
    "Area": [(1.5, "km2"), (20, "ha")],
    "Count": [(3, None), (0, None)],
    "Ratio (dimensionless)": [(1.37, None)],
    "Point coordinates": [({"lat": 60.17, "lon": 24.94}, None), ("POINT (24.94 60.17)", None)],
    "Polar (angle, distance)": [({"angle": 45.0, "distance": 3.2}, "km"), ("90.0 111319", "m")],
    "Polygon / bounding box": [("POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))", None)],
    "Date": [("2020-05-20", None), ({"date": "2020-05-20", "precision": "month"}, None), ("2019", None)],
}
MODEL_EXAMPLES = {
    "Boolean / ternary": [{"answer": "true", "unit": None}, {"answer": "plausibly", "unit": None}],
    "Entity name (single)": [{"answer": "Pedasí", "unit": None}],
    "Predefined / cardinal direction": [{"answer": "SW", "unit": None}, {"answer": "upstream", "unit": None}],
    "Set enumeration": [{"answer": ["a", "b"], "unit": None}, {"answer": [], "unit": None}],
    "H3 / S2 cell index": [{"answer": HELSINKI_H3_7, "unit": "h3"}, {"answer": "46920bccc", "unit": "s2"}],
    "Geohash": [{"answer": "ud9wr", "unit": None}],
    "Composite (H3 + S2)": [{"answer": {"h3": HELSINKI_H3_7, "s2": "46920bccc"}, "unit": None}],
    "Distance": [{"answer": 12.5, "unit": "km"}, {"answer": 800, "unit": "m"}],
    "Area": [{"answer": 20, "unit": "ha"}],
    "Count": [{"answer": 3, "unit": None}],
    "Ratio (dimensionless)": [{"answer": 0.5, "unit": None}],
    "Point coordinates": [{"answer": {"lat": 60.17, "lon": 24.94}, "unit": None},
                          {"answer": [60.17, 24.94], "unit": None}],
    "Polar (angle, distance)": [{"answer": {"angle": 45, "distance": 3.2}, "unit": "km"}],
    "Polygon / bounding box": [{"answer": "POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))", "unit": None}],
    "Date": [{"answer": "2020-05-20", "unit": None}, {"answer": "2020-05", "unit": None}],
}


# ----------------------------------------------------------------------------- names and registry


def test_the_fifteen_canonical_names_in_spec_order():
    assert list(F.FORMAT_NAMES) == SPEC_NAMES
    assert len({f.slug for f in F.FORMATS.values()}) == 15


def test_every_template_answer_type_is_a_format():
    assert TEMPLATE_TYPES <= set(F.FORMATS)


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_lookup_by_name_and_slug(name):
    fmt = get_format(name)
    assert fmt.name == name
    assert get_format(fmt.slug) is fmt


def test_lookup_of_spec_long_boolean_label_and_unknown():
    assert get_format("Boolean / ternary (true / false / plausibly)").slug == "boolean"
    with pytest.raises(KeyError, match="unknown answer format"):
        get_format("H3 / S2 cell index | Geohash | Point coordinates (by sub-template)")


# ----------------------------------------------------------------------------- schemas


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_schemas_are_valid_2020_12_schemas(name):
    fmt = get_format(name)
    for schema in (fmt.answer_schema(), fmt.answer_schema(reasoning=True), fmt.gold_schema(), fmt.item_schema()):
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_answer_schema_accepts_examples_and_null_and_rejects_extra_keys(name):
    fmt = get_format(name)
    validator = Draft202012Validator(fmt.answer_schema())
    for example in MODEL_EXAMPLES[name]:
        validator.validate(example)
    null_unit = fmt.units[0] if fmt.unit_required else None
    validator.validate({"answer": None, "unit": null_unit})
    assert not validator.is_valid({"answer": None})  # unit is required
    assert not validator.is_valid({"answer": None, "unit": null_unit, "extra": 1})


def test_reasoning_comes_first_and_is_required():
    schema = get_format("Count").answer_schema(reasoning=True)
    assert list(schema["properties"]) == ["reasoning", "answer", "unit"]
    assert schema["required"] == ["reasoning", "answer", "unit"]
    assert not Draft202012Validator(schema).is_valid({"answer": 1, "unit": None})


@pytest.mark.parametrize("answer, ok", [
    ({"answer": 3, "unit": "furlong"}, False), ({"answer": 3, "unit": "km"}, True),
    ({"answer": "3", "unit": "km"}, False), ({"answer": 3, "unit": None}, False),
])
def test_distance_answer_schema_units(answer, ok):
    assert Draft202012Validator(get_format("Distance").answer_schema()).is_valid(answer) is ok


def test_point_pair_schema_pins_latitude_first():
    schema = get_format("Point coordinates").answer_schema()
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"answer": [10.0, 120.0], "unit": None})       # lat 10, lon 120
    assert not validator.is_valid({"answer": [120.0, 10.0], "unit": None})   # 120 is no latitude
    assert not validator.is_valid({"answer": [10.0], "unit": None})
    pair = schema["properties"]["answer"]["anyOf"][0]["anyOf"][1]
    assert "LATITUDE FIRST" in pair["description"]


@pytest.mark.parametrize("gold, labels", [
    ("left", ["left", "right", "on", None]), ("on", ["left", "right", "on", None]), ("upstream", ["upstream", "downstream", None]),
    ("SE", [*F.COMPASS_8, None]), ("NNE", [*F.COMPASS_16, None]),
])
def test_direction_schema_narrows_to_gold_family(gold, labels):
    item = {"answer_format": "Predefined / cardinal direction", "answer": gold}
    schema = get_format("direction").answer_schema(item=item)
    assert schema["properties"]["answer"]["anyOf"][0]["enum"] == labels


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_gold_examples_fit_gold_and_item_schemas_and_validate(name):
    fmt = get_format(name)
    for answer, unit in GOLD_EXAMPLES[name]:
        jsonschema.validate(answer, fmt.gold_schema())
        jsonschema.validate({"answer_format": name, "answer": answer, "unit": unit}, fmt.item_schema())
        assert validate_gold(name, answer, unit).format is fmt


def test_item_schema_null_answer_only_for_false_premise():
    schema = get_format("Distance").item_schema()
    jsonschema.validate({"answer_format": "Distance", "answer": None, "unit": None, "false_premise": True}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"answer_format": "Distance", "answer": None, "false_premise": False}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"answer_format": "Area", "answer": 3.0}, schema)


# ----------------------------------------------------------------------------- gold validation


@pytest.mark.parametrize("name, answer, unit", [
    ("Boolean / ternary", "maybe", None),
    ("Boolean / ternary", True, "km"),
    ("Entity name (single)", "", None),
    ("Predefined / cardinal direction", "north-east", None),  # gold labels are canonical
    ("Set enumeration", "Cafe A", None),
    ("H3 / S2 cell index", "zzz", None),
    ("H3 / S2 cell index", "46920bccc", "h3"),
    ("Geohash", "ua9a", None),
    ("Composite (H3 + S2)", {"h3": HELSINKI_H3_7}, None),
    ("Distance", "12 km", "km"),
    ("Distance", 12, "furlong"),
    ("Area", 1.0, "km"),
    ("Count", "3", None),
    ("Ratio (dimensionless)", None, None),
    ("Point coordinates", {"lat": 91, "lon": 0}, None),
    ("Point coordinates", [60.17, 24.94], None),  # gold points are objects or WKT, never bare pairs
    ("Polar (angle, distance)", [45, 3], "km"),
    ("Polygon / bounding box", "LINESTRING (0 0, 1 1)", None),
    ("Polygon / bounding box", "POLYGON ((0 0, 1 1, 0 0))", None),
    ("Polygon / bounding box", "POLYGON ((0 0, 200 0, 200 1, 0 0))", None),
    ("Date", "20 May 2020", None),
    ("Date", {"date": "2020-05-20", "precision": "week"}, None),
])
def test_invalid_gold_is_rejected(name, answer, unit):
    with pytest.raises(GoldAnswerError):
        validate_gold(name, answer, unit)


def test_gold_candidates_include_acceptable_in_order_and_convert_units():
    g = validate_gold("Distance", 1000, "m", acceptable=[2000])
    assert g.candidates == (1.0, 2.0)
    g = validate_gold("Entity name (single)", "Turku", acceptable=["Åbo", ["Turku city"]])
    assert g.candidates == ("Turku", "Åbo", "Turku city")


def test_set_acceptable_alternative_sets_and_aliases():
    g = validate_gold("Set enumeration", ["Turku", "Espoo"],
                      acceptable=[["Turku"], {"Turku": ["Åbo"], "Espoo": ["Esbo"]}])
    assert g.candidates == (("Turku", "Espoo"), ("Turku",))
    assert g.aliases == {"abo": "turku", "esbo": "espoo"}
    with pytest.raises(GoldAnswerError):
        validate_gold("Set enumeration", ["Turku"], acceptable=[{"Turku": "Åbo"}])
    with pytest.raises(GoldAnswerError):
        validate_gold("Count", 3, acceptable=7)


# ----------------------------------------------------------------------------- readers


@pytest.mark.parametrize("a, b", [
    ("Øyer", "oyer"), ("  São   Tomé ", "sao tome"), ("STRAßE", "strasse"), ("“Łódź”", "lodz"),
    ("Æbeltoft", "aebeltoft"),
])
def test_name_key_folds(a, b):
    assert name_key(a) == name_key(b)


def test_name_key_keeps_punctuation_inside():
    assert name_key("Saint-Denis") != name_key("Saint Denis")


@pytest.mark.parametrize("value, expected", [
    ("1,234.5 km", (1234.5, "km")), ("1 234 567", (1234567.0, "")), ("-5", (-5.0, "")),
    ("1e3 m", (1000.0, "m")), ("≈ 12 km away", (12.0, "km away")), ("three", (3.0, "")),
    ("−2.5", (-2.5, "")), (".5", (0.5, "")), (7, (7.0, "")),
])
def test_parse_number(value, expected):
    assert parse_number(value) == expected


@pytest.mark.parametrize("value", ["12,5", "", "km", "10-12 km", True, None, float("nan"), "inf", [1]])
def test_parse_number_rejects(value):
    with pytest.raises(AnswerValueError):
        parse_number(value)


@given(st.floats(allow_nan=False, allow_infinity=False, width=64))
def test_parse_number_round_trips_repr(x):
    assert parse_number(repr(x))[0] == x
    assert parse_number(x)[0] == x


@pytest.mark.parametrize("value, unit, km", [
    (1, "mi", 1.609344), ("1500 m", None, 1.5), ("1500 m", "km", 1.5), (2, "kilometres", 2.0),
    ("3 miles", None, 3 * 1.609344), (4, None, 4.0), ("250 metres", None, 0.25),
])
def test_distance_units(value, unit, km):
    assert math.isclose(get_format("Distance").coerce(value, unit), km)


@pytest.mark.parametrize("value, unit", [(1, "furlong"), ("5 m2", None), ("5 apples", None), (1, 5)])
def test_distance_unknown_units(value, unit):
    with pytest.raises(AnswerValueError):
        get_format("Distance").coerce(value, unit)


@pytest.mark.parametrize("value, unit, km2", [
    (2, "ha", 0.02), (1, "mi2", 1.609344 ** 2), ("3 sq km", None, 3.0), ("1,000,000 m²", None, 1.0),
    ("2 square miles", None, 2 * 1.609344 ** 2), (5, "km^2", 5.0), ("7 hectares", None, 0.07), (9, None, 9.0),
])
def test_area_units(value, unit, km2):
    assert math.isclose(get_format("Area").coerce(value, unit), km2)


@pytest.mark.parametrize("value, expected", [
    (True, "true"), ("Yes", "true"), ("no.", "false"), (False, "false"), ("Plausible", "plausibly"),
])
def test_boolean_reader(value, expected):
    assert get_format("boolean").coerce(value) == expected


@pytest.mark.parametrize("value", ["maybe", 1, None, "truth"])
def test_boolean_reader_rejects(value):
    with pytest.raises(AnswerValueError):
        get_format("boolean").coerce(value)


@pytest.mark.parametrize("value, expected", [
    ("north-east", "NE"), ("Northeast", "NE"), ("North East", "NE"), ("n.e.", "NE"), ("ne", "NE"),
    ("north", "N"), ("South-southwest", "SSW"), ("westward", "W"), ("to the left", "left"),
    ("Right-hand side", "right"), ("On the route", "on"), ("on", "on"), ("Up-stream", "upstream"), ("DOWNSTREAM", "downstream"),
])
def test_direction_reader(value, expected):
    assert get_format("direction").coerce(value) == expected


@pytest.mark.parametrize("value", ["up", "northeast by north", "", 45, "NEE"])
def test_direction_reader_rejects(value):
    with pytest.raises(AnswerValueError):
        get_format("direction").coerce(value)


def test_set_reader_dedups_by_name_key_and_reads_json_strings():
    assert get_format("set").coerce(["Åbo", "abo ", "Turku"]) == ("Åbo", "Turku")
    assert get_format("set").coerce('["a", "b"]') == ("a", "b")
    for bad in ("a, b", [""], [1], {"a": 1}):
        with pytest.raises(AnswerValueError):
            get_format("set").coerce(bad)


def test_cell_reader():
    cell = get_format("cell").coerce
    assert cell(HELSINKI_H3_7.upper()) == GridCell("h3", HELSINKI_H3_7)
    assert cell(h3.str_to_int(HELSINKI_H3_7)) == GridCell("h3", HELSINKI_H3_7)
    token = HELSINKI_S2_15.to_token()
    assert cell(token) == GridCell("s2", token)
    assert cell(str(HELSINKI_S2_15.id())) == GridCell("s2", token)
    assert cell("s2:" + token.upper()) == GridCell("s2", token)
    assert cell(HELSINKI_H3_7, "s2").system == "s2"  # a declared system wins over the H3 reading
    with pytest.raises(AnswerValueError):
        cell("not a cell")
    with pytest.raises(AnswerValueError):
        cell("X")


def test_composite_reader_forms():
    comp = get_format("h3_s2").coerce
    token = HELSINKI_S2_15.to_token()
    expected = CompositeCell(HELSINKI_H3_7, token)
    assert comp({"H3": HELSINKI_H3_7, "s2_token": token}) == expected
    assert comp([HELSINKI_H3_7, str(HELSINKI_S2_15.id())]) == expected
    assert comp(f"h3: {HELSINKI_H3_7}, s2: {token}") == expected
    with pytest.raises(AnswerValueError):
        comp([token, HELSINKI_H3_7])  # the order is h3 then s2


def test_geohash_reader():
    assert get_format("geohash").coerce(" UD9WR ") == "ud9wr"
    for bad in ("ud9wa", "", "u" * 13, 5):
        with pytest.raises(AnswerValueError):
            get_format("geohash").coerce(bad)


@pytest.mark.parametrize("value", [
    {"lat": 60.17, "lon": 24.94}, {"Latitude": "60.17", "longitude": 24.94}, [60.17, 24.94], "60.17, 24.94",
    "60.17°N, 24.94°E", "24.94 E 60.17 N", "POINT (24.94 60.17)", '{"lat": 60.17, "lng": 24.94}',
    "[60.17, 24.94]",
])
def test_point_reader_forms(value):
    assert get_format("point").coerce(value) == LatLon(60.17, 24.94)


def test_point_reader_hemispheres_and_ranges():
    assert get_format("point").coerce("33.9 S, 18.4 W") == LatLon(-33.9, -18.4)
    for bad in ([160.17, 24.94], [95, 10], {"lat": 1}, "60.17 N", "1, 2, 3", [1, 2, 3], "POINT EMPTY"):
        with pytest.raises(AnswerValueError):
            get_format("point").coerce(bad)


def test_polar_reader():
    polar = get_format("polar").coerce
    assert polar({"angle": 370, "distance": 2}, "km") == Polar(10.0, 2.0)
    assert polar([-90, "500 m"]) == Polar(270.0, 0.5)
    assert polar({"bearing": "45°", "distance": 1}, "mi") == Polar(45.0, 1.609344)
    assert polar("90.0 111319", "m") == Polar(90.0, 111.319)   # kgbf:relativePosition's "<azimuth> <metres>"
    assert polar("45°, 3 km") == Polar(45.0, 3.0)
    assert polar("45 deg / 2 mi") == Polar(45.0, 2 * 1.609344)
    for bad in ({"angle": 45}, [1, 2, 3], {"angle": "1 rad", "distance": 1}, "45", "45 3 km 4 km"):
        with pytest.raises(AnswerValueError):
            polar(bad)


def test_polygon_reader_forms_are_the_same_box():
    poly = get_format("polygon").coerce
    wkt = poly("POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))")
    for other in ([24, 60, 25, 61], {"west": 24, "south": 60, "east": 25, "north": 61},
                  {"min_lon": 24, "min_lat": 60, "max_lon": 25, "max_lat": 61},
                  {"type": "Polygon", "coordinates": [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]]]},
                  "<http://www.opengis.net/def/crs/OGC/1.3/CRS84> POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))"):
        assert poly(other).equals(wkt)
    for bad in ("POLYGON ((24 60, 25 60", [25, 60, 24, 61], "POLYGON EMPTY", 3,
                "<http://www.opengis.net/def/crs/EPSG/0/4326> POLYGON ((60 24, 60 25, 61 25, 60 24))"):
        with pytest.raises(AnswerValueError):
            poly(bad)


@pytest.mark.parametrize("value, expected", [
    ("2020-05-20", DateValue(dt.date(2020, 5, 20), "day")),
    ("2020-05-20T23:30:00-02:00", DateValue(dt.date(2020, 5, 21), "day")),  # taken in UTC
    ("2020-05-20T10:00:00Z", DateValue(dt.date(2020, 5, 20), "day")),
    ("2020-05", DateValue(dt.date(2020, 5, 16), "month")),   # 31 days: index 15
    ("2021-02", DateValue(dt.date(2021, 2, 15), "month")),   # 28 days: index 14
    ("2019", DateValue(dt.date(2019, 7, 2), "year")),        # 365 days: index 182
    ("20 May 2020", DateValue(dt.date(2020, 5, 20), "day")),
    ("May 20th, 2020", DateValue(dt.date(2020, 5, 20), "day")),
    ("May 2020", DateValue(dt.date(2020, 5, 16), "month")),
    ({"date": "2020-05-20", "precision": "year"}, DateValue(dt.date(2020, 5, 20), "year")),
    (dt.date(2020, 1, 2), DateValue(dt.date(2020, 1, 2), "day")),
])
def test_date_reader(value, expected):
    assert get_format("date").coerce(value) == expected


@pytest.mark.parametrize("value", ["2020-13-01", "2020-02-30", "yesterday", "May", 2020, "5/20/2020"])
def test_date_reader_rejects(value):
    with pytest.raises(AnswerValueError):
        get_format("date").coerce(value)


def test_count_and_ratio_readers():
    assert get_format("count").coerce("1,204") == 1204
    assert get_format("count").coerce(3.0) == 3 and isinstance(get_format("count").coerce(3.0), int)
    assert get_format("ratio").coerce("45%") == 0.45
    assert get_format("ratio").coerce(45, "%") == 0.45
    assert get_format("ratio").coerce("1.25") == 1.25


def test_refusal_text():
    for text in ("null", "None", "I don't know.", "N/A", "  unknown ", "cannot be determined"):
        assert F.is_refusal_text(text)
    for text in ("Nonesuch", "no", "0", "Unknown Pleasures Bar"):
        assert not F.is_refusal_text(text)
