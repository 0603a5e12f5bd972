"""Values that fill template roles (entities, categories) and the English grammar of rendering them.

A category string of the KG (OSM ``amenity``/``shop`` values such as "atm", "place of worship",
"supermarket shop"; GeoNames and Census kinds such as "city", "county") is rendered as a noun a person would
write: a singular (``{Role_one}``), a plural (``{Role}``), with the right indefinite article, and names take
a possessive that reads naturally.
"""

from __future__ import annotations

import dataclasses
import re

from pyoxigraph import Literal, NamedNode

from kgbench.kg.builder.names import country_takes_the
from kgbench.kg.results import python_value
from kgbench.languages import ENGLISH_TEXTS, join_sentences

__all__ = ["CategoryValue", "plural", "singular", "with_article", "possessive", "entity_term", "takes_the",
           "running_name", "institution_takes_the", "with_definite_articles", "locality_note", "locality_sentence", "named_within",
           "without_qualifier"]

#: categories whose everyday singular differs from the KG string (OSM tag values read as nouns)
_SINGULAR = {
    "atm": "ATM", "bbq": "barbecue", "fast food": "fast food restaurant", "ice cream": "ice cream shop",
    "childcare": "childcare centre", "police": "police station", "fuel": "fuel station", "parking": "car park",
    "bicycle parking": "bicycle parking place", "motorcycle parking": "motorcycle parking place",
    "townhall": "town hall", "toilets": "public toilet", "doctors": "doctor's surgery",
    "drinking water": "drinking water tap", "recycling": "recycling point", "taxi": "taxi rank",
    "bicycle rental": "bicycle rental station", "car sharing": "car-sharing station", "car rental": "car rental office",
    "telephone": "public telephone", "money transfer": "money transfer office", "grave yard": "graveyard",
    "books shop": "bookshop", "shoes shop": "shoe shop", "supermarket shop": "supermarket",
    "convenience shop": "convenience store", "kiosk shop": "kiosk", "hairdresser shop": "hairdresser",
    "optician shop": "optician", "bakery shop": "bakery", "butcher shop": "butcher", "florist shop": "florist",
    "department store shop": "department store", "greengrocer shop": "greengrocer", "newsagent shop": "newsagent",
    "chemist shop": "chemist", "tailor shop": "tailor", "jewelry shop": "jewellery shop",
    "mall shop": "shopping mall", "confectionery shop": "sweet shop", "beauty shop": "beauty salon",
    "tattoo shop": "tattoo studio", "travel agency shop": "travel agency", "laundry shop": "laundry",
    "dry cleaning shop": "dry cleaner", "variety store shop": "variety store", "charity shop": "charity shop",
}

#: nouns whose plural is not made by the rules below
_PLURAL_WORD = {
    "person": "people", "people": "people", "child": "children", "man": "men", "woman": "women",
    "police": "police", "bureau": "bureaux", "series": "series", "species": "species", "sheep": "sheep",
    "toilet": "toilets", "surgery": "surgeries", "ATM": "ATMs",
}

#: words spoken with a consonant sound although spelt with a vowel, and the reverse ("an hour")
_A_BEFORE = ("uni", "use", "usu", "uti", "euro", "eu", "one", "once", "ufo", "ukr", "ura", "ure", "uro")
_AN_BEFORE = ("hour", "honest", "honour", "honor", "heir")
#: initialisms read letter by letter whose first letter sounds like a vowel ("an ATM", "an NGO", "an SUV")
_VOWEL_LETTERS = "AEFHILMNORSX"

#: plural place names: the possessive adds only an apostrophe
_PLURAL_NAMES = ("Islands", "States", "Emirates", "Bahamas", "Philippines", "Netherlands", "Maldives",
                 "Seychelles", "Comoros", "Territories", "Antilles", "Grenadines", "Lands", "Keys")


def _plural_word(word: str) -> str:
    if word in _PLURAL_WORD:
        return _PLURAL_WORD[word]
    if word.isupper() and len(word) > 1:  # an initialism: ATMs, NGOs
        return word + "s"
    low = word.lower()
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return word[:-1] + "ies"
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if low.endswith("fe") and low not in ("cafe", "safe"):
        return word[:-2] + "ves"
    return word + "s"


def singular(category: str) -> str:
    """Return the singular noun a person would write for a KG category string.

    Tag values that are not nouns on their own get one ("fast food" -> "fast food restaurant"); shop
    values that name the shop already lose the redundant "shop"; initialisms are capitalized.

    >>> [singular(c) for c in ("atm", "supermarket shop", "clothes shop", "place of worship", "city")]
    ['ATM', 'supermarket', 'clothes shop', 'place of worship', 'city']
    """
    return _SINGULAR.get(category, category)


def plural(category: str) -> str:
    """Return the English plural of a category noun phrase.

    The head noun is pluralized: the last word, or the word before "of" ("places of worship"); words
    already plural ("toilets") and invariable ones ("people") are kept; initialisms take a bare "s" ("ATMs").

    >>> [plural(c) for c in ("pharmacy", "bus stop", "clothes shop", "church", "city", "fast food", "bus")]
    ['pharmacies', 'bus stops', 'clothes shops', 'churches', 'cities', 'fast food restaurants', 'buses']
    >>> [plural(c) for c in ("atm", "place of worship", "embassy", "supermarket shop", "toilets")]
    ['ATMs', 'places of worship', 'embassies', 'supermarkets', 'public toilets']
    """
    noun = singular(category)
    if " of " in noun:
        head, _, rest = noun.partition(" of ")
        return f"{plural(head)} of {rest}"
    if noun == "bureau de change":
        return "bureaux de change"
    if noun.endswith("'s surgery"):
        return noun[: -len("surgery")] + "surgeries"
    head, _, last = noun.rpartition(" ")
    last = _plural_word(last)
    return f"{head} {last}" if head else last


def with_article(noun: str) -> str:
    """Return the noun phrase with its indefinite article, chosen by the sound of its first word.

    >>> [with_article(n) for n in ("ATM", "embassy", "university", "hotel", "hour", "pub", "NGO", "euro")]
    ['an ATM', 'an embassy', 'a university', 'a hotel', 'an hour', 'a pub', 'an NGO', 'a euro']
    """
    if not noun:
        raise ValueError("with_article: empty noun")
    first = noun.split(" ", 1)[0]
    low = first.lower()
    if first.isupper() and len(first) > 1:
        an = first[0] in _VOWEL_LETTERS
    elif low.startswith(_AN_BEFORE):
        an = True
    elif low.startswith(_A_BEFORE):
        an = False
    else:
        an = low[0] in "aeiou"
    return f"{'an' if an else 'a'} {noun}"


#: categories whose names take a definite article by the rules above (never cities, counties or OSM places)
_THE_CATEGORIES = frozenset({"country", "territory", "state"})
#: words after which a placeholder keeps its bare name ("the country {A}", "the {A}")
_NO_ARTICLE_AFTER = re.compile(r"(?:\b(?:the|The|country|territory|state|nation)\s+)$")


#: nouns that make a named institution or building take "the" in running text when an adjective-like word
#: opens its name ("the Finnish National Theatre") or "of" follows them ("the University of Helsinki")
_INSTITUTION_NOUNS = frozenset({
    "theatre", "theater", "museum", "university", "library", "embassy", "consulate", "cathedral", "church",
    "chapel", "station", "opera", "gallery", "parliament", "academy", "institute", "school", "hospital", "hotel",
    "bank", "market", "hall", "centre", "center", "archives", "observatory", "gardens", "conservatory"})
#: a capitalised word that reads as an adjective: a nationality or "National", "Royal", "Old", "New"...
_ADJECTIVE = re.compile(r"^(?:National|Royal|Old|New|Great|Imperial|Municipal|Orthodox|Lutheran|Catholic|"
                        r"[A-Z][a-z]+(?:ish|ese|ian|an|ic|al))$")


def institution_takes_the(name: str) -> bool:
    """Return True when an institution's English name takes "the" in running text.

    An institution noun (:data:`_INSTITUTION_NOUNS`) either opens the name before "of" ("University of
    Helsinki", "Embassy of Denmark": also any name opening "Embassy" or "Consulate"), or follows an
    adjective-like first word ("Finnish National Theatre", "Swedish Theatre", "Royal Thai Embassy"). A
    place name first ("Helsinki Cathedral") or a possessive takes none.

    >>> [institution_takes_the(n) for n in ("Finnish National Theatre", "Swedish Theatre", "University of Helsinki",
    ...                                     "Embassy of Denmark", "Helsinki Cathedral", "Kiasma", "Stockmann's Hall")]
    [True, True, True, True, False, False, False]
    """
    words = name.split()
    if not words or "'" in name or "’" in name:
        return False
    if words[0] in ("Embassy", "Consulate"):
        return True
    if len(words) >= 3 and words[0].lower() in _INSTITUTION_NOUNS and words[1] == "of":
        return True
    return bool(_ADJECTIVE.match(words[0])) and any(w.lower() in _INSTITUTION_NOUNS for w in words[1:])


def takes_the(name: str, category: str = "country") -> bool:
    """Return True when English writes "the" before a name (countries, territories, states; wind fields; institutions).

    >>> [takes_the(n) for n in ("Netherlands", "Central African Republic", "Solomon Islands", "Finland", "Gambia")]
    [True, True, True, False, True]
    >>> takes_the("United States of America"), takes_the("Georgia", "state"), takes_the("Islands Cafe", "cafe")
    (True, False, False)
    >>> takes_the("Finnish National Theatre", "theatre"), takes_the("Finnish National Theatre (theatre)", "theatre")
    (True, True)
    """
    if category == "storm wind field":
        return True  # "the wind field of Hurricane Ernesto (2012)"
    if category in _THE_CATEGORIES:
        return country_takes_the(name)
    return institution_takes_the(name.split(" (", 1)[0])


def running_name(name: str, category: str) -> tuple[str, bool]:
    """Return how a question writes an entity's name in running text, and whether "the" goes before it.

    A name qualified by its category alone, Wikipedia-style ("Carlton (hotel)"), reads as the category
    before the name ("the hotel Carlton"); any other name is written as it is.

    >>> running_name("Carlton (hotel)", "hotel"), running_name("Kaivokatu (tram stop)", "tram stop")
    (('hotel Carlton', True), ('tram stop Kaivokatu', True))
    >>> running_name("Otto (Mikonkatu 7)", "atm"), running_name("Swedish Theatre", "theatre")
    (('Otto (Mikonkatu 7)', False), ('Swedish Theatre', True))
    """
    tail = f" ({category})"
    if category and name.endswith(tail) and len(name) > len(tail):
        return f"{singular(category)} {name[: -len(tail)]}", True
    return name, takes_the(name, category)


def with_definite_articles(text: str, roles: set[str]) -> str:
    """Return a question text with "the " before the placeholders of ``roles`` (names that take "the").

    A placeholder right after "the", "country" or "territory" keeps its bare name ("the country {A}"); one
    that opens the text is given "The ".

    >>> with_definite_articles("{A} borders {B}; is the country {B} larger than {C}?", {"A", "B"})
    'The {A} borders the {B}; is the country {B} larger than {C}?'
    """
    out, pos = [], 0
    for m in re.finditer(r"\{([A-Za-z][A-Za-z0-9_]*)\}", text):
        out.append(text[pos:m.start()])
        before = "".join(out)
        if m.group(1) in roles and not _NO_ARTICLE_AFTER.search(before):
            out.append("The " if not before.strip() or before.rstrip().endswith((".", "?", "!")) else "the ")
        out.append(m.group(0))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def possessive(name: str) -> str:
    """Return a name in the possessive: "'s", or a bare apostrophe after a plural name.

    Singular names ending in s take "'s" too (Texas's, Paris's), as most English style guides write them.

    >>> [possessive(n) for n in ("Finland", "Texas", "the Bahamas", "Cayman Islands", "United States")]
    ["Finland's", "Texas's", "the Bahamas'", "Cayman Islands'", "United States'"]
    """
    if not name:
        raise ValueError("possessive: empty name")
    last = name.rsplit(" ", 1)[-1]
    if last in _PLURAL_NAMES:
        return name + "'"
    return name + "'s"


@dataclasses.dataclass(frozen=True)
class CategoryValue:
    """A category filling a category role: rendered plural as ``{Role}``, singular as ``{Role_one}``."""

    category: str

    @property
    def name(self) -> str:
        """Return the plural form used in questions ("places of worship")."""
        return plural(self.category)

    @property
    def singular(self) -> str:
        """Return the singular form used in questions ("place of worship", "ATM")."""
        return singular(self.category)

    @property
    def term(self) -> Literal:
        """Return the category as the RDF literal bound in queries."""
        return Literal(self.category)

    def describe(self) -> dict:
        """Return the item's record of this role."""
        return {"category": self.category, "name": self.name, "singular": self.singular}


def entity_term(iri: str) -> NamedNode:
    """Return the IRI term of an entity."""
    return NamedNode(iri)


def locality_note(kg, chosen: dict) -> str:
    """Return the sentence that says where a question's OpenStreetMap places are (empty when it names none).

    The OSM extracts cover a few square kilometres and their street and shop names recur in every town, so a
    question naming an OSM entity says which town (``kgb:locality``): " All the places named are in central
    Helsinki, Finland." when every named entity is an OSM one, else " Kiasma (museum) is in central Helsinki,
    Finland." for each OSM entity (see :func:`locality_sentence`).
    """
    entities = [c for c in chosen.values() if not isinstance(c, CategoryValue)]
    osm = [c for c in entities if getattr(c, "graph", None) == "osm"]
    if not osm:
        return ""
    memo = getattr(kg, "memo", {})
    places = []
    for c in osm:
        key = ("locality", c.iri)
        if key not in memo:
            rows = kg.query("SELECT ?l WHERE { ?e kgb:locality ?l }", bindings={"e": c.term}, strict=True)
            memo[key] = next((str(python_value(r["l"])) for r in rows), None)
        places.append((c.name, memo[key]))
    note = locality_sentence(places, len(entities), ENGLISH_TEXTS)
    return " " + note if note else ""


def locality_sentence(places: list[tuple[str, str | None]], entities: int, texts) -> str:
    """Return the sentence(s) saying where OSM places are, in the language of ``texts`` ('' when none).

    ``places`` are (name as the question writes it, ``kgb:locality``) of the question's OSM entities;
    ``entities`` is how many entities the question names. One sentence when all are OSM places of one
    locality, else one per place; nothing when a place has no locality (a custom graph).

    >>> from kgbench.languages import ENGLISH_TEXTS
    >>> locality_sentence([("Kiasma", "central Helsinki, Finland")], 2, ENGLISH_TEXTS)
    'Kiasma is in central Helsinki, Finland.'
    """
    if not places or any(loc is None for _, loc in places):
        return ""
    def where(loc: str) -> str:
        return texts.get(f"locality.{loc}", loc)
    if len(places) == entities and len({loc for _, loc in places}) == 1:
        return texts["locality.all"].format(place=where(places[0][1]))
    return join_sentences(*(texts["locality.one"].format(name=name, place=where(loc)) for name, loc in places))


def without_qualifier(name: str, region: str) -> str:
    """Return ``name`` without a trailing qualifier that is exactly ``region`` (else ``name`` unchanged).

    >>> without_qualifier("Palm Springs, California", "California"), without_qualifier("Perth (Scotland)", "Scotland")
    ('Palm Springs', 'Perth')
    >>> without_qualifier("Springfield, Sangamon County, Illinois", "Illinois")
    'Springfield, Sangamon County'
    >>> without_qualifier("Kursk", "Kursk"), without_qualifier("Zheleznogorsk, Kursk", "Russia")
    ('Kursk', 'Zheleznogorsk, Kursk')
    """
    for tail in (f", {region}", f" ({region})"):
        if name.endswith(tail) and len(name) > len(tail):
            return name[: -len(tail)]
    return name


#: another entity of the outer region answering to a name (its canonical or bare name)
_NAMESAKE_WITHIN = """SELECT ?o WHERE { ?outer kgb:country ?iso . ?o kgb:country ?iso .
  { ?o kgb:canonicalName ?short } UNION { ?o kgb:baseName ?short } FILTER(?o != ?e) } LIMIT 1"""
_REGION_NAME = """SELECT ?r WHERE { ?e kgb:regionName ?r }"""


def named_within(template, chosen: dict, kg=None) -> dict:
    """Return the chosen entities, each role placed within another (``Role.named_within``) named without that qualifier.

    With ``kg``, the shortened name must not be one another entity of the outer region answers to: "Austin,
    United States of America" asked within the United States is not "Austin" (that is Austin, Texas) but
    its admin-1 name "Austin, Minnesota" (kgb:regionName), or keeps its name when it has none.
    """
    out = dict(chosen)
    for r, role in template.roles.items():
        inner, outer = out.get(r), chosen.get(role.named_within) if role.named_within else None
        if outer is not None and hasattr(inner, "name") and hasattr(outer, "name") and not isinstance(inner, CategoryValue):
            short = without_qualifier(inner.name, outer.name)
            if short != inner.name and kg is not None and hasattr(inner, "iri") and hasattr(outer, "iri"):
                clash = list(kg.query(_NAMESAKE_WITHIN, bindings={
                    "outer": NamedNode(outer.iri), "e": NamedNode(inner.iri), "short": Literal(short)}))
                if clash:
                    region = list(kg.query(_REGION_NAME, bindings={"e": NamedNode(inner.iri)}))
                    short = region[0]["r"].value if region else inner.name
            if short != inner.name:
                out[r] = dataclasses.replace(inner, name=short)
    return out
