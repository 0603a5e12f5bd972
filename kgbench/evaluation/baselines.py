"""Reference baselines scored like any model: the majority answer and the gold-triple oracle.

- :func:`majority_predictions` answers every item with its sub-template's most frequent gold answer
  (``spec/scoring.md``, "Majority baseline"). It never refuses.
- :func:`oracle_predictions` answers every item from its gold triples alone: the triples are loaded into a
  fresh in-memory KG, the item's recorded SPARQL is executed there and the answer is assembled by the
  template's own rules (:func:`~kgbench.generator.generate.assemble_answer`). When that yields no answer
  (the result is rejected or the query fails) the oracle refuses. It never looks at ``false_premise``, so an
  oracle answer on a false-premise item shows that the item's gold triples still support an answer: the
  template's false-premise design leaks.

Predictions are records ``{"id", "answer", "unit", "baseline", "note"}`` ready for
:func:`kgbench.evaluation.evaluate.evaluate`; ``answer`` None is a refusal.

>>> from kgbench.generator.items import Item
>>> def item(i, sub, answer, fp=False):
...     return Item(id=i, template_id="C9", template_version=1, sub_template_id=sub, variant_id=sub + ".v1",
...                 language="eng", question="?", answer_format="Boolean / ternary", answer=answer, unit=None,
...                 acceptable=[], false_premise=fp, perturbation=None, entities={}, bindings={}, sparql="",
...                 gold_triples="", kg="osm", stratum={}, snapshot="s")
>>> items = [item("a", "C9-1", "true"), item("b", "C9-1", "false"), item("c", "C9-1", "false"),
...          item("d", "C9-1", None, fp=True)]
>>> [p["answer"] for p in majority_predictions(items)]
['false', 'false', 'false', 'false']
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from kgbench.evaluation.evaluate import EvaluationResult, evaluate
from kgbench.evaluation.prompts import fit_item_gold
from kgbench.fileio import write_json_lines
from kgbench.generator.generate import Rejected, assemble_answer
from kgbench.generator.items import Item, read_jsonl
from kgbench.geofunctions.registry import GeoFunctionError
from kgbench.kg.store import KG, DataFileError, QuerySyntaxError
from kgbench.queries.template import load_template

__all__ = ["majority_predictions", "oracle_predictions", "oracle_answer", "baseline_predictions", "evaluate_baseline",
           "BASELINES", "as_items"]

#: the baselines :func:`baseline_predictions` knows
BASELINES = ("majority", "oracle")


def as_items(items: Iterable[Item | Mapping]) -> list[Item]:
    """Return the items as :class:`~kgbench.generator.items.Item` objects (dicts are converted).

    >>> as_items([{"id": "x"}])  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    TypeError: missing required arguments
    """
    return [it if isinstance(it, Item) else Item.from_dict(it) for it in items]


def _answer_key(answer: Any) -> str:
    """Return a canonical text of an answer, so that equal answers (lists, dicts included) compare equal."""
    return json.dumps(answer, sort_keys=True, ensure_ascii=False, default=str)


def _most_frequent(answers: list[Any]) -> Any:
    """Return the most frequent answer; ties go to the smallest canonical text (deterministic).

    >>> _most_frequent([3.5, 1.0, 3.5, 1.0])
    1.0
    >>> _most_frequent([["b"], ["a", "c"], ["b"]])
    ['b']
    """
    counts = Counter(_answer_key(a) for a in answers)
    first = {}
    for a in answers:
        first.setdefault(_answer_key(a), a)
    key = min(counts, key=lambda k: (-counts[k], k))
    return first[key]


def majority_predictions(items: Iterable[Item | Mapping]) -> list[dict]:
    """Return one prediction per item: the most frequent gold answer of the item's sub-template.

    The majority is taken over the true-premise items of the sub-template in the given dataset; ties go
    to the answer whose canonical JSON text sorts first. The unit is the item's own unit. A sub-template
    without any true-premise item falls back to its template's majority, then to its answer format's; an
    item left without any (no true-premise item of its format at all) gets no ``answer`` key and scores as
    missing. The majority baseline never refuses.
    """
    items = as_items(items)
    pools: dict[tuple[str, str], list] = defaultdict(list)
    for it in items:
        if not it.false_premise:
            for level in (("sub", it.sub_template_id), ("template", it.template_id), ("format", it.answer_format)):
                pools[level].append(it.answer)
    majority = {level: _most_frequent(answers) for level, answers in pools.items()}
    out = []
    for it in items:
        record: dict[str, Any] = {"id": it.id, "unit": it.unit, "baseline": "majority"}
        for level in (("sub", it.sub_template_id), ("template", it.template_id), ("format", it.answer_format)):
            if level in majority:
                record["answer"] = majority[level]
                record["note"] = f"{level[0]} majority"
                break
        else:
            record["note"] = "no true-premise item of this format to take a majority from"
        out.append(record)
    return out


def oracle_answer(item: Item | Mapping, template=None) -> tuple[Any, str]:
    """Return (answer or None, note) computed from one item's gold triples alone.

    The gold triples are loaded into a fresh in-memory KG (strict geo functions), the item's recorded
    SPARQL is executed there and the rows are assembled into an answer by the template's rules. A rejected
    result, a query that fails, or gold triples that do not parse give None (a refusal) with the reason.
    The item's ``false_premise`` flag is never read.
    """
    it = item if isinstance(item, Item) else Item.from_dict(item)
    template = template or load_template(it.template_id)
    try:
        # the gold triples as given, as the snapshot the answer was computed on (no inferred graphs)
        kg = KG.from_text(it.gold_triples, strict=True, entailment=False, rewrite=False)
    except DataFileError as exc:
        return None, f"gold triples do not parse: {exc}"
    try:
        rows = list(kg.query(it.sparql))
    except (GeoFunctionError, QuerySyntaxError) as exc:
        return None, f"query failed: {exc}"
    try:
        answer, _acceptable = assemble_answer(template, rows, it.sub_template_id)
    except Rejected as exc:
        return None, f"rejected: {exc}"
    return answer, "computed from the gold triples"


def oracle_predictions(items: Iterable[Item | Mapping], *, context_budget: int | None = None) -> list[dict]:
    """Return one prediction per item, computed from the item's gold triples alone (see :func:`oracle_answer`).

    The oracle refuses (``answer`` None) exactly where its computation yields no answer; it must score
    EM 1.0 on true-premise items and refuse every false-premise item whose premise failure shows in its
    gold triples. With ``context_budget`` (estimated tokens) it computes from the *budgeted* gold triples
    instead, the ones the oracle prompts show (geometries simplified to fit, see
    :func:`kgbench.evaluation.prompts.fit_item_gold`), while the gold answers stay those of the full geometries;
    its note then says whether the item's gold was simplified.
    """
    templates: dict[str, Any] = {}
    out = []
    for it in as_items(items):
        if it.template_id not in templates:
            templates[it.template_id] = load_template(it.template_id)
        shown, simplified = it, False
        if context_budget is not None:
            fitted = fit_item_gold(it, context_budget)
            shown, simplified = dataclasses.replace(it, gold_triples=fitted.text), fitted.simplified
        answer, note = oracle_answer(shown, templates[it.template_id])
        record = {"id": it.id, "answer": answer, "unit": it.unit, "baseline": "oracle", "note": note}
        if context_budget is not None:
            record["gold_simplified"] = simplified
        out.append(record)
    return out


def baseline_predictions(items: Iterable[Item | Mapping], name: str, *,
                         context_budget: int | None = None) -> list[dict]:
    """Return the predictions of a named baseline ("majority" or "oracle") for the items.

    ``context_budget`` makes the oracle compute from the budgeted gold triples (see :func:`oracle_predictions`).

    >>> baseline_predictions([], "majority")
    []
    >>> baseline_predictions([], "random")
    Traceback (most recent call last):
    ValueError: unknown baseline 'random': choose one of majority, oracle
    """
    if name == "majority":
        return majority_predictions(items)
    if name == "oracle":
        return oracle_predictions(items, context_budget=context_budget)
    raise ValueError(f"unknown baseline {name!r}: choose one of {', '.join(BASELINES)}")


def evaluate_baseline(dataset: str | os.PathLike, baseline: str, *, context_budget: int | None = None,
                      save_predictions: str | os.PathLike | None = None) -> EvaluationResult:
    """Return the :class:`~kgbench.evaluation.evaluate.EvaluationResult` of a baseline on a dataset file.

    ``baseline`` is ``"majority"`` or ``"oracle"`` (:func:`baseline_predictions`; ``context_budget`` as
    there). ``save_predictions``: also write the baseline's answers there, one JSON line each, atomically.
    """
    items = read_jsonl(dataset)
    preds = baseline_predictions(items, baseline, context_budget=context_budget)
    if save_predictions:
        write_json_lines(save_predictions, preds, dumps=lambda p: json.dumps(p, ensure_ascii=False))
    return evaluate([it.to_dict() for it in items], preds)
