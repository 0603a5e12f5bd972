"""Writing a benchmark release: large and small splits as JSONL and Parquet, gold N-Quads, a dataset card, stats.

A release folder holds::

    README.md            dataset card (Hugging Face style: YAML front matter with the configs, then tables)
    stats.json           the card's figures, machine-readable ("kind": "kgbench-release")
    gold.nq              every item's gold triples as N-Quads, one named graph per item
    large/items.jsonl    every item, one JSON object a line (keys of DESIGN.md)
    large/items.parquet  the same items as a Parquet table (see PARQUET_COLUMNS)
    small/items.jsonl    at most SMALL_CAP items per (source KG, family) cell
    small/items.parquet
    large/<code>/items.parquet, small/<code>/items.parquet   one language's items (a release of several
                         languages; a parallel item's SPARQL and gold triples are its English item's)

In the JSONL files a parallel item follows its English item as a short line (kgbench.generator.items.write_jsonl).

The folder is built beside the target and renamed onto it only when complete, so an interrupted or failed write
leaves any previous release untouched. Every item is validated against its answer format's gold schema first.

>>> import tempfile, pathlib
>>> it = Item(id="A1-x", template_id="A1", template_version=1, sub_template_id="A1-1", variant_id="A1-1.v1",
...           language="eng", question="How far is Kamppi from Kallio?", answer_format="Distance", answer=2.1,
...           unit="km", acceptable=[], false_premise=False, perturbation=None, entities={}, bindings={},
...           sparql="SELECT ...", gold_triples="", kg="osm",
...           stratum={"country": "FIN", "income_tier": "HIC", "density_tier": "high"}, snapshot="s")
>>> out = pathlib.Path(tempfile.mkdtemp()) / "release"
>>> summary = write_release([it], out)
>>> summary.counts["large"], summary.counts["small"], sorted(p.name for p in out.iterdir())
(1, 1, ['README.md', 'gold.nq', 'large', 'small', 'stats.json'])
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import jsonschema

from kgbench.release.card import osm_derived, release_baselines, render_card
from kgbench.evaluation.formats import FORMAT_NAMES, GoldAnswerError, get_format, validate_gold
from kgbench.generator.generate import GenerationReport
from kgbench.generator.gold import export_gold_nquads
from kgbench.generator.localize import first_of_each_stem, localized_share, parallel_of
from kgbench.generator.items import Item, family_of, write_jsonl
from kgbench.release.parquet import (PARQUET_COLUMNS, RELEASE_KIND, STRATUM_KEYS as _STRATUM_KEYS, read_parquet,
                                     write_parquet)
from kgbench.fileio import atomic_directory
from kgbench.ontologies.tiers import DENSITY_TIERS, INCOME_TIERS

__all__ = ["write_release", "ReleaseSummary", "ReleaseError", "validate_items", "select_small", "release_stats",
           "read_parquet", "item_problem", "render_card", "family_of", "FAMILIES", "SMALL_CAP", "SMALL_SHARE", "SPLITS",
           "small_cap",
           "PARQUET_COLUMNS", "RELEASE_KIND"]

#: the most items of one (source KG, family) cell in the small split (spec/scoring.md, "Released splits")
SMALL_CAP = 200
#: the small split holds at most this share of the large one (issue 9, rule 13): the per-cell cap is lowered to fit
SMALL_SHARE = 0.15
SPLITS = ("large", "small")
#: the spatial-function families (SFID letter -> name), as in spec/templates.tsv
FAMILIES = {
    "A": "Metric distance", "B": "Metric containment", "C": "Topological", "D": "Network / path",
    "E": "Administrative hierarchy", "F": "Comparison / ordering", "G": "Centrality", "H": "Grid / indexing",
    "I": "Spatio-temporal events", "J": "Direction", "K": "Shape", "L": "Uncertainty",
    "M": "Spatial transformation", "N": "Coordinates",
}

class ReleaseError(ValueError):
    """A release that cannot be written: invalid or duplicate items, or an unsafe target folder."""


@dataclasses.dataclass(frozen=True)
class ReleaseSummary:
    """Return what a release wrote: its folder, the path of every file, and the headline counts.

    ``paths`` maps ``"large/jsonl"``, ``"large/parquet"``, ``"small/jsonl"``, ``"small/parquet"``, ``"gold"``,
    ``"card"`` and ``"stats"`` to files inside ``out_dir``; ``counts`` has ``large``, ``small``, ``gold_quads``,
    ``false_premise`` and ``unsatisfiable``.
    """

    out_dir: Path
    paths: Mapping[str, Path]
    counts: Mapping[str, int]
    stats: Mapping = dataclasses.field(repr=False, default_factory=dict)


def _template_key(template_id: str) -> tuple:
    m = re.match(r"([A-Za-z]+)(\d*)(.*)", template_id)
    return (m.group(1), int(m.group(2) or 0), m.group(3)) if m else (template_id, 0, "")


# --------------------------------------------------------------------------------------------- validation


_ITEM_VALIDATORS: dict[str, jsonschema.protocols.Validator] = {}


def _item_validator(fmt) -> jsonschema.protocols.Validator:
    if fmt.name not in _ITEM_VALIDATORS:
        _ITEM_VALIDATORS[fmt.name] = jsonschema.Draft202012Validator(fmt.item_schema())
    return _ITEM_VALIDATORS[fmt.name]


def item_problem(item: Item) -> str | None:
    """Return why an item cannot be released (its answer against its format's schema, its stratum), or None.

    >>> it = Item(id="C3-x", template_id="C3", template_version=1, sub_template_id="C3-1", variant_id="v1",
    ...           language="eng", question="?", answer_format="Count", answer="three", unit=None, acceptable=[],
    ...           false_premise=False, perturbation=None, entities={}, bindings={}, sparql="", gold_triples="",
    ...           kg="osm", stratum={}, snapshot="s")
    >>> item_problem(it)
    "answer 'three' does not fit the Count schema: 'three' is not of type 'number'"
    """
    try:
        fmt = get_format(item.answer_format)
    except KeyError as exc:
        return str(exc.args[0])
    record = item.to_dict()
    try:
        json.dumps(record, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return f"not JSON-serializable: {exc}"
    error = jsonschema.exceptions.best_match(_item_validator(fmt).iter_errors(record))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "item"
        value = record.get(where, error.instance) if where != "item" else error.instance
        return f"{where} {value!r} does not fit the {fmt.name} schema: {error.message}"
    if item.answer is not None:
        try:
            validate_gold(fmt.name, item.answer, item.unit, list(item.acceptable or []))
        except GoldAnswerError as exc:
            return str(exc)
    if not isinstance(item.stratum, Mapping):
        return f"stratum must be a mapping, got {type(item.stratum).__name__}"
    extra = sorted(set(item.stratum) - set(_STRATUM_KEYS))
    if extra:
        return f"stratum has keys {extra} beyond {list(_STRATUM_KEYS)}"
    if not item.kg:
        return "no source KG (kg is empty)"
    return None


def validate_items(items: Sequence[Item], *, limit: int = 20) -> None:
    """Return None when every item is releasable; else raise ReleaseError listing item ids and problems.

    Ids must be unique, and each item's answer must validate against its answer format's gold schema
    (:mod:`kgbench.evaluation.formats`); up to ``limit`` problems are listed, with the total.
    """
    problems: list[str] = []
    seen: Counter = Counter(it.id for it in items)
    for item_id, n in sorted(seen.items()):
        if n > 1:
            problems.append(f"item {item_id}: id used by {n} items")
    for it in items:
        problem = item_problem(it)
        if problem:
            problems.append(f"item {it.id}: {problem}")
    if problems:
        shown = "\n  ".join(problems[:limit])
        more = f"\n  ... and {len(problems) - limit} more" if len(problems) > limit else ""
        raise ReleaseError(f"{len(problems)} item problem(s), nothing written:\n  {shown}{more}")


# --------------------------------------------------------------------------------------------- small split


def small_cap(cell_sizes: Iterable[int], *, cap: int = SMALL_CAP, share: float = SMALL_SHARE) -> int:
    """Return the per-cell cap of the small split: the largest c <= ``cap`` with sum(min(n, c)) <= share * total.

    ``cell_sizes`` are the item counts of the (source KG, family) cells. The cap is at least 1, so a release
    with more cells than ``share`` of its items keeps one item per cell (and exceeds the share).

    >>> small_cap([1000, 500, 100, 20]), small_cap([1000, 500, 100, 20], share=1.0), small_cap([3])
    (74, 200, 1)
    """
    sizes = list(cell_sizes)
    allowed = math.floor(share * sum(sizes) + 1e-9)
    best = 1
    for c in range(1, cap + 1):
        if sum(min(n, c) for n in sizes) > allowed:
            break
        best = c
    return best


def select_small(items: Sequence[Item], *, cap: int = SMALL_CAP, share: float = SMALL_SHARE,
                 seed: int = 0) -> list[Item]:
    """Return the small split: at most :func:`small_cap` items per (source KG, family) cell, in the items' order.

    The cap is ``cap`` (200, spec/scoring.md), lowered until the split holds at most ``share`` of the items
    (issue 9, rule 13). Within a cell the choice is seeded and spread: templates take turns, and within a
    template its stratum cells (income tier, density tier) take turns, each drawing from its own shuffled
    items. The choice depends on the set of items and the seed only, not on their order.

    >>> mk = lambda i, t: Item(id=f"{t}-{i}", template_id=t, template_version=1, sub_template_id="", variant_id="",
    ...     language="eng", question="", answer_format="Count", answer=i, unit=None, acceptable=[],
    ...     false_premise=False, perturbation=None, entities={}, bindings={}, sparql="", gold_triples="",
    ...     kg="osm", stratum={}, snapshot="s")
    >>> small = select_small([mk(i, t) for t in ("B1", "B2") for i in range(10)], cap=4, share=1.0)
    >>> sorted(Counter(it.template_id for it in small).items())
    [('B1', 2), ('B2', 2)]
    >>> len(select_small([mk(i, t) for t in ("B1", "B2") for i in range(10)]))  # 15% of 20
    3
    """
    cells: dict[tuple, dict[str, dict[tuple, list[Item]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for it in items:
        st = it.stratum if isinstance(it.stratum, Mapping) else {}
        cells[(it.kg, family_of(it.template_id))][it.template_id][
            (str(st.get("income_tier")), str(st.get("density_tier")))].append(it)
    limit = small_cap([sum(len(g) for t in c.values() for g in t.values()) for c in cells.values()],
                      cap=cap, share=share)
    chosen: set[str] = set()
    for (kg, family), templates in sorted(cells.items()):
        queues = []
        for tid in sorted(templates, key=_template_key):
            rng = random.Random(f"{seed}|{kg}|{family}|{tid}")
            groups = []
            for stratum in sorted(templates[tid]):
                group = sorted(templates[tid][stratum], key=lambda it: it.id)
                rng.shuffle(group)
                groups.append(group)
            rng.shuffle(groups)
            queues.append(_round_robin(groups))
        picked = _round_robin(queues)[:limit]
        chosen.update(it.id for it in picked)
    return [it for it in items if it.id in chosen]


def _round_robin(groups: list[list]) -> list:
    out, i = [], 0
    while any(i < len(g) for g in groups):
        out += [g[i] for g in groups if i < len(g)]
        i += 1
    return out


# --------------------------------------------------------------------------------------------- statistics


def _split_stats(items: Sequence[Item]) -> dict:
    families = Counter(family_of(it.template_id) for it in items)
    formats = Counter(it.answer_format for it in items)
    grid: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    countries: dict[str, Counter] = defaultdict(Counter)
    for it in items:
        st = it.stratum if isinstance(it.stratum, Mapping) else {}
        income, density = str(st.get("income_tier") or "NA"), str(st.get("density_tier") or "NA")
        grid[income][density] += 1
        countries[income][str(st.get("country") or "NA")] += 1
    rows = [*INCOME_TIERS, *sorted(set(grid) - set(INCOME_TIERS))]
    cols = [*DENSITY_TIERS, *sorted({d for r in grid.values() for d in r} - set(DENSITY_TIERS))]
    fp = sum(1 for it in items if it.false_premise)
    return {
        "items": len(items),
        "false_premise": fp,
        "false_premise_share": round(fp / len(items), 4) if items else 0.0,
        "families": {f: families.get(f, 0) for f in [*FAMILIES, *sorted(set(families) - set(FAMILIES))]},
        "answer_formats": {f: formats.get(f, 0) for f in [*FORMAT_NAMES, *sorted(set(formats) - set(FORMAT_NAMES))]},
        "kgs": dict(sorted(Counter(it.kg for it in items).items())),
        "templates": dict(sorted(Counter(it.template_id for it in items).items(), key=lambda kv: _template_key(kv[0]))),
        "kg_family": {f"{kg}/{fam}": n for (kg, fam), n in
                      sorted(Counter((it.kg, family_of(it.template_id)) for it in items).items())},
        "grid": {"rows": rows, "columns": cols,
                 "counts": {r: {c: grid.get(r, {}).get(c, 0) for c in cols} for r in rows},
                 "countries": {r: dict(sorted(countries[r].items())) for r in rows}},
        "languages": dict(sorted(Counter(it.language for it in items).items())),
    }


def _by_count(counter: Mapping[str, int]) -> dict[str, int]:
    """Return the counts most frequent first (ties by name).

    >>> _by_count({"b": 1, "a": 1, "c": 5})
    {'c': 5, 'a': 1, 'b': 1}
    """
    return dict(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def _report_stats(report: GenerationReport) -> dict:
    return {"template_id": report.template_id, "items": report.items, "candidates": dict(report.candidates),
            "per_cell": dict(sorted(report.per_cell.items())), "per_scale": dict(sorted(report.per_scale.items())),
            "discarded": _by_count(report.discarded), "warnings": len(report.warnings),
            "warning_examples": [str(w) for w in report.warnings[:5]]}


def _unsatisfiable(unsatisfiable: Mapping[str, str], reports: Iterable[GenerationReport]) -> dict[str, str]:
    out = {str(k): str(v) for k, v in unsatisfiable.items()}
    for r in reports:
        if r.items == 0 and r.template_id not in out:
            why = ", ".join(f"{n} {reason}" for reason, n in _by_count(r.discarded).items()) or "no executions"
            out[r.template_id] = f"no item passed validation on the snapshot ({why})"
    return dict(sorted(out.items(), key=lambda kv: _template_key(kv[0])))


def _coverage(items: Sequence[Item]) -> dict:
    """Return the templates whose every item lies in Finland (the OSM extracts' country)."""
    countries: dict[str, set] = defaultdict(set)
    for it in items:
        countries[it.template_id].add(str((it.stratum or {}).get("country")))
    return {"finland_only": sorted((t for t, c in countries.items() if c == {"FIN"}), key=_template_key)}


def release_stats(items: Sequence[Item], small: Sequence[Item], *, reports: Iterable[GenerationReport] = (),
                  unsatisfiable: Mapping[str, str] = {}, snapshot_manifest: Mapping | None = None,
                  seed: int = 0, baselines: Mapping | None = None) -> dict:
    """Return the release's figures (what stats.json holds): per split counts, the grid, generation, sources.

    Templates whose report shows no item and that ``unsatisfiable`` does not explain are listed as
    unsatisfiable with their discard reasons. ``baselines`` (:func:`~kgbench.release.card.release_baselines`)
    is stored as given.
    """
    reports = list(reports)
    manifest = dict(snapshot_manifest or {})
    snapshots = sorted({it.snapshot for it in items})
    templates, formats = {}, {}
    for it in items:
        templates.setdefault(it.template_id, {"version": it.template_version, "family": family_of(it.template_id)})
        formats.setdefault(it.template_id, {})[it.answer_format] = None  # sub-templates may differ (M2)
    for tid, entry in templates.items():
        entry["answer_format"] = " | ".join(formats[tid])
    return {
        "kind": RELEASE_KIND,
        "seed": seed,
        "small_cap": SMALL_CAP,
        "small_rule": {"cap": SMALL_CAP, "share": SMALL_SHARE, "effective_cap": small_cap(
            Counter((it.kg, family_of(it.template_id)) for it in items).values())},
        "family_names": FAMILIES,
        "income_tiers": list(INCOME_TIERS),
        "coverage": _coverage(items),
        "osm_derived": dict(sorted(Counter(it.template_id for it in items if osm_derived(it)).items(),
                                   key=lambda kv: _template_key(kv[0]))),
        "baselines": dict(baselines) if baselines else None,
        "snapshot": {"id": manifest.get("id") or (snapshots[0] if len(snapshots) == 1 else snapshots),
                     "item_snapshots": snapshots,
                     "sources": [{k: s.get(k) for k in ("name", "file", "sha256", "licence", "attribution")}
                                 for s in manifest.get("sources", [])],
                     "graphs": {g: {"triples": v.get("triples"), "entities": v.get("entities")}
                                for g, v in manifest.get("graphs", {}).items()},
                     "parameters": manifest.get("parameters", {})},
        "splits": {"large": _split_stats(items), "small": _split_stats(small)},
        "templates": dict(sorted(templates.items(), key=lambda kv: _template_key(kv[0]))),
        "unsatisfiable": _unsatisfiable(unsatisfiable, reports),
        "generation": [_report_stats(r) for r in sorted(reports, key=lambda r: _template_key(r.template_id))],
        "parquet_columns": PARQUET_COLUMNS,
    }


# --------------------------------------------------------------------------------------------- Parquet


# --------------------------------------------------------------------------------------------- writing


def _check_target(out: Path, force: bool) -> None:
    if not out.exists():
        return
    if not out.is_dir():
        raise ReleaseError(f"{out}: exists and is not a folder; refusing to replace it with a release")
    if any(out.iterdir()):
        try:
            kind = json.loads((out / "stats.json").read_text(encoding="utf-8")).get("kind")
        except (OSError, ValueError, AttributeError):
            kind = None
        if kind != RELEASE_KIND:
            raise ReleaseError(f"{out}: a non-empty folder that is not a kgbench release; refusing to replace it")
        if not force:
            raise ReleaseError(f"{out}: a release exists there; pass --force (force=True) to replace it")


def write_release(items: Sequence[Item], out_dir: str | Path, *, reports: Iterable[GenerationReport] = (),
                  unsatisfiable: Mapping[str, str] = {}, snapshot_manifest: Mapping | None = None,
                  seed: int = 0, force: bool = False, baselines: bool = True, visual_kg=None) -> ReleaseSummary:
    """Return the summary of a benchmark release written into ``out_dir`` (replaced whole, only on success).

    Items are validated first (unique ids, each answer against its format's gold schema): any problem raises
    :class:`ReleaseError` naming the items, and nothing is written. The release is built in a temporary
    sibling folder and renamed onto ``out_dir``; an existing ``out_dir`` must be empty, or an earlier release
    and ``force`` given (a folder that is not a release is never replaced).
    ``reports`` (one :class:`GenerationReport` per template run) and ``unsatisfiable`` (template id -> reason)
    feed the card; ``snapshot_manifest`` gives its snapshot id, sources and licences; ``seed`` drives the
    choice of the small split. ``baselines`` scores the majority (both splits) and oracle (small split) baselines
    for the card (:func:`~kgbench.release.card.release_baselines`). With ``visual_kg`` (the KG whose basemap
    the maps draw) the release also holds the visual slice in ``visual/`` (:mod:`kgbench.release.visual`: 2%
    of the English items, the salient entity shown on a map instead of named) and the card describes it.
    """
    items = list(items)
    out = Path(out_dir)
    validate_items(items)
    _check_target(out, force)
    manifest_id = (snapshot_manifest or {}).get("id")
    if manifest_id:
        others = sorted({it.snapshot for it in items} - {manifest_id})
        if others:
            raise ReleaseError(f"items come from snapshot(s) {others}, not the manifest's {manifest_id!r}")
    reports = list(reports)
    originals = first_of_each_stem(items)
    small = parallel_of(select_small(originals, seed=seed), items)
    original_small = first_of_each_stem(small)
    scores = release_baselines(originals, original_small) if baselines and items else None
    stats = release_stats(items, small, reports=reports, unsatisfiable=unsatisfiable,
                          snapshot_manifest=snapshot_manifest, seed=seed, baselines=scores)
    languages = list(stats["splits"]["large"]["languages"])
    stats["localization"] = localized_share(items)
    rel = {f"{s}/{kind}": Path(s) / f"items.{kind}" for s in SPLITS for kind in ("jsonl", "parquet")}
    if len(languages) > 1:
        rel.update({f"{s}/{lang}/parquet": Path(s) / lang / "items.parquet" for s in SPLITS for lang in languages})
    rel.update({"gold": Path("gold.nq"), "card": Path("README.md"), "stats": Path("stats.json")})
    with atomic_directory(out) as tmp:
        for split, chosen in (("large", items), ("small", small)):
            (tmp / split).mkdir()
            write_jsonl(chosen, tmp / rel[f"{split}/jsonl"])
            write_parquet(chosen, tmp / rel[f"{split}/parquet"])
            if len(languages) > 1:
                for lang in languages:
                    (tmp / split / lang).mkdir()
                    write_parquet([it for it in chosen if it.language == lang], tmp / rel[f"{split}/{lang}/parquet"],
                                   english_only=True)
        if visual_kg is not None:
            from kgbench.release.visual import VISUAL_SHARE, select_visual, write_visual

            chosen_visual = select_visual(items, seed=seed)
            stats["visual"] = {**write_visual(chosen_visual, tmp / "visual", visual_kg), "share": VISUAL_SHARE,
                               "english_items": sum(1 for it in items if it.language == "eng")}
        quads = export_gold_nquads(originals, tmp / rel["gold"])
        stats["gold_quads"] = quads
        (tmp / rel["stats"]).write_text(json.dumps(stats, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        (tmp / rel["card"]).write_text(render_card(stats), encoding="utf-8")
    counts = {"large": len(items), "small": len(small), "gold_quads": quads,
              "false_premise": stats["splits"]["large"]["false_premise"],
              "unsatisfiable": len(stats["unsatisfiable"]), "languages": len(languages)}
    return ReleaseSummary(out, {k: out / p for k, p in rel.items()}, counts, stats)
