"""Prompts for every evaluation condition of ``spec/scoring.md``, rendered from benchmark items.

The conditions (:data:`CONDITIONS`: T1, T2, T1-oracle-nt/-json/-verbalized, T3-oracle, T3a, T1-context,
T1-mcq, T1-mcq-context, T1-geojson, T1-map, T1-geojson-map) are objects of
:mod:`kgbench.evaluation.conditions`; each writes its own system and user messages.

Multiple-choice prompts (``T1-mcq``, ``T1-mcq-context``) list ``n_options`` answer options and the refusal option
(:mod:`kgbench.evaluation.choices`); their metadata holds ``options`` (letter, text, the answer and unit each
stands for) and ``gold_option`` (the gold's letter). :func:`render_dataset` deals the gold's position evenly over
the items rendered together (:func:`~kgbench.evaluation.choices.balanced_positions`); the options themselves
depend only on (item, seed, n_options, KG). The context conditions and the options of entity names, sets and
false premises read the knowledge graph of the items' snapshot (``kg``).

The user message of a map condition (:data:`IMAGE_CONDITIONS`) is a list of OpenAI-compatible content parts
(text, the map as a ``data:image/png;base64`` ``image_url``, text); every other message is a string.
:func:`message_text` reads the text of either.

Every prompt states the expected answer format (with the format's unit clause) and asks for one JSON object
that the format's JSON schema constrains; ``"answer": null`` means no answer. The agent conditions
(:data:`AGENT_CONDITIONS`) are run by :mod:`kgbench.evaluation.agent`; their prompts open the agent's
conversation.

Oracle prompts fit a context budget (default 32,000 tokens, estimated as characters / 4): when the full gold
triples would not fit, their geometries are simplified, topology-preserving, to a vertex budget
(:mod:`kgbench.evaluation.context`) and the prompt states it; gold answers stay computed on the full geometries.
The scene conditions' GeoJSON is fitted the same way (:mod:`kgbench.evaluation.scenes.prompt`). Estimates count
text only; an image part is recorded in the metadata (``context.images``), not counted.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from kgbench.evaluation.context import (CHARS_PER_TOKEN, DEFAULT_CONTEXT_BUDGET, TOKEN_ESTIMATOR, FittedGold,
                                        estimate_tokens, fit_gold)
from kgbench.evaluation.conditions import (AGENT_CONDITIONS, CONDITION_OBJECTS, CONDITIONS, IMAGE_CONDITIONS, KG_TOOLS,
                                           SCENE_CONDITIONS, choice_schema, get_condition, item_texts)
from kgbench.evaluation.choices import balanced_positions, make_choices, needs_kg
from kgbench.evaluation.scenes.prompt import message_text
from kgbench.evaluation.formats import get_format
from kgbench.evaluation.places import PlaceIndex, place_context
from kgbench.generator.items import Item, read_jsonl
from kgbench.fileio import json_lines, write_json_lines

__all__ = [
    "CONDITIONS", "AGENT_CONDITIONS", "SCENE_CONDITIONS", "IMAGE_CONDITIONS", "message_text", "KG_TOOLS", "Prompt", "render", "render_dataset", "render_prompts",
    "read_prompts", "unit_clause", "prompt_hash", "fit_item_gold",
    "oracle_prompts_fit", "get_condition",
]


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
    The wording is the format's (:meth:`~kgbench.evaluation.formats.AnswerFormat.unit_clause`).

    >>> unit_clause("Distance", "km")
    'Give the number in kilometres and set "unit" to "km" (also accepted: "m", "mi").'
    >>> unit_clause("Count")
    'Give a whole number; "unit" must be null.'
    """
    return get_format(answer_format).unit_clause(unit)


# --------------------------------------------------------------------------------------------- rendering


_ORACLE_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if c.oracle)
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
    """Return the characters of a prompt's text (its messages' strings and text parts; images not counted)."""
    return sum(len(message_text(m["content"])) for m in prompt.messages)


def render(item: Item | Mapping, condition: str, *, context_budget: int | None = DEFAULT_CONTEXT_BUDGET,
           n_options: int = 4, seed: int = 0, kg=None, position: int | None = None, map_size: int | None = None,
           hide=()) -> Prompt:
    """Return the :class:`Prompt` of one item under one condition (see :data:`CONDITIONS`).

    Multiple-choice conditions take ``n_options`` (2..7) answer options chosen with ``seed``, the gold at
    ``position`` (default: from a hash of the item id and seed; :func:`render_dataset` balances it); ``kg`` (a
    :class:`~kgbench.evaluation.places.PlaceIndex` or a knowledge graph) is needed by the context conditions
    and by the options of entity names, sets and false premises (ValueError without it).

    Oracle prompts fit ``context_budget`` estimated tokens (characters / 4): when the full gold triples would
    not, their geometries are simplified (:func:`fit_item_gold`) and the prompt says so; metadata
    ``context`` records the estimate, the budget and the simplification. ``None`` gives the full gold triples.

    The scene conditions (:data:`SCENE_CONDITIONS`) fit their GeoJSON to the same budget and draw their map
    (``map_size`` pixels, default 768) over the basemap of ``kg`` (None: the bundled snapshot, opened when a
    map is drawn; False: no basemap); ``hide`` withholds the names of these roles (the visual slice).

    >>> it = Item("A1-x", "A1", 1, "A1.1", "v1", "eng", "How far is Kamppi from Kallio?", "Distance", 2.1,
    ...           "km", [], False, None, {}, {}, "", "", "osm", {}, "snap")
    >>> p = render(it, "T1")
    >>> [m["role"] for m in p.messages], p.schema["properties"]["unit"]["enum"]
    (['system', 'user'], ['km', 'm', 'mi'])
    >>> "kilometres" in p.messages[1]["content"]
    True
    """
    cond = get_condition(condition)
    if cond.mcq or cond.context:
        if not isinstance(item, Item):
            item = Item.from_dict(item)
        index = kg if kg is None or isinstance(kg, PlaceIndex) else PlaceIndex(kg)
        return _render_choices(item, cond.name, n_options=n_options, seed=seed, index=index, position=position)
    if cond.scene:
        if not isinstance(item, Item):
            item = Item.from_dict(item)
        basemap_kg = kg.kg if isinstance(kg, PlaceIndex) else kg
        prompt = _render(item, condition, "", kg=basemap_kg, context_budget=context_budget, map_size=map_size,
                         hide=hide)
        prompt.metadata["context"] = {
            "budget_tokens": context_budget, "estimated_tokens": estimate_tokens("".join(
                message_text(m["content"]) for m in prompt.messages)), "estimator": TOKEN_ESTIMATOR,
            "simplified": prompt.metadata["scene"].get("geojson_vertex_cap") is not None,
            "images": sum(1 for m in prompt.messages if not isinstance(m["content"], str)
                          for p in m["content"] if p.get("type") == "image_url")}
        return prompt
    if not cond.oracle or context_budget is None:
        if not isinstance(item, Item):
            item = Item.from_dict(item)
        return _render(item, condition, "")
    if not isinstance(item, Item):
        item = Item.from_dict(item)
    fitted = fit_item_gold(item, context_budget)
    prompt = _render(dataclasses.replace(item, gold_triples=fitted.text), condition, fitted.note)
    prompt.metadata["context"] = {
        "budget_tokens": context_budget, "estimated_tokens": estimate_tokens("".join(
            m["content"] for m in prompt.messages)), "estimator": TOKEN_ESTIMATOR, "simplified": fitted.simplified,
        "vertices_full": fitted.vertices_before, "vertices_shown": fitted.vertices_after}
    return prompt


def _render(item: Item, condition: str, note: str, **context) -> Prompt:
    """Return the prompt of an item whose gold triples are shown as they are, with a simplification note."""
    fmt = get_format(item.answer_format)
    cond = get_condition(condition)
    schema = fmt.answer_schema(reasoning=cond.reasoning, item=item.to_dict())
    metadata = {"item_id": item.id, "template_id": item.template_id, "answer_format": fmt.name,
                "condition": condition, "unit": item.unit, "language": item.language}
    system, user, extra = cond.render(item, fmt, schema, note, **context)
    metadata.update(extra)
    messages = ({"role": "system", "content": system}, {"role": "user", "content": user})
    return Prompt(item.id, condition, messages, schema, metadata)


def _render_choices(item: Item, condition: str, *, n_options: int, seed: int, index, position) -> Prompt:
    """Return a multiple-choice and/or place-context prompt."""
    cond = get_condition(condition)
    if index is None and (cond.context or (cond.mcq and needs_kg(item))):
        raise ValueError(f"item {item.id}: {condition} prompts of it read the knowledge graph; give kg=...")
    texts = item_texts(item)
    shown = place_context(item, index, texts) if cond.context else ""
    choices = (make_choices(item, n_options, seed=seed, position=position, index=index, texts=texts)
               if cond.mcq else None)
    fmt = get_format(item.answer_format)
    schema = choice_schema(choices.letters) if cond.mcq else fmt.answer_schema(item=item.to_dict())
    metadata = {"item_id": item.id, "template_id": item.template_id, "answer_format": fmt.name,
                "condition": condition, "unit": item.unit, "language": item.language}
    system, user, extra = cond.render(item, fmt, schema, "", choices=choices, place_context=shown)
    metadata.update(extra)
    if cond.mcq:
        metadata.update(n_options=n_options, seed=seed)
    if cond.context:
        metadata["context_chars"] = len(shown)
    messages = ({"role": "system", "content": system}, {"role": "user", "content": user})
    return Prompt(item.id, condition, messages, schema, metadata)


def render_dataset(items: Iterable[Item | Mapping], condition: str, *,
                   context_budget: int | None = DEFAULT_CONTEXT_BUDGET, n_options: int = 4, seed: int = 0,
                   kg=None, map_size: int | None = None, progress=None) -> list[dict]:
    """Return every item's prompt under one condition as JSON-ready dicts, in item order.

    Multiple-choice conditions deal the gold's position evenly over these items
    (:func:`~kgbench.evaluation.choices.balanced_positions`); ``kg`` and ``map_size`` go to the context,
    multiple-choice and map conditions (see :func:`render`); ``progress(done, total)`` is called after each item.
    """
    items = list(items)
    cond = get_condition(condition)
    if kg is None and cond.image and items:
        from kgbench.kg.store import open_kg

        kg = open_kg()  # once for the dataset, not once per item
    index = kg if kg is None or isinstance(kg, PlaceIndex) or not (cond.mcq or cond.context) else PlaceIndex(kg)
    positions = balanced_positions(items, n_options, seed) if cond.mcq else {}
    out = []
    for n, item in enumerate(items, 1):
        item_id = item.id if isinstance(item, Item) else item["id"]
        out.append(render(item, condition, context_budget=context_budget, n_options=n_options, seed=seed, kg=index,
                          position=positions.get(item_id), map_size=map_size).to_dict())
        if progress is not None:
            progress(n, len(items))
    return out


def render_prompts(dataset_path: str | Path, condition: str, out_path: str | Path | None = None, *,
                   context_budget: int | None = DEFAULT_CONTEXT_BUDGET, n_options: int = 4, seed: int = 0,
                   kg=None, map_size: int | None = None, progress=None) -> list[dict]:
    """Return the prompts of a JSONL dataset under one condition; with ``out_path``, also write them as JSONL.

    The file is written atomically (the function behind ``kgbench prompts render``); oracle prompts fit
    ``context_budget`` estimated tokens (see :func:`render`); multiple-choice and context conditions take
    ``n_options``, ``seed`` and ``kg``; map conditions ``kg`` and ``map_size`` (see :func:`render_dataset`).
    """
    prompts = render_dataset(read_jsonl(dataset_path), condition, context_budget=context_budget,
                             n_options=n_options, seed=seed, kg=kg, map_size=map_size, progress=progress)
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


