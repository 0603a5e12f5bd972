"""How a report looks: its tables (text and HTML), its bar charts (PNG) and the order of its labels.

:mod:`kgbench.evaluation.report` computes the figures; this module only renders them.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kgbench.ontologies.tiers import DENSITY_TIERS, INCOME_TIERS

__all__ = ["report_table", "METRICS"]

#: metric name in the report -> attribute of :class:`~kgbench.evaluation.scoring.Metrics`
METRICS = {"EM": "em", "NE": "ne", "Cov": "coverage", "EM_cov": "em_covered", "FRR": "false_refusal_rate",
           "NRR": "negative_rejection_rate"}
_TIERS = ("income_tier", "density_tier")
_TIER_ORDER = {"income_tier": INCOME_TIERS, "density_tier": DENSITY_TIERS}


def _label_key(breakdown: str, label: str) -> tuple:
    order = _TIER_ORDER.get(breakdown, ())
    return (order.index(label), "") if label in order else (len(order), label)


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


def _figures(summary: list[dict], out: Path, breakdowns: list[str]) -> dict[str, Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = {}
    for name in breakdowns:
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


def _choice_rows(summary: list[dict]) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows) of the multiple-choice table: one row per series of a multiple-choice condition."""
    header = ["model", "condition", "seeds", "n", "accuracy", "chance"]
    rows = [[s["model"], s["condition"], str(len(s["seeds"])), str(mc["n"]), _cell(mc["accuracy"]),
             _cell(mc["chance"])] for s in summary if (mc := s.get("multiple_choice"))]
    return header, rows


def _confusion(mc: Mapping) -> tuple[list[str], list[list[str]]]:
    """Return (header, rows) of a series' confusion counts: rows the gold letter, columns the chosen one ("-":
    no readable letter)."""
    chosen = sorted({c for row in mc["confusion"].values() for c in row}, key=lambda c: (c == "-", c))
    return (["gold \\ chosen", *chosen],
            [[g, *(str(row.get(c, 0)) for c in chosen)] for g, row in mc["confusion"].items()])


def _text_table(title: str, header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [title, "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(), "  ".join("-" * w for w in widths)]
    return "\n".join(lines + ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows])


def _choice_blocks(data: Mapping) -> list[tuple[str, list[str], list[list[str]]]]:
    """Return the multiple-choice tables (title, header, rows): the accuracy / chance one, then one confusion
    table per series; none when no series is multiple choice."""
    header, rows = _choice_rows(data["series"])
    if not rows:
        return []
    blocks = [("multiple choice", header, rows)]
    for s in data["series"]:
        if s.get("multiple_choice"):
            blocks.append((f"confusion {s['model']} / {s['condition']}", *_confusion(s["multiple_choice"])))
    return blocks


def report_table(summary: Any) -> str:
    """Return the report (a :class:`~kgbench.evaluation.report.ReportSummary` or its data) as plain-text tables.

    One block per breakdown; values are seed mean±std. Series of multiple-choice conditions add a block of
    their letter accuracy beside the chance rate, and one of each series' confusion counts (gold x chosen letter,
    summed over seeds).
    """
    data = getattr(summary, "data", summary)  # a ReportSummary or its data
    blocks = []
    for title, header, rows in _choice_blocks(data):
        blocks.append(_text_table(f"== {title}", header, rows))
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
    choice_blocks = _choice_blocks(data)
    if choice_blocks:
        parts.append('<h2 id="multiple-choice">Multiple choice</h2><p>Letter accuracy beside the chance rate (the '
                     "mean of 1 / number of options: what a uniform guess scores), then the confusion counts "
                     "(rows: gold letter; columns: chosen letter, - for none).</p>")
    for title, header, rows in choice_blocks:
        parts.append(f"<h3>{esc(title)}</h3><table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows]
        parts.append("</table>")
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
