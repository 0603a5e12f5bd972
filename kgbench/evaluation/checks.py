"""What evaluation asks of every generated item: a gold answer of its format, oracle prompts within the budget.

Generation runs these checks without owning them (:class:`kgbench.generator.generate.Checks`): an execution whose
gold answer does not read as a value of its answer format is discarded, and so is an item whose oracle prompts
cannot fit the default context budget even with simplified geometry. :func:`kgbench.generate` and a release pass
:data:`EVALUATION_CHECKS`.

>>> gold_fits_format("Count", "three", None, [])
"invalid Count answer: Count gold answer 'three' does not fit its schema: 'three' is not of type 'number'"
>>> gold_fits_format("Distance", 1.5, "km", []) is None
True
"""

from __future__ import annotations

from typing import Any

from kgbench.evaluation.formats import GoldAnswerError, validate_gold
from kgbench.evaluation.prompts import oracle_prompts_fit
from kgbench.generator.generate import Checks
from kgbench.generator.items import Item
from kgbench.queries.template import Template

__all__ = ["gold_fits_format", "oracle_prompts_within_budget", "EVALUATION_CHECKS"]


def gold_fits_format(answer_format: str, answer: Any, unit: str | None, acceptable: list) -> str | None:
    """Return why a gold answer (and its acceptable alternatives) is not a valid value of its format, or None."""
    try:
        validate_gold(answer_format, answer, unit, acceptable)
    except GoldAnswerError as exc:
        return f"invalid {answer_format} answer: {exc}"
    return None


def oracle_prompts_within_budget(template: Template, item: Item) -> str | None:
    """Return why an item's oracle prompts cannot be given to a model (over the default budget), or None."""
    if oracle_prompts_fit(item):
        return None
    return "oracle prompt over the default context budget even with simplified geometry"


#: the checks every released item passes (and :func:`kgbench.generate` applies)
EVALUATION_CHECKS = Checks(answer=(gold_fits_format,), item=(oracle_prompts_within_budget,))
