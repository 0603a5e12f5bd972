"""Prompts for every evaluation condition of ``spec/scoring.md``, rendered from benchmark items.

Conditions (:data:`CONDITIONS`):

- ``T1``: parametric; the question alone.
- ``T2``: reasoning; the same, with a ``reasoning`` field before the answer.
- ``T1-oracle-nt`` / ``T1-oracle-json`` / ``T1-oracle-verbalized``: the gold triples injected as raw
  N-Triples, structured JSON or English prose (:func:`verbalize_gold`).
- ``T3-oracle``: the gold triples given to a code-writing agent (geospatial libraries, no retrieval tools).
- ``T3a``: the agent with knowledge-graph tools (``find_entity``, ``find_entities_by_type``, ``get_entity``,
  ``list_categories``); no gold triples.

Every prompt states the expected answer format (with a unit clause where the format is numeric) and asks for
one JSON object that the format's JSON schema constrains; ``"answer": null`` means no answer. The agent
conditions (:data:`AGENT_CONDITIONS`) are run by :mod:`kgbench.evaluation.agent`; their prompts open the
agent's conversation.

Oracle prompts fit a context budget (default 32,000 tokens, estimated as characters / 4): when the full gold
triples would not fit, their geometries are simplified, topology-preserving, to a vertex budget
(:mod:`kgbench.evaluation.context`) and the prompt states it; gold answers stay computed on the full geometries.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from kgbench.evaluation.context import (CHARS_PER_TOKEN, DEFAULT_CONTEXT_BUDGET, TOKEN_ESTIMATOR, FittedGold, estimate_tokens,
                                       fit_gold)
from kgbench.evaluation.formats import AREA_UNITS, DISTANCE_UNITS, get_format
from kgbench.generator.gold import gold_as, verbalize_gold
from kgbench.generator.items import Item, read_jsonl
from kgbench.fileio import json_lines, write_json_lines

__all__ = [
    "CONDITIONS", "AGENT_CONDITIONS", "KG_TOOLS", "Prompt", "render", "render_dataset", "render_prompts",
    "read_prompts", "unit_clause", "prompt_hash", "fit_item_gold",
    "oracle_prompts_fit",
]

CONDITIONS = ("T1", "T2", "T1-oracle-nt", "T1-oracle-json", "T1-oracle-verbalized", "T3-oracle", "T3a")
#: conditions whose prompts start an agent run (code in a sandbox, a step budget) instead of one completion
AGENT_CONDITIONS = ("T3-oracle", "T3a")
#: the knowledge-graph tools of condition T3a, with the signature the model sees
KG_TOOLS = {
    "find_entity": "find_entity(name) -> list of {id, name, category, country} whose name or label matches",
    "find_entities_by_type": ("find_entities_by_type(category, region=None) -> list of {id, name, category, "
                              "country} of that category, optionally only in a country (ISO 3166-1 alpha-3 "
                              "code) or inside the entity with this id or name"),
    "get_entity": ("get_entity(id) -> {id, name, names, types, category, country, geometry (simplified WKT, "
                   "CRS84 longitude latitude), triples (N-Triples)} or None"),
    "list_categories": "list_categories() -> list of {category, count}",
}
_ORACLE_SURFACE = {"T1-oracle-nt": "nt", "T1-oracle-json": "json", "T1-oracle-verbalized": "text"}

_UNIT_WORDS = {"km": "kilometres", "m": "metres", "mi": "miles", "km2": "square kilometres",
               "m2": "square metres", "mi2": "square miles", "ha": "hectares"}


@dataclass(frozen=True)
class Prompt:
    """Return one rendered prompt: chat ``messages`` (system, user), the answer's JSON ``schema``, metadata.

    ``metadata`` holds the item id, template, answer format, condition, the gold unit, and for agent
    conditions the tool names and the values the sandbox starts with (``sandbox_globals``).
    """

    id: str
    condition: str
    messages: tuple
    schema: dict
    metadata: dict = field(default_factory=dict)

    @property
    def hash(self) -> str:
        """Return the prompt's content hash (see :func:`prompt_hash`)."""
        return prompt_hash(self.messages, self.schema, self.condition, self.metadata.get("sandbox_globals"))

    def to_dict(self) -> dict:
        """Return the prompt as a JSON-ready dict (one line of a prompts JSONL file)."""
        return {"id": self.id, "condition": self.condition, "messages": [dict(m) for m in self.messages],
                "schema": self.schema, "metadata": dict(self.metadata), "prompt_hash": self.hash}

    @classmethod
    def from_dict(cls, d: Mapping) -> "Prompt":
        """Return a prompt read back from :meth:`to_dict` output."""
        return cls(d["id"], d["condition"], tuple(dict(m) for m in d["messages"]), d["schema"],
                   dict(d.get("metadata") or {}))


def prompt_hash(messages, schema, condition: str, extra=None) -> str:
    """Return a short SHA-256 hash of what a model is sent (messages, schema, condition, sandbox inputs).

    >>> prompt_hash([{"role": "user", "content": "hi"}], {}, "T1")
    'e06583b0bf606827'
    """
    blob = json.dumps([list(messages), schema, condition, extra], sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


# --------------------------------------------------------------------------------------------- format text


def unit_clause(answer_format: str, unit: str | None = None) -> str:
    """Return the sentence that tells a model which unit to give its answer in ('' for unitless formats).

    ``unit`` is the item's gold unit (the unit the question is asked in); the format's default otherwise.

    >>> unit_clause("Distance", "km")
    'Give the number in kilometres and set "unit" to "km" (also accepted: "m", "mi").'
    >>> unit_clause("Count")
    'Give a whole number; "unit" must be null.'
    """
    fmt = get_format(answer_format)
    if fmt.slug in ("distance", "area", "polar"):
        table = AREA_UNITS if fmt.slug == "area" else DISTANCE_UNITS
        unit = unit if unit in table else ("km2" if fmt.slug == "area" else "km")
        others = ", ".join(f'"{u}"' for u in table if u != unit)
        what = "the distance" if fmt.slug == "polar" else "the number"
        return f'Give {what} in {_UNIT_WORDS[unit]} and set "unit" to "{unit}" (also accepted: {others}).'
    if fmt.slug == "cell":
        return 'Set "unit" to the grid system: "h3" or "s2".'
    if fmt.slug == "count":
        return 'Give a whole number; "unit" must be null.'
    if fmt.slug == "ratio":
        return 'Give a plain number without a percent sign (0.25 for 25 %); "unit" must be null.'
    return '"unit" must be null.'


def _answer_instructions(item: Item, *, reasoning: bool, schema: dict) -> str:
    fmt = get_format(item.answer_format)
    shape = '{"reasoning": ..., "answer": ..., "unit": ...}' if reasoning else '{"answer": ..., "unit": ...}'
    lines = [f"Answer format ({fmt.name}): {fmt.description}", unit_clause(fmt.name, item.unit)]
    if fmt.slug == "direction":
        labels = [x for x in schema["properties"]["answer"]["anyOf"][0].get("enum", []) if x is not None]
        lines.append("Allowed labels: " + ", ".join(labels) + ".")
    if reasoning:
        lines.append('First think step by step in "reasoning", then give the answer.')
    lines.append(f"Reply with one JSON object {shape} and nothing else. It must follow this JSON schema:")
    lines.append(json.dumps(schema, ensure_ascii=False))
    lines.append('If the question cannot be answered (for example, because its premise is false), '
                 'set "answer" to null.')
    return "\n".join(lines)


_SYSTEM_T1 = ("You answer geospatial questions about places, regions, routes and events. "
              "Be precise; answer from what you know.")
_SYSTEM_ORACLE = ("You answer geospatial questions about places, regions, routes and events. The facts you "
                  "are given come from a knowledge graph and are sufficient to compute the answer. Geometries "
                  "are WKT in longitude latitude order (CRS84, WGS84 degrees).")


def _agent_system(condition: str, item: Item, schema: dict) -> str:
    fmt = get_format(item.answer_format)
    lines = [
        "You are a geospatial analyst who answers a question by writing Python.",
        "Each reply is one step. In a step, write exactly one ```python code block; it runs in a sandbox "
        "(Python 3 with shapely, pyproj, h3 and the standard library; no network, no file writes, limited "
        "time and memory) and what it prints comes back to you. Variables do not persist between steps.",
        "When you know the answer, call final_answer(answer, unit) in a code block; this ends the run. "
        "final_answer(None, None) means you give no answer.",
    ]
    if condition == "T3a":
        lines.append("The sandbox also has these functions over a geographic knowledge graph (ids are IRIs):")
        lines.extend(f"- {signature}" for signature in KG_TOOLS.values())
    else:
        lines.append("The facts from a knowledge graph that the answer follows from are in the user message; "
                     "in the sandbox they are also in the string GOLD_TRIPLES (N-Triples). You have no "
                     "retrieval tools.")
    lines.append(f"You have a budget of steps; use few. The final answer must fit the answer format "
                 f"({fmt.name}): {fmt.description}")
    lines.append(unit_clause(fmt.name, item.unit))
    lines.append("final_answer's arguments must make this JSON object valid: "
                 + json.dumps(schema, ensure_ascii=False))
    lines.append("If the question cannot be answered (for example, because its premise is false), call "
                 "final_answer(None, None).")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------- rendering


_ORACLE_CONDITIONS = (*_ORACLE_SURFACE, "T3-oracle")
_FIT_CACHE: dict[tuple, FittedGold] = {}


def fit_item_gold(item: Item | Mapping, context_budget: int = DEFAULT_CONTEXT_BUDGET) -> FittedGold:
    """Return the item's gold triples fitted so that every oracle prompt of it fits ``context_budget`` tokens.

    The same simplified gold serves all four oracle conditions (T1-oracle-nt/-json/-verbalized, T3-oracle):
    it is fitted to the largest of their prompts (see :func:`kgbench.evaluation.context.fit_gold`; tokens
    estimated as characters / 4). Whole when everything fits.
    """
    if not isinstance(item, Item):
        item = Item.from_dict(item)
    key = (item.id, item.question, hash(item.gold_triples), context_budget)
    if key not in _FIT_CACHE:
        def largest(gold: str, note: str) -> int:
            shown = dataclasses.replace(item, gold_triples=gold)
            return max(_chars(_render(shown, c, note)) for c in _ORACLE_CONDITIONS)
        if len(_FIT_CACHE) > 512:
            _FIT_CACHE.clear()
        _FIT_CACHE[key] = fit_gold(item.gold_triples, largest, context_budget)
    return _FIT_CACHE[key]


def oracle_prompts_fit(item: Item | Mapping, context_budget: int = DEFAULT_CONTEXT_BUDGET) -> bool:
    """Return True if every oracle prompt of the item fits ``context_budget`` tokens, simplifying its geometry if need be.

    False when even the simplified gold is too large: many entities rather than large geometries (every city
    of a populous country, every point of interest near a landmark), which no vertex budget can shrink. A gold
    of under a third of the budget's characters fits without rendering anything.
    """
    gold = item.gold_triples if isinstance(item, Item) else item["gold_triples"]
    if len(gold) * 3 < context_budget * CHARS_PER_TOKEN:
        return True
    return fit_item_gold(item, context_budget).fits


def _chars(prompt: Prompt) -> int:
    return sum(len(m["content"]) for m in prompt.messages)


def render(item: Item | Mapping, condition: str, *, context_budget: int | None = DEFAULT_CONTEXT_BUDGET) -> Prompt:
    """Return the :class:`Prompt` of one item under one condition (see :data:`CONDITIONS`).

    Oracle prompts fit ``context_budget`` estimated tokens (characters / 4): when the full gold triples would
    not, their geometries are simplified (:func:`fit_item_gold`) and the prompt says so; metadata
    ``context`` records the estimate, the budget and the simplification. ``None`` gives the full gold triples.

    >>> it = Item("A1-x", "A1", 1, "A1.1", "v1", "eng", "How far is Kamppi from Kallio?", "Distance", 2.1,
    ...           "km", [], False, None, {}, {}, "", "", "osm", {}, "snap")
    >>> p = render(it, "T1")
    >>> [m["role"] for m in p.messages], p.schema["properties"]["unit"]["enum"]
    (['system', 'user'], ['km', 'm', 'mi'])
    >>> "kilometres" in p.messages[1]["content"]
    True
    """
    if condition not in CONDITIONS:
        raise ValueError(f"unknown condition {condition!r}; expected one of {', '.join(CONDITIONS)}")
    if not isinstance(item, Item):
        item = Item.from_dict(item)
    if condition not in _ORACLE_CONDITIONS or context_budget is None:
        return _render(item, condition, "")
    fitted = fit_item_gold(item, context_budget)
    prompt = _render(dataclasses.replace(item, gold_triples=fitted.text), condition, fitted.note)
    prompt.metadata["context"] = {
        "budget_tokens": context_budget, "estimated_tokens": estimate_tokens("".join(
            m["content"] for m in prompt.messages)), "estimator": TOKEN_ESTIMATOR, "simplified": fitted.simplified,
        "vertices_full": fitted.vertices_before, "vertices_shown": fitted.vertices_after}
    return prompt


def _render(item: Item, condition: str, note: str) -> Prompt:
    """Return the prompt of an item whose gold triples are shown as they are, with a simplification note."""
    fmt = get_format(item.answer_format)
    reasoning = condition == "T2"
    schema = fmt.answer_schema(reasoning=reasoning, item=item.to_dict())
    metadata = {"item_id": item.id, "template_id": item.template_id, "answer_format": fmt.name,
                "condition": condition, "unit": item.unit, "language": item.language}
    question = f"Question: {item.question}"
    stated = f"{note}\n" if note else ""
    if condition in ("T1", "T2"):
        system = _SYSTEM_T1
        user = question + "\n\n" + _answer_instructions(item, reasoning=reasoning, schema=schema)
    elif condition in _ORACLE_SURFACE:
        surface = _ORACLE_SURFACE[condition]
        facts = verbalize_gold(item) if surface == "text" else gold_as(item, surface)
        label = {"nt": "Facts (N-Triples)", "json": "Facts (JSON: subject -> predicate -> values)",
                 "text": "Facts"}[surface]
        fence = "" if surface == "text" else "```\n"
        system = _SYSTEM_ORACLE
        user = (f"{label}:\n{stated}{fence}{facts.strip()}\n{fence.strip()}".rstrip() + "\n\n" + question
                + "\n\n" + _answer_instructions(item, reasoning=False, schema=schema))
    else:
        system = _agent_system(condition, item, schema)
        metadata["agent"] = True
        if condition == "T3-oracle":
            user = f"Facts (N-Triples):\n{stated}```\n{item.gold_triples.strip()}\n```\n\n{question}"
            metadata["tools"] = []
            metadata["sandbox_globals"] = {"GOLD_TRIPLES": item.gold_triples}
        else:
            user = question
            metadata["tools"] = list(KG_TOOLS)
            metadata["kg"] = item.kg
    messages = ({"role": "system", "content": system}, {"role": "user", "content": user})
    return Prompt(item.id, condition, messages, schema, metadata)


def render_dataset(items: Iterable[Item | Mapping], condition: str, *,
                   context_budget: int | None = DEFAULT_CONTEXT_BUDGET) -> list[dict]:
    """Return every item's prompt under one condition as JSON-ready dicts, in item order."""
    return [render(item, condition, context_budget=context_budget).to_dict() for item in items]


def render_prompts(dataset_path: str | Path, condition: str, out_path: str | Path | None = None, *,
                   context_budget: int | None = DEFAULT_CONTEXT_BUDGET) -> list[dict]:
    """Return the prompts of a JSONL dataset under one condition; with ``out_path``, also write them as JSONL.

    The file is written atomically (the function behind ``kgbench prompts render``); oracle prompts fit
    ``context_budget`` estimated tokens (see :func:`render`).
    """
    prompts = render_dataset(read_jsonl(dataset_path), condition, context_budget=context_budget)
    if out_path is not None:
        write_json_lines(out_path, prompts, dumps=lambda p: json.dumps(p, ensure_ascii=False, separators=(",", ":")))
    return prompts


def read_prompts(path: str | Path) -> list[Prompt]:
    """Return the prompts of a JSONL file written by :func:`render_prompts`; a bad line raises ValueError."""
    prompts = []
    for number, record, problem in json_lines(path):
        try:
            if problem:
                raise ValueError(problem)
            prompts.append(Prompt.from_dict(record))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: not a prompt ({exc!r})") from None
    return prompts


