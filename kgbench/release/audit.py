"""The audit of a benchmark release: per-template figures and the rules of issue 9 that a release must keep.

:func:`audit_release` reads a release folder (``large/items.jsonl``, ``small/items.jsonl``) or one items file and
returns an :class:`AuditReport`: figures per template (coordinates in questions and gold names, answers readable
from the question, class balance, the best constant answer's EM, oracle prompt sizes, false premises, countries,
strata, duplicates) and for the whole release (false premises by answer format, the top country, family and
format shares against the reference design, the small/large ratio), with every broken rule as a
:class:`Violation` naming the rule and the template. Thresholds live in one place, :class:`AuditRules`; each
field names the rule of issue 9 it checks. ``kgbench audit RELEASE`` prints it and exits non-zero when a rule is
broken.
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from kgbench.release import audit_checks as checks
from kgbench.generator.balance import CLASS_SHARE, CONSTANT_SHARE, MIN_ITEMS
from kgbench.release.card import REFERENCE_FAMILY_SHARES, REFERENCE_FORMAT_SHARES
from kgbench.evaluation.context import DEFAULT_CONTEXT_BUDGET, TOKEN_ESTIMATOR
from kgbench.generator.localize import first_of_each_stem, id_stem, localized_share
from kgbench.release.dataset import SMALL_SHARE, _template_key, family_of
from kgbench.evaluation.formats import get_format, name_key
from kgbench.generator.items import Item, read_jsonl
from kgbench.release.policy import COUNTRY_CAP, SET_SHARE_FLOOR, SHARE_FLOOR
from kgbench.evaluation.prompts import fit_item_gold
from kgbench.ontologies.tiers import INCOME_TIERS

__all__ = ["AuditRules", "AuditReport", "Violation", "RULES", "audit_items", "audit_release", "load_release"]


@dataclasses.dataclass(frozen=True)
class AuditRules:
    """The thresholds a release is held to; each field's comment gives the rule of issue 9 it checks."""

    #: rule 1: H3 items whose resolution-0 parent would score
    max_h3_parent_credit: int = 0
    #: rule 2: items with coordinates in the question or a gold name
    max_coordinate_items: int = 0
    #: rule 3: items whose answer is readable from the question
    max_leaks: int = 0
    #: rule 5: the largest share of one class in a Boolean/ternary sub-template with at least ``min_items``
    max_class_share: float = CLASS_SHARE
    #: rule 5: the most a single constant answer may score (EM) in any other sub-template of ``min_items``
    max_constant_em: float = CONSTANT_SHARE
    #: rule 5: the fewest items for a sub-template's balance and constant to be judged
    min_items: int = MIN_ITEMS
    #: rule 5: items repeating another item's entities in the same sub-template (A-B and B-A)
    max_duplicates: int = 0
    #: rule 5: unordered country pairs asked by more than one template
    max_shared_country_pairs: int = 0
    #: rule 6: Count/Set false premises whose perturbation is "no members" (natural answer 0 or none)
    max_empty_false_premises: int = 0
    #: rule 8: the tiers a stratified item may carry
    income_tiers: tuple = INCOME_TIERS
    #: rule 8: the largest share of the benchmark in one country
    max_country_share: float = COUNTRY_CAP
    #: rule 10: the oracle prompts' budget in estimated tokens, and the share of items allowed over it
    context_budget: int = DEFAULT_CONTEXT_BUDGET
    max_over_budget_share: float = 0.0
    #: rule 11: E and F shares at least this fraction of the reference's, Set enumeration at least min_set_share
    min_reference_fraction: float = SHARE_FLOOR
    min_set_share: float = SET_SHARE_FLOOR
    #: rule 13: the small split's size as a share of the large one
    max_small_ratio: float = SMALL_SHARE


RULES = {1: "H3 scoring: a coarser cell never scores", 2: "no coordinates in questions or gold names",
         3: "no answer readable from the question", 5: "balance and no duplicates",
         6: "Count/Set natural-zero questions are never false premises", 8: "four income tiers, no country above 5%",
         10: "oracle prompts fit the context budget", 11: "family and format shares",
         12: "parallel items: every item in every language of the release, every placeholder filled",
         13: "small split at most 15% of the large one"}


class Violation(NamedTuple):
    """A broken rule: its issue-9 number, its name, the template (None for the whole release) and what was found."""

    rule: int
    name: str
    template: str | None
    message: str


@dataclasses.dataclass
class AuditReport:
    """Return what an audit found: ``templates`` (template id -> figures), ``overall`` figures, ``violations``."""

    templates: dict
    overall: dict
    violations: list
    rules: AuditRules

    @property
    def ok(self) -> bool:
        """Return True when no rule is broken."""
        return not self.violations

    def to_dict(self) -> dict:
        """Return the report as JSON-ready data."""
        return {"ok": self.ok, "rules": {k: list(v) if isinstance(v, tuple) else v
                                         for k, v in dataclasses.asdict(self.rules).items()},
                "overall": self.overall, "templates": self.templates,
                "violations": [v._asdict() for v in self.violations]}

    def to_json(self) -> str:
        """Return the report as indented JSON."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False, default=str)

    def to_table(self) -> str:
        """Return the report as plain-text tables: one row per template, the overall figures, the violations."""
        head = ["template", "items", "fp", "coord", "leaks", "cls%", "const%", "prompt max", "p95", "over%",
                "fp0", "noTier", "topC%", "dups"]
        rows = []
        for tid, t in self.templates.items():
            p = t.get("prompts") or {}
            rows.append([tid, t["items"], t["false_premise"], t["coordinates"], t["leaks"]["items"],
                         _pct(t["class_balance"]["worst_share"]), _pct(t["best_constant"]["worst_em"]),
                         p.get("max_chars", "-"), p.get("p95_chars", "-"), _pct(p.get("over_budget_share")),
                         t["empty_false_premises"], t["strata_outside_tiers"], _pct(t["top_country"]["share"]),
                         t["duplicates"]])
        widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
        lines = ["  ".join(str(c).rjust(w) for c, w in zip(r, widths)) for r in [head, *rows]]
        o = self.overall
        lines += ["", f"items: {o['items']} (small {o['small_items']}, ratio {_pct(o['small_ratio'])})",
                  f"top country: {o['top_country']['country']} {_pct(o['top_country']['share'])}",
                  "families vs reference: " + ", ".join(f"{f} {_pct(v['share'])} (ref {_pct(v['reference'])})"
                                                        for f, v in o["family_shares"].items()),
                  "formats vs reference: " + ", ".join(f"{f} {_pct(v['share'])} (ref {_pct(v['reference'])})"
                                                       for f, v in o["format_shares"].items()),
                  "false premises by format: " + ", ".join(f"{f} {v['count']} ({_pct(v['share'])})"
                                                           for f, v in o["false_premise_by_format"].items()),
                  f"shared country pairs: {o['shared_country_pairs']['count']}",
                  "languages: " + ", ".join(f"{c} {r['items']}" + (f" (localized {_pct(r['localized_share'])}, "
                                                                   f"edited {_pct(r['edited_share'])})"
                                                                   if "localized_share" in r else "")
                                            for c, r in o.get("languages", {}).items()),
                  f"oracle prompts ({TOKEN_ESTIMATOR}, budget {self.rules.context_budget} tokens): "
                  + json.dumps(o.get("prompts") or "not measured"), ""]
        if self.violations:
            lines.append(f"{len(self.violations)} rule violation(s):")
            lines += [f"  rule {v.rule} ({v.name}) {v.template or 'release'}: {v.message}" for v in self.violations]
        else:
            lines.append("no rule violated")
        return "\n".join(lines)


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def _p95(values: Sequence[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0


def load_release(path: str | Path) -> tuple[list[Item], list[Item] | None]:
    """Return (large items, small items or None) of a release folder, or (items, None) of one JSONL file."""
    p = Path(path)
    if p.is_dir():
        large = p / "large" / "items.jsonl"
        if not large.is_file():
            raise FileNotFoundError(f"{p}: not a release folder (no large/items.jsonl)")
        small = p / "small" / "items.jsonl"
        return read_jsonl(large), (read_jsonl(small) if small.is_file() else None)
    if not p.is_file():
        raise FileNotFoundError(f"{p}: no such release folder or items file")
    return read_jsonl(p), None


def _fit_sizes(args: tuple[dict, int]) -> tuple[int, int, bool]:
    item, budget = args
    f = fit_item_gold(item, budget)
    return f.chars_before, f.chars_after, f.simplified


def prompt_sizes(items: Sequence[Item], budget: int, *, jobs: int = 1,
                 progress: Callable[[int, int], None] | None = None) -> dict[str, tuple[int, int, bool]]:
    """Return item id -> (characters of its largest oracle prompt with the full gold, after fitting, simplified?).

    Fitting simplifies large geometries (the slowest figure of the audit), so ``jobs`` > 1 fits items in that
    many worker processes; ``progress(done, total)`` is called as items finish. The figures do not depend on
    ``jobs``.
    """
    items = list(items)
    out: dict[str, tuple[int, int, bool]] = {}
    work = [(it.to_dict(), budget) for it in items]
    if jobs > 1 and len(items) > 1:
        with cf.ProcessPoolExecutor(max_workers=jobs) as pool:
            for i, sizes in enumerate(pool.map(_fit_sizes, work, chunksize=4)):
                out[items[i].id] = sizes
                if progress:
                    progress(i + 1, len(items))
    else:
        for i, w in enumerate(work):
            out[items[i].id] = _fit_sizes(w)
            if progress:
                progress(i + 1, len(items))
    return out


def _prompt_figures(items: Sequence[Item], budget: int, sizes: dict[str, tuple[int, int, bool]]) -> dict:
    fitted = [sizes[it.id] for it in items]
    limit = budget * 4
    after = [a for _, a, _ in fitted]
    return {"max_chars_full": max((b for b, _, _ in fitted), default=0), "max_chars": max(after, default=0),
            "p95_chars": _p95(after), "over_budget": sum(1 for c in after if c > limit),
            "over_budget_share": sum(1 for c in after if c > limit) / len(items) if items else 0.0,
            "simplified": sum(1 for *_, s in fitted if s),
            "simplified_share": sum(1 for *_, s in fitted if s) / len(items) if items else 0.0,
            "over_budget_full": sum(1 for b, _, _ in fitted if b > limit)}


def _template_figures(items: list[Item], rules: AuditRules, region_names, sizes: dict | None) -> dict:
    true = [it for it in items if not it.false_premise]
    subs: dict[str, list[Item]] = defaultdict(list)
    for it in true:
        subs[it.sub_template_id].append(it)
    balance, constants = {}, {}
    for sid, group in sorted(subs.items()):
        if len(group) < rules.min_items:
            continue
        if get_format(group[0].answer_format).name == "Boolean / ternary":  # a class share, not a constant
            share, label = checks.majority_share(group)
            balance[sid] = {"items": len(group), "share": round(share, 4), "majority": label}
        else:
            em, answer = checks.best_constant(group)
            constants[sid] = {"items": len(group), "em": round(em, 4), "constant": json.dumps(answer, default=str)[:80]}
    leak_kinds: Counter = Counter()
    leak_items = []
    for it in items:
        found = checks.leaks(it, region_names)
        leak_kinds.update(found)
        if found:
            leak_items.append(it.id)
    coordinate_items = [it.id for it in items if checks.coordinate_texts(it)]
    countries = Counter(str((it.stratum or {}).get("country") or "NA") for it in items)
    top = min(countries.items(), key=lambda kv: (-kv[1], kv[0])) if countries else ("-", 0)
    dup_groups = checks.duplicate_groups(items)
    worst_balance = max(balance.items(), key=lambda kv: kv[1]["share"], default=(None, {}))
    worst_constant = max(constants.items(), key=lambda kv: kv[1]["em"], default=(None, {}))
    return {
        "items": len(items), "false_premise": len(items) - len(true),
        "formats": dict(Counter(it.answer_format for it in items)),
        "coordinates": len(coordinate_items), "coordinate_examples": coordinate_items[:3],
        "leaks": {"items": len(leak_items), "kinds": dict(leak_kinds), "examples": leak_items[:3]},
        "class_balance": {"sub_templates": balance, "worst": worst_balance[0],
                          "worst_share": worst_balance[1].get("share")},
        "best_constant": {"sub_templates": constants, "worst": worst_constant[0],
                          "worst_em": worst_constant[1].get("em")},
        "prompts": _prompt_figures(items, rules.context_budget, sizes) if sizes is not None else None,
        "empty_false_premises": sum(1 for it in items if checks.empty_false_premise(it)),
        "strata_outside_tiers": sum(1 for it in items
                                    if (it.stratum or {}).get("income_tier") not in rules.income_tiers),
        "top_country": {"country": top[0], "share": top[1] / len(items) if items else None},
        "duplicates": sum(len(g) - 1 for g in dup_groups),
        "duplicate_examples": [[it.id for it in g] for g in dup_groups[:2]],
        "h3_parent_credit": sum(1 for it in items if checks.h3_parent_scores(it)),
    }


def _template_violations(tid: str, t: dict, rules: AuditRules) -> list[Violation]:
    v = []

    def add(rule: int, message: str) -> None:
        v.append(Violation(rule, RULES[rule], tid, message))

    if t["h3_parent_credit"] > rules.max_h3_parent_credit:
        add(1, f"{t['h3_parent_credit']} H3 items credit their resolution-0 parent")
    if t["coordinates"] > rules.max_coordinate_items:
        add(2, f"{t['coordinates']} items with coordinates in the question or a gold name, e.g. "
               f"{t['coordinate_examples'][0]}")
    if t["leaks"]["items"] > rules.max_leaks:
        add(3, f"{t['leaks']['items']} items readable from the question ({t['leaks']['kinds']}), e.g. "
               f"{t['leaks']['examples'][0]}")
    for sid, b in t["class_balance"]["sub_templates"].items():
        if b["share"] > rules.max_class_share:
            add(5, f"sub-template {sid}: {100 * b['share']:.0f}% of {b['items']} items are {b['majority']!r}")
    for sid, c in t["best_constant"]["sub_templates"].items():
        if c["em"] > rules.max_constant_em:
            add(5, f"sub-template {sid}: the constant {c['constant']} scores {100 * c['em']:.0f}% EM")
    if t["duplicates"] > rules.max_duplicates:
        add(5, f"{t['duplicates']} items repeat another item's entities in the same sub-template")
    if t["empty_false_premises"] > rules.max_empty_false_premises:
        add(6, f"{t['empty_false_premises']} Count/Set false premises whose natural answer is 0 or none")
    if t["strata_outside_tiers"]:
        add(8, f"{t['strata_outside_tiers']} items with an income tier outside {'/'.join(rules.income_tiers)}")
    p = t["prompts"]
    if p and p["over_budget_share"] > rules.max_over_budget_share:
        add(10, f"{p['over_budget']} oracle prompts over {rules.context_budget} tokens (largest {p['max_chars']} "
                f"characters)")
    return v


def _share_table(counts: Counter, total: int, reference: Mapping[str, float]) -> dict:
    return {k: {"share": counts.get(k, 0) / total if total else 0.0, "reference": ref}
            for k, ref in reference.items()}


def audit_items(large: Sequence[Item], small: Sequence[Item] | None = None, *, rules: AuditRules = AuditRules(),
                prompts: bool = True, jobs: int = 1,
                progress: Callable[[int, int], None] | None = None) -> AuditReport:
    """Return the :class:`AuditReport` of a release's items (``small`` None: the split ratio is not judged).

    ``prompts`` False skips rendering the oracle prompts (the slowest figure; rule 10 is then not judged);
    ``jobs`` and ``progress`` are those of :func:`prompt_sizes`.
    """
    every = list(large)
    languages = language_figures(every)
    large = first_of_each_stem(every)  # parallel items share answers and strata: the rules judge one of each
    if small is not None:
        small = first_of_each_stem(list(small))
    sizes = prompt_sizes(large, rules.context_budget, jobs=jobs, progress=progress) if prompts else None
    region_names: dict[str, set[str]] = defaultdict(set)
    for it in large:
        for e in (it.entities or {}).values():
            if isinstance(e, dict) and e.get("name") and checks.REGION_CATEGORY.search(str(e.get("category", ""))):
                region_names[str(e.get("category"))].add(name_key(e["name"]))
    by_template: dict[str, list[Item]] = defaultdict(list)
    for it in large:
        by_template[it.template_id].append(it)
    templates, violations = {}, []
    for tid in sorted(by_template, key=_template_key):
        templates[tid] = _template_figures(by_template[tid], rules, region_names, sizes)
        violations += _template_violations(tid, templates[tid], rules)
    n = len(large)
    countries = Counter(str((it.stratum or {}).get("country") or "NA") for it in large)
    top = min(countries.items(), key=lambda kv: (-kv[1], kv[0])) if countries else ("-", 0)
    fp_formats: dict[str, dict] = {}
    for fmt, count in sorted(Counter(it.answer_format for it in large).items()):
        fp = sum(1 for it in large if it.answer_format == fmt and it.false_premise)
        fp_formats[fmt] = {"count": fp, "share": fp / count, "items": count}
    pairs = checks.country_pairs(large)
    overall = {
        "items": n, "small_items": None if small is None else len(small),
        "small_ratio": None if small is None or not n else len(small) / n,
        "false_premise_by_format": fp_formats,
        "top_country": {"country": top[0], "share": top[1] / n if n else None},
        "family_shares": _share_table(Counter(family_of(it.template_id) for it in large), n, REFERENCE_FAMILY_SHARES),
        "format_shares": _share_table(Counter(it.answer_format for it in large), n, REFERENCE_FORMAT_SHARES),
        "shared_country_pairs": {"count": len(pairs), "examples": [
            {"pair": sorted(p), "templates": sorted(t)} for p, t in list(pairs.items())[:3]]},
        "languages": languages,
    }
    if prompts:
        per = [t["prompts"] for t in templates.values()]
        overall["prompts"] = {"max_chars_full": max((p["max_chars_full"] for p in per), default=0),
                              "max_chars": max((p["max_chars"] for p in per), default=0),
                              "over_budget_full": sum(p["over_budget_full"] for p in per),
                              "over_budget": sum(p["over_budget"] for p in per),
                              "simplified": sum(p["simplified"] for p in per)}
    violations += _overall_violations(overall, rules, pairs)
    return AuditReport(templates, overall, violations, rules)


_PLACEHOLDER = re.compile(r"\{[A-Za-z][A-Za-z0-9_]*(:[^{}]*)?\}")


def language_figures(items: Sequence[Item]) -> dict:
    """Return per language of a release: items, English items without a parallel item in it, questions with a
    placeholder left, and the shares of localized entity mentions and of grammar-edited questions."""
    stems_by_language: dict[str, set[str]] = defaultdict(set)
    unfilled: Counter = Counter()
    for it in items:
        stems_by_language[it.language].add(id_stem(it))
        if _PLACEHOLDER.search(it.question or ""):
            unfilled[it.language] += 1
    english = stems_by_language.get("eng", set())
    shares = localized_share(items)
    out = {}
    for code in sorted(stems_by_language, key=lambda c: (c != "eng", c)):
        row = {"items": sum(1 for it in items if it.language == code),
               "missing_parallel": len(english - stems_by_language[code]) if code != "eng" and english else 0,
               "unfilled_placeholders": unfilled[code]}
        if code in shares:
            row.update(localized_share=shares[code]["localized_share"], edited_share=shares[code]["edited_share"])
        out[code] = row
    return out


def _overall_violations(o: dict, rules: AuditRules, pairs) -> list[Violation]:
    v = []
    for code, row in o.get("languages", {}).items():
        if row["missing_parallel"] or row["unfilled_placeholders"]:
            v.append(Violation(12, RULES[12], None, f"{code}: {row['missing_parallel']} English items without a "
                                                    f"parallel item, {row['unfilled_placeholders']} questions with "
                                                    "a placeholder left"))
    if o["top_country"]["share"] is not None and o["top_country"]["share"] > rules.max_country_share:
        v.append(Violation(8, RULES[8], None, f"{o['top_country']['country']} holds "
                                              f"{100 * o['top_country']['share']:.1f}% of the items"))
    if len(pairs) > rules.max_shared_country_pairs:
        templates = sorted({t for ts in pairs.values() for t in ts})
        v.append(Violation(5, RULES[5], ",".join(templates[:8]),
                           f"{len(pairs)} country pairs asked by several templates"))
    for family, f in o["family_shares"].items():
        if f["share"] < rules.min_reference_fraction * f["reference"]:
            v.append(Violation(11, RULES[11], None, f"family {family} is {100 * f['share']:.1f}% of the items, "
                                                    f"under 2/3 of the reference's {100 * f['reference']:.1f}%"))
    sets = o["format_shares"].get("Set enumeration")
    if sets is not None and sets["share"] < rules.min_set_share:
        v.append(Violation(11, RULES[11], None, f"Set enumeration is {100 * sets['share']:.1f}% of the items, "
                                                f"under {100 * rules.min_set_share:.0f}%"))
    if o["small_ratio"] is not None and o["small_ratio"] > rules.max_small_ratio:
        v.append(Violation(13, RULES[13], None, f"the small split is {100 * o['small_ratio']:.1f}% of the large one"))
    return v


def audit_release(path: str | Path, *, rules: AuditRules = AuditRules(), prompts: bool = True, jobs: int = 1,
                  progress: Callable[[int, int], None] | None = None) -> AuditReport:
    """Return the :class:`AuditReport` of a release folder or an items JSONL file (see :func:`audit_items`)."""
    large, small = load_release(path)
    return audit_items(large, small, rules=rules, prompts=prompts, jobs=jobs, progress=progress)
