"""Tests of the scorer: every tolerance just inside and just outside, refusals, parsing, metrics, evaluate()."""

import json
import math

import h3
import pyproj
import pytest
import s2sphere
from hypothesis import given, strategies as st

from kgbench.evaluation.evaluate import EvaluationResult, evaluate, read_jsonl
from kgbench.evaluation.scoring import (
    ItemScore, aggregate, aggregate_by, area_tolerance, count_tolerance, distance_tolerance, extract_answer_object,
    iou, parse_prediction, ratio_tolerance, score_item,
)
from kgbench.evaluation.formats import GridCell, validate_gold
from shapely.geometry import box

GEOD = pyproj.Geod(ellps="WGS84")
HEL_H3_7 = h3.latlng_to_cell(60.17, 24.94, 7)
HEL_S2_15 = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(60.17, 24.94)).parent(15)
INSIDE, OUTSIDE = 1 - 1e-9, 1 + 1e-9


def item(fmt, answer, unit=None, **extra):
    return {"id": "q", "answer_format": fmt, "answer": answer, "unit": unit, **extra}


def score(fmt, gold, pred, unit=None, pred_unit=None, **extra):
    """Return (E, e, status) of a bare answer against a gold answer."""
    return tuple(score_item(item(fmt, gold, unit, **extra), {"answer": pred, "unit": pred_unit}))


# ----------------------------------------------------------------------------- Distance


@pytest.mark.parametrize("gold, tau", [
    (0.0, 0.5), (5.0, 0.5), (10.0, 0.5), (40.0, 2.0), (49.0, 2.45), (50.0, 5.0), (60.0, 5.0), (100.0, 5.0),
    (200.0, 10.0), (499.0, 24.95), (500.0, 25.0), (5000.0, 250.0),
])
def test_distance_tolerance_bands(gold, tau):
    assert distance_tolerance(gold) == pytest.approx(tau)
    assert distance_tolerance(-gold) == pytest.approx(tau)


@pytest.mark.parametrize("gold", [3.0, 10.0, 49.0, 50.0, 75.0, 100.0, 499.0, 500.0, 1234.0])
@pytest.mark.parametrize("sign", [1, -1])
def test_distance_just_inside_and_just_outside(gold, sign):
    tau = distance_tolerance(gold)
    E, e, status = score("Distance", gold, gold + sign * tau * INSIDE, "km", "km")
    assert (E, status) == (1, "answered") and e == pytest.approx(1.0, abs=1e-6)
    assert score("Distance", gold, gold + sign * tau * OUTSIDE, "km", "km")[:2] == (0, 1.0)


def test_distance_exactly_at_tolerance_is_outside_and_e_is_linear():
    assert score("Distance", 10.0, 10.5, "km", "km")[:2] == (0, 1.0)   # d = 0.5 = tau: strict
    assert score("Distance", 100.0, 102.5, "km", "km")[:2] == (1, 0.5)


@pytest.mark.parametrize("pred, pred_unit, E", [
    (10000, "m", 1), ("10,400 m", None, 1), (6.2, "mi", 1), ("6.2 miles", "km", 1), (10, "m", 0), (10, "mi", 0),
    ("10 mi", None, 0), (10, None, 1), ("10", "kilometers", 1), (10.6, "km", 0),
])
def test_distance_unit_conversion_and_wrong_units(pred, pred_unit, E):
    assert score("Distance", 10.0, pred, "km", pred_unit)[0] == E


def test_distance_gold_in_metres_and_miles():
    assert score("Distance", 10000, 10.4, "m", "km")[0] == 1
    assert score("Distance", 1, 1609, "mi", "m")[0] == 1
    assert score("Distance", 1, 1.0, "mi", "km")[0] == 0   # 1 km vs 1.609 km, tau 0.5


@pytest.mark.parametrize("pred", [{"answer": 10, "unit": "furlong"}, {"answer": "10 or 11 km", "unit": None},
                                  {"answer": "far", "unit": "km"}, {"answer": [10], "unit": "km"},
                                  {"answer": True, "unit": "km"}])
def test_distance_unreadable_answers_are_unparseable(pred):
    assert tuple(score_item(item("Distance", 10.0, "km"), pred)) == (0, 1.0, "unparseable")


# ----------------------------------------------------------------------------- Area, Count, Ratio


@pytest.mark.parametrize("gold, tau", [(1.0, 0.25), (4.0, 0.25), (10.0, 0.5), (300.0, 15.0), (2499.0, 124.95),
                                       (2500.0, 125.0), (250000.0, 12500.0)])
def test_area_tolerance_bands(gold, tau):
    assert area_tolerance(gold) == pytest.approx(tau)


@pytest.mark.parametrize("gold", [1.0, 4.0, 300.0, 2500.0, 300000.0])
def test_area_just_inside_and_just_outside(gold):
    tau = area_tolerance(gold)
    assert score("Area", gold, gold - tau * INSIDE, "km2", "km2")[0] == 1
    assert score("Area", gold, gold - tau * OUTSIDE, "km2", "km2")[0] == 0


@pytest.mark.parametrize("pred, unit, E", [
    (124, "ha", 1), (126, "ha", 0), (1.24e6, "m2", 1), ("1,260,000 m²", None, 0), (0.48, "mi2", 1),
    (0.49, "mi2", 0), ("1.2 sq km", None, 1), (1.2, "km", None),
])
def test_area_units(pred, unit, E):
    E_, e, status = score("Area", 1.0, pred, "km2", unit)   # gold 1 km2, tau 0.25
    if E is None:
        assert status == "unparseable"
    else:
        assert (E_, status) == (E, "answered")


@pytest.mark.parametrize("gold, inside, outside", [
    (0, [0], [1, -1]), (10, [10, "10"], [11, 9]), (100, [104, 96, "104.9"], [105, 95]),
    (400, [419, 381], [420, 380]),
])
def test_count_edges(gold, inside, outside):
    assert count_tolerance(gold) == max(1, 0.05 * gold)
    for pred in inside:
        assert score("Count", gold, pred)[0] == 1, pred
    for pred in outside:
        assert score("Count", gold, pred)[:2] == (0, 1.0), pred


def test_count_words_and_thousands():
    assert score("Count", 3, "three")[0] == 1
    assert score("Count", 12000, "12,400 people")[0] == 1


def test_ratio_edges_and_zero_gold():
    assert ratio_tolerance(2.0) == pytest.approx(0.1)
    assert score("Ratio (dimensionless)", 2.0, 2.0999)[0] == 1
    assert score("Ratio (dimensionless)", 2.0, 2.1001)[0] == 0
    assert score("Ratio (dimensionless)", -1.0, -1.0499)[0] == 1
    assert score("Ratio (dimensionless)", 0.0, 0.0)[:2] == (1, 0.0)
    assert score("Ratio (dimensionless)", 0.0, "0")[:2] == (1, 0.0)
    assert score("Ratio (dimensionless)", 0.0, 0.001)[:2] == (0, 1.0)
    assert score("Ratio (dimensionless)", 0.45, "45%")[:2] == (1, 0.0)


# ----------------------------------------------------------------------------- Point, Polar


def _destination(lat, lon, azimuth, metres):
    lon2, lat2, _ = GEOD.fwd(lon, lat, azimuth, metres)
    return lat2, lon2


@pytest.mark.parametrize("azimuth", [0, 37, 123, 270])
def test_point_just_inside_and_just_outside_10_km(azimuth):
    gold = {"lat": 60.0, "lon": 25.0}
    lat, lon = _destination(60.0, 25.0, azimuth, 9999.0)
    E, e, _ = score("Point coordinates", gold, {"lat": lat, "lon": lon})
    assert E == 1 and e == pytest.approx(0.9999, abs=1e-6)
    lat, lon = _destination(60.0, 25.0, azimuth, 10001.0)
    assert score("Point coordinates", gold, [lat, lon])[:2] == (0, 1.0)


def test_point_pair_order_is_latitude_first():
    gold = "POINT (24.94 60.17)"   # WKT: longitude first
    assert score("Point coordinates", gold, [60.17, 24.94])[0] == 1
    assert score("Point coordinates", gold, "60.17 N, 24.94 E")[0] == 1
    assert score("Point coordinates", gold, [24.94, 60.17])[:3] == (0, 1.0, "answered")  # swapped: far away
    assert score("Point coordinates", {"lat": 10, "lon": 120}, [120, 10])[2] == "unparseable"


def test_point_across_the_antimeridian():
    lat, lon = _destination(0.0, 179.99, 90, 5000.0)
    assert lon < 0
    assert score("Point coordinates", {"lat": 0.0, "lon": 179.99}, {"lat": lat, "lon": lon})[0] == 1


POLAR_GOLD = {"angle": 10.0, "distance": 100.0}   # radial tolerance 5 km


@pytest.mark.parametrize("pred, E", [
    ({"angle": 14.99, "distance": 100}, 1), ({"angle": 15.0, "distance": 100}, 0),
    ({"angle": 5.01, "distance": 100}, 1), ({"angle": 5.0, "distance": 100}, 0),
    ({"angle": 10, "distance": 104.99}, 1), ({"angle": 10, "distance": 105}, 0),
    ({"angle": 14, "distance": 96}, 1), ({"angle": 14, "distance": 106}, 0), ({"angle": 16, "distance": 100}, 0),
    ([370.0, 100.0], 1), ({"angle": 10, "distance": "100,000 m"}, 1),
])
def test_polar_edges(pred, E):
    assert score("Polar (angle, distance)", POLAR_GOLD, pred, "km", "km")[0] == E


def test_polar_wraps_around_360_and_e_is_the_worse_error():
    gold = {"angle": 2.0, "distance": 10.0}   # radial tolerance 0.5 km
    assert score("Polar (angle, distance)", gold, {"angle": 357.01, "distance": 10}, "km", "km")[0] == 1
    assert score("Polar (angle, distance)", gold, {"angle": 357.0, "distance": 10}, "km", "km")[0] == 0
    E, e, _ = score("Polar (angle, distance)", gold, {"angle": 3.0, "distance": 10.25}, "km", "km")
    assert E == 1 and e == pytest.approx(0.5)   # max(1/5, 0.25/0.5)
    assert score("Polar (angle, distance)", gold, {"angle": 2.0, "distance": 10}, "km", "mi")[0] == 0


# ----------------------------------------------------------------------------- Polygon


def _wkt(b):
    return b.wkt


@pytest.mark.parametrize("shift, E", [(0.0, 1), (0.33, 1), (0.34, 0), (0.9, 0)])
def test_polygon_iou_edge_by_longitude_shift(shift, E):
    # EPSG:6933 is cylindrical: a longitude shift of s box-widths leaves IoU = (1 - s) / (1 + s)
    gold = box(10, 40, 11, 41)
    pred = box(10 + shift, 40, 11 + shift, 41)
    expected = (1 - shift) / (1 + shift)
    E_, e, status = score("Polygon / bounding box", _wkt(gold), _wkt(pred))
    assert (E_, status) == (E, "answered")
    assert e == pytest.approx(1 - expected, abs=1e-9)


def test_polygon_iou_is_equal_area_not_degrees():
    # cylindrical equal-area: areas of latitude bands go as sin(lat) on the sphere (authalic on WGS84)
    a, b = box(0, 0, 1, 60), box(0, 30, 1, 90)
    sphere = (math.sin(math.radians(60)) - math.sin(math.radians(30))) / 1.0
    assert iou(a, b) == pytest.approx(sphere, rel=5e-3)
    assert abs(iou(a, b) - 1 / 3) > 0.02   # the naive degree-space IoU


def test_polygon_other_forms_and_non_polygons():
    gold = "POLYGON ((24 60, 25 60, 25 61, 24 61, 24 60))"
    assert score("Polygon / bounding box", gold, [24, 60, 25, 61])[:2] == (1, 0.0)
    assert score("Polygon / bounding box", gold, {"west": 24, "south": 60, "east": 25, "north": 61})[0] == 1
    assert score("Polygon / bounding box", gold, "POINT (24.5 60.5)") == (0, 1.0, "answered")
    assert score("Polygon / bounding box", gold, "POLYGON ((24 60, 25 60")[2] == "unparseable"
    bowtie = "POLYGON ((24 60, 25 61, 25 60, 24 61, 24 60))"   # invalid, repaired before the IoU
    E, e, status = score("Polygon / bounding box", gold, bowtie)
    assert status == "answered" and E == 0 and 0.4 < e < 0.6


# ----------------------------------------------------------------------------- cells


def test_h3_equal_and_finer_score_coarser_never():
    fmt = "H3 / S2 cell index"
    child = h3.cell_to_children(HEL_H3_7, 9)[3]
    assert score(fmt, HEL_H3_7, HEL_H3_7.upper(), "h3")[:2] == (1, 0.0)
    assert score(fmt, HEL_H3_7, child, "h3")[:2] == (1, 0.0)
    # a coarser cell contains the gold but has no ancestor at the gold's resolution: never credited
    for res in range(7):
        assert score(fmt, HEL_H3_7, h3.cell_to_parent(HEL_H3_7, res), "h3")[:2] == (0, 1.0), res
    other7 = h3.latlng_to_cell(60.5, 25.5, 7)
    assert other7 != HEL_H3_7
    assert score(fmt, HEL_H3_7, other7, "h3")[:2] == (0, 1.0)
    assert score(fmt, HEL_H3_7, h3.cell_to_children(other7, 9)[0], "h3")[:2] == (0, 1.0)
    assert score(fmt, HEL_H3_7, h3.latlng_to_cell(-30, 25.5, 5), "h3")[:2] == (0, 1.0)
    # a coarser cell that merely contains the gold's neighbour: not its ancestor
    neighbour = next(c for c in h3.grid_disk(HEL_H3_7, 3) if h3.cell_to_parent(c, 5) != h3.cell_to_parent(HEL_H3_7, 5))
    assert score(fmt, HEL_H3_7, h3.cell_to_parent(neighbour, 5), "h3")[0] == 0


def test_h3_gold_against_s2_and_garbage():
    fmt = "H3 / S2 cell index"
    assert score(fmt, HEL_H3_7, HEL_S2_15.to_token(), "h3") == (0, 1.0, "answered")
    assert score(fmt, HEL_H3_7, HEL_H3_7, "h3", "s2")[:2] == (0, 1.0)   # declared S2: not an H3 reading
    assert score(fmt, HEL_H3_7, "cell 42", "h3")[2] == "unparseable"


def test_s2_tokens_and_ids_compare_after_normalization():
    fmt = "H3 / S2 cell index"
    token = HEL_S2_15.to_token()
    for pred in (token, token.upper(), str(HEL_S2_15.id()), HEL_S2_15.id(), "s2:" + token, hex(HEL_S2_15.id())):
        assert score(fmt, token, pred, "s2")[:2] == (1, 0.0), pred
    assert score(fmt, str(HEL_S2_15.id()), token, "s2")[0] == 1
    assert score(fmt, token, HEL_S2_15.parent(14).to_token(), "s2")[:2] == (0, 1.0)   # no S2 hierarchy credit
    assert score(fmt, token, HEL_S2_15.child_begin().to_token(), "s2")[:2] == (0, 1.0)


def test_composite_exact_on_both_h3_finer_credited():
    fmt = "Composite (H3 + S2)"
    token = HEL_S2_15.to_token()
    gold = {"h3": HEL_H3_7, "s2": token}
    other = h3.latlng_to_cell(60.5, 25.5, 7)
    assert score(fmt, gold, {"h3": HEL_H3_7.upper(), "s2": str(HEL_S2_15.id())})[:2] == (1, 0.0)
    assert score(fmt, gold, [HEL_H3_7, token])[:2] == (1, 0.0)
    assert score(fmt, gold, {"h3": other, "s2": token})[:2] == (0, 0.5)
    assert score(fmt, gold, {"h3": h3.cell_to_parent(HEL_H3_7, 6), "s2": token})[:2] == (0, 0.5)
    assert score(fmt, gold, {"h3": h3.cell_to_parent(HEL_H3_7, 0), "s2": token})[:2] == (0, 0.5)
    # the H3 component follows the H3 rule: a finer cell inside the gold counts
    assert score(fmt, gold, {"h3": h3.cell_to_children(HEL_H3_7, 10)[5], "s2": token})[:2] == (1, 0.0)
    assert score(fmt, gold, {"h3": other, "s2": HEL_S2_15.parent(3).to_token()})[:2] == (0, 1.0)
    assert score(fmt, gold, {"h3": HEL_H3_7})[2] == "unparseable"


def test_geohash_exact():
    assert score("Geohash", "ud9wr", "UD9WR")[:2] == (1, 0.0)
    assert score("Geohash", "ud9wr", "ud9w")[:2] == (0, 1.0)
    assert score("Geohash", "ud9wr", "ud9wra")[2] == "unparseable"   # 'a' is not in the alphabet


# ----------------------------------------------------------------------------- Date


@pytest.mark.parametrize("gold, inside, outside", [
    ("2020-05-20", ["2020-05-20", "2020-05-20T23:00:00Z", "20 May 2020"], ["2020-05-21", "2020-05-19"]),
    ({"date": "2020-05-20", "precision": "month"}, ["2020-06-03", "2020-05-06"], ["2020-06-04", "2020-05-05"]),
    ({"date": "2020-05-20", "precision": "year"}, ["2021-05-19", "2019-05-22"], ["2021-05-20", "2019-05-21"]),
    ("2020-05", ["2020-05-02", "2020-05-30", "May 2020"], ["2020-05-01", "2020-05-31"]),   # gold: 16 May
])
def test_date_precision_edges(gold, inside, outside):
    for pred in inside:
        assert score("Date", gold, pred)[0] == 1, pred
    for pred in outside:
        assert score("Date", gold, pred)[:2] == (0, 1.0), pred


def test_date_e_is_days_over_tolerance_and_reduced_precision_predictions():
    assert score("Date", {"date": "2020-05-20", "precision": "month"}, "2020-05-26")[1] == pytest.approx(6 / 15)
    assert score("Date", "2020-05-16", "2020-05")[:2] == (1, 0.0)      # a month answer means its middle day
    assert score("Date", "2020-05-20", "2020-05")[:2] == (0, 1.0)
    assert score("Date", "2020-05-20", "sometime in spring")[2] == "unparseable"


# ----------------------------------------------------------------------------- names, sets, labels


def test_entity_aliases_ties_and_normalization():
    it = item("Entity name (single)", "Pedasí", acceptable=["Pedasi District", "Las Tablas"])
    for pred in ("pedasi", "  PEDASÍ ", "pedasi   district", "Las Tablas"):
        assert tuple(score_item(it, {"answer": pred})) == (1, 0.0, "answered"), pred
    assert tuple(score_item(it, {"answer": "Panama"})) == (0, 1.0, "answered")
    assert tuple(score_item(it, {"answer": ""})) == (0, 1.0, "refused")


SET_GOLD = ["Cafe Alpha", "Café Beta", "Gamma Bar"]


@pytest.mark.parametrize("pred, E, e", [
    (["gamma bar", "cafe beta", "CAFE ALPHA"], 1, 0.0),
    (["Cafe Alpha", "Cafe Alpha", "Café Beta", "Gamma Bar"], 1, 0.0),     # duplicates collapse
    (["Cafe Alpha", "Café Beta"], 0, 1 - 2 / 3),
    (["Cafe Alpha", "Café Beta", "Gamma Bar", "Delta"], 0, 1 - 3 / 4),
    (["Delta"], 0, 1.0),
    ([], 0, 1.0),
])
def test_set_jaccard(pred, E, e):
    E_, e_, status = score("Set enumeration", SET_GOLD, pred)
    assert (E_, status) == (E, "answered") and e_ == pytest.approx(e)


def test_set_empty_gold_aliases_and_alternatives():
    assert score("Set enumeration", [], []) == (1, 0.0, "answered")
    assert score("Set enumeration", [], ["Delta"]) == (0, 1.0, "answered")
    assert score("Set enumeration", [], None) == (0, 1.0, "refused")
    it = item("Set enumeration", ["Turku", "Espoo"], acceptable=[{"Turku": ["Åbo"]}, ["Turku"]])
    assert tuple(score_item(it, {"answer": ["abo", "Espoo"]})) == (1, 0.0, "answered")
    assert tuple(score_item(it, {"answer": ["Turku"]})) == (1, 0.0, "answered")      # the tie alternative
    E, e, _ = score_item(it, {"answer": ["Åbo", "Vantaa"]})
    assert E == 0 and e == pytest.approx(1 - 1 / 2)                                   # best: vs ["Turku"]


@pytest.mark.parametrize("gold, pred, E", [
    (True, "yes", 1), (True, "True", 1), (True, True, 1), ("false", False, 1), (False, "no", 1),
    (True, "plausibly", 0), ("plausibly", "Plausibly", 1), ("plausibly", True, 0),
])
def test_boolean_ternary(gold, pred, E):
    assert score("Boolean / ternary", gold, pred)[:2] == (E, 1.0 - E)


def test_boolean_unreadable():
    assert score("Boolean / ternary", True, "maybe")[2] == "unparseable"
    assert score("Boolean / ternary", True, 1)[2] == "unparseable"


@pytest.mark.parametrize("gold, pred, E", [
    ("NE", "north-east", 1), ("NE", "Northeast", 1), ("NE", "N", 0), ("left", "Left", 1), ("left", "right", 0),
    ("upstream", "up-stream", 1), ("SW", "south west", 1), ("on", "on the route", 1), ("on", "left", 0),
])
def test_direction(gold, pred, E):
    assert score("Predefined / cardinal direction", gold, pred)[0] == E


# ----------------------------------------------------------------------------- parsing, refusals, missing


DIST = item("Distance", 10.0, "km")


@pytest.mark.parametrize("prediction, status", [
    ({"answer": None, "unit": "km"}, "refused"),
    ({"answer": "I don't know"}, "refused"),
    ({"answer": "N/A"}, "refused"),
    ({"raw": "I cannot answer."}, "refused"),
    ({"raw": 'Here you go: {"answer": null, "unit": null}'}, "refused"),
    ("unknown", "refused"),
    ({"raw": '{"answer": 10.2, "unit": "km"'}, "unparseable"),            # truncated JSON
    ({"raw": "{'answer': 10.2, 'unit': 'km'}"}, "unparseable"),           # not JSON
    ({"raw": "The distance is 10 km."}, "unparseable"),                   # no object
    ({"answer": "10 or 11 km"}, "unparseable"),
    ([10, "km"], "unparseable"),
    ({"raw": '```json\n{"reasoning": "x", "answer": "10.1", "unit": "km"}\n```'}, "answered"),
    ({"raw": 'First {"answer": 99, "unit": "km"} then finally {"answer": 10.1, "unit": "km"}'}, "answered"),
    ({"answer": None, "raw": '{"answer": 10.1, "unit": "km"}'}, "answered"),
    ({"answer": "10.1", "raw": "garbage"}, "answered"),
    ({"id": "q"}, "missing"),
    (None, "missing"),
    ({"status": "budget_exhausted", "raw": "..."}, "missing"),
])
def test_prediction_statuses(prediction, status):
    E, e, got = score_item(DIST, prediction)
    assert got == status
    assert (E, e) == ((1, pytest.approx(0.2, abs=1e-9)) if status == "answered" else (0, 1.0))


def test_extract_answer_object_ignores_objects_without_answer():
    assert extract_answer_object('{"note": 1} {"answer": 2}') == {"answer": 2}
    assert extract_answer_object('{"answer": {"lat": 1, "lon": 2}}') == {"answer": {"lat": 1, "lon": 2}}
    assert extract_answer_object("no json here") is None


def test_answer_strings_holding_json_are_read():
    assert score("Point coordinates", {"lat": 1.0, "lon": 2.0}, '{"lat": 1.0, "lon": 2.0}')[0] == 1
    assert score("Set enumeration", ["a", "b"], '["b", "a"]')[0] == 1


def test_parse_prediction_returns_canonical_values():
    assert parse_prediction({"answer": "6.2 mi"}, "Distance").value == pytest.approx(6.2 * 1.609344)
    assert parse_prediction({"answer": "north-east"}, "direction").value == "NE"
    assert parse_prediction({"answer": None}, "Count").status == "refused"


# ----------------------------------------------------------------------------- false premises


@pytest.mark.parametrize("prediction, expected", [
    ({"answer": None}, (1, 0.0, "refused")),
    ({"answer": "There is no such entity"}, (0, 1.0, "answered")),
    ({"answer": "no such entity"}, (1, 0.0, "refused")),
    ({"answer": "Pedasí"}, (0, 1.0, "answered")),
    ({"raw": "garbled {"}, (0, 1.0, "unparseable")),
    (None, (0, 1.0, "missing")),
    ({"status": "budget_exhausted"}, (0, 1.0, "missing")),
])
def test_false_premise_right_answer_is_a_refusal(prediction, expected):
    fp = item("Entity name (single)", None, false_premise=True)
    assert tuple(score_item(fp, prediction)) == expected


# ----------------------------------------------------------------------------- metrics


def test_aggregate_metrics_by_hand():
    scores = [
        ItemScore("a", 1, 0.0, "answered"), ItemScore("b", 0, 0.4, "answered"), ItemScore("c", 0, 1.0, "refused"),
        ItemScore("d", 0, 1.0, "unparseable"), ItemScore("e", 0, 1.0, "missing"),
        ItemScore("f", 1, 0.0, "refused", True), ItemScore("g", 0, 1.0, "answered", True),
        ItemScore("h", 0, 1.0, "missing", True),
    ]
    m = aggregate(scores)
    assert (m.n, m.n_answerable, m.n_false_premise) == (8, 5, 3)
    assert (m.n_answered, m.n_refused, m.n_unparseable, m.n_missing) == (2, 1, 1, 1)
    assert m.em == pytest.approx(1 / 5)
    assert m.ne == pytest.approx(3.4 / 5)
    assert m.coverage == pytest.approx(2 / 5)
    assert m.em_covered == pytest.approx(1 / 2)
    assert m.false_refusal_rate == pytest.approx(1 / 5)
    assert m.negative_rejection_rate == pytest.approx(1 / 3)


def test_aggregate_of_nothing_and_of_false_premises_only():
    m = aggregate([])
    assert m.n == 0 and m.em is None and m.coverage is None and m.negative_rejection_rate is None
    m = aggregate([ItemScore("f", 1, 0.0, "refused", True)])
    assert m.em is None and m.negative_rejection_rate == 1.0


@given(st.lists(st.tuples(st.sampled_from(["answered", "refused", "unparseable", "missing"]), st.booleans()),
                min_size=1))
def test_em_is_coverage_times_em_covered(rows):
    scores = [ItemScore(i, int(ok and s == "answered"), 0.0 if ok and s == "answered" else 1.0, s)
              for i, (s, ok) in enumerate(rows)]
    m = aggregate(scores)
    if m.em_covered is None:
        assert m.em == 0.0 and m.coverage == 0.0
    else:
        assert m.em == pytest.approx(m.coverage * m.em_covered)
    assert m.coverage + m.false_refusal_rate <= 1.0 + 1e-12


def test_aggregate_by_dotted_key():
    items = [{"stratum": {"income_tier": "HIC"}}, {"stratum": {"income_tier": "LIC"}}, {"stratum": {}}]
    scores = [ItemScore(0, 1, 0.0, "answered"), ItemScore(1, 0, 1.0, "refused"), ItemScore(2, 1, 0.0, "answered")]
    groups = aggregate_by(items, scores, "stratum.income_tier")
    assert list(groups) == ["(none)", "HIC", "LIC"]
    assert groups["LIC"].false_refusal_rate == 1.0 and groups["HIC"].em == 1.0


# ----------------------------------------------------------------------------- evaluate()


DATASET = [
    {"id": "d1", "template_id": "A1", "answer_format": "Distance", "answer": 120.0, "unit": "km",
     "stratum": {"income_tier": "HIC"}},
    {"id": "c1", "template_id": "B1", "answer_format": "Count", "answer": 4, "unit": None,
     "stratum": {"income_tier": "LIC"}},
    {"id": "b1", "template_id": "C1", "answer_format": "Boolean / ternary", "answer": False, "unit": None,
     "stratum": {"income_tier": "LIC"}},
    {"id": "f1", "template_id": "C1", "answer_format": "Boolean / ternary", "answer": None, "unit": None,
     "false_premise": True, "stratum": {"income_tier": "HIC"}},
]
PREDICTIONS = [
    {"id": "d1", "answer": "74 mi", "unit": None},                 # 119.09 km, tau 6 km
    {"id": "c1", "answer": None, "unit": None},                    # a false refusal
    {"id": "f1", "answer": None, "raw": '{"answer": null, "unit": null}'},
    {"id": "zz", "answer": 1},
]


def _write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_evaluate_files_json_and_table(tmp_path):
    data = _write_jsonl(tmp_path / "items.jsonl", DATASET)
    preds = _write_jsonl(tmp_path / "preds.jsonl", PREDICTIONS)
    result = evaluate(data, str(preds), by=("template_id", "stratum.income_tier"))
    assert isinstance(result, EvaluationResult)
    assert [tuple(s) for s in result.items] == [(1, pytest.approx(0.909 / 6, abs=1e-3), "answered"),
                                                (0, 1.0, "refused"), (0, 1.0, "missing"), (1, 0.0, "refused")]
    o = result.overall
    assert (o.em, o.coverage, o.em_covered, o.false_refusal_rate, o.negative_rejection_rate) == (
        pytest.approx(1 / 3), pytest.approx(1 / 3), 1.0, pytest.approx(1 / 3), 1.0)
    assert result.unmatched_predictions == ["zz"]
    doc = json.loads(result.to_json())
    assert doc["overall"]["n"] == 4 and len(doc["items"]) == 4
    assert doc["groups"]["stratum.income_tier"]["LIC"]["false_refusal_rate"] == 0.5
    assert "items" not in json.loads(result.to_json(with_items=False))
    table = result.to_table()
    lines = table.splitlines()
    assert lines[0].split() == ["group", "n", "EM", "NE", "Cov", "EM_cov", "FRR", "n_fp", "NRR"]
    assert lines[2].split()[:3] == ["overall", "4", "0.333"]
    assert any(line.startswith("template_id=C1") for line in lines)
    assert "1 prediction(s) name no item" in table


def test_evaluate_in_memory_default_groups():
    result = evaluate(DATASET, PREDICTIONS[:1])
    assert set(result.groups) == {"answer_format", "template_id"}
    assert result.groups["answer_format"]["Count"].n_missing == 1


@pytest.mark.parametrize("dataset, predictions, message", [
    (DATASET + DATASET[:1], [], "two items with id 'd1'"),
    ([{"id": "x", "answer_format": "Speed", "answer": 3}], [], "unknown answer format"),
    ([{"id": "x", "answer_format": "Count", "answer": "many"}], [], "item 'x'"),
])
def test_evaluate_rejects_bad_inputs(dataset, predictions, message):
    with pytest.raises(ValueError, match=message):
        evaluate(dataset, predictions)


def test_bad_prediction_records_are_warnings_not_errors():
    result = evaluate(DATASET, [{"id": "d1", "answer": 1}, {"id": "d1", "answer": 2}, {"answer": 1}])
    assert result.warnings == ["predictions[2]: a second prediction for item 'd1' (ignored; predictions[1] counts)",
                               "predictions[3]: no id"]


def test_read_jsonl_names_the_bad_line(tmp_path):
    path = tmp_path / "preds.jsonl"
    path.write_text('{"id": "a", "answer": 1}\n\n{"id": "b", "answer": \n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"preds.jsonl:3: not JSON"):
        read_jsonl(path)
    path.write_text('[1, 2]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="not a JSON object"):
        read_jsonl(path)


def test_all_digit_s2_token_is_a_token_not_a_decimal_id():
    """A token made of decimal digits only (about one level-12 cell in 60) is gold-valid and scores exactly."""
    cell = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(-44.5, -98.5)).parent(12)
    token = cell.to_token()
    assert token.isdigit()
    assert validate_gold("H3 / S2 cell index", token, "s2").candidates[0] == GridCell("s2", token)
    assert score("H3 / S2 cell index", token, token, "s2")[:2] == (1, 0.0)
    assert score("H3 / S2 cell index", token, str(cell.id()), "s2")[:2] == (1, 0.0)   # the full decimal id
    assert score("H3 / S2 cell index", token, cell.parent(11).to_token(), "s2")[:2] == (0, 1.0)
