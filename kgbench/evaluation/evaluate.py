"""Evaluating a prediction file against a benchmark: the function behind ``kgbench evaluate``.

A dataset is a JSONL file of items (or a list of item dicts); predictions are a JSONL file of records
``{"id": item id, "answer": ..., "unit": ..., "raw": optional raw model text}`` (or a list of them). An item
without a prediction counts as no answer (status ``missing``: E = 0, e = 1, not covered, not a refusal).

No single prediction stops an evaluation: a line that is not JSON (or nested too deeply to read), not an
object, without an id or with an id that is not a string or number is skipped; a second prediction for an
item is ignored (the first counts); a prediction naming no item is not scored; a prediction whose value
cannot be read (a number beyond float range, a raw text nested too deeply...) scores ``unparseable``. Each
such record gives one warning naming the file and line (``preds.jsonl:17: ...``) in
:attr:`EvaluationResult.warnings`. The dataset, in contrast, must be valid: a bad item raises.

A prediction that carries its prompt's multiple-choice ``options`` (conditions ``T1-mcq``, ``T1-mcq-context``)
is scored by its letter (:mod:`kgbench.evaluation.choice_scoring`); :attr:`EvaluationResult.choices` then holds
the accuracy, the per-option confusion and the chance rate beside it. A record whose options do not fit its item
scores unparseable, with a warning.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from kgbench.fileio import json_lines
from kgbench.generator.items import item_records
from kgbench.evaluation.formats import GoldAnswerError, get_format, validate_gold
from kgbench.evaluation.replies import nesting_depth
from kgbench.evaluation.choice_scoring import ChoiceMetrics, ChoiceScore, choice_metrics, score_choice
from kgbench.evaluation.scoring import ItemScore, Metrics, aggregate, aggregate_by, score_item

__all__ = ["evaluate", "EvaluationResult", "read_jsonl", "read_predictions", "DEFAULT_GROUPS",
           "MAX_RECORD_DEPTH"]

#: a prediction record nested deeper than this is unparseable (scoring it could exhaust the stack)
MAX_RECORD_DEPTH = 64

#: the groupings reported unless the caller picks others
DEFAULT_GROUPS: tuple[str, ...] = ("answer_format", "template_id")

_METRIC_COLUMNS = (
    ("n", "n"), ("EM", "em"), ("NE", "ne"), ("Cov", "coverage"), ("EM_cov", "em_covered"),
    ("FRR", "false_refusal_rate"), ("n_fp", "n_false_premise"), ("NRR", "negative_rejection_rate"),
)


def read_jsonl(source: str | os.PathLike | Iterable[dict]) -> list[dict]:
    """Return the objects of a JSONL file (blank lines skipped; a parallel item's short line completed from its
    English item's, as :func:`kgbench.generator.items.item_records` does), or a list of given dicts as is.

    A line that is not a JSON object raises ``ValueError`` naming the file and line.

    >>> read_jsonl([{"id": "a"}])
    [{'id': 'a'}]
    """
    if not isinstance(source, (str, os.PathLike)):
        return list(source)
    records = []
    for number, record, problem in item_records(source):
        if problem:
            raise ValueError(f"{source}:{number}: {problem}")
        if not isinstance(record, dict):
            raise ValueError(f"{source}:{number}: not a JSON object")
        records.append(record)
    return records


def _problem(where: str, what: str) -> str:
    return f"{where}: {what}"


_WHERE = re.compile(r"^(.*?)(?::(\d+)|\[(\d+)\]): ")


def _in_line_order(warnings: list[str]) -> list[str]:
    """Return warnings sorted by the file and line they name (stable otherwise)."""
    def key(w: str):
        m = _WHERE.match(w)
        return (m.group(1), int(m.group(2) or m.group(3))) if m else ("", 0)
    return sorted(warnings, key=key)


def read_predictions(source: str | os.PathLike | Iterable[dict]) -> tuple[list[tuple[str, dict]], list[str]]:
    """Return ``([(where, record)], warnings)``: the usable prediction records and one warning per skipped line.

    ``where`` is ``"file:line"`` (or ``"predictions[i]"`` for a given list). A record is usable when it is a
    JSON object with a string or integer ``id``; every other line is skipped with a warning naming it.

    >>> records, warnings = read_predictions([{"id": "a"}, {"answer": 1}, {"id": ["b"]}, [1]])
    >>> [w for w, _ in records], warnings
    (['predictions[1]'], ['predictions[2]: no id', 'predictions[3]: id is a list, not a string', 'predictions[4]: not a JSON object'])
    """
    if isinstance(source, (str, os.PathLike)):
        lines: Iterable[tuple[str, Any, str | None]] = (
            (f"{source}:{number}", record, problem) for number, record, problem in json_lines(source, errors="replace"))
    else:
        lines = ((f"predictions[{n}]", r, None) for n, r in enumerate(source, 1))
    records, warnings = [], []
    for where, record, unreadable in lines:
        if unreadable:
            warnings.append(_problem(where, unreadable))
        elif not isinstance(record, dict):
            warnings.append(_problem(where, "not a JSON object"))
        elif "id" not in record:
            warnings.append(_problem(where, "no id"))
        elif not isinstance(record["id"], (str, int)) or isinstance(record["id"], bool):
            warnings.append(_problem(where, f"id is a {type(record['id']).__name__}, not a string"))
        else:
            records.append((where, record))
    return records, warnings


def _fmt_cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


@dataclass
class EvaluationResult:
    """The outcome of :func:`evaluate`.

    ``overall`` holds the metrics of every item; ``groups`` maps each grouping key to its groups' metrics;
    ``items`` holds one :class:`~kgbench.evaluation.scoring.ItemScore` per item in dataset order;
    ``unmatched_predictions`` lists prediction ids that name no item (they are not scored); ``warnings``
    holds one line per prediction record that was skipped or could not be read (``file:line: what``);
    ``choices`` the multiple-choice figures when the predictions are multiple choice (else None).
    """

    overall: Metrics
    groups: dict[str, dict[str, Metrics]] = field(default_factory=dict)
    items: list[ItemScore] = field(default_factory=list)
    unmatched_predictions: list[Any] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    choices: ChoiceMetrics | None = None

    def to_dict(self, *, with_items: bool = True) -> dict:
        """Return the result as a JSON-ready dict (``overall``, ``groups``, ``items``, ``unmatched_predictions``)."""
        out: dict[str, Any] = {
            "overall": self.overall.to_dict(),
            "groups": {key: {label: m.to_dict() for label, m in groups.items()}
                       for key, groups in self.groups.items()},
            "unmatched_predictions": list(self.unmatched_predictions),
            "warnings": list(self.warnings),
        }
        if self.choices is not None:
            out["multiple_choice"] = self.choices.to_dict()
        if with_items:
            out["items"] = [s.to_dict() for s in self.items]
        return out

    def to_json(self, *, with_items: bool = True, indent: int | None = 2) -> str:
        """Return the result as JSON text (see :meth:`to_dict`); keys keep a stable order."""
        return json.dumps(self.to_dict(with_items=with_items), indent=indent, ensure_ascii=False, default=str)

    def to_table(self) -> str:
        """Return the metrics as a plain-text table: the overall row, then one block per grouping.

        Columns: n, EM, NE, Cov (coverage), EM_cov (EM over covered), FRR (false-refusal rate), n_fp
        (false-premise items), NRR (negative-rejection rate); "-" marks a rate over no items.
        """
        rows: list[tuple[str, Metrics]] = [("overall", self.overall)]
        for key, groups in self.groups.items():
            rows.extend((f"{key}={label}", m) for label, m in groups.items())
        header = ["group", *(name for name, _ in _METRIC_COLUMNS)]
        body = [[label, *(_fmt_cell(getattr(m, attr)) for _, attr in _METRIC_COLUMNS)] for label, m in rows]
        widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
        lines = []
        for n, row in enumerate([header, *body]):
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
            lines.append("  ".join(cells).rstrip())
            if n == 0:
                lines.append("  ".join("-" * w for w in widths))
        if self.choices is not None:
            lines.extend(["", self.choices.to_table()])
        if self.unmatched_predictions:
            lines.append(f"{len(self.unmatched_predictions)} prediction(s) name no item and were ignored")
        if self.warnings:
            lines.append(f"{len(self.warnings)} prediction record(s) skipped or unreadable (see the warnings)")
        return "\n".join(lines)


def evaluate(dataset_path_or_items: str | os.PathLike | Iterable[dict],
             predictions_path_or_list: str | os.PathLike | Iterable[dict],
             *, by: Sequence[str | Callable[[dict], Any]] = DEFAULT_GROUPS) -> EvaluationResult:
    """Return the :class:`EvaluationResult` of predictions scored against a dataset's items.

    Each item is scored by its ``answer_format`` (see :func:`kgbench.evaluation.scoring.score_item`);
    an item without a prediction counts as no answer. ``by`` names the groupings reported besides the
    overall metrics: item keys, dotted paths such as ``"stratum.income_tier"``, or callables.
    Raises ``ValueError`` for duplicate item ids, an unknown answer format or an invalid gold answer
    (naming the item); bad prediction records never raise (see the module docstring).

    >>> items = [{"id": "a", "answer_format": "Count", "answer": 3},
    ...          {"id": "b", "answer_format": "Boolean / ternary", "answer": True}]
    >>> result = evaluate(items, [{"id": "a", "answer": "3"}])
    >>> result.overall.em, result.overall.coverage, [s.status for s in result.items]
    (0.5, 0.5, ['answered', 'missing'])
    """
    items = read_jsonl(dataset_path_or_items)
    predictions, warnings = read_predictions(predictions_path_or_list)
    by_id: dict[Any, dict] = {}
    where_of: dict[Any, str] = {}
    for where, record in predictions:
        pid = record["id"]
        if pid in by_id:
            warnings.append(_problem(where, f"a second prediction for item {pid!r} (ignored; {where_of[pid]} counts)"))
            continue
        by_id[pid], where_of[pid] = record, where
    seen: set = set()
    scores: list[ItemScore] = []
    chosen: list[ChoiceScore] = []
    for item in items:
        item_id = item.get("id")
        if item_id in seen:
            raise ValueError(f"two items with id {item_id!r}")
        seen.add(item_id)
        try:
            fmt = get_format(item.get("answer_format"))
        except KeyError as exc:
            raise ValueError(f"item {item_id!r}: {exc.args[0]}") from None
        gold = None
        if not item.get("false_premise"):
            try:
                gold = validate_gold(fmt, item.get("answer"), item.get("unit"), item.get("acceptable"))
            except GoldAnswerError as exc:
                raise ValueError(f"item {item_id!r}: {exc}") from None
        scores.append(_score(item, by_id.get(item_id), gold, where_of.get(item_id), warnings, chosen))
    unmatched = [pid for pid in by_id if pid not in seen]
    warnings.extend(_problem(where_of[pid], f"id {pid!r} names no item of the dataset") for pid in unmatched)
    groups = {key if isinstance(key, str) else getattr(key, "__name__", repr(key)): aggregate_by(items, scores, key)
              for key in by}
    mcq = any("options" in r for r in by_id.values())
    choices = choice_metrics(chosen, missing=len(items) - len(chosen)) if mcq else None
    return EvaluationResult(aggregate(scores), groups, scores, unmatched, _in_line_order(warnings), choices)


def _score(item: dict, record: dict | None, gold, where: str | None, warnings: list[str],
           chosen: list[ChoiceScore]) -> ItemScore:
    """Return the item's score (a multiple-choice one is also added to ``chosen``); a record that cannot be read
    scores unparseable and adds a warning."""
    try:
        if record is not None and nesting_depth(record, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH:
            raise RecursionError(f"nested deeper than {MAX_RECORD_DEPTH} levels")
        if record is not None and "options" in record:
            choice = score_choice(item, record)
            chosen.append(choice)
            return choice.score
        return score_item(item, record, gold=gold)
    except Exception as exc:  # noqa: BLE001 - the gold is valid (checked above): the record is what failed
        what = f"unreadable prediction ({type(exc).__name__}: {str(exc)[:120]})"
        warnings.append(_problem(where or "predictions", f"item {item.get('id')!r}: {what}; scored unparseable"))
        return ItemScore(item.get("id"), 0, 1.0, "unparseable", bool(item.get("false_premise")), note=what)

