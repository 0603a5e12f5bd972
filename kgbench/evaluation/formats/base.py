"""The answer format as an object: reader, schemas, gold reading, comparison and prompt wording.

:class:`AnswerFormat` is an exact format; :mod:`kgbench.evaluation.formats.kinds` holds the kinds that compare,
read or word differently, and :mod:`kgbench.evaluation.formats.registry` the fifteen formats of the spec.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, Callable

import jsonschema

from kgbench.evaluation.formats.compare import Comparison, exact
from kgbench.evaluation.formats.schemas import _nullable
from kgbench.evaluation.formats.values import AnswerValueError, GoldAnswerError, SCHEMA_DIALECT
from kgbench.languages import ENGLISH_TEXTS

__all__ = ["AnswerFormat"]


@dataclass(frozen=True)
class AnswerFormat:
    """One answer format of ``spec/scoring.md``: canonical ``name``, short ``slug``, reader, schemas and rules.

    ``units`` are the unit strings a model's answer may carry (empty: the unit must be null; for the cell
    format the unit names the grid system). ``coerce`` reads a value tolerantly; :meth:`answer_schema` and
    :meth:`gold_schema` give the JSON schemas. This base class is an exact format (Boolean / ternary,
    Geohash): canonical values compare equal or not; the kinds of :mod:`kgbench.evaluation.formats.kinds`
    override what differs.
    """

    name: str
    slug: str
    description: str
    coerce: Callable[..., Any] = field(repr=False)
    answer_value_schema: dict = field(repr=False)
    gold_value_schema: dict = field(repr=False)
    units: tuple[str, ...] = ()
    unit_required: bool = False

    # ------------------------------------------------------------------------------------ reading and scoring

    def parse(self, answer: Any, unit: Any = None) -> Any:
        """Return a model's answer read as a value of this format; raise AnswerValueError when it is not one.

        >>> from kgbench.evaluation.formats import get_format
        >>> get_format("Distance").parse("1,250 m", "km")
        1.25
        """
        return self.coerce(answer, unit)

    def compare(self, pred: Any, gold: Any, aliases: dict | None = None) -> Comparison:
        """Return the :class:`~kgbench.evaluation.formats.compare.Comparison` of a parsed prediction with one
        gold value (``aliases``: set-member aliases of the gold answer).

        >>> from kgbench.evaluation.formats import get_format
        >>> get_format("Boolean / ternary").compare("true", "true").E
        1
        """
        return exact(pred == gold)

    def check_gold(self, value: Any) -> None:
        """Raise :class:`GoldAnswerError` when a read gold value cannot be a gold answer of this format."""

    def alternatives(self, alternative: Any, unit: Any) -> tuple[list, dict]:
        """Return (gold values, alias key -> member key) one ``acceptable`` entry of an item stands for."""
        return [self.read_gold(alternative, unit)], {}

    def read_gold(self, answer: Any, unit: Any = None) -> Any:
        """Return a gold answer read as a value of this format; raise :class:`GoldAnswerError` naming it when
        it does not fit the gold schema, carries a wrong unit or is not a value of the format.

        >>> from kgbench.evaluation.formats import get_format
        >>> get_format("Distance").read_gold(1500, "m")
        1.5
        """
        error = jsonschema.exceptions.best_match(_gold_validator(self).iter_errors(answer))
        if error is not None:
            raise GoldAnswerError(f"{self.name} gold answer {answer!r} does not fit its schema: {error.message}")
        if self.units and unit is not None and unit not in self.units:
            raise GoldAnswerError(f"{self.name} gold unit {unit!r} is not one of {list(self.units)}")
        if not self.units and unit is not None:
            raise GoldAnswerError(f"{self.name} gold answers carry no unit, got {unit!r}")
        try:
            value = self.coerce(answer, unit)
        except AnswerValueError as exc:
            raise GoldAnswerError(f"{self.name} gold answer: {exc}") from None
        self.check_gold(value)
        return value

    # ------------------------------------------------------------------------------------ prompt wording

    def describe(self, texts: Mapping[str, str] | None = None) -> str:
        """Return the format's description for a prompt, in the language of ``texts`` (default English).

        >>> from kgbench.evaluation.formats import get_format
        >>> from kgbench.languages import get_language
        >>> get_format("Count").describe()
        'A whole number.'
        """
        return (texts or ENGLISH_TEXTS)[f"format.{self.slug}"].format()

    def unit_clause(self, unit: str | None = None, texts: Mapping[str, str] | None = None) -> str:
        """Return the sentence that tells a model which unit to answer in (``unit``: the item's gold unit), in
        the language of ``texts`` (default English).

        >>> from kgbench.evaluation.formats import get_format
        >>> get_format("Geohash").unit_clause()
        '"unit" must be null.'
        """
        return (texts or ENGLISH_TEXTS)["unit.null"]

    def prompt_lines(self, schema: dict, texts: Mapping[str, str] | None = None) -> list[str]:
        """Return the lines a prompt adds after the unit clause for this format (none by default)."""
        return []

    def _answer_value(self, item: dict | None) -> dict:
        return self.answer_value_schema

    # ------------------------------------------------------------------------------------ schemas
    def answer_schema(self, *, reasoning: bool = False, item: dict | None = None) -> dict:
        """Return the JSON schema of a model's answer object ``{"answer": ..., "unit": ...}``.

        ``answer`` may always be null (no answer, a refusal). ``unit`` is required and is null for formats
        without units. ``reasoning=True`` (condition T2) adds a required ``reasoning`` string placed before the
        answer. With an ``item``, a direction answer is narrowed to the label family of its gold answer
        (left/right, upstream/downstream, or the compass).

        >>> from kgbench.evaluation.formats import get_format
        >>> s = get_format("Distance").answer_schema()
        >>> s["required"], s["properties"]["unit"]["enum"]
        (['answer', 'unit'], ['km', 'm', 'mi'])
        """
        value = self._answer_value(item)
        unit: dict
        if self.units:
            unit = {"enum": list(self.units)} if self.unit_required else {"enum": [*self.units, None]}
        else:
            unit = {"type": "null"}
        properties: dict[str, Any] = {}
        if reasoning:
            properties["reasoning"] = {"type": "string"}
        properties["answer"] = _nullable(value)
        properties["unit"] = unit
        return {
            "$schema": SCHEMA_DIALECT,
            "title": f"{self.name} answer",
            "description": self.describe(),
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }

    def gold_schema(self) -> dict:
        """Return the JSON schema of the gold ``answer`` value an item of this format stores.

        >>> from kgbench.evaluation.formats import get_format
        >>> get_format("Count").gold_schema()["type"]
        'number'
        """
        return {"$schema": SCHEMA_DIALECT, "title": f"{self.name} gold answer", **self.gold_value_schema}

    def item_schema(self) -> dict:
        """Return a partial item schema: ``answer_format``, ``answer``, ``unit``, ``acceptable``, ``false_premise``.

        Other item keys are allowed. A false-premise item may have a null answer.

        >>> from kgbench.evaluation.formats import get_format
        >>> get_format("Geohash").item_schema()["properties"]["answer_format"]
        {'const': 'Geohash'}
        """
        gold = self.gold_value_schema
        alternative = self._alternative_schema()
        if self.units:
            unit = {"enum": [*self.units, None]}
        else:
            unit = {"type": "null"}
        return {
            "$schema": SCHEMA_DIALECT,
            "title": f"{self.name} item",
            "type": "object",
            "properties": {
                "answer_format": {"const": self.name},
                "unit": unit,
                "acceptable": {"type": "array", "items": alternative},
                "false_premise": {"type": "boolean"},
            },
            "required": ["answer_format", "answer"],
            "if": {"properties": {"false_premise": {"const": True}}, "required": ["false_premise"]},
            "then": {"properties": {"answer": {"anyOf": [gold, {"type": "null"}]}}},
            "else": {"properties": {"answer": gold}},
        }

    def _alternative_schema(self) -> dict:
        return self.gold_value_schema


_VALIDATORS: dict[str, Any] = {}


def _gold_validator(fmt: AnswerFormat):
    """Return the (cached) jsonschema validator of a format's gold value schema."""
    if fmt.slug not in _VALIDATORS:
        _VALIDATORS[fmt.slug] = jsonschema.Draft202012Validator(fmt.gold_value_schema)
    return _VALIDATORS[fmt.slug]
