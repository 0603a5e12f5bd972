"""Run the OGC GeoSPARQL Compliance Benchmark (GeoSPARQL 1.0) through kgbench's store path and geo functions.

``run_conformance(folder)`` runs the benchmark exactly as a user runs it, ``kgbench sparql --data
gsb_dataset/dataset.rdf --file query.rq``: the data file is opened with :func:`kgbench.kg.store.open_kg`
(``data=``), every ``gsb_queries/query-rNN*.rq`` goes through :meth:`kgbench.kg.store.KG.query` (the spatial
planner on; GeoSPARQL's RDFS entailment and relation-property inference of :mod:`kgbench.kg.inference` as
the regime says, see :func:`switches`), the rows are compared with ``gsb_answers/<name>.srx`` and its
``-alternative-N`` files as the benchmark scores them, and a :class:`ConformanceReport` gives a score per
requirement (a :class:`QueryOutcome` per query) and the weighted total.

The benchmark scores each conformance class under its own regime and one dataset serves them all, so no
single setting passes every class: the core, topology-vocabulary and geometry classes (requirements 1-24)
expect the data as given (``?f a geo:Feature`` without the sub-class members, ``my:A geo:hasGeometry ?g``
without the sub-property's geometries, ``my:A geo:sfEquals ?f`` with only the asserted relation triples,
while ``my:A``'s feature-geometry equality would be inferred), the RDFS-entailment class (25-27) expects the
closure, and the query-rewrite class (28-30) the inferred relations. ``regime="classes"`` (the default) runs
each class with the switches it calls for, which are the flags a user gives ``kgbench sparql``:
``--no-entailment --no-rewrite`` for 1-24, ``--no-rewrite`` for 25-27, neither for 28-30;
``regime="defaults"`` runs every query with kgbench's defaults (both on), ``regime="off"`` with both off.

Scoring (the benchmark's README): a query passes when its rows equal the expected (or an alternative) rows,
in order when the query orders them; WKT loses white space and case, GML is canonical XML, GeoJSON is
re-serialized, a boolean ``1`` is ``true``. Each of the 30 requirements weighs 1/30, split evenly over its
query groups; in a four-way serialization group (WKT/WKT, GML/GML, two mixed) the split is 1/3, 1/3, 1/6, 1/6.
The data files hold no query for requirement 17, which therefore scores 0 in the total (the report also gives
the total over the requirements that have queries).

Usage: ``python -m kgbench.kg.conformance [folder]`` prints one line per requirement, the totals and every
failing query with its reason.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from pyoxigraph import Literal, NamedNode

from kgbench.kg.store import KG, open_kg
from kgbench.ontologies import GEO as GEO_NS, XSD as XSD_NS

__all__ = ["ConformanceReport", "QueryOutcome", "run_conformance", "default_folder", "main", "QUESTIONABLE",
           "switches", "REGIMES"]

SRX = "{http://www.w3.org/2005/sparql-results#}"
GEO = GEO_NS.base
XSD = XSD_NS.base
N_REQUIREMENTS = 30
#: expected answers no correct implementation reproduces, with the reason (reported, not "fixed")
QUESTIONABLE = {
    "query-r19-1-1": "expected distances (9387.01 m, 10194.1 m) are reproduced by no geodesic computation on WGS84",
    "query-r19-1-2": "expected distances (9387.01 m, 10194.1 m) are reproduced by no geodesic computation on WGS84",
    "query-r19-1-3": "expected distances (9387.01 m, 10194.1 m) are reproduced by no geodesic computation on WGS84",
    "query-r19-1-4": "expected distances (9387.01 m, 10194.1 m) are reproduced by no geodesic computation on WGS84",
    "query-r19-2-1": "a 10 metre buffer is expected as a 10 degree planar buffer",
    "query-r19-2-2": "a 10 metre buffer is expected as a 10 degree planar buffer",
    "query-r28-3": "my:A's own geometries are left out of 'my:A geo:sfIntersects ?f', though every non-empty "
                   "geometry intersects itself",
    "query-r29-5": "my:G, strictly inside my:A, is expected as covered (ehCovers is T*TFT*FF*: the boundaries "
                   "must meet)",
    "query-r29-6": "my:G, strictly inside my:A, is expected as covered by it (ehCoveredBy is TFF*TFT**)",
    "query-r30-5": "my:A is expected as its own tangential proper part (rcc8tppi is TTTFTTFFT; A with itself is EQ)",
    "query-r30-6": "my:A is expected as its own tangential proper part (rcc8tpp is TFFTTFTTT; A with itself is EQ)",
    "query-r30-7": "my:A is expected as its own non-tangential proper part (rcc8ntpp; A with itself is EQ)",
    "query-r30-8": "my:A is expected as its own non-tangential proper part (rcc8ntppi; A with itself is EQ)",
}


REGIMES = ("classes", "defaults", "off")


def switches(requirement: int, regime: str = "classes") -> dict[str, bool]:
    """Return the ``KG.query`` switches (``entailment``, ``rewrite``) a requirement runs with under ``regime``.

    >>> switches(4), switches(26), switches(29), switches(4, "defaults")
    ({'entailment': False, 'rewrite': False}, {'entailment': True, 'rewrite': False}, {'entailment': True, 'rewrite': True}, {'entailment': True, 'rewrite': True})
    """
    if regime not in REGIMES:
        raise ValueError(f"unknown conformance regime {regime!r} (known: {', '.join(REGIMES)})")
    if regime == "defaults" or (regime == "classes" and requirement >= 28):
        return {"entailment": True, "rewrite": True}
    if regime == "classes" and requirement >= 25:
        return {"entailment": True, "rewrite": False}
    return {"entailment": False, "rewrite": False}


def flags(sw: dict[str, bool]) -> str:
    """Return the ``kgbench sparql`` flags giving these switches ('' for the defaults).

    >>> flags({"entailment": False, "rewrite": False})
    '--no-entailment --no-rewrite'
    """
    return " ".join(f"--no-{k}" for k in ("entailment", "rewrite") if not sw[k])


def default_folder() -> Path:
    """Return ``../shared/conformance/geosparql-benchmark`` relative to the repository root (may not exist)."""
    return Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "geosparql-benchmark"


@dataclasses.dataclass
class QueryOutcome:
    """The outcome of one benchmark query: its requirement, weight in that requirement, pass/fail and why."""

    name: str
    requirement: int
    weight: float
    passed: bool
    reason: str = ""
    questionable: str = ""


@dataclasses.dataclass
class ConformanceReport:
    """Per-query results, per-requirement scores (0..1) and the weighted totals (0..100)."""

    results: list[QueryOutcome]
    requirements: dict[int, float]
    total: float
    total_present: float
    regime: str = "classes"

    @property
    def failures(self) -> list[QueryOutcome]:
        """Return the failing queries, in benchmark order."""
        return [r for r in self.results if not r.passed]

    def lines(self) -> list[str]:
        """Return the printable report: one line per requirement, the totals, then every failure."""
        out = []
        counts = defaultdict(lambda: [0, 0])
        for r in self.results:
            counts[r.requirement][0] += r.passed
            counts[r.requirement][1] += 1
        for req in range(1, N_REQUIREMENTS + 1):
            if req in self.requirements:
                p, n = counts[req]
                how = flags(switches(req, self.regime))
                out.append(f"requirement {req:2d}: {100 * self.requirements[req]:6.2f}%  ({p}/{n} queries)"
                           + (f"  [kgbench sparql {how}]" if how else ""))
            else:
                out.append(f"requirement {req:2d}:   0.00%  (no query in the data files)")
        passed = sum(r.passed for r in self.results)
        out.append(f"weighted total: {self.total:.2f}% over {N_REQUIREMENTS} requirements "
                   f"({self.total_present:.2f}% over the {len(self.requirements)} with queries); "
                   f"{passed}/{len(self.results)} queries pass")
        for r in self.failures:
            out.append(f"FAIL {r.name}: {r.reason}" + (f" [questionable expectation: {r.questionable}]"
                                                       if r.questionable else ""))
        return out


# -- expected results ---------------------------------------------------------------------------------------

def _read_srx(path: Path) -> tuple[list[str], list[dict]] | None:
    text = path.read_text(encoding="utf-8")
    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        text = re.sub(r"<!\[CDATA\[(.*?)\]\]>",
                      lambda m: m.group(1).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"),
                      text, flags=re.S)
        try:
            root = ET.fromstring(text)
        except ET.ParseError:
            return None
    variables = [v.get("name") for v in root.iter(SRX + "variable")]
    rows = []
    for res in root.iter(SRX + "result"):
        row = {}
        for b in res.findall(SRX + "binding"):
            v = b[0]
            tag = v.tag.replace(SRX, "")
            if tag == "uri":
                row[b.get("name")] = ("iri", v.text or "")
            elif tag == "bnode":
                row[b.get("name")] = ("bnode", "")
            else:
                dt = v.get("datatype") or XSD + "string"
                row[b.get("name")] = _norm_literal(v.text or "", dt)
        rows.append(row)
    return variables, rows


def _norm_literal(value: str, datatype: str):
    """Return the comparison key of a literal as the benchmark normalizes it."""
    if datatype == GEO + "wktLiteral":
        return ("wkt", re.sub(r"\s+", "", value).lower())
    if datatype == GEO + "gmlLiteral":
        try:
            return ("gml", ET.canonicalize(value.strip(), strip_text=True))
        except ET.ParseError:
            return ("gml", value.strip())
    if datatype == GEO + "geoJSONLiteral":
        try:
            return ("geojson", json.dumps(json.loads(value), sort_keys=True))
        except ValueError:
            return ("geojson", value.strip())
    if datatype == XSD + "boolean":
        return ("boolean", {"1": "true", "0": "false"}.get(value.strip(), value.strip()))
    if datatype in (XSD + "double", XSD + "float", XSD + "decimal", XSD + "integer"):
        try:
            return ("number", float(value))
        except ValueError:
            pass
    return ("literal", value, datatype)


def _norm_term(term):
    if isinstance(term, NamedNode):
        return ("iri", term.value)
    if isinstance(term, Literal):
        return _norm_literal(term.value, term.datatype.value)
    return ("bnode", "")


def _same_rows(got: list[dict], expected: list[dict], ordered: bool) -> bool:
    if len(got) != len(expected):
        return False
    if ordered:
        return all(g == e for g, e in zip(got, expected))
    key = lambda r: sorted((k, repr(v)) for k, v in r.items())  # noqa: E731
    return sorted(map(key, got)) == sorted(map(key, expected))


def _show(rows: list[dict], limit: int = 3) -> str:
    def val(v):
        s = str(v[1])
        return s if len(s) <= 60 else s[:57] + "..."

    shown = ["{" + ", ".join(f"{k}={val(v)}" for k, v in sorted(r.items())) + "}" for r in rows[:limit]]
    return "[" + ", ".join(shown) + (", ..." if len(rows) > limit else "") + f"] ({len(rows)} rows)"


# -- weights ------------------------------------------------------------------------------------------------

_NAME = re.compile(r"^query-r(\d+)((?:-\d+)*)$")


def _serialization(query: str) -> str:
    w, g = "asWKT" in query, "asGML" in query
    return "mixed" if w and g else "wkt" if w else "gml" if g else "none"


def _weights(queries: dict[str, str]) -> dict[str, tuple[int, float]]:
    """Return {name: (requirement, weight within the requirement)}."""
    by_req = defaultdict(lambda: defaultdict(list))
    for name in queries:
        m = _NAME.match(name)
        req, parts = int(m.group(1)), [p for p in m.group(2).split("-") if p]
        group = "-".join(parts[:-1]) if parts else ""
        by_req[req][group].append(name)
    out = {}
    for req, groups in by_req.items():
        # a requirement split as -1..-n is one group of n; split as -g-v, it is groups of variants
        for group, names in groups.items():
            share = 1.0 / len(groups)
            kinds = [_serialization(queries[n]) for n in sorted(names)]
            if len(names) == 4 and kinds[0] == "wkt" and kinds[1] == "gml" and kinds[2:] == ["mixed", "mixed"]:
                split = [1 / 3, 1 / 3, 1 / 6, 1 / 6]
            else:
                split = [1 / len(names)] * len(names)
            for n, w in zip(sorted(names, key=_order), split):
                out[n] = (req, share * w)
    return out


def _order(name: str):
    return [int(p) for p in re.findall(r"\d+", name)]


# -- running ------------------------------------------------------------------------------------------------

def _run_one(kg: KG, query: str, sw: dict[str, bool]) -> tuple[list[dict] | None, str]:
    """Return (the rows of a query as comparison keys, its geo-function warnings), or (None, the error)."""
    try:
        result = kg.query(query, **sw)
    except Exception as exc:  # noqa: BLE001 - a query the engine rejects is a failure with its reason
        return None, f"query error: {type(exc).__name__}: {exc}"
    rows = [{v: _norm_term(t) for v, t in zip(result.variables, row) if t is not None} for row in result.rows]
    return rows, "; ".join(result.warnings)


def run_conformance(folder=None, regime: str = "classes") -> ConformanceReport:
    """Return the :class:`ConformanceReport` of kgbench on the benchmark data files in ``folder``.

    ``folder`` defaults to :func:`default_folder`; a missing folder raises FileNotFoundError. ``regime``
    chooses the switches per requirement (:func:`switches`).
    """
    folder = Path(folder) if folder is not None else default_folder()
    if not (folder / "gsb_queries").is_dir():
        raise FileNotFoundError(f"no GeoSPARQL benchmark data in {folder}")
    queries = {p.stem: p.read_text(encoding="utf-8") for p in sorted((folder / "gsb_queries").glob("query-r*.rq"))}
    weights = _weights(queries)
    kg = open_kg(data=[folder / "gsb_dataset" / "dataset.rdf"])  # what `kgbench sparql --data` opens
    results = []
    for name in sorted(queries, key=_order):
        req, weight = weights[name]
        expected = []
        for p in [folder / "gsb_answers" / f"{name}.srx",
                  *sorted((folder / "gsb_answers").glob(f"{name}-alternative-*.srx"))]:
            if p.exists():
                parsed = _read_srx(p)
                if parsed is not None:
                    expected.append(parsed)
        rows, warn = _run_one(kg, queries[name], switches(req, regime))
        ordered = "ORDER BY" in queries[name].upper()
        if rows is None:
            passed, reason = False, warn
        elif not expected:
            passed, reason = False, "no readable expected answer"
        else:
            passed = any(_same_rows(rows, [{k: v for k, v in r.items() if k in vs} for r in exp], ordered)
                         for vs, exp in expected)
            reason = "" if passed else (f"got {_show(rows)}; expected {_show(expected[0][1])}"
                                        + (f" or one of {len(expected) - 1} alternative(s)" if len(expected) > 1 else "")
                                        + (f"; function failures: {warn}" if warn else ""))
        results.append(QueryOutcome(name, req, weight, passed, reason, QUESTIONABLE.get(name, "")))
    scores = defaultdict(float)
    for r in results:
        scores[r.requirement] += r.weight * r.passed
    reqs = {k: scores[k] for k in sorted({r.requirement for r in results})}
    total = 100.0 * sum(reqs.values()) / N_REQUIREMENTS
    total_present = 100.0 * sum(reqs.values()) / len(reqs) if reqs else math.nan
    return ConformanceReport(results, reqs, total, total_present, regime)


def main(argv=None) -> int:
    """Print the conformance report for the folder given as the first argument (or the default); return 0.

    ``--regime classes|defaults|off`` anywhere in the arguments chooses the regime (:func:`switches`).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    regime = "classes"
    if "--regime" in argv:
        k = argv.index("--regime")
        regime = argv[k + 1] if k + 1 < len(argv) else ""
        del argv[k:k + 2]
    folder = Path(argv[0]) if argv else default_folder()
    try:
        report = run_conformance(folder, regime)
    except (FileNotFoundError, ValueError) as exc:
        print(f"conformance: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
