"""Query results as pandas DataFrames with typed columns, and as GeoDataFrames (CRS84 longitude/latitude).

pandas and geopandas are optional (the ``notebook`` extra): they are imported inside the functions, and a
missing one raises ImportError naming the extra to install. :class:`~kgbench.kg.results.QueryResult`'s
``to_pandas`` and ``to_geopandas`` call these.
"""

from __future__ import annotations

import importlib
import re

from pyoxigraph import BlankNode, Literal, NamedNode

from kgbench.geofunctions.literals import GEOJSON_LITERAL, WKT_LITERAL, GeometryLiteralError, parse_geometry
from kgbench.ontologies import XSD

__all__ = ["to_pandas", "to_geopandas", "geometry_columns", "optional_import", "NOTEBOOK_EXTRA"]

#: the pip requirement that installs the optional notebook libraries
NOTEBOOK_EXTRA = "kgbench[notebook]"
_X = XSD.base
_INTS = {_X + t for t in ("integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
                          "negativeInteger", "nonPositiveInteger", "unsignedInt", "unsignedLong", "unsignedShort",
                          "unsignedByte")}
_FLOATS = {_X + t for t in ("double", "float", "decimal")}
_ZONE = re.compile(r"T.*(?:Z|[+-]\d\d:?\d\d)$")
_GEOMETRY_TYPES = {WKT_LITERAL.value, GEOJSON_LITERAL.value}


def optional_import(module: str, feature: str):
    """Return the imported module, or raise ImportError saying which extra gives it to ``feature``.

    >>> optional_import("json", "reading").__name__
    'json'
    >>> optional_import("no_such_module_xyz", "to_pandas()")
    Traceback (most recent call last):
    ImportError: to_pandas() needs the no_such_module_xyz package: pip install 'kgbench[notebook]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".", 1)[0]
        raise ImportError(f"{feature} needs the {top} package: pip install '{NOTEBOOK_EXTRA}'") from None


def _kind(term) -> str:
    """Return the column kind a term asks for: int, float, bool, date, datetime, or str."""
    if isinstance(term, Literal) and not term.language:
        dt = term.datatype.value
        if dt in _INTS:
            return "int"
        if dt in _FLOATS:
            return "float"
        if dt == _X + "boolean":
            return "bool"
        if dt == _X + "date":
            return "date"
        if dt == _X + "dateTime" or dt == _X + "dateTimeStamp":
            return "datetime"
    return "str"


def _text(term) -> str:
    """Return a term as a string: an IRI's IRI, a blank node as ``_:id``, a literal's lexical form."""
    if isinstance(term, BlankNode):
        return f"_:{term.value}"
    if isinstance(term, (NamedNode, Literal)):
        return term.value
    return str(term)  # an RDF-star triple


def _number(term, cast):
    try:
        return cast(term.value)
    except ValueError:  # an ill-typed literal ("abc"^^xsd:integer) is no number: NA
        return None


def _column(pd, terms: list):
    """Return the pandas Series of one variable's terms, its dtype chosen by the kinds of its bound terms."""
    kinds = {_kind(t) for t in terms if t is not None}
    if not kinds:
        return pd.Series([None] * len(terms), dtype=object)
    if kinds == {"int"}:
        values = [None if t is None else _number(t, int) for t in terms]
        return pd.Series(values, dtype="Int64" if None in values else "int64")
    if kinds <= {"int", "float"}:
        return pd.Series([float("nan") if t is None else _number(t, float) for t in terms], dtype="float64")
    if kinds == {"bool"}:
        values = [None if t is None else t.value in ("true", "1") for t in terms]
        return pd.Series(values, dtype="boolean" if None in values else "bool")
    if kinds <= {"date", "datetime"}:
        # a date's optional time zone ("2024-05-01Z") is dropped: the day is kept
        texts = [None if t is None else t.value[:10] if _kind(t) == "date" else t.value for t in terms]
        zoned = any(s is not None and _ZONE.search(s) for s in texts)
        return pd.Series(pd.to_datetime(texts, format="ISO8601", utc=zoned, errors="coerce"))
    if kinds == {"str"}:
        return pd.Series([None if t is None else _text(t) for t in terms])
    return pd.Series([None if t is None else _value(t) for t in terms], dtype=object)


def _value(term):
    """Return a term of a mixed column as a Python value: an int, float or bool for those literals, else text."""
    kind = _kind(term)
    if kind == "int":
        return _number(term, int)
    if kind == "float":
        return _number(term, float)
    if kind == "bool":
        return term.value in ("true", "1")
    return _text(term)


def to_pandas(result):
    """Return a query result as a pandas DataFrame, one column per variable, typed from the literals' datatypes.

    A column of xsd integers is ``int64`` (nullable ``Int64`` when some rows leave it unbound); xsd double,
    float and decimal, or integers mixed with them, ``float64``; xsd:boolean ``bool`` (``boolean`` with
    unbound rows); xsd:date and xsd:dateTime ``datetime64`` (converted to UTC when any value carries a time
    zone, a zoneless value then read as UTC); IRIs, plain and language-tagged strings and geometry literals
    strings (a blank node as ``_:id``). Unbound is NA. An ill-typed literal (``"x"^^xsd:integer``) is NA; a
    column mixing numbers and strings holds Python values (dtype object). An ASK result is one row with the
    column ``boolean``; a CONSTRUCT result has the columns ``subject``, ``predicate``, ``object``.

    >>> from kgbench.kg.results import QueryResult
    >>> i = NamedNode(_X + "integer")
    >>> df = to_pandas(QueryResult.select(["n", "s"], [(Literal("1", datatype=i), Literal("a")), (None, NamedNode("http://x/b"))]))
    >>> [str(t) for t in df.dtypes], df["s"].tolist()
    (['Int64', 'str'], ['a', 'http://x/b'])
    """
    pd = optional_import("pandas", "to_pandas()")
    if result.kind == "ask":
        return pd.DataFrame({"boolean": pd.Series([bool(result.boolean)], dtype="bool")})
    if result.kind == "construct":
        return pd.DataFrame({name: pd.Series([_text(getattr(t, name)) for t in result.triples], dtype=str)
                             for name in ("subject", "predicate", "object")})
    columns = {v: _column(pd, [row[i] for row in result.rows]) for i, v in enumerate(result.variables)}
    return pd.DataFrame(columns, columns=list(result.variables))


def geometry_columns(result) -> list[str]:
    """Return the variables of a SELECT result whose bound values are all WKT or GeoJSON geometry literals.

    >>> from kgbench.kg.results import QueryResult
    >>> geometry_columns(QueryResult.select(["w", "n"], [(Literal("POINT(1 2)", datatype=WKT_LITERAL), Literal("a"))]))
    ['w']
    """
    if result.kind != "select":
        return []
    out = []
    for i, v in enumerate(result.variables):
        bound = [row[i] for row in result.rows if row[i] is not None]
        if bound and all(isinstance(t, Literal) and t.datatype.value in _GEOMETRY_TYPES for t in bound):
            out.append(v)
    return out


def to_geopandas(result, geometry: str | None = None):
    """Return a SELECT result as a geopandas GeoDataFrame whose geometry is the column ``geometry``.

    The geometries are kgbench's own reading of the WKT / GeoJSON literals
    (:func:`~kgbench.geofunctions.literals.parse_geometry`: a literal's CRS is honoured and the geometry put in
    CRS84, longitude first), so the frame's CRS is EPSG:4326 (geopandas keeps x = longitude). Without
    ``geometry`` the first column of geometry literals is used. The other columns are :func:`to_pandas`'s. An
    unbound geometry is a missing geometry (None). Raises ValueError for an ASK or CONSTRUCT result, a
    variable the result lacks or no geometry column, and for a value of the column that is not a readable
    geometry literal (naming its row).

    >>> from kgbench.kg.results import QueryResult
    >>> gdf = to_geopandas(QueryResult.select(["w"], [(Literal("POINT(24.9 60.2)", datatype=WKT_LITERAL),)]), "w")
    >>> gdf.crs.to_epsg(), gdf.geometry.iloc[0].x
    (4326, 24.9)
    """
    gpd = optional_import("geopandas", "to_geopandas()")
    if result.kind != "select":
        raise ValueError(f"to_geopandas() needs a SELECT result, not {result.kind.upper()}")
    if geometry is None:
        found = geometry_columns(result)
        if not found:
            raise ValueError(f"no column of geometry literals among {', '.join('?' + v for v in result.variables)}: "
                             "name one with geometry=")
        geometry = found[0]
    if geometry not in result.variables:
        raise ValueError(f"no variable ?{geometry} in the result (variables: "
                         f"{', '.join('?' + v for v in result.variables) or 'none'})")
    geoms = []
    for n, term in enumerate(result.column(geometry)):
        try:
            geoms.append(None if term is None else parse_geometry(term))
        except GeometryLiteralError as exc:
            raise ValueError(f"row {n}, ?{geometry}: {exc}") from None
    frame = to_pandas(result)
    frame[geometry] = gpd.GeoSeries(geoms, crs="EPSG:4326", index=frame.index)
    return gpd.GeoDataFrame(frame, geometry=geometry, crs="EPSG:4326")
