"""The 17 languages of the benchmark, in the issue's order, and the script each one's text must be written in."""

from __future__ import annotations

import functools
import importlib
import re
import unicodedata

from kgbench.languages.base import Language

__all__ = ["LANGUAGE_CODES", "get_language", "languages", "script_problem", "parse_languages"]

#: ISO 639-3 codes: English first, then the 16 translations (six families, seven scripts, three resource tiers)
LANGUAGE_CODES = ("eng", "fra", "ita", "por", "ron", "spa", "bul", "rus", "deu", "urd", "sqi", "ell", "jpn",
                  "kat", "tur", "vie", "zho")


@functools.lru_cache(maxsize=None)
def get_language(code: str) -> Language:
    """Return the language with this ISO 639-3 code; an unknown code raises ValueError listing the known ones.

    >>> get_language("fra").english_name, get_language("fra").bcp47
    ('French', 'fr')
    """
    if code not in LANGUAGE_CODES:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGE_CODES)} (or 'all')")
    return importlib.import_module(f"kgbench.languages.{code}").LANGUAGE


def languages() -> tuple[Language, ...]:
    """Return every language, English first."""
    return tuple(get_language(c) for c in LANGUAGE_CODES)


def parse_languages(spec: str | None) -> tuple[str, ...]:
    """Return the language codes a ``--languages`` value names: "all" (English first), or codes separated
    by commas, in their order; None gives English alone. An unknown code raises ValueError.

    >>> parse_languages("fra,deu"), parse_languages(None), len(parse_languages("all"))
    (('fra', 'deu'), ('eng',), 17)
    """
    if not spec:
        return ("eng",)
    if spec.strip() == "all":
        return LANGUAGE_CODES
    codes = tuple(dict.fromkeys(c.strip() for c in spec.split(",") if c.strip()))
    for c in codes:
        if c not in LANGUAGE_CODES:
            get_language(c)  # raises, naming the known codes
    return codes


# the scripts (Unicode script of the letters, read off their character names)
_SCRIPT_OF = {"Latin": ("LATIN",), "Cyrillic": ("CYRILLIC",), "Greek": ("GREEK",), "Georgian": ("GEORGIAN",),
              "Perso-Arabic": ("ARABIC",), "Han": ("CJK",), "Kana/Kanji": ("CJK", "HIRAGANA", "KATAKANA")}
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _letter_script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0]


def script_problem(code: str, text: str) -> str | None:
    """Return what is wrong with the script of a text in a language, or None when it is right.

    Placeholders are left out. Most letters must be of the language's script (Latin-script names such as
    "GeoNames", "H3" or "OpenStreetMap" may appear); Japanese must contain kana and Chinese must not.

    >>> script_problem("rus", "Как далеко {A} от {B}?") is None, script_problem("rus", "How far is {A}?")
    (True, 'rus text must be mostly Cyrillic; 0 of 8 letters are')
    >>> script_problem("zho", "{A}はどこですか")
    'zho text contains kana (Japanese), not Chinese'
    """
    language = get_language(code)
    letters = [ch for ch in _PLACEHOLDER.sub("", text) if ch.isalpha()]
    if not letters:
        return f"{code} text has no letters"
    kana = any(_letter_script(ch) in ("HIRAGANA", "KATAKANA") for ch in letters)
    if code == "zho" and kana:
        return "zho text contains kana (Japanese), not Chinese"
    prefixes = _SCRIPT_OF[language.script]
    own = sum(1 for ch in letters if _letter_script(ch) in prefixes)
    if own * 2 <= len(letters):
        return f"{code} text must be mostly {language.script}; {own} of {len(letters)} letters are"
    if code == "jpn" and not kana:
        return "jpn text has no kana (Chinese, not Japanese)"
    return None
