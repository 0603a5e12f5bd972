"""Topological relations: GeoSPARQL's Simple Features (sf*), Egenhofer (eh*) and RCC8 (rcc8*) families and relate.

Each is a DE-9IM test on the two geometries read as planar figures in CRS84 longitude/latitude (as GeoSPARQL
does). The Simple Features family uses GEOS's named predicates (on prepared geometries when the literal comes
from the parse cache, so a polygon tested against many points is indexed once, and with the larger geometry as
the first operand, through the converse predicate, since GEOS only uses a prepared first operand); the Egenhofer and RCC8 families
use the DE-9IM patterns of the GeoSPARQL 1.0 standard (tables 2-4).

Edge cases, pinned by the contract tests: EMPTY equals EMPTY and is disjoint from everything else, intersects
nothing, is within and contains nothing. A literal that is not a geometry (a plain string, a wrong datatype,
malformed text) is an error, never ``false``. An invalid geometry (a zero-length line, a bow-tie polygon) is
tested as GEOS's ``make_valid`` repairs it.
"""

from __future__ import annotations

import re

import shapely

from kgbench.geofunctions.literals import read_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_str, boolean
from kgbench.ontologies import GEOF as GEOF_NS, KGBF as KGBF_NS

__all__ = ["EH_PATTERNS", "RCC8_PATTERNS", "SF_PREDICATES", "matches", "relation", "FUNCTIONS"]

GEOF = GEOF_NS.base

#: GeoSPARQL 1.0 table 3: Egenhofer relations as DE-9IM patterns (any of the alternatives)
EH_PATTERNS = {
    "ehEquals": ("TFFFTFFFT",),
    "ehDisjoint": ("FF*FF****",),
    "ehMeet": ("FT*******", "F**T*****", "F***T****"),
    "ehOverlap": ("T*T***T**",),
    "ehCovers": ("T*TFT*FF*",),
    "ehCoveredBy": ("TFF*TFT**",),
    "ehInside": ("TFF*FFT**",),
    "ehContains": ("T*TFF*FF*",),
}
#: GeoSPARQL 1.0 table 4: RCC8 relations as DE-9IM patterns
RCC8_PATTERNS = {
    "rcc8eq": ("TFFFTFFFT",),
    "rcc8dc": ("FFTFFTTTT",),
    "rcc8ec": ("FFTFTTTTT",),
    "rcc8po": ("TTTTTTTTT",),
    "rcc8tppi": ("TTTFTTFFT",),
    "rcc8tpp": ("TFFTTFTTT",),
    "rcc8ntpp": ("TFFTFFTTT",),
    "rcc8ntppi": ("TTTFFTFFT",),
}
SF_PREDICATES = {
    "sfEquals": shapely.equals, "sfDisjoint": shapely.disjoint, "sfIntersects": shapely.intersects,
    "sfTouches": shapely.touches, "sfWithin": shapely.within, "sfContains": shapely.contains,
    "sfOverlaps": shapely.overlaps, "sfCrosses": shapely.crosses,
}
_PATTERN = re.compile(r"^[TF*012]{9}$")
# geometry methods: a little cheaper per scalar call than the vectorized functions
_METHOD = {"sfEquals": lambda a, b: a.equals(b), "sfDisjoint": lambda a, b: a.disjoint(b),
           "sfIntersects": lambda a, b: a.intersects(b), "sfTouches": lambda a, b: a.touches(b),
           "sfWithin": lambda a, b: a.within(b), "sfContains": lambda a, b: a.contains(b),
           "sfOverlaps": lambda a, b: a.overlaps(b), "sfCrosses": lambda a, b: a.crosses(b)}
_SYMMETRIC = {"sfEquals", "sfDisjoint", "sfIntersects", "sfTouches", "sfOverlaps", "sfCrosses"}
_CONVERSE = {"sfWithin": "sfContains", "sfContains": "sfWithin"}


_TRUE, _FALSE = boolean(True), boolean(False)


def matches(matrix: str, pattern: str) -> bool:
    """Return True when the DE-9IM ``matrix`` (e.g. ``'2FF1FF212'``) satisfies ``pattern`` (T, F, *, 0, 1, 2).

    >>> matches("212FF1FF2", "T*****FF*"), matches("212FF1FF2", "F********")
    (True, False)
    """
    for m, p in zip(matrix, pattern):
        if p == "*":
            continue
        if p == "T":
            if m == "F":
                return False
        elif p != m:
            return False
    return True


def _empty_rule(name: str, a, b) -> bool | None:
    """Return the answer when either side is empty (no DE-9IM pattern can say it), else None."""
    ea, eb = a.is_empty, b.is_empty
    if not (ea or eb):
        return None
    if name in ("sfEquals", "ehEquals", "rcc8eq"):
        return ea and eb
    return name in ("sfDisjoint", "ehDisjoint", "rcc8dc")


def relation(name: str):
    """Return the implementation of the GeoSPARQL relation function called ``name`` (e.g. ``'sfWithin'``)."""
    if name in SF_PREDICATES:
        pred = _METHOD[name]
        # GEOS uses a prepared geometry only as the first operand: evaluate with the larger (cached, prepared)
        # geometry first, through the converse where the predicate is not symmetric
        conv = _METHOD[_CONVERSE.get(name, name)]
        can_swap = name in _SYMMETRIC or name in _CONVERSE

        def sf(a, b):
            va, vb = read_literal(a), read_literal(b)
            ga, gb = va.topo, vb.topo
            if ga.is_empty or gb.is_empty:
                return _TRUE if _empty_rule(name, ga, gb) else _FALSE
            if can_swap and vb.vertices > va.vertices:
                return _TRUE if conv(gb, ga) else _FALSE
            return _TRUE if pred(ga, gb) else _FALSE

        impl = sf
    else:
        patterns = EH_PATTERNS.get(name) or RCC8_PATTERNS[name]

        def de9im(a, b):
            ga, gb = read_literal(a).topo, read_literal(b).topo
            empty = _empty_rule(name, ga, gb)
            if empty is not None:
                return boolean(empty)
            m = shapely.relate(ga, gb)
            return boolean(any(matches(m, p) for p in patterns))

        impl = de9im
    impl.__name__ = name
    impl.__qualname__ = name
    impl.__doc__ = (
        f"Return xsd:boolean: whether the first geometry is {name} the second ({_describe(name)}).\n\n"
        "    An empty geometry equals only an empty geometry and is disjoint from everything.\n\n"
        "    >>> from pyoxigraph import Literal\n"
        "    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
        "    >>> sq = Literal('POLYGON((0 0,2 0,2 2,0 2,0 0))', datatype=WKT_LITERAL)\n"
        "    >>> pt = Literal('POINT(1 1)', datatype=WKT_LITERAL)\n"
        f"    >>> relation({name!r})(sq, pt).value\n"
        f"    '{_EXAMPLE[name]}'\n"
    )
    return impl


def _describe(name: str) -> str:
    if name in SF_PREDICATES:
        return "the Simple Features predicate of GEOS"
    return "DE-9IM " + " or ".join((EH_PATTERNS.get(name) or RCC8_PATTERNS[name]))


# square (0 0, 2 2) against the point (1 1): what each relation answers
_EXAMPLE = {
    "sfEquals": "false", "sfDisjoint": "false", "sfIntersects": "true", "sfTouches": "false",
    "sfWithin": "false", "sfContains": "true", "sfOverlaps": "false", "sfCrosses": "false",
    "ehEquals": "false", "ehDisjoint": "false", "ehMeet": "false", "ehOverlap": "false",
    "ehCovers": "true", "ehCoveredBy": "false", "ehInside": "false", "ehContains": "true",
    "rcc8eq": "false", "rcc8dc": "false", "rcc8ec": "false", "rcc8po": "false", "rcc8tppi": "false",
    "rcc8tpp": "false", "rcc8ntpp": "false", "rcc8ntppi": "false",
}


def geof_relate(a, b, pattern):
    """Return xsd:boolean: whether the DE-9IM matrix of the two geometries matches ``pattern`` (9 of T F * 0 1 2).

    A pattern that is not 9 such characters is an error.

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> sq = Literal('POLYGON((0 0,2 0,2 2,0 2,0 0))', datatype=WKT_LITERAL)
    >>> geof_relate(sq, Literal('POINT(1 1)', datatype=WKT_LITERAL), Literal("T*****FF*")).value
    'true'
    """
    p = as_str(pattern).strip().upper()
    if not _PATTERN.match(p):
        raise ValueError(f"not a DE-9IM pattern: {as_str(pattern)!r}")
    ga, gb = read_literal(a).topo, read_literal(b).topo
    if ga.is_empty or gb.is_empty:
        m = _empty_matrix(ga, gb)
    else:
        m = shapely.relate(ga, gb)
    return boolean(matches(m, p))


def _empty_matrix(a, b) -> str:
    da = shapely.get_dimensions(a) if not a.is_empty else -1
    db = shapely.get_dimensions(b) if not b.is_empty else -1
    c = lambda d: "F" if d < 0 else str(d)  # noqa: E731
    bda = c(da - 1) if da > 0 else "F"
    bdb = c(db - 1) if db > 0 else "F"
    return "FF" + c(da) + "FF" + bda + c(db) + bdb + "2"


def geof_relate_matrix(a, b):
    """Return the DE-9IM intersection matrix of two geometries as a 9-character xsd:string.

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> sq = Literal('POLYGON((0 0,2 0,2 2,0 2,0 0))', datatype=WKT_LITERAL)
    >>> geof_relate_matrix(sq, Literal('POINT(1 1)', datatype=WKT_LITERAL)).value
    '0F2FF1FF2'
    """
    from pyoxigraph import Literal

    ga, gb = read_literal(a).topo, read_literal(b).topo
    return Literal(_empty_matrix(ga, gb) if ga.is_empty or gb.is_empty else shapely.relate(ga, gb))


FUNCTIONS = [
    *(GeoFunction(GEOF + n, relation(n)) for n in (*SF_PREDICATES, *EH_PATTERNS, *RCC8_PATTERNS)),
    GeoFunction(GEOF + "relate", geof_relate),
]
KGBF_FUNCTIONS = [GeoFunction(KGBF_NS.base + "relateMatrix", geof_relate_matrix)]
