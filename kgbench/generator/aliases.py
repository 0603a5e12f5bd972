"""Bare-name aliases: a qualified gold name ("Danville, Kentucky") also accepts "Danville" where that is unique."""

from __future__ import annotations

from collections.abc import Mapping

from pyoxigraph import Literal, NamedNode

__all__ = ["bare_name_aliases"]

#: the entity behind a canonical name, with its bare name (only qualified names have one) and category
_ENTITY = """SELECT ?e ?base ?cat WHERE { ?e kgb:canonicalName ?n ; kgb:baseName ?base ; kgb:category ?cat }"""
#: the bare name of a qualified entity
_BASE = """SELECT ?base WHERE { ?e kgb:baseName ?base }"""
#: how many other entities of that category answer to the bare name (as their own bare or canonical name)
_NAMESAKES = """SELECT (COUNT(DISTINCT ?o) AS ?k) WHERE {
  ?o kgb:category ?cat . { ?o kgb:baseName ?base } UNION { ?o kgb:canonicalName ?base } FILTER(?o != ?e) }"""


def _bare(kg, name: str, chosen_iris: set[str], chosen_names: list[tuple[str, str]]) -> str | None:
    """Return the bare name of the entity named ``name`` when it is unique among the answer's candidates, else None."""
    rows = list(kg.query(_ENTITY, bindings={"n": Literal(name)}))
    if len(rows) != 1:
        return None  # not qualified (or not one entity's name)
    e, base, cat = rows[0]["e"], rows[0]["base"], rows[0]["cat"]
    bare = base.value
    if bare.casefold() in {n.casefold() for iri, n in chosen_names if iri != e.value}:
        return None
    if e.value in chosen_iris:
        return bare  # a choice among the question's own entities: they are the candidates
    count = list(kg.query(_NAMESAKES, bindings={"e": NamedNode(e.value), "base": base, "cat": cat}))
    return bare if int(count[0]["k"].value) == 0 else None


def bare_name_aliases(kg, answer_format: str, answer, chosen: Mapping[str, object]) -> list:
    """Return the ``acceptable`` entries that let a person answer a qualified gold name by its bare name.

    Candidates of the answer: when the answer is one of the question's own entities (a choice), those
    entities; otherwise every entity of the answer's category (the pool a "which/nearest" question
    draws from). The bare name is accepted only when no other candidate answers to it. Entity answers
    get the bare name as an alternative; set answers a ``{member: [bare name]}`` alias map. Other
    formats, and names without qualifiers, get nothing.
    """
    roles = [c for c in chosen.values() if hasattr(c, "iri")]
    chosen_iris = {c.iri for c in roles}
    # every name a role answers to: its canonical name and, when qualified, its bare name
    chosen_names = [(c.iri, c.name) for c in roles] + [
        (c.iri, r["base"].value) for c in roles for r in kg.query(_BASE, bindings={"e": NamedNode(c.iri)})]
    if answer_format == "Entity name (single)" and isinstance(answer, str):
        bare = _bare(kg, answer, chosen_iris, chosen_names)
        return [bare] if bare else []
    if answer_format == "Set enumeration" and isinstance(answer, list):
        found = {m: _bare(kg, m, chosen_iris, chosen_names) for m in answer if isinstance(m, str)}
        bares = [b.casefold() for b in found.values() if b]
        members = {m.casefold() for m in answer}
        aliases = {m: [b] for m, b in found.items()
                   if b and bares.count(b.casefold()) == 1 and b.casefold() not in members}
        return [aliases] if aliases else []
    return []
