"""kgbench.languages: the benchmark's 17 languages, their answer words, prompt texts and grammar around names.

One module per language (``eng.py``, ``fra.py``, ...) holds one :class:`Language` named ``LANGUAGE``; the
question wordings themselves are in the template files (``translations``). This package imports nothing else
of kgbench: every layer above may use it.

>>> get_language("deu").realize("Wie weit ist {A} von {B} entfernt?", {"A": Name("Berlin"), "B": Name("Paris")}).text
'Wie weit ist Berlin von Paris entfernt?'
"""

from kgbench.languages.base import (EDIT_CATEGORIES, NAME_KINDS, Edit, Fill, Language, Name, Realization, Slot,
                                    join_sentences, placeholders, text_fields)
from kgbench.languages.registry import LANGUAGE_CODES, get_language, languages, parse_languages, script_problem
from kgbench.languages.texts import ENGLISH_TEXTS, FORMAT_SLUGS, LOCALITIES, SCENE_TEXTS, UNIT_KEYS

__all__ = ["EDIT_CATEGORIES", "NAME_KINDS", "Edit", "Fill", "Language", "Name", "Realization", "Slot",
           "placeholders", "text_fields", "join_sentences", "LANGUAGE_CODES", "get_language", "languages", "parse_languages",
           "script_problem", "ENGLISH_TEXTS", "SCENE_TEXTS", "FORMAT_SLUGS", "LOCALITIES", "UNIT_KEYS"]
