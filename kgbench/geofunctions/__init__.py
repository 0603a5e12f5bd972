"""SPARQL extension functions: GeoSPARQL 1.1's ``geof:`` set and kgbench's own ``kgbf:`` functions.

Every function is plain Python over pyoxigraph terms, declared once with its IRI and handed to each
query by :meth:`Registry.bind`, which counts failures instead of letting pyoxigraph swallow them.

>>> reg = default_registry()
>>> len(reg) > 0
True
"""

from __future__ import annotations

import functools

from kgbench.geofunctions.registry import Binding, Failure, GeoFunction, GeoFunctionError, Registry
from kgbench.geofunctions.literals import GeometryLiteralError, parse_cache, parse_geometry
from kgbench.geofunctions.writers import wkt_literal

__all__ = [
    "Binding", "Failure", "GeoFunction", "GeoFunctionError", "Registry", "default_registry",
    "GeometryLiteralError", "parse_cache", "parse_geometry", "wkt_literal",
]


@functools.cache
def default_registry() -> Registry:
    """Return the registry of every function kgbench ships (immutable, built once)."""
    from kgbench.geofunctions import (aggregates, construct, dggs, kgbf_direction, kgbf_grid, kgbf_shape, metric,
                                      props, relations)

    return Registry([
        *metric.FUNCTIONS, *relations.FUNCTIONS, *construct.FUNCTIONS, *props.FUNCTIONS, *dggs.FUNCTIONS,
        *aggregates.FUNCTIONS,
        *relations.KGBF_FUNCTIONS, *kgbf_direction.FUNCTIONS, *kgbf_grid.FUNCTIONS, *kgbf_shape.FUNCTIONS,
        *kgbf_shape.AGGREGATES,
    ])
