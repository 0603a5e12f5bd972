"""The structure of a SPARQL query as far as the spatial planner needs it: tokens, groups, their elements.

:func:`tokenize` splits a query into :class:`Token` s (IRIs, strings, variables, prefixed names, numbers,
keywords, punctuation; comments dropped), each with its span in the text. :func:`parse_query` reads the
query form, the WHERE group and the solution modifiers of a query or subquery into a :class:`Query`;
groups are read into :class:`Element` s (triple blocks, FILTER, BIND, VALUES, OPTIONAL, MINUS, UNION, GRAPH,
SERVICE, nested groups and subqueries), each with its token span and the variables it mentions.

Nothing here evaluates or rewrites anything: :mod:`kgbench.kg.planner` decides, and builds its new text only
from spans of the original query and RDF terms serialized by pyoxigraph. A query this reader does not
understand raises :class:`SparqlStructureError`; the planner then leaves the query to Oxigraph as written
(which reports real syntax errors with their position).

>>> q = parse_query('SELECT ?a WHERE { ?a <http://x/p> ?w . FILTER(?w > 1) } LIMIT 5')
>>> [e.kind for e in q.where.elements], q.limit
(['triples', 'filter'], 5)
"""

from __future__ import annotations

import dataclasses
import re

__all__ = ["Token", "Element", "Group", "Query", "tokenize", "parse_query", "SparqlStructureError",
           "expand_name", "path_iris", "read_group", "prologue_prefixes", "projected", "strip_parens", "split_at"]


class SparqlStructureError(ValueError):
    """A query whose structure the planner's reader does not follow (left to Oxigraph unchanged)."""


@dataclasses.dataclass(frozen=True)
class Token:
    """One lexical token: its kind ('iri', 'string', 'var', 'pname', 'number', 'name', 'lang', 'punct'),
    its text and its [start, end) span in the query."""

    kind: str
    text: str
    start: int
    end: int

    @property
    def upper(self) -> str:
        """Return the text upper-cased (keywords are case-insensitive)."""
        return self.text.upper()


_PN_CHARS = r"A-Za-z0-9_\u00B7\u00C0-\uFFFF\-"
_TOKEN = re.compile(
    r"(?P<ws>\s+|#[^\n]*)"
    r"|(?P<iri><[^<>\"{}|^`\\\x00-\x20]*>)"
    r"|(?P<string>\"\"\"(?:[^\"\\]|\\.|\"(?!\"\"))*\"\"\"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r"|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')"
    r"|(?P<var>[?$][A-Za-z0-9_\u00B7\u00C0-\uFFFF]+)"
    rf"|(?P<pname>(?:[A-Za-z\u00C0-\uFFFF](?:[{_PN_CHARS}.]*[{_PN_CHARS}])?)?:(?:(?:[{_PN_CHARS}:%]|\\.)"
    rf"(?:(?:[{_PN_CHARS}.:%]|\\.)*(?:[{_PN_CHARS}:%]|\\.))?)?)"
    r"|(?P<number>(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<lang>@[A-Za-z]+(?:-[A-Za-z0-9]+)*)"
    r"|(?P<punct>\^\^|&&|\|\||!=|<=|>=|[{}()\[\].,;=<>!+\-*/^|?])"
)


def tokenize(text: str) -> list[Token]:
    """Return the tokens of a SPARQL text, comments and white space dropped.

    A character no token starts with raises :class:`SparqlStructureError` naming its position.

    >>> [t.text for t in tokenize('SELECT * { ?s geo:asWKT "a b" } # note')]
    ['SELECT', '*', '{', '?s', 'geo:asWKT', '"a b"', '}']
    >>> [t.kind for t in tokenize('?d <= 5.0e3 && ?x != <http://x/y>')]
    ['var', 'punct', 'number', 'punct', 'var', 'punct', 'iri']
    """
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise SparqlStructureError(f"unexpected character {text[pos]!r} at offset {pos}")
        kind = m.lastgroup
        if kind != "ws":
            out.append(Token(kind, m.group(0), m.start(), m.end()))
        pos = m.end()
    return out


_ELEMENT_KEYWORDS = {"FILTER", "BIND", "VALUES", "OPTIONAL", "MINUS", "GRAPH", "SERVICE"}


@dataclasses.dataclass
class Element:
    """One element of a group graph pattern: its kind, token span [first, last] and variables.

    ``kind`` is 'triples', 'filter', 'bind', 'values', 'optional', 'minus', 'graph', 'service', 'group'
    (a nested group, or groups joined by UNION: ``union`` then holds every branch) or 'subquery'.
    """

    kind: str
    first: int
    last: int
    variables: frozenset[str]
    group: "Group | None" = None
    subquery: "Query | None" = None
    union: list["Group"] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Group:
    """A group graph pattern: the token indices of its braces and its elements in order."""

    open: int
    close: int
    elements: list[Element]


@dataclasses.dataclass
class Query:
    """A SELECT/ASK/CONSTRUCT/DESCRIBE query or subquery: form, WHERE group and solution modifiers.

    Token indices refer to the token list the query was read from. ``order_by`` holds the [first, last]
    spans of the ORDER BY conditions; ``limit``/``offset`` are the values (None if absent) and
    ``limit_token`` the index of the LIMIT number.
    """

    form: str
    tokens: list[Token]
    where: Group
    select_first: int = -1
    select_last: int = -1
    distinct: bool = False
    group_by: bool = False
    having: bool = False
    order_by: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    limit: int | None = None
    limit_token: int = -1
    offset: int | None = None
    end: int = 0


def _matching(tokens: list[Token], i: int) -> int:
    """Return the index of the bracket closing the one at ``i`` (``{``, ``(`` or ``[``)."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    stack = [pairs[tokens[i].text]]
    j = i + 1
    while j < len(tokens):
        t = tokens[j]
        if t.kind == "punct" and t.text in pairs:
            stack.append(pairs[t.text])
        elif t.kind == "punct" and t.text in ("}", ")", "]"):
            if t.text != stack.pop():
                raise SparqlStructureError(f"unbalanced {t.text!r} at offset {t.start}")
            if not stack:
                return j
        j += 1
    raise SparqlStructureError(f"unclosed {tokens[i].text!r} at offset {tokens[i].start}")


def _vars(tokens: list[Token], first: int, last: int) -> frozenset[str]:
    return frozenset(t.text[1:] for t in tokens[first:last + 1] if t.kind == "var")


def _is(t: Token, text: str) -> bool:
    return t.kind in ("punct", "name") and t.upper == text


def _read_group(tokens: list[Token], i: int) -> Group:
    """Return the group whose ``{`` is at ``i``."""
    close = _matching(tokens, i)
    elements: list[Element] = []
    j = i + 1
    while j < close:
        t = tokens[j]
        if _is(t, "."):
            j += 1
            continue
        if t.kind == "name" and t.upper in _ELEMENT_KEYWORDS:
            j = _read_keyword_element(tokens, j, elements)
        elif _is(t, "{"):
            j = _read_braced(tokens, j, elements)
        else:
            end = j
            while end < close:
                u = tokens[end]
                if _is(u, ".") or (u.kind == "name" and u.upper in _ELEMENT_KEYWORDS) or _is(u, "{"):
                    break
                if u.kind == "punct" and u.text in "([":
                    end = _matching(tokens, end)
                end += 1
            elements.append(Element("triples", j, end - 1, _vars(tokens, j, end - 1)))
            j = end
    return Group(i, close, elements)


def read_group(tokens: list[Token], i: int) -> Group:
    """Return the group whose ``{`` is at token ``i`` (the group of a FILTER EXISTS, say)."""
    return _read_group(tokens, i)


def _read_braced(tokens: list[Token], j: int, elements: list[Element]) -> int:
    """Read a nested group, a subquery or a UNION of groups starting at ``j``; return the next index."""
    if j + 1 < len(tokens) and tokens[j + 1].kind == "name" and tokens[j + 1].upper == "SELECT":
        sub = _read_query(tokens, j + 1)
        last = _matching(tokens, j)
        elements.append(Element("subquery", j, last, projected(sub) or _vars(tokens, j, last), subquery=sub))
        return last + 1
    branches = [_read_group(tokens, j)]
    while branches[-1].close + 1 < len(tokens) and _is(tokens[branches[-1].close + 1], "UNION"):
        branches.append(_read_group(tokens, branches[-1].close + 2))
    last = branches[-1].close
    elements.append(Element("group", j, last, _vars(tokens, j, last), group=branches[0] if len(branches) == 1
                            else None, union=branches if len(branches) > 1 else []))
    return last + 1


def _read_keyword_element(tokens: list[Token], j: int, elements: list[Element]) -> int:
    kw = tokens[j].upper
    if kw in ("FILTER", "BIND"):
        k = j + 1
        if kw == "FILTER" and tokens[k].kind in ("name", "pname", "iri") and not _is(tokens[k], "("):
            k += 1  # FILTER regex(...), FILTER geof:sfWithin(...), FILTER EXISTS {...}
            if tokens[k - 1].upper in ("EXISTS",) or (tokens[k - 1].upper == "NOT" and _is(tokens[k], "EXISTS")):
                k += 1 if tokens[k - 1].upper == "NOT" else 0
                last = _matching(tokens, k)
                elements.append(Element("filter", j, last, _vars(tokens, j, last)))
                return last + 1
        if not _is(tokens[k], "("):
            raise SparqlStructureError(f"{kw} without '(' at offset {tokens[j].start}")
        last = _matching(tokens, k)
        elements.append(Element(kw.lower(), j, last, _vars(tokens, j, last)))
        return last + 1
    if kw == "VALUES":
        k = j + 1
        if _is(tokens[k], "("):
            k = _matching(tokens, k) + 1
        else:
            k += 1
        if not _is(tokens[k], "{"):
            raise SparqlStructureError(f"VALUES without '{{' at offset {tokens[j].start}")
        last = _matching(tokens, k)
        elements.append(Element("values", j, last, _vars(tokens, j, last)))
        return last + 1
    k = j + 1
    if kw == "SERVICE" and _is(tokens[k], "SILENT"):
        k += 1
    if kw in ("GRAPH", "SERVICE"):
        k += 1
    if not _is(tokens[k], "{"):
        raise SparqlStructureError(f"{kw} without '{{' at offset {tokens[j].start}")
    g = _read_group(tokens, k)
    elements.append(Element(kw.lower(), j, g.close, _vars(tokens, j, g.close), group=g))
    return g.close + 1


def _read_query(tokens: list[Token], i: int) -> Query:
    """Read the query whose form keyword (SELECT/ASK/CONSTRUCT/DESCRIBE) is at ``i``."""
    form = tokens[i].upper
    j = i + 1
    select_first = j
    while j < len(tokens) and not _is(tokens[j], "{"):
        if _is(tokens[j], "("):
            j = _matching(tokens, j)
        j += 1
    if j >= len(tokens):
        raise SparqlStructureError("no WHERE group")
    if form == "CONSTRUCT" and not any(_is(t, "WHERE") for t in tokens[select_first:j]):
        # CONSTRUCT { template } WHERE { ... }: skip the template
        j = _matching(tokens, j) + 1
        while j < len(tokens) and not _is(tokens[j], "{"):
            j += 1
    select_last = j - 1
    if select_last >= select_first and _is(tokens[select_last], "WHERE"):
        select_last -= 1
    where = _read_group(tokens, j)
    q = Query(form, tokens, where, select_first, select_last,
              distinct=any(_is(t, "DISTINCT") or _is(t, "REDUCED") for t in tokens[select_first:select_first + 1]))
    j = where.close + 1
    while j < len(tokens) and not _is(tokens[j], "}") and not _is(tokens[j], "VALUES"):
        t = tokens[j]
        if _is(t, "GROUP") or _is(t, "HAVING"):
            q.group_by = q.group_by or _is(t, "GROUP")
            q.having = q.having or _is(t, "HAVING")
            j += 1
            continue
        if _is(t, "ORDER"):
            j += 2  # ORDER BY
            while j < len(tokens) and not (tokens[j].kind == "name" and tokens[j].upper in ("LIMIT", "OFFSET")) \
                    and not _is(tokens[j], "}") and not _is(tokens[j], "VALUES"):
                first = j
                if tokens[j].kind == "name" and tokens[j].upper in ("ASC", "DESC"):
                    j += 1
                if _is(tokens[j], "("):
                    j = _matching(tokens, j)
                elif tokens[j].kind in ("pname", "iri", "name") and j + 1 < len(tokens) and _is(tokens[j + 1], "("):
                    j = _matching(tokens, j + 1)
                q.order_by.append((first, j))
                j += 1
            continue
        if _is(t, "LIMIT") or _is(t, "OFFSET"):
            if tokens[j + 1].kind != "number":
                raise SparqlStructureError(f"{t.text} without a number at offset {t.start}")
            if _is(t, "LIMIT"):
                q.limit, q.limit_token = int(tokens[j + 1].text), j + 1
            else:
                q.offset = int(tokens[j + 1].text)
            j += 2
            continue
        if t.kind == "punct" and t.text == "(":
            j = _matching(tokens, j) + 1
            continue
        j += 1
    q.end = j - 1
    return q


def projected(q: Query) -> frozenset[str]:
    """Return the variables a SELECT query projects (empty for ``SELECT *``: then every variable is in scope).

    >>> sorted(projected(parse_query("SELECT ?a (MIN(?x) AS ?m) WHERE { ?a ?p ?x } GROUP BY ?a")))
    ['a', 'm']
    """
    out, depth, toks = set(), 0, q.tokens
    for k in range(q.select_first, q.select_last + 1):
        t = toks[k]
        if _is(t, "("):
            depth += 1
        elif _is(t, ")"):
            depth -= 1
        elif t.kind == "var" and (depth == 0 or _is(toks[k - 1], "AS")):
            out.add(t.text[1:])
    return frozenset(out)


def prologue_prefixes(tokens: list[Token]) -> dict[str, str]:
    """Return {prefix: namespace} declared by the query's PREFIX lines."""
    out = {}
    for k, t in enumerate(tokens[:-2]):
        if _is(t, "PREFIX") and tokens[k + 1].kind == "pname" and tokens[k + 2].kind == "iri":
            out[tokens[k + 1].text[:-1]] = tokens[k + 2].text[1:-1]
    return out


def expand_name(token: Token, prefixes: dict[str, str]) -> str | None:
    """Return the full IRI of an IRI or prefixed-name token, or None (another token, or an unknown prefix).

    >>> expand_name(tokenize("geo:asWKT")[0], {"geo": "http://www.opengis.net/ont/geosparql#"})
    'http://www.opengis.net/ont/geosparql#asWKT'
    """
    if token.kind == "iri":
        return token.text[1:-1]
    if token.kind == "pname":
        prefix, _, local = token.text.partition(":")
        if prefix in prefixes:
            return prefixes[prefix] + re.sub(r"\\(.)", r"\1", local)
    return None


def parse_query(text: str) -> Query:
    """Return the :class:`Query` read from a SPARQL query text (the outermost query).

    >>> q = parse_query('PREFIX e: <http://e/> SELECT ?x { ?x e:p ?y OPTIONAL { ?y e:q ?z } } ORDER BY ?x')
    >>> [e.kind for e in q.where.elements], len(q.order_by)
    (['triples', 'optional'], 1)
    """
    tokens = tokenize(text)
    for i, t in enumerate(tokens):
        if t.kind == "name" and t.upper in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE"):
            return _read_query(tokens, i)
    raise SparqlStructureError("no query form (SELECT, ASK, CONSTRUCT or DESCRIBE)")


def strip_parens(t: list[Token], a: int, b: int) -> tuple[int, int]:
    """Return the span without parentheses that enclose all of it."""
    while t[a].text == "(" and t[b].text == ")":
        depth = 0
        for k in range(a, b + 1):
            depth += t[k].text == "("
            depth -= t[k].text == ")"
            if depth == 0 and k < b:
                return a, b
        a, b = a + 1, b - 1
    return a, b


def split_at(t: list[Token], a: int, b: int, sep: str) -> list[tuple[int, int]]:
    """Return the [first, last] spans of tokens a..b split at ``sep`` outside brackets and braces."""
    out, depth, start = [], 0, a
    for k in range(a, b + 1):
        if t[k].text in "([{":
            depth += 1
        elif t[k].text in ")]}":
            depth -= 1
        elif t[k].text == sep and depth == 0:
            if k > start:
                out.append((start, k - 1))
            start = k + 1
    if b >= start:
        out.append((start, b))
    return out


def path_iris(verb: list[Token], prefixes: dict[str, str]) -> list[str | None]:
    """Return the IRIs of a sequence path's steps (``P?`` marked by a trailing ``?``), or [None] for another shape.

    >>> path_iris(tokenize("geo:hasGeometry?/geo:asWKT"), {"geo": "G#"})
    ['G#hasGeometry?', 'G#asWKT']
    >>> path_iris(tokenize("geo:a|geo:b"), {"geo": "G#"})
    [None]
    """
    steps: list[str | None] = []
    want_name = True
    for tok in verb:
        if want_name and tok.kind in ("iri", "pname"):
            steps.append(expand_name(tok, prefixes))
            want_name = False
        elif not want_name and tok.text == "?" and steps[-1] is not None and not steps[-1].endswith("?"):
            steps[-1] += "?"
        elif not want_name and tok.text == "/":
            want_name = True
        else:
            return [None]
    return steps if steps and not want_name and None not in steps else [None]
