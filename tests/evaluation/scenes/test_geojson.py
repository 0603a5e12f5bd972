"""Scenes as GeoJSON: valid against the RFC 7946 schema, rings by the right-hand rule (checked with shapely),
antimeridian cuts, coordinates exactly as the gold WKT, and only the properties the task needs."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace as NS

import pytest
import shapely
import shapely.affinity

from kgbench.evaluation.scenes import GeoJSONError, Scene, SceneFeature, item_scene, scene_geojson, validate_geojson
from kgbench.queries.template import template_ids

_WKT = re.compile(r'<([^>]+)> <http://www\.opengis\.net/ont/geosparql#asWKT> "([^"]+)"')


def _scene(*geoms) -> Scene:
    return Scene("x", tuple(SceneFeature(chr(65 + n), chr(65 + n), f"n{n}", None, g) for n, g in enumerate(geoms)))


def _shapes(fc):
    return [shapely.from_geojson(json.dumps(f["geometry"])) for f in fc["features"]]


def test_rings_follow_the_right_hand_rule_whatever_the_gold_order():
    clockwise = shapely.from_wkt("POLYGON ((0 0, 0 2, 2 2, 2 0, 0 0), (0.5 0.5, 1.5 0.5, 1.5 1.5, 0.5 1.5, 0.5 0.5))")
    assert not clockwise.exterior.is_ccw  # the gold's order is the wrong one
    multi = shapely.MultiPolygon([clockwise, shapely.box(5, 5, 6, 6, ccw=False)])
    fc = scene_geojson(_scene(clockwise, multi))
    validate_geojson(fc)
    for shape in _shapes(fc):
        for poly in getattr(shape, "geoms", [shape]):
            assert shapely.LinearRing(poly.exterior.coords).is_ccw
            assert all(not shapely.LinearRing(r.coords).is_ccw for r in poly.interiors)
    assert _shapes(fc)[0].equals(clockwise) and _shapes(fc)[1].equals(multi)  # the same set of points


def test_a_line_and_a_polygon_across_the_antimeridian_are_cut_along_it():
    line = shapely.from_wkt("LINESTRING (170 10, 179 12, -175 14, -160 15)")
    poly = shapely.from_wkt("POLYGON ((175 -20, -175 -20, -175 -10, 175 -10, 175 -20))")
    fc = scene_geojson(_scene(line, poly))
    validate_geojson(fc)
    cut_line, cut_poly = _shapes(fc)
    assert cut_line.geom_type == "MultiLineString" and cut_poly.geom_type == "MultiPolygon"
    for shape in (cut_line, cut_poly):
        xs = set(shapely.get_coordinates(shape)[:, 0])
        assert min(xs) >= -180 and max(xs) <= 180 and {180.0, -180.0} <= xs  # the cut's vertices on both sides
    # the parts put back one world east are the polygon drawn the short way: 10 x 10 degrees at 175..185
    whole = shapely.union_all([shapely.affinity.translate(p, 360) if p.bounds[0] < 0 else p for p in cut_poly.geoms])
    assert whole.area == pytest.approx(100.0) and whole.bounds == pytest.approx((175, -20, 185, -10))
    west_b, _, east_b, _ = fc["bbox"]
    assert west_b > east_b  # RFC 7946 5.2: west > east across the antimeridian


@pytest.mark.parametrize("doc, problem", [
    ({"type": "FeatureCollection", "features": [], "crs": {"type": "name"}}, "crs"),
    ({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
      "geometry": {"type": "Point", "coordinates": [200, 0]}}]}, "200"),
    ({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
      "geometry": {"type": "LineString", "coordinates": [[0, 0]]}}]}, "coordinates"),
    ({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
      "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}}]}, "not closed"),
    ({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
      "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [0, 0]]]}}]}, "clockwise"),
    ({"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": None}]}, "properties"),
])
def test_what_rfc_7946_forbids_is_refused_naming_the_problem(doc, problem):
    with pytest.raises(GeoJSONError, match=re.escape(problem) if problem != "clockwise" else "clockwise"):
        validate_geojson(doc)


def _gold_wkt(item) -> dict[str, shapely.Geometry]:
    """Return geometry node IRI -> the shape its gold WKT literal reads as (an independent parse: the text)."""
    return {node: shapely.from_wkt(text) for node, text in _WKT.findall(item.gold_triples)}


@pytest.fixture(scope="module")
def every_item(made):
    made.prefetch(template_ids())
    return {tid: made(tid)[0] for tid in template_ids()}


@pytest.mark.parametrize("tid", template_ids())
def test_every_template_scene_is_rfc_7946_with_the_gold_coordinates_and_no_answer(every_item, tid):
    items = [it for it in every_item[tid] if not it.false_premise][:2] or every_item[tid][:1]
    for item in items:
        scene = item_scene(item)
        fc = scene_geojson(scene)
        validate_geojson(json.loads(json.dumps(fc)))  # what a file holds
        gold = [g for g in _gold_wkt(item).values()]
        for feature, shape in zip(fc["features"], _shapes(fc)):
            assert set(feature["properties"]) <= {"role", "name", "category"}
            # the coordinates are the gold literal's, exactly (rings may be reversed, nothing else)
            assert any(shapely.equals_exact(shapely.normalize(shape), shapely.normalize(g), 0) for g in gold), \
                (item.id, feature["id"])
            if feature["properties"].get("name") and isinstance(item.answer, str):
                named = feature["properties"]["name"]
                member = feature["id"] != feature["properties"]["role"]
                assert member or named != item.answer or named in item.question, (item.id, named)
        assert len({f["id"] for f in fc["features"]}) == len(fc["features"])
