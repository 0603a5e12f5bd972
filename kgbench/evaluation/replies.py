"""What a chat-completions reply must be before it is read: a capped body, the expected shape, a bounded depth.

:func:`read_capped` reads a response body in chunks and stops at the cap (a larger declared
``Content-Length`` is refused unread); :func:`check_shape` accepts only a response whose first choice is an
object with a message object; :func:`nesting_depth` measures how deeply a decoded value nests without
recursion. Failures are :class:`ChatError` (the request's reply is unusable) or :class:`ReplyError` (the
model's answer is unusable); :mod:`kgbench.evaluation.runners` records either as that item's error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from kgbench.evaluation.scoring import extract_answer_object

__all__ = ["ChatError", "ReplyError", "Prediction", "parse_answer", "reply_fields", "read_capped", "check_shape", "nesting_depth", "MAX_RESPONSE_BYTES",
           "MAX_ANSWER_DEPTH"]

#: default cap on a response body, bytes
MAX_RESPONSE_BYTES = 8 * 1024 * 1024
#: an answer nested deeper than this (lists in lists...) is an error, not an answer
MAX_ANSWER_DEPTH = 32
_CHUNK = 1 << 16


class ChatError(RuntimeError):
    """A chat-completions request that failed: ``status`` (HTTP status or None) and whether it was ``retryable``."""

    def __init__(self, message: str, *, status: int | None = None, retryable: bool = False, attempts: int = 1):
        super().__init__(message)
        self.status = status
        self.retryable = retryable
        self.attempts = attempts


class ReplyError(ValueError):
    """A model reply that cannot be an answer at all (nested too deeply): recorded as an error, not as a refusal."""


def nesting_depth(obj: Any, limit: int = MAX_ANSWER_DEPTH) -> int:
    """Return how deeply lists and dicts nest in ``obj`` (a scalar is 0), counting no further than ``limit + 1``.

    Iterative, so it is safe on any depth.

    >>> nesting_depth(3), nesting_depth([1, [2]]), nesting_depth({"a": [{}]})
    (0, 2, 3)
    >>> nesting_depth([[[[]]]], limit=2)
    3
    """
    deepest, stack = 0, [(obj, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if depth > limit:
                return deepest
            stack.extend((v, depth) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def read_capped(response, cap: int) -> bytes:
    """Return a response body read in chunks; ChatError once it passes ``cap`` bytes or when it ends short."""
    declared = response.headers.get("Content-Length") if response.headers else None
    if declared is not None and declared.strip().isdigit() and int(declared) > cap:
        raise ChatError(f"response declares {int(declared):,} bytes, over the {cap:,}-byte cap; not read",
                        status=response.status)
    chunks, total = [], 0
    while True:
        chunk = response.read(min(_CHUNK, cap + 1 - total))
        if not chunk:
            if declared is not None and declared.strip().isdigit() and total < int(declared):
                raise ChatError(f"response cut short: {total:,} of {int(declared):,} bytes", status=response.status,
                                retryable=True)
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > cap:
            raise ChatError(f"response body over the {cap:,}-byte cap; reading stopped", status=response.status)


def check_shape(data: Any) -> dict:
    """Return a chat-completions response whose first choice is an object with a message object; else ChatError."""
    if not isinstance(data, dict):
        raise ChatError(f"response is a JSON {type(data).__name__}, not an object", status=200, retryable=True)
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices:
        raise ChatError(f"response has no choices: {str(data)[:200]}", status=200, retryable=True)
    if not isinstance(choices[0], dict) or not isinstance(choices[0].get("message"), dict):
        raise ChatError(f"response's first choice has no message object: {str(choices[0])[:200]}", status=200,
                        retryable=True)
    return data


def parse_answer(content: str | None) -> dict:
    """Return ``{"answer", "unit", "reasoning", "parsed"}`` read from a model's reply text.

    The reply should be one JSON object; failing that, the last JSON object with an ``"answer"`` key in the
    text is taken (code fences allowed). ``parsed`` is False when no such object was found (the answer is
    then None and the scorer reads the raw text itself). JSON nested deeper than :data:`MAX_ANSWER_DEPTH`
    levels raises :class:`ReplyError`.

    >>> parse_answer('{"answer": 12.5, "unit": "km"}')
    {'answer': 12.5, 'unit': 'km', 'reasoning': None, 'parsed': True}
    >>> parse_answer("I think about 12 km")["parsed"]
    False
    """
    obj = None
    if content:
        try:
            try:
                obj = json.loads(content)
            except ValueError:
                obj = None
            if not (isinstance(obj, dict) and "answer" in obj):
                obj = extract_answer_object(content)
        except RecursionError:
            raise ReplyError("reply JSON is nested too deeply to read") from None
    if isinstance(obj, dict) and nesting_depth(obj.get("answer")) > MAX_ANSWER_DEPTH:
        raise ReplyError(f"reply answer is nested deeper than {MAX_ANSWER_DEPTH} levels")
    if not isinstance(obj, dict):
        return {"answer": None, "unit": None, "reasoning": None, "parsed": False}
    reasoning = obj.get("reasoning")
    return {"answer": obj.get("answer"), "unit": obj.get("unit"),
            "reasoning": reasoning if isinstance(reasoning, str) else None, "parsed": True}


def reply_fields(content: Any) -> dict:
    """Return the prediction fields one reply message's content gives, as the runner records them.

    ``{"status": "ok", "answer", "unit", "raw", "reasoning", "parsed"}`` (see :func:`parse_answer`); content
    that is not text is its JSON. ``{"status": "error", "error", "raw"}`` when it cannot be an answer at all
    (no content, nested too deeply, unreadable): no ``answer`` key, so the scorer counts it as unparseable,
    never as a refusal. The harness adapters (:mod:`kgbench.evaluation.harness`) read replies with it too.

    >>> reply_fields('{"answer": 3, "unit": null}')["answer"], reply_fields(None)["status"]
    (3, 'error')
    """
    try:
        if not isinstance(content, str):
            if content is None:
                raise ReplyError("reply message has no content")
            content = json.dumps(content)
        parsed = parse_answer(content)
    except (ReplyError, RecursionError, TypeError, ValueError) as exc:
        reason = str(exc) if isinstance(exc, ReplyError) else f"unreadable reply content ({type(exc).__name__})"
        return {"status": "error", "error": reason, "raw": content[:2000] if isinstance(content, str) else None}
    return {"status": "ok", "answer": parsed["answer"], "unit": parsed["unit"], "raw": content,
            "reasoning": parsed["reasoning"], "parsed": parsed["parsed"]}


@dataclass
class Prediction:
    """Return one model answer to one prompt, with the raw output, the run's settings and how it went.

    ``status``: ``"ok"`` (the model replied), ``"error"`` (the request failed; ``error`` says why),
    ``"budget_exhausted"`` (an agent ran out of steps). ``raw`` is the model's last message text;
    ``trace`` holds an agent's steps.
    """

    id: str
    condition: str
    model: str
    temperature: float
    seed: int | None
    status: str
    answer: Any = None
    unit: Any = None
    raw: str | None = None
    reasoning: str | None = None
    parsed: bool = False
    error: str | None = None
    http_status: int | None = None
    attempts: int = 0
    finish_reason: str | None = None
    usage: dict | None = None
    latency_s: float | None = None
    prompt_hash: str = ""
    cached: bool = False
    steps: int | None = None
    trace: list | None = None
    extra: dict = field(default_factory=dict)

    def to_record(self) -> dict:
        """Return the prediction as a JSON-ready record for :func:`kgbench.evaluation.evaluate.evaluate`.

        A failed request has no ``answer`` or ``unit`` key (scored as unparseable, never as a refusal).
        """
        record = asdict(self)
        extra = record.pop("extra")
        record.update(extra)
        if self.status == "error":
            record.pop("answer")
            record.pop("unit")
        return record

    @classmethod
    def from_record(cls, record: Mapping) -> "Prediction":
        """Return a prediction read back from :meth:`to_record` output (unknown keys go to ``extra``)."""
        names = set(cls.__dataclass_fields__)
        known = {k: v for k, v in record.items() if k in names and k != "extra"}
        extra = {k: v for k, v in record.items() if k not in names}
        return cls(**known, extra=extra)
