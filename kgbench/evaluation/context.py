"""Context budgets for oracle prompts: a token estimate, and gold triples whose geometries are simplified to fit.

The token count of a prompt is *estimated* as its length in characters divided by :data:`CHARS_PER_TOKEN` (4,
rounded up), a tokenizer-free rule of thumb for English text and WKT numbers; :func:`estimate_tokens` is the only
place that rule lives. Oracle prompts (:mod:`kgbench.evaluation.prompts`) that would exceed the budget carry gold
triples whose WKT geometries were simplified by :func:`simplify_gold`: shapely's topology-preserving
simplification (``simplify(tolerance, preserve_topology=True)``, which keeps a subset of each geometry's own
vertices and never collapses a ring or lets it cross itself), with each geometry's tolerance searched so that
the vertex count of all geometries together fits a vertex budget. Small geometries are kept whole; the largest
are simplified first (a per-geometry vertex cap is lowered until the total fits). Gold answers are never
recomputed: they stay computed on the full geometries.
"""

from __future__ import annotations

import functools

import math
import re
from dataclasses import dataclass

import shapely
from pyoxigraph import Literal, NamedNode, RdfFormat, parse, serialize

from kgbench.ontologies import GEO

__all__ = ["CHARS_PER_TOKEN", "DEFAULT_CONTEXT_BUDGET", "TOKEN_ESTIMATOR", "estimate_tokens", "simplify_gold",
           "SimplifiedGold", "wkt_vertex_count", "gold_vertex_count"]

#: characters per token of the estimator
CHARS_PER_TOKEN = 4
#: the default context budget of an oracle prompt, in estimated tokens
DEFAULT_CONTEXT_BUDGET = 32_000
#: how tokens are estimated, as stated in prompts' metadata and the dataset card
TOKEN_ESTIMATOR = f"characters / {CHARS_PER_TOKEN}, rounded up"

_WKT_DATATYPE = GEO.wktLiteral.value
_WKT_HEAD = re.compile(r"^\s*(<[^>]*>\s*)?")


def estimate_tokens(text: str) -> int:
    """Return the estimated token count of a text: its length in characters / 4, rounded up.

    >>> estimate_tokens(""), estimate_tokens("abcd"), estimate_tokens("abcde")
    (0, 1, 2)
    """
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def _split_wkt(text: str) -> tuple[str, str]:
    """Return (CRS prefix with its trailing space, or '', the bare WKT) of a GeoSPARQL WKT literal."""
    head = _WKT_HEAD.match(text).group(0)
    return head, text[len(head):]


def wkt_vertex_count(text: str) -> int:
    """Return the number of coordinate positions of a WKT literal (a CRS prefix allowed); 0 if it does not parse.

    >>> wkt_vertex_count("<http://www.opengis.net/def/crs/OGC/1.3/CRS84> POLYGON ((0 0, 1 0, 1 1, 0 0))")
    4
    >>> wkt_vertex_count("not wkt")
    0
    """
    try:
        return int(shapely.get_num_coordinates(shapely.from_wkt(_split_wkt(text)[1])))
    except (shapely.errors.GEOSException, ValueError, TypeError):
        return 0


def _wkt_lines(nt: str) -> list[tuple[int, object]]:
    """Return (line number, parsed triple) of every N-Triples line whose object is a WKT literal."""
    out = []
    for number, line in enumerate(nt.splitlines()):
        if _WKT_DATATYPE in line:
            triples = [q.triple for q in parse(line + "\n", RdfFormat.N_TRIPLES)]
            if triples and isinstance(triples[0].object, Literal) \
                    and triples[0].object.datatype.value == _WKT_DATATYPE:
                out.append((number, triples[0]))
    return out


def gold_vertex_count(nt: str) -> int:
    """Return the number of coordinate positions over every WKT literal of N-Triples text (each occurrence counted).

    >>> gold_vertex_count('<http://e/g> <http://www.opengis.net/ont/geosparql#asWKT> '
    ...                   '"POINT (1 2)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .')
    1
    """
    return sum(wkt_vertex_count(t.object.value) for _, t in _wkt_lines(nt))


@dataclass(frozen=True)
class SimplifiedGold:
    """Gold triples after :func:`simplify_gold`: the N-Triples ``text``, vertex counts before and after,
    the ``vertex_budget`` asked for and how many geometries were simplified."""

    text: str
    vertices_before: int
    vertices_after: int
    vertex_budget: int
    simplified_geometries: int


def _simplify_to(geom, cap: int):
    """Return the geometry simplified (topology-preserving) with the smallest tolerance found that gives at most
    ``cap`` vertices, or the most simplified geometry when no tolerance gets there."""
    minx, miny, maxx, maxy = geom.bounds
    hi = max(maxx - minx, maxy - miny) or 1e-9
    best = shapely.simplify(geom, hi, preserve_topology=True)
    if shapely.get_num_coordinates(best) > cap:
        return best
    # bisect the tolerance geometrically, between hi and a millionth of it, to within 10%; each step simplifies
    # the last result that still had too many vertices (far fewer than the original: the deviation from the
    # original stays under twice the tolerance)
    lo = hi * 1e-6
    base = shapely.simplify(geom, lo, preserve_topology=True)
    if shapely.get_num_coordinates(base) <= cap:
        return base
    while hi / lo > 1.1:
        mid = math.sqrt(lo * hi)
        candidate = shapely.simplify(base, mid, preserve_topology=True)
        if shapely.get_num_coordinates(candidate) <= cap:
            hi, best = mid, candidate
        else:
            lo, base = mid, candidate
    return best


@functools.lru_cache(maxsize=64)
def _parsed(body: str):
    """Return the shapely geometry of a WKT body, remembered (fit_gold simplifies the same ones several times)."""
    return shapely.from_wkt(body)


def _cap_for(counts: list[int], budget: int) -> int:
    """Return the largest per-geometry cap c such that sum(min(n, c)) fits the budget (at least 1).

    >>> _cap_for([10, 100, 1000], 300), _cap_for([10, 20], 100)
    (190, 20)
    """
    if sum(counts) <= budget:
        return max(counts, default=1)
    lo, hi = 1, max(counts)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if sum(min(n, mid) for n in counts) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def simplify_gold(nt: str, vertex_budget: int) -> SimplifiedGold:
    """Return gold triples whose WKT geometries hold at most about ``vertex_budget`` vertices in all.

    Geometries with more vertices than a common cap are simplified (topology-preserving, tolerance searched per
    geometry); the cap is the largest that makes the total fit. Lines without a WKT literal, and geometries under
    the cap, are kept verbatim. A geometry that cannot be simplified below the cap (a multipolygon of many parts
    keeps at least four positions per ring) stays at its most simplified, so the total may exceed the budget.

    >>> nt = ('<http://e/g> <http://www.opengis.net/ont/geosparql#asWKT> "LINESTRING (0 0, 1 0.01, 2 0, 3 0.01, '
    ...       '4 0)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .')
    >>> s = simplify_gold(nt, 2)
    >>> s.vertices_before, s.vertices_after, "LINESTRING (0 0, 4 0)" in s.text
    (5, 2, True)
    """
    lines = nt.splitlines()
    found = _wkt_lines(nt)
    counts = [wkt_vertex_count(t.object.value) for _, t in found]
    before = sum(counts)
    if before <= vertex_budget or not found:
        return SimplifiedGold(nt, before, before, vertex_budget, 0)
    cap = _cap_for(counts, vertex_budget)
    done: dict[str, str] = {}
    changed = 0
    for (number, triple), n in zip(found, counts):
        if n <= cap:
            continue
        head, body = _split_wkt(triple.object.value)
        if body not in done:
            simple = _simplify_to(_parsed(body), cap)
            done[body] = shapely.to_wkt(simple, rounding_precision=-1)
        literal = Literal(head + done[body], datatype=NamedNode(_WKT_DATATYPE))
        new = type(triple)(triple.subject, triple.predicate, literal)
        lines[number] = serialize([new], format=RdfFormat.N_TRIPLES).decode("utf-8").strip()
        changed += 1
    text = "\n".join(lines) + ("\n" if nt.endswith("\n") else "")
    return SimplifiedGold(text, before, gold_vertex_count(text), vertex_budget, changed)


def simplification_note(vertices: int) -> str:
    """Return the sentence an oracle prompt states when its geometries were simplified to fit its budget.

    >>> simplification_note(1200)
    'Geometries were simplified (topology-preserving) to at most 1200 vertices in all, for length; answers were computed on the full geometries.'
    """
    return (f"Geometries were simplified (topology-preserving) to at most {vertices} vertices in all, for length; "
            "answers were computed on the full geometries.")


@dataclass(frozen=True)
class FittedGold:
    """Gold triples fitted to a context budget: the ``text`` to show, the ``note`` to state ('' when whole),
    the largest prompt in characters before and after, and the vertex counts."""

    text: str
    note: str
    budget_tokens: int
    chars_before: int
    chars_after: int
    vertices_before: int
    vertices_after: int

    @property
    def simplified(self) -> bool:
        """Return True when the geometries were simplified."""
        return bool(self.note)

    @property
    def fits(self) -> bool:
        """Return True when the largest prompt's estimated tokens are within the budget."""
        return math.ceil(self.chars_after / CHARS_PER_TOKEN) <= self.budget_tokens


def fit_gold(nt: str, prompt_chars, budget_tokens: int = DEFAULT_CONTEXT_BUDGET, *, tries: int = 8) -> FittedGold:
    """Return the gold triples simplified just enough that every prompt built from them fits the budget.

    ``prompt_chars(gold_text, note)`` returns the length in characters of the largest prompt rendered from the
    given gold triples and simplification note. When the whole gold fits, it is returned unchanged. Otherwise a
    vertex budget is derived from the characters to remove (the WKT's characters per vertex) and lowered until
    the prompts fit, or ``tries`` rounds are spent (then the most simplified version is returned and
    :attr:`FittedGold.fits` is False: the prompt is over budget for other reasons than geometry).
    """
    limit = budget_tokens * CHARS_PER_TOKEN
    before = prompt_chars(nt, "")
    vertices = gold_vertex_count(nt)
    if before <= limit or vertices == 0:
        return FittedGold(nt, "", budget_tokens, before, before, vertices, vertices)
    wkt_chars = sum(len(t.object.value) for _, t in _wkt_lines(nt)) or 1
    per_vertex = wkt_chars / vertices
    budget = int(max(1.0, (wkt_chars - (before - limit)) / per_vertex) * 0.85)
    best: FittedGold | None = None
    for _ in range(tries):
        simple = simplify_gold(nt, max(1, budget))
        note = simplification_note(simple.vertices_after)
        size = prompt_chars(simple.text, note)
        best = FittedGold(simple.text, note, budget_tokens, before, size, vertices, simple.vertices_after)
        if size <= limit or budget <= 1 or simple.vertices_after >= best.vertices_before:
            break
        budget = int(min(budget, simple.vertices_after) * min(0.9, limit / size * 0.95))
    return best
