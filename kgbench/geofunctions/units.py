"""Units of measure: the OGC ``uom:`` IRIs and their QUDT equivalents, as factors to metres or square metres.

Every unit has a kind (:func:`unit_kind`): ``length``, ``area`` or ``angle``. Angular units (degree, radian)
are read as arc on the WGS84 authalic/mean sphere for lengths and distances: one degree of arc is
``MEAN_RADIUS_M * pi / 180`` metres. A unit of the wrong kind for a function (a length unit given to an area
function, an area unit given to a distance) or an unknown unit raises ValueError naming it.
"""

from __future__ import annotations

import math

from kgbench.ontologies import UOM as UOM_NS

__all__ = ["UOM", "QUDT", "MEAN_RADIUS_M", "LENGTH_M", "AREA_M2", "length_factor", "area_factor", "is_angular",
           "unit_kind"]

UOM = UOM_NS.base
QUDT = "http://qudt.org/vocab/unit/"
#: IUGG mean Earth radius R1 = (2a + b) / 3 for WGS84, in metres
MEAN_RADIUS_M = 6371008.7714

_DEG_M = MEAN_RADIUS_M * math.pi / 180.0
_LEN = {
    "metre": 1.0, "meter": 1.0, "kilometre": 1000.0, "kilometer": 1000.0, "centimetre": 0.01, "centimeter": 0.01,
    "millimetre": 0.001, "millimeter": 0.001, "mile": 1609.344, "statuteMile": 1609.344,
    "nauticalMile": 1852.0, "foot": 0.3048, "usSurveyFoot": 1200.0 / 3937.0, "yard": 0.9144,
    "inch": 0.0254, "degree": _DEG_M, "radian": MEAN_RADIUS_M,
}
_QUDT_LEN = {
    "M": 1.0, "KiloM": 1000.0, "CentiM": 0.01, "MilliM": 0.001, "MI": 1609.344, "MI_US": 1609.3472,
    "MI_N": 1852.0, "NauticalMile": 1852.0, "FT": 0.3048, "FT_US": 1200.0 / 3937.0, "YD": 0.9144,
    "IN": 0.0254, "DEG": _DEG_M, "RAD": MEAN_RADIUS_M,
}
#: metres per unit, keyed by full IRI
LENGTH_M = {**{UOM + k: v for k, v in _LEN.items()}, **{QUDT + k: v for k, v in _QUDT_LEN.items()}}
_AREA = {
    "squareMetre": 1.0, "squareMeter": 1.0, "squareKilometre": 1e6, "squareKilometer": 1e6, "hectare": 1e4,
    "are": 100.0, "acre": 4046.8564224, "squareMile": 1609.344 ** 2, "squareFoot": 0.3048 ** 2,
    "squareYard": 0.9144 ** 2,
}
_QUDT_AREA = {"M2": 1.0, "KiloM2": 1e6, "HA": 1e4, "AC": 4046.8564224, "MI2": 1609.344 ** 2, "FT2": 0.3048 ** 2,
              "YD2": 0.9144 ** 2, "ARE": 100.0}
#: square metres per unit, keyed by full IRI
AREA_M2 = {**{UOM + k: v for k, v in _AREA.items()}, **{QUDT + k: v for k, v in _QUDT_AREA.items()}}
_ANGULAR = {UOM + "degree", UOM + "radian", QUDT + "DEG", QUDT + "RAD"}


def _iri(unit) -> str:
    v = getattr(unit, "value", unit)
    return str(v).strip()


def unit_kind(unit) -> str | None:
    """Return the kind of ``unit``: 'length', 'area' or 'angle' (degree, radian); None for an unknown unit.

    >>> unit_kind(UOM + "metre"), unit_kind(UOM + "hectare"), unit_kind(UOM + "degree"), unit_kind(UOM + "furlong")
    ('length', 'area', 'angle', None)
    """
    iri = _iri(unit)
    if iri in _ANGULAR:
        return "angle"
    if iri in LENGTH_M:
        return "length"
    if iri in AREA_M2:
        return "area"
    return None


def _wrong_kind(iri: str, wanted: str) -> ValueError:
    kind = unit_kind(iri)
    if kind is None:
        return ValueError(f"unknown unit of {wanted} <{iri}>")
    return ValueError(f"<{iri}> is a unit of {kind}, not of {wanted}")


def length_factor(unit) -> float:
    """Return metres per one ``unit`` (a uom:/QUDT IRI term or string; degree and radian as arc on the mean sphere).

    An area unit or an unknown unit raises ValueError naming it.

    >>> length_factor(UOM + "kilometre")
    1000.0
    >>> length_factor(UOM + "furlong")
    Traceback (most recent call last):
    ...
    ValueError: unknown unit of length <http://www.opengis.net/def/uom/OGC/1.0/furlong>
    >>> length_factor(UOM + "hectare")
    Traceback (most recent call last):
    ...
    ValueError: <http://www.opengis.net/def/uom/OGC/1.0/hectare> is a unit of area, not of length
    """
    iri = _iri(unit)
    try:
        return LENGTH_M[iri]
    except KeyError:
        raise _wrong_kind(iri, "length") from None


def area_factor(unit) -> float:
    """Return square metres per one ``unit`` of area; a length or angle unit, or an unknown one, raises ValueError.

    >>> area_factor(UOM + "hectare")
    10000.0
    >>> area_factor(UOM + "metre")
    Traceback (most recent call last):
    ...
    ValueError: <http://www.opengis.net/def/uom/OGC/1.0/metre> is a unit of length, not of area
    """
    iri = _iri(unit)
    try:
        return AREA_M2[iri]
    except KeyError:
        raise _wrong_kind(iri, "area") from None


def is_angular(unit) -> bool:
    """Return True when ``unit`` is degree or radian (uom: or QUDT)."""
    return _iri(unit) in _ANGULAR
