"""Reading SPARQL argument terms as Python values and writing Python results as typed literals."""

from __future__ import annotations

import math

from pyoxigraph import Literal, NamedNode

from kgbench.ontologies import XSD as XSD_NS

__all__ = [
    "XSD", "as_float", "as_int", "as_str", "as_iri", "double", "integer", "boolean", "string", "any_uri",
]

XSD = XSD_NS.base
XSD_DOUBLE = NamedNode(XSD + "double")
XSD_INTEGER = NamedNode(XSD + "integer")
XSD_BOOLEAN = NamedNode(XSD + "boolean")
XSD_ANYURI = NamedNode(XSD + "anyURI")
_NUMERIC = {XSD + t for t in (
    "double", "float", "decimal", "integer", "int", "long", "short", "byte", "nonNegativeInteger",
    "positiveInteger", "negativeInteger", "nonPositiveInteger", "unsignedInt", "unsignedLong", "unsignedShort",
    "unsignedByte")}


def as_float(term) -> float:
    """Return the float value of a numeric literal; anything else raises ValueError naming it.

    >>> as_float(Literal("2.5", datatype=XSD_DOUBLE))
    2.5
    >>> as_float(Literal("abc"))
    Traceback (most recent call last):
    ...
    ValueError: expected a number, got 'abc'
    """
    if isinstance(term, Literal) and term.datatype.value in _NUMERIC:
        v = float(term.value)
        if math.isnan(v):
            raise ValueError("expected a number, got NaN")
        return v
    raise ValueError(f"expected a number, got {getattr(term, 'value', term)!r}")


def as_int(term) -> int:
    """Return the integer value of an integral numeric literal; a fraction or a non-number raises ValueError."""
    v = as_float(term)
    if v != int(v):
        raise ValueError(f"expected an integer, got {term.value!r}")
    return int(v)


def as_str(term) -> str:
    """Return the lexical form of a literal (any datatype); an IRI or blank node raises ValueError."""
    if isinstance(term, Literal):
        return term.value
    raise ValueError(f"expected a literal string, got {term!r}")


def as_iri(term) -> str:
    """Return the IRI of a NamedNode, or of an xsd:anyURI / plain string literal holding one."""
    if isinstance(term, NamedNode):
        return term.value
    if isinstance(term, Literal):
        return term.value.strip()
    raise ValueError(f"expected an IRI, got {term!r}")


def double(v: float) -> Literal:
    """Return an xsd:double literal for ``v`` (shortest round-tripping form); NaN or infinity raises ValueError.

    A geo function never answers NaN: a computation that gives one fails (and is counted) instead.

    >>> double(0.1).value
    '0.1'
    >>> double(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: the computed value is nan, not a finite number
    """
    v = float(v)
    if not math.isfinite(v):
        raise ValueError(f"the computed value is {v}, not a finite number")
    return Literal(repr(v), datatype=XSD_DOUBLE)


def integer(v: int) -> Literal:
    """Return an xsd:integer literal."""
    return Literal(str(int(v)), datatype=XSD_INTEGER)


def boolean(v: bool) -> Literal:
    """Return an xsd:boolean literal ``true`` or ``false``."""
    return Literal("true" if v else "false", datatype=XSD_BOOLEAN)


def string(v: str) -> Literal:
    """Return an xsd:string literal."""
    return Literal(str(v))


def any_uri(v: str) -> Literal:
    """Return an xsd:anyURI literal."""
    return Literal(v, datatype=XSD_ANYURI)
