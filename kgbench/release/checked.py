"""Generation with the evaluation's checks: what :func:`kgbench.generate`, ``kgbench generate`` and a release use.

:func:`generate` and :func:`false_premise_items` are those of :mod:`kgbench.generator.generate` with
``checks`` defaulting to :data:`~kgbench.evaluation.checks.EVALUATION_CHECKS` (a gold answer valid for its
format, oracle prompts within the context budget), so an item that could not be evaluated is never generated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kgbench.evaluation.checks import EVALUATION_CHECKS
from kgbench.generator import generate as _generation
from kgbench.generator.generate import FALSE_PREMISE_SHARE, Checks, GenerationReport
from kgbench.generator.items import Item
from kgbench.generator.localize import localize_items

__all__ = ["generate", "false_premise_items", "EVALUATION_CHECKS"]


def generate(template_id: str, kg=None, *, n: int | None = None, seed: int = 0, per_stratum: int = 30,
             progress: Callable[[int, int], None] | None = None, report: GenerationReport | None = None,
             false_premise_share: float = FALSE_PREMISE_SHARE, checks: Checks = EVALUATION_CHECKS,
             languages: Sequence[str] = ("eng",)) -> list[Item]:
    """Return verified items of one template over a KG (default: the bundled snapshot), reproducible for a seed.

    Up to ``per_stratum`` items per (income tier, density tier) cell of the anchor role; with ``n`` at most
    ``n`` true-premise items; false-premise items make ``false_premise_share`` of them where the template
    defines a perturbation. Every item passes ``checks`` (default: the evaluation's). See
    :func:`kgbench.generator.generate.generate`. ``languages`` (ISO 639-3 codes) are the languages of the
    result: each English item is followed by its parallel item in each other language
    (:func:`kgbench.generator.localize.localize_items`); without "eng" the English items are left out.

    >>> items = generate("A1", n=3, seed=0)   # doctest: +SKIP
    >>> items[0].answer_format                 # doctest: +SKIP
    'Distance'
    """
    if kg is None:
        from kgbench.kg.store import open_kg

        kg = open_kg()
    items = _generation.generate(template_id, kg, n=n, seed=seed, per_stratum=per_stratum, progress=progress,
                                 report=report, false_premise_share=false_premise_share, checks=checks)
    return items if tuple(languages) == ("eng",) else localize_items(kg, items, languages)


def false_premise_items(template_id: str, kg=None, *, want: int, seed: int = 0,
                        report: GenerationReport | None = None, checks: Checks = EVALUATION_CHECKS) -> list[Item]:
    """Return up to ``want`` false-premise items of a template, seeded, each passing ``checks``.

    See :func:`kgbench.generator.generate.false_premise_items`.
    """
    return _generation.false_premise_items(template_id, kg, want=want, seed=seed, report=report, checks=checks)
