"""What a chat-completions reply must be before it is read: a capped body, the expected shape, a bounded depth.

:func:`read_capped` reads a response body in chunks and stops at the cap (a larger declared
``Content-Length`` is refused unread); :func:`check_shape` accepts only a response whose first choice is an
object with a message object; :func:`nesting_depth` measures how deeply a decoded value nests without
recursion. Failures are :class:`ChatError` (the request's reply is unusable) or :class:`ReplyError` (the
model's answer is unusable); :mod:`kgbench.generator.runners` records either as that item's error.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ChatError", "ReplyError", "read_capped", "check_shape", "nesting_depth", "MAX_RESPONSE_BYTES",
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
