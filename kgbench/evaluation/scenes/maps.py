"""The map of a scene with its basemap read from the KG for the map's own view (what ``kgbench scenes`` writes
and the map conditions send).

The basemap's layers depend on the view's ground extent: country polygons only when the view is at least
:data:`COUNTRY_MIN_EXTENT_M` across (Natural Earth's coastlines are generalized to about a kilometre, which
would put a city's streets in the sea), the OpenStreetMap roads and land use only when it is at most
:data:`OSM_MAX_EXTENT_M` across (where they can be told apart).
"""

from __future__ import annotations

from kgbench.evaluation.scenes.basemap import Basemap, read_basemap
from kgbench.evaluation.scenes.model import Scene
from kgbench.evaluation.scenes.render import DEFAULT_SIZE, map_view, render_map, reserved, unwrap_longitudes
from kgbench.evaluation.scenes.transform import WORLD_WIDTH, MapTransform, to_lonlat

__all__ = ["scene_map", "view_box", "COUNTRY_MIN_EXTENT_M", "OSM_MAX_EXTENT_M"]

#: the least ground extent of a view (metres) that draws country polygons
COUNTRY_MIN_EXTENT_M = 25_000.0
#: the largest ground extent of a view (metres) that draws OpenStreetMap roads and land use
OSM_MAX_EXTENT_M = 60_000.0


def view_box(t: MapTransform) -> tuple[float, float, float, float]:
    """Return the CRS84 box (minx, miny, maxx, maxy) a map shows, its longitudes unwrapped (possibly past 180).

    >>> from kgbench.evaluation.scenes.transform import to_mercator
    >>> x, y = to_mercator([170.0, 190.0], [-20.0, -10.0])
    >>> [round(v, 6) for v in view_box(MapTransform(100, 100, (x[0], y[0], x[1], y[1])))]
    [170.0, -20.0, 190.0, -10.0]
    """
    xmin, ymin, xmax, ymax = t.bounds
    _, lat0 = to_lonlat(0.0, ymin)
    _, lat1 = to_lonlat(0.0, ymax)
    per_degree = WORLD_WIDTH / 360
    return (float(xmin / per_degree), float(lat0), float(xmax / per_degree), float(lat1))


def scene_map(scene: Scene, kg=None, *, width: int = DEFAULT_SIZE, height: int | None = None,
              title: str | None = None) -> tuple[bytes, MapTransform]:
    """Return (PNG bytes, transform) of a scene's map over the basemap that ``kg`` holds for its view.

    ``kg=None`` draws no basemap (a plain background), nor does a scene without features (a world map of
    nothing, 30 s of drawing for no information). The scene's own entities are left out of the basemap. See :func:`kgbench.evaluation.scenes.render.render_map` for the map itself.
    """
    height = width if height is None else height
    basemap = Basemap()
    if kg is not None and scene.features:
        geoms, _ = unwrap_longitudes([f.geometry for f in scene.features if not f.geometry.is_empty])
        t = map_view(geoms, width, height, **reserved(scene, height))
        box = view_box(t)
        ground = t.metres_per_pixel() * width
        degrees_per_pixel = (box[2] - box[0]) / width
        basemap = read_basemap(kg, box, exclude={f.iri for f in scene.features if f.iri},
                               tolerance=degrees_per_pixel / 2, countries=ground >= COUNTRY_MIN_EXTENT_M,
                               osm=ground <= OSM_MAX_EXTENT_M)
    png, t = render_map(scene, basemap, width=width, height=height, title=title)
    return png, t
