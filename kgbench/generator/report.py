"""Evaluation reports: metrics per breakdown, tier-standardized EM, seed means and spreads, figures, HTML.

A run is one model's predictions on one dataset under one condition with one seed. :func:`build_report`
scores every run with the deterministic scorer (:func:`kgbench.generator.evaluate.evaluate`) and reports,
for each (model, condition) series, EM, NE, coverage, EM over covered items, false-refusal and
negative-rejection rates, overall and per group of each breakdown (:data:`BREAKDOWNS`): spatial-function
family, answer format, source KG, income tier, density tier, language, and condition.

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

import base64
import html
import json
import math
import os
import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgbench.generator.dataset import family_of
from kgbench.generator.items import Item, read_jsonl
from kgbench.fileio import atomic_write
from kgbench.ontologies.tiers import DENSITY_TIERS, INCOME_TIERS

__all__ = ["build_report", "report_table", "ReportSummary", "Run", "load_run", "standardized_em", "seed_stats",
           "run_inputs", "report_files", "BREAKDOWNS", "METRICS", "REPORT_KIND"]

REPORT_KIND = "kgbench-report"
#: metric name in the report -> attribute of :class:`~kgbench.generator.scoring.Metrics`
METRICS = {"EM": "em", "NE": "ne", "Cov": "coverage", "EM_cov": "em_covered", "FRR": "false_refusal_rate",
           "NRR": "negative_rejection_rate"}
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
_TIERS = ("income_tier", "density_tier")
_TIER_ORDER = {"income_tier": INCOME_TIERS, "density_tier": DENSITY_TIERS}


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
        from kgbench.generator.baselines import baseline_predictions

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

    ``items`` (dicts) and ``scores`` (:class:`~kgbench.generator.scoring.ItemScore`) are parallel; ``tier_key``
    maps an item to its tier. Each tier gets ``em`` (crude), ``standardized_em``, ``per_family`` (EM, n),
    ``missing_families`` (families of the benchmark absent from the tier) and ``share_covered``.

    >>> from kgbench.generator.scoring import ItemScore
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
    from kgbench.generator.evaluate import evaluate

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
                    "overall": _pool([r["overall"] for r in runs]), "groups": groups, "standardized": standardized})
    return out


def _label_key(breakdown: str, label: str) -> tuple:
    order = _TIER_ORDER.get(breakdown, ())
    return (order.index(label), "") if label in order else (len(order), label)


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
    figures = _figures(summary, out)
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


# --------------------------------------------------------------------------------------------- figures


def _series_label(s: dict) -> str:
    return f"{s['model']} / {s['condition']}"


def _bars(ax, labels: list[str], series: list[tuple[str, list, list]], title: str) -> None:
    """Draw grouped bars: one group per label, one bar per series (mean, error bar where std is known)."""
    import numpy as np

    width = 0.8 / max(len(series), 1)
    x = np.arange(len(labels))
    for i, (name, means, stds) in enumerate(series):
        heights = [m if m is not None else 0.0 for m in means]
        errs = [s if s is not None else 0.0 for s in stds]
        ax.bar(x + (i - (len(series) - 1) / 2) * width, heights, width, label=name,
               yerr=errs if any(s is not None for s in stds) else None, capsize=3)
    ax.set_xticks(x, labels, rotation=30 if len(labels) > 6 else 0, ha="right" if len(labels) > 6 else "center")
    ax.set_ylim(0, 1.25)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("EM")
    ax.set_title(title)
    ax.legend(fontsize="small", loc="upper center", ncol=min(len(series), 3), frameon=False)


def _figures(summary: list[dict], out: Path) -> dict[str, Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = {}
    for name in BREAKDOWNS:
        labels = sorted({lab for s in summary for lab in s["groups"][name]}, key=lambda lab: _label_key(name, lab))
        crude = [(_series_label(s), [s["groups"][name].get(lab, {}).get("EM", {}).get("mean") for lab in labels],
                  [s["groups"][name].get(lab, {}).get("EM", {}).get("std") for lab in labels]) for s in summary]
        panels = [(crude, f"EM by {name}")]
        if name in _TIERS:
            std = [(_series_label(s),
                    [s["standardized"][name].get(lab, {}).get("EM_std", {}).get("mean") for lab in labels],
                    [s["standardized"][name].get(lab, {}).get("EM_std", {}).get("std") for lab in labels])
                   for s in summary]
            panels.append((std, f"EM by {name}, standardized to the family mix"))
        fig, axes = plt.subplots(1, len(panels), figsize=(max(5.0, 0.9 * len(labels) + 3) * len(panels), 4),
                                 squeeze=False)
        for ax, (series, title) in zip(axes[0], panels):
            _bars(ax, labels, series, title)
        fig.tight_layout()
        paths[name] = out / f"{name}.png"
        fig.savefig(paths[name], dpi=100)
        plt.close(fig)
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(summary) + 3), 4))
    _bars(ax, ["overall"], [(_series_label(s), [s["overall"]["EM"]["mean"]], [s["overall"]["EM"]["std"]])
                            for s in summary], "EM by model and condition")
    fig.tight_layout()
    paths["condition"] = out / "condition.png"
    fig.savefig(paths["condition"], dpi=100)
    plt.close(fig)
    return paths


# --------------------------------------------------------------------------------------------- tables


def _cell(stat: Mapping | None) -> str:
    if not stat or stat.get("mean") is None:
        return "-"
    if stat.get("std") is None:
        return f"{stat['mean']:.3f}"
    return f"{stat['mean']:.3f}±{stat['std']:.3f}"


def _rows(summary: list[dict], breakdown: str) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows) of one breakdown's table: one row per (series, group label)."""
    header = ["model", "condition", "seeds", breakdown, "n", *METRICS]
    extra = breakdown in _TIERS
    if extra:
        header += ["EM_std", "missing families"]
    rows = []
    for s in summary:
        if breakdown == "condition":
            groups = {s["condition"]: s["overall"]}
        else:
            groups = s["groups"][breakdown]
        for lab, m in groups.items():
            row = [s["model"], s["condition"], str(len(s["seeds"])), lab, str(m.get("n", "-")),
                   *(_cell(m[k]) for k in METRICS)]
            if extra:
                st = s["standardized"][breakdown].get(lab, {})
                row += [_cell(st.get("EM_std")), ",".join(st.get("missing_families", [])) or "-"]
            rows.append(row)
    return header, rows


def report_table(summary: ReportSummary | Mapping) -> str:
    """Return the report as plain-text tables, one block per breakdown (values: seed mean±std)."""
    data = summary.data if isinstance(summary, ReportSummary) else summary
    blocks = []
    for name in data["breakdowns"]:
        header, rows = _rows(data["series"], name)
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        lines = [f"== {name}", "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
                 "  ".join("-" * w for w in widths)]
        lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _html(data: dict, figures: Mapping[str, Path]) -> str:
    esc = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8"><title>kgbench report</title>',
             "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}th{background:#eee}"
             "td:nth-child(-n+4){text-align:left}img{max-width:100%}</style></head><body>",
             "<h1>kgbench evaluation report</h1>",
             "<p>Metrics (spec/scoring.md): EM, NE, Cov (coverage), EM_cov (EM over covered items), FRR "
             "(false-refusal rate), NRR (negative-rejection rate). Values are seed means ± sample standard "
             "deviations where a (model, condition) was run with several seeds.</p>",
             f"<p>Tier standardization: {esc(data['standardization'])}.</p>"]
    for name in data["breakdowns"]:
        header, rows = _rows(data["series"], name)
        parts.append(f'<h2 id="{esc(name)}">By {esc(name)}</h2>')
        if name in figures:
            png = Path(figures[name])
            b64 = base64.b64encode(png.read_bytes()).decode("ascii")
            parts.append(f'<p><a href="{esc(png.name)}"><img alt="EM by {esc(name)}" '
                         f'src="data:image/png;base64,{b64}"></a><br><a href="{esc(png.name)}">{esc(png.name)}</a></p>')
        parts.append("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows]
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
