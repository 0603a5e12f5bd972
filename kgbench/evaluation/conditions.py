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
=======================  ==============================================================================

A :class:`Condition` says whether it shows the gold triples (``oracle``: its prompt is fitted to the context
budget), whether an agent runs it in a sandbox (``agent``) and whether that agent needs the knowledge graph
(``needs_kg``). :func:`get_condition` looks one up by name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from kgbench.evaluation.formats import AnswerFormat
from kgbench.generator.gold import gold_as, verbalize_gold
from kgbench.generator.items import Item

__all__ = ["Condition", "Parametric", "OracleFacts", "AgentCondition", "CONDITION_OBJECTS", "CONDITIONS",
           "AGENT_CONDITIONS", "KG_TOOLS", "get_condition", "answer_instructions"]

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

_SYSTEM_T1 = ("You answer geospatial questions about places, regions, routes and events. "
              "Be precise; answer from what you know.")
_SYSTEM_ORACLE = ("You answer geospatial questions about places, regions, routes and events. The facts you "
                  "are given come from a knowledge graph and are sufficient to compute the answer. Geometries "
                  "are WKT in longitude latitude order (CRS84, WGS84 degrees).")


def answer_instructions(fmt: AnswerFormat, unit: str | None, *, reasoning: bool, schema: dict) -> str:
    """Return the answer-format part of a one-completion prompt: the format, its unit clause, the JSON shape.

    >>> from kgbench.evaluation.formats import get_format
    >>> fmt = get_format("Count")
    >>> answer_instructions(fmt, None, reasoning=False, schema=fmt.answer_schema()).splitlines()[:2]
    ['Answer format (Count): A whole number.', 'Give a whole number; "unit" must be null.']
    """
    shape = '{"reasoning": ..., "answer": ..., "unit": ...}' if reasoning else '{"answer": ..., "unit": ...}'
    lines = [f"Answer format ({fmt.name}): {fmt.description}", fmt.unit_clause(unit), *fmt.prompt_lines(schema)]
    if reasoning:
        lines.append('First think step by step in "reasoning", then give the answer.')
    lines.append(f"Reply with one JSON object {shape} and nothing else. It must follow this JSON schema:")
    lines.append(json.dumps(schema, ensure_ascii=False))
    lines.append('If the question cannot be answered (for example, because its premise is false), '
                 'set "answer" to null.')
    return "\n".join(lines)


@dataclass(frozen=True)
class Condition:
    """One evaluation condition: its ``name`` and what running it needs.

    ``oracle``: the prompt shows the item's gold triples (fitted to the context budget); ``agent``: an agent
    runs the prompt in a sandbox with a step budget instead of one completion; ``needs_kg``: the agent's tools
    query the knowledge graph; ``reasoning``: the answer object carries a ``reasoning`` field first.
    """

    name: str
    oracle: bool = False
    agent: bool = False
    needs_kg: bool = False
    reasoning: bool = False

    def render(self, item: Item, fmt: AnswerFormat, schema: dict, note: str) -> tuple[str, str, dict]:
        """Return (system message, user message, extra metadata) of an item's prompt; ``note`` says how the
        shown gold triples were simplified ('' when whole)."""
        raise NotImplementedError

    @staticmethod
    def _question(item: Item) -> str:
        return f"Question: {item.question}"


@dataclass(frozen=True)
class Parametric(Condition):
    """T1 and T2: the question and the answer format, nothing else."""

    def render(self, item, fmt, schema, note):
        user = (self._question(item) + "\n\n"
                + answer_instructions(fmt, item.unit, reasoning=self.reasoning, schema=schema))
        return _SYSTEM_T1, user, {}


@dataclass(frozen=True)
class OracleFacts(Condition):
    """T1-oracle-*: the gold triples written as ``surface`` (``nt``, ``json`` or ``text``) under ``label``."""

    surface: str = "nt"
    label: str = "Facts"

    def render(self, item, fmt, schema, note):
        facts = verbalize_gold(item) if self.surface == "text" else gold_as(item, self.surface)
        fence = "" if self.surface == "text" else "```\n"
        stated = f"{note}\n" if note else ""
        user = (f"{self.label}:\n{stated}{fence}{facts.strip()}\n{fence.strip()}".rstrip() + "\n\n"
                + self._question(item) + "\n\n" + answer_instructions(fmt, item.unit, reasoning=False, schema=schema))
        return _SYSTEM_ORACLE, user, {}


@dataclass(frozen=True)
class AgentCondition(Condition):
    """T3-oracle (``oracle``: the gold triples in the message and in the sandbox's ``GOLD_TRIPLES``) and T3a
    (``needs_kg``: the knowledge-graph tools)."""

    def render(self, item, fmt, schema, note):
        system = self._system(fmt, item.unit, schema)
        if self.oracle:
            stated = f"{note}\n" if note else ""
            user = f"Facts (N-Triples):\n{stated}```\n{item.gold_triples.strip()}\n```\n\n{self._question(item)}"
            return system, user, {"agent": True, "tools": [], "sandbox_globals": {"GOLD_TRIPLES": item.gold_triples}}
        return system, self._question(item), {"agent": True, "tools": list(KG_TOOLS), "kg": item.kg}

    def _system(self, fmt: AnswerFormat, unit: str | None, schema: dict) -> str:
        lines = [
            "You are a geospatial analyst who answers a question by writing Python.",
            "Each reply is one step. In a step, write exactly one ```python code block; it runs in a sandbox "
            "(Python 3 with shapely, pyproj, h3 and the standard library; no network, no file writes, limited "
            "time and memory) and what it prints comes back to you. Variables do not persist between steps.",
            "When you know the answer, call final_answer(answer, unit) in a code block; this ends the run. "
            "final_answer(None, None) means you give no answer.",
        ]
        if self.needs_kg:
            lines.append("The sandbox also has these functions over a geographic knowledge graph (ids are IRIs):")
            lines.extend(f"- {signature}" for signature in KG_TOOLS.values())
        else:
            lines.append("The facts from a knowledge graph that the answer follows from are in the user message; "
                         "in the sandbox they are also in the string GOLD_TRIPLES (N-Triples). You have no "
                         "retrieval tools.")
        lines.append(f"You have a budget of steps; use few. The final answer must fit the answer format "
                     f"({fmt.name}): {fmt.description}")
        lines.append(fmt.unit_clause(unit))
        lines.append("final_answer's arguments must make this JSON object valid: "
                     + json.dumps(schema, ensure_ascii=False))
        lines.append("If the question cannot be answered (for example, because its premise is false), call "
                     "final_answer(None, None).")
        return "\n".join(lines)


#: every condition, in the spec's order
CONDITION_OBJECTS: dict[str, Condition] = {c.name: c for c in (
    Parametric("T1"),
    Parametric("T2", reasoning=True),
    OracleFacts("T1-oracle-nt", oracle=True, surface="nt", label="Facts (N-Triples)"),
    OracleFacts("T1-oracle-json", oracle=True, surface="json", label="Facts (JSON: subject -> predicate -> values)"),
    OracleFacts("T1-oracle-verbalized", oracle=True, surface="text", label="Facts"),
    AgentCondition("T3-oracle", oracle=True, agent=True),
    AgentCondition("T3a", agent=True, needs_kg=True),
)}
CONDITIONS = tuple(CONDITION_OBJECTS)
#: conditions whose prompts start an agent run (code in a sandbox, a step budget) instead of one completion
AGENT_CONDITIONS = tuple(name for name, c in CONDITION_OBJECTS.items() if c.agent)


def get_condition(name: str | Condition) -> Condition:
    """Return the condition of this name; an unknown name raises ValueError listing the valid ones.

    >>> c = get_condition("T3a")
    >>> c.agent, c.needs_kg, c.oracle
    (True, True, False)
    >>> get_condition("T4")
    Traceback (most recent call last):
    ...
    ValueError: unknown condition 'T4'; expected one of T1, T2, T1-oracle-nt, T1-oracle-json, T1-oracle-verbalized, T3-oracle, T3a
    """
    if isinstance(name, Condition):
        return name
    try:
        return CONDITION_OBJECTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown condition {name!r}; expected one of {', '.join(CONDITIONS)}") from None
