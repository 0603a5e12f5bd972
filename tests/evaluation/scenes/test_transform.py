"""The map transform: Web Mercator checked against the spherical formula (an independent computation), pixel
round trips, and positions across the antimeridian."""

from __future__ import annotations

import math

import numpy as np
import pytest

from kgbench.evaluation.scenes.transform import MapTransform, to_lonlat, to_mercator

R = 6378137.0


def test_mercator_is_the_spherical_formula():
    rng = np.random.default_rng(3)
    lon, lat = rng.uniform(-180, 180, 200), rng.uniform(-85, 85, 200)
    x, y = to_mercator(lon, lat)
    assert np.allclose(x, R * np.radians(lon), atol=1e-6)
    assert np.allclose(y, R * np.log(np.tan(np.pi / 4 + np.radians(lat) / 2)), atol=1e-5)
    back = to_lonlat(x, y)
    assert np.allclose(back[0], lon, atol=1e-9) and np.allclose(back[1], lat, atol=1e-9)


def test_pixels_round_trip_and_corners_are_the_bounds():
    x0, y0 = to_mercator(24.90, 60.15)
    t = MapTransform(640, 480, (float(x0), float(y0), float(x0) + 6400.0, float(y0) + 4800.0))
    rng = np.random.default_rng(1)
    col, row = rng.uniform(0, 640, 50), rng.uniform(0, 480, 50)
    lon, lat = t.to_lonlat(col, row)
    c2, r2 = t.to_pixel(lon, lat)
    assert np.allclose(c2, col, atol=1e-6) and np.allclose(r2, row, atol=1e-6)
    assert t.to_pixel(24.90, 60.15) == pytest.approx((0.0, 480.0))
    assert MapTransform.from_dict(t.to_dict()) == t
    # ten metres of Mercator per pixel is ten times cos(latitude) metres of ground at the centre
    _, lat_c = t.to_lonlat(320, 240)
    assert t.metres_per_pixel() == pytest.approx(10 * math.cos(math.radians(lat_c)))


def test_a_map_across_the_antimeridian_places_both_sides_inside():
    x_w, y_s = to_mercator(175.0, -20.0)
    x_e, y_n = to_mercator(185.0, -10.0)  # unwrapped: -175
    t = MapTransform(500, 500, (float(x_w), float(y_s), float(x_e), float(y_n)))
    col_w, _ = t.to_pixel(176.0, -15.0)
    col_e, _ = t.to_pixel(-176.0, -15.0)
    assert 0 < col_w < col_e < 500
    assert t.to_lonlat(col_e, 250)[0] == pytest.approx(-176.0)


@pytest.mark.parametrize("bad", [dict(width=0), dict(bounds=(0.0, 0.0, 0.0, 1.0))])
def test_a_transform_without_size_or_extent_is_refused(bad):
    args = {"width": 10, "height": 10, "bounds": (0.0, 0.0, 1.0, 1.0), **bad}
    with pytest.raises(ValueError, match="positive size"):
        MapTransform(**args)
