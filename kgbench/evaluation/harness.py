"""What the eval-harness adapters share: which conditions they run, the prompt rows, the scorer, the metrics.

The adapters (the inspect_ai task of :mod:`kgbench.evaluation.inspect` and the lm-evaluation-harness export of
:mod:`kgbench.release.lm_eval`) send a model kgbench's own prompts (:func:`kgbench.evaluation.prompts.render`)
and score its reply with kgbench's own scorer: :func:`score_reply` reads the reply as ``kgbench run`` does
(:func:`~kgbench.evaluation.replies.reply_fields`) and scores it as ``kgbench evaluate`` does
(:func:`~kgbench.evaluation.evaluate.evaluate`), and :func:`harness_metrics` aggregates the item scores with
:func:`~kgbench.evaluation.scoring.aggregate`. So a harness run and ``kgbench run`` + ``kgbench evaluate`` on
the same replies give the same numbers.

Only the single-turn conditions run in a harness: the agent conditions (T3-oracle, T3a) execute model-written
code in kgbench's bubblewrap sandbox with a step budget (:mod:`kgbench.evaluation.agent`), which a harness's
one-completion-per-item loop does not do; ``kgbench run`` runs them. :data:`HARNESS_CONDITIONS` need nothing but
the items; :data:`KG_CONDITIONS` (T1-context, T1-mcq, T1-mcq-context) read the knowledge graph the items were
generated from while rendering (the place context, the options of entity names, sets and false premises), so
:func:`dataset_prompts` renders them with the KG given, else the default snapshot's, which must be the items'
(:func:`items_kg`). Multiple-choice gold letters are dealt over the whole dataset as ``kgbench prompts render``
deals them (:func:`kgbench.evaluation.prompts.render_dataset`); each prompt's options and gold letter
(:func:`prompt_choices`) travel with the sample to :func:`score_reply`, which scores the reply's letter as
``kgbench evaluate`` does. The map conditions (T1-map, T1-geojson-map: an image part in the user message) run in
the inspect task, whose messages carry images (``images=True``), not in the lm-evaluation-harness export, whose
prompts are text.

This module imports no harness: it is plain kgbench.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping
from typing import Any

from kgbench.evaluation.choices import needs_kg
from kgbench.evaluation.conditions import CONDITION_OBJECTS, get_condition
from kgbench.evaluation.context import DEFAULT_CONTEXT_BUDGET
from kgbench.evaluation.evaluate import evaluate, read_jsonl
from kgbench.evaluation.prompts import Prompt, render, render_dataset
from kgbench.evaluation.replies import reply_fields
from kgbench.evaluation.scoring import ItemScore, aggregate
from kgbench.generator.items import Item, family_of

__all__ = ["HARNESS_CONDITIONS", "KG_CONDITIONS", "IMAGE_HARNESS_CONDITIONS", "HARNESS_METRICS", "check_condition",
           "harness_prompt", "dataset_prompts", "items_kg", "prompt_choices", "reply_record",
           "score_reply", "harness_metrics", "task_name", "family_group", "item_family", "dumps"]

#: the conditions a harness runs from the items alone, as text: one completion per item (the agent conditions
#: need kgbench's sandbox); the default set of an export
HARNESS_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items()
                           if not (c.agent or c.mcq or c.context or c.image))
#: the single-turn conditions that read the items' knowledge graph while rendering (place context, options)
KG_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if not c.agent and (c.mcq or c.context))
#: every condition a harness whose messages carry images runs (the inspect task): the map conditions too
IMAGE_HARNESS_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if not c.agent)
#: every condition a text-only harness runs (the export): the item-only and the KG conditions, in spec order
_TEXT_HARNESS_CONDITIONS = tuple(name for name in IMAGE_HARNESS_CONDITIONS if not CONDITION_OBJECTS[name].image)
#: the prompt metadata a multiple-choice reply is scored with (``kgbench run`` copies the same into its records)
_CHOICE_KEYS = ("options", "gold_option")

#: the metrics a harness reports, each an attribute of :class:`~kgbench.evaluation.scoring.Metrics`
HARNESS_METRICS = ("em", "ne", "coverage", "em_covered", "false_refusal_rate", "negative_rejection_rate")


def check_condition(condition: str, *, images: bool = False) -> str:
    """Return the condition's name if a harness can run it (:data:`HARNESS_CONDITIONS`, :data:`KG_CONDITIONS`,
    and with ``images``, a harness that sends image parts such as the inspect task, the map conditions too);
    ValueError naming the ones it can otherwise.

    >>> check_condition("T1-mcq")
    'T1-mcq'
    >>> check_condition("T3a")
    Traceback (most recent call last):
    ...
    ValueError: condition 'T3a' runs an agent in kgbench's sandbox (use kgbench run); a harness runs T1, T2, T1-oracle-nt, T1-oracle-json, T1-oracle-verbalized, T1-context, T1-mcq, T1-mcq-context, T1-geojson
    >>> check_condition("T1-map")
    Traceback (most recent call last):
    ...
    ValueError: condition 'T1-map' sends a map image, and this harness sends text only (run it with kgbench run or the inspect task); it runs T1, T2, T1-oracle-nt, T1-oracle-json, T1-oracle-verbalized, T1-context, T1-mcq, T1-mcq-context, T1-geojson
    >>> check_condition("T1-map", images=True)
    'T1-map'
    """
    cond = get_condition(condition)
    runs = IMAGE_HARNESS_CONDITIONS if images else _TEXT_HARNESS_CONDITIONS
    if cond.agent:
        raise ValueError(f"condition {cond.name!r} runs an agent in kgbench's sandbox (use kgbench run); "
                         f"a harness runs {', '.join(runs)}")
    if cond.image and not images:
        raise ValueError(f"condition {cond.name!r} sends a map image, and this harness sends text only (run it "
                         f"with kgbench run or the inspect task); it runs {', '.join(runs)}")
    return cond.name


def harness_prompt(item: Item | Mapping, condition: str, *,
                   context_budget: int | None = DEFAULT_CONTEXT_BUDGET, images: bool = False,
                   **render_kw) -> Prompt:
    """Return the prompt a harness sends for one item: exactly :func:`kgbench.evaluation.prompts.render`'s
    (``render_kw``: ``n_options``, ``seed``, ``kg``, ``position`` of the KG conditions; ``kg`` also draws the
    maps' basemap).

    Raises ValueError for an agent condition, and for a map condition unless ``images`` (see
    :func:`check_condition`); ``kg`` draws the maps' basemap (see :func:`~kgbench.evaluation.prompts.render`).
    """
    return render(item, check_condition(condition, images=images), context_budget=context_budget, **render_kw)


def items_kg(items: Iterable[Mapping], where: str = "items", *, cache: str | os.PathLike | None = None):
    """Return the default snapshot's knowledge graph (in ``cache``, default ``$KGBENCH_CACHE`` or
    ~/.cache/kgbench), checked to be the one the items were generated from; ValueError naming ``where`` and
    both snapshots otherwise."""
    from kgbench.kg.opening import open_kg

    kg = open_kg(cache=cache)
    snapshots = sorted({str(it.get("snapshot")) for it in items if it.get("snapshot")})
    if snapshots and snapshots != [kg.snapshot_id]:
        raise ValueError(f"{where}: its items come from snapshot {', '.join(snapshots)}, but the knowledge graph "
                         f"opened is {kg.snapshot_id}; render with the items' snapshot")
    return kg


def dataset_prompts(dataset: str | os.PathLike | Iterable[Mapping], condition: str, *,
                    context_budget: int | None = DEFAULT_CONTEXT_BUDGET, images: bool = False, n_options: int = 4,
                    seed: int = 0,
                    kg=None) -> list[tuple[dict, Prompt]]:
    """Return ``(item record, prompt)`` for every item of a dataset (a JSONL file or item dicts), in order.

    A condition of :data:`KG_CONDITIONS` renders with ``kg`` (a KG or a
    :class:`~kgbench.evaluation.places.PlaceIndex`), opening the items' one (:func:`items_kg`) when none is
    given and the items need it; ``n_options`` and ``seed`` are the multiple-choice ones, the gold letters dealt
    over the dataset. Raises ValueError for an agent condition, and for a record that is not an item, naming
    the file (or ``items``), the line and the id.

    >>> dataset_prompts([{"id": "x"}], "T1")
    Traceback (most recent call last):
    ...
    ValueError: items:1: item 'x' is not a kgbench item (TypeError: ...)
    """
    condition = check_condition(condition, images=images)
    where = str(dataset) if isinstance(dataset, (str, os.PathLike)) else "items"
    records = list(read_jsonl(dataset))
    if kg is None and get_condition(condition).image:
        from kgbench.kg.store import open_kg

        kg = open_kg()  # once: its memo keeps the basemap's country polygons for every item
    out = []
    for number, record in enumerate(records, 1):
        try:  # a KG condition renders the whole dataset at once (below): its records are checked here first
            out.append((record, Item.from_dict(record) if condition in KG_CONDITIONS
                        else harness_prompt(record, condition, context_budget=context_budget, images=images,
                                            kg=kg)))
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ValueError(f"{where}:{number}: item {record.get('id')!r} is not a kgbench item "
                             f"({type(exc).__name__}: {str(exc)[:160]})") from None
    if condition not in KG_CONDITIONS:
        return out
    cond = get_condition(condition)
    if kg is None and (cond.context or any(needs_kg(r) for r in records)):
        kg = items_kg(records, where)
    try:
        rendered = render_dataset(records, condition, context_budget=context_budget, n_options=n_options,
                                  seed=seed, kg=kg)
    except ValueError as exc:
        raise ValueError(f"{where}: cannot render {condition}: {exc}") from None
    return [(record, Prompt.from_dict(p)) for record, p in zip(records, rendered)]


def prompt_choices(prompt: Prompt | Mapping) -> dict | None:
    """Return a multiple-choice prompt's ``{"options": [...], "gold_option": letter}`` (what :func:`score_reply`
    scores a letter with), None for a prompt of another condition."""
    meta = prompt.metadata if isinstance(prompt, Prompt) else prompt.get("metadata") or {}
    return {k: meta[k] for k in _CHOICE_KEYS} if all(k in meta for k in _CHOICE_KEYS) else None


def reply_record(item_id: Any, content: Any) -> dict:
    """Return the prediction record of one reply, as ``kgbench run`` writes it (``id`` plus the reply's fields).

    >>> reply_record("A1-x", '{"answer": 2.1, "unit": "km"}')["unit"]
    'km'
    >>> "answer" in reply_record("A1-x", None)
    False
    """
    return {"id": item_id, **reply_fields(content)}


def score_reply(item: Item | Mapping, content: Any, choices: Mapping | None = None) -> ItemScore:
    """Return the :class:`~kgbench.evaluation.scoring.ItemScore` of one model reply to one item.

    The reply is read as ``kgbench run`` reads it and scored as ``kgbench evaluate`` scores that record; a
    reply without an answer object, or an error, scores ``unparseable``; ``{"answer": null}`` is a refusal.
    ``choices`` (:func:`prompt_choices` of a multiple-choice prompt) go into the record as ``kgbench run``
    copies them, so the reply's letter is scored. An invalid item raises ValueError, as in
    :func:`~kgbench.evaluation.evaluate.evaluate`.

    >>> item = {"id": "q", "answer_format": "Count", "answer": 3, "template_id": "A1"}
    >>> tuple(score_reply(item, '{"answer": 3, "unit": null}')), score_reply(item, "three?").status
    ((1, 0.0, 'answered'), 'unparseable')
    """
    record = item.to_dict() if isinstance(item, Item) else dict(item)
    reply = reply_record(record.get("id"), content)
    if choices:
        reply.update({k: choices[k] for k in _CHOICE_KEYS})
    return evaluate([record], [reply], by=()).items[0]


def harness_metrics(scores: Iterable[ItemScore | Mapping]) -> dict[str, float]:
    """Return :data:`HARNESS_METRICS` of item scores (or their ``to_dict()``), NaN for a rate over no items.

    The same numbers as ``kgbench evaluate``'s overall row (:func:`~kgbench.evaluation.scoring.aggregate`).

    >>> m = harness_metrics([ItemScore("a", 1, 0.0, "answered"), {"id": "b", "E": 0, "e": 1.0, "status": "refused"}])
    >>> m["em"], m["coverage"], m["false_refusal_rate"], math.isnan(m["negative_rejection_rate"])
    (0.5, 0.5, 0.5, True)
    """
    metrics = aggregate(s if isinstance(s, ItemScore) else _item_score(s) for s in scores)
    return {name: _number(getattr(metrics, name)) for name in HARNESS_METRICS}


def _item_score(d: Mapping) -> ItemScore:
    fields = ItemScore.__dataclass_fields__
    return ItemScore(**{k: v for k, v in d.items() if k in fields})


def _number(value: float | None) -> float:
    return math.nan if value is None else float(value)


def task_name(condition: str, family: str | None = None) -> str:
    """Return a harness task's name, lower-case: ``kgbench_<condition>`` over every item (underscores for the
    condition's hyphens), ``kgbench-<family>-<condition>`` over one family's.

    The family tasks do not match ``kgbench_*``, so ``lm_eval --tasks 'kgbench_*'`` runs each condition once
    over every item; ``kgbench-<family>`` (:func:`family_group`) runs one family under every condition.

    >>> task_name("T1-oracle-nt"), task_name("T2", "A")
    ('kgbench_t1_oracle_nt', 'kgbench-a-t2')
    """
    if family:
        return f"kgbench-{family.lower()}-{condition.lower()}"
    return "kgbench_" + condition.lower().replace("-", "_")


def family_group(family: str) -> str:
    """Return the name of the harness group of one family's tasks.

    >>> family_group("C")
    'kgbench-c'
    """
    return f"kgbench-{family.lower()}"


def item_family(item: Item | Mapping) -> str:
    """Return the family letter of an item's template (see :func:`kgbench.generator.items.family_of`).

    >>> item_family({"template_id": "C3"})
    'C'
    """
    template = item.template_id if isinstance(item, Item) else item.get("template_id")
    return family_of(template or "")


def dumps(value: Any) -> str:
    """Return compact JSON text of a value (the form item records travel in through a harness)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
