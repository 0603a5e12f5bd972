"""Names compared as a person writes them, and answers that are refusals."""

from __future__ import annotations

import unicodedata




_STROKE_LETTERS = str.maketrans({
    "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "ħ": "h", "Ħ": "h",
    "ı": "i", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "ŧ": "t", "Ŧ": "t",
    "‘": "'", "’": "'", "ʼ": "'", "`": "'", "“": '"', "”": '"',
})
_QUOTES = "\"'«»"


def name_key(name: str) -> str:
    """Return the comparison key of an entity name: case, whitespace and diacritics folded away.

    Letters with diacritics lose them (``é`` -> ``e``), stroked and ligature letters are spelled out
    (``ø`` -> ``o``, ``æ`` -> ``ae``), case is folded (``ß`` -> ``ss``), runs of whitespace become one space,
    and surrounding whitespace and quotes are dropped. Other punctuation is kept: ``"Saint-Denis"`` and
    ``"Saint Denis"`` stay different.

    >>> name_key("  Øyer   Kommune ")
    'oyer kommune'
    >>> name_key("Pedasí") == name_key('"PEDASI"')
    True
    """
    text = unicodedata.normalize("NFKC", str(name)).translate(_STROKE_LETTERS)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    text = " ".join(text.casefold().split())
    return text.strip(_QUOTES).strip()


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
