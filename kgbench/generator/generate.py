"""Generating verified benchmark items: sample role tuples per stratum, execute, validate, extract gold triples."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable

from pyoxigraph import NamedNode

from kgbench.generator.items import Item, item_id
from kgbench.generator.sampling import role_candidates, sample_tuples, stratum_cells
from kgbench.kg.results import python_value
from kgbench.queries.template import Template, load_template

__all__ = ["generate", "GenerationReport", "execute"]


@dataclasses.dataclass
class GenerationReport:
    """Return what one generation run did: items per stratum cell and scale, discards by reason, warnings."""

    template_id: str
    candidates: dict = dataclasses.field(default_factory=dict)
    per_cell: Counter = dataclasses.field(default_factory=Counter)
    per_scale: Counter = dataclasses.field(default_factory=Counter)
    discarded: Counter = dataclasses.field(default_factory=Counter)
    warnings: list = dataclasses.field(default_factory=list)
    items: int = 0


def execute(kg, template: Template, bindings: dict) -> tuple[object | None, str | None, list[str]]:
    """Return (answer, reason it was rejected or None, geo-function warnings) for one bound execution."""
    res = kg.query(template.compile(bindings), strict=False)
    if res.warnings:
        return None, "geo function failure", res.warnings
    values = [row.get("answer") for row in res]
    if len(values) != 1 or values[0] is None:
        return None, "no answer" if not values or values[0] is None else "several answers", []
    answer = python_value(values[0])
    v = template.validation
    if isinstance(answer, (int, float)):
        if not math.isfinite(answer):
            return None, "not finite", []
        if "min" in v and (answer < v["min"] or (v.get("exclusive_min") and answer == v["min"])):
            return None, "below minimum", []
        if "max" in v and answer > v["max"]:
            return None, "above maximum", []
    return answer, None, []


def gold_triples(kg, template: Template, bindings: dict) -> str:
    """Return the gold triples of one execution as sorted N-Triples text."""
    res = kg.query(template.compile(bindings, "gold"), strict=True)
    return "".join(sorted({f"{t.subject} {t.predicate} {t.object} .\n" for t in res.triples}))


def generate(template_id: str, kg=None, *, n: int | None = None, seed: int = 0, per_stratum: int = 30,
             progress: Callable[[int, int], None] | None = None, report: GenerationReport | None = None) -> list[Item]:
    """Return verified items of one template over a KG (default: the bundled snapshot), reproducible for a seed.

    Up to ``per_stratum`` items per (income tier, density tier) cell of the first role; with ``n``,
    at most ``n`` items drawn evenly across cells. Executions that fail validation or hit a geo
    function failure are discarded and counted in ``report``.

    >>> items = generate("A1", n=3, seed=0)   # doctest: +SKIP
    >>> items[0].answer_format                 # doctest: +SKIP
    'Distance'
    """
    if kg is None:
        from kgbench.kg.store import open_kg

        kg = open_kg()
    template = load_template(template_id)
    report = report if report is not None else GenerationReport(template.id)
    candidates = {r: role_candidates(kg, role) for r, role in template.roles.items()}
    report.candidates = {r: len(c) for r, c in candidates.items()}
    if any(not c for c in candidates.values()):
        report.discarded["no candidates for a role"] += 1
        return []
    ncells = len(stratum_cells(candidates[next(iter(template.roles))]))
    k = per_stratum if n is None else max(1, min(per_stratum, math.ceil(n / ncells)))
    total = k * ncells
    by_cell: dict = {}
    seen: set = set()
    sampler = sample_tuples(template, candidates, seed=seed, per_cell=k)
    try:
        drawn = next(sampler)
        while True:
            cell, scale, chosen = drawn
            item, reason = _make_item(kg, template, chosen, seed, scale, report)
            if item is not None and (item.question, repr(item.answer)) in seen:
                item, reason = None, "duplicate question and answer"
            if item is None:
                report.discarded[reason] += 1
                drawn = sampler.send(False)
                continue
            seen.add((item.question, repr(item.answer)))
            by_cell.setdefault(cell, []).append(item)
            report.per_cell["/".join(cell)] += 1
            report.per_scale[scale or "-"] += 1
            if progress:
                progress(sum(map(len, by_cell.values())), total)
            drawn = sampler.send(True)
    except StopIteration:
        pass
    items = _interleave(list(by_cell.values()))
    if n is not None:
        items = items[:n]
    report.items = len(items)
    return items


def _interleave(groups: list[list[Item]]) -> list[Item]:
    out, i = [], 0
    while any(i < len(g) for g in groups):
        out += [g[i] for g in groups if i < len(g)]
        i += 1
    return out


def _make_item(kg, template: Template, chosen: dict, seed: int, scale, report) -> tuple[Item | None, str | None]:
    if template.validation.get("distinct_names") and len({c.name for c in chosen.values()}) < len(chosen):
        return None, "roles share a name"
    iris = [chosen[r].iri for r in template.roles]
    rng = random.Random(f"{seed}|{template.id}|{'|'.join(iris)}")
    sub = rng.choice(template.sub_templates)
    variant = rng.choice(sub.variants)
    bindings = {r: NamedNode(c.iri) for r, c in chosen.items()}
    bindings.update(sub.parameters)
    answer, reason, warnings = execute(kg, template, bindings)
    if warnings:
        report.warnings.extend(warnings)
    if reason:
        return None, reason
    names = {r: c.name for r, c in chosen.items()}
    names.update({k: str(v) for k, v in sub.parameters.items()})
    question = variant.render(names)
    anchor = chosen[next(iter(template.roles))]
    graphs = sorted({c.graph for c in chosen.values()})
    snapshot = getattr(kg, "snapshot_id", "custom")
    item = Item(
        id=item_id(template.id, snapshot, template.version, sub.id, variant.id, *iris),
        template_id=template.id, template_version=template.version, sub_template_id=sub.id,
        variant_id=f"{sub.id}.{variant.id}", language="eng", question=question,
        answer_format=template.answer_format, answer=answer, unit=template.unit, acceptable=[],
        false_premise=False, perturbation=None,
        entities={r: c.describe() for r, c in chosen.items()},
        bindings={k: (v.value if isinstance(v, NamedNode) else v) for k, v in bindings.items()},
        sparql=template.compile(bindings), gold_triples=gold_triples(kg, template, bindings),
        kg="+".join(graphs), stratum={"country": anchor.country, "income_tier": anchor.income_tier,
                                      "density_tier": anchor.density_tier},
        snapshot=snapshot, scale=scale)
    return item, None
