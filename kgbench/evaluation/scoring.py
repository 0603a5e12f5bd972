"""Deterministic scoring of model answers, exactly as ``spec/scoring.md`` defines it.

Three steps:

1. :func:`parse_prediction` reads a prediction (a record ``{"id", "answer", "unit", "raw"}``, a model's
   answer object, or raw text holding one) into a :class:`ParsedAnswer` whose status is ``answered``,
   ``refused``, ``unparseable`` or ``missing``.
2. :func:`score_item` compares it with the item's gold answer: an :class:`ItemScore` that unpacks as
   ``(E, e, status)`` and also carries the distance ``d`` and tolerance ``tau``.
3. :func:`aggregate` / :func:`aggregate_by` turn item scores into :class:`Metrics` (EM, NE, coverage,
   EM over covered items, false-refusal rate, negative-rejection rate).

Statuses:

- ``answered``: a non-null answer that reads as a value of the item's format;
- ``refused``: a null answer or an explicit refusal (an answer string such as ``"unknown"``, see
  :data:`~kgbench.evaluation.formats.REFUSAL_PHRASES`; raw text that is only such a phrase);
- ``unparseable``: no answer object in the raw text, malformed JSON, a value that is not of the format
  (an unknown unit, two numbers, an invalid cell...);
- ``missing``: no prediction at all, or an agent that ran out of its step budget
  (``"status": "budget_exhausted"`` in the record). It is neither a refusal nor a rejection.

A record with ``"status": "error"`` (the runner got no usable reply: HTTP errors after retries, a malformed,
huge or too deeply nested body) is ``unparseable`` whatever else it holds: never a refusal or a rejection.

On answerable items every status but ``answered`` scores E = 0, e = 1. On false-premise items the correct
answer is a refusal: ``refused`` scores E = 1, e = 0, everything else E = 0, e = 1.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable

from kgbench.evaluation.formats import (
    AnswerFormat, AnswerValueError, GoldAnswer, get_format, is_refusal_text, validate_gold,
)
from kgbench.evaluation.formats.localized import delocalize
from kgbench.evaluation.formats.compare import Comparison
from kgbench.generator.tolerances import (  # noqa: F401 - re-exported: the scorer's public tolerances
    ANGLE_TOLERANCE_DEG, DATE_TOLERANCE_DAYS, IOU_THRESHOLD, POINT_TOLERANCE_KM, RATIO_ZERO_TOLERANCE,
    angle_difference, area_tolerance, count_tolerance, distance_tolerance, geodesic_km, h3_matches, iou,
    ratio_tolerance,
)

__all__ = [
    "ParsedAnswer", "ItemScore", "Metrics", "STATUSES", "parse_prediction", "extract_answer_object",
    "score_item", "aggregate", "aggregate_by", "group_value", "distance_tolerance", "area_tolerance",
    "count_tolerance", "ratio_tolerance", "angle_difference", "geodesic_km", "iou", "POINT_TOLERANCE_KM",
    "ANGLE_TOLERANCE_DEG", "DATE_TOLERANCE_DAYS", "IOU_THRESHOLD", "RATIO_ZERO_TOLERANCE", "h3_matches",
]

STATUSES = ("answered", "refused", "unparseable", "missing")


# --------------------------------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class ParsedAnswer:
    """A prediction read for one format: ``status`` (see :data:`STATUSES`), the canonical ``value`` when
    answered, the ``unit`` the model gave and a ``reason`` for anything not answered."""

    status: str
    value: Any = None
    unit: Any = None
    reason: str = ""


_DECODER = json.JSONDecoder()
_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)


def extract_answer_object(text: str) -> dict | None:
    """Return the last JSON object with an ``"answer"`` key found in a text, or None.

    Objects inside code fences and bare in the text are both found; nested objects are not searched
    (their parent is). Malformed JSON is skipped.

    >>> extract_answer_object('Sure! ```json\\n{"answer": "12.5", "unit": "km"}\\n```')
    {'answer': '12.5', 'unit': 'km'}
    >>> extract_answer_object('{"answer": 1,}') is None
    True
    """
    found: list[dict] = []
    for chunk in [*_FENCE.findall(text), text]:
        i = chunk.find("{")
        while i != -1:
            try:
                obj, end = _DECODER.raw_decode(chunk, i)
            except ValueError:
                i = chunk.find("{", i + 1)
                continue
            if isinstance(obj, dict) and "answer" in obj:
                found.append(obj)
            i = chunk.find("{", end)
        if found:
            return found[-1]
    return None


def _answer_and_unit(prediction: Any) -> tuple[str | None, Any, Any, str]:
    """Return (early status or None, answer, unit, reason) from any prediction shape."""
    if prediction is None:
        return "missing", None, None, "no prediction"
    if isinstance(prediction, str):
        prediction = {"raw": prediction}
    if not isinstance(prediction, dict):
        return "unparseable", None, None, f"prediction {type(prediction).__name__} is not an object or text"
    if prediction.get("status") == "budget_exhausted":
        return "missing", None, None, "step budget exhausted"
    if prediction.get("status") == "error":
        return "unparseable", None, None, f"no reply: {str(prediction.get('error') or 'request failed')[:200]}"
    answer, unit = prediction.get("answer"), prediction.get("unit")
    raw = prediction.get("raw")
    if answer is None and isinstance(raw, str) and raw.strip():
        obj = extract_answer_object(raw)
        if obj is None:
            if is_refusal_text(raw):
                return "refused", None, None, "explicit refusal"
            return "unparseable", None, None, "no JSON object with an answer in the raw text"
        answer, unit = obj.get("answer"), obj.get("unit")
    elif "answer" not in prediction:
        return "missing", None, None, "no answer and no raw text"
    if answer is None:
        return "refused", None, unit, "null answer"
    if isinstance(answer, str) and is_refusal_text(answer):
        return "refused", None, unit, "explicit refusal"
    return None, answer, unit, ""


def parse_prediction(prediction: Any, answer_format: str | AnswerFormat, language: str | None = None) -> ParsedAnswer:
    """Return the :class:`ParsedAnswer` of a prediction for an answer format.

    ``prediction`` is a record (``{"answer": ..., "unit": ..., "raw": ...}``), a model's answer object, raw
    text holding one, or None (missing). A non-null ``answer`` wins over ``raw``; a null or absent answer
    with raw text reads the raw text. Numbers may be strings (``"1,250 m"``); a unit written after the number
    wins over the ``unit`` field; a missing unit means km (Distance, Polar) or km2 (Area). ``language`` is
    the item's (ISO 639-3): its Boolean and direction words and its decimal comma are understood too
    (:func:`~kgbench.evaluation.formats.localized.delocalize`).

    >>> parse_prediction({"answer": "1,250 m", "unit": "km"}, "Distance").value
    1.25
    >>> parse_prediction('{"answer": null}', "Distance").status
    'refused'
    >>> parse_prediction({"answer": 3, "unit": "furlongs"}, "Distance").status
    'unparseable'
    """
    fmt = get_format(answer_format)
    status, answer, unit, reason = _answer_and_unit(prediction)
    if status is not None:
        return ParsedAnswer(status, None, unit, reason)
    try:
        value = fmt.parse(delocalize(answer, fmt.slug, language), unit)
    except AnswerValueError as exc:
        return ParsedAnswer("unparseable", None, unit, str(exc))
    return ParsedAnswer("answered", value, unit)


# --------------------------------------------------------------------------------------------- comparing


# Each format compares a parsed prediction with a gold value itself (:meth:`AnswerFormat.compare`, with its
# tolerance); the scorer keeps the best comparison over the gold answer's candidates.


# --------------------------------------------------------------------------------------------- item scores


@dataclass(frozen=True)
class ItemScore:
    """The score of one item: ``E`` (0/1), ``e`` in [0, 1] and ``status``; unpacks as ``(E, e, status)``.

    ``d`` and ``tau`` are the spec's distance and tolerance for answered items (``tau`` None for exact
    formats; for Polar ``d`` is max(angle error / 5, radial error / radial tolerance) and ``tau`` is 1; for
    polygons ``d`` = 1 - IoU and ``tau`` = 0.5, with E = 1 when d <= 0.5). ``note`` explains.
    """

    id: Any
    E: int
    e: float
    status: str
    false_premise: bool = False
    d: float | None = None
    tau: float | None = None
    note: str = ""

    def __iter__(self):
        return iter((self.E, self.e, self.status))

    def to_dict(self) -> dict:
        """Return the score as a JSON-ready dict."""
        return asdict(self)


def score_item(item: dict, prediction: Any, gold: GoldAnswer | None = None) -> ItemScore:
    """Return the :class:`ItemScore` of one prediction for one item.

    ``item`` needs ``answer_format``, ``answer`` and may carry ``unit``, ``acceptable``, ``false_premise``,
    ``language`` (replies in it are understood: "oui", "12,5") and ``id``. The prediction is scored against the answer and every acceptable alternative; the best
    one counts (E first, then the smallest e). A false-premise item is right only when refused.
    ``gold`` may pass an already validated gold answer. An invalid gold answer raises
    :class:`~kgbench.evaluation.formats.GoldAnswerError`.

    >>> item = {"id": "q1", "answer_format": "Distance", "answer": 100.0, "unit": "km"}
    >>> E, e, status = score_item(item, {"answer": "104.9", "unit": "km"})
    >>> E, round(e, 2), status
    (1, 0.98, 'answered')
    >>> tuple(score_item(item, {"answer": 105, "unit": "km"}))
    (0, 1.0, 'answered')
    >>> tuple(score_item({**item, "false_premise": True}, {"answer": None}))
    (1, 0.0, 'refused')
    """
    fmt = get_format(item["answer_format"])
    parsed = parse_prediction(prediction, fmt, item.get("language"))
    false_premise = bool(item.get("false_premise"))
    item_id = item.get("id")
    if false_premise:
        right = parsed.status == "refused"
        return ItemScore(item_id, int(right), 0.0 if right else 1.0, parsed.status, True,
                         note=parsed.reason or ("answered a false-premise question" if not right else ""))
    if parsed.status != "answered":
        return ItemScore(item_id, 0, 1.0, parsed.status, False, note=parsed.reason)
    if gold is None:
        gold = validate_gold(fmt, item["answer"], item.get("unit"), item.get("acceptable"))
    best: Comparison | None = None
    for candidate in gold.candidates:
        result = fmt.compare(parsed.value, candidate, gold.aliases)
        if best is None or (result.E, -result.e) > (best.E, -best.e):
            best = result
    return ItemScore(item_id, best.E, float(best.e), "answered", False, best.d, best.tau, best.note)


# --------------------------------------------------------------------------------------------- metrics


def _mean(values: list[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True)
class Metrics:
    """The spec's metrics over a group of item scores; a rate over an empty population is None.

    - ``em``, ``ne``: mean E and mean e over answerable (non-false-premise) items;
    - ``coverage``: share of answerable items answered (parseable, non-null);
    - ``em_covered``: mean E over answered answerable items, so ``em == coverage * em_covered``;
    - ``false_refusal_rate``: share of answerable items refused;
    - ``negative_rejection_rate``: share of false-premise items refused (correctly);
    - counts: ``n`` items, ``n_answerable``, ``n_false_premise`` and, over answerable items,
      ``n_answered``, ``n_refused``, ``n_unparseable``, ``n_missing``.
    """

    n: int
    n_answerable: int
    n_false_premise: int
    n_answered: int
    n_refused: int
    n_unparseable: int
    n_missing: int
    em: float | None
    ne: float | None
    coverage: float | None
    em_covered: float | None
    false_refusal_rate: float | None
    negative_rejection_rate: float | None

    def to_dict(self) -> dict:
        """Return the metrics as a JSON-ready dict."""
        return asdict(self)


def aggregate(scores: Iterable[ItemScore]) -> Metrics:
    """Return the :class:`Metrics` of a collection of item scores.

    >>> s = [ItemScore("a", 1, 0.0, "answered"), ItemScore("b", 0, 1.0, "refused"),
    ...      ItemScore("c", 1, 0.0, "refused", false_premise=True)]
    >>> m = aggregate(s)
    >>> m.em, m.coverage, m.em_covered, m.false_refusal_rate, m.negative_rejection_rate
    (0.5, 0.5, 1.0, 0.5, 1.0)
    """
    scores = list(scores)
    answerable = [s for s in scores if not s.false_premise]
    premise = [s for s in scores if s.false_premise]
    counts = {st: sum(1 for s in answerable if s.status == st) for st in STATUSES}
    covered = [s for s in answerable if s.status == "answered"]
    return Metrics(
        n=len(scores), n_answerable=len(answerable), n_false_premise=len(premise),
        n_answered=counts["answered"], n_refused=counts["refused"], n_unparseable=counts["unparseable"],
        n_missing=counts["missing"],
        em=_mean([s.E for s in answerable]), ne=_mean([s.e for s in answerable]),
        coverage=_rate(counts["answered"], len(answerable)),
        em_covered=_mean([s.E for s in covered]),
        false_refusal_rate=_rate(counts["refused"], len(answerable)),
        negative_rejection_rate=_rate(sum(1 for s in premise if s.status == "refused"), len(premise)),
    )


def group_value(item: dict, key: str | Callable[[dict], Any]) -> str:
    """Return an item's group label for a key: a callable, a top-level key or a dotted path.

    Missing values group as ``"(none)"``; other values are turned into strings.

    >>> group_value({"stratum": {"income_tier": "HIC"}}, "stratum.income_tier")
    'HIC'
    >>> group_value({"template_id": "A1"}, "kg")
    '(none)'
    """
    if callable(key):
        value = key(item)
    else:
        value: Any = item
        for part in key.split("."):
            value = value.get(part) if isinstance(value, dict) else None
    return "(none)" if value is None else str(value)


def aggregate_by(items: Iterable[dict], scores: Iterable[ItemScore],
                 key: str | Callable[[dict], Any]) -> dict[str, Metrics]:
    """Return the :class:`Metrics` of each group of items, in sorted group order.

    ``items`` and ``scores`` are parallel sequences.

    >>> items = [{"kg": "osm"}, {"kg": "wd"}, {"kg": "osm"}]
    >>> scores = [ItemScore(i, E, 1.0 - E, "answered") for i, E in enumerate([1, 1, 0])]
    >>> {k: m.em for k, m in aggregate_by(items, scores, "kg").items()}
    {'osm': 0.5, 'wd': 1.0}
    """
    groups: dict[str, list[ItemScore]] = {}
    for item, score in zip(items, scores, strict=True):
        groups.setdefault(group_value(item, key), []).append(score)
    return {label: aggregate(groups[label]) for label in sorted(groups)}
