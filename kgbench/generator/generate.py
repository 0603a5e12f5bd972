"""Generating verified benchmark items: sample role tuples per stratum, execute, validate, extract gold triples."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable

from pyoxigraph import Literal, NamedNode

from kgbench.generator.aliases import bare_name_aliases, distinct_alternatives, unnameable_members
from kgbench.generator.balance import BalanceGuard, balance_items
from kgbench.generator.dedup import content_key
from kgbench.generator.items import Item, item_id
from kgbench.generator.leaks import REGION_CATEGORY, leaks
from kgbench.generator.names import name_key
from kgbench.generator.roles import (CategoryValue, locality_note, named_within, running_name,
                                     with_definite_articles)
from kgbench.generator.sampling import (entity_index, query_rows, role_candidates, sample_rows, sample_tuples,
                                        stratum_cells)
from kgbench.kg.results import python_value
from kgbench.queries.template import ANSWER_COLUMNS, Template, Variant, anchor_role, load_template
from kgbench.ontologies.tiers import DENSITY_TIERS, INCOME_TIERS

__all__ = ["generate", "GenerationReport", "execute", "assemble_answer", "false_premise_items", "false_premises_wanted",
           "merge_false_premises", "FALSE_PREMISE_SHARE", "Checks", "NO_CHECKS", "AnswerCheck", "ItemCheck"]

#: the stratum cells items are sampled in (an anchor without a World Bank tier is in none)
_STRATIFIED = frozenset((i, d) for i in INCOME_TIERS for d in DENSITY_TIERS)

#: share of a template's items that are false-premise items, where the template defines a perturbation
FALSE_PREMISE_SHARE = 0.08

#: a check of one execution's gold: (answer format, answer, unit, acceptable) -> why it is rejected, or None
AnswerCheck = Callable[[str, object, "str | None", list], "str | None"]
#: a check of one made item: (template, item) -> why it is rejected, or None
ItemCheck = Callable[[Template, Item], "str | None"]


@dataclasses.dataclass(frozen=True)
class Checks:
    """Checks that generation runs but does not own: ``answer`` on each execution's gold before an item is made,
    ``item`` on each made item (after the leak check, before the balance guard); the first reason rejects.

    Evaluation knows whether a gold answer fits its answer format and whether the oracle prompts fit the
    context budget; it passes those (:data:`kgbench.evaluation.checks.EVALUATION_CHECKS`, the default of
    :func:`kgbench.generate` and of a release). :data:`NO_CHECKS` runs none.
    """

    answer: tuple[AnswerCheck, ...] = ()
    item: tuple[ItemCheck, ...] = ()


NO_CHECKS = Checks()


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
    false_premise: int = 0
    #: true-premise items left out to keep a sub-template's answers balanced (rule of balance.py): drawn but
    #: not admitted while sampling, plus trimmed at the end
    balance_dropped: int = 0
    #: items left out as the role-swapped twin (same sub-template, same entities) of an earlier item
    symmetric_duplicates: int = 0


class Rejected(Exception):
    """An execution whose result is degenerate or invalid for the template; the message is the reason."""


def assemble_answer(template: Template, rows: list[dict], sub_id: str | None = None) -> tuple[object, list]:
    """Return (answer, acceptable alternatives) from the answer query's rows, by the answer format.

    The format is the sub-template's (``sub_id``) where it sets its own, else the template's. Raises
    :class:`Rejected` with the reason for an empty, ambiguous or invalid result, or when a row's ``?undecided``
    is true (a candidate lies within the template's margin of a threshold: a near tie the answer must not turn on),
    or, for an entity answer, when the best row's ``?doubtful`` is true (the answer itself is suspect: a city
    whose near twin a person could mean; other rows may carry the flag without harm).
    """
    fmt = template.sub_template(sub_id).answer_format if sub_id else template.answer_format
    v = template.validation
    if any(python_value(r["undecided"]) is True for r in rows if "undecided" in r):
        # a row of the answer query said a candidate lies too near a threshold for the answer to be sure
        raise Rejected("near the cut-off: a candidate lies within the template's margin of a threshold")
    if fmt == "Set enumeration":
        members = sorted({str(python_value(r["answer"])) for r in rows if "answer" in r})
        if not members and not (v.allow_empty or v.empty_answer == "empty_set"):
            raise Rejected("empty set")
        if v.max_members and len(members) > v.max_members:
            raise Rejected("set too large")
        return members, []
    if not rows and fmt == "Count" and v.empty_answer == "zero":
        return 0, []  # nothing matched: a true count of 0 (a grouped COUNT over no row gives no row)
    if not rows:
        raise Rejected("no answer")
    if fmt == "Entity name (single)":
        named = [r for r in rows if "answer" in r]
        if not named:
            raise Rejected("no answer")
        best = named[0]
        if "doubtful" in best and python_value(best["doubtful"]) is True:
            # the answer query said the best row may not be what a person means (a gazetteer's near twin)
            raise Rejected("doubtful answer: the best row is flagged ?doubtful")
        ties = []
        if "score" in best:
            top = python_value(best["score"])
            ties = [str(python_value(r["answer"])) for r in named[1:]
                    if "score" in r and python_value(r["score"]) == top]
            # a near tie: the runner-up within the relative margin (near_tie, a fraction of the best) or the
            # absolute one (near_tie_abs, in the score's unit), whichever is wider
            margin = max((v.near_tie or 0) * abs(top), v.near_tie_abs or 0)
            runner = next((python_value(r["score"]) for r in named[1:] if "score" in r
                           and python_value(r["score"]) != top and python_value(r["answer"]) != python_value(best["answer"])), None)
            if margin and runner is not None and abs(runner - top) < margin:
                raise Rejected("near tie: the runner-up's score is within the template's margin of the best")
        return str(python_value(best["answer"])), sorted(set(ties) - {str(python_value(best["answer"]))})
    if len(rows) != 1:
        raise Rejected("several answers")
    row = rows[0]
    columns = ANSWER_COLUMNS.get(fmt)
    if columns:
        if any(c not in row for c in columns):
            raise Rejected("no answer")
        return {c: python_value(row[c]) for c in columns}, []
    if "answer" not in row:
        raise Rejected("no answer")
    answer = python_value(row["answer"])
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        if not math.isfinite(answer):
            raise Rejected("not finite")
        if v.min is not None and (answer < v.min or (v.exclusive_min and answer == v.min)):
            raise Rejected("below minimum")
        if v.max is not None and answer > v.max:
            raise Rejected("above maximum")
    if fmt == "Boolean / ternary" and isinstance(answer, bool):
        answer = "true" if answer else "false"
    return answer, []


def execute(kg, template: Template, bindings: dict, sub_id: str | None = None,
            checks: Checks = NO_CHECKS) -> tuple[object | None, list, str | None, list[str]]:
    """Return (answer, acceptable, reason it was rejected or None, geo-function warnings) for one bound execution.

    ``sub_id`` names the sub-template whose answer format and unit apply (default: the template's); the
    ``checks.answer`` checks see that format, the answer, the unit and the acceptable alternatives.
    """
    res = kg.query(template.compile(bindings), strict=False)
    if res.warnings:
        return None, [], "geo function failure", res.warnings
    try:
        answer, acceptable = assemble_answer(template, list(res), sub_id)
    except Rejected as exc:
        return None, [], str(exc), []
    sub = template.sub_template(sub_id) if sub_id else template
    for check in checks.answer:
        why = check(sub.answer_format, answer, sub.unit, acceptable)
        if why:
            return None, [], why, []
    return answer, acceptable, None, []


def gold_triples(kg, template: Template, bindings: dict) -> str:
    """Return the gold triples of one execution (the union over the template's gold queries) as sorted N-Triples."""
    lines = set()
    for sparql in template.compile_gold(bindings):
        lines.update(f"{t.subject} {t.predicate} {t.object} .\n" for t in kg.query(sparql, strict=True).triples)
    return "".join(sorted(lines))


def generate(template_id: str, kg=None, *, n: int | None = None, seed: int = 0, per_stratum: int = 30,
             progress: Callable[[int, int], None] | None = None, report: GenerationReport | None = None,
             false_premise_share: float = FALSE_PREMISE_SHARE, checks: Checks = NO_CHECKS) -> list[Item]:
    """Return verified items of one template over a KG (default: the bundled snapshot), reproducible for a seed.

    Up to ``per_stratum`` items per (income tier, density tier) cell of the anchor role; with ``n``, at
    most ``n`` true-premise items drawn evenly across cells. Executions that fail validation or hit a geo
    function failure are discarded and counted in ``report``. Templates with a false-premise perturbation
    add false-premise items (answer None, the expected response is a refusal) so that they are
    ``false_premise_share`` of the result (default 8%; 0 for none), as far as the snapshot has them.
    ``checks`` are the evaluation's checks (:class:`Checks`; none by default: :func:`kgbench.generate` passes
    them).

    >>> items = generate("A1", n=3, seed=0)   # doctest: +SKIP
    >>> items[0].answer_format                 # doctest: +SKIP
    'Distance'
    """
    if kg is None:
        from kgbench.kg.store import open_kg

        kg = open_kg()
    template = load_template(template_id)
    report = report if report is not None else GenerationReport(template.id)
    sampler, ncells, k = _sampler(kg, template, report, seed, per_stratum, n)
    if sampler is None:
        return []
    total = k * ncells
    by_cell: dict = {}
    seen: set = set()
    done = 0

    def on_item(cell, item):
        nonlocal done
        by_cell.setdefault(cell, []).append(item)
        report.per_cell["/".join(cell)] += 1
        report.per_scale[item.scale or "-"] += 1
        done += 1
        if progress:
            progress(done, total)

    _drive(kg, template, sampler, seed, report, seen, on_item, false_premise=False, guard=BalanceGuard(),
           checks=checks)
    items = _interleave(list(by_cell.values()))
    if n is not None:
        items = items[:n]
    trimmed = Counter()
    items = balance_items(items, trimmed)
    report.balance_dropped += trimmed[template.id]
    if trimmed[template.id]:
        report.discarded["balance: trimmed to the sub-template's share"] += trimmed[template.id]
    if items and false_premise_share > 0:
        items = merge_false_premises(items, false_premise_items(
            template_id, kg, want=false_premises_wanted(len(items), false_premise_share), seed=seed, report=report,
            checks=checks))
    report.items = len(items)
    return items


def false_premises_wanted(true_items: int, share: float) -> int:
    """Return how many false-premise items make them ``share`` of a result that has ``true_items`` true ones.

    At least one when there is any true item and the share is positive.

    >>> false_premises_wanted(92, 0.08), false_premises_wanted(3, 0.08), false_premises_wanted(50, 0.0)
    (8, 1, 0)
    """
    if true_items <= 0 or share <= 0:
        return 0
    return max(1, round(true_items * share / (1 - share)))


def false_premise_items(template_id: str, kg=None, *, want: int, seed: int = 0,
                        report: GenerationReport | None = None, checks: Checks = NO_CHECKS) -> list[Item]:
    """Return up to ``want`` false-premise items of a template (none if it defines no perturbation), seeded.

    Rows of the template's ``false_premise.candidates`` query are drawn evenly across the anchor's
    stratum cells; each item has answer None and records the perturbation. Fewer than ``want`` when the
    snapshot has fewer (the shortfall shows in ``report.discarded``).
    """
    template = load_template(template_id)
    if not template.false_premise or want <= 0:
        return []
    if kg is None:
        from kgbench.kg.store import open_kg

        kg = open_kg()
    report = report if report is not None else GenerationReport(template.id)
    rows = query_rows(kg, template, template.false_premise.candidates, "false_premise")
    index = entity_index(kg)
    anchor = anchor_role(template)
    cells = {index[r[anchor].value].cell for r in rows if r[anchor].value in index} & _STRATIFIED
    # an even share per cell first; where thin cells leave it short, a second pass lets every cell give up to
    # ``want`` (the same seeded order, so it repeats the first pass's draws): only the last pass is reported
    for per_cell in dict.fromkeys((_per_cell(want, want, len(cells)), want)):
        by_cell: dict = {}
        drive_report = GenerationReport(template.id)
        sampler = sample_rows(template, rows, index, anchor=anchor, seed=seed, salt="false-premise",
                              per_cell=per_cell)
        _drive(kg, template, sampler, seed, drive_report, set(),
               lambda cell, it: by_cell.setdefault(cell, []).append(it), false_premise=True, checks=checks)
        if sum(map(len, by_cell.values())) >= want:
            break
    report.discarded.update(drive_report.discarded)
    fp = _interleave(list(by_cell.values()))[:want]
    if len(fp) < want:
        report.discarded["false premise: fewer perturbable tuples than wanted"] += want - len(fp)
    report.false_premise += len(fp)
    return fp


def _sampler(kg, template: Template, report: GenerationReport, seed: int, per_stratum: int, n: int | None):
    kind = template.sampling.kind
    if kind == "query":
        rows = query_rows(kg, template, template.sampling.candidates, "candidates")
        index = entity_index(kg)
        anchor = anchor_role(template)
        report.candidates = {"tuples": len(rows)}
        if not rows:
            report.discarded["no candidate tuples"] += 1
            return None, 0, 0
        cells = {index[r[anchor].value].cell for r in rows if r[anchor].value in index} & _STRATIFIED
        k = _per_cell(per_stratum, n, len(cells))
        return sample_rows(template, rows, index, anchor=anchor, seed=seed, per_cell=k), len(cells), k
    candidates = {r: role_candidates(kg, role) for r, role in template.roles.items()}
    report.candidates = {r: len(c) for r, c in candidates.items()}
    if any(not c for c in candidates.values()):
        report.discarded["no candidates for a role"] += 1
        return None, 0, 0
    ncells = len(stratum_cells(candidates[next(iter(template.roles))]))
    k = _per_cell(per_stratum, n, ncells)
    return sample_tuples(template, candidates, seed=seed, per_cell=k), ncells, k


def _per_cell(per_stratum: int, n: int | None, ncells: int) -> int:
    """Return how many items each stratum cell may give: per_stratum, or with n an even share of n."""
    return per_stratum if n is None else max(1, min(per_stratum, math.ceil(n / max(ncells, 1))))


def _drive(kg, template, sampler, seed, report, seen, on_item, *, false_premise: bool,
           guard: BalanceGuard | None = None, checks: Checks = NO_CHECKS) -> None:
    try:
        drawn = next(sampler)
        while True:
            cell, scale, chosen, *rest = drawn
            item, reason = _make_item(kg, template, chosen, seed, scale, report, checks, false_premise, *rest)
            if item is not None and (item.question, repr(item.answer)) in seen:
                item, reason = None, "duplicate question and answer"
            if item is not None and symmetric_key(template, item) in seen:
                item, reason = None, "symmetric duplicate (same sub-template and entities, roles swapped)"
                report.symmetric_duplicates += 1
            content = content_key(kg, template, item) if item is not None else None
            if content is not None and content in seen:
                item, reason = None, "same sub-template, answer and members as an item already drawn (distinct_by)"
            if item is not None:
                why = leaks(item, region_names(kg))
                if why:
                    item, reason = None, f"answer readable from the question ({', '.join(why)})"
            why = next(filter(None, (check(template, item) for check in checks.item)), None) if item is not None else None
            if why:
                item, reason = None, why
            if item is not None and guard is not None and not guard.admit(item.sub_template_id, item.answer_format,
                                                                          item.answer):
                item, reason = None, "balance: this answer is at its share of the sub-template"
                report.balance_dropped += 1
            if item is None:
                report.discarded[("false premise: " if false_premise else "") + reason] += 1
                drawn = sampler.send(False)
                continue
            seen.update({(item.question, repr(item.answer)), symmetric_key(template, item), content})
            on_item(cell, item)
            drawn = sampler.send(True)
    except StopIteration:
        pass


def region_names(kg) -> dict[str, set[str]]:
    """Return region category -> the name keys of every KG entity of it, memoized per KG.

    What :func:`kgbench.generator.leaks.leaks` needs to see a false premise given away by a name's
    qualifier ("Blaine County, Idaho" asked as in Montana); the audit builds the same map from a release.
    """
    memo = getattr(kg, "memo", None)
    if memo is not None and "region_names" in memo:
        return memo["region_names"]
    out: dict[str, set[str]] = {}
    for row in kg.query("SELECT ?cat ?name WHERE { ?e kgb:category ?cat ; kgb:canonicalName ?name }", strict=True):
        cat = str(python_value(row["cat"]))
        if REGION_CATEGORY.search(cat):
            out.setdefault(cat, set()).add(name_key(str(python_value(row["name"]))))
    if memo is not None:
        memo["region_names"] = out
    return out


def symmetric_key(template: Template, item: Item) -> tuple:
    """Return what makes two items the same question up to the order of their roles.

    The sub-template, the unordered set of role values (entity IRIs, categories) and the parameters: "the
    distance between A and B" and "between B and A" share it. Deterministic, so the first drawn is kept.
    """
    roles = frozenset(str(item.bindings[r]) for r in template.roles if r in item.bindings)
    params = tuple(sorted((k, str(v)) for k, v in item.bindings.items() if k not in template.roles))
    return ("symmetric", item.sub_template_id, roles, params)


def _interleave(groups: list[list[Item]]) -> list[Item]:
    out, i = [], 0
    while any(i < len(g) for g in groups):
        out += [g[i] for g in groups if i < len(g)]
        i += 1
    return out


def merge_false_premises(items: list[Item], fp: list[Item]) -> list[Item]:
    """Return true items with false-premise items spread evenly among them (a stable, seed-free order)."""
    if not fp:
        return items
    out, step = [], max(1, len(items) // len(fp))
    fps = iter(fp)
    for i, it in enumerate(items):
        out.append(it)
        if (i + 1) % step == 0:
            nxt = next(fps, None)
            if nxt is not None:
                out.append(nxt)
    out += list(fps)
    return out


def _make_item(kg, template: Template, chosen: dict, seed: int, scale, report, checks: Checks,
               false_premise: bool = False, sub_id: str | None = None,
               row_params: dict | None = None) -> tuple[Item | None, str | None]:
    if template.validation.distinct_names and len({c.name for c in chosen.values()}) < len(chosen):
        return None, "roles share a name"
    keys = [chosen[r].iri if hasattr(chosen[r], "iri") else chosen[r].category for r in template.roles]
    row_params = row_params or {}
    keys += [f"{k}={_show(v)}" for k, v in sorted(row_params.items())]
    rng = random.Random(f"{seed}|{template.id}|{'|'.join(keys)}")
    if sub_id is not None:  # the candidates query said which sub-template this tuple belongs to
        try:
            sub = template.sub_template(sub_id)
        except KeyError as exc:
            raise ValueError(f"candidates row: {exc.args[0]}") from None
        rng.random()  # keep the variant draw independent of how the sub-template was chosen
    else:
        sub = rng.choice(template.sub_templates)
    variant = rng.choice(sub.variants)
    chosen = named_within(template, chosen, kg)
    bindings = {r: c.term for r, c in chosen.items()}
    # a sub-template's fixed parameters, then the ones the candidates row carries (e.g. a storm's own season)
    params = {**sub.parameters, **row_params}
    bindings.update({k: v if isinstance(v, (NamedNode, Literal)) else Literal(v) for k, v in params.items()})
    if false_premise:
        answer, acceptable = None, []
    else:
        answer, acceptable, reason, warnings = execute(kg, template, bindings, sub.id, checks)
        if warnings:
            report.warnings.extend(warnings)
        if reason:
            return None, reason
        if template.validation.nameable_answers and unnameable_members(kg, sub.answer_format, answer):
            return None, "an answer member cannot be named (ambiguous, or a bare name shared in the set)"
    gold = gold_triples(kg, template, bindings)
    if not false_premise:
        acceptable = distinct_alternatives(answer, acceptable + bare_name_aliases(
            kg, sub.answer_format, answer, chosen, gold if template.validation.candidates_in_gold else None))
    names = {r: c.name for r, c in chosen.items()}
    running = {r: running_name(c.name, c.category) for r, c in chosen.items() if not isinstance(c, CategoryValue)}
    names.update({r: text for r, (text, _) in running.items()})
    names.update({f"{r}_one": c.singular for r, c in chosen.items() if isinstance(c, CategoryValue)})
    names.update({k: _show(v) for k, v in params.items()})
    definite = {r for r, (_, the) in running.items() if the}
    question = Variant(variant.id, with_definite_articles(variant.text, definite)).render(names)
    question += locality_note(kg, chosen)
    anchor = chosen[anchor_role(template)]
    graphs = sorted({c.graph for c in chosen.values() if hasattr(c, "graph")})
    snapshot = getattr(kg, "snapshot_id", "custom")
    item = Item(
        id=item_id(template.id, snapshot, template.version, sub.id, variant.id, *keys, *(["fp"] if false_premise else [])),
        template_id=template.id, template_version=template.version, sub_template_id=sub.id,
        variant_id=f"{sub.id}.{variant.id}", language="eng", question=question,
        answer_format=sub.answer_format, answer=answer, unit=sub.unit, acceptable=acceptable,
        false_premise=false_premise,
        perturbation={"kind": template.false_premise.kind, "description": template.false_premise.description}
        if false_premise else None,
        entities={r: c.describe() for r, c in chosen.items()},
        bindings={k: _plain(v) for k, v in bindings.items()},
        sparql=template.compile(bindings), gold_triples=gold,
        kg="+".join(graphs), stratum={"country": anchor.country, "income_tier": anchor.income_tier,
                                      "density_tier": anchor.density_tier},
        snapshot=snapshot, scale=scale)
    return item, None


def _plain(term):
    if isinstance(term, NamedNode):
        return term.value
    if isinstance(term, Literal):
        return python_value(term)
    return term


def _show(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(getattr(value, "value", value))
