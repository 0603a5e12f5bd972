"""The case both harness tests run: generated items, a scripted model that answers some right and some wrong,
and the reference numbers (kgbench's own runner on the same server, then kgbench's own evaluate)."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import kgbench

from kgbench.evaluation.evaluate import evaluate
from kgbench.evaluation.prompts import render
from kgbench.evaluation.runners import run_model
from kgbench.generator.items import family_of

#: a few templates of different families and formats; F3 has false-premise items
TEMPLATES = ("A1", "B2", "C9", "F3")

#: the API key variable of inspect's OpenAI-compatible service "scripted" (openai-api/scripted/...)
HARNESS_ENV_KEY = "SCRIPTED_API_KEY"

#: lm-eval and the hub client must never reach a hub
OFFLINE = {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "HF_HUB_DISABLE_TELEMETRY": "1", "DO_NOT_TRACK": "1"}


def pick_items(made) -> list:
    """Return about a dozen generated items: three answerable ones of each template, and a false-premise one."""
    chosen, premise = [], []
    for tid in TEMPLATES:
        items = made(tid)[0]
        chosen += [it for it in items if not it.false_premise][:3]
        premise += [it for it in items if it.false_premise][:1]
    assert premise, f"none of {TEMPLATES} made a false-premise item"
    return chosen + premise[:1]


def _wrong(answer):
    if isinstance(answer, bool):
        return not answer
    if isinstance(answer, (int, float)):
        return answer * 3 + 1000
    return "Atlantis"


class Replies:
    """The scripted model: by the item's place in the dataset it answers right, wrong, refuses, or rambles.

    Items are recognised by their question in the request's last message (the longest question that occurs).
    """

    KINDS = ("right", "wrong", "right", "refuse", "ramble")

    def __init__(self, items):
        self.items = list(items)
        self.kind = {it.id: self.KINDS[n % len(self.KINDS)] for n, it in enumerate(self.items)}

    def item_of(self, request):
        text = request["messages"][-1]["content"]
        found = [it for it in self.items if it.question in text]
        assert found, f"no item's question in {text[:200]!r}"
        return max(found, key=lambda it: len(it.question))

    def __call__(self, request) -> dict:
        item = self.item_of(request)
        kind = self.kind[item.id]
        if kind == "ramble":
            return {"content": "I would rather not commit to a number here."}
        answer = {"right": item.answer, "wrong": _wrong(item.answer), "refuse": None}[kind]
        return {"content": json.dumps({"answer": answer, "unit": item.unit if answer is not None else None})}


def reference(items, condition: str, base_url: str):
    """Return kgbench's own result on the scripted server: ``kgbench run``'s predictions, ``kgbench evaluate``d
    (overall and by family)."""
    predictions = run_model([render(it, condition) for it in items], base_url, "scripted", retries=0, concurrency=2)
    assert all(p.status == "ok" for p in predictions), [p.error for p in predictions if p.status != "ok"]
    return evaluate([it.to_dict() for it in items], [p.to_record() for p in predictions],
                    by=(lambda item: family_of(item["template_id"]),))


def family_metrics(result) -> dict:
    """Return the per-family metrics of a :func:`reference` result: {family: Metrics}."""
    (groups,) = result.groups.values()
    return groups


def same(a, b) -> bool:
    """Return True when two metric values agree (None and NaN both mean a rate over no items)."""
    none_a = a is None or (isinstance(a, float) and math.isnan(a))
    none_b = b is None or (isinstance(b, float) and math.isnan(b))
    if none_a or none_b:
        return none_a and none_b
    return math.isclose(float(a), float(b), rel_tol=1e-12, abs_tol=1e-12)


def command_env(**extra) -> dict:
    """Return the environment of a harness command run as a subprocess: this process's, the hub clients
    offline, the kgbench under test first on the path (wherever the command starts), plus ``extra``."""
    here = str(Path(kgbench.__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, **OFFLINE, "PYTHONPATH": path, **extra}


#: the conditions a harness renders with the items' knowledge graph
KG_CASE = ("T1-context", "T1-mcq", "T1-mcq-context")


def kg_prompts(items, kg) -> dict:
    """Return {condition: [Prompt]} of the items under :data:`KG_CASE`, as ``kgbench prompts render`` makes them."""
    from kgbench.evaluation.places import PlaceIndex
    from kgbench.evaluation.prompts import Prompt, render_dataset

    index = PlaceIndex(kg)
    return {c: [Prompt.from_dict(p) for p in render_dataset(items, c, kg=index)] for c in KG_CASE}


class LetterReplies(Replies):
    """The scripted model of the KG conditions: a multiple-choice prompt (known by its user message) gets the
    gold letter, another letter, a refusal or a ramble by the item's place; another prompt as :class:`Replies`."""

    def __init__(self, items, prompts: dict):
        super().__init__(items)
        self.gold = {p.messages[-1]["content"]: (p.metadata["gold_option"], [o["letter"] for o in p.metadata["options"]])
                     for ps in prompts.values() for p in ps if "gold_option" in p.metadata}

    def __call__(self, request) -> dict:
        text = request["messages"][-1]["content"]
        if text not in self.gold:
            return super().__call__(request)
        kind = self.kind[self.item_of(request).id]
        gold, letters = self.gold[text]
        if kind == "ramble":
            return {"content": "Probably the second one."}
        answer = {"right": gold, "wrong": next(x for x in letters if x != gold), "refuse": None}[kind]
        return {"content": json.dumps({"answer": answer, "unit": None})}


def kg_reference(items, prompts, base_url: str):
    """Return kgbench's own result on these prompts (``kgbench run``, which carries the options into its
    records, then ``kgbench evaluate``)."""
    predictions = run_model(prompts, base_url, "scripted", retries=0, concurrency=2)
    assert all(p.status == "ok" for p in predictions), [p.error for p in predictions if p.status != "ok"]
    return evaluate([it.to_dict() for it in items], [p.to_record() for p in predictions], by=())
