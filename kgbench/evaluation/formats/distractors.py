"""Wrong answers that look right: the distractor candidates of each answer-format kind, and how an option is shown.

:func:`candidates` returns, for a gold value of a format, plausible values of the same format in the order a
multiple-choice item should prefer them; :func:`option_of` writes a value as the answer a model could give (the
JSON ``answer`` and ``unit`` the format's reader takes back) and as the option's text. Which candidates are
really wrong is not decided here: :mod:`kgbench.evaluation.choices` keeps a candidate only when the format's own
``compare`` scores it wrong against the gold and every acceptable alternative, and distinct from every option
already kept. So this module may propose generously; it never decides correctness.

Per kind (dispatch on the format's class, :data:`_CANDIDATES`):

- numbers (Distance, Area, Count, Ratio): a ladder around the gold, each rung at least 1.6 tolerances and a
  quarter of the gold away from the last, jittered, never negative, counts whole; how many lie below the gold
  is drawn per item, so the gold is not always the middle value;
- labels (Boolean / ternary, directions): the other labels of the gold's family (compass points nearest first,
  left/right/on, upstream/downstream);
- Entity name: ``pool``, the names of other entities of the gold's category near it (the caller's KG query);
- Set enumeration: the gold set with a member dropped, a nearby member added, or one swapped (never empty
  unless the gold is);
- H3 / S2 cells, Geohash, Composite: cells at the gold's resolution around one of its neighbours, so that the
  gold is not the one cell next to all the others (never an ancestor or descendant, which the scorer could
  credit);
- Point, Polygon / bounding box: the gold and its distractors on a ring (20-40 km across; boxes about one size
  apart and rescaled), so that the gold is not the middle of a cloud;
- Polar: for an even number of options a grid of two angles by n / 2 radii, every component shared equally;
- Date: days, months or years away as the gold's precision asks, a seeded number of them before it.
"""

from __future__ import annotations

import datetime as _dt
import functools
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import h3
import s2sphere
import shapely
import shapely.affinity

from kgbench.evaluation.formats.base import AnswerFormat
from kgbench.evaluation.formats.coercers import COMPASS_16, COMPASS_8, _FLOW, _SIDES
from kgbench.evaluation.formats.kinds import (CellFormat, CompositeFormat, DateFormat, DirectionFormat,
                                              EntityFormat, GeohashFormat, LabelFormat, NumberFormat, PointFormat,
                                              PolarFormat, PolygonFormat, QuantityFormat, SetFormat)
from kgbench.evaluation.formats.values import CompositeCell, DateValue, GridCell, LatLon, Polar
from kgbench.geofunctions.kgbf_grid import geohash_box, geohash_encode
from kgbench.generator.tolerances import POINT_TOLERANCE_KM, distance_tolerance

__all__ = ["candidates", "option_of", "round_shown"]


@functools.lru_cache(maxsize=1)
def _geod():
    import pyproj

    return pyproj.Geod(ellps="WGS84")


# --------------------------------------------------------------------------------------------- numbers


def round_shown(x: float, digits: int = 3) -> float:
    """Return ``x`` rounded to ``digits`` significant digits (what an option shows: within 0.5 % of ``x``, far
    inside every relative tolerance).

    >>> round_shown(12.3456), round_shown(0.012345), round_shown(12345.6), round_shown(0.0)
    (12.3, 0.0123, 12300.0, 0.0)
    """
    if x == 0 or not math.isfinite(x):
        return 0.0 if x == 0 else x
    return float(round(x, digits - 1 - math.floor(math.log10(abs(x)))))


def _ladder(gold: float, tolerance, rng: random.Random, want: int, *, whole: bool) -> list[float]:
    """Return ``want`` + a few numbers around ``gold``: some below (never negative), the rest above."""
    tau = tolerance(gold)
    step = max(1.6 * tau, 0.25 * abs(gold), 1.0 if whole else 0.0)
    if step <= 1e-6:  # a ratio of 0: its tolerance is 0, so plausible neighbours are small ratios
        step = 0.1
    ratio = rng.uniform(1.3, 1.6)
    below, above = [], []
    for i in range(1, want + 4):
        up = max(gold * ratio ** i, gold + i * step) if gold > 0 else gold + i * step
        down = min(gold / ratio ** i, gold - i * step) if gold > 0 else -1.0
        above.append(up * rng.uniform(0.96, 1.04))
        if down > 0:
            below.append(down * rng.uniform(0.96, 1.04))
    n_below = rng.randint(0, min(want, len(below)))
    chosen = below[:n_below] + above[:want - n_below]
    rest = below[n_below:] + above[want - n_below:]
    values = chosen + rest
    return [float(round(v)) if whole else v for v in values]


def _numbers(fmt, gold, rng, want, unit, pool):
    """The ladder; a count whose gold is round (18000) gets distractors as round (7000, 11000), else the round
    one would be the gold."""
    values = _ladder(gold, fmt.tolerance, rng, want, whole=fmt.slug == "count")
    if fmt.slug != "count" or not gold or gold != int(gold):
        return values
    step = 10 ** (len(str(int(gold))) - len(str(int(gold)).rstrip("0")))
    step = min(step, 10 ** max(0, len(str(int(gold))) - 2))
    return [float(round(v / step) * step) for v in values]


# --------------------------------------------------------------------------------------------- labels


def _labels(fmt, gold, rng, want, unit, pool):
    others = [x for x in ("true", "false", "plausibly") if x != gold]
    if gold == "plausibly":
        rng.shuffle(others)
    return others  # the opposite of true/false first, then "plausibly"


def _directions(fmt, gold, rng, want, unit, pool):
    for family in (_SIDES, _FLOW):
        if gold in family:
            return [x for x in family if x != gold]
    ring = COMPASS_8 if gold in COMPASS_8 else COMPASS_16
    i, n = ring.index(gold), len(ring)
    steps = sorted(range(1, n), key=lambda s: (min(s, n - s), rng.random()))
    return [ring[(i + s) % n] for s in steps]  # nearest points first, in a seeded order between equals


# --------------------------------------------------------------------------------------------- names


def _entities(fmt, gold, rng, want, unit, pool):
    return list(pool)


def _sets(fmt, gold, rng, want, unit, pool):
    """Perturbed sets, the kinds in turn (a member swapped for a nearby one, one dropped, one added), so that the
    gold is neither always the smallest nor the core every option contains; members in alphabetical order."""
    gold = list(gold)
    extra = [p for p in pool if p not in gold]
    swaps, drops, adds = [], [], []
    order = list(range(len(gold)))
    rng.shuffle(order)
    for n, i in enumerate(order):
        if extra:
            swaps.append(gold[:i] + gold[i + 1:] + [extra[(n + 1) % len(extra)]])
        if len(gold) > 1:
            drops.append(gold[:i] + gold[i + 1:])
    for n, e in enumerate(extra):
        adds.append(gold + [e] if n % 2 == 0 or n + 1 == len(extra) else gold + [e, extra[n + 1]])
    kinds = [swaps, drops, adds]
    rng.shuffle(kinds)
    out = []
    for n in range(max(map(len, kinds), default=0)):
        out.extend(k[n] for k in kinds if n < len(k))
    return [tuple(sorted(s, key=str.casefold)) for s in out if s]


# --------------------------------------------------------------------------------------------- cells


def _off_centre(gold, neighbours, rng: random.Random) -> list:
    """Return cells near ``gold`` such that the gold is not the one cell next to all others: a random neighbour
    ``c`` of the gold first, then ``c``'s other neighbours, then the gold's and the rest of the second ring.

    ``neighbours(x)`` lists the cells that share an edge or a corner with ``x`` (same resolution)."""
    first = sorted(neighbours(gold))
    centre = rng.choice(first)
    around = sorted(set(neighbours(centre)) - {gold, centre})
    rng.shuffle(around)
    rest = sorted({y for x in first for y in neighbours(x)} - {gold, centre} - set(around) | set(first) - {centre})
    rng.shuffle(rest)
    return [centre, *around, *rest]


def _h3_neighbours(cell: str) -> list[str]:
    return list(h3.grid_ring(cell, 1))


def _s2_neighbours(token: str) -> list[str]:
    cid = s2sphere.CellId.from_token(token)
    return [c.to_token().lower() for c in cid.get_all_neighbors(cid.level())]


def _geohash_neighbours(code: str) -> list[str]:
    west, south, east, north = geohash_box(code)
    w, h = east - west, north - south
    cx, cy = (west + east) / 2, (south + north) / 2
    return [geohash_encode(((cx + dx * w + 180) % 360) - 180, cy + dy * h, len(code))
            for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and -90 < cy + dy * h < 90]


def _cells(fmt, gold: GridCell, rng, want, unit, pool):
    near = _off_centre(gold.cell, _h3_neighbours if gold.system == "h3" else _s2_neighbours, rng)
    return [GridCell(gold.system, c) for c in near]


def _composites(fmt, gold: CompositeCell, rng, want, unit, pool):
    """The cells of the centres of H3 cells near the gold's: each pair is a place, just not the gold's."""
    level = s2sphere.CellId.from_token(gold.s2).level()
    out = []
    for cell in _off_centre(gold.h3, _h3_neighbours, rng):
        lat, lon = h3.cell_to_latlng(cell)
        s2 = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(lat, lon)).parent(level).to_token().lower()
        out.append(CompositeCell(cell, s2))
    return out


def _geohashes(fmt, gold: str, rng, want, unit, pool):
    return _off_centre(gold, _geohash_neighbours, rng)


# --------------------------------------------------------------------------------------------- shifted values


def _ring(k: int, rng: random.Random) -> list[tuple[float, float]]:
    """Return the offsets (unit radius) of the other ``k - 1`` points of a ring of ``k`` on which the gold sits,
    from the gold, so that the gold is one point of the ring like the others and not the middle of a cloud."""
    turn = rng.uniform(0, 2 * math.pi)
    spots = [(math.cos(turn + 2 * math.pi * i / k), math.sin(turn + 2 * math.pi * i / k)) for i in range(k)]
    gx, gy = spots[0]
    return [(x - gx, y - gy) for x, y in spots[1:]]


def _points(fmt, gold: LatLon, rng, want, unit, pool):
    out = []
    for k in (want + 1, want + 3):
        radius = POINT_TOLERANCE_KM * rng.uniform(2.0, 4.0)
        for dx, dy in _ring(k, rng):
            km = radius * math.hypot(dx, dy) * rng.uniform(0.9, 1.1)
            lon, lat, _ = _geod().fwd(gold.lon, gold.lat, math.degrees(math.atan2(dx, dy)), km * 1000.0)
            out.append(LatLon(round(max(-89.9, min(89.9, lat)), 4), round(lon, 4)))
    return out


def _polars(fmt, gold: Polar, rng, want, unit, pool):
    """For an even number of options a grid: two angles (the gold's and one 20-120 degrees round) by as many radii
    (the gold's and others off the distance ladder), so that every angle and every radius is shared by the same
    number of options and the gold cannot be told as the option sharing most; otherwise both components off."""
    radii = _ladder(gold.distance, distance_tolerance, rng, want + 3, whole=False)
    angles = [round((gold.angle + rng.choice((-1, 1)) * rng.uniform(20.0, 120.0)) % 360.0, 1)
              for _ in range(want + 4)]
    out = []
    if (want + 1) % 2 == 0:
        grid = [Polar(a, r) for a in (gold.angle, angles[0]) for r in [gold.distance, *radii[:(want + 1) // 2 - 1]]]
        grid = [p for p in grid if p != gold]
        rng.shuffle(grid)
        out.extend(grid)
    out.extend(Polar(a, r) for a, r in zip(angles[1:], radii))
    return out


def _polygons(fmt, gold, rng, want, unit, pool):
    """Boxes (or outlines) on a ring with the gold, about one size apart, each also scaled by 0.75-1.35."""
    west, south, east, north = gold.bounds
    w, h = max(east - west, 1e-4), max(north - south, 1e-4)
    out = []
    for k in (want + 1, want + 3):
        radius = rng.uniform(0.9, 1.2) / (2 * math.sin(math.pi / k)) if k > 1 else 1.0
        for dx, dy in _ring(k, rng):
            factor = rng.uniform(0.75, 1.35)
            moved = shapely.affinity.translate(gold, dx * radius * w, dy * radius * h)
            out.append(shapely.affinity.scale(moved, factor, factor))
    return out


def _dates(fmt, gold: DateValue, rng, want, unit, pool):
    """Dates a few steps of the gold's precision away (days 2-40, months 1-8, years 1-6), a seeded number of them
    before the gold."""
    before = rng.randint(0, want)
    out = []
    for i in range(want + 4):
        sign = -1 if i < before else 1
        if gold.precision == "day":
            day = gold.day + _dt.timedelta(days=sign * rng.randint(2, 40))
        elif gold.precision == "month":
            months = gold.day.year * 12 + gold.day.month - 1 + sign * rng.randint(1, 8)
            day = _dt.date(months // 12, months % 12 + 1, 15)
        else:
            day = _dt.date(gold.day.year + sign * rng.randint(1, 6), 7, 2)
        out.append(DateValue(day, gold.precision))
    return out


_CANDIDATES = {
    QuantityFormat: _numbers, NumberFormat: _numbers, LabelFormat: _labels, DirectionFormat: _directions,
    EntityFormat: _entities, SetFormat: _sets, CellFormat: _cells, CompositeFormat: _composites,
    GeohashFormat: _geohashes, PointFormat: _points, PolarFormat: _polars, PolygonFormat: _polygons,
    DateFormat: _dates,
}


def candidates(fmt: AnswerFormat, gold: Any, rng: random.Random, want: int, *, unit: str | None = None,
               pool: Sequence[str] = ()) -> Iterator[Any]:
    """Return candidate distractor values of format ``fmt`` around the canonical ``gold`` value, best first.

    ``want`` is how many distractors the caller needs (more are returned where they are cheap); ``pool`` is
    the names of other entities of the gold's category near it (Entity name and Set enumeration only). Some
    candidates may be right or repeat one another: the caller checks each with the format's ``compare``.
    A format kind without candidates raises TypeError.

    >>> from kgbench.evaluation.formats import get_format
    >>> list(candidates(get_format("Predefined / cardinal direction"), "left", random.Random(0), 3))
    ['right', 'on']
    >>> all(x >= 0 for x in candidates(get_format("Count"), 0, random.Random(0), 3))
    True
    """
    kind = type(fmt)
    if kind not in _CANDIDATES:
        raise TypeError(f"no distractors for answer formats of kind {kind.__name__}")
    return iter(_CANDIDATES[kind](fmt, gold, rng, want, unit, pool))


# --------------------------------------------------------------------------------------------- showing options


def _number_text(x: float) -> str:
    """Return a number as plain digits with a decimal point (no thousands separators: "1,250" would read as 1.25
    in the languages that write a decimal comma)."""
    return f"{int(x)}" if float(x).is_integer() else f"{x:.10g}"


def option_of(fmt: AnswerFormat, value: Any, unit: str | None = None) -> tuple[Any, Any, str]:
    """Return ``(answer, unit, text)``: the canonical ``value`` as a model's answer and unit in the item's
    ``unit``, and the option's text.

    The format's reader reads ``answer`` and ``unit`` back to ``value`` (up to the rounding shown).

    >>> from kgbench.evaluation.formats import get_format
    >>> option_of(get_format("Distance"), 1.25, "m")
    (1250.0, 'm', '1250 m')
    >>> option_of(get_format("Set enumeration"), ("Kallio", "Kamppi"))[2]
    'Kallio; Kamppi'
    """
    if isinstance(fmt, QuantityFormat):
        unit = unit if unit in fmt.unit_table else fmt.canonical_unit
        shown = round_shown(value / fmt.unit_table[unit])
        return shown, unit, f"{_number_text(shown)} {unit}"
    if isinstance(fmt, NumberFormat):
        shown = int(round(value)) if fmt.slug == "count" else round_shown(value)
        return shown, None, _number_text(shown)
    if isinstance(fmt, SetFormat):
        members = sorted(value, key=str.casefold)
        return members, None, "; ".join(members) if members else "(none)"
    if isinstance(fmt, CellFormat):
        return value.cell, value.system, f"{value.system.upper()} {value.cell}"
    if isinstance(fmt, CompositeFormat):
        return {"h3": value.h3, "s2": value.s2}, None, f"H3 {value.h3}, S2 {value.s2}"
    if isinstance(fmt, PointFormat):
        return {"lat": value.lat, "lon": value.lon}, None, f"lat {value.lat:.4f}, lon {value.lon:.4f}"
    if isinstance(fmt, PolarFormat):
        unit = unit if unit in fmt.unit_table else fmt.canonical_unit
        radius = round_shown(value.distance / fmt.unit_table[unit])
        return ({"angle": round(value.angle, 1), "distance": radius}, unit,
                f"azimuth {value.angle:.1f}°, {_number_text(radius)} {unit}")
    if isinstance(fmt, PolygonFormat):
        wkt = shapely.to_wkt(value, rounding_precision=5, trim=True)
        return wkt, None, wkt
    if isinstance(fmt, DateFormat):
        text = {"day": value.day.isoformat(), "month": value.day.isoformat()[:7],
                "year": str(value.day.year)}[value.precision]
        return text, None, text
    return value, None, str(value)
