"""Parallel items in the benchmark's other languages: the English item with its question realized anew.

A parallel item shares everything with its English item (entities, bindings, SPARQL, gold triples, answer)
but the question, the language, an id with the language as suffix (``A1-4aa31de8c95d-fra``) and the
localized forms of entity answers among ``acceptable``. Its question is the variant's translation
(``Variant.translations``) with localized names, realized by the language's grammar rules
(:meth:`kgbench.languages.Language.realize`); ``localization`` records the names, whether each was
localized, and the grammar edits.

A name is localized from the snapshot's language-tagged ``rdfs:label``s: a country or state name (CLDR,
iso-codes), an OSM ``name:xx``. A qualified name is localized part by part ("Bergen, Norway" ->
"Bergen, Norvège"; "Kiasma (museum)" -> "Kiasma (musée)"); event names are rebuilt from the language's
texts ("Hurricane Katrina (2005)" -> "ouragan Katrina (2005)"). Without a label a name stays canonical.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence

from pyoxigraph import Literal, NamedNode

from kgbench.generator.aliases import distinct_alternatives
from kgbench.generator.items import Item, id_stem, parallel_id
from kgbench.generator.roles import locality_sentence, singular
from kgbench.languages import Language, Name, get_language, join_sentences, placeholders
from kgbench.queries.template import Template, load_template

__all__ = ["localize_item", "localize_items", "localized_share", "parallel_id", "id_stem",
           "first_of_each_stem", "parallel_of"]


#: what the question needs to know about an entity: its graph, category, ISO code, bare name, locality
_FACTS = """SELECT ?g ?cat ?iso ?base ?loc WHERE {
  GRAPH ?g { ?e kgb:category ?cat } OPTIONAL { ?e kgb:isoA3 ?iso } OPTIONAL { ?e kgb:baseName ?base }
  OPTIONAL { ?e kgb:locality ?loc } }"""
#: an entity's language-tagged labels and its untagged ones (a US state's USPS code is one)
_LABELS = """SELECT ?l WHERE { ?e rdfs:label ?l }"""
#: the entities a canonical name names
_NAMED = """SELECT ?e WHERE { ?e kgb:canonicalName ?n }"""
#: country and state names -> their labels (for localizing a qualifier "..., Norway", "..., Texas")
_REGIONS = """SELECT ?n ?l WHERE {
  { GRAPH kgbg:naturalearth { ?e kgb:canonicalName ?n ; rdfs:label ?l } }
  UNION { GRAPH kgbg:usadmin { ?e kgb:category "state" ; kgb:canonicalName ?n ; rdfs:label ?l } }
  FILTER(LANG(?l) != "" && LANG(?l) != "en") }"""
#: US state names as a county's qualifier writes them ("Fayette County, Georgia": the state, not the country)
_STATES = """SELECT ?n ?l WHERE { GRAPH kgbg:usadmin {
  ?e kgb:category "state" ; rdfs:label ?l . { ?e kgb:baseName ?n } UNION { ?e kgb:canonicalName ?n } }
  FILTER(LANG(?l) != "" && LANG(?l) != "en") }"""

_EVENT_ID = re.compile(r"^(earthquake|quarry blast|explosion) (\S+)$")
_STORM = re.compile(r"^(Hurricane|Tropical Storm|Tropical Depression) (.+) \((\d{4})\)$")
_WIND_FIELD = re.compile(r"^wind field of (.+)$")
_PAREN = re.compile(r"^(.*) \(([^()]*)\)$")


def _memo(kg) -> dict:
    memo = getattr(kg, "memo", None)
    if memo is None:
        memo = {}
        try:
            kg.memo = memo
        except AttributeError:
            pass
    return memo


def _facts(kg, iri: str) -> dict:
    memo = _memo(kg)
    key = ("localize.facts", iri)
    if key not in memo:
        rows = list(kg.query(_FACTS, bindings={"e": NamedNode(iri)}))
        labels = [r["l"] for r in kg.query(_LABELS, bindings={"e": NamedNode(iri)})]
        row = rows[0] if rows else None

        def get(k):
            try:
                term = row[k] if row is not None else None
            except KeyError:  # unbound in the solution
                term = None
            return term.value if term is not None else None
        memo[key] = {"graph": (get("g") or "").rsplit("/", 1)[-1], "category": get("cat"), "iso": get("iso"),
                     "base": get("base"), "locality": get("loc"),
                     "labels": {lab.language: lab.value for lab in labels if lab.language},
                     "untagged": [lab.value for lab in labels if not lab.language]}
    return memo[key]


def _regions(kg, tag: str, states: bool = False) -> dict[str, str]:
    memo = _memo(kg)
    key = ("localize.regions", tag, states)
    if key not in memo:
        memo[key] = {r["n"].value: r["l"].value for r in kg.query(_STATES if states else _REGIONS)
                     if r["l"].language == tag}
    return memo[key]


def _qualifier(kg, language: Language, text: str, category: str | None, us: bool = False) -> tuple[str, bool]:
    """Return a qualifier (a region name, a category) in the language, and whether the language names it;
    ``us``: the entity is a US county or place, whose qualifier is a state (Georgia the state, not the country)."""
    region = (us and _regions(kg, language.bcp47, states=True).get(text)) or _regions(kg, language.bcp47).get(text)
    if region:
        return region, True
    if category and text == singular(category) and category in language.categories:
        return language.categories[category][0], True
    return text, False


def _local_text(kg, language: Language, name: str, facts: dict) -> tuple[str, bool]:
    """Return an entity's name in the language and whether it is localized: the language's own label of it (or
    of a part of it) was used, which may be spelled as in English ("Texas")."""
    own = facts["labels"].get(language.bcp47)
    if own and (facts["base"] is None or name == own):
        return own, True
    if facts["graph"] in ("usgs", "hurdat2"):
        return _event_text(language, name)
    m = _PAREN.match(name)
    if m:
        base, changed = _local_base(kg, language, m.group(1), facts)
        qual, more = _qualifier(kg, language, m.group(2), facts["category"])
        return f"{base} ({qual})", changed or more
    if ", " in name:
        head, *quals = name.split(", ")
        base, changed = _local_base(kg, language, head, facts)
        parts = [_qualifier(kg, language, q, None, us=facts["graph"] == "usadmin") for q in quals]
        return ", ".join([base, *(p for p, _ in parts)]), changed or any(c for _, c in parts)
    return name, False


def _local_base(kg, language: Language, base: str, facts: dict) -> tuple[str, bool]:
    own = facts["labels"].get(language.bcp47)
    if own and facts["base"] == base:
        return own, True
    return base, False


def _event_text(language: Language, name: str) -> tuple[str, bool]:
    t = language.texts
    m = _EVENT_ID.match(name)
    if m:
        return t[f"event.{m.group(1)}"].format(id=m.group(2)), True
    m = _STORM.match(name)
    if m:
        return t[f"event.{m.group(1)}"].format(name=m.group(2), year=m.group(3)), True
    m = _WIND_FIELD.match(name)
    if m:
        storm, _ = _event_text(language, m.group(1))
        return t["event.wind field"].format(storm=storm), True
    return name, False


def _event_key(name: str) -> str | None:
    for pattern in (_EVENT_ID, _STORM):
        m = pattern.match(name)
        if m:
            return m.group(1)
    return "wind field" if _WIND_FIELD.match(name) else None


def entity_name(kg, language: Language, iri: str, name: str) -> Name:
    """Return the :class:`~kgbench.languages.Name` of an entity in a language (``name``: its English name as
    the English question writes it)."""
    facts = _facts(kg, iri)
    text, localized = _local_text(kg, language, name, facts)
    graph, category = facts["graph"], facts["category"]
    if graph == "naturalearth":
        kind, key = "country", facts["iso"]
    elif graph == "usadmin":
        postal = next((u for u in facts["untagged"] if len(u) == 2 and u.isupper()), None)
        kind, key = ("county", None) if category == "county" else ("region", f"US-{postal}" if postal else None)
    elif graph == "geonames":
        kind, key = "place", None
    elif graph in ("usgs", "hurdat2"):
        kind, key = "event", _event_key(name)
    else:
        kind, key = "feature", category
    return Name(text, kind, key, name, localized)


def _parameter_name(language: Language, key: str, value, bindings: Mapping) -> Name:
    if key == "direction":
        return Name(language.compass[str(value)], "direction", str(value), str(value), True)
    if key == "period":
        start, end = bindings["period_start"], bindings["period_end"]
        return Name(language.period(str(start), str(end)), "period", None, str(value), True)
    if key in ("period_start", "period_end"):  # a day the question names on its own (A3): written out
        return Name(language.date(str(value)), "word", str(value), str(value), True)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Name(language.number(value), "number", None, str(value), True)
    text = language.texts.get(f"word.{value}", str(value))
    return Name(text, "word", str(value), str(value), text != str(value))


def _variant(template: Template, item: Item):
    sub = template.sub_template(item.sub_template_id)
    vid = item.variant_id.rsplit(".", 1)[-1]
    return next(v for v in sub.variants if v.id == vid)


def _names(kg, template: Template, item: Item, language: Language) -> dict[str, Name]:
    names: dict[str, Name] = {}
    for role, spec in template.roles.items():
        ent = item.entities.get(role)
        if ent is None:
            continue
        if spec.kind == "category":
            cat = ent["category"]
            plural_, singular_ = language.categories[cat][1], language.categories[cat][0]
            names[role] = Name(plural_, "category", cat, ent["name"], True)
            names[f"{role}_one"] = Name(singular_, "category_one", cat, ent.get("singular", ""), True)
        else:
            names[role] = entity_name(kg, language, ent["iri"], ent["name"])
    for key, value in item.bindings.items():
        if key not in template.roles:
            names[key] = _parameter_name(language, key, value, item.bindings)
    return names


def _locality(kg, item: Item, template: Template, language: Language, names: Mapping[str, Name]) -> str:
    places, entities = [], 0
    for role, spec in template.roles.items():
        ent = item.entities.get(role)
        if ent is None or spec.kind == "category":
            continue
        entities += 1
        facts = _facts(kg, ent["iri"])
        if facts["graph"] == "osm":
            places.append((names[role].text, facts["locality"]))
    return locality_sentence(places, entities, language.texts)


def _answer_aliases(kg, item: Item, language: Language) -> list:
    """Return the localized names of an entity or set answer, as ``acceptable`` entries."""
    memo = _memo(kg)

    def local(name: str) -> list[str]:
        key = ("localize.named", name)
        if key not in memo:
            memo[key] = [r["e"].value for r in kg.query(_NAMED, bindings={"n": Literal(name)})]
        if len(memo[key]) != 1:
            return []
        local_name = entity_name(kg, language, memo[key][0], name)
        # the label, and the name as the language's rules write it alone (an English-only label renamed,
        # a qualifier "(U.S. state)" translated): a reply in either form is the entity's name
        texts = dict.fromkeys((local_name.text, language.realize("{A}", {"A": local_name}).text))
        return [t for t in texts if t != name]

    if item.answer is None:
        return []
    if item.answer_format == "Entity name (single)":
        return local(item.answer)
    if item.answer_format == "Set enumeration":
        aliases = {member: local(member) for member in item.answer}
        aliases = {m: a for m, a in aliases.items() if a}
        return [aliases] if aliases else []
    return []


def localize_item(kg, item: Item, language: str) -> Item:
    """Return the parallel item of an English item in another language (``language``: ISO 639-3).

    The question is the variant's translation realized with the names in that language; answer, gold
    triples, bindings and SPARQL are the English item's. ``"eng"`` returns the item itself.
    """
    if language == "eng":
        return item
    if item.language != "eng":
        raise ValueError(f"item {item.id}: parallel items are made from English items, not {item.language}")
    lang = get_language(language)
    template = load_template(item.template_id)
    text = _variant(template, item).text_in(language)
    names = _names(kg, template, item, lang)
    realized = lang.realize(text, names)
    note = _locality(kg, item, template, lang, names)
    used = {n for n, _ in placeholders(text)}
    mentions = {k: {"text": v.text, "kind": v.kind, "localized": v.localized}
                for k, v in names.items() if k in used}
    return dataclasses.replace(
        item, id=parallel_id(item.id, language), language=language,
        question=join_sentences(realized.text, note),
        acceptable=distinct_alternatives(item.answer, list(item.acceptable) + _answer_aliases(kg, item, lang)),
        localization={"names": mentions, "edits": [e.to_dict() for e in realized.edits]})


def localize_items(kg, items: Iterable[Item], languages: Iterable[str]) -> list[Item]:
    """Return every item followed by its parallel items, in the order of ``languages`` ("eng": the item).

    >>> localize_items(None, [], ["eng", "fra"])
    []
    """
    languages = list(languages)
    out = []
    for item in items:
        out += [localize_item(kg, item, code) for code in languages]
    return out


_ENTITY_KINDS = ("country", "region", "county", "place", "feature", "event")


def localized_share(items: Iterable[Item]) -> dict[str, dict]:
    """Return, per language, how many entity mentions its questions make and the share localized, and the
    share of items whose question needed a grammar edit.

    >>> localized_share([])
    {}
    """
    out: dict[str, dict] = {}
    for it in items:
        if it.language == "eng" or not it.localization:
            continue
        row = out.setdefault(it.language, {"items": 0, "mentions": 0, "localized": 0, "edited_items": 0})
        row["items"] += 1
        mentions = [m for m in it.localization["names"].values() if m["kind"] in _ENTITY_KINDS]
        row["mentions"] += len(mentions)
        row["localized"] += sum(1 for m in mentions if m["localized"])
        row["edited_items"] += any(e["category"] != "NO_CHANGE" for e in it.localization["edits"])
    for row in out.values():
        row["localized_share"] = round(row["localized"] / row["mentions"], 4) if row["mentions"] else None
        row["edited_share"] = round(row["edited_items"] / row["items"], 4) if row["items"] else None
    return dict(sorted(out.items()))


def first_of_each_stem(items: Sequence[Item]) -> list[Item]:
    """Return one item per id stem (the first: the English one where the items hold parallel ones), in order.

    Parallel items share their answer, gold triples and strata: baselines, the gold export and the small
    split are computed on these.
    """
    seen: set[str] = set()
    out = []
    for it in items:
        stem = id_stem(it)
        if stem not in seen:
            seen.add(stem)
            out.append(it)
    return out


def parallel_of(chosen: Sequence[Item], items: Sequence[Item]) -> list[Item]:
    """Return the items (in their order) whose id stem is that of a chosen item: the chosen ones with their
    parallel items."""
    stems = {id_stem(it) for it in chosen}
    return [it for it in items if id_stem(it) in stems]
