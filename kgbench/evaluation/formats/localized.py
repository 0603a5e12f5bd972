"""Replies written in an item's language: its Boolean and direction words and its decimal comma, read as labels
and numbers before the format parses them.

English words and labels are understood in every language (a French reply may say "true" or "NE");
the words of the item's language are understood besides (``"oui"``, ``"да"``, ``"はい"``, ``"nord-est"``), and
in a language that writes a decimal comma ``"12,5"`` is 12.5 and ``"1.234,5"`` is 1234.5 (a lone dot stays
a decimal point: "12.5" is 12.5 in every language, as JSON writes it).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from kgbench.languages import get_language

__all__ = ["delocalize"]

_NUMBER_SLUGS = ("distance", "area", "count", "ratio")
_DECIMAL_COMMA = re.compile(r"(?<![\d,.])(\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+),(\d+)(?![\d,])")


def _key(text: str) -> str:
    text = unicodedata.normalize("NFC", text).strip().casefold()
    return re.sub(r"[\s.!。！]+$", "", text)


def delocalize(answer: Any, slug: str, language: str | None) -> Any:
    """Return a reply's answer with the item language's words and number format turned into the format's own.

    Anything else, and every English item's answer, is returned as it is.

    >>> delocalize("Oui", "boolean", "fra"), delocalize("нет", "boolean", "rus"), delocalize("yes", "boolean", "fra")
    ('true', 'false', 'yes')
    >>> delocalize("12,5 km", "distance", "fra"), delocalize("1.234,5", "area", "deu"), delocalize("12,5", "distance", "eng")
    ('12.5 km', '1234.5', '12,5')
    """
    if not language or language == "eng" or not isinstance(answer, str):
        return answer
    try:
        lang = get_language(language)
    except ValueError:
        return answer
    if slug == "boolean":
        key = _key(answer)
        for label, words in lang.answer_words.items():
            if key in {_key(w) for w in words}:
                return label
        return answer
    if slug == "direction":
        key = _key(answer)
        for label, words in lang.direction_words.items():
            if key in {_key(w) for w in words}:
                return label
        return answer
    if slug in _NUMBER_SLUGS and lang.decimal_comma:
        return _DECIMAL_COMMA.sub(lambda m: re.sub(r"[.\u00a0\u202f ]", "", m.group(1)) + "." + m.group(2), answer)
    return answer
