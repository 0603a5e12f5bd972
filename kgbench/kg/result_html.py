"""How a query result shows itself: an HTML table in a notebook, a short text summary as its repr.

Every value is HTML-escaped; IRIs are shortened to the kgbench prefixes (the full IRI is the cell's title);
long literals (a country's WKT runs to megabytes) are cut to :data:`CELL_CHARS` characters, saying how long
they were. At most ``limit`` rows are drawn, and the caption states how many there are.
"""

from __future__ import annotations

from html import escape

from pyoxigraph import BlankNode, Literal, NamedNode

from kgbench.ontologies import PREFIXES, XSD

__all__ = ["result_html", "result_repr", "term_text", "ROW_LIMIT", "CELL_CHARS"]

#: rows drawn by default
ROW_LIMIT = 50
#: characters of a literal shown in a cell
CELL_CHARS = 200
_XSD_STRING = XSD.string.value
#: datatypes whose values read as what they are: their text shows no ``^^datatype``
_PLAIN = {XSD.string.value, *(XSD.base + t for t in ("integer", "double", "decimal", "float", "boolean"))}
_BY_LENGTH = sorted(PREFIXES.items(), key=lambda kv: -len(kv[1]))
_STYLE = ("<style>.kgb-result td,.kgb-result th{text-align:left;vertical-align:top;font-family:monospace;"
          "padding:2px 8px}.kgb-result .dt{color:#888;font-size:85%}.kgb-warn{color:#9a6700;background:#fff8c5;"
          "padding:4px 8px;margin:4px 0}</style>")


def _prefixed(iri: str) -> str:
    for prefix, base in _BY_LENGTH:
        if iri.startswith(base) and len(iri) > len(base):
            return f"{prefix}:{iri[len(base):]}"
    return f"<{iri}>"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} chars)"


def term_text(term, limit: int = CELL_CHARS) -> str:
    """Return a term as short plain text: a prefixed name or ``<IRI>``, ``_:id``, a literal's value (cut).

    A language tag follows as ``@en``; a datatype as ``^^geo:wktLiteral``, except for xsd strings, integers,
    doubles, decimals, floats and booleans, whose values say what they are.

    >>> term_text(NamedNode("http://www.opengis.net/ont/geosparql#asWKT")), term_text(Literal("x" * 9), 4)
    ('geo:asWKT', 'xxxx… (9 chars)')
    >>> term_text(Literal("Helsinki", language="fi")), term_text(None), term_text(Literal(2.5))
    ('Helsinki@fi', '', '2.5')
    """
    if term is None:
        return ""
    if isinstance(term, NamedNode):
        return _prefixed(term.value)
    if isinstance(term, BlankNode):
        return f"_:{term.value}"
    if isinstance(term, Literal):
        value = _cut(term.value, limit)
        if term.language:
            return f"{value}@{term.language}"
        if term.datatype.value not in _PLAIN:
            return f"{value}^^{_prefixed(term.datatype.value)}"
        return value
    return _cut(str(term), limit)


def _cell(term) -> str:
    if term is None:
        return "<td></td>"
    if isinstance(term, NamedNode):
        return f'<td title="{escape(term.value)}">{escape(_prefixed(term.value))}</td>'
    if isinstance(term, Literal):
        value = escape(_cut(term.value, CELL_CHARS))
        if term.language:
            return f'<td>{value}<span class="dt">@{escape(term.language)}</span></td>'
        if term.datatype.value != _XSD_STRING:
            return f'<td>{value} <span class="dt">{escape(_prefixed(term.datatype.value))}</span></td>'
        return f"<td>{value}</td>"
    return f"<td>{escape(term_text(term))}</td>"


def _warnings_html(warnings) -> str:
    return "".join(f'<div class="kgb-warn">⚠ {escape(w)}</div>' for w in warnings)


def result_html(result, limit: int = ROW_LIMIT) -> str:
    """Return the HTML of a query result: a table of at most ``limit`` rows with the count stated, warnings after.

    ASK shows its boolean, CONSTRUCT its triples (subject, predicate, object). A ``limit`` below 0 raises
    ValueError.

    >>> from kgbench.kg.results import QueryResult
    >>> html = result_html(QueryResult.select(["x"], [(Literal("<b>"),)] * 3), limit=2)
    >>> "&lt;b&gt;" in html, "<b>" in html, "3 rows, the first 2 shown" in html
    (True, False, True)
    """
    if limit < 0:
        raise ValueError(f"row limit {limit} is negative")
    warn = _warnings_html(result.warnings)
    if result.kind == "ask":
        return f'{_STYLE}<div class="kgb-result"><b>ASK</b>: <code>{str(bool(result.boolean)).lower()}</code></div>{warn}'
    if result.kind == "construct":
        header = ["subject", "predicate", "object"]
        rows = [(t.subject, t.predicate, t.object) for t in result.triples]
        noun = "triple"
    else:
        header = [f"?{v}" for v in result.variables]
        rows = result.rows
        noun = "row"
    n = len(rows)
    caption = f"{n:,} {noun}{'' if n == 1 else 's'}"
    if n > limit:
        caption += f", the first {limit:,} shown"
    out = [_STYLE, '<table class="kgb-result">', f'<caption style="caption-side:bottom;text-align:left">{caption}</caption>',
           "<thead><tr>", *(f"<th>{escape(h)}</th>" for h in header), "</tr></thead><tbody>"]
    for row in rows[:limit]:
        out.append("<tr>" + "".join(_cell(t) for t in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out) + warn


def result_repr(result, limit: int = 5, width: int = 40) -> str:
    """Return a short text view of a query result: its kind and size, the first ``limit`` rows, the warnings.

    >>> from kgbench.kg.results import QueryResult
    >>> print(result_repr(QueryResult.select(["x", "y"], [(Literal("1"), None)] * 7)))
    <QueryResult SELECT: 7 rows, variables ?x ?y>
    ?x | ?y
    1  |
    1  |
    1  |
    1  |
    1  |
    ... 2 more rows
    """
    if result.kind == "ask":
        head = f"<QueryResult ASK: {str(bool(result.boolean)).lower()}>"
        body: list[str] = []
    else:
        if result.kind == "construct":
            header = ["subject", "predicate", "object"]
            rows = [(t.subject, t.predicate, t.object) for t in result.triples]
            head = f"<QueryResult CONSTRUCT: {len(rows):,} triple{'' if len(rows) == 1 else 's'}>"
        else:
            header = [f"?{v}" for v in result.variables]
            rows = result.rows
            head = (f"<QueryResult SELECT: {len(rows):,} row{'' if len(rows) == 1 else 's'}, variables "
                    f"{' '.join(header) or '(none)'}>")
        cells = [[term_text(t, width) for t in row] for row in rows[:limit]]
        widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(header)]
        body = [" | ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in [header, *cells]] if rows else []
        if len(rows) > limit:
            body.append(f"... {len(rows) - limit:,} more {'row' if result.kind == 'select' else 'triple'}"
                        f"{'' if len(rows) - limit == 1 else 's'}")
    body += [f"warning: {w}" for w in result.warnings]
    return "\n".join([head, *body])
