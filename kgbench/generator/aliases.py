"""Bare-name aliases: a qualified gold name ("Danville, Kentucky") also accepts "Danville" where that is unique."""

from __future__ import annotations

from collections.abc import Mapping

from pyoxigraph import Literal, NamedNode, RdfFormat, parse

from kgbench.ontologies import KGB

__all__ = ["bare_name_aliases", "gold_candidates", "unnameable_members"]

#: the entity behind a canonical name, with its bare name (only qualified names have one) and category
_ENTITY = """SELECT ?e ?base ?cat WHERE { ?e kgb:canonicalName ?n ; kgb:baseName ?base ; kgb:category ?cat }"""
#: the entities a name is the canonical name of, and whether each is ambiguous
_HOLDERS = """SELECT ?e ?amb WHERE { ?e kgb:canonicalName ?n OPTIONAL { ?e kgb:ambiguousName ?amb } }"""
#: the bare name of a qualified entity
_BASE = """SELECT ?base WHERE { ?e kgb:baseName ?base }"""
#: an entity's English labels, and the plain OSM ``name`` of an OSM entity whose name is not qualified
_LABELS_EN = """SELECT ?l WHERE {
  { ?e rdfs:label ?l FILTER(LANG(?l) = "en") }
  UNION { GRAPH kgbg:osm { ?e rdfs:label ?l } FILTER(LANG(?l) = "" && NOT EXISTS { ?e kgb:baseName ?b }) } }"""
#: how many other entities of that category answer to the bare name (as their own bare or canonical name)
_NAMESAKES = """SELECT (COUNT(DISTINCT ?o) AS ?k) WHERE {
  ?o kgb:category ?cat . { ?o kgb:baseName ?base } UNION { ?o kgb:canonicalName ?base } FILTER(?o != ?e) }"""


def gold_candidates(gold_nt: str) -> dict[str, str]:
    """Return ``{entity IRI: category}`` of every entity the gold triples give a category (the candidates).

    >>> nt = '<http://x/a> <' + KGB.category.value + '> "atm" .\\n'
    >>> gold_candidates(nt)
    {'http://x/a': 'atm'}
    """
    return {q.subject.value: q.object.value for q in parse(gold_nt, RdfFormat.N_TRIPLES)
            if q.predicate == KGB.category and isinstance(q.object, Literal)}


def _answers_to(kg, iri: str, name: str | None = None) -> set[str]:
    """Return the case-folded names an entity answers to: its canonical name (``name``) and its bare name."""
    out = {name.casefold()} if name else set()
    out |= {r["base"].value.casefold() for r in kg.query(_BASE, bindings={"e": NamedNode(iri)})}
    if not name:
        out |= {r["n"].value.casefold() for r in kg.query("SELECT ?n WHERE { ?e kgb:canonicalName ?n }",
                                                          bindings={"e": NamedNode(iri)})}
    return out


def _bare(kg, name: str, chosen_iris: set[str], chosen_names: list[tuple[str, str]],
          candidates: dict[str, str] | None) -> tuple[str | None, str | None]:
    """Return (bare name when unique among the answer's candidates else None, the entity's IRI)."""
    rows = list(kg.query(_ENTITY, bindings={"n": Literal(name)}))
    if len(rows) != 1:
        return None, None  # not qualified (or not one entity's name)
    e, base, cat = rows[0]["e"], rows[0]["base"], rows[0]["cat"]
    bare = base.value
    if bare.casefold() in {n.casefold() for iri, n in chosen_names if iri != e.value}:
        return None, e.value
    if e.value in chosen_iris:
        return bare, e.value  # a choice among the question's own entities: they are the candidates
    if candidates is not None:  # the template's gold holds every candidate: any of them may answer to the name
        others = [iri for iri in candidates if iri != e.value]
        clash = any(bare.casefold() in _answers_to(kg, iri) for iri in others)
        return (None if clash else bare), e.value
    count = list(kg.query(_NAMESAKES, bindings={"e": NamedNode(e.value), "base": base, "cat": cat}))
    return (bare if int(count[0]["k"].value) == 0 else None), e.value


def _english(kg, name: str, iri: str | None) -> list[str]:
    """Return the other names a person may give the entity named ``name``: English labels and its OSM name.

    English labels ("Embassy of Denmark" when the name is another language's); for an OSM entity whose
    name is not qualified, the local ``name`` it carries in OSM ("Tanskan Suurlähetystö" for "Embassy of
    Denmark", "Suomen Kansallisteatteri" for "Finnish National Theatre"). A qualified name gets no local
    name: that would be as ambiguous as its bare name.
    """
    if iri is None:
        rows = list(kg.query("SELECT ?e WHERE { ?e kgb:canonicalName ?n }", bindings={"n": Literal(name)}))
        if len(rows) != 1:
            return []
        iri = rows[0]["e"].value
    return sorted({r["l"].value for r in kg.query(_LABELS_EN, bindings={"e": NamedNode(iri)})
                   if r["l"].value.casefold() != name.casefold()})


def bare_name_aliases(kg, answer_format: str, answer, chosen: Mapping[str, object], gold: str | None = None) -> list:
    """Return the ``acceptable`` entries that let a person answer a qualified gold name by its bare name.

    Candidates of the answer: when the answer is one of the question's own entities (a choice), those
    entities; when ``gold`` is given (N-Triples of a template whose gold holds its candidate set,
    ``validation.candidates_in_gold``), every entity the gold gives a category ("Hesburger (Kaivokatu)"
    is "Hesburger" when no other place within the item's radius is one; "Bergen, Norway" is "Bergen"
    among Norway's cities);
    otherwise every entity of the answer's category in the snapshot. The bare name is accepted only
    when no other candidate answers to it. An English label the entity carries ("Embassy of Denmark"
    for "Tanskan Suurlähetystö") is accepted too, and the OSM ``name`` of an unqualified OSM entity
    ("Tanskan Suurlähetystö" for "Embassy of Denmark"). Entity answers get these as alternatives; set answers
    a ``{member: [names]}`` alias map. Other formats get nothing.
    """
    roles = [c for c in chosen.values() if hasattr(c, "iri")]
    chosen_iris = {c.iri for c in roles}
    candidates = gold_candidates(gold) if gold is not None else None
    # every name a role answers to: its canonical name and, when qualified, its bare name
    chosen_names = [(c.iri, c.name) for c in roles] + [
        (c.iri, r["base"].value) for c in roles for r in kg.query(_BASE, bindings={"e": NamedNode(c.iri)})]
    if answer_format == "Entity name (single)" and isinstance(answer, str):
        bare, iri = _bare(kg, answer, chosen_iris, chosen_names, candidates)
        return ([bare] if bare else []) + _english(kg, answer, iri)
    if answer_format == "Set enumeration" and isinstance(answer, list):
        found = {m: _bare(kg, m, chosen_iris, chosen_names, candidates) for m in answer if isinstance(m, str)}
        bares = [b.casefold() for b, _ in found.values() if b]
        members = {m.casefold() for m in answer}
        aliases = {}
        for m, (b, iri) in found.items():
            names = [b] if b and bares.count(b.casefold()) == 1 and b.casefold() not in members else []
            names += [x for x in _english(kg, m, iri) if x.casefold() not in members]
            if names:
                aliases[m] = names
        return [aliases] if aliases else []
    return []


def distinct_alternatives(answer, acceptable: list) -> list:
    """Return ``acceptable`` without a name it already holds or the answer itself (case ignored), in order.

    Names come from several rules (ties, bare names, English labels), which can give one name twice. Entries
    that are not names (a set answer's ``{member: [names]}`` alias map) are kept as they are.

    >>> distinct_alternatives("Georgia (U.S. state)", ["Georgia", "Georgia", "georgia (u.s. state)", {"a": ["b"]}])
    ['Georgia', {'a': ['b']}]
    """
    seen = {answer.casefold()} if isinstance(answer, str) else set()
    out = []
    for entry in acceptable:
        if isinstance(entry, str):
            if entry.casefold() in seen:
                continue
            seen.add(entry.casefold())
        out.append(entry)
    return out


def unnameable_members(kg, answer_format: str, answer) -> list[str]:
    """Return the members of a set or entity answer a person cannot name: ambiguous, or sharing a bare name.

    A member is unnameable when its name is kgb:ambiguousName (no qualifier tells it from a namesake, or
    its name is only its category, "ATM"), or when another member of the same set answers to the same
    bare name (three "Otto" ATMs: qualified by street, but a person says "Otto" of each). Empty: every
    member can be named. Other formats: always empty.
    """
    if answer_format == "Entity name (single)" and isinstance(answer, str):
        members = [answer]
    elif answer_format == "Set enumeration" and isinstance(answer, list):
        members = [m for m in answer if isinstance(m, str)]
    else:
        return []
    out, bare_of = [], {}
    for m in members:
        rows = list(kg.query(_HOLDERS, bindings={"n": Literal(m)}))
        if len(rows) != 1 or any("amb" in r and r["amb"].value == "true" for r in rows):
            out.append(m)
            continue
        base = list(kg.query(_BASE, bindings={"e": rows[0]["e"]}))
        bare_of[m] = (base[0]["base"].value if base else m).casefold()
    counts = {}
    for b in bare_of.values():
        counts[b] = counts.get(b, 0) + 1
    out += [m for m, b in bare_of.items() if counts[b] > 1]
    return sorted(set(out))
