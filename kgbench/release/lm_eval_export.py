"""A kgbench dataset as lm-evaluation-harness tasks: the function behind ``kgbench export lm-eval``.

:func:`export_lm_eval` writes a folder that ``lm_eval --include_path DIR`` reads::

    kgbench_items.jsonl        one row per item: id, family, the item record (JSON text), the gold answer
                               (JSON text) and, per condition, its system and user messages and prompt hash
    utils.py                   loads those rows (a custom dataset) and scores a reply with kgbench's scorer
                               (a multiple-choice condition's reply by its letter, with the row's options)
    kgbench_<cond>.yaml        one task per single-turn condition over every item (kgbench_t1, kgbench_t2,
                               kgbench_t1_oracle_nt, kgbench_t1_oracle_json, kgbench_t1_oracle_verbalized; on
                               request kgbench_t1_context, kgbench_t1_mcq, kgbench_t1_mcq_context, rendered with
                               the items' knowledge graph at export time)
    kgbench-<fam>-<cond>.yaml  the same task over one family's items (kgbench-a-t1, kgbench-a-t1-oracle-nt ...)
    kgbench-<fam>_group.yaml   group kgbench-<fam>: that family's tasks, one per condition
    kgbench_group.yaml         group kgbench: the all-item tasks, one per condition

``lm_eval --tasks 'kgbench_*'`` (or ``--tasks kgbench``) runs each condition once over every item;
``--tasks kgbench-a`` runs family A under every condition (the family names do not match ``kgbench_*``, so
no task is asked for twice).

The prompts are kgbench's own (:func:`kgbench.evaluation.harness.harness_prompt`, as ``kgbench prompts render``
writes them): the system message goes in as the task's ``description`` (the system turn under
``--apply_chat_template``), the user message as ``doc_to_text``. ``utils.py`` imports kgbench (it must be
installed where lm_eval runs) and scores each reply with :func:`kgbench.evaluation.harness.score_reply`; the
metrics (em, ne, coverage, em_covered, false_refusal_rate, negative_rejection_rate) are aggregated by
:func:`kgbench.evaluation.harness.harness_metrics`, so they equal ``kgbench evaluate``'s overall row (a rate
over no items is NaN). lm-eval sends no answer schema (its chat-completions client has no per-item
``response_format``); the prompt states the schema. The agent conditions are not exported (see
:mod:`kgbench.evaluation.harness`).

The folder is built beside ``out`` and renamed onto it when complete; an existing ``out`` is replaced only with
``force``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kgbench.evaluation.conditions import get_condition
from kgbench.evaluation.context import DEFAULT_CONTEXT_BUDGET
from kgbench.evaluation.harness import (HARNESS_CONDITIONS, HARNESS_METRICS, check_condition, dataset_prompts,
                                        dumps, family_group, item_family, prompt_choices, task_name)
from kgbench.fileio import atomic_directory
from kgbench.generator.outputs import OutputError, check_output

__all__ = ["export_lm_eval", "LmEvalExport", "DATA_FILE", "UTILS_FILE", "ExportError"]

#: the rows the exported tasks read, inside the export folder
DATA_FILE = "kgbench_items.jsonl"
#: the module the exported YAMLs name with ``!function``
UTILS_FILE = "utils.py"


class ExportError(ValueError):
    """An export that cannot be written (the output exists, a dataset with no items...): the message names it."""


@dataclass
class LmEvalExport:
    """Return what :func:`export_lm_eval` wrote: the folder, its task and group names, the item count."""

    out: Path
    tasks: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    n_items: int = 0
    files: list[str] = field(default_factory=list)


def _slug(condition: str) -> str:
    return condition.lower().replace("-", "_")


def _rows(dataset, conditions: Sequence[str], context_budget: int | None, n_options: int, seed: int,
          kg) -> list[dict]:
    prompts = {c: dataset_prompts(dataset, c, context_budget=context_budget, n_options=n_options, seed=seed, kg=kg)
               for c in conditions}
    rows = []
    for n, (record, _) in enumerate(prompts[conditions[0]]):
        family = item_family(record)
        row = {"id": str(record.get("id")), "family": family if family.isalnum() else "other",
               "template_id": str(record.get("template_id")), "item": dumps(record),
               "target": dumps(record.get("answer"))}
        for condition in conditions:
            prompt = prompts[condition][n][1]
            system, user = prompt.messages
            slug = _slug(condition)
            row[f"system_{slug}"] = system["content"]
            row[f"user_{slug}"] = user["content"]
            row[f"prompt_hash_{slug}"] = prompt.hash
            if get_condition(condition).mcq:
                row[f"choices_{slug}"] = dumps(prompt_choices(prompt))
        rows.append(row)
    return rows


def _task_yaml(name: str, condition: str, family: str | None, max_gen_toks: int) -> str:
    slug = _slug(condition)
    metrics = "".join(f"  - metric: {m}\n    aggregation: !function utils.{m}\n    higher_is_better: "
                      f"{'false' if m in ('ne', 'false_refusal_rate') else 'true'}\n" for m in HARNESS_METRICS)
    kwargs = f"dataset_kwargs:\n  family: {family}\n" if family else ""
    scope = f"family {family} items" if family else "every item"
    return (f"# written by kgbench export lm-eval: condition {condition}, {scope}\n"
            f"task: {name}\n"
            f"custom_dataset: !function utils.load\n{kwargs}"
            f"test_split: test\n"
            f"output_type: generate_until\n"
            f"num_fewshot: 0\n"
            f"description: system_{slug}\n"
            f"doc_to_text: user_{slug}\n"
            f"doc_to_target: target\n"
            f"target_delimiter: \"\"\n"
            f"generation_kwargs:\n  until: []\n  max_gen_toks: {max_gen_toks}\n  do_sample: false\n"
            f"  temperature: 0.0\n"
            f"process_results: !function utils.process_results{'_' + slug if get_condition(condition).mcq else ''}\n"
            f"metric_list:\n{metrics}"
            f"metadata:\n  version: 1.0\n  kgbench_condition: {condition}\n")


def _group_yaml(name: str, tasks: list[str], what: str) -> str:
    listed = "".join(f"  - {t}\n" for t in tasks)
    return (f"# written by kgbench export lm-eval: {what}\n"
            f"group: {name}\ntask:\n{listed}metadata:\n  version: 1.0\n")


_UTILS = '''"""Written by kgbench export lm-eval: the exported tasks' data loader and scorer (needs kgbench installed).

Scoring is kgbench's own: kgbench.evaluation.harness.score_reply reads a reply as `kgbench run` does and scores
it as `kgbench evaluate` does; the aggregations are kgbench.evaluation.harness.harness_metrics.
"""

import json
from pathlib import Path

from kgbench.evaluation.harness import harness_metrics, score_reply

DATA = Path(__file__).resolve().with_name({data!r})


def load(family=None, **_metadata):
    """Return the exported rows as a datasets.DatasetDict with one "test" split (one family's rows if given)."""
    import datasets

    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    if family is not None:
        rows = [r for r in rows if r["family"] == str(family)]
    return datasets.DatasetDict({{"test": datasets.Dataset.from_list(rows)}})


def process_results(doc, results, choices=None):
    """Return the item's kgbench score (a dict) under each metric name; the aggregations read it. A
    multiple-choice task passes its options column (``choices``): the reply's letter is scored."""
    options = json.loads(doc[choices]) if choices else None
    score = score_reply(json.loads(doc["item"]), results[0] if results else None, options).to_dict()
    return {{name: score for name in {metrics!r}}}

{choice_tasks}
{aggregations}'''


def _utils_text(conditions: Sequence[str]) -> str:
    aggregations = "".join(f"\ndef {m}(scores):\n    return harness_metrics(scores)[{m!r}]\n\n" for m in HARNESS_METRICS)
    choice_tasks = "".join(
        f"\ndef process_results_{_slug(c)}(doc, results):\n    \"\"\"Score a {c} reply's letter.\"\"\"\n"
        f"    return process_results(doc, results, {'choices_' + _slug(c)!r})\n\n"
        for c in conditions if get_condition(c).mcq)
    return _UTILS.format(data=DATA_FILE, metrics=HARNESS_METRICS, aggregations=aggregations.rstrip() + "\n",
                         choice_tasks=choice_tasks)


def export_lm_eval(dataset: str | os.PathLike | Iterable[dict], out: str | os.PathLike, *,
                   conditions: Sequence[str] = HARNESS_CONDITIONS, force: bool = False,
                   context_budget: int | None = DEFAULT_CONTEXT_BUDGET, max_gen_toks: int = 1024,
                   n_options: int = 4, seed: int = 0, kg=None) -> LmEvalExport:
    """Return the :class:`LmEvalExport` of a dataset written as lm-evaluation-harness tasks into folder ``out``.

    ``dataset`` is an items JSONL (or item dicts); ``conditions`` are single-turn conditions (an agent
    condition raises ValueError). The conditions that read the knowledge graph (T1-context, T1-mcq,
    T1-mcq-context: :data:`~kgbench.evaluation.harness.KG_CONDITIONS`, none by default) are rendered now, with
    ``kg`` or else the default snapshot's (which must be the items'); the multiple-choice ones with ``n_options``
    options and ``seed``, each row carrying its options (``choices_<condition>``) so ``utils.py`` scores the
    reply's letter as ``kgbench evaluate`` does. An existing non-empty ``out`` raises :class:`ExportError` unless ``force``
    (never when the dataset lies inside it); a dataset with no items raises it too. Written atomically (a temporary sibling renamed onto ``out``).

    >>> import tempfile, pathlib
    >>> item = {"id": "A1-x", "template_id": "A1", "template_version": 1, "sub_template_id": "A1-1",
    ...         "variant_id": "v1", "language": "eng", "question": "How far is Kamppi from Kallio?",
    ...         "answer_format": "Distance", "answer": 2.1, "unit": "km", "acceptable": [], "false_premise": False,
    ...         "perturbation": None, "entities": {}, "bindings": {}, "sparql": "", "gold_triples": "",
    ...         "kg": "osm", "stratum": {}, "snapshot": "s"}
    >>> done = export_lm_eval([item], pathlib.Path(tempfile.mkdtemp()) / "tasks", conditions=["T1"])
    >>> done.tasks, done.groups
    (['kgbench_t1', 'kgbench-a-t1'], ['kgbench', 'kgbench-a'])
    """
    out = Path(out)
    if not isinstance(dataset, (str, os.PathLike)):
        dataset = list(dataset)  # read once per condition
    conditions = [check_condition(c) for c in conditions]
    if not conditions:
        raise ExportError("no condition to export")
    inputs = [dataset] if isinstance(dataset, (str, os.PathLike)) else []
    try:
        check_output(out, inputs, folder=True, force=force)
    except OutputError as exc:
        raise ExportError(str(exc)) from None
    try:
        rows = _rows(dataset, conditions, context_budget, n_options, seed, kg)
    except ValueError as exc:
        raise ExportError(str(exc)) from None
    if not rows:
        raise ExportError(f"{dataset}: no items to export")
    families = sorted({r["family"] for r in rows})
    result = LmEvalExport(out, n_items=len(rows))
    with atomic_directory(out) as tmp:
        (tmp / DATA_FILE).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        (tmp / UTILS_FILE).write_text(_utils_text(conditions), encoding="utf-8")
        files = [DATA_FILE, UTILS_FILE]
        overall = [task_name(c) for c in conditions]
        for condition, name in zip(conditions, overall):
            (tmp / f"{name}.yaml").write_text(_task_yaml(name, condition, None, max_gen_toks), encoding="utf-8")
            files.append(f"{name}.yaml")
        (tmp / "kgbench_group.yaml").write_text(_group_yaml("kgbench", overall, "every condition, every item"),
                                                encoding="utf-8")
        files.append("kgbench_group.yaml")
        result.tasks.extend(overall)
        result.groups.append("kgbench")
        for family in families:
            names = [task_name(c, family) for c in conditions]
            for condition, name in zip(conditions, names):
                (tmp / f"{name}.yaml").write_text(_task_yaml(name, condition, family, max_gen_toks), encoding="utf-8")
                files.append(f"{name}.yaml")
            group = family_group(family)
            (tmp / f"{group}_group.yaml").write_text(
                _group_yaml(group, names, f"family {family}, every condition"), encoding="utf-8")
            files.append(f"{group}_group.yaml")
            result.tasks.extend(names)
            result.groups.append(group)
    result.files = files
    return result
