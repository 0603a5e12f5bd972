"""Typed values of the answer formats and the errors of reading them."""

from __future__ import annotations

import datetime as _dt
from typing import NamedTuple




SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class AnswerValueError(ValueError):
    """A value that cannot be read as a value of the answer format; the message says why."""


class GoldAnswerError(ValueError):
    """An item's gold answer that does not fit its format; the message names the problem."""


# --------------------------------------------------------------------------------------------- values


class GridCell(NamedTuple):
    """A discrete global grid cell: ``system`` is ``"h3"`` or ``"s2"``; ``cell`` the lowercase H3 index or S2 token."""

    system: str
    cell: str


class CompositeCell(NamedTuple):
    """The same location as an H3 index and an S2 token (both lowercase)."""

    h3: str
    s2: str


class LatLon(NamedTuple):
    """A WGS84 point, latitude first, in decimal degrees."""

    lat: float
    lon: float


class Polar(NamedTuple):
    """A polar position: ``angle`` in degrees normalized to [0, 360), ``distance`` in kilometres."""

    angle: float
    distance: float


class DateValue(NamedTuple):
    """A calendar day and the precision it is known to: ``"day"``, ``"month"`` or ``"year"``."""

    day: _dt.date
    precision: str
