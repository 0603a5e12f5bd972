"""Materialized SPARQL query results and their standard serializations (W3C CSV, TSV, JSON, XML) and a table."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from xml.sax.saxutils import escape, quoteattr

from pyoxigraph import BlankNode, Literal, NamedNode, Triple

from kgbench.ontologies import RDF, XSD

__all__ = ["QueryResult", "FORMATS"]

FORMATS = ("table", "csv", "tsv", "json", "xml")
_XSD_STRING = XSD.string.value
_RDF_LANG = RDF.langString.value


class QueryResult:
    """Return the outcome of one query: rows of terms for SELECT, a boolean for ASK, triples for CONSTRUCT.

    ``warnings`` lists geo-function failures seen while the query ran (one line per function).

    >>> r = QueryResult.select(["x"], [(Literal("1"),)])
    >>> [row["x"].value for row in r]
    ['1']
    >>> print(r.serialize("csv").strip())
    x
    1
    """

    def __init__(self, kind: str, variables=(), rows=(), boolean=None, triples=(), warnings=()):
        self.kind = kind
        self.variables: list[str] = list(variables)
        self.rows: list[tuple] = list(rows)
        self.boolean: bool | None = boolean
        self.triples: list[Triple] = list(triples)
        self.warnings: list[str] = list(warnings)

    @classmethod
    def select(cls, variables, rows, warnings=()) -> "QueryResult":
        """Return a SELECT result from variable names and row tuples (None for unbound)."""
        return cls("select", variables, rows, warnings=warnings)

    def __iter__(self) -> Iterator[dict]:
        for row in self.rows:
            yield {v: t for v, t in zip(self.variables, row) if t is not None}

    def __len__(self) -> int:
        return len(self.rows) if self.kind == "select" else len(self.triples)

    def __bool__(self) -> bool:
        return bool(self.boolean) if self.kind == "ask" else bool(len(self))

    def __repr__(self) -> str:
        from kgbench.kg.result_html import result_repr

        return result_repr(self)

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self, limit: int | None = None) -> str:
        """Return the result as an HTML table (escaped) of at most ``limit`` rows (default 50), the count stated.

        What a notebook shows; see :func:`kgbench.kg.result_html.result_html`.
        """
        from kgbench.kg.result_html import ROW_LIMIT, result_html

        return result_html(self, ROW_LIMIT if limit is None else limit)

    def to_pandas(self):
        """Return the result as a pandas DataFrame with typed columns (needs the ``notebook`` extra).

        Numbers as numbers, dates as datetimes, IRIs and strings as strings, unbound as NA: see
        :func:`kgbench.kg.result_frames.to_pandas`.
        """
        from kgbench.kg.result_frames import to_pandas

        return to_pandas(self)

    def to_geopandas(self, geometry: str | None = None):
        """Return the result as a geopandas GeoDataFrame (EPSG:4326, longitude first) of the column ``geometry``.

        See :func:`kgbench.kg.result_frames.to_geopandas` (needs the ``notebook`` extra).
        """
        from kgbench.kg.result_frames import to_geopandas

        return to_geopandas(self, geometry)

    def column(self, name: str) -> list:
        """Return one variable's values (None where unbound), in row order."""
        i = self.variables.index(name)
        return [row[i] for row in self.rows]

    def values(self) -> list[dict]:
        """Return rows as dicts of Python values (numbers for numeric literals, strings otherwise)."""
        return [{k: python_value(t) for k, t in row.items()} for row in self]

    def serialize(self, fmt: str = "table") -> str:
        """Return the result as text in one of :data:`FORMATS` (N-Triples for CONSTRUCT/DESCRIBE results)."""
        if self.kind == "construct":
            return "".join(f"{t.subject} {t.predicate} {t.object} .\n" for t in self.triples)
        if fmt not in FORMATS:
            raise ValueError(f"unknown output format {fmt!r}: choose one of {', '.join(FORMATS)}")
        return getattr(self, f"_to_{fmt}")()

    def _to_table(self) -> str:
        if self.kind == "ask":
            return "true\n" if self.boolean else "false\n"
        from rich.console import Console
        from rich.table import Table

        table = Table(*self.variables, show_lines=False)
        for row in self.rows:
            table.add_row(*["" if t is None else _short(t) for t in row])
        buf = io.StringIO()
        Console(file=buf, width=200, force_terminal=False, color_system=None).print(table)
        return buf.getvalue() + f"{len(self.rows)} row(s)\n"

    def _to_csv(self, delimiter=",") -> str:
        if self.kind == "ask":
            return "true\n" if self.boolean else "false\n"
        buf = io.StringIO()
        w = csv.writer(buf, delimiter=delimiter, lineterminator="\r\n" if delimiter == "," else "\n")
        if delimiter == ",":
            w.writerow(self.variables)
            for row in self.rows:
                w.writerow(["" if t is None else (t.value if not isinstance(t, BlankNode) else f"_:{t.value}")
                            for t in row])
        else:
            buf.write("\t".join(f"?{v}" for v in self.variables) + "\n")
            for row in self.rows:
                buf.write("\t".join("" if t is None else str(t) for t in row) + "\n")
        return buf.getvalue()

    def _to_tsv(self) -> str:
        return self._to_csv("\t")

    def _to_json(self) -> str:
        if self.kind == "ask":
            return json.dumps({"head": {}, "boolean": bool(self.boolean)})
        bindings = [{v: _json_term(t) for v, t in zip(self.variables, row) if t is not None} for row in self.rows]
        return json.dumps({"head": {"vars": self.variables}, "results": {"bindings": bindings}}, ensure_ascii=False)

    def _to_xml(self) -> str:
        out = ['<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">\n<head>\n']
        out += [f"<variable name={quoteattr(v)}/>\n" for v in self.variables]
        out.append("</head>\n")
        if self.kind == "ask":
            out.append(f"<boolean>{'true' if self.boolean else 'false'}</boolean>\n</sparql>\n")
            return "".join(out)
        out.append("<results>\n")
        for row in self.rows:
            out.append("<result>")
            for v, t in zip(self.variables, row):
                if t is not None:
                    out.append(f"<binding name={quoteattr(v)}>{_xml_term(t)}</binding>")
            out.append("</result>\n")
        out.append("</results>\n</sparql>\n")
        return "".join(out)


def python_value(term):
    """Return a Python value for an RDF term: int/float/bool for numeric and boolean literals, else its string.

    >>> python_value(Literal("2.5", datatype=NamedNode("http://www.w3.org/2001/XMLSchema#double")))
    2.5
    >>> python_value(NamedNode("http://example.org/a"))
    'http://example.org/a'
    """
    if isinstance(term, Literal):
        dt = term.datatype.value.rsplit("#", 1)[-1]
        if dt in ("integer", "int", "long", "short", "nonNegativeInteger", "positiveInteger", "negativeInteger",
                  "nonPositiveInteger", "unsignedInt", "unsignedLong"):
            return int(term.value)
        if dt in ("double", "float", "decimal"):
            return float(term.value)
        if dt == "boolean":
            return term.value in ("true", "1")
    return None if term is None else term.value


def _short(t) -> str:
    if isinstance(t, Literal):
        return t.value
    return str(t)


def _json_term(t) -> dict:
    if isinstance(t, NamedNode):
        return {"type": "uri", "value": t.value}
    if isinstance(t, BlankNode):
        return {"type": "bnode", "value": t.value}
    if isinstance(t, Literal):
        d = {"type": "literal", "value": t.value}
        if t.language:
            d["xml:lang"] = t.language
        elif t.datatype.value != _XSD_STRING:
            d["datatype"] = t.datatype.value
        return d
    return {"type": "triple", "value": str(t)}


def _xml_term(t) -> str:
    if isinstance(t, NamedNode):
        return f"<uri>{escape(t.value)}</uri>"
    if isinstance(t, BlankNode):
        return f"<bnode>{escape(t.value)}</bnode>"
    if isinstance(t, Literal):
        if t.language:
            return f"<literal xml:lang={quoteattr(t.language)}>{escape(t.value)}</literal>"
        if t.datatype.value not in (_XSD_STRING, _RDF_LANG):
            return f"<literal datatype={quoteattr(t.datatype.value)}>{escape(t.value)}</literal>"
        return f"<literal>{escape(t.value)}</literal>"
    return f"<literal>{escape(str(t))}</literal>"
