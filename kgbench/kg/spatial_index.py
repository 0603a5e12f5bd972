"""An R-tree over every geometry literal of a store, and the subjects that reach each literal.

:class:`SpatialIndex` holds each distinct geometry literal the store links through a GeoSPARQL serialization
property (``geo:asWKT``, ``geo:asGML``, ``geo:asGeoJSON``, ``geo:asKML``, ``geo:asDGGS``,
``geo:hasSerialization``), its geometry in CRS84, a shapely STRtree over the envelopes of those geometries
(the envelope of the geometry and of its made-valid form, so that both the metric and the topological
functions are covered) and, per property path, the subjects that reach it: ``P`` (the geometry nodes),
``geo:hasGeometry/P`` and ``geo:hasDefaultGeometry/P`` (the features).

The index only proposes candidates; :mod:`kgbench.kg.planner` keeps every exact test in the query. Its two
candidate searches are conservative:

- :meth:`SpatialIndex.within_distance`: every entry with a point within ``metres`` of a geometry on the WGS84
  ellipsoid is returned (the search box is the exact bounding box of a spherical cap 1% wider than the
  distance, split at the antimeridian, the whole band of longitudes near a pole);
- :meth:`SpatialIndex.intersecting`: every entry whose envelope meets the geometry's envelope.

WKT literals without a CRS prefix are read in one vectorized GEOS call (the reader
:func:`~kgbench.geofunctions.literals.read_literal` uses on the same text); any literal that call does not
find valid, non-empty and within CRS84's range is read one by one as before.

For a snapshot store the index is written beside the cache (``indexes/<snapshot id>.spatial``, atomically)
and read back on the next run; user data gets its index built when a query first needs it.

>>> from kgbench.kg.store import KG
>>> kg = KG.from_text('<http://x/g> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(24.94 60.17)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .')
>>> idx = SpatialIndex.build(kg.store)
>>> len(idx), [str(s) for s in idx.subjects(PATH_DIRECT + "http://www.opengis.net/ont/geosparql#asWKT", 0)]
(1, ['<http://x/g>'])
"""

from __future__ import annotations

import hashlib
import math
import pickle
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
from pyoxigraph import BlankNode, Literal, NamedNode, Store

from kgbench.fileio import atomic_write
from kgbench.geofunctions.literals import GeometryLiteralError, read_literal
from kgbench.ontologies import GEO

__all__ = ["SpatialIndex", "SERIALIZATION_PROPERTIES", "FEATURE_LINKS", "PATH_DIRECT", "path_key", "load_or_build",
           "cap_boxes", "cap_boxes_array"]

#: the properties whose objects are geometry literals
SERIALIZATION_PROPERTIES = tuple(GEO.base + p for p in ("asWKT", "asGML", "asGeoJSON", "asKML", "asDGGS",
                                                         "hasSerialization"))
#: the properties that link a feature to its geometry
FEATURE_LINKS = (GEO.base + "hasGeometry", GEO.base + "hasDefaultGeometry")
PATH_DIRECT = ""
#: the spherical cap is widened by this factor (the WGS84 geodesic and the great circle differ by < 0.5%)
_CAP_MARGIN = 1.01
_EARTH_R = 6371008.7714
_FORMAT = 2


def _reader_digest() -> str:
    """Return a digest of what turns a literal into coordinates: kgbench's literal reader and GEOS's version.

    A saved index built by another reader is built again (:mod:`kgbench.kg.join_eval` takes its point
    coordinates as exactly those ``geof:distance`` reads).
    """
    from kgbench.geofunctions import literals, validity

    h = hashlib.sha256(shapely.geos_version_string.encode())
    for mod in (literals, validity):
        h.update(Path(mod.__file__).read_bytes())
    return h.hexdigest()[:16]


def path_key(steps: list[str]) -> str | None:
    """Return the index's key for a property path given as its IRIs (``[P]``, ``[link, P]``, ``[link?, P]``), or None.

    ``link?`` (zero or one ``link`` step, its IRI followed by ``?``) reaches the geometry nodes and the features.

    >>> path_key([GEO.base + "hasGeometry", GEO.base + "asWKT"]).split()[0].endswith("hasGeometry")
    True
    >>> path_key([GEO.base + "asWKT", GEO.base + "asWKT"]) is None
    True
    """
    if len(steps) == 1 and steps[0] in SERIALIZATION_PROPERTIES:
        return PATH_DIRECT + steps[0]
    if len(steps) == 2 and steps[0] in FEATURE_LINKS and steps[1] in SERIALIZATION_PROPERTIES:
        return steps[0] + " " + steps[1]
    if len(steps) == 2 and steps[0].endswith("?") and steps[0][:-1] in FEATURE_LINKS and steps[1] in SERIALIZATION_PROPERTIES:
        return steps[0] + " " + steps[1]  # link?/P: the geometry nodes and the features together
    return None


class SpatialIndex:
    """Return candidates for spatial tests among a store's geometry literals (see the module docstring)."""

    def __init__(self, literals: list[Literal], geoms: list, boxes: np.ndarray, paths: dict[str, dict[int, list]],
                 unreadable: list[str], empty: list[str] | None = None):
        self.literals = literals
        self.geoms = geoms
        self.boxes = boxes
        self.paths = paths
        #: messages of the literals that could not be read, and the (shortened) empty geometry literals
        self.unreadable = unreadable
        self.empty = empty or []
        self.position = {lit: i for i, lit in enumerate(literals)}
        self.tree = shapely.STRtree(shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3])
                                    if len(boxes) else [])
        self.is_point = np.array([g.geom_type == "Point" and not g.is_empty for g in geoms], dtype=bool)
        self.x = np.array([g.x if p else np.nan for g, p in zip(geoms, self.is_point)], dtype=float)
        self.y = np.array([g.y if p else np.nan for g, p in zip(geoms, self.is_point)], dtype=float)
        self._masks: dict[str, np.ndarray] = {}
        self._derived: dict[str, dict[int, list]] = {}

    def __len__(self) -> int:
        return len(self.literals)

    @classmethod
    def build(cls, store: Store) -> "SpatialIndex":
        """Return the index of every geometry literal in ``store`` (all graphs); unreadable literals are listed."""
        nodes_of: dict[str, dict[Literal, set]] = {p: defaultdict(set) for p in SERIALIZATION_PROPERTIES}
        for p in SERIALIZATION_PROPERTIES:
            for q in store.quads_for_pattern(None, NamedNode(p), None, None):
                if isinstance(q.object, Literal):
                    nodes_of[p][q.object].add(q.subject)
        literals, geoms, boxes, unreadable, empty = [], [], [], [], []
        distinct = list(dict.fromkeys(lit for p in SERIALIZATION_PROPERTIES for lit in nodes_of[p]))
        plain = _plain_wkt(distinct)
        for lit, geom in zip(distinct, plain):
            if geom is not None:  # read as read_literal reads it, in one call for all
                literals.append(lit)
                geoms.append(geom)
                boxes.append(geom.bounds)
                continue
            try:
                v = read_literal(lit)
            except GeometryLiteralError as exc:
                unreadable.append(str(exc))
                continue
            if v.geom.is_empty:
                empty.append(lit.value[:80])  # near nothing, meets nothing; the planner leaves such stores alone
                continue
            literals.append(lit)
            geoms.append(v.geom)
            b, t = v.geom.bounds, v.topo.bounds if not v.topo.is_empty else v.geom.bounds
            boxes.append((min(b[0], t[0]), min(b[1], t[1]), max(b[2], t[2]), max(b[3], t[3])))
        position = {lit: i for i, lit in enumerate(literals)}
        paths: dict[str, dict[int, list]] = {}
        links: dict[str, list] = {}
        for p in SERIALIZATION_PROPERTIES:
            direct = defaultdict(list)
            for lit, nodes in nodes_of[p].items():
                if lit in position:
                    direct[position[lit]].extend(sorted(nodes, key=str))
            if not direct:
                continue
            paths[PATH_DIRECT + p] = dict(direct)
            geometry_entries = defaultdict(list)
            for i, nodes in direct.items():
                for n in nodes:
                    geometry_entries[n].append(i)
            for link in FEATURE_LINKS:
                if link not in links:  # each link's quads are read once, not once per property
                    links[link] = [(q.subject, q.object) for q in store.quads_for_pattern(None, NamedNode(link), None, None)]
                via = defaultdict(set)
                for subject, node in links[link]:
                    for i in geometry_entries.get(node, ()):
                        via[i].add(subject)
                if via:
                    paths[link + " " + p] = {i: sorted(s, key=str) for i, s in via.items()}
        return cls(literals, geoms, np.array(boxes, dtype=float).reshape(-1, 4), paths, unreadable, empty)

    def _path(self, key: str) -> dict[int, list]:
        """Return {entry: subjects} of the path ``key``; a ``link? P`` path is derived from ``P`` and ``link P``."""
        if key in self.paths or "? " not in key:
            return self.paths.get(key, {})
        if key not in self._derived:
            link, p = key.split("? ")
            merged = defaultdict(list)
            for part in (self.paths.get(PATH_DIRECT + p, {}), self.paths.get(link + " " + p, {})):
                for i, subjects in part.items():
                    merged[i].extend(subjects)
            self._derived[key] = {i: sorted(set(ss), key=str) for i, ss in merged.items()}
        return self._derived[key]

    def subjects(self, key: str, entry: int) -> list:
        """Return the subjects that reach entry ``entry`` through the path ``key`` (empty if none)."""
        return self._path(key).get(entry, [])

    def has_path(self, key: str) -> bool:
        """Return whether any entry is reached through the path ``key``."""
        return bool(self._path(key))

    def mask(self, key: str) -> np.ndarray:
        """Return a boolean array: which entries the path ``key`` reaches."""
        if key not in self._masks:
            m = np.zeros(len(self.literals), dtype=bool)
            m[list(self._path(key))] = True
            self._masks[key] = m
        return self._masks[key]

    def intersecting(self, geom, key: str) -> np.ndarray:
        """Return the sorted entries reached through ``key`` whose envelope meets the envelope of ``geom``."""
        if geom.is_empty or not len(self.literals):
            return np.zeros(0, dtype=int)
        hits = self.tree.query(shapely.box(*geom.bounds))
        hits = np.sort(hits[self.mask(key)[hits]])
        return hits

    def within_distance(self, geom, metres: float, key: str) -> np.ndarray:
        """Return the sorted entries reached through ``key`` that may lie within ``metres`` of ``geom``.

        Every entry with a point within that geodesic distance is among them (see the module docstring).
        """
        if geom.is_empty or not len(self.literals) or not metres >= 0:
            return np.zeros(0, dtype=int)
        boxes = cap_boxes(geom.bounds, metres)
        hits = np.unique(np.concatenate([self.tree.query(shapely.box(*b)) for b in boxes]))
        return hits[self.mask(key)[hits]]

    def save(self, path: Path) -> None:
        """Write the index to ``path`` atomically (a temporary file renamed into place)."""
        data = {"format": _FORMAT, "reader": _reader_digest(), "literals": [(lit.value, lit.datatype.value) for lit in self.literals],
                "wkb": shapely.to_wkb(np.array(self.geoms, dtype=object)).tolist(), "boxes": self.boxes,
                "paths": {k: {i: [_term_key(s) for s in ss] for i, ss in v.items()} for k, v in self.paths.items()},
                "unreadable": self.unreadable, "empty": self.empty}
        with atomic_write(path, "wb", encoding=None) as f:
            pickle.dump(data, f, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def load(cls, path: Path) -> "SpatialIndex | None":
        """Return the index written by :meth:`save`, or None when the file is missing, of another format or
        written with another literal reader (see :func:`_reader_digest`)."""
        try:
            with open(path, "rb") as f:
                data = pickle.load(f)
        except (OSError, pickle.UnpicklingError, EOFError):
            return None
        if not isinstance(data, dict) or data.get("format") != _FORMAT or data.get("reader") != _reader_digest():
            return None
        literals = [Literal(v, datatype=NamedNode(d)) for v, d in data["literals"]]
        geoms = list(shapely.from_wkb(np.array(data["wkb"], dtype=object))) if literals else []
        paths = {k: {i: [_term_of(s) for s in ss] for i, ss in v.items()} for k, v in data["paths"].items()}
        return cls(literals, geoms, np.asarray(data["boxes"], dtype=float).reshape(-1, 4), paths, data["unreadable"],
                   data["empty"])


_WKT = GEO.base + "wktLiteral"


def _plain_wkt(literals: list[Literal]) -> list:
    """Return the geometry of each WKT literal without a CRS that is valid, non-empty and in CRS84's range
    (parsed in one vectorized GEOS call, the reader :func:`~kgbench.geofunctions.literals.read_literal` uses
    on the same text), else None: those are read one by one.
    """
    out: list = [None] * len(literals)
    at = [i for i, lit in enumerate(literals) if lit.datatype.value == _WKT and not lit.value.lstrip().startswith("<")]
    bodies = np.array([literals[i].value.strip() for i in at], dtype=object)
    if not len(at):
        return out
    with np.errstate(all="ignore"):
        parsed = shapely.from_wkt(np.where(bodies == "", None, bodies), on_invalid="ignore")
    ok = ~shapely.is_missing(parsed)
    ok[ok] = ~shapely.is_empty(parsed[ok]) & shapely.is_valid(parsed[ok])
    xy, owner = shapely.get_coordinates(parsed[ok], return_index=True)
    good = np.isfinite(xy).all(axis=1) & (np.abs(xy[:, 0]) <= 180.0) & (np.abs(xy[:, 1]) <= 90.0)
    bad = np.zeros(int(ok.sum()), dtype=bool)
    bad[owner[~good]] = True
    ok[np.flatnonzero(ok)[bad]] = False
    for k in np.flatnonzero(ok):
        out[at[k]] = parsed[k]
    return out


def _term_key(t) -> tuple[str, str]:
    return ("b" if isinstance(t, BlankNode) else "i", t.value)


def _term_of(k: tuple[str, str]):
    return BlankNode(k[1]) if k[0] == "b" else NamedNode(k[1])


def cap_boxes(bounds: tuple[float, float, float, float], metres: float) -> list[tuple[float, float, float, float]]:
    """Return lon/lat boxes covering every point within ``metres`` (geodesic, WGS84) of the box ``bounds``.

    The box is widened by the bounding box of a spherical cap of angular radius ``metres`` / R x 1.01;
    a box reaching past +-180 degrees is split in two at the antimeridian; one reaching a pole spans all
    longitudes.

    >>> cap_boxes((179.9, 0.0, 179.9, 0.0), 50_000)[1][0]
    -180.0
    >>> cap_boxes((0.0, 89.9, 0.0, 89.9), 50_000)
    [(-180.0, 89.44..., 180.0, 90.0)]
    """
    _, boxes = cap_boxes_array(np.array([bounds], dtype=float), np.array([metres], dtype=float))
    return [tuple(float(v) for v in box) for box in boxes]


def cap_boxes_array(bounds: np.ndarray, metres: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (owner, boxes): lon/lat boxes covering every point within ``metres`` of each box of ``bounds``.

    The array form of :func:`cap_boxes`: each box is widened by the bounding box of
    a spherical cap of angular radius ``metres`` / R x 1.01; a box past +-180 degrees is split in two, one
    reaching a pole spans all longitudes, a cap of a quarter circle or more is the whole world. ``owner[j]``
    is the row of ``bounds`` box ``j`` belongs to; rows whose distance is not a number >= 0 get none.

    >>> owner, boxes = cap_boxes_array(np.array([[179.9, 0.0, 179.9, 0.0]]), np.array([50_000.0]))
    >>> owner.tolist(), float(boxes[1, 0])
    ([0, 0], -180.0)
    """
    keep = np.flatnonzero(metres >= 0)
    x0, y0, x1, y1 = (bounds[keep, i] for i in range(4))
    sigma = metres[keep] * _CAP_MARGIN / _EARTH_R
    world = ~(sigma < math.pi / 2)
    dlat = np.degrees(np.minimum(sigma, math.pi / 2))
    lat0, lat1 = y0 - dlat, y1 + dlat
    polar = ~world & ((lat0 <= -90) | (lat1 >= 90))
    phi = np.radians(np.maximum(np.abs(y0), np.abs(y1)))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(polar | world, 0.0, np.sin(np.minimum(sigma, math.pi / 2)) / np.cos(phi))
    dlon = np.degrees(np.arcsin(np.minimum(1.0, ratio)))
    lon0, lon1 = x0 - dlon, x1 + dlon
    band = polar | world | (lon1 - lon0 >= 360)
    la0 = np.where(world, -90.0, np.maximum(lat0, -90.0))
    la1 = np.where(world, 90.0, np.minimum(lat1, 90.0))
    main = np.column_stack([np.where(band, -180.0, np.maximum(lon0, -180.0)), la0,
                            np.where(band, 180.0, np.minimum(lon1, 180.0)), la1])
    west = ~band & (lon0 < -180)
    east = ~band & (lon1 > 180)
    extra_w = np.column_stack([lon0[west] + 360, la0[west], np.full(west.sum(), 180.0), la1[west]])
    extra_e = np.column_stack([np.full(east.sum(), -180.0), la0[east], lon1[east] - 360, la1[east]])
    owner = np.concatenate([keep, keep[west], keep[east]])
    return owner, np.vstack([main, extra_w, extra_e])


def load_or_build(store: Store, path: Path | None) -> SpatialIndex:
    """Return the index of ``store``: read from ``path`` when it holds one, else built (and saved there)."""
    if path is not None:
        idx = SpatialIndex.load(path)
        if idx is not None:
            return idx
    idx = SpatialIndex.build(store)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        idx.save(path)
    return idx
