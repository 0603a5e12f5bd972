"""How a map draws things: the colours of an item's roles and of the basemap, and the drawing of one geometry.

One home for the static maps of the notebook (:mod:`kgbench.notebook.static`, :mod:`kgbench.notebook.maps`)
and the scene maps of the evaluation conditions (:mod:`kgbench.evaluation.scenes.render`).
"""

from __future__ import annotations

__all__ = ["PALETTE", "OTHER", "role_colour", "draw_geometry", "LAND", "SEA", "BORDER", "ROAD", "GREEN", "LANDUSE"]

#: the role colours, in role order (colour-blind-distinguishable first four)
PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
#: a geometry of no role
OTHER = "#555555"
#: the basemap, drawn muted under the task features
LAND, SEA, BORDER, ROAD, GREEN, LANDUSE = "#f4f2ee", "#dbe8f2", "#b9b4ab", "#d3cec6", "#dcead2", "#ebe6de"


def role_colour(role: str, roles: list[str]) -> str:
    """Return the colour of a role among the item's roles (grey for a geometry of no role).

    >>> role_colour("A", ["A", "B"]), role_colour("B", ["A", "B"]), role_colour("", ["A"])
    ('#d62728', '#1f77b4', '#555555')
    """
    if role not in roles:
        return OTHER
    return PALETTE[roles.index(role) % len(PALETTE)]


def draw_geometry(ax, geom, colour: str, label: str | None = None, *, width: float = 1.5, marker: float = 7,
                  fill_alpha: str = "40", zorder: float = 3) -> None:
    """Draw one shapely geometry on matplotlib axes (in the axes' own coordinates) and return None.

    Polygons are filled with ``colour`` at ``fill_alpha`` (two hex digits) and outlined; lines are drawn
    ``width`` points wide; points are round markers of ``marker`` points with a white rim. A collection
    draws each part, ``label`` (the legend entry) on the first only.
    """
    from shapely import plotting

    kind = geom.geom_type
    if kind in ("Polygon", "MultiPolygon"):
        plotting.plot_polygon(geom, ax=ax, add_points=False, facecolor=colour + fill_alpha, edgecolor=colour,
                              linewidth=width, label=label, zorder=zorder)
    elif kind in ("LineString", "MultiLineString", "LinearRing"):
        plotting.plot_line(geom, ax=ax, add_points=False, color=colour, linewidth=width + 0.5, label=label,
                           zorder=zorder)
    elif kind in ("Point", "MultiPoint"):
        plotting.plot_points(geom, ax=ax, color=colour, markersize=marker, markeredgecolor="white",
                             markeredgewidth=1, zorder=zorder + 2, label=label)
    else:  # a collection: each part, the label on the first
        for n, part in enumerate(geom.geoms):
            draw_geometry(ax, part, colour, label if n == 0 else None, width=width, marker=marker,
                          fill_alpha=fill_alpha, zorder=zorder)
