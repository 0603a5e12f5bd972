"""Scene maps: the PNG decodes at its stated size, the stored transform puts every task feature inside the image
(and on its own colour), the basemap never names a feature, and a known scene matches its reference image.

The reference image ``reference/helsinki.png`` is the map of :func:`helsinki_scene` over
:func:`helsinki_basemap` at 320 x 320 pixels. After a deliberate change to the drawing, regenerate it with
``KGBENCH_REGENERATE_REFERENCE=1 pytest tests/evaluation/scenes/test_render.py -k reference`` and look at it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
import shapely
from PIL import Image

from kgbench.evaluation.scenes import Basemap, MapTransform, Scene, SceneFeature, item_scene, render_map, scene_map
from kgbench.evaluation.scenes.style import role_colour

REFERENCE = Path(__file__).with_name("reference") / "helsinki.png"
#: mean absolute difference (0-255) and the share of pixels off by more than 48 that still match the reference
MEAN_TOLERANCE, SHARE_TOLERANCE = 1.5, 0.01


def helsinki_scene() -> Scene:
    """Return a fixed scene in central Helsinki: a point, a polygon and a line, hand-written."""
    return Scene("helsinki", (
        SceneFeature("A", "A", "Helsinki Cathedral", None, shapely.Point(24.9522, 60.1703)),
        SceneFeature("B", "B", "Esplanadi park", "park", shapely.from_wkt(
            "POLYGON ((24.9436 60.1676, 24.9505 60.1671, 24.9507 60.1676, 24.9438 60.1681, 24.9436 60.1676))")),
        SceneFeature("C", "C", "Mannerheimintie", None, shapely.from_wkt(
            "LINESTRING (24.9420 60.1685, 24.9385 60.1720, 24.9330 60.1790)")),
    ))


def helsinki_basemap() -> Basemap:
    """Return a hand-written basemap: land with a bay of sea, two roads, a green area and a block."""
    land = shapely.from_wkt("POLYGON ((24.90 60.10, 25.00 60.10, 25.00 60.20, 24.90 60.20, 24.90 60.10))").difference(
        shapely.from_wkt("POLYGON ((24.945 60.10, 24.965 60.10, 24.965 60.1655, 24.945 60.1655, 24.945 60.10))"))
    return Basemap(countries=(land,),
                   roads=(shapely.from_wkt("LINESTRING (24.93 60.169, 24.97 60.169)"),
                          shapely.from_wkt("LINESTRING (24.955 60.16, 24.955 60.18)")),
                   green=(shapely.box(24.957, 60.172, 24.962, 60.175),),
                   landuse=(shapely.box(24.940, 60.171, 24.946, 60.174),))


def _image(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


def _hex(colour: str) -> np.ndarray:
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def _inside(t: MapTransform, geom) -> None:
    coords = shapely.get_coordinates(geom)
    col, row = t.to_pixel(coords[:, 0], coords[:, 1])
    assert (col >= 0).all() and (col <= t.width).all() and (row >= 0).all() and (row <= t.height).all()


def test_a_map_decodes_at_its_size_with_every_feature_inside_and_on_its_colour():
    scene = helsinki_scene()
    png, t = render_map(scene, helsinki_basemap(), width=480, height=360)
    img = _image(png)
    assert img.shape == (360, 480, 3) and (t.width, t.height) == (480, 360)
    for f in scene.features:
        _inside(t, f.geometry)
    # the point's pixel is its role's colour: the transform says where the drawing put it
    col, row = t.to_pixel(24.9522, 60.1703)
    patch = img[int(row) - 1:int(row) + 2, int(col) - 1:int(col) + 2].reshape(-1, 3)
    assert np.abs(patch - _hex(role_colour("A", ["A", "B", "C"]))).sum(axis=1).min() < 40
    # the sea of the basemap is where the basemap has no land (the bay, below the scene)
    _, bottom = t.to_lonlat(240, 359)
    assert bottom < 60.1655
    col, row = t.to_pixel(24.9501, (bottom + 60.1655) / 2)
    assert np.abs(img[int(row), int(col)] - _hex("#dbe8f2")).sum() < 30


def test_the_map_of_a_known_scene_matches_its_reference_image():
    png, _ = render_map(helsinki_scene(), helsinki_basemap(), width=320, height=320)
    if os.environ.get("KGBENCH_REGENERATE_REFERENCE"):
        REFERENCE.write_bytes(png)
    reference = _image(REFERENCE.read_bytes())
    img = _image(png)
    assert img.shape == reference.shape
    diff = np.abs(img - reference).max(axis=2)
    assert diff.mean() <= MEAN_TOLERANCE and (diff > 48).mean() <= SHARE_TOLERANCE, (diff.mean(), (diff > 48).mean())
    assert REFERENCE.stat().st_size < 100_000


def test_a_different_scene_does_not_match_the_reference():
    moved = Scene("x", tuple(f if f.id != "A" else SceneFeature("A", "A", "Elsewhere", None, shapely.Point(24.97, 60.19))
                            for f in helsinki_scene().features))
    img = _image(render_map(moved, helsinki_basemap(), width=320, height=320)[0])
    diff = np.abs(img - _image(REFERENCE.read_bytes())).max(axis=2)
    assert (diff > 48).mean() > SHARE_TOLERANCE  # the tolerance is small enough to see a moved feature


def test_a_single_point_gets_the_least_extent_and_a_world_scene_stays_in_the_world():
    _, t = render_map(Scene("p", (SceneFeature("A", "A", "x", None, shapely.Point(24.95, 60.17)),)), width=300)
    assert t.metres_per_pixel() * 300 >= 1200 * 0.999
    world = Scene("w", (SceneFeature("A", "A", "x", None, shapely.Point(-170, -80)),
                        SceneFeature("B", "B", "y", None, shapely.Point(170, 80))))
    png, t = render_map(world, width=300)
    for f in world.features:
        _inside(t, f.geometry)


def test_a_scene_across_the_antimeridian_is_drawn_unwrapped():
    scene = Scene("fiji", (SceneFeature("A", "A", "x", None, shapely.Point(178.4, -18.1)),
                           SceneFeature("B", "B", "y", None, shapely.Point(-178.0, -17.0))))
    _, t = render_map(scene, width=300)
    for f in scene.features:
        _inside(t, f.geometry)
    assert t.metres_per_pixel() * 300 < 2_000_000  # a few hundred km, not the whole world


def test_a_map_too_small_to_read_is_refused():
    with pytest.raises(ValueError, match="too small"):
        render_map(helsinki_scene(), width=100)


@pytest.mark.parametrize("tid", ["A1", "C9", "D1"])
def test_generated_items_map_inside_their_image_over_the_snapshot_basemap(made, kg, tid):
    made.prefetch(["A1", "C9", "D1"])  # these only, unless the session made every template already
    item = [it for it in made(tid)[0] if not it.false_premise][0]
    scene = item_scene(item)
    png, t = scene_map(scene, kg, width=400)
    assert _image(png).shape == (400, 400, 3)
    assert scene.features
    for f in scene.features:
        _inside(t, f.geometry)
