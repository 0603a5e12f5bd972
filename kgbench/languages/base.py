"""What every language of the benchmark provides: its words, its prompt texts and its grammar around names.

A language is one module of this package (``kgbench/languages/fra.py``) holding one :class:`Language`
subclass instance named ``LANGUAGE``. The English texts its ``texts`` translate are :data:`ENGLISH_TEXTS`
(:mod:`kgbench.languages.texts`); the question wordings live in the template files (``translations``).

A question is realized from a translated wording and the :class:`Name` of every placeholder: each name is
substituted, and the language's :meth:`Language.fill` repairs what naive substitution breaks (an article, an
elision, a contraction, a case ending), recording each repair as an :class:`Edit` of one of the reference
design's 13 categories (:data:`EDIT_CATEGORIES`).
"""

from __future__ import annotations

import dataclasses
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["EDIT_CATEGORIES", "NAME_KINDS", "Name", "Slot", "Fill", "Edit", "Realization", "Language",
           "placeholders", "join_sentences", "text_fields", "table_rows", "BEST_TRACK", "same_case", "relabel"]

#: the grammar-edit categories of the reference design (each edit of a realized question is one of them)
EDIT_CATEGORIES = ("NO_CHANGE", "ART_ADD", "ART_DEL", "ART_CHG", "ADP_ADD", "ADP_DEL", "ADP_CHG", "DEC_CHG",
                   "AGR_CHG", "CONTR_CHG", "ELISION", "PUNC_CHG", "OTHER")

#: what a placeholder can stand for (``Name.kind``)
NAME_KINDS = (
    "country",      # a sovereign country or territory (key: ISO 3166-1 alpha-3, e.g. "FRA")
    "region",       # a first-level region: a US state, a Finnish region (key: ISO 3166-2 code when known)
    "county",       # a US county ("Travis County, Texas")
    "place",        # a populated place (city, town, village)
    "feature",      # an OpenStreetMap feature: a street, a shop, a museum, a park, a stop
    "event",        # an earthquake or a storm ("Hurricane Katrina")
    "category",     # a category role's plural ("cafés"; key: the KG category string, e.g. "cafe")
    "category_one",  # a category role's singular ("café")
    "direction",    # a compass word (key: "north", "east", "south" or "west")
    "period",       # a time period as a whole phrase with its preposition ("in February 2018")
    "number",       # a number, already written the language's way ("0,2")
    "word",         # any other parameter (a grid system "H3", a word such as "precision")
)


@dataclass(frozen=True)
class Name:
    """What fills one placeholder: the text to write, and what a grammar rule needs to know about it.

    ``text`` is the localized form (or the canonical English name when the snapshot has none: ``localized``
    False); ``key`` identifies the thing for lexicons (an ISO alpha-3 code for a country, the category string
    for a category, the English word for a direction).
    """

    text: str
    kind: str = "place"
    key: str | None = None
    canonical: str = ""
    localized: bool = False

    def __post_init__(self):
        if self.kind not in NAME_KINDS:
            raise ValueError(f"Name {self.text!r}: unknown kind {self.kind!r}; expected one of {NAME_KINDS}")


@dataclass(frozen=True)
class Slot:
    """One placeholder being filled: its role, its form spec (``{A:gen}`` gives "gen"), its name, and the
    realized text before it and the template text after it."""

    role: str
    spec: str
    name: Name
    before: str
    after: str


@dataclass(frozen=True)
class Fill:
    """How a language fills a slot: the text that replaces the placeholder and, when a rule also changes its
    surroundings, the new text before it and after it; ``edits`` are the categories of what changed."""

    text: str
    before: str | None = None
    after: str | None = None
    edits: tuple[str, ...] = ()


@dataclass(frozen=True)
class Edit:
    """One grammar repair: its category, the role whose substitution caused it, and the text around the
    placeholder as naive substitution wrote it (``naive``) and as the rule wrote it (``fixed``)."""

    category: str
    role: str | None = None
    naive: str = ""
    fixed: str = ""

    def to_dict(self) -> dict:
        """Return the edit as a JSON-ready dict."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Realization:
    """A realized question and the edits that made it grammatical (``[NO_CHANGE]`` when none was needed)."""

    text: str
    edits: tuple[Edit, ...]

    @property
    def categories(self) -> tuple[str, ...]:
        """Return the edit categories in order of appearance, without repeats."""
        return tuple(dict.fromkeys(e.category for e in self.edits))


#: a storm's track as template C3 names it in the snapshot's English ("the best track of Hurricane Ike (2008)"):
#: groups storm kind, storm name, year; each language writes it its own way
BEST_TRACK = re.compile(r"^the best track of (Hurricane|Tropical Storm|Tropical Depression) (.+) \((\d{4})\)$")

_FIELD = re.compile(r"\{([A-Za-z][A-Za-z0-9_]*)(?::([^{}]*))?\}")


def placeholders(text: str) -> list[tuple[str, str]]:
    """Return the (name, form spec) of every placeholder of a wording, in order.

    >>> placeholders("Quelle est la distance entre {A} et {B:de} ?")
    [('A', ''), ('B', 'de')]
    """
    return [(m.group(1), m.group(2) or "") for m in _FIELD.finditer(text)]


_CONTEXT = 24  # characters of context an Edit records either side of a placeholder


class Language:
    """One language: metadata, answer words, prompt texts, lexicons and the grammar rules around names.

    Subclasses set the class attributes and override :meth:`fill` (and, when the language needs it,
    :meth:`finish`, :meth:`period`, :meth:`number`). Every table is checked for completeness by the tests.
    """

    #: ISO 639-3 code (the item's ``language``), the BCP 47 tag of the snapshot's labels, the CLDR locale
    code: str = ""
    bcp47: str = ""
    locale: str = ""
    #: English name, language family, script (as the issue names it) and resource tier (high, medium, low)
    english_name: str = ""
    family: str = ""
    script: str = ""
    tier: str = ""
    #: the form specs (``{A:gen}``) this language's wordings may use, each with what it means
    forms: Mapping[str, str] = {}
    #: words a reply may use for each Boolean / ternary label ("true", "false", "plausibly"), lower case
    answer_words: Mapping[str, tuple[str, ...]] = {}
    #: words a reply may use for each direction label (N, NE, ..., NNE..., left, right, on, upstream, downstream)
    direction_words: Mapping[str, tuple[str, ...]] = {}
    #: the compass words a question writes for the {direction} parameter (north, east, south, west)
    compass: Mapping[str, str] = {}
    #: the category nouns: KG category string -> (singular, plural)
    categories: Mapping[str, tuple[str, str]] = {}
    #: the prompt texts, by the keys of ENGLISH_TEXTS, with the same {fields}
    texts: Mapping[str, str] = {}
    #: True when the language writes 12,5 for 12.5 (replies are then read that way)
    decimal_comma: bool = False
    #: the month names a period phrase uses (January first); empty: CLDR's (Babel) format-context names
    months: tuple[str, ...] = ()

    # ------------------------------------------------------------------------------------ realization

    def realize(self, text: str, names: Mapping[str, Name]) -> Realization:
        """Return the question a translated wording makes with these names, and the grammar edits it needed.

        Placeholders are filled left to right by :meth:`fill`; a placeholder without a name raises KeyError.
        """
        out, pos, edits = "", 0, []
        rest = text
        while True:
            m = _FIELD.search(rest)
            if m is None:
                break
            role, spec = m.group(1), m.group(2) or ""
            if role not in names:
                raise KeyError(f"{self.code}: no value for placeholder {{{role}}} in {text!r}")
            before = out + rest[:m.start()]
            after = rest[m.end():]
            name = names[role]
            fill = self.fill(Slot(role, spec, name, before, after))
            new_before = before if fill.before is None else fill.before
            new_after = after if fill.after is None else fill.after
            for category in fill.edits:
                if category not in EDIT_CATEGORIES:
                    raise ValueError(f"{self.code}: unknown edit category {category!r}")
                naive = before[-_CONTEXT:] + name.text + after[:_CONTEXT]
                fixed = new_before[-_CONTEXT:] + fill.text + new_after[:_CONTEXT]
                edits.append(Edit(category, role, naive, fixed))
            out = new_before + fill.text
            rest = new_after
        out += rest
        out, more = self.finish(out)
        edits.extend(Edit(category) for category in more)
        return Realization(out, tuple(edits) or (Edit("NO_CHANGE"),))

    def fill(self, slot: Slot) -> Fill:
        """Return how a placeholder is filled (default: the name as it is, no edit)."""
        return Fill(slot.name.text)

    def finish(self, text: str) -> tuple[str, tuple[str, ...]]:
        """Return the realized text after sentence-level repairs, and their edit categories.

        A first letter made upper case is not an edit. A filled phrase that ends in an abbreviation's point
        ("2018 г.", "n. Chr.") before the sentence's own full stop keeps one point (PUNC_CHG); an ellipsis is
        left alone.

        >>> Language().finish("when was it, in 2018 г..")
        ('When was it, in 2018 г.', ('PUNC_CHG',))
        >>> Language().finish("Wait...")
        ('Wait...', ())
        """
        text = self.capitalize(text)
        fixed = re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)
        return fixed, (("PUNC_CHG",) if fixed != text else ())

    def capitalize(self, text: str) -> str:
        """Return the question with its first letter upper case (scripts without capitals override this).

        >>> Language().capitalize("où ?"), Language().capitalize("2 km?")
        ('Où ?', '2 km?')
        """
        return (text[:1].upper() + text[1:]) if text[:1].islower() else text

    # ------------------------------------------------------------------------------------ values

    def number(self, value) -> str:
        """Return a parameter number written this language's way (0.2 -> "0,2" with a decimal comma).

        >>> Language().number(0.25), Language().number(5.0)
        ('0.25', '5')
        """
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        text = str(value)
        return text.replace(".", ",") if self.decimal_comma else text

    def month(self, number: int) -> str:
        """Return the name of a month (1-12) as a period phrase writes it."""
        if self.months:
            return self.months[number - 1]
        from babel.dates import get_month_names
        return get_month_names("wide", context="format", locale=self.locale)[number]

    def period(self, start: str, end: str) -> str:
        """Return a time period (first and last UTC day or month, ``YYYY-MM[-DD]``) as a phrase with its
        preposition, from ``texts``: ``period.month`` (one month), ``period.months`` (months of one year),
        ``period.days`` (days of one month), ``period.dates`` (any other span)."""
        t = self.texts or _english_texts()
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return t["period.month"].format(month=self.month(sm), year=sy)
            if sy == ey:
                return t["period.months"].format(month1=self.month(sm), month2=self.month(em), year=sy)
        elif sd and ed and (sy, sm) == (ey, em):
            return t["period.days"].format(day1=sd[0], day2=ed[0], month=self.month(sm), year=sy)
        return t["period.dates"].format(date1=self.date(start), date2=self.date(end))

    def date(self, iso: str) -> str:
        """Return a day or month (``YYYY-MM[-DD]``) written out in this language (CLDR's long date)."""
        import datetime

        from babel.dates import format_date
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} {parts[0]}"
        return format_date(datetime.date(*parts), format="long", locale=self.locale)

    def text(self, key: str, **fields) -> str:
        """Return the prompt text ``key`` in this language with its fields filled."""
        return self.texts[key].format(**fields)


def _english_texts() -> Mapping[str, str]:
    from kgbench.languages.texts import ENGLISH_TEXTS
    return ENGLISH_TEXTS


def text_fields(text: str) -> set[str]:
    """Return the {field} names a prompt text uses.

    >>> sorted(text_fields("Answer format ({format}): {description}"))
    ['description', 'format']
    """
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def join_sentences(*sentences: str) -> str:
    """Return sentences joined as the language writes them: with a space, none after a CJK full stop (。).

    >>> join_sentences("Is it?", "It is in Helsinki."), join_sentences("それは？", "ヘルシンキにあります。")
    ('Is it? It is in Helsinki.', 'それは？ヘルシンキにあります。')
    """
    out = ""
    for s in sentences:
        if not s:
            continue
        out = s if not out else out + ("" if out.endswith(("。", "？", "！")) else " ") + s
    return out


def table_rows(table: str, width: int, optional: int = 0) -> dict[str, tuple[str, ...]]:
    """Return a lexicon's pipe table as key -> the row's other cells (blank lines skipped).

    Every row must have ``width`` cells, or up to ``optional`` more (a row without them gets "" in their
    place); a row with another count raises ValueError naming the row, so a misprinted lexicon fails when its
    module is imported, not as a wrong word in an item.

    >>> table_rows("park|parc|parcs|m", 4)
    {'park': ('parc', 'parcs', 'm')}
    >>> table_rows("cafe|کیفے|کیفے|m|کیفوں", 4, optional=1), table_rows("park|پارک|پارک|m", 4, optional=1)
    ({'cafe': ('کیفے', 'کیفے', 'm', 'کیفوں')}, {'park': ('پارک', 'پارک', 'm', '')})
    >>> table_rows("park|parc", 4)
    Traceback (most recent call last):
    ValueError: lexicon row 'park|parc' has 2 cells, not 4
    """
    rows: dict[str, tuple[str, ...]] = {}
    for line in table.splitlines():
        if not line.strip():
            continue
        cells = line.split("|")
        if not width <= len(cells) <= width + optional:
            expected = f"{width}-{width + optional}" if optional else str(width)
            raise ValueError(f"lexicon row {line!r} has {len(cells)} cells, not {expected}")
        rows[cells[0]] = tuple(cells[1:]) + ("",) * (width + optional - len(cells))
    return rows


def same_case(word: str, model: str) -> str:
    """Return ``word`` with its first letter upper case when ``model``'s is (else ``word`` as it is).

    >>> same_case("del", "De"), same_case("del", "de"), same_case("Ίδιο", "και")
    ('Del', 'del', 'Ίδιο')
    """
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def relabel(text: str, fixes: Mapping[str, str]) -> str:
    """Return a name with each whole part ``fixes`` names replaced (a part: the name, or what stands between its
    start, a space or ", " and its end, a comma or " (").

    >>> relabel("Tyler County, Virginia occidentale", {"Virginia occidentale": "Virginie-Occidentale"})
    'Tyler County, Virginie-Occidentale'
    >>> relabel("Virginia occidentalesque", {"Virginia occidentale": "Virginie-Occidentale"})
    'Virginia occidentalesque'
    """
    for old, new in fixes.items():
        text = re.sub(r"(?:(?<=^)|(?<=, )|(?<= ))" + re.escape(old) + r"(?=$|,| \()", new, text)
    return text
