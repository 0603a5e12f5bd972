"""A static PNG of an item for papers: its geometries over light country outlines, the question and answer as title."""

from __future__ import annotations

import io
import math
import textwrap

import shapely

from kgbench.evaluation.scenes.basemap import BASEMAP_TOLERANCE, country_outlines
from kgbench.evaluation.scenes.style import draw_geometry, role_colour
from kgbench.notebook.features import Feature, display_geometry

__all__ = ["item_png", "country_outlines", "BASEMAP_TOLERANCE"]

_LEGEND = 12


def _view(features: list[Feature]) -> tuple[float, float, float, float]:
    """Return the (minx, miny, maxx, maxy) shown: the features' box, padded by a tenth, at least ~1 km."""
    minx, miny, maxx, maxy = shapely.total_bounds([f.geometry for f in features if not f.geometry.is_empty])
    pad = max(maxx - minx, maxy - miny) * 0.1 + 0.002
    return (max(minx - pad, -180), max(miny - pad, -90), min(maxx + pad, 180), min(maxy + pad, 90))


def _stretch(miny: float, maxy: float) -> float:
    """Return the plate carrée aspect (y units per x unit) at the middle latitude of a view."""
    return 1 / max(math.cos(math.radians((miny + maxy) / 2)), 0.05)


def _fit(minx: float, miny: float, maxx: float, maxy: float, ratio: float) -> tuple[float, float, float, float]:
    """Return the view grown about its centre so that, drawn at its aspect, it fills axes of width/height ``ratio``.

    >>> [round(v, 3) for v in _fit(0, 0, 1, 1, 2.0)]
    [-0.5, 0.0, 1.5, 1.0]
    """
    k = _stretch(miny, maxy)
    dx, dy = maxx - minx, maxy - miny
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    if dx < dy * k * ratio:
        dx = dy * k * ratio
    else:
        dy = dx / (k * ratio)
    return cx - dx / 2, cy - dy / 2, cx + dx / 2, cy + dy / 2


def item_png(item, features: list[Feature], *, outlines=(), width: int = 900, height: int = 600, dpi: int = 100) -> bytes:
    """Return a PNG of ``width`` x ``height`` pixels: the features (each role its colour, a legend) over the country
    ``outlines``, the question as title and the answer below it.

    The map is plate carrée with the aspect of the view's middle latitude. No features give a world view.
    A width or height below 100 pixels raises ValueError.
    """
    if width < 100 or height < 100:
        raise ValueError(f"a PNG of {width} x {height} pixels is too small to draw an item (at least 100 x 100)")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from kgbench.generator.item_card import answer_text

    fig = Figure(figsize=(width / dpi, height / dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.06, 0.08, 0.9, 0.74))
    drawn = [f for f in features if not f.geometry.is_empty]
    minx, miny, maxx, maxy = _view(drawn) if drawn else (-180, -90, 180, 90)
    view = shapely.box(minx, miny, maxx, maxy)
    for outline in outlines:
        if outline.intersects(view):
            from shapely import plotting

            plotting.plot_polygon(outline, ax=ax, add_points=False, facecolor="#f4f4f0", edgecolor="#b8b8b8",
                                  linewidth=0.6)
    roles = sorted({f.role for f in features if f.role})
    for n, f in enumerate(drawn):  # a legend of a dozen entries at most
        draw_geometry(ax, display_geometry(f.geometry), role_colour(f.role, roles),
                      f.label[:60] if n < _LEGEND else None)
    minx, miny, maxx, maxy = _fit(minx, miny, maxx, maxy, 0.9 * width / (0.74 * height))
    ax.set_xlim(minx, maxx)
    ax.set_ylim(miny, maxy)
    ax.set_aspect(_stretch(miny, maxy), adjustable="box")
    ax.set_facecolor("#eaf2f8" if outlines else "white")
    ax.tick_params(labelsize=7)
    if drawn:
        ax.legend(loc="best", fontsize=7, framealpha=0.85)
    fig.suptitle("\n".join(textwrap.wrap(item.question, 110)[:3]), fontsize=10, y=0.97)
    fig.text(0.5, 0.86, f"{item.template_id} · answer ({item.answer_format}): {answer_text(item, 90)}",
             ha="center", fontsize=8, color="#333333")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()
