"""The pixel <-> longitude/latitude transform of a scene map (Web Mercator, EPSG:3857), stored beside its PNG.

A map of ``width`` x ``height`` pixels shows the Web Mercator rectangle ``bounds`` = (xmin, ymin, xmax,
ymax) in metres, the whole image (no margins): pixel column ``c`` and row ``r`` (0, 0 the top-left corner of
the top-left pixel, rows growing downwards) are the Mercator point

    x = xmin + c * (xmax - xmin) / width,   y = ymax - r * (ymax - ymin) / height

(the affine ``x = a*c + b*r + x0, y = d*c + e*r + y0`` of :meth:`MapTransform.affine`, GDAL's geotransform
order), and longitude/latitude (CRS84) follow by pyproj's inverse Web Mercator. A map that crosses the
antimeridian keeps going east past x = 20,037,508.34 m (longitude 180): :func:`to_mercator` adds one world
width per turn, so longitudes are "unwrapped" (e.g. 190 = -170 one world east) and :meth:`to_lonlat` wraps
them back into [-180, 180].
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from pyproj import Transformer

__all__ = ["MapTransform", "to_mercator", "to_lonlat", "WORLD_WIDTH", "MAX_LATITUDE"]

#: the Web Mercator world width in metres (2 * pi * 6378137)
WORLD_WIDTH = 2 * math.pi * 6378137.0
#: the latitude Web Mercator maps to a square world (degrees); latitudes beyond are clamped
MAX_LATITUDE = 85.0511287798066

_FORWARD = Transformer.from_crs("OGC:CRS84", "EPSG:3857", always_xy=True)
_INVERSE = Transformer.from_crs("EPSG:3857", "OGC:CRS84", always_xy=True)


def to_mercator(lon, lat) -> tuple[np.ndarray, np.ndarray]:
    """Return Web Mercator (x, y) metres of CRS84 longitudes and latitudes (arrays or numbers).

    Latitudes are clamped to +-:data:`MAX_LATITUDE`; a longitude outside [-180, 180] is taken a whole
    number of world widths east or west (the unwrapped coordinates of a map across the antimeridian).

    >>> [round(float(v), 2) for v in to_mercator(180.0, 0.0)]
    [20037508.34, 0.0]
    >>> round(float(to_mercator(190.0, 0)[0] - to_mercator(-170.0, 0)[0]), 2) == round(WORLD_WIDTH, 2)
    True
    """
    lon = np.asarray(lon, dtype=float)
    lat = np.clip(np.asarray(lat, dtype=float), -MAX_LATITUDE, MAX_LATITUDE)
    turns = np.where(np.abs(lon) <= 180, 0, np.floor((lon + 180) / 360))
    x, y = _FORWARD.transform(lon - 360 * turns, lat)
    return np.asarray(x) + turns * WORLD_WIDTH, np.asarray(y)


def to_lonlat(x, y) -> tuple[np.ndarray, np.ndarray]:
    """Return CRS84 (longitude, latitude) of Web Mercator metres, longitudes wrapped into [-180, 180].

    >>> [round(float(v), 6) for v in to_lonlat(*to_mercator(24.94, 60.17))]
    [24.94, 60.17]
    """
    x = np.asarray(x, dtype=float)
    half = WORLD_WIDTH / 2
    turns = np.where(np.abs(x) <= half, 0, np.floor((x + half) / WORLD_WIDTH))
    lon, lat = _INVERSE.transform(x - turns * WORLD_WIDTH, np.asarray(y, dtype=float))
    return np.asarray(lon), np.asarray(lat)


@dataclasses.dataclass(frozen=True)
class MapTransform:
    """The transform of one map: its pixel size and the Web Mercator ``bounds`` (xmin, ymin, xmax, ymax) it shows.

    >>> t = MapTransform(100, 50, (0.0, 0.0, 2000.0, 1000.0))
    >>> [round(v, 6) for v in t.to_pixel(*to_lonlat(1000.0, 500.0))]
    [50.0, 25.0]
    >>> MapTransform.from_dict(t.to_dict()) == t
    True
    """

    width: int
    height: int
    bounds: tuple[float, float, float, float]

    def __post_init__(self):
        xmin, ymin, xmax, ymax = self.bounds
        if self.width < 1 or self.height < 1 or not (xmax > xmin and ymax > ymin):
            raise ValueError(f"a map transform needs a positive size and bounds, not {self.width} x {self.height} "
                             f"pixels over {self.bounds}")

    @property
    def affine(self) -> tuple[float, float, float, float, float, float]:
        """Return (x0, a, b, y0, d, e): Mercator ``x = x0 + a*col + b*row``, ``y = y0 + d*col + e*row``."""
        xmin, ymin, xmax, ymax = self.bounds
        return (xmin, (xmax - xmin) / self.width, 0.0, ymax, 0.0, -(ymax - ymin) / self.height)

    def to_pixel(self, lon, lat):
        """Return (column, row) pixel coordinates (floats; numbers in, numbers out) of CRS84 positions.

        A longitude is first taken into the map's own span of unwrapped longitudes when it is a world
        width away (a map across the antimeridian).
        """
        x, y = to_mercator(lon, lat)
        xmin, ymin, xmax, ymax = self.bounds
        centre = (xmin + xmax) / 2
        x = x + np.round((centre - x) / WORLD_WIDTH) * WORLD_WIDTH
        col = (x - xmin) / (xmax - xmin) * self.width
        row = (ymax - y) / (ymax - ymin) * self.height
        if col.ndim == 0:
            return float(col), float(row)
        return col, row

    def to_lonlat(self, col, row):
        """Return CRS84 (longitude, latitude) of pixel coordinates (numbers in, numbers out)."""
        x0, a, _, y0, _, e = self.affine
        lon, lat = to_lonlat(x0 + a * np.asarray(col, dtype=float), y0 + e * np.asarray(row, dtype=float))
        if lon.ndim == 0:
            return float(lon), float(lat)
        return lon, lat

    def metres_per_pixel(self) -> float:
        """Return the ground metres one pixel spans at the map's centre latitude (Mercator scale corrected)."""
        _, lat = self.to_lonlat(self.width / 2, self.height / 2)
        return (self.bounds[2] - self.bounds[0]) / self.width * math.cos(math.radians(lat))

    def to_dict(self) -> dict:
        """Return the transform as the JSON object written beside a map (``<id>.transform.json``)."""
        return {"crs": "EPSG:3857", "lonlat_crs": "OGC:CRS84", "width": self.width, "height": self.height,
                "bounds": list(self.bounds), "geotransform": list(self.affine),
                "pixel_origin": "top-left corner of the top-left pixel; rows grow downwards",
                "formula": "x = x0 + a*col + b*row, y = y0 + d*col + e*row (metres, EPSG:3857)"}

    @classmethod
    def from_dict(cls, d) -> "MapTransform":
        """Return the transform read back from :meth:`to_dict`; a missing key raises ValueError."""
        try:
            if d["crs"] != "EPSG:3857":
                raise ValueError(f"a map transform in {d['crs']!r}: only EPSG:3857 is written")
            return cls(int(d["width"]), int(d["height"]), tuple(float(v) for v in d["bounds"]))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a map transform ({exc!r})") from None
