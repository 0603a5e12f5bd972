"""The typed sections of a template: ``sampling`` (and its scale bands), ``validation`` and ``false_premise``.

Each section is a frozen dataclass with one field per key that ``template.schema.json`` allows in it; a key's
default is the field's default, stated here only. The loader (:func:`kgbench.queries.template.load_template_file`)
builds them after the schema check with :func:`build_section`, which refuses a key the dataclass does not know
(:class:`SectionError` names it; the loader adds the file), so schema and dataclass cannot drift apart silently.

>>> s = build_section(Sampling, {"kind": "pair", "scales": {"urban": {"min_km": 1, "max_km": 50}}}, "sampling")
>>> s.kind, s.scales["urban"].max_km, s.anchor
('pair', 50, None)
>>> build_section(Validation, {"min": 0, "colour": "red"}, "validation")
Traceback (most recent call last):
...
kgbench.queries.sections.SectionError: field validation: unknown key 'colour' (known: min, max, exclusive_min, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

__all__ = ["ScaleBand", "Sampling", "Validation", "FalsePremise", "SectionError", "build_section"]


class SectionError(ValueError):
    """A template section holding a key its dataclass does not know (or lacking a required one); names the field."""


@dataclasses.dataclass(frozen=True)
class ScaleBand:
    """One distance band of ``sampling.scales`` (a ``pair`` template draws its second role within the band)."""

    #: the least great-circle distance, in km, from the first role's point to the second's
    min_km: float
    #: the greatest such distance, in km (inclusive, like ``min_km``)
    max_km: float


@dataclasses.dataclass(frozen=True)
class Sampling:
    """How a template's tuples of role values are drawn (the ``sampling`` section)."""

    #: ``single``, ``pair`` or ``triple``: each role drawn from its candidates, per stratum cell of the first role;
    #: ``query``: the rows of :attr:`candidates` are the candidate tuples
    kind: Literal["single", "pair", "triple", "query"]
    #: band name -> :class:`ScaleBand`, in file order; a ``pair`` template's tuples cycle through the bands so
    #: that items span urban, regional and national distances (empty: no distance constraint)
    scales: Mapping[str, ScaleBand] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    #: kind ``query``: a SELECT projecting one variable per role (IRIs for entity roles, category strings for
    #: category roles), optionally ``?scale``, ``?sub`` (the sub-template of the tuple), ``?<Role>_name`` (the
    #: name the question renders for that role) and parameter columns (a per-tuple value over the
    #: sub-template's); each row is one candidate tuple
    candidates: str | None = None
    #: a SELECT run with an item's bindings (a VALUES block, as the answer query): an item whose sub-template,
    #: answer and set of result rows repeat an item already drawn is skipped (A7's landmark discs)
    distinct_by: str | None = None
    #: the entity role whose stratum (income tier, density tier) places a tuple in its cell; None: the first
    #: entity role (see :func:`kgbench.queries.template.anchor_role`)
    anchor: str | None = None
    #: declared by the schema ("at most this many candidate rows are read") but not applied by the generator;
    #: no shipped template sets it
    limit: int | None = None


@dataclasses.dataclass(frozen=True)
class Validation:
    """The rules an executed answer must pass to become an item (the ``validation`` section).

    Every answer is also checked against its answer format; these rules add to that.
    """

    #: a numeric answer below this is rejected ("below minimum"); None: no lower bound
    min: float | None = None
    #: a numeric answer above this is rejected ("above maximum"); None: no upper bound
    max: float | None = None
    #: a numeric answer equal to :attr:`min` is rejected too
    exclusive_min: bool = False
    #: the roles are filled by distinct entities: the ``single``/``pair``/``triple`` samplers always skip a tuple
    #: that repeats an entity, and ``query`` sampling skips such a candidate row when this is set
    distinct_roles: bool = False
    #: a tuple whose roles share a canonical name is not asked ("roles share a name")
    distinct_names: bool = False
    #: a Set enumeration answer may be empty
    allow_empty: bool = False
    #: the question has a true natural answer when nothing matches: ``zero`` for a Count template (also when
    #: the answer query returns no row), ``empty_set`` for a Set enumeration template; such tuples are
    #: true-premise items, never false premises. None: an empty result is rejected
    empty_answer: Literal["zero", "empty_set"] | None = None
    #: Entity name (single) with ``?score``: a tuple whose runner-up score differs from the best by less than
    #: this fraction of the best (and is not an exact tie) is not asked
    near_tie: float | None = None
    #: like :attr:`near_tie`, an absolute margin in the score's own unit; the wider of the two applies
    near_tie_abs: float | None = None
    #: a Set enumeration answer with more members than this is rejected ("set too large"); None: no cap
    max_members: int | None = None
    #: the gold triples hold every candidate the answer is drawn from (each with ``kgb:category``): a qualified
    #: answer name also accepts its bare name when no other candidate of its category answers to it
    candidates_in_gold: bool = False
    #: an item whose answer has a member a person cannot name (``kgb:ambiguousName``, or a bare name another
    #: member of the set shares) is not asked
    nameable_answers: bool = False


@dataclasses.dataclass(frozen=True)
class FalsePremise:
    """The perturbation that makes false-premise items of a template (the ``false_premise`` section)."""

    #: a SELECT like :attr:`Sampling.candidates` whose rows are tuples for which the question's premise fails
    candidates: str
    #: what the perturbation is, recorded in each false-premise item's ``perturbation``
    description: str
    #: the kind of perturbation recorded in each false-premise item's ``perturbation``
    kind: str = "premise fails"


def build_section(cls, data: Mapping, field: str):
    """Return the section dataclass ``cls`` built from a mapping; an unknown or missing key raises SectionError.

    ``field`` is the section's path in the template (``sampling``), used in the error. ``sampling.scales``
    becomes a read-only mapping of :class:`ScaleBand`.

    >>> build_section(FalsePremise, {"candidates": "SELECT ...", "description": "x"}, "false_premise").kind
    'premise fails'
    >>> build_section(FalsePremise, {"description": "x"}, "false_premise")
    Traceback (most recent call last):
    ...
    kgbench.queries.sections.SectionError: field false_premise: missing key 'candidates'
    """
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = [k for k in data if k not in fields]
    if unknown:
        raise SectionError(f"field {field}: unknown key {unknown[0]!r} (known: {', '.join(fields)})")
    missing = [n for n, f in fields.items() if n not in data and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        raise SectionError(f"field {field}: missing key {missing[0]!r}")
    values = dict(data)
    if cls is Sampling and "scales" in values:
        values["scales"] = MappingProxyType({name: build_section(ScaleBand, band, f"{field}/scales/{name}")
                                             for name, band in values["scales"].items()})
    return cls(**values)
