"""A scene as a PNG map: Web Mercator, the task features labelled over a muted basemap, a legend, a scale bar
and a north arrow, with the pixel <-> coordinate transform of :mod:`kgbench.evaluation.scenes.transform`.

The map fills the whole image (no margins), so pixel and Mercator coordinates are related by the stored
affine alone. The view is the task features' box in Mercator, padded by :data:`PAD` of its size on every
side, at least :data:`MIN_EXTENT_M` metres of ground across, grown to the image's aspect; a scene that
crosses the antimeridian is drawn unwrapped (longitudes past 180). Each task feature is drawn in its role's
colour and labelled on the map by its anonymous id (a white halo keeps it readable over anything); a
feature under :data:`SMALL_PX` pixels across also gets a ring so that it cannot be missed. The legend gives
each id's name (``A: Helsinki Cathedral``) unless the name is hidden. The scale bar's length is ground
distance at the map's centre latitude (Mercator stretches by 1 / cos(latitude); the bar says so when the
view spans more than a few degrees of latitude). Fonts are matplotlib's own DejaVu Sans and the PNG carries
no software version, so the same scene and basemap give the same pixels with the same matplotlib.
"""

from __future__ import annotations

import io
import math

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from kgbench.evaluation.scenes.basemap import Basemap
from kgbench.evaluation.scenes.features import display_geometry
from kgbench.evaluation.scenes.model import Scene
from kgbench.evaluation.scenes.style import (BORDER, GREEN, LAND, LANDUSE, ROAD, SEA, draw_geometry,
                                             role_colour)
from kgbench.evaluation.scenes.transform import WORLD_WIDTH, MapTransform, to_lonlat, to_mercator

__all__ = ["render_map", "map_view", "reserved", "unwrap_longitudes", "DEFAULT_SIZE", "DPI", "PAD", "MIN_EXTENT_M",
           "SMALL_PX", "MAX_LABELS", "ATTRIBUTION"]

#: the default map size in pixels (square)
DEFAULT_SIZE = 768
#: the figure's dots per inch (fonts are sized in points, so labels keep their size in pixels)
DPI = 100
#: the margin around the task features, as a share of their extent on each side
PAD = 0.15
#: the least ground extent of a view (a single point, two shops across a street), metres
MIN_EXTENT_M = 1200.0
#: a feature drawn smaller than this many pixels across gets a ring around it
SMALL_PX = 10
#: a scene of more features labels only its entities on the map, not the members of its category roles
MAX_LABELS = 30
#: the basemap's sources, printed in the corner
ATTRIBUTION = "Basemap: Natural Earth, © OpenStreetMap contributors"


def unwrap_longitudes(geoms: list[BaseGeometry]) -> tuple[list[BaseGeometry], bool]:
    """Return the geometries with negative longitudes moved 360 degrees east when that makes their joint
    longitude span shorter (a scene across the antimeridian), and whether it did.

    >>> gs, moved = unwrap_longitudes([shapely.Point(179, 0), shapely.Point(-179, 1)])
    >>> [g.wkt for g in gs], moved
    (['POINT (179 0)', 'POINT (181 1)'], True)
    """
    xs = np.concatenate([shapely.get_coordinates(g)[:, 0] for g in geoms]) if geoms else np.array([])
    if xs.size == 0:
        return geoms, False
    shifted = np.where(xs < 0, xs + 360, xs)
    if np.ptp(shifted) + 1e-9 >= np.ptp(xs):
        return geoms, False
    return [shapely.transform(g, lambda c: np.column_stack([np.where(c[:, 0] < 0, c[:, 0] + 360, c[:, 0]),
                                                            c[:, 1]])) for g in geoms], True


def _project(geom: BaseGeometry) -> BaseGeometry:
    return shapely.transform(geom, lambda c: np.column_stack(to_mercator(c[:, 0], c[:, 1])))


def map_view(geoms: list[BaseGeometry], width: int, height: int, *, reserve_top: float = 0.0,
             reserve_bottom: float = 0.0) -> MapTransform:
    """Return the transform of the map of CRS84 geometries (already unwrapped) at ``width`` x ``height`` pixels.

    See the module docstring for the padding, the least extent and the aspect. ``reserve_top`` and
    ``reserve_bottom`` are shares of the image height kept free of the geometries (for the legend and the
    scale bar). No geometry gives the world.

    >>> t = map_view([shapely.Point(24.94, 60.17)], 200, 100)
    >>> round(t.metres_per_pixel() * 100)  # the least extent, across the shorter side
    1200
    """
    half = WORLD_WIDTH / 2
    if not geoms:
        return MapTransform(width, height, _aspect((-half, -half, half, half), width, height))
    band = 1.0 - reserve_top - reserve_bottom
    if not 0.2 <= band <= 1.0:
        raise ValueError(f"the reserved shares leave {band:.0%} of the map for the scene (at least 20%)")
    projected = [_project(g) for g in geoms]
    minx, miny, maxx, maxy = shapely.total_bounds(projected)
    _, lat = to_lonlat((minx + maxx) / 2, (miny + maxy) / 2)
    stretch = 1 / max(math.cos(math.radians(float(lat))), 1e-6)
    least = MIN_EXTENT_M * stretch
    pad = max(maxx - minx, maxy - miny) * PAD
    minx, maxx, miny, maxy = minx - pad, maxx + pad, miny - pad, maxy + pad
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    dx, dy = max(maxx - minx, least), max(maxy - miny, least)
    minx, miny, maxx, maxy = _aspect((cx - dx / 2, cy - dy / 2, cx + dx / 2, cy + dy / 2), width, height * band,
                                     clamp=False)
    dy = (maxy - miny) / band
    box = (minx, miny - dy * reserve_bottom, maxx, maxy + dy * reserve_top)
    return MapTransform(width, height, _aspect(box, width, height))


def _aspect(box, width: float, height: float, clamp: bool = True) -> tuple[float, float, float, float]:
    """Return the box grown about its centre to the image's aspect; ``clamp``: its height at most the world's,
    moved inside it."""
    minx, miny, maxx, maxy = box
    dx, dy = maxx - minx, maxy - miny
    if dx / dy < width / height:
        dx = dy * width / height
    else:
        dy = dx * height / width
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    if clamp:
        limit = WORLD_WIDTH / 2
        if dy >= 2 * limit:
            dy, dx, cy = 2 * limit, 2 * limit * width / height, 0.0
        cy = min(max(cy, -limit + dy / 2), limit - dy / 2)
    return (cx - dx / 2, cy - dy / 2, cx + dx / 2, cy + dy / 2)


def _nice(metres: float) -> float:
    """Return the largest of 1, 2, 5 x 10^n metres not above ``metres``.

    >>> _nice(730), _nice(1999), _nice(26000)
    (500.0, 1000.0, 20000.0)
    """
    power = 10 ** math.floor(math.log10(metres))
    return float(max(m * power for m in (1, 2, 5) if m * power <= metres))


def _distance_text(metres: float) -> str:
    return f"{metres / 1000:g} km" if metres >= 1000 else f"{metres:g} m"


def _scale_bar(ax, t: MapTransform) -> None:
    from matplotlib.patches import Rectangle

    xmin, ymin, xmax, ymax = t.bounds
    _, lat = t.to_lonlat(t.width / 2, t.height / 2)
    ground_per_unit = math.cos(math.radians(lat))
    length = _nice((xmax - xmin) * ground_per_unit * 0.22)
    units = length / ground_per_unit
    x0, y0 = xmin + (xmax - xmin) * 0.04, ymin + (ymax - ymin) * 0.05
    h = (ymax - ymin) * 0.008
    half = units / 2
    for k, colour in enumerate(("#222222", "white")):
        ax.add_patch(Rectangle((x0 + k * half, y0), half, h, facecolor=colour, edgecolor="#222222", lw=0.8, zorder=20))
    _, lat_top = t.to_lonlat(0, 0)
    _, lat_bottom = t.to_lonlat(0, t.height)
    text = _distance_text(length)
    if lat_top - lat_bottom > 4:
        text += f" (at {abs(lat):.0f}°{'N' if lat >= 0 else 'S'})"
    ax.text(x0, y0 + h * 2.2, text, fontsize=9, color="#222222", zorder=20, va="bottom", ha="left",
            path_effects=_halo())


def _north_arrow(ax) -> None:
    ax.annotate("N", xy=(0.95, 0.955), xytext=(0.95, 0.875), xycoords="axes fraction", textcoords="axes fraction",
                ha="center", va="center", fontsize=11, fontweight="bold", color="#222222", zorder=20,
                arrowprops={"arrowstyle": "-|>", "color": "#222222", "lw": 1.6})


def _halo(width: float = 3.0):
    from matplotlib import patheffects

    return [patheffects.withStroke(linewidth=width, foreground="white")]


def _anchor(geom: BaseGeometry) -> tuple[float, float]:
    """Return where a feature's id is written: a polygon's representative point, a line's middle, a point."""
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        p = geom.point_on_surface()
    elif geom.geom_type in ("LineString", "MultiLineString"):
        parts = getattr(geom, "geoms", [geom])
        longest = max(parts, key=lambda g: g.length)
        p = longest.interpolate(0.5, normalized=True)
    else:
        p = geom.centroid if not geom.is_empty else geom
    return p.x, p.y


def _draw_basemap(ax, basemap: Basemap, t: MapTransform) -> None:
    from shapely import plotting

    ax.figure.patch.set_facecolor(SEA if basemap.countries else LAND)  # the axes fill the figure, axis off
    px = (t.bounds[2] - t.bounds[0]) / t.width
    for g in basemap.countries:
        plotting.plot_polygon(shapely.simplify(_project(g), px / 2), ax=ax, add_points=False, facecolor=LAND,
                              edgecolor=BORDER, linewidth=0.7, zorder=1)
    for layer, colour in ((basemap.landuse, LANDUSE), (basemap.green, GREEN)):
        for g in layer:
            plotting.plot_polygon(shapely.simplify(_project(g), px / 2), ax=ax, add_points=False,
                                  facecolor=colour, edgecolor="none", linewidth=0, zorder=1.5)
    for g in basemap.roads:
        plotting.plot_line(shapely.simplify(_project(g), px / 2), ax=ax, add_points=False, color=ROAD,
                           linewidth=1.6, zorder=1.8, capstyle="round")


#: where a point's id may go, tried in turn: (dx, dy) in points, horizontal and vertical alignment
_SPOTS = ((7, 7, "left", "bottom"), (-7, 7, "right", "bottom"), (7, -7, "left", "top"), (-7, -7, "right", "top"),
          (10, 0, "left", "center"), (-10, 0, "right", "center"), (0, 11, "center", "bottom"),
          (0, -11, "center", "top"))


def _label_box(col: float, row: float, spot: tuple, width: float, height: float) -> tuple[float, float, float, float]:
    """Return the pixel box (left, top, right, bottom; rows down) a label at ``spot`` of a point takes.

    >>> _label_box(100, 100, (7, 7, "left", "bottom"), 20, 10)
    (109.72, 80.28, 129.72, 90.28)
    """
    dx, dy, ha, va = spot
    x = col + dx * DPI / 72
    y = row - dy * DPI / 72
    left = x if ha == "left" else x - width if ha == "right" else x - width / 2
    top = y - height if va == "bottom" else y if va == "top" else y - height / 2
    return tuple(round(v, 2) for v in (left, top, left + width, top + height))


def _overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _place_labels(ax, t: MapTransform, labels: list) -> None:
    """Write each feature's id: an area's or a line's on it, a point's (or a small shape's) beside it, at the
    first of :data:`_SPOTS` that overlaps no label already placed, no other point and stays in the image
    (else the spot that overlaps least)."""
    xmin, _, _, ymax = t.bounds
    px = (t.bounds[2] - xmin) / t.width
    pixel = [((x - xmin) / px, (ymax - y) / px) for _, _, x, y, _ in labels]
    dots = [(c - 7, r - 7, c + 7, r + 7) for (c, r), (*_, point_like) in zip(pixel, labels) if point_like]
    placed: list[tuple] = []
    for (f, colour, x, y, point_like), (col, row) in zip(labels, pixel):
        size = 11 if f.member else 14
        width, height = 0.62 * size * DPI / 72 * len(f.id) + 4, size * DPI / 72 + 2
        spot = (0, 0, "center", "center")
        if point_like:
            own = (col - 7, row - 7, col + 7, row + 7)
            def cost(s, col=col, row=row, own=own):
                box = _label_box(col, row, s, width, height)
                outside = (box[0] < 0 or box[1] < 0 or box[2] > t.width or box[3] > t.height) * width * height
                return (sum(_overlap(box, b) for b in placed) + outside
                        + sum(_overlap(box, d) for d in dots if d != own))
            spot = min(_SPOTS, key=lambda s: (cost(s) > 0, cost(s)))
        placed.append(_label_box(col, row, spot, width, height))
        ax.annotate(f.id, (x, y), xytext=spot[:2], textcoords="offset points", fontsize=size, fontweight="bold",
                    color=colour, ha=spot[2], va=spot[3], zorder=10, path_effects=_halo(3.5))


def _legend_handle(first, last, n: int, kind: str, colour: str):
    """Return the legend entry of one feature, or of the ``n`` members of a category role (first to last)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if n == 1:
        text = first.label
    else:
        text = f"{first.id}–{last.id}: {first.category or 'members'} ({n})"
    text = text if len(text) <= 48 else text[:47] + "…"
    if kind in ("Polygon", "MultiPolygon"):
        return Patch(facecolor=colour + "38", edgecolor=colour, linewidth=2, label=text)
    if kind in ("LineString", "MultiLineString"):
        return Line2D([], [], color=colour, linewidth=2.7, label=text)
    return Line2D([], [], color=colour, marker="o", linestyle="none", markersize=9, markeredgecolor="white",
                  label=text)


def reserved(scene: Scene, height: int) -> dict[str, float]:
    """Return the shares of a map's height kept free above the scene (the legend, one line per feature, and
    the north arrow) and below it (the scale bar).

    >>> reserved(Scene("x", ()), 768)
    {'reserve_top': 0.1, 'reserve_bottom': 0.08}
    """
    lines = len({f.role if f.member else f.id for f in scene.features})
    return {"reserve_top": round(min(0.45, max(0.1, (lines * 21 + 22) / height)), 4), "reserve_bottom": 0.08}


def render_map(scene: Scene, basemap: Basemap = Basemap(), *, width: int = DEFAULT_SIZE, height: int | None = None,
               title: str | None = None) -> tuple[bytes, MapTransform]:
    """Return (PNG bytes, its :class:`MapTransform`) of a scene over a basemap, ``width`` x ``height`` pixels.

    ``height`` defaults to ``width``. ``basemap`` geometries must be in the same (unwrapped) longitudes as
    the scene: :func:`kgbench.evaluation.scenes.maps.scene_map` reads them for the map's own view. A size
    below 200 pixels raises ValueError. ``title`` (optional) is written in the top-left corner.
    """
    height = width if height is None else height
    if width < 200 or height < 200:
        raise ValueError(f"a scene map of {width} x {height} pixels is too small (at least 200 x 200)")
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    geoms, _ = unwrap_longitudes([f.geometry for f in scene.features if not f.geometry.is_empty])
    t = map_view(geoms, width, height, **reserved(scene, height))
    with rc_context({"font.family": "DejaVu Sans", "path.simplify": True, "svg.hashsalt": "kgbench"}):
        fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        _draw_basemap(ax, basemap, t)
        roles = sorted({f.role for f in scene.features})
        px = (t.bounds[2] - t.bounds[0]) / width
        drawn = [f for f in scene.features if not f.geometry.is_empty]
        labelled = len(drawn) <= MAX_LABELS
        legend: dict[str, tuple] = {}
        labels = []
        for f, geom in zip(drawn, geoms):
            colour = role_colour(f.role, roles)
            member = f.member
            shown = _project(display_geometry(geom))
            draw_geometry(ax, shown, colour, width=1.6 if member else 2.2, marker=8 if member else 11,
                          fill_alpha="24" if member else "38", zorder=4 if member else 5)
            minx, miny, maxx, maxy = shown.bounds
            small = max(maxx - minx, maxy - miny) / px < SMALL_PX and shown.geom_type not in ("Point", "MultiPoint")
            ax_x, ax_y = _anchor(shown)
            if small:
                ax.plot([ax_x], [ax_y], marker="o", markersize=22, markerfacecolor="none", markeredgecolor=colour,
                        markeredgewidth=2, zorder=6)
            thin = min(maxx - minx, maxy - miny) / px < 3 * SMALL_PX
            point_like = small or thin or shown.geom_type in ("Point", "MultiPoint")
            if labelled or not member:
                labels.append((f, colour, ax_x, ax_y, point_like))
            key = f"members of {f.role}" if member else f.id
            first, _, _, _ = legend.get(key, (f, None, 0, None))
            legend[key] = (first, f, legend.get(key, (None, None, 0))[2] + 1, shown.geom_type)
        _place_labels(ax, t, labels)
        if not drawn:
            ax.text(0.5, 0.5, "no features in this scene", transform=ax.transAxes, fontsize=13, ha="center",
                    va="center", color="#333333", zorder=20, path_effects=_halo())
        handles = [_legend_handle(first, last, n, kind, role_colour(first.role, roles))
                   for first, last, n, kind in legend.values()]
        xmin, ymin, xmax, ymax = t.bounds
        ax.set_xlim(xmin, xmax)
        ax.set_ylim(ymin, ymax)
        ax.set_aspect("auto")
        if handles:
            ax.legend(handles=handles, loc="upper left", fontsize=10, framealpha=0.92, borderpad=0.6,
                      handlelength=1.6, edgecolor="#999999").set_zorder(30)
        _scale_bar(ax, t)
        _north_arrow(ax)
        ax.text(0.995, 0.004, ATTRIBUTION, transform=ax.transAxes, fontsize=6.5, color="#555555", ha="right",
                va="bottom", zorder=20, path_effects=_halo(2))
        if title:
            ax.text(0.5, 0.995, title, transform=ax.transAxes, fontsize=10, ha="center", va="top", zorder=20,
                    path_effects=_halo())
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None}, facecolor=fig.get_facecolor())
    return buf.getvalue(), t
