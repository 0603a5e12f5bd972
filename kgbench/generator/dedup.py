"""Content keys: when two items of a template ask the same thing under different role values."""

from __future__ import annotations

from pyoxigraph import Literal, NamedNode

from kgbench.queries.template import Template

__all__ = ["content_key"]


def content_key(kg, template: Template, item) -> tuple | None:
    """Return ``("content", sub-template, answer, rows)`` of an item by ``sampling.distinct_by``, or None.

    The template's ``distinct_by`` SELECT runs with the item's bindings (roles and parameters, in a VALUES
    block as the answer query gets them); ``rows`` is the set of its result rows (each a sorted tuple of
    column name and value). None when the template has no ``distinct_by``: only the question and the
    symmetric key tell its items apart. A geo-function failure in the query raises (strict execution).
    """
    text = template.sampling.distinct_by
    if not text:
        return None
    bindings = {}
    for k, v in item.bindings.items():
        role = template.roles.get(k)
        bindings[k] = NamedNode(v) if role is not None and role.kind == "entity" else Literal(v)
    res = kg.query(template.compile(bindings, "distinct_by"), strict=True)
    rows = frozenset(tuple(sorted((str(name), str(term)) for name, term in row.items())) for row in res)
    return ("content", item.sub_template_id, repr(item.answer), rows)
