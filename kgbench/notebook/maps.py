"""Interactive folium maps: an item's features, or the geometry column of a query result."""

from __future__ import annotations

import shapely

from kgbench.geofunctions.literals import GeometryLiteralError, parse_geometry
from kgbench.kg.result_frames import geometry_columns, optional_import
from kgbench.kg.result_html import term_text
from kgbench.evaluation.scenes.style import role_colour
from kgbench.notebook.features import Feature, display_geometry

__all__ = ["features_map", "result_map", "role_colour", "MAP_FEATURES", "TILES"]

#: the most features a result map draws (the first rows)
MAP_FEATURES = 2000
#: the basemap tiles (fetched by the browser that shows the map, never by kgbench)
TILES = "OpenStreetMap"


def _bounds(geoms) -> list[list[float]]:
    """Return the [[south, west], [north, east]] box around geometries, at least ~1 km across."""
    minx, miny, maxx, maxy = shapely.total_bounds(list(geoms))
    pad = 0.005
    return [[max(miny - pad, -90.0), max(minx - pad, -180.0)], [min(maxy + pad, 90.0), min(maxx + pad, 180.0)]]


def features_map(features: list[Feature], *, width: str | int = "100%", height: int = 480):
    """Return a folium Map drawing the features (each role its colour, a tooltip with its label), fitted to them.

    A geometry of many vertices is drawn simplified (:func:`~kgbench.notebook.features.display_geometry`);
    points are circle markers. No features give a world map.
    """
    folium = optional_import("folium", "a map")
    m = folium.Map(tiles=TILES, width=width, height=height, control_scale=True)
    roles = sorted({f.role for f in features if f.role})
    for f in features:
        colour = role_colour(f.role, roles)
        geom = display_geometry(f.geometry)
        style = {"color": colour, "weight": 2, "fillColor": colour, "fillOpacity": 0.25}
        folium.GeoJson(
            shapely.geometry.mapping(geom), name=f.label, tooltip=f.label + (" (from the KG)" if f.source == "kg" else ""),
            style_function=lambda _x, s=style: s,
            marker=folium.CircleMarker(radius=6, color=colour, fill=True, fill_color=colour, fill_opacity=0.8),
        ).add_to(m)
    drawn = [f.geometry for f in features if not f.geometry.is_empty]
    if drawn:
        m.fit_bounds(_bounds(drawn))
    else:
        m.location, m.options["zoom"] = [20, 0], 1
    return m


def result_map(result, geometry: str | None = None, *, limit: int = MAP_FEATURES, height: int = 420):
    """Return a folium Map of a SELECT result's geometry column (default: its first), at most ``limit`` rows, or None
    when the result has no geometry column.

    Each feature's tooltip is the row's other values. A value that is not a readable geometry is skipped.
    """
    columns = geometry_columns(result)
    if geometry is None:
        if not columns:
            return None
        geometry = columns[0]
    i = result.variables.index(geometry)
    others = [j for j, v in enumerate(result.variables) if v not in columns]
    features = []
    for row in result.rows[:limit]:
        if row[i] is None:
            continue
        try:
            geom = parse_geometry(row[i])
        except GeometryLiteralError:
            continue
        label = " · ".join(term_text(row[j], 60) for j in others if row[j] is not None) or geometry
        features.append(Feature(label, None, "", geom))
    return features_map(features, height=height)
