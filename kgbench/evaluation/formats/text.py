"""Answers that are refusals (and :func:`~kgbench.generator.names.name_key`, names compared as a person writes them)."""

from __future__ import annotations

from kgbench.generator.names import name_key

__all__ = ["name_key", "REFUSAL_PHRASES", "is_refusal_text"]


# --------------------------------------------------------------------------------------------- refusals

#: answer strings (compared after :func:`name_key` and trailing-punctuation removal) that mean "no answer"
REFUSAL_PHRASES = frozenset({
    "", "null", "none", "nil", "n/a", "na", "unknown", "no answer", "refuse", "refused", "refusal",
    "i refuse", "cannot answer", "can't answer", "cannot be answered", "unanswerable", "not answerable",
    "i cannot answer", "i can't answer", "unable to answer", "i am unable to answer", "i don't know",
    "i do not know", "don't know", "not applicable", "false premise", "no such entity",
    "insufficient information", "not enough information", "undetermined", "cannot determine",
    "cannot be determined",
})


def is_refusal_text(text: str) -> bool:
    """Return True if a whole answer string is an explicit refusal (see :data:`REFUSAL_PHRASES`).

    Only the whole string counts: ``"unknown"`` is a refusal, ``"Unknown Pleasures Bar"`` is not.

    >>> is_refusal_text("  Unknown. "), is_refusal_text("N/A"), is_refusal_text("Unknown Pleasures Bar")
    (True, True, False)
    """
    return name_key(text).rstrip(".!").strip() in REFUSAL_PHRASES
