"""English: the language every item is generated in first (its wordings are the templates' ``text``).

English questions are realized by the generator's own English rules (definite articles, running names,
possessives: :mod:`kgbench.generator.roles`); this module holds what the other layers read per language.
"""

from kgbench.languages.base import Language
from kgbench.languages.texts import ENGLISH_TEXTS


class English(Language):
    code, bcp47, locale = "eng", "en", "en"
    english_name, family, script, tier = "English", "Indo-European (Germanic)", "Latin", "high"
    answer_words = {"true": ("true", "yes", "y", "t"), "false": ("false", "no", "n", "f"),
                    "plausibly": ("plausibly", "plausible", "possibly")}
    direction_words = {
        "N": ("north", "n"), "NNE": ("north-northeast", "nne"), "NE": ("northeast", "north-east", "ne"),
        "ENE": ("east-northeast", "ene"), "E": ("east", "e"), "ESE": ("east-southeast", "ese"),
        "SE": ("southeast", "south-east", "se"), "SSE": ("south-southeast", "sse"), "S": ("south", "s"),
        "SSW": ("south-southwest", "ssw"), "SW": ("southwest", "south-west", "sw"),
        "WSW": ("west-southwest", "wsw"), "W": ("west", "w"), "WNW": ("west-northwest", "wnw"),
        "NW": ("northwest", "north-west", "nw"), "NNW": ("north-northwest", "nnw"),
        "left": ("left",), "right": ("right",), "on": ("on", "on the route"),
        "upstream": ("upstream",), "downstream": ("downstream",)}
    compass = {"north": "north", "east": "east", "south": "south", "west": "west"}
    texts = ENGLISH_TEXTS


LANGUAGE = English()
