"""kgbench as an inspect_ai task: ``inspect eval kgbench/evaluation/inspect.py@kgbench`` runs it on any model.

Needs the ``harness`` extra (``pip install 'kgbench[harness]'``); nothing else in kgbench imports this module,
so kgbench works without inspect_ai. For example, against an OpenAI-compatible server::

    LOCAL_API_KEY=none inspect eval kgbench/evaluation/inspect.py@kgbench \\
        -T dataset=items.jsonl -T condition=T1 \\
        --model openai-api/local/my-model --model-base-url http://127.0.0.1:8000/v1

- :func:`kgbench_dataset`: one sample per item; its input is the item's kgbench prompt under the condition
  (:func:`kgbench.evaluation.harness.harness_prompt`, the same messages ``kgbench prompts render`` writes),
  its metadata the item record, the answer schema and the prompt hash.
- :func:`kgbench_solver`: one completion per item, asking for the item's answer schema as a structured
  output (inspect's ``ResponseSchema``: inspect's JSON-schema model has no ``prefixItems``, ``minItems`` or
  ``maxItems``, so tuple answers such as coordinates are constrained less than by ``kgbench run``;
  ``response_schema=false`` sends none).
- :func:`kgbench_scorer`: kgbench's scorer on the reply (:func:`kgbench.evaluation.harness.score_reply`):
  the sample's value is E, its metadata the whole item score; the metrics (EM, NE, coverage, EM over covered,
  false-refusal and negative-rejection rates) are ``kgbench evaluate``'s overall row, NaN for a rate over
  no items.

Only the single-turn conditions run here (T1, T2, T1-oracle-nt/-json/-verbalized; T1-geojson, T1-map,
T1-geojson-map, the maps going as inspect image contents; and T1-context, T1-mcq, T1-mcq-context, which open the
items' knowledge graph, the default snapshot of ``$KGBENCH_CACHE``, while the dataset is rendered; a
multiple-choice reply is scored by its letter): the agent conditions need kgbench's sandbox (``kgbench run``).
With ``epochs`` > 1 inspect reduces each sample's E to its mean
and keeps the first epoch's item score for the metrics.

inspect runs a task file from the file's own folder, so a relative ``dataset`` path is read from the folder
the command was started in (``$PWD``) when it is not found there.
"""

from __future__ import annotations

import os
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, ContentImage, ContentText, ResponseSchema
from inspect_ai.scorer import SampleScore, Score, Target, metric, scorer
from inspect_ai.solver import Generate, TaskState, solver
from inspect_ai.util import JSONSchema

from kgbench.evaluation.context import DEFAULT_CONTEXT_BUDGET
from kgbench.evaluation.harness import (HARNESS_METRICS, check_condition, dataset_prompts, dumps, harness_metrics,
                                        item_family, prompt_choices, score_reply)

__all__ = ["kgbench", "kgbench_dataset", "kgbench_solver", "kgbench_scorer", "resolve_dataset", "inspect_content"]


def inspect_content(content):
    """Return a kgbench message content as inspect's: a string as it is, OpenAI-compatible parts as
    ContentText / ContentImage (the image's data URL kept).

    >>> [type(c).__name__ for c in inspect_content([{"type": "text", "text": "a"},
    ...     {"type": "image_url", "image_url": {"url": "data:image/png;base64,eA=="}}])]
    ['ContentText', 'ContentImage']
    """
    if isinstance(content, str):
        return content
    out = []
    for part in content:
        if part.get("type") == "image_url":
            out.append(ContentImage(image=part["image_url"]["url"]))
        else:
            out.append(ContentText(text=part.get("text", "")))
    return out


def resolve_dataset(path: str | os.PathLike) -> Path:
    """Return the dataset file a task argument names: as given, else relative to ``$PWD``; FileNotFoundError if neither.

    >>> resolve_dataset("/no/such/items.jsonl")
    Traceback (most recent call last):
    ...
    FileNotFoundError: dataset /no/such/items.jsonl: no such file
    """
    given = Path(path)
    if given.is_file():
        return given.resolve()
    started = os.environ.get("PWD")
    if not given.is_absolute() and started and (Path(started) / given).is_file():
        return (Path(started) / given).resolve()
    raise FileNotFoundError(f"dataset {path}: no such file")


def kgbench_dataset(dataset: str | os.PathLike, condition: str = "T1", *,
                    context_budget: int | None = DEFAULT_CONTEXT_BUDGET, n_options: int = 4, seed: int = 0,
                    kg=None) -> MemoryDataset:
    """Return an inspect dataset of a kgbench items JSONL under one condition, one sample per item, in file order.

    Each sample's ``input`` is the item's prompt (system and user messages), its ``target`` the gold answer
    as JSON, its ``metadata``: ``item`` (the record), ``schema``, ``prompt_hash``, ``condition``,
    ``template_id``, ``family``, ``answer_format``, ``language`` and, for a multiple-choice condition,
    ``choices`` (the options and gold letter the scorer reads the reply's letter with). T1-context, T1-mcq and
    T1-mcq-context render with ``kg``, else the default snapshot's knowledge graph (``$KGBENCH_CACHE``), which
    must be the items' (:func:`kgbench.evaluation.harness.dataset_prompts`). An agent condition, or a line that
    is not an item, raises ValueError (naming the file and line).
    """
    condition = check_condition(condition, images=True)
    path = resolve_dataset(dataset)
    samples = []
    for record, prompt in dataset_prompts(path, condition, context_budget=context_budget, images=True,
                                          n_options=n_options, seed=seed, kg=kg):
        system, user = prompt.messages
        samples.append(Sample(
            id=prompt.id,
            input=[ChatMessageSystem(content=system["content"]),
                   ChatMessageUser(content=inspect_content(user["content"]))],
            target=dumps(record.get("answer")),
            metadata={"item": record, "schema": prompt.schema, "prompt_hash": prompt.hash, "condition": condition,
                      "template_id": record.get("template_id"), "family": item_family(record),
                      "answer_format": record.get("answer_format"), "language": record.get("language"),
                      "choices": prompt_choices(prompt)}))
    return MemoryDataset(samples, name=path.stem, location=str(path))


@solver
def kgbench_solver(condition: str = "T1", response_schema: bool = True):
    """Return the solver of a single-turn condition: one completion, constrained to the item's answer schema.

    The prompt is already the condition's (the dataset renders it); ``response_schema=False`` sends no
    structured-output request (for a server that refuses one).
    """
    check_condition(condition, images=True)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        if not response_schema:
            return await generate(state)
        schema = {k: v for k, v in state.metadata["schema"].items() if k != "$schema"}
        return await generate(state, response_schema=ResponseSchema(
            name="answer", json_schema=JSONSchema.model_validate(schema), strict=True))

    return solve


def _kgbench_metric(name: str):
    @metric(name=name)
    def factory():
        def compute(scores: list[SampleScore]) -> float:
            return harness_metrics(s.score.metadata["kgbench"] for s in scores)[name]
        return compute
    return factory


_METRICS = {name: _kgbench_metric(name) for name in HARNESS_METRICS}


@scorer(metrics=[factory() for factory in _METRICS.values()])
def kgbench_scorer():
    """Return the scorer that scores the model's last reply with kgbench's scorer (value E, metadata the item score)."""

    async def score(state: TaskState, target: Target) -> Score:
        reply = state.output.completion if state.output and state.output.choices else None
        result = score_reply(state.metadata["item"], reply, state.metadata.get("choices"))
        explanation = result.status + (f": {result.note}" if result.note else "")
        return Score(value=result.E, answer=reply, explanation=explanation,
                     metadata={"kgbench": result.to_dict()})

    return score


@task
def kgbench(dataset: str, condition: str = "T1", context_budget: int = DEFAULT_CONTEXT_BUDGET,
            response_schema: bool = True, options: int = 4, seed: int = 0) -> Task:
    """Return the inspect task of a kgbench dataset under one single-turn condition (``-T dataset=... -T condition=...``;
    ``-T options=N -T seed=S`` for T1-mcq and T1-mcq-context)."""
    condition = check_condition(condition, images=True)
    return Task(dataset=kgbench_dataset(dataset, condition, context_budget=int(context_budget), n_options=int(options),
                                        seed=int(seed)),
                solver=kgbench_solver(condition, response_schema=response_schema), scorer=kgbench_scorer(),
                name=f"kgbench_{condition}", metadata={"condition": condition, "kgbench_dataset": str(dataset)})
