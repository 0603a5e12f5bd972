"""Evaluation reports: metrics per breakdown, tier-standardized EM, seed means and spreads, figures, HTML.

A run is one model's predictions on one dataset under one condition with one seed. :func:`build_report`
scores every run with the deterministic scorer (:func:`kgbench.evaluation.evaluate.evaluate`) and reports,
for each (model, condition) series, EM, NE, coverage, EM over covered items, false-refusal and
negative-rejection rates, overall and per group of each breakdown (:data:`BREAKDOWNS`): spatial-function
family, answer format, source KG, income tier, density tier, language, and condition. A series of a
multiple-choice condition (``T1-mcq``, ``T1-mcq-context``) also gets its ``multiple_choice`` figures: the
letter accuracy and the chance rate beside it (seed mean and spread) and the gold x chosen letter confusion
counts (summed over seeds), in report.json, the text tables and the HTML.

Tiers are also reported standardized to the benchmark-wide spatial-function mix (``spec/scoring.md``):
direct standardization, ``EM_std(tier) = sum_f EM(tier, f) * share_f``, where ``share_f`` is family f's
share of the answerable items of the whole dataset. A family the tier lacks has no EM there: it is listed
in ``missing_families`` and the remaining shares are renormalized to sum to 1 (``share_covered`` says how
much of the standard mix the tier covers; 1.0 means the plain formula applies).

Where a series has several runs with different seeds, every figure is the mean over seeds with its sample
standard deviation (None for a single seed). Outputs, written to ``out_dir``: ``report.json``, one PNG bar
chart per breakdown (error bars where seeds repeat) and ``report.html`` (tables, PNGs embedded and linked).
"""

from __future__ import annotations

import json
import math
import os
import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgbench.evaluation.baselines import baseline_predictions
from kgbench.evaluation.evaluate import evaluate
from kgbench.evaluation.report_views import _TIERS, METRICS, _figures, _html, _label_key, report_table
from kgbench.fileio import atomic_write
from kgbench.generator.items import Item, family_of, read_jsonl

__all__ = ["build_report", "report_table", "ReportSummary", "Run", "load_run", "standardized_em", "seed_stats",
           "run_inputs", "report_files", "BREAKDOWNS", "METRICS", "REPORT_KIND"]

REPORT_KIND = "kgbench-report"
_COUNTS = ("n", "n_answerable", "n_false_premise")


def _family(item: Mapping) -> str:
    return family_of(item.get("template_id") or "")


def _income(item: Mapping) -> Any:
    return (item.get("stratum") or {}).get("income_tier")


def _density(item: Mapping) -> Any:
    return (item.get("stratum") or {}).get("density_tier")


#: breakdown name -> grouping key handed to ``evaluate(by=...)`` (condition is a run property, see below)
BREAKDOWNS: dict[str, Any] = {
    "family": _family, "answer_format": "answer_format", "kg": "kg", "income_tier": _income,
    "density_tier": _density, "language": "language",
}


@dataclass
class Run:
    """One evaluation input: the dataset's items, the predictions and metadata (``model``, ``condition``, ``seed``).

    ``predictions`` is a list of records or the path of a predictions JSONL file (read when scored, so that
    a bad record is reported with its file and line and never stops the report).
    """

    items: list[Item]
    predictions: list[dict] | str | os.PathLike
    meta: dict

    @property
    def series(self) -> tuple[str, str]:
        """Return the (model, condition) pair whose seeds are pooled."""
        return str(self.meta["model"]), str(self.meta["condition"])


@dataclass
class ReportSummary:
    """What :func:`build_report` wrote and computed.

    ``data`` is the content of ``report.json``; ``figures`` maps each breakdown to its PNG path;
    ``warnings`` lists the prediction records skipped or scored unparseable (``file:line: what``).
    """

    out_dir: Path
    json_path: Path
    html_path: Path
    figures: dict[str, Path] = field(default_factory=dict)
    data: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------------- inputs


def load_run(spec: str | os.PathLike | Mapping | Sequence) -> Run:
    """Return a :class:`Run` from a run description.

    Accepted: a tuple ``(items, predictions, metadata)`` where items and predictions are lists or JSONL
    paths; a dict ``{"dataset", "predictions", "model", "condition", "seed", ...}`` (``"baseline":
    "majority"`` or ``"oracle"`` may stand for ``predictions``: the baseline is computed on the dataset);
    or the path of a JSON file holding such a dict (relative paths in it are resolved against the file's
    folder). Metadata must name ``model``, ``condition`` and ``seed``.

    >>> load_run(([], [], {"model": "m", "condition": "T1"}))
    Traceback (most recent call last):
    ValueError: run metadata lacks 'seed' (needs model, condition, seed)
    """
    base = None
    if isinstance(spec, (str, os.PathLike)):
        path = Path(spec)
        if not path.is_file():
            raise ValueError(f"{path}: run file not found")
        try:
            spec = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise ValueError(f"{path}: not a JSON run description ({exc})") from None
        base = path.parent
    baseline = None
    if isinstance(spec, Mapping):
        meta = {k: v for k, v in spec.items() if k not in ("dataset", "predictions")}
        if "dataset" not in spec or ("predictions" not in spec and "baseline" not in spec):
            raise ValueError("a run description needs 'dataset' and 'predictions' (or 'baseline')")
        items_src, preds_src, baseline = spec["dataset"], spec.get("predictions"), spec.get("baseline")
        if base is not None:
            items_src = base / items_src if isinstance(items_src, str) else items_src
            preds_src = base / preds_src if isinstance(preds_src, str) else preds_src
    else:
        items_src, preds_src, meta = spec
        meta = dict(meta)
    for key in ("model", "condition", "seed"):
        if key not in meta:
            raise ValueError(f"run metadata lacks {key!r} (needs model, condition, seed)")
    if isinstance(items_src, (str, os.PathLike)):
        items = read_jsonl(items_src)
    else:
        items = [it if isinstance(it, Item) else Item.from_dict(it) for it in items_src]
    if preds_src is None:
        return Run(items, baseline_predictions(items, str(baseline)), meta)
    if isinstance(preds_src, (str, os.PathLike)):
        if not Path(preds_src).is_file():
            raise ValueError(f"{preds_src}: predictions file not found")
        return Run(items, preds_src, meta)
    return Run(items, list(preds_src), meta)


def _expand(runs: Iterable) -> list:
    """Return the run descriptions with every JSON file holding a list of them replaced by its entries."""
    out: list = []
    for r in runs:
        if isinstance(r, (str, os.PathLike)) and Path(r).is_file():
            try:
                content = json.loads(Path(r).read_text(encoding="utf-8"))
            except ValueError:
                content = None
            if isinstance(content, list):
                base = Path(r).parent
                for entry in content:
                    if not isinstance(entry, Mapping):
                        raise ValueError(f"{r}: a run list holds JSON objects, not {entry!r}")
                    out.append({k: str(base / v) if k in ("dataset", "predictions") and isinstance(v, str)
                                else v for k, v in entry.items()})
                continue
        out.append(r)
    return out


def run_inputs(runs: Iterable) -> list[Path]:
    """Return every file a report reads: the run files given and the datasets and predictions they name.

    Entries that are not paths (tuples, dicts with in-memory lists) add only the paths they hold.

    >>> [str(p) for p in run_inputs([{"dataset": "d.jsonl", "predictions": "p.jsonl"}])]
    ['d.jsonl', 'p.jsonl']
    """
    runs = list(runs)
    found = [Path(r) for r in runs if isinstance(r, (str, os.PathLike))]
    for entry in _expand(runs):
        spec, base = entry, None
        if isinstance(entry, (str, os.PathLike)):
            try:
                spec, base = json.loads(Path(entry).read_text(encoding="utf-8")), Path(entry).parent
            except (OSError, ValueError):
                continue
        if isinstance(spec, Mapping):
            found.extend((base / v if base is not None else Path(v)) for v in
                         (spec.get("dataset"), spec.get("predictions")) if isinstance(v, (str, os.PathLike)))
    return found


def report_files() -> list[str]:
    """Return the names of the files :func:`build_report` writes into its folder.

    >>> report_files()[:2]
    ['report.json', 'report.html']
    """
    return ["report.json", "report.html", *(f"{name}.png" for name in BREAKDOWNS)]


# --------------------------------------------------------------------------------------------- statistics


def seed_stats(values: Iterable[float | None]) -> dict:
    """Return ``{"mean", "std", "n"}`` over the non-None values: sample standard deviation, None below 2 values.

    >>> s = seed_stats([0.5, 0.7])
    >>> s["mean"], round(s["std"], 6), s["n"]
    (0.6, 0.141421, 2)
    >>> seed_stats([0.5, None])
    {'mean': 0.5, 'std': None, 'n': 1}
    """
    vals = [float(v) for v in values if v is not None]
    if not vals:
        return {"mean": None, "std": None, "n": 0}
    mean = math.fsum(vals) / len(vals)
    return {"mean": round(mean, 12), "std": statistics.stdev(vals) if len(vals) > 1 else None, "n": len(vals)}


def standardized_em(items: Sequence[Mapping], scores: Sequence, tier_key) -> dict:
    """Return, per tier, the EM standardized to the benchmark-wide family mix of the answerable items.

    ``items`` (dicts) and ``scores`` (:class:`~kgbench.evaluation.scoring.ItemScore`) are parallel; ``tier_key``
    maps an item to its tier. Each tier gets ``em`` (crude), ``standardized_em``, ``per_family`` (EM, n),
    ``missing_families`` (families of the benchmark absent from the tier) and ``share_covered``.

    >>> from kgbench.evaluation.scoring import ItemScore
    >>> items = [{"template_id": t, "stratum": {"income_tier": s}} for t, s in
    ...          [("A1", "HIC"), ("A1", "HIC"), ("A1", "LIC"), ("B2", "HIC"), ("B2", "LIC"), ("B2", "LIC")]]
    >>> scores = [ItemScore(i, E, 1 - E, "answered") for i, E in enumerate([1, 1, 0, 0, 1, 0])]
    >>> out = standardized_em(items, scores, _income)
    >>> out["HIC"]["em"], out["HIC"]["standardized_em"], out["LIC"]["standardized_em"]
    (0.6666666666666666, 0.5, 0.25)
    """
    answerable = [(it, s) for it, s in zip(items, scores, strict=True) if not s.false_premise]
    total = len(answerable)
    family_n: dict[str, int] = defaultdict(int)
    cells: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for it, s in answerable:
        fam = _family(it)
        family_n[fam] += 1
        tier = tier_key(it)
        cells["(none)" if tier is None else str(tier)][fam].append(s.E)
    shares = {f: n / total for f, n in sorted(family_n.items())}
    out = {}
    for tier in sorted(cells):
        per_family = {f: {"em": sum(v) / len(v), "n": len(v)} for f, v in sorted(cells[tier].items())}
        covered = math.fsum(shares[f] for f in per_family)
        std = math.fsum(per_family[f]["em"] * shares[f] for f in per_family) / covered if covered else None
        all_e = [e for v in cells[tier].values() for e in v]
        out[tier] = {"em": sum(all_e) / len(all_e), "standardized_em": std, "n": len(all_e),
                     "per_family": per_family, "missing_families": [f for f in shares if f not in per_family],
                     "share_covered": covered}
    return out


# --------------------------------------------------------------------------------------------- scoring runs


def _score_run(run: Run) -> dict:
    items = [it.to_dict() for it in run.items]
    result = evaluate(items, run.predictions, by=list(BREAKDOWNS.values()))
    names = list(BREAKDOWNS)
    groups = {name: {label: m.to_dict() for label, m in g.items()} for name, g in zip(names, result.groups.values())}
    return {
        "model": str(run.meta["model"]), "condition": str(run.meta["condition"]), "seed": run.meta["seed"],
        "meta": {k: v for k, v in run.meta.items() if k not in ("model", "condition", "seed")},
        "overall": result.overall.to_dict(), "groups": groups,
        "standardized": {t: standardized_em(items, result.items, BREAKDOWNS[t]) for t in _TIERS},
        "unmatched_predictions": len(result.unmatched_predictions),
        "warnings": result.warnings,
        "multiple_choice": result.choices.to_dict() if result.choices is not None else None,
    }


def _pool(dicts: list[dict]) -> dict:
    """Return seed statistics of each metric over per-seed metric dicts (counts: from the first run)."""
    out = {name: seed_stats(d.get(attr) for d in dicts) for name, attr in METRICS.items()}
    out.update({c: dicts[0].get(c) for c in _COUNTS if c in dicts[0]})
    return out


def _summarize(scored: list[dict]) -> list[dict]:
    series: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in scored:
        series[(r["model"], r["condition"])].append(r)
    out = []
    for (model, condition), runs in series.items():
        groups: dict[str, dict] = {}
        for name in BREAKDOWNS:
            labels = sorted({lab for r in runs for lab in r["groups"][name]}, key=lambda lab: _label_key(name, lab))
            groups[name] = {lab: _pool([r["groups"][name][lab] for r in runs if lab in r["groups"][name]])
                            for lab in labels}
        standardized: dict[str, dict] = {}
        for t in _TIERS:
            tiers = sorted({lab for r in runs for lab in r["standardized"][t]}, key=lambda lab: _label_key(t, lab))
            standardized[t] = {}
            for lab in tiers:
                cells = [r["standardized"][t][lab] for r in runs if lab in r["standardized"][t]]
                standardized[t][lab] = {
                    "EM": seed_stats(c["em"] for c in cells),
                    "EM_std": seed_stats(c["standardized_em"] for c in cells),
                    "missing_families": sorted({f for c in cells for f in c["missing_families"]}),
                    "share_covered": min(c["share_covered"] for c in cells),
                    "per_family": cells[0]["per_family"] if len(cells) == 1 else
                    {f: seed_stats(c["per_family"].get(f, {}).get("em") for c in cells)
                     for f in sorted({f for c in cells for f in c["per_family"]})},
                }
        out.append({"model": model, "condition": condition, "seeds": [r["seed"] for r in runs],
                    "overall": _pool([r["overall"] for r in runs]), "groups": groups, "standardized": standardized,
                    "multiple_choice": _pool_choices([r["multiple_choice"] for r in runs if r.get("multiple_choice")])})
    return out


def _pool_choices(runs: list[dict]) -> dict | None:
    """Return a series' multiple-choice figures over its seeds: accuracy and chance rate as seed statistics,
    ``n`` from the first run and the confusion counts summed over runs (None when no run is multiple choice)."""
    if not runs:
        return None
    confusion: dict[str, dict[str, int]] = {}
    for r in runs:
        for gold, row in r["confusion"].items():
            for chosen, count in row.items():
                confusion.setdefault(gold, {})[chosen] = confusion.get(gold, {}).get(chosen, 0) + count
    return {"n": runs[0]["n"], "accuracy": seed_stats(r["accuracy"] for r in runs),
            "chance": seed_stats(r["chance"] for r in runs),
            "confusion": {g: dict(sorted(confusion[g].items())) for g in sorted(confusion)}}


# --------------------------------------------------------------------------------------------- building


def build_report(runs: Iterable, out_dir: str | os.PathLike) -> ReportSummary:
    """Return the :class:`ReportSummary` of scored runs, writing report.json, PNG figures and report.html.

    ``runs`` holds run descriptions accepted by :func:`load_run`: ``(items, predictions, metadata)``
    tuples, dicts or paths of JSON run files (a JSON file may also hold a list of run dicts, relative paths
    resolved against its folder); metadata names at least ``model``, ``condition`` and ``seed``.
    Runs with the same (model, condition) are pooled into seed means and standard deviations; two runs
    with the same (model, condition, seed) raise ``ValueError``.
    """
    loaded = [r if isinstance(r, Run) else load_run(r) for r in _expand(runs)]
    if not loaded:
        raise ValueError("no runs to report")
    seen = set()
    for r in loaded:
        key = (*r.series, str(r.meta["seed"]))
        if key in seen:
            raise ValueError(f"two runs of model {key[0]!r}, condition {key[1]!r} with the same seed {key[2]!r}")
        seen.add(key)
    scored = [_score_run(r) for r in loaded]
    summary = _summarize(scored)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    figures = _figures(summary, out, list(BREAKDOWNS))
    data = {
        "kind": REPORT_KIND,
        "breakdowns": [*BREAKDOWNS, "condition"],
        "metrics": list(METRICS),
        "standardization": "direct: EM_std(tier) = sum over families f of EM(tier, f) * share_f, share_f = the "
                           "family's share of the answerable items of the whole dataset; families missing in a "
                           "tier are listed and the remaining shares renormalized",
        "series": summary,
        "runs": scored,
        "figures": {k: p.name for k, p in figures.items()},
    }
    json_path = out / "report.json"
    with atomic_write(json_path) as f:
        f.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")
    html_path = out / "report.html"
    with atomic_write(html_path) as f:
        f.write(_html(data, figures))
    for path in (json_path, html_path):
        path.chmod(0o644)
    return ReportSummary(out, json_path, html_path, figures, data, [w for r in scored for w in r["warnings"]])
