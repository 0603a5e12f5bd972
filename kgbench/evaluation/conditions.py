"""The evaluation conditions of ``spec/scoring.md`` as objects: each renders its prompt's system and user text.

=======================  ==============================================================================
condition                what the model gets
=======================  ==============================================================================
``T1``                   the question alone (parametric)
``T2``                   the same, with a ``reasoning`` field before the answer
``T1-oracle-nt``         the gold triples as raw N-Triples, then the question
``T1-oracle-json``       the gold triples as JSON (subject -> predicate -> values)
``T1-oracle-verbalized`` the gold triples as English sentences (:func:`~kgbench.generator.gold.verbalize_gold`)
``T3-oracle``            a code-writing agent given the gold triples (no retrieval tools)
``T3a``                  the agent with knowledge-graph tools (:data:`KG_TOOLS`), no gold triples
``T1-context``           the question after a place context rendered from the KG (MapEval's textual context)
``T1-mcq``               the question with lettered options (:mod:`kgbench.evaluation.choices`); the answer
                         is one letter
``T1-mcq-context``       the same after the place context
``T1-geojson``           the item's scene (its features' gold geometries, anonymous ids) as GeoJSON
``T1-map``               the scene as a map image (an image part of the user message)
``T1-geojson-map``       both
=======================  ==============================================================================

A :class:`Condition` says whether it shows the gold triples (``oracle``: its prompt is fitted to the context
budget), whether an agent runs it in a sandbox (``agent``) and whether that agent needs the knowledge graph
(``needs_kg``); whether its prompt is multiple choice (``mcq``) and shows a place context read from the
knowledge graph when it is rendered (``context``); whether it shows the item's scene (``scene``,
:mod:`kgbench.evaluation.scenes`) and whether its user message carries an image part (``image``: the content is
a list of OpenAI-compatible parts, text and ``image_url``). :func:`get_condition` looks one up by name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from kgbench.evaluation.formats import AnswerFormat
from kgbench.languages import ENGLISH_TEXTS, SCENE_TEXTS, get_language
from kgbench.generator.gold import gold_as, verbalize_gold
from kgbench.generator.items import Item

__all__ = ["Condition", "Parametric", "OracleFacts", "AgentCondition", "MultipleChoice", "SceneCondition",
           "SCENE_CONDITIONS", "IMAGE_CONDITIONS", "CONDITION_OBJECTS", "CONDITIONS", "AGENT_CONDITIONS", "KG_TOOLS",
           "get_condition", "answer_instructions", "item_texts", "choice_schema"]

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

def item_texts(item) -> Mapping[str, str]:
    """Return the prompt texts in an item's language (English for an unknown language code)."""
    try:
        return get_language(getattr(item, "language", None) or "eng").texts
    except ValueError:
        return ENGLISH_TEXTS


def answer_instructions(fmt: AnswerFormat, unit: str | None, *, reasoning: bool, schema: dict,
                        texts: Mapping[str, str] = ENGLISH_TEXTS) -> str:
    """Return the answer-format part of a one-completion prompt: the format, its unit clause, the JSON shape,
    in the language of ``texts`` (the JSON keys and values stay as the schema has them).

    >>> from kgbench.evaluation.formats import get_format
    >>> fmt = get_format("Count")
    >>> answer_instructions(fmt, None, reasoning=False, schema=fmt.answer_schema()).splitlines()[:2]
    ['Answer format (Count): A whole number.', 'Give a whole number; "unit" must be null.']
    """
    shape = '{"reasoning": ..., "answer": ..., "unit": ...}' if reasoning else '{"answer": ..., "unit": ...}'
    lines = [texts["prompt.format"].format(format=fmt.name, description=fmt.describe(texts)),
             fmt.unit_clause(unit, texts), *fmt.prompt_lines(schema, texts)]
    if reasoning:
        lines.append(texts["prompt.reasoning"])
    lines.append(texts["prompt.reply"].format(shape=shape))
    lines.append(json.dumps(schema, ensure_ascii=False))
    lines.append(texts["prompt.null"])
    return "\n".join(lines)


@dataclass(frozen=True)
class Condition:
    """One evaluation condition: its ``name`` and what running it needs.

    ``oracle``: the prompt shows the item's gold triples (fitted to the context budget); ``agent``: an agent
    runs the prompt in a sandbox with a step budget instead of one completion; ``needs_kg``: the agent's tools
    query the knowledge graph; ``reasoning``: the answer object carries a ``reasoning`` field first; ``mcq``:
    the prompt lists options and the answer is a letter; ``context``: the prompt opens with a place context
    rendered from the knowledge graph (so rendering needs the KG); ``scene``: the prompt shows the item's scene;
    ``image``: the user message carries an image part.
    """

    name: str
    oracle: bool = False
    agent: bool = False
    needs_kg: bool = False
    reasoning: bool = False
    mcq: bool = False
    context: bool = False
    scene: bool = False
    image: bool = False

    def render(self, item: Item, fmt: AnswerFormat, schema: dict, note: str, **context) -> tuple[str, object, dict]:
        """Return (system message, user message content, extra metadata) of an item's prompt; ``note`` says how
        the shown gold triples were simplified ('' when whole). ``context``: what a condition shows beside the
        question, each ignored by the conditions that do not show it: ``choices`` (the item's multiple-choice
        options, :class:`~kgbench.evaluation.choices.Choices`), ``place_context`` (its place context text), and
        what a scene condition needs (``kg``, ``context_budget``, ``map_size``, ``hide``; see
        :class:`SceneCondition`)."""
        raise NotImplementedError

    @staticmethod
    def _question(item: Item) -> str:
        return item_texts(item)["prompt.question"].format(question=item.question)


@dataclass(frozen=True)
class Parametric(Condition):
    """T1 and T2: the question and the answer format, nothing else."""

    def render(self, item, fmt, schema, note, **context):
        texts = item_texts(item)
        user = (_context_block(context.get("place_context", ""), texts) + self._question(item) + "\n\n"
                + answer_instructions(fmt, item.unit, reasoning=self.reasoning, schema=schema, texts=texts))
        return texts["system.parametric"], user, {}


@dataclass(frozen=True)
class OracleFacts(Condition):
    """T1-oracle-*: the gold triples written as ``surface`` (``nt``, ``json`` or ``text``) under ``label``."""

    surface: str = "nt"
    #: the key of the facts' heading in the prompt texts
    label: str = "prompt.facts"

    def render(self, item, fmt, schema, note, **context):
        texts = item_texts(item)
        facts = verbalize_gold(item) if self.surface == "text" else gold_as(item, self.surface)
        fence = "" if self.surface == "text" else "```\n"
        stated = f"{note}\n" if note else ""
        user = (f"{texts[self.label]}:\n{stated}{fence}{facts.strip()}\n{fence.strip()}".rstrip() + "\n\n"
                + self._question(item) + "\n\n"
                + answer_instructions(fmt, item.unit, reasoning=False, schema=schema, texts=texts))
        return texts["system.oracle"], user, {}


@dataclass(frozen=True)
class AgentCondition(Condition):
    """T3-oracle (``oracle``: the gold triples in the message and in the sandbox's ``GOLD_TRIPLES``) and T3a
    (``needs_kg``: the knowledge-graph tools)."""

    def render(self, item, fmt, schema, note, **context):
        texts = item_texts(item)
        system = self._system(fmt, item.unit, schema, texts)
        if self.oracle:
            stated = f"{note}\n" if note else ""
            user = (f"{texts['prompt.facts_nt']}:\n{stated}```\n{item.gold_triples.strip()}\n```\n\n"
                    f"{self._question(item)}")
            return system, user, {"agent": True, "tools": [], "sandbox_globals": {"GOLD_TRIPLES": item.gold_triples}}
        return system, self._question(item), {"agent": True, "tools": list(KG_TOOLS), "kg": item.kg}

    def _system(self, fmt: AnswerFormat, unit: str | None, schema: dict,
                texts: Mapping[str, str] = ENGLISH_TEXTS) -> str:
        lines = [texts["agent.role"], texts["agent.steps"], texts["agent.final"]]
        if self.needs_kg:
            lines.append(texts["agent.tools"])
            lines.extend(f"- {signature}" for signature in KG_TOOLS.values())
        else:
            lines.append(texts["agent.gold"])
        lines.append(texts["agent.budget"].format(format=fmt.name, description=fmt.describe(texts)))
        lines.append(fmt.unit_clause(unit, texts))
        lines.append(texts["agent.schema"].format(schema=json.dumps(schema, ensure_ascii=False)))
        lines.append(texts["agent.null"])
        return "\n".join(lines)


def _context_block(place_context: str, texts: Mapping[str, str]) -> str:
    return f"{texts['prompt.context']}:\n{place_context.strip()}\n\n" if place_context else ""


def choice_schema(letters: list[str]) -> dict:
    """Return the JSON schema of a multiple-choice answer: ``{"answer": one of the letters, "unit": null}``.

    >>> choice_schema(["A", "B", "C"])["properties"]["answer"]
    {'enum': ['A', 'B', 'C']}
    """
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Multiple-choice answer",
            "description": "The letter of one option.", "type": "object",
            "properties": {"answer": {"enum": list(letters)}, "unit": {"type": "null"}},
            "required": ["answer", "unit"], "additionalProperties": False}


@dataclass(frozen=True)
class MultipleChoice(Condition):
    """T1-mcq and T1-mcq-context (``context``): the question, its lettered options (the last is always the
    refusal option, the gold of a false-premise item) and the reply as one letter."""

    def render(self, item, fmt, schema, note, **context):
        choices = context.get("choices")
        if choices is None:
            raise ValueError(f"{self.name} prompts need the item's options (kgbench.evaluation.choices)")
        texts = item_texts(item)
        lines = [texts["prompt.options"], *(f"{o.letter}. {o.text}" for o in choices.options)]
        letters = ", ".join(choices.letters)
        user = (_context_block(context.get("place_context", ""), texts) + self._question(item) + "\n\n"
                + "\n".join(lines) + "\n\n"
                + texts["prompt.mcq_policy"].format(letter=choices.refusal_option) + "\n"
                + texts["prompt.mcq_reply"].format(letters=letters) + "\n" + json.dumps(schema, ensure_ascii=False))
        return texts["system.mcq"], user, choices.to_dict()


@dataclass(frozen=True)
class SceneCondition(Condition):
    """T1-geojson, T1-map, T1-geojson-map: the item's scene (:func:`kgbench.evaluation.scenes.item_scene`) as
    GeoJSON (``geojson``) and/or as a map image (``image``), the feature ids named, then the question.

    ``context``: ``kg`` (the basemap's KG; None opens the bundled snapshot when a map is drawn, False draws
    no basemap), ``context_budget`` (tokens the GeoJSON text is fitted to; None: whole), ``map_size``
    (pixels, default 768), ``hide`` (roles whose names are withheld: the visual slice). Written in English
    only: an item in another language raises :class:`~kgbench.evaluation.scenes.prompt.SceneLanguageError`.
    The metadata ``scene`` records the feature ids, the GeoJSON's vertex cap and the map's size, SHA-256 and
    pixel transform.
    """

    geojson: bool = False

    def render(self, item, fmt, schema, note, **context):
        from kgbench.evaluation.context import CHARS_PER_TOKEN
        from kgbench.evaluation.scenes.model import item_scene
        from kgbench.evaluation.scenes.prompt import (SceneLanguageError, image_part, png_metadata, scene_intro,
                                                      text_part)

        if (item.language or "eng") != "eng":
            raise SceneLanguageError(f"condition {self.name!r} is written in English only; item {item.id!r} is in "
                                     f"{item.language!r}")
        scene = item_scene(item)
        if context.get("hide"):
            scene = scene.hiding(context["hide"])
        budget = context.get("context_budget")
        intro, meta = scene_intro(scene, SCENE_TEXTS, geojson=self.geojson, image=self.image,
                                  budget_chars=None if budget is None else budget * CHARS_PER_TOKEN)
        question = (self._question(item) + "\n\n"
                    + answer_instructions(fmt, item.unit, reasoning=False, schema=schema, texts=ENGLISH_TEXTS))
        if not self.image:
            return SCENE_TEXTS["system.scene"], intro + "\n\n" + question, {"scene": meta}
        from kgbench.evaluation.scenes.maps import scene_map

        kg = context.get("kg")
        if kg is None and scene.features:
            from kgbench.kg.store import open_kg

            kg = open_kg()
        png, transform = scene_map(scene, None if kg is False else kg, width=context.get("map_size") or 768)
        meta["image"] = png_metadata(png, transform)
        user = [text_part(intro), image_part(png), text_part(question)]
        return SCENE_TEXTS["system.scene"], user, {"scene": meta}


#: every condition, in the spec's order
CONDITION_OBJECTS: dict[str, Condition] = {c.name: c for c in (
    Parametric("T1"),
    Parametric("T2", reasoning=True),
    OracleFacts("T1-oracle-nt", oracle=True, surface="nt", label="prompt.facts_nt"),
    OracleFacts("T1-oracle-json", oracle=True, surface="json", label="prompt.facts_json"),
    OracleFacts("T1-oracle-verbalized", oracle=True, surface="text", label="prompt.facts"),
    AgentCondition("T3-oracle", oracle=True, agent=True),
    AgentCondition("T3a", agent=True, needs_kg=True),
    Parametric("T1-context", context=True),
    MultipleChoice("T1-mcq", mcq=True),
    MultipleChoice("T1-mcq-context", mcq=True, context=True),
    SceneCondition("T1-geojson", scene=True, geojson=True),
    SceneCondition("T1-map", scene=True, image=True),
    SceneCondition("T1-geojson-map", scene=True, geojson=True, image=True),
)}
CONDITIONS = tuple(CONDITION_OBJECTS)
#: conditions whose prompts start an agent run (code in a sandbox, a step budget) instead of one completion
AGENT_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if c.agent)
#: conditions whose prompts show the item's scene (GeoJSON and/or a map)
SCENE_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if c.scene)
#: conditions whose user message carries an image part
IMAGE_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if c.image)


def get_condition(name: str | Condition) -> Condition:
    """Return the condition of this name; an unknown name raises ValueError listing the valid ones.

    >>> c = get_condition("T3a")
    >>> c.agent, c.needs_kg, c.oracle
    (True, True, False)
    >>> get_condition("T4")
    Traceback (most recent call last):
    ...
    ValueError: unknown condition 'T4'; expected one of T1, T2, T1-oracle-nt, T1-oracle-json, T1-oracle-verbalized, T3-oracle, T3a, T1-context, T1-mcq, T1-mcq-context, T1-geojson, T1-map, T1-geojson-map
    """
    if isinstance(name, Condition):
        return name
    try:
        return CONDITION_OBJECTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown condition {name!r}; expected one of {', '.join(CONDITIONS)}") from None
