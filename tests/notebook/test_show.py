"""``kgbench.show(item)``: the item's geometries on a folium map beside its texts, and a PNG of the asked size."""

from __future__ import annotations

import dataclasses
import io

import folium
import matplotlib.image
import pytest
import shapely
import shapely.geometry

import kgbench
from kgbench.generator.gold import gold_triples_of
from kgbench.notebook.features import display_geometry, item_features

AS_WKT = "http://www.opengis.net/ont/geosparql#asWKT"


def _gold_geometries(item) -> list:
    return [shapely.from_wkt(t.object.value) for t in gold_triples_of(item) if t.predicate.value == AS_WKT]


def _map_geometries(m: folium.Map) -> list:
    """Return the geometries of the map's GeoJSON layers, as folium will write them into the page."""
    out = []
    for child in m._children.values():
        if isinstance(child, folium.GeoJson):
            data = child.data
            features = data["features"] if data["type"] == "FeatureCollection" else [data]
            out += [shapely.geometry.shape(f.get("geometry", f)) for f in features]
    return out


@pytest.fixture(scope="module")
def point_item(a1_items):
    return a1_items[0][0]


@pytest.fixture(scope="module")
def polygon_item(made):
    items, _ = made("C1")  # two countries: do they touch?
    return items[0]


def test_show_draws_every_gold_geometry_of_a_point_item_beside_its_texts(kg, point_item):
    view = kgbench.show(point_item, kg=kg)
    drawn = _map_geometries(view.map)
    gold = _gold_geometries(point_item)
    assert len(drawn) == len(gold) == 2
    assert sorted(g.wkt for g in drawn) == sorted(g.wkt for g in gold)
    html = view._repr_html_()
    assert "kgb-show" in html and "leaflet" in html.lower()
    assert point_item.question in html and f"{point_item.answer}" in html
    names = [e["name"] for e in point_item.entities.values()]
    assert all(n in html for n in names)
    assert "The geometry of" in html  # the gold triples in words
    assert [f.role for f in view.features] == ["A", "B"] and {f.source for f in view.features} == {"gold"}


def test_show_draws_polygons_simplified_only_past_the_vertex_budget(kg, polygon_item):
    view = kgbench.show(polygon_item, kg=kg)
    drawn = _map_geometries(view.map)
    gold = _gold_geometries(polygon_item)
    assert len(drawn) == len(gold) >= 2
    for d, g in zip(sorted(drawn, key=lambda x: x.area), sorted(gold, key=lambda x: x.area)):
        assert d.geom_type.endswith("Polygon")
        assert shapely.get_num_coordinates(d) <= 5000
        assert d.equals_exact(display_geometry(g), 1e-9)
        assert d.hausdorff_distance(g) < 0.05  # degrees: the outline drawn is the gold outline


def test_an_entity_whose_geometry_gold_lacks_is_looked_up_in_the_kg(kg, point_item):
    names_only = "".join(line + "\n" for line in point_item.gold_triples.splitlines()
                         if AS_WKT not in line and "hasGeometry" not in line)
    bare = dataclasses.replace(point_item, gold_triples=names_only)
    assert item_features(bare, kg=False) == []
    looked_up = item_features(bare, kg=kg)
    assert [f.source for f in looked_up] == ["kg", "kg"]
    assert sorted(f.geometry.wkt for f in looked_up) == sorted(g.wkt for g in _gold_geometries(point_item))


def test_a_static_png_decodes_at_the_asked_size_and_is_written_once(kg, polygon_item, tmp_path):
    out = tmp_path / "item.png"
    view = kgbench.show(polygon_item, kg=kg, png=out, width=640, height=400)
    assert view.path == out and out.read_bytes() == view.png == view._repr_png_()
    pixels = matplotlib.image.imread(io.BytesIO(view.png), format="png")
    assert pixels.shape[:2] == (400, 640)
    assert len({tuple(p) for p in pixels[::20, ::20].reshape(-1, pixels.shape[2])}) > 10  # not a blank image
    with pytest.raises(FileExistsError, match="pass force=True"):
        kgbench.show(polygon_item, kg=kg, png=out)
    again = kgbench.show(polygon_item.to_dict(), kg=False, png=out, force=True, width=300, height=200)
    assert matplotlib.image.imread(out).shape[:2] == (200, 300) and again.png == out.read_bytes()
    with pytest.raises(ValueError, match="too small"):
        kgbench.show(polygon_item, kg=False, static=True, width=50, height=50)
